// SPDX-License-Identifier: GPL-2.0-only
/*
 * XDP cases both DMA-model suites run (data_harness.h): native XDP through
 * the real driver, its programs plain C functions in a bpf_prog of their
 * own (the interpreter and the verifier are not what is tested here). A
 * program is attached with ndo_bpf under RTNL, as the stack does; the
 * case detaches it before the device goes.
 *
 * Without CONFIG_BPF_SYSCALL bpf_prog_put() does nothing: the case frees
 * the programs the driver let go of itself.
 */

#include <kunit/test.h>
#include <kunit/visibility.h>
#include <linux/bpf.h>
#include <linux/etherdevice.h>
#include <linux/ethtool.h>
#include <linux/filter.h>
#include <linux/if_ether.h>
#include <linux/ip.h>
#include <linux/netdevice.h>
#include <linux/rcupdate.h>
#include <linux/rtnetlink.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/udp.h>
#include <net/net_namespace.h>
#include <net/page_pool/types.h>
#include <net/xdp.h>
#include <linux/unaligned.h>

#include "data_harness.h"
#include "../stmmac_compat.h"

/* Where the UDP ports of dh_l4()'s IPv4 frames are */
#define DH_UDP	(ETH_HLEN + sizeof(struct iphdr))

typedef unsigned int (*dh_xdp_fn)(const void *ctx, const struct bpf_insn *insn);

static struct bpf_prog *dh_xdp_prog(struct kunit *test, dh_xdp_fn fn)
{
	struct bpf_prog *prog = bpf_prog_alloc(bpf_prog_size(1), 0);

	KUNIT_ASSERT_NOT_NULL(test, prog);
	prog->type = BPF_PROG_TYPE_XDP;
	prog->bpf_func = fn;
	atomic64_set(&prog->aux->refcnt, 1);
	return prog;
}

/* The driver let go of @prog: free it, where bpf_prog_put() did not. */
static void dh_xdp_gone(struct bpf_prog *prog)
{
	if (prog && !IS_ENABLED(CONFIG_BPF_SYSCALL))
		bpf_prog_free(prog);
}

static int dh_xdp_setup(struct dh_case *t, struct bpf_prog *prog,
			struct netlink_ext_ack *extack)
{
	struct netdev_bpf bpf = {
		.command = XDP_SETUP_PROG,
		.prog = prog,
		.extack = extack,
	};
	int ret;

	rtnl_lock();
	ret = t->dev->netdev_ops->ndo_bpf(t->dev, &bpf);
	rtnl_unlock();
	return ret;
}

static void dh_xdp_detach_action(void *arg)
{
	struct dh_case *t = arg;
	struct bpf_prog *old = t->xdp_prog;

	if (!old || !t->dev)
		return;
	KUNIT_EXPECT_EQ(t->test, dh_xdp_setup(t, NULL, NULL), 0);
	t->xdp_prog = NULL;
	dh_xdp_gone(old);
}

/**
 * dh_xdp_attach() - attach a program that runs @fn, or detach with NULL
 * @t: the case
 * @fn: the program's function, NULL to detach
 *
 * Return: the driver's answer; on success the program in place is
 * &dh_case.xdp_prog, the one before it gone.
 */
int dh_xdp_attach(struct dh_case *t, dh_xdp_fn fn)
{
	struct bpf_prog *prog = fn ? dh_xdp_prog(t->test, fn) : NULL;
	struct bpf_prog *old = t->xdp_prog;
	struct netlink_ext_ack extack = {};
	int ret;

	if (!t->xdp_action) {
		ret = kunit_add_action_or_reset(t->test, dh_xdp_detach_action,
						t);
		KUNIT_ASSERT_EQ(t->test, ret, 0);
		t->xdp_action = true;
	}
	ret = dh_xdp_setup(t, prog, &extack);
	if (ret) {
		/* it may point into @extack, which goes with this frame */
		strscpy(t->xdp_msg, extack._msg ?: "", sizeof(t->xdp_msg));
		dh_xdp_gone(prog);
		/* the stack's reference, which the driver did not take */
		if (IS_ENABLED(CONFIG_BPF_SYSCALL) && prog)
			bpf_prog_put(prog);
		return ret;
	}
	t->xdp_prog = prog;
	dh_xdp_gone(old);
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(dh_xdp_attach);

/* The programs */

static bool dh_xdp_udp4(const struct xdp_buff *xdp)
{
	const u8 *f = xdp->data;

	return xdp->data_end - xdp->data >= DH_UDP + sizeof(struct udphdr) &&
	       get_unaligned_be16(f + 12) == ETH_P_IP && f[ETH_HLEN + 9] == IPPROTO_UDP;
}

/* Swap the UDP ports (the checksum stays right) and send the frame back
 * while the source port is the higher: each frame dh_l4() builds (source
 * 1000 + id % 1000, destination 9) comes back once, then passes.
 */
static unsigned int dh_xdp_bounce(const void *ctx, const struct bpf_insn *insn)
{
	struct xdp_buff *xdp = (struct xdp_buff *)ctx;
	u8 *udp = (u8 *)xdp->data + DH_UDP;
	u16 sport, dport;

	if (!dh_xdp_udp4(xdp))
		return XDP_PASS;
	sport = get_unaligned_be16(udp);
	dport = get_unaligned_be16(udp + 2);
	if (sport <= dport)
		return XDP_PASS;
	put_unaligned_be16(dport, udp);
	put_unaligned_be16(sport, udp + 2);
	return XDP_TX;
}

static unsigned int dh_xdp_drop(const void *ctx, const struct bpf_insn *insn)
{
	return XDP_DROP;
}

static unsigned int dh_xdp_pass(const void *ctx, const struct bpf_insn *insn)
{
	return XDP_PASS;
}

/* Cut 4 bytes off the end of every UDP frame, and let it pass. */
static unsigned int dh_xdp_trim(const void *ctx, const struct bpf_insn *insn)
{
	struct xdp_buff *xdp = (struct xdp_buff *)ctx;

	if (dh_xdp_udp4(xdp))
		xdp->data_end -= 4;
	return XDP_PASS;
}

/* What bpf_redirect() does in an XDP program (bpf_xdp_redirect() in
 * net/core/filter.c, alike in 6.12 and 7.3): the target by ifindex, no
 * map, in the redirect info of the NAPI poll running the program.
 */
static unsigned int dh_xdp_redirect_to(u32 ifindex)
{
	struct bpf_redirect_info *ri = bpf_net_ctx_get_ri();

	ri->tgt_index = ifindex;
	ri->map_id = INT_MAX;
	ri->map_type = BPF_MAP_TYPE_UNSPEC;
	return XDP_REDIRECT;
}

/* A forwarder: swap the UDP ports, give the frame the Ethernet address of
 * the device it goes to, and redirect it to &dh_case.xdp_to of the device
 * it arrived on, while the source port is the higher (as dh_xdp_bounce():
 * once per frame, then it passes).
 */
static unsigned int dh_xdp_forward(const void *ctx, const struct bpf_insn *insn)
{
	struct xdp_buff *xdp = (struct xdp_buff *)ctx;
	struct net_device *dev = xdp->rxq->dev, *to;
	u8 *f = xdp->data, *udp = f + DH_UDP;
	u16 sport, dport;
	struct dh_case *t;
	int ifindex;

	if (!dh_xdp_udp4(xdp))
		return XDP_PASS;
	sport = get_unaligned_be16(udp);
	dport = get_unaligned_be16(udp + 2);
	if (sport <= dport)
		return XDP_PASS;
	put_unaligned_be16(dport, udp);
	put_unaligned_be16(sport, udp + 2);
	rcu_read_lock();
	t = rcu_dereference(dev->rx_handler_data);
	ifindex = t ? READ_ONCE(t->xdp_to) : 0;
	to = dev_get_by_index_rcu(dev_net(dev), ifindex);
	if (to)
		memcpy(f, to->dev_addr, ETH_ALEN);
	rcu_read_unlock();
	return dh_xdp_redirect_to(ifindex);
}

/* Counters */

struct dh_xdp_count {
	u64 drop, tx, redirect, errors, frames, full, xsk, ic, length;
};

static void dh_xdp_count(struct dh_case *t, u32 q, struct dh_xdp_count *c)
{
	struct stmmac_coal_stats cs;
	struct stmmac_rx_errors e;

	stmmac_rxq_xdp_stats(&t->priv->rxq[q], &c->drop, &c->tx, &c->redirect,
			     &c->errors);
	stmmac_txq_xdp_stats(&t->priv->txq[q], &c->frames, &c->full, &c->xsk);
	stmmac_coal_tx_stats(&t->priv->coal.tx[q], &cs);
	c->ic = cs.ic_set;
	stmmac_rxq_errors(&t->priv->rxq[q], &e);
	c->length = e.length;
}

/**
 * dh_xdp_stat() - an ethtool -S counter as a user reads it
 * @t: the case
 * @dir: "rx" or "tx"
 * @q: the queue
 * @name: the counter's name after the queue's prefix
 *
 * Return: the value of "<@dir>_q<@q>_<@name>"; U64_MAX, the case failed,
 * if there is none.
 */
u64 dh_xdp_stat(struct dh_case *t, const char *dir, u32 q, const char *name)
{
	const struct ethtool_ops *ops = t->dev->ethtool_ops;
	u8 (*names)[ETH_GSTRING_LEN] = NULL;
	char want[ETH_GSTRING_LEN];
	u64 *val = NULL, v = U64_MAX;
	int n, i;

	snprintf(want, sizeof(want), "%s_q%u_%s", dir, q, name);
	rtnl_lock();
	n = ops->get_sset_count(t->dev, ETH_SS_STATS);
	if (n > 0) {
		names = kcalloc(n, ETH_GSTRING_LEN, GFP_KERNEL);
		val = kcalloc(n, sizeof(*val), GFP_KERNEL);
	}
	if (names && val) {
		ops->get_strings(t->dev, ETH_SS_STATS, (u8 *)names);
		ops->get_ethtool_stats(t->dev, NULL, val);
		for (i = 0; i < n; i++) {
			if (!strncmp(names[i], want, ETH_GSTRING_LEN)) {
				v = val[i];
				break;
			}
		}
	}
	rtnl_unlock();
	kfree(names);
	kfree(val);
	KUNIT_EXPECT_NE_MSG(t->test, v, U64_MAX, "ethtool -S has no %s", want);
	return v;
}
EXPORT_SYMBOL_IF_KUNIT(dh_xdp_stat);

/* The ethtool -S counters a redirect moves, on RX queue @q and TX queue
 * @tq (of the device the frames go to, for the tx_ ones)
 */
struct dh_xdp_redir_count {
	u64 redirect, errors, dropped, frames, full;
};

static void dh_xdp_redir_count(struct dh_case *t, u32 q, struct dh_case *to,
			       u32 tq, struct dh_xdp_redir_count *c)
{
	c->redirect = dh_xdp_stat(t, "rx", q, "xdp_redirect");
	c->errors = dh_xdp_stat(t, "rx", q, "xdp_errors");
	c->dropped = dh_xdp_stat(t, "rx", q, "dropped");
	c->frames = dh_xdp_stat(to, "tx", tq, "xdp_frames");
	c->full = dh_xdp_stat(to, "tx", tq, "xdp_full");
}

/* XDP frames queued on every TX queue of the device, per ethtool -S */
static u64 dh_xdp_tx_frames(struct dh_case *t)
{
	u64 n = 0;
	u32 q;

	for (q = 0; q < t->priv->tx_queues; q++)
		n += dh_xdp_stat(t, "tx", q, "xdp_frames");
	return n;
}

/* Page pools of the device no RX ring holds: ones destroyed with pages
 * still out (a pool whose pages all came back is gone at once, from the
 * device's list too). Read with the data path idle.
 */
static u32 dh_xdp_stale_pools(struct dh_case *t)
{
	struct page_pool *pool;
	u32 n = 0, q;
	bool live;

	rtnl_lock();
	hlist_for_each_entry(pool, &t->dev->page_pools, user.list) {
		live = false;
		for (q = 0; q < t->priv->rx_queues; q++)
			live |= pool == t->priv->rxq[q].pool;
		n += !live;
	}
	rtnl_unlock();
	return n;
}

/**
 * dh_xdp_detach_check() - detach the program: the XDP rings' pool goes
 * with it, every page in it, or the pool outlives its ring
 * @t: the case, its data path idle
 */
void dh_xdp_detach_check(struct dh_case *t)
{
	KUNIT_ASSERT_EQ(t->test, dh_xdp_attach(t, NULL), 0);
	KUNIT_EXPECT_EQ_MSG(t->test, dh_xdp_stale_pools(t), 0u,
			    "a page pool outlived its ring: pages not given back");
}
EXPORT_SYMBOL_IF_KUNIT(dh_xdp_detach_check);

/* A UDP frame with @lin bytes of payload on queue @q, expected back
 * (its expectation returned, to be edited before the data path runs).
 */
static struct dh_exp *dh_xdp_send(struct dh_case *t, u32 q, u32 lin, bool more)
{
	u32 id = dh_id(t);
	struct sk_buff *skb = dh_l4(t, id, IPPROTO_UDP, false, lin, NULL, NULL,
				    0, false);

	KUNIT_ASSERT_NOT_NULL(t->test, skb);
	skb_set_queue_mapping(skb, q);
	dh_send(t, skb, id, q, more);
	return xa_load(&t->exp, id);
}

/* The cases */

/**
 * dh_xdp_tx_case() - XDP_TX: every frame back out once, byte for byte as
 * the program left it, IC by the frame count and no more
 * @t: the case, its device up
 * @q: the queue to send on
 *
 * The RX rings are rebuilt for the program while the device is up, and
 * again when it goes, after which frames pass untouched.
 */
void dh_xdp_tx_case(struct dh_case *t, u32 q)
{
	struct kunit *test = t->test;
	u32 n = 96, frames = t->priv->coal.tx[q].frames, i, ics;
	struct dh_xdp_count a, b;
	struct dh_exp *e;

#ifdef CONFIG_BQL
	/* BQL's limit starts from this at the rebuild, not from 0: its stops
	 * would each give a stack frame IC, and blur the count below.
	 */
	netdev_get_tx_queue(t->dev, q)->dql.min_limit = SZ_1M;
#endif
	KUNIT_ASSERT_EQ(test, dh_xdp_attach(t, dh_xdp_bounce), 0);
	KUNIT_EXPECT_TRUE(test, t->priv->rxq[q].xdp);
	dh_open_wait(t);
	dh_xdp_count(t, q, &a);
	for (i = 0; i < n; i++) {
		e = dh_xdp_send(t, q, 18 + i * 13, i % 32 != 31);
		KUNIT_ASSERT_NOT_NULL(test, e);
		/* what the program did to it on its first arrival */
		swap(e->data[DH_UDP], e->data[DH_UDP + 2]);
		swap(e->data[DH_UDP + 1], e->data[DH_UDP + 3]);
	}
	dh_run(t);
	dh_check(t);
	dh_xdp_count(t, q, &b);
	KUNIT_EXPECT_EQ(test, b.tx - a.tx, (u64)n);
	KUNIT_EXPECT_EQ(test, b.frames - a.frames, (u64)n);
	KUNIT_EXPECT_EQ(test, b.errors - a.errors, 0ull);
	KUNIT_EXPECT_EQ(test, b.full - a.full, 0ull);
	/* The stack's frames and the XDP ones share the count: IC every
	 * tx-frames descriptors, the rest by the timer. One IC per XDP_TX
	 * batch (mainline) would add one per RX poll.
	 */
	ics = 2 * n / frames;
	KUNIT_EXPECT_LE(test, b.ic - a.ic, (u64)ics + 2);
	/* and XDP frames count: the stack's alone give n / frames */
	KUNIT_EXPECT_GE(test, b.ic - a.ic, (u64)ics - 1);

	KUNIT_ASSERT_EQ(test, dh_xdp_attach(t, NULL), 0);
	KUNIT_EXPECT_FALSE(test, t->priv->rxq[q].xdp);
	dh_open_wait(t);
	for (i = 0; i < 10; i++)
		dh_xdp_send(t, q, 100 + i, false);
	dh_run(t);
	dh_check(t);
	dh_xdp_count(t, q, &a);
	KUNIT_EXPECT_EQ(test, a.tx, b.tx);
}
EXPORT_SYMBOL_IF_KUNIT(dh_xdp_tx_case);

/**
 * dh_xdp_drop_case() - XDP_DROP: nothing reaches the stack, every frame
 * counted, every buffer back on the ring
 * @t: the case, its device up
 * @q: the queue to send on
 */
void dh_xdp_drop_case(struct dh_case *t, u32 q)
{
	struct kunit *test = t->test;
	struct stmmac_rxq *rq = &t->priv->rxq[q];
	u64 pkts, bytes, errs, drops, pkts0;
	struct dh_xdp_count a, b;
	struct sk_buff *skb;
	u32 n = 3 * rq->size, i;

	KUNIT_ASSERT_EQ(test, dh_xdp_attach(t, dh_xdp_drop), 0);
	dh_xdp_count(t, q, &a);
	stmmac_rxq_stats(rq, &pkts0, &bytes, &errs, &drops);
	for (i = 0; i < n && !t->stuck; i++) {
		skb = dh_l4(t, dh_id(t), IPPROTO_UDP, false, i % 1400, NULL,
			    NULL, 0, false);
		KUNIT_ASSERT_NOT_NULL(test, skb);
		skb_set_queue_mapping(skb, q);
		skb->dev = t->dev;
		while (!dh_xmit(t, skb, q, false) && !t->stuck)
			dh_run(t);
	}
	dh_run(t);
	/* nothing expected: whatever arrived is wrong */
	dh_check(t);
	dh_xdp_count(t, q, &b);
	stmmac_rxq_stats(rq, &pkts, &bytes, &errs, &drops);
	KUNIT_EXPECT_EQ(test, b.drop - a.drop, (u64)n);
	KUNIT_EXPECT_EQ(test, pkts - pkts0, (u64)n);
	/* every slot but the one always left empty has its page again */
	KUNIT_EXPECT_EQ(test, rq->cur - rq->dirty, 1u);
}
EXPORT_SYMBOL_IF_KUNIT(dh_xdp_drop_case);

/**
 * dh_xdp_pass_case() - XDP_PASS: the frame reaches the stack as the
 * program left it; a frame longer than one buffer never reaches the
 * program, and is dropped as a length error
 * @t: the case, its device up at MTU 1500
 * @q: the queue to send on
 */
void dh_xdp_pass_case(struct dh_case *t, u32 q)
{
	struct kunit *test = t->test;
	struct dh_xdp_count a, b;
	struct sk_buff *skb;
	struct dh_exp *e;
	u32 i, id;

	KUNIT_ASSERT_EQ(test, dh_xdp_attach(t, dh_xdp_trim), 0);
	for (i = 0; i < 40; i++) {
		e = dh_xdp_send(t, q, 60 + i * 35, i % 4 != 3);
		KUNIT_ASSERT_NOT_NULL(test, e);
		e->len -= 4;
	}
	dh_run(t);
	dh_check(t);

	/* Longer than the RX buffer: the MAC takes it (no length check
	 * here), the DMA writes it over two buffers.
	 */
	dh_xdp_count(t, q, &a);
	id = dh_id(t);
	skb = dh_l4(t, id, IPPROTO_UDP, false, t->priv->rxq[q].buf_len, NULL,
		    NULL, 0, false);
	KUNIT_ASSERT_NOT_NULL(test, skb);
	skb_set_queue_mapping(skb, q);
	skb->dev = t->dev;
	KUNIT_EXPECT_TRUE(test, dh_xmit(t, skb, q, false));
	dh_xdp_send(t, q, 200, false)->len -= 4;
	dh_run(t);
	dh_check(t);
	dh_xdp_count(t, q, &b);
	KUNIT_EXPECT_EQ(test, b.length - a.length, 1ull);
}
EXPORT_SYMBOL_IF_KUNIT(dh_xdp_pass_case);

/**
 * dh_xdp_mtu_case() - the MTU and the program: one frame per buffer
 * @t: the case, its device up at MTU 1500
 *
 * An MTU too large refuses the program, saying why and changing nothing;
 * with the program in, the MTU cannot grow past what it allows, and a
 * program replacing another keeps the rings.
 */
void dh_xdp_mtu_case(struct dh_case *t)
{
	struct kunit *test = t->test;
	struct stmmac_priv *priv = t->priv;
	u32 max = stmmac_rx_buf_max(priv, true) - ETH_HLEN - VLAN_HLEN -
		  ETH_FCS_LEN;
	struct stmmac_desc *desc;
	int ret;

	max = min(max, t->dev->max_mtu);
	if (max < t->dev->max_mtu) {
		rtnl_lock();
		KUNIT_ASSERT_EQ(test, dev_set_mtu(t->dev, max + 1), 0);
		rtnl_unlock();
		desc = priv->rxq[0].desc;
		KUNIT_EXPECT_EQ(test, dh_xdp_attach(t, dh_xdp_pass), -EOPNOTSUPP);
		KUNIT_EXPECT_NOT_NULL(test, strstr(t->xdp_msg, "MTU"));
		KUNIT_EXPECT_NULL(test, priv->xdp_prog);
		KUNIT_EXPECT_PTR_EQ(test, priv->rxq[0].desc, desc);
		KUNIT_EXPECT_FALSE(test, priv->rxq[0].xdp);
		rtnl_lock();
		KUNIT_ASSERT_EQ(test, dev_set_mtu(t->dev, max), 0);
		rtnl_unlock();
	}
	KUNIT_ASSERT_EQ(test, dh_xdp_attach(t, dh_xdp_pass), 0);
	/* the rebuild restarted the link */
	dh_open_wait(t);
	KUNIT_EXPECT_LE(test, priv->rxq[0].buf_len,
			stmmac_rx_buf_max(priv, true));
	rtnl_lock();
	ret = dev_set_mtu(t->dev, max + 1);
	rtnl_unlock();
	if (max < t->dev->max_mtu) {
		KUNIT_EXPECT_EQ(test, ret, -EINVAL);
		KUNIT_EXPECT_EQ(test, t->dev->mtu, max);
	}
	/* a program for another: the rings stay, and the link */
	desc = priv->rxq[0].desc;
	KUNIT_ASSERT_EQ(test, dh_xdp_attach(t, dh_xdp_trim), 0);
	KUNIT_EXPECT_PTR_EQ(test, priv->rxq[0].desc, desc);
	KUNIT_EXPECT_TRUE(test, netif_carrier_ok(t->dev));
	/* a frame as large as the MTU allows: one buffer, to the program */
	dh_xdp_send(t, 0, t->dev->mtu - 28, false)->len -= 4;
	dh_run(t);
	dh_check(t);
}
EXPORT_SYMBOL_IF_KUNIT(dh_xdp_mtu_case);

/* An XDP frame in a page of its own holding @skb's bytes; the page gets
 * an extra reference, to be looked at once the driver returned it.
 */
static struct xdp_frame *dh_xdp_frame(struct dh_case *t, struct sk_buff *skb,
				      struct page **pagep)
{
	struct xdp_rxq_info rxq = { .mem.type = MEM_TYPE_PAGE_ORDER0 };
	struct page *page = alloc_page(GFP_KERNEL);
	struct xdp_frame *xdpf;
	struct xdp_buff xdp;

	KUNIT_ASSERT_NOT_NULL(t->test, page);
	xdp_init_buff(&xdp, PAGE_SIZE, &rxq);
	xdp_prepare_buff(&xdp, page_address(page), XDP_PACKET_HEADROOM,
			 skb->len, false);
	KUNIT_ASSERT_EQ(t->test, skb_copy_bits(skb, 0, xdp.data, skb->len), 0);
	xdpf = xdp_convert_buff_to_frame(&xdp);
	KUNIT_ASSERT_NOT_NULL(t->test, xdpf);
	get_page(page);
	*pagep = page;
	return xdpf;
}

/* netpoll's TX clean (budget 0, interrupts off) on TX queue @q once the
 * DMA has sent everything: it must leave XDP frames to a later poll.
 */
static void dh_xdp_netpoll(struct dh_case *t, u32 q)
{
	struct napi_struct *napi = &t->priv->channel[q].tx_napi;
	unsigned long flags;

	while (t->suite->ops->step(t))
		;
	local_irq_save(flags);
	napi->poll(napi, 0);
	local_irq_restore(flags);
}

/**
 * dh_xdp_xmit_case() - ndo_xdp_xmit: frames redirected to the device go
 * out once each, byte for byte, and their pages come back, though not
 * to netpoll
 * @t: the case, its device up
 */
void dh_xdp_xmit_case(struct dh_case *t)
{
	struct kunit *test = t->test;
	struct xdp_frame *frames[16];
	struct page *pages[16];
	struct sk_buff *skb;
	u32 i, q, id;
	int sent;

	/* no IC, and a timer that will not fire before the netpoll */
	dh_set_coal(t, 100000, 0);
	migrate_disable();
	q = smp_processor_id() % t->priv->tx_queues;
	for (i = 0; i < ARRAY_SIZE(frames); i++) {
		id = dh_id(t);
		skb = dh_l4(t, id, IPPROTO_UDP, false, 30 + i * 90, NULL, NULL,
			    0, false);
		KUNIT_ASSERT_NOT_NULL(test, skb);
		dh_expect_store(t, skb, id, q);
		frames[i] = dh_xdp_frame(t, skb, &pages[i]);
		kfree_skb(skb);
	}
	local_bh_disable();
	sent = t->dev->netdev_ops->ndo_xdp_xmit(t->dev, ARRAY_SIZE(frames),
						frames, XDP_XMIT_FLUSH);
	local_bh_enable();
	migrate_enable();
	KUNIT_EXPECT_EQ(test, sent, (int)ARRAY_SIZE(frames));
	dh_xdp_netpoll(t, q);
	for (i = 0; i < ARRAY_SIZE(pages); i++)
		KUNIT_EXPECT_EQ_MSG(test, page_ref_count(pages[i]), 2,
				    "frame %u's page returned by netpoll", i);
	dh_run(t);
	dh_check(t);
	for (i = 0; i < ARRAY_SIZE(pages); i++) {
		KUNIT_EXPECT_EQ_MSG(test, page_ref_count(pages[i]), 1,
				    "frame %u's page", i);
		put_page(pages[i]);
	}
}
EXPORT_SYMBOL_IF_KUNIT(dh_xdp_xmit_case);

/* What the forwarder did to the frame @e expects: ports swapped, @to's
 * Ethernet address; out of @to's TX queue @tq, back on its RX queue @tq.
 */
static void dh_xdp_forwarded(struct dh_exp *e, struct net_device *to, u32 tq)
{
	swap(e->data[DH_UDP], e->data[DH_UDP + 2]);
	swap(e->data[DH_UDP + 1], e->data[DH_UDP + 3]);
	memcpy(e->data, to->dev_addr, ETH_ALEN);
	e->q = tq;
}

/* @n UDP frames on TX queue @q of @t, sizes by @i, none expected back:
 * whatever arrives is wrong.
 */
static void dh_xdp_send_lost(struct dh_case *t, u32 q, u32 n)
{
	struct sk_buff *skb;
	u32 i;

	for (i = 0; i < n && !t->stuck; i++) {
		skb = dh_l4(t, dh_id(t), IPPROTO_UDP, false, 18 + (i * 97) % 1400,
			    NULL, NULL, 0, false);
		KUNIT_ASSERT_NOT_NULL(t->test, skb);
		skb_set_queue_mapping(skb, q);
		skb->dev = t->dev;
		while (!dh_xmit(t, skb, q, i % 16 != 15 && i + 1 < n) &&
		       !t->stuck)
			dh_run(t);
	}
	dh_run(t);
}

/**
 * dh_xdp_redirect_case() - XDP_REDIRECT back out of the same device: each
 * frame once, byte for byte as the program left it, counted as redirected
 * on its RX queue and as an XDP frame on the TX queue of the CPU, every
 * page back in its pool
 * @t: the case, its device up
 * @q: the queue to send on
 *
 * xdp_do_redirect() queues the frames in the core's bulk queue, which
 * hands them to ndo_xdp_xmit 16 at a time and at the xdp_do_flush() of
 * the poll's end: a poll that does not flush leaves frames behind.
 */
void dh_xdp_redirect_case(struct dh_case *t, u32 q)
{
	struct kunit *test = t->test;
	struct dh_xdp_redir_count a, b;
	u32 n = 100, i, tq;
	u64 others;
	struct dh_exp *e;

	t->xdp_to = t->dev->ifindex;
	KUNIT_ASSERT_EQ(test, dh_xdp_attach(t, dh_xdp_forward), 0);
	dh_open_wait(t);
	/* ndo_xdp_xmit takes the TX queue of the CPU the RX poll runs on:
	 * this one, where the interrupts fire.
	 */
	migrate_disable();
	tq = smp_processor_id() % t->priv->tx_queues;
	dh_xdp_redir_count(t, q, t, tq, &a);
	others = dh_xdp_tx_frames(t) - a.frames;
	for (i = 0; i < n; i++) {
		e = dh_xdp_send(t, q, 18 + i * 13, i % 32 != 31 && i + 1 < n);
		if (!e)
			break;
		dh_xdp_forwarded(e, t->dev, tq);
	}
	dh_run(t);
	migrate_enable();
	KUNIT_EXPECT_EQ(test, i, n);
	dh_check(t);
	dh_xdp_redir_count(t, q, t, tq, &b);
	KUNIT_EXPECT_EQ(test, b.redirect - a.redirect, (u64)n);
	KUNIT_EXPECT_EQ(test, b.frames - a.frames, (u64)n);
	KUNIT_EXPECT_EQ(test, b.errors - a.errors, 0ull);
	KUNIT_EXPECT_EQ(test, b.dropped - a.dropped, 0ull);
	KUNIT_EXPECT_EQ(test, b.full - a.full, 0ull);
	KUNIT_EXPECT_EQ_MSG(test, dh_xdp_tx_frames(t) - b.frames, others,
			    "XDP frames on another TX queue than %u", tq);
	KUNIT_EXPECT_EQ(test, dh_xdp_stale_pools(t), 0u);

	dh_xdp_detach_check(t);
	dh_open_wait(t);
	for (i = 0; i < 10; i++)
		dh_xdp_send(t, q, 100 + i, false);
	dh_run(t);
	dh_check(t);
}
EXPORT_SYMBOL_IF_KUNIT(dh_xdp_redirect_case);

/**
 * dh_xdp_redirect_fail_case() - XDP_REDIRECT nowhere: to an ifindex no
 * device has, and to a device without ndo_xdp_xmit (loopback); each frame
 * dropped, counted as an XDP error and a drop and not as a redirect,
 * every buffer back on the ring and every page in its pool
 * @t: the case, its device up
 * @q: the queue to send on
 */
void dh_xdp_redirect_fail_case(struct dh_case *t, u32 q)
{
	struct kunit *test = t->test;
	struct net *net = dev_net(t->dev);
	struct stmmac_rxq *rq = &t->priv->rxq[q];
	struct dh_xdp_redir_count a, b;
	u32 n = 2 * rq->size + 5;
	u64 tx0;
	int none;

	/* an ifindex above every device's */
	rcu_read_lock();
	for (none = t->dev->ifindex + 1; dev_get_by_index_rcu(net, none);
	     none++)
		;
	rcu_read_unlock();
	KUNIT_ASSERT_NOT_NULL(test, net->loopback_dev);
	KUNIT_ASSERT_FALSE(test, net->loopback_dev->xdp_features &
				 NETDEV_XDP_ACT_NDO_XMIT);

	t->xdp_to = none;
	KUNIT_ASSERT_EQ(test, dh_xdp_attach(t, dh_xdp_forward), 0);
	dh_open_wait(t);
	dh_xdp_redir_count(t, q, t, q, &a);
	tx0 = dh_xdp_tx_frames(t);
	dh_xdp_send_lost(t, q, n);
	dh_check(t);
	WRITE_ONCE(t->xdp_to, net->loopback_dev->ifindex);
	dh_xdp_send_lost(t, q, n);
	dh_check(t);
	dh_xdp_redir_count(t, q, t, q, &b);
	KUNIT_EXPECT_EQ(test, b.errors - a.errors, 2ull * n);
	KUNIT_EXPECT_EQ(test, b.dropped - a.dropped, 2ull * n);
	KUNIT_EXPECT_EQ(test, b.redirect - a.redirect, 0ull);
	KUNIT_EXPECT_EQ(test, dh_xdp_tx_frames(t) - tx0, 0ull);
	/* every slot but the one always left empty has its page again */
	KUNIT_EXPECT_EQ(test, rq->cur - rq->dirty, 1u);

	dh_xdp_detach_check(t);
}
EXPORT_SYMBOL_IF_KUNIT(dh_xdp_redirect_fail_case);

/**
 * dh_xdp_redirect_dev_case() - XDP_REDIRECT from one device to another:
 * each frame out of @b once, byte for byte, counted on both; none while
 * @b is down, each counted as an error on @a; every page of @a's back in
 * its pool
 * @a: the case whose program redirects, its device up
 * @b: the case of the device the frames go to, up, no program
 * @q: the queue @a sends on
 */
void dh_xdp_redirect_dev_case(struct dh_case *a, struct dh_case *b, u32 q)
{
	struct kunit *test = a->test;
	struct dh_xdp_redir_count c0, c1;
	u64 a_tx, b_other;
	u32 n = 70, i, id, tq;
	struct sk_buff *skb;

	a->xdp_to = b->dev->ifindex;
	KUNIT_ASSERT_EQ(test, dh_xdp_attach(a, dh_xdp_forward), 0);
	dh_open_wait(a);
	migrate_disable();
	tq = smp_processor_id() % b->priv->tx_queues;
	dh_xdp_redir_count(a, q, b, tq, &c0);
	a_tx = dh_xdp_tx_frames(a);
	b_other = dh_xdp_tx_frames(b) - c0.frames;
	for (i = 0; i < n && !a->stuck; i++) {
		id = dh_id(a);
		skb = dh_l4(a, id, IPPROTO_UDP, false, 18 + i * 19, NULL, NULL,
			    0, false);
		if (!skb)
			break;
		skb_set_queue_mapping(skb, q);
		skb->dev = a->dev;
		/* expected at @b, as the program leaves it */
		dh_expect_store(b, skb, id, tq);
		dh_xdp_forwarded(xa_load(&b->exp, id), b->dev, tq);
		while (!dh_xmit(a, skb, q, i % 32 != 31 && i + 1 < n) &&
		       !a->stuck) {
			dh_run(a);
			dh_run(b);
		}
	}
	dh_run(a);
	dh_run(b);
	migrate_enable();
	KUNIT_EXPECT_EQ(test, i, n);
	dh_check(a);
	dh_check(b);
	dh_xdp_redir_count(a, q, b, tq, &c1);
	KUNIT_EXPECT_EQ(test, c1.redirect - c0.redirect, (u64)n);
	KUNIT_EXPECT_EQ(test, c1.frames - c0.frames, (u64)n);
	KUNIT_EXPECT_EQ(test, c1.errors - c0.errors, 0ull);
	KUNIT_EXPECT_EQ(test, c1.full - c0.full, 0ull);
	KUNIT_EXPECT_EQ(test, dh_xdp_tx_frames(a) - a_tx, 0ull);
	KUNIT_EXPECT_EQ_MSG(test, dh_xdp_tx_frames(b) - c1.frames, b_other,
			    "XDP frames on another TX queue than %u", tq);

	/* @b down: the core refuses it, @a drops and counts each frame */
	rtnl_lock();
	dev_close(b->dev);
	rtnl_unlock();
	dh_xdp_send_lost(a, q, 20);
	dh_check(a);
	dh_check(b);
	dh_xdp_redir_count(a, q, b, tq, &c0);
	KUNIT_EXPECT_EQ(test, c0.errors - c1.errors, 20ull);
	KUNIT_EXPECT_EQ(test, c0.redirect - c1.redirect, 0ull);
	KUNIT_EXPECT_EQ(test, c0.frames - c1.frames, 0ull);

	dh_xdp_detach_check(a);
}
EXPORT_SYMBOL_IF_KUNIT(dh_xdp_redirect_dev_case);

MODULE_IMPORT_NS(STMMAC_KUNIT_NS);
