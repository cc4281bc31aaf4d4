// SPDX-License-Identifier: GPL-2.0-only
/*
 * Traffic control offloads (ndo_setup_tc): the credit-based shaper of the
 * XGMAC's AV queues (tc cbs ... offload 1).
 *
 * Locking: ndo_setup_tc runs under RTNL, as does every start of the data
 * path, whose MTL set-up programs &stmmac_priv.cbs again after a reset.
 */

#include <linux/math64.h>
#include <linux/netdevice.h>
#include <net/pkt_sched.h>
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

/* With @tx TX queues, queue @q shares its traffic class (the last one)
 * with others: its shaper would shape them too.
 */
static bool stmmac_cbs_class_shared(const struct stmmac_priv *priv, u32 q,
				    u32 tx)
{
	u32 last = priv->caps.num_tc - 1;

	return priv->caps.num_tc && q >= last && tx - 1 > last;
}

/**
 * stmmac_cbs_shared() - a shaped TX queue that would share its class
 * @priv: the device; RTNL held
 * @tx: TX queues to be used (ethtool -L)
 *
 * Return: the first shaped queue whose traffic class @tx queues would share
 * with others, or -1 for none.
 */
int stmmac_cbs_shared(const struct stmmac_priv *priv, u32 tx)
{
	u32 q;

	for (q = 1; q < tx && q < STMMAC_MAX_QUEUES; q++)
		if (priv->cbs[q].on && stmmac_cbs_class_shared(priv, q, tx))
			return q;
	return -1;
}

/* Queue 0 cannot be an AV queue (upstream's rule), and a class shared
 * with another queue would shape that one too.
 */
static int stmmac_cbs_queue(struct stmmac_priv *priv, s32 queue)
{
	u32 last = priv->caps.num_tc - 1;

	if (queue < 1 || queue >= priv->tx_queues) {
		netdev_err(priv->dev,
			   "CBS offload: TX queue %d: AV queues are 1 to %u\n",
			   queue, priv->tx_queues - 1);
		return -EINVAL;
	}
	if (stmmac_cbs_class_shared(priv, queue, priv->tx_queues)) {
		netdev_err(priv->dev,
			   "CBS offload: TX queue %d shares traffic class %u with queues up to %u\n",
			   queue, last, priv->tx_queues - 1);
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
	if (priv->running && qopt->queue < priv->tx_queues)
		priv->hw->mtl_tx_queue(priv, qopt->queue);
	return 0;
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

	switch (type) {
	case TC_SETUP_QDISC_CBS:
		return stmmac_tc_cbs(priv, type_data);
	default:
		return -EOPNOTSUPP;
	}
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_setup_tc);
