#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# make compat: what userland sees of eth0 and the driver, section by
# section between "COMPAT-BEGIN name" and "COMPAT-END" lines, for
# scripts/compat_report.py to compare between upstream and ours. The kernel
# was booted with stmmaceth=debug:5 (scripts/compat.sh): both drivers must
# parse it the same way.
. /jobs/lib.sh

# Kernel messages would land inside the sections.
echo 1 >/proc/sys/kernel/printk

section() {
	echo "COMPAT-BEGIN $1"
	shift
	"$@" 2>&1
	echo "COMPAT-END"
}

# Sorted names of a directory's entries, one per line.
names() {
	ls "$1" 2>&1 | sort
}

# name=value of every module parameter.
params() {
	for p in /sys/module/stmmac/parameters/*; do
		echo "${p##*/}=$(cat "$p" 2>&1)"
	done
}

stats_names() {
	ethtool -S eth0 | sed -n 's/^ *\([^:]*\):.*/\1/p'
}

# The register dump: its size, and ethtool's own decoding of it.
regs_len() {
	ethtool -d eth0 raw on | wc -c
}

# What the PHY and the MAC's driver are called where udev rules and
# scripts look.
names_sysfs() {
	echo "eth0 device driver: $(basename "$(readlink /sys/class/net/eth0/device/driver)")"
	echo "eth0 phydev: $(basename "$(readlink /sys/class/net/eth0/phydev 2>/dev/null)" 2>/dev/null)"
	echo "mdio buses: $(ls /sys/class/mdio_bus | tr '\n' ' ')"
	echo "mdio devices: $(ls /sys/bus/mdio_bus/devices | tr '\n' ' ')"
}

# Before eth0 is up: what probe alone set up.
section probe-mdio names_sysfs
section params params
section msglvl sh -c "ethtool eth0 | grep -A1 'message level'"

net_up || exit 1
ping -c 5 -q $HOST >/dev/null || { echo "no ping"; exit 1; }

section drvinfo ethtool -i eth0
section stats-names stats_names
section regs-decoded ethtool -d eth0
section regs-len regs_len
section channels ethtool -l eth0
section coalesce ethtool -c eth0
section ring ethtool -g eth0
section pause ethtool -a eth0
section features ethtool -k eth0
section link sh -c "ethtool eth0 | grep -v 'message level\|0x0000'"
section eee ethtool --show-eee eth0
section timestamping ethtool -T eth0
section up-mdio names_sysfs
section link-flags sh -c "ip -d link show eth0 | sed -n '2,\$p' | sed 's/link\/ether [^ ]*/link\/ether MAC/'"
exit 0
