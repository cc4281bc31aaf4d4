// SPDX-License-Identifier: GPL-2.0-only
/*
 * The harness of the data path suites on the DMA models (data_harness.h):
 * one module both suites link against, so that they can be built in
 * together and as modules alike.
 *
 * Contexts are the kernel's: xmit and NAPI with bottom halves off, the
 * interrupt handler in hard interrupt context (an irq_work, which is a
 * real interrupt on arm64), ethtool and open/stop under RTNL.
 */

#include <kunit/test.h>
#include <kunit/visibility.h>
#include <linux/bitmap.h>
#include <linux/dma-mapping.h>
#include <linux/etherdevice.h>
#include <linux/ethtool.h>
#include <linux/if_ether.h>
#include <linux/if_vlan.h>
#include <linux/interrupt.h>
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/irq.h>
#include <linux/irq_work.h>
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/rtnetlink.h>
#include <linux/tcp.h>
#include <linux/udp.h>
#include <linux/xarray.h>
#include <net/checksum.h>
#include <net/ip6_checksum.h>
#include <linux/unaligned.h>

#include "data_harness.h"

struct dh_pdata {
	struct stmmac_plat *plat;
	struct stmmac_resources res;
};

/* The device: probe and remove through a platform driver */

static int dh_drv_probe(struct platform_device *pdev)
{
	struct dh_pdata *pd = dev_get_platdata(&pdev->dev);

	/* Each device its own MDIO bus name: a case may probe two. */
	pd->plat->bus_id = pdev->id;
	return stmmac_dvr_probe(&pdev->dev, pd->plat, &pd->res);
}

static void dh_drv_remove(struct platform_device *pdev)
{
	stmmac_dvr_remove(&pdev->dev);
}

/* The device's DT node: a fixed link, the way phylink and the driver
 * find one; disabled, so that no platform device is made for it.
 */
static int dh_node_create(struct dh_suite *s)
{
#if IS_ENABLED(CONFIG_OF_DYNAMIC)
	struct device_node *fl;
	int ret;

	if (!of_root)
		return -ENODEV;
	of_changeset_init(&s->ocs);
	s->np = of_changeset_create_node(&s->ocs, of_root, s->name);
	fl = s->np ? of_changeset_create_node(&s->ocs, s->np, "fixed-link") :
		     NULL;
	if (!fl)
		return -ENOMEM;
	ret = of_changeset_add_prop_string(&s->ocs, s->np, "status",
					   "disabled");
	if (!ret)
		ret = of_changeset_add_prop_u32(&s->ocs, fl, "speed", 1000);
	if (!ret)
		ret = of_changeset_add_prop_bool(&s->ocs, fl, "full-duplex");
	return ret ?: of_changeset_apply(&s->ocs);
#else
	return -EOPNOTSUPP;
#endif
}

static void dh_node_remove(struct dh_suite *s)
{
#if IS_ENABLED(CONFIG_OF_DYNAMIC)
	of_changeset_revert(&s->ocs);
	of_changeset_destroy(&s->ocs);
#endif
}

/**
 * dh_suite_init() - make a suite's DT node and register its driver
 * @s: the suite, its name and ops set
 *
 * Return: 0, or the error that leaves the suite without a device to test.
 */
int dh_suite_init(struct dh_suite *s)
{
	int ret = dh_node_create(s);

	if (ret)
		return ret;
	s->drv.probe = dh_drv_probe;
	s->drv.remove = dh_drv_remove;
	s->drv.driver.name = s->name;
	ret = platform_driver_register(&s->drv);
	if (ret)
		dh_node_remove(s);
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(dh_suite_init);

/**
 * dh_suite_exit() - undo dh_suite_init()
 * @s: the suite
 */
void dh_suite_exit(struct dh_suite *s)
{
	platform_driver_unregister(&s->drv);
	dh_node_remove(s);
}
EXPORT_SYMBOL_IF_KUNIT(dh_suite_exit);

/* The hardware operations of the cases that wrapped them: a wrapper is
 * given the register window only, and the two suites' modules may run at
 * once.
 */
static LIST_HEAD(dh_wrapped);
static DEFINE_SPINLOCK(dh_wrapped_lock);

/**
 * dh_of_io() - the case whose register window is @io
 * @io: the first argument of a hardware operation
 *
 * Return: the case, which must have called dh_wrap_hw(); NULL if none did.
 */
struct dh_case *dh_of_io(void __iomem *io)
{
	struct dh_case *t, *found = NULL;
	unsigned long flags;

	spin_lock_irqsave(&dh_wrapped_lock, flags);
	list_for_each_entry(t, &dh_wrapped, wrapped) {
		if (t->io == io) {
			found = t;
			break;
		}
	}
	spin_unlock_irqrestore(&dh_wrapped_lock, flags);
	return found;
}
EXPORT_SYMBOL_IF_KUNIT(dh_of_io);

/* The DMA moves on between TX NAPI's last look at the ring and its unmask
 * of TI, once, when the case asks.
 */
static void dh_irq_enable(void __iomem *ioaddr, u32 chan, bool rx, bool tx)
{
	struct dh_case *t = dh_of_io(ioaddr);

	if (tx && t->step_at_unmask) {
		t->step_at_unmask = false;
		t->suite->ops->step(t);
	}
	t->hw_real->dma_irq_enable(ioaddr, chan, rx, tx);
}

/* A model takes in the driver's register writes when it syncs, and a DMA
 * stop's poll reads back the status bit the driver itself just wrote (to
 * clear it): the stop is done at once for the driver. The model stops the
 * channel at the sync after it, before the driver rewrites the ring's
 * registers and starts it again (stmmac_rxq_replace()); a reset alone
 * would have started it over anyway.
 */
static int dh_dma_stop(void __iomem *ioaddr, u32 chan, bool tx, bool rx)
{
	struct dh_case *t = dh_of_io(ioaddr);
	int ret = t->hw_real->dma_stop(ioaddr, chan, tx, rx);

	t->suite->ops->sync(t);
	return ret;
}

/**
 * dh_wrap_hw() - put the case's hardware operations around the driver's
 * @t: the case, its device probed
 *
 * &dh_case.hw starts as a copy of the driver's, with dma_irq_enable
 * wrapped for &dh_case.step_at_unmask and dma_stop for the model's stop
 * (dh_dma_stop()); the case may wrap more of them
 * (dh_of_io() finds it from the register window) until its teardown puts
 * the driver's back.
 */
void dh_wrap_hw(struct dh_case *t)
{
	t->hw_real = t->priv->hw;
	t->hw = *t->hw_real;
	t->hw.dma_irq_enable = dh_irq_enable;
	t->hw.dma_stop = dh_dma_stop;
	spin_lock_irq(&dh_wrapped_lock);
	list_add(&t->wrapped, &dh_wrapped);
	spin_unlock_irq(&dh_wrapped_lock);
	t->priv->hw = &t->hw;
}
EXPORT_SYMBOL_IF_KUNIT(dh_wrap_hw);

/**
 * dh_tx_live() - is [@addr, @addr + @len) a mapping TX queue @q still holds?
 * @t: the case
 * @q: the TX queue
 * @addr: start of what the DMA reads
 * @len: bytes it reads
 *
 * The driver keeps each mapping at one ring slot until it unmaps it: a
 * model's DMA asks this before it reads a TX buffer.
 *
 * Return: true if the read is within a mapping still held.
 */
bool dh_tx_live(struct dh_case *t, u32 q, dma_addr_t addr, u32 len)
{
	struct stmmac_txq *txq = &t->priv->txq[q];
	u32 i;

	for (i = 0; i < txq->size; i++) {
		const struct stmmac_tx_buf *b = &txq->buf[i];

		if (b->len && addr >= b->dma && addr + len <= b->dma + b->len)
			return true;
	}
	return false;
}
EXPORT_SYMBOL_IF_KUNIT(dh_tx_live);

static rx_handler_result_t dh_rx_handler(struct sk_buff **pskb)
{
	struct sk_buff *skb = *pskb;
	struct dh_case *t = rcu_dereference(skb->dev->rx_handler_data);
	unsigned long l3 = (unsigned long)skb->data;
	struct dh_rx *r;

	skb_push(skb, skb->data - skb_mac_header(skb));
	r = kmalloc(struct_size(r, data, skb->len), GFP_ATOMIC);
	spin_lock(&t->lock);
	t->rx_copied += !skb->pp_recycle;
	if (r) {
		r->l3_misalign = l3 & 3;
		r->len = skb->len;
		r->q = skb_rx_queue_recorded(skb) ? skb_get_rx_queue(skb) : -1;
		r->ip_summed = skb->ip_summed;
		r->hwts = ktime_to_ns(skb_hwtstamps(skb)->hwtstamp);
		r->vlan = skb_vlan_tag_present(skb) ?
			  (u32)ntohs(skb->vlan_proto) << 16 |
			  skb_vlan_tag_get(skb) :
			  0;
		skb_copy_bits(skb, 0, r->data, skb->len);
		list_add_tail(&r->node, &t->rx);
	} else {
		t->rx_nomem++;
	}
	spin_unlock(&t->lock);
	consume_skb(skb);
	return RX_HANDLER_CONSUMED;
}

/**
 * dh_rx_raw() - a frame that arrived other than through the stack
 * @t: the case
 * @r: the frame, allocated with kmalloc(), &dh_rx.raw set; the case's now
 *
 * An AF_XDP socket's RX ring is one such way: dh_check() matches the
 * frame with what was sent as it matches the stack's.
 */
void dh_rx_raw(struct dh_case *t, struct dh_rx *r)
{
	spin_lock_bh(&t->lock);
	list_add_tail(&r->node, &t->rx);
	spin_unlock_bh(&t->lock);
}
EXPORT_SYMBOL_IF_KUNIT(dh_rx_raw);

/* Interrupts: a real hard interrupt (irq_work), bottom halves held off so
 * that the NAPI polls it schedules run right after, in this task. The
 * model takes in what the driver wrote just before and just after it, in
 * this task too: a model's lock is no raw one (it allocates frames under
 * it), which a hard interrupt may not take.
 */
static void dh_irq_fn(struct irq_work *w)
{
	struct dh_case *t = container_of(w, struct dh_case, work);

	generic_handle_irq(t->work_irq);
}

/**
 * dh_fire_bh_off() - fire one interrupt line, bottom halves already off
 * @t: the case
 * @line: the line, from &dh_case.irq_base
 *
 * The NAPI polls the handler schedules wait until the caller turns bottom
 * halves back on: a case can act between the interrupt and its poll.
 */
void dh_fire_bh_off(struct dh_case *t, u32 line)
{
	t->work_irq = t->irq_base + line;
	t->irqs[line]++;
	t->suite->ops->sync(t);
	if (arch_irq_work_has_interrupt()) {
		irq_work_queue(&t->work);
		while (irq_work_is_busy(&t->work))
			cpu_relax();
	} else {
		local_irq_disable();
		dh_irq_fn(&t->work);
		local_irq_enable();
	}
	t->suite->ops->sync(t);
}
EXPORT_SYMBOL_IF_KUNIT(dh_fire_bh_off);

/**
 * dh_fire() - fire one interrupt line and run the polls it schedules
 * @t: the case
 * @line: the line, from &dh_case.irq_base
 */
void dh_fire(struct dh_case *t, u32 line)
{
	local_bh_disable();
	dh_fire_bh_off(t, line);
	local_bh_enable();
}
EXPORT_SYMBOL_IF_KUNIT(dh_fire);

/**
 * dh_softirqs() - run the softirqs pending on this CPU (NAPI, timers)
 */
void dh_softirqs(void)
{
	local_bh_disable();
	local_bh_enable();
}
EXPORT_SYMBOL_IF_KUNIT(dh_softirqs);

/**
 * dh_bql_inflight() - bytes BQL counts in flight on TX queue @q
 * @t: the case
 * @q: the TX queue
 *
 * Return: the bytes queued and not completed, 0 without BQL.
 */
u32 dh_bql_inflight(struct dh_case *t, u32 q)
{
#ifdef CONFIG_BQL
	struct dql *dql = &netdev_get_tx_queue(t->dev, q)->dql;

	return READ_ONCE(dql->num_queued) - READ_ONCE(dql->num_completed);
#else
	return 0;
#endif
}
EXPORT_SYMBOL_IF_KUNIT(dh_bql_inflight);

static bool dh_idle(struct dh_case *t)
{
	u32 q;

	for (q = 0; q < t->priv->tx_queues; q++) {
		/* XDP frames are on the ring, not in BQL */
		if (dh_bql_inflight(t, q) ||
		    READ_ONCE(t->priv->txq[q].head) !=
		    READ_ONCE(t->priv->txq[q].tail) ||
		    test_bit(NAPI_STATE_SCHED, &t->priv->channel[q].tx_napi.state))
			return false;
	}
	for (q = 0; q < t->priv->rx_queues; q++)
		if (test_bit(NAPI_STATE_SCHED, &t->priv->channel[q].rx_napi.state))
			return false;
	return !t->suite->ops->rx_pending(t);
}

/* One round: the DMA, its interrupts, the NAPI polls they schedule. */
static bool dh_round(struct dh_case *t)
{
	bool busy = t->suite->ops->step(t);

	busy |= t->suite->ops->irqs(t);
	dh_softirqs();
	return busy;
}

/* A data path that moves nothing for this long is stuck: the case fails
 * and sends and waits no more, so that a broken driver shows its lost
 * frames rather than the TX watchdog (5 s) and a KUnit timeout.
 */
#define DH_STUCK	(3 * HZ)

struct dh_watch {
	u64 moved;	/* descriptors the DMA had processed */
	unsigned long last;	/* jiffies when it last processed one */
};

static void dh_watch_start(struct dh_case *t, struct dh_watch *w)
{
	w->moved = t->suite->ops->moved(t);
	w->last = jiffies;
}

/* True once the DMA has processed no descriptor for DH_STUCK. */
static bool dh_stuck(struct dh_case *t, struct dh_watch *w)
{
	u64 now = t->suite->ops->moved(t);

	if (now != w->moved) {
		w->moved = now;
		w->last = jiffies;
	}
	return time_after(jiffies, w->last + DH_STUCK);
}

/**
 * dh_run() - run the data path until nothing is in flight
 * @t: the case
 *
 * Waiting is for the TX timer, which completes frames no IC bit covers;
 * no assertion is on time. A data path that stops moving fails the case.
 */
void dh_run(struct dh_case *t)
{
	struct dh_watch w;
	bool busy;

	dh_watch_start(t, &w);
	while (!t->stuck) {
		busy = dh_round(t);
		if (dh_stuck(t, &w))
			break;
		if (busy)
			continue;
		if (dh_idle(t))
			return;
		usleep_range(20, 50);
	}
	if (!t->stuck)
		KUNIT_FAIL(t->test, "the data path never went idle");
	t->stuck = true;
}
EXPORT_SYMBOL_IF_KUNIT(dh_run);

/* Frames */

/**
 * dh_id() - the id of the next frame a case builds
 * @t: the case
 *
 * Return: a fresh id, from 1 on.
 */
u32 dh_id(struct dh_case *t)
{
	return t->next_id++;
}
EXPORT_SYMBOL_IF_KUNIT(dh_id);

/**
 * dh_pat() - payload byte @k of frame @id
 * @id: the frame's id
 * @k: the byte's offset into the payload
 *
 * Return: the byte: no two nearby frames or offsets alike, so that a byte
 * out of place or from another frame shows.
 */
u8 dh_pat(u32 id, u32 k)
{
	return id * 7 + k * 13 + (k >> 8);
}
EXPORT_SYMBOL_IF_KUNIT(dh_pat);

/**
 * dh_l2() - an Ethernet header at @f
 * @t: the case, whose &dh_ops.l2_dst and &dh_ops.l2_src it takes
 * @f: the frame
 * @type: the EtherType
 */
void dh_l2(struct dh_case *t, u8 *f, u16 type)
{
	const struct dh_ops *ops = t->suite->ops;

	ether_addr_copy(f, ops->l2_dst ?: t->dev->dev_addr);
	ether_addr_copy(f + ETH_ALEN, ops->l2_src ?: t->dev->dev_addr);
	put_unaligned_be16(type, f + 12);
}
EXPORT_SYMBOL_IF_KUNIT(dh_l2);

/**
 * dh_ip4() - an IPv4 header after the Ethernet header at @f
 * @f: the frame
 * @id: the frame's id, which the sender's address carries
 * @ip_len: the IP datagram's length
 * @proto: the L4 protocol
 */
void dh_ip4(u8 *f, u32 id, u32 ip_len, u8 proto)
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
EXPORT_SYMBOL_IF_KUNIT(dh_ip4);

static void dh_ip6(u8 *f, u32 id, u32 pay_len, u8 proto)
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

/**
 * dh_l4_sum() - the TCP/UDP checksum of a linear frame
 * @f: the frame, its L4 header right after a 20-byte IPv4 or a 40-byte
 *	IPv6 header
 * @v6: IPv6
 * @l4len: the L4 header's and payload's length
 * @proto: the L4 protocol
 *
 * Return: the checksum, pseudo-header included, as the field must hold it
 * (a UDP 0 not yet mangled).
 */
__sum16 dh_l4_sum(const u8 *f, bool v6, u32 l4len, u8 proto)
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
EXPORT_SYMBOL_IF_KUNIT(dh_l4_sum);

/* The pseudo-header sum the stack leaves in the field for the engine */
static __sum16 dh_l4_pseudo(const u8 *f, bool v6, u32 l4len, u8 proto)
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

/**
 * dh_add_frags() - page fragments, each in a fresh page
 * @skb: the frame
 * @id: its id
 * @k: the payload offset the first fragment starts at
 * @sizes: the fragments' sizes
 * @offs: their offsets into their pages
 * @n: how many
 *
 * Fills them with the frame's pattern (dh_pat()) from payload byte @k on.
 *
 * Return: 0, or -ENOMEM (the fragments added so far stay with @skb).
 */
int dh_add_frags(struct sk_buff *skb, u32 id, u32 k, const u32 *sizes,
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
			va[offs[i] + j] = dh_pat(id, k++);
		skb_add_rx_frag(skb, i, p, offs[i], sizes[i], PAGE_SIZE);
	}
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(dh_add_frags);

/**
 * dh_l4() - a TCP or UDP frame
 * @t: the case
 * @id: the frame's id
 * @proto: IPPROTO_TCP or IPPROTO_UDP
 * @v6: over IPv6, else IPv4
 * @lin: payload bytes in the linear part, with the headers
 * @sizes: the page fragments' sizes (dh_add_frags())
 * @offs: their offsets into their pages
 * @n: how many, after the linear part
 * @partial: the checksum left to the core, else done here (linear frames
 *	only: a fragmented one the core of the stack sums, skb_checksum_help()'s
 *	job and not these suites')
 *
 * Return: the frame, or NULL without memory.
 */
struct sk_buff *dh_l4(struct dh_case *t, u32 id, u8 proto, bool v6, u32 lin,
		      const u32 *sizes, const u32 *offs, u32 n, bool partial)
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
	dh_l2(t, f, v6 ? ETH_P_IPV6 : ETH_P_IP);
	if (v6)
		dh_ip6(f, id, l4hl + pay, proto);
	else
		dh_ip4(f, id, l3len + l4hl + pay, proto);
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
		f[hdr + i] = dh_pat(id, i);
	if (dh_add_frags(skb, id, lin, sizes, offs, n)) {
		kfree_skb(skb);
		return NULL;
	}
	if (partial) {
		skb_partial_csum_set(skb, ETH_HLEN + l3len, field);
		put_unaligned(dh_l4_pseudo(f, v6, l4hl + pay, proto),
			      (__sum16 *)(l4 + field));
	} else if (!n) {
		put_unaligned(dh_l4_sum(f, v6, l4hl + pay, proto) ?:
			      CSUM_MANGLED_0, (__sum16 *)(l4 + field));
	}
	skb->protocol = htons(v6 ? ETH_P_IPV6 : ETH_P_IP);
	skb_reset_mac_header(skb);
	skb_set_network_header(skb, ETH_HLEN);
	skb_set_transport_header(skb, ETH_HLEN + l3len);
	return skb;
}
EXPORT_SYMBOL_IF_KUNIT(dh_l4);

/**
 * dh_ptp() - a PTP version 2 message over Ethernet
 * @t: the case
 * @id: the frame's id, which the sequence id carries
 * @type: the message type (0: Sync, 8: Follow_Up)
 *
 * Return: the frame, or NULL without memory.
 */
struct sk_buff *dh_ptp(struct dh_case *t, u32 id, u8 type)
{
	struct sk_buff *skb = alloc_skb(ETH_HLEN + DH_PTP_LEN, GFP_KERNEL);
	u8 *f, *p;

	if (!skb)
		return NULL;
	f = skb_put_zero(skb, ETH_HLEN + DH_PTP_LEN);
	dh_l2(t, f, ETH_P_1588);
	p = f + ETH_HLEN;
	p[0] = type;
	p[1] = 2;
	put_unaligned_be16(DH_PTP_LEN, p + 2);
	memcpy(p + 20, "\x02\x00\x5e\xff\xfe\x10\x20\x30\x00\x01", 10);
	put_unaligned_be16(id, p + 30);
	skb->protocol = htons(ETH_P_1588);
	skb_reset_mac_header(skb);
	return skb;
}
EXPORT_SYMBOL_IF_KUNIT(dh_ptp);

/**
 * dh_exp_free() - free an expectation
 * @e: the expectation, out of &dh_case.exp
 */
void dh_exp_free(struct dh_exp *e)
{
	bitmap_free(e->seen);
	kfree(e);
}
EXPORT_SYMBOL_IF_KUNIT(dh_exp_free);

/* What must arrive for @skb: its bytes with the checksum a correct core
 * inserts (TSO: the template segments are cut from), padded to the
 * Ethernet minimum.
 */
static struct dh_exp *dh_expect(struct dh_case *t, struct sk_buff *skb,
				u32 id, u32 q)
{
	u32 len = max_t(u32, skb->len, ETH_ZLEN);
	struct dh_exp *e = kzalloc(struct_size(e, data, len), GFP_KERNEL);
	bool v6 = skb->protocol == htons(ETH_P_IPV6);
	u32 l4, field;
	__sum16 sum;
	u8 *f;

	if (!e)
		return NULL;
	e->id = id;
	e->q = q;
	e->len = len;
	/* every IP frame the suites build is TCP or UDP */
	e->ip = v6 || skb->protocol == htons(ETH_P_IP);
	e->tso = skb_is_gso(skb);
	e->vlan = skb_vlan_tag_present(skb) ?
		  (u32)ntohs(skb->vlan_proto) << 16 | skb_vlan_tag_get(skb) : 0;
	f = e->data;
	KUNIT_ASSERT_EQ(t->test, skb_copy_bits(skb, 0, f, skb->len), 0);
	if (e->tso) {
		e->segs = skb_shinfo(skb)->gso_segs;
		e->seen = bitmap_zalloc(e->segs, GFP_KERNEL);
		if (!e->seen) {
			kfree(e);
			return NULL;
		}
	} else if (skb->ip_summed == CHECKSUM_PARTIAL) {
		u8 proto = f[ETH_HLEN + (v6 ? 6 : 9)];

		l4 = skb_checksum_start_offset(skb);
		field = skb->csum_offset;
		put_unaligned(0, (__sum16 *)(f + l4 + field));
		sum = dh_l4_sum(f, v6, skb->len - l4, proto);
		if (!sum && proto == IPPROTO_UDP)
			sum = CSUM_MANGLED_0;
		put_unaligned(sum, (__sum16 *)(f + l4 + field));
	}
	return e;
}

/**
 * dh_expect_store() - record what must arrive for @skb
 * @t: the case
 * @skb: the frame, about to be sent
 * @id: its id
 * @q: the TX queue it goes to
 *
 * dh_check() then wants it exactly once, on RX queue @q.
 */
void dh_expect_store(struct dh_case *t, struct sk_buff *skb, u32 id, u32 q)
{
	struct dh_exp *e = dh_expect(t, skb, id, q);

	KUNIT_ASSERT_NOT_NULL(t->test, e);
	KUNIT_ASSERT_EQ(t->test, xa_err(xa_store(&t->exp, id, e, GFP_KERNEL)),
			0);
}
EXPORT_SYMBOL_IF_KUNIT(dh_expect_store);

/**
 * dh_xmit() - hand @skb to ndo_start_xmit as the stack does
 * @t: the case
 * @skb: the frame
 * @q: its TX queue
 * @more: more frames follow at once (xmit_more)
 *
 * Return: true if the driver took it; false if the queue is stopped (the
 * skb is still the caller's then).
 */
bool dh_xmit(struct dh_case *t, struct sk_buff *skb, u32 q, bool more)
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
	t->sent++;
	return true;
}
EXPORT_SYMBOL_IF_KUNIT(dh_xmit);

/**
 * dh_send() - send @skb on TX queue @q, and expect it back
 * @t: the case
 * @skb: the frame, its queue mapping set
 * @id: its id
 * @q: its TX queue
 * @more: more frames follow at once (xmit_more)
 *
 * Waits while the queue is stopped, running the data path to make room;
 * a queue that never wakes fails the case.
 */
void dh_send(struct dh_case *t, struct sk_buff *skb, u32 id, u32 q,
	     bool more)
{
	struct dh_watch w;

	skb->dev = t->dev;
	dh_expect_store(t, skb, id, q);
	dh_watch_start(t, &w);
	while (!t->stuck && !dh_stuck(t, &w)) {
		if (dh_xmit(t, skb, q, more))
			return;
		/* The ring is full: let the DMA and TX clean make room. */
		if (!dh_round(t))
			usleep_range(20, 50);
	}
	kfree_skb(skb);
	/* once: the frames still to come go nowhere either */
	if (!t->stuck)
		KUNIT_FAIL(t->test, "TX queue %u never woke", q);
	t->stuck = true;
}
EXPORT_SYMBOL_IF_KUNIT(dh_send);

/* Frames of 60 to 300 bytes, 16 apart, UDP on queue @q */
static void dh_copybreak_burst(struct dh_case *t, u32 q)
{
	u32 lin, id;

	for (lin = 18; lin <= 258; lin += 16) {
		struct sk_buff *skb;

		id = dh_id(t);
		skb = dh_l4(t, id, IPPROTO_UDP, false, lin, NULL, NULL, 0,
			    false);
		KUNIT_ASSERT_NOT_NULL(t->test, skb);
		dh_send(t, skb, id, q, false);
	}
	dh_run(t);
	dh_check(t);
}

static int dh_copybreak(struct dh_case *t, u32 *get, u32 set)
{
	const struct ethtool_ops *ops = t->dev->ethtool_ops;
	struct ethtool_tunable tuna = {
		.id = ETHTOOL_RX_COPYBREAK,
		.type_id = ETHTOOL_TUNABLE_U32,
		.len = sizeof(u32),
	};
	int ret = 0;

	rtnl_lock();
	if (get)
		ret = ops->get_tunable(t->dev, &tuna, get);
	else
		ret = ops->set_tunable(t->dev, &tuna, &set);
	rtnl_unlock();
	return ret;
}

/**
 * dh_copybreak_case() - rx-copybreak: short frames copied, the others not
 * @t: the case, its device up
 * @q: the queue to send on
 *
 * With rx-copybreak at 128, of frames of 60 to 300 bytes the five of at
 * most 128 (FCS not counted) arrive in an skb of their own, the others in
 * their RX buffer's page; at 0, every frame in its page; above 1024 the
 * value is refused and kept. Byte for byte and once each in every case.
 * By default a DMA that needs cache maintenance copies up to 256 bytes.
 */
void dh_copybreak_case(struct dh_case *t, u32 q)
{
	struct kunit *test = t->test;
	u32 v, copied;

	KUNIT_ASSERT_EQ(test, dh_copybreak(t, &v, 0), 0);
	KUNIT_EXPECT_EQ(test, v, dma_dev_need_sync(t->priv->device) ? 256u : 0u);

	KUNIT_ASSERT_EQ(test, dh_copybreak(t, NULL, 128), 0);
	KUNIT_EXPECT_EQ(test, dh_copybreak(t, NULL, 1025), -EINVAL);
	KUNIT_ASSERT_EQ(test, dh_copybreak(t, &v, 0), 0);
	KUNIT_EXPECT_EQ(test, v, 128u);
	copied = t->rx_copied;
	dh_copybreak_burst(t, q);
	KUNIT_EXPECT_EQ(test, t->rx_copied - copied, 5u);

	KUNIT_ASSERT_EQ(test, dh_copybreak(t, NULL, 0), 0);
	copied = t->rx_copied;
	dh_copybreak_burst(t, q);
	KUNIT_EXPECT_EQ(test, t->rx_copied - copied, 0u);
}
EXPORT_SYMBOL_IF_KUNIT(dh_copybreak_case);

/* Checking what arrived */

/**
 * dh_bad() - count a frame that arrived wrong, and say why (8 at most)
 * @t: the case
 * @r: the frame
 * @why: what is wrong with it
 */
void dh_bad(struct dh_case *t, const struct dh_rx *r, const char *why)
{
	if (t->bad++ < 8)
		kunit_err(t->test, "frame of %u bytes on RX queue %d: %s\n",
			  r->len, r->q, why);
}
EXPORT_SYMBOL_IF_KUNIT(dh_bad);

/* Where dh_l4() and dh_ptp() put the id */
static u32 dh_frame_id(const struct dh_rx *r)
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

static void dh_match(struct dh_case *t, const struct dh_rx *r)
{
	bool rxcsum = t->dev->features & NETIF_F_RXCSUM;
	struct dh_exp *e;

	/* shorter than every frame sent, and than where the id is read */
	if (r->len < ETH_HLEN + DH_PTP_LEN)
		return dh_bad(t, r, "too short");
	e = xa_load(&t->exp, dh_frame_id(r));
	if (!e)
		return dh_bad(t, r, "not a frame the test sent");
	if (r->q != e->q)
		dh_bad(t, r, "on another RX queue than its TX queue");
	/* Where the architecture asks for it (NET_IP_ALIGN 2: 32-bit ARM,
	 * whose LDRD/STRD and LDM/STM trap on an unaligned address, where
	 * LDR/STR do not), the IP header is 4-byte aligned: the stack's
	 * header loads would trap once per frame. arm64 asks for none.
	 */
	if (NET_IP_ALIGN && !r->raw && r->l3_misalign)
		dh_bad(t, r, "IP header not 4-byte aligned");
	if (r->vlan != e->vlan)
		dh_bad(t, r, "VLAN tag other than the one it was sent with");
	if (e->tso)
		return t->suite->ops->match_tso(t, e, r);
	if (r->len != e->len || memcmp(r->data, e->data, e->len))
		return dh_bad(t, r, "bytes differ from what was sent");
	if (r->raw) {
		/* no skb: no verdict to judge */
	} else if (e->bad_csum || !e->ip) {
		if (r->ip_summed == CHECKSUM_UNNECESSARY)
			dh_bad(t, r, "a checksum not verified by the core passed as verified");
	} else if (rxcsum && r->ip_summed != CHECKSUM_UNNECESSARY) {
		dh_bad(t, r, "good checksums not reported as verified");
	}
	e->got++;
}

/**
 * dh_check() - everything sent since the last check arrived exactly once
 * @t: the case, its device not yet gone (its features are read)
 *
 * Each frame byte for byte as the wire must carry it, on the RX queue of
 * its TX queue, with the checksum verdict its &dh_exp calls for. Forgets
 * what it checked.
 */
void dh_check(struct dh_case *t)
{
	struct dh_rx *r, *n;
	struct dh_exp *e;
	unsigned long id;
	LIST_HEAD(got);
	u32 missing = 0;

	spin_lock_bh(&t->lock);
	list_splice_init(&t->rx, &got);
	spin_unlock_bh(&t->lock);
	list_for_each_entry_safe(r, n, &got, node) {
		dh_match(t, r);
		list_del(&r->node);
		kfree(r);
	}
	xa_for_each(&t->exp, id, e) {
		u32 want = e->tso ? e->segs : 1;

		if (e->got != want && missing++ < 8)
			kunit_err(t->test, "frame %lu (TX queue %u): %u of %u arrived\n",
				  id, e->q, e->got, want);
		xa_erase(&t->exp, id);
		dh_exp_free(e);
	}
	KUNIT_EXPECT_EQ_MSG(t->test, missing, 0u, "frames lost or duplicated");
	KUNIT_EXPECT_EQ_MSG(t->test, t->bad, 0u, "frames that arrived wrong");
	KUNIT_EXPECT_EQ(t->test, t->rx_nomem, 0u);
	t->bad = 0;
}
EXPORT_SYMBOL_IF_KUNIT(dh_check);

/**
 * dh_forget() - drop what was sent and received so far, unchecked
 * @t: the case
 */
void dh_forget(struct dh_case *t)
{
	struct dh_rx *r, *n;
	struct dh_exp *e;
	unsigned long id;

	spin_lock_bh(&t->lock);
	list_for_each_entry_safe(r, n, &t->rx, node) {
		list_del(&r->node);
		kfree(r);
	}
	spin_unlock_bh(&t->lock);
	xa_for_each(&t->exp, id, e) {
		xa_erase(&t->exp, id);
		dh_exp_free(e);
	}
}
EXPORT_SYMBOL_IF_KUNIT(dh_forget);

/**
 * dh_qstats_read() - the device's queue statistics, as the core sums them
 * @t: the case
 *
 * The base, then each queue below the stack's real count, each reading
 * prefilled with all ones as the core does: what a driver leaves unset is
 * not reported.
 *
 * Return: the readings, freed with the case.
 */
struct dh_qstats *dh_qstats_read(struct dh_case *t)
{
	const struct netdev_stat_ops *ops = t->dev->stat_ops;
	struct dh_qstats *s = kunit_kmalloc(t->test, sizeof(*s), GFP_KERNEL);
	u32 q;

	KUNIT_ASSERT_NOT_NULL(t->test, s);
	KUNIT_ASSERT_NOT_NULL(t->test, ops);
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
	return s;
}
EXPORT_SYMBOL_IF_KUNIT(dh_qstats_read);

/* Set-up and tear-down */

static void dh_teardown(void *arg)
{
	struct dh_case *t = arg;
	const struct dh_ops *ops = t->suite->ops;

	if (t->dev) {
		rtnl_lock();
		dev_close(t->dev);
		if (t->hw_real)
			t->priv->hw = t->hw_real;
		netdev_rx_handler_unregister(t->dev);
		rtnl_unlock();
		/* dh_match() reads the device's features: before it goes */
		dh_check(t);
	}
	if (t->hw_real) {
		spin_lock_irq(&dh_wrapped_lock);
		list_del(&t->wrapped);
		spin_unlock_irq(&dh_wrapped_lock);
	}
	if (t->pdev)
		platform_device_unregister(t->pdev);
	ops->destroy(t);
	if (t->irq_base > 0)
		irq_free_descs(t->irq_base, ops->nr_irqs);
	xa_destroy(&t->exp);
}

/**
 * dh_init() - start a case: its platform device and interrupt lines
 * @t: the case, zeroed
 * @test: the KUnit case
 * @s: its suite
 *
 * The suite then makes its model on &dh_case.pdev, fills &dh_case.plat in
 * and calls dh_probe(). Everything is undone when the case ends, whatever
 * it got to.
 */
void dh_init(struct dh_case *t, struct kunit *test, const struct dh_suite *s)
{
	u32 i, n = s->ops->nr_irqs;

	t->test = test;
	t->suite = s;
	spin_lock_init(&t->lock);
	INIT_LIST_HEAD(&t->rx);
	xa_init(&t->exp);
	t->next_id = 1;
	t->work = IRQ_WORK_INIT_HARD(dh_irq_fn);
	/* freed after the teardown has run: KUnit undoes in reverse order */
	t->irqs = kunit_kcalloc(test, n, sizeof(*t->irqs), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, t->irqs);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, dh_teardown, t),
			0);

	t->pdev = platform_device_alloc(s->name, PLATFORM_DEVID_AUTO);
	KUNIT_ASSERT_NOT_NULL(test, t->pdev);
	device_set_node(&t->pdev->dev, of_fwnode_handle(of_node_get(s->np)));
	t->irq_base = irq_alloc_descs(-1, 1, n, NUMA_NO_NODE);
	KUNIT_ASSERT_GT(test, t->irq_base, 0);
	for (i = 0; i < n; i++) {
		irq_set_chip_and_handler(t->irq_base + i, &dummy_irq_chip,
					 handle_simple_irq);
		irq_modify_status(t->irq_base + i,
				  IRQ_NOREQUEST | IRQ_NOPROBE | IRQ_NOAUTOEN, 0);
	}
}
EXPORT_SYMBOL_IF_KUNIT(dh_init);

/**
 * dh_open_wait() - wait for the link to come up
 * @t: the case
 *
 * phylink brings the fixed link up from a work item.
 */
void dh_open_wait(struct dh_case *t)
{
	u32 i;

	for (i = 0; i < 5000 && !netif_carrier_ok(t->dev); i++)
		usleep_range(500, 1000);
	KUNIT_ASSERT_TRUE(t->test, netif_carrier_ok(t->dev));
}
EXPORT_SYMBOL_IF_KUNIT(dh_open_wait);

/**
 * dh_close() - take the interface down, as ifdown does (under RTNL)
 * @t: the case
 */
void dh_close(struct dh_case *t)
{
	rtnl_lock();
	dev_close(t->dev);
	rtnl_unlock();
}
EXPORT_SYMBOL_IF_KUNIT(dh_close);

/**
 * dh_open() - bring the interface up, and its link
 * @t: the case
 */
void dh_open(struct dh_case *t)
{
	rtnl_lock();
	KUNIT_EXPECT_EQ(t->test, dev_open(t->dev, NULL), 0);
	rtnl_unlock();
	dh_open_wait(t);
}
EXPORT_SYMBOL_IF_KUNIT(dh_open);

/**
 * dh_probe() - probe the driver on the case's model, and open it
 * @t: the case, dh_init() done and &dh_case.plat filled in
 * @res: the register window and interrupts; its MAC address is made here
 */
void dh_probe(struct dh_case *t, struct stmmac_resources *res)
{
	struct dh_pdata pd = {};
	struct kunit *test = t->test;

	t->io = res->ioaddr;
	eth_random_addr(res->mac);
	pd.plat = &t->plat;
	pd.res = *res;
	KUNIT_ASSERT_EQ(test, platform_device_add_data(t->pdev, &pd,
						       sizeof(pd)), 0);
	KUNIT_ASSERT_EQ(test, platform_device_add(t->pdev), 0);
	t->dev = platform_get_drvdata(t->pdev);
	KUNIT_ASSERT_NOT_NULL(test, t->dev);
	t->priv = netdev_priv(t->dev);

	rtnl_lock();
	/* Each frame (and TSO segment) must reach the test as the wire
	 * carries it.
	 */
	t->dev->wanted_features &= ~NETIF_F_GRO;
	netdev_update_features(t->dev);
	KUNIT_ASSERT_EQ(test, netdev_rx_handler_register(t->dev, dh_rx_handler,
							 t), 0);
	rtnl_unlock();
	dh_open(t);
}
EXPORT_SYMBOL_IF_KUNIT(dh_probe);

/**
 * dh_set_rings() - ethtool -G, as a user sets the ring sizes
 * @t: the case
 * @tx: TX descriptors
 * @rx: RX descriptors
 */
void dh_set_rings(struct dh_case *t, u32 tx, u32 rx)
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
EXPORT_SYMBOL_IF_KUNIT(dh_set_rings);

/**
 * dh_set_coal() - ethtool -C, as a user sets TX coalescing
 * @t: the case
 * @usecs: tx-usecs
 * @frames: tx-frames
 */
void dh_set_coal(struct dh_case *t, u32 usecs, u32 frames)
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
EXPORT_SYMBOL_IF_KUNIT(dh_set_coal);

MODULE_DESCRIPTION("KUnit: the harness of the stmmac data path suites on DMA models");
MODULE_LICENSE("GPL");
