#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# make bench's guest job (scripts/bench.sh boots it on every kernel): the
# same workload on each, then, when asked, the candidate policies and the
# coalescing sweep. Every measured run prints one line for
# scripts/bench_report.py:
#
#   BENCH run=NAME rc=N t=SECONDS tx=.. rx=.. user=.. sys=.. idle=..
#         hardirq=.. softirq=.. idle_cpu0=.. idle_cpu1=.. irq_cpu0=..
#         irq_cpu1=.. allirq_cpu0=.. [coal_armed=.. ...]
#         if_pps=.. if_rx_pps=.. arms=.. cancels=.. napi_arms=..
#         [tool figures] [sweep point | cand=NAME]
#
# Everything up to if_pps is a difference between the start and the end of
# the run: guest uptime, eth0's packet counters, /proc/stat's ticks (all
# CPUs, then each CPU's idle), eth0's interrupts per CPU, every interrupt
# CPU0 took (its column of /proc/interrupts: eth0's, the timers', the
# IPIs'), the driver's own tx_q0_coal_* counters where it has them (ours). if_pps and if_rx_pps are
# eth0's TX and RX rates while the tool ran (the RX runs, udp-rx and tcp-rx,
# are judged by the second); arms and napi_arms the hrtimer starts of this
# kernel's stmmac TX timer callback and of NAPI's deferral timer (ftrace
# hist); cancels the calls of hrtimer_try_to_cancel() on the TX timer (a
# kprobe event's hist keyed on the timer's address, matched with the
# addresses hrtimer_start showed for the TX timer callback), -1 when the
# kernel has no kprobe events. A BENCH-SAMPLES line follows with the run's
# half-second samples of tx_packets (of=tx) or, for the RX runs, rx_packets
# (of=rx). The candidates' runs carry cand=NAME and keep the workload's run
# names.
#
# Arguments, on the kernel command line:
#   stmmac_bench_secs=N    seconds per UDP and pktgen run (default 10)
#   stmmac_bench_sink=P    the host's UDP port for pktgen (a socket that only
#                          binds, so the host drops the frames silently)
#   stmmac_bench_candidates=1  after the workload, the candidate policies
#                          (needs CONFIG_STMMAC_TEST_HOOKS: the debugfs
#                          switches coal_burst_ic and coal_pacing)
#   stmmac_bench_rxcand=1  after the workload, the RX interrupt mitigation
#                          candidates (NAPI's deferral, any driver)
#   stmmac_bench_sweep=K   also run the sweep, starting at point K
#   stmmac_bench_sweep_secs=N  seconds per sweep UDP run (default 5)
#   stmmac_bench_rx_rate=B the host's rate in udp-rx, iperf3's -b (payload
#                          bits/s; 64-byte datagrams: B / 512 packets/s),
#                          above what the guest takes (default 20M)
#   stmmac_bench_rx_mid_rate=B  the host's rate in udp-rx-mid, the UDP
#                          flood the guest keeps up with (default 2560K:
#                          5000 packets/s)
#   stmmac_bench_cost=1    instead of the workload, only its floods, four TX
#                          and two RX, with no tracing (arms, cancels,
#                          napi_arms -1): the boots QEMU runs with -icount,
#                          whose clock counts instructions, and the tracing
#                          would add its own
#   stmmac_bench_cost_rx=0 a cost boot without the two RX floods
#   stmmac_bench_cost_rx_pkts=N  a cost boot's RX runs end after N packets
#                          received (default 300000), or 60 counted seconds
#   stmmac_bench_profile=RUN  instead of the workload, one flood with a
#                          window marked for the host's profile (make profile)
. /jobs/lib.sh

arg() {
	sed -n "s/.*[[:space:]]$1=\([^[:space:]]*\).*/\1/p" /proc/cmdline
}

SECS=$(arg stmmac_bench_secs)
SECS=${SECS:-10}
SINK=$(arg stmmac_bench_sink)
SWEEP=$(arg stmmac_bench_sweep)
SWEEP_SECS=$(arg stmmac_bench_sweep_secs)
SWEEP_SECS=${SWEEP_SECS:-5}
CANDIDATES=$(arg stmmac_bench_candidates)
COST=$(arg stmmac_bench_cost)
COST_RX=$(arg stmmac_bench_cost_rx)
COST_RX_PKTS=$(arg stmmac_bench_cost_rx_pkts)
COST_RX_PKTS=${COST_RX_PKTS:-300000}
COST_RX_MAX=60
RX_RATE=$(arg stmmac_bench_rx_rate)
RX_RATE=${RX_RATE:-20M}
RX_MID_RATE=$(arg stmmac_bench_rx_mid_rate)
RX_MID_RATE=${RX_MID_RATE:-2560K}
RXCAND=$(arg stmmac_bench_rxcand)
TCP_SECS=5
SWEEP_TCP_SECS=3
PG=/proc/net/pktgen
NCPU=$(grep -c '^processor' /proc/cpuinfo)
NET=/sys/class/net/eth0
FAILS=0

# The driver's TX timer callback, by name: ours, or upstream 6.12's.
TIMER_FN=none
for fn in stmmac_coal_tx_timer_fn stmmac_tx_timer; do
	if grep -q " $fn\$" /proc/kallsyms; then
		TIMER_FN=$fn
		break
	fi
done

# The TX timer's cancels: a kprobe event on hrtimer_try_to_cancel() with its
# first argument (ARM: r0), the struct hrtimer, as "timer". Its hist, keyed
# on the address, is matched with the addresses hrtimer_start's hist shows
# for $TIMER_FN (TIMER_ADDRS: every one seen so far in this boot, so that a
# run which only cancels still finds the timer). KPROBE=0: no kprobe events
# in this kernel, cancels=-1.
TRACING=/sys/kernel/tracing
CANCEL=$TRACING/events/stmmac_bench/cancel
TIMER_HIST='hist:keys=hrtimer.hex,function.sym:size=2048'
CANCEL_HIST='hist:keys=timer.hex:size=2048'
TIMER_ADDRS=
KPROBE=0
if [ -e $TRACING/kprobe_events ] &&
	echo 'p:stmmac_bench/cancel hrtimer_try_to_cancel timer=%r0:x32' \
		>>$TRACING/kprobe_events 2>/dev/null && [ -e $CANCEL/trigger ]; then
	KPROBE=1
fi

# snap FILE: the counters, one key=value a line.
snap() {
	{
		echo "t=$(cut -d' ' -f1 /proc/uptime)"
		echo "tx=$(cat $NET/statistics/tx_packets)"
		echo "rx=$(cat $NET/statistics/rx_packets)"
		awk '$1 == "cpu" { print "user=" $2 + $3; print "sys=" $4;
			print "idle=" $5 + $6; print "hardirq=" $7; print "softirq=" $8;
			print "other=" $9 + $10 + $11 }
			$1 ~ /^cpu[0-9]+$/ { print "idle_" $1 "=" $5 + $6 }' /proc/stat
		awk -v n="$NCPU" '$NF == "eth0" {
			for (i = 2; i <= n + 1; i++) print "irq_cpu" i - 2 "=" $i; exit }' \
			/proc/interrupts
		awk '$1 ~ /:$/ && $2 ~ /^[0-9]+$/ { s += $2 } END { print "allirq_cpu0=" s }' \
			/proc/interrupts
		ethtool -S eth0 2>/dev/null |
			sed -n 's/^ *tx_q0_\(coal_[a-z]*\): *\([0-9]*\)$/\1=\2/p'
	} >"$1"
}

# delta BEFORE AFTER: " key=after-before" for every key.
delta() {
	awk -F= 'NR == FNR { a[$1] = $2; next }
		{ d = $2 - a[$1]
		  if (d == int(d)) printf " %s=%d", $1, d; else printf " %s=%.2f", $1, d }' "$1" "$2"
}

# hits FN: hrtimer starts counted for callback FN since the trigger was set
# (summed over the timers: the hist has a line per timer and callback).
hits() {
	awk -v fn="$1" '{ for (i = 1; i <= NF; i++) if ($i == fn) f = 1 }
		f { for (i = 1; i < NF; i++) if ($i == "hitcount:") s += $(i + 1); f = 0 }
		END { print s + 0 }' "$TRACE/hist" 2>/dev/null
}

# timer_addrs FN: TIMER_ADDRS and the addresses of the timers with callback
# FN in hrtimer_start's hist ("{ hrtimer: c1a2b3c4, function: [..] FN }").
timer_addrs() {
	awk -v fn="$1" -v known="$TIMER_ADDRS" '
		BEGIN { n = split(known, k, " "); for (i = 1; i <= n; i++) seen[k[i]] = 1 }
		{ a = ""; f = 0
		  for (i = 1; i < NF; i++) if ($i == "hrtimer:") { a = $(i + 1); sub(/,$/, "", a) }
		  for (i = 1; i <= NF; i++) if ($i == fn) f = 1
		  if (f && a != "") seen[a] = 1 }
		END { for (a in seen) printf "%s ", a }' "$TRACE/hist" 2>/dev/null
}

# cancels: hrtimer_try_to_cancel() calls on the timers of TIMER_ADDRS since
# the kprobe's hist trigger was set ("{ timer: c1a2b3c4 } hitcount: N").
cancels() {
	awk -v known="$TIMER_ADDRS" '
		BEGIN { n = split(known, k, " "); for (i = 1; i <= n; i++) want[k[i]] = 1 }
		{ a = ""
		  for (i = 1; i < NF; i++) if ($i == "timer:") a = $(i + 1)
		  if (a in want) for (i = 1; i < NF; i++) if ($i == "hitcount:") s += $(i + 1) }
		END { print s + 0 }' "$CANCEL/hist" 2>/dev/null
}

# sampler: "uptime tx_packets rx_packets" every 0.5 s into /tmp/samp until
# /tmp/samp.stop exists (shell builtins but sleep: next to nothing in CPU
# time).
sampler() {
	while [ ! -e /tmp/samp.stop ]; do
		read -r sa_t _ </proc/uptime
		read -r sa_n <$NET/statistics/tx_packets
		read -r sa_r <$NET/statistics/rx_packets
		echo "$sa_t $sa_n $sa_r"
		sleep 0.5
	done >/tmp/samp
}

# if_pps [COLUMN]: eth0's TX rate (COLUMN 2, the default) or RX rate (3)
# while the tool ran: the half-second samples that moved at least 100
# packets, less the first and last of them (partly idle) when there are four
# or more.
if_pps() {
	awk -v c="${1:-2}" 'NR > 1 && $c - n >= 100 { k++; dt[k] = $1 - t; dn[k] = $c - n }
		{ t = $1; n = $c }
		END { a = 1; b = k; if (k >= 4) { a = 2; b = k - 1 }
		      for (i = a; i <= b; i++) { st += dt[i]; sn += dn[i] }
		      printf "%d", (st > 0 ? sn / st : 0) }' /tmp/samp
}

# bm NAME PARSER CMD...: one measured run; CMD's output goes to /tmp/out and
# PARSER turns it into the tool's figures.
# trace_on / trace_off: the timer-start and cancel counts around one run,
# into bm_arms, bm_napi, bm_cancels. Not in the cost boots (COST=1), whose
# instruction count the hooks would add to: there the counts are -1.
trace_on() {
	[ "$COST" = 1 ] && return
	echo "$TIMER_HIST" >"$TRACE/trigger" 2>/dev/null
	[ $KPROBE = 1 ] && echo "$CANCEL_HIST" >"$CANCEL/trigger" 2>/dev/null
}

trace_off() {
	bm_arms=-1 bm_napi=-1 bm_cancels=-1
	[ "$COST" = 1 ] && return
	bm_arms=$(hits "$TIMER_FN")
	bm_napi=$(hits napi_watchdog)
	TIMER_ADDRS=$(timer_addrs "$TIMER_FN")
	if [ $KPROBE = 1 ]; then
		bm_cancels=$(cancels)
		echo "!$CANCEL_HIST" >"$CANCEL/trigger" 2>/dev/null
	fi
	echo "!$TIMER_HIST" >"$TRACE/trigger" 2>/dev/null
}

bm() {
	bm_name=$1 bm_parse=$2
	shift 2
	rm -f /tmp/samp.stop
	sampler &
	bm_samp=$!
	snap /tmp/s0
	trace_on
	"$@" >/tmp/out 2>&1
	bm_rc=$?
	touch /tmp/samp.stop
	wait $bm_samp
	trace_off
	snap /tmp/s1
	bm_tool=$($bm_parse /tmp/out)
	[ $bm_rc -eq 0 ] || FAILS=$((FAILS + 1))
	echo "BENCH run=$bm_name rc=$bm_rc$(delta /tmp/s0 /tmp/s1) if_pps=$(if_pps) if_rx_pps=$(if_pps 3) arms=$bm_arms cancels=$bm_cancels napi_arms=$bm_napi$bm_tool${POINT:+ $POINT}"
	# The half-second samples, relative to the first: the run's profile,
	# in the direction it measures.
	case "$bm_name" in *-rx | *-rx-*) bm_c=3 bm_of=rx ;; *) bm_c=2 bm_of=tx ;; esac
	awk -v c=$bm_c 'NR == 1 { t = $1; n = $c }
		{ printf "%s%.1f:%d", (NR > 1 ? " " : "BENCH-SAMPLES run=" name " of=" of " "), $1 - t, $c - n }
		END { print "" }' name="$bm_name" of=$bm_of /tmp/samp
	if [ $bm_rc -ne 0 ]; then
		echo "BENCH-FAIL $bm_name: $(tail -n 3 /tmp/out | tr '\n' ' ')"
		tx_diag
	fi
}

# pin MASK: this shell and what it starts from now on run on the CPUs of MASK.
pin() {
	taskset -p "$1" $$ >/dev/null
}

# iperf3's JSON, parsed by lib.sh's json_num.
p_udp() {
	echo " tool_pkts=$(json_num "$1" sum_sent packets) tool_secs=$(json_num "$1" sum_sent seconds)" \
		"host_pkts=$(json_num "$1" sum_received packets) tries=$ip_try"
}

# udp-rx, iperf3 -u -R: the datagrams the guest's iperf3 received (its
# receiver's count less the gaps it saw) and what the host's sent.
p_udp_rx() {
	pr_n=$(json_num "$1" sum_received packets)
	pr_l=$(json_num "$1" sum_received lost_packets)
	[ -n "$pr_n" ] && [ -n "$pr_l" ] && pr_n=$((pr_n - pr_l))
	echo " tool_pkts=$pr_n tool_secs=$(json_num "$1" sum_received seconds)" \
		"host_sent=$(json_num "$1" sum_sent packets) tries=$ip_try"
}

# cc: the sender's congestion control, as iperf3 reports it.
p_tcp() {
	pt_cc=$(sed -n 's/.*"sender_tcp_congestion":[[:space:]]*"\([a-z0-9_]*\)".*/\1/p' "$1" | head -n 1)
	echo " tool_bps=$(json_num "$1" sum_received bits_per_second) tries=$ip_try${pt_cc:+ cc=$pt_cc}"
}

p_ping() {
	printf '%s%s' \
		"$(sed -n 's|.*min/avg/max = \([0-9.]*\)/\([0-9.]*\)/\([0-9.]*\).*| rtt_min=\1 rtt_avg=\2 rtt_max=\3|p' "$1")" \
		"$(sed -n 's/.*, \([0-9]*\) packets received.*/ ping_rx=\1/p' "$1")"
}

# pktgen's own result: "Result: OK: <usec>(c..+d..) usec, <packets> (..."
p_pktgen() {
	sed -n 's/^Result: OK: \([0-9]*\)(.* usec, \([0-9]*\) .*/\1 \2/p' "$1" |
		awk '{ printf " tool_pkts=%d tool_secs=%.3f", $2, $1 / 1e6 }'
}

udp() {
	pin "$1"
	iperf /tmp/udp.json $(($2 + 20)) -p "$PORT" -u -b 0 -l 64 -t "$2"
	u_rc=$?
	pin $(((1 << NCPU) - 1))
	cat /tmp/udp.json
	return $u_rc
}

tcp() {
	iperf /tmp/tcp.json $(($1 + 20)) -p "$PORT" -t "$@"
	t_rc=$?
	cat /tmp/tcp.json
	return $t_rc
}

# rx_iperf OUT SECONDS ARGS...: an iperf3 test the host sends (-R), for
# SECONDS. In the host's iperf3 the sender times the test, in the host's
# seconds, which in a cost boot (-icount: the guest's clock is its
# instruction count) are not the guest's, and the host's frames arrive at
# the host's pace: there the test is asked for an hour and ended once eth0
# has received COST_RX_PKTS packets (or after COST_RX_MAX counted seconds:
# a stalled receiver), whatever the host's speed, by SIGTERM, on which
# iperf3 tells the server to stop. A test that ends by itself before that
# has failed; "server is busy" is retried, as iperf() does.
rx_iperf() {
	ri_out=$1 ri_secs=$2
	shift 2
	if [ "$COST" != 1 ]; then
		iperf "$ri_out" $((ri_secs + 20)) -p "$PORT" -R -t "$ri_secs" "$@"
		return
	fi
	ip_try=1
	read -r ri_n0 <$NET/statistics/rx_packets
	read -r ri_t0 _ </proc/uptime
	ri_t0=${ri_t0%%.*}
	while :; do
		iperf3 -c $HOST -J -p "$PORT" -R -t 3600 "$@" >"$ri_out" 2>&1 &
		ri_pid=$!
		while kill -0 $ri_pid 2>/dev/null; do
			sleep 0.5
			read -r ri_n <$NET/statistics/rx_packets
			read -r ri_t _ </proc/uptime
			ri_t=${ri_t%%.*}
			[ $((ri_n - ri_n0)) -ge "$COST_RX_PKTS" ] && break 2
			[ $((ri_t - ri_t0)) -ge "$COST_RX_MAX" ] && break 2
		done
		wait $ri_pid
		if grep -q 'server is busy' "$ri_out" && [ $ip_try -lt 5 ]; then
			ip_try=$((ip_try + 1))
			continue
		fi
		IPERF_WHY=$(iperf_error "$ri_out")
		return 1
	done
	kill -TERM $ri_pid
	# iperf3 ends on SIGTERM once the server has heard of it; not later
	# than 10 s on.
	(sleep 10 && kill -KILL $ri_pid 2>/dev/null) &
	ri_guard=$!
	wait $ri_pid
	kill $ri_guard 2>/dev/null
	return 0
}

# The RX runs keep all their work on CPU0, the interrupt's: NAPI, the
# stack and the receiver. CPU1 idles, so that in a cost boot CPU0's busy
# time is the run's instruction count whether or not the host's frames
# keep it busy (scripts/bench_report.py); the host's rate in host seconds
# cannot be made to outrun the guest in counted ones on every host.

# udp_rx SECONDS [RATE]: the host floods the guest with 64-byte UDP at RATE
# (RX_RATE by default; iperf3 -u -R), the guest's receiver on CPU0.
udp_rx() {
	pin 1
	rx_iperf /tmp/udprx.json "$1" -u -b "${2:-$RX_RATE}" -l 64
	ur_rc=$?
	pin $(((1 << NCPU) - 1))
	cat /tmp/udprx.json
	return $ur_rc
}

# tcp_rx SECONDS: TCP from the host (iperf3 -R), cubic, the receiver on
# CPU0.
tcp_rx() {
	pin 1
	rx_iperf /tmp/tcp.json "$1"
	tr_rc=$?
	pin $(((1 << NCPU) - 1))
	cat /tmp/tcp.json
	return $tr_rc
}

ping_idle() {
	ping -c "$1" -i 0.2 -w $(($1 + 10)) $HOST
}

# pktgen CPU SECONDS: 64-byte frames (60 bytes + FCS) to the host's sink,
# from kpktgend_CPU, for SECONDS.
pktgen() {
	# Detach eth0 from the thread that has it (a thread acts on
	# rem_device_all on its own time, and would also drop a device added
	# meanwhile: only the one holding eth0 gets it), and wait until it did.
	for pg_t in $PG/kpktgend_*; do
		grep -q 'eth0' "$pg_t" && echo rem_device_all >"$pg_t"
	done
	pg_n=0
	while [ -e $PG/eth0 ] && [ $pg_n -lt 50 ]; do
		pg_n=$((pg_n + 1))
		sleep 0.1
	done
	echo "add_device eth0" >$PG/kpktgend_"$1" || return 1
	while [ ! -e $PG/eth0 ] && [ $pg_n -lt 100 ]; do
		pg_n=$((pg_n + 1))
		sleep 0.1
	done
	for pg_c in "count 0" "pkt_size 60" "delay 0" "clone_skb 0" "dst $HOST" \
		"dst_mac $GW_MAC" "udp_dst_min $SINK" "udp_dst_max $SINK" \
		"udp_src_min 9" "udp_src_max 9"; do
		echo "$pg_c" >$PG/eth0 || return 1
	done
	echo start >$PG/pgctrl &
	pg_pid=$!
	sleep "$2"
	echo stop >$PG/pgctrl
	wait $pg_pid
	cat $PG/eth0
	grep -q '^Result: OK' $PG/eth0
}

# The fixed workload, the same on every kernel.
workload() {
	bm ping-idle p_ping ping_idle 20
	sleep 1
	bm udp-cpu0 p_udp udp 1 "$SECS"
	sleep 1
	bm udp-cpu1 p_udp udp 2 "$SECS"
	bm pktgen-cpu0 p_pktgen pktgen 0 "$SECS"
	bm pktgen-cpu1 p_pktgen pktgen 1 "$SECS"
	sleep 1
	bm tcp-tx p_tcp tcp $TCP_SECS
	sleep 1
	bm tcp-bbr p_tcp tcp $TCP_SECS -C bbr
	sleep 1
	bm tcp-rx p_tcp tcp_rx $TCP_SECS
	sleep 1
	rx_floods
}

# The UDP floods from the host: one the guest keeps up with, then one it
# cannot (last: what the host sent and the guest could not take yet drains
# after the run).
rx_floods() {
	bm udp-rx-mid p_udp_rx udp_rx "$SECS" "$RX_MID_RATE"
	sleep 1
	bm udp-rx p_udp_rx udp_rx "$SECS"
	sleep 2
}

# The cost boots' runs (stmmac_bench_cost=1, QEMU counting instructions):
# the floods only, with no tracing, whose hooks would cost instructions of
# their own per timer start. Under -icount the guest's clock is its
# instruction count (scripts/bench.sh), so each run's t over its tx is the
# instructions both CPUs spent per packet, while the sender keeps a CPU busy;
# for the RX floods, CPU0's busy time (t less idle_cpu0) over their rx, all
# their work being on CPU0. Unless stmmac_bench_cost_rx=0, the TCP download
# and the saturating UDP flood from the host follow (the UDP flood last, as
# in the workload), each until COST_RX_PKTS packets have come in
# (rx_iperf). Not udp-rx-mid: a guest that idles most of the run has its
# counted clock jump over the idle stretches, so the host's real-time pace
# is no fixed load in counted time (tried: N's figure spread 64 % over
# three boots).
cost_runs() {
	bm udp-cpu0 p_udp udp 1 "$SECS"
	sleep 1
	bm udp-cpu1 p_udp udp 2 "$SECS"
	bm pktgen-cpu0 p_pktgen pktgen 0 "$SECS"
	bm pktgen-cpu1 p_pktgen pktgen 1 "$SECS"
	[ "$COST_RX" = 0 ] && return
	sleep 1
	bm tcp-rx p_tcp tcp_rx -
	sleep 1
	bm udp-rx p_udp_rx udp_rx -
	sleep 2
}

# The profile boots (stmmac_bench_profile=RUN, make profile): one flood,
# and in its steady state a window of about PROF_PKTS packets marked on the
# console, PROFILE-ON to PROFILE-OFF, in which the host has QEMU log every
# translation block the guest's kernel runs (scripts/profile.sh). Each
# mark goes out once the flood has moved as many packets again, which
# under -icount is the guest's own time whatever the logging costs.
PROF_PKTS=5000

# prof_wait COUNTER N: until eth0's COUNTER has grown by N, looked at every
# 5 ms of the guest's time (under -icount 5 million instructions: about
# 1500 packets)
prof_wait() {
	read -r pw_0 <$NET/statistics/"$1"
	pw_n=$pw_0
	while [ $((pw_n - pw_0)) -lt "$2" ]; do
		sleep 0.005
		read -r pw_n <$NET/statistics/"$1"
	done
}

prof_window() {
	prof_wait "$1" 20000
	read -r pw_a <$NET/statistics/"$1"
	echo "PROFILE-ON $1=$pw_a" >/dev/console
	prof_wait "$1" $PROF_PKTS
	read -r pw_b <$NET/statistics/"$1"
	echo "PROFILE-OFF $1=$pw_b" >/dev/console
}

# profile RUN: udp-cpu0, udp-cpu1 (64-byte UDP to the host, the sender on
# that CPU) or udp-rx (the host's 64-byte UDP flood, the receiver on CPU0).
# The marks come from the other CPU than the flood's tool: on its CPU this
# shell would wait for it, and the window overshoot.
profile() {
	case "$1" in
	udp-cpu0 | udp-cpu1)
		pin $((1 << ${1#udp-cpu}))
		iperf3 -c $HOST -J -p "$PORT" -u -b 0 -l 64 -t 3600 >/tmp/prof.json 2>&1 &
		pr_pid=$!
		pin $((2 >> ${1#udp-cpu}))
		prof_window tx_packets
		;;
	udp-rx)
		pin 1
		iperf3 -c $HOST -J -p "$PORT" -u -b "$RX_RATE" -l 64 -R -t 3600 >/tmp/prof.json 2>&1 &
		pr_pid=$!
		pin 2
		prof_window rx_packets
		;;
	*)
		echo "PROFILE-FAIL unknown run '$1'"
		return 1
		;;
	esac
	kill -TERM $pr_pid
	wait $pr_pid
	pin $(((1 << NCPU) - 1))
	return 0
}

# The sweep: tx-usecs x tx-frames, then NAPI's own deferral with the driver's
# coalescing off (tx-usecs 0 tx-frames 1). One point: name usecs frames
# napi_defer_hard_irqs gro_flush_timeout.
POINTS="u0f1 0 1 0 0
u0f25 0 25 0 0
u0f64 0 64 0 0
u100f1 100 1 0 0
u100f25 100 25 0 0
u100f64 100 64 0 0
u1000f1 1000 1 0 0
u1000f25 1000 25 0 0
u1000f64 1000 64 0 0
u5000f1 5000 1 0 0
u5000f25 5000 25 0 0
u5000f64 5000 64 0 0
napi2g20k 0 1 2 20000
napi2g200k 0 1 2 200000
napi20g20k 0 1 20 20000
napi20g200k 0 1 20 200000"

sweep_point() {
	POINT=
	ethtool -C eth0 tx-usecs "$2" tx-frames "$3" >/tmp/coal.out 2>&1 &&
		echo "$4" >$NET/napi_defer_hard_irqs && echo "$5" >$NET/gro_flush_timeout || {
		echo "BENCH-FAIL sweep $1: cannot set: $(head -n 1 /tmp/coal.out)"
		FAILS=$((FAILS + 1))
		return 1
	}
	sp_u=$(coal_get tx-usecs) sp_f=$(coal_get tx-frames)
	POINT="point=$1 usecs=$sp_u frames=$sp_f defer=$(cat $NET/napi_defer_hard_irqs) gro=$(cat $NET/gro_flush_timeout)"
	bm sweep-ping p_ping ping_idle 10
	sleep 1
	bm sweep-udp p_udp udp 2 "$SWEEP_SECS"
	sleep 1
	bm sweep-tcp p_tcp tcp $SWEEP_TCP_SECS
	POINT=
}

coal_get() {
	ethtool -c eth0 2>/dev/null | sed -n "s/^$1:[[:space:]]*//p"
}

sweep() {
	sw_n=$(echo "$POINTS" | wc -l)
	sw_i=0
	while [ $sw_i -lt "$sw_n" ]; do
		sw_line=$(echo "$POINTS" | sed -n "$(((SWEEP + sw_i) % sw_n + 1))p")
		echo "BENCH-STAGE sweep $((sw_i + 1))/$sw_n: $sw_line"
		sweep_point $sw_line
		sw_i=$((sw_i + 1))
	done
	coal_defaults || {
		echo "BENCH-FAIL sweep: cannot restore the defaults: $COAL_WHY"
		FAILS=$((FAILS + 1))
	}
}

# The defaults, which the workload measures: tx-usecs 5000 tx-frames 25, no
# NAPI deferral (napi_defer_hard_irqs 0, gro_flush_timeout 0: the kernel's
# own defaults, which this driver keeps) and, with the test hooks, the
# policy's own switches (coal_burst_ic N, coal_pacing Y).
DEF_COAL="5000 25 0 0"
DEF_HOOKS="N Y"

# coal_state: "usecs frames napi_defer_hard_irqs gro_flush_timeout" now.
coal_state() {
	echo "$(coal_get tx-usecs) $(coal_get tx-frames) $(cat $NET/napi_defer_hard_irqs)" \
		"$(cat $NET/gro_flush_timeout)"
}

# hooks_state: "coal_burst_ic coal_pacing" now (debugfs bools: Y or N).
hooks_state() {
	echo "$(cat "$DBGDIR/coal_burst_ic" 2>/dev/null) $(cat "$DBGDIR/coal_pacing" 2>/dev/null)"
}

# coal_set USECS FRAMES DEFER GRO: set and read back; the reason in COAL_WHY.
coal_set() {
	COAL_WHY=
	if ! ethtool -C eth0 tx-usecs "$1" tx-frames "$2" >/tmp/coal.out 2>&1; then
		# ethtool refuses a request that changes nothing: fine if it is so.
		[ "$(coal_get tx-usecs) $(coal_get tx-frames)" = "$1 $2" ] ||
			{ COAL_WHY="ethtool -C: $(head -n 1 /tmp/coal.out)"; return 1; }
	fi
	echo "$3" >$NET/napi_defer_hard_irqs && echo "$4" >$NET/gro_flush_timeout ||
		{ COAL_WHY="cannot write napi_defer_hard_irqs/gro_flush_timeout"; return 1; }
	[ "$(coal_state)" = "$1 $2 $3 $4" ] ||
		{ COAL_WHY="read back $(coal_state), not $1 $2 $3 $4"; return 1; }
}

# hook_set FILE VALUE: a debugfs switch of the test hooks, read back.
hook_set() {
	[ -n "$DBGDIR" ] || { COAL_WHY="no /sys/kernel/debug/stmmac-* (CONFIG_STMMAC_TEST_HOOKS?)"; return 1; }
	echo "$2" >"$DBGDIR/$1" 2>/dev/null && [ "$(cat "$DBGDIR/$1")" = "$2" ] ||
		{ COAL_WHY="$DBGDIR/$1: cannot set $2 (reads $(cat "$DBGDIR/$1" 2>/dev/null))"; return 1; }
}

coal_defaults() {
	coal_set $DEF_COAL
}

hooks_defaults() {
	COAL_WHY=
	hook_set coal_burst_ic N && hook_set coal_pacing Y
}

# cand_set NAME: candidate NAME on top of the defaults.
cand_set() {
	case "$1" in
	off) coal_set 0 1 0 0 ;;
	swirq) coal_set 5000 25 1 20000 ;;
	burst) hook_set coal_burst_ic Y ;;
	nopace) hook_set coal_pacing N ;;
	*) COAL_WHY="unknown candidate"; return 1 ;;
	esac
}

# The candidate TX completion policies against the defaults ("v2", the
# workload's runs): the driver's coalescing off, NAPI's deferral on top of
# the defaults, IC at every xmit burst's end (the previous policy), and TCP
# not told the completion delay. Each: UDP from each CPU and both TCP runs
# guest to host, the workload's run names with cand=NAME; then the defaults
# again. A knob that does not take is a failure, and the candidate is
# skipped; defaults that do not come back end the candidates.
CANDS="off swirq burst nopace"

candidates() {
	if [ "$(coal_state)" != "$DEF_COAL" ] || [ "$(hooks_state)" != "$DEF_HOOKS" ]; then
		echo "BENCH-FAIL candidates: not at the defaults ($(coal_state), $(hooks_state);" \
			"want $DEF_COAL, $DEF_HOOKS): v2 is not the defaults"
		FAILS=$((FAILS + 1))
	fi
	for cd_name in $CANDS; do
		echo "BENCH-STAGE candidate $cd_name"
		if cand_set "$cd_name"; then
			POINT="cand=$cd_name"
			bm udp-cpu0 p_udp udp 1 "$SECS"
			sleep 1
			bm udp-cpu1 p_udp udp 2 "$SECS"
			sleep 1
			bm tcp-tx p_tcp tcp $TCP_SECS
			sleep 1
			bm tcp-bbr p_tcp tcp $TCP_SECS -C bbr
			POINT=
		else
			echo "BENCH-FAIL cand-$cd_name: cannot set: $COAL_WHY"
			FAILS=$((FAILS + 1))
		fi
		if ! { coal_defaults && hooks_defaults; }; then
			echo "BENCH-FAIL cand-$cd_name: cannot restore the defaults: $COAL_WHY"
			FAILS=$((FAILS + 1))
			return 1
		fi
		sleep 1
	done
}

# The RX interrupt mitigation candidates (stmmac_bench_rxcand=1) against
# the defaults (the workload's runs): NAPI's deferral as
# netdev_sw_irq_coalesce_default_on() sets it (rxswirq: 1 deferral, 20 us),
# and a longer one (rxdefer: 2 deferrals, 100 us), for every NAPI of eth0
# (sysfs, any driver). Each: idle ping, the TCP download and the two UDP
# floods, the workload's run names with cand=NAME; then no deferral again.
RXCANDS="rxswirq rxdefer"

rx_defer() {
	echo "$1" >$NET/napi_defer_hard_irqs && echo "$2" >$NET/gro_flush_timeout
}

rx_candidates() {
	for rc_name in $RXCANDS; do
		echo "BENCH-STAGE candidate $rc_name"
		case "$rc_name" in
		rxswirq) rx_defer 1 20000 ;;
		rxdefer) rx_defer 2 100000 ;;
		esac || { echo "BENCH-FAIL cand-$rc_name: cannot set"; FAILS=$((FAILS + 1)); continue; }
		POINT="cand=$rc_name"
		bm ping-idle p_ping ping_idle 20
		sleep 1
		bm tcp-rx p_tcp tcp_rx $TCP_SECS
		sleep 1
		rx_floods
		POINT=
		rx_defer 0 0 || { echo "BENCH-FAIL cand-$rc_name: cannot undo"; FAILS=$((FAILS + 1)); return 1; }
	done
}

net_up || exit 1
# The interrupt on CPU0 on every kernel; senders are pinned to each CPU.
ETH_IRQ=$(awk '$NF == "eth0" { sub(":", "", $1); print $1; exit }' /proc/interrupts)
echo 1 >/proc/irq/"$ETH_IRQ"/smp_affinity || exit 1
# The first pings also show the TX timer's address (hrtimer_start's hist).
echo "$TIMER_HIST" >"$TRACE/trigger" 2>/dev/null
ping -c 2 -w 10 $HOST >/dev/null || { echo "no answer from the host"; exit 1; }
TIMER_ADDRS=$(timer_addrs "$TIMER_FN")
echo "!$TIMER_HIST" >"$TRACE/trigger" 2>/dev/null
GW_MAC=$(awk -v h=$HOST '$1 == h { print $4 }' /proc/net/arp)
# The test hooks' debugfs directory (CONFIG_STMMAC_TEST_HOOKS), named after
# the platform device.
DBGDIR=/sys/kernel/debug/stmmac-$(basename "$(readlink $NET/device)")
if [ ! -d "$DBGDIR" ]; then
	DBGDIR=
	for d in /sys/kernel/debug/stmmac-*; do
		[ -d "$d" ] && DBGDIR=$d && break
	done
fi
echo "BENCH-INFO kernel=$(uname -r) timer_fn=$TIMER_FN irq=$ETH_IRQ" \
	"smp_affinity=$(cat /proc/irq/"$ETH_IRQ"/smp_affinity) gw_mac=$GW_MAC" \
	"coalesce=$(coal_get tx-usecs)/$(coal_get tx-frames) cmdline_rule=$(arg stmmac.bench_restart_rule)" \
	"rx_rate=$RX_RATE rx_mid_rate=$RX_MID_RATE" \
	"kprobe=$KPROBE timer_addrs=$(echo $TIMER_ADDRS | tr ' ' ',') hooks=${DBGDIR:-none}" \
	"burst_ic=$(cat "$DBGDIR/coal_burst_ic" 2>/dev/null) pacing=$(cat "$DBGDIR/coal_pacing" 2>/dev/null)"
[ -n "$GW_MAC" ] && { [ -n "$SINK" ] || [ -n "$(arg stmmac_bench_profile)" ]; } ||
	{ echo "no pktgen sink port or gateway MAC"; exit 1; }
# iperf3 reads getrandom(), which blocks until the kernel's random pool is
# ready (~10 s after boot here): wait for it outside the measured runs.
timeout 60 head -c 1 /dev/random >/dev/null
if [ -n "$(arg stmmac_bench_profile)" ]; then
	echo "BENCH-STAGE profile"
	profile "$(arg stmmac_bench_profile)" || FAILS=$((FAILS + 1))
elif [ "$COST" = 1 ]; then
	echo "BENCH-STAGE cost"
	cost_runs
else
	echo "BENCH-STAGE workload"
	workload
fi
if [ "$CANDIDATES" = 1 ]; then
	candidates
fi
if [ "$RXCAND" = 1 ]; then
	rx_candidates
fi
if [ -n "$SWEEP" ]; then
	sweep
fi
[ $KPROBE = 1 ] && echo '-:stmmac_bench/cancel' >>$TRACING/kprobe_events 2>/dev/null
echo "BENCH-DONE failures=$FAILS"
[ $FAILS -eq 0 ]
