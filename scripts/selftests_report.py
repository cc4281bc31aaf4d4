#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""make selftests' table: the results of the kernel's driver selftests on
the emulated board, test by test, from the guest's console logs.

    selftests_report.py [--kver KVER] EXPLAINED KERNEL=LOG SECONDS [KERNEL=LOG SECONDS]

Each test program sits between SELFTEST-BEGIN and SELFTEST-END lines (see
scripts/guest/selftests.sh). Its tests are the KTAP lines of the Python
tests ("ok 1 ping.test_v4", "not ok 2 ... # SKIP why") and the "TEST: ...
[ OK ]" lines of the forwarding library's shell tests; a program that
reports neither (it skipped as a whole, or died) is one test itself. A
program stopped by its timeout adds a failed "<program> (time limit)" row.

With two kernels (upstream first, then ours) every test that upstream passes
and ours does not, that fails on ours only, or that fails on both, must
have an entry in EXPLAINED; the exit status is 1 if one has none, or if a
run did not reach its end. An entry "[test]" holds on every kernel, one
"[test @7.3]" on that kernel (KVER) only, and before the former. A name
with wildcards ("[so_txtime.* @7.3]", fnmatch) explains every test it
matches that has no entry of its own."""

import fnmatch
import re
import sys

KTAP = re.compile(r"^(not )?ok \d+ (\S+)(?:\s+#\s*(SKIP|XFAIL|TODO)\b\s*(.*))?$")
FWD = re.compile(r"^TEST: (.*?)\s*\[\s*(OK|FAIL|SKIP|XFAIL)\s*\]\s*$")
PASS, FAIL, SKIP, XFAIL = "pass", "FAIL", "skip", "xfail"


def ktap_reason(comments):
    """The most telling comment line before a failed KTAP result: a failed
    check, a failed command's standard error, or the exception's message
    (not a line of its traceback)."""
    def told(c):
        return c.split("| ", 1)[-1].lstrip("# ").strip()

    def message(c):
        return not c.startswith(("# Exception|  ", "# Exception| Traceback"))

    for pfx, keep in (("# Check failed", None), ("# Exception|   STDERR:", None),
                      ("# Exception| lib.py.utils.CmdExitFailure", None),
                      ("# Exception| ", message)):
        hits = [told(c) for c in comments if c.startswith(pfx) and (keep is None or keep(c))]
        hits = [h for h in hits if h and h != "STDERR:"]
        if hits:
            return hits[-1]
    return comments[-1].lstrip("# ") if comments else ""


ANSI = re.compile(r"\x1b\[[0-9;]*m")

def parse(path):
    """Ordered {test: (result, reason)}, the info lines and whether it ended."""
    tests, info, done = {}, [], False
    prog, lines = None, []
    with open(path, errors="replace") as f:
        # 7.3's ksft.py colours its result lines on a terminal, which the
        # board's serial console is: the job sets NO_COLOR, and older logs
        # lose the escapes here.
        raw = [ANSI.sub("", ln.rstrip("\r\n")) for ln in f]

    def add(name, result, reason):
        # A name seen twice in one program (forwarding tests repeat some)
        # keeps the worst result.
        old = tests.get(name)
        if old is None or (old[0] != FAIL and result == FAIL):
            tests[name] = (result, reason)

    def finish(rc, seconds, limit):
        base = prog.rsplit("/", 1)[-1]
        found, comments = 0, []
        for i, ln in enumerate(lines):
            m = KTAP.match(ln)
            if m and not ln.startswith("ok 1 selftests:"):
                found += 1
                name = m.group(2)
                if m.group(3) in ("SKIP", "XFAIL"):
                    add(name, SKIP if m.group(3) == "SKIP" else XFAIL,
                        m.group(4).strip())
                elif m.group(1):
                    add(name, FAIL, ktap_reason(comments))
                else:
                    add(name, PASS, "")
                comments = []
                continue
            if ln.startswith("#"):
                comments.append(ln)
                continue
            m = FWD.match(ln)
            if m:
                found += 1
                nxt = lines[i + 1] if i + 1 < len(lines) else ""
                why = nxt.strip() if nxt.startswith("\t") else ""
                res = {"OK": PASS, "XFAIL": XFAIL, "SKIP": SKIP}.get(m.group(2), FAIL)
                # loopback.sh logs its skip as a passed "SKIP: why" test.
                if m.group(1).startswith("SKIP: "):
                    add(base, SKIP, m.group(1)[6:])
                    continue
                add(f"{base}: {m.group(1)}", res, why)
        timed_out = rc in (124, 137, 143)
        if timed_out:
            add(f"{base} (time limit)", FAIL, f"killed after {limit} s")
        elif not found:
            last = next((ln.strip() for ln in reversed(lines) if ln.strip()), "")
            res = PASS if rc == 0 else SKIP if rc == 4 else FAIL
            add(base, res, "" if res == PASS else f"{last} (exit {rc})")

    for ln in raw:
        m = re.search(r"SELFTEST-BEGIN (\S+)", ln)
        if m:
            prog, lines = m.group(1), []
            continue
        m = re.search(r"SELFTEST-END (\S+) rc=(\d+) seconds=(\d+) limit=(\d+)", ln)
        if m and prog:
            finish(int(m.group(2)), int(m.group(3)), int(m.group(4)))
            info.append(f"{prog}: {m.group(3)} s (exit {m.group(2)})")
            prog = None
            continue
        if "SELFTEST-INFO" in ln:
            info.append(ln.split("SELFTEST-INFO ", 1)[1])
        elif "SELFTEST-DONE" in ln:
            done = True
        elif prog:
            lines.append(ln)
    if prog:
        tests[prog.rsplit("/", 1)[-1] + " (never ended)"] = \
            (FAIL, "the guest stopped inside this program (crash, hang or the boot's time limit)")
    return tests, info, done


def explanations(path, kver):
    """[name] and [name @KVER] headers, each followed by its explanation's
    lines: those of every kernel, then those of KVER, which replace them."""
    out, name = {}, None
    with open(path) as f:
        for ln in f:
            ln = ln.rstrip("\n")
            if ln.startswith("#"):
                continue
            m = re.match(r"^\[(.+?)(?: @(\S+))?\]$", ln)
            if m:
                name = (m.group(1), m.group(2))
                out[name] = ""
            elif name and ln.strip():
                out[name] = (out[name] + " " + ln.strip()).strip()
    merged = {n: why for (n, k), why in out.items() if k is None}
    merged.update({n: why for (n, k), why in out.items() if k == kver})
    return merged


def explain(explained, name):
    """NAME's explanation: its own entry, else the first pattern (fnmatch:
    "so_txtime.*") that matches it, in the file's order."""
    if name in explained:
        return explained[name]
    for pat, why in explained.items():
        if any(c in pat for c in "*?[") and fnmatch.fnmatchcase(name, pat):
            return why
    return None


def main():
    args = sys.argv[1:]
    kver = None
    if args[:1] == ["--kver"]:
        kver, args = args[1], args[2:]
    explained = explanations(args[0], kver)
    runs = []
    args = args[1:]
    for i in range(0, len(args), 2):
        kernel, log = args[i].split("=", 1)
        runs.append((kernel, parse(log), args[i + 1]))
    rc = 0
    names = []
    for _, (tests, _, _), _ in runs:
        names += [n for n in tests if n not in names]
    width = max([len(n) for n in names] + [20])
    for kernel, (tests, info, done), secs in runs:
        print(f"--- {kernel} kernel: " + "; ".join(info[:2]))
        if not done:
            print(f"    the {kernel} run did not reach its end (see its console log)")
            rc = 1

    if len(runs) == 1:
        kernel, (tests, _, _), _ = runs[0]
        print(f"{'test':<{width}}  {kernel:<8}  reason")
        for n in names:
            res, why = tests[n]
            print(f"{n:<{width}}  {res:<8}  {why}".rstrip())
    else:
        (k0, (t0, _, _), _), (k1, (t1, _, _), _) = runs[:2]
        print(f"{'test':<{width}}  {k0:<8}  {k1:<8}  reason")
        missing = ("-", "not reported")
        for n in names:
            r0, w0 = t0.get(n, missing)
            r1, w1 = t1.get(n, missing)
            # Ours worse than upstream (a pass lost, or a failure where
            # upstream skips), or a failure on both.
            flagged = (r0 in (PASS, XFAIL) and r1 not in (PASS, XFAIL)) or \
                (r1 == FAIL and r0 != FAIL) or (r0 == FAIL and r1 == FAIL)
            if flagged:
                why = explain(explained, n)
                if why is None:
                    why = f"UNEXPLAINED ({k0}: {w0}; {k1}: {w1})"
                    rc = 1
                else:
                    why = "[explained] " + why
            elif r0 == r1:
                why = w1 if w0 == w1 else f"{k0}: {w0}; {k1}: {w1}"
            else:
                why = "; ".join(f"{k}: {w}" for k, r, w in ((k0, r0, w0), (k1, r1, w1))
                                if r != PASS and w)
            print(f"{n:<{width}}  {r0:<8}  {r1:<8}  {why}".rstrip())
    for kernel, (tests, _, _), secs in runs:
        count = {r: sum(1 for v in tests.values() if v[0] == r)
                 for r in (PASS, FAIL, SKIP, XFAIL)}
        print(f"selftests ({kernel}): {count[PASS]} passed, {count[FAIL]} failed, "
              f"{count[SKIP]} skipped, {count[XFAIL]} expected failures (xfail), "
              f"{secs} s for the boot and the run")
    return rc


if __name__ == "__main__":
    sys.exit(main())
