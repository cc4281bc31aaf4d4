// SPDX-License-Identifier: GPL-2.0-only
/*
 * The XGMAC data path, end to end: the real driver probed on a platform
 * device whose registers and DMA are the software model of
 * xgmac_model.c (8 TX and 8 RX queues, per-channel or single interrupt),
 * opened with a fixed link, fed through ndo_start_xmit on every queue.
 * The model loops every frame back; the test takes them from the device's
 * rx_handler and checks each arrived once, byte for byte as the wire
 * should carry it (TSO: each segment as a receiver reassembles it).
 *
 * Contexts are the kernel's: xmit and NAPI with bottom halves off, the
 * interrupt handler in hard interrupt context (an irq_work, which is a
 * real interrupt on arm64), ethtool and open/stop under RTNL.
 */

#include <kunit/test.h>
#include <linux/etherdevice.h>
#include <linux/ethtool.h>
#include <linux/if_ether.h>
#include <linux/if_vlan.h>
#include <linux/interrupt.h>
#include <linux/ip.h>
#include <linux/irq.h>
#include <linux/irq_work.h>
#include <linux/netdevice.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/rtnetlink.h>
#include <linux/tcp.h>
#include <linux/udp.h>
#include <linux/xarray.h>
#include <net/checksum.h>
#include <net/netdev_queues.h>
#include <net/netdev_rx_queue.h>
#include <net/page_pool/types.h>
#include <linux/unaligned.h>

#include "../stmmac.h"
#include "xgmac_model.h"
#include "../stmmac_compat.h"

#define XD_QUEUES	8
/* the common line, then RX lines 0-7, then TX lines 0-7 */
#define XD_IRQS		(1 + 2 * XD_QUEUES)
#define XD_DRV		"stmmac-xgm-kunit"
/* 128 KiB FIFOs each way: 16 KiB per queue */
#define XD_FIFO_SHIFT	10

#define XD_HDR_UDP	(ETH_HLEN + 20 + 8)
/* TCP with a 12-byte option block (timestamps): 32 bytes */
#define XD_TCP_HLEN	32
#define XD_HDR_TCP	(ETH_HLEN + 20 + XD_TCP_HLEN)
#define XD_MSS		1448
/* TX descriptors each channel takes per round: the RX side keeps up */
#define XD_BUDGET	16

/* How a test frame is built */
enum xd_kind {
	XD_SMALL,	/* UDP, linear */
	XD_FRAGS,	/* UDP, headers and a little data, three page fragments */
	XD_TSO,		/* TCP, 64 KiB, TSO */
};

/* A frame sent, and what must arrive for it */
struct xd_exp {
	u32 id;
	u32 q;
	bool tso;
	u32 len;	/* the frame as sent (TSO: headers and all payload) */
	u32 segs;	/* TSO: segments expected */
	u32 got;	/* frames (non-TSO) or segments that arrived */
	unsigned long *seen;	/* TSO: which segments arrived */
	u8 data[];	/* as it must arrive (non-TSO), the template (TSO) */
};

/* A frame received */
struct xd_rx {
	struct list_head node;
	u32 len;
	int q;
	u8 ip_summed;
	ktime_t ts;
	u8 data[];
};

struct xd_pdata {
	struct stmmac_plat *plat;
	struct stmmac_resources res;
};

struct xd {
	struct kunit *test;
	struct platform_device *pdev;
	struct xgm_model *m;
	struct net_device *dev;
	struct stmmac_priv *priv;
	struct stmmac_plat plat;
	int irq_base;
	struct irq_work work;
	int work_irq;
	u32 irqs[XD_IRQS];
	spinlock_t lock;	/* @rx, @rx_nomem */
	struct list_head rx;
	u32 rx_nomem;
	struct xarray exp;
	u32 next_id;
	u32 sent;
	u32 bad;
	/* the driver's hardware operations, and ours around them */
	const struct stmmac_hw_ops *hw_real;
	struct stmmac_hw_ops hw;
	/* the DMA steps once just before the next TX unmask */
	bool step_at_unmask;
	/* TX doorbells (tail pointer writes) per queue */
	u32 kicks[XD_QUEUES];
};

/* The case that wrapped the driver's hardware operations (one at a time) */
static struct xd *xd_cur;

static struct device_node *xd_np;
#if IS_ENABLED(CONFIG_OF_DYNAMIC)
static struct of_changeset xd_ocs;
#endif
static atomic_t xd_tx_freed;

/* The device: probe and remove through a platform driver */

static int xd_probe(struct platform_device *pdev)
{
	struct xd_pdata *pd = dev_get_platdata(&pdev->dev);

	return stmmac_dvr_probe(&pdev->dev, pd->plat, &pd->res);
}

static void xd_remove(struct platform_device *pdev)
{
	stmmac_dvr_remove(&pdev->dev);
}

static struct platform_driver xd_driver = {
	.probe = xd_probe,
	.remove = xd_remove,
	.driver = { .name = XD_DRV },
};

/* Is [@addr, @addr + @len) inside a mapping TX queue @chan still holds?
 * The driver keeps each mapping at one ring slot until it unmaps it.
 */
static bool xd_tx_live(void *ctx, u32 chan, dma_addr_t addr, u32 len)
{
	struct xd *t = ctx;
	struct stmmac_txq *q = &t->priv->txq[chan];
	u32 i;

	for (i = 0; i < q->size; i++) {
		const struct stmmac_tx_buf *b = &q->buf[i];

		if (b->len && addr >= b->dma && addr + len <= b->dma + b->len)
			return true;
	}
	return false;
}

static rx_handler_result_t xd_rx_handler(struct sk_buff **pskb)
{
	struct sk_buff *skb = *pskb;
	struct xd *t = rcu_dereference(skb->dev->rx_handler_data);
	struct xd_rx *r;

	skb_push(skb, skb->data - skb_mac_header(skb));
	r = kmalloc(struct_size(r, data, skb->len), GFP_ATOMIC);
	spin_lock(&t->lock);
	if (r) {
		r->len = skb->len;
		r->q = skb_rx_queue_recorded(skb) ? skb_get_rx_queue(skb) : -1;
		r->ip_summed = skb->ip_summed;
		r->ts = skb_hwtstamps(skb)->hwtstamp;
		skb_copy_bits(skb, 0, r->data, skb->len);
		list_add_tail(&r->node, &t->rx);
	} else {
		t->rx_nomem++;
	}
	spin_unlock(&t->lock);
	consume_skb(skb);
	return RX_HANDLER_CONSUMED;
}

/* Interrupts: a real hard interrupt (irq_work), bottom halves held off so
 * that the NAPI polls it schedules run right after, in this task.
 */
static void xd_irq_fn(struct irq_work *w)
{
	struct xd *t = container_of(w, struct xd, work);

	xgm_sync(t->m);
	generic_handle_irq(t->work_irq);
	xgm_sync(t->m);
}

/* One line's interrupt, with bottom halves off: its NAPI polls wait. */
static void xd_fire_bh_off(struct xd *t, u32 line)
{
	t->work_irq = t->irq_base + line;
	t->irqs[line]++;
	if (arch_irq_work_has_interrupt()) {
		irq_work_queue(&t->work);
		while (irq_work_is_busy(&t->work))
			cpu_relax();
	} else {
		local_irq_disable();
		xd_irq_fn(&t->work);
		local_irq_enable();
	}
}

static void xd_fire(struct xd *t, u32 line)
{
	local_bh_disable();
	xd_fire_bh_off(t, line);
	local_bh_enable();
}

/* The DMA moves on between TX NAPI's last look at the ring and its unmask
 * of TI, once, when the case asks.
 */
static void xd_irq_enable(void __iomem *ioaddr, u32 chan, bool rx, bool tx)
{
	struct xd *t = xd_cur;

	if (tx && t->step_at_unmask) {
		t->step_at_unmask = false;
		xgm_step(t->m, XD_BUDGET);
	}
	t->hw_real->dma_irq_enable(ioaddr, chan, rx, tx);
}

static void xd_tx_kick(void __iomem *ioaddr, u32 chan, dma_addr_t tail)
{
	xd_cur->kicks[chan]++;
	xd_cur->hw_real->tx_kick(ioaddr, chan, tail);
}

static void xd_wrap_hw(struct xd *t)
{
	t->hw_real = t->priv->hw;
	t->hw = *t->hw_real;
	t->hw.dma_irq_enable = xd_irq_enable;
	t->hw.tx_kick = xd_tx_kick;
	xd_cur = t;
	t->priv->hw = &t->hw;
}

static void xd_softirqs(void)
{
	local_bh_disable();
	local_bh_enable();
}

/* Deliver every line the model asserts; true if there was one. */
static bool xd_irqs(struct xd *t)
{
	struct xgm_lines l;
	u32 c;

	xgm_lines(t->m, &l);
	if (l.common)
		xd_fire(t, 0);
	for (c = 0; c < XD_QUEUES; c++) {
		if (l.rx & BIT(c))
			xd_fire(t, 1 + c);
		if (l.tx & BIT(c))
			xd_fire(t, 1 + XD_QUEUES + c);
	}
	return l.common || l.rx || l.tx;
}

static u32 xd_bql_inflight(struct xd *t, u32 q)
{
#ifdef CONFIG_BQL
	struct dql *dql = &netdev_get_tx_queue(t->dev, q)->dql;

	return READ_ONCE(dql->num_queued) - READ_ONCE(dql->num_completed);
#else
	return 0;
#endif
}

static bool xd_idle(struct xd *t)
{
	u32 q;

	for (q = 0; q < t->priv->tx_queues; q++) {
		if (xd_bql_inflight(t, q) ||
		    test_bit(NAPI_STATE_SCHED, &t->priv->channel[q].tx_napi.state))
			return false;
	}
	for (q = 0; q < t->priv->rx_queues; q++)
		if (test_bit(NAPI_STATE_SCHED, &t->priv->channel[q].rx_napi.state))
			return false;
	return !xgm_rx_pending(t->m);
}

/* One round: the DMA, its interrupts, the NAPI polls they schedule. */
static bool xd_round(struct xd *t, u32 budget)
{
	bool busy = xgm_step(t->m, budget);

	busy |= xd_irqs(t);
	xd_softirqs();
	return busy;
}

/* A data path whose DMA processes nothing for this long is stuck: the
 * case fails then, rather than the KUnit timeout (a lost frame's).
 */
#define XD_STUCK	(3 * HZ)

/* Descriptors the DMA has processed, every channel and direction */
static u64 xd_moved(struct xd *t)
{
	u64 n = 0;
	u32 c;

	for (c = 0; c < XGM_CHANNELS; c++)
		n += t->m->st[c].tx_descs + t->m->st[c].rx_descs;
	return n;
}

/* Run until nothing is in flight. Waiting is for the TX timer, which
 * completes frames no IC bit covers; no assertion is on time.
 */
static void xd_run(struct xd *t)
{
	unsigned long last = jiffies;
	u64 moved = xd_moved(t), now;
	u32 i;

	for (i = 0; i < 200000; i++) {
		if (xd_round(t, XD_BUDGET))
			continue;
		if (xd_idle(t))
			return;
		now = xd_moved(t);
		if (now != moved) {
			moved = now;
			last = jiffies;
		} else if (time_after(jiffies, last + XD_STUCK)) {
			break;
		}
		usleep_range(20, 50);
	}
	KUNIT_FAIL(t->test, "the data path never went idle");
}

/* Frames */

static void xd_skb_free(struct sk_buff *skb)
{
	atomic_inc(&xd_tx_freed);
}

static u8 xd_pat(u32 id, u32 k)
{
	return id * 7 + k * 13 + (k >> 8);
}

/* Ethernet and IPv4 headers; the sender's address carries the id. */
static void xd_l2l3(struct xd *t, u8 *f, u32 id, u32 ip_len, u8 proto)
{
	struct iphdr *ip = (void *)(f + ETH_HLEN);

	eth_broadcast_addr(f);
	f[0] = 0x02;
	ether_addr_copy(f + ETH_ALEN, t->dev->dev_addr);
	put_unaligned_be16(ETH_P_IP, f + 12);
	memset(ip, 0, sizeof(*ip));
	ip->version = 4;
	ip->ihl = 5;
	ip->ttl = 64;
	ip->protocol = proto;
	ip->tot_len = htons(ip_len);
	ip->id = htons(id * 3);
	ip->saddr = htonl(0x0a000000 | id);
	ip->daddr = htonl(0xc0a80001);
	ip->check = ip_fast_csum(ip, 5);
}

static __sum16 xd_l4_sum(const u8 *f, u32 l4len, u8 proto)
{
	const struct iphdr *ip = (const void *)(f + ETH_HLEN);

	return csum_tcpudp_magic(ip->saddr, ip->daddr, l4len, proto,
				 csum_partial(f + ETH_HLEN + 20, l4len, 0));
}

/* Page fragments of @sizes bytes at @offs into fresh pages, filled with
 * the frame's pattern from payload byte @k on.
 */
static int xd_add_frags(struct sk_buff *skb, u32 id, u32 k, const u32 *sizes,
			const u32 *offs, u32 n)
{
	u32 i, j;

	for (i = 0; i < n; i++) {
		struct page *p = alloc_page(GFP_KERNEL);
		u8 *va;

		if (!p)
			return -ENOMEM;
		va = page_address(p);
		for (j = 0; j < sizes[i]; j++)
			va[offs[i] + j] = xd_pat(id, k++);
		skb_add_rx_frag(skb, i, p, offs[i], sizes[i], PAGE_SIZE);
	}
	return 0;
}

/* UDP: @lin payload bytes in the linear part, then @n fragments. */
static struct sk_buff *xd_udp(struct xd *t, u32 id, u32 lin, const u32 *sizes,
			      const u32 *offs, u32 n, bool partial)
{
	u32 pay = lin, i;
	struct sk_buff *skb;
	struct udphdr *uh;
	u8 *f;

	for (i = 0; i < n; i++)
		pay += sizes[i];
	skb = alloc_skb(XD_HDR_UDP + lin, GFP_KERNEL);
	if (!skb)
		return NULL;
	f = skb_put(skb, XD_HDR_UDP + lin);
	xd_l2l3(t, f, id, 20 + 8 + pay, IPPROTO_UDP);
	uh = (void *)(f + ETH_HLEN + 20);
	uh->source = htons(1000 + id % 1000);
	uh->dest = htons(9);
	uh->len = htons(8 + pay);
	uh->check = 0;
	for (i = 0; i < lin; i++)
		f[XD_HDR_UDP + i] = xd_pat(id, i);
	if (xd_add_frags(skb, id, lin, sizes, offs, n)) {
		kfree_skb(skb);
		return NULL;
	}
	if (partial) {
		/* as the stack hands it over: the pseudo-header sum in place */
		skb_partial_csum_set(skb, ETH_HLEN + 20,
				     offsetof(struct udphdr, check));
		uh->check = ~csum_tcpudp_magic(htonl(0x0a000000 | id),
					       htonl(0xc0a80001), 8 + pay,
					       IPPROTO_UDP, 0);
	} else {
		/* a linear frame summed here; a fragmented one by the core
		 * of the stack, skb_checksum_help()'s job, not tested here
		 */
		uh->check = 0;
		if (!n)
			uh->check = xd_l4_sum(f, 8 + pay, IPPROTO_UDP) ?: CSUM_MANGLED_0;
	}
	skb->protocol = htons(ETH_P_IP);
	skb_reset_mac_header(skb);
	skb_set_network_header(skb, ETH_HLEN);
	skb_set_transport_header(skb, ETH_HLEN + 20);
	return skb;
}

/* TCP, 64 KiB of payload: 200 bytes of it in the linear part with the
 * headers (one mapping split over the header and a data descriptor),
 * the rest in 16 page fragments. PSH and CWR set, FIN when @fin.
 */
static struct sk_buff *xd_tso(struct xd *t, u32 id, u32 *pay_out, bool fin)
{
	static const u32 sizes[16] = {
		4096, 4096, 4096, 4096, 4096, 4096, 4096, 4096,
		4096, 4096, 4096, 4096, 4096, 4096, 4000, 3779,
	};
	static const u32 offs[16];
	u32 lin = 200, pay = lin, i;
	struct sk_buff *skb;
	struct tcphdr *th;
	u8 *f;

	for (i = 0; i < ARRAY_SIZE(sizes); i++)
		pay += sizes[i];
	skb = alloc_skb(XD_HDR_TCP + lin, GFP_KERNEL);
	if (!skb)
		return NULL;
	f = skb_put(skb, XD_HDR_TCP + lin);
	xd_l2l3(t, f, id, 20 + XD_TCP_HLEN + pay, IPPROTO_TCP);
	th = (void *)(f + ETH_HLEN + 20);
	memset(th, 0, XD_TCP_HLEN);
	th->source = htons(2000 + id % 1000);
	th->dest = htons(80);
	th->seq = htonl(id << 20 | 0x12345);
	th->ack_seq = htonl(0x5000);
	th->doff = XD_TCP_HLEN / 4;
	th->ack = 1;
	th->psh = 1;
	th->cwr = 1;
	th->fin = fin;
	th->window = htons(1024);
	/* NOP, NOP, timestamps */
	put_unaligned_be32(0x0101080a, (u8 *)th + 20);
	put_unaligned_be32(id, (u8 *)th + 24);
	for (i = 0; i < lin; i++)
		f[XD_HDR_TCP + i] = xd_pat(id, i);
	if (xd_add_frags(skb, id, lin, sizes, offs, ARRAY_SIZE(sizes))) {
		kfree_skb(skb);
		return NULL;
	}
	skb_partial_csum_set(skb, ETH_HLEN + 20, offsetof(struct tcphdr, check));
	th->check = ~csum_tcpudp_magic(htonl(0x0a000000 | id),
				       htonl(0xc0a80001), 0, IPPROTO_TCP, 0);
	skb_shinfo(skb)->gso_size = XD_MSS;
	skb_shinfo(skb)->gso_type = SKB_GSO_TCPV4;
	skb_shinfo(skb)->gso_segs = DIV_ROUND_UP(pay, XD_MSS);
	skb->protocol = htons(ETH_P_IP);
	skb_reset_mac_header(skb);
	skb_set_network_header(skb, ETH_HLEN);
	skb_set_transport_header(skb, ETH_HLEN + 20);
	*pay_out = pay;
	return skb;
}

/* What must arrive for @skb: its bytes with the checksums a correct
 * core inserts (TSO: the template segments are cut from), padded to the
 * Ethernet minimum.
 */
static struct xd_exp *xd_expect(struct xd *t, struct sk_buff *skb, u32 id,
				u32 q, u32 pay)
{
	u32 len = max_t(u32, skb->len, ETH_ZLEN);
	struct xd_exp *e = kzalloc(struct_size(e, data, len), GFP_KERNEL);
	u8 *f;

	if (!e)
		return NULL;
	e->id = id;
	e->q = q;
	e->len = len;
	e->tso = skb_is_gso(skb);
	f = e->data;
	KUNIT_ASSERT_EQ(t->test, skb_copy_bits(skb, 0, f, skb->len), 0);
	if (e->tso) {
		e->segs = DIV_ROUND_UP(pay, XD_MSS);
		e->seen = bitmap_zalloc(e->segs, GFP_KERNEL);
		if (!e->seen) {
			kfree(e);
			return NULL;
		}
	} else if (skb->ip_summed == CHECKSUM_PARTIAL) {
		u32 l4len = skb->len - ETH_HLEN - 20;

		put_unaligned(0, (__sum16 *)(f + ETH_HLEN + 20 + 6));
		put_unaligned(xd_l4_sum(f, l4len, IPPROTO_UDP) ?: CSUM_MANGLED_0,
			      (__sum16 *)(f + ETH_HLEN + 20 + 6));
	}
	return e;
}

static void xd_exp_free(struct xd_exp *e)
{
	bitmap_free(e->seen);
	kfree(e);
}

/* Hand @skb to ndo_start_xmit as the stack does; false if its queue is
 * stopped (the skb is still ours then).
 */
static bool xd_xmit(struct xd *t, struct sk_buff *skb, u32 q, bool more)
{
	struct netdev_queue *txq = netdev_get_tx_queue(t->dev, q);
	netdev_tx_t rc;
	bool stopped;

	local_bh_disable();
	__netif_tx_lock(txq, smp_processor_id());
	stopped = netif_xmit_frozen_or_stopped(txq);
	if (!stopped)
		rc = netdev_start_xmit(skb, t->dev, txq, more);
	__netif_tx_unlock(txq);
	local_bh_enable();
	if (stopped)
		return false;
	/* BUSY would be a queue left awake with a full ring */
	KUNIT_EXPECT_EQ(t->test, rc, NETDEV_TX_OK);
	return true;
}

/* Queue selection as the stack's, steered to @want (a recorded RX queue
 * is what netdev_pick_tx() hashes to), then the driver's own choice.
 */
static u32 xd_pick(struct xd *t, struct sk_buff *skb, u32 want)
{
	skb_record_rx_queue(skb, want);
	return t->dev->netdev_ops->ndo_select_queue(t->dev, skb, NULL);
}

static void xd_send(struct xd *t, struct sk_buff *skb, u32 id, u32 want,
		    u32 pay, bool more)
{
	u32 q = xd_pick(t, skb, want), i;
	struct xd_exp *e;

	skb_set_queue_mapping(skb, q);
	skb->dev = t->dev;
	skb->destructor = xd_skb_free;
	e = xd_expect(t, skb, id, q, pay);
	KUNIT_ASSERT_NOT_NULL(t->test, e);
	KUNIT_ASSERT_EQ(t->test, xa_err(xa_store(&t->exp, id, e, GFP_KERNEL)),
			0);
	for (i = 0; i < 100000; i++) {
		if (xd_xmit(t, skb, q, more)) {
			t->sent++;
			return;
		}
		/* The ring is full: let the DMA and TX clean make room. */
		if (!xd_round(t, XD_BUDGET))
			usleep_range(20, 50);
	}
	KUNIT_FAIL(t->test, "TX queue %u never woke", q);
	kfree_skb(skb);
}

static u32 xd_id(struct xd *t)
{
	return t->next_id++;
}

static void xd_send_small(struct xd *t, u32 q, u32 lin, bool partial,
			  bool more)
{
	u32 id = xd_id(t);
	struct sk_buff *skb = xd_udp(t, id, lin, NULL, NULL, 0, partial);

	KUNIT_ASSERT_NOT_NULL(t->test, skb);
	xd_send(t, skb, id, q, 0, more);
}

static void xd_send_frags(struct xd *t, u32 q, bool partial, bool more)
{
	static const u32 sizes[] = { 700, 1000, 300 };
	static const u32 offs[] = { 100, 0, 3000 };
	u32 id = xd_id(t);
	struct sk_buff *skb = xd_udp(t, id, 40, sizes, offs, 3, partial);

	KUNIT_ASSERT_NOT_NULL(t->test, skb);
	xd_send(t, skb, id, q, 0, more);
}

static void xd_send_tso(struct xd *t, u32 q, bool fin)
{
	u32 id = xd_id(t), pay;
	struct sk_buff *skb = xd_tso(t, id, &pay, fin);

	KUNIT_ASSERT_NOT_NULL(t->test, skb);
	xd_send(t, skb, id, q, pay, false);
}

/* Checking what arrived */

static void xd_bad(struct xd *t, const struct xd_rx *r, const char *why)
{
	if (t->bad++ < 8)
		kunit_err(t->test, "frame of %u bytes on RX queue %d: %s\n",
			  r->len, r->q, why);
}

/* The segment of a TSO frame that starts @off bytes into its payload, as
 * a receiver must see it: the template's headers with the IPv4 length,
 * id (+1 per segment) and checksum, the TCP sequence number and checksum
 * redone, FIN and PSH on the last segment only, CWR on the first only.
 */
static u32 xd_tso_seg(const struct xd_exp *e, u32 off, u8 *s)
{
	u32 pay = e->len - XD_HDR_TCP, i = off / XD_MSS;
	u32 n = min_t(u32, XD_MSS, pay - off);
	struct iphdr *ip = (void *)(s + ETH_HLEN);
	u8 *th = s + ETH_HLEN + 20;

	memcpy(s, e->data, XD_HDR_TCP);
	memcpy(s + XD_HDR_TCP, e->data + XD_HDR_TCP + off, n);
	ip->tot_len = htons(20 + XD_TCP_HLEN + n);
	ip->id = htons(e->id * 3 + i);
	ip->check = 0;
	ip->check = ip_fast_csum(ip, 5);
	put_unaligned_be32(get_unaligned_be32(th + 4) + off, th + 4);
	/* flags byte: CWR 0x80, PSH 0x08, FIN 0x01 */
	if (off + n < pay)
		th[13] &= ~0x09;
	if (i)
		th[13] &= ~0x80;
	put_unaligned(0, (__sum16 *)(th + 16));
	put_unaligned(xd_l4_sum(s, XD_TCP_HLEN + n, IPPROTO_TCP),
		      (__sum16 *)(th + 16));
	return XD_HDR_TCP + n;
}

static void xd_match_tso(struct xd *t, struct xd_exp *e, const struct xd_rx *r)
{
	u32 pay = e->len - XD_HDR_TCP, off, len;
	u8 *s;

	if (r->len < XD_HDR_TCP)
		return xd_bad(t, r, "shorter than its headers");
	off = get_unaligned_be32(r->data + ETH_HLEN + 20 + 4) -
	      get_unaligned_be32(e->data + ETH_HLEN + 20 + 4);
	if (off >= pay || off % XD_MSS)
		return xd_bad(t, r, "not a segment of its TSO frame");
	s = kmalloc(XD_HDR_TCP + XD_MSS, GFP_KERNEL);
	if (!s)
		return xd_bad(t, r, "no memory");
	len = xd_tso_seg(e, off, s);
	if (len != r->len || memcmp(s, r->data, len))
		xd_bad(t, r, "TSO segment differs from what the wire must carry");
	else if (test_and_set_bit(off / XD_MSS, e->seen))
		xd_bad(t, r, "TSO segment arrived twice");
	else
		e->got++;
	kfree(s);
}

static void xd_match(struct xd *t, const struct xd_rx *r)
{
	struct xd_exp *e;
	u32 id;

	if (r->len < ETH_HLEN + 20)
		return xd_bad(t, r, "too short");
	id = get_unaligned_be32(r->data + ETH_HLEN + 12) & 0xffffff;
	e = xa_load(&t->exp, id);
	if (!e)
		return xd_bad(t, r, "not a frame the test sent");
	if (r->q != e->q)
		xd_bad(t, r, "on another RX queue than its TX queue");
	if (e->tso)
		return xd_match_tso(t, e, r);
	if (r->len != e->len || memcmp(r->data, e->data, e->len))
		return xd_bad(t, r, "bytes differ from what was sent");
	if (r->ip_summed != CHECKSUM_UNNECESSARY &&
	    (t->dev->features & NETIF_F_RXCSUM))
		xd_bad(t, r, "good checksums not reported as verified");
	e->got++;
}

/* Everything sent since the last check arrived exactly once. */
static void xd_check(struct xd *t)
{
	struct xd_rx *r, *n;
	struct xd_exp *e;
	unsigned long id;
	LIST_HEAD(got);
	u32 missing = 0;

	spin_lock_bh(&t->lock);
	list_splice_init(&t->rx, &got);
	spin_unlock_bh(&t->lock);
	list_for_each_entry_safe(r, n, &got, node) {
		xd_match(t, r);
		list_del(&r->node);
		kfree(r);
	}
	xa_for_each(&t->exp, id, e) {
		u32 want = e->tso ? e->segs : 1;

		if (e->got != want && missing++ < 8)
			kunit_err(t->test, "frame %lu (TX queue %u): %u of %u arrived\n",
				  id, e->q, e->got, want);
		xa_erase(&t->exp, id);
		xd_exp_free(e);
	}
	KUNIT_EXPECT_EQ_MSG(t->test, missing, 0u, "frames lost or duplicated");
	KUNIT_EXPECT_EQ_MSG(t->test, t->bad, 0u, "frames that arrived wrong");
	KUNIT_EXPECT_EQ(t->test, t->rx_nomem, 0u);
	t->bad = 0;
}

/* Drop what was sent and received so far, unchecked. */
static void xd_forget(struct xd *t)
{
	struct xd_rx *r, *n;
	struct xd_exp *e;
	unsigned long id;

	spin_lock_bh(&t->lock);
	list_for_each_entry_safe(r, n, &t->rx, node) {
		list_del(&r->node);
		kfree(r);
	}
	spin_unlock_bh(&t->lock);
	xa_for_each(&t->exp, id, e) {
		xa_erase(&t->exp, id);
		xd_exp_free(e);
	}
}

/* Nothing in flight: BQL back to zero on every queue, the model saw no
 * descriptor or buffer it must not.
 */
static void xd_check_clean(struct xd *t)
{
	u32 q;

	for (q = 0; q < t->priv->tx_queues; q++) {
		const struct xgm_chan_stats *s = &t->m->st[q];

		KUNIT_EXPECT_EQ_MSG(t->test, xd_bql_inflight(t, q), 0u,
				    "BQL of TX queue %u", q);
		KUNIT_EXPECT_EQ_MSG(t->test, s->bad_desc, 0ull, "channel %u", q);
		KUNIT_EXPECT_EQ_MSG(t->test, s->bad_read, 0ull,
				    "channel %u read a buffer the driver had unmapped",
				    q);
		KUNIT_EXPECT_EQ_MSG(t->test, s->tbu, 0ull, "channel %u", q);
		KUNIT_EXPECT_EQ_MSG(t->test, s->rx_fifo_drops, 0ull,
				    "channel %u", q);
		KUNIT_EXPECT_EQ_MSG(t->test, s->rx_off_drops, 0ull,
				    "channel %u", q);
	}
}

/* Set-up and tear-down */

static void xd_irq_descs(struct kunit *test, struct xd *t)
{
	u32 i;

	t->irq_base = irq_alloc_descs(-1, 1, XD_IRQS, NUMA_NO_NODE);
	KUNIT_ASSERT_GT(test, t->irq_base, 0);
	for (i = 0; i < XD_IRQS; i++) {
		irq_set_chip_and_handler(t->irq_base + i, &dummy_irq_chip,
					 handle_simple_irq);
		irq_modify_status(t->irq_base + i,
				  IRQ_NOREQUEST | IRQ_NOPROBE | IRQ_NOAUTOEN, 0);
	}
}

static void xd_plat(struct xd *t)
{
	struct stmmac_plat *p = &t->plat;

	p->core = STMMAC_CORE_XGMAC;
	p->interface = PHY_INTERFACE_MODE_RGMII_ID;
	p->pbl = 8;
	p->pblx8 = true;
	p->clk_csr = -1;
	p->csr_rate = 100000000;
	p->clk_rate = 250000000;
	p->phy_addr = -1;
}

static void xd_teardown(void *arg)
{
	struct xd *t = arg;

	if (t->dev) {
		rtnl_lock();
		dev_close(t->dev);
		if (t->hw_real)
			t->priv->hw = t->hw_real;
		netdev_rx_handler_unregister(t->dev);
		rtnl_unlock();
		/* xd_match() reads the device's features: before it goes */
		xd_check(t);
	}
	if (t->pdev)
		platform_device_unregister(t->pdev);
	if (t->m)
		xgm_destroy(t->m);
	if (t->irq_base > 0)
		irq_free_descs(t->irq_base, XD_IRQS);
	xa_destroy(&t->exp);
}

static void xd_open(struct xd *t)
{
	u32 i;

	rtnl_lock();
	KUNIT_EXPECT_EQ(t->test, dev_open(t->dev, NULL), 0);
	rtnl_unlock();
	/* phylink brings the fixed link up from a work item */
	for (i = 0; i < 5000 && !netif_carrier_ok(t->dev); i++)
		usleep_range(500, 1000);
	KUNIT_ASSERT_TRUE(t->test, netif_carrier_ok(t->dev));
}

/* Probe the driver on the model, per-channel interrupts if @perch,
 * TX queues without checksum engine in @coe_off; open it.
 */
static struct xd *xd_up(struct kunit *test, bool perch, u32 coe_off)
{
	struct xd_pdata pd = {};
	struct xd *t;
	u32 c;

	t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, t);
	t->test = test;
	spin_lock_init(&t->lock);
	INIT_LIST_HEAD(&t->rx);
	xa_init(&t->exp);
	t->next_id = 1;
	t->work = IRQ_WORK_INIT_HARD(xd_irq_fn);
	atomic_set(&xd_tx_freed, 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, xd_teardown, t),
			0);

	t->pdev = platform_device_alloc(XD_DRV, PLATFORM_DEVID_AUTO);
	KUNIT_ASSERT_NOT_NULL(test, t->pdev);
	device_set_node(&t->pdev->dev, of_fwnode_handle(of_node_get(xd_np)));
	t->m = xgm_create(&t->pdev->dev, XD_FIFO_SHIFT);
	KUNIT_ASSERT_NOT_NULL(test, t->m);
	t->m->buf_live = xd_tx_live;
	t->m->ctx = t;
	xd_irq_descs(test, t);
	xd_plat(t);
	t->plat.tx_coe_off = coe_off;
	pd.plat = &t->plat;
	pd.res.ioaddr = t->m->io;
	pd.res.irq = t->irq_base;
	for (c = 0; perch && c < XD_QUEUES; c++) {
		pd.res.rx_irq[c] = t->irq_base + 1 + c;
		pd.res.tx_irq[c] = t->irq_base + 1 + XD_QUEUES + c;
	}
	eth_random_addr(pd.res.mac);
	KUNIT_ASSERT_EQ(test, platform_device_add_data(t->pdev, &pd,
						       sizeof(pd)), 0);
	KUNIT_ASSERT_EQ(test, platform_device_add(t->pdev), 0);
	t->dev = platform_get_drvdata(t->pdev);
	KUNIT_ASSERT_NOT_NULL(test, t->dev);
	t->priv = netdev_priv(t->dev);
	KUNIT_ASSERT_EQ(test, t->priv->tx_queues, XD_QUEUES);
	KUNIT_ASSERT_EQ(test, t->priv->rx_queues, XD_QUEUES);

	rtnl_lock();
	/* Each TSO segment must reach the test as the wire carries it. */
	t->dev->wanted_features &= ~NETIF_F_GRO;
	netdev_update_features(t->dev);
	KUNIT_ASSERT_EQ(test, netdev_rx_handler_register(t->dev, xd_rx_handler,
							 t), 0);
	rtnl_unlock();
	xd_open(t);
	return t;
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

	stmmac_coal_tx_stats(&t->priv->coal.tx[q], &s);
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
		s->irqs[q] = t->irqs[1 + XD_QUEUES + q];
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
		KUNIT_EXPECT_EQ_MSG(t->test, a.ioc[q] - b->ioc[q],
				    a.ic[q] - b->ic[q],
				    "queue %u: IC bits the DMA saw vs counted", q);
		KUNIT_EXPECT_EQ_MSG(t->test, a.ti[q] - b->ti[q],
				    a.ic[q] - b->ic[q], "queue %u: TI raised", q);
		KUNIT_EXPECT_LE_MSG(t->test, (u64)(a.irqs[q] - b->irqs[q]),
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
	xd_run(t);
	xd_check(t);
	xd_check_clean(t);
	xd_check_irqs(t, &snap);
	for (q = 0; q < XD_QUEUES; q++) {
		KUNIT_EXPECT_GT_MSG(test, t->m->st[q].rx_frames, 40ull,
				    "RX channel %u", q);
		if (perch)
			KUNIT_EXPECT_GT_MSG(test, t->irqs[1 + q], 0u,
					    "RX line %u", q);
	}
	if (!perch)
		KUNIT_EXPECT_GT(test, t->irqs[0], 0u);
}

static void xd_perch_test(struct kunit *test)
{
	xd_traffic(test, true);
}

static void xd_single_irq_test(struct kunit *test)
{
	xd_traffic(test, false);
}

static void xd_set_coal(struct xd *t, u32 usecs, u32 frames)
{
	const struct ethtool_ops *ops = t->dev->ethtool_ops;
	struct kernel_ethtool_coalesce kec = {};
	struct ethtool_coalesce ec = {};
	int ret;

	rtnl_lock();
	ret = ops->get_coalesce(t->dev, &ec, &kec, NULL);
	if (!ret) {
		ec.tx_coalesce_usecs = usecs;
		ec.tx_max_coalesced_frames = frames;
		ret = ops->set_coalesce(t->dev, &ec, &kec, NULL);
	}
	rtnl_unlock();
	KUNIT_EXPECT_EQ_MSG(t->test, ret, 0, "tx-usecs %u tx-frames %u",
			    usecs, frames);
}

static void xd_set_rings(struct xd *t, u32 tx, u32 rx)
{
	const struct ethtool_ops *ops = t->dev->ethtool_ops;
	struct kernel_ethtool_ringparam kr = {};
	struct ethtool_ringparam r = {};
	int ret;

	rtnl_lock();
	ops->get_ringparam(t->dev, &r, &kr, NULL);
	r.tx_pending = tx;
	r.rx_pending = rx;
	ret = ops->set_ringparam(t->dev, &r, &kr, NULL);
	rtnl_unlock();
	KUNIT_EXPECT_EQ_MSG(t->test, ret, 0, "rings %u/%u", tx, rx);
}

static u32 xd_pool_pages(struct xd *t)
{
	u32 q, n = 0;

	for (q = 0; q < t->priv->rx_queues; q++)
		n += t->priv->rxq[q].pool->pages_state_hold_cnt;
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
		xd_set_coal(t, steps[s].usecs, steps[s].frames);
		xd_set_rings(t, steps[s].tx, steps[s].rx);
		for (q = 0; q < XD_QUEUES; q++) {
			wraps[q] = t->m->st[q].tx_wraps;
			rx_wraps[q] = t->m->st[q].rx_wraps;
		}
		pages = xd_pool_pages(t);
		/* 300 descriptors and 330 RX buffers a queue per burst */
		xd_burst(t, 280, 4, 0);
		xd_run(t);
		xd_check(t);
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
	xd_run(t);
	xd_check(t);
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
	xd_run(t);
	xd_check(t);
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
	struct xd_exp *e;
	u32 id;

	/* IC on every frame: nothing is left to the timer */
	xd_set_coal(t, 5000, 1);
	/* BQL's limit grows past one frame, so that two fit at once */
	xd_burst(t, 20, 0, 0);
	xd_run(t);
	xd_wrap_hw(t);
	t->m->edge_irq = true;

	id = xd_id(t);
	skb = xd_udp(t, id, 100, NULL, NULL, 0, false);
	KUNIT_ASSERT_NOT_NULL(test, skb);
	skb_set_queue_mapping(skb, 0);
	skb->dev = t->dev;
	skb->destructor = xd_skb_free;
	e = xd_expect(t, skb, id, 0, 0);
	KUNIT_ASSERT_NOT_NULL(test, e);
	KUNIT_ASSERT_EQ(test, xa_err(xa_store(&t->exp, id, e, GFP_KERNEL)), 0);

	xd_send_small(t, 0, 100, false, false);
	xgm_step(t->m, XD_BUDGET);
	xgm_lines(t->m, &l);
	KUNIT_ASSERT_TRUE(test, l.tx & BIT(0));
	local_bh_disable();
	/* TX NAPI scheduled, TI masked; the next frame is the DMA's before
	 * the poll runs, and completes just before its unmask.
	 */
	xd_fire_bh_off(t, 1 + XD_QUEUES);
	if (xd_xmit(t, skb, 0, false)) {
		t->sent++;
	} else {
		kfree_skb(skb);
		KUNIT_FAIL(test, "TX queue 0 stopped");
	}
	t->step_at_unmask = true;
	local_bh_enable();
	KUNIT_EXPECT_FALSE(test, t->step_at_unmask);

	xd_run(t);
	KUNIT_EXPECT_EQ_MSG(test, xd_bql_inflight(t, 0), 0u,
			    "a completed frame was never cleaned");
	xd_check(t);
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
	u32 pay;

	skb = xd_tso(t, xd_id(t), &pay, false);
	KUNIT_ASSERT_NOT_NULL(test, skb);
	skb->dev = t->dev;
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

	skb = xd_udp(t, xd_id(t), 300, NULL, NULL, 0, true);
	KUNIT_ASSERT_NOT_NULL(test, skb);
	skb->dev = t->dev;
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
			napi_schedule(&t->priv->channel[q].tx_napi);
			local_bh_enable();
		}
		xd_irqs(t);
		xd_softirqs();
	}
	xd_run(t);
	xd_check(t);
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

	xd_set_coal(t, 100000, 0);
	for (q = 0; q < XD_QUEUES; q++) {
		for (i = 0; i < 30; i++)
			xd_send_small(t, q, 200, true, false);
		xd_send_tso(t, q, false);
	}
	/* some sent, none cleaned nor received */
	xgm_step(t->m, 20);
	rtnl_lock();
	dev_close(t->dev);
	rtnl_unlock();
	KUNIT_EXPECT_EQ(test, (u32)atomic_read(&xd_tx_freed), t->sent);
	for (q = 0; q < XD_QUEUES; q++)
		KUNIT_EXPECT_EQ_MSG(test, xd_bql_inflight(t, q), 0u,
				    "queue %u", q);
	KUNIT_EXPECT_TRUE_MSG(test, hlist_empty(&t->dev->page_pools),
			      "a page pool was left with pages out");
	/* what arrived before the stop is not checked */
	xd_forget(t);
	xd_open(t);
	xd_set_coal(t, 5000, 25);
	xd_burst(t, 20, 2, 1);
	xd_run(t);
	xd_check(t);
	xd_check_clean(t);
}

/* RX errors as the MAC reports them: dropped and counted by cause; a
 * bad L4 checksum is delivered for the stack to judge.
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
	};
	struct xd *t = xd_up(test, true, 0);
	struct rtnl_link_stats64 a, b;
	struct xd_rx *r, *n;
	u32 i, got = 0;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		dev_get_stats(t->dev, &a);
		xgm_rx_fault(t->m, 3, cases[i].f, 1);
		xd_send_small(t, 3, 100, true, false);
		xd_run(t);
		dev_get_stats(t->dev, &b);
		KUNIT_EXPECT_EQ_MSG(test, b.rx_crc_errors - a.rx_crc_errors,
				    (u64)cases[i].crc, "case %u", i);
		KUNIT_EXPECT_EQ_MSG(test, b.rx_length_errors - a.rx_length_errors,
				    (u64)cases[i].length, "case %u", i);
		KUNIT_EXPECT_EQ_MSG(test, b.rx_over_errors - a.rx_over_errors,
				    (u64)cases[i].over, "case %u", i);
		KUNIT_EXPECT_EQ_MSG(test, b.rx_packets - a.rx_packets, 0ull,
				    "case %u", i);
		spin_lock_bh(&t->lock);
		KUNIT_EXPECT_TRUE_MSG(test, list_empty(&t->rx), "case %u", i);
		spin_unlock_bh(&t->lock);
		xd_forget(t);
	}
	/* the checksum verdict: not verified, delivered */
	xgm_rx_fault(t->m, 3, XGM_RXF_L4_CSUM, 1);
	xd_send_small(t, 3, 100, true, false);
	xd_run(t);
	spin_lock_bh(&t->lock);
	list_for_each_entry_safe(r, n, &t->rx, node) {
		KUNIT_EXPECT_EQ(test, r->ip_summed, CHECKSUM_NONE);
		list_del(&r->node);
		kfree(r);
		got++;
	}
	spin_unlock_bh(&t->lock);
	xd_forget(t);
	KUNIT_EXPECT_EQ(test, got, 1u);
	/* and good frames after it all */
	xd_burst(t, 10, 1, 0);
	xd_run(t);
	xd_check(t);
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
		xd_run(t);
	}
	xd_check(t);
	t->kicks[2] = 0;
	xd_burst8(t, 2);
	KUNIT_EXPECT_EQ(test, t->kicks[2], 1u);
	xd_run(t);
	xd_check(t);

	/* three rings' worth in one burst: the queue stops again and again */
	xd_set_rings(t, 128, 512);
	t->kicks[2] = 0;
	n = 3 * 128;
	for (i = 0; i < n; i++)
		xd_send_small(t, 2, 100, true, i + 1 < n);
	xd_run(t);
	xd_check(t);
	KUNIT_EXPECT_GE(test, t->kicks[2], 3u);
	KUNIT_EXPECT_LT(test, t->kicks[2], n / 4);

	t->priv->tx_doorbell_each = true;
	t->kicks[2] = 0;
	xd_burst8(t, 2);
	KUNIT_EXPECT_EQ(test, t->kicks[2], 8u);
	xd_run(t);
	xd_check(t);
}

/* The stamp of the one frame received since the last check, -1 if not one */
static s64 xd_rx_ts_of(struct xd *t)
{
	struct xd_rx *r;
	s64 ts = -1;

	spin_lock_bh(&t->lock);
	if (list_is_singular(&t->rx)) {
		r = list_first_entry(&t->rx, struct xd_rx, node);
		ts = ktime_to_ns(r->ts);
	}
	spin_unlock_bh(&t->lock);
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

	WRITE_ONCE(t->priv->ptp.rx_on, true);
	xgm_rx_ts(t->m, 3, 1, ns, false);
	xd_send_small(t, 3, 100, true, false);
	xd_run(t);
	KUNIT_EXPECT_EQ(test, xd_rx_ts_of(t), (s64)ns);
	xd_check(t);

	xgm_rx_ts(t->m, 3, 1, ns, true);
	xd_send_small(t, 3, 100, true, false);
	xd_run(t);
	KUNIT_EXPECT_EQ(test, xd_rx_ts_of(t), 0ll);
	xd_check(t);
	/* the late context descriptor lands before the next frame */
	xd_send_small(t, 3, 100, true, false);
	xd_run(t);
	KUNIT_EXPECT_EQ(test, xd_rx_ts_of(t), 0ll);
	xd_check(t);

	/* and one released while the frame waits: stamped */
	xgm_rx_ts(t->m, 3, 1, ns + 1, true);
	xd_send_small(t, 3, 100, true, false);
	xgm_step(t->m, XD_BUDGET);
	xgm_rx_ts_release(t->m, 3);
	xd_run(t);
	KUNIT_EXPECT_EQ(test, xd_rx_ts_of(t), (s64)(ns + 1));
	xd_check(t);
	WRITE_ONCE(t->priv->ptp.rx_on, false);
	xd_burst(t, 10, 1, 0);
	xd_run(t);
	xd_check(t);
}

/* ethtool -S and -l as a user reads them: the counters by name */
struct xd_stats {
	u8 (*names)[ETH_GSTRING_LEN];
	u64 *val;
	int n;
};

static void xd_stats_read(struct xd *t, struct xd_stats *st)
{
	const struct ethtool_ops *ops = t->dev->ethtool_ops;

	st->n = ops->get_sset_count(t->dev, ETH_SS_STATS);
	KUNIT_ASSERT_GT(t->test, st->n, 0);
	st->names = kunit_kcalloc(t->test, st->n, ETH_GSTRING_LEN, GFP_KERNEL);
	st->val = kunit_kcalloc(t->test, st->n, sizeof(u64), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(t->test, st->names);
	KUNIT_ASSERT_NOT_NULL(t->test, st->val);
	rtnl_lock();
	ops->get_strings(t->dev, ETH_SS_STATS, (u8 *)st->names);
	ops->get_ethtool_stats(t->dev, NULL, st->val);
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
	KUNIT_FAIL(t->test, "ethtool -S has no %s", name);
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
	xd_run(t);
	xd_check(t);
	xgm_rx_fault(t->m, 3, XGM_RXF_CRC, 1);
	xd_send_small(t, 3, 100, true, false);
	xgm_rx_fault(t->m, 5, XGM_RXF_GIANT, 1);
	xd_send_small(t, 5, 100, true, false);
	xd_run(t);
	xd_forget(t);
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

	t->dev->ethtool_ops->get_channels(t->dev, &ch);
	KUNIT_EXPECT_EQ(test, ch.max_tx, 8u);
	KUNIT_EXPECT_EQ(test, ch.max_rx, 8u);
	KUNIT_EXPECT_EQ(test, ch.tx_count, 8u);
	KUNIT_EXPECT_EQ(test, ch.rx_count, 8u);
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
	KUNIT_EXPECT_EQ(test, dev_set_mtu(t->dev, 9000), 0);
	rtnl_unlock();
	for (q = 0; q < XD_QUEUES; q++) {
		id = xd_id(t);
		skb = xd_udp(t, id, 8972 - 8900, sizes, offs, 3, true);
		KUNIT_ASSERT_NOT_NULL(test, skb);
		xd_send(t, skb, id, q, 0, false);
		xd_send_small(t, q, 50, true, false);
	}
	xd_run(t);
	xd_check(t);
	xd_check_clean(t);
	for (q = 0; q < XD_QUEUES; q++)
		KUNIT_EXPECT_GE_MSG(test, t->m->st[q].rx_descs, 4ull,
				    "queue %u", q);
}

/* The device's DT node: a fixed link, the way phylink and the driver
 * find one; disabled, so that no platform device is made for it.
 */
/* The queue statistics of the netdev netlink family, as `ynl netdev
 * qstats-get` adds them up: the base, then every queue in use (the others
 * left as the core leaves them, all ones).
 */
struct xd_qstats {
	struct netdev_queue_stats_rx rx[XD_QUEUES], rx_sum;
	struct netdev_queue_stats_tx tx[XD_QUEUES], tx_sum;
};

static void xd_qstats_read(struct xd *t, struct xd_qstats *s)
{
	const struct netdev_stat_ops *ops = t->dev->stat_ops;
	u32 q;

	KUNIT_ASSERT_NOT_NULL(t->test, ops);
	/* as the core does: what a driver leaves unset is not reported */
	memset(s, 0xff, sizeof(*s));
	rtnl_lock();
	ops->get_base_stats(t->dev, &s->rx_sum, &s->tx_sum);
	for (q = 0; q < t->dev->real_num_rx_queues; q++) {
		ops->get_queue_stats_rx(t->dev, q, &s->rx[q]);
		s->rx_sum.packets += s->rx[q].packets;
		s->rx_sum.bytes += s->rx[q].bytes;
		s->rx_sum.hw_drops += s->rx[q].hw_drops;
	}
	for (q = 0; q < t->dev->real_num_tx_queues; q++) {
		ops->get_queue_stats_tx(t->dev, q, &s->tx[q]);
		s->tx_sum.packets += s->tx[q].packets;
		s->tx_sum.bytes += s->tx[q].bytes;
	}
	rtnl_unlock();
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
	struct xd_qstats *a, *b;
	struct xd_stats st;
	u32 q;

	a = kunit_kzalloc(test, sizeof(*a), GFP_KERNEL);
	b = kunit_kzalloc(test, sizeof(*b), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, a);
	KUNIT_ASSERT_NOT_NULL(test, b);
	xd_burst(t, 20, 2, 1);
	xd_run(t);
	xd_check(t);
	xgm_rx_fault(t->m, 3, XGM_RXF_CRC, 1);
	xd_send_small(t, 3, 100, true, false);
	xd_run(t);
	xd_forget(t);
	xd_stats_read(t, &st);
	xd_qstats_read(t, a);
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
	dev_get_stats(t->dev, &link);
	KUNIT_EXPECT_EQ(test, a->rx_sum.packets, link.rx_packets);
	KUNIT_EXPECT_EQ(test, a->rx_sum.bytes, link.rx_bytes);
	KUNIT_EXPECT_EQ(test, a->tx_sum.packets, link.tx_packets);
	KUNIT_EXPECT_EQ(test, a->tx_sum.bytes, link.tx_bytes);
	KUNIT_EXPECT_EQ(test, a->rx_sum.hw_drops, 1ull);

	rtnl_lock();
	dev_close(t->dev);
	rtnl_unlock();
	xd_qstats_read(t, b);
	KUNIT_EXPECT_MEMEQ(test, a, b, sizeof(*a));
	xd_open(t);
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
	struct napi_struct *rx2 = &t->priv->channel[2].rx_napi;
	unsigned int id = READ_ONCE(rx2->napi_id);
	unsigned long flush;
	u32 q, defer;

	for (q = 0; q < XD_QUEUES; q++) {
		struct stmmac_channel *ch = &t->priv->channel[q];

		KUNIT_EXPECT_PTR_EQ(test, __netif_get_rx_queue(t->dev, q)->napi,
				    &ch->rx_napi);
		KUNIT_EXPECT_PTR_EQ(test, netdev_get_tx_queue(t->dev, q)->napi,
				    &ch->tx_napi);
		KUNIT_EXPECT_EQ(test, ch->rx_napi.irq, t->irq_base + 1 + q);
		KUNIT_EXPECT_EQ(test, ch->tx_napi.irq,
				t->irq_base + 1 + XD_QUEUES + q);
	}
	KUNIT_EXPECT_NE(test, id, 0u);
	stmmac_napi_settings_set(rx2, 7, 20000);

	rtnl_lock();
	dev_close(t->dev);
	rtnl_unlock();
	for (q = 0; q < XD_QUEUES; q++) {
		KUNIT_EXPECT_NULL(test, __netif_get_rx_queue(t->dev, q)->napi);
		KUNIT_EXPECT_NULL(test, netdev_get_tx_queue(t->dev, q)->napi);
	}
	xd_open(t);
	xd_set_rings(t, 256, 256);
	rtnl_lock();
	KUNIT_EXPECT_EQ(test, dev_set_mtu(t->dev, 3000), 0);
	rtnl_unlock();
	KUNIT_EXPECT_PTR_EQ(test, __netif_get_rx_queue(t->dev, 2)->napi, rx2);
	KUNIT_EXPECT_EQ(test, READ_ONCE(rx2->napi_id), id);
	stmmac_napi_settings_get(rx2, &defer, &flush);
	if (stmmac_napi_own_settings) {
		KUNIT_EXPECT_EQ(test, defer, 7u);
		KUNIT_EXPECT_EQ(test, flush, 20000ul);
	}
	xd_burst(t, 4, 0, 0);
	xd_run(t);
	xd_check(t);
}

static int xd_set_channels(struct xd *t, u32 tx, u32 rx)
{
	struct ethtool_channels ch = { .tx_count = tx, .rx_count = rx };
	int ret;

	KUNIT_ASSERT_NOT_NULL(t->test, t->dev->ethtool_ops->set_channels);
	rtnl_lock();
	ret = t->dev->ethtool_ops->set_channels(t->dev, &ch);
	rtnl_unlock();
	return ret;
}

/* Each TX queue in use, its NAPI context linked while up; no queue beyond */
static void xd_check_queues(struct xd *t, u32 tx, u32 rx)
{
	struct kunit *test = t->test;
	u32 q;

	KUNIT_EXPECT_EQ(test, t->dev->real_num_tx_queues, tx);
	KUNIT_EXPECT_EQ(test, t->dev->real_num_rx_queues, rx);
	KUNIT_EXPECT_EQ(test, t->priv->tx_queues, tx);
	KUNIT_EXPECT_EQ(test, t->priv->rx_queues, rx);
	for (q = 0; q < XD_QUEUES; q++) {
		KUNIT_EXPECT_PTR_EQ_MSG(test,
					netdev_get_tx_queue(t->dev, q)->napi,
					q < tx ? &t->priv->channel[q].tx_napi :
						 NULL, "TX queue %u", q);
		KUNIT_EXPECT_PTR_EQ_MSG(test,
					__netif_get_rx_queue(t->dev, q)->napi,
					q < rx ? &t->priv->channel[q].rx_napi :
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
	struct xd_qstats *s;
	struct sk_buff *skb;
	struct xd_stats st;
	u64 tx_pkt;

	s = kunit_kzalloc(test, sizeof(*s), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, s);
	xd_burst(t, 8, 1, 1);
	xd_run(t);
	xd_check(t);
	dev_get_stats(t->dev, &a);

	xd_stats_read(t, &st);
	KUNIT_EXPECT_EQ(test, xd_set_channels(t, 3, 5), 0);
	xd_check_queues(t, 3, 5);
	dev_get_stats(t->dev, &b);
	KUNIT_EXPECT_EQ(test, b.tx_packets, a.tx_packets);
	KUNIT_EXPECT_EQ(test, b.rx_bytes, a.rx_bytes);
	xd_qstats_read(t, s);
	KUNIT_EXPECT_EQ(test, s->tx_sum.packets, a.tx_packets);
	KUNIT_EXPECT_EQ(test, s->rx_sum.bytes, a.rx_bytes);
	tx_pkt = xd_stat(t, &st, "tx_pkt_n");
	xd_stats_read(t, &st);
	KUNIT_EXPECT_EQ(test, xd_stat(t, &st, "tx_pkt_n"), tx_pkt);

	/* pktgen's way: a frame still for queue 6, which has no ring now */
	skb = xd_udp(t, xd_id(t), 64, NULL, NULL, 0, false);
	KUNIT_ASSERT_NOT_NULL(test, skb);
	skb->dev = t->dev;
	skb_set_queue_mapping(skb, 6);
	if (!xd_xmit(t, skb, 6, false)) {
		kfree_skb(skb);
		KUNIT_FAIL(test, "TX queue 6 stopped");
	}
	dev_get_stats(t->dev, &b);
	KUNIT_EXPECT_EQ(test, b.tx_dropped, a.tx_dropped + 1);
	xd_burst(t, 8, 1, 1);
	xd_run(t);
	xd_check(t);
	xd_check_clean(t);

	KUNIT_EXPECT_EQ(test, xd_set_channels(t, 0, 5), -EINVAL);
	KUNIT_EXPECT_EQ(test, xd_set_channels(t, 9, 5), -EINVAL);
	xd_check_queues(t, 3, 5);

	KUNIT_EXPECT_EQ(test, xd_set_channels(t, 8, 8), 0);
	xd_check_queues(t, 8, 8);
	xd_burst(t, 8, 1, 1);
	xd_run(t);
	xd_check(t);

	rtnl_lock();
	dev_close(t->dev);
	rtnl_unlock();
	KUNIT_EXPECT_EQ(test, xd_set_channels(t, 2, 2), 0);
	xd_open(t);
	xd_check_queues(t, 2, 2);
	xd_burst(t, 4, 0, 0);
	xd_run(t);
	xd_check(t);
	xd_check_clean(t);
	dev_get_stats(t->dev, &b);
	KUNIT_EXPECT_GT(test, b.tx_packets, a.tx_packets);
	xd_qstats_read(t, s);
	KUNIT_EXPECT_EQ(test, s->tx_sum.packets, b.tx_packets);
	KUNIT_EXPECT_EQ(test, s->rx_sum.packets, b.rx_packets);
}

static int xd_node_create(void)
{
#if IS_ENABLED(CONFIG_OF_DYNAMIC)
	struct device_node *fl;
	int ret;

	if (!of_root)
		return -ENODEV;
	of_changeset_init(&xd_ocs);
	xd_np = of_changeset_create_node(&xd_ocs, of_root, "stmmac-xgm-kunit");
	fl = xd_np ? of_changeset_create_node(&xd_ocs, xd_np, "fixed-link") :
		     NULL;
	if (!fl)
		return -ENOMEM;
	ret = of_changeset_add_prop_string(&xd_ocs, xd_np, "status",
					   "disabled");
	if (!ret)
		ret = of_changeset_add_prop_u32(&xd_ocs, fl, "speed", 1000);
	if (!ret)
		ret = of_changeset_add_prop_bool(&xd_ocs, fl, "full-duplex");
	return ret ?: of_changeset_apply(&xd_ocs);
#else
	return -EOPNOTSUPP;
#endif
}

static void xd_node_remove(void)
{
#if IS_ENABLED(CONFIG_OF_DYNAMIC)
	of_changeset_revert(&xd_ocs);
	of_changeset_destroy(&xd_ocs);
#endif
}

static int xd_suite_init(struct kunit_suite *suite)
{
	int ret = xd_node_create();

	if (ret)
		return ret;
	ret = platform_driver_register(&xd_driver);
	if (ret)
		xd_node_remove();
	return ret;
}

static void xd_suite_exit(struct kunit_suite *suite)
{
	platform_driver_unregister(&xd_driver);
	xd_node_remove();
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
	{}
};

static struct kunit_suite xd_suite = {
	.name = "stmmac_xgmac_data",
	.suite_init = xd_suite_init,
	.suite_exit = xd_suite_exit,
	.test_cases = xd_cases,
};

kunit_test_suite(xd_suite);

MODULE_DESCRIPTION("KUnit: the stmmac XGMAC data path on a model of the core");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(STMMAC_KUNIT_NS);
