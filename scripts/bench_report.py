#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""make bench's report: read the console logs scripts/bench.sh kept in DIR
(boot-NN-K.log, K = A, B or R), write DIR/table.txt, the plot data and
DIR/plots.gp, and draw DIR/ab.png and DIR/sweep.png with gnuplot.

Every figure comes from the guest's BENCH lines (scripts/guest/bench.sh):
counter differences over one measured run and the tool's own result. See
Documentation/bench.rst for the method and how to read the table."""

import os
import re
import statistics
import subprocess
import sys

KERNELS = ("A", "B", "R")
WORKLOADS = ("udp-cpu0", "udp-cpu1", "pktgen-cpu0", "pktgen-cpu1")
DEFAULT_POINT = "u5000f25"
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
        "irq_k": 1000 * irqs / tx if tx else None,
        "hardirq": 100 * run.get("hardirq", 0) / ticks if ticks else None,
        "softirq": 100 * run.get("softirq", 0) / ticks if ticks else None,
        "mbps": run["tool_bps"] / 1e6 if isinstance(run.get("tool_bps"), float) else None,
        "rtt": run.get("rtt_avg") if isinstance(run.get("rtt_avg"), float) else None,
    }
    return out


def load(dirname):
    boots = []
    for name in sorted(os.listdir(dirname)):
        m = re.match(r"boot-(\d+)-([ABR])\.log$", name)
        if m:
            boot = parse_log(os.path.join(dirname, name))
            boot["index"], boot["kernel"] = int(m.group(1)), m.group(2)
            boots.append(boot)
    # Rounds: the n-th boot of each kernel belongs to round n.
    seen = {k: 0 for k in KERNELS}
    for boot in boots:
        seen[boot["kernel"]] += 1
        boot["round"] = seen[boot["kernel"]]
    return boots


def workload_figs(boot, name):
    for run in boot["runs"]:
        if run.get("run") == name and "point" not in run:
            f = figures(run)
            return f if f["ok"] else None
    return None


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
                (w, "arms_k", "TX timer arms/1000", 1), (w, "irq_k", "eth0 IRQs/1000", 0),
                (w, "hardirq", "hardirq % CPU", 1), (w, "softirq", "softirq % CPU", 1)]
AB_ROWS += [("tcp-tx", "mbps", "TCP Mbit/s", 1), ("tcp-rx", "mbps", "TCP Mbit/s", 1),
            ("ping-idle", "rtt", "ping RTT avg ms", 2)]


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
    lines.append(f"  B = this tree (kernel built {built['B']}; the tree is now at {git_rev() or '?'})")
    lines.append("  R = B booted with stmmac.bench_restart_rule=1 (upstream 6.12's rule: restart the "
                 "TX timer at every frame)")
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
    failed, stalled = [], []
    for b in boots:
        if not b["done"]:
            failed.append(f"boot {b['index']} ({b['kernel']}): the job did not finish")
        for fail in b["fails"]:
            failed.append(f"boot {b['index']} ({b['kernel']}): {fail}")
        for run in b["runs"]:
            name = str(run.get("run", ""))
            if run.get("rc") != 0:
                continue
            where = f"boot {b['index']} ({b['kernel']}): {name}" + (
                f" at {run['point']}" if "point" in run else "")
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
    plotted = write_plots(dirname, boots, rows)
    lines.append("")
    lines.append("Plots: " + (f"{dirname}/ab.png (the A/B/R pairs), {dirname}/sweep.png (the sweep)"
                              if plotted else "none (gnuplot failed)"))
    with open(os.path.join(dirname, "table.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
