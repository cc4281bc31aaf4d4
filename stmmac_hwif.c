// SPDX-License-Identifier: GPL-2.0-only
/*
 * Which hardware operations and descriptor format a core gets.
 */

#include <linux/device.h>
#include <kunit/visibility.h>

#include "stmmac.h"

static int stmmac_hwif_gmac(struct stmmac_priv *priv)
{
	priv->hw = &dwmac1000_ops;
	priv->hw->read_caps(priv->ioaddr, &priv->caps);
	/* Cores without a HW feature register cannot say they have them. */
	if (priv->plat->enh_desc)
		priv->caps.enh_desc = true;
	priv->desc = priv->caps.enh_desc ? &dwmac1000_enh_desc_ops :
					   &dwmac1000_norm_desc_ops;
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
