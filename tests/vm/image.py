#!/usr/bin/env python3
"""The appliance image: Debian's kernel + an initramfs holding busybox, the release binary
with the shared libraries it needs, fonts, the demo panel and knob-panel.service as `make
install` writes it; its /init (image-init.sh) runs the unit's ExecStart as the unit's user,
on its VT, and restarts it on failure (there is no systemd in the image: the unit's command
line, user, groups and directories are followed, its sandbox is not).

  image.py build --bin .build/release/knob-panel --out .build/image
  image.py demo  --out .build/image [--gpu bochs|virtio]   # boot it (-display gtk if $DISPLAY)
  image.py test  --out .build/image                        # boot, set over the socket, power off, boot, check

The host reaches the panel's control socket through a virtio serial port, exposed on the
host as OUT/ctl.sock (talk to it with `knob-panel ctl OUT/ctl.sock --follow` or socat);
values live in OUT/state/ (a 9p share), so they survive a reboot of the VM.  stdlib only."""
import argparse, glob, json, os, shutil, socket, subprocess, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import vm  # noqa: E402  (kernel fetch, module order, cpio writer, QMP)

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
MODULES = ["virtio_pci", "9pnet_virtio", "9p", "virtio_input", "evdev", "virtio_console", "bochs", "virtio_gpu"]
MARK = "@@knob-image:"


# Opened with dlopen, so ldd does not list them: the image carries them (and what they need)
# explicitly. libinput and libudev by `run` where udevd runs (Sources/CInput/shim.h);
# HarfBuzz and FriBidi when a text needs shaping (Arabic, Hebrew, Indic, combining marks:
# Sources/CCairo/shaping.h). libmosquitto (--mqtt) is left out, as the image's panel does not
# talk MQTT.
DLOPENED = ["libinput.so.10", "libudev.so.1", "libharfbuzz.so.0", "libfribidi.so.0"]


def ldd(path):
    libs = []
    for line in subprocess.run(["ldd", path], capture_output=True, text=True, check=True).stdout.splitlines():
        parts = line.split()
        if "=>" in parts and len(parts) >= 3 and parts[2].startswith("/"):
            libs.append(parts[2])
        elif parts and parts[0].startswith("/"):
            libs.append(parts[0])   # the dynamic loader
    return libs


def shared_libraries(binary):
    libs = ldd(binary)
    cache = subprocess.run(["/sbin/ldconfig", "-p"], capture_output=True, text=True, check=True).stdout
    for soname in DLOPENED:
        paths = [line.split(" => ")[-1].strip() for line in cache.splitlines()
                 if line.strip().startswith(soname + " ") and "x86-64" in line]
        if not paths:
            sys.exit(f"image.py: {soname} not found (ldconfig -p); scripts/install-deps.sh installs it")
        libs += [paths[0]] + ldd(paths[0])
    return list(dict.fromkeys(libs))   # in order, once each


def installed_unit(prefix="/usr"):
    """dist/knob-panel.service.in as the Makefile's install rule writes it for PREFIX."""
    text = open(os.path.join(ROOT, "dist/knob-panel.service.in")).read()
    for key, value in (("@BINDIR@", prefix + "/bin"), ("@PANELDIR@", prefix + "/share/knob-panel/panels"),
                       ("@DOCDIR@", prefix + "/share/doc/knob-panel")):
        text = text.replace(key, value)
    return text


def unit_setting(key):
    """The last `KEY=` of the installed unit (as systemd reads it)."""
    values = [line.split("=", 1)[1] for line in installed_unit().splitlines() if line.startswith(key + "=")]
    return values[-1] if values else None


def build(args):
    kdir = vm.ensure_kernel(vm.cache_dir())
    out = os.path.realpath(args.out)
    os.makedirs(out, exist_ok=True)
    d, f, x = 0o040755, 0o100644, 0o100755
    entries, dirs = [], set()

    def add_dir(path):
        parts = path.strip("/").split("/")
        for i in range(1, len(parts) + 1):
            p = "/".join(parts[:i])
            if p and p not in dirs:
                dirs.add(p)
                entries.append((p, d, b""))

    def add_file(dest, src, mode=f):
        add_dir(os.path.dirname(dest))
        entries.append((dest.strip("/"), mode, open(src, "rb").read()))

    for p in ("bin", "dev", "proc", "sys", "mods", "etc", "run", "tmp", "var/lib/knob-panel"):
        add_dir(p)
    entries.append(("dev/console", 0o020600, b""))
    add_file("bin/busybox", vm.BUSYBOX, x)
    add_file("init", os.path.join(HERE, "image-init.sh"), x)
    modules = vm.module_order(kdir, MODULES)
    for m in modules:
        add_file("mods/" + os.path.basename(m), m)
    entries.append(("modules.order", f, "\n".join(os.path.basename(m) for m in modules).encode() + b"\n"))
    binary = os.path.realpath(args.bin)
    add_file("usr/bin/knob-panel", binary, x)
    add_dir("usr/lib/systemd/system")
    entries.append(("usr/lib/systemd/system/knob-panel.service", f, installed_unit().encode()))
    for lib in shared_libraries(binary):
        add_file(lib, os.path.realpath(lib), x)
    for panel in glob.glob(os.path.join(ROOT, "panels/*.json")):
        add_file("usr/share/knob-panel/panels/" + os.path.basename(panel), panel)
    # The demo's fonts: DejaVu, WenQuanYi for its CJK word, Material Design Icons for its mdi: icons.
    for root in ("/etc/fonts", "/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/truetype/wqy",
                 "/usr/share/fonts/truetype/materialdesignicons-webfont"):
        for dirpath, _, files in os.walk(root, followlinks=True):
            for name in files:
                src = os.path.join(dirpath, name)
                if os.path.exists(src):
                    add_file(src, os.path.realpath(src))
    entries.append(("etc/passwd", f, b"root:x:0:0:root:/:/bin/sh\n"))
    image = os.path.join(out, "initramfs.cpio")
    with open(image + ".tmp", "wb") as fo:
        fo.write(vm.cpio_newc(entries))
    os.rename(image + ".tmp", image)
    shutil.copyfile(vm.boot_image(kdir), os.path.join(out, "kernel"))
    size = os.path.getsize(image) / 1e6
    print(f"image: {out}/kernel + {out}/initramfs.cpio ({size:.0f} MB: busybox, {len(modules)} modules, "
          f"knob-panel + {len(shared_libraries(binary))} libraries, fonts, panels)")
    return 0


def qemu_command(out, gpu, res, display):
    w, h = res.split("x")
    device = vm.GPUS[gpu][0]
    os.makedirs(os.path.join(out, "state"), exist_ok=True)
    return ["qemu-system-x86_64", "-nodefaults", "-no-user-config", "-display", display, "-no-reboot",
            "-accel", "tcg", "-cpu", "max", "-smp", "2", "-m", "1024",
            "-kernel", os.path.join(out, "kernel"), "-initrd", os.path.join(out, "initramfs.cpio"),
            "-append", "console=ttyS0 rdinit=/init panic=-1 quiet loglevel=3 mitigations=off 8250.nr_uarts=1",
            "-chardev", f"file,id=ser0,path={out}/console.log", "-serial", "chardev:ser0",
            "-qmp", f"unix:{out}/qmp.sock,server=on,wait=off",
            # mapped-file: the guest's owners and modes (the unit's user owns its state) are kept
            # in metadata files beside the state, whoever runs QEMU on the host.
            "-fsdev", f"local,id=state,path={out}/state,security_model=mapped-file",
            "-device", "virtio-9p-pci,fsdev=state,mount_tag=state",
            "-device", "virtio-serial-pci",
            "-chardev", f"socket,id=ctl,path={out}/ctl.sock,server=on,wait=off",
            "-device", "virtserialport,chardev=ctl,name=org.knob-panel.ctl",
            "-device", f"{device},xres={w},yres={h}",
            "-device", "virtio-tablet-pci"]


class Boot:
    def __init__(self, out, gpu="bochs", res="1280x800", display="none"):
        self.out = out
        for name in ("console.log", "qmp.sock", "ctl.sock"):
            if os.path.exists(os.path.join(out, name)):
                os.remove(os.path.join(out, name))
        self.t0 = time.monotonic()
        self.proc = subprocess.Popen(qemu_command(out, gpu, res, display), stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        self.qmp = None

    def console(self):
        p = os.path.join(self.out, "console.log")
        return open(p, errors="replace").read() if os.path.exists(p) else ""

    def wait_mark(self, mark, timeout):
        end = time.monotonic() + timeout
        while time.monotonic() < end and self.proc.poll() is None:
            text = self.console()
            i = text.find(MARK + mark)
            if i >= 0:
                return time.monotonic() - self.t0, text[i:text.find("@@", i + len(MARK))]
            time.sleep(0.05)
        return None, None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self.proc.poll() is None:   # a test that raised must not leave qemu running
            self.proc.kill()
            self.proc.wait()

    def connect_qmp(self):
        if self.qmp is None:
            self.qmp = vm.QMP(os.path.join(self.out, "qmp.sock"))
        return self.qmp

    def ctl(self, requests, timeout=20):
        """Requests over the virtio serial port; returns the replies (events skipped)."""
        s = socket.socket(socket.AF_UNIX)
        s.connect(os.path.join(self.out, "ctl.sock"))
        s.settimeout(timeout)
        replies, buf = [], b""
        t = time.monotonic()
        for r in requests:
            s.sendall((json.dumps(r) + "\n").encode())
            while True:
                while b"\n" not in buf:
                    chunk = s.recv(65536)
                    if not chunk:
                        raise EOFError("the port closed")
                    buf += chunk
                line, buf = buf.split(b"\n", 1)
                msg = json.loads(line)
                if "ok" in msg and "event" not in msg:
                    replies.append(msg)
                    break
        rtt = time.monotonic() - t
        s.close()
        return replies, rtt

    def power_off(self):
        """A power cut: qemu quits at once, the panel gets no signal."""
        try:
            self.connect_qmp().cmd({"execute": "quit"})
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def demo(args):
    out = os.path.realpath(args.out)
    if not os.path.exists(os.path.join(out, "initramfs.cpio")):
        print("no image: run 'make image' first", file=sys.stderr)
        return 1
    display = "gtk" if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY") else "none"
    b = Boot(out, args.gpu, args.res, display)
    t, text = b.wait_mark("first-frame", 120)
    if t is None:
        print("the panel did not come up; console:\n" + b.console()[-2000:], file=sys.stderr)
        b.power_off()
        return 1
    print(f"vm-demo: panel on screen {t:.1f} s after qemu started ({text}); control socket: {out}/ctl.sock")
    print(f"  try: knob-panel ctl {out}/ctl.sock --follow   (then type {{\"command\":\"list\"}})")
    if display == "gtk":
        print("  use the panel with the mouse in the QEMU window; close it to stop")
        b.proc.wait()
    else:
        shot = os.path.join(out, "vm-demo.ppm")
        b.connect_qmp().cmd({"execute": "screendump", "arguments": {"filename": shot}})
        print(f"  no display here: screenshot {shot}; stopping")
        b.power_off()
    return 0


def test(args):
    """Boot, set a value over the socket (from the host), power off, boot again: the value is back."""
    boots = []
    try:
        return run_test(args, boots)
    finally:
        for b in boots:
            b.__exit__(None, None, None)


def run_test(args, boots):
    out = os.path.realpath(args.out)
    shutil.rmtree(os.path.join(out, "state"), ignore_errors=True)
    ok = True
    b = Boot(out)
    boots.append(b)
    t1, text = b.wait_mark("first-frame", args.limit)
    if t1 is None:
        print(f"  FAIL  no first frame within {args.limit} s\n" + b.console()[-1500:])
        b.power_off()
        return 1
    print(f"  ok    boot to first frame: {t1:.1f} s after qemu started ({text})")
    # The panel ran through the unit: as its User= (the owner of the ready file it wrote).
    user = unit_setting("User")
    as_user = f"user={user}" in text.split() and user not in ("root", None)
    print(f"  {'ok  ' if as_user else 'FAIL'}  the panel runs as the unit's user ({user}): {text}")
    ok &= as_user
    time.sleep(1)   # the relay connects to the panel's socket
    replies, rtt = b.ctl([{"command": "set", "widget": "volume", "value": 42, "request_id": 1}])
    print(f"  {'ok  ' if replies[0].get('ok') else 'FAIL'}  set over the virtio serial port: {replies[0]} ({rtt*1000:.0f} ms round trip)")
    ok &= bool(replies[0].get("ok"))
    shot = os.path.join(out, "image-test.ppm")
    time.sleep(0.5)
    b.connect_qmp().cmd({"execute": "screendump", "arguments": {"filename": shot}})
    if args.bin:
        # The screen must show what an offscreen render of the same panel and value shows.
        import check
        script = os.path.join(out, "set-42.jsonl")
        with open(script, "w") as f:
            f.write('{"t":0,"type":"command","command":{"command":"set","widget":"volume","value":42}}\n')
        expected = os.path.join(out, "image-expected.png")
        subprocess.run([args.bin, "render", os.path.join(ROOT, "panels/demo.json"), "--size", args.res,
                        "--input", script, "--time", "1", "--out", expected], check=True)
        w, h, got = check.read_image(shot)
        ew, eh, want = check.read_image(expected)
        match, mean, _ = check.compare(got, want, w, h, 8, os.path.join(out, "image-diff.png")) if (w, h) == (ew, eh) else (0, 255, 255)
        good_shot = match >= 0.995 and mean <= 1
        print(f"  {'ok  ' if good_shot else 'FAIL'}  the screen matches an offscreen render with volume 42: {match*100:.2f}% (mean error {mean:.2f})")
        ok &= good_shot
    time.sleep(1)   # the debounced save (250 ms)
    b.power_off()
    b = Boot(out)
    boots.append(b)
    t2, _ = b.wait_mark("first-frame", args.limit)
    if t2 is None:
        print("  FAIL  no first frame after the reboot\n" + b.console()[-1500:])
        b.power_off()
        return 1
    time.sleep(1)
    replies, _ = b.ctl([{"command": "get", "widget": "volume", "request_id": 2}])
    value = replies[0].get("data", {}).get("value")
    good = value is not None and abs(value - 42) < 1e-3
    print(f"  {'ok  ' if good else 'FAIL'}  value after power-off and reboot: {value} (boot to first frame {t2:.1f} s)")
    b.power_off()
    return 0 if ok and good else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="op", required=True)
    bp = sub.add_parser("build")
    bp.add_argument("--bin", required=True)
    bp.add_argument("--out", required=True)
    for name in ("demo", "test"):
        p = sub.add_parser(name)
        p.add_argument("--bin", help="with test: the host binary, to render the expected screen")
        p.add_argument("--out", required=True)
        p.add_argument("--gpu", default="bochs", choices=sorted(vm.GPUS))
        p.add_argument("--res", default="1280x800")
        p.add_argument("--limit", type=float, default=90)
    args = ap.parse_args()
    return {"build": build, "demo": demo, "test": test}[args.op](args)


if __name__ == "__main__":
    sys.exit(main())
