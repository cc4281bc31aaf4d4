/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Enhanced scheduled traffic (EST, IEEE 802.1Qbv): the gate control list
 * of a taprio qdisc offloaded to the XGMAC's MTL (stmmac_est.c), and what
 * the core's registers take (&struct stmmac_est_ops).
 */

#ifndef __STMMAC_EST_H__
#define __STMMAC_EST_H__

#include <linux/types.h>

#include "stmmac_coal.h"

struct net_device;
struct netlink_ext_ack;
struct stmmac_priv;
struct tc_taprio_qopt_offload;

/**
 * struct stmmac_est_regs - one schedule as the core's registers take it
 * @btr_sec: base time, seconds of PTP time (BTR high)
 * @btr_ns: and nanoseconds (BTR low)
 * @ctr_sec: cycle time, whole seconds (CTR high)
 * @ctr_ns: and nanoseconds (CTR low)
 * @ter: cycle time extension, ns (TER)
 * @n: entries in @gcl (LLR)
 * @gcl: each entry: its interval in ns in the low &stmmac_est.wid bits,
 *	the open gates above, one bit per TX queue
 * @ptov: the PTP time offset, ns (EST control's PTOV)
 */
struct stmmac_est_regs {
	u32 btr_sec;
	u32 btr_ns;
	u32 ctr_sec;
	u32 ctr_ns;
	u32 ter;
	u32 n;
	const u32 *gcl;
	u32 ptov;
};

/* EST events (&stmmac_est_ops.events) */
#define STMMAC_EST_CGCE		BIT(0)	/* constant gate control error */
#define STMMAC_EST_HLBS		BIT(1)	/* a queue blocked: gate never open */
#define STMMAC_EST_HLBF		BIT(2)	/* a frame longer than its window */
#define STMMAC_EST_BTRE		BIT(3)	/* base time in the past */
#define STMMAC_EST_SWLC		BIT(4)	/* the new list took over */

/**
 * struct stmmac_est_events - what EST reported, read and cleared
 * @flags: STMMAC_EST_*
 * @hlbs: the queues of STMMAC_EST_HLBS, one bit each
 * @hlbf: the queues of STMMAC_EST_HLBF, one bit each
 * @btrl: the base time errors in a row (BTRL), with STMMAC_EST_BTRE
 * @btrl_max: the most @btrl counts: at it, the core gave up the list
 */
struct stmmac_est_events {
	u32 flags;
	u32 hlbs;
	u32 hlbf;
	u32 btrl;
	u32 btrl_max;
};

/**
 * struct stmmac_est_ops - a core's EST unit
 * @program: write @r into the list software owns and have the core take
 *	it over at its base time (the running one until then); unmask the
 *	events. Sleeps (RTNL, the data path up). Return: 0 or -ETIMEDOUT
 * @off: EST and its events off
 * @events: read and clear the events into @ev; from the MAC interrupt.
 *	Return: true if there were any
 */
struct stmmac_est_ops {
	int (*program)(void __iomem *ioaddr, const struct stmmac_est_regs *r);
	void (*off)(void __iomem *ioaddr);
	bool (*events)(void __iomem *ioaddr, struct stmmac_est_events *ev);
};

/**
 * struct stmmac_est - the offloaded schedule and what EST counted
 * @on: a taprio qdisc is offloaded: the schedule below runs while the
 *	data path is up
 * @classes: that qdisc's traffic classes hold &stmmac_priv.mqprio
 * @live: EST is programmed and its events unmasked (the data path up)
 * @base_ns: base time as taprio gave it, PTP time; the core gets the first
 *	cycle start from now on
 * @cycle_ns: cycle time
 * @ext_ns: cycle time extension
 * @n: entries in @gcl
 * @gcl: the entries, encoded (&stmmac_est_regs.gcl)
 * @max_len: per TX queue, the longest frame xmit sends (queueMaxSDU plus
 *	the Ethernet header), 0 for no limit; read by xmit
 * @cgce: constant gate control errors
 * @hlbs: head-of-line blocking (gate never open) events
 * @hlbf: head-of-line blocking (frame too long) events
 * @btre: base time errors the core recovered from
 * @btrlm: base time errors it gave the list up for
 * @txq_hlbs: per TX queue, @hlbs events naming it
 * @txq_hlbf: per TX queue, @hlbf events naming it
 * @txq_sdu: per TX queue, frames xmit dropped for @max_len (written
 *	under the queue's xmit lock)
 *
 * The schedule is written under RTNL; the counters by the MAC interrupt,
 * except @txq_sdu; readers take them as they are.
 */
struct stmmac_est {
	bool on;
	bool classes;
	bool live;
	u64 base_ns;
	u64 cycle_ns;
	u32 ext_ns;
	u32 n;
	u32 *gcl;
	u32 max_len[STMMAC_MAX_QUEUES];
	u64 cgce;
	u64 hlbs;
	u64 hlbf;
	u64 btre;
	u64 btrlm;
	u64 txq_hlbs[STMMAC_MAX_QUEUES];
	u64 txq_hlbf[STMMAC_MAX_QUEUES];
	u64 txq_sdu[STMMAC_MAX_QUEUES];
};

u32 stmmac_est_width(u32 code);
u32 stmmac_est_depth(u32 code);
int stmmac_est_entries(const struct tc_taprio_qopt_offload *qopt, u32 wid,
		       u32 depth, u32 *gcl, struct netlink_ext_ack *extack);
int stmmac_est_set(struct stmmac_priv *priv,
		   const struct tc_taprio_qopt_offload *qopt,
		   struct netlink_ext_ack *extack);
void stmmac_est_clear(struct stmmac_priv *priv);
void stmmac_est_start(struct stmmac_priv *priv);
void stmmac_est_stop(struct stmmac_priv *priv);
bool stmmac_est_irq(struct stmmac_priv *priv);
void stmmac_est_stats(struct stmmac_priv *priv,
		      struct tc_taprio_qopt_offload *qopt);

#endif /* __STMMAC_EST_H__ */
