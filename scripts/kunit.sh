#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# kunit.sh: run every KUnit suite of this tree under QEMU, for arm and arm64.
# Fails on any failed or crashed test; prints kunit.py's totals per arch.
#
# The arches' kernels build one after the other (-j$JOBS each: two builds
# side by side took 20 % longer on two cores), then their QEMU runs go
# side by side (one vCPU each: a run alone leaves a core idle). No test
# runs on a core a compiler contends for: the suites wait for timers and
# workers with bounded waits.

. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

# What in the KUnit kernel's log fails a run that passed
KUNIT_BAD='WARNING:|BUG:|possible circular locking|inconsistent lock state|possible recursive locking|suspicious RCU usage|turning off the locking correctness validator'

ARCHES=${KUNIT_ARCHES:-arm arm64}
fail=0
passed=0
skipped=0
LOGDIR=$BUILD/logs
mkdir -p "$LOGDIR"

# kunit ARCH SUBCOMMAND [ARGS]: kunit.py on ARCH's build directory
kunit() {
	local arch=$1 sub=$2
	shift 2
	(cd "$KSRC" && python3 tools/testing/kunit/kunit.py "$sub" \
		--arch="$arch" --cross_compile="$(cross_prefix "$arch")" \
		--kunitconfig="$STMMAC_REL/kunit/.kunitconfig" \
		--build_dir="$BUILD/kunit-$arch" "$@")
}

# The arm64 suites run on a Cortex-A76, Agilex 5's big core (kunit.py's
# default, QEMU's "max", emulates features it lacks, pointer
# authentication among them, and runs the suites ~25 % slower); arm on
# kunit.py's default.
declare -A QEMU_CPU=([arm64]=cortex-a76)

# failed ARCH WHAT: report a failed kunit.py step of ARCH
failed() {
	say "kunit FAILED on $1: $2 (log: $LOGDIR/kunit-$1.log)"
	# kunit.py names each failing case with its file and line.
	grep -a -vE '^\[[0-9:]+\] +\[PASSED\]' "$LOGDIR/kunit-$1.log" |
		tail -n 60 >&2
	fail=1
}

built=
for arch in $ARCHES; do
	stage "kunit: $arch kernel build (log: $LOGDIR/kunit-$arch.log)"
	if kunit "$arch" build --jobs="$JOBS" >"$LOGDIR/kunit-$arch.log" 2>&1; then
		built+="${built:+ }$arch"
	else
		failed "$arch" "kernel build"
	fi
done

ok=
if [ -n "$built" ]; then
	declare -A pid
	stage "kunit: QEMU runs, $built side by side"
	for arch in $built; do
		kunit "$arch" exec --timeout=600 ${QEMU_CPU[$arch]:+--qemu_args="-cpu ${QEMU_CPU[$arch]}"} \
			>>"$LOGDIR/kunit-$arch.log" 2>&1 &
		pid[$arch]=$!
	done
	for arch in $built; do
		if wait "${pid[$arch]}"; then
			ok+="${ok:+ }$arch"
		else
			failed "$arch" "QEMU run"
		fi
	done
fi

for arch in $ok; do
	log=$LOGDIR/kunit-$arch.log
	totals=$(grep -a -E 'Testing complete\.' "$log" | tail -n 1 || true)
	if ! printf '%s' "$totals" | grep -qE 'Ran [1-9][0-9]* tests' ||
	   printf '%s' "$totals" | grep -qE '(failed|crashed|errors): [1-9]'; then
		say "kunit FAILED on $arch (log: $log)"
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
