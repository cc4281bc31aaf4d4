// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests for dwmac1000.c at the register level: the hw ops write into
 * a fake MMIO window (plain memory) and the tests read back what they
 * wrote; descriptors are encoded and decoded in both formats.
 */

#include <kunit/test.h>
#include <linux/bitfield.h>
#include <linux/etherdevice.h>
#include <linux/io.h>
#include <linux/slab.h>

#include "../dwmac1000.h"
#include "../stmmac.h"

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
	hw->dma_stop(f->io, 0, true, false);
	KUNIT_EXPECT_EQ(test, reg(f, DMA_OP_MODE), mode | DMA_OP_SR);
	hw->dma_stop(f->io, 0, true, true);
	KUNIT_EXPECT_EQ(test, reg(f, DMA_OP_MODE), mode);
}

static void irq_status_test(struct kunit *test)
{
	static const struct {
		u32 status;
		u32 events;
	} cases[] = {
		{ 0, 0 },
		{ DMA_STATUS_NIS | DMA_STATUS_RI, STMMAC_DMA_RX },
		{ DMA_STATUS_NIS | DMA_STATUS_TI, STMMAC_DMA_TX },
		{ DMA_STATUS_NIS | DMA_STATUS_TI | DMA_STATUS_RI,
		  STMMAC_DMA_TX | STMMAC_DMA_RX },
		{ DMA_STATUS_AIS | DMA_STATUS_RU, STMMAC_DMA_RX_NOBUF },
		{ DMA_STATUS_AIS | DMA_STATUS_UNF,
		  STMMAC_DMA_TX_UNDERFLOW | STMMAC_DMA_TX },
		{ DMA_STATUS_AIS | DMA_STATUS_FBI, STMMAC_DMA_FATAL },
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
			(u32)STMMAC_DMA_TX);
	/* the write-one-to-clear acknowledgment spares RI */
	KUNIT_EXPECT_EQ(test, reg(f, DMA_STATUS),
			DMA_STATUS_NIS | DMA_STATUS_TI);

	set_reg(f, DMA_INTR_EN, DMA_INTR_NIE | DMA_INTR_RIE);
	set_reg(f, DMA_STATUS, DMA_STATUS_RI | DMA_STATUS_TI);
	KUNIT_EXPECT_EQ(test, dwmac1000_ops.dma_irq_status(f->io, 0, all),
			(u32)STMMAC_DMA_RX);
	KUNIT_EXPECT_EQ(test, reg(f, DMA_STATUS), DMA_STATUS_RI);

	/* errors are taken whatever is masked */
	set_reg(f, DMA_INTR_EN, 0);
	set_reg(f, DMA_STATUS, DMA_STATUS_RI | DMA_STATUS_FBI);
	KUNIT_EXPECT_EQ(test, dwmac1000_ops.dma_irq_status(f->io, 0, all),
			(u32)STMMAC_DMA_FATAL);
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

static void link_up_test(struct kunit *test)
{
	static const struct {
		int speed, duplex;
		u32 cfg;
	} cases[] = {
		{ SPEED_1000, DUPLEX_FULL, GMAC_CONFIG_DM },
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
				      true, true);
		KUNIT_EXPECT_EQ(test, reg(f, GMAC_CONFIG),
				GMAC_CONFIG_TE | cases[i].cfg);
		if (cases[i].duplex == DUPLEX_FULL)
			KUNIT_EXPECT_EQ(test, reg(f, GMAC_FLOW_CTRL),
					GMAC_FLOW_PT | GMAC_FLOW_TFE |
					GMAC_FLOW_RFE);
		else
			KUNIT_EXPECT_EQ(test, reg(f, GMAC_FLOW_CTRL), 0u);
	}
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

static void rx_status_test(struct kunit *test)
{
	static const struct {
		u32 des0;
		enum stmmac_rx_status st;
		u32 len;
	} cases[] = {
		{ NDES0_OWN, STMMAC_RX_OWNED, 0 },
		/* what QEMU's model writes: FT, FS, LS, no error */
		{ RDES0_FT | RDES0_FS | RDES0_LS | RX_LEN(64),
		  STMMAC_RX_CSUM_OK, 64 },
		/* an 802.3 length frame: no checksum verdict */
		{ RDES0_FS | RDES0_LS | RX_LEN(64),
		  STMMAC_RX_GOOD, 64 },
		{ RDES0_FT | RDES0_PCE | RDES0_ES | RDES0_FS | RDES0_LS |
		  RX_LEN(100), STMMAC_RX_GOOD, 100 },
		{ RDES0_FT | RDES0_IPC | RDES0_ES | RDES0_FS | RDES0_LS |
		  RX_LEN(100), STMMAC_RX_GOOD, 100 },
		{ RDES0_CE | RDES0_ES | RDES0_FS | RDES0_LS |
		  RX_LEN(100), STMMAC_RX_ERROR, 100 },
		{ RDES0_OE | RDES0_ES | RDES0_FS | RDES0_LS |
		  RX_LEN(100), STMMAC_RX_ERROR, 100 },
		/* shorter than a header and FCS */
		{ RDES0_FS | RDES0_LS | RX_LEN(10),
		  STMMAC_RX_ERROR, 10 },
		/* a frame over several buffers: pieces, then its end */
		{ RDES0_FS, STMMAC_RX_PART, 0 },
		{ 0, STMMAC_RX_PART, 0 },
		{ RDES0_LS | RX_LEN(3000), STMMAC_RX_ERROR, 0 },
	};
	struct stmmac_desc d = {};
	int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		u32 len = 0;

		d.des0 = cpu_to_le32(cases[i].des0);
		KUNIT_EXPECT_EQ_MSG(test,
				    dwmac1000_norm_desc_ops.rx_status(&d, &len),
				    cases[i].st, "des0 %#x", cases[i].des0);
		KUNIT_EXPECT_EQ_MSG(test, len, cases[i].len, "des0 %#x",
				    cases[i].des0);
	}
}

static struct kunit_case dwmac1000_cases[] = {
	KUNIT_CASE(irq_mask_test),
	KUNIT_CASE(irq_status_test),
	KUNIT_CASE(dma_start_stop_test),
	KUNIT_CASE(irq_status_masked_test),
	KUNIT_CASE(rx_watchdog_test),
	KUNIT_CASE(mac_addr_test),
	KUNIT_CASE(link_up_test),
	KUNIT_CASE(mdio_cmd_test),
	KUNIT_CASE(clk_csr_test),
	KUNIT_CASE(caps_test),
	KUNIT_CASE(norm_tx_desc_test),
	KUNIT_CASE(enh_tx_desc_test),
	KUNIT_CASE(rx_fill_test),
	KUNIT_CASE(rx_status_test),
	{}
};

static struct kunit_suite dwmac1000_suite = {
	.name = "stmmac_dwmac1000",
	.test_cases = dwmac1000_cases,
};

kunit_test_suite(dwmac1000_suite);

MODULE_DESCRIPTION("KUnit tests for the stmmac GMAC 3.x register and descriptor code");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
