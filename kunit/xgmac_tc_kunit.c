// SPDX-License-Identifier: GPL-2.0-only
/*
 * The XGMAC's TX traffic classes (tc mqprio ... hw 1) and credit-based
 * shaper (tc cbs ... offload 1), through the real driver's ndo_setup_tc
 * on the model of xgmac_model.c: the registers
 * against the databook's offsets and bits, and the values against ones
 * computed outside the kernel from upstream's scaling, written as
 * literals. The model does not shape: frames on a shaped queue must still
 * arrive, whole. The GMAC 3.x refuses the offload.
 */

#include <kunit/test.h>
#include <linux/etherdevice.h>
#include <linux/ethtool.h>
#include <linux/in.h>
#include <linux/netdevice.h>
#include <linux/rtnetlink.h>
#include <net/pkt_sched.h>

#include "../stmmac.h"
#include "data_harness.h"
#include "xgmac_case.h"

/* The databook's MTL registers of TX queue / traffic class @n */
#define XT_TXQ_OPMODE(n)	(0x1100 + (n) * 0x80)
#define XT_TXQEN(v)		(((v) >> 2) & 3)	/* 1 AV, 2 generic */
#define XT_ETS_CTRL(n)		(0x1110 + (n) * 0x80)
#define XT_IDLESLOPE(n)		(0x1118 + (n) * 0x80)
#define XT_SENDSLOPE(n)		(0x111c + (n) * 0x80)
#define XT_HICREDIT(n)		(0x1120 + (n) * 0x80)
#define XT_LOCREDIT(n)		(0x1124 + (n) * 0x80)

static struct dh_suite xt_hs = {
	.name = "stmmac-xgm-tc-kunit",
	.ops = &xd_ops,
};

/* tc cbs's offload call, as the qdisc makes it under RTNL */
static int xt_cbs_call(struct net_device *dev, struct tc_cbs_qopt_offload *q)
{
	int ret;

	rtnl_lock();
	ret = stmmac_setup_tc(dev, TC_SETUP_QDISC_CBS, q);
	rtnl_unlock();
	return ret;
}

/* ... with hicredit 30 and locredit -1470 bytes */
static int xt_cbs(struct net_device *dev, bool on, s32 queue, s32 idle,
		  s32 send)
{
	struct tc_cbs_qopt_offload q = {
		.enable = on, .queue = queue, .idleslope = idle,
		.sendslope = send, .hicredit = 30, .locredit = -1470,
	};

	return xt_cbs_call(dev, &q);
}

static int xt_cbs_credits(struct net_device *dev, s32 hi, s32 lo)
{
	struct tc_cbs_qopt_offload q = {
		.enable = true, .queue = 1, .idleslope = 20000,
		.sendslope = -980000, .hicredit = hi, .locredit = lo,
	};

	return xt_cbs_call(dev, &q);
}

static int xt_channels(struct net_device *dev, u32 tx)
{
	struct ethtool_channels ch = { .tx_count = tx, .rx_count = 8 };
	int ret;

	rtnl_lock();
	ret = dev->ethtool_ops->set_channels(dev, &ch);
	rtnl_unlock();
	return ret;
}

/* Queue 2 at 20 Mbit/s of a 1 Gbit/s port (tc's idleslope 20000,
 * sendslope -980000, hicredit 30, locredit -1470): an AV queue (TXQEN 1),
 * its class shaped (TSA 1, CC bit 3), idleSlopeCredit 163 and
 * sendSlopeCredit 8028 (x 1024 x 8 / 1000000), the credits x 8192.
 */
static void xt_cbs_regs(struct kunit *test, struct xd *t)
{
	KUNIT_EXPECT_EQ(test, XT_TXQEN(xd_reg(t, XT_TXQ_OPMODE(2))), 1u);
	KUNIT_EXPECT_EQ(test, xd_reg(t, XT_ETS_CTRL(2)), 0x9u);
	KUNIT_EXPECT_EQ(test, xd_reg(t, XT_IDLESLOPE(2)), 163u);
	KUNIT_EXPECT_EQ(test, xd_reg(t, XT_SENDSLOPE(2)), 8028u);
	KUNIT_EXPECT_EQ(test, xd_reg(t, XT_HICREDIT(2)), 0x3c000u);
	KUNIT_EXPECT_EQ(test, xd_reg(t, XT_LOCREDIT(2)), 0xff484000u);
	/* the other queues as they were: generic, strict priority */
	KUNIT_EXPECT_EQ(test, XT_TXQEN(xd_reg(t, XT_TXQ_OPMODE(1))), 2u);
	KUNIT_EXPECT_EQ(test, xd_reg(t, XT_ETS_CTRL(1)), 0u);
	KUNIT_EXPECT_EQ(test, XT_TXQEN(xd_reg(t, XT_TXQ_OPMODE(3))), 2u);
}

/* On, while the port is up: the registers, and frames on the queue; kept
 * over ifdown and ifup (the core is reset); off: the queue as before.
 */
static void xt_cbs_test(struct kunit *test)
{
	struct xd *t = xd_probe(test, &xt_hs, true, 0);

	KUNIT_ASSERT_PTR_EQ(test, t->h.dev->netdev_ops->ndo_setup_tc,
			    &stmmac_setup_tc);

	KUNIT_EXPECT_EQ(test, xt_cbs(t->h.dev, true, 2, 20000, -980000), 0);
	xt_cbs_regs(test, t);
	xd_send_udp(t, 2, 8);

	dh_close(&t->h);
	dh_open(&t->h);
	xt_cbs_regs(test, t);
	xd_send_udp(t, 2, 8);

	KUNIT_EXPECT_EQ(test, xt_cbs(t->h.dev, false, 2, 0, 0), 0);
	KUNIT_EXPECT_EQ(test, XT_TXQEN(xd_reg(t, XT_TXQ_OPMODE(2))), 2u);
	KUNIT_EXPECT_EQ(test, xd_reg(t, XT_ETS_CTRL(2)), 0u);
	xd_send_udp(t, 2, 8);
	xd_check_clean(t);
}

/* 10 Gbit/s: the divider is 32 (2 Gbit/s idle slope: 6553 and 26214).
 * Refused, with nothing changed: queue 0 (never an AV queue), a queue
 * beyond those in use, a port rate that is no link speed, a positive
 * sendslope.
 */
static void xt_cbs_limits_test(struct kunit *test)
{
	struct xd *t = xd_probe(test, &xt_hs, true, 0);
	struct net_device *dev = t->h.dev;

	KUNIT_EXPECT_EQ(test, xt_cbs(dev, true, 5, 2000000, -8000000), 0);
	KUNIT_EXPECT_EQ(test, xd_reg(t, XT_IDLESLOPE(5)), 6553u);
	KUNIT_EXPECT_EQ(test, xd_reg(t, XT_SENDSLOPE(5)), 26214u);

	KUNIT_EXPECT_EQ(test, xt_cbs(dev, true, 0, 20000, -980000), -EINVAL);
	KUNIT_EXPECT_EQ(test, xt_cbs(dev, true, 8, 20000, -980000), -EINVAL);
	KUNIT_EXPECT_EQ(test, xt_cbs(dev, true, 1, 20000, -103000), -EINVAL);
	KUNIT_EXPECT_EQ(test, xt_cbs(dev, true, 1, 20000, 980000), -EINVAL);
	/* credits of the wrong sign, or too large to scale by 8192 */
	KUNIT_EXPECT_EQ(test, xt_cbs_credits(dev, -1, -1470), -EINVAL);
	KUNIT_EXPECT_EQ(test, xt_cbs_credits(dev, 30, 1), -EINVAL);
	KUNIT_EXPECT_EQ(test, xt_cbs_credits(dev, 262144, -1470), -EINVAL);
	KUNIT_EXPECT_EQ(test, xt_cbs_credits(dev, 30, -262144), -EINVAL);
	KUNIT_EXPECT_EQ(test, xt_cbs_credits(dev, 262143, -262143), 0);
	KUNIT_EXPECT_EQ(test, xd_reg(t, XT_HICREDIT(1)), 0x7fffe000u);
	KUNIT_EXPECT_EQ(test, xd_reg(t, XT_LOCREDIT(1)), 0x80002000u);
	KUNIT_EXPECT_EQ(test, xt_cbs(dev, false, 1, 0, 0), 0);
	KUNIT_EXPECT_EQ(test, XT_TXQEN(xd_reg(t, XT_TXQ_OPMODE(0))), 2u);
	KUNIT_EXPECT_EQ(test, XT_TXQEN(xd_reg(t, XT_TXQ_OPMODE(1))), 2u);
	KUNIT_EXPECT_EQ(test, xd_reg(t, XT_ETS_CTRL(1)), 0u);
	KUNIT_EXPECT_EQ(test, XT_TXQEN(xd_reg(t, XT_TXQ_OPMODE(5))), 1u);
	KUNIT_EXPECT_EQ(test, xt_cbs(dev, false, 5, 0, 0), 0);
	xd_check_clean(t);
}

/* A core with 4 traffic classes (queues 3 and up share the last): with
 * 4 TX queues queue 3 may be shaped; ethtool -L then refuses 8 queues,
 * which would put queues 4-7 in its class, and keeps the 4 and the
 * shaper; unshaped, 8 queues are taken and queue 3 is refused.
 */
static void xt_cbs_channels_test(struct kunit *test)
{
	struct xd *t = xd_probe(test, &xt_hs, true, 0);
	struct net_device *dev = t->h.dev;

	t->h.priv->caps.num_tc = 4;
	KUNIT_ASSERT_EQ(test, xt_channels(dev, 4), 0);
	KUNIT_EXPECT_EQ(test, xt_cbs(dev, true, 3, 20000, -980000), 0);
	KUNIT_EXPECT_EQ(test, xt_channels(dev, 8), -EINVAL);
	KUNIT_EXPECT_EQ(test, t->h.priv->tx_queues, 4u);
	KUNIT_EXPECT_EQ(test, XT_TXQEN(xd_reg(t, XT_TXQ_OPMODE(3))), 1u);
	KUNIT_EXPECT_EQ(test, xt_cbs(dev, false, 3, 0, 0), 0);
	KUNIT_EXPECT_EQ(test, xt_channels(dev, 8), 0);
	KUNIT_EXPECT_EQ(test, xt_cbs(dev, true, 3, 20000, -980000), -EINVAL);
	KUNIT_EXPECT_EQ(test, xt_cbs(dev, true, 2, 20000, -980000), 0);
	KUNIT_EXPECT_EQ(test, xt_cbs(dev, false, 2, 0, 0), 0);
	xd_check_clean(t);
}

/* tc mqprio's offload call, as the qdisc makes it: its map of @num_tc
 * classes, @co giving each class's queue count and offset; @ext takes the
 * refusal's message.
 */
static int xt_mqprio_ext(struct net_device *dev, u8 num_tc, const u16 *co,
			 struct netlink_ext_ack *ext, u32 flags, u32 fp)
{
	struct tc_mqprio_qopt_offload mq = {
		.qopt = { .num_tc = num_tc, .hw = 1 },
		.extack = ext, .flags = flags, .preemptible_tcs = fp,
	};
	int ret, tc;

	for (tc = 0; tc < num_tc; tc++) {
		mq.qopt.count[tc] = co[2 * tc];
		mq.qopt.offset[tc] = co[2 * tc + 1];
	}
	rtnl_lock();
	ret = stmmac_setup_tc(dev, TC_SETUP_QDISC_MQPRIO, &mq);
	rtnl_unlock();
	return ret;
}

static int xt_mqprio(struct net_device *dev, u8 num_tc, const u16 *co)
{
	struct netlink_ext_ack ext = {};

	return xt_mqprio_ext(dev, num_tc, co, &ext, 0, 0);
}

/* The refusal's extack message names @what */
static void xt_refused(struct kunit *test, struct net_device *dev, u8 num_tc,
		       const u16 *co, u32 flags, u32 fp, const char *what)
{
	struct netlink_ext_ack ext = {};
	int ret = xt_mqprio_ext(dev, num_tc, co, &ext, flags, fp);

	KUNIT_EXPECT_LT(test, ret, 0);
	KUNIT_ASSERT_NOT_NULL(test, ext._msg);
	KUNIT_EXPECT_NOT_NULL_MSG(test, strstr(ext._msg, what), "%s", ext._msg);
}

/* Each TX queue's traffic class, as the MTL has it (Q2TCMAP, bits 10:8) */
static void xt_classes(struct kunit *test, struct xd *t, const u8 *tc)
{
	u32 q;

	for (q = 0; q < XD_QUEUES; q++)
		KUNIT_EXPECT_EQ_MSG(test, (xd_reg(t, XT_TXQ_OPMODE(q)) >> 8) & 7,
				    (u32)tc[q], "TX queue %u", q);
}

static const u8 xt_default_tc[XD_QUEUES] = { 0, 1, 2, 3, 4, 5, 6, 7 };

/* Three classes: queues 0-1, 2-3 and 4-7, in the stack (what it picks
 * from) and in the MTL (each queue's class); kept over ifdown and ifup;
 * frames on every queue arrive; removed, the default map again.
 */
static void xt_mqprio_test(struct kunit *test)
{
	static const u16 co[] = { 2, 0, 2, 2, 4, 4 };
	static const u8 tc[XD_QUEUES] = { 0, 0, 1, 1, 2, 2, 2, 2 };
	struct xd *t = xd_probe(test, &xt_hs, true, 0);
	struct net_device *dev = t->h.dev;
	struct tc_mqprio_caps caps = {};
	struct tc_query_caps_base base = {
		.type = TC_SETUP_QDISC_MQPRIO, .caps = &caps,
	};
	u32 q;

	KUNIT_EXPECT_EQ(test, stmmac_setup_tc(dev, TC_QUERY_CAPS, &base), 0);
	KUNIT_EXPECT_TRUE(test, caps.validate_queue_counts);
	xt_classes(test, t, xt_default_tc);

	KUNIT_ASSERT_EQ(test, xt_mqprio(dev, 3, co), 0);
	KUNIT_EXPECT_EQ(test, netdev_get_num_tc(dev), 3);
	KUNIT_EXPECT_EQ(test, dev->tc_to_txq[1].count, 2);
	KUNIT_EXPECT_EQ(test, dev->tc_to_txq[1].offset, 2);
	KUNIT_EXPECT_EQ(test, dev->tc_to_txq[2].count, 4);
	KUNIT_EXPECT_EQ(test, dev->tc_to_txq[2].offset, 4);
	xt_classes(test, t, tc);
	for (q = 0; q < XD_QUEUES; q++)
		xd_send_udp(t, q, 2);

	dh_close(&t->h);
	dh_open(&t->h);
	xt_classes(test, t, tc);
	xd_send_udp(t, 5, 4);

	KUNIT_EXPECT_EQ(test, xt_mqprio(dev, 0, NULL), 0);
	KUNIT_EXPECT_EQ(test, netdev_get_num_tc(dev), 0);
	xt_classes(test, t, xt_default_tc);
	xd_send_udp(t, 5, 4);
	xd_check_clean(t);
}

/* Refused with the reason in extack and nothing changed: more classes
 * than the core has, a class with no queue, beyond the queues in use, or
 * overlapping another, rate limits, preemptible classes; on a core with
 * one class, mqprio itself.
 */
static void xt_mqprio_limits_test(struct kunit *test)
{
	static const u16 co[] = { 4, 0, 4, 4 };
	static const u16 wide[] = { 1, 0, 1, 1, 1, 2, 1, 3, 1, 4 };
	static const u16 empty[] = { 4, 0, 0, 4 };
	static const u16 beyond[] = { 4, 0, 5, 4 };
	static const u16 overlap[] = { 4, 0, 4, 3 };
	static const u8 tc[XD_QUEUES] = { 0, 0, 0, 0, 1, 1, 1, 1 };
	struct xd *t = xd_probe(test, &xt_hs, true, 0);
	struct net_device *dev = t->h.dev;

	KUNIT_ASSERT_EQ(test, xt_mqprio(dev, 2, co), 0);
	t->h.priv->caps.num_tc = 4;
	xt_refused(test, dev, 5, wide, 0, 0, "num_tc 5, this core has 4");
	xt_refused(test, dev, 2, empty, 0, 0, "class 1's queues 0@4");
	xt_refused(test, dev, 2, beyond, 0, 0, "class 1's queues 5@4");
	xt_refused(test, dev, 2, overlap, 0, 0, "class 1's queues 4@3");
	xt_refused(test, dev, 2, co, TC_MQPRIO_F_MAX_RATE, 0, "max_rate");
	t->h.priv->caps.fpe = false;
	xt_refused(test, dev, 2, co, 0, BIT(1), "fp: this core has no frame");
	t->h.priv->caps.fpe = true;
	KUNIT_EXPECT_EQ(test, netdev_get_num_tc(dev), 2);
	KUNIT_EXPECT_EQ(test, dev->tc_to_txq[1].offset, 4);
	xt_classes(test, t, tc);

	t->h.priv->caps.num_tc = 1;
	xt_refused(test, dev, 2, co, 0, 0, "one TX traffic class");
	t->h.priv->caps.num_tc = 8;
	KUNIT_EXPECT_EQ(test, netdev_get_num_tc(dev), 2);
	xt_classes(test, t, tc);
	KUNIT_EXPECT_EQ(test, xt_mqprio(dev, 0, NULL), 0);
	xt_classes(test, t, xt_default_tc);
	xd_check_clean(t);
}

/* A shaped queue keeps a class of its own: mqprio may not put another
 * queue in it, ethtool -L may not take away queues mqprio names; mqprio
 * removed, a shaper that would share the default map's last class (a
 * core with 2 classes) is switched off.
 */
static void xt_mqprio_cbs_test(struct kunit *test)
{
	static const u16 own[] = { 1, 0, 1, 1, 2, 2 };
	static const u16 shared[] = { 1, 0, 3, 1 };
	static const u16 two[] = { 1, 0, 1, 1 };
	static const u8 tc[XD_QUEUES] = { 0, 1, 2, 2, 0, 0, 0, 0 };
	struct xd *t = xd_probe(test, &xt_hs, true, 0);
	struct net_device *dev = t->h.dev;

	KUNIT_ASSERT_EQ(test, xt_mqprio(dev, 3, own), 0);
	KUNIT_EXPECT_EQ(test, xt_cbs(dev, true, 1, 20000, -980000), 0);
	KUNIT_EXPECT_EQ(test, xt_cbs(dev, true, 2, 20000, -980000), -EINVAL);
	xt_refused(test, dev, 2, shared, 0, 0,
		   "shaped TX queue 1 would share traffic class 1");
	xt_classes(test, t, tc);
	KUNIT_EXPECT_EQ(test, XT_TXQEN(xd_reg(t, XT_TXQ_OPMODE(1))), 1u);
	KUNIT_EXPECT_EQ(test, xd_reg(t, XT_ETS_CTRL(1)), 0x9u);

	KUNIT_EXPECT_EQ(test, xt_channels(dev, 3), -EINVAL);
	KUNIT_EXPECT_EQ(test, xt_channels(dev, 4), 0);
	KUNIT_EXPECT_EQ(test, t->h.priv->tx_queues, 4u);
	KUNIT_EXPECT_EQ(test, xt_channels(dev, 8), 0);

	KUNIT_EXPECT_EQ(test, xt_mqprio(dev, 0, NULL), 0);
	KUNIT_EXPECT_TRUE(test, t->h.priv->cbs[1].on);
	KUNIT_EXPECT_EQ(test, xt_mqprio(dev, 2, two), 0);
	t->h.priv->caps.num_tc = 2;
	KUNIT_EXPECT_EQ(test, xt_mqprio(dev, 0, NULL), 0);
	KUNIT_EXPECT_FALSE(test, t->h.priv->cbs[1].on);
	KUNIT_EXPECT_EQ(test, XT_TXQEN(xd_reg(t, XT_TXQ_OPMODE(1))), 2u);
	KUNIT_EXPECT_EQ(test, (xd_reg(t, XT_TXQ_OPMODE(7)) >> 8) & 7, 1u);
	xd_send_udp(t, 1, 4);
	xd_check_clean(t);
}

/* A root replaced by another (tc qdisc replace ... handle 200: ...): the
 * qdisc layer sets the new one up, then takes the old one down; the new
 * classes stay until the new root goes. Replaced by a root without
 * offload, which gave the stack its own classes: the MTL's default
 * classes, the stack's left as that root set them.
 */
static void xt_mqprio_replace_test(struct kunit *test)
{
	static const u16 a[] = { 2, 0, 2, 2, 4, 4 };
	static const u16 b[] = { 4, 0, 4, 4 };
	static const u8 tc_b[XD_QUEUES] = { 0, 0, 0, 0, 1, 1, 1, 1 };
	struct xd *t = xd_probe(test, &xt_hs, true, 0);
	struct net_device *dev = t->h.dev;

	KUNIT_ASSERT_EQ(test, xt_mqprio(dev, 3, a), 0);
	KUNIT_ASSERT_EQ(test, xt_mqprio(dev, 2, b), 0);
	KUNIT_EXPECT_EQ(test, xt_mqprio(dev, 0, NULL), 0);
	KUNIT_EXPECT_EQ(test, netdev_get_num_tc(dev), 2);
	KUNIT_EXPECT_EQ(test, dev->tc_to_txq[1].offset, 4);
	xt_classes(test, t, tc_b);
	KUNIT_EXPECT_EQ(test, xt_channels(dev, 6), -EINVAL);
	KUNIT_EXPECT_EQ(test, xt_mqprio(dev, 0, NULL), 0);
	KUNIT_EXPECT_EQ(test, netdev_get_num_tc(dev), 0);
	xt_classes(test, t, xt_default_tc);

	KUNIT_ASSERT_EQ(test, xt_mqprio(dev, 3, a), 0);
	rtnl_lock();
	netdev_set_num_tc(dev, 2);
	netdev_set_tc_queue(dev, 0, 4, 0);
	netdev_set_tc_queue(dev, 1, 4, 4);
	rtnl_unlock();
	KUNIT_EXPECT_EQ(test, xt_mqprio(dev, 0, NULL), 0);
	KUNIT_EXPECT_EQ(test, netdev_get_num_tc(dev), 2);
	xt_classes(test, t, xt_default_tc);
	KUNIT_EXPECT_EQ(test, t->h.priv->mqprio.queues, 0);
	rtnl_lock();
	netdev_reset_tc(dev);
	rtnl_unlock();
	xd_check_clean(t);
}

/* Where xmit's pick may move a frame from each queue: within its class,
 * never to or from a shaped queue (queue 3 here).
 */
static void xt_pick_masks_test(struct kunit *test)
{
	static const u16 co[] = { 2, 0, 1, 2, 1, 3 };
	static const u8 flat[XD_QUEUES] = {
		0xf7, 0xf7, 0xf7, 0x08, 0xf7, 0xf7, 0xf7, 0xf7,
	};
	static const u8 classes[XD_QUEUES] = {
		0xf3, 0xf3, 0x04, 0x08, 0xf3, 0xf3, 0xf3, 0xf3,
	};
	struct xd *t = xd_probe(test, &xt_hs, true, 0);
	struct net_device *dev = t->h.dev;
	u32 q;

	for (q = 0; q < XD_QUEUES; q++)
		KUNIT_EXPECT_EQ(test, t->h.priv->tx_pick[q], 0xff);
	KUNIT_ASSERT_EQ(test, xt_cbs(dev, true, 3, 20000, -980000), 0);
	for (q = 0; q < XD_QUEUES; q++)
		KUNIT_EXPECT_EQ_MSG(test, t->h.priv->tx_pick[q], flat[q],
				    "queue %u", q);
	KUNIT_ASSERT_EQ(test, xt_mqprio(dev, 3, co), 0);
	for (q = 0; q < XD_QUEUES; q++)
		KUNIT_EXPECT_EQ_MSG(test, t->h.priv->tx_pick[q], classes[q],
				    "queue %u", q);
	KUNIT_EXPECT_EQ(test, xt_cbs(dev, false, 3, 0, 0), 0);
	KUNIT_EXPECT_EQ(test, t->h.priv->tx_pick[3], 0x08);
	KUNIT_EXPECT_EQ(test, t->h.priv->tx_pick[0], 0xf3);
	KUNIT_EXPECT_EQ(test, xt_mqprio(dev, 0, NULL), 0);
	for (q = 0; q < XD_QUEUES; q++)
		KUNIT_EXPECT_EQ(test, t->h.priv->tx_pick[q], 0xff);
	xd_check_clean(t);
}

/* Preemptible classes (mqprio's fp): their queues' bits in the MTL's
 * preemption classification (MTL_FPE_CTRL_STS, PEC: bits 15:8), kept
 * over ifdown / ifup, cleared with mqprio.
 */
static void xt_mqprio_fp_test(struct kunit *test)
{
	static const u16 co[] = { 2, 0, 2, 2, 4, 4 };
	struct xd *t = xd_probe(test, &xt_hs, true, 0);
	struct net_device *dev = t->h.dev;
	struct netlink_ext_ack ext = {};

	KUNIT_ASSERT_EQ(test, xt_mqprio_ext(dev, 3, co, &ext, 0, BIT(2)), 0);
	KUNIT_EXPECT_EQ(test, (xd_reg(t, 0x1090) >> 8) & 0xff, 0xf0u);
	dh_close(&t->h);
	dh_open(&t->h);
	KUNIT_EXPECT_EQ(test, (xd_reg(t, 0x1090) >> 8) & 0xff, 0xf0u);
	KUNIT_EXPECT_EQ(test, xt_mqprio(dev, 0, NULL), 0);
	KUNIT_EXPECT_EQ(test, (xd_reg(t, 0x1090) >> 8) & 0xff, 0u);
	KUNIT_ASSERT_EQ(test,
			xt_mqprio_ext(dev, 3, co, &ext, 0, BIT(0) | BIT(1)), 0);
	KUNIT_EXPECT_EQ(test, (xd_reg(t, 0x1090) >> 8) & 0xff, 0x0fu);
	KUNIT_EXPECT_EQ(test, xt_mqprio(dev, 0, NULL), 0);
	KUNIT_EXPECT_EQ(test, (xd_reg(t, 0x1090) >> 8) & 0xff, 0u);
	xd_check_clean(t);
}

/* The queue a checksummed frame of priority @prio is given */
static u16 xt_pick(struct xd *t, u32 prio)
{
	struct net_device *dev = t->h.dev;
	struct sk_buff *skb;
	u16 q;

	skb = dh_l4(&t->h, dh_id(&t->h), IPPROTO_UDP, false, 200, NULL, NULL,
		    0, true);
	KUNIT_ASSERT_NOT_NULL(t->h.test, skb);
	KUNIT_ASSERT_TRUE(t->h.test, skb->ip_summed == CHECKSUM_PARTIAL);
	skb->priority = prio;
	q = dev->netdev_ops->ndo_select_queue(dev, skb, NULL);
	kfree_skb(skb);
	return q;
}

/* Queues 0-3 without a checksum engine: a checksummed frame moves to
 * queues 4-7, but under mqprio only within its class (queues 0-3 for
 * priority 0, which keeps its queue and a software checksum).
 */
static void xt_mqprio_pick_test(struct kunit *test)
{
	static const u16 co[] = { 4, 0, 4, 4 };
	struct xd *t = xd_probe(test, &xt_hs, true, 0x0f);
	struct net_device *dev = t->h.dev;
	u32 i;

	for (i = 0; i < 8; i++)
		KUNIT_EXPECT_GE(test, xt_pick(t, 0), 4);
	KUNIT_ASSERT_EQ(test, xt_mqprio(dev, 2, co), 0);
	rtnl_lock();
	netdev_set_prio_tc_map(dev, 1, 1);
	rtnl_unlock();
	for (i = 0; i < 8; i++) {
		KUNIT_EXPECT_LT(test, xt_pick(t, 0), 4);
		KUNIT_EXPECT_GE(test, xt_pick(t, 1), 4);
	}
	KUNIT_EXPECT_EQ(test, xt_mqprio(dev, 0, NULL), 0);
	xd_check_clean(t);
}

/* The GMAC 3.x has no AV queues: refused as not supported (a device of
 * its own, never registered, with the GMAC's operations).
 */
static void xt_cbs_gmac_test(struct kunit *test)
{
	struct net_device *dev = alloc_etherdev(sizeof(struct stmmac_priv));
	struct stmmac_priv *priv;

	KUNIT_ASSERT_NOT_NULL(test, dev);
	priv = netdev_priv(dev);
	priv->dev = dev;
	priv->hw = &dwmac1000_ops;
	priv->tx_queues = 1;
	KUNIT_EXPECT_EQ(test, xt_cbs(dev, true, 0, 20000, -980000),
			-EOPNOTSUPP);
	KUNIT_EXPECT_EQ(test, xt_mqprio(dev, 1, (const u16[]){ 1, 0 }),
			-EOPNOTSUPP);
	free_netdev(dev);
}

static int xt_suite_init(struct kunit_suite *suite)
{
	return dh_suite_init(&xt_hs);
}

static void xt_suite_exit(struct kunit_suite *suite)
{
	dh_suite_exit(&xt_hs);
}

static struct kunit_case xt_cases[] = {
	KUNIT_CASE(xt_cbs_test),
	KUNIT_CASE(xt_cbs_limits_test),
	KUNIT_CASE(xt_cbs_channels_test),
	KUNIT_CASE(xt_mqprio_test),
	KUNIT_CASE(xt_mqprio_limits_test),
	KUNIT_CASE(xt_mqprio_cbs_test),
	KUNIT_CASE(xt_mqprio_pick_test),
	KUNIT_CASE(xt_mqprio_replace_test),
	KUNIT_CASE(xt_pick_masks_test),
	KUNIT_CASE(xt_mqprio_fp_test),
	KUNIT_CASE(xt_cbs_gmac_test),
	{}
};

static struct kunit_suite xt_suite = {
	.name = "stmmac_xgmac_tc",
	.suite_init = xt_suite_init,
	.suite_exit = xt_suite_exit,
	.test_cases = xt_cases,
};

kunit_test_suite(xt_suite);
