// SPDX-License-Identifier: GPL-2.0-only
/*
 * What the model of xgmac_model.c reads in a frame's bytes: its headers,
 * its checksums (computed for insertion and for the RX verdict) and its
 * VLAN tags; no state of the model.
 */

#include <linux/bitfield.h>
#include <linux/if_ether.h>
#include <linux/if_vlan.h>
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/tcp.h>
#include <linux/udp.h>
#include <net/checksum.h>
#include <net/ip6_checksum.h>
#include <linux/unaligned.h>

#include "xgmac_model_frame.h"
#include "xgmac_model_regs.h"

bool xgm_parse(const u8 *f, u32 len, struct xgm_hdrs *h)
{
	u32 off = 12, ihl;
	u16 type;

	if (len < ETH_HLEN)
		return false;
	type = get_unaligned_be16(f + off);
	if (type == ETH_P_8021Q) {
		off += 4;
		if (len < off + 2)
			return false;
		type = get_unaligned_be16(f + off);
	}
	h->l3 = off + 2;
	if (type == ETH_P_IP) {
		if (len < h->l3 + sizeof(struct iphdr))
			return false;
		ihl = (f[h->l3] & 0xf) * 4;
		if (ihl < sizeof(struct iphdr) || len < h->l3 + ihl)
			return false;
		h->v6 = false;
		h->proto = f[h->l3 + 9];
		h->l4 = h->l3 + ihl;
		return true;
	}
	if (type == ETH_P_IPV6) {
		if (len < h->l3 + sizeof(struct ipv6hdr))
			return false;
		h->v6 = true;
		h->proto = f[h->l3 + 6];
		h->l4 = h->l3 + sizeof(struct ipv6hdr);
		return true;
	}
	return false;
}

/* The L4 length as the IP header says, 0 if it does not fit the frame. */
u32 xgm_l4_len(const u8 *f, u32 len, const struct xgm_hdrs *h)
{
	u32 l4;

	if (h->v6)
		l4 = get_unaligned_be16(f + h->l3 + 4);
	else
		l4 = get_unaligned_be16(f + h->l3 + 2) - (h->l4 - h->l3);
	return h->l4 + l4 <= len ? l4 : 0;
}

/* Where the L4 checksum is in the L4 header, 0 for no TCP or UDP */
u32 xgm_csum_field(u8 proto)
{
	if (proto == IPPROTO_TCP)
		return offsetof(struct tcphdr, check);
	if (proto == IPPROTO_UDP)
		return offsetof(struct udphdr, check);
	return 0;
}

/* The L4 checksum with its pseudo-header: 0 over a correct segment. */
__sum16 xgm_l4_sum(const u8 *f, const struct xgm_hdrs *h, u32 l4len)
{
	__wsum sum = csum_partial(f + h->l4, l4len, 0);

	if (h->v6) {
		const struct ipv6hdr *ip6 = (const void *)(f + h->l3);

		return csum_ipv6_magic(&ip6->saddr, &ip6->daddr, l4len,
				       h->proto, sum);
	}
	return csum_tcpudp_magic(get_unaligned((__be32 *)(f + h->l3 + 12)),
				 get_unaligned((__be32 *)(f + h->l3 + 16)),
				 l4len, h->proto, sum);
}

/* The IPv4 header checksum, written */
void xgm_ip4_sum(u8 *f, const struct xgm_hdrs *h)
{
	struct iphdr *ip = (void *)(f + h->l3);

	ip->check = 0;
	ip->check = ip_fast_csum(ip, ip->ihl);
}

/* Checksum insertion control: 1 the IPv4 header, 2 also the TCP/UDP
 * checksum over the segment as it is (the field holding the pseudo-header
 * sum), 3 the same with the pseudo-header computed here.
 */
void xgm_csum_insert(u8 *f, u32 len, u32 cic)
{
	struct xgm_hdrs h;
	u32 l4len, field;
	__sum16 sum;

	if (!cic || !xgm_parse(f, len, &h))
		return;
	if (!h.v6)
		xgm_ip4_sum(f, &h);
	field = xgm_csum_field(h.proto);
	l4len = xgm_l4_len(f, len, &h);
	if (cic < 2 || !field || l4len < field + 2)
		return;
	if (cic == 3) {
		put_unaligned(0, (__sum16 *)(f + h.l4 + field));
		sum = xgm_l4_sum(f, &h, l4len);
	} else {
		sum = csum_fold(csum_partial(f + h.l4, l4len, 0));
	}
	if (h.proto == IPPROTO_UDP && !sum)
		sum = CSUM_MANGLED_0;
	put_unaligned(sum, (__sum16 *)(f + h.l4 + field));
}

/* RDES3's checksum verdict on a received frame (L34T, and ES with the
 * error type for a bad IP header or L4 checksum)
 */
u32 xgm_rx_csum_status(const u8 *f, u32 len)
{
	struct xgm_hdrs h;
	u32 l34t = 0, l4len;

	if (!xgm_parse(f, len, &h))
		return 0;
	if (h.proto == IPPROTO_TCP)
		l34t = h.v6 ? L34T_IP6_TCP : L34T_IP4_TCP;
	else if (h.proto == IPPROTO_UDP)
		l34t = h.v6 ? L34T_IP6_UDP : L34T_IP4_UDP;
	if (!h.v6 && ip_fast_csum(f + h.l3, f[h.l3] & 0xf))
		return RDES3_ES | FIELD_PREP(RDES3_ET, ET_IP_HDR);
	l4len = xgm_l4_len(f, len, &h);
	if (!l34t || !l4len)
		return FIELD_PREP(RDES3_L34T, l34t);
	/* A UDP checksum of 0 over IPv4: none was computed. */
	if (h.proto == IPPROTO_UDP && !h.v6 &&
	    !get_unaligned((u16 *)(f + h.l4 + 6)))
		return FIELD_PREP(RDES3_L34T, l34t);
	if (xgm_l4_sum(f, &h, l4len))
		return FIELD_PREP(RDES3_L34T, l34t) | RDES3_ES |
		       FIELD_PREP(RDES3_ET, ET_L4_CSUM);
	return FIELD_PREP(RDES3_L34T, l34t);
}

/* A tagged frame's length/type, whatever the MAC strips: 9 one C-tag, 10
 * and 12 a C- or S-tag inside it; 8, 13 and 11 the same under an S-tag
 * (upstream's names); << 16, with the outer tag's TCI. 0 untagged.
 */
u32 xgm_vlan_kind(const u8 *f, u32 len)
{
	u16 outer, inner;
	bool c;
	u32 lt;

	if (len < ETH_HLEN + VLAN_HLEN)
		return 0;
	outer = get_unaligned_be16(f + 2 * ETH_ALEN);
	inner = get_unaligned_be16(f + ETH_HLEN + 2);
	if (outer != ETH_P_8021Q && outer != ETH_P_8021AD)
		return 0;
	c = outer == ETH_P_8021Q;
	lt = c ? 9 : 8;
	if (inner == ETH_P_8021Q)
		lt = c ? 10 : 13;
	if (inner == ETH_P_8021AD)
		lt = c ? 12 : 11;
	return lt << 16 | get_unaligned_be16(f + ETH_HLEN);
}
