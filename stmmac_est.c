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
 * &stmmac_est.live, which RTNL sets only with the core programmed and
 * clears before the interrupt line goes. xmit reads &stmmac_est.max_len
 * without a lock: a frame queued across a change meets either limit.
 */

#include <linux/math64.h>
#include <linux/netdevice.h>
#include <net/pkt_sched.h>
#include <kunit/visibility.h>

#include "stmmac.h"

/* How far ahead of the clock a base time already past is moved (by whole
 * cycles): the entries written and the list taken in before the core's
 * clock reaches it, so that the core does not count a base time error.
 * One still ahead is the user's: kept.
 */
#define STMMAC_EST_LEAD_NS	(10 * NSEC_PER_MSEC)

/* The PTP time offset: nine periods of the PTP reference clock, as
 * upstream programs it (the databook leaves its value to the integrator).
 */
#define STMMAC_EST_PTOV_PERIODS	9

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

/* The times the core takes: PTP time, a cycle extension the core's
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
	    div_u64(qopt->cycle_time, NSEC_PER_SEC) > U32_MAX) {
		NL_SET_ERR_MSG_MOD(extack,
				   "taprio offload: cycle-time 0 or beyond 2^32 s");
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
static void stmmac_est_max_len(struct stmmac_priv *priv,
			       const struct tc_taprio_qopt_offload *qopt)
{
	const struct tc_mqprio_qopt *m = qopt ? &qopt->mqprio.qopt : NULL;
	u32 len, q, tc;

	for (q = 0; q < STMMAC_MAX_QUEUES; q++) {
		len = 0;
		for (tc = 0; m && tc < min_t(u32, m->num_tc, TC_MAX_QUEUE); tc++)
			if (q >= m->offset[tc] &&
			    q < m->offset[tc] + m->count[tc] &&
			    qopt->max_sdu[tc])
				len = qopt->max_sdu[tc] + ETH_HLEN;
		/* xmit reads it without a lock */
		WRITE_ONCE(priv->est.max_len[q], len);
	}
}

/* Program the schedule; the data path is up, RTNL held. */
static int stmmac_est_program(struct stmmac_priv *priv)
{
	struct stmmac_est *est = &priv->est;
	unsigned long rate = priv->plat->ptp_rate ?: priv->plat->clk_rate;
	struct stmmac_est_regs r = { .n = est->n, .gcl = est->gcl };
	struct timespec64 now;
	u64 base;
	int ret;

	ret = priv->ptp.info.gettimex64(&priv->ptp.info, &now, NULL);
	if (ret)
		return ret;
	base = est->base_ns;
	if (base < timespec64_to_ns(&now))
		base = stmmac_pps_next(base, est->cycle_ns,
				       timespec64_to_ns(&now) +
				       STMMAC_EST_LEAD_NS);
	r.btr_sec = div_u64_rem(base, NSEC_PER_SEC, &r.btr_ns);
	r.ctr_sec = div_u64_rem(est->cycle_ns, NSEC_PER_SEC, &r.ctr_ns);
	r.ter = est->ext_ns;
	r.ptov = rate ? STMMAC_EST_PTOV_PERIODS * (NSEC_PER_SEC / rate) : 0;
	ret = priv->hw->est->program(priv->ioaddr, &r);
	/* the events are unmasked: the interrupt may read them from now */
	WRITE_ONCE(est->live, !ret);
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

/**
 * stmmac_est_set() - take a taprio schedule (TAPRIO_CMD_REPLACE)
 * @priv: the device; RTNL held
 * @qopt: the schedule
 * @extack: why it is refused
 *
 * Checked whole before anything changes. While the data path is down
 * the schedule waits for it; while up the core takes it over at its base
 * time, or the first cycle start after now.
 *
 * Return: 0, a negative errno with @extack set, or the core's -ETIMEDOUT
 * (EST then off).
 */
int stmmac_est_set(struct stmmac_priv *priv,
		   const struct tc_taprio_qopt_offload *qopt,
		   struct netlink_ext_ack *extack)
{
	struct stmmac_est *est = &priv->est;
	u32 wid = priv->caps.est_wid, *gcl;
	int ret;

	ret = stmmac_est_usable(priv, extack);
	if (ret)
		return ret;
	ret = stmmac_est_times(qopt, wid, extack);
	if (ret)
		return ret;
	gcl = devm_kcalloc(priv->device, max_t(size_t, qopt->num_entries, 1),
			   sizeof(*gcl), GFP_KERNEL);
	if (!gcl)
		return -ENOMEM;
	ret = stmmac_est_entries(qopt, wid, priv->caps.est_depth, gcl, extack);
	if (ret) {
		devm_kfree(priv->device, gcl);
		return ret;
	}
	if (est->gcl)
		devm_kfree(priv->device, est->gcl);
	est->gcl = gcl;
	est->n = qopt->num_entries;
	est->base_ns = qopt->base_time;
	est->cycle_ns = qopt->cycle_time;
	est->ext_ns = qopt->cycle_time_extension;
	stmmac_est_max_len(priv, qopt);
	est->on = true;
	if (!priv->running)
		return 0;
	ret = stmmac_est_program(priv);
	if (ret) {
		NL_SET_ERR_MSG_MOD(extack,
				   "taprio offload: the core did not take the gate control list");
		stmmac_est_clear(priv);
	}
	return ret;
}

/**
 * stmmac_est_clear() - the schedule goes (TAPRIO_CMD_DESTROY): every gate
 *	open, no frame length limit; the qdisc's own counters restart
 * @priv: the device; RTNL held
 */
void stmmac_est_clear(struct stmmac_priv *priv)
{
	struct stmmac_est *est = &priv->est;

	stmmac_est_stop(priv);
	est->on = false;
	if (est->gcl)
		devm_kfree(priv->device, est->gcl);
	est->gcl = NULL;
	est->n = 0;
	stmmac_est_max_len(priv, NULL);
	memset(est->txq_hlbs, 0, sizeof(est->txq_hlbs));
	memset(est->txq_hlbf, 0, sizeof(est->txq_hlbf));
	memset(est->txq_sdu, 0, sizeof(est->txq_sdu));
}

/**
 * stmmac_est_start() - run the schedule on a core just set up
 * @priv: the device, its data path starting (RTNL), its PHC counting
 *
 * A core that does not take the list runs without it: the log says so.
 */
void stmmac_est_start(struct stmmac_priv *priv)
{
	if (priv->est.on && stmmac_est_program(priv))
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
	WRITE_ONCE(priv->est.live, false);
	priv->hw->est->off(priv->ioaddr);
}

static void stmmac_est_count(u64 *per_q, u32 queues)
{
	u32 q;

	for (q = 0; q < STMMAC_MAX_QUEUES; q++)
		if (queues & BIT(q))
			per_q[q]++;
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
		est->cgce++;
	if (ev.flags & STMMAC_EST_HLBS) {
		est->hlbs++;
		stmmac_est_count(est->txq_hlbs, ev.hlbs);
	}
	if (ev.flags & STMMAC_EST_HLBF) {
		est->hlbf++;
		stmmac_est_count(est->txq_hlbf, ev.hlbf);
	}
	if ((ev.flags & STMMAC_EST_BTRE) && ev.btrl >= ev.btrl_max)
		est->btrlm++;
	else if (ev.flags & STMMAC_EST_BTRE)
		est->btre++;
	if ((ev.flags & ~STMMAC_EST_SWLC) && net_ratelimit())
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
	const struct stmmac_est *est = &priv->est;
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
		s->window_drops += est->txq_hlbs[q] + est->txq_hlbf[q] +
				   READ_ONCE(est->txq_sdu[q]);
}
