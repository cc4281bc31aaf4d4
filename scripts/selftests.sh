#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# selftests.sh [ours|upstream]: make selftests. The kernel's own driver
# selftests (tools/testing/selftests/drivers/net, drivers/net/hw and the
# two-port forwarding tests), built for arm from the cached $KVER tree, run
# on the emulated board with its two GMACs wired to each other and nothing
# else (STMMAC_BOARD_TWOPORT=wire): eth0 the port under test, eth1 the far
# end. Without an argument both kernels run, upstream (the kernel's own
# untouched stmmac: Debian's 6.12, mainline 7.3's with KVER=7.3) first,
# and the results are printed side by side; a test upstream passes and
# ours does not, or one that fails on both, gets its reason from
# scripts/selftests-explained.txt. The exit status is 0 when every such case
# is explained (a table, not a gate: make check does not run this).

. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

case "${1:-}" in
'') variants=(upstream ours) ;;
ours | upstream) variants=("$1") ;;
*) die "unknown kernel variant '$1' (ours or upstream)" ;;
esac

ST=$BUILD/selftests
DEBS=$CACHE/debs-armhf-selftests
INITRD=$ST/initramfs.cpio.gz
mkdir -p "$ST" "$DEBS" "$BUILD/logs"

# The guest's userland, Debian armhf, with what the tests call: bash (every
# shell test), Python and PyYAML (the Python tests and YNL), iproute2 (ip,
# tc, bridge, devlink, all with -j), ethtool, socat (ping.py, netconsole),
# ping, jq and bc (the forwarding library), mausezahn (netsniff-ng: the
# forwarding tests' frame generator), iperf3 (load.py's traffic), GNU
# coreutils, grep and sed (readlink -e and the like, which busybox lacks).
ROOTS=(busybox-static bash python3 python3-yaml iproute2 ethtool socat iputils-ping
	jq bc netsniff-ng iperf3 coreutils grep sed)
# Dependencies never needed on a board without a package manager: dpkg and
# debconf themselves, Perl, awk (busybox has one), the time zone database,
# the daemons' user and service set-up (iperf3's).
SKIP_DEBS=(debconf cdebconf dpkg perl-base install-info base-files debianutils tar tzdata
	gawk mawk original-awk readline-common sgml-base adduser init-system-helpers)

# resolve_debs: the closure of ROOTS under Depends and Pre-Depends (the first
# alternative of each, or the first provider of a virtual package), one a
# line: "name:armhf", or "name" for an architecture-independent package.
resolve_debs() {
	python3 - "${SKIP_DEBS[*]}" "${ROOTS[@]}" <<'EOF'
import re
import subprocess
import sys

skip = set(sys.argv[1].split())
seen, level = set(), [p + ":armhf" for p in sys.argv[2:] if p not in skip]
# One apt-cache call per level of the graph: each call reads the whole
# package cache (seconds), the packages it is asked about cost little.
while level:
    seen.update(level)
    out = subprocess.run(["apt-cache", "depends", "--no-recommends", "--no-suggests",
                          "--no-conflicts", "--no-breaks", "--no-replaces",
                          "--no-enhances"] + level,
                         capture_output=True, text=True, check=True).stdout
    # Per package, groups of alternatives: "|Depends:" continues a group;
    # a virtual "<name>" is followed by its providers, indented further.
    groups, cur = [], None
    for line in out.splitlines():
        m = re.match(r"\s*(\|?)(?:Pre)?Depends: (\S+)", line)
        if m:
            if cur is None:
                cur = []
                groups.append(cur)
            cur.append([m.group(2), []])
            if not m.group(1):
                cur = None
        elif line.startswith("    ") and groups:
            groups[-1][-1][1].append(line.strip())
        elif not line.startswith(" "):
            cur = None
    level = []
    for group in groups:
        names = [n for name, prov in group
                 for n in ([name] if not name.startswith("<") else prov[:1])]
        if names and not any(n in seen or n.split(":")[0] in skip or n in level
                             for n in names):
            level.append(names[0])
print("\n".join(sorted(seen)))
EOF
}

# fetch_debs: every package of the closure, from the board's cache when it
# has it (busybox, ethtool, iperf3 and their libraries), else downloaded into
# this target's own cache, so that the board test's initramfs stays as is.
fetch_debs() {
	local list=$DEBS/list pkg missing=() key
	# Resolved again when the roots, the exclusions or the resolver change.
	key=$({ echo "${ROOTS[*]} ${SKIP_DEBS[*]}"; declare -f resolve_debs; } | md5sum | cut -d' ' -f1)
	if [ "$(cat "$list.key" 2>/dev/null)" != "$key" ] || [ ! -s "$list" ]; then
		say "resolving the selftests' armhf packages (apt-cache depends)"
		resolve_debs >"$list.new" || die "resolving the armhf packages failed"
		mv "$list.new" "$list"
		echo "$key" >"$list.key"
	fi
	while read -r pkg; do
		debs_of "$pkg" >/dev/null || missing+=("$pkg")
	done <"$list"
	[ ${#missing[@]} -eq 0 ] && return 0
	say "downloading ${#missing[@]} armhf packages for the selftests' guest: ${missing[*]}"
	(cd "$DEBS" && apt-get download -q -o APT::Sandbox::User=root "${missing[@]}" >/dev/null) ||
		die "apt-get download failed"
	while read -r pkg; do
		debs_of "$pkg" >/dev/null ||
			die "no armhf or architecture-independent package $pkg in $DEBS"
	done <"$list"
}

# debs_of PKG: the .deb files of a package of the list, if any.
debs_of() {
	case "$1" in
	*:armhf) compgen -G "$CACHE/debs-armhf/${1%:armhf}_*_armhf.deb" ||
		compgen -G "$DEBS/${1%:armhf}_*_armhf.deb" ;;
	*) compgen -G "$DEBS/${1}_*_all.deb" ;;
	esac
}

# armhf_link_libs: a directory with Debian armhf's libelf and zlib (and
# libzstd, libelf's), from the guest's packages, not installed: libbpf,
# which 7.3's net/lib and drivers/net/hw build for their BPF programs, links
# a shared library with -lelf -lz, and installing the armhf -dev packages
# beside the host's would pull an armhf libc6-dev and upgrade host packages.
armhf_link_libs() {
	local dir=$ST/armhf-libs pkg deb lib=usr/lib/arm-linux-gnueabihf
	if [ ! -e "$dir/$lib/libelf.so" ]; then
		rm -rf "$dir"
		mkdir -p "$dir"
		for pkg in libelf1:armhf zlib1g:armhf libzstd1:armhf; do
			deb=$(debs_of "$pkg" | head -n 1) || die "no $pkg package in the guest's list"
			dpkg-deb -x "$deb" "$dir"
		done
		ln -sfn libelf.so.1 "$dir/$lib/libelf.so"
		ln -sfn libz.so.1 "$dir/$lib/libz.so"
	fi
	echo "$dir/$lib"
}

# build_tests: the selftests for arm, installed as run_kselftest.sh expects
# them (the installed net/lib/py finds YNL and its specs in net/lib/ynl and
# net/lib/specs, next to it, by the kselftest-list.txt beside it).
build_tests() {
	local log=$BUILD/logs/selftests-build.log targets="drivers/net drivers/net/hw net/forwarding"
	local cross libs t missing=()
	cross=$(cross_prefix arm)
	# 7.3 moved netcons_basic.sh into a directory of its own.
	[ -d "$KSRC/tools/testing/selftests/drivers/net/netconsole" ] &&
		targets+=" drivers/net/netconsole"
	stage "selftests: ${targets// /, } for arm"
	libs=$(armhf_link_libs)
	rm -rf "$ST/kselftest"
	# CC and AR on the command line reach every sub-make: YNL's C library
	# (libynl.a, 7.3's psp_responder, ncdevmem and toeplitz link it) is
	# built in the source tree by tools/net/ynl's own makefiles, which set
	# CC=gcc; it and the selftests' copies of it are removed first, as a
	# previous build may have made them for another architecture.
	find "$ST/obj" -name libynl.a -delete 2>/dev/null || true
	{
		make -C "$KSRC" ARCH=arm O="$ST/obj" headers &&
			{ [ ! -d "$KSRC/tools/net/ynl" ] || make -C "$KSRC/tools/net/ynl" distclean; } &&
			LDFLAGS="-L$libs -Wl,-rpath-link,$libs" \
			make -C "$KSRC/tools/testing/selftests" ARCH=arm \
				CROSS_COMPILE="$cross" CC="${cross}gcc" AR="${cross}ar" \
				O="$ST/obj" -j"$JOBS" TARGETS="$targets" \
				INSTALL_PATH="$ST/kselftest" install
	} >"$log" 2>&1 || { tail -n 30 "$log"; die "building the selftests failed (log: $log)"; }
	[ -x "$ST/kselftest/net/lib/csum" ] || die "no net/lib/csum after the build (log: $log)"
	# The install goes on when a target fails to build, leaving that one
	# out: its tests would then be missing from the table without a word.
	for t in $targets; do
		[ -d "$ST/kselftest/$t" ] || missing+=("$t")
	done
	[ ${#missing[@]} -eq 0 ] ||
		{ grep -n 'Error\|error:' "$log" | head -n 20; die "selftests not built: ${missing[*]} (log: $log)"; }
}

build_initramfs() {
	local root deb list=$DEBS/list pkg pyver
	stage "selftests initramfs: Python, iproute2, ethtool, socat, mausezahn, ... (Debian armhf)"
	root=$(mktemp -d)
	while read -r pkg; do
		debs_of "$pkg" | while read -r deb; do
			dpkg-deb -x "$deb" "$root"
		done
	done <"$list"
	# Documentation and translations: a third of the packages' bytes.
	rm -rf "$root"/usr/share/{doc,man,info,locale,lintian,bash-completion}
	mkdir -p "$root"/{proc,sys,dev,tmp,jobs,etc,run,var}
	ln -sfn /run "$root/var/run"
	# /bin/sh is bash: Debian's busybox shell runs its own applets before
	# PATH (ip, ping, date: without -j, fractional -W or %N), and the
	# Python tests' shell commands go through /bin/sh.
	ln -sfn bash "$root/bin/sh"
	mknod -m 600 "$root/dev/console" c 5 1
	mknod -m 666 "$root/dev/null" c 1 3
	cp -a "$ST/kselftest" "$root/kselftest"
	# ethtool_lib.sh reads the link mode names from the uapi header.
	install -D -m 644 "$ST/obj/usr/include/linux/ethtool.h" "$root/usr/include/linux/ethtool.h"
	install -m 755 "$TREE/scripts/guest/init" "$root/init"
	install -m 755 "$TREE/scripts/guest/selftests.sh" "$root/jobs/"
	# Byte-compiled ahead: an emulated Cortex-A9 spends seconds compiling
	# the standard library and YNL on every import otherwise. Only when
	# the host's Python is the guest's version (the .pyc format changes).
	pyver=$(python3 -c 'import sys; print("python%d.%d" % sys.version_info[:2])')
	if [ -d "$root/usr/lib/$pyver" ]; then
		python3 -m compileall -q -j "$JOBS" "$root/usr/lib/$pyver" "$root/usr/lib/python3" \
			"$root/kselftest" >/dev/null 2>&1 || true
	else
		say "host $pyver is not the guest's Python: the guest compiles its modules itself (slower)"
	fi
	(cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) >"$INITRD.new"
	rm -rf "$root"
	mv "$INITRD.new" "$INITRD"
}

fetch_debs
build_tests
build_initramfs
for v in "${variants[@]}"; do
	bash "$TREE/scripts/board.sh" kernel "$v"
done
declare -A secs
for v in "${variants[@]}"; do
	t0=$(date +%s)
	# 1 GiB: Python, the unpacked initramfs (~150 MiB) and the tests'
	# namespaces do not fit the board's default 512 MiB comfortably.
	STMMAC_BOARD_TWOPORT=wire STMMAC_BOARD_INITRD=$INITRD STMMAC_BOARD_QEMU="-m 1G" \
		bash "$TREE/scripts/board.sh" boot "$v" selftests "${STMMAC_SELFTESTS_LIMIT:-3300}" ||
		say "the $v run did not end cleanly (console: $BUILD/logs/board-$v-selftests.log)"
	secs[$v]=$(($(date +%s) - t0))
done
stage "selftests results"
args=()
for v in "${variants[@]}"; do
	args+=("$v=$BUILD/logs/board-$v-selftests.log" "${secs[$v]}")
done
python3 "$TREE/scripts/selftests_report.py" --kver "$KVER" "$TREE/scripts/selftests-explained.txt" "${args[@]}"
