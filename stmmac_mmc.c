// SPDX-License-Identifier: GPL-2.0-only
/*
 * The RMON (MMC) counters, and the DMA's missed-frame counters: the core's
 * counters reset on read, and each read is added to 64-bit sums. They are
 * read before every core reset (open, restart, MTU or ring change), which
 * would clear them, and periodically while the device runs, so that a
 * 32-bit counter cannot wrap unseen (GMAC tx_octets wraps in 34 s at
 * 1 Gb/s).
 *
 * Locking: priv->mmc_lock serialises the reads with the sums (the missed
 * frames are atomic64_t: ndo_get_stats64 reads them from any context). A
 * core reset happens under RTNL with the periodic read cancelled, and
 * ethtool reads under RTNL too, so no read meets a core in reset.
 */

#include <linux/jiffies.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>
#include <kunit/visibility.h>

#include "stmmac.h"

/* Well inside the 34 s a 32-bit octet counter lasts at 1 Gb/s. */
#define STMMAC_MMC_PERIOD	(10 * HZ)

/* Add what the core counted since the last read; mmc_lock held. The DMA's
 * missed-frame counters are 16 and 11 bits wide and clear on read too.
 */
static void stmmac_mmc_fold(struct stmmac_priv *priv)
{
	u32 nobuf, fifo;

	if (!priv->mmc_live)
		return;
	if (priv->caps.mmc)
		priv->hw->mmc_read(priv->ioaddr, &priv->mmc);
	if (priv->hw->rx_missed) {
		priv->hw->rx_missed(priv->ioaddr, &nobuf, &fifo);
		atomic64_add(nobuf, &priv->rx_missed);
		atomic64_add(fifo, &priv->rx_fifo_drops);
	}
}

static bool stmmac_mmc_any(const struct stmmac_priv *priv)
{
	return priv->caps.mmc || priv->hw->rx_missed;
}

/**
 * stmmac_mmc_read() - the accumulated RMON counters, up to date
 * @priv: the device
 * @out: filled in
 */
void stmmac_mmc_read(struct stmmac_priv *priv, struct stmmac_mmc_counters *out)
{
	spin_lock(&priv->mmc_lock);
	stmmac_mmc_fold(priv);
	*out = priv->mmc;
	spin_unlock(&priv->mmc_lock);
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_mmc_read);

static void stmmac_mmc_work(struct work_struct *work)
{
	struct stmmac_priv *priv = container_of(to_delayed_work(work),
						struct stmmac_priv, mmc_work);

	spin_lock(&priv->mmc_lock);
	stmmac_mmc_fold(priv);
	spin_unlock(&priv->mmc_lock);
	schedule_delayed_work(&priv->mmc_work, STMMAC_MMC_PERIOD);
}

/**
 * stmmac_mmc_init() - set up the counters' state at probe
 * @priv: the device
 */
void stmmac_mmc_init(struct stmmac_priv *priv)
{
	spin_lock_init(&priv->mmc_lock);
	INIT_DELAYED_WORK(&priv->mmc_work, stmmac_mmc_work);
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_mmc_init);

/**
 * stmmac_mmc_before_reset() - keep what the counters hold before a reset
 * @priv: the device, its periodic read stopped (stmmac_mmc_stop())
 *
 * Called under RTNL before the core is reset, which clears the counters;
 * until stmmac_mmc_start() they are not read again.
 */
void stmmac_mmc_before_reset(struct stmmac_priv *priv)
{
	ASSERT_RTNL();
	spin_lock(&priv->mmc_lock);
	stmmac_mmc_fold(priv);
	priv->mmc_live = false;
	spin_unlock(&priv->mmc_lock);
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_mmc_before_reset);

/**
 * stmmac_mmc_start() - the core's counters count from now on
 * @priv: the device, its core initialised (counters cleared)
 */
void stmmac_mmc_start(struct stmmac_priv *priv)
{
	spin_lock(&priv->mmc_lock);
	priv->mmc_live = true;
	spin_unlock(&priv->mmc_lock);
	if (stmmac_mmc_any(priv))
		schedule_delayed_work(&priv->mmc_work, STMMAC_MMC_PERIOD);
}

/**
 * stmmac_mmc_stop() - stop the periodic read
 * @priv: the device
 *
 * The counters stay readable (ethtool -S on a device that is down) until
 * the next reset.
 */
void stmmac_mmc_stop(struct stmmac_priv *priv)
{
	cancel_delayed_work_sync(&priv->mmc_work);
}
