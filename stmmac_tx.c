// SPDX-License-Identifier: GPL-2.0-only
/*
 * The TX path: descriptor rings, xmit with scatter-gather and checksum
 * insertion, XDP frames (stmmac_xdp.c decides which, and when to flush),
 * and TX clean with byte queue limits.
 *
 * Concurrency: xmit runs under the queue's xmit lock and owns q->head; TX
 * clean runs in the channel's TX NAPI and owns q->tail. Neither takes a
 * lock: each publishes its index with release semantics after the
 * descriptors and buffers it covers, and reads the other's with acquire
 * semantics. Stopping and waking the queue use the netdev_queues.h helpers,
 * whose barriers close the race between a full ring and a concurrent clean.
 * XDP frames are queued under the same xmit lock (from RX NAPI for
 * XDP_TX, from whoever redirects for ndo_xdp_xmit); BQL does not count
 * them, as they never stop the stack's queue.
 */

#include <linux/dma-mapping.h>
#include <linux/if_vlan.h>
#include <linux/netdevice.h>
#include <linux/sizes.h>
#include <linux/skbuff.h>
#include <linux/tcp.h>
#include <net/gso.h>
#include <net/netdev_queues.h>
#include <net/xdp.h>
#include <net/xdp_sock_drv.h>
#include <kunit/visibility.h>

#include "stmmac.h"

/* Buffers are split at this size: the descriptor's size field is 11 bits
 * wide on GMAC normal descriptors, 13 on enhanced ones, 14 on XGMAC.
 */
static u32 stmmac_tx_chunk(const struct stmmac_priv *priv)
{
	return ALIGN_DOWN(priv->desc->buf_max, 8);
}

/**
 * stmmac_tx_csum_max() - the longest frame the checksum engine may take
 * @priv: the device
 *
 * The engine inserts a checksum only into a frame held whole in the TX
 * FIFO. Where the FIFO's size is known the MTU is kept within a queue's
 * share of it (stmmac_max_mtu()); where it is not, only frames of the
 * standard size are known to fit, and longer (jumbo) ones are checksummed
 * in software.
 *
 * Return: bytes, the Ethernet header included.
 */
VISIBLE_IF_KUNIT u32 stmmac_tx_csum_max(const struct stmmac_priv *priv)
{
	return priv->caps.tx_fifo ? U32_MAX : VLAN_ETH_FRAME_LEN;
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_tx_csum_max);

/**
 * stmmac_tx_desc_max() - the most descriptors one frame may take
 * @priv: the device
 *
 * Without TSO every buffer of a frame fits one descriptor. A TSO frame
 * adds a context and a header descriptor, and its fragments (up to 32 KiB
 * each) may need more than one descriptor. A VLAN tag the MAC inserts
 * adds a context descriptor.
 *
 * Return: descriptors; the TX queue stops when fewer are free.
 */
u32 stmmac_tx_desc_max(const struct stmmac_priv *priv)
{
	u32 per_frag = DIV_ROUND_UP(SZ_32K, stmmac_tx_chunk(priv));
	u32 vlan = !!(priv->dev->hw_features & NETIF_F_HW_VLAN_CTAG_TX);

	if (!(priv->dev->hw_features & NETIF_F_TSO))
		return vlan + MAX_SKB_FRAGS + 1;
	return vlan + 3 + (MAX_SKB_FRAGS + 1) * per_frag;
}

/* One slot always stays empty: a tail-pointer DMA (XGMAC) reads a full
 * ring, tail equal to its current pointer, as an empty one.
 */
/**
 * stmmac_tx_ring_min() - the smallest TX ring that works for this device
 * @priv: the device
 *
 * The queue must be able to wake: a quarter of the ring plus the largest
 * frame must fit in it, besides the slot that always stays empty.
 *
 * Return: descriptors, a power of two.
 */
u32 stmmac_tx_ring_min(const struct stmmac_priv *priv)
{
	u32 need = DIV_ROUND_UP((stmmac_tx_desc_max(priv) + 1) * 4, 3);

	return max_t(u32, STMMAC_RING_MIN, roundup_pow_of_two(need));
}

static u32 stmmac_tx_avail(const struct stmmac_txq *q)
{
	return q->size - 1 - (q->head - READ_ONCE(q->tail));
}

static u32 stmmac_tx_wake_thresh(const struct stmmac_txq *q)
{
	return q->desc_max + q->size / 4;
}

static u32 stmmac_tx_parts(u32 len, u32 cap, u32 chunk)
{
	return len <= cap ? 1 : 1 + DIV_ROUND_UP(len - cap, chunk);
}

static void stmmac_tx_plan(const struct stmmac_txq *q,
			   const struct sk_buff *skb, struct stmmac_tx_plan *p)
{
	int i;

	p->chunk = stmmac_tx_chunk(q->priv);
	p->first = p->chunk;
	p->tso = q->tso && skb_is_gso(skb);
	/* stmmac_xmit() left a tag only where the MAC inserts it */
	p->vlan = skb_vlan_tag_present(skb);
	p->vlan_tci = skb_vlan_tag_get(skb);
	p->ctx = p->vlan + p->tso;
	p->ndesc = p->ctx;
	/* a time etf passed on: TCP's departure times are CLOCK_MONOTONIC */
	p->launch = READ_ONCE(q->launch) && skb->tstamp_type == SKB_CLOCK_TAI ?
		    ktime_to_ns(skb->tstamp) : 0;
	if (p->tso) {
		p->tcp_hdr_len = tcp_hdrlen(skb);
		p->hdr_len = skb_tcp_all_headers(skb);
		p->mss = skb_shinfo(skb)->gso_size;
		p->first = p->hdr_len;
	}
	if (skb_headlen(skb))
		p->ndesc += stmmac_tx_parts(skb_headlen(skb), p->first,
					    p->chunk);
	for (i = 0; i < skb_shinfo(skb)->nr_frags; i++)
		p->ndesc += stmmac_tx_parts(skb_frag_size(&skb_shinfo(skb)->frags[i]),
					    p->chunk, p->chunk);
}

static void stmmac_tx_unmap(struct stmmac_priv *priv, struct stmmac_tx_buf *b)
{
	/* A page pool's mapping (XDP_TX) stays the pool's. */
	if (!b->len || b->pool) {
		b->len = 0;
		return;
	}
	if (b->page)
		dma_unmap_page(priv->device, b->dma, b->len, DMA_TO_DEVICE);
	else
		dma_unmap_single(priv->device, b->dma, b->len, DMA_TO_DEVICE);
	b->len = 0;
}

/**
 * stmmac_tx_record() - note one mapped buffer in the ring's bookkeeping
 * @q: the queue
 * @idx: free-running index of the buffer's first descriptor
 * @seg: the mapping and the descriptors it takes
 * @page: the mapping is a fragment (dma_map_page)
 *
 * The mapping is kept at the slot of its *last* descriptor: TX clean
 * unmaps a slot as soon as the DMA gives it back, and the DMA may still
 * be reading the buffer's later pieces after it gave back the first.
 *
 * Return: the index after the buffer's last descriptor.
 */
VISIBLE_IF_KUNIT u32 stmmac_tx_record(struct stmmac_txq *q, u32 idx,
				      const struct stmmac_tx_seg *seg,
				      bool page)
{
	struct stmmac_tx_buf *b;
	u32 i;

	for (i = 0; i + 1 < seg->parts; i++)
		q->buf[(idx + i) & (q->size - 1)].len = 0;
	b = &q->buf[(idx + i) & (q->size - 1)];
	b->dma = seg->dma;
	b->len = seg->len;
	b->page = page;
	b->pool = false;
	return idx + seg->parts;
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_tx_record);

static bool stmmac_tx_map_one(struct stmmac_txq *q, struct stmmac_tx_segs *s,
			      dma_addr_t dma, u32 len, u32 cap, u32 chunk)
{
	struct stmmac_tx_seg *seg = &s->seg[s->n];

	if (dma_mapping_error(q->priv->device, dma))
		return false;
	seg->dma = dma;
	seg->len = len;
	seg->parts = stmmac_tx_parts(len, cap, chunk);
	s->n++;
	return true;
}

/* Map the linear part and every fragment into @s, recording each mapping
 * on the ring; on failure undo it all.
 */
static int stmmac_tx_map(struct stmmac_txq *q, struct sk_buff *skb,
			 const struct stmmac_tx_plan *p,
			 struct stmmac_tx_segs *s)
{
	struct device *dev = q->priv->device;
	u32 start = q->head + p->ctx, idx = start, i, len;
	bool ok;

	s->n = 0;
	for (i = 0; i < p->ctx; i++)
		q->buf[(q->head + i) & (q->size - 1)].len = 0;
	len = skb_headlen(skb);
	if (len) {
		if (!stmmac_tx_map_one(q, s, dma_map_single(dev, skb->data, len,
							    DMA_TO_DEVICE),
				       len, p->first, p->chunk))
			return -ENOMEM;
		idx = stmmac_tx_record(q, idx, &s->seg[0], false);
	}
	for (i = 0; i < skb_shinfo(skb)->nr_frags; i++) {
		skb_frag_t *frag = &skb_shinfo(skb)->frags[i];

		len = skb_frag_size(frag);
		ok = stmmac_tx_map_one(q, s, skb_frag_dma_map(dev, frag, 0, len,
							      DMA_TO_DEVICE),
				       len, p->chunk, p->chunk);
		if (!ok)
			goto undo;
		idx = stmmac_tx_record(q, idx, &s->seg[s->n - 1], true);
	}
	return 0;

undo:
	for (i = start; i != idx; i++)
		stmmac_tx_unmap(q->priv, &q->buf[i & (q->size - 1)]);
	return -ENOMEM;
}

static void stmmac_tx_fill_one(struct stmmac_txq *q, u32 i, u32 idx,
			       dma_addr_t addr, u32 len, u32 f,
			       const struct stmmac_tx_plan *p, u32 frame_len)
{
	const struct stmmac_desc_ops *ops = q->priv->desc;
	struct stmmac_desc *d = stmmac_txd(q, idx);

	if (idx == q->size - 1)
		f |= STMMAC_TXD_EOR;
	if (p->tso && i == p->ctx)
		ops->tx_tso_first(d, addr, p->hdr_len, p->tcp_hdr_len,
				  frame_len - p->hdr_len, f);
	else
		ops->tx_fill(d, addr, len, frame_len, f);
}

/* On a ring of enhanced descriptors, every one the frame takes gets its
 * launch words: the frame's launch time on its first data descriptor,
 * none on the others, whatever a frame before left in them; before any
 * of those is the DMA's.
 */
static void stmmac_tx_fill_launch(struct stmmac_txq *q,
				  const struct stmmac_tx_plan *p)
{
	u32 i;

	for (i = 0; i < p->ndesc; i++)
		q->priv->desc->tx_launch(stmmac_txd(q, q->head + i),
					 i == p->ctx ? p->launch : 0);
}

/**
 * stmmac_tx_fill() - write the descriptors of a mapped frame
 * @q: the queue
 * @p: the frame's plan
 * @s: its mappings, in order, each split as &stmmac_tx_seg.parts says
 * @frame_len: the frame's length
 * @flags: STMMAC_TXD_CSUM, _LAST, _IC and _TS for the frame
 *
 * Context descriptors come first: the VLAN tag's, then the MSS, as
 * upstream lays them out. Every descriptor but the first is handed to the
 * DMA at once; the first one is handed over last, by the caller, so that
 * the DMA never sees part of a frame.
 */
VISIBLE_IF_KUNIT void stmmac_tx_fill(struct stmmac_txq *q,
				     const struct stmmac_tx_plan *p,
				     const struct stmmac_tx_segs *s,
				     u32 frame_len, u32 flags)
{
	const struct stmmac_desc_ops *ops = q->priv->desc;
	u32 i = p->ctx, n, k, len, f, cap;
	dma_addr_t addr;
	u32 left;

	if (q->doff)
		stmmac_tx_fill_launch(q, p);
	if (p->vlan)
		ops->tx_ctx_vlan(stmmac_txd(q, q->head), p->vlan_tci);
	if (p->tso) {
		struct stmmac_desc *d = stmmac_txd(q, q->head + p->vlan);

		ops->tx_ctx_mss(d, p->mss);
		if (p->vlan)
			ops->tx_own(d);
	}
	for (n = 0; n < s->n; n++) {
		addr = s->seg[n].dma;
		left = s->seg[n].len;
		cap = n ? p->chunk : p->first;
		for (k = 0; k < s->seg[n].parts; k++, i++) {
			u32 idx = (q->head + i) & (q->size - 1);

			len = min(left, cap);
			f = flags & STMMAC_TXD_CSUM;
			if (i == p->ctx)
				f |= STMMAC_TXD_FIRST | (flags & STMMAC_TXD_TS) |
				     (p->vlan ? STMMAC_TXD_VLAN : 0);
			if (i == p->ndesc - 1)
				f |= flags & (STMMAC_TXD_LAST | STMMAC_TXD_IC);
			stmmac_tx_fill_one(q, i, idx, addr, len, f, p,
					   frame_len);
			if (i)
				ops->tx_own(stmmac_txd(q, idx));
			addr += len;
			left -= len;
			cap = p->chunk;
		}
	}
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_tx_fill);

static void stmmac_tx_count(struct stmmac_queue_stats *s, u64_stats_t *ctr)
{
	u64_stats_update_begin(&s->syncp);
	u64_stats_inc(ctr);
	u64_stats_update_end(&s->syncp);
}

static dma_addr_t stmmac_tx_tail(const struct stmmac_txq *q)
{
	return q->desc_dma + (q->head & (q->size - 1)) * q->stride;
}

/* A stalled queue (debugfs tx_stall, a test hook) rings no doorbell at
 * all: the TX watchdog must find it stuck, as it would a DMA that hung.
 */
static void stmmac_tx_doorbell(struct stmmac_priv *priv, struct stmmac_txq *q)
{
	if (!stmmac_tx_stalled(priv))
		priv->hw->tx_kick(priv->ioaddr, q->index, stmmac_tx_tail(q));
}

static netdev_tx_t stmmac_tx_drop(struct stmmac_priv *priv,
				  struct stmmac_txq *q, struct sk_buff *skb)
{
	dev_kfree_skb_any(skb);
	stmmac_tx_count(&q->xmit_stats, &q->xmit_stats.dropped);
	/* Earlier frames may have deferred the doorbell to this one. */
	stmmac_tx_doorbell(priv, q);
	return NETDEV_TX_OK;
}

/* taprio's queueMaxSDU (stmmac_est.c), applied as the software qdisc
 * does: to each segment of a GSO frame, to the frame without a tag the
 * MAC inserts. Counted as the qdisc's window drops.
 */
static bool stmmac_tx_too_long(struct stmmac_priv *priv, u16 qi,
			       const struct sk_buff *skb)
{
	u32 max = READ_ONCE(priv->est.max_len[qi]);

	if (likely(!max))
		return false;
	if (skb_is_gso(skb) ? skb_gso_validate_mac_len(skb, max) :
			      skb->len <= max)
		return false;
	atomic64_inc(&priv->est.txq_sdu[qi]);
	return true;
}

/* The MAC inserts the frame's tag (NETIF_F_HW_VLAN_CTAG_TX): it does so
 * past the checksum and TSO engines, which see the frame without it.
 */
static bool stmmac_tx_vlan_hw(const struct net_device *dev,
			      const struct sk_buff *skb)
{
	return skb->vlan_proto == htons(ETH_P_8021Q) &&
	       (dev->features & NETIF_F_HW_VLAN_CTAG_TX);
}

/* Where a frame's IP header is, as the checksum and TSO engines see it */
enum stmmac_tx_l3 {
	STMMAC_TX_L3_PLAIN,	/* IPv4 or IPv6 right after the Ethernet header */
	STMMAC_TX_L3_CTAG,	/* after one 802.1Q tag */
	STMMAC_TX_L3_OTHER,	/* anything else: 802.1ad, stacked tags, DSA */
};

static enum stmmac_tx_l3 stmmac_tx_l3(const struct net_device *dev,
				      const struct sk_buff *skb)
{
	/* From the MAC header: the IP layer asks netif_skb_features() with
	 * skb->data at the IP header (ip_finish_output_gso()).
	 */
	int off = (skb_mac_header_was_set(skb) ? skb_mac_offset(skb) : 0) +
		  2 * ETH_ALEN;
	unsigned int tags = 0;
	__be16 outer = 0, buf;
	const __be16 *type;

	/* A tag still to be inserted goes first, unless the MAC inserts it:
	 * the stack inserts it before xmit, so the engines see it too.
	 */
	if (skb_vlan_tag_present(skb) && !stmmac_tx_vlan_hw(dev, skb)) {
		outer = skb->vlan_proto;
		tags = 1;
	}
	for (;;) {
		type = skb_header_pointer(skb, off, sizeof(buf), &buf);
		if (!type)
			return STMMAC_TX_L3_OTHER;
		if (!eth_type_vlan(*type))
			break;
		if (++tags > 1)
			return STMMAC_TX_L3_OTHER;
		outer = *type;
		off += VLAN_HLEN;
	}
	if (*type != htons(ETH_P_IP) && *type != htons(ETH_P_IPV6))
		return STMMAC_TX_L3_OTHER;
	if (!tags)
		return STMMAC_TX_L3_PLAIN;
	return outer == htons(ETH_P_8021Q) ? STMMAC_TX_L3_CTAG :
					     STMMAC_TX_L3_OTHER;
}

/* Make the frame one this queue can send: checksum in software where the
 * queue has no engine or the engine would not find the IP header, fewer
 * pieces where it has too many. Returns the descriptor flags, or -errno
 * to drop it.
 */
static int stmmac_tx_prepare(struct stmmac_txq *q, struct sk_buff *skb,
			     struct stmmac_tx_plan *p)
{
	u32 flags = STMMAC_TXD_LAST;

	/* stmmac_select_queue() keeps GSO frames off queues without TSO. */
	if (unlikely(skb_is_gso(skb) && !q->tso))
		return -EPROTONOSUPPORT;
	if (skb->ip_summed == CHECKSUM_PARTIAL) {
		/* Tagged frames as in stmmac_features_check(), for the
		 * senders that skip it (netpoll, pktgen).
		 */
		if (q->csum && skb->len <= q->csum_max &&
		    (skb_is_gso(skb) ||
		     stmmac_tx_l3(q->priv->dev, skb) == STMMAC_TX_L3_PLAIN))
			flags |= STMMAC_TXD_CSUM;
		else if (skb_checksum_help(skb))
			return -EINVAL;
	}
	stmmac_tx_plan(q, skb, p);
	if (unlikely(p->ndesc > q->desc_max)) {
		if (skb_linearize(skb))
			return -ENOMEM;
		stmmac_tx_plan(q, skb, p);
		if (p->ndesc > q->desc_max)
			return -E2BIG;
	}
	if (unlikely(p->tso && skb_headlen(skb) < p->hdr_len))
		return -EINVAL;
	return flags;
}

/**
 * stmmac_select_queue() - pick a TX queue that can offload what a frame needs
 * @dev: the device
 * @skb: the frame
 * @sb_dev: subordinate device, for netdev_pick_tx()
 *
 * Frames that need checksum insertion or TSO avoid the queues without a
 * checksum engine (Agilex5's TX queues 2-7, for one), spread over the
 * others the frame's queue may give it to (&stmmac_priv.tx_pick: of its
 * mqprio traffic class, none shaped); with none such, they keep their
 * queue and get their checksum in software (stmmac_tx_prepare()), TSO
 * frames segmented first (stmmac_features_check()).
 *
 * Return: the queue.
 */
u16 stmmac_select_queue(struct net_device *dev, struct sk_buff *skb,
			struct net_device *sb_dev)
{
	struct stmmac_priv *priv = netdev_priv(dev);
	u16 q = netdev_pick_tx(dev, skb, sb_dev);
	/* ethtool -L changes it under RTNL (stmmac_queues.c) */
	u32 ok = READ_ONCE(priv->csum_queues), n;

	if (skb->ip_summed != CHECKSUM_PARTIAL && !skb_is_gso(skb))
		return q;
	/* tc changes it under RTNL (stmmac_tc.c) */
	if (q < STMMAC_MAX_QUEUES)
		ok &= READ_ONCE(priv->tx_pick[q]);
	if (!ok || (ok & BIT(q)))
		return q;
	for (n = q % hweight32(ok); n; n--)
		ok &= ok - 1;
	return __ffs(ok);
}

/**
 * stmmac_features_check() - the offloads one frame may use on its queue
 * @skb: the frame, its TX queue picked
 * @dev: the device
 * @features: what the stack would use
 *
 * The checksum engines are given only frames whose IP header follows the
 * Ethernet header: upstream checksums every other frame in software on
 * every core (a VLAN tag, a DSA tag), and the databooks say nothing we
 * could rely on for 802.1ad or stacked tags. A TSO frame with one 802.1Q
 * tag stays the XGMAC's to segment, as upstream has it. A tag the MAC
 * inserts (NETIF_F_HW_VLAN_CTAG_TX) is not in the frame the engines see. A GSO frame on a
 * queue without TSO (steered there by tc skbedit, which bypasses
 * stmmac_select_queue()) is segmented by the stack, not dropped by xmit.
 *
 * Return: @features, less what this frame may not use.
 */
netdev_features_t stmmac_features_check(struct sk_buff *skb,
					struct net_device *dev,
					netdev_features_t features)
{
	struct stmmac_priv *priv = netdev_priv(dev);
	u16 qi = skb_get_queue_mapping(skb);
	bool tso = qi < READ_ONCE(priv->tx_queues) && priv->txq[qi].tso;
	bool gso = skb_is_gso(skb);

	features = vlan_features_check(skb, features);
	if (gso && !tso)
		features &= ~NETIF_F_GSO_MASK;
	if (skb->ip_summed != CHECKSUM_PARTIAL)
		return features;
	switch (stmmac_tx_l3(dev, skb)) {
	case STMMAC_TX_L3_PLAIN:
		break;
	case STMMAC_TX_L3_CTAG:
		/* Segmented by the stack instead (TSO off, a GSO type the
		 * device lacks), each segment would go to the engine.
		 */
		if (gso && tso && skb_gso_ok(skb, features))
			break;
		fallthrough;
	case STMMAC_TX_L3_OTHER:
		features &= ~(NETIF_F_CSUM_MASK | NETIF_F_GSO_MASK);
		break;
	}
	return features;
}

/*
 * A frame with IC relies on its interrupt, and no timer covers it. But the
 * GMAC DMA, while still busy with earlier frames, takes a descriptor as soon
 * as it is owned, without waiting for the doorbell: it can complete this
 * frame, and TX NAPI run by its interrupt can finish, before xmit published
 * the frame to TX clean. Look after publishing: a frame already done gets a
 * TX NAPI run (one already scheduled is marked missed and polls again).
 * XGMAC stops at its tail pointer, written after publishing, but the check
 * is one descriptor read per IC bit. On a DMA that sends inside the
 * doorbell write (QEMU's GMAC) this runs for every frame with IC, the line
 * already raised: stmmac_coal_tx_napi() acknowledges TI, so that the
 * interrupt does not come again when NAPI unmasks it.
 */
static void stmmac_tx_ic_catchup(struct stmmac_priv *priv,
				 const struct stmmac_txq *q,
				 struct stmmac_coal_txq *cq, bool ic)
{
	const struct stmmac_desc *last;

	if (!ic)
		return;
	last = stmmac_txd(q, q->head - 1);
	/* Order publishing head before reading back the descriptor. */
	smp_mb();
	if (stmmac_coal_catchup_decide(ic, !priv->desc->tx_busy(last)))
		stmmac_coal_tx_napi(cq);
}

/*
 * Does the frame get a hardware TX timestamp? Only if the socket asked and
 * hwtstamp TX is on. Where the MAC keeps a single TX timestamp (XGMAC),
 * which TX clean reads when the frame completes, only one frame at a time
 * gets one; where the DMA writes each frame's stamp into its last
 * descriptor (GMAC, 32-byte descriptors), every frame that asks does.
 * Frames that do not ask pay one flag test, on a cache line xmit reads
 * anyway. Called once the frame cannot be dropped any more: the slot
 * taken here is given back by TX clean alone.
 */
static bool stmmac_tx_ts_want(struct stmmac_priv *priv, struct sk_buff *skb)
{
	struct stmmac_ptp *ptp = &priv->ptp;

	if (likely(!(skb_shinfo(skb)->tx_flags & SKBTX_HW_TSTAMP)))
		return false;
	if (!READ_ONCE(ptp->tx_on))
		return false;
	if (!priv->desc->tx_ts && test_and_set_bit_lock(0, &ptp->tx_pending)) {
		atomic_inc(&ptp->tx_skipped);
		return false;
	}
	skb_shinfo(skb)->tx_flags |= SKBTX_IN_PROGRESS;
	return true;
}

/* TX clean: the frame that asked for a timestamp is done; @d is its last
 * descriptor.
 */
static void stmmac_tx_ts_done(struct stmmac_priv *priv, struct sk_buff *skb,
			      const struct stmmac_desc *d)
{
	struct skb_shared_hwtstamps hw = {};
	bool in_desc = priv->desc->tx_ts;
	int ret;
	u64 ns;

	if (in_desc)
		ret = priv->desc->tx_ts(d, &ns);
	else
		ret = priv->hw->tx_tstamp(priv->ioaddr, &ns);
	if (ret) {
		atomic_inc(&priv->ptp.tx_missed);
	} else {
		hw.hwtstamp = ns_to_ktime(ns);
		skb_tstamp_tx(skb, &hw);
	}
	/* The next frame may ask once this one's stamp was read. */
	if (!in_desc)
		clear_bit_unlock(0, &priv->ptp.tx_pending);
}

/**
 * stmmac_xmit() - queue a frame on its TX ring
 * @skb: the frame
 * @dev: the device
 *
 * Return: NETDEV_TX_OK, or NETDEV_TX_BUSY if the ring was full (a bug:
 * the queue is stopped before that can happen).
 */
netdev_tx_t stmmac_xmit(struct sk_buff *skb, struct net_device *dev)
{
	struct stmmac_priv *priv = netdev_priv(dev);
	u16 qi = skb_get_queue_mapping(skb);
	struct stmmac_txq *q = &priv->txq[qi];
	struct stmmac_coal_txq *cq = &priv->coal.tx[qi];
	struct netdev_queue *ntxq = netdev_get_tx_queue(dev, qi);
	bool more = netdev_xmit_more();
	struct stmmac_tx_segs segs;
	struct stmmac_tx_plan p;
	unsigned int len;
	bool stops, ts;
	int flags;
	u32 usecs;

	/* A queue index taken before ethtool -L took the queue away (pktgen
	 * and AF_PACKET's qdisc bypass hold one across it): no ring. The
	 * count changes only while every queue is stopped.
	 */
	if (unlikely(qi >= READ_ONCE(priv->tx_queues))) {
		dev_kfree_skb_any(skb);
		stmmac_tx_count(&q->xmit_stats, &q->xmit_stats.dropped);
		return NETDEV_TX_OK;
	}
	if (unlikely(stmmac_tx_too_long(priv, qi, skb)))
		return stmmac_tx_drop(priv, q, skb);
	/* A tag the MAC does not insert (ethtool -K txvlan off while the
	 * frame was on its way): into the frame, as validate_xmit_vlan()
	 * would have put it.
	 */
	if (unlikely(skb_vlan_tag_present(skb) && !stmmac_tx_vlan_hw(dev, skb))) {
		skb = __vlan_hwaccel_push_inside(skb);
		/* freed by the push, whose failure still rings the doorbell */
		if (!skb)
			return stmmac_tx_drop(priv, q, NULL);
	}
	flags = stmmac_tx_prepare(q, skb, &p);
	if (flags < 0)
		return stmmac_tx_drop(priv, q, skb);
	if (unlikely(stmmac_tx_avail(q) < p.ndesc)) {
		netif_tx_stop_queue(ntxq);
		netdev_err_once(dev, "TX queue %u awake with a full ring\n", qi);
		/* Earlier frames may have deferred the doorbell to this one. */
		stmmac_tx_doorbell(priv, q);
		return NETDEV_TX_BUSY;
	}
	if (stmmac_tx_map(q, skb, &p, &segs))
		return stmmac_tx_drop(priv, q, skb);
	ts = stmmac_tx_ts_want(priv, skb);
	if (unlikely(ts))
		flags |= STMMAC_TXD_TS;

	/* BQL counts the bytes before TX clean can complete them, and before
	 * the IC decision: a frame after which BQL stops the queue needs IC as
	 * much as one that fills the ring. BQL's limit starts from 0 at every
	 * reset, so that early on it stops the queue after most frames.
	 */
	len = skb->len;
	netdev_tx_sent_queue(ntxq, len);
	/* One tx-usecs snapshot for the IC decision and the timer rule: a
	 * concurrent ethtool -C then cannot leave this frame with neither.
	 */
	usecs = stmmac_coal_tx_usecs(cq);
	/* The frame after which the queue stops: BQL stopped it, or
	 * netif_txq_maybe_stop() will (a later clean only makes more room).
	 */
	stops = stmmac_tx_avail(q) - p.ndesc < q->desc_max ||
		netif_xmit_stopped(ntxq);
	if (stmmac_coal_tx_ic(&priv->coal, cq, usecs, p.ndesc, more, ts,
			      stops))
		flags |= STMMAC_TXD_IC;
	stmmac_coal_tx_sk(&priv->coal, cq, skb->sk);
	stmmac_tx_fill(q, &p, &segs, len, flags);
	q->buf[(q->head + p.ndesc - 1) & (q->size - 1)].skb = skb;
	q->buf[(q->head + p.ndesc - 1) & (q->size - 1)].ts = ts;
	skb_tx_timestamp(skb);

	dma_wmb();
	priv->desc->tx_own(stmmac_txd(q, q->head));
	/* Publish the frame to TX clean; pairs with its acquire of head. */
	smp_store_release(&q->head, q->head + p.ndesc);

	netif_txq_maybe_stop(ntxq, stmmac_tx_avail(q), q->desc_max,
			     stmmac_tx_wake_thresh(q));
	/* The doorbell once per burst: at its last frame, or at the frame
	 * after which the queue stopped, since no more will come to ring it.
	 * The DMA takes every owned descriptor up to it (GMAC: a running DMA
	 * even before it), so one MMIO write and its barrier do for the
	 * burst.
	 */
	if (!more || netif_xmit_stopped(ntxq) ||
	    unlikely(priv->tx_doorbell_each))
		stmmac_tx_doorbell(priv, q);
	stmmac_coal_tx_kick(&priv->coal, cq, usecs);
	stmmac_tx_ic_catchup(priv, q, cq, flags & STMMAC_TXD_IC);
	return NETDEV_TX_OK;
}

/* Whether a frame of @len bytes fits beside the stack's reserve; its
 * plan in @p if so.
 */
static bool stmmac_tx_xdp_room(struct stmmac_txq *q, u32 len,
			       struct stmmac_tx_plan *p)
{
	p->chunk = stmmac_tx_chunk(q->priv);
	p->first = p->chunk;
	p->ndesc = stmmac_tx_parts(len, p->chunk, p->chunk);
	return stmmac_tx_avail(q) >= p->ndesc + q->desc_max;
}

/* Queue a mapped frame whose room stmmac_tx_xdp_room() found: an XDP
 * frame (@xdpf), or an AF_XDP one (@xdpf NULL) from the queue's XSK pool.
 * @owned: the mapping is a pool's, not to be unmapped here.
 */
static void stmmac_tx_xdp_queue(struct stmmac_txq *q,
				const struct stmmac_tx_plan *p, dma_addr_t dma,
				u32 len, struct xdp_frame *xdpf, bool owned)
{
	struct stmmac_priv *priv = q->priv;
	struct stmmac_coal_txq *cq = &priv->coal.tx[q->index];
	u32 last, flags = STMMAC_TXD_LAST;
	struct stmmac_tx_segs segs;
	bool stops;

	segs.n = 1;
	segs.seg[0].dma = dma;
	segs.seg[0].len = len;
	segs.seg[0].parts = p->ndesc;
	last = (stmmac_tx_record(q, q->head, &segs.seg[0], false) - 1) &
	       (q->size - 1);
	q->buf[last].pool = owned;
	q->buf[last].xdpf = xdpf;
	q->buf[last].xsk = !xdpf;

	q->xdp_usecs = stmmac_coal_tx_usecs(cq);
	stops = stmmac_tx_avail(q) - p->ndesc < p->ndesc + q->desc_max;
	q->xdp_ic = stmmac_coal_tx_ic(&priv->coal, cq, q->xdp_usecs, p->ndesc,
				      true, false, stops);
	if (q->xdp_ic)
		flags |= STMMAC_TXD_IC;
	stmmac_tx_fill(q, p, &segs, len, flags);
	dma_wmb();
	priv->desc->tx_own(stmmac_txd(q, q->head));
	/* Publish the frame to TX clean; pairs with its acquire of head. */
	smp_store_release(&q->head, q->head + p->ndesc);
}

/**
 * stmmac_tx_xdp() - queue one XDP frame, without ringing the doorbell
 * @q: the queue, its xmit lock held, the data path running
 *	(&stmmac_priv.xdp_tx_on)
 * @xdpf: the frame
 * @dma: its data's bus address in its page pool's mapping, synced for the
 *	device by the caller (XDP_TX); ignored with @map
 * @map: map the frame here, and unmap it once sent (ndo_xdp_xmit, and
 *	XDP_TX from an AF_XDP pool, whose frame was copied)
 *
 * The frame takes a slot only while the stack's frames keep theirs: as
 * many as xmit may need stay free. IC as for any frame, but never for the
 * end of a batch: no socket waits on these completions, so IC every
 * tx-frames, on the frame that leaves no room for another, and the timer
 * for the rest (stmmac_tx_xdp_flush()).
 *
 * Return: 0, or -ENOSPC or -ENOMEM (the frame is still the caller's).
 */
int stmmac_tx_xdp(struct stmmac_txq *q, struct xdp_frame *xdpf,
		  dma_addr_t dma, bool map)
{
	struct stmmac_priv *priv = q->priv;
	struct stmmac_tx_plan p = {};

	if (!stmmac_tx_xdp_room(q, xdpf->len, &p)) {
		stmmac_tx_count(&q->xmit_stats, &q->xdp_full);
		return -ENOSPC;
	}
	if (map) {
		dma = dma_map_single(priv->device, xdpf->data, xdpf->len,
				     DMA_TO_DEVICE);
		if (dma_mapping_error(priv->device, dma)) {
			stmmac_tx_count(&q->xmit_stats, &q->xmit_stats.dropped);
			return -ENOMEM;
		}
	}
	stmmac_tx_xdp_queue(q, &p, dma, xdpf->len, xdpf, !map);
	stmmac_tx_count(&q->xmit_stats, &q->xdp_frames);
	return 0;
}

/**
 * stmmac_tx_xsk() - AF_XDP zero-copy: send what the socket's TX ring holds
 * @q: the queue, in its TX NAPI
 * @budget: frames at most
 *
 * Under the xmit lock, beside the stack's frames and as the XDP ones:
 * room for the stack kept, IC by the frame count, the doorbell and the
 * timer rule once for the batch (stmmac_tx_xdp_flush()).
 *
 * Return: false when @budget ran out: poll again. When the room did, the
 * frames on the ring complete first, and their poll sends the rest.
 */
bool stmmac_tx_xsk(struct stmmac_txq *q, u32 budget)
{
	struct stmmac_priv *priv = q->priv;
	struct netdev_queue *nq = netdev_get_tx_queue(priv->dev, q->index);
	struct xsk_buff_pool *pool;
	struct stmmac_tx_plan p;
	struct xdp_desc d;
	u32 sent = 0;
	dma_addr_t dma;

	/* Most queues have none: no xmit lock taken for them. */
	if (!READ_ONCE(q->xsk))
		return true;
	__netif_tx_lock(nq, smp_processor_id());
	pool = q->xsk;
	if (!pool) {
		__netif_tx_unlock(nq);
		return true;
	}
	while (sent < budget) {
		/* room first: a descriptor peeked is the kernel's to send */
		memset(&p, 0, sizeof(p));
		if (!stmmac_tx_xdp_room(q, xsk_pool_get_chunk_size(pool), &p))
			break;
		if (!xsk_tx_peek_desc(pool, &d))
			break;
		/* the frame's own plan: no more descriptors than a chunk's */
		p.ndesc = stmmac_tx_parts(d.len, p.chunk, p.chunk);
		dma = xsk_buff_raw_get_dma(pool, d.addr);
		xsk_buff_raw_dma_sync_for_device(pool, dma, d.len);
		stmmac_tx_xdp_queue(q, &p, dma, d.len, NULL, true);
		WRITE_ONCE(q->xsk_inflight, q->xsk_inflight + 1);
		sent++;
	}
	if (sent) {
		xsk_tx_release(pool);
		u64_stats_update_begin(&q->xmit_stats.syncp);
		u64_stats_add(&q->xsk_frames, sent);
		u64_stats_update_end(&q->xmit_stats.syncp);
		stmmac_tx_xdp_flush(q);
		txq_trans_cond_update(nq);
	}
	if (xsk_uses_need_wakeup(pool))
		xsk_set_tx_need_wakeup(pool);
	__netif_tx_unlock(nq);
	return sent < budget;
}

/**
 * stmmac_tx_xdp_flush() - hand the XDP frames queued to the DMA
 * @q: the queue, its xmit lock held
 *
 * The doorbell, then the timer rule with tx-usecs as the newest frame
 * read it (a frame queued at tx-usecs 0 has IC and covers the ones
 * before it), and the check that an IC frame done before it was
 * published gets its poll.
 */
void stmmac_tx_xdp_flush(struct stmmac_txq *q)
{
	struct stmmac_priv *priv = q->priv;
	struct stmmac_coal_txq *cq = &priv->coal.tx[q->index];

	stmmac_tx_doorbell(priv, q);
	stmmac_coal_tx_kick(&priv->coal, cq, q->xdp_usecs);
	stmmac_tx_ic_catchup(priv, q, cq, q->xdp_ic);
}

/**
 * stmmac_txq_xdp_refused() - count XDP frames refused without a try
 * @q: the queue, its xmit lock held
 * @n: frames of a batch after one stmmac_tx_xdp() refused
 */
void stmmac_txq_xdp_refused(struct stmmac_txq *q, u32 n)
{
	u64_stats_update_begin(&q->xmit_stats.syncp);
	u64_stats_add(&q->xdp_full, n);
	u64_stats_update_end(&q->xmit_stats.syncp);
}

/**
 * stmmac_txq_xdp_stats() - read a TX queue's XDP counters
 * @q: the queue
 * @frames: XDP frames queued
 * @full: XDP frames refused for want of room
 * @xsk: AF_XDP frames sent in zero-copy mode
 */
void stmmac_txq_xdp_stats(struct stmmac_txq *q, u64 *frames, u64 *full,
			  u64 *xsk)
{
	unsigned int start;

	do {
		start = u64_stats_fetch_begin(&q->xmit_stats.syncp);
		*frames = u64_stats_read(&q->xdp_frames);
		*full = u64_stats_read(&q->xdp_full);
		*xsk = u64_stats_read(&q->xsk_frames);
	} while (u64_stats_fetch_retry(&q->xmit_stats.syncp, start));
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_txq_xdp_stats);

/* Reclaim completed descriptors, at most @limit frames; returns frames. */
static int stmmac_tx_clean(struct stmmac_txq *q, int budget, int limit)
{
	struct stmmac_priv *priv = q->priv;
	struct stmmac_queue_stats *s = &q->clean_stats;
	unsigned int pkts = 0, bytes = 0, errors = 0, xpkts = 0, xbytes = 0;
	unsigned int xsk = 0;
	u32 head, tail = q->tail, blen;

	/* Pairs with the release in xmit: the frame's slots are complete. */
	head = smp_load_acquire(&q->head);

	while (tail != head && pkts + xpkts < limit) {
		u32 idx = tail & (q->size - 1);
		struct stmmac_desc *d = stmmac_txd(q, idx);
		struct stmmac_tx_buf *b = &q->buf[idx];

		if (priv->desc->tx_busy(d))
			break;
		/* netpoll (budget 0) may not return XDP frames: their page
		 * pools are not for a context with interrupts off, nor for one
		 * that may have interrupted their NAPI. The next poll will.
		 */
		if (unlikely(!budget && b->xdpf))
			break;
		/* Status and buffers only after the DMA gave the slot back. */
		dma_rmb();
		blen = b->len;
		stmmac_tx_unmap(priv, b);
		if (b->skb) {
			if (unlikely(b->ts)) {
				stmmac_tx_ts_done(priv, b->skb, d);
				b->ts = false;
			}
			errors += priv->desc->tx_error(d);
			pkts++;
			bytes += b->skb->len;
			napi_consume_skb(b->skb, budget);
			b->skb = NULL;
		} else if (b->xdpf) {
			errors += priv->desc->tx_error(d);
			xpkts++;
			xbytes += b->xdpf->len;
			xdp_return_frame(b->xdpf);
			b->xdpf = NULL;
		} else if (b->xsk) {
			errors += priv->desc->tx_error(d);
			xpkts++;
			xbytes += blen;
			xsk++;
			b->xsk = false;
		}
		tail++;
	}
	if (xsk) {
		xsk_tx_completed(q->xsk_done, xsk);
		/* The completions before a detach sees the count drop. */
		smp_store_release(&q->xsk_inflight, q->xsk_inflight - xsk);
	}
	if (!pkts && !xpkts && tail == q->tail)
		return 0;

	u64_stats_update_begin(&s->syncp);
	u64_stats_add(&s->packets, pkts + xpkts - errors);
	u64_stats_add(&s->errors, errors);
	u64_stats_add(&s->bytes, bytes + xbytes);
	u64_stats_update_end(&s->syncp);

	/* The slots are free for xmit once it sees the new tail. */
	smp_store_release(&q->tail, tail);
	netif_txq_completed_wake(netdev_get_tx_queue(priv->dev, q->index),
				 pkts, bytes, stmmac_tx_avail(q),
				 stmmac_tx_wake_thresh(q));
	return pkts + xpkts;
}

/**
 * stmmac_tx_poll() - TX NAPI: reclaim completed frames
 * @napi: the channel's TX NAPI
 * @budget: frames allowed; 0 from netpoll, which may only clean
 *
 * Once done, the TX interrupt is unmasked and stmmac_coal_tx_done() covers
 * what is still pending: with the timer (or, at tx-usecs 0, the drain
 * timer), or with another poll at once when the newest frame has IC and is
 * done already.
 *
 * Return: frames reclaimed, @budget to be polled again.
 */
int stmmac_tx_poll(struct napi_struct *napi, int budget)
{
	struct stmmac_channel *ch = container_of(napi, struct stmmac_channel,
						 tx_napi);
	struct stmmac_priv *priv = ch->priv;
	struct stmmac_txq *q = &priv->txq[ch->index];
	bool pending, last_done;
	unsigned long flags;
	u32 head;
	int done;

	if (!budget) {
		stmmac_tx_clean(q, 0, INT_MAX);
		return 0;
	}
	done = stmmac_tx_clean(q, budget, budget);
	if (done)
		stmmac_eee_tx_seen(priv);
	/* An AF_XDP socket's frames go out from here, as completions make
	 * room; a ring left unsent keeps the poll going.
	 */
	if (done >= budget || !stmmac_tx_xsk(q, budget))
		return budget;
	if (!napi_complete_done(napi, done))
		return done;

	spin_lock_irqsave(&ch->lock, flags);
	priv->hw->dma_irq_enable(priv->ioaddr, ch->index, false, true);
	spin_unlock_irqrestore(&ch->lock, flags);
	/* Read after napi_complete_done(): xmit publishes q->head before it
	 * looks at the NAPI state, so one of the two sees the other.
	 */
	head = smp_load_acquire(&q->head);
	pending = head != READ_ONCE(q->tail);
	/* And after the unmask, which the core has taken once
	 * dma_irq_enable() returns: the newest frame may have completed since
	 * the clean looked, its TI latched under the mask. Not every core
	 * raises the line again for it at the unmask; its descriptor tells.
	 */
	last_done = pending && !priv->desc->tx_busy(stmmac_txd(q, head - 1));
	stmmac_coal_tx_done(&priv->coal, &priv->coal.tx[ch->index], pending,
			    last_done);
	return done;
}

/* A ring of a spare set may have come from a queue the set never had
 * (ethtool -L took it away): its &stmmac_txq.priv is not set.
 */
static u32 stmmac_txq_release(struct stmmac_priv *priv, struct stmmac_txq *q)
{
	u32 i, xsk = 0;

	for (i = 0; i < q->size; i++) {
		struct stmmac_tx_buf *b = &q->buf[i];

		stmmac_tx_unmap(priv, b);
		b->ts = false;
		xsk += b->xsk;
		b->xsk = false;
		if (b->skb) {
			dev_kfree_skb_any(b->skb);
			b->skb = NULL;
		}
		if (b->xdpf) {
			xdp_return_frame(b->xdpf);
			b->xdpf = NULL;
		}
	}
	return xsk;
}

/* AF_XDP frames that never completed (a ring freed, or leaked under a
 * wedged DMA) are the socket's again all the same: its chunks come back
 * and a detach waiting for them ends (stmmac_txq_xsk_idle()).
 */
static void stmmac_txq_xsk_dropped(struct stmmac_priv *priv, u32 i, u32 n)
{
	struct stmmac_txq *q = &priv->txq[i];

	if (!n)
		return;
	xsk_tx_completed(q->xsk_done, n);
	/* The completions before a detach sees the count drop. */
	smp_store_release(&q->xsk_inflight, q->xsk_inflight - n);
}

static u32 stmmac_txq_xsk_count(const struct stmmac_txq *q)
{
	u32 i, n = 0;

	for (i = 0; q->buf && i < q->size; i++)
		n += q->buf[i].xsk;
	return n;
}

/* Free a ring and drop what is still queued on it; BQL is the caller's.
 * Return: AF_XDP frames it held.
 */
static u32 stmmac_txq_free_ring(struct stmmac_priv *priv,
				struct stmmac_txq *q)
{
	u32 xsk = 0;

	if (q->buf)
		xsk = stmmac_txq_release(priv, q);
	if (q->desc)
		dma_free_coherent(priv->device, q->size * q->stride, q->desc,
				  q->desc_dma);
	kfree(q->buf);
	q->desc = NULL;
	q->buf = NULL;
	return xsk;
}

/**
 * stmmac_tx_rings_alloc() - allocate an empty ring for every TX queue
 * @priv: the device
 * @set: the queues to give rings: &stmmac_priv.txq, or a spare set
 *	built while those run (stmmac_tx_rings_swap())
 * @n: the first @n queues of @set get one
 * @size: descriptors per ring
 *
 * Only the ring fields of @set are written; the counters and settings of
 * a queue stay with it. Sleeps.
 *
 * Return: 0 or -ENOMEM, with nothing left allocated.
 */
int stmmac_tx_rings_alloc(struct stmmac_priv *priv, struct stmmac_txq *set,
			  u32 n, u32 size)
{
	u32 i;

	for (i = 0; i < n; i++) {
		struct stmmac_txq *q = &set[i];

		q->priv = priv;
		q->index = i;
		q->size = size;
		q->stride = priv->desc->size;
		if (stmmac_txq_tbs(priv, i))
			q->stride += 4 * sizeof(__le32);
		q->doff = q->stride - priv->desc->size;
		q->head = 0;
		q->tail = 0;
		q->buf = kcalloc(size, sizeof(*q->buf), GFP_KERNEL);
		q->desc = dma_alloc_coherent(priv->device, size * q->stride,
					     &q->desc_dma, GFP_KERNEL);
		if (!q->buf || !q->desc) {
			do {
				stmmac_txq_free_ring(priv, &set[i]);
			} while (i--);
			return -ENOMEM;
		}
	}
	return 0;
}

/**
 * stmmac_tx_rings_free() - free the rings of a set of TX queues
 * @priv: the device
 * @set: the queues, no DMA running on their rings
 *
 * Frames still queued are dropped. BQL is reset only for
 * &stmmac_priv.txq, whose rings the stack's queues account.
 */
void stmmac_tx_rings_free(struct stmmac_priv *priv, struct stmmac_txq *set)
{
	u32 i;

	for (i = 0; i < STMMAC_MAX_QUEUES; i++) {
		stmmac_txq_xsk_dropped(priv, i,
				       stmmac_txq_free_ring(priv, &set[i]));
		/* Frames dropped here never complete: BQL must forget them. */
		if (set == priv->txq)
			netdev_tx_reset_queue(netdev_get_tx_queue(priv->dev, i));
	}
}

/**
 * stmmac_tx_rings_forget() - leak the rings of a set of TX queues
 * @priv: the device, its TX NAPIs disabled
 * @set: &stmmac_priv.txq, or a spare set holding the old rings
 *
 * For rings a wedged DMA may still read (&stmmac_priv.dma_wedged): their
 * descriptors, buffers and frames stay allocated and mapped, forever,
 * rather than be reused under it. BQL forgets the frames, as at a free.
 */
void stmmac_tx_rings_forget(struct stmmac_priv *priv, struct stmmac_txq *set)
{
	u32 i;

	for (i = 0; i < STMMAC_MAX_QUEUES; i++) {
		stmmac_txq_xsk_dropped(priv, i, stmmac_txq_xsk_count(&set[i]));
		set[i].desc = NULL;
		set[i].buf = NULL;
		if (set == priv->txq)
			netdev_tx_reset_queue(netdev_get_tx_queue(priv->dev, i));
	}
}

/**
 * stmmac_tx_rings_swap() - put a spare set's rings in service
 * @priv: the device, its TX DMA stopped and TX NAPIs disabled
 * @set: the spare set, which gets the old rings (to be freed)
 *
 * The stack's queues restart empty: BQL is reset here.
 */
void stmmac_tx_rings_swap(struct stmmac_priv *priv, struct stmmac_txq *set)
{
	u32 i;

	for (i = 0; i < STMMAC_MAX_QUEUES; i++) {
		struct stmmac_txq *q = &priv->txq[i], *s = &set[i];

		swap(q->desc, s->desc);
		swap(q->desc_dma, s->desc_dma);
		swap(q->buf, s->buf);
		swap(q->size, s->size);
		swap(q->stride, s->stride);
		swap(q->doff, s->doff);
		swap(q->head, s->head);
		swap(q->tail, s->tail);
		netdev_tx_reset_queue(netdev_get_tx_queue(priv->dev, i));
	}
}

/**
 * stmmac_tx_alloc() - give every TX queue a ring of the configured size
 * @priv: the device
 *
 * Return: 0 or -ENOMEM, with nothing left allocated.
 */
int stmmac_tx_alloc(struct stmmac_priv *priv)
{
	u32 i;

	/* Every queue, in use or not: ethtool -L may add one. */
	for (i = 0; i < STMMAC_MAX_QUEUES; i++) {
		struct stmmac_txq *q = &priv->txq[i];

		/* What the queue can do; the stack asks only for what the
		 * features currently allow.
		 */
		q->csum = (priv->dev->hw_features & NETIF_F_CSUM_MASK) &&
			  !(priv->plat->tx_coe_off & BIT(i));
		/* no TSO where frames have launch times, as upstream */
		q->tso = q->csum && (priv->dev->hw_features & NETIF_F_TSO) &&
			 !stmmac_txq_tbs(priv, i);
		q->desc_max = stmmac_tx_desc_max(priv);
		q->csum_max = stmmac_tx_csum_max(priv);
	}
	return stmmac_tx_rings_alloc(priv, priv->txq, priv->tx_queues,
				     priv->tx_ring_size);
}

/**
 * stmmac_tx_free() - release every TX ring and what is still queued on it
 * @priv: the device, its DMA stopped
 */
void stmmac_tx_free(struct stmmac_priv *priv)
{
	stmmac_tx_rings_free(priv, priv->txq);
}

/**
 * stmmac_txq_stats() - read a TX queue's counters
 * @q: the queue
 * @packets: frames sent
 * @bytes: bytes sent
 * @errors: frames the MAC reported as failed
 * @dropped: frames dropped by the driver
 */
void stmmac_txq_stats(struct stmmac_txq *q, u64 *packets, u64 *bytes,
		      u64 *errors, u64 *dropped)
{
	unsigned int start;

	do {
		start = u64_stats_fetch_begin(&q->clean_stats.syncp);
		*packets = u64_stats_read(&q->clean_stats.packets);
		*bytes = u64_stats_read(&q->clean_stats.bytes);
		*errors = u64_stats_read(&q->clean_stats.errors);
	} while (u64_stats_fetch_retry(&q->clean_stats.syncp, start));
	do {
		start = u64_stats_fetch_begin(&q->xmit_stats.syncp);
		*dropped = u64_stats_read(&q->xmit_stats.dropped);
	} while (u64_stats_fetch_retry(&q->xmit_stats.syncp, start));
}
