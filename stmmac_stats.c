// SPDX-License-Identifier: GPL-2.0-only
/*
 * The counters the stack reads: the link statistics (ndo_get_stats64,
 * ip -s link, /proc/net/dev) and the queue statistics of the netdev
 * netlink family (netdev_stat_ops: ynl netdev qstats-get). Both add up
 * the same per-queue counters, so that the two agree to the packet (the
 * stats.py selftest compares them).
 *
 * Every queue keeps its counters while the device is down and while it
 * is beyond the queue count in use: the sums take in all of them, and the
 * queue statistics report those out of use in the base, so that no
 * counter goes backwards. The readers take no lock: each queue's counters
 * are read through its u64_stats sequence, from any context.
 */

#include <linux/netdevice.h>
#include <net/netdev_queues.h>

#include "stmmac.h"

/**
 * stmmac_get_stats64() - the link statistics
 * @dev: the device
 * @s: filled in
 */
void stmmac_get_stats64(struct net_device *dev, struct rtnl_link_stats64 *s)
{
	struct stmmac_priv *priv = netdev_priv(dev);
	u64 packets, bytes, errors, dropped;
	struct stmmac_rx_errors e;
	u32 i;

	for (i = 0; i < STMMAC_MAX_QUEUES; i++) {
		stmmac_txq_stats(&priv->txq[i], &packets, &bytes, &errors,
				 &dropped);
		s->tx_packets += packets;
		s->tx_bytes += bytes;
		s->tx_errors += errors;
		s->tx_dropped += dropped;
		stmmac_rxq_stats(&priv->rxq[i], &packets, &bytes, &errors,
				 &dropped);
		stmmac_rxq_errors(&priv->rxq[i], &e);
		s->rx_packets += packets;
		s->rx_bytes += bytes;
		s->rx_errors += errors;
		s->rx_dropped += dropped;
		s->rx_crc_errors += e.crc;
		s->rx_length_errors += e.length;
		s->rx_over_errors += e.over;
		s->rx_frame_errors += e.frame;
	}
	s->tx_fifo_errors = atomic_read(&priv->tx_underflows);
	/* Folded with the RMON counters: up to 10 s old. */
	s->rx_missed_errors = atomic64_read(&priv->rx_missed);
	s->rx_fifo_errors = atomic64_read(&priv->rx_fifo_drops);
}

/*
 * One RX queue added to @rx. A frame the MAC flagged as bad is dropped
 * here, so it entered the device and never left it: a hardware drop; one
 * cut short by a FIFO overflow is an overrun as well.
 */
static void stmmac_qstats_rx_add(struct stmmac_rxq *q,
				 struct netdev_queue_stats_rx *rx)
{
	u64 packets, bytes, errors, dropped;
	struct stmmac_rx_errors e;

	stmmac_rxq_stats(q, &packets, &bytes, &errors, &dropped);
	stmmac_rxq_errors(q, &e);
	rx->packets += packets;
	rx->bytes += bytes;
	rx->alloc_fail += stmmac_rxq_alloc_fail(q);
	rx->hw_drops += errors;
	rx->hw_drop_overruns += e.over;
}

/* One TX queue added to @tx: a frame the DMA reports an error for was
 * not sent.
 */
static void stmmac_qstats_tx_add(struct stmmac_txq *q,
				 struct netdev_queue_stats_tx *tx)
{
	u64 packets, bytes, errors, dropped;

	stmmac_txq_stats(q, &packets, &bytes, &errors, &dropped);
	tx->packets += packets;
	tx->bytes += bytes;
	tx->hw_drops += errors;
	tx->hw_drop_errors += errors;
}

/* The fields reported, zeroed: the core marks the others as absent. */
static void stmmac_qstats_rx_zero(struct netdev_queue_stats_rx *rx)
{
	rx->packets = 0;
	rx->bytes = 0;
	rx->alloc_fail = 0;
	rx->hw_drops = 0;
	rx->hw_drop_overruns = 0;
}

static void stmmac_qstats_tx_zero(struct netdev_queue_stats_tx *tx)
{
	tx->packets = 0;
	tx->bytes = 0;
	tx->hw_drops = 0;
	tx->hw_drop_errors = 0;
}

static void stmmac_qstats_rx(struct net_device *dev, int idx,
			     struct netdev_queue_stats_rx *rx)
{
	struct stmmac_priv *priv = netdev_priv(dev);

	stmmac_qstats_rx_zero(rx);
	stmmac_qstats_rx_add(&priv->rxq[idx], rx);
}

static void stmmac_qstats_tx(struct net_device *dev, int idx,
			     struct netdev_queue_stats_tx *tx)
{
	struct stmmac_priv *priv = netdev_priv(dev);

	stmmac_qstats_tx_zero(tx);
	stmmac_qstats_tx_add(&priv->txq[idx], tx);
}

/*
 * The base: the queues beyond the count in use, and the frames the MAC
 * lost before they had a queue, for want of a descriptor or FIFO space
 * (the RMON counters, up to 10 s old).
 */
static void stmmac_qstats_base(struct net_device *dev,
			       struct netdev_queue_stats_rx *rx,
			       struct netdev_queue_stats_tx *tx)
{
	struct stmmac_priv *priv = netdev_priv(dev);
	u64 lost;
	u32 i;

	stmmac_qstats_rx_zero(rx);
	stmmac_qstats_tx_zero(tx);
	for (i = dev->real_num_rx_queues; i < STMMAC_MAX_QUEUES; i++)
		stmmac_qstats_rx_add(&priv->rxq[i], rx);
	for (i = dev->real_num_tx_queues; i < STMMAC_MAX_QUEUES; i++)
		stmmac_qstats_tx_add(&priv->txq[i], tx);
	lost = atomic64_read(&priv->rx_missed) +
	       atomic64_read(&priv->rx_fifo_drops);
	rx->hw_drops += lost;
	rx->hw_drop_overruns += lost;
}

static const struct netdev_stat_ops stmmac_stat_ops = {
	.get_queue_stats_rx = stmmac_qstats_rx,
	.get_queue_stats_tx = stmmac_qstats_tx,
	.get_base_stats = stmmac_qstats_base,
};

/**
 * stmmac_set_stat_ops() - report queue statistics over netlink
 * @priv: the device, before it is registered
 */
void stmmac_set_stat_ops(struct stmmac_priv *priv)
{
	priv->dev->stat_ops = &stmmac_stat_ops;
}
