// SPDX-License-Identifier: GPL-2.0-only
/*
 * A software model of the DesignWare GMAC 3.x DMA (see gmac_model.h).
 * Register offsets, bit fields and descriptor layouts are the databook's,
 * as upstream's dwmac1000.h, dwmac_dma.h, descs.h and common.h name them;
 * nothing here calls the driver or includes its headers.
 *
 * The register window is plain memory, so the model cannot see an access
 * when it happens. It looks at the registers whenever it runs (a step, a
 * sync, its service timer every jiffy) and infers what the driver did:
 *  - the DMA status register is write-one-to-clear: the model publishes
 *    it with a reserved bit (31) set, which the driver never writes; a
 *    value without it was written by the driver, and the event bits
 *    written are cleared. The process state fields (RS, TS) are the
 *    model's and are published with every value;
 *  - a poll demand is any write to its register: the model clears each
 *    one when it takes it;
 *  - start and stop of either DMA are edges of ST and SR;
 *  - the service timer completes a software reset, MDIO commands (no PHY
 *    answers: all ones) and the timestamp unit's commands.
 * Registers that clear on read (RMON, missed frames) cannot be modelled
 * that way and stay 0: the model never drops a frame the tests count.
 *
 * Rings are ring mode only: the DMA steps by the descriptor size, 16
 * bytes or 32 with the alternate size (DMA bus mode ATDS), from the list
 * base, and goes back to it after a descriptor with TER (TX) or RER (RX).
 * Nothing else bounds a ring: a driver that marks its end wrongly sends
 * the DMA past it, which the optional &gmm_model.ring_live catches before
 * the model touches memory that is not a descriptor.
 *
 * The RX status follows the core's build options (HW feature register):
 * RDES0 bit 0 says "extended status in RDES4" and bit 7 "timestamp in
 * RDES6/7" on a core with the advanced timestamp unit (bit 0 also with the
 * type 2 checksum engine); those words exist only with ATDS, which the
 * databook requires with either option. Without ATDS the model reports the
 * type 2 engine's verdict in RDES0 bits 5, 7 and 0 as the databook's table
 * for descriptors without extended status does, and has nowhere to put a
 * timestamp: none is written.
 */

#include <linux/bitfield.h>
#include <linux/crc32.h>
#include <linux/dma-direct.h>
#include <linux/etherdevice.h>
#include <linux/if_ether.h>
#include <linux/in.h>
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/mm.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/tcp.h>
#include <linux/udp.h>
#include <net/checksum.h>
#include <net/ip6_checksum.h>
#include <linux/unaligned.h>

#include "gmac_model.h"
#include "../stmmac_compat.h"

/* MAC */
#define R_MAC_CFG		0x0000
#define CFG_RE			BIT(2)
#define CFG_TE			BIT(3)
#define CFG_ACS			BIT(7)
#define CFG_IPC			BIT(10)
#define CFG_JE			BIT(20)
#define CFG_CST			BIT(25)
#define CFG_2K			BIT(27)
#define R_FILTER		0x0004
#define FLT_PR			BIT(0)
#define FLT_HUC			BIT(1)
#define FLT_HMC			BIT(2)
#define FLT_PM			BIT(4)
#define FLT_DBF			BIT(5)
#define FLT_RA			BIT(31)
#define R_MII_ADDR		0x0010
#define MII_BUSY		BIT(0)
#define MII_WRITE		BIT(1)
#define R_MII_DATA		0x0014
#define R_VERSION		0x0020
#define R_ADDR0_HI		0x0040
#define R_ADDR0_LO		0x0044
/* The timestamping unit */
#define R_TS_CTRL		0x0700
#define TS_ENA			BIT(0)
#define TS_INIT			BIT(2)
#define TS_UPDT			BIT(3)
#define TS_ADDREG		BIT(5)
#define TS_ALL			BIT(8)
#define TS_DIGITAL		BIT(9)
#define TS_V2			BIT(10)
#define TS_L2			BIT(11)
#define TS_IPV6			BIT(12)
#define TS_IPV4			BIT(13)
#define TS_EVENT		BIT(14)
#define TS_MASTER		BIT(15)
#define TS_SNAPTYP		GENMASK(17, 16)
#define TS_CMDS			(TS_INIT | TS_UPDT | TS_ADDREG)
#define R_TS_SEC		0x0708
#define R_TS_NSEC		0x070c
#define R_TS_SEC_UPD		0x0710
#define R_TS_NSEC_UPD		0x0714
#define TS_NSEC_SUB		BIT(31)
#define TS_NSEC_MASK		GENMASK(30, 0)
/* DMA */
#define R_BUS			0x1000
#define BUS_SWR			BIT(0)
#define BUS_DSL			GENMASK(6, 2)
#define BUS_ATDS		BIT(7)
#define R_TX_POLL		0x1004
#define R_RX_POLL		0x1008
#define R_RX_BASE		0x100c
#define R_TX_BASE		0x1010
#define R_STATUS		0x1014
#define ST_TI			BIT(0)
#define ST_TPS			BIT(1)
#define ST_TU			BIT(2)
#define ST_RI			BIT(6)
#define ST_RU			BIT(7)
#define ST_RPS			BIT(8)
#define ST_FBI			BIT(13)
#define ST_AIS			BIT(15)
#define ST_NIS			BIT(16)
#define ST_RS			GENMASK(19, 17)
#define ST_TS			GENMASK(22, 20)
#define ST_W1C			GENMASK(16, 0)
#define ST_NORMAL		(ST_TI | ST_TU | ST_RI)
#define ST_ABNORMAL		(ST_TPS | ST_RU | ST_RPS | ST_FBI)
/* reserved: set in every value the model publishes */
#define ST_MARK			BIT(31)
/* process states: stopped 0; TX fetching 1, suspended 6; RX waiting 3,
 * suspended 4
 */
#define TS_RUN			1
#define TS_SUSP			6
#define RS_RUN			3
#define RS_SUSP			4
#define R_OP			0x1018
#define OP_SR			BIT(1)
#define OP_ST			BIT(13)
#define R_INT_EN		0x101c
#define IE_NIE			BIT(16)
#define IE_AIE			BIT(15)
#define R_RIWT			0x1024
#define RIWT_MASK		GENMASK(7, 0)
#define R_CUR_TXD		0x1048
#define R_CUR_RXD		0x104c
#define R_HWF			0x1058
#define HWF_TS2			BIT(13)
#define HWF_RXCOE1		BIT(17)
#define HWF_RXCOE2		BIT(18)
#define HWF_ENH			BIT(24)

/* Descriptors */
#define D0_OWN			BIT(31)
/* normal TX: control in TDES1 */
#define NT1_TBS1		GENMASK(10, 0)
#define NT1_TBS2		GENMASK(21, 11)
#define NT1_TTSE		BIT(22)
#define NT1_DP			BIT(23)
#define NT1_TCH			BIT(24)
#define NT1_TER			BIT(25)
#define NT1_DC			BIT(26)
#define NT1_CIC			GENMASK(28, 27)
#define NT1_FS			BIT(29)
#define NT1_LS			BIT(30)
#define NT1_IC			BIT(31)
/* enhanced TX: control in TDES0 */
#define ET0_TTSS		BIT(17)
#define ET0_TCH			BIT(20)
#define ET0_TER			BIT(21)
#define ET0_CIC			GENMASK(23, 22)
#define ET0_TTSE		BIT(25)
#define ET0_DP			BIT(26)
#define ET0_DC			BIT(27)
#define ET0_FS			BIT(28)
#define ET0_LS			BIT(29)
#define ET0_IC			BIT(30)
#define ET0_CTRL		GENMASK(30, 18)
#define ET1_TBS1		GENMASK(12, 0)
#define ET1_TBS2		GENMASK(28, 16)
/* RX buffer sizes and control */
#define NR1_RBS1		GENMASK(10, 0)
#define NR1_RBS2		GENMASK(21, 11)
#define NR1_RCH			BIT(24)
#define NR1_RER			BIT(25)
#define ER1_RBS1		GENMASK(12, 0)
#define ER1_RCH			BIT(14)
#define ER1_RER			BIT(15)
#define ER1_RBS2		GENMASK(28, 16)
#define R1_DIC			BIT(31)
/* RDES0 write-back */
#define R0_B0			BIT(0)	/* ESA, or payload csum error */
#define R0_CE			BIT(1)
#define R0_FT			BIT(5)
#define R0_B7			BIT(7)	/* TSA, or header csum error, or giant */
#define R0_LS			BIT(8)
#define R0_FS			BIT(9)
#define R0_ES			BIT(15)
#define R0_FL			GENMASK(29, 16)
/* RDES4 */
#define R4_PT			GENMASK(2, 0)
#define R4_IPHE			BIT(3)
#define R4_IPPE			BIT(4)
#define R4_IPV4			BIT(6)
#define R4_IPV6			BIT(7)
#define R4_MSGT			GENMASK(11, 8)
#define R4_PTP_UDP		BIT(12)
#define R4_PTP_V2		BIT(13)
#define PT_UDP			1
#define PT_TCP			2
#define PT_ICMP			3
/* RDES4 message types */
#define MT_SYNC			1
#define MT_FOLLOW_UP		2
#define MT_DELAY_REQ		3
#define MT_DELAY_RESP		4
#define MT_PDELAY_REQ		5
#define MT_PDELAY_RESP		6
#define MT_PDELAY_FU		7

/* Frames start this far into model buffers: IP headers 4-byte aligned. */
#define GMM_PAD			2
/* The largest frame the TX side takes: a jumbo frame and then some. */
#define GMM_TX_BUF		SZ_16K
/* The driver's rings hold at most this many descriptors: beyond, a ring
 * without its end mark is the driver's bug, not a long ring.
 */
#define GMM_RING_MAX		4096

struct gmm_desc {
	__le32 des[8];
};

/* What the RX MAC found in a frame, as it arrived */
struct gmm_verdict {
	bool type;	/* Ethernet-type frame (length/type >= 0x600) */
	bool ip4;
	bool ip6;
	u8 pt;		/* payload type the engine knows, 0: none */
	bool iphe;
	bool ippe;
	bool crc;
	bool giant;
	bool csum_on;	/* the engine was on (IPC) */
	u32 ptp;	/* RDES4 PTP fields, 0 for other frames */
	bool ts;	/* the unit selected it for a stamp */
	u64 stamp;
};

/* A frame in the RX FIFO: FCS included, @data GMM_PAD in */
struct gmm_rx_frame {
	struct list_head node;
	u32 len;
	u32 done;	/* bytes the DMA already wrote into the ring */
	struct gmm_verdict v;
	u8 data[];
};

/* Where the headers of a frame are */
struct gmm_hdrs {
	u16 type;
	u32 l3;
	u32 l4;
	bool v6;
	u8 proto;
	bool frag;
};

static u32 rd(struct gmm_model *m, u32 off)
{
	return READ_ONCE(m->regs[off / 4]);
}

static void wr(struct gmm_model *m, u32 off, u32 val)
{
	WRITE_ONCE(m->regs[off / 4], val);
}

static bool gmm_enh(struct gmm_model *m)
{
	return rd(m, R_HWF) & HWF_ENH;
}

static bool gmm_atds(struct gmm_model *m)
{
	return rd(m, R_BUS) & BUS_ATDS;
}

static u32 gmm_stride(struct gmm_model *m)
{
	return gmm_atds(m) ? 32 : 16;
}

/* The kernel address of a DMA address, NULL if there is none to use. */
static void *gmm_va(struct gmm_model *m, u32 addr, u32 len)
{
	void *va = phys_to_virt(dma_to_phys(m->dev, addr));

	if (!virt_addr_valid(va) || !virt_addr_valid(va + max(len, 1U) - 1))
		return NULL;
	return va;
}

/* A descriptor the DMA may access: in the driver's ring, mapped. */
static struct gmm_desc *gmm_desc(struct gmm_model *m, bool tx, u32 addr)
{
	u32 len = gmm_stride(m);

	if (m->ring_live && !m->ring_live(m->ctx, tx, addr, len))
		return NULL;
	return gmm_va(m, addr, len);
}

static void gmm_raise(struct gmm_model *m, u32 bit)
{
	u32 en = rd(m, R_INT_EN);

	m->status |= bit;
	if (m->edge_irq && !(en & bit))
		m->quiet |= bit;
	else
		m->quiet &= ~bit;
	if (en & bit & ST_NORMAL)
		m->status |= ST_NIS;
	if (en & bit & ST_ABNORMAL)
		m->status |= ST_AIS;
}

/* The DMA met memory it must not touch: both processes stop until the
 * next software reset, as on a bus error.
 */
static void gmm_fatal(struct gmm_model *m)
{
	m->st.bad_desc++;
	m->tx.on = false;
	m->rx.on = false;
	gmm_raise(m, ST_FBI);
}

static void gmm_publish(struct gmm_model *m)
{
	u32 ts = 0, rs = 0;

	if (m->tx.on)
		ts = m->tx.suspended ? TS_SUSP : TS_RUN;
	if (m->rx.on)
		rs = m->rx.suspended ? RS_SUSP : RS_RUN;
	wr(m, R_STATUS, m->status | FIELD_PREP(ST_TS, ts) |
	   FIELD_PREP(ST_RS, rs) | ST_MARK);
	wr(m, R_CUR_TXD, m->tx.base + m->tx.cur * gmm_stride(m));
	wr(m, R_CUR_RXD, m->rx.base + m->rx.cur * gmm_stride(m));
}

/* The timestamp unit's time registers, in the unit's rollover mode. */
static void gmm_publish_time(struct gmm_model *m)
{
	u32 rem, sec = div_u64_rem(m->clock, NSEC_PER_SEC, &rem);

	if (!(rd(m, R_TS_CTRL) & TS_DIGITAL))
		rem = div_u64((u64)rem << 31, NSEC_PER_SEC);
	wr(m, R_TS_SEC, sec);
	wr(m, R_TS_NSEC, rem);
}

/* A stamp as descriptor words 6 (subseconds) and 7 (seconds). */
static void gmm_stamp_words(struct gmm_model *m, struct gmm_desc *d, u64 ns)
{
	u32 rem, sec = div_u64_rem(ns, NSEC_PER_SEC, &rem);

	if (!(rd(m, R_TS_CTRL) & TS_DIGITAL))
		rem = div_u64((u64)rem << 31, NSEC_PER_SEC);
	d->des[6] = cpu_to_le32(rem);
	d->des[7] = cpu_to_le32(sec);
}

static void gmm_rx_flush(struct gmm_rx *rx)
{
	struct gmm_rx_frame *f, *n;

	list_for_each_entry_safe(f, n, &rx->fifo, node) {
		list_del(&f->node);
		kfree(f);
	}
	rx->fifo_bytes = 0;
}

static void gmm_reset(struct gmm_model *m)
{
	u32 version = rd(m, R_VERSION), hwf = rd(m, R_HWF);

	memset(m->regs, 0, GMM_WINDOW);
	wr(m, R_VERSION, version);
	wr(m, R_HWF, hwf);
	/* reset values: PBL 1, RPBL 1; PTP over IPv4; address 0 all ones */
	wr(m, R_BUS, 0x00020100);
	wr(m, R_TS_CTRL, TS_IPV4);
	wr(m, R_ADDR0_HI, 0x8000ffff);
	wr(m, R_ADDR0_LO, 0xffffffff);
	m->status = 0;
	m->quiet = 0;
	m->tx.cur = 0;
	m->tx.on = false;
	m->tx.suspended = false;
	m->tx.base = 0;
	m->tx.len = 0;
	m->tx.in_frame = false;
	m->rx.cur = 0;
	m->rx.on = false;
	m->rx.suspended = false;
	m->rx.base = 0;
	m->rx.wd_pending = false;
	gmm_rx_flush(&m->rx);
	m->clock = 0;
	gmm_publish(m);
	gmm_publish_time(m);
}

/* A process starts where it stopped, unless its list base moved (a reset
 * also starts it over); a start fetches the current descriptor at once.
 */
static void gmm_edge(struct gmm_model *m, bool run, bool *on, bool *susp,
		     u32 base, u32 *cur_base, u32 *cur, u32 stopped)
{
	if (run && !*on) {
		if (base != *cur_base) {
			*cur_base = base;
			*cur = 0;
		}
		*on = true;
		*susp = false;
	} else if (!run && *on) {
		*on = false;
		gmm_raise(m, stopped);
	}
}

static void gmm_sync_locked(struct gmm_model *m)
{
	u32 v = rd(m, R_STATUS), op = rd(m, R_OP);

	if (!(v & ST_MARK)) {
		m->status &= ~(v & ST_W1C);
		m->quiet &= ~(v & ST_W1C);
	}
	if (rd(m, R_TX_POLL)) {
		wr(m, R_TX_POLL, 0);
		m->tx.suspended = false;
	}
	if (rd(m, R_RX_POLL)) {
		wr(m, R_RX_POLL, 0);
		m->rx.suspended = false;
	}
	/* After a fatal bus error only a reset starts the DMA again; a
	 * wedged DMA does what it did.
	 */
	if (!(m->status & ST_FBI) && !READ_ONCE(m->wedged)) {
		gmm_edge(m, op & OP_ST, &m->tx.on, &m->tx.suspended,
			 rd(m, R_TX_BASE), &m->tx.base, &m->tx.cur, ST_TPS);
		gmm_edge(m, op & OP_SR, &m->rx.on, &m->rx.suspended,
			 rd(m, R_RX_BASE), &m->rx.base, &m->rx.cur, ST_RPS);
	}
	if (!m->tx.on)
		m->tx.in_frame = false;
	gmm_publish(m);
}

/**
 * gmm_sync() - take in what the driver wrote to the status, poll demand
 *	and control registers since the model last looked
 * @m: the model
 */
void gmm_sync(struct gmm_model *m)
{
	unsigned long flags;

	spin_lock_irqsave(&m->lock, flags);
	gmm_sync_locked(m);
	spin_unlock_irqrestore(&m->lock, flags);
}

/* Frame parsing, for checksums and the timestamp filter */

static bool gmm_parse(const u8 *f, u32 len, struct gmm_hdrs *h)
{
	u32 off = 12, ihl;

	memset(h, 0, sizeof(*h));
	if (len < ETH_HLEN)
		return false;
	h->type = get_unaligned_be16(f + off);
	if (h->type == ETH_P_8021Q) {
		off += 4;
		if (len < off + 2)
			return false;
		h->type = get_unaligned_be16(f + off);
	}
	h->l3 = off + 2;
	if (h->type == ETH_P_IP) {
		if (len < h->l3 + sizeof(struct iphdr))
			return false;
		ihl = (f[h->l3] & 0xf) * 4;
		if (ihl < sizeof(struct iphdr) || len < h->l3 + ihl)
			return false;
		h->proto = f[h->l3 + 9];
		h->frag = get_unaligned_be16(f + h->l3 + 6) & 0x3fff;
		h->l4 = h->l3 + ihl;
		return true;
	}
	if (h->type == ETH_P_IPV6) {
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
static u32 gmm_l4_len(const u8 *f, u32 len, const struct gmm_hdrs *h)
{
	u32 l4;

	if (h->v6)
		l4 = get_unaligned_be16(f + h->l3 + 4);
	else
		l4 = get_unaligned_be16(f + h->l3 + 2) - (h->l4 - h->l3);
	return h->l4 + l4 <= len ? l4 : 0;
}

static u32 gmm_csum_field(u8 proto)
{
	if (proto == IPPROTO_TCP)
		return offsetof(struct tcphdr, check);
	if (proto == IPPROTO_UDP)
		return offsetof(struct udphdr, check);
	if (proto == IPPROTO_ICMP || proto == IPPROTO_ICMPV6)
		return 2;
	return 0;
}

/* The L4 checksum with its pseudo-header (none for ICMP over IPv4): 0
 * over a correct segment.
 */
static __sum16 gmm_l4_sum(const u8 *f, const struct gmm_hdrs *h, u32 l4len)
{
	__wsum sum = csum_partial(f + h->l4, l4len, 0);

	if (h->v6) {
		const struct ipv6hdr *ip6 = (const void *)(f + h->l3);

		return csum_ipv6_magic(&ip6->saddr, &ip6->daddr, l4len,
				       h->proto, sum);
	}
	if (h->proto == IPPROTO_ICMP)
		return csum_fold(sum);
	return csum_tcpudp_magic(get_unaligned((__be32 *)(f + h->l3 + 12)),
				 get_unaligned((__be32 *)(f + h->l3 + 16)),
				 l4len, h->proto, sum);
}

/* Checksum insertion control: 1 the IPv4 header, 2 also the TCP/UDP/ICMP
 * checksum over the segment as it is (the field holding the
 * pseudo-header sum), 3 the same with the pseudo-header computed here.
 * IPv4 fragments get their header checksum only.
 */
static void gmm_csum_insert(struct gmm_model *m, u8 *f, u32 len, u32 cic)
{
	struct gmm_hdrs h;
	u32 l4len, field;
	__sum16 sum;

	if (!cic || !gmm_parse(f, len, &h))
		return;
	if (!h.v6) {
		struct iphdr *ip = (void *)(f + h.l3);

		ip->check = 0;
		ip->check = ip_fast_csum(ip, ip->ihl);
	}
	field = gmm_csum_field(h.proto);
	l4len = gmm_l4_len(f, len, &h);
	if (cic < 2 || !field || h.frag || l4len < field + 2)
		return;
	if (cic == 3 || h.proto == IPPROTO_ICMP) {
		put_unaligned(0, (__sum16 *)(f + h.l4 + field));
		sum = gmm_l4_sum(f, &h, l4len);
	} else {
		sum = csum_fold(csum_partial(f + h.l4, l4len, 0));
	}
	if (h.proto == IPPROTO_UDP && !sum)
		sum = CSUM_MANGLED_0;
	put_unaligned(sum, (__sum16 *)(f + h.l4 + field));
	m->st.tx_csum++;
}

/* The type 2 engine's verdict on a received frame */
static void gmm_rx_csum(const u8 *f, u32 len, struct gmm_verdict *v)
{
	struct gmm_hdrs h;
	u32 l4len, field;

	if (!gmm_parse(f, len, &h))
		return;
	v->ip6 = h.v6;
	v->ip4 = !h.v6;
	if (v->ip4 && ip_fast_csum(f + h.l3, f[h.l3] & 0xf))
		v->iphe = true;
	if (h.proto == IPPROTO_TCP)
		v->pt = PT_TCP;
	else if (h.proto == IPPROTO_UDP)
		v->pt = PT_UDP;
	else if (h.proto == (h.v6 ? IPPROTO_ICMPV6 : IPPROTO_ICMP))
		v->pt = PT_ICMP;
	/* fragments: the header alone is checked */
	if (h.frag)
		v->pt = 0;
	if (!v->pt)
		return;
	field = gmm_csum_field(h.proto);
	l4len = gmm_l4_len(f, len, &h);
	if (l4len < field + 2) {
		v->ippe = true;
		return;
	}
	/* A UDP checksum of 0 over IPv4: the sender computed none. */
	if (h.proto == IPPROTO_UDP && !h.v6 &&
	    !get_unaligned((u16 *)(f + h.l4 + field)))
		return;
	v->ippe = gmm_l4_sum(f, &h, l4len) != 0;
}

/* The timestamp unit */

/* PTP message types (the header's low nibble, version 2; the control
 * field, version 1) as RDES4 numbers them.
 */
static u32 gmm_ptp_msgt(const u8 *msg, u32 len, bool v2)
{
	static const u8 v2t[16] = {
		[0] = MT_SYNC, [1] = MT_DELAY_REQ, [2] = MT_PDELAY_REQ,
		[3] = MT_PDELAY_RESP, [8] = MT_FOLLOW_UP, [9] = MT_DELAY_RESP,
		[10] = MT_PDELAY_FU, [11] = 8, [12] = 10, [13] = 9,
	};
	static const u8 v1t[4] = {
		MT_SYNC, MT_DELAY_REQ, MT_FOLLOW_UP, MT_DELAY_RESP,
	};

	if (v2)
		return v2t[msg[0] & 0xf] ?: 0xf;
	if (len < 33 || msg[32] > 3)
		return 0xf;
	return v1t[msg[32]];
}

/* Does the unit's filter (databook: "Timestamp Snapshot Dependency on
 * Register Bits") take a message of type @mt?
 */
static bool gmm_ptp_take(u32 ctrl, u32 mt)
{
	bool ev = ctrl & TS_EVENT, ms = ctrl & TS_MASTER;
	u32 set;

	switch (FIELD_GET(TS_SNAPTYP, ctrl)) {
	case 0:
		if (!ev)
			set = BIT(MT_SYNC) | BIT(MT_FOLLOW_UP) |
			      BIT(MT_DELAY_REQ) | BIT(MT_DELAY_RESP);
		else
			set = ms ? BIT(MT_DELAY_REQ) : BIT(MT_SYNC);
		break;
	case 1:
		if (!ev)
			set = BIT(MT_SYNC) | BIT(MT_FOLLOW_UP) |
			      BIT(MT_DELAY_REQ) | BIT(MT_DELAY_RESP) |
			      BIT(MT_PDELAY_REQ) | BIT(MT_PDELAY_RESP) |
			      BIT(MT_PDELAY_FU);
		else
			set = (ms ? BIT(MT_DELAY_REQ) : BIT(MT_SYNC)) |
			      BIT(MT_PDELAY_REQ) | BIT(MT_PDELAY_RESP);
		break;
	case 2:
		set = BIT(MT_SYNC) | BIT(MT_DELAY_REQ);
		break;
	default:
		set = BIT(MT_PDELAY_REQ) | BIT(MT_PDELAY_RESP);
		break;
	}
	return set & BIT(mt);
}

/* The RX side of the unit: RDES4's PTP fields, and whether to stamp. */
static void gmm_rx_ptp(struct gmm_model *m, const u8 *f, u32 len,
		       struct gmm_verdict *v)
{
	u32 ctrl = rd(m, R_TS_CTRL), mt, off;
	const u8 *msg = NULL;
	struct gmm_hdrs h;
	bool udp = false, v2;

	if (!(rd(m, R_HWF) & HWF_TS2) || !(ctrl & TS_ENA))
		return;
	v->ts = ctrl & TS_ALL;
	gmm_parse(f, len, &h);
	if (h.type == ETH_P_1588 && (ctrl & TS_L2)) {
		msg = f + h.l3;
	} else if (h.l4 && h.proto == IPPROTO_UDP && !h.frag &&
		   (ctrl & (h.v6 ? TS_IPV6 : TS_IPV4)) &&
		   h.l4 + sizeof(struct udphdr) <= len) {
		u16 port = get_unaligned_be16(f + h.l4 + 2);

		if (port == 319 || port == 320) {
			msg = f + h.l4 + sizeof(struct udphdr);
			udp = true;
		}
	}
	off = msg ? msg - f : len;
	if (!msg || len < off + 34)
		return;
	v2 = (msg[1] & 0xf) == 2;
	if (v2 != !!(ctrl & TS_V2))
		return;
	mt = gmm_ptp_msgt(msg, len - off, v2);
	v->ptp = FIELD_PREP(R4_MSGT, mt) | (udp ? R4_PTP_UDP : 0) |
		 (v2 ? R4_PTP_V2 : 0);
	v->ts |= mt < 8 && gmm_ptp_take(ctrl, mt);
}

/* The unit's commands, which it takes at once. */
static void gmm_ts_cmds(struct gmm_model *m)
{
	u32 ctrl = rd(m, R_TS_CTRL), sec, nsec;
	u64 d;

	if (!(ctrl & TS_CMDS))
		return;
	sec = rd(m, R_TS_SEC_UPD);
	nsec = rd(m, R_TS_NSEC_UPD);
	if (ctrl & TS_INIT) {
		m->clock = (u64)sec * NSEC_PER_SEC + (nsec & TS_NSEC_MASK);
	} else if (ctrl & TS_UPDT) {
		/* a subtraction comes in complement form (digital rollover) */
		if (nsec & TS_NSEC_SUB) {
			d = (u64)(u32)-sec * NSEC_PER_SEC + NSEC_PER_SEC -
			    (nsec & TS_NSEC_MASK);
			m->clock -= min(d, m->clock);
		} else {
			m->clock += (u64)sec * NSEC_PER_SEC + nsec;
		}
	}
	wr(m, R_TS_CTRL, ctrl & ~TS_CMDS);
	gmm_publish_time(m);
}

/* The wire and the RX side */

static bool gmm_rx_filter(struct gmm_model *m, const u8 *da)
{
	u32 flt = rd(m, R_FILTER), hi = rd(m, R_ADDR0_HI);
	u32 lo = rd(m, R_ADDR0_LO);
	u8 own[ETH_ALEN] = { lo, lo >> 8, lo >> 16, lo >> 24, hi, hi >> 8 };

	if (flt & (FLT_PR | FLT_RA))
		return true;
	if (is_broadcast_ether_addr(da))
		return !(flt & FLT_DBF);
	/* The hash tables are not modelled: a hash mode passes them all. */
	if (is_multicast_ether_addr(da))
		return flt & (FLT_PM | FLT_HMC);
	return ether_addr_equal(da, own) || (flt & FLT_HUC);
}

/* The frame's status as the MAC saw it arrive. */
static void gmm_rx_judge(struct gmm_model *m, struct gmm_rx_frame *f,
			 bool vlan)
{
	u32 cfg = rd(m, R_MAC_CFG), max = 1518, n = f->len;
	const u8 *p = f->data + GMM_PAD;
	struct gmm_verdict *v = &f->v;

	v->type = get_unaligned_be16(p + 12) >= ETH_P_802_3_MIN;
	v->crc = get_unaligned_le32(p + n - ETH_FCS_LEN) !=
		 ~crc32_le(~0, p, n - ETH_FCS_LEN);
	if (cfg & CFG_2K)
		max = 2000;
	if (cfg & CFG_JE)
		max = 9018;
	v->giant = n > max + (vlan ? 4 : 0);
	v->csum_on = (cfg & CFG_IPC) && (rd(m, R_HWF) & HWF_RXCOE2);
	if (v->csum_on && !v->crc)
		gmm_rx_csum(p, n - ETH_FCS_LEN, v);
	gmm_rx_ptp(m, p, n - ETH_FCS_LEN, v);
}

/* RDES0 status bits of a frame's last descriptor, length aside; RDES4 */
static u32 gmm_rx_status(struct gmm_model *m, const struct gmm_verdict *v,
			 u32 *r4)
{
	u32 hwf = rd(m, R_HWF), s = 0;
	bool esa = hwf & (HWF_TS2 | HWF_RXCOE2);
	bool b7_giant = !(hwf & (HWF_TS2 | HWF_RXCOE1));
	bool ext = esa && gmm_atds(m);

	*r4 = 0;
	if (v->type)
		s |= R0_FT;
	if (v->crc)
		s |= R0_CE | R0_ES;
	if (v->giant && b7_giant)
		s |= R0_B7 | R0_ES;
	if (v->csum_on && (v->ip4 || v->ip6) && ext) {
		*r4 = (v->ip4 ? R4_IPV4 : 0) | (v->ip6 ? R4_IPV6 : 0) |
		      FIELD_PREP(R4_PT, v->pt) | (v->iphe ? R4_IPHE : 0) |
		      (v->ippe ? R4_IPPE : 0);
		if (v->iphe || v->ippe)
			s |= R0_ES;
	} else if (v->csum_on && !ext) {
		/* bits 5, 7, 0: the table for descriptors without RDES4 */
		s &= ~R0_FT;
		if ((v->ip4 || v->ip6) && v->pt)
			s |= R0_FT | (v->iphe ? R0_B7 : 0) |
			     (v->ippe ? R0_B0 : 0);
		else if (v->ip4 || v->ip6)
			s |= R0_B0;
		else if (v->type)
			s |= R0_B7 | R0_B0;
		if (v->iphe || v->ippe)
			s |= R0_ES;
	}
	if (ext) {
		*r4 |= v->ptp;
		if (*r4)
			s |= R0_B0;
		if (v->ts)
			s |= R0_B7;
	}
	return s;
}

/* The length the DMA writes: the FCS (and a length frame's padding)
 * stripped where the MAC is told to.
 */
static u32 gmm_rx_len(struct gmm_model *m, const struct gmm_rx_frame *f)
{
	const u8 *p = f->data + GMM_PAD;
	u32 cfg = rd(m, R_MAC_CFG), lt = get_unaligned_be16(p + 12);

	if (f->v.type && (cfg & CFG_CST))
		return f->len - ETH_FCS_LEN;
	if (!f->v.type && (cfg & CFG_ACS) && lt <= ETH_DATA_LEN)
		return min(f->len, ETH_HLEN + lt);
	return f->len;
}

struct gmm_rxd {
	u32 b1, b2;	/* buffer sizes */
	bool rer, rch, dic;
};

static void gmm_rx_decode(struct gmm_model *m, u32 des1, struct gmm_rxd *x)
{
	if (gmm_enh(m)) {
		x->b1 = FIELD_GET(ER1_RBS1, des1);
		x->b2 = FIELD_GET(ER1_RBS2, des1);
		x->rer = des1 & ER1_RER;
		x->rch = des1 & ER1_RCH;
	} else {
		x->b1 = FIELD_GET(NR1_RBS1, des1);
		x->b2 = FIELD_GET(NR1_RBS2, des1);
		x->rer = des1 & NR1_RER;
		x->rch = des1 & NR1_RCH;
	}
	x->dic = des1 & R1_DIC;
}

static u32 gmm_rx_copy(struct gmm_model *m, u32 addr, u32 room,
		       const u8 *src, u32 left)
{
	u32 n = min(room, left);
	void *va;

	if (!n)
		return 0;
	va = gmm_va(m, addr, n);
	if (!va) {
		m->st.bad_desc++;
		return n;
	}
	memcpy(va, src, n);
	return n;
}

/* Write the next piece of @f into the current descriptor: false if the
 * DMA does not own it (it then suspends).
 */
static bool gmm_rx_desc(struct gmm_model *m, struct gmm_rx_frame *f, u32 len)
{
	struct gmm_rx *rx = &m->rx;
	u32 addr = rx->base + rx->cur * gmm_stride(m), r0, r4 = 0, n;
	const u8 *src = f->data + GMM_PAD;
	struct gmm_desc *d;
	struct gmm_rxd x;
	bool first;

	d = rx->cur < GMM_RING_MAX ? gmm_desc(m, false, addr) : NULL;
	if (!d) {
		gmm_fatal(m);
		return false;
	}
	if (!(le32_to_cpu(READ_ONCE(d->des[0])) & D0_OWN)) {
		rx->suspended = true;
		m->st.ru++;
		gmm_raise(m, ST_RU);
		return false;
	}
	dma_rmb();
	gmm_rx_decode(m, le32_to_cpu(d->des[1]), &x);
	/* buffer sizes must be multiples of the bus width (32 bits here) */
	if (x.rch || (x.b1 | x.b2) % 4 || !(x.b1 + x.b2))
		m->st.bad_desc++;
	first = !f->done;
	n = gmm_rx_copy(m, le32_to_cpu(d->des[2]), x.b1, src + f->done,
			len - f->done);
	f->done += n;
	f->done += gmm_rx_copy(m, le32_to_cpu(d->des[3]), x.b2,
			       src + f->done, len - f->done);
	r0 = first ? R0_FS : 0;
	if (f->done == len) {
		r0 |= R0_LS | FIELD_PREP(R0_FL, len) |
		      gmm_rx_status(m, &f->v, &r4);
		/* words 4-7 are written only when RDES0 says they hold
		 * something: the driver must not read them otherwise
		 */
		if (r0 & R0_B0 && gmm_atds(m))
			d->des[4] = cpu_to_le32(r4);
		if (r0 & R0_B7 && gmm_atds(m) && f->v.ts) {
			gmm_stamp_words(m, d, f->v.stamp);
			m->last_rx_ts = f->v.stamp;
			m->st.rx_ts++;
		}
	} else {
		/* the bytes transferred so far, as the databook says */
		r0 |= FIELD_PREP(R0_FL, f->done);
	}
	dma_wmb();
	WRITE_ONCE(d->des[0], cpu_to_le32(r0));
	m->st.rx_descs++;
	if (x.rer) {
		rx->cur = 0;
		m->st.rx_wraps++;
	} else {
		rx->cur++;
	}
	if (f->done < len)
		return true;
	m->st.rx_frames++;
	m->st.rx_crc += f->v.crc;
	if (x.dic) {
		rx->wd_pending = true;
	} else {
		m->st.ri++;
		gmm_raise(m, ST_RI);
	}
	return true;
}

/* The RX DMA: move what the FIFO holds into the ring while it owns
 * descriptors; a frame may be left half written, to go on later.
 */
static u32 gmm_rx_run(struct gmm_model *m)
{
	struct gmm_rx *rx = &m->rx;
	struct gmm_rx_frame *f;
	u32 done = 0, len;

	while (rx->on && !rx->suspended && !list_empty(&rx->fifo)) {
		f = list_first_entry(&rx->fifo, struct gmm_rx_frame, node);
		len = gmm_rx_len(m, f);
		if (!gmm_rx_desc(m, f, len))
			break;
		done++;
		if (f->done < len)
			continue;
		list_del(&f->node);
		rx->fifo_bytes -= f->len;
		kfree(f);
	}
	return done;
}

static void gmm_apply_fault(struct gmm_model *m, u8 *p, u32 len)
{
	enum gmm_fault f = m->fault;
	struct gmm_hdrs h;
	u32 field;

	if (!m->fault_n)
		return;
	if (!--m->fault_n)
		m->fault = GMM_F_NONE;
	if (f == GMM_F_CRC) {
		p[len - 1] ^= 0xff;
		return;
	}
	if (!gmm_parse(p, len - ETH_FCS_LEN, &h))
		return;
	if (f == GMM_F_IP_CSUM && !h.v6) {
		p[h.l3 + 10] ^= 0x5a;
	} else if (f == GMM_F_L4_CSUM) {
		field = gmm_csum_field(h.proto);
		if (field && h.l4 + field + 2 <= len - ETH_FCS_LEN)
			p[h.l4 + field] ^= 0x5a;
	}
	/* the damage happens on the wire: the FCS still matches it */
	put_unaligned_le32(~crc32_le(~0, p, len - ETH_FCS_LEN),
			   p + len - ETH_FCS_LEN);
}

/* Put a frame on the wire at the model's clock, which advances by its
 * time at 1 Gb/s (preamble and gap included), and loop it into the RX
 * FIFO. Returns the TX stamp.
 */
static u64 gmm_wire(struct gmm_model *m, const u8 *frame, u32 len,
		    bool pad, bool fcs)
{
	u32 flen = (pad ? max_t(u32, len, ETH_ZLEN) : len) +
		   (fcs ? ETH_FCS_LEN : 0);
	u64 stamp = m->clock;
	struct gmm_rx_frame *f;
	bool vlan;

	m->clock += (flen + 20) * 8;
	gmm_publish_time(m);
	if (!(rd(m, R_MAC_CFG) & CFG_RE) || len < ETH_HLEN ||
	    !gmm_rx_filter(m, frame)) {
		m->st.rx_off_drops++;
		return stamp;
	}
	if (m->rx.fifo_bytes + flen > m->rx_fifo) {
		m->st.rx_fifo_drops++;
		return stamp;
	}
	f = kzalloc(struct_size(f, data, GMM_PAD + flen), GFP_ATOMIC);
	if (!f) {
		m->st.rx_fifo_drops++;
		return stamp;
	}
	f->len = flen;
	memcpy(f->data + GMM_PAD, frame, len);
	if (fcs)
		put_unaligned_le32(~crc32_le(~0, f->data + GMM_PAD,
					     flen - ETH_FCS_LEN),
				   f->data + GMM_PAD + flen - ETH_FCS_LEN);
	gmm_apply_fault(m, f->data + GMM_PAD, flen);
	vlan = get_unaligned_be16(frame + 12) == ETH_P_8021Q;
	f->v.stamp = stamp + GMM_WIRE_NS;
	gmm_rx_judge(m, f, vlan);
	list_add_tail(&f->node, &m->rx.fifo);
	m->rx.fifo_bytes += flen;
	/* a frame arriving wakes a suspended RX DMA */
	m->rx.suspended = false;
	gmm_rx_run(m);
	return stamp;
}

/* The TX side */

struct gmm_txd {
	u32 b1, b2;
	u32 cic;
	bool fs, ls, ic, ter, tch, ttse, dp, dc;
};

static void gmm_tx_decode(struct gmm_model *m, const struct gmm_desc *d,
			  struct gmm_txd *x)
{
	u32 d0 = le32_to_cpu(d->des[0]), d1 = le32_to_cpu(d->des[1]);

	if (gmm_enh(m)) {
		x->b1 = FIELD_GET(ET1_TBS1, d1);
		x->b2 = FIELD_GET(ET1_TBS2, d1);
		x->cic = FIELD_GET(ET0_CIC, d0);
		x->fs = d0 & ET0_FS;
		x->ls = d0 & ET0_LS;
		x->ic = d0 & ET0_IC;
		x->ter = d0 & ET0_TER;
		x->tch = d0 & ET0_TCH;
		x->ttse = d0 & ET0_TTSE;
		x->dp = d0 & ET0_DP;
		x->dc = d0 & ET0_DC;
	} else {
		x->b1 = FIELD_GET(NT1_TBS1, d1);
		x->b2 = FIELD_GET(NT1_TBS2, d1);
		x->cic = FIELD_GET(NT1_CIC, d1);
		x->fs = d1 & NT1_FS;
		x->ls = d1 & NT1_LS;
		x->ic = d1 & NT1_IC;
		x->ter = d1 & NT1_TER;
		x->tch = d1 & NT1_TCH;
		x->ttse = d1 & NT1_TTSE;
		x->dp = d1 & NT1_DP;
		x->dc = d1 & NT1_DC;
	}
}

/* Fetch a buffer into the TX FIFO, checking the driver still maps it. */
static void gmm_tx_gather(struct gmm_model *m, u32 addr, u32 len)
{
	struct gmm_tx *tx = &m->tx;
	void *va;

	if (!len)
		return;
	va = gmm_va(m, addr, len);
	if (m->buf_live && !m->buf_live(m->ctx, addr, len))
		m->st.bad_read++;
	if (!va) {
		m->st.bad_read++;
		return;
	}
	if (tx->len + len > GMM_TX_BUF - GMM_PAD) {
		m->st.bad_desc++;
		return;
	}
	memcpy(tx->buf + GMM_PAD + tx->len, va, len);
	tx->len += len;
}

/* Write back a TX descriptor: OWN and the status cleared (the enhanced
 * format keeps its control bits), the stamp where one was taken.
 */
static void gmm_tx_close(struct gmm_model *m, struct gmm_desc *d, bool ts,
			 u64 stamp)
{
	u32 d0 = gmm_enh(m) ? le32_to_cpu(d->des[0]) & ET0_CTRL : 0;

	if (ts) {
		gmm_stamp_words(m, d, stamp);
		d0 |= ET0_TTSS;
	}
	dma_wmb();
	WRITE_ONCE(d->des[0], cpu_to_le32(d0));
}

static void gmm_tx_desc(struct gmm_model *m, struct gmm_desc *d)
{
	struct gmm_tx *tx = &m->tx;
	bool ts = false;
	struct gmm_txd x;
	u64 stamp = 0;

	gmm_tx_decode(m, d, &x);
	m->st.tx_descs++;
	if (x.tch)
		m->st.bad_desc++;
	/* CIC, TTSE and the padding and FCS controls are read from the
	 * frame's first descriptor, IC from its last.
	 */
	if (x.fs) {
		if (tx->in_frame)
			m->st.bad_desc++;
		tx->in_frame = true;
		tx->len = 0;
		tx->cic = x.cic;
		tx->ttse = x.ttse;
		tx->no_pad = x.dp;
		tx->no_crc = x.dc;
	}
	if (!tx->in_frame) {
		m->st.bad_desc++;
		gmm_tx_close(m, d, false, 0);
		return;
	}
	gmm_tx_gather(m, le32_to_cpu(d->des[2]), x.b1);
	gmm_tx_gather(m, le32_to_cpu(d->des[3]), x.b2);
	if (x.ls) {
		tx->in_frame = false;
		gmm_csum_insert(m, tx->buf + GMM_PAD, tx->len, tx->cic);
		stamp = gmm_wire(m, tx->buf + GMM_PAD, tx->len, !tx->no_pad,
				 !tx->no_crc);
		/* a stamp needs the unit on and words 6-7 to go to */
		ts = tx->ttse && gmm_atds(m) && (rd(m, R_HWF) & HWF_TS2) &&
		     (rd(m, R_TS_CTRL) & TS_ENA);
		m->st.tx_frames++;
		m->st.tx_ic += x.ic;
		if (ts) {
			m->tx_ts_log[m->st.tx_ts % GMM_TS_LOG] = stamp;
			m->st.tx_ts++;
			m->st.tx_ts_ic += x.ic;
		}
	}
	gmm_tx_close(m, d, ts, stamp);
	if (x.ls && x.ic) {
		m->st.ti++;
		gmm_raise(m, ST_TI);
	}
}

/* The TX DMA: at most @budget descriptors while it owns them. */
static u32 gmm_tx_run(struct gmm_model *m, u32 budget)
{
	struct gmm_tx *tx = &m->tx;
	u32 done = 0, addr;
	struct gmm_desc *d;
	bool ter;

	if (!(rd(m, R_MAC_CFG) & CFG_TE))
		return 0;
	if (rd(m, R_BUS) & BUS_DSL)
		m->st.bad_desc++;
	while (tx->on && !tx->suspended && done < budget) {
		addr = tx->base + tx->cur * gmm_stride(m);
		d = tx->cur < GMM_RING_MAX ? gmm_desc(m, true, addr) : NULL;
		if (!d) {
			gmm_fatal(m);
			break;
		}
		if (!(le32_to_cpu(READ_ONCE(d->des[0])) & D0_OWN)) {
			tx->suspended = true;
			m->st.tu++;
			gmm_raise(m, ST_TU);
			break;
		}
		dma_rmb();
		ter = gmm_enh(m) ? le32_to_cpu(d->des[0]) & ET0_TER :
				   le32_to_cpu(d->des[1]) & NT1_TER;
		gmm_tx_desc(m, d);
		done++;
		if (ter) {
			tx->cur = 0;
			m->st.tx_wraps++;
		} else {
			tx->cur++;
		}
	}
	return done;
}

/* The RX watchdog: frames written without RI interrupt once it expires,
 * which in the model is by the end of the step that wrote them.
 */
static void gmm_rx_watchdog(struct gmm_model *m)
{
	if (!m->rx.wd_pending || !FIELD_GET(RIWT_MASK, rd(m, R_RIWT)))
		return;
	m->rx.wd_pending = false;
	m->st.ri++;
	gmm_raise(m, ST_RI);
}

/**
 * gmm_step() - let the DMA run
 * @m: the model
 * @budget: the most TX descriptors the TX DMA takes
 *
 * The TX DMA sends what it owns within @budget, each frame going straight
 * to the RX FIFO; the RX DMA then takes what the FIFO holds while it owns
 * descriptors.
 *
 * Return: true if a descriptor was processed.
 */
bool gmm_step(struct gmm_model *m, u32 budget)
{
	unsigned long flags;
	u32 done;

	spin_lock_irqsave(&m->lock, flags);
	gmm_sync_locked(m);
	gmm_ts_cmds(m);
	done = gmm_tx_run(m, budget);
	done += gmm_rx_run(m);
	gmm_rx_watchdog(m);
	gmm_publish(m);
	spin_unlock_irqrestore(&m->lock, flags);
	return done;
}

/**
 * gmm_line() - the interrupt line the model asserts now
 * @m: the model
 *
 * An event interrupts when its enable is set, and its summary's (NIE for
 * TI, TU, RI; AIE for the others); with &gmm_model.edge_irq, only if it
 * was raised while its enable was set.
 *
 * Return: true if the line is asserted.
 */
bool gmm_line(struct gmm_model *m)
{
	unsigned long flags;
	u32 en, act;
	bool line;

	spin_lock_irqsave(&m->lock, flags);
	gmm_sync_locked(m);
	en = rd(m, R_INT_EN);
	act = m->status & en & ~m->quiet;
	line = ((en & IE_NIE) && (act & ST_NORMAL)) ||
	       ((en & IE_AIE) && (act & ST_ABNORMAL));
	spin_unlock_irqrestore(&m->lock, flags);
	return line;
}

/**
 * gmm_rx_pending() - frames wait in the RX FIFO for descriptors
 * @m: the model
 *
 * Return: true if the RX FIFO holds a frame.
 */
bool gmm_rx_pending(struct gmm_model *m)
{
	unsigned long flags;
	bool ret;

	spin_lock_irqsave(&m->lock, flags);
	ret = !list_empty(&m->rx.fifo);
	spin_unlock_irqrestore(&m->lock, flags);
	return ret;
}

/**
 * gmm_fault() - damage the next frames on the wire
 * @m: the model
 * @f: what is wrong with them
 * @n: how many frames
 */
void gmm_fault(struct gmm_model *m, enum gmm_fault f, u32 n)
{
	unsigned long flags;

	spin_lock_irqsave(&m->lock, flags);
	m->fault = f;
	m->fault_n = n;
	spin_unlock_irqrestore(&m->lock, flags);
}

/* What the hardware does by itself: a software reset completes, an MDIO
 * command finds no PHY (all ones), the timestamp unit takes its commands,
 * a stop is seen (the driver polls the process states for it).
 */
static void gmm_service(struct timer_list *t)
{
	struct gmm_model *m = stmmac_timer_of(m, t, service);
	unsigned long flags;
	u32 mii;

	spin_lock_irqsave(&m->lock, flags);
	if ((rd(m, R_BUS) & BUS_SWR) && !READ_ONCE(m->wedged))
		gmm_reset(m);
	mii = rd(m, R_MII_ADDR);
	if (mii & MII_BUSY) {
		if (!(mii & MII_WRITE))
			wr(m, R_MII_DATA, 0xffff);
		wr(m, R_MII_ADDR, mii & ~MII_BUSY);
	}
	gmm_ts_cmds(m);
	gmm_sync_locked(m);
	spin_unlock_irqrestore(&m->lock, flags);
	if (!READ_ONCE(m->dead))
		mod_timer(&m->service, jiffies + 1);
}

/**
 * gmm_create() - a model core, out of reset
 * @dev: the device whose DMA addresses it translates
 * @version: the version register (0x20), e.g. 0x1037 for a 3.70a
 * @hwf: the HW feature register (0x1058): the core's build options
 * @rx_fifo: RX FIFO size in bytes
 *
 * Return: the model, or NULL without memory.
 */
struct gmm_model *gmm_create(struct device *dev, u32 version, u32 hwf,
			     u32 rx_fifo)
{
	struct gmm_model *m = kzalloc(sizeof(*m), GFP_KERNEL);

	if (!m)
		return NULL;
	m->dev = dev;
	m->rx_fifo = rx_fifo;
	spin_lock_init(&m->lock);
	INIT_LIST_HEAD(&m->rx.fifo);
	m->regs = kzalloc(GMM_WINDOW, GFP_KERNEL);
	m->tx.buf = kzalloc(GMM_TX_BUF, GFP_KERNEL);
	if (!m->regs || !m->tx.buf) {
		kfree(m->tx.buf);
		kfree(m->regs);
		kfree(m);
		return NULL;
	}
	/* The driver only ever sees an __iomem cookie; here it is memory. */
	m->io = (void __iomem __force *)m->regs;
	wr(m, R_VERSION, version);
	wr(m, R_HWF, hwf);
	gmm_reset(m);
	timer_setup(&m->service, gmm_service, 0);
	mod_timer(&m->service, jiffies + 1);
	return m;
}

/**
 * gmm_destroy() - free a model; the driver must be done with it
 * @m: the model
 */
void gmm_destroy(struct gmm_model *m)
{
	WRITE_ONCE(m->dead, true);
	timer_shutdown_sync(&m->service);
	gmm_rx_flush(&m->rx);
	kfree(m->tx.buf);
	kfree(m->regs);
	kfree(m);
}
