/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Enhanced scheduled traffic (EST, IEEE 802.1Qbv): the gate control list
 * of a taprio qdisc offloaded to the XGMAC's MTL (stmmac_est.c), and what
 * the core's registers take (&struct stmmac_est_ops).
 */

#ifndef __STMMAC_EST_H__
#define __STMMAC_EST_H__

#include <linux/atomic.h>
#include <linux/types.h>

#include "stmmac_coal.h"
#include "stmmac_tc.h"

struct net_device;
struct netlink_ext_ack;
struct stmmac_priv;
struct tc_taprio_qopt_offload;

/**
 * struct stmmac_est_regs - a schedule's times as the core's registers
 *	take them
 * @btr_sec: base time, seconds of PTP time (BTR high)
 * @btr_ns: and nanoseconds (BTR low)
 * @ctr_sec: cycle time, whole seconds (CTR high)
 * @ctr_ns: and nanoseconds (CTR low)
 * @ter: cycle time extension, ns (TER)
 * @n: entries in the list (LLR)
 * @ptov: the PTP time offset, ns (EST control's PTOV)
 */
struct stmmac_est_regs {
	u32 btr_sec;
	u32 btr_ns;
	u32 ctr_sec;
	u32 ctr_ns;
	u32 ter;
	u32 n;
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
 * @write_list: write @n entries into the list software owns; with a list
 *	switch still pending, EST stops first (*@stopped): the core takes no
 *	writes into a list it is about to run. Sleeps (RTNL, the data path
 *	up). Return: 0, -ETIMEDOUT or -EIO (the core refused a word)
 * @start: write the times of @r, then have the core take the list over at
 *	its base time (the running one until then) and unmask the events
 * @off: the events masked, EST off
 * @events: read and clear the events into @ev; from the MAC interrupt.
 *	Return: true if there were any
 */
struct stmmac_est_ops {
	int (*write_list)(void __iomem *ioaddr, const u32 *gcl, u32 n,
			  bool *stopped);
	int (*start)(void __iomem *ioaddr, const struct stmmac_est_regs *r);
	void (*off)(void __iomem *ioaddr);
	bool (*events)(void __iomem *ioaddr, struct stmmac_est_events *ev);
};

/**
 * struct stmmac_est_sched - a taprio schedule, and the TX traffic classes
 *	in force with it
 * @on: there is a schedule
 * @base_ns: base time as taprio gave it, PTP time
 * @cycle_ns: cycle time
 * @ext_ns: cycle time extension
 * @n: entries in @gcl
 * @gcl: the entries, encoded (interval in the low &stmmac_caps.est_wid
 *	bits, the open gates above, one bit per TX queue)
 * @max_len: per TX queue, the longest frame xmit sends (queueMaxSDU plus
 *	the Ethernet header), 0 for no limit
 * @classes: the taprio root's classes hold &stmmac_priv.mqprio
 * @mqprio: with @classes, and in &stmmac_est.prev, the class map
 */
struct stmmac_est_sched {
	bool on;
	u64 base_ns;
	u64 cycle_ns;
	u32 ext_ns;
	u32 n;
	u32 *gcl;
	u32 max_len[STMMAC_MAX_QUEUES];
	bool classes;
	struct stmmac_mqprio mqprio;
};

/**
 * struct stmmac_est - scheduled traffic: the offloaded schedule and what
 *	EST counted
 * @cur: the schedule in force, run while the data path is up
 * @prev: what the last REPLACE replaced (schedule and classes), while
 *	@undo: a taprio root whose set-up fails after its REPLACE sends a
 *	DESTROY, which must bring it back
 * @undo: @prev holds that: no other tc offload call came since the
 *	REPLACE
 * @root: the device's root qdisc when the last REPLACE came, to tell
 *	whose DESTROY comes (stmmac_tc.c); compared, never dereferenced
 * @root_handle: its handle, lest another qdisc at the same address pass
 *	for it
 * @live: EST is programmed and its events may be unmasked (the data path
 *	up); read by the MAC interrupt
 * @max_len: &stmmac_est_sched.max_len of @cur, read by xmit
 * @cgce: constant gate control errors
 * @hlbs: head-of-line blocking (gate never open) events
 * @hlbf: head-of-line blocking (frame too long) events
 * @btre: base time errors the core recovered from
 * @btrlm: base time errors it gave the list up for
 * @txq_hlbs: per TX queue, @hlbs events naming it
 * @txq_hlbf: per TX queue, @hlbf events naming it
 * @txq_sdu: per TX queue, frames xmit dropped for @max_len
 *
 * The schedules change under RTNL; the counters are atomic: the MAC
 * interrupt and xmit count, ethtool and the qdisc read, on 32-bit cores
 * too.
 */
struct stmmac_est {
	struct stmmac_est_sched cur;
	struct stmmac_est_sched prev;
	bool undo;
	const void *root;
	u32 root_handle;
	bool live;
	u32 max_len[STMMAC_MAX_QUEUES];
	atomic64_t cgce;
	atomic64_t hlbs;
	atomic64_t hlbf;
	atomic64_t btre;
	atomic64_t btrlm;
	atomic64_t txq_hlbs[STMMAC_MAX_QUEUES];
	atomic64_t txq_hlbf[STMMAC_MAX_QUEUES];
	atomic64_t txq_sdu[STMMAC_MAX_QUEUES];
};

u32 stmmac_est_width(u32 code);
u32 stmmac_est_depth(u32 code);
int stmmac_est_entries(const struct tc_taprio_qopt_offload *qopt, u32 wid,
		       u32 depth, u32 *gcl, struct netlink_ext_ack *extack);
int stmmac_est_build(struct stmmac_priv *priv,
		     const struct tc_taprio_qopt_offload *qopt,
		     struct stmmac_est_sched *s);
int stmmac_est_take(struct stmmac_priv *priv, struct stmmac_est_sched *s,
		    struct netlink_ext_ack *extack);
void stmmac_est_undo(struct stmmac_priv *priv);
void stmmac_est_forget(struct stmmac_priv *priv);
void stmmac_est_clear(struct stmmac_priv *priv);
void stmmac_est_start(struct stmmac_priv *priv);
void stmmac_est_stop(struct stmmac_priv *priv);
bool stmmac_est_irq(struct stmmac_priv *priv);
void stmmac_est_stats(struct stmmac_priv *priv,
		      struct tc_taprio_qopt_offload *qopt);

#endif /* __STMMAC_EST_H__ */
