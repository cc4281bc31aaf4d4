/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A software model of the DesignWare GMAC 3.x DMA (one channel) and the
 * parts of its MAC a frame crosses, for KUnit: a register window the
 * driver maps, and on each step the TX DMA walks its ring while it owns
 * descriptors, inserts checksums, stamps frames, and loops each frame into
 * the RX DMA, which writes it into its ring. Written from the databook's
 * register and descriptor layouts, independently of the driver's code.
 */

#ifndef __GMAC_MODEL_H__
#define __GMAC_MODEL_H__

#include <linux/list.h>
#include <linux/spinlock.h>
#include <linux/timer.h>
#include <linux/types.h>

struct device;

#define GMM_WINDOW	0x2000
/* TX stamps the model remembers, the last ones */
#define GMM_TS_LOG	16
/* The RX stamp of a frame is its TX stamp plus this (cable and PHYs). */
#define GMM_WIRE_NS	56

/* What happens to the next frames on the wire, on demand */
enum gmm_fault {
	GMM_F_NONE,
	GMM_F_CRC,	/* the FCS is damaged: CRC error */
	GMM_F_L4_CSUM,	/* the TCP/UDP checksum field is damaged */
	GMM_F_IP_CSUM,	/* the IPv4 header checksum field is damaged */
};

/**
 * struct gmm_stats - what the model did
 * @tx_frames: frames the TX DMA finished
 * @tx_descs: TX descriptors closed
 * @tx_ic: frames whose last descriptor had IC
 * @tx_wraps: times the TX DMA went back to the ring base (TER)
 * @tx_ts: frames the TX side stamped (TTSE, unit on)
 * @tx_ts_ic: of those, frames with IC
 * @tx_csum: frames the checksum engine inserted a TCP/UDP checksum into
 * @ti: TI raised
 * @tu: TX buffer unavailable: the DMA suspended on a descriptor it does
 *	not own
 * @rx_frames: frames the RX DMA wrote into the ring
 * @rx_descs: RX descriptors closed
 * @rx_wraps: times the RX DMA went back to the ring base (RER)
 * @rx_ts: frames written with a timestamp
 * @rx_crc: frames written with a CRC error
 * @ri: RI raised
 * @ru: RX buffer unavailable: the DMA suspended
 * @rx_fifo_drops: frames lost because the RX FIFO was full
 * @rx_off_drops: frames lost because the receiver was off or the address
 *	filter did not take them
 * @bad_desc: descriptors the databook does not allow where they were
 *	(a frame without FS, LS without FS, chained mode, a ring outside the
 *	driver's, a frame that does not fit, a buffer size of 0, ...)
 * @bad_read: TX buffer reads of memory the driver no longer had mapped
 */
struct gmm_stats {
	u64 tx_frames;
	u64 tx_descs;
	u64 tx_ic;
	u64 tx_wraps;
	u64 tx_ts;
	u64 tx_ts_ic;
	u64 tx_csum;
	u64 ti;
	u64 tu;
	u64 rx_frames;
	u64 rx_descs;
	u64 rx_wraps;
	u64 rx_ts;
	u64 rx_crc;
	u64 ri;
	u64 ru;
	u64 rx_fifo_drops;
	u64 rx_off_drops;
	u64 bad_desc;
	u64 bad_read;
};

/**
 * struct gmm_tx - the TX DMA's state
 * @cur: index of the descriptor it reads next (from the ring base)
 * @on: started (ST seen set)
 * @suspended: found a descriptor it did not own; waits for a poll demand
 * @base: the list address it was started on
 * @buf: the frame being gathered (the TX FIFO)
 * @len: bytes gathered
 * @in_frame: a first descriptor was seen, its last not yet
 * @cic: checksum insertion control of the frame's first descriptor
 * @ttse: the frame's first descriptor asked for a timestamp
 * @no_pad: the frame's first descriptor disabled padding
 * @no_crc: the frame's first descriptor disabled the FCS
 */
struct gmm_tx {
	u32 cur;
	bool on;
	bool suspended;
	u32 base;
	u8 *buf;
	u32 len;
	bool in_frame;
	u32 cic;
	bool ttse;
	bool no_pad;
	bool no_crc;
};

/**
 * struct gmm_rx - the RX DMA's and RX FIFO's state
 * @cur: index of the descriptor it writes next
 * @on: started (SR seen set)
 * @suspended: found no descriptor; waits for a poll demand or a frame
 * @base: the list address it was started on
 * @fifo: frames waiting for descriptors
 * @fifo_bytes: bytes in @fifo
 * @wd_pending: frames written without RI, for the RX watchdog
 */
struct gmm_rx {
	u32 cur;
	bool on;
	bool suspended;
	u32 base;
	struct list_head fifo;
	u32 fifo_bytes;
	bool wd_pending;
};

/**
 * struct gmm_model - the modelled core
 * @dev: the device whose DMA addresses the model translates
 * @regs: the register window, plain memory
 * @io: @regs as the driver's __iomem cookie
 * @lock: serialises the model's steps, syncs and service
 * @service: does what the registers must do on their own (reset, MDIO,
 *	timestamp unit commands, DMA state)
 * @status: the true value of the DMA status register's event bits
 * @tx: the TX DMA
 * @rx: the RX DMA
 * @st: counters
 * @rx_fifo: RX FIFO size in bytes
 * @fault: what happens to the next @fault_n frames on the wire
 * @fault_n: frames @fault still applies to
 * @clock: the timestamp unit's time, in nanoseconds
 * @tx_ts_log: the TX stamps written, in nanoseconds: stamp n (from 0,
 *	counting &gmm_stats.tx_ts) at n % GMM_TS_LOG
 * @last_rx_ts: the last RX stamp written, in nanoseconds
 * @buf_live: optional: is [@addr, @addr + @len) a live TX mapping of the
 *	driver? A read of one that is not counts as &gmm_stats.bad_read
 * @ring_live: optional: is [@addr, @addr + @len) inside the driver's TX
 *	(@tx) or RX ring? The DMA does not touch a descriptor that is not:
 *	it counts &gmm_stats.bad_desc and raises a fatal bus error
 * @ctx: the callbacks' argument
 * @edge_irq: an event raised while its interrupt is masked stays in the
 *	status register but does not assert the line when it is unmasked
 *	(an edge-triggered path to the interrupt controller, or a core
 *	whose summary logic latches only enabled events): the driver must
 *	find such an event itself. Off: the line is status AND enable
 * @quiet: events raised while masked, with @edge_irq
 * @dead: the service timer is being stopped
 * @wedged: the DMA neither stops nor resets: stop requests and the
 *	software reset are ignored, a DMA hung on the bus (or one whose reset
 *	waits for a clock that does not run)
 */
struct gmm_model {
	struct device *dev;
	u32 *regs;
	void __iomem *io;
	spinlock_t lock;	/* everything below */
	struct timer_list service;
	u32 status;
	struct gmm_tx tx;
	struct gmm_rx rx;
	struct gmm_stats st;
	u32 rx_fifo;
	enum gmm_fault fault;
	u32 fault_n;
	u64 clock;
	u64 tx_ts_log[GMM_TS_LOG];
	u64 last_rx_ts;
	bool (*buf_live)(void *ctx, dma_addr_t addr, u32 len);
	bool (*ring_live)(void *ctx, bool tx, dma_addr_t addr, u32 len);
	void *ctx;
	bool edge_irq;
	u32 quiet;
	bool dead;
	bool wedged;
};

struct gmm_model *gmm_create(struct device *dev, u32 version, u32 hwf,
			     u32 rx_fifo);
void gmm_destroy(struct gmm_model *m);
bool gmm_step(struct gmm_model *m, u32 budget);
void gmm_sync(struct gmm_model *m);
bool gmm_line(struct gmm_model *m);
bool gmm_rx_pending(struct gmm_model *m);
void gmm_fault(struct gmm_model *m, enum gmm_fault f, u32 n);

#endif /* __GMAC_MODEL_H__ */
