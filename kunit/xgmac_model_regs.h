/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The XGMAC 2.10 registers and descriptor fields the model of
 * xgmac_model.c looks at: the databook's offsets and bits, as upstream's
 * dwxgmac2.h names them, written out for the model alone.
 */

#ifndef __XGMAC_MODEL_REGS_H__
#define __XGMAC_MODEL_REGS_H__

#include <linux/bits.h>

/* MAC */
#define R_TCR			0x0000
#define TCR_TE			BIT(0)
#define R_RCR			0x0004
#define RCR_RE			BIT(0)
#define RCR_IPC			BIT(9)
#define R_PKT_FILTER		0x0008
#define PKT_FILTER_VTFE		BIT(16)
#define PKT_FILTER_IPFE		BIT(20)
#define R_VLAN_TAG		0x0050
#define VLAN_TAG_OB		BIT(0)	/* perfect-filter entries' access */
#define VLAN_TAG_CT		BIT(1)
#define VLAN_TAG_OFS		GENMASK(6, 2)
#define VLAN_TAG_VL		GENMASK(15, 0)
#define VLAN_TAG_ETV		BIT(16)
#define VLAN_TAG_EVLS		GENMASK(22, 21)
#define VLAN_TAG_EVLRXS		BIT(24)
#define VLAN_TAG_VTHM		BIT(25)
#define R_VLAN_DATA		0x0054
#define VLAN_DATA_VID		GENMASK(15, 0)
#define VLAN_DATA_VEN		BIT(16)
#define VLAN_DATA_ETV		BIT(17)
#define R_VLAN_HASH		0x0058
#define R_VLAN_INCL		0x0060
#define VLAN_INCL_CSVL		BIT(19)
#define VLAN_INCL_VLTI		BIT(20)
#define R_L3L4_ADDR		0x0c00	/* the L3/L4 filters' access */
#define L3L4_XB			BIT(0)
#define L3L4_TT			BIT(1)
#define L3L4_IDDR		GENMASK(16, 8)	/* filter << 4 | register */
#define R_L3L4_DATA		0x0c04
/* a filter's registers: 0 control, 1 ports, 4 and 5 IPv4 SA and DA */
#define L3L4_CTRL_L3PEN		BIT(0)
#define L3L4_CTRL_L3SAM		BIT(2)
#define L3L4_CTRL_L3SAIM	BIT(3)
#define L3L4_CTRL_L3DAM		BIT(4)
#define L3L4_CTRL_L3DAIM	BIT(5)
#define L3L4_CTRL_L4PEN		BIT(16)
#define L3L4_CTRL_L4SPM		BIT(18)
#define L3L4_CTRL_L4SPIM	BIT(19)
#define L3L4_CTRL_L4DPM		BIT(20)
#define L3L4_CTRL_L4DPIM	BIT(21)
#define R_RXQ_CTRL0		0x00a0
#define R_INT_EN		0x00b4
#define INT_FPEIE		BIT(15)
#define R_VERSION		0x0110
#define R_HWF0			0x011c
#define R_HWF1			0x0120
#define R_HWF2			0x0124
#define R_HWF3			0x0128
#define HWF3_NRVF		GENMASK(2, 0)
#define R_MDIO_DATA		0x0204
#define MDIO_BUSY		BIT(22)
#define R_TSU_CTRL		0x0d00
#define TSU_INIT		BIT(2)
#define TSU_UPDT		BIT(3)
#define TSU_ADDREG		BIT(5)
#define R_TSU_SEC		0x0d08
#define R_TSU_NSEC		0x0d0c
#define R_TSU_SEC_UPD		0x0d10
#define R_TSU_NSEC_UPD		0x0d14
#define R_FPE_CTRL		0x0280
#define FPE_EFPE		BIT(0)
#define FPE_SVER		BIT(1)
#define FPE_SRSP		BIT(2)
#define FPE_RVER		BIT(16)
#define FPE_RRSP		BIT(17)
#define FPE_TVER		BIT(18)
#define FPE_TRSP		BIT(19)
/* MTL */
#define R_RXQ_DMA_MAP(n)	(0x1030 + (n) * 4)
#define R_EST_CTRL		0x1050
#define EST_EEST		BIT(0)
#define EST_SSWL		BIT(1)
#define R_EST_STATUS		0x1058
#define EST_SWLC		BIT(0)
#define EST_BTRE		BIT(1)
#define EST_SWOL		BIT(7)
#define EST_BTRL		GENMASK(15, 8)
#define R_EST_SCH_ERR		0x1060
#define R_EST_FRM_SZ_ERR	0x1064
#define R_EST_INT_EN		0x1070
#define R_EST_GCL_CTRL		0x1080
#define GCL_SRWO		BIT(0)
#define GCL_GCRR		BIT(2)
#define GCL_ADDR		GENMASK(19, 8)
#define GCL_ERR0		BIT(20)
#define R_EST_GCL_DATA		0x1084
/* the registers behind GCRR, then the entries, in each list */
#define EST_BTR			0
#define EST_CTR			2
#define EST_LLR			5
#define R_MTL_TXQ_OP(q)		(0x1100 + (q) * 0x80)
#define TXQ_OP_TQS		GENMASK(25, 16)
#define R_MTL_RXQ_OP(q)		(0x1140 + (q) * 0x80)
#define RXQ_OP_RQS		GENMASK(25, 16)
/* DMA */
#define R_DMA_MODE		0x3000
#define MODE_SWR		BIT(0)
#define MODE_INTM		GENMASK(13, 12)
#define R_CH(c, off)		(0x3100 + (c) * 0x80 + (off))
#define CH_TX_CTRL		0x04
#define TX_CTRL_ST		BIT(0)
#define TX_CTRL_TSE		BIT(12)
#define TX_CTRL_EDSE		BIT(28)
#define CH_RX_CTRL		0x08
#define RX_CTRL_SR		BIT(0)
#define RX_CTRL_RBSZ		GENMASK(14, 1)
#define CH_TXD_HI		0x10
#define CH_TXD_LO		0x14
#define CH_RXD_HI		0x18
#define CH_RXD_LO		0x1c
#define CH_TX_TAIL		0x24
#define CH_RX_TAIL		0x2c
#define CH_TX_LEN		0x30
#define CH_RX_LEN		0x34
#define RING_LEN		GENMASK(9, 0)
#define CH_INT_EN		0x38
#define CH_RWT			0x3c
#define RWT_RWT			GENMASK(7, 0)
#define CH_STATUS		0x60
/* channel status bits; the enables sit at the same positions */
#define ST_TI			BIT(0)
#define ST_TPS			BIT(1)
#define ST_TBU			BIT(2)
#define ST_RI			BIT(6)
#define ST_RBU			BIT(7)
#define ST_RPS			BIT(8)
#define ST_FBE			BIT(12)
#define ST_AIS			BIT(14)
#define ST_NIS			BIT(15)
#define ST_NORMAL		(ST_TI | ST_TBU | ST_RI)
#define ST_ABNORMAL		(ST_TPS | ST_RBU | ST_RPS | ST_FBE)
/* reserved: set in every value the model publishes */
#define ST_MARK			BIT(31)

/* TX descriptors (read format, context) */
/* an enhanced descriptor's words before the normal four: launch time */
#define TDES4_LTV		BIT(31)
#define TDES4_LT_SEC		GENMASK(7, 0)
#define TDES5_LT_NS		GENMASK(31, 8)
#define TDES2_B1L		GENMASK(13, 0)
#define TDES2_MSS		GENMASK(14, 0)
#define TDES2_VTIR		GENMASK(15, 14)
#define VTIR_INSERT		2
#define TDES2_IOC		BIT(31)
#define TDES3_FL		GENMASK(14, 0)
#define TDES3_TPL		GENMASK(17, 0)
#define TDES3_VT		GENMASK(15, 0)
#define TDES3_VLTV		BIT(16)
#define TDES3_CIC		GENMASK(17, 16)
#define TDES3_TSE		BIT(18)
#define TDES3_THL		GENMASK(22, 19)
#define TDES3_TCMSSV		BIT(26)
#define TDES3_LD		BIT(28)
#define TDES3_FD		BIT(29)
#define TDES3_CTXT		BIT(30)
#define TDES3_OWN		BIT(31)
/* RX descriptors (read format, then write-back) */
#define RDES3_IOC		BIT(30)
#define RDES3_OWN		BIT(31)
#define RDES3_PL		GENMASK(13, 0)
#define RDES3_ES		BIT(15)
#define RDES3_ET		GENMASK(19, 16)
#define RDES3_L34T		GENMASK(23, 20)
#define RDES3_CDA		BIT(27)
#define RDES3_LD		BIT(28)
#define RDES3_FD		BIT(29)
/* write-back context descriptor: CTXT where the read format has IOC */
#define RDES3_CTXT		BIT(30)
#define RDES3_TSA		BIT(4)

/* RDES3 error types (with ES) and L3/L4 types */
#define ET_CRC			3
#define ET_GIANT		4
#define ET_IP_HDR		5
#define ET_L4_CSUM		6
#define ET_OVERFLOW		7
#define ET_LENGTH		9
#define ET_RUNT			10
#define L34T_IP4_TCP		1
#define L34T_IP4_UDP		2
#define L34T_IP6_TCP		9
#define L34T_IP6_UDP		10

#endif /* __XGMAC_MODEL_REGS_H__ */
