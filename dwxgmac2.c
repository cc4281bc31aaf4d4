// SPDX-License-Identifier: GPL-2.0-only
/*
 * DesignWare XGMAC 2.x: MAC, MTL queues, multi-channel DMA with tail
 * pointers, MDIO (clause 22 and 45), RMON counters, and its descriptor
 * format (normal, TSO and context descriptors). The receive filter is in
 * dwxgmac2_filter.c.
 */

#include <linux/bitfield.h>
#include <linux/etherdevice.h>
#include <linux/if_vlan.h>
#include <linux/io.h>
#include <linux/iopoll.h>
#include <linux/math64.h>
#include <linux/netdevice.h>
#include <linux/sizes.h>
#include <kunit/visibility.h>

#include "dwxgmac2.h"
#include "stmmac.h"

#define XGMAC_RESET_TIMEOUT_US	100000
/* A stop completes once the packet in progress is done. */
#define XGMAC_DMA_STOP_TIMEOUT_US	20000
#define XGMAC_MDIO_TIMEOUT_US	10000
#define XGMAC_FIFO_UNIT		256

static void xgmac_update(void __iomem *reg, u32 clear, u32 set)
{
	writel((readl(reg) & ~clear) | set, reg);
}

static u32 xgmac_channels(const struct stmmac_priv *priv)
{
	return max(priv->tx_queues, priv->rx_queues);
}

/* Interrupts and the RX watchdog */

static u32 xgmac_irq_bits(bool rx, bool tx)
{
	return (rx ? XGMAC_DMA_RI : 0) | (tx ? XGMAC_DMA_TI : 0);
}

static void xgmac_dma_irq_enable(void __iomem *ioaddr, u32 chan, bool rx,
				 bool tx)
{
	xgmac_update(ioaddr + XGMAC_DMA_CH_INT_EN(chan), 0,
		     xgmac_irq_bits(rx, tx));
	/* Read back: the unmask has reached the core before the caller
	 * looks at its ring for what completed under the mask.
	 */
	readl(ioaddr + XGMAC_DMA_CH_INT_EN(chan));
}

static void xgmac_dma_irq_disable(void __iomem *ioaddr, u32 chan, bool rx,
				  bool tx)
{
	xgmac_update(ioaddr + XGMAC_DMA_CH_INT_EN(chan),
		     xgmac_irq_bits(rx, tx), 0);
}

static void xgmac_rx_watchdog(void __iomem *ioaddr, u32 queue, u32 riwt)
{
	/* The unit field next to RWT stays 0: 256 clock cycles per count. */
	writel(FIELD_PREP(XGMAC_DMA_RWT, riwt),
	       ioaddr + XGMAC_DMA_CH_RX_WATCHDOG(queue));
}

/* Capabilities */

static u32 xgmac_addr_bits(u32 hwf1)
{
	switch (FIELD_GET(XGMAC_HWF1_ADDR64, hwf1)) {
	case 1:
		return 40;
	case 2:
		return 48;
	default:
		return 32;
	}
}

static u32 xgmac_num_tc(void __iomem *ioaddr)
{
	return FIELD_GET(XGMAC_HWF1_NUMTC,
			 readl(ioaddr + XGMAC_HW_FEATURE1)) + 1;
}

/* NRVF's codes: 0 is the one tag of MAC_VLAN_Tag's VL field, no entries
 * (we filter through the hash there); 6 and 7 are reserved.
 */
static u32 xgmac_vlan_entries(u32 hwf3)
{
	static const u8 entries[] = { 0, 4, 8, 16, 24, 32 };
	u32 code = FIELD_GET(XGMAC_HWF3_NRVF, hwf3);

	return code < ARRAY_SIZE(entries) ? entries[code] : 0;
}

/* L3L4FNUM's codes: 0-7 that many filters, 8 and up 8 << (code - 8), at
 * most 32 (upstream's decoding; the databook we have stops at 10).
 */
static u32 xgmac_l3l4_filters(u32 hwf1)
{
	u32 code = FIELD_GET(XGMAC_HWF1_L3L4FNUM, hwf1);

	return code < 8 ? code : 8U << min(code - 8, 2U);
}

static void xgmac_read_caps(void __iomem *ioaddr, struct stmmac_caps *caps)
{
	u32 hwf0 = readl(ioaddr + XGMAC_HW_FEATURE0);
	u32 hwf1 = readl(ioaddr + XGMAC_HW_FEATURE1);
	u32 hwf2 = readl(ioaddr + XGMAC_HW_FEATURE2);
	u32 hwf3 = readl(ioaddr + XGMAC_HW_FEATURE3);

	caps->version = FIELD_GET(XGMAC_VERSION_SNPS,
				  readl(ioaddr + XGMAC_VERSION));
	caps->enh_desc = false;
	caps->tx_coe = hwf0 & XGMAC_HWF0_TXCOESEL;
	caps->rx_coe = hwf0 & XGMAC_HWF0_RXCOESEL;
	caps->rx_coe_type1 = false;
	caps->mmc = hwf0 & XGMAC_HWF0_MMCSEL;
	caps->half_duplex = hwf0 & XGMAC_HWF0_HDSEL;
	caps->hash_filter = FIELD_GET(XGMAC_HWF1_HASHTBLSZ, hwf1);
	caps->mc_bins = caps->hash_filter ?
			32U << FIELD_GET(XGMAC_HWF1_HASHTBLSZ, hwf1) : 0;
	caps->uc_entries = min_t(u32, XGMAC_ADDR_MAX,
				 FIELD_GET(XGMAC_HWF0_ADDMACADRSEL, hwf0) + 1);
	caps->tso = hwf1 & XGMAC_HWF1_TSOEN;
	caps->eee = hwf0 & XGMAC_HWF0_EEESEL;
	caps->pmt_magic = hwf0 & XGMAC_HWF0_MGKSEL;
	caps->pmt_ucast = hwf0 & XGMAC_HWF0_RWKSEL;
	caps->riwt = true;
	caps->c45 = true;
	/* A queue is usable only with a DMA channel of the same number. */
	caps->tx_queues = min(FIELD_GET(XGMAC_HWF2_TXQCNT, hwf2),
			      FIELD_GET(XGMAC_HWF2_TXCHCNT, hwf2)) + 1;
	caps->rx_queues = min(FIELD_GET(XGMAC_HWF2_RXQCNT, hwf2),
			      FIELD_GET(XGMAC_HWF2_RXCHCNT, hwf2)) + 1;
	caps->addr_bits = xgmac_addr_bits(hwf1);
	caps->tx_fifo = 128U << FIELD_GET(XGMAC_HWF1_TXFIFOSIZE, hwf1);
	caps->rx_fifo = 128U << FIELD_GET(XGMAC_HWF1_RXFIFOSIZE, hwf1);
	caps->ts = hwf0 & XGMAC_HWF0_TSSEL;
	caps->pps_out = FIELD_GET(XGMAC_HWF2_PPSOUTNUM, hwf2);
	caps->vlan_hash = hwf0 & XGMAC_HWF0_VLHASH;
	caps->vlan_entries = xgmac_vlan_entries(hwf3);
	caps->vlan_ins = hwf0 & XGMAC_HWF0_SAVLANINS;
	caps->av = hwf0 & XGMAC_HWF0_AVSEL;
	caps->num_tc = xgmac_num_tc(ioaddr);
	caps->fpe = hwf3 & XGMAC_HWF3_FPESEL;
	/* no feature bit: every XGMAC 2.x strips, as upstream assumes */
	caps->vlan_strip = true;
	caps->est_wid = hwf3 & XGMAC_HWF3_ESTSEL ?
		stmmac_est_width(FIELD_GET(XGMAC_HWF3_ESTWID, hwf3)) : 0;
	caps->est_depth = caps->est_wid ?
		stmmac_est_depth(FIELD_GET(XGMAC_HWF3_ESTDEP, hwf3)) : 0;
	caps->tbs = hwf3 & XGMAC_HWF3_TBSSEL;
	caps->l3l4_filters = xgmac_l3l4_filters(hwf1);
}

static int xgmac_reset(void __iomem *ioaddr)
{
	u32 val;

	xgmac_update(ioaddr + XGMAC_DMA_MODE, 0, XGMAC_DMA_MODE_SWR);
	/* The reset completes only with the PHY-side clocks running. */
	return readl_poll_timeout(ioaddr + XGMAC_DMA_MODE, val,
				  !(val & XGMAC_DMA_MODE_SWR), 10,
				  XGMAC_RESET_TIMEOUT_US);
}

/* MAC and MTL set-up */

/* Frame size limits for an MTU: the defaults (giant above 1518 bytes, or
 * 1522 tagged) up to 1500; above, a programmed giant limit, and the
 * receive watchdog (which cuts frames at 2 KiB) off.
 */
static u32 xgmac_rx_size_bits(unsigned int mtu)
{
	u32 frame = mtu + STMMAC_FRAME_OVERHEAD;

	if (mtu <= ETH_DATA_LEN)
		return 0;
	return XGMAC_RXCFG_GPSLCE | XGMAC_RXCFG_WD |
	       FIELD_PREP(XGMAC_RXCFG_GPSL,
			  min_t(u32, frame, XGMAC_GIANT_MAX));
}

static void xgmac_mask_mmc_irqs(void __iomem *ioaddr)
{
	/* The RX and TX registers enable, the others mask. */
	writel(0, ioaddr + XGMAC_MMC_RX_INT_EN);
	writel(0, ioaddr + XGMAC_MMC_TX_INT_EN);
	writel(~0U, ioaddr + XGMAC_MMC_IPC_INT_MASK);
	writel(~0U, ioaddr + XGMAC_MMC_FPE_TX_INT_MASK);
	writel(~0U, ioaddr + XGMAC_MMC_FPE_RX_INT_MASK);
}

static void xgmac_core_init(struct stmmac_priv *priv)
{
	void __iomem *ioaddr = priv->ioaddr;
	u32 rx = xgmac_rx_size_bits(priv->dev->mtu);

	writel(XGMAC_TXCFG_JD, ioaddr + XGMAC_TX_CONFIG);
	/* No ACS/CST: the FCS stays on every frame, whose length the RX path
	 * reduces by 4 bytes, as on every other core.
	 */
	if (priv->caps.rx_coe && (priv->dev->features & NETIF_F_RXCSUM))
		rx |= XGMAC_RXCFG_IPC;
	writel(rx, ioaddr + XGMAC_RX_CONFIG);
	/* The tag to insert and the operation come from the descriptors (a
	 * frame without VTIR keeps its bytes); CSVL clear: 802.1Q, 0x8100.
	 * Upstream sets CSVL, which the databook's S-VLAN bit is, for its
	 * 802.1Q offload; the tc956x and DPDK XGMAC drivers leave it clear.
	 */
	if (priv->caps.vlan_ins)
		writel(XGMAC_VLAN_VLTI, ioaddr + XGMAC_VLAN_INCL);

	/* Nothing in the MAC or the RMON block may interrupt: link changes
	 * come from phylink and counters are read on demand.
	 */
	writel(0, ioaddr + XGMAC_INT_EN);
	if (priv->caps.mmc) {
		xgmac_mask_mmc_irqs(ioaddr);
		writel(XGMAC_MMC_CTRL_RESET | XGMAC_MMC_CTRL_ROR,
		       ioaddr + XGMAC_MMC_CTRL);
	}
}

/* A FIFO shared equally by @n queues: each queue's size field, in
 * 256-byte blocks minus one (one block at least).
 */
static u32 xgmac_fifo_blocks(u32 fifo, u32 n)
{
	u32 blocks = fifo / n / XGMAC_FIFO_UNIT;

	return blocks ? blocks - 1 : 0;
}

/* How a traffic class takes its turn: by strict priority, by its weight
 * under the scheduler MTL_OPMODE's ETSALG names, or, for an AV queue's
 * class, by the credit-based shaper. Where several queues share the last
 * class, the last queue's settings are the class's.
 */
static void xgmac_mtl_tc(struct stmmac_priv *priv, u32 q, u32 tc)
{
	const struct stmmac_cbs *cbs = &priv->cbs[q];
	const struct stmmac_plat *plat = priv->plat;
	void __iomem *ioaddr = priv->ioaddr;
	u32 tsa = XGMAC_MTL_TC_TSA_SP;

	if (cbs->on) {
		writel(cbs->send_slope, ioaddr + XGMAC_MTL_TC_SENDSLOPE(tc));
		writel(cbs->idle_slope, ioaddr + XGMAC_MTL_TC_QW(tc));
		writel(cbs->hi_credit, ioaddr + XGMAC_MTL_TC_HICREDIT(tc));
		writel(cbs->lo_credit, ioaddr + XGMAC_MTL_TC_LOCREDIT(tc));
		writel(FIELD_PREP(XGMAC_MTL_TC_TSA, XGMAC_MTL_TC_TSA_CBS) |
		       XGMAC_MTL_TC_CC, ioaddr + XGMAC_MTL_TC_ETS_CTRL(tc));
		return;
	}
	if (plat->tx_sched != STMMAC_TX_SP && priv->tx_queues > 1) {
		tsa = XGMAC_MTL_TC_TSA_ETS;
		writel(plat->tx_weight[q] ?: 0x10 + q,
		       ioaddr + XGMAC_MTL_TC_QW(tc));
	}
	writel(FIELD_PREP(XGMAC_MTL_TC_TSA, tsa),
	       ioaddr + XGMAC_MTL_TC_ETS_CTRL(tc));
}

static void xgmac_mtl_tx_queue(struct stmmac_priv *priv, u32 q)
{
	void __iomem *ioaddr = priv->ioaddr;
	u32 tqs = xgmac_fifo_blocks(priv->caps.tx_fifo, priv->tx_queues);
	u32 tc = stmmac_txq_class(priv, q), op, last = q, p;

	/* Store-and-forward unless the board forces thresholds: checksum
	 * insertion and TSO need the whole frame in the FIFO.
	 */
	op = priv->plat->force_thresh ? FIELD_PREP(XGMAC_MTL_TXQ_TTC, 0) :
					XGMAC_MTL_TXQ_TSF;
	op |= FIELD_PREP(XGMAC_MTL_TXQ_TXQEN, priv->cbs[q].on ?
					      XGMAC_MTL_TXQ_TXQEN_AV :
					      XGMAC_MTL_TXQ_TXQEN_ON) |
	      FIELD_PREP(XGMAC_MTL_TXQ_Q2TCMAP, tc) |
	      FIELD_PREP(XGMAC_MTL_TXQ_TQS, tqs);
	writel(op, ioaddr + XGMAC_MTL_TXQ_OPMODE(q));
	/* whichever queue is set up, its class's settings are the same */
	for (p = q + 1; p < priv->tx_queues; p++)
		if (stmmac_txq_class(priv, p) == tc)
			last = p;
	xgmac_mtl_tc(priv, last, tc);
}

/* The schedulers: between TX traffic classes in ETS (used only by classes
 * set to it), between RX queues.
 */
static void xgmac_mtl_sched(struct stmmac_priv *priv)
{
	static const u32 etsalg[] = {
		[STMMAC_TX_WRR] = 0, [STMMAC_TX_WFQ] = 1, [STMMAC_TX_DWRR] = 2,
	};
	const struct stmmac_plat *plat = priv->plat;
	u32 op = 0;

	if (plat->tx_sched != STMMAC_TX_SP)
		op |= FIELD_PREP(XGMAC_MTL_ETSALG, etsalg[plat->tx_sched]);
	if (plat->rx_wsp && priv->rx_queues > 1)
		op |= XGMAC_MTL_RAA;
	writel(op, priv->ioaddr + XGMAC_MTL_OPMODE);
}

/* Pause thresholds for an RX queue FIFO of @fifo bytes, 0 if too small to
 * hold two frames above the activation point.
 */
static u32 xgmac_rx_flow_bits(u32 fifo)
{
	u32 rfa, rfd;

	if (fifo < SZ_4K)
		return 0;
	if (fifo == SZ_4K) {
		rfa = 1;	/* full - 1.5 KiB */
		rfd = 3;	/* full - 2.5 KiB */
	} else {
		rfa = 4;	/* full - 3 KiB */
		rfd = 7;	/* full - 4.5 KiB */
	}
	return FIELD_PREP(XGMAC_MTL_RXQ_RFA, rfa) |
	       FIELD_PREP(XGMAC_MTL_RXQ_RFD, rfd);
}

static void xgmac_mtl_rx_queue(struct stmmac_priv *priv, u32 q)
{
	void __iomem *ioaddr = priv->ioaddr;
	u32 fifo = priv->caps.rx_fifo / priv->rx_queues;
	u32 flow = xgmac_rx_flow_bits(fifo);
	u32 op;

	op = priv->plat->force_thresh ? FIELD_PREP(XGMAC_MTL_RXQ_RTC, 0) :
					XGMAC_MTL_RXQ_RSF;
	op |= FIELD_PREP(XGMAC_MTL_RXQ_RQS,
			 xgmac_fifo_blocks(priv->caps.rx_fifo,
					   priv->rx_queues));
	/* Hardware flow control: the queue's fill level sends pause frames
	 * once link_up() enables them.
	 */
	if (flow) {
		op |= XGMAC_MTL_RXQ_EHFC;
		writel(flow, ioaddr + XGMAC_MTL_RXQ_FLOW(q));
	}
	writel(op, ioaddr + XGMAC_MTL_RXQ_OPMODE(q));
}

static void xgmac_mtl_init(struct stmmac_priv *priv)
{
	void __iomem *ioaddr = priv->ioaddr;
	u32 map[2] = { 0, 0 }, rxq_en = 0, q;

	xgmac_mtl_sched(priv);
	for (q = 0; q < priv->tx_queues; q++)
		xgmac_mtl_tx_queue(priv, q);
	for (q = 0; q < priv->rx_queues; q++) {
		xgmac_mtl_rx_queue(priv, q);
		/* RX queue q feeds DMA channel q, statically. */
		map[q / 4] |= FIELD_PREP(XGMAC_MTL_RXQ_CHAN, q) <<
			      XGMAC_MTL_RXQ_CHAN_SHIFT(q);
		rxq_en |= FIELD_PREP(XGMAC_RXQ_EN, XGMAC_RXQ_EN_DCB) <<
			  XGMAC_RXQ_EN_SHIFT(q);
	}
	writel(map[0], ioaddr + XGMAC_MTL_RXQ_DMA_MAP(0));
	writel(map[1], ioaddr + XGMAC_MTL_RXQ_DMA_MAP(1));
	writel(rxq_en, ioaddr + XGMAC_RXQ_CTRL0);
}

/* DMA set-up */

/* Per-channel interrupt lines carry RI/TI alone only if every direction
 * in use has one; otherwise they must reach the common interrupt too.
 */
static bool xgmac_all_chan_irqs(const struct stmmac_priv *priv)
{
	u32 i;

	for (i = 0; i < priv->rx_queues; i++)
		if (!priv->rx_irq[i])
			return false;
	for (i = 0; i < priv->tx_queues; i++)
		if (!priv->tx_irq[i])
			return false;
	return true;
}

static void xgmac_dma_sysbus(struct stmmac_priv *priv)
{
	const struct stmmac_plat *plat = priv->plat;
	void __iomem *ioaddr = priv->ioaddr;
	u32 bus = readl(ioaddr + XGMAC_DMA_SYSBUS);

	/* Keep the synthesis defaults for burst lengths and outstanding
	 * requests where there are some; else up to 16 beats, the largest
	 * AXI3 burst.
	 */
	if (!FIELD_GET(XGMAC_SYSBUS_BLEN, bus))
		bus |= XGMAC_SYSBUS_BLEN4 | XGMAC_SYSBUS_BLEN8 |
		       XGMAC_SYSBUS_BLEN16;
	bus &= ~(XGMAC_SYSBUS_UNDEF | XGMAC_SYSBUS_AAL | XGMAC_SYSBUS_EAME);
	if (!plat->fixed_burst)
		bus |= XGMAC_SYSBUS_UNDEF;
	if (plat->aal)
		bus |= XGMAC_SYSBUS_AAL;
	/* Descriptors and buffers above 4 GiB need the wide address mode. */
	if (priv->caps.addr_bits > 32)
		bus |= XGMAC_SYSBUS_EAME;
	writel(bus, ioaddr + XGMAC_DMA_SYSBUS);
}

static void xgmac_dma_chan_init(struct stmmac_priv *priv, u32 c)
{
	const struct stmmac_plat *plat = priv->plat;
	void __iomem *ioaddr = priv->ioaddr;
	u32 txpbl = plat->txpbl ?: plat->pbl;
	u32 rxpbl = plat->rxpbl ?: plat->pbl;
	bool tx = c < priv->tx_queues, rx = c < priv->rx_queues;
	u32 txc;

	writel(plat->pblx8 ? XGMAC_DMA_CH_PBLX8 : 0,
	       ioaddr + XGMAC_DMA_CH_CTRL(c));
	if (tx) {
		txc = FIELD_PREP(XGMAC_DMA_TX_PBL, txpbl) | XGMAC_DMA_TX_OSP;
		/* TSE only where the TX path may build TSO frames; EDSE
		 * where its ring holds enhanced descriptors.
		 */
		if (priv->txq[c].tso)
			txc |= XGMAC_DMA_TX_TSE;
		if (stmmac_txq_tbs(priv, c))
			txc |= XGMAC_DMA_TX_EDSE;
		writel(txc, ioaddr + XGMAC_DMA_CH_TX_CTRL(c));
	}
	if (rx)
		writel(FIELD_PREP(XGMAC_DMA_RX_PBL, rxpbl),
		       ioaddr + XGMAC_DMA_CH_RX_CTRL(c));

	writel(XGMAC_DMA_STATUS_INTR, ioaddr + XGMAC_DMA_CH_STATUS(c));
	writel(XGMAC_DMA_NIS | XGMAC_DMA_AIS | XGMAC_DMA_FBE |
	       xgmac_irq_bits(rx, tx), ioaddr + XGMAC_DMA_CH_INT_EN(c));
}

static void xgmac_dma_init(struct stmmac_priv *priv)
{
	void __iomem *ioaddr = priv->ioaddr;
	u32 intm = 0, c;

	if (xgmac_all_chan_irqs(priv))
		intm = XGMAC_INTM_PER_CHANNEL;
	xgmac_update(ioaddr + XGMAC_DMA_MODE, XGMAC_DMA_MODE_INTM,
		     FIELD_PREP(XGMAC_DMA_MODE_INTM, intm));
	xgmac_dma_sysbus(priv);
	for (c = 0; priv->caps.tbs && c < 4; c++)
		writel(XGMAC_DMA_TBS_FTOS | XGMAC_DMA_TBS_FTOV,
		       ioaddr + XGMAC_DMA_TBS_CTRL(c));
	for (c = 0; c < xgmac_channels(priv); c++)
		xgmac_dma_chan_init(priv, c);
}

/* The tail pointer registers hold the low 32 bits only: a ring must not
 * cross a 4 GiB boundary, which a coherent allocation (aligned to its
 * size) never does.
 */
static void xgmac_dma_init_tx(void __iomem *ioaddr, u32 chan, dma_addr_t base,
			      u32 size)
{
	writel(upper_32_bits(base), ioaddr + XGMAC_DMA_CH_TXDESC_HI(chan));
	writel(lower_32_bits(base), ioaddr + XGMAC_DMA_CH_TXDESC_LO(chan));
	writel(FIELD_PREP(XGMAC_DMA_RING_LEN, size - 1),
	       ioaddr + XGMAC_DMA_CH_TX_RING_LEN(chan));
	/* Tail at the base: an empty ring. */
	writel(lower_32_bits(base), ioaddr + XGMAC_DMA_CH_TX_TAIL(chan));
}

static void xgmac_dma_init_rx(void __iomem *ioaddr, u32 chan, dma_addr_t base,
			      u32 size, u32 buf_len)
{
	writel(upper_32_bits(base), ioaddr + XGMAC_DMA_CH_RXDESC_HI(chan));
	writel(lower_32_bits(base), ioaddr + XGMAC_DMA_CH_RXDESC_LO(chan));
	writel(FIELD_PREP(XGMAC_DMA_RING_LEN, size - 1),
	       ioaddr + XGMAC_DMA_CH_RX_RING_LEN(chan));
	/* Tail at the base: no buffers until rx_kick() hands them over. */
	writel(lower_32_bits(base), ioaddr + XGMAC_DMA_CH_RX_TAIL(chan));
	/* Every buffer of the ring has this size: descriptors carry none. */
	xgmac_update(ioaddr + XGMAC_DMA_CH_RX_CTRL(chan), XGMAC_DMA_RX_RBSZ,
		     FIELD_PREP(XGMAC_DMA_RX_RBSZ, buf_len));
}

static void xgmac_dma_start(void __iomem *ioaddr, u32 chan, bool tx, bool rx)
{
	if (tx)
		xgmac_update(ioaddr + XGMAC_DMA_CH_TX_CTRL(chan), 0,
			     XGMAC_DMA_TX_ST);
	if (rx)
		xgmac_update(ioaddr + XGMAC_DMA_CH_RX_CTRL(chan), 0,
			     XGMAC_DMA_RX_SR);
}

/* The stopped events (TPS, RPS) latch in the channel status: stale ones
 * are cleared first, then the new ones awaited.
 */
static int xgmac_dma_stop(void __iomem *ioaddr, u32 chan, bool tx, bool rx)
{
	u32 done = (tx ? XGMAC_DMA_TPS : 0) | (rx ? XGMAC_DMA_RPS : 0), st;

	writel(done, ioaddr + XGMAC_DMA_CH_STATUS(chan));
	if (tx)
		xgmac_update(ioaddr + XGMAC_DMA_CH_TX_CTRL(chan),
			     XGMAC_DMA_TX_ST, 0);
	if (rx)
		xgmac_update(ioaddr + XGMAC_DMA_CH_RX_CTRL(chan),
			     XGMAC_DMA_RX_SR, 0);
	return readl_poll_timeout(ioaddr + XGMAC_DMA_CH_STATUS(chan), st,
				  (st & done) == done, 10,
				  XGMAC_DMA_STOP_TIMEOUT_US);
}

static void xgmac_dma_irq_off(void __iomem *ioaddr, u32 chan)
{
	writel(0, ioaddr + XGMAC_DMA_CH_INT_EN(chan));
}

/* The DMA works on descriptors up to the tail, exclusive; the caller keeps
 * one slot empty, so tail == current pointer means an empty ring.
 */
static void xgmac_tx_kick(void __iomem *ioaddr, u32 chan, dma_addr_t tail)
{
	writel(lower_32_bits(tail), ioaddr + XGMAC_DMA_CH_TX_TAIL(chan));
}

static void xgmac_rx_kick(void __iomem *ioaddr, u32 chan, dma_addr_t tail)
{
	writel(lower_32_bits(tail), ioaddr + XGMAC_DMA_CH_RX_TAIL(chan));
}

/* Status bits of a channel that never interrupt (their enables stay off):
 * acknowledged whenever their direction is asked for. Not the stopped
 * events TPS and RPS: dma_stop waits for them, and an acknowledgment
 * racing it on another CPU would make it time out.
 */
#define XGMAC_DMA_QUIET_RX	XGMAC_DMA_RBU
#define XGMAC_DMA_QUIET_TX	XGMAC_DMA_TBU

static u32 xgmac_irq_ack_mask(u32 which, u32 en)
{
	u32 quiet = 0, dir = XGMAC_DMA_NIS | XGMAC_DMA_AIS | XGMAC_DMA_FBE;

	if (which & STMMAC_DMA_RX) {
		dir |= XGMAC_DMA_RI | XGMAC_DMA_QUIET_RX;
		quiet |= XGMAC_DMA_QUIET_RX;
	}
	if (which & STMMAC_DMA_TX) {
		dir |= XGMAC_DMA_TI | XGMAC_DMA_QUIET_TX;
		quiet |= XGMAC_DMA_QUIET_TX;
	}
	/* The status bits are raw: an RI or TI whose interrupt is masked
	 * stays pending rather than being lost; NAPI looks for its frame
	 * after the unmask, which need not interrupt again for it.
	 */
	return dir & (en | quiet);
}

static u32 xgmac_dma_irq_status(void __iomem *ioaddr, u32 chan, u32 which)
{
	u32 en = readl(ioaddr + XGMAC_DMA_CH_INT_EN(chan));
	u32 st = readl(ioaddr + XGMAC_DMA_CH_STATUS(chan));
	u32 ev = STMMAC_DMA_ACKED;

	st &= xgmac_irq_ack_mask(which, en);
	if (!st)
		return 0;
	writel(st, ioaddr + XGMAC_DMA_CH_STATUS(chan));
	if (st & XGMAC_DMA_RI)
		ev |= STMMAC_DMA_RX;
	if (st & XGMAC_DMA_TI)
		ev |= STMMAC_DMA_TX;
	if (st & XGMAC_DMA_RBU)
		ev |= STMMAC_DMA_RX_NOBUF;
	if (st & XGMAC_DMA_FBE)
		ev |= STMMAC_DMA_FATAL;
	return ev;
}

/* As gmac_dma_tx_ack(): TI alone, and read back before NAPI's ring read. */
static void xgmac_dma_tx_ack(void __iomem *ioaddr, u32 chan)
{
	writel(XGMAC_DMA_TI, ioaddr + XGMAC_DMA_CH_STATUS(chan));
	readl(ioaddr + XGMAC_DMA_CH_STATUS(chan));
}

/* MAC operations */

static void xgmac_mac_enable(void __iomem *ioaddr, bool enable)
{
	xgmac_update(ioaddr + XGMAC_TX_CONFIG, enable ? 0 : XGMAC_TXCFG_TE,
		     enable ? XGMAC_TXCFG_TE : 0);
	xgmac_update(ioaddr + XGMAC_RX_CONFIG, enable ? 0 : XGMAC_RXCFG_RE,
		     enable ? XGMAC_RXCFG_RE : 0);
}

static u32 xgmac_speed_sel(int speed)
{
	switch (speed) {
	case SPEED_2500:
		return XGMAC_SS_2500;
	case SPEED_100:
		return XGMAC_SS_100;
	case SPEED_10:
		return XGMAC_SS_10;
	default:
		return XGMAC_SS_1000;
	}
}

/* Pause: received ones honoured by the MAC, sent ones by every TX queue
 * the core has, triggered by the RX queues' flow control thresholds.
 */
static void xgmac_set_pause(void __iomem *ioaddr, bool tx_pause,
			    bool rx_pause, u16 pause_time)
{
	u32 n, q, tx = 0;

	n = FIELD_GET(XGMAC_HWF2_TXQCNT, readl(ioaddr + XGMAC_HW_FEATURE2)) + 1;
	if (tx_pause)
		tx = XGMAC_TXQ_FLOW_TFE | FIELD_PREP(XGMAC_TXQ_FLOW_PT, pause_time);
	for (q = 0; q < n; q++)
		writel(tx, ioaddr + XGMAC_TXQ_FLOW_CTRL(q));
	writel(rx_pause ? XGMAC_RX_FLOW_RFE : 0, ioaddr + XGMAC_RX_FLOW_CTRL);
}

/* Full duplex only (see mac_capabilities): @duplex selects nothing. */
static void xgmac_link_up(void __iomem *ioaddr, int speed, int duplex,
			  bool tx_pause, bool rx_pause, u16 pause_time)
{
	xgmac_update(ioaddr + XGMAC_TX_CONFIG, XGMAC_TXCFG_SS,
		     FIELD_PREP(XGMAC_TXCFG_SS, xgmac_speed_sel(speed)));
	xgmac_set_pause(ioaddr, tx_pause, rx_pause, pause_time);
}

static void xgmac_set_rx_csum(void __iomem *ioaddr, bool enable)
{
	xgmac_update(ioaddr + XGMAC_RX_CONFIG, enable ? 0 : XGMAC_RXCFG_IPC,
		     enable ? XGMAC_RXCFG_IPC : 0);
}

/* MDIO */

static int xgmac_mdio_wait(void __iomem *ioaddr)
{
	u32 val;

	return readl_poll_timeout(ioaddr + XGMAC_MDIO_DATA, val,
				  !(val & XGMAC_MDIO_SBUSY), 10,
				  XGMAC_MDIO_TIMEOUT_US);
}

/* Run one command on an idle bus: @addr selects port, device and
 * register, @ctrl is the command and its data; the clock range and BUSY
 * are added here. Returns the data read, or -ETIMEDOUT.
 */
static int xgmac_mdio_cmd(void __iomem *ioaddr, u32 csr, u32 addr, u32 ctrl)
{
	int ret;

	writel(addr, ioaddr + XGMAC_MDIO_ADDR);
	writel(ctrl | FIELD_PREP(XGMAC_MDIO_CR, csr) | XGMAC_MDIO_SBUSY,
	       ioaddr + XGMAC_MDIO_DATA);
	ret = xgmac_mdio_wait(ioaddr);
	if (ret)
		return ret;
	return FIELD_GET(XGMAC_MDIO_SDATA, readl(ioaddr + XGMAC_MDIO_DATA));
}

/* Clause 22 frames exist only for ports 0-3 on these cores: the port is
 * marked as a clause 22 one, the other three as clause 45.
 */
static int xgmac_mdio_c22(void __iomem *ioaddr, u32 csr, int phy, int reg,
			  u32 ctrl)
{
	int ret;

	if (phy > XGMAC_MDIO_C22_MAX_PHY)
		return -ENODEV;
	ret = xgmac_mdio_wait(ioaddr);
	if (ret)
		return ret;
	xgmac_update(ioaddr + XGMAC_MDIO_C22P, XGMAC_MDIO_C22P_PORTS, BIT(phy));
	return xgmac_mdio_cmd(ioaddr, csr,
			      FIELD_PREP(XGMAC_MDIO_PA, phy) |
			      FIELD_PREP(XGMAC_MDIO_RA, reg & 0x1f), ctrl);
}

static int xgmac_mdio_c45(void __iomem *ioaddr, u32 csr, int phy, int devad,
			  int reg, u32 ctrl)
{
	int ret = xgmac_mdio_wait(ioaddr);

	if (ret)
		return ret;
	if (phy <= XGMAC_MDIO_C22_MAX_PHY)
		xgmac_update(ioaddr + XGMAC_MDIO_C22P, BIT(phy), 0);
	return xgmac_mdio_cmd(ioaddr, csr,
			      FIELD_PREP(XGMAC_MDIO_PA, phy) |
			      FIELD_PREP(XGMAC_MDIO_DA, devad) |
			      FIELD_PREP(XGMAC_MDIO_RA, reg), ctrl);
}

static u32 xgmac_mdio_wr(u16 val)
{
	return FIELD_PREP(XGMAC_MDIO_CMD, XGMAC_MDIO_CMD_WRITE) |
	       FIELD_PREP(XGMAC_MDIO_SDATA, val);
}

static int xgmac_mdio_read(void __iomem *ioaddr, u32 csr, int phy, int reg)
{
	return xgmac_mdio_c22(ioaddr, csr, phy, reg,
			      FIELD_PREP(XGMAC_MDIO_CMD, XGMAC_MDIO_CMD_READ));
}

static int xgmac_mdio_write(void __iomem *ioaddr, u32 csr, int phy, int reg,
			    u16 val)
{
	/* SADDR: no address frame precedes a clause 22 write. */
	int ret = xgmac_mdio_c22(ioaddr, csr, phy, reg,
				 xgmac_mdio_wr(val) | XGMAC_MDIO_SADDR);

	return ret < 0 ? ret : 0;
}

static int xgmac_mdio_read_c45(void __iomem *ioaddr, u32 csr, int phy,
			       int devad, int reg)
{
	return xgmac_mdio_c45(ioaddr, csr, phy, devad, reg,
			      FIELD_PREP(XGMAC_MDIO_CMD, XGMAC_MDIO_CMD_READ));
}

static int xgmac_mdio_write_c45(void __iomem *ioaddr, u32 csr, int phy,
				int devad, int reg, u16 val)
{
	int ret = xgmac_mdio_c45(ioaddr, csr, phy, devad, reg,
				 xgmac_mdio_wr(val));

	return ret < 0 ? ret : 0;
}

/* The clock range field for a CSR clock: MDC must stay at or below
 * 2.5 MHz. The encoding is not the GMAC's.
 */
static u32 xgmac_mdio_clk_csr(unsigned long rate)
{
	static const unsigned long max[] = {
		150000000,	/* 0 */
		250000000,	/* 1 */
		300000000,	/* 2 */
		350000000,	/* 3 */
		400000000,	/* 4 */
	};
	u32 i;

	for (i = 0; i < ARRAY_SIZE(max); i++)
		if (rate <= max[i])
			return i;
	return 5;
}

/* RMON counters */

/* Counters reset on read (ROR), each read is the delta. A 64-bit counter
 * is read low word first, then high word.
 */
static u64 xgmac_mmc64(void __iomem *ioaddr, u32 off)
{
	u64 lo = readl(ioaddr + off);

	return lo | (u64)readl(ioaddr + off + 4) << 32;
}

static void xgmac_mmc_read(void __iomem *ioaddr, struct stmmac_mmc_counters *m)
{
	m->tx_octets += xgmac_mmc64(ioaddr, XGMAC_MMC_TX_OCTETS_GB);
	m->tx_frames += xgmac_mmc64(ioaddr, XGMAC_MMC_TX_FRAMES_GB);
	m->tx_frames_good += xgmac_mmc64(ioaddr, XGMAC_MMC_TX_FRAMES_G);
	m->tx_underflow += xgmac_mmc64(ioaddr, XGMAC_MMC_TX_UNDERFLOW);
	/* No carrier errors: full duplex only. */
	m->tx_pause += xgmac_mmc64(ioaddr, XGMAC_MMC_TX_PAUSE);
	m->rx_frames += xgmac_mmc64(ioaddr, XGMAC_MMC_RX_FRAMES_GB);
	m->rx_octets += xgmac_mmc64(ioaddr, XGMAC_MMC_RX_OCTETS_GB);
	m->rx_crc += xgmac_mmc64(ioaddr, XGMAC_MMC_RX_CRC_ERR);
	m->rx_align += readl(ioaddr + XGMAC_MMC_RX_ALIGN_ERR);
	m->rx_runt += readl(ioaddr + XGMAC_MMC_RX_RUNT);
	m->rx_jabber += readl(ioaddr + XGMAC_MMC_RX_JABBER);
	m->rx_length += xgmac_mmc64(ioaddr, XGMAC_MMC_RX_LENGTH_ERR);
	m->rx_pause += xgmac_mmc64(ioaddr, XGMAC_MMC_RX_PAUSE);
	m->rx_fifo_overflow += xgmac_mmc64(ioaddr, XGMAC_MMC_RX_FIFO_OVERFLOW);
	m->rx_watchdog += readl(ioaddr + XGMAC_MMC_RX_WATCHDOG_ERR);
	/* the MAC merge layer's; reserved (0) on a core without it */
	m->tx_fpe_frags += readl(ioaddr + XGMAC_MMC_TX_FPE_FRAGS);
	m->tx_hold += readl(ioaddr + XGMAC_MMC_TX_HOLD_REQ);
	m->rx_fpe_assembly_err += readl(ioaddr + XGMAC_MMC_RX_ASSEMBLY_ERR);
	m->rx_fpe_smd_err += readl(ioaddr + XGMAC_MMC_RX_SMD_ERR);
	m->rx_fpe_assembly_ok += readl(ioaddr + XGMAC_MMC_RX_ASSEMBLY_OK);
	m->rx_fpe_frags += readl(ioaddr + XGMAC_MMC_RX_FPE_FRAGS);
}

/* Energy Efficient Ethernet and power management */

static void xgmac_lpi_timers(void __iomem *ioaddr, u32 ls_ms, u32 tw_us)
{
	ls_ms = min_t(u32, ls_ms, FIELD_MAX(XGMAC_LPI_LS));
	tw_us = min_t(u32, tw_us, FIELD_MAX(XGMAC_LPI_TW));
	writel(FIELD_PREP(XGMAC_LPI_LS, ls_ms) | FIELD_PREP(XGMAC_LPI_TW, tw_us),
	       ioaddr + XGMAC_LPI_TIMER);
}

static void xgmac_lpi_link(void __iomem *ioaddr, bool up)
{
	xgmac_update(ioaddr + XGMAC_LPI_CTRL, up ? 0 : XGMAC_LPI_PLS,
		     up ? XGMAC_LPI_PLS : 0);
}

static void xgmac_lpi_tx(void __iomem *ioaddr, bool on, bool clk_gate)
{
	u32 set = XGMAC_LPI_LPITXEN | XGMAC_LPI_LPITXA;

	if (clk_gate)
		set |= XGMAC_LPI_TXCGE;
	xgmac_update(ioaddr + XGMAC_LPI_CTRL,
		     on ? 0 : set | XGMAC_LPI_TXCGE, on ? set : 0);
}

/* Power-down mode drops every frame until a wake-up event, which the
 * receiver must see: it is switched on, whatever the link left it at.
 */
static void xgmac_pmt_arm(void __iomem *ioaddr, u32 wolopts)
{
	u32 pmt = 0;

	if (wolopts & WAKE_MAGIC)
		pmt |= XGMAC_PMT_PWRDWN | XGMAC_PMT_MGKPKTEN;
	if (wolopts & WAKE_UCAST)
		pmt |= XGMAC_PMT_PWRDWN | XGMAC_PMT_GLBLUCAST |
		       XGMAC_PMT_RWKPKTEN;
	if (pmt) {
		xgmac_update(ioaddr + XGMAC_RX_CONFIG, 0, XGMAC_RXCFG_RE);
		xgmac_update(ioaddr + XGMAC_INT_EN, 0, XGMAC_INT_PMTIE);
	} else {
		xgmac_update(ioaddr + XGMAC_INT_EN, XGMAC_INT_PMTIE, 0);
	}
	writel(pmt, ioaddr + XGMAC_PMT);
}

static void xgmac_pmt_ack(void __iomem *ioaddr)
{
	readl(ioaddr + XGMAC_PMT);
}

/* The preemptible TX queues (mqprio's), the added fragment size; the
 * residue of preempted frames to the last RX queue, as upstream puts it;
 * the interrupt, which the answers to verify mPackets need.
 */
static void xgmac_fpe_program(struct stmmac_priv *priv, bool irq)
{
	void __iomem *ioaddr = priv->ioaddr;

	writel(FIELD_PREP(XGMAC_MTL_FPE_PEC, priv->mqprio.pmac) |
	       FIELD_PREP(XGMAC_MTL_FPE_AFSZ, priv->fpe.add_frag),
	       ioaddr + XGMAC_MTL_FPE_CTRL);
	xgmac_update(ioaddr + XGMAC_RXQ_CTRL1, XGMAC_RXQ_FPRQ,
		     FIELD_PREP(XGMAC_RXQ_FPRQ, priv->rx_queues - 1));
	/* status left from before would look like events of this session */
	if (irq && !(readl(ioaddr + XGMAC_INT_EN) & XGMAC_INT_FPEIE))
		readl(ioaddr + XGMAC_FPE_CTRL);
	xgmac_update(ioaddr + XGMAC_INT_EN, irq ? 0 : XGMAC_INT_FPEIE,
		     irq ? XGMAC_INT_FPEIE : 0);
}

static void xgmac_fpe_ctrl(void __iomem *ioaddr, u32 ctrl)
{
	writel((ctrl & STMMAC_FPE_EFPE ? XGMAC_FPE_EFPE : 0) |
	       (ctrl & STMMAC_FPE_SEND_VERIFY ? XGMAC_FPE_SVER : 0) |
	       (ctrl & STMMAC_FPE_SEND_RESPONSE ? XGMAC_FPE_SRSP : 0),
	       ioaddr + XGMAC_FPE_CTRL);
}

static u32 xgmac_fpe_events(void __iomem *ioaddr)
{
	u32 st = readl(ioaddr + XGMAC_FPE_CTRL);

	return (st & XGMAC_FPE_RVER ? STMMAC_FPE_RX_VERIFY : 0) |
	       (st & XGMAC_FPE_RRSP ? STMMAC_FPE_RX_RESPONSE : 0) |
	       (st & (XGMAC_FPE_TVER | XGMAC_FPE_TRSP) ?
		STMMAC_FPE_TX_MPACKET : 0);
}

/* A word of the software-owned list lands once SRWO clears: a few clock
 * cycles; the bound is for a core whose clocks stopped.
 */
#define XGMAC_EST_TIMEOUT_US	100000

/* The errors EST interrupts for; a list switch (SWLC) is no news */
#define XGMAC_EST_ERRORS	(XGMAC_EST_CGCE | XGMAC_EST_HLBS | \
				 XGMAC_EST_HLBF | XGMAC_EST_BTRE)

static int xgmac_est_write(void __iomem *ioaddr, u32 addr, bool reg, u32 val)
{
	u32 ctrl = FIELD_PREP(XGMAC_EST_ADDR, addr) |
		   (reg ? XGMAC_EST_GCRR : 0) | XGMAC_EST_SRWO;

	writel(val, ioaddr + XGMAC_EST_GCL_DATA);
	writel(ctrl, ioaddr + XGMAC_EST_GCL_CTRL);
	return readl_poll_timeout(ioaddr + XGMAC_EST_GCL_CTRL, ctrl,
				  !(ctrl & XGMAC_EST_SRWO), 10,
				  XGMAC_EST_TIMEOUT_US);
}

static void xgmac_est_off(void __iomem *ioaddr)
{
	writel(0, ioaddr + XGMAC_EST_INT_EN);
	xgmac_update(ioaddr + XGMAC_EST_CTRL,
		     XGMAC_EST_EEST | XGMAC_EST_SSWL, 0);
}

/* One word through GCL_CTRL / GCL_DATA; ERR0 is the core's refusal */
static int xgmac_est_word(void __iomem *ioaddr, u32 addr, bool reg, u32 val)
{
	int ret = xgmac_est_write(ioaddr, addr, reg, val);

	if (!ret && (readl(ioaddr + XGMAC_EST_GCL_CTRL) & XGMAC_EST_ERR0))
		ret = -EIO;
	return ret;
}

/* A switch still pending (SSWL) owns the list software would write: EST
 * stops first, and starts again with this list.
 */
static int xgmac_est_write_list(void __iomem *ioaddr, const u32 *gcl, u32 n,
				bool *stopped)
{
	u32 i;
	int ret = 0;

	*stopped = readl(ioaddr + XGMAC_EST_CTRL) & XGMAC_EST_SSWL;
	if (*stopped)
		xgmac_est_off(ioaddr);
	for (i = 0; !ret && i < n; i++)
		ret = xgmac_est_word(ioaddr, i, false, gcl[i]);
	return ret;
}

/* The times into the list software owns; SSWL has the core take it over
 * at its base time. Frames that would block a queue (longer than any
 * window of theirs) are dropped, as upstream has it.
 */
static int xgmac_est_start(void __iomem *ioaddr,
			   const struct stmmac_est_regs *r)
{
	const u32 regs[] = {
		[XGMAC_EST_BTR_LO] = r->btr_ns, [XGMAC_EST_BTR_HI] = r->btr_sec,
		[XGMAC_EST_CTR_LO] = r->ctr_ns, [XGMAC_EST_CTR_HI] = r->ctr_sec,
		[XGMAC_EST_TER] = r->ter, [XGMAC_EST_LLR] = r->n,
	};
	u32 i;
	int ret = 0;

	for (i = 0; !ret && i < ARRAY_SIZE(regs); i++)
		ret = xgmac_est_word(ioaddr, i, true, regs[i]);
	if (ret)
		return ret;
	/* errors left from before are not this schedule's */
	writel(XGMAC_EST_QUEUES, ioaddr + XGMAC_EST_SCH_ERR);
	writel(XGMAC_EST_QUEUES, ioaddr + XGMAC_EST_FRM_SZ_ERR);
	writel(XGMAC_EST_ERRORS | XGMAC_EST_SWLC, ioaddr + XGMAC_EST_STATUS);
	writel(FIELD_PREP(XGMAC_EST_PTOV,
			  min_t(u32, r->ptov, FIELD_MAX(XGMAC_EST_PTOV))) |
	       XGMAC_EST_DFBS | XGMAC_EST_SSWL | XGMAC_EST_EEST,
	       ioaddr + XGMAC_EST_CTRL);
	writel(XGMAC_EST_ERRORS, ioaddr + XGMAC_EST_INT_EN);
	return 0;
}

static bool xgmac_est_events(void __iomem *ioaddr,
			     struct stmmac_est_events *ev)
{
	u32 st = readl(ioaddr + XGMAC_EST_STATUS);

	if (!(st & XGMAC_EST_ERRORS))
		return false;
	if (st & XGMAC_EST_HLBS) {
		ev->hlbs = readl(ioaddr + XGMAC_EST_SCH_ERR) & XGMAC_EST_QUEUES;
		writel(ev->hlbs, ioaddr + XGMAC_EST_SCH_ERR);
	}
	if (st & XGMAC_EST_HLBF) {
		ev->hlbf = readl(ioaddr + XGMAC_EST_FRM_SZ_ERR) &
			   XGMAC_EST_QUEUES;
		writel(ev->hlbf, ioaddr + XGMAC_EST_FRM_SZ_ERR);
	}
	ev->btrl = FIELD_GET(XGMAC_EST_BTRL, st);
	ev->btrl_max = FIELD_MAX(XGMAC_EST_BTRL);
	ev->flags = (st & XGMAC_EST_CGCE ? STMMAC_EST_CGCE : 0) |
		    (st & XGMAC_EST_HLBS ? STMMAC_EST_HLBS : 0) |
		    (st & XGMAC_EST_HLBF ? STMMAC_EST_HLBF : 0) |
		    (st & XGMAC_EST_BTRE ? STMMAC_EST_BTRE : 0);
	writel(st & XGMAC_EST_ERRORS, ioaddr + XGMAC_EST_STATUS);
	return true;
}

static const struct stmmac_est_ops xgmac_est = {
	.write_list = xgmac_est_write_list,
	.start = xgmac_est_start,
	.off = xgmac_est_off,
	.events = xgmac_est_events,
};

/* Register dump, as upstream lays it out: see XGMAC_DUMP_MAC_END. */
static const struct {
	u32 start, end;
} xgmac_dump_ranges[] = {
	{ 0, XGMAC_FPE_CTRL },
	{ XGMAC_FPE_CTRL + 4, XGMAC_DUMP_MAC_END },
	{ XGMAC_DUMP_MTL, XGMAC_DUMP_MTL_END },
	{ XGMAC_DUMP_DMA, XGMAC_DUMP_DMA_END },
};

/* @buf is XGMAC_DUMP_DMA_END bytes, zeroed by the caller. */
static void xgmac_dump_regs(void __iomem *ioaddr, u32 *buf)
{
	u32 i, off;

	for (i = 0; i < ARRAY_SIZE(xgmac_dump_ranges); i++)
		for (off = xgmac_dump_ranges[i].start;
		     off < xgmac_dump_ranges[i].end; off += 4)
			buf[off / 4] = readl(ioaddr + off);
}

static const struct stmmac_tsu_layout xgmac_tsu = {
	.base = XGMAC_TSU_BASE,
	.ssinc_shift = XGMAC_TSU_SSINC_SHIFT,
	.pps_ctrl = XGMAC_PPS_CTRL,
	.pps_regs = XGMAC_PPS_REGS,
	.pps_max = XGMAC_PPS_MAX,
	.sub_sec_neg = true,
};

/* The DMA closes a TX descriptor once its frame is in the MTL FIFO; the
 * MAC stamps the frame when it goes out, behind what the FIFO still holds:
 * Agilex5's 32 KiB take 2.6 ms at 100 Mb/s. Past this wait (a frame the
 * MAC dropped, or a 10 Mb/s link behind a full FIFO) the stamp is lost.
 */
#define XGMAC_TXTS_WAIT_US	5000

/* The MAC keeps one TX timestamp: the frame's, as only one frame at a
 * time asks for one (stmmac_tx.c).
 */
static int xgmac_tx_tstamp(void __iomem *ioaddr, u64 *ns)
{
	u32 st, nsec, sec;

	if (readl_poll_timeout_atomic(ioaddr + XGMAC_TS_STATUS, st,
				      st & XGMAC_TS_STATUS_TXTSC, 1,
				      XGMAC_TXTS_WAIT_US))
		return -EBUSY;
	nsec = readl(ioaddr + XGMAC_TXTS_NSEC);
	sec = readl(ioaddr + XGMAC_TXTS_SEC);
	if (nsec & XGMAC_TXTS_MISSED)
		return -EIO;
	*ns = (u64)sec * NSEC_PER_SEC + (nsec & XGMAC_TXTS_NSEC_MASK);
	return 0;
}

const struct stmmac_hw_ops dwxgmac2_ops = {
	.dma_irq_enable = xgmac_dma_irq_enable,
	.dma_irq_disable = xgmac_dma_irq_disable,
	.dma_irq_off = xgmac_dma_irq_off,
	.rx_watchdog = xgmac_rx_watchdog,
	.read_caps = xgmac_read_caps,
	.reset = xgmac_reset,
	.core_init = xgmac_core_init,
	.mtl_init = xgmac_mtl_init,
	.mtl_tx_queue = xgmac_mtl_tx_queue,
	.dma_init = xgmac_dma_init,
	.dma_init_tx = xgmac_dma_init_tx,
	.dma_init_rx = xgmac_dma_init_rx,
	.dma_start = xgmac_dma_start,
	.dma_stop = xgmac_dma_stop,
	.tx_kick = xgmac_tx_kick,
	.rx_kick = xgmac_rx_kick,
	.dma_irq_status = xgmac_dma_irq_status,
	.dma_tx_ack = xgmac_dma_tx_ack,
	.mac_enable = xgmac_mac_enable,
	.link_up = xgmac_link_up,
	.set_mac_addr = dwxgmac2_set_mac_addr,
	.get_mac_addr = dwxgmac2_get_mac_addr,
	.set_filter = dwxgmac2_set_filter,
	.set_vlan = dwxgmac2_set_vlan,
	.set_l3l4 = dwxgmac2_set_l3l4,
	.set_rx_csum = xgmac_set_rx_csum,
	.mdio_clk_csr = xgmac_mdio_clk_csr,
	.mdio_read = xgmac_mdio_read,
	.mdio_write = xgmac_mdio_write,
	.mdio_read_c45 = xgmac_mdio_read_c45,
	.mdio_write_c45 = xgmac_mdio_write_c45,
	.mmc_read = xgmac_mmc_read,
	.lpi_timers = xgmac_lpi_timers,
	.lpi_link = xgmac_lpi_link,
	.lpi_tx = xgmac_lpi_tx,
	.pmt_arm = xgmac_pmt_arm,
	.pmt_ack = xgmac_pmt_ack,
	.fpe_program = xgmac_fpe_program,
	.fpe_ctrl = xgmac_fpe_ctrl,
	.fpe_events = xgmac_fpe_events,
	.est = &xgmac_est,
	.mac_capabilities = MAC_10FD | MAC_100FD | MAC_1000FD | MAC_2500FD,
	.max_frame = XGMAC_GIANT_MAX,
	.regs_len = XGMAC_DUMP_DMA_END,
	.dump_regs = xgmac_dump_regs,
	.ethtool_name = "st_xgmac",
	.core_name = "XGMAC",
	.tsu = &xgmac_tsu,
	.tx_tstamp = xgmac_tx_tstamp,
};
EXPORT_SYMBOL_IF_KUNIT(dwxgmac2_ops);

/* Descriptors. TX and RX share one layout: buffer address in des0/des1,
 * lengths and control in des2, control and status with OWN in des3.
 */

static void xgmac_desc_addr(struct stmmac_desc *d, dma_addr_t addr)
{
	d->des0 = cpu_to_le32(lower_32_bits(addr));
	d->des1 = cpu_to_le32(upper_32_bits(addr));
}

/* IOC on the descriptor asked; the timestamp request is read from a
 * frame's first descriptor only.
 */
static u32 xgmac_tdes2_flags(u32 flags)
{
	u32 des2 = 0;

	if (flags & STMMAC_TXD_IC)
		des2 |= XGMAC_TDES2_IOC;
	if (!(flags & STMMAC_TXD_FIRST))
		return des2;
	if (flags & STMMAC_TXD_TS)
		des2 |= XGMAC_TDES2_TTSE;
	if (flags & STMMAC_TXD_VLAN)
		des2 |= FIELD_PREP(XGMAC_TDES2_VTIR, XGMAC_VTIR_INSERT);
	return des2;
}

static void xgmac_tx_fill(struct stmmac_desc *d, dma_addr_t addr, u32 len,
			  u32 frame_len, u32 flags)
{
	u32 des3 = 0;

	/* Frame length and checksum control are read from the first
	 * descriptor of a frame only. Ring end: the length register.
	 */
	if (flags & STMMAC_TXD_FIRST) {
		des3 |= XGMAC_TDES3_FD | FIELD_PREP(XGMAC_TDES3_FL, frame_len);
		if (flags & STMMAC_TXD_CSUM)
			des3 |= FIELD_PREP(XGMAC_TDES3_CIC, XGMAC_CIC_FULL);
	}
	if (flags & STMMAC_TXD_LAST)
		des3 |= XGMAC_TDES3_LD;
	xgmac_desc_addr(d, addr);
	d->des2 = cpu_to_le32(FIELD_PREP(XGMAC_TDES2_B1L, len) |
			      xgmac_tdes2_flags(flags));
	d->des3 = cpu_to_le32(des3);
}

/* The first descriptor of a TSO frame: its buffer holds the headers only,
 * the core replicates them in front of every segment.
 */
static void xgmac_tx_tso_first(struct stmmac_desc *d, dma_addr_t addr,
			       u32 hdr_len, u32 tcp_hdr_len, u32 pay_len,
			       u32 flags)
{
	u32 des3 = XGMAC_TDES3_FD | XGMAC_TDES3_TSE |
		   FIELD_PREP(XGMAC_TDES3_THL, tcp_hdr_len / 4) |
		   FIELD_PREP(XGMAC_TDES3_TPL, pay_len);

	if (flags & STMMAC_TXD_LAST)
		des3 |= XGMAC_TDES3_LD;
	xgmac_desc_addr(d, addr);
	d->des2 = cpu_to_le32(FIELD_PREP(XGMAC_TDES2_B1L, hdr_len) |
			      xgmac_tdes2_flags(flags | STMMAC_TXD_FIRST));
	d->des3 = cpu_to_le32(des3);
}

static void xgmac_tx_ctx_mss(struct stmmac_desc *d, u32 mss)
{
	d->des0 = 0;
	d->des1 = 0;
	d->des2 = cpu_to_le32(FIELD_PREP(XGMAC_TDES2_MSS, mss));
	d->des3 = cpu_to_le32(XGMAC_TDES3_CTXT | XGMAC_TDES3_TCMSSV);
}

static void xgmac_tx_ctx_vlan(struct stmmac_desc *d, u16 tci)
{
	d->des0 = 0;
	d->des1 = 0;
	d->des2 = 0;
	d->des3 = cpu_to_le32(XGMAC_TDES3_CTXT | XGMAC_TDES3_VLTV |
			      FIELD_PREP(XGMAC_TDES3_VT, tci));
}

static void xgmac_tx_own(struct stmmac_desc *d)
{
	d->des3 |= cpu_to_le32(XGMAC_TDES3_OWN);
}

static bool xgmac_tx_busy(const struct stmmac_desc *d)
{
	return le32_to_cpu(READ_ONCE(d->des3)) & XGMAC_TDES3_OWN;
}

/* The TX write-back format has no error status: the RMON counters (and
 * the MTL underflow interrupt) account for failed frames.
 */
static bool xgmac_tx_error(const struct stmmac_desc *d)
{
	return false;
}

static void xgmac_rx_fill(struct stmmac_desc *d, dma_addr_t addr, u32 len,
			  bool eor, bool ic)
{
	/* Buffer size and ring end live in registers; @len, @eor unused. */
	xgmac_desc_addr(d, addr);
	d->des2 = 0;
	/* The DMA may fetch the descriptor as soon as it sees OWN. */
	dma_wmb();
	WRITE_ONCE(d->des3, cpu_to_le32(XGMAC_RDES3_OWN |
					(ic ? XGMAC_RDES3_IOC : 0)));
}

/* A frame's checksum verdict: only TCP and UDP over IPv4 or IPv6 are
 * fully checked. Bits 19:16 carry the error type with ES and the
 * length/type otherwise; a checksum error code there is never a "good".
 */
static bool xgmac_rx_csum_ok(u32 s)
{
	u32 et = FIELD_GET(XGMAC_RDES3_ET, s);

	if ((s & XGMAC_RDES3_ES) || et == XGMAC_ET_IP_HDR ||
	    et == XGMAC_ET_L4_CSUM)
		return false;
	switch (FIELD_GET(XGMAC_RDES3_L34T, s)) {
	case XGMAC_L34T_IP4_TCP:
	case XGMAC_L34T_IP4_UDP:
	case XGMAC_L34T_IP6_TCP:
	case XGMAC_L34T_IP6_UDP:
		return true;
	default:
		return false;
	}
}

/* The causes of a bad frame, as STMMAC_RXE_* bits. A checksum error is
 * dropped too, as upstream drops every frame with ES: the MAC takes every
 * tag out (dwxgmac2_set_vlan()) and the error type stands where the
 * length/type would say whether there was one. Passed on, a tagged frame
 * would reach the stack as an untagged one, in another VLAN.
 */
static u32 xgmac_rx_errors(u32 s)
{
	if (!(s & XGMAC_RDES3_ES))
		return 0;
	switch (FIELD_GET(XGMAC_RDES3_ET, s)) {
	case XGMAC_ET_IP_HDR:
	case XGMAC_ET_L4_CSUM:
		return STMMAC_RXE_CSUM;
	case XGMAC_ET_CRC:
		return STMMAC_RXE_CRC;
	case XGMAC_ET_WATCHDOG:
	case XGMAC_ET_GIANT:
	case XGMAC_ET_LENGTH:
	case XGMAC_ET_RUNT:
		return STMMAC_RXE_LENGTH;
	case XGMAC_ET_OVERFLOW:
		return STMMAC_RXE_OVER;
	default:
		return STMMAC_RXE_FRAME;
	}
}

/* The tag the MAC took out of a good frame (dwxgmac2_set_vlan()): an
 * outer C-tag, which its length/type says there was. With ESVL and EDVLP
 * clear an S-tag is no VLAN tag to the MAC (databook) and stays in the
 * frame, whatever the length/type says of it: taking one for stripped
 * would put it in twice.
 */
static u32 xgmac_rx_vlan(const struct stmmac_desc *d, u32 s)
{
	u32 tci = FIELD_GET(XGMAC_RDES0_OVT, le32_to_cpu(d->des0));

	switch (FIELD_GET(XGMAC_RDES3_ET, s)) {
	case XGMAC_LT_VLAN_C:
	case XGMAC_LT_VLAN_CC:
	case XGMAC_LT_VLAN_CS:
		return ETH_P_8021Q << 16 | tci;
	default:
		return 0;
	}
}

static enum stmmac_rx_status xgmac_rx_status(const struct stmmac_desc *d,
					     bool coe, struct stmmac_rx_info *ri)
{
	u32 s = le32_to_cpu(READ_ONCE(d->des3));

	if (s & XGMAC_RDES3_OWN)
		return STMMAC_RX_OWNED;
	/* Reading the rest of the descriptor must not pass the OWN check. */
	dma_rmb();
	s = le32_to_cpu(d->des3);
	/* A context descriptor (a timestamp, read with the frame before it
	 * by xgmac_rx_ts()) carries no frame data.
	 */
	if (s & XGMAC_RDES3_CTXT)
		return STMMAC_RX_SKIP;
	ri->first = s & XGMAC_RDES3_FD;
	/* Status and length are valid in a frame's last descriptor only. */
	if (!(s & XGMAC_RDES3_LD))
		return STMMAC_RX_PART;
	ri->ts_next = s & XGMAC_RDES3_CDA;
	ri->err = xgmac_rx_errors(s);
	if (ri->err)
		return STMMAC_RX_ERROR;
	if (FIELD_GET(XGMAC_RDES3_PL, s) < ETH_HLEN + ETH_FCS_LEN) {
		ri->err = STMMAC_RXE_LENGTH;
		return STMMAC_RX_ERROR;
	}
	ri->len = FIELD_GET(XGMAC_RDES3_PL, s);
	ri->vlan = xgmac_rx_vlan(d, s);
	return coe && xgmac_rx_csum_ok(s) ? STMMAC_RX_CSUM_OK : STMMAC_RX_GOOD;
}

/* The context descriptor the DMA writes after a stamped frame's last one:
 * the time in des0 (nanoseconds) and des1 (seconds). All ones in both is
 * the databook's mark of a corrupted stamp.
 */
static int xgmac_rx_ts(const struct stmmac_desc *d, u64 *ns)
{
	u32 s = le32_to_cpu(READ_ONCE(d->des3));
	u32 nsec, sec;

	if (s & XGMAC_RDES3_OWN)
		return -EBUSY;
	dma_rmb();
	s = le32_to_cpu(d->des3);
	if (!(s & XGMAC_RDES3_CTXT) || !(s & XGMAC_RDES3_TSA) ||
	    (s & XGMAC_RDES3_TSD))
		return -ENODATA;
	nsec = le32_to_cpu(d->des0);
	sec = le32_to_cpu(d->des1);
	if (nsec == U32_MAX && sec == U32_MAX)
		return -ENODATA;
	*ns = (u64)sec * NSEC_PER_SEC + nsec;
	return 0;
}

/* The enhanced descriptor's own words, before @d. The time is cut to
 * the fields as upstream cuts it: the seconds' low 8 bits, nanoseconds
 * in 256 ns steps.
 */
static void xgmac_tx_launch(struct stmmac_desc *d, u64 ns)
{
	__le32 *w = (__le32 *)d - 4;
	u32 rem, sec;

	if (!ns) {
		w[0] = 0;
		return;
	}
	sec = div_u64_rem(ns, NSEC_PER_SEC, &rem);
	w[0] = cpu_to_le32(XGMAC_TDES4_LTV |
			   FIELD_PREP(XGMAC_TDES4_LT_SEC, sec & 0xff));
	w[1] = cpu_to_le32(rem & XGMAC_TDES5_LT_NS);
}

const struct stmmac_desc_ops dwxgmac2_desc_ops = {
	.tx_fill = xgmac_tx_fill,
	.tx_tso_first = xgmac_tx_tso_first,
	.tx_ctx_mss = xgmac_tx_ctx_mss,
	.tx_ctx_vlan = xgmac_tx_ctx_vlan,
	.tx_own = xgmac_tx_own,
	.tx_busy = xgmac_tx_busy,
	.tx_error = xgmac_tx_error,
	.rx_fill = xgmac_rx_fill,
	.rx_status = xgmac_rx_status,
	.rx_ts = xgmac_rx_ts,
	.tx_launch = xgmac_tx_launch,
	.buf_max = XGMAC_BUF_MAX,
	.size = sizeof(struct stmmac_desc),
};
EXPORT_SYMBOL_IF_KUNIT(dwxgmac2_desc_ops);
