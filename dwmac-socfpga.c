// SPDX-License-Identifier: GPL-2.0-only
/*
 * Altera SoCFPGA glue: the PHY interface selected in the system manager
 * while the MAC is held in reset, the optional EMAC splitter and
 * GMII-to-SGMII adapter in the FPGA, and its Lynx PCS.
 *
 * Generations: Cyclone V / Arria V ("gen5", GMAC 3.70a), Arria 10,
 * Stratix 10 and Agilex 7 ("gen10", GMAC 3.74a), Agilex 5 (XGMAC 2.10,
 * gen10's system manager layout).
 */

#include <linux/bitfield.h>
#include <linux/mdio/mdio-regmap.h>
#include <linux/mfd/altera-sysmgr.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/of_address.h>
#include <linux/pcs-lynx.h>
#include <linux/platform_device.h>
#include <linux/regmap.h>
#include <linux/reset.h>
#include <kunit/visibility.h>

#include "dwmac-socfpga.h"
#include "stmmac_platform.h"

#define SYSMGR_PHYSEL_GMII_MII		0
#define SYSMGR_PHYSEL_RGMII		1
#define SYSMGR_PHYSEL_RMII		2
#define SYSMGR_PHYSEL			GENMASK(1, 0)
/* gen5: the PTP reference and FPGA module bits sit at reg_shift / 2 */
#define GEN5_PTP_REF_FPGA		BIT(4)
#define GEN5_FPGA_MODULE_REG		0x28
#define GEN5_FPGA_MODULE_EMAC		BIT(2)
/* gen10: the PTP reference bit is fixed, the FPGA bit at reg_shift */
#define GEN10_PTP_REF_FPGA		BIT(8)
#define GEN10_FPGA_INTF_REG		0x70
#define GEN10_FPGA_INTF_EMAC		BIT(0)

#define SPLITTER_CTRL			0x0
#define SPLITTER_SPEED			GENMASK(1, 0)
#define SPLITTER_SPEED_1000		0
#define SPLITTER_SPEED_10		2
#define SPLITTER_SPEED_100		3

#define SGMII_ADAPTER_CTRL		0x0
#define SGMII_ADAPTER_ENABLE		0
#define SGMII_ADAPTER_DISABLE		1

VISIBLE_IF_KUNIT const struct socfpga_gen socfpga_gen5 = {
	.name = "Cyclone V/Arria V",
	.layout = SOCFPGA_SYSMGR_GEN5,
	.core = STMMAC_CORE_GMAC,
	/* Its RX watchdog has no effect: every frame must interrupt. */
	.riwt_off = true,
};
EXPORT_SYMBOL_IF_KUNIT(socfpga_gen5);

VISIBLE_IF_KUNIT const struct socfpga_gen socfpga_gen10 = {
	.name = "Arria 10/Stratix 10/Agilex 7",
	.layout = SOCFPGA_SYSMGR_GEN10,
	.core = STMMAC_CORE_GMAC,
	/* Off, as mainline has it (6.12 and 7.3 give it Cyclone V's
	 * setting): the same GMAC 3.7x family, and nothing shows it works.
	 */
	.riwt_off = true,
};
EXPORT_SYMBOL_IF_KUNIT(socfpga_gen10);

VISIBLE_IF_KUNIT const struct socfpga_gen socfpga_agilex5 = {
	.name = "Agilex 5",
	.layout = SOCFPGA_SYSMGR_GEN10,
	.core = STMMAC_CORE_XGMAC,
	/* On, as mainline 7.3 has it: the fault is the GMAC 3.70a's, and
	 * 8 RX queues at 2.5 Gb/s should not interrupt per frame.
	 */
	.riwt_off = false,
	/* as upstream's glue: queues 0-5 have no launch time */
	.tx_tbs = BIT(6) | BIT(7),
};
EXPORT_SYMBOL_IF_KUNIT(socfpga_agilex5);

static const struct of_device_id socfpga_dwmac_match[] = {
	{ .compatible = "altr,socfpga-stmmac", .data = &socfpga_gen5 },
	{ .compatible = "altr,socfpga-stmmac-a10-s10", .data = &socfpga_gen10 },
	{ .compatible = "altr,socfpga-stmmac-agilex5", .data = &socfpga_agilex5 },
	{ }
};
MODULE_DEVICE_TABLE(of, socfpga_dwmac_match);

#if IS_ENABLED(CONFIG_KUNIT)
/* The tests' view of the match table, which probe reads through the OF core. */
/**
 * socfpga_gen_lookup() - the generation a compatible string stands for
 * @compatible: a compatible string
 *
 * Return: the generation, NULL if the glue does not handle it.
 */
const struct socfpga_gen *socfpga_gen_lookup(const char *compatible)
{
	const struct of_device_id *m;

	for (m = socfpga_dwmac_match; m->compatible[0]; m++)
		if (!strcmp(m->compatible, compatible))
			return m->data;
	return NULL;
}
EXPORT_SYMBOL_IF_KUNIT(socfpga_gen_lookup);
#endif

/* MII, GMII, and SGMII through the FPGA's adapter: the MAC's GMII port. */
static bool socfpga_gmii_family(phy_interface_t mode)
{
	return mode == PHY_INTERFACE_MODE_MII ||
	       mode == PHY_INTERFACE_MODE_GMII ||
	       mode == PHY_INTERFACE_MODE_SGMII;
}

/**
 * socfpga_physel() - the system manager's PHY select value for a mode
 * @mode: the PHY interface on the board
 * @splitter: an EMAC splitter or SGMII adapter sits between MAC and PHY;
 *	the MAC then always talks GMII to the FPGA
 * @val: the value
 *
 * Return: 0, or -EINVAL for a mode the MAC cannot drive.
 */
VISIBLE_IF_KUNIT int socfpga_physel(phy_interface_t mode, bool splitter,
				    u32 *val)
{
	if (phy_interface_mode_is_rgmii(mode))
		*val = SYSMGR_PHYSEL_RGMII;
	else if (mode == PHY_INTERFACE_MODE_RMII)
		*val = SYSMGR_PHYSEL_RMII;
	else if (socfpga_gmii_family(mode))
		*val = SYSMGR_PHYSEL_GMII_MII;
	else
		return -EINVAL;
	/* The FPGA side of a splitter or adapter is always GMII. */
	if (splitter)
		*val = SYSMGR_PHYSEL_GMII_MII;
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(socfpga_physel);

/**
 * socfpga_via_fpga() - the MAC's signals or PTP clock go through the FPGA
 * @mode: the PHY interface
 * @f2h_ptp_ref_clk: DT "altr,f2h_ptp_ref_clk"
 *
 * Return: true if the FPGA interface must be enabled.
 */
VISIBLE_IF_KUNIT bool socfpga_via_fpga(phy_interface_t mode,
				       bool f2h_ptp_ref_clk)
{
	return f2h_ptp_ref_clk || socfpga_gmii_family(mode);
}
EXPORT_SYMBOL_IF_KUNIT(socfpga_via_fpga);

/**
 * socfpga_ptp_fpga() - the PTP reference clock comes from the FPGA
 * @gen: the generation
 * @mode: the PHY interface
 * @f2h_ptp_ref_clk: DT "altr,f2h_ptp_ref_clk"
 *
 * Cyclone V / Arria V take it from the FPGA only when the DT says so; the
 * later generations also whenever the MAC's signals go through the FPGA.
 *
 * Return: true to select the FPGA's clock.
 */
VISIBLE_IF_KUNIT bool socfpga_ptp_fpga(const struct socfpga_gen *gen,
				       phy_interface_t mode,
				       bool f2h_ptp_ref_clk)
{
	if (gen->layout == SOCFPGA_SYSMGR_GEN5)
		return f2h_ptp_ref_clk;
	return socfpga_via_fpga(mode, f2h_ptp_ref_clk);
}
EXPORT_SYMBOL_IF_KUNIT(socfpga_ptp_fpga);

/**
 * socfpga_ctrl() - the new EMAC control word of the system manager
 * @gen: the generation
 * @ctrl: the current word
 * @physel: socfpga_physel()'s value
 * @shift: this EMAC's field position (DT "altr,sysmgr-syscon" cell 2)
 * @ptp_fpga: the PTP reference clock comes from the FPGA
 *
 * Return: the word, other EMACs' fields untouched.
 */
VISIBLE_IF_KUNIT u32 socfpga_ctrl(const struct socfpga_gen *gen, u32 ctrl,
				  u32 physel, u32 shift, bool ptp_fpga)
{
	u32 ptp;

	if (gen->layout == SOCFPGA_SYSMGR_GEN5) {
		ptp = GEN5_PTP_REF_FPGA << (shift / 2);
		ctrl &= ~(SYSMGR_PHYSEL << shift);
		ctrl |= physel << shift;
	} else {
		ptp = GEN10_PTP_REF_FPGA;
		ctrl &= ~SYSMGR_PHYSEL;
		ctrl |= physel;
	}
	return ptp_fpga ? ctrl | ptp : ctrl & ~ptp;
}
EXPORT_SYMBOL_IF_KUNIT(socfpga_ctrl);

/**
 * socfpga_fpga_bit() - where a generation enables the EMAC's FPGA interface
 * @gen: the generation
 * @shift: this EMAC's field position
 * @reg: the system manager register
 *
 * Return: the bit.
 */
VISIBLE_IF_KUNIT u32 socfpga_fpga_bit(const struct socfpga_gen *gen, u32 shift,
				      u32 *reg)
{
	if (gen->layout == SOCFPGA_SYSMGR_GEN5) {
		*reg = GEN5_FPGA_MODULE_REG;
		return GEN5_FPGA_MODULE_EMAC << (shift / 2);
	}
	*reg = GEN10_FPGA_INTF_REG;
	return GEN10_FPGA_INTF_EMAC << shift;
}
EXPORT_SYMBOL_IF_KUNIT(socfpga_fpga_bit);

/**
 * socfpga_splitter_speed() - the EMAC splitter's speed field for a link
 * @speed: link speed in Mb/s
 *
 * Return: the field value, or -EINVAL for a speed the splitter lacks.
 */
VISIBLE_IF_KUNIT int socfpga_splitter_speed(int speed)
{
	switch (speed) {
	case SPEED_1000:
		return SPLITTER_SPEED_1000;
	case SPEED_100:
		return SPLITTER_SPEED_100;
	case SPEED_10:
		return SPLITTER_SPEED_10;
	default:
		return -EINVAL;
	}
}
EXPORT_SYMBOL_IF_KUNIT(socfpga_splitter_speed);

/* Runs with the MAC in reset: it samples the PHY select when released. */
static int socfpga_set_phy_mode(struct device *dev, void *data)
{
	struct socfpga_dwmac *dw = data;
	bool fpga = socfpga_via_fpga(dw->interface, dw->f2h_ptp_ref_clk);
	u32 physel, ctrl, reg, bit;
	int ret;

	ret = socfpga_physel(dw->interface,
			     dw->splitter || dw->sgmii_adapter, &physel);
	if (ret) {
		dev_err(dev, "phy-mode %s is not supported by the %s EMAC\n",
			phy_modes(dw->interface), dw->gen->name);
		return ret;
	}
	reset_control_assert(dw->rst_ocp);
	reset_control_assert(dw->rst);
	ret = regmap_read(dw->sysmgr, dw->reg_offset, &ctrl);
	if (!ret && fpga) {
		bit = socfpga_fpga_bit(dw->gen, dw->reg_shift, &reg);
		ret = regmap_update_bits(dw->sysmgr, reg, bit, bit);
	}
	if (!ret)
		ret = regmap_write(dw->sysmgr, dw->reg_offset,
				   socfpga_ctrl(dw->gen, ctrl, physel,
						dw->reg_shift,
						socfpga_ptp_fpga(dw->gen,
								 dw->interface,
								 dw->f2h_ptp_ref_clk)));
	reset_control_deassert(dw->rst_ocp);
	reset_control_deassert(dw->rst);
	if (ret)
		return dev_err_probe(dev, ret, "system manager access failed\n");
	if (dw->sgmii_adapter && dw->interface == PHY_INTERFACE_MODE_SGMII)
		writew(SGMII_ADAPTER_ENABLE, dw->sgmii_adapter + SGMII_ADAPTER_CTRL);
	return 0;
}

static void socfpga_fix_mac_speed(void *data, int speed, unsigned int mode)
{
	struct socfpga_dwmac *dw = data;
	int field = socfpga_splitter_speed(speed);
	u32 val;

	if (dw->sgmii_adapter)
		writew(SGMII_ADAPTER_DISABLE,
		       dw->sgmii_adapter + SGMII_ADAPTER_CTRL);
	if (dw->splitter && field >= 0) {
		val = readl(dw->splitter + SPLITTER_CTRL) & ~SPLITTER_SPEED;
		writel(val | FIELD_PREP(SPLITTER_SPEED, field),
		       dw->splitter + SPLITTER_CTRL);
	} else if (dw->splitter) {
		dev_warn(dw->dev, "EMAC splitter: no setting for %d Mb/s\n",
			 speed);
	}
	if (dw->sgmii_adapter)
		writew(SGMII_ADAPTER_ENABLE,
		       dw->sgmii_adapter + SGMII_ADAPTER_CTRL);
}

static void __iomem *socfpga_map_named(struct device *dev,
				       struct device_node *np,
				       const char *name)
{
	struct resource res;
	int i = of_property_match_string(np, "reg-names", name);

	if (i < 0)
		return NULL;
	if (of_address_to_resource(np, i, &res))
		return IOMEM_ERR_PTR(-EINVAL);
	return devm_ioremap_resource(dev, &res);
}

/* The GMII-to-SGMII converter: its splitter, adapter and Lynx PCS. */
static int socfpga_parse_sgmii(struct socfpga_dwmac *dw, struct device_node *np)
{
	struct device_node *conv;
	int ret = 0;

	conv = of_parse_phandle(np, "altr,gmii-to-sgmii-converter", 0);
	if (!conv)
		return 0;
	dw->splitter = socfpga_map_named(dw->dev, conv,
					 "hps_emac_interface_splitter_avalon_slave");
	dw->sgmii_adapter = socfpga_map_named(dw->dev, conv,
					      "gmii_to_sgmii_adapter_avalon_slave");
	dw->tse_pcs = socfpga_map_named(dw->dev, conv, "eth_tse_control_port");
	of_node_put(conv);
	if (IS_ERR(dw->splitter))
		ret = PTR_ERR(dw->splitter);
	else if (IS_ERR(dw->sgmii_adapter))
		ret = PTR_ERR(dw->sgmii_adapter);
	else if (IS_ERR(dw->tse_pcs))
		ret = PTR_ERR(dw->tse_pcs);
	if (ret)
		return dev_err_probe(dw->dev, ret,
				     "cannot map the GMII-to-SGMII converter\n");
	return 0;
}

static int socfpga_parse(struct socfpga_dwmac *dw, struct device_node *np)
{
	struct device_node *split;
	struct resource res;

	dw->sysmgr = altr_sysmgr_regmap_lookup_by_phandle(np,
							  "altr,sysmgr-syscon");
	if (IS_ERR(dw->sysmgr))
		return dev_err_probe(dw->dev, PTR_ERR(dw->sysmgr),
				     "no system manager (altr,sysmgr-syscon)\n");
	if (of_property_read_u32_index(np, "altr,sysmgr-syscon", 1,
				       &dw->reg_offset) ||
	    of_property_read_u32_index(np, "altr,sysmgr-syscon", 2,
				       &dw->reg_shift))
		return dev_err_probe(dw->dev, -EINVAL,
				     "altr,sysmgr-syscon needs <&sysmgr offset shift>\n");
	dw->f2h_ptp_ref_clk = of_property_read_bool(np, "altr,f2h_ptp_ref_clk");

	split = of_parse_phandle(np, "altr,emac-splitter", 0);
	if (split) {
		int ret = of_address_to_resource(split, 0, &res);

		of_node_put(split);
		if (ret)
			return dev_err_probe(dw->dev, ret,
					     "altr,emac-splitter has no address\n");
		dw->splitter = devm_ioremap_resource(dw->dev, &res);
		if (IS_ERR(dw->splitter))
			return PTR_ERR(dw->splitter);
	}
	return socfpga_parse_sgmii(dw, np);
}

/* The TSE PCS: 16-bit registers, one per 32-bit word. */
static const struct regmap_config socfpga_pcs_regmap = {
	.reg_bits = 16,
	.val_bits = 16,
	.reg_shift = REGMAP_UPSHIFT(1),
};

static int socfpga_pcs_create(struct socfpga_dwmac *dw)
{
	struct mdio_regmap_config mrc = {
		.parent = dw->dev,
		.valid_addr = 0,
		.autoscan = false,
	};
	struct phylink_pcs *pcs;
	struct mii_bus *bus;

	if (!dw->tse_pcs)
		return 0;
	mrc.regmap = devm_regmap_init_mmio(dw->dev, dw->tse_pcs,
					   &socfpga_pcs_regmap);
	if (IS_ERR(mrc.regmap))
		return PTR_ERR(mrc.regmap);
	snprintf(mrc.name, MII_BUS_ID_SIZE, "%s-pcs-mii", dev_name(dw->dev));
	bus = devm_mdio_regmap_register(dw->dev, &mrc);
	if (IS_ERR(bus))
		return PTR_ERR(bus);
	pcs = lynx_pcs_create_mdiodev(bus, 0);
	if (IS_ERR(pcs))
		return PTR_ERR(pcs);
	dw->pcs = pcs;
	return 0;
}

static void socfpga_exit(struct device *dev, void *data)
{
	struct socfpga_dwmac *dw = data;

	if (dw->pcs)
		lynx_pcs_destroy(dw->pcs);
	dw->pcs = NULL;
}

static int socfpga_dwmac_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct stmmac_resources res;
	struct socfpga_dwmac *dw;
	struct stmmac_plat *plat;
	int ret;

	ret = stmmac_get_platform_resources(pdev, &res);
	if (ret)
		return ret;
	plat = stmmac_probe_config_dt(pdev, res.mac);
	if (IS_ERR(plat))
		return PTR_ERR(plat);
	dw = devm_kzalloc(dev, sizeof(*dw), GFP_KERNEL);
	if (!dw)
		return -ENOMEM;
	dw->dev = dev;
	dw->gen = of_device_get_match_data(dev);
	dw->interface = plat->interface;
	dw->rst = plat->rst;
	dw->rst_ocp = devm_reset_control_get_optional_exclusive(dev,
								"stmmaceth-ocp");
	if (IS_ERR(dw->rst_ocp))
		return dev_err_probe(dev, PTR_ERR(dw->rst_ocp),
				     "cannot get reset \"stmmaceth-ocp\"\n");
	ret = socfpga_parse(dw, dev->of_node);
	if (!ret)
		ret = socfpga_pcs_create(dw);
	if (ret)
		return ret;

	plat->core = dw->gen->core;
	plat->no_riwt = dw->gen->riwt_off;
	plat->tx_tbs = dw->gen->tx_tbs;
	plat->pcs = dw->pcs;
	plat->priv_data = dw;
	plat->init = socfpga_set_phy_mode;
	plat->exit = socfpga_exit;
	plat->fix_mac_speed = socfpga_fix_mac_speed;
	ret = stmmac_pltfr_probe(pdev, plat, &res);
	if (ret)
		socfpga_exit(dev, dw);
	return ret;
}

static struct platform_driver socfpga_dwmac_driver = {
	.probe = socfpga_dwmac_probe,
	.remove = stmmac_pltfr_remove,
	.driver = {
		.name = "socfpga-dwmac",
		.of_match_table = socfpga_dwmac_match,
		.pm = pm_sleep_ptr(&stmmac_pltfr_pm_ops),
	},
};
module_platform_driver(socfpga_dwmac_driver);

MODULE_DESCRIPTION("Altera SoCFPGA DWMAC glue");
MODULE_LICENSE("GPL");
