// SPDX-License-Identifier: GPL-2.0-only
/*
 * The XGMAC data path, end to end: the real driver probed on a platform
 * device whose registers and DMA are the software model of
 * xgmac_model.c (8 TX and 8 RX queues, per-channel or single interrupt),
 * opened with a fixed link, fed through ndo_start_xmit on every queue.
 * The model loops every frame back; the test takes them from the device's
 * rx_handler and checks each arrived once, byte for byte as the wire
 * should carry it (TSO: each segment as a receiver reassembles it), with
 * data_harness.c.
 *
 * Contexts are the kernel's: xmit and NAPI with bottom halves off, the
 * interrupt handler in hard interrupt context (an irq_work, which is a
 * real interrupt on arm64), ethtool and open/stop under RTNL.
 */

#include <kunit/test.h>
#include <linux/atomic.h>
#include <linux/etherdevice.h>
#include <linux/ethtool.h>
#include <linux/if_ether.h>
#include <linux/if_vlan.h>
#include <linux/interrupt.h>
#include <linux/ip.h>
#include <linux/netdevice.h>
#include <linux/platform_device.h>
#include <linux/rtnetlink.h>
#include <linux/tcp.h>
#include <linux/xarray.h>
#include <net/checksum.h>
#include <net/netdev_rx_queue.h>
#include <net/page_pool/types.h>
#include <linux/unaligned.h>

#include "../stmmac.h"
#include "data_harness.h"
#include "xgmac_case.h"
#include "../stmmac_compat.h"

static atomic_t xd_tx_freed;

static struct dh_suite xd_hs = {
	.name = "stmmac-xgm-kunit",
	.ops = &xd_ops,
};

static void xd_tx_kick(void __iomem *ioaddr, u32 chan, dma_addr_t tail)
{
	struct dh_case *h = dh_of_io(ioaddr);

	xd_of(h)->kicks[chan]++;
	h->hw_real->tx_kick(ioaddr, chan, tail);
}

static void xd_wrap_hw(struct xd *t)
{
	dh_wrap_hw(&t->h);
	t->h.hw.tx_kick = xd_tx_kick;
}

/* Frames */

static void xd_skb_free(struct sk_buff *skb)
{
	atomic_inc(&xd_tx_freed);
}

/* UDP: @lin payload bytes in the linear part, then @n fragments. */
static struct sk_buff *xd_udp(struct xd *t, u32 id, u32 lin, const u32 *sizes,
			      const u32 *offs, u32 n, bool partial)
{
	return dh_l4(&t->h, id, IPPROTO_UDP, false, lin, sizes, offs, n,
		     partial);
}

/* Queue selection as the stack's, steered to @want (a recorded RX queue
 * is what netdev_pick_tx() hashes to), then the driver's own choice.
 */
static u32 xd_pick(struct xd *t, struct sk_buff *skb, u32 want)
{
	skb_record_rx_queue(skb, want);
	return t->h.dev->netdev_ops->ndo_select_queue(t->h.dev, skb, NULL);
}

static void xd_send(struct xd *t, struct sk_buff *skb, u32 id, u32 want,
		    bool more)
{
	u32 q = xd_pick(t, skb, want);

	skb_set_queue_mapping(skb, q);
	skb->destructor = xd_skb_free;
	dh_send(&t->h, skb, id, q, more);
}

static void xd_send_small(struct xd *t, u32 q, u32 lin, bool partial,
			  bool more)
{
	u32 id = dh_id(&t->h);
	struct sk_buff *skb = xd_udp(t, id, lin, NULL, NULL, 0, partial);

	KUNIT_ASSERT_NOT_NULL(t->h.test, skb);
	xd_send(t, skb, id, q, more);
}

static void xd_send_frags(struct xd *t, u32 q, bool partial, bool more)
{
	static const u32 sizes[] = { 700, 1000, 300 };
	static const u32 offs[] = { 100, 0, 3000 };
	u32 id = dh_id(&t->h);
	struct sk_buff *skb = xd_udp(t, id, 40, sizes, offs, 3, partial);

	KUNIT_ASSERT_NOT_NULL(t->h.test, skb);
	xd_send(t, skb, id, q, more);
}

static void xd_send_tso(struct xd *t, u32 q, bool fin)
{
	u32 id = dh_id(&t->h);
	struct sk_buff *skb = xd_tso(t, id, fin);

	KUNIT_ASSERT_NOT_NULL(t->h.test, skb);
	xd_send(t, skb, id, q, false);
}

/* Probe the driver on the model, per-channel interrupts if @perch,
 * TX queues without checksum engine in @coe_off; open it.
 */
static struct xd *xd_up(struct kunit *test, bool perch, u32 coe_off)
{
	atomic_set(&xd_tx_freed, 0);
	return xd_probe(test, &xd_hs, perch, coe_off);
}

/* A burst on every queue: small frames, checksummed by the core or
 * already, fragmented ones, and TSO where @tso.
 */
static void xd_burst(struct xd *t, u32 small, u32 frags, u32 tso)
{
	u32 q, i;

	for (q = 0; q < XD_QUEUES; q++) {
		for (i = 0; i < small; i++)
			xd_send_small(t, q, 4 + (i * 37) % 1400, i % 3,
				      i % 8 != 7 && i + 1 < small);
		for (i = 0; i < frags; i++)
			xd_send_frags(t, q, i % 2, false);
		for (i = 0; i < tso; i++)
			xd_send_tso(t, q, i % 2);
	}
}

static u64 xd_ic_set(struct xd *t, u32 q)
{
	struct stmmac_coal_stats s;

	stmmac_coal_tx_stats(&t->h.priv->coal.tx[q], &s);
	return s.ic_set;
}

/* Coalescing counters of every queue, the driver's and the model's */
struct xd_snap {
	u64 ic[XD_QUEUES];
	u64 ioc[XD_QUEUES];
	u64 ti[XD_QUEUES];
	u32 irqs[XD_QUEUES];
};

static void xd_snap(struct xd *t, struct xd_snap *s)
{
	u32 q;

	for (q = 0; q < XD_QUEUES; q++) {
		s->ic[q] = xd_ic_set(t, q);
		s->ioc[q] = t->m->st[q].tx_ioc;
		s->ti[q] = t->m->st[q].ti;
		s->irqs[q] = t->h.irqs[1 + XD_QUEUES + q];
	}
}

/* Every IC bit xmit counted reached the DMA, and raised one TI; no more
 * TX interrupts were taken than there were TIs.
 */
static void xd_check_irqs(struct xd *t, const struct xd_snap *b)
{
	struct xd_snap a;
	u32 q;

	xd_snap(t, &a);
	for (q = 0; q < XD_QUEUES; q++) {
		KUNIT_EXPECT_EQ_MSG(t->h.test, a.ioc[q] - b->ioc[q],
				    a.ic[q] - b->ic[q],
				    "queue %u: IC bits the DMA saw vs counted", q);
		KUNIT_EXPECT_EQ_MSG(t->h.test, a.ti[q] - b->ti[q],
				    a.ic[q] - b->ic[q], "queue %u: TI raised", q);
		KUNIT_EXPECT_LE_MSG(t->h.test, (u64)(a.irqs[q] - b->irqs[q]),
				    a.ti[q] - b->ti[q],
				    "queue %u: TX interrupts taken", q);
	}
}

static void xd_traffic(struct kunit *test, bool perch)
{
	struct xd *t = xd_up(test, perch, 0);
	struct xd_snap snap;
	u32 q;

	xd_snap(t, &snap);
	xd_burst(t, 40, 6, 2);
	dh_run(&t->h);
	dh_check(&t->h);
	xd_check_clean(t);
	xd_check_irqs(t, &snap);
	for (q = 0; q < XD_QUEUES; q++) {
		KUNIT_EXPECT_GT_MSG(test, t->m->st[q].rx_frames, 40ull,
				    "RX channel %u", q);
		if (perch)
			KUNIT_EXPECT_GT_MSG(test, t->h.irqs[1 + q], 0u,
					    "RX line %u", q);
	}
	if (!perch)
		KUNIT_EXPECT_GT(test, t->h.irqs[0], 0u);
}

static void xd_perch_test(struct kunit *test)
{
	xd_traffic(test, true);
}

static void xd_single_irq_test(struct kunit *test)
{
	xd_traffic(test, false);
}

static u32 xd_pool_pages(struct xd *t)
{
	u32 q, n = 0;

	for (q = 0; q < t->h.priv->rx_queues; q++)
		n += t->h.priv->rxq[q].pool->pages_state_hold_cnt;
	return n;
}

/* Small rings, wrapped many times over by bursts between which the
 * coalescing settings and ring sizes change; RX pages come back to
 * their pools rather than from the page allocator.
 */
static void xd_wrap_reconfig_test(struct kunit *test)
{
	static const struct { u32 usecs, frames, tx, rx; } steps[] = {
		{ 5000, 25, 128, 64 },
		{ 0, 1, 128, 64 },
		{ 1, 1, 256, 128 },
		{ 100, 256, 128, 64 },
		{ 20, 0, 1024, 512 },
		{ 1000, 8, 128, 64 },
	};
	struct xd *t = xd_up(test, true, 0);
	u64 wraps[XD_QUEUES], rx_wraps[XD_QUEUES];
	u32 s, q, pages;

	for (s = 0; s < ARRAY_SIZE(steps); s++) {
		dh_set_coal(&t->h, steps[s].usecs, steps[s].frames);
		dh_set_rings(&t->h, steps[s].tx, steps[s].rx);
		for (q = 0; q < XD_QUEUES; q++) {
			wraps[q] = t->m->st[q].tx_wraps;
			rx_wraps[q] = t->m->st[q].rx_wraps;
		}
		pages = xd_pool_pages(t);
		/* 300 descriptors and 330 RX buffers a queue per burst */
		xd_burst(t, 280, 4, 0);
		dh_run(&t->h);
		dh_check(&t->h);
		xd_check_clean(t);
		for (q = 0; q < XD_QUEUES && steps[s].tx == 128; q++) {
			KUNIT_EXPECT_GE_MSG(test, t->m->st[q].tx_wraps - wraps[q],
					    2ull, "step %u queue %u", s, q);
			KUNIT_EXPECT_GE_MSG(test,
					    t->m->st[q].rx_wraps - rx_wraps[q],
					    4ull, "step %u queue %u", s, q);
		}
		/* 2300 frames went through pools of 8 x 64 slots: the pages
		 * taken from the page allocator are a ring's worth or so.
		 */
		if (steps[s].rx == 64)
			KUNIT_EXPECT_LE_MSG(test, xd_pool_pages(t) - pages,
					    8u * 64, "step %u", s);
	}
}

/* TSO on every queue, and with queues 2-7 without checksum engine (as
 * on Agilex5): checksummed frames and TSO steered to queues 0-1, the
 * others sent as they are.
 */
static void xd_tso_test(struct kunit *test)
{
	struct xd *t = xd_up(test, true, 0);
	struct xd_snap snap;
	u32 q;

	xd_snap(t, &snap);
	for (q = 0; q < XD_QUEUES; q++) {
		xd_send_tso(t, q, false);
		xd_send_tso(t, q, true);
		xd_send_small(t, q, 100, true, false);
	}
	dh_run(&t->h);
	dh_check(&t->h);
	xd_check_clean(t);
	xd_check_irqs(t, &snap);
	for (q = 0; q < XD_QUEUES; q++)
		KUNIT_EXPECT_EQ_MSG(test, t->m->st[q].tx_segments,
				    2ull * 46 + 1, "queue %u", q);
}

static void xd_tso_coe_off_test(struct kunit *test)
{
	struct xd *t = xd_up(test, true, GENMASK(7, 2));
	u32 q;

	for (q = 0; q < XD_QUEUES; q++) {
		xd_send_tso(t, q, q % 2);
		xd_send_small(t, q, 300, true, false);
		xd_send_small(t, q, 300, false, false);
		xd_send_frags(t, q, true, false);
	}
	dh_run(&t->h);
	dh_check(&t->h);
	xd_check_clean(t);
	/* 8 TSO frames of 46 segments, 8 x 2 checksummed frames */
	KUNIT_EXPECT_EQ(test, t->m->st[0].tx_segments + t->m->st[1].tx_segments,
			8ull * 46 + 16 + 2);
	for (q = 2; q < XD_QUEUES; q++)
		KUNIT_EXPECT_EQ_MSG(test, t->m->st[q].tx_segments, 1ull,
				    "queue %u", q);
}

/* As gd_late_ti_test, on a channel whose TX interrupt has a line of its
 * own (no RX interrupt takes TI along): a frame with IC that the DMA
 * completes between TX NAPI's clean and its unmask, its TI latched under
 * the mask and raising no line at the unmask (&xgm_model.edge_irq), is
 * found by the poll's own look after unmasking.
 */
static void xd_late_ti_test(struct kunit *test)
{
	struct xd *t = xd_up(test, true, 0);
	struct xgm_lines l;
	struct sk_buff *skb;
	u32 id;

	/* IC on every frame: nothing is left to the timer */
	dh_set_coal(&t->h, 5000, 1);
	/* BQL's limit grows past one frame, so that two fit at once */
	xd_burst(t, 20, 0, 0);
	dh_run(&t->h);
	xd_wrap_hw(t);
	t->m->edge_irq = true;

	id = dh_id(&t->h);
	skb = xd_udp(t, id, 100, NULL, NULL, 0, false);
	KUNIT_ASSERT_NOT_NULL(test, skb);
	skb_set_queue_mapping(skb, 0);
	skb->dev = t->h.dev;
	skb->destructor = xd_skb_free;
	dh_expect_store(&t->h, skb, id, 0);

	xd_send_small(t, 0, 100, false, false);
	xgm_step(t->m, XD_BUDGET);
	xgm_lines(t->m, &l);
	KUNIT_ASSERT_TRUE(test, l.tx & BIT(0));
	local_bh_disable();
	/* TX NAPI scheduled, TI masked; the next frame is the DMA's before
	 * the poll runs, and completes just before its unmask.
	 */
	dh_fire_bh_off(&t->h, 1 + XD_QUEUES);
	if (!dh_xmit(&t->h, skb, 0, false)) {
		kfree_skb(skb);
		KUNIT_FAIL(test, "TX queue 0 stopped");
	}
	t->h.step_at_unmask = true;
	local_bh_enable();
	KUNIT_EXPECT_FALSE(test, t->h.step_at_unmask);

	dh_run(&t->h);
	KUNIT_EXPECT_EQ_MSG(test, dh_bql_inflight(&t->h, 0), 0u,
			    "a completed frame was never cleaned");
	dh_check(&t->h);
}

/* The offloads the stack may use for a frame (netif_skb_features(), which
 * asks the driver). A TSO frame keeps TSO on a queue with TSO, with one
 * 802.1Q tag too (as upstream), and is segmented by the stack on a queue
 * without (tc skbedit can steer it there), rather than dropped by xmit.
 * 802.1ad, and any tag on a frame the engine only checksums: software.
 */
static void xd_features_test(struct kunit *test)
{
	struct xd *t = xd_up(test, true, GENMASK(7, 2));
	struct sk_buff *skb;
	netdev_features_t f;

	/* The tags below are the frame's, for the engines to see: the MAC
	 * inserts none (its insertion: xgmac_vlan_kunit.c).
	 */
	rtnl_lock();
	t->h.dev->wanted_features &= ~NETIF_F_HW_VLAN_CTAG_TX;
	netdev_update_features(t->h.dev);
	rtnl_unlock();
	KUNIT_ASSERT_FALSE(test, t->h.dev->features & NETIF_F_HW_VLAN_CTAG_TX);

	skb = xd_tso(t, dh_id(&t->h), false);
	KUNIT_ASSERT_NOT_NULL(test, skb);
	skb->dev = t->h.dev;
	skb_set_queue_mapping(skb, 0);
	f = netif_skb_features(skb);
	KUNIT_EXPECT_TRUE(test, f & NETIF_F_TSO);
	KUNIT_EXPECT_TRUE(test, f & NETIF_F_IP_CSUM);

	skb_set_queue_mapping(skb, 3);
	f = netif_skb_features(skb);
	KUNIT_EXPECT_FALSE_MSG(test, f & NETIF_F_GSO_MASK,
			       "GSO on a queue without TSO: %pNF", &f);

	skb_set_queue_mapping(skb, 0);
	__vlan_hwaccel_put_tag(skb, htons(ETH_P_8021Q), 5);
	f = netif_skb_features(skb);
	KUNIT_EXPECT_TRUE_MSG(test, f & NETIF_F_TSO, "TSO, 802.1Q: %pNF", &f);
	/* A GSO type the device lacks (ECN: CWR set): the stack segments,
	 * and the tagged segments must not go to the engine either.
	 */
	skb_shinfo(skb)->gso_type |= SKB_GSO_TCP_ECN;
	f = netif_skb_features(skb);
	KUNIT_EXPECT_FALSE_MSG(test, f & (NETIF_F_GSO_MASK | NETIF_F_CSUM_MASK),
			       "TSO with ECN, 802.1Q: %pNF", &f);
	skb_shinfo(skb)->gso_type &= ~SKB_GSO_TCP_ECN;
	__vlan_hwaccel_put_tag(skb, htons(ETH_P_8021AD), 5);
	f = netif_skb_features(skb);
	KUNIT_EXPECT_FALSE_MSG(test, f & (NETIF_F_GSO_MASK | NETIF_F_CSUM_MASK),
			       "TSO, 802.1ad: %pNF", &f);
	kfree_skb(skb);

	skb = xd_udp(t, dh_id(&t->h), 300, NULL, NULL, 0, true);
	KUNIT_ASSERT_NOT_NULL(test, skb);
	skb->dev = t->h.dev;
	skb_set_queue_mapping(skb, 0);
	f = netif_skb_features(skb);
	KUNIT_EXPECT_TRUE(test, f & NETIF_F_IP_CSUM);
	__vlan_hwaccel_put_tag(skb, htons(ETH_P_8021Q), 5);
	f = netif_skb_features(skb);
	KUNIT_EXPECT_FALSE_MSG(test, f & NETIF_F_CSUM_MASK,
			       "checksum, 802.1Q: %pNF", &f);
	kfree_skb(skb);
}

/* The DMA closes a TSO frame's descriptors one at a time and TX clean
 * runs between them: no buffer may be unmapped while a descriptor still
 * to be read points into it (a split linear part, a split fragment).
 */
static void xd_split_unmap_test(struct kunit *test)
{
	struct xd *t = xd_up(test, true, 0);
	u32 q, i;

	for (q = 0; q < 2; q++)
		xd_send_tso(t, q, false);
	for (i = 0; i < 200; i++) {
		xgm_step(t->m, 1);
		for (q = 0; q < 2; q++) {
			local_bh_disable();
			napi_schedule(&t->h.priv->channel[q].tx_napi);
			local_bh_enable();
		}
		xd_irqs(&t->h);
		dh_softirqs();
	}
	dh_run(&t->h);
	dh_check(&t->h);
	xd_check_clean(t);
}

/* Stop with frames everywhere: in the rings not yet sent, sent and not
 * cleaned, received and not polled. Everything is freed, BQL forgets,
 * no page stays out of its pool; it then runs again.
 */
static void xd_stop_inflight_test(struct kunit *test)
{
	struct xd *t = xd_up(test, true, 0);
	u32 q, i;

	dh_set_coal(&t->h, 100000, 0);
	for (q = 0; q < XD_QUEUES; q++) {
		for (i = 0; i < 30; i++)
			xd_send_small(t, q, 200, true, false);
		xd_send_tso(t, q, false);
	}
	/* some sent, none cleaned nor received */
	xgm_step(t->m, 20);
	rtnl_lock();
	dev_close(t->h.dev);
	rtnl_unlock();
	KUNIT_EXPECT_EQ(test, (u32)atomic_read(&xd_tx_freed), t->h.sent);
	for (q = 0; q < XD_QUEUES; q++)
		KUNIT_EXPECT_EQ_MSG(test, dh_bql_inflight(&t->h, q), 0u,
				    "queue %u", q);
	KUNIT_EXPECT_TRUE_MSG(test, hlist_empty(&t->h.dev->page_pools),
			      "a page pool was left with pages out");
	/* what arrived before the stop is not checked */
	dh_forget(&t->h);
	dh_open(&t->h);
	dh_set_coal(&t->h, 5000, 25);
	xd_burst(t, 20, 2, 1);
	dh_run(&t->h);
	dh_check(&t->h);
	xd_check_clean(t);
}

/* RX errors as the MAC reports them: dropped and counted by cause. A bad
 * L4 checksum is dropped too, in rx_errors alone: the MAC strips every
 * tag, and with an error the descriptor no longer says whether there was
 * one (xgmac_rx_errors()).
 */
static void xd_rx_errors_test(struct kunit *test)
{
	static const struct {
		enum xgm_rx_fault f;
		u32 crc, length, over;
	} cases[] = {
		{ XGM_RXF_CRC, 1, 0, 0 },
		{ XGM_RXF_GIANT, 0, 1, 0 },
		{ XGM_RXF_OVERFLOW, 0, 0, 1 },
		{ XGM_RXF_LENGTH, 0, 1, 0 },
		{ XGM_RXF_RUNT, 0, 1, 0 },
		{ XGM_RXF_L4_CSUM, 0, 0, 0 },
	};
	struct xd *t = xd_up(test, true, 0);
	struct rtnl_link_stats64 a, b;
	u32 i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		dev_get_stats(t->h.dev, &a);
		xgm_rx_fault(t->m, 3, cases[i].f, 1);
		xd_send_small(t, 3, 100, true, false);
		dh_run(&t->h);
		dev_get_stats(t->h.dev, &b);
		KUNIT_EXPECT_EQ_MSG(test, b.rx_errors - a.rx_errors, 1ull,
				    "case %u", i);
		KUNIT_EXPECT_EQ_MSG(test, b.rx_crc_errors - a.rx_crc_errors,
				    (u64)cases[i].crc, "case %u", i);
		KUNIT_EXPECT_EQ_MSG(test, b.rx_length_errors - a.rx_length_errors,
				    (u64)cases[i].length, "case %u", i);
		KUNIT_EXPECT_EQ_MSG(test, b.rx_over_errors - a.rx_over_errors,
				    (u64)cases[i].over, "case %u", i);
		KUNIT_EXPECT_EQ_MSG(test, b.rx_frame_errors - a.rx_frame_errors,
				    0ull, "case %u", i);
		KUNIT_EXPECT_EQ_MSG(test, b.rx_packets - a.rx_packets, 0ull,
				    "case %u", i);
		spin_lock_bh(&t->h.lock);
		KUNIT_EXPECT_TRUE_MSG(test, list_empty(&t->h.rx), "case %u", i);
		spin_unlock_bh(&t->h.lock);
		dh_forget(&t->h);
	}
	/* and good frames after it all */
	xd_burst(t, 10, 1, 0);
	dh_run(&t->h);
	dh_check(&t->h);
}

/* Eight small frames to TX queue @q, one xmit burst */
static void xd_burst8(struct xd *t, u32 q)
{
	u32 i;

	for (i = 0; i < 8; i++)
		xd_send_small(t, q, 100, true, i < 7);
}

/* The TX doorbell, the tail pointer write, once per xmit burst: at its
 * last frame, or at the frame after which the queue stopped (no frame
 * comes to ring it then); every frame still goes. The board's quirk
 * (QEMU's GMAC model) rings it for every frame.
 */
static void xd_doorbell_test(struct kunit *test)
{
	struct xd *t = xd_up(test, true, 0);
	u32 i, n;

	xd_wrap_hw(t);
	/* BQL's limit starts from 0 at open and stops the queue after
	 * nearly every frame: let it grow past a burst of 8 first.
	 */
	for (n = 0; n < 4; n++) {
		xd_burst8(t, 2);
		dh_run(&t->h);
	}
	dh_check(&t->h);
	t->kicks[2] = 0;
	xd_burst8(t, 2);
	KUNIT_EXPECT_EQ(test, t->kicks[2], 1u);
	dh_run(&t->h);
	dh_check(&t->h);

	/* three rings' worth in one burst: the queue stops again and again */
	dh_set_rings(&t->h, 128, 512);
	t->kicks[2] = 0;
	n = 3 * 128;
	for (i = 0; i < n; i++)
		xd_send_small(t, 2, 100, true, i + 1 < n);
	dh_run(&t->h);
	dh_check(&t->h);
	KUNIT_EXPECT_GE(test, t->kicks[2], 3u);
	KUNIT_EXPECT_LT(test, t->kicks[2], n / 4);

	t->h.priv->tx_doorbell_each = true;
	t->kicks[2] = 0;
	xd_burst8(t, 2);
	KUNIT_EXPECT_EQ(test, t->kicks[2], 8u);
	dh_run(&t->h);
	dh_check(&t->h);
}

/* The stamp of the one frame received since the last check, -1 if not one */
static s64 xd_rx_ts_of(struct xd *t)
{
	struct dh_rx *r;
	s64 ts = -1;

	spin_lock_bh(&t->h.lock);
	if (list_is_singular(&t->h.rx)) {
		r = list_first_entry(&t->h.rx, struct dh_rx, node);
		ts = (s64)r->hwts;
	}
	spin_unlock_bh(&t->h.lock);
	return ts;
}

/* XGMAC RX stamps come in a context descriptor the DMA writes after the
 * frame's last one (CDA). One not there yet holds the frame for a few
 * polls; one that does not come must neither stall RX NAPI nor keep the
 * frame: it goes without its stamp, and the context descriptor, when the
 * DMA writes it, is skipped. RX stamps are switched on directly: the
 * model has no timestamp unit, and what it writes is the case.
 */
static void xd_rx_ts_test(struct kunit *test)
{
	const u64 ns = 5ULL * NSEC_PER_SEC + 123;
	struct xd *t = xd_up(test, true, 0);

	WRITE_ONCE(t->h.priv->ptp.rx_on, true);
	xgm_rx_ts(t->m, 3, 1, ns, false);
	xd_send_small(t, 3, 100, true, false);
	dh_run(&t->h);
	KUNIT_EXPECT_EQ(test, xd_rx_ts_of(t), (s64)ns);
	dh_check(&t->h);

	xgm_rx_ts(t->m, 3, 1, ns, true);
	xd_send_small(t, 3, 100, true, false);
	dh_run(&t->h);
	KUNIT_EXPECT_EQ(test, xd_rx_ts_of(t), 0ll);
	dh_check(&t->h);
	/* the late context descriptor lands before the next frame */
	xd_send_small(t, 3, 100, true, false);
	dh_run(&t->h);
	KUNIT_EXPECT_EQ(test, xd_rx_ts_of(t), 0ll);
	dh_check(&t->h);

	/* and one released while the frame waits: stamped */
	xgm_rx_ts(t->m, 3, 1, ns + 1, true);
	xd_send_small(t, 3, 100, true, false);
	xgm_step(t->m, XD_BUDGET);
	xgm_rx_ts_release(t->m, 3);
	dh_run(&t->h);
	KUNIT_EXPECT_EQ(test, xd_rx_ts_of(t), (s64)(ns + 1));
	dh_check(&t->h);
	WRITE_ONCE(t->h.priv->ptp.rx_on, false);
	xd_burst(t, 10, 1, 0);
	dh_run(&t->h);
	dh_check(&t->h);
}

/* ethtool -S and -l as a user reads them: the counters by name */
struct xd_stats {
	u8 (*names)[ETH_GSTRING_LEN];
	u64 *val;
	int n;
};

static void xd_stats_read(struct xd *t, struct xd_stats *st)
{
	const struct ethtool_ops *ops = t->h.dev->ethtool_ops;

	st->n = ops->get_sset_count(t->h.dev, ETH_SS_STATS);
	KUNIT_ASSERT_GT(t->h.test, st->n, 0);
	st->names = kunit_kcalloc(t->h.test, st->n, ETH_GSTRING_LEN,
				  GFP_KERNEL);
	st->val = kunit_kcalloc(t->h.test, st->n, sizeof(u64), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(t->h.test, st->names);
	KUNIT_ASSERT_NOT_NULL(t->h.test, st->val);
	rtnl_lock();
	ops->get_strings(t->h.dev, ETH_SS_STATS, (u8 *)st->names);
	ops->get_ethtool_stats(t->h.dev, NULL, st->val);
	rtnl_unlock();
}

/* Where counter @name is, or -1 (and a failure) when absent. */
static int xd_stat_at(struct xd *t, const struct xd_stats *st,
		      const char *name)
{
	int i;

	for (i = 0; i < st->n; i++)
		if (!strncmp(st->names[i], name, ETH_GSTRING_LEN))
			return i;
	KUNIT_FAIL(t->h.test, "ethtool -S has no %s", name);
	return -1;
}

static u64 xd_stat(struct xd *t, const struct xd_stats *st, const char *name)
{
	int i = xd_stat_at(t, st, name);

	return i < 0 ? U64_MAX : st->val[i];
}

/* Upstream's names, each once, before the driver's own: the sums equal
 * the queues' counts, which equal what the model moved; the RX errors by
 * cause land in upstream's counters; ethtool -l shows the 8 + 8 queues.
 */
static void xd_ethtool_stats_test(struct kunit *test)
{
	struct xd *t = xd_up(test, true, 0);
	struct ethtool_channels ch = {};
	u64 tx = 0, rx = 0, ic = 0;
	struct xd_stats st;
	char name[ETH_GSTRING_LEN];
	int i, j;
	u32 q;

	xd_burst(t, 20, 2, 1);
	dh_run(&t->h);
	dh_check(&t->h);
	xgm_rx_fault(t->m, 3, XGM_RXF_CRC, 1);
	xd_send_small(t, 3, 100, true, false);
	xgm_rx_fault(t->m, 5, XGM_RXF_GIANT, 1);
	xd_send_small(t, 5, 100, true, false);
	dh_run(&t->h);
	dh_forget(&t->h);
	xd_stats_read(t, &st);
	for (i = 0; i < st.n; i++)
		for (j = i + 1; j < st.n; j++)
			KUNIT_EXPECT_STRNEQ_MSG(test, st.names[i], st.names[j],
						"entries %d and %d", i, j);
	for (q = 0; q < XD_QUEUES; q++) {
		snprintf(name, sizeof(name), "q%u_tx_pkt_n", q);
		KUNIT_EXPECT_EQ_MSG(test, xd_stat(t, &st, name),
				    t->m->st[q].tx_frames, "TX queue %u", q);
		tx += t->m->st[q].tx_frames;
		snprintf(name, sizeof(name), "q%u_rx_pkt_n", q);
		/* the two bad frames were not delivered */
		KUNIT_EXPECT_EQ_MSG(test, xd_stat(t, &st, name),
				    t->m->st[q].rx_frames - (q == 3 || q == 5),
				    "RX queue %u", q);
		rx += t->m->st[q].rx_frames - (q == 3 || q == 5);
		snprintf(name, sizeof(name), "tx_q%u_coal_ic", q);
		KUNIT_EXPECT_EQ(test, xd_stat(t, &st, name), xd_ic_set(t, q));
		ic += xd_ic_set(t, q);
	}
	KUNIT_EXPECT_EQ(test, xd_stat(t, &st, "tx_pkt_n"), tx);
	KUNIT_EXPECT_EQ(test, xd_stat(t, &st, "rx_pkt_n"), rx);
	KUNIT_EXPECT_EQ(test, xd_stat(t, &st, "tx_set_ic_bit"), ic);
	KUNIT_EXPECT_EQ(test, xd_stat(t, &st, "rx_crc_errors"), 1ull);
	KUNIT_EXPECT_EQ(test, xd_stat(t, &st, "rx_length"), 1ull);
	KUNIT_EXPECT_EQ(test, xd_stat(t, &st, "rx_gmac_overflow"), 0ull);
	KUNIT_EXPECT_EQ(test, xd_stat(t, &st, "rx_q3_crc_errors"), 1ull);
	KUNIT_EXPECT_EQ(test, xd_stat(t, &st, "fatal_bus_error_irq"), 0ull);
	KUNIT_EXPECT_LT(test, xd_stat_at(t, &st, "q7_rx_pkt_n"),
			xd_stat_at(t, &st, "restarts"));
	KUNIT_EXPECT_LT(test, xd_stat_at(t, &st, "restarts"),
			xd_stat_at(t, &st, "tx_q0_bytes"));

	t->h.dev->ethtool_ops->get_channels(t->h.dev, &ch);
	KUNIT_EXPECT_EQ(test, ch.max_tx, 8u);
	KUNIT_EXPECT_EQ(test, ch.max_rx, 8u);
	KUNIT_EXPECT_EQ(test, ch.tx_count, 8u);
	KUNIT_EXPECT_EQ(test, ch.rx_count, 8u);
}

/* Each queue's packets are what the model moved on it and its bytes what
 * ethtool -S shows for it; the sums equal the link statistics to the
 * packet (stats.py compares the two); a frame the MAC flagged bad is its
 * RX queue's hardware drop; ifdown changes nothing.
 */
static void xd_qstats_test(struct kunit *test)
{
	struct xd *t = xd_up(test, true, 0);
	struct rtnl_link_stats64 link;
	char name[ETH_GSTRING_LEN];
	struct dh_qstats *a;
	struct xd_stats st;
	u32 q;

	xd_burst(t, 20, 2, 1);
	dh_run(&t->h);
	dh_check(&t->h);
	xgm_rx_fault(t->m, 3, XGM_RXF_CRC, 1);
	xd_send_small(t, 3, 100, true, false);
	dh_run(&t->h);
	dh_forget(&t->h);
	xd_stats_read(t, &st);
	a = dh_qstats_read(&t->h);
	for (q = 0; q < XD_QUEUES; q++) {
		KUNIT_EXPECT_EQ_MSG(test, a->tx[q].packets,
				    t->m->st[q].tx_frames, "TX queue %u", q);
		KUNIT_EXPECT_EQ_MSG(test, a->rx[q].packets,
				    t->m->st[q].rx_frames - (q == 3),
				    "RX queue %u", q);
		snprintf(name, sizeof(name), "tx_q%u_bytes", q);
		KUNIT_EXPECT_EQ(test, a->tx[q].bytes, xd_stat(t, &st, name));
		snprintf(name, sizeof(name), "rx_q%u_bytes", q);
		KUNIT_EXPECT_EQ(test, a->rx[q].bytes, xd_stat(t, &st, name));
		KUNIT_EXPECT_EQ_MSG(test, a->rx[q].hw_drops, (u64)(q == 3),
				    "RX queue %u", q);
		KUNIT_EXPECT_EQ(test, a->rx[q].hw_drop_overruns, 0ull);
		KUNIT_EXPECT_EQ(test, a->rx[q].alloc_fail, 0ull);
		KUNIT_EXPECT_EQ(test, a->tx[q].hw_drops, 0ull);
	}
	KUNIT_EXPECT_GT(test, a->tx_sum.bytes, 0ull);
	dev_get_stats(t->h.dev, &link);
	KUNIT_EXPECT_EQ(test, a->rx_sum.packets, link.rx_packets);
	KUNIT_EXPECT_EQ(test, a->rx_sum.bytes, link.rx_bytes);
	KUNIT_EXPECT_EQ(test, a->tx_sum.packets, link.tx_packets);
	KUNIT_EXPECT_EQ(test, a->tx_sum.bytes, link.tx_bytes);
	KUNIT_EXPECT_EQ(test, a->rx_sum.hw_drops, 1ull);

	rtnl_lock();
	dev_close(t->h.dev);
	rtnl_unlock();
	KUNIT_EXPECT_MEMEQ(test, a, dh_qstats_read(&t->h), sizeof(*a));
	dh_open(&t->h);
}

/* While the device is up each queue names its NAPI context, and each
 * context its interrupt line (`ynl netdev queue-get / napi-get`); while
 * it is down no queue names one. An RX context keeps its NAPI ID, which
 * busy-polling sockets hold, and its own settings (`ynl netdev
 * napi-set`, on kernels that have them) through ifdown and up, a ring
 * change and an MTU change.
 */
static void xd_napi_test(struct kunit *test)
{
	struct xd *t = xd_up(test, true, 0);
	struct net_device *dev = t->h.dev;
	struct napi_struct *rx2 = &t->h.priv->channel[2].rx_napi;
	unsigned int id = READ_ONCE(rx2->napi_id);
	unsigned long flush;
	u32 q, defer;

	for (q = 0; q < XD_QUEUES; q++) {
		struct stmmac_channel *ch = &t->h.priv->channel[q];

		KUNIT_EXPECT_PTR_EQ(test, __netif_get_rx_queue(dev, q)->napi,
				    &ch->rx_napi);
		KUNIT_EXPECT_PTR_EQ(test, netdev_get_tx_queue(dev, q)->napi,
				    &ch->tx_napi);
		KUNIT_EXPECT_EQ(test, ch->rx_napi.irq, t->h.irq_base + 1 + q);
		KUNIT_EXPECT_EQ(test, ch->tx_napi.irq,
				t->h.irq_base + 1 + XD_QUEUES + q);
	}
	KUNIT_EXPECT_NE(test, id, 0u);
	stmmac_napi_settings_set(rx2, 7, 20000);

	rtnl_lock();
	dev_close(dev);
	rtnl_unlock();
	for (q = 0; q < XD_QUEUES; q++) {
		KUNIT_EXPECT_NULL(test, __netif_get_rx_queue(dev, q)->napi);
		KUNIT_EXPECT_NULL(test, netdev_get_tx_queue(dev, q)->napi);
	}
	dh_open(&t->h);
	dh_set_rings(&t->h, 256, 256);
	rtnl_lock();
	KUNIT_EXPECT_EQ(test, dev_set_mtu(dev, 3000), 0);
	rtnl_unlock();
	KUNIT_EXPECT_PTR_EQ(test, __netif_get_rx_queue(dev, 2)->napi, rx2);
	KUNIT_EXPECT_EQ(test, READ_ONCE(rx2->napi_id), id);
	stmmac_napi_settings_get(rx2, &defer, &flush);
	if (stmmac_napi_own_settings) {
		KUNIT_EXPECT_EQ(test, defer, 7u);
		KUNIT_EXPECT_EQ(test, flush, 20000ul);
	}
	xd_burst(t, 4, 0, 0);
	dh_run(&t->h);
	dh_check(&t->h);
}

/* Each queue in use linked to its NAPI context while up; none beyond */
static void xd_check_queues(struct xd *t, u32 tx, u32 rx)
{
	struct net_device *dev = t->h.dev;
	struct kunit *test = t->h.test;
	struct stmmac_priv *priv = t->h.priv;
	u32 q;

	KUNIT_EXPECT_EQ(test, dev->real_num_tx_queues, tx);
	KUNIT_EXPECT_EQ(test, dev->real_num_rx_queues, rx);
	KUNIT_EXPECT_EQ(test, priv->tx_queues, tx);
	KUNIT_EXPECT_EQ(test, priv->rx_queues, rx);
	for (q = 0; q < XD_QUEUES; q++) {
		KUNIT_EXPECT_PTR_EQ_MSG(test, netdev_get_tx_queue(dev, q)->napi,
					q < tx ? &priv->channel[q].tx_napi :
						 NULL, "TX queue %u", q);
		KUNIT_EXPECT_PTR_EQ_MSG(test, __netif_get_rx_queue(dev, q)->napi,
					q < rx ? &priv->channel[q].rx_napi :
						 NULL, "RX queue %u", q);
	}
}

/* ethtool -L while up, down to 3 TX and 5 RX queues and back: traffic
 * over every queue in use before and after, each frame once; the link
 * statistics, the queue statistics' sums and ethtool -S's never go
 * backwards (the counters of the queues that went move to the base); a
 * frame still addressed to a queue that went is dropped, not sent to a
 * ring that is no more; counts the core lacks are refused, nothing
 * changed. On a device that is down, the counts apply at the next open.
 */
static void xd_channels_test(struct kunit *test)
{
	struct xd *t = xd_up(test, true, 0);
	struct rtnl_link_stats64 a, b;
	struct dh_qstats *s;
	struct sk_buff *skb;
	struct xd_stats st;
	u64 tx_pkt;

	xd_burst(t, 8, 1, 1);
	dh_run(&t->h);
	dh_check(&t->h);
	dev_get_stats(t->h.dev, &a);

	xd_stats_read(t, &st);
	KUNIT_EXPECT_EQ(test, xd_set_channels(t, 3, 5), 0);
	xd_check_queues(t, 3, 5);
	dev_get_stats(t->h.dev, &b);
	KUNIT_EXPECT_EQ(test, b.tx_packets, a.tx_packets);
	KUNIT_EXPECT_EQ(test, b.rx_bytes, a.rx_bytes);
	s = dh_qstats_read(&t->h);
	KUNIT_EXPECT_EQ(test, s->tx_sum.packets, a.tx_packets);
	KUNIT_EXPECT_EQ(test, s->rx_sum.bytes, a.rx_bytes);
	tx_pkt = xd_stat(t, &st, "tx_pkt_n");
	xd_stats_read(t, &st);
	KUNIT_EXPECT_EQ(test, xd_stat(t, &st, "tx_pkt_n"), tx_pkt);

	/* pktgen's way: a frame still for queue 6, which has no ring now */
	skb = xd_udp(t, dh_id(&t->h), 64, NULL, NULL, 0, false);
	KUNIT_ASSERT_NOT_NULL(test, skb);
	skb->dev = t->h.dev;
	skb_set_queue_mapping(skb, 6);
	if (!dh_xmit(&t->h, skb, 6, false)) {
		kfree_skb(skb);
		KUNIT_FAIL(test, "TX queue 6 stopped");
	}
	dev_get_stats(t->h.dev, &b);
	KUNIT_EXPECT_EQ(test, b.tx_dropped, a.tx_dropped + 1);
	xd_burst(t, 8, 1, 1);
	dh_run(&t->h);
	dh_check(&t->h);
	xd_check_clean(t);

	KUNIT_EXPECT_EQ(test, xd_set_channels(t, 0, 5), -EINVAL);
	KUNIT_EXPECT_EQ(test, xd_set_channels(t, 9, 5), -EINVAL);
	xd_check_queues(t, 3, 5);

	KUNIT_EXPECT_EQ(test, xd_set_channels(t, 8, 8), 0);
	xd_check_queues(t, 8, 8);
	xd_burst(t, 8, 1, 1);
	dh_run(&t->h);
	dh_check(&t->h);

	rtnl_lock();
	dev_close(t->h.dev);
	rtnl_unlock();
	KUNIT_EXPECT_EQ(test, xd_set_channels(t, 2, 2), 0);
	dh_open(&t->h);
	xd_check_queues(t, 2, 2);
	xd_burst(t, 4, 0, 0);
	dh_run(&t->h);
	dh_check(&t->h);
	xd_check_clean(t);
	dev_get_stats(t->h.dev, &b);
	KUNIT_EXPECT_GT(test, b.tx_packets, a.tx_packets);
	s = dh_qstats_read(&t->h);
	KUNIT_EXPECT_EQ(test, s->tx_sum.packets, b.tx_packets);
	KUNIT_EXPECT_EQ(test, s->rx_sum.packets, b.rx_packets);
}

/* Jumbo frames: MTU 9000, every frame spans three RX buffers. */
static void xd_jumbo_test(struct kunit *test)
{
	static const u32 sizes[] = { 4000, 4000, 900 };
	static const u32 offs[] = { 0, 96, 0 };
	struct xd *t = xd_up(test, false, 0);
	struct sk_buff *skb;
	u32 q, id;

	rtnl_lock();
	KUNIT_EXPECT_EQ(test, dev_set_mtu(t->h.dev, 9000), 0);
	rtnl_unlock();
	for (q = 0; q < XD_QUEUES; q++) {
		id = dh_id(&t->h);
		skb = xd_udp(t, id, 8972 - 8900, sizes, offs, 3, true);
		KUNIT_ASSERT_NOT_NULL(test, skb);
		xd_send(t, skb, id, q, false);
		xd_send_small(t, q, 50, true, false);
	}
	dh_run(&t->h);
	dh_check(&t->h);
	xd_check_clean(t);
	for (q = 0; q < XD_QUEUES; q++)
		KUNIT_EXPECT_GE_MSG(test, t->m->st[q].rx_descs, 4ull,
				    "queue %u", q);
}

/* Frames still on a TX ring that ethtool -L takes away go with it: the
 * ring moves to the spare set, whose queues the swap gives only their
 * rings, and is freed there, its frames unmapped and dropped.
 */
static void xd_channels_inflight_test(struct kunit *test)
{
	struct xd *t = xd_up(test, true, 0);
	struct sk_buff *skb;
	u32 i;

	/* As many as BQL takes before it stops the queue (its limit starts
	 * from 0: one, maybe); xmit_more: no doorbell, the DMA never takes
	 * them.
	 */
	for (i = 0; i < 4; i++) {
		skb = xd_udp(t, dh_id(&t->h), 100 + i, NULL, NULL, 0, false);
		KUNIT_ASSERT_NOT_NULL(test, skb);
		skb->dev = t->h.dev;
		skb_set_queue_mapping(skb, 7);
		if (!dh_xmit(&t->h, skb, 7, true)) {
			kfree_skb(skb);
			break;
		}
	}
	KUNIT_ASSERT_GT(test, i, 0u);
	KUNIT_EXPECT_EQ(test, xd_set_channels(t, 4, 4), 0);
	xd_check_queues(t, 4, 4);
	KUNIT_EXPECT_EQ(test, dh_bql_inflight(&t->h, 7), 0u);
	xd_burst(t, 8, 1, 1);
	dh_run(&t->h);
	/* the four frames never went out: nothing expects them */
	dh_check(&t->h);
	xd_check_clean(t);
}

/* rx-copybreak (data_harness.c), on queue 0 */
static void xd_copybreak_test(struct kunit *test)
{
	struct xd *t = xd_up(test, true, 0);

	dh_copybreak_case(&t->h, 0);
	xd_check_clean(t);
}

/* Native XDP (xdp_harness.c) on queue 5 of the eight: XDP_TX, XDP_DROP,
 * XDP_PASS as the program left the frame, the MTU it allows,
 * ndo_xdp_xmit.
 */
static void xd_xdp_tx_test(struct kunit *test)
{
	struct xd *t = xd_up(test, true, 0);

	dh_xdp_tx_case(&t->h, 5);
	xd_check_clean(t);
}

static void xd_xdp_drop_test(struct kunit *test)
{
	struct xd *t = xd_up(test, true, 0);

	dh_set_rings(&t->h, t->h.priv->tx_ring_size, STMMAC_RING_MIN);
	dh_xdp_drop_case(&t->h, 5);
	xd_check_clean(t);
}

static void xd_xdp_pass_test(struct kunit *test)
{
	struct xd *t = xd_up(test, true, 0);

	dh_xdp_pass_case(&t->h, 5);
	xd_check_clean(t);
}

static void xd_xdp_mtu_test(struct kunit *test)
{
	struct xd *t = xd_up(test, true, 0);

	dh_xdp_mtu_case(&t->h);
	xd_check_clean(t);
}

static void xd_xdp_xmit_test(struct kunit *test)
{
	struct xd *t = xd_up(test, true, 0);

	dh_xdp_xmit_case(&t->h);
	xd_check_clean(t);
}

/* XDP_REDIRECT (xdp_harness.c) from queue 5: back out of the same device
 * (on the TX queue of the CPU); to no device and to one without
 * ndo_xdp_xmit; from one device to a second.
 */
static void xd_xdp_redirect_test(struct kunit *test)
{
	struct xd *t = xd_up(test, true, 0);

	dh_xdp_redirect_case(&t->h, 5);
	xd_check_clean(t);
}

static void xd_xdp_redirect_fail_test(struct kunit *test)
{
	struct xd *t = xd_up(test, true, 0);

	dh_set_rings(&t->h, t->h.priv->tx_ring_size, STMMAC_RING_MIN);
	dh_xdp_redirect_fail_case(&t->h, 5);
	xd_check_clean(t);
}

static void xd_xdp_redirect_dev_test(struct kunit *test)
{
	struct xd *a = xd_up(test, true, 0), *b = xd_up(test, true, 0);

	dh_xdp_redirect_dev_case(&a->h, &b->h, 5);
	xd_check_clean(a);
	xd_check_clean(b);
}

/* An AF_XDP socket in copy mode (xsk_harness.c) on queue 5 of the eight */
static void xd_xsk_copy_test(struct kunit *test)
{
	struct xd *t = xd_up(test, true, 0);

	dh_xsk_copy_case(&t->h, 5);
	xd_check_clean(t);
}

/* An AF_XDP socket in zero-copy mode (xsk_harness.c) */
static void xd_xsk_zc_test(struct kunit *test)
{
	struct xd *t = xd_up(test, true, 0);

	dh_xsk_zc_case(&t->h, 5);
	xd_check_clean(t);
}

/* A zero-copy socket's bind touches its own queue: queue 2's frames in
 * flight at a bind on queue 5 all arrive, the link stays up.
 */
static void xd_xsk_other_test(struct kunit *test)
{
	struct xd *t = xd_up(test, true, 0);

	dh_xsk_other_case(&t->h, 5, 2);
	xd_check_clean(t);
}

static int xd_suite_init(struct kunit_suite *suite)
{
	return dh_suite_init(&xd_hs);
}

static void xd_suite_exit(struct kunit_suite *suite)
{
	dh_suite_exit(&xd_hs);
}

static struct kunit_case xd_cases[] = {
	KUNIT_CASE(xd_perch_test),
	KUNIT_CASE(xd_single_irq_test),
	KUNIT_CASE(xd_tso_test),
	KUNIT_CASE(xd_tso_coe_off_test),
	KUNIT_CASE(xd_features_test),
	KUNIT_CASE(xd_late_ti_test),
	KUNIT_CASE(xd_doorbell_test),
	KUNIT_CASE(xd_split_unmap_test),
	KUNIT_CASE(xd_wrap_reconfig_test),
	KUNIT_CASE(xd_stop_inflight_test),
	KUNIT_CASE(xd_rx_errors_test),
	KUNIT_CASE(xd_rx_ts_test),
	KUNIT_CASE(xd_jumbo_test),
	KUNIT_CASE(xd_ethtool_stats_test),
	KUNIT_CASE(xd_qstats_test),
	KUNIT_CASE(xd_napi_test),
	KUNIT_CASE(xd_channels_test),
	KUNIT_CASE(xd_channels_inflight_test),
	KUNIT_CASE(xd_copybreak_test),
	KUNIT_CASE(xd_xdp_tx_test),
	KUNIT_CASE(xd_xdp_drop_test),
	KUNIT_CASE(xd_xdp_pass_test),
	KUNIT_CASE(xd_xdp_mtu_test),
	KUNIT_CASE(xd_xdp_xmit_test),
	KUNIT_CASE(xd_xdp_redirect_test),
	KUNIT_CASE(xd_xdp_redirect_fail_test),
	KUNIT_CASE(xd_xdp_redirect_dev_test),
	KUNIT_CASE(xd_xsk_copy_test),
	KUNIT_CASE(xd_xsk_zc_test),
	KUNIT_CASE(xd_xsk_other_test),
	{}
};

static struct kunit_suite xd_suite = {
	.name = "stmmac_xgmac_data",
	.suite_init = xd_suite_init,
	.suite_exit = xd_suite_exit,
	.test_cases = xd_cases,
};

kunit_test_suite(xd_suite);

MODULE_DESCRIPTION("KUnit: the stmmac XGMAC data path and VLAN filter on a model of the core");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(STMMAC_KUNIT_NS);
