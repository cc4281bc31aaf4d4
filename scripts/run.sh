#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# run.sh [ours|upstream]: make run. Boot the emulated board with a kernel
# built from this tree (or Debian's upstream stmmac, the baseline), bring
# eth0 up, ping, run the seed UDP benchmark with the default coalescing and
# with tx-usecs 0 tx-frames 1, and print a summary.

. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

variant=${1:-ours}
bash "$TREE/scripts/board.sh" kernel "$variant"
stage "initramfs: busybox, ethtool, iperf3 (Debian armhf)"
bash "$TREE/scripts/board.sh" initramfs
log=$BUILD/logs/board-$variant-run.log
rc=0
bash "$TREE/scripts/board.sh" boot "$variant" run 300 || rc=$?
stage "summary ($variant kernel; console log: $log)"
python3 "$TREE/scripts/summary.py" "$log" || rc=1
if [ $rc -ne 0 ]; then
	say "make run FAILED; the last lines of the console:"
	tail -n 40 "$log" >&2
	exit 1
fi
