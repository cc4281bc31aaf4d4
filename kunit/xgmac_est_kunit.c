// SPDX-License-Identifier: GPL-2.0-only
/*
 * Scheduled traffic (tc taprio ... flags 0x2) on the XGMAC, through the
 * real driver's ndo_setup_tc on the model of xgmac_model.c: the words the
 * driver writes into EST's gate control list against the databook's
 * layout (interval in the low ESTWID bits, gates above; BTR, CTR, TER, LLR
 * behind GCRR), as literals; frames a closed gate holds in the model's
 * MTL, released when its clock reaches the window; a new schedule taking
 * over at its base time; errors EST reports, counted.
 */

#include <kunit/test.h>
#include <linux/ethtool.h>
#include <linux/math64.h>
#include <linux/netdevice.h>
#include <linux/rtnetlink.h>
#include <net/pkt_sched.h>
#include <net/sch_generic.h>

#include "../stmmac.h"
#include "data_harness.h"
#include "xgmac_case.h"

/* The databook's EST registers */
#define XE_CTRL			0x1050
#define XE_INT_EN		0x1070
#define XE_Q2TC(q)		((xd_reg(t, 0x1100 + (q) * 0x80) >> 8) & 7)

/* The PHC when a case starts: 1000.5 s */
#define XE_T0		(1000ULL * NSEC_PER_SEC + 500 * NSEC_PER_MSEC)
#define XE_US		NSEC_PER_USEC
/* Where schedule A starts: the first 1 ms cycle 10 ms after XE_T0 */
#define XE_BASE		(XE_T0 + 10 * NSEC_PER_MSEC)

static struct dh_suite xe_hs = {
	.name = "stmmac-xgm-est-kunit",
	.ops = &xd_ops,
};

/* A schedule of @n entries: { interval ns, gates } each */
static struct tc_taprio_qopt_offload *xe_sched(struct kunit *test, u64 base,
					       u64 cycle, u32 n,
					       const u32 (*e)[2])
{
	struct tc_taprio_qopt_offload *q;
	u32 i;

	q = kunit_kzalloc(test, struct_size(q, entries, n), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, q);
	q->cmd = TAPRIO_CMD_REPLACE;
	q->base_time = base;
	q->cycle_time = cycle;
	q->num_entries = n;
	for (i = 0; i < n; i++) {
		q->entries[i].command = TC_TAPRIO_CMD_SET_GATES;
		q->entries[i].interval = e[i][0];
		q->entries[i].gate_mask = e[i][1];
	}
	return q;
}

/* taprio's offload call, as the qdisc makes it under RTNL */
static int xe_call(struct net_device *dev, struct tc_taprio_qopt_offload *q,
		   struct netlink_ext_ack *ext)
{
	int ret;

	if (q->cmd == TAPRIO_CMD_REPLACE) {
		q->extack = ext;
		q->mqprio.extack = ext;
	}
	rtnl_lock();
	ret = stmmac_setup_tc(dev, TC_SETUP_QDISC_TAPRIO, q);
	rtnl_unlock();
	return ret;
}

static int xe_cmd(struct net_device *dev, enum tc_taprio_qopt_cmd cmd)
{
	struct tc_taprio_qopt_offload q = { .cmd = cmd };

	return xe_call(dev, &q, NULL);
}

/* Stand-ins for the root qdiscs, for the driver to tell whose DESTROY
 * comes: it looks at the root's kind, reference count and handle only.
 */
static struct Qdisc_ops xe_taprio_ops = { .id = "taprio" };

static struct Qdisc *xe_root(struct kunit *test, u32 handle)
{
	struct Qdisc *q = kunit_kzalloc(test, sizeof(*q), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, q);
	q->ops = &xe_taprio_ops;
	q->handle = handle;
	refcount_set(&q->refcnt, 1);
	return q;
}

static struct Qdisc *xe_graft(struct net_device *dev, struct Qdisc *q)
{
	struct Qdisc *old;

	rtnl_lock();
	old = rtnl_dereference(dev->qdisc);
	rcu_assign_pointer(dev->qdisc, q);
	rtnl_unlock();
	return old;
}

/* The root deleted (tc qdisc del): its DESTROY comes with the no-op
 * qdisc in its place; the harness's root is put back after, all under
 * RTNL (the link watch would give a no-op root a default one).
 */
static void xe_del(struct net_device *dev)
{
	struct tc_taprio_qopt_offload q = { .cmd = TAPRIO_CMD_DESTROY };
	struct Qdisc *old;
	int ret;

	rtnl_lock();
	old = rtnl_dereference(dev->qdisc);
	rcu_assign_pointer(dev->qdisc, &noop_qdisc);
	ret = stmmac_setup_tc(dev, TC_SETUP_QDISC_TAPRIO, &q);
	rcu_assign_pointer(dev->qdisc, old);
	rtnl_unlock();
	WARN_ON_ONCE(ret);
}

/* Two traffic classes, @n0 TX queues from @o0 and @n1 from @o1: in the
 * stack, as taprio gives them it, and in schedule @q's offload
 */
static void xe_classes(struct xd *t, struct tc_taprio_qopt_offload *q,
		       u8 n0, u8 o0, u8 n1, u8 o1)
{
	rtnl_lock();
	netdev_set_num_tc(t->h.dev, 2);
	netdev_set_tc_queue(t->h.dev, 0, n0, o0);
	netdev_set_tc_queue(t->h.dev, 1, n1, o1);
	rtnl_unlock();
	q->mqprio.qopt.num_tc = 2;
	q->mqprio.qopt.count[0] = n0;
	q->mqprio.qopt.offset[0] = o0;
	q->mqprio.qopt.count[1] = n1;
	q->mqprio.qopt.offset[1] = o1;
}

/* ... with queues 0-3 and 4-7 */
static struct tc_taprio_qopt_offload *xe_sched2(struct xd *t,
						const u32 (*e)[2], u32 n)
{
	struct tc_taprio_qopt_offload *q;

	q = xe_sched(t->h.test, 0, NSEC_PER_MSEC, n, e);
	xe_classes(t, q, 4, 0, 4, 4);
	return q;
}

/* Schedule A: queues 0-3 for 600 us, then queues 4-7 for 400 us */
static const u32 xe_a[][2] = { { 600000, 0x0f }, { 400000, 0xf0 } };

/* ... from base time 0: the core takes it at the first cycle 10 ms ahead
 * of the clock, XE_BASE
 */
static int xe_start_a(struct xd *t)
{
	struct tc_taprio_qopt_offload *q;

	xgm_set_time(t->m, XE_T0);
	q = xe_sched(t->h.test, 0, NSEC_PER_MSEC, 2, xe_a);
	return xe_call(t->h.dev, q, NULL);
}

/* The field widths and depths the HW feature codes name; entries as the
 * databook lays them out; what an entry cannot hold, refused.
 */
static void xe_entries_test(struct kunit *test)
{
	static const u32 e[][2] = {
		{ 600000, 0x0f }, { 400000, 0xf0 }, { 16777215, 0x81 },
	};
	struct tc_taprio_qopt_offload *q = xe_sched(test, 0, 1000000, 3, e);
	struct netlink_ext_ack ext = {};
	u32 gcl[4] = {};

	KUNIT_EXPECT_EQ(test, stmmac_est_width(0), 0u);
	KUNIT_EXPECT_EQ(test, stmmac_est_width(1), 16u);
	KUNIT_EXPECT_EQ(test, stmmac_est_width(2), 20u);
	KUNIT_EXPECT_EQ(test, stmmac_est_width(3), 24u);
	KUNIT_EXPECT_EQ(test, stmmac_est_depth(0), 0u);
	KUNIT_EXPECT_EQ(test, stmmac_est_depth(1), 64u);
	KUNIT_EXPECT_EQ(test, stmmac_est_depth(5), 1024u);
	KUNIT_EXPECT_EQ(test, stmmac_est_depth(6), 0u);

	KUNIT_ASSERT_EQ(test, stmmac_est_entries(q, 24, 64, gcl, &ext), 0);
	KUNIT_EXPECT_EQ(test, gcl[0], 0x0f0927c0u);
	KUNIT_EXPECT_EQ(test, gcl[1], 0xf0061a80u);
	KUNIT_EXPECT_EQ(test, gcl[2], 0x81ffffffu);
	/* hold and release: gate 0's bit, as upstream */
	q->entries[0].command = TC_TAPRIO_CMD_SET_AND_HOLD;
	q->entries[1].command = TC_TAPRIO_CMD_SET_AND_RELEASE;
	q->entries[1].gate_mask = 0xf1;
	KUNIT_ASSERT_EQ(test, stmmac_est_entries(q, 24, 64, gcl, &ext), 0);
	KUNIT_EXPECT_EQ(test, gcl[0], 0x0f0927c0u);
	KUNIT_EXPECT_EQ(test, gcl[1], 0xf0061a80u);
	q->entries[0].gate_mask = 0x0e;
	KUNIT_ASSERT_EQ(test, stmmac_est_entries(q, 24, 64, gcl, &ext), 0);
	KUNIT_EXPECT_EQ(test, gcl[0], 0x0f0927c0u);

	/* 16-bit intervals: 65535 ns at most; 2 entries deep */
	KUNIT_EXPECT_EQ(test, stmmac_est_entries(q, 16, 64, gcl, &ext),
			-ERANGE);
	KUNIT_EXPECT_NOT_NULL(test, ext._msg);
	KUNIT_EXPECT_EQ(test, stmmac_est_entries(q, 24, 2, gcl, &ext),
			-EINVAL);
	q->entries[2].interval = 0;
	KUNIT_EXPECT_EQ(test, stmmac_est_entries(q, 24, 64, gcl, &ext),
			-ERANGE);
	q->entries[2].interval = 100;
	q->entries[2].gate_mask = 0x100;
	KUNIT_EXPECT_EQ(test, stmmac_est_entries(q, 24, 64, gcl, &ext),
			-ERANGE);
	q->entries[2].gate_mask = 1;
	q->entries[2].command = 7;
	KUNIT_EXPECT_EQ(test, stmmac_est_entries(q, 24, 64, gcl, &ext),
			-EOPNOTSUPP);
}

/* Taken while up: the times and entries in the list software owns (list
 * 0, none running), a base time in the past moved by whole cycles to
 * 10 ms ahead of the clock; EEST, SSWL, DFBS and a PTP offset of nine
 * 4 ns periods (250 MHz) in EST_CTRL; the errors unmasked. The core
 * takes the list over at its base time, not before.
 */
static void xe_program_test(struct kunit *test)
{
	static const u32 want[] = {
		510000000, 1000, 1000000, 0, 0, 2, 0x0f0927c0, 0xf0061a80,
	};
	struct xd *t = xd_probe(test, &xe_hs, true, 0);
	u32 i;

	KUNIT_ASSERT_EQ(test, t->h.priv->caps.est_wid, 24u);
	KUNIT_ASSERT_EQ(test, t->h.priv->caps.est_depth, 64u);
	KUNIT_ASSERT_EQ(test, xe_start_a(t), 0);
	for (i = 0; i < ARRAY_SIZE(want); i++)
		KUNIT_EXPECT_EQ_MSG(test, t->m->est[0][i], want[i], "word %u",
				    i);
	KUNIT_EXPECT_EQ(test, xd_reg(t, XE_CTRL), 0x12000023u);
	KUNIT_EXPECT_EQ(test, xd_reg(t, XE_INT_EN), 0x1eu);
	/* no base time error: the base was ahead of the clock */
	KUNIT_EXPECT_EQ(test, t->m->est_sts, 0u);
	KUNIT_EXPECT_EQ(test, t->m->est_run, -1);

	xgm_set_time(t->m, XE_BASE - 1);
	KUNIT_EXPECT_EQ(test, t->m->est_run, -1);
	xgm_set_time(t->m, XE_BASE);
	KUNIT_EXPECT_EQ(test, t->m->est_run, 0);
	KUNIT_EXPECT_EQ(test, xd_reg(t, XE_CTRL), 0x12000021u);
	xe_del(t->h.dev);
	KUNIT_EXPECT_EQ(test, xd_reg(t, XE_CTRL) & 3, 0u);
	KUNIT_EXPECT_EQ(test, xd_reg(t, XE_INT_EN), 0u);
	xd_check_clean(t);
}

/* A closed gate holds its queue's frames in the MTL, in order; they go
 * when the clock reaches the queue's window, and none is lost or sent
 * twice.
 */
static void xe_gates_test(struct kunit *test)
{
	struct xd *t = xd_probe(test, &xe_hs, true, 0);
	const struct xgm_chan_stats *s4 = &t->m->st[4];

	KUNIT_ASSERT_EQ(test, xe_start_a(t), 0);
	xgm_set_time(t->m, XE_BASE + 100 * XE_US);
	xd_send_udp(t, 0, 4);
	KUNIT_EXPECT_EQ(test, t->m->st[0].est_held, 0ull);

	xd_queue_udp(t, 4, 5);
	KUNIT_EXPECT_EQ(test, s4->est_held, 5ull);
	KUNIT_EXPECT_EQ(test, s4->tx_segments, 0ull);
	xgm_set_time(t->m, XE_BASE + 599 * XE_US);
	dh_run(&t->h);
	KUNIT_EXPECT_EQ(test, s4->tx_segments, 0ull);
	xgm_set_time(t->m, XE_BASE + 600 * XE_US);
	dh_run(&t->h);
	KUNIT_EXPECT_EQ(test, s4->tx_segments, 5ull);
	dh_check(&t->h);

	/* now queue 0's gate is closed, until the next cycle */
	xd_queue_udp(t, 0, 3);
	KUNIT_EXPECT_EQ(test, t->m->st[0].tx_segments, 4ull);
	xgm_set_time(t->m, XE_BASE + 1000 * XE_US);
	dh_run(&t->h);
	KUNIT_EXPECT_EQ(test, t->m->st[0].tx_segments, 7ull);
	dh_check(&t->h);
	xe_del(t->h.dev);
	xd_check_clean(t);
}

/* A new schedule while one runs: written into the other list, the old
 * one running until the new one's base time; frames held across the
 * change all arrive, once. Its removal opens every gate.
 */
static void xe_replace_test(struct kunit *test)
{
	static const u32 b[][2] = { { 500000, 0x01 }, { 500000, 0x10 } };
	struct xd *t = xd_probe(test, &xe_hs, true, 0);
	const u64 base_b = XE_BASE + 20 * NSEC_PER_MSEC;
	struct tc_taprio_qopt_offload *q;

	KUNIT_ASSERT_EQ(test, xe_start_a(t), 0);
	xgm_set_time(t->m, XE_BASE + 2100 * XE_US);
	xd_queue_udp(t, 4, 3);
	KUNIT_EXPECT_EQ(test, t->m->st[4].tx_segments, 0ull);

	q = xe_sched(test, base_b, NSEC_PER_MSEC, 2, b);
	KUNIT_ASSERT_EQ(test, xe_call(t->h.dev, q, NULL), 0);
	KUNIT_EXPECT_EQ(test, t->m->est[1][0], 530000000u);
	KUNIT_EXPECT_EQ(test, t->m->est[1][1], 1000u);
	KUNIT_EXPECT_EQ(test, t->m->est[1][6], 0x0107a120u);
	KUNIT_EXPECT_EQ(test, t->m->est[1][7], 0x1007a120u);
	KUNIT_EXPECT_EQ(test, t->m->est_run, 0);
	/* A's window for queue 4 still comes */
	xgm_set_time(t->m, XE_BASE + 4600 * XE_US);
	dh_run(&t->h);
	KUNIT_EXPECT_EQ(test, t->m->st[4].tx_segments, 3ull);
	dh_check(&t->h);

	/* B from its base time: queue 1 never opens, queue 4 late */
	xgm_set_time(t->m, base_b + 100 * XE_US);
	KUNIT_EXPECT_EQ(test, t->m->est_run, 1);
	xd_queue_udp(t, 4, 3);
	xd_queue_udp(t, 1, 2);
	KUNIT_EXPECT_EQ(test, t->m->st[4].tx_segments, 3ull);
	KUNIT_EXPECT_EQ(test, t->m->st[1].tx_segments, 0ull);
	xgm_set_time(t->m, base_b + 600 * XE_US);
	dh_run(&t->h);
	KUNIT_EXPECT_EQ(test, t->m->st[4].tx_segments, 6ull);
	KUNIT_EXPECT_EQ(test, t->m->st[1].tx_segments, 0ull);
	xe_del(t->h.dev);
	dh_run(&t->h);
	KUNIT_EXPECT_EQ(test, t->m->st[1].tx_segments, 2ull);
	dh_check(&t->h);
	xd_check_clean(t);
}

/* Taken while down, programmed at ifup, again after each restart (the
 * core reset); the base time then from the clock the port set.
 */
static void xe_restart_test(struct kunit *test)
{
	struct xd *t = xd_probe(test, &xe_hs, true, 0);
	struct tc_taprio_qopt_offload *q;
	u64 base, rem;

	dh_close(&t->h);
	q = xe_sched(test, 0, NSEC_PER_MSEC, 2, xe_a);
	KUNIT_ASSERT_EQ(test, xe_call(t->h.dev, q, NULL), 0);
	KUNIT_EXPECT_EQ(test, xd_reg(t, XE_CTRL), 0u);
	dh_open(&t->h);
	KUNIT_EXPECT_EQ(test, xd_reg(t, XE_CTRL), 0x12000023u);
	KUNIT_EXPECT_EQ(test, t->m->est[0][5], 2u);
	KUNIT_EXPECT_EQ(test, t->m->est[0][7], 0xf0061a80u);
	KUNIT_EXPECT_EQ(test, t->m->est_sts, 0u);
	dh_close(&t->h);
	KUNIT_EXPECT_EQ(test, xd_reg(t, XE_CTRL) & 1, 0u);
	KUNIT_EXPECT_EQ(test, xd_reg(t, XE_INT_EN), 0u);
	dh_open(&t->h);
	KUNIT_EXPECT_EQ(test, xd_reg(t, XE_CTRL), 0x12000023u);
	/* the cycle the core starts on: within 10-11 ms of the clock */
	base = (u64)t->m->est[0][1] * NSEC_PER_SEC + t->m->est[0][0];
	div64_u64_rem(base, NSEC_PER_MSEC, &rem);
	KUNIT_EXPECT_EQ(test, rem, 0ull);
	KUNIT_EXPECT_GE(test, base, t->m->now + 10 * NSEC_PER_MSEC);
	KUNIT_EXPECT_LT(test, base, t->m->now + 11 * NSEC_PER_MSEC);
	xgm_set_time(t->m, base);
	KUNIT_EXPECT_EQ(test, t->m->est_run, 0);
	xd_send_udp(t, 0, 2);
	xgm_set_time(t->m, base + 700 * XE_US);
	xd_send_udp(t, 6, 2);
	xe_del(t->h.dev);
	xd_check_clean(t);
}

/* Refused with a message and nothing changed: what the list cannot
 * hold, times the core cannot take, a core without EST.
 */
static void xe_refuse_test(struct kunit *test)
{
	static const u32 bad[][2] = { { 0, 1 } };
	static const u32 wide[][2] = { { 100, 0x100 } };
	struct xd *t = xd_probe(test, &xe_hs, true, 0);
	struct stmmac_priv *priv = t->h.priv;
	struct netlink_ext_ack ext = {};
	struct tc_taprio_qopt_offload *q;
	u32 before[XGM_EST_REGS + 2];

	KUNIT_ASSERT_EQ(test, xe_start_a(t), 0);
	memcpy(before, t->m->est[0], sizeof(before));

	q = xe_sched(test, 0, NSEC_PER_MSEC, 1, bad);
	KUNIT_EXPECT_EQ(test, xe_call(t->h.dev, q, &ext), -ERANGE);
	KUNIT_EXPECT_NOT_NULL(test, ext._msg);
	q = xe_sched(test, 0, NSEC_PER_MSEC, 1, wide);
	KUNIT_EXPECT_EQ(test, xe_call(t->h.dev, q, &ext), -ERANGE);
	q = xe_sched(test, 0, NSEC_PER_MSEC, 2, xe_a);
	q->num_entries = 65;
	KUNIT_EXPECT_EQ(test, xe_call(t->h.dev, q, &ext), -EINVAL);
	q = xe_sched(test, -1, NSEC_PER_MSEC, 2, xe_a);
	KUNIT_EXPECT_EQ(test, xe_call(t->h.dev, q, &ext), -ERANGE);
	q = xe_sched(test, 0, 0, 2, xe_a);
	KUNIT_EXPECT_EQ(test, xe_call(t->h.dev, q, &ext), -ERANGE);
	q = xe_sched(test, 0, NSEC_PER_MSEC, 2, xe_a);
	q->cycle_time_extension = 1ULL << 31;
	KUNIT_EXPECT_EQ(test, xe_call(t->h.dev, q, &ext), -ERANGE);
	q = xe_sched(test, 0, 256ULL * NSEC_PER_SEC, 2, xe_a);
	KUNIT_EXPECT_EQ(test, xe_call(t->h.dev, q, &ext), -ERANGE);
	KUNIT_EXPECT_MEMEQ(test, t->m->est[0], before, sizeof(before));
	KUNIT_EXPECT_EQ(test, priv->est.cur.n, 2u);
	KUNIT_EXPECT_EQ(test, priv->est.cur.cycle_ns, (u64)NSEC_PER_MSEC);
	KUNIT_EXPECT_TRUE(test, priv->est.cur.on);

	/* a core built without EST */
	xe_del(t->h.dev);
	priv->caps.est_depth = 0;
	ext._msg = NULL;
	q = xe_sched(test, 0, NSEC_PER_MSEC, 2, xe_a);
	KUNIT_EXPECT_EQ(test, xe_call(t->h.dev, q, &ext), -EOPNOTSUPP);
	KUNIT_EXPECT_NOT_NULL(test, ext._msg);
	KUNIT_EXPECT_FALSE(test, priv->est.cur.on);
	priv->caps.est_depth = 64;
	xd_check_clean(t);
}

/* taprio's classes (which the qdisc gave the stack) into the MTL as
 * mqprio's, with their preemptible ones; queueMaxSDU per class: longer
 * frames dropped by xmit and counted as the qdisc's window drops.
 */
static void xe_classes_test(struct kunit *test)
{
	struct xd *t = xd_probe(test, &xe_hs, true, 0);
	struct net_device *dev = t->h.dev;
	struct tc_taprio_qopt_offload *q, st = {};
	struct sk_buff *skb;
	u32 id;

	xgm_set_time(t->m, XE_T0);
	q = xe_sched2(t, xe_a, 2);
	q->mqprio.preemptible_tcs = BIT(1);
	/* 242-byte frames: 228 bytes past the Ethernet header */
	q->max_sdu[1] = 228;
	KUNIT_ASSERT_EQ(test, xe_call(dev, q, NULL), 0);
	KUNIT_EXPECT_EQ(test, XE_Q2TC(3), 0u);
	KUNIT_EXPECT_EQ(test, XE_Q2TC(4), 1u);
	KUNIT_EXPECT_EQ(test, (xd_reg(t, 0x1090) >> 8) & 0xff, 0xf0u);
	KUNIT_EXPECT_EQ(test, t->h.priv->mqprio.roots, 1u);

	xgm_set_time(t->m, XE_BASE + 700 * XE_US);
	xd_send_udp(t, 5, 2);
	id = dh_id(&t->h);
	skb = dh_l4(&t->h, id, IPPROTO_UDP, false, 201, NULL, NULL, 0, true);
	KUNIT_ASSERT_NOT_NULL(test, skb);
	skb_set_queue_mapping(skb, 5);
	KUNIT_EXPECT_TRUE(test, dh_xmit(&t->h, skb, 5, false));
	dh_run(&t->h);
	KUNIT_EXPECT_EQ(test, t->m->st[5].tx_segments, 2ull);
	st.cmd = TAPRIO_CMD_STATS;
	KUNIT_EXPECT_EQ(test, xe_call(dev, &st, NULL), 0);
	KUNIT_EXPECT_EQ(test, st.stats.window_drops, 1ull);
	st.cmd = TAPRIO_CMD_QUEUE_STATS;
	st.queue_stats.queue = 5;
	KUNIT_EXPECT_EQ(test, xe_call(dev, &st, NULL), 0);
	KUNIT_EXPECT_EQ(test, st.queue_stats.stats.window_drops, 1ull);
	st.queue_stats.queue = 0;
	KUNIT_EXPECT_EQ(test, xe_call(dev, &st, NULL), 0);
	KUNIT_EXPECT_EQ(test, st.queue_stats.stats.window_drops, 0ull);

	xe_del(dev);
	KUNIT_EXPECT_EQ(test, t->h.priv->mqprio.num_tc, 0);
	KUNIT_EXPECT_EQ(test, XE_Q2TC(4), 4u);
	KUNIT_EXPECT_EQ(test, (xd_reg(t, 0x1090) >> 8) & 0xff, 0u);
	KUNIT_EXPECT_EQ(test, netdev_get_num_tc(dev), 0);
	xd_send_udp(t, 5, 1);
	xd_check_clean(t);
}

/* The value of ethtool -S counter @name */
static u64 xe_stat(struct xd *t, const char *name)
{
	const struct ethtool_ops *ops = t->h.dev->ethtool_ops;
	int n = ops->get_sset_count(t->h.dev, ETH_SS_STATS), i;
	u8 (*names)[ETH_GSTRING_LEN];
	u64 *val, v = U64_MAX;

	names = kunit_kcalloc(t->h.test, n, ETH_GSTRING_LEN, GFP_KERNEL);
	val = kunit_kcalloc(t->h.test, n, sizeof(*val), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(t->h.test, names);
	KUNIT_ASSERT_NOT_NULL(t->h.test, val);
	ops->get_strings(t->h.dev, ETH_SS_STATS, (u8 *)names);
	ops->get_ethtool_stats(t->h.dev, NULL, val);
	for (i = 0; i < n; i++)
		if (!strcmp(names[i], name))
			v = val[i];
	return v;
}

/* EST's errors, from the MAC interrupt: counted under upstream's names,
 * per queue for the qdisc, and cleared in the core.
 */
static void xe_events_test(struct kunit *test)
{
	struct xd *t = xd_probe(test, &xe_hs, true, 0);
	struct tc_taprio_qopt_offload st = {
		.cmd = TAPRIO_CMD_QUEUE_STATS,
	};

	KUNIT_ASSERT_EQ(test, xe_start_a(t), 0);
	/* CGCE, HLBS, HLBF, BTRE with one error (BTRL) */
	xgm_est_error(t->m, 0x11e, BIT(3), BIT(5));
	KUNIT_EXPECT_TRUE(test, xd_irqs(&t->h));
	xgm_sync(t->m);
	KUNIT_EXPECT_EQ(test, t->m->est_sts & 0x1f, 0u);
	KUNIT_EXPECT_EQ(test, t->m->est_sch, 0u);
	KUNIT_EXPECT_EQ(test, t->m->est_frm, 0u);
	KUNIT_EXPECT_FALSE(test, xd_irqs(&t->h));
	KUNIT_EXPECT_EQ(test, xe_stat(t, "mtl_est_cgce"), 1ull);
	KUNIT_EXPECT_EQ(test, xe_stat(t, "mtl_est_hlbs"), 1ull);
	KUNIT_EXPECT_EQ(test, xe_stat(t, "mtl_est_hlbf"), 1ull);
	KUNIT_EXPECT_EQ(test, xe_stat(t, "mtl_est_btre"), 1ull);
	KUNIT_EXPECT_EQ(test, xe_stat(t, "mtl_est_btrlm"), 0ull);
	/* the base time errors at their limit: the core gave up */
	xgm_est_error(t->m, 0xff02, 0, 0);
	KUNIT_EXPECT_TRUE(test, xd_irqs(&t->h));
	KUNIT_EXPECT_EQ(test, xe_stat(t, "mtl_est_btrlm"), 1ull);
	KUNIT_EXPECT_EQ(test, xe_stat(t, "mtl_est_btre"), 1ull);

	st.queue_stats.queue = 3;
	KUNIT_EXPECT_EQ(test, xe_call(t->h.dev, &st, NULL), 0);
	KUNIT_EXPECT_EQ(test, st.queue_stats.stats.window_drops, 1ull);
	st.queue_stats.queue = 5;
	KUNIT_EXPECT_EQ(test, xe_call(t->h.dev, &st, NULL), 0);
	KUNIT_EXPECT_EQ(test, st.queue_stats.stats.window_drops, 1ull);
	xe_del(t->h.dev);
	/* the qdisc's counters go with it; ethtool's stay */
	KUNIT_EXPECT_EQ(test, xe_call(t->h.dev, &st, NULL), 0);
	KUNIT_EXPECT_EQ(test, st.queue_stats.stats.window_drops, 0ull);
	KUNIT_EXPECT_EQ(test, xe_stat(t, "mtl_est_hlbf"), 1ull);
	xd_check_clean(t);
}

/* A second schedule before the first took over: the core takes no word
 * into a list waiting for its base time, so EST stops and starts again
 * with the new one.
 */
static void xe_pending_test(struct kunit *test)
{
	static const u32 c[][2] = { { 1000000, 0x30 } };
	struct xd *t = xd_probe(test, &xe_hs, true, 0);
	struct tc_taprio_qopt_offload *q;

	KUNIT_ASSERT_EQ(test, xe_start_a(t), 0);
	/* the model takes SSWL in: A waits for XE_BASE */
	xgm_sync(t->m);
	KUNIT_EXPECT_TRUE(test, t->m->est_armed);
	q = xe_sched(test, 0, NSEC_PER_MSEC, 1, c);
	KUNIT_ASSERT_EQ(test, xe_call(t->h.dev, q, NULL), 0);
	KUNIT_EXPECT_EQ(test, t->m->est[0][5], 1u);
	KUNIT_EXPECT_EQ(test, t->m->est[0][6], 0x300f4240u);
	KUNIT_EXPECT_EQ(test, xd_reg(t, XE_CTRL), 0x12000023u);
	xgm_set_time(t->m, XE_BASE);
	KUNIT_EXPECT_EQ(test, t->m->est_run, 0);
	xd_send_udp(t, 5, 2);
	xd_queue_udp(t, 0, 2);
	KUNIT_EXPECT_EQ(test, t->m->st[0].tx_segments, 0ull);
	xe_del(t->h.dev);
	dh_run(&t->h);
	dh_check(&t->h);
	xd_check_clean(t);
}

/* The model refuses the next @n words written to EST */
static void xe_refuse(struct xd *t, u32 n)
{
	xgm_sync(t->m);
	spin_lock_irq(&t->m->lock);
	t->m->est_refuse = n;
	spin_unlock_irq(&t->m->lock);
}

/* A list refused while another waits to take over: EST had to stop for
 * it, and the one waiting is written again.
 */
static void xe_pending_refused_test(struct kunit *test)
{
	static const u32 b[][2] = { { 1000000, 0x01 } };
	struct xd *t = xd_probe(test, &xe_hs, true, 0);
	struct tc_taprio_qopt_offload *q;

	KUNIT_ASSERT_EQ(test, xe_start_a(t), 0);
	xe_refuse(t, 1);
	KUNIT_EXPECT_TRUE(test, t->m->est_armed);
	q = xe_sched(test, 0, NSEC_PER_MSEC, 1, b);
	KUNIT_EXPECT_EQ(test, xe_call(t->h.dev, q, NULL), -EIO);
	KUNIT_EXPECT_EQ(test, xd_reg(t, XE_CTRL), 0x12000023u);
	KUNIT_EXPECT_EQ(test, t->m->est[0][5], 2u);
	KUNIT_EXPECT_EQ(test, t->m->est[0][7], 0xf0061a80u);
	KUNIT_EXPECT_TRUE(test, t->h.priv->est.live);
	xgm_set_time(t->m, XE_BASE + 700 * XE_US);
	KUNIT_EXPECT_EQ(test, t->m->est_run, 0);
	xd_send_udp(t, 6, 2);
	xe_del(t->h.dev);
	xd_check_clean(t);
}

/* A core that refuses the new list: the schedule running before runs on,
 * in the core and in the driver.
 */
static void xe_core_refuses_test(struct kunit *test)
{
	static const u32 b[][2] = { { 1000000, 0x01 } };
	struct xd *t = xd_probe(test, &xe_hs, true, 0);
	struct netlink_ext_ack ext = {};
	struct tc_taprio_qopt_offload *q;

	KUNIT_ASSERT_EQ(test, xe_start_a(t), 0);
	xgm_set_time(t->m, XE_BASE);
	KUNIT_ASSERT_EQ(test, t->m->est_run, 0);
	xe_refuse(t, 1);
	q = xe_sched(test, 0, NSEC_PER_MSEC, 1, b);
	KUNIT_EXPECT_EQ(test, xe_call(t->h.dev, q, &ext), -EIO);
	KUNIT_EXPECT_NOT_NULL(test, ext._msg);
	KUNIT_EXPECT_EQ(test, t->m->est_refuse, 0u);
	KUNIT_EXPECT_EQ(test, t->m->est_run, 0);
	KUNIT_EXPECT_EQ(test, xd_reg(t, XE_CTRL) & 1, 1u);
	KUNIT_ASSERT_EQ(test, t->h.priv->est.cur.n, 2u);
	KUNIT_EXPECT_EQ(test, t->h.priv->est.cur.gcl[1], 0xf0061a80u);
	xgm_set_time(t->m, XE_BASE + 700 * XE_US);
	xd_send_udp(t, 6, 2);
	xe_del(t->h.dev);
	xd_check_clean(t);
}

/* What every taprio root's set-up asks first */
static void xe_caps(struct net_device *dev)
{
	struct tc_taprio_caps caps = {};
	struct tc_query_caps_base base = {
		.type = TC_SETUP_QDISC_TAPRIO, .caps = &caps,
	};

	rtnl_lock();
	WARN_ON_ONCE(stmmac_setup_tc(dev, TC_QUERY_CAPS, &base));
	rtnl_unlock();
}

/* A new root's set-up (its caps asked, its REPLACE), as taprio makes it */
static int xe_new_root(struct net_device *dev, struct tc_taprio_qopt_offload *q)
{
	xe_caps(dev);
	return xe_call(dev, q, NULL);
}

/* Roots replaced the qdisc layer's way: the new root's REPLACE, then the
 * old root's DESTROY, which leaves the new schedule; a root whose set-up
 * fails after its REPLACE, whose DESTROY brings back the schedule and
 * classes before; a root without offload in place of an offloaded one,
 * and a root going with its device, which take schedule and classes
 * away.
 */
static void xe_roots_test(struct kunit *test)
{
	static const u32 b[][2] = { { 500000, 0xff }, { 500000, 0x0f } };
	static const u32 c[][2] = { { 1000000, 0x01 } };
	struct xd *t = xd_probe(test, &xe_hs, true, 0);
	struct stmmac_priv *priv = t->h.priv;
	struct net_device *dev = t->h.dev;
	struct Qdisc *t1 = xe_root(test, 0x10000), *t2 = xe_root(test, 0x20000);
	struct Qdisc *s3 = xe_root(test, 0x30000), *orig;
	struct tc_taprio_qopt_offload *q;

	xgm_set_time(t->m, XE_T0);
	KUNIT_ASSERT_EQ(test, xe_new_root(dev, xe_sched2(t, xe_a, 2)), 0);
	orig = xe_graft(dev, t1);
	KUNIT_EXPECT_EQ(test, priv->mqprio.roots, 1u);

	/* t2 replaces t1 */
	KUNIT_ASSERT_EQ(test, xe_new_root(dev, xe_sched2(t, b, 2)), 0);
	xe_graft(dev, t2);
	KUNIT_EXPECT_EQ(test, xe_cmd(dev, TAPRIO_CMD_DESTROY), 0);
	KUNIT_ASSERT_TRUE(test, priv->est.cur.on);
	KUNIT_EXPECT_EQ(test, priv->est.cur.gcl[0], 0xff07a120u);
	KUNIT_EXPECT_EQ(test, xd_reg(t, XE_CTRL) & 1, 1u);
	KUNIT_EXPECT_EQ(test, priv->mqprio.roots, 1u);
	KUNIT_EXPECT_EQ(test, XE_Q2TC(3), 0u);

	/* a third root, classes 2@0 6@2, fails after its REPLACE */
	q = xe_sched(test, 0, NSEC_PER_MSEC, 1, c);
	q->mqprio.qopt.num_tc = 2;
	q->mqprio.qopt.count[0] = 2;
	q->mqprio.qopt.count[1] = 6;
	q->mqprio.qopt.offset[1] = 2;
	KUNIT_ASSERT_EQ(test, xe_new_root(dev, q), 0);
	KUNIT_EXPECT_EQ(test, t->m->est[0][6], 0x010f4240u);
	KUNIT_EXPECT_EQ(test, XE_Q2TC(3), 1u);
	KUNIT_EXPECT_EQ(test, xe_cmd(dev, TAPRIO_CMD_DESTROY), 0);
	KUNIT_EXPECT_EQ(test, priv->est.cur.n, 2u);
	KUNIT_EXPECT_EQ(test, t->m->est[0][6], 0xff07a120u);
	KUNIT_EXPECT_EQ(test, t->m->est[0][7], 0x0f07a120u);
	KUNIT_EXPECT_EQ(test, XE_Q2TC(3), 0u);
	KUNIT_EXPECT_EQ(test, XE_Q2TC(4), 1u);
	KUNIT_EXPECT_EQ(test, priv->mqprio.roots, 1u);

	/* t2 changed in place (caps, REPLACE), then a taprio root without
	 * offload replaces it: its set-up asks the caps, makes no REPLACE;
	 * t2's DESTROY takes the schedule away
	 */
	KUNIT_ASSERT_EQ(test, xe_new_root(dev, xe_sched2(t, b, 2)), 0);
	xe_caps(dev);
	xe_graft(dev, s3);
	KUNIT_EXPECT_EQ(test, xe_cmd(dev, TAPRIO_CMD_DESTROY), 0);
	KUNIT_EXPECT_FALSE(test, priv->est.cur.on);
	KUNIT_EXPECT_EQ(test, xd_reg(t, XE_CTRL) & 1, 0u);
	KUNIT_EXPECT_EQ(test, priv->mqprio.num_tc, 0);
	KUNIT_EXPECT_EQ(test, priv->mqprio.roots, 0u);

	/* t1 again, changed in place, then unregistered: it goes while
	 * still the root, its count at 0
	 */
	KUNIT_ASSERT_EQ(test, xe_new_root(dev, xe_sched2(t, xe_a, 2)), 0);
	xe_graft(dev, t1);
	KUNIT_ASSERT_EQ(test, xe_new_root(dev, xe_sched2(t, b, 2)), 0);
	refcount_set(&t1->refcnt, 0);
	KUNIT_EXPECT_EQ(test, xe_cmd(dev, TAPRIO_CMD_DESTROY), 0);
	KUNIT_EXPECT_FALSE(test, priv->est.cur.on);
	KUNIT_EXPECT_EQ(test, priv->mqprio.num_tc, 0);
	xe_graft(dev, orig);
	xd_send_udp(t, 5, 2);
	xd_check_clean(t);
}

/* Queues 2 and 3 without a checksum engine, in taprio's class 0: a frame
 * that needs one stays there (software checksum) rather than go to queues
 * 0 and 1, which no class names and whose gates never open.
 */
static void xe_pick_test(struct kunit *test)
{
	struct xd *t = xd_probe(test, &xe_hs, true, 0x0c);
	struct tc_taprio_qopt_offload *q;
	struct net_device *dev = t->h.dev;

	xgm_set_time(t->m, XE_T0);
	KUNIT_EXPECT_EQ(test, t->h.priv->tx_pick[2], 0xffu);
	q = xe_sched(test, 0, NSEC_PER_MSEC, 2, xe_a);
	xe_classes(t, q, 2, 2, 2, 4);
	KUNIT_ASSERT_EQ(test, xe_call(dev, q, NULL), 0);
	KUNIT_EXPECT_EQ(test, t->h.priv->tx_pick[2], 0x0cu);
	KUNIT_EXPECT_EQ(test, t->h.priv->tx_pick[4], 0x30u);
	xe_del(dev);
	KUNIT_EXPECT_EQ(test, t->h.priv->tx_pick[2], 0xffu);
	xd_check_clean(t);
}

static int xe_suite_init(struct kunit_suite *suite)
{
	return dh_suite_init(&xe_hs);
}

static void xe_suite_exit(struct kunit_suite *suite)
{
	dh_suite_exit(&xe_hs);
}

static struct kunit_case xe_cases[] = {
	KUNIT_CASE(xe_entries_test),
	KUNIT_CASE(xe_program_test),
	KUNIT_CASE(xe_gates_test),
	KUNIT_CASE(xe_replace_test),
	KUNIT_CASE(xe_restart_test),
	KUNIT_CASE(xe_refuse_test),
	KUNIT_CASE(xe_classes_test),
	KUNIT_CASE(xe_events_test),
	KUNIT_CASE(xe_pending_test),
	KUNIT_CASE(xe_core_refuses_test),
	KUNIT_CASE(xe_pending_refused_test),
	KUNIT_CASE(xe_roots_test),
	KUNIT_CASE(xe_pick_test),
	{}
};

static struct kunit_suite xe_suite = {
	.name = "stmmac_xgmac_est",
	.suite_init = xe_suite_init,
	.suite_exit = xe_suite_exit,
	.test_cases = xe_cases,
};

kunit_test_suite(xe_suite);
