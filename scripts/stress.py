#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""stress.py LOG HZ: judge the console log of make stress.

The guest (scripts/guest/stress.sh) marks each scenario in the kernel log
("stmmac-stress: begin <id>" ... "end <id>") and prints one SCENARIO line per
scenario, STRESS-ERR lines, the kmemleak report and a FINAL accounting line.
Here every kernel report of the console is attributed to the scenario it
appeared in, every kmemleak object to the scenario it was allocated in (its
jiffies), and every stalled page_pool shutdown to the scenario that
destroyed the pool. One line per scenario; exit status 1 on any error,
splat, leak, or a scenario that did not report."""

import re
import sys

NAMES = {
    "boot": "boot",
    "setup": "setup",
    "a": "ifdown/ifup",
    "b": "ethtool -C/-G",
    "c": "invalid input",
    "d": "module reload",
    "e": "alloc failures",
    "f": "TX stall",
    "g": "MTU changes",
    "h": "restart failure",
    "final": "final",
}

# Kernel reports that fail the run wherever they appear (class, pattern).
SPLATS = [
    ("KASAN", r"BUG: KASAN"),
    ("lockdep", r"possible circular locking dependency|inconsistent lock state|"
                r"possible recursive locking|suspicious RCU usage|bad unlock balance|"
                r"held lock freed|lock held when returning to user space|"
                r"BUG: MAX_LOCK|BUG: looking up invalid subclass|DEBUG_LOCKS_WARN_ON"),
    ("atomic-sleep", r"BUG: sleeping function called from invalid context|"
                     r"BUG: scheduling while atomic"),
    ("debugobjects", r"ODEBUG:"),
    # Its problem reports are WARNINGs; these are its other complaints.
    ("DMA-API", r"DMA-API: .*(pending DMA|out of memory|ENOMEM|exceeded|disabl)"),
    ("hung-task", r"INFO: task .* blocked for more than"),
    ("soft-lockup", r"soft lockup|rcu: INFO: .*stall|rcu_sched self-detected stall"),
    ("watchdog", r"NETDEV WATCHDOG|TX queue \d+ timed out"),
    ("page_pool", r"stalled pool shutdown"),
    ("netdev-ref", r"unregister_netdevice: waiting for"),
    ("oops", r"Oops|Unable to handle kernel|Kernel panic|kernel BUG at|Internal error:"),
    ("WARNING", r"WARNING:"),
    ("BUG", r"BUG:"),
    ("UBSAN", r"UBSAN:"),
]
SPLAT_RE = [(c, re.compile(p)) for c, p in SPLATS]
# Expected in scenarios f and h, between their "watchdog-expected" markers
# only.
EXPECTED_IN_STALL = re.compile(r"NETDEV WATCHDOG|TX queue \d+ timed out")
# The guest's own report lines, which may quote what they looked for.
OWN_LINES = ("STRESS", "SCENARIO ", "INVALID ", "FINAL ", "TX-DIAG", "XFER")
TS_RE = re.compile(r"\[\s*(\d+\.\d+)\]")
MARK_RE = re.compile(r"stmmac-stress: (begin|end) (\S+)")
STALL_MARK_RE = re.compile(r"stmmac-stress: watchdog-expected (begin|end)")
# The guest's report lines come through the kernel log, after this.
REPORT = "stmmac-stress: "
POOL_RE = re.compile(r"stalled pool shutdown: id (\d+), (-?\d+) inflight (\d+) sec")


def main():
    log, hz = sys.argv[1], int(sys.argv[2])
    with open(log, "rb") as f:
        lines = [l.decode("utf-8", "replace").rstrip("\r\n").replace("\r", "")
                 for l in f]

    cur = "boot"
    in_stall = False
    windows = []            # (scenario, start, end) in printk seconds
    win_start = {}
    splats = {}             # scenario -> [(class, lineno, text)]
    errors = {}             # scenario -> [text]
    scen = {}               # id -> dict from the SCENARIO line
    final = None
    fatal = []
    job_exit = None
    want = list("abcdefgh")
    kml = []
    in_kml = False
    pools = {}              # pool id -> scenario that destroyed it
    last_ts = 0.0

    for no, line in enumerate(lines, 1):
        if line.startswith("--- dmesg"):
            lines = lines[:no - 1]
            break       # the guest's dmesg dump repeats the console
        if "KMEMLEAK-BEGIN" in line:
            in_kml = True
            continue
        if "KMEMLEAK-END" in line:
            in_kml = False
            continue
        if in_kml:
            kml.append(line)
            continue
        m = TS_RE.search(line)
        if m:
            last_ts = float(m.group(1))
        m = MARK_RE.search(line)
        if m:
            if m.group(1) == "begin":
                cur = m.group(2)
                win_start[cur] = last_ts
            else:
                windows.append((m.group(2), win_start.get(m.group(2), 0.0), last_ts))
                cur = "between"
        m = STALL_MARK_RE.search(line)
        if m:
            in_stall = m.group(1) == "begin"
        line = line.partition(REPORT)[2] if REPORT in line else line
        for cls, rx in SPLAT_RE:
            if line.startswith(OWN_LINES):
                break
            if rx.search(line):
                if in_stall and cur in ("f", "h") and EXPECTED_IN_STALL.search(line):
                    break
                where = cur
                pm = POOL_RE.search(line)
                if pm:
                    t = last_ts - int(pm.group(3))
                    where = scenario_at(windows, win_start, cur, t)
                    if pm.group(1) in pools:
                        break
                    pools[pm.group(1)] = where
                splats.setdefault(where, []).append((cls, no, line.strip()))
                break
        if line.startswith("STRESS seed="):
            m = re.search(r"only=(\S+)", line)
            if m and m.group(1) != "all":
                want = m.group(1).split(",")
        elif line.startswith("STRESS-ERR "):
            sid, _, text = line[len("STRESS-ERR "):].partition(": ")
            errors.setdefault(sid, []).append(text)
        elif line.startswith("STRESS-FATAL"):
            fatal.append(line)
        elif line.startswith("SCENARIO "):
            f = line.split(" ", 3)
            d = dict(kv.split("=", 1) for kv in line.split()[3:] if "=" in kv)
            d["info"] = line.split(" time=", 1)[-1].partition(" ")[2]
            d["line"] = line
            scen[f[1]] = d
        elif line.startswith("FINAL "):
            final = dict(kv.split("=", 1) for kv in line.split() if "=" in kv)
        elif line.startswith("JOB-EXIT "):
            job_exit = line.split()[1]

    # kmemleak: attribute each object by the jiffies of its allocation.
    leaks = {}
    leak_text = {}
    initial = (1 << 32) - 300 * hz
    obj = None
    for line in kml:
        if line.startswith("unreferenced object"):
            obj = [line]
            continue
        if obj is None:
            continue
        obj.append(line)
        m = re.search(r"jiffies (\d+)", line)
        if m and len(obj) == 2:
            t = ((int(m.group(1)) - initial) % (1 << 32)) / hz
            where = scenario_at(windows, win_start, "final", t)
            leaks[where] = leaks.get(where, 0) + 1
            leak_text.setdefault(where, obj)

    failed = []
    rows = []
    order = ["boot", "setup"] + want + ["between", "final"]
    for sid in order:
        s = scen.get(sid)
        n_spl = len(splats.get(sid, []))
        n_leak = leaks.get(sid, 0)
        if sid in want:
            if s is None:
                rows.append(f"  {sid} {NAMES[sid]:<15} never reported (the run stopped before it)")
                failed.append(sid)
                continue
            if not {"done", "want", "errors", "traffic", "time"} <= s.keys():
                rows.append(f"  {sid} {NAMES[sid]:<15} unreadable report: {s['line']}")
                failed.append(sid)
                continue
            errs = int(s["errors"])
            ok = errs == 0 and n_spl == 0 and n_leak == 0 and s["traffic"] == "ok"
            rows.append(f"  {sid} {NAMES[sid]:<15} iterations {s['done']:>4}/{s['want']:<4}"
                        f" errors {errs}  leaks {n_leak}  splats {n_spl}"
                        f"  traffic {s['traffic']}  [{s['time']}] {s['info']}")
            if not ok:
                failed.append(sid)
        elif n_spl or n_leak or errors.get(sid):
            rows.append(f"  {sid:<17} errors {len(errors.get(sid, []))}  leaks {n_leak}"
                        f"  splats {n_spl}")
            failed.append(sid)

    skb_slack = 256
    if final:
        b, a = int(final["skb_before"]), int(final["skb_after"])
        skb_ok = a - b <= skb_slack
        rows.append(f"  accounting: skb heads {b} -> {a} ({a - b:+d}, slack {skb_slack}), "
                    f"kmemleak {final['leaks']} unreferenced objects, "
                    f"{len(pools)} stalled page_pool shutdowns; "
                    + line_mem(lines))
        if not skb_ok:
            failed.append("skb-accounting")
    else:
        rows.append("  accounting: no FINAL line (the run stopped before it)")
        failed.append("final")

    for f in fatal:
        rows.append("  " + f)
        failed.append("fatal")
    if job_exit != "0":
        rows.append(f"  job: {'JOB-EXIT ' + job_exit if job_exit else 'never ended (crash or hang)'}")
        failed.append("job")

    print("\n".join(rows))
    if not failed:
        return 0

    print(f"\nFAILED: {', '.join(dict.fromkeys(failed))}")
    for sid in order:
        for e in errors.get(sid, [])[:5]:
            print(f"  error  {sid}: {e}")
    for sid in order:
        for cls, no, text in splats.get(sid, [])[:3]:
            print(f"  splat  {sid}: {cls} at console line {no}: {text[:160]}")
        if sid in splats:
            no = splats[sid][0][1]
            print(f"  --- console lines {no}-{no + 40} (first {sid} splat):")
            for l in lines[no - 1:no + 40]:
                print("    " + l[:200])
    for sid, obj in leak_text.items():
        print(f"  leak   {sid}: {leaks[sid]} objects; the first:")
        for l in obj[:20]:
            print("    " + l)
    return 1


def scenario_at(windows, win_start, cur, t):
    """The scenario whose window holds printk time t (else cur)."""
    for sid, start, end in windows:
        if start <= t <= end:
            return sid
    # The current, still open window.
    if cur in win_start and t >= win_start[cur]:
        return cur
    return "between" if windows else "boot"


def line_mem(lines):
    for l in lines:
        if l.startswith("FINAL "):
            return "meminfo before: " + l.split(" before: ", 1)[-1]
    return ""


if __name__ == "__main__":
    sys.exit(main())
