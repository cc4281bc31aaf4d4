// SPDX-License-Identifier: GPL-2.0-only
/*
 * Frame preemption (IEEE 802.3br, the MAC merge layer) on the XGMAC:
 * ethtool --set-mm / --show-mm, and the verification that the link
 * partner has a MAC merge layer before express frames may cut preemptible
 * ones (verify mPackets every verify-time ms, three of them, until a
 * response comes).
 *
 * Which TX queues are preemptible is mqprio's (fp), programmed with the
 * rest of this state by &stmmac_hw_ops.fpe_program.
 *
 * Locking: &stmmac_fpe.lock, an IRQ-safe spinlock, orders ethtool (RTNL),
 * the link callbacks (phylink's resolve), the verify work and the MAC
 * interrupt: each changes the state and writes the control register under
 * it, so the register always holds the state's EFPE. The registers are
 * written only while &stmmac_fpe.hw says the core is set up: the data
 * path's stop clears it, and cancels the work, before the core may be
 * reset or unclocked.
 */

#include <linux/ethtool.h>
#include <linux/netdevice.h>
#include <linux/workqueue.h>
#include <kunit/visibility.h>

#include "stmmac.h"

/* verifyLimit, and the range of verifyTime (ms), IEEE 802.3 30.14.1 */
#define STMMAC_FPE_VERIFY_TRIES		3
#define STMMAC_FPE_VERIFY_MAX_MS	128
#define STMMAC_FPE_VERIFY_DEF_MS	10

static bool stmmac_fpe_supported(const struct stmmac_priv *priv)
{
	return priv->caps.fpe && priv->hw->fpe_ctrl;
}

/* Preemption allowed, verified where asked: ethtool's tx-active, which
 * does not look at the link (as the kernel's ethtool_mmsv has it)
 */
static bool stmmac_fpe_tx_active(const struct stmmac_fpe *f)
{
	return f->tx && (!f->verify_on ||
			 f->status == ETHTOOL_MM_VERIFY_STATUS_SUCCEEDED);
}

/* Write EFPE as the state has it, with mPacket @send; under the lock */
static void stmmac_fpe_write(struct stmmac_priv *priv, u32 send)
{
	struct stmmac_fpe *f = &priv->fpe;

	f->active = f->link && stmmac_fpe_tx_active(f);
	if (f->hw)
		priv->hw->fpe_ctrl(priv->ioaddr,
				   (f->active ? STMMAC_FPE_EFPE : 0) | send);
}

/* Send a verify mPacket; the work sends the next or gives up */
static void stmmac_fpe_verify(struct stmmac_priv *priv)
{
	struct stmmac_fpe *f = &priv->fpe;

	f->tries++;
	stmmac_fpe_write(priv, STMMAC_FPE_SEND_VERIFY);
	mod_delayed_work(system_power_efficient_wq, &f->verify,
			 msecs_to_jiffies(f->verify_ms));
}

/* After the settings or the link changed: verify where now due, and
 * program EFPE. A verification that succeeded or failed holds until the
 * link comes up again or ethtool changes a setting (status INITIAL).
 */
static void stmmac_fpe_update(struct stmmac_priv *priv)
{
	struct stmmac_fpe *f = &priv->fpe;

	if (!f->verify_on) {
		f->status = ETHTOOL_MM_VERIFY_STATUS_DISABLED;
	} else if (!f->tx || !f->link) {
		f->status = ETHTOOL_MM_VERIFY_STATUS_INITIAL;
	} else if (f->status == ETHTOOL_MM_VERIFY_STATUS_INITIAL ||
		   f->status == ETHTOOL_MM_VERIFY_STATUS_DISABLED) {
		f->status = ETHTOOL_MM_VERIFY_STATUS_VERIFYING;
		f->tries = 0;
		stmmac_fpe_verify(priv);
		return;
	}
	stmmac_fpe_write(priv, 0);
}

static void stmmac_fpe_verify_work(struct work_struct *work)
{
	struct stmmac_priv *priv = container_of(to_delayed_work(work),
						struct stmmac_priv,
						fpe.verify);
	struct stmmac_fpe *f = &priv->fpe;
	unsigned long flags;

	spin_lock_irqsave(&f->lock, flags);
	if (f->status == ETHTOOL_MM_VERIFY_STATUS_VERIFYING) {
		if (f->tries < STMMAC_FPE_VERIFY_TRIES) {
			stmmac_fpe_verify(priv);
		} else {
			f->status = ETHTOOL_MM_VERIFY_STATUS_FAILED;
			stmmac_fpe_write(priv, 0);
		}
	}
	spin_unlock_irqrestore(&f->lock, flags);
}

/**
 * stmmac_fpe_init() - frame preemption off, at probe
 * @priv: the device
 */
void stmmac_fpe_init(struct stmmac_priv *priv)
{
	struct stmmac_fpe *f = &priv->fpe;

	spin_lock_init(&f->lock);
	INIT_DELAYED_WORK(&f->verify, stmmac_fpe_verify_work);
	f->verify_ms = STMMAC_FPE_VERIFY_DEF_MS;
	f->status = ETHTOOL_MM_VERIFY_STATUS_DISABLED;
}

/**
 * stmmac_fpe_program() - program what ethtool and mqprio set
 * @priv: the device; RTNL held, the data path up
 */
void stmmac_fpe_program(struct stmmac_priv *priv)
{
	struct stmmac_fpe *f = &priv->fpe;
	unsigned long flags;

	if (!stmmac_fpe_supported(priv))
		return;
	spin_lock_irqsave(&f->lock, flags);
	/* with the pMAC on: it answers verify mPackets. The handler looks
	 * for events from before the unmask on, and until after the mask.
	 */
	if (f->pmac)
		WRITE_ONCE(f->irq, true);
	priv->hw->fpe_program(priv, f->pmac);
	WRITE_ONCE(f->irq, f->pmac);
	spin_unlock_irqrestore(&f->lock, flags);
}

/**
 * stmmac_fpe_start() - set frame preemption up on a core just reset
 * @priv: the device, its data path starting (RTNL), the link down
 */
void stmmac_fpe_start(struct stmmac_priv *priv)
{
	struct stmmac_fpe *f = &priv->fpe;
	unsigned long flags;

	if (!stmmac_fpe_supported(priv))
		return;
	spin_lock_irqsave(&f->lock, flags);
	f->hw = true;
	stmmac_fpe_write(priv, 0);
	spin_unlock_irqrestore(&f->lock, flags);
	stmmac_fpe_program(priv);
}

/**
 * stmmac_fpe_stop() - preemption and its interrupt off; the registers
 *	left alone until the next start
 * @priv: the device, its data path stopping (RTNL), the link down
 *
 * Masked, the interrupt cannot fire for status nobody reads: a sleeping
 * system's wake line is the MAC interrupt.
 */
void stmmac_fpe_stop(struct stmmac_priv *priv)
{
	struct stmmac_fpe *f = &priv->fpe;
	unsigned long flags;

	if (!stmmac_fpe_supported(priv))
		return;
	spin_lock_irqsave(&f->lock, flags);
	if (f->hw) {
		priv->hw->fpe_ctrl(priv->ioaddr, 0);
		priv->hw->fpe_program(priv, false);
	}
	f->hw = false;
	WRITE_ONCE(f->irq, false);
	spin_unlock_irqrestore(&f->lock, flags);
	cancel_delayed_work_sync(&f->verify);
}

/**
 * stmmac_fpe_link() - the link came up or went down
 * @priv: the device
 * @up: the link is up
 *
 * Preemption stops with the link; a verification starts again with it.
 * From phylink's callbacks: may sleep.
 */
void stmmac_fpe_link(struct stmmac_priv *priv, bool up)
{
	struct stmmac_fpe *f = &priv->fpe;
	unsigned long flags;

	if (!stmmac_fpe_supported(priv))
		return;
	/* a verification of the link before does not go on in this one */
	cancel_delayed_work_sync(&f->verify);
	spin_lock_irqsave(&f->lock, flags);
	f->link = up;
	if (f->verify_on && up)
		f->status = ETHTOOL_MM_VERIFY_STATUS_INITIAL;
	stmmac_fpe_update(priv);
	spin_unlock_irqrestore(&f->lock, flags);
}

/**
 * stmmac_fpe_irq() - act on frame preemption events
 * @priv: the device; from the MAC interrupt
 *
 * A verify mPacket from the link partner is answered while the pMAC is
 * on; its response to ours ends the verification.
 *
 * Return: true if there were events (the interrupt was this one's).
 */
bool stmmac_fpe_irq(struct stmmac_priv *priv)
{
	struct stmmac_fpe *f = &priv->fpe;
	u32 ev, send = 0;

	if (!READ_ONCE(f->irq))
		return false;
	spin_lock(&f->lock);
	/* the status clears on read: read it where it is acted on */
	ev = f->hw ? priv->hw->fpe_events(priv->ioaddr) : 0;
	if ((ev & STMMAC_FPE_RX_VERIFY) && f->pmac)
		send = STMMAC_FPE_SEND_RESPONSE;
	if ((ev & STMMAC_FPE_RX_RESPONSE) &&
	    f->status == ETHTOOL_MM_VERIFY_STATUS_VERIFYING)
		f->status = ETHTOOL_MM_VERIFY_STATUS_SUCCEEDED;
	/* a sent mPacket's status alone changes nothing */
	if (ev & (STMMAC_FPE_RX_VERIFY | STMMAC_FPE_RX_RESPONSE))
		stmmac_fpe_write(priv, send);
	spin_unlock(&f->lock);
	return ev != 0;
}

/**
 * stmmac_fpe_get_mm() - ethtool --show-mm
 * @dev: the device
 * @mm: the state
 *
 * Return: 0, or -EOPNOTSUPP on a core without frame preemption.
 */
int stmmac_fpe_get_mm(struct net_device *dev, struct ethtool_mm_state *mm)
{
	struct stmmac_priv *priv = netdev_priv(dev);
	struct stmmac_fpe *f = &priv->fpe;
	unsigned long flags;

	if (!stmmac_fpe_supported(priv))
		return -EOPNOTSUPP;
	spin_lock_irqsave(&f->lock, flags);
	mm->verify_time = f->verify_ms;
	mm->max_verify_time = STMMAC_FPE_VERIFY_MAX_MS;
	mm->verify_status = f->status;
	mm->tx_enabled = f->tx;
	mm->tx_active = stmmac_fpe_tx_active(f);
	mm->pmac_enabled = f->pmac;
	mm->verify_enabled = f->verify_on;
	mm->tx_min_frag_size = ethtool_mm_frag_size_add_to_min(f->add_frag);
	/* the receiver takes fragments of any size the standard allows */
	mm->rx_min_frag_size = ETH_ZLEN;
	spin_unlock_irqrestore(&f->lock, flags);
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_fpe_get_mm);

/**
 * stmmac_fpe_set_mm() - ethtool --set-mm
 * @dev: the device; RTNL held
 * @cfg: the settings; ethtool checked that verification has TX on, TX
 *	the pMAC on, and verify-time at most 128 ms
 * @extack: why a setting is refused
 *
 * With verification on, any change starts it over, as mainline's
 * ethtool_mmsv does (ethtool calls this only for a change).
 *
 * Return: 0, -EINVAL with nothing changed, or -EOPNOTSUPP.
 */
int stmmac_fpe_set_mm(struct net_device *dev, struct ethtool_mm_cfg *cfg,
		      struct netlink_ext_ack *extack)
{
	struct stmmac_priv *priv = netdev_priv(dev);
	struct stmmac_fpe *f = &priv->fpe;
	unsigned long flags;
	u32 add_frag;
	int ret;

	if (!stmmac_fpe_supported(priv))
		return -EOPNOTSUPP;
	if (!cfg->verify_time || cfg->verify_time > STMMAC_FPE_VERIFY_MAX_MS) {
		NL_SET_ERR_MSG_FMT_MOD(extack,
				       "verify-time %u: 1 to %u ms",
				       cfg->verify_time,
				       STMMAC_FPE_VERIFY_MAX_MS);
		return -EINVAL;
	}
	ret = ethtool_mm_frag_size_min_to_add(cfg->tx_min_frag_size,
					      &add_frag, extack);
	if (ret)
		return ret;

	spin_lock_irqsave(&f->lock, flags);
	f->pmac = cfg->pmac_enabled;
	f->tx = cfg->tx_enabled;
	f->verify_on = cfg->verify_enabled;
	f->verify_ms = cfg->verify_time;
	f->add_frag = add_frag;
	f->status = ETHTOOL_MM_VERIFY_STATUS_INITIAL;
	spin_unlock_irqrestore(&f->lock, flags);
	/* the interrupt on before a verify mPacket can be answered */
	if (priv->running)
		stmmac_fpe_program(priv);
	spin_lock_irqsave(&f->lock, flags);
	stmmac_fpe_update(priv);
	spin_unlock_irqrestore(&f->lock, flags);
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_fpe_set_mm);
