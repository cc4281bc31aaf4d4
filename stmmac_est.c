// SPDX-License-Identifier: GPL-2.0-only
/*
 * Enhanced scheduled traffic (IEEE 802.1Qbv) on the XGMAC: the gate
 * control list of an offloaded taprio qdisc (tc qdisc ... taprio ...
 * flags 0x2), kept across every restart of the data path, and the errors
 * the core reports while it runs the list.
 *
 * The core keeps two lists: the one it runs and the one software owns.
 * A schedule is written into the latter and taken over at its base time,
 * so that a new schedule follows the old without a gap. Times are PTP
 * time: the port's PHC must count.
 *
 * Locking: the schedule changes under RTNL (ndo_setup_tc, the data path's
 * start and stop); the MAC interrupt reads the events while
 * &stmmac_est.live, which RTNL sets before EST's events are unmasked and
 * clears after they are masked, before the interrupt line goes. xmit
 * reads &stmmac_est.max_len without a lock: a frame queued across a
 * change meets either limit. The counters are atomic64_t.
 */

#include <linux/math64.h>
#include <linux/netdevice.h>
#include <net/pkt_sched.h>
#include <kunit/visibility.h>

#include "stmmac.h"

/* A base time the clock passes before the core has the list would be a
 * base time error: one less than this far ahead of the clock (when the
 * entries are written) moves on by whole cycles.
 */
#define STMMAC_EST_LEAD_NS	(10 * NSEC_PER_MSEC)

/* The PTP time offset: nine periods of the PTP reference clock, as
 * upstream programs it (the databook leaves its value to the integrator).
 */
#define STMMAC_EST_PTOV_PERIODS	9

/* CTR's high word: 8 bits of seconds (NVIDIA's MGBE driver bounds it so) */
#define STMMAC_EST_CTR_SEC_MAX	255

/**
 * stmmac_est_width() - an entry's interval width, from the HW feature code
 * @code: ESTWID
 *
 * Return: 16, 20 or 24 bits, 0 for a code that names none.
 */
u32 stmmac_est_width(u32 code)
{
	return code >= 1 && code <= 3 ? 12 + 4 * code : 0;
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_est_width);

/**
 * stmmac_est_depth() - the list's entries, from the HW feature code
 * @code: ESTDEP
 *
 * Return: 64 to 1024 entries, 0 for a code that names none.
 */
u32 stmmac_est_depth(u32 code)
{
	return code >= 1 && code <= 5 ? 32U << code : 0;
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_est_depth);

/* One entry: hold and release (frame preemption) are gate 0's bit, as
 * upstream writes them.
 */
static int stmmac_est_entry(const struct tc_taprio_sched_entry *e, u32 i,
			    u32 wid, u32 *word, struct netlink_ext_ack *extack)
{
	u32 qmax = min_t(u32, 32 - wid, STMMAC_MAX_QUEUES);
	u32 gates = e->gate_mask, imax = GENMASK(wid - 1, 0);

	switch (e->command) {
	case TC_TAPRIO_CMD_SET_GATES:
		break;
	case TC_TAPRIO_CMD_SET_AND_HOLD:
		gates |= BIT(0);
		break;
	case TC_TAPRIO_CMD_SET_AND_RELEASE:
		gates &= ~BIT(0);
		break;
	default:
		NL_SET_ERR_MSG_FMT_MOD(extack,
				       "taprio offload: entry %u: unknown command %u",
				       i, e->command);
		return -EOPNOTSUPP;
	}
	if (!e->interval || e->interval > imax) {
		NL_SET_ERR_MSG_FMT_MOD(extack,
				       "taprio offload: entry %u: interval %u ns, 1 to %u",
				       i, e->interval, imax);
		return -ERANGE;
	}
	if (gates >= BIT(qmax)) {
		NL_SET_ERR_MSG_FMT_MOD(extack,
				       "taprio offload: entry %u: gates 0x%x, TX queues 0-%u",
				       i, gates, qmax - 1);
		return -ERANGE;
	}
	*word = e->interval | gates << wid;
	return 0;
}

/**
 * stmmac_est_entries() - a taprio schedule's entries as the core takes them
 * @qopt: the schedule; its gate masks are per TX queue (the driver said
 *	so: gate_mask_per_txq)
 * @wid: the interval's width in bits (stmmac_est_width())
 * @depth: the entries the core holds (stmmac_est_depth())
 * @gcl: filled in, room for @qopt's entries
 * @extack: why one is refused
 *
 * Return: 0, -EINVAL for more entries than the core holds, -ERANGE for an
 * interval or a gate beyond the fields, -EOPNOTSUPP for a command the
 * core does not know.
 */
int stmmac_est_entries(const struct tc_taprio_qopt_offload *qopt, u32 wid,
		       u32 depth, u32 *gcl, struct netlink_ext_ack *extack)
{
	u32 i;
	int ret;

	if (!qopt->num_entries || qopt->num_entries > depth) {
		NL_SET_ERR_MSG_FMT_MOD(extack,
				       "taprio offload: %zu entries, this core holds 1 to %u",
				       qopt->num_entries, depth);
		return -EINVAL;
	}
	for (i = 0; i < qopt->num_entries; i++) {
		ret = stmmac_est_entry(&qopt->entries[i], i, wid, &gcl[i],
				       extack);
		if (ret)
			return ret;
	}
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_est_entries);

/* The times the core takes: PTP time; a cycle of less than 256 s (CTR's
 * high word holds 8 bits of seconds), a cycle extension the core's
 * register holds (upstream's bound: 7 bits beyond an interval's).
 */
static int stmmac_est_times(const struct tc_taprio_qopt_offload *qopt,
			    u32 wid, struct netlink_ext_ack *extack)
{
	if (qopt->base_time < 0) {
		NL_SET_ERR_MSG_MOD(extack,
				   "taprio offload: base-time before the PTP epoch");
		return -ERANGE;
	}
	if (!qopt->cycle_time ||
	    div_u64(qopt->cycle_time, NSEC_PER_SEC) > STMMAC_EST_CTR_SEC_MAX) {
		NL_SET_ERR_MSG_MOD(extack,
				   "taprio offload: cycle-time 0, or 256 s and more");
		return -ERANGE;
	}
	if (qopt->cycle_time_extension >= BIT_ULL(wid + 7)) {
		NL_SET_ERR_MSG_FMT_MOD(extack,
				       "taprio offload: cycle-time-extension below %llu ns",
				       BIT_ULL(wid + 7));
		return -ERANGE;
	}
	return 0;
}

/* queueMaxSDU is per traffic class and excludes the Ethernet header, as
 * the software taprio applies it; the core's queues get their class's.
 */
static void stmmac_est_max_len(const struct tc_taprio_qopt_offload *qopt,
			       u32 *max_len)
{
	const struct tc_mqprio_qopt *m = &qopt->mqprio.qopt;
	u32 q, tc;

	for (q = 0; q < STMMAC_MAX_QUEUES; q++)
		for (tc = 0; tc < min_t(u32, m->num_tc, TC_MAX_QUEUE); tc++)
			if (q >= m->offset[tc] &&
			    q < m->offset[tc] + m->count[tc] &&
			    qopt->max_sdu[tc])
				max_len[q] = qopt->max_sdu[tc] + ETH_HLEN;
}

/* xmit reads the limits without a lock */
static void stmmac_est_publish(struct stmmac_priv *priv)
{
	u32 q;

	for (q = 0; q < STMMAC_MAX_QUEUES; q++)
		WRITE_ONCE(priv->est.max_len[q], priv->est.cur.on ?
			   priv->est.cur.max_len[q] : 0);
}

/* The first cycle start the core can still make: a base time less than
 * STMMAC_EST_LEAD_NS ahead moves on by whole cycles.
 */
static int stmmac_est_btr(struct stmmac_priv *priv,
			  const struct stmmac_est_sched *s, u64 *base)
{
	struct timespec64 now;
	u64 earliest;
	int ret;

	ret = priv->ptp.info.gettimex64(&priv->ptp.info, &now, NULL);
	if (ret)
		return ret;
	earliest = timespec64_to_ns(&now) + STMMAC_EST_LEAD_NS;
	*base = stmmac_pps_next(s->base_ns, s->cycle_ns, earliest);
	return 0;
}

/* Program @s; the data path is up, RTNL held. The entries first, then the
 * base time from the clock: writing up to 1024 entries takes time. On a
 * failure the list running before runs on, unless EST had to stop for a
 * switch still pending (&stmmac_est.live then false).
 */
static int stmmac_est_program(struct stmmac_priv *priv,
			      const struct stmmac_est_sched *s)
{
	unsigned long rate = priv->plat->ptp_rate ?: priv->plat->clk_rate;
	const struct stmmac_est_ops *ops = priv->hw->est;
	struct stmmac_est_regs r = { .n = s->n };
	bool was, stopped;
	u64 base;
	int ret;

	ret = ops->write_list(priv->ioaddr, s->gcl, s->n, &stopped);
	if (stopped)
		WRITE_ONCE(priv->est.live, false);
	if (!ret)
		ret = stmmac_est_btr(priv, s, &base);
	if (ret)
		return ret;
	r.btr_sec = div_u64_rem(base, NSEC_PER_SEC, &r.btr_ns);
	r.ctr_sec = div_u64_rem(s->cycle_ns, NSEC_PER_SEC, &r.ctr_ns);
	r.ter = s->ext_ns;
	r.ptov = rate ? STMMAC_EST_PTOV_PERIODS * (NSEC_PER_SEC / rate) : 0;
	/* before the unmask: an event is the interrupt's from then on */
	was = priv->est.live;
	WRITE_ONCE(priv->est.live, true);
	ret = ops->start(priv->ioaddr, &r);
	if (ret)
		WRITE_ONCE(priv->est.live, was);
	return ret;
}

/* The core can run a schedule: EST in the HW feature register, a PHC */
static int stmmac_est_usable(struct stmmac_priv *priv,
			     struct netlink_ext_ack *extack)
{
	if (!priv->hw->est || !priv->caps.est_depth) {
		NL_SET_ERR_MSG_MOD(extack,
				   "taprio offload: this core has no EST (scheduled traffic)");
		return -EOPNOTSUPP;
	}
	if (!priv->ptp.clock) {
		NL_SET_ERR_MSG_MOD(extack,
				   "taprio offload: the port has no PTP clock to run it on");
		return -EOPNOTSUPP;
	}
	return 0;
}

static void stmmac_est_free(struct stmmac_est_sched *s)
{
	kfree(s->gcl);
	*s = (struct stmmac_est_sched){};
}

/**
 * stmmac_est_build() - a taprio schedule (TAPRIO_CMD_REPLACE), checked
 * @priv: the device; RTNL held
 * @qopt: the schedule, its extack for the reasons of a refusal
 * @s: filled in (its entries allocated) on success; nothing changes
 *
 * Return: 0, or a negative errno with the extack set.
 */
int stmmac_est_build(struct stmmac_priv *priv,
		     const struct tc_taprio_qopt_offload *qopt,
		     struct stmmac_est_sched *s)
{
	u32 wid = priv->caps.est_wid;
	int ret;

	ret = stmmac_est_usable(priv, qopt->extack);
	if (!ret)
		ret = stmmac_est_times(qopt, wid, qopt->extack);
	if (ret)
		return ret;
	*s = (struct stmmac_est_sched){
		.on = true,
		.base_ns = qopt->base_time,
		.cycle_ns = qopt->cycle_time,
		.ext_ns = qopt->cycle_time_extension,
		.n = qopt->num_entries,
	};
	s->gcl = kcalloc(max_t(size_t, qopt->num_entries, 1), sizeof(*s->gcl),
			 GFP_KERNEL);
	if (!s->gcl)
		return -ENOMEM;
	ret = stmmac_est_entries(qopt, wid, priv->caps.est_depth, s->gcl,
				 qopt->extack);
	if (ret) {
		stmmac_est_free(s);
		return ret;
	}
	stmmac_est_max_len(qopt, s->max_len);
	return 0;
}

/**
 * stmmac_est_take() - run a schedule stmmac_est_build() made
 * @priv: the device; RTNL held
 * @s: the schedule, the est's from now on (freed on failure)
 * @extack: why the core did not take it
 *
 * While the data path is down the schedule waits for it; while up the
 * core takes it over at its base time. The schedule and classes it
 * replaces are kept for stmmac_est_undo().
 *
 * Return: 0, or the core's -ETIMEDOUT / -EIO: then nothing changed, the
 * running list runs on (if EST had to stop for a switch still pending,
 * the schedule before is programmed again).
 */
int stmmac_est_take(struct stmmac_priv *priv, struct stmmac_est_sched *s,
		    struct netlink_ext_ack *extack)
{
	struct stmmac_est *est = &priv->est;
	int ret;

	if (priv->running) {
		ret = stmmac_est_program(priv, s);
		if (ret) {
			NL_SET_ERR_MSG_MOD(extack,
					   "taprio offload: the core did not take the gate control list");
			stmmac_est_free(s);
			/* EST stopped for it: the schedule before, again */
			if (est->cur.on && !priv->est.live)
				stmmac_est_start(priv);
			return ret;
		}
	}
	stmmac_est_free(&est->prev);
	est->prev = est->cur;
	est->prev.mqprio = priv->mqprio;
	est->cur = *s;
	est->cur.classes = est->prev.classes;
	est->undo = true;
	stmmac_est_publish(priv);
	return 0;
}

/**
 * stmmac_est_undo() - back to what the last stmmac_est_take() replaced:
 *	schedule and traffic classes
 * @priv: the device; RTNL held
 */
void stmmac_est_undo(struct stmmac_priv *priv)
{
	struct stmmac_est *est = &priv->est;

	stmmac_est_free(&est->cur);
	est->cur = est->prev;
	priv->mqprio = est->prev.mqprio;
	est->prev = (struct stmmac_est_sched){};
	est->undo = false;
	stmmac_est_publish(priv);
	if (!priv->running)
		return;
	if (!est->cur.on)
		stmmac_est_stop(priv);
	else if (stmmac_est_program(priv, &est->cur))
		netdev_err(priv->dev, "EST: gate control list not taken back\n");
}

/**
 * stmmac_est_forget() - the schedule stays; what it replaced is gone for
 *	good
 * @priv: the device; RTNL held
 */
void stmmac_est_forget(struct stmmac_priv *priv)
{
	stmmac_est_free(&priv->est.prev);
	priv->est.undo = false;
}

/**
 * stmmac_est_clear() - no schedule: every gate open, no frame length
 *	limit; the qdisc's own counters restart
 * @priv: the device; RTNL held
 */
void stmmac_est_clear(struct stmmac_priv *priv)
{
	struct stmmac_est *est = &priv->est;
	u32 q;

	stmmac_est_stop(priv);
	stmmac_est_forget(priv);
	stmmac_est_free(&est->cur);
	stmmac_est_publish(priv);
	for (q = 0; q < STMMAC_MAX_QUEUES; q++) {
		atomic64_set(&est->txq_hlbs[q], 0);
		atomic64_set(&est->txq_hlbf[q], 0);
		atomic64_set(&est->txq_sdu[q], 0);
	}
}

/**
 * stmmac_est_start() - run the schedule on a core just set up
 * @priv: the device, its data path starting (RTNL), its PHC counting
 *
 * A core that does not take the list runs without it: the log says so.
 */
void stmmac_est_start(struct stmmac_priv *priv)
{
	if (priv->est.cur.on && stmmac_est_program(priv, &priv->est.cur))
		netdev_err(priv->dev, "EST: gate control list not taken, the TX gates stay open\n");
}

/**
 * stmmac_est_stop() - EST and its events off
 * @priv: the device, its data path stopping or the schedule going (RTNL)
 */
void stmmac_est_stop(struct stmmac_priv *priv)
{
	if (!priv->est.live)
		return;
	/* masked first: an event until then is still the interrupt's */
	priv->hw->est->off(priv->ioaddr);
	WRITE_ONCE(priv->est.live, false);
}

static void stmmac_est_count(atomic64_t *per_q, u32 queues)
{
	u32 q;

	for (q = 0; q < STMMAC_MAX_QUEUES; q++)
		if (queues & BIT(q))
			atomic64_inc(&per_q[q]);
}

/**
 * stmmac_est_irq() - count what EST reported
 * @priv: the device; from the MAC interrupt
 *
 * Return: true if it reported anything (the interrupt was this one's).
 */
bool stmmac_est_irq(struct stmmac_priv *priv)
{
	struct stmmac_est *est = &priv->est;
	struct stmmac_est_events ev = {};

	if (!READ_ONCE(est->live) ||
	    !priv->hw->est->events(priv->ioaddr, &ev))
		return false;
	if (ev.flags & STMMAC_EST_CGCE)
		atomic64_inc(&est->cgce);
	if (ev.flags & STMMAC_EST_HLBS) {
		atomic64_inc(&est->hlbs);
		stmmac_est_count(est->txq_hlbs, ev.hlbs);
	}
	if (ev.flags & STMMAC_EST_HLBF) {
		atomic64_inc(&est->hlbf);
		stmmac_est_count(est->txq_hlbf, ev.hlbf);
	}
	if (ev.flags & STMMAC_EST_BTRE)
		atomic64_inc(ev.btrl >= ev.btrl_max ? &est->btrlm : &est->btre);
	if (net_ratelimit())
		netdev_warn(priv->dev, "EST: events 0x%x, blocked TX queues 0x%x, frames too long on 0x%x\n",
			    ev.flags, ev.hlbs, ev.hlbf);
	return true;
}

/**
 * stmmac_est_stats() - taprio's statistics (TAPRIO_CMD_STATS and
 *	TAPRIO_CMD_QUEUE_STATS)
 * @priv: the device; RTNL held
 * @qopt: filled in
 *
 * A window drop is a frame longer than queueMaxSDU, or one EST reported
 * blocking its queue; transmission overruns the core does not have.
 */
void stmmac_est_stats(struct stmmac_priv *priv,
		      struct tc_taprio_qopt_offload *qopt)
{
	struct stmmac_est *est = &priv->est;
	struct tc_taprio_qopt_stats *s = qopt->cmd == TAPRIO_CMD_STATS ?
		&qopt->stats : &qopt->queue_stats.stats;
	u32 q, first = 0, last = STMMAC_MAX_QUEUES;

	if (qopt->cmd == TAPRIO_CMD_QUEUE_STATS) {
		first = qopt->queue_stats.queue;
		last = min_t(u32, first + 1, STMMAC_MAX_QUEUES);
	}
	s->window_drops = 0;
	s->tx_overruns = 0;
	for (q = first; q < last; q++)
		s->window_drops += atomic64_read(&est->txq_hlbs[q]) +
				   atomic64_read(&est->txq_hlbf[q]) +
				   atomic64_read(&est->txq_sdu[q]);
}
