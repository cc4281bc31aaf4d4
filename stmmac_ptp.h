/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The IEEE 1588 timestamping unit (TSU) of the GMAC 3.x and XGMAC 2.x
 * cores, and the PTP hardware clock built on it. Both cores have the same
 * unit: the same registers in the same order from a base that differs
 * (0x700 on the GMAC, 0xd00 on the XGMAC), the same control bits, and a
 * sub-second increment field that sits in bits 7:0 on the GMAC and 23:16
 * on the XGMAC. Each core file describes its unit with a
 * &struct stmmac_tsu_layout; stmmac_tsu.c programs it. The XGMAC's unit
 * also drives up to four flexible PPS outputs, pulse trains timed by the
 * clock (stmmac_pps.c); the GMAC 3.x has none.
 */

#ifndef __STMMAC_PTP_H__
#define __STMMAC_PTP_H__

#include <linux/bits.h>
#include <linux/mutex.h>
#include <linux/net_tstamp.h>
#include <linux/ptp_clock_kernel.h>
#include <linux/types.h>

struct kernel_ethtool_ts_info;
struct kernel_hwtstamp_config;
struct net_device;
struct netlink_ext_ack;
struct stmmac_priv;

/* Registers, from the unit's base */
#define TSU_CTRL		0x00	/* timestamp control */
#define TSU_SSINC		0x04	/* sub-second increment */
#define TSU_SEC			0x08	/* system time, seconds */
#define TSU_NSEC		0x0c	/* system time, nanoseconds */
#define TSU_SEC_UPD		0x10	/* seconds to set or add */
#define TSU_NSEC_UPD		0x14	/* nanoseconds to set or add */
#define TSU_ADDEND		0x18	/* frequency adjustment */

/* TSU_CTRL */
#define TSU_CTRL_ENA		BIT(0)	/* timestamping on */
#define TSU_CTRL_FINE		BIT(1)	/* fine update: the addend is used */
#define TSU_CTRL_INIT		BIT(2)	/* load the update registers */
#define TSU_CTRL_UPDT		BIT(3)	/* add (or subtract) them */
#define TSU_CTRL_ADDREG		BIT(5)	/* load TSU_ADDEND */
#define TSU_CTRL_ALL		BIT(8)	/* stamp every received frame */
#define TSU_CTRL_DIGITAL	BIT(9)	/* nanoseconds roll over at 10^9 */
#define TSU_CTRL_V2		BIT(10)	/* PTP version 2 messages */
#define TSU_CTRL_L2		BIT(11)	/* PTP over Ethernet */
#define TSU_CTRL_IPV6		BIT(12)	/* PTP over UDP/IPv6 */
#define TSU_CTRL_IPV4		BIT(13)	/* PTP over UDP/IPv4 */
#define TSU_CTRL_EVENT		BIT(14)	/* event messages only */
#define TSU_CTRL_MASTER		BIT(15)	/* messages a master receives */
#define TSU_CTRL_SNAPTYP1	BIT(16)	/* snapshot type 1: every event */
/* The bits that trigger an operation; they clear when it is done. */
#define TSU_CTRL_CMDS		(TSU_CTRL_INIT | TSU_CTRL_UPDT | TSU_CTRL_ADDREG)
/* The bits that select what is stamped (hwtstamp config) */
#define TSU_CTRL_FILTER		(TSU_CTRL_ALL | TSU_CTRL_V2 | TSU_CTRL_L2 | \
				 TSU_CTRL_IPV6 | TSU_CTRL_IPV4 | \
				 TSU_CTRL_EVENT | TSU_CTRL_MASTER | \
				 TSU_CTRL_SNAPTYP1)

/* TSU_NSEC_UPD */
#define TSU_NSEC_SUB		BIT(31)	/* subtract instead of add */
#define TSU_NSEC_MASK		GENMASK(30, 0)

/* The sub-second increment field is 8 bits wide on both cores. */
#define TSU_SSINC_MAX		0xff

/* Flexible PPS outputs. The control register gives each output a byte,
 * output n in bits 8n+7:8n; each output has four registers, from
 * &stmmac_tsu_layout.pps_regs plus n times PPS_STRIDE.
 */
#define PPS_TARGET_SEC		0x0	/* first edge of the train, seconds */
#define PPS_TARGET_NSEC		0x4	/* and nanoseconds */
#define PPS_TARGET_BUSY		BIT(31)	/* TRGTBUSY: target still being taken */
#define PPS_INTERVAL		0x8	/* rising edge to rising edge */
#define PPS_WIDTH		0xc	/* rising edge to falling edge */
#define PPS_STRIDE		0x10
/* An output's byte of the control register */
#define PPS_CTRL_CMD		GENMASK(3, 0)	/* PPSCMD, cleared once taken */
#define PPS_CTRL_EN		BIT(4)		/* PPSEN: flexible mode */
#define PPS_CTRL_MODE		GENMASK(6, 5)	/* TRGTMODSEL */
#define PPS_CMD_START_TRAIN	0x2
#define PPS_CMD_STOP_NOW	0x5
#define PPS_MODE_PPS		0x2	/* the target time starts the train */
#define PPS_MAX_OUTPUTS		4

/**
 * struct stmmac_tsu_layout - where a core keeps its timestamping unit
 * @base: offset of TSU_CTRL in the MAC's register window
 * @ssinc_shift: position of the 8-bit increment in TSU_SSINC
 * @pps_ctrl: offset of the flexible PPS control register
 * @pps_regs: offset of output 0's PPS_TARGET_SEC
 * @pps_max: flexible PPS outputs the register map has room for, 0 on a
 *	core without them; the HW feature register says how many exist
 * @sub_sec_neg: a subtraction takes the seconds as their two's complement
 *	(XGMAC); the GMAC 3.x takes them as they are, ADDSUB saying which way
 */
struct stmmac_tsu_layout {
	u32 base;
	u32 ssinc_shift;
	u32 pps_ctrl;
	u32 pps_regs;
	u32 pps_max;
	bool sub_sec_neg;
};

/**
 * struct stmmac_tsu_rate - how the unit counts at a reference clock rate
 * @ssinc: nanoseconds added to the time at each accumulator overflow
 * @addend: the addend that makes those overflows come every @ssinc ns
 *	of real time (the nominal frequency)
 * @max_adj: the largest frequency adjustment, in parts per billion, that
 *	keeps the addend within 32 bits
 */
struct stmmac_tsu_rate {
	u32 ssinc;
	u32 addend;
	s32 max_adj;
};

/**
 * struct stmmac_pps_out - a periodic output asked for (PTP_CLK_REQ_PEROUT)
 * @start: the time of a rising edge, ns of the clock; the train's first
 *	edge is the first of @start + k * @period far enough ahead
 * @period: rising edge to rising edge, ns
 * @interval: PPS_INTERVAL: @period in clock increments, less one
 * @width: PPS_WIDTH: the high time in clock increments, less one
 * @on: the output was asked for and not stopped since; kept across
 *	ifdown and core resets, which stop the train, to start it again
 */
struct stmmac_pps_out {
	u64 start;
	u64 period;
	u32 interval;
	u32 width;
	bool on;
};

/**
 * struct stmmac_ptp - the PTP hardware clock of one port
 * @clock: the registered clock, NULL without one
 * @info: its operations and limits
 * @lock: serialises every access to the unit's registers: the clock
 *	operations (process context, from the PTP character device and
 *	phc2sys), the hwtstamp configuration (RTNL) and the unit's set-up
 *	after a core reset (RTNL). A mutex: the update handshakes sleep
 * @tsu: the core's unit, NULL when the core has none
 * @ioaddr: the MAC's register window
 * @rate: the unit's settings for the reference clock
 * @live: the unit is programmed and counting (false while the core is
 *	reset or stopped); read and written under @lock
 * @config: the hwtstamp configuration in force (RTNL; the data path reads
 *	@tx_on and @rx_on instead)
 * @tx_on: TX timestamps were asked for (read by xmit with READ_ONCE)
 * @rx_on: RX timestamps were asked for (read by RX NAPI with READ_ONCE)
 * @tx_pending: a frame waits for its TX timestamp (XGMAC: one at a time,
 *	the MAC keeps one); set by xmit, cleared by TX clean
 * @tx_skipped: frames that asked for a TX timestamp while one was pending
 * @tx_missed: TX timestamps the MAC did not deliver
 * @pps: the periodic outputs (&ptp_clock_info.n_per_out of them), under
 *	@lock
 */
struct stmmac_ptp {
	struct ptp_clock *clock;
	struct ptp_clock_info info;
	struct mutex lock;	/* the unit's registers, @live */
	const struct stmmac_tsu_layout *tsu;
	void __iomem *ioaddr;
	struct stmmac_tsu_rate rate;
	bool live;
	struct kernel_hwtstamp_config config;
	bool tx_on;
	bool rx_on;
	unsigned long tx_pending;
	atomic_t tx_skipped;
	atomic_t tx_missed;
	struct stmmac_pps_out pps[PPS_MAX_OUTPUTS];
};

/* stmmac_tsu.c: the unit at the register level */
int stmmac_tsu_rate(unsigned long rate, struct stmmac_tsu_rate *r);
int stmmac_tsu_init(void __iomem *ioaddr, const struct stmmac_tsu_layout *l,
		    const struct stmmac_tsu_rate *r, u32 filter,
		    const struct timespec64 *now);
int stmmac_tsu_set_addend(void __iomem *ioaddr,
			  const struct stmmac_tsu_layout *l, u32 addend);
int stmmac_tsu_settime(void __iomem *ioaddr, const struct stmmac_tsu_layout *l,
		       const struct timespec64 *ts);
int stmmac_tsu_adjtime(void __iomem *ioaddr, const struct stmmac_tsu_layout *l,
		       s64 delta);
void stmmac_tsu_gettime(void __iomem *ioaddr,
			const struct stmmac_tsu_layout *l,
			struct timespec64 *ts,
			struct ptp_system_timestamp *sts);
void stmmac_tsu_set_filter(void __iomem *ioaddr,
			   const struct stmmac_tsu_layout *l, u32 filter);
u32 stmmac_tsu_addend(u32 base, long scaled_ppm);
u64 stmmac_tsu_time(u32 sec0, u32 nsec0, u32 sec1, u32 nsec1);

/* stmmac_pps.c: the flexible PPS outputs at the register level */
u32 stmmac_pps_outputs(const struct stmmac_tsu_layout *l, u32 hw);
int stmmac_pps_check(const struct ptp_perout_request *rq, u32 ssinc,
		     struct stmmac_pps_out *out);
u64 stmmac_pps_next(u64 start, u64 period, u64 earliest);
int stmmac_pps_idle(void __iomem *ioaddr, const struct stmmac_tsu_layout *l,
		    u32 index);
int stmmac_pps_start(void __iomem *ioaddr, const struct stmmac_tsu_layout *l,
		     u32 index, const struct stmmac_pps_out *out, u64 start);
int stmmac_pps_stop(void __iomem *ioaddr, const struct stmmac_tsu_layout *l,
		    u32 index);

/* stmmac_ptp.c: the clock, the hwtstamp configuration */
void stmmac_ptp_probe(struct stmmac_priv *priv);
void stmmac_ptp_remove(struct stmmac_priv *priv);
void stmmac_ptp_start(struct stmmac_priv *priv);
void stmmac_ptp_stop(struct stmmac_priv *priv);
int stmmac_ptp_enable(struct ptp_clock_info *info,
		      struct ptp_clock_request *rq, int on);
int stmmac_ptp_config_filter(struct kernel_hwtstamp_config *cfg, bool stamps,
			     u32 *filter);
int stmmac_hwtstamp_get(struct net_device *dev,
			struct kernel_hwtstamp_config *cfg);
int stmmac_hwtstamp_set(struct net_device *dev,
			struct kernel_hwtstamp_config *cfg,
			struct netlink_ext_ack *extack);
int stmmac_ptp_ts_info(struct net_device *dev,
		       struct kernel_ethtool_ts_info *info);

#endif /* __STMMAC_PTP_H__ */
