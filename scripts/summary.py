#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Summarise a board console log: each measured run's pps, interrupts and
TX timer starts per 1000 packets, from the guest's RESULT lines and the
iperf3 JSON between BEGIN-OUTPUT/END-OUTPUT markers.

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


def main():
    runs, order, stats = parse(sys.argv[1])
    print(f"{'run':<16}{'pps':>10}{'tx packets':>12}{'IRQs/1000':>11}"
          f"{'timer starts/1000':>19}  (source)")
    for name in order:
        r = runs[name]
        pkts = r.get("tx_packets", 0)
        delta = stats.get(name, {})
        if "coal_armed" in delta:
            arms = per_1000(delta["coal_armed"], delta.get("packets", 0))
            source = "driver: tx_qN_coal_armed / tx_qN_packets"
        else:
            arms, source = per_1000(r.get("timer_arms", 0), pkts), "ftrace hrtimer_start"
        print(f"{name:<16}{pps(r.get('output', '')):>10.0f}{pkts:>12}"
              f"{per_1000(r.get('irqs', 0), pkts):>11.1f}{arms:>19.1f}  ({source})")
    # The driver's full TX coalescing picture, per 1000 of its own packets.
    counted = [n for n in order if "coal_armed" in stats.get(n, {})]
    if counted:
        print()
        print(f"{'per 1000 tx':<16}" + "".join(f"{c:>10}" for c in COAL))
        for name in counted:
            delta = stats[name]
            pkts = delta.get("packets", 0)
            print(f"{name:<16}" + "".join(
                f"{per_1000(delta.get('coal_' + c, 0), pkts):>10.1f}" for c in COAL))
    return 0 if order and all(pps(runs[n].get("output", "")) > 0 for n in order) else 1


if __name__ == "__main__":
    sys.exit(main())
