#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# kunit.sh: run every KUnit suite of this tree under QEMU, for arm and arm64.
# Fails on any failed or crashed test; prints kunit.py's totals per arch.

. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

# What in the KUnit kernel's log fails a run that passed
KUNIT_BAD='WARNING:|BUG:|possible circular locking|inconsistent lock state|possible recursive locking|suspicious RCU usage|turning off the locking correctness validator'

fail=0
passed=0
skipped=0
LOGDIR=$BUILD/logs
mkdir -p "$LOGDIR"

for arch in ${KUNIT_ARCHES:-arm arm64}; do
	log=$LOGDIR/kunit-$arch.log
	stage "kunit: $arch (build + QEMU run; log: $log)"
	rc=0
	(cd "$KSRC" && python3 tools/testing/kunit/kunit.py run \
		--arch="$arch" --cross_compile="$(cross_prefix "$arch")" \
		--kunitconfig="$STMMAC_REL/kunit/.kunitconfig" \
		--build_dir="$BUILD/kunit-$arch" --jobs="$JOBS" \
		--timeout=600) >"$log" 2>&1 || rc=$?
	totals=$(grep -a -E 'Testing complete\.' "$log" | tail -n 1 || true)
	if [ $rc -ne 0 ] || ! printf '%s' "$totals" | grep -qE 'Ran [1-9][0-9]* tests' ||
	   printf '%s' "$totals" | grep -qE '(failed|crashed|errors): [1-9]'; then
		say "kunit FAILED on $arch (log: $log)"
		# kunit.py names each failing case with its file and line.
		grep -a -vE '^\[[0-9:]+\] +\[PASSED\]' "$log" | tail -n 60 >&2
		fail=1
		continue
	fi
	# Lockdep, sleep-in-atomic and context assertions only warn: a test
	# that passes with a kernel report in its log does not pass. Nor does
	# a run in which lockdep switched itself off (a lock it could not
	# class): the suites after it would run unchecked.
	bad=$(grep -a -nE "$KUNIT_BAD" "$BUILD/kunit-$arch/test.log" \
		2>/dev/null | head -n 5 || true)
	if [ -n "$bad" ]; then
		say "kunit FAILED on $arch: kernel reports in $BUILD/kunit-$arch/test.log:"
		printf '%s\n' "$bad" >&2
		grep -a -A 25 -m 1 -E "$KUNIT_BAD" \
			"$BUILD/kunit-$arch/test.log" >&2 || true
		fail=1
		continue
	fi
	# What the suites measured (kunit_info), from the kernel's own log.
	grep -hE 'per 1000 frames' "$BUILD/kunit-$arch/test.log" 2>/dev/null |
		sed 's/^.*# /  /' || true
	printf 'kunit %s: %s\n' "$arch" "${totals#*] }"
	# kunit.py's own counts: a skipped case has not passed.
	n=$(printf '%s' "$totals" | sed -n 's/.*passed: \([0-9]*\).*/\1/p')
	passed=$((passed + ${n:-0}))
	n=$(printf '%s' "$totals" | sed -n 's/.*skipped: \([0-9]*\).*/\1/p')
	skipped=$((skipped + ${n:-0}))
done

[ $fail -eq 0 ] || { say "make kunit: FAILED"; exit 1; }
echo "kunit: $passed passed, $skipped skipped, 0 failed"

