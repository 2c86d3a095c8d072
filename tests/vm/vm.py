#!/usr/bin/env python3
"""Boot Debian's kernel in QEMU (TCG) with an emulated KMS display and run one host
command inside it, on the host's own root filesystem (9p, read-only, tmpfs overlay).

  vm.py setup                       install qemu/busybox if missing, fetch + unpack the kernel
  vm.py run --gpu bochs|virtio [--res 1024x768] --out DIR [--timeout 60] [--hostfwd HOSTPORT:GUESTPORT] -- CMD ARGS...
  vm.py run --arch arm64 --root TREE --kernel-dir KDIR --gpu virtio ... -- CMD ARGS...

`run` shares DIR writable at the same path, runs CMD in the current directory with the
caller's PATH, HOME, LD_LIBRARY_PATH and KNOB_* variables, and writes DIR/command.log (stdout+stderr), DIR/command.rc,
DIR/console.log (serial console) and DIR/timing.json.  While CMD runs, the guest can have
the host run QMP commands (screendump, input-send-event): see guest-qmp.sh.
--hostfwd gives the guest a network card (QEMU user-mode, restricted: the guest reaches
nothing outside) at 10.0.2.15 and forwards the host's 127.0.0.1:HOSTPORT to its GUESTPORT.
Exit status: CMD's; 124 on timeout (qemu killed); 125 on a setup or VM failure.
--arch arm64 boots an arm64 kernel (KDIR: an unpacked linux-image-*-arm64, scripts/arm64-sdk.sh
kernel) in qemu-system-aarch64 -M virt; the guest's root is then TREE (an arm64 root, e.g.
.build/arm64/root) instead of the host's, with the current directory shared read-only at its own
path, and TREE's busybox runs the initramfs.
stdlib only.  Cache: $KNOB_VM_CACHE or ${XDG_CACHE_HOME:-~/.cache}/knob-panel-vm.
"""
import argparse
import fcntl
import glob
import json
import lzma
import os
import re
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGES = ["qemu-system-x86", "busybox-static"]
BUSYBOX = "/bin/busybox"
BASE_MODULES = ["virtio_pci", "9pnet_virtio", "9p", "overlay", "virtio_input", "evdev"]
GPUS = {  # name -> (qemu device, kernel module)
    "bochs": ("bochs-display", "bochs"),
    "virtio": ("virtio-gpu-pci", "virtio_gpu"),
}
APPEND = "console=ttyS0 rdinit=/init panic=-1 quiet loglevel=3 mitigations=off 8250.nr_uarts=1"
# arm64: QEMU's virt board (PCIe: the same virtio-pci devices), its PL011 serial port; a Cortex-A72
# (the Raspberry Pi 4's core) rather than "max", whose pointer authentication TCG emulates slowly.
ARM64 = {"qemu": "qemu-system-aarch64", "machine": ["-M", "virt", "-cpu", "cortex-a72"],
         "append": "console=ttyAMA0 rdinit=/init panic=-1 quiet loglevel=3"}
MARK = "@@knob-vm:"


class Fail(Exception):
    pass


def log(msg):
    print(f"[vm] {msg}", file=sys.stderr, flush=True)


def cache_dir():
    default = os.path.join(os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "knob-panel-vm")
    return os.environ.get("KNOB_VM_CACHE") or default


def sh(*cmd, **kw):
    return subprocess.run(cmd, check=True, text=True, capture_output=True, **kw).stdout


# ---- setup: packages, kernel ----------------------------------------------------------

def apt(*args):
    cmd = ["apt-get", "-o", "DPkg::Lock::Timeout=600", *args]
    if os.geteuid() != 0:
        cmd.insert(0, "sudo")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(cmd, check=True, env=env, stdout=subprocess.DEVNULL)


def ensure_packages():
    missing = [p for p in PACKAGES
               if subprocess.run(["dpkg", "-s", p], capture_output=True).returncode != 0]
    if missing:
        log(f"installing {' '.join(missing)}")
        try:
            apt("install", "-y", *missing)
        except subprocess.CalledProcessError:
            apt("update")
            apt("install", "-y", *missing)


def kernel_package():
    """linux-image-amd64's versioned dependency (asks apt, runs apt-get update once if needed)."""
    for attempt in (0, 1):
        out = subprocess.run(["apt-cache", "depends", "linux-image-amd64"], capture_output=True, text=True).stdout
        m = re.search(r"Depends: (linux-image-6\.1\.0-\S+-amd64)", out)
        if m:
            return m.group(1)
        if attempt == 0:
            apt("update")
    raise Fail("cannot resolve linux-image-amd64 to linux-image-6.1.0-*-amd64 with apt-cache")


def ensure_kernel(cache):
    """Return the unpacked kernel folder; fetch and unpack it (never install) on first use."""
    os.makedirs(cache, exist_ok=True)
    with open(os.path.join(cache, ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        done = glob.glob(os.path.join(cache, "linux-image-6.1.0-*-amd64/.complete"))
        if done:  # the newest ABI number in the cache
            return os.path.dirname(max(done, key=lambda p: int(re.search(r"6\.1\.0-(\d+)-", p).group(1))))
        pkg = kernel_package()
        kdir = os.path.join(cache, pkg)
        log(f"fetching {pkg} into {cache}")
        with tempfile.TemporaryDirectory(dir=cache) as tmp:
            subprocess.run(["apt-get", "download", pkg], cwd=tmp, check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            deb = glob.glob(os.path.join(tmp, "*.deb"))[0]
            shutil.rmtree(kdir, ignore_errors=True)
            sh("dpkg", "-x", deb, kdir)
        extract_vmlinux(kdir)
        open(os.path.join(kdir, ".complete"), "w").close()
        return kdir


def extract_vmlinux(kdir):
    """Debian's bzImage is xz-compressed; decompressing it under TCG costs ~3 s per boot.
    The kernel has CONFIG_PVH, so qemu can boot the uncompressed ELF directly."""
    vmlinuz = glob.glob(os.path.join(kdir, "boot/vmlinuz-*"))[0]
    data = open(vmlinuz, "rb").read()
    start = data.find(b"\xfd7zXZ\x00")
    try:
        elf = lzma.LZMADecompressor(format=lzma.FORMAT_XZ).decompress(data[start:]) if start >= 0 else b""
    except lzma.LZMAError:
        elf = b""
    if elf[:4] == b"\x7fELF" and b"Xen" in elf:  # the PVH entry is a Xen ELF note
        with open(os.path.join(kdir, "vmlinux"), "wb") as f:
            f.write(elf)
    else:
        log("note: no PVH vmlinux inside the bzImage; booting the compressed kernel")


def boot_image(kdir):
    vmlinux = os.path.join(kdir, "vmlinux")
    return vmlinux if os.path.exists(vmlinux) else glob.glob(os.path.join(kdir, "boot/vmlinuz-*"))[0]


# ---- initramfs -----------------------------------------------------------------------

def module_data(path):
    """A module's bytes: trixie's kernels compress them (.ko.xz), busybox's insmod wants them plain."""
    data = open(path, "rb").read()
    return lzma.decompress(data) if path.endswith(".xz") else data


def module_name(path):
    """The file name the initramfs holds it under (NAME.ko)."""
    return os.path.basename(path).removesuffix(".xz")


def module_order(kdir, wanted):
    """Module files for `wanted` and their dependencies (from each .ko's modinfo), deps first."""
    moddir = (glob.glob(os.path.join(kdir, "lib/modules/*")) or glob.glob(os.path.join(kdir, "usr/lib/modules/*")))[0]
    paths = {}
    for root, _, files in os.walk(moddir):
        for f in files:
            if f.endswith((".ko", ".ko.xz")):
                paths[f.removesuffix(".xz")[:-3].replace("-", "_")] = os.path.join(root, f)
    builtin = set()
    with open(os.path.join(moddir, "modules.builtin")) as f:
        for line in f:
            builtin.add(os.path.basename(line.strip())[:-3].replace("-", "_"))
    order, seen = [], set()

    def add(name):
        name = name.replace("-", "_")
        if name in seen or name in builtin:
            return
        if name not in paths:
            raise Fail(f"kernel module {name} not found in {moddir}")
        seen.add(name)
        m = re.search(rb"\0depends=([^\0]*)\0", module_data(paths[name]))
        for dep in (m.group(1).decode().split(",") if m else []):
            if dep:
                add(dep)
        order.append(paths[name])

    for w in wanted:
        add(w)
    return order


def cpio_newc(entries):
    """entries: (name, mode, data) -> a newc archive; mode includes the file type bits."""
    out = bytearray()
    for ino, (name, mode, data) in enumerate(entries + [("TRAILER!!!", 0, b"")], 1):
        rdev = (5, 1) if name == "dev/console" else (0, 0)
        nb = name.encode() + b"\0"
        out += b"070701" + b"".join(b"%08X" % v for v in (
            ino, mode, 0, 0, 1, 0, len(data), 0, 0, rdev[0], rdev[1], len(nb), 0)) + nb
        out += b"\0" * (-len(out) % 4) + data + b"\0" * (-len(data) % 4)
    return bytes(out)


def build_initramfs(path, modules, conf, busybox=BUSYBOX):
    d, f, x = 0o040755, 0o100644, 0o100755
    entries = [("bin", d, b""), ("dev", d, b""), ("dev/console", 0o020600, b""), ("proc", d, b""),
               ("sys", d, b""), ("mods", d, b""),
               ("bin/busybox", x, open(busybox, "rb").read()),
               ("init", x, open(os.path.join(HERE, "guest-init.sh"), "rb").read()),
               ("vm.conf", f, conf.encode())]
    for m in modules:
        entries.append(("mods/" + module_name(m), f, module_data(m)))
    with open(path, "wb") as out:
        out.write(cpio_newc(entries))


# ---- QMP ---------------------------------------------------------------------------

class QMP:
    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX)
        self.sock.settimeout(20)
        self.sock.connect(path)
        self.file = self.sock.makefile("rwb")
        self._line()  # greeting
        self.cmd({"execute": "qmp_capabilities"})

    def _line(self):
        line = self.file.readline()
        if not line:
            raise Fail("QMP connection closed")
        return json.loads(line)

    def cmd(self, msg):
        self.file.write(json.dumps(msg).encode() + b"\n")
        self.file.flush()
        while True:
            r = self._line()
            if "return" in r:
                return r["return"]
            if "error" in r:
                raise Fail(f"QMP {msg.get('execute')}: {r['error'].get('desc')}")


class RFBClient:
    """Just enough of a VNC client to ask QEMU for another desktop size (RFB 3.8,
    SetDesktopSize): virtio-gpu passes it to the guest as its head's new size, and 0x0
    disables the head (the guest sees the connector disconnected). With -display none this
    is the only way to change a virtio-gpu head from the host in QEMU 7.2 (QMP cannot)."""

    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX)
        self.sock.settimeout(10)
        self.sock.connect(path)
        self._recv(12)                                  # "RFB 003.008\n"
        self.sock.sendall(b"RFB 003.008\n")
        types = self._recv(self._recv(1)[0])
        if 1 not in types:
            raise Fail(f"VNC server offers no 'None' security ({list(types)})")
        self.sock.sendall(b"\x01")
        if struct.unpack(">I", self._recv(4))[0] != 0:
            raise Fail("VNC security handshake failed")
        self.sock.sendall(b"\x01")                       # ClientInit: shared
        init = self._recv(24)
        self._recv(struct.unpack(">I", init[20:24])[0])  # the desktop name
        self.sock.setblocking(False)

    def _recv(self, n):
        data = b""
        while len(data) < n:
            chunk = self.sock.recv(n - len(data))
            if not chunk:
                raise Fail("VNC server closed the connection")
            data += chunk
        return data

    def set_size(self, w, h):
        try:                                            # drop what the server sent meanwhile
            while self.sock.recv(65536):
                pass
        except BlockingIOError:
            pass
        self.sock.sendall(struct.pack(">BBHHBB", 251, 0, w, h, 1, 0) + struct.pack(">IHHHHI", 0, 0, 0, w, h, 0))


def serve_request(qmp, req, vnc=None):
    """A guest request: JSON lines of QMP commands ({"sleep": S} pauses; {"vnc_size": [HEAD,
    W, H]} resizes a virtio-gpu head through its VNC server, 0x0 unplugs it). Answer in .done."""
    answer = "ok"
    try:
        for line in open(req).read().splitlines():
            if line.strip():
                msg = json.loads(line)
                if "sleep" in msg:
                    time.sleep(float(msg["sleep"]))
                elif "vnc_size" in msg:
                    head, w, h = (int(v) for v in msg["vnc_size"])
                    if vnc is None or head not in vnc["paths"]:
                        raise Fail(f"no VNC server on head {head} (vm.py run --heads)")
                    if head not in vnc["clients"]:
                        vnc["clients"][head] = RFBClient(vnc["paths"][head])
                    vnc["clients"][head].set_size(w, h)
                else:
                    qmp.cmd(msg)
    except (Fail, ValueError, OSError) as e:
        answer = f"error: {e}"
    os.remove(req)
    done = req[:-4] + ".done"
    with open(done + ".tmp", "w") as f:
        f.write(answer + "\n")
    os.rename(done + ".tmp", done)
    return answer


# ---- run ---------------------------------------------------------------------------

def run(args):
    m = re.fullmatch(r"(\d+)x(\d+)", args.res)
    if not m or args.gpu not in GPUS:
        raise Fail("--res must look like 1024x768 and --gpu must be bochs or virtio")
    arm64 = args.arch == "arm64"
    if arm64 and not (args.root and args.kernel_dir):
        raise Fail("--arch arm64 needs --root TREE and --kernel-dir KDIR (scripts/arm64-sdk.sh)")
    kdir = os.path.realpath(args.kernel_dir) if arm64 else ensure_kernel(cache_dir())
    root = os.path.realpath(args.root or "/")
    repo = os.getcwd() if root != "/" else ""
    out = os.path.realpath(args.out)
    if not re.fullmatch(r"/[\w.+@%/-]*", out):
        raise Fail(f"output folder {out} must not contain spaces or shell characters")
    ctl = os.path.join(out, ".vm")
    shutil.rmtree(ctl, ignore_errors=True)
    os.makedirs(ctl)
    for name in ("command.log", "command.rc", "console.log", "timing.json"):
        if os.path.exists(os.path.join(out, name)):
            os.remove(os.path.join(out, name))
    device, module = GPUS[args.gpu]
    q = lambda s: "'" + s.replace("'", "'\\''") + "'"
    with open(os.path.join(ctl, "cmd.sh"), "w") as f:
        f.write(f"cd {q(os.getcwd())} || exit 125\n"
                f"export PATH={q(os.environ.get('PATH', '/usr/bin:/bin'))} HOME={q(os.path.expanduser('~'))}\n"
                + "".join(f"export {k}={q(v)}\n" for k, v in os.environ.items()
                          if k == "LD_LIBRARY_PATH" or (k.startswith("KNOB_") and not k.startswith("KNOB_VM_")))
                + f"export KNOB_VM_CTL={q(ctl)} KNOB_VM_GPU={args.gpu}\n"
                "exec " + " ".join(q(a) for a in args.command) + "\n")
    run_dir = tempfile.mkdtemp(prefix="knob-vm.")
    qemu = None
    try:
        initrd = os.path.join(run_dir, "initrd.cpio")
        fwd = re.fullmatch(r"(\d+):(\d+)", args.hostfwd or "")
        if args.hostfwd and not fwd:
            raise Fail("--hostfwd must look like 18080:8080")
        modules = module_order(kdir, BASE_MODULES + [module] + (["virtio_net"] if fwd else []))
        # --defer-gpu: the GPU driver is in the initramfs but not loaded at boot; the guest
        # command loads it (insmod /run/knob-vm-modules/NAME.ko): a display that comes up late.
        deferred = [m for m in modules if args.defer_gpu and module_name(m)[:-3].replace("-", "_") == module]
        conf = (f"OUT={out}\nMODULES='{' '.join(module_name(m) for m in modules if m not in deferred)}'\n"
                f"DEFERRED='{' '.join(module_name(m) for m in deferred)}'\nNET={1 if fwd else 0}\nREPO={repo}\n")
        busybox = args.busybox or (os.path.join(root, "usr/bin/busybox") if arm64 else BUSYBOX)
        build_initramfs(initrd, modules, conf, busybox)
        sock = os.path.join(run_dir, "qmp.sock")
        # --heads N (virtio only): N outputs, each with a VNC server the host can resize it by.
        heads, vnc_args, vnc = "", [], {"paths": {}, "clients": {}}
        if args.heads > 1 or args.vnc:
            if args.gpu != "virtio":
                raise Fail("--heads and --vnc need --gpu virtio")
            heads = f",id=gpu0,max_outputs={args.heads}"
            for h in range(args.heads):
                vnc["paths"][h] = os.path.join(run_dir, f"vnc{h}.sock")
                vnc_args += ["-vnc", f"unix:{vnc['paths'][h]},id=vnc{h},display=gpu0,head={h}"]
        console = os.path.join(out, "console.log")
        if arm64:
            machine = [ARM64["qemu"], *ARM64["machine"]]
            kernel, append = glob.glob(os.path.join(kdir, "boot/vmlinuz-*"))[0], ARM64["append"]
        else:
            machine, kernel, append = ["qemu-system-x86_64", "-cpu", "max"], boot_image(kdir), APPEND
        cmd = machine + ["-nodefaults", "-no-user-config", "-display", "none", "-no-reboot",
               "-accel", "tcg", "-smp", str(args.smp), "-m", str(args.mem),
               "-kernel", kernel, "-initrd", initrd, "-append", append,
               "-chardev", f"file,id=ser0,path={console}", "-serial", "chardev:ser0",
               "-qmp", f"unix:{sock},server=on,wait=off",
               "-fsdev", f"local,id=root,path={root},security_model=none,readonly=on,multidevs=remap",
               "-device", "virtio-9p-pci,fsdev=root,mount_tag=hostroot",
               "-fsdev", f"local,id=out,path={out},security_model=none,multidevs=remap",
               "-device", "virtio-9p-pci,fsdev=out,mount_tag=out",
               "-device", f"{device},xres={m.group(1)},yres={m.group(2)}" + heads,
               "-device", "virtio-tablet-pci"] + vnc_args
        if repo:   # the worktree at its own path inside the other root (guest-init.sh)
            cmd += ["-fsdev", f"local,id=repo,path={repo},security_model=none,readonly=on,multidevs=remap",
                    "-device", "virtio-9p-pci,fsdev=repo,mount_tag=repo"]
        if args.icount:   # one instruction a virtual ns: the emulated PMU counts instructions retired
            cmd += ["-icount", "shift=0,sleep=off"]
        if args.mouse:
            cmd += ["-device", "virtio-mouse-pci"]   # relative: QMP input-send-event "rel" axes reach it
        if fwd:
            cmd += ["-netdev", f"user,id=net0,restrict=on,hostfwd=tcp:127.0.0.1:{fwd.group(1)}-:{fwd.group(2)}",
                    "-device", "virtio-net-pci,netdev=net0"]
        t0 = time.monotonic()
        qemu = subprocess.Popen(cmd, stdout=open(os.path.join(run_dir, "qemu.log"), "w"), stderr=subprocess.STDOUT)
        qmp, t_start, t_end, timed_out = None, None, None, False
        while qemu.poll() is None:
            now = time.monotonic() - t0
            if now > args.timeout:
                timed_out = True
                log(f"TIMEOUT: the VM ran longer than {args.timeout} s; killing qemu (pid {qemu.pid})")
                qemu.kill()
                break
            if qmp is None and os.path.exists(sock):
                qmp = QMP(sock)
            text = open(console, errors="replace").read() if os.path.exists(console) else ""
            if t_start is None and MARK + "start" in text:
                t_start = now
            if t_end is None and MARK + "end" in text:
                t_end = now
            for req in sorted(glob.glob(os.path.join(ctl, "*.req"))) if qmp else []:
                answer = serve_request(qmp, req, vnc)
                log(f"{os.path.basename(req)[:-4]} at {now:.2f} s, took {time.monotonic() - t0 - now:.2f} s: {answer}")
            time.sleep(0.02)
        qemu.wait()
        total = time.monotonic() - t0
        command_s = t_end - t_start if t_end is not None and t_start is not None else None
        timing = {"gpu": args.gpu, "res": args.res, "boot_s": t_start and round(t_start, 3),
                  "command_s": command_s and round(command_s, 3), "total_s": round(total, 3),
                  "timed_out": timed_out, "qemu_rc": qemu.returncode}
        with open(os.path.join(out, "timing.json"), "w") as f:
            json.dump(timing, f)
        log(f"{args.gpu}: boot {fmt(t_start)} s, command {fmt(timing['command_s'])} s, total {total:.1f} s")
        if timed_out:
            tail(console)
            return 124
        rc_file = os.path.join(out, "command.rc")
        if not os.path.exists(rc_file):
            log(f"the guest command did not finish (qemu exit {qemu.returncode}): "
                + open(os.path.join(run_dir, "qemu.log")).read().strip()[-500:])
            tail(console)
            return 125
        return int(open(rc_file).read().strip() or 125)
    finally:
        if qemu and qemu.poll() is None:
            qemu.kill()
            qemu.wait()
        shutil.rmtree(run_dir, ignore_errors=True)


def fmt(v):
    return "?" if v is None else f"{v:.1f}"


def tail(console, n=20):
    lines = open(console, errors="replace").read().splitlines()[-n:] if os.path.exists(console) else []
    log("console tail:\n    " + "\n    ".join(lines))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="op", required=True)
    sub.add_parser("setup")
    r = sub.add_parser("run")
    r.add_argument("--gpu", default="bochs", choices=sorted(GPUS))
    r.add_argument("--res", default="1024x768")
    r.add_argument("--out", required=True)
    r.add_argument("--timeout", type=float, default=60)
    r.add_argument("--smp", type=int, default=2)
    r.add_argument("--mouse", action="store_true", help="add a relative mouse (virtio-mouse-pci) next to the tablet")
    r.add_argument("--hostfwd", help="HOSTPORT:GUESTPORT: a network card, the host's 127.0.0.1:HOSTPORT forwarded to the guest")
    r.add_argument("--defer-gpu", action="store_true",
                   help="do not load the GPU driver at boot; it is left in /run/knob-vm-modules for the command to insmod")
    r.add_argument("--heads", type=int, default=1, help="virtio-gpu outputs (max_outputs), each with a VNC server")
    r.add_argument("--vnc", action="store_true", help="a VNC server on each head even with one head (vnc_size requests)")
    r.add_argument("--arch", default="x86_64", choices=["x86_64", "arm64"])
    r.add_argument("--root", help="the guest's root tree (default: the host's /); the current directory is shared at its path")
    r.add_argument("--kernel-dir", help="an unpacked linux-image package (--arch arm64)")
    r.add_argument("--busybox", help="the static busybox the initramfs runs (default: the root's usr/bin/busybox with --arch arm64)")
    r.add_argument("--icount", action="store_true",
                   help="qemu -icount shift=0,sleep=off: the PMU's instructions event counts exactly (tests/arm64/count-instructions-vm.sh)")
    r.add_argument("--mem", type=int, default=1024, help="the guest's memory in MiB (its overlay is a tmpfs of half of it)")
    r.add_argument("command", nargs="+")
    args = ap.parse_args()
    try:
        if args.op == "setup":
            ensure_packages()
            print(ensure_kernel(cache_dir()))
            return 0
        return run(args)
    except (Fail, OSError, subprocess.CalledProcessError) as e:
        log(f"error: {e}")
        return 125


if __name__ == "__main__":
    sys.exit(main())
