// SPDX-License-Identifier: GPL-2.0-only
/*
 * ethtool: driver info, link settings through phylink, ring sizes,
 * statistics (RMON, per queue, coalescing) and the register dump. The
 * coalescing get/set themselves live in stmmac_coal.c.
 */

#include <linux/ethtool.h>
#include <linux/netdevice.h>
#include <linux/phylink.h>
#include <kunit/visibility.h>

#include "stmmac.h"

struct stmmac_stat_name {
	char name[ETH_GSTRING_LEN];
};

/* Upstream's names for the same counters, in its order (and that of
 * struct stmmac_mmc_counters): monitoring scrapes them.
 */
static const struct stmmac_stat_name stmmac_mmc_names[] = {
	{ "mmc_tx_octetcount_gb" }, { "mmc_tx_framecount_gb" },
	{ "mmc_tx_underflow_error" }, { "mmc_tx_carrier_error" },
	{ "mmc_tx_framecount_g" }, { "mmc_tx_pause_frame" },
	{ "mmc_rx_framecount_gb" }, { "mmc_rx_octetcount_gb" },
	{ "mmc_rx_crc_error" }, { "mmc_rx_align_error" },
	{ "mmc_rx_run_error" }, { "mmc_rx_jabber_error" },
	{ "mmc_rx_length_error" }, { "mmc_rx_pause_frames" },
	{ "mmc_rx_fifo_overflow" }, { "mmc_rx_watchdog_error" },
	{ "mmc_tx_fpe_fragment_cntr" }, { "mmc_tx_hold_req_cntr" },
	{ "mmc_rx_packet_assembly_err_cntr" },
	{ "mmc_rx_packet_smd_err_cntr" },
	{ "mmc_rx_packet_assembly_ok_cntr" }, { "mmc_rx_fpe_fragment_cntr" },
};

static_assert(ARRAY_SIZE(stmmac_mmc_names) == STMMAC_MMC_COUNTERS);

/*
 * Upstream's names for the counters it keeps too, in its order, so that
 * monitoring written for it finds them: the sums over the queues first,
 * then each queue's packets. What only this driver counts comes after.
 */
static const struct stmmac_stat_name stmmac_dev_names[] = {
	{ "rx_crc_errors" }, { "rx_length" }, { "rx_gmac_overflow" },
	{ "rx_missed_cntr" }, { "rx_overflow_cntr" },
	/* sic: upstream's spelling is what scripts match */
	{ "tx_undeflow_irq" }, { "rx_buf_unav_irq" }, { "fatal_bus_error_irq" },
	{ "rx_pkt_n" }, { "tx_pkt_n" }, { "tx_set_ic_bit" },
};

/* Where each of stmmac_dev_names[] sits in the data ethtool gets. */
enum stmmac_dev_stat {
	STMMAC_ST_RX_CRC, STMMAC_ST_RX_LENGTH, STMMAC_ST_RX_OVER,
	STMMAC_ST_RX_MISSED, STMMAC_ST_RX_FIFO, STMMAC_ST_TX_UNDERFLOW,
	STMMAC_ST_RX_NOBUF, STMMAC_ST_FATAL, STMMAC_ST_RX_PKT,
	STMMAC_ST_TX_PKT, STMMAC_ST_TX_IC, STMMAC_ST_DEV_COUNT
};

static_assert(ARRAY_SIZE(stmmac_dev_names) == STMMAC_ST_DEV_COUNT);

static const struct stmmac_stat_name stmmac_own_names[] = {
	{ "restarts" }, { "rx_frame_errors" },
};

static const char * const stmmac_txq_names[] = {
	"bytes", "errors", "dropped", "coal_armed", "coal_cancelled",
	"coal_ic", "coal_drains", "coal_fired", "coal_napi", "xdp_frames",
	"xdp_full", "xsk_frames",
};

static const char * const stmmac_rxq_names[] = {
	"bytes", "errors", "dropped", "crc_errors", "length_errors",
	"over_errors", "frame_errors", "xdp_drop", "xdp_tx", "xdp_redirect",
	"xdp_errors",
};

/* Scheduled traffic's errors (taprio offload), under upstream's names */
static const struct stmmac_stat_name stmmac_est_names[] = {
	{ "mtl_est_cgce" }, { "mtl_est_hlbs" }, { "mtl_est_hlbf" },
	{ "mtl_est_btre" }, { "mtl_est_btrlm" },
};

static u32 stmmac_est_count(struct stmmac_priv *priv)
{
	return priv->caps.est_depth ? ARRAY_SIZE(stmmac_est_names) : 0;
}

static u32 stmmac_mmc_count(struct stmmac_priv *priv)
{
	return priv->caps.mmc ? STMMAC_MMC_COUNTERS : 0;
}

static int stmmac_get_sset_count(struct net_device *dev, int sset)
{
	struct stmmac_priv *priv = netdev_priv(dev);

	if (sset != ETH_SS_STATS)
		return -EOPNOTSUPP;
	return stmmac_mmc_count(priv) + STMMAC_ST_DEV_COUNT +
	       priv->tx_queues + priv->rx_queues +
	       ARRAY_SIZE(stmmac_own_names) +
	       priv->tx_queues * ARRAY_SIZE(stmmac_txq_names) +
	       priv->rx_queues * ARRAY_SIZE(stmmac_rxq_names) +
	       stmmac_est_count(priv);
}

static void stmmac_get_strings(struct net_device *dev, u32 sset, u8 *data)
{
	struct stmmac_priv *priv = netdev_priv(dev);
	u32 i, j;

	if (sset != ETH_SS_STATS)
		return;
	for (i = 0; i < stmmac_mmc_count(priv); i++)
		ethtool_puts(&data, stmmac_mmc_names[i].name);
	for (i = 0; i < STMMAC_ST_DEV_COUNT; i++)
		ethtool_puts(&data, stmmac_dev_names[i].name);
	for (i = 0; i < priv->tx_queues; i++)
		ethtool_sprintf(&data, "q%u_tx_pkt_n", i);
	for (i = 0; i < priv->rx_queues; i++)
		ethtool_sprintf(&data, "q%u_rx_pkt_n", i);
	for (i = 0; i < ARRAY_SIZE(stmmac_own_names); i++)
		ethtool_puts(&data, stmmac_own_names[i].name);
	for (i = 0; i < priv->tx_queues; i++)
		for (j = 0; j < ARRAY_SIZE(stmmac_txq_names); j++)
			ethtool_sprintf(&data, "tx_q%u_%s", i,
					stmmac_txq_names[j]);
	for (i = 0; i < priv->rx_queues; i++)
		for (j = 0; j < ARRAY_SIZE(stmmac_rxq_names); j++)
			ethtool_sprintf(&data, "rx_q%u_%s", i,
					stmmac_rxq_names[j]);
	for (i = 0; i < stmmac_est_count(priv); i++)
		ethtool_puts(&data, stmmac_est_names[i].name);
}

/* One TX queue's own counters into @data; its packets and IC bits are
 * also added to the sums in @dev and returned in *@packets.
 */
static u64 *stmmac_put_txq(struct stmmac_priv *priv, u32 i, u64 *dev,
			   u64 *packets, u64 *data)
{
	struct stmmac_coal_stats c;

	stmmac_txq_stats(&priv->txq[i], packets, &data[0], &data[1],
			 &data[2]);
	stmmac_coal_tx_stats(&priv->coal.tx[i], &c);
	data[3] = c.armed;
	data[4] = c.cancelled;
	data[5] = c.ic_set;
	data[6] = c.drains;
	data[7] = c.fired;
	data[8] = c.napi;
	stmmac_txq_xdp_stats(&priv->txq[i], &data[9], &data[10], &data[11]);
	dev[STMMAC_ST_TX_PKT] += *packets;
	dev[STMMAC_ST_TX_IC] += c.ic_set;
	return data + ARRAY_SIZE(stmmac_txq_names);
}

/* As stmmac_put_txq(), for an RX queue and its errors by cause. */
static u64 *stmmac_put_rxq(struct stmmac_priv *priv, u32 i, u64 *dev,
			   u64 *packets, u64 *frame, u64 *data)
{
	struct stmmac_rx_errors e;

	stmmac_rxq_stats(&priv->rxq[i], packets, &data[0], &data[1],
			 &data[2]);
	stmmac_rxq_errors(&priv->rxq[i], &e);
	data[3] = e.crc;
	data[4] = e.length;
	data[5] = e.over;
	data[6] = e.frame;
	stmmac_rxq_xdp_stats(&priv->rxq[i], &data[7], &data[8], &data[9],
			     &data[10]);
	dev[STMMAC_ST_RX_PKT] += *packets;
	dev[STMMAC_ST_RX_CRC] += e.crc;
	dev[STMMAC_ST_RX_LENGTH] += e.length;
	dev[STMMAC_ST_RX_OVER] += e.over;
	*frame += e.frame;
	return data + ARRAY_SIZE(stmmac_rxq_names);
}

static void stmmac_get_ethtool_stats(struct net_device *dev,
				     struct ethtool_stats *stats, u64 *data)
{
	struct stmmac_priv *priv = netdev_priv(dev);
	u64 scratch[ARRAY_SIZE(stmmac_txq_names) + ARRAY_SIZE(stmmac_rxq_names)];
	u64 *sum, *pkt, *own, *q, n;
	u32 i;

	if (priv->caps.mmc) {
		struct stmmac_mmc_counters m;

		stmmac_mmc_read(priv, &m);
		memcpy(data, &m, sizeof(m));
		data += STMMAC_MMC_COUNTERS;
	}
	sum = data;
	pkt = sum + STMMAC_ST_DEV_COUNT;
	own = pkt + priv->tx_queues + priv->rx_queues;
	q = own + ARRAY_SIZE(stmmac_own_names);
	memset(sum, 0, (q - sum) * sizeof(*sum));
	sum[STMMAC_ST_RX_MISSED] = atomic64_read(&priv->rx_missed);
	sum[STMMAC_ST_RX_FIFO] = atomic64_read(&priv->rx_fifo_drops);
	sum[STMMAC_ST_TX_UNDERFLOW] = atomic_read(&priv->tx_underflows);
	sum[STMMAC_ST_RX_NOBUF] = atomic_read(&priv->rx_nobuf);
	sum[STMMAC_ST_FATAL] = atomic_read(&priv->fatal_errors);
	own[0] = atomic_read(&priv->restarts);
	for (i = 0; i < priv->tx_queues; i++)
		q = stmmac_put_txq(priv, i, sum, pkt++, q);
	for (i = 0; i < priv->rx_queues; i++)
		q = stmmac_put_rxq(priv, i, sum, pkt++, &own[1], q);
	/* The sums go on counting the queues ethtool -L took away. */
	if (stmmac_est_count(priv)) {
		q[0] = atomic64_read(&priv->est.cgce);
		q[1] = atomic64_read(&priv->est.hlbs);
		q[2] = atomic64_read(&priv->est.hlbf);
		q[3] = atomic64_read(&priv->est.btre);
		q[4] = atomic64_read(&priv->est.btrlm);
	}
	for (i = priv->tx_queues; i < STMMAC_MAX_QUEUES; i++)
		stmmac_put_txq(priv, i, sum, &n, scratch);
	for (i = priv->rx_queues; i < STMMAC_MAX_QUEUES; i++)
		stmmac_put_rxq(priv, i, sum, &n, &own[1], scratch);
}

static void stmmac_get_drvinfo(struct net_device *dev,
			       struct ethtool_drvinfo *info)
{
	struct stmmac_priv *priv = netdev_priv(dev);

	strscpy(info->driver, priv->hw->ethtool_name, sizeof(info->driver));
	strscpy(info->bus_info, dev_name(priv->device),
		sizeof(info->bus_info));
	snprintf(info->fw_version, sizeof(info->fw_version), "%s %x.%x",
		 priv->hw->core_name, priv->caps.version >> 4,
		 priv->caps.version & 0xf);
}

static u32 stmmac_get_msglevel(struct net_device *dev)
{
	struct stmmac_priv *priv = netdev_priv(dev);

	return priv->msg_enable;
}

static void stmmac_set_msglevel(struct net_device *dev, u32 level)
{
	struct stmmac_priv *priv = netdev_priv(dev);

	priv->msg_enable = level;
}

static int stmmac_get_regs_len(struct net_device *dev)
{
	struct stmmac_priv *priv = netdev_priv(dev);

	return priv->hw->regs_len;
}

static void stmmac_get_regs(struct net_device *dev, struct ethtool_regs *regs,
			    void *buf)
{
	struct stmmac_priv *priv = netdev_priv(dev);

	regs->version = priv->caps.version;
	memset(buf, 0, priv->hw->regs_len);
	priv->hw->dump_regs(priv->ioaddr, buf);
}

static void stmmac_get_ringparam(struct net_device *dev,
				 struct ethtool_ringparam *ring,
				 struct kernel_ethtool_ringparam *kring,
				 struct netlink_ext_ack *extack)
{
	struct stmmac_priv *priv = netdev_priv(dev);

	ring->rx_max_pending = STMMAC_RING_MAX;
	ring->tx_max_pending = STMMAC_RING_MAX;
	ring->rx_pending = priv->rx_ring_size;
	ring->tx_pending = priv->tx_ring_size;
}

static int stmmac_set_ringparam(struct net_device *dev,
				struct ethtool_ringparam *ring,
				struct kernel_ethtool_ringparam *kring,
				struct netlink_ext_ack *extack)
{
	struct stmmac_priv *priv = netdev_priv(dev);
	u32 rx = ring->rx_pending, tx = ring->tx_pending;

	if (rx < STMMAC_RING_MIN || tx < stmmac_tx_ring_min(priv)) {
		NL_SET_ERR_MSG_FMT_MOD(extack,
				       "rings hold at least %u (RX) and %u (TX) descriptors",
				       STMMAC_RING_MIN, stmmac_tx_ring_min(priv));
		return -EINVAL;
	}
	/* The ring indices wrap with a mask. */
	if (!is_power_of_2(rx) || !is_power_of_2(tx)) {
		NL_SET_ERR_MSG_MOD(extack, "ring sizes must be powers of two");
		return -EINVAL;
	}
	if (rx == priv->rx_ring_size && tx == priv->tx_ring_size)
		return 0;
	return stmmac_reconfigure(priv, dev->mtu, tx, rx);
}

static int stmmac_get_link_ksettings(struct net_device *dev,
				     struct ethtool_link_ksettings *cmd)
{
	struct stmmac_priv *priv = netdev_priv(dev);

	return phylink_ethtool_ksettings_get(priv->phylink, cmd);
}

static int stmmac_set_link_ksettings(struct net_device *dev,
				     const struct ethtool_link_ksettings *cmd)
{
	struct stmmac_priv *priv = netdev_priv(dev);

	return phylink_ethtool_ksettings_set(priv->phylink, cmd);
}

static int stmmac_nway_reset(struct net_device *dev)
{
	struct stmmac_priv *priv = netdev_priv(dev);

	return phylink_ethtool_nway_reset(priv->phylink);
}

static void stmmac_get_pauseparam(struct net_device *dev,
				  struct ethtool_pauseparam *pause)
{
	struct stmmac_priv *priv = netdev_priv(dev);

	phylink_ethtool_get_pauseparam(priv->phylink, pause);
}

/* The pause frames the MAC sent and took, from its RMON counters; a core
 * without them leaves the fields unset, which ethtool shows as absent.
 */
static void stmmac_get_pause_stats(struct net_device *dev,
				   struct ethtool_pause_stats *s)
{
	struct stmmac_priv *priv = netdev_priv(dev);
	struct stmmac_mmc_counters m;

	if (!priv->caps.mmc)
		return;
	stmmac_mmc_read(priv, &m);
	s->tx_pause_frames = m.tx_pause;
	s->rx_pause_frames = m.rx_pause;
}

/* The MAC merge layer's counters (ethtool -I --show-mm), in the RMON
 * block of a core with frame preemption
 */
static void stmmac_get_mm_stats(struct net_device *dev,
				struct ethtool_mm_stats *s)
{
	struct stmmac_priv *priv = netdev_priv(dev);
	struct stmmac_mmc_counters m;

	if (!priv->caps.mmc || !priv->caps.fpe)
		return;
	stmmac_mmc_read(priv, &m);
	s->MACMergeFrameAssErrorCount = m.rx_fpe_assembly_err;
	s->MACMergeFrameSmdErrorCount = m.rx_fpe_smd_err;
	s->MACMergeFrameAssOkCount = m.rx_fpe_assembly_ok;
	s->MACMergeFragCountRx = m.rx_fpe_frags;
	s->MACMergeFragCountTx = m.tx_fpe_frags;
	s->MACMergeHoldCount = m.tx_hold;
}

static int stmmac_set_pauseparam(struct net_device *dev,
				 struct ethtool_pauseparam *pause)
{
	struct stmmac_priv *priv = netdev_priv(dev);

	return phylink_ethtool_set_pauseparam(priv->phylink, pause);
}

/* Separate TX and RX counts, as upstream: no combined or other channels. */
static void stmmac_get_channels(struct net_device *dev,
				struct ethtool_channels *ch)
{
	struct stmmac_priv *priv = netdev_priv(dev);

	ch->max_rx = min(priv->caps.rx_queues, STMMAC_MAX_QUEUES);
	ch->max_tx = min(priv->caps.tx_queues, STMMAC_MAX_QUEUES);
	ch->rx_count = priv->rx_queues;
	ch->tx_count = priv->tx_queues;
}

/* ethtool -L rx N tx M: applied while up, the new rings built first. The
 * core has checked the counts against the maxima above.
 */
static int stmmac_set_channels(struct net_device *dev,
			       struct ethtool_channels *ch)
{
	return stmmac_set_queues(netdev_priv(dev), ch->tx_count, ch->rx_count);
}

/* ethtool --get-tunable / --set-tunable: rx-copybreak only. The core has
 * checked the value's type (u32).
 */
static int stmmac_get_tunable(struct net_device *dev,
			      const struct ethtool_tunable *tuna, void *data)
{
	struct stmmac_priv *priv = netdev_priv(dev);

	if (tuna->id != ETHTOOL_RX_COPYBREAK)
		return -EOPNOTSUPP;
	*(u32 *)data = READ_ONCE(priv->rx_copybreak);
	return 0;
}

static int stmmac_set_tunable(struct net_device *dev,
			      const struct ethtool_tunable *tuna,
			      const void *data)
{
	if (tuna->id != ETHTOOL_RX_COPYBREAK)
		return -EOPNOTSUPP;
	return stmmac_rx_copybreak_set(netdev_priv(dev), *(const u32 *)data);
}

#define STMMAC_ETHTOOL_OPS(params) {					\
	.supported_coalesce_params = (params),				\
	.get_drvinfo = stmmac_get_drvinfo,				\
	.get_msglevel = stmmac_get_msglevel,				\
	.set_msglevel = stmmac_set_msglevel,				\
	.get_link = ethtool_op_get_link,				\
	.get_link_ksettings = stmmac_get_link_ksettings,		\
	.set_link_ksettings = stmmac_set_link_ksettings,		\
	.nway_reset = stmmac_nway_reset,				\
	.get_pauseparam = stmmac_get_pauseparam,			\
	.set_pauseparam = stmmac_set_pauseparam,			\
	.get_pause_stats = stmmac_get_pause_stats,			\
	.get_eee = stmmac_eee_get,					\
	.set_eee = stmmac_eee_set,					\
	.get_mm = stmmac_fpe_get_mm,					\
	.set_mm = stmmac_fpe_set_mm,					\
	.get_mm_stats = stmmac_get_mm_stats,				\
	.get_wol = stmmac_get_wol,					\
	.set_wol = stmmac_set_wol,					\
	.get_ringparam = stmmac_get_ringparam,				\
	.set_ringparam = stmmac_set_ringparam,				\
	.get_channels = stmmac_get_channels,				\
	.set_channels = stmmac_set_channels,				\
	.get_coalesce = stmmac_coal_get,				\
	.set_coalesce = stmmac_coal_set,				\
	.get_per_queue_coalesce = stmmac_coal_get_queue,		\
	.set_per_queue_coalesce = stmmac_coal_set_queue,		\
	.get_sset_count = stmmac_get_sset_count,			\
	.get_strings = stmmac_get_strings,				\
	.get_ethtool_stats = stmmac_get_ethtool_stats,			\
	.get_regs_len = stmmac_get_regs_len,				\
	.get_regs = stmmac_get_regs,					\
	.get_ts_info = stmmac_ptp_ts_info,				\
	.get_tunable = stmmac_get_tunable,				\
	.set_tunable = stmmac_set_tunable,				\
}

/* ethtool checks the parameters against a const mask, so a core with an
 * RX watchdog and one without need one table each.
 */
static const struct ethtool_ops stmmac_ethtool_ops_tx =
	STMMAC_ETHTOOL_OPS(STMMAC_COAL_ETHTOOL_PARAMS_TX);
static const struct ethtool_ops stmmac_ethtool_ops_riwt =
	STMMAC_ETHTOOL_OPS(STMMAC_COAL_ETHTOOL_PARAMS_RIWT);

/**
 * stmmac_set_ethtool_ops() - install the ethtool operations of a device
 * @priv: the device, its coalescing state initialised
 */
void stmmac_set_ethtool_ops(struct stmmac_priv *priv)
{
	priv->dev->ethtool_ops = priv->coal.has_riwt ?
				 &stmmac_ethtool_ops_riwt :
				 &stmmac_ethtool_ops_tx;
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_set_ethtool_ops);
