// SPDX-License-Identifier: GPL-2.0-only
/*
 * The L3/L4 filters of the model of xgmac_model.c: their registers,
 * reached through MAC_L3_L4_Address_Control (0xc00) and MAC_L3_L4_Data
 * (0xc04), and their verdict on the frames the receiver gets while
 * MAC_Packet_Filter's IPFE is set.
 *
 * How the fields of a filter and the filters combine is our reading; the
 * databook we have lists the bits, not the logic. An enabled field (its M
 * bit) holds when its comparison does, inverted by its IM bit; a filter,
 * enabled by any field, passes a frame when every enabled field of it
 * holds; an IP frame passes when one enabled filter passes it, or when
 * none is enabled; other frames pass. A filter with L3PEN clear is an
 * IPv4 filter: its fields, addresses and ports, compare on IPv4 frames
 * only (IPv6 filters, L3PEN set, are not modelled and compare on
 * nothing), its ports on segments of its protocol only (L4PEN: UDP, else
 * TCP). A field that does not apply to a frame does not match it, so
 * that an inverse one holds. A test may make the accesses never complete
 * (&xgm_model.l3l4_stuck).
 */

#include <linux/bitfield.h>
#include <linux/if_ether.h>
#include <linux/in.h>
#include <linux/unaligned.h>

#include "xgmac_model.h"
#include "xgmac_model_frame.h"
#include "xgmac_model_regs.h"

static u32 l3l4_rd(struct xgm_model *m, u32 off)
{
	return READ_ONCE(m->regs[off / 4]);
}

/**
 * xgm_l3l4_filters() - the L3/L4 filters of the core
 * @m: the model
 *
 * Return: how many &xgm_model.l3l4fnum gives (0-7 that many; 8, 9, 10: 8,
 * 16, 32), 0 for none.
 */
u32 xgm_l3l4_filters(const struct xgm_model *m)
{
	u32 code = m->l3l4fnum;

	return code < 8 ? code : 8U << min(code - 8, 2U);
}

/**
 * xgm_l3l4_access() - complete an access the driver started (XB)
 * @m: the model, its lock held; at its service, once per jiffy
 *
 * A write stores MAC_L3_L4_Data into the register IDDR names, a read (TT)
 * the other way; a filter or register the core does not have is neither.
 */
void xgm_l3l4_access(struct xgm_model *m)
{
	u32 ctrl = l3l4_rd(m, R_L3L4_ADDR), iddr = FIELD_GET(L3L4_IDDR, ctrl);
	u32 n = iddr >> 4, reg = iddr & 0xf;

	if (!(ctrl & L3L4_XB) || m->l3l4_stuck)
		return;
	if (n < xgm_l3l4_filters(m) && reg < XGM_L3L4_REGS) {
		if (ctrl & L3L4_TT)
			WRITE_ONCE(m->regs[R_L3L4_DATA / 4], m->l3l4[n][reg]);
		else
			m->l3l4[n][reg] = l3l4_rd(m, R_L3L4_DATA);
	}
	WRITE_ONCE(m->regs[R_L3L4_ADDR / 4], ctrl & ~L3L4_XB);
}

/* One field: enabled by @m_bit; its comparison @hit, inverted by @im_bit.
 * Return: -1 not enabled, else whether it holds.
 */
static int l3l4_field(u32 ctrl, u32 m_bit, u32 im_bit, bool hit)
{
	if (!(ctrl & m_bit))
		return -1;
	return hit != !!(ctrl & im_bit);
}

/* Filter @r's verdict: -1 not enabled, else whether it passes the frame */
static int l3l4_filter(const u32 *r, const u8 *f, const struct xgm_hdrs *h,
		       bool ports)
{
	bool v4 = !h->v6 && !(r[0] & L3L4_CTRL_L3PEN);
	u8 proto = r[0] & L3L4_CTRL_L4PEN ? IPPROTO_UDP : IPPROTO_TCP;
	bool l4 = v4 && ports && h->proto == proto;
	int v[4], i, on = -1;

	v[0] = l3l4_field(r[0], L3L4_CTRL_L3SAM, L3L4_CTRL_L3SAIM,
			  v4 && get_unaligned_be32(f + h->l3 + 12) == r[4]);
	v[1] = l3l4_field(r[0], L3L4_CTRL_L3DAM, L3L4_CTRL_L3DAIM,
			  v4 && get_unaligned_be32(f + h->l3 + 16) == r[5]);
	v[2] = l3l4_field(r[0], L3L4_CTRL_L4SPM, L3L4_CTRL_L4SPIM,
			  l4 && get_unaligned_be16(f + h->l4) ==
			  (r[1] & 0xffff));
	v[3] = l3l4_field(r[0], L3L4_CTRL_L4DPM, L3L4_CTRL_L4DPIM,
			  l4 && get_unaligned_be16(f + h->l4 + 2) ==
			  r[1] >> 16);
	for (i = 0; i < 4; i++) {
		if (v[i] == 0)
			return 0;
		if (v[i] == 1)
			on = 1;
	}
	return on;
}

/**
 * xgm_l3l4_pass() - the L3/L4 filters' verdict on a received frame
 * @m: the model, its lock held
 * @frame: the frame, from its Ethernet header on
 * @len: its length
 *
 * Return: true if the receiver keeps it.
 */
bool xgm_l3l4_pass(struct xgm_model *m, const u8 *frame, u32 len)
{
	bool any = false, ports;
	struct xgm_hdrs h;
	u32 i;
	int v;

	if (!(l3l4_rd(m, R_PKT_FILTER) & PKT_FILTER_IPFE) ||
	    !xgm_parse(frame, len, &h))
		return true;
	ports = h.l4 + 4 <= len &&
		(h.proto == IPPROTO_TCP || h.proto == IPPROTO_UDP);
	for (i = 0; i < xgm_l3l4_filters(m); i++) {
		v = l3l4_filter(m->l3l4[i], frame, &h, ports);
		if (v == 1)
			return true;
		any |= v == 0;
	}
	return !any;
}
