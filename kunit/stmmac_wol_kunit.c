// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests for Wake-on-LAN (stmmac_wol.c and the pmt_* ops of both
 * cores) at the register level, on a fake MMIO window (plain memory). No
 * emulator models PMT: these are the proof of what is armed, when, and
 * of what ethtool -s wol accepts.
 *
 * Register layouts, from the databooks:
 *   PMT control  GMAC 0x02c, XGMAC 0x0c0: PWRDWN bit 0, MGKPKTEN 1,
 *		  RWKPKTEN 2, GLBLUCAST 9
 *   MAC config   GMAC 0x000 RE bit 2; XGMAC RX config 0x004 RE bit 0
 *   MAC irq      GMAC mask 0x03c, PMT bit 3 (set: masked);
 *		  XGMAC enable 0x0b4, PMTIE bit 4 (set: enabled)
 * ethtool's modes (uapi/linux/ethtool.h): WAKE_UCAST 0x02, WAKE_BCAST
 * 0x08, WAKE_MAGIC 0x20.
 */

#include <kunit/device.h>
#include <kunit/test.h>
#include <linux/ethtool.h>
#include <linux/netdevice.h>
#include <linux/phylink.h>
#include <linux/pm_wakeup.h>
#include <linux/rtnetlink.h>
#include <linux/slab.h>

#include "../stmmac.h"
#include "../stmmac_compat.h"

#define FAKE_WINDOW	0x4000

#define MAGIC		0x20u
#define UCAST		0x02u
#define BCAST		0x08u

struct wol_fake {
	u32 *mem;
	void __iomem *io;
};

static struct wol_fake *wol_fake(struct kunit *test)
{
	struct wol_fake *f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, f);
	f->mem = kunit_kzalloc(test, FAKE_WINDOW, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f->mem);
	f->io = (void __iomem __force *)f->mem;
	return f;
}

static u32 reg(struct wol_fake *f, u32 off)
{
	return f->mem[off / 4];
}

static void set_reg(struct wol_fake *f, u32 off, u32 val)
{
	f->mem[off / 4] = val;
}

/* The capability bits: GMAC DMA_HW_FEATURE (0x1058) RWKSEL bit 9, MGKSEL
 * bit 10; XGMAC MAC_HW_Feature0 (0x11c) RWKSEL bit 6, MGKSEL bit 7. Every
 * other bit set stands for the rest of the register.
 */
static void pmt_caps_one(struct kunit *test, const struct stmmac_hw_ops *hw,
			 u32 off, u32 rwk, u32 mgk)
{
	struct wol_fake *f = wol_fake(test);
	struct stmmac_caps c = {};

	set_reg(f, off, mgk);
	hw->read_caps(f->io, &c);
	KUNIT_EXPECT_TRUE(test, c.pmt_magic);
	KUNIT_EXPECT_FALSE(test, c.pmt_ucast);
	set_reg(f, off, rwk);
	hw->read_caps(f->io, &c);
	KUNIT_EXPECT_FALSE(test, c.pmt_magic);
	KUNIT_EXPECT_TRUE(test, c.pmt_ucast);
	set_reg(f, off, ~(rwk | mgk));
	hw->read_caps(f->io, &c);
	KUNIT_EXPECT_FALSE(test, c.pmt_magic);
	KUNIT_EXPECT_FALSE(test, c.pmt_ucast);
}

static void pmt_caps_test(struct kunit *test)
{
	pmt_caps_one(test, &dwmac1000_ops, 0x1058, BIT(9), BIT(10));
	pmt_caps_one(test, &dwxgmac2_ops, 0x011c, BIT(6), BIT(7));
}

/* Arming for each mode set, then disarming, on one core: @cfg is the
 * register holding the receiver enable @re, @irq the one holding the PMT
 * interrupt bit @pmtirq, which arming clears on the GMAC (a mask) and
 * sets on the XGMAC (an enable).
 */
static void pmt_arm_one(struct kunit *test, const struct stmmac_hw_ops *hw,
			u32 pmt, u32 cfg, u32 re, u32 irq, u32 pmtirq,
			bool irq_is_mask)
{
	static const struct {
		u32 wolopts;
		u32 pmt;
	} cases[] = {
		/* PWRDWN | MGKPKTEN */
		{ MAGIC, 0x003 },
		/* PWRDWN | RWKPKTEN | GLBLUCAST */
		{ UCAST, 0x205 },
		{ MAGIC | UCAST, 0x207 },
	};
	struct wol_fake *f = wol_fake(test);
	/* irq register bits other than PMT: kept as they are */
	u32 others = 0x600, armed_irq, idle_irq;
	u32 i;

	armed_irq = others | (irq_is_mask ? 0 : pmtirq);
	idle_irq = others | (irq_is_mask ? pmtirq : 0);
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		/* the link's speed and duplex bits stand for the rest */
		set_reg(f, cfg, 0x8800);
		set_reg(f, irq, idle_irq);
		hw->pmt_arm(f->io, cases[i].wolopts);
		KUNIT_EXPECT_EQ_MSG(test, reg(f, pmt), cases[i].pmt,
				    "wolopts %#x", cases[i].wolopts);
		KUNIT_EXPECT_EQ(test, reg(f, cfg), 0x8800 | re);
		KUNIT_EXPECT_EQ(test, reg(f, irq), armed_irq);

		hw->pmt_arm(f->io, 0);
		KUNIT_EXPECT_EQ(test, reg(f, pmt), 0u);
		KUNIT_EXPECT_EQ(test, reg(f, irq), idle_irq);
		/* the receiver is the data path's again: left as it is */
		KUNIT_EXPECT_EQ(test, reg(f, cfg), 0x8800 | re);
	}
	/* no mode, nothing armed: the receiver is not switched on */
	set_reg(f, cfg, 0x8800);
	hw->pmt_arm(f->io, BCAST);
	KUNIT_EXPECT_EQ(test, reg(f, pmt), 0u);
	KUNIT_EXPECT_EQ(test, reg(f, cfg), 0x8800u);
}

static void pmt_arm_test(struct kunit *test)
{
	pmt_arm_one(test, &dwmac1000_ops, 0x02c, 0x000, BIT(2), 0x03c, BIT(3),
		    true);
	pmt_arm_one(test, &dwxgmac2_ops, 0x0c0, 0x004, BIT(0), 0x0b4, BIT(4),
		    false);
}

KUNIT_DEFINE_ACTION_WRAPPER(wol_free_netdev, free_netdev, struct net_device *);
KUNIT_DEFINE_ACTION_WRAPPER(wol_phylink_destroy, phylink_destroy,
			    struct phylink *);

static void wol_mac_config(struct phylink_config *config, unsigned int mode,
			   const struct phylink_link_state *state)
{
}

static void wol_mac_link_down(struct phylink_config *config,
			      unsigned int mode, phy_interface_t interface)
{
}

static void wol_mac_link_up(struct phylink_config *config,
			    struct phy_device *phy, unsigned int mode,
			    phy_interface_t interface, int speed, int duplex,
			    bool tx_pause, bool rx_pause)
{
}

static const struct phylink_mac_ops wol_phylink_ops = {
	.mac_config = wol_mac_config,
	.mac_link_down = wol_mac_link_down,
	.mac_link_up = wol_mac_link_up,
};

/* A GMAC on the fake window with the PMT modes asked, a bus device that
 * can hold a wake-up source, and a phylink without a PHY (the fallback
 * path of a core without PMT), as probe leaves them.
 */
static struct stmmac_priv *wol_priv(struct kunit *test, struct wol_fake *f,
				    const char *name, bool magic, bool ucast)
{
	struct stmmac_priv *priv;
	struct net_device *dev;
	struct phylink *pl;

	dev = alloc_etherdev(sizeof(*priv));
	KUNIT_ASSERT_NOT_NULL(test, dev);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, wol_free_netdev,
							dev), 0);
	priv = netdev_priv(dev);
	priv->dev = dev;
	priv->device = kunit_device_register(test, name);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, priv->device);
	priv->ioaddr = f->io;
	priv->hw = &dwmac1000_ops;
	priv->caps.pmt_magic = magic;
	priv->caps.pmt_ucast = ucast;
	mutex_init(&priv->mac_cfg_lock);

	priv->phylink_config.dev = &dev->dev;
	priv->phylink_config.type = PHYLINK_NETDEV;
	priv->phylink_config.mac_capabilities = MAC_10 | MAC_100 | MAC_1000;
	__set_bit(PHY_INTERFACE_MODE_RGMII,
		  priv->phylink_config.supported_interfaces);
	pl = phylink_create(&priv->phylink_config, NULL,
			    PHY_INTERFACE_MODE_RGMII, &wol_phylink_ops);
	KUNIT_ASSERT_FALSE(test, IS_ERR(pl));
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test,
							wol_phylink_destroy,
							pl), 0);
	priv->phylink = pl;
	stmmac_wol_init(priv, 0);
	stmmac_set_ethtool_ops(priv);
	return priv;
}

static void wol_get(struct stmmac_priv *priv, struct ethtool_wolinfo *wol)
{
	memset(wol, 0xff, sizeof(*wol));
	wol->cmd = ETHTOOL_GWOL;
	priv->dev->ethtool_ops->get_wol(priv->dev, wol);
}

static int wol_set(struct stmmac_priv *priv, u32 wolopts)
{
	struct ethtool_wolinfo wol = {
		.cmd = ETHTOOL_SWOL,
		.wolopts = wolopts,
	};

	return priv->dev->ethtool_ops->set_wol(priv->dev, &wol);
}

/* ethtool eth0's Wake-on lines and ethtool -s eth0 wol: with both PMT
 * modes, "Supports Wake-on: ug", "Wake-on: d"; g enables wake-up, a mode
 * PMT lacks is refused with nothing changed, d disables wake-up.
 */
static void wol_ethtool_test(struct kunit *test)
{
	struct wol_fake *f = wol_fake(test);
	struct stmmac_priv *priv = wol_priv(test, f, "wol", true, true);
	struct ethtool_wolinfo wol;

	KUNIT_EXPECT_TRUE(test, device_can_wakeup(priv->device));
	KUNIT_EXPECT_FALSE(test, device_may_wakeup(priv->device));
	rtnl_lock();
	wol_get(priv, &wol);
	KUNIT_EXPECT_EQ(test, wol.supported, MAGIC | UCAST);
	KUNIT_EXPECT_EQ(test, wol.wolopts, 0u);

	KUNIT_EXPECT_EQ(test, wol_set(priv, MAGIC), 0);
	KUNIT_EXPECT_TRUE(test, device_may_wakeup(priv->device));
	wol_get(priv, &wol);
	KUNIT_EXPECT_EQ(test, wol.wolopts, MAGIC);

	KUNIT_EXPECT_EQ(test, wol_set(priv, MAGIC | BCAST), -EINVAL);
	wol_get(priv, &wol);
	KUNIT_EXPECT_EQ(test, wol.wolopts, MAGIC);
	KUNIT_EXPECT_TRUE(test, device_may_wakeup(priv->device));

	KUNIT_EXPECT_EQ(test, wol_set(priv, MAGIC | UCAST), 0);
	wol_get(priv, &wol);
	KUNIT_EXPECT_EQ(test, wol.wolopts, MAGIC | UCAST);

	KUNIT_EXPECT_EQ(test, wol_set(priv, 0), 0);
	KUNIT_EXPECT_FALSE(test, device_may_wakeup(priv->device));
	wol_get(priv, &wol);
	KUNIT_EXPECT_EQ(test, wol.wolopts, 0u);
	rtnl_unlock();
	/* none of it touched the PMT register: armed only at suspend */
	KUNIT_EXPECT_EQ(test, reg(f, 0x02c), 0u);
}

/* A core with the magic packet alone offers it alone; one without PMT
 * asks the PHY, which a link without one does not have: no mode, and
 * ethtool -s wol refused (the device cannot wake the system).
 */
static void wol_modes_test(struct kunit *test)
{
	struct wol_fake *f = wol_fake(test);
	struct stmmac_priv *priv = wol_priv(test, f, "wol-magic", true, false);
	struct ethtool_wolinfo wol;

	rtnl_lock();
	wol_get(priv, &wol);
	KUNIT_EXPECT_EQ(test, wol.supported, MAGIC);
	KUNIT_EXPECT_EQ(test, wol_set(priv, UCAST), -EINVAL);
	KUNIT_EXPECT_FALSE(test, device_may_wakeup(priv->device));
	rtnl_unlock();

	priv = wol_priv(test, f, "wol-none", false, false);
	KUNIT_EXPECT_FALSE(test, device_can_wakeup(priv->device));
	rtnl_lock();
	stmmac_wol_phy(priv);
	KUNIT_EXPECT_FALSE(test, device_can_wakeup(priv->device));
	wol_get(priv, &wol);
	KUNIT_EXPECT_EQ(test, wol.supported, 0u);
	KUNIT_EXPECT_EQ(test, wol.wolopts, 0u);
	KUNIT_EXPECT_EQ(test, wol_set(priv, MAGIC), -EOPNOTSUPP);
	rtnl_unlock();
}

/* System sleep: PMT armed only with modes enabled and wake-up allowed
 * (ethtool -s wol enables it; power/wakeup in sysfs may take it back),
 * and disarmed at resume: PMT 0, its interrupt masked again (GMAC
 * interrupt mask 0x3c, bit 3).
 */
static void wol_sleep_test(struct kunit *test)
{
	struct wol_fake *f = wol_fake(test);
	struct stmmac_priv *priv = wol_priv(test, f, "wol", true, true);

	rtnl_lock();
	KUNIT_EXPECT_EQ(test, wol_set(priv, MAGIC), 0);
	set_reg(f, 0x03c, 0x60f);
	stmmac_wol_sleep(priv);
	KUNIT_EXPECT_TRUE(test, priv->wol_armed);
	KUNIT_EXPECT_EQ(test, reg(f, 0x02c), 0x003u);
	KUNIT_EXPECT_EQ(test, reg(f, 0x03c), 0x607u);
	stmmac_wol_wake(priv);
	KUNIT_EXPECT_FALSE(test, priv->wol_armed);
	KUNIT_EXPECT_EQ(test, reg(f, 0x02c), 0u);
	KUNIT_EXPECT_EQ(test, reg(f, 0x03c), 0x60fu);

	/* wake-up taken back through sysfs: nothing armed */
	device_set_wakeup_enable(priv->device, false);
	stmmac_wol_sleep(priv);
	KUNIT_EXPECT_FALSE(test, priv->wol_armed);
	KUNIT_EXPECT_EQ(test, reg(f, 0x02c), 0u);
	KUNIT_EXPECT_EQ(test, reg(f, 0x03c), 0x60fu);

	/* no mode enabled: nothing armed either */
	KUNIT_EXPECT_EQ(test, wol_set(priv, 0), 0);
	device_set_wakeup_enable(priv->device, true);
	stmmac_wol_sleep(priv);
	KUNIT_EXPECT_FALSE(test, priv->wol_armed);
	KUNIT_EXPECT_EQ(test, reg(f, 0x02c), 0u);

	/* a resume after a sleep that armed nothing writes nothing */
	set_reg(f, 0x03c, 0x5a5);
	stmmac_wol_wake(priv);
	KUNIT_EXPECT_EQ(test, reg(f, 0x03c), 0x5a5u);
	rtnl_unlock();
}

static struct kunit_case stmmac_wol_cases[] = {
	KUNIT_CASE(pmt_caps_test),
	KUNIT_CASE(pmt_arm_test),
	KUNIT_CASE(wol_ethtool_test),
	KUNIT_CASE(wol_modes_test),
	KUNIT_CASE(wol_sleep_test),
	{}
};

static struct kunit_suite stmmac_wol_suite = {
	.name = "stmmac-wol",
	.test_cases = stmmac_wol_cases,
};

kunit_test_suite(stmmac_wol_suite);

MODULE_DESCRIPTION("KUnit tests for stmmac Wake-on-LAN");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(STMMAC_KUNIT_NS);
