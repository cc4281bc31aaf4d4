/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the data path suites of the DMA models (gmac_data_kunit.c on
 * gmac_model.c, xgmac_data_kunit.c on xgmac_model.c) share: the real driver
 * probed on a platform device whose registers and DMA are a model, opened
 * on a fixed link, the frames it receives taken from its rx_handler, its
 * interrupts fired as hard interrupts, frames built with an id the far end
 * finds them by, and the check that every frame sent arrived exactly once,
 * byte for byte. What differs between the cores (the model, its interrupt
 * lines, its queues, TSO) each suite brings through &struct dh_ops.
 */

#ifndef __STMMAC_DATA_HARNESS_H__
#define __STMMAC_DATA_HARNESS_H__

#include <kunit/test.h>
#include <linux/irq_work.h>
#include <linux/list.h>
#include <linux/netdevice.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <linux/xarray.h>
#include <net/netdev_queues.h>

#include "../stmmac.h"

/* The PTP message dh_ptp() builds, after the Ethernet header */
#define DH_PTP_LEN	44

struct bpf_insn;
struct bpf_prog;
struct dh_case;
struct dh_xsk;

/**
 * struct dh_exp - a frame sent, and what must arrive for it
 * @id: the id the frame carries (dh_frame_id())
 * @q: the TX queue it went to, the RX queue it must arrive on
 * @len: the frame as it must arrive (TSO: headers and all payload)
 * @ip: a TCP or UDP frame: the checksum engine verifies it
 * @bad_csum: damaged on the wire: it must not pass as verified
 * @tso: the driver segments it; &dh_ops.match_tso judges each segment
 * @segs: TSO: segments expected
 * @vlan: the tag it must arrive with, as &dh_rx.vlan: the one it was sent
 *	with out of band (skb->vlan_tci), which the MAC inserts
 * @got: frames (TSO: segments) that arrived
 * @seen: TSO: which segments arrived
 * @data: the frame as it must arrive (TSO: the template segments are cut
 *	from)
 */
struct dh_exp {
	u32 id;
	u32 q;
	u32 len;
	bool ip;
	bool bad_csum;
	bool tso;
	u32 segs;
	u32 vlan;
	u32 got;
	unsigned long *seen;
	u8 data[];
};

/**
 * struct dh_rx - a frame received
 * @node: in &dh_case.rx
 * @len: bytes in @data
 * @q: the RX queue the driver recorded, -1 if none
 * @ip_summed: the driver's checksum verdict
 * @hwts: the hardware RX stamp in nanoseconds, 0 if none
 * @l3_misalign: the address of what follows the Ethernet header, modulo 4
 * @vlan: the VLAN tag the stack took out of the frame before the
 *	rx_handler (its protocol << 16 | its TCI), 0 for none
 * @raw: it came out of an AF_XDP socket's RX ring, not from the stack: no
 *	skb, so no checksum verdict and no alignment to check
 * @data: the frame from its Ethernet header on
 */
struct dh_rx {
	struct list_head node;
	u32 len;
	int q;
	u8 ip_summed;
	u8 l3_misalign;
	u64 hwts;
	u32 vlan;
	bool raw;
	u8 data[];
};

/**
 * struct dh_ops - what a suite's model brings to the harness
 * @nr_irqs: interrupt lines the case allocates (&dh_case.irq_base on)
 * @l2_dst: destination of the frames built, NULL: the port's own address
 * @l2_src: source of the frames built, NULL: the port's own address
 * @step: one round of the DMA; true if it moved anything
 * @sync: brings the model's status in line before and after the handler
 * @irqs: fires (dh_fire()) every line the model asserts; true if one was
 * @rx_pending: frames the model still has to write into an RX ring
 * @moved: descriptors the DMA has processed so far, every direction
 * @match_tso: judges one received segment of a TSO frame (dh_bad() or
 *	&dh_exp.got); only a suite that sends TSO frames needs it
 * @destroy: frees the model, if the case made one
 */
struct dh_ops {
	u32 nr_irqs;
	const u8 *l2_dst;
	const u8 *l2_src;
	bool (*step)(struct dh_case *t);
	void (*sync)(struct dh_case *t);
	bool (*irqs)(struct dh_case *t);
	bool (*rx_pending)(struct dh_case *t);
	u64 (*moved)(struct dh_case *t);
	void (*match_tso)(struct dh_case *t, struct dh_exp *e,
			  const struct dh_rx *r);
	void (*destroy)(struct dh_case *t);
};

/**
 * struct dh_suite - a suite's platform driver and DT node
 * @name: the driver's, the devices' and the DT node's name
 * @ops: the suite's model
 * @drv: the platform driver the cases' devices bind to
 * @np: the DT node (a fixed link) the devices are given
 * @ocs: the changeset that made @np
 */
struct dh_suite {
	const char *name;
	const struct dh_ops *ops;
	struct platform_driver drv;
	struct device_node *np;
	struct of_changeset ocs;
};

/**
 * struct dh_case - one case's device, and what it sent and received
 * @test: the case
 * @suite: its suite
 * @pdev: the platform device the driver is probed on
 * @dev: the driver's net device, NULL once unbound
 * @priv: @dev's private data
 * @plat: the platform data the suite fills in before dh_probe()
 * @io: the register window (the model's)
 * @irq_base: the first of &dh_ops.nr_irqs interrupt lines
 * @irqs: interrupts fired, per line
 * @work: the hard interrupt that runs the handler of line @work_irq
 * @work_irq: the line @work fires
 * @lock: serialises @rx, @rx_nomem and @rx_copied
 * @rx: frames received, not yet checked
 * @rx_nomem: frames received that could not be kept
 * @rx_copied: frames received in an skb of their own, not in a page pool
 *	buffer (rx-copybreak)
 * @exp: frames sent, not yet checked, by id
 * @next_id: the next frame's id
 * @sent: frames the driver took
 * @bad: frames that arrived wrong, since the last check
 * @stuck: the data path stopped moving: send and wait no more
 * @hw_real: the driver's hardware operations, once dh_wrap_hw() wrapped
 * @hw: ours around them
 * @wrapped: in the harness's list of cases with @hw in place
 * @step_at_unmask: the DMA steps once just before the next TX unmask
 * @xdp_prog: the XDP program dh_xdp_attach() put in, NULL for none
 * @xdp_action: the case detaches it at its end
 * @xdp_msg: the extack message of the last refused dh_xdp_attach()
 * @xdp_to: the ifindex the redirecting program sends this device's frames
 *	to (xdp_harness.c)
 * @xsk: the AF_XDP socket the XSK program sends the UDP frames of its
 *	queue to (xsk_harness.c), NULL for none
 */
struct dh_case {
	struct kunit *test;
	const struct dh_suite *suite;
	struct platform_device *pdev;
	struct net_device *dev;
	struct stmmac_priv *priv;
	struct stmmac_plat plat;
	void __iomem *io;
	int irq_base;
	u32 *irqs;
	struct irq_work work;
	int work_irq;
	spinlock_t lock;	/* @rx, @rx_nomem, @rx_copied */
	struct list_head rx;
	u32 rx_nomem;
	u32 rx_copied;
	struct xarray exp;
	u32 next_id;
	u32 sent;
	u32 bad;
	bool stuck;
	const struct stmmac_hw_ops *hw_real;
	struct stmmac_hw_ops hw;
	struct list_head wrapped;
	bool step_at_unmask;
	struct bpf_prog *xdp_prog;
	bool xdp_action;
	char xdp_msg[NETLINK_MAX_FMTMSG_LEN];
	int xdp_to;
	struct dh_xsk *xsk;
};

int dh_suite_init(struct dh_suite *s);
void dh_suite_exit(struct dh_suite *s);

void dh_init(struct dh_case *t, struct kunit *test, const struct dh_suite *s);
void dh_probe(struct dh_case *t, struct stmmac_resources *res);
void dh_open(struct dh_case *t);
void dh_close(struct dh_case *t);
void dh_open_wait(struct dh_case *t);
void dh_set_rings(struct dh_case *t, u32 tx, u32 rx);
void dh_set_coal(struct dh_case *t, u32 usecs, u32 frames);
void dh_wrap_hw(struct dh_case *t);
struct dh_case *dh_of_io(void __iomem *io);
bool dh_tx_live(struct dh_case *t, u32 q, dma_addr_t addr, u32 len);

void dh_fire_bh_off(struct dh_case *t, u32 line);
void dh_fire(struct dh_case *t, u32 line);
void dh_softirqs(void);
u32 dh_bql_inflight(struct dh_case *t, u32 q);
void dh_run(struct dh_case *t);

u32 dh_id(struct dh_case *t);
u8 dh_pat(u32 id, u32 k);
void dh_l2(struct dh_case *t, u8 *f, u16 type);
void dh_ip4(u8 *f, u32 id, u32 ip_len, u8 proto);
__sum16 dh_l4_sum(const u8 *f, bool v6, u32 l4len, u8 proto);
int dh_add_frags(struct sk_buff *skb, u32 id, u32 k, const u32 *sizes,
		 const u32 *offs, u32 n);
struct sk_buff *dh_l4(struct dh_case *t, u32 id, u8 proto, bool v6, u32 lin,
		      const u32 *sizes, const u32 *offs, u32 n, bool partial);
struct sk_buff *dh_ptp(struct dh_case *t, u32 id, u8 type);

void dh_expect_store(struct dh_case *t, struct sk_buff *skb, u32 id, u32 q);
bool dh_xmit(struct dh_case *t, struct sk_buff *skb, u32 q, bool more);
void dh_send(struct dh_case *t, struct sk_buff *skb, u32 id, u32 q,
	     bool more);

/**
 * struct dh_qstats - the queue statistics of the netdev netlink family, as
 * `ynl netdev qstats-get` adds them up
 * @rx: each RX queue in use (the others left as the core leaves them, all
 *	ones)
 * @rx_sum: the base plus every RX queue in use (packets, bytes, hw_drops)
 * @tx: each TX queue in use, likewise
 * @tx_sum: the base plus every TX queue in use (packets, bytes)
 */
struct dh_qstats {
	struct netdev_queue_stats_rx rx[STMMAC_MAX_QUEUES], rx_sum;
	struct netdev_queue_stats_tx tx[STMMAC_MAX_QUEUES], tx_sum;
};

struct dh_qstats *dh_qstats_read(struct dh_case *t);

/* xdp_harness.c: the XDP cases both suites run */
int dh_xdp_attach(struct dh_case *t,
		  unsigned int (*fn)(const void *ctx, const struct bpf_insn *insn));
void dh_xdp_tx_case(struct dh_case *t, u32 q);
void dh_xdp_drop_case(struct dh_case *t, u32 q);
void dh_xdp_pass_case(struct dh_case *t, u32 q);
void dh_xdp_mtu_case(struct dh_case *t);
void dh_xdp_xmit_case(struct dh_case *t);
void dh_xdp_redirect_case(struct dh_case *t, u32 q);
void dh_xdp_redirect_fail_case(struct dh_case *t, u32 q);
void dh_xdp_redirect_dev_case(struct dh_case *a, struct dh_case *b, u32 q);

u64 dh_xdp_stat(struct dh_case *t, const char *dir, u32 q, const char *name);
void dh_xdp_detach_check(struct dh_case *t);

/* xsk_harness.c: AF_XDP sockets on a case's device */
void dh_xsk_copy_case(struct dh_case *t, u32 q);
void dh_xsk_zc_case(struct dh_case *t, u32 q);
void dh_xsk_other_case(struct dh_case *t, u32 q, u32 other);

void dh_copybreak_case(struct dh_case *t, u32 q);
void dh_rx_raw(struct dh_case *t, struct dh_rx *r);
void dh_bad(struct dh_case *t, const struct dh_rx *r, const char *why);
void dh_exp_free(struct dh_exp *e);
void dh_check(struct dh_case *t);
void dh_forget(struct dh_case *t);

#endif /* __STMMAC_DATA_HARNESS_H__ */
