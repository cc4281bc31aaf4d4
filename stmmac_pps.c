// SPDX-License-Identifier: GPL-2.0-only
/*
 * The flexible PPS outputs of the timestamping unit (XGMAC 2.x) at the
 * register level. Each output gives a pulse train: its first rising edge
 * when the clock reaches a target time, then one every interval, each
 * high for a width. Interval and width count increments of the clock
 * (&stmmac_tsu_rate.ssinc), not nanoseconds: the unit makes its edges as
 * the time advances by one increment, so a period is a whole number of
 * them, and follows the clock's frequency adjustments.
 *
 * Commands (start, stop) go through the output's byte of the PPS control
 * register; the unit clears the command once it has taken it into the
 * clock's domain, and while it copies a new target time it shows
 * TRGTBUSY, during which the target may not be written. Nothing here
 * locks: the caller holds &stmmac_ptp.lock.
 */

#include <linux/bitfield.h>
#include <linux/io.h>
#include <linux/iopoll.h>
#include <linux/math64.h>
#include <linux/time64.h>
#include <kunit/visibility.h>

#include "stmmac_ptp.h"

/* Taking a command or a target time takes a few cycles of the reference
 * clock; the bound only matters for a unit that is not clocked, and is
 * long enough for the KUnit suite's fake unit, which answers from a
 * thread.
 */
#define PPS_TIMEOUT_US		100000

/* The PPSCMD fields of all four outputs */
#define PPS_CTRL_CMDS		0x0f0f0f0f

/**
 * stmmac_pps_outputs() - the periodic outputs a port offers
 * @l: the core's unit
 * @hw: the outputs its HW feature register reports (XGMAC: PPSOUTNUM)
 *
 * A value beyond the register map (the field's reserved values 5-7) is
 * held to it.
 *
 * Return: &ptp_clock_info.n_per_out.
 */
u32 stmmac_pps_outputs(const struct stmmac_tsu_layout *l, u32 hw)
{
	return min(hw, l->pps_max);
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_pps_outputs);

/* A time of the request in ns. The clock counts 32 bits of seconds: no
 * later time comes, and none before 0.
 */
static int pps_ns(const struct ptp_clock_time *t, u64 *ns)
{
	if (t->sec < 0 || t->sec > U32_MAX || t->nsec >= NSEC_PER_SEC)
		return -EINVAL;
	*ns = (u64)t->sec * NSEC_PER_SEC + t->nsec;
	return 0;
}

/**
 * stmmac_pps_check() - turn a periodic output request into a pulse train
 * @rq: the request, to start the output
 * @ssinc: the clock's increment, ns
 * @out: on success, the train (@out->on untouched)
 *
 * The period and the high time are rounded to the nearest increment: a
 * period that is not a whole number of them (none at the SoCFPGA rates'
 * 8 and 20 ns for whole microseconds) comes out that much off. The high
 * time is @rq's "on" time with PTP_PEROUT_DUTY_CYCLE, else half the
 * period (rounded down). With PTP_PEROUT_PHASE the start is a phase: the
 * edges fall on it plus whole periods from time 0.
 *
 * Return: 0; -EOPNOTSUPP for a flag other than PTP_PEROUT_DUTY_CYCLE and
 * PTP_PEROUT_PHASE (one-shot pulses are not done); -EINVAL for a time
 * out of range, a period under two increments or over 2^32 of them (the
 * interval register), or a high time that rounds to no increment or to
 * the whole period.
 */
int stmmac_pps_check(const struct ptp_perout_request *rq, u32 ssinc,
		     struct stmmac_pps_out *out)
{
	u64 start, period, on, n, w;

	if (rq->flags & ~(PTP_PEROUT_DUTY_CYCLE | PTP_PEROUT_PHASE))
		return -EOPNOTSUPP;
	if (!ssinc || pps_ns(&rq->start, &start) ||
	    pps_ns(&rq->period, &period))
		return -EINVAL;
	n = DIV_ROUND_CLOSEST_ULL(period, ssinc);
	/* at least one increment high and one low */
	if (n < 2 || n - 1 > U32_MAX)
		return -EINVAL;
	if (rq->flags & PTP_PEROUT_DUTY_CYCLE) {
		if (pps_ns(&rq->on, &on))
			return -EINVAL;
		w = DIV_ROUND_CLOSEST_ULL(on, ssinc);
	} else {
		w = n / 2;
	}
	if (!w || w >= n)
		return -EINVAL;
	out->start = start;
	out->period = period;
	out->interval = n - 1;
	out->width = w - 1;
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_pps_check);

/**
 * stmmac_pps_next() - the first edge of a train no earlier than a time
 * @start: an edge of the train, ns
 * @period: the train's period, ns (not 0)
 * @earliest: the earliest time the edge may be at, ns
 *
 * The unit starts a train only at a target time still ahead of the
 * clock (one already past is an error the unit reports, and no train):
 * a start the clock has passed moves on by whole periods, keeping the
 * phase the request asked for.
 *
 * Return: @start, or the first @start + k * @period at or after
 * @earliest.
 */
u64 stmmac_pps_next(u64 start, u64 period, u64 earliest)
{
	if (start >= earliest)
		return start;
	return start + div64_u64(earliest - start + period - 1, period) *
		       period;
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_pps_next);

static void __iomem *pps_reg(void __iomem *ioaddr,
			     const struct stmmac_tsu_layout *l, u32 index,
			     u32 reg)
{
	return ioaddr + l->pps_regs + index * PPS_STRIDE + reg;
}

/* A value in output @index's byte of the control register */
static u32 pps_byte(u32 index, u32 v)
{
	return v << (index * 8);
}

/**
 * stmmac_pps_idle() - whether an output can take a command and a target
 * @ioaddr: the MAC's registers
 * @l: the core's unit
 * @index: the output
 *
 * Waits for the output's last command to be taken and its last target
 * time to be copied. Writes nothing.
 *
 * Return: 0, or -EBUSY when the unit did not get there.
 */
int stmmac_pps_idle(void __iomem *ioaddr, const struct stmmac_tsu_layout *l,
		    u32 index)
{
	u32 cmd = pps_byte(index, PPS_CTRL_CMD), v;

	if (readl_poll_timeout(ioaddr + l->pps_ctrl, v, !(v & cmd), 10,
			       PPS_TIMEOUT_US) ||
	    readl_poll_timeout(pps_reg(ioaddr, l, index, PPS_TARGET_NSEC), v,
			       !(v & PPS_TARGET_BUSY), 10, PPS_TIMEOUT_US))
		return -EBUSY;
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_pps_idle);

/* Write output @index's byte of the control register: flexible mode, the
 * target time starting the train, and @cmd (0: none). The other outputs'
 * commands are written as 0: each command is waited for under the lock,
 * so none is pending, and a field read back set would be one the unit
 * never took, which writing it again would give a second time.
 *
 * PPSEN stays set even to stop: on cores before 3.20 it selects the
 * flexible mode of output 0, whose fixed mode would otherwise send a
 * pulse every second; on outputs 1-3 there it reads as 0 and writing it
 * does nothing. The target mode asks for an interrupt as well as the
 * edge; the MAC's interrupts are all masked (core_init), so none comes.
 */
static int pps_ctrl(void __iomem *ioaddr, const struct stmmac_tsu_layout *l,
		    u32 index, u32 cmd)
{
	void __iomem *reg = ioaddr + l->pps_ctrl;
	u32 mine = pps_byte(index, PPS_CTRL_CMD);
	u32 v = readl(reg) & ~PPS_CTRL_CMDS & ~pps_byte(index, 0xff);

	v |= pps_byte(index, PPS_CTRL_EN |
			     FIELD_PREP(PPS_CTRL_MODE, PPS_MODE_PPS) |
			     FIELD_PREP(PPS_CTRL_CMD, cmd));
	writel(v, reg);
	if (!cmd)
		return 0;
	return readl_poll_timeout(reg, v, !(v & mine), 10, PPS_TIMEOUT_US);
}

/**
 * stmmac_pps_start() - start an output's pulse train
 * @ioaddr: the MAC's registers
 * @l: the core's unit
 * @index: the output, idle (stmmac_pps_idle()) and stopped
 * @out: the train
 * @start: its first rising edge, ns of the clock, ahead of it
 *
 * The mode first, without a command, so that the target time written
 * next is never taken in the fixed mode; then interval, width and the
 * target; then the command, which the unit takes with them.
 *
 * Return: 0, or -ETIMEDOUT when the unit did not take the command.
 */
int stmmac_pps_start(void __iomem *ioaddr, const struct stmmac_tsu_layout *l,
		     u32 index, const struct stmmac_pps_out *out, u64 start)
{
	u32 nsec;
	u64 sec = div_u64_rem(start, NSEC_PER_SEC, &nsec);

	pps_ctrl(ioaddr, l, index, 0);
	writel(out->interval, pps_reg(ioaddr, l, index, PPS_INTERVAL));
	writel(out->width, pps_reg(ioaddr, l, index, PPS_WIDTH));
	writel(lower_32_bits(sec), pps_reg(ioaddr, l, index, PPS_TARGET_SEC));
	writel(nsec, pps_reg(ioaddr, l, index, PPS_TARGET_NSEC));
	return pps_ctrl(ioaddr, l, index, PPS_CMD_START_TRAIN);
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_pps_start);

/**
 * stmmac_pps_stop() - stop an output's pulse train at once
 * @ioaddr: the MAC's registers
 * @l: the core's unit
 * @index: the output
 *
 * The train ends with no further edge. Interval, width and target are
 * left as they were: the next start writes them all.
 *
 * Return: 0; -EBUSY when the output's last command was not taken;
 * -ETIMEDOUT when this one was not.
 */
int stmmac_pps_stop(void __iomem *ioaddr, const struct stmmac_tsu_layout *l,
		    u32 index)
{
	u32 cmd = pps_byte(index, PPS_CTRL_CMD), v;

	if (readl_poll_timeout(ioaddr + l->pps_ctrl, v, !(v & cmd), 10,
			       PPS_TIMEOUT_US))
		return -EBUSY;
	return pps_ctrl(ioaddr, l, index, PPS_CMD_STOP_NOW);
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_pps_stop);
