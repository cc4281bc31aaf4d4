/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The model's frame parsing and checksums (xgmac_model_frame.c), for
 * xgmac_model.c alone.
 */

#ifndef __XGMAC_MODEL_FRAME_H__
#define __XGMAC_MODEL_FRAME_H__

#include <linux/types.h>

/* Where the headers of a frame are (xgm_parse()) */
struct xgm_hdrs {
	u32 l3;
	u32 l4;
	bool v6;
	u8 proto;
};

bool xgm_parse(const u8 *f, u32 len, struct xgm_hdrs *h);
u32 xgm_l4_len(const u8 *f, u32 len, const struct xgm_hdrs *h);
u32 xgm_csum_field(u8 proto);
__sum16 xgm_l4_sum(const u8 *f, const struct xgm_hdrs *h, u32 l4len);
void xgm_ip4_sum(u8 *f, const struct xgm_hdrs *h);
void xgm_csum_insert(u8 *f, u32 len, u32 cic);
u32 xgm_rx_csum_status(const u8 *f, u32 len);
u32 xgm_vlan_kind(const u8 *f, u32 len);

#endif /* __XGMAC_MODEL_FRAME_H__ */
