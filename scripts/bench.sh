#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# bench.sh: make bench. The emulated board (QEMU npcm750-evb) booted
# alternately with five kernels, two of Linux 6.12 and two of 7.3, each pair
# from one tree and config:
#
#   A  Debian's 6.12, its untouched upstream stmmac ("board.sh kernel
#      upstream" with KVER=6.12)
#   B  6.12 with this tree, built with CONFIG_STMMAC_TEST_HOOKS ("board.sh
#      kernel bench"); the hooks (debugfs switches, bench_restart_rule) are
#      inactive unless asked, so it runs this tree's default policy
#   R  B's kernel with stmmac.bench_restart_rule=1: this tree with upstream
#      6.12's TX timer rule (restart at every frame), the rule's own effect
#   M  mainline 7.3, its own stmmac untouched ("board.sh kernel upstream"
#      with KVER=7.3)
#   N  7.3 with this tree, built as B ("board.sh kernel bench" with
#      KVER=7.3): N for the new kernel
#
# in rounds A B R M N, BENCH_ROUNDS of them (3), each boot running the same
# guest job (scripts/guest/bench.sh): ping at idle, 64-byte UDP (iperf3)
# with the sender pinned to CPU0 (the interrupt's) then CPU1, 64-byte
# pktgen from CPU0 then CPU1, TCP both ways (cubic) and guest to host with
# BBR, two 64-byte UDP floods from the host (one the guest keeps up with,
# one it cannot), the TX timer's starts and cancels counted in every run.
# B's boots then run the candidate policies (off, swirq, burst, nopace: UDP
# from each CPU and both TCP runs under each) and the coalescing sweep, each
# starting at another point; M's and N's the RX interrupt mitigation
# candidates (NAPI's deferral: the RX runs under each). Each round ends with
# the cost boots under QEMU's instruction counting (-icount), running the
# floods only (the four TX floods, the TCP download and the UDP flood from
# the host): their instructions per packet, the figure that repeats from
# boot to boot. First 6.12's, A, B and D side by side (D: B's kernel
# without the board's doorbell quirk, one TX doorbell per xmit burst as on
# real cores, which QEMU's model garbles and the count does not mind; D
# runs the TX floods only), then 7.3's, M and N side by side. The console
# logs, the table and the plots go to the cache's build/bench; the table is
# printed at the end. See Documentation/bench.rst.
#
# Both kernels whatever KVER says (as make check); KDIR is refused: the
# five kernels are the cache's own.
#
# Environment: BENCH_ROUNDS (3), BENCH_SECS (10: each UDP and pktgen run,
# and the UDP flood from the host), BENCH_SWEEP_SECS (5: each sweep UDP
# run), BENCH_COST_SECS (3: each run of a cost boot, in the guest's
# instruction-counted seconds; the RX runs there end after BENCH_COST_RX_PKTS
# packets received, 300000), BENCH_RX_RATE (20M: the host's rate in the UDP
# flood to the guest, iperf3's -b), BENCH_RX_MID_RATE (2560K: the host's
# rate in the UDP flood the guest keeps up with, 5000 packets/s),
# BENCH_KERNELS ("A B R M N": the
# kernels to boot, a subset in that order; the cost boots follow: A, B and
# D with A and B, M and N with M and N).

. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

ROUNDS=${BENCH_ROUNDS:-3}
SECS=${BENCH_SECS:-10}
SWEEP_SECS=${BENCH_SWEEP_SECS:-5}
COST_SECS=${BENCH_COST_SECS:-3}
RX_RATE=${BENCH_RX_RATE:-20M}
RX_MID_RATE=${BENCH_RX_MID_RATE:-2560K}
COST_RX_PKTS=${BENCH_COST_RX_PKTS:-300000}
SWEEP_POINTS=16
# Kernel messages that mean the kernel misbehaved (as scripts/boardtest.sh),
# matched in timestamped kernel lines only: not in the tools' own output.
KERNEL_BAD='\[ *[0-9]+\.[0-9]+\].*(WARNING:|BUG:|NETDEV WATCHDOG|timed out|possible circular locking|inconsistent lock state|possible recursive locking|INFO: |Oops|Unable to handle|Kernel panic)'

[ -z "${KDIR:-}" ] || die "make bench boots the cache's own 6.12 and 7.3 kernels: KDIR is not supported"
[ "$ROUNDS" -ge 1 ] 2>/dev/null || die "BENCH_ROUNDS must be a positive number"
[ "$COST_SECS" -ge 1 ] 2>/dev/null || die "BENCH_COST_SECS must be a positive number"
[[ "$RX_RATE" =~ ^[0-9]+[KMG]?$ ]] || die "BENCH_RX_RATE must be iperf3's -b, e.g. 20M"
[[ "$RX_MID_RATE" =~ ^[0-9]+[KMG]?$ ]] || die "BENCH_RX_MID_RATE must be iperf3's -b, e.g. 2560K"
[ "$COST_RX_PKTS" -ge 1000 ] 2>/dev/null || die "BENCH_COST_RX_PKTS must be a number, 1000 or more"

# Each kernel: the Linux version it is built on and board.sh's variant.
declare -A KVER_OF=([A]=6.12 [B]=6.12 [R]=6.12 [D]=6.12 [M]=7.3 [N]=7.3)
declare -A VARIANT_OF=([A]=upstream [B]=bench [R]=bench [D]=bench [M]=upstream [N]=bench)
KERNELS=()
for k in ${BENCH_KERNELS:-A B R M N}; do
	case "$k" in
	A | B | R | M | N) KERNELS+=("$k") ;;
	*) die "BENCH_KERNELS: unknown kernel '$k' (A B R M N)" ;;
	esac
done
[ ${#KERNELS[@]} -gt 0 ] || die "BENCH_KERNELS names no kernel"
has() {
	[[ " ${KERNELS[*]} " == *" $1 "* ]]
}
# The cost boots, two groups run one after the other, each side by side.
COST_612=() COST_73=()
has A && COST_612+=(A)
has B && COST_612+=(B D)
has M && COST_73+=(M)
has N && COST_73+=(N)

OUT=$(kver_build 6.12)/bench

# The trees and kernels, one kernel version after the other (one build
# directory each; make's own KVER has been prepared by "make tree").
declare -A WANT=()
for k in "${KERNELS[@]}" "${COST_612[@]}" "${COST_73[@]}"; do
	WANT[${KVER_OF[$k]} ${VARIANT_OF[$k]}]=1
done
for kv in 6.12 7.3; do
	variants=()
	for v in upstream bench; do
		[ -n "${WANT[$kv $v]:-}" ] && variants+=("$v")
	done
	[ ${#variants[@]} -gt 0 ] || continue
	KVER=$kv bash "$TREE/scripts/deps.sh" kernel
	KVER=$kv bash "$TREE/scripts/kernel.sh"
	for v in "${variants[@]}"; do
		KVER=$kv bash "$TREE/scripts/board.sh" kernel "$v"
	done
	KVER=$kv stage "initramfs: busybox, ethtool, iperf3 (Debian armhf)"
	KVER=$kv bash "$TREE/scripts/board.sh" initramfs
done

rm -rf "$OUT"
mkdir -p "$OUT"

# The kernels this run measures. Another build may replace one meanwhile
# (the cache is shared with make run, boardtest and their users): every boot
# checks that it still runs the same zImage.
zimage() {
	echo "$(kver_build "${KVER_OF[$1]}")/board-${VARIANT_OF[$1]}/arch/arm/boot/zImage"
}
kernel_sum() {
	md5sum <"$(zimage "$1")" | cut -c1-12
}
declare -A KSUM=()
for k in "${KERNELS[@]}" "${COST_612[@]}" "${COST_73[@]}"; do
	KSUM[$k]=$(kernel_sum "$k")
done

# same_kernel I LABEL K: boot I is about to run the zImage the run started
# with; if not, the boots mix two kernels, which fails the run.
same_kernel() {
	[ "$(kernel_sum "$3")" = "${KSUM[$3]}" ] && return
	FAILED+=("boot $1 ($2): the $(zimage "$3") changed during the run (rebuilt by another build): the boots mix two kernels")
	KSUM[$3]=$(kernel_sum "$3")
}

# Each boot's time limit, in seconds: the bound if a kernel hangs, with room
# for a loaded host (about 2.6 times the estimate, as before). A, R, M and N
# take ~2 min (the workload). B ~8 min: the workload, the candidates (4 x
# (2 x 10 s UDP + 2 x 5 s TCP + iperf3's start-ups and the pauses) ~ 4 x
# 45 s = 3 min) and the sweep (16 points ~ 3 min). M and N ~4 min: the
# workload and the RX candidates (2 x (ping, 5 s TCP, 2 x 10 s UDP and
# the pauses) ~ 2 x 50 s).
declare -A LIMIT=([A]=360 [B]=1200 [R]=360 [M]=600 [N]=600)
# A cost boot takes ~5 min for 6 runs of 3 s (the TX floods, ~3.5 min
# before the RX floods joined): QEMU executes one instruction at a time
# under -icount, and the boot itself is counted too.
LIMIT_COST=1500
# The cost boots' QEMU: shift=0 makes the guest's clock advance one
# nanosecond per instruction executed (either CPU: -icount runs the CPUs in
# turn on one host thread), so a run's duration in the guest is its
# instruction count, whatever the host's load. sleep=off: when both CPUs
# idle, the clock jumps to the next timer instead of waiting for the host's.
COST_QEMU="-icount shift=0,sleep=off"
LIMIT_ROUND=$LIMIT_COST
[ ${#COST_73[@]} -gt 0 ] && LIMIT_ROUND=$((LIMIT_ROUND + LIMIT_COST))
for k in "${KERNELS[@]}"; do
	LIMIT_ROUND=$((LIMIT_ROUND + LIMIT[$k]))
done

# pktgen's frames go to 10.0.2.2, which QEMU's user networking hands to this
# host's loopback: a UDP socket that binds and never reads takes them, and
# the host drops them silently once its buffer is full (no ICMP back to the
# guest). It lives at most as long as the longest possible run.
python3 -c '
import socket, sys, time
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
s.bind(("127.0.0.1", 0))
print(s.getsockname()[1], flush=True)
time.sleep(int(sys.argv[1]))
' $((ROUNDS * LIMIT_ROUND + 600)) >"$OUT/sink.port" &
SINK_PID=$!
trap 'kill $SINK_PID 2>/dev/null || true' EXIT
for _ in $(seq 50); do
	[ -s "$OUT/sink.port" ] && break
	sleep 0.1
done
SINK=$(cat "$OUT/sink.port")
[ -n "$SINK" ] || die "the host's UDP sink did not start"

# progress LOG PID WHAT: while PID runs, one line per finished guest run.
progress() {
	local log=$1 pid=$2 what=$3 seen=0 lines n
	while kill -0 "$pid" 2>/dev/null; do
		sleep 2
		[ -f "$log" ] || continue
		lines=$(tr -d '\r' <"$log" | grep -a -E '^BENCH(-STAGE|-FAIL)? ' || true)
		n=$(printf '%s' "$lines" | grep -c . || true)
		[ "$n" -gt "$seen" ] || continue
		printf '%s\n' "$lines" | tail -n +$((seen + 1)) | while read -r line; do
			stage "  $what: $(brief "$line")"
		done
		seen=$n
	done
}

# brief LINE: a guest line in a few words.
brief() {
	case "$1" in
	BENCH-STAGE*) echo "${1#BENCH-STAGE }" ;;
	BENCH-FAIL*) echo "FAILED ${1#BENCH-FAIL }" ;;
	*)
		awk '{ for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
			s = v["run"] (v["cand"] != "" ? " [" v["cand"] "]" : "") (v["rc"] != 0 ? " (failed)" : "")
			if (v["tool_secs"] > 0) s = s sprintf(": %.0f pps", v["tool_pkts"] / v["tool_secs"])
			if (v["tool_bps"] > 0) s = s sprintf(": %.1f Mbit/s", v["tool_bps"] / 1e6)
			if (v["rtt_avg"] != "") s = s ": rtt " v["rtt_avg"] " ms"
			print s }' <<<"$1"
		;;
	esac
}

# boot_one I N K APPEND: one boot of kernel K; its console log in OUT.
boot_one() {
	local i=$1 n=$2 k=$3 append=$4 log rc=0 pid
	log=$OUT/boot-$(printf '%02d' "$i")-$k.log
	same_kernel "$i" "$k" "$k"
	KVER=${KVER_OF[$k]} stage "boot $i of $n: kernel $k ($(kernel_name "$k"))"
	KVER=${KVER_OF[$k]} STMMAC_BOARD_LOG=$log STMMAC_BOARD_APPEND="$append" \
		bash "$TREE/scripts/board.sh" boot "${VARIANT_OF[$k]}" bench "${LIMIT[$k]}" &
	pid=$!
	KVER=${KVER_OF[$k]} progress "$log" "$pid" "boot $i/$n ($k)"
	wait "$pid" || rc=$?
	[ -f "$log" ] || : >"$log"
	boot_verdict "$i" "$k" "$log" "$rc"
}

# boot_verdict I LABEL LOG RC: what a finished boot's console says went wrong.
boot_verdict() {
	local i=$1 label=$2 keep=$3 rc=$4 why
	# grep on the file itself: "tr | grep -q" fails under pipefail when grep
	# stops reading early. Console lines end in \r, which "^..." ignores.
	if ! grep -a -q '^BENCH-DONE' "$keep"; then
		say "boot $i ($label) did not finish its job (console: $keep)"
		FAILED+=("boot $i ($label): job did not finish")
	elif [ "$rc" -ne 0 ]; then
		# A run's tool failed. The kernels' own stmmac (A, M) have known
		# ways to stall on this board (scripts/boardtest.sh), and D's
		# bursts are garbled by QEMU's model: reported. This tree's own
		# (B, R, N) must not fail.
		why="boot $i ($label): $(grep -a '^BENCH-FAIL' "$keep" | tr -d '\r' | sed -n '1,3p' | tr '\n' ';')"
		case "$label" in
		A | M | "cost A" | "cost M" | "cost D") FAILED_RUNS+=("$why") ;;
		*) FAILED+=("$why") ;;
		esac
	fi
	if grep -a -q -E "$KERNEL_BAD" "$keep"; then
		FAILED+=("boot $i ($label): kernel log: $(grep -a -E "$KERNEL_BAD" "$keep" | tr -d '\r' | sed -n 1p | cut -c1-120)")
	fi
}

# cost_group I N K...: boots I, I + 1, ... of kernels K... side by side under
# -icount (one host thread each: instruction counts do not depend on the
# host's share), the floods only; their console logs are boot-NN-cost-K.log
# in OUT.
cost_group() {
	local i=$1 n=$2 k log quirks append pids=() watch=() rcs=() j=0
	shift 2
	for k in "$@"; do
		quirks="stmmac.tx_doorbell_each=1 stmmac.rx_wait_last=1"
		append="stmmac_bench_secs=$COST_SECS stmmac_bench_sink=$SINK stmmac_bench_cost=1"
		append+=" stmmac_bench_rx_rate=$RX_RATE stmmac_bench_cost_rx_pkts=$COST_RX_PKTS"
		# D differs from B on TX only: its RX floods would add time, not
		# figures.
		if [ "$k" = D ]; then
			quirks=stmmac.rx_wait_last=1
			append+=" stmmac_bench_cost_rx=0"
		fi
		log=$OUT/boot-$(printf '%02d' $((i + j)))-cost-$k.log
		same_kernel $((i + j)) "cost $k" "$k"
		KVER=${KVER_OF[$k]} stage "boot $((i + j)) of $n: kernel $k under -icount ($(kernel_name "$k"))"
		KVER=${KVER_OF[$k]} STMMAC_BOARD_LOG=$log STMMAC_BOARD_QEMU="$COST_QEMU" \
			STMMAC_BOARD_QUIRKS="$quirks" STMMAC_BOARD_APPEND="$append" \
			bash "$TREE/scripts/board.sh" boot "${VARIANT_OF[$k]}" bench $LIMIT_COST &
		pids+=($!)
		KVER=${KVER_OF[$k]} progress "$log" "$!" "boot $((i + j))/$n (cost $k)" &
		watch+=($!)
		j=$((j + 1))
	done
	for j in "${!pids[@]}"; do
		rcs[j]=0
		wait "${pids[j]}" || rcs[j]=$?
	done
	# Not a bare "wait": the host's UDP sink is a child too.
	wait "${watch[@]}"
	j=0
	for k in "$@"; do
		boot_verdict $((i + j)) "cost $k" "$OUT/boot-$(printf '%02d' $((i + j)))-cost-$k.log" "${rcs[j]}"
		j=$((j + 1))
	done
}

kernel_name() {
	case "$1" in
	A) echo "Linux 6.12, Debian's upstream stmmac" ;;
	B) echo "Linux 6.12, this tree with CONFIG_STMMAC_TEST_HOOKS, hooks inactive unless asked" ;;
	R) echo "Linux 6.12, this tree with CONFIG_STMMAC_TEST_HOOKS, stmmac.bench_restart_rule=1" ;;
	D) echo "B's kernel without the board's doorbell quirk: one TX doorbell per xmit burst" ;;
	M) echo "Linux 7.3, mainline's own stmmac" ;;
	N) echo "Linux 7.3, this tree with CONFIG_STMMAC_TEST_HOOKS, hooks inactive unless asked" ;;
	esac
}

FAILED=() FAILED_RUNS=()
n=$((ROUNDS * (${#KERNELS[@]} + ${#COST_612[@]} + ${#COST_73[@]})))
common="stmmac_bench_secs=$SECS stmmac_bench_sink=$SINK stmmac_bench_rx_rate=$RX_RATE"
common+=" stmmac_bench_rx_mid_rate=$RX_MID_RATE"
i=0
for r in $(seq "$ROUNDS"); do
	sweep=$(((r - 1) * SWEEP_POINTS / ROUNDS))
	for k in "${KERNELS[@]}"; do
		i=$((i + 1))
		case "$k" in
		B) boot_one $i $n B "$common stmmac_bench_candidates=1 stmmac_bench_sweep=$sweep stmmac_bench_sweep_secs=$SWEEP_SECS" ;;
		R) boot_one $i $n R "$common stmmac.bench_restart_rule=1" ;;
		M | N) boot_one $i $n "$k" "$common stmmac_bench_rxcand=1" ;;
		*) boot_one $i $n "$k" "$common" ;;
		esac
	done
	# 6.12's cost boots, then 7.3's: at most three QEMUs at once on the
	# host's cores.
	if [ ${#COST_612[@]} -gt 0 ]; then
		cost_group $((i + 1)) $n "${COST_612[@]}"
		i=$((i + ${#COST_612[@]}))
	fi
	if [ ${#COST_73[@]} -gt 0 ]; then
		cost_group $((i + 1)) $n "${COST_73[@]}"
		i=$((i + ${#COST_73[@]}))
	fi
done
kill $SINK_PID 2>/dev/null || true

stage "report: $OUT"
rc=0
python3 "$TREE/scripts/bench_report.py" "$OUT" || rc=1
cat "$OUT/table.txt" 2>/dev/null || rc=1
for f in "${FAILED_RUNS[@]}"; do
	say "upstream runs that failed (not fatal): $f"
done
for f in "${FAILED[@]}"; do
	say "FAILED: $f"
	rc=1
done
t=$(($(date +%s) - START_EPOCH))
stage "make bench: $n boots, $((t / 60)) min $((t % 60)) s; table $OUT/table.txt, plots $OUT/ab.png $OUT/sweep.png"
exit $rc
