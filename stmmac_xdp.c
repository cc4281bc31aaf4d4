// SPDX-License-Identifier: GPL-2.0-only
/*
 * Native XDP on both cores: attaching a program (the RX rings are rebuilt
 * for it, with XDP's headroom and pages mapped both ways, while the old
 * ones carry traffic), its verdicts in RX NAPI, and XDP frames to the TX
 * rings: XDP_TX from RX NAPI, ndo_xdp_xmit for frames redirected here.
 *
 * A frame is one buffer: with a program attached the MTU is kept to what
 * one RX buffer holds (stmmac_xdp_max_mtu()), and a longer frame the MAC
 * takes anyway is dropped as a length error. XDP frames go through the TX
 * rings' xmit locks and stmmac_coal.c's decisions like any other
 * (stmmac_tx_xdp()); each batch rings the doorbell once.
 *
 * Ordering: the program is replaced under RTNL and read once per RX poll
 * (bpf_prog_put() frees it after an RCU grace period, which a poll holds
 * off). XDP senders read &stmmac_priv.xdp_tx_on under the TX queue's xmit
 * lock before they touch the ring; a stop clears it and then takes every
 * xmit lock (netif_tx_disable()), a start sets it once the rings run.
 */

#include <linux/bpf.h>
#include <linux/bpf_trace.h>
#include <linux/dma-mapping.h>
#include <linux/filter.h>
#include <linux/netdevice.h>
#include <net/page_pool/helpers.h>
#include <net/xdp.h>
#include <net/xdp_sock_drv.h>

#include "stmmac.h"
#include "stmmac_xdp.h"
#include "stmmac_xsk.h"

/**
 * stmmac_xdp_max_mtu() - the largest MTU an XDP program can run at
 * @priv: the device
 *
 * Return: the MTU whose largest frame, with a VLAN tag (and the checksum
 * a type 1 engine appends), fits one RX buffer after XDP's headroom (a
 * page less the headroom and the skb's shared info, and no more than a
 * descriptor takes), or the device's maximum if lower. Mainline stmmac
 * allows 1500.
 */
unsigned int stmmac_xdp_max_mtu(const struct stmmac_priv *priv)
{
	u32 extra = STMMAC_FRAME_OVERHEAD + (priv->caps.rx_coe_type1 ? 2 : 0);

	return min(stmmac_rx_buf_max(priv, true) - extra, priv->dev->max_mtu);
}

/**
 * stmmac_xdp_mtu_check() - may the MTU change to @mtu
 * @priv: the device (RTNL)
 * @mtu: the MTU asked for
 *
 * Return: 0, or -EINVAL while an XDP program runs and @mtu is too large
 * for it.
 */
int stmmac_xdp_mtu_check(struct stmmac_priv *priv, unsigned int mtu)
{
	unsigned int max = stmmac_xdp_max_mtu(priv);

	if (stmmac_xsk_mtu_check(priv, mtu))
		return -EINVAL;
	if (!priv->xdp_prog || mtu <= max)
		return 0;
	netdev_warn(priv->dev, "MTU %u too large for XDP: at most %u, a frame in one buffer\n",
		    mtu, max);
	return -EINVAL;
}

static int stmmac_xdp_setup(struct stmmac_priv *priv, struct bpf_prog *prog,
			    struct netlink_ext_ack *extack)
{
	struct bpf_prog *old = priv->xdp_prog;
	unsigned int max = stmmac_xdp_max_mtu(priv);
	int ret;

	ASSERT_RTNL();
	if (prog && priv->dev->mtu > max) {
		NL_SET_ERR_MSG_FMT_MOD(extack,
				       "MTU %u too large for XDP: at most %u, a frame in one buffer",
				       priv->dev->mtu, max);
		return -EOPNOTSUPP;
	}
	/* A program replacing another runs on the rings in place. */
	if (!prog == !old || !priv->running) {
		WRITE_ONCE(priv->xdp_prog, prog);
	} else {
		ret = stmmac_rebuild_xdp(priv, prog);
		/* A detach may not fail (a bpf_link's is final): without
		 * memory for plain rings, the program goes and the rings
		 * built for it stay, which work without one.
		 */
		if (ret && !prog) {
			netdev_warn(priv->dev, "no memory for plain RX rings: those built for XDP stay (%d)\n",
				    ret);
			WRITE_ONCE(priv->xdp_prog, NULL);
		} else if (ret) {
			NL_SET_ERR_MSG_MOD(extack,
					   "no memory for the RX rings XDP needs");
			return ret;
		}
	}
	if (old)
		bpf_prog_put(old);
	return 0;
}

/**
 * stmmac_bpf() - ndo_bpf: attach or detach the XDP program
 * @dev: the device
 * @bpf: the command; the program's reference becomes the driver's
 *
 * Return: 0 or a negative errno, nothing changed then.
 */
int stmmac_bpf(struct net_device *dev, struct netdev_bpf *bpf)
{
	struct stmmac_priv *priv = netdev_priv(dev);

	switch (bpf->command) {
	case XDP_SETUP_PROG:
		return stmmac_xdp_setup(priv, bpf->prog, bpf->extack);
	case XDP_SETUP_XSK_POOL:
		return stmmac_xsk_setup(priv, bpf->xsk.pool, bpf->xsk.queue_id);
	default:
		return -EOPNOTSUPP;
	}
}

/* Give a buffer the program is done with back to where it came from: the
 * ring's page pool, or its AF_XDP pool (zero-copy).
 */
static void stmmac_xdp_free(struct stmmac_rxq *q, struct xdp_buff *xdp)
{
	if (q->xsk)
		xsk_buff_free(xdp);
	else
		page_pool_recycle_direct(q->pool,
					 virt_to_page(xdp->data_hard_start));
}

/* XDP_TX: queue the frame on the TX queue paired with RX queue @rq, the
 * page pool's buffer as it is; an AF_XDP pool's is copied into a page of
 * its own (xdp_convert_buff_to_frame() gives the chunk back), mapped for
 * the send. Return: queued; if not, *@gone says @xdp is no longer the
 * caller's.
 */
static bool stmmac_xdp_tx_back(struct stmmac_rxq *rq,
			       struct stmmac_xdp_poll *xp,
			       struct xdp_buff *xdp, bool *gone)
{
	struct stmmac_priv *priv = rq->priv;
	struct xdp_frame *xdpf = xdp_convert_buff_to_frame(xdp);
	struct netdev_queue *nq;
	dma_addr_t dma = 0;
	bool ok, map = !!rq->xsk;
	u32 qi;

	*gone = false;
	if (unlikely(!xdpf))
		return false;
	*gone = map;
	qi = rq->index % READ_ONCE(priv->tx_queues);
	if (!map) {
		struct page *page = virt_to_page(xdp->data_hard_start);

		dma = page_pool_get_dma_addr(page) +
		      (xdpf->data - page_address(page));
		dma_sync_single_for_device(priv->device, dma, xdpf->len,
					   DMA_BIDIRECTIONAL);
	}
	nq = netdev_get_tx_queue(priv->dev, qi);
	__netif_tx_lock(nq, smp_processor_id());
	/* Pairs with stmmac_xdp_tx_on(): the rings are ready once it is set. */
	ok = smp_load_acquire(&priv->xdp_tx_on) &&
	     !stmmac_tx_xdp(&priv->txq[qi], xdpf, dma, map);
	if (ok)
		txq_trans_cond_update(nq);
	__netif_tx_unlock(nq);
	if (ok)
		__set_bit(qi, &xp->tx);
	else if (map)
		xdp_return_frame(xdpf);
	return ok;
}

/**
 * stmmac_xdp_run() - run the program on a received frame, carry out its
 * verdict
 * @q: the RX queue, in its NAPI
 * @xp: the poll's XDP state, @xp->prog not NULL
 * @xdp: the frame, synced for the CPU; the ring's no more
 *
 * Return: what became of the frame; but for PASS, @xdp is no longer the
 * caller's (queued, redirected, or back in its pool).
 */
enum stmmac_xdp_act stmmac_xdp_run(struct stmmac_rxq *q,
				   struct stmmac_xdp_poll *xp,
				   struct xdp_buff *xdp)
{
	struct net_device *dev = q->priv->dev;
	bool gone;
	u32 act;

	act = bpf_prog_run_xdp(xp->prog, xdp);
	switch (act) {
	case XDP_PASS:
		return STMMAC_XDP_PASS;
	case XDP_TX:
		if (stmmac_xdp_tx_back(q, xp, xdp, &gone))
			return STMMAC_XDP_TX;
		if (gone) {
			trace_xdp_exception(dev, xp->prog, act);
			return STMMAC_XDP_ERR;
		}
		break;
	case XDP_REDIRECT:
		if (!xdp_do_redirect(dev, xdp, xp->prog)) {
			xp->redirect = true;
			return STMMAC_XDP_REDIRECT;
		}
		break;
	default:
		bpf_warn_invalid_xdp_action(dev, xp->prog, act);
		break;
	case XDP_ABORTED:
		trace_xdp_exception(dev, xp->prog, act);
		fallthrough;
	case XDP_DROP:
		stmmac_xdp_free(q, xdp);
		return STMMAC_XDP_DROP;
	}
	trace_xdp_exception(dev, xp->prog, act);
	stmmac_xdp_free(q, xdp);
	return STMMAC_XDP_ERR;
}

/**
 * stmmac_xdp_rx() - run the program on a frame in a page pool's page
 * @q: the RX queue, in its NAPI
 * @xp: the poll's XDP state, @xp->prog not NULL
 * @page: the frame's page, synced for the CPU; the ring's no more
 * @off: where the frame starts in @page; set to where it starts then
 *	(PASS)
 * @len: the frame's length without FCS; set to the new one (PASS)
 * @meta: set to the metadata's length before the frame (PASS)
 *
 * Return: as stmmac_xdp_run().
 */
enum stmmac_xdp_act stmmac_xdp_rx(struct stmmac_rxq *q,
				  struct stmmac_xdp_poll *xp, struct page *page,
				  u32 *off, u32 *len, u32 *meta)
{
	enum stmmac_xdp_act act;
	struct xdp_buff xdp;

	xdp_init_buff(&xdp, PAGE_SIZE, &q->xdp_rxq);
	xdp_prepare_buff(&xdp, page_address(page), *off, *len, true);
	act = stmmac_xdp_run(q, xp, &xdp);
	if (act == STMMAC_XDP_PASS) {
		*off = xdp.data - xdp.data_hard_start;
		*len = xdp.data_end - xdp.data;
		*meta = xdp.data - xdp.data_meta;
	}
	return act;
}

/**
 * stmmac_xdp_poll_end() - at an RX poll's end, flush what XDP queued
 * @priv: the device
 * @xp: the poll's XDP state
 */
void stmmac_xdp_poll_end(struct stmmac_priv *priv, struct stmmac_xdp_poll *xp)
{
	struct netdev_queue *nq;
	unsigned long qi;

	if (xp->redirect)
		xdp_do_flush();
	for_each_set_bit(qi, &xp->tx, STMMAC_MAX_QUEUES) {
		nq = netdev_get_tx_queue(priv->dev, qi);
		__netif_tx_lock(nq, smp_processor_id());
		stmmac_tx_xdp_flush(&priv->txq[qi]);
		__netif_tx_unlock(nq);
	}
}

/**
 * stmmac_xdp_xmit() - ndo_xdp_xmit: send frames redirected to this device
 * @dev: the device
 * @n: frames
 * @frames: the frames
 * @flags: XDP_XMIT_FLUSH or 0; the doorbell rings for every batch anyway
 *
 * On the TX queue of this CPU, as many as fit beside the stack's frames.
 *
 * Return: frames taken (the caller frees the others), or a negative errno.
 */
int stmmac_xdp_xmit(struct net_device *dev, int n, struct xdp_frame **frames,
		    u32 flags)
{
	struct stmmac_priv *priv = netdev_priv(dev);
	int cpu = smp_processor_id(), sent = 0;
	struct netdev_queue *nq;
	struct stmmac_txq *q;
	u32 qi;

	if (unlikely(flags & ~XDP_XMIT_FLAGS_MASK))
		return -EINVAL;
	qi = cpu % READ_ONCE(priv->tx_queues);
	nq = netdev_get_tx_queue(dev, qi);
	q = &priv->txq[qi];
	__netif_tx_lock(nq, cpu);
	/* The count may have changed before the lock was ours. */
	if (!smp_load_acquire(&priv->xdp_tx_on) ||
	    qi >= READ_ONCE(priv->tx_queues)) {
		__netif_tx_unlock(nq);
		return -ENETDOWN;
	}
	while (sent < n && !stmmac_tx_xdp(q, frames[sent], 0, true))
		sent++;
	/* Only progress holds the TX watchdog off: a hung DMA must not
	 * look alive because frames keep being offered.
	 */
	if (sent) {
		stmmac_tx_xdp_flush(q);
		txq_trans_cond_update(nq);
	}
	/* The frames after the first refused go back to the caller too. */
	if (sent + 1 < n)
		stmmac_txq_xdp_refused(q, n - sent - 1);
	__netif_tx_unlock(nq);
	return sent;
}

/**
 * stmmac_xdp_tx_on() - let XDP senders use the TX rings, or stop them
 * @priv: the device: on once its data path runs, off before
 *	netif_tx_disable() at a stop
 * @on: let them
 */
void stmmac_xdp_tx_on(struct stmmac_priv *priv, bool on)
{
	/* Pairs with the senders' acquire: the rings before the flag. */
	smp_store_release(&priv->xdp_tx_on, on);
}

/**
 * stmmac_xdp_init() - what XDP the device offers, at probe
 * @priv: the device, not registered yet
 */
void stmmac_xdp_init(struct stmmac_priv *priv)
{
	priv->dev->xdp_features = NETDEV_XDP_ACT_BASIC |
				  NETDEV_XDP_ACT_REDIRECT |
				  NETDEV_XDP_ACT_NDO_XMIT |
				  NETDEV_XDP_ACT_XSK_ZEROCOPY;
}

/**
 * stmmac_xdp_exit() - drop the program, at remove
 * @priv: the device, unregistered (which detached the program the stack
 *	attached: this is for one attached behind its back)
 */
void stmmac_xdp_exit(struct stmmac_priv *priv)
{
	if (priv->xdp_prog)
		bpf_prog_put(priv->xdp_prog);
	priv->xdp_prog = NULL;
}
