// SPDX-License-Identifier: GPL-2.0-only
/*
 * Energy Efficient Ethernet, the MAC's side of IEEE 802.3az. The PHYs
 * negotiate EEE (phylib, through phylink); at each link up phylib says
 * whether the link agreed to it with TX LPI allowed (enable_tx_lpi), and
 * the MAC then signals LPI whenever its transmitter has been idle for the
 * TX LPI timer (ethtool --set-eee tx-timer, in microseconds).
 *
 * Neither core has an LPI entry timer of its own (upstream drives both
 * from software too): a timer_list looks at TX and, once it was idle long
 * enough, sets the LPI enable with LPITXA. The MAC then enters LPI as
 * soon as its FIFO is empty and leaves it by itself for the next frame,
 * clearing the enable; the timer finds TX busy and tries again later.
 * Nothing on the xmit path has to take the MAC out of LPI.
 *
 * Locking: the link callbacks run under phylink's state mutex (from its
 * resolve work, or phylink_start()/phylink_stop() under RTNL), ethtool
 * under RTNL; neither excludes the other, nor the timer (softirq). The
 * state and the LPI control register's read-modify-writes are under
 * eee.lock, taken with BHs off in process context. TX NAPI only stamps
 * eee.last_tx.
 */

#include <linux/ethtool.h>
#include <linux/jiffies.h>
#include <linux/netdevice.h>
#include <linux/phy.h>
#include <linux/phylink.h>
#include <kunit/visibility.h>

#include "stmmac.h"
#include "stmmac_compat.h"

/* The LPI timers upstream programs while EEE is on: the link must have
 * been up 1000 ms before the transmitter signals LPI, and it waits 30 us
 * after leaving LPI before it sends (the 1000BASE-T wake time is 16.5 us).
 */
#define STMMAC_EEE_LS_MS	1000
#define STMMAC_EEE_TW_US	30

static unsigned long stmmac_eee_tmo(const struct stmmac_eee *eee)
{
	return max(usecs_to_jiffies(eee->tx_lpi_timer), 1UL);
}

static bool stmmac_eee_tx_idle(struct stmmac_priv *priv)
{
	u32 i;

	for (i = 0; i < READ_ONCE(priv->tx_queues); i++)
		if (READ_ONCE(priv->txq[i].head) !=
		    READ_ONCE(priv->txq[i].tail))
			return false;
	return true;
}

/**
 * stmmac_eee_wait() - how long until the transmitter may enter LPI
 * @idle: jiffies since the last TX completion
 * @tmo: the TX LPI timer in jiffies, at least 1
 * @tx_idle: every TX ring is empty
 *
 * Return: 0 when LPI is due now; else the jiffies to wait before looking
 * again: the whole timer while frames are queued, what is left of it
 * while TX is idle.
 */
VISIBLE_IF_KUNIT unsigned long stmmac_eee_wait(unsigned long idle,
					       unsigned long tmo, bool tx_idle)
{
	if (!tx_idle)
		return tmo;
	if (idle >= tmo)
		return 0;
	return tmo - idle;
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_eee_wait);

static void stmmac_eee_timer(struct timer_list *t)
{
	struct stmmac_priv *priv = stmmac_timer_of(priv, t, eee.timer);
	struct stmmac_eee *eee = &priv->eee;
	unsigned long tmo, wait;

	spin_lock(&eee->lock);
	if (eee->active) {
		tmo = stmmac_eee_tmo(eee);
		wait = stmmac_eee_wait(jiffies - READ_ONCE(eee->last_tx), tmo,
				       stmmac_eee_tx_idle(priv));
		if (!wait) {
			priv->hw->lpi_tx(priv->ioaddr, true,
					 priv->plat->lpi_clk_gate);
			/* The next frame clears the enable (LPITXA): look
			 * again a timer later.
			 */
			wait = tmo;
		}
		mod_timer(&eee->timer, jiffies + wait);
	}
	spin_unlock(&eee->lock);
}

/* Take the transmitter out of LPI and keep it out; @link_up keeps the
 * PHY's link status (PLS) as it is. Process context.
 */
static void stmmac_eee_stop(struct stmmac_priv *priv, bool link_up)
{
	struct stmmac_eee *eee = &priv->eee;

	spin_lock_bh(&eee->lock);
	WRITE_ONCE(eee->active, false);
	priv->hw->lpi_tx(priv->ioaddr, false, false);
	priv->hw->lpi_timers(priv->ioaddr, 0, STMMAC_EEE_TW_US);
	if (!link_up)
		priv->hw->lpi_link(priv->ioaddr, false);
	spin_unlock_bh(&eee->lock);
	/* Inactive, the callback re-arms no more: this one is the last. */
	timer_delete_sync(&eee->timer);
}

/**
 * stmmac_eee_init() - the EEE state of a new device
 * @priv: the device
 * @tx_lpi_ms: the TX LPI timer to start with, in milliseconds (upstream's
 *	eee_timer module parameter)
 */
void stmmac_eee_init(struct stmmac_priv *priv, u32 tx_lpi_ms)
{
	spin_lock_init(&priv->eee.lock);
	timer_setup(&priv->eee.timer, stmmac_eee_timer, 0);
	priv->eee.tx_lpi_timer = min_t(u32, tx_lpi_ms, U32_MAX / USEC_PER_MSEC) *
				 USEC_PER_MSEC;
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_eee_init);

/**
 * stmmac_eee_exit() - undo stmmac_eee_init(), the link down for good
 * @priv: the device
 */
void stmmac_eee_exit(struct stmmac_priv *priv)
{
	timer_shutdown_sync(&priv->eee.timer);
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_eee_exit);

/**
 * stmmac_eee_phy() - offer EEE on a PHY just attached
 * @priv: the device
 * @phy: the PHY, NULL without one (fixed link, PCS)
 *
 * On a core with EEE, the PHY advertises every EEE mode it has, TX LPI
 * allowed, as phylib asks of a MAC that supports it. Done once per PHY:
 * what ethtool --set-eee changed survives ifdown and ifup. Called under
 * RTNL, before phylink starts the PHY.
 */
void stmmac_eee_phy(struct stmmac_priv *priv, struct phy_device *phy)
{
	if (!phy || !priv->caps.eee || priv->eee.phy == phy)
		return;
	priv->eee.phy = phy;
	phy_support_eee(phy);
	/* phylib's copy of the timer, 0 until an ethtool --set-eee: the same
	 * value there spares that first set a link cycle for a "change".
	 */
	phy->eee_cfg.tx_lpi_timer = priv->eee.tx_lpi_timer;
}

/**
 * stmmac_eee_link_up() - the link is up: signal LPI if it agreed to EEE
 * @priv: the device
 * @phy: the link's PHY, NULL without one
 *
 * From phylink's mac_link_up. The PHY's RX clock is not allowed to stop
 * in LPI (upstream asks the PHY for it): the MAC's reset needs that clock.
 */
void stmmac_eee_link_up(struct stmmac_priv *priv, struct phy_device *phy)
{
	struct stmmac_eee *eee = &priv->eee;

	if (!priv->caps.eee)
		return;
	spin_lock_bh(&eee->lock);
	priv->hw->lpi_link(priv->ioaddr, true);
	if (phy && phy->enable_tx_lpi) {
		priv->hw->lpi_timers(priv->ioaddr, STMMAC_EEE_LS_MS,
				     STMMAC_EEE_TW_US);
		WRITE_ONCE(eee->last_tx, jiffies);
		WRITE_ONCE(eee->active, true);
		mod_timer(&eee->timer, jiffies + stmmac_eee_tmo(eee));
	}
	spin_unlock_bh(&eee->lock);
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_eee_link_up);

/**
 * stmmac_eee_link_down() - the link is down: no LPI, timer stopped
 * @priv: the device
 *
 * From phylink's mac_link_down.
 */
void stmmac_eee_link_down(struct stmmac_priv *priv)
{
	if (priv->caps.eee)
		stmmac_eee_stop(priv, false);
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_eee_link_down);

/**
 * stmmac_eee_apply() - the MAC's part of an ethtool --set-eee phylib took
 * @priv: the device, its core with EEE
 * @e: the settings
 *
 * The new TX LPI timer counts from now. EEE or TX LPI switched off stops
 * LPI at once: phylib renegotiates (or cycles the link), and the next link
 * up finds LPI no longer allowed, but the MAC does not wait for it.
 * Switched on, LPI starts at that link up. Under RTNL.
 */
VISIBLE_IF_KUNIT void stmmac_eee_apply(struct stmmac_priv *priv,
				       const struct ethtool_keee *e)
{
	struct stmmac_eee *eee = &priv->eee;

	ASSERT_RTNL();
	spin_lock_bh(&eee->lock);
	eee->tx_lpi_timer = e->tx_lpi_timer;
	if (eee->active)
		mod_timer(&eee->timer, jiffies + stmmac_eee_tmo(eee));
	spin_unlock_bh(&eee->lock);
	if (!e->eee_enabled || !e->tx_lpi_enabled)
		stmmac_eee_stop(priv, true);
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_eee_apply);

/**
 * stmmac_eee_get() - ethtool --show-eee
 * @dev: the device
 * @e: filled in
 *
 * What the PHYs advertise and agreed comes from phylib; the TX LPI timer
 * is the MAC's. Under RTNL.
 *
 * Return: 0; -EOPNOTSUPP on a core without EEE or a link without a PHY.
 */
int stmmac_eee_get(struct net_device *dev, struct ethtool_keee *e)
{
	struct stmmac_priv *priv = netdev_priv(dev);
	int ret;

	ASSERT_RTNL();
	if (!priv->caps.eee)
		return -EOPNOTSUPP;
	ret = phylink_ethtool_get_eee(priv->phylink, e);
	if (ret)
		return ret;
	e->tx_lpi_timer = READ_ONCE(priv->eee.tx_lpi_timer);
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_eee_get);

/**
 * stmmac_eee_set() - ethtool --set-eee
 * @dev: the device
 * @e: the settings
 *
 * phylib checks and takes them first: on its refusal (advertised modes
 * the PHY lacks: -EINVAL; no PHY: -EOPNOTSUPP) nothing changes, the MAC's
 * timer and LPI state included. Under RTNL.
 *
 * Return: 0 or a negative errno.
 */
int stmmac_eee_set(struct net_device *dev, struct ethtool_keee *e)
{
	struct stmmac_priv *priv = netdev_priv(dev);
	int ret;

	ASSERT_RTNL();
	if (!priv->caps.eee)
		return -EOPNOTSUPP;
	ret = phylink_ethtool_set_eee(priv->phylink, e);
	if (ret)
		return ret;
	stmmac_eee_apply(priv, e);
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_eee_set);
