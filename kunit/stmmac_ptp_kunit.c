// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests for the timestamping unit (stmmac_tsu.c), the hwtstamp
 * configuration (stmmac_ptp.c), the XGMAC's flexible PPS outputs
 * (stmmac_pps.c and the PTP_CLK_REQ_PEROUT requests of stmmac_ptp.c) and
 * the timestamp fields of the XGMAC's descriptors and registers, on a
 * fake MMIO window (plain memory). A kernel thread plays the unit's
 * command handshakes where a test needs it: it clears a command bit (or a
 * PPS output's command field) once set, after noting what the registers
 * the command takes held at that moment.
 */

#include <kunit/test.h>
#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/etherdevice.h>
#include <linux/kthread.h>
#include <linux/net_tstamp.h>
#include <linux/netdevice.h>
#include <linux/rtnetlink.h>
#include <linux/slab.h>

#include "../dwmac1000.h"
#include "../dwxgmac2.h"
#include "../stmmac.h"
#include "../stmmac_ptp.h"
#include "../stmmac_compat.h"

#define FAKE_WINDOW	0x4000
#define FAKE_CMDS	12

/**
 * struct tsu_cmd - a command the fake unit took
 * @cmd: its TSU_CTRL bit
 * @sec_upd: TSU_SEC_UPD when it was given
 * @nsec_upd: TSU_NSEC_UPD when it was given
 * @addend: TSU_ADDEND when it was given
 */
struct tsu_cmd {
	u32 cmd;
	u32 sec_upd;
	u32 nsec_upd;
	u32 addend;
};

/**
 * struct pps_cmd - a command a PPS output of the fake unit took
 * @ctrl: the PPS control register as written with it
 * @out: the output whose command field was set
 * @sec: that output's target seconds when it was given
 * @nsec: its target nanoseconds
 * @interval: its interval
 * @width: its width
 */
struct pps_cmd {
	u32 ctrl;
	u32 out;
	u32 sec;
	u32 nsec;
	u32 interval;
	u32 width;
};

#define FAKE_PPS_CMDS	16

struct tsu_fake {
	struct completion started;
	u32 *mem;
	void __iomem *io;
	const struct stmmac_tsu_layout *l;
	struct task_struct *thread;
	struct tsu_cmd log[FAKE_CMDS];
	int n;
	struct pps_cmd pps[FAKE_PPS_CMDS];
	int npps;
};

static u32 *tsu_reg(struct tsu_fake *f, u32 off)
{
	return &f->mem[(f->l->base + off) / 4];
}

/* Raw registers of the fake window, at their offsets in the MAC's */
static u32 *fake_reg(struct tsu_fake *f, u32 off)
{
	return &f->mem[off / 4];
}

/* The XGMAC's PPS outputs (0xd70 control, a byte per output, PPSCMD in
 * its bits 3:0; output n's target seconds, nanoseconds, interval and
 * width at 0xd80, 0xd84, 0xd88, 0xd8c + 0x10 * n): a command set in an
 * output's field is noted with that output's registers, then cleared.
 */
static void pps_fake_take(struct tsu_fake *f)
{
	u32 v = READ_ONCE(*fake_reg(f, 0xd70));
	u32 out, base;
	struct pps_cmd *c;

	for (out = 0; out < 4; out++)
		if (v & (0xfu << (out * 8)))
			break;
	if (out == 4 || f->npps >= FAKE_PPS_CMDS)
		return;
	base = 0xd80 + out * 0x10;
	c = &f->pps[f->npps++];
	c->ctrl = v;
	c->out = out;
	c->sec = READ_ONCE(*fake_reg(f, base));
	c->nsec = READ_ONCE(*fake_reg(f, base + 4));
	c->interval = READ_ONCE(*fake_reg(f, base + 8));
	c->width = READ_ONCE(*fake_reg(f, base + 12));
	WRITE_ONCE(*fake_reg(f, 0xd70), v & ~(0xfu << (out * 8)));
}

/* The unit: takes each command bit set in TSU_CTRL, one at a time, as the
 * databook's handshake has it; TSU_CTRL_INIT loads the time. On the
 * XGMAC, the PPS outputs' commands too.
 */
static int tsu_fake_run(void *arg)
{
	struct tsu_fake *f = arg;

	complete(&f->started);
	while (!kthread_should_stop()) {
		if (f->l->base == 0xd00)
			pps_fake_take(f);
		u32 v = READ_ONCE(*tsu_reg(f, TSU_CTRL));
		u32 cmd = v & TSU_CTRL_CMDS;

		if (cmd && f->n < FAKE_CMDS) {
			struct tsu_cmd *c = &f->log[f->n++];

			c->cmd = cmd;
			c->sec_upd = READ_ONCE(*tsu_reg(f, TSU_SEC_UPD));
			c->nsec_upd = READ_ONCE(*tsu_reg(f, TSU_NSEC_UPD));
			c->addend = READ_ONCE(*tsu_reg(f, TSU_ADDEND));
			if (cmd & TSU_CTRL_INIT) {
				*tsu_reg(f, TSU_SEC) = c->sec_upd;
				*tsu_reg(f, TSU_NSEC) = c->nsec_upd;
			}
			WRITE_ONCE(*tsu_reg(f, TSU_CTRL), v & ~cmd);
		}
		usleep_range(5, 10);
	}
	return 0;
}

static void tsu_fake_stop(void *arg)
{
	struct tsu_fake *f = arg;

	if (f->thread)
		kthread_stop(f->thread);
}

static struct tsu_fake *tsu_fake(struct kunit *test,
				 const struct stmmac_tsu_layout *l, bool run)
{
	struct tsu_fake *f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, f);
	f->mem = kunit_kzalloc(test, FAKE_WINDOW, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f->mem);
	f->io = (void __iomem __force *)f->mem;
	f->l = l;
	init_completion(&f->started);
	if (!run)
		return f;
	f->thread = kthread_run(tsu_fake_run, f, "tsu-fake");
	KUNIT_ASSERT_FALSE(test, IS_ERR(f->thread));
	/* the unit answers from the first command on */
	wait_for_completion(&f->started);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, tsu_fake_stop, f),
			0);
	return f;
}

/* The units of the two cores, as their hw ops describe them */
static const struct stmmac_tsu_layout *gmac_tsu(void)
{
	return dwmac1000_ops.tsu;
}

static const struct stmmac_tsu_layout *xgmac_tsu(void)
{
	return dwxgmac2_ops.tsu;
}

static void layout_test(struct kunit *test)
{
	/* Databook: GMAC 3.x "Timestamp Control" at 0x700, SSINC 7:0;
	 * XGMAC 2.x at 0xd00, SSINC 23:16.
	 */
	KUNIT_ASSERT_NOT_NULL(test, gmac_tsu());
	KUNIT_ASSERT_NOT_NULL(test, xgmac_tsu());
	KUNIT_EXPECT_EQ(test, gmac_tsu()->base, 0x700u);
	KUNIT_EXPECT_EQ(test, gmac_tsu()->ssinc_shift, 0u);
	KUNIT_EXPECT_EQ(test, xgmac_tsu()->base, 0xd00u);
	KUNIT_EXPECT_EQ(test, xgmac_tsu()->ssinc_shift, 16u);
}

/*
 * Increment and addend for the reference clocks of the SoCFPGA boards
 * (Cyclone V and Arria 10 EMAC clocks 250 MHz; Stratix 10 / Agilex
 * emac_ptp_clk 100 MHz; 200, 125, 50 MHz FPGA references) and one rate
 * 2 s / rate does not divide. Databook, fine update: time += SSINC at
 * each overflow of acc += ADDEND (32 bits), overflows per second =
 * rate * ADDEND / 2^32, which must be 10^9 / SSINC. With SSINC the
 * smallest whole ns >= 2 periods: ADDEND = 2^32 * 10^9 / (SSINC * rate).
 * max_adj = (2^32 - 1 - ADDEND) * 10^9 / ADDEND, ppb.
 */
static void rate_test(struct kunit *test)
{
	static const struct {
		unsigned long rate;
		u32 ssinc, addend;
		s32 max_adj;
	} cases[] = {
		/* 2e9 / 250e6 = 8; 2^32 * 1e9 / (8 * 250e6) = 2^31 */
		{ 250000000, 8, 0x80000000, 999999999 },
		/* 2e9 / 200e6 = 10; 2^32 * 1e9 / 2e9 = 2^31 */
		{ 200000000, 10, 0x80000000, 999999999 },
		{ 125000000, 16, 0x80000000, 999999999 },
		{ 100000000, 20, 0x80000000, 999999999 },
		{ 50000000, 40, 0x80000000, 999999999 },
		/* 2e9 / 156.25e6 = 12.8 -> 13; 2^32 * 1e9 / (13 * 156.25e6)
		 * = 4294967296 / 2.03125 = 2114445438.03 -> 2114445438;
		 * (4294967295 - 2114445438) * 1e9 / 2114445438 = 1031249999.x
		 */
		{ 156250000, 13, 2114445438, 1031249999 },
	};
	struct stmmac_tsu_rate r;
	int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		memset(&r, 0, sizeof(r));
		KUNIT_EXPECT_EQ(test, stmmac_tsu_rate(cases[i].rate, &r), 0);
		KUNIT_EXPECT_EQ_MSG(test, r.ssinc, cases[i].ssinc, "%lu Hz",
				    cases[i].rate);
		KUNIT_EXPECT_EQ_MSG(test, r.addend, cases[i].addend, "%lu Hz",
				    cases[i].rate);
		KUNIT_EXPECT_EQ_MSG(test, r.max_adj, cases[i].max_adj, "%lu Hz",
				    cases[i].rate);
	}
	/* 2e9 / 7.8e6 = 256.4: the 8-bit field cannot hold it */
	KUNIT_EXPECT_EQ(test, stmmac_tsu_rate(7800000, &r), -ERANGE);
	KUNIT_EXPECT_EQ(test, stmmac_tsu_rate(0, &r), -ERANGE);
}

/* adjfine: scaled_ppm is ppm << 16; the addend moves by
 * base * ppm / 10^6, truncated.
 */
static void addend_test(struct kunit *test)
{
	/* 2^31 * 1 / 1e6 = 2147.48 -> 2147 */
	KUNIT_EXPECT_EQ(test, stmmac_tsu_addend(0x80000000, 65536),
			2147485795u);
	KUNIT_EXPECT_EQ(test, stmmac_tsu_addend(0x80000000, -65536),
			2147481501u);
	/* +100 ppm: 2^31 * 100 / 1e6 = 214748.36 -> 214748 */
	KUNIT_EXPECT_EQ(test, stmmac_tsu_addend(0x80000000, 100 << 16),
			2147698396u);
	KUNIT_EXPECT_EQ(test, stmmac_tsu_addend(0x80000000, 0), 0x80000000u);
	/* beyond 32 bits: clamped, never wrapped. 0xff000000 * (1 +
	 * 30000 / 10^6) = 4406535782 > 2^32 - 1; 30000 ppm << 16 still fits
	 * the 32-bit long that scaled_ppm is on arm.
	 */
	KUNIT_EXPECT_EQ(test, stmmac_tsu_addend(0xff000000, 30000L << 16),
			U32_MAX);
}

static void init_one(struct kunit *test, const struct stmmac_tsu_layout *l)
{
	struct tsu_fake *f = tsu_fake(test, l, true);
	struct stmmac_tsu_rate r = { .ssinc = 8, .addend = 0x80000000 };
	struct timespec64 now = { .tv_sec = 1000, .tv_nsec = 500 };
	u32 filter = TSU_CTRL_V2 | TSU_CTRL_IPV4;

	KUNIT_ASSERT_EQ(test, stmmac_tsu_init(f->io, l, &r, filter, &now), 0);
	KUNIT_EXPECT_EQ(test, *tsu_reg(f, TSU_CTRL),
			TSU_CTRL_ENA | TSU_CTRL_FINE | TSU_CTRL_DIGITAL |
			filter);
	KUNIT_EXPECT_EQ(test, *tsu_reg(f, TSU_SSINC), 8u << l->ssinc_shift);
	/* the addend is loaded first, then the time, each after its values */
	KUNIT_ASSERT_EQ(test, f->n, 2);
	KUNIT_EXPECT_EQ(test, f->log[0].cmd, (u32)TSU_CTRL_ADDREG);
	KUNIT_EXPECT_EQ(test, f->log[0].addend, 0x80000000u);
	KUNIT_EXPECT_EQ(test, f->log[1].cmd, (u32)TSU_CTRL_INIT);
	KUNIT_EXPECT_EQ(test, f->log[1].sec_upd, 1000u);
	KUNIT_EXPECT_EQ(test, f->log[1].nsec_upd, 500u);
	KUNIT_EXPECT_EQ(test, *tsu_reg(f, TSU_SEC), 1000u);
}

static void init_test(struct kunit *test)
{
	init_one(test, gmac_tsu());
	init_one(test, xgmac_tsu());
}

/* Steps, in the databook's form: an addition as is; a subtraction with
 * ADDSUB (bit 31) and 10^9 - nanoseconds, the seconds as their two's
 * complement on the XGMAC and as they are on the GMAC 3.x (its
 * "System Time Seconds Update" takes the magnitude).
 */
struct adjtime_case {
	s64 delta;
	u32 sec, nsec;
};

static void adjtime_check(struct kunit *test, const struct stmmac_tsu_layout *l,
			  const struct adjtime_case *cases, int n)
{
	struct tsu_fake *f = tsu_fake(test, l, true);
	int i;

	for (i = 0; i < n; i++) {
		KUNIT_ASSERT_EQ(test,
				stmmac_tsu_adjtime(f->io, f->l, cases[i].delta),
				0);
		KUNIT_ASSERT_EQ(test, f->n, i + 1);
		KUNIT_EXPECT_EQ(test, f->log[i].cmd, (u32)TSU_CTRL_UPDT);
		KUNIT_EXPECT_EQ_MSG(test, f->log[i].sec_upd, cases[i].sec,
				    "base %#x delta %lld", l->base,
				    cases[i].delta);
		KUNIT_EXPECT_EQ_MSG(test, f->log[i].nsec_upd, cases[i].nsec,
				    "base %#x delta %lld", l->base,
				    cases[i].delta);
	}
	/* 2^32 s does not fit the seconds register: refused, nothing given */
	KUNIT_EXPECT_EQ(test, stmmac_tsu_adjtime(f->io, f->l,
						 4294967296LL * NSEC_PER_SEC),
			-ERANGE);
	KUNIT_EXPECT_EQ(test, f->n, i);
}

static void adjtime_xgmac_test(struct kunit *test)
{
	static const struct adjtime_case cases[] = {
		{ 1500000000LL, 1, 500000000 },
		{ 250, 0, 250 },
		/* -1.5 s: -1 = 0xffffffff; 1e9 - 5e8 = 5e8 | bit 31 */
		{ -1500000000LL, 0xffffffff, 0x9dcd6500 },
		/* -250 ns: 0 s; 1e9 - 250 = 999999750 = 0x3b9ac906 | bit 31 */
		{ -250, 0, 0xbb9ac906 },
		/* -0.5 s: 0 s; 1e9 - 5e8 = 0x1dcd6500 | bit 31 */
		{ -500000000LL, 0, 0x9dcd6500 },
		/* -1 s: -1 = 0xffffffff; 1e9 - 0 = 0x3b9aca00 | bit 31 */
		{ -1000000000LL, 0xffffffff, 0xbb9aca00 },
		/* -2 s: -2 = 0xfffffffe */
		{ -2000000000LL, 0xfffffffe, 0xbb9aca00 },
		/* -2.3 s: -2 = 0xfffffffe; 1e9 - 3e8 = 0x29b92700 | bit 31 */
		{ -2300000000LL, 0xfffffffe, 0xa9b92700 },
	};

	adjtime_check(test, xgmac_tsu(), cases, ARRAY_SIZE(cases));
}

/* On a Cyclone V, "phc_ctl eth0 adj -2" must write 2 s, not 2^32 - 2 s
 * (which the unit would take as "subtract 4294967294 s").
 */
static void adjtime_gmac_test(struct kunit *test)
{
	static const struct adjtime_case cases[] = {
		{ 1500000000LL, 1, 500000000 },
		{ 250, 0, 250 },
		{ -250, 0, 0xbb9ac906 },
		{ -500000000LL, 0, 0x9dcd6500 },
		{ -1000000000LL, 1, 0xbb9aca00 },
		{ -1500000000LL, 1, 0x9dcd6500 },
		{ -2000000000LL, 2, 0xbb9aca00 },
		{ -2300000000LL, 2, 0xa9b92700 },
	};

	adjtime_check(test, gmac_tsu(), cases, ARRAY_SIZE(cases));
}

static void settime_addend_test(struct kunit *test)
{
	struct tsu_fake *f = tsu_fake(test, gmac_tsu(), true);
	struct timespec64 ts = { .tv_sec = 0x123456789LL, .tv_nsec = 999999999 };

	KUNIT_ASSERT_EQ(test, stmmac_tsu_set_addend(f->io, f->l, 0x7e07e07e), 0);
	KUNIT_ASSERT_EQ(test, stmmac_tsu_settime(f->io, f->l, &ts), 0);
	KUNIT_ASSERT_EQ(test, f->n, 2);
	KUNIT_EXPECT_EQ(test, f->log[0].cmd, (u32)TSU_CTRL_ADDREG);
	KUNIT_EXPECT_EQ(test, f->log[0].addend, 0x7e07e07eu);
	/* 32 bits of seconds: 0x123456789 keeps 0x23456789 */
	KUNIT_EXPECT_EQ(test, f->log[1].cmd, (u32)TSU_CTRL_INIT);
	KUNIT_EXPECT_EQ(test, f->log[1].sec_upd, 0x23456789u);
	KUNIT_EXPECT_EQ(test, f->log[1].nsec_upd, 999999999u);
}

/* The handshake: a unit that never takes a command times out, and no new
 * command (nor its values) is given while one is in progress.
 */
static void handshake_test(struct kunit *test)
{
	struct tsu_fake *f = tsu_fake(test, xgmac_tsu(), false);

	KUNIT_EXPECT_EQ(test, stmmac_tsu_set_addend(f->io, f->l, 0x1234),
			-ETIMEDOUT);
	/* ADDREG was given (the values first) and is still pending */
	KUNIT_EXPECT_EQ(test, *tsu_reg(f, TSU_ADDEND), 0x1234u);
	KUNIT_EXPECT_EQ(test, *tsu_reg(f, TSU_CTRL), (u32)TSU_CTRL_ADDREG);
	KUNIT_EXPECT_EQ(test, stmmac_tsu_adjtime(f->io, f->l, -5), -ETIMEDOUT);
	KUNIT_EXPECT_EQ(test, *tsu_reg(f, TSU_NSEC_UPD), 0u);
	KUNIT_EXPECT_EQ(test, *tsu_reg(f, TSU_CTRL), (u32)TSU_CTRL_ADDREG);
}

static void gettime_test(struct kunit *test)
{
	struct tsu_fake *f = tsu_fake(test, gmac_tsu(), false);
	struct timespec64 ts;

	*tsu_reg(f, TSU_SEC) = 7;
	*tsu_reg(f, TSU_NSEC) = 123;
	stmmac_tsu_gettime(f->io, f->l, &ts, NULL);
	KUNIT_EXPECT_EQ(test, ts.tv_sec, 7);
	KUNIT_EXPECT_EQ(test, ts.tv_nsec, 123);

	/* No rollover: the first nanoseconds */
	KUNIT_EXPECT_EQ(test, stmmac_tsu_time(5, 999999990, 5, 3),
			5999999990ULL);
	/* Rolled over between the reads, nanoseconds read in the old
	 * second: those read after the new one was seen go with it
	 */
	KUNIT_EXPECT_EQ(test, stmmac_tsu_time(5, 999999990, 6, 10),
			6000000010ULL);
	/* nanoseconds read in the new second: never 5 s + 20 ns */
	KUNIT_EXPECT_EQ(test, stmmac_tsu_time(5, 20, 6, 25), 6000000025ULL);
	/* the 32-bit seconds wrapping */
	KUNIT_EXPECT_EQ(test, stmmac_tsu_time(U32_MAX, 999999999, 0, 1), 1ULL);
}

static void filter_reg_test(struct kunit *test)
{
	struct tsu_fake *f = tsu_fake(test, xgmac_tsu(), false);
	u32 keep = TSU_CTRL_ENA | TSU_CTRL_FINE | TSU_CTRL_DIGITAL;

	*tsu_reg(f, TSU_CTRL) = keep | TSU_CTRL_ALL;
	stmmac_tsu_set_filter(f->io, f->l, TSU_CTRL_V2 | TSU_CTRL_L2 |
			      TSU_CTRL_ENA);
	/* the filter bits replaced, the others kept, nothing else set */
	KUNIT_EXPECT_EQ(test, *tsu_reg(f, TSU_CTRL),
			keep | TSU_CTRL_V2 | TSU_CTRL_L2);
}

/* hwtstamp filters: what each asks of TSU_CTRL (databook table
 * "Timestamp Snapshot Dependency on Register Bits") and what is reported
 */
static void config_test(struct kunit *test)
{
	const u32 udp = TSU_CTRL_IPV4 | TSU_CTRL_IPV6;
	const u32 v2all = udp | TSU_CTRL_L2 | TSU_CTRL_V2;
	static const enum hwtstamp_rx_filters
		ev = HWTSTAMP_FILTER_PTP_V2_EVENT,
		sy = HWTSTAMP_FILTER_PTP_V2_SYNC,
		dr = HWTSTAMP_FILTER_PTP_V2_DELAY_REQ;
	const struct {
		enum hwtstamp_rx_filters in, out;
		u32 bits;
	} cases[] = {
		{ HWTSTAMP_FILTER_NONE, HWTSTAMP_FILTER_NONE, 0 },
		{ HWTSTAMP_FILTER_ALL, HWTSTAMP_FILTER_ALL, TSU_CTRL_ALL },
		{ HWTSTAMP_FILTER_NTP_ALL, HWTSTAMP_FILTER_ALL, TSU_CTRL_ALL },
		{ HWTSTAMP_FILTER_SOME, HWTSTAMP_FILTER_ALL, TSU_CTRL_ALL },
		{ HWTSTAMP_FILTER_PTP_V1_L4_EVENT,
		  HWTSTAMP_FILTER_PTP_V1_L4_EVENT, udp | TSU_CTRL_SNAPTYP1 },
		{ HWTSTAMP_FILTER_PTP_V1_L4_SYNC,
		  HWTSTAMP_FILTER_PTP_V1_L4_SYNC, udp | TSU_CTRL_EVENT },
		{ HWTSTAMP_FILTER_PTP_V1_L4_DELAY_REQ,
		  HWTSTAMP_FILTER_PTP_V1_L4_DELAY_REQ,
		  udp | TSU_CTRL_EVENT | TSU_CTRL_MASTER },
		{ HWTSTAMP_FILTER_PTP_V2_L4_EVENT,
		  HWTSTAMP_FILTER_PTP_V2_L4_EVENT,
		  udp | TSU_CTRL_V2 | TSU_CTRL_SNAPTYP1 },
		{ HWTSTAMP_FILTER_PTP_V2_L4_SYNC,
		  HWTSTAMP_FILTER_PTP_V2_L4_SYNC,
		  udp | TSU_CTRL_V2 | TSU_CTRL_EVENT },
		{ HWTSTAMP_FILTER_PTP_V2_L4_DELAY_REQ,
		  HWTSTAMP_FILTER_PTP_V2_L4_DELAY_REQ,
		  udp | TSU_CTRL_V2 | TSU_CTRL_EVENT | TSU_CTRL_MASTER },
		{ ev, ev, v2all | TSU_CTRL_SNAPTYP1 | TSU_CTRL_EVENT },
		{ HWTSTAMP_FILTER_PTP_V2_L2_EVENT, ev,
		  v2all | TSU_CTRL_SNAPTYP1 | TSU_CTRL_EVENT },
		{ sy, sy, v2all | TSU_CTRL_EVENT },
		{ HWTSTAMP_FILTER_PTP_V2_L2_SYNC, sy, v2all | TSU_CTRL_EVENT },
		{ dr, dr, v2all | TSU_CTRL_EVENT | TSU_CTRL_MASTER },
		{ HWTSTAMP_FILTER_PTP_V2_L2_DELAY_REQ, dr,
		  v2all | TSU_CTRL_EVENT | TSU_CTRL_MASTER },
	};
	struct kernel_hwtstamp_config cfg;
	u32 bits;
	int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		cfg = (struct kernel_hwtstamp_config){
			.tx_type = HWTSTAMP_TX_ON, .rx_filter = cases[i].in };
		bits = 0xdead;
		KUNIT_EXPECT_EQ_MSG(test,
				    stmmac_ptp_config_filter(&cfg, true, &bits),
				    0, "filter %d", cases[i].in);
		KUNIT_EXPECT_EQ_MSG(test, cfg.rx_filter, cases[i].out,
				    "filter %d", cases[i].in);
		KUNIT_EXPECT_EQ_MSG(test, bits, cases[i].bits, "filter %d",
				    cases[i].in);
	}
}

/* Rejected configurations leave the request and the bits as they were. */
static void config_reject_test(struct kunit *test)
{
	const struct {
		struct kernel_hwtstamp_config cfg;
		bool stamps;
		int err;
	} cases[] = {
		{ { .flags = HWTSTAMP_FLAG_BONDED_PHC_INDEX }, true, -EINVAL },
		{ { .tx_type = HWTSTAMP_TX_ONESTEP_SYNC }, true, -ERANGE },
		{ { .tx_type = HWTSTAMP_TX_ONESTEP_P2P }, true, -ERANGE },
		{ { .tx_type = 42 }, true, -ERANGE },
		{ { .rx_filter = 42 }, true, -ERANGE },
		{ { .rx_filter = -1 }, true, -ERANGE },
		/* a port whose data path cannot stamp takes "off" only */
		{ { .tx_type = HWTSTAMP_TX_ON }, false, -ERANGE },
		{ { .rx_filter = HWTSTAMP_FILTER_PTP_V2_L2_EVENT }, false,
		  -ERANGE },
		{ { .rx_filter = HWTSTAMP_FILTER_ALL }, false, -ERANGE },
	};
	struct kernel_hwtstamp_config cfg;
	u32 bits;
	int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		cfg = cases[i].cfg;
		bits = 0xdead;
		KUNIT_EXPECT_EQ_MSG(test,
				    stmmac_ptp_config_filter(&cfg,
							     cases[i].stamps,
							     &bits),
				    cases[i].err, "case %d", i);
		KUNIT_EXPECT_EQ_MSG(test, bits, 0xdeadu, "case %d", i);
		KUNIT_EXPECT_EQ_MSG(test, cfg.rx_filter, cases[i].cfg.rx_filter,
				    "case %d", i);
	}
	cfg = (struct kernel_hwtstamp_config){};
	KUNIT_EXPECT_EQ(test, stmmac_ptp_config_filter(&cfg, false, &bits), 0);
	KUNIT_EXPECT_EQ(test, bits, 0u);
}

static void free_netdev_action(void *dev)
{
	free_netdev(dev);
}

static void mutex_destroy_action(void *lock)
{
	mutex_destroy(lock);
}

/* A port on the fake unit @f with the core's @hw and @desc ops, its clock
 * counting: an unregistered net_device, freed with the test.
 */
static struct stmmac_priv *ptp_port(struct kunit *test, struct tsu_fake *f,
				    const struct stmmac_hw_ops *hw,
				    const struct stmmac_desc_ops *desc)
{
	struct net_device *dev = alloc_etherdev(sizeof(struct stmmac_priv));
	struct stmmac_priv *priv;

	KUNIT_ASSERT_NOT_NULL(test, dev);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test,
							free_netdev_action,
							dev), 0);
	priv = netdev_priv(dev);
	priv->dev = dev;
	priv->hw = hw;
	priv->desc = desc;
	mutex_init(&priv->ptp.lock);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test,
							mutex_destroy_action,
							&priv->ptp.lock), 0);
	priv->ptp.tsu = f->l;
	priv->ptp.ioaddr = f->io;
	priv->ptp.live = true;
	return priv;
}

/* ndo_hwtstamp_set on an XGMAC port: applied to TSU_CTRL and kept, and a
 * rejected request changes neither.
 */
static void hwtstamp_set_test(struct kunit *test)
{
	struct tsu_fake *f = tsu_fake(test, xgmac_tsu(), false);
	struct kernel_hwtstamp_config cfg = {
		.tx_type = HWTSTAMP_TX_ON,
		.rx_filter = HWTSTAMP_FILTER_PTP_V2_L2_EVENT,
	}, got;
	u32 base = TSU_CTRL_ENA | TSU_CTRL_FINE | TSU_CTRL_DIGITAL, ctrl;
	struct stmmac_priv *priv;
	struct net_device *dev;

	priv = ptp_port(test, f, &dwxgmac2_ops, &dwxgmac2_desc_ops);
	dev = priv->dev;
	*tsu_reg(f, TSU_CTRL) = base;

	KUNIT_ASSERT_EQ(test, stmmac_hwtstamp_set(dev, &cfg, NULL), 0);
	KUNIT_EXPECT_EQ(test, cfg.rx_filter, HWTSTAMP_FILTER_PTP_V2_EVENT);
	ctrl = *tsu_reg(f, TSU_CTRL);
	KUNIT_EXPECT_EQ(test, ctrl, base | TSU_CTRL_V2 | TSU_CTRL_L2 |
			TSU_CTRL_IPV4 | TSU_CTRL_IPV6 | TSU_CTRL_SNAPTYP1 |
			TSU_CTRL_EVENT);
	KUNIT_EXPECT_TRUE(test, priv->ptp.tx_on);
	KUNIT_EXPECT_TRUE(test, priv->ptp.rx_on);

	cfg = (struct kernel_hwtstamp_config){
		.tx_type = HWTSTAMP_TX_ONESTEP_SYNC };
	KUNIT_EXPECT_EQ(test, stmmac_hwtstamp_set(dev, &cfg, NULL), -ERANGE);
	cfg = (struct kernel_hwtstamp_config){ .flags = 1 };
	KUNIT_EXPECT_EQ(test, stmmac_hwtstamp_set(dev, &cfg, NULL), -EINVAL);
	KUNIT_EXPECT_EQ(test, *tsu_reg(f, TSU_CTRL), ctrl);
	KUNIT_EXPECT_TRUE(test, priv->ptp.tx_on);
	KUNIT_EXPECT_TRUE(test, priv->ptp.rx_on);
	KUNIT_ASSERT_EQ(test, stmmac_hwtstamp_get(dev, &got), 0);
	KUNIT_EXPECT_EQ(test, got.tx_type, HWTSTAMP_TX_ON);
	KUNIT_EXPECT_EQ(test, got.rx_filter, HWTSTAMP_FILTER_PTP_V2_EVENT);

	/* off again: the filter bits go, the clock keeps counting */
	cfg = (struct kernel_hwtstamp_config){};
	KUNIT_ASSERT_EQ(test, stmmac_hwtstamp_set(dev, &cfg, NULL), 0);
	KUNIT_EXPECT_EQ(test, *tsu_reg(f, TSU_CTRL), base);
	KUNIT_EXPECT_FALSE(test, priv->ptp.tx_on);
	KUNIT_EXPECT_FALSE(test, priv->ptp.rx_on);
}

/* The GMAC's 16-byte descriptors have no room for its advanced
 * timestamps: the data path does not stamp there, and ON is refused.
 * (stmmac_hwif_init() gives a core with the unit the 32-byte ones.)
 */
static void gmac_no_stamps_test(struct kunit *test)
{
	struct tsu_fake *f = tsu_fake(test, gmac_tsu(), false);
	struct kernel_hwtstamp_config cfg = { .tx_type = HWTSTAMP_TX_ON };
	struct stmmac_priv *priv;
	struct net_device *dev;

	KUNIT_EXPECT_NULL(test, dwmac1000_norm_desc_ops.rx_ts);
	KUNIT_EXPECT_NULL(test, dwmac1000_enh_desc_ops.rx_ts);
	KUNIT_EXPECT_NULL(test, dwmac1000_ops.tx_tstamp);

	priv = ptp_port(test, f, &dwmac1000_ops, &dwmac1000_enh_desc_ops);
	dev = priv->dev;
	KUNIT_EXPECT_EQ(test, stmmac_hwtstamp_set(dev, &cfg, NULL), -ERANGE);
	KUNIT_EXPECT_FALSE(test, priv->ptp.tx_on);
}

/* On the 32-byte descriptors the GMAC stamps both ways: ON and a PTP
 * filter are taken and programmed at the unit's GMAC base (0x700), and
 * ethtool -T lists the hardware modes.
 */
static void gmac_atds_stamps_test(struct kunit *test)
{
	struct tsu_fake *f = tsu_fake(test, gmac_tsu(), false);
	struct kernel_hwtstamp_config cfg = {
		.tx_type = HWTSTAMP_TX_ON,
		.rx_filter = HWTSTAMP_FILTER_PTP_V2_L2_EVENT,
	};
	u32 base = TSU_CTRL_ENA | TSU_CTRL_FINE | TSU_CTRL_DIGITAL;
	struct stmmac_priv *priv;
	struct net_device *dev;

	KUNIT_EXPECT_NOT_NULL(test, dwmac1000_atds_desc_ops.rx_ts);
	KUNIT_EXPECT_NOT_NULL(test, dwmac1000_atds_desc_ops.tx_ts);
	priv = ptp_port(test, f, &dwmac1000_ops, &dwmac1000_atds_desc_ops);
	dev = priv->dev;
	f->mem[0x700 / 4] = base;
	KUNIT_ASSERT_EQ(test, stmmac_hwtstamp_set(dev, &cfg, NULL), 0);
	KUNIT_EXPECT_EQ(test, cfg.rx_filter, HWTSTAMP_FILTER_PTP_V2_EVENT);
	/* V2 event messages over Ethernet, UDP/IPv4 and UDP/IPv6, as
	 * reported back: TSVER2ENA 10, TSIPENA 11, TSIPV6ENA 12,
	 * TSIPV4ENA 13, TSEVNTENA 14, SNAPTYPSEL 16, on top of the running
	 * unit's ENA 0, FINE 1 and DIGITAL 9 (0x203)
	 */
	KUNIT_EXPECT_EQ(test, f->mem[0x700 / 4], 0x17e03u);
	KUNIT_EXPECT_TRUE(test, priv->ptp.tx_on);
	KUNIT_EXPECT_TRUE(test, priv->ptp.rx_on);
}

/* HW feature bits: GMAC 13 (advanced, 1588-2008; bit 12 alone, the 2002
 * unit, is not used); XGMAC HW feature 0 bit 12.
 */
static void caps_test(struct kunit *test)
{
	struct tsu_fake *f = tsu_fake(test, gmac_tsu(), false);
	struct stmmac_caps caps = {};

	f->mem[DMA_HW_FEATURE / 4] = BIT(13);
	dwmac1000_ops.read_caps(f->io, &caps);
	KUNIT_EXPECT_TRUE(test, caps.ts);
	f->mem[DMA_HW_FEATURE / 4] = BIT(12);
	dwmac1000_ops.read_caps(f->io, &caps);
	KUNIT_EXPECT_FALSE(test, caps.ts);
	/* QEMU's npcm7xx GMAC model: 0x100d4f37, no timestamping */
	f->mem[DMA_HW_FEATURE / 4] = 0x100d4f37;
	dwmac1000_ops.read_caps(f->io, &caps);
	KUNIT_EXPECT_FALSE(test, caps.ts);

	memset(f->mem, 0, FAKE_WINDOW);
	f->mem[XGMAC_HW_FEATURE0 / 4] = BIT(12);
	dwxgmac2_ops.read_caps(f->io, &caps);
	KUNIT_EXPECT_TRUE(test, caps.ts);
	f->mem[XGMAC_HW_FEATURE0 / 4] = ~(u32)BIT(12);
	dwxgmac2_ops.read_caps(f->io, &caps);
	KUNIT_EXPECT_FALSE(test, caps.ts);
}

/* XGMAC TX: TTSE (TDES2 bit 30) on the first descriptor of a frame that
 * asks, never on the others; IOC as before.
 */
static void xgmac_tx_desc_test(struct kunit *test)
{
	const struct stmmac_desc_ops *ops = &dwxgmac2_desc_ops;
	struct stmmac_desc d = {};

	ops->tx_fill(&d, 0x1000, 100, 100, STMMAC_TXD_FIRST | STMMAC_TXD_TS);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(d.des2), BIT(30) | 100);
	ops->tx_fill(&d, 0x1000, 100, 100, STMMAC_TXD_LAST | STMMAC_TXD_TS |
		     STMMAC_TXD_IC);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(d.des2), BIT(31) | 100);
	ops->tx_fill(&d, 0x1000, 100, 100, STMMAC_TXD_FIRST);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(d.des2), 100u);
	ops->tx_tso_first(&d, 0x1000, 54, 20, 1000, STMMAC_TXD_TS);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(d.des2), BIT(30) | 54);
}

/* XGMAC RX: a frame's last descriptor with CDA (RDES3 bit 27) announces
 * a context descriptor (CTXT, bit 30), whose TSA (bit 4) says the time in
 * des0 (ns) and des1 (s) is valid, TSD (bit 6) that it was dropped.
 */
static void xgmac_rx_ts_test(struct kunit *test)
{
	const struct stmmac_desc_ops *ops = &dwxgmac2_desc_ops;
	struct stmmac_rx_info ri = {};
	struct stmmac_desc d = {};
	u64 ns = 0;

	d.des3 = cpu_to_le32(BIT(29) | BIT(28) | BIT(27) | 64);
	KUNIT_EXPECT_EQ(test, ops->rx_status(&d, false, &ri), STMMAC_RX_GOOD);
	KUNIT_EXPECT_TRUE(test, ri.ts_next);
	memset(&ri, 0, sizeof(ri));
	d.des3 = cpu_to_le32(BIT(29) | BIT(28) | 64);
	KUNIT_EXPECT_EQ(test, ops->rx_status(&d, false, &ri), STMMAC_RX_GOOD);
	KUNIT_EXPECT_FALSE(test, ri.ts_next);

	/* 3 s + 0x1234 ns */
	d.des0 = cpu_to_le32(0x1234);
	d.des1 = cpu_to_le32(3);
	d.des3 = cpu_to_le32(BIT(30) | BIT(4));
	KUNIT_EXPECT_EQ(test, ops->rx_status(&d, false, &ri), STMMAC_RX_SKIP);
	KUNIT_EXPECT_EQ(test, ops->rx_ts(&d, &ns), 0);
	KUNIT_EXPECT_EQ(test, ns, 3000000000ULL + 0x1234);
	/* seconds beyond 32 bits of nanoseconds: 0xffffffff s */
	d.des0 = cpu_to_le32(999999999);
	d.des1 = cpu_to_le32(0xffffffff);
	KUNIT_EXPECT_EQ(test, ops->rx_ts(&d, &ns), 0);
	KUNIT_EXPECT_EQ(test, ns, 4294967295ULL * 1000000000ULL + 999999999);

	ns = 7;
	d.des3 = cpu_to_le32(BIT(31) | BIT(30) | BIT(4));
	KUNIT_EXPECT_EQ(test, ops->rx_ts(&d, &ns), -EBUSY);
	d.des3 = cpu_to_le32(BIT(30) | BIT(6) | BIT(4));
	KUNIT_EXPECT_EQ(test, ops->rx_ts(&d, &ns), -ENODATA);
	d.des3 = cpu_to_le32(BIT(30));
	KUNIT_EXPECT_EQ(test, ops->rx_ts(&d, &ns), -ENODATA);
	d.des3 = cpu_to_le32(BIT(4) | BIT(28));
	KUNIT_EXPECT_EQ(test, ops->rx_ts(&d, &ns), -ENODATA);
	d.des0 = cpu_to_le32(U32_MAX);
	d.des1 = cpu_to_le32(U32_MAX);
	d.des3 = cpu_to_le32(BIT(30) | BIT(4));
	KUNIT_EXPECT_EQ(test, ops->rx_ts(&d, &ns), -ENODATA);
	KUNIT_EXPECT_EQ(test, ns, 7ULL);
}

/* The MAC's TX timestamp: TXTSC (0xd20 bit 15), then nanoseconds (0xd30,
 * bit 31 TXTSSTSMIS: overwritten) and seconds (0xd34).
 */
static void xgmac_tx_tstamp_test(struct kunit *test)
{
	struct tsu_fake *f = tsu_fake(test, xgmac_tsu(), false);
	u64 ns = 0;

	f->mem[0xd20 / 4] = BIT(15);
	f->mem[0xd30 / 4] = 999999999;
	f->mem[0xd34 / 4] = 2;
	KUNIT_EXPECT_EQ(test, dwxgmac2_ops.tx_tstamp(f->io, &ns), 0);
	KUNIT_EXPECT_EQ(test, ns, 2999999999ULL);
	f->mem[0xd30 / 4] = BIT(31) | 5;
	KUNIT_EXPECT_EQ(test, dwxgmac2_ops.tx_tstamp(f->io, &ns), -EIO);
	f->mem[0xd20 / 4] = 0;
	KUNIT_EXPECT_EQ(test, dwxgmac2_ops.tx_tstamp(f->io, &ns), -EBUSY);
	KUNIT_EXPECT_EQ(test, ns, 2999999999ULL);
}

/* Flexible PPS outputs (XGMAC). Expected values from the databook's
 * layout: PPS control 0xd70, a byte per output n (bits 8n+7:8n): PPSCMD
 * 3:0 (2 start a pulse train, 5 stop it at once), PPSEN 4, TRGTMODSEL 6:5
 * (2: the target time starts the train); so a start is 0x52 in the
 * output's byte, a stop 0x55, and 0x50 once the unit took either. Output
 * n's target seconds, nanoseconds (bit 31 TRGTBUSY), interval and width
 * at 0xd80, 0xd84, 0xd88, 0xd8c + 0x10 * n; interval and width in
 * increments of the clock, less one. HW feature 2 (0x124) bits 26:24:
 * the number of outputs.
 */

/* A port's clock on the fake unit: counting at @ssinc ns per increment,
 * its outputs as the HW feature 2 value @hwf2 has them.
 */
static struct stmmac_ptp *pps_port(struct kunit *test, struct tsu_fake *f,
				   u32 ssinc, u32 hwf2)
{
	struct stmmac_ptp *p = kunit_kzalloc(test, sizeof(*p), GFP_KERNEL);
	struct stmmac_caps caps = {};

	KUNIT_ASSERT_NOT_NULL(test, p);
	mutex_init(&p->lock);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test,
							mutex_destroy_action,
							&p->lock), 0);
	p->tsu = f->l;
	p->ioaddr = f->io;
	p->rate.ssinc = ssinc;
	p->live = true;
	*fake_reg(f, 0x124) = hwf2;
	dwxgmac2_ops.read_caps(f->io, &caps);
	p->info.n_per_out = stmmac_pps_outputs(f->l, caps.pps_out);
	return p;
}

/* The clock's time as the fake unit shows it (the driver reads it) */
static void pps_set_time(struct tsu_fake *f, u32 sec, u32 nsec)
{
	*fake_reg(f, 0xd08) = sec;
	*fake_reg(f, 0xd0c) = nsec;
}

static struct ptp_clock_request perout(u32 index, s64 start_sec,
				       u32 start_nsec, s64 period_sec,
				       u32 period_nsec)
{
	struct ptp_clock_request rq = { .type = PTP_CLK_REQ_PEROUT };

	rq.perout.index = index;
	rq.perout.start.sec = start_sec;
	rq.perout.start.nsec = start_nsec;
	rq.perout.period.sec = period_sec;
	rq.perout.period.nsec = period_nsec;
	return rq;
}

static void pps_outputs_test(struct kunit *test)
{
	static const struct {
		u32 hwf2, n;
	} cases[] = {
		{ 0, 0 },
		{ 0x01000000, 1 },
		{ 0x02000000, 2 },
		{ 0x04000000, 4 },
		/* 5-7 are reserved: no more than the four register sets */
		{ 0x07000000, 4 },
		/* every other field set, PPSOUTNUM 2 */
		{ 0xfaffffff, 2 },
	};
	struct tsu_fake *f = tsu_fake(test, xgmac_tsu(), false);
	struct ptp_clock_request rq = perout(0, 2, 0, 1, 0);
	struct stmmac_ptp *p;
	int i;

	KUNIT_EXPECT_EQ(test, xgmac_tsu()->pps_ctrl, 0xd70u);
	KUNIT_EXPECT_EQ(test, xgmac_tsu()->pps_regs, 0xd80u);
	KUNIT_EXPECT_EQ(test, xgmac_tsu()->pps_max, 4u);
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		p = pps_port(test, f, 20, cases[i].hwf2);
		KUNIT_EXPECT_EQ_MSG(test, p->info.n_per_out, cases[i].n,
				    "HW feature 2 %#x", cases[i].hwf2);
	}
	/* The GMAC 3.x has no flexible outputs, whatever is asked */
	KUNIT_EXPECT_EQ(test, stmmac_pps_outputs(gmac_tsu(), 4), 0u);
	p = pps_port(test, f, 20, 0);
	KUNIT_EXPECT_EQ(test, stmmac_ptp_enable(&p->info, &rq, 1),
			-EOPNOTSUPP);
	KUNIT_EXPECT_EQ(test, stmmac_ptp_enable(&p->info, &rq, 0),
			-EOPNOTSUPP);
	KUNIT_EXPECT_EQ(test, *fake_reg(f, 0xd70), 0u);
}

/* 1 s, 50 % duty, at both SoCFPGA increments: 20 ns (100 MHz) on output
 * 1, 8 ns (250 MHz) on output 0; each output's registers its own.
 */
static void perout_start_test(struct kunit *test)
{
	struct tsu_fake *f = tsu_fake(test, xgmac_tsu(), true);
	struct stmmac_ptp *p = pps_port(test, f, 20, 0x02000000);
	struct ptp_clock_request rq = perout(1, 102, 0, 1, 0);

	pps_set_time(f, 100, 0);
	KUNIT_ASSERT_EQ(test, stmmac_ptp_enable(&p->info, &rq, 1), 0);
	KUNIT_ASSERT_EQ(test, f->npps, 1);
	/* 10^9 / 20 = 50000000 increments: 49999999 = 0x2faf07f; high
	 * 25000000: 24999999 = 0x17d783f
	 */
	KUNIT_EXPECT_EQ(test, f->pps[0].ctrl, 0x00005200u);
	KUNIT_EXPECT_EQ(test, f->pps[0].out, 1u);
	KUNIT_EXPECT_EQ(test, f->pps[0].sec, 102u);
	KUNIT_EXPECT_EQ(test, f->pps[0].nsec, 0u);
	KUNIT_EXPECT_EQ(test, f->pps[0].interval, 0x2faf07fu);
	KUNIT_EXPECT_EQ(test, f->pps[0].width, 0x17d783fu);
	KUNIT_EXPECT_EQ(test, *fake_reg(f, 0xd70), 0x00005000u);
	KUNIT_EXPECT_EQ(test, *fake_reg(f, 0xd88), 0u);
	KUNIT_EXPECT_EQ(test, *fake_reg(f, 0xd8c), 0u);
	KUNIT_EXPECT_TRUE(test, p->pps[1].on);
	KUNIT_EXPECT_FALSE(test, p->pps[0].on);

	/* 10^9 / 8 = 125000000: 124999999 = 0x773593f; 62499999 =
	 * 0x3b9ac9f. Output 1's byte is kept.
	 */
	p->rate.ssinc = 8;
	rq = perout(0, 100, 500000000, 1, 0);
	KUNIT_ASSERT_EQ(test, stmmac_ptp_enable(&p->info, &rq, 1), 0);
	KUNIT_ASSERT_EQ(test, f->npps, 2);
	KUNIT_EXPECT_EQ(test, f->pps[1].ctrl, 0x00005052u);
	KUNIT_EXPECT_EQ(test, f->pps[1].out, 0u);
	KUNIT_EXPECT_EQ(test, f->pps[1].sec, 100u);
	KUNIT_EXPECT_EQ(test, f->pps[1].nsec, 500000000u);
	KUNIT_EXPECT_EQ(test, f->pps[1].interval, 0x773593fu);
	KUNIT_EXPECT_EQ(test, f->pps[1].width, 0x3b9ac9fu);
	KUNIT_EXPECT_EQ(test, *fake_reg(f, 0xd70), 0x00005050u);
	KUNIT_EXPECT_EQ(test, *fake_reg(f, 0xd98), 0x2faf07fu);
}

/* Start times: one the clock passed (or is within 10 ms of) moves on by
 * whole periods; with PTP_PEROUT_PHASE the start is a phase from 0. A
 * new train on a running output stops the old one first.
 */
static void perout_start_time_test(struct kunit *test)
{
	static const struct {
		u32 flags;
		s64 sec;
		u32 nsec;
		u32 tsec, tnsec;
	} cases[] = {
		/* ahead: as asked */
		{ 0, 100, 600000000, 100, 600000000 },
		/* 90.25 s, clock at 100.5: 101.25 */
		{ 0, 90, 250000000, 101, 250000000 },
		/* 100.505: not 10 ms ahead of 100.5, one period on */
		{ 0, 100, 505000000, 101, 505000000 },
		/* 100.51 exactly 10 ms ahead: as asked */
		{ 0, 100, 510000000, 100, 510000000 },
		/* phase 0.3 s: the next x.3 s 10 ms ahead */
		{ PTP_PEROUT_PHASE, 0, 300000000, 101, 300000000 },
		{ PTP_PEROUT_PHASE, 0, 600000000, 100, 600000000 },
	};
	struct tsu_fake *f = tsu_fake(test, xgmac_tsu(), true);
	struct stmmac_ptp *p = pps_port(test, f, 20, 0x01000000);
	struct ptp_clock_request rq;
	int i, n = 0;

	pps_set_time(f, 100, 500000000);
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		rq = perout(0, cases[i].sec, cases[i].nsec, 1, 0);
		rq.perout.flags = cases[i].flags;
		KUNIT_ASSERT_EQ(test, stmmac_ptp_enable(&p->info, &rq, 1), 0);
		if (i) {
			/* the previous train stopped first */
			KUNIT_ASSERT_LT(test, n, f->npps);
			KUNIT_EXPECT_EQ_MSG(test, f->pps[n].ctrl, 0x55u,
					    "case %d", i);
			n++;
		}
		KUNIT_ASSERT_LT(test, n, f->npps);
		KUNIT_EXPECT_EQ_MSG(test, f->pps[n].ctrl, 0x52u, "case %d", i);
		KUNIT_EXPECT_EQ_MSG(test, f->pps[n].sec, cases[i].tsec,
				    "case %d", i);
		KUNIT_EXPECT_EQ_MSG(test, f->pps[n].nsec, cases[i].tnsec,
				    "case %d", i);
		n++;
	}
	KUNIT_EXPECT_EQ(test, f->npps, n);

	/* the same rule, in ns: start, period, earliest */
	KUNIT_EXPECT_EQ(test, stmmac_pps_next(5000, 1000, 4000), 5000ULL);
	KUNIT_EXPECT_EQ(test, stmmac_pps_next(5000, 1000, 5000), 5000ULL);
	KUNIT_EXPECT_EQ(test, stmmac_pps_next(5000, 1000, 5001), 6000ULL);
	KUNIT_EXPECT_EQ(test, stmmac_pps_next(5000, 1000, 7000), 7000ULL);
	KUNIT_EXPECT_EQ(test, stmmac_pps_next(250, 3000, 10000000000ULL),
			10000002250ULL);
}

/* Period and high time in increments, less one; rounding to the nearest
 * increment; the duty cycle flag; the extremes the registers take.
 */
static void perout_duty_test(struct kunit *test)
{
	static const struct {
		u32 ssinc;
		s64 psec;
		u32 pnsec;
		bool duty;
		u32 on_nsec;
		u32 interval, width;
	} cases[] = {
		/* 1 ms at 8 ns: 125000 -> 124999 = 0x1e847; 250 us high:
		 * 31250 -> 31249 = 0x7a11
		 */
		{ 8, 0, 1000000, true, 250000, 0x1e847, 0x7a11 },
		/* 1 ms, 50 %: 62500 -> 62499 = 0xf423 */
		{ 8, 0, 1000000, false, 0, 0x1e847, 0xf423 },
		/* two increments, the least: one high, one low */
		{ 20, 0, 40, false, 0, 1, 0 },
		/* three: one high (half, rounded down), two low */
		{ 20, 0, 60, false, 0, 2, 0 },
		/* 85 s at 20 ns: 4250000000 -> 4249999999 = 0xfd51da7f;
		 * 2125000000 -> 0x7ea8ed3f
		 */
		{ 20, 85, 0, false, 0, 0xfd51da7f, 0x7ea8ed3f },
		/* 1 s + 9 ns: 50000000.45 -> 50000000; + 10 ns:
		 * 50000000.5 -> 50000001
		 */
		{ 20, 1, 9, false, 0, 0x2faf07f, 0x17d783f },
		{ 20, 1, 10, false, 0, 0x2faf080, 0x17d783f },
		/* 29 ns high at 20 ns rounds to 1 increment: width 0 */
		{ 20, 0, 1000, true, 29, 49, 0 },
	};
	struct ptp_clock_request rq;
	struct stmmac_pps_out out;
	int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		rq = perout(0, 0, 0, cases[i].psec, cases[i].pnsec);
		if (cases[i].duty) {
			rq.perout.flags = PTP_PEROUT_DUTY_CYCLE;
			rq.perout.on.nsec = cases[i].on_nsec;
		}
		memset(&out, 0, sizeof(out));
		KUNIT_ASSERT_EQ_MSG(test,
				    stmmac_pps_check(&rq.perout,
						     cases[i].ssinc, &out),
				    0, "case %d", i);
		KUNIT_EXPECT_EQ_MSG(test, out.interval, cases[i].interval,
				    "case %d", i);
		KUNIT_EXPECT_EQ_MSG(test, out.width, cases[i].width,
				    "case %d", i);
	}
}

/* Disabling stops the train at once (0x55), leaves the other registers,
 * and an output already off is not written.
 */
static void perout_disable_test(struct kunit *test)
{
	struct tsu_fake *f = tsu_fake(test, xgmac_tsu(), true);
	struct stmmac_ptp *p = pps_port(test, f, 20, 0x01000000);
	struct ptp_clock_request rq = perout(0, 102, 0, 1, 0);

	pps_set_time(f, 100, 0);
	KUNIT_ASSERT_EQ(test, stmmac_ptp_enable(&p->info, &rq, 1), 0);
	KUNIT_ASSERT_EQ(test, f->npps, 1);
	rq = perout(0, 0, 0, 0, 0);
	KUNIT_ASSERT_EQ(test, stmmac_ptp_enable(&p->info, &rq, 0), 0);
	KUNIT_ASSERT_EQ(test, f->npps, 2);
	KUNIT_EXPECT_EQ(test, f->pps[1].ctrl, 0x55u);
	KUNIT_EXPECT_EQ(test, f->pps[1].out, 0u);
	KUNIT_EXPECT_EQ(test, *fake_reg(f, 0xd70), 0x50u);
	KUNIT_EXPECT_EQ(test, *fake_reg(f, 0xd80), 102u);
	KUNIT_EXPECT_EQ(test, *fake_reg(f, 0xd88), 0x2faf07fu);
	KUNIT_EXPECT_EQ(test, *fake_reg(f, 0xd8c), 0x17d783fu);
	KUNIT_EXPECT_FALSE(test, p->pps[0].on);
	KUNIT_EXPECT_EQ(test, stmmac_ptp_enable(&p->info, &rq, 0), 0);
	KUNIT_EXPECT_EQ(test, f->npps, 2);
}

#define PPS_SNAP_WORDS	((0xdc0 - 0xd00) / 4)

/* Refused requests, on a port with output 0 running: each gets its error
 * and leaves every register of the unit and the output's state as they
 * were.
 */
static void perout_refuse_test(struct kunit *test)
{
	static const struct {
		int type;
		u32 index, flags;
		s64 ssec;
		u32 snsec;
		s64 psec;
		u32 pnsec;
		s64 on_sec;
		u32 on_nsec;
		int err;
	} cases[] = {
		{ PTP_CLK_REQ_PEROUT, 0, PTP_PEROUT_ONE_SHOT, 102, 0, 1, 0,
		  0, 0, -EOPNOTSUPP },
		{ PTP_CLK_REQ_PEROUT, 0, BIT(3), 102, 0, 1, 0, 0, 0,
		  -EOPNOTSUPP },
		{ PTP_CLK_REQ_PPS, 0, 0, 102, 0, 1, 0, 0, 0, -EOPNOTSUPP },
		{ PTP_CLK_REQ_EXTTS, 0, 0, 102, 0, 1, 0, 0, 0, -EOPNOTSUPP },
		/* an output the port does not have (n_per_out 2) */
		{ PTP_CLK_REQ_PEROUT, 2, 0, 102, 0, 1, 0, 0, 0, -EINVAL },
		{ PTP_CLK_REQ_PEROUT, 0, 0, 102, 1000000000, 1, 0, 0, 0,
		  -EINVAL },
		{ PTP_CLK_REQ_PEROUT, 0, 0, -1, 0, 1, 0, 0, 0, -EINVAL },
		/* past the 32 bits of seconds the clock counts */
		{ PTP_CLK_REQ_PEROUT, 0, 0, 1LL << 32, 0, 1, 0, 0, 0,
		  -EINVAL },
		{ PTP_CLK_REQ_PEROUT, 0, 0, 102, 0, 0, 1000000000, 0, 0,
		  -EINVAL },
		{ PTP_CLK_REQ_PEROUT, 0, 0, 102, 0, -1, 0, 0, 0, -EINVAL },
		/* one increment (20 ns), or what rounds to it */
		{ PTP_CLK_REQ_PEROUT, 0, 0, 102, 0, 0, 20, 0, 0, -EINVAL },
		{ PTP_CLK_REQ_PEROUT, 0, 0, 102, 0, 0, 29, 0, 0, -EINVAL },
		/* 86 s: 4300000000 increments, the interval holds 2^32 */
		{ PTP_CLK_REQ_PEROUT, 0, 0, 102, 0, 86, 0, 0, 0, -EINVAL },
		/* high for none of the period, all of it, a bad time */
		{ PTP_CLK_REQ_PEROUT, 0, PTP_PEROUT_DUTY_CYCLE, 102, 0, 1, 0,
		  0, 0, -EINVAL },
		{ PTP_CLK_REQ_PEROUT, 0, PTP_PEROUT_DUTY_CYCLE, 102, 0, 1, 0,
		  0, 9, -EINVAL },
		{ PTP_CLK_REQ_PEROUT, 0, PTP_PEROUT_DUTY_CYCLE, 102, 0, 1, 0,
		  1, 0, -EINVAL },
		{ PTP_CLK_REQ_PEROUT, 0, PTP_PEROUT_DUTY_CYCLE, 102, 0, 1, 0,
		  0, 999999995, -EINVAL },
		{ PTP_CLK_REQ_PEROUT, 0, PTP_PEROUT_DUTY_CYCLE, 102, 0, 1, 0,
		  0, 1000000000, -EINVAL },
	};
	struct tsu_fake *f = tsu_fake(test, xgmac_tsu(), true);
	struct stmmac_ptp *p = pps_port(test, f, 20, 0x02000000);
	struct ptp_clock_request rq = perout(0, 102, 0, 1, 0);
	u32 before[PPS_SNAP_WORDS];
	struct stmmac_pps_out was;
	int i, n;

	pps_set_time(f, 100, 0);
	KUNIT_ASSERT_EQ(test, stmmac_ptp_enable(&p->info, &rq, 1), 0);
	n = f->npps;
	memcpy(before, fake_reg(f, 0xd00), sizeof(before));
	was = p->pps[0];

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		rq = perout(cases[i].index, cases[i].ssec, cases[i].snsec,
			    cases[i].psec, cases[i].pnsec);
		rq.type = cases[i].type;
		rq.perout.flags = cases[i].flags;
		rq.perout.on.sec = cases[i].on_sec;
		rq.perout.on.nsec = cases[i].on_nsec;
		KUNIT_EXPECT_EQ_MSG(test, stmmac_ptp_enable(&p->info, &rq, 1),
				    cases[i].err, "case %d", i);
		KUNIT_EXPECT_MEMEQ_MSG(test, fake_reg(f, 0xd00), before,
				       sizeof(before), "case %d", i);
		KUNIT_EXPECT_EQ_MSG(test, f->npps, n, "case %d", i);
	}
	KUNIT_EXPECT_TRUE(test, p->pps[0].on);
	KUNIT_EXPECT_EQ(test, p->pps[0].start, was.start);
	KUNIT_EXPECT_EQ(test, p->pps[0].period, was.period);
	KUNIT_EXPECT_EQ(test, p->pps[0].interval, was.interval);
	KUNIT_EXPECT_EQ(test, p->pps[0].width, was.width);

	/* the clock not counting (interface down): nothing to start */
	p->live = false;
	rq = perout(1, 102, 0, 1, 0);
	KUNIT_EXPECT_EQ(test, stmmac_ptp_enable(&p->info, &rq, 1), -ENETDOWN);
	p->live = true;
	/* output 1 still copying a target time (TRGTBUSY): -EBUSY */
	*fake_reg(f, 0xd94) = BIT(31);
	memcpy(before, fake_reg(f, 0xd00), sizeof(before));
	KUNIT_EXPECT_EQ(test, stmmac_ptp_enable(&p->info, &rq, 1), -EBUSY);
	KUNIT_EXPECT_MEMEQ(test, fake_reg(f, 0xd00), before, sizeof(before));
	KUNIT_EXPECT_EQ(test, f->npps, n);
	KUNIT_EXPECT_FALSE(test, p->pps[1].on);
	KUNIT_EXPECT_TRUE(test, p->pps[0].on);
}

/* ifdown stops a running output and keeps it asked for; the start after
 * the core reset starts it again on its train's next edge after the new
 * time. One disabled while down is not started again.
 */
static void perout_restart_test(struct kunit *test)
{
	struct tsu_fake *f = tsu_fake(test, xgmac_tsu(), true);
	struct ptp_clock_request rq = perout(0, 101, 250000000, 1, 0);
	struct stmmac_priv *priv;
	struct stmmac_ptp *p;
	u32 sec, nsec;

	priv = ptp_port(test, f, &dwxgmac2_ops, &dwxgmac2_desc_ops);
	p = &priv->ptp;
	p->rate.ssinc = 20;
	p->rate.addend = 0x80000000;
	p->info.n_per_out = 1;
	pps_set_time(f, 100, 0);
	KUNIT_ASSERT_EQ(test, stmmac_ptp_enable(&p->info, &rq, 1), 0);
	KUNIT_ASSERT_EQ(test, f->npps, 1);

	rtnl_lock();
	stmmac_ptp_stop(priv);
	rtnl_unlock();
	KUNIT_ASSERT_EQ(test, f->npps, 2);
	KUNIT_EXPECT_EQ(test, f->pps[1].ctrl, 0x55u);
	KUNIT_EXPECT_TRUE(test, p->pps[0].on);
	KUNIT_EXPECT_EQ(test, stmmac_ptp_enable(&p->info, &rq, 1), -ENETDOWN);

	/* the core reset clears the outputs' registers */
	memset(fake_reg(f, 0xd70), 0, 0xdc0 - 0xd70);
	rtnl_lock();
	stmmac_ptp_start(priv);
	rtnl_unlock();
	KUNIT_ASSERT_TRUE(test, p->live);
	KUNIT_ASSERT_EQ(test, f->npps, 3);
	/* the clock restarted from the system time, which the fake unit
	 * loaded: the next x.25 s at least 10 ms ahead of it, 101.25 s
	 * itself if still ahead (a KUnit kernel without an RTC counts from
	 * 1970)
	 */
	sec = *fake_reg(f, 0xd08);
	nsec = *fake_reg(f, 0xd0c);
	if (nsec > 240000000)
		sec++;
	if (sec < 101)
		sec = 101;
	KUNIT_EXPECT_EQ(test, f->pps[2].ctrl, 0x52u);
	KUNIT_EXPECT_EQ(test, f->pps[2].sec, sec);
	KUNIT_EXPECT_EQ(test, f->pps[2].nsec, 250000000u);
	KUNIT_EXPECT_EQ(test, f->pps[2].interval, 0x2faf07fu);
	KUNIT_EXPECT_EQ(test, f->pps[2].width, 0x17d783fu);
	KUNIT_EXPECT_TRUE(test, p->pps[0].on);

	/* off while down: not started again */
	rtnl_lock();
	stmmac_ptp_stop(priv);
	rtnl_unlock();
	KUNIT_ASSERT_EQ(test, f->npps, 4);
	rq = perout(0, 0, 0, 0, 0);
	KUNIT_EXPECT_EQ(test, stmmac_ptp_enable(&p->info, &rq, 0), 0);
	KUNIT_EXPECT_FALSE(test, p->pps[0].on);
	rtnl_lock();
	stmmac_ptp_start(priv);
	rtnl_unlock();
	KUNIT_EXPECT_TRUE(test, p->live);
	KUNIT_EXPECT_EQ(test, f->npps, 4);
}

static struct kunit_case stmmac_ptp_cases[] = {
	KUNIT_CASE(layout_test),
	KUNIT_CASE(rate_test),
	KUNIT_CASE(addend_test),
	KUNIT_CASE(init_test),
	KUNIT_CASE(adjtime_xgmac_test),
	KUNIT_CASE(adjtime_gmac_test),
	KUNIT_CASE(settime_addend_test),
	KUNIT_CASE(handshake_test),
	KUNIT_CASE(gettime_test),
	KUNIT_CASE(filter_reg_test),
	KUNIT_CASE(config_test),
	KUNIT_CASE(config_reject_test),
	KUNIT_CASE(hwtstamp_set_test),
	KUNIT_CASE(gmac_no_stamps_test),
	KUNIT_CASE(gmac_atds_stamps_test),
	KUNIT_CASE(caps_test),
	KUNIT_CASE(xgmac_tx_desc_test),
	KUNIT_CASE(xgmac_rx_ts_test),
	KUNIT_CASE(xgmac_tx_tstamp_test),
	KUNIT_CASE(pps_outputs_test),
	KUNIT_CASE(perout_start_test),
	KUNIT_CASE(perout_start_time_test),
	KUNIT_CASE(perout_duty_test),
	KUNIT_CASE(perout_disable_test),
	KUNIT_CASE(perout_refuse_test),
	KUNIT_CASE(perout_restart_test),
	{}
};

static struct kunit_suite stmmac_ptp_suite = {
	.name = "stmmac_ptp",
	.test_cases = stmmac_ptp_cases,
};

kunit_test_suite(stmmac_ptp_suite);

MODULE_DESCRIPTION("KUnit tests for the stmmac timestamping unit and PHC");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(STMMAC_KUNIT_NS);
