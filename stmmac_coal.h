/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Interrupt coalescing for stmmac: the per-queue state, the TX timer and
 * every decision about it, the interrupt-on-completion (IC) bits, the RX
 * watchdog and the ethtool coalescing interface.
 *
 * The decisions are pure functions of plain values (the *_decide() helpers)
 * so that KUnit can check them exhaustively; the thin wrappers around them
 * read the state, apply the decision and count it.
 */

#ifndef __STMMAC_COAL_H__
#define __STMMAC_COAL_H__

#include <linux/compiler.h>
#include <linux/ethtool.h>
#include <linux/hrtimer.h>
#include <linux/netlink.h>
#include <linux/types.h>
#include <linux/u64_stats_sync.h>
#include <net/sock.h>

#define STMMAC_MAX_QUEUES		8

#define STMMAC_COAL_TX_USECS_DEF	5000
#define STMMAC_COAL_TX_USECS_MAX	100000
#define STMMAC_COAL_TX_FRAMES_DEF	25
#define STMMAC_COAL_TX_FRAMES_MAX	256
/* With tx-usecs 0, how often frames queued before it was set are polled */
#define STMMAC_COAL_TX_DRAIN_USECS	1000
/* TCP's own TSQ budget: 2^-10 s of data at the pacing rate */
#define STMMAC_COAL_PACING_SHIFT_DEF	10
#define STMMAC_COAL_RX_FRAMES_DEF	0
#define STMMAC_COAL_RX_FRAMES_MAX	256
/* RX watchdog, in units of 256 MAC clock cycles */
#define STMMAC_COAL_RIWT_MIN		0x10
#define STMMAC_COAL_RIWT_MAX		0xff
#define STMMAC_COAL_RIWT_DEF		0xa0

/*
 * ethtool_ops.supported_coalesce_params: RX coalescing only works with an RX
 * watchdog, so cores without one should offer the TX parameters alone.
 */
#define STMMAC_COAL_ETHTOOL_PARAMS_TX \
	(ETHTOOL_COALESCE_TX_USECS | ETHTOOL_COALESCE_TX_MAX_FRAMES)
#define STMMAC_COAL_ETHTOOL_PARAMS_RIWT \
	(STMMAC_COAL_ETHTOOL_PARAMS_TX | ETHTOOL_COALESCE_RX_USECS | \
	 ETHTOOL_COALESCE_RX_MAX_FRAMES)

struct net_device;
struct stmmac_channel;
struct stmmac_priv;

/**
 * enum stmmac_coal_rule - when a TX submission (re)starts the TX timer
 * @STMMAC_COAL_RULE_ONCE: only when it is not pending, so the window opens
 *	at the first pending packet and is never pushed back (ours)
 * @STMMAC_COAL_RULE_RESTART: on every submission, as upstream 6.12 does;
 *	kept only to measure the difference in the benchmark
 */
enum stmmac_coal_rule {
	STMMAC_COAL_RULE_ONCE,
	STMMAC_COAL_RULE_RESTART,
};

/**
 * enum stmmac_coal_timer_act - what to do with the TX timer
 * @STMMAC_COAL_TIMER_OFF: tx-usecs is 0: the timer is not used at all
 * @STMMAC_COAL_TIMER_COVERED: leave the timer alone: an interrupt is to
 *	come for every pending frame (the newest has IC), or NAPI is
 *	scheduled and applies the rule again when it completes
 * @STMMAC_COAL_TIMER_CANCEL: upstream 6.12's rule only: NAPI is scheduled,
 *	cancel a pending timer
 * @STMMAC_COAL_TIMER_KEEP: the timer is pending: keep its expiry
 * @STMMAC_COAL_TIMER_ARM: start the timer for tx-usecs
 */
enum stmmac_coal_timer_act {
	STMMAC_COAL_TIMER_OFF,
	STMMAC_COAL_TIMER_COVERED,
	STMMAC_COAL_TIMER_CANCEL,
	STMMAC_COAL_TIMER_KEEP,
	STMMAC_COAL_TIMER_ARM,
};

/**
 * enum stmmac_coal_done_act - what TX NAPI does as it completes
 * @STMMAC_COAL_DONE_IDLE: nothing: the ring is clean, or the last pending
 *	descriptor has IC set and its interrupt will come
 * @STMMAC_COAL_DONE_TIMER: frames without a trailing IC are pending: apply
 *	the TX timer rule
 * @STMMAC_COAL_DONE_DRAIN: the same with tx-usecs 0 (only just after
 *	tx-usecs was set to 0): start the timer for
 *	%STMMAC_COAL_TX_DRAIN_USECS, so that a DMA that does not progress
 *	(link down) is polled at a bounded rate
 * @STMMAC_COAL_DONE_POLL: the last pending descriptor has IC and is done
 *	already: its TI may have latched while masked and interrupt no
 *	more, so poll again now
 */
enum stmmac_coal_done_act {
	STMMAC_COAL_DONE_IDLE,
	STMMAC_COAL_DONE_TIMER,
	STMMAC_COAL_DONE_DRAIN,
	STMMAC_COAL_DONE_POLL,
};

/**
 * struct stmmac_coal_ic_in - what the IC decision for one frame depends on
 * @usecs: tx-usecs, as read once for this frame
 * @frames: tx-frames
 * @since_ic: descriptors queued since the last one with IC set
 * @ndesc: descriptors of this frame
 * @xmit_more: the stack has more frames for this queue right now
 * @hwts: a hardware TX timestamp was requested for this frame
 * @stops: after this frame the queue stops until a completion wakes it:
 *	the ring has no room for another, or BQL's limit is reached
 * @burst_ic: also set IC at the end of every xmit burst (the previous
 *	policy, kept for the benchmark: &stmmac_coal.burst_ic)
 */
struct stmmac_coal_ic_in {
	u32 usecs;
	u32 frames;
	u32 since_ic;
	u32 ndesc;
	bool xmit_more;
	bool hwts;
	bool stops;
	bool burst_ic;
};

/**
 * struct stmmac_coal_ctr - coalescing counters written by one context
 * @syncp: makes the 64-bit counters safe to read on 32-bit machines
 * @armed: TX timer started (once per window, not per frame)
 * @cancelled: TX timer cancelled (upstream's rule, benchmark only) or
 *	moved earlier because tx-usecs was lowered
 * @ic_set: IC bits set on TX descriptors
 * @drains: drain timer started: frames without IC pending at tx-usecs 0
 * @fired: TX timer expired
 * @napi: TX NAPI scheduled by the timer
 *
 * Nothing here is counted per frame but IC bits, which are at most one
 * every tx-frames descriptors. Each instance has a single writer (xmit
 * under the queue's lock, the TX NAPI poll, the timer callback, or ethtool
 * under RTNL), as u64_stats requires.
 */
struct stmmac_coal_ctr {
	struct u64_stats_sync syncp;
	u64_stats_t armed;
	u64_stats_t cancelled;
	u64_stats_t ic_set;
	u64_stats_t drains;
	u64_stats_t fired;
	u64_stats_t napi;
};

/**
 * struct stmmac_coal_stats - a snapshot of one TX queue's counters
 * @armed: see &struct stmmac_coal_ctr
 * @cancelled: see &struct stmmac_coal_ctr
 * @ic_set: see &struct stmmac_coal_ctr
 * @drains: see &struct stmmac_coal_ctr
 * @fired: see &struct stmmac_coal_ctr
 * @napi: see &struct stmmac_coal_ctr
 */
struct stmmac_coal_stats {
	u64 armed;
	u64 cancelled;
	u64 ic_set;
	u64 drains;
	u64 fired;
	u64 napi;
};

/**
 * struct stmmac_coal_txq - coalescing state of one TX queue
 * @timer: the TX coalescing timer; nothing outside stmmac_coal.c touches it
 * @chan: the DMA channel whose TX NAPI the timer schedules
 * @usecs: tx-usecs (0: no timer, IC on every frame)
 * @frames: tx-frames (0: no IC from frame counting)
 * @since_ic: descriptors queued since the last IC bit; written by xmit
 *	under the queue's xmit lock, read by TX NAPI
 * @pacing_shift: what TCP is told of the completion delay tx-usecs allows
 *	(see stmmac_coal_pacing_shift())
 * @ctr_xmit: counters written by the xmit path
 * @ctr_poll: counters written by the TX NAPI poll
 * @ctr_timer: counters written by the timer callback
 * @ctr_set: counters written by ethtool, under RTNL
 */
struct stmmac_coal_txq {
	struct hrtimer timer;
	struct stmmac_channel *chan;
	u32 usecs;
	u32 frames;
	u32 since_ic;
	u8 pacing_shift;
	struct stmmac_coal_ctr ctr_xmit;
	struct stmmac_coal_ctr ctr_poll;
	struct stmmac_coal_ctr ctr_timer;
	struct stmmac_coal_ctr ctr_set;
};

/**
 * struct stmmac_coal_rxq - coalescing state of one RX queue
 * @usecs: rx-usecs as last set, so that it reads back unrounded
 * @riwt: RX watchdog, in units of 256 MAC clock cycles
 * @frames: rx-frames: IC on every Nth refilled descriptor (0: watchdog only)
 * @since_ic: descriptors refilled since the last one with IC; RX NAPI only
 */
struct stmmac_coal_rxq {
	u32 usecs;
	u32 riwt;
	u32 frames;
	u32 since_ic;
};

/**
 * struct stmmac_coal - coalescing state of a device
 * @tx: per TX queue
 * @rx: per RX queue
 * @clk_rate: MAC clock in Hz, the time base of the RX watchdog (0: unknown)
 * @has_riwt: the core has a working RX watchdog
 * @rule: TX timer rule; %STMMAC_COAL_RULE_ONCE unless benchmarking
 * @burst_ic: IC at the end of every xmit burst too; only read with
 *	CONFIG_STMMAC_TEST_HOOKS (debugfs coal_burst_ic), see
 *	stmmac_coal_burst_ic()
 * @pacing: tell TCP the completion delay; only read with
 *	CONFIG_STMMAC_TEST_HOOKS (debugfs coal_pacing), see
 *	stmmac_coal_pacing()
 */
struct stmmac_coal {
	struct stmmac_coal_txq tx[STMMAC_MAX_QUEUES];
	struct stmmac_coal_rxq rx[STMMAC_MAX_QUEUES];
	unsigned long clk_rate;
	bool has_riwt;
	enum stmmac_coal_rule rule;
	bool burst_ic;
	bool pacing;
};

/*
 * The benchmark's policy switches (debugfs): constants unless the kernel
 * has CONFIG_STMMAC_TEST_HOOKS, so production xmit does not read them.
 */
static inline bool stmmac_coal_burst_ic(const struct stmmac_coal *coal)
{
	return IS_ENABLED(CONFIG_STMMAC_TEST_HOOKS) && READ_ONCE(coal->burst_ic);
}

static inline bool stmmac_coal_pacing(const struct stmmac_coal *coal)
{
	return !IS_ENABLED(CONFIG_STMMAC_TEST_HOOKS) || READ_ONCE(coal->pacing);
}

/* The decisions: pure functions. */
enum stmmac_coal_timer_act stmmac_coal_timer_decide(enum stmmac_coal_rule rule,
						    u32 usecs, bool covered,
						    bool napi_scheduled,
						    bool timer_pending);
bool stmmac_coal_tx_ic_decide(const struct stmmac_coal_ic_in *in);
enum stmmac_coal_done_act stmmac_coal_done_decide(u32 usecs, bool pending,
						  bool unsignalled,
						  bool last_done);
bool stmmac_coal_catchup_decide(bool ic, bool dma_done);
bool stmmac_coal_rx_ic_decide(bool riwt, u32 frames, u32 since_ic);
bool stmmac_coal_shorten_decide(s64 remaining_ns, u32 usecs);
u8 stmmac_coal_pacing_shift(u32 usecs);
u32 stmmac_coal_usec2riwt(u32 usecs, unsigned long clk_rate);
u32 stmmac_coal_riwt2usec(u32 riwt, unsigned long clk_rate);
int stmmac_coal_check(const struct stmmac_coal *coal,
		      const struct ethtool_coalesce *ec, bool has_tx,
		      bool has_rx, struct netlink_ext_ack *extack);

/* Setup and teardown. */
void stmmac_coal_init(struct stmmac_priv *priv, unsigned long clk_rate,
		      bool has_riwt);
void stmmac_coal_rx_program(struct stmmac_priv *priv);
void stmmac_coal_stop(struct stmmac_priv *priv);

/* The data path. */

/**
 * stmmac_coal_tx_usecs() - tx-usecs of a queue, read once per frame
 * @q: the TX queue
 *
 * ethtool may change tx-usecs while frames are queued. A frame's IC
 * decision and the timer rule applied after it must see the same value,
 * or a frame could go out with neither an IC bit nor a timer.
 *
 * Return: tx-usecs to pass to stmmac_coal_tx_ic() and stmmac_coal_tx_kick().
 */
static inline u32 stmmac_coal_tx_usecs(const struct stmmac_coal_txq *q)
{
	return READ_ONCE(q->usecs);
}

bool stmmac_coal_tx_ic(struct stmmac_coal *coal, struct stmmac_coal_txq *q,
		       u32 usecs, u32 ndesc, bool xmit_more, bool hwts,
		       bool stops);

/**
 * stmmac_coal_tx_sk() - tell the frame's socket how late completions come
 * @coal: the device's coalescing state
 * @q: the TX queue
 * @sk: the frame's socket, or NULL
 *
 * TCP keeps at most 2^-sk_pacing_shift seconds of data (at its pacing rate)
 * queued below it, and waits for TX completions to send more (TSQ). With
 * no IC at the end of a burst, a frame's completion may wait tx-usecs, so
 * TCP is told to allow that much, as mac80211 does for its aggregation.
 * Called by xmit for every frame; a socket already told costs one compare.
 */
static inline void stmmac_coal_tx_sk(const struct stmmac_coal *coal,
				     const struct stmmac_coal_txq *q,
				     struct sock *sk)
{
	if (likely(stmmac_coal_pacing(coal)))
		sk_pacing_shift_update(sk, READ_ONCE(q->pacing_shift));
}

void stmmac_coal_tx_kick(struct stmmac_coal *coal, struct stmmac_coal_txq *q,
			 u32 usecs);
void stmmac_coal_tx_done(struct stmmac_coal *coal, struct stmmac_coal_txq *q,
			 bool pending, bool last_done);
bool stmmac_coal_tx_napi(struct stmmac_coal_txq *q);
bool stmmac_coal_rx_ic(struct stmmac_coal_rxq *q, bool riwt);
void stmmac_coal_tx_stats(struct stmmac_coal_txq *q,
			  struct stmmac_coal_stats *s);

/* ethtool */
int stmmac_coal_get(struct net_device *dev, struct ethtool_coalesce *ec,
		    struct kernel_ethtool_coalesce *kec,
		    struct netlink_ext_ack *extack);
int stmmac_coal_set(struct net_device *dev, struct ethtool_coalesce *ec,
		    struct kernel_ethtool_coalesce *kec,
		    struct netlink_ext_ack *extack);
int stmmac_coal_get_queue(struct net_device *dev, u32 queue,
			  struct ethtool_coalesce *ec);
int stmmac_coal_set_queue(struct net_device *dev, u32 queue,
			  struct ethtool_coalesce *ec);

#endif /* __STMMAC_COAL_H__ */
