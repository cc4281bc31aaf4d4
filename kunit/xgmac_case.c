// SPDX-License-Identifier: GPL-2.0-only
/*
 * The XGMAC suites' device: the real driver probed on the model of
 * xgmac_model.c (8 TX and 8 RX queues, per-channel or single interrupt),
 * the model's side of data_harness.c, and the TSO frame the suites send
 * (xgmac_case.h).
 */

#include <kunit/test.h>
#include <linux/etherdevice.h>
#include <linux/in.h>
#include <linux/ip.h>
#include <linux/platform_device.h>
#include <linux/rtnetlink.h>
#include <linux/skbuff.h>
#include <linux/slab.h>
#include <linux/tcp.h>
#include <net/checksum.h>
#include <linux/unaligned.h>

#include "../stmmac.h"
#include "xgmac_case.h"

/* The model's side of the harness (&struct dh_ops) */

static bool xd_tx_live(void *ctx, u32 chan, dma_addr_t addr, u32 len)
{
	return dh_tx_live(ctx, chan, addr, len);
}

static bool xd_step(struct dh_case *h)
{
	return xgm_step(xd_of(h)->m, XD_BUDGET);
}

static void xd_sync(struct dh_case *h)
{
	xgm_sync(xd_of(h)->m);
}

/* Deliver every line the model asserts; true if there was one. */
bool xd_irqs(struct dh_case *h)
{
	struct xgm_lines l;
	u32 c;

	xgm_lines(xd_of(h)->m, &l);
	if (l.common)
		dh_fire(h, 0);
	for (c = 0; c < XD_QUEUES; c++) {
		if (l.rx & BIT(c))
			dh_fire(h, 1 + c);
		if (l.tx & BIT(c))
			dh_fire(h, 1 + XD_QUEUES + c);
	}
	return l.common || l.rx || l.tx;
}

static bool xd_rx_pending(struct dh_case *h)
{
	return xgm_rx_pending(xd_of(h)->m);
}

/* Descriptors the DMA has processed, every channel and direction */
static u64 xd_moved(struct dh_case *h)
{
	const struct xgm_model *m = xd_of(h)->m;
	u64 n = 0;
	u32 c;

	for (c = 0; c < XGM_CHANNELS; c++)
		n += m->st[c].tx_descs + m->st[c].rx_descs;
	return n;
}

/* The segment of a TSO frame that starts @off bytes into its payload, as
 * a receiver must see it: the template's headers with the IPv4 length,
 * id (+1 per segment) and checksum, the TCP sequence number and checksum
 * redone, FIN and PSH on the last segment only, CWR on the first only.
 */
static u32 xd_tso_seg(const struct dh_exp *e, u32 off, u8 *s)
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
	put_unaligned(dh_l4_sum(s, false, XD_TCP_HLEN + n, IPPROTO_TCP),
		      (__sum16 *)(th + 16));
	return XD_HDR_TCP + n;
}

static void xd_match_tso(struct dh_case *t, struct dh_exp *e,
			 const struct dh_rx *r)
{
	u32 pay = e->len - XD_HDR_TCP, off, len;
	u8 *s;

	if (r->len < XD_HDR_TCP)
		return dh_bad(t, r, "shorter than its headers");
	off = get_unaligned_be32(r->data + ETH_HLEN + 20 + 4) -
	      get_unaligned_be32(e->data + ETH_HLEN + 20 + 4);
	if (off >= pay || off % XD_MSS)
		return dh_bad(t, r, "not a segment of its TSO frame");
	s = kmalloc(XD_HDR_TCP + XD_MSS, GFP_KERNEL);
	if (!s)
		return dh_bad(t, r, "no memory");
	len = xd_tso_seg(e, off, s);
	if (len != r->len || memcmp(s, r->data, len))
		dh_bad(t, r, "TSO segment differs from what the wire must carry");
	else if (test_and_set_bit(off / XD_MSS, e->seen))
		dh_bad(t, r, "TSO segment arrived twice");
	else
		e->got++;
	kfree(s);
}

static void xd_destroy(struct dh_case *h)
{
	struct xd *t = xd_of(h);

	if (t->m)
		xgm_destroy(t->m);
}

/* Frames from the port to a far end's address */
static const u8 xd_far[ETH_ALEN] = { 0x02, 0xff, 0xff, 0xff, 0xff, 0xff };

const struct dh_ops xd_ops = {
	.nr_irqs = XD_IRQS,
	.l2_dst = xd_far,
	.step = xd_step,
	.sync = xd_sync,
	.irqs = xd_irqs,
	.rx_pending = xd_rx_pending,
	.moved = xd_moved,
	.match_tso = xd_match_tso,
	.destroy = xd_destroy,
};

/**
 * xd_queue_udp() - @n UDP frames (200 bytes, checksum offloaded) on TX
 *	queue @q, the model run until it is idle; nothing checked yet
 * @t: the case
 * @q: the TX queue
 * @n: frames
 */
void xd_queue_udp(struct xd *t, u32 q, u32 n)
{
	struct sk_buff *skb;
	u32 id;

	while (n--) {
		id = dh_id(&t->h);
		skb = dh_l4(&t->h, id, IPPROTO_UDP, false, 200, NULL, NULL, 0,
			    true);
		KUNIT_ASSERT_NOT_NULL(t->h.test, skb);
		skb_set_queue_mapping(skb, q);
		dh_send(&t->h, skb, id, q, false);
	}
	dh_run(&t->h);
}

/**
 * xd_send_udp() - as xd_queue_udp(), and every frame checked back
 * @t: the case
 * @q: the TX queue
 * @n: frames
 */
void xd_send_udp(struct xd *t, u32 q, u32 n)
{
	xd_queue_udp(t, q, n);
	dh_check(&t->h);
}

/* TCP, 64 KiB of payload: 200 bytes of it in the linear part with the
 * headers (one mapping split over the header and a data descriptor),
 * the rest in 16 page fragments. PSH and CWR set, FIN when @fin.
 */
struct sk_buff *xd_tso(struct xd *t, u32 id, bool fin)
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
	dh_l2(&t->h, f, ETH_P_IP);
	dh_ip4(f, id, 20 + XD_TCP_HLEN + pay, IPPROTO_TCP);
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
		f[XD_HDR_TCP + i] = dh_pat(id, i);
	if (dh_add_frags(skb, id, lin, sizes, offs, ARRAY_SIZE(sizes))) {
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
	return skb;
}

/* Nothing in flight: BQL back to zero on every queue, the model saw no
 * descriptor or buffer it must not.
 */
void xd_check_clean(struct xd *t)
{
	struct kunit *test = t->h.test;
	u32 q;

	for (q = 0; q < t->h.priv->tx_queues; q++) {
		const struct xgm_chan_stats *s = &t->m->st[q];

		KUNIT_EXPECT_EQ_MSG(test, dh_bql_inflight(&t->h, q), 0u,
				    "BQL of TX queue %u", q);
		KUNIT_EXPECT_EQ_MSG(test, s->bad_desc, 0ull, "channel %u", q);
		KUNIT_EXPECT_EQ_MSG(test, s->bad_read, 0ull,
				    "channel %u read a buffer the driver had unmapped",
				    q);
		KUNIT_EXPECT_EQ_MSG(test, s->tbu, 0ull, "channel %u", q);
		KUNIT_EXPECT_EQ_MSG(test, s->rx_fifo_drops, 0ull,
				    "channel %u", q);
		KUNIT_EXPECT_EQ_MSG(test, s->rx_off_drops, 0ull,
				    "channel %u", q);
	}
}

/* Set-up */

static void xd_plat(struct stmmac_plat *p)
{
	p->core = STMMAC_CORE_XGMAC;
	p->interface = PHY_INTERFACE_MODE_RGMII_ID;
	p->pbl = 8;
	p->pblx8 = true;
	p->clk_csr = -1;
	p->csr_rate = 100000000;
	p->clk_rate = 250000000;
	p->phy_addr = -1;
}

/**
 * xd_probe_core() - probe the driver on the model and open it
 * @test: the case
 * @s: its suite
 * @core: the board
 *
 * Return: the case's state.
 */
struct xd *xd_probe_core(struct kunit *test, const struct dh_suite *s,
			 const struct xd_core *core)
{
	struct stmmac_resources res = {};
	struct xd *t;
	u32 c;

	t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, t);
	dh_init(&t->h, test, s);
	t->m = xgm_create(&t->h.pdev->dev, XD_FIFO_SHIFT);
	KUNIT_ASSERT_NOT_NULL(test, t->m);
	t->m->buf_live = xd_tx_live;
	t->m->ctx = &t->h;
	xgm_set_nrvf(t->m, core->nrvf);
	xgm_set_l3l4(t->m, core->l3l4fnum);
	xd_plat(&t->h.plat);
	t->h.plat.tx_coe_off = core->coe_off;
	t->h.plat.tx_tbs = core->tbs;
	res.ioaddr = t->m->io;
	res.irq = t->h.irq_base;
	for (c = 0; core->perch && c < XD_QUEUES; c++) {
		res.rx_irq[c] = t->h.irq_base + 1 + c;
		res.tx_irq[c] = t->h.irq_base + 1 + XD_QUEUES + c;
	}
	dh_probe(&t->h, &res);
	KUNIT_ASSERT_EQ(test, t->h.priv->tx_queues, XD_QUEUES);
	KUNIT_ASSERT_EQ(test, t->h.priv->rx_queues, XD_QUEUES);
	return t;
}

/* ... on a board whose TX queues @tbs have launch time */
struct xd *xd_probe_tbs(struct kunit *test, const struct dh_suite *s,
			bool perch, u32 coe_off, u32 tbs)
{
	const struct xd_core core = {
		.perch = perch, .coe_off = coe_off, .tbs = tbs,
	};

	return xd_probe_core(test, s, &core);
}

/* ... on a board without launch time */
struct xd *xd_probe(struct kunit *test, const struct dh_suite *s, bool perch,
		    u32 coe_off)
{
	return xd_probe_tbs(test, s, perch, coe_off, 0);
}

/* ethtool -L, as a user sets the queue counts */
int xd_set_channels(struct xd *t, u32 tx, u32 rx)
{
	struct ethtool_channels ch = { .tx_count = tx, .rx_count = rx };
	struct net_device *dev = t->h.dev;
	int ret;

	KUNIT_ASSERT_NOT_NULL(t->h.test, dev->ethtool_ops->set_channels);
	rtnl_lock();
	ret = dev->ethtool_ops->set_channels(dev, &ch);
	rtnl_unlock();
	return ret;
}
