// SPDX-License-Identifier: GPL-2.0-only
/*
 * The RX path: descriptor rings filled from a page pool, one page per
 * descriptor, frames handed to GRO with the core's checksum verdict. A
 * frame larger than one buffer (jumbo frames) spans several descriptors:
 * its first buffer becomes the skb's head, the others its page fragments.
 *
 * With an XDP program, a ring is built for it: XDP's headroom before each
 * buffer, pages mapped both ways, every frame in one buffer; the program
 * sees each good frame before an skb is built (stmmac_xdp.c).
 *
 * With an AF_XDP socket on the queue in zero-copy mode (stmmac_xsk.c) the
 * ring's buffers are the chunks of the socket's umem, from its XSK pool:
 * the program redirects frames to the socket without a copy; a frame it
 * lets pass is copied into an skb and its chunk goes back to the pool.
 *
 * Everything here runs in the channel's RX NAPI, or with it disabled
 * (open, stop, ring resize), so the ring indices need no lock.
 */

#include <linux/dma-mapping.h>
#include <linux/etherdevice.h>
#include <linux/if_vlan.h>
#include <linux/netdevice.h>
#include <linux/sizes.h>
#include <linux/skbuff.h>
#include <net/page_pool/helpers.h>
#include <net/xdp_sock_drv.h>
#include <kunit/visibility.h>

#include "stmmac.h"
#include "stmmac_compat.h"
#include "stmmac_xdp.h"
#include "stmmac_xsk.h"

/* NET_IP_ALIGN past the skb's (or XDP's) headroom, so that the IP header
 * after the 14-byte Ethernet header is 4-byte aligned where the
 * architecture asks for it: 32-bit ARM loads an unaligned word in
 * hardware but traps on an unaligned LDRD or LDM, which the stack's IP and
 * UDP receive code issues, one alignment fault per frame otherwise (arm64
 * takes unaligned loads and sets NET_IP_ALIGN to 0). Both DMAs take a
 * buffer at any byte address (upstream gives them NET_SKB_PAD +
 * NET_IP_ALIGN as well).
 */
static u32 stmmac_rx_headroom(bool xdp)
{
	return (xdp ? XDP_PACKET_HEADROOM : NET_SKB_PAD) + NET_IP_ALIGN;
}

/*
 * Where the DMA is not coherent, a buffer whose skb the stack frees goes
 * back to the pool synced for the device whole: the cache maintenance of
 * every line of a 1.5 KiB buffer, for a 64-byte frame as for a full one
 * (on a Cortex-A9 with its L2 controller, an operation on both per line).
 * A short frame copied into a small skb leaves its page to the driver,
 * which gives it back having read only the frame's lines: those are all
 * it syncs. On a coherent DMA there is nothing to save and the copy is a
 * cost, so it is off there.
 */
#define STMMAC_RX_COPYBREAK		256
#define STMMAC_RX_COPYBREAK_MAX		1024

/**
 * stmmac_rx_copybreak_default() - rx-copybreak for a new device
 * @priv: the device, its DMA configured
 *
 * Return: the bytes up to which a frame is copied: 256 where the DMA needs
 * cache maintenance, 0 (never) where it is coherent.
 */
u32 stmmac_rx_copybreak_default(const struct stmmac_priv *priv)
{
	return dma_dev_need_sync(priv->device) ? STMMAC_RX_COPYBREAK : 0;
}

/**
 * stmmac_rx_copybreak_set() - ethtool's rx-copybreak
 * @priv: the device (RTNL)
 * @bytes: frames up to this long are copied, 0 for none
 *
 * Takes effect from the next frame on; a poll under way may still use
 * the old value for the frames it has left.
 *
 * Return: 0, or -EINVAL above 1024 bytes (nothing changes).
 */
int stmmac_rx_copybreak_set(struct stmmac_priv *priv, u32 bytes)
{
	if (bytes > STMMAC_RX_COPYBREAK_MAX) {
		netdev_err(priv->dev, "rx-copybreak %u out of range: 0 to %u\n",
			   bytes, STMMAC_RX_COPYBREAK_MAX);
		return -EINVAL;
	}
	WRITE_ONCE(priv->rx_copybreak, bytes);
	return 0;
}

/**
 * stmmac_rx_buf_max() - the largest RX buffer a page and a descriptor take
 * @priv: the device
 * @xdp: for a ring built for an XDP program
 *
 * Return: bytes, a multiple of 16.
 */
u32 stmmac_rx_buf_max(const struct stmmac_priv *priv, bool xdp)
{
	u32 room = PAGE_SIZE - stmmac_rx_headroom(xdp) -
		   SKB_DATA_ALIGN(sizeof(struct skb_shared_info));

	return ALIGN_DOWN(min(room, priv->desc->buf_max), 16);
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_rx_buf_max);

/**
 * stmmac_rx_buf_len() - RX buffer size for an MTU
 * @priv: the device
 * @mtu: the MTU
 * @xdp: for a ring built for an XDP program
 *
 * Return: bytes, a multiple of 16 that holds a whole frame of @mtu, or
 * as much of one as a page and a descriptor take: larger frames span
 * several buffers (never with @xdp: stmmac_xdp_max_mtu()).
 */
u32 stmmac_rx_buf_len(struct stmmac_priv *priv, unsigned int mtu, bool xdp)
{
	u32 want = ALIGN(max_t(u32, mtu, ETH_DATA_LEN) + STMMAC_FRAME_OVERHEAD, 16);

	return min(want, stmmac_rx_buf_max(priv, xdp));
}

static dma_addr_t stmmac_rx_tail(const struct stmmac_rxq *q)
{
	return q->desc_dma +
	       (q->dirty & (q->size - 1)) * q->priv->desc->size;
}

/* A buffer for slot @idx: a page of the ring's page pool, or a chunk of
 * its AF_XDP pool; its bus address in *@dma.
 */
static bool stmmac_rx_buf_get(struct stmmac_rxq *q, u32 idx, gfp_t gfp,
			      dma_addr_t *dma)
{
	struct xdp_buff *xdp;
	struct page *page;

	if (q->xsk) {
		xdp = xsk_buff_alloc(q->xsk);
		if (!xdp)
			return false;
		q->xbufs[idx] = xdp;
		*dma = xsk_buff_xdp_get_dma(xdp);
		return true;
	}
	page = page_pool_alloc_pages(q->pool, gfp | __GFP_NOWARN);
	if (!page)
		return false;
	q->pages[idx] = page;
	*dma = page_pool_get_dma_addr(page) + q->headroom;
	return true;
}

/* Give every empty slot but one a page; return how many more are still
 * empty. The one left empty is where a tail-pointer DMA (XGMAC) must
 * stop: it reads a tail equal to its current pointer as an empty ring.
 * The DMA is not told: a ring built ahead of a restart is not the
 * channel's yet. @cq keeps the count of descriptors since the last IC:
 * the queue's own in its NAPI, a private one for a ring being built.
 */
static u32 stmmac_rx_refill(struct stmmac_rxq *q, struct stmmac_coal_rxq *cq,
			    gfp_t gfp)
{
	struct stmmac_priv *priv = q->priv;
	dma_addr_t dma;

	/* a queue whose RX stopped without a ring (stmmac_rxq_replace()) */
	if (!q->size)
		return 0;
	while (q->cur - q->dirty > 1) {
		u32 idx = q->dirty & (q->size - 1);

		if (!stmmac_rx_buf_get(q, idx, gfp, &dma))
			break;
		priv->desc->rx_fill(stmmac_rxd(q, idx), dma, q->buf_len,
				    idx == q->size - 1,
				    stmmac_coal_rx_ic(cq, priv->coal.has_riwt));
		q->dirty++;
	}
	return q->cur - q->dirty - 1;
}

/* Refill from RX NAPI and tell the DMA; false if slots stay empty and
 * nobody else will come back for them. An AF_XDP pool that runs out is
 * the application's to refill: with need_wakeup it is told so and wakes
 * the queue (stmmac_xsk_wakeup()); it is no failed allocation.
 */
static bool stmmac_rx_refill_napi(struct stmmac_rxq *q)
{
	u32 dirty = q->dirty;
	u32 left = stmmac_rx_refill(q, &q->priv->coal.rx[q->index],
				    GFP_ATOMIC);

	if (q->dirty != dirty)
		q->priv->hw->rx_kick(q->priv->ioaddr, q->index,
				     stmmac_rx_tail(q));
	if (q->xsk) {
		if (!xsk_uses_need_wakeup(q->xsk))
			return !left;
		if (left)
			xsk_set_rx_need_wakeup(q->xsk);
		else
			xsk_clear_rx_need_wakeup(q->xsk);
		return true;
	}
	if (left) {
		u64_stats_update_begin(&q->stats.syncp);
		u64_stats_inc(&q->alloc_fail);
		u64_stats_update_end(&q->stats.syncp);
	}
	return !left;
}

/* Per-poll tallies, added to the queue's counters once at the end. */
struct stmmac_rx_tally {
	unsigned int pkts, bytes, errors, dropped;
	unsigned int crc, length, over, frame;
	unsigned int xdp[STMMAC_XDP_ACTS];
};

static void stmmac_rx_count_error(struct stmmac_rx_tally *t, u32 err)
{
	t->errors++;
	t->crc += !!(err & STMMAC_RXE_CRC);
	t->length += !!(err & STMMAC_RXE_LENGTH);
	t->over += !!(err & STMMAC_RXE_OVER);
	t->frame += !!(err & STMMAC_RXE_FRAME);
}

static void stmmac_rx_add_tally(struct stmmac_rxq *q,
				const struct stmmac_rx_tally *t)
{
	u64_stats_update_begin(&q->stats.syncp);
	u64_stats_add(&q->stats.packets, t->pkts);
	u64_stats_add(&q->stats.bytes, t->bytes);
	u64_stats_add(&q->stats.errors, t->errors);
	u64_stats_add(&q->stats.dropped, t->dropped);
	u64_stats_add(&q->crc_errors, t->crc);
	u64_stats_add(&q->length_errors, t->length);
	u64_stats_add(&q->over_errors, t->over);
	u64_stats_add(&q->frame_errors, t->frame);
	u64_stats_add(&q->xdp_drop, t->xdp[STMMAC_XDP_DROP]);
	u64_stats_add(&q->xdp_tx, t->xdp[STMMAC_XDP_TX]);
	u64_stats_add(&q->xdp_redirect, t->xdp[STMMAC_XDP_REDIRECT]);
	u64_stats_add(&q->xdp_errors, t->xdp[STMMAC_XDP_ERR]);
	u64_stats_update_end(&q->stats.syncp);
}

/**
 * stmmac_rx_frame_len() - the length of a received frame for the stack
 * @q: the queue
 * @held: bytes of the frame in the buffers before its last one
 * @len: the length its last descriptor reports, FCS included
 * @coe: the checksum engine was on for the frame
 *
 * Return: @len without FCS (and without the checksum a type 1 engine
 * appends), or 0 when the last buffer would hold more than the DMA was
 * given, or nothing, or the frame is too short for a header: such a
 * length cannot be trusted with skb_put().
 */
VISIBLE_IF_KUNIT u32 stmmac_rx_frame_len(const struct stmmac_rxq *q,
					 u32 held, u32 len, bool coe)
{
	u32 extra = ETH_FCS_LEN;

	if (coe && q->priv->caps.rx_coe_type1)
		extra += 2;
	if (len <= held || len - held > q->buf_len || len < ETH_HLEN + extra)
		return 0;
	return len - extra;
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_rx_frame_len);

/* A buffer that carries no start of a frame while none is under way. */
static void stmmac_rx_step_orphan(const struct stmmac_rxq *q, bool last,
				  struct stmmac_rx_step *s)
{
	s->act = STMMAC_RXA_DROP;
	/* A frame whose start was dropped was counted then. */
	s->err = q->frame.skip ? 0 : STMMAC_RXE_LENGTH;
	s->skip = !last;
}

/**
 * stmmac_rx_step() - decide what one received buffer is to the frame
 * @q: the queue, its frame under way in @q->frame
 * @st: the buffer's descriptor state, not STMMAC_RX_OWNED
 * @ri: what the descriptor says besides
 * @coe: the checksum engine was on for the frame
 * @s: the decision
 *
 * Every buffer but a frame's last is full (@q->buf_len bytes); the last
 * holds the rest of the length its descriptor reports. A frame that
 * starts before the last one ended, a piece with no start, and a frame
 * of more buffers than an skb takes are length errors, and so is, on a
 * ring built for XDP, a frame longer than one buffer (the MAC took a frame
 * longer than the MTU; the program could not see all of it); an error in
 * the last descriptor drops the frame with its causes.
 */
VISIBLE_IF_KUNIT void stmmac_rx_step(const struct stmmac_rxq *q,
				     enum stmmac_rx_status st,
				     const struct stmmac_rx_info *ri, bool coe,
				     struct stmmac_rx_step *s)
{
	bool last = st != STMMAC_RX_PART;
	u32 held = q->frame.held, bufs = q->frame.bufs;

	memset(s, 0, sizeof(*s));
	if (st == STMMAC_RX_SKIP) {
		s->act = STMMAC_RXA_RECYCLE;
		s->skip = q->frame.skip;
		return;
	}
	if (ri->first && held) {
		s->abort = true;
		held = 0;
		bufs = 0;
	}
	if (!ri->first && !held) {
		stmmac_rx_step_orphan(q, last, s);
		return;
	}
	s->act = STMMAC_RXA_DROP;
	if (bufs >= MAX_SKB_FRAGS + 1 || (q->xdp && st == STMMAC_RX_PART)) {
		s->err = STMMAC_RXE_LENGTH;
		s->skip = !last;
		return;
	}
	if (st == STMMAC_RX_PART) {
		s->act = STMMAC_RXA_HOLD;
		s->piece = q->buf_len;
		return;
	}
	if (st == STMMAC_RX_ERROR) {
		s->err = ri->err;
		return;
	}
	s->len = stmmac_rx_frame_len(q, held, ri->len, coe);
	if (!s->len) {
		s->err = STMMAC_RXE_LENGTH;
		return;
	}
	s->act = STMMAC_RXA_DELIVER;
	s->piece = ri->len - held;
	s->vlan = ri->vlan;
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_rx_step);

static void stmmac_rx_frame_drop(struct stmmac_rxq *q)
{
	struct stmmac_rx_frame *f = &q->frame;

	/* Its pages go back to the pool: the skb is marked for recycling. */
	if (f->skb)
		kfree_skb(f->skb);
	f->skb = NULL;
	f->held = 0;
	f->bufs = 0;
}

/* Put @piece bytes of @page into the frame: its head, or a fragment. */
static bool stmmac_rx_frame_add(struct stmmac_rxq *q, struct page *page,
				u32 piece)
{
	struct stmmac_rx_frame *f = &q->frame;

	page_pool_dma_sync_for_cpu(q->pool, page, 0, piece);
	if (f->skb) {
		skb_add_rx_frag(f->skb, skb_shinfo(f->skb)->nr_frags, page,
				q->headroom, piece, PAGE_SIZE);
	} else {
		f->skb = napi_build_skb(page_address(page), PAGE_SIZE);
		if (!f->skb)
			return false;
		skb_mark_for_recycle(f->skb);
		skb_reserve(f->skb, q->headroom);
		skb_put(f->skb, piece);
	}
	f->held += piece;
	f->bufs++;
	return true;
}

/* A frame whole in @page and no longer than rx-copybreak: copy it into a
 * small skb and give the page back to the pool at once, synced for the
 * device over the @piece bytes read, not the whole buffer. False if no
 * skb could be had (the page is still the caller's).
 */
static bool stmmac_rx_frame_copy(struct stmmac_rxq *q, struct napi_struct *napi,
				 struct page *page, u32 piece, u32 len)
{
	struct stmmac_rx_frame *f = &q->frame;
	struct sk_buff *skb;

	skb = napi_alloc_skb(napi, len);
	if (!skb)
		return false;
	page_pool_dma_sync_for_cpu(q->pool, page, 0, piece);
	skb_put_data(skb, page_address(page) + q->headroom, len);
	page_pool_put_page(q->pool, page, piece, true);
	f->skb = skb;
	f->held = len;
	f->bufs = 1;
	return true;
}

/* The XDP program let a frame pass: its skb, the frame where the program
 * left it (@off into @page, @len bytes, @meta of metadata before it).
 */
static bool stmmac_rx_frame_xdp(struct stmmac_rxq *q, struct page *page,
				u32 off, u32 len, u32 meta)
{
	struct stmmac_rx_frame *f = &q->frame;

	f->skb = napi_build_skb(page_address(page), PAGE_SIZE);
	if (!f->skb)
		return false;
	skb_mark_for_recycle(f->skb);
	skb_reserve(f->skb, off);
	skb_put(f->skb, len);
	if (meta)
		skb_metadata_set(f->skb, meta);
	f->held = len;
	f->bufs = 1;
	return true;
}

/* The tag the MAC took out, back into the frame that now starts at @f,
 * in its headroom, VLAN_HLEN before where it started: an XDP program sees
 * the frame as it came.
 */
static void stmmac_rx_vlan_put(u8 *f, u32 vlan)
{
	memmove(f, f + VLAN_HLEN, 2 * ETH_ALEN);
	put_unaligned_be16(vlan >> 16, f + 2 * ETH_ALEN);
	put_unaligned_be16(vlan & 0xffff, f + 2 * ETH_ALEN + 2);
}

static u32 stmmac_rx_vlan_back(struct page *page, u32 off, u32 *len,
			       u32 vlan)
{
	stmmac_rx_vlan_put(page_address(page) + off - VLAN_HLEN, vlan);
	*len += VLAN_HLEN;
	return off - VLAN_HLEN;
}

/* A whole frame in one buffer, @page, with an XDP program: run it. True
 * when the program took the frame (its page is no longer the ring's);
 * false with the frame's skb built for the stack, or not for want of
 * memory (the page then back in the pool).
 */
static bool stmmac_rx_xdp(struct stmmac_rxq *q, struct stmmac_xdp_poll *xp,
			  struct page *page, u32 *len, u32 vlan,
			  struct stmmac_rx_tally *t)
{
	u32 off = q->headroom, meta;
	enum stmmac_xdp_act act;

	page_pool_dma_sync_for_cpu(q->pool, page, 0, *len);
	if (vlan)
		off = stmmac_rx_vlan_back(page, off, len, vlan);
	act = stmmac_xdp_rx(q, xp, page, &off, len, &meta);
	if (act != STMMAC_XDP_PASS) {
		t->pkts++;
		t->bytes += *len;
		t->xdp[act]++;
		/* what failed is lost as a frame without memory would be */
		t->dropped += act == STMMAC_XDP_ERR;
		return true;
	}
	if (!stmmac_rx_frame_xdp(q, page, off, *len, meta)) {
		page_pool_recycle_direct(q->pool, page);
		t->dropped++;
	}
	return false;
}

/* The tag the MAC took out of the frame (@vlan): on the skb where the
 * stack asked for that (rxvlan, 802.1Q only), else back into the frame.
 */
VISIBLE_IF_KUNIT struct sk_buff *stmmac_rx_vlan(struct net_device *dev,
						struct sk_buff *skb, u32 vlan)
{
	__be16 proto = htons(vlan >> 16);

	if (proto == htons(ETH_P_8021Q) &&
	    (READ_ONCE(dev->features) & NETIF_F_HW_VLAN_CTAG_RX)) {
		__vlan_hwaccel_put_tag(skb, proto, vlan & 0xffff);
		return skb;
	}
	/* frees the skb if it fails */
	return vlan_insert_tag(skb, proto, vlan & 0xffff);
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_rx_vlan);

/* The frame is whole: trim the FCS off and hand it to GRO. */
static void stmmac_rx_frame_deliver(struct stmmac_rxq *q,
				    struct napi_struct *napi, u32 len,
				    bool csum_ok, u64 ts, u32 vlan,
				    struct stmmac_rx_tally *t)
{
	struct sk_buff *skb = q->frame.skb;

	q->frame.skb = NULL;
	stmmac_rx_frame_drop(q);
	/* The FCS may end in a fragment, or start in the one before. */
	if (pskb_trim(skb, len)) {
		kfree_skb(skb);
		t->dropped++;
		return;
	}
	if (unlikely(vlan)) {
		skb = stmmac_rx_vlan(q->priv->dev, skb, vlan);
		if (!skb) {
			t->dropped++;
			return;
		}
		/* counted as it came */
		len += VLAN_HLEN;
	}
	skb->protocol = eth_type_trans(skb, q->priv->dev);
	if (csum_ok)
		skb->ip_summed = CHECKSUM_UNNECESSARY;
	if (unlikely(ts))
		skb_hwtstamps(skb)->hwtstamp = ns_to_ktime(ts);
	skb_record_rx_queue(skb, q->index);
	t->pkts++;
	t->bytes += len;
	napi_gro_receive(napi, skb);
}

/* Carry out stmmac_rx_step()'s decision for a buffer and its page; @ts is
 * the frame's hardware timestamp, 0 for none.
 */
static void stmmac_rx_apply(struct stmmac_rxq *q, struct napi_struct *napi,
			    const struct stmmac_rx_step *s, struct page *page,
			    bool csum_ok, u64 ts, struct stmmac_xdp_poll *xp,
			    struct stmmac_rx_tally *t)
{
	u32 len = s->len;

	if (s->abort) {
		stmmac_rx_frame_drop(q);
		stmmac_rx_count_error(t, STMMAC_RXE_LENGTH);
	}
	q->frame.skip = s->skip;
	switch (s->act) {
	case STMMAC_RXA_DELIVER:
		/* On an XDP ring every frame is one buffer (stmmac_rx_step()) */
		if (xp->prog) {
			if (stmmac_rx_xdp(q, xp, page, &len, s->vlan, t) ||
			    !q->frame.skb)
				return;
			stmmac_rx_frame_deliver(q, napi, len, csum_ok, ts, 0,
						t);
			return;
		}
		if (!q->frame.skb && len <= READ_ONCE(q->priv->rx_copybreak) &&
		    stmmac_rx_frame_copy(q, napi, page, s->piece, len)) {
			stmmac_rx_frame_deliver(q, napi, len, csum_ok, ts,
						s->vlan, t);
			return;
		}
		fallthrough;
	case STMMAC_RXA_HOLD:
		if (!stmmac_rx_frame_add(q, page, s->piece)) {
			stmmac_rx_frame_drop(q);
			page_pool_recycle_direct(q->pool, page);
			t->dropped++;
			q->frame.skip = s->act == STMMAC_RXA_HOLD;
			return;
		}
		if (s->act == STMMAC_RXA_DELIVER)
			stmmac_rx_frame_deliver(q, napi, s->len, csum_ok, ts,
						s->vlan, t);
		return;
	case STMMAC_RXA_DROP:
		stmmac_rx_frame_drop(q);
		if (s->err)
			stmmac_rx_count_error(t, s->err);
		fallthrough;
	case STMMAC_RXA_RECYCLE:
		page_pool_recycle_direct(q->pool, page);
	}
}

/* AF_XDP zero-copy: a frame for the stack (the program let it pass, or
 * there is none) is copied into an skb of its own, its metadata with it,
 * and the chunk goes back to the pool. False if no skb could be had.
 */
static bool stmmac_rx_frame_xsk(struct stmmac_rxq *q, struct napi_struct *napi,
				struct xdp_buff *xdp)
{
	u32 len = xdp->data_end - xdp->data, meta = xdp->data - xdp->data_meta;
	struct stmmac_rx_frame *f = &q->frame;
	struct sk_buff *skb;

	skb = napi_alloc_skb(napi, meta + len);
	if (!skb)
		return false;
	skb_put_data(skb, xdp->data_meta, meta + len);
	if (meta) {
		__skb_pull(skb, meta);
		skb_metadata_set(skb, meta);
	}
	xsk_buff_free(xdp);
	f->skb = skb;
	f->held = len;
	f->bufs = 1;
	return true;
}

/* stmmac_rx_apply() for a ring on an AF_XDP pool: every frame is one
 * buffer (stmmac_rx_step() drops longer ones), which the program sees
 * first if there is one.
 */
static void stmmac_rx_apply_xsk(struct stmmac_rxq *q, struct napi_struct *napi,
				const struct stmmac_rx_step *s,
				struct xdp_buff *xdp, bool csum_ok, u64 ts,
				struct stmmac_xdp_poll *xp,
				struct stmmac_rx_tally *t)
{
	enum stmmac_xdp_act act;

	if (s->abort) {
		stmmac_rx_frame_drop(q);
		stmmac_rx_count_error(t, STMMAC_RXE_LENGTH);
	}
	q->frame.skip = s->skip;
	if (s->act != STMMAC_RXA_DELIVER) {
		if (s->act == STMMAC_RXA_DROP && s->err)
			stmmac_rx_count_error(t, s->err);
		xsk_buff_free(xdp);
		return;
	}
	xsk_buff_set_size(xdp, s->len);
	xsk_buff_dma_sync_for_cpu(xdp);
	if (s->vlan) {
		xdp->data -= VLAN_HLEN;
		xdp->data_meta = xdp->data;
		stmmac_rx_vlan_put(xdp->data, s->vlan);
	}
	if (xp->prog) {
		act = stmmac_xdp_run(q, xp, xdp);
		if (act != STMMAC_XDP_PASS) {
			t->pkts++;
			t->bytes += s->len + (s->vlan ? VLAN_HLEN : 0);
			t->xdp[act]++;
			t->dropped += act == STMMAC_XDP_ERR;
			return;
		}
	}
	if (!stmmac_rx_frame_xsk(q, napi, xdp)) {
		xsk_buff_free(xdp);
		t->dropped++;
		return;
	}
	stmmac_rx_frame_deliver(q, napi, q->frame.held, csum_ok, ts, 0, t);
}

/**
 * stmmac_rx_trust_csum() - the engine checked the frame at q->cur
 * @q: the queue, in its RX NAPI
 *
 * Return: true when the checksum engine was on for that frame.
 */
VISIBLE_IF_KUNIT bool stmmac_rx_trust_csum(struct stmmac_rxq *q)
{
	if (!q->csum || (s32)(q->cur - q->csum_from) < 0)
		return false;
	/* Free-running indices: keep the distance short, or trust would
	 * end 2^31 frames on.
	 */
	q->csum_from = q->cur;
	return true;
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_rx_trust_csum);

/*
 * The timestamp of the frame whose last descriptor is at q->cur, from the
 * context descriptor the DMA writes after it: -EBUSY until it is written.
 * The caller then leaves the frame for the next poll: the DMA writes the
 * context descriptor right after the frame's last one. A next slot not
 * refilled yet is stale, and the DMA cannot write there before a refill:
 * that frame (the ring drained to its last slot) goes without its stamp
 * rather than have RX NAPI spin while memory is short.
 */
static int stmmac_rx_ts(struct stmmac_rxq *q, u64 *ts)
{
	const struct stmmac_desc *next;

	if (q->cur + 1 - q->dirty >= q->size)
		return -ENODATA;
	next = stmmac_rxd(q, q->cur + 1);
	return q->priv->desc->rx_ts(next, ts);
}

/*
 * Polls that find a stamped frame's context descriptor not written yet
 * before the frame goes without its stamp. The DMA writes it right after
 * the frame's last descriptor, so the next poll normally has it; the
 * databook gives no bound, so we give up after as many looks as upstream.
 * Each look ends a poll, and the poll's re-check after the unmask
 * schedules the next one at once: unbounded, a context descriptor that
 * never comes would keep RX NAPI polling forever.
 */
#define STMMAC_RX_TS_POLLS	10

/*
 * The timestamp of the good frame whose last descriptor @d is at q->cur,
 * into @ts when RX stamps are on: from @d itself (GMAC) or from the
 * context descriptor after it (XGMAC). -EBUSY: not written yet, poll
 * again. A context descriptor written after the frame went stampless is
 * skipped as any other.
 */
static int stmmac_rx_frame_ts(struct stmmac_rxq *q,
			      const struct stmmac_desc *d,
			      const struct stmmac_rx_info *ri, u64 *ts)
{
	if (likely(!ri->ts_next && !ri->ts_here) ||
	    !READ_ONCE(q->priv->ptp.rx_on))
		return 0;
	if (ri->ts_here) {
		q->priv->desc->rx_ts(d, ts);
		return 0;
	}
	if (stmmac_rx_ts(q, ts) == -EBUSY &&
	    ++q->ts_polls < STMMAC_RX_TS_POLLS)
		return -EBUSY;
	q->ts_polls = 0;
	return 0;
}

/**
 * stmmac_rx_desc_status() - a received descriptor's state, for the poll
 * @q: the queue, @d its next descriptor (@q->cur)
 * @d: the descriptor
 * @coe: the checksum engine is on
 * @ri: what the descriptor says besides
 *
 * QEMU's GMAC model writes a frame's last descriptor twice, giving it
 * back before it sets the last-segment bit; a poll on another CPU may
 * run in between, and would take a whole frame for the start of a longer
 * one. Under the quirk (&stmmac_priv.rx_wait_last) a descriptor without
 * it counts as still the DMA's while the one after it is: the frame may
 * not have ended, and the model raises RI after its second write, so a
 * poll comes back for it. Once the one after it is back, the model wrote
 * this one for the last time before that: it is read again. A real core
 * writes the status once.
 *
 * Return: as &stmmac_desc_ops.rx_status.
 */
VISIBLE_IF_KUNIT enum stmmac_rx_status
stmmac_rx_desc_status(const struct stmmac_rxq *q, const struct stmmac_desc *d,
		      bool coe, struct stmmac_rx_info *ri)
{
	const struct stmmac_desc_ops *ops = q->priv->desc;
	enum stmmac_rx_status st = ops->rx_status(d, coe, ri);
	struct stmmac_rx_info next_ri = {};
	u32 next = q->cur + 1;

	/* The slot after it holds no page the DMA may fill. */
	if (st != STMMAC_RX_PART || !q->priv->rx_wait_last ||
	    next - q->dirty >= q->size)
		return st;
	if (ops->rx_status(stmmac_rxd(q, next), false, &next_ri) ==
	    STMMAC_RX_OWNED)
		return STMMAC_RX_OWNED;
	/* This descriptor's last write came before the next one's. */
	dma_rmb();
	*ri = (struct stmmac_rx_info){};
	return ops->rx_status(d, coe, ri);
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_rx_desc_status);

static int stmmac_rx_receive(struct stmmac_rxq *q, struct napi_struct *napi,
			     int budget)
{
	struct stmmac_priv *priv = q->priv;
	struct stmmac_xdp_poll xp = {};
	struct stmmac_rx_tally t = {};
	int work = 0;

	/* Read once per poll: a program replaced meanwhile is freed only
	 * after an RCU grace period, which this poll holds off.
	 */
	if (q->xdp || q->xsk)
		xp.prog = READ_ONCE(priv->xdp_prog);

	/* Slots from cur up to dirty + size hold pages the DMA may fill. */
	while (work < budget && q->cur - q->dirty < q->size) {
		u32 idx = q->cur & (q->size - 1);
		struct stmmac_rx_info ri = {};
		const struct stmmac_desc *d;
		enum stmmac_rx_status st;
		struct stmmac_rx_step s;
		struct xdp_buff *xdp;
		struct page *page;
		u64 ts = 0;
		bool coe;

		coe = stmmac_rx_trust_csum(q);
		d = stmmac_rxd(q, idx);
		st = stmmac_rx_desc_status(q, d, coe, &ri);
		if (st == STMMAC_RX_OWNED)
			break;
		if (stmmac_rx_frame_ts(q, d, &ri, &ts))
			break;
		q->cur++;
		work++;
		stmmac_rx_step(q, st, &ri, coe, &s);
		if (q->xsk) {
			xdp = q->xbufs[idx];
			q->xbufs[idx] = NULL;
			stmmac_rx_apply_xsk(q, napi, &s, xdp,
					    st == STMMAC_RX_CSUM_OK, ts, &xp,
					    &t);
			continue;
		}
		page = q->pages[idx];
		q->pages[idx] = NULL;
		stmmac_rx_apply(q, napi, &s, page, st == STMMAC_RX_CSUM_OK, ts,
				&xp, &t);
	}
	stmmac_xdp_poll_end(priv, &xp);
	stmmac_rx_add_tally(q, &t);
	return work;
}

/**
 * stmmac_rx_start() - tell each RX DMA channel where its filled ring ends
 * @priv: the device, its DMA just started
 */
void stmmac_rx_start(struct stmmac_priv *priv)
{
	u32 i;

	for (i = 0; i < priv->rx_queues; i++)
		priv->hw->rx_kick(priv->ioaddr, i, stmmac_rx_tail(&priv->rxq[i]));
	/* A ring on an AF_XDP pool starts empty: a poll fills it, and no
	 * interrupt comes for a ring without buffers.
	 */
	local_bh_disable();
	for (i = 0; i < priv->rx_queues; i++)
		if (priv->rxq[i].xsk)
			napi_schedule(&priv->channel[i].rx_napi);
	local_bh_enable();
}

/* Without memory for the ring, RX NAPI stops polling and comes back this
 * much later: polling again at once would spin in softirq context while
 * reclaim needs the CPU, and a ring left empty raises no interrupt.
 */
#define STMMAC_RX_REFILL_RETRY	msecs_to_jiffies(10)

static void stmmac_rx_refill_retry(struct timer_list *t)
{
	struct stmmac_rxq *q = stmmac_timer_of(q, t, refill_timer);

	/* The poll unmasks the interrupt when it completes, masked or not;
	 * a disabled NAPI (the device going down) is not scheduled.
	 */
	napi_schedule(&q->priv->channel[q->index].rx_napi);
}

/**
 * stmmac_rx_poll() - RX NAPI: receive, refill, then unmask the interrupt
 * @napi: the channel's RX NAPI
 * @budget: descriptors allowed
 *
 * Return: descriptors processed, @budget to be polled again.
 */
int stmmac_rx_poll(struct napi_struct *napi, int budget)
{
	struct stmmac_channel *ch = container_of(napi, struct stmmac_channel,
						 rx_napi);
	struct stmmac_priv *priv = ch->priv;
	struct stmmac_rxq *q = &priv->rxq[ch->index];
	struct stmmac_rx_info ri;
	unsigned long flags;
	int work;

	work = stmmac_rx_receive(q, napi, budget);
	/* A socket busy-polling this NAPI (SO_PREFER_BUSY_POLL) makes no
	 * TX wakeup: its TX ring goes out from the queue's TX NAPI.
	 */
	if (q->xsk && test_bit(NAPI_STATE_IN_BUSY_POLL, &napi->state))
		napi_schedule(&ch->tx_napi);
	if (!stmmac_rx_refill_napi(q)) {
		/* Armed while the poll still owns the NAPI, so that the
		 * timer_delete_sync() after napi_disable() at stop finds it.
		 */
		mod_timer(&q->refill_timer, jiffies + STMMAC_RX_REFILL_RETRY);
	}
	if (work >= budget)
		return budget;
	if (!napi_complete_done(napi, work))
		return work;
	spin_lock_irqsave(&ch->lock, flags);
	priv->hw->dma_irq_enable(priv->ioaddr, ch->index, true, false);
	spin_unlock_irqrestore(&ch->lock, flags);
	/* A frame that landed after the last look may have had its
	 * interrupt acknowledged along with a TX one: look once more, at a
	 * slot that holds a buffer (a drained ring's next slot is empty,
	 * its descriptor stale).
	 */
	if (q->cur - q->dirty < q->size &&
	    priv->desc->rx_status(stmmac_rxd(q, q->cur), false,
				  &ri) != STMMAC_RX_OWNED)
		napi_schedule(napi);
	return work;
}

/**
 * stmmac_rxq_init() - set up what an RX queue keeps across open and stop
 * @q: the queue, at probe
 */
void stmmac_rxq_init(struct stmmac_rxq *q)
{
	timer_setup(&q->refill_timer, stmmac_rx_refill_retry, 0);
}

/**
 * stmmac_rxq_exit() - undo stmmac_rxq_init()
 * @q: the queue, its device stopped
 */
void stmmac_rxq_exit(struct stmmac_rxq *q)
{
	timer_shutdown_sync(&q->refill_timer);
}

/* The queue as XDP sees it, its buffers from the ring's page pool. */
static int stmmac_rxq_xdp_reg(struct stmmac_priv *priv, struct stmmac_rxq *q)
{
	int ret;

	ret = xdp_rxq_info_reg(&q->xdp_rxq, priv->dev, q->index,
			       priv->channel[q->index].rx_napi.napi_id);
	if (ret)
		return ret;
	ret = xdp_rxq_info_reg_mem_model(&q->xdp_rxq, MEM_TYPE_PAGE_POOL,
					 q->pool);
	if (ret)
		xdp_rxq_info_unreg(&q->xdp_rxq);
	return ret;
}

/* A ring whose buffers are an AF_XDP pool's chunks, built empty: the
 * pool is its queue's RX NAPI's alone, which may be running on the ring
 * this one replaces. The first poll fills it (stmmac_rx_start()). The
 * pool's buffers name the ring's queue info once it is in service: here
 * for the queue's own, at the swap for a spare (stmmac_rxq_swap()).
 */
static int stmmac_rxq_alloc_xsk(struct stmmac_priv *priv,
				struct stmmac_rxq *q, struct xsk_buff_pool *pool)
{
	int ret;

	q->xsk = pool;
	q->xdp = true;
	q->headroom = 0;
	q->buf_len = stmmac_xsk_buf_len(priv, pool);
	q->xbufs = kcalloc(q->size, sizeof(*q->xbufs), GFP_KERNEL);
	if (!q->xbufs)
		return -ENOMEM;
	ret = xdp_rxq_info_reg(&q->xdp_rxq, priv->dev, q->index,
			       priv->channel[q->index].rx_napi.napi_id);
	if (ret)
		return ret;
	ret = xdp_rxq_info_reg_mem_model(&q->xdp_rxq, MEM_TYPE_XSK_BUFF_POOL,
					 NULL);
	if (ret)
		return ret;
	if (q == &priv->rxq[q->index])
		xsk_pool_set_rxq_info(pool, &q->xdp_rxq);
	return 0;
}

static int stmmac_rxq_alloc_ring(struct stmmac_priv *priv,
				 struct stmmac_rxq *q, u32 i, u32 size,
				 unsigned int mtu, bool xdp)
{
	struct xsk_buff_pool *xsk = stmmac_xsk_pool(priv, i);
	struct page_pool_params pp = {
		.flags = PP_FLAG_DMA_MAP | PP_FLAG_DMA_SYNC_DEV,
		.order = 0,
		.pool_size = size,
		.nid = dev_to_node(priv->device),
		.dev = priv->device,
		.napi = &priv->channel[i].rx_napi,
		.netdev = priv->dev,
		/* XDP_TX sends the page as it is */
		.dma_dir = xdp ? DMA_BIDIRECTIONAL : DMA_FROM_DEVICE,
		.offset = stmmac_rx_headroom(xdp),
	};
	struct stmmac_coal_rxq cq = {};
	int ret;

	q->priv = priv;
	q->index = i;
	q->size = size;
	q->xdp = xdp;
	q->headroom = stmmac_rx_headroom(xdp);
	q->buf_len = stmmac_rx_buf_len(priv, mtu, xdp);
	q->frame = (struct stmmac_rx_frame){};
	pp.max_len = q->buf_len;
	/* Every slot starts empty: the first refill fills them all. */
	q->dirty = 0;
	q->cur = q->size;
	/* The core is programmed after this, engine and all. */
	q->csum = priv->caps.rx_coe && (priv->dev->features & NETIF_F_RXCSUM);
	q->csum_from = q->cur;
	q->desc = dma_alloc_coherent(priv->device,
				     q->size * priv->desc->size,
				     &q->desc_dma, GFP_KERNEL);
	if (!q->desc)
		return -ENOMEM;
	if (xsk)
		return stmmac_rxq_alloc_xsk(priv, q, xsk);
	q->pages = kcalloc(q->size, sizeof(*q->pages), GFP_KERNEL);
	if (!q->pages)
		return -ENOMEM;
	q->pool = page_pool_create(&pp);
	if (IS_ERR(q->pool)) {
		ret = PTR_ERR(q->pool);
		q->pool = NULL;
		return ret;
	}
	ret = stmmac_rxq_xdp_reg(priv, q);
	if (ret)
		return ret;
	/* No NAPI uses this pool yet: it may be filled here (the queue's IC
	 * count is its NAPI's). Not with a sleeping allocation, though,
	 * although this may sleep: the page pool records each page's DMA
	 * mapping in an xarray, under xa_lock_bh() from process context, and
	 * when that needs a node and GFP_NOWAIT gets none, the xarray drops
	 * its plain lock to allocate with our flags, bottom halves still off
	 * ("sleeping function called from invalid context" in make stress's
	 * allocation failures, 6.12.118; 7.3 has the same code). Upstream
	 * fills its rings with GFP_ATOMIC too.
	 */
	cq.frames = READ_ONCE(priv->coal.rx[i].frames);
	return stmmac_rx_refill(q, &cq, GFP_ATOMIC) ? -ENOMEM : 0;
}

/**
 * stmmac_rx_rings_alloc() - give every RX queue a filled ring
 * @priv: the device
 * @set: the queues: &stmmac_priv.rxq, or a spare set built while those
 *	run (stmmac_rx_rings_swap())
 * @n: the first @n queues of @set get one
 * @size: descriptors per ring
 * @mtu: the MTU the buffers are sized for
 * @xdp: build them for an XDP program (&stmmac_rxq.xdp)
 *
 * Only the ring fields of @set are written. Sleeps. On failure the caller
 * frees what was allocated with stmmac_rx_rings_free(), whose NAPI rule
 * applies.
 *
 * Return: 0 or a negative errno.
 */
int stmmac_rx_rings_alloc(struct stmmac_priv *priv, struct stmmac_rxq *set,
			  u32 n, u32 size, unsigned int mtu, bool xdp)
{
	u32 i;
	int ret;

	for (i = 0; i < n; i++) {
		ret = stmmac_rxq_alloc_ring(priv, &set[i], i, size, mtu, xdp);
		if (ret)
			return ret;
	}
	return 0;
}

static void stmmac_rxq_free_ring(struct stmmac_priv *priv,
				 struct stmmac_rxq *q)
{
	u32 i;

	stmmac_rx_frame_drop(q);
	if (q->pages && q->pool) {
		for (i = 0; i < q->size; i++)
			if (q->pages[i])
				page_pool_put_full_page(q->pool, q->pages[i],
							false);
	}
	if (q->xbufs) {
		for (i = 0; i < q->size; i++)
			if (q->xbufs[i])
				xsk_buff_free(q->xbufs[i]);
	}
	/* Its hold on the pool first: the pool goes with the last one. */
	if (xdp_rxq_info_is_reg(&q->xdp_rxq))
		xdp_rxq_info_unreg(&q->xdp_rxq);
	if (q->pool)
		page_pool_destroy(q->pool);
	if (q->desc)
		dma_free_coherent(priv->device, q->size * priv->desc->size,
				  q->desc, q->desc_dma);
	kfree(q->pages);
	kfree(q->xbufs);
	q->pool = NULL;
	q->desc = NULL;
	q->pages = NULL;
	q->xbufs = NULL;
	q->xsk = NULL;
}

/**
 * stmmac_rx_rings_free() - release the rings of a set of RX queues
 * @priv: the device, its RX NAPIs disabled (a page pool is unbound from
 *	its NAPI as it goes)
 * @set: the queues, no DMA running on their rings
 */
void stmmac_rx_rings_free(struct stmmac_priv *priv, struct stmmac_rxq *set)
{
	u32 i;

	for (i = 0; i < STMMAC_MAX_QUEUES; i++)
		stmmac_rxq_free_ring(priv, &set[i]);
}

static void stmmac_rxq_forget(struct stmmac_rxq *q)
{
	stmmac_rx_frame_drop(q);
	/* registered, with the pool it holds: leaked with it */
	memset(&q->xdp_rxq, 0, sizeof(q->xdp_rxq));
	q->pool = NULL;
	q->desc = NULL;
	q->pages = NULL;
	q->xbufs = NULL;
	q->xsk = NULL;
}

/**
 * stmmac_rx_rings_forget() - leak the rings of a set of RX queues
 * @priv: the device, its RX NAPIs disabled
 * @set: &stmmac_priv.rxq, or a spare set holding the old rings
 *
 * For rings a wedged DMA may still write (&stmmac_priv.dma_wedged): their
 * descriptors, pages and page pools stay allocated, forever, rather than
 * be handed back to the allocator under it.
 */
void stmmac_rx_rings_forget(struct stmmac_priv *priv, struct stmmac_rxq *set)
{
	u32 i;

	for (i = 0; i < STMMAC_MAX_QUEUES; i++)
		stmmac_rxq_forget(&set[i]);
}

/* Swap the rings of @q and @s; the queue's AF_XDP buffers name it, not
 * the structure they were built in.
 */
static void stmmac_rxq_swap(struct stmmac_rxq *q, struct stmmac_rxq *s)
{
	swap(q->desc, s->desc);
	swap(q->desc_dma, s->desc_dma);
	swap(q->pages, s->pages);
	swap(q->pool, s->pool);
	swap(q->xbufs, s->xbufs);
	swap(q->xsk, s->xsk);
	swap(q->size, s->size);
	swap(q->cur, s->cur);
	swap(q->dirty, s->dirty);
	swap(q->buf_len, s->buf_len);
	swap(q->headroom, s->headroom);
	swap(q->xdp, s->xdp);
	swap(q->xdp_rxq, s->xdp_rxq);
	swap(q->frame, s->frame);
	swap(q->csum, s->csum);
	swap(q->csum_from, s->csum_from);
	swap(q->ts_polls, s->ts_polls);
	if (q->xsk)
		xsk_pool_set_rxq_info(q->xsk, &q->xdp_rxq);
}

/**
 * stmmac_rx_rings_swap() - put a spare set's rings in service
 * @priv: the device, its RX DMA stopped and RX NAPIs disabled
 * @set: the spare set, which gets the old rings (to be freed)
 */
void stmmac_rx_rings_swap(struct stmmac_priv *priv, struct stmmac_rxq *set)
{
	u32 i;

	for (i = 0; i < STMMAC_MAX_QUEUES; i++)
		stmmac_rxq_swap(&priv->rxq[i], &set[i]);
}

/**
 * stmmac_rxq_build() - a new ring for RX queue @qi, as it is configured
 * @priv: the device (RTNL)
 * @spare: where the ring goes, zeroed
 * @qi: the queue
 *
 * The buffers: the AF_XDP pool the queue has in zero-copy mode, or a page
 * pool, built for the XDP program if there is one.
 *
 * Return: 0, or a negative errno (stmmac_rxq_replace() with @spare then
 * frees what was allocated).
 */
int stmmac_rxq_build(struct stmmac_priv *priv, struct stmmac_rxq *spare,
		     u32 qi)
{
	return stmmac_rxq_alloc_ring(priv, spare, qi, priv->rx_ring_size,
				     priv->dev->mtu, !!priv->xdp_prog);
}

/**
 * stmmac_rxq_discard() - free a ring stmmac_rxq_build() made, unused
 * @priv: the device
 * @spare: the ring: one on an AF_XDP pool (no page pool to unbind from
 *	the queue's NAPI), or one whose queue's RX NAPI is disabled
 */
void stmmac_rxq_discard(struct stmmac_priv *priv, struct stmmac_rxq *spare)
{
	stmmac_rxq_free_ring(priv, spare);
}

/**
 * stmmac_rxq_replace() - put @spare's ring in service on RX queue @qi
 * @priv: the device, running, the queue's RX NAPI disabled
 * @qi: the queue
 * @spare: the new ring from stmmac_rxq_build(), freed here in any case
 * @built: its build succeeded; if not, the queue's RX stops
 *
 * The queue's RX DMA stops (the frame it is writing completes), the rings
 * swap and it starts again on the new one; no other queue stops.
 *
 * Return: 0; -ENOMEM, the queue's RX stopped without a ring, when @built
 * is false; -ETIMEDOUT when the DMA did not stop: nothing changed (it is
 * told to run on), and it may still write the old ring, which a full
 * reset alone ends.
 */
int stmmac_rxq_replace(struct stmmac_priv *priv, u32 qi,
		       struct stmmac_rxq *spare, bool built)
{
	const struct stmmac_hw_ops *hw = priv->hw;
	struct stmmac_rxq *q = &priv->rxq[qi];

	if (hw->dma_stop(priv->ioaddr, qi, false, true)) {
		netdev_warn(priv->dev, "RX DMA %u did not stop\n", qi);
		stmmac_rxq_free_ring(priv, spare);
		hw->dma_start(priv->ioaddr, qi, false, true);
		return -ETIMEDOUT;
	}
	stmmac_rxq_swap(q, spare);
	/* the old ring */
	stmmac_rxq_free_ring(priv, spare);
	if (!built) {
		netdev_warn(priv->dev, "no memory for RX ring %u: its RX stopped until the next start\n",
			    qi);
		stmmac_rxq_free_ring(priv, q);
		q->size = 0;
		q->cur = 0;
		q->dirty = 0;
		return -ENOMEM;
	}
	hw->dma_init_rx(priv->ioaddr, qi, q->desc_dma, q->size, q->buf_len);
	hw->dma_start(priv->ioaddr, qi, false, true);
	hw->rx_kick(priv->ioaddr, qi, stmmac_rx_tail(q));
	return 0;
}

/**
 * stmmac_rx_alloc() - give every RX queue a filled ring at the configured
 * size and MTU
 * @priv: the device, its RX NAPIs disabled
 *
 * Return: 0, or a negative errno with nothing left allocated.
 */
int stmmac_rx_alloc(struct stmmac_priv *priv)
{
	int ret;

	ret = stmmac_rx_rings_alloc(priv, priv->rxq, priv->rx_queues,
				    priv->rx_ring_size, priv->dev->mtu,
				    !!priv->xdp_prog);
	if (ret)
		stmmac_rx_rings_free(priv, priv->rxq);
	return ret;
}

/**
 * stmmac_rx_stop() - cancel the refill retries
 * @priv: the device, its RX NAPIs disabled (none can start one again)
 */
void stmmac_rx_stop(struct stmmac_priv *priv)
{
	u32 i;

	for (i = 0; i < priv->rx_queues; i++)
		timer_delete_sync(&priv->rxq[i].refill_timer);
}

/**
 * stmmac_rx_free() - release every RX ring and its pages
 * @priv: the device, its DMA stopped and RX NAPIs disabled
 */
void stmmac_rx_free(struct stmmac_priv *priv)
{
	stmmac_rx_rings_free(priv, priv->rxq);
}

/* The most frames the RX FIFO can hold: all of minimum size. */
static u32 stmmac_rx_fifo_frames(const struct stmmac_priv *priv)
{
	return max_t(u32, priv->caps.rx_fifo, SZ_16K) / (ETH_ZLEN + ETH_FCS_LEN);
}

/**
 * stmmac_rxq_csum() - switch whether a queue trusts the checksum engine
 * @q: the queue, its RX NAPI disabled (it reads both fields per frame)
 * @on: true after the engine was switched on, false before it is off
 *
 * The status bits of a frame received with the engine off look like a
 * verified checksum; after the switch, frames already in the ring or still
 * in the RX FIFO may be such frames, so trust starts only past them.
 */
void stmmac_rxq_csum(struct stmmac_rxq *q, bool on)
{
	q->csum = on;
	q->csum_from = q->cur + q->size + stmmac_rx_fifo_frames(q->priv);
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_rxq_csum);

/**
 * stmmac_rxq_errors() - read an RX queue's bad frames by cause
 * @q: the queue
 * @e: filled in
 */
void stmmac_rxq_errors(struct stmmac_rxq *q, struct stmmac_rx_errors *e)
{
	unsigned int start;

	do {
		start = u64_stats_fetch_begin(&q->stats.syncp);
		e->crc = u64_stats_read(&q->crc_errors);
		e->length = u64_stats_read(&q->length_errors);
		e->over = u64_stats_read(&q->over_errors);
		e->frame = u64_stats_read(&q->frame_errors);
	} while (u64_stats_fetch_retry(&q->stats.syncp, start));
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_rxq_errors);

/**
 * stmmac_rxq_alloc_fail() - read an RX queue's buffer allocation failures
 * @q: the queue
 *
 * Return: the refills that left a slot empty (in the dropped count too).
 */
u64 stmmac_rxq_alloc_fail(struct stmmac_rxq *q)
{
	unsigned int start;
	u64 n;

	do {
		start = u64_stats_fetch_begin(&q->stats.syncp);
		n = u64_stats_read(&q->alloc_fail);
	} while (u64_stats_fetch_retry(&q->stats.syncp, start));
	return n;
}

/**
 * stmmac_rxq_xdp_stats() - read an RX queue's XDP verdicts
 * @q: the queue
 * @drop: frames the program dropped
 * @tx: frames it sent back out
 * @redirect: frames it redirected
 * @errors: frames dropped because its verdict failed
 */
void stmmac_rxq_xdp_stats(struct stmmac_rxq *q, u64 *drop, u64 *tx,
			  u64 *redirect, u64 *errors)
{
	unsigned int start;

	do {
		start = u64_stats_fetch_begin(&q->stats.syncp);
		*drop = u64_stats_read(&q->xdp_drop);
		*tx = u64_stats_read(&q->xdp_tx);
		*redirect = u64_stats_read(&q->xdp_redirect);
		*errors = u64_stats_read(&q->xdp_errors);
	} while (u64_stats_fetch_retry(&q->stats.syncp, start));
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_rxq_xdp_stats);

/**
 * stmmac_rxq_stats() - read an RX queue's counters
 * @q: the queue
 * @packets: frames received
 * @bytes: bytes received
 * @errors: frames the MAC reported as bad
 * @dropped: frames dropped for lack of memory
 */
void stmmac_rxq_stats(struct stmmac_rxq *q, u64 *packets, u64 *bytes,
		      u64 *errors, u64 *dropped)
{
	unsigned int start;

	do {
		start = u64_stats_fetch_begin(&q->stats.syncp);
		*packets = u64_stats_read(&q->stats.packets);
		*bytes = u64_stats_read(&q->stats.bytes);
		*errors = u64_stats_read(&q->stats.errors);
		*dropped = u64_stats_read(&q->stats.dropped) +
			   u64_stats_read(&q->alloc_fail);
	} while (u64_stats_fetch_retry(&q->stats.syncp, start));
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_rxq_stats);
