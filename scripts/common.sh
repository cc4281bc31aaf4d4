#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Shared settings for the harness scripts: where the kernel cache lives,
# how we talk to the user, and how the kernel tree gets our driver.

set -euo pipefail

TREE=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
STMMAC_REL=drivers/net/ethernet/stmicro/stmmac
JOBS=${JOBS:-2}

# The kernel every target builds against, the harness's one kernel
# dimension: KVER=6.12 (Debian 12's linux-source-6.12, the default) or
# KVER=7.3 (linux-source-7.3 from Debian 13's trixie-backports, which
# scripts/deps.sh fetches into the cache). Each has its own unpacked tree
# and build directories in the cache; 6.12's keep their historical names.
KVER=${KVER:-6.12}
case "$KVER" in
6.12 | 7.3) ;;
*) printf 'stmmac-coal: error: KVER=%s: this tree builds on 6.12 and 7.3\n' "$KVER" >&2
   exit 1 ;;
esac
export KVER

# The cache holds the unpacked kernel and every O= build directory; it is
# never inside the repository.
CACHE=${STMMAC_COAL_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/stmmac-coal}
# Where the linux-source tarball is and how its version is known: 6.12's is
# installed by dpkg; 7.3's .deb is only unpacked into the cache (KDEB).
KDEB=$CACHE/debs
if [ "$KVER" = 6.12 ]; then
	KTARBALL=/usr/src/linux-source-$KVER.tar.xz
	KBUILD_SUFFIX=
else
	KTARBALL=$KDEB/linux-source-$KVER.tar.xz
	KBUILD_SUFFIX=-$KVER
fi

# kver_build KVER: the cache's build directory of that kernel (no KDIR), for
# the scripts that use both kernels in one run (make bench).
kver_build() {
	if [ "$1" = 6.12 ]; then
		echo "$CACHE/build"
	else
		echo "$CACHE/build-$1"
	fi
}

if [ -n "${KDIR:-}" ]; then
	KSRC=$(cd "$KDIR" && pwd)
	BUILD=$CACHE/build-kdir-$(printf '%s' "$KSRC" | md5sum | cut -c1-8)
else
	KSRC=$CACHE/linux-source-$KVER
	BUILD=$(kver_build "$KVER")
fi

# One clock for the stage lines of every script a make target runs.
START_EPOCH=${START_EPOCH:-$(date +%s)}
export START_EPOCH

say() { printf 'stmmac-coal: %s\n' "$*" >&2; }
die() { say "error: $*"; exit 1; }
# Each stage line names the kernel it runs on (make check runs two).
stage() {
	local t=$(($(date +%s) - START_EPOCH))
	printf '==> [%02d:%02d] %s: %s\n' $((t / 60)) $((t % 60)) \
		"${KDIR:+KDIR}${KDIR:-$KVER}" "$*"
}

as_root() {
	if [ "$(id -u)" -eq 0 ]; then
		"$@"
	else
		sudo "$@"
	fi
}

cross_prefix() {
	case "$1" in
	arm) echo arm-linux-gnueabihf- ;;
	arm64) echo aarch64-linux-gnu- ;;
	*) die "unknown architecture '$1'" ;;
	esac
}

# kmake ARCH O ARGS...: make in the kernel tree for one build directory.
kmake() {
	local arch=$1 out=$2
	shift 2
	make -C "$KSRC" O="$out" ARCH="$arch" \
		CROSS_COMPILE="$(cross_prefix "$arch")" -j"$JOBS" "$@"
}

# kconfig_from ARCH O: make O/.config hold exactly O/stmmac-want.config.new
# on top of allnoconfig. Kept as is when the wanted options did not change,
# so that builds stay incremental.
kconfig_from() {
	local arch=$1 out=$2 want=$2/stmmac-want.config line
	if cmp -s "$want.new" "$want" && [ -f "$out/.config" ]; then
		rm -f "$want.new"
		return 0
	fi
	# Recorded only once .config matches it, so a failure is retried.
	rm -f "$want"
	KCONFIG_ALLCONFIG=$want.new kmake "$arch" "$out" allnoconfig >/dev/null ||
		die "$arch allnoconfig failed in $out"
	# allnoconfig silently drops what the fragment cannot have; we want to know.
	while read -r line; do
		case "$line" in CONFIG_*=*) ;; *) continue ;; esac
		grep -qx "$line" "$out/.config" ||
			die "$arch config in $out lacks $line (missing dependency or symbol)"
	done <"$want.new"
	mv "$want.new" "$want"
}

# kernel_version: the Debian version of the linux-source package of $KVER
# (installed, or for 7.3 unpacked into $KDEB by scripts/deps.sh).
kernel_version() {
	if [ "$KVER" = 6.12 ]; then
		dpkg-query -W -f='${Version}' "linux-source-$KVER"
	else
		cat "$KDEB/linux-source-$KVER.version" 2>/dev/null ||
			die "linux-source-$KVER not fetched (scripts/deps.sh kernel)"
	fi
}

# unpack_kernel DIR STAMP: make DIR a fresh unpack of Debian's linux-source
# tarball, unless STAMP says it already is one of the installed version.
# Returns 1 when there was nothing to do.
unpack_kernel() {
	local dir=$1 stamp=$2 version tarball=$KTARBALL
	version=$(kernel_version)
	if [ -d "$dir" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$version" ]; then
		return 1
	fi
	[ -f "$tarball" ] || die "$tarball missing (package linux-source-$KVER)"
	stage "unpacking linux-source-$KVER $version into $dir" >&2
	rm -rf "$dir" "$dir.tmp"
	mkdir -p "$dir.tmp"
	tar -xJf "$tarball" -C "$dir.tmp"
	mv "$dir.tmp/linux-source-$KVER" "$dir"
	rmdir "$dir.tmp"
	echo "$version" >"$stamp"
}

# our_warnings LOG: the build log's lines that point into our directory:
# compiler/sparse "file:line:" and modpost's "... in
# drivers/net/ethernet/stmicro/stmmac/...".
our_warnings() {
	grep -E "(^|[ /])$STMMAC_REL/[^ :]*(:[0-9]+)?" "$1" |
		grep -Ei 'warning|error|note' || true
}

# check_modules O [NAMES]: the modules a modular build of O made (NAMES, by
# default all of ours) carry upstream's names, which module-load lists,
# recipes and scripts that modprobe them rely on, and a description
# (modpost warns of a missing one under W=1 only; this holds whatever the
# build's flags).
STMMAC_MODULES="stmmac stmmac-platform dwmac-generic dwmac-altr-socfpga"
check_modules() {
	local out=$1 names=${2:-$STMMAC_MODULES} m ko rc=0
	for m in $names; do
		ko=$out/$STMMAC_REL/$m.ko
		if [ ! -f "$ko" ]; then
			say "no $m.ko in $out (upstream's module name)"
			rc=1
		elif ! readelf -p .modinfo "$ko" 2>/dev/null |
			grep -q 'description=[^[:space:]]'; then
			say "$m.ko has no MODULE_DESCRIPTION()"
			rc=1
		fi
	done
	return $rc
}
