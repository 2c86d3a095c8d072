#!/usr/bin/env python3
"""The functions of a binary that run while it starts and paints, in first-run order.

    scripts/hot-functions.py BINARY OUT    runs `BINARY bench` of the reference scene and the
                                           demo (60 frames a phase) and writes OUT (one symbol a
                                           line) only when its content changes; exit 0 either way

`make build` links with OUT as lld's --symbol-ordering-file, so the code that runs sits packed
at the start of .text: the kernel maps file pages in 64 KB windows round each page touched, and
hot code spread over .text made it resident almost whole. How: under ptrace, an int3 on the
first byte of every function symbol; each one hit is recorded, put back and resumed, so a
function traps once (about 4 000 traps, a second or two). x86-64 Linux only; elsewhere, or
where ptrace is refused, it writes nothing and says so (the link is unchanged, only larger in
memory; tests/cli/run-cli-tests.sh checks the peak RSS).
"""
import ctypes, os, re, signal, subprocess, sys

PTRACE_TRACEME, PTRACE_PEEKUSER, PTRACE_POKEUSER = 0, 3, 6
PTRACE_CONT, PTRACE_SETOPTIONS = 7, 0x4200
PTRACE_O_TRACECLONE, PTRACE_O_EXITKILL = 0x08, 0x100000
RIP = 16 * 8  # offsetof(struct user_regs_struct, rip)
WALL = 0x40000000
PANELS = ["panels/bench-console.json", "panels/demo.json"]

libc = ctypes.CDLL(None, use_errno=True)
libc.ptrace.restype = ctypes.c_long
libc.ptrace.argtypes = [ctypes.c_long, ctypes.c_long, ctypes.c_void_p, ctypes.c_void_p]


def ptrace(req, pid, addr=0, data=0):
    ctypes.set_errno(0)
    r = libc.ptrace(req, pid, addr, data)
    if r == -1 and ctypes.get_errno():
        raise OSError(ctypes.get_errno(), f"ptrace({req}, {pid})")
    return r


def functions(binary):
    """{address: [(name, file offset)]} of the FUNC symbols in executable sections."""
    out = subprocess.run(["readelf", "-W", "-S", binary], capture_output=True, text=True, check=True).stdout
    delta = {}  # executable section index -> address - file offset
    for line in out.splitlines():
        f = line.replace("[ ", "[").split()
        if len(f) > 7 and re.fullmatch(r"\[\d+\]", f[0]) and "X" in f[7]:
            delta[f[0][1:-1]] = int(f[3], 16) - int(f[4], 16)
    syms = {}
    out = subprocess.run(["readelf", "-W", "-s", binary], capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        f = line.split()  # Num: Value Size Type Bind Vis Ndx Name
        if len(f) == 8 and f[3] == "FUNC" and f[6] in delta and f[2] != "0":
            a = int(f[1], 16)
            syms.setdefault(a, []).append((f[7], a - delta[f[6]]))
    return syms


def trace(binary, panel, syms, order, seen):
    def child():
        libc.ptrace(PTRACE_TRACEME, 0, None, None)
    # Swift seeds its hashing per process: fixed, the same run visits the same functions.
    env = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1")
    # 60 frames: a moving slider or knob takes every path it takes in a full bench (a trap
    # costs once per function, so more frames cost little).
    p = subprocess.Popen([binary, "bench", panel, "--frames", "60"], preexec_fn=child, env=env,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    pid, status = os.waitpid(p.pid, WALL)  # stopped at exec: the executable is mapped, no library yet
    ptrace(PTRACE_SETOPTIONS, pid, 0, PTRACE_O_TRACECLONE | PTRACE_O_EXITKILL)
    real = os.path.realpath(binary)
    base = None
    with open(f"/proc/{pid}/maps") as maps:
        for line in maps:
            f = line.split()
            if len(f) >= 6 and f[5] == real and int(f[2], 16) == 0:
                base = int(f[0].split("-")[0], 16)
                break
    if base is None:
        raise OSError("cannot find the executable's mapping")
    with open(binary, "rb") as fh:
        image = fh.read()
    traps = {}
    with open(f"/proc/{pid}/mem", "r+b", buffering=0) as mem:
        for a, names in syms.items():
            offset = names[0][1]
            traps[base + a] = (image[offset:offset + 1], [n for n, _ in names])
            mem.seek(base + a)
            mem.write(b"\xcc")
        ptrace(PTRACE_CONT, pid)
        alive, done, result = {pid}, set(), None
        while alive:
            tid, status = os.waitpid(-1, WALL)
            if os.WIFEXITED(status) or os.WIFSIGNALED(status):
                alive.discard(tid)
                if tid == pid:
                    result = os.waitstatus_to_exitcode(status)
                continue
            sig, sent = os.WSTOPSIG(status), 0
            if status >> 16:  # a clone event; the new thread reports on its own
                pass
            elif sig == signal.SIGTRAP:
                rip = ptrace(PTRACE_PEEKUSER, tid, RIP) & (2**64 - 1)
                hit = traps.pop(rip - 1, None)
                if hit:
                    mem.seek(rip - 1)
                    mem.write(hit[0])
                    done.add(rip - 1)
                    for n in hit[1]:
                        if n not in seen:
                            seen.add(n)
                            order.append(n)
                if hit or rip - 1 in done:  # (another thread hit the same trap at once)
                    ptrace(PTRACE_POKEUSER, tid, RIP, rip - 1)
                else:
                    sent = sig
            elif sig == signal.SIGSTOP and tid not in alive:
                pass  # a new thread's first stop
            else:
                sent = sig
            alive.add(tid)
            ptrace(PTRACE_CONT, tid, 0, sent)
    p.returncode = result
    return result


def main():
    binary, out = sys.argv[1], sys.argv[2]
    if os.uname().machine != "x86_64":
        print(f"note: hot-functions.py traces x86-64 only; {out} not written", file=sys.stderr)
        return 0
    # Run by every process but not seen by the trace: the hash seed (the trace fixes it) and
    # crtbegin's frame_dummy (its symbol has no size).
    order, seen = ["swift_stdlib_random", "frame_dummy"], {"swift_stdlib_random", "frame_dummy"}
    try:
        syms = functions(binary)
        for panel in PANELS:
            status = trace(binary, panel, syms, order, seen)
            if status != 0:
                raise OSError(f"bench {panel} exited {status} under the tracer")
    except (OSError, subprocess.SubprocessError) as e:
        print(f"note: hot-functions.py: {e}; {out} not written (the link stays unordered)", file=sys.stderr)
        return 0
    text = "\n".join(order) + "\n"
    old = open(out).read() if os.path.exists(out) else None
    if text != old:
        with open(out + ".tmp", "w") as fh:
            fh.write(text)
        os.replace(out + ".tmp", out)
        print(f"{out}: {len(order)} functions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
