#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# make stress, the guest side (see Documentation/stress.rst). On the debug
# kernel, with the driver as modules, runs scenarios a-h, each bounded in
# iterations and time, with UDP and TCP load in both directions, and ends
# each one by proving traffic flows (ping, 1 MiB exact each way over TCP,
# UDP). Then the leak checks: skb slab objects against the baseline,
# kmemleak, and time for page_pool to report a stalled pool shutdown.
#
# Lines for the host (scripts/stress.py):
#   SCENARIO <id> <name> done=N want=N errors=N traffic=ok|FAIL time=Ns info
#   STRESS-ERR <id>: reason            (the first few errors of a scenario)
#   FINAL key=value ...                (accounting)
#   KMEMLEAK-BEGIN ... KMEMLEAK-END    (/sys/kernel/debug/kmemleak)
# and kernel log markers "stmmac-stress: begin <id>" / "end <id>" (and
# "watchdog-expected begin|end" in scenarios f and h), which attribute kernel
# reports to a scenario.
#
# Kernel command line options: stmmac_seed=N (random choices), stmmac_only=
# a,b,... (scenarios to run), stmmac_scale=quick (a tenth of the counts).
. /jobs/lib.sh

PORT2=${PORT2:-$((PORT + 1))}
PORT3=${PORT3:-$((PORT + 2))}
PORT4=${PORT4:-$((PORT + 3))}
DBG=/sys/kernel/debug
NET=/sys/class/net/eth0
MODS="dwmac_generic stmmac_platform stmmac"

opt() {
	tr ' ' '\n' </proc/cmdline | sed -n "s/^stmmac_$1=//p" | tail -n 1
}

SEED=$(opt seed)
[ -n "$SEED" ] || SEED=$(od -An -N2 -tu2 /dev/urandom | tr -d ' ')
RANDOM=$SEED
ONLY=$(opt only)
SCALE=$(opt scale)

# Iterations and time budget (s) of each scenario.
N_A=200 T_A=600
N_B=1000 N_BG=50 T_B=1000
N_D=50 T_D=600
N_E_OPEN=30 N_E_RING=30 N_E_FORCED=6 N_E_PROBE=10 T_E_TRAFFIC=20 T_E=600
N_F=3 T_F=180
N_G=60 T_G=300
N_H=3 T_H=300
if [ "$SCALE" = quick ]; then
	N_A=20 N_B=100 N_BG=5 N_D=5 N_E_OPEN=5 N_E_RING=5 N_E_FORCED=2 N_E_PROBE=3 T_E_TRAFFIC=10 N_F=1 N_G=10
	N_H=1
fi

# The shell's builtins where they do: under KASAN and lockdep in QEMU, every
# fork and exec costs tens of milliseconds.
now() {
	read -r nw_t _ </proc/uptime
	echo "${nw_t%.*}"
}

# uptime_s: the seconds since boot in UP, without a fork.
uptime_s() {
	read -r UP _ </proc/uptime
	UP=${UP%.*}
}

# carrier SECONDS: until eth0 reports carrier (unreadable while down).
carrier() {
	cr_n=0
	while ! { read -r cr_c <$NET/carrier && [ "$cr_c" = 1 ]; } 2>/dev/null; do
		cr_n=$((cr_n + 1))
		[ $cr_n -gt $(($1 * 10)) ] && return 1
		sleep 0.1
	done
}

# default_route: the default route again (the kernel drops it at down).
default_route() {
	ip route add default via $HOST 2>/dev/null
	return 0
}

# mark TEXT: a line in the kernel log, so the host can tell which scenario a
# kernel report belongs to.
mark() {
	echo "stmmac-stress: $*" >/dev/kmsg
}

# report LINE: a line for stress.py, through the kernel log like the marks:
# written to the console directly, it could interleave with kernel lines.
report() {
	mark "$*"
}

# rnd N: a random number 0..N-1 in R. Not in a subshell, so that the seeded
# sequence advances.
rnd() {
	R=$(((RANDOM * 32768 + RANDOM) % $1))
}

wanted() {
	[ -z "$ONLY" ] && return 0
	case ",$ONLY," in *",$1,"*) return 0 ;; esac
	return 1
}

# ---------------------------------------------------------------------------
# Scenario bookkeeping

# scen_begin ID NAME WANT BUDGET
scen_begin() {
	S_ID=$1 S_NAME=$2 S_WANT=$3 S_BUDGET=$4 S_DONE=0 S_ERR=0 S_INFO=
	S_T0=$(now)
	echo "=== scenario $S_ID ($S_NAME): $S_WANT iterations within ${S_BUDGET}s"
	mark "begin $S_ID $S_NAME"
}

# err REASON: an error in the current scenario; the first five are printed.
err() {
	S_ERR=$((S_ERR + 1))
	[ $S_ERR -le 5 ] && report "STRESS-ERR $S_ID: $*"
	return 1
}

over_budget() {
	uptime_s
	[ $((UP - S_T0)) -ge "$S_BUDGET" ]
}

# scen_end: stop the load, prove traffic flows, print the scenario's line.
scen_end() {
	bg_stop
	if traffic_ok; then
		S_TRAFFIC=ok
	else
		S_TRAFFIC=FAIL
		err "traffic at the end: $TR_WHY"
		tx_diag
	fi
	[ "$S_DONE" -ge "$S_WANT" ] ||
		err "stopped after $S_DONE of $S_WANT iterations (budget ${S_BUDGET}s)"
	mark "end $S_ID"
	report "SCENARIO $S_ID $S_NAME done=$S_DONE want=$S_WANT errors=$S_ERR traffic=$S_TRAFFIC time=$(($(now) - S_T0))s $S_INFO"
}

# ---------------------------------------------------------------------------
# Traffic

# bg_start: UDP both ways to the host's fourth iperf3 server (PORT4) and
# TCP both ways to the second (PORT2), until bg_stop; the first (PORT) stays
# free for traffic_ok: a load killed with the device under it may keep its
# server busy for a while. A client that dies (the link or the
# whole device went away under it) is started again. 1 Mbit/s each: frames
# are always in flight, and the guest's two CPUs, slow under KASAN in QEMU,
# are left time for the scenario itself. Returns only once the load is seen
# on eth0's counters both ways: a scenario "under load" that ran without
# one would prove nothing.
bg_start() {
	rm -rf /tmp/bg
	mkdir -p /tmp/bg
	bs_tx=$(tx_packets) bs_rx=$(rx_packets)
	bg_loop udp -p "$PORT4" -u -b 1M -l 512 --bidir &
	bg_loop tcp -p "$PORT2" -b 1M --bidir &
	bg_flowing "$bs_tx" "$bs_rx" ||
		err "the background load does not flow: $(cat /tmp/bg/*.err 2>/dev/null | tail -n 2 | tr '\n' ' ')"
}

# bg_flowing TX0 RX0: within 20 s, eth0 sent and received 200 packets more
# than TX0 / RX0 (one second of the UDP load alone).
bg_flowing() {
	bf_t0=$(now)
	while [ $(($(now) - bf_t0)) -lt 20 ]; do
		[ $(($(tx_packets) - $1)) -ge 200 ] &&
			[ $(($(rx_packets) - $2)) -ge 200 ] && return 0
		sleep 0.5
	done
	return 1
}

# iperf3 refuses a test longer than a day (and exits at once).
bg_loop() {
	bl_name=$1
	shift
	while [ ! -e /tmp/bg/stop ]; do
		iperf3 -c $HOST -t 86400 "$@" >/dev/null 2>/tmp/bg/$bl_name.err &
		echo $! >/tmp/bg/$bl_name.pid
		wait $!
		[ -e /tmp/bg/stop ] || sleep 0.5
	done
	touch /tmp/bg/$bl_name.done
}

bg_stop() {
	[ -d /tmp/bg ] || return 0
	touch /tmp/bg/stop
	bs_n=0
	while [ ! -e /tmp/bg/udp.done ] || [ ! -e /tmp/bg/tcp.done ]; do
		kill $(cat /tmp/bg/*.pid 2>/dev/null) 2>/dev/null
		bs_n=$((bs_n + 1))
		[ $bs_n -gt 50 ] && kill -9 $(cat /tmp/bg/*.pid 2>/dev/null) 2>/dev/null
		[ $bs_n -gt 100 ] && break
		sleep 0.2
	done
	wait
	rm -rf /tmp/bg
}

# alive: the host answers a ping within 3 tries of 2 s.
alive() {
	al_n=0
	while [ $al_n -lt 3 ]; do
		ping -c 1 -W 2 $HOST >/dev/null 2>&1 && return 0
		al_n=$((al_n + 1))
	done
	return 1
}

# put_exact BYTES / get_exact BYTES: exact TCP transfers through the host's
# tcpsink.py (count and md5 checked by the side that reads to the end).
#
# Their deadline is progress, not wall time. On a loaded host QEMU gets a
# fraction of a CPU and runs this KASAN guest ten times slower or more: 1 MiB
# to the host then took 24 s to over 140 s, delivered every second, without
# a retransmission, and a fixed 30 s failed such healthy runs. A transfer
# fails when it delivers nothing for XFER_STALL seconds over at least
# XFER_STALL / 2 samples (a guest too starved to take its samples is not
# making progress to judge), or is not done within XFER_MAX seconds.
XFER_STALL=30 XFER_MAX=600

put_exact() {
	head -c "$1" /dev/urandom >/tmp/put.bin
	pe_md5=$(md5sum </tmp/put.bin | cut -d' ' -f1)
	{
		echo put
		cat /tmp/put.bin
	} | nc $HOST "$PORT3" >/tmp/put.reply 2>&1 &
	xfer_wait $! put "$1"
	rm -f /tmp/put.bin
	read -r pe_n pe_h </tmp/put.reply
	[ "$pe_n" = "$1" ] && [ "$pe_h" = "$pe_md5" ] ||
		{ TR_WHY="TCP to the host: ${pe_n:-nothing} of $1 bytes$XW_WHY (md5 ${pe_h:-none}, want $pe_md5)"; return 1; }
}

get_exact() {
	: >/tmp/get.bin
	echo "get $1" | nc $HOST "$PORT3" >/tmp/get.bin 2>&1 &
	xfer_wait $! get "$1"
	ge_want=$(head -n 1 /tmp/get.bin)
	ge_n=$(($(wc -c </tmp/get.bin) - 33))
	ge_md5=$(tail -c +34 /tmp/get.bin | md5sum | cut -d' ' -f1)
	rm -f /tmp/get.bin
	[ "$ge_n" = "$1" ] && [ "$ge_md5" = "$ge_want" ] ||
		{ TR_WHY="TCP from the host: $ge_n of $1 bytes$XW_WHY (md5 $ge_md5, want $ge_want)"; return 1; }
}

# xfer_progress put|get: a count that grows while the transfer delivers:
# the segments the host has acknowledged (TCPDelivered; nothing else runs
# over TCP meanwhile), or the bytes received so far.
xfer_progress() {
	case $1 in
	put)
		awk '/^TcpExt:/ { if (!c) { for (i = 2; i <= NF; i++) if ($i == "TCPDelivered") c = i }
			else { print $c; exit } }' /proc/net/netstat
		;;
	get) wc -c </tmp/get.bin 2>/dev/null ;;
	esac
}

# xfer_wait PID put|get BYTES: wait for the transfer PID (nc) to end, or
# kill it when it stalls (see above) or runs out of time. XW_WHY is empty,
# or says why it was killed. A stall prints its diagnosis first. Its line
# says how long it took, the frames eth0 sent meanwhile and the IP
# fragments the stack made (none at a full path MTU).
xfer_wait() {
	XW_WHY=
	cat /proc/net/netstat >/tmp/xfer.netstat
	xw_tx0=$(tx_packets) xw_fr0=$(ip_frags)
	xw_t0=$(now)
	xw_last=$(xfer_progress "$2") xw_tlast=$xw_t0 xw_samples=0
	while kill -0 "$1" 2>/dev/null; do
		sleep 1
		uptime_s
		xw_p=$(xfer_progress "$2")
		xw_samples=$((xw_samples + 1))
		if [ "$xw_p" != "$xw_last" ]; then
			xw_last=$xw_p xw_tlast=$UP xw_samples=0
		elif [ $((UP - xw_tlast)) -ge $XFER_STALL ] &&
			[ $xw_samples -ge $((XFER_STALL / 2)) ]; then
			XW_WHY=" in $((UP - xw_t0)) s: nothing delivered for the last $((UP - xw_tlast)) s"
			xfer_diag "$2"
			break
		fi
		if [ $((UP - xw_t0)) -ge $XFER_MAX ]; then
			XW_WHY=" within $XFER_MAX s, still delivering"
			break
		fi
	done
	kill "$1" 2>/dev/null
	wait "$1"
	echo "XFER $2 $3 bytes: $(($(now) - xw_t0)) s, $(($(tx_packets) - xw_tx0)) frames sent, $(($(ip_frags) - xw_fr0)) IP fragments made${XW_WHY:+, killed$XW_WHY}"
}

# ip_frags: the IP fragments this host has made (Ip FragCreates).
ip_frags() {
	awk '$1 == "Ip:" { if (!c) { for (i = 2; i <= NF; i++) if ($i == "FragCreates") c = i }
		else { print $c; exit } }' /proc/net/snmp
}

# xfer_diag put|get: a stalled transfer's state: TX (tx_diag), the driver's
# queue counters and restarts, the socket (/proc/net/tcp: state,
# tx_queue:rx_queue, timer:when, retransmits, ..., rto ato qp cwnd
# ssthresh), the stack's TCP counters since the transfer began, and
# whether frames sent now (pings) set it moving again.
xfer_diag() {
	tx_diag
	echo "XFER-DIAG $(ethtool -S eth0 | grep -E 'q0_tx_pkt_n|tx_q0_|restarts|rx_buf_unav' | tr -s ' \n' ' ')"
	echo "XFER-DIAG socket: $(awk -v p=":$(printf '%04X' "$PORT3")" '$3 ~ p' /proc/net/tcp)"
	echo "XFER-DIAG TCP counters since the start: $(awk '$1 == "TcpExt:" && !h[FILENAME]++ { for (i = 2; i <= NF; i++) n[i] = $i; next }
		$1 == "TcpExt:" && FNR == NR { for (i = 2; i <= NF; i++) a[i] = $i; next }
		$1 == "TcpExt:" { for (i = 2; i <= NF; i++) if ($i != a[i]) printf "%s=%d ", n[i], $i - a[i] }' /tmp/xfer.netstat /proc/net/netstat)"
	xd_p=$(xfer_progress "$1")
	ping -c 3 -W 2 $HOST >/dev/null 2>&1
	sleep 4
	echo "XFER-DIAG after 3 pings and 4 s: progress $xd_p -> $(xfer_progress "$1")"
}

# traffic_ok: with no load, eth0 carries ping, TCP both ways and UDP.
traffic_ok() {
	TR_WHY=
	if [ "$(($(cat $NET/flags 2>/dev/null || echo 0) & 1))" = 0 ]; then
		ip link set eth0 up 2>/dev/null
		TR_WHY="eth0 was down"
	fi
	carrier 10 || { TR_WHY="no carrier within 10 s${TR_WHY:+ ($TR_WHY)}"; return 1; }
	default_route
	[ -z "$TR_WHY" ] || return 1
	timeout 30 ping -c 5 -i 0.2 -w 20 $HOST >/tmp/ping.out 2>&1
	grep -q ' 0% packet loss' /tmp/ping.out ||
		{ TR_WHY="ping: $(grep 'packets transmitted' /tmp/ping.out)"; return 1; }
	put_exact 1048576 || return 1
	get_exact 1048576 || return 1
	iperf /tmp/udp.json 30 -p "$PORT" -u -b 1M -l 512 -t 2 ||
		{ TR_WHY="UDP: $IPERF_WHY"; return 1; }
	tk_sent=$(json_num /tmp/udp.json sum_sent packets)
	tk_rcvd=$(json_num /tmp/udp.json sum_received packets)
	[ "${tk_sent:-0}" -gt 0 ] && [ "${tk_rcvd:-0}" -ge $((tk_sent * 9 / 10)) ] ||
		{ TR_WHY="UDP: ${tk_rcvd:-no count} of ${tk_sent:-no count} datagrams reached the host ($(iperf_error /tmp/udp.json; tail -c 300 /tmp/udp.json | tr -s ' \n' ' '))"; return 1; }
	TR_INFO="ping 5/5, 1 MiB exact each way, UDP $tk_rcvd/$tk_sent"
}

# ---------------------------------------------------------------------------
# The device

# The GMAC QEMU's user network is attached to. The board has two; when the
# first fails to probe (scenario e), the second becomes eth0, and carries
# nothing.
OUR_DEV=${GMAC0_DEV:-f0802000.eth}

# eth0_is_ours: eth0 is that GMAC.
eth0_is_ours() {
	[ "$(basename "$(readlink $NET/device 2>/dev/null)")" = $OUR_DEV ]
}

# wait_dev SECONDS: until eth0 exists and is the connected GMAC.
wait_dev() {
	wd_n=0
	while ! eth0_is_ours; do
		wd_n=$((wd_n + 1))
		[ $wd_n -gt $(($1 * 10)) ] && return 1
		sleep 0.1
	done
}

is_up() {
	[ "$(($(cat $NET/flags 2>/dev/null || echo 0) & 1))" = 1 ]
}

# eth_up: eth0 up with its address and route (after a module load, or a
# failed open); the address may already be there.
eth_up() {
	ip link set eth0 up || return 1
	ip addr show dev eth0 | grep -q 10.0.2.15 || ip addr add 10.0.2.15/24 dev eth0
	carrier 10 || return 1
	default_route
}

mods_unload() {
	for mu_m in $MODS; do
		grep -q "^$mu_m " /proc/modules && { timeout 60 rmmod "$mu_m" || return 1; }
	done
	return 0
}

mods_load() {
	timeout 60 modprobe dwmac-generic || return 1
	wait_dev 10
}

restarts() {
	ethtool -S eth0 2>/dev/null | awk '$1 == "restarts:" { print $2 }'
}

# coal_read [pq]: "tx-usecs tx-frames" in COAL, as ethtool -c (or
# --per-queue, queue 0) reports them; parsed by the shell, no awk to exec.
coal_read() {
	if [ "${1:-}" = pq ]; then
		ethtool --per-queue eth0 queue_mask 0x1 --show-coalesce
	else
		ethtool -c eth0
	fi >/tmp/coal.read 2>&1
	cr_u=- cr_f=-
	while read -r cr_k cr_v _; do
		case $cr_k in
		tx-usecs:) cr_u=$cr_v ;;
		tx-frames:) cr_f=$cr_v ;;
		esac
	done </tmp/coal.read
	COAL="$cr_u $cr_f"
}

# ring_read: "rx tx", the current ring sizes, in RING.
ring_read() {
	ethtool -g eth0 >/tmp/ring.read 2>&1
	rr_cur=0 rr_rx=- rr_tx=-
	while read -r rr_k rr_v _; do
		case $rr_k in
		Current) rr_cur=1 ;;
		RX:) [ $rr_cur = 1 ] && rr_rx=$rr_v ;;
		TX:) [ $rr_cur = 1 ] && rr_tx=$rr_v ;;
		esac
	done </tmp/ring.read
	RING="$rr_rx $rr_tx"
}

# rnd_ring: a power of two 64..1024 in R.
rnd_ring() {
	rnd 5
	R=$((64 << R))
}

# ---------------------------------------------------------------------------
# (a) ifdown/ifup under load

s_updown() {
	scen_begin a ifupdown "$N_A" $T_A
	bg_start
	i=0
	while [ $i -lt "$N_A" ] && ! over_budget; do
		i=$((i + 1))
		ip link set eth0 down || err "cycle $i: ip link set eth0 down failed"
		ip link set eth0 up || err "cycle $i: ip link set eth0 up failed"
		carrier 10 || err "cycle $i: no carrier within 10 s"
		# Let the load put frames in flight before the next down.
		rnd 4
		sleep "0.$R"
		if [ $((i % 10)) = 0 ]; then
			alive || err "cycle $i: the host does not answer"
		fi
		S_DONE=$i
	done
	S_INFO="tx_packets $(tx_packets)"
	scen_end
}

# ---------------------------------------------------------------------------
# (b) ethtool -C changes interleaved with ethtool -G, under load

rnd_usecs() {
	rnd 8
	case $R in
	0) U=0 ;;
	1) U=1 ;;
	2) U=100000 ;;
	3) U=5000 ;;
	4 | 5) rnd 100001; U=$R ;;
	*) rnd 201; U=$R ;;
	esac
}

rnd_frames() {
	rnd 6
	case $R in
	0) F=0 ;;
	1) F=1 ;;
	2) F=256 ;;
	3) F=25 ;;
	*) rnd 257; F=$R ;;
	esac
}

s_coalesce() {
	scen_begin b coalesce "$N_B" $T_B
	bg_start
	every=$((N_B / N_BG))
	i=0 g=0 pq=0
	coal_read
	cur=$COAL
	while [ $i -lt "$N_B" ] && ! over_budget; do
		i=$((i + 1))
		rnd_usecs
		rnd_frames
		[ "$U" = 0 ] && [ "$F" = 0 ] && F=1
		# The kernel skips a request that changes nothing.
		[ "$U $F" = "$cur" ] && F=$(((F + 1) % 257)) && [ "$U $F" = "0 0" ] && F=1
		rnd 2
		if [ $R = 0 ]; then
			ethtool -C eth0 tx-usecs "$U" tx-frames "$F" >/tmp/coal.out 2>&1 ||
				err "change $i: ethtool -C tx-usecs $U tx-frames $F refused: $(head -n 1 /tmp/coal.out)"
			coal_read
		else
			pq=$((pq + 1))
			ethtool --per-queue eth0 queue_mask 0x1 --coalesce tx-usecs "$U" \
				tx-frames "$F" >/tmp/coal.out 2>&1 && ! grep -q '^Cannot' /tmp/coal.out ||
				err "change $i: --per-queue tx-usecs $U tx-frames $F refused: $(head -n 1 /tmp/coal.out)"
			coal_read pq
		fi
		cur=$COAL
		[ "$cur" = "$U $F" ] || err "change $i: read back '$cur' after tx-usecs $U tx-frames $F"
		if [ $((i % every)) = 0 ]; then
			g=$((g + 1))
			ring_read
			old=$RING
			rnd_ring
			rx=$R
			rnd_ring
			tx=$R
			[ "$rx $tx" = "$old" ] && rx=$((rx == 1024 ? 64 : rx * 2))
			timeout 30 ethtool -G eth0 rx $rx tx $tx >/tmp/ring.out 2>&1 ||
				err "resize $g: ethtool -G rx $rx tx $tx refused: $(head -n 1 /tmp/ring.out)"
			ring_read
			[ "$RING" = "$rx $tx" ] ||
				err "resize $g: ethtool -g reads '$RING' after rx $rx tx $tx"
			carrier 10 || err "resize $g: no carrier within 10 s"
			alive || { tx_diag; err "resize $g (rx $rx tx $tx, tx-usecs $U tx-frames $F): the host does not answer"; }
		fi
		S_DONE=$i
	done
	ethtool -C eth0 tx-usecs 5000 tx-frames 25 >/dev/null 2>&1
	ethtool -G eth0 rx 512 tx 512 >/dev/null 2>&1
	S_INFO="($((i - pq)) ethtool -C, $pq --per-queue, $g ethtool -G)"
	scen_end
}

# ---------------------------------------------------------------------------
# (c) invalid input: refused, and the state read back unchanged

state() {
	case $1 in
	coal) ethtool -c eth0; ethtool --per-queue eth0 queue_mask 0x1 --show-coalesce ;;
	ring) ethtool -g eth0 ;;
	feat) ethtool -k eth0 ;;
	chan) ethtool -l eth0 ;;
	link) ethtool eth0 | grep -E 'Speed|Duplex|Auto-negotiation' ;;
	mtu) cat $NET/mtu ;;
	mac) cat $NET/address ;;
	esac 2>&1
}

# bad KIND CMD...: CMD must fail (per-queue and -K report a refusal in
# their output) and leave state KIND as it was. The state read after one
# entry is the state before the next of the same kind (BAD_KIND); anything
# else that changes state must clear BAD_KIND.
bad() {
	bd_kind=$1
	shift
	S_DONE=$((S_DONE + 1))
	[ "$bd_kind" = "$BAD_KIND" ] || bd_after=$(state "$bd_kind")
	bd_before=$bd_after
	timeout 20 "$@" >/tmp/bad.out 2>&1
	bd_rc=$?
	bd_after=$(state "$bd_kind")
	BAD_KIND=$bd_kind
	bd_refused=0
	[ $bd_rc != 0 ] && bd_refused=1
	grep -q -e '^Cannot' -e 'Could not change' /tmp/bad.out && bd_refused=1
	bd_msg=$(grep -v '^$' /tmp/bad.out | head -n 1 | cut -c1-100)
	if [ $bd_refused = 0 ]; then
		err "accepted: $*"
		echo "INVALID FAIL accepted: $*"
	elif [ "$bd_before" != "$bd_after" ]; then
		err "state changed by refused: $*"
		echo "INVALID FAIL state changed: $*"
	else
		echo "INVALID ok rc=$bd_rc: $* -> $bd_msg"
	fi
}

# find_max_mtu: the largest MTU eth0 takes (the device must be down: a
# down device only records it). Sets MAX_MTU; leaves the MTU at 1500.
find_max_mtu() {
	fm_lo=1500 fm_hi=65536
	while [ $((fm_hi - fm_lo)) -gt 1 ]; do
		fm_mid=$(((fm_lo + fm_hi) / 2))
		if ip link set eth0 mtu $fm_mid 2>/dev/null; then
			fm_lo=$fm_mid
		else
			fm_hi=$fm_mid
		fi
	done
	MAX_MTU=$fm_lo
	ip link set eth0 mtu 1500
}

s_invalid() {
	scen_begin c invalid 0 $T_B
	BAD_KIND=
	bg_start
	ethtool -C eth0 tx-usecs 5000 tx-frames 25 >/dev/null 2>&1
	for a in "tx-usecs 100001" "tx-usecs 4294967295" "tx-frames 257" "tx-frames 100000" \
		"tx-usecs 0 tx-frames 0" "rx-usecs 10" "rx-frames 10" "rx-usecs 0 rx-frames 1" \
		"adaptive-rx on" "adaptive-tx on" "rx-usecs-irq 5" "tx-usecs-irq 5" \
		"rx-frames-irq 5" "tx-frames-irq 5" "stats-block-usecs 100" "pkt-rate-low 100" \
		"pkt-rate-high 100" "rx-usecs-low 5" "tx-usecs-high 5" "sample-interval 2" \
		"cqe-mode-rx on" "cqe-mode-tx on"; do
		bad coal ethtool -C eth0 $a
	done
	# tx-usecs 0 alone is refused when tx-frames is 0, and the reverse.
	ethtool -C eth0 tx-usecs 1000 tx-frames 0 >/dev/null 2>&1
	BAD_KIND=
	bad coal ethtool -C eth0 tx-usecs 0
	ethtool -C eth0 tx-usecs 0 tx-frames 1 >/dev/null 2>&1
	BAD_KIND=
	bad coal ethtool -C eth0 tx-frames 0
	ethtool -C eth0 tx-usecs 5000 tx-frames 25 >/dev/null 2>&1
	BAD_KIND=
	for a in "0x1 tx-usecs 100001" "0x1 tx-frames 257" "0x1 tx-usecs 0 tx-frames 0" \
		"0x1 rx-usecs 10" "0x1 rx-frames 10" "0x2 tx-usecs 100" "0x80 tx-frames 10"; do
		set -- $a
		m=$1
		shift
		bad coal ethtool --per-queue eth0 queue_mask "$m" --coalesce "$@"
	done
	for a in "rx 2048" "tx 2048" "rx 4096 tx 4096" "rx 100" "tx 100" "rx 1000 tx 1000" \
		"rx 32" "tx 32" "rx 0" "tx 0" "rx 63" "tx 1023" "rx-mini 64" "rx-jumbo 64" \
		"rx-buf-len 4096" "tx-push on" "cqe-size 128"; do
		bad ring ethtool -G eth0 $a
	done
	# Every feature the device reports as fixed, asked the other way.
	ethtool -k eth0 | sed -n 's/^[[:space:]]*\([a-z0-9-]*\): \(on\|off\) \[fixed\]$/\1 \2/p' \
		>/tmp/fixed
	while read -r f v; do
		[ "$v" = on ] && v=off || v=on
		bad feat ethtool -K eth0 "$f" "$v"
	done </tmp/fixed
	bad chan ethtool -L eth0 combined 2
	bad chan ethtool -L eth0 rx 2 tx 2
	bad link ethtool -s eth0 speed 12345 duplex full autoneg off
	ethtool -s eth0 autoneg on >/dev/null 2>&1
	BAD_KIND=
	for m in 67 0 1 $((MAX_MTU + 1)) 65535; do
		bad mtu ip link set eth0 mtu $m
	done
	# MAC changes: invalid ones refused, up (IFF_LIVE_ADDR_CHANGE, as
	# upstream: a valid one is taken while up) and down.
	for m in 01:00:5e:00:00:01 ff:ff:ff:ff:ff:ff 00:00:00:00:00:00; do
		bad mac ip link set eth0 address $m
	done
	bg_stop
	ip link set eth0 down
	BAD_KIND=
	for m in 01:00:5e:00:00:01 33:33:00:00:00:01 ff:ff:ff:ff:ff:ff 00:00:00:00:00:00 \
		03:00:00:00:00:00; do
		bad mac ip link set eth0 address $m
	done
	for m in 67 $((MAX_MTU + 1)); do
		bad mtu ip link set eth0 mtu $m
	done
	# A valid one is taken while down (and put back).
	mac=$(cat $NET/address)
	ip link set eth0 address 02:00:00:00:00:01 && [ "$(cat $NET/address)" = 02:00:00:00:00:01 ] ||
		err "valid MAC 02:00:00:00:00:01 refused while down"
	ip link set eth0 address "$mac"
	eth_up || err "eth0 does not come back up"
	S_WANT=$S_DONE
	S_INFO="(max MTU $MAX_MTU)"
	scen_end
}

# ---------------------------------------------------------------------------
# (d) module unload/load under load

s_modules() {
	scen_begin d modules "$N_D" $T_D
	bg_start
	i=0
	while [ $i -lt "$N_D" ] && ! over_budget; do
		i=$((i + 1))
		# A long TX window and no IC bits: the TX timer is armed whenever
		# frames are in flight, so very likely at unload.
		if [ $((i % 2)) = 1 ]; then
			ethtool -C eth0 tx-usecs 100000 tx-frames 0 >/dev/null 2>&1
		else
			rnd_usecs
			rnd_frames
			[ "$U" = 0 ] && F=1
			ethtool -C eth0 tx-usecs "$U" tx-frames "$F" >/dev/null 2>&1
		fi
		rnd 5
		sleep "0.$R"
		timeout 60 rmmod $MODS || err "cycle $i: rmmod failed"
		[ -e $NET ] && err "cycle $i: eth0 still there after rmmod"
		mods_load || err "cycle $i: modprobe dwmac-generic: no eth0 within 10 s"
		eth_up || err "cycle $i: eth0 up: no carrier within 10 s"
		if [ $((i % 5)) = 0 ]; then
			alive || err "cycle $i: the host does not answer"
		fi
		S_DONE=$i
	done
	scen_end
}

# ---------------------------------------------------------------------------
# (e) allocation failures injected

# fi_set WHICH PROB TIMES TASKFILTER STACK: arm failslab, fail_page_alloc or
# both; TASKFILTER Y limits failures to tasks with make-it-fail set, STACK 1
# to allocations made with module code on the stack (ours: stmmac,
# stmmac-platform, dwmac-generic, and phylink called from them), STACK irq
# to allocations made below request_threaded_irq() (irq_area).
fi_set() {
	case $1 in
	slab) fs_dirs=failslab ;;
	page) fs_dirs=fail_page_alloc ;;
	*) fs_dirs="failslab fail_page_alloc" ;;
	esac
	for fs_d in $fs_dirs; do
		fs_p=$DBG/$fs_d
		echo 0 >$fs_p/probability
		echo 1 >$fs_p/verbose
		echo 1 >$fs_p/interval
		echo 0 >$fs_p/space
		echo N >$fs_p/ignore-gfp-wait
		[ $fs_d = fail_page_alloc ] && echo N >$fs_p/ignore-gfp-highmem && echo 0 >$fs_p/min-order
		echo "$4" >$fs_p/task-filter
		if [ "$5" = 1 ]; then
			echo "$MOD_AREA_START" >$fs_p/require-start
			echo "$MOD_AREA_END" >$fs_p/require-end
		elif [ "$5" = irq ]; then
			echo "$IRQ_START" >$fs_p/require-start
			echo "$IRQ_END" >$fs_p/require-end
		else
			echo 0 >$fs_p/require-start
			echo 0xffffffff >$fs_p/require-end
		fi
		echo "$DMA_DEBUG_START" >$fs_p/reject-start
		echo "$DMA_DEBUG_END" >$fs_p/reject-end
		echo "$3" >$fs_p/times
		echo "$2" >$fs_p/probability
	done
	FI_TIMES=$3 FI_DIRS=$fs_dirs
}

# fi_off: no more failures; FI_HIT += the failures injected since fi_set.
fi_off() {
	for fs_d in failslab fail_page_alloc; do
		echo 0 >$DBG/$fs_d/probability
	done
	for fs_d in $FI_DIRS; do
		FI_HIT=$((FI_HIT + FI_TIMES - $(cat $DBG/$fs_d/times)))
		echo 0 >$DBG/$fs_d/times
	done
}

# fi_rnd [both]: a random injection in FI_WHICH and FI_PROB; slab or page,
# or, given "both", also both.
fi_rnd() {
	rnd $([ "${1:-}" = both ] && echo 3 || echo 2)
	case $R in 0) FI_WHICH=slab ;; 1) FI_WHICH=page ;; *) FI_WHICH=both ;; esac
	rnd 4
	case $R in 0) FI_PROB=5 ;; 1) FI_PROB=20 ;; 2) FI_PROB=50 ;; *) FI_PROB=100 ;; esac
}

# mod_area: the module area, for the stack filter: on 32-bit ARM the
# 16 MiB below the kernel's PAGE_OFFSET. Only our modules and the phylink
# and mii they pull in live there. The area (and not one module's text)
# also covers a module not loaded yet, for the probe cases.
mod_area() {
	ma_text=$(awk '$3 == "_text" { print $1 }' /proc/kallsyms)
	[ -n "$ma_text" ] && [ "$ma_text" != 00000000 ] || return 1
	MOD_AREA_END=$(printf '0x%x' $((0x$ma_text & ~0xffffff)))
	MOD_AREA_START=$(printf '0x%x' $((MOD_AREA_END - 0x1000000)))
	# Every module symbol must be inside.
	awk '$4 ~ /^\[/ { print $1 }' /proc/kallsyms |
		while read -r ma_a; do
			[ $((0x$ma_a)) -ge $((MOD_AREA_START)) ] && [ $((0x$ma_a)) -lt $((MOD_AREA_END)) ] ||
				{ echo "module symbol at $ma_a outside $MOD_AREA_START..$MOD_AREA_END"; return 1; }
		done
}

# dma_debug_area: the text of kernel/dma/debug.c, for the stack filter to
# reject. The checker's own allocations (its entry pool, its cacheline
# radix tree) are made below our calls to dma_map_*(); one injected there
# switches DMA-API debugging off for the rest of the run, and it is no
# driver fault. The file's functions are contiguous and its debug_dma_*
# entry points span it: from the first of them to the symbol after the
# last. (Its __init functions live elsewhere and never run again.)
dma_debug_area() {
	set -- $(awk '$2 ~ /^[tT]$/ && NF == 3 { print $1, $3 }' /proc/kallsyms | sort |
		awk '{ a[NR] = $1 }
			$2 ~ /^debug_dma_|^(add_dma_entry|dma_entry_alloc|dma_debug_add_bus)$/ {
				if (!first) first = $1; last = NR }
			END { if (last && (last + 1) in a) print first, a[last + 1] }')
	DMA_DEBUG_START=0 DMA_DEBUG_END=0
	[ $# = 2 ] || return 1
	DMA_DEBUG_START=0x$1 DMA_DEBUG_END=0x$2
}

# as_failing CMD...: run CMD as a task whose allocations may fail.
as_failing() {
	sh -c 'echo 1 >/proc/self/make-it-fail && exec "$@"' sh "$@"
}

# s_faults_forced: ring resizes and MTU changes during which every page
# allocation made from the driver's code fails, for the whole call. Each
# must fail and change nothing: the old rings go on carrying the load,
# the link never drops (no ifdown/ifup needed), traffic continues.
s_faults_forced() {
	forced_n=0 i=0
	while [ $i -lt "$N_E_FORCED" ] && ! over_budget; do
		i=$((i + 1))
		ring_read
		old=$RING
		mtu0=$(cat $NET/mtu)
		cc0=$(cat $NET/carrier_changes)
		if [ $((i % 2)) = 1 ]; then
			set -- ethtool -G eth0 rx 1024 tx 256
			[ "$old" = "1024 256" ] && set -- ethtool -G eth0 rx 256 tx 1024
		else
			set -- ip link set eth0 mtu $((mtu0 == 1500 ? MAX_MTU : 1500))
		fi
		fi_set page 100 100000 Y 1
		as_failing "$@" >/tmp/fi.out 2>&1
		rc=$?
		fi_off
		[ $rc != 0 ] || err "forced $i: '$*' succeeded with every page allocation failing"
		ring_read
		[ "$RING" = "$old" ] || err "forced $i: after '$*' (rc $rc) the rings read '$RING' (were '$old')"
		[ "$(cat $NET/mtu)" = "$mtu0" ] || err "forced $i: after '$*' (rc $rc) the mtu reads $(cat $NET/mtu) (was $mtu0)"
		is_up || err "forced $i: after '$*' (rc $rc) eth0 is no longer up"
		[ "$(cat $NET/carrier_changes)" = "$cc0" ] ||
			err "forced $i: after '$*' (rc $rc) the link went down (carrier_changes $cc0 -> $(cat $NET/carrier_changes))"
		tx0=$(tx_packets)
		sleep 1
		[ "$(tx_packets)" -gt "$tx0" ] || err "forced $i: after '$*' (rc $rc) eth0 sends nothing"
		alive || { tx_diag; err "forced $i: after '$*' (rc $rc) the host does not answer"; }
		forced_n=$((forced_n + 1))
		S_DONE=$((S_DONE + 1))
	done
}

s_faults() {
	scen_begin e faults $((N_E_OPEN + N_E_RING + N_E_FORCED + N_E_PROBE + 1)) $T_E
	FI_HIT=0
	mod_area || err "cannot find the module area in /proc/kallsyms"
	dma_debug_area || err "cannot find kernel/dma/debug.c's text in /proc/kallsyms"
	# Open: ip link set eth0 up, with failures in that task only, and only
	# in allocations made from the driver's code (else most would hit the
	# exec of ip itself).
	open_ok=0 open_fail=0 i=0
	while [ $i -lt "$N_E_OPEN" ] && ! over_budget; do
		i=$((i + 1))
		ip link set eth0 down
		fi_rnd both
		rnd 3
		fi_set $FI_WHICH $FI_PROB $((R + 1)) Y 1
		as_failing ip link set eth0 up >/tmp/fi.out 2>&1
		rc=$?
		fi_off
		if [ $rc = 0 ]; then
			open_ok=$((open_ok + 1))
			is_up || err "open $i: ip link set eth0 up succeeded, eth0 not up"
		else
			open_fail=$((open_fail + 1))
			is_up && err "open $i: ip link set eth0 up failed ($(head -n 1 /tmp/fi.out)), eth0 up"
		fi
		eth_up || err "open $i ($FI_WHICH, $FI_PROB%, rc $rc): eth0 does not come up afterwards"
		alive || err "open $i ($FI_WHICH, $FI_PROB%, rc $rc): the host does not answer afterwards"
		S_DONE=$((S_DONE + 1))
	done
	# Ring resize under load: one failure, in ethtool's task. The driver
	# then restarts with the old rings; only a second failure (not
	# injected here) may leave it stopped until down/up.
	bg_start
	ring_ok=0 ring_fail=0 i=0
	while [ $i -lt "$N_E_RING" ] && ! over_budget; do
		i=$((i + 1))
		ring_read
		old=$RING
		rnd_ring
		rx=$R
		rnd_ring
		tx=$R
		[ "$rx $tx" = "$old" ] && rx=$((rx == 1024 ? 64 : rx * 2))
		fi_rnd
		fi_set $FI_WHICH $FI_PROB 1 Y 1
		as_failing ethtool -G eth0 rx $rx tx $tx >/tmp/fi.out 2>&1
		rc=$?
		fi_off
		ring_read
		now_ring=$RING
		if [ $rc = 0 ]; then
			ring_ok=$((ring_ok + 1))
			[ "$now_ring" = "$rx $tx" ] || err "resize $i: -G rx $rx tx $tx succeeded, reads '$now_ring'"
		else
			ring_fail=$((ring_fail + 1))
			[ "$now_ring" = "$old" ] || [ "$now_ring" = "$rx $tx" ] ||
				err "resize $i: -G rx $rx tx $tx failed, reads '$now_ring' (was '$old')"
		fi
		is_up || err "resize $i: eth0 no longer up"
		if ! carrier 10; then
			err "resize $i ($FI_WHICH, $FI_PROB%, rc $rc): no carrier within 10 s"
			ip link set eth0 down
			eth_up
		fi
		alive || { tx_diag; err "resize $i ($FI_WHICH, $FI_PROB%, rc $rc): the host does not answer"; }
		S_DONE=$((S_DONE + 1))
	done
	ethtool -G eth0 rx 512 tx 512 >/dev/null 2>&1
	s_faults_forced
	# Traffic: any allocation made from the driver's code may fail (RX
	# refill, skb build, xmit), in any context.
	tx0=$(tx_packets)
	fi_set both 10 200 N 1
	sleep "$T_E_TRAFFIC"
	hit0=$FI_HIT
	fi_off
	S_DONE=$((S_DONE + 1))
	traffic_hits=$((FI_HIT - hit0))
	traffic_tx=$(($(tx_packets) - tx0))
	bg_stop
	# Probe: modprobe with failures in its task, in allocations made from
	# module code (the modules' init and probe, not the loader's own).
	probe_ok=0 probe_fail=0 i=0
	while [ $i -lt "$N_E_PROBE" ] && ! over_budget; do
		i=$((i + 1))
		mods_unload || err "probe $i: cannot unload the modules"
		fi_rnd both
		fi_set $FI_WHICH $FI_PROB 1 Y 1
		as_failing modprobe dwmac-generic >/tmp/fi.out 2>&1
		rc=$?
		fi_off
		wait_dev 3
		if [ $rc = 0 ] && eth0_is_ours; then
			probe_ok=$((probe_ok + 1))
		else
			probe_fail=$((probe_fail + 1))
			mods_unload || err "probe $i: cannot unload after a failed probe"
			mods_load || err "probe $i: modprobe after a failed probe: no eth0"
		fi
		eth_up || err "probe $i: eth0 does not come up"
		alive || err "probe $i: the host does not answer"
		S_DONE=$((S_DONE + 1))
	done
	S_INFO="(open: $open_ok ok, $open_fail failed; -G: $ring_ok ok, $ring_fail failed; forced: $forced_n refused; traffic: $traffic_tx packets, $traffic_hits failures in ${T_E_TRAFFIC}s; probe: $probe_ok ok, $probe_fail failed; $FI_HIT failures injected)"
	scen_end
}

# ---------------------------------------------------------------------------
# (f) TX stall (no doorbell) recovered by the TX watchdog

s_stall() {
	scen_begin f tx-stall "$N_F" $T_F
	stall=$DBG/stmmac-$(basename "$(readlink $NET/device)")/tx_stall
	[ -e "$stall" ] || { err "no $stall"; stall=; }
	# The smallest TX ring: the load fills it (and stops the queue, which
	# the watchdog needs) before the sockets' send buffers fill.
	ethtool -G eth0 rx 64 tx 64 >/dev/null 2>&1 || err "ethtool -G rx 64 tx 64 refused"
	carrier 10
	i=0
	while [ -n "$stall" ] && [ $i -lt "$N_F" ] && ! over_budget; do
		i=$((i + 1))
		bg_start
		alive || err "stall $i: no traffic before the stall"
		r0=$(restarts)
		w0=$(dmesg | grep -c 'NETDEV WATCHDOG')
		mark "watchdog-expected begin"
		echo 1 >"$stall"
		t0=$(now)
		while [ "$(restarts)" = "$r0" ] && [ $(($(now) - t0)) -lt 30 ]; do
			sleep 0.5
		done
		t=$(($(now) - t0))
		[ "$(restarts)" = "$r0" ] && tx_diag
		# The restart runs in a work item: let it finish.
		sleep 2
		mark "watchdog-expected end"
		r1=$(restarts)
		w1=$(dmesg | grep -c 'NETDEV WATCHDOG')
		[ "$r1" -gt "$r0" ] || err "stall $i: no restart within 30 s"
		[ "$w1" -gt "$w0" ] || err "stall $i: no NETDEV WATCHDOG report"
		if [ "$(cat "$stall")" != N ]; then
			err "stall $i: tx_stall still set after the restart"
			# Not to fail everything after this: clear it, restart.
			echo 0 >"$stall"
			ip link set eth0 down
			eth_up
		fi
		alive || { tx_diag; err "stall $i: the host does not answer after the restart"; }
		bg_stop
		S_INFO="${S_INFO}${S_INFO:+, }restart after ${t}s"
		S_DONE=$i
	done
	ethtool -G eth0 rx 512 tx 512 >/dev/null 2>&1 || err "ethtool -G rx 512 tx 512 refused"
	S_INFO="($S_INFO)"
	scen_end
}

# ---------------------------------------------------------------------------
# (g) MTU changes under load

# mtu_set MTU: eth0's MTU, and the stack's memory of the previous ones
# forgotten. An MTU below IPv4's minimum PMTU (min_pmtu, 552) with larger
# TCP segments in flight leaves a locked PMTU exception for the host
# ("mtu lock 68" in ip route get) that raising the MTU does not undo
# (fnhe_update_pmtu()): for its 10 minutes everything to the host would go
# out in 68-byte fragments, TCP as 48-byte segments in two fragments each,
# and a check at a larger MTU would not test that MTU (the 1 MiB of
# scen_end then crawled at 54 bytes a frame). Flushing the route cache also
# invalidates the exceptions (fnhe_genid_bump()).
mtu_set() {
	ip link set eth0 mtu "$1" || return 1
	echo 1 >/proc/sys/net/ipv4/route/flush
}

s_mtu() {
	scen_begin g mtu "$N_G" $T_G
	bg_start
	i=0
	while [ $i -lt "$N_G" ] && ! over_budget; do
		i=$((i + 1))
		rnd 6
		case $R in
		0) m=68 ;;
		1) m=$MAX_MTU ;;
		2) m=1500 ;;
		*) rnd $((MAX_MTU - 67)); m=$((R + 68)) ;;
		esac
		mtu_set $m || err "change $i: mtu $m refused"
		[ "$(cat $NET/mtu)" = $m ] || err "change $i: mtu reads $(cat $NET/mtu), want $m"
		carrier 10 || err "change $i: no carrier within 10 s of mtu $m"
		if [ $((i % 5)) = 0 ]; then
			ps=$((m < 1500 ? m - 28 : 1472))
			ping -c 1 -W 3 -s $ps $HOST >/dev/null 2>&1 || ping -c 1 -W 3 -s $ps $HOST >/dev/null 2>&1 ||
				err "change $i: no answer to a $ps-byte ping at mtu $m"
		fi
		S_DONE=$i
	done
	mtu_set 1500 || err "mtu 1500 refused"
	scen_end
}

# ---------------------------------------------------------------------------
# (h) a restart that fails: the TX stall of (f), and request_irq() failing
# in the restart for want of memory

# irq_area: the text of request_threaded_irq() (request_irq() is an inline
# wrapper of it), for the stack filter: the allocations made below it (its
# irqaction first) fail, whoever calls it; nothing else requests an
# interrupt while the scenario runs.
irq_area() {
	set -- $(awk '$2 ~ /^[tT]$/ && NF == 3 { print $1, $3 }' /proc/kallsyms | sort |
		awk '$2 == "request_threaded_irq" { s = $1; next }
			s && $1 != s { print s, $1; exit }')
	IRQ_START=0 IRQ_END=0
	[ $# = 2 ] || return 1
	IRQ_START=0x$1 IRQ_END=0x$2
}

# klog_count TEXT: how many kernel log lines hold TEXT (dmesg needs no
# RTNL: it works while a hung restart holds it).
klog_count() {
	dmesg | grep -c "$1"
}

# klog_wait TEXT N SECONDS: until more than N kernel log lines hold TEXT.
klog_wait() {
	kw_t0=$(now)
	while [ "$(klog_count "$1")" -le "$2" ]; do
		[ $(($(now) - kw_t0)) -ge "$3" ] && return 1
		sleep 0.5
	done
}

# The watchdog's restart (stmmac_reset_work()) rebuilds the rings and
# starts the data path again; here its request_irq() fails (-ENOMEM: one
# injected slab failure below request_threaded_irq()). The device must be
# left stopped, said so in the log, hold RTNL no longer than the restart
# takes, and come back with ifdown/ifup. Until RTNL is known to be free,
# nothing here may need it (ethtool, sysfs's carrier): a restart hung
# under it would hang the scenario instead of failing it. The driver's log
# lines, read with dmesg: "restarting the DMA" when the restart begins,
# "stopped (" when it leaves the device stopped.
s_restart_fail() {
	scen_begin h restart-fail "$N_H" $T_H
	stall=$DBG/stmmac-$(basename "$(readlink $NET/device)")/tx_stall
	[ -e "$stall" ] || { err "no $stall"; stall=; }
	irq_area || { err "cannot find request_threaded_irq's text in /proc/kallsyms"; stall=; }
	dma_debug_area || err "cannot find kernel/dma/debug.c's text in /proc/kallsyms"
	ethtool -G eth0 rx 64 tx 64 >/dev/null 2>&1 || err "ethtool -G rx 64 tx 64 refused"
	carrier 10
	FI_HIT=0
	i=0
	while [ -n "$stall" ] && [ $i -lt "$N_H" ] && ! over_budget; do
		i=$((i + 1))
		bg_start
		alive || err "restart $i: no traffic before the stall"
		k0=$(klog_count 'restarting the DMA')
		s0=$(klog_count 'stopped (')
		w0=$(klog_count 'NETDEV WATCHDOG')
		hit0=$FI_HIT
		mark "watchdog-expected begin"
		fi_set slab 100 1 N irq
		echo 1 >"$stall"
		t0=$(now)
		klog_wait 'restarting the DMA' "$k0" 30 || { tx_diag; err "restart $i: no restart within 30 s"; }
		klog_wait 'stopped (' "$s0" 20 || err "restart $i: the driver did not report the device stopped within 20 s"
		t=$(($(now) - t0))
		sleep 2
		mark "watchdog-expected end"
		fi_off
		[ $((FI_HIT - hit0)) = 1 ] || err "restart $i: the failure was not injected (request_irq() never allocated)"
		[ "$(klog_count 'NETDEV WATCHDOG')" -gt "$w0" ] || err "restart $i: no NETDEV WATCHDOG report"
		[ "$(cat "$stall")" = N ] || err "restart $i: tx_stall still set after the restart"
		is_up || err "restart $i: eth0 no longer administratively up"
		# Stopped, and left alone: no further watchdog report or restart
		# (the TX watchdog's period is 5 s), the link down. Read without
		# RTNL (sysfs's carrier takes it): operstate.
		k1=$(klog_count 'restarting the DMA')
		w1=$(klog_count 'NETDEV WATCHDOG')
		sleep 6
		read -r op <$NET/operstate
		[ "$op" = up ] && err "restart $i: operstate up on a stopped device"
		[ "$(klog_count 'restarting the DMA')" = "$k1" ] ||
			err "restart $i: restarted again once stopped"
		[ "$(klog_count 'NETDEV WATCHDOG')" = "$w1" ] ||
			err "restart $i: NETDEV WATCHDOG again once stopped"
		# RTNL is free again: ifdown returns. A restart that hangs under it
		# blocks this and every later RTNL user for good, so the run ends.
		ip link set eth0 down &
		dn_pid=$!
		dn_t0=$(now)
		while [ -d /proc/$dn_pid ] && [ $(($(now) - dn_t0)) -lt 30 ]; do
			sleep 0.5
		done
		if [ -d /proc/$dn_pid ]; then
			err "restart $i: ip link set eth0 down blocked for 30 s: the failed restart holds RTNL"
			# The blocked tasks and their stacks, for the log.
			echo w >/proc/sysrq-trigger
			mark "end $S_ID"
			report "SCENARIO $S_ID $S_NAME done=$S_DONE want=$S_WANT errors=$S_ERR traffic=FAIL time=$(($(now) - S_T0))s (RTNL held: the run cannot go on)"
			echo "STRESS-FATAL: scenario h: the failed restart holds RTNL"
			exit 1
		fi
		wait $dn_pid || err "restart $i: ip link set eth0 down failed"
		eth_up || err "restart $i: eth0 does not come back up after ifdown/ifup"
		alive || { tx_diag; err "restart $i: the host does not answer after ifdown/ifup"; }
		bg_stop
		S_INFO="${S_INFO}${S_INFO:+, }stopped after ${t}s"
		S_DONE=$i
	done
	ethtool -G eth0 rx 512 tx 512 >/dev/null 2>&1 || err "ethtool -G rx 512 tx 512 refused"
	S_INFO="($S_INFO)"
	scen_end
}

# ---------------------------------------------------------------------------
# Accounting

# skb_objs: active objects of the skb head caches, after the KASAN quarantine
# and the per-CPU slabs have been flushed into them.
skb_objs() {
	for so_c in skbuff_head_cache skbuff_fclone_cache; do
		echo 1 >/sys/kernel/slab/$so_c/shrink 2>/dev/null
	done
	awk '$1 == "skbuff_head_cache" || $1 == "skbuff_fclone_cache" { s += $2 } END { print s + 0 }' \
		/proc/slabinfo
}

meminfo() {
	awk '$1 == "MemFree:" || $1 == "Slab:" || $1 == "SUnreclaim:" { sub(":", "", $1); printf "%s=%s ", $1, $2 }' \
		/proc/meminfo
}

# skb_settle: the skb count once it stops falling (sockets closing, TIME_WAIT
# timers, RCU): the lowest of a few reads.
skb_settle() {
	ss_min=$(skb_objs)
	ss_n=0
	while [ $ss_n -lt 5 ]; do
		sleep 2
		ss_v=$(skb_objs)
		[ "$ss_v" -lt "$ss_min" ] && ss_min=$ss_v
		ss_n=$((ss_n + 1))
	done
	echo "$ss_min"
}

kmemleak() {
	echo "$1" >$DBG/kmemleak 2>/dev/null
}

# ---------------------------------------------------------------------------

echo "STRESS seed=$SEED scale=${SCALE:-full} only=${ONLY:-all} kernel $(uname -r)"
mark "begin setup"
for f in $DBG/kmemleak $DBG/failslab $DBG/fail_page_alloc /proc/slabinfo; do
	[ -e $f ] || { echo "STRESS-FATAL: $f missing: not the debug kernel?"; exit 1; }
done
# The kernel's boot had 600 s, the scenarios have 60 (scripts/stress.sh).
# (cat: the shell's read takes a byte at a time, and a sysctl file reads
# as empty past its first byte)
HUNG=$(cat /proc/sys/kernel/hung_task_timeout_secs)
[ "$HUNG" = 60 ] || { echo "STRESS-FATAL: hung_task_timeout_secs is $HUNG, not 60"; exit 1; }
mods_load || {
	echo "STRESS-FATAL: modprobe dwmac-generic: no eth0 ($(dmesg | tail -n 2 | tr '\n' ' '))"
	exit 1
}
find_max_mtu
net_up || { echo "STRESS-FATAL: eth0 does not come up"; exit 1; }
traffic_ok || { echo "STRESS-FATAL: no traffic at the start: $TR_WHY"; exit 1; }
t0=$(now)
# Leaks from boot are not ours: scan once and forget what it found.
kmemleak scan
kmemleak clear
echo "STRESS kmemleak baseline scan took $(($(now) - t0))s"
SKB0=$(skb_settle)
MEM0=$(meminfo)
mark "end setup"

wanted a && s_updown
wanted b && s_coalesce
wanted c && s_invalid
wanted d && s_modules
wanted e && s_faults
wanted f && s_stall
wanted g && s_mtu
wanted h && s_restart_fail

mark "begin final"
SKB1=$(skb_settle)
MEM1=$(meminfo)
# Tear down: every page pool is destroyed and must get all its pages back;
# page_pool warns about a stalled shutdown after 60 s.
ip link set eth0 down
mods_unload || echo "STRESS-ERR final: cannot unload the modules"
t_down=$(now)
kmemleak scan
sleep 5
kmemleak scan
cat $DBG/kmemleak >/tmp/kmemleak 2>&1
left=$((t_down + 65 - $(now)))
[ $left -gt 0 ] && sleep $left
mark "end final"
echo "KMEMLEAK-BEGIN"
head -n 400 /tmp/kmemleak
echo "KMEMLEAK-END"
echo "FINAL skb_before=$SKB0 skb_after=$SKB1 leaks=$(grep -c '^unreferenced object' /tmp/kmemleak) before: $MEM0 after: $MEM1"
exit 0
