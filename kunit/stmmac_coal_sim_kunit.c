// SPDX-License-Identifier: GPL-2.0-only
/*
 * A deterministic simulation of one stmmac TX queue in virtual time.
 *
 * xmit, doorbell, DMA completion, the TX interrupt, TX NAPI and the TX timer
 * are modelled as events; every coalescing decision is taken by the real
 * functions of stmmac_coal.c. After every event the simulation checks that
 * no frame is left pending with no timer, no NAPI and no interrupt to come;
 * at every NAPI poll that the timer was started at most once since the
 * last poll, and that each frame it cleans was cleaned within tx-usecs (plus
 * the modelled NAPI delay) of the start of its window.
 */

#include <kunit/test.h>
#include <linux/limits.h>
#include <linux/math64.h>
#include <linux/prandom.h>
#include <linux/slab.h>

#include "../stmmac.h"

#define SIM_PKTS	2000
#define NEVER		S64_MAX
#define US		1000LL

/* The machine: NAPI runs 20 us after it is scheduled, the DMA sends one
 * descriptor per microsecond, xmit hands over a frame every 2 us in a burst.
 */
#define POLL_DELAY	(20 * US)
#define DMA_PER_DESC	(1 * US)
#define XMIT_GAP	(2 * US)

struct sim_pkt {
	s64 submit;
	s64 done;	/* DMA completion; NEVER until the doorbell */
	s64 win;	/* start of the window responsible for it */
	u32 ndesc;
	bool more;	/* netdev_xmit_more() */
	bool hwts;
	bool ic;
};

struct sim {
	struct kunit *test;
	enum stmmac_coal_rule rule;
	u32 usecs;
	u32 frames;
	/* tx-usecs becomes @new_usecs at @change_at (NEVER: not changed) */
	s64 change_at;
	u32 new_usecs;

	struct sim_pkt *pkt;
	u32 n;		/* frames in the workload */
	u32 sub;	/* submitted */
	u32 rung;	/* handed to the DMA by a doorbell */
	u32 done;	/* completed by the DMA */
	u32 clean;	/* cleaned by NAPI */
	u32 since_ic;
	s64 now;
	s64 dma_free;	/* when the DMA engine is next idle */
	s64 timer_at;
	s64 poll_at;
	s64 win;
	bool irq_on;
	bool irq_status;

	u32 arms;
	u32 repolls;
	u32 arms_since_poll;
	u32 late;
	u32 stranded;
	u32 too_many_arms;
	s64 worst_delay;
};

static bool sim_napi(const struct sim *s)
{
	return s->poll_at != NEVER;
}

static void sim_schedule_napi(struct sim *s)
{
	s->irq_on = false;	/* the IRQ handler / timer masks TX first */
	if (!sim_napi(s))
		s->poll_at = s->now + POLL_DELAY;
}

static void sim_irq_check(struct sim *s)
{
	if (s->irq_on && s->irq_status) {
		s->irq_status = false;
		sim_schedule_napi(s);
	}
}

static void sim_timer_rule(struct sim *s, u32 usecs)
{
	switch (stmmac_coal_timer_decide(s->rule, usecs, sim_napi(s),
					 s->timer_at != NEVER)) {
	case STMMAC_COAL_TIMER_ARM:
		s->timer_at = s->now + usecs * US;
		s->arms++;
		s->arms_since_poll++;
		break;
	case STMMAC_COAL_TIMER_CANCEL:
		s->timer_at = NEVER;
		break;
	case STMMAC_COAL_TIMER_KEEP:
	case STMMAC_COAL_TIMER_OFF:
		break;
	}
}

static void sim_xmit(struct sim *s)
{
	struct sim_pkt *p = &s->pkt[s->sub];
	struct stmmac_coal_ic_in in = {
		.usecs = s->usecs,	/* read once for this frame */
		.frames = s->frames,
		.since_ic = s->since_ic,
		.ndesc = p->ndesc,
		.xmit_more = p->more,
		.hwts = p->hwts,
	};

	s->now = p->submit;
	if (s->clean == s->sub)
		s->win = s->now;	/* first pending frame opens a window */
	p->win = s->win;
	p->ic = stmmac_coal_tx_ic_decide(&in);
	s->since_ic = p->ic ? 0 : s->since_ic + p->ndesc;
	s->sub++;
	if (!p->more) {
		for (; s->rung < s->sub; s->rung++) {
			struct sim_pkt *r = &s->pkt[s->rung];

			s->dma_free = max(s->dma_free, s->now) + r->ndesc * DMA_PER_DESC;
			r->done = s->dma_free;
		}
	}
	if (in.usecs) {
		/* stmmac_coal_tx_kick() */
		sim_timer_rule(s, in.usecs);
	}
}

static void sim_dma_done(struct sim *s)
{
	struct sim_pkt *p = &s->pkt[s->done++];

	s->now = p->done;
	if (p->ic) {
		s->irq_status = true;
		sim_irq_check(s);
	}
}

static void sim_timer_fires(struct sim *s)
{
	s->now = s->timer_at;
	s->timer_at = NEVER;
	if (!sim_napi(s))
		sim_schedule_napi(s);
}

static void sim_poll(struct sim *s)
{
	s64 delay;

	s->now = s->poll_at;
	if (s->arms_since_poll > 1 && s->rule == STMMAC_COAL_RULE_ONCE)
		s->too_many_arms++;
	s->arms_since_poll = 0;
	for (; s->clean < s->done; s->clean++) {
		delay = s->now - s->pkt[s->clean].win;
		s->worst_delay = max(s->worst_delay, delay);
		if (s->usecs && s->change_at == NEVER &&
		    delay > s->usecs * US + POLL_DELAY)
			s->late++;
	}
	/* napi_complete_done(), then the TX interrupt is unmasked. */
	s->poll_at = NEVER;
	s->irq_on = true;
	sim_irq_check(s);
	/* stmmac_coal_tx_done() */
	switch (stmmac_coal_done_decide(s->usecs, s->clean < s->sub,
					s->since_ic != 0)) {
	case STMMAC_COAL_DONE_TIMER:
		sim_timer_rule(s, s->usecs);
		break;
	case STMMAC_COAL_DONE_REPOLL:
		s->poll_at = s->now + POLL_DELAY;
		s->repolls++;
		break;
	case STMMAC_COAL_DONE_IDLE:
		break;
	}
	/* What is still pending is the next window's. */
	if (s->clean < s->sub) {
		u32 i;

		s->win = s->now;
		for (i = s->clean; i < s->sub; i++)
			s->pkt[i].win = s->now;
	}
}

/* Pending frames must have a timer, NAPI, or an IC bit yet to fire. */
static void sim_check_covered(struct sim *s)
{
	const struct sim_pkt *last;

	if (s->clean == s->sub || s->timer_at != NEVER || sim_napi(s))
		return;
	last = &s->pkt[s->sub - 1];
	if (last->ic && s->done < s->sub)
		return;
	/* A frame still being handed over: its burst's doorbell is coming. */
	if (last->more && s->sub < s->n)
		return;
	s->stranded++;
}

/* Run to the end: process the earliest event until there is none. */
static void sim_run(struct sim *s)
{
	s64 t_xmit, t_dma, t_next;

	for (;;) {
		t_xmit = s->sub < s->n ? s->pkt[s->sub].submit : NEVER;
		t_dma = s->done < s->rung ? s->pkt[s->done].done : NEVER;
		t_next = min3(t_xmit, t_dma, min(s->timer_at, s->poll_at));
		if (t_next == NEVER)
			break;
		if (s->change_at <= t_next) {
			s->usecs = s->new_usecs;
			s->change_at = NEVER;
		}
		/* Ties: the DMA first, then the timer, NAPI, and xmit last. */
		if (t_dma == t_next)
			sim_dma_done(s);
		else if (s->timer_at == t_next)
			sim_timer_fires(s);
		else if (s->poll_at == t_next)
			sim_poll(s);
		else
			sim_xmit(s);
		sim_check_covered(s);
	}
}

struct workload {
	const char *name;
	u32 burst;	/* frames per burst; 0: random 1..64 */
	s64 gap;	/* idle time between bursts; < 0: random 0..-gap */
	bool mixed;	/* random descriptors per frame and timestamps */
};

static void sim_fill(struct sim *s, const struct workload *w, u32 seed)
{
	struct rnd_state rnd;
	s64 t = 0;
	u32 i = 0, b, len;

	prandom_seed_state(&rnd, seed);
	while (i < s->n) {
		len = w->burst ?: 1 + prandom_u32_state(&rnd) % 64;
		for (b = 0; b < len && i < s->n; b++, i++) {
			struct sim_pkt *p = &s->pkt[i];

			p->submit = t;
			p->done = NEVER;
			p->ndesc = w->mixed ? 1 + prandom_u32_state(&rnd) % 4 : 1;
			p->hwts = w->mixed && prandom_u32_state(&rnd) % 64 == 0;
			p->more = b + 1 < len && i + 1 < s->n;
			t += XMIT_GAP;
		}
		t += w->gap >= 0 ? w->gap :
		     (s64)(prandom_u32_state(&rnd) % (u32)(-w->gap));
	}
}

static void sim_init(struct kunit *test, struct sim *s, enum stmmac_coal_rule rule,
		     u32 usecs, u32 frames, const struct workload *w)
{
	struct sim_pkt *pkt = s->pkt;

	memset(s, 0, sizeof(*s));
	s->pkt = pkt ?: kunit_kcalloc(test, SIM_PKTS, sizeof(*pkt), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, s->pkt);
	memset(s->pkt, 0, SIM_PKTS * sizeof(*s->pkt));
	s->test = test;
	s->rule = rule;
	s->usecs = usecs;
	s->frames = frames;
	s->change_at = NEVER;
	s->n = SIM_PKTS;
	s->timer_at = NEVER;
	s->poll_at = NEVER;
	s->irq_on = true;
	sim_fill(s, w, 0x5eed);
}

static void sim_expect_sound(struct kunit *test, struct sim *s, const char *what)
{
	KUNIT_EXPECT_EQ_MSG(test, s->stranded, 0u, "%s: stranded frames", what);
	KUNIT_EXPECT_EQ_MSG(test, s->clean, s->n, "%s: frames never cleaned", what);
	KUNIT_EXPECT_EQ_MSG(test, s->too_many_arms, 0u,
			    "%s: timer started twice in one window", what);
	KUNIT_EXPECT_EQ_MSG(test, s->late, 0u,
			    "%s: frames cleaned later than tx-usecs after their window opened (worst %lld us)",
			    what, div_s64(s->worst_delay, US));
}

static const struct workload workloads[] = {
	{ "bursts of 1", 1, 50 * US },
	{ "bursts of tx-frames - 1", 24, 300 * US },
	{ "bursts of tx-frames", 25, 300 * US },
	{ "bursts of 10 x tx-frames", 250, 3000 * US },
	{ "random mix", 0, -3000 * US, true },
};

struct coal_setting {
	u32 usecs;
	u32 frames;
};

static const struct coal_setting settings[] = {
	{ 1000, 25 },
	{ 5000, 25 },
	{ 100, 1 },
	{ 5000, 0 },
	{ 100, 256 },
	{ 0, 1 },
	{ 0, 25 },
	{ 1, 1 },
};

static void sim_ours_test(struct kunit *test)
{
	struct sim *s = kunit_kzalloc(test, sizeof(*s), GFP_KERNEL);
	int w, c;

	KUNIT_ASSERT_NOT_NULL(test, s);
	for (c = 0; c < ARRAY_SIZE(settings); c++) {
		for (w = 0; w < ARRAY_SIZE(workloads); w++) {
			char what[96];

			snprintf(what, sizeof(what), "%s, tx-usecs %u tx-frames %u",
				 workloads[w].name, settings[c].usecs,
				 settings[c].frames);
			sim_init(test, s, STMMAC_COAL_RULE_ONCE, settings[c].usecs,
				 settings[c].frames, &workloads[w]);
			sim_run(s);
			sim_expect_sound(test, s, what);
			if (!settings[c].usecs)
				KUNIT_EXPECT_EQ_MSG(test, s->arms, 0u, "%s", what);
		}
	}
}

/* tx-usecs drops from @usecs to 0 at each moment of [@from, @to). */
struct zero_sweep {
	struct workload w;
	u32 usecs;
	u32 n;
	s64 from;
	s64 to;
	s64 step;
};

/*
 * A single burst whose timer expires while the DMA is still sending it, so
 * that NAPI completes with IC-less frames pending; and a steady stream.
 */
static const struct zero_sweep zero_sweeps[] = {
	{ { "one burst of 40", 40, 0 }, 60, 40, 1 * US, 200 * US, 3 * US },
	{ { "bursts of 40", 40, 500 * US }, 1000, SIM_PKTS, 1 * US, 2000 * US, 37 * US },
};

static void sim_usecs_to_zero_test(struct kunit *test)
{
	struct sim *s = kunit_kzalloc(test, sizeof(*s), GFP_KERNEL);
	const struct zero_sweep *z;
	u32 repolls = 0;
	int i;
	s64 t;

	KUNIT_ASSERT_NOT_NULL(test, s);
	for (i = 0; i < ARRAY_SIZE(zero_sweeps); i++) {
		z = &zero_sweeps[i];
		for (t = z->from; t < z->to; t += z->step) {
			sim_init(test, s, STMMAC_COAL_RULE_ONCE, z->usecs, 0, &z->w);
			s->n = z->n;
			s->change_at = t;
			s->new_usecs = 0;
			sim_run(s);
			KUNIT_EXPECT_EQ_MSG(test, s->stranded, 0u, "%s, change at %lld us",
					    z->w.name, div_s64(t, US));
			KUNIT_EXPECT_EQ_MSG(test, s->clean, s->n, "%s, change at %lld us",
					    z->w.name, div_s64(t, US));
			repolls += s->repolls;
		}
	}
	/* The sweeps must have hit the case they are about. */
	KUNIT_EXPECT_GT(test, repolls, 0u);
}

/* The figure the whole change is about, side by side with 6.12's rule. */
static void sim_arms_per_1000_test(struct kunit *test)
{
	struct sim *s = kunit_kzalloc(test, sizeof(*s), GFP_KERNEL);
	u32 once, restart;
	int w;

	KUNIT_ASSERT_NOT_NULL(test, s);
	for (w = 0; w < ARRAY_SIZE(workloads); w++) {
		sim_init(test, s, STMMAC_COAL_RULE_ONCE, 1000, 25, &workloads[w]);
		sim_run(s);
		once = s->arms * 1000 / s->n;
		sim_init(test, s, STMMAC_COAL_RULE_RESTART, 1000, 25, &workloads[w]);
		sim_run(s);
		restart = s->arms * 1000 / s->n;
		kunit_info(test, "%-26s timer starts per 1000 frames: once %4u, restart (6.12) %4u\n",
			   workloads[w].name, once, restart);
		KUNIT_EXPECT_LE_MSG(test, once, restart, "%s", workloads[w].name);
	}
}

static struct kunit_case stmmac_coal_sim_cases[] = {
	KUNIT_CASE(sim_ours_test),
	KUNIT_CASE(sim_usecs_to_zero_test),
	KUNIT_CASE(sim_arms_per_1000_test),
	{}
};

static struct kunit_suite stmmac_coal_sim_suite = {
	.name = "stmmac_coal_sim",
	.test_cases = stmmac_coal_sim_cases,
};

kunit_test_suite(stmmac_coal_sim_suite);

MODULE_DESCRIPTION("KUnit simulation of stmmac TX coalescing in virtual time");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
