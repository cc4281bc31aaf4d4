// SPDX-License-Identifier: GPL-2.0-only
/*
 * Which hardware operations and descriptor format a core gets.
 */

#include <linux/device.h>
#include <kunit/visibility.h>

#include "stmmac.h"

/* The GMAC's filter sizes are build options it does not report: take the
 * DT's, within what the core can be built with. A hash size the core
 * does not have would drop multicast, so without a valid one (or a hash
 * filter at all, where the HW feature register says so) all multicast
 * passes and the stack filters.
 */
static void stmmac_hwif_gmac_filter(struct stmmac_priv *priv)
{
	const struct stmmac_plat *plat = priv->plat;
	struct stmmac_caps *caps = &priv->caps;

	caps->mc_bins = stmmac_filter_bins(plat->mc_bins);
	if (plat->mc_bins && !caps->mc_bins)
		dev_info(priv->device,
			 "snps,multicast-filter-bins %u: not 64, 128 or 256, passing all multicast\n",
			 plat->mc_bins);
	if (!caps->hash_filter)
		caps->mc_bins = 0;
	caps->uc_entries = stmmac_filter_entries(plat->uc_entries);
	if (plat->uc_entries && caps->uc_entries != plat->uc_entries)
		dev_info(priv->device,
			 "snps,perfect-filter-entries %u: not 1-32, 64 or 128, using 1\n",
			 plat->uc_entries);
}

/*
 * Enhanced descriptors on a core with the advanced timestamp unit (every
 * SoCFPGA GMAC) take the 32-byte alternate size, as upstream runs them:
 * the databook requires it with that unit or the type 2 checksum engine,
 * whose verdicts and stamps go to descriptor words 4-7, and RDES0 bits 0
 * and 7 then no longer hold checksum errors.
 */
static const struct stmmac_desc_ops *
stmmac_hwif_gmac_desc(const struct stmmac_caps *caps)
{
	if (!caps->enh_desc)
		return &dwmac1000_norm_desc_ops;
	return caps->ts ? &dwmac1000_atds_desc_ops : &dwmac1000_enh_desc_ops;
}

static int stmmac_hwif_gmac(struct stmmac_priv *priv)
{
	priv->hw = &dwmac1000_ops;
	priv->hw->read_caps(priv->ioaddr, &priv->caps);
	stmmac_hwif_gmac_filter(priv);
	/* Nor does it report its FIFO sizes. */
	priv->caps.tx_fifo = priv->plat->tx_fifo;
	priv->caps.rx_fifo = priv->plat->rx_fifo;
	/* Cores without a HW feature register cannot say they have them. */
	if (priv->plat->enh_desc)
		priv->caps.enh_desc = true;
	priv->desc = stmmac_hwif_gmac_desc(&priv->caps);
	return 0;
}

static int stmmac_hwif_xgmac(struct stmmac_priv *priv)
{
	priv->hw = &dwxgmac2_ops;
	priv->hw->read_caps(priv->ioaddr, &priv->caps);
	priv->desc = &dwxgmac2_desc_ops;
	return 0;
}

/**
 * stmmac_hwif_init() - pick the operations for the board's core, read its
 *	capabilities
 * @priv: the device, its board configuration and registers set
 *
 * Return: 0, or -EOPNOTSUPP for a core this driver does not handle.
 */
int stmmac_hwif_init(struct stmmac_priv *priv)
{
	switch (priv->plat->core) {
	case STMMAC_CORE_GMAC:
		return stmmac_hwif_gmac(priv);
	case STMMAC_CORE_XGMAC:
		return stmmac_hwif_xgmac(priv);
	default:
		break;
	}
	dev_err(priv->device, "unsupported core type %d\n", priv->plat->core);
	return -EOPNOTSUPP;
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_hwif_init);
