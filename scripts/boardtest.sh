#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# boardtest.sh [ours|upstream]: make check's emulated-board test. Boot QEMU's
# npcm750-evb with a kernel built from this tree (the default) or the
# kernel's own untouched stmmac ("upstream", or STMMAC_BOARD_KERNEL=upstream:
# Debian's 6.12.118, or mainline 7.3.4's with KVER=7.3), run the
# guest job scripts/guest/check.sh and judge the console log: every check
# below reported ok, the job run to its end, and no kernel warning, lockup
# report or crash anywhere in the log. For ours, first the module boot: the
# same board kernel with this tree as modules (board.sh kernel modules),
# which scripts/guest/modules.sh loads, uses, unloads and loads again, as
# make stress does on its debug kernel and nothing else in make check would.

. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

variant=${1:-${STMMAC_BOARD_KERNEL:-ours}}
case "$variant" in
ours | upstream) ;;
*) die "unknown kernel variant '$variant' (ours or upstream)" ;;
esac

# What the guest job must report, in its order (see scripts/guest/check.sh).
CHECKS=(probe ping tcp-tx tcp-rx udp-tx coalesce coalesce-pq coalesce-rx
	ring updown live-addr drvinfo tstamp traffic-usecs0 traffic-frames256 jumbo
	vlan-offload ipv6 multicast flood netconsole xdp xdp-redirect phy-clock suspend)

# Console lines that fail the run wherever they appear: kernel warnings,
# TX timeouts, lockdep and hung-task reports, crashes.
KERNEL_BAD='WARNING:|BUG:|NETDEV WATCHDOG|timed out|possible circular locking|inconsistent lock state|possible recursive locking|INFO: |Oops|Unable to handle|Kernel panic'

# Checks the kernel's own stmmac fails on this board, and why, per kernel.
# For the upstream variant only they are reported, not fatal: it is the
# baseline the harness is developed against. Our driver must pass every
# check, on either kernel.
# Debian's stmmac 6.12.118:
declare -A UPSTREAM_KNOWN_6_12=(
	[tcp-rx]="RX interrupt lost: dwmac_dma_interrupt() acks RI while RIE is masked during NAPI, so frames completed as NAPI finishes wait in the ring for the next interrupt (QEMU delivers slirp's reply inside the TX doorbell write, which hits this window)"
	[udp-tx]="TX completions stall at the default coalescing (seen right after tcp-rx): the socket's send buffer fills with frames waiting to be cleaned, and one run sent 384 of the 5859 datagrams asked for"
	[coalesce-rx]="rx-usecs/rx-frames are accepted and silently ignored on a core without RX watchdog"
	[jumbo]="no MTU change at all: stmmac_change_mtu() refuses any MTU above the TX FIFO share, which is 0 where the FIFO size is unknown (no tx-fifo-depth in this board's DT, none in a GMAC 3.x's HW feature register)"
	[ring]="TX stalls after ethtool -G under load: the socket's frames are never completed until another frame gets an IC bit (release cancels the TX timer and disables NAPI before stopping the TX queue)"
	[phy-clock]="its MTU changes are refused on this board (see jumbo), so the check cannot make them; its ethtool -G restarts close and reopen the device, which attaches the PHY again and so powers it up before the MAC's reset"
	[suspend]="resume sets tx-usecs and tx-frames back to the defaults: stmmac_resume() calls stmmac_init_coalesce() (read from its stmmac_main.c)"
	[xdp]="after attaching an XDP_PASS program eth1 answers nothing on VLAN 77 for the check's 58 s; the attach frees and rebuilds the rings without a link change (stmmac_xdp_set_prog(): stmmac_xdp_release(), stmmac_xdp_open()); where it loses RX is not found yet (first run 2026-12-06)"
	[netconsole]="the guest hangs inside this check (two runs of 2026-12-07, after the kmsg lines 'stmmac-nc 28' and 'stmmac-nc 14': netconsole on eth0.77, eth0's TX ring at 64 and tx-usecs 100000 tx-frames 256, UDP both ways with the host); cause not found yet, and every check after it goes unrun (the job's end is never printed)"
	[xdp-redirect]="never reached on this kernel's stmmac: the job hangs in netconsole before it (see netconsole); it attaches a program to eth1 as the xdp check does, which loses eth1's RX there (see xdp)"
)
# Mainline 7.3.4's stmmac (linux-source-7.3), the same checks, the same
# board (first run 2026-12-06; each cause read from 7.3's stmmac.upstream).
# Two of 6.12's are not here: udp-tx and ring passed on 7.3 (a failure of
# either is then reported as FAIL, to be looked at, not taken as known).
declare -A UPSTREAM_KNOWN_7_3=(
	[tcp-rx]="RX interrupt lost, as on 6.12: dwmac_dma_interrupt() (dwmac_lib.c) still acks RI in CSR5 while RIE is masked during NAPI, so frames completed as NAPI finishes wait in the ring for the next interrupt; the exact 8 MiB download stalled after 12927 bytes"
	[coalesce-rx]="rx-usecs/rx-frames are accepted and silently ignored on a core without RX watchdog, as on 6.12: __stmmac_set_coalesce() only looks at them when use_riwt is set"
	[jumbo]="no MTU change at all, as on 6.12: stmmac_change_mtu() refuses any MTU above the TX FIFO share, which is 0 here (no tx-fifo-depth in this board's DT; only the GMAC4 and XGMAC HW feature registers give a FIFO size)"
	[phy-clock]="its MTU changes (1400, then 1500) are refused on this board (see jumbo), so the check stops before it can judge the order of resets and PHY power"
	[suspend]="resume sets tx-usecs and tx-frames back to the defaults (5000, 25), as on 6.12: stmmac_resume() calls stmmac_init_coalesce()"
	[xdp]="as on 6.12: after attaching an XDP_PASS program eth1 answers nothing on VLAN 77 for the check's 58 s (stmmac_xdp_set_prog() rebuilds the rings through stmmac_xdp_release() and stmmac_xdp_open()); cause not found yet"
	[xdp-redirect]="eth1 still answers nothing on VLAN 77 after the xdp check detached its program (first run 2026-12-07: 'eth1.77 unreachable after xdpload eth1 off'), so the redirect is never reached: the RX lost at the xdp check's attach (see xdp)"
)
declare -n UPSTREAM_KNOWN=UPSTREAM_KNOWN_${KVER//./_}

LOG=$BUILD/logs/board-$variant-check.log
FAILED_LOG=$BUILD/logs/boardtest-FAILED-$variant.log
MOD_LOG=$BUILD/logs/board-modules-modules.log
MOD_FAILED_LOG=$BUILD/logs/boardtest-FAILED-modules.log

declare -A status detail

# Each boot in a network namespace of its own (board.sh): the host's UDP
# drops counted there are its own servers', which the guest's UDP checks
# tell apart from the board's losses (udp_run in scripts/guest/check.sh).
export STMMAC_BOARD_NETNS=1

# read_checks: each CHECK line of the console into status[] and detail[]. A
# name reported both ok and FAIL counts as FAIL. Lines are matched anywhere,
# as kernel messages may share a line with the guest's output.
read_checks() {
	local name st rest
	while read -r name st rest; do
		if [ "$st" = FAIL ] || [ -z "${status[$name]:-}" ]; then
			status[$name]=$st
			detail[$name]=$rest
		fi
	done < <(tr -d '\r' <"$LOG" | grep -a -o 'CHECK [a-z0-9-]* \(ok\|FAIL\).*' | cut -d' ' -f2-)
}

# kernel_log [LOG]: the first offending console lines, if any.
kernel_log() {
	tr -d '\r' <"${1:-$LOG}" | grep -a -n -E "$KERNEL_BAD" | head -n 5 || true
}

# modules_boot: the module boot; its verdict in mod_status and mod_detail.
modules_boot() {
	local line bad
	mod_status=FAIL mod_detail=
	bash "$TREE/scripts/board.sh" kernel modules
	stage "initramfs: the board's userland and the modules kernel's modules"
	bash "$TREE/scripts/board.sh" initramfs modules
	bash "$TREE/scripts/board.sh" boot modules modules 300 || true
	[ -s "$MOD_LOG" ] || { mod_detail="no console log: QEMU did not start"; return 0; }
	line=$(tr -d '\r' <"$MOD_LOG" | grep -a -o 'CHECK modules \(ok\|FAIL\).*' | head -n 1) || true
	bad=$(kernel_log "$MOD_LOG")
	if [ -z "$line" ]; then
		mod_detail="never reported (crash or hang; console log $MOD_LOG)"
	elif [ -n "$bad" ]; then
		mod_detail="kernel log: $(head -n 1 <<<"$bad" | cut -c1-160)"
	else
		read -r _ _ mod_status mod_detail <<<"$line"
	fi
}

# job_exit: the guest job's exit status, empty if it never got there.
job_exit() {
	tr -d '\r' <"$LOG" | sed -n 's/^JOB-EXIT \([0-9]*\).*/\1/p' | tail -n 1
}

mod_status=
[ "$variant" = ours ] && modules_boot
bash "$TREE/scripts/board.sh" kernel "$variant"
# Our kernel must hold our driver and none of upstream's: its symbols say
# which stmmac directory was built into it.
if [ "$variant" = ours ]; then
	map=$BUILD/board-ours/System.map
	grep -qw stmmac_coal_timer_decide "$map" ||
		die "the ours kernel lacks this tree's driver ($map)"
	for sym in stmmac_xdp_open dwmac4_setup dwmac1000_setup stmmac_selftest_run; do
		if grep -qw "$sym" "$map"; then
			die "the ours kernel holds upstream's stmmac ($sym in $map)"
		fi
	done
	say "ours kernel: this tree's driver, no upstream stmmac symbol (System.map)"
fi
stage "initramfs: busybox, ethtool, iperf3, socat (Debian armhf)"
bash "$TREE/scripts/board.sh" initramfs
boot_rc=0
# The job takes 3-4 min; 600 s leaves room for a slow host.
# Both GMACs wired, for the two-port checks (jumbo).
STMMAC_BOARD_TWOPORT=1 bash "$TREE/scripts/board.sh" boot "$variant" check 600 || boot_rc=$?
stage "board test results ($variant kernel; console log: $LOG)"
[ -s "$LOG" ] || die "no console log: QEMU did not start"

read_checks
passed=0 known=0 guest_fails=0 failed=()
case "$mod_status" in
'') ;;
ok)
	passed=$((passed + 1))
	printf '  ok     %-18s %s\n' modules "$mod_detail"
	rm -f "$MOD_FAILED_LOG"
	;;
*)
	printf '  FAIL   %-18s %s\n' modules "$mod_detail"
	failed+=(modules)
	cp "$MOD_LOG" "$MOD_FAILED_LOG" 2>/dev/null &&
		say "module boot's console log kept as $MOD_FAILED_LOG"
	;;
esac
for name in "${CHECKS[@]}"; do
	case "${status[$name]:-missing}" in
	ok)
		passed=$((passed + 1))
		printf '  ok     %-18s %s\n' "$name" "${detail[$name]}"
		;;
	FAIL)
		guest_fails=$((guest_fails + 1))
		if [ "$variant" = upstream ] && [ -n "${UPSTREAM_KNOWN[$name]:-}" ]; then
			known=$((known + 1))
			printf '  known  %-18s %s\n         %-18s (known upstream bug: %s)\n' \
				"$name" "${detail[$name]}" "" "${UPSTREAM_KNOWN[$name]}"
		else
			printf '  FAIL   %-18s %s\n' "$name" "${detail[$name]}"
			failed+=("$name")
		fi
		;;
	missing)
		printf '  FAIL   %-18s %s\n' "$name" "never reported (the job stopped before it)"
		failed+=("$name")
		;;
	esac
done

# The host's own UDP losses during the boot (board.sh): reported, so that a
# lost datagram in udp-tx or traffic-* is not taken for the guest's. In the
# boot's own network namespace they are its host-side servers' alone, and
# the checks have subtracted them; else the machine's, which they have not.
host_drops=$(sed -n 's/^udp_rcvbuf_errors=//p' "$LOG.host" 2>/dev/null)
host_scope=$(sed -n 's/^scope=//p' "$LOG.host" 2>/dev/null)
if [ "${host_drops:-0}" -gt 0 ] && [ "$host_scope" = netns ]; then
	printf '  note   %-18s %s\n' host "$host_drops UDP datagrams dropped by the host-side servers' full socket receive buffers during the boot (the boot's own network namespace; the servers starved of CPU): the host's losses, which the UDP checks above count apart from the board's"
elif [ "${host_drops:-0}" -gt 0 ]; then
	printf '  note   %-18s %s\n' host "$host_drops UDP datagrams dropped by this machine's full socket receive buffers during the boot (all sockets: no network namespace of the boot's own; the host-side iperf3 server starved of CPU?): losses counted by the checks above include these"
fi

bad=$(kernel_log)
if [ -z "$bad" ]; then
	passed=$((passed + 1))
	printf '  ok     %-18s %s\n' kernel-log "no warning, watchdog, lockdep report or crash"
else
	printf '  FAIL   %-18s %s\n' kernel-log "offending console lines:"
	sed 's/^/           /' <<<"$bad" | cut -c1-200
	failed+=(kernel-log)
fi

# The guest exits 0 exactly when none of its checks failed.
rc=$(job_exit)
if [ -z "$rc" ]; then
	[ "$boot_rc" -eq 124 ] && why="the guest did not finish within 600 s" ||
		why="the guest never printed JOB-EXIT (crash or hang)"
	printf '  FAIL   %-18s %s\n' job "$why"
	failed+=(job)
elif [ $((rc != 0)) -ne $((guest_fails != 0)) ]; then
	printf '  FAIL   %-18s %s\n' job "JOB-EXIT $rc with $guest_fails failed checks"
	failed+=(job)
fi

if [ ${#failed[@]} -ne 0 ]; then
	cp "$LOG" "$FAILED_LOG"
	say "board test FAILED ($variant kernel): ${failed[*]}"
	say "console log kept as $FAILED_LOG; its last lines:"
	tail -n 40 "$LOG" >&2
	exit 1
fi
rm -f "$FAILED_LOG"
if [ $known -ne 0 ]; then
	echo "boardtest: $passed checks passed, $known known upstream failures ($variant kernel)"
else
	echo "boardtest: $passed checks passed ($variant kernel)"
fi
