// SPDX-License-Identifier: GPL-2.0-only
/*
 * tc flower on the XGMAC's L3/L4 filters: a rule that drops received IPv4
 * frames by one address or one TCP or UDP port, as
 *
 *   tc qdisc add dev eth0 clsact
 *   tc filter add dev eth0 ingress protocol ip flower skip_sw \
 *	dst_ip 192.0.2.1 action drop
 *
 * With the filters on (MAC_Packet_Filter IPFE) the receiver passes the IP
 * frames that one of the enabled filters passes; a filter drops by passing
 * what does not match (its inverse match bits), as upstream's drop rules
 * do. What the core does with two filters enabled at once the databook we
 * have does not say, and upstream's own tests use one: so one rule is
 * offloaded at a time, in filter 0, and each rule matches one field, the
 * form whose result is the same whether the core ORs or ANDs the fields
 * of a filter. A second rule is refused with a message; without skip_sw
 * it still runs in software. Where the core would route a matching frame
 * to a DMA channel, upstream has no bits for it, and neither do we.
 *
 * Locking: tc calls the block's callback with RTNL held (a block bound
 * through ndo_setup_tc); the rule changes under RTNL, and also under the
 * address list lock where set_filter reads &stmmac_flower.on to switch the
 * filters on. A stopped device keeps the rule and is programmed at its
 * next start (stmmac_flower_restore(), from the data path's set-up).
 */

#include <linux/netdevice.h>
#include <linux/rtnetlink.h>
#include <net/flow_offload.h>
#include <net/pkt_cls.h>
#include <kunit/visibility.h>

#include "stmmac.h"

#define STMMAC_FLOWER_KEYS (BIT_ULL(FLOW_DISSECTOR_KEY_CONTROL) | \
			    BIT_ULL(FLOW_DISSECTOR_KEY_BASIC) | \
			    BIT_ULL(FLOW_DISSECTOR_KEY_IPV4_ADDRS) | \
			    BIT_ULL(FLOW_DISSECTOR_KEY_PORTS))

static LIST_HEAD(stmmac_block_cb_list);

/* One field of @key under @mask, all of its bits: @field set. */
static int stmmac_flower_one(u32 src, u32 src_mask, u32 dst, u32 dst_mask,
			     u32 full, enum stmmac_l3l4_field field,
			     struct stmmac_l3l4 *rule)
{
	if (!src_mask == !dst_mask)
		return -EINVAL;
	if ((src_mask | dst_mask) != full)
		return -ERANGE;
	rule->field = src_mask ? field : field + 1;
	rule->value = src_mask ? src : dst;
	return 0;
}

static int stmmac_flower_ip(struct flow_rule *fr, struct stmmac_l3l4 *rule,
			    struct netlink_ext_ack *extack)
{
	struct flow_match_ipv4_addrs m;
	int ret;

	flow_rule_match_ipv4_addrs(fr, &m);
	ret = stmmac_flower_one(be32_to_cpu(m.key->src),
				be32_to_cpu(m.mask->src),
				be32_to_cpu(m.key->dst),
				be32_to_cpu(m.mask->dst), U32_MAX,
				STMMAC_L3L4_IP_SRC, rule);
	if (ret == -EINVAL)
		NL_SET_ERR_MSG_MOD(extack, "match one of src_ip and dst_ip");
	else if (ret)
		NL_SET_ERR_MSG_MOD(extack, "the IPv4 address takes all 32 bits (no prefix)");
	return ret;
}

static int stmmac_flower_ports(struct flow_rule *fr, struct stmmac_l3l4 *rule,
			       struct netlink_ext_ack *extack)
{
	struct flow_match_ports m;
	int ret;

	flow_rule_match_ports(fr, &m);
	ret = stmmac_flower_one(be16_to_cpu(m.key->src),
				be16_to_cpu(m.mask->src),
				be16_to_cpu(m.key->dst),
				be16_to_cpu(m.mask->dst), U16_MAX,
				STMMAC_L3L4_PORT_SRC, rule);
	if (ret == -EINVAL)
		NL_SET_ERR_MSG_MOD(extack, "match one of src_port and dst_port");
	else if (ret)
		NL_SET_ERR_MSG_MOD(extack, "the port takes all 16 bits (no range or mask)");
	return ret;
}

/* protocol ip, and ip_proto tcp or udp where a port is matched */
static int stmmac_flower_protos(struct flow_rule *fr, bool ports, bool *udp,
				struct netlink_ext_ack *extack)
{
	struct flow_match_basic b = {};
	bool given;
	u8 proto;

	if (flow_rule_match_key(fr, FLOW_DISSECTOR_KEY_BASIC))
		flow_rule_match_basic(fr, &b);
	if (!b.mask || b.mask->n_proto != htons(0xffff) ||
	    b.key->n_proto != htons(ETH_P_IP)) {
		NL_SET_ERR_MSG_MOD(extack, "only IPv4 frames are matched: protocol ip");
		return -EOPNOTSUPP;
	}
	/* the mask says whether ip_proto is matched: ip_proto 0 is one */
	given = b.mask->ip_proto;
	proto = b.mask->ip_proto == 0xff ? b.key->ip_proto : IPPROTO_RAW;
	if (ports && (!given ||
		      (proto != IPPROTO_TCP && proto != IPPROTO_UDP))) {
		NL_SET_ERR_MSG_MOD(extack, "a port rule needs ip_proto tcp or udp");
		return -EOPNOTSUPP;
	}
	if (!ports && given) {
		NL_SET_ERR_MSG_MOD(extack, "ip_proto alone is not matched: add a port");
		return -EOPNOTSUPP;
	}
	*udp = proto == IPPROTO_UDP;
	return 0;
}

static int stmmac_flower_action(struct flow_rule *fr,
				struct netlink_ext_ack *extack)
{
	const struct flow_action *a = &fr->action;

	if (!flow_action_basic_hw_stats_check(a, extack))
		return -EOPNOTSUPP;
	if (a->num_entries != 1 || a->entries[0].id != FLOW_ACTION_DROP) {
		NL_SET_ERR_MSG_MOD(extack, "the one action offloaded is drop");
		return -EOPNOTSUPP;
	}
	return 0;
}

/**
 * stmmac_flower_parse() - the L3/L4 filter rule for a tc flower rule
 * @cls: the rule, as tc offers it
 * @rule: filled in
 *
 * The rule matches IPv4 (protocol ip) and exactly one of src_ip, dst_ip
 * (all 32 bits), or src_port, dst_port (all 16 bits, with ip_proto tcp or
 * udp); its one action is drop.
 *
 * Return: 0, or -EOPNOTSUPP (or -EINVAL, -ERANGE for a bad field) with a
 * message in @cls's extack.
 */
int stmmac_flower_parse(struct flow_cls_offload *cls, struct stmmac_l3l4 *rule)
{
	struct netlink_ext_ack *extack = cls->common.extack;
	struct flow_rule *fr = flow_cls_offload_flow_rule(cls);
	u64 keys = fr->match.dissector->used_keys;
	bool ip = keys & BIT_ULL(FLOW_DISSECTOR_KEY_IPV4_ADDRS);
	bool ports = keys & BIT_ULL(FLOW_DISSECTOR_KEY_PORTS);
	struct flow_match_control c;
	int ret;

	if (keys & ~STMMAC_FLOWER_KEYS) {
		NL_SET_ERR_MSG_MOD(extack, "match one IPv4 address or TCP/UDP port, nothing else");
		return -EOPNOTSUPP;
	}
	if (keys & BIT_ULL(FLOW_DISSECTOR_KEY_CONTROL)) {
		flow_rule_match_control(fr, &c);
		if (c.mask->flags) {
			NL_SET_ERR_MSG_MOD(extack, "IP fragment flags are not matched");
			return -EOPNOTSUPP;
		}
	}
	if (ip == ports) {
		NL_SET_ERR_MSG_MOD(extack, "match one IPv4 address or one TCP/UDP port");
		return -EOPNOTSUPP;
	}
	ret = stmmac_flower_protos(fr, ports, &rule->udp, extack);
	if (!ret)
		ret = ip ? stmmac_flower_ip(fr, rule, extack) :
			   stmmac_flower_ports(fr, rule, extack);
	if (!ret)
		ret = stmmac_flower_action(fr, extack);
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(stmmac_flower_parse);

/* The filters on or off in MAC_Packet_Filter (set_filter), while running */
static void stmmac_flower_switch(struct stmmac_priv *priv, bool on)
{
	netif_addr_lock_bh(priv->dev);
	priv->flower.on = on;
	if (priv->running)
		priv->hw->set_filter(priv, priv->dev);
	netif_addr_unlock_bh(priv->dev);
}

/* The rule goes into filter 0 before the filters come on; nothing changes
 * if the core does not take it.
 */
static int stmmac_flower_replace(struct stmmac_priv *priv,
				 struct flow_cls_offload *cls)
{
	struct stmmac_flower *fl = &priv->flower;
	struct stmmac_l3l4 rule = {};
	int ret;

	if (!priv->caps.l3l4_filters || !priv->hw->set_l3l4) {
		NL_SET_ERR_MSG_MOD(cls->common.extack, "the core has no L3/L4 filters");
		return -EOPNOTSUPP;
	}
	ret = stmmac_flower_parse(cls, &rule);
	if (ret)
		return ret;
	if (fl->on && fl->cookie != cls->cookie) {
		NL_SET_ERR_MSG_MOD(cls->common.extack,
				   "one rule is offloaded at a time: delete the other first");
		return -EBUSY;
	}
	if (priv->running) {
		ret = priv->hw->set_l3l4(priv, 0, &rule);
		if (ret) {
			NL_SET_ERR_MSG_MOD(cls->common.extack,
					   "the core did not take the L3/L4 filter");
			/* filter 0 half written: the old rule back, or none */
			if (fl->on && priv->hw->set_l3l4(priv, 0, &fl->rule)) {
				netdev_err(priv->dev, "L3/L4 filter 0 half written: the filters are off\n");
				stmmac_flower_switch(priv, false);
			}
			return ret;
		}
	}
	fl->cookie = cls->cookie;
	fl->rule = rule;
	stmmac_flower_switch(priv, true);
	return 0;
}

/* The filters go off before the rule leaves filter 0. */
static int stmmac_flower_destroy(struct stmmac_priv *priv,
				 struct flow_cls_offload *cls)
{
	struct stmmac_flower *fl = &priv->flower;

	if (!fl->on || fl->cookie != cls->cookie)
		return -ENOENT;
	stmmac_flower_switch(priv, false);
	fl->cookie = 0;
	if (priv->running && priv->hw->set_l3l4(priv, 0, NULL))
		netdev_err(priv->dev, "L3/L4 filter 0 not cleared (the filters are off)\n");
	/* an hw-tc-offload off that waited for the rule (ndo_fix_features) */
	netdev_update_features(priv->dev);
	return 0;
}

static int stmmac_flower_cb(enum tc_setup_type type, void *type_data,
			    void *cb_priv)
{
	struct stmmac_priv *priv = cb_priv;
	struct flow_cls_offload *cls = type_data;

	ASSERT_RTNL();
	if (type != TC_SETUP_CLSFLOWER)
		return -EOPNOTSUPP;
	if (!tc_cls_can_offload_and_chain0(priv->dev, &cls->common))
		return -EOPNOTSUPP;
	switch (cls->command) {
	case FLOW_CLS_REPLACE:
		return stmmac_flower_replace(priv, cls);
	case FLOW_CLS_DESTROY:
		return stmmac_flower_destroy(priv, cls);
	default:
		/* no per-rule counters: the core counts no dropped frame */
		return -EOPNOTSUPP;
	}
}

/**
 * stmmac_flower_block() - bind or unbind a clsact ingress block
 * @priv: the device
 * @f: the block
 *
 * Return: 0, -EOPNOTSUPP for another block or a core without L3/L4
 * filters, -EBUSY if bound already.
 */
int stmmac_flower_block(struct stmmac_priv *priv, struct flow_block_offload *f)
{
	if (!priv->caps.l3l4_filters || !priv->hw->set_l3l4)
		return -EOPNOTSUPP;
	return flow_block_cb_setup_simple(f, &stmmac_block_cb_list,
					  stmmac_flower_cb, priv, priv, true);
}

/**
 * stmmac_flower_restore() - program the offloaded rule after a reset
 * @priv: the device, its core just reset; set_filter switches the filters
 *	on next
 *
 * Context: RTNL held, may sleep.
 */
void stmmac_flower_restore(struct stmmac_priv *priv)
{
	struct stmmac_flower *fl = &priv->flower;

	if (!fl->on || !priv->hw->set_l3l4)
		return;
	if (priv->hw->set_l3l4(priv, 0, &fl->rule)) {
		netdev_err(priv->dev, "L3/L4 filter not written: its tc flower rule dropped\n");
		netif_addr_lock_bh(priv->dev);
		fl->on = false;
		netif_addr_unlock_bh(priv->dev);
	}
}

/**
 * stmmac_flower_busy() - whether hw-tc-offload must stay on now
 * @priv: the device
 * @features: the features asked for
 *
 * tc does not take the rules back when the feature goes: the rule would
 * stay in the filter, out of tc's reach.
 *
 * Return: true if @features turns NETIF_F_HW_TC off with a rule offloaded
 * (ndo_fix_features keeps it on).
 */
bool stmmac_flower_busy(struct stmmac_priv *priv, netdev_features_t features)
{
	return priv->flower.on && !(features & NETIF_F_HW_TC);
}
