// SPDX-License-Identifier: GPL-2.0-only
/*
 * DesignWare XGMAC 2.x: the receive filter. The address registers (the
 * device's own address, the unicast perfect filter), the multicast hash,
 * promiscuous modes, the VLAN tag filter with its hash and, where the
 * core has them, its perfect-filter entries, and the L3/L4 filters.
 *
 * Locking: set_filter runs under the address lists' lock (ndo_set_rx_mode)
 * and writes MAC_Packet_Filter and the address and hash registers alone;
 * set_vlan runs under RTNL, may sleep, and alone writes the VLAN tag
 * filter's registers (MAC_VLAN_Tag and its entries, MAC_VLAN_Hash_Table);
 * set_l3l4 likewise the L3/L4 filters' (MAC_L3_L4_Address_Control, Data).
 */

#include <linux/bitfield.h>
#include <linux/etherdevice.h>
#include <linux/io.h>
#include <linux/iopoll.h>
#include <linux/netdevice.h>

#include "dwxgmac2.h"
#include "stmmac.h"

/* An indirect access (a VLAN filter entry, an L3/L4 filter's register)
 * takes the core a few clock cycles; the bound is that of EST's list
 * words, which go the same way.
 */
#define XGMAC_ACCESS_TIMEOUT_US	100000

/* Address register @n: @addr, or disabled when @addr is NULL. */
static void xgmac_write_addr(void __iomem *ioaddr, u32 n, const u8 *addr)
{
	u32 hi = 0, lo = 0;

	if (addr)
		stmmac_addr_to_regs(addr, &hi, &lo);
	writel(hi, ioaddr + XGMAC_ADDR_HIGH(n));
	writel(lo, ioaddr + XGMAC_ADDR_LOW(n));
}

void dwxgmac2_set_mac_addr(void __iomem *ioaddr, const u8 *addr)
{
	xgmac_write_addr(ioaddr, 0, addr);
}

void dwxgmac2_get_mac_addr(void __iomem *ioaddr, u8 *addr)
{
	u32 hi = readl(ioaddr + XGMAC_ADDR_HIGH(0));
	u32 lo = readl(ioaddr + XGMAC_ADDR_LOW(0));

	stmmac_addr_from_regs(hi, lo, addr);
}

void dwxgmac2_set_filter(struct stmmac_priv *priv, struct net_device *dev)
{
	void __iomem *ioaddr = priv->ioaddr;
	u32 filter = XGMAC_FILTER_HPF, i;
	struct stmmac_filter f;

	stmmac_filter_build(dev, priv->caps.mc_bins, priv->caps.uc_entries,
			    priv->vlan_bins, &f);
	if (f.promisc)
		filter |= XGMAC_FILTER_PR | XGMAC_FILTER_PCF_ALL;
	else if (f.allmulti)
		filter |= XGMAC_FILTER_PM;
	else if (f.hash)
		filter |= XGMAC_FILTER_HMC;
	/* 64, 128 or 256 bins: 2, 4 or 8 registers. Tables first: the mode
	 * that uses them is switched on last. The VLAN filter's tables and
	 * mode are dwxgmac2_set_vlan()'s, in place before VTFE comes on here
	 * and kept after it goes off (stmmac_vlan_filter()).
	 */
	for (i = 0; i < priv->caps.mc_bins / 32; i++)
		writel(f.hash_bits[i], ioaddr + XGMAC_HASH_TABLE(i));
	if (f.uc_fit)
		stmmac_filter_uc_write(dev, priv->caps.uc_entries,
				       xgmac_write_addr, ioaddr);
	if (f.vlan_bins)
		filter |= XGMAC_FILTER_VTFE;
	if (priv->flower.on)
		filter |= XGMAC_FILTER_IPFE;
	writel(filter, ioaddr + XGMAC_PKT_FILTER);
}

/* One VLAN perfect-filter entry through MAC_VLAN_Tag_Data; @ctrl holds the
 * filter's mode bits, which the access must not change.
 */
static int xgmac_vlan_entry(void __iomem *ioaddr, u32 ctrl, u32 n, u32 data)
{
	u32 val;

	writel(data, ioaddr + XGMAC_VLAN_DATA);
	writel(ctrl | FIELD_PREP(XGMAC_VLAN_OFS, n) | XGMAC_VLAN_OB,
	       ioaddr + XGMAC_VLAN_TAG);
	return readl_poll_timeout(ioaddr + XGMAC_VLAN_TAG, val,
				  !(val & XGMAC_VLAN_OB), 10,
				  XGMAC_ACCESS_TIMEOUT_US);
}

/* The entries &stmmac_priv.vlan_dirty names, as &stmmac_priv.vlan_slot
 * says. An entry compares the 12-bit VID of the outer C-tag.
 */
static int xgmac_vlan_write(struct stmmac_priv *priv, u32 ctrl)
{
	u32 i, slot, data;
	int ret;

	for (i = 0; i < priv->caps.vlan_entries; i++) {
		if (!(priv->vlan_dirty & BIT(i)))
			continue;
		slot = priv->vlan_slot[i];
		data = slot ? XGMAC_VLAN_DATA_VEN | XGMAC_VLAN_DATA_ETV |
			      FIELD_PREP(XGMAC_VLAN_DATA_VID, slot - 1) : 0;
		ret = xgmac_vlan_entry(priv->ioaddr, ctrl, i, data);
		if (ret)
			return ret;
		priv->vlan_dirty &= ~BIT(i);
	}
	return 0;
}

/* The hash and the entries each pass a tag (the core ORs them): entries
 * go on before the hash mode goes off, and off after it is back (all of
 * them free then: stmmac_vlan_filter()), so that the VLAN IDs that stay
 * pass throughout. The outer 802.1Q tag always comes out of the frame,
 * into RDES0: xgmac_rx_status() hands it on, and the RX path puts it back
 * into the frame where the stack did not ask for it (rxvlan off).
 */
int dwxgmac2_set_vlan(struct stmmac_priv *priv, u16 bins)
{
	bool perfect = bins && priv->vlan_perfect;
	void __iomem *ioaddr = priv->ioaddr;
	u32 ctrl;
	int ret;

	if (perfect) {
		ctrl = readl(ioaddr + XGMAC_VLAN_TAG) &
		       ~(XGMAC_VLAN_OB | XGMAC_VLAN_CT | XGMAC_VLAN_OFS);
		ret = xgmac_vlan_write(priv, ctrl);
		if (ret)
			return ret;
	}
	ctrl = FIELD_PREP(XGMAC_VLAN_EVLS, XGMAC_VLAN_EVLS_ALL) |
	       XGMAC_VLAN_EVLRXS;
	if (bins && !perfect) {
		writel(bins, ioaddr + XGMAC_VLAN_HASH_TABLE);
		ctrl |= XGMAC_VLAN_VTHM | XGMAC_VLAN_ETV;
	}
	writel(ctrl, ioaddr + XGMAC_VLAN_TAG);
	return perfect ? 0 : xgmac_vlan_write(priv, ctrl);
}

/* One register of L3/L4 filter @n through the address and data registers;
 * an access still pending (one that timed out) would take the new data.
 */
static int xgmac_l3l4_write(void __iomem *ioaddr, u32 n, u32 reg, u32 data)
{
	u32 val;

	if (readl_poll_timeout(ioaddr + XGMAC_L3L4_ADDR_CTRL, val,
			       !(val & XGMAC_L3L4_XB), 10,
			       XGMAC_ACCESS_TIMEOUT_US))
		return -ETIMEDOUT;
	writel(data, ioaddr + XGMAC_L3L4_DATA);
	writel(FIELD_PREP(XGMAC_L3L4_IDDR, n << 4 | reg) | XGMAC_L3L4_XB,
	       ioaddr + XGMAC_L3L4_ADDR_CTRL);
	return readl_poll_timeout(ioaddr + XGMAC_L3L4_ADDR_CTRL, val,
				  !(val & XGMAC_L3L4_XB), 10,
				  XGMAC_ACCESS_TIMEOUT_US);
}

/* A drop rule: the field's match and inverse match bits, so that the
 * filter passes what does not match (the field's address or port register
 * written first, the control register, which enables it, last).
 */
int dwxgmac2_set_l3l4(struct stmmac_priv *priv, u32 n,
		      const struct stmmac_l3l4 *rule)
{
	void __iomem *ioaddr = priv->ioaddr;
	u32 reg, data, ctrl;
	int ret;

	if (!rule)
		return xgmac_l3l4_write(ioaddr, n, XGMAC_L3L4_CTRL, 0);
	switch (rule->field) {
	case STMMAC_L3L4_IP_SRC:
		reg = XGMAC_L3_ADDR0;
		data = rule->value;
		ctrl = XGMAC_L3L4_L3SAM | XGMAC_L3L4_L3SAIM;
		break;
	case STMMAC_L3L4_IP_DST:
		reg = XGMAC_L3_ADDR1;
		data = rule->value;
		ctrl = XGMAC_L3L4_L3DAM | XGMAC_L3L4_L3DAIM;
		break;
	case STMMAC_L3L4_PORT_SRC:
		reg = XGMAC_L4_ADDR;
		data = FIELD_PREP(XGMAC_L4_SP, rule->value);
		ctrl = XGMAC_L3L4_L4SPM | XGMAC_L3L4_L4SPIM;
		break;
	default:
		reg = XGMAC_L4_ADDR;
		data = FIELD_PREP(XGMAC_L4_DP, rule->value);
		ctrl = XGMAC_L3L4_L4DPM | XGMAC_L3L4_L4DPIM;
		break;
	}
	if (reg == XGMAC_L4_ADDR && rule->udp)
		ctrl |= XGMAC_L3L4_L4PEN;
	ret = xgmac_l3l4_write(ioaddr, n, reg, data);
	return ret ?: xgmac_l3l4_write(ioaddr, n, XGMAC_L3L4_CTRL, ctrl);
}
