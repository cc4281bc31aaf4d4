/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * DesignWare XGMAC 2.x: register map, DMA and descriptor bit fields.
 * Offsets are from the start of the MAC window: the MAC block at 0x0000,
 * its RMON counters at 0x0800, the MTL block at 0x1000 and the DMA block
 * at 0x3000. Queue and channel register sets repeat every 0x80 bytes.
 */

#ifndef __DWXGMAC2_H__
#define __DWXGMAC2_H__

#include <linux/bits.h>

/* MAC block */
#define XGMAC_TX_CONFIG			0x0000
#define XGMAC_TXCFG_TE			BIT(0)
#define XGMAC_TXCFG_JD			BIT(16)
#define XGMAC_TXCFG_SS			GENMASK(31, 29)
/* XGMAC_TXCFG_SS values */
#define XGMAC_SS_2500			2	/* 2.5 Gb/s over GMII */
#define XGMAC_SS_1000			3
#define XGMAC_SS_100			4
#define XGMAC_SS_10			7

#define XGMAC_RX_CONFIG			0x0004
#define XGMAC_RXCFG_RE			BIT(0)
#define XGMAC_RXCFG_ACS			BIT(1)
#define XGMAC_RXCFG_CST			BIT(2)
#define XGMAC_RXCFG_GPSLCE		BIT(6)
#define XGMAC_RXCFG_WD			BIT(7)
#define XGMAC_RXCFG_IPC			BIT(9)
#define XGMAC_RXCFG_GPSL		GENMASK(29, 16)
#define XGMAC_GIANT_MAX			16383	/* GPSL's largest value */

#define XGMAC_PKT_FILTER		0x0008
#define XGMAC_FILTER_PR			BIT(0)
#define XGMAC_FILTER_HMC		BIT(2)
#define XGMAC_FILTER_PM			BIT(4)
/* PCF = 2: pass control frames even when they fail the address filter */
#define XGMAC_FILTER_PCF_ALL		BIT(7)
#define XGMAC_FILTER_HPF		BIT(10)
#define XGMAC_FILTER_VTFE		BIT(16)	/* VLAN tag filter */
#define XGMAC_FILTER_IPFE		BIT(20)	/* L3/L4 filters */

/* The L3/L4 filters, each a set of registers reached through the address
 * and data registers: IDDR names the filter (bits 7:4) and its register
 * (3:0), XB starts the access (cleared when done), TT makes it a read.
 */
#define XGMAC_L3L4_ADDR_CTRL		0x0c00
#define XGMAC_L3L4_IDDR			GENMASK(16, 8)
#define XGMAC_L3L4_TT			BIT(1)
#define XGMAC_L3L4_XB			BIT(0)
#define XGMAC_L3L4_DATA			0x0c04
/* A filter's control register: match (M) and inverse match (IM) bits of
 * each field; L4PEN: its ports are UDP's, else TCP's.
 */
#define XGMAC_L3L4_CTRL			0x0
#define XGMAC_L3L4_L3SAM		BIT(2)
#define XGMAC_L3L4_L3SAIM		BIT(3)
#define XGMAC_L3L4_L3DAM		BIT(4)
#define XGMAC_L3L4_L3DAIM		BIT(5)
#define XGMAC_L3L4_L4PEN		BIT(16)
#define XGMAC_L3L4_L4SPM		BIT(18)
#define XGMAC_L3L4_L4SPIM		BIT(19)
#define XGMAC_L3L4_L4DPM		BIT(20)
#define XGMAC_L3L4_L4DPIM		BIT(21)
#define XGMAC_L4_ADDR			0x1
#define XGMAC_L4_SP			GENMASK(15, 0)
#define XGMAC_L4_DP			GENMASK(31, 16)
#define XGMAC_L3_ADDR0			0x4	/* IPv4 source address */
#define XGMAC_L3_ADDR1			0x5	/* IPv4 destination address */

/* Up to 8 hash table registers: 64, 128 or 256 bins */
#define XGMAC_HASH_TABLE(n)		(0x0010 + (n) * 4)

/* The VLAN tag filter: ETV compares the 12-bit VID only, VTHM through the
 * 16-bin hash table (bins 15:0) rather than the VID field. On a core with
 * perfect-filter entries (HW feature 3 NRVF), bits 6:0 reach one entry
 * through MAC_VLAN_Tag_Data: OB starts the access (cleared when done), CT
 * makes it a read, OFS is the entry.
 */
#define XGMAC_VLAN_TAG			0x0050
#define XGMAC_VLAN_OB			BIT(0)
#define XGMAC_VLAN_CT			BIT(1)
#define XGMAC_VLAN_OFS			GENMASK(6, 2)
#define XGMAC_VLAN_VTHM			BIT(25)
#define XGMAC_VLAN_EVLRXS		BIT(24)	/* the stripped tag in RDES0 */
#define XGMAC_VLAN_EVLS			GENMASK(22, 21)	/* strip the tag: */
#define XGMAC_VLAN_EVLS_ALL		3	/* always */
#define XGMAC_VLAN_ETV			BIT(16)
#define XGMAC_VLAN_DATA			0x0054
#define XGMAC_VLAN_DATA_VID		GENMASK(15, 0)
#define XGMAC_VLAN_DATA_VEN		BIT(16)	/* the entry is on */
#define XGMAC_VLAN_DATA_ETV		BIT(17)	/* compare the 12-bit VID */
#define XGMAC_VLAN_HASH_TABLE		0x0058
/* TX tag insertion: VLTI takes the tag and the operation from the
 * descriptors; CSVL would make the inserted tag an 802.1ad one
 */
#define XGMAC_VLAN_INCL			0x0060
#define XGMAC_VLAN_VLTI			BIT(20)

#define XGMAC_TXQ_FLOW_CTRL(q)		(0x0070 + (q) * 4)
#define XGMAC_TXQ_FLOW_TFE		BIT(1)
#define XGMAC_TXQ_FLOW_PT		GENMASK(31, 16)
#define XGMAC_RX_FLOW_CTRL		0x0090
#define XGMAC_RX_FLOW_RFE		BIT(0)

/* Two enable bits per RX queue, shifted by XGMAC_RXQ_EN_SHIFT(q) */
#define XGMAC_RXQ_CTRL0			0x00a0
#define XGMAC_RXQ_EN			GENMASK(1, 0)
#define XGMAC_RXQ_EN_SHIFT(q)		((q) * 2)
#define XGMAC_RXQ_EN_DCB		2	/* enabled, generic traffic */

/* Where the residue of preempted frames is received (frame preemption) */
#define XGMAC_RXQ_CTRL1			0x00a4
#define XGMAC_RXQ_FPRQ			GENMASK(7, 4)

#define XGMAC_INT_EN			0x00b4
#define XGMAC_INT_PMTIE			BIT(4)
#define XGMAC_INT_FPEIE			BIT(15)

/* PMT control and status; reading it clears the received flags */
#define XGMAC_PMT			0x00c0
#define XGMAC_PMT_PWRDWN		BIT(0)
#define XGMAC_PMT_MGKPKTEN		BIT(1)
#define XGMAC_PMT_RWKPKTEN		BIT(2)
#define XGMAC_PMT_GLBLUCAST		BIT(9)

/* LPI control and status; reading it clears the entry/exit flags 3:0 */
#define XGMAC_LPI_CTRL			0x00d0
#define XGMAC_LPI_LPITXEN		BIT(16)
#define XGMAC_LPI_PLS			BIT(17)
#define XGMAC_LPI_LPITXA		BIT(19)
#define XGMAC_LPI_TXCGE			BIT(21)	/* gate the TX clock in LPI */
#define XGMAC_LPI_TIMER			0x00d4
#define XGMAC_LPI_TW			GENMASK(15, 0)
#define XGMAC_LPI_LS			GENMASK(25, 16)

#define XGMAC_VERSION			0x0110
#define XGMAC_VERSION_SNPS		GENMASK(7, 0)

#define XGMAC_HW_FEATURE0		0x011c
#define XGMAC_HWF0_HDSEL		BIT(3)
#define XGMAC_HWF0_VLHASH		BIT(4)	/* VLAN hash filter */
#define XGMAC_HWF0_RWKSEL		BIT(6)	/* PMT: wake-up frames */
#define XGMAC_HWF0_MGKSEL		BIT(7)	/* PMT: magic packet */
#define XGMAC_HWF0_MMCSEL		BIT(8)
#define XGMAC_HWF0_AVSEL		BIT(11)	/* AV queues, CBS */
#define XGMAC_HWF0_TSSEL		BIT(12)	/* IEEE 1588 timestamping */
#define XGMAC_HWF0_EEESEL		BIT(13)
#define XGMAC_HWF0_TXCOESEL		BIT(14)
#define XGMAC_HWF0_RXCOESEL		BIT(16)
#define XGMAC_HWF0_ADDMACADRSEL		GENMASK(22, 18)	/* extra MAC addresses */
#define XGMAC_HWF0_SAVLANINS		BIT(27)	/* VLAN tag insertion */

#define XGMAC_HW_FEATURE1		0x0120
#define XGMAC_HWF1_RXFIFOSIZE		GENMASK(4, 0)	/* 128 << n bytes */
#define XGMAC_HWF1_TXFIFOSIZE		GENMASK(10, 6)	/* 128 << n bytes */
#define XGMAC_HWF1_ADDR64		GENMASK(15, 14)	/* 0: 32, 1: 40, 2: 48 */
#define XGMAC_HWF1_TSOEN		BIT(18)
#define XGMAC_HWF1_NUMTC		GENMASK(23, 21)	/* traffic classes - 1 */
#define XGMAC_HWF1_HASHTBLSZ		GENMASK(25, 24)	/* 0: none, n: 32 << n bins */
#define XGMAC_HWF1_L3L4FNUM		GENMASK(30, 27)	/* L3/L4 filters, coded */

#define XGMAC_HW_FEATURE2		0x0124
#define XGMAC_HWF2_RXQCNT		GENMASK(3, 0)	/* each: count - 1 */
#define XGMAC_HWF2_TXQCNT		GENMASK(9, 6)
#define XGMAC_HWF2_RXCHCNT		GENMASK(15, 12)
#define XGMAC_HWF2_TXCHCNT		GENMASK(21, 18)
#define XGMAC_HWF2_PPSOUTNUM		GENMASK(26, 24)	/* flexible PPS outputs */

#define XGMAC_HW_FEATURE3		0x0128
#define XGMAC_HWF3_TBSSEL		BIT(27)	/* launch time (TBS) */
#define XGMAC_HWF3_FPESEL		BIT(26)	/* frame preemption */
#define XGMAC_HWF3_ESTWID		GENMASK(24, 23)	/* interval width code */
#define XGMAC_HWF3_ESTDEP		GENMASK(22, 20)	/* list depth code */
#define XGMAC_HWF3_ESTSEL		BIT(19)	/* scheduled traffic (EST) */
#define XGMAC_HWF3_NRVF			GENMASK(2, 0)	/* VLAN filter entries */

/* MDIO: single commands, address then control/data */
#define XGMAC_MDIO_ADDR			0x0200
#define XGMAC_MDIO_RA			GENMASK(15, 0)
#define XGMAC_MDIO_PA			GENMASK(20, 16)
#define XGMAC_MDIO_DA			GENMASK(25, 21)
#define XGMAC_MDIO_DATA			0x0204
#define XGMAC_MDIO_SDATA		GENMASK(15, 0)
#define XGMAC_MDIO_CMD			GENMASK(17, 16)
#define XGMAC_MDIO_CMD_WRITE		1
#define XGMAC_MDIO_CMD_READ		3
#define XGMAC_MDIO_SADDR		BIT(18)
#define XGMAC_MDIO_CR			GENMASK(21, 19)
#define XGMAC_MDIO_SBUSY		BIT(22)
/* One bit per port: clause 22 frames; only ports 0-3 before core 2.20 */
#define XGMAC_MDIO_C22P			0x0220
#define XGMAC_MDIO_C22P_PORTS		GENMASK(3, 0)
#define XGMAC_MDIO_C22_MAX_PHY		3

/* Frame preemption: TX on, mPackets to send; status flags cleared on read */
#define XGMAC_FPE_CTRL			0x0280
#define XGMAC_FPE_EFPE			BIT(0)
#define XGMAC_FPE_SVER			BIT(1)	/* send a verify mPacket */
#define XGMAC_FPE_SRSP			BIT(2)	/* send a response mPacket */
#define XGMAC_FPE_RVER			BIT(16)	/* verify mPacket received */
#define XGMAC_FPE_RRSP			BIT(17)	/* response mPacket received */
#define XGMAC_FPE_TVER			BIT(18)	/* verify mPacket sent */
#define XGMAC_FPE_TRSP			BIT(19)	/* response mPacket sent */

#define XGMAC_ADDR_HIGH(n)		(0x0300 + (n) * 8)
#define XGMAC_ADDR_LOW(n)		(0x0304 + (n) * 8)
#define XGMAC_ADDR_AE			BIT(31)
#define XGMAC_ADDR_MAX			32	/* address registers 0-31 */

/* The IEEE 1588 timestamping unit (stmmac_ptp.h) and the MAC's report of
 * the last TX timestamp
 */
#define XGMAC_TSU_BASE			0x0d00
#define XGMAC_TSU_SSINC_SHIFT		16
#define XGMAC_TS_STATUS			0x0d20
#define XGMAC_TS_STATUS_TXTSC		BIT(15)	/* a TX timestamp came */
#define XGMAC_TXTS_NSEC			0x0d30
#define XGMAC_TXTS_NSEC_MASK		GENMASK(30, 0)
#define XGMAC_TXTS_MISSED		BIT(31)	/* TXTSSTSMIS: overwritten */
#define XGMAC_TXTS_SEC			0x0d34
/* Flexible PPS outputs: control, then four registers per output */
#define XGMAC_PPS_CTRL			0x0d70
#define XGMAC_PPS_REGS			0x0d80
#define XGMAC_PPS_MAX			4

/* MMC counters (RMON): 64-bit ones are a low then a high register */
#define XGMAC_MMC_CTRL			0x0800
#define XGMAC_MMC_CTRL_RESET		BIT(0)
#define XGMAC_MMC_CTRL_ROR		BIT(2)
#define XGMAC_MMC_RX_INT_EN		0x080c
#define XGMAC_MMC_TX_INT_EN		0x0810
#define XGMAC_MMC_TX_OCTETS_GB		0x0814	/* 64 bit */
#define XGMAC_MMC_TX_FRAMES_GB		0x081c	/* 64 bit */
#define XGMAC_MMC_TX_UNDERFLOW		0x087c	/* 64 bit */
#define XGMAC_MMC_TX_FRAMES_G		0x088c	/* 64 bit */
#define XGMAC_MMC_TX_PAUSE		0x0894	/* 64 bit */
#define XGMAC_MMC_RX_FRAMES_GB		0x0900	/* 64 bit */
#define XGMAC_MMC_RX_OCTETS_GB		0x0908	/* 64 bit */
#define XGMAC_MMC_RX_CRC_ERR		0x0928	/* 64 bit */
#define XGMAC_MMC_RX_RUNT		0x0930
#define XGMAC_MMC_RX_JABBER		0x0934
#define XGMAC_MMC_RX_LENGTH_ERR		0x0978	/* 64 bit */
#define XGMAC_MMC_RX_PAUSE		0x0988	/* 64 bit */
#define XGMAC_MMC_RX_FIFO_OVERFLOW	0x0990	/* 64 bit */
#define XGMAC_MMC_RX_WATCHDOG_ERR	0x09a0
#define XGMAC_MMC_RX_ALIGN_ERR		0x09bc
#define XGMAC_MMC_FPE_TX_INT_MASK	0x0a04
#define XGMAC_MMC_TX_FPE_FRAGS		0x0a08
#define XGMAC_MMC_TX_HOLD_REQ		0x0a0c
#define XGMAC_MMC_FPE_RX_INT_MASK	0x0a24
#define XGMAC_MMC_RX_ASSEMBLY_ERR	0x0a28
#define XGMAC_MMC_RX_SMD_ERR		0x0a2c
#define XGMAC_MMC_RX_ASSEMBLY_OK	0x0a30
#define XGMAC_MMC_RX_FPE_FRAGS		0x0a34
#define XGMAC_MMC_IPC_INT_MASK		0x0a5c

/* MTL block */
#define XGMAC_MTL_RXQ_DMA_MAP(n)	(0x1030 + (n) * 4)	/* queues 4n..4n+3 */
#define XGMAC_MTL_RXQ_CHAN		GENMASK(3, 0)
#define XGMAC_MTL_RXQ_CHAN_SHIFT(q)	(((q) % 4) * 8)

/* MTL operation mode: the TX scheduler between traffic classes in ETS,
 * the RX arbiter between queues
 */
#define XGMAC_MTL_OPMODE		0x1000
#define XGMAC_MTL_ETSALG		GENMASK(6, 5)	/* 0 WRR, 1 WFQ, 2 DWRR */
#define XGMAC_MTL_RAA			BIT(2)		/* weighted strict priority */

/* Frame preemption in the MTL: which TX queues are preemptible */
#define XGMAC_MTL_FPE_CTRL		0x1090
#define XGMAC_MTL_FPE_AFSZ		GENMASK(1, 0)	/* added fragment size */
#define XGMAC_MTL_FPE_PEC		GENMASK(15, 8)	/* one bit per queue */

/* Enhanced scheduled traffic (IEEE 802.1Qbv): two gate control lists,
 * one run, one software owns; the list and its times are written through
 * GCL_CTRL / GCL_DATA, one word per command (SRWO, cleared once done).
 */
#define XGMAC_EST_CTRL			0x1050
#define XGMAC_EST_PTOV			GENMASK(31, 23)	/* PTP time offset, ns */
#define XGMAC_EST_DFBS			BIT(5)	/* drop frames that block */
#define XGMAC_EST_SSWL			BIT(1)	/* take the software's list */
#define XGMAC_EST_EEST			BIT(0)
#define XGMAC_EST_STATUS		0x1058	/* write one to clear */
#define XGMAC_EST_BTRL			GENMASK(15, 8)	/* base time errors */
#define XGMAC_EST_SWOL			BIT(7)	/* the list software owns */
#define XGMAC_EST_CGCE			BIT(4)
#define XGMAC_EST_HLBS			BIT(3)
#define XGMAC_EST_HLBF			BIT(2)
#define XGMAC_EST_BTRE			BIT(1)
#define XGMAC_EST_SWLC			BIT(0)
#define XGMAC_EST_SCH_ERR		0x1060	/* HLBS queues, w1c */
#define XGMAC_EST_QUEUES		GENMASK(7, 0)	/* one bit per queue */
#define XGMAC_EST_FRM_SZ_ERR		0x1064	/* HLBF queues, w1c */
#define XGMAC_EST_INT_EN		0x1070	/* the status bits' enables */
#define XGMAC_EST_GCL_CTRL		0x1080
#define XGMAC_EST_ERR0			BIT(20)	/* the word was refused */
#define XGMAC_EST_ADDR			GENMASK(19, 8)	/* entry or register */
#define XGMAC_EST_GCRR			BIT(2)	/* a register, not an entry */
#define XGMAC_EST_SRWO			BIT(0)	/* go; cleared when done */
#define XGMAC_EST_GCL_DATA		0x1084
/* The registers behind GCRR */
#define XGMAC_EST_BTR_LO		0	/* base time, ns */
#define XGMAC_EST_BTR_HI		1	/* and seconds */
#define XGMAC_EST_CTR_LO		2	/* cycle time, ns */
#define XGMAC_EST_CTR_HI		3	/* and seconds */
#define XGMAC_EST_TER			4	/* cycle time extension, ns */
#define XGMAC_EST_LLR			5	/* entries in the list */

#define XGMAC_MTL_TXQ_OPMODE(q)		(0x1100 + (q) * 0x80)
#define XGMAC_MTL_TXQ_TSF		BIT(1)
#define XGMAC_MTL_TXQ_TXQEN		GENMASK(3, 2)
#define XGMAC_MTL_TXQ_TXQEN_AV		1	/* enabled, an AV queue */
#define XGMAC_MTL_TXQ_TXQEN_ON		2
#define XGMAC_MTL_TXQ_TTC		GENMASK(6, 4)	/* 0: 64 bytes */
#define XGMAC_MTL_TXQ_Q2TCMAP		GENMASK(10, 8)
#define XGMAC_MTL_TXQ_TQS		GENMASK(25, 16)	/* 256-byte blocks - 1 */

#define XGMAC_MTL_TC_ETS_CTRL(tc)	(0x1110 + (tc) * 0x80)
#define XGMAC_MTL_TC_TSA		GENMASK(1, 0)
#define XGMAC_MTL_TC_TSA_SP		0	/* strict priority */
#define XGMAC_MTL_TC_TSA_CBS		1	/* credit-based shaper */
#define XGMAC_MTL_TC_TSA_ETS		2	/* ETSALG's weighted scheduling */
#define XGMAC_MTL_TC_CC			BIT(3)	/* CBS: credit control */
/* the ETS weight, or CBS's idleSlopeCredit */
#define XGMAC_MTL_TC_QW(tc)		(0x1118 + (tc) * 0x80)
#define XGMAC_MTL_TC_SENDSLOPE(tc)	(0x111c + (tc) * 0x80)
#define XGMAC_MTL_TC_HICREDIT(tc)	(0x1120 + (tc) * 0x80)
#define XGMAC_MTL_TC_LOCREDIT(tc)	(0x1124 + (tc) * 0x80)

#define XGMAC_MTL_RXQ_OPMODE(q)		(0x1140 + (q) * 0x80)
#define XGMAC_MTL_RXQ_RTC		GENMASK(1, 0)	/* 0: 64 bytes */
#define XGMAC_MTL_RXQ_RSF		BIT(5)
#define XGMAC_MTL_RXQ_EHFC		BIT(7)
#define XGMAC_MTL_RXQ_RQS		GENMASK(25, 16)	/* 256-byte blocks - 1 */

/* Pause thresholds: full - (1 KiB + n * 512 bytes) */
#define XGMAC_MTL_RXQ_FLOW(q)		(0x1150 + (q) * 0x80)
#define XGMAC_MTL_RXQ_RFA		GENMASK(15, 1)
#define XGMAC_MTL_RXQ_RFD		GENMASK(31, 17)

/* DMA block */
#define XGMAC_DMA_MODE			0x3000
#define XGMAC_DMA_MODE_SWR		BIT(0)
#define XGMAC_DMA_MODE_INTM		GENMASK(13, 12)
#define XGMAC_INTM_PER_CHANNEL		1	/* RI/TI only on channel lines */

#define XGMAC_DMA_SYSBUS		0x3004
#define XGMAC_SYSBUS_UNDEF		BIT(0)
#define XGMAC_SYSBUS_BLEN		GENMASK(7, 1)
#define XGMAC_SYSBUS_BLEN4		BIT(1)
#define XGMAC_SYSBUS_BLEN8		BIT(2)
#define XGMAC_SYSBUS_BLEN16		BIT(3)
#define XGMAC_SYSBUS_EAME		BIT(11)
#define XGMAC_SYSBUS_AAL		BIT(12)

/* How long before its launch time the DMA may fetch a frame: upstream
 * writes the largest offset, valid, into all four.
 */
#define XGMAC_DMA_TBS_CTRL(n)		(0x3054 + (n) * 4)
#define XGMAC_DMA_TBS_FTOS		GENMASK(31, 8)
#define XGMAC_DMA_TBS_FTOV		BIT(0)

#define XGMAC_DMA_CH(c)			(0x3100 + (c) * 0x80)
#define XGMAC_DMA_CH_CTRL(c)		(XGMAC_DMA_CH(c) + 0x00)
#define XGMAC_DMA_CH_PBLX8		BIT(16)
#define XGMAC_DMA_CH_TX_CTRL(c)		(XGMAC_DMA_CH(c) + 0x04)
#define XGMAC_DMA_TX_ST			BIT(0)
#define XGMAC_DMA_TX_OSP		BIT(4)
#define XGMAC_DMA_TX_TSE		BIT(12)
#define XGMAC_DMA_TX_PBL		GENMASK(21, 16)
#define XGMAC_DMA_TX_EDSE		BIT(28)	/* enhanced descriptors */
#define XGMAC_DMA_CH_RX_CTRL(c)		(XGMAC_DMA_CH(c) + 0x08)
#define XGMAC_DMA_RX_SR			BIT(0)
#define XGMAC_DMA_RX_RBSZ		GENMASK(14, 1)	/* bytes */
#define XGMAC_DMA_RX_PBL		GENMASK(21, 16)
#define XGMAC_DMA_CH_TXDESC_HI(c)	(XGMAC_DMA_CH(c) + 0x10)
#define XGMAC_DMA_CH_TXDESC_LO(c)	(XGMAC_DMA_CH(c) + 0x14)
#define XGMAC_DMA_CH_RXDESC_HI(c)	(XGMAC_DMA_CH(c) + 0x18)
#define XGMAC_DMA_CH_RXDESC_LO(c)	(XGMAC_DMA_CH(c) + 0x1c)
#define XGMAC_DMA_CH_TX_TAIL(c)		(XGMAC_DMA_CH(c) + 0x24)
#define XGMAC_DMA_CH_RX_TAIL(c)		(XGMAC_DMA_CH(c) + 0x2c)
/* Ring length registers hold the last descriptor's index */
#define XGMAC_DMA_CH_TX_RING_LEN(c)	(XGMAC_DMA_CH(c) + 0x30)
#define XGMAC_DMA_CH_RX_RING_LEN(c)	(XGMAC_DMA_CH(c) + 0x34)
#define XGMAC_DMA_RING_LEN		GENMASK(9, 0)
#define XGMAC_DMA_CH_INT_EN(c)		(XGMAC_DMA_CH(c) + 0x38)
#define XGMAC_DMA_CH_RX_WATCHDOG(c)	(XGMAC_DMA_CH(c) + 0x3c)
#define XGMAC_DMA_RWT			GENMASK(7, 0)	/* 256 clocks each */
#define XGMAC_DMA_CH_STATUS(c)		(XGMAC_DMA_CH(c) + 0x60)

/* Per-channel status bits; the interrupt enable bits sit at the same
 * positions (TIE, TXSE, TBUE, RIE, RBUE, FBEE, AIE, NIE).
 */
#define XGMAC_DMA_TI			BIT(0)
#define XGMAC_DMA_TPS			BIT(1)
#define XGMAC_DMA_TBU			BIT(2)
#define XGMAC_DMA_RI			BIT(6)
#define XGMAC_DMA_RBU			BIT(7)
#define XGMAC_DMA_RPS			BIT(8)
#define XGMAC_DMA_FBE			BIT(12)
#define XGMAC_DMA_AIS			BIT(14)
#define XGMAC_DMA_NIS			BIT(15)
/* the write-one-to-clear interrupt bits */
#define XGMAC_DMA_STATUS_INTR		GENMASK(15, 0)

/* ethtool -d: upstream's layout, each register at its own offset in a
 * dump of 0x38fc bytes (through channel 15's DMA registers); read are the
 * MAC block below the RMON counters, the MTL block through queue 15's
 * interrupt status, and the DMA block. 0x0800-0x0fff stays zero: reading
 * the RMON counters would reset them, and the timestamping unit's status
 * there clears on read. So does MAC_FPE_CTRL_STS's, which the frame
 * preemption interrupt acts on: it stays zero too (upstream reads it).
 */
#define XGMAC_DUMP_MAC_END		0x0800
#define XGMAC_DUMP_MTL			0x1000
#define XGMAC_DUMP_MTL_END		0x18f4
#define XGMAC_DUMP_DMA			0x3000
#define XGMAC_DUMP_DMA_END		0x38fc

/* TX descriptors, normal (read format) and context */
/* An enhanced descriptor (EDSE) is four words, then a normal one. The
 * first two hold the launch time: its seconds' low 8 bits, valid (LTV),
 * and nanoseconds 31:8 in place.
 */
#define XGMAC_TDES4_LTV			BIT(31)
#define XGMAC_TDES4_LT_SEC		GENMASK(7, 0)
#define XGMAC_TDES5_LT_NS		GENMASK(31, 8)
#define XGMAC_TDES2_B1L			GENMASK(13, 0)
#define XGMAC_TDES2_MSS			GENMASK(14, 0)	/* context */
#define XGMAC_TDES2_VTIR		GENMASK(15, 14)	/* first: tag operation */
#define XGMAC_VTIR_INSERT		2
#define XGMAC_TDES2_TTSE		BIT(30)	/* stamp the frame (first) */
#define XGMAC_TDES2_IOC			BIT(31)
#define XGMAC_TDES3_FL			GENMASK(14, 0)
#define XGMAC_TDES3_CIC			GENMASK(17, 16)
#define XGMAC_TDES3_TPL			GENMASK(17, 0)	/* TSO */
#define XGMAC_TDES3_VT			GENMASK(15, 0)	/* context: the tag */
#define XGMAC_TDES3_VLTV		BIT(16)		/* context: VT valid */
#define XGMAC_TDES3_TSE			BIT(18)
#define XGMAC_TDES3_THL			GENMASK(22, 19)	/* 32-bit words */
#define XGMAC_TDES3_TCMSSV		BIT(26)		/* context */
#define XGMAC_TDES3_LD			BIT(28)
#define XGMAC_TDES3_FD			BIT(29)
#define XGMAC_TDES3_CTXT		BIT(30)
#define XGMAC_TDES3_OWN			BIT(31)

/* full insertion: IP header and TCP/UDP/ICMP payload with pseudo-header */
#define XGMAC_CIC_FULL			3

/* RX descriptors: read format, then write-back */
#define XGMAC_RDES3_IOC			BIT(30)
#define XGMAC_RDES3_OWN			BIT(31)
#define XGMAC_RDES3_PL			GENMASK(13, 0)
#define XGMAC_RDES3_TSA			BIT(4)	/* context: timestamp valid */
#define XGMAC_RDES3_TSD			BIT(6)	/* context: timestamp dropped */
#define XGMAC_RDES3_ES			BIT(15)
#define XGMAC_RDES3_ET			GENMASK(19, 16)	/* error type, with ES */
/* ... and without ES the length/type: a VLAN-tagged frame's kinds */
#define XGMAC_LT_VLAN_S			8	/* an S-tag */
#define XGMAC_LT_VLAN_C			9	/* a C-tag */
#define XGMAC_LT_VLAN_CC		10	/* C-tag, C-tag */
#define XGMAC_LT_VLAN_SS		11	/* S-tag, S-tag */
#define XGMAC_LT_VLAN_CS		12	/* C-tag, S-tag */
#define XGMAC_LT_VLAN_SC		13	/* S-tag, C-tag */
#define XGMAC_RDES0_OVT			GENMASK(15, 0)	/* outer VLAN tag */
#define XGMAC_RDES3_L34T		GENMASK(23, 20)
#define XGMAC_RDES3_CDA			BIT(27)	/* a context descriptor follows */
#define XGMAC_RDES3_LD			BIT(28)
#define XGMAC_RDES3_FD			BIT(29)
#define XGMAC_RDES3_CTXT		BIT(30)

/* XGMAC_RDES3_ET values with ES: 5 and 6 are checksum verdicts, not
 * frame errors
 */
#define XGMAC_ET_WATCHDOG		1
#define XGMAC_ET_GMII			2
#define XGMAC_ET_CRC			3
#define XGMAC_ET_GIANT			4
#define XGMAC_ET_IP_HDR			5
#define XGMAC_ET_L4_CSUM		6
#define XGMAC_ET_OVERFLOW		7
#define XGMAC_ET_LENGTH			9
#define XGMAC_ET_RUNT			10

/* XGMAC_RDES3_L34T values whose L4 checksum the core checks */
#define XGMAC_L34T_IP4_TCP		1
#define XGMAC_L34T_IP4_UDP		2
#define XGMAC_L34T_IP6_TCP		9
#define XGMAC_L34T_IP6_UDP		10

/* Largest buffer one descriptor holds: the 14-bit B1L field */
#define XGMAC_BUF_MAX			16383

struct net_device;
struct stmmac_l3l4;
struct stmmac_priv;

/* dwxgmac2_filter.c */
void dwxgmac2_set_mac_addr(void __iomem *ioaddr, const u8 *addr);
void dwxgmac2_get_mac_addr(void __iomem *ioaddr, u8 *addr);
void dwxgmac2_set_filter(struct stmmac_priv *priv, struct net_device *dev);
int dwxgmac2_set_vlan(struct stmmac_priv *priv, u16 bins);
int dwxgmac2_set_l3l4(struct stmmac_priv *priv, u32 n,
		      const struct stmmac_l3l4 *rule);

#endif /* __DWXGMAC2_H__ */
