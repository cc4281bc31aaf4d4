// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests for stmmac_coal.c: the decision tables, ethtool validation
 * and read-back, and the TX timer on a real hrtimer and a real NAPI.
 */

#include <kunit/test.h>
#include <linux/atomic.h>
#include <linux/delay.h>
#include <linux/etherdevice.h>
#include <linux/jiffies.h>
#include <linux/netdevice.h>
#include <linux/string.h>

#include "../stmmac.h"
#include "../stmmac_compat.h"

/* A fake IP core that records what the coalescing code asked of it. */
/* xmit's own context: bottom halves off. The counters behind these are
 * u64_stats, whose 32-bit writers must not be preempted.
 */
static bool xmit_tx_ic(struct stmmac_coal *coal, struct stmmac_coal_txq *q,
		       u32 usecs, u32 ndesc, bool xmit_more, bool hwts,
		       bool stops)
{
	bool ic;

	local_bh_disable();
	ic = stmmac_coal_tx_ic(coal, q, usecs, ndesc, xmit_more, hwts, stops);
	local_bh_enable();
	return ic;
}

static void xmit_tx_kick(struct stmmac_coal *coal, struct stmmac_coal_txq *q,
			 u32 usecs)
{
	local_bh_disable();
	stmmac_coal_tx_kick(coal, q, usecs);
	local_bh_enable();
}

struct fake_hw_log {
	int irq_disable_calls;
	int tx_ack_calls;
	/* order of the last calls: 1, 2, ... as they came */
	int seq;
	int irq_disable_seq;
	int tx_ack_seq;
	u32 last_chan;
	bool last_rx;
	bool last_tx;
	u32 riwt[STMMAC_MAX_QUEUES];
	int riwt_writes;
};

static struct fake_hw_log fake_log;

static void fake_dma_irq_enable(void __iomem *ioaddr, u32 chan, bool rx, bool tx)
{
}

static void fake_dma_irq_disable(void __iomem *ioaddr, u32 chan, bool rx, bool tx)
{
	fake_log.irq_disable_calls++;
	fake_log.irq_disable_seq = ++fake_log.seq;
	fake_log.last_chan = chan;
	fake_log.last_rx = rx;
	fake_log.last_tx = tx;
}

static void fake_rx_watchdog(void __iomem *ioaddr, u32 queue, u32 riwt)
{
	fake_log.riwt[queue] = riwt;
	fake_log.riwt_writes++;
}

static void fake_dma_tx_ack(void __iomem *ioaddr, u32 chan)
{
	fake_log.tx_ack_calls++;
	fake_log.tx_ack_seq = ++fake_log.seq;
}

static const struct stmmac_hw_ops fake_hw = {
	.dma_irq_enable = fake_dma_irq_enable,
	.dma_irq_disable = fake_dma_irq_disable,
	.dma_tx_ack = fake_dma_tx_ack,
	.rx_watchdog = fake_rx_watchdog,
};

/* (a) The TX timer rule: every combination of its inputs. */

struct timer_case {
	enum stmmac_coal_rule rule;
	u32 usecs;
	bool covered;
	bool napi;
	bool pending;
	enum stmmac_coal_timer_act want;
};

#define ONCE	STMMAC_COAL_RULE_ONCE
#define RESTART	STMMAC_COAL_RULE_RESTART
#define T_OFF	STMMAC_COAL_TIMER_OFF
#define T_COV	STMMAC_COAL_TIMER_COVERED
#define T_CAN	STMMAC_COAL_TIMER_CANCEL
#define T_KEEP	STMMAC_COAL_TIMER_KEEP
#define T_ARM	STMMAC_COAL_TIMER_ARM

/*
 * Ours: nothing without tx-usecs; nothing when an interrupt (the newest
 * frame's IC) or a NAPI poll is already to come, and never a cancel; a
 * pending window is kept; otherwise a window opens. Upstream's rule cancels
 * when NAPI is scheduled and restarts otherwise, covered or not.
 */
static const struct timer_case timer_cases[] = {
	{ ONCE, 0, false, false, false, T_OFF },
	{ ONCE, 0, false, true, true, T_OFF },
	{ ONCE, 0, true, false, true, T_OFF },
	{ ONCE, 0, true, true, false, T_OFF },
	{ ONCE, 1, false, false, false, T_ARM },
	{ ONCE, 1, false, false, true, T_KEEP },
	{ ONCE, 1, false, true, false, T_COV },
	{ ONCE, 1, false, true, true, T_COV },
	{ ONCE, 1, true, false, false, T_COV },
	{ ONCE, 1, true, false, true, T_COV },
	{ ONCE, 1, true, true, false, T_COV },
	{ ONCE, 1, true, true, true, T_COV },
	{ ONCE, 100000, false, false, false, T_ARM },
	{ ONCE, 100000, false, false, true, T_KEEP },
	{ ONCE, 100000, false, true, true, T_COV },
	{ ONCE, 100000, true, false, false, T_COV },
	{ RESTART, 0, false, false, false, T_OFF },
	{ RESTART, 0, true, true, true, T_OFF },
	{ RESTART, 5000, false, false, false, T_ARM },
	{ RESTART, 5000, false, false, true, T_ARM },
	{ RESTART, 5000, true, false, true, T_ARM },
	{ RESTART, 5000, false, true, false, T_CAN },
	{ RESTART, 5000, true, true, true, T_CAN },
};

static void timer_rule_table_test(struct kunit *test)
{
	const struct timer_case *c;
	int i;

	for (i = 0; i < ARRAY_SIZE(timer_cases); i++) {
		c = &timer_cases[i];
		KUNIT_EXPECT_EQ_MSG(test,
				    stmmac_coal_timer_decide(c->rule, c->usecs,
							     c->covered, c->napi,
							     c->pending),
				    c->want,
				    "rule %d usecs %u covered %d napi %d pending %d",
				    c->rule, c->usecs, c->covered, c->napi,
				    c->pending);
	}
}

/* (b) The IC decision. */

struct ic_case {
	const char *what;
	struct stmmac_coal_ic_in in;
	bool want;
};

#define IC(w, u, f, s, n, m, h, r) \
	{ w, { .usecs = u, .frames = f, .since_ic = s, .ndesc = n, \
	       .xmit_more = m, .hwts = h }, r }

/*
 * No IC at the end of a burst (in a one-flow flood every frame ends one):
 * only every tx-frames descriptors, on timestamped frames, and on every
 * frame without a timer.
 */
static const struct ic_case ic_cases[] = {
	IC("end of burst", 5000, 25, 0, 1, false, false, false),
	IC("end of burst, multi-desc", 5000, 25, 3, 4, false, false, false),
	IC("end of burst, reaches tx-frames", 5000, 25, 24, 1, false, false, true),
	IC("mid burst, first", 5000, 25, 0, 1, true, false, false),
	IC("mid burst, one short of tx-frames", 5000, 25, 23, 1, true, false, false),
	IC("mid burst, reaches tx-frames", 5000, 25, 24, 1, true, false, true),
	IC("mid burst, multi-desc crosses tx-frames", 5000, 25, 20, 6, true, false, true),
	IC("mid burst, multi-desc stops short", 5000, 25, 20, 4, true, false, false),
	IC("frame alone larger than tx-frames", 5000, 4, 0, 5, true, false, true),
	IC("tx-frames 1", 5000, 1, 0, 1, true, false, true),
	IC("tx-frames 256, 255 queued", 5000, 256, 255, 1, true, false, true),
	IC("hw timestamp mid burst", 5000, 25, 0, 1, true, true, true),
	IC("hw timestamp, tx-frames 0", 5000, 0, 0, 1, true, true, true),
	IC("tx-frames 0: timer only, end of burst", 5000, 0, 0, 1, false, false, false),
	IC("tx-frames 0: timer only, mid burst", 5000, 0, 100, 1, true, false, false),
	IC("tx-usecs 0, mid burst", 0, 25, 0, 1, true, false, true),
	IC("tx-usecs 0, end of burst", 0, 25, 0, 1, false, false, true),
	IC("tx-usecs 0, tx-frames 256", 0, 256, 0, 1, true, false, true),
	IC("tx-usecs 0, tx-frames 0", 0, 0, 0, 1, true, false, true),
};

/* The previous policy, still selectable for the benchmark: IC at burst end. */
static const struct ic_case burst_cases[] = {
	IC("end of burst", 5000, 25, 0, 1, false, false, true),
	IC("end of burst, multi-desc", 5000, 25, 3, 4, false, false, true),
	IC("mid burst", 5000, 25, 3, 1, true, false, false),
	IC("mid burst, reaches tx-frames", 5000, 25, 24, 1, true, false, true),
	IC("tx-frames 0: timer only, end of burst", 5000, 0, 0, 1, false, false, false),
};

/* The frame that fills the ring: the queue stops behind it, so only its
 * completion can restart it (issue: tx-usecs 100000 tx-frames 256 on a
 * 64-entry ring waited out every window, ~630 frames/s).
 */
static const struct ic_case stop_cases[] = {
	IC("fills the ring, mid burst", 100000, 256, 10, 1, true, false, true),
	IC("fills the ring, tx-frames 0", 5000, 0, 40, 1, true, false, true),
	IC("fills the ring, end of burst", 5000, 25, 3, 1, false, false, true),
};

static void ic_table_test(struct kunit *test)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(ic_cases); i++)
		KUNIT_EXPECT_EQ_MSG(test, stmmac_coal_tx_ic_decide(&ic_cases[i].in),
				    ic_cases[i].want, "%s", ic_cases[i].what);
	for (i = 0; i < ARRAY_SIZE(stop_cases); i++) {
		struct stmmac_coal_ic_in in = stop_cases[i].in;

		in.stops = true;
		KUNIT_EXPECT_EQ_MSG(test, stmmac_coal_tx_ic_decide(&in),
				    stop_cases[i].want, "%s", stop_cases[i].what);
	}
	for (i = 0; i < ARRAY_SIZE(burst_cases); i++) {
		struct stmmac_coal_ic_in in = burst_cases[i].in;

		in.burst_ic = true;
		KUNIT_EXPECT_EQ_MSG(test, stmmac_coal_tx_ic_decide(&in),
				    burst_cases[i].want, "burst_ic: %s",
				    burst_cases[i].what);
	}
}

/* The counter behind the IC decision, through the module's wrapper. */
static void ic_counter_test(struct kunit *test)
{
	struct stmmac_coal *coal = kunit_kzalloc(test, sizeof(*coal), GFP_KERNEL);
	struct stmmac_coal_txq *q;
	int i, ics = 0;

	KUNIT_ASSERT_NOT_NULL(test, coal);
	q = &coal->tx[0];
	/* as stmmac_coal_init() sets them up, for lockdep on 32-bit */
	u64_stats_init(&q->ctr_xmit.syncp);
	u64_stats_init(&q->ctr_poll.syncp);
	u64_stats_init(&q->ctr_timer.syncp);
	u64_stats_init(&q->ctr_set.syncp);
	q->frames = 25;
	for (i = 1; i <= 60; i++) {
		bool ic = xmit_tx_ic(coal, q, 5000, 1, true, false, false);

		KUNIT_EXPECT_EQ_MSG(test, ic, i % 25 == 0, "frame %d", i);
		ics += ic;
	}
	KUNIT_EXPECT_EQ(test, ics, 2);
	KUNIT_EXPECT_EQ(test, q->since_ic, 10u);
	/* The end of the burst adds no IC: the timer covers it. */
	KUNIT_EXPECT_FALSE(test, xmit_tx_ic(coal, q, 5000, 1, false, false,
					    false));
	KUNIT_EXPECT_EQ(test, q->since_ic, 11u);
	/* The benchmark's switch back to it exists only with the hooks. */
	coal->burst_ic = true;
	KUNIT_EXPECT_EQ(test, xmit_tx_ic(coal, q, 5000, 1, false, false,
					 false),
			IS_ENABLED(CONFIG_STMMAC_TEST_HOOKS));
	q->since_ic = 0;

	/* Timer only: the count must not wrap back to "signalled". */
	q->frames = 0;
	q->since_ic = U16_MAX - 1;
	KUNIT_EXPECT_FALSE(test, xmit_tx_ic(coal, q, 5000, 18, true, false,
					    false));
	KUNIT_EXPECT_EQ(test, q->since_ic, (u32)U16_MAX);
}

struct done_case {
	u32 usecs;
	bool pending;
	bool unsignalled;
	bool last_done;
	enum stmmac_coal_done_act want;
};

/*
 * Frames whose newest has IC will interrupt; others need the timer, or at
 * tx-usecs 0 (frames queued before it was set) the fixed-rate drain timer,
 * never a NAPI that reschedules itself.
 */
static const struct done_case done_cases[] = {
	{ 0, false, false, false, STMMAC_COAL_DONE_IDLE },
	{ 0, false, true, false, STMMAC_COAL_DONE_IDLE },
	{ 0, true, false, false, STMMAC_COAL_DONE_IDLE },
	{ 0, true, true, false, STMMAC_COAL_DONE_DRAIN },
	{ 1000, false, false, false, STMMAC_COAL_DONE_IDLE },
	{ 1000, false, true, false, STMMAC_COAL_DONE_IDLE },
	{ 1000, true, false, false, STMMAC_COAL_DONE_IDLE },
	{ 1000, true, true, false, STMMAC_COAL_DONE_TIMER },
	/* The newest has IC and is done: its TI may have latched under the
	 * mask and interrupt no more at the unmask: poll again.
	 */
	{ 0, true, false, true, STMMAC_COAL_DONE_POLL },
	{ 1000, true, false, true, STMMAC_COAL_DONE_POLL },
	/* Done without IC: the timer, as when not done */
	{ 0, true, true, true, STMMAC_COAL_DONE_DRAIN },
	{ 1000, true, true, true, STMMAC_COAL_DONE_TIMER },
};

static void done_table_test(struct kunit *test)
{
	const struct done_case *c;
	int i;

	for (i = 0; i < ARRAY_SIZE(done_cases); i++) {
		c = &done_cases[i];
		KUNIT_EXPECT_EQ_MSG(test,
				    stmmac_coal_done_decide(c->usecs, c->pending,
							    c->unsignalled,
							    c->last_done),
				    c->want,
				    "usecs %u pending %d unsignalled %d done %d",
				    c->usecs, c->pending, c->unsignalled,
				    c->last_done);
	}
}

static void rx_ic_test(struct kunit *test)
{
	struct stmmac_coal_rxq q = { .frames = 4 };
	int i;

	KUNIT_EXPECT_TRUE(test, stmmac_coal_rx_ic_decide(false, 0, 0));
	KUNIT_EXPECT_TRUE(test, stmmac_coal_rx_ic_decide(false, 4, 1));
	KUNIT_EXPECT_FALSE(test, stmmac_coal_rx_ic_decide(true, 0, 0));
	KUNIT_EXPECT_FALSE(test, stmmac_coal_rx_ic_decide(true, 0, 1000));
	KUNIT_EXPECT_TRUE(test, stmmac_coal_rx_ic_decide(true, 1, 0));
	KUNIT_EXPECT_FALSE(test, stmmac_coal_rx_ic_decide(true, 4, 2));
	KUNIT_EXPECT_TRUE(test, stmmac_coal_rx_ic_decide(true, 4, 3));

	for (i = 1; i <= 12; i++)
		KUNIT_EXPECT_EQ_MSG(test, stmmac_coal_rx_ic(&q, true), i % 4 == 0,
				    "descriptor %d", i);
}

static void riwt_conversion_test(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, stmmac_coal_usec2riwt(100, 250000000), 97u);
	KUNIT_EXPECT_EQ(test, stmmac_coal_riwt2usec(0xa0, 250000000), 163u);
	KUNIT_EXPECT_EQ(test, stmmac_coal_usec2riwt(100, 0), 0u);
	KUNIT_EXPECT_EQ(test, stmmac_coal_riwt2usec(0xa0, 999999), 0u);
	KUNIT_EXPECT_EQ(test, stmmac_coal_usec2riwt(U32_MAX, 4000000000UL), U32_MAX);
}

/*
 * The largest shift s <= 10 whose budget, 2^-s seconds, covers tx-usecs
 * plus 250 us of NAPI latency: 5250 us needs 2^-7 (7812 us; 2^-8 is 3906),
 * 1250 us needs 2^-9 (1953; 2^-10 is 976), 976 us still fits 2^-10 (976.6)
 * but 977 us does not, 100250 us needs 2^-3 (125000; 2^-4 is 62500).
 */
static void pacing_shift_test(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, stmmac_coal_pacing_shift(0), 10);
	KUNIT_EXPECT_EQ(test, stmmac_coal_pacing_shift(100), 10);
	KUNIT_EXPECT_EQ(test, stmmac_coal_pacing_shift(726), 10);
	KUNIT_EXPECT_EQ(test, stmmac_coal_pacing_shift(727), 9);
	KUNIT_EXPECT_EQ(test, stmmac_coal_pacing_shift(1000), 9);
	KUNIT_EXPECT_EQ(test, stmmac_coal_pacing_shift(5000), 7);
	KUNIT_EXPECT_EQ(test, stmmac_coal_pacing_shift(100000), 3);
}

/* A lower tx-usecs moves a window only if it would end later than that. */
static void shorten_test(struct kunit *test)
{
	KUNIT_EXPECT_TRUE(test, stmmac_coal_shorten_decide(100000000, 10));
	KUNIT_EXPECT_TRUE(test, stmmac_coal_shorten_decide(10001, 10));
	KUNIT_EXPECT_FALSE(test, stmmac_coal_shorten_decide(10000, 10));
	KUNIT_EXPECT_FALSE(test, stmmac_coal_shorten_decide(5000, 10));
	KUNIT_EXPECT_FALSE(test, stmmac_coal_shorten_decide(-1, 10));
	KUNIT_EXPECT_TRUE(test, stmmac_coal_shorten_decide(1, 0));
	KUNIT_EXPECT_FALSE(test, stmmac_coal_shorten_decide(0, 0));
}

/* (c) ethtool validation and read-back, on a real net_device. */

#define CLK_250MHZ	250000000UL

KUNIT_DEFINE_ACTION_WRAPPER(free_netdev_action, free_netdev, struct net_device *);

static struct stmmac_priv *coal_dev(struct kunit *test, u32 txq, u32 rxq,
				    unsigned long clk, bool riwt)
{
	struct net_device *dev;
	struct stmmac_priv *priv;
	int i;

	dev = alloc_etherdev_mqs(sizeof(*priv), STMMAC_MAX_QUEUES,
				 STMMAC_MAX_QUEUES);
	KUNIT_ASSERT_NOT_NULL(test, dev);
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test,
							   free_netdev_action,
							   dev));
	priv = netdev_priv(dev);
	priv->dev = dev;
	priv->hw = &fake_hw;
	priv->tx_queues = txq;
	priv->rx_queues = rxq;
	for (i = 0; i < STMMAC_MAX_QUEUES; i++) {
		spin_lock_init(&priv->channel[i].lock);
		priv->channel[i].priv = priv;
		priv->channel[i].index = i;
	}
	stmmac_coal_init(priv, clk, riwt);
	return priv;
}

/* Every queue's values as ethtool --per-queue reads them. */
struct coal_snapshot {
	struct ethtool_coalesce q[STMMAC_MAX_QUEUES];
};

static struct coal_snapshot *snapshot(struct kunit *test)
{
	struct coal_snapshot *s = kunit_kzalloc(test, sizeof(*s), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, s);
	return s;
}

static void read_all(struct stmmac_priv *priv, struct coal_snapshot *snap)
{
	struct ethtool_coalesce *ec = snap->q;
	u32 q;

	memset(snap, 0, sizeof(*snap));
	for (q = 0; q < max(priv->tx_queues, priv->rx_queues); q++)
		stmmac_coal_get_queue(priv->dev, q, &ec[q]);
}

enum coal_field { TX_USECS, TX_FRAMES, RX_USECS, RX_FRAMES };

struct check_case {
	enum coal_field field;
	u32 value;
	bool ok;
	const char *names;	/* what a rejection's message must name */
};

/* At 250 MHz the RX watchdog 0x10..0xff spans rx-usecs 17..262. */
static const struct check_case riwt_cases[] = {
	{ TX_USECS, 0, true },
	{ TX_USECS, 1, true },
	{ TX_USECS, 100000, true },
	{ TX_USECS, 100001, false, "tx-usecs" },
	{ TX_USECS, U32_MAX, false, "tx-usecs" },
	{ TX_FRAMES, 0, true },
	{ TX_FRAMES, 1, true },
	{ TX_FRAMES, 256, true },
	{ TX_FRAMES, 257, false, "tx-frames" },
	{ RX_USECS, 0, false, "rx-usecs" },
	{ RX_USECS, 16, false, "rx-usecs" },
	{ RX_USECS, 17, true },
	{ RX_USECS, 262, true },
	{ RX_USECS, 263, false, "rx-usecs" },
	{ RX_FRAMES, 0, true },
	{ RX_FRAMES, 1, true },
	{ RX_FRAMES, 256, true },
	{ RX_FRAMES, 257, false, "rx-frames" },
};

static const struct check_case no_riwt_cases[] = {
	{ RX_USECS, 0, true },
	{ RX_USECS, 1, false, "rx-usecs" },
	{ RX_FRAMES, 1, false, "rx-frames" },
	{ TX_USECS, 100000, true },
	{ TX_USECS, 100001, false, "tx-usecs" },
};

static void set_field(struct ethtool_coalesce *ec, enum coal_field f, u32 v)
{
	switch (f) {
	case TX_USECS:
		ec->tx_coalesce_usecs = v;
		break;
	case TX_FRAMES:
		ec->tx_max_coalesced_frames = v;
		break;
	case RX_USECS:
		ec->rx_coalesce_usecs = v;
		break;
	case RX_FRAMES:
		ec->rx_max_coalesced_frames = v;
		break;
	}
}

/* Apply one case to all queues (@queue < 0) or one, and check read-back. */
static void run_check_case(struct kunit *test, struct stmmac_priv *priv,
			   const struct check_case *c, int queue)
{
	struct coal_snapshot *before = snapshot(test), *after = snapshot(test);
	struct kernel_ethtool_coalesce kec = {};
	struct netlink_ext_ack extack = {};
	struct ethtool_coalesce ec = {};
	int ret, q;

	read_all(priv, before);
	ec = before->q[queue < 0 ? 0 : queue];
	set_field(&ec, c->field, c->value);
	/* tx-usecs 0 needs tx-frames, tx-frames 0 needs tx-usecs. */
	if (c->field == TX_USECS && !c->value)
		ec.tx_max_coalesced_frames = 1;
	if (c->field == TX_FRAMES && !c->value)
		ec.tx_coalesce_usecs = 1;

	if (queue < 0)
		ret = stmmac_coal_set(priv->dev, &ec, &kec, &extack);
	else
		ret = stmmac_coal_set_queue(priv->dev, queue, &ec);
	read_all(priv, after);

	KUNIT_EXPECT_EQ_MSG(test, ret, c->ok ? 0 : -EINVAL,
			    "field %d value %u queue %d", c->field, c->value, queue);
	if (!c->ok) {
		KUNIT_EXPECT_MEMEQ_MSG(test, before, after, sizeof(*before),
				       "field %d value %u queue %d changed state",
				       c->field, c->value, queue);
		if (queue < 0)
			KUNIT_EXPECT_NOT_NULL_MSG(test, strstr(extack._msg ?: "", c->names),
						  "message '%s' should name %s",
						  extack._msg, c->names);
		return;
	}
	for (q = 0; q < STMMAC_MAX_QUEUES; q++) {
		const struct ethtool_coalesce *want = &before->q[q];
		bool tx = q < priv->tx_queues, rx = q < priv->rx_queues;

		if (queue < 0 || q == queue)
			want = &ec;
		KUNIT_EXPECT_EQ_MSG(test, after->q[q].tx_coalesce_usecs,
				    tx ? want->tx_coalesce_usecs : 0, "queue %d", q);
		KUNIT_EXPECT_EQ_MSG(test, after->q[q].tx_max_coalesced_frames,
				    tx ? want->tx_max_coalesced_frames : 0, "queue %d", q);
		if (!priv->coal.has_riwt)
			rx = false;
		KUNIT_EXPECT_EQ_MSG(test, after->q[q].rx_coalesce_usecs,
				    rx ? want->rx_coalesce_usecs : 0, "queue %d", q);
		KUNIT_EXPECT_EQ_MSG(test, after->q[q].rx_max_coalesced_frames,
				    rx ? want->rx_max_coalesced_frames : 0, "queue %d", q);
	}
}

static void run_check_table(struct kunit *test, struct stmmac_priv *priv,
			    const struct check_case *cases, int n)
{
	int i, nq = max(priv->tx_queues, priv->rx_queues);

	for (i = 0; i < n; i++) {
		run_check_case(test, priv, &cases[i], -1);
		run_check_case(test, priv, &cases[i], 0);
		run_check_case(test, priv, &cases[i], nq - 1);
	}
}

static void defaults_test(struct kunit *test)
{
	struct stmmac_priv *priv = coal_dev(test, 8, 8, CLK_250MHZ, true);
	struct kernel_ethtool_coalesce kec = {};
	struct ethtool_coalesce ec = {};

	KUNIT_ASSERT_EQ(test, stmmac_coal_get(priv->dev, &ec, &kec, NULL), 0);
	KUNIT_EXPECT_EQ(test, ec.tx_coalesce_usecs, 5000u);
	KUNIT_EXPECT_EQ(test, ec.tx_max_coalesced_frames, 25u);
	KUNIT_EXPECT_EQ(test, ec.rx_max_coalesced_frames, 0u);
	KUNIT_EXPECT_EQ(test, ec.rx_coalesce_usecs, stmmac_coal_riwt2usec(0xa0, CLK_250MHZ));
	KUNIT_EXPECT_EQ(test, priv->coal.rx[7].riwt, 0xa0u);
	KUNIT_EXPECT_EQ(test, priv->coal.rule, STMMAC_COAL_RULE_ONCE);
}

static void validation_riwt_test(struct kunit *test)
{
	struct stmmac_priv *priv = coal_dev(test, 8, 8, CLK_250MHZ, true);

	run_check_table(test, priv, riwt_cases, ARRAY_SIZE(riwt_cases));
}

static void validation_no_riwt_test(struct kunit *test)
{
	struct stmmac_priv *priv = coal_dev(test, 1, 1, CLK_250MHZ, false);

	run_check_table(test, priv, no_riwt_cases, ARRAY_SIZE(no_riwt_cases));
	/* A RIWT-capable core whose clock is unknown cannot use it. */
	priv = coal_dev(test, 1, 1, 0, true);
	KUNIT_EXPECT_FALSE(test, priv->coal.has_riwt);
}

static void validation_both_zero_test(struct kunit *test)
{
	struct stmmac_priv *priv = coal_dev(test, 4, 4, CLK_250MHZ, true);
	struct coal_snapshot *before = snapshot(test), *after = snapshot(test);
	struct kernel_ethtool_coalesce kec = {};
	struct netlink_ext_ack extack = {};
	struct ethtool_coalesce ec;

	read_all(priv, before);
	ec = before->q[0];
	ec.tx_coalesce_usecs = 0;
	ec.tx_max_coalesced_frames = 0;
	KUNIT_EXPECT_EQ(test, stmmac_coal_set(priv->dev, &ec, &kec, &extack), -EINVAL);
	KUNIT_EXPECT_NOT_NULL(test, strstr(extack._msg ?: "", "both be 0"));
	KUNIT_EXPECT_EQ(test, stmmac_coal_set_queue(priv->dev, 3, &ec), -EINVAL);
	read_all(priv, after);
	KUNIT_EXPECT_MEMEQ(test, before, after, sizeof(*before));
}

/* Queues that exist on one side only, and queues that do not exist. */
static void asymmetric_queues_test(struct kunit *test)
{
	struct stmmac_priv *priv = coal_dev(test, 2, 4, CLK_250MHZ, true);
	struct kernel_ethtool_coalesce kec = {};
	struct ethtool_coalesce ec = {};

	KUNIT_EXPECT_EQ(test, stmmac_coal_get_queue(priv->dev, 4, &ec), -EINVAL);
	KUNIT_EXPECT_EQ(test, stmmac_coal_set_queue(priv->dev, 4, &ec), -EINVAL);

	KUNIT_ASSERT_EQ(test, stmmac_coal_get_queue(priv->dev, 3, &ec), 0);
	KUNIT_EXPECT_EQ(test, ec.tx_coalesce_usecs, 0u);
	KUNIT_EXPECT_EQ(test, ec.tx_max_coalesced_frames, 0u);
	/* What get returned for an RX-only queue is accepted back... */
	ec.rx_max_coalesced_frames = 8;
	KUNIT_EXPECT_EQ(test, stmmac_coal_set_queue(priv->dev, 3, &ec), 0);
	KUNIT_EXPECT_EQ(test, priv->coal.rx[3].frames, 8u);
	/* ...but TX values for it are not silently dropped. */
	ec.tx_coalesce_usecs = 100;
	KUNIT_EXPECT_EQ(test, stmmac_coal_set_queue(priv->dev, 3, &ec), -EINVAL);

	/* ethtool -C sets the queues not in use too: ethtool -L may bring
	 * them back, and they must not come back with stale values.
	 */
	KUNIT_ASSERT_EQ(test, stmmac_coal_get(priv->dev, &ec, &kec, NULL), 0);
	ec.tx_coalesce_usecs = 77;
	KUNIT_EXPECT_EQ(test, stmmac_coal_set(priv->dev, &ec, &kec, NULL), 0);
	KUNIT_EXPECT_EQ(test, priv->coal.tx[1].usecs, 77u);
	KUNIT_EXPECT_EQ(test, priv->coal.tx[2].usecs, 77u);
	KUNIT_EXPECT_EQ(test, priv->coal.tx[STMMAC_MAX_QUEUES - 1].usecs, 77u);
}

static void rx_program_test(struct kunit *test)
{
	struct stmmac_priv *priv = coal_dev(test, 3, 3, CLK_250MHZ, true);

	memset(&fake_log, 0, sizeof(fake_log));
	priv->coal.rx[1].riwt = 0x42;
	stmmac_coal_rx_program(priv);
	KUNIT_EXPECT_EQ(test, fake_log.riwt_writes, 3);
	KUNIT_EXPECT_EQ(test, fake_log.riwt[0], 0xa0u);
	KUNIT_EXPECT_EQ(test, fake_log.riwt[1], 0x42u);

	priv = coal_dev(test, 3, 3, CLK_250MHZ, false);
	memset(&fake_log, 0, sizeof(fake_log));
	stmmac_coal_rx_program(priv);
	KUNIT_EXPECT_EQ(test, fake_log.riwt_writes, 0);
}

/* (e) The real hrtimer and a real NAPI. */

/*
 * Long enough that a host stalling QEMU between two steps of a test cannot
 * make the timer expire in between: the tests must not depend on timing.
 */
#define LONG_USECS	STMMAC_COAL_TX_USECS_MAX

static atomic_t test_polls;
/* Set: the poll models a link that is down, frames stay pending forever. */
static struct stmmac_coal *stuck_coal;

static int test_tx_poll(struct napi_struct *napi, int budget)
{
	atomic_inc(&test_polls);
	if (napi_complete_done(napi, 0) && stuck_coal)
		stmmac_coal_tx_done(stuck_coal, &stuck_coal->tx[0], true,
				    false);
	return 0;
}

struct timer_fixture {
	struct net_device *ndev;
	struct stmmac_priv *priv;
	struct stmmac_coal_txq *q;
};

static int timer_fixture_init(struct kunit *test)
{
	struct timer_fixture *f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);
	struct stmmac_channel *ch;

	if (!f)
		return -ENOMEM;
	f->ndev = alloc_netdev_dummy(0);
	f->priv = kunit_kzalloc(test, sizeof(*f->priv), GFP_KERNEL);
	if (!f->ndev || !f->priv) {
		free_netdev(f->ndev);
		return -ENOMEM;
	}
	f->priv->hw = &fake_hw;
	f->priv->tx_queues = 1;
	f->priv->rx_queues = 1;
	ch = &f->priv->channel[0];
	spin_lock_init(&ch->lock);
	ch->priv = f->priv;
	netif_napi_add_tx(f->ndev, &ch->tx_napi, test_tx_poll);
	napi_enable(&ch->tx_napi);
	stmmac_coal_init(f->priv, 0, false);
	f->q = &f->priv->coal.tx[0];
	memset(&fake_log, 0, sizeof(fake_log));
	atomic_set(&test_polls, 0);
	stuck_coal = NULL;
	test->priv = f;
	return 0;
}

static void timer_fixture_exit(struct kunit *test)
{
	struct timer_fixture *f = test->priv;
	struct napi_struct *napi = &f->priv->channel[0].tx_napi;

	stuck_coal = NULL;
	napi_disable(napi);
	stmmac_coal_stop(f->priv);
	netif_napi_del(napi);
	free_netdev(f->ndev);
}

static bool wait_for(atomic_t *v, int want, unsigned int ms)
{
	unsigned long end = jiffies + msecs_to_jiffies(ms);

	while (atomic_read(v) < want && time_before(jiffies, end))
		usleep_range(500, 1000);
	return atomic_read(v) >= want;
}

/* A frame without IC behind it, as xmit leaves it before the kick. */
static void queue_uncovered(struct kunit *test, struct timer_fixture *f)
{
	bool ic = xmit_tx_ic(&f->priv->coal, f->q, LONG_USECS, 1, true,
				    false, false);

	KUNIT_EXPECT_FALSE(test, ic);
}

static void real_timer_fires_once_test(struct kunit *test)
{
	struct timer_fixture *f = test->priv;
	struct stmmac_coal_stats s;
	ktime_t first;

	queue_uncovered(test, f);
	xmit_tx_kick(&f->priv->coal, f->q, LONG_USECS);
	KUNIT_ASSERT_TRUE(test, hrtimer_is_queued(&f->q->timer));
	first = hrtimer_get_expires(&f->q->timer);
	usleep_range(100, 200);
	queue_uncovered(test, f);
	xmit_tx_kick(&f->priv->coal, f->q, LONG_USECS);
	KUNIT_EXPECT_EQ(test, ktime_to_ns(hrtimer_get_expires(&f->q->timer)),
			ktime_to_ns(first));

	KUNIT_ASSERT_TRUE(test, wait_for(&test_polls, 1, 2000));
	msleep(LONG_USECS / 1000 + 50);	/* a restarted timer would have fired */
	stmmac_coal_tx_stats(f->q, &s);
	KUNIT_EXPECT_EQ(test, s.armed, 1ull);
	KUNIT_EXPECT_EQ(test, s.fired, 1ull);
	KUNIT_EXPECT_EQ(test, s.napi, 1ull);
	KUNIT_EXPECT_EQ(test, atomic_read(&test_polls), 1);
	KUNIT_EXPECT_EQ(test, fake_log.irq_disable_calls, 1);
	KUNIT_EXPECT_EQ(test, fake_log.last_chan, 0u);
	KUNIT_EXPECT_FALSE(test, fake_log.last_rx);
	KUNIT_EXPECT_TRUE(test, fake_log.last_tx);
	/* TI acknowledged before the mask (stmmac_coal_tx_napi()) */
	KUNIT_EXPECT_EQ(test, fake_log.tx_ack_calls, 1);
	KUNIT_EXPECT_LT(test, fake_log.tx_ack_seq, fake_log.irq_disable_seq);
	KUNIT_EXPECT_FALSE(test, hrtimer_active(&f->q->timer));
}

/* The newest frame has IC: its interrupt covers everything, no timer. */
static void real_timer_covered_test(struct kunit *test)
{
	struct timer_fixture *f = test->priv;
	struct stmmac_coal_stats s;

	queue_uncovered(test, f);
	f->q->frames = 2;
	KUNIT_EXPECT_TRUE(test, xmit_tx_ic(&f->priv->coal, f->q,
					   LONG_USECS, 1, false, false,
					   false));
	xmit_tx_kick(&f->priv->coal, f->q, LONG_USECS);
	KUNIT_EXPECT_FALSE(test, hrtimer_active(&f->q->timer));
	stmmac_coal_tx_stats(f->q, &s);
	KUNIT_EXPECT_EQ(test, s.armed + s.cancelled, 0ull);
	KUNIT_EXPECT_EQ(test, s.ic_set, 1ull);
}

/*
 * NAPI scheduled while a window is open: the timer is left alone (no
 * cancel, no restart) and fires once later, for nothing.
 */
static void real_timer_napi_keeps_test(struct kunit *test)
{
	struct timer_fixture *f = test->priv;
	struct napi_struct *napi = &f->priv->channel[0].tx_napi;
	struct stmmac_coal_stats s;
	ktime_t first;

	queue_uncovered(test, f);
	xmit_tx_kick(&f->priv->coal, f->q, LONG_USECS);
	KUNIT_ASSERT_TRUE(test, hrtimer_is_queued(&f->q->timer));
	first = hrtimer_get_expires(&f->q->timer);
	local_bh_disable();
	napi_schedule(napi);
	queue_uncovered(test, f);
	xmit_tx_kick(&f->priv->coal, f->q, LONG_USECS);
	KUNIT_EXPECT_TRUE(test, hrtimer_is_queued(&f->q->timer));
	KUNIT_EXPECT_EQ(test, ktime_to_ns(hrtimer_get_expires(&f->q->timer)),
			ktime_to_ns(first));
	local_bh_enable();
	KUNIT_ASSERT_TRUE(test, wait_for(&test_polls, 2, 2000));
	stmmac_coal_tx_stats(f->q, &s);
	KUNIT_EXPECT_EQ(test, s.armed, 1ull);
	KUNIT_EXPECT_EQ(test, s.cancelled, 0ull);
	KUNIT_EXPECT_EQ(test, s.fired, 1ull);
}

/* Upstream's rule, kept for the benchmark: NAPI scheduled cancels. */
static void real_timer_restart_rule_test(struct kunit *test)
{
	struct timer_fixture *f = test->priv;
	struct napi_struct *napi = &f->priv->channel[0].tx_napi;
	struct stmmac_coal_stats s;

	f->priv->coal.rule = STMMAC_COAL_RULE_RESTART;
	xmit_tx_kick(&f->priv->coal, f->q, LONG_USECS);
	KUNIT_ASSERT_TRUE(test, hrtimer_is_queued(&f->q->timer));
	local_bh_disable();
	napi_schedule(napi);
	xmit_tx_kick(&f->priv->coal, f->q, LONG_USECS);
	KUNIT_EXPECT_FALSE(test, hrtimer_is_queued(&f->q->timer));
	local_bh_enable();
	KUNIT_ASSERT_TRUE(test, wait_for(&test_polls, 1, 2000));
	stmmac_coal_tx_stats(f->q, &s);
	KUNIT_EXPECT_EQ(test, s.armed, 1ull);
	KUNIT_EXPECT_EQ(test, s.cancelled, 1ull);
	KUNIT_EXPECT_EQ(test, s.fired, 0ull);
}

static void real_timer_usecs_zero_test(struct kunit *test)
{
	struct timer_fixture *f = test->priv;
	struct stmmac_coal_stats s;

	f->q->since_ic = 1;
	xmit_tx_kick(&f->priv->coal, f->q, 0);
	KUNIT_EXPECT_FALSE(test, hrtimer_active(&f->q->timer));
	stmmac_coal_tx_stats(f->q, &s);
	KUNIT_EXPECT_EQ(test, s.armed + s.cancelled + s.drains, 0ull);
}

static void real_timer_stop_test(struct kunit *test)
{
	struct timer_fixture *f = test->priv;
	struct stmmac_coal_stats s;

	queue_uncovered(test, f);
	xmit_tx_kick(&f->priv->coal, f->q, LONG_USECS);
	KUNIT_ASSERT_TRUE(test, hrtimer_is_queued(&f->q->timer));
	stmmac_coal_stop(f->priv);
	KUNIT_EXPECT_FALSE(test, hrtimer_active(&f->q->timer));
	msleep(LONG_USECS / 1000 + 50);
	stmmac_coal_tx_stats(f->q, &s);
	KUNIT_EXPECT_EQ(test, s.fired, 0ull);
	KUNIT_EXPECT_EQ(test, atomic_read(&test_polls), 0);
}

/* TX NAPI's decision as it completes, applied to the real timer. */
static void done_timer_test(struct kunit *test)
{
	struct timer_fixture *f = test->priv;
	struct stmmac_coal_stats s;

	WRITE_ONCE(f->q->usecs, LONG_USECS);
	local_bh_disable();
	/* The newest pending frame has IC: its interrupt will come. */
	stmmac_coal_tx_done(&f->priv->coal, f->q, true, false);
	KUNIT_EXPECT_FALSE(test, hrtimer_active(&f->q->timer));
	queue_uncovered(test, f);
	stmmac_coal_tx_done(&f->priv->coal, f->q, false, false);
	KUNIT_EXPECT_FALSE(test, hrtimer_active(&f->q->timer));
	stmmac_coal_tx_done(&f->priv->coal, f->q, true, false);
	KUNIT_EXPECT_TRUE(test, hrtimer_is_queued(&f->q->timer));
	stmmac_coal_tx_done(&f->priv->coal, f->q, true, false);
	local_bh_enable();
	stmmac_coal_tx_stats(f->q, &s);
	KUNIT_EXPECT_EQ(test, s.armed, 1ull);
	KUNIT_EXPECT_EQ(test, s.drains, 0ull);
}

/* The newest pending frame has IC and was done when NAPI looked after its
 * unmask: its TI may have latched under the mask, and a core need not
 * interrupt for it again. NAPI polls once more, TX masked, no timer.
 */
static void done_poll_test(struct kunit *test)
{
	struct timer_fixture *f = test->priv;
	int polls = atomic_read(&test_polls);

	local_bh_disable();
	stmmac_coal_tx_done(&f->priv->coal, f->q, true, true);
	KUNIT_EXPECT_FALSE(test, hrtimer_active(&f->q->timer));
	local_bh_enable();
	KUNIT_EXPECT_TRUE(test, wait_for(&test_polls, polls + 1, 2000));
	KUNIT_EXPECT_EQ(test, fake_log.irq_disable_calls, 1);
	KUNIT_EXPECT_TRUE(test, fake_log.last_tx);
}

/*
 * Frames queued under tx-usecs > 0, then tx-usecs set to 0, and the link
 * down so that they never complete: each poll finds them pending. They are
 * polled every STMMAC_COAL_TX_DRAIN_USECS, not in a NAPI that reschedules
 * itself (which polled ~1000 times more here and kept a CPU in softirq).
 */
static void done_drain_link_down_test(struct kunit *test)
{
	struct timer_fixture *f = test->priv;
	struct stmmac_coal_stats s;
	int polls;

	queue_uncovered(test, f);
	WRITE_ONCE(f->q->usecs, 0);
	stuck_coal = &f->priv->coal;
	local_bh_disable();
	stmmac_coal_tx_done(&f->priv->coal, f->q, true, false);
	KUNIT_EXPECT_TRUE(test, hrtimer_is_queued(&f->q->timer));
	KUNIT_EXPECT_LE(test, ktime_to_us(hrtimer_get_remaining(&f->q->timer)),
			(s64)STMMAC_COAL_TX_DRAIN_USECS);
	local_bh_enable();
	KUNIT_ASSERT_TRUE(test, wait_for(&test_polls, 2, 2000));
	msleep(100);
	polls = atomic_read(&test_polls);
	stuck_coal = NULL;
	/* 100 ms at one poll per ms, with room for a slow host. */
	KUNIT_EXPECT_LE(test, polls, 160);
	stmmac_coal_tx_stats(f->q, &s);
	KUNIT_EXPECT_EQ(test, s.armed, 0ull);
	KUNIT_EXPECT_GE(test, s.drains, 2ull);
	KUNIT_EXPECT_LE(test, s.drains, s.fired + 1);
}

/*
 * xmit found an IC frame already completed (the GMAC DMA ran ahead of the
 * doorbell, and the NAPI its interrupt ran could not see the frame yet): TX
 * NAPI runs, with the TX interrupt masked; if it is already scheduled it
 * polls once more rather than completing. Either way TI is acknowledged
 * first, or its latched completion would interrupt again at the unmask.
 */
static void tx_napi_catchup_test(struct kunit *test)
{
	struct timer_fixture *f = test->priv;
	struct napi_struct *napi = &f->priv->channel[0].tx_napi;
	bool scheduled;

	local_bh_disable();
	scheduled = stmmac_coal_tx_napi(f->q);
	local_bh_enable();
	KUNIT_EXPECT_TRUE(test, scheduled);
	KUNIT_ASSERT_TRUE(test, wait_for(&test_polls, 1, 2000));
	KUNIT_EXPECT_EQ(test, fake_log.irq_disable_calls, 1);
	KUNIT_EXPECT_TRUE(test, fake_log.last_tx);
	KUNIT_EXPECT_FALSE(test, fake_log.last_rx);
	KUNIT_EXPECT_EQ(test, fake_log.tx_ack_calls, 1);
	KUNIT_EXPECT_LT(test, fake_log.tx_ack_seq, fake_log.irq_disable_seq);

	local_bh_disable();
	napi_schedule(napi);
	scheduled = stmmac_coal_tx_napi(f->q);
	local_bh_enable();
	KUNIT_EXPECT_FALSE(test, scheduled);
	KUNIT_EXPECT_EQ(test, fake_log.tx_ack_calls, 2);
	KUNIT_EXPECT_EQ(test, fake_log.irq_disable_calls, 1);
	KUNIT_ASSERT_TRUE(test, wait_for(&test_polls, 3, 2000));
	msleep(20);
	KUNIT_EXPECT_EQ(test, atomic_read(&test_polls), 3);
}

static void shorten_cleanup(void *data)
{
	struct stmmac_priv *priv = data;
	struct napi_struct *napi = &priv->channel[0].tx_napi;

	napi_disable(napi);
	stmmac_coal_stop(priv);
	netif_napi_del(napi);
	clear_bit(__LINK_STATE_START, &priv->dev->state);
}

/*
 * A 100 ms window is open when tx-usecs drops to 10: from the change on,
 * no frame waits longer than 10 us (+ timer latency), so NAPI must run well
 * before the old window would have ended.
 */
static void real_timer_shorten_test(struct kunit *test)
{
	struct stmmac_priv *priv = coal_dev(test, 1, 1, 0, false);
	struct kernel_ethtool_coalesce kec = {};
	struct netlink_ext_ack extack = {};
	struct stmmac_coal_txq *q = &priv->coal.tx[0];
	struct ethtool_coalesce ec = {};
	struct stmmac_coal_stats s;

	netif_napi_add_tx(priv->dev, &priv->channel[0].tx_napi, test_tx_poll);
	napi_enable(&priv->channel[0].tx_napi);
	set_bit(__LINK_STATE_START, &priv->dev->state);
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test, shorten_cleanup,
							   priv));
	atomic_set(&test_polls, 0);
	stuck_coal = NULL;

	/* xmit's context: BH off (its counters' writers need it). */
	q->since_ic = 1;
	local_bh_disable();
	xmit_tx_kick(&priv->coal, q, LONG_USECS);
	local_bh_enable();
	KUNIT_ASSERT_TRUE(test, hrtimer_is_queued(&q->timer));
	KUNIT_ASSERT_EQ(test, stmmac_coal_get(priv->dev, &ec, &kec, NULL), 0);
	ec.tx_coalesce_usecs = 10;
	KUNIT_ASSERT_EQ(test, stmmac_coal_set(priv->dev, &ec, &kec, &extack), 0);
	KUNIT_EXPECT_LE(test, ktime_to_us(hrtimer_get_remaining(&q->timer)), 10);
	KUNIT_EXPECT_TRUE(test, wait_for(&test_polls, 1, LONG_USECS / 1000 / 2));
	stmmac_coal_tx_stats(q, &s);
	KUNIT_EXPECT_EQ(test, s.armed, 1ull);
	KUNIT_EXPECT_EQ(test, s.cancelled, 1ull);

	/* Raising it leaves an open window alone. */
	q->since_ic = 1;
	local_bh_disable();
	xmit_tx_kick(&priv->coal, q, 10000);
	local_bh_enable();
	ec.tx_coalesce_usecs = LONG_USECS;
	KUNIT_ASSERT_EQ(test, stmmac_coal_set(priv->dev, &ec, &kec, &extack), 0);
	KUNIT_EXPECT_LE(test, ktime_to_us(hrtimer_get_remaining(&q->timer)), 10000);
	stmmac_coal_tx_stats(q, &s);
	KUNIT_EXPECT_EQ(test, s.cancelled, 1ull);
}

static struct kunit_case stmmac_coal_decision_cases[] = {
	KUNIT_CASE(timer_rule_table_test),
	KUNIT_CASE(ic_table_test),
	KUNIT_CASE(ic_counter_test),
	KUNIT_CASE(done_table_test),
	KUNIT_CASE(rx_ic_test),
	KUNIT_CASE(riwt_conversion_test),
	KUNIT_CASE(pacing_shift_test),
	KUNIT_CASE(shorten_test),
	{}
};

static struct kunit_suite stmmac_coal_decision_suite = {
	.name = "stmmac_coal_decisions",
	.test_cases = stmmac_coal_decision_cases,
};

static struct kunit_case stmmac_coal_ethtool_cases[] = {
	KUNIT_CASE(defaults_test),
	KUNIT_CASE(validation_riwt_test),
	KUNIT_CASE(validation_no_riwt_test),
	KUNIT_CASE(validation_both_zero_test),
	KUNIT_CASE(asymmetric_queues_test),
	KUNIT_CASE(rx_program_test),
	{}
};

static struct kunit_suite stmmac_coal_ethtool_suite = {
	.name = "stmmac_coal_ethtool",
	.test_cases = stmmac_coal_ethtool_cases,
};

static struct kunit_case stmmac_coal_timer_cases[] = {
	KUNIT_CASE(real_timer_fires_once_test),
	KUNIT_CASE(real_timer_covered_test),
	KUNIT_CASE(real_timer_napi_keeps_test),
	KUNIT_CASE(real_timer_restart_rule_test),
	KUNIT_CASE(real_timer_usecs_zero_test),
	KUNIT_CASE(real_timer_stop_test),
	KUNIT_CASE(done_timer_test),
	KUNIT_CASE(done_poll_test),
	KUNIT_CASE(done_drain_link_down_test),
	KUNIT_CASE(real_timer_shorten_test),
	KUNIT_CASE(tx_napi_catchup_test),
	{}
};

static struct kunit_suite stmmac_coal_timer_suite = {
	.name = "stmmac_coal_timer",
	.init = timer_fixture_init,
	.exit = timer_fixture_exit,
	.test_cases = stmmac_coal_timer_cases,
};

kunit_test_suites(&stmmac_coal_decision_suite, &stmmac_coal_ethtool_suite,
		  &stmmac_coal_timer_suite);

MODULE_DESCRIPTION("KUnit tests for stmmac interrupt coalescing");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(STMMAC_KUNIT_NS);
