// SPDX-License-Identifier: GPL-2.0-only
/*
 * The XGMAC's VLAN filter (NETIF_F_HW_VLAN_CTAG_FILTER), through the real
 * driver on the model of xgmac_model.c: the hash bins against values
 * computed outside the kernel, the registers against the databook's
 * offsets and bits written as literals, and tagged frames sent through
 * the port and looped back by the model, whose receiver drops those the
 * filter does not pass. The stack's side (8021q handing over VLAN IDs,
 * ethtool -K, promiscuous mode, a restart) runs as the stack runs it,
 * under RTNL.
 */

#include <kunit/test.h>
#include <linux/etherdevice.h>
#include <linux/if_vlan.h>
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
#define XV_VLAN_HASH		0x0058

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

/* VLAN 5 (bin 2) handed over: the registers say so, VLAN 5 and untagged
 * frames pass, VLAN 1 (bin 8) and 23 (bin 0) do not; 802.1ad frames are
 * not looked at. VLAN 0 added, as 8021q does at ifup: 23 shares its bin
 * and passes too (the stack drops such frames). Both removed: no filter.
 */
static void xv_filter_test(struct kunit *test)
{
	struct xd *t = xd_probe(test, &xv_hs, true, 0);

	xv_vid(t, 5, true);
	KUNIT_EXPECT_EQ(test, readl(t->h.io + XV_VLAN_HASH), 0x0004u);
	KUNIT_EXPECT_EQ(test, readl(t->h.io + XV_VLAN_TAG), XV_VTHM_ETV);
	KUNIT_EXPECT_TRUE(test, xv_vtfe(t));
	KUNIT_EXPECT_TRUE(test, xv_passes(t, 5));
	/* the priority bits are not part of the VID */
	KUNIT_EXPECT_TRUE(test, xv_passes(t, 0xa000 | 5));
	KUNIT_EXPECT_FALSE(test, xv_passes(t, 1));
	KUNIT_EXPECT_FALSE(test, xv_passes(t, 23));
	KUNIT_EXPECT_EQ(test, xv_roundtrip(t, 0, 0), (s64)0);
	KUNIT_EXPECT_EQ(test, xv_roundtrip(t, ETH_P_8021AD, 1),
			(s64)((u32)ETH_P_8021AD << 16 | 1));

	xv_vid(t, 0, true);
	KUNIT_EXPECT_EQ(test, readl(t->h.io + XV_VLAN_HASH), 0x0005u);
	KUNIT_EXPECT_TRUE(test, xv_passes(t, 23));
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
	KUNIT_EXPECT_EQ(test, readl(t->h.io + XV_VLAN_HASH), 0x0004u);
	KUNIT_EXPECT_TRUE(test, xv_passes(t, 5));
	KUNIT_EXPECT_FALSE(test, xv_passes(t, 1));
	xd_check_clean(t);
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
	{}
};

static struct kunit_suite xv_suite = {
	.name = "stmmac_xgmac_vlan",
	.suite_init = xv_suite_init,
	.suite_exit = xv_suite_exit,
	.test_cases = xv_cases,
};

kunit_test_suite(xv_suite);
