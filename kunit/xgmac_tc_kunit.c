// SPDX-License-Identifier: GPL-2.0-only
/*
 * The XGMAC's credit-based shaper (tc cbs ... offload 1), through the
 * real driver's ndo_setup_tc on the model of xgmac_model.c: the registers
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

static u32 xt_reg(struct xd *t, u32 off)
{
	return readl(t->h.io + off);
}

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
	KUNIT_EXPECT_EQ(test, XT_TXQEN(xt_reg(t, XT_TXQ_OPMODE(2))), 1u);
	KUNIT_EXPECT_EQ(test, xt_reg(t, XT_ETS_CTRL(2)), 0x9u);
	KUNIT_EXPECT_EQ(test, xt_reg(t, XT_IDLESLOPE(2)), 163u);
	KUNIT_EXPECT_EQ(test, xt_reg(t, XT_SENDSLOPE(2)), 8028u);
	KUNIT_EXPECT_EQ(test, xt_reg(t, XT_HICREDIT(2)), 0x3c000u);
	KUNIT_EXPECT_EQ(test, xt_reg(t, XT_LOCREDIT(2)), 0xff484000u);
	/* the other queues as they were: generic, strict priority */
	KUNIT_EXPECT_EQ(test, XT_TXQEN(xt_reg(t, XT_TXQ_OPMODE(1))), 2u);
	KUNIT_EXPECT_EQ(test, xt_reg(t, XT_ETS_CTRL(1)), 0u);
	KUNIT_EXPECT_EQ(test, XT_TXQEN(xt_reg(t, XT_TXQ_OPMODE(3))), 2u);
}

static void xt_send(struct xd *t, u32 q, u32 n)
{
	u32 id;

	while (n--) {
		struct sk_buff *skb;

		id = dh_id(&t->h);
		skb = dh_l4(&t->h, id, IPPROTO_UDP, false, 200, NULL, NULL, 0,
			    true);
		KUNIT_ASSERT_NOT_NULL(t->h.test, skb);
		skb_set_queue_mapping(skb, q);
		dh_send(&t->h, skb, id, q, false);
	}
	dh_run(&t->h);
	dh_check(&t->h);
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
	xt_send(t, 2, 8);

	rtnl_lock();
	dev_close(t->h.dev);
	rtnl_unlock();
	dh_open(&t->h);
	xt_cbs_regs(test, t);
	xt_send(t, 2, 8);

	KUNIT_EXPECT_EQ(test, xt_cbs(t->h.dev, false, 2, 0, 0), 0);
	KUNIT_EXPECT_EQ(test, XT_TXQEN(xt_reg(t, XT_TXQ_OPMODE(2))), 2u);
	KUNIT_EXPECT_EQ(test, xt_reg(t, XT_ETS_CTRL(2)), 0u);
	xt_send(t, 2, 8);
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
	KUNIT_EXPECT_EQ(test, xt_reg(t, XT_IDLESLOPE(5)), 6553u);
	KUNIT_EXPECT_EQ(test, xt_reg(t, XT_SENDSLOPE(5)), 26214u);

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
	KUNIT_EXPECT_EQ(test, xt_reg(t, XT_HICREDIT(1)), 0x7fffe000u);
	KUNIT_EXPECT_EQ(test, xt_reg(t, XT_LOCREDIT(1)), 0x80002000u);
	KUNIT_EXPECT_EQ(test, xt_cbs(dev, false, 1, 0, 0), 0);
	KUNIT_EXPECT_EQ(test, XT_TXQEN(xt_reg(t, XT_TXQ_OPMODE(0))), 2u);
	KUNIT_EXPECT_EQ(test, XT_TXQEN(xt_reg(t, XT_TXQ_OPMODE(1))), 2u);
	KUNIT_EXPECT_EQ(test, xt_reg(t, XT_ETS_CTRL(1)), 0u);
	KUNIT_EXPECT_EQ(test, XT_TXQEN(xt_reg(t, XT_TXQ_OPMODE(5))), 1u);
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
	KUNIT_EXPECT_EQ(test, XT_TXQEN(xt_reg(t, XT_TXQ_OPMODE(3))), 1u);
	KUNIT_EXPECT_EQ(test, xt_cbs(dev, false, 3, 0, 0), 0);
	KUNIT_EXPECT_EQ(test, xt_channels(dev, 8), 0);
	KUNIT_EXPECT_EQ(test, xt_cbs(dev, true, 3, 20000, -980000), -EINVAL);
	KUNIT_EXPECT_EQ(test, xt_cbs(dev, true, 2, 20000, -980000), 0);
	KUNIT_EXPECT_EQ(test, xt_cbs(dev, false, 2, 0, 0), 0);
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
