/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Platform bus glue shared by the DT-probed stmmac drivers.
 */

#ifndef __STMMAC_PLATFORM_H__
#define __STMMAC_PLATFORM_H__

#include <linux/platform_device.h>

#include "stmmac.h"

struct stmmac_plat *stmmac_probe_config_dt(struct platform_device *pdev,
					   u8 *mac);
int stmmac_get_platform_resources(struct platform_device *pdev,
				  struct stmmac_resources *res);
int stmmac_pltfr_probe(struct platform_device *pdev, struct stmmac_plat *plat,
		       struct stmmac_resources *res);
void stmmac_pltfr_remove(struct platform_device *pdev);
extern const struct dev_pm_ops stmmac_pltfr_pm_ops;
#if IS_ENABLED(CONFIG_KUNIT)
int stmmac_dt_clocks(struct device *dev, struct stmmac_plat *plat);
void stmmac_dt_rx_config(struct device_node *cfg, struct stmmac_plat *plat);
void stmmac_dt_tx_config(struct device_node *cfg, struct stmmac_plat *plat);
#endif

#endif /* __STMMAC_PLATFORM_H__ */
