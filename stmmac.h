/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Core data structures of the stmmac driver: one struct per device, one per
 * DMA channel, and the table of operations that differ between IP cores.
 */

#ifndef __STMMAC_H__
#define __STMMAC_H__

#include <linux/netdevice.h>
#include <linux/spinlock.h>
#include <linux/types.h>

#include "stmmac_coal.h"

struct stmmac_priv;

/**
 * struct stmmac_hw_ops - operations whose registers differ between IP cores
 * @dma_irq_enable: unmask the RX and/or TX interrupt of one DMA channel
 * @dma_irq_disable: mask the RX and/or TX interrupt of one DMA channel
 * @rx_watchdog: program the RX interrupt watchdog (RIWT, in units of 256
 *	MAC clock cycles) of one RX queue; NULL when the core has none
 *
 * Callers hold the channel's @lock around the interrupt mask updates, since
 * RX and TX share one mask register per channel.
 */
struct stmmac_hw_ops {
	void (*dma_irq_enable)(void __iomem *ioaddr, u32 chan, bool rx, bool tx);
	void (*dma_irq_disable)(void __iomem *ioaddr, u32 chan, bool rx, bool tx);
	void (*rx_watchdog)(void __iomem *ioaddr, u32 queue, u32 riwt);
};

/**
 * struct stmmac_channel - one DMA channel: an RX and a TX queue
 * @rx_napi: RX NAPI context
 * @tx_napi: TX completion NAPI context
 * @lock: serialises read-modify-write of the channel's interrupt mask
 * @priv: the device
 * @index: channel number
 */
struct stmmac_channel {
	struct napi_struct rx_napi;
	struct napi_struct tx_napi;
	spinlock_t lock;	/* the channel's interrupt mask */
	struct stmmac_priv *priv;
	u32 index;
};

/**
 * struct stmmac_priv - per-device state, the net_device's private area
 * @dev: the net_device
 * @ioaddr: MAC register window
 * @hw: operations of this IP core
 * @tx_queues: TX queues in use
 * @rx_queues: RX queues in use
 * @channel: DMA channels, max(@tx_queues, @rx_queues) of them in use
 * @coal: interrupt coalescing state of every queue
 */
struct stmmac_priv {
	struct net_device *dev;
	void __iomem *ioaddr;
	const struct stmmac_hw_ops *hw;
	u32 tx_queues;
	u32 rx_queues;
	struct stmmac_channel channel[STMMAC_MAX_QUEUES];
	struct stmmac_coal coal;
};

#endif /* __STMMAC_H__ */
