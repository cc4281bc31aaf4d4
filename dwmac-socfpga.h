/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Altera SoCFPGA glue: the generations and what the tests reach.
 */

#ifndef __DWMAC_SOCFPGA_H__
#define __DWMAC_SOCFPGA_H__

#include <linux/phy.h>
#include <linux/types.h>

#include "stmmac.h"

/* How a generation lays out the EMAC control word of its system manager */
enum socfpga_sysmgr_layout {
	SOCFPGA_SYSMGR_GEN5,	/* field at the DT shift, FPGA bits at shift/2 */
	SOCFPGA_SYSMGR_GEN10,	/* field at bit 0, one register per EMAC */
};

/**
 * struct socfpga_gen - one SoCFPGA generation
 * @name: for messages
 * @layout: system manager layout
 * @core: the MAC IP
 * @riwt_off: the RX watchdog is not used
 * @tx_tbs: TX queues whose DMA channels take launch times
 *	(&stmmac_plat.tx_tbs)
 */
struct socfpga_gen {
	const char *name;
	enum socfpga_sysmgr_layout layout;
	enum stmmac_core core;
	bool riwt_off;
	u32 tx_tbs;
};

/**
 * struct socfpga_dwmac - the glue's state
 * @dev: the device
 * @gen: the generation
 * @sysmgr: the system manager
 * @reg_offset: this EMAC's control register in it
 * @reg_shift: this EMAC's field position in it
 * @f2h_ptp_ref_clk: PTP reference clock from the FPGA
 * @interface: the PHY interface on the board
 * @rst: the "stmmaceth" reset
 * @rst_ocp: the "stmmaceth-ocp" reset
 * @splitter: EMAC splitter registers, if any
 * @sgmii_adapter: GMII-to-SGMII adapter registers, if any
 * @tse_pcs: the Lynx (TSE) PCS registers, if any
 * @pcs: the Lynx PCS
 */
struct socfpga_dwmac {
	struct device *dev;
	const struct socfpga_gen *gen;
	struct regmap *sysmgr;
	u32 reg_offset;
	u32 reg_shift;
	bool f2h_ptp_ref_clk;
	phy_interface_t interface;
	struct reset_control *rst;
	struct reset_control *rst_ocp;
	void __iomem *splitter;
	void __iomem *sgmii_adapter;
	void __iomem *tse_pcs;
	struct phylink_pcs *pcs;
};

#if IS_ENABLED(CONFIG_KUNIT)
extern const struct socfpga_gen socfpga_gen5;
extern const struct socfpga_gen socfpga_gen10;
extern const struct socfpga_gen socfpga_agilex5;
const struct socfpga_gen *socfpga_gen_lookup(const char *compatible);
int socfpga_physel(phy_interface_t mode, bool splitter, u32 *val);
bool socfpga_via_fpga(phy_interface_t mode, bool f2h_ptp_ref_clk);
bool socfpga_ptp_fpga(const struct socfpga_gen *gen, phy_interface_t mode,
		      bool f2h_ptp_ref_clk);
u32 socfpga_ctrl(const struct socfpga_gen *gen, u32 ctrl, u32 physel,
		 u32 shift, bool ptp_fpga);
u32 socfpga_fpga_bit(const struct socfpga_gen *gen, u32 shift, u32 *reg);
int socfpga_splitter_speed(int speed);
#endif

#endif /* __DWMAC_SOCFPGA_H__ */
