// SPDX-License-Identifier: GPL-2.0-only
/*
 * Upstream's module parameters and its "stmmaceth=" boot option, under
 * upstream's names and meanings, so that a kernel command line or a
 * modprobe.d file written for it keeps working. Those that have no meaning
 * in this driver are accepted and named once in the log as ignored.
 *
 * Every value is read at probe: writing one in sysfs later (the 0644 ones,
 * as upstream) affects the next device probed, not a running one. The
 * values are plain ints that only probe reads, under the device core's
 * probe serialisation for one device; two devices probing at once read
 * the same values, which is all the sharing there is.
 */

#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/moduleparam.h>
#include <linux/netdevice.h>
#include <linux/string.h>
#include <kunit/visibility.h>

#include "stmmac.h"
#include "stmmac_compat.h"

static int watchdog = STMMAC_TX_TIMEOUT_MS;
module_param(watchdog, int, 0644);
MODULE_PARM_DESC(watchdog, "TX queue stall before the device is reset, in ms (5000)");

static int debug = -1;
module_param(debug, int, 0644);
MODULE_PARM_DESC(debug, "netif message bits: -1 the default set, 0 none, N the lowest N");

static int phyaddr = -1;
module_param(phyaddr, int, 0444);
MODULE_PARM_DESC(phyaddr, "MDIO address of the PHY, over snps,phy-addr (-1: DT or scan)");

/* The kernel's own default (stmmac_compat.h): set, it is only reported */
static int flow_ctrl = STMMAC_FLOW_CTRL_UNSET;
module_param(flow_ctrl, int, 0644);
MODULE_PARM_DESC(flow_ctrl, "Accepted, ignored: phylink negotiates pause (ethtool -A)");

static int pause = STMMAC_PAUSE_TIME;
module_param(pause, int, 0644);
MODULE_PARM_DESC(pause, "Pause time sent pause frames ask for, in 512-bit-time slots");

static int tc = 64;
module_param(tc, int, 0644);
MODULE_PARM_DESC(tc, "Accepted, ignored: the DMA runs store and forward");

static int buf_sz = 1536;
module_param(buf_sz, int, 0644);
MODULE_PARM_DESC(buf_sz, "Accepted, ignored: RX buffers are sized from the MTU");

static int eee_timer = STMMAC_LPI_TIMER_MS;
module_param(eee_timer, int, 0644);
MODULE_PARM_DESC(eee_timer, "TX idle time before LPI entry, in ms (EEE's initial tx-timer)");

static int chain_mode;
module_param(chain_mode, int, 0444);
MODULE_PARM_DESC(chain_mode, "Accepted, ignored: descriptors are in ring mode");

/* Ours, not upstream's: for QEMU's GMAC model (npcm_gmac, QEMU 10.0),
 * which sends intact only the first of the frames one poll demand finds.
 * Real cores take every owned descriptor up to the doorbell; the board
 * scripts set this, nothing else should.
 */
static bool tx_doorbell_each;
module_param(tx_doorbell_each, bool, 0444);
MODULE_PARM_DESC(tx_doorbell_each, "Ring the TX doorbell for every frame, not once per xmit burst (for QEMU's GMAC model)");

/* Ours too, for the same model, which gives a frame's last RX descriptor
 * back twice: without the last-segment bit, then with it. A real core
 * writes a descriptor's status back once.
 */
static bool rx_wait_last;
module_param(rx_wait_last, bool, 0444);
MODULE_PARM_DESC(rx_wait_last, "Leave an RX descriptor without the last-segment bit for the next poll while the next one is still the DMA's (for QEMU's GMAC model)");

/**
 * stmmac_param_clamp() - a parameter's value, or its default when out of
 * range
 * @val: the value the user gave
 * @min: smallest valid value
 * @max: largest valid value
 * @def: what an invalid value means, as upstream
 *
 * Return: @val if within [@min, @max], else @def.
 */
VISIBLE_IF_KUNIT int stmmac_param_clamp(int val, int min, int max, int def)
{
	return val < min || val > max ? def : val;
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_param_clamp);

/* One line per ignored parameter the user set, for the whole boot. */
static void stmmac_params_report(void)
{
	static bool reported;

	if (reported)
		return;
	reported = true;
	if (flow_ctrl != STMMAC_FLOW_CTRL_UNSET)
		pr_info("stmmac: flow_ctrl=%d ignored: phylink negotiates pause (ethtool -A)\n",
			flow_ctrl);
	if (tc != 64)
		pr_info("stmmac: tc=%d ignored: the DMA runs store and forward\n",
			tc);
	if (buf_sz != 1536)
		pr_info("stmmac: buf_sz=%d ignored: RX buffers are sized from the MTU\n",
			buf_sz);
	if (chain_mode)
		pr_info("stmmac: chain_mode=%d ignored: descriptors are in ring mode\n",
			chain_mode);
}

/**
 * stmmac_params_apply() - what the module parameters set on a new device
 * @priv: the device being probed, before its MDIO bus is registered
 *
 * The message level, the TX timeout, the PHY address (over the DT's
 * "snps,phy-addr", as upstream), the pause time sent in pause frames and
 * the LPI entry timer. Out-of-range values mean the default, as upstream.
 * And ours: the TX doorbell for every frame.
 */
void stmmac_params_apply(struct stmmac_priv *priv)
{
	stmmac_params_report();
	priv->msg_enable = netif_msg_init(debug, NETIF_MSG_DRV |
					  NETIF_MSG_PROBE | NETIF_MSG_LINK);
	priv->dev->watchdog_timeo =
		msecs_to_jiffies(stmmac_param_clamp(watchdog, 0, INT_MAX,
						    STMMAC_TX_TIMEOUT_MS));
	if (phyaddr >= 0 && phyaddr < PHY_MAX_ADDR)
		priv->plat->phy_addr = phyaddr;
	priv->pause_time = stmmac_param_clamp(pause, 0, 0xffff,
					      STMMAC_PAUSE_TIME);
	priv->eee_timer_ms = stmmac_param_clamp(eee_timer, 0, INT_MAX,
						STMMAC_LPI_TIMER_MS);
	priv->tx_doorbell_each = tx_doorbell_each;
	priv->rx_wait_last = rx_wait_last;
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_params_apply);

#ifndef MODULE
/* "stmmaceth=debug:16,phyaddr:1,...": the parameters above, for a kernel
 * with the driver built in, parsed as upstream does (an unparsable value
 * ends the parse with an error line; unknown keys are skipped).
 */
static int __init stmmac_cmdline(char *str)
{
	static const struct {
		const char *key;
		int *val;
	} keys[] = {
		{ "debug:", &debug }, { "phyaddr:", &phyaddr },
		{ "buf_sz:", &buf_sz }, { "tc:", &tc },
		{ "watchdog:", &watchdog }, { "flow_ctrl:", &flow_ctrl },
		{ "pause:", &pause }, { "eee_timer:", &eee_timer },
		{ "chain_mode:", &chain_mode },
	};
	char *opt;
	size_t i;

	while ((opt = strsep(&str, ","))) {
		for (i = 0; i < ARRAY_SIZE(keys); i++) {
			size_t n = strlen(keys[i].key);

			if (strncmp(opt, keys[i].key, n))
				continue;
			if (kstrtoint(opt + n, 0, keys[i].val)) {
				pr_err("stmmac: stmmaceth=: bad value in '%s'\n",
				       opt);
				return 1;
			}
			break;
		}
	}
	return 1;
}
__setup("stmmaceth=", stmmac_cmdline);
#endif
