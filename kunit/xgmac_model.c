// SPDX-License-Identifier: GPL-2.0-only
/*
 * A software model of the DesignWare XGMAC 2.10 DMA and MTL (see
 * xgmac_model.h). Register offsets, bit fields and descriptor layouts are
 * the databook's, as upstream's dwxgmac2.h names them; nothing here calls
 * the driver.
 *
 * The register window is plain memory, so the model cannot see a write
 * when it happens. It looks at the registers whenever it runs (a step, a
 * sync, its service timer) and infers what the driver did:
 *  - the channel status registers are write-one-to-clear: the model
 *    publishes each with a reserved bit (31) set, which the driver never
 *    writes; a status register without it was written by the driver, and
 *    the bits written are cleared. Two driver writes between model runs
 *    merge into the last one, so the tests sync before and after each
 *    interrupt handler;
 *  - start and stop of a DMA channel are edges of ST and SR seen at a sync;
 *  - the service timer completes a software reset (SWR) and MDIO commands;
 *  - MAC_FPE_CTRL_STS's status flags clear when read, which the model
 *    cannot see: it takes them as read, and clears them, when it is next
 *    asked for its lines (xgm_lines()) after the common line went up with
 *    them: the tests run the interrupt handler in between. SVER and SRSP
 *    written are mPackets sent.
 */

#include <linux/bitfield.h>
#include <linux/crc32.h>
#include <linux/if_vlan.h>
#include <linux/dma-direct.h>
#include <linux/if_ether.h>
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/mm.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/tcp.h>
#include <linux/udp.h>
#include <linux/vmalloc.h>
#include <net/checksum.h>
#include <net/ip6_checksum.h>
#include <linux/unaligned.h>

#include "xgmac_model.h"
#include "xgmac_model_frame.h"
#include "xgmac_model_regs.h"
#include "../stmmac_compat.h"

/* The largest TSO frame: TPL is 18 bits, plus its headers. */
#define XGM_TX_BUF		(SZ_256K + SZ_1K)
/* Frames start this far into model buffers: IP headers 4-byte aligned. */
#define XGM_PAD			2
#define XGM_DESC_SIZE		16

struct xgm_desc {
	__le32 des0;
	__le32 des1;
	__le32 des2;
	__le32 des3;
};

/* A frame in an RX queue's FIFO: FCS included, @data XGM_PAD in; its
 * outer tag's kind in @vlan (length/type << 16 | TCI; xgm_vlan_kind()),
 * taken out of @data or not (xgm_strips()). Held in an MTL TX queue, its
 * launch time in @lt and @lt_ns (&xgm_txc.lt).
 */
struct xgm_rx_frame {
	struct list_head node;
	u32 len;
	enum xgm_rx_fault fault;
	u32 vlan;
	u32 lt;
	u32 lt_ns;
	u8 data[];
};

static u32 rd(struct xgm_model *m, u32 off)
{
	return READ_ONCE(m->regs[off / 4]);
}

static void wr(struct xgm_model *m, u32 off, u32 val)
{
	WRITE_ONCE(m->regs[off / 4], val);
}

/* The kernel address of a DMA address, NULL if there is none to use. */
static void *xgm_va(struct xgm_model *m, u64 addr, u32 len)
{
	phys_addr_t phys = dma_to_phys(m->dev, addr);
	void *va = phys_to_virt(phys);

	if (!virt_addr_valid(va) || !virt_addr_valid(va + max(len, 1U) - 1))
		return NULL;
	return va;
}

static u64 xgm_ring_base(struct xgm_model *m, u32 c, u32 hi, u32 lo)
{
	return (u64)rd(m, R_CH(c, hi)) << 32 | rd(m, R_CH(c, lo));
}

static void xgm_raise(struct xgm_model *m, u32 c, u32 bit)
{
	u32 en = rd(m, R_CH(c, CH_INT_EN));

	m->status[c] |= bit;
	if (m->edge_irq && !(en & bit))
		m->quiet[c] |= bit;
	else
		m->quiet[c] &= ~bit;
	if (en & bit & ST_NORMAL)
		m->status[c] |= ST_NIS;
	if (en & bit & ST_ABNORMAL)
		m->status[c] |= ST_AIS;
}

/* The list software owns: the one EST does not run */
static u32 xgm_est_sw(const struct xgm_model *m)
{
	return m->est_run == 0;
}

static void xgm_publish(struct xgm_model *m)
{
	u32 c, ns;

	for (c = 0; c < XGM_CHANNELS; c++)
		wr(m, R_CH(c, CH_STATUS), m->status[c] | ST_MARK);
	wr(m, R_EST_STATUS, m->est_sts | ST_MARK |
	   (xgm_est_sw(m) ? EST_SWOL : 0));
	wr(m, R_EST_SCH_ERR, m->est_sch | ST_MARK);
	wr(m, R_EST_FRM_SZ_ERR, m->est_frm | ST_MARK);
	wr(m, R_TSU_SEC, div_u64_rem(m->now, NSEC_PER_SEC, &ns));
	wr(m, R_TSU_NSEC, ns);
}

/* A write-one-to-clear register the driver wrote since: its bits clear */
static void xgm_w1c(struct xgm_model *m, u32 off, u32 *v, u32 bits)
{
	u32 w = rd(m, off);

	if (!(w & ST_MARK))
		*v &= ~(w & bits);
}

static void xgm_rx_flush(struct xgm_rxc *rx)
{
	struct xgm_rx_frame *f, *n;

	list_for_each_entry_safe(f, n, &rx->fifo, node) {
		list_del(&f->node);
		kfree(f);
	}
	rx->fifo_bytes = 0;
}

static void xgm_held_flush(struct xgm_model *m, u32 c)
{
	struct xgm_rx_frame *f, *n;

	list_for_each_entry_safe(f, n, &m->held[c], node) {
		list_del(&f->node);
		kfree(f);
	}
	m->held_bytes[c] = 0;
}

/* The reset values of the read-only identification registers: an
 * Agilex5-like 2.10 core with 8 TX and 8 RX queues and channels, TX and
 * RX checksum engines, TSO, RMON, 40-bit addressing, a 256-bin hash, the
 * VLAN hash filter (VLHASH, bit 4), VLAN tag insertion (SAVLANINS, bit
 * 27), AV queues (AVSEL, bit 11; the shaper is not modelled), 8 traffic
 * classes, frame preemption (FPESEL, HW feature 3 bit 26; at register
 * level: mPackets, not fragments), a timestamping unit (TSSEL, bit 12;
 * its time only), EST (ESTSEL, HW feature 3 bit 19, 24-bit intervals,
 * 64 entries), launch time (TBSSEL, HW feature 3 bit 27, on two
 * channels: TBSCH 1, bits 31:28), FIFOs of 128 << @fifo_shift bytes
 * each way, VLAN perfect-filter entries as &xgm_model.nrvf says, and
 * L3/L4 filters as &xgm_model.l3l4fnum says (HW feature 1 bits 30:27).
 */
static void xgm_id_regs(struct xgm_model *m, u32 fifo_shift)
{
	wr(m, R_VERSION, 0x3021);
	wr(m, R_HWF0, BIT(4) | BIT(8) | BIT(11) | BIT(12) | BIT(14) | BIT(16) |
	   BIT(27));
	wr(m, R_HWF1, fifo_shift | fifo_shift << 6 | 1 << 14 | BIT(18) |
	   7 << 21 | 3 << 24 | m->l3l4fnum << 27);
	wr(m, R_HWF2, 7 | 7 << 6 | 7 << 12 | 7 << 18);
	wr(m, R_HWF3, 1 << 28 | BIT(27) | BIT(26) | 3 << 23 | 1 << 20 |
	   BIT(19) | FIELD_PREP(HWF3_NRVF, m->nrvf));
}

static void xgm_reset(struct xgm_model *m)
{
	u32 hwf1 = rd(m, R_HWF1), c;

	memset(m->regs, 0, XGM_WINDOW);
	xgm_id_regs(m, hwf1 & 0x1f);
	memset(m->vlan_ent, 0, sizeof(m->vlan_ent));
	memset(m->l3l4, 0, sizeof(m->l3l4));
	m->fpe_sts = 0;
	m->fpe_shown = 0;
	memset(m->est, 0, sizeof(m->est));
	m->est_run = -1;
	m->est_armed = false;
	m->est_sts = 0;
	m->est_sch = 0;
	m->est_frm = 0;
	for (c = 0; c < XGM_CHANNELS; c++) {
		xgm_held_flush(m, c);
		struct xgm_txc *tx = &m->tx[c];
		struct xgm_rxc *rx = &m->rx[c];

		m->status[c] = 0;
		m->quiet[c] = 0;
		tx->on = false;
		tx->cur = 0;
		tx->base = 0;
		tx->in_frame = false;
		tx->vt_valid = false;
		rx->on = false;
		rx->cur = 0;
		rx->base = 0;
		rx->wd_pending = false;
		rx->ts_n = 0;
		rx->ctx_held = U32_MAX;
		xgm_rx_flush(rx);
	}
	xgm_publish(m);
}

/* A channel direction starts where it stopped, unless its ring moved
 * (a reset also starts it over).
 */
static void xgm_edge(bool run, bool *on, u64 base, u64 *cur_base, u32 *cur,
		     u32 *status, u32 stopped)
{
	if (run && !*on) {
		if (base != *cur_base) {
			*cur_base = base;
			*cur = 0;
		}
		*on = true;
	} else if (!run && *on) {
		*on = false;
		*status |= stopped;
	}
}

/* mPackets the driver asked for (SVER, SRSP): sent; a peer with a MAC
 * merge layer answers a verify mPacket, a loop brings each back as the
 * same kind received.
 */
static void xgm_fpe_sync(struct xgm_model *m)
{
	u32 v = rd(m, R_FPE_CTRL);

	if (v & FPE_SVER) {
		m->fpe_verify++;
		m->fpe_sts |= FPE_TVER;
		if (m->fpe_peer == XGM_FPE_ANSWERS)
			m->fpe_sts |= FPE_RRSP;
		if (m->fpe_peer == XGM_FPE_LOOP)
			m->fpe_sts |= FPE_RVER;
	}
	if (v & FPE_SRSP) {
		m->fpe_response++;
		m->fpe_sts |= FPE_TRSP;
		if (m->fpe_peer == XGM_FPE_LOOP)
			m->fpe_sts |= FPE_RRSP;
	}
	wr(m, R_FPE_CTRL, (v & FPE_EFPE) | m->fpe_sts);
}

/* The timestamping unit's commands complete at once; only setting the
 * time is modelled (@now moves when the tests move it).
 */
static void xgm_tsu_sync(struct xgm_model *m)
{
	u32 ctrl = rd(m, R_TSU_CTRL);

	if (ctrl & TSU_INIT)
		m->now = (u64)rd(m, R_TSU_SEC_UPD) * NSEC_PER_SEC +
			 rd(m, R_TSU_NSEC_UPD);
	wr(m, R_TSU_CTRL, ctrl & ~(TSU_INIT | TSU_UPDT | TSU_ADDREG));
}

static u64 xgm_est_time(const u32 *l, u32 reg)
{
	return (u64)l[reg + 1] * NSEC_PER_SEC + l[reg];
}

/* A word through GCL_CTRL / GCL_DATA into the software's list; refused
 * (ERR0) while that list waits to take over (our reading of the
 * databook, as NVIDIA's driver checks ERR0).
 */
static void xgm_est_word(struct xgm_model *m)
{
	u32 ctrl = rd(m, R_EST_GCL_CTRL), a = FIELD_GET(GCL_ADDR, ctrl);
	u32 *l = m->est[xgm_est_sw(m)];

	if (!(ctrl & GCL_SRWO))
		return;
	ctrl &= ~(GCL_SRWO | GCL_ERR0);
	if (m->est_armed || m->est_refuse) {
		ctrl |= GCL_ERR0;
		m->est_refuse -= !!m->est_refuse;
	} else if (ctrl & GCL_GCRR && a < XGM_EST_REGS) {
		l[a] = rd(m, R_EST_GCL_DATA);
	} else if (!(ctrl & GCL_GCRR) && a < XGM_EST_DEPTH) {
		l[XGM_EST_REGS + a] = rd(m, R_EST_GCL_DATA);
	}
	wr(m, R_EST_GCL_CTRL, ctrl);
}

/* EEST off: no list runs, every gate open. SSWL: the software's list
 * takes over at its base time; one already past when SSWL is set is a
 * base time error, the list then starting at its next cycle.
 */
static void xgm_est_switch(struct xgm_model *m)
{
	u32 ctrl = rd(m, R_EST_CTRL), sw = xgm_est_sw(m), *l = m->est[sw];
	u64 btr = xgm_est_time(l, EST_BTR), ctr = xgm_est_time(l, EST_CTR);

	if (!(ctrl & EST_EEST)) {
		m->est_run = -1;
		m->est_armed = false;
		return;
	}
	if (!(ctrl & EST_SSWL))
		return;
	if (!m->est_armed && btr < m->now && ctr) {
		btr += div64_u64(m->now - btr + ctr - 1, ctr) * ctr;
		l[EST_BTR + 1] = div_u64_rem(btr, NSEC_PER_SEC, &l[EST_BTR]);
		m->est_sts |= EST_BTRE | FIELD_PREP(EST_BTRL, 1);
	}
	m->est_armed = true;
	if (m->now < btr)
		return;
	m->est_run = sw;
	m->est_armed = false;
	m->est_sts |= EST_SWLC;
	wr(m, R_EST_CTRL, ctrl & ~EST_SSWL);
}

static void xgm_est_sync(struct xgm_model *m)
{
	xgm_w1c(m, R_EST_STATUS, &m->est_sts, GENMASK(4, 0));
	if (!(m->est_sts & EST_BTRE))
		m->est_sts &= ~EST_BTRL;
	xgm_w1c(m, R_EST_SCH_ERR, &m->est_sch, GENMASK(7, 0));
	xgm_w1c(m, R_EST_FRM_SZ_ERR, &m->est_frm, GENMASK(7, 0));
	xgm_est_switch(m);
	xgm_est_word(m);
}

/* Is TX queue @q's gate open now? Past the list's last entry in a cycle,
 * that entry's gates stay (our reading: the databook gives the cycle
 * time precedence over the intervals). The cycle extension is not
 * modelled.
 */
static bool xgm_gate_open(struct xgm_model *m, u32 q)
{
	const u32 *l = m->est[m->est_run < 0 ? 0 : m->est_run];
	u32 n = min_t(u32, l[EST_LLR], XGM_EST_DEPTH), i, iv;
	u64 btr = xgm_est_time(l, EST_BTR), ctr = xgm_est_time(l, EST_CTR);
	u64 pos;

	if (m->est_run < 0 || !n || !ctr || m->now < btr)
		return true;
	div64_u64_rem(m->now - btr, ctr, &pos);
	for (i = 0; i < n; i++) {
		iv = l[XGM_EST_REGS + i] & GENMASK(XGM_EST_WID - 1, 0);
		if (pos < iv || i == n - 1)
			break;
		pos -= iv;
	}
	return (l[XGM_EST_REGS + i] >> XGM_EST_WID) & BIT(q);
}

static void xgm_sync_locked(struct xgm_model *m)
{
	u32 c, v;

	for (c = 0; c < XGM_CHANNELS; c++) {
		struct xgm_txc *tx = &m->tx[c];
		struct xgm_rxc *rx = &m->rx[c];

		v = rd(m, R_CH(c, CH_STATUS));
		if (!(v & ST_MARK)) {
			m->status[c] &= ~v;
			m->quiet[c] &= ~v;
		}
		xgm_edge(rd(m, R_CH(c, CH_TX_CTRL)) & TX_CTRL_ST, &tx->on,
			 xgm_ring_base(m, c, CH_TXD_HI, CH_TXD_LO), &tx->base,
			 &tx->cur, &m->status[c], ST_TPS);
		if (!tx->on) {
			tx->in_frame = false;
			tx->vt_valid = false;
		}
		xgm_edge(rd(m, R_CH(c, CH_RX_CTRL)) & RX_CTRL_SR, &rx->on,
			 xgm_ring_base(m, c, CH_RXD_HI, CH_RXD_LO), &rx->base,
			 &rx->cur, &m->status[c], ST_RPS);
		if (!rx->on)
			rx->ctx_held = U32_MAX;
	}
	xgm_fpe_sync(m);
	xgm_tsu_sync(m);
	xgm_est_sync(m);
	xgm_publish(m);
}

/**
 * xgm_sync() - take in what the driver wrote to the status and control
 *	registers since the model last looked
 * @m: the model
 */
void xgm_sync(struct xgm_model *m)
{
	unsigned long flags;

	spin_lock_irqsave(&m->lock, flags);
	xgm_sync_locked(m);
	spin_unlock_irqrestore(&m->lock, flags);
}

/* The wire and the RX side */

static bool xgm_rxq_on(struct xgm_model *m, u32 q)
{
	return (rd(m, R_RXQ_CTRL0) >> (2 * q)) & 3;
}

static bool xgm_rx_room(struct xgm_model *m, u32 c, u64 base, u32 n,
			u32 need)
{
	u32 tail = rd(m, R_CH(c, CH_RX_TAIL)), i;
	struct xgm_desc *d;

	for (i = 0; i < need; i++) {
		u64 addr = base + ((m->rx[c].cur + i) % n) * XGM_DESC_SIZE;

		if (lower_32_bits(addr) == tail)
			return false;
		d = xgm_va(m, addr, XGM_DESC_SIZE);
		if (!d || !(le32_to_cpu(READ_ONCE(d->des3)) & RDES3_OWN))
			return false;
	}
	return true;
}

/* The status of a frame's last descriptor, length aside */
static u32 xgm_rx_status(struct xgm_model *m, const struct xgm_rx_frame *f)
{
	static const u8 et[] = {
		[XGM_RXF_CRC] = ET_CRC,
		[XGM_RXF_GIANT] = ET_GIANT,
		[XGM_RXF_OVERFLOW] = ET_OVERFLOW,
		[XGM_RXF_LENGTH] = ET_LENGTH,
		[XGM_RXF_RUNT] = ET_RUNT,
	};

	if (f->fault < ARRAY_SIZE(et) && et[f->fault])
		return RDES3_ES | FIELD_PREP(RDES3_ET, et[f->fault]);
	if (!(rd(m, R_RCR) & RCR_IPC))
		return 0;
	return xgm_rx_csum_status(f->data + XGM_PAD, f->len - ETH_FCS_LEN);
}

/* The context descriptor of a stamped frame, at ring index @idx */
static void xgm_rx_ctx(struct xgm_model *m, u32 c, u32 idx)
{
	struct xgm_rxc *rx = &m->rx[c];
	struct xgm_desc *d = xgm_va(m, rx->base + idx * XGM_DESC_SIZE,
				    XGM_DESC_SIZE);
	u32 rem;
	u64 sec = div_u64_rem(rx->ts_ns, NSEC_PER_SEC, &rem);

	d->des0 = cpu_to_le32(rem);
	d->des1 = cpu_to_le32(sec);
	d->des2 = 0;
	dma_wmb();
	WRITE_ONCE(d->des3, cpu_to_le32(RDES3_CTXT | RDES3_TSA));
	m->st[c].rx_descs++;
}

/* A held context descriptor goes to memory before anything after it. */
static void xgm_rx_ctx_flush(struct xgm_model *m, u32 c)
{
	struct xgm_rxc *rx = &m->rx[c];

	if (rx->ctx_held == U32_MAX)
		return;
	xgm_rx_ctx(m, c, rx->ctx_held);
	rx->ctx_held = U32_MAX;
}

/* Write one frame into @need descriptors from the channel's current one,
 * and its context descriptor after them if it is stamped.
 */
static void xgm_rx_write(struct xgm_model *m, u32 c, u64 base, u32 n,
			 u32 rbsz, const struct xgm_rx_frame *f)
{
	struct xgm_rxc *rx = &m->rx[c];
	u32 off = 0, chunk, des3, wb;
	bool ioc = false, ts = rx->ts_n;

	while (off < f->len) {
		struct xgm_desc *d = xgm_va(m, base + rx->cur * XGM_DESC_SIZE,
					    XGM_DESC_SIZE);
		u64 buf = (u64)le32_to_cpu(d->des1) << 32 |
			  le32_to_cpu(d->des0);
		void *va;

		des3 = le32_to_cpu(READ_ONCE(d->des3));
		ioc |= des3 & RDES3_IOC;
		chunk = min(rbsz, f->len - off);
		va = xgm_va(m, buf, chunk);
		if (va)
			memcpy(va, f->data + XGM_PAD + off, chunk);
		else
			m->st[c].bad_desc++;
		wb = off ? 0 : RDES3_FD;
		off += chunk;
		if (off == f->len)
			wb |= RDES3_LD | xgm_rx_status(m, f) |
			      (ts ? RDES3_CDA : 0);
		/* a tagged frame's kind where no error is, stripped or not;
		 * the outer tag's TCI with EVLRXS
		 */
		if (off == f->len && f->vlan && !(wb & RDES3_ES))
			wb |= FIELD_PREP(RDES3_ET, f->vlan >> 16);
		d->des0 = off == f->len && (rd(m, R_VLAN_TAG) & VLAN_TAG_EVLRXS) ?
			  cpu_to_le32(f->vlan & 0xffff) : 0;
		d->des1 = 0;
		d->des2 = 0;
		dma_wmb();
		WRITE_ONCE(d->des3, cpu_to_le32(wb | FIELD_PREP(RDES3_PL, off)));
		m->st[c].rx_descs++;
		if (++rx->cur == n) {
			rx->cur = 0;
			m->st[c].rx_wraps++;
		}
	}
	if (ts) {
		rx->ts_n--;
		rx->ctx_held = rx->cur;
		if (!rx->ts_hold)
			xgm_rx_ctx_flush(m, c);
		if (++rx->cur == n) {
			rx->cur = 0;
			m->st[c].rx_wraps++;
		}
	}
	m->st[c].rx_frames++;
	if (ioc) {
		m->st[c].ri++;
		xgm_raise(m, c, ST_RI);
	} else {
		rx->wd_pending = true;
	}
}

/* The RX DMA: move what the FIFO holds into the ring while it has room. */
static u32 xgm_rx_chan(struct xgm_model *m, u32 c)
{
	struct xgm_rxc *rx = &m->rx[c];
	u64 base = xgm_ring_base(m, c, CH_RXD_HI, CH_RXD_LO);
	u32 n = FIELD_GET(RING_LEN, rd(m, R_CH(c, CH_RX_LEN))) + 1;
	u32 rbsz = FIELD_GET(RX_CTRL_RBSZ, rd(m, R_CH(c, CH_RX_CTRL)));
	struct xgm_rx_frame *f;
	u32 done = 0;

	if (!rx->on)
		return 0;
	while (!list_empty(&rx->fifo)) {
		f = list_first_entry(&rx->fifo, struct xgm_rx_frame, node);
		xgm_rx_ctx_flush(m, c);
		if (!rbsz || !xgm_rx_room(m, c, base, n,
					  DIV_ROUND_UP(f->len, rbsz) +
					  !!rx->ts_n)) {
			m->st[c].rbu++;
			xgm_raise(m, c, ST_RBU);
			break;
		}
		xgm_rx_write(m, c, base, n, rbsz, f);
		list_del(&f->node);
		rx->fifo_bytes -= f->len;
		kfree(f);
		done++;
	}
	return done;
}

static void xgm_rx_apply_fault(struct xgm_rxc *rx, struct xgm_rx_frame *f)
{
	u8 *p = f->data + XGM_PAD;
	struct xgm_hdrs h;
	u32 field;

	if (!rx->fault_n)
		return;
	f->fault = rx->fault;
	if (!--rx->fault_n)
		rx->fault = XGM_RXF_NONE;
	if (f->fault == XGM_RXF_CRC)
		p[f->len - 1] ^= 0xff;
	if (f->fault != XGM_RXF_L4_CSUM ||
	    !xgm_parse(p, f->len - ETH_FCS_LEN, &h))
		return;
	field = xgm_csum_field(h.proto);
	if (field && h.l4 + field + 2 <= f->len - ETH_FCS_LEN)
		p[h.l4 + field] ^= 0x5a;
}

/* The VLAN hash bin of @vid: the CRC-32 of its 12 bits, low bit first,
 * whose four lowest bits of the complement, reversed, index the table.
 */
static u32 xgm_vlan_bin(u16 vid)
{
	u8 lo = vid & 0xff;
	u32 crc = crc32_le(~0, &lo, 1), low, i;

	for (i = 8; i < 12; i++)
		crc = (crc >> 1) ^ ((crc ^ (vid >> i)) & 1 ? 0xedb88320 : 0);
	low = ~crc & 0xf;
	return (low & 1) << 3 | (low & 2) << 1 | (low & 4) >> 1 | (low & 8) >> 3;
}

/**
 * xgm_vlan_entries() - the VLAN perfect-filter entries of the core
 * @m: the model
 *
 * Return: how many &xgm_model.nrvf gives, 0 for none.
 */
u32 xgm_vlan_entries(const struct xgm_model *m)
{
	static const u8 n[] = { 0, 4, 8, 16, 24, 32 };

	return m->nrvf < ARRAY_SIZE(n) ? n[m->nrvf] : 0;
}

/* An enabled perfect-filter entry for this C-tag (ETV: its 12-bit VID;
 * else the whole TCI)
 */
static bool xgm_vlan_entry_hit(struct xgm_model *m, u16 tci)
{
	u32 i, e;

	for (i = 0; i < xgm_vlan_entries(m); i++) {
		e = m->vlan_ent[i];
		if (!(e & VLAN_DATA_VEN))
			continue;
		if (e & VLAN_DATA_ETV ?
		    (tci & VLAN_VID_MASK) == (e & VLAN_VID_MASK) :
		    tci == FIELD_GET(VLAN_DATA_VID, e))
			return true;
	}
	return false;
}

/* The VLAN tag filter's verdict on an 802.1Q tag: its VID's bin is set
 * (VTHM) or, on a core with perfect-filter entries, an enabled one matches
 * it (the hash's and the entries' results ORed, our reading of the
 * databook's "combined"); without entries, its VID (ETV: 12 bits; else the
 * whole TCI) equals the tag register's.
 */
static bool xgm_vlan_tci_pass(struct xgm_model *m, u16 tci)
{
	u32 tag = rd(m, R_VLAN_TAG);
	u16 vid = tci & VLAN_VID_MASK;

	if (!(rd(m, R_PKT_FILTER) & PKT_FILTER_VTFE))
		return true;
	if ((tag & VLAN_TAG_VTHM) &&
	    (rd(m, R_VLAN_HASH) & BIT(xgm_vlan_bin(vid))))
		return true;
	if (m->nrvf)
		return xgm_vlan_entry_hit(m, tci);
	if (tag & VLAN_TAG_VTHM)
		return false;
	if (tag & VLAN_TAG_ETV)
		return vid == (FIELD_GET(VLAN_TAG_VL, tag) & VLAN_VID_MASK);
	return tci == FIELD_GET(VLAN_TAG_VL, tag);
}

/* An access to one perfect-filter entry (OB), completed at the model's
 * next service. The VLANs a test keeps (&xgm_model.vlan_keep) must pass
 * after each one: a driver that takes the hash off before the entries
 * are in, or the entries out before the hash is on, drops their frames
 * in between.
 */
static void xgm_vlan_access(struct xgm_model *m)
{
	u32 ctrl = rd(m, R_VLAN_TAG), n = FIELD_GET(VLAN_TAG_OFS, ctrl), i;

	if (!(ctrl & VLAN_TAG_OB) || !m->nrvf)
		return;
	if (n < xgm_vlan_entries(m)) {
		if (ctrl & VLAN_TAG_CT)
			wr(m, R_VLAN_DATA, m->vlan_ent[n]);
		else
			m->vlan_ent[n] = rd(m, R_VLAN_DATA);
	}
	wr(m, R_VLAN_TAG, ctrl & ~VLAN_TAG_OB);
	for (i = 0; i < m->vlan_keep_n; i++)
		if (!xgm_vlan_tci_pass(m, m->vlan_keep[i]))
			m->vlan_keep_lost++;
}

/* The receiver's VLAN tag filter (VTFE) on a frame: 802.1Q-tagged ones as
 * xgm_vlan_tci_pass() says; untagged frames, and 802.1ad ones (S-VLAN not
 * enabled), pass. Promiscuous mode does not bypass it.
 */
static bool xgm_vlan_pass(struct xgm_model *m, const u8 *frame, u32 len)
{
	if (len < VLAN_ETH_HLEN ||
	    get_unaligned_be16(frame + 12) != ETH_P_8021Q)
		return true;
	return xgm_vlan_tci_pass(m, get_unaligned_be16(frame + 14));
}

/* EVLS 3: the MAC takes an outer C-tag out of every frame it receives,
 * after the VLAN filter. With ESVL and EDVLP clear an S-tag is no VLAN
 * tag to it: it stays (double VLAN processing is not modelled).
 */
static bool xgm_strips(struct xgm_model *m, u32 kind)
{
	u32 lt = kind >> 16;

	return FIELD_GET(VLAN_TAG_EVLS, rd(m, R_VLAN_TAG)) == 3 &&
	       (lt == 9 || lt == 10 || lt == 12);
}

/* Put a frame on the wire of TX channel @c: padded, with its FCS, into the
 * RX queue of the same number (queue 0 if that one is off) and the DMA
 * channel the MTL maps that queue to, if the receiver's filter passes it.
 */

static void xgm_send(struct xgm_model *m, u32 c, const u8 *frame, u32 len)
{
	u32 q = xgm_rxq_on(m, c) ? c : 0, chan, cap, flen, vlan;
	struct xgm_rx_frame *f;
	struct xgm_rxc *rx;
	bool strip;

	m->st[c].tx_segments++;
	if (!xgm_vlan_pass(m, frame, len)) {
		m->st[c].rx_vlan_drops++;
		return;
	}
	if (!xgm_l3l4_pass(m, frame, len)) {
		m->st[c].rx_l3l4_drops++;
		return;
	}
	chan = (rd(m, R_RXQ_DMA_MAP(q / 4)) >> (8 * (q % 4))) & 0xf;
	if (!(rd(m, R_RCR) & RCR_RE) || !xgm_rxq_on(m, q) ||
	    chan >= XGM_CHANNELS) {
		m->st[c].rx_off_drops++;
		return;
	}
	rx = &m->rx[chan];
	/* The sender padded the frame, its tag in it, to the minimum; the
	 * receiver takes the tag out of that: 56 bytes and the FCS are left.
	 */
	vlan = xgm_vlan_kind(frame, len);
	strip = xgm_strips(m, vlan);
	flen = max_t(u32, len, ETH_ZLEN) + ETH_FCS_LEN -
	       (strip ? VLAN_HLEN : 0);
	cap = (FIELD_GET(RXQ_OP_RQS, rd(m, R_MTL_RXQ_OP(q))) + 1) * 256;
	if (rx->fifo_bytes + flen > cap) {
		m->st[chan].rx_fifo_drops++;
		return;
	}
	f = kzalloc(struct_size(f, data, XGM_PAD + flen), GFP_ATOMIC);
	if (!f) {
		m->st[chan].rx_fifo_drops++;
		return;
	}
	f->len = flen;
	f->vlan = vlan;
	m->st[chan].rx_stripped += strip;
	if (strip) {
		memcpy(f->data + XGM_PAD, frame, 2 * ETH_ALEN);
		memcpy(f->data + XGM_PAD + 2 * ETH_ALEN,
		       frame + ETH_HLEN + 2, len - ETH_HLEN - 2);
	} else {
		memcpy(f->data + XGM_PAD, frame, len);
	}
	put_unaligned_le32(~crc32_le(~0, f->data + XGM_PAD, flen - ETH_FCS_LEN),
			   f->data + XGM_PAD + flen - ETH_FCS_LEN);
	xgm_rx_apply_fault(rx, f);
	list_add_tail(&f->node, &rx->fifo);
	rx->fifo_bytes += flen;
	xgm_rx_chan(m, chan);
}

/* Has the clock reached launch time @lt, @lt_ns (&xgm_txc.lt)? Eight bits
 * of seconds: our reading is that the DMA takes the time nearest to the
 * clock's, within 128 s either way; the databook gives no rule.
 */
static bool xgm_lt_due(const struct xgm_model *m, u32 lt, u32 lt_ns)
{
	u32 ns, sec = div_u64_rem(m->now, NSEC_PER_SEC, &ns);
	s8 ahead = (s8)(FIELD_GET(TDES4_LT_SEC, lt) - (sec & 0xff));

	if (!(lt & TDES4_LTV))
		return true;
	return ahead < 0 || (!ahead && (ns & TDES5_LT_NS) >= lt_ns);
}

/* The MTL TX queue of channel @c: a frame waits there while the queue's
 * gate is closed, its launch time is ahead, or frames before it wait
 * (&xgm_model.held).
 */
static void xgm_wire(struct xgm_model *m, u32 c, const u8 *frame, u32 len)
{
	const struct xgm_txc *tx = &m->tx[c];
	struct xgm_rx_frame *f;
	bool due = xgm_lt_due(m, tx->lt, tx->lt_ns);

	if (list_empty(&m->held[c]) && xgm_gate_open(m, c) && due)
		return xgm_send(m, c, frame, len);
	f = kmalloc(struct_size(f, data, len), GFP_ATOMIC);
	if (!f)
		return;
	f->len = len;
	f->lt = tx->lt;
	f->lt_ns = tx->lt_ns;
	memcpy(f->data, frame, len);
	list_add_tail(&f->node, &m->held[c]);
	m->held_bytes[c] += len;
	if (due)
		m->st[c].est_held++;
	else
		m->st[c].lt_held++;
}

/* Frames whose gate opened and whose launch time came go, in order */
static void xgm_est_release(struct xgm_model *m)
{
	struct xgm_rx_frame *f;
	u32 c;

	for (c = 0; c < XGM_CHANNELS; c++) {
		while (!list_empty(&m->held[c]) && xgm_gate_open(m, c)) {
			f = list_first_entry(&m->held[c], struct xgm_rx_frame,
					     node);
			if (!xgm_lt_due(m, f->lt, f->lt_ns))
				break;
			list_del(&f->node);
			m->held_bytes[c] -= f->len;
			xgm_send(m, c, f->data, f->len);
			kfree(f);
		}
	}
}

/* Send a frame of TX channel @c, with the VLAN tag its descriptors asked
 * the MAC to insert after the source address (&xgm_txc.ins).
 */
static void xgm_tx_wire(struct xgm_model *m, u32 c, const u8 *frame, u32 len)
{
	u32 tag = m->tx[c].ins;
	u8 *f;

	if (!tag || len < ETH_HLEN)
		return xgm_wire(m, c, frame, len);
	f = kmalloc(len + VLAN_HLEN, GFP_ATOMIC);
	if (!f)
		return;
	memcpy(f, frame, 2 * ETH_ALEN);
	put_unaligned_be32(tag, f + 2 * ETH_ALEN);
	memcpy(f + 2 * ETH_ALEN + VLAN_HLEN, frame + 2 * ETH_ALEN,
	       len - 2 * ETH_ALEN);
	xgm_wire(m, c, f, len + VLAN_HLEN);
	kfree(f);
}

/* The tag a frame gets, from its first descriptor's VTIR: inserting one
 * takes VLTI (the descriptors give tag and operation) and a context
 * descriptor with a valid tag before the frame, which then is used up;
 * the inserted tag is an 802.1ad one with CSVL. The driver asks for no
 * other operation (remove, replace).
 */
static void xgm_tx_tag(struct xgm_model *m, u32 c)
{
	struct xgm_txc *tx = &m->tx[c];
	u32 incl = rd(m, R_VLAN_INCL);

	tx->ins = 0;
	if (tx->vtir == VTIR_INSERT && (incl & VLAN_INCL_VLTI) &&
	    tx->vt_valid)
		tx->ins = (incl & VLAN_INCL_CSVL ? ETH_P_8021AD : ETH_P_8021Q) <<
			  16 | tx->vt;
	else if (tx->vtir)
		m->st[c].bad_desc++;
	tx->vt_valid = false;
}

/* TSO: one segment's headers made from the frame's (@i-th, @off bytes
 * into the payload, @n long).
 */
static void xgm_tso_fix(u8 *s, const struct xgm_hdrs *h,
			const struct xgm_txc *tx, u32 i, u32 off, u32 n)
{
	struct tcphdr *th = (void *)(s + h->l4);
	u32 l4len = tx->tcp_len + n;

	if (h->v6) {
		struct ipv6hdr *ip6 = (void *)(s + h->l3);

		ip6->payload_len = htons(l4len);
	} else {
		struct iphdr *ip = (void *)(s + h->l3);

		ip->tot_len = htons(h->l4 - h->l3 + l4len);
		ip->id = htons(ntohs(ip->id) + i);
		xgm_ip4_sum(s, h);
	}
	th->seq = htonl(ntohl(th->seq) + off);
	/* FIN and PSH belong to the last segment, CWR to the first. */
	if (off + n < tx->pay_len) {
		th->fin = 0;
		th->psh = 0;
	}
	if (i)
		th->cwr = 0;
	th->check = 0;
	th->check = xgm_l4_sum(s, h, l4len);
}

static void xgm_tso(struct xgm_model *m, u32 c)
{
	struct xgm_txc *tx = &m->tx[c];
	const u8 *f = tx->buf + XGM_PAD;
	u32 hl = tx->hdr_len, off, n, i;
	struct xgm_hdrs h;
	u8 *seg;

	if (tx->len != hl + tx->pay_len || !tx->mss || !xgm_parse(f, hl, &h) ||
	    h.proto != IPPROTO_TCP || h.l4 + tx->tcp_len != hl) {
		m->st[c].bad_desc++;
		return;
	}
	seg = kmalloc(XGM_PAD + hl + tx->mss, GFP_ATOMIC);
	if (!seg)
		return;
	for (off = 0, i = 0; off < tx->pay_len; off += n, i++) {
		n = min(tx->mss, tx->pay_len - off);
		memcpy(seg + XGM_PAD, f, hl);
		memcpy(seg + XGM_PAD + hl, f + hl + off, n);
		xgm_tso_fix(seg + XGM_PAD, &h, tx, i, off, n);
		xgm_tx_wire(m, c, seg + XGM_PAD, hl + n);
	}
	kfree(seg);
}

/* The last descriptor of a frame is closed: send it. */
static void xgm_tx_done(struct xgm_model *m, u32 c)
{
	struct xgm_txc *tx = &m->tx[c];

	tx->in_frame = false;
	m->st[c].tx_frames++;
	xgm_tx_tag(m, c);
	if (tx->tso) {
		xgm_tso(m, c);
	} else if (tx->len != tx->frame_len) {
		m->st[c].bad_desc++;
	} else {
		xgm_csum_insert(tx->buf + XGM_PAD, tx->len, tx->cic);
		xgm_tx_wire(m, c, tx->buf + XGM_PAD, tx->len);
	}
	if (tx->ioc) {
		m->st[c].ti++;
		xgm_raise(m, c, ST_TI);
	}
}

/* @ext: the enhanced descriptor's own words, NULL without EDSE */
static void xgm_tx_first(struct xgm_model *m, u32 c, u32 des3, u32 len,
			 const __le32 *ext)
{
	struct xgm_txc *tx = &m->tx[c];
	u32 ctrl = rd(m, R_CH(c, CH_TX_CTRL));

	if (tx->in_frame)
		m->st[c].bad_desc++;
	tx->in_frame = true;
	tx->len = 0;
	tx->ioc = false;
	tx->tso = des3 & TDES3_TSE;
	tx->lt = ext ? le32_to_cpu(ext[0]) : 0;
	tx->lt_ns = ext ? le32_to_cpu(ext[1]) & TDES5_LT_NS : 0;
	/* TSE, and not with EDSE: upstream never has both on a channel */
	if (tx->tso && (!(ctrl & TX_CTRL_TSE) || (ctrl & TX_CTRL_EDSE)))
		m->st[c].bad_desc++;
	if (tx->tso) {
		tx->hdr_len = len;
		tx->tcp_len = FIELD_GET(TDES3_THL, des3) * 4;
		tx->pay_len = FIELD_GET(TDES3_TPL, des3);
	} else {
		tx->frame_len = FIELD_GET(TDES3_FL, des3);
		tx->cic = FIELD_GET(TDES3_CIC, des3);
	}
}

/* Fetch a buffer into the TX FIFO, checking the driver still maps it. */
static void xgm_tx_gather(struct xgm_model *m, u32 c, u64 addr, u32 len)
{
	struct xgm_txc *tx = &m->tx[c];
	void *va = xgm_va(m, addr, len);

	if (m->buf_live && !m->buf_live(m->ctx, c, addr, len))
		m->st[c].bad_read++;
	if (!va) {
		m->st[c].bad_read++;
		return;
	}
	if (tx->len + len > XGM_TX_BUF - XGM_PAD) {
		m->st[c].bad_desc++;
		return;
	}
	memcpy(tx->buf + XGM_PAD + tx->len, va, len);
	tx->len += len;
}

/* Write back a TX descriptor: OWN and the buffer fields cleared (the
 * write-back format holds timestamps there), FD, LD and CTXT kept.
 */
static void xgm_tx_close(struct xgm_desc *d, u32 des3)
{
	d->des0 = 0;
	d->des1 = 0;
	d->des2 = 0;
	dma_wmb();
	WRITE_ONCE(d->des3, cpu_to_le32(des3 & (TDES3_FD | TDES3_LD |
						TDES3_CTXT)));
}

static void xgm_tx_desc(struct xgm_model *m, u32 c, struct xgm_desc *d,
			u32 des3, bool edse)
{
	struct xgm_txc *tx = &m->tx[c];
	u32 des2 = le32_to_cpu(d->des2);
	u64 addr = (u64)le32_to_cpu(d->des1) << 32 | le32_to_cpu(d->des0);

	m->st[c].tx_descs++;
	if (des2 & TDES2_IOC)
		m->st[c].tx_ioc++;
	if (des3 & TDES3_CTXT) {
		if (tx->in_frame)
			m->st[c].bad_desc++;
		if (!tx->in_frame && (des3 & TDES3_TCMSSV))
			tx->mss = FIELD_GET(TDES2_MSS, des2);
		if (!tx->in_frame && (des3 & TDES3_VLTV)) {
			tx->vt = FIELD_GET(TDES3_VT, des3);
			tx->vt_valid = true;
		}
		xgm_tx_close(d, des3);
		return;
	}
	if (des3 & TDES3_FD) {
		xgm_tx_first(m, c, des3, FIELD_GET(TDES2_B1L, des2),
			     edse ? (__le32 *)d - 4 : NULL);
		tx->vtir = FIELD_GET(TDES2_VTIR, des2);
	}
	if (!tx->in_frame) {
		m->st[c].bad_desc++;
		xgm_tx_close(d, des3);
		return;
	}
	tx->ioc |= des2 & TDES2_IOC;
	xgm_tx_gather(m, c, addr, FIELD_GET(TDES2_B1L, des2));
	xgm_tx_close(d, des3);
	if (des3 & TDES3_LD)
		xgm_tx_done(m, c);
}

/* The TX DMA of channel @c: at most @budget descriptors up to its tail. */
static u32 xgm_tx_chan(struct xgm_model *m, u32 c, u32 budget)
{
	struct xgm_txc *tx = &m->tx[c];
	u64 base = xgm_ring_base(m, c, CH_TXD_HI, CH_TXD_LO);
	u32 n = FIELD_GET(RING_LEN, rd(m, R_CH(c, CH_TX_LEN))) + 1;
	u32 tail = rd(m, R_CH(c, CH_TX_TAIL)), done = 0, des3;
	bool edse = rd(m, R_CH(c, CH_TX_CTRL)) & TX_CTRL_EDSE;
	u32 size = XGM_DESC_SIZE * (edse ? 2 : 1);
	struct xgm_desc *d;
	u64 addr;

	if (!tx->on || !(rd(m, R_TCR) & TCR_TE))
		return 0;
	/* EDSE: 32-byte descriptors, their normal four words last */
	while (done < budget) {
		addr = base + tx->cur * size;
		if (lower_32_bits(addr) == tail)
			break;
		addr += size - XGM_DESC_SIZE;
		/* a full MTL queue takes no more frames */
		if (!tx->in_frame && m->held_bytes[c] >=
		    (FIELD_GET(TXQ_OP_TQS, rd(m, R_MTL_TXQ_OP(c))) + 1) * 256)
			break;
		d = xgm_va(m, addr, XGM_DESC_SIZE);
		des3 = d ? le32_to_cpu(READ_ONCE(d->des3)) : 0;
		if (!(des3 & TDES3_OWN)) {
			m->st[c].tbu++;
			xgm_raise(m, c, ST_TBU);
			break;
		}
		dma_rmb();
		xgm_tx_desc(m, c, d, des3, edse);
		done++;
		if (++tx->cur == n) {
			tx->cur = 0;
			m->st[c].tx_wraps++;
		}
	}
	return done;
}

/* The RX watchdog: frames written without IOC interrupt once it expires,
 * which in the model is by the end of the step that wrote them.
 */
static void xgm_rx_watchdog(struct xgm_model *m)
{
	u32 c;

	for (c = 0; c < XGM_CHANNELS; c++) {
		if (!m->rx[c].wd_pending ||
		    !FIELD_GET(RWT_RWT, rd(m, R_CH(c, CH_RWT))))
			continue;
		m->rx[c].wd_pending = false;
		m->st[c].ri++;
		xgm_raise(m, c, ST_RI);
	}
}

/**
 * xgm_step() - let the DMA run
 * @m: the model
 * @budget: the most TX descriptors each channel takes
 *
 * Every TX channel sends what is owned up to its tail, within @budget,
 * each frame going straight to its RX queue; every RX channel then takes
 * what its FIFO holds while descriptors allow.
 *
 * Return: true if a descriptor was processed.
 */
bool xgm_step(struct xgm_model *m, u32 budget)
{
	unsigned long flags;
	u32 c, done = 0;

	spin_lock_irqsave(&m->lock, flags);
	xgm_sync_locked(m);
	xgm_est_release(m);
	for (c = 0; c < XGM_CHANNELS; c++)
		done += xgm_tx_chan(m, c, budget);
	for (c = 0; c < XGM_CHANNELS; c++)
		done += xgm_rx_chan(m, c);
	xgm_rx_watchdog(m);
	xgm_publish(m);
	spin_unlock_irqrestore(&m->lock, flags);
	return done;
}

/**
 * xgm_lines() - the interrupt lines the model asserts now
 * @m: the model
 * @l: the lines
 *
 * A channel event interrupts when its enable is set, and its summary's
 * (NIE for TI, TBU, RI; AIE for the others); with &xgm_model.edge_irq,
 * only if it was raised while its enable was set. With DMA_MODE.INTM 1, TI and
 * RI go to the channel's own TX and RX lines, everything else to the
 * common one; with 0, everything goes to the common line. Frame
 * preemption's status interrupts on the common line while FPEIE is set.
 */
void xgm_lines(struct xgm_model *m, struct xgm_lines *l)
{
	unsigned long flags;
	u32 c, en, act, norm, abn;
	bool perch;

	memset(l, 0, sizeof(*l));
	spin_lock_irqsave(&m->lock, flags);
	/* the handler the common line last ran read them */
	m->fpe_sts &= ~m->fpe_shown;
	m->fpe_shown = 0;
	xgm_sync_locked(m);
	perch = FIELD_GET(MODE_INTM, rd(m, R_DMA_MODE)) == 1;
	for (c = 0; c < XGM_CHANNELS; c++) {
		en = rd(m, R_CH(c, CH_INT_EN));
		act = m->status[c] & en & ~m->quiet[c];
		norm = en & ST_NIS ? act & ST_NORMAL : 0;
		abn = en & ST_AIS ? act & ST_ABNORMAL : 0;
		if (perch) {
			l->tx |= norm & ST_TI ? BIT(c) : 0;
			l->rx |= norm & ST_RI ? BIT(c) : 0;
			norm &= ~(ST_TI | ST_RI);
		}
		l->common |= norm || abn;
	}
	if (m->est_sts & rd(m, R_EST_INT_EN) & GENMASK(4, 0))
		l->common = true;
	if (m->fpe_sts && (rd(m, R_INT_EN) & INT_FPEIE)) {
		l->common = true;
		m->fpe_shown = m->fpe_sts;
	}
	spin_unlock_irqrestore(&m->lock, flags);
}

/**
 * xgm_rx_pending() - frames wait in an RX FIFO for descriptors
 * @m: the model
 *
 * Return: true if any RX queue holds a frame.
 */
bool xgm_rx_pending(struct xgm_model *m)
{
	unsigned long flags;
	bool ret = false;
	u32 c;

	spin_lock_irqsave(&m->lock, flags);
	for (c = 0; c < XGM_CHANNELS; c++)
		ret |= !list_empty(&m->rx[c].fifo);
	spin_unlock_irqrestore(&m->lock, flags);
	return ret;
}

/**
 * xgm_rx_fault() - make the next frames of an RX channel bad
 * @m: the model
 * @chan: the RX DMA channel
 * @f: what is wrong with them
 * @n: how many frames
 */
void xgm_rx_fault(struct xgm_model *m, u32 chan, enum xgm_rx_fault f, u32 n)
{
	unsigned long flags;

	spin_lock_irqsave(&m->lock, flags);
	m->rx[chan].fault = f;
	m->rx[chan].fault_n = n;
	spin_unlock_irqrestore(&m->lock, flags);
}

/**
 * xgm_rx_ts() - stamp the next frames of an RX channel
 * @m: the model
 * @chan: the RX DMA channel
 * @n: how many frames
 * @ns: their stamp
 * @hold: write each context descriptor only when the next frame comes or
 *	xgm_rx_ts_release() is called, after the frame's RI
 */
void xgm_rx_ts(struct xgm_model *m, u32 chan, u32 n, u64 ns, bool hold)
{
	unsigned long flags;

	spin_lock_irqsave(&m->lock, flags);
	m->rx[chan].ts_n = n;
	m->rx[chan].ts_ns = ns;
	m->rx[chan].ts_hold = hold;
	spin_unlock_irqrestore(&m->lock, flags);
}

/**
 * xgm_rx_ts_release() - write the context descriptor xgm_rx_ts() held
 * @m: the model
 * @chan: the RX DMA channel
 */
void xgm_rx_ts_release(struct xgm_model *m, u32 chan)
{
	unsigned long flags;

	spin_lock_irqsave(&m->lock, flags);
	xgm_rx_ctx_flush(m, chan);
	spin_unlock_irqrestore(&m->lock, flags);
}

/**
 * xgm_fpe_peer_verify() - the link peer sends a verify mPacket
 * @m: the model
 */
void xgm_fpe_peer_verify(struct xgm_model *m)
{
	unsigned long flags;

	spin_lock_irqsave(&m->lock, flags);
	m->fpe_sts |= FPE_RVER;
	xgm_fpe_sync(m);
	spin_unlock_irqrestore(&m->lock, flags);
}

/**
 * xgm_set_time() - move the PTP clock: EST's gates follow
 * @m: the model
 * @ns: the new time
 *
 * A list waiting for its base time takes over when the time reaches it;
 * frames whose gate opens go.
 */
void xgm_set_time(struct xgm_model *m, u64 ns)
{
	unsigned long flags;

	spin_lock_irqsave(&m->lock, flags);
	/* what the driver wrote happened before the clock moved */
	xgm_sync_locked(m);
	m->now = ns;
	xgm_sync_locked(m);
	xgm_est_release(m);
	xgm_publish(m);
	spin_unlock_irqrestore(&m->lock, flags);
}

/**
 * xgm_est_error() - EST reports errors
 * @m: the model
 * @sts: EST_STATUS bits
 * @sch: queues blocked by the schedule (HLBS)
 * @frm: queues blocked by a frame's size (HLBF)
 */
void xgm_est_error(struct xgm_model *m, u32 sts, u32 sch, u32 frm)
{
	unsigned long flags;

	spin_lock_irqsave(&m->lock, flags);
	m->est_sts |= sts;
	m->est_sch |= sch;
	m->est_frm |= frm;
	xgm_publish(m);
	spin_unlock_irqrestore(&m->lock, flags);
}

/* What the hardware does by itself: a software reset completes, an MDIO
 * command finds no PHY (all ones).
 */
static void xgm_service(struct timer_list *t)
{
	struct xgm_model *m = stmmac_timer_of(m, t, service);
	unsigned long flags;

	spin_lock_irqsave(&m->lock, flags);
	if (rd(m, R_DMA_MODE) & MODE_SWR)
		xgm_reset(m);
	if (rd(m, R_MDIO_DATA) & MDIO_BUSY)
		wr(m, R_MDIO_DATA, 0xffff);
	/* the unit's commands, EST's words, the VLAN filter entries' and
	 * the L3/L4 filters' accesses, which the driver waits for
	 */
	xgm_tsu_sync(m);
	xgm_vlan_access(m);
	xgm_l3l4_access(m);
	xgm_est_switch(m);
	xgm_est_word(m);
	xgm_publish(m);
	spin_unlock_irqrestore(&m->lock, flags);
	if (!READ_ONCE(m->dead))
		mod_timer(&m->service, jiffies + 1);
}

/**
 * xgm_set_nrvf() - give the core VLAN perfect-filter entries
 * @m: the model, before the driver probes it
 * @nrvf: HW feature 3's NRVF code (&xgm_model.nrvf)
 */
void xgm_set_nrvf(struct xgm_model *m, u32 nrvf)
{
	unsigned long flags;

	spin_lock_irqsave(&m->lock, flags);
	m->nrvf = nrvf;
	xgm_id_regs(m, rd(m, R_HWF1) & 0x1f);
	spin_unlock_irqrestore(&m->lock, flags);
}

/**
 * xgm_set_l3l4() - give the core L3/L4 filters
 * @m: the model, before the driver probes it
 * @code: HW feature 1's L3L4FNUM code (&xgm_model.l3l4fnum)
 */
void xgm_set_l3l4(struct xgm_model *m, u32 code)
{
	unsigned long flags;

	spin_lock_irqsave(&m->lock, flags);
	m->l3l4fnum = code;
	xgm_id_regs(m, rd(m, R_HWF1) & 0x1f);
	spin_unlock_irqrestore(&m->lock, flags);
}

/**
 * xgm_create() - a model core, out of reset
 * @dev: the device whose DMA addresses it translates
 * @fifo_shift: its FIFOs are 128 << @fifo_shift bytes each way
 *
 * Return: the model, or NULL without memory.
 */
struct xgm_model *xgm_create(struct device *dev, u32 fifo_shift)
{
	struct xgm_model *m = kzalloc(sizeof(*m), GFP_KERNEL);
	u32 c;

	if (!m)
		return NULL;
	m->dev = dev;
	spin_lock_init(&m->lock);
	m->regs = kzalloc(XGM_WINDOW, GFP_KERNEL);
	if (!m->regs)
		goto err;
	for (c = 0; c < XGM_CHANNELS; c++) {
		INIT_LIST_HEAD(&m->rx[c].fifo);
		INIT_LIST_HEAD(&m->held[c]);
		m->rx[c].ctx_held = U32_MAX;
		m->tx[c].buf = vzalloc(XGM_TX_BUF);
		if (!m->tx[c].buf)
			goto err;
	}
	/* The driver only ever sees an __iomem cookie; here it is memory. */
	m->io = (void __iomem __force *)m->regs;
	xgm_id_regs(m, fifo_shift);
	xgm_reset(m);
	timer_setup(&m->service, xgm_service, 0);
	mod_timer(&m->service, jiffies + 1);
	return m;
err:
	for (c = 0; c < XGM_CHANNELS; c++)
		vfree(m->tx[c].buf);
	kfree(m->regs);
	kfree(m);
	return NULL;
}

/**
 * xgm_destroy() - free a model; the driver must be done with it
 * @m: the model
 */
void xgm_destroy(struct xgm_model *m)
{
	u32 c;

	WRITE_ONCE(m->dead, true);
	timer_shutdown_sync(&m->service);
	for (c = 0; c < XGM_CHANNELS; c++) {
		xgm_rx_flush(&m->rx[c]);
		xgm_held_flush(m, c);
		vfree(m->tx[c].buf);
	}
	kfree(m->regs);
	kfree(m);
}
