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

/* Upstream's names for the same counters: monitoring scrapes them. */
static const struct stmmac_stat_name stmmac_mmc_names[] = {
	{ "mmc_tx_octetcount_gb" }, { "mmc_tx_framecount_gb" },
	{ "mmc_tx_framecount_g" }, { "mmc_tx_underflow_error" },
	{ "mmc_tx_carrier_error" }, { "mmc_tx_pause_frame" },
	{ "mmc_rx_framecount_gb" }, { "mmc_rx_octetcount_gb" },
	{ "mmc_rx_crc_error" }, { "mmc_rx_align_error" },
	{ "mmc_rx_run_error" }, { "mmc_rx_jabber_error" },
	{ "mmc_rx_length_error" }, { "mmc_rx_pause_frames" },
	{ "mmc_rx_fifo_overflow" }, { "mmc_rx_watchdog_error" },
};

static_assert(ARRAY_SIZE(stmmac_mmc_names) == STMMAC_MMC_COUNTERS);

static const struct stmmac_stat_name stmmac_dev_names[] = {
	{ "fatal_bus_errors" }, { "tx_underflows" }, { "rx_buf_unavailable" },
	{ "restarts" },
};

static const char * const stmmac_txq_names[] = {
	"packets", "bytes", "errors", "dropped", "coal_armed", "coal_cancelled",
	"coal_ic", "coal_drains", "coal_fired", "coal_napi",
};

static const char * const stmmac_rxq_names[] = {
	"packets", "bytes", "errors", "dropped", "crc_errors", "length_errors",
	"over_errors", "frame_errors",
};

static u32 stmmac_mmc_count(struct stmmac_priv *priv)
{
	return priv->caps.mmc ? STMMAC_MMC_COUNTERS : 0;
}

static int stmmac_get_sset_count(struct net_device *dev, int sset)
{
	struct stmmac_priv *priv = netdev_priv(dev);

	if (sset != ETH_SS_STATS)
		return -EOPNOTSUPP;
	return stmmac_mmc_count(priv) + ARRAY_SIZE(stmmac_dev_names) +
	       priv->tx_queues * ARRAY_SIZE(stmmac_txq_names) +
	       priv->rx_queues * ARRAY_SIZE(stmmac_rxq_names);
}

static void stmmac_get_strings(struct net_device *dev, u32 sset, u8 *data)
{
	struct stmmac_priv *priv = netdev_priv(dev);
	u32 i, j;

	if (sset != ETH_SS_STATS)
		return;
	for (i = 0; i < stmmac_mmc_count(priv); i++)
		ethtool_puts(&data, stmmac_mmc_names[i].name);
	for (i = 0; i < ARRAY_SIZE(stmmac_dev_names); i++)
		ethtool_puts(&data, stmmac_dev_names[i].name);
	for (i = 0; i < priv->tx_queues; i++)
		for (j = 0; j < ARRAY_SIZE(stmmac_txq_names); j++)
			ethtool_sprintf(&data, "tx_q%u_%s", i,
					stmmac_txq_names[j]);
	for (i = 0; i < priv->rx_queues; i++)
		for (j = 0; j < ARRAY_SIZE(stmmac_rxq_names); j++)
			ethtool_sprintf(&data, "rx_q%u_%s", i,
					stmmac_rxq_names[j]);
}

static u64 *stmmac_put_txq(struct stmmac_priv *priv, u32 i, u64 *data)
{
	struct stmmac_coal_stats c;

	stmmac_txq_stats(&priv->txq[i], &data[0], &data[1], &data[2],
			 &data[3]);
	stmmac_coal_tx_stats(&priv->coal.tx[i], &c);
	data[4] = c.armed;
	data[5] = c.cancelled;
	data[6] = c.ic_set;
	data[7] = c.drains;
	data[8] = c.fired;
	data[9] = c.napi;
	return data + ARRAY_SIZE(stmmac_txq_names);
}

static u64 *stmmac_put_rxq(struct stmmac_priv *priv, u32 i, u64 *data)
{
	struct stmmac_rx_errors e;

	stmmac_rxq_stats(&priv->rxq[i], &data[0], &data[1], &data[2],
			 &data[3]);
	stmmac_rxq_errors(&priv->rxq[i], &e);
	data[4] = e.crc;
	data[5] = e.length;
	data[6] = e.over;
	data[7] = e.frame;
	return data + ARRAY_SIZE(stmmac_rxq_names);
}

static void stmmac_get_ethtool_stats(struct net_device *dev,
				     struct ethtool_stats *stats, u64 *data)
{
	struct stmmac_priv *priv = netdev_priv(dev);
	u32 i;

	if (priv->caps.mmc) {
		struct stmmac_mmc_counters m;

		stmmac_mmc_read(priv, &m);
		memcpy(data, &m, sizeof(m));
		data += STMMAC_MMC_COUNTERS;
	}
	*data++ = atomic_read(&priv->fatal_errors);
	*data++ = atomic_read(&priv->tx_underflows);
	*data++ = atomic_read(&priv->rx_nobuf);
	*data++ = atomic_read(&priv->restarts);
	for (i = 0; i < priv->tx_queues; i++)
		data = stmmac_put_txq(priv, i, data);
	for (i = 0; i < priv->rx_queues; i++)
		data = stmmac_put_rxq(priv, i, data);
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

static int stmmac_set_pauseparam(struct net_device *dev,
				 struct ethtool_pauseparam *pause)
{
	struct stmmac_priv *priv = netdev_priv(dev);

	return phylink_ethtool_set_pauseparam(priv->phylink, pause);
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
	.get_ringparam = stmmac_get_ringparam,				\
	.set_ringparam = stmmac_set_ringparam,				\
	.get_coalesce = stmmac_coal_get,				\
	.set_coalesce = stmmac_coal_set,				\
	.get_per_queue_coalesce = stmmac_coal_get_queue,		\
	.set_per_queue_coalesce = stmmac_coal_set_queue,		\
	.get_sset_count = stmmac_get_sset_count,			\
	.get_strings = stmmac_get_strings,				\
	.get_ethtool_stats = stmmac_get_ethtool_stats,			\
	.get_regs_len = stmmac_get_regs_len,				\
	.get_regs = stmmac_get_regs,					\
	.get_ts_info = ethtool_op_get_ts_info,				\
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
