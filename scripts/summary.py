#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Summarise board console logs: each measured run's pps, interrupts and
TX timer starts per 1000 packets, from the guest's RESULT lines and the
iperf3 JSON between BEGIN-OUTPUT/END-OUTPUT markers.

    summary.py LOG                      one kernel's runs
    summary.py NAME=LOG NAME=LOG ...    several kernels' runs of one job
                                        side by side: each run's line of
                                        every kernel, in the order given,
                                        with pps and IRQs against the first

Timer starts come from the driver's own counters when ethtool -S has them
(tx_qN_coal_armed, printed as STAT lines before and after each run), and
from the ftrace count of hrtimer starts in stmmac functions otherwise (the
upstream driver has no such counters)."""

import json
import re
import sys

COAL = ("armed", "cancelled", "ic", "drains", "fired", "napi")


def parse(path):
    runs, order, block, name = {}, [], None, None
    stats = {}
    with open(path, errors="replace") as f:
        for line in f:
            line = line.rstrip("\r\n")
            m = re.match(r"BEGIN-OUTPUT (\S+)", line)
            if m:
                name, block = m.group(1), []
                continue
            if line.startswith("END-OUTPUT"):
                runs.setdefault(name, {})["output"] = "\n".join(block)
                order.append(name)
                block = None
                continue
            if block is not None:
                block.append(line)
                continue
            m = re.match(r"RESULT ([^.=]+)\.([^=]+)=(\S+)", line)
            if m:
                runs.setdefault(m.group(1), {})[m.group(2)] = int(m.group(3))
                continue
            m = re.match(r"STAT (\S+) (before|after) tx_q(\d)_(\w+)=(\d+)$", line)
            if m:
                run, when, _, counter, value = m.groups()
                sign = 1 if when == "after" else -1
                delta = stats.setdefault(run, {})
                delta[counter] = delta.get(counter, 0) + sign * int(value)
    return runs, order, stats


def pps(output):
    try:
        end = json.loads(output[output.index("{"):])["end"]["sum"]
        return end["packets"] / end["seconds"]
    except (ValueError, KeyError, ZeroDivisionError):
        return 0.0


def per_1000(count, packets):
    return 1000 * count / (packets or 1)


def row(r, delta):
    """pps, tx packets, IRQs and timer starts per 1000, and their source."""
    pkts = r.get("tx_packets", 0)
    if "coal_armed" in delta:
        arms = per_1000(delta["coal_armed"], delta.get("packets", 0))
        source = "driver: tx_qN_coal_armed / tx_qN_packets"
    else:
        arms, source = per_1000(r.get("timer_arms", 0), pkts), "ftrace hrtimer_start"
    return (pps(r.get("output", "")), pkts, per_1000(r.get("irqs", 0), pkts),
            arms, source)


def ratio(a, b):
    return f"{a / b:.2f}x" if b else "-"


def main():
    args = sys.argv[1:]
    if not args:
        sys.exit("usage: summary.py LOG | NAME=LOG NAME=LOG ...")
    kernels = []
    for arg in args:
        name, sep, path = arg.partition("=")
        kernels.append((name, path) if sep else ("", arg))
    parsed = [(name,) + parse(path) for name, path in kernels]
    # The runs in the order the first kernel's log has them, then any
    # other kernel's that the first lacks (a run that failed there).
    order = []
    for _, _, o, _ in parsed:
        order += [n for n in o if n not in order]
    side = len(parsed) > 1
    width = max([6] + [len(k) for k, *_ in parsed]) + 2 if side else 0
    head = f"{'run':<16}" + (f"{'kernel':<{width}}" if side else "")
    head += (f"{'pps':>10}{'tx packets':>12}{'IRQs/1000':>11}"
             f"{'timer starts/1000':>19}")
    if side:
        head += f"{'x pps':>8}{'x IRQs':>8}"
    print(head + "  (source)")
    ok = True
    for name in order:
        base = None
        for i, (kernel, runs, _, stats) in enumerate(parsed):
            label = name if i == 0 or not side else ""
            if name not in runs:
                print(f"{label:<16}{kernel:<{width}}  (no result: the run failed)")
                ok = False
                continue
            p, pkts, irqs, arms, source = row(runs[name], stats.get(name, {}))
            ok = ok and p > 0
            line = f"{label:<16}" + (f"{kernel:<{width}}" if side else "")
            line += f"{p:>10.0f}{pkts:>12}{irqs:>11.1f}{arms:>19.1f}"
            if side:
                if i == 0:
                    base = (p, irqs)
                    line += f"{'':>16}"
                elif base:
                    line += f"{ratio(p, base[0]):>8}{ratio(irqs, base[1]):>8}"
                else:
                    line += f"{'-':>8}{'-':>8}"
            print(line + f"  ({source})")
    if side:
        print(f"x pps, x IRQs: the figure over {parsed[0][0]}'s, run by run (same job, same board)")
    # The driver's full TX coalescing picture, per 1000 of its own packets
    # (only this tree has the counters).
    counted = [(kernel, n, stats[n]) for kernel, _, order_k, stats in parsed
               for n in order_k if "coal_armed" in stats.get(n, {})]
    if counted:
        print()
        print(f"{'per 1000 tx':<16}" + (f"{'kernel':<{width}}" if side else "") +
              "".join(f"{c:>10}" for c in COAL))
        for kernel, name, delta in counted:
            pkts = delta.get("packets", 0)
            print(f"{name:<16}" + (f"{kernel:<{width}}" if side else "") + "".join(
                f"{per_1000(delta.get('coal_' + c, 0), pkts):>10.1f}" for c in COAL))
    return 0 if order and ok else 1


if __name__ == "__main__":
    sys.exit(main())
