/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the XGMAC suites share (xgmac_data_kunit.c, xgmac_vlan_kunit.c):
 * the driver probed on the model of xgmac_model.c through data_harness.c,
 * the model's side of that harness, and the check that nothing in flight
 * was left behind.
 */

#ifndef __STMMAC_XGMAC_CASE_H__
#define __STMMAC_XGMAC_CASE_H__

#include <kunit/test.h>
#include <linux/io.h>

#include "data_harness.h"
#include "xgmac_model.h"

#define XD_QUEUES	8
/* the common line, then RX lines 0-7, then TX lines 0-7 */
#define XD_IRQS		(1 + 2 * XD_QUEUES)
/* 128 KiB FIFOs each way: 16 KiB per queue */
#define XD_FIFO_SHIFT	10

/* TCP with a 12-byte option block (timestamps): 32 bytes */
#define XD_TCP_HLEN	32
#define XD_HDR_TCP	(ETH_HLEN + 20 + XD_TCP_HLEN)
#define XD_MSS		1448
/* TX descriptors each channel takes per round: the RX side keeps up */
#define XD_BUDGET	16

struct xd {
	struct dh_case h;
	struct xgm_model *m;
	/* TX doorbells (tail pointer writes) per queue */
	u32 kicks[XD_QUEUES];
};

static inline struct xd *xd_of(struct dh_case *h)
{
	return container_of(h, struct xd, h);
}

extern const struct dh_ops xd_ops;

/**
 * struct xd_core - the board a case probes, beyond xd_probe()'s
 * @perch: per-channel interrupts
 * @coe_off: TX queues without checksum engine
 * @tbs: TX queues with launch time (&stmmac_plat.tx_tbs)
 * @nrvf: the core's VLAN perfect-filter entries (&xgm_model.nrvf)
 * @l3l4fnum: the core's L3/L4 filters (&xgm_model.l3l4fnum)
 */
struct xd_core {
	bool perch;
	u32 coe_off;
	u32 tbs;
	u32 nrvf;
	u32 l3l4fnum;
};

struct xd *xd_probe_core(struct kunit *test, const struct dh_suite *s,
			 const struct xd_core *core);
struct xd *xd_probe_tbs(struct kunit *test, const struct dh_suite *s,
			bool perch, u32 coe_off, u32 tbs);
struct xd *xd_probe(struct kunit *test, const struct dh_suite *s, bool perch,
		    u32 coe_off);
void xd_check_clean(struct xd *t);
int xd_set_channels(struct xd *t, u32 tx, u32 rx);
bool xd_irqs(struct dh_case *h);
void xd_queue_udp(struct xd *t, u32 q, u32 n);
void xd_send_udp(struct xd *t, u32 q, u32 n);
struct sk_buff *xd_tso(struct xd *t, u32 id, bool fin);

/* A register of the model's window, as the driver left it */
static inline u32 xd_reg(struct xd *t, u32 off)
{
	return readl(t->h.io + off);
}

#endif /* __STMMAC_XGMAC_CASE_H__ */
