"""The Debian package in a throwaway Debian root (debootstrap, never the machine itself):
install it, run `check` and `render` from the installed files, complete a subcommand in bash,
remove it (the settings and a user's panel in /etc/knob-panel stay), purge it (nothing of it
stays: files, state, its user).

  python3 tests/deb/deb_test.py .build/deb/knob-panel_VERSION_ARCH.deb

The base root is made once (debootstrap --variant=minbase bookworm with adduser and the
package's Recommends, a minute or two) and kept in .build/deb-base-HASH.tar; each run unpacks a
fresh copy of it."""
import hashlib, os, shutil, subprocess, sys, tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "cli"))
import support  # noqa: E402

ROOT = support.ROOT
# What `apt install knob-panel` brings besides the package: adduser (Depends) and the
# Recommends (the fonts a render draws with, the libraries it opens on demand), so the
# installed render can be compared with the build tree's.
RECOMMENDS = [l.strip() for l in open(os.path.join(ROOT, "dist", "deb", "recommends")) if l.strip() and not l.startswith("#")]
INCLUDE = ["adduser"] + RECOMMENDS
BASE = os.path.join(ROOT, ".build", f"deb-base-{hashlib.sha1(','.join(INCLUDE).encode()).hexdigest()[:10]}.tar")
MIRROR = os.environ.get("DEB_MIRROR", "http://deb.debian.org/debian")
failures = []


def ok(name):
    print(f"ok   {name}")


def bad(name, detail=""):
    failures.append(name)
    print(f"FAIL {name}" + (f"\n     {detail.strip()}" if detail else ""))


def check(name, condition, detail=""):
    ok(name) if condition else bad(name, detail)


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def base_root():
    """The cached minbase root with INCLUDE, as a tarball (remade when the list changes)."""
    if os.path.exists(BASE):
        return
    tmp = tempfile.mkdtemp(prefix="deb-base-", dir=os.path.dirname(BASE))
    print(f"deb: debootstrap bookworm into {tmp} (once; kept as {BASE})", flush=True)
    r = run(["debootstrap", "--variant=minbase", "--include=" + ",".join(INCLUDE), "bookworm", tmp, MIRROR])
    if r.returncode != 0:
        shutil.rmtree(tmp, ignore_errors=True)
        sys.exit(f"deb: debootstrap failed (exit {r.returncode}); it needs {MIRROR}:\n{r.stderr[-2000:]}")
    subprocess.run(["tar", "-C", tmp, "-cf", BASE + ".part", "."], check=True)
    os.rename(BASE + ".part", BASE)
    shutil.rmtree(tmp)


# Where dpkg, apt and the shells keep their own records: not the package's files.
IGNORED = ("var/lib/dpkg/", "var/log/", "var/cache/", "tmp/", "root/", "run/", "proc/", "dev/",
           "etc/passwd-", "etc/group-", "etc/shadow-", "etc/gshadow-", "etc/ld.so.cache", "var/lib/systemd/deb-systemd-helper")


def snapshot(root):
    files = set()
    for dirpath, dirnames, filenames in os.walk(root):
        for n in dirnames + filenames:
            rel = os.path.relpath(os.path.join(dirpath, n), root)
            if not rel.startswith(IGNORED):
                files.add(rel)
    return files


def in_root(root, *cmd):
    return run(["chroot", root, *cmd], env={"PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "LANG": "C.UTF-8", "HOME": "/root"})


def main():
    deb = os.path.abspath(sys.argv[1])
    host_bin = os.path.join(ROOT, ".build", "release", "knob-panel")
    base_root()
    work = tempfile.mkdtemp(prefix="deb-test-")
    root = os.path.join(work, "root")
    os.mkdir(root)
    proc = os.path.join(root, "proc")
    try:
        subprocess.run(["tar", "-C", root, "-xf", BASE], check=True)
        # The Swift runtime reads its arguments from /proc/self/cmdline (every system has /proc).
        subprocess.run(["mount", "-t", "proc", "proc", proc], check=True)
        before = snapshot(root)
        shutil.copy(deb, os.path.join(root, "tmp", "knob-panel.deb"))

        r = in_root(root, "dpkg", "-i", "/tmp/knob-panel.deb")
        check("dpkg -i installs the package", r.returncode == 0, r.stdout + r.stderr)
        r = in_root(root, "dpkg", "-s", "knob-panel")
        for field in ("Depends: libc6", "Recommends: libharfbuzz0b"):
            check(f"control has '{field}'", field in r.stdout, r.stdout)
        r = in_root(root, "getent", "passwd", "knob-panel")
        check("the service's system user exists", r.returncode == 0 and "/var/lib/knob-panel" in r.stdout, r.stdout + r.stderr)
        for path in ("usr/bin/knob-panel", "lib/systemd/system/knob-panel.service", "usr/lib/sysusers.d/knob-panel.conf",
                     "etc/knob-panel/knob-panel.conf", "usr/share/knob-panel/panels/demo.json",
                     "usr/share/knob-panel/panels/schema.json", "usr/share/man/man1/knob-panel.1.gz",
                     "usr/share/man/man5/knob-panel-layout.5.gz", "usr/share/bash-completion/completions/knob-panel",
                     "usr/share/zsh/vendor-completions/_knob-panel", "usr/share/doc/knob-panel/copyright",
                     "usr/share/doc/knob-panel/protocol.md"):
            check(f"installs /{path}", os.path.exists(os.path.join(root, path)))
        unit = open(os.path.join(root, "lib/systemd/system/knob-panel.service")).read()
        check("the unit reads /etc/knob-panel", "EnvironmentFile=-/etc/knob-panel/knob-panel.conf" in unit
              and "ConfigurationDirectory=knob-panel" in unit and "/usr/bin/knob-panel run ${PANEL}" in unit)

        r = in_root(root, "knob-panel", "--version")
        check("the installed binary runs", r.returncode == 0 and r.stdout.startswith("knob-panel "), r.stdout + r.stderr)
        r = in_root(root, "knob-panel", "check", "/usr/share/knob-panel/panels/demo.json")
        check("check on an installed example panel", r.returncode == 0 and ": ok (" in r.stdout, r.stdout + r.stderr)
        r = in_root(root, "knob-panel", "render", "/usr/share/knob-panel/panels/demo.json", "--out", "/tmp/demo.png")
        png = os.path.join(root, "tmp", "demo.png")
        check("render from the installed files", r.returncode == 0 and os.path.exists(png), r.stdout + r.stderr)
        if os.path.exists(png) and os.path.exists(host_bin):
            ref = os.path.join(work, "host.png")
            subprocess.run([host_bin, "render", os.path.join(ROOT, "panels", "demo.json"), "--out", ref], check=True, capture_output=True)
            w, h, _, _ = support.read_png(png)
            r = run([host_bin, "compare", ref, png, "--tolerance", "16", "--max-pixels", str(w * h // 100)])
            check("the installed render matches the build tree's (within 1% of pixels)", r.returncode == 0, r.stdout + r.stderr)
        r = in_root(root, "bash", "-c", "source /usr/share/bash-completion/completions/knob-panel; "
                    "COMP_WORDS=(knob-panel ren); COMP_CWORD=1; _knob_panel; echo ${COMPREPLY[@]}; "
                    "COMP_WORDS=(knob-panel render --ev); COMP_CWORD=2; _knob_panel; echo ${COMPREPLY[@]}")
        check("bash completes a subcommand and an option", r.stdout.split("\n")[:2] == ["render", "--events"], r.stdout + r.stderr)
        r = in_root(root, "sh", "-c", "zcat /usr/share/man/man1/knob-panel.1.gz | head -5")
        check("the man page is roff", ".TH KNOB\\-PANEL 1" in r.stdout, r.stdout + r.stderr)

        mine = os.path.join(root, "etc", "knob-panel", "my-panel.json")
        shutil.copy(os.path.join(ROOT, "panels", "knobs.json"), mine)
        with open(os.path.join(root, "etc", "knob-panel", "knob-panel.conf"), "a") as f:
            f.write("PANEL=/etc/knob-panel/my-panel.json\n")
        os.makedirs(os.path.join(root, "var", "lib", "knob-panel"), exist_ok=True)
        open(os.path.join(root, "var", "lib", "knob-panel", "state.json"), "w").write("{}\n")

        r = in_root(root, "dpkg", "-r", "knob-panel")
        check("dpkg -r removes the package", r.returncode == 0, r.stdout + r.stderr)
        check("remove takes the binary", not os.path.exists(os.path.join(root, "usr/bin/knob-panel")))
        check("remove keeps the user's panel in /etc/knob-panel", os.path.exists(mine))
        conf = open(os.path.join(root, "etc/knob-panel/knob-panel.conf")).read() if os.path.exists(os.path.join(root, "etc/knob-panel/knob-panel.conf")) else ""
        check("remove keeps the edited settings", "PANEL=/etc/knob-panel/my-panel.json" in conf)

        r = in_root(root, "dpkg", "-P", "knob-panel")
        check("dpkg -P purges the package", r.returncode == 0, r.stdout + r.stderr)
        left = sorted(snapshot(root) - before)
        check("purge leaves nothing of the package", not left, "left: " + ", ".join(left[:20]))
        r = in_root(root, "getent", "passwd", "knob-panel")
        check("purge removes the service's user", r.returncode != 0, r.stdout)
    finally:
        subprocess.run(["umount", "-l", proc], capture_output=True)
        if not os.path.ismount(proc):   # never walk into a live /proc
            shutil.rmtree(work, ignore_errors=True)
    print(f"deb tests: {'FAILED ' + str(len(failures)) if failures else 'all passed'}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
