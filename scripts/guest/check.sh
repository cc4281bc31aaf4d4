#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# make check's board test: probe and link, ping, TCP and UDP end to end,
# ethtool -C and -G, link flaps under load, traffic at the coalescing
# extremes, then the two-port checks (eth1 the far end) and system sleep.
# Each check prints "CHECK <name> ok <detail>" or
# "CHECK <name> FAIL <reason>"; scripts/boardtest.sh holds the list of names
# it expects. Every step is bounded in time: the job stays under 5 min.
. /jobs/lib.sh

# Background load goes to the host's second iperf3 server: a server runs one
# test at a time, so $PORT stays free for the measured runs. PORT3 is the
# host's tcpsink.py.
PORT2=${PORT2:-$((PORT + 1))}
PORT3=${PORT3:-$((PORT + 2))}
# 64-byte datagrams at 1 Mbit/s (~2k pps): below what the guest sends flat
# out (5-8k pps), a rate the host side keeps up with unless starved of CPU
# (udp_run tells its drops apart), so that any loss is the driver's.
UDP_RATE=1M
# iperf3 cannot compare TCP byte counts end to end (its server drops what is
# in flight when the client ends the test; with -R the client stops reading),
# and TCP checksums prove nothing here (QEMU computes them on TX, the driver
# trusts the model on RX): exact transfers go through the host's tcpsink.py,
# which counts and hashes what it reads to the end.
EXACT_BYTES=8388608
# No rate thresholds here (rates belong to make bench, and a loaded host
# slows the emulator tenfold): a stalled path shows as an exact transfer
# that does not finish within EXACT_SECONDS.
# Seconds an exact transfer may take: ~1 s when healthy.
EXACT_SECONDS=20
RESULTS=/tmp/checks

# why REASON: a check's failure reason; returns 1, for "test || why ...".
why() {
	WHY="$*"
	return 1
}

# check NAME FUNCTION: run one check and print its line. FUNCTION fails via
# why and may leave a detail for the ok line in INFO.
check() {
	WHY= INFO=
	ck_t0=$(cut -d. -f1 /proc/uptime)
	"$2"
	ck_rc=$?
	ck_t=$(($(cut -d. -f1 /proc/uptime) - ck_t0))
	if [ $ck_rc -eq 0 ] && [ -z "$WHY" ]; then
		echo "CHECK $1 ok ${INFO:+$INFO }[${ck_t}s]" | tee -a $RESULTS
	else
		echo "CHECK $1 FAIL ${WHY:-failed} [${ck_t}s]" | tee -a $RESULTS
	fi
	return $ck_rc
}

# ping_ok COUNT: COUNT pings 0.2 s apart, all answered; the summary in PING.
ping_ok() {
	timeout 30 ping -c "$1" -i 0.2 -w 25 $HOST >/tmp/ping.out 2>&1
	PING=$(grep 'packets transmitted' /tmp/ping.out)
	case "$PING" in
	*" 0% packet loss"*) return 0 ;;
	*) return 1 ;;
	esac
}

# tcp_run FILE ARGS...: an iperf3 TCP run; the receiver counted some bytes
# and no more than the sender.
tcp_run() {
	tr_f=$1
	shift
	iperf "$tr_f" 30 -p "$PORT" "$@" || why "iperf3 $*: $IPERF_WHY" || return 1
	tr_s=$(json_num "$tr_f" sum_sent bytes)
	tr_r=$(json_num "$tr_f" sum_received bytes)
	INFO="iperf3 $*: $tr_s bytes sent, $tr_r received"
	[ "${tr_r:-0}" -gt 0 ] && [ "$tr_r" -le "${tr_s:-0}" ] ||
		why "$INFO (want some bytes received, at most as many as sent)"
}

# put_exact BYTES: random bytes to the host's sink, which must read exactly
# them (count and md5) within EXACT_SECONDS.
put_exact() {
	head -c "$1" /dev/urandom >/tmp/put.bin
	pe_md5=$(md5sum </tmp/put.bin | cut -d' ' -f1)
	{
		echo put
		cat /tmp/put.bin
	} | timeout $EXACT_SECONDS nc $HOST "$PORT3" >/tmp/put.reply 2>&1
	rm -f /tmp/put.bin
	read -r pe_n pe_h </tmp/put.reply
	[ "$pe_n" = "$1" ] && [ "$pe_h" = "$pe_md5" ] ||
		why "exact TX of $1 bytes (md5 $pe_md5): the host read ${pe_n:-nothing within ${EXACT_SECONDS}s} (md5 ${pe_h:-none})"
}

# get_exact BYTES: BYTES from the host's sink (which sends their md5 first),
# within EXACT_SECONDS.
get_exact() {
	echo "get $1" | timeout $EXACT_SECONDS nc $HOST "$PORT3" >/tmp/get.bin 2>&1
	ge_want=$(head -n 1 /tmp/get.bin)
	ge_n=$(($(wc -c </tmp/get.bin) - 33))
	ge_md5=$(tail -c +34 /tmp/get.bin | md5sum | cut -d' ' -f1)
	rm -f /tmp/get.bin
	[ "$ge_n" = "$1" ] && [ "$ge_md5" = "$ge_want" ] ||
		why "exact RX of $1 bytes (md5 $ge_want): got $ge_n within ${EXACT_SECONDS}s (md5 $ge_md5)"
}

# host_udp_drops: "COUNT SCOPE" from the host's tcpsink.py: the UDP datagrams
# its network namespace dropped for a full socket receive buffer, SCOPE
# "netns" when that namespace is this boot's own (board.sh), so that the
# count is the host-side servers' alone, "host" when it is the machine's.
host_udp_drops() {
	echo udp-drops | timeout 10 nc $HOST "$PORT3" 2>/dev/null
}

# udp_run FILE: 3 s of 64-byte datagrams at UDP_RATE; every one sent
# reaches the host and went out through eth0. A datagram the host's iperf3
# server lost because its socket buffer was full (the server starved of CPU
# on a loaded machine: /proc/net/snmp's RcvbufErrors, counted where the
# datagram arrived, so the board had delivered it) is the host's loss, not
# the board's, and is subtracted when the count is the boot's alone (its
# own network namespace); any other loss fails the check.
udp_run() {
	ur_p0=$(tx_packets)
	ur_h=$(host_udp_drops)
	ur_h0=${ur_h%% *} ur_scope=${ur_h#* }
	iperf "$1" 30 -p "$PORT" -u -b $UDP_RATE -l 64 -t 3 ||
		why "iperf3 -u: $IPERF_WHY" || return 1
	ur_tx=$(($(tx_packets) - ur_p0))
	ur_h=$(host_udp_drops)
	ur_h1=${ur_h%% *}
	ur_sent=$(json_num "$1" sum_sent packets)
	ur_rcvd=$(json_num "$1" sum_received packets)
	ur_lost=$(json_num "$1" sum_received lost_packets)
	INFO="$ur_sent datagrams sent, $ur_rcvd received, $ur_lost lost, eth0 tx_packets +$ur_tx"
	ur_board=${ur_lost:-x}
	case "$ur_h0.$ur_h1.$ur_scope" in
	[0-9]*.[0-9]*.netns)
		ur_host=$((ur_h1 - ur_h0))
		if [ "$ur_host" -gt 0 ] && [ -n "$ur_lost" ]; then
			ur_board=$((ur_lost - ur_host))
			[ "$ur_board" -lt 0 ] && ur_board=0
			INFO="$INFO, of which the host's server dropped $ur_host at its full socket buffer (the host's loss) and the board $ur_board"
		fi
		;;
	[0-9]*.[0-9]*.host)
		[ $((ur_h1 - ur_h0)) -gt 0 ] &&
			INFO="$INFO (the machine dropped $((ur_h1 - ur_h0)) UDP datagrams at full socket buffers meanwhile, all sockets: not told apart)"
		;;
	esac
	[ "${ur_sent:-0}" -gt 0 ] && [ "${ur_rcvd:-0}" -gt 0 ] && [ "$ur_board" = 0 ] &&
		[ "$ur_tx" -ge "$ur_sent" ] || why "$INFO (want datagrams sent, none lost)"
}

# bg_start ARGS...: background load, iperf3 clients to the second server back
# to back until bg_stop. A client that dies (the link went away under it, or
# the server is still busy with the previous one) is simply started again.
bg_start() {
	rm -f /tmp/bg.stop /tmp/bg.done /tmp/bg.pid
	(
		while [ ! -e /tmp/bg.stop ]; do
			iperf3 -c $HOST -p "$PORT2" "$@" >/dev/null 2>&1 &
			echo $! >/tmp/bg.pid
			wait $! || sleep 0.2
		done
		touch /tmp/bg.done
	) &
	BG_LOOP=$!
}

bg_stop() {
	touch /tmp/bg.stop
	bs_n=0
	while [ ! -e /tmp/bg.done ] && [ $bs_n -lt 50 ]; do
		kill "$(cat /tmp/bg.pid 2>/dev/null)" 2>/dev/null
		bs_n=$((bs_n + 1))
		sleep 0.2
	done
	# Not a bare wait: eth1's namespace holder runs in the background too.
	wait $BG_LOOP
}

# load_flowing SECONDS: the background load is through eth0 again (100
# packets sent), within SECONDS.
load_flowing() {
	lf_p0=$(tx_packets)
	lf_n=0
	while [ $(($(tx_packets) - lf_p0)) -lt 100 ]; do
		lf_n=$((lf_n + 1))
		[ $lf_n -gt $(($1 * 10)) ] && return 1
		sleep 0.1
	done
}

# coal_read VIA PARAM: PARAM as ethtool reports it, VIA "-C" (ethtool -c) or
# "pq" (--per-queue, queue 0).
coal_read() {
	if [ "$1" = pq ]; then
		ethtool --per-queue eth0 queue_mask 0x1 --show-coalesce
	else
		ethtool -c eth0
	fi 2>/dev/null | sed -n "s/^$2:[[:space:]]*//p"
}

# coal_set VIA ARGS...: set through VIA; 0 when the kernel took it. ethtool
# 6.1 exits 0 when the kernel refuses a per-queue setting: its message decides.
coal_set() {
	cs_via=$1
	shift
	if [ "$cs_via" = pq ]; then
		timeout 10 ethtool --per-queue eth0 queue_mask 0x1 --coalesce "$@" \
			>/tmp/coal.out 2>&1 && ! grep -q '^Cannot' /tmp/coal.out
	else
		timeout 10 ethtool -C eth0 "$@" >/tmp/coal.out 2>&1
	fi
}

# coal_is VIA USECS FRAMES: tx-usecs and tx-frames read back as given.
coal_is() {
	ci_u=$(coal_read "$1" tx-usecs)
	ci_f=$(coal_read "$1" tx-frames)
	[ "$ci_u" = "$2" ] && [ "$ci_f" = "$3" ] ||
		why "$1: after '$COAL_LAST' read tx-usecs $ci_u tx-frames $ci_f, want $2 $3"
}

# coal_ok VIA USECS FRAMES ARGS...: ARGS accepted, USECS and FRAMES read back.
coal_ok() {
	co_via=$1 co_u=$2 co_f=$3
	shift 3
	COAL_LAST="$*"
	coal_set "$co_via" "$@" ||
		why "$co_via: valid '$*' refused: $(head -n 1 /tmp/coal.out)" || return 1
	coal_is "$co_via" "$co_u" "$co_f"
}

# coal_bad VIA ARGS...: ARGS refused, the values before them kept.
coal_bad() {
	cb_via=$1
	shift
	cb_u=$(coal_read "$cb_via" tx-usecs)
	cb_f=$(coal_read "$cb_via" tx-frames)
	COAL_LAST="$*"
	if coal_set "$cb_via" "$@"; then
		why "$cb_via: invalid '$*' accepted"
		return 1
	fi
	coal_is "$cb_via" "$cb_u" "$cb_f"
}

coal_defaults() {
	ethtool -C eth0 tx-usecs 5000 tx-frames 25 >/dev/null 2>&1
}

# coal_sweep VIA: the documented tx-usecs 0..100000 and tx-frames 0..256, the
# invalid values just outside them and the invalid pair 0/0; ends on the
# defaults. Each step changes a value: ethtool skips unchanged requests.
coal_sweep() {
	coal_ok "$1" 0 1 tx-usecs 0 tx-frames 1 &&
		coal_ok "$1" 1 1 tx-usecs 1 &&
		coal_ok "$1" 100 1 tx-usecs 100 &&
		coal_ok "$1" 5000 1 tx-usecs 5000 &&
		coal_ok "$1" 100000 1 tx-usecs 100000 &&
		coal_bad "$1" tx-usecs 100001 &&
		coal_ok "$1" 1000 0 tx-usecs 1000 tx-frames 0 &&
		coal_bad "$1" tx-usecs 0 &&
		coal_ok "$1" 1000 1 tx-frames 1 &&
		coal_ok "$1" 1000 25 tx-frames 25 &&
		coal_ok "$1" 1000 256 tx-frames 256 &&
		coal_bad "$1" tx-frames 257 &&
		coal_ok "$1" 0 1 tx-usecs 0 tx-frames 1 &&
		coal_bad "$1" tx-frames 0 &&
		coal_ok "$1" 5000 25 tx-usecs 5000 tx-frames 25 &&
		coal_bad "$1" tx-usecs 0 tx-frames 0
}

# ring_read: the current "RX TX" ring sizes ethtool -g reports.
ring_read() {
	ethtool -g eth0 2>/dev/null | awk '/^Current/ { cur = 1 }
		cur && $1 == "RX:" { rx = $2 } cur && $1 == "TX:" { tx = $2 }
		END { print rx, tx }'
}

# ring_resize: under load, every size read back, invalid ones refused.
ring_resize() {
	for rr_n in 256 1024 64 512; do
		timeout 20 ethtool -G eth0 rx $rr_n tx $rr_n >/tmp/ring.out 2>&1 ||
			why "ethtool -G rx $rr_n tx $rr_n refused: $(head -n 1 /tmp/ring.out)" ||
			return 1
		[ "$(ring_read)" = "$rr_n $rr_n" ] ||
			why "after -G rx $rr_n tx $rr_n ethtool -g reads '$(ring_read)'" || return 1
		wait_carrier 10 || why "no carrier after -G rx $rr_n tx $rr_n" || return 1
		load_flowing 5 || { tx_diag; why "no traffic within 5 s of -G rx $rr_n tx $rr_n"; } ||
			return 1
	done
	for rr_bad in "rx 4096" "tx 4096" "rx 100" "tx 100" "rx 32"; do
		if timeout 20 ethtool -G eth0 $rr_bad >/dev/null 2>&1; then
			why "invalid -G $rr_bad accepted"
			return 1
		fi
		[ "$(ring_read)" = "512 512" ] ||
			why "after invalid -G $rr_bad ethtool -g reads '$(ring_read)'" || return 1
	done
}

c_probe() {
	[ -d /sys/class/net/eth0 ] || why "no eth0: the driver did not probe" || return 1
	net_up >/dev/null 2>&1 || why "eth0: no carrier within 10 s of link up" || return 1
	INFO="eth0 $(cat /sys/class/net/eth0/address), carrier 1"
}

c_ping() {
	ping_ok 20 || why "${PING:-no ping summary}" || return 1
	INFO=$PING
}

c_tcp_tx() {
	tcp_run /tmp/tcp-tx.json -t 3 || return 1
	put_exact $EXACT_BYTES || return 1
	INFO="$INFO; $EXACT_BYTES bytes exact (count, md5) at the host"
}

c_tcp_rx() {
	tcp_run /tmp/tcp-rx.json -R -t 3 || return 1
	get_exact $EXACT_BYTES || return 1
	INFO="$INFO; $EXACT_BYTES bytes exact (count, md5) from the host"
}

c_udp_tx() {
	udp_run /tmp/udp-tx.json
}

c_coalesce() {
	coal_sweep -C
	cc_rc=$?
	coal_defaults
	[ $cc_rc -eq 0 ] && INFO="ethtool -C/-c: tx-usecs 0..100000, tx-frames 0..256, invalid refused"
}

c_coalesce_pq() {
	coal_sweep pq
	cc_rc=$?
	coal_defaults
	[ $cc_rc -eq 0 ] && INFO="--per-queue queue_mask 0x1: as ethtool -C"
}

# The 3.2 core has no RX watchdog: RX coalescing must be refused, not ignored.
c_coalesce_rx() {
	cc_rc=0
	for cr_via in -C pq; do
		coal_bad $cr_via rx-usecs 10 && coal_bad $cr_via rx-frames 10 || { cc_rc=1; break; }
	done
	coal_defaults
	[ $cc_rc -eq 0 ] && INFO="rx-usecs and rx-frames refused (-C and --per-queue)"
}

c_ring() {
	bg_start -u -b 5M -l 64 -t 60
	rg_p0=$(tx_packets)
	load_flowing 15 || why "background load did not start" || { bg_stop; return 1; }
	ring_resize
	rg_rc=$?
	rg_tx=$(($(tx_packets) - rg_p0))
	bg_stop
	if [ $rg_rc -ne 0 ]; then
		# Back to the default rings for the checks that follow.
		ethtool -G eth0 rx 512 tx 512 >/dev/null 2>&1
		wait_carrier 10
		return 1
	fi
	wait_carrier 10 || why "no carrier after the resizes" || return 1
	ping_ok 5 || why "after the resizes: $PING" || return 1
	tcp_run /tmp/ring.json -t 2 || return 1
	INFO="256/1024/64/512 under load ($rg_tx packets sent meanwhile), invalid refused; then $PING; TCP $INFO"
}

# Each flap happens with the load running: before taking the link down
# again we wait until the background sender is through eth0 once more.
c_updown() {
	bg_start -u -b 5M -l 64 -t 60
	ud_p0=$(tx_packets)
	ud_i=0
	while [ $ud_i -lt 20 ]; do
		load_flowing 15 || { tx_diag; why "flap $ud_i: no traffic within 15 s"; } || break
		ud_i=$((ud_i + 1))
		ip link set eth0 down && ip link set eth0 up ||
			why "flap $ud_i: ip link set eth0 down/up failed" || break
		wait_carrier 10 || why "flap $ud_i: no carrier within 10 s" || break
		route_up || why "flap $ud_i: cannot restore the default route" || break
	done
	ud_tx=$(($(tx_packets) - ud_p0))
	bg_stop
	[ -z "$WHY" ] || return 1
	ping_ok 5 || why "after 20 flaps: $PING" || return 1
	INFO="20 flaps under load ($ud_tx packets sent), then $PING"
}

# mac_regs: the GMAC's address 0 registers from the register dump (MAC
# block first: high word at 0x40, low word at 0x44), as "HIGH LOW" in hex.
mac_regs() {
	ethtool -d eth0 raw on 2>/dev/null | od -An -tx4 -j 64 -N 8 | tr -s ' ' |
		sed 's/^ //'
}

# The address changes while the interface is up and carries traffic, as
# upstream allows (IFF_LIVE_ADDR_CHANGE): the stack takes it, the MAC's
# address registers hold it (02:12:34:56:78:9a: low word 0x56341202, high
# half 0x9a78), pings still go through; then the first address is back.
c_live_addr() {
	la_old=$(cat /sys/class/net/eth0/address)
	bg_start -u -b 5M -l 64 -t 60
	load_flowing 15 || { bg_stop; why "no traffic before the change"; return 1; }
	ip link set eth0 address 02:12:34:56:78:9a 2>/tmp/la.err ||
		{ bg_stop; why "while up: $(head -n 1 /tmp/la.err)"; return 1; }
	load_flowing 15 || why "no traffic after the change"
	bg_stop
	[ -z "$WHY" ] || return 1
	[ "$(cat /sys/class/net/eth0/address)" = 02:12:34:56:78:9a ] ||
		why "the stack says $(cat /sys/class/net/eth0/address)" || return 1
	la_regs=$(mac_regs)
	case "$la_regs" in
	*9a78" "56341202) ;;
	*) why "address registers (high low) $la_regs, want ....9a78 56341202"; return 1 ;;
	esac
	ping_ok 5 || why "after the change: $PING" || return 1
	ip link set eth0 address "$la_old" || why "cannot restore $la_old" || return 1
	ping_ok 5 || why "after restoring $la_old: $PING" || return 1
	INFO="02:12:34:56:78:9a under load, registers $la_regs, then $la_old back; $PING"
}

# The RMON counters of ethtool -S under upstream 6.12's names (its
# stmmac_mmc[] table), all 16 that this driver reports.
MMC_NAMES="mmc_tx_octetcount_gb mmc_tx_framecount_gb mmc_tx_framecount_g
mmc_tx_underflow_error mmc_tx_carrier_error mmc_tx_pause_frame
mmc_rx_framecount_gb mmc_rx_octetcount_gb mmc_rx_crc_error mmc_rx_align_error
mmc_rx_run_error mmc_rx_jabber_error mmc_rx_length_error mmc_rx_pause_frames
mmc_rx_fifo_overflow mmc_rx_watchdog_error"

# The other counters both drivers keep, under upstream's names (its
# stmmac_gstrings_stats[], stmmac_qstats_string[] and per-queue names).
DEV_NAMES="rx_crc_errors rx_length rx_gmac_overflow rx_missed_cntr
rx_overflow_cntr tx_undeflow_irq rx_buf_unav_irq fatal_bus_error_irq rx_pkt_n
tx_pkt_n tx_set_ic_bit q0_tx_pkt_n q0_rx_pkt_n"

# stat_of NAME: that counter's value in /tmp/stats.txt.
stat_of() {
	sed -n "s/^ *$1: \([0-9]*\)\$/\1/p" /tmp/stats.txt
}

# ethtool -i, -d and -S as upstream's: the driver is st_gmac, ethtool's own
# st_gmac decoder finds the DMA registers where the raw dump has them (the
# bus mode register, at 0x1000, as its DMA Reg0), the counters both drivers
# keep have upstream's names, and so has the PHY (stmmac-<alias>:<addr>).
c_drvinfo() {
	di_drv=$(ethtool -i eth0 | sed -n 's/^driver: //p')
	[ "$di_drv" = st_gmac ] || why "ethtool -i: driver '$di_drv', want st_gmac" ||
		return 1
	ethtool -d eth0 >/tmp/regs.txt 2>&1 || why "ethtool -d failed" || return 1
	grep -q '^ST GMAC Registers' /tmp/regs.txt ||
		why "ethtool -d: not decoded as st_gmac: $(head -n 1 /tmp/regs.txt)" ||
		return 1
	di_raw=$(ethtool -d eth0 raw on | od -An -tx4 -j 4096 -N 4 | tr -d ' ')
	di_dec=$(sed -n '/^DMA Registers/,$ s/^Reg0 *0x\([0-9A-Fa-f]*\)$/\1/p' /tmp/regs.txt |
		head -n 1 | tr 'A-F' 'a-f')
	[ -n "$di_raw" ] && [ "$di_raw" = "$di_dec" ] ||
		why "DMA bus mode: raw dump $di_raw, decoded $di_dec" || return 1
	# upstream's MDIO names: the board DT's alias for GMAC0 is ethernet2
	di_phy=$(basename "$(readlink /sys/class/net/eth0/phydev)")
	case "$di_phy" in
	stmmac-2:[0-9a-f][0-9a-f]) ;;
	*) why "eth0's PHY is '$di_phy', want stmmac-2:<addr>"; return 1 ;;
	esac
	ethtool -S eth0 >/tmp/stats.txt 2>&1 || why "ethtool -S failed" || return 1
	di_n=0
	for di_m in $MMC_NAMES $DEV_NAMES; do
		grep -q "^ *$di_m: [0-9]*\$" /tmp/stats.txt ||
			why "ethtool -S: no $di_m" || return 1
		di_n=$((di_n + 1))
	done
	# One queue each way here: the sums are that queue's counts.
	[ "$(stat_of tx_pkt_n)" -gt 0 ] && [ "$(stat_of tx_pkt_n)" = "$(stat_of q0_tx_pkt_n)" ] &&
		[ "$(stat_of rx_pkt_n)" -gt 0 ] && [ "$(stat_of rx_pkt_n)" = "$(stat_of q0_rx_pkt_n)" ] ||
		why "ethtool -S: tx_pkt_n $(stat_of tx_pkt_n) q0_tx_pkt_n $(stat_of q0_tx_pkt_n) rx_pkt_n $(stat_of rx_pkt_n) q0_rx_pkt_n $(stat_of q0_rx_pkt_n)" ||
		return 1
	INFO="driver $di_drv, PHY $di_phy, firmware-version $(ethtool -i eth0 | sed -n 's/^firmware-version: //p'), ethtool -d decodes DMA Reg0 0x$di_dec, ethtool -S has $di_n of upstream's names, tx_pkt_n $(stat_of tx_pkt_n)"
}

# ethtool -T and the hwtstamp ioctls: the board's GMAC model has no
# timestamping unit (its HW feature register, 0x100d4f37, has neither
# 1588 bit), so the port reports software timestamps and no PHC, and
# refuses SIOCSHWTSTAMP and SIOCGHWTSTAMP (EOPNOTSUPP), as upstream does
# there. The unit, the PHC and the hardware timestamps are KUnit's
# (kunit/stmmac_ptp_kunit.c).
c_tstamp() {
	ethtool -T eth0 >/tmp/ts.txt 2>&1 || why "ethtool -T failed: $(head -n 1 /tmp/ts.txt)" ||
		return 1
	for ts_cap in software-transmit software-receive software-system-clock; do
		grep -q "$ts_cap" /tmp/ts.txt || why "ethtool -T: no $ts_cap" || return 1
	done
	ts_phc=$(sed -n 's/^PTP Hardware Clock: *//p' /tmp/ts.txt)
	[ "$ts_phc" = none ] || why "ethtool -T: PHC '$ts_phc' on a model without a timestamping unit" ||
		return 1
	! grep -q hardware-transmit /tmp/ts.txt || why "ethtool -T: hardware-transmit without a unit" ||
		return 1
	hwstamp_ctl -i eth0 -t 1 -r 1 >/tmp/hwts.txt 2>&1
	grep -q 'SIOCSHWTSTAMP failed: Operation not supported' /tmp/hwts.txt &&
		! grep -q 'new settings' /tmp/hwts.txt ||
		why "hwstamp_ctl -t 1 -r 1: $(tr '\n' ' ' </tmp/hwts.txt)" || return 1
	grep -q 'does not have support for non-destructive SIOCGHWTSTAMP' /tmp/hwts.txt ||
		why "SIOCGHWTSTAMP: $(tr '\n' ' ' </tmp/hwts.txt)" || return 1
	ping_ok 5 || why "ping after the hwtstamp requests: $PING" || return 1
	INFO="ethtool -T: software timestamps, PTP Hardware Clock: none (no unit in the model); SIOCSHWTSTAMP and SIOCGHWTSTAMP: EOPNOTSUPP; traffic flows"
}

# traffic USECS FRAMES: UDP and TCP still flow with these coalescing values.
traffic() {
	coal_ok -C "$1" "$2" tx-usecs "$1" tx-frames "$2" || return 1
	udp_run /tmp/traffic-udp.json || return 1
	tf_udp=$INFO
	tcp_run /tmp/traffic-tcp.json -t 3 || return 1
	put_exact 1048576 || return 1
	INFO="UDP: $tf_udp; TCP: $INFO; 1 MiB exact at the host"
}

c_traffic_usecs0() {
	traffic 0 1
}

c_traffic_frames256() {
	traffic 5000 256
	tf_rc=$?
	coal_defaults
	return $tf_rc
}

# The second GMAC, wired to the first through QEMU's hub
# (STMMAC_BOARD_TWOPORT), is the far end of an L2 segment, in a network
# namespace of its own. QEMU's user network is on the hub too, and it
# answers every IPv4/IPv6 frame it sees as a NAT router, whatever the
# destination MAC (a TCP SYN to eth1 gets a reset from it), but ignores
# VLAN-tagged ones: the two ports talk over VLAN 77, eth0.77 192.168.77.1
# and eth1.77 192.168.77.2.
NS_PID=
ns() {
	nsenter -t "$NS_PID" -n "$@"
}

twoport_up() {
	[ -n "$NS_PID" ] && return 0
	[ -e /sys/class/net/eth1 ] ||
		why "no eth1: the board was booted without the second GMAC wired" || return 1
	unshare -n sleep 100000 &
	NS_PID=$!
	tu_n=0
	while [ "$(readlink /proc/$NS_PID/ns/net)" = "$(readlink /proc/self/ns/net)" ]; do
		tu_n=$((tu_n + 1))
		[ $tu_n -gt 50 ] && { why "unshare -n: no new network namespace"; return 1; }
		sleep 0.1
	done
	ip link set eth1 netns "$NS_PID" || why "cannot move eth1 into a namespace" || return 1
	ns ip link set lo up
	ns ip link set eth1 up || why "eth1 does not come up" || return 1
	ns ip link add link eth1 name eth1.77 type vlan id 77 &&
		ip link add link eth0 name eth0.77 type vlan id 77 ||
		why "cannot add VLAN 77 on eth0 and eth1" || return 1
	ns ip addr add 192.168.77.2/24 dev eth1.77
	ns ip link set eth1.77 up
	ip addr add 192.168.77.1/24 dev eth0.77
	ip link set eth0.77 up
	tu_n=0
	until ns ip link show eth1 | grep -q LOWER_UP; do
		tu_n=$((tu_n + 1))
		[ $tu_n -gt 100 ] && { why "eth1: no carrier within 10 s"; return 1; }
		sleep 0.1
	done
	# The first frames may go before the PHY reports the link to eth0.
	ping -c 1 -W 5 192.168.77.2 >/dev/null 2>&1
	ping -c 3 -W 2 192.168.77.2 >/dev/null 2>&1 || why "eth0 -> eth1: no answer" || return 1
}

# eth1_mac: eth1's MAC address (sysfs shows the first namespace's devices).
eth1_mac() {
	ns ip link show eth1 | awk '$1 == "link/ether" { print $2 }'
}

# mtu_both MTU: eth0, eth1 and their VLAN devices at MTU.
mtu_both() {
	ip link set eth0 mtu "$1" && ip link set eth0.77 mtu "$1" &&
		ns ip link set eth1 mtu "$1" && ns ip link set eth1.77 mtu "$1"
}

# max_mtu [ns]: the largest MTU eth0 (ns: eth1) takes, of 1500, 9000 and
# 9001 (jumbo frames, and not more than the GMAC's 9018-byte limit).
max_mtu() {
	mm_max=0
	for mm_m in 1500 9000 9001; do
		if [ "${1:-}" = ns ]; then
			ns ip link set eth1 mtu $mm_m 2>/dev/null
		else
			ip link set eth0 mtu $mm_m 2>/dev/null
		fi && mm_max=$mm_m
	done
	echo $mm_max
}

# frag_count: IP fragments made (FragCreates) and reassemblies asked for
# (ReasmReqds) in the namespace of the cat that reads /proc/net/snmp.
frag_count() {
	"$@" cat /proc/net/snmp | awk '$1 == "Ip:" && $2 !~ /^[0-9]/ {
			for (i = 2; i <= NF; i++) col[$i] = i }
		$1 == "Ip:" && $2 ~ /^[0-9]/ { print $col["FragCreates"] + $col["ReasmReqds"] }'
}

# listening PORT [ns]: a TCP socket listens on PORT (in eth1's namespace).
listening() {
	ls_hex=$(printf ':%04X ' "$1")
	shift
	"$@" cat /proc/net/tcp /proc/net/tcp6 2>/dev/null |
		awk -v p="$ls_hex" 'index($2 " ", p) && $4 == "0A" { f = 1 } END { exit !f }'
}

# exact_pipe SENDER RECEIVER_IP PORT: 2 MiB of random bytes from the side
# SENDER (host: eth0's, ns: eth1's) to the other, compared by md5.
exact_pipe() {
	head -c 2097152 /dev/urandom >/tmp/j.bin
	ep_md5=$(md5sum </tmp/j.bin | cut -d' ' -f1)
	rm -f /tmp/j.rx /tmp/j.hold
	# nc -l ends when the sender's side closes, if its own stdin stays
	# open: a FIFO this shell holds open for writing until then.
	mkfifo /tmp/j.hold
	if [ "$1" = host ]; then
		ns timeout 30 nc -l -p "$3" </tmp/j.hold >/tmp/j.rx 2>/tmp/j.err &
		ep_rx=ns
	else
		timeout 30 nc -l -p "$3" </tmp/j.hold >/tmp/j.rx 2>/tmp/j.err &
		ep_rx=
	fi
	ep_pid=$!
	exec 7>/tmp/j.hold
	ep_n=0
	until listening "$3" $ep_rx; do
		ep_n=$((ep_n + 1))
		if [ $ep_n -gt 50 ]; then
			exec 7>&-
			why "nc -l -p $3 on the $([ -n "$ep_rx" ] && echo eth1 || echo eth0) side does not listen: $(cat /tmp/j.err)"
			return 1
		fi
		sleep 0.1
	done
	if [ "$1" = host ]; then
		timeout 30 nc "$2" "$3" </tmp/j.bin
	else
		ns timeout 30 nc "$2" "$3" </tmp/j.bin
	fi
	wait $ep_pid
	exec 7>&-
	ep_got=$(md5sum </tmp/j.rx | cut -d' ' -f1)
	ep_n=$(wc -c </tmp/j.rx)
	rm -f /tmp/j.bin /tmp/j.rx /tmp/j.hold
	[ "$ep_got" = "$ep_md5" ] ||
		why "2 MiB from $1's side: $ep_n bytes arrived, md5 $ep_got, want $ep_md5 ($(cat /tmp/j.err))"
}

# Jumbo frames between the two ports (tagged: 9022 bytes with FCS, the
# GMAC's limit with JE): both at the largest MTU they take (9000 at least),
# a ping of that size each way unfragmented (no IP fragment made or
# reassembled on either side: ping -M do's test), then an exact TCP
# transfer each way, whose segments span several RX descriptors.
c_jumbo() {
	twoport_up || return 1
	jb_m0=$(max_mtu)
	jb_m1=$(max_mtu ns)
	jb_m=$((jb_m0 < jb_m1 ? jb_m0 : jb_m1))
	# A GMAC 3.x with JE takes 9018-byte frames; this board's DT caps
	# nothing (no max-frame-size, no tx-fifo-depth).
	[ "$jb_m0" = 9000 ] && [ "$jb_m1" = 9000 ] ||
		why "largest MTU eth0 $jb_m0, eth1 $jb_m1, want 9000 (jumbo frames)" || return 1
	mtu_both "$jb_m" || why "cannot set MTU $jb_m on both" || return 1
	jb_f0=$(frag_count)
	jb_f1=$(frag_count ns)
	ping -c 3 -W 3 -s $((jb_m - 28)) 192.168.77.2 >/tmp/jping.out 2>&1 ||
		why "eth0 -> eth1 at $((jb_m - 28)) bytes: $(grep 'packets transmitted' /tmp/jping.out)" || return 1
	ns ping -c 3 -W 3 -s $((jb_m - 28)) 192.168.77.1 >/tmp/jping.out 2>&1 ||
		why "eth1 -> eth0 at $((jb_m - 28)) bytes: $(grep 'packets transmitted' /tmp/jping.out)" || return 1
	jb_g0=$(frag_count)
	jb_g1=$(frag_count ns)
	[ "$jb_g0" = "$jb_f0" ] && [ "$jb_g1" = "$jb_f1" ] ||
		why "pings at MTU $jb_m were fragmented (fragments: eth0's side $jb_f0 -> $jb_g0, eth1's $jb_f1 -> $jb_g1)" || return 1
	exact_pipe host 192.168.77.2 5001 || return 1
	exact_pipe ns 192.168.77.1 5002 || return 1
	INFO="largest MTU $jb_m (eth0 $jb_m0, eth1 $jb_m1): $((jb_m - 28))-byte pings both ways unfragmented, 2 MiB exact each way (VLAN 77)"
	mtu_both 1500
}

# tcp_csum_errors [ns]: TCP segments dropped for a bad checksum (InCsumErrors)
# in the namespace of the cat that reads /proc/net/snmp.
tcp_csum_errors() {
	"$@" cat /proc/net/snmp | awk '$1 == "Tcp:" && $2 !~ /^[0-9]/ {
			for (i = 2; i <= NF; i++) col[$i] = i }
		$1 == "Tcp:" && $2 ~ /^[0-9]/ { print $col["InCsumErrors"] }'
}

# vlan_offloads IFACE [ns]: IFACE checksums and gathers in hardware.
vlan_offloads() {
	vo_k=$(${2:+ns} ethtool -k "$1" 2>/dev/null)
	for vo_f in tx-checksumming scatter-gather; do
		printf '%s\n' "$vo_k" | grep -q "^$vo_f: on" ||
			why "$1: $vo_f '$(printf '%s\n' "$vo_k" | sed -n "s/^$vo_f: //p")', want on (vlan_features)" ||
			return 1
	done
}

# VLAN devices keep the port's offloads (vlan_features): eth0.77 and
# eth1.77 checksum and scatter-gather in hardware like their ports. Then
# 2 MiB from eth0.77 to eth1.77 at MTU 1500, so that every frame is one the
# checksum engine takes, with eth1's RX checksum check off: the receiver's
# stack verifies each TCP checksum the GMAC inserted after the tag.
c_vlan_offload() {
	twoport_up || return 1
	vlan_offloads eth0.77 && vlan_offloads eth1.77 ns || return 1
	ns ethtool -K eth1 rx off >/dev/null 2>&1 ||
		why "ethtool -K eth1 rx off refused" || return 1
	vo_e=$(tcp_csum_errors ns)
	exact_pipe host 192.168.77.2 5403
	vo_rc=$?
	vo_f=$(tcp_csum_errors ns)
	ns ethtool -K eth1 rx on >/dev/null 2>&1
	[ $vo_rc -eq 0 ] || return 1
	[ "$vo_e" = "$vo_f" ] ||
		why "eth1 dropped $((vo_f - vo_e)) TCP segments with a bad checksum" || return 1
	INFO="eth0.77 and eth1.77 checksum and SG in hardware; 2 MiB exact eth0.77 -> eth1.77, checked in software at eth1 (InCsumErrors $vo_e -> $vo_f)"
}

# ll_addr [ns] IFACE: IFACE's link-local IPv6 address once it is past
# duplicate address detection (flags 80, permanent: not tentative, not
# dadfailed), written out in full; empty before.
ll_addr() {
	la_in=
	[ "$1" = ns ] && { la_in=ns; shift; }
	$la_in cat /proc/net/if_inet6 | awk -v d="$1" '$6 == d && $4 == "20" && $5 == "80" {
		a = $1; o = substr(a, 1, 4)
		for (i = 5; i < 32; i += 4) o = o ":" substr(a, i, 4)
		print o }'
}

# IPv6 between the ports: link-local addresses out of DAD on both, pings
# each way, and eth0's neighbour entry for eth1 learnt by neighbour
# discovery (a solicitation to eth1's solicited-node multicast group, an
# advertisement back) with eth1's MAC address.
c_ipv6() {
	twoport_up || return 1
	v6_n=0
	until v6_a0=$(ll_addr eth0.77) && v6_a1=$(ll_addr ns eth1.77) &&
		[ -n "$v6_a0" ] && [ -n "$v6_a1" ]; do
		v6_n=$((v6_n + 1))
		[ $v6_n -gt 100 ] &&
			{ why "no link-local address past DAD within 10 s: $(grep -h '\.77$' /proc/net/if_inet6) / $(ns grep -h '\.77$' /proc/net/if_inet6)"; return 1; }
		sleep 0.1
	done
	ip -6 neigh flush dev eth0.77 >/dev/null 2>&1
	ns ip -6 neigh flush dev eth1.77 >/dev/null 2>&1
	ping6 -c 3 -W 3 -I eth0.77 "$v6_a1" >/tmp/v6.out 2>&1 ||
		why "eth0 -> eth1 $v6_a1: $(grep 'packets transmitted' /tmp/v6.out || tail -n 1 /tmp/v6.out)" || return 1
	ns ping6 -c 3 -W 3 -I eth1.77 "$v6_a0" >/tmp/v6.out 2>&1 ||
		why "eth1 -> eth0 $v6_a0: $(grep 'packets transmitted' /tmp/v6.out || tail -n 1 /tmp/v6.out)" || return 1
	v6_m1=$(eth1_mac)
	[ -n "$v6_m1" ] || why "cannot read eth1's MAC address" || return 1
	v6_nb=$(ip -6 neigh show dev eth0.77 | grep -i "lladdr $v6_m1")
	case "$v6_nb" in
	'' | *FAILED* | *INCOMPLETE*)
		why "eth0.77 has no neighbour entry with eth1's $v6_m1: '$(ip -6 neigh show dev eth0.77 | tr '\n' ';')'"
		return 1
		;;
	esac
	INFO="eth0.77 $v6_a0 <-> eth1.77 $v6_a1, 3 pings each way; neighbour: ${v6_nb% }"
}

# udp_bound PORT [ns]: a UDP socket is bound to PORT.
udp_bound() {
	ub_hex=$(printf ':%04X ' "$1")
	shift
	"$@" cat /proc/net/udp | awk -v p="$ub_hex" 'index($2 " ", p) { f = 1 } END { exit !f }'
}

# poll CMD...: CMD succeeds within 5 s, tried every 0.1 s.
poll() {
	po_n=0
	until "$@"; do
		po_n=$((po_n + 1))
		[ $po_n -gt 50 ] && return 1
		sleep 0.1
	done
}

# mc_listed: 01:00:5e:4d:00:01 (239.77.0.1) is in eth1's address list.
mc_listed() {
	ns cat /proc/net/dev_mcast | grep -q '^[0-9]* *eth1 .* 01005e4d0001$'
}

# Multicast between the ports: a socket on eth1 joins 239.77.0.1; what eth0
# sends to that group arrives, each datagram once, and what it sends to
# 239.77.0.2, which nobody joined, to the same port does not. The group
# reaches eth1's own address list (the driver's filter input): a real GMAC
# drops frames for groups not in its hash filter, this board's model
# filters nothing, so here the stack drops the second group.
c_multicast() {
	twoport_up || return 1
	rm -f /tmp/mc.rx
	ns socat -u UDP4-RECV:5300,ip-add-membership=239.77.0.1:eth1.77 \
		OPEN:/tmp/mc.rx,creat,append 2>/tmp/mc.err &
	mc_pid=$!
	poll udp_bound 5300 ns ||
		{ kill $mc_pid 2>/dev/null; why "socat does not listen on eth1: $(cat /tmp/mc.err)"; return 1; }
	# socat joins the group once its socket is bound.
	poll mc_listed ||
		{ kill $mc_pid; why "239.77.0.1 joined on eth1.77 but 01:00:5e:4d:00:01 is not in eth1's list: $(ns cat /proc/net/dev_mcast | tr '\n' ' ')"; return 1; }
	for mc_i in 1 2 3 4 5 6 7 8 9 10; do
		echo "joined $mc_i" | socat -u - UDP4-DATAGRAM:239.77.0.1:5300,ip-multicast-if=192.168.77.1
		echo "stray $mc_i" | socat -u - UDP4-DATAGRAM:239.77.0.2:5300,ip-multicast-if=192.168.77.1
	done
	sleep 1
	kill $mc_pid
	wait $mc_pid 2>/dev/null
	mc_got=$(grep -c '^joined' /tmp/mc.rx)
	mc_uniq=$(grep '^joined' /tmp/mc.rx | sort -u | wc -l)
	mc_stray=$(grep -c '^stray' /tmp/mc.rx)
	[ "$mc_got" = 10 ] && [ "$mc_uniq" = 10 ] ||
		why "239.77.0.1: $mc_got datagrams received ($mc_uniq distinct), want the 10 sent" || return 1
	[ "$mc_stray" = 0 ] ||
		why "239.77.0.2, not joined: $mc_stray of 10 datagrams reached the socket" || return 1
	INFO="eth1 joined 239.77.0.1: 10/10 received once; 239.77.0.2 not joined: 0/10"
}

# coal_rings IFACE: "tx-usecs tx-frames rx-ring tx-ring" of IFACE as ethtool
# reads them (run through ns for eth1).
coal_rings() {
	cr_c=$("$@" ethtool -c "$1" 2>/dev/null | awk '$1 == "tx-usecs:" { u = $2 }
		$1 == "tx-frames:" { f = $2 } END { print u, f }')
	cr_g=$("$@" ethtool -g "$1" 2>/dev/null | awk '/^Current/ { cur = 1 }
		cur && $1 == "RX:" { rx = $2 } cur && $1 == "TX:" { tx = $2 }
		END { print rx, tx }')
	echo "$cr_c $cr_g"
}

# flood_step N: the Nth reconfiguration of both ports under the flood,
# alternating -C and -G between them; 1 when there is none left.
flood_step() {
	case $1 in
	1) fs_0="-C eth0 tx-usecs 0 tx-frames 1" fs_1="-G eth1 rx 256 tx 256" ;;
	2) fs_0="-G eth0 rx 64 tx 64" fs_1="-C eth1 tx-usecs 100000 tx-frames 256" ;;
	3) fs_0="-C eth0 tx-usecs 20 tx-frames 8" fs_1="-G eth1 rx 1024 tx 1024" ;;
	4) fs_0="-G eth0 rx 1024 tx 128" fs_1="-C eth1 tx-usecs 0 tx-frames 1" ;;
	5) fs_0="-C eth0 tx-usecs 5000 tx-frames 25" fs_1="-G eth1 rx 512 tx 512" ;;
	6) fs_0="-G eth0 rx 512 tx 512" fs_1="-C eth1 tx-usecs 5000 tx-frames 25" ;;
	*) return 1 ;;
	esac
	timeout 20 ethtool $fs_0 >/tmp/flood.cfg 2>&1 ||
		{ FLOOD_WHY="ethtool $fs_0 refused: $(head -n 1 /tmp/flood.cfg)"; return 2; }
	ns timeout 20 ethtool $fs_1 >/tmp/flood.cfg 2>&1 ||
		{ FLOOD_WHY="(eth1) ethtool $fs_1 refused: $(head -n 1 /tmp/flood.cfg)"; return 2; }
}

# A bidirectional TCP flood between the ports (iperf3 --bidir over VLAN
# 77) while both are reconfigured, -C and -G in turn: both directions carry
# data through it, every change is taken, and afterwards each way still
# moves 2 MiB exactly, at the defaults both ports are back to.
c_flood() {
	twoport_up || return 1
	fl_before0=$(coal_rings eth0)
	fl_before1=$(coal_rings eth1 ns)
	ns iperf3 -s -1 -p 5400 >/tmp/flood.srv 2>&1 &
	fl_srv=$!
	poll listening 5400 ns ||
		{ kill $fl_srv; why "iperf3 -s does not listen on eth1's side"; return 1; }
	timeout 40 iperf3 -c 192.168.77.2 -p 5400 --bidir -t 16 -J >/tmp/flood.json 2>&1 &
	fl_cli=$!
	sleep 2
	fl_i=1 FLOOD_WHY=
	while flood_step $fl_i; do
		fl_i=$((fl_i + 1))
		sleep 2
	done
	wait $fl_cli
	fl_rc=$?
	wait $fl_srv 2>/dev/null
	[ -z "$FLOOD_WHY" ] || why "$FLOOD_WHY" || return 1
	[ $fl_rc -eq 0 ] ||
		why "iperf3 --bidir: $(iperf_error /tmp/flood.json || true) (exit $fl_rc)" || return 1
	fl_tx=$(json_num /tmp/flood.json sum_received bytes)
	fl_rx=$(json_num /tmp/flood.json sum_received_bidir_reverse bytes)
	[ "${fl_tx:-0}" -gt 0 ] && [ "${fl_rx:-0}" -gt 0 ] ||
		why "iperf3 --bidir: eth0 -> eth1 ${fl_tx:-?} bytes, eth1 -> eth0 ${fl_rx:-?} bytes" ||
		return 1
	[ "$(coal_rings eth0)" = "$fl_before0" ] && [ "$(coal_rings eth1 ns)" = "$fl_before1" ] ||
		why "not back to the defaults: eth0 '$(coal_rings eth0)' want '$fl_before0', eth1 '$(coal_rings eth1 ns)' want '$fl_before1'" ||
		return 1
	exact_pipe host 192.168.77.2 5401 || return 1
	exact_pipe ns 192.168.77.1 5402 || return 1
	INFO="16 s both ways under $((fl_i - 1)) -C/-G changes per port: eth0 -> eth1 $fl_tx bytes, eth1 -> eth0 $fl_rx bytes; then 2 MiB exact each way"
}

# Netconsole over eth0 (through VLAN 77, to a socket on eth1): netpoll sends
# with interrupts off and, when the ring is full, reclaims it through the
# NAPI poll with budget 0, which may clean TX but must not receive. So
# eth0's TX ring is at its smallest and its TX completions are held back
# (tx-frames 256, tx-usecs 100 ms) under UDP both ways with the host:
# every message must arrive once and in order, and the kernel log stays
# clean (a poll that receives at budget 0 warns). A kprobe counts the TX
# NAPI polls at budget 0 for the report only: whether netpoll finds the
# queue stopped depends on timing (0 to several hundred per run here). The receiver's socket gets 4 MiB
# of buffer: the emulated board is slow to schedule it.
KP=/sys/kernel/tracing/kprobe_events
NC_N=100
c_netconsole() {
	twoport_up || return 1
	nc_t=/sys/kernel/config/netconsole/board
	grep -q ' /sys/kernel/config ' /proc/mounts ||
		mount -t configfs configfs /sys/kernel/config ||
		why "cannot mount configfs" || return 1
	nc_poll=
	for nc_sym in stmmac_tx_poll stmmac_napi_poll_tx; do
		grep -q " $nc_sym\$" /proc/kallsyms && { nc_poll=$nc_sym; break; }
	done
	[ -n "$nc_poll" ] && echo "p:nc_poll $nc_poll budget=%r1:s32" >>$KP ||
		why "cannot place a kprobe on the TX NAPI poll" || return 1
	echo 'budget == 0' >/sys/kernel/tracing/events/kprobes/nc_poll/filter
	echo 4194304 >/proc/sys/net/core/rmem_max
	rm -f /tmp/nc.rx
	ns socat -u UDP4-RECV:6666,rcvbuf=4194304 OPEN:/tmp/nc.rx,creat,append 2>/tmp/nc.err &
	nc_rx=$!
	poll udp_bound 6666 ns ||
		{ kill $nc_rx; why "socat does not listen on eth1: $(cat /tmp/nc.err)"; return 1; }
	mkdir "$nc_t" &&
		echo eth0.77 >"$nc_t/dev_name" &&
		echo 192.168.77.1 >"$nc_t/local_ip" &&
		echo 192.168.77.2 >"$nc_t/remote_ip" &&
		echo 6666 >"$nc_t/remote_port" &&
		eth1_mac >"$nc_t/remote_mac" &&
		echo 1 >"$nc_t/enabled" ||
		{ kill $nc_rx; why "netconsole target on eth0.77 refused"; return 1; }
	ethtool -G eth0 tx 64 && ethtool -C eth0 tx-usecs 100000 tx-frames 256 ||
		why "eth0: cannot shrink the TX ring and hold completions back"
	# UDP both ways with the host: eth0's ring stays nearly full, so
	# netpoll finds its queue stopped, and frames arrive meanwhile.
	timeout 30 iperf3 -c $HOST -p "$PORT2" --bidir -u -b 8M -l 1000 -t 6 >/tmp/nc.cli 2>&1 &
	nc_cli=$!
	sleep 1
	nc_r0=$(rx_packets)
	nc_e0=$(ns grep 'eth1:' /proc/net/dev | awk '{ print $3 }')
	: >/sys/kernel/tracing/trace
	echo 1 >/sys/kernel/tracing/events/kprobes/nc_poll/enable
	# /dev/kmsg lets a writer through ten lines in five seconds unless told.
	nc_rl=$(cat /proc/sys/kernel/printk_devkmsg)
	echo on >/proc/sys/kernel/printk_devkmsg
	for nc_i in $(seq 1 $NC_N); do
		echo "<4>stmmac-nc $nc_i" >/dev/kmsg
	done
	echo "$nc_rl" >/proc/sys/kernel/printk_devkmsg
	nc_n=0
	until [ "$(grep -c 'stmmac-nc [0-9]' /tmp/nc.rx)" -ge $NC_N ] || [ $nc_n -gt 100 ]; do
		nc_n=$((nc_n + 1))
		sleep 0.2
	done
	echo 0 >/sys/kernel/tracing/events/kprobes/nc_poll/enable
	nc_p0=$(grep -c 'nc_poll:' /sys/kernel/tracing/trace)
	echo "-:nc_poll" >>$KP
	nc_r=$(($(rx_packets) - nc_r0))
	nc_e=$(($(ns grep 'eth1:' /proc/net/dev | awk '{ print $3 }') - nc_e0))
	wait $nc_cli
	echo 0 >"$nc_t/enabled"
	rmdir "$nc_t"
	kill $nc_rx
	wait $nc_rx 2>/dev/null
	ethtool -G eth0 tx 512
	coal_defaults
	[ -z "$WHY" ] || return 1
	nc_bad=$(grep -o 'stmmac-nc [0-9]*' /tmp/nc.rx | awk -v want=$NC_N '{ n++ } $2 != n { print "message " n " is " $2; exit }
		END { if (n != want) print n " of " want " messages" }')
	[ -z "$nc_bad" ] ||
		why "netconsole over eth0 -> eth1: $nc_bad (eth1 received $nc_e frames meanwhile; eth1's side $(ns grep '^Udp:' /proc/net/snmp | tr '\n' ' '))" ||
		return 1
	[ "$nc_r" -gt $NC_N ] ||
		why "eth0 received only $nc_r frames meanwhile: no flood to poll against" || return 1
	INFO="$NC_N messages over eth0 (TX ring 64, completions held back), $nc_poll at budget 0 $nc_p0 times, under UDP both ways with the host (eth0 received $nc_r frames): all arrived at eth1 once, in order"
}

# xdp_send TAG: 20 datagrams "TAG N" from eth0.77 to eth1.77's port 5400.
xdp_send() {
	for xs_i in $(seq 1 20); do
		echo "$1 $xs_i" | socat -u - UDP4-DATAGRAM:192.168.77.2:5400
	done
	sleep 1
}

# xdp_got TAG: how many of the datagrams "TAG N" eth1's socket received.
xdp_got() {
	grep -c "^$1 " /tmp/xdp.rx
}

# xdp_attach PROG: xdpload on eth1; then, as attaching may restart the
# data path, eth1.77 answering pings again (for PROG pass and off).
xdp_attach() {
	ns xdpload eth1 "$1" 2>/tmp/xdp.err ||
		why "xdpload eth1 $1: $(tr '\n' ' ' </tmp/xdp.err)" || return 1
	case $1 in
	pass | off)
		poll xdp_reachable ||
			why "eth1.77 unreachable after xdpload eth1 $1" || return 1
		;;
	esac
}

# xdp_reachable: eth1.77 answers a ping from eth0.77 (the first after a
# restart of eth1's data path may go unanswered).
xdp_reachable() {
	ping -c 1 -W 1 192.168.77.2 >/dev/null 2>&1
}

# xdp_listen: eth1's receiver for the XDP checks, a socat appending UDP
# port 5400's datagrams to /tmp/xdp.rx, in XDP_RX once it listens (started
# by nsenter itself, not ns(): $! is then socat's own PID, for kill).
xdp_listen() {
	rm -f /tmp/xdp.rx /tmp/xdp.pkt
	nsenter -t "$NS_PID" -n socat -u UDP4-RECV:5400 \
		OPEN:/tmp/xdp.rx,creat,append 2>/tmp/xdp.serr &
	XDP_RX=$!
	poll udp_bound 5400 ns ||
		{ kill $XDP_RX; why "socat does not listen on eth1: $(cat /tmp/xdp.serr)"; return 1; }
}

# Native XDP on eth1 (scripts/guest/xdpload.c: a few eBPF instructions
# per program, attached in driver mode), with UDP from eth0.77: PASS
# delivers every datagram to eth1's socket, DROP and ABORTED none (a swap
# of programs while up), TX sends each frame back out of eth1 with its
# addresses swapped, its payload intact (a packet socket on eth0 sees
# every datagram twice: sent, then returned), and without a program all
# arrive again. The programs let ARP over VLAN 77 through, so that eth0
# keeps finding eth1. An MTU whose frames span RX buffers is refused with the
# program attached, and the program refused at such an MTU, the
# driver's reason in the extended ack.
c_xdp() {
	twoport_up || return 1
	xdp_listen || return 1
	xc_fail=
	xdp_attach pass && xdp_send pass && [ "$(xdp_got pass)" = 20 ] ||
		xc_fail="${WHY:-XDP_PASS: $(xdp_got pass) of 20 datagrams delivered}"
	[ -z "$xc_fail" ] && xdp_attach drop && xdp_send drop
	[ -z "$xc_fail" ] && { [ -z "$WHY" ] && [ "$(xdp_got drop)" = 0 ] ||
		xc_fail="${WHY:-XDP_DROP: $(xdp_got drop) of 20 datagrams delivered}"; }
	[ -z "$xc_fail" ] && xdp_attach aborted && xdp_send aborted
	[ -z "$xc_fail" ] && { [ -z "$WHY" ] && [ "$(xdp_got aborted)" = 0 ] ||
		xc_fail="${WHY:-XDP_ABORTED: $(xdp_got aborted) of 20 datagrams delivered}"; }
	if [ -z "$xc_fail" ]; then
		socat -u INTERFACE:eth0 OPEN:/tmp/xdp.pkt,creat 2>/dev/null &
		xd_pkt=$!
		sleep 0.5
		xdp_attach tx && xdp_send xdp-tx
		kill $xd_pkt
		wait $xd_pkt 2>/dev/null
		xd_back=$(grep -a -o 'xdp-tx [0-9]*' /tmp/xdp.pkt | sort | uniq -c |
			awk '$1 == 2 { n++ } END { print n + 0 }')
		[ -z "$WHY" ] && [ "$xd_back" = 20 ] && [ "$(xdp_got xdp-tx)" = 0 ] ||
			xc_fail="${WHY:-XDP_TX: $xd_back of 20 datagrams came back to eth0 intact, $(xdp_got xdp-tx) reached eth1's socket}"
	fi
	if [ -z "$xc_fail" ]; then
		ns ip link set eth1 mtu 9000 2>/dev/null &&
			xc_fail="MTU 9000 taken on eth1 with an XDP program attached"
	fi
	[ -z "$xc_fail" ] && { xdp_attach off || xc_fail=$WHY; }
	if [ -z "$xc_fail" ]; then
		ns ip link set eth1 mtu 9000 && ns ip link set eth1.77 mtu 9000 &&
			! ns xdpload eth1 pass 2>/tmp/xdp.err ||
			xc_fail="XDP program taken at MTU 9000 (or the MTU refused without one)"
		xd_why=$(grep '^xdpload: ' /tmp/xdp.err | head -1)
		ns ip link set eth1.77 mtu 1500
		ns ip link set eth1 mtu 1500
		xdp_attach off || xc_fail=$WHY
	fi
	[ -z "$xc_fail" ] && xdp_send off && [ "$(xdp_got off)" != 20 ] &&
		xc_fail="no program: $(xdp_got off) of 20 datagrams delivered"
	ns xdpload eth1 off 2>/dev/null
	kill $XDP_RX
	wait $XDP_RX 2>/dev/null
	WHY=
	[ -z "$xc_fail" ] || { why "$xc_fail"; return 1; }
	INFO="on eth1, 20 datagrams each: PASS 20 delivered, DROP 0, ABORTED 0, TX 20 back at eth0 intact, none without a program lost; MTU 9000 refused with a program, the program at MTU 9000 refused ($xd_why)"
}

# xr_count: eth1's XDP counters summed over its queues, as ethtool -S
# shows them: "redirected sent errors".
xr_count() {
	ns ethtool -S eth1 | awk '
		/^ *rx_q[0-9]+_xdp_redirect:/ { r += $2 }
		/^ *tx_q[0-9]+_xdp_frames:/ { t += $2 }
		/^ *rx_q[0-9]+_xdp_errors:/ { e += $2 }
		END { print r + 0, t + 0, e + 0 }'
}

# XDP_REDIRECT on eth1 through the bpf_redirect() helper (xdpload's
# "redirect": the Ethernet addresses swapped, redirected to eth1's own
# ifindex, sent by ndo_xdp_xmit at the RX poll's end): every datagram
# eth0.77 sends comes back to eth0 with its payload intact (a packet
# socket on eth0 sees it twice), none reaches eth1's socket, and eth1's
# ethtool -S counts as many frames redirected as XDP frames sent, at least
# the datagrams, and no XDP error.
c_xdp_redirect() {
	twoport_up || return 1
	xdp_listen || return 1
	socat -u INTERFACE:eth0 OPEN:/tmp/xdp.pkt,creat 2>/dev/null &
	xr_pkt=$!
	sleep 0.5
	xr_fail=
	xr_c0=$(xr_count)
	xdp_attach redirect && xdp_send xdp-redirect || xr_fail=${WHY:-xdpload failed}
	xr_c1=$(xr_count)
	kill $xr_pkt
	wait $xr_pkt 2>/dev/null
	WHY=
	xdp_attach off || xr_fail=${xr_fail:-$WHY}
	WHY=
	kill $XDP_RX
	wait $XDP_RX 2>/dev/null
	[ -z "$xr_fail" ] || { why "$xr_fail"; return 1; }
	xr_back=$(grep -a -o 'xdp-redirect [0-9]*' /tmp/xdp.pkt | sort | uniq -c |
		awk '$1 == 2 { n++ } END { print n + 0 }')
	set -- $xr_c0 $xr_c1
	xr_r=$(($4 - $1)) xr_t=$(($5 - $2)) xr_e=$(($6 - $3))
	[ "$xr_back" = 20 ] && [ "$(xdp_got xdp-redirect)" = 0 ] ||
		why "XDP_REDIRECT: $xr_back of 20 datagrams came back to eth0 intact, $(xdp_got xdp-redirect) reached eth1's socket" ||
		return 1
	[ $xr_r -ge 20 ] && [ $xr_r = $xr_t ] && [ $xr_e = 0 ] ||
		why "eth1's ethtool -S: $xr_r redirected, $xr_t XDP frames sent, $xr_e XDP errors" ||
		return 1
	INFO="on eth1, 20 datagrams back to eth0 intact through bpf_redirect() to eth1's own ifindex; ethtool -S: $xr_r redirected, $xr_t XDP frames sent, 0 errors"
}

# A GMAC's DMA reset completes only while every clock of the MAC runs, the
# PHY's receive clock among them, and a PHY powered down stops it (a real
# board's, not this board's model). Kprobes on the PHY's power-down and
# power-up and on the MAC's reset (ours: gmac_reset; upstream:
# dwmac_dma_reset) record their order through ethtool -G and an MTU change
# on eth0, each of which stops and starts the data path: every reset must
# come with the PHY powered, and the link must come back. The board's PHY
# is a Generic PHY: genphy_suspend() and genphy_resume() set and clear
# its BMCR power-down bit.
c_phy_clock() {
	[ -w $KP ] || why "no $KP (CONFIG_KPROBE_EVENTS)" || return 1
	pc_reset=
	for pc_sym in gmac_reset dwmac_dma_reset; do
		grep -q " $pc_sym\$" /proc/kallsyms && { pc_reset=$pc_sym; break; }
	done
	[ -n "$pc_reset" ] || why "no MAC reset function in /proc/kallsyms" || return 1
	echo "p:pc_down genphy_suspend" >>$KP && echo "p:pc_up genphy_resume" >>$KP &&
		echo "p:pc_reset $pc_reset" >>$KP ||
		why "cannot place the kprobes" || return 1
	: >/sys/kernel/tracing/trace
	for pc_e in pc_down pc_up pc_reset; do
		echo 1 >/sys/kernel/tracing/events/kprobes/$pc_e/enable
	done
	pc_ok=1
	timeout 20 ethtool -G eth0 rx 256 tx 256 >/dev/null 2>&1 &&
		timeout 20 ethtool -G eth0 rx 512 tx 512 >/dev/null 2>&1 &&
		ip link set eth0 mtu 1400 && ip link set eth0 mtu 1500 || pc_ok=0
	for pc_e in pc_down pc_up pc_reset; do
		echo 0 >/sys/kernel/tracing/events/kprobes/$pc_e/enable
	done
	grep -o 'pc_[a-z]*:' /sys/kernel/tracing/trace | tr -d : >/tmp/pc.order
	echo "-:pc_down" >>$KP
	echo "-:pc_up" >>$KP
	echo "-:pc_reset" >>$KP
	route_up
	[ $pc_ok = 1 ] || why "ethtool -G or the MTU change failed" || return 1
	wait_carrier 10 || why "no carrier after the changes" || return 1
	pc_bad=$(awk '$1 == "pc_down" { up = 0; down = 1 } $1 == "pc_up" { up = 1 }
		$1 == "pc_reset" { n++; if (!up) bad++ }
		END { if (n < 4) print "only " n + 0 " MAC resets seen, want 4";
		      else if (!down) print "the PHY was never powered down: the probes prove nothing";
		      else if (bad) print bad " of " n " MAC resets with the PHY powered down" }' up=1 /tmp/pc.order)
	[ -z "$pc_bad" ] ||
		why "$pc_bad (order: $(tr '\n' ' ' </tmp/pc.order))" || return 1
	ping_ok 3 || why "after the changes: $PING" || return 1
	INFO="$(grep -c pc_reset /tmp/pc.order) MAC resets ($pc_reset), each with the PHY powered (order: $(tr '\n' ' ' </tmp/pc.order | sed 's/pc_//g'))"
}

# System sleep, 20 cycles under load through suspend to idle with
# /sys/power/pm_test stopping at "devices" and at "platform" in turn (the
# board has no wakeup source for a real suspend to idle): both ports
# suspend and resume; after each cycle eth0 answers pings and the load runs
# again; at the end eth0 keeps the coalescing and ring sizes set before,
# and each port reaches the other.
c_suspend() {
	[ -w /sys/power/pm_test ] || why "no /sys/power/pm_test (CONFIG_PM_DEBUG)" || return 1
	grep -qw freeze /sys/power/state ||
		why "no freeze in /sys/power/state: $(cat /sys/power/state)" || return 1
	twoport_up || return 1
	echo 0 >/sys/module/suspend/parameters/pm_test_delay
	coal_ok -C 1000 10 tx-usecs 1000 tx-frames 10 || return 1
	timeout 20 ethtool -G eth0 rx 256 tx 256 >/dev/null 2>&1 ||
		why "ethtool -G eth0 rx 256 tx 256 refused" || return 1
	bg_start -u -b 2M -t 600
	sp_c0=$(cat /sys/class/net/eth0/carrier_changes)
	sp_i=0
	while [ $sp_i -lt 20 ]; do
		sp_i=$((sp_i + 1))
		sp_mode=devices
		[ $((sp_i % 2)) = 0 ] && sp_mode=platform
		echo $sp_mode >/sys/power/pm_test
		echo freeze >/sys/power/state ||
			{ why "cycle $sp_i ($sp_mode): suspend to idle refused"; break; }
		wait_carrier 10 || { why "cycle $sp_i ($sp_mode): eth0 has no carrier after resume"; break; }
		route_up
		ping_ok 2 || { why "cycle $sp_i ($sp_mode): after resume $PING"; break; }
		load_flowing 10 || { tx_diag; why "cycle $sp_i ($sp_mode): the load does not run again within 10 s"; break; }
	done
	echo none >/sys/power/pm_test
	bg_stop
	[ -z "$WHY" ] || return 1
	# A port that really went to sleep stopped its link, and started it.
	sp_c=$(($(cat /sys/class/net/eth0/carrier_changes) - sp_c0))
	[ $sp_c -ge 40 ] ||
		why "eth0's carrier changed $sp_c times in 20 cycles, want 2 per cycle: the port did not sleep" ||
		return 1
	sp_now="$(coal_read -C tx-usecs) $(coal_read -C tx-frames) $(ring_read)"
	[ "$sp_now" = "1000 10 256 256" ] ||
		why "after 20 cycles eth0 reads tx-usecs tx-frames rx tx '$sp_now', want '1000 10 256 256'" || return 1
	ping -c 2 -W 3 192.168.77.2 >/dev/null 2>&1 && ns ping -c 2 -W 3 192.168.77.1 >/dev/null 2>&1 ||
		why "after 20 cycles eth0 and eth1 do not reach each other" || return 1
	timeout 20 ethtool -G eth0 rx 512 tx 512 >/dev/null 2>&1
	coal_defaults
	put_exact 1048576 || return 1
	INFO="20 cycles (devices, platform) under load, eth0's link down and up $sp_c times, traffic back after each, settings kept, both ports up; then 1 MiB exact at the host"
}

: >$RESULTS
# Without a link nothing else can run.
check probe c_probe || exit 1
check ping c_ping
check tcp-tx c_tcp_tx
check tcp-rx c_tcp_rx
check udp-tx c_udp_tx
check coalesce c_coalesce
check coalesce-pq c_coalesce_pq
check coalesce-rx c_coalesce_rx
check ring c_ring
check updown c_updown
check live-addr c_live_addr
check drvinfo c_drvinfo
check tstamp c_tstamp
check traffic-usecs0 c_traffic_usecs0
check traffic-frames256 c_traffic_frames256
check jumbo c_jumbo
check vlan-offload c_vlan_offload
check ipv6 c_ipv6
check multicast c_multicast
check flood c_flood
check netconsole c_netconsole
check xdp c_xdp
check xdp-redirect c_xdp_redirect
check phy-clock c_phy_clock
check suspend c_suspend
# Once more in one block, clear of kernel messages interleaved above.
echo "--- checks"
cat $RESULTS
! grep -q '^CHECK [^ ]* FAIL' $RESULTS
