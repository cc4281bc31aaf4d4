#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Helpers shared by the guest jobs.

TRACE=/sys/kernel/tracing/events/timer/hrtimer_start
HOST=10.0.2.2
# GMAC0 (0xf0802000), the GMAC QEMU's user network is attached to: its
# platform device, named after the DT node ("f0802000.eth" in 6.12's
# npcm7xx DT, "f0802000.ethernet" in 7.3's), which exists with or
# without a driver bound.
GMAC0_DEV=$(cd /sys/bus/platform/devices 2>/dev/null && ls -d f0802000.* 2>/dev/null | head -n 1)

# wait_carrier [SECONDS]: until eth0 reports carrier (10 s by default).
wait_carrier() {
	wc_n=0
	while [ "$(cat /sys/class/net/eth0/carrier 2>/dev/null)" != 1 ]; do
		wc_n=$((wc_n + 1))
		[ $wc_n -gt $((${1:-10} * 10)) ] && return 1
		sleep 0.1
	done
}

# net_up: eth0 up with QEMU user networking's static addresses, link waited for.
net_up() {
	ip link set lo up
	ip link set eth0 up || return 1
	ip addr add 10.0.2.15/24 dev eth0
	ip route add default via $HOST
	wait_carrier 10 || { echo "eth0: no carrier"; return 1; }
}

# route_up: the default route again; the kernel drops it when eth0 goes down.
route_up() {
	ip route show default | grep -q . || ip route add default via $HOST
}

# result KEY VALUE: a line the host side parses.
result() {
	echo "RESULT $1=$2"
}

# eth0's interrupts, all CPUs.
eth_irqs() {
	awk -v n="$(grep -c '^processor' /proc/cpuinfo)" \
		'/eth0/ { for (i = 2; i <= n + 1; i++) s += $i } END { print s + 0 }' \
		/proc/interrupts
}

# tx_packets: eth0's transmitted-packets counter.
tx_packets() {
	cat /sys/class/net/eth0/statistics/tx_packets
}

rx_packets() {
	cat /sys/class/net/eth0/statistics/rx_packets
}

# tx_diag: one console line on eth0's TX state, for a check that found TX
# stuck: the packet counter, BQL's bytes in flight and limit, and the send
# queues of the guest's UDP sockets (bytes waiting for TX completion).
tx_diag() {
	td_bql=/sys/class/net/eth0/queues/tx-0/byte_queue_limits
	echo "TX-DIAG tx_packets=$(tx_packets) bql_inflight=$(cat $td_bql/inflight 2>/dev/null || echo -)" \
		"bql_limit=$(cat $td_bql/limit 2>/dev/null || echo -) carrier=$(cat /sys/class/net/eth0/carrier)" \
		"udp_tx_queue=$(awk 'NR > 1 { split($5, q, ":"); printf "%s ", q[1] }' /proc/net/udp)"
}

# driver_stats NAME WHEN: the driver's per-queue TX counters (ethtool -S
# qN_tx_pkt_n, upstream's name, and tx_qN_coal_*) as "STAT NAME WHEN
# tx_qN_counter=value" lines, for summary.py. Kernels without the coal_*
# counters (upstream) print no coal_* lines, and summary.py then counts
# timer starts with ftrace.
driver_stats() {
	ethtool -S eth0 2>/dev/null | sed -nE \
		-e "s/^ *q([0-7])_tx_pkt_n: *([0-9]+)$/STAT $1 $2 tx_q\1_packets=\2/p" \
		-e "s/^ *(tx_q[0-7]_coal_[a-z]+): *([0-9]+)$/STAT $1 $2 \1=\2/p"
}

# measure NAME CMD...: run CMD and report the TX packets it sent, eth0's
# interrupts and the stmmac TX timer starts (ftrace, any stmmac function);
# the driver's own counters are printed before and after.
measure() {
	name=$1
	shift
	driver_stats "$name" before
	p0=$(tx_packets)
	i0=$(eth_irqs)
	echo 'hist:keys=function.sym' >"$TRACE/trigger" 2>/dev/null
	echo "BEGIN-OUTPUT $name"
	"$@"
	rc=$?
	echo "END-OUTPUT $name"
	arms=$(awk '/stmmac/ { for (i = 1; i < NF; i++) if ($i == "hitcount:") s += $(i + 1) }
		END { print s + 0 }' "$TRACE/hist" 2>/dev/null)
	echo '!hist:keys=function.sym' >"$TRACE/trigger" 2>/dev/null
	result "$name.tx_packets" $(($(tx_packets) - p0))
	result "$name.irqs" $(($(eth_irqs) - i0))
	result "$name.timer_arms" "${arms:-0}"
	result "$name.rc" "$rc"
	driver_stats "$name" after
	return $rc
}

# udp_flood: the seed benchmark, 64-byte UDP as fast as it goes.
udp_flood() {
	iperf3 -c $HOST -p "$PORT" -u -b 0 -l 64 -t "${UDP_SECONDS:-10}" -J
}

# iperf OUT SECONDS ARGS...: one iperf3 client run against the host, its JSON
# in OUT, stopped after SECONDS; on failure the reason is in IPERF_WHY. The
# host's server takes a moment to accept a test after the previous one ("the
# server is busy"): that is retried.
iperf() {
	ip_out=$1 ip_limit=$2 ip_try=1
	shift 2
	IPERF_WHY=
	while ! timeout "$ip_limit" iperf3 -c $HOST -J "$@" >"$ip_out" 2>&1; do
		if grep -q 'server is busy' "$ip_out" && [ $ip_try -lt 5 ]; then
			ip_try=$((ip_try + 1))
			sleep 1
			continue
		fi
		# timeout's SIGTERM makes iperf3 report an interrupt.
		IPERF_WHY=$(iperf_error "$ip_out")
		case "$IPERF_WHY" in
		interrupt*) IPERF_WHY="no result within ${ip_limit}s" ;;
		'') IPERF_WHY=$(tail -n 1 "$ip_out") ;;
		esac
		return 1
	done
}

# json_num FILE OBJECT KEY: KEY of the first OBJECT inside iperf3's "end"
# section (cJSON prints one key per line; busybox has no JSON parser).
json_num() {
	awk -v obj="\"$2\":" -v key="\"$3\":" '
		$1 == "\"end\":" && $2 == "{" { end = 1; next }
		end && $1 == obj && $2 == "{" { inobj = 1; next }
		inobj && $1 == key { sub(/,$/, "", $2); print $2; exit }' "$1"
}

# iperf_error FILE: iperf3's own error message, if any, for a FAIL line.
iperf_error() {
	sed -n 's/.*"error":[[:space:]]*"\(.*\)".*/\1/p' "$1" | head -n 1
}
