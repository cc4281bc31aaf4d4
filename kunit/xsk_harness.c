// SPDX-License-Identifier: GPL-2.0-only
/*
 * AF_XDP sockets on a queue of a case's device (data_harness.h), the case
 * playing the application: a umem, the four rings, bind(), sendto(). The
 * umem is user memory of the case's own mm (kunit_vm_mmap()), which
 * XDP_UMEM_REG pins as it pins an application's. The rings are reached
 * through the socket's queues rather than mmap(): the memory is the same,
 * but on 32-bit ARM vm_mmap()'s offset cannot name the fill and
 * completion rings (at 4 GiB and up). The ring protocol is the
 * application's: the kernel's index acquired before its entries are read
 * or written, the application's own released after.
 *
 * An XDP program of the harness's kind (a C function, xdp_harness.c)
 * redirects to the socket as bpf_redirect_map() on an XSKMAP holding it
 * would: the redirect state the helper leaves, set by hand.
 */

#include <kunit/test.h>
#include <kunit/visibility.h>
#include <linux/bitmap.h>
#include <linux/bpf.h>
#include <linux/filter.h>
#include <linux/if_xdp.h>
#include <linux/ip.h>
#include <linux/mman.h>
#include <linux/net.h>
#include <linux/netdevice.h>
#include <linux/rtnetlink.h>
#include <linux/uaccess.h>
#include <linux/udp.h>
#include <net/net_namespace.h>
#include <net/sock.h>
#include <net/xdp.h>
#include <net/xdp_sock.h>
#include <net/xdp_sock_drv.h>
#include <linux/unaligned.h>

/* net/xdp's own: the rings behind the socket (kunit/Makefile adds it) */
#include "xsk_queue.h"

#include "data_harness.h"
#include "../stmmac_compat.h"

#define DH_XSK_CHUNK	2048
#define DH_XSK_CHUNKS	128
#define DH_XSK_RING	64

/**
 * struct dh_xsk - an AF_XDP socket bound to a queue of a case's device
 * @t: the case
 * @q: the queue, RX and TX
 * @sock: the socket
 * @xs: its XDP state, where the rings are
 * @umem: the umem's address in the case's mm
 * @free: the chunks the application holds, by offset into the umem
 * @nfree: entries in @free
 * @out: the chunks the kernel holds (given on the fill or TX ring, not
 *	yet back on the RX or completion ring), by index
 * @completed: chunks back on the completion ring
 */
struct dh_xsk {
	struct dh_case *t;
	u32 q;
	struct socket *sock;
	struct xdp_sock *xs;
	unsigned long umem;
	u64 free[DH_XSK_CHUNKS];
	u32 nfree;
	DECLARE_BITMAP(out, DH_XSK_CHUNKS);
	u32 completed;
};

/* The application's side of a ring */

static u32 dh_ring_room(struct xsk_queue *q)
{
	/* The entries the kernel consumed are free once it says so. */
	u32 cons = smp_load_acquire(&q->ring->consumer);

	return q->nentries - (READ_ONCE(q->ring->producer) - cons);
}

static void dh_ring_produce(struct xsk_queue *q, u32 n)
{
	/* The entries written before the kernel sees them. */
	smp_store_release(&q->ring->producer, READ_ONCE(q->ring->producer) + n);
}

static u32 dh_ring_ready(struct xsk_queue *q)
{
	/* The kernel's entries are written once it says so. */
	u32 prod = smp_load_acquire(&q->ring->producer);

	return prod - READ_ONCE(q->ring->consumer);
}

static void dh_ring_consume(struct xsk_queue *q, u32 n)
{
	/* The entries read before the kernel may write them again. */
	smp_store_release(&q->ring->consumer, READ_ONCE(q->ring->consumer) + n);
}

/* Chunks: from the application to the kernel and back, each once */

static u64 dh_xsk_chunk_give(struct dh_xsk *x)
{
	u64 addr = x->free[--x->nfree];

	__set_bit(addr / DH_XSK_CHUNK, x->out);
	return addr;
}

static void dh_xsk_chunk_back(struct dh_xsk *x, u64 addr, const char *ring)
{
	u64 base = addr & ~(u64)(DH_XSK_CHUNK - 1);
	u64 i = base / DH_XSK_CHUNK;

	if (i >= DH_XSK_CHUNKS || !__test_and_clear_bit(i, x->out)) {
		KUNIT_FAIL(x->t->test, "%s: address %llu, a chunk the kernel did not hold",
			   ring, addr);
		return;
	}
	x->free[x->nfree++] = base;
}

/* The socket */

static void dh_xsk_close(void *arg)
{
	struct dh_xsk *x = arg;

	/* The program reads it in RX NAPI. */
	if (x->t->xsk == x) {
		WRITE_ONCE(x->t->xsk, NULL);
		synchronize_net();
	}
	sock_release(x->sock);
}

static int dh_xsk_opt(struct dh_xsk *x, int name, void *val, unsigned int len)
{
	return x->sock->ops->setsockopt(x->sock, SOL_XDP, name,
					KERNEL_SOCKPTR(val), len);
}

static void dh_xsk_rings(struct dh_xsk *x)
{
	static const int names[] = {
		XDP_UMEM_FILL_RING, XDP_UMEM_COMPLETION_RING, XDP_RX_RING,
		XDP_TX_RING,
	};
	int entries = DH_XSK_RING;
	u32 i;

	for (i = 0; i < ARRAY_SIZE(names); i++)
		KUNIT_ASSERT_EQ(x->t->test,
				dh_xsk_opt(x, names[i], &entries,
					   sizeof(entries)), 0);
}

/**
 * dh_xsk_open() - an AF_XDP socket on queue @q of the case's device
 * @t: the case
 * @q: the queue
 * @flags: bind()'s flags (XDP_COPY, XDP_ZEROCOPY, ...)
 *
 * A umem of 128 chunks of 2 KiB, all the application's; rings of 64
 * entries. The case's XSK program (dh_xdp_to_xsk()) sends to it from now
 * on; it is closed at the case's end. Skips the case where the kernel has
 * no AF_XDP sockets.
 *
 * Return: the socket, bound.
 */
static struct dh_xsk *dh_xsk_open(struct dh_case *t, u32 q, u16 flags)
{
	struct kunit *test = t->test;
	struct xdp_umem_reg reg = {};
	struct sockaddr_xdp sa = {};
	struct dh_xsk *x;
	int ret;
	u32 i;

	x = kunit_kzalloc(test, sizeof(*x), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, x);
	x->t = t;
	x->q = q;
	x->umem = kunit_vm_mmap(test, NULL, 0, DH_XSK_CHUNK * DH_XSK_CHUNKS,
				PROT_READ | PROT_WRITE,
				MAP_ANONYMOUS | MAP_PRIVATE, 0);
	KUNIT_ASSERT_FALSE(test, !x->umem || IS_ERR_VALUE(x->umem));
	for (i = 0; i < DH_XSK_CHUNKS; i++)
		x->free[x->nfree++] = (u64)(DH_XSK_CHUNKS - 1 - i) * DH_XSK_CHUNK;

	ret = sock_create_kern(&init_net, PF_XDP, SOCK_RAW, 0, &x->sock);
	if (ret == -EAFNOSUPPORT)
		kunit_skip(test, "no AF_XDP sockets: CONFIG_XDP_SOCKETS is off");
	KUNIT_ASSERT_EQ(test, ret, 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, dh_xsk_close, x),
			0);
	x->xs = xdp_sk(x->sock->sk);

	reg.addr = x->umem;
	reg.len = DH_XSK_CHUNK * DH_XSK_CHUNKS;
	reg.chunk_size = DH_XSK_CHUNK;
	KUNIT_ASSERT_EQ(test, dh_xsk_opt(x, XDP_UMEM_REG, &reg, sizeof(reg)), 0);
	dh_xsk_rings(x);

	sa.sxdp_family = AF_XDP;
	sa.sxdp_ifindex = t->dev->ifindex;
	sa.sxdp_queue_id = q;
	sa.sxdp_flags = flags;
	ret = kernel_bind(x->sock, (struct stmmac_sockaddr *)&sa, sizeof(sa));
	KUNIT_ASSERT_EQ_MSG(test, ret, 0, "bind() to queue %u", q);
	WRITE_ONCE(t->xsk, x);
	return x;
}

/* Up to @n chunks of the application's onto the fill ring; returns how
 * many went.
 */
static u32 dh_xsk_fill(struct dh_xsk *x, u32 n)
{
	struct xsk_queue *fq = x->xs->pool->fq;
	struct xdp_umem_ring *ring = (struct xdp_umem_ring *)fq->ring;
	u32 prod = READ_ONCE(ring->ptrs.producer), i;

	n = min3(n, x->nfree, dh_ring_room(fq));
	for (i = 0; i < n; i++)
		ring->desc[(prod + i) & fq->ring_mask] = dh_xsk_chunk_give(x);
	dh_ring_produce(fq, n);
	return n;
}

/* Every frame on the RX ring to the case, as if it had arrived through
 * the stack on the socket's queue (dh_check() matches it), its chunk back
 * to the application; returns the frames.
 */
static u32 dh_xsk_rx(struct dh_xsk *x)
{
	struct kunit *test = x->t->test;
	struct xsk_queue *rq = x->xs->rx;
	struct xdp_rxtx_ring *ring = (struct xdp_rxtx_ring *)rq->ring;
	u32 cons = READ_ONCE(ring->ptrs.consumer), n = dh_ring_ready(rq), i;

	for (i = 0; i < n; i++) {
		struct xdp_desc d = ring->desc[(cons + i) & rq->ring_mask];
		u64 off = d.addr & (DH_XSK_CHUNK - 1);
		struct dh_rx *r;

		KUNIT_EXPECT_EQ_MSG(test, d.options, 0u, "a frame in more than one chunk");
		if (off + d.len > DH_XSK_CHUNK) {
			KUNIT_FAIL(test, "RX ring: %u bytes at %llu, past the chunk's end",
				   d.len, d.addr);
			continue;
		}
		r = kzalloc(struct_size(r, data, d.len), GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, r);
		r->len = d.len;
		r->q = x->q;
		r->raw = true;
		if (copy_from_user(r->data, u64_to_user_ptr(x->umem + d.addr),
				   d.len))
			KUNIT_FAIL(test, "umem unreadable at %llu", d.addr);
		dh_rx_raw(x->t, r);
		dh_xsk_chunk_back(x, d.addr, "RX ring");
	}
	dh_ring_consume(rq, n);
	return n;
}

/* Frame @skb (linear) onto the TX ring in a chunk of the application's,
 * expected back on the socket's queue; the skb is freed.
 */
static void dh_xsk_tx(struct dh_xsk *x, struct sk_buff *skb, u32 id)
{
	struct kunit *test = x->t->test;
	struct xsk_queue *tq = x->xs->tx;
	struct xdp_rxtx_ring *ring = (struct xdp_rxtx_ring *)tq->ring;
	u32 prod = READ_ONCE(ring->ptrs.producer);
	u64 addr;

	KUNIT_ASSERT_NOT_NULL(test, skb);
	KUNIT_ASSERT_GT(test, dh_ring_room(tq), 0u);
	KUNIT_ASSERT_GT(test, x->nfree, 0u);
	addr = dh_xsk_chunk_give(x);
	KUNIT_ASSERT_EQ(test, copy_to_user(u64_to_user_ptr(x->umem + addr),
					   skb->data, skb->len), 0ul);
	dh_expect_store(x->t, skb, id, x->q);
	ring->desc[prod & tq->ring_mask] = (struct xdp_desc){
		.addr = addr,
		.len = skb->len,
	};
	dh_ring_produce(tq, 1);
	kfree_skb(skb);
}

/* The completion ring's chunks back to the application. */
static void dh_xsk_complete(struct dh_xsk *x)
{
	struct xsk_queue *cq = x->xs->pool->cq;
	struct xdp_umem_ring *ring = (struct xdp_umem_ring *)cq->ring;
	u32 cons = READ_ONCE(ring->ptrs.consumer), n = dh_ring_ready(cq), i;

	for (i = 0; i < n; i++)
		dh_xsk_chunk_back(x, ring->desc[(cons + i) & cq->ring_mask],
				  "completion ring");
	dh_ring_consume(cq, n);
	x->completed += n;
}

/* sendto() until the kernel took every TX descriptor, the data path run
 * between tries: copy mode sends a batch at most per call, and none while
 * the TX queue is stopped or the completion ring full.
 */
static void dh_xsk_kick(struct dh_xsk *x)
{
	struct msghdr msg = { .msg_flags = MSG_DONTWAIT };
	struct xsk_queue *tq = x->xs->tx;
	u32 tries = 1000;
	int ret;

	while (dh_ring_room(tq) != tq->nentries && tries--) {
		ret = kernel_sendmsg(x->sock, &msg, NULL, 0, 0);
		if (ret && ret != -EAGAIN && ret != -EBUSY) {
			KUNIT_FAIL(x->t->test, "sendto(): %d", ret);
			return;
		}
		dh_run(x->t);
		dh_xsk_complete(x);
	}
	KUNIT_EXPECT_EQ_MSG(x->t->test, dh_ring_room(tq), tq->nentries,
			    "TX descriptors the kernel never took");
}

/* @n UDP frames from the stack on queue @q, of @len + k * @step payload
 * bytes for the k-th, the doorbell rung once for them all; each expected
 * back once (on the socket's RX ring where the program sends it there).
 */
static void dh_xsk_udp(struct dh_case *t, u32 q, u32 n, u32 len, u32 step)
{
	struct sk_buff *skb;
	u32 i, id;

	for (i = 0; i < n; i++) {
		id = dh_id(t);
		skb = dh_l4(t, id, IPPROTO_UDP, false, len + i * step, NULL,
			    NULL, 0, false);
		KUNIT_ASSERT_NOT_NULL(t->test, skb);
		skb_set_queue_mapping(skb, q);
		dh_send(t, skb, id, q, i + 1 < n);
	}
}

/* @n TCP frames onto the socket's TX ring, each expected back once;
 * sendto() until the kernel took them, the data path run to its end and
 * the completions taken (&dh_xsk.completed).
 */
static void dh_xsk_tcp(struct dh_xsk *x, u32 n)
{
	struct dh_case *t = x->t;
	u32 i, id;

	for (i = 0; i < n; i++) {
		id = dh_id(t);
		dh_xsk_tx(x, dh_l4(t, id, IPPROTO_TCP, false, 10 + i * 37,
				   NULL, NULL, 0, false), id);
	}
	dh_xsk_kick(x);
	dh_run(t);
	dh_xsk_complete(x);
}

/* The program: each UDP frame on the socket's queue to the socket, as
 * bpf_redirect_map(&xsks, queue, XDP_PASS) does; the others pass.
 */
static unsigned int dh_xdp_to_xsk(const void *ctx, const struct bpf_insn *insn)
{
	struct xdp_buff *xdp = (struct xdp_buff *)ctx;
	const u8 *f = xdp->data;
	struct bpf_redirect_info *ri;
	struct dh_case *t;
	struct dh_xsk *x;

	if (xdp->data_end - xdp->data < ETH_HLEN + sizeof(struct iphdr) ||
	    get_unaligned_be16(f + 12) != ETH_P_IP ||
	    f[ETH_HLEN + 9] != IPPROTO_UDP)
		return XDP_PASS;
	rcu_read_lock();
	t = rcu_dereference(xdp->rxq->dev->rx_handler_data);
	x = t ? READ_ONCE(t->xsk) : NULL;
	rcu_read_unlock();
	/* @x goes only after a grace period that this NAPI poll holds off */
	if (!x || x->q != xdp->rxq->queue_index)
		return XDP_PASS;
	ri = bpf_net_ctx_get_ri();
	ri->tgt_index = x->q;
	ri->tgt_value = x->xs;
	ri->map_id = INT_MAX;
	ri->map_type = BPF_MAP_TYPE_XSKMAP;
	return XDP_REDIRECT;
}

/**
 * dh_xsk_copy_case() - an AF_XDP socket in copy mode on queue @q
 * @t: the case, its device up
 * @q: the queue
 *
 * The UDP frames the stack sends come back on @q, where the program
 * redirects them to the socket: each on the RX ring once, byte for byte,
 * counted as redirected. The TCP frames the socket sends go out on @q and
 * come back through the program to the stack, byte for byte. Every chunk
 * given to the kernel comes back once; the pages of the XDP rings too.
 */
void dh_xsk_copy_case(struct dh_case *t, u32 q)
{
	struct kunit *test = t->test;
	struct dh_xsk *x;
	u32 n = 40;
	u64 redirect;

	x = dh_xsk_open(t, q, XDP_COPY);
	KUNIT_ASSERT_EQ(test, dh_xdp_attach(t, dh_xdp_to_xsk), 0);
	dh_open_wait(t);
	redirect = dh_xdp_stat(t, "rx", q, "xdp_redirect");

	KUNIT_ASSERT_EQ(test, dh_xsk_fill(x, n), n);
	dh_xsk_udp(t, q, n, 18, 31);
	dh_run(t);
	KUNIT_EXPECT_EQ(test, dh_xsk_rx(x), n);
	dh_check(t);
	KUNIT_EXPECT_EQ(test, dh_xdp_stat(t, "rx", q, "xdp_redirect") - redirect,
			(u64)n);
	KUNIT_EXPECT_EQ(test, x->xs->rx_dropped, 0ull);
	KUNIT_EXPECT_EQ(test, x->xs->rx_queue_full, 0ull);

	dh_xsk_tcp(x, n);
	KUNIT_EXPECT_EQ(test, x->completed, n);
	dh_check(t);
	KUNIT_EXPECT_EQ_MSG(test, x->nfree, DH_XSK_CHUNKS,
			    "chunks the kernel kept");
	dh_xdp_detach_check(t);
}
EXPORT_SYMBOL_IF_KUNIT(dh_xsk_copy_case);

/* recvmsg(MSG_DONTWAIT): in zero-copy mode with need_wakeup, the RX wakeup
 * an application makes when its fill ring has chunks again.
 */
static void dh_xsk_poll_rx(struct dh_xsk *x)
{
	struct msghdr msg = {};
	int ret;

	ret = kernel_recvmsg(x->sock, &msg, NULL, 0, 0, MSG_DONTWAIT);
	KUNIT_EXPECT_EQ_MSG(x->t->test, ret, 0, "recvmsg() for an RX wakeup");
}

static bool dh_xsk_need_wakeup(struct xsk_queue *q)
{
	return READ_ONCE(q->ring->flags) & XDP_RING_NEED_WAKEUP;
}

/**
 * dh_xsk_zc_case() - an AF_XDP socket in zero-copy mode on queue @q
 * @t: the case, its device up
 * @q: the queue
 *
 * As dh_xsk_copy_case(), the frames now DMAed into and out of the umem's
 * chunks: the queue's RX ring built on the socket's pool, filled when the
 * application wakes it (need_wakeup set while the fill ring is empty,
 * cleared once it is not), its TX NAPI sending what the TX ring holds
 * when woken. Then the socket goes while the device runs: the queue is
 * back on page pool buffers, its frames to the stack.
 */
void dh_xsk_zc_case(struct dh_case *t, u32 q)
{
	struct kunit *test = t->test;
	struct stmmac_rxq *rq = &t->priv->rxq[q];
	u32 n = 40, i, id;
	struct sk_buff *skb;
	struct dh_xsk *x;
	u64 redirect;

	/* a queue's DMA stops and starts alone here (dh_dma_stop()) */
	if (!t->hw_real)
		dh_wrap_hw(t);
	x = dh_xsk_open(t, q, XDP_ZEROCOPY | XDP_USE_NEED_WAKEUP);
	KUNIT_ASSERT_EQ(test, dh_xdp_attach(t, dh_xdp_to_xsk), 0);
	dh_open_wait(t);
	dh_run(t);
	/* The ring's buffers are the pool's: the frames land in the chunks
	 * by DMA, not by the core's copy (which copy mode also shows).
	 */
	KUNIT_ASSERT_NOT_NULL(test, rq->xsk);
	KUNIT_EXPECT_EQ(test, rq->xdp_rxq.mem.type, MEM_TYPE_XSK_BUFF_POOL);
	KUNIT_EXPECT_TRUE_MSG(test, dh_xsk_need_wakeup(x->xs->pool->fq),
			      "an empty fill ring without need_wakeup");
	redirect = dh_xdp_stat(t, "rx", q, "xdp_redirect");

	/* The wakeup fills the ring: the fill ring's chunks all taken, and
	 * need_wakeup left set, the ring not full.
	 */
	KUNIT_ASSERT_EQ(test, dh_xsk_fill(x, n), n);
	dh_xsk_poll_rx(x);
	dh_run(t);
	KUNIT_EXPECT_EQ_MSG(test, dh_ring_room(x->xs->pool->fq),
			    x->xs->pool->fq->nentries,
			    "the RX wakeup took no chunk from the fill ring");
	KUNIT_EXPECT_TRUE(test, dh_xsk_need_wakeup(x->xs->pool->fq));
	dh_xsk_udp(t, q, n, 18, 31);
	dh_run(t);
	KUNIT_EXPECT_EQ(test, dh_xsk_rx(x), n);
	dh_check(t);
	KUNIT_EXPECT_EQ(test, dh_xdp_stat(t, "rx", q, "xdp_redirect") - redirect,
			(u64)n);
	KUNIT_EXPECT_EQ(test, x->xs->rx_dropped, 0ull);

	/* The TCP frames come back through the program to the stack, each
	 * copied out of a chunk of the RX ring, which the pool keeps.
	 */
	KUNIT_ASSERT_EQ(test, dh_xsk_fill(x, n), n);
	dh_xsk_poll_rx(x);
	dh_xsk_tcp(x, n);
	KUNIT_EXPECT_EQ(test, x->completed, n);
	KUNIT_EXPECT_EQ(test, dh_xdp_stat(t, "tx", q, "xsk_frames"), (u64)n);
	dh_check(t);

	/* The socket goes; its pool leaves the queue in a work item queued
	 * after an RCU grace period, under RTNL, and the core forgets it
	 * once the driver let it go.
	 */
	kunit_release_action(test, dh_xsk_close, x);
	rcu_barrier();
	for (i = 0; i < 10000 && xsk_get_pool_from_qid(t->dev, q); i++)
		usleep_range(500, 1000);
	rtnl_lock();
	rtnl_unlock();
	KUNIT_ASSERT_NULL_MSG(test, xsk_get_pool_from_qid(t->dev, q),
			      "the socket's pool never left the queue");
	KUNIT_EXPECT_NULL(test, rq->xsk);
	KUNIT_EXPECT_EQ(test, rq->xdp_rxq.mem.type, MEM_TYPE_PAGE_POOL);
	KUNIT_EXPECT_NULL(test, t->priv->txq[q].xsk_done);
	for (i = 0; i < 8; i++) {
		id = dh_id(t);
		skb = dh_l4(t, id, IPPROTO_UDP, false, 100 + i, NULL, NULL, 0,
			    false);
		KUNIT_ASSERT_NOT_NULL(test, skb);
		skb_set_queue_mapping(skb, q);
		dh_send(t, skb, id, q, false);
	}
	dh_run(t);
	dh_check(t);
	dh_xdp_detach_check(t);
}
EXPORT_SYMBOL_IF_KUNIT(dh_xsk_zc_case);

/**
 * dh_xsk_other_case() - a zero-copy socket binds to queue @q while frames
 * are on their way on queue @other
 * @t: the case, its device up, with more than one queue
 * @q: the queue the socket binds to
 * @other: a queue with frames on its TX ring at the bind
 *
 * The bind rebuilds @q's RX ring alone: @other's frames, on its TX ring
 * when the bind came, all arrive once, and the link never goes down (a
 * restart of the data path would renegotiate it).
 */
void dh_xsk_other_case(struct dh_case *t, u32 q, u32 other)
{
	struct kunit *test = t->test;
	u32 downs;

	if (!t->hw_real)
		dh_wrap_hw(t);
	KUNIT_ASSERT_EQ(test, dh_xdp_attach(t, dh_xdp_to_xsk), 0);
	dh_open_wait(t);
	dh_xsk_udp(t, other, 16, 40, 1);
	downs = atomic_read(&t->dev->carrier_down_count);
	dh_xsk_open(t, q, XDP_ZEROCOPY);
	KUNIT_EXPECT_NOT_NULL(test, t->priv->rxq[q].xsk);
	dh_run(t);
	dh_check(t);
	KUNIT_EXPECT_EQ_MSG(test, atomic_read(&t->dev->carrier_down_count),
			    downs, "the bind took the link down");
}
EXPORT_SYMBOL_IF_KUNIT(dh_xsk_other_case);
