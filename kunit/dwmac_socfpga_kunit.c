// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests for the SoCFPGA glue: which generation each compatible
 * string binds to, the system manager words written for each PHY mode and
 * generation, the EMAC splitter speeds, and unsupported modes rejected.
 */

#include <kunit/device.h>
#include <kunit/test.h>
#include <linux/clk.h>
#include <linux/clk-provider.h>
#include <linux/clkdev.h>
#include <linux/phy.h>

#include "../dwmac-socfpga.h"
#include "../stmmac_platform.h"
#include "../stmmac_compat.h"

static void binding_test(struct kunit *test)
{
	const struct socfpga_gen *g;

	g = socfpga_gen_lookup("altr,socfpga-stmmac");
	KUNIT_ASSERT_PTR_EQ(test, g, &socfpga_gen5);
	KUNIT_EXPECT_EQ(test, g->core, STMMAC_CORE_GMAC);
	KUNIT_EXPECT_EQ(test, g->layout, SOCFPGA_SYSMGR_GEN5);
	KUNIT_EXPECT_TRUE(test, g->riwt_off);
	KUNIT_EXPECT_EQ(test, g->tx_tbs, 0u);

	g = socfpga_gen_lookup("altr,socfpga-stmmac-a10-s10");
	KUNIT_ASSERT_PTR_EQ(test, g, &socfpga_gen10);
	KUNIT_EXPECT_EQ(test, g->core, STMMAC_CORE_GMAC);
	KUNIT_EXPECT_EQ(test, g->layout, SOCFPGA_SYSMGR_GEN10);
	KUNIT_EXPECT_TRUE(test, g->riwt_off);
	KUNIT_EXPECT_EQ(test, g->tx_tbs, 0u);

	g = socfpga_gen_lookup("altr,socfpga-stmmac-agilex5");
	KUNIT_ASSERT_PTR_EQ(test, g, &socfpga_agilex5);
	KUNIT_EXPECT_EQ(test, g->core, STMMAC_CORE_XGMAC);
	KUNIT_EXPECT_EQ(test, g->layout, SOCFPGA_SYSMGR_GEN10);
	/* The XGMAC's RX watchdog is used, as mainline 7.3 uses it. */
	KUNIT_EXPECT_FALSE(test, g->riwt_off);
	/* launch time on TX queues 6 and 7, as upstream's glue says */
	KUNIT_EXPECT_EQ(test, g->tx_tbs, 0xc0u);

	KUNIT_EXPECT_NULL(test, socfpga_gen_lookup("snps,dwmac"));
}

static void physel_test(struct kunit *test)
{
	static const struct {
		phy_interface_t mode;
		int ret;
		u32 val;
	} cases[] = {
		{ PHY_INTERFACE_MODE_RGMII, 0, 1 },
		{ PHY_INTERFACE_MODE_RGMII_ID, 0, 1 },
		{ PHY_INTERFACE_MODE_RGMII_RXID, 0, 1 },
		{ PHY_INTERFACE_MODE_RGMII_TXID, 0, 1 },
		{ PHY_INTERFACE_MODE_MII, 0, 0 },
		{ PHY_INTERFACE_MODE_GMII, 0, 0 },
		{ PHY_INTERFACE_MODE_SGMII, 0, 0 },
		{ PHY_INTERFACE_MODE_RMII, 0, 2 },
		{ PHY_INTERFACE_MODE_10GBASER, -EINVAL, 0 },
		{ PHY_INTERFACE_MODE_2500BASEX, -EINVAL, 0 },
		{ PHY_INTERFACE_MODE_NA, -EINVAL, 0 },
	};
	int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		u32 val = 0xdead;
		int ret = socfpga_physel(cases[i].mode, false, &val);

		KUNIT_EXPECT_EQ_MSG(test, ret, cases[i].ret, "%s",
				    phy_modes(cases[i].mode));
		if (!ret)
			KUNIT_EXPECT_EQ_MSG(test, val, cases[i].val, "%s",
					    phy_modes(cases[i].mode));
		/* Behind a splitter the MAC always talks GMII. */
		if (!ret) {
			socfpga_physel(cases[i].mode, true, &val);
			KUNIT_EXPECT_EQ(test, val, 0u);
		}
	}
}

static void via_fpga_test(struct kunit *test)
{
	KUNIT_EXPECT_TRUE(test, socfpga_via_fpga(PHY_INTERFACE_MODE_GMII, false));
	KUNIT_EXPECT_TRUE(test, socfpga_via_fpga(PHY_INTERFACE_MODE_MII, false));
	KUNIT_EXPECT_TRUE(test, socfpga_via_fpga(PHY_INTERFACE_MODE_SGMII, false));
	KUNIT_EXPECT_FALSE(test, socfpga_via_fpga(PHY_INTERFACE_MODE_RGMII, false));
	KUNIT_EXPECT_TRUE(test, socfpga_via_fpga(PHY_INTERFACE_MODE_RGMII, true));
}

/* Upstream's glue (our datasheet): on Cyclone V / Arria V the PTP clock
 * select follows altr,f2h_ptp_ref_clk alone; on the later generations also
 * the GMII/MII/SGMII modes.
 */
static void ptp_fpga_test(struct kunit *test)
{
	static const phy_interface_t modes[] = {
		PHY_INTERFACE_MODE_GMII, PHY_INTERFACE_MODE_MII,
		PHY_INTERFACE_MODE_SGMII, PHY_INTERFACE_MODE_RGMII,
		PHY_INTERFACE_MODE_RMII,
	};
	u32 i;

	for (i = 0; i < ARRAY_SIZE(modes); i++) {
		bool gmii = i < 3;

		KUNIT_EXPECT_FALSE(test, socfpga_ptp_fpga(&socfpga_gen5,
							  modes[i], false));
		KUNIT_EXPECT_TRUE(test, socfpga_ptp_fpga(&socfpga_gen5,
							 modes[i], true));
		KUNIT_EXPECT_EQ(test, socfpga_ptp_fpga(&socfpga_gen10,
						       modes[i], false), gmii);
		KUNIT_EXPECT_TRUE(test, socfpga_ptp_fpga(&socfpga_agilex5,
							 modes[i], true));
	}
}

static void gen5_ctrl_test(struct kunit *test)
{
	u32 other = 0x3 << 2;	/* EMAC0's field, at shift 0 */
	u32 ctrl;

	/* EMAC1 of a Cyclone V: field at shift 2, PTP bit 4 << 1. */
	ctrl = socfpga_ctrl(&socfpga_gen5, 0x3, 1, 2, false);
	KUNIT_EXPECT_EQ(test, ctrl, 0x3u | (1u << 2));
	ctrl = socfpga_ctrl(&socfpga_gen5, 0x3 | other, 2, 2, true);
	KUNIT_EXPECT_EQ(test, ctrl, 0x3u | (2u << 2) | (0x10u << 1));
	ctrl = socfpga_ctrl(&socfpga_gen5, ctrl, 0, 2, false);
	KUNIT_EXPECT_EQ(test, ctrl, 0x3u);
	/* EMAC0: shift 0 leaves EMAC1's field alone. */
	ctrl = socfpga_ctrl(&socfpga_gen5, other, 1, 0, true);
	KUNIT_EXPECT_EQ(test, ctrl, other | 1u | 0x10u);
}

static void gen10_ctrl_test(struct kunit *test)
{
	u32 ctrl;

	ctrl = socfpga_ctrl(&socfpga_gen10, 0xf0000003, 1, 0, false);
	KUNIT_EXPECT_EQ(test, ctrl, 0xf0000001u);
	ctrl = socfpga_ctrl(&socfpga_agilex5, 0, 0, 0, true);
	KUNIT_EXPECT_EQ(test, ctrl, 0x100u);
	ctrl = socfpga_ctrl(&socfpga_agilex5, 0x103, 2, 0, false);
	KUNIT_EXPECT_EQ(test, ctrl, 0x2u);
}

static void fpga_bit_test(struct kunit *test)
{
	u32 reg;

	KUNIT_EXPECT_EQ(test, socfpga_fpga_bit(&socfpga_gen5, 2, &reg), 0x8u);
	KUNIT_EXPECT_EQ(test, reg, 0x28u);
	KUNIT_EXPECT_EQ(test, socfpga_fpga_bit(&socfpga_gen10, 1, &reg), 0x2u);
	KUNIT_EXPECT_EQ(test, reg, 0x70u);
}

static void splitter_speed_test(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, socfpga_splitter_speed(SPEED_1000), 0);
	KUNIT_EXPECT_EQ(test, socfpga_splitter_speed(SPEED_100), 3);
	KUNIT_EXPECT_EQ(test, socfpga_splitter_speed(SPEED_10), 2);
	KUNIT_EXPECT_EQ(test, socfpga_splitter_speed(SPEED_2500), -EINVAL);
	KUNIT_EXPECT_EQ(test, socfpga_splitter_speed(SPEED_UNKNOWN), -EINVAL);
}

KUNIT_DEFINE_ACTION_WRAPPER(ptp_clk_unregister, clk_hw_unregister_fixed_rate,
			    struct clk_hw *);
KUNIT_DEFINE_ACTION_WRAPPER(ptp_clkdev_drop, clkdev_drop, struct clk_lookup *);

/* The timestamping unit's reference clock, "ptp_ref" in the Arria 10,
 * Stratix 10, Agilex and N5X DTs, is enabled from probe and its rate kept
 * for the PTP clock; a board without it probes all the same. A fixed-rate
 * clock of 100 MHz stands in for it, found through clkdev as the DT's
 * clock-names would find it.
 */
static void ptp_ref_clock_test(struct kunit *test)
{
	/* clkdev takes device names of up to 24 characters */
	static const char name[] = "ptp";
	struct stmmac_plat *plat;
	struct clk_lookup *cl;
	struct clk_hw *hw;
	struct device *dev;

	plat = kunit_kzalloc(test, sizeof(*plat), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, plat);
	/* Before the device, so that it goes after the device's clocks. */
	hw = clk_hw_register_fixed_rate(NULL, "stmmac-test-ptp-ref", NULL, 0,
					100000000);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, hw);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, ptp_clk_unregister,
							hw), 0);
	/* kunit_device_register() names the device "<test>.<name>". */
	cl = clkdev_hw_create(hw, "ptp_ref", "%s.%s", test->name, name);
	KUNIT_ASSERT_NOT_NULL(test, cl);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, ptp_clkdev_drop,
							cl), 0);
	dev = kunit_device_register(test, name);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);

	KUNIT_EXPECT_FALSE(test, clk_hw_is_enabled(hw));
	KUNIT_ASSERT_EQ(test, stmmac_dt_clocks(dev, plat), 0);
	KUNIT_EXPECT_TRUE(test, clk_hw_is_enabled(hw));
	KUNIT_EXPECT_EQ(test, plat->ptp_rate, 100000000UL);

	/* No ptp_ref: no rate, and no error. */
	dev = kunit_device_register(test, "nop");
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	memset(plat, 0, sizeof(*plat));
	KUNIT_ASSERT_EQ(test, stmmac_dt_clocks(dev, plat), 0);
	KUNIT_EXPECT_EQ(test, plat->ptp_rate, 0UL);
}

#if IS_ENABLED(CONFIG_OF_DYNAMIC)
static void dtq_revert(void *ocs)
{
	of_changeset_revert(ocs);
	of_changeset_destroy(ocs);
}

/* A property of a config node or of its child @node: bool, or u32 */
struct dtq_prop {
	const char *node;	/* NULL: the config node itself */
	const char *name;
	u32 val;
	bool is_u32;
};

/* The child of @cfg among @kids named @name, or @cfg itself for NULL */
static struct device_node *dtq_at(struct device_node *cfg,
				  struct device_node **kids, u32 n,
				  const char *name)
{
	u32 k;

	for (k = 0; name && k < n; k++)
		if (kids[k] && of_node_name_eq(kids[k], name))
			return kids[k];
	return cfg;
}

static struct device_node *dtq_build(struct kunit *test, const char *name,
				     const struct dtq_prop *p, u32 n)
{
	struct of_changeset *ocs = kunit_kzalloc(test, sizeof(*ocs),
						 GFP_KERNEL);
	struct device_node *cfg, *at, *kids[4] = {};
	const char *names[4] = {};
	u32 i, k = 0;

	KUNIT_ASSERT_NOT_NULL(test, ocs);
	if (!of_root)
		kunit_skip(test, "no device tree");
	of_changeset_init(ocs);
	cfg = of_changeset_create_node(ocs, of_root, name);
	KUNIT_ASSERT_NOT_NULL(test, cfg);
	for (i = 0; i < n; i++)
		if (p[i].node && (!k || strcmp(names[k - 1], p[i].node)))
			names[k++] = p[i].node;
	/* Each node attached goes first among its siblings: the last
	 * first, so that they read in the order written, as from a DTB.
	 */
	while (k--) {
		kids[k] = of_changeset_create_node(ocs, cfg, names[k]);
		KUNIT_ASSERT_NOT_NULL(test, kids[k]);
	}
	for (i = 0; i < n; i++) {
		at = dtq_at(cfg, kids, ARRAY_SIZE(kids), p[i].node);
		KUNIT_ASSERT_EQ(test, p[i].is_u32 ?
			of_changeset_add_prop_u32(ocs, at, p[i].name,
						  p[i].val) :
			of_changeset_add_prop_bool(ocs, at, p[i].name), 0);
	}
	KUNIT_ASSERT_EQ(test, of_changeset_apply(ocs), 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, dtq_revert, ocs),
			0);
	at = of_get_next_child(cfg, NULL);
	KUNIT_EXPECT_TRUE(test, !kids[0] || at == kids[0]);
	of_node_put(at);
	return cfg;
}
#endif

/* snps,mtl-tx-config and snps,mtl-rx-config as Agilex 5's DT writes them:
 * the scheduler, each queue's weight in queue-node order, the checksum
 * engine exceptions, the RX arbitration.
 */
static void mtl_config_test(struct kunit *test)
{
#if IS_ENABLED(CONFIG_OF_DYNAMIC)
	static const struct dtq_prop tx[] = {
		{ NULL, "snps,tx-queues-to-use", 3, true },
		{ NULL, "snps,tx-sched-dwrr" },
		{ "queue0", "snps,weight", 9, true },
		{ "queue0", "snps,coe-unsupported" },
		{ "queue1", "snps,dcb-algorithm" },
		{ "queue2", "snps,weight", 0x20, true },
	};
	static const struct dtq_prop rx[] = {
		{ NULL, "snps,rx-queues-to-use", 2, true },
		{ NULL, "snps,rx-sched-wsp" },
	};
	static const struct dtq_prop rx_sp[] = {
		{ NULL, "snps,rx-sched-sp" },
	};
	struct stmmac_plat *plat = kunit_kzalloc(test, sizeof(*plat),
						 GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, plat);
	stmmac_dt_tx_config(dtq_build(test, "stmmac-kunit-mtl-tx", tx,
				      ARRAY_SIZE(tx)), plat);
	KUNIT_EXPECT_EQ(test, plat->tx_queues, 3u);
	KUNIT_EXPECT_EQ(test, plat->tx_sched, STMMAC_TX_DWRR);
	KUNIT_EXPECT_EQ(test, plat->tx_weight[0], 9u);
	KUNIT_EXPECT_EQ(test, plat->tx_weight[1], 0u);
	KUNIT_EXPECT_EQ(test, plat->tx_weight[2], 0x20u);
	KUNIT_EXPECT_EQ(test, plat->tx_coe_off, 0x1u);
	stmmac_dt_rx_config(dtq_build(test, "stmmac-kunit-mtl-rx", rx,
				      ARRAY_SIZE(rx)), plat);
	KUNIT_EXPECT_EQ(test, plat->rx_queues, 2u);
	KUNIT_EXPECT_TRUE(test, plat->rx_wsp);
	stmmac_dt_rx_config(dtq_build(test, "stmmac-kunit-mtl-rx-sp", rx_sp,
				      ARRAY_SIZE(rx_sp)), plat);
	KUNIT_EXPECT_FALSE(test, plat->rx_wsp);
#else
	kunit_skip(test, "needs CONFIG_OF_DYNAMIC");
#endif
}

static struct kunit_case socfpga_cases[] = {
	KUNIT_CASE(binding_test),
	KUNIT_CASE(physel_test),
	KUNIT_CASE(via_fpga_test),
	KUNIT_CASE(ptp_fpga_test),
	KUNIT_CASE(gen5_ctrl_test),
	KUNIT_CASE(gen10_ctrl_test),
	KUNIT_CASE(fpga_bit_test),
	KUNIT_CASE(splitter_speed_test),
	KUNIT_CASE(ptp_ref_clock_test),
	KUNIT_CASE(mtl_config_test),
	{}
};

static struct kunit_suite socfpga_suite = {
	.name = "stmmac_dwmac_socfpga",
	.test_cases = socfpga_cases,
};

kunit_test_suite(socfpga_suite);

MODULE_DESCRIPTION("KUnit tests for the stmmac SoCFPGA glue");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(STMMAC_KUNIT_NS);
