#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# lint.sh: W=1 + sparse builds of this directory for arm and arm64, built in
# and as modules, then checkpatch --strict and kernel-doc on every source.
# Any warning located in our files fails. Warnings the kernel's own files
# raise under W=1 are not ours to fix and are filtered out by path.

. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

fail=0
LOGDIR=$BUILD/logs
mkdir -p "$LOGDIR"

# Lines that point into our directory: compiler/sparse "file:line:" and
# modpost's "... in drivers/net/ethernet/stmicro/stmmac/...".
our_warnings() {
	grep -E "(^|[ /])$STMMAC_REL/[^ :]*(:[0-9]+)?" "$1" |
		grep -Ei 'warning|error|note' || true
}

make_config() {
	local arch=$1 variant=$2 out=$3

	mkdir -p "$out"
	{
		cat "$TREE/scripts/configs/lint-$arch.config"
		sed "s/=VARIANT\$/=$variant/" "$TREE/scripts/configs/lint-ours.config"
	} >"$out/stmmac-want.config.new"
	kconfig_from "$arch" "$out"
}

build_one() {
	local arch=$1 variant=$2 out=$BUILD/lint-$arch-$variant log
	log=$LOGDIR/lint-$arch-$variant.log
	stage "lint: W=1 + sparse, $arch, stmmac =$variant"
	make_config "$arch" "$variant" "$out"
	# Recompile our objects every time: warnings only show when a file builds.
	find "$out/$STMMAC_REL" -name '*.o' -delete 2>/dev/null || true
	local rc=0
	kmake "$arch" "$out" W=1 C=2 "$STMMAC_REL/" >"$log" 2>&1 || rc=$?
	if [ "$variant" = m ] && [ $rc -eq 0 ]; then
		# A full build links the modules and runs modpost on them.
		kmake "$arch" "$out" W=1 >>"$log" 2>&1 || rc=$?
	fi
	local warn
	warn=$(our_warnings "$log")
	if [ $rc -ne 0 ] || [ -n "$warn" ]; then
		say "lint FAILED: $arch stmmac=$variant (log: $log)"
		if [ -n "$warn" ]; then
			printf '%s\n' "$warn"
		else
			tail -n 30 "$log"
		fi
		fail=1
	fi
}

sources() {
	git -C "$TREE" ls-files --cached --others --exclude-standard \
		'*.c' '*.h' 'Kconfig' 'Makefile' '*/Makefile' 2>/dev/null ||
		(cd "$TREE" && find . -name '*.[ch]' -o -name Kconfig -o -name Makefile |
			sed 's|^\./||')
}

check_style() {
	local f out
	stage "lint: checkpatch --strict and kernel-doc"
	while read -r f; do
		[ -f "$TREE/$f" ] || continue
		out=$("$KSRC/scripts/checkpatch.pl" --strict --no-tree --quiet \
			--no-summary --show-types -f "$TREE/$f" 2>&1) || true
		if [ -n "$out" ]; then
			say "checkpatch FAILED: $f"
			printf '%s\n' "$out"
			fail=1
		fi
		case "$f" in *.c | *.h) ;; *) continue ;; esac
		out=$("$KSRC/scripts/kernel-doc" -none -Wall "$TREE/$f" 2>&1) || true
		if [ -n "$out" ]; then
			say "kernel-doc FAILED: $f"
			printf '%s\n' "$out"
			fail=1
		fi
	done < <(sources)
}

check_style
for arch in ${LINT_ARCHES:-arm arm64}; do
	for variant in y m; do
		build_one "$arch" "$variant"
	done
done

if [ $fail -ne 0 ]; then
	say "make lint: FAILED"
	exit 1
fi
stage "lint: clean (W=1, sparse, checkpatch --strict, kernel-doc; ${LINT_ARCHES:-arm arm64}; built-in and modules)"
