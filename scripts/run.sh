#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# run.sh [ours|upstream]: make run. Boot the emulated board with a kernel
# built from the kernel's own stmmac ("upstream": Debian's untouched 6.12
# one, or mainline 7.3's with KVER=7.3), then with one built from this tree
# ("ours"), the same kernel and options otherwise; in each, bring eth0 up,
# ping, run the seed UDP benchmark with the default coalescing and with
# tx-usecs 0 tx-frames 1. Prints one table with both kernels' runs side by
# side. With an argument, that kernel alone.

. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

case "${1:-}" in
'') variants=(upstream ours) ;;
ours | upstream) variants=("$1") ;;
*) die "unknown kernel variant '$1' (ours or upstream)" ;;
esac

for variant in "${variants[@]}"; do
	bash "$TREE/scripts/board.sh" kernel "$variant"
done
stage "initramfs: busybox, ethtool, iperf3 (Debian armhf)"
bash "$TREE/scripts/board.sh" initramfs
rc=0 logs=() failed=()
# One boot after the other, in the order above, each running the same job.
for variant in "${variants[@]}"; do
	log=$BUILD/logs/board-$variant-run.log
	bash "$TREE/scripts/board.sh" boot "$variant" run 300 || failed+=("$variant")
	if [ ${#variants[@]} -eq 1 ]; then
		logs+=("$log")
	else
		logs+=("$variant=$log")
	fi
done
version=$(kernel_version)
stage "summary: Linux $KVER ($version): ${variants[*]} (console logs: $BUILD/logs/board-<kernel>-run.log)"
[ ${#variants[@]} -eq 1 ] ||
	echo "upstream: Linux $KVER's own stmmac; ours: this tree in its place; same kernel, options, board and job"
python3 "$TREE/scripts/summary.py" "${logs[@]}" || rc=1
[ ${#failed[@]} -eq 0 ] || rc=1
if [ $rc -ne 0 ]; then
	for variant in "${failed[@]:-${variants[@]}}"; do
		log=$BUILD/logs/board-$variant-run.log
		say "make run FAILED ($variant kernel); the last lines of its console ($log):"
		tail -n 40 "$log" >&2
	done
	exit 1
fi
