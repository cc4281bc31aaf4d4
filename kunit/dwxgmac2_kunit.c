// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests for dwxgmac2.c at the register level: the hw ops write into
 * a fake MMIO window (plain memory, so W1C bits and self-clearing BUSY
 * bits simply stay as written) and the tests read back what they wrote;
 * descriptors are encoded and decoded. Also: which ops stmmac_hwif_init()
 * binds to each core type.
 */

#include <kunit/test.h>
#include <linux/bitfield.h>
#include <linux/etherdevice.h>
#include <linux/io.h>
#include <linux/netdevice.h>
#include <linux/slab.h>

#include "../dwmac1000.h"
#include "../dwxgmac2.h"
#include "../stmmac.h"
#include "../stmmac_compat.h"

#define FAKE_WINDOW	0x4000

struct xg_fake {
	u32 *mem;
	void __iomem *io;
};

static struct xg_fake *xg_fake(struct kunit *test)
{
	struct xg_fake *f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, f);
	f->mem = kunit_kzalloc(test, FAKE_WINDOW, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f->mem);
	/* The ops only ever see an __iomem cookie; here it is plain memory. */
	f->io = (void __iomem __force *)f->mem;
	return f;
}

static u32 reg(struct xg_fake *f, u32 off)
{
	return f->mem[off / 4];
}

static void set_reg(struct xg_fake *f, u32 off, u32 val)
{
	f->mem[off / 4] = val;
}

/* A device with @tx/@rx queues on the fake window, default DMA settings. */
static struct stmmac_priv *xg_priv(struct kunit *test, struct xg_fake *f,
				   u32 tx, u32 rx)
{
	struct stmmac_priv *priv = kunit_kzalloc(test, sizeof(*priv),
						 GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, priv);
	priv->plat = kunit_kzalloc(test, sizeof(*priv->plat), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, priv->plat);
	priv->ioaddr = f->io;
	priv->hw = &dwxgmac2_ops;
	priv->desc = &dwxgmac2_desc_ops;
	priv->tx_queues = tx;
	priv->rx_queues = rx;
	priv->plat->core = STMMAC_CORE_XGMAC;
	priv->plat->pbl = 8;
	priv->plat->pblx8 = true;
	priv->plat->clk_csr = -1;
	return priv;
}

/* Bus address bits above 4 GiB, where dma_addr_t has them. */
static dma_addr_t xg_high(u32 hi)
{
	return (dma_addr_t)((u64)hi << 32);
}

KUNIT_DEFINE_ACTION_WRAPPER(xg_free_netdev, free_netdev, struct net_device *);

static struct net_device *xg_netdev(struct kunit *test)
{
	struct net_device *dev = alloc_etherdev(0);

	KUNIT_ASSERT_NOT_NULL(test, dev);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, xg_free_netdev,
							dev), 0);
	/* what register_netdevice() does for the address lists' lock, which
	 * dev_mc_add() takes: else lockdep meets a lock never initialised
	 * and switches itself off for the rest of the run
	 */
	spin_lock_init(&dev->addr_list_lock);
	return dev;
}

/* HW feature 3 (0x128) bits 2:0, NRVF: VLAN perfect-filter entries. 0
 * is the single tag of MAC_VLAN_Tag_Ctrl, no entry; 6 and 7 reserved.
 */
static void xg_vlan_entries_check(struct kunit *test, struct xg_fake *f)
{
	static const u32 n[8] = { 0, 4, 8, 16, 24, 32, 0, 0 };
	struct stmmac_caps caps = {};
	u32 code;

	for (code = 0; code < 8; code++) {
		set_reg(f, 0x128, 0xfffffff8 | code);
		dwxgmac2_ops.read_caps(f->io, &caps);
		KUNIT_EXPECT_EQ_MSG(test, caps.vlan_entries, n[code],
				    "NRVF %u", code);
	}
}

/* Launch time is HW feature 3's TBSSEL (0x128 bit 27, under TBSCH 31:28);
 * HW feature 1's bits 30:27 (0x120) are L3L4FNUM, the L3/L4 filters:
 * 0-7 that many, 8, 9, 10 for 8, 16, 32 (as upstream decodes them).
 */
static void xg_tbs_l3l4_check(struct kunit *test, struct xg_fake *f)
{
	static const u8 n[16] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 16, 32,
				  32, 32, 32, 32, 32 };
	struct stmmac_caps caps = {};
	u32 code;

	for (code = 0; code < 16; code++) {
		set_reg(f, 0x120, code << 27);
		set_reg(f, 0x128, 0);
		dwxgmac2_ops.read_caps(f->io, &caps);
		KUNIT_EXPECT_EQ_MSG(test, caps.l3l4_filters, n[code],
				    "L3L4FNUM %u", code);
		KUNIT_EXPECT_FALSE_MSG(test, caps.tbs, "L3L4FNUM %u", code);
	}
	set_reg(f, 0x120, 0);
	set_reg(f, 0x128, BIT(27) | 1 << 28);
	dwxgmac2_ops.read_caps(f->io, &caps);
	KUNIT_EXPECT_TRUE(test, caps.tbs);
	KUNIT_EXPECT_EQ(test, caps.l3l4_filters, 0u);
}

static void caps_test(struct kunit *test)
{
	struct xg_fake *f = xg_fake(test);
	struct stmmac_caps caps = {};

	/* Agilex5-like: 2.10, 8 + 8 queues and channels, 40-bit DMA. */
	set_reg(f, XGMAC_VERSION, 0x3021);
	set_reg(f, XGMAC_HW_FEATURE0, XGMAC_HWF0_TXCOESEL |
		XGMAC_HWF0_RXCOESEL | XGMAC_HWF0_MMCSEL);
	set_reg(f, XGMAC_HW_FEATURE1, XGMAC_HWF1_TSOEN |
		FIELD_PREP(XGMAC_HWF1_ADDR64, 1) |
		FIELD_PREP(XGMAC_HWF1_HASHTBLSZ, 3) |
		FIELD_PREP(XGMAC_HWF1_TXFIFOSIZE, 7) |
		FIELD_PREP(XGMAC_HWF1_RXFIFOSIZE, 7));
	set_reg(f, XGMAC_HW_FEATURE2, FIELD_PREP(XGMAC_HWF2_TXQCNT, 7) |
		FIELD_PREP(XGMAC_HWF2_RXQCNT, 7) |
		FIELD_PREP(XGMAC_HWF2_TXCHCNT, 7) |
		FIELD_PREP(XGMAC_HWF2_RXCHCNT, 7));
	dwxgmac2_ops.read_caps(f->io, &caps);
	KUNIT_EXPECT_EQ(test, caps.version, 0x21u);
	KUNIT_EXPECT_FALSE(test, caps.enh_desc);
	KUNIT_EXPECT_TRUE(test, caps.tx_coe);
	KUNIT_EXPECT_TRUE(test, caps.rx_coe);
	KUNIT_EXPECT_TRUE(test, caps.mmc);
	KUNIT_EXPECT_TRUE(test, caps.hash_filter);
	KUNIT_EXPECT_EQ(test, caps.mc_bins, 256u);
	KUNIT_EXPECT_FALSE(test, caps.half_duplex);
	KUNIT_EXPECT_TRUE(test, caps.tso);
	KUNIT_EXPECT_TRUE(test, caps.riwt);
	KUNIT_EXPECT_TRUE(test, caps.c45);
	KUNIT_EXPECT_EQ(test, caps.tx_queues, 8u);
	KUNIT_EXPECT_EQ(test, caps.rx_queues, 8u);
	KUNIT_EXPECT_EQ(test, caps.addr_bits, 40u);
	KUNIT_EXPECT_EQ(test, caps.tx_fifo, 16384u);
	KUNIT_EXPECT_EQ(test, caps.rx_fifo, 16384u);

	/* Fewer channels than queues: the channels limit; 48-bit DMA. */
	set_reg(f, XGMAC_HW_FEATURE0, XGMAC_HWF0_HDSEL);
	set_reg(f, XGMAC_HW_FEATURE1, FIELD_PREP(XGMAC_HWF1_ADDR64, 2) |
		FIELD_PREP(XGMAC_HWF1_TXFIFOSIZE, 5));
	set_reg(f, XGMAC_HW_FEATURE2, FIELD_PREP(XGMAC_HWF2_TXQCNT, 3) |
		FIELD_PREP(XGMAC_HWF2_RXQCNT, 3) |
		FIELD_PREP(XGMAC_HWF2_TXCHCNT, 1));
	dwxgmac2_ops.read_caps(f->io, &caps);
	KUNIT_EXPECT_FALSE(test, caps.tx_coe);
	KUNIT_EXPECT_FALSE(test, caps.mmc);
	KUNIT_EXPECT_FALSE(test, caps.hash_filter);
	KUNIT_EXPECT_EQ(test, caps.mc_bins, 0u);
	KUNIT_EXPECT_FALSE(test, caps.tso);
	KUNIT_EXPECT_TRUE(test, caps.half_duplex);
	KUNIT_EXPECT_EQ(test, caps.tx_queues, 2u);
	KUNIT_EXPECT_EQ(test, caps.rx_queues, 1u);
	KUNIT_EXPECT_EQ(test, caps.addr_bits, 48u);
	KUNIT_EXPECT_EQ(test, caps.tx_fifo, 4096u);
	KUNIT_EXPECT_EQ(test, caps.rx_fifo, 128u);

	set_reg(f, XGMAC_HW_FEATURE1, 0);
	dwxgmac2_ops.read_caps(f->io, &caps);
	KUNIT_EXPECT_EQ(test, caps.addr_bits, 32u);
	xg_vlan_entries_check(test, f);
	xg_tbs_l3l4_check(test, f);
}

/* An L3/L4 filter's register through MAC_L3_L4_Address_Control (0xc00:
 * IDDR, bits 16:8, the filter << 4 | its register; XB, bit 0, starts the
 * access) and MAC_L3_L4_Data (0xc04), on a core that never completes it
 * (XB stays set in plain memory): the data and the address as written,
 * the wait bounded, the error returned.
 */
static void l3l4_access_test(struct kunit *test)
{
	struct xg_fake *f = xg_fake(test);
	struct stmmac_priv *priv = xg_priv(test, f, 1, 1);
	const struct stmmac_l3l4 da = {
		.field = STMMAC_L3L4_IP_DST, .value = 0xc0000201,
	};
	const struct stmmac_l3l4 dp = {
		.field = STMMAC_L3L4_PORT_DST, .udp = true, .value = 53,
	};

	/* IPv4 destination: filter 2's register 5 */
	KUNIT_EXPECT_EQ(test, dwxgmac2_ops.set_l3l4(priv, 2, &da), -ETIMEDOUT);
	KUNIT_EXPECT_EQ(test, reg(f, 0xc04), 0xc0000201u);
	KUNIT_EXPECT_EQ(test, reg(f, 0xc00), 0x00002501u);
	/* a destination port: register 1, bits 31:16 */
	set_reg(f, 0xc00, 0);
	KUNIT_EXPECT_EQ(test, dwxgmac2_ops.set_l3l4(priv, 1, &dp), -ETIMEDOUT);
	KUNIT_EXPECT_EQ(test, reg(f, 0xc04), 0x00350000u);
	KUNIT_EXPECT_EQ(test, reg(f, 0xc00), 0x00001101u);
	/* off: filter 3's control register 0 cleared */
	set_reg(f, 0xc00, 0);
	set_reg(f, 0xc04, ~0u);
	KUNIT_EXPECT_EQ(test, dwxgmac2_ops.set_l3l4(priv, 3, NULL), -ETIMEDOUT);
	KUNIT_EXPECT_EQ(test, reg(f, 0xc04), 0u);
	KUNIT_EXPECT_EQ(test, reg(f, 0xc00), 0x00003001u);
}

/* A core that never completes an entry's access (OB, MAC_VLAN_Tag bit 0,
 * stays set in plain memory): the filter goes on hashing the VLAN IDs
 * (VLAN_Hash_Table 0x58: bins 0 and 2 for VLANs 0 and 5; VTHM, ETV, bits
 * 25 and 16 of 0x50; VTFE, bit 16 of 0x8), every entry free, to be
 * written again when the IDs next change.
 */
static void vlan_entry_timeout_test(struct kunit *test)
{
	struct xg_fake *f = xg_fake(test);
	struct stmmac_priv *priv = xg_priv(test, f, 1, 1);
	u32 i;

	priv->dev = xg_netdev(test);
	priv->caps.uc_entries = 1;
	priv->caps.vlan_entries = 4;
	priv->running = true;
	set_bit(5, priv->vlans);
	rtnl_lock();
	stmmac_vlan_filter(priv, true);
	rtnl_unlock();
	KUNIT_EXPECT_FALSE(test, priv->vlan_perfect);
	KUNIT_EXPECT_EQ(test, reg(f, 0x58), 0x0005u);
	KUNIT_EXPECT_EQ(test, reg(f, 0x50) & 0x02010000, 0x02010000u);
	KUNIT_EXPECT_TRUE(test, reg(f, 0x8) & BIT(16));
	for (i = 0; i < 4; i++)
		KUNIT_EXPECT_EQ_MSG(test, priv->vlan_slot[i], 0, "entry %u", i);
}

static void core_init_test(struct kunit *test)
{
	struct xg_fake *f = xg_fake(test);
	struct stmmac_priv *priv = xg_priv(test, f, 1, 1);
	u32 rx;

	priv->dev = xg_netdev(test);
	priv->caps.rx_coe = true;
	priv->caps.mmc = true;
	priv->dev->features = NETIF_F_RXCSUM;
	set_reg(f, XGMAC_TX_CONFIG, XGMAC_TXCFG_TE);
	set_reg(f, XGMAC_INT_EN, ~0U);
	set_reg(f, XGMAC_MMC_RX_INT_EN, ~0U);
	set_reg(f, XGMAC_MMC_TX_INT_EN, ~0U);

	dwxgmac2_ops.core_init(priv);
	/* TX and RX off, standard frame limits, FCS kept, RX csum on. */
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_TX_CONFIG), XGMAC_TXCFG_JD);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_RX_CONFIG), XGMAC_RXCFG_IPC);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_INT_EN), 0u);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_MMC_RX_INT_EN), 0u);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_MMC_TX_INT_EN), 0u);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_MMC_IPC_INT_MASK), ~0U);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_MMC_CTRL),
			XGMAC_MMC_CTRL_RESET | XGMAC_MMC_CTRL_ROR);

	/* A jumbo MTU: giant limit at the largest frame, watchdog off. */
	priv->dev->mtu = 3000;
	priv->dev->features = 0;
	dwxgmac2_ops.core_init(priv);
	rx = reg(f, XGMAC_RX_CONFIG);
	KUNIT_EXPECT_TRUE(test, rx & XGMAC_RXCFG_GPSLCE);
	KUNIT_EXPECT_TRUE(test, rx & XGMAC_RXCFG_WD);
	KUNIT_EXPECT_EQ(test, FIELD_GET(XGMAC_RXCFG_GPSL, rx), 3000u + 22);
	KUNIT_EXPECT_FALSE(test, rx & (XGMAC_RXCFG_IPC | XGMAC_RXCFG_ACS |
				       XGMAC_RXCFG_CST | XGMAC_RXCFG_RE));
	/* The largest MTU: GPSL (bits 29:16) at its 14-bit maximum. */
	priv->dev->mtu = 16361;
	dwxgmac2_ops.core_init(priv);
	rx = reg(f, XGMAC_RX_CONFIG);
	KUNIT_EXPECT_EQ(test, rx >> 16 & 0x3fff, 16383u);
}

/* The MTU range: the giant limit's largest frame (GPSL, 14 bits: 16383
 * bytes, tag and FCS included), so 16361; then the DT's max-frame-size
 * and, as upstream, a TX queue's share of the TX FIFO (the HW feature
 * register's size, split over the queues in use).
 */
static void max_mtu_test(struct kunit *test)
{
	static const struct {
		u32 dt_max, tx_fifo, queues;
		unsigned int mtu;
	} cases[] = {
		{ 0, 0, 1, 16361 },
		{ 9000, 0, 1, 9000 },
		{ 0, 65536, 1, 16361 },
		{ 0, 65536, 8, 8192 },
		{ 9000, 32768, 8, 4096 },
		{ 9000, 131072, 8, 9000 },
	};
	struct xg_fake *f = xg_fake(test);
	struct stmmac_priv *priv = xg_priv(test, f, 1, 1);
	u32 i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		priv->plat->max_mtu = cases[i].dt_max;
		priv->caps.tx_fifo = cases[i].tx_fifo;
		priv->tx_queues = cases[i].queues;
		KUNIT_EXPECT_EQ_MSG(test, stmmac_max_mtu(priv, priv->tx_queues), cases[i].mtu,
				    "case %u", i);
	}
}

static void mtl_init_test(struct kunit *test)
{
	struct xg_fake *f = xg_fake(test);
	struct stmmac_priv *priv = xg_priv(test, f, 8, 6);
	u32 q, op;

	priv->caps.tx_fifo = 32768;
	priv->caps.rx_fifo = 49152;
	/* Four traffic classes: queues 4-7 share the last one. */
	set_reg(f, XGMAC_HW_FEATURE1, FIELD_PREP(XGMAC_HWF1_NUMTC, 3));
	priv->caps.num_tc = 4;	/* as read_caps() finds it at probe */
	dwxgmac2_ops.mtl_init(priv);

	for (q = 0; q < 8; q++) {
		op = reg(f, XGMAC_MTL_TXQ_OPMODE(q));
		KUNIT_EXPECT_TRUE_MSG(test, op & XGMAC_MTL_TXQ_TSF, "txq %u", q);
		KUNIT_EXPECT_EQ(test, FIELD_GET(XGMAC_MTL_TXQ_TXQEN, op), 2u);
		KUNIT_EXPECT_EQ(test, FIELD_GET(XGMAC_MTL_TXQ_Q2TCMAP, op),
				min(q, 3u));
		/* 32 KiB over 8 queues: 4 KiB, 16 blocks. */
		KUNIT_EXPECT_EQ(test, FIELD_GET(XGMAC_MTL_TXQ_TQS, op), 15u);
	}
	for (q = 0; q < 6; q++) {
		op = reg(f, XGMAC_MTL_RXQ_OPMODE(q));
		KUNIT_EXPECT_TRUE_MSG(test, op & XGMAC_MTL_RXQ_RSF, "rxq %u", q);
		/* 48 KiB over 6 queues: 8 KiB, 32 blocks, flow control. */
		KUNIT_EXPECT_EQ(test, FIELD_GET(XGMAC_MTL_RXQ_RQS, op), 31u);
		KUNIT_EXPECT_TRUE(test, op & XGMAC_MTL_RXQ_EHFC);
		KUNIT_EXPECT_EQ(test, reg(f, XGMAC_MTL_RXQ_FLOW(q)),
				FIELD_PREP(XGMAC_MTL_RXQ_RFA, 4) |
				FIELD_PREP(XGMAC_MTL_RXQ_RFD, 7));
	}
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_MTL_RXQ_OPMODE(6)), 0u);
	/* RX queue q to DMA channel q, queues 0-5 enabled. */
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_MTL_RXQ_DMA_MAP(0)), 0x03020100u);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_MTL_RXQ_DMA_MAP(1)), 0x00000504u);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_RXQ_CTRL0), 0x00000aaau);

	/* Thresholds forced; small FIFOs: no flow control. */
	f = xg_fake(test);
	priv = xg_priv(test, f, 1, 2);
	priv->plat->force_thresh = true;
	priv->caps.tx_fifo = 8192;
	priv->caps.rx_fifo = 4096;
	dwxgmac2_ops.mtl_init(priv);
	op = reg(f, XGMAC_MTL_TXQ_OPMODE(0));
	KUNIT_EXPECT_FALSE(test, op & XGMAC_MTL_TXQ_TSF);
	KUNIT_EXPECT_EQ(test, FIELD_GET(XGMAC_MTL_TXQ_TQS, op), 31u);
	KUNIT_EXPECT_EQ(test, FIELD_GET(XGMAC_MTL_TXQ_Q2TCMAP, op), 0u);
	op = reg(f, XGMAC_MTL_RXQ_OPMODE(1));
	KUNIT_EXPECT_EQ(test, op, FIELD_PREP(XGMAC_MTL_RXQ_RQS, 7));
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_MTL_RXQ_FLOW(1)), 0u);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_MTL_RXQ_DMA_MAP(0)), 0x0100u);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_RXQ_CTRL0), 0xau);
}

/* The TX schedulers between traffic classes and the RX arbiter, against
 * the databook's layout written out: MTL_Operation_Mode (0x1000) ETSALG
 * bits 6:5 (WRR 0, WFQ 1, DWRR 2) and RAA bit 2; MTL_TCn_ETS_Control
 * (0x1110 + n * 0x80) TSA bits 1:0 (strict priority 0, ETS 2);
 * MTL_TCn_Quantum_Weight (0x1118 + n * 0x80) the class's weight.
 */
static void mtl_sched_test(struct kunit *test)
{
	static const struct {
		enum stmmac_tx_sched sched;
		u32 opmode;
	} algs[] = {
		{ STMMAC_TX_WRR, 0x00 }, { STMMAC_TX_WFQ, 0x20 },
		{ STMMAC_TX_DWRR, 0x40 },
	};
	struct stmmac_priv *priv;
	struct xg_fake *f;
	u32 i, tc;

	for (i = 0; i < ARRAY_SIZE(algs); i++) {
		f = xg_fake(test);
		priv = xg_priv(test, f, 8, 8);
		/* Agilex 5's DT: weights 9 to 16, 8 traffic classes */
		set_reg(f, 0x120, 7 << 21);	/* HW feature 1: NUMTC 8 */
		priv->caps.num_tc = 8;
		priv->plat->tx_sched = algs[i].sched;
		for (tc = 0; tc < 8; tc++)
			priv->plat->tx_weight[tc] = 9 + tc;
		priv->plat->rx_wsp = i == 1;
		dwxgmac2_ops.mtl_init(priv);
		KUNIT_EXPECT_EQ_MSG(test, reg(f, 0x1000),
				    algs[i].opmode | (i == 1 ? 0x4 : 0),
				    "scheduler %u", algs[i].sched);
		for (tc = 0; tc < 8; tc++) {
			KUNIT_EXPECT_EQ(test, reg(f, 0x1110 + tc * 0x80), 2u);
			KUNIT_EXPECT_EQ(test, reg(f, 0x1118 + tc * 0x80),
					9 + tc);
		}
	}

	/* No weights given: upstream's 0x10 + queue. Strict priority: no
	 * class uses ETS, no weight is written; nor with one TX queue.
	 */
	f = xg_fake(test);
	priv = xg_priv(test, f, 4, 4);
	set_reg(f, 0x120, 3 << 21);
	priv->caps.num_tc = 4;
	priv->plat->tx_sched = STMMAC_TX_WRR;
	dwxgmac2_ops.mtl_init(priv);
	for (tc = 0; tc < 4; tc++) {
		KUNIT_EXPECT_EQ(test, reg(f, 0x1110 + tc * 0x80), 2u);
		KUNIT_EXPECT_EQ(test, reg(f, 0x1118 + tc * 0x80), 0x10 + tc);
	}
	f = xg_fake(test);
	priv = xg_priv(test, f, 4, 4);
	priv->plat->tx_weight[0] = 9;
	dwxgmac2_ops.mtl_init(priv);
	KUNIT_EXPECT_EQ(test, reg(f, 0x1000), 0u);
	KUNIT_EXPECT_EQ(test, reg(f, 0x1110), 0u);
	KUNIT_EXPECT_EQ(test, reg(f, 0x1118), 0u);
	f = xg_fake(test);
	priv = xg_priv(test, f, 1, 1);
	priv->plat->tx_sched = STMMAC_TX_DWRR;
	priv->plat->rx_wsp = true;
	dwxgmac2_ops.mtl_init(priv);
	KUNIT_EXPECT_EQ(test, reg(f, 0x1110), 0u);
	KUNIT_EXPECT_EQ(test, reg(f, 0x1118), 0u);
	KUNIT_EXPECT_EQ(test, reg(f, 0x1000) & 0x4, 0u);
}

static void dma_init_test(struct kunit *test)
{
	struct xg_fake *f = xg_fake(test);
	/* Asymmetric: channel 3 is RX only. */
	struct stmmac_priv *priv = xg_priv(test, f, 3, 4);
	u32 c, txc, rxc, en;

	priv->plat->txpbl = 16;
	priv->plat->aal = true;
	priv->caps.addr_bits = 40;
	priv->txq[0].tso = true;
	priv->txq[2].tso = true;
	set_reg(f, XGMAC_DMA_CH_STATUS(1), XGMAC_DMA_RI);
	dwxgmac2_ops.dma_init(priv);

	KUNIT_EXPECT_EQ(test, FIELD_GET(XGMAC_DMA_MODE_INTM,
					reg(f, XGMAC_DMA_MODE)), 0u);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_DMA_SYSBUS),
			XGMAC_SYSBUS_UNDEF | XGMAC_SYSBUS_BLEN4 |
			XGMAC_SYSBUS_BLEN8 | XGMAC_SYSBUS_BLEN16 |
			XGMAC_SYSBUS_AAL | XGMAC_SYSBUS_EAME);
	for (c = 0; c < 4; c++) {
		txc = reg(f, XGMAC_DMA_CH_TX_CTRL(c));
		rxc = reg(f, XGMAC_DMA_CH_RX_CTRL(c));
		en = reg(f, XGMAC_DMA_CH_INT_EN(c));
		KUNIT_EXPECT_EQ_MSG(test, reg(f, XGMAC_DMA_CH_CTRL(c)),
				    XGMAC_DMA_CH_PBLX8, "chan %u", c);
		KUNIT_EXPECT_EQ_MSG(test, FIELD_GET(XGMAC_DMA_RX_PBL, rxc), 8u,
				    "chan %u", c);
		KUNIT_EXPECT_EQ(test, en & ~(XGMAC_DMA_RI | XGMAC_DMA_TI),
				XGMAC_DMA_NIS | XGMAC_DMA_AIS | XGMAC_DMA_FBE);
		KUNIT_EXPECT_TRUE(test, en & XGMAC_DMA_RI);
		KUNIT_EXPECT_EQ(test, !!(en & XGMAC_DMA_TI), c < 3);
		if (c == 3) {
			KUNIT_EXPECT_EQ(test, txc, 0u);
			continue;
		}
		KUNIT_EXPECT_EQ_MSG(test, FIELD_GET(XGMAC_DMA_TX_PBL, txc), 16u,
				    "chan %u", c);
		KUNIT_EXPECT_TRUE(test, txc & XGMAC_DMA_TX_OSP);
		KUNIT_EXPECT_EQ(test, !!(txc & XGMAC_DMA_TX_TSE), c != 1);
		KUNIT_EXPECT_FALSE(test, txc & XGMAC_DMA_TX_ST);
	}
	/* Stale status acknowledged; channels not in use untouched. */
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_DMA_CH_STATUS(1)),
			XGMAC_DMA_STATUS_INTR);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_DMA_CH_INT_EN(4)), 0u);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_DMA_CH_CTRL(4)), 0u);

	/* Every direction with its own line: RI/TI stay off the common one;
	 * burst lengths from synthesis kept; fixed bursts; 32-bit DMA.
	 */
	f = xg_fake(test);
	priv = xg_priv(test, f, 2, 2);
	priv->plat->fixed_burst = true;
	priv->plat->pblx8 = false;
	priv->caps.addr_bits = 32;
	for (c = 0; c < 2; c++) {
		priv->rx_irq[c] = 100 + c;
		priv->tx_irq[c] = 110 + c;
	}
	set_reg(f, XGMAC_DMA_SYSBUS, XGMAC_SYSBUS_BLEN4 | XGMAC_SYSBUS_UNDEF |
		XGMAC_SYSBUS_EAME);
	dwxgmac2_ops.dma_init(priv);
	KUNIT_EXPECT_EQ(test, FIELD_GET(XGMAC_DMA_MODE_INTM,
					reg(f, XGMAC_DMA_MODE)), 1u);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_DMA_SYSBUS), XGMAC_SYSBUS_BLEN4);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_DMA_CH_CTRL(1)), 0u);
	KUNIT_EXPECT_FALSE(test, reg(f, XGMAC_DMA_CH_TX_CTRL(1)) &
			   XGMAC_DMA_TX_TSE);

	/* One direction without a line: everything on the common one. */
	priv->tx_irq[1] = 0;
	dwxgmac2_ops.dma_init(priv);
	KUNIT_EXPECT_EQ(test, FIELD_GET(XGMAC_DMA_MODE_INTM,
					reg(f, XGMAC_DMA_MODE)), 0u);
}

static void ring_init_test(struct kunit *test)
{
	struct xg_fake *f = xg_fake(test);
	u32 c;

	for (c = 0; c < 8; c++) {
		dma_addr_t tx = 0x80000000u + c * 0x10000;
		dma_addr_t rx = 0x90000000u + c * 0x10000;

		rx |= xg_high(c);
		/* RX PBL from dma_init survives the buffer size. */
		set_reg(f, XGMAC_DMA_CH_RX_CTRL(c),
			FIELD_PREP(XGMAC_DMA_RX_PBL, 8) |
			FIELD_PREP(XGMAC_DMA_RX_RBSZ, 1536));
		dwxgmac2_ops.dma_init_tx(f->io, c, tx, 64 << (c % 5));
		dwxgmac2_ops.dma_init_rx(f->io, c, rx, 512, 1024 + 16 * c);

		KUNIT_EXPECT_EQ(test, reg(f, XGMAC_DMA_CH_TXDESC_HI(c)), 0u);
		KUNIT_EXPECT_EQ(test, reg(f, XGMAC_DMA_CH_TXDESC_LO(c)),
				lower_32_bits(tx));
		KUNIT_EXPECT_EQ(test, reg(f, XGMAC_DMA_CH_TX_RING_LEN(c)),
				(64u << (c % 5)) - 1);
		KUNIT_EXPECT_EQ(test, reg(f, XGMAC_DMA_CH_TX_TAIL(c)),
				lower_32_bits(tx));
		KUNIT_EXPECT_EQ(test, reg(f, XGMAC_DMA_CH_RXDESC_HI(c)),
				upper_32_bits(rx));
		KUNIT_EXPECT_EQ(test, reg(f, XGMAC_DMA_CH_RXDESC_LO(c)),
				lower_32_bits(rx));
		KUNIT_EXPECT_EQ(test, reg(f, XGMAC_DMA_CH_RX_RING_LEN(c)), 511u);
		KUNIT_EXPECT_EQ(test, reg(f, XGMAC_DMA_CH_RX_TAIL(c)),
				lower_32_bits(rx));
		KUNIT_EXPECT_EQ(test, reg(f, XGMAC_DMA_CH_RX_CTRL(c)),
				FIELD_PREP(XGMAC_DMA_RX_PBL, 8) |
				FIELD_PREP(XGMAC_DMA_RX_RBSZ, 1024 + 16 * c));
	}
	/* RBSZ is in bytes, from bit 1 on. */
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_DMA_CH_RX_CTRL(0)) &
			XGMAC_DMA_RX_RBSZ, 1024u << 1);
}

static void start_stop_kick_test(struct kunit *test)
{
	struct xg_fake *f = xg_fake(test);
	u32 txc = XGMAC_DMA_TX_OSP | XGMAC_DMA_TX_TSE;
	u32 rxc = FIELD_PREP(XGMAC_DMA_RX_RBSZ, 2048);

	set_reg(f, XGMAC_DMA_CH_TX_CTRL(5), txc);
	set_reg(f, XGMAC_DMA_CH_RX_CTRL(5), rxc);
	dwxgmac2_ops.dma_start(f->io, 5, true, true);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_DMA_CH_TX_CTRL(5)),
			txc | XGMAC_DMA_TX_ST);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_DMA_CH_RX_CTRL(5)),
			rxc | XGMAC_DMA_RX_SR);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_DMA_CH_TX_CTRL(4)), 0u);
	/* Channel 5's status at 0x3100 + 5 * 0x80 + 0x60: the stop clears
	 * the latched TPS (bit 1) and RPS (bit 8), W1C, then waits for them;
	 * in plain memory the write itself leaves them set.
	 */
	KUNIT_EXPECT_EQ(test, dwxgmac2_ops.dma_stop(f->io, 5, true, true), 0);
	KUNIT_EXPECT_EQ(test, reg(f, 0x33e0), BIT(1) | BIT(8));
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_DMA_CH_TX_CTRL(5)), txc);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_DMA_CH_RX_CTRL(5)), rxc);
	/* every interrupt of the channel masked: INT_EN at + 0x38 */
	set_reg(f, 0x33b8, 0xffff);
	dwxgmac2_ops.dma_irq_off(f->io, 5);
	KUNIT_EXPECT_EQ(test, reg(f, 0x33b8), 0u);
	set_reg(f, 0x33e0, 0);

	/* A TX-only channel (more TX than RX queues): RX left alone. */
	dwxgmac2_ops.dma_start(f->io, 5, true, false);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_DMA_CH_TX_CTRL(5)),
			txc | XGMAC_DMA_TX_ST);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_DMA_CH_RX_CTRL(5)), rxc);
	KUNIT_EXPECT_EQ(test, dwxgmac2_ops.dma_stop(f->io, 5, true, false), 0);
	KUNIT_EXPECT_EQ(test, reg(f, 0x33e0), BIT(1));
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_DMA_CH_TX_CTRL(5)), txc);
	dwxgmac2_ops.dma_start(f->io, 5, false, true);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_DMA_CH_TX_CTRL(5)), txc);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_DMA_CH_RX_CTRL(5)),
			rxc | XGMAC_DMA_RX_SR);

	dwxgmac2_ops.tx_kick(f->io, 2, 0x1234560);
	dwxgmac2_ops.rx_kick(f->io, 6, 0x7654320);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_DMA_CH_TX_TAIL(2)), 0x1234560u);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_DMA_CH_RX_TAIL(6)), 0x7654320u);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_DMA_CH_RX_TAIL(2)), 0u);
}

static void rx_watchdog_test(struct kunit *test)
{
	struct xg_fake *f = xg_fake(test);
	u32 q;

	for (q = 0; q < 8; q++)
		dwxgmac2_ops.rx_watchdog(f->io, q, 0x10 + q);
	for (q = 0; q < 8; q++)
		KUNIT_EXPECT_EQ(test, reg(f, XGMAC_DMA_CH_RX_WATCHDOG(q)),
				0x10 + q);
	dwxgmac2_ops.rx_watchdog(f->io, 3, 255);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_DMA_CH_RX_WATCHDOG(3)), 255u);
}

static void irq_mask_test(struct kunit *test)
{
	const struct stmmac_hw_ops *hw = &dwxgmac2_ops;
	struct xg_fake *f = xg_fake(test);
	u32 others = XGMAC_DMA_NIS | XGMAC_DMA_AIS | XGMAC_DMA_FBE;
	u32 both = others | XGMAC_DMA_RI | XGMAC_DMA_TI, c;

	for (c = 0; c < 8; c++)
		set_reg(f, XGMAC_DMA_CH_INT_EN(c), both);
	hw->dma_irq_disable(f->io, 2, false, true);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_DMA_CH_INT_EN(2)),
			others | XGMAC_DMA_RI);
	hw->dma_irq_disable(f->io, 2, true, false);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_DMA_CH_INT_EN(2)), others);
	hw->dma_irq_disable(f->io, 7, true, true);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_DMA_CH_INT_EN(7)), others);
	/* Only the channel asked for. */
	for (c = 0; c < 8; c++)
		if (c != 2 && c != 7)
			KUNIT_EXPECT_EQ(test, reg(f, XGMAC_DMA_CH_INT_EN(c)), both);
	hw->dma_irq_enable(f->io, 2, false, true);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_DMA_CH_INT_EN(2)),
			others | XGMAC_DMA_TI);
	hw->dma_irq_enable(f->io, 2, true, true);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_DMA_CH_INT_EN(2)), both);
}

#define ACKED	STMMAC_DMA_ACKED

static void irq_status_test(struct kunit *test)
{
	static const u32 all = XGMAC_DMA_NIS | XGMAC_DMA_AIS | XGMAC_DMA_FBE |
			       XGMAC_DMA_RI | XGMAC_DMA_TI;
	static const u32 rx = STMMAC_DMA_RX, tx = STMMAC_DMA_TX;
	static const struct {
		u32 en, status, which;
		u32 events, ack;
	} cases[] = {
		{ all, 0, rx | tx, 0, 0 },
		{ all, XGMAC_DMA_NIS | XGMAC_DMA_RI, rx | tx,
		  STMMAC_DMA_RX | ACKED, XGMAC_DMA_NIS | XGMAC_DMA_RI },
		{ all, XGMAC_DMA_NIS | XGMAC_DMA_TI, rx | tx,
		  STMMAC_DMA_TX | ACKED, XGMAC_DMA_NIS | XGMAC_DMA_TI },
		{ all, XGMAC_DMA_NIS | XGMAC_DMA_TI | XGMAC_DMA_RI, rx | tx,
		  STMMAC_DMA_RX | STMMAC_DMA_TX | ACKED,
		  XGMAC_DMA_NIS | XGMAC_DMA_TI | XGMAC_DMA_RI },
		/* RX line: TI left for the TX line */
		{ all, XGMAC_DMA_NIS | XGMAC_DMA_TI | XGMAC_DMA_RI, rx,
		  STMMAC_DMA_RX | ACKED, XGMAC_DMA_NIS | XGMAC_DMA_RI },
		/* TX line: RI and RBU left for the RX line */
		{ all, XGMAC_DMA_NIS | XGMAC_DMA_AIS | XGMAC_DMA_TI |
		  XGMAC_DMA_RI | XGMAC_DMA_RBU, tx, STMMAC_DMA_TX | ACKED,
		  XGMAC_DMA_NIS | XGMAC_DMA_AIS | XGMAC_DMA_TI },
		/* RI masked (NAPI running): stays pending for the unmask */
		{ all & ~XGMAC_DMA_RI, XGMAC_DMA_NIS | XGMAC_DMA_TI |
		  XGMAC_DMA_RI, rx | tx, STMMAC_DMA_TX | ACKED,
		  XGMAC_DMA_NIS | XGMAC_DMA_TI },
		{ all & ~XGMAC_DMA_TI, XGMAC_DMA_TI, tx, 0, 0 },
		/* quiet bits: acknowledged, RBU counted */
		{ all, XGMAC_DMA_AIS | XGMAC_DMA_RBU, rx,
		  STMMAC_DMA_RX_NOBUF | ACKED, XGMAC_DMA_AIS | XGMAC_DMA_RBU },
		{ all, XGMAC_DMA_TBU, tx, ACKED, XGMAC_DMA_TBU },
		/* TI already taken by stmmac_coal_tx_napi(): NIS is ours */
		{ all, XGMAC_DMA_NIS, tx, ACKED, XGMAC_DMA_NIS },
		/* the stopped events are dma_stop's to wait for: untouched */
		{ all, XGMAC_DMA_TPS | BIT(8), rx | tx, 0, 0 },
		/* a fatal bus error whichever direction asks */
		{ all, XGMAC_DMA_AIS | XGMAC_DMA_FBE, tx, STMMAC_DMA_FATAL | ACKED,
		  XGMAC_DMA_AIS | XGMAC_DMA_FBE },
		{ all, XGMAC_DMA_AIS | XGMAC_DMA_FBE | XGMAC_DMA_RI, 0,
		  STMMAC_DMA_FATAL | ACKED, XGMAC_DMA_AIS | XGMAC_DMA_FBE },
		/* bits outside the interrupt set are no events */
		{ all, GENMASK(21, 16), rx | tx, 0, 0 },
	};
	struct xg_fake *f = xg_fake(test);
	u32 after;
	int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		set_reg(f, XGMAC_DMA_CH_INT_EN(3), cases[i].en);
		set_reg(f, XGMAC_DMA_CH_STATUS(3), cases[i].status);
		KUNIT_EXPECT_EQ_MSG(test,
				    dwxgmac2_ops.dma_irq_status(f->io, 3,
								cases[i].which),
				    cases[i].events, "case %d", i);
		/* Acknowledged by writing the bits back (W1C); nothing
		 * written when there is nothing to acknowledge.
		 */
		after = cases[i].status;
		if (cases[i].ack)
			after = cases[i].ack;
		KUNIT_EXPECT_EQ_MSG(test, reg(f, XGMAC_DMA_CH_STATUS(3)), after,
				    "case %d", i);
		/* Other channels are not looked at. */
		KUNIT_EXPECT_EQ(test, reg(f, XGMAC_DMA_CH_STATUS(2)), 0u);
	}
}

/* TI alone, W1C, in the asked channel's status register: channel c's is
 * at 0x3160 + 0x80 * c (channel 5: 0x33e0), TI its bit 0.
 */
static void tx_ack_test(struct kunit *test)
{
	struct xg_fake *f = xg_fake(test);
	int c;

	dwxgmac2_ops.dma_tx_ack(f->io, 5);
	KUNIT_EXPECT_EQ(test, reg(f, 0x33e0), 0x1u);
	for (c = 0; c < 8; c++)
		if (c != 5)
			KUNIT_EXPECT_EQ_MSG(test, reg(f, 0x3160 + 0x80 * c), 0u,
					    "channel %d", c);
}

static void link_up_test(struct kunit *test)
{
	static const struct {
		int speed;
		u32 ss;
	} cases[] = {
		{ SPEED_10, 7 },
		{ SPEED_100, 4 },
		{ SPEED_1000, 3 },
		{ SPEED_2500, 2 },
	};
	struct xg_fake *f = xg_fake(test);
	u32 keep = XGMAC_TXCFG_TE | XGMAC_TXCFG_JD, q;
	int i;

	/* Four TX queues: each sends pause frames. */
	set_reg(f, XGMAC_HW_FEATURE2, FIELD_PREP(XGMAC_HWF2_TXQCNT, 3));
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		set_reg(f, XGMAC_TX_CONFIG, keep | XGMAC_TXCFG_SS);
		dwxgmac2_ops.link_up(f->io, cases[i].speed, DUPLEX_FULL,
				     true, true, 0xffff);
		KUNIT_EXPECT_EQ_MSG(test, reg(f, XGMAC_TX_CONFIG),
				    keep | FIELD_PREP(XGMAC_TXCFG_SS,
						      cases[i].ss),
				    "speed %d", cases[i].speed);
	}
	for (q = 0; q < 4; q++)
		KUNIT_EXPECT_EQ(test, reg(f, XGMAC_TXQ_FLOW_CTRL(q)),
				XGMAC_TXQ_FLOW_PT | XGMAC_TXQ_FLOW_TFE);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_TXQ_FLOW_CTRL(4)), 0u);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_RX_FLOW_CTRL), XGMAC_RX_FLOW_RFE);

	dwxgmac2_ops.link_up(f->io, SPEED_1000, DUPLEX_FULL, false, true,
			     0xffff);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_TXQ_FLOW_CTRL(3)), 0u);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_RX_FLOW_CTRL), XGMAC_RX_FLOW_RFE);
	dwxgmac2_ops.link_up(f->io, SPEED_1000, DUPLEX_FULL, true, false,
			     0xffff);
	KUNIT_EXPECT_NE(test, reg(f, XGMAC_TXQ_FLOW_CTRL(0)), 0u);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_RX_FLOW_CTRL), 0u);
	/* Module parameter "pause": Q0..Q3 TX flow control at 0x70 + 4q,
	 * PT bits 31:16, TFE bit 1: 0x200 << 16 | 0x2; RX flow control at
	 * 0x90, RFE bit 0.
	 */
	dwxgmac2_ops.link_up(f->io, SPEED_1000, DUPLEX_FULL, true, true,
			     0x200);
	for (q = 0; q < 4; q++)
		KUNIT_EXPECT_EQ(test, reg(f, 0x70 + 4 * q), 0x02000002u);
	KUNIT_EXPECT_EQ(test, reg(f, 0x90), 0x1u);

	dwxgmac2_ops.mac_enable(f->io, true);
	KUNIT_EXPECT_TRUE(test, reg(f, XGMAC_TX_CONFIG) & XGMAC_TXCFG_TE);
	KUNIT_EXPECT_TRUE(test, reg(f, XGMAC_RX_CONFIG) & XGMAC_RXCFG_RE);
	dwxgmac2_ops.mac_enable(f->io, false);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_TX_CONFIG),
			XGMAC_TXCFG_JD | FIELD_PREP(XGMAC_TXCFG_SS, 3));
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_RX_CONFIG), 0u);
	KUNIT_EXPECT_EQ(test, dwxgmac2_ops.mac_capabilities,
			MAC_10FD | MAC_100FD | MAC_1000FD | MAC_2500FD);
}

static void mac_addr_test(struct kunit *test)
{
	static const u8 addr[ETH_ALEN] = { 0x02, 0x11, 0x22, 0x33, 0x44, 0x55 };
	struct xg_fake *f = xg_fake(test);
	u8 back[ETH_ALEN];

	dwxgmac2_ops.set_mac_addr(f->io, addr);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_ADDR_HIGH(0)),
			XGMAC_ADDR_AE | 0x5544);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_ADDR_LOW(0)), 0x33221102u);
	dwxgmac2_ops.get_mac_addr(f->io, back);
	KUNIT_EXPECT_MEMEQ(test, back, addr, ETH_ALEN);
	dwxgmac2_ops.set_rx_csum(f->io, true);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_RX_CONFIG), XGMAC_RXCFG_IPC);
	dwxgmac2_ops.set_rx_csum(f->io, false);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_RX_CONFIG), 0u);
}

static void xg_filter_run(struct stmmac_priv *priv, struct net_device *dev)
{
	netif_addr_lock_bh(dev);
	dwxgmac2_ops.set_filter(priv, dev);
	netif_addr_unlock_bh(dev);
}

/* Packet filter bits (databook): PR 0, HMC 2, PM 4, PCF = 2 (bits 7:6),
 * HPF 10. Hash bins from Python's zlib.crc32, bit-reversed, top bits:
 * 01:00:5e:00:00:01 is bin 128 of 256 and 32 of 64, 33:33:00:00:00:01
 * bin 6 and 1.
 */
static void filter_test(struct kunit *test)
{
	static const u8 mc4[ETH_ALEN] = { 0x01, 0x00, 0x5e, 0x00, 0x00, 0x01 };
	static const u8 mc6[ETH_ALEN] = { 0x33, 0x33, 0x00, 0x00, 0x00, 0x01 };
	struct xg_fake *f = xg_fake(test);
	struct stmmac_priv *priv = xg_priv(test, f, 1, 1);
	struct net_device *dev = xg_netdev(test);
	u32 i;

	priv->caps.mc_bins = 256;
	priv->caps.uc_entries = 1;
	KUNIT_ASSERT_EQ(test, dev_mc_add(dev, mc4), 0);
	KUNIT_ASSERT_EQ(test, dev_mc_add(dev, mc6), 0);
	xg_filter_run(priv, dev);
	KUNIT_EXPECT_EQ(test, reg(f, 0x0008), 0x404u);
	for (i = 0; i < 8; i++)
		KUNIT_EXPECT_EQ_MSG(test, reg(f, 0x0010 + i * 4),
				    i == 0 ? BIT(6) : i == 4 ? BIT(0) : 0,
				    "hash %u", i);

	/* 64 bins: two registers, the top six CRC bits. */
	memset(f->mem, 0, FAKE_WINDOW);
	priv->caps.mc_bins = 64;
	set_reg(f, 0x0018, 0xdead);
	xg_filter_run(priv, dev);
	KUNIT_EXPECT_EQ(test, reg(f, 0x0010), BIT(1));
	KUNIT_EXPECT_EQ(test, reg(f, 0x0014), BIT(0));
	KUNIT_EXPECT_EQ(test, reg(f, 0x0018), 0xdeadu);

	dev->flags |= IFF_ALLMULTI;
	xg_filter_run(priv, dev);
	KUNIT_EXPECT_EQ(test, reg(f, 0x0008), 0x410u);
	KUNIT_EXPECT_EQ(test, reg(f, 0x0010), 0u);
	dev->flags |= IFF_PROMISC;
	xg_filter_run(priv, dev);
	KUNIT_EXPECT_EQ(test, reg(f, 0x0008), 0x481u);

	/* No hash table: multicast needs all-multicast. */
	dev->flags &= ~(IFF_PROMISC | IFF_ALLMULTI);
	priv->caps.mc_bins = 0;
	xg_filter_run(priv, dev);
	KUNIT_EXPECT_EQ(test, reg(f, 0x0008), 0x410u);
}

/* Address register n (databook): high word at 0x300 + 8n (AE bit 31,
 * bytes 5 and 4), low word at 0x304 + 8n (bytes 3 to 0). The number of
 * registers comes from HW feature 0 (ADDMACADRSEL, bits 22:18: extra
 * addresses), at most 32.
 */
static void filter_unicast_test(struct kunit *test)
{
	struct xg_fake *f = xg_fake(test);
	struct stmmac_priv *priv = xg_priv(test, f, 1, 1);
	struct net_device *dev = xg_netdev(test);
	u8 addr[ETH_ALEN] = { 0x02, 0x11, 0x22, 0x33, 0x44, 0x00 };
	struct stmmac_caps caps = {};
	u32 i;

	set_reg(f, XGMAC_HW_FEATURE0, 3 << 18);
	dwxgmac2_ops.read_caps(f->io, &caps);
	KUNIT_EXPECT_EQ(test, caps.uc_entries, 4u);
	set_reg(f, XGMAC_HW_FEATURE0, 31 << 18);
	dwxgmac2_ops.read_caps(f->io, &caps);
	KUNIT_EXPECT_EQ(test, caps.uc_entries, 32u);
	set_reg(f, XGMAC_HW_FEATURE0, 0);
	dwxgmac2_ops.read_caps(f->io, &caps);
	KUNIT_EXPECT_EQ(test, caps.uc_entries, 1u);

	priv->caps.uc_entries = 4;
	set_reg(f, 0x0318, 0x8000dead);	/* entry 3: stale */
	for (i = 1; i <= 2; i++) {
		addr[5] = i;
		KUNIT_ASSERT_EQ(test, dev_uc_add(dev, addr), 0);
	}
	xg_filter_run(priv, dev);
	KUNIT_EXPECT_EQ(test, reg(f, 0x0008), 0x400u);
	KUNIT_EXPECT_EQ(test, reg(f, 0x0308), 0x80000144u);
	KUNIT_EXPECT_EQ(test, reg(f, 0x030c), 0x33221102u);
	KUNIT_EXPECT_EQ(test, reg(f, 0x0310), 0x80000244u);
	KUNIT_EXPECT_EQ(test, reg(f, 0x0318), 0u);
	KUNIT_EXPECT_EQ(test, reg(f, 0x0320), 0u);

	/* four extra addresses do not fit four registers */
	for (i = 3; i <= 4; i++) {
		addr[5] = i;
		KUNIT_ASSERT_EQ(test, dev_uc_add(dev, addr), 0);
	}
	xg_filter_run(priv, dev);
	KUNIT_EXPECT_EQ(test, reg(f, 0x0008), 0x481u);
	KUNIT_EXPECT_EQ(test, reg(f, 0x0318), 0u);
}

/* The MDIO address and control words the tests expect */
static u32 mdio_addr(u32 port, u32 devad, u32 reg)
{
	return FIELD_PREP(XGMAC_MDIO_PA, port) |
	       FIELD_PREP(XGMAC_MDIO_DA, devad) |
	       FIELD_PREP(XGMAC_MDIO_RA, reg);
}

static u32 mdio_ctrl(u32 cmd, u32 csr, u32 data)
{
	return FIELD_PREP(XGMAC_MDIO_CMD, cmd) | FIELD_PREP(XGMAC_MDIO_CR, csr) |
	       FIELD_PREP(XGMAC_MDIO_SDATA, data) | XGMAC_MDIO_SBUSY;
}

static void mdio_c22_test(struct kunit *test)
{
	struct xg_fake *f = xg_fake(test);
	u32 addr, data;

	/* Ports 0-3 are clause 45 except the one addressed; others kept. */
	set_reg(f, XGMAC_MDIO_C22P, BIT(8) | 0xf);
	/* Memory never clears BUSY: the write times out, its command kept. */
	KUNIT_EXPECT_EQ(test, dwxgmac2_ops.mdio_write(f->io, 4, 2, 9, 0xbeef),
			-ETIMEDOUT);
	addr = reg(f, XGMAC_MDIO_ADDR);
	data = reg(f, XGMAC_MDIO_DATA);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_MDIO_C22P), BIT(8) | BIT(2));
	KUNIT_EXPECT_EQ(test, addr, mdio_addr(2, 0, 9));
	KUNIT_EXPECT_EQ(test, data, XGMAC_MDIO_SADDR |
			mdio_ctrl(XGMAC_MDIO_CMD_WRITE, 4, 0xbeef));
	/* A busy bus is not touched. */
	KUNIT_EXPECT_EQ(test, dwxgmac2_ops.mdio_read(f->io, 0, 1, 2),
			-ETIMEDOUT);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_MDIO_ADDR), addr);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_MDIO_DATA), data);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_MDIO_C22P), BIT(8) | BIT(2));

	set_reg(f, XGMAC_MDIO_DATA, 0);
	KUNIT_EXPECT_EQ(test, dwxgmac2_ops.mdio_read(f->io, 1, 3, 0x21),
			-ETIMEDOUT);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_MDIO_C22P), BIT(8) | BIT(3));
	/* Clause 22 register numbers are 5 bits. */
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_MDIO_ADDR), mdio_addr(3, 0, 1));
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_MDIO_DATA),
			mdio_ctrl(XGMAC_MDIO_CMD_READ, 1, 0));

	/* No clause 22 frames beyond port 3. */
	set_reg(f, XGMAC_MDIO_DATA, 0);
	set_reg(f, XGMAC_MDIO_ADDR, 0);
	KUNIT_EXPECT_EQ(test, dwxgmac2_ops.mdio_read(f->io, 0, 4, 1), -ENODEV);
	KUNIT_EXPECT_EQ(test, dwxgmac2_ops.mdio_write(f->io, 0, 31, 1, 1),
			-ENODEV);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_MDIO_ADDR), 0u);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_MDIO_DATA), 0u);
}

static void mdio_c45_test(struct kunit *test)
{
	struct xg_fake *f = xg_fake(test);

	set_reg(f, XGMAC_MDIO_C22P, 0xf);
	KUNIT_EXPECT_EQ(test,
			dwxgmac2_ops.mdio_read_c45(f->io, 2, 1, 3, 0x1234),
			-ETIMEDOUT);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_MDIO_C22P), 0xdu);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_MDIO_ADDR),
			mdio_addr(1, 3, 0x1234));
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_MDIO_DATA),
			mdio_ctrl(XGMAC_MDIO_CMD_READ, 2, 0));

	/* Port 9: clause 45 only, the port register left alone. */
	set_reg(f, XGMAC_MDIO_DATA, 0);
	KUNIT_EXPECT_EQ(test,
			dwxgmac2_ops.mdio_write_c45(f->io, 0, 9, 31, 0xffff,
						    0x5a5a),
			-ETIMEDOUT);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_MDIO_C22P), 0xdu);
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_MDIO_ADDR),
			mdio_addr(9, 31, 0xffff));
	/* No SADDR: clause 45 sends the address frame. */
	KUNIT_EXPECT_EQ(test, reg(f, XGMAC_MDIO_DATA),
			mdio_ctrl(XGMAC_MDIO_CMD_WRITE, 0, 0x5a5a));
}

static void mdio_clk_csr_test(struct kunit *test)
{
	u32 (*csr)(unsigned long rate) = dwxgmac2_ops.mdio_clk_csr;

	KUNIT_ASSERT_NOT_NULL(test, csr);
	KUNIT_EXPECT_EQ(test, csr(100000000), 0u);
	KUNIT_EXPECT_EQ(test, csr(150000000), 0u);
	KUNIT_EXPECT_EQ(test, csr(200000000), 1u);
	KUNIT_EXPECT_EQ(test, csr(250000000), 1u);
	KUNIT_EXPECT_EQ(test, csr(300000000), 2u);
	KUNIT_EXPECT_EQ(test, csr(350000000), 3u);
	KUNIT_EXPECT_EQ(test, csr(400000000), 4u);
	KUNIT_EXPECT_EQ(test, csr(500000000), 5u);
	/* The GMAC keeps its own encoding, through stmmac_clk_csr(). */
	KUNIT_EXPECT_NULL(test, dwmac1000_ops.mdio_clk_csr);
}

static void set_mmc64(struct xg_fake *f, u32 off, u64 val)
{
	set_reg(f, off, lower_32_bits(val));
	set_reg(f, off + 4, upper_32_bits(val));
}

static void mmc_test(struct kunit *test)
{
	struct xg_fake *f = xg_fake(test);
	struct stmmac_mmc_counters m = {};

	set_mmc64(f, XGMAC_MMC_TX_OCTETS_GB, 0x123456789aull);
	set_mmc64(f, XGMAC_MMC_TX_FRAMES_GB, 1000);
	set_mmc64(f, XGMAC_MMC_TX_FRAMES_G, 999);
	set_mmc64(f, XGMAC_MMC_TX_UNDERFLOW, 1);
	set_mmc64(f, XGMAC_MMC_TX_PAUSE, 2);
	set_mmc64(f, XGMAC_MMC_RX_FRAMES_GB, 0x100000003ull);
	set_mmc64(f, XGMAC_MMC_RX_OCTETS_GB, 0xffffffffull);
	set_mmc64(f, XGMAC_MMC_RX_CRC_ERR, 4);
	set_mmc64(f, XGMAC_MMC_RX_LENGTH_ERR, 5);
	set_mmc64(f, XGMAC_MMC_RX_PAUSE, 6);
	set_mmc64(f, XGMAC_MMC_RX_FIFO_OVERFLOW, 7);
	/* 32-bit counters, next to other counters that must not leak in */
	set_reg(f, XGMAC_MMC_RX_RUNT, 8);
	set_reg(f, XGMAC_MMC_RX_JABBER, 9);
	set_reg(f, XGMAC_MMC_RX_JABBER + 4, 0xeeee);
	set_reg(f, XGMAC_MMC_RX_WATCHDOG_ERR, 10);
	set_reg(f, XGMAC_MMC_RX_WATCHDOG_ERR + 4, 0xeeee);
	set_reg(f, XGMAC_MMC_RX_ALIGN_ERR, 11);

	/* Memory does not reset on read: two reads add up twice. */
	dwxgmac2_ops.mmc_read(f->io, &m);
	dwxgmac2_ops.mmc_read(f->io, &m);
	KUNIT_EXPECT_EQ(test, m.tx_octets, 2 * 0x123456789aull);
	KUNIT_EXPECT_EQ(test, m.tx_frames, 2000ull);
	KUNIT_EXPECT_EQ(test, m.tx_frames_good, 1998ull);
	KUNIT_EXPECT_EQ(test, m.tx_underflow, 2ull);
	KUNIT_EXPECT_EQ(test, m.tx_carrier, 0ull);
	KUNIT_EXPECT_EQ(test, m.tx_pause, 4ull);
	KUNIT_EXPECT_EQ(test, m.rx_frames, 2 * 0x100000003ull);
	KUNIT_EXPECT_EQ(test, m.rx_octets, 2 * 0xffffffffull);
	KUNIT_EXPECT_EQ(test, m.rx_crc, 8ull);
	KUNIT_EXPECT_EQ(test, m.rx_length, 10ull);
	KUNIT_EXPECT_EQ(test, m.rx_pause, 12ull);
	KUNIT_EXPECT_EQ(test, m.rx_fifo_overflow, 14ull);
	KUNIT_EXPECT_EQ(test, m.rx_runt, 16ull);
	KUNIT_EXPECT_EQ(test, m.rx_jabber, 18ull);
	KUNIT_EXPECT_EQ(test, m.rx_watchdog, 20ull);
	KUNIT_EXPECT_EQ(test, m.rx_align, 22ull);
}

/* Upstream's XGMAC dump: (0x317c + 0x80 * 15) bytes rounded to words,
 * 0x38fc, every register at its offset; the RMON block (0x800, counters
 * that reset on read) left zero.
 */
static void dump_regs_test(struct kunit *test)
{
	struct xg_fake *f = xg_fake(test);
	u32 len = dwxgmac2_ops.regs_len, *buf;

	KUNIT_EXPECT_EQ(test, len, 0x38fcu);
	buf = kunit_kzalloc(test, len, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	set_reg(f, 0x0004, 0x11);	/* MAC RX configuration */
	set_reg(f, 0x0280, 0x30000);	/* FPE status, clears on read */
	set_reg(f, 0x0284, 0x5);	/* the next register: dumped */
	set_reg(f, 0x0304, 0x22);	/* address 0 low */
	set_reg(f, 0x0800, 0x77);	/* MMC control */
	set_reg(f, 0x0814, 0x78);	/* TX octets, reset on read */
	set_reg(f, 0x1100, 0x33);	/* MTL TX queue 0 operation mode */
	set_reg(f, 0x1140 + 0x80 * 7, 0x44);	/* RX queue 7 op. mode */
	set_reg(f, 0x1174 + 0x80 * 14, 0x45);	/* queue 14 int. status */
	set_reg(f, 0x3000, 0x55);	/* DMA mode */
	set_reg(f, 0x3160 + 0x80 * 7, 0x66);	/* channel 7 status */
	set_reg(f, 0x3160 + 0x80 * 15, 0x67);	/* channel 15 status */
	dwxgmac2_ops.dump_regs(f->io, buf);
	KUNIT_EXPECT_EQ(test, buf[0x0004 / 4], 0x11u);
	KUNIT_EXPECT_EQ(test, buf[0x0280 / 4], 0u);
	KUNIT_EXPECT_EQ(test, buf[0x0284 / 4], 0x5u);
	KUNIT_EXPECT_EQ(test, buf[0x0304 / 4], 0x22u);
	KUNIT_EXPECT_EQ(test, buf[0x0800 / 4], 0u);
	KUNIT_EXPECT_EQ(test, buf[0x0814 / 4], 0u);
	KUNIT_EXPECT_EQ(test, buf[0x1100 / 4], 0x33u);
	KUNIT_EXPECT_EQ(test, buf[(0x1140 + 0x80 * 7) / 4], 0x44u);
	KUNIT_EXPECT_EQ(test, buf[(0x1174 + 0x80 * 14) / 4], 0x45u);
	KUNIT_EXPECT_EQ(test, buf[0x3000 / 4], 0x55u);
	KUNIT_EXPECT_EQ(test, buf[(0x3160 + 0x80 * 7) / 4], 0x66u);
	KUNIT_EXPECT_EQ(test, buf[(0x3160 + 0x80 * 15) / 4], 0x67u);
}

static void tx_desc_test(struct kunit *test)
{
	const struct stmmac_desc_ops *ops = &dwxgmac2_desc_ops;
	dma_addr_t addr = 0x12345678;
	struct stmmac_desc d = {};
	u32 des3;

	addr |= xg_high(0xab);
	ops->tx_fill(&d, addr, 1514, 1514, STMMAC_TXD_FIRST |
		     STMMAC_TXD_LAST | STMMAC_TXD_CSUM | STMMAC_TXD_IC |
		     STMMAC_TXD_EOR);
	des3 = le32_to_cpu(d.des3);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(d.des0), 0x12345678u);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(d.des1), upper_32_bits(addr));
	KUNIT_EXPECT_EQ(test, le32_to_cpu(d.des2),
			XGMAC_TDES2_IOC | FIELD_PREP(XGMAC_TDES2_B1L, 1514));
	KUNIT_EXPECT_EQ(test, des3, XGMAC_TDES3_FD | XGMAC_TDES3_LD |
			FIELD_PREP(XGMAC_TDES3_CIC, 3) |
			FIELD_PREP(XGMAC_TDES3_FL, 1514));
	KUNIT_EXPECT_FALSE(test, ops->tx_busy(&d));
	ops->tx_own(&d);
	KUNIT_EXPECT_TRUE(test, ops->tx_busy(&d));
	/* OWN is added, the control bits kept. */
	KUNIT_EXPECT_EQ(test, le32_to_cpu(d.des3), des3 | XGMAC_TDES3_OWN);
	KUNIT_EXPECT_FALSE(test, ops->tx_error(&d));

	/* A middle descriptor: length and address only. */
	ops->tx_fill(&d, 0x1000, 16376, 40000, STMMAC_TXD_CSUM);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(d.des2), 16376u);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(d.des3), 0u);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(d.des1), 0u);
	/* The last one of a frame without checksum insertion. */
	ops->tx_fill(&d, 0x2000, 60, 60, STMMAC_TXD_LAST);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(d.des3), XGMAC_TDES3_LD);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(d.des2), 60u);
	KUNIT_EXPECT_EQ(test, ops->buf_max, 16383u);
}

static void tso_desc_test(struct kunit *test)
{
	const struct stmmac_desc_ops *ops = &dwxgmac2_desc_ops;
	struct stmmac_desc ctx = {}, d = {};
	u32 des3;

	KUNIT_ASSERT_NOT_NULL(test, ops->tx_tso_first);
	KUNIT_ASSERT_NOT_NULL(test, ops->tx_ctx_mss);
	ctx.des0 = cpu_to_le32(0xffffffff);
	ops->tx_ctx_mss(&ctx, 1448);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(ctx.des0), 0u);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(ctx.des1), 0u);
	KUNIT_EXPECT_EQ(test, FIELD_GET(XGMAC_TDES2_MSS,
					le32_to_cpu(ctx.des2)), 1448u);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(ctx.des3),
			XGMAC_TDES3_CTXT | XGMAC_TDES3_TCMSSV);
	ops->tx_own(&ctx);
	KUNIT_EXPECT_TRUE(test, ops->tx_busy(&ctx));

	/* Ethernet + IPv4 + TCP with timestamps: 66 bytes of headers, a
	 * 32-byte TCP header, 64000 bytes of payload.
	 */
	ops->tx_tso_first(&d, 0xc0000000, 66, 32, 64000,
			  STMMAC_TXD_FIRST | STMMAC_TXD_CSUM);
	des3 = le32_to_cpu(d.des3);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(d.des0), 0xc0000000u);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(d.des2),
			FIELD_PREP(XGMAC_TDES2_B1L, 66));
	KUNIT_EXPECT_TRUE(test, des3 & XGMAC_TDES3_FD);
	KUNIT_EXPECT_TRUE(test, des3 & XGMAC_TDES3_TSE);
	KUNIT_EXPECT_FALSE(test, des3 & (XGMAC_TDES3_LD | XGMAC_TDES3_OWN |
					 XGMAC_TDES3_CTXT));
	KUNIT_EXPECT_EQ(test, FIELD_GET(XGMAC_TDES3_THL, des3), 8u);
	KUNIT_EXPECT_EQ(test, FIELD_GET(XGMAC_TDES3_TPL, des3), 64000u);

	/* Headers alone, the last descriptor too. */
	ops->tx_tso_first(&d, 0xc0000000, 54, 20, 0, STMMAC_TXD_FIRST |
			  STMMAC_TXD_LAST | STMMAC_TXD_IC);
	des3 = le32_to_cpu(d.des3);
	KUNIT_EXPECT_TRUE(test, des3 & XGMAC_TDES3_LD);
	KUNIT_EXPECT_EQ(test, FIELD_GET(XGMAC_TDES3_THL, des3), 5u);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(d.des2),
			XGMAC_TDES2_IOC | FIELD_PREP(XGMAC_TDES2_B1L, 54));
}

static void rx_fill_test(struct kunit *test)
{
	struct stmmac_desc d = {};
	dma_addr_t addr = 0x2000;

	addr |= xg_high(0x3f);
	d.des2 = cpu_to_le32(0xffffffff);
	dwxgmac2_desc_ops.rx_fill(&d, addr, 1536, true, false);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(d.des0), 0x2000u);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(d.des1), upper_32_bits(addr));
	KUNIT_EXPECT_EQ(test, le32_to_cpu(d.des2), 0u);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(d.des3), XGMAC_RDES3_OWN);

	dwxgmac2_desc_ops.rx_fill(&d, 0x3000, 3712, false, true);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(d.des3),
			XGMAC_RDES3_OWN | XGMAC_RDES3_IOC);
}

/* RDES3's L3/L4 type and error (or length/type) fields, usable in
 * static initialisers
 */
#define RX_WB(l34t, et)	((u32)(l34t) << 20 | (u32)(et) << 16)
/* FD (bit 29) and LD (bit 28): a frame in one buffer */
#define RX_ONE		(BIT(29) | BIT(28))
#define RX_ES		BIT(15)
#define RXE_CRC		STMMAC_RXE_CRC
#define RXE_LEN		STMMAC_RXE_LENGTH
#define RXE_OVER	STMMAC_RXE_OVER
#define RXE_FRAME	STMMAC_RXE_FRAME
#define RXE_CSUM	STMMAC_RXE_CSUM

/* RDES3 write-back (databook): OWN 31, CTXT 30, FD 29, LD 28, L34T 23:20,
 * ET 19:16 (with ES: 1 watchdog, 2 GMII, 3 CRC, 4 giant, 5 IP header
 * checksum, 6 L4 checksum, 7 overflow, 9 length, 10 runt), ES 15,
 * PL 13:0.
 */
static void rx_status_test(struct kunit *test)
{
	static const struct {
		u32 des3;
		bool coe;
		enum stmmac_rx_status st;
		u32 len, err;
	} cases[] = {
		{ BIT(31), true, STMMAC_RX_OWNED, 0, 0 },
		/* IPv4 and IPv6 TCP/UDP, verified */
		{ RX_ONE | RX_WB(1, 1) | 64, true, STMMAC_RX_CSUM_OK, 64, 0 },
		{ RX_ONE | RX_WB(2, 1) | 100, true, STMMAC_RX_CSUM_OK, 100, 0 },
		{ RX_ONE | RX_WB(9, 1) | 1518, true, STMMAC_RX_CSUM_OK, 1518, 0 },
		{ RX_ONE | RX_WB(10, 4) | 1522, true, STMMAC_RX_CSUM_OK, 1522, 0 },
		/* the same with the engine off: no verdict */
		{ RX_ONE | RX_WB(1, 1) | 64, false, STMMAC_RX_GOOD, 64, 0 },
		/* ICMP, unknown L4, not IP: no verdict */
		{ RX_ONE | RX_WB(3, 1) | 98, true, STMMAC_RX_GOOD, 98, 0 },
		{ RX_ONE | RX_WB(0, 1) | 64, true, STMMAC_RX_GOOD, 64, 0 },
		{ RX_ONE | RX_WB(0, 3) | 64, true, STMMAC_RX_GOOD, 64, 0 },
		/* checksum errors: dropped, as upstream drops them (the error
		 * type hides whether the MAC took a tag out)
		 */
		{ RX_ONE | RX_ES | RX_WB(1, 5) | 100, true, STMMAC_RX_ERROR, 0, RXE_CSUM },
		{ RX_ONE | RX_ES | RX_WB(9, 6) | 100, true, STMMAC_RX_ERROR, 0, RXE_CSUM },
		{ RX_ONE | RX_WB(1, 6) | 100, true, STMMAC_RX_GOOD, 100, 0 },
		/* every error type: dropped, counted by cause */
		{ RX_ONE | RX_ES | RX_WB(1, 3) | 100, true, STMMAC_RX_ERROR, 0, RXE_CRC },
		{ RX_ONE | RX_ES | RX_WB(0, 7) | 100, true, STMMAC_RX_ERROR, 0, RXE_OVER },
		{ RX_ONE | RX_ES | RX_WB(0, 4) | 2000, true, STMMAC_RX_ERROR, 0, RXE_LEN },
		{ RX_ONE | RX_ES | RX_WB(0, 1) | 9000, true, STMMAC_RX_ERROR, 0, RXE_LEN },
		{ RX_ONE | RX_ES | RX_WB(0, 9) | 100, true, STMMAC_RX_ERROR, 0, RXE_LEN },
		{ RX_ONE | RX_ES | RX_WB(0, 10) | 40, true, STMMAC_RX_ERROR, 0, RXE_LEN },
		{ RX_ONE | RX_ES | RX_WB(0, 2) | 100, true, STMMAC_RX_ERROR, 0, RXE_FRAME },
		{ RX_ONE | RX_ES | RX_WB(0, 8) | 100, false, STMMAC_RX_ERROR, 0, RXE_FRAME },
		{ RX_ONE | RX_ES | RX_WB(0, 0) | 100, true, STMMAC_RX_ERROR, 0, RXE_FRAME },
		/* shorter than a header and FCS */
		{ RX_ONE | 10, true, STMMAC_RX_ERROR, 0, RXE_LEN },
		/* a frame over several buffers: pieces, whose PL is not the
		 * frame's, then its last, whose status and PL are
		 */
		{ BIT(29) | 1536, true, STMMAC_RX_PART, 0, 0 },
		{ 1536, true, STMMAC_RX_PART, 0, 0 },
		{ BIT(28) | 3000, true, STMMAC_RX_GOOD, 3000, 0 },
		{ BIT(28) | RX_WB(1, 1) | 9018, true, STMMAC_RX_CSUM_OK, 9018, 0 },
		{ BIT(28) | RX_ES | RX_WB(0, 3) | 9018, true, STMMAC_RX_ERROR, 0,
		  RXE_CRC },
		/* a context descriptor: no frame data */
		{ BIT(30) | BIT(28), true, STMMAC_RX_SKIP, 0, 0 },
	};
	struct stmmac_desc d = {};
	int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		struct stmmac_rx_info ri = {};
		u32 des3 = cases[i].des3;
		enum stmmac_rx_status st;

		d.des3 = cpu_to_le32(des3);
		st = dwxgmac2_desc_ops.rx_status(&d, cases[i].coe, &ri);
		KUNIT_EXPECT_EQ_MSG(test, st, cases[i].st, "des3 %#x", des3);
		KUNIT_EXPECT_EQ_MSG(test, ri.len, cases[i].len, "des3 %#x",
				    des3);
		KUNIT_EXPECT_EQ_MSG(test, ri.err, cases[i].err, "des3 %#x",
				    des3);
		/* FD, bit 29, marks a frame's first buffer */
		if (st != STMMAC_RX_OWNED && st != STMMAC_RX_SKIP)
			KUNIT_EXPECT_EQ_MSG(test, ri.first, !!(des3 & BIT(29)),
					    "des3 %#x", des3);
	}
}

/* The tag the MAC took out of a good frame: its TCI in RDES0 15:0, its
 * kind in the length/type (RDES3 19:16, as upstream names them: 8 S-tag,
 * 9 C-tag, 10 C in C, 11 S in S, 12 S in C, 13 C in S). The MAC strips an
 * outer C-tag (9, 10, 12); an outer S-tag is no VLAN tag to it with ESVL
 * and EDVLP clear, and stays in the frame. None for any other
 * length/type, whatever RDES0 holds.
 */
static void rx_vlan_status_test(struct kunit *test)
{
	static const struct {
		u32 lt, vlan;
	} cases[] = {
		{ 8, 0 }, { 9, 0x81006007 }, { 10, 0x81006007 },
		{ 11, 0 }, { 12, 0x81006007 }, { 13, 0 },
		{ 0, 0 }, { 1, 0 }, { 2, 0 }, { 7, 0 }, { 14, 0 }, { 15, 0 },
	};
	struct stmmac_desc d = {};
	int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		struct stmmac_rx_info ri = {};
		enum stmmac_rx_status st;

		d.des0 = cpu_to_le32(0xabcd6007);
		d.des3 = cpu_to_le32(RX_ONE | RX_WB(1, cases[i].lt) | 100);
		st = dwxgmac2_desc_ops.rx_status(&d, true, &ri);
		KUNIT_EXPECT_NE_MSG(test, st, STMMAC_RX_ERROR, "LT %u",
				    cases[i].lt);
		KUNIT_EXPECT_EQ_MSG(test, ri.vlan, cases[i].vlan, "LT %u",
				    cases[i].lt);
	}
}

/* Each core type binds to its own ops and descriptors. */
static void hwif_bind_test(struct kunit *test)
{
	struct xg_fake *f = xg_fake(test);
	struct stmmac_priv *priv = xg_priv(test, f, 1, 1);

	priv->hw = NULL;
	priv->desc = NULL;
	set_reg(f, GMAC_VERSION, 0x1037);
	set_reg(f, DMA_HW_FEATURE, HWF_ENHDESSEL);
	set_reg(f, XGMAC_VERSION, 0x3021);
	set_reg(f, XGMAC_HW_FEATURE2, FIELD_PREP(XGMAC_HWF2_TXQCNT, 7) |
		FIELD_PREP(XGMAC_HWF2_TXCHCNT, 7));

	priv->plat->core = STMMAC_CORE_GMAC;
	KUNIT_ASSERT_EQ(test, stmmac_hwif_init(priv), 0);
	KUNIT_EXPECT_PTR_EQ(test, priv->hw, &dwmac1000_ops);
	KUNIT_EXPECT_PTR_EQ(test, priv->desc, &dwmac1000_enh_desc_ops);
	KUNIT_EXPECT_EQ(test, priv->caps.version, 0x37u);
	KUNIT_EXPECT_EQ(test, priv->caps.tx_queues, 1u);

	priv->plat->core = STMMAC_CORE_XGMAC;
	KUNIT_ASSERT_EQ(test, stmmac_hwif_init(priv), 0);
	KUNIT_EXPECT_PTR_EQ(test, priv->hw, &dwxgmac2_ops);
	KUNIT_EXPECT_PTR_EQ(test, priv->desc, &dwxgmac2_desc_ops);
	KUNIT_EXPECT_EQ(test, priv->caps.version, 0x21u);
	KUNIT_EXPECT_EQ(test, priv->caps.tx_queues, 8u);
	KUNIT_EXPECT_FALSE(test, priv->caps.enh_desc);

	/* What the core offers the data path. */
	KUNIT_EXPECT_NOT_NULL(test, dwxgmac2_ops.mtl_init);
	KUNIT_EXPECT_NOT_NULL(test, dwxgmac2_ops.mdio_read_c45);
	KUNIT_EXPECT_NOT_NULL(test, dwxgmac2_ops.mdio_write_c45);
	KUNIT_EXPECT_NOT_NULL(test, dwxgmac2_ops.rx_watchdog);
}

static struct kunit_case dwxgmac2_cases[] = {
	KUNIT_CASE(caps_test),
	KUNIT_CASE(core_init_test),
	KUNIT_CASE(max_mtu_test),
	KUNIT_CASE(mtl_init_test),
	KUNIT_CASE(mtl_sched_test),
	KUNIT_CASE(dma_init_test),
	KUNIT_CASE(ring_init_test),
	KUNIT_CASE(start_stop_kick_test),
	KUNIT_CASE(rx_watchdog_test),
	KUNIT_CASE(irq_mask_test),
	KUNIT_CASE(irq_status_test),
	KUNIT_CASE(tx_ack_test),
	KUNIT_CASE(link_up_test),
	KUNIT_CASE(mac_addr_test),
	KUNIT_CASE(filter_test),
	KUNIT_CASE(filter_unicast_test),
	KUNIT_CASE(vlan_entry_timeout_test),
	KUNIT_CASE(l3l4_access_test),
	KUNIT_CASE(mdio_c22_test),
	KUNIT_CASE(mdio_c45_test),
	KUNIT_CASE(mdio_clk_csr_test),
	KUNIT_CASE(mmc_test),
	KUNIT_CASE(dump_regs_test),
	KUNIT_CASE(tx_desc_test),
	KUNIT_CASE(tso_desc_test),
	KUNIT_CASE(rx_fill_test),
	KUNIT_CASE(rx_status_test),
	KUNIT_CASE(rx_vlan_status_test),
	KUNIT_CASE(hwif_bind_test),
	{}
};

static struct kunit_suite dwxgmac2_suite = {
	.name = "stmmac_dwxgmac2",
	.test_cases = dwxgmac2_cases,
};

kunit_test_suite(dwxgmac2_suite);

MODULE_DESCRIPTION("KUnit tests for the stmmac XGMAC 2.x register and descriptor code");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(STMMAC_KUNIT_NS);
