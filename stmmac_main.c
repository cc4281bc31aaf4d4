// SPDX-License-Identifier: GPL-2.0-only
/*
 * The stmmac core: the net_device (probe, remove, open, stop, MTU, RX
 * mode, features, restart after a TX timeout, system sleep) and the
 * phylink glue. The data path it starts and stops is stmmac_datapath.c's.
 *
 * Locking: the netdev operations, the restart work and system sleep run
 * under RTNL (see stmmac_datapath.c). phylink's link callbacks run from
 * its resolve work, without RTNL: they, ethtool -K and the Wake-on-LAN
 * hooks change the MAC configuration registers by read-modify-write, each
 * under priv->mac_cfg_lock.
 */

#include <linux/dma-mapping.h>
#include <linux/etherdevice.h>
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/of.h>
#include <linux/phylink.h>
#include <linux/rtnetlink.h>
#include <kunit/visibility.h>

#include "stmmac.h"
#include "stmmac_xdp.h"
#include "stmmac_xsk.h"

static int stmmac_open(struct net_device *dev)
{
	struct stmmac_priv *priv = netdev_priv(dev);
	int ret;

	ret = stmmac_phy_connect(priv);
	if (ret) {
		netdev_err(dev, "cannot attach the PHY: %d\n", ret);
		return ret;
	}
	stmmac_eee_phy(priv, dev->phydev);
	stmmac_wol_phy(priv);
	ret = stmmac_up(priv);
	if (ret) {
		phylink_disconnect_phy(priv->phylink);
		return ret;
	}
	priv->running = true;
	return 0;
}

static int stmmac_release(struct net_device *dev)
{
	struct stmmac_priv *priv = netdev_priv(dev);

	if (priv->running)
		stmmac_down(priv);
	priv->running = false;
	phylink_disconnect_phy(priv->phylink);
	/* Present again if resume left it detached: open may start it. */
	netif_device_attach(dev);
	return 0;
}

/**
 * stmmac_suspend() - system sleep: stop the data path, keep the settings
 * @device: the bus device
 *
 * The rings go as at ifdown and are built again at resume; what the user
 * set (ring sizes, coalescing, MTU, features, addresses) stays in the
 * netdev and @priv, and stmmac_start() programs it all again.
 *
 * Return: 0.
 */
int stmmac_suspend(struct device *device)
{
	struct net_device *dev = dev_get_drvdata(device);
	struct stmmac_priv *priv = netdev_priv(dev);

	rtnl_lock();
	netif_device_detach(dev);
	priv->resume_up = priv->running;
	if (priv->running) {
		stmmac_down(priv);
		stmmac_wol_sleep(priv);
	}
	priv->running = false;
	rtnl_unlock();
	/* A restart the TX watchdog queued finds the data path down. */
	cancel_work_sync(&priv->reset_work);
	return 0;
}
EXPORT_SYMBOL_GPL(stmmac_suspend);

/**
 * stmmac_resume() - wake from system sleep: the data path as it was
 * @device: the bus device
 *
 * The glue has set up the MAC's surroundings again (stmmac_pltfr_pm_ops).
 * stmmac_start() powers the PHY up before it resets the MAC.
 *
 * Return: 0, or the error that kept the data path down.
 */
int stmmac_resume(struct device *device)
{
	struct net_device *dev = dev_get_drvdata(device);
	struct stmmac_priv *priv = netdev_priv(dev);
	int ret = 0;

	rtnl_lock();
	stmmac_wol_wake(priv);
	if (priv->resume_up) {
		ret = stmmac_up(priv);
		if (ret)
			stmmac_stopped(priv, ret);
		else
			priv->running = true;
	}
	/* An interface up whose data path is not (it did not start here, or
	 * a failed restart stopped it before the sleep) stays detached:
	 * attaching would wake its TX queues onto freed rings.
	 */
	if (priv->running || !netif_running(dev))
		netif_device_attach(dev);
	rtnl_unlock();
	return ret;
}
EXPORT_SYMBOL_GPL(stmmac_resume);

/**
 * stmmac_resume_failed() - wake from system sleep without the core
 * @device: the bus device
 * @err: why the core cannot be used (its glue could not set it up again)
 *
 * Nothing touches the core, which may be unclocked or held in reset. The
 * wake interrupt is given back. An interface that was up is left stopped
 * and detached, as a failed start at resume leaves it (set it down and up
 * to try again); one that was down is present again, so that it can be set
 * up.
 *
 * Return: @err.
 */
int stmmac_resume_failed(struct device *device, int err)
{
	struct net_device *dev = dev_get_drvdata(device);
	struct stmmac_priv *priv = netdev_priv(dev);

	rtnl_lock();
	stmmac_wol_abandon(priv);
	if (priv->resume_up)
		stmmac_stopped(priv, err);
	if (!netif_running(dev))
		netif_device_attach(dev);
	rtnl_unlock();
	return err;
}
EXPORT_SYMBOL_GPL(stmmac_resume_failed);

static void stmmac_reset_work(struct work_struct *work)
{
	struct stmmac_priv *priv = container_of(work, struct stmmac_priv,
						reset_work);
	struct net_device *dev = priv->dev;

	/* RTNL orders this against ndo_stop, ethtool and MTU changes: a
	 * device they stopped, or a failed start left stopped, is not
	 * running, and is left alone.
	 */
	rtnl_lock();
	if (netif_running(dev) && priv->running) {
		atomic_inc(&priv->restarts);
		stmmac_tx_unstall(priv);
		netdev_warn(dev, "restarting the DMA\n");
		/* Without memory for new rings, on the old ones' (rather
		 * than wait for another watchdog that a stopped RX DMA never
		 * triggers).
		 */
		stmmac_restart_all(priv);
	}
	rtnl_unlock();
}

static void stmmac_tx_timeout(struct net_device *dev, unsigned int txqueue)
{
	struct stmmac_priv *priv = netdev_priv(dev);

	netdev_err(dev, "TX queue %u timed out, restarting\n", txqueue);
	schedule_work(&priv->reset_work);
}

static int stmmac_change_mtu(struct net_device *dev, int mtu)
{
	struct stmmac_priv *priv = netdev_priv(dev);
	int ret = stmmac_xdp_mtu_check(priv, mtu);

	if (ret)
		return ret;
	return stmmac_reconfigure(priv, mtu, priv->tx_ring_size,
				  priv->rx_ring_size);
}

/* Called by the stack with the address lists locked. */
static void stmmac_set_rx_mode(struct net_device *dev)
{
	struct stmmac_priv *priv = netdev_priv(dev);

	priv->hw->set_filter(priv, dev);
}

/* Under RTNL, as is the restart that reprograms the address (hw_setup):
 * live, the MAC takes the new address from the next frame on.
 */
static int stmmac_set_mac_address(struct net_device *dev, void *addr)
{
	struct stmmac_priv *priv = netdev_priv(dev);
	int ret = eth_mac_addr(dev, addr);

	if (!ret)
		priv->hw->set_mac_addr(priv->ioaddr, dev->dev_addr);
	return ret;
}

static void stmmac_set_rx_csum(struct stmmac_priv *priv, bool on)
{
	/* RX stops trusting the engine before it goes off, and starts only
	 * once it is on.
	 */
	if (!on)
		stmmac_rx_csum(priv, false);
	mutex_lock(&priv->mac_cfg_lock);
	priv->hw->set_rx_csum(priv->ioaddr, on);
	mutex_unlock(&priv->mac_cfg_lock);
	if (on)
		stmmac_rx_csum(priv, true);
}

/* hw-tc-offload stays on while a tc flower rule is offloaded (tc would
 * leave the rule in the filter, out of its reach); the rule's deletion
 * applies what the user asked meanwhile (stmmac_flower.c).
 */
static netdev_features_t stmmac_fix_features(struct net_device *dev,
					     netdev_features_t features)
{
	struct stmmac_priv *priv = netdev_priv(dev);

	if (stmmac_flower_busy(priv, features)) {
		netdev_warn(dev, "hw-tc-offload stays on while a tc flower rule is offloaded: delete the rule\n");
		features |= NETIF_F_HW_TC;
	}
	return features;
}

/* The stack hands the VLAN IDs over (ndo_vlan_rx_add_vid) after the VLAN
 * filter is switched on here, and takes them back after it is switched
 * off: the filter follows @features here, the IDs there.
 */
static int stmmac_set_features(struct net_device *dev,
			       netdev_features_t features)
{
	struct stmmac_priv *priv = netdev_priv(dev);
	netdev_features_t changed = dev->features ^ features;

	if (changed & NETIF_F_RXCSUM)
		stmmac_set_rx_csum(priv, features & NETIF_F_RXCSUM);
	if (changed & NETIF_F_HW_VLAN_CTAG_FILTER)
		stmmac_vlan_filter(priv,
				   features & NETIF_F_HW_VLAN_CTAG_FILTER);
	return 0;
}

static int stmmac_ioctl(struct net_device *dev, struct ifreq *rq, int cmd)
{
	struct stmmac_priv *priv = netdev_priv(dev);

	return phylink_mii_ioctl(priv->phylink, rq, cmd);
}

static const struct net_device_ops stmmac_netdev_ops = {
	.ndo_open = stmmac_open,
	.ndo_stop = stmmac_release,
	.ndo_start_xmit = stmmac_xmit,
	.ndo_select_queue = stmmac_select_queue,
	.ndo_features_check = stmmac_features_check,
	.ndo_set_rx_mode = stmmac_set_rx_mode,
	.ndo_set_mac_address = stmmac_set_mac_address,
	.ndo_validate_addr = eth_validate_addr,
	.ndo_change_mtu = stmmac_change_mtu,
	.ndo_fix_features = stmmac_fix_features,
	.ndo_set_features = stmmac_set_features,
	.ndo_vlan_rx_add_vid = stmmac_vlan_rx_add_vid,
	.ndo_vlan_rx_kill_vid = stmmac_vlan_rx_kill_vid,
	.ndo_setup_tc = stmmac_setup_tc,
	.ndo_tx_timeout = stmmac_tx_timeout,
	.ndo_eth_ioctl = stmmac_ioctl,
	.ndo_get_stats64 = stmmac_get_stats64,
	.ndo_hwtstamp_get = stmmac_hwtstamp_get,
	.ndo_hwtstamp_set = stmmac_hwtstamp_set,
	.ndo_bpf = stmmac_bpf,
	.ndo_xdp_xmit = stmmac_xdp_xmit,
	.ndo_xsk_wakeup = stmmac_xsk_wakeup,
};

static struct stmmac_priv *stmmac_from_phylink(struct phylink_config *config)
{
	return netdev_priv(to_net_dev(config->dev));
}

static void stmmac_mac_config(struct phylink_config *config, unsigned int mode,
			      const struct phylink_link_state *state)
{
	/* Speed and duplex are programmed at link up; nothing else here. */
}

static void stmmac_mac_link_down(struct phylink_config *config,
				 unsigned int mode, phy_interface_t interface)
{
	struct stmmac_priv *priv = stmmac_from_phylink(config);

	stmmac_eee_link_down(priv);
	stmmac_fpe_link(priv, false);
	mutex_lock(&priv->mac_cfg_lock);
	priv->hw->mac_enable(priv->ioaddr, false);
	mutex_unlock(&priv->mac_cfg_lock);
}

static void stmmac_mac_link_up(struct phylink_config *config,
			       struct phy_device *phy, unsigned int mode,
			       phy_interface_t interface, int speed,
			       int duplex, bool tx_pause, bool rx_pause)
{
	struct stmmac_priv *priv = stmmac_from_phylink(config);

	mutex_lock(&priv->mac_cfg_lock);
	priv->hw->link_up(priv->ioaddr, speed, duplex, tx_pause, rx_pause,
			  priv->pause_time);
	if (priv->plat->fix_mac_speed)
		priv->plat->fix_mac_speed(priv->plat->priv_data, speed, mode);
	priv->hw->mac_enable(priv->ioaddr, true);
	mutex_unlock(&priv->mac_cfg_lock);
	stmmac_eee_link_up(priv, phy);
	stmmac_fpe_link(priv, true);
}

static struct phylink_pcs *stmmac_mac_select_pcs(struct phylink_config *config,
						 phy_interface_t interface)
{
	return stmmac_from_phylink(config)->plat->pcs;
}

static const struct phylink_mac_ops stmmac_phylink_ops = {
	.mac_select_pcs = stmmac_mac_select_pcs,
	.mac_config = stmmac_mac_config,
	.mac_link_down = stmmac_mac_link_down,
	.mac_link_up = stmmac_mac_link_up,
};

static int stmmac_phylink_setup(struct stmmac_priv *priv)
{
	struct phylink_config *cfg = &priv->phylink_config;
	phy_interface_t iface = priv->plat->interface;
	struct phylink *pl;

	cfg->dev = &priv->dev->dev;
	cfg->type = PHYLINK_NETDEV;
	/* stmmac_suspend() and stmmac_resume() order the PHY and the MAC;
	 * the MDIO bus's own sleep callbacks would resume it after the MAC.
	 */
	cfg->mac_managed_pm = true;
	cfg->mac_capabilities = MAC_ASYM_PAUSE | MAC_SYM_PAUSE |
				priv->hw->mac_capabilities;
	if (!priv->caps.half_duplex)
		cfg->mac_capabilities &= ~(MAC_10HD | MAC_100HD | MAC_1000HD);
	if (priv->plat->max_speed)
		phylink_limit_mac_speed(cfg, priv->plat->max_speed);
	if (phy_interface_mode_is_rgmii(iface))
		phy_interface_set_rgmii(cfg->supported_interfaces);
	else
		__set_bit(iface, cfg->supported_interfaces);

	pl = phylink_create(cfg, dev_fwnode(priv->device), iface,
			    &stmmac_phylink_ops);
	if (IS_ERR(pl))
		return PTR_ERR(pl);
	priv->phylink = pl;
	return 0;
}

static void stmmac_set_mac(struct stmmac_priv *priv,
			   struct stmmac_resources *res)
{
	struct net_device *dev = priv->dev;
	u8 addr[ETH_ALEN];

	if (is_valid_ether_addr(res->mac)) {
		eth_hw_addr_set(dev, res->mac);
		return;
	}
	priv->hw->get_mac_addr(priv->ioaddr, addr);
	if (is_valid_ether_addr(addr)) {
		eth_hw_addr_set(dev, addr);
		return;
	}
	eth_hw_addr_random(dev);
	dev_info(priv->device, "no valid MAC address, using random %pM\n",
		 dev->dev_addr);
}

static void stmmac_init_queues(struct stmmac_priv *priv)
{
	u32 i;

	for (i = 0; i < STMMAC_MAX_QUEUES; i++) {
		struct stmmac_channel *ch = &priv->channel[i];

		spin_lock_init(&ch->lock);
		ch->priv = priv;
		ch->index = i;
		priv->txq[i].priv = priv;
		priv->txq[i].index = i;
		priv->rxq[i].priv = priv;
		priv->rxq[i].index = i;
		u64_stats_init(&priv->txq[i].xmit_stats.syncp);
		u64_stats_init(&priv->txq[i].clean_stats.syncp);
		u64_stats_init(&priv->rxq[i].stats.syncp);
		stmmac_rxq_init(&priv->rxq[i]);
	}
	stmmac_queues_init(priv);
}

static void stmmac_del_queues(struct stmmac_priv *priv)
{
	u32 i;

	for (i = 0; i < STMMAC_MAX_QUEUES; i++)
		stmmac_rxq_exit(&priv->rxq[i]);
	stmmac_queues_exit(priv);
}

static void stmmac_set_features_caps(struct stmmac_priv *priv)
{
	struct net_device *dev = priv->dev;

	dev->hw_features = NETIF_F_SG;
	priv->csum_queues = stmmac_csum_mask(priv, priv->tx_queues);
	stmmac_tc_pick(priv);
	if (priv->csum_queues)
		dev->hw_features |= NETIF_F_IP_CSUM | NETIF_F_IPV6_CSUM;
	if (priv->csum_queues && priv->caps.tso && !priv->plat->no_tso &&
	    priv->desc->tx_tso_first)
		dev->hw_features |= NETIF_F_TSO | NETIF_F_TSO6;
	if (priv->caps.rx_coe)
		dev->hw_features |= NETIF_F_RXCSUM;
	/* On by default, as upstream; off, a capture on the port sees every
	 * VLAN without going promiscuous.
	 */
	if (priv->caps.vlan_hash)
		dev->hw_features |= NETIF_F_HW_VLAN_CTAG_FILTER;
	if (priv->caps.vlan_ins && priv->desc->tx_ctx_vlan)
		dev->hw_features |= NETIF_F_HW_VLAN_CTAG_TX;
	/* On by default, as upstream; off, the RX path puts the tag the MAC
	 * took out back into the frame.
	 */
	if (priv->caps.vlan_strip)
		dev->hw_features |= NETIF_F_HW_VLAN_CTAG_RX;
	/* tc flower's drop rule (stmmac_flower.c); on by default, as upstream */
	if (priv->caps.l3l4_filters && priv->hw->set_l3l4)
		dev->hw_features |= NETIF_F_HW_TC;
	dev->features = dev->hw_features | NETIF_F_HIGHDMA;
	priv->vlan_filter = dev->features & NETIF_F_HW_VLAN_CTAG_FILTER;
	/* VLAN devices on top keep the offloads (the tag travels in the
	 * frame, or the MAC inserts it past the engines);
	 * stmmac_features_check() takes them back from each frame whose
	 * tags the engines are not known to parse. The VLAN offloads are the
	 * port's own: a device stacked on a VLAN device tags in software; so
	 * is tc's, whose rules match the port's frames.
	 */
	dev->vlan_features = dev->features &
			     ~(NETIF_F_RXCSUM | NETIF_F_HW_VLAN_CTAG_FILTER |
			       NETIF_F_HW_VLAN_CTAG_TX |
			       NETIF_F_HW_VLAN_CTAG_RX | NETIF_F_HW_TC);
	/* Extra unicast addresses go to the perfect filter, or promiscuous
	 * mode when they do not fit (stmmac_filter_build()).
	 */
	dev->priv_flags |= IFF_UNICAST_FLT | IFF_LIVE_ADDR_CHANGE;
	dev->min_mtu = ETH_MIN_MTU;
	dev->max_mtu = stmmac_max_mtu(priv, priv->tx_queues);
}

static int stmmac_probe_core(struct stmmac_priv *priv,
			     struct stmmac_resources *res)
{
	struct stmmac_plat *plat = priv->plat;
	int ret;

	u32 hw_tx, hw_rx, i;

	ret = stmmac_hwif_init(priv);
	if (ret)
		return ret;
	hw_tx = clamp_t(u32, priv->caps.tx_queues, 1, STMMAC_MAX_QUEUES);
	hw_rx = clamp_t(u32, priv->caps.rx_queues, 1, STMMAC_MAX_QUEUES);
	/* The DT may ask for fewer queues than the core has, never more. */
	priv->tx_queues = clamp_t(u32, plat->tx_queues ?: hw_tx, 1, hw_tx);
	priv->rx_queues = clamp_t(u32, plat->rx_queues ?: hw_rx, 1, hw_rx);
	/* Every line the core has: ethtool -L may use more queues. */
	for (i = 0; i < STMMAC_MAX_QUEUES; i++) {
		priv->rx_irq[i] = i < hw_rx ? res->rx_irq[i] : 0;
		priv->tx_irq[i] = i < hw_tx ? res->tx_irq[i] : 0;
	}
	priv->tx_ring_size = STMMAC_RING_DEF;
	priv->rx_ring_size = STMMAC_RING_DEF;
	ret = dma_set_mask_and_coherent(priv->device,
					DMA_BIT_MASK(priv->caps.addr_bits));
	if (ret)
		return dev_err_probe(priv->device, ret, "no usable DMA mask\n");
	ret = netif_set_real_num_tx_queues(priv->dev, priv->tx_queues);
	if (!ret)
		ret = netif_set_real_num_rx_queues(priv->dev, priv->rx_queues);
	return ret;
}

static const char *stmmac_desc_name(struct stmmac_priv *priv)
{
	if (priv->plat->core == STMMAC_CORE_XGMAC)
		return "XGMAC";
	if (priv->desc == &dwmac1000_atds_desc_ops)
		return "enhanced 32-byte";
	return priv->caps.enh_desc ? "enhanced" : "normal";
}

/**
 * stmmac_dvr_probe() - create the net_device for a core the glue set up
 * @device: the bus device; its clocks are on and resets released
 * @plat: the board configuration, kept for the device's lifetime
 * @res: the register window, interrupt and firmware MAC address
 *
 * Return: 0 or a negative errno.
 */
int stmmac_dvr_probe(struct device *device, struct stmmac_plat *plat,
		     struct stmmac_resources *res)
{
	struct stmmac_priv *priv;
	struct net_device *dev;
	int ret;

	dev = devm_alloc_etherdev_mqs(device, sizeof(*priv), STMMAC_MAX_QUEUES,
				      STMMAC_MAX_QUEUES);
	if (!dev)
		return -ENOMEM;
	SET_NETDEV_DEV(dev, device);
	priv = netdev_priv(dev);
	priv->dev = dev;
	priv->device = device;
	priv->plat = plat;
	priv->ioaddr = res->ioaddr;
	priv->irq = res->irq;
	stmmac_params_apply(priv);
	INIT_WORK(&priv->reset_work, stmmac_reset_work);
	mutex_init(&priv->mac_cfg_lock);
	stmmac_mmc_init(priv);
	stmmac_eee_init(priv, priv->eee_timer_ms);
	stmmac_fpe_init(priv);
	dev_set_drvdata(device, dev);

	ret = stmmac_probe_core(priv, res);
	if (ret)
		return ret;
	stmmac_init_queues(priv);
	priv->rx_copybreak = stmmac_rx_copybreak_default(priv);
	stmmac_coal_init(priv, plat->clk_rate,
			 priv->caps.riwt && !plat->no_riwt);
	stmmac_wol_init(priv, res->wol_irq);
	stmmac_set_mac(priv, res);
	stmmac_set_features_caps(priv);
	dev->netdev_ops = &stmmac_netdev_ops;
	stmmac_set_ethtool_ops(priv);
	stmmac_set_stat_ops(priv);
	stmmac_xdp_init(priv);

	ret = stmmac_mdio_register(priv);
	if (ret)
		goto err_queues;
	ret = stmmac_phylink_setup(priv);
	if (ret)
		goto err_mdio;
	stmmac_ptp_probe(priv);
	ret = register_netdev(dev);
	if (ret)
		goto err_ptp;
	stmmac_debugfs_init(priv);
	netdev_info(dev, "%s %x.%x, %u/%u TX/RX queues, %s descriptors, TX csum %s, TSO %s, RX csum %s, RX watchdog %s\n",
		    plat->core == STMMAC_CORE_XGMAC ? "XGMAC" : "GMAC",
		    priv->caps.version >> 4, priv->caps.version & 0xf,
		    priv->tx_queues, priv->rx_queues,
		    stmmac_desc_name(priv),
		    str_on_off(dev->features & NETIF_F_IP_CSUM),
		    str_on_off(dev->features & NETIF_F_TSO),
		    str_on_off(dev->features & NETIF_F_RXCSUM),
		    str_on_off(priv->coal.has_riwt));
	return 0;

err_ptp:
	stmmac_ptp_remove(priv);
	phylink_destroy(priv->phylink);
err_mdio:
	stmmac_mdio_unregister(priv);
err_queues:
	stmmac_wol_exit(priv);
	stmmac_del_queues(priv);
	return ret;
}
EXPORT_SYMBOL_GPL(stmmac_dvr_probe);

/**
 * stmmac_dvr_remove() - undo stmmac_dvr_probe()
 * @device: the bus device
 */
void stmmac_dvr_remove(struct device *device)
{
	struct net_device *dev = dev_get_drvdata(device);
	struct stmmac_priv *priv = netdev_priv(dev);

	stmmac_debugfs_exit(priv);
	unregister_netdev(dev);
	cancel_work_sync(&priv->reset_work);
	stmmac_xdp_exit(priv);
	stmmac_eee_exit(priv);
	stmmac_ptp_remove(priv);
	phylink_destroy(priv->phylink);
	stmmac_mdio_unregister(priv);
	stmmac_wol_exit(priv);
	stmmac_del_queues(priv);
}
EXPORT_SYMBOL_GPL(stmmac_dvr_remove);

MODULE_DESCRIPTION("Synopsys DesignWare MAC driver with once-per-window TX coalescing");
MODULE_LICENSE("GPL");
