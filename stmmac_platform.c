// SPDX-License-Identifier: GPL-2.0-only
/*
 * Platform bus glue shared by the DT-probed drivers: the board
 * configuration from the snps,* properties, clocks, resets, and the
 * register window and interrupt.
 */

#include <linux/clk.h>
#include <linux/log2.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/of.h>
#include <linux/of_mdio.h>
#include <linux/of_net.h>
#include <linux/platform_device.h>
#include <linux/reset.h>
#include <kunit/visibility.h>

#include "stmmac.h"
#include "stmmac_platform.h"

#define STMMAC_DEF_PBL	8

/*
 * Upstream's MDIO bus and PHY names ("stmmac-0", "stmmac-0:01"), which
 * udev rules and scripts carry: the device's DT "ethernet" alias, else one
 * past the highest alias and counting up with each such device probed.
 */
static int stmmac_dt_bus_id(struct device_node *np)
{
	static DEFINE_MUTEX(lock);
	static int last = -ENODEV;
	int id = of_alias_get_id(np, "ethernet");

	if (id >= 0)
		return id;
	mutex_lock(&lock);
	if (last < 0)
		last = max(of_alias_get_highest_id("ethernet"), -1);
	id = ++last;
	mutex_unlock(&lock);
	return id;
}

static struct device_node *stmmac_dt_mdio(struct device_node *np)
{
	struct device_node *child;

	for_each_child_of_node(np, child)
		if (of_device_is_compatible(child, "snps,dwmac-mdio"))
			return child;
	return NULL;
}

static void stmmac_dt_dma(struct device *dev, struct device_node *np,
			  struct stmmac_plat *plat)
{
	plat->pbl = STMMAC_DEF_PBL;
	of_property_read_u32(np, "snps,pbl", &plat->pbl);
	of_property_read_u32(np, "snps,txpbl", &plat->txpbl);
	of_property_read_u32(np, "snps,rxpbl", &plat->rxpbl);
	/* The burst fields are 6 bits wide. */
	plat->pbl = clamp_val(plat->pbl, 1, 32);
	plat->txpbl = min_t(u32, plat->txpbl, 32);
	plat->rxpbl = min_t(u32, plat->rxpbl, 32);
	plat->pblx8 = !of_property_read_bool(np, "snps,no-pbl-x8");
	plat->fixed_burst = of_property_read_bool(np, "snps,fixed-burst");
	plat->mixed_burst = of_property_read_bool(np, "snps,mixed-burst");
	plat->aal = of_property_read_bool(np, "snps,aal");
	plat->force_sf = of_property_read_bool(np, "snps,force_sf_dma_mode");
	plat->force_thresh = of_property_read_bool(np,
						   "snps,force_thresh_dma_mode");
	/* As upstream: threshold mode wins (and costs TX checksum insertion,
	 * which needs whole frames in the FIFO: stmmac_main.c).
	 */
	if (plat->force_thresh && plat->force_sf) {
		dev_warn(dev, "snps,force_sf_dma_mode is ignored with snps,force_thresh_dma_mode\n");
		plat->force_sf = false;
	}
}

/* snps,axi-config: the AXI master's burst lengths and outstanding
 * requests (Cyclone V and Arria 10 ask for 16-beat bursts, 16 of each).
 */
static void stmmac_dt_axi(struct device_node *np, struct stmmac_plat *plat)
{
	struct device_node *axi = of_parse_phandle(np, "snps,axi-config", 0);
	u32 blen[7] = {}, i;

	if (!axi)
		return;
	plat->axi = true;
	plat->axi_wr_osr = 1;
	plat->axi_rd_osr = 1;
	of_property_read_u32(axi, "snps,wr_osr_lmt", &plat->axi_wr_osr);
	of_property_read_u32(axi, "snps,rd_osr_lmt", &plat->axi_rd_osr);
	/* 4-bit fields: more than 16 outstanding is what 15 asks for */
	plat->axi_wr_osr = min_t(u32, plat->axi_wr_osr, 15);
	plat->axi_rd_osr = min_t(u32, plat->axi_rd_osr, 15);
	plat->axi_lpi = of_property_read_bool(axi, "snps,lpi_en");
	plat->axi_xit_frm = of_property_read_bool(axi, "snps,xit_frm");
	of_property_read_u32_array(axi, "snps,blen", blen, ARRAY_SIZE(blen));
	/* Any order, 0 for unused entries; only powers of two 4-256 count. */
	for (i = 0; i < ARRAY_SIZE(blen); i++)
		if (blen[i] >= 4 && blen[i] <= 256 && is_power_of_2(blen[i]))
			plat->axi_blen |= blen[i] >> 2;
	of_node_put(axi);
}

/* The TX scheduler a snps,mtl-tx-config node asks for; strict priority
 * when it names none, as upstream.
 */
static enum stmmac_tx_sched stmmac_dt_tx_sched(struct device_node *cfg)
{
	if (of_property_read_bool(cfg, "snps,tx-sched-wrr"))
		return STMMAC_TX_WRR;
	if (of_property_read_bool(cfg, "snps,tx-sched-wfq"))
		return STMMAC_TX_WFQ;
	if (of_property_read_bool(cfg, "snps,tx-sched-dwrr"))
		return STMMAC_TX_DWRR;
	return STMMAC_TX_SP;
}

/* An snps,mtl-rx-config node: how many queues to use, how the core
 * arbitrates between them.
 */
VISIBLE_IF_KUNIT void stmmac_dt_rx_config(struct device_node *cfg,
					  struct stmmac_plat *plat)
{
	of_property_read_u32(cfg, "snps,rx-queues-to-use", &plat->rx_queues);
	/* snps,rx-sched-sp is the default */
	plat->rx_wsp = of_property_read_bool(cfg, "snps,rx-sched-wsp");
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_dt_rx_config);

/* An snps,mtl-tx-config node: how many queues to use, the scheduler
 * between them and each queue's weight, which have no checksum engine.
 */
VISIBLE_IF_KUNIT void stmmac_dt_tx_config(struct device_node *cfg,
					  struct stmmac_plat *plat)
{
	u32 i = 0;

	of_property_read_u32(cfg, "snps,tx-queues-to-use", &plat->tx_queues);
	plat->tx_sched = stmmac_dt_tx_sched(cfg);
	for_each_child_of_node_scoped(cfg, q) {
		if (i >= STMMAC_MAX_QUEUES)
			break;
		if (of_property_read_bool(q, "snps,coe-unsupported"))
			plat->tx_coe_off |= BIT(i);
		of_property_read_u32(q, "snps,weight", &plat->tx_weight[i]);
		i++;
	}
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_dt_tx_config);

static void stmmac_dt_queues(struct device_node *np, struct stmmac_plat *plat)
{
	struct device_node *cfg;

	cfg = of_parse_phandle(np, "snps,mtl-rx-config", 0);
	if (cfg) {
		stmmac_dt_rx_config(cfg, plat);
		of_node_put(cfg);
	}
	cfg = of_parse_phandle(np, "snps,mtl-tx-config", 0);
	if (cfg) {
		stmmac_dt_tx_config(cfg, plat);
		of_node_put(cfg);
	}
}

VISIBLE_IF_KUNIT int stmmac_dt_clocks(struct device *dev,
				      struct stmmac_plat *plat)
{
	struct clk *core, *pclk, *ptp;

	core = devm_clk_get_optional_enabled(dev, "stmmaceth");
	if (IS_ERR(core))
		return dev_err_probe(dev, PTR_ERR(core),
				     "cannot enable clock \"stmmaceth\"\n");
	pclk = devm_clk_get_optional_enabled(dev, "pclk");
	if (IS_ERR(pclk))
		return dev_err_probe(dev, PTR_ERR(pclk),
				     "cannot enable clock \"pclk\"\n");
	/* The timestamping unit's reference, on from probe as upstream has it
	 * (A10, S10, Agilex, N5X name it); its rate is for the PTP clock.
	 */
	ptp = devm_clk_get_optional_enabled(dev, "ptp_ref");
	if (IS_ERR(ptp))
		return dev_err_probe(dev, PTR_ERR(ptp),
				     "cannot enable clock \"ptp_ref\"\n");
	plat->ptp_rate = ptp ? clk_get_rate(ptp) : 0;
	plat->clk_rate = core ? clk_get_rate(core) : 0;
	/* The MDIO divider runs off the register interface clock. */
	plat->csr_rate = pclk ? clk_get_rate(pclk) : plat->clk_rate;
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_dt_clocks);

static void stmmac_node_put(void *node)
{
	of_node_put(node);
}

static void stmmac_reset_assert(void *data)
{
	reset_control_assert(data);
}

static int stmmac_dt_reset(struct device *dev, const char *name, bool shared,
			   struct reset_control **out)
{
	struct reset_control *rst;
	int ret;

	rst = shared ? devm_reset_control_get_optional_shared(dev, name) :
		       devm_reset_control_get_optional_exclusive(dev, name);
	if (IS_ERR(rst))
		return dev_err_probe(dev, PTR_ERR(rst), "cannot get reset \"%s\"\n",
				     name);
	if (out)
		*out = rst;
	if (!rst)
		return 0;
	ret = reset_control_deassert(rst);
	if (ret)
		return dev_err_probe(dev, ret, "cannot release reset \"%s\"\n",
				     name);
	return devm_add_action_or_reset(dev, stmmac_reset_assert, rst);
}

/**
 * stmmac_probe_config_dt() - the board configuration from the DT
 * @pdev: the platform device
 * @mac: filled with the DT's MAC address, if it has a valid one
 *
 * Enables the "stmmaceth" and "pclk" clocks and releases the "stmmaceth"
 * and "ahb" resets for the device's lifetime (devres).
 *
 * Return: the configuration (devres) or an ERR_PTR().
 */
struct stmmac_plat *stmmac_probe_config_dt(struct platform_device *pdev,
					   u8 *mac)
{
	struct device *dev = &pdev->dev;
	struct device_node *np = dev->of_node;
	struct stmmac_plat *plat;
	u32 val;
	int ret;

	plat = devm_kzalloc(dev, sizeof(*plat), GFP_KERNEL);
	if (!plat)
		return ERR_PTR(-ENOMEM);
	ret = of_get_phy_mode(np, &plat->interface);
	if (ret)
		return ERR_PTR(dev_err_probe(dev, ret, "missing or bad phy-mode\n"));
	ret = of_get_mac_address(np, mac);
	if (ret == -EPROBE_DEFER)
		return ERR_PTR(ret);
	of_property_read_u32(np, "max-speed", &plat->max_speed);
	plat->clk_csr = -1;
	if (!of_property_read_u32(np, "snps,clk-csr", &val) ||
	    !of_property_read_u32(np, "clk_csr", &val))
		plat->clk_csr = val;
	plat->phy_addr = -1;
	if (!of_property_read_u32(np, "snps,phy-addr", &val))
		plat->phy_addr = val;
	plat->bus_id = stmmac_dt_bus_id(np);
	plat->mdio_node = stmmac_dt_mdio(np);
	/* Held for the device's lifetime, dropped on any probe failure. */
	if (plat->mdio_node) {
		ret = devm_add_action_or_reset(dev, stmmac_node_put,
					       plat->mdio_node);
		if (ret)
			return ERR_PTR(ret);
	}
	if (of_device_is_compatible(np, "snps,dwxgmac") ||
	    of_device_is_compatible(np, "snps,dwxgmac-2.10"))
		plat->core = STMMAC_CORE_XGMAC;
	stmmac_dt_queues(np, plat);
	stmmac_dt_dma(dev, np, plat);
	stmmac_dt_axi(np, plat);
	/* GMAC filter and FIFO sizes, checked against what the core allows
	 * when it is probed; the XGMAC reports its own.
	 */
	of_property_read_u32(np, "snps,multicast-filter-bins", &plat->mc_bins);
	of_property_read_u32(np, "tx-fifo-depth", &plat->tx_fifo);
	of_property_read_u32(np, "rx-fifo-depth", &plat->rx_fifo);
	/* The binding's "max-frame-size" is used as an MTU, as upstream. */
	of_property_read_u32(np, "max-frame-size", &plat->max_mtu);
	of_property_read_u32(np, "snps,perfect-filter-entries",
			     &plat->uc_entries);
	/* XGMAC only: the GMAC 3.x cannot gate its TX clock in LPI. */
	plat->lpi_clk_gate = of_property_read_bool(np,
						   "snps,en-tx-lpi-clockgating");
	/* As upstream: TSO only where the board asks for it. */
	plat->no_tso = !of_property_read_bool(np, "snps,tso");

	ret = stmmac_dt_clocks(dev, plat);
	if (!ret)
		ret = stmmac_dt_reset(dev, "stmmaceth", false, &plat->rst);
	if (!ret)
		ret = stmmac_dt_reset(dev, "ahb", true, NULL);
	if (ret)
		return ERR_PTR(ret);
	return plat;
}
EXPORT_SYMBOL_GPL(stmmac_probe_config_dt);

/**
 * stmmac_get_platform_resources() - map the registers, find the interrupt
 * @pdev: the platform device
 * @res: filled in
 *
 * Return: 0 or a negative errno.
 */
int stmmac_get_platform_resources(struct platform_device *pdev,
				  struct stmmac_resources *res)
{
	char name[16];
	int i, irq;

	memset(res, 0, sizeof(*res));
	res->irq = platform_get_irq_byname_optional(pdev, "macirq");
	if (res->irq < 0)
		res->irq = platform_get_irq(pdev, 0);
	if (res->irq < 0)
		return res->irq;
	/* A line of its own for Wake-on-LAN, where the DT names one (as
	 * upstream: without, the MAC interrupt wakes).
	 */
	irq = platform_get_irq_byname_optional(pdev, "eth_wake_irq");
	if (irq == -EPROBE_DEFER)
		return irq;
	res->wol_irq = max(irq, 0);
	/* Per-channel lines, where the DT names them: the binding's
	 * "rx-queue-N" and "tx-queue-N" (Agilex 5: all 16 beside "macirq").
	 */
	for (i = 0; i < STMMAC_MAX_QUEUES; i++) {
		snprintf(name, sizeof(name), "rx-queue-%d", i);
		irq = platform_get_irq_byname_optional(pdev, name);
		if (irq == -EPROBE_DEFER)
			return irq;
		res->rx_irq[i] = max(irq, 0);
		snprintf(name, sizeof(name), "tx-queue-%d", i);
		irq = platform_get_irq_byname_optional(pdev, name);
		if (irq == -EPROBE_DEFER)
			return irq;
		res->tx_irq[i] = max(irq, 0);
	}
	res->ioaddr = devm_platform_ioremap_resource(pdev, 0);
	return PTR_ERR_OR_ZERO(res->ioaddr);
}
EXPORT_SYMBOL_GPL(stmmac_get_platform_resources);

/**
 * stmmac_pltfr_probe() - run the glue's init hook and probe the core
 * @pdev: the platform device
 * @plat: the board configuration
 * @res: the resources
 *
 * Return: 0 or a negative errno.
 */
int stmmac_pltfr_probe(struct platform_device *pdev, struct stmmac_plat *plat,
		       struct stmmac_resources *res)
{
	int ret;

	if (plat->init) {
		ret = plat->init(&pdev->dev, plat->priv_data);
		if (ret)
			return ret;
	}
	ret = stmmac_dvr_probe(&pdev->dev, plat, res);
	if (ret && plat->exit)
		plat->exit(&pdev->dev, plat->priv_data);
	return ret;
}
EXPORT_SYMBOL_GPL(stmmac_pltfr_probe);

/**
 * stmmac_pltfr_remove() - undo stmmac_pltfr_probe()
 * @pdev: the platform device
 */
void stmmac_pltfr_remove(struct platform_device *pdev)
{
	struct net_device *dev = platform_get_drvdata(pdev);
	struct stmmac_priv *priv = netdev_priv(dev);
	struct stmmac_plat *plat = priv->plat;

	stmmac_dvr_remove(&pdev->dev);
	if (plat->exit)
		plat->exit(&pdev->dev, plat->priv_data);
}
EXPORT_SYMBOL_GPL(stmmac_pltfr_remove);

static int stmmac_pltfr_suspend(struct device *dev)
{
	return stmmac_suspend(dev);
}

static int stmmac_pltfr_resume(struct device *dev)
{
	struct net_device *ndev = dev_get_drvdata(dev);
	struct stmmac_priv *priv = netdev_priv(ndev);
	struct stmmac_plat *plat = priv->plat;
	int ret;

	/* What the glue set up around the MAC at probe (SoCFPGA: the system
	 * manager's PHY mode, latched while the MAC is held in reset) may
	 * not have survived the sleep.
	 */
	if (plat->init) {
		ret = plat->init(dev, plat->priv_data);
		if (ret)
			return stmmac_resume_failed(dev, ret);
	}
	return stmmac_resume(dev);
}

/* System sleep for the platform glues: .pm = pm_sleep_ptr(&...). */
EXPORT_GPL_SIMPLE_DEV_PM_OPS(stmmac_pltfr_pm_ops, stmmac_pltfr_suspend,
			     stmmac_pltfr_resume);

MODULE_DESCRIPTION("stmmac platform bus glue");
MODULE_LICENSE("GPL");
