// SPDX-License-Identifier: GPL-2.0-only
/*
 * Wake-on-LAN. A core with PMT (its power management block, as its HW
 * feature register says) wakes the system itself, on a magic packet
 * and/or on any unicast frame to the device's address: at system sleep
 * with the interface up and wake-up enabled, the data path stops as
 * usual but the MAC is left receiving in power-down mode, PMT armed, and
 * its wake interrupt (DT "eth_wake_irq", else the MAC interrupt) enabled
 * for wake-up; at resume PMT is disarmed before the core is reset and
 * started again. phylib keeps the PHY's link up meanwhile: it does not
 * power a PHY down while the net_device has WoL enabled. A core without
 * PMT leaves WoL to the PHY, through phylink.
 *
 * Locking: the ethtool ops and the open-time hook run under RTNL,
 * stmmac_suspend() and stmmac_resume() call the sleep hooks under RTNL
 * too: RTNL serialises every access to wolopts and wol_armed.
 */

#include <linux/ethtool.h>
#include <linux/interrupt.h>
#include <linux/netdevice.h>
#include <linux/phylink.h>
#include <linux/pm_wakeup.h>
#include <kunit/visibility.h>

#include "stmmac.h"

/**
 * stmmac_wol_modes() - the WAKE_* modes the core's PMT block has
 * @priv: the device
 *
 * Return: WAKE_MAGIC and/or WAKE_UCAST; 0 without PMT.
 */
u32 stmmac_wol_modes(const struct stmmac_priv *priv)
{
	return (priv->caps.pmt_magic ? WAKE_MAGIC : 0) |
	       (priv->caps.pmt_ucast ? WAKE_UCAST : 0);
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_wol_modes);

/**
 * stmmac_wol_init() - Wake-on-LAN of a new device
 * @priv: the device, its capabilities read
 * @wol_irq: the "eth_wake_irq" interrupt, 0 when the MAC's own wakes
 *
 * With PMT the device can wake the system from probe on, wake-up disabled
 * until ethtool -s wol enables it, as upstream.
 */
void stmmac_wol_init(struct stmmac_priv *priv, int wol_irq)
{
	priv->wol_irq = wol_irq > 0 ? wol_irq : priv->irq;
	if (stmmac_wol_modes(priv))
		device_set_wakeup_capable(priv->device, true);
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_wol_init);

/**
 * stmmac_wol_exit() - undo what probe and open said about waking
 * @priv: the device, being removed
 *
 * The bus device outlives the driver (a module reload, an unbind): it
 * must not stay a wake-up source nor claim a capability that no driver
 * provides any more.
 */
void stmmac_wol_exit(struct stmmac_priv *priv)
{
	device_init_wakeup(priv->device, false);
}

/**
 * stmmac_wol_phy() - a PHY was attached: without PMT, WoL is the PHY's
 * @priv: the device
 *
 * The device can wake the system if the PHY can, and will if the PHY's
 * WoL is on, as upstream decides at each open. Under RTNL.
 */
void stmmac_wol_phy(struct stmmac_priv *priv)
{
	struct ethtool_wolinfo wol = { .cmd = ETHTOOL_GWOL };

	ASSERT_RTNL();
	if (stmmac_wol_modes(priv))
		return;
	phylink_ethtool_get_wol(priv->phylink, &wol);
	device_set_wakeup_capable(priv->device, wol.supported);
	device_set_wakeup_enable(priv->device, wol.wolopts);
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_wol_phy);

/**
 * stmmac_get_wol() - ethtool's Wake-on lines
 * @dev: the device
 * @wol: filled in
 *
 * With PMT: the core's modes and those enabled; without: the PHY's. Under
 * RTNL.
 */
void stmmac_get_wol(struct net_device *dev, struct ethtool_wolinfo *wol)
{
	struct stmmac_priv *priv = netdev_priv(dev);

	if (!stmmac_wol_modes(priv)) {
		phylink_ethtool_get_wol(priv->phylink, wol);
		return;
	}
	wol->supported = stmmac_wol_modes(priv);
	wol->wolopts = priv->wolopts;
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_get_wol);

/**
 * stmmac_set_wol() - ethtool -s wol
 * @dev: the device
 * @wol: the modes to wake on, 0 for none
 *
 * Wake-up follows: enabled with any mode, disabled with none. A mode the
 * core's PMT lacks is refused with nothing changed. Under RTNL.
 *
 * Return: 0; -EOPNOTSUPP when the device cannot wake the system;
 * -EINVAL for a mode PMT lacks; the PHY's error without PMT.
 */
int stmmac_set_wol(struct net_device *dev, struct ethtool_wolinfo *wol)
{
	struct stmmac_priv *priv = netdev_priv(dev);
	int ret;

	ASSERT_RTNL();
	if (!device_can_wakeup(priv->device))
		return -EOPNOTSUPP;
	if (!stmmac_wol_modes(priv)) {
		ret = phylink_ethtool_set_wol(priv->phylink, wol);
		if (!ret)
			device_set_wakeup_enable(priv->device, wol->wolopts);
		return ret;
	}
	if (wol->wolopts & ~stmmac_wol_modes(priv))
		return -EINVAL;
	device_set_wakeup_enable(priv->device, wol->wolopts);
	priv->wolopts = wol->wolopts;
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_set_wol);

/* The system is asleep until the handler runs: the PMT status is read to
 * end the interrupt, the wake-up counted against the device. Nothing else
 * of the MAC interrupts while armed: every other source is masked.
 */
static irqreturn_t stmmac_wol_interrupt(int irq, void *data)
{
	struct stmmac_priv *priv = data;

	priv->hw->pmt_ack(priv->ioaddr);
	pm_wakeup_event(priv->device, 0);
	return IRQ_HANDLED;
}

/* The wake interrupt: requested for the sleep (the data path's handlers
 * are gone with it) and marked as a wake-up source. Without it the MAC
 * could not wake the system: PMT stays disarmed.
 */
static int stmmac_wol_irq_on(struct stmmac_priv *priv)
{
	int ret;

	if (priv->wol_irq <= 0)
		return 0;
	ret = request_irq(priv->wol_irq, stmmac_wol_interrupt, IRQF_SHARED,
			  dev_name(priv->device), priv);
	if (ret)
		return ret;
	ret = enable_irq_wake(priv->wol_irq);
	if (ret)
		free_irq(priv->wol_irq, priv);
	return ret;
}

/**
 * stmmac_wol_sleep() - arm PMT for a system sleep, if it is to wake on LAN
 * @priv: the device, its data path just stopped (the MAC's speed and
 *	duplex still programmed, its transmitter and receiver off)
 *
 * Armed when the core has PMT, ethtool enabled modes and the device may
 * wake the system (power/wakeup in sysfs). Under RTNL.
 */
void stmmac_wol_sleep(struct stmmac_priv *priv)
{
	int ret;

	ASSERT_RTNL();
	if (!stmmac_wol_modes(priv) || !priv->wolopts ||
	    !device_may_wakeup(priv->device))
		return;
	ret = stmmac_wol_irq_on(priv);
	if (ret) {
		netdev_warn(priv->dev, "no wake interrupt (%d): Wake-on-LAN off for this sleep\n",
			    ret);
		return;
	}
	mutex_lock(&priv->mac_cfg_lock);
	priv->hw->pmt_arm(priv->ioaddr, priv->wolopts);
	mutex_unlock(&priv->mac_cfg_lock);
	priv->wol_armed = true;
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_wol_sleep);

/**
 * stmmac_wol_wake() - disarm what stmmac_wol_sleep() armed
 * @priv: the device
 *
 * Before the data path starts again: the core leaves power-down mode (a
 * wake-up frame did that already; another wake source did not) and its
 * PMT interrupt is masked again. Under RTNL.
 */
void stmmac_wol_wake(struct stmmac_priv *priv)
{
	ASSERT_RTNL();
	if (!priv->wol_armed)
		return;
	mutex_lock(&priv->mac_cfg_lock);
	priv->hw->pmt_arm(priv->ioaddr, 0);
	mutex_unlock(&priv->mac_cfg_lock);
	priv->hw->pmt_ack(priv->ioaddr);
	stmmac_wol_abandon(priv);
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_wol_wake);

/**
 * stmmac_wol_abandon() - give back the wake interrupt, core untouched
 * @priv: the device
 *
 * After a sleep whose resume cannot use the core (the glue could not set
 * it up again: it may be unclocked or held in reset), and at the end of
 * stmmac_wol_wake(). The handler would read the core, so it goes; PMT
 * stays as the sleep left it, to be programmed again at the next start.
 * Under RTNL.
 */
void stmmac_wol_abandon(struct stmmac_priv *priv)
{
	ASSERT_RTNL();
	if (!priv->wol_armed)
		return;
	if (priv->wol_irq > 0) {
		disable_irq_wake(priv->wol_irq);
		free_irq(priv->wol_irq, priv);
	}
	priv->wol_armed = false;
}
