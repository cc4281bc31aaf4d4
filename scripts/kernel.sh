#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# kernel.sh: make $KSRC a Linux $KVER tree whose stmmac directory is this
# repository. Unpacks Debian's linux-source tarball into the cache once;
# with KDIR= it uses that tree instead. Idempotent and cheap when warm.

. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

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
		# Objects built from another checkout can be newer than this
		# one's sources: make would keep them. Rebuild ours. The
		# slash: $BUILD may be a symlink, which find would not enter.
		find "$BUILD/" -path "*/$STMMAC_REL/*" -name '*.o' -delete \
			2>/dev/null || true
	fi
}

# A new kernel source invalidates every build made from the old one.
if [ -z "${KDIR:-}" ] && unpack_kernel "$KSRC" "$CACHE/.unpacked$KBUILD_SUFFIX"; then
	rm -rf "$BUILD"
fi
overlay
