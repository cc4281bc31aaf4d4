#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# stress.sh: make stress. Build the emulated board's debug kernel (KASAN,
# lockdep, debug objects, DMA-API debug, kmemleak, fault injection; the
# driver as modules), boot it, run scripts/guest/stress.sh and judge the
# console log with scripts/stress.py: one line per scenario, and a failure
# (console log kept as build/logs/stress-FAILED.log) on any error, kernel
# report or leak. See Documentation/stress.rst.
#
# Environment: STRESS_SEED (the guest's random choices), STRESS_ONLY (e.g.
# "a,f": only those scenarios), STRESS_SCALE=quick (a tenth of the counts),
# STRESS_LIMIT (seconds QEMU may run, 2700 by default).

. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

LOG=$BUILD/logs/board-debug-stress.log
FAILED_LOG=$BUILD/logs/stress-FAILED.log
LIMIT=${STRESS_LIMIT:-2700}

# The scenarios are a to h (scripts/guest/stress.sh); anything else would
# boot a debug kernel to run nothing.
if [ -n "${STRESS_ONLY:-}" ]; then
	[[ $STRESS_ONLY =~ ^[a-h](,[a-h])*$ ]] ||
		die "STRESS_ONLY=$STRESS_ONLY: want scenario letters a to h, comma separated (e.g. a,f)"
fi

bash "$TREE/scripts/board.sh" kernel debug
stage "initramfs: busybox, ethtool, iperf3 (Debian armhf) and the debug kernel's modules"
bash "$TREE/scripts/board.sh" initramfs debug

# A larger log buffer: the guest counts watchdog reports with dmesg.
# Expedited RCU grace periods: unregistering a device waits for several,
# which would make each module reload take seconds under QEMU. The hung
# task detector at 60 s from the start of userspace on (the kernel's own
# boot has 600 s, CONFIG_DEFAULT_HUNG_TASK_TIMEOUT: on a loaded host,
# unpacking the 9 MB initramfs under KASAN kept init waiting over 60 s).
append="log_buf_len=4M rcupdate.rcu_expedited=1 sysctl.kernel.hung_task_timeout_secs=60"
[ -n "${STRESS_SEED:-}" ] && append+=" stmmac_seed=$STRESS_SEED"
[ -n "${STRESS_ONLY:-}" ] && append+=" stmmac_only=$STRESS_ONLY"
[ -n "${STRESS_SCALE:-}" ] && append+=" stmmac_scale=$STRESS_SCALE"
boot_rc=0
STMMAC_BOARD_APPEND=$append bash "$TREE/scripts/board.sh" boot debug stress "$LIMIT" ||
	boot_rc=$?
stage "stress results (console log: $LOG)"
[ -s "$LOG" ] || die "no console log: QEMU did not start"
[ "$boot_rc" -eq 124 ] && say "QEMU was stopped after ${LIMIT}s"

hz=$(sed -n 's/^CONFIG_HZ=//p' "$BUILD/board-debug/.config")
if ! python3 "$TREE/scripts/stress.py" "$LOG" "$hz"; then
	cp "$LOG" "$FAILED_LOG"
	say "make stress FAILED; console log kept as $FAILED_LOG"
	exit 1
fi
rm -f "$FAILED_LOG"
echo "make stress: all scenarios passed, no kernel report, no leak"
