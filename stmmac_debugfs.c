// SPDX-License-Identifier: GPL-2.0-only
/*
 * debugfs: the hooks of the stress tests and the benchmark, built only with
 * CONFIG_STMMAC_TEST_HOOKS. Everything here keeps the production behaviour
 * unless someone writes to it.
 *
 *   /sys/kernel/debug/stmmac-<device>/tx_stall
 *	1: xmit queues frames but no longer rings the TX doorbell, so the
 *	TX queue stalls until the watchdog restarts the device (which
 *	clears the flag). Proves the TX timeout recovery end to end.
 *   /sys/kernel/debug/stmmac-<device>/coal_burst_ic
 *	1: IC also at the end of every xmit burst (the previous TX policy),
 *	so that the benchmark measures both in one boot.
 *   /sys/kernel/debug/stmmac-<device>/coal_pacing
 *	0: TCP is not told the TX completion delay (the benchmark's control).
 */

#include <linux/debugfs.h>
#include <linux/netdevice.h>

#include "stmmac.h"

/**
 * stmmac_debugfs_init() - create the device's debugfs directory
 * @priv: the device
 */
void stmmac_debugfs_init(struct stmmac_priv *priv)
{
	char name[64];

	/* Named after the bus device: interface names change. */
	snprintf(name, sizeof(name), "stmmac-%s", dev_name(priv->device));
	priv->debugfs = debugfs_create_dir(name, NULL);
	debugfs_create_bool("tx_stall", 0600, priv->debugfs, &priv->tx_stall);
	debugfs_create_bool("coal_burst_ic", 0600, priv->debugfs,
			    &priv->coal.burst_ic);
	debugfs_create_bool("coal_pacing", 0600, priv->debugfs,
			    &priv->coal.pacing);
}

/**
 * stmmac_debugfs_exit() - remove the device's debugfs directory
 * @priv: the device
 */
void stmmac_debugfs_exit(struct stmmac_priv *priv)
{
	debugfs_remove_recursive(priv->debugfs);
	priv->debugfs = NULL;
}
