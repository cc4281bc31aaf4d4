#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Shared settings for the harness scripts: where the kernel cache lives,
# how we talk to the user, and how the kernel tree gets our driver.

set -euo pipefail

TREE=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
STMMAC_REL=drivers/net/ethernet/stmicro/stmmac
KVER_WANT=6.12
JOBS=${JOBS:-2}

# The cache holds the unpacked kernel and every O= build directory; it is
# never inside the repository.
CACHE=${STMMAC_COAL_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/stmmac-coal}
if [ -n "${KDIR:-}" ]; then
	KSRC=$(cd "$KDIR" && pwd)
	BUILD=$CACHE/build-kdir-$(printf '%s' "$KSRC" | md5sum | cut -c1-8)
else
	KSRC=$CACHE/linux-source-$KVER_WANT
	BUILD=$CACHE/build
fi

# One clock for the stage lines of every script a make target runs.
START_EPOCH=${START_EPOCH:-$(date +%s)}
export START_EPOCH

say() { printf 'stmmac-coal: %s\n' "$*" >&2; }
die() { say "error: $*"; exit 1; }
stage() {
	local t=$(($(date +%s) - START_EPOCH))
	printf '==> [%02d:%02d] %s\n' $((t / 60)) $((t % 60)) "$*"
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

# unpack_kernel DIR STAMP: make DIR a fresh unpack of Debian's linux-source
# tarball, unless STAMP says it already is one of the installed version.
# Returns 1 when there was nothing to do.
unpack_kernel() {
	local dir=$1 stamp=$2 version tarball=/usr/src/linux-source-$KVER_WANT.tar.xz
	version=$(dpkg-query -W -f='${Version}' "linux-source-$KVER_WANT")
	if [ -d "$dir" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$version" ]; then
		return 1
	fi
	[ -f "$tarball" ] || die "$tarball missing (package linux-source-$KVER_WANT)"
	stage "unpacking linux-source-$KVER_WANT $version into $dir" >&2
	rm -rf "$dir" "$dir.tmp"
	mkdir -p "$dir.tmp"
	tar -xJf "$tarball" -C "$dir.tmp"
	mv "$dir.tmp/linux-source-$KVER_WANT" "$dir"
	rmdir "$dir.tmp"
	echo "$version" >"$stamp"
}
