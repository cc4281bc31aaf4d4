/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A software model of the DesignWare XGMAC 2.10 DMA and MTL, for KUnit:
 * a register window the driver maps, and on each step the TX DMA of every
 * channel walks its ring up to the tail pointer, segments TSO frames,
 * inserts checksums and loops each frame back into an RX queue, whose DMA
 * writes it into the RX ring. Written from the databook's register and
 * descriptor layouts, independently of the driver's code.
 */

#ifndef __XGMAC_MODEL_H__
#define __XGMAC_MODEL_H__

#include <linux/list.h>
#include <linux/spinlock.h>
#include <linux/timer.h>
#include <linux/types.h>

struct device;

#define XGM_CHANNELS	8
#define XGM_WINDOW	0x4000
/* The most VLAN perfect-filter entries (NRVF 5) */
#define XGM_VLAN_ENTRIES	32
/* the most L3/L4 filters a core has (L3L4FNUM 10), and registers each */
#define XGM_L3L4_MAX		32
#define XGM_L3L4_REGS		8
/* EST as HW feature 3 describes it: 24-bit intervals, 64 entries a list */
#define XGM_EST_WID	24
#define XGM_EST_DEPTH	64
/* the registers behind GCL_CTRL's GCRR: BTR (2), CTR (2), TER, LLR */
#define XGM_EST_REGS	6

/* Who is at the other end of the link, for frame preemption's mPackets */
enum xgm_fpe_peer {
	XGM_FPE_SILENT,		/* no MAC merge layer: no answer */
	XGM_FPE_ANSWERS,	/* one: it answers our verify mPackets */
	XGM_FPE_LOOP,		/* the port looped back: ours come back */
};

/* What the RX MAC does to the next frames of a channel, on demand */
enum xgm_rx_fault {
	XGM_RXF_NONE,
	XGM_RXF_CRC,		/* bad FCS: error type 3 */
	XGM_RXF_GIANT,		/* longer than allowed: error type 4 */
	XGM_RXF_OVERFLOW,	/* lost in the FIFO: error type 7 */
	XGM_RXF_LENGTH,		/* length field mismatch: error type 9 */
	XGM_RXF_RUNT,		/* runt: error type 10 */
	XGM_RXF_L4_CSUM,	/* L4 checksum field corrupted on the way */
};

/**
 * struct xgm_chan_stats - what one channel of the model did
 * @tx_frames: frames the TX DMA finished (a TSO frame counts once)
 * @tx_segments: frames put on the wire (each TSO segment counts)
 * @tx_descs: TX descriptors closed (context descriptors included)
 * @tx_ioc: TX descriptors with IOC closed
 * @tx_wraps: times the TX DMA went from the ring's last descriptor to
 *	its first
 * @ti: TX completion events (TI) raised
 * @tbu: TX buffer unavailable: a descriptor before the tail not owned
 * @rx_frames: frames the RX DMA wrote into the ring
 * @rx_descs: RX descriptors closed
 * @rx_wraps: times the RX DMA wrapped around its ring
 * @ri: RX completion events (RI) raised
 * @rbu: RX buffer unavailable events
 * @rx_fifo_drops: frames lost because the RX queue's FIFO was full
 * @rx_off_drops: frames lost because the receiver or queue was off
 * @rx_vlan_drops: frames the VLAN tag filter dropped (counted on the
 *	channel that sent them)
 * @rx_l3l4_drops: frames the L3/L4 filters dropped, likewise
 * @rx_stripped: frames the MAC took the 802.1Q tag out of (counted on
 *	the channel that received them)
 * @est_held: frames held in the MTL TX queue by a closed gate, or
 *	behind frames held there
 * @lt_held: frames held there until their own launch time
 * @bad_desc: TX descriptors the databook does not allow where they were
 *	(context inside a frame, frame without FD, length mismatch, ...)
 * @bad_read: TX buffer reads of memory the driver no longer had mapped
 *	(or not a kernel address at all)
 */
struct xgm_chan_stats {
	u64 tx_frames;
	u64 tx_segments;
	u64 tx_descs;
	u64 tx_ioc;
	u64 tx_wraps;
	u64 ti;
	u64 tbu;
	u64 rx_frames;
	u64 rx_descs;
	u64 rx_wraps;
	u64 ri;
	u64 rbu;
	u64 rx_fifo_drops;
	u64 rx_off_drops;
	u64 rx_vlan_drops;
	u64 rx_l3l4_drops;
	u64 rx_stripped;
	u64 est_held;
	u64 lt_held;
	u64 bad_desc;
	u64 bad_read;
};

/**
 * struct xgm_txc - one TX DMA channel's internal state
 * @cur: index of the descriptor it reads next
 * @on: started (ST seen set)
 * @base: the ring address it was started on
 * @buf: the frame being gathered (the MTL TX FIFO)
 * @len: bytes gathered
 * @in_frame: a first descriptor was seen, its last not yet
 * @tso: the frame is a TSO one
 * @mss: segment size from the last context descriptor
 * @hdr_len: TSO: bytes of headers (the first buffer)
 * @tcp_len: TSO: TCP header length from THL
 * @pay_len: TSO: payload length from TPL
 * @frame_len: non-TSO: frame length from FL
 * @cic: non-TSO: checksum insertion control
 * @ioc: a descriptor of the frame asked for a completion interrupt
 * @vt: the VLAN tag of the last context descriptor with VLTV
 * @vt_valid: @vt is there for the next frame
 * @vtir: the frame's VLAN tag operation (first descriptor's VTIR)
 * @ins: the tag the MAC inserts into the frame (protocol << 16 | TCI),
 *	0 for none
 * @lt: the frame's launch time, from the words before its first
 *	descriptor (EDSE): LTV and the seconds' low 8 bits; 0 for none
 * @lt_ns: its nanoseconds, bits 31:8
 */
struct xgm_txc {
	u32 cur;
	bool on;
	u64 base;
	u8 *buf;
	u32 len;
	bool in_frame;
	bool tso;
	u32 mss;
	u32 hdr_len;
	u32 tcp_len;
	u32 pay_len;
	u32 frame_len;
	u32 cic;
	bool ioc;
	u16 vt;
	bool vt_valid;
	u32 vtir;
	u32 ins;
	u32 lt;
	u32 lt_ns;
};

/**
 * struct xgm_rxc - one RX DMA channel's (and MTL RX queue's) state
 * @cur: index of the descriptor it writes next
 * @on: started (SR seen set)
 * @base: the ring address it was started on
 * @fifo: frames waiting for descriptors (&struct xgm_rx_frame)
 * @fifo_bytes: bytes in @fifo
 * @fault: what to do to the next @fault_n frames
 * @fault_n: frames @fault still applies to
 * @wd_pending: frames written without IOC, for the RX watchdog
 * @ts_n: the next @ts_n frames are stamped (CDA, then a context descriptor)
 * @ts_ns: the stamp they get, nanoseconds since the epoch
 * @ts_hold: the context descriptor waits for the next frame or
 *	xgm_rx_ts_release(), a DMA that writes it late
 * @ctx_held: a held context descriptor's ring index, U32_MAX if none
 */
struct xgm_rxc {
	u32 cur;
	bool on;
	u64 base;
	struct list_head fifo;
	u32 fifo_bytes;
	enum xgm_rx_fault fault;
	u32 fault_n;
	bool wd_pending;
	u32 ts_n;
	u64 ts_ns;
	bool ts_hold;
	u32 ctx_held;
};

/**
 * struct xgm_model - the modelled core
 * @dev: the device whose DMA addresses the model translates
 * @regs: the register window, plain memory
 * @io: @regs as the driver's __iomem cookie
 * @lock: serialises the model's steps, syncs and service
 * @service: does what the registers must do on their own (reset, MDIO)
 * @status: the true value of each channel's status register
 * @tx: TX channels
 * @rx: RX channels
 * @st: per channel counters
 * @buf_live: optional: is [@addr, @addr + @len) a live mapping of TX
 *	channel @chan's driver? A read of one that is not counts as
 *	&xgm_chan_stats.bad_read
 * @ctx: @buf_live's argument
 * @edge_irq: an event raised while its interrupt is masked stays in the
 *	status register but does not assert a line when it is unmasked (an
 *	edge on the way to the interrupt controller): the driver must find
 *	such an event itself. Off: a line is status AND enable
 * @quiet: per channel, events raised while masked, with @edge_irq
 * @dead: the model's service timer is being stopped
 * @fpe_peer: who is at the other end, for mPackets
 * @fpe_sts: MAC_FPE_CTRL_STS's status flags not yet read
 * @fpe_shown: those of them the common line went up with
 * @fpe_verify: verify mPackets sent
 * @fpe_response: response mPackets sent
 * @now: PTP time in ns: the timestamping unit's system time and EST's
 *	clock; it moves only when a test moves it (xgm_set_time())
 * @est: EST's two gate control lists, each the registers behind GCRR
 *	(XGM_EST_REGS) then the entries
 * @est_run: the list EST runs, -1 for none: every gate open
 * @est_armed: SSWL was seen: the software's list waits for its base time
 * @est_refuse: a test's: the next this many words written to EST are
 *	refused (ERR0)
 * @est_sts: EST_STATUS's events not yet cleared
 * @est_sch: EST_SCH_ERR's queues (HLBS), likewise
 * @est_frm: EST_FRM_SZ_ERR's queues (HLBF), likewise
 * @held: per TX queue, frames its closed gate holds (&struct xgm_held)
 * @held_bytes: their bytes: a full MTL TX queue stops its DMA
 * @nrvf: HW feature 3's NRVF, the VLAN perfect-filter entries (0: none,
 *	the default; 1: 4, 2: 8, 3: 16, 4: 24, 5: 32); xgm_set_nrvf()
 * @vlan_ent: those entries, as MAC_VLAN_Tag_Data wrote them
 * @vlan_keep: a test's: TCIs of VLANs that must pass the VLAN filter
 *	after every access to an entry
 * @vlan_keep_n: how many of @vlan_keep there are
 * @vlan_keep_lost: accesses after which one of them did not pass
 * @l3l4fnum: HW feature 1's L3L4FNUM, the L3/L4 filters (0: none, the
 *	default; xgm_set_l3l4())
 * @l3l4: their registers, as MAC_L3_L4_Data wrote them
 * @l3l4_stuck: a test's: their accesses never complete (XB stays set)
 */
struct xgm_model {
	struct device *dev;
	u32 *regs;
	void __iomem *io;
	spinlock_t lock;	/* everything below */
	struct timer_list service;
	u32 status[XGM_CHANNELS];
	struct xgm_txc tx[XGM_CHANNELS];
	struct xgm_rxc rx[XGM_CHANNELS];
	struct xgm_chan_stats st[XGM_CHANNELS];
	bool (*buf_live)(void *ctx, u32 chan, dma_addr_t addr, u32 len);
	void *ctx;
	bool edge_irq;
	u32 quiet[XGM_CHANNELS];
	bool dead;
	enum xgm_fpe_peer fpe_peer;
	u32 fpe_sts;
	u32 fpe_shown;
	u32 fpe_verify;
	u32 fpe_response;
	u64 now;
	u32 est[2][XGM_EST_REGS + XGM_EST_DEPTH];
	int est_run;
	bool est_armed;
	u32 est_refuse;
	u32 est_sts;
	u32 est_sch;
	u32 est_frm;
	struct list_head held[XGM_CHANNELS];
	u32 held_bytes[XGM_CHANNELS];
	u32 nrvf;
	u32 vlan_ent[XGM_VLAN_ENTRIES];
	u16 vlan_keep[4];
	u32 vlan_keep_n;
	u32 vlan_keep_lost;
	u32 l3l4fnum;
	u32 l3l4[XGM_L3L4_MAX][XGM_L3L4_REGS];
	bool l3l4_stuck;
};

/**
 * struct xgm_lines - interrupt lines the model asserts
 * @common: the core's main interrupt (sbd_intr_o), with the MAC's events
 *	(frame preemption's) and the MTL's (EST's)
 * @rx: per-channel RX lines, one bit per channel
 * @tx: per-channel TX lines, one bit per channel
 */
struct xgm_lines {
	bool common;
	u32 rx;
	u32 tx;
};

struct xgm_model *xgm_create(struct device *dev, u32 fifo_shift);
void xgm_destroy(struct xgm_model *m);
bool xgm_step(struct xgm_model *m, u32 budget);
void xgm_sync(struct xgm_model *m);
void xgm_lines(struct xgm_model *m, struct xgm_lines *l);
bool xgm_rx_pending(struct xgm_model *m);
void xgm_rx_fault(struct xgm_model *m, u32 chan, enum xgm_rx_fault f, u32 n);
void xgm_rx_ts(struct xgm_model *m, u32 chan, u32 n, u64 ns, bool hold);
void xgm_rx_ts_release(struct xgm_model *m, u32 chan);
void xgm_fpe_peer_verify(struct xgm_model *m);
void xgm_set_time(struct xgm_model *m, u64 ns);
void xgm_set_nrvf(struct xgm_model *m, u32 nrvf);
u32 xgm_vlan_entries(const struct xgm_model *m);
void xgm_est_error(struct xgm_model *m, u32 sts, u32 sch, u32 frm);
void xgm_set_l3l4(struct xgm_model *m, u32 code);
u32 xgm_l3l4_filters(const struct xgm_model *m);
void xgm_l3l4_access(struct xgm_model *m);
bool xgm_l3l4_pass(struct xgm_model *m, const u8 *frame, u32 len);

#endif /* __XGMAC_MODEL_H__ */
