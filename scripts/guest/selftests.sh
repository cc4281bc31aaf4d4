#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# make selftests' guest job: the kernel's driver selftests, installed in
# /kselftest, on a board whose two GMACs are wired to each other alone
# (STMMAC_BOARD_TWOPORT=wire). Each test program is framed by
#   SELFTEST-BEGIN <dir>/<program>
#   SELFTEST-END <dir>/<program> rc=<exit status>
# lines; scripts/selftests_report.py reads the KTAP and "TEST:" lines between
# them. Every program runs under timeout, so the job always ends. Bash, not
# busybox's sh, which would run its own ip, ping and date before Debian's.

KS=/kselftest
NS=remote
V4_LOCAL=192.0.2.1
V4_REMOTE=192.0.2.2
V6_LOCAL=2001:db8:1::1
V6_REMOTE=2001:db8:1::2

mount -t configfs configfs /sys/kernel/config 2>/dev/null
# What udev would make: bash's process substitution reads /dev/fd/N.
ln -sfn /proc/self/fd /dev/fd
ln -sfn /proc/self/fd/0 /dev/stdin
ln -sfn /proc/self/fd/1 /dev/stdout
ln -sfn /proc/self/fd/2 /dev/stderr
export HOME=/tmp PYTHONDONTWRITEBYTECODE=1
# The console is a terminal: no colour codes around the KTAP results.
export NO_COLOR=1
# Debian's tools before busybox's applets of the same name.
export PATH=/usr/sbin:/usr/bin:/sbin:/bin
ip link set lo up

# run DIR PROGRAM SECONDS: one test program, bounded.
run() {
	echo "SELFTEST-BEGIN $1/$2"
	r_t0=$(date +%s)
	if [ -x "$KS/$1/$2" ]; then
		(cd "$KS/$1" && timeout "$3" ./"$2" 2>&1)
		r_rc=$?
	elif [ -e "$KS/$1/$2" ] && [ "${2%.py}" != "$2" ]; then
		# 7.3.4 installs hw/xdp_metadata.py without its execute bit.
		echo "not executable: running $2 with python3"
		(cd "$KS/$1" && timeout "$3" python3 ./"$2" 2>&1)
		r_rc=$?
	else
		echo "not installed: $KS/$1 has no $2"
		r_rc=127
	fi
	echo "SELFTEST-END $1/$2 rc=$r_rc seconds=$(($(date +%s) - r_t0)) limit=$3"
}

# wait_lower_up [NETNS] DEV: until DEV reports carrier, 10 s at most.
wait_lower_up() {
	wl_n=0
	until ip ${2:+-n "$1"} link show "${2:-$1}" | grep -q LOWER_UP; do
		wl_n=$((wl_n + 1))
		[ $wl_n -gt 100 ] && return 1
		sleep 0.1
	done
}

# The Python start-up cost on this board, for the timeouts' sake.
t0=$(date +%s%N)
python3 -c 'import yaml, json, subprocess'
echo "SELFTEST-INFO python3 start with yaml, json, subprocess: $((($(date +%s%N) - t0) / 1000000)) ms"
echo "SELFTEST-INFO kernel $(uname -r), eth0 driver $(ethtool -i eth0 | sed -n 's/^driver: //p')"

# The time limits: about five times what a test took on a loaded host
# (2 cores, a kernel build beside it), Python's start-up (~2-14 s here)
# included. Tests not named here get the default of their kind.
declare -A LIMIT=(
	[csum.py]=180 [gro.py]=300 [netcons_basic.sh]=120 [ethtool.sh]=600
	[ethtool_extended_state.sh]=300 [ethtool_rmon.sh]=300
	[ethtool_std_stats.sh]=300 [hw_stats_l3.sh]=60 [hw_stats_l3_gre.sh]=60
	[min_max_mtu.sh]=300 [local_termination.sh]=120
)
PY_LIMIT=120 SH_LIMIT=120

# listed COLLECTION SUFFIX: the programs of one collection the installed
# tree lists (kselftest-list.txt: its Makefile's TEST_PROGS), whose name
# ends in SUFFIX, in the list's order. The same job serves every kernel:
# 6.12's drivers/net has 3 Python tests and hw 4, 7.3's 14 and 28.
listed() {
	sed -n "s|^$1:\(.*$2\)\$|\1|p" "$KS/kselftest-list.txt"
}

# conformant PROGRAM: a shell test written for the drivers/net
# environment (DRIVER_TEST_CONFORMANT=yes: NETIF and a remote namespace,
# 7.3's ethtool_rmon.sh and ethtool_std_stats.sh), not for phase 2's pair.
conformant() {
	grep -q 'DRIVER_TEST_CONFORMANT:=yes' "$1"
}

# run_listed COLLECTION SUFFIX [yes|no]: each of them, bounded; with a
# third argument, only the shell tests that are (yes) or are not (no)
# driver-conformant.
run_listed() {
	local p c
	for p in $(listed "$1" "$2"); do
		if [ -n "${3:-}" ]; then
			c=no
			conformant "$KS/$1/$p" && c=yes
			[ "$c" = "$3" ] || continue
		fi
		run "$1" "$p" "${LIMIT[$p]:-$([ "$2" = .py ] && echo $PY_LIMIT || echo $SH_LIMIT)}"
	done
}

# Phase 1, the drivers/net environment (README.rst there): eth0 local,
# eth1 in the network namespace "remote", the far end, run through
# "ip netns exec". IPv6 without duplicate address detection, which would
# keep the addresses tentative for the first tests.
ip netns add $NS
# Tests that take eth0 down and up again (MTU, ring and channel changes)
# would lose its static IPv6 address for the tests after them.
for c in all default; do
	echo 1 >/proc/sys/net/ipv6/conf/$c/keep_addr_on_down
	ip netns exec $NS sh -c "echo 1 >/proc/sys/net/ipv6/conf/$c/keep_addr_on_down"
done
ip link set eth1 netns $NS
ip addr add $V4_LOCAL/24 dev eth0
ip addr add $V6_LOCAL/64 dev eth0 nodad
ip link set eth0 up
ip -n $NS link set lo up
ip -n $NS addr add $V4_REMOTE/24 dev eth1
ip -n $NS addr add $V6_REMOTE/64 dev eth1 nodad
ip -n $NS link set eth1 up
wait_lower_up eth0 || echo "SELFTEST-INFO eth0: no carrier"
wait_lower_up $NS eth1 || echo "SELFTEST-INFO eth1: no carrier"
ping -c 1 -W 5 $V4_REMOTE >/dev/null 2>&1
if ping -c 2 -W 2 $V4_REMOTE >/dev/null 2>&1; then
	echo "SELFTEST-INFO eth0 -> eth1 (netns $NS): ping ok"
else
	echo "SELFTEST-INFO eth0 -> eth1 (netns $NS): no answer to ping"
fi
export NETIF=eth0 REMOTE_TYPE=netns REMOTE_ARGS=$NS
export LOCAL_V4=$V4_LOCAL REMOTE_V4=$V4_REMOTE LOCAL_V6=$V6_LOCAL REMOTE_V6=$V6_REMOTE

# Every Python test of drivers/net and drivers/net/hw (NetDrvEnv and
# NetDrvEpEnv); devlink_port_split.py, which hw's Makefile installs beside
# them without listing it (TEST_PROGS_EXTENDED).
run_listed drivers/net .py
run_listed drivers/net/hw .py
run_listed drivers/net/hw .sh yes
run drivers/net/hw devlink_port_split.py 120
# netconsole between two netdevsim ports: the suite's own, no GMAC in it
# (drivers/net on 6.12, drivers/net/netconsole on 7.3, whose seven other
# tests there are netdevsim's alone too).
for d in drivers/net drivers/net/netconsole; do
	[ -e "$KS/$d/netcons_basic.sh" ] && run $d netcons_basic.sh 120
done

# Phase 2, the forwarding library's two-port tests: both ports in this
# namespace, each the "host" of a VRF (NETIFS p1 = eth0, p2 = eth1, wired).
unset NETIF REMOTE_TYPE REMOTE_ARGS LOCAL_V4 REMOTE_V4 LOCAL_V6 REMOTE_V6
ip addr flush dev eth0
ip -n $NS link set eth1 netns 1
ip netns del $NS
cat >$KS/net/forwarding/forwarding.config <<EOF
NETIFS[p1]=eth0
NETIFS[p2]=eth1
NETIF_CREATE=no
PAUSE_ON_FAIL=no
WAIT_TIME=10
EOF
# The other shell tests of drivers/net/hw: the forwarding library's, on
# p1/p2.
run_listed drivers/net/hw .sh no
run net/forwarding min_max_mtu.sh 300
run net/forwarding local_termination.sh 120
echo "SELFTEST-DONE"
