// SPDX-License-Identifier: GPL-2.0-only
/*
 * The PTP hardware clock of a port and its hwtstamp configuration.
 *
 * The clock is registered at probe, so that its index stays the same
 * across ifdown and ifup, and counts while the data path is up: every core
 * reset (open, ring or MTU changes, resume) clears the unit, which
 * stmmac_ptp_start() then programs again from the system time, with the
 * hwtstamp configuration in force. While the unit is not counting the
 * clock operations fail with -ENETDOWN.
 *
 * The periodic outputs (XGMAC: PTP_CLK_REQ_PEROUT) stop with the data path
 * and start again with it, on their train's next edge.
 *
 * Locking: &stmmac_ptp.lock (a mutex) covers every register access of the
 * unit, &stmmac_ptp.live and the outputs. The clock operations, the
 * periodic outputs among them, run in process context (the PTP character
 * device and sysfs, phc2sys, ts2phc); the hwtstamp configuration and
 * stmmac_ptp_start()/stop() run under RTNL as well. The data path never
 * takes the lock: xmit and RX NAPI read the tx_on and rx_on switches
 * with READ_ONCE(), and only the MAC's TX timestamp registers (XGMAC),
 * which no clock operation touches, are read by TX clean.
 */

#include <linux/ethtool.h>
#include <linux/netdevice.h>
#include <linux/timekeeping.h>
#include <kunit/visibility.h>

#include "stmmac.h"
#include "stmmac_ptp.h"
#include "stmmac_compat.h"

static struct stmmac_ptp *stmmac_ptp_of(struct ptp_clock_info *info)
{
	return container_of(info, struct stmmac_ptp, info);
}

static int stmmac_ptp_adjfine(struct ptp_clock_info *info, long scaled_ppm)
{
	struct stmmac_ptp *p = stmmac_ptp_of(info);
	u32 addend = stmmac_tsu_addend(p->rate.addend, scaled_ppm);
	int ret = -ENETDOWN;

	mutex_lock(&p->lock);
	if (p->live)
		ret = stmmac_tsu_set_addend(p->ioaddr, p->tsu, addend);
	mutex_unlock(&p->lock);
	return ret;
}

static int stmmac_ptp_adjtime(struct ptp_clock_info *info, s64 delta)
{
	struct stmmac_ptp *p = stmmac_ptp_of(info);
	int ret = -ENETDOWN;

	mutex_lock(&p->lock);
	if (p->live)
		ret = stmmac_tsu_adjtime(p->ioaddr, p->tsu, delta);
	mutex_unlock(&p->lock);
	return ret;
}

static int stmmac_ptp_gettimex64(struct ptp_clock_info *info,
				 struct timespec64 *ts,
				 struct ptp_system_timestamp *sts)
{
	struct stmmac_ptp *p = stmmac_ptp_of(info);
	int ret = -ENETDOWN;

	mutex_lock(&p->lock);
	if (p->live) {
		stmmac_tsu_gettime(p->ioaddr, p->tsu, ts, sts);
		ret = 0;
	}
	mutex_unlock(&p->lock);
	return ret;
}

static int stmmac_ptp_settime64(struct ptp_clock_info *info,
				const struct timespec64 *ts)
{
	struct stmmac_ptp *p = stmmac_ptp_of(info);
	int ret = -ENETDOWN;

	mutex_lock(&p->lock);
	if (p->live)
		ret = stmmac_tsu_settime(p->ioaddr, p->tsu, ts);
	mutex_unlock(&p->lock);
	return ret;
}

/* How far ahead of the clock a train's first edge is put: the time read,
 * the four registers and the command written, the command taken into the
 * clock's domain, all before the clock gets there, with room for the
 * thread to be preempted in between (under the mutex).
 */
#define STMMAC_PPS_LEAD_NS	(10 * NSEC_PER_MSEC)

/* Start output @i's train on the first edge far enough ahead of the
 * clock. Under @p->lock, the unit counting, the output idle and stopped.
 */
static int stmmac_ptp_pps_arm(struct stmmac_ptp *p, u32 i,
			      const struct stmmac_pps_out *out)
{
	struct timespec64 now;
	u64 start;

	stmmac_tsu_gettime(p->ioaddr, p->tsu, &now, NULL);
	start = stmmac_pps_next(out->start, out->period,
				timespec64_to_ns(&now) + STMMAC_PPS_LEAD_NS);
	return stmmac_pps_start(p->ioaddr, p->tsu, i, out, start);
}

/* PTP_CLK_REQ_PEROUT. A request is checked whole before any register is
 * written: a refused one leaves the output as it was. A new train on a
 * running output stops the old one first; if the unit then does not take
 * the new one, the output stays stopped. Stopping is taken while the
 * interface is down too (the train already stopped there): it is then
 * not started again at ifup.
 */
static int stmmac_ptp_perout(struct stmmac_ptp *p,
			     const struct ptp_perout_request *rq, int on)
{
	struct stmmac_pps_out want = {};
	struct stmmac_pps_out *o;
	u32 i = rq->index;
	int ret;

	if (!p->info.n_per_out)
		return -EOPNOTSUPP;
	if (i >= p->info.n_per_out)
		return -EINVAL;
	if (on) {
		ret = stmmac_pps_check(rq, p->rate.ssinc, &want);
		if (ret)
			return ret;
	}
	o = &p->pps[i];
	mutex_lock(&p->lock);
	if (!on) {
		/* Off is what was asked, whatever the unit answers: a core
		 * reset stops the train at the latest.
		 */
		ret = p->live && o->on ? stmmac_pps_stop(p->ioaddr, p->tsu, i)
				       : 0;
		o->on = false;
		goto out;
	}
	ret = -ENETDOWN;
	if (!p->live)
		goto out;
	ret = stmmac_pps_idle(p->ioaddr, p->tsu, i);
	if (ret)
		goto out;
	if (o->on) {
		o->on = false;
		ret = stmmac_pps_stop(p->ioaddr, p->tsu, i);
		if (ret)
			goto out;
	}
	ret = stmmac_ptp_pps_arm(p, i, &want);
	if (!ret) {
		*o = want;
		o->on = true;
	}
out:
	mutex_unlock(&p->lock);
	return ret;
}

/**
 * stmmac_ptp_enable() - ptp_clock_info.enable: the periodic outputs
 * @info: the clock
 * @rq: the request; only PTP_CLK_REQ_PEROUT is done, on the outputs the
 *	core has (&ptp_clock_info.n_per_out: none on the GMAC)
 * @on: start (with @rq's train) or stop the output
 *
 * Return: 0; -EOPNOTSUPP for another request, a flag stmmac_pps_check()
 * does not take, or a port without outputs; -EINVAL for an output it
 * does not have or a train it cannot make; -ENETDOWN to start one while
 * the clock is not counting; -EBUSY or -ETIMEDOUT when the unit did not
 * take the request.
 */
int stmmac_ptp_enable(struct ptp_clock_info *info,
		      struct ptp_clock_request *rq, int on)
{
	if (rq->type != PTP_CLK_REQ_PEROUT)
		return -EOPNOTSUPP;
	return stmmac_ptp_perout(stmmac_ptp_of(info), &rq->perout, on);
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_ptp_enable);

static const struct ptp_clock_info stmmac_ptp_info = {
	.owner = THIS_MODULE,
	.name = "stmmac ptp",
	.adjfine = stmmac_ptp_adjfine,
	.adjtime = stmmac_ptp_adjtime,
	.gettimex64 = stmmac_ptp_gettimex64,
	.settime64 = stmmac_ptp_settime64,
	.enable = stmmac_ptp_enable,
};

/* The data path can stamp frames: the descriptors carry RX stamps, and
 * TX ones come in the descriptor (GMAC, 32-byte alternate size) or in MAC
 * registers (XGMAC). A GMAC on 16-byte descriptors has nowhere to put the
 * advanced timestamps.
 */
static bool stmmac_ptp_stamps(const struct stmmac_priv *priv)
{
	return priv->desc->rx_ts &&
	       (priv->desc->tx_ts || priv->hw->tx_tstamp);
}

/**
 * stmmac_ptp_probe() - register the port's clock, if its core has a unit
 * @priv: the device, its core identified
 *
 * The reference clock is "ptp_ref", or the core clock without one. A
 * clock the unit cannot count with, or a failed registration, leaves the
 * port without a PHC (and hardware timestamps), not without a network.
 */
void stmmac_ptp_probe(struct stmmac_priv *priv)
{
	struct stmmac_ptp *p = &priv->ptp;
	unsigned long rate = priv->plat->ptp_rate ?: priv->plat->clk_rate;
	struct ptp_clock *clock;

	mutex_init(&p->lock);
	p->config.tx_type = HWTSTAMP_TX_OFF;
	p->config.rx_filter = HWTSTAMP_FILTER_NONE;
	if (!priv->hw->tsu || !priv->caps.ts)
		return;
	if (stmmac_tsu_rate(rate, &p->rate)) {
		dev_warn(priv->device, "PTP reference clock of %lu Hz unusable, no PHC\n",
			 rate);
		return;
	}
	p->ioaddr = priv->ioaddr;
	p->info = stmmac_ptp_info;
	p->info.max_adj = p->rate.max_adj;
	p->info.n_per_out = stmmac_pps_outputs(priv->hw->tsu,
					       priv->caps.pps_out);
	stmmac_ptp_perout_flags(&p->info,
				PTP_PEROUT_DUTY_CYCLE | PTP_PEROUT_PHASE);
	clock = ptp_clock_register(&p->info, priv->device);
	if (IS_ERR_OR_NULL(clock)) {
		if (IS_ERR(clock))
			dev_warn(priv->device, "no PHC: %pe\n", clock);
		return;
	}
	p->clock = clock;
	p->tsu = priv->hw->tsu;
}

/**
 * stmmac_ptp_remove() - unregister the port's clock
 * @priv: the device, its data path down
 */
void stmmac_ptp_remove(struct stmmac_priv *priv)
{
	if (priv->ptp.clock)
		ptp_clock_unregister(priv->ptp.clock);
	priv->ptp.clock = NULL;
	priv->ptp.tsu = NULL;
	mutex_destroy(&priv->ptp.lock);
}

static u32 stmmac_ptp_filter(const struct stmmac_ptp *p)
{
	struct kernel_hwtstamp_config cfg = p->config;
	u32 filter = 0;

	/* The configuration in force was accepted once: it maps again. */
	stmmac_ptp_config_filter(&cfg, true, &filter);
	return filter;
}

/**
 * stmmac_ptp_start() - start the unit after a core reset
 * @priv: the device, its core just initialised (RTNL held)
 *
 * The time restarts from the system's; the frames stamped are those of
 * the hwtstamp configuration in force. The periodic outputs that were on
 * start again, on the first edge of their train (the requested start
 * plus whole periods) far enough ahead of the new time: the reset cleared
 * them, and whoever asked for them (ts2phc, a PPS consumer) is not told
 * of a core reset (ethtool -G, an MTU change, a TX timeout, resume) and
 * would not ask again.
 */
void stmmac_ptp_start(struct stmmac_priv *priv)
{
	struct stmmac_ptp *p = &priv->ptp;
	struct timespec64 now;
	int ret, err;
	u32 i;

	ASSERT_RTNL();
	if (!p->tsu)
		return;
	/* Every frame that waited for a TX timestamp went with the old
	 * rings (xmit may have queued one after stmmac_ptp_stop()), and
	 * xmit is stopped until the data path is up again.
	 */
	clear_bit(0, &p->tx_pending);
	ktime_get_real_ts64(&now);
	mutex_lock(&p->lock);
	ret = stmmac_tsu_init(p->ioaddr, p->tsu, &p->rate,
			      stmmac_ptp_filter(p), &now);
	p->live = !ret;
	for (i = 0; p->live && i < p->info.n_per_out; i++) {
		if (!p->pps[i].on)
			continue;
		err = stmmac_ptp_pps_arm(p, i, &p->pps[i]);
		if (err) {
			p->pps[i].on = false;
			netdev_warn(priv->dev,
				    "periodic output %u not restarted: %d\n",
				    i, err);
		}
	}
	mutex_unlock(&p->lock);
	if (ret)
		netdev_err(priv->dev, "PTP clock did not start: %d\n", ret);
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_ptp_start);

/**
 * stmmac_ptp_stop() - the unit is about to be reset or stopped
 * @priv: the device (RTNL held)
 *
 * The periodic outputs stop here, not only at the next core reset: ifdown
 * does not reset the core, whose clock would go on driving them while its
 * time can no longer be read or set. They are kept asked for, and
 * stmmac_ptp_start() starts them again.
 */
void stmmac_ptp_stop(struct stmmac_priv *priv)
{
	struct stmmac_ptp *p = &priv->ptp;
	u32 i;

	ASSERT_RTNL();
	if (!p->tsu)
		return;
	mutex_lock(&p->lock);
	for (i = 0; p->live && i < p->info.n_per_out; i++)
		if (p->pps[i].on &&
		    stmmac_pps_stop(p->ioaddr, p->tsu, i))
			netdev_warn(priv->dev,
				    "periodic output %u did not stop\n", i);
	p->live = false;
	mutex_unlock(&p->lock);
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_ptp_stop);

/* What each filter the unit can do selects, in TSU_CTRL bits (databook:
 * "Timestamp Snapshot Dependency on Register Bits"). A filter that asks
 * for PTP over Ethernet only gets the one that adds UDP (the unit cannot
 * leave UDP out while it takes version 2 over Ethernet); "some" and NTP
 * get every frame.
 */
static int stmmac_ptp_rx_filter(enum hwtstamp_rx_filters f, u32 *bits,
				enum hwtstamp_rx_filters *got)
{
	const u32 udp = TSU_CTRL_IPV4 | TSU_CTRL_IPV6;
	const u32 any = udp | TSU_CTRL_L2 | TSU_CTRL_V2;

	*got = f;
	switch (f) {
	case HWTSTAMP_FILTER_NONE:
		*bits = 0;
		return 0;
	case HWTSTAMP_FILTER_PTP_V1_L4_EVENT:
		*bits = udp | TSU_CTRL_SNAPTYP1;
		return 0;
	case HWTSTAMP_FILTER_PTP_V1_L4_SYNC:
		*bits = udp | TSU_CTRL_EVENT;
		return 0;
	case HWTSTAMP_FILTER_PTP_V1_L4_DELAY_REQ:
		*bits = udp | TSU_CTRL_EVENT | TSU_CTRL_MASTER;
		return 0;
	case HWTSTAMP_FILTER_PTP_V2_L4_EVENT:
		*bits = udp | TSU_CTRL_V2 | TSU_CTRL_SNAPTYP1;
		return 0;
	case HWTSTAMP_FILTER_PTP_V2_L4_SYNC:
		*bits = udp | TSU_CTRL_V2 | TSU_CTRL_EVENT;
		return 0;
	case HWTSTAMP_FILTER_PTP_V2_L4_DELAY_REQ:
		*bits = udp | TSU_CTRL_V2 | TSU_CTRL_EVENT | TSU_CTRL_MASTER;
		return 0;
	case HWTSTAMP_FILTER_PTP_V2_L2_EVENT:
	case HWTSTAMP_FILTER_PTP_V2_EVENT:
		*got = HWTSTAMP_FILTER_PTP_V2_EVENT;
		*bits = any | TSU_CTRL_SNAPTYP1 | TSU_CTRL_EVENT;
		return 0;
	case HWTSTAMP_FILTER_PTP_V2_L2_SYNC:
	case HWTSTAMP_FILTER_PTP_V2_SYNC:
		*got = HWTSTAMP_FILTER_PTP_V2_SYNC;
		*bits = any | TSU_CTRL_EVENT;
		return 0;
	case HWTSTAMP_FILTER_PTP_V2_L2_DELAY_REQ:
	case HWTSTAMP_FILTER_PTP_V2_DELAY_REQ:
		*got = HWTSTAMP_FILTER_PTP_V2_DELAY_REQ;
		*bits = any | TSU_CTRL_EVENT | TSU_CTRL_MASTER;
		return 0;
	case HWTSTAMP_FILTER_ALL:
	case HWTSTAMP_FILTER_SOME:
	case HWTSTAMP_FILTER_NTP_ALL:
		*got = HWTSTAMP_FILTER_ALL;
		*bits = TSU_CTRL_ALL;
		return 0;
	default:
		return -ERANGE;
	}
}

/**
 * stmmac_ptp_config_filter() - check a hwtstamp configuration
 * @cfg: the configuration asked for; on success its filter becomes the
 *	one the unit applies (it may take more frames than asked)
 * @stamps: the data path can stamp frames (else only "off" is taken)
 * @filter: on success, the TSU_CTRL_FILTER bits for it
 *
 * Return: 0; -EINVAL for flags (none is supported); -ERANGE for a TX type
 * or RX filter the port cannot do. On failure nothing is written.
 */
int stmmac_ptp_config_filter(struct kernel_hwtstamp_config *cfg, bool stamps,
			     u32 *filter)
{
	enum hwtstamp_rx_filters got;
	u32 bits;

	if (cfg->flags)
		return -EINVAL;
	switch (cfg->tx_type) {
	case HWTSTAMP_TX_OFF:
		break;
	case HWTSTAMP_TX_ON:
		if (!stamps)
			return -ERANGE;
		break;
	default:
		return -ERANGE;
	}
	if (stmmac_ptp_rx_filter(cfg->rx_filter, &bits, &got))
		return -ERANGE;
	if (got != HWTSTAMP_FILTER_NONE && !stamps)
		return -ERANGE;
	cfg->rx_filter = got;
	*filter = bits;
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_ptp_config_filter);

/**
 * stmmac_hwtstamp_get() - ndo_hwtstamp_get: the configuration in force
 * @dev: the device
 * @cfg: the configuration
 *
 * Return: 0, or -EOPNOTSUPP on a port without a PHC.
 */
int stmmac_hwtstamp_get(struct net_device *dev,
			struct kernel_hwtstamp_config *cfg)
{
	struct stmmac_priv *priv = netdev_priv(dev);

	if (!priv->ptp.tsu)
		return -EOPNOTSUPP;
	*cfg = priv->ptp.config;
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_hwtstamp_get);

/**
 * stmmac_hwtstamp_set() - ndo_hwtstamp_set: choose what is stamped
 * @dev: the device
 * @cfg: the configuration asked for; the one applied on return
 * @extack: error report
 *
 * Taken whether the interface is up or not; a unit that is not counting
 * gets it at its next start. A rejected configuration changes nothing.
 *
 * Return: 0, -EOPNOTSUPP on a port without a PHC, or the error of
 * stmmac_ptp_config_filter().
 */
int stmmac_hwtstamp_set(struct net_device *dev,
			struct kernel_hwtstamp_config *cfg,
			struct netlink_ext_ack *extack)
{
	struct stmmac_priv *priv = netdev_priv(dev);
	struct stmmac_ptp *p = &priv->ptp;
	struct kernel_hwtstamp_config want = *cfg;
	u32 filter;
	int ret;

	if (!p->tsu)
		return -EOPNOTSUPP;
	ret = stmmac_ptp_config_filter(&want, stmmac_ptp_stamps(priv), &filter);
	if (ret) {
		NL_SET_ERR_MSG_MOD(extack, "timestamping mode not supported");
		return ret;
	}
	mutex_lock(&p->lock);
	if (p->live)
		stmmac_tsu_set_filter(p->ioaddr, p->tsu, filter);
	p->config = want;
	WRITE_ONCE(p->tx_on, want.tx_type == HWTSTAMP_TX_ON);
	WRITE_ONCE(p->rx_on, want.rx_filter != HWTSTAMP_FILTER_NONE);
	mutex_unlock(&p->lock);
	*cfg = want;
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_hwtstamp_set);

/* Every filter the unit does, as ethtool lists them */
#define STMMAC_PTP_FILTERS						\
	(BIT(HWTSTAMP_FILTER_NONE) | BIT(HWTSTAMP_FILTER_ALL) |		\
	 BIT(HWTSTAMP_FILTER_PTP_V1_L4_EVENT) |				\
	 BIT(HWTSTAMP_FILTER_PTP_V1_L4_SYNC) |				\
	 BIT(HWTSTAMP_FILTER_PTP_V1_L4_DELAY_REQ) |			\
	 BIT(HWTSTAMP_FILTER_PTP_V2_L4_EVENT) |				\
	 BIT(HWTSTAMP_FILTER_PTP_V2_L4_SYNC) |				\
	 BIT(HWTSTAMP_FILTER_PTP_V2_L4_DELAY_REQ) |			\
	 BIT(HWTSTAMP_FILTER_PTP_V2_EVENT) |				\
	 BIT(HWTSTAMP_FILTER_PTP_V2_SYNC) |				\
	 BIT(HWTSTAMP_FILTER_PTP_V2_DELAY_REQ))

/**
 * stmmac_ptp_ts_info() - ethtool -T: the PHC and the timestamping modes
 * @dev: the device
 * @info: what to report
 *
 * Software timestamps always; the PHC index where the port has one, and
 * the hardware modes where the data path can stamp frames.
 *
 * Return: 0.
 */
int stmmac_ptp_ts_info(struct net_device *dev,
		       struct kernel_ethtool_ts_info *info)
{
	struct stmmac_priv *priv = netdev_priv(dev);
	struct stmmac_ptp *p = &priv->ptp;

	ethtool_op_get_ts_info(dev, info);
	if (!p->clock)
		return 0;
	info->phc_index = ptp_clock_index(p->clock);
	info->tx_types = BIT(HWTSTAMP_TX_OFF);
	info->rx_filters = BIT(HWTSTAMP_FILTER_NONE);
	if (!stmmac_ptp_stamps(priv))
		return 0;
	info->so_timestamping |= SOF_TIMESTAMPING_TX_HARDWARE |
				 SOF_TIMESTAMPING_RX_HARDWARE |
				 SOF_TIMESTAMPING_RAW_HARDWARE;
	info->tx_types |= BIT(HWTSTAMP_TX_ON);
	info->rx_filters = STMMAC_PTP_FILTERS;
	return 0;
}
