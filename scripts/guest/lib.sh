#!/bin/sh
# Helpers shared by the guest jobs.

TRACE=/sys/kernel/tracing/events/timer/hrtimer_start

# net_up: eth0 up with QEMU user networking's static addresses, link waited for.
net_up() {
	ip link set lo up
	ip link set eth0 up || return 1
	ip addr add 10.0.2.15/24 dev eth0
	ip route add default via 10.0.2.2
	i=0
	while [ "$(cat /sys/class/net/eth0/carrier 2>/dev/null)" != 1 ]; do
		i=$((i + 1))
		[ $i -gt 100 ] && { echo "eth0: no carrier"; return 1; }
		sleep 0.1
	done
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

# measure NAME CMD...: run CMD and report the TX packets it sent, eth0's
# interrupts and the stmmac TX timer starts (ftrace, any stmmac function).
measure() {
	name=$1
	shift
	p0=$(cat /sys/class/net/eth0/statistics/tx_packets)
	i0=$(eth_irqs)
	echo 'hist:keys=function.sym' >"$TRACE/trigger" 2>/dev/null
	echo "BEGIN-OUTPUT $name"
	"$@"
	rc=$?
	echo "END-OUTPUT $name"
	arms=$(awk '/stmmac/ { for (i = 1; i < NF; i++) if ($i == "hitcount:") s += $(i + 1) }
		END { print s + 0 }' "$TRACE/hist" 2>/dev/null)
	echo '!hist:keys=function.sym' >"$TRACE/trigger" 2>/dev/null
	result "$name.tx_packets" $(($(cat /sys/class/net/eth0/statistics/tx_packets) - p0))
	result "$name.irqs" $(($(eth_irqs) - i0))
	result "$name.timer_arms" "${arms:-0}"
	result "$name.rc" "$rc"
	return $rc
}

# udp_flood: the seed benchmark, 64-byte UDP as fast as it goes.
udp_flood() {
	iperf3 -c 10.0.2.2 -p "$PORT" -u -b 0 -l 64 -t "${UDP_SECONDS:-10}" -J
}
