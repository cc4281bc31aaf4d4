// SPDX-License-Identifier: GPL-2.0-only
/*
 * Interrupt coalescing for stmmac.
 *
 * TX completions are signalled two ways: an IC bit on a descriptor raises
 * the channel's TX interrupt when the DMA is done with it, and a per-queue
 * hrtimer schedules TX NAPI tx-usecs after the first frame that has no IC
 * behind it. IC is set every tx-frames descriptors, on the frame after
 * which the queue stops (ring full, or BQL) and on timestamped frames; not
 * at the end of every xmit burst, which in a one-flow flood is every
 * frame. The timer is started only for frames that no IC bit behind them
 * covers, when it is not already pending and NAPI is not scheduled: a
 * window opens at the first uncovered frame and is never pushed back by
 * later ones, and nothing is cancelled when NAPI runs first (the timer
 * then fires once for nothing, which costs less than a cancel and a start
 * per window). TCP, which waits for completions to send more, is told that
 * they can take tx-usecs.
 *
 * Contexts and ordering:
 * - xmit (queue's xmit lock) decides IC per frame, then calls
 *   stmmac_coal_tx_kick() after publishing the descriptors.
 * - TX NAPI calls stmmac_coal_tx_done() after napi_complete_done(), with
 *   "pending" computed after it.
 * - The timer callback only schedules TX NAPI, masking the channel's TX
 *   interrupt first, and never restarts itself.
 * - A frame with IC is read back by xmit after publishing it: the GMAC DMA
 *   may have completed it, and TX NAPI consumed its interrupt, before TX
 *   clean could see it (stmmac_tx.c, stmmac_tx_ic_catchup()).
 * - ethtool (RTNL) changes tx-usecs, waits for every xmit and NAPI poll
 *   that may have read the old value, then moves an open window earlier.
 * xmit publishes, then (full barrier) reads the NAPI state; NAPI clears its
 * state (a fully ordered atomic), then reads what xmit published. So at
 * least one side sees the other: either xmit sees NAPI idle and applies the
 * timer rule, or NAPI sees the frame pending and applies it.
 */

#include <linux/bug.h>
#include <linux/ktime.h>
#include <linux/log2.h>
#include <linux/math64.h>
#include <linux/minmax.h>
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/units.h>
#include <kunit/visibility.h>

#include "stmmac.h"
#include "stmmac_coal.h"
#include "stmmac_compat.h"

/* since_ic only has to reach tx-frames; a bound keeps it from wrapping. */
#define STMMAC_COAL_SINCE_IC_MAX	U16_MAX

/**
 * stmmac_coal_timer_decide() - the TX timer rule
 * @rule: %STMMAC_COAL_RULE_ONCE, or the upstream rule for benchmarks
 * @usecs: tx-usecs of the queue
 * @covered: the newest queued frame has IC: its interrupt will come, and
 *	NAPI then cleans every frame before it
 * @napi_scheduled: the queue's TX NAPI is scheduled or running
 * @timer_pending: the queue's TX timer is enqueued (not merely running its
 *	callback: a callback that is already past its NAPI check must not
 *	stop a new frame from getting a timer of its own)
 *
 * Return: what to do with the queue's TX timer.
 */
enum stmmac_coal_timer_act stmmac_coal_timer_decide(enum stmmac_coal_rule rule,
						    u32 usecs, bool covered,
						    bool napi_scheduled,
						    bool timer_pending)
{
	if (!usecs)
		return STMMAC_COAL_TIMER_OFF;
	if (rule == STMMAC_COAL_RULE_RESTART)
		return napi_scheduled ? STMMAC_COAL_TIMER_CANCEL :
					STMMAC_COAL_TIMER_ARM;
	if (covered || napi_scheduled)
		return STMMAC_COAL_TIMER_COVERED;
	if (timer_pending)
		return STMMAC_COAL_TIMER_KEEP;
	return STMMAC_COAL_TIMER_ARM;
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_coal_timer_decide);

/**
 * stmmac_coal_tx_ic_decide() - whether a frame's last descriptor gets IC
 * @in: the frame and the queue's state
 *
 * A timestamped frame needs its completion reported now, and so does the
 * frame after which the queue stops (the ring is full, or BQL's limit is
 * reached): the queue stays stopped until a completion,
 * which must not wait for the stack's next frame (there is none: it is
 * stopped) nor for the whole timer window. Without a timer (tx-usecs 0)
 * only IC bits complete frames, so every frame gets one. Otherwise IC is
 * set at least every tx-frames descriptors (never with tx-frames 0: the
 * timer alone completes frames), and the timer covers the frames after the
 * last IC bit.
 *
 * Return: true to set IC.
 */
bool stmmac_coal_tx_ic_decide(const struct stmmac_coal_ic_in *in)
{
	if (in->hwts || in->stops || !in->usecs)
		return true;
	if (!in->frames)
		return false;
	if (in->burst_ic && !in->xmit_more)
		return true;
	return in->since_ic + in->ndesc >= in->frames;
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_coal_tx_ic_decide);

/**
 * stmmac_coal_done_decide() - what TX NAPI does once it has completed
 * @usecs: tx-usecs of the queue
 * @pending: frames are still owned by the DMA
 * @unsignalled: the last queued descriptor has no IC
 * @last_done: the last queued descriptor is done, as read after the TX
 *	interrupt was unmasked
 *
 * Pending frames whose last descriptor has IC raise an interrupt when it
 * completes, unless it completed while the interrupt was masked: a core
 * need not raise its line again for a TI latched under the mask, so such
 * a frame is polled for at once. Others need the timer; with tx-usecs 0
 * they exist only when frames queued under a non-zero tx-usecs are still
 * in flight (the next frame gets IC and covers them), and a timer at a
 * fixed rate collects them without spinning in NAPI while the DMA cannot
 * progress.
 *
 * Return: the action.
 */
enum stmmac_coal_done_act stmmac_coal_done_decide(u32 usecs, bool pending,
						  bool unsignalled,
						  bool last_done)
{
	if (!pending)
		return STMMAC_COAL_DONE_IDLE;
	if (!unsignalled)
		return last_done ? STMMAC_COAL_DONE_POLL :
				   STMMAC_COAL_DONE_IDLE;
	return usecs ? STMMAC_COAL_DONE_TIMER : STMMAC_COAL_DONE_DRAIN;
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_coal_done_decide);

/**
 * stmmac_coal_catchup_decide() - whether xmit must run TX NAPI itself
 * @ic: the frame xmit just published has IC
 * @dma_done: the DMA had completed it already, as read after publishing
 *
 * Such a frame's interrupt may have run a TX NAPI that could not see it
 * yet (the GMAC DMA takes owned descriptors before the doorbell), and no
 * timer covers a frame with IC.
 *
 * Return: true to schedule TX NAPI.
 */
bool stmmac_coal_catchup_decide(bool ic, bool dma_done)
{
	return ic && dma_done;
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_coal_catchup_decide);

/**
 * stmmac_coal_rx_ic_decide() - whether a refilled RX descriptor gets IC
 * @riwt: the RX watchdog is in use
 * @frames: rx-frames of the queue
 * @since_ic: descriptors refilled since the last one with IC
 *
 * Return: true to leave the descriptor's interrupt on.
 */
bool stmmac_coal_rx_ic_decide(bool riwt, u32 frames, u32 since_ic)
{
	if (!riwt)
		return true;
	if (!frames)
		return false;
	return since_ic + 1 >= frames;
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_coal_rx_ic_decide);

/**
 * stmmac_coal_shorten_decide() - whether a lower tx-usecs moves the timer
 * @remaining_ns: time left until the pending timer expires
 * @usecs: the new tx-usecs
 *
 * A window opened under a longer tx-usecs must not outlive the new value:
 * from the change on, no frame waits longer than the user asked.
 *
 * Return: true to restart the timer for @usecs from now.
 */
bool stmmac_coal_shorten_decide(s64 remaining_ns, u32 usecs)
{
	return remaining_ns > (s64)usecs * NSEC_PER_USEC;
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_coal_shorten_decide);

/**
 * stmmac_coal_pacing_shift() - the TSQ budget a tx-usecs needs
 * @usecs: tx-usecs
 *
 * TCP keeps 2^-shift seconds of data at its pacing rate below the socket.
 * A completion can come tx-usecs after a frame, plus the NAPI latency
 * (250 us allowed for it); the budget must cover that, or the sender
 * stalls waiting for completions. TCP's own default (10: 0.98 ms) is kept
 * whenever it is enough.
 *
 * Return: the largest shift whose budget covers the delay, at most 10.
 */
u8 stmmac_coal_pacing_shift(u32 usecs)
{
	u32 per_sec = USEC_PER_SEC / (usecs + 250);

	return min_t(u32, ilog2(per_sec | 1), STMMAC_COAL_PACING_SHIFT_DEF);
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_coal_pacing_shift);

/**
 * stmmac_coal_usec2riwt() - RX watchdog count for a delay
 * @usecs: the delay
 * @clk_rate: MAC clock in Hz
 *
 * Return: the delay in units of 256 MAC clock cycles, rounded down; 0 if
 * the clock is slower than 1 MHz or unknown.
 */
u32 stmmac_coal_usec2riwt(u32 usecs, unsigned long clk_rate)
{
	u64 riwt = ((u64)usecs * (clk_rate / HZ_PER_MHZ)) >> 8;

	return min_t(u64, riwt, U32_MAX);
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_coal_usec2riwt);

/**
 * stmmac_coal_riwt2usec() - delay of an RX watchdog count
 * @riwt: count in units of 256 MAC clock cycles
 * @clk_rate: MAC clock in Hz
 *
 * Return: the delay in microseconds, rounded down; 0 if the clock is
 * slower than 1 MHz or unknown.
 */
u32 stmmac_coal_riwt2usec(u32 riwt, unsigned long clk_rate)
{
	u32 mhz = clk_rate / HZ_PER_MHZ;

	return mhz ? div_u64((u64)riwt << 8, mhz) : 0;
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_coal_riwt2usec);

static int stmmac_coal_check_tx(const struct ethtool_coalesce *ec,
				bool has_tx, struct netlink_ext_ack *extack)
{
	u32 usecs = ec->tx_coalesce_usecs, frames = ec->tx_max_coalesced_frames;

	if (!has_tx) {
		if (!usecs && !frames)
			return 0;
		NL_SET_ERR_MSG_MOD(extack,
				   "tx-usecs, tx-frames: this queue has no TX ring; must be 0");
		return -EINVAL;
	}
	if (usecs > STMMAC_COAL_TX_USECS_MAX) {
		NL_SET_ERR_MSG_FMT_MOD(extack, "tx-usecs %u out of range 0..%u",
				       usecs, STMMAC_COAL_TX_USECS_MAX);
		return -EINVAL;
	}
	if (frames > STMMAC_COAL_TX_FRAMES_MAX) {
		NL_SET_ERR_MSG_FMT_MOD(extack, "tx-frames %u out of range 0..%u",
				       frames, STMMAC_COAL_TX_FRAMES_MAX);
		return -EINVAL;
	}
	if (!usecs && !frames) {
		NL_SET_ERR_MSG_MOD(extack,
				   "tx-usecs and tx-frames cannot both be 0: nothing would complete TX");
		return -EINVAL;
	}
	return 0;
}

static int stmmac_coal_check_rx(const struct stmmac_coal *coal,
				const struct ethtool_coalesce *ec,
				bool has_rx, struct netlink_ext_ack *extack)
{
	u32 usecs = ec->rx_coalesce_usecs, frames = ec->rx_max_coalesced_frames;
	unsigned long mhz = coal->clk_rate / HZ_PER_MHZ;
	u32 riwt, lo, hi;

	if (!has_rx || !coal->has_riwt) {
		if (!usecs && !frames)
			return 0;
		if (has_rx)
			NL_SET_ERR_MSG_MOD(extack,
					   "rx-usecs, rx-frames: this MAC has no usable RX watchdog; must be 0");
		else
			NL_SET_ERR_MSG_MOD(extack,
					   "rx-usecs, rx-frames: this queue has no RX ring; must be 0");
		return -EINVAL;
	}
	riwt = stmmac_coal_usec2riwt(usecs, coal->clk_rate);
	if (riwt < STMMAC_COAL_RIWT_MIN || riwt > STMMAC_COAL_RIWT_MAX) {
		/* The usecs that map into the watchdog's 0x10..0xff. */
		lo = DIV_ROUND_UP(STMMAC_COAL_RIWT_MIN * 256, mhz);
		hi = ((STMMAC_COAL_RIWT_MAX + 1) * 256 - 1) / mhz;
		NL_SET_ERR_MSG_FMT_MOD(extack,
				       "rx-usecs %u out of range %u..%u (RX watchdog 0x%x..0x%x at %lu MHz)",
				       usecs, lo, hi, STMMAC_COAL_RIWT_MIN,
				       STMMAC_COAL_RIWT_MAX, mhz);
		return -EINVAL;
	}
	if (frames > STMMAC_COAL_RX_FRAMES_MAX) {
		NL_SET_ERR_MSG_FMT_MOD(extack, "rx-frames %u out of range 0..%u",
				       frames, STMMAC_COAL_RX_FRAMES_MAX);
		return -EINVAL;
	}
	return 0;
}

/**
 * stmmac_coal_check() - validate coalescing values for a set of queues
 * @coal: the device's coalescing state (RX watchdog capability and clock)
 * @ec: the requested values
 * @has_tx: the values are for at least one TX queue
 * @has_rx: the values are for at least one RX queue
 * @extack: where to say what is wrong
 *
 * Return: 0 if every value is acceptable, else -EINVAL.
 */
int stmmac_coal_check(const struct stmmac_coal *coal,
		      const struct ethtool_coalesce *ec, bool has_tx,
		      bool has_rx, struct netlink_ext_ack *extack)
{
	int ret = stmmac_coal_check_tx(ec, has_tx, extack);

	return ret ?: stmmac_coal_check_rx(coal, ec, has_rx, extack);
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_coal_check);

static void stmmac_coal_count(struct stmmac_coal_ctr *ctr, u64_stats_t *field)
{
	u64_stats_update_begin(&ctr->syncp);
	u64_stats_inc(field);
	u64_stats_update_end(&ctr->syncp);
}

/**
 * stmmac_coal_tx_napi() - schedule a queue's TX NAPI, its interrupt masked
 * @q: the TX queue
 *
 * If TX NAPI is already scheduled or running, napi_schedule_prep() marks it
 * missed, so that it polls once more instead of completing: whatever made
 * the caller want a poll is seen by that one.
 *
 * That poll cleans every frame a latched TI stands for (the DMA writes a
 * descriptor back before raising TI, and the acknowledgment is read back
 * before the poll reads the ring), so TI is acknowledged first. Left
 * latched under the mask, it would interrupt again when NAPI unmasks, for
 * frames already cleaned: an interrupt per timer expiry whose window met a
 * completion, and per frame with IC that xmit found done (every one, on a
 * DMA that sends inside the doorbell write). A completion after the
 * acknowledgment latches TI again and is seen, by this poll or the
 * interrupt it raises at the unmask.
 *
 * Return: true if this call scheduled it.
 */
bool stmmac_coal_tx_napi(struct stmmac_coal_txq *q)
{
	struct stmmac_channel *ch = q->chan;
	struct stmmac_priv *priv = ch->priv;
	unsigned long flags;

	priv->hw->dma_tx_ack(priv->ioaddr, ch->index);
	if (!napi_schedule_prep(&ch->tx_napi))
		return false;
	spin_lock_irqsave(&ch->lock, flags);
	priv->hw->dma_irq_disable(priv->ioaddr, ch->index, false, true);
	spin_unlock_irqrestore(&ch->lock, flags);
	__napi_schedule(&ch->tx_napi);
	return true;
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_coal_tx_napi);

static enum hrtimer_restart stmmac_coal_tx_timer_fn(struct hrtimer *t)
{
	struct stmmac_coal_txq *q = container_of(t, struct stmmac_coal_txq, timer);

	stmmac_coal_count(&q->ctr_timer, &q->ctr_timer.fired);
	if (stmmac_coal_tx_napi(q))
		stmmac_coal_count(&q->ctr_timer, &q->ctr_timer.napi);
	return HRTIMER_NORESTART;
}

static void stmmac_coal_timer_start(struct stmmac_coal_txq *q, u32 usecs)
{
	hrtimer_start(&q->timer, ns_to_ktime((u64)usecs * NSEC_PER_USEC),
		      HRTIMER_MODE_REL);
}

static void stmmac_coal_timer_apply(struct stmmac_coal *coal,
				    struct stmmac_coal_txq *q, u32 usecs,
				    bool covered, struct stmmac_coal_ctr *ctr)
{
	enum stmmac_coal_timer_act act;

	act = stmmac_coal_timer_decide(coal->rule, usecs, covered,
				       napi_is_scheduled(&q->chan->tx_napi),
				       hrtimer_is_queued(&q->timer));
	switch (act) {
	case STMMAC_COAL_TIMER_ARM:
		stmmac_coal_timer_start(q, usecs);
		stmmac_coal_count(ctr, &ctr->armed);
		break;
	case STMMAC_COAL_TIMER_CANCEL:
		/* Never wait here: the callback may be running on another CPU. */
		if (hrtimer_try_to_cancel(&q->timer) == 1)
			stmmac_coal_count(ctr, &ctr->cancelled);
		break;
	case STMMAC_COAL_TIMER_KEEP:
	case STMMAC_COAL_TIMER_COVERED:
	case STMMAC_COAL_TIMER_OFF:
		break;
	}
}

/**
 * stmmac_coal_tx_ic() - decide IC for a frame and account for it
 * @coal: the device's coalescing state
 * @q: the TX queue
 * @usecs: stmmac_coal_tx_usecs() as read for this frame
 * @ndesc: descriptors of the frame
 * @xmit_more: netdev_xmit_more() for the frame
 * @hwts: a hardware timestamp was requested
 * @stops: the queue stops after this frame (the ring is nearly full, or
 *	BQL stopped it)
 *
 * Called by xmit, under the queue's xmit lock, before the frame is handed
 * to the DMA.
 *
 * Return: true to set IC on the frame's last descriptor.
 */
bool stmmac_coal_tx_ic(struct stmmac_coal *coal, struct stmmac_coal_txq *q,
		       u32 usecs, u32 ndesc, bool xmit_more, bool hwts,
		       bool stops)
{
	struct stmmac_coal_ic_in in = {
		.usecs = usecs,
		.frames = READ_ONCE(q->frames),
		.since_ic = q->since_ic,
		.ndesc = ndesc,
		.xmit_more = xmit_more,
		.hwts = hwts,
		.stops = stops,
		.burst_ic = stmmac_coal_burst_ic(coal),
	};
	bool ic = stmmac_coal_tx_ic_decide(&in);

	if (ic)
		stmmac_coal_count(&q->ctr_xmit, &q->ctr_xmit.ic_set);
	WRITE_ONCE(q->since_ic, ic ? 0 :
		   min_t(u32, in.since_ic + ndesc, STMMAC_COAL_SINCE_IC_MAX));
	return ic;
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_coal_tx_ic);

/**
 * stmmac_coal_tx_kick() - apply the TX timer rule after a submission
 * @coal: the device's coalescing state
 * @q: the TX queue
 * @usecs: the tx-usecs its frames' IC decisions were made with
 *
 * Called by xmit, under the queue's xmit lock, once the frame's descriptors
 * are published to TX NAPI (whether or not the doorbell was rung yet).
 * A frame with IC needs nothing more; only frames after the last IC bit
 * open a window.
 */
void stmmac_coal_tx_kick(struct stmmac_coal *coal, struct stmmac_coal_txq *q,
			 u32 usecs)
{
	bool covered = !q->since_ic;

	if (!usecs || (covered && coal->rule == STMMAC_COAL_RULE_ONCE))
		return;
	/* Order the published ring before reading the NAPI state; pairs with
	 * the atomic in napi_complete_done() before stmmac_coal_tx_done().
	 */
	smp_mb();
	stmmac_coal_timer_apply(coal, q, usecs, covered, &q->ctr_xmit);
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_coal_tx_kick);

/**
 * stmmac_coal_tx_done() - TX NAPI has completed: cover what is pending
 * @coal: the device's coalescing state
 * @q: the TX queue
 * @pending: frames are still owned by the DMA, as read after
 *	napi_complete_done() returned true
 * @last_done: the newest of them is done, as read after the unmask
 *
 * Frames behind the last IC bit get the timer: tx-usecs, or at tx-usecs 0
 * the drain period. A done frame with IC gets another poll.
 */
void stmmac_coal_tx_done(struct stmmac_coal *coal, struct stmmac_coal_txq *q,
			 bool pending, bool last_done)
{
	u32 usecs = READ_ONCE(q->usecs);
	bool unsignalled;

	/* since_ic was written before the ring index that made @pending. */
	smp_rmb();
	unsignalled = READ_ONCE(q->since_ic) != 0;

	switch (stmmac_coal_done_decide(usecs, pending, unsignalled,
					last_done)) {
	case STMMAC_COAL_DONE_POLL:
		stmmac_coal_tx_napi(q);
		break;
	case STMMAC_COAL_DONE_TIMER:
		stmmac_coal_timer_apply(coal, q, usecs, false, &q->ctr_poll);
		break;
	case STMMAC_COAL_DONE_DRAIN:
		if (!hrtimer_is_queued(&q->timer)) {
			stmmac_coal_timer_start(q, STMMAC_COAL_TX_DRAIN_USECS);
			stmmac_coal_count(&q->ctr_poll, &q->ctr_poll.drains);
		}
		break;
	case STMMAC_COAL_DONE_IDLE:
		break;
	}
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_coal_tx_done);

/**
 * stmmac_coal_rx_ic() - decide IC for a refilled RX descriptor
 * @q: the RX queue
 * @riwt: the RX watchdog is in use (&stmmac_coal.has_riwt)
 *
 * Called by RX NAPI only.
 *
 * Return: true to leave the descriptor's completion interrupt enabled.
 */
bool stmmac_coal_rx_ic(struct stmmac_coal_rxq *q, bool riwt)
{
	bool ic = stmmac_coal_rx_ic_decide(riwt, READ_ONCE(q->frames),
					   q->since_ic);

	q->since_ic = ic ? 0 : q->since_ic + 1;
	return ic;
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_coal_rx_ic);

static void stmmac_coal_ctr_add(struct stmmac_coal_ctr *ctr,
				struct stmmac_coal_stats *s)
{
	struct stmmac_coal_stats v;
	unsigned int start;

	do {
		start = u64_stats_fetch_begin(&ctr->syncp);
		v.armed = u64_stats_read(&ctr->armed);
		v.cancelled = u64_stats_read(&ctr->cancelled);
		v.ic_set = u64_stats_read(&ctr->ic_set);
		v.drains = u64_stats_read(&ctr->drains);
		v.fired = u64_stats_read(&ctr->fired);
		v.napi = u64_stats_read(&ctr->napi);
	} while (u64_stats_fetch_retry(&ctr->syncp, start));

	s->armed += v.armed;
	s->cancelled += v.cancelled;
	s->ic_set += v.ic_set;
	s->drains += v.drains;
	s->fired += v.fired;
	s->napi += v.napi;
}

/**
 * stmmac_coal_tx_stats() - read a TX queue's coalescing counters
 * @q: the TX queue
 * @s: where to store them
 */
void stmmac_coal_tx_stats(struct stmmac_coal_txq *q,
			  struct stmmac_coal_stats *s)
{
	memset(s, 0, sizeof(*s));
	stmmac_coal_ctr_add(&q->ctr_xmit, s);
	stmmac_coal_ctr_add(&q->ctr_poll, s);
	stmmac_coal_ctr_add(&q->ctr_timer, s);
	stmmac_coal_ctr_add(&q->ctr_set, s);
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_coal_tx_stats);

#if IS_ENABLED(CONFIG_STMMAC_TEST_HOOKS)
static bool bench_restart_rule;
module_param(bench_restart_rule, bool, 0444);
MODULE_PARM_DESC(bench_restart_rule,
		 "benchmarking only: restart the TX timer on every frame, as upstream 6.12 does");
#else
#define bench_restart_rule false
#endif

/**
 * stmmac_coal_init() - set every queue to the defaults, set up the timers
 * @priv: the device; its channels must be set up
 * @clk_rate: MAC clock in Hz, the RX watchdog's time base (0: unknown)
 * @has_riwt: the core has a working RX watchdog
 *
 * Without a known MAC clock the RX watchdog cannot be expressed in
 * microseconds, so it is not used: every RX descriptor interrupts.
 */
void stmmac_coal_init(struct stmmac_priv *priv, unsigned long clk_rate,
		      bool has_riwt)
{
	struct stmmac_coal *coal = &priv->coal;
	int i;

	coal->clk_rate = clk_rate;
	coal->has_riwt = has_riwt && clk_rate >= HZ_PER_MHZ;
	/* The upstream rule exists only to measure ours against it. */
	coal->rule = bench_restart_rule ? STMMAC_COAL_RULE_RESTART :
					  STMMAC_COAL_RULE_ONCE;
	coal->burst_ic = false;
	coal->pacing = true;

	for (i = 0; i < STMMAC_MAX_QUEUES; i++) {
		struct stmmac_coal_txq *tq = &coal->tx[i];
		struct stmmac_coal_rxq *rq = &coal->rx[i];

		stmmac_hrtimer_setup(&tq->timer, stmmac_coal_tx_timer_fn,
				     CLOCK_MONOTONIC, HRTIMER_MODE_REL);
		tq->chan = &priv->channel[i];
		tq->usecs = STMMAC_COAL_TX_USECS_DEF;
		tq->frames = STMMAC_COAL_TX_FRAMES_DEF;
		tq->since_ic = 0;
		tq->pacing_shift = stmmac_coal_pacing_shift(tq->usecs);
		u64_stats_init(&tq->ctr_xmit.syncp);
		u64_stats_init(&tq->ctr_poll.syncp);
		u64_stats_init(&tq->ctr_timer.syncp);
		u64_stats_init(&tq->ctr_set.syncp);

		rq->riwt = STMMAC_COAL_RIWT_DEF;
		rq->usecs = stmmac_coal_riwt2usec(rq->riwt, clk_rate);
		rq->frames = STMMAC_COAL_RX_FRAMES_DEF;
		rq->since_ic = 0;
	}
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_coal_init);

/**
 * stmmac_coal_rx_program() - write every RX queue's watchdog to the MAC
 * @priv: the device, its DMA set up
 */
void stmmac_coal_rx_program(struct stmmac_priv *priv)
{
	u32 i;

	if (!priv->coal.has_riwt)
		return;
	for (i = 0; i < priv->rx_queues; i++)
		priv->hw->rx_watchdog(priv->ioaddr, i, priv->coal.rx[i].riwt);
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_coal_rx_program);

/**
 * stmmac_coal_stop() - cancel every TX timer, waiting for running callbacks
 * @priv: the device
 *
 * Called at stop once xmit is stopped and NAPI disabled, so nothing can
 * start a timer again; a callback that still runs acknowledges TI (which
 * the stop discards anyway) and finds NAPI disabled.
 */
void stmmac_coal_stop(struct stmmac_priv *priv)
{
	u32 i;

	for (i = 0; i < STMMAC_MAX_QUEUES; i++)
		hrtimer_cancel(&priv->coal.tx[i].timer);
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_coal_stop);

static void stmmac_coal_fill(struct stmmac_priv *priv, u32 queue,
			     struct ethtool_coalesce *ec)
{
	struct stmmac_coal *coal = &priv->coal;

	ec->tx_coalesce_usecs = 0;
	ec->tx_max_coalesced_frames = 0;
	ec->rx_coalesce_usecs = 0;
	ec->rx_max_coalesced_frames = 0;
	if (queue < priv->tx_queues) {
		ec->tx_coalesce_usecs = coal->tx[queue].usecs;
		ec->tx_max_coalesced_frames = coal->tx[queue].frames;
	}
	if (queue < priv->rx_queues && coal->has_riwt) {
		ec->rx_coalesce_usecs = coal->rx[queue].usecs;
		ec->rx_max_coalesced_frames = coal->rx[queue].frames;
	}
}

/*
 * A window opened under a longer tx-usecs is moved to end the new tx-usecs
 * from now (at once for 0). Called once no xmit or NAPI poll can still
 * start a timer with the old value.
 */
static void stmmac_coal_tx_shorten(struct stmmac_coal_txq *q, u32 usecs)
{
	if (!hrtimer_is_queued(&q->timer) ||
	    !stmmac_coal_shorten_decide(ktime_to_ns(hrtimer_get_remaining(&q->timer)),
					usecs))
		return;
	stmmac_coal_timer_start(q, usecs);
	/* ethtool's process context: a 32-bit u64_stats writer must not be
	 * preempted, or a reader on this CPU would spin on it.
	 */
	preempt_disable();
	stmmac_coal_count(&q->ctr_set, &q->ctr_set.cancelled);
	preempt_enable();
}

/* Only called with values that passed stmmac_coal_check(). */
static bool stmmac_coal_apply_tx(struct stmmac_priv *priv, u32 queue,
				 const struct ethtool_coalesce *ec)
{
	struct stmmac_coal_txq *q = &priv->coal.tx[queue];
	u32 usecs = ec->tx_coalesce_usecs;
	bool lower = usecs < q->usecs;

	WRITE_ONCE(q->usecs, usecs);
	WRITE_ONCE(q->frames, ec->tx_max_coalesced_frames);
	WRITE_ONCE(q->pacing_shift, stmmac_coal_pacing_shift(usecs));
	return lower;
}

/* Only called with values that passed stmmac_coal_check(). */
static void stmmac_coal_apply_rx(struct stmmac_priv *priv, u32 queue,
				 const struct ethtool_coalesce *ec)
{
	struct stmmac_coal *coal = &priv->coal;
	u32 riwt;

	if (!coal->has_riwt)
		return;
	riwt = stmmac_coal_usec2riwt(ec->rx_coalesce_usecs, coal->clk_rate);
	coal->rx[queue].usecs = ec->rx_coalesce_usecs;
	coal->rx[queue].riwt = riwt;
	WRITE_ONCE(coal->rx[queue].frames, ec->rx_max_coalesced_frames);
	if (queue < priv->rx_queues && netif_running(priv->dev))
		priv->hw->rx_watchdog(priv->ioaddr, queue, riwt);
}

/*
 * Apply to queues [@first, @last]. xmit and NAPI read tx-usecs once and
 * may still start a timer with the old value: wait for them (they run with
 * BH off, an RCU read side) before moving the open windows earlier.
 */
static void stmmac_coal_apply(struct stmmac_priv *priv, u32 first, u32 last,
			      const struct ethtool_coalesce *ec)
{
	unsigned long lowered = 0;
	u32 q;

	for (q = first; q <= last; q++) {
		/* A queue not in use keeps the values for when ethtool -L
		 * brings it back; no timer of it runs.
		 */
		if (stmmac_coal_apply_tx(priv, q, ec) && q < priv->tx_queues)
			__set_bit(q, &lowered);
		stmmac_coal_apply_rx(priv, q, ec);
	}
	if (!lowered || !netif_running(priv->dev))
		return;
	synchronize_net();
	for_each_set_bit(q, &lowered, STMMAC_MAX_QUEUES)
		stmmac_coal_tx_shorten(&priv->coal.tx[q], ec->tx_coalesce_usecs);
}

/**
 * stmmac_coal_get() - ethtool -c: the values of queue 0
 * @dev: the device
 * @ec: where to store them
 * @kec: unused
 * @extack: unused
 *
 * Return: 0.
 */
int stmmac_coal_get(struct net_device *dev, struct ethtool_coalesce *ec,
		    struct kernel_ethtool_coalesce *kec,
		    struct netlink_ext_ack *extack)
{
	stmmac_coal_fill(netdev_priv(dev), 0, ec);
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_coal_get);

/**
 * stmmac_coal_set() - ethtool -C: set every queue, those not in use too
 * @dev: the device
 * @ec: the values, validated before any queue changes
 * @kec: unused
 * @extack: where a rejection is explained
 *
 * Return: 0, or -EINVAL with every queue unchanged.
 */
int stmmac_coal_set(struct net_device *dev, struct ethtool_coalesce *ec,
		    struct kernel_ethtool_coalesce *kec,
		    struct netlink_ext_ack *extack)
{
	struct stmmac_priv *priv = netdev_priv(dev);
	int ret;

	ret = stmmac_coal_check(&priv->coal, ec, priv->tx_queues > 0,
				priv->rx_queues > 0, extack);
	if (ret)
		return ret;
	stmmac_coal_apply(priv, 0, STMMAC_MAX_QUEUES - 1, ec);
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_coal_set);

/**
 * stmmac_coal_get_queue() - ethtool --per-queue -c
 * @dev: the device
 * @queue: queue number
 * @ec: where to store the values
 *
 * Return: 0, or -EINVAL if the device has no such queue.
 */
int stmmac_coal_get_queue(struct net_device *dev, u32 queue,
			  struct ethtool_coalesce *ec)
{
	struct stmmac_priv *priv = netdev_priv(dev);

	if (queue >= max(priv->tx_queues, priv->rx_queues))
		return -EINVAL;
	stmmac_coal_fill(priv, queue, ec);
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_coal_get_queue);

/**
 * stmmac_coal_set_queue() - ethtool --per-queue -C
 * @dev: the device
 * @queue: queue number
 * @ec: the values, validated before anything changes
 *
 * The per-queue interface has no extack, so a rejection is explained in
 * the kernel log.
 *
 * Return: 0, or -EINVAL with the queue unchanged.
 */
int stmmac_coal_set_queue(struct net_device *dev, u32 queue,
			  struct ethtool_coalesce *ec)
{
	struct stmmac_priv *priv = netdev_priv(dev);
	struct netlink_ext_ack extack = {};
	int ret;

	if (queue >= max(priv->tx_queues, priv->rx_queues)) {
		netdev_err(dev, "coalescing: no queue %u\n", queue);
		return -EINVAL;
	}
	ret = stmmac_coal_check(&priv->coal, ec, queue < priv->tx_queues,
				queue < priv->rx_queues, &extack);
	if (ret) {
		netdev_err(dev, "coalescing: queue %u: %s\n", queue, extack._msg);
		return ret;
	}
	stmmac_coal_apply(priv, queue, queue, ec);
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_coal_set_queue);

