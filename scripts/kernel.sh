#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# kernel.sh: make $KSRC a Linux 6.12 tree whose stmmac directory is this
# repository. Unpacks Debian's linux-source tarball into the cache once;
# with KDIR= it uses that tree instead. Idempotent and cheap when warm.

. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

TARBALL=/usr/src/linux-source-$KVER_WANT.tar.xz

unpack() {
	local stamp=$CACHE/.unpacked version
	version=$(dpkg-query -W -f='${Version}' "linux-source-$KVER_WANT")
	if [ -d "$KSRC" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$version" ]; then
		return 0
	fi
	[ -f "$TARBALL" ] || die "$TARBALL missing (package linux-source-$KVER_WANT)"
	stage "unpacking linux-source-$KVER_WANT $version into $CACHE"
	rm -rf "$KSRC" "$BUILD"
	mkdir -p "$CACHE"
	tar -xJf "$TARBALL" -C "$CACHE"
	echo "$version" >"$stamp"
}

# Our tree replaces upstream's stmmac directory. Upstream's is kept beside it
# under a name that no Makefile or Kconfig refers to, so none of it builds.
overlay() {
	local dir=$KSRC/$STMMAC_REL aside
	aside=$(dirname "$dir")/stmmac.upstream
	[ -f "$KSRC/Makefile" ] || die "$KSRC does not look like a kernel tree"
	if [ -d "$dir" ] && [ ! -L "$dir" ]; then
		[ -e "$aside" ] && die "$aside exists; refusing to overwrite it"
		say "moving upstream's stmmac aside to $aside"
		mv "$dir" "$aside"
	fi
	if [ "$(readlink "$dir" 2>/dev/null)" != "$TREE" ]; then
		ln -sfn "$TREE" "$dir"
	fi
}

[ -n "${KDIR:-}" ] || unpack
overlay
