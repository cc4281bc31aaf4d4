#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# compat.sh: make compat. Boot the emulated board with the kernel's own
# untouched stmmac (Debian's 6.12, or mainline 7.3's with KVER=7.3), then
# with this tree, both with "stmmaceth=debug:5" on the command
# line, run scripts/guest/compat.sh (ethtool -i, -S, -d, -l, -c, -g, -a, -k,
# --show-eee, -T, the module parameters, the MDIO bus and PHY names) and
# compare section by section against scripts/compat-expected.txt, which says
# for each section whether it must be identical and, where not, why. Fails
# when a section that must be identical differs, or a section is missing.

. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

LOGS=()
for variant in upstream ours; do
	stage "compat: board kernel ($variant)"
	bash "$TREE/scripts/board.sh" kernel "$variant"
done
stage "compat: guest initramfs"
bash "$TREE/scripts/board.sh" initramfs
for variant in upstream ours; do
	log=$BUILD/logs/compat-$variant.log
	STMMAC_BOARD_LOG=$log STMMAC_BOARD_APPEND="stmmaceth=debug:5" \
		bash "$TREE/scripts/board.sh" boot "$variant" compat 300 ||
		{ tail -n 20 "$log"; die "compat: the $variant boot failed (log: $log)"; }
	LOGS+=("$log")
done
stage "compat: upstream vs ours"
python3 "$TREE/scripts/compat_report.py" --kver "$KVER" "$TREE/scripts/compat-expected.txt" "${LOGS[@]}"
