/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * AF_XDP zero-copy: a socket's pool on a queue pair, and its wakeups. The
 * two inlines are the ring's view of it (stmmac_rx.c), which calls
 * nothing in stmmac_xsk.c: that file calls the ring's code.
 */

#ifndef __STMMAC_XSK_H__
#define __STMMAC_XSK_H__

#include <linux/types.h>
#include <net/xdp_sock_drv.h>

#include "stmmac.h"

/**
 * stmmac_xsk_pool() - the AF_XDP pool queue @qi runs on in zero-copy mode
 * @priv: the device
 * @qi: the queue
 *
 * Return: the pool, or NULL: none, or a socket in copy mode only.
 */
static inline struct xsk_buff_pool *
stmmac_xsk_pool(const struct stmmac_priv *priv, u32 qi)
{
	if (!test_bit(qi, &priv->xsk_zc))
		return NULL;
	return xsk_get_pool_from_qid(priv->dev, qi);
}

/**
 * stmmac_xsk_buf_len() - the RX buffer a ring on @pool gives the DMA
 * @priv: the device
 * @pool: the pool
 *
 * Return: bytes, a multiple of 16: the chunk less its headroom, no more
 * than a descriptor takes. Also the longest frame a bound socket allows.
 */
static inline u32 stmmac_xsk_buf_len(const struct stmmac_priv *priv,
				     struct xsk_buff_pool *pool)
{
	return ALIGN_DOWN(min(xsk_pool_get_rx_frame_size(pool),
			      priv->desc->buf_max), 16);
}

int stmmac_xsk_setup(struct stmmac_priv *priv, struct xsk_buff_pool *pool,
		     u16 qi);
int stmmac_xsk_mtu_check(struct stmmac_priv *priv, unsigned int mtu);
int stmmac_xsk_wakeup(struct net_device *dev, u32 qi, u32 flags);

#endif /* __STMMAC_XSK_H__ */
