#!/usr/bin/env python3
"""The Depends of a binary built against an unpacked tree (scripts/arm64-sdk.sh), as
dpkg-shlibdeps would write them had the tree's packages been installed for that architecture
(dpkg-shlibdeps reads the dpkg database of the machine, which holds none of them):

    scripts/tree-shlibdeps.py TREE BINARY    prints e.g. "libc6 (>= 2.38), libcairo2 (>= 1.10.0)"

For each library the binary needs (DT_NEEDED), the package whose symbols file (TREE/var/lib/
dpkg/info/PKG.symbols, copied from its control area) lists that soname, at the highest minimum
version of the symbols the binary takes from it; a library with no symbols file falls back to
its shlibs line. stdlib and readelf only.
"""
import glob, os, re, subprocess, sys


def order(c):
    if c == "~":
        return -1
    if c.isalpha():
        return ord(c)
    return ord(c) + 256


def compare_part(a, b):
    """Debian's comparison of an upstream version or revision (deb-version(7))."""
    while a or b:
        na = re.match(r"[^0-9]*", a).group(0)
        nb = re.match(r"[^0-9]*", b).group(0)
        for i in range(max(len(na), len(nb))):
            ca = order(na[i]) if i < len(na) else 0
            cb = order(nb[i]) if i < len(nb) else 0
            if ca != cb:
                return ca - cb
        a, b = a[len(na):], b[len(nb):]
        da = re.match(r"[0-9]*", a).group(0)
        db = re.match(r"[0-9]*", b).group(0)
        if int(da or 0) != int(db or 0):
            return int(da or 0) - int(db or 0)
        a, b = a[len(da):], b[len(db):]
    return 0


def split(v):
    epoch, _, rest = v.rpartition(":") if ":" in v else ("0", "", v)
    upstream, _, revision = rest.rpartition("-") if "-" in rest else (rest, "", "0")
    return int(epoch or 0), upstream, revision


def newer(a, b):
    ea, ua, ra = split(a)
    eb, ub, rb = split(b)
    if ea != eb:
        return ea > eb
    c = compare_part(ua, ub)
    return c > 0 if c else compare_part(ra, rb) > 0


def readelf(binary, *flags):
    return subprocess.run(["readelf", "-W", *flags, binary], capture_output=True, text=True, check=True).stdout


def main():
    tree, binary = sys.argv[1], sys.argv[2]
    needed = re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", readelf(binary, "-d"))
    # Undefined dynamic symbols, with the version they were linked against (name@VERSION).
    used = set()
    for line in readelf(binary, "--dyn-syms").splitlines():
        f = line.split()
        if len(f) >= 8 and f[6] == "UND" and f[7]:
            name = re.sub(r" \(\d+\)$", "", f[7]).replace("@@", "@")
            used.add(name if "@" in name else name + "@Base")   # unversioned: the symbols files' @Base
    info = os.path.join(tree, "var/lib/dpkg/info")
    # soname -> (package, {symbol@VERSION: minimum version})
    libraries = {}
    for path in glob.glob(os.path.join(info, "*.symbols")):
        current = None
        for line in open(path, errors="replace"):
            if not line.strip() or line.startswith(("#", "|", "*")):
                continue
            if not line.startswith(" "):
                m = re.match(r"(\S+)\s+(\S+)", line)
                current = libraries.setdefault(m.group(1), (m.group(2), {})) if m else None
            elif current:
                f = line.split()
                if f and not f[0].startswith("("):   # tagged (c++, regex, arch=) entries: not ours
                    current[1][f[0]] = f[1] if len(f) > 1 else "0"
    shlibs = {}
    for path in glob.glob(os.path.join(info, "*.shlibs")):
        for line in open(path, errors="replace"):
            f = line.split(None, 2)
            if len(f) == 3 and not line.startswith("#"):
                shlibs[f"{f[0]}.so.{f[1]}"] = f[2].strip()
    depends, missing = {}, []
    for soname in needed:
        if soname in libraries:
            package, symbols = libraries[soname]
            version = None
            for sym in used:
                v = symbols.get(sym)
                if v and (version is None or newer(v, version)):
                    version = v
            if version is None:   # nothing versioned taken from it: its oldest entry
                version = "0"
            if package not in depends or newer(version, depends[package]):
                depends[package] = version
        elif soname in shlibs:
            depends[shlibs[soname]] = None
        else:
            missing.append(soname)
    if missing:
        sys.exit(f"tree-shlibdeps: no symbols or shlibs file in {info} for {', '.join(missing)}")
    out = [p if v is None else (p if v == "0" else f"{p} (>= {v})") for p, v in sorted(depends.items())]
    print(", ".join(out))


if __name__ == "__main__":
    main()
