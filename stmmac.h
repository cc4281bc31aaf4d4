/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Core data structures of the stmmac driver: one struct per device, one per
 * DMA channel and queue, the board configuration parsed from firmware, and
 * the tables of operations that differ between IP cores.
 */

#ifndef __STMMAC_H__
#define __STMMAC_H__

#include <linux/clk.h>
#include <linux/if_vlan.h>
#include <linux/netdevice.h>
#include <linux/phy.h>
#include <linux/phylink.h>
#include <linux/reset.h>
#include <linux/spinlock.h>
#include <linux/timer.h>
#include <linux/types.h>
#include <linux/u64_stats_sync.h>
#include <linux/workqueue.h>
#include <net/xdp.h>

#include "stmmac_coal.h"
#include "stmmac_hw.h"
#include "stmmac_est.h"
#include "stmmac_tc.h"
#include "stmmac_ptp.h"

struct mii_bus;
struct page_pool;
struct stmmac_priv;
struct xsk_buff_pool;

#define STMMAC_RING_DEF		512
#define STMMAC_RING_MIN		64
#define STMMAC_RING_MAX		1024
#define STMMAC_TX_TIMEOUT_MS	5000
/* Pause frames ask for the longest pause, 0xffff slots of 512 bit times */
#define STMMAC_PAUSE_TIME	0xffff
/* LPI entry after this long with nothing to send (upstream's eee_timer) */
#define STMMAC_LPI_TIMER_MS	1000
#define STMMAC_NAPI_WEIGHT	NAPI_POLL_WEIGHT
/* A frame's bytes beyond its MTU: header, one VLAN tag, FCS */
#define STMMAC_FRAME_OVERHEAD	(ETH_HLEN + VLAN_HLEN + ETH_FCS_LEN)

/**
 * struct stmmac_fpe - frame preemption: the MAC merge layer's settings
 *	(ethtool --set-mm) and the verification of the link partner
 * @lock: guards the members below against the MAC interrupt and @verify
 * @verify: sends the next verify mPacket while verifying, then gives up
 * @pmac: the preemptible MAC receives, and answers verify mPackets
 * @tx: preemption allowed on TX
 * @verify_on: preempt only once the link partner answered a verify mPacket
 * @verify_ms: time between verify mPackets, 1-128 ms
 * @add_frag: the added fragment size, n in 64 x (1 + n) - 4 bytes
 * @status: ETHTOOL_MM_VERIFY_STATUS_*
 * @tries: verify mPackets sent in this verification
 * @link: the link is up
 * @hw: the core is set up (the data path runs): its registers may be
 *	written
 * @irq: the frame preemption interrupt is unmasked: the MAC interrupt
 *	reads its events
 * @active: preemption is on in the MAC (EFPE)
 */
struct stmmac_fpe {
	spinlock_t lock;	/* see above */
	struct delayed_work verify;
	bool pmac;
	bool tx;
	bool verify_on;
	u32 verify_ms;
	u32 add_frag;
	u32 status;
	u32 tries;
	bool link;
	bool hw;
	bool irq;
	bool active;
};

/**
 * enum stmmac_tx_sched - the TX scheduler between traffic classes
 * @STMMAC_TX_SP: strict priority, the higher class first
 * @STMMAC_TX_WRR: weighted round robin
 * @STMMAC_TX_WFQ: weighted fair queuing
 * @STMMAC_TX_DWRR: deficit weighted round robin
 */
enum stmmac_tx_sched {
	STMMAC_TX_SP,
	STMMAC_TX_WRR,
	STMMAC_TX_WFQ,
	STMMAC_TX_DWRR,
};

/**
 * struct stmmac_plat - the board configuration, parsed from firmware
 * @core: the IP core family
 * @interface: PHY interface mode (DT "phy-mode")
 * @max_speed: highest link speed in Mb/s (DT "max-speed"), 0: no limit
 * @tx_queues: TX queues to use (DT "snps,tx-queues-to-use"), capped by
 *	what the core has
 * @rx_queues: RX queues to use (DT "snps,rx-queues-to-use"), likewise
 * @pbl: DMA programmable burst length (DT "snps,pbl", default 8)
 * @txpbl: TX burst length, 0: @pbl (DT "snps,txpbl")
 * @rxpbl: RX burst length, 0: @pbl (DT "snps,rxpbl")
 * @pblx8: multiply the burst lengths by 8 (not DT "snps,no-pbl-x8")
 * @fixed_burst: DT "snps,fixed-burst"
 * @mixed_burst: DT "snps,mixed-burst"
 * @aal: address-aligned beats (DT "snps,aal")
 * @axi: DT "snps,axi-config" is present; the @axi_* fields below hold it
 * @axi_blen: its "snps,blen" burst lengths, bit n set for 4 << n beats
 * @axi_wr_osr: its "snps,wr_osr_lmt" (default 1)
 * @axi_rd_osr: its "snps,rd_osr_lmt" (default 1)
 * @axi_lpi: its "snps,lpi_en"
 * @axi_xit_frm: its "snps,xit_frm"
 * @force_sf: store-and-forward in both directions (DT "snps,force_sf_dma_mode")
 * @force_thresh: threshold mode in both directions
 *	(DT "snps,force_thresh_dma_mode")
 * @enh_desc: force enhanced descriptors, whatever the HW feature register
 *	says (cores without one)
 * @no_riwt: the RX watchdog must not be used (broken in the silicon)
 * @tx_fifo: DT "tx-fifo-depth" in bytes, 0 when absent (GMAC only: the
 *	XGMAC reports its own)
 * @rx_fifo: DT "rx-fifo-depth", likewise
 * @max_mtu: DT "max-frame-size" (an MTU, as the binding uses it), 0 when
 *	absent
 * @mc_bins: DT "snps,multicast-filter-bins", 0 when absent
 * @uc_entries: DT "snps,perfect-filter-entries", 0 when absent
 * @tx_coe_off: TX queues without checksum insertion, one bit per queue
 * @tx_tbs: TX queues whose DMA channels take launch times (enhanced
 *	descriptors), one bit per queue: the glue's (Agilex 5: 6 and 7, as
 *	upstream's); used where the core has TBS (&stmmac_caps.tbs)
 *	(DT "snps,coe-unsupported" in a TX queue node)
 * @tx_sched: how the TX traffic classes share the link (DT
 *	"snps,tx-sched-sp" (default), "-wrr", "-wfq", "-dwrr")
 * @tx_weight: each TX queue's traffic class weight for @tx_sched's
 *	weighted schedulers (DT "snps,weight" in a TX queue node; default
 *	0x10 + queue, as upstream)
 * @rx_wsp: RX queues arbitrated by weighted strict priority rather than
 *	strict priority (DT "snps,rx-sched-wsp")
 * @no_tso: do not offer TSO even if the core has it
 * @lpi_clk_gate: stop the TX clock while in LPI, where the core can (DT
 *	"snps,en-tx-lpi-clockgating")
 * @pcs: the PCS between MAC and PHY (e.g. an SGMII adapter), if any
 * @rst: the core's "stmmaceth" reset, released, for glues that must
 *	hold the MAC in reset while they configure its surroundings
 * @csr_rate: MDIO reference clock in Hz (the CSR clock)
 * @clk_csr: DT "clk_csr", the MDIO clock range field, or -1 to derive it
 * @clk_rate: MAC clock in Hz, the RX watchdog's time base
 * @ptp_rate: the "ptp_ref" clock in Hz, 0 without one
 * @mdio_node: DT node of the MDIO bus, if described
 * @phy_addr: DT "snps,phy-addr", or -1 to scan
 * @bus_id: the number in the MDIO bus name "stmmac-<bus_id>" (hex)
 * @priv_data: the glue driver's private data
 * @fix_mac_speed: glue hook called on every link up (clock, splitter)
 * @init: glue hook called before the core is reset (open, resume)
 * @exit: glue hook called after the core is stopped
 */
struct stmmac_plat {
	enum stmmac_core core;
	phy_interface_t interface;
	int max_speed;
	u32 tx_queues;
	u32 rx_queues;
	u32 pbl;
	u32 txpbl;
	u32 rxpbl;
	bool pblx8;
	bool fixed_burst;
	bool mixed_burst;
	bool aal;
	bool axi;
	u32 axi_blen;
	u32 axi_wr_osr;
	u32 axi_rd_osr;
	bool axi_lpi;
	bool axi_xit_frm;
	bool force_sf;
	bool force_thresh;
	bool enh_desc;
	bool no_riwt;
	u32 tx_fifo;
	u32 rx_fifo;
	u32 max_mtu;
	u32 mc_bins;
	u32 uc_entries;
	u32 tx_coe_off;
	u32 tx_tbs;
	enum stmmac_tx_sched tx_sched;
	u32 tx_weight[STMMAC_MAX_QUEUES];
	bool rx_wsp;
	bool no_tso;
	bool lpi_clk_gate;
	struct phylink_pcs *pcs;
	struct reset_control *rst;
	unsigned long csr_rate;
	int clk_csr;
	unsigned long clk_rate;
	unsigned long ptp_rate;
	struct device_node *mdio_node;
	int phy_addr;
	int bus_id;
	void *priv_data;
	void (*fix_mac_speed)(void *priv_data, int speed, unsigned int mode);
	int (*init)(struct device *dev, void *priv_data);
	void (*exit)(struct device *dev, void *priv_data);
};

/**
 * struct stmmac_resources - what the bus glue found for the core
 * @ioaddr: mapped register window
 * @irq: the "macirq" interrupt: MAC events and, without per-channel
 *	interrupts, every DMA channel's
 * @rx_irq: per-channel RX interrupts (DT "rx-queue-0".."rx-queue-7"), 0: none
 * @tx_irq: per-channel TX interrupts (DT "tx-queue-0".."tx-queue-7"), 0: none
 * @wol_irq: the "eth_wake_irq" interrupt, 0: the MAC's @irq wakes
 * @mac: MAC address from firmware, if valid
 */
struct stmmac_resources {
	void __iomem *ioaddr;
	int irq;
	int wol_irq;
	int rx_irq[STMMAC_MAX_QUEUES];
	int tx_irq[STMMAC_MAX_QUEUES];
	u8 mac[ETH_ALEN];
};

/**
 * struct stmmac_channel - one DMA channel: an RX and a TX queue
 * @rx_napi: RX NAPI context
 * @tx_napi: TX completion NAPI context
 * @lock: serialises read-modify-write of the channel's interrupt mask
 * @priv: the device
 * @index: channel number
 */
struct stmmac_channel {
	struct napi_struct rx_napi;
	struct napi_struct tx_napi;
	spinlock_t lock;	/* the channel's interrupt mask */
	struct stmmac_priv *priv;
	u32 index;
};

/**
 * struct stmmac_tx_buf - software state of one TX descriptor
 * @skb: the frame, on its last descriptor only
 * @xdpf: an XDP frame instead of @skb (XDP_TX, ndo_xdp_xmit), likewise
 * @dma: the mapping this descriptor's buffer ends, if @len is not 0
 * @len: length of that mapping; 0 on the other descriptors of a buffer
 *	split across several: it is unmapped once its last one is done
 * @page: the mapping is a fragment (dma_map_page), not the linear part
 * @pool: the mapping is a page pool's (XDP_TX) or an XSK pool's: nothing
 *	to unmap
 * @xsk: an AF_XDP frame sent from the queue's XSK pool (zero-copy), on its
 *	last descriptor: its completion goes to the pool
 * @ts: the frame (on its last descriptor) waits for its TX timestamp
 */
struct stmmac_tx_buf {
	struct sk_buff *skb;
	struct xdp_frame *xdpf;
	dma_addr_t dma;
	u32 len;
	bool page;
	bool pool;
	bool xsk;
	bool ts;
};

/**
 * struct stmmac_tx_plan - how one frame is laid out on its ring
 * @chunk: largest buffer one descriptor holds
 * @first: largest buffer of the frame's first data descriptor: the
 *	headers with TSO, @chunk otherwise
 * @ndesc: descriptors, the context descriptors included
 * @ctx: context descriptors before the frame's first: @vlan's, then the
 *	MSS of a TSO frame (0, 1 or 2)
 * @vlan: the MAC inserts an 802.1Q tag, @vlan_tci, given by a context
 *	descriptor
 * @vlan_tci: the tag's TCI
 * @tso: a TSO frame: a context descriptor (MSS), then the headers alone
 * @hdr_len: bytes of headers (TSO)
 * @tcp_hdr_len: bytes of the TCP header (TSO)
 * @mss: segment size (TSO)
 * @launch: the frame's launch time, PTP time in ns; 0 for none
 */
struct stmmac_tx_plan {
	u32 chunk;
	u32 first;
	u32 ndesc;
	u32 ctx;
	bool vlan;
	u16 vlan_tci;
	bool tso;
	u32 hdr_len;
	u32 tcp_hdr_len;
	u32 mss;
	u64 launch;
};

/**
 * struct stmmac_tx_seg - one mapped buffer of a frame
 * @dma: its bus address
 * @len: its length
 * @parts: descriptors it is split over
 */
struct stmmac_tx_seg {
	dma_addr_t dma;
	u32 len;
	u32 parts;
};

/**
 * struct stmmac_tx_segs - the mapped buffers of a frame, in order
 * @n: buffers
 * @seg: the linear part, then the fragments
 */
struct stmmac_tx_segs {
	u32 n;
	struct stmmac_tx_seg seg[MAX_SKB_FRAGS + 1];
};

/**
 * struct stmmac_queue_stats - per-queue packet counters
 * @syncp: 64-bit counter consistency on 32-bit hosts
 * @packets: frames
 * @bytes: bytes
 * @errors: frames with an error
 * @dropped: frames dropped by the driver (no memory, mapping failure)
 */
struct stmmac_queue_stats {
	struct u64_stats_sync syncp;
	u64_stats_t packets;
	u64_stats_t bytes;
	u64_stats_t errors;
	u64_stats_t dropped;
};

/**
 * struct stmmac_txq - one TX ring
 * @priv: the device
 * @index: queue number
 * @desc: descriptor ring, coherent DMA memory
 * @desc_dma: its bus address
 * @buf: software state, one per descriptor
 * @size: descriptors in the ring, a power of two
 * @stride: bytes from one descriptor to the next: &stmmac_desc_ops.size,
 *	or 16 more on a queue with launch time (stmmac_txq_tbs())
 * @doff: where in those the descriptor (&struct stmmac_desc) starts
 * @head: free-running index of the next descriptor xmit fills
 * @tail: free-running index of the next descriptor TX clean reclaims
 * @csum: TX checksum insertion works on this queue
 * @tso: TSO works on this queue
 * @launch: xmit gives frames their launch time (skb->tstamp; tc etf
 *	offload), read without a lock
 * @desc_max: the most descriptors a frame may take; the queue stops when
 *	fewer are free
 * @csum_max: the longest frame (bytes) the checksum engine takes
 * @xmit_stats: counters written by xmit (dropped)
 * @clean_stats: counters written by TX clean (packets, bytes, errors)
 * @xdp_frames: XDP frames queued (XDP_TX, ndo_xdp_xmit), under the xmit
 *	lock, in @xmit_stats' sequence
 * @xdp_full: XDP frames refused for want of room on the ring, likewise
 * @xdp_usecs: tx-usecs as read for the newest XDP frame, for the timer
 *	rule at the end of its batch (xmit lock)
 * @xdp_ic: the newest XDP frame has IC (xmit lock)
 * @xsk: the AF_XDP pool TX NAPI sends from (zero-copy), NULL for none;
 *	written and read under the xmit lock
 * @xsk_done: the pool the AF_XDP frames on the ring complete to: @xsk
 *	and, after a detach cleared that, until @xsk_inflight is 0 (RTNL)
 * @xsk_inflight: AF_XDP frames on the ring (TX NAPI, or with it disabled;
 *	read by a detach waiting for 0)
 * @xsk_frames: AF_XDP frames sent from @xsk, in @xmit_stats' sequence
 *
 * @head is written by xmit under the queue's xmit lock and read by TX
 * clean; @tail is written by TX clean (NAPI) and read by xmit. Both are
 * published with release/acquire so that the descriptors and @buf entries
 * they cover are visible before the index is.
 */
struct stmmac_txq {
	struct stmmac_priv *priv;
	u32 index;
	struct stmmac_desc *desc;
	dma_addr_t desc_dma;
	struct stmmac_tx_buf *buf;
	u32 size;
	u32 stride;
	u32 doff;
	u32 head;
	u32 tail;
	bool csum;
	bool tso;
	bool launch;
	u32 desc_max;
	u32 csum_max;
	struct stmmac_queue_stats xmit_stats;
	struct stmmac_queue_stats clean_stats;
	u64_stats_t xdp_frames;
	u64_stats_t xdp_full;
	u32 xdp_usecs;
	bool xdp_ic;
	struct xsk_buff_pool *xsk;
	struct xsk_buff_pool *xsk_done;
	u32 xsk_inflight;
	u64_stats_t xsk_frames;
};

/**
 * struct stmmac_rx_frame - a frame being put together from several buffers
 * @skb: the frame so far, NULL when none is under way
 * @held: bytes in @skb
 * @bufs: buffers in @skb
 * @skip: the frame's start was dropped: drop its buffers up to its last
 */
struct stmmac_rx_frame {
	struct sk_buff *skb;
	u32 held;
	u32 bufs;
	bool skip;
};

/* What RX does with one received buffer, see &struct stmmac_rx_step */
enum stmmac_rx_act {
	STMMAC_RXA_RECYCLE,	/* it holds no frame data: reuse the page */
	STMMAC_RXA_HOLD,	/* keep it in the frame, which goes on */
	STMMAC_RXA_DELIVER,	/* add it: the frame is whole, to the stack */
	STMMAC_RXA_DROP,	/* drop it and the frame it belongs to */
};

/**
 * struct stmmac_rx_step - the decision stmmac_rx_step() takes for a buffer
 * @act: what to do with it
 * @piece: bytes of the buffer that belong to the frame (HOLD, DELIVER)
 * @len: the whole frame's length for the stack, without FCS (DELIVER)
 * @err: STMMAC_RXE_* causes to count for a dropped frame, 0 for none
 * @abort: first drop the frame held, which never got its last buffer,
 *	as one length error
 * @skip: drop the buffers after this one up to the frame's last
 * @vlan: the tag the MAC took out of the frame (DELIVER), as
 *	&stmmac_rx_info.vlan
 */
struct stmmac_rx_step {
	enum stmmac_rx_act act;
	u32 piece;
	u32 len;
	u32 err;
	bool abort;
	bool skip;
	u32 vlan;
};

/**
 * struct stmmac_rxq - one RX ring
 * @priv: the device
 * @index: queue number
 * @desc: descriptor ring, coherent DMA memory
 * @desc_dma: its bus address
 * @pages: the page behind each descriptor, NULL when not refilled yet
 * @pool: page pool the buffers come from
 * @xsk: the AF_XDP pool the buffers come from instead (zero-copy), NULL
 *	for none
 * @xbufs: with @xsk, the pool's buffer behind each descriptor instead of
 *	@pages
 * @size: descriptors in the ring, a power of two
 * @cur: free-running index of the next descriptor to receive into
 * @dirty: free-running index of the next descriptor to refill
 * @buf_len: bytes the DMA may write into each buffer
 * @headroom: bytes before each buffer in its page: the skb's headroom, or
 *	XDP's
 * @xdp: the ring was built for an XDP program: every frame must fit one
 *	buffer, its pages are mapped both ways (XDP_TX sends them)
 * @xdp_rxq: the queue as XDP programs and redirects see it; registered
 *	with the ring's page pool as its memory model
 * @frame: the frame under way when it spans several buffers; it may
 *	outlive a NAPI poll whose budget ran out in its middle
 * @refill_timer: polls again a while after a refill found no memory
 * @csum: the checksum engine is on (RXCSUM)
 * @csum_from: the first descriptor index whose frame the engine surely
 *	checked; frames before it may have been received with it off
 * @ts_polls: polls that found the frame at @cur waiting for its context
 *	descriptor (RX NAPI only)
 * @stats: counters, written by RX NAPI only
 * @alloc_fail: buffer allocations that failed
 * @crc_errors: frames with a CRC error (in @stats.errors too)
 * @length_errors: runt, giant, truncated frames
 * @over_errors: frames lost to a FIFO overflow
 * @frame_errors: frames with any other error
 * @xdp_drop: frames an XDP program dropped (XDP_DROP, XDP_ABORTED)
 * @xdp_tx: frames an XDP program sent back out (XDP_TX)
 * @xdp_redirect: frames an XDP program redirected
 * @xdp_errors: frames dropped because what the program asked failed (a
 *	full TX ring, a redirect refused) or was no valid action
 *
 * @csum and @csum_from change with RX NAPI disabled (stmmac_rxq_csum()).
 */
struct stmmac_rxq {
	struct stmmac_priv *priv;
	u32 index;
	struct stmmac_desc *desc;
	dma_addr_t desc_dma;
	struct page **pages;
	struct page_pool *pool;
	struct xsk_buff_pool *xsk;
	struct xdp_buff **xbufs;
	u32 size;
	u32 cur;
	u32 dirty;
	u32 buf_len;
	u32 headroom;
	bool xdp;
	struct xdp_rxq_info xdp_rxq;
	struct stmmac_rx_frame frame;
	struct timer_list refill_timer;
	bool csum;
	u32 csum_from;
	u8 ts_polls;
	struct stmmac_queue_stats stats;
	u64_stats_t alloc_fail;
	u64_stats_t crc_errors;
	u64_stats_t length_errors;
	u64_stats_t over_errors;
	u64_stats_t frame_errors;
	u64_stats_t xdp_drop;
	u64_stats_t xdp_tx;
	u64_stats_t xdp_redirect;
	u64_stats_t xdp_errors;
};

/**
 * struct stmmac_rx_errors - an RX queue's bad frames by cause
 * @crc: CRC errors
 * @length: runt, giant, truncated frames
 * @over: FIFO overflows
 * @frame: any other error
 */
struct stmmac_rx_errors {
	u64 crc;
	u64 length;
	u64 over;
	u64 frame;
};

/**
 * struct stmmac_eee - Energy Efficient Ethernet: when the MAC signals LPI
 * @lock: serialises the fields below, except @last_tx, and the LPI
 *	control register's read-modify-writes between the link callbacks,
 *	ethtool and @timer (softirq)
 * @timer: lets the transmitter enter LPI once TX was idle @tx_lpi_timer;
 *	runs while @active
 * @tx_lpi_timer: the TX idle time before LPI, in microseconds (ethtool
 *	--set-eee tx-timer)
 * @last_tx: jiffies of the last TX completion, written locklessly by TX
 *	NAPI while @active
 * @active: the link is up and its PHY agreed to EEE with TX LPI allowed
 * @phy: the PHY last offered EEE (stmmac_eee_phy(), under RTNL)
 */
struct stmmac_eee {
	spinlock_t lock;	/* see above */
	struct timer_list timer;
	u32 tx_lpi_timer;
	unsigned long last_tx;
	bool active;
	struct phy_device *phy;
};

/**
 * struct stmmac_priv - per-device state, the net_device's private area
 * @dev: the net_device
 * @device: the bus device
 * @ioaddr: MAC register window
 * @hw: operations of this IP core
 * @desc: the descriptor format in use
 * @plat: board configuration
 * @caps: the core's capabilities
 * @irq: the MAC interrupt
 * @tx_queues: TX queues in use
 * @rx_queues: RX queues in use
 * @tx_napis: TX queues with a NAPI context: @tx_queues, or more while
 *	ethtool -L builds the rings of more (stmmac_queues.c)
 * @rx_napis: likewise for RX
 * @csum_queues: TX queues with checksum insertion, one bit each
 * @rx_irq: per-channel RX interrupts, 0: the channel uses @irq
 * @tx_irq: per-channel TX interrupts, 0: the channel uses @irq
 * @irq_names: names of the per-channel interrupts, [0] RX, [1] TX
 * @tx_ring_size: descriptors per TX ring (ethtool -G)
 * @rx_ring_size: descriptors per RX ring (ethtool -G)
 * @channel: DMA channels, max(@tx_queues, @rx_queues) of them in use
 * @txq: TX rings
 * @rxq: RX rings
 * @rx_copybreak: RX frames up to this many bytes are copied into a small
 *	skb (ethtool's rx-copybreak); written under RTNL, read by RX NAPI
 * @coal: interrupt coalescing state of every queue
 * @phylink: the MAC-PHY link
 * @phylink_config: its configuration
 * @mii: the MDIO bus, if the MAC has one in use
 * @clk_csr: MDIO clock range field value
 * @stmmac_clk: the core clock
 * @pclk: the register interface clock
 * @rst: the core's reset line
 * @rst_ahb: the bus interface reset line
 * @reset_work: restarts the device after a TX timeout or fatal DMA error
 * @mac_cfg_lock: serialises the read-modify-writes of the MAC configuration
 *	registers (link speed and duplex, the RX/TX enables, the checksum
 *	engine, the power-down receiver) between phylink's link callbacks,
 *	which run from its resolve work without RTNL, and ethtool -K and the
 *	Wake-on-LAN hooks, under RTNL
 * @mmc: accumulated RMON counters
 * @mmc_lock: serialises reading and accumulating the RMON counters
 * @mmc_live: the core's RMON counters count since the last fold (false
 *	from just before a core reset until it is initialised again)
 * @mmc_work: reads the RMON counters before a 32-bit one can wrap
 * @rx_missed: frames lost for want of an RX descriptor (rx_missed_errors)
 * @rx_fifo_drops: frames the RX FIFO dropped (rx_fifo_errors)
 * @fatal_errors: fatal bus errors seen
 * @tx_underflows: TX FIFO underflows seen
 * @rx_nobuf: RX buffer-unavailable events seen
 * @restarts: device restarts after a TX timeout or fatal error
 * @pause_time: the pause time sent pause frames ask for (module parameter
 *	"pause"), in 512-bit-time slots
 * @eee_timer_ms: LPI entry timer (module parameter "eee_timer")
 * @eee: Energy Efficient Ethernet state
 * @wolopts: the WAKE_* modes ethtool enabled, with PMT (RTNL)
 * @wol_irq: the interrupt that wakes the system: "eth_wake_irq" or @irq
 * @wol_armed: PMT is armed for the current system sleep (RTNL)
 * @msg_enable: netif_msg level
 * @ptp: the PTP hardware clock and the hwtstamp configuration
 * @running: the data path is up (rings, DMA, interrupt); RTNL protects it
 * @cbs: each TX queue's credit-based shaper, which every start of the data
 *	path programs again (RTNL)
 * @mqprio: the TX traffic classes of an offloaded mqprio qdisc, which
 *	every start of the data path programs again (RTNL)
 * @tx_pick: for each TX queue, the queues xmit's pick may move a frame
 *	from it to: those of its traffic class, and none shaped but itself
 *	(written under RTNL, read by stmmac_select_queue() without a lock)
 * @fpe: frame preemption
 * @est: the offloaded taprio schedule (scheduled traffic)
 * @vlans: the 802.1Q VLAN IDs the stack receives (ndo_vlan_rx_add_vid),
 *	whatever the filter's state (RTNL)
 * @vlan_filter: the VLAN filter is on (NETIF_F_HW_VLAN_CTAG_FILTER as
 *	ndo_set_features last set it; RTNL)
 * @vlan_bins: the VLAN hash bins of @vlans while the filter is on, 0
 *	otherwise: what &stmmac_hw_ops.set_filter switches the filter on for
 *	and &stmmac_hw_ops.set_vlan programs; written under RTNL and the
 *	address list lock, read under either
 * @vlan_slot: for each VLAN perfect-filter entry, 1 + the VLAN ID it
 *	holds, 0 if free; an ID keeps its entry while others come and go, so
 *	that rewriting the entries never drops its frames (RTNL)
 * @vlan_perfect: @vlan_slot holds every VLAN ID of the filter, which then
 *	passes exactly those, not their hash bins (RTNL)
 * @vlan_dirty: the entries of @vlan_slot the core does not hold yet (RTNL)
 * @flower: the tc flower rule offloaded to the L3/L4 filters
 * @xdp_prog: the XDP program, NULL for none; replaced under RTNL, read
 *	by RX NAPI (an RCU read-side section, which bpf_prog_put() waits for)
 * @xsk_zc: the queues (RX and TX of one number) an AF_XDP socket uses in
 *	zero-copy mode, their rings built on its pool (RTNL)
 * @xdp_tx_on: the TX rings take XDP frames: set once the data path runs,
 *	cleared before netif_tx_disable() at a stop, whose taking of every
 *	queue's xmit lock waits for the XDP senders that saw it set (they
 *	read it under that lock)
 * @resume_up: the data path was up when the system went to sleep (RTNL)
 * @dma_wedged: the DMA neither stopped nor reset at the last stop, and may
 *	still access its rings: they are leaked, not freed, until a reset
 *	completes (RTNL)
 * @tx_doorbell_each: ring the TX doorbell for every frame, not once per
 *	xmit burst (the tx_doorbell_each module parameter, set at probe)
 * @rx_wait_last: leave a received descriptor without the last-segment bit
 *	for the next poll while the one after it is still the DMA's (the
 *	rx_wait_last module parameter, set at probe)
 * @tx_stall: fault injection (debugfs, CONFIG_STMMAC_TEST_HOOKS): xmit
 *	stops ringing the doorbell until the next restart
 * @debugfs: the device's debugfs directory (CONFIG_STMMAC_TEST_HOOKS)
 */
struct stmmac_priv {
	struct net_device *dev;
	struct device *device;
	void __iomem *ioaddr;
	const struct stmmac_hw_ops *hw;
	const struct stmmac_desc_ops *desc;
	struct stmmac_plat *plat;
	struct stmmac_caps caps;
	int irq;
	u32 tx_queues;
	u32 rx_queues;
	u32 tx_napis;
	u32 rx_napis;
	u32 csum_queues;
	int rx_irq[STMMAC_MAX_QUEUES];
	int tx_irq[STMMAC_MAX_QUEUES];
	char irq_names[2][STMMAC_MAX_QUEUES][IFNAMSIZ + 8];
	u32 tx_ring_size;
	u32 rx_ring_size;
	struct stmmac_channel channel[STMMAC_MAX_QUEUES];
	struct stmmac_txq txq[STMMAC_MAX_QUEUES];
	struct stmmac_rxq rxq[STMMAC_MAX_QUEUES];
	u32 rx_copybreak;
	struct stmmac_coal coal;
	struct phylink *phylink;
	struct phylink_config phylink_config;
	struct mii_bus *mii;
	u32 clk_csr;
	struct clk *stmmac_clk;
	struct clk *pclk;
	struct reset_control *rst;
	struct reset_control *rst_ahb;
	struct work_struct reset_work;
	struct mutex mac_cfg_lock;	/* see above */
	struct stmmac_mmc_counters mmc;
	spinlock_t mmc_lock;	/* @mmc accumulation, @mmc_live */
	bool mmc_live;
	struct delayed_work mmc_work;
	atomic64_t rx_missed;
	atomic64_t rx_fifo_drops;
	atomic_t fatal_errors;
	atomic_t tx_underflows;
	atomic_t rx_nobuf;
	atomic_t restarts;
	u16 pause_time;
	u32 eee_timer_ms;
	struct stmmac_eee eee;
	u32 wolopts;
	int wol_irq;
	bool wol_armed;
	u32 msg_enable;
	struct stmmac_ptp ptp;
	bool running;
	struct stmmac_cbs cbs[STMMAC_MAX_QUEUES];
	struct stmmac_mqprio mqprio;
	u8 tx_pick[STMMAC_MAX_QUEUES];
	struct stmmac_fpe fpe;
	struct stmmac_est est;
	DECLARE_BITMAP(vlans, VLAN_N_VID);
	bool vlan_filter;
	u16 vlan_bins;
	u16 vlan_slot[STMMAC_VLAN_ENTRIES];
	bool vlan_perfect;
	u32 vlan_dirty;
	struct stmmac_flower flower;
	struct bpf_prog *xdp_prog;
	unsigned long xsk_zc;
	bool xdp_tx_on;
	bool tx_doorbell_each;
	bool rx_wait_last;
	bool resume_up;
	bool dma_wedged;
#if IS_ENABLED(CONFIG_STMMAC_TEST_HOOKS)
	bool tx_stall;
	struct dentry *debugfs;
#endif
};

/**
 * stmmac_txq_class() - the traffic class TX queue @q is in now
 * @priv: the device; RTNL held, or the data path's start under it
 * @q: the TX queue
 *
 * Return: the class the MTL schedules the queue in.
 */
static inline u32 stmmac_txq_class(const struct stmmac_priv *priv, u32 q)
{
	return stmmac_tc_class(&priv->mqprio, priv->caps.num_tc, q);
}

/* dwmac1000.c */
extern const struct stmmac_hw_ops dwmac1000_ops;
extern const struct stmmac_desc_ops dwmac1000_norm_desc_ops;
extern const struct stmmac_desc_ops dwmac1000_enh_desc_ops;
extern const struct stmmac_desc_ops dwmac1000_atds_desc_ops;

/* dwxgmac2.c */
extern const struct stmmac_hw_ops dwxgmac2_ops;
extern const struct stmmac_desc_ops dwxgmac2_desc_ops;

/* stmmac_main.c: the core's entry points for the bus glue */
int stmmac_dvr_probe(struct device *device, struct stmmac_plat *plat,
		     struct stmmac_resources *res);
void stmmac_dvr_remove(struct device *device);
int stmmac_suspend(struct device *device);
int stmmac_resume(struct device *device);
int stmmac_resume_failed(struct device *device, int err);

/* stmmac_datapath.c: the data path's start, stop and ring rebuild */
int stmmac_set_queues(struct stmmac_priv *priv, u32 tx, u32 rx);
int stmmac_up(struct stmmac_priv *priv);
void stmmac_down(struct stmmac_priv *priv);
void stmmac_stopped(struct stmmac_priv *priv, int err);
void stmmac_rx_csum(struct stmmac_priv *priv, bool on);
int stmmac_restart_all(struct stmmac_priv *priv);
int stmmac_reconfigure(struct stmmac_priv *priv, unsigned int mtu, u32 tx,
		       u32 rx);
int stmmac_rebuild_xdp(struct stmmac_priv *priv, struct bpf_prog *prog);

/* stmmac_hwif.c */
int stmmac_hwif_init(struct stmmac_priv *priv);

/* The descriptor at free-running index @i of a ring: the ring holds
 * descriptors of the format's size, 16 or 32 bytes; a TX ring with launch
 * time holds enhanced ones, 16 bytes more, before each.
 */
static inline struct stmmac_desc *stmmac_txd(const struct stmmac_txq *q,
					     u32 i)
{
	return (void *)q->desc + q->doff + (i & (q->size - 1)) * q->stride;
}

/* TX queue @i launches frames at their time, where tc etf asks */
static inline bool stmmac_txq_tbs(const struct stmmac_priv *priv, u32 i)
{
	return priv->caps.tbs && (priv->plat->tx_tbs & BIT(i));
}

static inline struct stmmac_desc *stmmac_rxd(const struct stmmac_rxq *q,
					     u32 i)
{
	return (void *)q->desc + (i & (q->size - 1)) * q->priv->desc->size;
}

/* Both cores keep a MAC address as bytes 0-3 in a low register (byte 0
 * lowest) and bytes 4-5 in the low half of a high one, whose bit 31
 * enables the entry.
 */
#define STMMAC_ADDR_ENABLE	BIT(31)

static inline void stmmac_addr_to_regs(const u8 *addr, u32 *hi, u32 *lo)
{
	*hi = STMMAC_ADDR_ENABLE | (addr[5] << 8) | addr[4];
	*lo = (addr[3] << 24) | (addr[2] << 16) | (addr[1] << 8) | addr[0];
}

static inline void stmmac_addr_from_regs(u32 hi, u32 lo, u8 *addr)
{
	addr[0] = lo;
	addr[1] = lo >> 8;
	addr[2] = lo >> 16;
	addr[3] = lo >> 24;
	addr[4] = hi;
	addr[5] = hi >> 8;
}

/* stmmac_fpe.c */
void stmmac_fpe_init(struct stmmac_priv *priv);
void stmmac_fpe_start(struct stmmac_priv *priv);
void stmmac_fpe_stop(struct stmmac_priv *priv);
void stmmac_fpe_link(struct stmmac_priv *priv, bool up);
bool stmmac_fpe_irq(struct stmmac_priv *priv);
void stmmac_fpe_program(struct stmmac_priv *priv);
int stmmac_fpe_get_mm(struct net_device *dev, struct ethtool_mm_state *mm);
int stmmac_fpe_set_mm(struct net_device *dev, struct ethtool_mm_cfg *cfg,
		      struct netlink_ext_ack *extack);

/* stmmac_filter.c */
u32 stmmac_filter_bins(u32 bins);
u32 stmmac_filter_entries(u32 entries);
void stmmac_filter_build(struct net_device *dev, u32 bins, u32 entries,
			 u16 vlan_bins, struct stmmac_filter *f);
void stmmac_filter_uc_write(struct net_device *dev, u32 entries,
			    void (*write)(void __iomem *ioaddr, u32 n,
					  const u8 *addr),
			    void __iomem *ioaddr);
u32 stmmac_vlan_bin(u16 vid);
void stmmac_vlan_filter(struct stmmac_priv *priv, bool on);
void stmmac_vlan_restore(struct stmmac_priv *priv);
int stmmac_vlan_rx_add_vid(struct net_device *dev, __be16 proto, u16 vid);
int stmmac_vlan_rx_kill_vid(struct net_device *dev, __be16 proto, u16 vid);

/* stmmac_tx.c */
u32 stmmac_tx_desc_max(const struct stmmac_priv *priv);
u32 stmmac_tx_ring_min(const struct stmmac_priv *priv);
u16 stmmac_select_queue(struct net_device *dev, struct sk_buff *skb,
			struct net_device *sb_dev);
int stmmac_tx_alloc(struct stmmac_priv *priv);
void stmmac_tx_free(struct stmmac_priv *priv);
int stmmac_tx_rings_alloc(struct stmmac_priv *priv, struct stmmac_txq *set,
			  u32 n, u32 size);
void stmmac_tx_rings_free(struct stmmac_priv *priv, struct stmmac_txq *set);
void stmmac_tx_rings_forget(struct stmmac_priv *priv, struct stmmac_txq *set);
void stmmac_tx_rings_swap(struct stmmac_priv *priv, struct stmmac_txq *set);
netdev_tx_t stmmac_xmit(struct sk_buff *skb, struct net_device *dev);
int stmmac_tx_xdp(struct stmmac_txq *q, struct xdp_frame *xdpf,
		  dma_addr_t dma, bool map);
void stmmac_tx_xdp_flush(struct stmmac_txq *q);
bool stmmac_tx_xsk(struct stmmac_txq *q, u32 budget);
void stmmac_txq_xdp_refused(struct stmmac_txq *q, u32 n);
void stmmac_txq_xdp_stats(struct stmmac_txq *q, u64 *frames, u64 *full,
			  u64 *xsk);
netdev_features_t stmmac_features_check(struct sk_buff *skb,
					struct net_device *dev,
					netdev_features_t features);
int stmmac_tx_poll(struct napi_struct *napi, int budget);
void stmmac_txq_stats(struct stmmac_txq *q, u64 *packets, u64 *bytes,
		      u64 *errors, u64 *dropped);
#if IS_ENABLED(CONFIG_KUNIT)
u32 stmmac_tx_csum_max(const struct stmmac_priv *priv);
u32 stmmac_tx_record(struct stmmac_txq *q, u32 idx,
		     const struct stmmac_tx_seg *seg, bool page);
void stmmac_tx_fill(struct stmmac_txq *q, const struct stmmac_tx_plan *p,
		    const struct stmmac_tx_segs *s, u32 frame_len, u32 flags);
#endif

/* stmmac_rx.c */
u32 stmmac_rx_buf_max(const struct stmmac_priv *priv, bool xdp);
u32 stmmac_rx_buf_len(struct stmmac_priv *priv, unsigned int mtu, bool xdp);
u32 stmmac_rx_copybreak_default(const struct stmmac_priv *priv);
int stmmac_rx_copybreak_set(struct stmmac_priv *priv, u32 bytes);
int stmmac_rx_alloc(struct stmmac_priv *priv);
int stmmac_rx_rings_alloc(struct stmmac_priv *priv, struct stmmac_rxq *set,
			  u32 n, u32 size, unsigned int mtu, bool xdp);
void stmmac_rx_rings_free(struct stmmac_priv *priv, struct stmmac_rxq *set);
void stmmac_rx_rings_forget(struct stmmac_priv *priv, struct stmmac_rxq *set);
void stmmac_rx_rings_swap(struct stmmac_priv *priv, struct stmmac_rxq *set);
int stmmac_rxq_build(struct stmmac_priv *priv, struct stmmac_rxq *spare,
		     u32 qi);
void stmmac_rxq_discard(struct stmmac_priv *priv, struct stmmac_rxq *spare);
int stmmac_rxq_replace(struct stmmac_priv *priv, u32 qi,
		       struct stmmac_rxq *spare, bool built);
void stmmac_rx_stop(struct stmmac_priv *priv);
void stmmac_rxq_init(struct stmmac_rxq *q);
void stmmac_rxq_exit(struct stmmac_rxq *q);
void stmmac_rx_start(struct stmmac_priv *priv);
void stmmac_rx_free(struct stmmac_priv *priv);
int stmmac_rx_poll(struct napi_struct *napi, int budget);
void stmmac_rxq_stats(struct stmmac_rxq *q, u64 *packets, u64 *bytes,
		      u64 *errors, u64 *dropped);
void stmmac_rxq_errors(struct stmmac_rxq *q, struct stmmac_rx_errors *e);
u64 stmmac_rxq_alloc_fail(struct stmmac_rxq *q);
void stmmac_rxq_xdp_stats(struct stmmac_rxq *q, u64 *drop, u64 *tx,
			  u64 *redirect, u64 *errors);
#if IS_ENABLED(CONFIG_KUNIT)
u32 stmmac_rx_frame_len(const struct stmmac_rxq *q, u32 held, u32 len,
			bool coe);
void stmmac_rx_step(const struct stmmac_rxq *q, enum stmmac_rx_status st,
		    const struct stmmac_rx_info *ri, bool coe,
		    struct stmmac_rx_step *s);
bool stmmac_rx_trust_csum(struct stmmac_rxq *q);
struct sk_buff *stmmac_rx_vlan(struct net_device *dev, struct sk_buff *skb,
			       u32 vlan);
enum stmmac_rx_status
stmmac_rx_desc_status(const struct stmmac_rxq *q, const struct stmmac_desc *d,
		      bool coe, struct stmmac_rx_info *ri);
#endif
void stmmac_rxq_csum(struct stmmac_rxq *q, bool on);

/* stmmac_mdio.c */
int stmmac_mdio_register(struct stmmac_priv *priv);
void stmmac_mdio_unregister(struct stmmac_priv *priv);
int stmmac_phy_connect(struct stmmac_priv *priv);
u32 stmmac_clk_csr(unsigned long rate);
#if IS_ENABLED(CONFIG_KUNIT)
int stmmac_mdio_reset(struct mii_bus *bus);
#endif

/* stmmac_debugfs.c: test and benchmark hooks, none in production builds */
#if IS_ENABLED(CONFIG_STMMAC_TEST_HOOKS)
void stmmac_debugfs_init(struct stmmac_priv *priv);
void stmmac_debugfs_exit(struct stmmac_priv *priv);

static inline bool stmmac_tx_stalled(const struct stmmac_priv *priv)
{
	return READ_ONCE(priv->tx_stall);
}

static inline void stmmac_tx_unstall(struct stmmac_priv *priv)
{
	WRITE_ONCE(priv->tx_stall, false);
}
#else
static inline void stmmac_debugfs_init(struct stmmac_priv *priv) {}
static inline void stmmac_debugfs_exit(struct stmmac_priv *priv) {}
static inline bool stmmac_tx_stalled(const struct stmmac_priv *priv)
{
	return false;
}

static inline void stmmac_tx_unstall(struct stmmac_priv *priv) {}
#endif

/* stmmac_params.c */
void stmmac_params_apply(struct stmmac_priv *priv);
#if IS_ENABLED(CONFIG_KUNIT)
int stmmac_param_clamp(int val, int min, int max, int def);
#endif

/* stmmac_ethtool.c */
void stmmac_set_ethtool_ops(struct stmmac_priv *priv);

/* stmmac_queues.c */
u32 stmmac_csum_mask(const struct stmmac_priv *priv, u32 tx);
int stmmac_queues_check(struct stmmac_priv *priv, u32 tx, u32 rx);
int stmmac_queues_publish(struct stmmac_priv *priv, u32 tx, u32 rx);
void stmmac_queues_commit(struct stmmac_priv *priv, u32 tx, u32 rx);
void stmmac_queues_napi_grow(struct stmmac_priv *priv, u32 tx, u32 rx);
void stmmac_queues_init(struct stmmac_priv *priv);
void stmmac_queues_exit(struct stmmac_priv *priv);
unsigned int stmmac_max_mtu(struct stmmac_priv *priv, u32 tx);

/* stmmac_stats.c */
void stmmac_get_stats64(struct net_device *dev, struct rtnl_link_stats64 *s);
void stmmac_set_stat_ops(struct stmmac_priv *priv);

/* stmmac_eee.c */
void stmmac_eee_init(struct stmmac_priv *priv, u32 tx_lpi_ms);
void stmmac_eee_exit(struct stmmac_priv *priv);
void stmmac_eee_phy(struct stmmac_priv *priv, struct phy_device *phy);
void stmmac_eee_link_up(struct stmmac_priv *priv, struct phy_device *phy);
void stmmac_eee_link_down(struct stmmac_priv *priv);
int stmmac_eee_get(struct net_device *dev, struct ethtool_keee *e);
int stmmac_eee_set(struct net_device *dev, struct ethtool_keee *e);
#if IS_ENABLED(CONFIG_KUNIT)
unsigned long stmmac_eee_wait(unsigned long idle, unsigned long tmo,
			      bool tx_idle);
void stmmac_eee_apply(struct stmmac_priv *priv, const struct ethtool_keee *e);
#endif

/* From TX NAPI after it reclaimed frames: the idle time restarts. */
static inline void stmmac_eee_tx_seen(struct stmmac_priv *priv)
{
	if (READ_ONCE(priv->eee.active))
		WRITE_ONCE(priv->eee.last_tx, jiffies);
}

/* stmmac_wol.c */
u32 stmmac_wol_modes(const struct stmmac_priv *priv);
void stmmac_wol_init(struct stmmac_priv *priv, int wol_irq);
void stmmac_wol_exit(struct stmmac_priv *priv);
void stmmac_wol_phy(struct stmmac_priv *priv);
void stmmac_get_wol(struct net_device *dev, struct ethtool_wolinfo *wol);
int stmmac_set_wol(struct net_device *dev, struct ethtool_wolinfo *wol);
void stmmac_wol_sleep(struct stmmac_priv *priv);
void stmmac_wol_wake(struct stmmac_priv *priv);
void stmmac_wol_abandon(struct stmmac_priv *priv);

/* stmmac_mmc.c */
void stmmac_mmc_init(struct stmmac_priv *priv);
void stmmac_mmc_read(struct stmmac_priv *priv, struct stmmac_mmc_counters *out);
void stmmac_mmc_before_reset(struct stmmac_priv *priv);
void stmmac_mmc_start(struct stmmac_priv *priv);
void stmmac_mmc_stop(struct stmmac_priv *priv);

#endif /* __STMMAC_H__ */
