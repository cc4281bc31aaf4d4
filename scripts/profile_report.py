#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""make profile's counting and report (scripts/profile.sh).

  profile_report.py count LOG OUT      translation blocks entered, per guest
                                       address, from QEMU's exec log (a FIFO)
  profile_report.py monitor SOCK CMD   one command to QEMU's monitor
  profile_report.py weigh VMLINUX MAP COUNTS ENTRY OUT
                                       instructions per function (each block
                                       weighed by its instructions up to its
                                       first branch), and ENTRY's entries
  profile_report.py report DIR RUN K1 K2 [TOP]
                                       the two kernels' functions per packet,
                                       side by side
"""

import bisect
import collections
import re
import socket
import subprocess
import sys
import time


def count(log, out):
    """Entries per block address; QEMU writes one "Trace" line per entry."""
    seen = collections.Counter()
    with open(log, 'rb') as f:
        for line in f:
            if line.startswith(b'Trace'):
                parts = line.split(b'/', 2)
                if len(parts) > 2:
                    seen[parts[1]] += 1
    with open(out, 'w') as o:
        for pc, n in seen.items():
            o.write('%s %d\n' % (pc.decode(), n))


def monitor(sock, cmd):
    s = socket.socket(socket.AF_UNIX)
    s.connect(sock)
    s.settimeout(2)
    try:
        s.recv(4096)            # the banner
    except socket.timeout:
        pass
    s.sendall((cmd + '\n').encode())
    time.sleep(0.1)
    s.close()


# An ARM instruction after which QEMU ends a translation block: a branch,
# a write to pc, an exception or a barrier that ends the block.
BRANCH = re.compile(r'^(b|bl|bx|blx)(eq|ne|cs|hs|cc|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le|al)?$')
ENDS = ('svc', 'wfi', 'wfe', 'udf', 'cpsid', 'cpsie', 'eret', 'isb', 'mcr', 'msr')
INSN = re.compile(r'^\s*([0-9a-f]+):\s+(\S+)\s*(.*)$')


def ends_block(mn, ops):
    mn = mn.split('.')[0]
    if BRANCH.match(mn) or mn in ENDS:
        return True
    if mn.startswith(('pop', 'ldm')) and 'pc' in ops:
        return True
    return re.match(r'^(ldr|mov|add|sub)', mn) is not None and ops.startswith('pc,')


def block_sizes(vmlinux, pcs, objdump):
    lo, hi = min(pcs), max(pcs) + 4096
    p = subprocess.run([objdump, '-d', '--no-show-raw-insn',
                        '--start-address=0x%x' % lo, '--stop-address=0x%x' % hi,
                        vmlinux], capture_output=True, text=True, check=True)
    addrs, ends = [], []
    for line in p.stdout.splitlines():
        m = INSN.match(line)
        if m:
            addrs.append(int(m.group(1), 16))
            ends.append(ends_block(m.group(2), m.group(3)))
    at = {a: i for i, a in enumerate(addrs)}
    sizes = {}
    for pc in pcs:
        i, n = at.get(pc), 1
        if i is not None:
            while i < len(addrs) - 1 and not ends[i] and n < 512:
                i += 1
                n += 1
        sizes[pc] = n
    return sizes


def weigh(vmlinux, sysmap, counts, entry, out, objdump):
    syms = []
    with open(sysmap) as f:
        for line in f:
            a, t, name = line.split()[:3]
            if t in 'tTwW':
                syms.append((int(a, 16), name))
    syms.sort()
    starts = [a for a, _ in syms]
    seen = {}
    with open(counts) as f:
        for line in f:
            pc, n = line.split()
            seen[int(pc, 16)] = int(n)
    if not seen:
        sys.exit('profile: no translation block logged (%s)' % counts)
    sizes = block_sizes(vmlinux, list(seen), objdump)
    insns, calls = collections.Counter(), collections.Counter()
    for pc, n in seen.items():
        i = bisect.bisect_right(starts, pc) - 1
        name = syms[i][1] if i >= 0 else '?'
        insns[name] += n * sizes[pc]
        if i >= 0 and pc == starts[i]:
            calls[name] += n
    with open(out, 'w') as o:
        o.write('# entry %s %d\n' % (entry, calls[entry]))
        for name, n in insns.most_common():
            o.write('%s %d %d\n' % (name, n, calls[name]))


def load(path):
    fns, per = {}, 0
    with open(path) as f:
        for line in f:
            w = line.split()
            if line.startswith('# entry'):
                per = int(w[3])
            else:
                fns[w[0]] = (int(w[1]), int(w[2]))
    if not per:
        sys.exit('profile: %s: its entry function never ran' % path)
    return {k: (v[0] / per, v[1] / per) for k, v in fns.items()}, per


def report(d, run, k1, k2, top):
    a, na = load('%s/%s-%s.fn' % (d, run, k1))
    b, nb = load('%s/%s-%s.fn' % (d, run, k2))
    ta = sum(v[0] for v in a.values())
    tb = sum(v[0] for v in b.values())
    print('%s: kernel instructions per packet, %s %.0f (%d packets), %s %.0f (%d packets), '
          '%s/%s %.2f' % (run, k1, ta, na, k2, tb, nb, k2, k1, tb / ta))
    print('  the functions that differ most (instructions per packet, calls per packet):')
    print('  %-40s %9s %9s %9s %7s %7s' % ('function', k1, k2, k2 + '-' + k1, 'calls', 'calls'))
    zero = (0.0, 0.0)
    names = sorted(set(a) | set(b),
                   key=lambda n: -abs(b.get(n, zero)[0] - a.get(n, zero)[0]))
    for n in names[:top]:
        x, y = a.get(n, zero), b.get(n, zero)
        print('  %-40s %9.1f %9.1f %+9.1f %7.2f %7.2f' % (n[:40], x[0], y[0], y[0] - x[0],
                                                        x[1], y[1]))


def main(argv):
    if len(argv) >= 3 and argv[0] == 'count':
        count(argv[1], argv[2])
    elif len(argv) >= 3 and argv[0] == 'monitor':
        monitor(argv[1], ' '.join(argv[2:]))
    elif len(argv) >= 7 and argv[0] == 'weigh':
        weigh(argv[1], argv[2], argv[3], argv[4], argv[5], argv[6])
    elif len(argv) >= 5 and argv[0] == 'report':
        report(argv[1], argv[2], argv[3], argv[4], int(argv[5]) if len(argv) > 5 else 40)
    else:
        sys.exit(__doc__)


if __name__ == '__main__':
    main(sys.argv[1:])
