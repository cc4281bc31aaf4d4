// SPDX-License-Identifier: GPL-2.0-only
/*
 * tc flower on the XGMAC's L3/L4 filters, through the real driver on the
 * model of xgmac_model.c: the rules tc hands over (a clsact ingress block
 * bound through ndo_setup_tc, its callback called as tc calls it, under
 * RTNL), the filter registers against the databook's offsets and bits
 * written as literals, and frames sent through the port and looped back by
 * the model, whose receiver drops what the filters do not pass (our
 * reading of the databook: xgmac_model_l3l4.c).
 */

#include <kunit/test.h>
#include <linux/etherdevice.h>
#include <linux/in.h>
#include <linux/netdevice.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <linux/skbuff.h>
#include <linux/unaligned.h>
#include <net/flow_offload.h>
#include <net/pkt_cls.h>

#include "../stmmac.h"
#include "data_harness.h"
#include "xgmac_case.h"

/* The databook's registers and bits, as literals */
#define XF_PKT_FILTER	0x0008
#define XF_IPFE		0x00100000u	/* bit 20 */
/* filter 0's control register: M and IM bits of one field */
#define XF_SA		0x0000000cu	/* L3SAM, L3SAIM: bits 2, 3 */
#define XF_DA		0x00000030u	/* L3DAM, L3DAIM: bits 4, 5 */
#define XF_SP		0x000c0000u	/* L4SPM, L4SPIM: bits 18, 19 */
#define XF_DP		0x00300000u	/* L4DPM, L4DPIM: bits 20, 21 */
#define XF_UDP		0x00010000u	/* L4PEN: bit 16 */
/* the frames dh_l4() builds: 10.0.0.<id> -> 192.168.0.1, TCP to port 80,
 * UDP to port 9, from port 1000 + id
 */
#define XF_DST		0xc0a80001u
#define XF_SRC(id)	(0x0a000000u | (id))
#define XF_SPORT(id)	(1000 + (id))
/* An EtherType of the IEEE's local experimental range */
#define XF_OTHER	0x88b5

static struct dh_suite xf_hs = {
	.name = "stmmac-xgm-flower-kunit",
	.ops = &xd_ops,
};

/**
 * struct xf_spec - a flower rule, as a user writes it
 * @n_proto: the rule's protocol (0: ETH_P_IP)
 * @ip_proto: its ip_proto, 0 for none
 * @proto0: ip_proto 0 (matched: the full mask, key 0)
 * @src: src_ip, host order
 * @src_mask: its mask, 0 if not matched
 * @dst: dst_ip
 * @dst_mask: its mask
 * @sport: src_port
 * @sport_mask: its mask
 * @dport: dst_port
 * @dport_mask: its mask
 * @frag: a mask of IP fragment flags
 * @vlan: a VLAN key too
 * @accept: its action is pass (FLOW_ACTION_ACCEPT), not drop
 */
struct xf_spec {
	u16 n_proto;
	u8 ip_proto;
	bool proto0;
	u32 src, src_mask, dst, dst_mask;
	u16 sport, sport_mask, dport, dport_mask;
	u32 frag;
	bool vlan;
	bool accept;
};

struct xf_keys {
	struct flow_dissector_key_control control;
	struct flow_dissector_key_basic basic;
	struct flow_dissector_key_ipv4_addrs ip;
	struct flow_dissector_key_ports ports;
	struct flow_dissector_key_vlan vlan;
};

struct xf_rule {
	struct flow_cls_offload cls;
	struct netlink_ext_ack ext;
	struct flow_dissector d;
	struct xf_keys key, mask;
};

static void xf_key(struct xf_rule *r, enum flow_dissector_key_id id,
		   size_t off)
{
	r->d.used_keys |= BIT_ULL(id);
	r->d.offset[id] = off;
}

/* tc's view of @s: the dissector flower sets up, keys and masks */
static struct flow_cls_offload *xf_rule(struct kunit *test,
					const struct xf_spec *s,
					unsigned long cookie)
{
	struct xf_rule *r = kunit_kzalloc(test, sizeof(*r), GFP_KERNEL);
	struct flow_rule *fr;

	KUNIT_ASSERT_NOT_NULL(test, r);
	fr = kunit_kzalloc(test, struct_size(fr, action.entries, 1),
			   GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, fr);
	xf_key(r, FLOW_DISSECTOR_KEY_CONTROL, offsetof(struct xf_keys, control));
	xf_key(r, FLOW_DISSECTOR_KEY_BASIC, offsetof(struct xf_keys, basic));
	r->key.basic.n_proto = htons(s->n_proto ?: ETH_P_IP);
	r->mask.basic.n_proto = htons(0xffff);
	r->key.basic.ip_proto = s->ip_proto;
	r->mask.basic.ip_proto = s->ip_proto || s->proto0 ? 0xff : 0;
	r->mask.control.flags = s->frag;
	if (s->src_mask || s->dst_mask) {
		xf_key(r, FLOW_DISSECTOR_KEY_IPV4_ADDRS,
		       offsetof(struct xf_keys, ip));
		r->key.ip.src = htonl(s->src);
		r->mask.ip.src = htonl(s->src_mask);
		r->key.ip.dst = htonl(s->dst);
		r->mask.ip.dst = htonl(s->dst_mask);
	}
	if (s->sport_mask || s->dport_mask) {
		xf_key(r, FLOW_DISSECTOR_KEY_PORTS,
		       offsetof(struct xf_keys, ports));
		r->key.ports.src = htons(s->sport);
		r->mask.ports.src = htons(s->sport_mask);
		r->key.ports.dst = htons(s->dport);
		r->mask.ports.dst = htons(s->dport_mask);
	}
	if (s->vlan)
		xf_key(r, FLOW_DISSECTOR_KEY_VLAN, offsetof(struct xf_keys, vlan));
	fr->match.dissector = &r->d;
	fr->match.key = &r->key;
	fr->match.mask = &r->mask;
	fr->action.num_entries = 1;
	fr->action.entries[0].id = s->accept ? FLOW_ACTION_ACCEPT :
					       FLOW_ACTION_DROP;
	fr->action.entries[0].hw_stats = FLOW_ACTION_HW_STATS_ANY;
	r->cls.rule = fr;
	r->cls.cookie = cookie;
	r->cls.command = FLOW_CLS_REPLACE;
	r->cls.common.protocol = htons(s->n_proto ?: ETH_P_IP);
	r->cls.common.extack = &r->ext;
	return &r->cls;
}

static const char *xf_msg(struct flow_cls_offload *cls)
{
	return cls->common.extack->_msg ?: "";
}

/* What stmmac_flower_parse() takes or refuses, and why */
static void xf_parse_test(struct kunit *test)
{
	static const struct {
		struct xf_spec s;
		int ret;
		const char *msg;
		enum stmmac_l3l4_field field;
		u32 value;
		bool udp;
	} c[] = {
		{ { .dst = 0xc0000201, .dst_mask = ~0u }, 0, NULL,
		  STMMAC_L3L4_IP_DST, 0xc0000201 },
		{ { .src = 0x0a000007, .src_mask = ~0u }, 0, NULL,
		  STMMAC_L3L4_IP_SRC, 0x0a000007 },
		{ { .ip_proto = IPPROTO_UDP, .dport = 53, .dport_mask = 0xffff },
		  0, NULL, STMMAC_L3L4_PORT_DST, 53, true },
		{ { .ip_proto = IPPROTO_TCP, .sport = 22, .sport_mask = 0xffff },
		  0, NULL, STMMAC_L3L4_PORT_SRC, 22 },
		{ { .dst = 0xc0000200, .dst_mask = 0xffffff00 }, -ERANGE,
		  "all 32 bits" },
		{ { .src = 1, .src_mask = ~0u, .dst = 2, .dst_mask = ~0u },
		  -EINVAL, "one of" },
		{ { .ip_proto = IPPROTO_UDP, .dport = 53, .dport_mask = 0xff00 },
		  -ERANGE, "all 16 bits" },
		{ { .ip_proto = IPPROTO_UDP, .sport = 1, .sport_mask = 0xffff,
		    .dport = 2, .dport_mask = 0xffff }, -EINVAL, "one of" },
		{ { .ip_proto = IPPROTO_TCP, .dst = 2, .dst_mask = ~0u,
		    .dport = 2, .dport_mask = 0xffff }, -EOPNOTSUPP,
		  "one IPv4 address or one" },
		{ { .dport = 2, .dport_mask = 0xffff }, -EOPNOTSUPP,
		  "needs ip_proto" },
		{ { .ip_proto = IPPROTO_ICMP, .dport = 2, .dport_mask = 0xffff },
		  -EOPNOTSUPP, "needs ip_proto" },
		{ { .ip_proto = IPPROTO_TCP, .dst = 2, .dst_mask = ~0u },
		  -EOPNOTSUPP, "ip_proto alone" },
		{ { .proto0 = true, .dst = 2, .dst_mask = ~0u }, -EOPNOTSUPP,
		  "ip_proto alone" },
		{ { .proto0 = true, .dport = 2, .dport_mask = 0xffff },
		  -EOPNOTSUPP, "needs ip_proto" },
		{ { .ip_proto = IPPROTO_TCP }, -EOPNOTSUPP,
		  "one IPv4 address or one" },
		{ { .n_proto = ETH_P_IPV6, .ip_proto = IPPROTO_UDP, .dport = 2,
		    .dport_mask = 0xffff }, -EOPNOTSUPP, "only IPv4" },
		{ { .dst = 2, .dst_mask = ~0u, .accept = true },
		  -EOPNOTSUPP, "action offloaded is drop" },
		{ { .dst = 2, .dst_mask = ~0u, .vlan = true }, -EOPNOTSUPP,
		  "nothing else" },
		{ { .dst = 2, .dst_mask = ~0u, .frag = 1 }, -EOPNOTSUPP,
		  "fragment" },
	};
	struct flow_cls_offload *cls;
	struct stmmac_l3l4 rule;
	int i, ret;

	for (i = 0; i < ARRAY_SIZE(c); i++) {
		memset(&rule, 0xa5, sizeof(rule));
		cls = xf_rule(test, &c[i].s, i + 1);
		ret = stmmac_flower_parse(cls, &rule);
		KUNIT_EXPECT_EQ_MSG(test, ret, c[i].ret, "rule %d: %s", i,
				    xf_msg(cls));
		if (c[i].msg) {
			KUNIT_EXPECT_NOT_NULL_MSG(test, strstr(xf_msg(cls), c[i].msg),
						  "rule %d: \"%s\"", i, xf_msg(cls));
			continue;
		}
		KUNIT_EXPECT_EQ_MSG(test, rule.field, c[i].field, "rule %d", i);
		KUNIT_EXPECT_EQ_MSG(test, rule.value, c[i].value, "rule %d", i);
		KUNIT_EXPECT_EQ_MSG(test, rule.udp, c[i].udp, "rule %d", i);
	}
}

/* A clsact ingress block bound to the port, as tc binds one */
struct xf_block {
	struct xd *t;
	struct flow_block block;
	struct flow_block_cb *cb;
};

static int xf_setup_block(struct xf_block *b, enum flow_block_command cmd,
			  struct list_head *got)
{
	struct flow_block_offload bo = {
		.command = cmd,
		.binder_type = FLOW_BLOCK_BINDER_TYPE_CLSACT_INGRESS,
		.block = &b->block,
		.net = dev_net(b->t->h.dev),
	};
	struct net_device *dev = b->t->h.dev;
	int ret;

	INIT_LIST_HEAD(&bo.cb_list);
	rtnl_lock();
	ret = dev->netdev_ops->ndo_setup_tc(dev, TC_SETUP_BLOCK, &bo);
	rtnl_unlock();
	list_splice(&bo.cb_list, got);
	return ret;
}

static void xf_unbind(void *data)
{
	struct xf_block *b = data;
	struct flow_block_cb *cb, *n;
	LIST_HEAD(gone);

	KUNIT_EXPECT_EQ(b->t->h.test,
			xf_setup_block(b, FLOW_BLOCK_UNBIND, &gone), 0);
	list_for_each_entry_safe(cb, n, &gone, list) {
		list_del(&cb->list);
		flow_block_cb_free(cb);
	}
}

static struct xf_block *xf_bind(struct xd *t)
{
	struct kunit *test = t->h.test;
	struct xf_block *b = kunit_kzalloc(test, sizeof(*b), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, b);
	b->t = t;
	INIT_LIST_HEAD(&b->block.cb_list);
	KUNIT_ASSERT_EQ(test, xf_setup_block(b, FLOW_BLOCK_BIND,
					     &b->block.cb_list), 0);
	b->cb = list_first_entry(&b->block.cb_list, struct flow_block_cb, list);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, xf_unbind, b), 0);
	return b;
}

/* tc's call of the block's callback, under RTNL */
static int xf_call(struct xf_block *b, struct flow_cls_offload *cls,
		   enum flow_cls_command cmd)
{
	int ret;

	cls->command = cmd;
	rtnl_lock();
	ret = b->cb->cb(TC_SETUP_CLSFLOWER, cls, b->cb->cb_priv);
	rtnl_unlock();
	return ret;
}

static struct xd *xf_probe(struct kunit *test, u32 l3l4fnum)
{
	const struct xd_core core = { .perch = true, .l3l4fnum = l3l4fnum };

	return xd_probe_core(test, &xf_hs, &core);
}

/* One 64-byte frame on TX queue 0, looped back by the model: an IPv4 (or
 * IPv6) TCP or UDP one of dh_l4() from port XF_SPORT(@id), or with @proto
 * 0 a frame of another EtherType.
 *
 * Return: whether it arrived; else the L3/L4 filters must have dropped it.
 */
static bool xf_passes(struct xd *t, u8 proto, bool v6, u32 id)
{
	u64 drops = t->m->st[0].rx_l3l4_drops;
	u32 l4 = ETH_HLEN + (v6 ? 40 : 20), got = 0;
	struct dh_rx *r, *n;
	struct sk_buff *skb;
	LIST_HEAD(rx);

	if (proto) {
		skb = dh_l4(&t->h, id, proto, v6, 64, NULL, NULL, 0, true);
		KUNIT_ASSERT_NOT_NULL(t->h.test, skb);
	} else {
		skb = alloc_skb(ETH_ZLEN, GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(t->h.test, skb);
		dh_l2(&t->h, skb_put_zero(skb, ETH_ZLEN), XF_OTHER);
		put_unaligned_be16(XF_SPORT(id), skb->data + l4);
		skb->protocol = htons(XF_OTHER);
	}
	skb_reset_mac_header(skb);
	skb->dev = t->h.dev;
	skb_set_queue_mapping(skb, 0);
	KUNIT_ASSERT_TRUE(t->h.test, dh_xmit(&t->h, skb, 0, false));
	dh_run(&t->h);

	spin_lock_bh(&t->h.lock);
	list_splice_init(&t->h.rx, &rx);
	spin_unlock_bh(&t->h.lock);
	list_for_each_entry_safe(r, n, &rx, node) {
		if (r->len >= l4 + 2 &&
		    get_unaligned_be16(r->data + l4) == XF_SPORT(id))
			got++;
		list_del(&r->node);
		kfree(r);
	}
	KUNIT_EXPECT_LE_MSG(t->h.test, got, 1u, "frame %u arrived twice", id);
	KUNIT_EXPECT_EQ_MSG(t->h.test, t->m->st[0].rx_l3l4_drops - drops,
			    got ? 0ull : 1ull,
			    "frame %u: neither dropped nor received", id);
	return got;
}

static bool xf_ipfe(struct xd *t)
{
	return xd_reg(t, XF_PKT_FILTER) & XF_IPFE;
}

/* Every frame passes: no rule in the filters, or the filters off */
static void xf_all_pass(struct xd *t)
{
	struct kunit *test = t->h.test;

	KUNIT_EXPECT_TRUE(test, xf_passes(t, IPPROTO_UDP, false, 1));
	KUNIT_EXPECT_TRUE(test, xf_passes(t, IPPROTO_TCP, false, 7));
	KUNIT_EXPECT_TRUE(test, xf_passes(t, IPPROTO_UDP, true, 3));
	KUNIT_EXPECT_TRUE(test, xf_passes(t, 0, false, 4));
}

/* The rules the cases offload */
static const struct xf_spec da = { .dst = XF_DST, .dst_mask = ~0u };
static const struct xf_spec sa7 = { .src = XF_SRC(7), .src_mask = ~0u };
static const struct xf_spec sa2 = { .src = XF_SRC(2), .src_mask = ~0u };
static const struct xf_spec udp_dp9 = {
	.ip_proto = IPPROTO_UDP, .dport = 9, .dport_mask = 0xffff,
};

static const struct xf_spec tcp_sp5 = {
	.ip_proto = IPPROTO_TCP, .sport = XF_SPORT(5), .sport_mask = 0xffff,
};

static const struct xf_spec udp_sp4 = {
	.ip_proto = IPPROTO_UDP, .sport = XF_SPORT(4), .sport_mask = 0xffff,
};

/* Each kind of rule: filter 0's registers, what it drops, what it passes,
 * and everything back once it is deleted.
 */
static void xf_drop_test(struct kunit *test)
{
	struct xd *t = xf_probe(test, 8);
	struct flow_cls_offload *cls;
	struct xf_block *b;
	u32 *f0 = t->m->l3l4[0];

	KUNIT_EXPECT_EQ(test, t->h.priv->caps.l3l4_filters, 8u);
	KUNIT_EXPECT_TRUE(test, t->h.dev->features & NETIF_F_HW_TC);
	KUNIT_EXPECT_FALSE(test, t->h.dev->vlan_features & NETIF_F_HW_TC);
	b = xf_bind(t);
	xf_all_pass(t);

	cls = xf_rule(test, &da, 1);
	KUNIT_ASSERT_EQ_MSG(test, xf_call(b, cls, FLOW_CLS_REPLACE), 0,
			    "%s", xf_msg(cls));
	KUNIT_EXPECT_EQ(test, f0[0], XF_DA);
	KUNIT_EXPECT_EQ(test, f0[5], XF_DST);
	KUNIT_EXPECT_TRUE(test, xf_ipfe(t));
	KUNIT_EXPECT_FALSE(test, xf_passes(t, IPPROTO_UDP, false, 1));
	KUNIT_EXPECT_FALSE(test, xf_passes(t, IPPROTO_TCP, false, 2));
	KUNIT_EXPECT_TRUE(test, xf_passes(t, IPPROTO_UDP, true, 3));
	KUNIT_EXPECT_TRUE(test, xf_passes(t, 0, false, 4));
	KUNIT_EXPECT_EQ(test, xf_call(b, cls, FLOW_CLS_DESTROY), 0);
	KUNIT_EXPECT_EQ(test, f0[0], 0u);
	KUNIT_EXPECT_FALSE(test, xf_ipfe(t));
	xf_all_pass(t);

	cls = xf_rule(test, &sa7, 2);
	KUNIT_ASSERT_EQ(test, xf_call(b, cls, FLOW_CLS_REPLACE), 0);
	KUNIT_EXPECT_EQ(test, f0[0], XF_SA);
	KUNIT_EXPECT_EQ(test, f0[4], XF_SRC(7));
	KUNIT_EXPECT_FALSE(test, xf_passes(t, IPPROTO_UDP, false, 7));
	KUNIT_EXPECT_TRUE(test, xf_passes(t, IPPROTO_UDP, false, 8));
	KUNIT_EXPECT_EQ(test, xf_call(b, cls, FLOW_CLS_DESTROY), 0);

	cls = xf_rule(test, &udp_dp9, 3);
	KUNIT_ASSERT_EQ(test, xf_call(b, cls, FLOW_CLS_REPLACE), 0);
	KUNIT_EXPECT_EQ(test, f0[0], XF_DP | XF_UDP);
	KUNIT_EXPECT_EQ(test, f0[1] >> 16, 9u);
	KUNIT_EXPECT_FALSE(test, xf_passes(t, IPPROTO_UDP, false, 3));
	KUNIT_EXPECT_TRUE(test, xf_passes(t, IPPROTO_TCP, false, 3));
	/* protocol ip: an IPv6 datagram to the port is not the rule's */
	KUNIT_EXPECT_TRUE(test, xf_passes(t, IPPROTO_UDP, true, 3));
	KUNIT_EXPECT_EQ(test, xf_call(b, cls, FLOW_CLS_DESTROY), 0);

	cls = xf_rule(test, &tcp_sp5, 4);
	KUNIT_ASSERT_EQ(test, xf_call(b, cls, FLOW_CLS_REPLACE), 0);
	KUNIT_EXPECT_EQ(test, f0[0], XF_SP);
	KUNIT_EXPECT_EQ(test, f0[1] & 0xffff, XF_SPORT(5));
	KUNIT_EXPECT_FALSE(test, xf_passes(t, IPPROTO_TCP, false, 5));
	KUNIT_EXPECT_TRUE(test, xf_passes(t, IPPROTO_TCP, false, 6));
	KUNIT_EXPECT_TRUE(test, xf_passes(t, IPPROTO_UDP, false, 5));
	KUNIT_EXPECT_EQ(test, xf_call(b, cls, FLOW_CLS_DESTROY), 0);
	KUNIT_EXPECT_FALSE(test, xf_ipfe(t));
	xf_all_pass(t);
	xd_check_clean(t);
}

/* What is refused, with no state changed: a second rule, tc's other
 * commands, an unknown rule, hw-tc-offload going off under a rule, a rule
 * with it off, another chain, and a rule the core does not take.
 */
static void xf_limits_test(struct kunit *test)
{
	struct xd *t = xf_probe(test, 1);
	struct flow_cls_offload *one, *two;
	struct xf_block *b = xf_bind(t);
	struct net_device *dev = t->h.dev;

	one = xf_rule(test, &da, 1);
	two = xf_rule(test, &sa2, 2);
	KUNIT_ASSERT_EQ(test, xf_call(b, one, FLOW_CLS_REPLACE), 0);
	KUNIT_EXPECT_EQ(test, xf_call(b, two, FLOW_CLS_REPLACE), -EBUSY);
	KUNIT_EXPECT_NOT_NULL(test, strstr(xf_msg(two), "one rule"));
	KUNIT_EXPECT_EQ(test, t->m->l3l4[0][0], XF_DA);
	KUNIT_EXPECT_EQ(test, xf_call(b, two, FLOW_CLS_DESTROY), -ENOENT);
	KUNIT_EXPECT_EQ(test, xf_call(b, one, FLOW_CLS_STATS), -EOPNOTSUPP);
	KUNIT_EXPECT_FALSE(test, xf_passes(t, IPPROTO_UDP, false, 1));

	/* hw-tc-offload stays on under the rule, other features still move,
	 * and it goes off with the rule
	 */
	rtnl_lock();
	dev->wanted_features &= ~NETIF_F_HW_TC;
	netdev_update_features(dev);
	rtnl_unlock();
	KUNIT_EXPECT_TRUE(test, dev->features & NETIF_F_HW_TC);
	KUNIT_EXPECT_FALSE(test, xf_passes(t, IPPROTO_UDP, false, 2));
	rtnl_lock();
	dev->wanted_features &= ~NETIF_F_HW_VLAN_CTAG_RX;
	netdev_update_features(dev);
	rtnl_unlock();
	KUNIT_EXPECT_FALSE(test, dev->features & NETIF_F_HW_VLAN_CTAG_RX);
	rtnl_lock();
	dev->wanted_features |= NETIF_F_HW_VLAN_CTAG_RX;
	netdev_update_features(dev);
	rtnl_unlock();
	KUNIT_EXPECT_TRUE(test, dev->features & NETIF_F_HW_VLAN_CTAG_RX);
	KUNIT_EXPECT_EQ(test, xf_call(b, one, FLOW_CLS_DESTROY), 0);
	KUNIT_EXPECT_FALSE(test, dev->features & NETIF_F_HW_TC);
	KUNIT_EXPECT_EQ(test, xf_call(b, one, FLOW_CLS_REPLACE), -EOPNOTSUPP);
	KUNIT_EXPECT_FALSE(test, t->h.priv->flower.on);
	rtnl_lock();
	dev->wanted_features |= NETIF_F_HW_TC;
	netdev_update_features(dev);
	rtnl_unlock();

	one->common.chain_index = 1;
	KUNIT_EXPECT_EQ(test, xf_call(b, one, FLOW_CLS_REPLACE), -EOPNOTSUPP);
	one->common.chain_index = 0;

	/* a core whose access never completes: nothing taken */
	t->m->l3l4_stuck = true;
	KUNIT_EXPECT_EQ(test, xf_call(b, one, FLOW_CLS_REPLACE), -ETIMEDOUT);
	KUNIT_EXPECT_NOT_NULL(test, strstr(xf_msg(one), "did not take"));
	KUNIT_EXPECT_FALSE(test, t->h.priv->flower.on);
	KUNIT_EXPECT_FALSE(test, xf_ipfe(t));
	t->m->l3l4_stuck = false;
	dh_run(&t->h);
	xf_all_pass(t);
	xd_check_clean(t);
}

/* A core without L3/L4 filters offers none of it */
static void xf_none_test(struct kunit *test)
{
	struct xd *t = xf_probe(test, 0);
	struct xf_block b = { .t = t };
	LIST_HEAD(got);

	KUNIT_EXPECT_EQ(test, t->h.priv->caps.l3l4_filters, 0u);
	KUNIT_EXPECT_FALSE(test, t->h.dev->hw_features & NETIF_F_HW_TC);
	INIT_LIST_HEAD(&b.block.cb_list);
	KUNIT_EXPECT_EQ(test, xf_setup_block(&b, FLOW_BLOCK_BIND, &got),
			-EOPNOTSUPP);
	KUNIT_EXPECT_TRUE(test, list_empty(&got));
}

/* The rule outlives a restart (the reset clears the filters), and one
 * added or deleted while the port is down takes effect at its next start.
 */
static void xf_restart_test(struct kunit *test)
{
	struct xd *t = xf_probe(test, 2);
	struct xf_block *b = xf_bind(t);
	struct flow_cls_offload *cls;

	cls = xf_rule(test, &udp_sp4, 1);
	KUNIT_ASSERT_EQ(test, xf_call(b, cls, FLOW_CLS_REPLACE), 0);
	dh_close(&t->h);
	dh_open(&t->h);
	KUNIT_EXPECT_EQ(test, t->m->l3l4[0][0], XF_SP | XF_UDP);
	KUNIT_EXPECT_TRUE(test, xf_ipfe(t));
	KUNIT_EXPECT_FALSE(test, xf_passes(t, IPPROTO_UDP, false, 4));
	KUNIT_EXPECT_TRUE(test, xf_passes(t, IPPROTO_UDP, false, 5));

	dh_close(&t->h);
	KUNIT_EXPECT_EQ(test, xf_call(b, cls, FLOW_CLS_DESTROY), 0);
	cls = xf_rule(test, &da, 2);
	KUNIT_ASSERT_EQ(test, xf_call(b, cls, FLOW_CLS_REPLACE), 0);
	dh_open(&t->h);
	KUNIT_EXPECT_EQ(test, t->m->l3l4[0][0], XF_DA);
	KUNIT_EXPECT_FALSE(test, xf_passes(t, IPPROTO_UDP, false, 5));
	KUNIT_EXPECT_TRUE(test, xf_passes(t, 0, false, 5));

	dh_close(&t->h);
	KUNIT_EXPECT_EQ(test, xf_call(b, cls, FLOW_CLS_DESTROY), 0);
	dh_open(&t->h);
	KUNIT_EXPECT_EQ(test, t->m->l3l4[0][0], 0u);
	KUNIT_EXPECT_FALSE(test, xf_ipfe(t));
	xf_all_pass(t);
	xd_check_clean(t);
}

static int xf_suite_init(struct kunit_suite *suite)
{
	return dh_suite_init(&xf_hs);
}

static void xf_suite_exit(struct kunit_suite *suite)
{
	dh_suite_exit(&xf_hs);
}

static struct kunit_case xf_cases[] = {
	KUNIT_CASE(xf_parse_test),
	KUNIT_CASE(xf_drop_test),
	KUNIT_CASE(xf_limits_test),
	KUNIT_CASE(xf_none_test),
	KUNIT_CASE(xf_restart_test),
	{}
};

static struct kunit_suite xf_suite = {
	.name = "stmmac_xgmac_flower",
	.suite_init = xf_suite_init,
	.suite_exit = xf_suite_exit,
	.test_cases = xf_cases,
};

kunit_test_suite(xf_suite);
