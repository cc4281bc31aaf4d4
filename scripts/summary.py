#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Summarise a board console log: each measured run's pps, interrupts and
TX timer starts per 1000 packets, from the guest's RESULT lines and the
iperf3 JSON between BEGIN-OUTPUT/END-OUTPUT markers."""

import json
import re
import sys


def parse(path):
    runs, order, block, name = {}, [], None, None
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
    return runs, order


def pps(output):
    try:
        end = json.loads(output[output.index("{"):])["end"]["sum"]
        return end["packets"] / end["seconds"]
    except (ValueError, KeyError, ZeroDivisionError):
        return 0.0


def main():
    runs, order = parse(sys.argv[1])
    print(f"{'run':<16}{'pps':>10}{'tx packets':>12}{'IRQs/1000':>11}{'timer starts/1000':>19}")
    for name in order:
        r = runs[name]
        pkts = r.get("tx_packets", 0) or 1
        print(f"{name:<16}{pps(r.get('output', '')):>10.0f}{r.get('tx_packets', 0):>12}"
              f"{1000 * r.get('irqs', 0) / pkts:>11.1f}{1000 * r.get('timer_arms', 0) / pkts:>19.1f}")
    return 0 if order and all(pps(runs[n].get("output", "")) > 0 for n in order) else 1


if __name__ == "__main__":
    sys.exit(main())
