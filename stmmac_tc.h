/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Traffic control offloads on the XGMAC (stmmac_tc.c): the TX traffic
 * classes of an offloaded mqprio or taprio root, and the credit-based
 * shaper of the AV queues; tc flower's drop rule on the L3/L4 filters
 * (stmmac_flower.c).
 */

#ifndef __STMMAC_TC_H__
#define __STMMAC_TC_H__

#include <linux/minmax.h>
#include <linux/netdevice.h>
#include <linux/types.h>

#include "stmmac_coal.h"
#include "stmmac_hw.h"

struct flow_block_offload;
struct flow_cls_offload;
struct stmmac_priv;

/**
 * struct stmmac_mqprio - the TX traffic classes tc mqprio offloaded (hw 1)
 * @num_tc: classes, 0 when no mqprio qdisc is offloaded
 * @tc: each TX queue's class; queues no class names are in class 0
 * @queues: TX queues up to the highest one a class names
 * @count: each class's TX queues, as the stack was given them
 * @offset: each class's first TX queue, likewise
 * @roots: offloaded mqprio qdiscs alive: a root that replaces another is
 *	set up before the one it replaces goes (RTNL)
 * @pmac: the TX queues of the preemptible classes (mqprio's fp), one bit
 *	each
 */
struct stmmac_mqprio {
	u8 num_tc;
	u8 tc[STMMAC_MAX_QUEUES];
	u8 queues;
	u8 count[STMMAC_MAX_QUEUES];
	u8 offset[STMMAC_MAX_QUEUES];
	u32 roots;
	u8 pmac;
};

/**
 * stmmac_tc_class() - a TX queue's traffic class under a class map
 * @m: the offloaded mqprio classes, or none (@m->num_tc 0)
 * @hw_tc: traffic classes the core has (&stmmac_caps.num_tc)
 * @q: the TX queue
 *
 * Without mqprio the MTL's default: queue q in class q, the last class
 * taking the queues beyond it.
 *
 * Return: the class.
 */
static inline u32 stmmac_tc_class(const struct stmmac_mqprio *m, u32 hw_tc,
				  u32 q)
{
	if (m->num_tc)
		return q < STMMAC_MAX_QUEUES ? m->tc[q] : 0;
	return hw_tc ? min(q, hw_tc - 1) : 0;
}

/**
 * struct stmmac_cbs - a TX queue's credit-based shaper (tc cbs offload)
 * @on: the queue is an AV queue, shaped
 * @idle_slope: credit gained per cycle while frames wait, scaled as the
 *	core's idleSlopeCredit register takes it
 * @send_slope: credit spent per cycle while sending, likewise
 * @hi_credit: the most credit, in the core's units (bits x 1024)
 * @lo_credit: the least credit (negative, two's complement), likewise
 */
struct stmmac_cbs {
	bool on;
	u32 idle_slope;
	u32 send_slope;
	u32 hi_credit;
	u32 lo_credit;
};

/**
 * struct stmmac_flower - the tc flower rule the L3/L4 filters hold
 * @cookie: tc's cookie of the rule
 * @on: a rule is offloaded: L3/L4 filter 0 holds @rule while the data path
 *	runs, and the receiver applies it; written under RTNL and the
 *	address list lock, read under either
 * @rule: the rule
 */
struct stmmac_flower {
	unsigned long cookie;
	bool on;
	struct stmmac_l3l4 rule;
};

int stmmac_flower_parse(struct flow_cls_offload *cls,
			struct stmmac_l3l4 *rule);
int stmmac_flower_block(struct stmmac_priv *priv,
			struct flow_block_offload *f);
void stmmac_flower_restore(struct stmmac_priv *priv);
bool stmmac_flower_busy(struct stmmac_priv *priv, netdev_features_t features);

int stmmac_setup_tc(struct net_device *dev, enum tc_setup_type type,
		    void *type_data);
int stmmac_tc_queues_check(struct stmmac_priv *priv, u32 tx);
void stmmac_tc_pick(struct stmmac_priv *priv);

#endif /* __STMMAC_TC_H__ */
