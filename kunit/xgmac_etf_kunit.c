// SPDX-License-Identifier: GPL-2.0-only
/*
 * Launch time (tc etf ... offload) on the XGMAC, through the real
 * driver's ndo_setup_tc and xmit on the model of xgmac_model.c, whose
 * board is Agilex 5's: TX queues 6 and 7 take launch times, as the glue
 * says. The enhanced descriptors' layout and the DMA's registers against
 * the databook's offsets and bits, as literals; frames held in the
 * model's MTL until its PTP clock reaches their launch time, then
 * delivered byte for byte.
 */

#include <kunit/test.h>
#include <linux/netdevice.h>
#include <linux/rtnetlink.h>
#include <linux/skbuff.h>
#include <net/pkt_sched.h>

#include "../stmmac.h"
#include "data_harness.h"
#include "xgmac_case.h"

/* The databook's registers, as literals */
#define XL_TBS_CTRL(n)		(0x3054 + (n) * 4)
#define XL_TX_CTRL(c)		(0x3104 + (c) * 0x80)
#define XL_EDSE			0x10000000u	/* bit 28 */
#define XL_TSE			0x00001000u	/* bit 12 */

/* Agilex 5's glue: launch time on TX queues 6 and 7 */
#define XL_TBS		(BIT(6) | BIT(7))

/* The PHC when a case starts: 1000.5 s; launch 1 ms later */
#define XL_T0		(1000ULL * NSEC_PER_SEC + 500 * NSEC_PER_MSEC)
#define XL_LAUNCH	(XL_T0 + NSEC_PER_MSEC)
/* ... as the descriptor holds it: LTV (bit 31) and 1000 s's low 8 bits;
 * 501000000 ns in 256 ns steps (64 ns cut)
 */
#define XL_TDES4	0x800000e8u
#define XL_TDES5	500999936u

static struct dh_suite xl_hs = {
	.name = "stmmac-xgm-etf-kunit",
	.ops = &xd_ops,
};

/* etf's offload call for TX queue @q, as the qdisc makes it under RTNL */
static int xl_etf(struct xd *t, int q, bool on)
{
	struct tc_etf_qopt_offload e = { .enable = on, .queue = q };
	int ret;

	rtnl_lock();
	ret = stmmac_setup_tc(t->h.dev, TC_SETUP_QDISC_ETF, &e);
	rtnl_unlock();
	return ret;
}

/* One UDP frame to TX queue @q, to be launched at @ns (0: none), a time
 * of clock @type (an SO_TXTIME socket's, or TCP's departure time)
 */
static void xl_send_at(struct xd *t, u32 q, u64 ns, u8 type)
{
	u32 id = dh_id(&t->h);
	struct sk_buff *skb = dh_l4(&t->h, id, IPPROTO_UDP, false, 200, NULL,
				    NULL, 0, true);

	KUNIT_ASSERT_NOT_NULL(t->h.test, skb);
	skb->tstamp = ns_to_ktime(ns);
	skb->tstamp_type = type;
	skb_set_queue_mapping(skb, q);
	dh_send(&t->h, skb, id, q, false);
	dh_run(&t->h);
}

static void xl_send(struct xd *t, u32 q, u64 ns)
{
	xl_send_at(t, q, ns, SKB_CLOCK_TAI);
}

/* The launch words of TX queue @q's descriptor @i: the 16 bytes before
 * the normal four, at a 32-byte stride
 */
static const __le32 *xl_words(struct xd *t, u32 q, u32 i)
{
	return (const __le32 *)t->h.priv->txq[q].desc + 8 * i;
}

/* Queues 6 and 7: enhanced descriptors (EDSE) and no TSO (TSE clear), on
 * 32-byte rings, across a ring resize and a restart; the DMA may fetch a
 * frame as early as upstream lets it (FTOS all ones, valid). Queues 0-5
 * as before.
 */
static void xl_setup_test(struct kunit *test)
{
	struct xd *t = xd_probe_tbs(test, &xl_hs, true, 0, XL_TBS);
	u32 c, n, round;

	for (round = 0; round < 3; round++) {
		for (n = 0; n < 4; n++)
			KUNIT_EXPECT_EQ(test, xd_reg(t, XL_TBS_CTRL(n)),
					0xffffff01u);
		for (c = 0; c < XD_QUEUES; c++) {
			u32 ctrl = xd_reg(t, XL_TX_CTRL(c));

			KUNIT_EXPECT_EQ_MSG(test, ctrl & (XL_EDSE | XL_TSE),
					    c >= 6 ? XL_EDSE : XL_TSE,
					    "queue %u round %u", c, round);
			KUNIT_EXPECT_EQ_MSG(test, t->h.priv->txq[c].stride,
					    c >= 6 ? 32u : 16u, "queue %u", c);
		}
		xd_send_udp(t, 6, 40);
		xd_send_udp(t, 7, 3);
		if (round == 0)
			dh_set_rings(&t->h, 128, 256);
		if (round == 1) {
			rtnl_lock();
			dev_close(t->h.dev);
			rtnl_unlock();
			dh_open(&t->h);
		}
	}
	KUNIT_EXPECT_EQ(test, t->m->st[6].lt_held, 0ull);
	xd_check_clean(t);
}

/* Launch time where the glue gives it only, on a core with TBS and a
 * PHC: queues 0-5, one beyond those in use, a core without TBSSEL and a
 * port without PHC refused, with nothing changed; 6 and 7 switched on
 * and off.
 */
static void xl_refuse_test(struct kunit *test)
{
	struct xd *t = xd_probe_tbs(test, &xl_hs, true, 0, XL_TBS);
	struct stmmac_priv *priv = t->h.priv;
	struct ptp_clock *clock;
	u32 q;

	for (q = 0; q < 6; q++)
		KUNIT_EXPECT_EQ_MSG(test, xl_etf(t, q, true), -EINVAL,
				    "queue %u", q);
	KUNIT_EXPECT_EQ(test, xl_etf(t, 8, true), -EINVAL);
	KUNIT_EXPECT_EQ(test, xl_etf(t, -1, true), -EINVAL);
	for (q = 0; q < XD_QUEUES; q++)
		KUNIT_EXPECT_FALSE(test, priv->txq[q].launch);
	KUNIT_EXPECT_EQ(test, xl_etf(t, 7, true), 0);
	KUNIT_EXPECT_TRUE(test, priv->txq[7].launch);
	KUNIT_EXPECT_FALSE(test, priv->txq[6].launch);
	KUNIT_EXPECT_EQ(test, xl_etf(t, 7, false), 0);
	KUNIT_EXPECT_FALSE(test, priv->txq[7].launch);

	priv->caps.tbs = false;
	KUNIT_EXPECT_EQ(test, xl_etf(t, 6, true), -EOPNOTSUPP);
	KUNIT_EXPECT_FALSE(test, priv->txq[6].launch);
	priv->caps.tbs = true;
	/* no PHC registered: no time to launch at */
	clock = priv->ptp.clock;
	priv->ptp.clock = NULL;
	KUNIT_EXPECT_EQ(test, xl_etf(t, 6, true), -EOPNOTSUPP);
	priv->ptp.clock = clock;
	KUNIT_EXPECT_FALSE(test, priv->txq[6].launch);

	/* switched off after its queue left use (ethtool -L): never refused,
	 * nothing left on when the queue comes back
	 */
	KUNIT_EXPECT_EQ(test, xl_etf(t, 7, true), 0);
	KUNIT_EXPECT_EQ(test, xd_set_channels(t, 6, 8), 0);
	KUNIT_EXPECT_EQ(test, xl_etf(t, 7, false), 0);
	KUNIT_EXPECT_FALSE(test, priv->txq[7].launch);
	KUNIT_EXPECT_EQ(test, xd_set_channels(t, 8, 8), 0);
	KUNIT_EXPECT_FALSE(test, priv->txq[7].launch);
	xd_send_udp(t, 7, 4);
	xd_check_clean(t);
}

/* Agilex 5's DT: checksum engines on TX queues 0 and 1 only. A frame
 * that needs one, picked for an etf queue, stays there (checksummed in
 * software) rather than leave etf; none is moved onto it.
 */
static void xl_pick_test(struct kunit *test)
{
	struct xd *t = xd_probe_tbs(test, &xl_hs, true, 0xfc, XL_TBS);
	struct stmmac_priv *priv = t->h.priv;
	u32 q;

	KUNIT_EXPECT_EQ(test, priv->tx_pick[7], 0xffu);
	KUNIT_ASSERT_EQ(test, xl_etf(t, 7, true), 0);
	KUNIT_EXPECT_EQ(test, priv->tx_pick[7], 0x80u);
	for (q = 0; q < 7; q++)
		KUNIT_EXPECT_EQ_MSG(test, priv->tx_pick[q], 0x7fu, "queue %u",
				    q);
	KUNIT_ASSERT_EQ(test, xl_etf(t, 7, false), 0);
	KUNIT_EXPECT_EQ(test, priv->tx_pick[7], 0xffu);
	xd_check_clean(t);
}

/* A frame with a launch time waits in the MTL until the clock reaches it
 * (the time cut to 256 ns, as the descriptor holds it), and the frames
 * after it with it; one without goes at once. Launch words on the frame's
 * first descriptor only, cleared on slots a frame with none reuses.
 */
static void xl_launch_test(struct kunit *test)
{
	struct xd *t = xd_probe_tbs(test, &xl_hs, true, 0, XL_TBS);
	const struct xgm_chan_stats *s = &t->m->st[6];
	u32 i;

	xgm_set_time(t->m, XL_T0);
	KUNIT_ASSERT_EQ(test, xl_etf(t, 6, true), 0);
	xl_send(t, 6, XL_LAUNCH);
	xl_send(t, 6, 0);
	KUNIT_EXPECT_EQ(test, s->lt_held, 1ull);
	KUNIT_EXPECT_EQ(test, s->est_held, 1ull);
	KUNIT_EXPECT_EQ(test, s->tx_segments, 0ull);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(xl_words(t, 6, 0)[0]), XL_TDES4);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(xl_words(t, 6, 0)[1]), XL_TDES5);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(xl_words(t, 6, 1)[0]), 0u);

	xgm_set_time(t->m, XL_T0 + NSEC_PER_MSEC - 65);
	dh_run(&t->h);
	KUNIT_EXPECT_EQ(test, s->tx_segments, 0ull);
	xgm_set_time(t->m, XL_T0 + NSEC_PER_MSEC - 64);
	dh_run(&t->h);
	KUNIT_EXPECT_EQ(test, s->tx_segments, 2ull);
	dh_check(&t->h);

	/* a launch time already past: at once; so is a departure time of
	 * another clock (TCP's pacing)
	 */
	xl_send(t, 6, XL_T0);
	KUNIT_EXPECT_EQ(test, s->tx_segments, 3ull);
	xl_send_at(t, 6, XL_LAUNCH + NSEC_PER_SEC, SKB_CLOCK_MONOTONIC);
	KUNIT_EXPECT_EQ(test, s->tx_segments, 4ull);
	dh_check(&t->h);

	/* off: the time is not given, and a whole ring's slots later no
	 * launch word is left in any
	 */
	KUNIT_ASSERT_EQ(test, xl_etf(t, 6, false), 0);
	xl_send(t, 6, XL_LAUNCH + NSEC_PER_SEC);
	KUNIT_EXPECT_EQ(test, s->tx_segments, 5ull);
	for (i = 0; i < t->h.priv->txq[6].size; i += 32)
		xd_send_udp(t, 6, 32);
	for (i = 0; i < t->h.priv->txq[6].size; i++)
		KUNIT_EXPECT_EQ_MSG(test, le32_to_cpu(xl_words(t, 6, i)[0]), 0u,
				    "slot %u", i);
	KUNIT_EXPECT_EQ(test, s->lt_held, 1ull);
	KUNIT_EXPECT_EQ(test, s->bad_desc, 0ull);
	dh_check(&t->h);
	xd_check_clean(t);
}

/* The setting stays with the queue across a restart. A TSO frame picked
 * for a launch-time queue is left to the stack to cut (the DMA takes no
 * TSE there), one for queue 0 is not.
 */
static void xl_restart_tso_test(struct kunit *test)
{
	struct xd *t = xd_probe_tbs(test, &xl_hs, true, 0, XL_TBS);
	const struct xgm_chan_stats *s = &t->m->st[7];
	struct net_device *dev = t->h.dev;
	netdev_features_t f;
	struct sk_buff *skb;

	KUNIT_ASSERT_EQ(test, xl_etf(t, 7, true), 0);
	rtnl_lock();
	dev_close(dev);
	rtnl_unlock();
	dh_open(&t->h);
	KUNIT_EXPECT_TRUE(test, t->h.priv->txq[7].launch);
	/* the core reset set the PHC to the realtime clock; as phc2sys
	 * would, the case steps it back
	 */
	xgm_set_time(t->m, XL_T0);
	xl_send(t, 7, XL_LAUNCH);
	KUNIT_EXPECT_EQ(test, s->lt_held, 1ull);
	xgm_set_time(t->m, XL_LAUNCH);
	dh_run(&t->h);
	KUNIT_EXPECT_EQ(test, s->tx_segments, 1ull);
	dh_check(&t->h);

	skb = xd_tso(t, dh_id(&t->h), true);
	KUNIT_ASSERT_NOT_NULL(test, skb);
	skb->dev = dev;
	KUNIT_EXPECT_TRUE(test, dev->features & NETIF_F_TSO);
	skb_set_queue_mapping(skb, 7);
	f = dev->netdev_ops->ndo_features_check(skb, dev, dev->features);
	KUNIT_EXPECT_FALSE(test, f & NETIF_F_TSO);
	skb_set_queue_mapping(skb, 0);
	f = dev->netdev_ops->ndo_features_check(skb, dev, dev->features);
	KUNIT_EXPECT_TRUE(test, f & NETIF_F_TSO);
	kfree_skb(skb);
	xd_check_clean(t);
}

static int xl_suite_init(struct kunit_suite *suite)
{
	return dh_suite_init(&xl_hs);
}

static void xl_suite_exit(struct kunit_suite *suite)
{
	dh_suite_exit(&xl_hs);
}

static struct kunit_case xl_cases[] = {
	KUNIT_CASE(xl_setup_test),
	KUNIT_CASE(xl_refuse_test),
	KUNIT_CASE(xl_launch_test),
	KUNIT_CASE(xl_restart_tso_test),
	KUNIT_CASE(xl_pick_test),
	{}
};

static struct kunit_suite xl_suite = {
	.name = "stmmac_xgmac_etf",
	.suite_init = xl_suite_init,
	.suite_exit = xl_suite_exit,
	.test_cases = xl_cases,
};

kunit_test_suite(xl_suite);
