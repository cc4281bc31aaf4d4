// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests for Energy Efficient Ethernet (stmmac_eee.c and the lpi_*
 * ops of both cores) at the register level, on a fake MMIO window (plain
 * memory: the status bits that clear on read simply stay as written). No
 * emulator models LPI: these are the proof of what the MAC is told.
 *
 * Register layouts, from the databooks (GMAC 3.7x: registers 12 and 13;
 * XGMAC 2.x: MAC_LPI_Control_Status and MAC_LPI_Timers_Control):
 *   LPI control  GMAC 0x030, XGMAC 0x0d0: LPIEN (XGMAC: LPITXEN) bit 16,
 *		  PLS bit 17, LPITXA bit 19, XGMAC TXCGE bit 21
 *   LPI timers   GMAC 0x034, XGMAC 0x0d4: LST bits 25:16 (ms), TWT 15:0 (us)
 */

#include <kunit/test.h>
#include <linux/delay.h>
#include <linux/ethtool.h>
#include <linux/jiffies.h>
#include <linux/netdevice.h>
#include <linux/phy.h>
#include <linux/phylink.h>
#include <linux/rtnetlink.h>
#include <linux/slab.h>

#include "../stmmac.h"
#include "../stmmac_compat.h"

#define FAKE_WINDOW	0x4000

#define GMAC_LPI	0x030
#define GMAC_LPI_TMR	0x034
#define GMAC_HWF	0x1058
#define XGMAC_LPI	0x0d0
#define XGMAC_LPI_TMR	0x0d4
#define XGMAC_HWF0	0x011c

/* LPI enable (16) and LPITXA (19): 0x00010000 | 0x00080000 */
#define LPI_ON		0x00090000u
/* PLS, bit 17 */
#define LPI_PLS		0x00020000u
/* XGMAC TXCGE, bit 21 */
#define LPI_TXCGE	0x00200000u
/* 1000 ms of link before LPI in bits 25:16, a 30 us wake in 15:0 */
#define LPI_TIMERS_ON	((1000u << 16) | 30u)
/* LPI off: no link time, the same wake time */
#define LPI_TIMERS_OFF	30u

struct eee_fake {
	u32 *mem;
	void __iomem *io;
};

static struct eee_fake *eee_fake(struct kunit *test)
{
	struct eee_fake *f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, f);
	f->mem = kunit_kzalloc(test, FAKE_WINDOW, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f->mem);
	f->io = (void __iomem __force *)f->mem;
	return f;
}

static u32 reg(struct eee_fake *f, u32 off)
{
	return READ_ONCE(f->mem[off / 4]);
}

static void set_reg(struct eee_fake *f, u32 off, u32 val)
{
	WRITE_ONCE(f->mem[off / 4], val);
}

KUNIT_DEFINE_ACTION_WRAPPER(eee_free_netdev, free_netdev, struct net_device *);
KUNIT_DEFINE_ACTION_WRAPPER(eee_exit, stmmac_eee_exit, struct stmmac_priv *);

/* A device on the fake window: one idle TX ring, EEE state initialised
 * with a 1 ms TX LPI timer (a jiffy or so: the timer tests stay short).
 */
static struct stmmac_priv *eee_priv(struct kunit *test, struct eee_fake *f,
				    const struct stmmac_hw_ops *hw)
{
	struct stmmac_priv *priv;
	struct net_device *dev;

	dev = alloc_etherdev(sizeof(*priv));
	KUNIT_ASSERT_NOT_NULL(test, dev);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, eee_free_netdev,
							dev), 0);
	priv = netdev_priv(dev);
	priv->dev = dev;
	priv->plat = kunit_kzalloc(test, sizeof(*priv->plat), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, priv->plat);
	priv->ioaddr = f->io;
	priv->hw = hw;
	priv->caps.eee = true;
	priv->tx_queues = 1;
	stmmac_eee_init(priv, 1);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, eee_exit, priv),
			0);
	return priv;
}

static struct phy_device *eee_phy(struct kunit *test, bool tx_lpi)
{
	struct phy_device *phy = kunit_kzalloc(test, sizeof(*phy), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, phy);
	phy->enable_tx_lpi = tx_lpi;
	return phy;
}

/* The capability bit: GMAC DMA_HW_FEATURE (0x1058) EEESEL bit 14; XGMAC
 * MAC_HW_Feature0 (0x11c) EEESEL bit 13. Every other bit set stands for
 * the rest of the register.
 */
static void eee_caps_test(struct kunit *test)
{
	struct eee_fake *f = eee_fake(test);
	struct stmmac_caps c = {};

	set_reg(f, GMAC_HWF, 0x00004000);
	dwmac1000_ops.read_caps(f->io, &c);
	KUNIT_EXPECT_TRUE(test, c.eee);
	set_reg(f, GMAC_HWF, ~0x00004000u);
	dwmac1000_ops.read_caps(f->io, &c);
	KUNIT_EXPECT_FALSE(test, c.eee);

	set_reg(f, XGMAC_HWF0, 0x00002000);
	dwxgmac2_ops.read_caps(f->io, &c);
	KUNIT_EXPECT_TRUE(test, c.eee);
	set_reg(f, XGMAC_HWF0, ~0x00002000u);
	dwxgmac2_ops.read_caps(f->io, &c);
	KUNIT_EXPECT_FALSE(test, c.eee);
}

/* Both cores' LPI ops: the bits they own, the others kept (bits 3:0 of
 * the control register, the entry/exit flags, stand for the others).
 */
static void lpi_ops_one(struct kunit *test, const struct stmmac_hw_ops *hw,
			u32 ctrl, u32 tmr, bool xgmac)
{
	struct eee_fake *f = eee_fake(test);

	hw->lpi_timers(f->io, 1000, 30);
	KUNIT_EXPECT_EQ(test, reg(f, tmr), LPI_TIMERS_ON);
	/* beyond the fields: 1023 ms (bits 25:16 all set), 65535 us */
	hw->lpi_timers(f->io, 5000, 100000);
	KUNIT_EXPECT_EQ(test, reg(f, tmr), 0x03ffffffu);

	set_reg(f, ctrl, 0x5);
	hw->lpi_link(f->io, true);
	KUNIT_EXPECT_EQ(test, reg(f, ctrl), 0x5 | LPI_PLS);
	hw->lpi_tx(f->io, true, false);
	KUNIT_EXPECT_EQ(test, reg(f, ctrl), 0x5 | LPI_PLS | LPI_ON);
	hw->lpi_tx(f->io, false, false);
	KUNIT_EXPECT_EQ(test, reg(f, ctrl), 0x5 | LPI_PLS);
	/* clock gating: XGMAC only, and taken off with LPI */
	hw->lpi_tx(f->io, true, true);
	KUNIT_EXPECT_EQ(test, reg(f, ctrl),
			0x5 | LPI_PLS | LPI_ON | (xgmac ? LPI_TXCGE : 0));
	hw->lpi_tx(f->io, false, false);
	KUNIT_EXPECT_EQ(test, reg(f, ctrl), 0x5 | LPI_PLS);
	hw->lpi_link(f->io, false);
	KUNIT_EXPECT_EQ(test, reg(f, ctrl), 0x5u);
}

static void lpi_ops_test(struct kunit *test)
{
	lpi_ops_one(test, &dwmac1000_ops, GMAC_LPI, GMAC_LPI_TMR, false);
	lpi_ops_one(test, &dwxgmac2_ops, XGMAC_LPI, XGMAC_LPI_TMR, true);
}

/* When LPI is due: never with frames queued (a whole timer later), at
 * once when TX has been idle the timer or longer, else what is left.
 */
static void eee_wait_test(struct kunit *test)
{
	static const struct {
		unsigned long idle, tmo;
		bool tx_idle;
		unsigned long wait;
	} cases[] = {
		{ 0, 100, true, 100 },
		{ 40, 100, true, 60 },
		{ 99, 100, true, 1 },
		{ 100, 100, true, 0 },
		{ 5000, 100, true, 0 },
		{ 5000, 100, false, 100 },
		{ 0, 1, false, 1 },
		{ 1, 1, true, 0 },
	};
	u32 i;

	for (i = 0; i < ARRAY_SIZE(cases); i++)
		KUNIT_EXPECT_EQ_MSG(test,
				    stmmac_eee_wait(cases[i].idle, cases[i].tmo,
						    cases[i].tx_idle),
				    cases[i].wait, "case %u", i);
}

/* Link up with EEE agreed: PLS, the timers of an active link, the entry
 * timer running; link down: everything off, the wake time kept.
 */
static void eee_link_test(struct kunit *test)
{
	struct eee_fake *f = eee_fake(test);
	struct stmmac_priv *priv = eee_priv(test, f, &dwmac1000_ops);

	/* the link did not agree to EEE, or TX LPI is off: PLS alone */
	stmmac_eee_link_up(priv, eee_phy(test, false));
	KUNIT_EXPECT_EQ(test, reg(f, GMAC_LPI), LPI_PLS);
	KUNIT_EXPECT_EQ(test, reg(f, GMAC_LPI_TMR), 0u);
	KUNIT_EXPECT_FALSE(test, timer_pending(&priv->eee.timer));
	/* no PHY (fixed link): the same */
	stmmac_eee_link_up(priv, NULL);
	KUNIT_EXPECT_FALSE(test, priv->eee.active);

	/* (whether the timer is pending depends on whether it is running
	 * just then: eee_timer_test shows it at work)
	 */
	stmmac_eee_link_up(priv, eee_phy(test, true));
	KUNIT_EXPECT_EQ(test, reg(f, GMAC_LPI_TMR), LPI_TIMERS_ON);
	KUNIT_EXPECT_TRUE(test, priv->eee.active);

	set_reg(f, GMAC_LPI, LPI_PLS | LPI_ON);
	stmmac_eee_link_down(priv);
	KUNIT_EXPECT_EQ(test, reg(f, GMAC_LPI), 0u);
	KUNIT_EXPECT_EQ(test, reg(f, GMAC_LPI_TMR), LPI_TIMERS_OFF);
	KUNIT_EXPECT_FALSE(test, priv->eee.active);
	KUNIT_EXPECT_FALSE(test, timer_pending(&priv->eee.timer));

	/* a core without EEE: its LPI registers are not touched */
	priv->caps.eee = false;
	set_reg(f, GMAC_LPI_TMR, 0);
	stmmac_eee_link_up(priv, eee_phy(test, true));
	KUNIT_EXPECT_EQ(test, reg(f, GMAC_LPI), 0u);
	KUNIT_EXPECT_EQ(test, reg(f, GMAC_LPI_TMR), 0u);
	KUNIT_EXPECT_FALSE(test, timer_pending(&priv->eee.timer));
}

/* Wait up to 1 s for the LPI control register to hold @want. */
static bool eee_wait_reg(struct eee_fake *f, u32 off, u32 want)
{
	int i;

	for (i = 0; i < 50; i++) {
		if (reg(f, off) == want)
			return true;
		msleep(20);
	}
	return false;
}

/* The entry timer on a real timer_list: idle TX enters LPI; the MAC
 * leaving it for a frame (LPITXA clears the enable) is followed by a new
 * entry once TX is idle again, not while frames are queued.
 */
static void eee_timer_test(struct kunit *test)
{
	struct eee_fake *f = eee_fake(test);
	struct stmmac_priv *priv = eee_priv(test, f, &dwxgmac2_ops);
	unsigned long tmo = max(usecs_to_jiffies(1000), 1UL);

	priv->plat->lpi_clk_gate = true;
	stmmac_eee_link_up(priv, eee_phy(test, true));
	KUNIT_EXPECT_TRUE(test, eee_wait_reg(f, XGMAC_LPI,
					     LPI_PLS | LPI_ON | LPI_TXCGE));

	/* a frame queued: the MAC left LPI and cleared the enable (under
	 * the lock: a callback half-way through cannot undo it)
	 */
	spin_lock_bh(&priv->eee.lock);
	priv->txq[0].head = 1;
	set_reg(f, XGMAC_LPI, LPI_PLS);
	spin_unlock_bh(&priv->eee.lock);
	msleep(jiffies_to_msecs(5 * tmo) + 20);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_LPI), LPI_PLS);

	/* sent and reclaimed: LPI once idle for the timer */
	priv->txq[0].tail = 1;
	stmmac_eee_tx_seen(priv);
	KUNIT_EXPECT_TRUE(test, eee_wait_reg(f, XGMAC_LPI,
					     LPI_PLS | LPI_ON | LPI_TXCGE));

	stmmac_eee_link_down(priv);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_LPI), 0u);
	msleep(jiffies_to_msecs(5 * tmo) + 20);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_LPI), 0u);
}

/* ethtool --set-eee as the MAC takes it once phylib accepted it: the new
 * timer in use, LPI stopped at once when EEE or TX LPI goes off (PLS
 * stays: the link is up), and the link's next up decides it again.
 */
static void eee_apply_test(struct kunit *test)
{
	struct eee_fake *f = eee_fake(test);
	struct stmmac_priv *priv = eee_priv(test, f, &dwmac1000_ops);
	struct ethtool_keee e = {
		.eee_enabled = true,
		.tx_lpi_enabled = true,
		.tx_lpi_timer = 250000,
	};

	stmmac_eee_link_up(priv, eee_phy(test, true));
	rtnl_lock();
	stmmac_eee_apply(priv, &e);
	rtnl_unlock();
	KUNIT_EXPECT_EQ(test, priv->eee.tx_lpi_timer, 250000u);
	KUNIT_EXPECT_TRUE(test, priv->eee.active);
	KUNIT_EXPECT_EQ(test, reg(f, GMAC_LPI_TMR), LPI_TIMERS_ON);

	set_reg(f, GMAC_LPI, LPI_PLS | LPI_ON);
	e.eee_enabled = false;
	rtnl_lock();
	stmmac_eee_apply(priv, &e);
	rtnl_unlock();
	KUNIT_EXPECT_EQ(test, reg(f, GMAC_LPI), LPI_PLS);
	KUNIT_EXPECT_EQ(test, reg(f, GMAC_LPI_TMR), LPI_TIMERS_OFF);
	KUNIT_EXPECT_FALSE(test, priv->eee.active);
	KUNIT_EXPECT_FALSE(test, timer_pending(&priv->eee.timer));

	/* TX LPI off alone stops it too */
	stmmac_eee_link_up(priv, eee_phy(test, true));
	set_reg(f, GMAC_LPI, LPI_PLS | LPI_ON);
	e.eee_enabled = true;
	e.tx_lpi_enabled = false;
	rtnl_lock();
	stmmac_eee_apply(priv, &e);
	rtnl_unlock();
	KUNIT_EXPECT_EQ(test, reg(f, GMAC_LPI), LPI_PLS);
	KUNIT_EXPECT_FALSE(test, priv->eee.active);
}

static void eee_mac_config(struct phylink_config *config, unsigned int mode,
			   const struct phylink_link_state *state)
{
}

static void eee_mac_link_down(struct phylink_config *config,
			      unsigned int mode, phy_interface_t interface)
{
}

static void eee_mac_link_up(struct phylink_config *config,
			    struct phy_device *phy, unsigned int mode,
			    phy_interface_t interface, int speed, int duplex,
			    bool tx_pause, bool rx_pause)
{
}

static const struct phylink_mac_ops eee_phylink_ops = {
	.mac_config = eee_mac_config,
	.mac_link_down = eee_mac_link_down,
	.mac_link_up = eee_mac_link_up,
};

KUNIT_DEFINE_ACTION_WRAPPER(eee_phylink_destroy, phylink_destroy,
			    struct phylink *);

/* ethtool --show-eee / --set-eee through the device's ethtool ops, on a
 * core with EEE but no PHY (a fixed link: phylink has none to ask): both
 * are refused (-EOPNOTSUPP), and the refused set changes nothing, neither
 * the MAC's timer nor its LPI registers. (A core without EEE refuses them
 * before asking phylink; with no PHY to attach here, that check cannot be
 * told apart from phylink's refusal, so it is not asserted.)
 */
static void eee_ethtool_test(struct kunit *test)
{
	struct eee_fake *f = eee_fake(test);
	struct stmmac_priv *priv = eee_priv(test, f, &dwmac1000_ops);
	struct net_device *dev = priv->dev;
	struct ethtool_keee e = {
		.eee_enabled = false,
		.tx_lpi_timer = 77,
	};
	struct phylink *pl;

	priv->phylink_config.dev = &dev->dev;
	priv->phylink_config.type = PHYLINK_NETDEV;
	priv->phylink_config.mac_capabilities = MAC_10 | MAC_100 | MAC_1000;
	__set_bit(PHY_INTERFACE_MODE_RGMII,
		  priv->phylink_config.supported_interfaces);
	pl = phylink_create(&priv->phylink_config, NULL,
			    PHY_INTERFACE_MODE_RGMII, &eee_phylink_ops);
	KUNIT_ASSERT_FALSE(test, IS_ERR(pl));
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test,
							eee_phylink_destroy,
							pl), 0);
	priv->phylink = pl;
	stmmac_set_ethtool_ops(priv);
	KUNIT_ASSERT_NOT_NULL(test, dev->ethtool_ops->get_eee);
	KUNIT_ASSERT_NOT_NULL(test, dev->ethtool_ops->set_eee);

	set_reg(f, GMAC_LPI, LPI_PLS | LPI_ON);
	set_reg(f, GMAC_LPI_TMR, LPI_TIMERS_ON);
	rtnl_lock();
	KUNIT_EXPECT_EQ(test, dev->ethtool_ops->get_eee(dev, &e), -EOPNOTSUPP);
	KUNIT_EXPECT_EQ(test, dev->ethtool_ops->set_eee(dev, &e), -EOPNOTSUPP);
	rtnl_unlock();
	/* the timer as eee_priv() set it, 1 ms, in us */
	KUNIT_EXPECT_EQ(test, priv->eee.tx_lpi_timer, 1000u);
	KUNIT_EXPECT_EQ(test, reg(f, GMAC_LPI), LPI_PLS | LPI_ON);
	KUNIT_EXPECT_EQ(test, reg(f, GMAC_LPI_TMR), LPI_TIMERS_ON);
}

static struct kunit_case stmmac_eee_cases[] = {
	KUNIT_CASE(eee_caps_test),
	KUNIT_CASE(lpi_ops_test),
	KUNIT_CASE(eee_wait_test),
	KUNIT_CASE(eee_link_test),
	KUNIT_CASE(eee_timer_test),
	KUNIT_CASE(eee_apply_test),
	KUNIT_CASE(eee_ethtool_test),
	{}
};

static struct kunit_suite stmmac_eee_suite = {
	.name = "stmmac-eee",
	.test_cases = stmmac_eee_cases,
};

kunit_test_suite(stmmac_eee_suite);

MODULE_DESCRIPTION("KUnit tests for stmmac Energy Efficient Ethernet");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(STMMAC_KUNIT_NS);
