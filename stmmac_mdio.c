// SPDX-License-Identifier: GPL-2.0-only
/*
 * The MAC's MDIO master as an mii_bus, and finding the PHY: from the DT
 * (phy-handle, fixed-link, an "mdio" child node) or by a careful scan.
 */

#include <linux/delay.h>
#include <linux/gpio/consumer.h>
#include <linux/mii.h>
#include <linux/of.h>
#include <linux/of_mdio.h>
#include <linux/phy.h>
#include <linux/phylink.h>
#include <linux/property.h>
#include <kunit/visibility.h>

#include "stmmac.h"

/**
 * stmmac_clk_csr() - the MDIO clock range for a CSR clock
 * @rate: CSR clock in Hz
 *
 * MDC must stay at or below 2.5 MHz; each range selects a divider.
 *
 * Return: the clock range field value.
 */
u32 stmmac_clk_csr(unsigned long rate)
{
	static const struct {
		unsigned long max;
		u32 csr;
	} ranges[] = {
		{  35000000, 2 },	/* 20-35 MHz, /16 */
		{  60000000, 3 },	/* 35-60 MHz, /26 */
		{ 100000000, 0 },	/* 60-100 MHz, /42 */
		{ 150000000, 1 },	/* 100-150 MHz, /62 */
		{ 250000000, 4 },	/* 150-250 MHz, /102 */
		{ 300000000, 5 },	/* 250-300 MHz, /124 */
	};
	int i;

	for (i = 0; i < ARRAY_SIZE(ranges); i++)
		if (rate <= ranges[i].max)
			return ranges[i].csr;
	/* Faster than any range: the largest divider is the safest. */
	return 5;
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_clk_csr);

static int stmmac_mdio_read(struct mii_bus *bus, int phy, int reg)
{
	struct stmmac_priv *priv = bus->priv;

	return priv->hw->mdio_read(priv->ioaddr, priv->clk_csr, phy, reg);
}

static int stmmac_mdio_write(struct mii_bus *bus, int phy, int reg, u16 val)
{
	struct stmmac_priv *priv = bus->priv;

	return priv->hw->mdio_write(priv->ioaddr, priv->clk_csr, phy, reg, val);
}

static int stmmac_mdio_read_c45(struct mii_bus *bus, int phy, int devad,
				int reg)
{
	struct stmmac_priv *priv = bus->priv;

	return priv->hw->mdio_read_c45(priv->ioaddr, priv->clk_csr, phy, devad,
				       reg);
}

static int stmmac_mdio_write_c45(struct mii_bus *bus, int phy, int devad,
				 int reg, u16 val)
{
	struct stmmac_priv *priv = bus->priv;

	return priv->hw->mdio_write_c45(priv->ioaddr, priv->clk_csr, phy, devad,
					reg, val);
}

/* The DT's clock range field as is, else the one for the CSR clock in the
 * core's own encoding.
 */
static u32 stmmac_mdio_csr(const struct stmmac_priv *priv)
{
	const struct stmmac_plat *plat = priv->plat;

	if (plat->clk_csr >= 0)
		return plat->clk_csr;
	if (priv->hw->mdio_clk_csr)
		return priv->hw->mdio_clk_csr(plat->csr_rate);
	return stmmac_clk_csr(plat->csr_rate);
}

/* The board's PHY reset line (DT "snps,reset-gpio", vining_fpga), pulsed
 * before the bus is scanned: low, high, low, with "snps,reset-delays-us"
 * before, during and after. gpiolib turns the legacy
 * "snps,reset-active-low" into the line's polarity.
 */
VISIBLE_IF_KUNIT int stmmac_mdio_reset(struct mii_bus *bus)
{
	struct stmmac_priv *priv = bus->priv;
	struct device *dev = priv->device;
	u32 delays[3] = {};
	struct gpio_desc *gpio;

	gpio = devm_gpiod_get_optional(dev, "snps,reset", GPIOD_OUT_LOW);
	if (IS_ERR(gpio))
		return dev_err_probe(dev, PTR_ERR(gpio),
				     "cannot get the PHY reset line\n");
	if (!gpio)
		return 0;
	device_property_read_u32_array(dev, "snps,reset-delays-us", delays,
				       ARRAY_SIZE(delays));
	fsleep(delays[0]);
	gpiod_set_value_cansleep(gpio, 1);
	fsleep(delays[1]);
	gpiod_set_value_cansleep(gpio, 0);
	fsleep(delays[2]);
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_mdio_reset);

static bool stmmac_phy_id_valid(struct mii_bus *bus, int addr)
{
	int id1 = mdiobus_read(bus, addr, MII_PHYSID1);
	int id2 = mdiobus_read(bus, addr, MII_PHYSID2);

	if (id1 < 0 || id2 < 0)
		return false;
	return !(id1 == 0 && id2 == 0) && !(id1 == 0xffff && id2 == 0xffff);
}

/* The PHY at DT "snps,phy-addr", else the first address answering with a
 * plausible ID; registered on the bus so that phylib can drive it.
 */
static struct phy_device *stmmac_phy_scan(struct stmmac_priv *priv)
{
	int addr, first = 0, last = PHY_MAX_ADDR - 1;
	struct phy_device *phy;

	if (priv->plat->phy_addr >= 0) {
		first = priv->plat->phy_addr;
		last = first;
	}
	for (addr = first; addr <= last; addr++) {
		if (!stmmac_phy_id_valid(priv->mii, addr))
			continue;
		phy = mdiobus_get_phy(priv->mii, addr);
		if (phy)
			return phy;
		phy = get_phy_device(priv->mii, addr, false);
		if (IS_ERR(phy))
			continue;
		if (phy_device_register(phy)) {
			phy_device_free(phy);
			continue;
		}
		return phy;
	}
	return NULL;
}

/* The PHY properties phylink_of_phy_connect() understands. */
static bool stmmac_dt_has_phy(struct device_node *np)
{
	static const char * const names[] = { "phy-handle", "phy", "phy-device" };
	struct device_node *phy_np;
	int i;

	for (i = 0; np && i < ARRAY_SIZE(names); i++) {
		phy_np = of_parse_phandle(np, names[i], 0);
		of_node_put(phy_np);
		if (phy_np)
			return true;
	}
	return false;
}

/* No PHY named in the DT and none needed (fixed link, in-band): scan. */
static bool stmmac_phy_by_scan(struct device_node *np)
{
	return !stmmac_dt_has_phy(np) &&
	       !(np && (of_phy_is_fixed_link(np) ||
			of_property_present(np, "managed")));
}

/**
 * stmmac_mdio_register() - register the MAC's MDIO bus
 * @priv: the device
 *
 * Sets the MDIO clock range first. With an "mdio" node in the DT the PHYs
 * it lists are registered. Without one the PHY core does not scan the bus
 * (an address with no PHY may read back an ID of 0 rather than all-ones,
 * which it takes for a device); unless the DT names a PHY or a fixed link,
 * stmmac_phy_scan() registers the first PHY with a plausible ID instead.
 * The bus is "stmmac-<bus_id>", as upstream.
 *
 * Return: 0 or a negative errno.
 */
int stmmac_mdio_register(struct stmmac_priv *priv)
{
	struct mii_bus *bus;
	int ret;

	bus = mdiobus_alloc();
	if (!bus)
		return -ENOMEM;
	bus->name = "stmmac";
	bus->read = stmmac_mdio_read;
	bus->write = stmmac_mdio_write;
	bus->reset = stmmac_mdio_reset;
	if (priv->hw->mdio_read_c45 && priv->hw->mdio_write_c45) {
		bus->read_c45 = stmmac_mdio_read_c45;
		bus->write_c45 = stmmac_mdio_write_c45;
	}
	priv->clk_csr = stmmac_mdio_csr(priv);
	bus->priv = priv;
	bus->parent = priv->device;
	snprintf(bus->id, MII_BUS_ID_SIZE, "stmmac-%x", priv->plat->bus_id);
	if (!priv->plat->mdio_node)
		bus->phy_mask = ~0U;
	ret = of_mdiobus_register(bus, priv->plat->mdio_node);
	if (ret) {
		mdiobus_free(bus);
		return dev_err_probe(priv->device, ret,
				     "cannot register the MDIO bus\n");
	}
	priv->mii = bus;
	/* As upstream: the PHY is on the bus from probe on, named and bound
	 * to its driver, not only from the first open.
	 */
	if (stmmac_phy_by_scan(priv->device->of_node))
		stmmac_phy_scan(priv);
	return 0;
}

/**
 * stmmac_mdio_unregister() - undo stmmac_mdio_register()
 * @priv: the device
 */
void stmmac_mdio_unregister(struct stmmac_priv *priv)
{
	if (!priv->mii)
		return;
	mdiobus_unregister(priv->mii);
	mdiobus_free(priv->mii);
	priv->mii = NULL;
}

/**
 * stmmac_phy_connect() - attach the PHY to phylink
 * @priv: the device
 *
 * Return: 0 (also with a fixed link or in-band mode, which need no PHY),
 * or a negative errno.
 */
int stmmac_phy_connect(struct stmmac_priv *priv)
{
	struct device_node *np = priv->device->of_node;
	struct phy_device *phy;
	int ret;

	if (stmmac_dt_has_phy(np))
		return phylink_of_phy_connect(priv->phylink, np, 0);
	if (!stmmac_phy_by_scan(np))
		return 0;
	if (!priv->mii)
		return -ENODEV;
	phy = stmmac_phy_scan(priv);
	if (!phy) {
		netdev_err(priv->dev, "no PHY found on %s\n", priv->mii->id);
		return -ENODEV;
	}
	ret = phylink_connect_phy(priv->phylink, phy);
	if (ret)
		netdev_err(priv->dev, "cannot attach PHY %s: %d\n",
			   phydev_name(phy), ret);
	return ret;
}
