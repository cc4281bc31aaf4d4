// SPDX-License-Identifier: GPL-2.0-only
/*
 * The data path's lifecycle: its interrupts and their dispatch to NAPI,
 * the DMA's start and stop, and the rebuild of the rings for an MTU or
 * ring change. stmmac_main.c (open, stop, restart, sleep) and
 * stmmac_ethtool.c (ring sizes) call it; it calls neither.
 *
 * Locking: open, stop, MTU, ring and feature changes, the restart work and
 * system sleep all run under RTNL, which serialises every transition of
 * the DMA. The interrupt handlers, the TX coalescing timer and the NAPI
 * polls share only the per-channel interrupt mask, under the channel's
 * spinlock.
 *
 * priv->running says whether the data path is up; it can be false while
 * the interface is up (a start that failed after a stop, see
 * stmmac_stopped()), so every path that stops the data path tests it,
 * under RTNL, rather than netif_running().
 */

#include <linux/dma-mapping.h>
#include <linux/interrupt.h>
#include <linux/netdevice.h>
#include <linux/phylink.h>
#include <linux/rtnetlink.h>
#include <linux/slab.h>

#include "stmmac.h"
#include "stmmac_xdp.h"

static u32 stmmac_channels(const struct stmmac_priv *priv)
{
	return max(priv->tx_queues, priv->rx_queues);
}

/* Mask a channel's RX or TX interrupt and schedule its NAPI; the poll
 * unmasks it when done. Called with interrupts off: from the interrupt
 * handler, which also takes the lock.
 */
static void stmmac_napi_sched(struct stmmac_priv *priv,
			      struct stmmac_channel *ch, bool rx)
{
	struct napi_struct *napi = rx ? &ch->rx_napi : &ch->tx_napi;

	if (!napi_schedule_prep(napi))
		return;
	spin_lock(&ch->lock);
	priv->hw->dma_irq_disable(priv->ioaddr, ch->index, rx, !rx);
	spin_unlock(&ch->lock);
	__napi_schedule(napi);
}

/* Act on one channel's events; false if it had no status to acknowledge. */
static bool stmmac_dma_events(struct stmmac_priv *priv, u32 chan, u32 which)
{
	u32 ev = priv->hw->dma_irq_status(priv->ioaddr, chan, which);

	if (!ev)
		return false;
	if (unlikely(ev & STMMAC_DMA_FATAL)) {
		atomic_inc(&priv->fatal_errors);
		schedule_work(&priv->reset_work);
		return true;
	}
	if (ev & STMMAC_DMA_TX_UNDERFLOW)
		atomic_inc(&priv->tx_underflows);
	if (ev & STMMAC_DMA_RX_NOBUF)
		atomic_inc(&priv->rx_nobuf);
	if ((ev & (STMMAC_DMA_RX | STMMAC_DMA_RX_NOBUF)) &&
	    chan < priv->rx_queues)
		stmmac_napi_sched(priv, &priv->channel[chan], true);
	if ((ev & STMMAC_DMA_TX) && chan < priv->tx_queues)
		stmmac_napi_sched(priv, &priv->channel[chan], false);
	return true;
}

/* The MAC interrupt: every channel direction without its own line, and
 * the channel-wide events (fatal bus error) of every channel, since a core
 * may signal those on this line even where both directions have their own:
 * left unread, they would fire it until the kernel disables it.
 */
static irqreturn_t stmmac_interrupt(int irq, void *data)
{
	struct stmmac_priv *priv = data;
	irqreturn_t ret = IRQ_NONE;
	u32 i, which;

	if (stmmac_fpe_irq(priv))
		ret = IRQ_HANDLED;
	if (stmmac_est_irq(priv))
		ret = IRQ_HANDLED;
	for (i = 0; i < stmmac_channels(priv); i++) {
		which = (priv->rx_irq[i] ? 0 : STMMAC_DMA_RX) |
			(priv->tx_irq[i] ? 0 : STMMAC_DMA_TX);
		if (stmmac_dma_events(priv, i, which))
			ret = IRQ_HANDLED;
	}
	return ret;
}

static irqreturn_t stmmac_rx_interrupt(int irq, void *data)
{
	struct stmmac_channel *ch = data;

	return IRQ_RETVAL(stmmac_dma_events(ch->priv, ch->index,
					    STMMAC_DMA_RX));
}

static irqreturn_t stmmac_tx_interrupt(int irq, void *data)
{
	struct stmmac_channel *ch = data;

	return IRQ_RETVAL(stmmac_dma_events(ch->priv, ch->index,
					    STMMAC_DMA_TX));
}

static void stmmac_free_irqs(struct stmmac_priv *priv)
{
	u32 i;

	for (i = 0; i < STMMAC_MAX_QUEUES; i++) {
		if (priv->rx_irq[i] && i < priv->rx_queues)
			free_irq(priv->rx_irq[i], &priv->channel[i]);
		if (priv->tx_irq[i] && i < priv->tx_queues)
			free_irq(priv->tx_irq[i], &priv->channel[i]);
	}
	free_irq(priv->irq, priv);
}

static int stmmac_request_chan_irq(struct stmmac_priv *priv, u32 i, bool rx)
{
	int irq = rx ? priv->rx_irq[i] : priv->tx_irq[i];
	char *name = priv->irq_names[!rx][i];

	snprintf(name, sizeof(priv->irq_names[0][0]), "%s-%s-%u",
		 priv->dev->name, rx ? "rx" : "tx", i);
	return request_irq(irq, rx ? stmmac_rx_interrupt : stmmac_tx_interrupt,
			   0, name, &priv->channel[i]);
}

/* The MAC interrupt, then each channel's own lines, if it has any. */
static int stmmac_request_irqs(struct stmmac_priv *priv)
{
	u32 i, j;
	int ret;

	ret = request_irq(priv->irq, stmmac_interrupt, IRQF_SHARED,
			  priv->dev->name, priv);
	if (ret)
		goto err;
	for (i = 0; i < 2 * STMMAC_MAX_QUEUES; i++) {
		bool rx = i < STMMAC_MAX_QUEUES;
		u32 ch = i % STMMAC_MAX_QUEUES;

		if (!(rx ? priv->rx_irq[ch] && ch < priv->rx_queues :
			   priv->tx_irq[ch] && ch < priv->tx_queues))
			continue;
		ret = stmmac_request_chan_irq(priv, ch, rx);
		if (ret)
			goto err_chan;
	}
	return 0;

err_chan:
	for (j = 0; j < i; j++) {
		bool rx = j < STMMAC_MAX_QUEUES;
		u32 ch = j % STMMAC_MAX_QUEUES;
		int irq = rx ? priv->rx_irq[ch] : priv->tx_irq[ch];

		if (irq && ch < (rx ? priv->rx_queues : priv->tx_queues))
			free_irq(irq, &priv->channel[ch]);
	}
	free_irq(priv->irq, priv);
err:
	netdev_err(priv->dev, "cannot request interrupts: %d\n", ret);
	return ret;
}

/* Mask every DMA interrupt of every channel, error events included: a
 * stopped device must not interrupt at all.
 */
static void stmmac_irqs_off(struct stmmac_priv *priv)
{
	unsigned long flags;
	u32 i;

	for (i = 0; i < stmmac_channels(priv); i++) {
		struct stmmac_channel *ch = &priv->channel[i];

		spin_lock_irqsave(&ch->lock, flags);
		priv->hw->dma_irq_off(priv->ioaddr, i);
		spin_unlock_irqrestore(&ch->lock, flags);
	}
}

/* Stop every channel's TX and/or RX DMA and wait for it: the rings are
 * freed next, and a DMA still fetching would read unmapped buffers. One
 * that does not stop is reset, which aborts it.
 */
static void stmmac_dma_stop_all(struct stmmac_priv *priv, bool tx, bool rx)
{
	int ret = 0;
	u32 i;

	for (i = 0; i < stmmac_channels(priv); i++)
		ret |= priv->hw->dma_stop(priv->ioaddr, i,
					  tx && i < priv->tx_queues,
					  rx && i < priv->rx_queues);
	if (!ret)
		return;
	netdev_warn(priv->dev, "%s DMA did not stop, resetting it\n",
		    tx ? "TX" : "RX");
	/* The reset completes only while every clock of the MAC runs, the
	 * PHY's receive clock among them, and the RX DMA stops after
	 * phylink_stop() powered the PHY down.
	 */
	if (priv->dev->phydev)
		phy_resume(priv->dev->phydev);
	stmmac_mmc_before_reset(priv);
	if (priv->hw->reset(priv->ioaddr)) {
		netdev_err(priv->dev, "DMA reset timed out too: its rings are leaked, not freed under it\n");
		priv->dma_wedged = true;
	}
}

/* Free the rings the DMA ran on, unless it may still run on them. */
static void stmmac_rings_release(struct stmmac_priv *priv,
				 struct stmmac_txq *tx, struct stmmac_rxq *rx)
{
	if (priv->dma_wedged) {
		stmmac_tx_rings_forget(priv, tx);
		stmmac_rx_rings_forget(priv, rx);
		return;
	}
	stmmac_tx_rings_free(priv, tx);
	stmmac_rx_rings_free(priv, rx);
}

/* Each queue names its NAPI context while it runs (netdev queue-get, and
 * busy polling's NAPI IDs); the names go before the contexts stop.
 */
static void stmmac_napi_link(struct stmmac_priv *priv, bool on)
{
	u32 i;

	for (i = 0; i < priv->rx_queues; i++)
		netif_queue_set_napi(priv->dev, i, NETDEV_QUEUE_TYPE_RX,
				     on ? &priv->channel[i].rx_napi : NULL);
	for (i = 0; i < priv->tx_queues; i++)
		netif_queue_set_napi(priv->dev, i, NETDEV_QUEUE_TYPE_TX,
				     on ? &priv->channel[i].tx_napi : NULL);
}

static void stmmac_napi_enable(struct stmmac_priv *priv)
{
	u32 i;

	for (i = 0; i < priv->rx_queues; i++)
		napi_enable(&priv->channel[i].rx_napi);
	for (i = 0; i < priv->tx_queues; i++)
		napi_enable(&priv->channel[i].tx_napi);
	stmmac_napi_link(priv, true);
}

static void stmmac_napi_disable(struct stmmac_priv *priv)
{
	u32 i;

	stmmac_napi_link(priv, false);
	for (i = 0; i < priv->rx_queues; i++)
		napi_disable(&priv->channel[i].rx_napi);
	for (i = 0; i < priv->tx_queues; i++)
		napi_disable(&priv->channel[i].tx_napi);
	/* napi_disable() returns once a poll has completed, not once it
	 * has returned: TX NAPI still unmasks and reads the newest
	 * descriptor after napi_complete_done(). Polls run with bottom
	 * halves off, an RCU read-side section: let them end before the
	 * rings go.
	 */
	synchronize_net();
}

/* Reset the core and program it for the current rings and settings; the
 * DMA runs when this returns, the MAC waits for the link.
 */
static int stmmac_hw_setup(struct stmmac_priv *priv)
{
	const struct stmmac_hw_ops *hw = priv->hw;
	void __iomem *ioaddr = priv->ioaddr;
	u32 i;
	int ret;

	/* The reset clears the RMON counters: keep what they hold. */
	stmmac_mmc_before_reset(priv);
	ret = hw->reset(ioaddr);
	if (ret) {
		netdev_err(priv->dev,
			   "DMA reset timed out: is the PHY's clock running?\n");
		return ret;
	}
	/* Reset, the DMA runs on nothing any more. */
	priv->dma_wedged = false;
	hw->core_init(priv);
	stmmac_mmc_start(priv);
	stmmac_ptp_start(priv);
	hw->set_mac_addr(ioaddr, priv->dev->dev_addr);
	if (hw->mtl_init)
		hw->mtl_init(priv);
	stmmac_fpe_start(priv);
	stmmac_est_start(priv);
	hw->dma_init(priv);
	for (i = 0; i < priv->tx_queues; i++)
		hw->dma_init_tx(ioaddr, i, priv->txq[i].desc_dma,
				priv->txq[i].size);
	for (i = 0; i < priv->rx_queues; i++)
		hw->dma_init_rx(ioaddr, i, priv->rxq[i].desc_dma,
				priv->rxq[i].size, priv->rxq[i].buf_len);
	stmmac_coal_rx_program(priv);
	stmmac_vlan_restore(priv);
	stmmac_flower_restore(priv);
	/* The address lists belong to the stack, which changes them under
	 * this lock, not RTNL.
	 */
	netif_addr_lock_bh(priv->dev);
	hw->set_filter(priv, priv->dev);
	netif_addr_unlock_bh(priv->dev);
	/* A channel beyond the RX (or TX) queue count has no ring in that
	 * direction: starting it would send the DMA to descriptor address 0.
	 */
	for (i = 0; i < stmmac_channels(priv); i++)
		hw->dma_start(ioaddr, i, i < priv->tx_queues,
			      i < priv->rx_queues);
	stmmac_rx_start(priv);
	return 0;
}

/* Start the data path on the rings in place: interrupts, NAPI, DMA,
 * link. On failure nothing of it runs; the rings stay.
 */
static int stmmac_start(struct stmmac_priv *priv)
{
	int ret;

	ret = stmmac_request_irqs(priv);
	if (ret)
		return ret;
	/* The DMA's reset completes only while every clock of the MAC runs,
	 * the PHY's receive clock among them; phylink_stop() powered the PHY
	 * down (it is up already at open: attaching it resumed it).
	 */
	if (priv->dev->phydev)
		phy_resume(priv->dev->phydev);
	stmmac_napi_enable(priv);
	ret = stmmac_hw_setup(priv);
	if (ret) {
		stmmac_napi_disable(priv);
		stmmac_free_irqs(priv);
		return ret;
	}
	phylink_start(priv->phylink);
	stmmac_xdp_tx_on(priv, true);
	/* Wake, not just start: frames the qdisc held while the queues were
	 * stopped would otherwise wait for the next enqueue, which a blocked
	 * socket never makes.
	 */
	netif_tx_wake_all_queues(priv->dev);
	return 0;
}

/* Undo stmmac_start(): nothing runs on the rings once this returns. */
static void stmmac_stop(struct stmmac_priv *priv)
{
	/* NAPI first: TX clean wakes queues, so a queue stopped before the
	 * last clean could be running again while the rings are freed.
	 */
	stmmac_napi_disable(priv);
	stmmac_ptp_stop(priv);
	stmmac_rx_stop(priv);
	/* Before the xmit locks are taken, which waits for XDP senders. */
	stmmac_xdp_tx_on(priv, false);
	netif_tx_disable(priv->dev);
	stmmac_mmc_stop(priv);
	/* TX DMA before the transmitter, receiver before the RX DMA: each
	 * DMA then finishes the frame in progress, and can stop.
	 */
	stmmac_dma_stop_all(priv, true, false);
	phylink_stop(priv->phylink);
	stmmac_fpe_stop(priv);
	stmmac_est_stop(priv);
	stmmac_dma_stop_all(priv, false, true);
	/* Count what the counters hold now: system sleep may take the
	 * core's power before the next reset would have read them.
	 */
	stmmac_mmc_before_reset(priv);
	stmmac_irqs_off(priv);
	stmmac_free_irqs(priv);
	stmmac_coal_stop(priv);
}

/**
 * stmmac_stopped() - the data path did not start again after a stop
 * @priv: the device
 * @err: why (logged)
 *
 * After a restart, an MTU or ring change or resume: its rings are freed,
 * nothing of it runs, and it must not be stopped again (napi_disable() on
 * a disabled NAPI waits forever). It stays as ifdown leaves it: TX queues
 * stopped, no carrier (so no TX watchdog, and linkwatch tells userspace),
 * NAPI disabled; ethtool and MTU changes are only recorded, as on a device
 * that is down, and ifdown and ifup start it afresh. Not detached:
 * linkwatch skips a detached device, which would keep its operstate up.
 * Under RTNL.
 */
void stmmac_stopped(struct stmmac_priv *priv, int err)
{
	ASSERT_RTNL();
	priv->running = false;
	netdev_err(priv->dev, "stopped (%d): set the interface down and up\n",
		   err);
}

/**
 * stmmac_up() - bring the data path up: rings, then stmmac_start()
 * @priv: the device, its data path down (RTNL held)
 *
 * Return: 0, or a negative errno with nothing left allocated.
 */
int stmmac_up(struct stmmac_priv *priv)
{
	int ret;

	ret = stmmac_tx_alloc(priv);
	if (ret)
		goto err;
	ret = stmmac_rx_alloc(priv);
	if (ret)
		goto err_tx;
	ret = stmmac_start(priv);
	if (ret)
		goto err_rx;
	return 0;

err_rx:
	stmmac_rx_free(priv);
err_tx:
	stmmac_tx_free(priv);
err:
	netdev_err(priv->dev, "cannot start: %d\n", ret);
	return ret;
}

/**
 * stmmac_down() - undo stmmac_up()
 * @priv: the device, its data path up (RTNL held)
 */
void stmmac_down(struct stmmac_priv *priv)
{
	stmmac_stop(priv);
	stmmac_rings_release(priv, priv->txq, priv->rxq);
}

/* Rings built for a reconfiguration while the old ones still run. */
struct stmmac_spare {
	struct stmmac_txq tx[STMMAC_MAX_QUEUES];
	struct stmmac_rxq rx[STMMAC_MAX_QUEUES];
};

/* Stop RX NAPI on every channel, and let it run again: between the two,
 * the RX rings' page pools may be created or destroyed.
 */
static void stmmac_rx_napi_pause(struct stmmac_priv *priv)
{
	u32 i;

	for (i = 0; i < priv->rx_queues; i++)
		napi_disable(&priv->channel[i].rx_napi);
}

static void stmmac_rx_napi_resume(struct stmmac_priv *priv)
{
	u32 i;

	for (i = 0; i < priv->rx_queues; i++) {
		napi_enable(&priv->channel[i].rx_napi);
		/* A poll cut short by the pause left its interrupt masked:
		 * poll once more. The softirq the scheduling raises runs at
		 * local_bh_enable().
		 */
		local_bh_disable();
		local_irq_disable();
		stmmac_napi_sched(priv, &priv->channel[i], true);
		local_irq_enable();
		local_bh_enable();
	}
}

/* Free a spare set's rings, those of its RX queues bound to the running
 * NAPIs.
 */
static void stmmac_spare_free(struct stmmac_priv *priv,
			      struct stmmac_spare *sp)
{
	stmmac_tx_rings_free(priv, sp->tx);
	stmmac_rx_napi_pause(priv);
	stmmac_rx_rings_free(priv, sp->rx);
	stmmac_rx_napi_resume(priv);
}

/* Rings for @ntx TX queues of @tx descriptors and @nrx RX queues of @rx,
 * their buffers for @mtu, and for an XDP program if @xdp.
 */
static int stmmac_spare_alloc(struct stmmac_priv *priv,
			      struct stmmac_spare *sp, unsigned int mtu,
			      u32 tx, u32 rx, u32 ntx, u32 nrx, bool xdp)
{
	int ret;

	ret = stmmac_tx_rings_alloc(priv, sp->tx, ntx, tx);
	if (!ret)
		ret = stmmac_rx_rings_alloc(priv, sp->rx, nrx, rx, mtu, xdp);
	if (ret)
		stmmac_spare_free(priv, sp);
	return ret;
}

/* Stop the data path and put a spare set's rings in service; the old
 * rings are freed (or leaked under a wedged DMA).
 */
static void stmmac_swap_spare(struct stmmac_priv *priv,
			      struct stmmac_spare *sp)
{
	stmmac_stop(priv);
	stmmac_tx_rings_swap(priv, sp->tx);
	stmmac_rx_rings_swap(priv, sp->rx);
	stmmac_rings_release(priv, sp->tx, sp->rx);
}

/* Start the data path on the rings just swapped in; should that fail,
 * free them and leave the device stopped (stmmac_stopped()).
 */
static int stmmac_restart(struct stmmac_priv *priv)
{
	int ret = stmmac_start(priv);

	if (ret) {
		stmmac_rx_free(priv);
		stmmac_tx_free(priv);
		stmmac_stopped(priv, ret);
	}
	return ret;
}

/* What the rings are built for */
struct stmmac_ring_cfg {
	unsigned int mtu;
	u32 tx;
	u32 rx;
	struct bpf_prog *prog;
};

/* stmmac_reconfigure() to @c; the program goes in with the rings. Return:
 * 0; an error of the new rings' allocation, nothing changed; or the
 * start's error, the rings freed and the device stopped (stmmac_stopped())
 * with @c in place.
 */
static int stmmac_rebuild(struct stmmac_priv *priv,
			  const struct stmmac_ring_cfg *c)
{
	struct net_device *dev = priv->dev;
	struct stmmac_spare *sp;
	int ret;

	ASSERT_RTNL();
	if (!priv->running) {
		WRITE_ONCE(dev->mtu, c->mtu);
		priv->tx_ring_size = c->tx;
		priv->rx_ring_size = c->rx;
		WRITE_ONCE(priv->xdp_prog, c->prog);
		return 0;
	}
	sp = kzalloc(sizeof(*sp), GFP_KERNEL);
	if (!sp)
		return -ENOMEM;
	ret = stmmac_spare_alloc(priv, sp, c->mtu, c->tx, c->rx,
				 priv->tx_queues, priv->rx_queues, !!c->prog);
	if (ret) {
		netdev_warn(dev, "no memory for the new rings, keeping the old: %d\n",
			    ret);
		goto out;
	}
	stmmac_swap_spare(priv, sp);
	WRITE_ONCE(dev->mtu, c->mtu);
	priv->tx_ring_size = c->tx;
	priv->rx_ring_size = c->rx;
	/* No RX poll runs: none can see the program with the old rings. */
	WRITE_ONCE(priv->xdp_prog, c->prog);
	ret = stmmac_restart(priv);
out:
	kfree(sp);
	return ret;
}

/**
 * stmmac_reconfigure() - rebuild the rings for a new MTU or ring size
 * @priv: the device
 * @mtu: the new MTU
 * @tx: the new TX ring size
 * @rx: the new RX ring size
 *
 * Called under RTNL. A running device gets its new rings first, while the
 * old ones carry traffic; only then is it stopped, the rings swapped and
 * started again. Without memory for them nothing changes.
 *
 * Return: 0 or a negative errno, the old values then still in place.
 */
int stmmac_reconfigure(struct stmmac_priv *priv, unsigned int mtu, u32 tx,
		       u32 rx)
{
	struct stmmac_ring_cfg c = {
		.mtu = mtu, .tx = tx, .rx = rx, .prog = priv->xdp_prog,
	};

	return stmmac_rebuild(priv, &c);
}

/**
 * stmmac_restart_all() - restart the data path on new rings
 * @priv: the device, running (RTNL)
 *
 * For a DMA that will not stop or recover alone: the new rings while the
 * old ones run, then the stop, the core's reset and the start, as
 * stmmac_reconfigure() does. Without memory for new rings the old ones
 * are stuck anyway: the data path goes down, freeing them, and up again
 * on their memory. Should that start fail, the device stays stopped
 * (stmmac_stopped()).
 *
 * Return: 0, or the start's error.
 */
int stmmac_restart_all(struct stmmac_priv *priv)
{
	struct net_device *dev = priv->dev;
	int ret;

	ret = stmmac_reconfigure(priv, dev->mtu, priv->tx_ring_size,
				 priv->rx_ring_size);
	if (ret == -ENOMEM && priv->running) {
		stmmac_down(priv);
		ret = stmmac_up(priv);
		if (ret)
			stmmac_stopped(priv, ret);
	}
	return ret;
}

/**
 * stmmac_rebuild_xdp() - put an XDP program in, or take it out, with RX
 * rings built for it
 * @priv: the device, running, RTNL held
 * @prog: the program, NULL to take it out: the rings without XDP's
 *	headroom
 *
 * As stmmac_reconfigure(): the new rings first, while the old ones carry
 * traffic; the link stays up. Should the start fail, @prog is in place
 * all the same, and the device stopped as after a failed -G.
 *
 * Return: 0, or a negative errno with nothing changed.
 */
int stmmac_rebuild_xdp(struct stmmac_priv *priv, struct bpf_prog *prog)
{
	struct stmmac_ring_cfg c = {
		.mtu = priv->dev->mtu, .tx = priv->tx_ring_size,
		.rx = priv->rx_ring_size, .prog = prog,
	};
	int ret = stmmac_rebuild(priv, &c);

	return priv->xdp_prog == prog ? 0 : ret;
}

/**
 * stmmac_set_queues() - use another number of TX and RX queues
 * @priv: the device
 * @tx: TX queues
 * @rx: RX queues
 *
 * Called under RTNL (ethtool -L). As for stmmac_reconfigure(), a running
 * device gets the rings of the new queue set first, while the old ones
 * carry traffic, and the stack its new counts: if either fails, nothing
 * changes. The new queues' NAPI contexts exist from then on (their page
 * pools name them). Then the data path stops, the rings are swapped (those
 * of the queues that go move to the spare set, freed with the old rings)
 * and it starts on the new set; should that start fail (an interrupt line,
 * the DMA's reset), the device stays stopped, as after a failed -G.
 *
 * Return: 0 or a negative errno.
 */
int stmmac_set_queues(struct stmmac_priv *priv, u32 tx, u32 rx)
{
	u32 otx = priv->tx_queues, orx = priv->rx_queues;
	struct stmmac_spare *sp;
	int ret;

	ASSERT_RTNL();
	ret = stmmac_queues_check(priv, tx, rx);
	if (ret || (tx == otx && rx == orx))
		return ret;
	if (!priv->running) {
		ret = stmmac_queues_publish(priv, tx, rx);
		if (!ret)
			stmmac_queues_commit(priv, tx, rx);
		return ret;
	}
	sp = kzalloc(sizeof(*sp), GFP_KERNEL);
	if (!sp)
		return -ENOMEM;
	stmmac_queues_napi_grow(priv, tx, rx);
	ret = stmmac_spare_alloc(priv, sp, priv->dev->mtu, priv->tx_ring_size,
				 priv->rx_ring_size, tx, rx, !!priv->xdp_prog);
	if (!ret) {
		ret = stmmac_queues_publish(priv, tx, rx);
		if (ret)
			stmmac_spare_free(priv, sp);
	}
	if (ret) {
		stmmac_queues_napi_grow(priv, otx, orx);
		goto out;
	}
	stmmac_swap_spare(priv, sp);
	stmmac_queues_commit(priv, tx, rx);
	ret = stmmac_restart(priv);
out:
	kfree(sp);
	return ret;
}

/**
 * stmmac_rx_csum() - switch RX's trust in the checksum engine
 * @priv: the device (RTNL held)
 * @on: trust it
 *
 * Each RX NAPI is held off meanwhile. A poll that napi_disable() cut short
 * left the RX interrupt masked: a new one, scheduled as the interrupt
 * would, unmasks it when done.
 */
void stmmac_rx_csum(struct stmmac_priv *priv, bool on)
{
	u32 i;

	if (!priv->running)
		return;
	stmmac_rx_napi_pause(priv);
	for (i = 0; i < priv->rx_queues; i++)
		stmmac_rxq_csum(&priv->rxq[i], on);
	stmmac_rx_napi_resume(priv);
}
