/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Native XDP: the program, its verdicts in RX NAPI, XDP frames to the TX
 * rings.
 */

#ifndef __STMMAC_XDP_H__
#define __STMMAC_XDP_H__

#include <linux/netdevice.h>
#include <linux/types.h>

struct bpf_prog;
struct page;
struct stmmac_priv;
struct stmmac_rxq;
struct xdp_buff;
struct xdp_frame;

/* What became of a frame an XDP program saw; indexes the RX tallies. */
enum stmmac_xdp_act {
	STMMAC_XDP_PASS,	/* to the stack, as the program left it */
	STMMAC_XDP_DROP,	/* dropped: XDP_DROP, XDP_ABORTED */
	STMMAC_XDP_TX,		/* queued on a TX ring (XDP_TX) */
	STMMAC_XDP_REDIRECT,	/* handed to xdp_do_redirect() */
	STMMAC_XDP_ERR,		/* dropped: the verdict failed or is unknown */
	STMMAC_XDP_ACTS
};

/**
 * struct stmmac_xdp_poll - one RX poll's XDP state
 * @prog: the program, read once per poll; NULL: the ring has none
 * @tx: the TX queues given XDP_TX frames, to be flushed at the poll's end
 * @redirect: frames were redirected: xdp_do_flush() at the poll's end
 */
struct stmmac_xdp_poll {
	struct bpf_prog *prog;
	unsigned long tx;
	bool redirect;
};

unsigned int stmmac_xdp_max_mtu(const struct stmmac_priv *priv);
int stmmac_xdp_mtu_check(struct stmmac_priv *priv, unsigned int mtu);
int stmmac_bpf(struct net_device *dev, struct netdev_bpf *bpf);
int stmmac_xdp_xmit(struct net_device *dev, int n, struct xdp_frame **frames,
		    u32 flags);
enum stmmac_xdp_act stmmac_xdp_run(struct stmmac_rxq *q,
				   struct stmmac_xdp_poll *xp,
				   struct xdp_buff *xdp);
enum stmmac_xdp_act stmmac_xdp_rx(struct stmmac_rxq *q,
				  struct stmmac_xdp_poll *xp, struct page *page,
				  u32 *off, u32 *len, u32 *meta);
void stmmac_xdp_poll_end(struct stmmac_priv *priv, struct stmmac_xdp_poll *xp);
void stmmac_xdp_tx_on(struct stmmac_priv *priv, bool on);
void stmmac_xdp_init(struct stmmac_priv *priv);
void stmmac_xdp_exit(struct stmmac_priv *priv);

#endif /* __STMMAC_XDP_H__ */
