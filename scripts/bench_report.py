#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""make bench's report: read the console logs scripts/bench.sh kept in DIR
(boot-NN-K.log, K = A, B, R (Linux 6.12), M or N (7.3); boot-NN-cost-K.log,
the -icount boots of A, B, D, M and N), write DIR/table.txt (the table of
every kernel, the cost tables, the candidate policies, the goals, the
sweep), the plot data and DIR/plots.gp, and draw DIR/ab.png and
DIR/sweep.png with gnuplot.

Every figure comes from the guest's BENCH lines (scripts/guest/bench.sh):
counter differences over one measured run and the tool's own result. See
Documentation/bench.rst for the method and how to read the table."""

import os
import re
import statistics
import subprocess
import sys

# The workload boots: A, B, R on Linux 6.12, M and N on 7.3 (this table's
# column order).
KERNELS = ("A", "B", "R", "M", "N")
KVER_OF = {"A": "6.12", "B": "6.12", "R": "6.12", "D": "6.12", "M": "7.3", "N": "7.3"}
# The -icount boots: A, B, and D (B without the board's doorbell quirk), M, N
COST_KERNELS = ("A", "B", "D", "M", "N")
# The ratio columns of the first table: (numerator, denominator), both
# measured in the same round.
PAIRS = (("B", "A"), ("B", "R"), ("N", "M"))
WORKLOADS = ("udp-cpu0", "udp-cpu1", "pktgen-cpu0", "pktgen-cpu1")
# The floods from the host: per RX packet, not per TX packet.
RX_RUNS = ("udp-rx", "udp-rx-mid", "tcp-rx")
# The cost boots' runs: name, the CPU whose idle share is shown (the
# sender's; for the RX runs the interrupt's, where NAPI runs), direction.
COST_RUNS = (("udp-cpu0", 0, "tx"), ("udp-cpu1", 1, "tx"), ("pktgen-cpu0", 0, "tx"),
             ("pktgen-cpu1", 1, "tx"), ("udp-rx", 0, "rx"), ("tcp-rx", 0, "rx"))
DEFAULT_POINT = "u5000f25"
# The candidate policies B runs after the workload (cand=NAME on their BENCH
# lines), in the table's order, with what each changes; "v2", the defaults,
# is the workload's own runs.
CANDS = [("v2", "the defaults: tx-usecs 5000 tx-frames 25, no NAPI deferral (the workload's runs)"),
         ("off", "the driver's coalescing off: tx-usecs 0 tx-frames 1"),
         ("swirq", "the defaults plus NAPI's deferral: napi_defer_hard_irqs 1, gro_flush_timeout 20000"),
         ("burst", "the defaults plus IC at every xmit burst's end (debugfs coal_burst_ic=Y: "
                   "the previous policy)"),
         ("nopace", "the defaults, TCP not told the completion delay (debugfs coal_pacing=N)")]
CAND_RUNS = ("udp-cpu0", "udp-cpu1", "tcp-tx", "tcp-bbr")
# The RX interrupt mitigation candidates M and N run after the workload
# (cand=NAME on their BENCH lines), with what each sets on every NAPI of
# eth0 (sysfs); "v2" is the workload's runs.
RX_CANDS = [("v2", "no NAPI deferral (the workload's runs; both kernels' default)"),
            ("rxswirq", "napi_defer_hard_irqs 1, gro_flush_timeout 20000 "
                        "(netdev_sw_irq_coalesce_default_on's)"),
            ("rxdefer", "napi_defer_hard_irqs 2, gro_flush_timeout 100000")]
# The goals at the defaults (B, v2): per 1000 TX packets of each UDP run.
GOAL_COST = [("irq_k", "eth0 IRQs (TX interrupts)", 50), ("arms_k", "TX timer starts", 40),
             ("cancels_k", "TX timer cancels", 5)]
GOAL_UDP_VS_A = 1.35
GOAL_RTT_SLACK = 0.1
# Issue 30's goals on 7.3, this tree (N) against mainline's stmmac (M):
# instructions per TX packet at most these times M's, per flood.
GOAL_N_INSNS = (("udp-cpu0", 0.85), ("udp-cpu1", 0.85), ("pktgen-cpu0", 0.6),
                ("pktgen-cpu1", 0.6))
GOAL_N_UDP_VS_M = 1.5
GOAL_N_IRQ_VS_M = 0.1
GOAL_N_ARMS = 40
# Issue 32's RX goals, N against M: interrupts per 1000 RX packets under a
# UDP flood (every interrupt of CPU0, where the RX runs keep their work),
# instructions per RX packet.
GOAL_RX_IRQ_VS_M = 0.1
GOAL_RX_INSNS_VS_M = 0.8
# The sweep, in the order the table shows it: name, label.
POINTS = [(f"u{u}f{f}", f"tx-usecs {u:<4} tx-frames {f}")
          for u in (0, 100, 1000, 5000) for f in (1, 25, 64)]
POINTS += [(f"napi{d}g{g // 1000}k", f"0/1, defer {d:<2} gro {g // 1000:>3} us")
           for d in (2, 20) for g in (20000, 200000)]


def parse_log(path):
    """One boot: its BENCH lines as dicts, in order, and what else it said."""
    boot = {"runs": [], "fails": [], "done": False, "info": {}, "version": ""}
    with open(path, errors="replace") as f:
        for line in f:
            line = line.replace("\r", "").rstrip("\n")
            if line.startswith("BENCH run="):
                run = {}
                for field in line.split()[1:]:
                    key, _, value = field.partition("=")
                    try:
                        run[key] = float(value)
                    except ValueError:
                        run[key] = value
                boot["runs"].append(run)
            elif line.startswith("BENCH-FAIL "):
                boot["fails"].append(line[len("BENCH-FAIL "):])
            elif line.startswith("BENCH-DONE"):
                boot["done"] = True
            elif line.startswith("BENCH-INFO "):
                boot["info"] = dict(f.partition("=")[::2] for f in line.split()[1:])
            elif not boot["version"]:
                m = re.search(r"Linux version (\S+) .* SMP (.*)$", line)
                if m:
                    boot["version"], boot["built"] = m.group(1), m.group(2).strip()
    return boot


def figures(run):
    """The figures of one run, by name; None where they do not apply. The
    per-1000 figures are per TX packet, those ending in _rx_k per RX
    packet (the floods from the host)."""
    tx, rx = run.get("tx", 0), run.get("rx", 0)
    ticks = sum(run.get(k, 0) for k in ("user", "sys", "idle", "hardirq", "softirq", "other"))
    irqs = sum(v for k, v in run.items() if k.startswith("irq_cpu"))
    t, idle0 = run.get("t"), run.get("idle_cpu0")
    cpu0_busy = (max(0.0, 100 - 100 * idle0 / (TICKS * t))
                 if isinstance(idle0, float) and isinstance(t, float) and t > 0 else None)
    out = {
        "ok": run.get("rc", 1) == 0,
        "pps_tool": (run["tool_pkts"] / run["tool_secs"]
                     if run.get("tool_secs", 0) > 0 and "tool_pkts" in run else None),
        "pps_if": run.get("if_pps") or None,
        "pps_rx_if": run.get("if_rx_pps") or None,
        # udp-rx: what the host's iperf3 sent, per second of the guest's
        "pps_host": (run["host_sent"] / run["tool_secs"]
                     if run.get("tool_secs", 0) > 0 and isinstance(run.get("host_sent"), float)
                     else None),
        "irq_rx_k": 1000 * irqs / rx if rx else None,
        # Every interrupt CPU0 took (the RX runs' CPU): a NAPI deferral
        # trades eth0's for the timer's.
        "allirq_rx_k": (1000 * run["allirq_cpu0"] / rx
                        if rx and isinstance(run.get("allirq_cpu0"), float) else None),
        "cpu0_busy": cpu0_busy,
        "cpu0_us_rx": (1e4 * cpu0_busy * run["t"] / rx
                       if rx and cpu0_busy is not None else None),
        "tx_rx_k": 1000 * tx / rx if rx else None,
        "arms_k": 1000 * run.get("arms", 0) / tx if tx else None,
        "napi_k": 1000 * run.get("napi_arms", 0) / tx if tx else None,
        "drv_arms_k": (1000 * run["coal_armed"] / tx if tx and "coal_armed" in run else None),
        # cancels: -1 when the guest had no kprobe events.
        "cancels_k": (1000 * run["cancels"] / tx if tx and isinstance(run.get("cancels"), float)
                      and run["cancels"] >= 0 else None),
        "drv_cancels_k": (1000 * run["coal_cancelled"] / tx
                          if tx and isinstance(run.get("coal_cancelled"), float) else None),
        "irq_k": 1000 * irqs / tx if tx else None,
        "drv_ic_k": (1000 * run["coal_ic"] / tx
                     if tx and isinstance(run.get("coal_ic"), float) else None),
        "rx_k": 1000 * run.get("rx", 0) / tx if tx else None,
        "hardirq": 100 * run.get("hardirq", 0) / ticks if ticks else None,
        "softirq": 100 * run.get("softirq", 0) / ticks if ticks else None,
        "mbps": run["tool_bps"] / 1e6 if isinstance(run.get("tool_bps"), float) else None,
        "rtt": run.get("rtt_avg") if isinstance(run.get("rtt_avg"), float) else None,
    }
    return out


def load_boots(dirname, tag=""):
    """The boots whose logs are boot-NN-{tag}K.log, with their round: the
    n-th boot of each kernel belongs to round n."""
    boots, seen = [], {k: 0 for k in KERNELS + COST_KERNELS}
    for name in sorted(os.listdir(dirname)):
        m = re.match(r"boot-(\d+)-" + re.escape(tag) + r"([ABRDMN])\.log$", name)
        if m:
            boot = parse_log(os.path.join(dirname, name))
            boot["index"], boot["kernel"] = int(m.group(1)), m.group(2)
            if tag:
                boot["label"] = tag.replace("-", " ") + m.group(2)
            seen[boot["kernel"]] += 1
            boot["round"] = seen[boot["kernel"]]
            boots.append(boot)
    return boots


def load(dirname):
    return load_boots(dirname)


def load_cost(dirname):
    """The -icount boots (boot-NN-cost-K.log)."""
    return load_boots(dirname, "cost-")


# /proc/stat's unit, USER_HZ
TICKS = 100


def cost_figs(boot, name, cpu, way="tx"):
    """A cost boot's run NAME: (virtual ns per packet, CPU's idle %); per
    TX packet, or with WAY "rx" per RX packet (the floods from the host).

    Under -icount shift=0 the guest's clock is the instruction count of both
    CPUs, so eth0's steady TX rate (if_pps) per virtual second gives the
    instructions per packet, as long as a CPU was busy throughout (the clock
    also runs, with no instruction, while both idle: sleep=off), which the
    sender sees to. The host's frames cannot be made to keep the guest busy
    in counted seconds, so the RX runs keep all their work on CPU0 (the
    guest job pins the receiver there, with the interrupt) and their count
    is CPU0's busy time, the run's duration less CPU0's idle time (CPU1's
    few instructions while CPU0 idles are left out), over the packets
    received."""
    for run in boot["runs"]:
        if run.get("run") == name and run.get("rc") == 0:
            t, idle = run.get("t"), run.get(f"idle_cpu{cpu}")
            idle_pct = 100 * idle / (TICKS * t) if isinstance(idle, float) and t else None
            if way == "rx":
                rx = run.get("rx")
                busy = t - idle / TICKS if isinstance(idle, float) and t else None
                return (1e9 * busy / rx if busy and busy > 0 and rx else None, idle_pct)
            pps = run.get("if_pps")
            return (1e9 / pps if isinstance(pps, float) and pps > 0 else None, idle_pct)
    return None, None


def cost_by_kernel(cost):
    """{kernel: its cost boots in round order}."""
    return {k: sorted((b for b in cost if b["kernel"] == k), key=lambda b: b["round"])
            for k in COST_KERNELS}


def cost_values(by, k, name, cpu, way):
    """Instructions per packet of run NAME, one per cost boot of K."""
    return [cost_figs(b, name, cpu, way)[0] for b in by.get(k, [])]


def spread_pct(values):
    values = [v for v in values if v is not None]
    if len(values) < 2:
        return None
    return 100 * (max(values) - min(values)) / statistics.median(values)


def apart(a, b):
    """Whether two kernels' min-max ranges do not overlap (None: fewer
    than two boots of one, nothing to tell apart)."""
    a, b = [v for v in a if v is not None], [v for v in b if v is not None]
    if len(a) < 2 or len(b) < 2:
        return None
    return max(a) < min(b) or max(b) < min(a)


def pct(x):
    return "-" if x is None else f"{x:.1f}%"


def per_round_ratios(num, den, rounds):
    """NUM[r] / DEN[r] for every round r (None where either is missing)."""
    return [ratio(num[r] if r < len(num) else None, den[r] if r < len(den) else None)
            for r in range(rounds)]


def wall_rate(boot, name, way):
    """The wall-clock rate of run NAME in a workload boot: the tool's pps
    (TX), eth0's RX pps (the floods from the host)."""
    f = workload_figs(boot, name) or {}
    return f.get("pps_rx_if" if way == "rx" else "pps_tool")


def cost_pair_table(by, wall, base, new, lines):
    """Instructions per packet of BASE and NEW, with each figure's spread
    across the boots, NEW/BASE per round, and the wall-clock pps spread of
    the same runs for comparison."""
    rounds = max((len(by.get(k, [])) for k in (base, new)), default=0)
    w_r = max(13, 6 * rounds)
    rn = f"{new}/{base}"
    head = (f"{'run':<12} {base + ' insns/packet':>20} {base + ' spr':>6} {new + ' insns/packet':>20}"
            f" {new + ' spr':>6}  {rn + ' per round':>{w_r}} {rn:>5} {'ranges':>7}"
            f" {'idle% ' + base + '/' + new:>10} {'wall pps spr ' + base + '/' + new:>17}")
    lines += [head, "-" * len(head)]
    for name, cpu, way in COST_RUNS:
        ns = {k: cost_values(by, k, name, cpu, way) for k in (base, new)}
        if not any(v is not None for k in ns for v in ns[k]):
            continue
        idle = {k: med(cost_figs(b, name, cpu, way)[1] for b in by.get(k, [])) for k in (base, new)}
        rs = per_round_ratios(ns[new], ns[base], rounds)
        sep = apart(ns[base], ns[new])
        wall_spr = [spread_pct(wall_rate(b, name, way) for b in wall.get(k, [])) for k in (base, new)]
        lines.append(f"{name:<12} {cell(ns[base], 0):>20} {pct(spread_pct(ns[base])):>6}"
                     f" {cell(ns[new], 0):>20} {pct(spread_pct(ns[new])):>6}"
                     f"  {''.join(f'{fmt_ratio(x):>6}' for x in rs):>{w_r}} {fmt_ratio(med(rs)):>5}"
                     f" {'-' if sep is None else ('apart' if sep else 'overlap'):>7}"
                     f" {fmt(idle[base], 0) + '/' + fmt(idle[new], 0):>10}"
                     f" {pct(wall_spr[0]) + ' / ' + pct(wall_spr[1]):>17}")


def cost_table(cost, boots, lines):
    """Instructions per packet: A and B (6.12), M and N (7.3), each pair
    side by side; then D, B's kernel with one doorbell per burst, against
    B."""
    by = cost_by_kernel(cost)
    wall = by_kernel(boots)
    rounds = max(len(v) for v in by.values())
    w_r = max(13, 6 * rounds)
    first = True
    for base, new, what in (("A", "B", "Linux 6.12: A (Debian's stmmac) and B (this tree)"),
                            ("M", "N", "Linux 7.3: M (mainline's stmmac) and N (this tree)")):
        if not by[base] and not by[new]:
            continue
        if not first:
            lines.append("")
        first = False
        lines += [what + ":", ""]
        cost_pair_table(by, wall, base, new, lines)
    if not by["D"]:
        return
    lines.append("")
    head = (f"{'run':<12} {'B insns/packet':>20} {'D insns/packet':>20} {'D spr':>6}"
            f"  {'D/B per round':>{w_r}} {'D/B':>5} {'ranges':>7}")
    lines += ["D: B's kernel without the board's quirk, one TX doorbell per xmit burst "
              "(QEMU's model garbles", "  the later frames of a burst; the count does not "
              "mind). D/B below 1: the doorbell per frame cost that much.", "",
              head, "-" * len(head)]
    for name, cpu, way in COST_RUNS:
        if way != "tx":
            continue
        ns = {k: cost_values(by, k, name, cpu, way) for k in ("B", "D")}
        db = per_round_ratios(ns["D"], ns["B"], rounds)
        sep = apart(ns["B"], ns["D"])
        lines.append(f"{name:<12} {cell(ns['B'], 0):>20} {cell(ns['D'], 0):>20}"
                     f" {pct(spread_pct(ns['D'])):>6}"
                     f"  {''.join(f'{fmt_ratio(x):>6}' for x in db):>{w_r}} {fmt_ratio(med(db)):>5}"
                     f" {'-' if sep is None else ('apart' if sep else 'overlap'):>7}")


def workload_figs(boot, name):
    for run in boot["runs"]:
        if run.get("run") == name and "point" not in run and "cand" not in run:
            f = figures(run)
            return f if f["ok"] else None
    return None


def cand_figs(boot, cand, name):
    """Run NAME under candidate CAND in one boot; v2 is the workload's."""
    if cand == "v2":
        return workload_figs(boot, name)
    for run in boot["runs"]:
        if run.get("run") == name and run.get("cand") == cand:
            f = figures(run)
            return f if f["ok"] else None
    return None


def by_kernel(boots):
    """{kernel: its boots in round order}."""
    return {k: sorted((b for b in boots if b["kernel"] == k), key=lambda b: b["round"])
            for k in KERNELS}


def sweep_figs(boot):
    """{point: {"udp": figs, "ping": figs, "tcp": figs}} of one B boot."""
    out = {}
    for run in boot["runs"]:
        point = run.get("point")
        if isinstance(point, str) and str(run.get("run", "")).startswith("sweep-"):
            f = figures(run)
            if f["ok"]:
                out.setdefault(point, {})[run["run"][len("sweep-"):]] = f
    return out


def med(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def fmt(value, digits):
    if value is None:
        return "-"
    return f"{value:.{digits}f}"


def cell(values, digits):
    """median (min-max) of the values that exist; the median alone when
    they are all the same at this precision."""
    values = [v for v in values if v is not None]
    if not values:
        return "-"
    lo, mid, hi = (fmt(v, digits) for v in (min(values), statistics.median(values), max(values)))
    if lo == hi:
        return mid
    return f"{mid} ({lo}-{hi})"


def ratio(b, a):
    if a is None or b is None or a == 0:
        return None
    return b / a


def fmt_ratio(x):
    """A ratio in at most 5 characters."""
    if x is None:
        return "-"
    if x >= 100:
        return ">100"
    return f"{x:.1f}" if x >= 10 else f"{x:.2f}"


# The first table's rows: (workload, figure key, label, digits).
AB_ROWS = []
for w in WORKLOADS:
    AB_ROWS += [(w, "pps_tool", "pps (tool)", 0), (w, "pps_if", "pps (eth0)", 0),
                (w, "arms_k", "TX timer arms/1000", 1),
                (w, "cancels_k", "TX cancels/1000", 1),
                (w, "drv_cancels_k", "coal_cancelled/1000", 1),
                (w, "irq_k", "eth0 IRQs/1000", 0),
                (w, "drv_ic_k", "coal_ic/1000", 1), (w, "rx_k", "RX packets/1000", 1),
                (w, "hardirq", "hardirq % CPU", 1), (w, "softirq", "softirq % CPU", 1)]
AB_ROWS += [("tcp-tx", "mbps", "TCP Mbit/s", 1), ("tcp-bbr", "mbps", "TCP Mbit/s", 1)]
# The floods from the host, per RX packet: the TCP download, then the UDP
# flood (pps (tool): what the guest's iperf3 read; sent (host): what the
# host's offered).
AB_ROWS += [("tcp-rx", "mbps", "TCP Mbit/s", 1), ("tcp-rx", "pps_rx_if", "RX pps (eth0)", 0),
            ("tcp-rx", "irq_rx_k", "eth0 IRQs/1000 RX", 1),
            ("tcp-rx", "allirq_rx_k", "CPU0 IRQs/1000 RX", 1),
            ("tcp-rx", "tx_rx_k", "TX packets/1000 RX", 1),
            ("tcp-rx", "softirq", "softirq % CPU", 1)]
# The UDP flood the guest keeps up with (5000 packets/s by default): its
# cost per packet in interrupts and CPU0's time.
AB_ROWS += [("udp-rx-mid", "pps_rx_if", "RX pps (eth0)", 0),
            ("udp-rx-mid", "irq_rx_k", "eth0 IRQs/1000 RX", 1),
            ("udp-rx-mid", "allirq_rx_k", "CPU0 IRQs/1000 RX", 1),
            ("udp-rx-mid", "cpu0_us_rx", "CPU0 us per RX", 1),
            ("udp-rx-mid", "softirq", "softirq % CPU", 1)]
AB_ROWS += [("udp-rx", "pps_tool", "pps (tool)", 0), ("udp-rx", "pps_host", "pps sent (host)", 0),
            ("udp-rx", "pps_rx_if", "RX pps (eth0)", 0),
            ("udp-rx", "irq_rx_k", "eth0 IRQs/1000 RX", 1),
            ("udp-rx", "allirq_rx_k", "CPU0 IRQs/1000 RX", 1),
            ("udp-rx", "tx_rx_k", "TX packets/1000 RX", 1),
            ("udp-rx", "softirq", "softirq % CPU", 1)]
AB_ROWS += [("ping-idle", "rtt", "ping RTT avg ms", 2)]


def ab_values(by, rounds, w, key):
    vals = {k: [] for k in KERNELS}
    for k in KERNELS:
        for r in range(rounds):
            boot = by[k][r] if r < len(by[k]) else None
            f = workload_figs(boot, w) if boot else None
            vals[k].append(f[key] if f else None)
    return vals


def all_zero(values):
    values = [v for v in values if v is not None]
    return bool(values) and all(v == 0 for v in values)


def present(boots):
    """The kernels with workload boots, in the table's order, and the ratio
    columns both of whose kernels are there."""
    have = [k for k in KERNELS if any(b["kernel"] == k for b in boots)]
    return have, [(x, y) for x, y in PAIRS if x in have and y in have]


def ab_table(boots, lines):
    """The table of every kernel; returns whether hardirq was 0 in every
    run."""
    by = by_kernel(boots)
    rounds = max((len(v) for v in by.values()), default=0)
    kernels, pairs = present(boots)
    hardirq_zero = all_zero(v for w in WORKLOADS + RX_RUNS
                            for vs in ab_values(by, rounds, w, "hardirq").values() for v in vs)
    w_val, w_r = 20, max(13, 6 * rounds)
    head = (f"{'workload':<12}{'figure':<19}" + "".join(f" {k:>{w_val}}" for k in kernels)
            + "".join(f"  {x + '/' + y + ' per round':>{w_r}} {x + '/' + y:>5}" for x, y in pairs))
    lines += [head, "-" * len(head)]

    def per_round(rs):
        return "".join(f"{fmt_ratio(x):>6}" for x in rs)

    for w, key, label, digits in AB_ROWS:
        if key == "hardirq" and hardirq_zero:
            continue
        vals = ab_values(by, rounds, w, key)
        if not any(v is not None for k in kernels for v in vals[k]):
            continue
        rs = [[ratio(vals[x][r], vals[y][r]) for r in range(rounds)] for x, y in pairs]
        lines.append(f"{w:<12}{label:<19}"
                     + "".join(f" {cell(vals[k], digits):>{w_val}}" for k in kernels)
                     + "".join(f"  {per_round(r):>{w_r}} {fmt_ratio(med(r)):>5}" for r in rs))
    return hardirq_zero


def cand_values(boots, cand, name, key, kernel="B"):
    """KEY of run NAME under candidate CAND, one value per boot of KERNEL
    (round order)."""
    out = []
    for boot in by_kernel(boots)[kernel]:
        f = cand_figs(boot, cand, name)
        out.append(f[key] if f else None)
    return out


def cand_table(boots, lines):
    """The candidate policies on B: throughput, then the cost per 1000 TX
    packets of each UDP run; median (min-max) over the B boots."""
    w_name, w_big, w_small = 10, 20, 17
    head = (f"{'policy':<{w_name}}" + "".join(f" {h:>{w_big}}" for h in (
        "udp-cpu0 pps", "udp-cpu1 pps", "tcp-tx Mbit/s", "tcp-bbr Mbit/s")))
    lines += [head, "-" * len(head)]
    for cand, _ in CANDS:
        cells = [cell(cand_values(boots, cand, w, "pps_tool"), 0) for w in ("udp-cpu0", "udp-cpu1")]
        cells += [cell(cand_values(boots, cand, w, "mbps"), 1) for w in ("tcp-tx", "tcp-bbr")]
        lines.append(f"{cand:<{w_name}}" + "".join(f" {c:>{w_big}}" for c in cells))
    lines.append("")
    figs = (("irq_k", "eth0 IRQs"), ("arms_k", "timer starts"), ("cancels_k", "cancels"))
    group = 3 * (w_small + 1)
    lines.append((f"{'':<{w_name}}" + "".join(f" {'per 1000 TX, ' + w:^{group - 1}}"
                                              for w in ("udp-cpu0", "udp-cpu1"))).rstrip())
    head = f"{'policy':<{w_name}}" + "".join(f" {h:>{w_small}}" for _ in range(2) for _, h in figs)
    lines += [head, "-" * len(head)]
    for cand, _ in CANDS:
        cells = [cell(cand_values(boots, cand, w, key), 1)
                 for w in ("udp-cpu0", "udp-cpu1") for key, _ in figs]
        lines.append(f"{cand:<{w_name}}" + "".join(f" {c:>{w_small}}" for c in cells))
    lines.append("")
    for cand, what in CANDS:
        lines.append(f"  {cand + ':':<8} {what}")


def rx_cand_table(boots, lines):
    """The RX interrupt mitigation candidates on M and N: the flood the
    guest keeps up with per 1000 RX packets, then the saturating flood, the
    TCP download and idle RTT; median (min-max) over each kernel's boots."""
    w_name, w = 12, 19
    kernels = [k for k in ("M", "N") if by_kernel(boots)[k]]
    tables = (
        (("udp-rx-mid", "irq_rx_k", "mid eth0 IRQs/1k", 1),
         ("udp-rx-mid", "allirq_rx_k", "mid CPU0 IRQs/1k", 1),
         ("udp-rx-mid", "cpu0_us_rx", "mid CPU0 us/RX", 1),
         ("udp-rx-mid", "pps_rx_if", "mid RX pps", 0)),
        (("udp-rx", "pps_rx_if", "flood RX pps", 0),
         ("udp-rx", "allirq_rx_k", "flood CPU0 IRQs/1k", 1),
         ("tcp-rx", "mbps", "tcp-rx Mbit/s", 1),
         ("ping-idle", "rtt", "ping RTT ms", 2)))
    for cols in tables:
        head = f"{'kernel/cand':<{w_name}}" + "".join(f" {h:>{w}}" for _, _, h, _ in cols)
        lines += [head, "-" * len(head)]
        for k in kernels:
            for cand, _ in RX_CANDS:
                cells = [cell(cand_values(boots, cand, name, key, k), d)
                         for name, key, _, d in cols]
                lines.append(f"{k + ' ' + cand:<{w_name}}" + "".join(f" {c:>{w}}" for c in cells))
        lines.append("")
    for cand, what in RX_CANDS:
        lines.append(f"  {cand + ':':<8} {what}")


def goal_line(lines, ok, what, figure):
    status = "n/a " if ok is None else ("PASS" if ok else "FAIL")
    lines.append(f"  {status}  {what:<54} {figure}")


def ratios(rs):
    return " ".join(fmt_ratio(x) for x in rs)


def goals(boots, lines):
    """One line per goal, PASS or FAIL with its figures. Informational only:
    make bench's result does not depend on it."""
    by = by_kernel(boots)
    rounds = max((len(v) for v in by.values()), default=0)

    def ab(w, key):
        vals = ab_values(by, rounds, w, key)
        return vals, [ratio(vals["B"][r], vals["A"][r]) for r in range(rounds)]

    lines.append("Goals (informational: they do not change make bench's exit status). B at the "
                 "defaults (v2); medians over the")
    lines.append("  boots, ratios per round (B/A) or per B boot (v2/off), then their median:")
    for w in ("udp-cpu0", "udp-cpu1"):
        for key, what, limit in GOAL_COST:
            vals = cand_values(boots, "v2", w, key)
            m = med(vals)
            goal_line(lines, None if m is None else m <= limit,
                      f"{w}: {what} per 1000 TX <= {limit}", cell(vals, 1))
    for w in ("udp-cpu0", "udp-cpu1"):
        _, ba = ab(w, "pps_tool")
        m = med(ba)
        goal_line(lines, None if m is None else m >= GOAL_UDP_VS_A,
                  f"{w}: UDP pps >= {GOAL_UDP_VS_A}x A",
                  f"B/A {fmt_ratio(m)} (rounds {ratios(ba)})")
        v2 = cand_values(boots, "v2", w, "pps_tool")
        off = cand_values(boots, "off", w, "pps_tool")
        rel = [ratio(a, b) for a, b in zip(v2, off)]
        m = med(rel)
        goal_line(lines, None if m is None else m >= 1,
                  f"{w}: UDP pps >= off (tx-usecs 0 tx-frames 1)",
                  f"v2/off {fmt_ratio(m)} (boots {ratios(rel)}); v2 {cell(v2, 0)}, "
                  f"off {cell(off, 0)}")
    for w, what in (("tcp-tx", "TCP guest->host, cubic"), ("tcp-bbr", "TCP guest->host, BBR")):
        _, ba = ab(w, "mbps")
        m = med(ba)
        goal_line(lines, None if m is None else m >= 1, f"{w}: {what}, Mbit/s >= A",
                  f"B/A {fmt_ratio(m)} (rounds {ratios(ba)})")
    vals, _ = ab("ping-idle", "rtt")
    a, b = med(vals["A"]), med(vals["B"])
    goal_line(lines, None if a is None or b is None else b <= a + GOAL_RTT_SLACK,
              f"ping-idle: RTT avg <= A + {GOAL_RTT_SLACK} ms",
              f"B {fmt(b, 2)} ms, A {fmt(a, 2)} ms")


def goals_73(boots, cost, lines):
    """Issue 30's goals: this tree on 7.3 (N) against mainline 7.3's stmmac
    (M), both on 7.3; one line each, PASS or FAIL with the per-round ratios
    N/M, their median (what is judged) and each kernel's median (min-max)
    over its boots. Informational, as the goals above."""
    by = by_kernel(boots)
    cby = cost_by_kernel(cost)
    rounds = max((len(v) for v in by.values()), default=0)
    crounds = max((len(v) for v in cby.values()), default=0)

    def judged(rs, ok):
        m = med(rs)
        return None if m is None else ok(m), m

    def figure(m, rs, n, mm, digits):
        return (f"N/M {fmt_ratio(m)} (rounds {ratios(rs)}); N {cell(n, digits)},"
                f" M {cell(mm, digits)}")

    lines.append("Goals on Linux 7.3 (issue 30; informational): N (this tree) against M (mainline's "
                 "stmmac), both on 7.3;")
    lines.append("  judged on the median of the per-round ratios N/M (the cost boots' for "
                 "instructions), beside each kernel's")
    lines.append("  median (min-max) over its boots:")
    if not by["M"] and not by["N"] and not cby["M"] and not cby["N"]:
        lines.append("  n/a   no boot of M or N in this run (BENCH_KERNELS)")
        return
    for name, cpu, way in COST_RUNS:
        n, mm = cost_values(cby, "N", name, cpu, way), cost_values(cby, "M", name, cpu, way)
        rs = per_round_ratios(n, mm, crounds)
        if way == "tx":
            limit = dict(GOAL_N_INSNS)[name]
            ok, m = judged(rs, lambda x, lim=limit: x <= lim)
            what = f"{name}: instructions per TX packet <= {limit}x M"
        else:
            ok, m = judged(rs, lambda x: x <= 1)
            what = f"{name}: instructions per RX packet <= M"
        goal_line(lines, ok, what, figure(m, rs, n, mm, 0))
    for w in ("udp-cpu0", "udp-cpu1"):
        vals = ab_values(by, rounds, w, "pps_tool")
        rs = per_round_ratios(vals["N"], vals["M"], rounds)
        ok, m = judged(rs, lambda x: x >= GOAL_N_UDP_VS_M)
        goal_line(lines, ok, f"{w}: UDP pps >= {GOAL_N_UDP_VS_M}x M",
                  figure(m, rs, vals["N"], vals["M"], 0))
    for w in ("udp-cpu0", "udp-cpu1"):
        vals = ab_values(by, rounds, w, "irq_k")
        rs = per_round_ratios(vals["N"], vals["M"], rounds)
        ok, m = judged(rs, lambda x: x <= GOAL_N_IRQ_VS_M)
        goal_line(lines, ok, f"{w}: TX interrupts per 1000 TX <= {GOAL_N_IRQ_VS_M}x M",
                  figure(m, rs, vals["N"], vals["M"], 1))
    for w in ("udp-cpu0", "udp-cpu1"):
        vals = ab_values(by, rounds, w, "arms_k")
        m = med(vals["N"])
        goal_line(lines, None if m is None else m <= GOAL_N_ARMS,
                  f"{w}: TX timer starts per 1000 TX <= {GOAL_N_ARMS}",
                  f"N {cell(vals['N'], 1)}, M {cell(vals['M'], 1)}")
    for w, what in (("tcp-tx", "TCP guest->host, cubic"), ("tcp-bbr", "TCP guest->host, BBR"),
                    ("tcp-rx", "TCP host->guest, cubic")):
        vals = ab_values(by, rounds, w, "mbps")
        rs = per_round_ratios(vals["N"], vals["M"], rounds)
        ok, m = judged(rs, lambda x: x >= 1)
        goal_line(lines, ok, f"{w}: {what}, Mbit/s >= M", figure(m, rs, vals["N"], vals["M"], 1))
    vals = ab_values(by, rounds, "ping-idle", "rtt")
    a, b = med(vals["M"]), med(vals["N"])
    goal_line(lines, None if a is None or b is None else b <= a + GOAL_RTT_SLACK,
              f"ping-idle: RTT avg <= M + {GOAL_RTT_SLACK} ms",
              f"N {cell(vals['N'], 2)} ms, M {cell(vals['M'], 2)} ms")


def goals_32(boots, cost, lines):
    """Issue 32's RX goals, N against M at both kernels' defaults, judged as
    goals_73's."""
    by, cby = by_kernel(boots), cost_by_kernel(cost)
    rounds = max((len(v) for v in by.values()), default=0)
    crounds = max((len(v) for v in cby.values()), default=0)
    lines.append("RX goals on Linux 7.3 (issue 32; informational): N against M, as above. "
                 "Interrupts: every one CPU0")
    lines.append("  took (eth0's, the timers', the IPIs'), where the RX runs keep their work:")
    if not by["M"] or not by["N"]:
        lines.append("  n/a   no boot of M or N in this run (BENCH_KERNELS)")
        return

    def line(rs, n, mm, what, ok, digits):
        m = med(rs)
        goal_line(lines, None if m is None else ok(m), what,
                  f"N/M {fmt_ratio(m)} (rounds {ratios(rs)}); N {cell(n, digits)},"
                  f" M {cell(mm, digits)}")

    for w in ("udp-rx-mid", "udp-rx"):
        vals = ab_values(by, rounds, w, "allirq_rx_k")
        line(per_round_ratios(vals["N"], vals["M"], rounds), vals["N"], vals["M"],
             f"{w}: interrupts per 1000 RX <= {GOAL_RX_IRQ_VS_M}x M",
             lambda x: x <= GOAL_RX_IRQ_VS_M, 1)
    vals = ab_values(by, rounds, "tcp-rx", "mbps")
    line(per_round_ratios(vals["N"], vals["M"], rounds), vals["N"], vals["M"],
         "tcp-rx: TCP download, Mbit/s >= M", lambda x: x >= 1, 1)
    n, mm = cost_values(cby, "N", "udp-rx", 0, "rx"), cost_values(cby, "M", "udp-rx", 0, "rx")
    line(per_round_ratios(n, mm, crounds), n, mm,
         f"udp-rx: instructions per RX packet <= {GOAL_RX_INSNS_VS_M}x M",
         lambda x: x <= GOAL_RX_INSNS_VS_M, 0)
    # At a load both keep up with, the cost boots have no stable figure
    # (guest/bench.sh's cost_runs): CPU0's busy wall-clock time instead.
    vals = ab_values(by, rounds, "udp-rx-mid", "cpu0_us_rx")
    line(per_round_ratios(vals["N"], vals["M"], rounds), vals["N"], vals["M"],
         f"udp-rx-mid: CPU0 time per RX packet <= {GOAL_RX_INSNS_VS_M}x M",
         lambda x: x <= GOAL_RX_INSNS_VS_M, 1)


def sweep_rows(boots):
    """Per point: the medians (and pps spread) over the B boots."""
    per_boot = [sweep_figs(b) for b in boots if b["kernel"] == "B"]
    rows = []
    for point, label in POINTS:
        udp = [s[point]["udp"] for s in per_boot if "udp" in s.get(point, {})]
        ping = [s[point]["ping"] for s in per_boot if "ping" in s.get(point, {})]
        tcp = [s[point]["tcp"] for s in per_boot if "tcp" in s.get(point, {})]
        rel = []
        for s in per_boot:
            try:
                rel.append(s[point]["udp"]["pps_tool"] / s[DEFAULT_POINT]["udp"]["pps_tool"])
            except (KeyError, TypeError, ZeroDivisionError):
                pass
        pps = [f["pps_tool"] for f in udp]
        row = {"point": point, "label": label, "n": len(udp),
               "pps": med(pps), "pps_min": min(pps, default=None), "pps_max": max(pps, default=None)}
        lists = {"rel": rel, "rtt": [f["rtt"] for f in ping], "mbps": [f["mbps"] for f in tcp]}
        for key in ("irq_k", "arms_k", "napi_k", "hardirq", "softirq"):
            lists[key] = [f[key] for f in udp]
        for key, values in lists.items():
            values = [v for v in values if v is not None]
            row[key] = med(values)
            row[key + "_min"] = min(values, default=None)
            row[key + "_max"] = max(values, default=None)
        rows.append(row)
    return rows


def sweep_table(rows, lines, hardirq):
    head = (f"{'setting':<27}{'UDP pps':>19}{'vs 5000/25':>11}{'IRQs/1000':>10}"
            f"{'TX timer/1000':>14}{'NAPI timer/1000':>16}" + (f"{'hardirq%':>9}" if hardirq else "")
            + f"{'softirq%':>9}{'RTT ms':>8}{'TCP Mbit/s':>11}")
    lines += [head, "-" * len(head)]
    for i, r in enumerate(rows):
        if i == 12:
            lines.append("NAPI's deferral instead (tx-usecs 0 tx-frames 1, /sys/class/net/eth0/"
                         "napi_defer_hard_irqs, gro_flush_timeout):")
        spread = cell([r["pps"]] if r["n"] < 2 else [r["pps_min"], r["pps"], r["pps_max"]], 0)
        lines.append(f"{r['label']:<27}{spread:>19}{fmt(r['rel'], 2):>11}{fmt(r['irq_k'], 1):>10}"
                     f"{fmt(r['arms_k'], 1):>14}{fmt(r['napi_k'], 1):>16}"
                     + (f"{fmt(r['hardirq'], 1):>9}" if hardirq else "")
                     + f"{fmt(r['softirq'], 1):>9}{fmt(r['rtt'], 2):>8}{fmt(r['mbps'], 1):>11}")


VERDICT = [("rel", True, "UDP pps vs 5000/25", 2), ("irq_k", False, "IRQs/1000 TX", 1),
           ("softirq", False, "softirq % CPU", 1), ("rtt", False, "idle RTT ms", 2),
           ("mbps", True, "TCP Mbit/s", 1)]


def verdict(rows, lines):
    """Which setting wins for what: the best and the worst median of each
    figure, with their min-max, and the driver's coalescing against NAPI's
    deferral as groups."""
    def spread(r, key, digits):
        return cell([r[key + "_min"], r[key], r[key + "_max"]], digits)

    lines.append("Which setting wins, per figure (median (min-max) over the B boots; where the best's "
                 "and the worst's ranges")
    lines.append("overlap, the boots do not separate them):")
    for key, best_high, what, digits in VERDICT:
        have = [r for r in rows if r[key] is not None]
        if not have:
            continue
        ordered = sorted(have, key=lambda r: r[key], reverse=best_high)
        best, worst = ordered[0], ordered[-1]
        lo_hi = sorted([(best[key + "_min"], best[key + "_max"]),
                        (worst[key + "_min"], worst[key + "_max"])])
        overlap = lo_hi[1][0] <= lo_hi[0][1]
        lines.append(f"  {what + ':':<20} best {best['label'].strip():<26} {spread(best, key, digits):<20}"
                     f" worst {worst['label'].strip():<26} {spread(worst, key, digits):<20}"
                     + (" overlap" if overlap else " apart"))
    driver, napi = rows[:12], rows[12:]
    lines.append("")
    lines.append("The driver's TX coalescing (the 12 tx-usecs x tx-frames settings) against NAPI's "
                 "deferral (the 4 settings),")
    lines.append("median of the settings' medians:")
    for key, _, what, digits in VERDICT + [("arms_k", False, "TX timer/1000", 1),
                                           ("napi_k", False, "NAPI timer/1000", 1)]:
        lines.append(f"  {what + ':':<20} driver {fmt(med(r[key] for r in driver), digits):>8}"
                     f"   NAPI deferral {fmt(med(r[key] for r in napi), digits):>8}")


def write_plots(dirname, boots, rows):
    by = {k: sorted((b for b in boots if b["kernel"] == k), key=lambda b: b["round"])
          for k in KERNELS}
    rounds = max((len(v) for v in by.values()), default=0)
    with open(os.path.join(dirname, "ab.dat"), "w") as f:
        f.write("# per workload block: round, then for A B R M N: pps (tool), TX timer arms/1000, "
                "IRQs/1000; then B/A, B/R and N/M of pps\n")
        for w in WORKLOADS:
            f.write(f"# {w}\n")
            for r in range(rounds):
                cols = [str(r + 1)]
                pps = {}
                for key in ("pps_tool", "arms_k", "irq_k"):
                    for k in KERNELS:
                        boot = by[k][r] if r < len(by[k]) else None
                        fig = workload_figs(boot, w) if boot else None
                        v = fig[key] if fig else None
                        if key == "pps_tool":
                            pps[k] = v
                        cols.append("NaN" if v is None else f"{v:.3f}")
                for x, y in PAIRS:
                    v = ratio(pps[x], pps[y])
                    cols.append("NaN" if v is None else f"{v:.3f}")
                f.write(" ".join(cols) + "\n")
            f.write("\n\n")
    with open(os.path.join(dirname, "sweep.dat"), "w") as f:
        f.write("# i label pps pps_min pps_max rel rel_min rel_max irq_k arms_k napi_k "
                "hardirq softirq rtt mbps\n")
        for i, r in enumerate(rows):
            vals = [r[k] for k in ("pps", "pps_min", "pps_max", "rel", "rel_min", "rel_max",
                                   "irq_k", "arms_k", "napi_k", "hardirq", "softirq", "rtt", "mbps")]
            label = r["point"].replace("napi", "napi ").replace("g", " g")
            f.write(f'{i} "{label}" ' + " ".join("NaN" if v is None else f"{v:.4f}" for v in vals) + "\n")
    gp = os.path.join(dirname, "plots.gp")
    with open(gp, "w") as f:
        f.write(f"rounds = {max(rounds, 1)}\n" + PLOTS)
    try:
        subprocess.run(["gnuplot", os.path.abspath(gp)], cwd=dirname, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=120)
    except (OSError, subprocess.SubprocessError) as e:
        print(f"bench_report: gnuplot failed: {e}", file=sys.stderr)
        return False
    return True


PLOTS = r"""# make bench's plots; run in the bench directory: gnuplot plots.gp
set terminal pngcairo size 1500,900 font ",10"
set datafile missing "NaN"
set key top left opaque
set grid ytics

set output "ab.png"
set multiplot layout 2,3 title "6.12: A = upstream stmmac, B = this tree, R = B with upstream's timer rule; 7.3: M = mainline stmmac, N = this tree. 64-byte TX per boot (QEMU npcm750-evb, IRQ on CPU0)"
set xlabel "round"
set xtics 1
set ylabel "packets/s (tool)"
set xrange [0.5:rounds + 0.5]
set yrange [0:*]
do for [w=0:3] {
    wname = word("udp-cpu0 udp-cpu1 pktgen-cpu0 pktgen-cpu1", w + 1)
    set title wname
    plot "ab.dat" index w using 1:2 with linespoints lw 2 title "A", \
         "" index w using 1:3 with linespoints lw 2 title "B", \
         "" index w using 1:4 with linespoints lw 2 title "R", \
         "" index w using 1:5 with linespoints lw 2 dt 2 title "M", \
         "" index w using 1:6 with linespoints lw 2 dt 2 lc 7 title "N"
}
set title "TX timer arms per 1000 packets (round 1..n)"
set ylabel "arms / 1000 TX"
set xlabel "workload: udp-cpu0, udp-cpu1, pktgen-cpu0, pktgen-cpu1"
set xtics ("udp-cpu0" 1, "udp-cpu1" 2, "pktgen-cpu0" 3, "pktgen-cpu1" 4)
set xrange [0.5:4.5]
plot for [w=0:3] "ab.dat" index w using ($1 * 0.05 + w + 0.65):7 with points pt 7 lc 1 notitle, \
     for [w=0:3] "" index w using ($1 * 0.05 + w + 0.80):8 with points pt 7 lc 2 notitle, \
     for [w=0:3] "" index w using ($1 * 0.05 + w + 0.95):9 with points pt 7 lc 3 notitle, \
     for [w=0:3] "" index w using ($1 * 0.05 + w + 1.10):10 with points pt 6 lc 4 notitle, \
     for [w=0:3] "" index w using ($1 * 0.05 + w + 1.25):11 with points pt 6 lc 7 notitle, \
     NaN with points pt 7 lc 1 title "A", NaN with points pt 7 lc 2 title "B", \
     NaN with points pt 7 lc 3 title "R", NaN with points pt 6 lc 4 title "M", \
     NaN with points pt 6 lc 7 title "N"
set title "pps ratio per round (log scale): B/A, B/R, N/M"
set ylabel "ratio"
set logscale y
set yrange [*:*]
plot for [w=0:3] "ab.dat" index w using ($1 * 0.08 + w + 0.76):17 with points pt 7 ps 1.3 lc 2 notitle, \
     for [w=0:3] "" index w using ($1 * 0.08 + w + 0.76):18 with points pt 6 ps 1.3 lc 3 notitle, \
     for [w=0:3] "" index w using ($1 * 0.08 + w + 0.76):19 with points pt 4 ps 1.3 lc 7 notitle, \
     1 with lines lc black dt 2 notitle, \
     NaN with points pt 7 lc 2 title "B/A", NaN with points pt 6 lc 3 title "B/R", \
     NaN with points pt 4 lc 7 title "N/M"
unset logscale y
unset multiplot
set yrange [*:*]

set output "sweep.png"
set multiplot layout 2,2 title "Coalescing sweep on B (this tree): 64-byte UDP from CPU1, medians over the B boots (bars: min-max)"
set xtics rotate by -40 left
set xrange [-0.7:15.7]
set yrange [0:*]
set xlabel ""
set title "UDP pps relative to tx-usecs 5000 tx-frames 25 (same boot)"
set ylabel "ratio"
set style fill solid 0.4
set boxwidth 0.6
plot "sweep.dat" using 1:6:xtic(2) with boxes notitle, \
     "" using 1:6:7:8 with yerrorbars lc black pt 0 notitle, \
     1 with lines lc black dt 2 notitle
set title "interrupts and timer starts per 1000 TX packets (UDP run)"
set ylabel "per 1000 TX"
plot "sweep.dat" using 1:9:xtic(2) with linespoints lw 2 title "eth0 IRQs", \
     "" using 1:10 with linespoints lw 2 title "driver TX timer", \
     "" using 1:11 with linespoints lw 2 title "NAPI deferral timer"
set title "guest CPU in interrupt context during the UDP run (/proc/stat, % of both CPUs)"
set ylabel "% CPU"
plot "sweep.dat" using 1:13:xtic(2) with linespoints lw 2 title "softirq", \
     "" using 1:12 with linespoints lw 2 title "hardirq"
set title "idle ping RTT (bars, left) and TCP guest->host (line, right)"
set ylabel "RTT ms"
set y2label "TCP Mbit/s"
set y2tics
set y2range [0:*]
plot "sweep.dat" using 1:14:xtic(2) with boxes title "RTT avg", \
     "" using 1:15 axes x1y2 with linespoints lw 2 title "TCP Mbit/s"
unset multiplot
"""


def rx_rate(boots):
    """The host's rate in udp-rx (iperf3 -b), as the guest job logged it."""
    rates = sorted({b["info"].get("rx_rate") for b in boots if b["info"].get("rx_rate")})
    return ", ".join(f"iperf3 -b {r}" for r in rates) or "?"


def rx_mid_rate(boots):
    """The host's rate in udp-rx-mid, as the guest job logged it."""
    rates = sorted({b["info"].get("rx_mid_rate") for b in boots if b["info"].get("rx_mid_rate")})
    return ", ".join(f"iperf3 -b {r}" for r in rates) or "?"


def git_rev():
    tree = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    try:
        return subprocess.run(["git", "-C", tree, "describe", "--always", "--dirty"],
                              capture_output=True, text=True, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return ""


def main():
    dirname = sys.argv[1]
    boots = load(dirname)
    lines = []
    if not boots:
        print("bench_report: no boot logs in " + dirname, file=sys.stderr)
        return 1
    counts = {k: sum(1 for b in boots if b["kernel"] == k) for k in KERNELS}
    kernels, pairs = present(boots)
    lines.append(f"make bench: QEMU npcm750-evb, {len(boots)} boots ("
                 + ", ".join(f"{k} {counts[k]}" for k in kernels) + "), alternated "
                 + " ".join(kernels))
    version = {k: next((b["version"] for b in boots if b["kernel"] == k and b["version"]), "?")
               for k in KERNELS}
    built = {k: next((b.get("built", "?") for b in boots if b["kernel"] == k), "?")
             for k in KERNELS}
    rev = git_rev() or "?"
    legend = {
        "A": f"A = Linux {version['A']}, Debian's upstream stmmac, untouched (kernel built "
             f"{built['A']})",
        "B": f"B = Linux {version['B']}, this tree with CONFIG_STMMAC_TEST_HOOKS, hooks inactive "
             f"unless asked (kernel built {built['B']}; the tree is now at {rev})",
        "R": "R = B booted with stmmac.bench_restart_rule=1 (upstream 6.12's rule: restart the "
             "TX timer at every frame)",
        "M": f"M = Linux {version['M']}, mainline's own stmmac, untouched (kernel built "
             f"{built['M']})",
        "N": f"N = Linux {version['N']}, this tree built as B (kernel built {built['N']})",
    }
    lines += ["  " + legend[k] for k in kernels]
    lines.append("  TX cancels/1000: hrtimer_try_to_cancel() calls on the TX timer (kprobe); "
                 "coal_cancelled/1000: the driver's")
    lines.append("  own counter (B, R, N). tcp-bbr: tcp-tx with iperf3 -C bbr. tcp-rx, udp-rx: "
                 "from the host (iperf3 -R),")
    lines.append("  per 1000 RX packets; udp-rx: 64-byte UDP at the host's rate "
                 f"({rx_rate(boots)}); udp-rx-mid: the same at")
    lines.append(f"  {rx_mid_rate(boots)}, a rate the guest keeps up with; all with the receiver "
                 "on CPU0. CPU0 IRQs: every interrupt")
    lines.append("  CPU0 took (eth0's, the timers', the IPIs').")
    lines.append("  eth0's IRQ on CPU0; the sender pinned to CPU0 or CPU1.")
    builds = {b.get("built") for b in boots if b["kernel"] in ("B", "R")}
    if len(builds) > 1:
        lines.append("  WARNING: the B/R boots ran different builds of this tree: " + ", ".join(
            sorted(x or "?" for x in builds)))
    lines.append("  Cells: median (min-max) over the boots." + (
        " " + ", ".join(f"{x}/{y}" for x, y in pairs) + ": the ratio within each round, then its median."
        if pairs else ""))
    lines.append("  Emulator figures: compare ratios, not absolute values (Documentation/bench.rst).")
    lines.append("")
    hardirq_zero = ab_table(boots, lines)
    rows = sweep_rows(boots)
    hardirq_zero = hardirq_zero and all_zero(r["hardirq"] for r in rows)
    if hardirq_zero:
        lines.append("hardirq % CPU: 0.0 in every run of every kernel, so not shown: this board's "
                     "kernel samples CPU time at")
        lines.append("  the tick, which never lands inside another hard interrupt "
                     "(Documentation/bench.rst). IRQs/1000 is the interrupt cost.")
    lines.append("")
    cost = load_cost(dirname)
    if cost:
        cc = {k: sum(1 for b in cost if b["kernel"] == k) for k in COST_KERNELS}
        # D is reported in its own table, after A and B's
        lines.append("Cost under QEMU's instruction counting (-icount shift=0,sleep=off; boots: "
                     + ", ".join(f"{k} {cc[k]}" for k in COST_KERNELS if cc[k]) + ";")
        lines.append("  at each round's end A, B and D side by side, then M and N; the floods only, "
                     "no tracing): guest instructions")
        lines.append("  of both CPUs per TX packet, from eth0's steady TX rate in virtual time (exact "
                     "while some CPU is busy,")
        lines.append("  as the sender keeps one); per RX packet for udp-rx and tcp-rx, whose work is "
                     "all on CPU0: CPU0's busy")
        lines.append("  virtual time over the packets received. Median (min-max) over the boots. spr: "
                     "(max - min) / median.")
        lines.append("  ranges: apart when the two kernels' min-max do not overlap. idle%: the "
                     "sender's CPU's idle share (RX:")
        lines.append("  CPU0's, how far the host's frames kept it busy). wall pps spr: the same run's "
                     "wall-clock pps spread")
        lines.append("  over the workload boots above (RX: eth0's RX pps), for comparison.")
        lines.append("")
        cost_table(cost, boots, lines)
        lines.append("")
    lines.append("Candidate policies on B: the workload's UDP and guest->host TCP runs under each, "
                 "in the same boot after the")
    lines.append(f"  workload; median (min-max) over {counts['B']} B boot(s). Timer starts and cancels: "
                 f"the TX timer's, as in the first table.")
    lines.append("")
    cand_table(boots, lines)
    lines.append("")
    if counts["M"] or counts["N"]:
        lines.append("RX interrupt mitigation candidates on M and N: the RX runs under each, in the "
                     "same boot after the workload;")
        lines.append(f"  median (min-max) over the boots. mid: udp-rx-mid ({rx_mid_rate(boots)}), "
                     "per 1000 RX packets; CPU0 us/RX:")
        lines.append("  CPU0's busy time (wall clock) per packet received. flood: udp-rx.")
        lines.append("")
        rx_cand_table(boots, lines)
        lines.append("")
    goals(boots, lines)
    lines.append("")
    goals_73(boots, cost, lines)
    lines.append("")
    goals_32(boots, cost, lines)
    lines.append("")
    nb = counts["B"]
    lines.append(f"Sweep on B: 64-byte UDP from CPU1 (iperf3 -u -b 0 -l 64), idle ping, TCP "
                 f"guest->host; medians over {nb} B boot(s), UDP pps as median (min-max).")
    lines.append("  'vs 5000/25': the pps ratio to the default setting measured in the same boot. "
                 "softirq%: /proc/stat ticks")
    lines.append("  over the UDP run, of both CPUs. Timer starts and IRQs per 1000 TX packets of "
                 "the UDP run.")
    lines.append("")
    sweep_table(rows, lines, not hardirq_zero)
    lines.append("")
    verdict(rows, lines)
    failed, stalled, not_bbr = [], [], []
    for b in sorted(boots + cost, key=lambda b: b["index"]):
        label = b.get("label", b["kernel"])
        if not b["done"]:
            failed.append(f"boot {b['index']} ({label}): the job did not finish")
        for fail in b["fails"]:
            failed.append(f"boot {b['index']} ({label}): {fail}")
        for run in b["runs"]:
            name = str(run.get("run", ""))
            if run.get("rc") != 0:
                continue
            where = f"boot {b['index']} ({label}): {name}" + (
                f" at {run['point']}" if "point" in run else "") + (
                f" under {run['cand']}" if "cand" in run else "")
            if name == "tcp-bbr" and run.get("cc", "bbr") != "bbr":
                not_bbr.append(f"{where}: the sender used {run['cc']}")
            if (name in WORKLOADS or name == "sweep-udp") and run.get("tx", 0) < 100:
                stalled.append(f"{where} sent only {int(run.get('tx', 0))} packets")
            elif ("label" not in b and name.startswith(("tcp-", "sweep-tcp"))
                  and run.get("tool_bps", 0) < 1e6):
                # Not in the cost boots, whose RX tests the guest ends: no
                # rate of iperf3's own.
                stalled.append(f"{where}: {run.get('tool_bps', 0) / 1e3:.0f} kbit/s "
                               f"({int(run.get('tx', 0))} packets out, {int(run.get('rx', 0))} in)")
            elif name in RX_RUNS and run.get("rx", 0) < 100:
                stalled.append(f"{where} received only {int(run.get('rx', 0))} packets")
    if failed:
        lines += ["", "Runs that failed (left out of the figures):"] + ["  " + p for p in failed]
    if stalled:
        lines += ["", "Runs that stalled: under 100 packets, or TCP under 1 Mbit/s (kept in the "
                  "figures):"] + ["  " + p for p in stalled]
    if not_bbr:
        lines += ["", "tcp-bbr runs whose sender did not use BBR (kept in the figures):"] + [
            "  " + p for p in not_bbr]
    lines.append("")
    # Both plots need B's boots (the sweep) and 6.12's kernels (ab.png):
    # with BENCH_KERNELS="M N" gnuplot would only fail on empty data.
    if not any(b["kernel"] == "B" for b in boots):
        lines.append("Plots: none (no B boot: they plot 6.12's kernels and B's sweep)")
    elif write_plots(dirname, boots, rows):
        lines.append(f"Plots: {dirname}/ab.png (every kernel per round), {dirname}/sweep.png (the sweep)")
    else:
        lines.append("Plots: none (gnuplot failed)")
    with open(os.path.join(dirname, "table.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
