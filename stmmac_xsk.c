// SPDX-License-Identifier: GPL-2.0-only
/*
 * AF_XDP zero-copy on a queue pair (RX and TX queue of one number): the
 * socket's XSK pool mapped for the DMA, the queue's RX ring rebuilt on its
 * chunks (stmmac_rx.c), its TX NAPI sending from its TX ring
 * (stmmac_tx_xsk()), and the wakeups an application asks for. A pool
 * change touches its own queue pair only (stmmac_queue_xsk()): the other
 * queues keep their traffic.
 *
 * Ordering: the pools change under RTNL (ndo_bpf); RX NAPI sees a ring's
 * pool as the ring's (it is swapped in with that NAPI disabled), TX NAPI
 * reads the queue's under its xmit lock. A detach stops the sends, waits
 * for the frames on the ring to complete, then lets the pool go.
 */

#include <linux/iopoll.h>
#include <linux/netdevice.h>
#include <net/xdp_sock_drv.h>

#include "stmmac.h"
#include "stmmac_xsk.h"

/* The DMA syncs each chunk it hands over, as for any buffer it maps. */
#define STMMAC_XSK_DMA_ATTRS	DMA_ATTR_SKIP_CPU_SYNC
/* How long a detach waits for the AF_XDP frames on a TX ring */
#define STMMAC_XSK_TX_WAIT_US	(100 * USEC_PER_MSEC)

/* The longest frame the MAC may hand over at @mtu: the chunk must take it
 * whole (one buffer a frame, as for XDP).
 */
static u32 stmmac_xsk_frame_need(const struct stmmac_priv *priv,
				 unsigned int mtu)
{
	return mtu + STMMAC_FRAME_OVERHEAD + (priv->caps.rx_coe_type1 ? 2 : 0);
}

/**
 * stmmac_xsk_mtu_check() - may the MTU change to @mtu
 * @priv: the device (RTNL)
 * @mtu: the MTU asked for
 *
 * Return: 0, or -EINVAL when a zero-copy socket's chunks cannot take a
 * frame of @mtu.
 */
int stmmac_xsk_mtu_check(struct stmmac_priv *priv, unsigned int mtu)
{
	struct xsk_buff_pool *pool;
	unsigned long qi;

	for_each_set_bit(qi, &priv->xsk_zc, STMMAC_MAX_QUEUES) {
		pool = stmmac_xsk_pool(priv, qi);
		if (!pool || stmmac_xsk_buf_len(priv, pool) >=
			     stmmac_xsk_frame_need(priv, mtu))
			continue;
		netdev_warn(priv->dev, "MTU %u too large for the AF_XDP socket on queue %lu: its chunks take %u-byte frames\n",
			    mtu, qi, stmmac_xsk_buf_len(priv, pool));
		return -EINVAL;
	}
	return 0;
}

/* The queue's TX sends from @pool from now on. */
static void stmmac_xsk_tx_attach(struct stmmac_priv *priv, u32 qi,
				 struct xsk_buff_pool *pool)
{
	struct netdev_queue *nq = netdev_get_tx_queue(priv->dev, qi);
	struct stmmac_txq *q = &priv->txq[qi];

	__netif_tx_lock_bh(nq);
	WRITE_ONCE(q->xsk, pool);
	q->xsk_done = pool;
	__netif_tx_unlock_bh(nq);
}

/* The queue's TX sends from its pool no more, and the frames on its ring
 * complete to the pool first. Return: false when they did not (the
 * transmitter off with the link down): the whole data path was then
 * restarted (stmmac_restart_all()), which takes them back from the DMA
 * and rebuilds the RX rings, this queue's off the pool; the pool must not
 * go with the DMA still on its chunks.
 */
static bool stmmac_xsk_tx_detach(struct stmmac_priv *priv, u32 qi)
{
	struct netdev_queue *nq = netdev_get_tx_queue(priv->dev, qi);
	struct stmmac_txq *q = &priv->txq[qi];
	u32 left;

	__netif_tx_lock_bh(nq);
	WRITE_ONCE(q->xsk, NULL);
	__netif_tx_unlock_bh(nq);
	/* A stopped device has none on its rings: a stop gives them back
	 * (stmmac_tx_rings_free()).
	 */
	if (!read_poll_timeout(smp_load_acquire, left, !left, 100,
			       STMMAC_XSK_TX_WAIT_US, false, &q->xsk_inflight)) {
		q->xsk_done = NULL;
		return true;
	}
	netdev_warn(priv->dev, "TX %u: %u AF_XDP frames did not complete: restarting the data path\n",
		    qi, left);
	stmmac_restart_all(priv);
	q->xsk_done = NULL;
	return false;
}

/* Stop @qi's RX NAPI for a ring change, and let it run again: a poll the
 * disable cut short left the interrupt masked, so poll once more (which
 * also fills a ring on an AF_XDP pool).
 */
static void stmmac_xsk_rx_pause(struct stmmac_priv *priv, u32 qi)
{
	napi_disable(&priv->channel[qi].rx_napi);
	/* napi_disable() returns once the poll completed, not once it
	 * returned: its unmask and last look at the ring come after.
	 */
	synchronize_net();
}

static void stmmac_xsk_rx_resume(struct stmmac_priv *priv, u32 qi)
{
	struct napi_struct *napi = &priv->channel[qi].rx_napi;

	napi_enable(napi);
	local_bh_disable();
	napi_schedule(napi);
	local_bh_enable();
}

/**
 * stmmac_queue_xsk() - put a queue pair on an AF_XDP pool, or back
 * @priv: the device (RTNL), &stmmac_priv.xsk_zc saying which way
 * @qi: the queue pair
 * @pool: the pool, NULL to go back to page pool buffers
 *
 * A running device gets the queue's new RX ring first, while the old one
 * carries traffic; then its RX NAPI and RX DMA stop, the rings swap and
 * both run again (stmmac_rxq_replace()): no other queue stops. TX keeps
 * its ring; its NAPI sends from @pool from then on, or, at a detach,
 * stops sending, and the detach waits for the frames on the ring.
 *
 * Return: 0, or a negative errno with nothing changed. A detach (@pool
 * NULL) goes on whatever fails: when the frames on the TX ring do not
 * complete or the RX DMA does not stop, the whole data path restarts
 * (stmmac_restart_all()); without memory for the page pool ring the
 * queue's RX stops (logged).
 */
static int stmmac_queue_xsk(struct stmmac_priv *priv, u32 qi,
			    struct xsk_buff_pool *pool)
{
	struct stmmac_rxq *spare;
	int built, ret;

	ASSERT_RTNL();
	if (!priv->running) {
		if (pool)
			stmmac_xsk_tx_attach(priv, qi, pool);
		else
			stmmac_xsk_tx_detach(priv, qi);
		return 0;
	}
	if (!pool && !stmmac_xsk_tx_detach(priv, qi))
		return 0;
	/* A detach may not fail: its ring must leave the pool's chunks. */
	spare = kzalloc_obj(*spare, pool ? GFP_KERNEL :
					GFP_KERNEL | __GFP_NOFAIL);
	if (!spare)
		return -ENOMEM;
	built = stmmac_rxq_build(priv, spare, qi);
	if (built && pool) {
		stmmac_rxq_discard(priv, spare);
		kfree(spare);
		return built;
	}
	stmmac_xsk_rx_pause(priv, qi);
	ret = stmmac_rxq_replace(priv, qi, spare, !built);
	stmmac_xsk_rx_resume(priv, qi);
	kfree(spare);
	if (ret == -ETIMEDOUT) {
		if (pool)
			return -EBUSY;
		stmmac_restart_all(priv);
		return 0;
	}
	if (pool)
		stmmac_xsk_tx_attach(priv, qi, pool);
	return 0;
}

/* ndo_bpf has no extended ack for a pool: a refusal is logged, and the
 * socket's bind() fails with the errno.
 */
static int stmmac_xsk_enable(struct stmmac_priv *priv,
			     struct xsk_buff_pool *pool, u16 qi)
{
	u32 need = stmmac_xsk_frame_need(priv, priv->dev->mtu);
	int ret;

	if (qi >= priv->rx_queues || qi >= priv->tx_queues) {
		netdev_warn(priv->dev, "AF_XDP zero-copy on queue %u needs RX and TX queue %u: %u RX and %u TX queues in use\n",
			    qi, qi, priv->rx_queues, priv->tx_queues);
		return -EINVAL;
	}
	if (test_bit(qi, &priv->xsk_zc)) {
		netdev_warn(priv->dev, "queue %u has an AF_XDP zero-copy socket already\n",
			    qi);
		return -EBUSY;
	}
	if (stmmac_xsk_buf_len(priv, pool) < need) {
		netdev_warn(priv->dev, "AF_XDP zero-copy on queue %u: MTU %u needs %u-byte frames, the umem's chunks take %u\n",
			    qi, priv->dev->mtu, need,
			    stmmac_xsk_buf_len(priv, pool));
		return -EINVAL;
	}
	ret = xsk_pool_dma_map(pool, priv->device, STMMAC_XSK_DMA_ATTRS);
	if (ret) {
		netdev_warn(priv->dev, "AF_XDP zero-copy on queue %u: the umem cannot be mapped for the DMA (%d)\n",
			    qi, ret);
		return ret;
	}
	set_bit(qi, &priv->xsk_zc);
	ret = stmmac_queue_xsk(priv, qi, pool);
	if (ret) {
		clear_bit(qi, &priv->xsk_zc);
		xsk_pool_dma_unmap(pool, STMMAC_XSK_DMA_ATTRS);
		netdev_warn(priv->dev, "AF_XDP zero-copy on queue %u: %s (%d)\n",
			    qi, ret == -EBUSY ? "its RX DMA did not stop" :
			    "no memory for its RX ring", ret);
	}
	return ret;
}

/* A detach may not fail (stmmac_queue_xsk() says what it does instead). */
static int stmmac_xsk_disable(struct stmmac_priv *priv, u16 qi)
{
	struct xsk_buff_pool *pool = stmmac_xsk_pool(priv, qi);

	if (!pool)
		return -EINVAL;
	clear_bit(qi, &priv->xsk_zc);
	stmmac_queue_xsk(priv, qi, NULL);
	xsk_pool_dma_unmap(pool, STMMAC_XSK_DMA_ATTRS);
	return 0;
}

/**
 * stmmac_xsk_setup() - ndo_bpf's XDP_SETUP_XSK_POOL
 * @priv: the device (RTNL)
 * @pool: the socket's pool, NULL to let the queue's go
 * @qi: the queue pair
 *
 * Return: 0, or a negative errno with nothing changed (logged).
 */
int stmmac_xsk_setup(struct stmmac_priv *priv, struct xsk_buff_pool *pool,
		     u16 qi)
{
	ASSERT_RTNL();
	if (qi >= STMMAC_MAX_QUEUES)
		return -EINVAL;
	return pool ? stmmac_xsk_enable(priv, pool, qi) :
		      stmmac_xsk_disable(priv, qi);
}

/**
 * stmmac_xsk_wakeup() - ndo_xsk_wakeup: poll a zero-copy queue pair
 * @dev: the device
 * @qi: the queue pair
 * @flags: XDP_WAKEUP_RX (its fill ring has chunks again), XDP_WAKEUP_TX
 *	(its TX ring has frames)
 *
 * Return: 0, -ENETDOWN while the data path does not run, -EINVAL for a
 * queue without a zero-copy socket.
 */
int stmmac_xsk_wakeup(struct net_device *dev, u32 qi, u32 flags)
{
	struct stmmac_priv *priv = netdev_priv(dev);
	struct stmmac_channel *ch;

	if (!READ_ONCE(priv->xdp_tx_on))
		return -ENETDOWN;
	if (qi >= STMMAC_MAX_QUEUES || !test_bit(qi, &priv->xsk_zc))
		return -EINVAL;
	ch = &priv->channel[qi];
	/* From a socket's sendto() or poll(), in process context: the polls
	 * run at local_bh_enable(), not at the next interrupt.
	 */
	local_bh_disable();
	if (flags & XDP_WAKEUP_RX)
		napi_schedule(&ch->rx_napi);
	if (flags & XDP_WAKEUP_TX)
		napi_schedule(&ch->tx_napi);
	local_bh_enable();
	return 0;
}
