// SPDX-License-Identifier: GPL-2.0-only
/*
 * The generic DT-probed DesignWare GMAC 3.x and XGMAC 2.x: no SoC glue
 * beyond clocks and resets. stmmac_probe_config_dt() tells the cores apart
 * by the compatible string.
 */

#include <linux/mod_devicetable.h>
#include <linux/module.h>
#include <linux/platform_device.h>

#include "stmmac_platform.h"

static int dwmac_generic_probe(struct platform_device *pdev)
{
	struct stmmac_resources res;
	struct stmmac_plat *plat;
	int ret;

	ret = stmmac_get_platform_resources(pdev, &res);
	if (ret)
		return ret;
	plat = stmmac_probe_config_dt(pdev, res.mac);
	if (IS_ERR(plat))
		return PTR_ERR(plat);
	return stmmac_pltfr_probe(pdev, plat, &res);
}

static const struct of_device_id dwmac_generic_match[] = {
	{ .compatible = "st,spear600-gmac" },
	{ .compatible = "snps,dwmac-3.40a" },
	{ .compatible = "snps,dwmac-3.50a" },
	{ .compatible = "snps,dwmac-3.610" },
	{ .compatible = "snps,dwmac-3.70a" },
	{ .compatible = "snps,dwmac-3.710" },
	{ .compatible = "snps,dwmac" },
	{ .compatible = "snps,dwxgmac-2.10" },
	{ .compatible = "snps,dwxgmac" },
	{ }
};
MODULE_DEVICE_TABLE(of, dwmac_generic_match);

static struct platform_driver dwmac_generic_driver = {
	.probe = dwmac_generic_probe,
	.remove = stmmac_pltfr_remove,
	.driver = {
		.name = "stmmaceth",
		.of_match_table = dwmac_generic_match,
		.pm = pm_sleep_ptr(&stmmac_pltfr_pm_ops),
	},
};
module_platform_driver(dwmac_generic_driver);

MODULE_DESCRIPTION("Generic DesignWare GMAC 3.x and XGMAC 2.x platform driver");
MODULE_LICENSE("GPL");
