/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * DesignWare GMAC 3.x (the "dwmac1000" family): register map, DMA and
 * descriptor bit fields. Offsets are from the start of the MAC window; the
 * DMA block of channel 0 starts at 0x1000.
 */

#ifndef __DWMAC1000_H__
#define __DWMAC1000_H__

#include <linux/bits.h>
#include <linux/types.h>

#include "stmmac.h"

/* MAC block */
#define GMAC_CONFIG			0x0000
#define GMAC_CONFIG_RE			BIT(2)
#define GMAC_CONFIG_TE			BIT(3)
#define GMAC_CONFIG_IPC			BIT(10)
#define GMAC_CONFIG_DM			BIT(11)
#define GMAC_CONFIG_FES			BIT(14)
#define GMAC_CONFIG_PS			BIT(15)
#define GMAC_CONFIG_JE			BIT(20)	/* jumbo: frames to 9018 bytes */
#define GMAC_JUMBO_FRAME		9022	/* with JE, a VLAN tag included */
#define GMAC_CONFIG_BE			BIT(21)
#define GMAC_CONFIG_JD			BIT(22)
#define GMAC_CONFIG_WD			BIT(23)
#define GMAC_CONFIG_2K			BIT(27)

#define GMAC_FRAME_FILTER		0x0004
#define GMAC_FILTER_PR			BIT(0)
#define GMAC_FILTER_HMC			BIT(2)
#define GMAC_FILTER_PM			BIT(4)
/* PCF = 2: pass control frames even when they fail the address filter */
#define GMAC_FILTER_PCF_ALL		BIT(7)
#define GMAC_FILTER_HPF			BIT(10)

#define GMAC_HASH_HIGH			0x0008
#define GMAC_HASH_LOW			0x000c

#define GMAC_MII_ADDR			0x0010
#define GMAC_MII_BUSY			BIT(0)
#define GMAC_MII_WRITE			BIT(1)
#define GMAC_MII_CSR			GENMASK(5, 2)
#define GMAC_MII_REG			GENMASK(10, 6)
#define GMAC_MII_PHY			GENMASK(15, 11)
#define GMAC_MII_DATA			0x0014

#define GMAC_FLOW_CTRL			0x0018
#define GMAC_FLOW_TFE			BIT(1)
#define GMAC_FLOW_RFE			BIT(2)
#define GMAC_FLOW_PT			GENMASK(31, 16)

#define GMAC_VERSION			0x0020
#define GMAC_VERSION_SNPS		GENMASK(7, 0)

/* PMT control and status; reading it clears the two received flags */
#define GMAC_PMT			0x002c
#define GMAC_PMT_PWRDWN			BIT(0)	/* wait for a wake-up frame */
#define GMAC_PMT_MGKPKTEN		BIT(1)	/* magic packet wakes */
#define GMAC_PMT_RWKPKTEN		BIT(2)	/* wake-up frame wakes */
#define GMAC_PMT_MGKPRCVD		BIT(5)
#define GMAC_PMT_RWKPRCVD		BIT(6)
#define GMAC_PMT_GLBLUCAST		BIT(9)	/* any unicast to us wakes */

/* LPI control and status; reading it clears the entry/exit flags 3:0 */
#define GMAC_LPI_CTRL			0x0030
#define GMAC_LPI_LPIEN			BIT(16)	/* TX: enter LPI */
#define GMAC_LPI_PLS			BIT(17)	/* the PHY's link is up */
#define GMAC_LPI_LPITXA			BIT(19)	/* enter/exit LPI with TX */
#define GMAC_LPI_TIMER			0x0034
#define GMAC_LPI_TW			GENMASK(15, 0)	/* us after LPI exit */
#define GMAC_LPI_LS			GENMASK(25, 16)	/* ms of link before LPI */

#define GMAC_INT_STATUS			0x0038
#define GMAC_INT_MASK			0x003c
#define GMAC_INT_PMT			BIT(3)
/* RGMII, PCS link, PCS AN, PMT, timestamp and LPI interrupts */
#define GMAC_INT_MASK_ALL		(GENMASK(3, 0) | BIT(9) | BIT(10))

#define GMAC_ADDR_HIGH0			0x0040
#define GMAC_ADDR_LOW0			0x0044
#define GMAC_ADDR_AE			BIT(31)
/* Perfect filter address n, high word then low: 0-15 from 0x40, 16-127
 * from 0x800, 8 bytes each
 */
#define GMAC_ADDR_BANK1			0x0040
#define GMAC_ADDR_BANK2			0x0800
#define GMAC_ADDR_BANK1_N		16

/* The 128- and 256-bin hash tables (4 or 8 registers); 64 bins use
 * GMAC_HASH_LOW (bins 0-31) and GMAC_HASH_HIGH (bins 32-63).
 */
#define GMAC_EXTHASH(n)			(0x0500 + (n) * 4)

/* MMC counters (RMON) */
#define GMAC_MMC_CTRL			0x0100
#define GMAC_MMC_CTRL_RESET		BIT(0)
#define GMAC_MMC_CTRL_ROR		BIT(2)
#define GMAC_MMC_RX_INT_MASK		0x010c
#define GMAC_MMC_TX_INT_MASK		0x0110
#define GMAC_MMC_IPC_INT_MASK		0x0200

#define GMAC_MMC_TX_OCTETS_GB		0x0114
#define GMAC_MMC_TX_FRAMES_GB		0x0118
#define GMAC_MMC_TX_UNDERFLOW		0x0148
#define GMAC_MMC_TX_CARRIER		0x0160
#define GMAC_MMC_TX_FRAMES_G		0x0168
#define GMAC_MMC_TX_PAUSE		0x0170
#define GMAC_MMC_RX_FRAMES_GB		0x0180
#define GMAC_MMC_RX_OCTETS_GB		0x0184
#define GMAC_MMC_RX_CRC_ERR		0x0194
#define GMAC_MMC_RX_ALIGN_ERR		0x0198
#define GMAC_MMC_RX_RUNT		0x019c
#define GMAC_MMC_RX_JABBER		0x01a0
#define GMAC_MMC_RX_LENGTH_ERR		0x01c8
#define GMAC_MMC_RX_PAUSE		0x01d0
#define GMAC_MMC_RX_FIFO_OVERFLOW	0x01d4
#define GMAC_MMC_RX_WATCHDOG_ERR	0x01dc

/* The IEEE 1588 timestamping unit (stmmac_ptp.h) */
#define GMAC_TSU_BASE			0x0700
#define GMAC_TSU_SSINC_SHIFT		0

/* DMA block, channel 0 */
#define DMA_BUS_MODE			0x1000
#define DMA_BUS_SWR			BIT(0)
#define DMA_BUS_ATDS			BIT(7)
#define DMA_BUS_PBL			GENMASK(13, 8)
#define DMA_BUS_FB			BIT(16)
#define DMA_BUS_RPBL			GENMASK(22, 17)
#define DMA_BUS_USP			BIT(23)
#define DMA_BUS_PBLX8			BIT(24)
#define DMA_BUS_AAL			BIT(25)
#define DMA_BUS_MB			BIT(26)

#define DMA_TX_POLL			0x1004
#define DMA_RX_POLL			0x1008
#define DMA_RX_BASE			0x100c
#define DMA_TX_BASE			0x1010

#define DMA_STATUS			0x1014
#define DMA_STATUS_TI			BIT(0)
#define DMA_STATUS_TPS			BIT(1)
#define DMA_STATUS_TU			BIT(2)
#define DMA_STATUS_TJT			BIT(3)
#define DMA_STATUS_OVF			BIT(4)
#define DMA_STATUS_UNF			BIT(5)
#define DMA_STATUS_RI			BIT(6)
#define DMA_STATUS_RU			BIT(7)
#define DMA_STATUS_RPS			BIT(8)
#define DMA_STATUS_RWT			BIT(9)
#define DMA_STATUS_ETI			BIT(10)
#define DMA_STATUS_FBI			BIT(13)
#define DMA_STATUS_ERI			BIT(14)
#define DMA_STATUS_AIS			BIT(15)
#define DMA_STATUS_NIS			BIT(16)
#define DMA_STATUS_RS			GENMASK(19, 17)	/* RX state, 0: stopped */
#define DMA_STATUS_TS			GENMASK(22, 20)	/* TX state, 0: stopped */
/* the write-one-to-clear interrupt bits */
#define DMA_STATUS_INTR			GENMASK(16, 0)

#define DMA_OP_MODE			0x1018
#define DMA_OP_SR			BIT(1)
#define DMA_OP_OSF			BIT(2)
#define DMA_OP_RTC			GENMASK(4, 3)
#define DMA_OP_EFC			BIT(8)	/* send PAUSE on RX FIFO fill */
/* Flow control thresholds, "full minus (n + 1) KiB"; bits 23 and 22 are
 * the high bits for FIFOs above 8 KiB, unused here
 */
#define DMA_OP_RFA			GENMASK(10, 9)	/* PAUSE sent */
#define DMA_OP_RFD			GENMASK(12, 11)	/* PAUSE released */
#define DMA_OP_ST			BIT(13)
#define DMA_OP_TTC			GENMASK(16, 14)
#define DMA_OP_FTF			BIT(20)
#define DMA_OP_TSF			BIT(21)
#define DMA_OP_RSF			BIT(25)

#define DMA_INTR_EN			0x101c
#define DMA_INTR_TIE			BIT(0)
#define DMA_INTR_UNE			BIT(5)
#define DMA_INTR_RIE			BIT(6)
#define DMA_INTR_FBE			BIT(13)
#define DMA_INTR_AIE			BIT(15)
#define DMA_INTR_NIE			BIT(16)

#define DMA_MISSED_FRAMES		0x1020	/* clears on read */
#define DMA_MISSED_NOBUF		GENMASK(15, 0)	/* no RX descriptor */
#define DMA_MISSED_NOBUF_OVF		BIT(16)
#define DMA_MISSED_FIFO			GENMASK(27, 17)	/* RX FIFO overflow */
#define DMA_MISSED_FIFO_OVF		BIT(28)
#define DMA_RX_WATCHDOG			0x1024
#define DMA_AXI_BUS_MODE		0x1028
#define DMA_AXI_BLEN			GENMASK(7, 1)	/* 4, 8 ... 256 beats */
#define DMA_AXI_RD_OSR			GENMASK(19, 16)	/* outstanding reads - 1 */
#define DMA_AXI_WR_OSR			GENMASK(23, 20)
#define DMA_AXI_LPI_XIT_FRM		BIT(30)
#define DMA_AXI_EN_LPI			BIT(31)
#define DMA_HW_FEATURE			0x1058

/* DMA_HW_FEATURE fields used */
#define HWF_HDSEL			BIT(2)
#define HWF_HASHSEL			BIT(4)
#define HWF_RWKSEL			BIT(9)	/* PMT: wake-up frames */
#define HWF_MGKSEL			BIT(10)	/* PMT: magic packet */
#define HWF_MMCSEL			BIT(11)
#define HWF_TSVER2SEL			BIT(13)	/* IEEE 1588-2008 (advanced) */
#define HWF_EEESEL			BIT(14)
#define HWF_TXCOESEL			BIT(16)
#define HWF_RXTYP1COE			BIT(17)	/* appends the checksum: 2 bytes */
#define HWF_RXTYP2COE			BIT(18)
#define HWF_ENHDESSEL			BIT(24)

/* The ethtool -d dump (ethtool's st_gmac decoder): its size, the MAC and
 * DMA registers in it, and the reserved DMA range it leaves out
 */
#define GMAC_DUMP_LEN			0x1060
#define GMAC_DUMP_MAC_REGS		55
#define GMAC_DUMP_DMA_REGS		23
#define GMAC_DUMP_DMA_HOLE		0x1030
#define GMAC_DUMP_DMA_HOLE_END		0x1044

/* Normal descriptors */
#define NDES0_OWN			BIT(31)
#define NTDES0_ES			BIT(15)
#define NTDES1_TBS1			GENMASK(10, 0)
#define NTDES1_TER			BIT(25)
#define NTDES1_CIC			GENMASK(28, 27)
#define NTDES1_FS			BIT(29)
#define NTDES1_LS			BIT(30)
#define NTDES1_IC			BIT(31)
#define NRDES1_RBS1			GENMASK(10, 0)
#define NRDES1_RER			BIT(25)
#define NRDES1_DIC			BIT(31)

/* Enhanced descriptors: TX control moves to TDES0 */
#define ETDES0_TER			BIT(21)
#define ETDES0_CIC			GENMASK(23, 22)
#define ETDES0_FS			BIT(28)
#define ETDES0_LS			BIT(29)
#define ETDES0_IC			BIT(30)
#define ETDES1_TBS1			GENMASK(12, 0)
#define ERDES1_RBS1			GENMASK(12, 0)
#define ERDES1_RER			BIT(15)
#define ERDES1_DIC			BIT(31)

/* The alternate size (DMA bus mode ATDS): 32-byte enhanced descriptors.
 * Words 4-7 carry the RX extended status and the timestamps; on a core
 * with the advanced timestamp unit RDES0 bits 0 and 7 change meaning.
 */
#define ETDES0_TTSS			BIT(17)	/* TDES6/7 hold the TX stamp */
#define ETDES0_TTSE			BIT(25)	/* stamp this frame */
#define ARDES0_ESA			BIT(0)	/* RDES4 holds a status */
#define ARDES0_TSA			BIT(7)	/* RDES6/7 hold the RX stamp */
/* RDES4: the checksum engine's verdict. The payload type is 1 (UDP),
 * 2 (TCP) or 3 (ICMP) when the engine checked the payload, 0 when it
 * did not know the protocol.
 */
#define RDES4_PT			GENMASK(2, 0)
#define RDES4_PT_UDP			1
#define RDES4_PT_ICMP			3
#define RDES4_IPHE			BIT(3)	/* IP header checksum error */
#define RDES4_IPPE			BIT(4)	/* payload checksum error */
#define RDES4_IPCB			BIT(5)	/* the engine was bypassed */
#define RDES4_IPV4			BIT(6)
#define RDES4_IPV6			BIT(7)

/**
 * struct gmac_adesc - the 32-byte alternate descriptor
 * @basic: words 0-3, as in the 16-byte enhanced format
 * @des4: RX: extended status (RDES4_*); TX: reserved
 * @des5: reserved
 * @des6: timestamp, nanoseconds (written back by the DMA)
 * @des7: timestamp, seconds
 */
struct gmac_adesc {
	struct stmmac_desc basic;
	__le32 des4;
	__le32 des5;
	__le32 des6;
	__le32 des7;
};

/* RDES0, both formats */
#define RDES0_PCE			BIT(0)	/* payload csum error / ext. status */
#define RDES0_CE			BIT(1)	/* CRC error */
#define RDES0_DBE			BIT(2)	/* dribble bit error */
#define RDES0_RE			BIT(3)	/* receive (GMII/MII) error */
#define RDES0_RWT			BIT(4)	/* watchdog timeout: too long */
#define RDES0_FT			BIT(5)
#define RDES0_LC			BIT(6)	/* late collision */
#define RDES0_IPC			BIT(7)	/* IP header csum error / giant */
#define RDES0_LS			BIT(8)
#define RDES0_FS			BIT(9)
#define RDES0_OE			BIT(11)	/* FIFO overflow */
#define RDES0_LE			BIT(12)	/* length/type field mismatch */
#define RDES0_DE			BIT(14)	/* truncated: FL is not valid */
#define RDES0_ES			BIT(15)
#define RDES0_FL			GENMASK(29, 16)

/* full insertion: IP header and TCP/UDP/ICMP payload with pseudo-header */
#define DESC_CIC_FULL			3

/* Largest buffer one descriptor holds: 11 bits (normal) or 13 (enhanced) */
#define NDESC_BUF_MAX			2047
#define EDESC_BUF_MAX			8191

#endif /* __DWMAC1000_H__ */
