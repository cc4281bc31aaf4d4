#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""dtcov.py: the devicetree coverage of this driver (make lint's DT stage).

Usage: dtcov.py [--extra FILE.dts]... [--ignored FILE] KSRC DTC TREE

Compiles every board DT of the kernel tree KSRC that has an enabled SoCFPGA
or DesignWare GMAC node (arch/arm/boot/dts/intel/socfpga, arch/arm64/boot/
dts/altera and arch/arm64/boot/dts/intel), plus our Agilex 5 fragment and
any --extra files, through cpp and the dtc binary DTC as kbuild runs them.
Every property of those nodes, of their mdio child and its PHYs, of their
snps,axi-config and snps,mtl-{rx,tx}-config targets and of those targets'
queues, is then HONOURED (our *.c in TREE read it, directly or through a
kernel helper they call), IGNORED (listed with a reason in
scripts/dt-ignored.txt) or UNKNOWN. clock-names, reset-names and
interrupt-names are checked entry by entry, as "clock-names=ptp_ref": a
name the code never requests is a clock, reset or interrupt the driver
does not use.

Each node is counted for its core: "xgmac" (compatible snps,dwxgmac*) or
"gmac". A property the shared DT parser reads but one core's path then
drops (the XGMAC takes its FIFO and filter sizes from the core, not the DT)
is not honoured there: dt-ignored.txt lists it as "xgmac:<property>" with
the reason, and the table shows the two cores on rows of their own.

Prints the table and a summary; exits 1 if anything is UNKNOWN. An IGNORED
entry the code now honours is reported as stale, without failing, so that
the list gets trimmed when the work it points at lands (a core-scoped
entry cannot be checked that way: whoever makes that core apply the
property deletes it)."""

import argparse
import os
import re
import subprocess
import sys
from collections import defaultdict

DT_DIRS = ("arch/arm/boot/dts/intel/socfpga", "arch/arm64/boot/dts/altera",
           "arch/arm64/boot/dts/intel")
FRAGMENT = "scripts/dts/socfpga_agilex5_gmac.dts"
# Our fragment (and the --extra copies of it) build on socfpga_agilex5.dtsi.
FRAGMENT_INC = "arch/arm64/boot/dts/intel"
IGNORED_FILE = "scripts/dt-ignored.txt"
GMAC_PREFIXES = ("altr,socfpga-stmmac", "snps,dwmac", "snps,dwxgmac")
XGMAC_PREFIX = "snps,dwxgmac"
CORES = ("gmac", "xgmac")
# Not a MAC: the MDIO child's compatible shares the snps,dwmac prefix.
NOT_GMAC = ("snps,dwmac-mdio",)
NAME_LISTS = {"clock-names": "clock", "reset-names": "reset",
              "interrupt-names": "irq"}
# dtc adds phandle itself to every referenced node: no board writes it.
GENERATED = ("phandle",)


class DtError(Exception):
    pass


# ---------------------------------------------------------------------------
# The board DTs: cpp + dtc, then the DTS text dtc prints back.

def board_dts(ksrc, tree, extra):
    """(path, extra include dirs) of every DT to check."""
    found = []
    for d in DT_DIRS:
        path = os.path.join(ksrc, d)
        for name in sorted(os.listdir(path)):
            if name.endswith(".dts"):
                found.append((os.path.join(path, name), []))
    for path in [os.path.join(tree, FRAGMENT)] + extra:
        found.append((path, [os.path.join(ksrc, FRAGMENT_INC)]))
    return found


def compile_dts(ksrc, dtc, path, incs):
    """The flags of kbuild's cmd_dtc (and lint.sh's agilex5_dt())."""
    dirs = [os.path.dirname(path)] + incs + [
        os.path.join(ksrc, "include"),
        os.path.join(ksrc, "scripts/dtc/include-prefixes")]
    cpp = ["cpp", "-nostdinc"] + [a for d in dirs for a in ("-I", d)]
    cpp += ["-undef", "-D__DTS__", "-x", "assembler-with-cpp", path]
    pre = subprocess.run(cpp, capture_output=True, text=True, check=False)
    if pre.returncode:
        raise DtError("cpp failed on %s:\n%s" % (path, pre.stderr.strip()))
    # -q: the board DTs' own dtc warnings are make lint's dtbs builds' job.
    out = subprocess.run([dtc, "-q", "-I", "dts", "-O", "dts", "-i",
                          os.path.dirname(path), "-"], input=pre.stdout,
                         capture_output=True, text=True, check=False)
    if out.returncode:
        raise DtError("dtc failed on %s:\n%s" % (path, out.stderr.strip()))
    return out.stdout


class Node:
    def __init__(self, name, parent, labels):
        self.name = name
        self.parent = parent
        self.labels = labels
        self.props = {}
        self.children = []
        if parent is None:
            self.path = "/"
        else:
            self.path = parent.path.rstrip("/") + "/" + name

    def basename(self):
        return self.name.split("@")[0]


TOKEN = re.compile(r'"(?:\\.|[^"\\])*"|[{};]|[^"{};]+')
LABELS = re.compile(r"^\s*((?:[A-Za-z_]\w*:\s*)*)(.*?)\s*$", re.S)
PROP = re.compile(r"([^\s=]+)\s*(?:=\s*(.*))?$", re.S)
STRING = re.compile(r'"((?:\\.|[^"\\])*)"')


def split_labels(text):
    m = LABELS.match(text)
    return re.findall(r"(\w+):", m.group(1)), m.group(2)


def parse_dts(text):
    """dtc's own output: a statement per ';', a node per '{'."""
    root, stack, buf = None, [], []
    for tok in TOKEN.findall(text):
        if tok == "{":
            labels, name = split_labels("".join(buf))
            node = Node(name, stack[-1] if stack else None, labels)
            if stack:
                stack[-1].children.append(node)
            else:
                root = node
            stack.append(node)
        elif tok == "}":
            stack.pop()
        elif tok == ";":
            _, stmt = split_labels("".join(buf))
            # Outside any node sit only /dts-v1/ and /memreserve/.
            if stack and stmt:
                m = PROP.match(stmt)
                stack[-1].props[m.group(1)] = m.group(2) or ""
        else:
            buf.append(tok)
            continue
        buf = []
    if root is None or stack:
        raise DtError("cannot parse dtc's output")
    return root


def walk(node):
    yield node
    for child in node.children:
        yield from walk(child)


class Tree:
    """A parsed DT with what phandle references need: labels, paths, and
    the phandle = <0x..> values dtc assigned."""

    def __init__(self, root):
        self.root = root
        self.by_label, self.by_path, self.by_phandle = {}, {}, {}
        for node in walk(root):
            self.by_path[node.path] = node
            for label in node.labels:
                self.by_label[label] = node
            cells = re.findall(r"0x[0-9a-fA-F]+|\d+",
                               node.props.get("phandle", ""))
            if cells:
                self.by_phandle[int(cells[0], 0)] = node

    def deref(self, value):
        """The node the first cell of a <...> value points at, if any."""
        m = re.search(r"<\s*(&\{[^}]*\}|&\w+|0x[0-9a-fA-F]+|\d+)", value or "")
        if not m:
            return None
        ref = m.group(1)
        if ref.startswith("&{"):
            return self.by_path.get(ref[2:-1])
        if ref.startswith("&"):
            return self.by_label.get(ref[1:])
        return self.by_phandle.get(int(ref, 0))


# ---------------------------------------------------------------------------
# Which nodes, and what role each plays for the driver.

def strings(value):
    return STRING.findall(value or "")


def is_gmac(node):
    return any(c.startswith(GMAC_PREFIXES) and c not in NOT_GMAC
               for c in strings(node.props.get("compatible")))


def core_of(node):
    """The IP core the driver runs a MAC node with, as dwmac-socfpga.c and
    stmmac_platform.c pick it: every XGMAC node also says snps,dwxgmac*."""
    compat = strings(node.props.get("compatible"))
    return "xgmac" if any(c.startswith(XGMAC_PREFIX) for c in compat) \
        else "gmac"


def enabled(node):
    status = strings(node.props.get("status"))
    return not status or status[0] in ("okay", "ok")


def is_mdio(node):
    return (node.basename().startswith("mdio") or
            "snps,dwmac-mdio" in strings(node.props.get("compatible")))


def roles(gmac, tree):
    """(role, node) for the GMAC and every node the driver looks into."""
    yield "gmac", gmac
    seen = set()
    axi = tree.deref(gmac.props.get("snps,axi-config"))
    if axi is not None:
        seen.add(id(axi))
        yield "axi-config", axi
    for side in ("rx", "tx"):
        cfg = tree.deref(gmac.props.get("snps,mtl-%s-config" % side))
        if cfg is None:
            continue
        seen.add(id(cfg))
        yield "mtl-" + side, cfg
        for queue in cfg.children:
            yield side + "-queue", queue
    for child in gmac.children:
        if id(child) in seen:
            continue
        if is_mdio(child):
            yield "mdio", child
            for phy in child.children:
                yield "phy", phy
        else:
            # Any other subnode (fixed-link, ...) is named by itself.
            yield child.basename(), child


class Usage:
    def __init__(self):
        self.roles = set()
        self.boards = set()
        self.sites = []


def collect(path, tree, usage):
    """usage[(core, key)] for every GMAC node of the tree."""
    found = False
    for gmac in walk(tree.root):
        if not (is_gmac(gmac) and enabled(gmac)):
            continue
        found = True
        core = core_of(gmac)
        for role, node in roles(gmac, tree):
            for prop, value in node.props.items():
                if prop in GENERATED:
                    continue
                keys = [prop]
                if prop in NAME_LISTS:
                    keys += ["%s=%s" % (prop, v) for v in strings(value)]
                for key in keys:
                    use = usage[(core, key)]
                    use.roles.add(role)
                    use.boards.add(path)
                    use.sites.append((path, node.path))
    return found


# ---------------------------------------------------------------------------
# What our sources read: string literals (or what a name argument resolves
# to) passed to the kernel's property and resource lookups.

# (function regex, what the name argument names, its index). "node" names
# a child node, no property: kept so that such a lookup is not reported as
# unresolved.
LOOKUPS = (
    (r"of_property_\w+|of_get_property|of_find_property|of_parse_phandle\w*"
     r"|of_count_phandle_with_args|device_property_\w+|fwnode_property_\w+"
     r"|fwnode_find_reference|\w*regmap_lookup_by_phandle\w*", "prop", 1),
    (r"of_get_child_by_name|of_get_available_child_by_name"
     r"|device_get_named_child_node|fwnode_get_named_child_node", "node", 1),
    (r"(devm_)?clk_get(_optional)?(_prepared|_enabled)?(_with_rate)?"
     r"|of_clk_get_by_name", "clock", 1),
    (r"(devm_|of_)?reset_control_get\w*", "reset", 1),
    (r"platform_get_irq_byname\w*|of_irq_get_byname|fwnode_irq_get_byname",
     "irq", 1),
    (r"(devm_)?gpiod_get(_optional|_index|_index_optional|_array"
     r"|_array_optional)?", "gpio", 1),
    (r"devm_fwnode_gpiod_get\w*", "gpio", 2),
    (r"of_device_is_compatible", "compat", 1),
)

# What kernel helpers our code calls read on its behalf: (regex over our
# sources, the roles it reads them in, properties). A DT PHY that
# of_mdiobus_register() creates is also probed by phylib (phy_probe():
# max-speed, eee-broken-*) and gets its reset line (mdio_device.c).
HELPERS = (
    (r"\bof_get_phy_mode\s*\(", ("gmac",), ("phy-mode", "phy-connection-type")),
    (r"\bof_get_mac_address\s*\(", ("gmac",),
     ("mac-address", "local-mac-address", "address", "nvmem-cells",
      "nvmem-cell-names")),
    (r"\bphylink_create\s*\(", ("gmac",), ("fixed-link", "managed", "sfp")),
    (r"\bphylink_create\s*\(", ("fixed-link",),
     ("speed", "full-duplex", "pause", "asym-pause", "link-gpios")),
    (r"\bphylink_(of|fwnode)_phy_connect\s*\(", ("gmac",),
     ("phy-handle", "phy", "phy-device")),
    (r"\bof_phy_is_fixed_link\s*\(", ("gmac",), ("fixed-link", "managed")),
    (r"\bof_mdiobus_register\s*\(", ("mdio",),
     ("reset-gpios", "reset-delay-us", "reset-post-delay-us")),
    (r"\bof_mdiobus_register\s*\(", ("phy",),
     ("reg", "compatible", "interrupts", "broken-turn-around", "reset-gpios",
      "reset-assert-us", "reset-deassert-us", "max-speed",
      "eee-broken-100tx", "eee-broken-1000t", "eee-broken-10gt",
      "eee-broken-1000kx", "eee-broken-10gkx4")),
    (r"\.of_match_table\s*=", ("gmac",), ("compatible",)),
)

COMMENT = re.compile(r'("(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\')'
                     r"|(/\*.*?\*/|//[^\n]*)", re.S)
CALL = re.compile(r"\b([A-Za-z_]\w*)\s*\(")


def strip_comments(text):
    # Newlines kept, so that offsets still map to line numbers.
    return COMMENT.sub(lambda m: m.group(1) or
                       "\n" * m.group(2).count("\n") + " ", text)


ARG_TOKEN = re.compile(r'"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'|.', re.S)


def balanced(text, start):
    """The top-level comma-separated arguments of the call whose '(' is at
    text[start - 1]."""
    depth, args, cur, i = 0, [], [], start
    while i < len(text):
        tok = ARG_TOKEN.match(text, i).group(0)
        i += len(tok)
        if tok in ("(", "[", "{"):
            depth += 1
        elif tok in (")", "]", "}"):
            if depth == 0:
                args.append("".join(cur).strip())
                return args
            depth -= 1
        elif tok == "," and depth == 0:
            args.append("".join(cur).strip())
            cur = []
            continue
        cur.append(tok)
    return args


class Function:
    def __init__(self, name, params, body, file, line):
        self.name, self.params, self.body = name, params, body
        self.file, self.line = file, line


def functions(path):
    """Top-level function definitions, kernel style: the body opens and
    closes at depth 0 and the header ends in the parameter list."""
    text = strip_comments(open(path, encoding="utf-8").read())
    out, depth, start, head = [], 0, 0, 0
    for m in re.finditer(r'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|[{};]',
                         text):
        tok = m.group(0)
        if tok == "{":
            if depth == 0:
                start = m.end()
            depth += 1
        elif tok == "}":
            depth -= 1
            if depth == 0:
                fn = function_at(text, head, start, m.start(), path)
                if fn:
                    out.append(fn)
                head = m.end()
        elif tok == ";" and depth == 0:
            head = m.end()
    return text, out


def function_at(text, head, start, end, path):
    m = re.search(r"\b(\w+)\s*\(([^()]*)\)\s*\{$", text[head:start])
    if not m:
        return None
    params = [re.findall(r"\w+", p)[-1] if re.findall(r"\w+", p) else ""
              for p in m.group(2).split(",")]
    line = text.count("\n", 0, head + m.start()) + 1
    return Function(m.group(1), params, text[start:end], path, line)


def format_regex(fmt):
    """What a printf format can print: %d as digits, %s as anything."""
    rx = ""
    for part in re.split(r"(%[-#0 +]*\d*[diuxs])", fmt):
        if re.fullmatch(r"%.*s", part):
            rx += ".+"
        elif part.startswith("%"):
            rx += r"\d+"
        else:
            rx += re.escape(part)
    return rx + "$"


class Sources:
    """Our *.c, and the names they look up."""

    def __init__(self, tree):
        self.text = ""
        self.funcs = []
        self.arrays = {}
        for name in sorted(os.listdir(tree)):
            if name.endswith(".c"):
                text, funcs = functions(os.path.join(tree, name))
                self.text += text
                self.funcs += funcs
        for m in re.finditer(r"\b(\w+)\s*\[\s*\w*\s*\]\s*=\s*\{([^}]*)\}",
                             self.text):
            self.arrays[m.group(1)] = strings(m.group(2))
        self.lookups = [(re.compile("(?:%s)$" % r), kind, idx)
                        for r, kind, idx in LOOKUPS]
        self.wrappers = {}
        self.names = defaultdict(set)
        self.patterns = defaultdict(set)
        self.unresolved = []
        self.find_wrappers()
        self.collect()

    def kind_of(self, fname):
        for rx, kind, idx in self.lookups:
            if rx.match(fname):
                return kind, idx
        return self.wrappers.get(fname)

    def calls(self, fn):
        for m in CALL.finditer(fn.body):
            hit = self.kind_of(m.group(1))
            if hit:
                args = balanced(fn.body, m.end())
                line = fn.line + fn.body.count("\n", 0, m.start())
                yield m.group(1), hit, args, line

    def find_wrappers(self):
        """A function that passes its own parameter as the name looks that
        name up for its callers: stmmac_dt_reset(dev, "ahb", ...)."""
        changed = True
        while changed:
            changed = False
            for fn in self.funcs:
                for _, (kind, idx), args, _ in self.calls(fn):
                    arg = args[idx] if idx < len(args) else ""
                    if arg in fn.params and fn.name not in self.wrappers:
                        self.wrappers[fn.name] = (kind, fn.params.index(arg))
                        changed = True

    def collect(self):
        for fn in self.funcs:
            for name, (kind, idx), args, line in self.calls(fn):
                arg = args[idx] if idx < len(args) else ""
                if arg in fn.params:
                    continue  # a wrapper: its callers name it
                if not self.resolve(fn, kind, arg):
                    self.unresolved.append("%s:%d: %s(..., %s, ...)" % (
                        os.path.basename(fn.file), line, name, arg))

    def resolve(self, fn, kind, arg):
        lits = strings(arg)
        if lits and re.fullmatch(r'("(?:\\.|[^"\\])*"\s*)+', arg):
            self.names[kind].add("".join(lits))
            return True
        m = re.fullmatch(r"(\w+)\s*\[.*\]", arg)
        if m and m.group(1) in self.arrays:
            self.names[kind].update(self.arrays[m.group(1)])
            return True
        # A buffer snprintf() filled: "dma_rx%d" stands for dma_rx0, ...
        fmts = re.findall(r"\bs\w*printf\s*\(\s*%s\s*,(?:[^,]*,)?\s*\"([^\"]*)\""
                          % re.escape(arg), fn.body)
        for fmt in fmts:
            self.patterns[kind].add(format_regex(fmt))
        return bool(fmts)

    def requests(self, kind, name):
        return name in self.names[kind] or any(
            re.match(p, name) for p in self.patterns[kind])


# ---------------------------------------------------------------------------
# Classification.

def helper_roles(src):
    """property -> the roles some helper we call reads it in."""
    out = defaultdict(set)
    for rx, where, props in HELPERS:
        if re.search(rx, src.text):
            for prop in props:
                out[prop].update(where)
    return out


def code_honours(src, key):
    """Whether our code itself reads KEY (a property, or list=name)."""
    if "=" in key:
        prop, name = key.split("=", 1)
        return src.requests(NAME_LISTS[prop], name)
    if key in NAME_LISTS:
        kind = NAME_LISTS[key]
        return bool(src.names[kind] or src.patterns[kind])
    if key == "compatible" and src.names["compat"]:
        return True
    m = re.fullmatch(r"(.+)-gpios?", key)
    if m and m.group(1) in src.names["gpio"]:
        return True
    return key in src.names["prop"]


def honoured(src, helpers, key, roles_used):
    return code_honours(src, key) or roles_used <= helpers.get(key, set())


def read_ignored(path):
    """property -> reason. A comment is '#' then a blank: #address-cells
    is a property."""
    out = {}
    with open(path, encoding="utf-8") as f:
        for num, line in enumerate(f, 1):
            line = line.strip()
            if not line or re.match(r"#(\s|$)", line):
                continue
            key, reason = (line.split(None, 1) + [""])[:2]
            if not reason:
                raise DtError("%s:%d: %s has no reason" % (path, num, key))
            out[key] = reason
    return out


# ---------------------------------------------------------------------------

def options():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("ksrc", help="the kernel source tree")
    p.add_argument("dtc", help="the dtc binary")
    p.add_argument("tree", help="this driver's tree")
    p.add_argument("--extra", action="append", default=[], metavar="DTS",
                   help="one more DT to check (built on socfpga_agilex5.dtsi)")
    p.add_argument("--ignored", metavar="FILE",
                   help="the IGNORED list (default: TREE/%s)" % IGNORED_FILE)
    return p.parse_args()


def scan_boards(args):
    usage, boards = defaultdict(Usage), []
    for path, incs in board_dts(args.ksrc, args.tree, args.extra):
        tree = Tree(parse_dts(compile_dts(args.ksrc, args.dtc, path, incs)))
        if collect(short(args, path), tree, usage):
            boards.append(short(args, path))
    return usage, boards


def short(args, path):
    for base in (args.ksrc, args.tree):
        rel = os.path.relpath(path, base)
        if not rel.startswith(".."):
            return rel
    return path


def status_of(src, helpers, ignored, core, key, use):
    """(status, stale) of KEY as the nodes of CORE use it."""
    scoped = "%s:%s" % (core, key)
    if honoured(src, helpers, key, use.roles):
        # Read by the shared parser, but this core's path drops it.
        if scoped in ignored:
            return "ignored: " + ignored[scoped], False
        return "honoured", key in ignored
    if key in ignored:
        return "ignored: " + ignored[key], False
    if scoped in ignored:
        return "ignored: " + ignored[scoped], False
    return "UNKNOWN", False


def classify(usage, src, ignored):
    """The table's rows, the UNKNOWN keys (as the rows name them, with
    their uses), the stale ignores and the number of core-scoped rows."""
    helpers = helper_roles(src)
    rows, unknown, stale, split = [], {}, set(), 0
    for key in sorted({k for _, k in usage}):
        per = {}
        for core in CORES:
            if (core, key) in usage:
                use = usage[(core, key)]
                status, is_stale = status_of(src, helpers, ignored, core,
                                             key, use)
                per[core] = (status, use)
                if is_stale:
                    stale.add(key)
        if len({status for status, _ in per.values()}) == 1:
            # One row: every core treats it alike.
            uses = [use for _, use in per.values()]
            groups = [(key, next(iter(per.values()))[0], uses)]
        else:
            groups = [("%s:%s" % (core, key), status, [use])
                      for core, (status, use) in per.items()]
            split += len(groups)
        for name, status, uses in groups:
            roles_used = set().union(*(u.roles for u in uses))
            boards = set().union(*(u.boards for u in uses))
            rows.append((name, ",".join(sorted(roles_used)),
                         str(len(boards)), status))
            if status == "UNKNOWN":
                unknown[name] = [site for u in uses for site in u.sites]
    return rows, unknown, sorted(stale), split


def findings(usage, src, ignored, unknown, stale):
    for name, sites in unknown.items():
        where = defaultdict(list)
        for path, node in sites:
            where[path].append(node)
        for path in sorted(where):
            print("dtcov: UNKNOWN %s: %s: %s"
                  % (name, path, " ".join(where[path])))
    for key in stale:
        print("dtcov: warning: stale ignore: %s is honoured now; drop it "
              "from the IGNORED list" % key)
    used = {k for _, k in usage}
    helpers = helper_roles(src)
    for entry in sorted(ignored):
        core, _, key = entry.rpartition(":")
        if core not in CORES:
            core, key = "", entry
        if (core, key) not in usage if core else key not in used:
            print("dtcov: warning: %s is listed as ignored but no board "
                  "uses it" % entry)
        elif core and not (code_honours(src, key) or key in helpers):
            print("dtcov: warning: %s: our code does not read %s at all; "
                  "list it without the core" % (entry, key))
    for note in src.unresolved:
        print("dtcov: note: cannot tell what this looks up: " + note)


def report(usage, boards, src, ignored):
    rows, unknown, stale, split = classify(usage, src, ignored)
    table(rows)
    findings(usage, src, ignored, unknown, stale)
    honours = sum(r[3] == "honoured" for r in rows)
    xgmac = len({b for (core, _), u in usage.items() if core == "xgmac"
                 for b in u.boards})
    print("dtcov: %d boards (%d with an XGMAC), %d properties: %d honoured, "
          "%d ignored, %d UNKNOWN%s%s"
          % (len(boards), xgmac, len(rows), honours,
             len(rows) - honours - len(unknown), len(unknown),
             " (%d rows split by core)" % split if split else "",
             ", %d stale ignored" % len(stale) if stale else ""))
    return 1 if unknown else 0


def table(rows):
    head = ("property", "where", "boards", "status")
    width = [max(len(r[i]) for r in rows + [head]) for i in range(3)]
    for r in [head, tuple("-" * w for w in width) + ("-" * 6,)] + rows:
        print("  ".join(c.ljust(w) for c, w in zip(r, width)) + "  " + r[3])


def main():
    args = options()
    src = Sources(args.tree)
    try:
        ignored = read_ignored(args.ignored or
                               os.path.join(args.tree, IGNORED_FILE))
        usage, boards = scan_boards(args)
    except (DtError, OSError) as e:
        print("dtcov: %s" % e, file=sys.stderr)
        return 2
    if not boards:
        print("dtcov: no board DT with an enabled GMAC", file=sys.stderr)
        return 2
    return report(usage, boards, src, ignored)


if __name__ == "__main__":
    sys.exit(main())
