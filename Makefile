# SPDX-License-Identifier: GPL-2.0-only
#
# Two makefiles in one. Inside a kernel build (KERNELRELEASE set) this is the
# kbuild makefile of drivers/net/ethernet/stmicro/stmmac. Run by hand it is
# the project's entry point: see "make help".

ifneq ($(KERNELRELEASE),)

obj-$(CONFIG_STMMAC_ETH) += stmmac.o
stmmac-y := stmmac_main.o stmmac_datapath.o stmmac_tx.o stmmac_rx.o stmmac_coal.o \
	    stmmac_mdio.o stmmac_ethtool.o stmmac_hwif.o dwmac1000.o \
	    stmmac_filter.o stmmac_mmc.o dwxgmac2.o dwxgmac2_filter.o \
	    stmmac_params.o stmmac_eee.o stmmac_wol.o stmmac_stats.o \
	    stmmac_queues.o \
	    stmmac_tsu.o stmmac_pps.o stmmac_ptp.o stmmac_xdp.o stmmac_xsk.o \
	    stmmac_tc.o stmmac_flower.o stmmac_fpe.o stmmac_est.o
stmmac-$(CONFIG_STMMAC_TEST_HOOKS) += stmmac_debugfs.o

obj-$(CONFIG_STMMAC_PLATFORM) += stmmac-platform.o
stmmac-platform-y := stmmac_platform.o
obj-$(CONFIG_DWMAC_GENERIC) += dwmac-generic.o
# Upstream's module name, which module-load lists and recipes use.
obj-$(CONFIG_DWMAC_SOCFPGA) += dwmac-altr-socfpga.o
dwmac-altr-socfpga-y := dwmac-socfpga.o

obj-y += kunit/

else

SHELL := /bin/bash
SCRIPTS := $(CURDIR)/scripts

# The kernel every target builds against (scripts/common.sh): 6.12 or 7.3.
KVER ?= 6.12
ifeq ($(filter 6.12 7.3,$(KVER)),)
$(error KVER=$(KVER): this tree builds on 6.12 and 7.3)
endif
export KVER

# "make KDIR=<kernel build dir>" builds the modules out of tree against it.
ifneq ($(KDIR),)
.DEFAULT_GOAL := modules
else
.DEFAULT_GOAL := help
endif

.PHONY: help deps tree lint kunit boardtest selftests compat check run stress bench profile modules clean

help:
	@echo "make check    the test command, on both kernels: lint + KUnit (arm, arm64) + the board test on 6.12; lint (a subset) + KUnit on 7.3"
	@echo "make lint     W=1, sparse, checkpatch --strict, kernel-doc (arm, arm64), reST (docutils)"
	@echo "make kunit    KUnit suites under QEMU (arm, arm64)"
	@echo "make boardtest  the emulated board: link, ping, TCP/UDP, ethtool -C/-G, link flaps, live MAC address change, kernel log (KERNEL=upstream: Debian's stmmac)"
	@echo "make selftests  the kernel's own driver selftests (drivers/net, drivers/net/hw, two-port forwarding tests) on the board's two wired GMACs: upstream and ours side by side (KERNEL=ours|upstream: one)"
	@echo "make compat   the emulated board: what userland sees (ethtool -i/-S/-d/-l/-c/-k, module parameters, MDIO names) on Debian's stmmac and ours, compared (scripts/compat-expected.txt)"
	@echo "make run      the emulated board: the kernel's own stmmac, then this tree, each booted, eth0 up, ping, UDP benchmark; one table side by side (KERNEL=ours|upstream: one)"
	@echo "make bench    the emulated board: the kernel's own stmmac vs this tree in alternating boots on 6.12 and 7.3, TX and RX, plus candidate TX policies, the coalescing sweep and instruction counts under -icount (~85 min; both kernels whatever KVER says)"
	@echo "make profile  the emulated board under -icount: a UDP flood's instructions per packet by kernel function, two of make bench's kernels side by side (PROFILE_KERNELS, default M N; PROFILE_RUNS, default udp-cpu1 udp-rx; ~15 min)"
	@echo "make stress   the emulated board on a debug kernel (KASAN, lockdep, kmemleak, fault injection): faults, bad input, reloads, leaks"
	@echo "make KDIR=<kernel build dir> [modules]   out-of-tree module build"
	@echo "KVER=6.12|7.3 (default 6.12): the kernel every target but check and bench builds against"
	@echo "Kernel cache: \$${STMMAC_COAL_CACHE:-\$${XDG_CACHE_HOME:-\$$HOME/.cache}/stmmac-coal}"

deps:
	@bash $(SCRIPTS)/deps.sh kernel cross qemu

tree: deps
	@bash $(SCRIPTS)/kernel.sh

lint: tree
	@bash $(SCRIPTS)/lint.sh

kunit: tree
	@bash $(SCRIPTS)/kunit.sh

boardtest: tree
	@bash $(SCRIPTS)/deps.sh board
	@bash $(SCRIPTS)/boardtest.sh $(KERNEL)

selftests: tree
	@bash $(SCRIPTS)/deps.sh board selftests
	@bash $(SCRIPTS)/selftests.sh $(KERNEL)

compat: tree
	@bash $(SCRIPTS)/deps.sh board
	@bash $(SCRIPTS)/compat.sh

# make check runs on both kernels whatever KVER says: on 6.12 lint, KUnit
# and the board test, then on 7.3 lint and KUnit, lint's parts below
# (README.md: what runs where, and why). 6.12's arm modules are linked and
# checked by the board test's modules kernel, not a lint build of their
# own. One clock for the stage lines of both.
CHECK_LINT_6.12 := style rst min-y min-m@arm64 min-m-dir def-y def-m dtcov
CHECK_LINT_7.3 := style min-m-dir dtcov

check: export START_EPOCH := $(shell date +%s)
check:
	@KVER=6.12 bash $(SCRIPTS)/deps.sh kernel cross qemu
	@KVER=6.12 bash $(SCRIPTS)/kernel.sh
	@KVER=6.12 LINT_PARTS="$(CHECK_LINT_6.12)" bash $(SCRIPTS)/lint.sh
	@KVER=6.12 bash $(SCRIPTS)/kunit.sh
	@KVER=6.12 bash $(SCRIPTS)/deps.sh board
	@KVER=6.12 bash $(SCRIPTS)/boardtest.sh
	@KVER=7.3 bash $(SCRIPTS)/deps.sh kernel
	@KVER=7.3 bash $(SCRIPTS)/kernel.sh
	@KVER=7.3 LINT_PARTS="$(CHECK_LINT_7.3)" bash $(SCRIPTS)/lint.sh
	@KVER=7.3 bash $(SCRIPTS)/kunit.sh
	@echo "make check: all passed (6.12: lint, KUnit, board test; 7.3: lint ($(CHECK_LINT_7.3)), KUnit)"

run: tree
	@bash $(SCRIPTS)/deps.sh board
	@bash $(SCRIPTS)/run.sh $(KERNEL)

bench: tree
	@bash $(SCRIPTS)/deps.sh board bench
	@bash $(SCRIPTS)/bench.sh

profile: tree
	@bash $(SCRIPTS)/deps.sh board bench
	@bash $(SCRIPTS)/profile.sh

stress: tree
	@bash $(SCRIPTS)/deps.sh board
	@bash $(SCRIPTS)/stress.sh

modules:
	$(MAKE) -C $(KDIR) M=$(CURDIR) CONFIG_STMMAC_ETH=m \
		CONFIG_STMMAC_PLATFORM=m CONFIG_DWMAC_GENERIC=m modules

clean:
	@if [ -n "$(KDIR)" ]; then $(MAKE) -C $(KDIR) M=$(CURDIR) clean; fi

endif
