/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * AF_XDP zero-copy: a socket's pool on a queue pair, and its wakeups.
 */

#ifndef __STMMAC_XSK_H__
#define __STMMAC_XSK_H__

#include <linux/types.h>

struct net_device;
struct stmmac_priv;
struct xsk_buff_pool;

struct xsk_buff_pool *stmmac_xsk_pool(const struct stmmac_priv *priv, u32 qi);
int stmmac_xsk_setup(struct stmmac_priv *priv, struct xsk_buff_pool *pool,
		     u16 qi);
int stmmac_xsk_mtu_check(struct stmmac_priv *priv, unsigned int mtu);
int stmmac_xsk_wakeup(struct net_device *dev, u32 qi, u32 flags);

#endif /* __STMMAC_XSK_H__ */
