// SPDX-License-Identifier: GPL-2.0-only
/*
 * The XGMAC's VLAN offloads, through the real driver on the model of
 * xgmac_model.c: the filter (NETIF_F_HW_VLAN_CTAG_FILTER: its hash, and
 * its perfect-filter entries on model cores that have them) and the TX tag
 * insertion (NETIF_F_HW_VLAN_CTAG_TX). The hash bins against values
 * computed outside the kernel, registers and descriptors against the
 * databook's offsets and bits written as literals, and tagged frames sent
 * through the port and looped back by the model, whose MAC inserts the
 * tags the descriptors ask for and whose receiver drops the frames the
 * filter does not pass. The stack's side (8021q handing over VLAN IDs,
 * ethtool -K, promiscuous mode, a restart) runs as the stack runs it,
 * under RTNL.
 */

#include <kunit/test.h>
#include <linux/etherdevice.h>
#include <linux/if_vlan.h>
#include <linux/in.h>
#include <linux/netdevice.h>
#include <linux/rtnetlink.h>
#include <linux/skbuff.h>
#include <linux/unaligned.h>

#include "../stmmac.h"
#include "data_harness.h"
#include "xgmac_case.h"

/* The databook's registers, as literals */
#define XV_PKT_FILTER		0x0008
#define XV_VTFE			0x00010000u	/* bit 16 */
#define XV_VLAN_TAG		0x0050
#define XV_VTHM_ETV		0x02010000u	/* bits 25 and 16 */
/* EVLS 3 (bits 22:21): strip the tag always; EVLRXS (24): into RDES0 */
#define XV_STRIP		0x01600000u
#define XV_VLAN_HASH		0x0058
/* A perfect-filter entry (MAC_VLAN_Tag_Data): VEN (16), ETV (17), VID */
#define XV_ENTRY(vid)		(0x00030000u | (vid))
#define XV_VLAN_INCL		0x0060
#define XV_VLTI			0x00100000u	/* bit 20; CSVL, bit 19, clear */

/* An EtherType of the IEEE's local experimental range, after the tag */
#define XV_INNER		0x88b5

static struct dh_suite xv_hs = {
	.name = "stmmac-xgm-vlan-kunit",
	.ops = &xd_ops,
};

/* The bins of VLAN IDs, from a CRC-32 computed outside the kernel (the
 * Ethernet polynomial over the 12 VID bits, least significant first; the
 * complement's four low bits, reversed).
 */
static void xv_bin_test(struct kunit *test)
{
	static const u16 vid[] = { 0, 1, 2, 3, 5, 23, 100, 4094, 4095 };
	static const u32 bin[] = { 0, 8, 4, 12, 2, 0, 0, 8, 0 };
	int i;

	for (i = 0; i < ARRAY_SIZE(vid); i++)
		KUNIT_EXPECT_EQ_MSG(test, stmmac_vlan_bin(vid[i]), bin[i],
				    "VID %u", vid[i]);
}

/* One 64-byte frame on TX queue 0, tagged with @tpid and @vid (untagged
 * if @tpid is 0), looped back by the model.
 *
 * Return: the tag it arrived with (protocol << 16 | TCI, 0 for none), or
 * -1 if the receiver dropped it; anything else fails the case.
 */
static s64 xv_roundtrip(struct xd *t, u16 tpid, u16 vid)
{
	u64 drops = t->m->st[0].rx_vlan_drops;
	struct dh_rx *r, *n;
	struct sk_buff *skb;
	u32 got = 0, off = 12;
	s64 tag = -1;
	LIST_HEAD(rx);
	u8 *f;

	skb = alloc_skb(ETH_ZLEN + VLAN_HLEN, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(t->h.test, skb);
	f = skb_put_zero(skb, ETH_ZLEN + VLAN_HLEN);
	dh_l2(&t->h, f, tpid ?: XV_INNER);
	if (tpid) {
		put_unaligned_be16(vid, f + 14);
		put_unaligned_be16(XV_INNER, f + 16);
		off = 16;
	}
	f[off + 2] = 0x5a;
	skb->protocol = htons(tpid ?: XV_INNER);
	skb_reset_mac_header(skb);
	skb->dev = t->h.dev;
	skb_set_queue_mapping(skb, 0);
	KUNIT_ASSERT_TRUE(t->h.test, dh_xmit(&t->h, skb, 0, false));
	dh_run(&t->h);

	spin_lock_bh(&t->h.lock);
	list_splice_init(&t->h.rx, &rx);
	spin_unlock_bh(&t->h.lock);
	list_for_each_entry_safe(r, n, &rx, node) {
		if (r->len > ETH_HLEN &&
		    get_unaligned_be16(r->data + 12) == XV_INNER &&
		    r->data[ETH_HLEN] == 0x5a) {
			got++;
			tag = r->vlan;
		}
		list_del(&r->node);
		kfree(r);
	}
	KUNIT_EXPECT_LE_MSG(t->h.test, got, 1u, "VID %u arrived twice", vid);
	KUNIT_EXPECT_EQ_MSG(t->h.test, t->m->st[0].rx_vlan_drops - drops,
			    got ? 0ull : 1ull, "VID %u: neither dropped nor received",
			    vid);
	return tag;
}

static bool xv_passes(struct xd *t, u16 vid)
{
	s64 tag = xv_roundtrip(t, ETH_P_8021Q, vid);

	if (tag >= 0)
		KUNIT_EXPECT_EQ(t->h.test, tag, (s64)((u32)ETH_P_8021Q << 16 | vid));
	return tag >= 0;
}

static void xv_vid(struct xd *t, u16 vid, bool add)
{
	const struct net_device_ops *ops = t->h.dev->netdev_ops;
	__be16 proto = htons(ETH_P_8021Q);

	rtnl_lock();
	KUNIT_EXPECT_EQ(t->h.test, add ?
			ops->ndo_vlan_rx_add_vid(t->h.dev, proto, vid) :
			ops->ndo_vlan_rx_kill_vid(t->h.dev, proto, vid), 0);
	rtnl_unlock();
}

static void xv_features(struct xd *t, netdev_features_t f, bool on)
{
	rtnl_lock();
	if (on)
		t->h.dev->wanted_features |= f;
	else
		t->h.dev->wanted_features &= ~f;
	netdev_update_features(t->h.dev);
	rtnl_unlock();
	KUNIT_EXPECT_EQ(t->h.test, !!(t->h.dev->features & f), on);
}

static bool xv_vtfe(struct xd *t)
{
	return readl(t->h.io + XV_PKT_FILTER) & XV_VTFE;
}

/* No VLAN ID handed over: no filter, every VLAN passes (as upstream). */
static void xv_empty_test(struct kunit *test)
{
	struct xd *t = xd_probe(test, &xv_hs, true, 0);

	KUNIT_EXPECT_TRUE(test, t->h.dev->hw_features &
				NETIF_F_HW_VLAN_CTAG_FILTER);
	KUNIT_EXPECT_TRUE(test, t->h.dev->features &
				NETIF_F_HW_VLAN_CTAG_FILTER);
	KUNIT_EXPECT_FALSE(test, t->h.dev->vlan_features &
				 NETIF_F_HW_VLAN_CTAG_FILTER);
	KUNIT_EXPECT_FALSE(test, xv_vtfe(t));
	KUNIT_EXPECT_TRUE(test, xv_passes(t, 1));
	KUNIT_EXPECT_TRUE(test, xv_passes(t, 5));
	KUNIT_EXPECT_EQ(test, xv_roundtrip(t, 0, 0), (s64)0);
	xd_check_clean(t);
}

/* VLAN 5 (bin 2) handed over: the registers say so (bin 0 open too, for
 * priority-tagged frames), VLAN 5, priority-tagged and untagged frames
 * pass, VLAN 1 (bin 8) and 11 (bin 1) do not, 23 shares bin 0 and passes
 * (the stack drops such frames); 802.1ad frames are not looked at. VLAN 0
 * added, as 8021q does at ifup, and VLAN 5 removed: bin 0 alone. Both
 * removed: no filter.
 */
static void xv_filter_test(struct kunit *test)
{
	struct xd *t = xd_probe(test, &xv_hs, true, 0);

	xv_vid(t, 5, true);
	KUNIT_EXPECT_EQ(test, readl(t->h.io + XV_VLAN_HASH), 0x0005u);
	KUNIT_EXPECT_EQ(test, readl(t->h.io + XV_VLAN_TAG),
			XV_VTHM_ETV | XV_STRIP);
	KUNIT_EXPECT_TRUE(test, xv_vtfe(t));
	KUNIT_EXPECT_TRUE(test, xv_passes(t, 5));
	/* the priority bits are not part of the VID */
	KUNIT_EXPECT_TRUE(test, xv_passes(t, 0xa000 | 5));
	KUNIT_EXPECT_TRUE(test, xv_passes(t, 0xa000));
	KUNIT_EXPECT_FALSE(test, xv_passes(t, 1));
	KUNIT_EXPECT_FALSE(test, xv_passes(t, 11));
	KUNIT_EXPECT_TRUE(test, xv_passes(t, 23));
	KUNIT_EXPECT_EQ(test, xv_roundtrip(t, 0, 0), (s64)0);
	KUNIT_EXPECT_EQ(test, xv_roundtrip(t, ETH_P_8021AD, 1),
			(s64)((u32)ETH_P_8021AD << 16 | 1));

	xv_vid(t, 0, true);
	KUNIT_EXPECT_EQ(test, readl(t->h.io + XV_VLAN_HASH), 0x0005u);
	KUNIT_EXPECT_FALSE(test, xv_passes(t, 1));

	xv_vid(t, 5, false);
	KUNIT_EXPECT_EQ(test, readl(t->h.io + XV_VLAN_HASH), 0x0001u);
	KUNIT_EXPECT_FALSE(test, xv_passes(t, 5));
	xv_vid(t, 0, false);
	KUNIT_EXPECT_FALSE(test, xv_vtfe(t));
	KUNIT_EXPECT_TRUE(test, xv_passes(t, 1));
	xd_check_clean(t);
}

/* Promiscuous mode passes every VLAN, and the filter comes back after it;
 * so does ethtool -K rx-vlan-filter off and on, and a restart (the model
 * resets its registers at the core's reset).
 */
static void xv_modes_test(struct kunit *test)
{
	struct xd *t = xd_probe(test, &xv_hs, true, 0);
	struct net_device *dev = t->h.dev;

	xv_vid(t, 5, true);
	KUNIT_ASSERT_FALSE(test, xv_passes(t, 1));

	rtnl_lock();
	KUNIT_EXPECT_EQ(test, dev_set_promiscuity(dev, 1), 0);
	rtnl_unlock();
	KUNIT_EXPECT_FALSE(test, xv_vtfe(t));
	KUNIT_EXPECT_TRUE(test, xv_passes(t, 1));
	rtnl_lock();
	KUNIT_EXPECT_EQ(test, dev_set_promiscuity(dev, -1), 0);
	rtnl_unlock();
	KUNIT_EXPECT_FALSE(test, xv_passes(t, 1));

	xv_features(t, NETIF_F_HW_VLAN_CTAG_FILTER, false);
	KUNIT_EXPECT_FALSE(test, xv_vtfe(t));
	KUNIT_EXPECT_TRUE(test, xv_passes(t, 1));
	xv_features(t, NETIF_F_HW_VLAN_CTAG_FILTER, true);
	KUNIT_EXPECT_TRUE(test, xv_vtfe(t));
	KUNIT_EXPECT_FALSE(test, xv_passes(t, 1));

	rtnl_lock();
	dev_close(dev);
	rtnl_unlock();
	dh_open(&t->h);
	KUNIT_EXPECT_EQ(test, readl(t->h.io + XV_VLAN_HASH), 0x0005u);
	KUNIT_EXPECT_TRUE(test, xv_passes(t, 5));
	KUNIT_EXPECT_FALSE(test, xv_passes(t, 1));
	xd_check_clean(t);
}

/* The stack's order (net/core/dev.c, __netdev_update_features()): it
 * hands the VLAN IDs over after ndo_set_features switched the filter on,
 * and takes them back after it switched it off, the device's features
 * still saying on. Taking them back must not switch the filter on again
 * for the IDs still left. And with the filter off at ifup, 8021q never
 * handed VLAN 0 over: priority-tagged frames must pass all the same.
 */
static void xv_stack_order_test(struct kunit *test)
{
	struct xd *t = xd_probe(test, &xv_hs, true, 0);
	struct net_device *dev = t->h.dev;
	const struct net_device_ops *ops = dev->netdev_ops;
	netdev_features_t f = dev->features & ~NETIF_F_HW_VLAN_CTAG_FILTER;
	__be16 proto = htons(ETH_P_8021Q);

	xv_vid(t, 5, true);
	xv_vid(t, 7, true);
	KUNIT_EXPECT_TRUE(test, xv_passes(t, 0x6000));
	rtnl_lock();
	KUNIT_EXPECT_EQ(test, ops->ndo_set_features(dev, f), 0);
	KUNIT_EXPECT_FALSE(test, xv_vtfe(t));
	KUNIT_EXPECT_EQ(test, ops->ndo_vlan_rx_kill_vid(dev, proto, 5), 0);
	KUNIT_EXPECT_FALSE_MSG(test, xv_vtfe(t),
			       "the filter came back on as the IDs went");
	KUNIT_EXPECT_EQ(test, ops->ndo_vlan_rx_kill_vid(dev, proto, 7), 0);
	rtnl_unlock();
	xv_features(t, NETIF_F_HW_VLAN_CTAG_FILTER, false);
	KUNIT_EXPECT_TRUE(test, xv_passes(t, 1));
	xd_check_clean(t);
}

/* MAC_VLAN_Tag less bits 6:0, which hold the last entry access's */
static u32 xv_tag(struct xd *t)
{
	return readl(t->h.io + XV_VLAN_TAG) & ~0x7fu;
}

/* A core with perfect-filter entries, NRVF @nrvf */
static struct xd *xv_probe_entries(struct kunit *test, u32 nrvf)
{
	const struct xd_core core = { .perch = true, .nrvf = nrvf };
	struct xd *t = xd_probe_core(test, &xv_hs, &core);

	KUNIT_ASSERT_EQ(test, t->h.priv->caps.vlan_entries,
			xgm_vlan_entries(t->m));
	return t;
}

/* The model's entries, as the driver wrote them through MAC_VLAN_Tag_Data */
static void xv_expect_entries(struct xd *t, const u32 *want, u32 n)
{
	u32 i;

	for (i = 0; i < XGM_VLAN_ENTRIES; i++)
		KUNIT_EXPECT_EQ_MSG(t->h.test, t->m->vlan_ent[i],
				    i < n ? want[i] : 0, "entry %u", i);
}

/* Agilex 5's 32 entries (NRVF 5): the VLAN IDs pass exactly. VLAN 23,
 * which VLAN 0's hash bin passes, is dropped; priority-tagged and
 * untagged frames pass. An ID keeps its entry while others come and go,
 * the entries come back after a restart (the core's reset clears them),
 * promiscuous mode passes every VLAN, and with no ID left the filter is
 * off and so is every entry.
 */
static void xv_perfect_test(struct kunit *test)
{
	struct xd *t = xv_probe_entries(test, 5);
	const u32 first[] = { XV_ENTRY(0), XV_ENTRY(5) };
	const u32 after[] = { XV_ENTRY(0), XV_ENTRY(9), XV_ENTRY(7) };
	struct net_device *dev = t->h.dev;

	KUNIT_EXPECT_EQ(test, t->h.priv->caps.vlan_entries, 32u);
	xv_vid(t, 5, true);
	xv_expect_entries(t, first, 2);
	KUNIT_EXPECT_EQ(test, xv_tag(t), XV_STRIP);
	KUNIT_EXPECT_TRUE(test, xv_vtfe(t));
	KUNIT_EXPECT_TRUE(test, xv_passes(t, 5));
	KUNIT_EXPECT_TRUE(test, xv_passes(t, 0xa000 | 5));
	KUNIT_EXPECT_TRUE(test, xv_passes(t, 0xa000));
	KUNIT_EXPECT_FALSE(test, xv_passes(t, 23));
	KUNIT_EXPECT_FALSE(test, xv_passes(t, 1));
	KUNIT_EXPECT_EQ(test, xv_roundtrip(t, 0, 0), (s64)0);

	xv_vid(t, 7, true);
	xv_vid(t, 5, false);
	xv_vid(t, 9, true);
	xv_expect_entries(t, after, 3);
	KUNIT_EXPECT_FALSE(test, xv_passes(t, 5));
	KUNIT_EXPECT_TRUE(test, xv_passes(t, 7));
	KUNIT_EXPECT_TRUE(test, xv_passes(t, 9));

	rtnl_lock();
	KUNIT_EXPECT_EQ(test, dev_set_promiscuity(dev, 1), 0);
	rtnl_unlock();
	KUNIT_EXPECT_TRUE(test, xv_passes(t, 23));
	rtnl_lock();
	KUNIT_EXPECT_EQ(test, dev_set_promiscuity(dev, -1), 0);
	rtnl_unlock();
	KUNIT_EXPECT_TRUE(test, xv_vtfe(t));
	rtnl_lock();
	dev_close(dev);
	rtnl_unlock();
	dh_open(&t->h);
	xv_expect_entries(t, after, 3);
	KUNIT_EXPECT_EQ(test, t->h.priv->vlan_dirty, 0u);
	KUNIT_EXPECT_FALSE(test, xv_passes(t, 23));
	KUNIT_EXPECT_TRUE(test, xv_passes(t, 7));

	xv_vid(t, 7, false);
	xv_vid(t, 9, false);
	KUNIT_EXPECT_FALSE(test, xv_vtfe(t));
	xv_expect_entries(t, NULL, 0);
	KUNIT_EXPECT_TRUE(test, xv_passes(t, 23));
	xd_check_clean(t);
}

/* Four entries (NRVF 1) and VLAN 0 among them: three IDs fit, a fourth
 * goes to the hash (VLAN 23 passes again, every entry off) and comes
 * back to the entries when one goes, the three passing at every step of
 * either switch (the model checks after each entry's access); ethtool -K
 * rx-vlan-filter off clears them, on writes them again.
 */
static void xv_perfect_full_test(struct kunit *test)
{
	struct xd *t = xv_probe_entries(test, 1);
	const u32 three[] = { XV_ENTRY(0), XV_ENTRY(5), XV_ENTRY(7),
			      XV_ENTRY(9) };

	KUNIT_EXPECT_EQ(test, t->h.priv->caps.vlan_entries, 4u);
	xv_vid(t, 5, true);
	xv_vid(t, 7, true);
	xv_vid(t, 9, true);
	xv_expect_entries(t, three, 4);
	KUNIT_EXPECT_FALSE(test, xv_passes(t, 23));

	t->m->vlan_keep[0] = 5;
	t->m->vlan_keep[1] = 7;
	t->m->vlan_keep[2] = 9;
	t->m->vlan_keep_n = 3;
	xv_vid(t, 11, true);
	xv_expect_entries(t, NULL, 0);
	KUNIT_EXPECT_EQ(test, xv_tag(t),
			XV_VTHM_ETV | XV_STRIP);
	KUNIT_EXPECT_TRUE(test, xv_vtfe(t));
	KUNIT_EXPECT_TRUE(test, xv_passes(t, 11));
	KUNIT_EXPECT_TRUE(test, xv_passes(t, 5));
	KUNIT_EXPECT_TRUE(test, xv_passes(t, 23));
	KUNIT_EXPECT_FALSE(test, xv_passes(t, 1));

	xv_vid(t, 11, false);
	KUNIT_EXPECT_EQ(test, t->m->vlan_keep_lost, 0u);
	t->m->vlan_keep_n = 0;
	xv_expect_entries(t, three, 4);
	KUNIT_EXPECT_EQ(test, xv_tag(t), XV_STRIP);
	KUNIT_EXPECT_FALSE(test, xv_passes(t, 23));
	KUNIT_EXPECT_FALSE(test, xv_passes(t, 11));

	xv_features(t, NETIF_F_HW_VLAN_CTAG_FILTER, false);
	KUNIT_EXPECT_FALSE(test, xv_vtfe(t));
	xv_expect_entries(t, NULL, 0);
	KUNIT_EXPECT_TRUE(test, xv_passes(t, 23));
	xv_features(t, NETIF_F_HW_VLAN_CTAG_FILTER, true);
	xv_expect_entries(t, three, 4);
	KUNIT_EXPECT_FALSE(test, xv_passes(t, 23));
	KUNIT_EXPECT_TRUE(test, xv_passes(t, 9));
	xd_check_clean(t);
}

/* The context descriptor that gives the tag (CTXT bit 30, VLTV bit 16, VT
 * bits 15:0) and VTIR = 2, insert, in the first descriptor's bits 15:14
 * (its buffer length below them); not in later descriptors.
 */
static void xv_desc_test(struct kunit *test)
{
	const struct stmmac_desc_ops *ops = &dwxgmac2_desc_ops;
	struct stmmac_desc d;

	KUNIT_ASSERT_NOT_NULL(test, ops->tx_ctx_vlan);
	memset(&d, 0xff, sizeof(d));
	ops->tx_ctx_vlan(&d, 0x6007);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(d.des0), 0u);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(d.des1), 0u);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(d.des2), 0u);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(d.des3), 0x40016007u);
	ops->tx_fill(&d, 0x1000, 100, 100,
		     STMMAC_TXD_FIRST | STMMAC_TXD_VLAN);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(d.des2), 0x00008064u);
	ops->tx_fill(&d, 0x1000, 100, 200, STMMAC_TXD_LAST | STMMAC_TXD_VLAN);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(d.des2), 0x00000064u);
}

/* A UDP frame of 300 bytes of payload (checksummed by the core if
 * @partial) with the 802.1Q tag @tci out of band, on queue @q.
 */
static void xv_send_udp(struct xd *t, u32 q, bool partial, int tci)
{
	u32 id = dh_id(&t->h);
	struct sk_buff *skb = dh_l4(&t->h, id, IPPROTO_UDP, false, 300, NULL,
				    NULL, 0, partial);

	KUNIT_ASSERT_NOT_NULL(t->h.test, skb);
	if (tci >= 0)
		__vlan_hwaccel_put_tag(skb, htons(ETH_P_8021Q), tci);
	skb_set_queue_mapping(skb, q);
	dh_send(&t->h, skb, id, q, false);
}

/* The MAC inserts the tag (priority 3, VLAN 7) into UDP frames with and
 * without checksum insertion and into every segment of a TSO frame, on
 * two queues, between untagged frames: each arrives with its tag, as an
 * 802.1Q one (an 802.1ad tag, CSVL set, would not match), and otherwise
 * byte for byte as sent; no context descriptor out of place.
 */
static void xv_insert_test(struct kunit *test)
{
	struct xd *t = xd_probe(test, &xv_hs, true, 0);
	struct sk_buff *skb;
	u32 q, id;

	KUNIT_EXPECT_TRUE(test, t->h.dev->features & NETIF_F_HW_VLAN_CTAG_TX);
	KUNIT_EXPECT_FALSE(test, t->h.dev->vlan_features &
				 NETIF_F_HW_VLAN_CTAG_TX);
	KUNIT_EXPECT_EQ(test, readl(t->h.io + XV_VLAN_INCL), XV_VLTI);
	for (q = 0; q < 2; q++) {
		xv_send_udp(t, q, true, 0x6007);
		xv_send_udp(t, q, false, -1);
		xv_send_udp(t, q, false, 0x6007);
		id = dh_id(&t->h);
		skb = xd_tso(t, id, false);
		KUNIT_ASSERT_NOT_NULL(test, skb);
		__vlan_hwaccel_put_tag(skb, htons(ETH_P_8021Q), 0x6007);
		skb_set_queue_mapping(skb, q);
		dh_send(&t->h, skb, id, q, false);
		xv_send_udp(t, q, true, -1);
	}
	dh_run(&t->h);
	dh_check(&t->h);
	xd_check_clean(t);
}

static atomic_t xv_xdp_tagged;

/* An XDP program that counts the frames it sees with an 802.1Q tag */
static unsigned int xv_xdp_tag(const void *ctx, const struct bpf_insn *insn)
{
	const struct xdp_buff *xdp = ctx;

	if (xdp->data + ETH_HLEN <= xdp->data_end &&
	    get_unaligned_be16(xdp->data + 2 * ETH_ALEN) == ETH_P_8021Q)
		atomic_inc(&xv_xdp_tagged);
	return XDP_PASS;
}

/* Two tagged frames (one checksummed by the core) and an untagged one,
 * each checked on arrival; how many the MAC stripped
 */
static u64 xv_strip_round(struct xd *t)
{
	xv_send_udp(t, 1, true, 0x6007);
	xv_send_udp(t, 1, false, 0x2005);
	xv_send_udp(t, 1, true, -1);
	dh_run(&t->h);
	dh_check(&t->h);
	return t->m->st[1].rx_stripped;
}

/* ethtool --set-tunable rx-copybreak */
static void xv_copybreak(struct xd *t, u32 bytes)
{
	const struct ethtool_ops *ops = t->h.dev->ethtool_ops;
	struct ethtool_tunable tuna = {
		.id = ETHTOOL_RX_COPYBREAK,
		.type_id = ETHTOOL_TUNABLE_U32,
		.len = sizeof(u32),
	};

	rtnl_lock();
	KUNIT_EXPECT_EQ(t->h.test, ops->set_tunable(t->h.dev, &tuna, &bytes),
			0);
	rtnl_unlock();
}

/* The MAC takes the 802.1Q tag out of every frame it receives: the frame
 * arrives with its tag on the skb (ethtool -K rxvlan on, the default) or
 * back in the frame (off), its checksum verified either way, also when
 * copied out of the ring (rx-copybreak); an XDP program sees the frame as
 * it came, tag in place.
 */
static void xv_strip_test(struct kunit *test)
{
	struct xd *t = xd_probe(test, &xv_hs, true, 0);
	u32 copied;

	KUNIT_EXPECT_TRUE(test, t->h.dev->features & NETIF_F_HW_VLAN_CTAG_RX);
	KUNIT_EXPECT_FALSE(test, t->h.dev->vlan_features &
				 NETIF_F_HW_VLAN_CTAG_RX);
	KUNIT_EXPECT_EQ(test, xv_tag(t), XV_STRIP);
	KUNIT_EXPECT_EQ(test, xv_strip_round(t), 2ull);
	xv_features(t, NETIF_F_HW_VLAN_CTAG_RX, false);
	KUNIT_EXPECT_EQ(test, xv_strip_round(t), 4ull);
	xv_features(t, NETIF_F_HW_VLAN_CTAG_RX, true);

	xv_copybreak(t, 1024);
	copied = t->h.rx_copied;
	KUNIT_EXPECT_EQ(test, xv_strip_round(t), 6ull);
	xv_features(t, NETIF_F_HW_VLAN_CTAG_RX, false);
	KUNIT_EXPECT_EQ(test, xv_strip_round(t), 8ull);
	xv_features(t, NETIF_F_HW_VLAN_CTAG_RX, true);
	KUNIT_EXPECT_EQ(test, t->h.rx_copied - copied, 6u);
	xv_copybreak(t, 0);

	atomic_set(&xv_xdp_tagged, 0);
	KUNIT_ASSERT_EQ(test, dh_xdp_attach(&t->h, xv_xdp_tag), 0);
	KUNIT_EXPECT_EQ(test, xv_strip_round(t), 10ull);
	KUNIT_EXPECT_EQ(test, atomic_read(&xv_xdp_tagged), 2);
	KUNIT_ASSERT_EQ(test, dh_xdp_attach(&t->h, NULL), 0);
	xd_check_clean(t);
}

/* A tagged frame whose L4 checksum the core finds bad: its descriptor
 * has the error type where the length/type would say there was a tag, so
 * it is dropped and counted, never delivered as an untagged frame (into
 * the port's own network instead of its VLAN's).
 */
static void xv_strip_csum_test(struct kunit *test)
{
	struct xd *t = xd_probe(test, &xv_hs, true, 0);
	struct rtnl_link_stats64 a, b;

	dev_get_stats(t->h.dev, &a);
	xgm_rx_fault(t->m, 1, XGM_RXF_L4_CSUM, 1);
	xv_send_udp(t, 1, false, 0x6007);
	dh_run(&t->h);
	dev_get_stats(t->h.dev, &b);
	spin_lock_bh(&t->h.lock);
	KUNIT_EXPECT_TRUE(test, list_empty(&t->h.rx));
	spin_unlock_bh(&t->h.lock);
	dh_forget(&t->h);
	KUNIT_EXPECT_EQ(test, t->m->st[1].rx_stripped, 1ull);
	KUNIT_EXPECT_EQ(test, b.rx_errors - a.rx_errors, 1ull);
	KUNIT_EXPECT_EQ(test, b.rx_packets - a.rx_packets, 0ull);
	/* the frames after it, tagged or not, as they came */
	KUNIT_EXPECT_EQ(test, xv_strip_round(t), 3ull);
	xd_check_clean(t);
}

/* Where the tag the MAC took out goes: on the skb for an 802.1Q tag with
 * rxvlan on, else back into the frame, before the frame's type.
 */
static void xv_strip_skb_test(struct kunit *test)
{
	static const u32 tags[] = {
		ETH_P_8021Q << 16 | 0x6007, ETH_P_8021AD << 16 | 0x2005,
	};
	struct xd *t = xd_probe(test, &xv_hs, true, 0);
	struct sk_buff *skb;
	u32 on, i;
	bool hw;
	u8 *f;

	for (on = 0; on < 2; on++) {
		xv_features(t, NETIF_F_HW_VLAN_CTAG_RX, on);
		for (i = 0; i < ARRAY_SIZE(tags); i++) {
			skb = alloc_skb(NET_SKB_PAD + ETH_ZLEN, GFP_KERNEL);
			KUNIT_ASSERT_NOT_NULL(test, skb);
			skb_reserve(skb, NET_SKB_PAD);
			f = skb_put_zero(skb, ETH_ZLEN);
			dh_l2(&t->h, f, XV_INNER);
			skb_reset_mac_header(skb);
			skb = stmmac_rx_vlan(t->h.dev, skb, tags[i]);
			KUNIT_ASSERT_NOT_NULL(test, skb);
			hw = on && i == 0;
			KUNIT_EXPECT_EQ_MSG(test, skb_vlan_tag_present(skb), hw,
					    "rxvlan %u tag %u", on, i);
			if (hw) {
				KUNIT_EXPECT_EQ(test, skb_vlan_tag_get(skb),
						0x6007);
				KUNIT_EXPECT_EQ(test, skb->len, ETH_ZLEN);
			} else {
				KUNIT_EXPECT_EQ(test, skb->len,
						ETH_ZLEN + VLAN_HLEN);
				KUNIT_EXPECT_EQ(test,
						get_unaligned_be16(skb->data + 12),
						tags[i] >> 16);
				KUNIT_EXPECT_EQ(test,
						get_unaligned_be16(skb->data + 14),
						tags[i] & 0xffff);
			}
			KUNIT_EXPECT_EQ(test, get_unaligned_be16(skb->data +
						(hw ? 12 : 16)), XV_INNER);
			kfree_skb(skb);
		}
	}
	xd_check_clean(t);
}

/* With the insertion off (ethtool -K eth0 txvlan off), a frame that still
 * carries its tag out of band gets it in software, with its checksum;
 * none is inserted twice. On again, the MAC inserts it.
 */
static void xv_insert_off_test(struct kunit *test)
{
	struct xd *t = xd_probe(test, &xv_hs, true, 0);

	xv_features(t, NETIF_F_HW_VLAN_CTAG_TX, false);
	xv_send_udp(t, 0, true, 0x2005);
	xv_send_udp(t, 0, false, 0x2005);
	dh_run(&t->h);
	dh_check(&t->h);
	xv_features(t, NETIF_F_HW_VLAN_CTAG_TX, true);
	xv_send_udp(t, 0, true, 0x2005);
	dh_run(&t->h);
	dh_check(&t->h);
	xd_check_clean(t);
}

/* @skb on queue 0 with the 802.1Q tag of VLAN 5 out of band: the
 * offloads the stack would give it
 */
static netdev_features_t xv_tagged(struct xd *t, struct sk_buff *skb)
{
	KUNIT_ASSERT_NOT_NULL(t->h.test, skb);
	skb->dev = t->h.dev;
	skb_set_queue_mapping(skb, 0);
	__vlan_hwaccel_put_tag(skb, htons(ETH_P_8021Q), 5);
	return netif_skb_features(skb);
}

/* The engines see a frame without the tag the MAC inserts: checksum and
 * TSO stay on it; with the insertion off the tag is the frame's, and the
 * checksum goes to software as for any tagged frame.
 */
static void xv_features_test(struct kunit *test)
{
	struct xd *t = xd_probe(test, &xv_hs, true, 0);
	struct sk_buff *skb;
	netdev_features_t f;

	skb = xd_tso(t, dh_id(&t->h), false);
	f = xv_tagged(t, skb);
	KUNIT_EXPECT_TRUE_MSG(test, f & NETIF_F_TSO, "TSO: %pNF", &f);
	KUNIT_EXPECT_TRUE_MSG(test, f & NETIF_F_HW_VLAN_CTAG_TX, "%pNF", &f);
	kfree_skb(skb);

	skb = dh_l4(&t->h, dh_id(&t->h), IPPROTO_UDP, false, 300, NULL, NULL,
		    0, true);
	f = xv_tagged(t, skb);
	KUNIT_EXPECT_TRUE_MSG(test, f & NETIF_F_IP_CSUM, "checksum: %pNF", &f);
	xv_features(t, NETIF_F_HW_VLAN_CTAG_TX, false);
	f = netif_skb_features(skb);
	KUNIT_EXPECT_FALSE_MSG(test, f & NETIF_F_CSUM_MASK,
			       "checksum, tag in the frame: %pNF", &f);
	kfree_skb(skb);
}

static int xv_suite_init(struct kunit_suite *suite)
{
	return dh_suite_init(&xv_hs);
}

static void xv_suite_exit(struct kunit_suite *suite)
{
	dh_suite_exit(&xv_hs);
}

static struct kunit_case xv_cases[] = {
	KUNIT_CASE(xv_bin_test),
	KUNIT_CASE(xv_empty_test),
	KUNIT_CASE(xv_filter_test),
	KUNIT_CASE(xv_modes_test),
	KUNIT_CASE(xv_stack_order_test),
	KUNIT_CASE(xv_perfect_test),
	KUNIT_CASE(xv_perfect_full_test),
	KUNIT_CASE(xv_desc_test),
	KUNIT_CASE(xv_insert_test),
	KUNIT_CASE(xv_insert_off_test),
	KUNIT_CASE(xv_strip_test),
	KUNIT_CASE(xv_strip_csum_test),
	KUNIT_CASE(xv_strip_skb_test),
	KUNIT_CASE(xv_features_test),
	{}
};

static struct kunit_suite xv_suite = {
	.name = "stmmac_xgmac_vlan",
	.suite_init = xv_suite_init,
	.suite_exit = xv_suite_exit,
	.test_cases = xv_cases,
};

kunit_test_suite(xv_suite);
