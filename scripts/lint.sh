#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# lint.sh: W=1 + sparse builds of this directory for arm and arm64, built in
# and as modules, then checkpatch --strict and kernel-doc on every source,
# docutils on Documentation/*.rst (scripts/rstcheck.py), and the DT
# coverage of the SoCFPGA boards (scripts/dtcov.py).
# Any warning located in our files fails. Warnings the kernel's own files
# raise under W=1 are not ours to fix and are filtered out by path.

. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

fail=0
LOGDIR=$BUILD/logs
mkdir -p "$LOGDIR"

make_config() {
	local arch=$1 variant=$2 out=$3

	mkdir -p "$out"
	{
		cat "$TREE/scripts/configs/lint-$arch.config"
		sed "s/=VARIANT\$/=$variant/" "$TREE/scripts/configs/lint-ours.config"
	} >"$out/stmmac-want.config.new"
	kconfig_from "$arch" "$out"
}

# build_one ARCH y|m [dir]: "dir" compiles our directory only, without
# the full build that links the modules and runs modpost on them.
build_one() {
	local arch=$1 variant=$2 only=${3:-} out log
	out=$BUILD/lint-$arch-$variant
	log=$LOGDIR/lint-$arch-$variant.log
	stage "lint: W=1 + sparse, $arch, stmmac =$variant${only:+ (our directory only)}"
	make_config "$arch" "$variant" "$out"
	# Recompile our objects every time: warnings only show when a file builds.
	find "$out/$STMMAC_REL" -name '*.o' -delete 2>/dev/null || true
	local rc=0
	kmake "$arch" "$out" W=1 C=2 "$STMMAC_REL/" >"$log" 2>&1 || rc=$?
	if [ "$variant" = m ] && [ -z "$only" ] && [ $rc -eq 0 ]; then
		# A full build links the modules and runs modpost on them.
		kmake "$arch" "$out" W=1 >>"$log" 2>&1 || rc=$?
		check_modules "$out" || fail=1
	fi
	local warn
	warn=$(our_warnings "$log")
	if [ $rc -ne 0 ] || [ -n "$warn" ]; then
		say "lint FAILED: $arch stmmac=$variant (log: $log)"
		if [ -n "$warn" ]; then
			printf '%s\n' "$warn"
		else
			tail -n 30 "$log"
		fi
		fail=1
	fi
}

sources() {
	git -C "$TREE" ls-files --cached --others --exclude-standard \
		'*.c' '*.h' 'Kconfig' 'Makefile' '*/Makefile' 2>/dev/null ||
		(cd "$TREE" && find . -name '*.[ch]' -o -name Kconfig -o -name Makefile |
			sed 's|^\./||')
}

# checkpatch's reports less its CAMELCASE ones about the members of the
# kernel's struct ethtool_mm_stats, which carry IEEE 802.3's managed-object
# names (MACMergeFragCountTx, ...), and about the qdisc layer's struct
# Qdisc and its kin: not ours to rename, and checkpatch run on a file
# does not learn them from the headers (upstream's stmmac draws the same
# reports). Any other CamelCase still fails.
kernel_camel() {
	local ids
	ids=$( { sed -n '/^struct ethtool_mm_stats {/,/^};/ s/^[[:space:]]*u64 \([A-Za-z]*\);$/\1/p' \
		"$KSRC/include/linux/ethtool.h"
		sed -n 's/^struct \(Qdisc[A-Za-z_]*\) {$/\1/p' \
			"$KSRC/include/net/sch_generic.h"; } | tr '\n' ' ')
	awk -v ids=" $ids" 'BEGIN { RS = ""; ORS = "\n\n" }
	/^CHECK:CAMELCASE: Avoid CamelCase: <[A-Za-z_]+>\n/ {
		id = $0
		sub(/^CHECK:CAMELCASE: Avoid CamelCase: </, "", id)
		sub(/>\n.*/, "", id)
		if (index(ids, " " id " "))
			next
	}
	{ print }'
}

# style_one FILE: checkpatch's and kernel-doc's reports on one source, if
# any. UNDOCUMENTED_SETUP wants a __setup() option added to the kernel's
# kernel-parameters.txt in the same patch: with -f there is no patch, and
# that file is outside this directory, so it cannot pass here. Our one
# option, upstream's stmmaceth=, is documented in driver.rst (as upstream
# documents it in its stmmac.rst, not kernel-parameters.txt).
# LINUX_VERSION_CODE is for code meant for one kernel; the compat header
# exists to map two, and is the one file allowed to test it (once, in
# STMMAC_SINCE()): anywhere else the warning still fails.
style_one() {
	local f=$1 ignore=UNDOCUMENTED_SETUP out
	[ -f "$TREE/$f" ] || return 0
	[ "$f" = stmmac_compat.h ] && ignore+=,LINUX_VERSION_CODE
	out=$("$KSRC/scripts/checkpatch.pl" --strict --no-tree --quiet \
		--no-summary --show-types --ignore "$ignore" \
		-f "$TREE/$f" 2>&1 | kernel_camel) || true
	[ -z "$out" ] || printf 'stmmac-coal: checkpatch FAILED: %s\n%s\n' "$f" "$out"
	case "$f" in *.c | *.h) ;; *) return 0 ;; esac
	out=$("$KSRC/scripts/kernel-doc" -none -Wall "$TREE/$f" 2>&1) || true
	[ -z "$out" ] || printf 'stmmac-coal: kernel-doc FAILED: %s\n%s\n' "$f" "$out"
}

# Both CPUs, each on every other file (checkpatch is one Perl process per
# file: a minute or more one file at a time); the reports in file order.
check_style() {
	local files=() pids=() i w out dir
	stage "lint: checkpatch --strict and kernel-doc"
	mapfile -t files < <(sources)
	dir=$(mktemp -d)
	for w in 0 1; do
		for ((i = w; i < ${#files[@]}; i += 2)); do
			style_one "${files[i]}" >"$dir/$i" || exit 1
		done &
		pids+=($!)
	done
	for w in "${pids[@]}"; do
		wait "$w" || { say "checkpatch/kernel-doc: a worker failed"; fail=1; }
	done
	for ((i = 0; i < ${#files[@]}; i++)); do
		if [ ! -f "$dir/$i" ]; then
			say "checkpatch/kernel-doc: no report for ${files[i]}"
			fail=1
		fi
	done
	out=$(for ((i = 0; i < ${#files[@]}; i++)); do
		cat "$dir/$i" 2>/dev/null || true
	done)
	rm -rf "$dir"
	if [ -n "$out" ]; then
		printf '%s\n' "$out"
		fail=1
	fi
}

# Documentation/*.rst as docutils reads it: a malformed table or title is
# dropped or mangled in every rendering. Debian's python3, which
# python3-docutils (scripts/deps.sh) serves, not whatever python3 is first
# in PATH.
check_rst() {
	local out
	stage "lint: reST (docutils) on Documentation/*.rst"
	out=$(cd "$TREE" && /usr/bin/python3 scripts/rstcheck.py Documentation/*.rst 2>&1) || {
		say "reST FAILED"
		printf '%s\n' "$out"
		fail=1
	}
}

# The kernels SoCFPGA users build: arm socfpga_defconfig (Cyclone V,
# Arria 10) and arm64 defconfig (Stratix 10, Agilex), our options built in
# or as modules. Only our directory is compiled there (a whole defconfig
# kernel takes over an hour on two cores); the modular allnoconfig builds
# above link the modules.
DEF_DTBS_arm="intel/socfpga/socfpga_cyclone5_socdk.dtb intel/socfpga/socfpga_arria10_socdk_sdmmc.dtb"
DEF_DTBS_arm64="altera/socfpga_stratix10_socdk.dtb intel/socfpga_agilex_socdk.dtb intel/socfpga_agilex5_socdk.dtb"

def_config() {
	local arch=$1 variant=$2 out=$3 defconfig=$4 sym want
	want="$defconfig STMMAC_ETH STMMAC_PLATFORM DWMAC_GENERIC DWMAC_SOCFPGA =$variant"
	[ "$(cat "$out/stmmac-def.stamp" 2>/dev/null)" = "$want" ] && [ -f "$out/.config" ] && return 0
	rm -f "$out/stmmac-def.stamp"
	kmake "$arch" "$out" "$defconfig" >/dev/null || die "$arch $defconfig failed"
	for sym in STMMAC_ETH STMMAC_PLATFORM DWMAC_GENERIC DWMAC_SOCFPGA; do
		echo "CONFIG_$sym=$variant" >>"$out/.config"
	done
	kmake "$arch" "$out" olddefconfig >/dev/null 2>&1 || die "$arch olddefconfig failed"
	for sym in STMMAC_ETH STMMAC_PLATFORM DWMAC_GENERIC DWMAC_SOCFPGA; do
		grep -qx "CONFIG_$sym=$variant" "$out/.config" ||
			die "$arch $defconfig: CONFIG_$sym=$variant did not stick"
	done
	echo "$want" >"$out/stmmac-def.stamp"
}

# Our Agilex 5 EMAC nodes on the kernel's socfpga_agilex5.dtsi, through
# the preprocessor and dtc as kbuild runs them.
agilex5_dt() {
	local out=$1 log=$2 dts=$TREE/scripts/dts/socfpga_agilex5_gmac.dts
	local dtc=$out/scripts/dtc/dtc
	local quiet=(-Wno-unit_address_vs_reg -Wno-avoid_unnecessary_addr_size
		-Wno-alias_paths -Wno-simple_bus_reg)
	# 7.3's dtc has no graph_child_address check, and refuses its name
	echo '/dts-v1/; / { };' | "$dtc" -I dts -O dtb -o /dev/null \
		-Wno-graph_child_address - 2>/dev/null &&
		quiet+=(-Wno-graph_child_address)
	cpp -nostdinc -I "$KSRC/include" -I "$KSRC/scripts/dtc/include-prefixes" \
		-I "$KSRC/arch/arm64/boot/dts/intel" -undef -D__DTS__ \
		-x assembler-with-cpp "$dts" 2>>"$log" |
		"$dtc" -I dts -O dtb -o "$out/socfpga_agilex5_gmac.dtb" \
			"${quiet[@]}" - >>"$log" 2>&1
}

build_defconfig() {
	local arch=$1 variant=$2 out=$BUILD/lint-$1-def-$2 log defconfig dtbs rc=0 warn
	log=$LOGDIR/lint-$arch-def-$variant.log
	defconfig=defconfig
	[ "$arch" = arm ] && defconfig=socfpga_defconfig
	stage "lint: W=1 + sparse, $arch $defconfig, stmmac =$variant"
	mkdir -p "$out"
	def_config "$arch" "$variant" "$out" "$defconfig"
	find "$out/$STMMAC_REL" -name '*.o' -delete 2>/dev/null || true
	kmake "$arch" "$out" W=1 C=2 "$STMMAC_REL/" >"$log" 2>&1 || rc=$?
	if [ "$variant" = y ] && [ $rc -eq 0 ]; then
		dtbs=DEF_DTBS_$arch
		# shellcheck disable=SC2086
		kmake "$arch" "$out" ${!dtbs} >>"$log" 2>&1 || rc=$?
		if [ "$arch" = arm64 ] && [ $rc -eq 0 ]; then
			agilex5_dt "$out" "$log" || rc=$?
			grep -q 'ethernet@108' "$log" && rc=1
		fi
	fi
	warn=$(our_warnings "$log")
	if [ $rc -ne 0 ] || [ -n "$warn" ]; then
		say "lint FAILED: $arch $defconfig stmmac=$variant (log: $log)"
		if [ -n "$warn" ]; then printf '%s\n' "$warn"; else tail -n 30 "$log"; fi
		fail=1
	fi
}

# The kernel's own dtc, the one kbuild runs: any lint build directory's
# (they all build it), else one built alone in an allnoconfig tree of its
# own (~30 s once), else whatever dtc is installed.
lint_dtc() {
	local d arch out=$BUILD/lint-dtc
	for d in "$BUILD"/lint-*/scripts/dtc/dtc; do
		[ -x "$d" ] && echo "$d" && return 0
	done
	read -r arch _ <<<"${LINT_ARCHES:-arm}"
	mkdir -p "$out"
	: >"$out/stmmac-want.config.new"
	# A subshell: kconfig_from dies on failure, and this stage must not.
	if (kconfig_from "$arch" "$out" && kmake "$arch" "$out" scripts_dtc) \
		>"$LOGDIR/lint-dtc.log" 2>&1 && [ -x "$out/scripts/dtc/dtc" ]; then
		echo "$out/scripts/dtc/dtc"
		return 0
	fi
	command -v dtc
}

# Every property of the boards' enabled GMAC nodes (both arches' DTs and
# our fragment) is read by our code or listed in scripts/dt-ignored.txt.
# The table is printed and kept in the log.
check_dt_coverage() {
	local dtc log=$LOGDIR/lint-dtcov.log rc=0
	stage "lint: DT coverage of the SoCFPGA boards' GMAC properties"
	if ! dtc=$(lint_dtc); then
		say "DT coverage FAILED: no dtc (log: $LOGDIR/lint-dtc.log)"
		fail=1
		return 0
	fi
	python3 "$TREE/scripts/dtcov.py" "$KSRC" "$dtc" "$TREE" >"$log" 2>&1 || rc=$?
	cat "$log"
	if [ $rc -ne 0 ]; then
		say "DT coverage FAILED (table: $log)"
		[ $rc -eq 1 ] || tail -n 20 "$log"
		fail=1
	fi
}

# LINT_PARTS picks the parts (all by default): style (checkpatch and
# kernel-doc), rst, min-y and min-m (the minimal config, built in and as
# modules, these linked and checked by modpost), min-m-dir (as modules,
# our directory only), def-y and def-m (the SoCFPGA defconfigs), dtcov.
# A part may name one architecture: min-m@arm64. make check runs a subset
# on each kernel (README.md: which, why).
PARTS=${LINT_PARTS:-style rst min-y min-m def-y def-m dtcov}
part() { [[ " $PARTS " == *" $1 "* ]]; }
arch_part() { part "$1" || part "$1@$2"; }

part style && check_style
part rst && check_rst
for arch in ${LINT_ARCHES:-arm arm64}; do
	arch_part min-y "$arch" && build_one "$arch" y
	if arch_part min-m "$arch"; then
		build_one "$arch" m
	elif arch_part min-m-dir "$arch"; then
		build_one "$arch" m dir
	fi
done
for arch in ${LINT_ARCHES:-arm arm64}; do
	for variant in y m; do
		arch_part "def-$variant" "$arch" && build_defconfig "$arch" "$variant"
	done
done
part dtcov && check_dt_coverage

if [ $fail -ne 0 ]; then
	say "make lint: FAILED"
	exit 1
fi
if [ -z "${LINT_PARTS:-}" ]; then
	stage "lint: clean (W=1, sparse, checkpatch --strict, kernel-doc, reST; ${LINT_ARCHES:-arm arm64}; allnoconfig and SoCFPGA defconfigs, built-in and modules; SoCFPGA DTs and their DT coverage)"
else
	stage "lint: clean (${LINT_ARCHES:-arm arm64}: $PARTS)"
fi
