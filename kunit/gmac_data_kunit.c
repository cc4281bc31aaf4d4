// SPDX-License-Identifier: GPL-2.0-only
/*
 * The GMAC 3.x data path, end to end: the real driver probed on a
 * platform device whose registers and DMA are the software model of
 * gmac_model.c, opened with a fixed link, fed through ndo_start_xmit (and
 * a packet socket, for TX timestamps). The model loops every frame back;
 * the test takes them from the device's rx_handler and checks each
 * arrived once, byte for byte as the wire should carry it, with the
 * checksum verdict and timestamp the model's status words call for.
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
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/irq.h>
#include <linux/irq_work.h>
#include <linux/net_tstamp.h>
#include <linux/netdevice.h>
#include <linux/of.h>
#include <linux/phylink.h>
#include <linux/platform_device.h>
#include <linux/rtnetlink.h>
#include <linux/sizes.h>
#include <linux/socket.h>
#include <linux/tcp.h>
#include <linux/udp.h>
#include <linux/xarray.h>
#include <net/checksum.h>
#include <net/ip6_checksum.h>
#include <net/netdev_queues.h>
#include <net/sock.h>
#include <linux/unaligned.h>

#include "../stmmac.h"
#include "gmac_model.h"
#include "../stmmac_compat.h"

#define GD_DRV		"stmmac-gmm-kunit"
#define GD_RX_FIFO	SZ_16K
/* TX descriptors the DMA takes per round: the RX side keeps up */
#define GD_BUDGET	8
#define GD_PTP_LEN	44

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

/* A frame sent, and what must arrive for it */
struct gd_exp {
	u32 id;
	u32 len;
	bool ip;	/* a TCP/UDP frame: the engine verifies it */
	bool bad_csum;	/* damaged on the wire: not verified */
	u32 got;
	u8 data[];
};

/* A frame received */
struct gd_rx {
	struct list_head node;
	u32 len;
	u8 ip_summed;
	u64 hwts;
	u8 data[];
};

struct gd_pdata {
	struct stmmac_plat *plat;
	struct stmmac_resources res;
};

struct gd {
	struct kunit *test;
	const struct gd_core *core;
	struct platform_device *pdev;
	struct gmm_model *m;
	struct net_device *dev;
	struct stmmac_priv *priv;
	struct stmmac_plat plat;
	int irq;
	struct irq_work work;
	u32 irqs;
	spinlock_t lock;	/* @rx, @rx_nomem */
	struct list_head rx;
	u32 rx_nomem;
	struct xarray exp;
	u32 next_id;
	u32 bad;
	bool stuck;
	struct socket *sock;
	/* the driver's hardware operations, and ours around them */
	const struct stmmac_hw_ops *hw_real;
	struct stmmac_hw_ops hw;
	/* the DMA steps once just before the next TX unmask */
	bool step_at_unmask;
	/* a link up the MAC enable wrapper reports */
	struct completion mac_on;
};

/* The case that wrapped the driver's hardware operations (one at a time) */
static struct gd *gd_cur;

static struct device_node *gd_np;
#if IS_ENABLED(CONFIG_OF_DYNAMIC)
static struct of_changeset gd_ocs;
#endif

/* The device: probe and remove through a platform driver */

static int gd_probe(struct platform_device *pdev)
{
	struct gd_pdata *pd = dev_get_platdata(&pdev->dev);

	return stmmac_dvr_probe(&pdev->dev, pd->plat, &pd->res);
}

static void gd_remove(struct platform_device *pdev)
{
	stmmac_dvr_remove(&pdev->dev);
}

static struct platform_driver gd_driver = {
	.probe = gd_probe,
	.remove = gd_remove,
	.driver = { .name = GD_DRV },
};

/* Is [@addr, @addr + @len) inside a mapping the TX queue still holds?
 * The driver keeps each mapping at one ring slot until it unmaps it.
 */
static bool gd_buf_live(void *ctx, dma_addr_t addr, u32 len)
{
	struct gd *t = ctx;
	struct stmmac_txq *q = &t->priv->txq[0];
	u32 i;

	for (i = 0; i < q->size; i++) {
		const struct stmmac_tx_buf *b = &q->buf[i];

		if (b->len && addr >= b->dma && addr + len <= b->dma + b->len)
			return true;
	}
	return false;
}

/* Is a descriptor the DMA is about to touch inside the driver's ring? */
static bool gd_ring_live(void *ctx, bool tx, dma_addr_t addr, u32 len)
{
	struct gd *t = ctx;
	dma_addr_t base;
	u32 size;

	if (tx) {
		base = t->priv->txq[0].desc_dma;
		size = t->priv->txq[0].size;
	} else {
		base = t->priv->rxq[0].desc_dma;
		size = t->priv->rxq[0].size;
	}
	return addr >= base &&
	       addr + len <= base + (dma_addr_t)size * t->priv->desc->size;
}

static rx_handler_result_t gd_rx_handler(struct sk_buff **pskb)
{
	struct sk_buff *skb = *pskb;
	struct gd *t = rcu_dereference(skb->dev->rx_handler_data);
	struct gd_rx *r;

	skb_push(skb, skb->data - skb_mac_header(skb));
	r = kmalloc(struct_size(r, data, skb->len), GFP_ATOMIC);
	spin_lock(&t->lock);
	if (r) {
		r->len = skb->len;
		r->ip_summed = skb->ip_summed;
		r->hwts = ktime_to_ns(skb_hwtstamps(skb)->hwtstamp);
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
static void gd_irq_fn(struct irq_work *w)
{
	struct gd *t = container_of(w, struct gd, work);

	gmm_sync(t->m);
	generic_handle_irq(t->irq);
	gmm_sync(t->m);
}

/* The interrupt, with bottom halves off: its NAPI polls wait for them. */
static void gd_fire_bh_off(struct gd *t)
{
	t->irqs++;
	if (arch_irq_work_has_interrupt()) {
		irq_work_queue(&t->work);
		while (irq_work_is_busy(&t->work))
			cpu_relax();
	} else {
		local_irq_disable();
		gd_irq_fn(&t->work);
		local_irq_enable();
	}
}

static void gd_fire(struct gd *t)
{
	local_bh_disable();
	gd_fire_bh_off(t);
	local_bh_enable();
}

/* The DMA moves on between TX NAPI's last look at the ring and its unmask
 * of TI, once, when the case asks.
 */
static void gd_irq_enable(void __iomem *ioaddr, u32 chan, bool rx, bool tx)
{
	struct gd *t = gd_cur;

	if (tx && t->step_at_unmask) {
		t->step_at_unmask = false;
		gmm_step(t->m, GD_BUDGET);
	}
	t->hw_real->dma_irq_enable(ioaddr, chan, rx, tx);
}

static void gd_wrap_hw(struct gd *t)
{
	t->hw_real = t->priv->hw;
	t->hw = *t->hw_real;
	t->hw.dma_irq_enable = gd_irq_enable;
	gd_cur = t;
	t->priv->hw = &t->hw;
}

static void gd_softirqs(void)
{
	local_bh_disable();
	local_bh_enable();
}

static u32 gd_bql_inflight(struct gd *t)
{
#ifdef CONFIG_BQL
	struct dql *dql = &netdev_get_tx_queue(t->dev, 0)->dql;

	return READ_ONCE(dql->num_queued) - READ_ONCE(dql->num_completed);
#else
	return 0;
#endif
}

static bool gd_idle(struct gd *t)
{
	struct stmmac_channel *ch = &t->priv->channel[0];

	return !gd_bql_inflight(t) &&
	       !test_bit(NAPI_STATE_SCHED, &ch->tx_napi.state) &&
	       !test_bit(NAPI_STATE_SCHED, &ch->rx_napi.state) &&
	       !gmm_rx_pending(t->m);
}

/* One round: the DMA, its interrupt, the NAPI polls it schedules. */
static bool gd_round(struct gd *t)
{
	bool busy = gmm_step(t->m, GD_BUDGET);

	if (gmm_line(t->m)) {
		gd_fire(t);
		busy = true;
	}
	gd_softirqs();
	return busy;
}

/* A data path that moves nothing for this long is stuck: the case fails
 * and sends and waits no more, so that a broken driver shows its lost
 * frames rather than the TX watchdog (5 s) and a KUnit timeout.
 */
#define GD_STUCK	(3 * HZ)

/* Run until nothing is in flight. Waiting is for the TX timer, which
 * completes frames no IC bit covers; no assertion is on time.
 */
struct gd_watch {
	u64 moved;	/* descriptors the DMA had processed */
	unsigned long last;	/* jiffies when it last processed one */
};

static void gd_watch_start(struct gd *t, struct gd_watch *w)
{
	w->moved = t->m->st.tx_descs + t->m->st.rx_descs;
	w->last = jiffies;
}

/* True once the DMA has processed no descriptor for GD_STUCK. */
static bool gd_stuck(struct gd *t, struct gd_watch *w)
{
	u64 now = t->m->st.tx_descs + t->m->st.rx_descs;

	if (now != w->moved) {
		w->moved = now;
		w->last = jiffies;
	}
	return time_after(jiffies, w->last + GD_STUCK);
}

static void gd_run(struct gd *t)
{
	struct gd_watch w;
	bool busy;

	gd_watch_start(t, &w);
	while (!t->stuck) {
		busy = gd_round(t);
		if (gd_stuck(t, &w))
			break;
		if (busy)
			continue;
		if (gd_idle(t))
			return;
		usleep_range(20, 50);
	}
	if (!t->stuck)
		KUNIT_FAIL(t->test, "the data path never went idle");
	t->stuck = true;
}

/* Frames */

static u8 gd_pat(u32 id, u32 k)
{
	return id * 7 + k * 13 + (k >> 8);
}

/* Ethernet header to the port's own address (the MAC's filter takes it),
 * from an address of the far end.
 */
static void gd_l2(struct gd *t, u8 *f, u16 type)
{
	static const u8 far[ETH_ALEN] = { 0x02, 0x00, 0x5e, 0x10, 0x20, 0x30 };

	ether_addr_copy(f, t->dev->dev_addr);
	ether_addr_copy(f + ETH_ALEN, far);
	put_unaligned_be16(type, f + 12);
}

/* IPv4 header; the sender's address carries the id. */
static void gd_ip4(u8 *f, u32 id, u32 ip_len, u8 proto)
{
	struct iphdr *ip = (void *)(f + ETH_HLEN);

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

static void gd_ip6(u8 *f, u32 id, u32 pay_len, u8 proto)
{
	struct ipv6hdr *ip6 = (void *)(f + ETH_HLEN);

	memset(ip6, 0, sizeof(*ip6));
	ip6->version = 6;
	ip6->payload_len = htons(pay_len);
	ip6->nexthdr = proto;
	ip6->hop_limit = 64;
	ip6->saddr.s6_addr[0] = 0xfe;
	ip6->saddr.s6_addr[1] = 0x80;
	put_unaligned_be32(id, &ip6->saddr.s6_addr[12]);
	ip6->daddr.s6_addr[0] = 0xfe;
	ip6->daddr.s6_addr[1] = 0x80;
	ip6->daddr.s6_addr[15] = 1;
}

/* The TCP/UDP checksum of a linear frame, pseudo-header included */
static __sum16 gd_l4_sum(const u8 *f, bool v6, u32 l4len, u8 proto)
{
	u32 l4 = ETH_HLEN + (v6 ? 40 : 20);
	__wsum sum = csum_partial(f + l4, l4len, 0);

	if (v6) {
		const struct ipv6hdr *ip6 = (const void *)(f + ETH_HLEN);

		return csum_ipv6_magic(&ip6->saddr, &ip6->daddr, l4len, proto,
				       sum);
	}
	return csum_tcpudp_magic(get_unaligned((__be32 *)(f + ETH_HLEN + 12)),
				 get_unaligned((__be32 *)(f + ETH_HLEN + 16)),
				 l4len, proto, sum);
}

/* The pseudo-header sum the stack leaves in the field for the engine */
static __sum16 gd_l4_pseudo(const u8 *f, bool v6, u32 l4len, u8 proto)
{
	if (v6) {
		const struct ipv6hdr *ip6 = (const void *)(f + ETH_HLEN);

		return ~csum_ipv6_magic(&ip6->saddr, &ip6->daddr, l4len, proto,
					0);
	}
	return ~csum_tcpudp_magic(get_unaligned((__be32 *)(f + ETH_HLEN + 12)),
				  get_unaligned((__be32 *)(f + ETH_HLEN + 16)),
				  l4len, proto, 0);
}

/* Page fragments of @sizes bytes at @offs into fresh pages, filled with
 * the frame's pattern from payload byte @k on.
 */
static int gd_add_frags(struct sk_buff *skb, u32 id, u32 k, const u32 *sizes,
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
			va[offs[i] + j] = gd_pat(id, k++);
		skb_add_rx_frag(skb, i, p, offs[i], sizes[i], PAGE_SIZE);
	}
	return 0;
}

/* A TCP or UDP frame: @lin payload bytes with the headers, then @n page
 * fragments; the checksum left to the core (@partial) or done here
 * (linear frames only: a fragmented one the core of the stack sums).
 */
static struct sk_buff *gd_l4(struct gd *t, u32 id, u8 proto, bool v6,
			     u32 lin, const u32 *sizes, const u32 *offs,
			     u32 n, bool partial)
{
	u32 l3len = v6 ? 40 : 20, l4hl = proto == IPPROTO_TCP ? 20 : 8;
	u32 hdr = ETH_HLEN + l3len + l4hl, pay = lin, i, field;
	struct sk_buff *skb;
	u8 *f, *l4;

	for (i = 0; i < n; i++)
		pay += sizes[i];
	skb = alloc_skb(hdr + lin, GFP_KERNEL);
	if (!skb)
		return NULL;
	f = skb_put(skb, hdr + lin);
	gd_l2(t, f, v6 ? ETH_P_IPV6 : ETH_P_IP);
	if (v6)
		gd_ip6(f, id, l4hl + pay, proto);
	else
		gd_ip4(f, id, l3len + l4hl + pay, proto);
	l4 = f + ETH_HLEN + l3len;
	memset(l4, 0, l4hl);
	put_unaligned_be16(1000 + id % 1000, l4);
	put_unaligned_be16(proto == IPPROTO_TCP ? 80 : 9, l4 + 2);
	if (proto == IPPROTO_TCP) {
		struct tcphdr *th = (void *)l4;

		th->seq = htonl(id << 12);
		th->doff = 5;
		th->ack = 1;
		th->psh = 1;
		th->window = htons(1024);
		field = offsetof(struct tcphdr, check);
	} else {
		put_unaligned_be16(8 + pay, l4 + 4);
		field = offsetof(struct udphdr, check);
	}
	for (i = 0; i < lin; i++)
		f[hdr + i] = gd_pat(id, i);
	if (gd_add_frags(skb, id, lin, sizes, offs, n)) {
		kfree_skb(skb);
		return NULL;
	}
	if (partial) {
		skb_partial_csum_set(skb, ETH_HLEN + l3len, field);
		put_unaligned(gd_l4_pseudo(f, v6, l4hl + pay, proto),
			      (__sum16 *)(l4 + field));
	} else if (!n) {
		put_unaligned(gd_l4_sum(f, v6, l4hl + pay, proto) ?:
			      CSUM_MANGLED_0, (__sum16 *)(l4 + field));
	}
	skb->protocol = htons(v6 ? ETH_P_IPV6 : ETH_P_IP);
	skb_reset_mac_header(skb);
	skb_set_network_header(skb, ETH_HLEN);
	skb_set_transport_header(skb, ETH_HLEN + l3len);
	return skb;
}

/* A PTP version 2 message over Ethernet; the sequence id is the id. */
static struct sk_buff *gd_ptp(struct gd *t, u32 id, u8 type)
{
	struct sk_buff *skb = alloc_skb(ETH_HLEN + GD_PTP_LEN, GFP_KERNEL);
	u8 *f, *p;

	if (!skb)
		return NULL;
	f = skb_put_zero(skb, ETH_HLEN + GD_PTP_LEN);
	gd_l2(t, f, ETH_P_1588);
	p = f + ETH_HLEN;
	p[0] = type;
	p[1] = 2;
	put_unaligned_be16(GD_PTP_LEN, p + 2);
	memcpy(p + 20, "\x02\x00\x5e\xff\xfe\x10\x20\x30\x00\x01", 10);
	put_unaligned_be16(id, p + 30);
	skb->protocol = htons(ETH_P_1588);
	skb_reset_mac_header(skb);
	return skb;
}

/* What must arrive for @skb: its bytes with the checksum a correct core
 * inserts, padded to the Ethernet minimum.
 */
static struct gd_exp *gd_expect(struct gd *t, struct sk_buff *skb, u32 id,
				bool ip)
{
	u32 len = max_t(u32, skb->len, ETH_ZLEN);
	struct gd_exp *e = kzalloc(struct_size(e, data, len), GFP_KERNEL);
	u32 l4, field;
	__sum16 sum;
	u8 *f;

	if (!e)
		return NULL;
	e->id = id;
	e->len = len;
	e->ip = ip;
	f = e->data;
	KUNIT_ASSERT_EQ(t->test, skb_copy_bits(skb, 0, f, skb->len), 0);
	if (skb->ip_summed == CHECKSUM_PARTIAL) {
		bool v6 = skb->protocol == htons(ETH_P_IPV6);
		u8 proto = f[ETH_HLEN + (v6 ? 6 : 9)];

		l4 = skb_checksum_start_offset(skb);
		field = skb->csum_offset;
		put_unaligned(0, (__sum16 *)(f + l4 + field));
		sum = gd_l4_sum(f, v6, skb->len - l4, proto);
		if (!sum && proto == IPPROTO_UDP)
			sum = CSUM_MANGLED_0;
		put_unaligned(sum, (__sum16 *)(f + l4 + field));
	}
	return e;
}

/* Hand @skb to ndo_start_xmit as the stack does; false if the queue is
 * stopped (the skb is still ours then).
 */
static bool gd_xmit(struct gd *t, struct sk_buff *skb, bool more)
{
	struct netdev_queue *txq = netdev_get_tx_queue(t->dev, 0);
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
	KUNIT_EXPECT_EQ(t->test, rc, NETDEV_TX_OK);
	return true;
}

/* Record what must arrive for @skb. */
static void gd_expect_store(struct gd *t, struct sk_buff *skb, u32 id,
			    bool ip)
{
	struct gd_exp *e = gd_expect(t, skb, id, ip);

	KUNIT_ASSERT_NOT_NULL(t->test, e);
	KUNIT_ASSERT_EQ(t->test, xa_err(xa_store(&t->exp, id, e, GFP_KERNEL)),
			0);
}

static void gd_send(struct gd *t, struct sk_buff *skb, u32 id, bool ip,
		    bool more)
{
	struct gd_watch w;

	skb->dev = t->dev;
	gd_expect_store(t, skb, id, ip);
	gd_watch_start(t, &w);
	while (!t->stuck && !gd_stuck(t, &w)) {
		if (gd_xmit(t, skb, more))
			return;
		/* The ring is full: let the DMA and TX clean make room. */
		if (!gd_round(t))
			usleep_range(20, 50);
	}
	kfree_skb(skb);
	/* once: the frames still to come go nowhere either */
	if (!t->stuck)
		KUNIT_FAIL(t->test, "TX queue never woke");
	t->stuck = true;
}

static u32 gd_id(struct gd *t)
{
	return t->next_id++;
}

/* One frame of @kind with @lin bytes of payload (fragments: fixed) */
static void gd_send_kind(struct gd *t, enum gd_kind kind, u32 lin,
			 bool partial, bool more)
{
	/* 1482 bytes: within the MTU */
	static const u32 sizes[] = { 700, 500, 200 };
	static const u32 offs[] = { 100, 0, 3000 };
	u32 id = gd_id(t);
	struct sk_buff *skb;

	switch (kind) {
	case GD_UDP:
		skb = gd_l4(t, id, IPPROTO_UDP, false, lin, NULL, NULL, 0,
			    partial);
		break;
	case GD_UDP6:
		skb = gd_l4(t, id, IPPROTO_UDP, true, lin, NULL, NULL, 0,
			    partial);
		break;
	case GD_TCP:
		skb = gd_l4(t, id, IPPROTO_TCP, false, lin, NULL, NULL, 0,
			    partial);
		break;
	case GD_FRAGS:
		skb = gd_l4(t, id, IPPROTO_UDP, false, 40, sizes, offs, 3,
			    partial);
		break;
	default:
		skb = gd_ptp(t, id, lin);
		break;
	}
	KUNIT_ASSERT_NOT_NULL(t->test, skb);
	gd_send(t, skb, id, kind != GD_PTP, more);
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

/* Checking what arrived */

static void gd_bad(struct gd *t, const struct gd_rx *r, const char *why)
{
	if (t->bad++ < 8)
		kunit_err(t->test, "frame of %u bytes: %s\n", r->len, why);
}

static u32 gd_frame_id(const struct gd_rx *r)
{
	switch (get_unaligned_be16(r->data + 12)) {
	case ETH_P_IP:
		return get_unaligned_be32(r->data + ETH_HLEN + 12) & 0xffffff;
	case ETH_P_IPV6:
		return get_unaligned_be32(r->data + ETH_HLEN + 8 + 12);
	case ETH_P_1588:
		return get_unaligned_be16(r->data + ETH_HLEN + 30);
	}
	return 0;
}

static void gd_match(struct gd *t, const struct gd_rx *r)
{
	bool rxcsum = t->dev->features & NETIF_F_RXCSUM;
	struct gd_exp *e;

	if (r->len < ETH_HLEN + GD_PTP_LEN)
		return gd_bad(t, r, "too short");
	e = xa_load(&t->exp, gd_frame_id(r));
	if (!e)
		return gd_bad(t, r, "not a frame the test sent");
	if (r->len != e->len || memcmp(r->data, e->data, e->len))
		return gd_bad(t, r, "bytes differ from what was sent");
	if (e->bad_csum || !e->ip) {
		if (r->ip_summed == CHECKSUM_UNNECESSARY)
			gd_bad(t, r, "a checksum not verified by the core passed as verified");
	} else if (rxcsum && r->ip_summed != CHECKSUM_UNNECESSARY) {
		gd_bad(t, r, "good checksums not reported as verified");
	}
	e->got++;
}

/* Everything sent since the last check arrived exactly once. */
static void gd_check(struct gd *t)
{
	struct gd_rx *r, *n;
	struct gd_exp *e;
	unsigned long id;
	LIST_HEAD(got);
	u32 missing = 0;

	spin_lock_bh(&t->lock);
	list_splice_init(&t->rx, &got);
	spin_unlock_bh(&t->lock);
	list_for_each_entry_safe(r, n, &got, node) {
		gd_match(t, r);
		list_del(&r->node);
		kfree(r);
	}
	xa_for_each(&t->exp, id, e) {
		if (e->got != 1 && missing++ < 8)
			kunit_err(t->test, "frame %lu: arrived %u times\n", id,
				  e->got);
		xa_erase(&t->exp, id);
		kfree(e);
	}
	KUNIT_EXPECT_EQ_MSG(t->test, missing, 0u, "frames lost or duplicated");
	KUNIT_EXPECT_EQ_MSG(t->test, t->bad, 0u, "frames that arrived wrong");
	KUNIT_EXPECT_EQ(t->test, t->rx_nomem, 0u);
	t->bad = 0;
}

/* Nothing in flight, and the model saw no descriptor or buffer it must
 * not.
 */
static void gd_check_clean(struct gd *t)
{
	const struct gmm_stats *s = &t->m->st;

	KUNIT_EXPECT_EQ(t->test, gd_bql_inflight(t), 0u);
	KUNIT_EXPECT_EQ(t->test, s->bad_desc, 0ull);
	KUNIT_EXPECT_EQ_MSG(t->test, s->bad_read, 0ull,
			    "the DMA read a buffer the driver had unmapped");
	KUNIT_EXPECT_EQ(t->test, s->rx_fifo_drops, 0ull);
	KUNIT_EXPECT_EQ(t->test, s->rx_off_drops, 0ull);
}

/* Set-up and tear-down */

static void gd_plat(struct gd *t)
{
	struct stmmac_plat *p = &t->plat;

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

static void gd_teardown(void *arg)
{
	struct gd *t = arg;

	if (t->dev) {
		rtnl_lock();
		dev_close(t->dev);
		if (t->hw_real)
			t->priv->hw = t->hw_real;
		netdev_rx_handler_unregister(t->dev);
		rtnl_unlock();
		/* while the device (its features) still exists */
		gd_check(t);
	}
	if (t->sock)
		sock_release(t->sock);
	if (t->pdev)
		platform_device_unregister(t->pdev);
	if (t->m)
		gmm_destroy(t->m);
	if (t->irq > 0)
		irq_free_descs(t->irq, 1);
	xa_destroy(&t->exp);
}

/* phylink brings the fixed link up from a work item */
static void gd_open_wait(struct gd *t)
{
	u32 i;

	for (i = 0; i < 5000 && !netif_carrier_ok(t->dev); i++)
		usleep_range(500, 1000);
	KUNIT_ASSERT_TRUE(t->test, netif_carrier_ok(t->dev));
}

static void gd_open(struct gd *t)
{
	rtnl_lock();
	KUNIT_EXPECT_EQ(t->test, dev_open(t->dev, NULL), 0);
	rtnl_unlock();
	gd_open_wait(t);
}

/* Probe the driver on a model of the case's core; open it. */
static struct gd *gd_up(struct kunit *test)
{
	const struct gd_core *core = test->param_value;
	struct gd_pdata pd = {};
	struct gd *t;
	bool atds;

	t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, t);
	t->test = test;
	t->core = core;
	spin_lock_init(&t->lock);
	INIT_LIST_HEAD(&t->rx);
	xa_init(&t->exp);
	t->next_id = 1;
	t->work = IRQ_WORK_INIT_HARD(gd_irq_fn);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, gd_teardown, t),
			0);

	t->pdev = platform_device_alloc(GD_DRV, PLATFORM_DEVID_AUTO);
	KUNIT_ASSERT_NOT_NULL(test, t->pdev);
	device_set_node(&t->pdev->dev, of_fwnode_handle(of_node_get(gd_np)));
	t->m = gmm_create(&t->pdev->dev, core->version, core->hwf,
			  GD_RX_FIFO);
	KUNIT_ASSERT_NOT_NULL(test, t->m);
	t->m->buf_live = gd_buf_live;
	t->m->ring_live = gd_ring_live;
	t->m->ctx = t;
	t->irq = irq_alloc_descs(-1, 1, 1, NUMA_NO_NODE);
	KUNIT_ASSERT_GT(test, t->irq, 0);
	irq_set_chip_and_handler(t->irq, &dummy_irq_chip, handle_simple_irq);
	irq_modify_status(t->irq, IRQ_NOREQUEST | IRQ_NOPROBE | IRQ_NOAUTOEN,
			  0);
	gd_plat(t);
	pd.plat = &t->plat;
	pd.res.ioaddr = t->m->io;
	pd.res.irq = t->irq;
	eth_random_addr(pd.res.mac);
	KUNIT_ASSERT_EQ(test, platform_device_add_data(t->pdev, &pd,
						       sizeof(pd)), 0);
	KUNIT_ASSERT_EQ(test, platform_device_add(t->pdev), 0);
	t->dev = platform_get_drvdata(t->pdev);
	KUNIT_ASSERT_NOT_NULL(test, t->dev);
	t->priv = netdev_priv(t->dev);
	KUNIT_ASSERT_EQ(test, t->priv->desc->size, core->desc_size);

	rtnl_lock();
	/* Each frame must reach the test as the wire carries it. */
	t->dev->wanted_features &= ~NETIF_F_GRO;
	netdev_update_features(t->dev);
	KUNIT_ASSERT_EQ(test, netdev_rx_handler_register(t->dev, gd_rx_handler,
							 t), 0);
	rtnl_unlock();
	gd_open(t);
	/* The DMA steps by the format's size. */
	atds = readl(t->m->io + GD_BUS_MODE) & GD_BUS_ATDS;
	KUNIT_EXPECT_EQ_MSG(test, atds, core->desc_size == 32,
			    "DMA bus mode ATDS with %u-byte descriptors",
			    core->desc_size);
	return t;
}

static void gd_set_rings(struct gd *t, u32 tx, u32 rx)
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

static void gd_set_coal(struct gd *t, u32 usecs, u32 frames)
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
	KUNIT_EXPECT_EQ(t->test, ret, 0);
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

	gd_set_rings(t, STMMAC_RING_MIN, STMMAC_RING_MIN);
	txw = s->tx_wraps;
	rxw = s->rx_wraps;
	ic = s->tx_ic;
	ti = s->ti;
	txf = s->tx_frames;
	rxf = s->rx_frames;
	csum = s->tx_csum;
	gd_burst(t, 400);
	gd_run(t);
	gd_check(t);
	gd_check_clean(t);
	KUNIT_EXPECT_EQ(test, s->tx_frames - txf, 400ull);
	KUNIT_EXPECT_EQ(test, s->rx_frames - rxf, 400ull);
	KUNIT_EXPECT_GE(test, s->tx_wraps - txw, 5ull);
	KUNIT_EXPECT_GE(test, s->rx_wraps - rxw, 5ull);
	KUNIT_EXPECT_EQ(test, s->ti - ti, s->tx_ic - ic);
	KUNIT_EXPECT_GT(test, t->irqs, 0u);
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
	struct netdev_queue *txq = netdev_get_tx_queue(t->dev, 0);
	struct stmmac_coal_txq *cq = &t->priv->coal.tx[0];
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
	gd_run(t);
	gd_check(t);
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
	gd_set_coal(t, STMMAC_COAL_TX_USECS_DEF, 1);
	/* BQL's limit grows past one frame, so that two fit at once */
	gd_burst(t, 40);
	gd_run(t);
	gd_wrap_hw(t);
	t->m->edge_irq = true;
	drops = t->m->st.rx_off_drops;

	skb = gd_l4(t, gd_id(t), IPPROTO_UDP, false, 100, NULL, NULL, 0,
		    false);
	KUNIT_ASSERT_NOT_NULL(test, skb);
	skb->data[0] ^= 0x02;
	skb->dev = t->dev;

	gd_send_kind(t, GD_UDP, 100, false, false);
	gmm_step(t->m, GD_BUDGET);
	KUNIT_ASSERT_TRUE(test, gmm_line(t->m));
	local_bh_disable();
	/* TX NAPI scheduled, TI masked; the next frame is owned by the DMA
	 * before the poll runs, and completes just before its unmask.
	 */
	gd_fire_bh_off(t);
	if (!gd_xmit(t, skb, false)) {
		kfree_skb(skb);
		KUNIT_FAIL(test, "TX queue stopped");
	}
	t->step_at_unmask = true;
	local_bh_enable();
	KUNIT_EXPECT_FALSE(test, t->step_at_unmask);

	gd_run(t);
	KUNIT_EXPECT_EQ(test, t->m->st.rx_off_drops - drops, 1ull);
	KUNIT_EXPECT_EQ_MSG(test, gd_bql_inflight(t), 0u,
			    "a completed frame was never cleaned");
	gd_check(t);
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

	skb = gd_l4(t, gd_id(t), IPPROTO_UDP, false, 100, NULL, NULL, 0, true);
	KUNIT_ASSERT_NOT_NULL(test, skb);
	skb->dev = t->dev;
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

	skb = gd_l4(t, gd_id(t), IPPROTO_UDP, false, 100, NULL, NULL, 0, true);
	KUNIT_ASSERT_NOT_NULL(test, skb);
	skb->dev = t->dev;
	skb = vlan_insert_tag_set_proto(skb, htons(ETH_P_8021AD), 77);
	KUNIT_ASSERT_NOT_NULL(test, skb);
	f = netif_skb_features(skb);
	KUNIT_EXPECT_FALSE_MSG(test, f & NETIF_F_CSUM_MASK,
			       "802.1ad tag in the frame: %pNF", &f);
	kfree_skb(skb);
}

/* System sleep may take the core's power: what its clear-on-read
 * missed-frame counter held when the data path stopped must be counted
 * before, not read back after resume (a reset core reads 0).
 */
static void gd_mac_enable(void __iomem *ioaddr, bool enable)
{
	gd_cur->hw_real->mac_enable(ioaddr, enable);
	if (enable)
		complete(&gd_cur->mac_on);
}

/* ethtool -K's read of the MAC configuration, then a link up from
 * phylink's work (no RTNL) given half a second to run before the write.
 */
static void gd_set_rx_csum_split(void __iomem *ioaddr, bool on)
{
	struct gd *t = gd_cur;
	u32 read = readl(ioaddr + GD_MAC_CONFIG);

	phylink_start(t->priv->phylink);
	wait_for_completion_timeout(&t->mac_on, msecs_to_jiffies(500));
	/* the write of what was read, changed, as the real operation does */
	writel(read, ioaddr + GD_MAC_CONFIG);
	t->hw_real->set_rx_csum(ioaddr, on);
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

	gd_wrap_hw(t);
	init_completion(&t->mac_on);
	t->hw.mac_enable = gd_mac_enable;
	t->hw.set_rx_csum = gd_set_rx_csum_split;
	rtnl_lock();
	phylink_stop(t->priv->phylink);
	KUNIT_EXPECT_FALSE(test, readl(t->m->io + GD_MAC_CONFIG) & GD_CFG_TE);
	t->dev->wanted_features &= ~NETIF_F_RXCSUM;
	netdev_update_features(t->dev);
	rtnl_unlock();
	gd_open_wait(t);
	cfg = readl(t->m->io + GD_MAC_CONFIG);
	KUNIT_EXPECT_EQ_MSG(test, cfg & (GD_CFG_RE | GD_CFG_TE),
			    GD_CFG_RE | GD_CFG_TE, "MAC configuration %#x", cfg);
	KUNIT_EXPECT_FALSE(test, cfg & GD_CFG_IPC);
	t->hw.set_rx_csum = t->hw_real->set_rx_csum;
	gd_burst(t, 20);
	gd_run(t);
	gd_check(t);
}

/* ethtool -s wol g, as a user enables it (a core with PMT) */
static void gd_wol_magic(struct gd *t)
{
	struct ethtool_wolinfo wol = {
		.cmd = ETHTOOL_SWOL,
		.wolopts = WAKE_MAGIC,
	};

	rtnl_lock();
	KUNIT_EXPECT_EQ(t->test, t->dev->ethtool_ops->set_wol(t->dev, &wol), 0);
	rtnl_unlock();
}

/* The bus device outlives the driver: unbound (a module reload, an
 * unbind through sysfs), it is no wake-up source any more and does not
 * claim to be able to wake the system.
 */
static void gd_unbind_wakeup_test(struct kunit *test)
{
	struct gd *t = gd_up(test);
	struct device *dev = &t->pdev->dev;
	bool pmt = t->core->hwf & HWF_MGKSEL;

	KUNIT_EXPECT_EQ(test, device_can_wakeup(dev), pmt);
	if (pmt) {
		gd_wol_magic(t);
		KUNIT_EXPECT_TRUE(test, device_may_wakeup(dev));
	}
	rtnl_lock();
	dev_close(t->dev);
	netdev_rx_handler_unregister(t->dev);
	rtnl_unlock();
	t->dev = NULL;
	t->priv = NULL;
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
	struct device *dev = &t->pdev->dev;
	bool pmt = t->core->hwf & HWF_MGKSEL;

	if (pmt)
		gd_wol_magic(t);
	/* up when the system sleeps */
	KUNIT_ASSERT_EQ(test, stmmac_suspend(dev), 0);
	KUNIT_EXPECT_EQ(test, t->priv->wol_armed, pmt);
	KUNIT_EXPECT_EQ(test, stmmac_resume_failed(dev, -EIO), -EIO);
	KUNIT_EXPECT_FALSE(test, t->priv->wol_armed);
	KUNIT_EXPECT_FALSE(test, irq_has_action(t->irq));
	rtnl_lock();
	dev_close(t->dev);
	KUNIT_EXPECT_TRUE(test, netif_device_present(t->dev));
	rtnl_unlock();
	gd_open(t);
	gd_burst(t, 20);
	gd_run(t);
	gd_check(t);

	/* down when the system sleeps */
	rtnl_lock();
	dev_close(t->dev);
	rtnl_unlock();
	KUNIT_ASSERT_EQ(test, stmmac_suspend(dev), 0);
	KUNIT_EXPECT_EQ(test, stmmac_resume_failed(dev, -EIO), -EIO);
	KUNIT_EXPECT_TRUE(test, netif_device_present(t->dev));
	gd_open(t);
	gd_burst(t, 20);
	gd_run(t);
	gd_check(t);
}

/* Is the page at DMA address @addr still allocated (a ring's first page,
 * a non-compound allocation's head)?
 */
static bool gd_page_held(struct gd *t, dma_addr_t addr)
{
	phys_addr_t pa = dma_to_phys(&t->pdev->dev, addr);

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
	dma_addr_t tx = t->priv->txq[0].desc_dma;
	dma_addr_t rx = t->priv->rxq[0].desc_dma;

	gd_burst(t, 10);
	gd_run(t);
	gd_check(t);
	WRITE_ONCE(t->m->wedged, true);
	rtnl_lock();
	dev_close(t->dev);
	rtnl_unlock();
	KUNIT_EXPECT_TRUE(test, t->priv->dma_wedged);
	KUNIT_EXPECT_TRUE(test, gd_page_held(t, tx));
	KUNIT_EXPECT_TRUE(test, gd_page_held(t, rx));

	WRITE_ONCE(t->m->wedged, false);
	gd_open(t);
	KUNIT_EXPECT_FALSE(test, t->priv->dma_wedged);
	gd_burst(t, 20);
	gd_run(t);
	gd_check(t);
}

static void gd_sleep_counters_test(struct kunit *test)
{
	struct gd *t = gd_up(test);
	struct rtnl_link_stats64 st;
	u64 before;

	dev_get_stats(t->dev, &st);
	before = st.rx_missed_errors;
	/* 5 frames missed for want of a descriptor, 1 on FIFO overflow */
	writel(5 | 1 << 17, t->m->io + 0x1020);
	KUNIT_ASSERT_EQ(test, stmmac_suspend(&t->pdev->dev), 0);
	/* the core powered off: its counters are gone */
	writel(0, t->m->io + 0x1020);
	KUNIT_ASSERT_EQ(test, stmmac_resume(&t->pdev->dev), 0);
	dev_get_stats(t->dev, &st);
	KUNIT_EXPECT_EQ(test, st.rx_missed_errors - before, 5ull);
	gd_burst(t, 20);
	gd_run(t);
	gd_check(t);
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

	gd_set_rings(t, STMMAC_RING_MIN, STMMAC_RING_MIN);
	rtnl_lock();
	KUNIT_ASSERT_EQ(test, dev_set_mtu(t->dev, 9000), 0);
	rtnl_unlock();
	KUNIT_EXPECT_LT(test, t->priv->rxq[0].buf_len, 9018u);
	descs = s->rx_descs;
	frames = s->rx_frames;
	rxw = s->rx_wraps;
	for (i = 0; i < 60; i++) {
		id = gd_id(t);
		/* 9000 bytes of IP: 72 + 8900 bytes of UDP payload */
		skb = gd_l4(t, id, IPPROTO_UDP, false, 72, sizes, offs, 3,
			    i % 2);
		KUNIT_ASSERT_NOT_NULL(test, skb);
		gd_send(t, skb, id, true, false);
		gd_send_kind(t, GD_UDP, 2000 + i * 53, true, false);
		gd_send_kind(t, GD_TCP, i * 7, i % 2, false);
	}
	gd_run(t);
	gd_check(t);
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
	struct gd_exp *e;
	u32 i, l4, field, id;
	enum gd_kind kind;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		dev_get_stats(t->dev, &a);
		gmm_fault(t->m, cases[i].f, 1);
		id = t->next_id;
		gd_send_kind(t, cases[i].k, 300, i % 2, false);
		/* what the far end receives: the damaged bytes */
		e = xa_load(&t->exp, id);
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
		gd_run(t);
		gd_check(t);
		dev_get_stats(t->dev, &b);
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
	struct gd_exp *e;
	u32 id;

	dev_get_stats(t->dev, &a);
	gmm_fault(t->m, GMM_F_CRC, 1);
	id = t->next_id;
	gd_send_kind(t, GD_UDP, 500, true, false);
	gd_run(t);
	/* not delivered: nothing to match it against */
	e = xa_erase(&t->exp, id);
	kfree(e);
	gd_check(t);
	dev_get_stats(t->dev, &b);
	KUNIT_EXPECT_EQ(test, t->m->st.rx_crc, 1ull);
	KUNIT_EXPECT_EQ(test, b.rx_crc_errors - a.rx_crc_errors, 1ull);
	KUNIT_EXPECT_EQ(test, b.rx_packets - a.rx_packets, 0ull);
	gd_burst(t, 20);
	gd_run(t);
	gd_check(t);
	dev_get_stats(t->dev, &b);
	KUNIT_EXPECT_EQ(test, b.rx_packets - a.rx_packets, 20ull);
	KUNIT_EXPECT_EQ(test, b.rx_crc_errors - a.rx_crc_errors, 1ull);
	gd_check_clean(t);
}

/* The queue statistics of the netdev netlink family: the one queue's and
 * the base
 */
struct gd_qstats {
	struct netdev_queue_stats_rx rx, rxb;
	struct netdev_queue_stats_tx tx, txb;
};

static struct gd_qstats *gd_qstats_read(struct gd *t)
{
	const struct netdev_stat_ops *ops = t->dev->stat_ops;
	struct gd_qstats *s = kunit_kmalloc(t->test, sizeof(*s), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(t->test, s);
	KUNIT_ASSERT_NOT_NULL(t->test, ops);
	/* as the core does: what a driver leaves unset is not reported */
	memset(s, 0xff, sizeof(*s));
	rtnl_lock();
	ops->get_queue_stats_rx(t->dev, 0, &s->rx);
	ops->get_queue_stats_tx(t->dev, 0, &s->tx);
	ops->get_base_stats(t->dev, &s->rxb, &s->txb);
	rtnl_unlock();
	return s;
}

/* The queue's packets are what the model moved, the sums with the base
 * equal the link statistics to the packet (stats.py compares the two), a
 * frame the MAC flagged bad is a hardware drop, and ifdown changes
 * nothing.
 */
static void gd_qstats_test(struct kunit *test)
{
	struct gd *t = gd_up(test);
	struct rtnl_link_stats64 link;
	struct gd_qstats *a;
	struct gd_exp *e;
	u32 id;

	gd_burst(t, 50);
	gd_run(t);
	gd_check(t);
	gmm_fault(t->m, GMM_F_CRC, 1);
	id = t->next_id;
	gd_send_kind(t, GD_UDP, 500, true, false);
	gd_run(t);
	/* not delivered: nothing to match it against */
	e = xa_erase(&t->exp, id);
	kfree(e);
	gd_check(t);
	a = gd_qstats_read(t);
	KUNIT_EXPECT_EQ(test, a->tx.packets, t->m->st.tx_frames);
	KUNIT_EXPECT_EQ(test, a->rx.packets, t->m->st.rx_frames - 1);
	KUNIT_EXPECT_EQ(test, a->rx.hw_drops, 1ull);
	KUNIT_EXPECT_EQ(test, a->rx.alloc_fail, 0ull);
	KUNIT_EXPECT_EQ(test, a->tx.hw_drops, 0ull);
	/* one queue in use: the base has none of the packets */
	KUNIT_EXPECT_EQ(test, a->rxb.packets, 0ull);
	KUNIT_EXPECT_EQ(test, a->rxb.hw_drops, 0ull);
	KUNIT_EXPECT_EQ(test, a->txb.bytes, 0ull);
	dev_get_stats(t->dev, &link);
	KUNIT_EXPECT_EQ(test, a->rx.packets, link.rx_packets);
	KUNIT_EXPECT_EQ(test, a->rx.bytes, link.rx_bytes);
	KUNIT_EXPECT_EQ(test, a->tx.packets, link.tx_packets);
	KUNIT_EXPECT_EQ(test, a->tx.bytes, link.tx_bytes);
	KUNIT_EXPECT_GT(test, a->tx.bytes, 50ull * ETH_ZLEN);

	rtnl_lock();
	dev_close(t->dev);
	rtnl_unlock();
	KUNIT_EXPECT_MEMEQ(test, a, gd_qstats_read(t), sizeof(*a));
	gd_open(t);
}

static int gd_hwtstamp(struct gd *t, int tx, int rx)
{
	struct kernel_hwtstamp_config cfg = {
		.tx_type = tx,
		.rx_filter = rx,
	};
	int ret;

	rtnl_lock();
	ret = t->dev->netdev_ops->ndo_hwtstamp_set(t->dev, &cfg, NULL);
	rtnl_unlock();
	return ret;
}

/* Send one frame, take what arrived: its RX stamp (0 if none). */
static u64 gd_rx_stamp(struct gd *t, enum gd_kind kind, u32 lin)
{
	struct gd_rx *r, *n;
	u64 ts = U64_MAX;
	u32 got = 0;

	gd_send_kind(t, kind, lin, true, false);
	gd_run(t);
	spin_lock_bh(&t->lock);
	list_for_each_entry_safe(r, n, &t->rx, node) {
		ts = r->hwts;
		got++;
	}
	spin_unlock_bh(&t->lock);
	KUNIT_EXPECT_EQ(t->test, got, 1u);
	gd_check(t);
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
	KUNIT_ASSERT_NOT_NULL(t->test, ee);
	KUNIT_EXPECT_EQ(t->test, ee->ee_errno, (u32)ENOMSG);
	KUNIT_EXPECT_EQ(t->test, ee->ee_origin, SO_EE_ORIGIN_TIMESTAMPING);
	KUNIT_EXPECT_EQ(t->test, ee->ee_info, (u32)SCM_TSTAMP_SND);
	KUNIT_ASSERT_NOT_NULL(t->test, tss);
	/* ts[2]: the raw hardware stamp */
	return (u64)tss->ts[2].tv_sec * NSEC_PER_SEC + tss->ts[2].tv_nsec;
}

/* A packet socket as a PTP daemon opens one for PTP over Ethernet:
 * hardware TX stamps on, bypassing the qdisc so that a send reaches
 * ndo_start_xmit in the sender's context.
 */
static void gd_sock(struct gd *t)
{
	int val = SOF_TIMESTAMPING_TX_HARDWARE | SOF_TIMESTAMPING_RAW_HARDWARE;

	KUNIT_ASSERT_EQ(t->test, sock_create_kern(&init_net, AF_PACKET,
						  SOCK_RAW, 0, &t->sock), 0);
	KUNIT_ASSERT_EQ(t->test, sock_setsockopt(t->sock, SOL_SOCKET,
						 SO_TIMESTAMPING_NEW,
						 KERNEL_SOCKPTR(&val),
						 sizeof(val)), 0);
	val = 1;
	KUNIT_ASSERT_EQ(t->test,
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
		.sll_ifindex = t->dev->ifindex,
	};
	struct msghdr msg = {
		.msg_name = &sll,
		.msg_namelen = sizeof(sll),
	};
	u32 id = gd_id(t);
	struct sk_buff *skb = gd_ptp(t, id, 0);
	struct kvec iov;

	KUNIT_ASSERT_NOT_NULL(t->test, skb);
	gd_expect_store(t, skb, id, false);
	iov.iov_base = skb->data;
	iov.iov_len = skb->len;
	KUNIT_EXPECT_EQ(t->test, kernel_sendmsg(t->sock, &msg, &iov, 1,
						skb->len), (int)skb->len);
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
	gd_set_coal(t, 5000, 256);
	n0 = s->tx_ts;

	gd_sock_send(t);
	gd_run(t);
	gd_check(t);
	KUNIT_EXPECT_EQ(test, s->tx_ts, n0 + 1ull);
	KUNIT_EXPECT_EQ(test, gd_errqueue_stamp(t),
			t->m->tx_ts_log[n0 % GMM_TS_LOG]);

	frames = s->tx_frames;
	ic = s->tx_ic;
	for (i = 0; i < 5; i++) {
		for (j = 0; j < 6; j++)
			gd_send_kind(t, GD_UDP, 200, true, true);
		id = gd_id(t);
		skb = gd_ptp(t, id, 0);
		KUNIT_ASSERT_NOT_NULL(test, skb);
		skb_set_owner_w(skb, t->sock->sk);
		skb_shinfo(skb)->tx_flags |= SKBTX_HW_TSTAMP;
		gd_send(t, skb, id, false, true);
		gd_send_kind(t, GD_TCP, 100, true, i < 4);
	}
	gd_run(t);
	gd_check(t);
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
	gd_run(t);
	gd_check(t);
	KUNIT_EXPECT_EQ(test, s->tx_ts, n0 + 6ull);
	KUNIT_EXPECT_EQ(test, gd_errqueue_stamp(t), 0ull);
	gd_check_clean(t);
}

/* The device's DT node: a fixed link, the way phylink and the driver
 * find one; disabled, so that no platform device is made for it.
 */
static int gd_node_create(void)
{
#if IS_ENABLED(CONFIG_OF_DYNAMIC)
	struct device_node *fl;
	int ret;

	if (!of_root)
		return -ENODEV;
	of_changeset_init(&gd_ocs);
	gd_np = of_changeset_create_node(&gd_ocs, of_root, "stmmac-gmm-kunit");
	fl = gd_np ? of_changeset_create_node(&gd_ocs, gd_np, "fixed-link") :
		     NULL;
	if (!fl)
		return -ENOMEM;
	ret = of_changeset_add_prop_string(&gd_ocs, gd_np, "status",
					   "disabled");
	if (!ret)
		ret = of_changeset_add_prop_u32(&gd_ocs, fl, "speed", 1000);
	if (!ret)
		ret = of_changeset_add_prop_bool(&gd_ocs, fl, "full-duplex");
	return ret ?: of_changeset_apply(&gd_ocs);
#else
	return -EOPNOTSUPP;
#endif
}

static void gd_node_remove(void)
{
#if IS_ENABLED(CONFIG_OF_DYNAMIC)
	of_changeset_revert(&gd_ocs);
	of_changeset_destroy(&gd_ocs);
#endif
}

static int gd_suite_init(struct kunit_suite *suite)
{
	int ret = gd_node_create();

	if (ret)
		return ret;
	ret = platform_driver_register(&gd_driver);
	if (ret)
		gd_node_remove();
	return ret;
}

static void gd_suite_exit(struct kunit_suite *suite)
{
	platform_driver_unregister(&gd_driver);
	gd_node_remove();
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
