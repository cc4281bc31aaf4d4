#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# deps.sh GROUP...: install what a target needs, from Debian only.
# Groups: kernel (unpack and build a kernel: Linux $KVER), cross (arm/arm64 compilers and
# sparse), qemu (QEMU >= 9 with the npcm-gmac model, for KUnit and the board),
# board (the emulated board's userland and host-side servers), selftests
# (make selftests: armhf libc headers, rsync), bench (make
# bench's plots), dtschema (scripts/dtvalidate.sh: dt-validate, dtc).

. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

APT_UPDATED=
apt_update() {
	[ -n "$APT_UPDATED" ] && return 0
	local err
	# A mirror caught mid-sync fails one index (seen: bookworm-security's
	# armhf Packages, "Mirror sync in progress?") and apt keeps the others:
	# go on with what it has. An install or download that then finds no
	# package says so, and fails there.
	if ! err=$(as_root apt-get update -qq 2>&1 >/dev/null); then
		say "warning: apt-get update reported errors; going on with the indexes it has:"
		printf '%s\n' "$err" | grep '^[EW]:' | head -n 3 >&2
	fi
	APT_UPDATED=1
}

installed() {
	dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'
}

# need WHY PKG...: install the missing packages, saying what and why.
need() {
	local why=$1 missing=() p
	shift
	for p in "$@"; do
		installed "$p" || missing+=("$p")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	say "installing ${missing[*]} (needed $why)"
	apt_update
	as_root env DEBIAN_FRONTEND=noninteractive DEBCONF_NOWARNINGS=yes \
		apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null ||
		die "apt-get install ${missing[*]} failed"
}

qemu_major() {
	command -v qemu-system-arm >/dev/null 2>&1 || { echo 0; return; }
	qemu-system-arm --version | sed -n '1s/.*version \([0-9]*\)\..*/\1/p'
}

candidate_major() {
	apt-cache policy "$1" 2>/dev/null |
		sed -n 's/^ *Candidate: \(1:\)\{0,1\}\([0-9]*\)\..*/\2/p'
}

need_qemu() {
	[ "$(qemu_major)" -ge 9 ] && return 0
	apt_update
	if [ "$(candidate_major qemu-system-arm)" -ge 9 ] 2>/dev/null; then
		need "for KUnit and the emulated board (QEMU >= 9)" qemu-system-arm
		return 0
	fi
	# Debian 12 ships QEMU 7.2, which lacks the npcm-gmac model.
	local codename list=/etc/apt/sources.list.d/stmmac-coal-backports.list
	codename=$(. /etc/os-release && echo "$VERSION_CODENAME")
	if ! apt-cache policy | grep -q "$codename-backports"; then
		say "adding $codename-backports to apt's sources (QEMU >= 9 lives there)"
		echo "deb http://deb.debian.org/debian $codename-backports main" |
			as_root tee "$list" >/dev/null
		APT_UPDATED=
		apt_update
	fi
	say "installing qemu-system-arm from $codename-backports (needed for KUnit and the emulated board: QEMU >= 9)"
	as_root env DEBIAN_FRONTEND=noninteractive DEBCONF_NOWARNINGS=yes apt-get install -y -qq \
		--no-install-recommends -t "$codename-backports" \
		qemu-system-arm >/dev/null || die "installing QEMU from backports failed"
	[ "$(qemu_major)" -ge 9 ] || die "QEMU $(qemu_major) is too old: need >= 9"
}

# fetch_kernel_deb: Linux 7.3's source (linux-source-7.3, Architecture: all)
# is in Debian 13's trixie-backports. Adding trixie to this machine's apt
# sources could upgrade a Debian 12 system, so the one package is
# downloaded through an apt configuration of its own, kept in the cache
# (package lists, archive, and no dpkg install: the tarball is only
# unpacked from the .deb into $KDEB). Skipped when that version is there.
fetch_kernel_deb() {
	local apt=$KDEB/apt deb version suite=trixie-backports opts
	local key=/usr/share/keyrings/debian-archive-keyring.gpg
	[ -f "$KTARBALL" ] && [ -s "$KDEB/linux-source-$KVER.version" ] && return 0
	need "to check the signature of Debian 13's archive" debian-archive-keyring
	say "fetching linux-source-$KVER from Debian's $suite (apt configuration of its own in $apt; the system's sources are not changed)"
	rm -rf "$apt"
	mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$apt/deb"
	echo "deb [signed-by=$key] http://deb.debian.org/debian $suite main" >"$apt/sources.list"
	opts=(-o "Dir::State::Lists=$apt/lists" -o "Dir::Etc::SourceList=$apt/sources.list"
		-o Dir::Etc::SourceParts=/dev/null -o "Dir::Cache=$apt/cache"
		-o APT::Architecture=amd64 -o APT::Sandbox::User=root)
	apt-get "${opts[@]}" -qq update >/dev/null ||
		die "apt-get update of $suite failed"
	(cd "$apt/deb" && apt-get "${opts[@]}" -qq download "linux-source-$KVER") >/dev/null ||
		die "downloading linux-source-$KVER from $suite failed"
	deb=$(ls "$apt/deb/linux-source-${KVER}_"*_all.deb)
	version=$(dpkg-deb -f "$deb" Version)
	dpkg-deb --fsys-tarfile "$deb" |
		tar -xO "./usr/src/linux-source-$KVER.tar.xz" >"$KTARBALL.tmp" ||
		die "no linux-source-$KVER.tar.xz in $deb"
	mv "$KTARBALL.tmp" "$KTARBALL"
	echo "$version" >"$KDEB/linux-source-$KVER.version"
	rm -rf "$apt"
}

for group in "$@"; do
	case "$group" in
	kernel)
		need "to unpack and build Linux $KVER" \
			make gcc libc6-dev flex bison bc libelf-dev libssl-dev \
			cpio python3 perl xz-utils kmod
		if [ -n "${KDIR:-}" ]; then
			:
		elif [ "$KVER" = 6.12 ]; then
			need "as the kernel source" linux-source-$KVER
		else
			mkdir -p "$KDEB"
			fetch_kernel_deb
		fi
		need "to check Documentation/*.rst (make lint)" python3-docutils
		;;
	cross)
		need "to build for arm and arm64 and to run sparse" \
			gcc-arm-linux-gnueabihf gcc-aarch64-linux-gnu sparse
		;;
	qemu)
		need_qemu
		;;
	board)
		need "for the emulated board's initramfs (and its static XDP loader), the host's iperf3 server and the boot's network namespace (ip)" \
			cpio gzip iperf3 iproute2 gcc-arm-linux-gnueabihf libc6-dev-armhf-cross
		if ! dpkg --print-foreign-architectures | grep -qx armhf; then
			say "adding the armhf architecture to dpkg (the guest's userland comes from Debian armhf)"
			as_root dpkg --add-architecture armhf
			APT_UPDATED=
			apt_update
		fi
		;;
	selftests)
		# The kernel's selftests: csum.c is built against armhf glibc,
		# and their install step copies with rsync.
		need "to build the kernel's selftests for arm (make selftests)" \
			libc6-dev-armhf-cross rsync
		;;
	dtschema)
		# scripts/dtvalidate.sh: dt-validate and a dtc of its own.
		need "to validate the Agilex 5 DT fragment against 7.3's schemas (scripts/dtvalidate.sh)" \
			dt-schema device-tree-compiler
		;;
	bench)
		# gnuplot draws make bench's pictures; -nox: no X11 libraries.
		need "to draw make bench's plots (the A/B pairs and the coalescing sweep)" \
			gnuplot-nox
		;;
	*)
		die "unknown dependency group '$group'"
		;;
	esac
done
