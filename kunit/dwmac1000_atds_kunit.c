// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests for the GMAC's 32-byte alternate descriptors (DMA bus mode
 * ATDS), which every SoCFPGA GMAC runs: when they are chosen, the bus mode
 * bit that sets the DMA's stride, the ring layout, and the words 4-7 the
 * DMA writes back (RX checksum verdict, RX and TX timestamps).
 *
 * Expected values are the databook's layout, written here as numbers:
 * DMA bus mode (0x1000) ATDS bit 7; HW feature (0x1058) advanced
 * timestamp bit 13, type 2 checksum engine bit 18, enhanced descriptors
 * bit 24. TDES0: OWN 31, IC 30, LS 29, FS 28, TTSE 25, TER 21, TTSS 17,
 * ES 15; TDES1 buffer 1 size 12:0. RDES0: OWN 31, FL 29:16, ES 15, FS 9,
 * LS 8, bit 7 timestamp available, FT 5, CE 1, bit 0 extended status
 * available. RDES4: IPv6 7, IPv4 6, bypassed 5, payload error 4, header
 * error 3, payload type 2:0 (1 UDP, 2 TCP, 3 ICMP). Words 6 and 7: the
 * timestamp's nanoseconds and seconds.
 */

#include <kunit/test.h>
#include <linux/etherdevice.h>
#include <linux/netdevice.h>
#include <linux/slab.h>

#include "../dwmac1000.h"
#include "../stmmac.h"
#include "../stmmac_compat.h"

#define FAKE_WINDOW	0x2000
#define W_LEN(n)	((u32)(n) << 16)

/* A 32-byte descriptor as eight words, the way the DMA sees it */
struct adesc {
	__le32 w[8];
};

static void free_netdev_action(void *dev)
{
	free_netdev(dev);
}

/* A GMAC on a fake register window (plain memory), @hwf in its HW
 * feature register and a 3.70a version.
 */
static struct stmmac_priv *atds_priv(struct kunit *test, u32 hwf)
{
	struct net_device *dev = alloc_etherdev(sizeof(struct stmmac_priv));
	struct stmmac_priv *priv;
	u32 *mem;

	KUNIT_ASSERT_NOT_NULL(test, dev);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test,
							free_netdev_action,
							dev), 0);
	priv = netdev_priv(dev);
	priv->dev = dev;
	priv->plat = kunit_kzalloc(test, sizeof(*priv->plat), GFP_KERNEL);
	mem = kunit_kzalloc(test, FAKE_WINDOW, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, priv->plat);
	KUNIT_ASSERT_NOT_NULL(test, mem);
	priv->plat->core = STMMAC_CORE_GMAC;
	priv->plat->pbl = 8;
	priv->ioaddr = (void __iomem __force *)mem;
	mem[0x20 / 4] = 0x1037;
	mem[0x1058 / 4] = hwf;
	return priv;
}

/* The 32-byte format where the core has the advanced timestamp unit and
 * enhanced descriptors (every SoCFPGA GMAC); 16 bytes otherwise.
 */
static void select_test(struct kunit *test)
{
	static const struct {
		u32 hwf;
		const struct stmmac_desc_ops *ops;
		u32 size;
	} cases[] = {
		{ BIT(24) | BIT(18) | BIT(13), &dwmac1000_atds_desc_ops, 32 },
		{ BIT(24) | BIT(13), &dwmac1000_atds_desc_ops, 32 },
		{ BIT(24), &dwmac1000_enh_desc_ops, 16 },
		/* the 1588-2002 unit alone: not used, no stamps */
		{ BIT(24) | BIT(12), &dwmac1000_enh_desc_ops, 16 },
		/* QEMU's npcm7xx model: normal descriptors, no unit */
		{ 0x100d4f37, &dwmac1000_norm_desc_ops, 16 },
		{ BIT(13), &dwmac1000_norm_desc_ops, 16 },
	};
	u32 i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		struct stmmac_priv *priv = atds_priv(test, cases[i].hwf);

		KUNIT_ASSERT_EQ(test, stmmac_hwif_init(priv), 0);
		KUNIT_EXPECT_PTR_EQ_MSG(test, priv->desc, cases[i].ops,
					"hwf %#x", cases[i].hwf);
		KUNIT_EXPECT_EQ_MSG(test, priv->desc->size, cases[i].size,
				    "hwf %#x", cases[i].hwf);
	}
}

/* The DMA steps 32 bytes from descriptor to descriptor only with ATDS
 * set; the rest of the bus mode is the same either way.
 */
static void bus_mode_test(struct kunit *test)
{
	struct stmmac_priv *priv = atds_priv(test, BIT(24) | BIT(13));
	u32 *mem = (u32 __force *)priv->ioaddr;

	priv->desc = &dwmac1000_atds_desc_ops;
	dwmac1000_ops.dma_init(priv);
	/* PBL 8 at 13:8, RPBL 8 at 22:17, USP 23, ATDS 7 */
	KUNIT_EXPECT_EQ(test, mem[0x1000 / 4], 0x00900880u);
	priv->desc = &dwmac1000_enh_desc_ops;
	dwmac1000_ops.dma_init(priv);
	KUNIT_EXPECT_EQ(test, mem[0x1000 / 4], 0x00900800u);
}

/* A frame that asks for a stamp: TTSE on its first descriptor. Its last
 * descriptor comes back with TTSS and the stamp in words 6 and 7.
 */
static void tx_ts_test(struct kunit *test)
{
	const struct stmmac_desc_ops *ops = &dwmac1000_atds_desc_ops;
	struct adesc a = {};
	struct stmmac_desc *d = (struct stmmac_desc *)&a;
	u64 ns = 1;

	ops->tx_fill(d, 0x10000, 60, 60, STMMAC_TXD_FIRST | STMMAC_TXD_LAST |
		     STMMAC_TXD_IC | STMMAC_TXD_TS);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(a.w[0]), 0x72000000u);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(a.w[1]), 60u);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(a.w[2]), 0x10000u);
	ops->tx_fill(d, 0x10000, 60, 60, STMMAC_TXD_FIRST | STMMAC_TXD_LAST);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(a.w[0]), 0x30000000u);

	/* written back without a stamp */
	a.w[0] = cpu_to_le32(0x30000000);
	KUNIT_EXPECT_EQ(test, ops->tx_ts(d, &ns), -ENODATA);
	KUNIT_EXPECT_EQ(test, ns, 1ull);
	/* with one: 1700000000 s and 999999999 ns */
	a.w[0] = cpu_to_le32(0x30020000);
	a.w[6] = cpu_to_le32(999999999);
	a.w[7] = cpu_to_le32(1700000000);
	KUNIT_EXPECT_EQ(test, ops->tx_ts(d, &ns), 0);
	KUNIT_EXPECT_EQ(test, ns, 1700000000999999999ull);
	KUNIT_EXPECT_FALSE(test, ops->tx_error(d));
}

struct rx_case {
	u32 w0, w4;
	bool coe;
	enum stmmac_rx_status st;
	u32 len, err;
	bool ts;
};

static const struct rx_case rx_cases[] = {
	{ 0x80000000, 0, true, STMMAC_RX_OWNED, 0, 0, false },
	/* IPv4 TCP, both checksums good */
	{ W_LEN(1518) | 0x321, 0x42, true, STMMAC_RX_CSUM_OK, 1518, 0, false },
	/* the engine off for this frame: no verdict taken */
	{ W_LEN(1518) | 0x321, 0x42, false, STMMAC_RX_GOOD, 1518, 0, false },
	/* IPv6 UDP, IPv4 ICMP: good */
	{ W_LEN(100) | 0x321, 0x81, true, STMMAC_RX_CSUM_OK, 100, 0, false },
	{ W_LEN(98) | 0x321, 0x43, true, STMMAC_RX_CSUM_OK, 98, 0, false },
	/* payload or header checksum error (ES set too): delivered without
	 * a verdict, for the stack to check
	 */
	{ W_LEN(100) | 0x8321, 0x52, true, STMMAC_RX_GOOD, 100, 0, false },
	{ W_LEN(100) | 0x8321, 0x4a, true, STMMAC_RX_GOOD, 100, 0, false },
	/* bypassed, or a protocol the engine does not know */
	{ W_LEN(100) | 0x321, 0x62, true, STMMAC_RX_GOOD, 100, 0, false },
	{ W_LEN(100) | 0x321, 0x40, true, STMMAC_RX_GOOD, 100, 0, false },
	/* no extended status: no verdict. The 16-byte decoding of this
	 * very RDES0 (FT, no error bits) would claim good checksums.
	 */
	{ W_LEN(100) | 0x320, 0x42, true, STMMAC_RX_GOOD, 100, 0, false },
	/* an 802.3 length frame */
	{ W_LEN(100) | 0x301, 0x42, true, STMMAC_RX_GOOD, 100, 0, false },
	/* bit 7: a stamp in words 6 and 7, not a checksum error, nor a
	 * giant frame with the engine off
	 */
	{ W_LEN(90) | 0x3a1, 0x42, true, STMMAC_RX_CSUM_OK, 90, 0, true },
	{ W_LEN(90) | 0x3a0, 0, false, STMMAC_RX_GOOD, 90, 0, true },
	/* a CRC error is one, whatever RDES4 says */
	{ W_LEN(100) | 0x8323, 0x52, true, STMMAC_RX_ERROR, 0,
	  STMMAC_RXE_CRC, false },
	/* ES with no cause it explains: a bad frame */
	{ W_LEN(100) | 0x8321, 0x42, true, STMMAC_RX_ERROR, 0,
	  STMMAC_RXE_FRAME, false },
	{ W_LEN(100) | 0x8320, 0, true, STMMAC_RX_ERROR, 0,
	  STMMAC_RXE_FRAME, false },
	/* overflow (11), length (12), descriptor error (14) */
	{ W_LEN(100) | 0x8b20, 0, true, STMMAC_RX_ERROR, 0,
	  STMMAC_RXE_OVER, false },
	{ W_LEN(100) | 0x9320, 0, true, STMMAC_RX_ERROR, 0,
	  STMMAC_RXE_LENGTH, false },
	{ W_LEN(0x3fff) | 0xc320, 0, true, STMMAC_RX_ERROR, 0,
	  STMMAC_RXE_LENGTH, false },
	/* shorter than a header and FCS */
	{ W_LEN(17) | 0x320, 0, true, STMMAC_RX_ERROR, 0, STMMAC_RXE_LENGTH,
	  false },
	/* the first buffer of a longer frame: nothing final yet */
	{ W_LEN(3000) | 0x201, 0x42, true, STMMAC_RX_PART, 0, 0, false },
};

static void rx_status_test(struct kunit *test)
{
	const struct stmmac_desc_ops *ops = &dwmac1000_atds_desc_ops;
	u32 i;

	for (i = 0; i < ARRAY_SIZE(rx_cases); i++) {
		const struct rx_case *c = &rx_cases[i];
		struct stmmac_rx_info ri = {};
		struct adesc a = {};
		enum stmmac_rx_status st;

		a.w[0] = cpu_to_le32(c->w0);
		a.w[4] = cpu_to_le32(c->w4);
		st = ops->rx_status((struct stmmac_desc *)&a, c->coe, &ri);
		KUNIT_EXPECT_EQ_MSG(test, st, c->st, "case %u", i);
		KUNIT_EXPECT_EQ_MSG(test, ri.len, c->len, "case %u", i);
		KUNIT_EXPECT_EQ_MSG(test, ri.err, c->err, "case %u", i);
		KUNIT_EXPECT_EQ_MSG(test, ri.ts_here, c->ts, "case %u", i);
		KUNIT_EXPECT_FALSE_MSG(test, ri.ts_next, "case %u", i);
		if (st != STMMAC_RX_OWNED)
			KUNIT_EXPECT_EQ_MSG(test, ri.first,
					    !!(c->w0 & BIT(9)), "case %u", i);
	}
}

static void rx_ts_test(struct kunit *test)
{
	const struct stmmac_desc_ops *ops = &dwmac1000_atds_desc_ops;
	struct adesc a = {};
	u64 ns = 1;

	a.w[0] = cpu_to_le32(W_LEN(90) | 0x320);
	a.w[6] = cpu_to_le32(5);
	a.w[7] = cpu_to_le32(0xffffffff);
	KUNIT_EXPECT_EQ(test, ops->rx_ts((struct stmmac_desc *)&a, &ns),
			-ENODATA);
	KUNIT_EXPECT_EQ(test, ns, 1ull);
	a.w[0] = cpu_to_le32(W_LEN(90) | 0x3a0);
	KUNIT_EXPECT_EQ(test, ops->rx_ts((struct stmmac_desc *)&a, &ns), 0);
	/* 4294967295 s: the seconds word's whole range */
	KUNIT_EXPECT_EQ(test, ns, 4294967295000000005ull);
}

/* RX fill writes words 0-3 of each 32-byte slot: OWN, size 12:0 with RER
 * 15 at the ring's end and DIC 31, the buffer address.
 */
static void rx_fill_test(struct kunit *test)
{
	const struct stmmac_desc_ops *ops = &dwmac1000_atds_desc_ops;
	struct adesc a = {};

	memset(&a, 0xa5, sizeof(a));
	ops->rx_fill((struct stmmac_desc *)&a, 0x80040, 1536, true, false);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(a.w[0]), 0x80000000u);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(a.w[1]), 0x80008600u);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(a.w[2]), 0x80040u);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(a.w[3]), 0u);
}

/* Slot i of a ring sits at byte 32 * i: a 100-byte head and a 5000-byte
 * fragment (buffers of at most 8191 bytes: 4096 + 904 after the first)
 * wrap an 8-slot ring at slot 6, TER on slot 7, the stamp bit on the
 * frame's first descriptor only, IC and LS on its last.
 */
static void ring_test(struct kunit *test)
{
	static const struct stmmac_tx_segs segs = {
		.n = 2,
		.seg = { { 0x1000, 100, 1 }, { 0x80000, 5000, 2 } },
	};
	static const struct {
		u32 slot, w0, w1, w2;
	} want[] = {
		{ 6, 0x12000000, 100, 0x1000 },
		{ 7, 0x80200000, 4096, 0x80000 },
		{ 0, 0xe0000000, 904, 0x81000 },
	};
	struct stmmac_priv *priv = atds_priv(test, BIT(24) | BIT(13));
	struct stmmac_tx_plan p = { .chunk = 4096, .first = 4096, .ndesc = 3 };
	struct stmmac_txq *q = &priv->txq[0];
	struct adesc *ring;
	u32 i;

	priv->desc = &dwmac1000_atds_desc_ops;
	q->priv = priv;
	q->size = 8;
	q->stride = sizeof(*ring);
	q->head = 6;
	q->buf = kunit_kcalloc(test, q->size, sizeof(*q->buf), GFP_KERNEL);
	ring = kunit_kcalloc(test, q->size, sizeof(*ring), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, q->buf);
	KUNIT_ASSERT_NOT_NULL(test, ring);
	memset(ring, 0x5a, q->size * sizeof(*ring));
	q->desc = (struct stmmac_desc *)ring;

	KUNIT_EXPECT_PTR_EQ(test, (void *)stmmac_txd(q, 13), (void *)&ring[5]);
	KUNIT_EXPECT_PTR_EQ(test, (void *)stmmac_txd(q, 7), (void *)&ring[7]);
	stmmac_tx_fill(q, &p, &segs, 5100,
		       STMMAC_TXD_LAST | STMMAC_TXD_IC | STMMAC_TXD_TS);
	for (i = 0; i < ARRAY_SIZE(want); i++) {
		const struct adesc *a = &ring[want[i].slot];

		KUNIT_EXPECT_EQ_MSG(test, le32_to_cpu(a->w[0]), want[i].w0,
				    "slot %u", want[i].slot);
		KUNIT_EXPECT_EQ_MSG(test, le32_to_cpu(a->w[1]), want[i].w1,
				    "slot %u", want[i].slot);
		KUNIT_EXPECT_EQ_MSG(test, le32_to_cpu(a->w[2]), want[i].w2,
				    "slot %u", want[i].slot);
		/* words 4-7 are the DMA's */
		KUNIT_EXPECT_EQ_MSG(test, le32_to_cpu(a->w[6]), 0x5a5a5a5au,
				    "slot %u", want[i].slot);
	}
	/* the slots between stay untouched */
	KUNIT_EXPECT_EQ(test, le32_to_cpu(ring[1].w[0]), 0x5a5a5a5au);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(ring[5].w[0]), 0x5a5a5a5au);
}

static struct kunit_case atds_cases[] = {
	KUNIT_CASE(select_test),
	KUNIT_CASE(bus_mode_test),
	KUNIT_CASE(tx_ts_test),
	KUNIT_CASE(rx_status_test),
	KUNIT_CASE(rx_ts_test),
	KUNIT_CASE(rx_fill_test),
	KUNIT_CASE(ring_test),
	{}
};

static struct kunit_suite atds_suite = {
	.name = "stmmac_gmac_atds",
	.test_cases = atds_cases,
};

kunit_test_suite(atds_suite);

MODULE_DESCRIPTION("KUnit tests for the stmmac GMAC 32-byte alternate descriptors");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(STMMAC_KUNIT_NS);
