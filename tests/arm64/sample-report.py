#!/usr/bin/env python3
"""sample-report.py SAMPLES BINARY [TOP]: the functions sample-ips's samples fall in (the
binary's symbols through nm, Swift names demangled; other libraries by file)."""
import bisect, collections, subprocess, sys

samples_path, binary, top = sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 25
maps, ips = [], []
for line in open(samples_path):
    f = line.split(maxsplit=4)
    if f[0] == "m" and len(f) == 5:
        maps.append((int(f[1], 16), int(f[2], 16), int(f[3], 16), f[4].strip()))
    elif f[0] == "s":
        ips.append(int(f[1], 16))
loads = []   # (offset, vaddr, filesz) of the binary's PT_LOADs
for l in subprocess.run(["readelf", "-lW", binary], capture_output=True, text=True).stdout.splitlines():
    w = l.split()
    if w and w[0] == "LOAD":
        loads.append((int(w[1], 16), int(w[2], 16), int(w[4], 16)))
syms = []
for l in subprocess.run(["nm", "-n", "--defined-only", binary], capture_output=True, text=True).stdout.splitlines():
    w = l.split()
    if len(w) == 3 and w[1] in "tTwW" and not w[2].startswith("$"):   # not $x/$d mapping symbols
        syms.append((int(w[0], 16), w[2]))
addrs = [a for a, _ in syms]
name = binary.rsplit("/", 1)[-1]
hits = collections.Counter()
for ip in ips:
    where = "?"
    for addr, length, pgoff, path in maps:
        if addr <= ip < addr + length:
            if path.endswith("/" + name):
                off = ip - addr + pgoff
                va = next((off - o + v for o, v, n in loads if o <= off < o + n), None)
                i = bisect.bisect_right(addrs, va) - 1 if va is not None else -1
                where = syms[i][1] if i >= 0 else name
            else:
                where = path
            break
    else:
        if ip >= 1 << 63:   # the overflow interrupt taken after entering the kernel: skid
            where = "(kernel addresses: skid of user-space samples)"
    hits[where] += 1
names = [n for n, _ in hits.most_common(top)]
demangled = subprocess.run(["/opt/swift/usr/bin/swift-demangle", "--simplified"], input="\n".join(names),
                           capture_output=True, text=True).stdout.splitlines() if names else []
print(f"{len(ips)} samples")
for (n, c), d in zip(hits.most_common(top), demangled + names[len(demangled):]):
    print(f"{100 * c / len(ips):5.1f} %  {c:6d}  {d[:150]}")
