// SPDX-License-Identifier: GPL-2.0-only
/*
 * The GMAC 3.x data path, end to end: the real driver probed on a
 * platform device whose registers and DMA are the software model of
 * gmac_model.c, opened with a fixed link, fed through ndo_start_xmit (and
 * a packet socket, for TX timestamps). The model loops every frame back;
 * the test takes them from the device's rx_handler and checks each
 * arrived once, byte for byte as the wire should carry it, with the
 * checksum verdict and timestamp the model's status words call for
 * (data_harness.c).
 *
 * Every case runs on three cores, as the HW feature register describes
 * them: a SoCFPGA-like 3.70a (enhanced descriptors, advanced timestamp
 * unit, type 2 RX checksum engine: the 32-byte alternate descriptors), the
 * same without the timestamp unit (16-byte enhanced descriptors), and one
 * with normal descriptors.
 *
 * Contexts are the kernel's: xmit and NAPI with bottom halves off, the
 * interrupt handler in hard interrupt context (an irq_work, which is a
 * real interrupt on arm64), ethtool, MTU and hwtstamp changes under RTNL.
 */

#include <kunit/test.h>
#include <linux/completion.h>
#include <linux/dma-direct.h>
#include <linux/errqueue.h>
#include <linux/etherdevice.h>
#include <linux/ethtool.h>
#include <linux/if_ether.h>
#include <linux/if_packet.h>
#include <linux/if_vlan.h>
#include <linux/interrupt.h>
#include <linux/net_tstamp.h>
#include <linux/netdevice.h>
#include <linux/phylink.h>
#include <linux/platform_device.h>
#include <linux/rtnetlink.h>
#include <linux/sizes.h>
#include <linux/socket.h>
#include <linux/xarray.h>
#include <net/sock.h>

#include "../stmmac.h"
#include "data_harness.h"
#include "gmac_model.h"
#include "../stmmac_compat.h"

#define GD_RX_FIFO	SZ_16K
/* TX descriptors the DMA takes per round: the RX side keeps up */
#define GD_BUDGET	8

/* HW feature register bits the cores below have */
#define HWF_HASH	BIT(4)
#define HWF_MGKSEL	BIT(10)	/* PMT: magic packets */
#define HWF_MMC		BIT(11)
#define HWF_TS2		BIT(13)
#define HWF_TXCOE	BIT(16)
#define HWF_RXCOE2	BIT(18)
#define HWF_ENH		BIT(24)
#define GD_BUS_MODE	0x1000
#define GD_BUS_ATDS	BIT(7)
/* MAC configuration: receiver and transmitter enables, checksum engine */
#define GD_MAC_CONFIG	0x0000
#define GD_CFG_RE	BIT(2)
#define GD_CFG_TE	BIT(3)
#define GD_CFG_IPC	BIT(10)

struct gd_core {
	const char *name;
	u32 version;
	u32 hwf;
	u32 desc_size;	/* the format the driver must pick */
};

static const struct gd_core gd_cores[] = {
	{ "3.70a SoCFPGA: enhanced, advanced timestamps, type 2 COE",
	  0x1037, HWF_ENH | HWF_TS2 | HWF_RXCOE2 | HWF_TXCOE | HWF_MMC |
	  HWF_HASH | HWF_MGKSEL, 32 },
	{ "3.70a enhanced, no timestamp unit", 0x1037,
	  HWF_ENH | HWF_RXCOE2 | HWF_TXCOE | HWF_MMC | HWF_HASH, 16 },
	{ "3.70a normal descriptors", 0x1037,
	  HWF_RXCOE2 | HWF_TXCOE | HWF_MMC | HWF_HASH, 16 },
};

static void gd_core_desc(const struct gd_core *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(gd_core, gd_cores, gd_core_desc);

enum gd_kind {
	GD_UDP,		/* UDP over IPv4, linear */
	GD_UDP6,	/* UDP over IPv6, linear */
	GD_TCP,		/* TCP over IPv4, linear */
	GD_FRAGS,	/* UDP over IPv4, three page fragments */
	GD_PTP,		/* PTP version 2 over Ethernet */
};

struct gd {
	struct dh_case h;
	const struct gd_core *core;
	struct gmm_model *m;
	struct socket *sock;
	/* a link up the MAC enable wrapper reports */
	struct completion mac_on;
};

static struct gd *gd_of(struct dh_case *h)
{
	return container_of(h, struct gd, h);
}

/* The model's side of the harness (&struct dh_ops) */

static bool gd_buf_live(void *ctx, dma_addr_t addr, u32 len)
{
	return dh_tx_live(ctx, 0, addr, len);
}

/* Is a descriptor the DMA is about to touch inside the driver's ring? */
static bool gd_ring_live(void *ctx, bool tx, dma_addr_t addr, u32 len)
{
	struct dh_case *h = ctx;
	dma_addr_t base;
	u32 size;

	if (tx) {
		base = h->priv->txq[0].desc_dma;
		size = h->priv->txq[0].size;
	} else {
		base = h->priv->rxq[0].desc_dma;
		size = h->priv->rxq[0].size;
	}
	return addr >= base &&
	       addr + len <= base + (dma_addr_t)size * h->priv->desc->size;
}

static bool gd_step(struct dh_case *h)
{
	return gmm_step(gd_of(h)->m, GD_BUDGET);
}

static void gd_sync(struct dh_case *h)
{
	gmm_sync(gd_of(h)->m);
}

/* The core has one interrupt line. */
static bool gd_irqs(struct dh_case *h)
{
	if (!gmm_line(gd_of(h)->m))
		return false;
	dh_fire(h, 0);
	return true;
}

static bool gd_rx_pending(struct dh_case *h)
{
	return gmm_rx_pending(gd_of(h)->m);
}

static u64 gd_moved(struct dh_case *h)
{
	const struct gmm_stats *s = &gd_of(h)->m->st;

	return s->tx_descs + s->rx_descs;
}

static void gd_destroy(struct dh_case *h)
{
	struct gd *t = gd_of(h);

	if (t->m)
		gmm_destroy(t->m);
}

/* Frames to the port's own address (the MAC's filter takes it), from an
 * address of the far end.
 */
static const u8 gd_far[ETH_ALEN] = { 0x02, 0x00, 0x5e, 0x10, 0x20, 0x30 };

static const struct dh_ops gd_ops = {
	.nr_irqs = 1,
	.l2_src = gd_far,
	.step = gd_step,
	.sync = gd_sync,
	.irqs = gd_irqs,
	.rx_pending = gd_rx_pending,
	.moved = gd_moved,
	.destroy = gd_destroy,
};

static struct dh_suite gd_hs = {
	.name = "stmmac-gmm-kunit",
	.ops = &gd_ops,
};

/* Frames */

static void gd_send(struct gd *t, struct sk_buff *skb, u32 id, bool more)
{
	dh_send(&t->h, skb, id, 0, more);
}

/* One frame of @kind with @lin bytes of payload (fragments: fixed) */
static void gd_send_kind(struct gd *t, enum gd_kind kind, u32 lin,
			 bool partial, bool more)
{
	/* 1482 bytes: within the MTU */
	static const u32 sizes[] = { 700, 500, 200 };
	static const u32 offs[] = { 100, 0, 3000 };
	u32 id = dh_id(&t->h);
	struct sk_buff *skb;

	switch (kind) {
	case GD_UDP:
		skb = dh_l4(&t->h, id, IPPROTO_UDP, false, lin, NULL, NULL, 0,
			    partial);
		break;
	case GD_UDP6:
		skb = dh_l4(&t->h, id, IPPROTO_UDP, true, lin, NULL, NULL, 0,
			    partial);
		break;
	case GD_TCP:
		skb = dh_l4(&t->h, id, IPPROTO_TCP, false, lin, NULL, NULL, 0,
			    partial);
		break;
	case GD_FRAGS:
		skb = dh_l4(&t->h, id, IPPROTO_UDP, false, 40, sizes, offs, 3,
			    partial);
		break;
	default:
		skb = dh_ptp(&t->h, id, lin);
		break;
	}
	KUNIT_ASSERT_NOT_NULL(t->h.test, skb);
	gd_send(t, skb, id, more);
}

/* A mix: UDP over IPv4 and IPv6, TCP, fragmented UDP; payloads from 0 to
 * the MTU's, checksummed by the core or already.
 */
static void gd_burst(struct gd *t, u32 n)
{
	static const enum gd_kind kinds[] = {
		GD_UDP, GD_TCP, GD_UDP6, GD_UDP, GD_FRAGS, GD_TCP, GD_UDP6,
	};
	u32 i;

	for (i = 0; i < n; i++) {
		enum gd_kind k = kinds[i % ARRAY_SIZE(kinds)];
		u32 max = k == GD_TCP ? 1460 : k == GD_UDP6 ? 1452 : 1472;

		gd_send_kind(t, k, (i * 97) % (max + 1), i % 3,
			     i % 8 != 7 && i + 1 < n);
	}
}

/* Nothing in flight, and the model saw no descriptor or buffer it must
 * not.
 */
static void gd_check_clean(struct gd *t)
{
	const struct gmm_stats *s = &t->m->st;
	struct kunit *test = t->h.test;

	KUNIT_EXPECT_EQ(test, dh_bql_inflight(&t->h, 0), 0u);
	KUNIT_EXPECT_EQ(test, s->bad_desc, 0ull);
	KUNIT_EXPECT_EQ_MSG(test, s->bad_read, 0ull,
			    "the DMA read a buffer the driver had unmapped");
	KUNIT_EXPECT_EQ(test, s->rx_fifo_drops, 0ull);
	KUNIT_EXPECT_EQ(test, s->rx_off_drops, 0ull);
}

/* Set-up */

static void gd_plat(struct stmmac_plat *p)
{
	p->core = STMMAC_CORE_GMAC;
	p->interface = PHY_INTERFACE_MODE_RGMII_ID;
	p->pbl = 8;
	p->pblx8 = true;
	p->clk_csr = -1;
	p->csr_rate = 100000000;
	p->clk_rate = 125000000;
	p->ptp_rate = 100000000;
	p->phy_addr = -1;
	p->mc_bins = 256;
}

/* Probe the driver on a model of the case's core; open it. */
static struct gd *gd_up(struct kunit *test)
{
	const struct gd_core *core = test->param_value;
	struct stmmac_resources res = {};
	struct gd *t;
	bool atds;

	t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, t);
	t->core = core;
	dh_init(&t->h, test, &gd_hs);
	t->m = gmm_create(&t->h.pdev->dev, core->version, core->hwf,
			  GD_RX_FIFO);
	KUNIT_ASSERT_NOT_NULL(test, t->m);
	t->m->buf_live = gd_buf_live;
	t->m->ring_live = gd_ring_live;
	t->m->ctx = &t->h;
	gd_plat(&t->h.plat);
	res.ioaddr = t->m->io;
	res.irq = t->h.irq_base;
	dh_probe(&t->h, &res);
	KUNIT_ASSERT_EQ(test, t->h.priv->desc->size, core->desc_size);
	/* The DMA steps by the format's size. */
	atds = readl(t->m->io + GD_BUS_MODE) & GD_BUS_ATDS;
	KUNIT_EXPECT_EQ_MSG(test, atds, core->desc_size == 32,
			    "DMA bus mode ATDS with %u-byte descriptors",
			    core->desc_size);
	return t;
}

/* The cases */

/* Small rings wrapped many times over by a mix of frames of every size:
 * each arrives once, byte for byte, its checksum verified by the core;
 * every IC bit raised one TI and the DMA saw no descriptor out of place.
 */
static void gd_traffic_test(struct kunit *test)
{
	struct gd *t = gd_up(test);
	const struct gmm_stats *s = &t->m->st;
	u64 txw, rxw, ic, ti, txf, rxf, csum;

	dh_set_rings(&t->h, STMMAC_RING_MIN, STMMAC_RING_MIN);
	txw = s->tx_wraps;
	rxw = s->rx_wraps;
	ic = s->tx_ic;
	ti = s->ti;
	txf = s->tx_frames;
	rxf = s->rx_frames;
	csum = s->tx_csum;
	gd_burst(t, 400);
	dh_run(&t->h);
	dh_check(&t->h);
	gd_check_clean(t);
	KUNIT_EXPECT_EQ(test, s->tx_frames - txf, 400ull);
	KUNIT_EXPECT_EQ(test, s->rx_frames - rxf, 400ull);
	KUNIT_EXPECT_GE(test, s->tx_wraps - txw, 5ull);
	KUNIT_EXPECT_GE(test, s->rx_wraps - rxw, 5ull);
	KUNIT_EXPECT_EQ(test, s->ti - ti, s->tx_ic - ic);
	KUNIT_EXPECT_GT(test, t->h.irqs[0], 0u);
	/* the checksums were the core's to insert */
	KUNIT_EXPECT_GT(test, s->tx_csum - csum, 100ull);
}

/* Every frame after which the TX queue stops gets IC, whatever stopped it:
 * the ring, or BQL, whose limit starts from 0 at every open and stops the
 * queue after nearly every frame until completions have raised it. A stop
 * without IC waits a whole tx-usecs window for the timer: about 25 ms of
 * crawl after each open, -G, MTU change or restart at the defaults.
 */
static void gd_bql_stop_test(struct kunit *test)
{
	struct gd *t = gd_up(test);
	struct netdev_queue *txq = netdev_get_tx_queue(t->h.dev, 0);
	struct stmmac_coal_txq *cq = &t->h.priv->coal.tx[0];
	struct stmmac_coal_stats st;
	u32 i, stops = 0, bare = 0;
	u64 ic;

	KUNIT_ASSERT_TRUE(test, IS_ENABLED(CONFIG_BQL));
	for (i = 0; i < 100; i++) {
		stmmac_coal_tx_stats(cq, &st);
		ic = st.ic_set;
		gd_send_kind(t, GD_UDP, 64, false, false);
		if (!netif_xmit_stopped(txq))
			continue;
		stops++;
		stmmac_coal_tx_stats(cq, &st);
		bare += st.ic_set == ic;
	}
	dh_run(&t->h);
	dh_check(&t->h);
	gd_check_clean(t);
	KUNIT_EXPECT_GT(test, stops, 0u);
	KUNIT_EXPECT_EQ_MSG(test, bare, 0u,
			    "%u of %u stops had no IC bit to end them", bare,
			    stops);
}

/* A frame with IC that the DMA completes while TX NAPI runs, after its last
 * look at the ring and before it unmasks TI. Where the TI latched under the
 * mask does not interrupt again at the unmask (&gmm_model.edge_irq), only
 * the poll's own look after unmasking can find it; no timer covers a frame
 * with IC. The frame goes to an address the MAC's filter drops, so that no
 * RX interrupt comes to take TI along.
 */
static void gd_late_ti_test(struct kunit *test)
{
	struct gd *t = gd_up(test);
	struct sk_buff *skb;
	u64 drops;

	/* IC on every frame: nothing is left to the timer */
	dh_set_coal(&t->h, STMMAC_COAL_TX_USECS_DEF, 1);
	/* BQL's limit grows past one frame, so that two fit at once */
	gd_burst(t, 40);
	dh_run(&t->h);
	dh_wrap_hw(&t->h);
	t->m->edge_irq = true;
	drops = t->m->st.rx_off_drops;

	skb = dh_l4(&t->h, dh_id(&t->h), IPPROTO_UDP, false, 100, NULL, NULL, 0,
		    false);
	KUNIT_ASSERT_NOT_NULL(test, skb);
	skb->data[0] ^= 0x02;
	skb->dev = t->h.dev;

	gd_send_kind(t, GD_UDP, 100, false, false);
	gmm_step(t->m, GD_BUDGET);
	KUNIT_ASSERT_TRUE(test, gmm_line(t->m));
	local_bh_disable();
	/* TX NAPI scheduled, TI masked; the next frame is owned by the DMA
	 * before the poll runs, and completes just before its unmask.
	 */
	dh_fire_bh_off(&t->h, 0);
	if (!dh_xmit(&t->h, skb, 0, false)) {
		kfree_skb(skb);
		KUNIT_FAIL(test, "TX queue stopped");
	}
	t->h.step_at_unmask = true;
	local_bh_enable();
	KUNIT_EXPECT_FALSE(test, t->h.step_at_unmask);

	dh_run(&t->h);
	KUNIT_EXPECT_EQ(test, t->m->st.rx_off_drops - drops, 1ull);
	KUNIT_EXPECT_EQ_MSG(test, dh_bql_inflight(&t->h, 0), 0u,
			    "a completed frame was never cleaned");
	dh_check(&t->h);
}

/* The offloads the stack may use for a frame (netif_skb_features(), which
 * asks the driver): the checksum engine is given IPv4 and IPv6 right
 * after the Ethernet header only. Tagged frames, whether the tag is still
 * to be inserted or already in the frame, 802.1Q or 802.1ad, are
 * checksummed in software, as upstream does on this core.
 */
static void gd_features_test(struct kunit *test)
{
	struct gd *t = gd_up(test);
	struct sk_buff *skb;
	netdev_features_t f;

	skb = dh_l4(&t->h, dh_id(&t->h), IPPROTO_UDP, false, 100, NULL, NULL,
		    0, true);
	KUNIT_ASSERT_NOT_NULL(test, skb);
	skb->dev = t->h.dev;
	KUNIT_ASSERT_TRUE(test, skb->ip_summed == CHECKSUM_PARTIAL);
	f = netif_skb_features(skb);
	KUNIT_EXPECT_TRUE(test, f & NETIF_F_IP_CSUM);

	__vlan_hwaccel_put_tag(skb, htons(ETH_P_8021Q), 77);
	f = netif_skb_features(skb);
	KUNIT_EXPECT_FALSE_MSG(test, f & NETIF_F_CSUM_MASK,
			       "802.1Q tag to insert: %pNF", &f);
	__vlan_hwaccel_clear_tag(skb);

	skb = vlan_insert_tag_set_proto(skb, htons(ETH_P_8021Q), 77);
	KUNIT_ASSERT_NOT_NULL(test, skb);
	f = netif_skb_features(skb);
	KUNIT_EXPECT_FALSE_MSG(test, f & NETIF_F_CSUM_MASK,
			       "802.1Q tag in the frame: %pNF", &f);
	kfree_skb(skb);

	skb = dh_l4(&t->h, dh_id(&t->h), IPPROTO_UDP, false, 100, NULL, NULL,
		    0, true);
	KUNIT_ASSERT_NOT_NULL(test, skb);
	skb->dev = t->h.dev;
	skb = vlan_insert_tag_set_proto(skb, htons(ETH_P_8021AD), 77);
	KUNIT_ASSERT_NOT_NULL(test, skb);
	f = netif_skb_features(skb);
	KUNIT_EXPECT_FALSE_MSG(test, f & NETIF_F_CSUM_MASK,
			       "802.1ad tag in the frame: %pNF", &f);
	kfree_skb(skb);
}

/* The link up that gd_set_rx_csum_split() waits for, between its read and
 * its write of the MAC configuration.
 */
static void gd_mac_enable(void __iomem *ioaddr, bool enable)
{
	struct dh_case *h = dh_of_io(ioaddr);

	h->hw_real->mac_enable(ioaddr, enable);
	if (enable)
		complete(&gd_of(h)->mac_on);
}

/* ethtool -K's read of the MAC configuration, then a link up from
 * phylink's work (no RTNL) given half a second to run before the write.
 */
static void gd_set_rx_csum_split(void __iomem *ioaddr, bool on)
{
	struct gd *t = gd_of(dh_of_io(ioaddr));
	u32 read = readl(ioaddr + GD_MAC_CONFIG);

	phylink_start(t->h.priv->phylink);
	wait_for_completion_timeout(&t->mac_on, msecs_to_jiffies(500));
	/* the write of what was read, changed, as the real operation does */
	writel(read, ioaddr + GD_MAC_CONFIG);
	t->h.hw_real->set_rx_csum(ioaddr, on);
}

/* The MAC configuration register holds the link's speed and duplex, the
 * receiver and transmitter enables and the checksum engine's switch. A
 * link up may not land between ethtool -K's read and write of it: the
 * write would switch the MAC off again under a link that is up.
 */
static void gd_mac_config_test(struct kunit *test)
{
	struct gd *t = gd_up(test);
	u32 cfg;

	dh_wrap_hw(&t->h);
	init_completion(&t->mac_on);
	t->h.hw.mac_enable = gd_mac_enable;
	t->h.hw.set_rx_csum = gd_set_rx_csum_split;
	rtnl_lock();
	phylink_stop(t->h.priv->phylink);
	KUNIT_EXPECT_FALSE(test, readl(t->m->io + GD_MAC_CONFIG) & GD_CFG_TE);
	t->h.dev->wanted_features &= ~NETIF_F_RXCSUM;
	netdev_update_features(t->h.dev);
	rtnl_unlock();
	dh_open_wait(&t->h);
	cfg = readl(t->m->io + GD_MAC_CONFIG);
	KUNIT_EXPECT_EQ_MSG(test, cfg & (GD_CFG_RE | GD_CFG_TE),
			    GD_CFG_RE | GD_CFG_TE, "MAC configuration %#x", cfg);
	KUNIT_EXPECT_FALSE(test, cfg & GD_CFG_IPC);
	t->h.hw.set_rx_csum = t->h.hw_real->set_rx_csum;
	gd_burst(t, 20);
	dh_run(&t->h);
	dh_check(&t->h);
}

/* ethtool -s wol g, as a user enables it (a core with PMT) */
static void gd_wol_magic(struct gd *t)
{
	struct ethtool_wolinfo wol = {
		.cmd = ETHTOOL_SWOL,
		.wolopts = WAKE_MAGIC,
	};

	rtnl_lock();
	KUNIT_EXPECT_EQ(t->h.test,
			t->h.dev->ethtool_ops->set_wol(t->h.dev, &wol), 0);
	rtnl_unlock();
}

/* The bus device outlives the driver: unbound (a module reload, an
 * unbind through sysfs), it is no wake-up source any more and does not
 * claim to be able to wake the system.
 */
static void gd_unbind_wakeup_test(struct kunit *test)
{
	struct gd *t = gd_up(test);
	struct device *dev = &t->h.pdev->dev;
	bool pmt = t->core->hwf & HWF_MGKSEL;

	KUNIT_EXPECT_EQ(test, device_can_wakeup(dev), pmt);
	if (pmt) {
		gd_wol_magic(t);
		KUNIT_EXPECT_TRUE(test, device_may_wakeup(dev));
	}
	rtnl_lock();
	dev_close(t->h.dev);
	netdev_rx_handler_unregister(t->h.dev);
	rtnl_unlock();
	t->h.dev = NULL;
	t->h.priv = NULL;
	device_release_driver(dev);
	KUNIT_EXPECT_FALSE(test, device_can_wakeup(dev));
	KUNIT_EXPECT_FALSE(test, device_may_wakeup(dev));
}

/* A resume whose glue cannot set the core up again (the platform's init
 * fails: stmmac_pltfr_pm_ops then calls stmmac_resume_failed()) gives
 * back the wake interrupt, whose handler would read the core, and leaves
 * the interface one that set down and up (or, when it was down, up)
 * brings back once the core is usable.
 */
static void gd_resume_glue_fail_test(struct kunit *test)
{
	struct gd *t = gd_up(test);
	struct device *dev = &t->h.pdev->dev;
	bool pmt = t->core->hwf & HWF_MGKSEL;

	if (pmt)
		gd_wol_magic(t);
	/* up when the system sleeps */
	KUNIT_ASSERT_EQ(test, stmmac_suspend(dev), 0);
	KUNIT_EXPECT_EQ(test, t->h.priv->wol_armed, pmt);
	KUNIT_EXPECT_EQ(test, stmmac_resume_failed(dev, -EIO), -EIO);
	KUNIT_EXPECT_FALSE(test, t->h.priv->wol_armed);
	KUNIT_EXPECT_FALSE(test, irq_has_action(t->h.irq_base));
	rtnl_lock();
	dev_close(t->h.dev);
	KUNIT_EXPECT_TRUE(test, netif_device_present(t->h.dev));
	rtnl_unlock();
	dh_open(&t->h);
	gd_burst(t, 20);
	dh_run(&t->h);
	dh_check(&t->h);

	/* down when the system sleeps */
	rtnl_lock();
	dev_close(t->h.dev);
	rtnl_unlock();
	KUNIT_ASSERT_EQ(test, stmmac_suspend(dev), 0);
	KUNIT_EXPECT_EQ(test, stmmac_resume_failed(dev, -EIO), -EIO);
	KUNIT_EXPECT_TRUE(test, netif_device_present(t->h.dev));
	dh_open(&t->h);
	gd_burst(t, 20);
	dh_run(&t->h);
	dh_check(&t->h);
}

/* Is the page at DMA address @addr still allocated (a ring's first page,
 * a non-compound allocation's head)?
 */
static bool gd_page_held(struct gd *t, dma_addr_t addr)
{
	phys_addr_t pa = dma_to_phys(&t->h.pdev->dev, addr);

	return page_ref_count(pfn_to_page(PHYS_PFN(pa))) > 0;
}

/* A DMA that neither stops nor resets (hung on the bus, or its reset
 * waiting for a clock that does not run) may still read and write the
 * rings it runs on: ifdown leaks them rather than hand their memory back
 * under it, and the next start, the DMA reset again, runs on new ones.
 */
static void gd_wedged_dma_test(struct kunit *test)
{
	struct gd *t = gd_up(test);
	dma_addr_t tx = t->h.priv->txq[0].desc_dma;
	dma_addr_t rx = t->h.priv->rxq[0].desc_dma;

	gd_burst(t, 10);
	dh_run(&t->h);
	dh_check(&t->h);
	WRITE_ONCE(t->m->wedged, true);
	rtnl_lock();
	dev_close(t->h.dev);
	rtnl_unlock();
	KUNIT_EXPECT_TRUE(test, t->h.priv->dma_wedged);
	KUNIT_EXPECT_TRUE(test, gd_page_held(t, tx));
	KUNIT_EXPECT_TRUE(test, gd_page_held(t, rx));

	WRITE_ONCE(t->m->wedged, false);
	dh_open(&t->h);
	KUNIT_EXPECT_FALSE(test, t->h.priv->dma_wedged);
	gd_burst(t, 20);
	dh_run(&t->h);
	dh_check(&t->h);
}

/* System sleep may take the core's power: what its clear-on-read
 * missed-frame counter held when the data path stopped must be counted
 * before, not read back after resume (a reset core reads 0).
 */
static void gd_sleep_counters_test(struct kunit *test)
{
	struct gd *t = gd_up(test);
	struct rtnl_link_stats64 st;
	u64 before;

	dev_get_stats(t->h.dev, &st);
	before = st.rx_missed_errors;
	/* 5 frames missed for want of a descriptor, 1 on FIFO overflow */
	writel(5 | 1 << 17, t->m->io + 0x1020);
	KUNIT_ASSERT_EQ(test, stmmac_suspend(&t->h.pdev->dev), 0);
	/* the core powered off: its counters are gone */
	writel(0, t->m->io + 0x1020);
	KUNIT_ASSERT_EQ(test, stmmac_resume(&t->h.pdev->dev), 0);
	dev_get_stats(t->h.dev, &st);
	KUNIT_EXPECT_EQ(test, st.rx_missed_errors - before, 5ull);
	gd_burst(t, 20);
	dh_run(&t->h);
	dh_check(&t->h);
}

/* After an MTU change every frame up to the MTU's spans several RX
 * buffers (and, on normal descriptors, several TX descriptors); the rings
 * still wrap, every frame arrives whole.
 */
static void gd_jumbo_test(struct kunit *test)
{
	static const u32 sizes[] = { 4000, 4000, 900 };
	static const u32 offs[] = { 0, 96, 0 };
	struct gd *t = gd_up(test);
	const struct gmm_stats *s = &t->m->st;
	struct sk_buff *skb;
	u64 descs, frames, rxw;
	u32 i, id;

	dh_set_rings(&t->h, STMMAC_RING_MIN, STMMAC_RING_MIN);
	rtnl_lock();
	KUNIT_ASSERT_EQ(test, dev_set_mtu(t->h.dev, 9000), 0);
	rtnl_unlock();
	KUNIT_EXPECT_LT(test, t->h.priv->rxq[0].buf_len, 9018u);
	descs = s->rx_descs;
	frames = s->rx_frames;
	rxw = s->rx_wraps;
	for (i = 0; i < 60; i++) {
		id = dh_id(&t->h);
		/* 9000 bytes of IP: 72 + 8900 bytes of UDP payload */
		skb = dh_l4(&t->h, id, IPPROTO_UDP, false, 72, sizes, offs, 3,
			    i % 2);
		KUNIT_ASSERT_NOT_NULL(test, skb);
		gd_send(t, skb, id, false);
		gd_send_kind(t, GD_UDP, 2000 + i * 53, true, false);
		gd_send_kind(t, GD_TCP, i * 7, i % 2, false);
	}
	dh_run(&t->h);
	dh_check(&t->h);
	gd_check_clean(t);
	KUNIT_EXPECT_GE(test, s->rx_descs - descs, (s->rx_frames - frames) +
			60 * 2);
	KUNIT_EXPECT_GE(test, s->rx_wraps - rxw, 4ull);
}

/* Checksums damaged on the wire: the frame is delivered, not passed as
 * verified; good frames after them are again.
 */
static void gd_rx_csum_test(struct kunit *test)
{
	static const struct {
		enum gmm_fault f;
		enum gd_kind k;
	} cases[] = {
		{ GMM_F_L4_CSUM, GD_UDP },
		{ GMM_F_L4_CSUM, GD_TCP },
		{ GMM_F_L4_CSUM, GD_UDP6 },
		{ GMM_F_IP_CSUM, GD_UDP },
		{ GMM_F_IP_CSUM, GD_TCP },
	};
	struct gd *t = gd_up(test);
	struct rtnl_link_stats64 a, b;
	struct dh_exp *e;
	u32 i, l4, field, id;
	enum gd_kind kind;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		dev_get_stats(t->h.dev, &a);
		gmm_fault(t->m, cases[i].f, 1);
		id = t->h.next_id;
		gd_send_kind(t, cases[i].k, 300, i % 2, false);
		/* what the far end receives: the damaged bytes */
		e = xa_load(&t->h.exp, id);
		KUNIT_ASSERT_NOT_NULL(test, e);
		e->bad_csum = true;
		kind = cases[i].k;
		l4 = ETH_HLEN + (kind == GD_UDP6 ? 40 : 20);
		field = kind == GD_TCP ? 16 : 6;
		if (cases[i].f == GMM_F_IP_CSUM)
			e->data[ETH_HLEN + 10] ^= 0x5a;
		else
			e->data[l4 + field] ^= 0x5a;
		gd_send_kind(t, cases[i].k, 300, true, false);
		dh_run(&t->h);
		dh_check(&t->h);
		dev_get_stats(t->h.dev, &b);
		KUNIT_EXPECT_EQ_MSG(test, b.rx_packets - a.rx_packets, 2ull,
				    "case %u", i);
		KUNIT_EXPECT_EQ_MSG(test, b.rx_errors - a.rx_errors, 0ull,
				    "case %u", i);
	}
	gd_check_clean(t);
}

/* A CRC error: dropped and counted, nothing delivered; frames after it
 * arrive.
 */
static void gd_crc_test(struct kunit *test)
{
	struct gd *t = gd_up(test);
	struct rtnl_link_stats64 a, b;
	struct dh_exp *e;
	u32 id;

	dev_get_stats(t->h.dev, &a);
	gmm_fault(t->m, GMM_F_CRC, 1);
	id = t->h.next_id;
	gd_send_kind(t, GD_UDP, 500, true, false);
	dh_run(&t->h);
	/* not delivered: nothing to match it against */
	e = xa_erase(&t->h.exp, id);
	kfree(e);
	dh_check(&t->h);
	dev_get_stats(t->h.dev, &b);
	KUNIT_EXPECT_EQ(test, t->m->st.rx_crc, 1ull);
	KUNIT_EXPECT_EQ(test, b.rx_crc_errors - a.rx_crc_errors, 1ull);
	KUNIT_EXPECT_EQ(test, b.rx_packets - a.rx_packets, 0ull);
	gd_burst(t, 20);
	dh_run(&t->h);
	dh_check(&t->h);
	dev_get_stats(t->h.dev, &b);
	KUNIT_EXPECT_EQ(test, b.rx_packets - a.rx_packets, 20ull);
	KUNIT_EXPECT_EQ(test, b.rx_crc_errors - a.rx_crc_errors, 1ull);
	gd_check_clean(t);
}

/* The queue statistics of the netdev netlink family on the one queue: its
 * packets are what the model moved, the sums with the base equal the link
 * statistics to the packet (stats.py compares the two), a frame the MAC
 * flagged bad is a hardware drop, and ifdown changes nothing.
 */
static void gd_qstats_test(struct kunit *test)
{
	struct gd *t = gd_up(test);
	struct rtnl_link_stats64 link;
	struct dh_qstats *a;
	struct dh_exp *e;
	u32 id;

	gd_burst(t, 50);
	dh_run(&t->h);
	dh_check(&t->h);
	gmm_fault(t->m, GMM_F_CRC, 1);
	id = t->h.next_id;
	gd_send_kind(t, GD_UDP, 500, true, false);
	dh_run(&t->h);
	/* not delivered: nothing to match it against */
	e = xa_erase(&t->h.exp, id);
	kfree(e);
	dh_check(&t->h);
	a = dh_qstats_read(&t->h);
	KUNIT_EXPECT_EQ(test, a->tx[0].packets, t->m->st.tx_frames);
	KUNIT_EXPECT_EQ(test, a->rx[0].packets, t->m->st.rx_frames - 1);
	KUNIT_EXPECT_EQ(test, a->rx[0].hw_drops, 1ull);
	KUNIT_EXPECT_EQ(test, a->rx[0].alloc_fail, 0ull);
	KUNIT_EXPECT_EQ(test, a->tx[0].hw_drops, 0ull);
	/* one queue in use: the base has none of the packets */
	KUNIT_EXPECT_EQ(test, a->rx_sum.packets, a->rx[0].packets);
	KUNIT_EXPECT_EQ(test, a->rx_sum.hw_drops, 1ull);
	KUNIT_EXPECT_EQ(test, a->tx_sum.bytes, a->tx[0].bytes);
	dev_get_stats(t->h.dev, &link);
	KUNIT_EXPECT_EQ(test, a->rx_sum.packets, link.rx_packets);
	KUNIT_EXPECT_EQ(test, a->rx_sum.bytes, link.rx_bytes);
	KUNIT_EXPECT_EQ(test, a->tx_sum.packets, link.tx_packets);
	KUNIT_EXPECT_EQ(test, a->tx_sum.bytes, link.tx_bytes);
	KUNIT_EXPECT_GT(test, a->tx_sum.bytes, 50ull * ETH_ZLEN);

	rtnl_lock();
	dev_close(t->h.dev);
	rtnl_unlock();
	KUNIT_EXPECT_MEMEQ(test, a, dh_qstats_read(&t->h), sizeof(*a));
	dh_open(&t->h);
}

static int gd_hwtstamp(struct gd *t, int tx, int rx)
{
	struct kernel_hwtstamp_config cfg = {
		.tx_type = tx,
		.rx_filter = rx,
	};
	int ret;

	rtnl_lock();
	ret = t->h.dev->netdev_ops->ndo_hwtstamp_set(t->h.dev, &cfg, NULL);
	rtnl_unlock();
	return ret;
}

/* Send one frame, take what arrived: its RX stamp (0 if none). */
static u64 gd_rx_stamp(struct gd *t, enum gd_kind kind, u32 lin)
{
	struct dh_rx *r, *n;
	u64 ts = U64_MAX;
	u32 got = 0;

	gd_send_kind(t, kind, lin, true, false);
	dh_run(&t->h);
	spin_lock_bh(&t->h.lock);
	list_for_each_entry_safe(r, n, &t->h.rx, node) {
		ts = r->hwts;
		got++;
	}
	spin_unlock_bh(&t->h.lock);
	KUNIT_EXPECT_EQ(t->h.test, got, 1u);
	dh_check(&t->h);
	return ts;
}

/* RX timestamps with PTP version 2 event messages selected: a Sync gets
 * the stamp the model wrote, a Follow_Up and a UDP frame none. Cores
 * without the advanced unit (and so the 32-byte format) have no hwtstamp
 * configuration.
 */
static void gd_ptp_rx_test(struct kunit *test)
{
	struct gd *t = gd_up(test);
	u64 ts, before;

	/* no advanced unit: no PHC, no hwtstamp configuration at all */
	if (t->core->desc_size != 32) {
		KUNIT_EXPECT_EQ(test, gd_hwtstamp(t, HWTSTAMP_TX_ON,
						  HWTSTAMP_FILTER_PTP_V2_EVENT),
				-EOPNOTSUPP);
		return;
	}
	/* off: nothing stamped */
	KUNIT_EXPECT_EQ(test, gd_rx_stamp(t, GD_PTP, 0), 0ull);
	KUNIT_ASSERT_EQ(test, gd_hwtstamp(t, HWTSTAMP_TX_ON,
					  HWTSTAMP_FILTER_PTP_V2_EVENT), 0);
	before = t->m->st.rx_ts;
	ts = gd_rx_stamp(t, GD_PTP, 0);	/* Sync */
	KUNIT_EXPECT_EQ(test, t->m->st.rx_ts, before + 1);
	KUNIT_EXPECT_NE(test, ts, 0ull);
	KUNIT_EXPECT_EQ(test, ts, t->m->last_rx_ts);
	KUNIT_EXPECT_EQ(test, gd_rx_stamp(t, GD_PTP, 8), 0ull); /* Follow_Up */
	KUNIT_EXPECT_EQ(test, gd_rx_stamp(t, GD_UDP, 100), 0ull);
	/* and a second Sync, later on the model's clock */
	ts = gd_rx_stamp(t, GD_PTP, 0);
	KUNIT_EXPECT_EQ(test, t->m->st.rx_ts, before + 2);
	KUNIT_EXPECT_EQ(test, ts, t->m->last_rx_ts);
	/* every frame: the UDP one is stamped too */
	KUNIT_ASSERT_EQ(test, gd_hwtstamp(t, HWTSTAMP_TX_OFF,
					  HWTSTAMP_FILTER_ALL), 0);
	ts = gd_rx_stamp(t, GD_UDP, 100);
	KUNIT_EXPECT_EQ(test, ts, t->m->last_rx_ts);
	KUNIT_EXPECT_EQ(test, t->m->st.rx_ts, before + 3);
	gd_check_clean(t);
}

/* The TX stamp of one message from the socket's error queue, as
 * recvmsg(MSG_ERRQUEUE) gives it to a PTP daemon: 0 if there is none.
 */
static u64 gd_errqueue_stamp(struct gd *t)
{
	char ctrl[CMSG_SPACE(sizeof(struct scm_timestamping64)) +
		  CMSG_SPACE(sizeof(struct sock_extended_err)) + 64];
	struct msghdr msg = {
		.msg_control = ctrl,
		.msg_controllen = sizeof(ctrl),
	};
	struct sock_extended_err *ee = NULL;
	struct scm_timestamping64 *tss = NULL;
	u8 buf[128];
	struct kvec iov = { .iov_base = buf, .iov_len = sizeof(buf) };
	struct cmsghdr *c;
	int ret;

	ret = kernel_recvmsg(t->sock, &msg, &iov, 1, sizeof(buf),
			     MSG_ERRQUEUE | MSG_DONTWAIT);
	if (ret < 0)
		return 0;
	/* put_cmsg() moved msg_control on: walk what it wrote */
	msg.msg_control = ctrl;
	msg.msg_controllen = sizeof(ctrl) - msg.msg_controllen;
	for (c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c)) {
		if (c->cmsg_level == SOL_SOCKET &&
		    c->cmsg_type == SO_TIMESTAMPING_NEW)
			tss = (void *)CMSG_DATA(c);
		if (c->cmsg_level == SOL_PACKET &&
		    c->cmsg_type == PACKET_TX_TIMESTAMP)
			ee = (void *)CMSG_DATA(c);
	}
	KUNIT_ASSERT_NOT_NULL(t->h.test, ee);
	KUNIT_EXPECT_EQ(t->h.test, ee->ee_errno, (u32)ENOMSG);
	KUNIT_EXPECT_EQ(t->h.test, ee->ee_origin, SO_EE_ORIGIN_TIMESTAMPING);
	KUNIT_EXPECT_EQ(t->h.test, ee->ee_info, (u32)SCM_TSTAMP_SND);
	KUNIT_ASSERT_NOT_NULL(t->h.test, tss);
	/* ts[2]: the raw hardware stamp */
	return (u64)tss->ts[2].tv_sec * NSEC_PER_SEC + tss->ts[2].tv_nsec;
}

/* A packet socket as a PTP daemon opens one for PTP over Ethernet:
 * hardware TX stamps on, bypassing the qdisc so that a send reaches
 * ndo_start_xmit in the sender's context.
 */
KUNIT_DEFINE_ACTION_WRAPPER(gd_sock_release, sock_release, struct socket *);

static void gd_sock(struct gd *t)
{
	int val = SOF_TIMESTAMPING_TX_HARDWARE | SOF_TIMESTAMPING_RAW_HARDWARE;
	struct kunit *test = t->h.test;

	KUNIT_ASSERT_EQ(test, sock_create_kern(&init_net, AF_PACKET, SOCK_RAW,
					       0, &t->sock), 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, gd_sock_release,
							t->sock), 0);
	KUNIT_ASSERT_EQ(test, sock_setsockopt(t->sock, SOL_SOCKET,
					      SO_TIMESTAMPING_NEW,
					      KERNEL_SOCKPTR(&val),
					      sizeof(val)), 0);
	val = 1;
	KUNIT_ASSERT_EQ(test,
			t->sock->ops->setsockopt(t->sock, SOL_PACKET,
						 PACKET_QDISC_BYPASS,
						 KERNEL_SOCKPTR(&val),
						 sizeof(val)), 0);
}

/* A Sync through the socket: the stack marks it for a hardware stamp. */
static void gd_sock_send(struct gd *t)
{
	struct sockaddr_ll sll = {
		.sll_family = AF_PACKET,
		.sll_protocol = htons(ETH_P_1588),
		.sll_ifindex = t->h.dev->ifindex,
	};
	struct msghdr msg = {
		.msg_name = &sll,
		.msg_namelen = sizeof(sll),
	};
	u32 id = dh_id(&t->h);
	struct sk_buff *skb = dh_ptp(&t->h, id, 0);
	struct kvec iov;

	KUNIT_ASSERT_NOT_NULL(t->h.test, skb);
	dh_expect_store(&t->h, skb, id, 0);
	iov.iov_base = skb->data;
	iov.iov_len = skb->len;
	KUNIT_EXPECT_EQ(t->h.test,
			kernel_sendmsg(t->sock, &msg, &iov, 1, skb->len),
			(int)skb->len);
	kfree_skb(skb);
}

/* TX timestamps: a PTP Sync sent through a packet socket with hardware
 * TX stamps on, and Syncs handed to the driver owned by that socket in
 * the middle of bursts (xmit_more, coalescing that would put no IC bit
 * on them), each get the stamp the model wrote into its last descriptor,
 * on the socket's error queue, and each carried IC.
 */
static void gd_ptp_tx_test(struct kunit *test)
{
	struct gd *t = gd_up(test);
	const struct gmm_stats *s = &t->m->st;
	struct sk_buff *skb;
	u32 i, j, id, n0;
	u64 frames, ic;

	if (t->core->desc_size != 32)
		kunit_skip(test, "no hardware timestamps on 16-byte descriptors");
	gd_sock(t);
	KUNIT_ASSERT_EQ(test, gd_hwtstamp(t, HWTSTAMP_TX_ON,
					  HWTSTAMP_FILTER_NONE), 0);
	dh_set_coal(&t->h, 5000, 256);
	n0 = s->tx_ts;

	gd_sock_send(t);
	dh_run(&t->h);
	dh_check(&t->h);
	KUNIT_EXPECT_EQ(test, s->tx_ts, n0 + 1ull);
	KUNIT_EXPECT_EQ(test, gd_errqueue_stamp(t),
			t->m->tx_ts_log[n0 % GMM_TS_LOG]);

	frames = s->tx_frames;
	ic = s->tx_ic;
	for (i = 0; i < 5; i++) {
		for (j = 0; j < 6; j++)
			gd_send_kind(t, GD_UDP, 200, true, true);
		id = dh_id(&t->h);
		skb = dh_ptp(&t->h, id, 0);
		KUNIT_ASSERT_NOT_NULL(test, skb);
		skb_set_owner_w(skb, t->sock->sk);
		skb_shinfo(skb)->tx_flags |= SKBTX_HW_TSTAMP;
		gd_send(t, skb, id, true);
		gd_send_kind(t, GD_TCP, 100, true, i < 4);
	}
	dh_run(&t->h);
	dh_check(&t->h);
	KUNIT_EXPECT_EQ(test, s->tx_ts, n0 + 6ull);
	/* every stamped frame had IC, and not every frame did */
	KUNIT_EXPECT_EQ(test, s->tx_ts_ic, s->tx_ts);
	KUNIT_EXPECT_LT(test, s->tx_ic - ic, s->tx_frames - frames);
	for (i = 1; i <= 5; i++)
		KUNIT_EXPECT_EQ_MSG(test, gd_errqueue_stamp(t),
				    t->m->tx_ts_log[(n0 + i) % GMM_TS_LOG],
				    "stamp %u", i);
	KUNIT_EXPECT_EQ(test, gd_errqueue_stamp(t), 0ull);
	/* TX stamps off: a frame asking for one goes without */
	KUNIT_ASSERT_EQ(test, gd_hwtstamp(t, HWTSTAMP_TX_OFF,
					  HWTSTAMP_FILTER_NONE), 0);
	gd_sock_send(t);
	dh_run(&t->h);
	dh_check(&t->h);
	KUNIT_EXPECT_EQ(test, s->tx_ts, n0 + 6ull);
	KUNIT_EXPECT_EQ(test, gd_errqueue_stamp(t), 0ull);
	gd_check_clean(t);
}

/* rx-copybreak (data_harness.c): short frames copied out of their buffer */
static void gd_copybreak_test(struct kunit *test)
{
	struct gd *t = gd_up(test);

	dh_copybreak_case(&t->h, 0);
	gd_check_clean(t);
}

/* Native XDP (xdp_harness.c): XDP_TX, XDP_DROP, XDP_PASS as the program
 * left the frame, the MTU it allows, ndo_xdp_xmit; the DMA read nothing
 * the driver had given back.
 */
static void gd_xdp_tx_test(struct kunit *test)
{
	struct gd *t = gd_up(test);

	dh_xdp_tx_case(&t->h, 0);
	gd_check_clean(t);
}

static void gd_xdp_drop_test(struct kunit *test)
{
	struct gd *t = gd_up(test);

	dh_set_rings(&t->h, t->h.priv->tx_ring_size, STMMAC_RING_MIN);
	dh_xdp_drop_case(&t->h, 0);
	gd_check_clean(t);
}

static void gd_xdp_pass_test(struct kunit *test)
{
	struct gd *t = gd_up(test);

	dh_xdp_pass_case(&t->h, 0);
	gd_check_clean(t);
}

static void gd_xdp_mtu_test(struct kunit *test)
{
	struct gd *t = gd_up(test);

	dh_xdp_mtu_case(&t->h);
	gd_check_clean(t);
}

static void gd_xdp_xmit_test(struct kunit *test)
{
	struct gd *t = gd_up(test);

	dh_xdp_xmit_case(&t->h);
	gd_check_clean(t);
}

/* XDP_REDIRECT (xdp_harness.c): back out of the same device; to no device
 * and to one without ndo_xdp_xmit; from one device to a second.
 */
static void gd_xdp_redirect_test(struct kunit *test)
{
	struct gd *t = gd_up(test);

	dh_xdp_redirect_case(&t->h, 0);
	gd_check_clean(t);
}

static void gd_xdp_redirect_fail_test(struct kunit *test)
{
	struct gd *t = gd_up(test);

	dh_set_rings(&t->h, t->h.priv->tx_ring_size, STMMAC_RING_MIN);
	dh_xdp_redirect_fail_case(&t->h, 0);
	gd_check_clean(t);
}

static void gd_xdp_redirect_dev_test(struct kunit *test)
{
	struct gd *a = gd_up(test), *b = gd_up(test);

	dh_xdp_redirect_dev_case(&a->h, &b->h, 0);
	gd_check_clean(a);
	gd_check_clean(b);
}

/* An AF_XDP socket in copy mode (xsk_harness.c): frames to it through
 * XDP_REDIRECT, from it through the stack's xmit.
 */
static void gd_xsk_copy_test(struct kunit *test)
{
	struct gd *t = gd_up(test);

	dh_xsk_copy_case(&t->h, 0);
	gd_check_clean(t);
}

/* An AF_XDP socket in zero-copy mode (xsk_harness.c) */
static void gd_xsk_zc_test(struct kunit *test)
{
	struct gd *t = gd_up(test);

	dh_xsk_zc_case(&t->h, 0);
	gd_check_clean(t);
}

static int gd_suite_init(struct kunit_suite *suite)
{
	return dh_suite_init(&gd_hs);
}

static void gd_suite_exit(struct kunit_suite *suite)
{
	dh_suite_exit(&gd_hs);
}

static struct kunit_case gd_cases[] = {
	KUNIT_CASE_PARAM(gd_traffic_test, gd_core_gen_params),
	KUNIT_CASE_PARAM(gd_bql_stop_test, gd_core_gen_params),
	KUNIT_CASE_PARAM(gd_late_ti_test, gd_core_gen_params),
	KUNIT_CASE_PARAM(gd_features_test, gd_core_gen_params),
	KUNIT_CASE_PARAM(gd_mac_config_test, gd_core_gen_params),
	KUNIT_CASE_PARAM(gd_sleep_counters_test, gd_core_gen_params),
	KUNIT_CASE_PARAM(gd_unbind_wakeup_test, gd_core_gen_params),
	KUNIT_CASE_PARAM(gd_resume_glue_fail_test, gd_core_gen_params),
	KUNIT_CASE_PARAM(gd_wedged_dma_test, gd_core_gen_params),
	KUNIT_CASE_PARAM(gd_jumbo_test, gd_core_gen_params),
	KUNIT_CASE_PARAM(gd_rx_csum_test, gd_core_gen_params),
	KUNIT_CASE_PARAM(gd_crc_test, gd_core_gen_params),
	KUNIT_CASE_PARAM(gd_qstats_test, gd_core_gen_params),
	KUNIT_CASE_PARAM(gd_ptp_rx_test, gd_core_gen_params),
	KUNIT_CASE_PARAM(gd_ptp_tx_test, gd_core_gen_params),
	KUNIT_CASE_PARAM(gd_copybreak_test, gd_core_gen_params),
	KUNIT_CASE_PARAM(gd_xdp_tx_test, gd_core_gen_params),
	KUNIT_CASE_PARAM(gd_xdp_drop_test, gd_core_gen_params),
	KUNIT_CASE_PARAM(gd_xdp_pass_test, gd_core_gen_params),
	KUNIT_CASE_PARAM(gd_xdp_mtu_test, gd_core_gen_params),
	KUNIT_CASE_PARAM(gd_xdp_xmit_test, gd_core_gen_params),
	KUNIT_CASE_PARAM(gd_xdp_redirect_test, gd_core_gen_params),
	KUNIT_CASE_PARAM(gd_xdp_redirect_fail_test, gd_core_gen_params),
	KUNIT_CASE_PARAM(gd_xdp_redirect_dev_test, gd_core_gen_params),
	KUNIT_CASE_PARAM(gd_xsk_copy_test, gd_core_gen_params),
	KUNIT_CASE_PARAM(gd_xsk_zc_test, gd_core_gen_params),
	{}
};

static struct kunit_suite gd_suite = {
	.name = "stmmac_gmac_data",
	.suite_init = gd_suite_init,
	.suite_exit = gd_suite_exit,
	.test_cases = gd_cases,
};

kunit_test_suite(gd_suite);

MODULE_DESCRIPTION("KUnit: the stmmac GMAC 3.x data path on a model of the core");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(STMMAC_KUNIT_NS);
