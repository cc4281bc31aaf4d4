#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# board.sh: the emulated board, QEMU's npcm750-evb (2 x Cortex-A9 and a
# DesignWare GMAC), with a kernel built from either this tree ("ours") or
# Debian's untouched upstream stmmac ("upstream"), from this tree with its
# test hooks ("bench": CONFIG_STMMAC_TEST_HOOKS, the debugfs switches and
# stmmac.bench_restart_rule that make bench uses; see
# scripts/configs/board-bench.config), from this tree as modules on a
# kernel full of checkers ("debug": KASAN, lockdep, kmemleak, fault
# injection, and the test hooks; see scripts/configs/board-debug.config),
# or from this tree as modules on the board's own options ("modules": make
# check's module boot; see scripts/configs/board-modules.config).
#
#   board.sh kernel VARIANT       build zImage + DTB (debug, modules: and the
#                                 modules); VARIANT: ours, upstream, bench,
#                                 debug or modules
#   board.sh initramfs [VARIANT]  busybox, ethtool, iperf3, socat from Debian armhf
#                                 (debug, modules: and that kernel's modules)
#   board.sh boot VARIANT JOB     boot, run scripts/guest/JOB.sh, save the log
#
# STMMAC_BOARD_TWOPORT=1 wires both GMACs and QEMU's user network to one
# hub (a repeater): GMAC1 (eth1) is then a second port on the same L2
# segment as GMAC0 (eth0), for the two-port checks. Otherwise GMAC0 alone
# is wired, to the user network, and GMAC1 has no cable.
# STMMAC_BOARD_TWOPORT=wire puts the two GMACs alone on the hub, a plain
# wire between them with no user network (make selftests): QEMU's user
# network answers every untagged IPv4/IPv6 frame on a hub as a NAT router,
# whatever its destination MAC, so the ports could not talk untagged.
# STMMAC_BOARD_NETNS=1 boots in a network namespace of its own (unshare;
# make boardtest): QEMU and the host-side servers alone on a loopback of
# their own, so that the host's UDP drops counted there (tcpsink.py's
# udp-drops, LOG.host) are this boot's servers' and nobody else's on a
# shared machine. Not for make bench, whose host-side sink lives outside.
# STMMAC_BOARD_INITRD, if set, names the initramfs to boot instead of the
# board's (make selftests' own, with Python and the kernel's selftests).
# STMMAC_BOARD_APPEND, if set, is appended to the kernel command line (make
# bench: the job's own arguments, stmmac.bench_restart_rule=1);
# STMMAC_BOARD_QEMU, if set, to QEMU's arguments (make bench's cost boots:
# -icount, QEMU's instruction counting); STMMAC_BOARD_LOG names the console
# log instead of $BUILD/logs/board-VARIANT-JOB.log (boots run side by side).
#
# The guest reaches the host through QEMU's user networking only: the host
# is 10.0.2.2 to it, which QEMU maps to this machine's loopback.

. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

BOARD_DTB=nuvoton/nuvoton-npcm750-evb.dtb
# QEMU's GMAC model (hw/net/npcm_gmac.c, 10.0) sends intact only the first
# of the frames one TX poll demand finds: our driver rings it for every
# frame on this board only. It also gives a frame's last RX descriptor
# back before it sets LS in it: our driver then leaves such a descriptor
# for the next poll while the one after it is still the DMA's. Upstream's
# ignores both parameters. STMMAC_BOARD_QUIRKS replaces them (make bench's
# cost boot D: the RX one only).
BOARD_QUIRKS=${STMMAC_BOARD_QUIRKS-stmmac.tx_doorbell_each=1 stmmac.rx_wait_last=1}
GUEST_DEBS="busybox-static ethtool iperf3 libiperf0 libc6 libmnl0 libsctp1 libssl3
	linuxptp
	socat libwrap0 libnsl2 libtirpc3 libgssapi-krb5-2 libkrb5-3 libk5crypto3
	libkrb5support0 libkeyutils1 libcom-err2"
LOGDIR=$BUILD/logs
mkdir -p "$LOGDIR"

# The upstream kernel: a second, pristine unpack of the same tarball.
upstream_src() {
	local src=$CACHE/linux-source-$KVER-upstream

	unpack_kernel "$src" "$src/.stmmac-coal-unpacked" || true
	echo "$src"
}

# merge_frags FILE...: the options of the config fragments, a later line
# for a symbol replacing an earlier one, comments dropped.
merge_frags() {
	awk '{ sym = "" }
	/^CONFIG_[A-Za-z0-9_]+=/ { sym = $0; sub(/=.*/, "", sym) }
	/^# CONFIG_[A-Za-z0-9_]+ is not set$/ { sym = $2 }
	sym == "" { next }
	{ if (!(sym in opt)) order[n++] = sym; opt[sym] = $0 }
	END { for (i = 0; i < n; i++) print opt[order[i]] }' "$@"
}

# seed_build OUT SIBLING: the first build of make check's ours or modules
# kernel starts from a copy of the other's build directory. Their options
# differ only in the driver, built in or as modules, so kbuild is left the
# driver, PHYLINK, MII and the link to redo: about 1.5 min against 5
# cold. kbuild's output directories hold no absolute path of their own,
# so a copy builds as the original would.
seed_build() {
	local out=$1 sib=$BUILD/board-$2
	if [ -f "$out/.config" ] || [ ! -f "$sib/vmlinux" ]; then
		return 0
	fi
	exec 9>"$sib.lock"
	flock 9
	say "board kernel: starting from a copy of $sib (the same options but the driver's)"
	# Into a directory of its own, renamed once whole: an interrupted copy
	# must not leave a tree whose .config says it was built.
	rm -rf "$out.seed"
	cp -a "$sib/." "$out.seed/"
	rm -rf "$out.seed/modroot"
	exec 9>&-
	rm -rf "$out"
	mv "$out.seed" "$out"
}

# pair_differs_in_driver_only: make check's ours and modules kernels share
# a build directory's worth of objects (seed_build) only while their
# fragments differ in the driver's own symbols; any other option (one that
# COMPILE_TEST or a debug option drags in) recompiles the whole tree on
# the seeded build, minutes of a cold make check. Put it in
# board-arm.config instead.
pair_differs_in_driver_only() {
	local dir=$TREE/scripts/configs extra
	extra=$(diff <(merge_frags "$dir/board-arm.config" "$dir/board-driver.config" | sort) \
		<(merge_frags "$dir/board-arm.config" "$dir/board-driver.config" \
			"$dir/board-modules.config" | sort) |
		sed -n 's/^[<>] //p' | grep -Ev '^CONFIG_(STMMAC|DWMAC)_[A-Z0-9_]+=' || true)
	[ -z "$extra" ] && return 0
	printf '%s\n' "$extra"
	die "board kernels ours and modules differ beyond the driver (above): move those options to board-arm.config"
}

# check_build VARIANT: make check's board kernels link our code built in
# (ours) and as modules (modules), the link lint does not do on arm: no
# warning of the compiler or modpost in our directory, and the modules
# under upstream's names. On a failure our objects go, so that the next
# build compiles and reports them again.
check_build() {
	local variant=$1 out=$BUILD/board-$1 log=$LOGDIR/board-$1-build.log warn rc=0
	warn=$(our_warnings "$log")
	[ -z "$warn" ] || { printf '%s\n' "$warn"; rc=1; }
	if [ "$variant" = modules ]; then
		check_modules "$out" || rc=1
	fi
	[ $rc -eq 0 ] && return 0
	find "$out/$STMMAC_REL" -name '*.o' -delete
	die "board kernel ($variant): our directory does not link clean (log: $log)"
}

board_kernel() {
	local variant=$1 out=$BUILD/board-$1 src
	local frags=(board-driver.config) targets=(zImage "$BOARD_DTB")
	case "$variant" in
	ours) src=$KSRC ;;
	upstream) src=$(upstream_src) ;;
	bench) src=$KSRC frags=(board-bench.config) ;;
	debug)
		src=$KSRC frags=(board-modules.config board-debug.config)
		targets+=(modules)
		;;
	modules)
		src=$KSRC frags=(board-driver.config board-modules.config)
		targets+=(modules)
		;;
	*) die "unknown kernel variant '$variant' (ours, upstream, bench, debug or modules)" ;;
	esac
	stage "board kernel ($variant): ${targets[*]} for npcm750-evb"
	mkdir -p "$out"
	# Two runs (make selftests next to make boardtest) must not build into
	# one directory at once: the second waits, then finds nothing to do.
	exec 8>"$out.lock"
	flock 8
	case "$variant" in
	ours) pair_differs_in_driver_only && seed_build "$out" modules ;;
	modules) pair_differs_in_driver_only && seed_build "$out" ours ;;
	esac
	merge_frags "$TREE/scripts/configs/board-arm.config" \
		"${frags[@]/#/$TREE/scripts/configs/}" >"$out/stmmac-want.config.new"
	KSRC=$src kconfig_from arm "$out"
	KSRC=$src kmake arm "$out" "${targets[@]}" >"$LOGDIR/board-$variant-build.log" 2>&1 ||
		{ tail -n 30 "$LOGDIR/board-$variant-build.log"; die "board kernel ($variant) failed to build"; }
	case "$variant" in ours | modules) check_build "$variant" ;; esac
	case "$variant" in debug | modules) ;; *) return 0 ;; esac
	# The modules, for its initramfs: $out/modroot/lib/modules/<release>.
	rm -rf "$out/modroot"
	KSRC=$src kmake arm "$out" modules_install INSTALL_MOD_PATH="$out/modroot" \
		>>"$LOGDIR/board-$variant-build.log" 2>&1 ||
		{ tail -n 30 "$LOGDIR/board-$variant-build.log"; die "board kernel ($variant): modules_install failed"; }
}

fetch_debs() {
	local dir=$CACHE/debs-armhf pkg missing=()
	mkdir -p "$dir"
	for pkg in $GUEST_DEBS; do
		compgen -G "$dir/${pkg}_*_armhf.deb" >/dev/null || missing+=("$pkg:armhf")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	say "downloading ${missing[*]} (the guest's userland, Debian armhf)"
	(cd "$dir" && apt-get download -q -o APT::Sandbox::User=root "${missing[@]}" >/dev/null) ||
		die "apt-get download ${missing[*]} failed"
}

board_initramfs() {
	local out=$BUILD/board-initramfs.cpio.gz mods= root deb
	case "${1:-}" in
	'') ;;
	debug | modules)
		out=$BUILD/board-$1-initramfs.cpio.gz
		mods=$BUILD/board-$1/modroot/lib/modules
		;;
	*) die "no initramfs for '$1' (none, debug or modules)" ;;
	esac
	fetch_debs
	root=$(mktemp -d)
	for deb in "$CACHE"/debs-armhf/*_armhf.deb; do
		dpkg-deb -x "$deb" "$root"
	done
	if [ -n "$mods" ]; then
		[ -d "$mods" ] || die "no modules: run board.sh kernel $1 first"
		mkdir -p "$root/lib"
		cp -a "$mods" "$root/lib/"
	fi
	mkdir -p "$root"/{proc,sys,dev,tmp,jobs,etc/modprobe.d}
	# The board's quirks for our driver as modules (built in: BOARD_QUIRKS).
	echo "options stmmac tx_doorbell_each=1 rx_wait_last=1" >"$root/etc/modprobe.d/board.conf"
	mknod -m 600 "$root/dev/console" c 5 1
	mknod -m 666 "$root/dev/null" c 1 3
	install -m 755 "$TREE/scripts/guest/init" "$root/init"
	install -m 755 "$TREE"/scripts/guest/*.sh "$root/jobs/"
	# The board test's XDP loader: no libbpf nor iproute2 in the guest.
	arm-linux-gnueabihf-gcc -static -O2 -Wall -Werror -o "$root/bin/xdpload" \
		"$TREE/scripts/guest/xdpload.c" || die "scripts/guest/xdpload.c does not build"
	(cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) >"$out.new"
	rm -rf "$root"
	mv "$out.new" "$out"
}

# host_udp_rcvbuf_errors: this machine's count of UDP datagrams dropped for a
# full socket receive buffer (all sockets: /proc/net/snmp's RcvbufErrors).
host_udp_rcvbuf_errors() {
	awk '$1 == "Udp:" { if (!n) { for (i = 2; i <= NF; i++) if ($i == "RcvbufErrors") n = i; next }
		print $n; exit }' /proc/net/snmp
}

# boot VARIANT JOB [SECONDS]: boot, run a guest job, save the console log.
# The host's UDP receive-buffer drops during the boot go to LOG.host: a
# datagram the guest sent and the host-side server lost there (the server
# starved of CPU on a loaded machine) is the host's loss, not the guest's.
board_boot() {
	local variant=$1 job=$2 limit=${3:-600} out=$BUILD/board-$1 port log rc=0 srv=()
	local initrd=$BUILD/board-initramfs.cpio.gz mem=() qemu_extra=() rcvbuf
	local nics=(-nic user,model=npcm-gmac)
	read -r -a qemu_extra <<<"${STMMAC_BOARD_QEMU:-}"
	# The debug and modules kernels bring their modules; KASAN's shadow
	# and kmemleak's metadata want more than the board's default 512 MiB.
	case "$variant" in
	debug)
		initrd=$BUILD/board-debug-initramfs.cpio.gz
		mem=(-m "${STMMAC_DEBUG_MEM:-1G}")
		;;
	modules) initrd=$BUILD/board-modules-initramfs.cpio.gz ;;
	esac
	case "${STMMAC_BOARD_TWOPORT:-0}" in
	1)
		nics=(-nic hubport,hubid=0,model=npcm-gmac -nic hubport,hubid=0,model=npcm-gmac
			-netdev user,id=slirp -netdev hubport,id=slirp-port,hubid=0,netdev=slirp)
		;;
	wire) nics=(-nic hubport,hubid=0,model=npcm-gmac -nic hubport,hubid=0,model=npcm-gmac) ;;
	esac
	initrd=${STMMAC_BOARD_INITRD:-$initrd}
	port=$((20000 + RANDOM % 20000))
	log=${STMMAC_BOARD_LOG:-$LOGDIR/board-$variant-$job.log}
	# The host end of the guest's traffic, all on the loopback. An iperf3
	# server serves one test at a time: the second one (port + 1) takes
	# background load next to a measured run, the third (port + 3) a second
	# background load (the stress test's UDP). tcpsink.py (port + 2) counts
	# and hashes exact TCP transfers.
	iperf3 -s -B 127.0.0.1 -p "$port" >"$log.iperf3-server" 2>&1 &
	srv+=($!)
	iperf3 -s -B 127.0.0.1 -p $((port + 1)) >"$log.iperf3-server2" 2>&1 &
	srv+=($!)
	python3 "$TREE/scripts/tcpsink.py" $((port + 2)) ${STMMAC_BOARD_IN_NETNS:+--own-netns} \
		>"$log.tcpsink" 2>&1 &
	srv+=($!)
	iperf3 -s -B 127.0.0.1 -p $((port + 3)) >"$log.iperf3-server4" 2>&1 &
	srv+=($!)
	stage "booting npcm750-evb ($variant kernel), job '$job' (console: $log)"
	rcvbuf=$(host_udp_rcvbuf_errors)
	timeout --foreground "$limit" qemu-system-arm -M npcm750-evb \
		-display none -monitor none -serial stdio -no-reboot \
		-kernel "$out/arch/arm/boot/zImage" \
		-dtb "$out/arch/arm/boot/dts/$BOARD_DTB" \
		-initrd "$initrd" "${mem[@]}" \
		-append "console=ttyS0,115200 panic=-1 rdinit=/init $BOARD_QUIRKS stmmac_job=$job stmmac_port=$port stmmac_port2=$((port + 1)) stmmac_port3=$((port + 2)) stmmac_port4=$((port + 3))${STMMAC_BOARD_APPEND:+ $STMMAC_BOARD_APPEND}" \
		"${nics[@]}" "${qemu_extra[@]}" </dev/null >"$log" 2>&1 || rc=$?
	kill "${srv[@]}" 2>/dev/null || true
	wait "${srv[@]}" 2>/dev/null || true
	{
		echo "udp_rcvbuf_errors=$(($(host_udp_rcvbuf_errors) - rcvbuf))"
		if [ -n "${STMMAC_BOARD_IN_NETNS:-}" ]; then echo scope=netns; else echo scope=host; fi
	} >"$log.host"
	[ $rc -eq 124 ] && say "the guest did not power off within ${limit}s"
	grep -q '^JOB-EXIT 0' "$log" || rc=1
	return $rc
}

# netns_exec ARGS...: this script again with ARGS, in a network namespace of
# its own with its loopback up (STMMAC_BOARD_NETNS); root's, or else a user
# namespace's. Returns when none can be had, saying so.
netns_exec() {
	local un=(unshare --net)
	[ "$(id -u)" -eq 0 ] || un=(unshare --map-root-user --net)
	if "${un[@]}" true 2>/dev/null; then
		exec "${un[@]}" env STMMAC_BOARD_IN_NETNS=1 \
			bash -c 'ip link set lo up && exec bash "$0" "$@"' "$TREE/scripts/board.sh" "$@"
	fi
	say "no network namespace of its own for this boot (${un[*]} failed): the host's UDP drops counted are the whole machine's, and a lost datagram counts as the board's"
}

case "${1:-}" in
kernel) board_kernel "${2:?variant}" ;;
initramfs) board_initramfs "${2:-}" ;;
boot)
	[ "${STMMAC_BOARD_NETNS:-0}" = 1 ] && [ -z "${STMMAC_BOARD_IN_NETNS:-}" ] && netns_exec "$@"
	board_boot "${2:?variant}" "${3:?job}" "${4:-600}"
	;;
*) die "usage: board.sh kernel VARIANT | initramfs [debug|modules] | boot VARIANT JOB [SECONDS] (VARIANT: ours, upstream, bench, debug or modules)" ;;
esac
