// SPDX-License-Identifier: GPL-2.0-only
/*
 * DesignWare GMAC 3.x ("dwmac1000"): MAC, single-channel DMA, MDIO, RMON
 * counters, and the normal and enhanced descriptor formats.
 */

#include <linux/bitfield.h>
#include <linux/etherdevice.h>
#include <linux/io.h>
#include <linux/iopoll.h>
#include <linux/netdevice.h>
#include <linux/sizes.h>
#include <kunit/visibility.h>

#include "dwmac1000.h"
#include "stmmac.h"

#define GMAC_RESET_TIMEOUT_US	100000
#define GMAC_MDIO_TIMEOUT_US	10000
/* A stop completes once the frame in progress is done: 6.5 ms for 8 KiB
 * at 10 Mb/s.
 */
#define GMAC_DMA_STOP_TIMEOUT_US	20000

static void gmac_update(void __iomem *reg, u32 clear, u32 set)
{
	writel((readl(reg) & ~clear) | set, reg);
}

static u32 gmac_irq_bits(bool rx, bool tx)
{
	return (rx ? DMA_INTR_RIE : 0) | (tx ? DMA_INTR_TIE : 0);
}

static void gmac_dma_irq_enable(void __iomem *ioaddr, u32 chan, bool rx,
				bool tx)
{
	gmac_update(ioaddr + DMA_INTR_EN, 0, gmac_irq_bits(rx, tx));
	/* Read back: the unmask has reached the core before the caller
	 * looks at its ring for what completed under the mask.
	 */
	readl(ioaddr + DMA_INTR_EN);
}

static void gmac_dma_irq_disable(void __iomem *ioaddr, u32 chan, bool rx,
				 bool tx)
{
	gmac_update(ioaddr + DMA_INTR_EN, gmac_irq_bits(rx, tx), 0);
}

static void gmac_rx_watchdog(void __iomem *ioaddr, u32 queue, u32 riwt)
{
	writel(riwt, ioaddr + DMA_RX_WATCHDOG);
}

static void gmac_read_caps(void __iomem *ioaddr, struct stmmac_caps *caps)
{
	u32 hwf;

	caps->version = FIELD_GET(GMAC_VERSION_SNPS,
				  readl(ioaddr + GMAC_VERSION));
	/* The HW feature register exists from 3.50 on; older cores read 0
	 * there and get the conservative defaults: normal descriptors, no
	 * offloads the driver cannot verify.
	 */
	hwf = readl(ioaddr + DMA_HW_FEATURE);
	caps->enh_desc = hwf & HWF_ENHDESSEL;
	caps->tx_coe = hwf & HWF_TXCOESEL;
	caps->rx_coe = hwf & (HWF_RXTYP1COE | HWF_RXTYP2COE);
	caps->rx_coe_type1 = (hwf & HWF_RXTYP1COE) && !(hwf & HWF_RXTYP2COE);
	caps->mmc = hwf & HWF_MMCSEL;
	caps->hash_filter = hwf & HWF_HASHSEL;
	/* The sizes are build options the core does not report: the DT
	 * gives them (stmmac_hwif.c).
	 */
	caps->mc_bins = 0;
	caps->uc_entries = 1;
	caps->half_duplex = hwf & HWF_HDSEL;
	caps->riwt = caps->version >= 0x35;
	caps->tso = false;
	caps->eee = hwf & HWF_EEESEL;
	caps->pmt_magic = hwf & HWF_MGKSEL;
	caps->pmt_ucast = hwf & HWF_RWKSEL;
	caps->c45 = false;
	caps->tx_queues = 1;
	caps->rx_queues = 1;
	caps->addr_bits = 32;
	caps->tx_fifo = 0;
	caps->rx_fifo = 0;
	/* The advanced (1588-2008) unit only: the 2002 one may lack the
	 * digital rollover the driver's stamps and time are in.
	 */
	caps->ts = hwf & HWF_TSVER2SEL;
}

static int gmac_reset(void __iomem *ioaddr)
{
	u32 val;

	writel(readl(ioaddr + DMA_BUS_MODE) | DMA_BUS_SWR,
	       ioaddr + DMA_BUS_MODE);
	/* The reset completes only with the PHY's RX clock running. */
	return readl_poll_timeout(ioaddr + DMA_BUS_MODE, val,
				  !(val & DMA_BUS_SWR), 10,
				  GMAC_RESET_TIMEOUT_US);
}

static void gmac_core_init(struct stmmac_priv *priv)
{
	void __iomem *ioaddr = priv->ioaddr;
	u32 cfg = GMAC_CONFIG_BE | GMAC_CONFIG_JD;

	/* Above 1500 bytes of MTU the 2000-byte limit, above 2000 jumbo
	 * frames; past either, the core flags the frame as giant.
	 */
	if (priv->dev->mtu > ETH_DATA_LEN)
		cfg |= GMAC_CONFIG_2K | GMAC_CONFIG_WD;
	if (priv->dev->mtu > 2000)
		cfg |= GMAC_CONFIG_JE;
	if (priv->caps.rx_coe && (priv->dev->features & NETIF_F_RXCSUM))
		cfg |= GMAC_CONFIG_IPC;
	writel(cfg, ioaddr + GMAC_CONFIG);

	/* Nothing in the MAC or the RMON block may interrupt: link changes
	 * come from phylink and counters are read on demand.
	 */
	writel(GMAC_INT_MASK_ALL, ioaddr + GMAC_INT_MASK);
	if (priv->caps.mmc) {
		writel(~0U, ioaddr + GMAC_MMC_RX_INT_MASK);
		writel(~0U, ioaddr + GMAC_MMC_TX_INT_MASK);
		writel(~0U, ioaddr + GMAC_MMC_IPC_INT_MASK);
		writel(GMAC_MMC_CTRL_RESET | GMAC_MMC_CTRL_ROR,
		       ioaddr + GMAC_MMC_CTRL);
	}
}

/* The DT's burst lengths are added to those the core enables after reset,
 * as upstream does; the outstanding request limits replace the reset's.
 */
static void gmac_dma_axi(void __iomem *ioaddr, const struct stmmac_plat *plat)
{
	u32 axi = readl(ioaddr + DMA_AXI_BUS_MODE);

	axi &= ~(DMA_AXI_WR_OSR | DMA_AXI_RD_OSR);
	axi |= FIELD_PREP(DMA_AXI_WR_OSR, plat->axi_wr_osr) |
	       FIELD_PREP(DMA_AXI_RD_OSR, plat->axi_rd_osr) |
	       FIELD_PREP(DMA_AXI_BLEN, plat->axi_blen);
	if (plat->axi_lpi)
		axi |= DMA_AXI_EN_LPI;
	if (plat->axi_xit_frm)
		axi |= DMA_AXI_LPI_XIT_FRM;
	writel(axi, ioaddr + DMA_AXI_BUS_MODE);
}

static void gmac_dma_init(struct stmmac_priv *priv)
{
	const struct stmmac_plat *plat = priv->plat;
	void __iomem *ioaddr = priv->ioaddr;
	u32 txpbl = plat->txpbl ?: plat->pbl;
	u32 rxpbl = plat->rxpbl ?: plat->pbl;
	u32 bus, op;

	bus = FIELD_PREP(DMA_BUS_PBL, txpbl) | FIELD_PREP(DMA_BUS_RPBL, rxpbl) |
	      DMA_BUS_USP;
	if (plat->pblx8)
		bus |= DMA_BUS_PBLX8;
	if (plat->fixed_burst)
		bus |= DMA_BUS_FB;
	if (plat->mixed_burst)
		bus |= DMA_BUS_MB;
	if (plat->aal)
		bus |= DMA_BUS_AAL;
	/* The ring stride: the DMA steps 32 bytes from one descriptor to
	 * the next with ATDS, 16 without.
	 */
	if (priv->desc->size == sizeof(struct gmac_adesc))
		bus |= DMA_BUS_ATDS;
	writel(bus, ioaddr + DMA_BUS_MODE);
	if (plat->axi)
		gmac_dma_axi(ioaddr, plat);

	/* Store-and-forward unless the board forces thresholds: TX checksum
	 * insertion needs the whole frame in the FIFO.
	 */
	if (plat->force_thresh)
		op = FIELD_PREP(DMA_OP_TTC, 0) | FIELD_PREP(DMA_OP_RTC, 0);
	else
		op = DMA_OP_TSF | DMA_OP_RSF;
	/* PAUSE frames when the RX FIFO is within 1 KiB of full, released at
	 * 2 KiB, as upstream: only a FIFO of 4 KiB or more has the room.
	 * Whether they are sent at all is the link's TX pause (link_up).
	 */
	if (priv->caps.rx_fifo >= SZ_4K)
		op |= DMA_OP_EFC | FIELD_PREP(DMA_OP_RFA, 0) |
		      FIELD_PREP(DMA_OP_RFD, 1);
	writel(op | DMA_OP_OSF, ioaddr + DMA_OP_MODE);

	writel(DMA_STATUS_INTR, ioaddr + DMA_STATUS);
	writel(DMA_INTR_NIE | DMA_INTR_AIE | DMA_INTR_FBE | DMA_INTR_UNE |
	       DMA_INTR_RIE | DMA_INTR_TIE, ioaddr + DMA_INTR_EN);
}

static void gmac_dma_init_tx(void __iomem *ioaddr, u32 chan, dma_addr_t base,
			     u32 size)
{
	writel(lower_32_bits(base), ioaddr + DMA_TX_BASE);
}

static void gmac_dma_init_rx(void __iomem *ioaddr, u32 chan, dma_addr_t base,
			     u32 size, u32 buf_len)
{
	writel(lower_32_bits(base), ioaddr + DMA_RX_BASE);
}

static u32 gmac_dma_run_bits(bool tx, bool rx)
{
	return (tx ? DMA_OP_ST : 0) | (rx ? DMA_OP_SR : 0);
}

static void gmac_dma_start(void __iomem *ioaddr, u32 chan, bool tx, bool rx)
{
	gmac_update(ioaddr + DMA_OP_MODE, 0, gmac_dma_run_bits(tx, rx));
}

static int gmac_dma_stop(void __iomem *ioaddr, u32 chan, bool tx, bool rx)
{
	u32 busy = (tx ? DMA_STATUS_TS : 0) | (rx ? DMA_STATUS_RS : 0), st;

	gmac_update(ioaddr + DMA_OP_MODE, gmac_dma_run_bits(tx, rx), 0);
	return readl_poll_timeout(ioaddr + DMA_STATUS, st, !(st & busy), 10,
				  GMAC_DMA_STOP_TIMEOUT_US);
}

static void gmac_dma_irq_off(void __iomem *ioaddr, u32 chan)
{
	writel(0, ioaddr + DMA_INTR_EN);
}

static void gmac_tx_kick(void __iomem *ioaddr, u32 chan, dma_addr_t tail)
{
	writel(1, ioaddr + DMA_TX_POLL);
}

static void gmac_rx_kick(void __iomem *ioaddr, u32 chan, dma_addr_t tail)
{
	/* A suspended RX DMA resumes on a poll demand. */
	writel(1, ioaddr + DMA_RX_POLL);
}

/* Only the events whose interrupt is enabled are taken: RX or TX masked
 * for NAPI stay latched, so that a completion landing meanwhile is not
 * acknowledged and lost; NAPI looks for it after its unmask, which need
 * not interrupt again for it. One channel, one interrupt line: @which is
 * always both directions.
 */
static u32 gmac_dma_irq_status(void __iomem *ioaddr, u32 chan, u32 which)
{
	u32 en = readl(ioaddr + DMA_INTR_EN);
	u32 take = ~(u32)(DMA_STATUS_RI | DMA_STATUS_TI);
	u32 st, ev;

	if (en & DMA_INTR_RIE)
		take |= DMA_STATUS_RI;
	if (en & DMA_INTR_TIE)
		take |= DMA_STATUS_TI;
	st = readl(ioaddr + DMA_STATUS) & DMA_STATUS_INTR & take;
	if (!st)
		return 0;
	writel(st, ioaddr + DMA_STATUS);
	ev = STMMAC_DMA_ACKED;
	if (st & DMA_STATUS_RI)
		ev |= STMMAC_DMA_RX;
	if (st & DMA_STATUS_TI)
		ev |= STMMAC_DMA_TX;
	if (st & DMA_STATUS_RU)
		ev |= STMMAC_DMA_RX_NOBUF;
	if (st & DMA_STATUS_UNF)
		ev |= STMMAC_DMA_TX_UNDERFLOW | STMMAC_DMA_TX;
	if (st & DMA_STATUS_FBI)
		ev |= STMMAC_DMA_FATAL;
	return ev;
}

/*
 * TI alone: NIS stays for the handler the line may already have raised.
 * The read-back makes the write land before the caller's NAPI reads the
 * ring: posted, it could clear the TI of a frame completed after that read.
 */
static void gmac_dma_tx_ack(void __iomem *ioaddr, u32 chan)
{
	writel(DMA_STATUS_TI, ioaddr + DMA_STATUS);
	readl(ioaddr + DMA_STATUS);
}

static void gmac_mac_enable(void __iomem *ioaddr, bool enable)
{
	u32 bits = GMAC_CONFIG_TE | GMAC_CONFIG_RE;

	gmac_update(ioaddr + GMAC_CONFIG, enable ? 0 : bits, enable ? bits : 0);
}

static void gmac_link_up(void __iomem *ioaddr, int speed, int duplex,
			 bool tx_pause, bool rx_pause, u16 pause_time)
{
	u32 cfg = 0, flow = 0;

	switch (speed) {
	case SPEED_100:
		cfg = GMAC_CONFIG_PS | GMAC_CONFIG_FES;
		break;
	case SPEED_10:
		cfg = GMAC_CONFIG_PS;
		break;
	default:
		break;
	}
	if (duplex == DUPLEX_FULL)
		cfg |= GMAC_CONFIG_DM;
	gmac_update(ioaddr + GMAC_CONFIG,
		    GMAC_CONFIG_PS | GMAC_CONFIG_FES | GMAC_CONFIG_DM, cfg);

	if (duplex == DUPLEX_FULL) {
		flow = FIELD_PREP(GMAC_FLOW_PT, pause_time);
		flow |= (tx_pause ? GMAC_FLOW_TFE : 0) |
			(rx_pause ? GMAC_FLOW_RFE : 0);
	}
	writel(flow, ioaddr + GMAC_FLOW_CTRL);
}

static u32 gmac_addr_high(u32 n)
{
	if (n < GMAC_ADDR_BANK1_N)
		return GMAC_ADDR_BANK1 + n * 8;
	return GMAC_ADDR_BANK2 + (n - GMAC_ADDR_BANK1_N) * 8;
}

/* Perfect-filter entry @n: @addr, or disabled when @addr is NULL. */
static void gmac_write_addr(void __iomem *ioaddr, u32 n, const u8 *addr)
{
	u32 hi = 0, lo = 0;

	if (addr)
		stmmac_addr_to_regs(addr, &hi, &lo);
	writel(hi, ioaddr + gmac_addr_high(n));
	writel(lo, ioaddr + gmac_addr_high(n) + 4);
}

static void gmac_set_mac_addr(void __iomem *ioaddr, const u8 *addr)
{
	gmac_write_addr(ioaddr, 0, addr);
}

static void gmac_get_mac_addr(void __iomem *ioaddr, u8 *addr)
{
	u32 hi = readl(ioaddr + GMAC_ADDR_HIGH0);
	u32 lo = readl(ioaddr + GMAC_ADDR_LOW0);

	stmmac_addr_from_regs(hi, lo, addr);
}

/* 64 bins live in the two original registers, 128 or 256 in the table
 * at 0x500; which one the core uses was fixed when it was built.
 */
static void gmac_write_hash(void __iomem *ioaddr, const u32 *bits, u32 bins)
{
	u32 i;

	if (bins == 64) {
		writel(bits[0], ioaddr + GMAC_HASH_LOW);
		writel(bits[1], ioaddr + GMAC_HASH_HIGH);
		return;
	}
	for (i = 0; i < bins / 32; i++)
		writel(bits[i], ioaddr + GMAC_EXTHASH(i));
}

static void gmac_set_filter(struct stmmac_priv *priv, struct net_device *dev)
{
	void __iomem *ioaddr = priv->ioaddr;
	struct stmmac_filter f;
	u32 filter = GMAC_FILTER_HPF;

	stmmac_filter_build(dev, priv->caps.mc_bins, priv->caps.uc_entries,
			    0, &f);
	if (f.promisc)
		filter |= GMAC_FILTER_PR | GMAC_FILTER_PCF_ALL;
	else if (f.allmulti)
		filter |= GMAC_FILTER_PM;
	else if (f.hash)
		filter |= GMAC_FILTER_HMC;
	/* Tables first: the mode that uses them is switched on last. */
	gmac_write_hash(ioaddr, f.hash_bits, priv->caps.mc_bins);
	if (f.uc_fit)
		stmmac_filter_uc_write(dev, priv->caps.uc_entries,
				       gmac_write_addr, ioaddr);
	writel(filter, ioaddr + GMAC_FRAME_FILTER);
}

static void gmac_set_rx_csum(void __iomem *ioaddr, bool enable)
{
	gmac_update(ioaddr + GMAC_CONFIG, enable ? 0 : GMAC_CONFIG_IPC,
		    enable ? GMAC_CONFIG_IPC : 0);
}

static int gmac_mdio_wait(void __iomem *ioaddr)
{
	u32 val;

	return readl_poll_timeout(ioaddr + GMAC_MII_ADDR, val,
				  !(val & GMAC_MII_BUSY), 10,
				  GMAC_MDIO_TIMEOUT_US);
}

static u32 gmac_mdio_cmd(u32 csr, int phy, int reg)
{
	return FIELD_PREP(GMAC_MII_PHY, phy) | FIELD_PREP(GMAC_MII_REG, reg) |
	       FIELD_PREP(GMAC_MII_CSR, csr) | GMAC_MII_BUSY;
}

static int gmac_mdio_read(void __iomem *ioaddr, u32 csr, int phy, int reg)
{
	int ret = gmac_mdio_wait(ioaddr);

	if (ret)
		return ret;
	writel(gmac_mdio_cmd(csr, phy, reg), ioaddr + GMAC_MII_ADDR);
	ret = gmac_mdio_wait(ioaddr);
	if (ret)
		return ret;
	return readl(ioaddr + GMAC_MII_DATA) & 0xffff;
}

static int gmac_mdio_write(void __iomem *ioaddr, u32 csr, int phy, int reg,
			   u16 val)
{
	int ret = gmac_mdio_wait(ioaddr);

	if (ret)
		return ret;
	writel(val, ioaddr + GMAC_MII_DATA);
	writel(gmac_mdio_cmd(csr, phy, reg) | GMAC_MII_WRITE,
	       ioaddr + GMAC_MII_ADDR);
	return gmac_mdio_wait(ioaddr);
}

static void gmac_mmc_read(void __iomem *ioaddr, struct stmmac_mmc_counters *m)
{
	/* Counters reset on read (ROR): each read is the delta. */
	m->tx_octets += readl(ioaddr + GMAC_MMC_TX_OCTETS_GB);
	m->tx_frames += readl(ioaddr + GMAC_MMC_TX_FRAMES_GB);
	m->tx_frames_good += readl(ioaddr + GMAC_MMC_TX_FRAMES_G);
	m->tx_underflow += readl(ioaddr + GMAC_MMC_TX_UNDERFLOW);
	m->tx_carrier += readl(ioaddr + GMAC_MMC_TX_CARRIER);
	m->tx_pause += readl(ioaddr + GMAC_MMC_TX_PAUSE);
	m->rx_frames += readl(ioaddr + GMAC_MMC_RX_FRAMES_GB);
	m->rx_octets += readl(ioaddr + GMAC_MMC_RX_OCTETS_GB);
	m->rx_crc += readl(ioaddr + GMAC_MMC_RX_CRC_ERR);
	m->rx_align += readl(ioaddr + GMAC_MMC_RX_ALIGN_ERR);
	m->rx_runt += readl(ioaddr + GMAC_MMC_RX_RUNT);
	m->rx_jabber += readl(ioaddr + GMAC_MMC_RX_JABBER);
	m->rx_length += readl(ioaddr + GMAC_MMC_RX_LENGTH_ERR);
	m->rx_pause += readl(ioaddr + GMAC_MMC_RX_PAUSE);
	m->rx_fifo_overflow += readl(ioaddr + GMAC_MMC_RX_FIFO_OVERFLOW);
	m->rx_watchdog += readl(ioaddr + GMAC_MMC_RX_WATCHDOG_ERR);
}

/* A counter that overflowed since the last read counted at least its
 * range.
 */
static void gmac_rx_missed(void __iomem *ioaddr, u32 *nobuf, u32 *fifo)
{
	u32 v = readl(ioaddr + DMA_MISSED_FRAMES);

	*nobuf = v & DMA_MISSED_NOBUF_OVF ? FIELD_MAX(DMA_MISSED_NOBUF) + 1 :
					    FIELD_GET(DMA_MISSED_NOBUF, v);
	*fifo = v & DMA_MISSED_FIFO_OVF ? FIELD_MAX(DMA_MISSED_FIFO) + 1 :
					  FIELD_GET(DMA_MISSED_FIFO, v);
}

static void gmac_lpi_timers(void __iomem *ioaddr, u32 ls_ms, u32 tw_us)
{
	ls_ms = min_t(u32, ls_ms, FIELD_MAX(GMAC_LPI_LS));
	tw_us = min_t(u32, tw_us, FIELD_MAX(GMAC_LPI_TW));
	writel(FIELD_PREP(GMAC_LPI_LS, ls_ms) | FIELD_PREP(GMAC_LPI_TW, tw_us),
	       ioaddr + GMAC_LPI_TIMER);
}

static void gmac_lpi_link(void __iomem *ioaddr, bool up)
{
	gmac_update(ioaddr + GMAC_LPI_CTRL, up ? 0 : GMAC_LPI_PLS,
		    up ? GMAC_LPI_PLS : 0);
}

/* The GMAC 3.x has no TX clock gating in LPI: @clk_gate is moot. */
static void gmac_lpi_tx(void __iomem *ioaddr, bool on, bool clk_gate)
{
	u32 bits = GMAC_LPI_LPIEN | GMAC_LPI_LPITXA;

	gmac_update(ioaddr + GMAC_LPI_CTRL, on ? 0 : bits, on ? bits : 0);
}

/* Power-down mode drops every frame until a wake-up event, which the
 * receiver must see: it is switched on, whatever the link left it at.
 */
static void gmac_pmt_arm(void __iomem *ioaddr, u32 wolopts)
{
	u32 pmt = 0;

	if (wolopts & WAKE_MAGIC)
		pmt |= GMAC_PMT_PWRDWN | GMAC_PMT_MGKPKTEN;
	if (wolopts & WAKE_UCAST)
		pmt |= GMAC_PMT_PWRDWN | GMAC_PMT_GLBLUCAST |
		       GMAC_PMT_RWKPKTEN;
	if (pmt) {
		gmac_update(ioaddr + GMAC_CONFIG, 0, GMAC_CONFIG_RE);
		gmac_update(ioaddr + GMAC_INT_MASK, GMAC_INT_PMT, 0);
	} else {
		gmac_update(ioaddr + GMAC_INT_MASK, 0, GMAC_INT_PMT);
	}
	writel(pmt, ioaddr + GMAC_PMT);
}

static void gmac_pmt_ack(void __iomem *ioaddr)
{
	readl(ioaddr + GMAC_PMT);
}

/*
 * The layout ethtool's st_gmac decoder reads, as upstream writes it: the
 * first 55 MAC registers (0x000-0x0d8) at their offsets, the 23 DMA
 * registers (0x1000-0x1058, the reserved 0x1030-0x1044 left 0) at theirs,
 * and the DMA registers once more from word 55 on, where the decoder looks
 * for them.
 */
static void gmac_dump_regs(void __iomem *ioaddr, u32 *buf)
{
	u32 off, i;

	for (off = 0; off < GMAC_DUMP_MAC_REGS * 4; off += 4)
		buf[off / 4] = readl(ioaddr + off);
	for (i = 0; i < GMAC_DUMP_DMA_REGS; i++) {
		off = DMA_BUS_MODE + i * 4;
		if (off >= GMAC_DUMP_DMA_HOLE && off <= GMAC_DUMP_DMA_HOLE_END)
			continue;
		/* Reading it would clear the counts ethtool -S reports. */
		if (off == DMA_MISSED_FRAMES)
			continue;
		buf[off / 4] = readl(ioaddr + off);
		buf[GMAC_DUMP_MAC_REGS + i] = buf[off / 4];
	}
}

static const struct stmmac_tsu_layout gmac_tsu = {
	.base = GMAC_TSU_BASE,
	.ssinc_shift = GMAC_TSU_SSINC_SHIFT,
};

const struct stmmac_hw_ops dwmac1000_ops = {
	.dma_irq_enable = gmac_dma_irq_enable,
	.dma_irq_disable = gmac_dma_irq_disable,
	.dma_irq_off = gmac_dma_irq_off,
	.rx_watchdog = gmac_rx_watchdog,
	.read_caps = gmac_read_caps,
	.reset = gmac_reset,
	.core_init = gmac_core_init,
	.dma_init = gmac_dma_init,
	.dma_init_tx = gmac_dma_init_tx,
	.dma_init_rx = gmac_dma_init_rx,
	.dma_start = gmac_dma_start,
	.dma_stop = gmac_dma_stop,
	.tx_kick = gmac_tx_kick,
	.rx_kick = gmac_rx_kick,
	.dma_irq_status = gmac_dma_irq_status,
	.dma_tx_ack = gmac_dma_tx_ack,
	.mac_enable = gmac_mac_enable,
	.link_up = gmac_link_up,
	.set_mac_addr = gmac_set_mac_addr,
	.get_mac_addr = gmac_get_mac_addr,
	.set_filter = gmac_set_filter,
	.set_rx_csum = gmac_set_rx_csum,
	.mdio_read = gmac_mdio_read,
	.mdio_write = gmac_mdio_write,
	.mmc_read = gmac_mmc_read,
	.rx_missed = gmac_rx_missed,
	.lpi_timers = gmac_lpi_timers,
	.lpi_link = gmac_lpi_link,
	.lpi_tx = gmac_lpi_tx,
	.pmt_arm = gmac_pmt_arm,
	.pmt_ack = gmac_pmt_ack,
	.mac_capabilities = MAC_10 | MAC_100 | MAC_1000,
	.max_frame = GMAC_JUMBO_FRAME,
	.regs_len = GMAC_DUMP_LEN,
	.dump_regs = gmac_dump_regs,
	.ethtool_name = "st_gmac",
	.core_name = "GMAC",
	.tsu = &gmac_tsu,
};
EXPORT_SYMBOL_IF_KUNIT(dwmac1000_ops);

/* Descriptors. The formats share RDES0 and the OWN bit; they differ in
 * where the TX control bits live and in the size-field widths.
 */

static void desc_tx_own(struct stmmac_desc *d)
{
	d->des0 |= cpu_to_le32(NDES0_OWN);
}

static bool desc_tx_busy(const struct stmmac_desc *d)
{
	return le32_to_cpu(READ_ONCE(d->des0)) & NDES0_OWN;
}

static bool desc_tx_error(const struct stmmac_desc *d)
{
	return le32_to_cpu(d->des0) & NTDES0_ES;
}

/* The causes of a bad frame in RDES0, as STMMAC_RXE_* bits. Bit 7 is an
 * IP header checksum error with the checksum engine on, a giant frame
 * with it off; bits 7 and 0 alone (checksum verdicts) do not make a frame
 * bad: the stack checks it again. ES set for any other reason does.
 */
static u32 desc_rx_errors(u32 s, bool coe)
{
	u32 err = 0;

	if (s & RDES0_CE)
		err |= STMMAC_RXE_CRC;
	if ((s & (RDES0_LE | RDES0_DE | RDES0_RWT)) ||
	    (!coe && (s & RDES0_IPC)))
		err |= STMMAC_RXE_LENGTH;
	if (s & RDES0_OE)
		err |= STMMAC_RXE_OVER;
	if (s & (RDES0_RE | RDES0_LC))
		err |= STMMAC_RXE_FRAME;
	if (!err && (s & RDES0_ES) &&
	    !(coe && (s & (RDES0_IPC | RDES0_PCE))))
		err |= STMMAC_RXE_FRAME;
	return err;
}

static enum stmmac_rx_status desc_rx_status(const struct stmmac_desc *d,
					    bool coe, struct stmmac_rx_info *ri)
{
	u32 s = le32_to_cpu(READ_ONCE(d->des0));

	if (s & NDES0_OWN)
		return STMMAC_RX_OWNED;
	/* Reading the rest of the descriptor must not pass the OWN check. */
	dma_rmb();
	s = le32_to_cpu(d->des0);
	ri->first = s & RDES0_FS;
	/* Status and length are valid in a frame's last descriptor only. */
	if (!(s & RDES0_LS))
		return STMMAC_RX_PART;
	ri->err = desc_rx_errors(s, coe);
	if (ri->err)
		return STMMAC_RX_ERROR;
	if (FIELD_GET(RDES0_FL, s) < ETH_HLEN + ETH_FCS_LEN) {
		ri->err = STMMAC_RXE_LENGTH;
		return STMMAC_RX_ERROR;
	}
	ri->len = FIELD_GET(RDES0_FL, s);
	/* FT set with neither checksum error flag, the engine on: an IPv4 or
	 * IPv6 frame whose header and payload checksums the core verified.
	 */
	if (coe && (s & (RDES0_FT | RDES0_IPC | RDES0_PCE)) == RDES0_FT)
		return STMMAC_RX_CSUM_OK;
	return STMMAC_RX_GOOD;
}

static void norm_tx_fill(struct stmmac_desc *d, dma_addr_t addr, u32 len,
			 u32 frame_len, u32 flags)
{
	u32 des1 = FIELD_PREP(NTDES1_TBS1, len);

	if (flags & STMMAC_TXD_FIRST)
		des1 |= NTDES1_FS;
	if (flags & STMMAC_TXD_LAST)
		des1 |= NTDES1_LS;
	if (flags & STMMAC_TXD_CSUM)
		des1 |= FIELD_PREP(NTDES1_CIC, DESC_CIC_FULL);
	if (flags & STMMAC_TXD_IC)
		des1 |= NTDES1_IC;
	if (flags & STMMAC_TXD_EOR)
		des1 |= NTDES1_TER;
	d->des0 = 0;
	d->des1 = cpu_to_le32(des1);
	d->des2 = cpu_to_le32(lower_32_bits(addr));
	d->des3 = 0;
}

static void norm_rx_fill(struct stmmac_desc *d, dma_addr_t addr, u32 len,
			 bool eor, bool ic)
{
	u32 des1 = FIELD_PREP(NRDES1_RBS1, len);

	if (eor)
		des1 |= NRDES1_RER;
	if (!ic)
		des1 |= NRDES1_DIC;
	d->des1 = cpu_to_le32(des1);
	d->des2 = cpu_to_le32(lower_32_bits(addr));
	d->des3 = 0;
	/* The DMA may fetch the descriptor as soon as it sees OWN. */
	dma_wmb();
	WRITE_ONCE(d->des0, cpu_to_le32(NDES0_OWN));
}

static void enh_tx_fill(struct stmmac_desc *d, dma_addr_t addr, u32 len,
			u32 frame_len, u32 flags)
{
	u32 des0 = 0;

	if (flags & STMMAC_TXD_FIRST)
		des0 |= ETDES0_FS;
	if (flags & STMMAC_TXD_LAST)
		des0 |= ETDES0_LS;
	if (flags & STMMAC_TXD_CSUM)
		des0 |= FIELD_PREP(ETDES0_CIC, DESC_CIC_FULL);
	if (flags & STMMAC_TXD_IC)
		des0 |= ETDES0_IC;
	if (flags & STMMAC_TXD_EOR)
		des0 |= ETDES0_TER;
	/* Asked only of the alternate size, where TDES6/7 take the stamp. */
	if (flags & STMMAC_TXD_TS)
		des0 |= ETDES0_TTSE;
	d->des0 = cpu_to_le32(des0);
	d->des1 = cpu_to_le32(FIELD_PREP(ETDES1_TBS1, len));
	d->des2 = cpu_to_le32(lower_32_bits(addr));
	d->des3 = 0;
}

static void enh_rx_fill(struct stmmac_desc *d, dma_addr_t addr, u32 len,
			bool eor, bool ic)
{
	u32 des1 = FIELD_PREP(ERDES1_RBS1, len);

	if (eor)
		des1 |= ERDES1_RER;
	if (!ic)
		des1 |= ERDES1_DIC;
	d->des1 = cpu_to_le32(des1);
	d->des2 = cpu_to_le32(lower_32_bits(addr));
	d->des3 = 0;
	dma_wmb();
	WRITE_ONCE(d->des0, cpu_to_le32(NDES0_OWN));
}

/* The alternate size on a core with the advanced timestamp unit: RDES0
 * bit 0 says that RDES4 holds the checksum engine's verdict, bit 7 that
 * RDES6/7 hold a timestamp. The engine's errors also set ES: they leave
 * the checksums to the stack, they do not make the frame bad.
 */
static u32 atds_rx_errors(u32 s, u32 ext)
{
	u32 err = 0;

	if (s & RDES0_CE)
		err |= STMMAC_RXE_CRC;
	if (s & (RDES0_LE | RDES0_DE | RDES0_RWT))
		err |= STMMAC_RXE_LENGTH;
	if (s & RDES0_OE)
		err |= STMMAC_RXE_OVER;
	if (s & (RDES0_RE | RDES0_LC))
		err |= STMMAC_RXE_FRAME;
	if (!err && (s & RDES0_ES) && !(ext & (RDES4_IPHE | RDES4_IPPE)))
		err |= STMMAC_RXE_FRAME;
	return err;
}

/* The engine checked an IPv4 or IPv6 header and a TCP, UDP or ICMP
 * payload, and found both good. Anything else (unknown protocol,
 * fragments, IP options it bypasses) is left to the stack.
 */
static bool atds_csum_ok(u32 s, u32 ext)
{
	u32 pt = FIELD_GET(RDES4_PT, ext);

	return (s & RDES0_FT) && (ext & (RDES4_IPV4 | RDES4_IPV6)) &&
	       pt >= RDES4_PT_UDP && pt <= RDES4_PT_ICMP &&
	       !(ext & (RDES4_IPHE | RDES4_IPPE | RDES4_IPCB));
}

static enum stmmac_rx_status atds_rx_status(const struct stmmac_desc *d,
					    bool coe, struct stmmac_rx_info *ri)
{
	const struct gmac_adesc *a = container_of_const(d, struct gmac_adesc,
						       basic);
	u32 s = le32_to_cpu(READ_ONCE(d->des0));
	u32 ext = 0;

	if (s & NDES0_OWN)
		return STMMAC_RX_OWNED;
	/* Reading the rest of the descriptor must not pass the OWN check. */
	dma_rmb();
	s = le32_to_cpu(d->des0);
	ri->first = s & RDES0_FS;
	if (!(s & RDES0_LS))
		return STMMAC_RX_PART;
	if (s & ARDES0_ESA)
		ext = le32_to_cpu(a->des4);
	ri->err = atds_rx_errors(s, ext);
	if (ri->err)
		return STMMAC_RX_ERROR;
	if (FIELD_GET(RDES0_FL, s) < ETH_HLEN + ETH_FCS_LEN) {
		ri->err = STMMAC_RXE_LENGTH;
		return STMMAC_RX_ERROR;
	}
	ri->len = FIELD_GET(RDES0_FL, s);
	ri->ts_here = s & ARDES0_TSA;
	if (coe && atds_csum_ok(s, ext))
		return STMMAC_RX_CSUM_OK;
	return STMMAC_RX_GOOD;
}

/* Words 6 and 7 hold a stamp when @valid, a bit of word 0, is set: TX's
 * TTSS, RX's bit 7.
 */
static int atds_ts(const struct stmmac_desc *d, u32 valid, u64 *ns)
{
	const struct gmac_adesc *a = container_of_const(d, struct gmac_adesc,
						       basic);

	if (!(le32_to_cpu(d->des0) & valid))
		return -ENODATA;
	*ns = le32_to_cpu(a->des6) + (u64)le32_to_cpu(a->des7) * NSEC_PER_SEC;
	return 0;
}

static int atds_tx_ts(const struct stmmac_desc *d, u64 *ns)
{
	return atds_ts(d, ETDES0_TTSS, ns);
}

static int atds_rx_ts(const struct stmmac_desc *d, u64 *ns)
{
	return atds_ts(d, ARDES0_TSA, ns);
}

const struct stmmac_desc_ops dwmac1000_norm_desc_ops = {
	.tx_fill = norm_tx_fill,
	.tx_own = desc_tx_own,
	.tx_busy = desc_tx_busy,
	.tx_error = desc_tx_error,
	.rx_fill = norm_rx_fill,
	.rx_status = desc_rx_status,
	.buf_max = NDESC_BUF_MAX,
	.size = sizeof(struct stmmac_desc),
};
EXPORT_SYMBOL_IF_KUNIT(dwmac1000_norm_desc_ops);

const struct stmmac_desc_ops dwmac1000_enh_desc_ops = {
	.tx_fill = enh_tx_fill,
	.tx_own = desc_tx_own,
	.tx_busy = desc_tx_busy,
	.tx_error = desc_tx_error,
	.rx_fill = enh_rx_fill,
	.rx_status = desc_rx_status,
	.buf_max = EDESC_BUF_MAX,
	.size = sizeof(struct stmmac_desc),
};
EXPORT_SYMBOL_IF_KUNIT(dwmac1000_enh_desc_ops);

/* 32 bytes a descriptor (DMA bus mode ATDS): the TX control of the
 * enhanced format, RX status and timestamps in words 4-7.
 */
const struct stmmac_desc_ops dwmac1000_atds_desc_ops = {
	.tx_fill = enh_tx_fill,
	.tx_own = desc_tx_own,
	.tx_busy = desc_tx_busy,
	.tx_error = desc_tx_error,
	.rx_fill = enh_rx_fill,
	.rx_status = atds_rx_status,
	.tx_ts = atds_tx_ts,
	.rx_ts = atds_rx_ts,
	.buf_max = EDESC_BUF_MAX,
	.size = sizeof(struct gmac_adesc),
};
EXPORT_SYMBOL_IF_KUNIT(dwmac1000_atds_desc_ops);
