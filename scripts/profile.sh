#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# profile.sh: make profile. Where one packet's instructions go, function by
# function, on two of make bench's kernels side by side (A, B: 6.12 with
# upstream's stmmac and with this tree; M, N: the same on 7.3). For each
# run and kernel, one boot of the emulated board under QEMU's instruction
# counting (-icount, as make bench's cost boots): the guest's flood
# (scripts/guest/bench.sh, stmmac_bench_profile=RUN) marks a window of
# about 5000 packets in its steady state, during which QEMU logs every
# translation block the guest's kernel enters (-d exec, with block chaining
# off from boot so that every entry is logged; switched on and off through
# QEMU's monitor). scripts/profile_report.py counts the entries per address
# while they are logged, weighs each block by its instructions (objdump of
# vmlinux: up to its first branch) and sums them by function (System.map),
# per packet: per entry of dev_hard_start_xmit (TX runs) or eth_type_trans
# (RX), which every kernel calls once a packet. The figures are the
# kernel's only (no user space) and, a block's length being read up to its
# first branch whichever way a conditional one goes, close rather than
# exact; the differences between two kernels are what to read. A
# development tool, not a test: Documentation/bench.rst.
#
# Environment: PROFILE_KERNELS ("M N": two of A B M N), PROFILE_RUNS
# ("udp-cpu1 udp-rx": of udp-cpu0, udp-cpu1, udp-rx), PROFILE_TOP (40: the
# functions listed per run).

. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

[ -z "${KDIR:-}" ] || die "make profile boots the cache's own kernels: KDIR is not supported"
read -r -a KERNELS <<<"${PROFILE_KERNELS:-M N}"
[ ${#KERNELS[@]} -eq 2 ] || die "PROFILE_KERNELS names two kernels (of A B M N)"
declare -A KVER_OF=([A]=6.12 [B]=6.12 [M]=7.3 [N]=7.3)
declare -A VARIANT_OF=([A]=upstream [B]=bench [M]=upstream [N]=bench)
for k in "${KERNELS[@]}"; do
	[ -n "${KVER_OF[$k]:-}" ] || die "PROFILE_KERNELS: unknown kernel '$k' (A B M N)"
done
read -r -a RUNS <<<"${PROFILE_RUNS:-udp-cpu1 udp-rx}"
for r in "${RUNS[@]}"; do
	case "$r" in
	udp-cpu0 | udp-cpu1 | udp-rx) ;;
	*) die "PROFILE_RUNS: unknown run '$r' (udp-cpu0, udp-cpu1, udp-rx)" ;;
	esac
done
TOP=${PROFILE_TOP:-40}
[ "$TOP" -ge 1 ] 2>/dev/null || die "PROFILE_TOP must be a positive number"
REPORT=$TREE/scripts/profile_report.py

declare -A BUILT=()
for k in "${KERNELS[@]}"; do
	kv=${KVER_OF[$k]}
	if [ -z "${BUILT[$kv]:-}" ]; then
		KVER=$kv bash "$TREE/scripts/deps.sh" kernel
		KVER=$kv bash "$TREE/scripts/kernel.sh"
		KVER=$kv bash "$TREE/scripts/board.sh" initramfs
		BUILT[$kv]=1
	fi
	KVER=$kv bash "$TREE/scripts/board.sh" kernel "${VARIANT_OF[$k]}"
done

OUT=$(kver_build 6.12)/profile
rm -rf "$OUT"
mkdir -p "$OUT"

# watch LOG SOCK PID: the exec log on at the guest's PROFILE-ON, off at its
# PROFILE-OFF, while QEMU (PID) runs.
watch() {
	local log=$1 sock=$2 pid=$3 state=0
	while kill -0 "$pid" 2>/dev/null; do
		if [ $state = 0 ] && grep -aq '^PROFILE-ON' "$log" 2>/dev/null; then
			python3 "$REPORT" monitor "$sock" log exec,nochain
			state=1
		elif [ $state = 1 ] && grep -aq '^PROFILE-OFF' "$log"; then
			python3 "$REPORT" monitor "$sock" log nochain
			return 0
		fi
		sleep 0.05
	done
}

# profile_one RUN K: one boot, its counts weighed into OUT/RUN-K.fn
profile_one() {
	local run=$1 k=$2 kv=${KVER_OF[$2]} base=$OUT/$1-$2 entry counter pid cnt
	local build
	build=$(kver_build "$kv")/board-${VARIANT_OF[$k]}
	case "$run" in
	udp-rx) entry=eth_type_trans ;;
	*) entry=dev_hard_start_xmit ;;
	esac
	mkfifo "$base.qlog"
	python3 "$REPORT" count "$base.qlog" "$base.counts" &
	cnt=$!
	KVER=$kv stage "profile: $run on $k, one boot under -icount (console: $base.log)"
	KVER=$kv STMMAC_BOARD_LOG=$base.log \
		STMMAC_BOARD_QUIRKS="stmmac.tx_doorbell_each=1 stmmac.rx_wait_last=1" \
		STMMAC_BOARD_QEMU="-icount shift=0,sleep=off -d nochain -D $base.qlog -dfilter 0xc0000000..0xffffffff -monitor unix:$base.mon,server=on,wait=off" \
		STMMAC_BOARD_APPEND="stmmac_bench_profile=$run" \
		bash "$TREE/scripts/board.sh" boot "${VARIANT_OF[$k]}" bench 1500 &
	pid=$!
	watch "$base.log" "$base.mon" "$pid"
	wait "$pid" || die "profile: $run on $k: the boot failed (console: $base.log)"
	wait "$cnt" || die "profile: $run on $k: counting the exec log failed"
	grep -aq '^PROFILE-OFF' "$base.log" || die "profile: $run on $k: no window marked (console: $base.log)"
	counter=$(sed -n 's/^PROFILE-OFF \([a-z_]*\)=.*/\1/p' "$base.log" | head -n 1)
	say "$run on $k: window $(sed -n "s/^PROFILE-ON $counter=//p" "$base.log" | head -n 1) to" \
		"$(sed -n "s/^PROFILE-OFF $counter=//p" "$base.log" | head -n 1) ($counter)"
	python3 "$REPORT" weigh "$build/vmlinux" "$build/System.map" "$base.counts" "$entry" \
		"$base.fn" "$(cross_prefix arm)objdump" || die "profile: $run on $k: no profile"
	rm -f "$base.qlog" "$base.mon"
}

for r in "${RUNS[@]}"; do
	for k in "${KERNELS[@]}"; do
		profile_one "$r" "$k"
	done
done
stage "profile: ${KERNELS[0]} and ${KERNELS[1]}, instructions by function (files: $OUT)"
for r in "${RUNS[@]}"; do
	python3 "$REPORT" report "$OUT" "$r" "${KERNELS[@]}" "$TOP"
done
