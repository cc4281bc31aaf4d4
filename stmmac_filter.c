// SPDX-License-Identifier: GPL-2.0-only
/*
 * The receive address filter, independent of the core: which mode the
 * device's flags and address lists ask for, the multicast hash, and the
 * unicast perfect-filter entries. Each core turns the result into its own
 * registers.
 *
 * Locking: everything here walks the device's unicast and multicast lists,
 * so the caller holds netif_addr_lock_bh() (ndo_set_rx_mode already runs
 * under it).
 *
 * The VLAN filter (XGMAC) is part of the same filter: switched on and off
 * with the rest by the core's set_filter, so that promiscuous mode and a
 * reset reprogram it too. Its tables (a hash of the VLAN IDs the stack
 * receives, or perfect-filter entries holding them) are written under RTNL
 * alone (set_vlan), the entries' access waiting for the core.
 */

#include <linux/bitmap.h>
#include <linux/bitrev.h>
#include <linux/crc32.h>
#include <linux/crc32poly.h>
#include <linux/etherdevice.h>
#include <linux/log2.h>
#include <linux/netdevice.h>
#include <linux/string.h>
#include <kunit/visibility.h>

#include "stmmac.h"

/**
 * stmmac_filter_bins() - the multicast hash size a firmware value allows
 * @bins: DT "snps,multicast-filter-bins", 0 when absent
 *
 * Return: 64, 128 or 256; 0 (no hash: pass all multicast) for anything
 * else, since a wrong size would index bins the core does not have.
 */
u32 stmmac_filter_bins(u32 bins)
{
	switch (bins) {
	case 64:
	case 128:
	case 256:
		return bins;
	default:
		return 0;
	}
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_filter_bins);

/**
 * stmmac_filter_entries() - the perfect-filter size a firmware value allows
 * @entries: DT "snps,perfect-filter-entries", 0 when absent
 *
 * Return: 1 to 32, 64 or 128 (the sizes the GMAC is built with); 1, the
 * device's own address only, for anything else.
 */
u32 stmmac_filter_entries(u32 entries)
{
	if ((entries >= 1 && entries <= 32) || entries == 64 || entries == 128)
		return entries;
	return 1;
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_filter_entries);

/* The bin of @addr in a table of @bins: the top log2(@bins) bits of the
 * bit-reversed CRC-32 of the address, as the core computes it on receive.
 */
static u32 stmmac_hash_bin(const u8 *addr, u32 bins)
{
	return bitrev32(~ether_crc_le(ETH_ALEN, addr)) >> (32 - ilog2(bins));
}

/**
 * stmmac_filter_build() - what the address filter must do now
 * @dev: the device; its address lists locked by the caller
 * @bins: multicast hash bins the core has (0: none)
 * @entries: perfect-filter entries the core has, the device's own address
 *	included
 * @vlan_bins: the VLAN hash bins to pass (&stmmac_priv.vlan_bins), 0 for
 *	no VLAN filter
 * @f: filled in
 *
 * Unicast addresses that do not fit the perfect filter need promiscuous
 * mode, and so does IFF_PROMISC. Multicast goes through the hash unless
 * there is none, the device asks for all multicast, or it has more groups
 * than bins (such a table would pass nearly everything anyway).
 * Promiscuous mode passes every VLAN too: a capture on the port sees the
 * frames of VLANs it has no device for, as it does on a MAC without the
 * filter (the core's VLAN filter would still drop them).
 */
void stmmac_filter_build(struct net_device *dev, u32 bins, u32 entries,
			 u16 vlan_bins, struct stmmac_filter *f)
{
	struct netdev_hw_addr *ha;
	u32 bin;

	memset(f, 0, sizeof(*f));
	f->uc_fit = netdev_uc_count(dev) < entries;
	if ((dev->flags & IFF_PROMISC) || !f->uc_fit) {
		f->promisc = true;
		return;
	}
	f->vlan_bins = vlan_bins;
	if (netdev_mc_empty(dev))
		return;
	if ((dev->flags & IFF_ALLMULTI) || !bins ||
	    netdev_mc_count(dev) > bins) {
		f->allmulti = true;
		return;
	}
	f->hash = true;
	netdev_for_each_mc_addr(ha, dev) {
		bin = stmmac_hash_bin(ha->addr, bins);
		f->hash_bits[bin / 32] |= BIT(bin % 32);
	}
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_filter_build);

/**
 * stmmac_filter_uc_write() - program the unicast perfect-filter entries
 * @dev: the device; its address lists locked by the caller
 * @entries: perfect-filter entries the core has; entry 0, the device's
 *	own address, is not touched
 * @write: writes entry n (from 1) with @addr, or disables it if @addr is
 *	NULL
 * @ioaddr: passed to @write
 *
 * Call only when &stmmac_filter.uc_fit says the list fits. Every entry past
 * the list is disabled, so an address removed from the list stops matching.
 */
void stmmac_filter_uc_write(struct net_device *dev, u32 entries,
			    void (*write)(void __iomem *ioaddr, u32 n,
					  const u8 *addr),
			    void __iomem *ioaddr)
{
	struct netdev_hw_addr *ha;
	u32 n = 1;

	netdev_for_each_uc_addr(ha, dev) {
		if (n >= entries)
			return;
		write(ioaddr, n++, ha->addr);
	}
	for (; n < entries; n++)
		write(ioaddr, n, NULL);
}

/**
 * stmmac_vlan_bin() - the VLAN hash bin of a VLAN ID
 * @vid: the VLAN ID, 0 to 4095
 *
 * The core runs the Ethernet CRC-32 over the tag's 12 VID bits, least
 * significant first, and takes the top four bits of its complement, bit
 * reversed: the multicast hash's rule on a 12-bit message.
 *
 * Return: the bin, 0 to 15.
 */
u32 stmmac_vlan_bin(u16 vid)
{
	u32 crc = ~0U, bit;
	int i;

	for (i = 0; i < 12; i++) {
		bit = (crc ^ (vid >> i)) & 1;
		crc = (crc >> 1) ^ (bit ? CRC32_POLY_LE : 0);
	}
	return bitrev32(~crc) >> 28;
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_vlan_bin);

/* Give VLAN @vid a perfect-filter entry unless it has one */
static void stmmac_vlan_slot_take(struct stmmac_priv *priv, u32 vid)
{
	u32 n = priv->caps.vlan_entries, i, free = n;
	u16 *slot = priv->vlan_slot;

	for (i = 0; i < n; i++) {
		if (slot[i] == vid + 1)
			return;
		if (!slot[i] && free == n)
			free = i;
	}
	if (free < n) {
		slot[free] = vid + 1;
		priv->vlan_dirty |= BIT(free);
	}
}

/* Fit the filter's VLAN IDs (@any: it has some; VLAN 0 then counts too)
 * into the perfect-filter entries, each ID keeping the entry it had.
 * Returns false if they do not fit: every entry is free then.
 */
static bool stmmac_vlan_slots(struct stmmac_priv *priv, bool any)
{
	u32 n = priv->caps.vlan_entries, i, vid;
	u16 *slot = priv->vlan_slot;
	bool fit;

	BUILD_BUG_ON(BITS_PER_TYPE(priv->vlan_dirty) < STMMAC_VLAN_ENTRIES);

	fit = any && bitmap_weight(priv->vlans, VLAN_N_VID) +
		     !test_bit(0, priv->vlans) <= n;
	for (i = 0; i < n; i++) {
		vid = slot[i] - 1;
		if (slot[i] && (!fit || (vid && !test_bit(vid, priv->vlans)))) {
			slot[i] = 0;
			priv->vlan_dirty |= BIT(i);
		}
	}
	if (!fit)
		return false;
	stmmac_vlan_slot_take(priv, 0);
	for_each_set_bit(vid, priv->vlans, VLAN_N_VID)
		stmmac_vlan_slot_take(priv, vid);
	return true;
}

/* The VLAN filter's tables for @bins. An entry the core did not take
 * leaves its state unknown: the hash filters then, every entry free and
 * written off, until the VLAN IDs next change.
 */
static void stmmac_vlan_program(struct stmmac_priv *priv, u16 bins)
{
	if (!priv->hw->set_vlan(priv, bins))
		return;
	netdev_err(priv->dev, "VLAN filter entry not written: hashing the VLAN IDs\n");
	priv->vlan_perfect = stmmac_vlan_slots(priv, false);
	priv->vlan_dirty = BIT_ULL(priv->caps.vlan_entries) - 1;
	if (priv->hw->set_vlan(priv, bins))
		netdev_err(priv->dev, "VLAN filter entry not cleared\n");
}

/**
 * stmmac_vlan_restore() - program the VLAN filter's tables after a reset
 * @priv: the device
 *
 * The core's reset cleared its perfect-filter entries: the ones in use are
 * written again, with the hash and the mode.
 *
 * Context: RTNL held, may sleep.
 */
void stmmac_vlan_restore(struct stmmac_priv *priv)
{
	u32 i;

	if (!priv->hw->set_vlan)
		return;
	for (i = 0; i < priv->caps.vlan_entries; i++)
		if (priv->vlan_slot[i])
			priv->vlan_dirty |= BIT(i);
	stmmac_vlan_program(priv, priv->vlan_bins);
}

/**
 * stmmac_vlan_filter() - switch the VLAN filter to the current VLAN IDs
 * @priv: the device
 * @on: filter (NETIF_F_HW_VLAN_CTAG_FILTER), or pass every VLAN
 *
 * With no VLAN ID to receive the filter stays off, as upstream leaves it:
 * tagged frames reach the stack, which drops those of VLANs it has no
 * device for. With any, VLAN 0 passes too: priority-tagged frames are the
 * port's own, and 8021q hands VLAN 0 over only when the filter was on at
 * ifup. Where the core's perfect-filter entries hold them all, the IDs
 * pass exactly; otherwise their hash bins do (upstream refuses the IDs
 * past its entries instead). A stopped device is programmed at its next
 * start.
 *
 * The stack hands the VLAN IDs over once the device's feature is on, and
 * takes them back while it still shows on: &stmmac_priv.vlan_filter, which
 * ndo_set_features sets here through @on, says whether they go to the
 * filter, not the device's features.
 *
 * The tables and mode are in place before the filter (VTFE) comes on, and
 * go after it is off: set_filter, which ndo_set_rx_mode runs without RTNL
 * (promiscuous mode), switches it on and off with &stmmac_priv.vlan_bins.
 *
 * Context: RTNL held, may sleep.
 */
void stmmac_vlan_filter(struct stmmac_priv *priv, bool on)
{
	bool program = priv->running && priv->hw->set_vlan;
	u16 bins = 0;
	u32 vid;

	priv->vlan_filter = on;
	if (on)
		for_each_set_bit(vid, priv->vlans, VLAN_N_VID)
			bins |= BIT(stmmac_vlan_bin(vid));
	if (bins)
		bins |= BIT(stmmac_vlan_bin(0));
	priv->vlan_perfect = stmmac_vlan_slots(priv, bins);
	if (program && bins)
		stmmac_vlan_program(priv, bins);
	netif_addr_lock_bh(priv->dev);
	priv->vlan_bins = bins;
	if (priv->running)
		priv->hw->set_filter(priv, priv->dev);
	netif_addr_unlock_bh(priv->dev);
	if (program && !bins)
		stmmac_vlan_program(priv, 0);
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_vlan_filter);

/* Only 802.1Q IDs are filtered: the core takes 802.1ad frames for
 * untagged ones (ESVL clear), and the device offers no S-VLAN filter.
 */
static int stmmac_vlan_vid(struct net_device *dev, __be16 proto, u16 vid,
			   bool add)
{
	struct stmmac_priv *priv = netdev_priv(dev);

	if (proto != htons(ETH_P_8021Q) || vid >= VLAN_N_VID)
		return 0;
	if (add)
		set_bit(vid, priv->vlans);
	else
		clear_bit(vid, priv->vlans);
	stmmac_vlan_filter(priv, priv->vlan_filter);
	return 0;
}

/**
 * stmmac_vlan_rx_add_vid() - ndo_vlan_rx_add_vid: receive a VLAN
 * @dev: the device; RTNL held
 * @proto: the tag's protocol
 * @vid: the VLAN ID
 *
 * Return: 0.
 */
int stmmac_vlan_rx_add_vid(struct net_device *dev, __be16 proto, u16 vid)
{
	return stmmac_vlan_vid(dev, proto, vid, true);
}

/**
 * stmmac_vlan_rx_kill_vid() - ndo_vlan_rx_kill_vid: stop receiving a VLAN
 * @dev: the device; RTNL held
 * @proto: the tag's protocol
 * @vid: the VLAN ID
 *
 * Return: 0.
 */
int stmmac_vlan_rx_kill_vid(struct net_device *dev, __be16 proto, u16 vid)
{
	return stmmac_vlan_vid(dev, proto, vid, false);
}
