#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""make bench's report: read the console logs scripts/bench.sh kept in DIR
(boot-NN-K.log, K = A, B or R; boot-NN-cost-K.log, the -icount boots of A,
B and D), write DIR/table.txt (the A/B/R table, the cost table, the candidate
policies, the goals, the sweep), the plot data and DIR/plots.gp, and draw
DIR/ab.png and DIR/sweep.png with gnuplot.

Every figure comes from the guest's BENCH lines (scripts/guest/bench.sh):
counter differences over one measured run and the tool's own result. See
Documentation/bench.rst for the method and how to read the table."""

import os
import re
import statistics
import subprocess
import sys

KERNELS = ("A", "B", "R")
# The -icount boots: A, B, and D (B without the board's doorbell quirk)
COST_KERNELS = ("A", "B", "D")
WORKLOADS = ("udp-cpu0", "udp-cpu1", "pktgen-cpu0", "pktgen-cpu1")
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
# The goals at the defaults (B, v2): per 1000 TX packets of each UDP run.
GOAL_COST = [("irq_k", "eth0 IRQs (TX interrupts)", 50), ("arms_k", "TX timer starts", 40),
             ("cancels_k", "TX timer cancels", 5)]
GOAL_UDP_VS_A = 1.35
GOAL_RTT_SLACK = 0.1
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
    """The figures of one run, by name; None where they do not apply."""
    tx = run.get("tx", 0)
    ticks = sum(run.get(k, 0) for k in ("user", "sys", "idle", "hardirq", "softirq", "other"))
    irqs = sum(v for k, v in run.items() if k.startswith("irq_cpu"))
    out = {
        "ok": run.get("rc", 1) == 0,
        "pps_tool": (run["tool_pkts"] / run["tool_secs"]
                     if run.get("tool_secs", 0) > 0 and "tool_pkts" in run else None),
        "pps_if": run.get("if_pps") or None,
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
        m = re.match(r"boot-(\d+)-" + re.escape(tag) + r"([ABRD])\.log$", name)
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


def cost_figs(boot, name, cpu):
    """A cost boot's run NAME: (virtual ns per TX packet, CPU's idle %).

    Under -icount shift=0 the guest's clock is the instruction count of both
    CPUs, so eth0's steady TX rate (if_pps) per virtual second gives the
    instructions per packet, as long as a CPU was busy throughout (the
    clock also runs, with no instruction, while both idle: sleep=off)."""
    for run in boot["runs"]:
        if run.get("run") == name and run.get("rc") == 0:
            pps, t = run.get("if_pps"), run.get("t")
            idle = run.get(f"idle_cpu{cpu}")
            return (1e9 / pps if isinstance(pps, float) and pps > 0 else None,
                    idle / t if isinstance(idle, float) and t else None)
    return None, None


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


def cost_table(cost, boots, lines):
    """Instructions per packet, A and B, with each figure's spread across the
    boots, and the wall-clock pps spread of the same runs for comparison;
    then D, B's kernel with one doorbell per burst, against B."""
    by = {k: sorted((b for b in cost if b["kernel"] == k), key=lambda b: b["round"])
          for k in COST_KERNELS}
    wall = by_kernel(boots)
    rounds = max(len(v) for v in by.values())
    w_r = max(13, 6 * rounds)
    head = (f"{'run':<12} {'A insns/packet':>20} {'A spr':>6} {'B insns/packet':>20} {'B spr':>6}"
            f"  {'B/A per round':>{w_r}} {'B/A':>5} {'ranges':>7} {'idle% A/B':>10}"
            f" {'wall pps spr A/B':>17}")
    lines += [head, "-" * len(head)]
    for name, cpu in (("udp-cpu0", 0), ("udp-cpu1", 1), ("pktgen-cpu0", 0), ("pktgen-cpu1", 1)):
        ns = {k: [cost_figs(b, name, cpu)[0] for b in by[k]] for k in by}
        idle = {k: med(cost_figs(b, name, cpu)[1] for b in by[k]) for k in by}
        ba = [ratio(ns["B"][r] if r < len(ns["B"]) else None,
                    ns["A"][r] if r < len(ns["A"]) else None) for r in range(rounds)]
        sep = apart(ns["A"], ns["B"])
        wall_spr = [spread_pct((workload_figs(b, name) or {}).get("pps_tool") for b in wall[k])
                    for k in ("A", "B")]
        lines.append(f"{name:<12} {cell(ns['A'], 0):>20} {pct(spread_pct(ns['A'])):>6}"
                     f" {cell(ns['B'], 0):>20} {pct(spread_pct(ns['B'])):>6}"
                     f"  {''.join(f'{fmt_ratio(x):>6}' for x in ba):>{w_r}} {fmt_ratio(med(ba)):>5}"
                     f" {'-' if sep is None else ('apart' if sep else 'overlap'):>7}"
                     f" {fmt(idle['A'], 0) + '/' + fmt(idle['B'], 0):>10}"
                     f" {pct(wall_spr[0]) + ' / ' + pct(wall_spr[1]):>17}")
    if not by["D"]:
        return
    lines.append("")
    head = (f"{'run':<12} {'B insns/packet':>20} {'D insns/packet':>20} {'D spr':>6}"
            f"  {'D/B per round':>{w_r}} {'D/B':>5} {'ranges':>7}")
    lines += ["D: B's kernel without the board's quirk, one TX doorbell per xmit burst "
              "(QEMU's model garbles", "  the later frames of a burst; the count does not "
              "mind). D/B below 1: the doorbell per frame cost that much.", "",
              head, "-" * len(head)]
    for name, cpu in (("udp-cpu0", 0), ("udp-cpu1", 1), ("pktgen-cpu0", 0), ("pktgen-cpu1", 1)):
        ns = {k: [cost_figs(b, name, cpu)[0] for b in by[k]] for k in ("B", "D")}
        db = [ratio(ns["D"][r] if r < len(ns["D"]) else None,
                    ns["B"][r] if r < len(ns["B"]) else None) for r in range(rounds)]
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
    """Run NAME under candidate CAND in one B boot; v2 is the workload's."""
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


# The A/B table's rows: (workload, figure key, label, digits).
AB_ROWS = []
for w in WORKLOADS:
    AB_ROWS += [(w, "pps_tool", "pps (tool)", 0), (w, "pps_if", "pps (eth0)", 0),
                (w, "arms_k", "TX timer arms/1000", 1),
                (w, "cancels_k", "TX cancels/1000", 1),
                (w, "drv_cancels_k", "coal_cancelled/1000", 1),
                (w, "irq_k", "eth0 IRQs/1000", 0),
                (w, "drv_ic_k", "coal_ic/1000", 1), (w, "rx_k", "RX packets/1000", 1),
                (w, "hardirq", "hardirq % CPU", 1), (w, "softirq", "softirq % CPU", 1)]
AB_ROWS += [("tcp-tx", "mbps", "TCP Mbit/s", 1), ("tcp-bbr", "mbps", "TCP Mbit/s", 1),
            ("tcp-rx", "mbps", "TCP Mbit/s", 1), ("ping-idle", "rtt", "ping RTT avg ms", 2)]


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


def ab_table(boots, lines):
    """The A/B/R table; returns whether hardirq was 0 in every run."""
    by = {k: sorted((b for b in boots if b["kernel"] == k), key=lambda b: b["round"])
          for k in KERNELS}
    rounds = max((len(v) for v in by.values()), default=0)
    hardirq_zero = all_zero(v for w in WORKLOADS
                            for vs in ab_values(by, rounds, w, "hardirq").values() for v in vs)
    w_val, w_r = 20, 6 * rounds
    head = (f"{'workload':<12}{'figure':<19}" + "".join(f" {k:>{w_val}}" for k in KERNELS)
            + f"  {'B/A per round':>{w_r}} {'B/A':>5}  {'B/R per round':>{w_r}} {'B/R':>5}")
    lines += [head, "-" * len(head)]
    for w, key, label, digits in AB_ROWS:
        if key == "hardirq" and hardirq_zero:
            continue
        vals = ab_values(by, rounds, w, key)
        ba = [ratio(vals["B"][r], vals["A"][r]) for r in range(rounds)]
        br = [ratio(vals["B"][r], vals["R"][r]) for r in range(rounds)]

        def per_round(rs):
            return "".join(f"{fmt_ratio(x):>6}" for x in rs)

        lines.append(f"{w:<12}{label:<19}"
                     + "".join(f" {cell(vals[k], digits):>{w_val}}" for k in KERNELS)
                     + f"  {per_round(ba):>{w_r}} {fmt_ratio(med(ba)):>5}"
                     + f"  {per_round(br):>{w_r}} {fmt_ratio(med(br)):>5}")
    return hardirq_zero


def cand_values(boots, cand, name, key):
    """KEY of run NAME under candidate CAND, one value per B boot (round order)."""
    out = []
    for boot in by_kernel(boots)["B"]:
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
        f.write("# per workload block: round, then for A B R: pps (tool), TX timer arms/1000, "
                "IRQs/1000; then B/A and B/R of pps\n")
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
                for other in ("A", "R"):
                    v = ratio(pps["B"], pps[other])
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
        subprocess.run(["gnuplot", gp], cwd=dirname, check=True,
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
set multiplot layout 2,3 title "A = upstream 6.12 stmmac, B = this tree, R = this tree with upstream's timer rule: 64-byte TX per boot (QEMU npcm750-evb, IRQ on CPU0)"
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
         "" index w using 1:4 with linespoints lw 2 title "R"
}
set title "TX timer arms per 1000 packets (round 1..n)"
set ylabel "arms / 1000 TX"
set xlabel "workload: udp-cpu0, udp-cpu1, pktgen-cpu0, pktgen-cpu1"
set xtics ("udp-cpu0" 1, "udp-cpu1" 2, "pktgen-cpu0" 3, "pktgen-cpu1" 4)
set xrange [0.5:4.5]
plot for [w=0:3] "ab.dat" index w using ($1 * 0.08 + w + 0.76):5 with points pt 7 lc 1 notitle, \
     for [w=0:3] "" index w using ($1 * 0.08 + w + 0.76):6 with points pt 7 lc 2 notitle, \
     for [w=0:3] "" index w using ($1 * 0.08 + w + 0.76):7 with points pt 7 lc 3 notitle, \
     NaN with points pt 7 lc 1 title "A", NaN with points pt 7 lc 2 title "B", \
     NaN with points pt 7 lc 3 title "R"
set title "pps ratio per round (log scale): B/A and B/R"
set ylabel "ratio"
set logscale y
set yrange [*:*]
plot for [w=0:3] "ab.dat" index w using ($1 * 0.08 + w + 0.76):11 with points pt 7 ps 1.3 lc 2 notitle, \
     for [w=0:3] "" index w using ($1 * 0.08 + w + 0.76):12 with points pt 6 ps 1.3 lc 3 notitle, \
     1 with lines lc black dt 2 notitle, \
     NaN with points pt 7 lc 2 title "B/A", NaN with points pt 6 lc 3 title "B/R"
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
    version = next((b["version"] for b in boots if b["version"]), "?")
    counts = {k: sum(1 for b in boots if b["kernel"] == k) for k in KERNELS}
    lines.append(f"make bench: QEMU npcm750-evb, Linux {version}, {len(boots)} boots "
                 f"(A {counts['A']}, B {counts['B']}, R {counts['R']}), alternated A B R")
    built = {k: next((b.get("built", "?") for b in boots if b["kernel"] == k), "?")
             for k in ("A", "B")}
    lines.append(f"  A = Debian's upstream stmmac, untouched (kernel built {built['A']})")
    lines.append(f"  B = this tree with CONFIG_STMMAC_TEST_HOOKS, hooks inactive unless asked (kernel "
                 f"built {built['B']}; the tree is now at {git_rev() or '?'})")
    lines.append("  R = B booted with stmmac.bench_restart_rule=1 (upstream 6.12's rule: restart the "
                 "TX timer at every frame)")
    lines.append("  TX cancels/1000: hrtimer_try_to_cancel() calls on the TX timer (kprobe); "
                 "coal_cancelled/1000: the driver's")
    lines.append("  own counter (B, R). tcp-bbr: tcp-tx with iperf3 -C bbr.")
    lines.append("  eth0's IRQ on CPU0; the sender pinned to CPU0 or CPU1.")
    builds = {b.get("built") for b in boots if b["kernel"] in ("B", "R")}
    if len(builds) > 1:
        lines.append("  WARNING: the B/R boots ran different builds of this tree: " + ", ".join(
            sorted(x or "?" for x in builds)))
    lines.append("  Cells: median (min-max) over the boots. B/A, B/R: the ratio within each round, "
                 "then its median.")
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
        ca, cb = (sum(1 for b in cost if b["kernel"] == k) for k in ("A", "B"))
        # D is reported in its own table, after A and B's
        lines.append(f"Cost under QEMU's instruction counting (-icount shift=0,sleep=off; A {ca} and B "
                     f"{cb} boot(s), A and B side by")
        lines.append("  side at each round's end, the floods only, no tracing): guest instructions of "
                     "both CPUs per TX packet,")
        lines.append("  from eth0's steady TX rate in virtual time; median (min-max) over the boots. "
                     "spr: (max - min) / median.")
        lines.append("  ranges: apart when A's and B's min-max do not overlap. idle% A/B: the sender's "
                     "CPU idle share (the")
        lines.append("  count is exact only while some CPU is busy). wall pps spr: the same run's "
                     "wall-clock pps spread over")
        lines.append("  the workload boots above, for comparison.")
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
    goals(boots, lines)
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
            elif name.startswith(("tcp-", "sweep-tcp")) and run.get("tool_bps", 0) < 1e6:
                stalled.append(f"{where}: {run.get('tool_bps', 0) / 1e3:.0f} kbit/s "
                               f"({int(run.get('tx', 0))} packets out, {int(run.get('rx', 0))} in)")
    if failed:
        lines += ["", "Runs that failed (left out of the figures):"] + ["  " + p for p in failed]
    if stalled:
        lines += ["", "Runs that stalled: under 100 packets, or TCP under 1 Mbit/s (kept in the "
                  "figures):"] + ["  " + p for p in stalled]
    if not_bbr:
        lines += ["", "tcp-bbr runs whose sender did not use BBR (kept in the figures):"] + [
            "  " + p for p in not_bbr]
    plotted = write_plots(dirname, boots, rows)
    lines.append("")
    lines.append("Plots: " + (f"{dirname}/ab.png (the A/B/R pairs), {dirname}/sweep.png (the sweep)"
                              if plotted else "none (gnuplot failed)"))
    with open(os.path.join(dirname, "table.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
