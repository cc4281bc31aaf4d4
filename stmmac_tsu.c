// SPDX-License-Identifier: GPL-2.0-only
/*
 * The IEEE 1588 timestamping unit at the register level, for both cores
 * (their units differ only in where they sit, &struct stmmac_tsu_layout).
 *
 * The unit counts in fine update mode: an accumulator adds TSU_ADDEND at
 * every reference clock cycle, and each time it overflows 32 bits the
 * system time advances by the sub-second increment. The frequency is
 * tuned through the addend, the time set or stepped through the update
 * registers. Nanoseconds roll over at 10^9 (digital rollover), so that
 * the stamps the descriptors carry are plain seconds and nanoseconds.
 *
 * Nothing here locks: the caller holds &stmmac_ptp.lock. Loading the
 * addend, setting and stepping the time are commands: the driver sets a
 * bit of TSU_CTRL and the unit clears it once done; a command may only be
 * given while no other is in progress. Waiting for one sleeps.
 */

#include <linux/bitfield.h>
#include <linux/io.h>
#include <linux/iopoll.h>
#include <linux/math64.h>
#include <linux/time64.h>
#include <kunit/visibility.h>

#include "stmmac_ptp.h"

/* A command takes a few cycles of the reference clock. The bound only
 * matters for a unit that is broken; it is long enough not to fire on a
 * virtual machine whose CPU was away for a while (the KUnit suite's fake
 * unit answers from a thread).
 */
#define TSU_CMD_TIMEOUT_US	100000

/* The accumulator must overflow at most every other reference clock
 * cycle, so that the addend has room to speed the clock up: the
 * increment is at least two clock periods.
 */
#define TSU_PERIODS		2

/**
 * stmmac_tsu_rate() - the increment and addend for a reference clock
 * @rate: the reference clock in Hz ("ptp_ref", or the core clock)
 * @r: the settings
 *
 * The increment is two clock periods rounded up to a whole nanosecond;
 * the addend is 2^32 * 10^9 / (increment * rate): the accumulator then
 * overflows 10^9 / increment times a second, and the time advances by
 * exactly one second per second.
 *
 * Return: 0, or -ERANGE for a clock whose increment does not fit 8 bits
 * (below 7.85 MHz) or is 0.
 */
int stmmac_tsu_rate(unsigned long rate, struct stmmac_tsu_rate *r)
{
	u64 ssinc, addend, max, div;

	if (!rate)
		return -ERANGE;
	ssinc = DIV_ROUND_UP_ULL((u64)TSU_PERIODS * NSEC_PER_SEC, rate);
	if (!ssinc || ssinc > TSU_SSINC_MAX)
		return -ERANGE;
	div = ssinc * rate;
	addend = div64_u64(((u64)NSEC_PER_SEC << 32) + div / 2, div);
	/* The most the addend may grow, in parts per billion of itself. */
	max = div_u64((U32_MAX - addend) * NSEC_PER_SEC, addend);
	r->ssinc = ssinc;
	r->addend = addend;
	r->max_adj = min_t(u64, max, S32_MAX);
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_tsu_rate);

/**
 * stmmac_tsu_addend() - the addend for a frequency adjustment
 * @base: the nominal addend
 * @scaled_ppm: the adjustment, parts per million with a 16-bit fraction
 *
 * Return: the addend, kept within 1..U32_MAX.
 */
u32 stmmac_tsu_addend(u32 base, long scaled_ppm)
{
	u64 a = adjust_by_scaled_ppm(base, scaled_ppm);

	return clamp_t(u64, a, 1, U32_MAX);
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_tsu_addend);

static int tsu_idle(void __iomem *base)
{
	u32 v;

	return readl_poll_timeout(base + TSU_CTRL, v, !(v & TSU_CTRL_CMDS),
				  10, TSU_CMD_TIMEOUT_US);
}

/* Give one command and wait for the unit to take it. The registers it
 * reads were written before: writel() keeps MMIO writes in order.
 */
static int tsu_cmd(void __iomem *base, u32 cmd)
{
	u32 v = readl(base + TSU_CTRL) & ~TSU_CTRL_CMDS;

	writel(v | cmd, base + TSU_CTRL);
	return readl_poll_timeout(base + TSU_CTRL, v, !(v & cmd), 10,
				  TSU_CMD_TIMEOUT_US);
}

/**
 * stmmac_tsu_set_addend() - load a new addend (adjfine)
 * @ioaddr: the MAC's registers
 * @l: the core's unit
 * @addend: the addend
 *
 * Return: 0, or -ETIMEDOUT when the unit did not take it.
 */
int stmmac_tsu_set_addend(void __iomem *ioaddr,
			  const struct stmmac_tsu_layout *l, u32 addend)
{
	void __iomem *base = ioaddr + l->base;
	int ret = tsu_idle(base);

	if (ret)
		return ret;
	writel(addend, base + TSU_ADDEND);
	return tsu_cmd(base, TSU_CTRL_ADDREG);
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_tsu_set_addend);

/**
 * stmmac_tsu_settime() - set the time
 * @ioaddr: the MAC's registers
 * @l: the core's unit
 * @ts: the time; seconds beyond 32 bits are dropped (the unit counts 32)
 *
 * Return: 0, or -ETIMEDOUT when the unit did not take it.
 */
int stmmac_tsu_settime(void __iomem *ioaddr, const struct stmmac_tsu_layout *l,
		       const struct timespec64 *ts)
{
	void __iomem *base = ioaddr + l->base;
	int ret = tsu_idle(base);

	if (ret)
		return ret;
	writel(lower_32_bits(ts->tv_sec), base + TSU_SEC_UPD);
	writel(ts->tv_nsec, base + TSU_NSEC_UPD);
	return tsu_cmd(base, TSU_CTRL_INIT);
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_tsu_settime);

/**
 * stmmac_tsu_adjtime() - step the time by an offset
 * @ioaddr: the MAC's registers
 * @l: the core's unit
 * @delta: nanoseconds to add, negative to go back
 *
 * The unit adds the update registers to the time, or subtracts them with
 * TSU_NSEC_SUB. A subtraction is written in complement form (databook,
 * "System Time Nanoseconds Update", digital rollover): the nanoseconds as
 * 10^9 minus them on both cores, the seconds as their two's complement on
 * the XGMAC only (&stmmac_tsu_layout.sub_sec_neg). The GMAC 3.x takes the
 * seconds' magnitude: their complement would step it by about 2^32 s.
 * For a whole number of seconds the nanoseconds are 10^9, as upstream
 * writes them; the databooks do not say otherwise.
 *
 * Return: 0, -ERANGE for a step of 2^32 s or more, or -ETIMEDOUT when the
 * unit did not take it.
 */
int stmmac_tsu_adjtime(void __iomem *ioaddr, const struct stmmac_tsu_layout *l,
		       s64 delta)
{
	void __iomem *base = ioaddr + l->base;
	bool sub = delta < 0;
	u32 nsec, sec_reg, nsec_reg;
	u64 sec;
	int ret;

	sec = div_u64_rem(sub ? -(u64)delta : delta, NSEC_PER_SEC, &nsec);
	if (sec > U32_MAX)
		return -ERANGE;
	sec_reg = sec;
	nsec_reg = nsec;
	if (sub) {
		if (l->sub_sec_neg)
			sec_reg = -sec_reg;
		nsec_reg = TSU_NSEC_SUB | (NSEC_PER_SEC - nsec);
	}
	ret = tsu_idle(base);
	if (ret)
		return ret;
	writel(sec_reg, base + TSU_SEC_UPD);
	writel(nsec_reg, base + TSU_NSEC_UPD);
	return tsu_cmd(base, TSU_CTRL_UPDT);
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_tsu_adjtime);

/**
 * stmmac_tsu_time() - the time of two readings of the seconds
 * @sec0: seconds, read before the nanoseconds
 * @nsec0: nanoseconds, read between @sec0 and @sec1
 * @sec1: seconds, read after @nsec0
 * @nsec1: nanoseconds, read again after @sec1 (used only when the
 *	seconds moved)
 *
 * The unit has no snapshot of the two registers: when the seconds roll
 * over between the reads, @nsec0 may belong to either second. Then
 * @nsec1, read after the new second was seen, goes with it.
 *
 * Return: the time in nanoseconds.
 */
u64 stmmac_tsu_time(u32 sec0, u32 nsec0, u32 sec1, u32 nsec1)
{
	if (sec0 == sec1)
		return (u64)sec0 * NSEC_PER_SEC + nsec0;
	return (u64)sec1 * NSEC_PER_SEC + nsec1;
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_tsu_time);

static u32 tsu_read_nsec(void __iomem *base, struct ptp_system_timestamp *sts)
{
	u32 v;

	ptp_read_system_prets(sts);
	v = readl(base + TSU_NSEC);
	ptp_read_system_postts(sts);
	return v & TSU_NSEC_MASK;
}

/**
 * stmmac_tsu_gettime() - read the time
 * @ioaddr: the MAC's registers
 * @l: the core's unit
 * @ts: the time
 * @sts: system time around the nanoseconds read, which latches the
 *	instant (NULL when not wanted)
 */
void stmmac_tsu_gettime(void __iomem *ioaddr,
			const struct stmmac_tsu_layout *l,
			struct timespec64 *ts,
			struct ptp_system_timestamp *sts)
{
	void __iomem *base = ioaddr + l->base;
	u32 sec0, nsec0, sec1, nsec1;

	sec0 = readl(base + TSU_SEC);
	nsec0 = tsu_read_nsec(base, sts);
	sec1 = readl(base + TSU_SEC);
	nsec1 = sec1 == sec0 ? nsec0 : tsu_read_nsec(base, sts);
	*ts = ns_to_timespec64(stmmac_tsu_time(sec0, nsec0, sec1, nsec1));
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_tsu_gettime);

/**
 * stmmac_tsu_set_filter() - choose the frames the unit stamps
 * @ioaddr: the MAC's registers
 * @l: the core's unit
 * @filter: TSU_CTRL_FILTER bits
 *
 * A command still in progress is waited for first, so that its bit is not
 * written back set.
 */
void stmmac_tsu_set_filter(void __iomem *ioaddr,
			   const struct stmmac_tsu_layout *l, u32 filter)
{
	void __iomem *base = ioaddr + l->base;
	u32 v;

	tsu_idle(base);
	v = readl(base + TSU_CTRL) & ~(TSU_CTRL_FILTER | TSU_CTRL_CMDS);
	writel(v | (filter & TSU_CTRL_FILTER), base + TSU_CTRL);
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_tsu_set_filter);

/**
 * stmmac_tsu_init() - start the unit after a core reset
 * @ioaddr: the MAC's registers
 * @l: the core's unit
 * @r: the settings for the reference clock
 * @filter: TSU_CTRL_FILTER bits: the frames to stamp
 * @now: the time to start from
 *
 * The databook's order: timestamping on, the increment, the addend (and
 * fine update mode), then the time.
 *
 * Return: 0, or -ETIMEDOUT when the unit took a command not.
 */
int stmmac_tsu_init(void __iomem *ioaddr, const struct stmmac_tsu_layout *l,
		    const struct stmmac_tsu_rate *r, u32 filter,
		    const struct timespec64 *now)
{
	void __iomem *base = ioaddr + l->base;
	int ret;

	writel(TSU_CTRL_ENA | TSU_CTRL_DIGITAL | (filter & TSU_CTRL_FILTER),
	       base + TSU_CTRL);
	writel(r->ssinc << l->ssinc_shift, base + TSU_SSINC);
	ret = stmmac_tsu_set_addend(ioaddr, l, r->addend);
	if (ret)
		return ret;
	writel(readl(base + TSU_CTRL) | TSU_CTRL_FINE, base + TSU_CTRL);
	return stmmac_tsu_settime(ioaddr, l, now);
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_tsu_init);
