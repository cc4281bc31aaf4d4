// SPDX-License-Identifier: GPL-2.0-only
/*
 * The number of TX and RX queues in use, and what follows from it: a NAPI
 * context per queue, the stack's real queue counts, the TX queues that may
 * take checksum insertion, the MTU limit (each TX queue's share of the TX
 * FIFO). Set at probe and by ethtool -L (stmmac_set_queues() in
 * stmmac_datapath.c, which rebuilds the rings around
 * stmmac_queues_publish() and stmmac_queues_commit()); it calls neither.
 *
 * Everything here runs under RTNL. xmit reads priv->tx_queues and
 * priv->csum_queues without it: the first changes only while every TX
 * queue is stopped; the second never names a queue beyond the stack's
 * count, with which it changes: narrowed before the count shrinks (whose
 * synchronize_net() lets every xmit that read the old mask finish), widened
 * after it grows.
 */

#include <linux/netdevice.h>
#include <kunit/visibility.h>

#include "stmmac.h"
#include "stmmac_compat.h"

/**
 * stmmac_max_mtu() - the largest MTU with @tx TX queues in use
 * @priv: the device
 * @tx: TX queues
 *
 * The MAC's frame limit (jumbo frames span several RX buffers), within
 * the DT's limit and, as upstream, the TX FIFO share of a queue: a frame
 * must fit it for checksum insertion.
 *
 * Return: the MTU.
 */
unsigned int stmmac_max_mtu(struct stmmac_priv *priv, u32 tx)
{
	unsigned int mtu = priv->hw->max_frame - STMMAC_FRAME_OVERHEAD;

	if (priv->plat->max_mtu)
		mtu = min(mtu, priv->plat->max_mtu);
	if (priv->caps.tx_fifo)
		mtu = min(mtu, priv->caps.tx_fifo / tx);
	return max_t(unsigned int, mtu, ETH_MIN_MTU);
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_max_mtu);

/**
 * stmmac_csum_mask() - the TX queues that may take checksum insertion
 * @priv: the device
 * @tx: TX queues in use
 *
 * Checksum insertion needs the whole frame in the TX FIFO, which threshold
 * mode does not wait for.
 *
 * Return: one bit per queue.
 */
u32 stmmac_csum_mask(const struct stmmac_priv *priv, u32 tx)
{
	if (!priv->caps.tx_coe || priv->plat->force_thresh)
		return 0;
	return GENMASK(tx - 1, 0) & ~priv->plat->tx_coe_off;
}

/* Give queues [0, @n) of one direction a NAPI context each, deleting
 * those of the queues beyond.
 */
static void stmmac_napis(struct stmmac_priv *priv, bool rx, u32 n)
{
	u32 *have = rx ? &priv->rx_napis : &priv->tx_napis;
	struct stmmac_channel *ch;

	for (; *have > n; (*have)--) {
		ch = &priv->channel[*have - 1];
		netif_napi_del(rx ? &ch->rx_napi : &ch->tx_napi);
	}
	for (; *have < n; (*have)++) {
		ch = &priv->channel[*have];
		if (rx) {
			stmmac_napi_add_rx(priv->dev, &ch->rx_napi,
					   stmmac_rx_poll, ch->index);
			netif_napi_set_irq(&ch->rx_napi,
					   priv->rx_irq[ch->index] ?: priv->irq);
		} else {
			netif_napi_add_tx(priv->dev, &ch->tx_napi,
					  stmmac_tx_poll);
			netif_napi_set_irq(&ch->tx_napi,
					   priv->tx_irq[ch->index] ?: priv->irq);
		}
	}
}

/**
 * stmmac_queues_napi_grow() - the NAPI contexts of @tx / @rx queues ahead
 * of their use
 * @priv: the device
 * @tx: TX queues
 * @rx: RX queues
 *
 * The contexts of the queues in use stay; those beyond both the count in
 * use and @tx / @rx go (called again with the counts in use, this undoes
 * an earlier call).
 */
void stmmac_queues_napi_grow(struct stmmac_priv *priv, u32 tx, u32 rx)
{
	stmmac_napis(priv, false, max(tx, priv->tx_queues));
	stmmac_napis(priv, true, max(rx, priv->rx_queues));
}

/**
 * stmmac_queues_check() - can @tx and @rx queues be used
 * @priv: the device
 * @tx: TX queues
 * @rx: RX queues
 *
 * ethtool's set_channels has no extack: a refusal says why in the kernel
 * log, rate limited (any user with CAP_NET_ADMIN can ask).
 *
 * Return: 0 or -EINVAL.
 */
int stmmac_queues_check(struct stmmac_priv *priv, u32 tx, u32 rx)
{
	u32 max_tx = min(priv->caps.tx_queues, STMMAC_MAX_QUEUES);
	u32 max_rx = min(priv->caps.rx_queues, STMMAC_MAX_QUEUES);
	struct net_device *dev = priv->dev;

	if (!tx || !rx || tx > max_tx || rx > max_rx) {
		if (net_ratelimit())
			netdev_warn(dev, "queues: 1..%u TX and 1..%u RX\n",
				    max_tx, max_rx);
		return -EINVAL;
	}
	if (dev->mtu > stmmac_max_mtu(priv, tx)) {
		if (net_ratelimit())
			netdev_warn(dev, "MTU %u exceeds %u, the limit with %u TX queues (their share of the TX FIFO)\n",
				    dev->mtu, stmmac_max_mtu(priv, tx), tx);
		return -EINVAL;
	}
	if (priv->csum_queues && !stmmac_csum_mask(priv, tx)) {
		if (net_ratelimit())
			netdev_warn(dev, "none of the first %u TX queues has a checksum engine\n",
				    tx);
		return -EINVAL;
	}
	return stmmac_tc_queues_check(priv, tx);
}

/**
 * stmmac_queues_publish() - tell the stack about @tx and @rx queues
 * @priv: the device, its data path running on the old counts or down
 * @tx: TX queues, checked by stmmac_queues_check()
 * @rx: RX queues, likewise
 *
 * Before the data path stops, so that a failure changes nothing: the
 * queues that go are flushed while their rings still exist (xmit drops
 * what still reaches them after the stop), the queues that come stay
 * stopped until the data path starts on their rings.
 *
 * Return: 0, or -ENOMEM with the stack's counts unchanged.
 */
int stmmac_queues_publish(struct stmmac_priv *priv, u32 tx, u32 rx)
{
	struct net_device *dev = priv->dev;
	u32 csum = stmmac_csum_mask(priv, tx), i;
	int ret;

	ASSERT_RTNL();
	/* stmmac_select_queue() picks among these: never one beyond the
	 * stack's count, which netdev_cap_txqueue() would warn about.
	 */
	if (tx < priv->tx_queues)
		WRITE_ONCE(priv->csum_queues, csum);
	for (i = priv->tx_queues; i < tx; i++)
		netif_tx_stop_queue(netdev_get_tx_queue(dev, i));
	ret = netif_set_real_num_queues(dev, tx, rx);
	if (ret)
		csum = stmmac_csum_mask(priv, priv->tx_queues);
	WRITE_ONCE(priv->csum_queues, csum);
	return ret;
}

/**
 * stmmac_queues_commit() - use @tx and @rx queues
 * @priv: the device, its data path stopped (or never started), the stack
 *	told (stmmac_queues_publish())
 * @tx: TX queues
 * @rx: RX queues
 */
void stmmac_queues_commit(struct stmmac_priv *priv, u32 tx, u32 rx)
{
	ASSERT_RTNL();
	stmmac_napis(priv, false, tx);
	stmmac_napis(priv, true, rx);
	WRITE_ONCE(priv->tx_queues, tx);
	priv->rx_queues = rx;
	priv->dev->max_mtu = stmmac_max_mtu(priv, tx);
}

/**
 * stmmac_queues_init() - add the NAPI contexts of the queues in use
 * @priv: the device, at probe, its queue counts set
 */
void stmmac_queues_init(struct stmmac_priv *priv)
{
	stmmac_napis(priv, false, priv->tx_queues);
	stmmac_napis(priv, true, priv->rx_queues);
}

/**
 * stmmac_queues_exit() - delete the NAPI contexts
 * @priv: the device, unregistered
 */
void stmmac_queues_exit(struct stmmac_priv *priv)
{
	stmmac_napis(priv, false, 0);
	stmmac_napis(priv, true, 0);
}
