// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests for stmmac_mdio.c's PHY reset line, on a fake GPIO chip.
 */

#include <kunit/device.h>
#include <kunit/test.h>
#include <linux/gpio/driver.h>
#include <linux/gpio/machine.h>
#include <linux/ktime.h>
#include <linux/phy.h>
#include <linux/property.h>
#include <linux/slab.h>

#include "../stmmac.h"
#include "../stmmac_compat.h"

/* The PHY reset line (DT "snps,reset-gpio", vining_fpga's board), pulsed
 * before the MDIO bus is scanned: asserted after "snps,reset-delays-us"[0],
 * released after [1], the scan after [2]. "snps,reset-active-low" reaches
 * the driver as the line's polarity: the levels on the pin invert. A fake
 * GPIO chip records each level written and when.
 */
#if IS_ENABLED(CONFIG_GPIOLIB)
#define RESET_STEPS	4

struct reset_rec {
	int n;
	int level[RESET_STEPS];
	ktime_t at[RESET_STEPS];
};

static void reset_rec_level(struct gpio_chip *gc, int value)
{
	struct reset_rec *r = gpiochip_get_data(gc);

	if (r->n < RESET_STEPS) {
		r->level[r->n] = value;
		r->at[r->n] = ktime_get();
	}
	r->n++;
}

static int reset_gpio_out(struct gpio_chip *gc, unsigned int off, int value)
{
	reset_rec_level(gc, value);
	return 0;
}

static int reset_gpio_set(struct gpio_chip *gc, unsigned int off, int value)
{
	reset_rec_level(gc, value);
	return 0;
}

static int reset_gpio_dir(struct gpio_chip *gc, unsigned int off)
{
	return GPIO_LINE_DIRECTION_OUT;
}

static void reset_lookup_del(void *table)
{
	gpiod_remove_lookup_table(table);
}

static void reset_swnode_del(void *dev)
{
	device_remove_software_node(dev);
}

static void reset_run(struct kunit *test, bool active_low, struct reset_rec *r,
		      ktime_t *end)
{
	static const u32 delays[] = { 1000, 2000, 3000 };
	struct property_entry *props;
	struct software_node *node;
	struct gpiod_lookup_table *lt;
	struct stmmac_priv *priv;
	struct gpio_chip *gc;
	struct mii_bus *bus;
	struct device *dev;

	dev = kunit_device_register(test, active_low ? "stmmac-rst-low" :
					  "stmmac-rst-high");
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	/* Everything the GPIO the driver takes (devres) depends on goes with
	 * the device, after it: the chip, then the node the chip's device
	 * shares, then the node's memory.
	 */
	props = devm_kcalloc(dev, 2, sizeof(*props), GFP_KERNEL);
	node = devm_kzalloc(dev, sizeof(*node), GFP_KERNEL);
	KUNIT_ASSERT_TRUE(test, props && node);
	props[0] = PROPERTY_ENTRY_U32_ARRAY("snps,reset-delays-us", delays);
	node->properties = props;
	KUNIT_ASSERT_EQ(test, device_add_software_node(dev, node), 0);
	KUNIT_ASSERT_EQ(test, devm_add_action_or_reset(dev, reset_swnode_del,
						       dev), 0);
	gc = devm_kzalloc(dev, sizeof(*gc), GFP_KERNEL);
	priv = kunit_kzalloc(test, sizeof(*priv), GFP_KERNEL);
	bus = kunit_kzalloc(test, sizeof(*bus), GFP_KERNEL);
	lt = kunit_kzalloc(test, struct_size(lt, table, 2), GFP_KERNEL);
	KUNIT_ASSERT_TRUE(test, gc && priv && bus && lt);
	gc->label = dev_name(dev);
	gc->parent = dev;
	gc->owner = THIS_MODULE;
	gc->base = -1;
	gc->ngpio = 1;
	gc->direction_output = reset_gpio_out;
	stmmac_gpio_chip_set(gc, reset_gpio_set);
	gc->get_direction = reset_gpio_dir;
	KUNIT_ASSERT_EQ(test, devm_gpiochip_add_data(dev, gc, r), 0);
	lt->dev_id = dev_name(dev);
	lt->table[0].key = dev_name(dev);
	lt->table[0].con_id = "snps,reset";
	lt->table[0].flags = active_low ? GPIO_ACTIVE_LOW : GPIO_ACTIVE_HIGH;
	gpiod_add_lookup_table(lt);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, reset_lookup_del,
							lt), 0);
	priv->device = dev;
	bus->priv = priv;
	KUNIT_ASSERT_EQ(test, stmmac_mdio_reset(bus), 0);
	*end = ktime_get();
}

static void phy_reset_test(struct kunit *test)
{
	int p;

	for (p = 0; p < 2; p++) {
		struct reset_rec r = {};
		ktime_t end;
		/* the pin: released, asserted, released (inverted when
		 * active low)
		 */
		int off = p ? 1 : 0, on = p ? 0 : 1;

		reset_run(test, p, &r, &end);
		KUNIT_ASSERT_EQ_MSG(test, r.n, 3, "active low %d", p);
		KUNIT_EXPECT_EQ(test, r.level[0], off);
		KUNIT_EXPECT_EQ(test, r.level[1], on);
		KUNIT_EXPECT_EQ(test, r.level[2], off);
		/* 1000 us before the pulse, 2000 us long, 3000 us after */
		KUNIT_EXPECT_GE(test, ktime_us_delta(r.at[1], r.at[0]), 1000);
		KUNIT_EXPECT_GE(test, ktime_us_delta(r.at[2], r.at[1]), 2000);
		KUNIT_EXPECT_GE(test, ktime_us_delta(end, r.at[2]), 3000);
	}
}

#else
static void phy_reset_test(struct kunit *test)
{
	kunit_skip(test, "needs CONFIG_GPIOLIB (the fake GPIO chip)");
}
#endif

static struct kunit_case stmmac_mdio_cases[] = {
	KUNIT_CASE(phy_reset_test),
	{}
};

static struct kunit_suite stmmac_mdio_suite = {
	.name = "stmmac_mdio",
	.test_cases = stmmac_mdio_cases,
};

kunit_test_suite(stmmac_mdio_suite);

MODULE_DESCRIPTION("KUnit tests for the stmmac MDIO bus's PHY reset");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(STMMAC_KUNIT_NS);
