/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the driver asks of each IP core, and what a core reports: the
 * descriptor formats (struct stmmac_desc_ops), the capabilities read from
 * the core (struct stmmac_caps), the receive filter it must apply, its
 * counters, and its operations (struct stmmac_hw_ops). dwmac1000.c and
 * dwxgmac2*.c implement it; the rest of the driver uses nothing else of
 * theirs.
 */

#ifndef __STMMAC_HW_H__
#define __STMMAC_HW_H__

#include <linux/bits.h>
#include <linux/netdevice.h>
#include <linux/types.h>

struct stmmac_est_ops;
struct stmmac_priv;
struct stmmac_tsu_layout;

/**
 * struct stmmac_desc - the first 16 bytes of a DMA descriptor; what each
 *	word holds depends on the core's format (&stmmac_desc_ops), which
 *	may add words after these (&stmmac_desc_ops.size)
 * @des0: GMAC: status and, for enhanced TX descriptors, control;
 *	XGMAC: buffer address, low 32 bits
 * @des1: GMAC: buffer sizes and control; XGMAC: buffer address, high bits
 * @des2: GMAC: buffer 1 address; XGMAC: buffer length and control
 * @des3: GMAC: buffer 2 address; XGMAC: OWN, control and status
 */
struct stmmac_desc {
	__le32 des0;
	__le32 des1;
	__le32 des2;
	__le32 des3;
};

/* TX descriptor flags, see &stmmac_desc_ops.tx_fill */
#define STMMAC_TXD_FIRST	BIT(0)
#define STMMAC_TXD_LAST		BIT(1)
#define STMMAC_TXD_CSUM		BIT(2)
#define STMMAC_TXD_IC		BIT(3)
#define STMMAC_TXD_EOR		BIT(4)
#define STMMAC_TXD_TS		BIT(5)	/* stamp the frame (first descriptor) */
/* insert the VLAN tag the context descriptor before gave (first descriptor) */
#define STMMAC_TXD_VLAN		BIT(6)

/* RX descriptor status, see &stmmac_desc_ops.rx_status */
enum stmmac_rx_status {
	STMMAC_RX_OWNED,	/* still the DMA's */
	STMMAC_RX_GOOD,		/* the last buffer of a good frame */
	STMMAC_RX_CSUM_OK,	/* same, and the core verified its checksums */
	STMMAC_RX_PART,		/* a buffer of a frame that goes on */
	STMMAC_RX_ERROR,	/* the last buffer of a bad frame */
	STMMAC_RX_SKIP,		/* no frame data (a context descriptor) */
};

/**
 * struct stmmac_rx_info - what a received descriptor says besides its state
 * @len: on a good frame's last descriptor, the whole frame's length with
 *	FCS (the buffers before it are full)
 * @err: on a bad frame's last descriptor, its STMMAC_RXE_* causes
 * @first: the descriptor holds the start of a frame
 * @ts_next: the frame's last descriptor says that the next one is a
 *	context descriptor with the frame's timestamp (&stmmac_desc_ops.rx_ts)
 * @ts_here: the frame's last descriptor holds the frame's timestamp
 *	itself (&stmmac_desc_ops.rx_ts on that descriptor)
 * @vlan: on a good frame's last descriptor, the outer VLAN tag the MAC
 *	took out of the frame, as its ethertype << 16 | TCI; 0 for none
 */
struct stmmac_rx_info {
	u32 len;
	u32 err;
	bool first;
	bool ts_next;
	bool ts_here;
	u32 vlan;
};

/* Why a frame was bad, see &stmmac_desc_ops.rx_status; each counts in the
 * rtnl_link_stats64 field named
 */
#define STMMAC_RXE_CRC		BIT(0)	/* rx_crc_errors */
#define STMMAC_RXE_LENGTH	BIT(1)	/* rx_length_errors: runt, giant,
					 * truncated, larger than its buffer
					 */
#define STMMAC_RXE_OVER		BIT(2)	/* rx_over_errors: FIFO overflow */
#define STMMAC_RXE_FRAME	BIT(3)	/* rx_frame_errors: PHY error, late
					 * collision, any other
					 */
#define STMMAC_RXE_CSUM		BIT(4)	/* rx_errors alone: a checksum the
					 * core found bad (XGMAC)
					 */

/**
 * struct stmmac_desc_ops - one descriptor format
 * @tx_fill: write a TX descriptor's buffer and control, OWN clear;
 *	@frame_len is the whole frame's length (used on the first descriptor)
 * @tx_tso_first: write the first descriptor of a TSO frame: the headers
 *	(@hdr_len bytes, of which @tcp_hdr_len the TCP header) at @addr, and
 *	the total TCP payload @pay_len; OWN clear. NULL without TSO
 * @tx_ctx_mss: write a context descriptor setting the MSS for the TSO
 *	frame that follows it; OWN clear. NULL without TSO
 * @tx_ctx_vlan: write a context descriptor giving the 802.1Q tag (@tci)
 *	the MAC inserts into the frame that follows it, whose first
 *	descriptor has STMMAC_TXD_VLAN; OWN clear. NULL where the MAC
 *	inserts none
 * @tx_own: hand a filled TX descriptor to the DMA
 * @tx_busy: the DMA still owns a TX descriptor
 * @tx_error: a completed TX descriptor reports an error
 * @rx_fill: write an RX descriptor and hand it to the DMA (formats whose
 *	ring end and buffer size live in registers ignore @eor and @len)
 * @rx_status: decode a received descriptor into its state and @ri; @coe
 *	says whether the checksum engine was on for this frame (the status
 *	bits mean something else when it was not). A frame larger than one
 *	buffer spans several descriptors: STMMAC_RX_PART ones, then its
 *	last, whose status stands for the whole frame
 * @tx_ts: read the TX timestamp the DMA wrote back into a completed
 *	frame's last descriptor: 0 with @ns set, -ENODATA when it holds
 *	none. NULL where TX timestamps come from MAC registers
 *	(&stmmac_hw_ops.tx_tstamp) or not at all
 * @rx_ts: read the timestamp of a received frame from the descriptor
 *	that holds it: the context descriptor after its last one
 *	(&stmmac_rx_info.ts_next) or its last one (&stmmac_rx_info.ts_here).
 *	0 with @ns set, -EBUSY while the DMA still owns it, -ENODATA when it
 *	holds no timestamp. NULL where received frames carry none
 * @tx_launch: write the launch time of the frame whose first descriptor
 *	is @d, @ns in PTP time, 0 for none, into the words an enhanced
 *	descriptor has before @d (&stmmac_txq.stride). NULL without them
 * @buf_max: largest buffer one descriptor holds, in bytes
 * @size: bytes from one descriptor to the next in a ring: 16, or 32 for
 *	the GMAC's alternate size (&struct stmmac_desc is their first 16)
 *
 * The callers order these with dma_wmb() / dma_rmb(); the ops only encode.
 */
struct stmmac_desc_ops {
	void (*tx_fill)(struct stmmac_desc *d, dma_addr_t addr, u32 len,
			u32 frame_len, u32 flags);
	void (*tx_tso_first)(struct stmmac_desc *d, dma_addr_t addr,
			     u32 hdr_len, u32 tcp_hdr_len, u32 pay_len,
			     u32 flags);
	void (*tx_ctx_mss)(struct stmmac_desc *d, u32 mss);
	void (*tx_ctx_vlan)(struct stmmac_desc *d, u16 tci);
	void (*tx_own)(struct stmmac_desc *d);
	bool (*tx_busy)(const struct stmmac_desc *d);
	bool (*tx_error)(const struct stmmac_desc *d);
	void (*rx_fill)(struct stmmac_desc *d, dma_addr_t addr, u32 len,
			bool eor, bool ic);
	enum stmmac_rx_status (*rx_status)(const struct stmmac_desc *d,
					   bool coe, struct stmmac_rx_info *ri);
	int (*tx_ts)(const struct stmmac_desc *d, u64 *ns);
	int (*rx_ts)(const struct stmmac_desc *d, u64 *ns);
	void (*tx_launch)(struct stmmac_desc *d, u64 ns);
	u32 buf_max;
	u32 size;
};

/**
 * struct stmmac_caps - what the core says it has (HW feature register)
 * @version: Synopsys core version, e.g. 0x37 for 3.70a
 * @enh_desc: enhanced (alternate) descriptors
 * @tx_coe: TX checksum insertion
 * @rx_coe: RX checksum offload (type 1 or 2)
 * @rx_coe_type1: type 1 only: the engine appends the 16-bit checksum to
 *	the frame, and gives no verdict the driver uses
 * @mmc: RMON counters
 * @hash_filter: multicast hash filter
 * @mc_bins: multicast hash bins in use: 64, 128 or 256; 0 without a hash
 *	(the GMAC cannot tell its size: it comes from the DT)
 * @uc_entries: perfect-filter address entries, the device's own included
 * @half_duplex: half duplex support
 * @riwt: RX interrupt watchdog (GMAC 3.50 and later, XGMAC)
 * @tso: TCP segmentation offload
 * @eee: Energy Efficient Ethernet: the transmitter can signal LPI
 * @pmt_magic: power management wakes on a magic packet
 * @pmt_ucast: power management wakes on a wake-up frame (any unicast
 *	frame to the device's address, with global unicast)
 * @c45: the MDIO master speaks clause 45
 * @tx_queues: TX queues (and DMA channels) the core has
 * @rx_queues: RX queues (and DMA channels) the core has
 * @addr_bits: DMA address width
 * @tx_fifo: TX FIFO size in bytes, 0 if unknown
 * @rx_fifo: RX FIFO size in bytes, 0 if unknown
 * @ts: an IEEE 1588 timestamping unit (&stmmac_hw_ops.tsu)
 * @pps_out: flexible PPS outputs of that unit (XGMAC), 0 without
 * @vlan_hash: a 16-bin hash filter of the VLAN IDs received (XGMAC)
 * @vlan_entries: VLAN perfect-filter entries beside the hash (XGMAC;
 *	&stmmac_priv.vlan_slot), 0 without
 * @vlan_ins: the MAC inserts the VLAN tag a TX context descriptor gives
 *	(XGMAC)
 * @av: TX queues 1 and up can be AV queues, shaped by the credit-based
 *	shaper of their traffic class (XGMAC)
 * @num_tc: TX traffic classes the MTL schedules between (XGMAC; TX queue
 *	q is in class min(q, @num_tc - 1) unless tc mqprio maps the classes:
 *	stmmac_txq_class()), 1 without an MTL
 * @fpe: frame preemption (IEEE 802.3br, the MAC merge layer; XGMAC)
 * @vlan_strip: the MAC takes the outer 802.1Q tag out of received frames
 *	and gives it in the descriptor (XGMAC)
 * @est_wid: scheduled traffic (EST): an entry's interval width, in bits
 * @est_depth: EST's entries per list; 0 without EST
 * @tbs: TX DMA channels can launch frames at a time given in their
 *	descriptors (XGMAC; which channels: &stmmac_plat.tx_tbs)
 * @l3l4_filters: L3/L4 filters, each matching an IP address or a TCP or
 *	UDP port of received frames (XGMAC; tc flower), 0 without
 */
struct stmmac_caps {
	u32 version;
	bool enh_desc;
	bool tx_coe;
	bool rx_coe;
	bool rx_coe_type1;
	bool mmc;
	bool hash_filter;
	u32 mc_bins;
	u32 uc_entries;
	bool half_duplex;
	bool riwt;
	bool tso;
	bool eee;
	bool pmt_magic;
	bool pmt_ucast;
	bool c45;
	u32 tx_queues;
	u32 rx_queues;
	u32 addr_bits;
	u32 tx_fifo;
	u32 rx_fifo;
	bool ts;
	u32 pps_out;
	bool vlan_hash;
	u32 vlan_entries;
	bool vlan_ins;
	bool av;
	u32 num_tc;
	bool fpe;
	bool vlan_strip;
	u32 est_wid;
	u32 est_depth;
	bool tbs;
	u32 l3l4_filters;
};

/* Frame preemption control (&stmmac_hw_ops.fpe_ctrl) and events */
#define STMMAC_FPE_EFPE		BIT(0)	/* preempt on TX */
#define STMMAC_FPE_SEND_VERIFY	BIT(1)
#define STMMAC_FPE_SEND_RESPONSE BIT(2)
#define STMMAC_FPE_RX_VERIFY	BIT(3)	/* the link partner verifies */
#define STMMAC_FPE_RX_RESPONSE	BIT(4)	/* it answered our verify */
#define STMMAC_FPE_TX_MPACKET	BIT(5)	/* one of ours went out */

/* Words of the largest multicast hash table, 256 bins */
#define STMMAC_HASH_WORDS	8
/* The most VLAN perfect-filter entries a core has (XGMAC NRVF 5) */
#define STMMAC_VLAN_ENTRIES	32

/**
 * struct stmmac_filter - what the receive address filter must do
 * @promisc: pass every frame (IFF_PROMISC, or too many unicast addresses)
 * @allmulti: pass every multicast frame
 * @hash: pass the multicast frames whose bin is set in @hash_bits
 * @uc_fit: the unicast list fits the perfect filter
 * @hash_bits: the hash table, bin n at bit n % 32 of word n / 32
 * @vlan_bins: the VLAN filter's hash bins (bin n at bit n), 0: tagged
 *	frames pass whatever their VLAN ID (no VLAN filter, or promiscuous
 *	mode); the core's set_filter switches the filter on where it is not 0
 */
struct stmmac_filter {
	bool promisc;
	bool allmulti;
	bool hash;
	bool uc_fit;
	u32 hash_bits[STMMAC_HASH_WORDS];
	u16 vlan_bins;
};

/**
 * enum stmmac_l3l4_field - what an L3/L4 filter compares
 * @STMMAC_L3L4_IP_SRC: the IPv4 source address
 * @STMMAC_L3L4_IP_DST: the IPv4 destination address
 * @STMMAC_L3L4_PORT_SRC: the TCP or UDP source port
 * @STMMAC_L3L4_PORT_DST: the TCP or UDP destination port
 */
enum stmmac_l3l4_field {
	STMMAC_L3L4_IP_SRC,
	STMMAC_L3L4_IP_DST,
	STMMAC_L3L4_PORT_SRC,
	STMMAC_L3L4_PORT_DST,
};

/**
 * struct stmmac_l3l4 - a drop rule for an L3/L4 filter (tc flower)
 * @field: what it compares
 * @udp: a port rule's protocol is UDP, else TCP
 * @value: the IPv4 address (host order) or the port
 *
 * The receiver drops the IPv4 frames whose @field equals @value (for a
 * port, in a segment of that protocol), and passes every other frame.
 */
struct stmmac_l3l4 {
	enum stmmac_l3l4_field field;
	bool udp;
	u32 value;
};

/* DMA interrupt events, see &stmmac_hw_ops.dma_irq_status */
#define STMMAC_DMA_RX		BIT(0)
#define STMMAC_DMA_TX		BIT(1)
#define STMMAC_DMA_FATAL	BIT(2)
#define STMMAC_DMA_TX_UNDERFLOW	BIT(3)
#define STMMAC_DMA_RX_NOBUF	BIT(4)
/* Status was acknowledged: the line was this channel's, even with no event
 * above (a summary bit, or a TI that stmmac_coal_tx_napi() took first).
 */
#define STMMAC_DMA_ACKED	BIT(5)

/**
 * struct stmmac_mmc_counters - the RMON counters the driver reports
 * @tx_octets: octets sent, good and bad
 * @tx_frames: frames sent, good and bad
 * @tx_underflow: frames aborted on FIFO underflow
 * @tx_carrier: carrier errors
 * @tx_frames_good: good frames sent
 * @tx_pause: pause frames sent
 * @rx_frames: frames received, good and bad
 * @rx_octets: octets received, good and bad
 * @rx_crc: CRC errors
 * @rx_align: alignment errors
 * @rx_runt: runt frames
 * @rx_jabber: jabber frames
 * @rx_length: length errors
 * @rx_pause: pause frames received
 * @rx_fifo_overflow: frames lost to RX FIFO overflow
 * @rx_watchdog: receive watchdog errors
 * @tx_fpe_frags: fragments of preempted frames sent (frame preemption)
 * @tx_hold: hold requests the MAC merge layer made (express traffic
 *	holding preemptible frames back)
 * @rx_fpe_assembly_err: preempted frames received that could not be put
 *	together again
 * @rx_fpe_smd_err: frames received with an unknown start delimiter (SMD)
 * @rx_fpe_assembly_ok: preempted frames received and put together again
 * @rx_fpe_frags: fragments of preempted frames received
 *
 * The fields are accumulated 64-bit values; the hardware counters roll over.
 * ethtool -S prints them in this order, which is upstream's.
 */
struct stmmac_mmc_counters {
	u64 tx_octets;
	u64 tx_frames;
	u64 tx_underflow;
	u64 tx_carrier;
	u64 tx_frames_good;
	u64 tx_pause;
	u64 rx_frames;
	u64 rx_octets;
	u64 rx_crc;
	u64 rx_align;
	u64 rx_runt;
	u64 rx_jabber;
	u64 rx_length;
	u64 rx_pause;
	u64 rx_fifo_overflow;
	u64 rx_watchdog;
	u64 tx_fpe_frags;
	u64 tx_hold;
	u64 rx_fpe_assembly_err;
	u64 rx_fpe_smd_err;
	u64 rx_fpe_assembly_ok;
	u64 rx_fpe_frags;
};

#define STMMAC_MMC_COUNTERS \
	(sizeof(struct stmmac_mmc_counters) / sizeof(u64))

/**
 * struct stmmac_hw_ops - operations whose registers differ between IP cores
 * @dma_irq_enable: unmask the RX and/or TX interrupt of one DMA channel;
 *	the unmask has reached the core when it returns (read back)
 * @dma_irq_disable: mask the RX and/or TX interrupt of one DMA channel
 * @rx_watchdog: program the RX interrupt watchdog (RIWT, in units of 256
 *	MAC clock cycles) of one RX queue; NULL when the core has none
 * @read_caps: read the version and HW feature registers
 * @reset: software-reset the DMA and MAC; 0 or -ETIMEDOUT
 * @core_init: configure the MAC for this device (frame size, RX checksum)
 *	with TX and RX disabled and every MAC and MMC interrupt masked
 * @mtl_init: set up the MTL queues (FIFO split, queue-to-channel map);
 *	NULL on cores without an MTL layer to configure
 * @mtl_tx_queue: set up one TX queue's MTL settings again, and its traffic
 *	class's scheduler, with its shaper from &stmmac_priv.cbs (while the
 *	data path runs); NULL on cores without a credit-based shaper
 * @dma_init: program the bus mode, operation mode and interrupt enables
 *	of every channel in use
 * @dma_init_tx: set the TX descriptor ring (base, @size descriptors) of a
 *	channel
 * @dma_init_rx: set the RX descriptor ring (base, @size descriptors) and
 *	buffer size of a channel
 * @dma_start: start the TX and/or RX DMA of a channel (with more TX than RX
 *	queues, or the reverse, a channel may have a ring in one direction only)
 * @dma_irq_off: mask every DMA interrupt of a channel, errors included
 * @dma_stop: stop the TX and/or RX DMA of a channel and wait until they
 *	are stopped (the frame in progress done); 0 or -ETIMEDOUT. Sleeps
 * @tx_kick: tell the TX DMA of a channel that descriptors up to @tail
 *	(exclusive, a bus address inside the ring) are ready
 * @rx_kick: tell the RX DMA of a channel that buffers up to @tail
 *	(exclusive) were refilled
 * @dma_irq_status: read and acknowledge a channel's DMA interrupts of the
 *	directions in @which (STMMAC_DMA_RX and/or STMMAC_DMA_TX) and its
 *	error events; returns STMMAC_DMA_* events, STMMAC_DMA_ACKED among them
 *	whenever any status was acknowledged, 0 when there was none
 * @dma_tx_ack: acknowledge a channel's TX completion status (TI) alone,
 *	for a caller that schedules TX NAPI itself (write-one-to-clear: no
 *	lock), and read the register back so that the write has landed before
 *	that NAPI reads the ring
 * @mac_enable: enable or disable the MAC transmitter and receiver
 * @link_up: program speed, duplex and pause after the link came up; the
 *	pause frames sent ask for the given pause time (in 512-bit-time slots)
 * @set_mac_addr: program the unicast address
 * @get_mac_addr: read the unicast address left by the firmware
 * @set_filter: program the receive address filter (promiscuous,
 *	all-multicast, multicast hash, unicast perfect filter) from the
 *	device's flags and address lists, and the VLAN filter from
 *	&stmmac_priv.vlan_bins where the core has one (on or off: its
 *	tables and mode are @set_vlan's), and the L3/L4 filters on or off
 *	from &stmmac_priv.flower (their rules are @set_l3l4's); called with
 *	those lists locked
 * @set_vlan: program the VLAN filter's tables and mode for @bins (its
 *	hash, 0 for no filter) and the entries &stmmac_priv.vlan_dirty names,
 *	and the MAC's RX tag stripping; RTNL held, may sleep. Returns 0, or
 *	an error if an entry's access did not complete (the entries after it
 *	not written). NULL without a VLAN filter
 * @set_l3l4: write L3/L4 filter @n's rule, or take it off (NULL); RTNL
 *	held, may sleep. Returns 0, or an error if an access did not
 *	complete. NULL without L3/L4 filters
 * @set_rx_csum: enable or disable RX checksum offload
 * @mdio_clk_csr: the MDIO clock range field value for a CSR clock rate in
 *	Hz, when its encoding is not the GMAC one of stmmac_clk_csr(); NULL
 *	otherwise
 * @mdio_read: clause 22 read through the MAC's MDIO master
 * @mdio_write: clause 22 write through the MAC's MDIO master
 * @mdio_read_c45: clause 45 read; NULL without clause 45
 * @mdio_write_c45: clause 45 write; NULL without clause 45
 * @mmc_read: add the hardware RMON counters to @mmc
 * @rx_missed: read, and so clear, the frames the RX DMA lost for want of
 *	a descriptor (@nobuf) and those the RX FIFO dropped (@fifo); NULL
 *	where the core has no such counter
 * @lpi_timers: program the LPI timers: the @ls_ms the link must have been
 *	up before the transmitter signals LPI, the @tw_us it waits after
 *	leaving LPI before sending; NULL, as are the other lpi_* ops, on a
 *	core without EEE
 * @lpi_link: tell the LPI logic whether the PHY's link is up (PLS)
 * @lpi_tx: let the transmitter enter LPI (with LPITXA: once it is idle,
 *	leaving it by itself for the next frame and clearing the enable),
 *	or take it out of LPI; @clk_gate also stops its clock in LPI, where
 *	the core can
 * @pmt_arm: arm power management for the wake-up events in @wolopts
 *	(WAKE_MAGIC, WAKE_UCAST): receiver on, PMT interrupt unmasked,
 *	power-down mode; 0 disarms it and masks the interrupt again
 * @pmt_ack: read, and so clear, the PMT status, which ends its interrupt
 * @mac_capabilities: phylink MAC_* speeds and duplex modes the core has
 *	(half duplex is further limited by &stmmac_caps.half_duplex)
 * @max_frame: the longest frame the MAC receives and sends, VLAN tag and
 *	FCS included, in bytes (with its jumbo or giant limit raised)
 * @regs_len: bytes of registers dumped by @dump_regs
 * @dump_regs: copy the register window for ethtool -d
 * @ethtool_name: the driver name ethtool -i reports, upstream's for the
 *	core ("st_gmac", "st_xgmac"): ethtool picks its register decoder by it
 * @core_name: the core's name in ethtool -i's firmware version field
 * @tsu: where the core's timestamping unit sits, NULL when it has none
 *	(whether a given core was built with it: &stmmac_caps.ts)
 * @fpe_program: set up frame preemption from &stmmac_priv.fpe and
 *	.mqprio: the preemptible TX queues, the added fragment size, the RX
 *	queue of preempted frames, and the interrupt, unmasked if @irq;
 *	under RTNL, the data path up. NULL, as the other fpe_* ops, without
 *	frame preemption
 * @fpe_ctrl: write the frame preemption control: STMMAC_FPE_EFPE, and an
 *	mPacket to send (STMMAC_FPE_SEND_*); any context
 * @fpe_events: read, and so clear, the frame preemption status:
 *	STMMAC_FPE_RX_* and _TX_* events; from the MAC interrupt
 * @est: the scheduled traffic unit; NULL without (&stmmac_caps.est_depth)
 * @tx_tstamp: read the MAC's timestamp of the last frame sent with
 *	STMMAC_TXD_TS, for cores that report it in registers rather than in
 *	the descriptor: 0 with @ns set, -EBUSY when it has not come, -EIO
 *	when the MAC says it lost one. Runs in TX NAPI. NULL where frames
 *	cannot be stamped
 *
 * Callers hold the channel's @lock around the interrupt mask updates, since
 * RX and TX share one mask register per channel.
 */
struct stmmac_hw_ops {
	void (*dma_irq_enable)(void __iomem *ioaddr, u32 chan, bool rx, bool tx);
	void (*dma_irq_disable)(void __iomem *ioaddr, u32 chan, bool rx, bool tx);
	void (*dma_irq_off)(void __iomem *ioaddr, u32 chan);
	void (*rx_watchdog)(void __iomem *ioaddr, u32 queue, u32 riwt);
	void (*read_caps)(void __iomem *ioaddr, struct stmmac_caps *caps);
	int (*reset)(void __iomem *ioaddr);
	void (*core_init)(struct stmmac_priv *priv);
	void (*mtl_init)(struct stmmac_priv *priv);
	void (*mtl_tx_queue)(struct stmmac_priv *priv, u32 q);
	void (*dma_init)(struct stmmac_priv *priv);
	void (*dma_init_tx)(void __iomem *ioaddr, u32 chan, dma_addr_t base,
			    u32 size);
	void (*dma_init_rx)(void __iomem *ioaddr, u32 chan, dma_addr_t base,
			    u32 size, u32 buf_len);
	void (*dma_start)(void __iomem *ioaddr, u32 chan, bool tx, bool rx);
	int (*dma_stop)(void __iomem *ioaddr, u32 chan, bool tx, bool rx);
	void (*tx_kick)(void __iomem *ioaddr, u32 chan, dma_addr_t tail);
	void (*rx_kick)(void __iomem *ioaddr, u32 chan, dma_addr_t tail);
	u32 (*dma_irq_status)(void __iomem *ioaddr, u32 chan, u32 which);
	void (*dma_tx_ack)(void __iomem *ioaddr, u32 chan);
	void (*mac_enable)(void __iomem *ioaddr, bool enable);
	void (*link_up)(void __iomem *ioaddr, int speed, int duplex,
			bool tx_pause, bool rx_pause, u16 pause_time);
	void (*set_mac_addr)(void __iomem *ioaddr, const u8 *addr);
	void (*get_mac_addr)(void __iomem *ioaddr, u8 *addr);
	void (*set_filter)(struct stmmac_priv *priv, struct net_device *dev);
	int (*set_vlan)(struct stmmac_priv *priv, u16 bins);
	int (*set_l3l4)(struct stmmac_priv *priv, u32 n,
			const struct stmmac_l3l4 *rule);
	void (*set_rx_csum)(void __iomem *ioaddr, bool enable);
	u32 (*mdio_clk_csr)(unsigned long rate);
	int (*mdio_read)(void __iomem *ioaddr, u32 csr, int phy, int reg);
	int (*mdio_write)(void __iomem *ioaddr, u32 csr, int phy, int reg,
			  u16 val);
	int (*mdio_read_c45)(void __iomem *ioaddr, u32 csr, int phy, int devad,
			     int reg);
	int (*mdio_write_c45)(void __iomem *ioaddr, u32 csr, int phy,
			      int devad, int reg, u16 val);
	void (*mmc_read)(void __iomem *ioaddr, struct stmmac_mmc_counters *mmc);
	void (*rx_missed)(void __iomem *ioaddr, u32 *nobuf, u32 *fifo);
	void (*lpi_timers)(void __iomem *ioaddr, u32 ls_ms, u32 tw_us);
	void (*lpi_link)(void __iomem *ioaddr, bool up);
	void (*lpi_tx)(void __iomem *ioaddr, bool on, bool clk_gate);
	void (*pmt_arm)(void __iomem *ioaddr, u32 wolopts);
	void (*pmt_ack)(void __iomem *ioaddr);
	unsigned long mac_capabilities;
	u32 max_frame;
	u32 regs_len;
	const char *ethtool_name;
	const char *core_name;
	void (*dump_regs)(void __iomem *ioaddr, u32 *buf);
	const struct stmmac_tsu_layout *tsu;
	void (*fpe_program)(struct stmmac_priv *priv, bool irq);
	void (*fpe_ctrl)(void __iomem *ioaddr, u32 ctrl);
	u32 (*fpe_events)(void __iomem *ioaddr);
	const struct stmmac_est_ops *est;
	int (*tx_tstamp)(void __iomem *ioaddr, u64 *ns);
};

/* The IP core families this driver handles. */
enum stmmac_core {
	STMMAC_CORE_GMAC,	/* GMAC 3.x, "dwmac1000" */
	STMMAC_CORE_XGMAC,	/* XGMAC 2.x */
};

#endif /* __STMMAC_HW_H__ */
