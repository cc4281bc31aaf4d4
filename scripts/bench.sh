#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# bench.sh: make bench. The emulated board (QEMU npcm750-evb) booted
# alternately with three kernels built from the same 6.12 tree and config:
#
#   A  Debian's untouched upstream stmmac ("board.sh kernel upstream")
#   B  this tree built with CONFIG_STMMAC_TEST_HOOKS ("board.sh kernel
#      bench"); the hooks (debugfs switches, bench_restart_rule) are
#      inactive unless asked, so it runs this tree's default policy
#   R  B's kernel with stmmac.bench_restart_rule=1: this tree with upstream
#      6.12's TX timer rule (restart at every frame), the rule's own effect
#
# in rounds A B R, BENCH_ROUNDS of them (3), each boot running the same
# guest job (scripts/guest/bench.sh): ping at idle, 64-byte UDP (iperf3)
# with the sender pinned to CPU0 (the interrupt's) then CPU1, 64-byte
# pktgen from CPU0 then CPU1, TCP both ways (cubic) and guest to host with
# BBR, the TX timer's starts and cancels counted in every run. B's boots
# then run the candidate policies (off, swirq, burst, nopace: UDP from each
# CPU and both TCP runs under each) and the coalescing sweep, each starting
# at another point. Each round ends with A and B booted side by side under
# QEMU's instruction counting (-icount), running the floods only: their
# instructions per packet, the figure that repeats from boot to boot; a
# third cost boot, D, runs B's kernel without the board's doorbell quirk
# (one TX doorbell per xmit burst, as on real cores; QEMU's model then
# garbles the later frames of a burst, which the count does not mind). The
# console logs, the table and the plots go to $BUILD/bench; the table is
# printed at the end. See Documentation/bench.rst.
#
# Environment: BENCH_ROUNDS (3), BENCH_SECS (10: each UDP and pktgen run),
# BENCH_SWEEP_SECS (5: each sweep UDP run), BENCH_COST_SECS (3: each run of
# a cost boot, in the guest's instruction-counted seconds).

. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

ROUNDS=${BENCH_ROUNDS:-3}
SECS=${BENCH_SECS:-10}
SWEEP_SECS=${BENCH_SWEEP_SECS:-5}
COST_SECS=${BENCH_COST_SECS:-3}
SWEEP_POINTS=16
OUT=$BUILD/bench
LOGDIR=$BUILD/logs
# Kernel messages that mean the kernel misbehaved (as scripts/boardtest.sh),
# matched in timestamped kernel lines only: not in the tools' own output.
KERNEL_BAD='\[ *[0-9]+\.[0-9]+\].*(WARNING:|BUG:|NETDEV WATCHDOG|timed out|possible circular locking|inconsistent lock state|possible recursive locking|INFO: |Oops|Unable to handle|Kernel panic)'

[ "$ROUNDS" -ge 1 ] 2>/dev/null || die "BENCH_ROUNDS must be a positive number"
[ "$COST_SECS" -ge 1 ] 2>/dev/null || die "BENCH_COST_SECS must be a positive number"

bash "$TREE/scripts/board.sh" kernel upstream
bash "$TREE/scripts/board.sh" kernel bench
stage "initramfs: busybox, ethtool, iperf3 (Debian armhf)"
bash "$TREE/scripts/board.sh" initramfs

rm -rf "$OUT"
mkdir -p "$OUT"

# The kernels this run measures. Another build may replace one meanwhile
# (the cache is shared with make run, boardtest and their users): every boot
# checks that it still runs the same zImage.
kernel_sum() {
	md5sum <"$BUILD/board-$1/arch/arm/boot/zImage" | cut -c1-12
}
declare -A KSUM=([upstream]=$(kernel_sum upstream) [bench]=$(kernel_sum bench))

# same_kernel I LABEL VARIANT: boot I is about to run the zImage the run
# started with; if not, the boots mix two kernels, which fails the run.
same_kernel() {
	[ "$(kernel_sum "$3")" = "${KSUM[$3]}" ] && return
	FAILED+=("boot $1 ($2): the $3 zImage changed during the run (rebuilt by another build): the boots mix two kernels")
	KSUM[$3]=$(kernel_sum "$3")
}

# Each boot's time limit, in seconds: the bound if a kernel hangs, with room
# for a loaded host (about 2.6 times the estimate, as before). A and R take
# ~90 s (the workload). B ~7.5 min: the workload, the candidates (4 x (2 x
# 10 s UDP + 2 x 5 s TCP + iperf3's start-ups and the pauses) ~ 4 x 45 s =
# 3 min) and the sweep (16 points ~ 3 min).
LIMIT_A=300 LIMIT_B=1200 LIMIT_R=300
# A cost boot takes ~3.5 min for 4 runs of 3 s: QEMU executes one instruction
# at a time under -icount, and the boot itself is counted too.
LIMIT_COST=900
# The cost boots' QEMU: shift=0 makes the guest's clock advance one
# nanosecond per instruction executed (either CPU: -icount runs the CPUs in
# turn on one host thread), so a run's duration in the guest is its
# instruction count, whatever the host's load. sleep=off: when both CPUs
# idle, the clock jumps to the next timer instead of waiting for the host's.
COST_QEMU="-icount shift=0,sleep=off"

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
' $((ROUNDS * (LIMIT_A + LIMIT_B + LIMIT_R + LIMIT_COST) + 600)) >"$OUT/sink.port" &
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

# boot I N LABEL VARIANT LIMIT APPEND: one boot; its console log kept in OUT.
boot_one() {
	local i=$1 n=$2 label=$3 variant=$4 limit=$5 append=$6 log rc=0 pid keep
	log=$LOGDIR/board-$variant-bench.log
	keep=$OUT/boot-$(printf '%02d' "$i")-$label.log
	rm -f "$log"
	same_kernel "$i" "$label" "$variant"
	stage "boot $i of $n: kernel $label ($(kernel_name "$label"))"
	STMMAC_BOARD_APPEND="$append" bash "$TREE/scripts/board.sh" boot "$variant" bench "$limit" &
	pid=$!
	progress "$log" "$pid" "boot $i/$n ($label)"
	wait "$pid" || rc=$?
	cp "$log" "$keep" 2>/dev/null || : >"$keep"
	boot_verdict "$i" "$label" "$keep" "$rc"
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
		# A run's tool failed. Upstream (A) has known ways to stall on this
		# board (scripts/boardtest.sh), and D's bursts are garbled by
		# QEMU's model: reported. This tree's own (B, R) must not fail.
		why="boot $i ($label): $(grep -a '^BENCH-FAIL' "$keep" | tr -d '\r' | sed -n '1,3p' | tr '\n' ';')"
		if [ "${label:0:1}" = A ] || [ "$label" = "cost D" ]; then
			FAILED_RUNS+=("$why")
		else
			FAILED+=("$why")
		fi
	fi
	if grep -a -q -E "$KERNEL_BAD" "$keep"; then
		FAILED+=("boot $i ($label): kernel log: $(grep -a -E "$KERNEL_BAD" "$keep" | tr -d '\r' | sed -n 1p | cut -c1-120)")
	fi
}

# cost_pair I N: boots I to I + 2, A, B and D side by side under -icount
# (one host thread each: instruction counts do not depend on the host's
# share), the floods only; their console logs are boot-NN-cost-K.log in OUT.
cost_pair() {
	local i=$1 n=$2 k variant log quirks pids=() watch=() rcs=() j=0
	for k in A B D; do
		variant=bench
		[ $k = A ] && variant=upstream
		quirks="stmmac.tx_doorbell_each=1 stmmac.rx_wait_last=1"
		[ $k = D ] && quirks=stmmac.rx_wait_last=1
		log=$OUT/boot-$(printf '%02d' $((i + j)))-cost-$k.log
		same_kernel $((i + j)) "cost $k" "$variant"
		stage "boot $((i + j)) of $n: kernel $k under -icount ($(kernel_name "$k"))"
		STMMAC_BOARD_LOG=$log STMMAC_BOARD_QEMU="$COST_QEMU" STMMAC_BOARD_QUIRKS="$quirks" \
			STMMAC_BOARD_APPEND="stmmac_bench_secs=$COST_SECS stmmac_bench_sink=$SINK stmmac_bench_cost=1" \
			bash "$TREE/scripts/board.sh" boot "$variant" bench $LIMIT_COST &
		pids+=($!)
		progress "$log" "$!" "boot $((i + j))/$n (cost $k)" &
		watch+=($!)
		j=$((j + 1))
	done
	for j in 0 1 2; do
		rcs[j]=0
		wait "${pids[j]}" || rcs[j]=$?
	done
	# Not a bare "wait": the host's UDP sink is a child too.
	wait "${watch[@]}"
	j=0
	for k in A B D; do
		boot_verdict $((i + j)) "cost $k" "$OUT/boot-$(printf '%02d' $((i + j)))-cost-$k.log" "${rcs[j]}"
		j=$((j + 1))
	done
}

kernel_name() {
	case "$1" in
	A) echo "Debian's upstream stmmac" ;;
	B) echo "this tree with CONFIG_STMMAC_TEST_HOOKS, hooks inactive unless asked" ;;
	R) echo "this tree with CONFIG_STMMAC_TEST_HOOKS, stmmac.bench_restart_rule=1" ;;
	D) echo "B's kernel without the board's doorbell quirk: one TX doorbell per xmit burst" ;;
	esac
}

FAILED=() FAILED_RUNS=()
n=$((ROUNDS * 6))
common="stmmac_bench_secs=$SECS stmmac_bench_sink=$SINK"
i=0
for r in $(seq "$ROUNDS"); do
	sweep=$(((r - 1) * SWEEP_POINTS / ROUNDS))
	i=$((i + 1))
	boot_one $i $n A upstream $LIMIT_A "$common"
	i=$((i + 1))
	boot_one $i $n B bench $LIMIT_B "$common stmmac_bench_candidates=1 stmmac_bench_sweep=$sweep stmmac_bench_sweep_secs=$SWEEP_SECS"
	i=$((i + 1))
	boot_one $i $n R bench $LIMIT_R "$common stmmac.bench_restart_rule=1"
	cost_pair $((i + 1)) $n
	i=$((i + 3))
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
