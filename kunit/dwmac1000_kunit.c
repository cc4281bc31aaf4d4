// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests for dwmac1000.c at the register level: the hw ops write into
 * a fake MMIO window (plain memory) and the tests read back what they
 * wrote; descriptors are encoded and decoded in both formats.
 */

#include <kunit/device.h>
#include <linux/phy.h>
#include <kunit/test.h>
#include <linux/bitfield.h>
#include <linux/etherdevice.h>
#include <linux/io.h>
#include <linux/netdevice.h>
#include <linux/rtnetlink.h>
#include <linux/slab.h>

#include "../dwmac1000.h"
#include "../stmmac.h"
#include "../stmmac_compat.h"

#define FAKE_WINDOW	0x2000
/* RDES0's frame length field, usable in static initialisers */
#define RX_LEN(n)	((u32)(n) << 16)

struct gmac_fake {
	u32 *mem;
	void __iomem *io;
};

static struct gmac_fake *gmac_fake(struct kunit *test)
{
	struct gmac_fake *f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, f);
	f->mem = kunit_kzalloc(test, FAKE_WINDOW, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f->mem);
	/* The ops only ever see an __iomem cookie; here it is plain memory. */
	f->io = (void __iomem __force *)f->mem;
	return f;
}

static u32 reg(struct gmac_fake *f, u32 off)
{
	return f->mem[off / 4];
}

static void set_reg(struct gmac_fake *f, u32 off, u32 val)
{
	f->mem[off / 4] = val;
}

static void irq_mask_test(struct kunit *test)
{
	struct gmac_fake *f = gmac_fake(test);
	const struct stmmac_hw_ops *hw = &dwmac1000_ops;
	u32 others = DMA_INTR_NIE | DMA_INTR_AIE | DMA_INTR_FBE;

	set_reg(f, DMA_INTR_EN, others | DMA_INTR_RIE | DMA_INTR_TIE);
	hw->dma_irq_disable(f->io, 0, false, true);
	KUNIT_EXPECT_EQ(test, reg(f, DMA_INTR_EN), others | DMA_INTR_RIE);
	hw->dma_irq_disable(f->io, 0, true, false);
	KUNIT_EXPECT_EQ(test, reg(f, DMA_INTR_EN), others);
	hw->dma_irq_enable(f->io, 0, false, true);
	KUNIT_EXPECT_EQ(test, reg(f, DMA_INTR_EN), others | DMA_INTR_TIE);
	hw->dma_irq_enable(f->io, 0, true, true);
	KUNIT_EXPECT_EQ(test, reg(f, DMA_INTR_EN),
			others | DMA_INTR_RIE | DMA_INTR_TIE);
}

static void dma_start_stop_test(struct kunit *test)
{
	struct gmac_fake *f = gmac_fake(test);
	const struct stmmac_hw_ops *hw = &dwmac1000_ops;
	u32 mode = DMA_OP_TSF | DMA_OP_RSF;

	set_reg(f, DMA_OP_MODE, mode);
	hw->dma_start(f->io, 0, true, false);
	KUNIT_EXPECT_EQ(test, reg(f, DMA_OP_MODE), mode | DMA_OP_ST);
	hw->dma_start(f->io, 0, false, true);
	KUNIT_EXPECT_EQ(test, reg(f, DMA_OP_MODE),
			mode | DMA_OP_ST | DMA_OP_SR);
	KUNIT_EXPECT_EQ(test, hw->dma_stop(f->io, 0, true, false), 0);
	KUNIT_EXPECT_EQ(test, reg(f, DMA_OP_MODE), mode | DMA_OP_SR);
	KUNIT_EXPECT_EQ(test, hw->dma_stop(f->io, 0, true, true), 0);
	KUNIT_EXPECT_EQ(test, reg(f, DMA_OP_MODE), mode);
}

/* The stop waits for the process states in DMA_STATUS (databook: RX
 * bits 19:17, TX bits 22:20, 0 = stopped); memory never changes state,
 * so a running one times out, and only the direction asked is awaited.
 */
static void dma_stop_wait_test(struct kunit *test)
{
	struct gmac_fake *f = gmac_fake(test);
	const struct stmmac_hw_ops *hw = &dwmac1000_ops;

	set_reg(f, DMA_OP_MODE, DMA_OP_ST | DMA_OP_SR);
	set_reg(f, DMA_STATUS, 3 << 20);	/* TX: running, reading */
	KUNIT_EXPECT_EQ(test, hw->dma_stop(f->io, 0, false, true), 0);
	KUNIT_EXPECT_EQ(test, hw->dma_stop(f->io, 0, true, false),
			-ETIMEDOUT);
	set_reg(f, DMA_STATUS, 1 << 17);	/* RX: running, fetching */
	KUNIT_EXPECT_EQ(test, hw->dma_stop(f->io, 0, true, true),
			-ETIMEDOUT);
	KUNIT_EXPECT_EQ(test, reg(f, DMA_OP_MODE), 0u);

	/* and a stopped channel interrupts for nothing, errors included */
	set_reg(f, DMA_INTR_EN, 0x1ffff);
	hw->dma_irq_off(f->io, 0);
	KUNIT_EXPECT_EQ(test, reg(f, DMA_INTR_EN), 0u);
}

#define ACKED	STMMAC_DMA_ACKED

static void irq_status_test(struct kunit *test)
{
	static const struct {
		u32 status;
		u32 events;
	} cases[] = {
		{ 0, 0 },
		{ DMA_STATUS_NIS | DMA_STATUS_RI, STMMAC_DMA_RX | ACKED },
		{ DMA_STATUS_NIS | DMA_STATUS_TI, STMMAC_DMA_TX | ACKED },
		{ DMA_STATUS_NIS | DMA_STATUS_TI | DMA_STATUS_RI,
		  STMMAC_DMA_TX | STMMAC_DMA_RX | ACKED },
		{ DMA_STATUS_AIS | DMA_STATUS_RU, STMMAC_DMA_RX_NOBUF | ACKED },
		{ DMA_STATUS_AIS | DMA_STATUS_UNF,
		  STMMAC_DMA_TX_UNDERFLOW | STMMAC_DMA_TX | ACKED },
		{ DMA_STATUS_AIS | DMA_STATUS_FBI, STMMAC_DMA_FATAL | ACKED },
		/* a summary bit alone: no event, but the interrupt was ours */
		{ DMA_STATUS_NIS, ACKED },
		/* process state fields are not events */
		{ GENMASK(22, 17), 0 },
	};
	struct gmac_fake *f = gmac_fake(test);
	int i;

	set_reg(f, DMA_INTR_EN, DMA_INTR_RIE | DMA_INTR_TIE);
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		set_reg(f, DMA_STATUS, cases[i].status);
		KUNIT_EXPECT_EQ_MSG(test,
				    dwmac1000_ops.dma_irq_status(f->io, 0,
								 STMMAC_DMA_RX | STMMAC_DMA_TX),
				    cases[i].events, "status %#x",
				    cases[i].status);
		/* Acknowledged by writing the interrupt bits back (W1C). */
		if (cases[i].status & DMA_STATUS_INTR)
			KUNIT_EXPECT_EQ(test, reg(f, DMA_STATUS),
					cases[i].status & DMA_STATUS_INTR);
	}
}

/* A direction masked for NAPI keeps its completion latched: it is neither
 * reported nor acknowledged, so it interrupts again once unmasked.
 */
static void irq_status_masked_test(struct kunit *test)
{
	struct gmac_fake *f = gmac_fake(test);
	u32 all = STMMAC_DMA_RX | STMMAC_DMA_TX;

	set_reg(f, DMA_INTR_EN, DMA_INTR_NIE | DMA_INTR_TIE);
	set_reg(f, DMA_STATUS, DMA_STATUS_NIS | DMA_STATUS_RI | DMA_STATUS_TI);
	KUNIT_EXPECT_EQ(test, dwmac1000_ops.dma_irq_status(f->io, 0, all),
			(u32)(STMMAC_DMA_TX | ACKED));
	/* the write-one-to-clear acknowledgment spares RI */
	KUNIT_EXPECT_EQ(test, reg(f, DMA_STATUS),
			DMA_STATUS_NIS | DMA_STATUS_TI);

	set_reg(f, DMA_INTR_EN, DMA_INTR_NIE | DMA_INTR_RIE);
	set_reg(f, DMA_STATUS, DMA_STATUS_RI | DMA_STATUS_TI);
	KUNIT_EXPECT_EQ(test, dwmac1000_ops.dma_irq_status(f->io, 0, all),
			(u32)(STMMAC_DMA_RX | ACKED));
	KUNIT_EXPECT_EQ(test, reg(f, DMA_STATUS), DMA_STATUS_RI);

	/* errors are taken whatever is masked */
	set_reg(f, DMA_INTR_EN, 0);
	set_reg(f, DMA_STATUS, DMA_STATUS_RI | DMA_STATUS_FBI);
	KUNIT_EXPECT_EQ(test, dwmac1000_ops.dma_irq_status(f->io, 0, all),
			(u32)(STMMAC_DMA_FATAL | ACKED));

	/*
	 * TI taken by xmit's catch-up NAPI (stmmac_coal_tx_napi()) before the
	 * handler ran: NIS alone is left, and reported as ours, or the kernel
	 * would count the interrupt unhandled.
	 */
	set_reg(f, DMA_INTR_EN, DMA_INTR_NIE | DMA_INTR_RIE | DMA_INTR_TIE);
	set_reg(f, DMA_STATUS, DMA_STATUS_NIS);
	KUNIT_EXPECT_EQ(test, dwmac1000_ops.dma_irq_status(f->io, 0, all),
			(u32)ACKED);
	KUNIT_EXPECT_EQ(test, reg(f, DMA_STATUS), DMA_STATUS_NIS);
}

/* xmit's catch-up NAPI acknowledges TI alone: the status register (DMA
 * register 5, 0x1014) is left holding 0x1, its write-one-to-clear TI,
 * not NIS (bit 16) or RI (bit 6), which stay for the handler. (The fake
 * window is plain memory: it shows the last value written.)
 */
static void tx_ack_test(struct kunit *test)
{
	struct gmac_fake *f = gmac_fake(test);

	set_reg(f, 0x1014, 0x10041);
	set_reg(f, 0x101c, 0x10041);
	dwmac1000_ops.dma_tx_ack(f->io, 0);
	KUNIT_EXPECT_EQ(test, reg(f, 0x1014), 0x1u);
	/* the interrupt enables are not touched */
	KUNIT_EXPECT_EQ(test, reg(f, 0x101c), 0x10041u);
}

/*
 * ethtool -d in the layout of ethtool's st_gmac decoder (ethtool's
 * stmmac.c: 55 "GMAC" words, then the "DMA" words) and of upstream 6.12's
 * dump (REG_SPACE_SIZE 0x1060; DMA registers at 0x1000 and copied to word
 * 55, ETHTOOL_DMA_OFFSET; 0x1030-0x1044 not read). Every register of the
 * fake window holds 0xa5000000 plus its offset.
 */
static void dump_regs_test(struct kunit *test)
{
	struct gmac_fake *f = gmac_fake(test);
	u32 *buf, off;

	KUNIT_ASSERT_EQ(test, dwmac1000_ops.regs_len, 0x1060u);
	buf = kunit_kzalloc(test, 0x1060, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	for (off = 0; off < FAKE_WINDOW; off += 4)
		set_reg(f, off, 0xa5000000 | off);
	dwmac1000_ops.dump_regs(f->io, buf);
	/* MAC configuration, the address 0 pair, the last of the 55 */
	KUNIT_EXPECT_EQ(test, buf[0], 0xa5000000u);
	KUNIT_EXPECT_EQ(test, buf[16], 0xa5000040u);
	KUNIT_EXPECT_EQ(test, buf[17], 0xa5000044u);
	KUNIT_EXPECT_EQ(test, buf[54], 0xa50000d8u);
	/* DMA bus mode, status, the hole, current TX descriptor, HW feature */
	KUNIT_EXPECT_EQ(test, buf[55], 0xa5001000u);
	KUNIT_EXPECT_EQ(test, buf[60], 0xa5001014u);
	KUNIT_EXPECT_EQ(test, buf[67], 0u);
	KUNIT_EXPECT_EQ(test, buf[72], 0u);
	KUNIT_EXPECT_EQ(test, buf[73], 0xa5001048u);
	KUNIT_EXPECT_EQ(test, buf[77], 0xa5001058u);
	KUNIT_EXPECT_EQ(test, buf[78], 0u);
	/* The missed-frame counter clears on read: the dump leaves it to
	 * the counters ethtool -S reports, in both places.
	 */
	KUNIT_EXPECT_EQ(test, buf[55 + 8], 0u);
	KUNIT_EXPECT_EQ(test, buf[0x1020 / 4], 0u);
	/* and at their own offsets */
	KUNIT_EXPECT_EQ(test, buf[0x1000 / 4], 0xa5001000u);
	KUNIT_EXPECT_EQ(test, buf[0x1030 / 4], 0u);
	KUNIT_EXPECT_EQ(test, buf[0x1058 / 4], 0xa5001058u);
	KUNIT_EXPECT_EQ(test, buf[0x105c / 4], 0u);
	/* nothing between the copy and the DMA block */
	KUNIT_EXPECT_EQ(test, buf[0x800 / 4], 0u);
}

static void rx_watchdog_test(struct kunit *test)
{
	struct gmac_fake *f = gmac_fake(test);

	dwmac1000_ops.rx_watchdog(f->io, 0, 0xa0);
	KUNIT_EXPECT_EQ(test, reg(f, DMA_RX_WATCHDOG), 0xa0u);
}

static void mac_addr_test(struct kunit *test)
{
	static const u8 addr[ETH_ALEN] = { 0x02, 0x11, 0x22, 0x33, 0x44, 0x55 };
	struct gmac_fake *f = gmac_fake(test);
	u8 back[ETH_ALEN];

	dwmac1000_ops.set_mac_addr(f->io, addr);
	KUNIT_EXPECT_EQ(test, reg(f, GMAC_ADDR_HIGH0), GMAC_ADDR_AE | 0x5544);
	KUNIT_EXPECT_EQ(test, reg(f, GMAC_ADDR_LOW0), 0x33221102u);
	dwmac1000_ops.get_mac_addr(f->io, back);
	KUNIT_EXPECT_MEMEQ(test, back, addr, ETH_ALEN);
}

/* Half duplex at every speed, 1000 Mb/s included (carrier extension and
 * frame bursting, BE), where the core has it (HW feature HDSEL): as
 * upstream's GMAC 3.x, which phylink offers 1000baseT/Half.
 */
static void mac_caps_test(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, dwmac1000_ops.mac_capabilities,
			MAC_10HD | MAC_10FD | MAC_100HD | MAC_100FD |
			MAC_1000HD | MAC_1000FD);
}

static void link_up_test(struct kunit *test)
{
	static const struct {
		int speed, duplex;
		u32 cfg;
	} cases[] = {
		{ SPEED_1000, DUPLEX_FULL, GMAC_CONFIG_DM },
		{ SPEED_1000, DUPLEX_HALF, 0 },
		{ SPEED_100, DUPLEX_FULL,
		  GMAC_CONFIG_PS | GMAC_CONFIG_FES | GMAC_CONFIG_DM },
		{ SPEED_100, DUPLEX_HALF, GMAC_CONFIG_PS | GMAC_CONFIG_FES },
		{ SPEED_10, DUPLEX_FULL, GMAC_CONFIG_PS | GMAC_CONFIG_DM },
		{ SPEED_10, DUPLEX_HALF, GMAC_CONFIG_PS },
	};
	u32 speed_bits = GMAC_CONFIG_PS | GMAC_CONFIG_FES | GMAC_CONFIG_DM;
	struct gmac_fake *f = gmac_fake(test);
	int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		/* Other configuration bits survive. */
		set_reg(f, GMAC_CONFIG, GMAC_CONFIG_TE | speed_bits);
		dwmac1000_ops.link_up(f->io, cases[i].speed, cases[i].duplex,
				      true, true, 0xffff);
		KUNIT_EXPECT_EQ(test, reg(f, GMAC_CONFIG),
				GMAC_CONFIG_TE | cases[i].cfg);
		if (cases[i].duplex == DUPLEX_FULL)
			KUNIT_EXPECT_EQ(test, reg(f, GMAC_FLOW_CTRL),
					GMAC_FLOW_PT | GMAC_FLOW_TFE |
					GMAC_FLOW_RFE);
		else
			KUNIT_EXPECT_EQ(test, reg(f, GMAC_FLOW_CTRL), 0u);
	}
	/* Module parameter "pause": PT is bits 31:16 of register 0x18,
	 * RFE bit 2, TFE bit 1: 0x200 << 16 | 0x4 | 0x2.
	 */
	dwmac1000_ops.link_up(f->io, SPEED_1000, DUPLEX_FULL, true, true,
			      0x200);
	KUNIT_EXPECT_EQ(test, reg(f, 0x18), 0x02000006u);
	dwmac1000_ops.link_up(f->io, SPEED_1000, DUPLEX_FULL, false, true,
			      0x200);
	KUNIT_EXPECT_EQ(test, reg(f, 0x18), 0x02000004u);
}

static void mdio_cmd_test(struct kunit *test)
{
	struct gmac_fake *f = gmac_fake(test);
	u32 cmd;

	/* Memory never clears BUSY: the write times out, its command kept. */
	KUNIT_EXPECT_EQ(test,
			dwmac1000_ops.mdio_write(f->io, 4, 7, 9, 0xbeef),
			-ETIMEDOUT);
	cmd = reg(f, GMAC_MII_ADDR);
	KUNIT_EXPECT_EQ(test, reg(f, GMAC_MII_DATA), 0xbeefu);
	KUNIT_EXPECT_EQ(test, FIELD_GET(GMAC_MII_PHY, cmd), 7u);
	KUNIT_EXPECT_EQ(test, FIELD_GET(GMAC_MII_REG, cmd), 9u);
	KUNIT_EXPECT_EQ(test, FIELD_GET(GMAC_MII_CSR, cmd), 4u);
	KUNIT_EXPECT_TRUE(test, cmd & GMAC_MII_WRITE);
	KUNIT_EXPECT_TRUE(test, cmd & GMAC_MII_BUSY);
	/* A busy bus is not touched. */
	KUNIT_EXPECT_EQ(test, dwmac1000_ops.mdio_read(f->io, 0, 1, 2),
			-ETIMEDOUT);
	KUNIT_EXPECT_EQ(test, reg(f, GMAC_MII_ADDR), cmd);
}

static void clk_csr_test(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, stmmac_clk_csr(25000000), 2u);
	KUNIT_EXPECT_EQ(test, stmmac_clk_csr(50000000), 3u);
	KUNIT_EXPECT_EQ(test, stmmac_clk_csr(100000000), 0u);
	KUNIT_EXPECT_EQ(test, stmmac_clk_csr(125000000), 1u);
	KUNIT_EXPECT_EQ(test, stmmac_clk_csr(200000000), 4u);
	KUNIT_EXPECT_EQ(test, stmmac_clk_csr(300000000), 5u);
	KUNIT_EXPECT_EQ(test, stmmac_clk_csr(500000000), 5u);
}

static void caps_test(struct kunit *test)
{
	struct gmac_fake *f = gmac_fake(test);
	struct stmmac_caps caps = {};

	/* QEMU's npcm-gmac model: core 3.2, normal descriptors. */
	set_reg(f, GMAC_VERSION, 0x1032);
	set_reg(f, DMA_HW_FEATURE, 0x100d4f37);
	dwmac1000_ops.read_caps(f->io, &caps);
	KUNIT_EXPECT_EQ(test, caps.version, 0x32u);
	KUNIT_EXPECT_FALSE(test, caps.enh_desc);
	KUNIT_EXPECT_TRUE(test, caps.tx_coe);
	KUNIT_EXPECT_TRUE(test, caps.rx_coe);
	KUNIT_EXPECT_TRUE(test, caps.mmc);
	KUNIT_EXPECT_FALSE(test, caps.riwt);
	KUNIT_EXPECT_FALSE(test, caps.rx_coe_type1);

	/* RX checksum type 1 only (bit 17): the appending engine */
	set_reg(f, DMA_HW_FEATURE, BIT(17));
	dwmac1000_ops.read_caps(f->io, &caps);
	KUNIT_EXPECT_TRUE(test, caps.rx_coe);
	KUNIT_EXPECT_TRUE(test, caps.rx_coe_type1);
	/* both types: type 2 verdicts */
	set_reg(f, DMA_HW_FEATURE, BIT(17) | BIT(18));
	dwmac1000_ops.read_caps(f->io, &caps);
	KUNIT_EXPECT_FALSE(test, caps.rx_coe_type1);

	/* Cyclone V: 3.70a, enhanced descriptors, RX watchdog. */
	set_reg(f, GMAC_VERSION, 0x1037);
	set_reg(f, DMA_HW_FEATURE, HWF_ENHDESSEL | HWF_TXCOESEL);
	dwmac1000_ops.read_caps(f->io, &caps);
	KUNIT_EXPECT_TRUE(test, caps.enh_desc);
	KUNIT_EXPECT_FALSE(test, caps.rx_coe);
	KUNIT_EXPECT_TRUE(test, caps.riwt);
}

static void norm_tx_desc_test(struct kunit *test)
{
	const struct stmmac_desc_ops *ops = &dwmac1000_norm_desc_ops;
	struct stmmac_desc d = {};
	u32 des1;

	ops->tx_fill(&d, 0x12345678, 1514, 1514, STMMAC_TXD_FIRST | STMMAC_TXD_LAST |
		     STMMAC_TXD_CSUM | STMMAC_TXD_IC | STMMAC_TXD_EOR);
	des1 = le32_to_cpu(d.des1);
	KUNIT_EXPECT_EQ(test, FIELD_GET(NTDES1_TBS1, des1), 1514u);
	KUNIT_EXPECT_EQ(test, FIELD_GET(NTDES1_CIC, des1), 3u);
	KUNIT_EXPECT_TRUE(test, des1 & NTDES1_FS);
	KUNIT_EXPECT_TRUE(test, des1 & NTDES1_LS);
	KUNIT_EXPECT_TRUE(test, des1 & NTDES1_IC);
	KUNIT_EXPECT_TRUE(test, des1 & NTDES1_TER);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(d.des2), 0x12345678u);
	KUNIT_EXPECT_FALSE(test, ops->tx_busy(&d));
	ops->tx_own(&d);
	KUNIT_EXPECT_TRUE(test, ops->tx_busy(&d));

	/* A middle descriptor: no control bits at all. */
	ops->tx_fill(&d, 0x1000, 100, 1514, 0);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(d.des1), 100u);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(d.des0), 0u);
	d.des0 = cpu_to_le32(NTDES0_ES);
	KUNIT_EXPECT_TRUE(test, ops->tx_error(&d));
}

static void enh_tx_desc_test(struct kunit *test)
{
	const struct stmmac_desc_ops *ops = &dwmac1000_enh_desc_ops;
	struct stmmac_desc d = {};
	u32 des0;

	ops->tx_fill(&d, 0xabcd0000, 8000, 8000, STMMAC_TXD_FIRST | STMMAC_TXD_LAST |
		     STMMAC_TXD_CSUM | STMMAC_TXD_IC | STMMAC_TXD_EOR);
	des0 = le32_to_cpu(d.des0);
	KUNIT_EXPECT_EQ(test, FIELD_GET(ETDES1_TBS1, le32_to_cpu(d.des1)),
			8000u);
	KUNIT_EXPECT_EQ(test, FIELD_GET(ETDES0_CIC, des0), 3u);
	KUNIT_EXPECT_TRUE(test, des0 & ETDES0_FS);
	KUNIT_EXPECT_TRUE(test, des0 & ETDES0_LS);
	KUNIT_EXPECT_TRUE(test, des0 & ETDES0_IC);
	KUNIT_EXPECT_TRUE(test, des0 & ETDES0_TER);
	KUNIT_EXPECT_FALSE(test, ops->tx_busy(&d));
	ops->tx_own(&d);
	KUNIT_EXPECT_TRUE(test, ops->tx_busy(&d));
	/* OWN is added, the control bits kept. */
	KUNIT_EXPECT_EQ(test, le32_to_cpu(d.des0), des0 | NDES0_OWN);
}

static void rx_fill_test(struct kunit *test)
{
	struct stmmac_desc d = {};
	u32 des1;

	dwmac1000_norm_desc_ops.rx_fill(&d, 0x2000, 1536, true, false);
	des1 = le32_to_cpu(d.des1);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(d.des0), NDES0_OWN);
	KUNIT_EXPECT_EQ(test, FIELD_GET(NRDES1_RBS1, des1), 1536u);
	KUNIT_EXPECT_TRUE(test, des1 & NRDES1_RER);
	KUNIT_EXPECT_TRUE(test, des1 & NRDES1_DIC);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(d.des2), 0x2000u);

	dwmac1000_enh_desc_ops.rx_fill(&d, 0x3000, 3712, false, true);
	des1 = le32_to_cpu(d.des1);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(d.des0), NDES0_OWN);
	KUNIT_EXPECT_EQ(test, FIELD_GET(ERDES1_RBS1, des1), 3712u);
	KUNIT_EXPECT_FALSE(test, des1 & ERDES1_RER);
	KUNIT_EXPECT_FALSE(test, des1 & ERDES1_DIC);
}

/* RDES0 (databook, both formats): OWN 31, FL 29:16, ES 15, DE 14
 * (descriptor error: truncated), LE 12, OE 11, FS 9, LS 8, bit 7 (IP
 * header checksum error with the engine on, giant frame with it off),
 * LC 6, FT 5, RWT 4, RE 3, DBE 2, CE 1, bit 0 payload checksum error.
 */
#define R_ES		BIT(15)
#define R_ONE		(BIT(9) | BIT(8))
#define R_FT		BIT(5)
#define R_IPC		BIT(7)
#define R_PCE		BIT(0)
#define RXE_CRC		STMMAC_RXE_CRC
#define RXE_LEN		STMMAC_RXE_LENGTH
#define RXE_OVER	STMMAC_RXE_OVER
#define RXE_FRAME	STMMAC_RXE_FRAME

static void rx_status_test(struct kunit *test)
{
	static const struct {
		u32 des0;
		bool coe;
		enum stmmac_rx_status st;
		u32 len, err;
	} cases[] = {
		{ BIT(31), true, STMMAC_RX_OWNED, 0, 0 },
		/* what QEMU's model writes: FT, FS, LS, no error */
		{ R_FT | R_ONE | RX_LEN(64), true, STMMAC_RX_CSUM_OK, 64, 0 },
		/* the same with the engine off: no verdict */
		{ R_FT | R_ONE | RX_LEN(64), false, STMMAC_RX_GOOD, 64, 0 },
		/* an 802.3 length frame: no checksum verdict */
		{ R_ONE | RX_LEN(64), true, STMMAC_RX_GOOD, 64, 0 },
		/* checksum errors: kept, for the stack to check again */
		{ R_FT | R_PCE | R_ES | R_ONE | RX_LEN(100), true,
		  STMMAC_RX_GOOD, 100, 0 },
		{ R_FT | R_IPC | R_ES | R_ONE | RX_LEN(100), true,
		  STMMAC_RX_GOOD, 100, 0 },
		/* bit 7 with the engine off: a giant frame */
		{ R_FT | R_IPC | R_ES | R_ONE | RX_LEN(2000), false,
		  STMMAC_RX_ERROR, 0, RXE_LEN },
		/* each cause, dropped and counted */
		{ BIT(1) | R_ES | R_ONE | RX_LEN(100), true,
		  STMMAC_RX_ERROR, 0, RXE_CRC },
		{ BIT(11) | R_ES | R_ONE | RX_LEN(100), true,
		  STMMAC_RX_ERROR, 0, RXE_OVER },
		{ BIT(12) | R_ES | R_ONE | RX_LEN(100), true,
		  STMMAC_RX_ERROR, 0, RXE_LEN },
		{ BIT(4) | R_ES | R_ONE | RX_LEN(2048), true,
		  STMMAC_RX_ERROR, 0, RXE_LEN },
		{ BIT(3) | R_ES | R_ONE | RX_LEN(100), true,
		  STMMAC_RX_ERROR, 0, RXE_FRAME },
		{ BIT(6) | R_ES | R_ONE | RX_LEN(100), true,
		  STMMAC_RX_ERROR, 0, RXE_FRAME },
		{ BIT(2) | R_ES | R_ONE | RX_LEN(100), true,
		  STMMAC_RX_ERROR, 0, RXE_FRAME },
		/* ES alone still means a bad frame */
		{ R_ES | R_ONE | RX_LEN(100), true, STMMAC_RX_ERROR, 0,
		  RXE_FRAME },
		/* a checksum flag does not excuse a CRC error */
		{ R_FT | R_PCE | BIT(1) | R_ES | R_ONE | RX_LEN(100), true,
		  STMMAC_RX_ERROR, 0, RXE_CRC },
		{ BIT(1) | BIT(11) | R_ES | R_ONE | RX_LEN(100), true,
		  STMMAC_RX_ERROR, 0, RXE_CRC | RXE_OVER },
		/* truncated: its length is not looked at */
		{ BIT(14) | R_ES | R_ONE | RX_LEN(0x3fff), true,
		  STMMAC_RX_ERROR, 0, RXE_LEN },
		/* shorter than a header and FCS */
		{ R_ONE | RX_LEN(10), true, STMMAC_RX_ERROR, 0, RXE_LEN },
		/* a frame over several buffers: pieces, whose FL is not the
		 * frame's, then its last, whose status and FL are
		 */
		{ BIT(9) | RX_LEN(2032), true, STMMAC_RX_PART, 0, 0 },
		{ RX_LEN(4064), true, STMMAC_RX_PART, 0, 0 },
		{ BIT(8) | RX_LEN(3000), true, STMMAC_RX_GOOD, 3000, 0 },
		{ BIT(8) | R_FT | RX_LEN(9018), true, STMMAC_RX_CSUM_OK, 9018,
		  0 },
		{ BIT(8) | BIT(1) | R_ES | RX_LEN(9018), true, STMMAC_RX_ERROR,
		  0, RXE_CRC },
	};
	struct stmmac_desc d = {};
	int i, f;

	/* The formats share RDES0. */
	for (f = 0; f < 2; f++) {
		const struct stmmac_desc_ops *ops = f ?
			&dwmac1000_enh_desc_ops : &dwmac1000_norm_desc_ops;

		for (i = 0; i < ARRAY_SIZE(cases); i++) {
			struct stmmac_rx_info ri = {};
			u32 des0 = cases[i].des0;
			enum stmmac_rx_status st;

			d.des0 = cpu_to_le32(des0);
			st = ops->rx_status(&d, cases[i].coe, &ri);
			KUNIT_EXPECT_EQ_MSG(test, st, cases[i].st,
					    "des0 %#x", des0);
			KUNIT_EXPECT_EQ_MSG(test, ri.len, cases[i].len,
					    "des0 %#x", des0);
			KUNIT_EXPECT_EQ_MSG(test, ri.err, cases[i].err,
					    "des0 %#x", des0);
			/* FS, bit 9, marks a frame's first buffer */
			if (st != STMMAC_RX_OWNED)
				KUNIT_EXPECT_EQ_MSG(test, ri.first,
						    !!(des0 & BIT(9)),
						    "des0 %#x", des0);
		}
	}
}

/* A descriptor's length is trusted only within the buffer it was given:
 * past it, skb_put() would run off the page. A frame over several
 * buffers fills all but its last (here 2032 bytes, normal descriptors).
 */
static void rx_frame_len_test(struct kunit *test)
{
	struct stmmac_priv *priv = kunit_kzalloc(test, sizeof(*priv),
						 GFP_KERNEL);
	struct stmmac_rxq *q = &priv->rxq[0];

	KUNIT_ASSERT_NOT_NULL(test, priv);
	q->priv = priv;
	q->buf_len = 1536;
	KUNIT_EXPECT_EQ(test, stmmac_rx_frame_len(q, 0, 1518, true), 1514u);
	KUNIT_EXPECT_EQ(test, stmmac_rx_frame_len(q, 0, 1536, false), 1532u);
	KUNIT_EXPECT_EQ(test, stmmac_rx_frame_len(q, 0, 1537, false), 0u);
	KUNIT_EXPECT_EQ(test, stmmac_rx_frame_len(q, 0, 9018, false), 0u);
	KUNIT_EXPECT_EQ(test, stmmac_rx_frame_len(q, 0, 17, false), 0u);
	KUNIT_EXPECT_EQ(test, stmmac_rx_frame_len(q, 0, 18, false), 14u);
	/* the last of several buffers holds the rest, at most one buffer */
	q->buf_len = 2032;
	KUNIT_EXPECT_EQ(test, stmmac_rx_frame_len(q, 8128, 9018, false), 9014u);
	KUNIT_EXPECT_EQ(test, stmmac_rx_frame_len(q, 4064, 6096, false), 6092u);
	KUNIT_EXPECT_EQ(test, stmmac_rx_frame_len(q, 4064, 6097, false), 0u);
	KUNIT_EXPECT_EQ(test, stmmac_rx_frame_len(q, 4064, 4064, false), 0u);
	KUNIT_EXPECT_EQ(test, stmmac_rx_frame_len(q, 4064, 4000, false), 0u);
	/* a type 1 engine appends two checksum bytes when it is on */
	q->buf_len = 1536;
	priv->caps.rx_coe_type1 = true;
	KUNIT_EXPECT_EQ(test, stmmac_rx_frame_len(q, 0, 1520, true), 1514u);
	KUNIT_EXPECT_EQ(test, stmmac_rx_frame_len(q, 0, 1520, false), 1516u);
	KUNIT_EXPECT_EQ(test, stmmac_rx_frame_len(q, 0, 19, true), 0u);
}

/* What each received buffer is to the frame, from the frame under way
 * (bytes held, buffers, skipping) and the buffer's descriptor. Buffers of
 * 2032 bytes (the normal descriptor's 11-bit field, 16-byte aligned): a
 * 9018-byte frame is four full buffers (8128 bytes) and 890 in a fifth.
 */
static void rx_step_test(struct kunit *test)
{
	static const struct {
		const char *what;
		u32 held, bufs;
		bool skip;
		enum stmmac_rx_status st;
		struct stmmac_rx_info ri;
		struct stmmac_rx_step want;
	} cases[] = {
		{ "one buffer", 0, 0, false, STMMAC_RX_GOOD, { 1518, 0, true },
		  { STMMAC_RXA_DELIVER, 1518, 1514 } },
		{ "one buffer, longer than it", 0, 0, false, STMMAC_RX_GOOD,
		  { 2033, 0, true }, { STMMAC_RXA_DROP, 0, 0, RXE_LEN } },
		{ "one buffer, no room for a header", 0, 0, false,
		  STMMAC_RX_GOOD, { 17, 0, true },
		  { STMMAC_RXA_DROP, 0, 0, RXE_LEN } },
		{ "jumbo, first", 0, 0, false, STMMAC_RX_PART, { 0, 0, true },
		  { STMMAC_RXA_HOLD, 2032 } },
		{ "jumbo, second", 2032, 1, false, STMMAC_RX_PART,
		  { 0, 0, false }, { STMMAC_RXA_HOLD, 2032 } },
		{ "jumbo, last", 8128, 4, false, STMMAC_RX_GOOD,
		  { 9018, 0, false }, { STMMAC_RXA_DELIVER, 890, 9014 } },
		{ "jumbo, last holds FCS bytes only", 6096, 3, false,
		  STMMAC_RX_CSUM_OK, { 6098, 0, false },
		  { STMMAC_RXA_DELIVER, 2, 6094 } },
		{ "jumbo, last claims more than its buffer", 4064, 2, false,
		  STMMAC_RX_GOOD, { 6097, 0, false },
		  { STMMAC_RXA_DROP, 0, 0, RXE_LEN } },
		{ "jumbo, last claims nothing in it", 4064, 2, false,
		  STMMAC_RX_GOOD, { 4064, 0, false },
		  { STMMAC_RXA_DROP, 0, 0, RXE_LEN } },
		{ "jumbo, bad at its end", 4064, 2, false, STMMAC_RX_ERROR,
		  { 0, RXE_CRC, false }, { STMMAC_RXA_DROP, 0, 0, RXE_CRC } },
		{ "a start while a frame is held", 4064, 2, false,
		  STMMAC_RX_GOOD, { 60, 0, true },
		  { STMMAC_RXA_DELIVER, 60, 56, 0, true } },
		{ "a start of a jumbo while a frame is held", 2032, 1, false,
		  STMMAC_RX_PART, { 0, 0, true },
		  { STMMAC_RXA_HOLD, 2032, 0, 0, true } },
		{ "a piece with no start", 0, 0, false, STMMAC_RX_PART,
		  { 0, 0, false }, { STMMAC_RXA_DROP, 0, 0, RXE_LEN, false,
		  true } },
		{ "the next piece with no start", 0, 0, true, STMMAC_RX_PART,
		  { 0, 0, false }, { STMMAC_RXA_DROP, 0, 0, 0, false, true } },
		{ "the end with no start", 0, 0, true, STMMAC_RX_GOOD,
		  { 5000, 0, false }, { STMMAC_RXA_DROP } },
		{ "an end alone", 0, 0, false, STMMAC_RX_ERROR,
		  { 0, RXE_CRC, false }, { STMMAC_RXA_DROP, 0, 0, RXE_LEN } },
		{ "a start ends the skipping", 0, 0, true, STMMAC_RX_GOOD,
		  { 64, 0, true }, { STMMAC_RXA_DELIVER, 64, 60 } },
		{ "no frame data, skipping", 0, 0, true, STMMAC_RX_SKIP,
		  { 0, 0, false }, { STMMAC_RXA_RECYCLE, 0, 0, 0, false,
		  true } },
		{ "no frame data, a frame held", 2032, 1, false, STMMAC_RX_SKIP,
		  { 0, 0, false }, { STMMAC_RXA_RECYCLE } },
		{ "as many buffers as an skb takes", 2032 * MAX_SKB_FRAGS,
		  MAX_SKB_FRAGS, false, STMMAC_RX_PART, { 0, 0, false },
		  { STMMAC_RXA_HOLD, 2032 } },
		{ "one buffer more", 2032 * (MAX_SKB_FRAGS + 1),
		  MAX_SKB_FRAGS + 1, false, STMMAC_RX_PART, { 0, 0, false },
		  { STMMAC_RXA_DROP, 0, 0, RXE_LEN, false, true } },
	};
	struct stmmac_priv *priv = kunit_kzalloc(test, sizeof(*priv),
						 GFP_KERNEL);
	struct stmmac_rxq *q;
	int i;

	KUNIT_ASSERT_NOT_NULL(test, priv);
	q = &priv->rxq[0];
	q->priv = priv;
	q->buf_len = 2032;
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		const struct stmmac_rx_step *w = &cases[i].want;
		struct stmmac_rx_step s;

		q->frame.held = cases[i].held;
		q->frame.bufs = cases[i].bufs;
		q->frame.skip = cases[i].skip;
		memset(&s, 0xa5, sizeof(s));
		stmmac_rx_step(q, cases[i].st, &cases[i].ri, false, &s);
		KUNIT_EXPECT_EQ_MSG(test, s.act, w->act, "%s", cases[i].what);
		KUNIT_EXPECT_EQ_MSG(test, s.piece, w->piece, "%s",
				    cases[i].what);
		KUNIT_EXPECT_EQ_MSG(test, s.len, w->len, "%s", cases[i].what);
		KUNIT_EXPECT_EQ_MSG(test, s.err, w->err, "%s", cases[i].what);
		KUNIT_EXPECT_EQ_MSG(test, s.abort, w->abort, "%s",
				    cases[i].what);
		KUNIT_EXPECT_EQ_MSG(test, s.skip, w->skip, "%s",
				    cases[i].what);
	}
}

/* QEMU's GMAC model gives a frame's last RX descriptor back before it
 * sets LS (bit 8) in it. Under the board's quirk a descriptor without LS
 * reads as still the DMA's while the next one has OWN (bit 31); a slot
 * with no page given to the DMA, whatever it holds, says nothing; a
 * descriptor with LS is what it says. Without the quirk, as on a real
 * core, nothing waits. Normal descriptors, a ring of 4; FS is bit 9, the
 * frame length bits 29:16.
 */
static void rx_desc_status_test(struct kunit *test)
{
	static const struct {
		const char *what;
		bool quirk;
		u32 cur, dirty, des0, next_des0;
		enum stmmac_rx_status want;
	} cases[] = {
		{ "next still the DMA's", true, 5, 4, BIT(9) | 1046 << 16,
		  BIT(31), STMMAC_RX_OWNED },
		{ "next back: a frame over two buffers", true, 5, 4,
		  BIT(9) | 2032 << 16, BIT(8) | 3000 << 16, STMMAC_RX_PART },
		{ "next back without LS", true, 5, 4, 2032 << 16, 4064 << 16,
		  STMMAC_RX_PART },
		{ "next across the ring's end", true, 7, 6,
		  BIT(9) | 1046 << 16, BIT(31), STMMAC_RX_OWNED },
		{ "next has no page (stale OWN)", true, 7, 4,
		  BIT(9) | 1046 << 16, BIT(31), STMMAC_RX_PART },
		{ "this one has LS", true, 5, 4, BIT(9) | BIT(8) | 1046 << 16,
		  BIT(31), STMMAC_RX_GOOD },
		{ "no quirk: a real core", false, 5, 4, BIT(9) | 1046 << 16,
		  BIT(31), STMMAC_RX_PART },
	};
	struct stmmac_priv *priv = kunit_kzalloc(test, sizeof(*priv),
						 GFP_KERNEL);
	struct stmmac_desc *ring;
	struct stmmac_rxq *q;
	int i;

	KUNIT_ASSERT_NOT_NULL(test, priv);
	ring = kunit_kcalloc(test, 4, sizeof(*ring), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ring);
	priv->desc = &dwmac1000_norm_desc_ops;
	q = &priv->rxq[0];
	q->priv = priv;
	q->desc = ring;
	q->size = 4;
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		struct stmmac_rx_info ri = {};
		u32 cur = cases[i].cur;

		memset(ring, 0, 4 * sizeof(*ring));
		ring[cur % 4].des0 = cpu_to_le32(cases[i].des0);
		ring[(cur + 1) % 4].des0 = cpu_to_le32(cases[i].next_des0);
		priv->rx_wait_last = cases[i].quirk;
		q->cur = cur;
		q->dirty = cases[i].dirty;
		KUNIT_EXPECT_EQ_MSG(test,
				    stmmac_rx_desc_status(q, &ring[cur % 4],
							  false, &ri),
				    cases[i].want, "%s", cases[i].what);
	}
}

/* Trust in the checksum engine starts past the frames that may predate
 * it (a ring and a FIFO's worth), and lasts however many frames follow:
 * the free-running index wraps past 2^31 on a long-lived queue.
 */
static void rx_trust_csum_test(struct kunit *test)
{
	struct stmmac_priv *priv = kunit_kzalloc(test, sizeof(*priv),
						 GFP_KERNEL);
	struct stmmac_rxq *q;
	u32 i;

	KUNIT_ASSERT_NOT_NULL(test, priv);
	q = &priv->rxq[0];
	q->priv = priv;
	q->size = 512;
	q->cur = 0xfffffff0;
	stmmac_rxq_csum(q, true);
	/* 512 + 16 KiB / 64 frames: 768 descriptors untrusted */
	KUNIT_EXPECT_EQ(test, q->csum_from, 0xfffffff0u + 768);
	KUNIT_EXPECT_FALSE(test, stmmac_rx_trust_csum(q));
	q->cur += 767;
	KUNIT_EXPECT_FALSE(test, stmmac_rx_trust_csum(q));
	q->cur++;
	KUNIT_EXPECT_TRUE(test, stmmac_rx_trust_csum(q));
	for (i = 0; i < 8; i++) {
		q->cur += 0x40000000;
		KUNIT_EXPECT_TRUE_MSG(test, stmmac_rx_trust_csum(q),
				      "after %u * 2^30 frames", i + 1);
	}
	stmmac_rxq_csum(q, false);
	KUNIT_EXPECT_FALSE(test, stmmac_rx_trust_csum(q));
}

/* A 100-byte linear part and a 5000-byte fragment on normal descriptors
 * (2047-byte field, split at 2040), wrapping a 16-slot ring at slot 14.
 * Each mapping must be kept, for TX clean to unmap, at the slot of its
 * last descriptor: the DMA reads the fragment through slots 15, 0 and 1,
 * and gives slot 15 back while it still fetches slots 0 and 1.
 */
static void tx_split_test(struct kunit *test)
{
	static const struct stmmac_tx_segs segs = {
		.n = 2,
		.seg = { { 0x1000, 100, 1 }, { 0x80000, 5000, 3 } },
	};
	struct stmmac_priv *priv = kunit_kzalloc(test, sizeof(*priv),
						 GFP_KERNEL);
	struct stmmac_tx_plan p = { .chunk = 2040, .first = 2040, .ndesc = 4 };
	struct stmmac_txq *q;
	u32 i, next;
	/* slot, buffer address, length, TDES1 control bits (FS 29, LS 30,
	 * IC 31), handed to the DMA (OWN, TDES0 bit 31) by fill
	 */
	static const struct {
		u32 slot, addr, len, ctrl;
		bool own;
	} want[] = {
		{ 14, 0x1000, 100, BIT(29), false },
		{ 15, 0x80000, 2040, 0, true },
		{ 0, 0x807f8, 2040, 0, true },
		{ 1, 0x80ff0, 920, BIT(30) | BIT(31), true },
	};

	KUNIT_ASSERT_NOT_NULL(test, priv);
	priv->desc = &dwmac1000_norm_desc_ops;
	q = &priv->txq[0];
	q->priv = priv;
	q->size = 16;
	q->stride = sizeof(*q->desc);
	q->head = 14;
	q->buf = kunit_kcalloc(test, q->size, sizeof(*q->buf), GFP_KERNEL);
	q->desc = kunit_kcalloc(test, q->size, sizeof(*q->desc), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, q->buf);
	KUNIT_ASSERT_NOT_NULL(test, q->desc);
	for (i = 0; i < q->size; i++)
		q->buf[i].len = 0xdead;	/* stale bookkeeping */

	next = stmmac_tx_record(q, 14, &segs.seg[0], false);
	KUNIT_EXPECT_EQ(test, next, 15u);
	next = stmmac_tx_record(q, next, &segs.seg[1], true);
	KUNIT_EXPECT_EQ(test, next, 18u);
	KUNIT_EXPECT_EQ(test, q->buf[14].len, 100u);
	KUNIT_EXPECT_EQ(test, (u64)q->buf[14].dma, 0x1000ull);
	KUNIT_EXPECT_FALSE(test, q->buf[14].page);
	/* the fragment's earlier slots hold nothing to unmap */
	KUNIT_EXPECT_EQ(test, q->buf[15].len, 0u);
	KUNIT_EXPECT_EQ(test, q->buf[0].len, 0u);
	KUNIT_EXPECT_EQ(test, q->buf[1].len, 5000u);
	KUNIT_EXPECT_EQ(test, (u64)q->buf[1].dma, 0x80000ull);
	KUNIT_EXPECT_TRUE(test, q->buf[1].page);
	KUNIT_EXPECT_EQ(test, q->buf[2].len, 0xdeadu);

	stmmac_tx_fill(q, &p, &segs, 5100, STMMAC_TXD_LAST | STMMAC_TXD_IC);
	for (i = 0; i < ARRAY_SIZE(want); i++) {
		const struct stmmac_desc *d = &q->desc[want[i].slot];
		u32 des1 = le32_to_cpu(d->des1);

		KUNIT_EXPECT_EQ_MSG(test, le32_to_cpu(d->des2), want[i].addr,
				    "slot %u", want[i].slot);
		KUNIT_EXPECT_EQ_MSG(test, des1 & 0x7ff, want[i].len,
				    "slot %u", want[i].slot);
		KUNIT_EXPECT_EQ_MSG(test, des1 & (BIT(29) | BIT(30) | BIT(31)),
				    want[i].ctrl, "slot %u", want[i].slot);
		KUNIT_EXPECT_EQ_MSG(test, !!(le32_to_cpu(d->des0) & BIT(31)),
				    want[i].own, "slot %u", want[i].slot);
	}
}

/* The RMON counters reset on read (ROR) and at a core reset: what they
 * hold is added to the sums before the reset, and nothing is read from
 * a core between that and its initialisation (tx_octets at 0x114,
 * rx_crc at 0x194, from the databook).
 */
static void mmc_fold_test(struct kunit *test)
{
	struct gmac_fake *f = gmac_fake(test);
	struct stmmac_priv *priv = kunit_kzalloc(test, sizeof(*priv),
						 GFP_KERNEL);
	struct stmmac_mmc_counters m;

	KUNIT_ASSERT_NOT_NULL(test, priv);
	priv->ioaddr = f->io;
	priv->hw = &dwmac1000_ops;
	priv->caps.mmc = true;
	stmmac_mmc_init(priv);
	priv->mmc_live = true;
	priv->mmc.tx_octets = 0xfffffff0ull;
	set_reg(f, 0x114, 1000);
	set_reg(f, 0x194, 3);
	rtnl_lock();
	stmmac_mmc_before_reset(priv);
	rtnl_unlock();
	KUNIT_EXPECT_EQ(test, priv->mmc.tx_octets, 0xfffffff0ull + 1000);
	KUNIT_EXPECT_EQ(test, priv->mmc.rx_crc, 3ull);
	KUNIT_EXPECT_FALSE(test, priv->mmc_live);
	/* the core in reset: not read */
	set_reg(f, 0x114, 77);
	stmmac_mmc_read(priv, &m);
	KUNIT_EXPECT_EQ(test, m.tx_octets, 0xfffffff0ull + 1000);
	/* initialised again: counting resumes on top of the sums */
	priv->mmc_live = true;
	stmmac_mmc_read(priv, &m);
	KUNIT_EXPECT_EQ(test, m.tx_octets, 0xfffffff0ull + 1077);

	/* The DMA's missed-frame counter (0x1020): no descriptor in bits
	 * 15:0 (overflow bit 16), FIFO drops in 27:17 (overflow bit 28).
	 */
	set_reg(f, 0x1020, 7 | (5 << 17));
	stmmac_mmc_read(priv, &m);
	KUNIT_EXPECT_EQ(test, atomic64_read(&priv->rx_missed), 7ll);
	KUNIT_EXPECT_EQ(test, atomic64_read(&priv->rx_fifo_drops), 5ll);
	set_reg(f, 0x1020, BIT(16) | 3 | BIT(28));
	stmmac_mmc_read(priv, &m);
	KUNIT_EXPECT_EQ(test, atomic64_read(&priv->rx_missed), 7ll + 65536);
	KUNIT_EXPECT_EQ(test, atomic64_read(&priv->rx_fifo_drops), 5ll + 2048);
}

KUNIT_DEFINE_ACTION_WRAPPER(gmac_free_netdev, free_netdev, struct net_device *);

/* ethtool -I -a: the pause frames sent and received, from the RMON
 * counters txpauseframes (0x170) and rxpauseframes (0x1d0, databook),
 * added to what was folded before a reset; a core without RMON counters
 * leaves the fields unset (ETHTOOL_STAT_NOT_SET, ethtool prints none).
 */
static void pause_stats_test(struct kunit *test)
{
	struct gmac_fake *f = gmac_fake(test);
	struct ethtool_pause_stats ps;
	struct stmmac_priv *priv;
	struct net_device *dev;

	dev = alloc_etherdev(sizeof(*priv));
	KUNIT_ASSERT_NOT_NULL(test, dev);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, gmac_free_netdev,
							dev), 0);
	priv = netdev_priv(dev);
	priv->dev = dev;
	priv->ioaddr = f->io;
	priv->hw = &dwmac1000_ops;
	stmmac_mmc_init(priv);
	stmmac_set_ethtool_ops(priv);
	KUNIT_ASSERT_NOT_NULL(test, dev->ethtool_ops->get_pause_stats);

	memset(&ps, 0xff, sizeof(ps));
	dev->ethtool_ops->get_pause_stats(dev, &ps);
	KUNIT_EXPECT_EQ(test, ps.tx_pause_frames, ETHTOOL_STAT_NOT_SET);
	KUNIT_EXPECT_EQ(test, ps.rx_pause_frames, ETHTOOL_STAT_NOT_SET);

	priv->caps.mmc = true;
	priv->mmc_live = true;
	priv->mmc.tx_pause = 40;
	set_reg(f, 0x170, 2);
	set_reg(f, 0x1d0, 5);
	dev->ethtool_ops->get_pause_stats(dev, &ps);
	KUNIT_EXPECT_EQ(test, ps.tx_pause_frames, 42ull);
	KUNIT_EXPECT_EQ(test, ps.rx_pause_frames, 5ull);
}

/* The module parameters at their defaults (as upstream: pause time
 * 0xffff slots, TX timeout 5000 ms, LPI timer 1000 ms, the DT's PHY
 * address kept), and out-of-range values meaning the default.
 */
static void params_test(struct kunit *test)
{
	struct stmmac_plat plat = { .phy_addr = 3 };
	struct stmmac_priv *priv;
	struct net_device *dev;

	dev = alloc_etherdev(sizeof(*priv));
	KUNIT_ASSERT_NOT_NULL(test, dev);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, gmac_free_netdev,
							dev), 0);
	priv = netdev_priv(dev);
	priv->dev = dev;
	priv->plat = &plat;
	stmmac_params_apply(priv);
	KUNIT_EXPECT_EQ(test, priv->pause_time, 0xffff);
	KUNIT_EXPECT_EQ(test, priv->eee_timer_ms, 1000u);
	KUNIT_EXPECT_EQ(test, dev->watchdog_timeo, msecs_to_jiffies(5000));
	KUNIT_EXPECT_EQ(test, plat.phy_addr, 3);
	KUNIT_EXPECT_EQ(test, priv->msg_enable,
			(u32)(NETIF_MSG_DRV | NETIF_MSG_PROBE | NETIF_MSG_LINK));

	KUNIT_EXPECT_EQ(test, stmmac_param_clamp(0x10000, 0, 0xffff, 0xffff),
			0xffff);
	KUNIT_EXPECT_EQ(test, stmmac_param_clamp(-1, 0, 0xffff, 0xffff),
			0xffff);
	KUNIT_EXPECT_EQ(test, stmmac_param_clamp(0x200, 0, 0xffff, 0xffff),
			0x200);
	KUNIT_EXPECT_EQ(test, stmmac_param_clamp(0, 0, 0xffff, 0xffff), 0);
}

/* A device on the fake window: default board configuration, and an
 * unregistered net_device for the MTU, features and address lists.
 */
static struct stmmac_priv *gmac_init_priv(struct kunit *test,
					  struct gmac_fake *f)
{
	struct stmmac_priv *priv = kunit_kzalloc(test, sizeof(*priv),
						 GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, priv);
	priv->plat = kunit_kzalloc(test, sizeof(*priv->plat), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, priv->plat);
	priv->ioaddr = f->io;
	priv->plat->pbl = 8;
	/* as stmmac_hwif_init() picks for a core without a HW feature
	 * register: 16-byte descriptors
	 */
	priv->desc = &dwmac1000_norm_desc_ops;
	priv->dev = alloc_etherdev(0);
	KUNIT_ASSERT_NOT_NULL(test, priv->dev);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, gmac_free_netdev,
							priv->dev), 0);
	/* as register_netdevice() would: dev_mc_add() takes this lock */
	spin_lock_init(&priv->dev->addr_list_lock);
	return priv;
}

/* MAC configuration (databook): 2K bit 27, WD 23, JD 22, BE 21, JE 20.
 * Upstream's rule: 2K above an MTU of 1500, JE above 2000; without them
 * the core flags longer frames as giant.
 */
static void core_init_mtu_test(struct kunit *test)
{
	static const struct {
		unsigned int mtu;
		u32 cfg;
	} cases[] = {
		{ 1500, BIT(22) | BIT(21) },
		{ 1501, BIT(27) | BIT(23) | BIT(22) | BIT(21) },
		{ 2000, BIT(27) | BIT(23) | BIT(22) | BIT(21) },
		{ 2001, BIT(27) | BIT(23) | BIT(22) | BIT(21) | BIT(20) },
		{ 3700, BIT(27) | BIT(23) | BIT(22) | BIT(21) | BIT(20) },
		{ 9000, BIT(27) | BIT(23) | BIT(22) | BIT(21) | BIT(20) },
	};
	struct gmac_fake *f = gmac_fake(test);
	struct stmmac_priv *priv = gmac_init_priv(test, f);
	u32 i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		priv->dev->mtu = cases[i].mtu;
		dwmac1000_ops.core_init(priv);
		KUNIT_EXPECT_EQ_MSG(test, reg(f, 0x0000), cases[i].cfg,
				    "mtu %u", cases[i].mtu);
	}
}

/* The MTU range: with JE the GMAC takes frames of 9018 bytes (9022
 * tagged, databook), so 9000, jumbo frames spanning RX buffers; then the
 * DT's max-frame-size (3800 on the DE0-Nano-SoC and Arria 10 boards, 9000
 * on Stratix 10 and Agilex) and, as upstream, a TX queue's share of
 * tx-fifo-depth (4096 on Cyclone V, 16384 on Arria 10 and later) bound it.
 */
static void max_mtu_test(struct kunit *test)
{
	static const struct {
		u32 dt_max, tx_fifo, queues;
		unsigned int mtu;
	} cases[] = {
		{ 0, 0, 1, 9000 },
		{ 3800, 4096, 1, 3800 },
		{ 0, 4096, 1, 4096 },
		{ 9000, 16384, 1, 9000 },
		{ 3800, 16384, 1, 3800 },
		{ 0, 16384, 2, 8192 },
		{ 12000, 0, 1, 9000 },
		/* never below the minimum */
		{ 0, 64, 2, 68 },
	};
	struct gmac_fake *f = gmac_fake(test);
	struct stmmac_priv *priv = gmac_init_priv(test, f);
	u32 i;

	priv->hw = &dwmac1000_ops;
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		priv->plat->max_mtu = cases[i].dt_max;
		priv->caps.tx_fifo = cases[i].tx_fifo;
		priv->tx_queues = cases[i].queues;
		KUNIT_EXPECT_EQ_MSG(test, stmmac_max_mtu(priv, priv->tx_queues), cases[i].mtu,
				    "case %u", i);
	}
	/* With the FIFO's size unknown (no tx-fifo-depth: QEMU's board),
	 * the checksum engine gets frames of the standard size only, 1518
	 * bytes with a VLAN tag; with it known, every frame the MTU allows.
	 */
	priv->caps.tx_fifo = 0;
	KUNIT_EXPECT_EQ(test, stmmac_tx_csum_max(priv), 1518u);
	priv->caps.tx_fifo = 4096;
	KUNIT_EXPECT_EQ(test, stmmac_tx_csum_max(priv), U32_MAX);
}

/* Operation mode (databook, 0x1018): OSF bit 2, EFC 8, RFA 10:9 and RFD
 * 12:11 ("full minus n + 1 KiB"), TSF 21, RSF 25. PAUSE is armed, as
 * upstream does, at full minus 1 KiB and released at full minus 2 KiB
 * for RX FIFOs of 4 KiB (Cyclone V's rx-fifo-depth) and more.
 */
static void dma_init_flow_test(struct kunit *test)
{
	static const struct {
		u32 fifo, op;
	} cases[] = {
		{ 0, BIT(25) | BIT(21) | BIT(2) },
		{ 2048, BIT(25) | BIT(21) | BIT(2) },
		{ 4096, BIT(25) | BIT(21) | BIT(11) | BIT(8) | BIT(2) },
		{ 16384, BIT(25) | BIT(21) | BIT(11) | BIT(8) | BIT(2) },
	};
	struct gmac_fake *f = gmac_fake(test);
	struct stmmac_priv *priv = gmac_init_priv(test, f);
	u32 i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		priv->caps.rx_fifo = cases[i].fifo;
		dwmac1000_ops.dma_init(priv);
		KUNIT_EXPECT_EQ_MSG(test, reg(f, 0x1018), cases[i].op,
				    "rx fifo %u", cases[i].fifo);
	}
	/* The AXI bus mode (0x1028, databook): BLEN4..256 bits 1-7, RD_OSR
	 * 19:16, WR_OSR 23:20. socfpga.dtsi asks for 16-beat bursts and
	 * limits of 15; the reset's burst bits (here UNDEF, bit 0, and
	 * BLEN4) stay.
	 */
	set_reg(f, 0x1028, BIT(0) | BIT(1) | 0x00110000);
	dwmac1000_ops.dma_init(priv);
	KUNIT_EXPECT_EQ(test, reg(f, 0x1028), BIT(0) | BIT(1) | 0x00110000);
	priv->plat->axi = true;
	priv->plat->axi_blen = BIT(2);
	priv->plat->axi_wr_osr = 15;
	priv->plat->axi_rd_osr = 15;
	dwmac1000_ops.dma_init(priv);
	KUNIT_EXPECT_EQ(test, reg(f, 0x1028), 0x00ff000bu);
	priv->plat->axi = false;

	/* threshold mode: thresholds 0, no store-and-forward */
	priv->plat->force_thresh = true;
	dwmac1000_ops.dma_init(priv);
	KUNIT_EXPECT_EQ(test, reg(f, 0x1018), BIT(11) | BIT(8) | BIT(2));
}

/* A device on the fake window with filter sizes as stmmac_hwif_init()
 * would leave them; its unregistered net_device holds the address lists.
 */
static struct stmmac_priv *gmac_filter_priv(struct kunit *test,
					    struct gmac_fake *f, u32 bins,
					    u32 entries)
{
	struct stmmac_priv *priv = gmac_init_priv(test, f);

	priv->caps.mc_bins = bins;
	priv->caps.uc_entries = entries;
	return priv;
}

static void gmac_filter_run(struct stmmac_priv *priv)
{
	netif_addr_lock_bh(priv->dev);
	dwmac1000_ops.set_filter(priv, priv->dev);
	netif_addr_unlock_bh(priv->dev);
}

/* The groups a board joins at ifup and for its protocols: IPv4 all-hosts,
 * IPv6 all-nodes, an IPv6 solicited-node group, the 802.1 link-local
 * group (LLDP, PTP peer delay), mDNS, PTP over L2.
 */
static const u8 filter_groups[][ETH_ALEN] = {
	{ 0x01, 0x00, 0x5e, 0x00, 0x00, 0x01 },
	{ 0x33, 0x33, 0x00, 0x00, 0x00, 0x01 },
	{ 0x33, 0x33, 0xff, 0x12, 0x34, 0x56 },
	{ 0x01, 0x80, 0xc2, 0x00, 0x00, 0x0e },
	{ 0x01, 0x00, 0x5e, 0x00, 0x00, 0xfb },
	{ 0x01, 0x1b, 0x19, 0x00, 0x00, 0x00 },
};

static void filter_add_groups(struct kunit *test, struct net_device *dev)
{
	u32 i;

	for (i = 0; i < ARRAY_SIZE(filter_groups); i++)
		KUNIT_ASSERT_EQ(test, dev_mc_add(dev, filter_groups[i]), 0);
}

/* The hash registers for filter_groups at each table size, computed
 * outside the kernel with Python's zlib (the IEEE CRC-32 the MAC uses):
 *   bin = int(f"{zlib.crc32(addr):032b}"[::-1], 2) >> (32 - log2(bins))
 * 64 bins: 32 1 61 30 48 0; 128: 64 3 122 60 96 0; 256: 128 6 244 120
 * 192 1. Register offsets from the databook (upstream's dwmac1000.h):
 * 64 bins in HASH_LOW 0x0c (bins 0-31) and HASH_HIGH 0x08, 128 and 256
 * bins in 4 or 8 registers from 0x500.
 */
static void filter_hash_test(struct kunit *test)
{
	static const struct {
		u32 bins;
		u32 off[8];
		u32 val[8];
	} cases[] = {
		{ 64, { 0x0c, 0x08 }, { 0x40000003, 0x20010001 } },
		{ 128, { 0x500, 0x504, 0x508, 0x50c },
		  { 0x00000009, 0x10000000, 0x00000001, 0x04000001 } },
		{ 256, { 0x500, 0x504, 0x508, 0x50c, 0x510, 0x514, 0x518,
			 0x51c },
		  { 0x00000042, 0, 0, 0x01000000, 0x00000001, 0,
		    0x00000001, 0x00100000 } },
	};
	u32 i, r;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		struct gmac_fake *f = gmac_fake(test);
		struct stmmac_priv *priv;

		priv = gmac_filter_priv(test, f, cases[i].bins, 1);
		filter_add_groups(test, priv->dev);
		/* stale bins everywhere: the table in use is rewritten */
		for (r = 0; r < cases[i].bins / 32; r++)
			set_reg(f, cases[i].off[r], ~0U);
		gmac_filter_run(priv);
		/* HMC: hash multicast; HPF (bit 10): hash or perfect */
		KUNIT_EXPECT_EQ_MSG(test, reg(f, 0x04), 0x404u, "%u bins",
				    cases[i].bins);
		for (r = 0; r < cases[i].bins / 32; r++)
			KUNIT_EXPECT_EQ_MSG(test, reg(f, cases[i].off[r]),
					    cases[i].val[r], "%u bins, reg %#x",
					    cases[i].bins, cases[i].off[r]);
	}
}

/* Frame filter register values from the databook: PR bit 0, HMC bit 2,
 * PM bit 4, PCF = 2 (bits 7:6), HPF bit 10.
 */
static void filter_modes_test(struct kunit *test)
{
	struct gmac_fake *f = gmac_fake(test);
	struct stmmac_priv *priv = gmac_filter_priv(test, f, 256, 1);
	struct net_device *dev = priv->dev;
	u8 group[ETH_ALEN] = { 0x01, 0x00, 0x5e, 0x00, 0x01, 0x00 };
	u32 i;

	/* nothing joined: unicast to us and broadcast only */
	gmac_filter_run(priv);
	KUNIT_EXPECT_EQ(test, reg(f, 0x04), 0x400u);

	filter_add_groups(test, dev);
	dev->flags |= IFF_ALLMULTI;
	gmac_filter_run(priv);
	KUNIT_EXPECT_EQ(test, reg(f, 0x04), 0x410u);
	KUNIT_EXPECT_EQ(test, reg(f, 0x500), 0u);

	dev->flags |= IFF_PROMISC;
	gmac_filter_run(priv);
	KUNIT_EXPECT_EQ(test, reg(f, 0x04), 0x481u);
	dev->flags &= ~(IFF_PROMISC | IFF_ALLMULTI);

	/* a core without a usable hash: all multicast, not none */
	priv->caps.mc_bins = 0;
	gmac_filter_run(priv);
	KUNIT_EXPECT_EQ(test, reg(f, 0x04), 0x410u);

	/* more groups than bins: all multicast */
	priv->caps.mc_bins = 64;
	for (i = 0; i < 64; i++) {
		group[5] = i;
		KUNIT_ASSERT_EQ(test, dev_mc_add(dev, group), 0);
	}
	KUNIT_ASSERT_EQ(test, netdev_mc_count(dev), 70);
	gmac_filter_run(priv);
	KUNIT_EXPECT_EQ(test, reg(f, 0x04), 0x410u);
}

/* Perfect filter entry n (databook): 1-15 at 0x40 + 8n (high word, AE at
 * bit 31, bytes 5 and 4) and 0x44 + 8n (bytes 3 to 0); 16-127 at
 * 0x800 + 8(n - 16).
 */
static void filter_unicast_test(struct kunit *test)
{
	struct gmac_fake *f = gmac_fake(test);
	struct stmmac_priv *priv = gmac_filter_priv(test, f, 64, 128);
	struct net_device *dev = priv->dev;
	u8 addr[ETH_ALEN] = { 0x02, 0x11, 0x22, 0x33, 0x44, 0x00 };
	u32 i;

	set_reg(f, 0x40, 0x8000beef);	/* our own address stays */
	set_reg(f, 0x58, 0x8000dead);	/* entry 3: stale */
	for (i = 1; i <= 2; i++) {
		addr[5] = i;
		KUNIT_ASSERT_EQ(test, dev_uc_add(dev, addr), 0);
	}
	gmac_filter_run(priv);
	KUNIT_EXPECT_EQ(test, reg(f, 0x04), 0x400u);
	KUNIT_EXPECT_EQ(test, reg(f, 0x40), 0x8000beefu);
	KUNIT_EXPECT_EQ(test, reg(f, 0x48), 0x80000144u);
	KUNIT_EXPECT_EQ(test, reg(f, 0x4c), 0x33221102u);
	KUNIT_EXPECT_EQ(test, reg(f, 0x50), 0x80000244u);
	KUNIT_EXPECT_EQ(test, reg(f, 0x54), 0x33221102u);
	KUNIT_EXPECT_EQ(test, reg(f, 0x58), 0u);

	/* the 16th extra address is the first of the second bank */
	for (i = 3; i <= 16; i++) {
		addr[5] = i;
		KUNIT_ASSERT_EQ(test, dev_uc_add(dev, addr), 0);
	}
	gmac_filter_run(priv);
	KUNIT_EXPECT_EQ(test, reg(f, 0xb8), 0x80000f44u);
	KUNIT_EXPECT_EQ(test, reg(f, 0x800), 0x80001044u);
	KUNIT_EXPECT_EQ(test, reg(f, 0x804), 0x33221102u);
	KUNIT_EXPECT_EQ(test, reg(f, 0x808), 0u);

	/* 16 extra addresses do not fit 16 entries: promiscuous, the
	 * entries left as they were
	 */
	priv->caps.uc_entries = 16;
	set_reg(f, 0x48, 0x1234);
	gmac_filter_run(priv);
	KUNIT_EXPECT_EQ(test, reg(f, 0x04), 0x481u);
	KUNIT_EXPECT_EQ(test, reg(f, 0x48), 0x1234u);
	priv->caps.uc_entries = 17;
	gmac_filter_run(priv);
	KUNIT_EXPECT_EQ(test, reg(f, 0x04), 0x400u);
	KUNIT_EXPECT_EQ(test, reg(f, 0x48), 0x80000144u);

	/* removed addresses stop matching */
	for (i = 2; i <= 16; i++) {
		addr[5] = i;
		KUNIT_ASSERT_EQ(test, dev_uc_del(dev, addr), 0);
	}
	gmac_filter_run(priv);
	KUNIT_EXPECT_EQ(test, reg(f, 0x48), 0x80000144u);
	KUNIT_EXPECT_EQ(test, reg(f, 0x50), 0u);
	KUNIT_EXPECT_EQ(test, reg(f, 0x800), 0u);
}

/* The filter sizes stmmac_hwif_init() takes from the DT for the GMAC. */
static void filter_sizes_test(struct kunit *test)
{
	static const struct {
		u32 hwf, dt_bins, dt_entries;
		u32 bins, entries;
	} cases[] = {
		/* every SoCFPGA GMAC node */
		{ HWF_HASHSEL, 256, 128, 256, 128 },
		{ HWF_HASHSEL, 128, 32, 128, 32 },
		{ HWF_HASHSEL, 64, 0, 64, 1 },
		/* absent: no hash, own address only */
		{ HWF_HASHSEL, 0, 0, 0, 1 },
		/* sizes no GMAC is built with */
		{ HWF_HASHSEL, 100, 33, 0, 1 },
		{ HWF_HASHSEL, 512, 256, 0, 1 },
		/* the core says it has no hash filter */
		{ 0, 256, 128, 0, 128 },
	};
	struct device *device = kunit_device_register(test, "stmmac-filter");
	u32 i;

	KUNIT_ASSERT_FALSE(test, IS_ERR(device));
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		struct gmac_fake *f = gmac_fake(test);
		struct stmmac_priv *priv = kunit_kzalloc(test, sizeof(*priv),
							 GFP_KERNEL);

		KUNIT_ASSERT_NOT_NULL(test, priv);
		priv->plat = kunit_kzalloc(test, sizeof(*priv->plat),
					   GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, priv->plat);
		priv->device = device;
		priv->ioaddr = f->io;
		priv->plat->core = STMMAC_CORE_GMAC;
		priv->plat->mc_bins = cases[i].dt_bins;
		priv->plat->uc_entries = cases[i].dt_entries;
		set_reg(f, GMAC_VERSION, 0x1037);
		set_reg(f, DMA_HW_FEATURE, cases[i].hwf);
		KUNIT_ASSERT_EQ(test, stmmac_hwif_init(priv), 0);
		KUNIT_EXPECT_EQ_MSG(test, priv->caps.mc_bins, cases[i].bins,
				    "case %u", i);
		KUNIT_EXPECT_EQ_MSG(test, priv->caps.uc_entries,
				    cases[i].entries, "case %u", i);
	}
}

static struct kunit_case dwmac1000_cases[] = {
	KUNIT_CASE(irq_mask_test),
	KUNIT_CASE(irq_status_test),
	KUNIT_CASE(dma_start_stop_test),
	KUNIT_CASE(dma_stop_wait_test),
	KUNIT_CASE(irq_status_masked_test),
	KUNIT_CASE(tx_ack_test),
	KUNIT_CASE(dump_regs_test),
	KUNIT_CASE(rx_watchdog_test),
	KUNIT_CASE(mac_addr_test),
	KUNIT_CASE(mac_caps_test),
	KUNIT_CASE(link_up_test),
	KUNIT_CASE(mdio_cmd_test),
	KUNIT_CASE(clk_csr_test),
	KUNIT_CASE(caps_test),
	KUNIT_CASE(norm_tx_desc_test),
	KUNIT_CASE(enh_tx_desc_test),
	KUNIT_CASE(rx_fill_test),
	KUNIT_CASE(rx_status_test),
	KUNIT_CASE(rx_frame_len_test),
	KUNIT_CASE(rx_step_test),
	KUNIT_CASE(rx_desc_status_test),
	KUNIT_CASE(tx_split_test),
	KUNIT_CASE(rx_trust_csum_test),
	KUNIT_CASE(mmc_fold_test),
	KUNIT_CASE(pause_stats_test),
	KUNIT_CASE(params_test),
	KUNIT_CASE(core_init_mtu_test),
	KUNIT_CASE(max_mtu_test),
	KUNIT_CASE(dma_init_flow_test),
	KUNIT_CASE(filter_hash_test),
	KUNIT_CASE(filter_modes_test),
	KUNIT_CASE(filter_unicast_test),
	KUNIT_CASE(filter_sizes_test),
	{}
};

static struct kunit_suite dwmac1000_suite = {
	.name = "stmmac_dwmac1000",
	.test_cases = dwmac1000_cases,
};

kunit_test_suite(dwmac1000_suite);

MODULE_DESCRIPTION("KUnit tests for the stmmac GMAC 3.x register and descriptor code");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(STMMAC_KUNIT_NS);
