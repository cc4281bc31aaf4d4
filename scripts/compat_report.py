#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Compare what userland sees of upstream's stmmac and ours (make compat).

Usage: compat_report.py [--kver KVER] EXPECTED UPSTREAM_LOG OURS_LOG

The logs hold sections between "COMPAT-BEGIN name" and "COMPAT-END" lines
(scripts/guest/compat.sh). EXPECTED has one line per section:

    name  same                   the section must be identical
    name  differs  REASON        it may differ, and why
    name  extra    REASON        ours may add lines, upstream's must all be
                                 there in upstream's order
    name  common   REASON        ours may lack some of upstream's lines and
                                 add its own: those it shares with upstream
                                 come first, in upstream's order
    name  layout   REASON        identical once every hex number is
                                 replaced by X (register values differ)

A line "name@KVER rule REASON" holds on that kernel only (--kver), in place
of the section's line for every kernel.

Prints a table, then each differing section as a unified diff. Exits 1
when a section breaks its rule, or is missing from either log."""

import difflib
import re
import sys


def sections(path):
    out, name, lines = {}, None, []
    with open(path, errors="replace") as f:
        for raw in f:
            line = raw.rstrip("\r\n")
            m = re.match(r"COMPAT-BEGIN (\S+)$", line)
            if m:
                name, lines = m.group(1), []
            elif line == "COMPAT-END" and name:
                out[name] = lines
                name = None
            elif name:
                lines.append(line)
    return out


def expected(path, kver):
    """(name, rule, reason) per section, in the file's order; a section's
    name@KVER line replaces its plain one on that kernel, others are
    dropped."""
    out, index = [], {}
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            name, kind, *why = line.split(None, 2)
            name, _, only = name.partition("@")
            if only and only != kver:
                continue
            rule = (name, kind, why[0] if why else "")
            if name in index:
                if only:
                    out[index[name]] = rule
                continue
            index[name] = len(out)
            out.append(rule)
    return out


def in_order(want, have):
    """Every line of want appears in have, in want's order."""
    it = iter(have)
    return all(any(w == h for h in it) for w in want)


def common_first(up, ours):
    """Ours' lines found in upstream come first, in upstream's order."""
    known = set(up)
    shared = [line for line in ours if line in known]
    if ours[:len(shared)] != shared:
        return False
    return in_order(shared, up)


def masked(lines):
    return [re.sub(r"0x[0-9A-Fa-f]+", "X", line) for line in lines]


def judge(kind, a, b):
    if a == b:
        return "identical"
    if kind == "extra" and in_order(a, b):
        return "superset"
    if kind == "common" and common_first(a, b):
        return "shared-first"
    if kind == "layout" and masked(a) == masked(b):
        return "same-layout"
    if kind == "differs":
        return "differs"
    return "FAIL"


def main():
    args = sys.argv[1:]
    kver = None
    if args[:1] == ["--kver"]:
        kver, args = args[1], args[2:]
    exp = expected(args[0], kver)
    up, ours = sections(args[1]), sections(args[2])
    bad, diffs = [], []
    print(f"{'section':<14}{'rule':<9}{'result':<14}reason")
    for name, kind, why in exp:
        a, b = up.get(name), ours.get(name)
        if a is None or b is None:
            result = "MISSING"
        else:
            result = judge(kind, a, b)
        if result in ("MISSING", "FAIL"):
            bad.append(name)
        if a is not None and b is not None and a != b:
            diffs.append((name, a, b))
        print(f"{name:<14}{kind:<9}{result:<14}{why}")
    for name, a, b in diffs:
        print(f"\n--- {name}: upstream vs ours")
        for line in difflib.unified_diff(a, b, "upstream", "ours", lineterm="", n=1):
            print(line)
    known = {n for n, _, _ in exp}
    for name in sorted((set(up) | set(ours)) - known):
        print(f"section {name} has no rule in {args[0]}")
        bad.append(name)
    if bad:
        print(f"\ncompat: FAILED: {', '.join(bad)}")
        return 1
    print("\ncompat: every section as expected")
    return 0


if __name__ == "__main__":
    sys.exit(main())
