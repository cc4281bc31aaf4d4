// SPDX-License-Identifier: GPL-2.0-only
/*
 * Traffic control offloads (ndo_setup_tc) on the XGMAC: the TX traffic
 * classes of an mqprio qdisc (hw 1), and the credit-based shaper of its AV
 * queues (tc cbs ... offload 1); a clsact block's flower rule goes to
 * stmmac_flower.c.
 *
 * Locking: ndo_setup_tc runs under RTNL, as does every start of the data
 * path, whose MTL set-up programs &stmmac_priv.cbs and .mqprio again after
 * a reset. The stack's copy of the classes (netdev_set_tc_queue()) is read
 * by xmit's queue pick without a lock, as the core's own pick reads it.
 */

#include <linux/math64.h>
#include <linux/netdevice.h>
#include <net/pkt_sched.h>
#include <net/sch_generic.h>
#include <kunit/visibility.h>

#include "stmmac.h"

/* The largest credit, in bytes, whose scaled value (x 8192) fits 32 bits
 * signed; the databook gives the registers no narrower width we know of
 */
#define STMMAC_CBS_CREDIT_MAX	(S32_MAX / 8192)

/* The port transmit rate's divider: the slopes are scaled by 1024 x this
 * over the rate, as upstream programs them for each link speed it allows.
 */
static u32 stmmac_cbs_ptr(s64 rate_kbps)
{
	switch (div_s64(rate_kbps, 1000)) {
	case SPEED_10000:
	case SPEED_5000:
		return 32;
	case SPEED_2500:
	case SPEED_1000:
		return 8;
	case SPEED_100:
		return 4;
	default:
		return 0;
	}
}

/* The shaper's registers from tc's parameters (kbit/s, and bytes for the
 * credits): the cbs qdisc's sendslope is idleslope minus the port rate.
 */
static int stmmac_cbs_values(struct stmmac_priv *priv,
			     const struct tc_cbs_qopt_offload *qopt,
			     struct stmmac_cbs *cbs)
{
	s64 rate = (s64)qopt->idleslope - qopt->sendslope;
	u32 ptr = stmmac_cbs_ptr(rate);

	if (!ptr || qopt->idleslope <= 0 || qopt->sendslope >= 0) {
		netdev_err(priv->dev,
			   "CBS offload: idleslope %d - sendslope %d must be a link speed of 100, 1000, 2500, 5000 or 10000 Mbit/s in kbit/s, idleslope > 0\n",
			   qopt->idleslope, qopt->sendslope);
		return -EINVAL;
	}
	/* scaled by 8192, a credit must still fit the register, signed */
	if (qopt->hicredit < 0 || qopt->hicredit > STMMAC_CBS_CREDIT_MAX ||
	    qopt->locredit > 0 || qopt->locredit < -STMMAC_CBS_CREDIT_MAX) {
		netdev_err(priv->dev,
			   "CBS offload: hicredit %d must be 0 to %d, locredit %d -%d to 0 (bytes)\n",
			   qopt->hicredit, STMMAC_CBS_CREDIT_MAX,
			   qopt->locredit, STMMAC_CBS_CREDIT_MAX);
		return -EINVAL;
	}
	cbs->on = true;
	cbs->idle_slope = div_s64((s64)qopt->idleslope * 1024 * ptr, rate);
	cbs->send_slope = div_s64(-(s64)qopt->sendslope * 1024 * ptr, rate);
	cbs->hi_credit = (u32)((s64)qopt->hicredit * 1024 * 8);
	cbs->lo_credit = (u32)((s64)qopt->locredit * 1024 * 8);
	return 0;
}

/* Under class map @m, with @tx TX queues, queue @q shares its traffic
 * class with another queue: its shaper would shape that one too.
 */
static bool stmmac_class_shared(const struct stmmac_priv *priv,
				const struct stmmac_mqprio *m, u32 q, u32 tx)
{
	u32 hw_tc = priv->caps.num_tc, tc = stmmac_tc_class(m, hw_tc, q), p;

	for (p = 0; p < tx; p++)
		if (p != q && stmmac_tc_class(m, hw_tc, p) == tc)
			return true;
	return false;
}

/* The first shaped TX queue that would share its class under map @m with
 * @tx TX queues, or -1 for none.
 */
static int stmmac_shaped_shared(const struct stmmac_priv *priv,
				const struct stmmac_mqprio *m, u32 tx)
{
	u32 q;

	for (q = 1; q < tx && q < STMMAC_MAX_QUEUES; q++)
		if (priv->cbs[q].on && stmmac_class_shared(priv, m, q, tx))
			return q;
	return -1;
}

/* For xmit's pick, queues without mqprio are all one class */
static u32 stmmac_pick_class(const struct stmmac_priv *priv, u32 q)
{
	return priv->mqprio.num_tc ? stmmac_txq_class(priv, q) : 0;
}

/* Under taprio, a queue no class names has no gate that ever opens */
static bool stmmac_pick_gated_out(const struct stmmac_priv *priv, u32 p)
{
	const struct stmmac_mqprio *m = &priv->mqprio;
	u32 tc;

	if (!priv->est.cur.classes)
		return false;
	for (tc = 0; tc < m->num_tc; tc++)
		if (p >= m->offset[tc] && p < m->offset[tc] + m->count[tc])
			return false;
	return true;
}

/* A queue that keeps its frames and takes no others: shaped (cbs), or
 * launching them at their time (etf), whose qdisc holds them till then
 */
static bool stmmac_pick_pinned(const struct stmmac_priv *priv, u32 q)
{
	return priv->cbs[q].on || priv->txq[q].launch;
}

/**
 * stmmac_tc_pick() - publish where xmit's pick may move frames
 *	(&stmmac_priv.tx_pick)
 * @priv: the device; RTNL held, or at probe
 *
 * A frame stays in its traffic class, and neither goes to a shaped queue
 * nor leaves one: its class's shaper would shape, or not shape, traffic
 * the user did not give it. Nor to or from an etf queue: a frame there
 * came through etf, at its time, and one from elsewhere did not. Under
 * taprio it goes to no queue outside the classes: their gates never open.
 */
void stmmac_tc_pick(struct stmmac_priv *priv)
{
	u32 q, p, mask;

	for (q = 0; q < STMMAC_MAX_QUEUES; q++) {
		mask = BIT(q);
		for (p = 0; p < STMMAC_MAX_QUEUES &&
		     !stmmac_pick_pinned(priv, q); p++)
			if (!stmmac_pick_pinned(priv, p) &&
			    !stmmac_pick_gated_out(priv, p) &&
			    stmmac_pick_class(priv, p) ==
			    stmmac_pick_class(priv, q))
				mask |= BIT(p);
		WRITE_ONCE(priv->tx_pick[q], mask);
	}
}

/**
 * stmmac_tc_queues_check() - can ethtool -L leave @tx TX queues
 * @priv: the device; RTNL held
 * @tx: TX queues to be used
 *
 * Not when mqprio's classes name a queue that would go, nor when a shaped
 * queue would share its class with a queue that comes. The refusal says
 * why in the kernel log, rate limited (set_channels has no extack).
 *
 * Return: 0 or -EINVAL.
 */
int stmmac_tc_queues_check(struct stmmac_priv *priv, u32 tx)
{
	int q;

	if (tx < priv->mqprio.queues) {
		if (net_ratelimit())
			netdev_warn(priv->dev, "the traffic classes (mqprio, taprio) use TX queues 0 to %u: delete the qdisc first\n",
				    priv->mqprio.queues - 1);
		return -EINVAL;
	}
	q = stmmac_shaped_shared(priv, &priv->mqprio, tx);
	if (q >= 0) {
		if (net_ratelimit())
			netdev_warn(priv->dev, "TX queue %d is shaped (tc cbs): with %u TX queues it would share its traffic class\n",
				    q, tx);
		return -EINVAL;
	}
	return 0;
}

/* Queue 0 cannot be an AV queue (upstream's rule), and a class shared
 * with another queue would shape that one too.
 */
static int stmmac_cbs_queue(struct stmmac_priv *priv, s32 queue)
{
	if (queue < 1 || queue >= priv->tx_queues) {
		netdev_err(priv->dev,
			   "CBS offload: TX queue %d: AV queues are 1 to %u\n",
			   queue, priv->tx_queues - 1);
		return -EINVAL;
	}
	if (stmmac_class_shared(priv, &priv->mqprio, queue, priv->tx_queues)) {
		netdev_err(priv->dev,
			   "CBS offload: TX queue %d shares traffic class %u with other queues\n",
			   queue, stmmac_txq_class(priv, queue));
		return -EINVAL;
	}
	return 0;
}

static int stmmac_tc_cbs(struct stmmac_priv *priv,
			 const struct tc_cbs_qopt_offload *qopt)
{
	struct stmmac_cbs cbs = {};
	int ret;

	if (!priv->hw->mtl_tx_queue || !priv->caps.av) {
		netdev_err(priv->dev,
			   "CBS offload: this core has no credit-based shaper\n");
		return -EOPNOTSUPP;
	}
	/* Off is taken for any queue that may have had a shaper: one that
	 * ethtool -L took away keeps none for when it comes back.
	 */
	if (!qopt->enable) {
		if (qopt->queue < 0 || qopt->queue >= STMMAC_MAX_QUEUES)
			return -EINVAL;
	} else {
		ret = stmmac_cbs_queue(priv, qopt->queue);
		if (!ret)
			ret = stmmac_cbs_values(priv, qopt, &cbs);
		if (ret)
			return ret;
	}
	priv->cbs[qopt->queue] = cbs;
	stmmac_tc_pick(priv);
	if (priv->running && qopt->queue < priv->tx_queues)
		priv->hw->mtl_tx_queue(priv, qopt->queue);
	return 0;
}

/* The class map of mqprio's parameters, refused (extack) where the core
 * cannot schedule it as asked. A formatted extack message is cut at 80
 * characters, the module's name included: keep them short.
 */
static int stmmac_mqprio_map(struct stmmac_priv *priv,
			     const struct tc_mqprio_qopt_offload *mq,
			     struct stmmac_mqprio *m)
{
	const struct tc_mqprio_qopt *qopt = &mq->qopt;
	u32 tc, q, used = 0, range;

	if (qopt->num_tc > priv->caps.num_tc) {
		NL_SET_ERR_MSG_FMT_MOD(mq->extack,
				       "mqprio offload: num_tc %u, this core has %u traffic classes",
				       qopt->num_tc, priv->caps.num_tc);
		return -EINVAL;
	}
	if ((mq->flags & (TC_MQPRIO_F_MIN_RATE | TC_MQPRIO_F_MAX_RATE)) ||
	    ((mq->flags & TC_MQPRIO_F_SHAPER) &&
	     mq->shaper != TC_MQPRIO_SHAPER_DCB)) {
		NL_SET_ERR_MSG_MOD(mq->extack,
				   "mqprio offload: min_rate / max_rate are not offloaded (shape a queue with tc cbs)");
		return -EOPNOTSUPP;
	}
	if (mq->preemptible_tcs && !priv->caps.fpe) {
		NL_SET_ERR_MSG_MOD(mq->extack,
				   "mqprio offload: fp: this core has no frame preemption");
		return -EOPNOTSUPP;
	}
	for (tc = 0; tc < qopt->num_tc; tc++) {
		/* mqprio checks these too (validate_queue_counts) */
		if (qopt->count[tc] &&
		    qopt->offset[tc] + qopt->count[tc] <= priv->tx_queues)
			range = GENMASK(qopt->offset[tc] + qopt->count[tc] - 1,
					qopt->offset[tc]);
		else
			range = 0;
		if (!range || (used & range)) {
			NL_SET_ERR_MSG_FMT_MOD(mq->extack,
					       "mqprio offload: class %u's queues %u@%u: not its own of TX queues 0-%u",
					       tc, qopt->count[tc], qopt->offset[tc],
					       priv->tx_queues - 1);
			return -EINVAL;
		}
		used |= range;
		for (q = qopt->offset[tc]; q < qopt->offset[tc] + qopt->count[tc];
		     q++)
			m->tc[q] = tc;
		m->count[tc] = qopt->count[tc];
		m->offset[tc] = qopt->offset[tc];
		if (mq->preemptible_tcs & BIT(tc))
			m->pmac |= range;
	}
	m->num_tc = qopt->num_tc;
	m->queues = fls(used);
	return 0;
}

/* The stack's copy of the classes: which queues it picks from for each.
 * Cannot fail on a map stmmac_mqprio_map() made (at most 8 classes, each
 * within the device's queues).
 */
static void stmmac_mqprio_publish(struct net_device *dev,
				  const struct stmmac_mqprio *m)
{
	u8 tc;

	WARN_ON_ONCE(netdev_set_num_tc(dev, m->num_tc));
	for (tc = 0; tc < m->num_tc; tc++)
		WARN_ON_ONCE(netdev_set_tc_queue(dev, tc, m->count[tc],
						 m->offset[tc]));
}

/* The stack still has the classes given it: no root set up since (mqprio
 * without offload, taprio) gave it its own.
 */
static bool stmmac_mqprio_in_stack(struct net_device *dev,
				   const struct stmmac_mqprio *m)
{
	u8 tc;

	if (netdev_get_num_tc(dev) != m->num_tc)
		return false;
	for (tc = 0; tc < m->num_tc; tc++)
		if (dev->tc_to_txq[tc].count != m->count[tc] ||
		    dev->tc_to_txq[tc].offset != m->offset[tc])
			return false;
	return true;
}

/* Removal cannot be refused: a shaper left sharing a class with other
 * queues (mqprio removed before the cbs qdiscs under it) is switched off.
 */
static void stmmac_mqprio_unshape(struct stmmac_priv *priv)
{
	int q;

	while ((q = stmmac_shaped_shared(priv, &priv->mqprio,
					 priv->tx_queues)) >= 0) {
		netdev_warn(priv->dev,
			    "TX queue %d: shaper off, it shares traffic class %u without mqprio\n",
			    q, stmmac_txq_class(priv, q));
		priv->cbs[q].on = false;
	}
}

/* An offloaded root goes (num_tc 0). The qdisc layer sets a replacing
 * root up before the replaced one goes: only the last root's going takes
 * the classes away, and the stack's copy only if still theirs.
 */
static void stmmac_mqprio_off(struct stmmac_priv *priv)
{
	if (priv->mqprio.roots > 1) {
		priv->mqprio.roots--;
		return;
	}
	if (stmmac_mqprio_in_stack(priv->dev, &priv->mqprio))
		netdev_reset_tc(priv->dev);
	priv->mqprio = (struct stmmac_mqprio){};
	stmmac_mqprio_unshape(priv);
}

/* An offloaded root comes, or replaces one */
static int stmmac_mqprio_on(struct stmmac_priv *priv,
			    struct tc_mqprio_qopt_offload *mq)
{
	struct stmmac_mqprio m = {};
	int ret;

	ret = stmmac_mqprio_map(priv, mq, &m);
	if (ret)
		return ret;
	ret = stmmac_shaped_shared(priv, &m, priv->tx_queues);
	if (ret >= 0) {
		NL_SET_ERR_MSG_FMT_MOD(mq->extack,
				       "mqprio offload: shaped TX queue %d would share traffic class %u",
				       ret, m.tc[ret]);
		return -EINVAL;
	}
	m.roots = priv->mqprio.roots + 1;
	stmmac_mqprio_publish(priv->dev, &m);
	mq->qopt.hw = TC_MQPRIO_HW_OFFLOAD_TCS;
	priv->mqprio = m;
	return 0;
}

/* Program the classes, their queues and preemption, the data path up */
static void stmmac_tc_apply(struct stmmac_priv *priv)
{
	u32 q;

	stmmac_tc_pick(priv);
	for (q = 0; priv->running && q < priv->tx_queues; q++)
		priv->hw->mtl_tx_queue(priv, q);
	if (priv->running)
		stmmac_fpe_program(priv);
}

/* tc qdisc ... mqprio ... hw 1: TX queues in the MTL's traffic classes */
static int stmmac_tc_mqprio(struct stmmac_priv *priv,
			    struct tc_mqprio_qopt_offload *mq)
{
	int ret;

	if (!priv->hw->mtl_tx_queue || priv->caps.num_tc < 2) {
		NL_SET_ERR_MSG_MOD(mq->extack,
				   "mqprio offload: this core has one TX traffic class");
		return -EOPNOTSUPP;
	}
	if (mq->qopt.num_tc) {
		ret = stmmac_mqprio_on(priv, mq);
		if (ret)
			return ret;
	} else {
		stmmac_mqprio_off(priv);
	}
	stmmac_tc_apply(priv);
	return 0;
}

/* taprio's classes, checked before its schedule is taken */
static int stmmac_taprio_classes(struct stmmac_priv *priv,
				 struct tc_taprio_qopt_offload *qopt,
				 struct stmmac_mqprio *m)
{
	int ret;

	if (!qopt->mqprio.qopt.num_tc)
		return 0;
	ret = stmmac_mqprio_map(priv, &qopt->mqprio, m);
	if (ret)
		return ret;
	ret = stmmac_shaped_shared(priv, m, priv->tx_queues);
	if (ret >= 0) {
		NL_SET_ERR_MSG_FMT_MOD(qopt->extack,
				       "taprio offload: shaped TX queue %d would share traffic class %u",
				       ret, m->tc[ret]);
		return -EINVAL;
	}
	return 0;
}

/* The classes taprio gave the stack itself, held in the MTL as mqprio's
 * (frame preemption's classes with them) while its schedule runs: a
 * taprio root counts as an mqprio one. The root then in place is kept
 * to tell whose DESTROY comes (stmmac_taprio_off()).
 */
static int stmmac_taprio_on(struct stmmac_priv *priv,
			    struct tc_taprio_qopt_offload *qopt)
{
	struct stmmac_est *est = &priv->est;
	struct stmmac_est_sched s;
	struct stmmac_mqprio m = {};
	const struct Qdisc *root;
	int ret;

	ret = stmmac_taprio_classes(priv, qopt, &m);
	if (!ret)
		ret = stmmac_est_build(priv, qopt, &s);
	if (!ret)
		ret = stmmac_est_take(priv, &s, qopt->extack);
	if (ret)
		return ret;
	root = rtnl_dereference(priv->dev->qdisc);
	est->root = root;
	est->root_handle = root->handle;
	if (m.num_tc) {
		m.roots = priv->mqprio.roots + !est->cur.classes;
		priv->mqprio = m;
		est->cur.classes = true;
	}
	stmmac_tc_apply(priv);
	return 0;
}

/* A root qdisc not on its way out (the built-in no-op one keeps no
 * count)
 */
static bool stmmac_root_live(const struct Qdisc *q)
{
	return (q->flags & TCQ_F_BUILTIN) || refcount_read(&q->refcnt);
}

/* A DESTROY names no qdisc. Every qdisc's set-up calls in here before
 * anything else, which closes the window (stmmac_est_forget()); within
 * it, right after a REPLACE:
 * - a live taprio root other than the one in place at the REPLACE: the
 *   qdisc layer grafted the REPLACE's maker and this DESTROY is the root
 *   it replaced: the schedule stays;
 * - the root of the REPLACE still in place and live: the REPLACE's maker
 *   failed its set-up and goes without ever being the root: back to what
 *   the REPLACE replaced, schedule and classes.
 * Anything else (tc qdisc del, unregistration, a root without offload
 * put in place): the schedule goes.
 */
static void stmmac_taprio_off(struct stmmac_priv *priv)
{
	const struct Qdisc *root = rtnl_dereference(priv->dev->qdisc);
	struct stmmac_est *est = &priv->est;
	bool same = root == est->root && root->handle == est->root_handle;

	if (est->undo && !same && stmmac_root_live(root) &&
	    !strcmp(root->ops->id, "taprio")) {
		stmmac_est_forget(priv);
		return;
	}
	if (est->undo && same && stmmac_root_live(root)) {
		stmmac_est_undo(priv);
	} else {
		if (est->cur.classes)
			stmmac_mqprio_off(priv);
		stmmac_est_clear(priv);
	}
	stmmac_tc_apply(priv);
}

/* tc qdisc ... taprio ... flags 0x2: the gate control list in the MTL */
static int stmmac_tc_taprio(struct stmmac_priv *priv,
			    struct tc_taprio_qopt_offload *qopt)
{
	if (!priv->hw->mtl_tx_queue)
		return -EOPNOTSUPP;
	switch (qopt->cmd) {
	case TAPRIO_CMD_REPLACE:
		return stmmac_taprio_on(priv, qopt);
	case TAPRIO_CMD_DESTROY:
		stmmac_taprio_off(priv);
		return 0;
	case TAPRIO_CMD_STATS:
	case TAPRIO_CMD_QUEUE_STATS:
		stmmac_est_stats(priv, qopt);
		return 0;
	default:
		return -EOPNOTSUPP;
	}
}

/* tc etf ... offload: xmit gives the queue's frames their launch time,
 * skb->tstamp in CLOCK_TAI, which the PHC is to keep (phc2sys). The
 * offload call has no extack: a refusal says why in the kernel log.
 * Switching off is never refused: etf's removal cannot fail, whatever the
 * queue count became meanwhile.
 */
static int stmmac_tc_etf(struct stmmac_priv *priv,
			 struct tc_etf_qopt_offload *qopt)
{
	unsigned long tbs = priv->plat->tx_tbs;
	int q = qopt->queue;

	if (!qopt->enable) {
		if (q >= 0 && q < STMMAC_MAX_QUEUES) {
			WRITE_ONCE(priv->txq[q].launch, false);
			stmmac_tc_pick(priv);
		}
		return 0;
	}
	if (!priv->caps.tbs || !priv->ptp.clock || !tbs)
		return -EOPNOTSUPP;
	if (q < 0 || q >= priv->dev->real_num_tx_queues ||
	    !stmmac_txq_tbs(priv, q)) {
		netdev_err(priv->dev,
			   "etf offload: TX queue %d takes no launch time; queues that do: %*pbl\n",
			   q, STMMAC_MAX_QUEUES, &tbs);
		return -EINVAL;
	}
	WRITE_ONCE(priv->txq[q].launch, true);
	stmmac_tc_pick(priv);
	return 0;
}

/* What the qdiscs ask before they offload */
static int stmmac_tc_caps(struct stmmac_priv *priv,
			  struct tc_query_caps_base *base)
{
	struct tc_mqprio_caps *caps = base->caps;
	struct tc_taprio_caps *tcaps = base->caps;

	if (!priv->hw->mtl_tx_queue)
		return -EOPNOTSUPP;
	switch (base->type) {
	case TC_SETUP_QDISC_MQPRIO:
		/* offsets and counts within the TX queues in use, apart */
		caps->validate_queue_counts = true;
		return 0;
	case TC_SETUP_QDISC_TAPRIO:
		if (!priv->hw->est || !priv->caps.est_depth)
			return -EOPNOTSUPP;
		/* a gate per TX queue; xmit applies queueMaxSDU */
		tcaps->gate_mask_per_txq = true;
		tcaps->supports_queue_max_sdu = true;
		return 0;
	default:
		return -EOPNOTSUPP;
	}
}

/**
 * stmmac_setup_tc() - ndo_setup_tc
 * @dev: the device; RTNL held
 * @type: the offload
 * @type_data: its parameters
 *
 * Return: 0, -EINVAL for parameters the hardware cannot take (the log says
 * which), -EOPNOTSUPP for an offload the core does not have.
 */
int stmmac_setup_tc(struct net_device *dev, enum tc_setup_type type,
		    void *type_data)
{
	struct stmmac_priv *priv = netdev_priv(dev);

	/* Only a DESTROY right after a taprio REPLACE may be its (see
	 * stmmac_taprio_off()); every qdisc's set-up calls in here first.
	 */
	if (type != TC_SETUP_QDISC_TAPRIO ||
	    ((struct tc_taprio_qopt_offload *)type_data)->cmd !=
	    TAPRIO_CMD_DESTROY)
		stmmac_est_forget(priv);
	switch (type) {
	case TC_QUERY_CAPS:
		return stmmac_tc_caps(priv, type_data);
	case TC_SETUP_QDISC_CBS:
		return stmmac_tc_cbs(priv, type_data);
	case TC_SETUP_QDISC_MQPRIO:
		return stmmac_tc_mqprio(priv, type_data);
	case TC_SETUP_QDISC_TAPRIO:
		return stmmac_tc_taprio(priv, type_data);
	case TC_SETUP_QDISC_ETF:
		return stmmac_tc_etf(priv, type_data);
	case TC_SETUP_BLOCK:
		return stmmac_flower_block(priv, type_data);
	default:
		return -EOPNOTSUPP;
	}
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_setup_tc);
