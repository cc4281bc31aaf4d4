#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# make check's module boot (scripts/boardtest.sh): the board's kernel with
# this tree as modules (scripts/configs/board-modules.config), loaded as
# make stress loads them on its debug kernel. modprobe dwmac-generic must
# bring the connected GMAC up as eth0, which must carry traffic; then the
# modules unload and load again, and eth0 carries traffic again.
# Prints "CHECK modules ok <detail>" or "CHECK modules FAIL <reason>".
. /jobs/lib.sh

MODS="dwmac_generic stmmac_platform stmmac"
# The GMAC QEMU's user network is attached to (eth0 in the board test).
OUR_DEV=${GMAC0_DEV:-f0802000.eth}

fail() {
	echo "CHECK modules FAIL $*"
	exit 1
}

# kernel_tail: the kernel's last lines, on one line, for a FAIL reason.
kernel_tail() {
	dmesg | tail -n 4 | tr -s '\n\t' '  ' | cut -c1-400
}

# load N: modprobe dwmac-generic; our three modules in, and eth0, the
# connected GMAC, within 10 s.
load() {
	modprobe dwmac-generic >/tmp/modprobe.out 2>&1 ||
		fail "load $1: modprobe dwmac-generic: $(tail -n 1 /tmp/modprobe.out); kernel: $(kernel_tail)"
	for m in $MODS; do
		grep -q "^$m " /proc/modules ||
			fail "load $1: $m not loaded ($(cut -d' ' -f1 /proc/modules | tr '\n' ' '))"
	done
	ld_n=0
	while [ "$(basename "$(readlink /sys/class/net/eth0/device 2>/dev/null)")" != $OUR_DEV ]; do
		ld_n=$((ld_n + 1))
		[ $ld_n -gt 100 ] && fail "load $1: eth0 is not $OUR_DEV within 10 s; kernel: $(kernel_tail)"
		sleep 0.1
	done
}

# traffic N: eth0 up, 10 pings answered.
traffic() {
	net_up || fail "load $1: eth0 up: no carrier within 10 s"
	timeout 30 ping -c 10 -i 0.2 -w 25 $HOST >/tmp/ping.out 2>&1
	grep -q ' 0% packet loss' /tmp/ping.out ||
		fail "load $1: ping: $(grep 'packets transmitted' /tmp/ping.out)"
}

t0=$(cut -d. -f1 /proc/uptime)
load 1
traffic 1
ip link set eth0 down
for m in $MODS; do
	timeout 60 rmmod "$m" || fail "rmmod $m: $(kernel_tail)"
done
[ -e /sys/class/net/eth0 ] && fail "eth0 still there after rmmod"
load 2
traffic 2
echo "CHECK modules ok $(cut -d' ' -f1,2 /proc/modules | tr '\n' ' ')loaded twice, 10 pings each [$(($(cut -d. -f1 /proc/uptime) - t0))s]"
