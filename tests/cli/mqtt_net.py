#!/usr/bin/env python3
"""run --mqtt when the network misbehaves, against a real mosquitto:
- a silent drop: a TCP proxy between panel and broker stops forwarding without closing
  anything (a dead link, a firewall dropping packets); with --mqtt-keepalive 2 the panel must
  give the connection up within 1.5 x keepalive, retry with doubling (capped) backoff while
  the path is dead, and reconnect and republish once it is back;
- TLS: mqtts:// with --mqtt-ca against a mosquitto TLS listener whose certificate is signed
  by a CA made here with openssl; a wrong CA is refused with a clear log line, and retried.
Usage: mqtt_net.py KNOB_PANEL_BINARY   (exit 0: all passed; 77: mosquitto or openssl missing)"""
import os, re, shutil, subprocess, sys, tempfile, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mqtt_support import *  # noqa

BIN = sys.argv[1]
PANEL = "panels/demo.json"


def wait_log(panel, pattern, timeout, start=0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        m = re.search(pattern, panel.log()[start:])
        if m: return m
        time.sleep(0.02)
    return None


def silent_drop(tmp):
    keepalive = 5
    b = Broker(tmp)
    proxy = SilentProxy(b.port)
    pre = "knob-panel/net-test"
    sub = Sub(b.port, pre + "/#")
    panel = Panel(BIN, PANEL, tmp, ["--mqtt", f"mqtt://127.0.0.1:{proxy.port}", "--mqtt-id", "net-test",
                                    "--mqtt-keepalive", str(keepalive)], name="silent")
    check("panel up behind the proxy", panel.wait_ready(), panel.log())
    check("connected through the proxy (status online)", sub.wait(lambda t, p: t == pre + "/status" and p == "online", 10) is not None, panel.log())
    # Idle for two keepalives: PINGREQ/PINGRESP keep a healthy but quiet connection alive.
    time.sleep(2 * keepalive)
    check(f"a quiet, healthy connection survives {2 * keepalive} s idle (keepalive pings answered)",
          "connection given up" not in panel.log() and "connected again" not in panel.log(), panel.log()[-600:])
    pub(b.port, f"{pre}/volume/set", "33")
    check("set through the proxy works", sub.wait(lambda t, p: t == pre + "/volume/state" and js(p).get("value") == 33) is not None)
    # The link goes silent.
    mark = len(panel.log())
    proxy.go_silent()
    t0 = time.monotonic()
    m = wait_log(panel, r"nothing heard from the broker for ([0-9.]+) s", 4 * keepalive, mark)
    detected = time.monotonic() - t0
    check(f"silent drop noticed within 1.5 x keepalive ({detected:.2f} s after the link went silent; limit {1.5 * keepalive + 0.5:.1f})",
          m is not None and detected <= 1.5 * keepalive + 0.5, panel.log()[mark:])
    off = sub.wait(lambda t, p: t == pre + "/status" and p == "offline", 3 * keepalive)
    check("the broker publishes the panel's last will (status offline)", off is not None)
    # While the link stays dead: CONNECT goes unanswered; backoff doubles.
    m = wait_log(panel, r"retrying in 1 s", 4 * keepalive + 3, mark)
    log = panel.log()[mark:]
    delays = [float(x) for x in re.findall(r"retrying in ([0-9.]+) s", log)]
    check(f"retries with doubling backoff while the link is dead ({delays})",
          len(delays) >= 3 and delays[:3] == [0.25, 0.5, 1.0] and f"no answer to CONNECT within {keepalive} s" in log, log)
    check("panel alive through it all", panel.alive())
    # The path comes back: the next attempt connects, everything retained is republished.
    sub.drain(0.2)
    proxy.restore()
    t1 = time.monotonic()
    on = sub.wait(lambda t, p: t == pre + "/status" and p == "online", 15)
    st = sub.wait(lambda t, p: t == pre + "/volume/state" and js(p).get("value") == 33, 3)
    check(f"path back: reconnected ({time.monotonic() - t1:.1f} s later) and state republished (volume 33)",
          on is not None and st is not None, panel.log()[-800:])
    pub(b.port, f"{pre}/volume/set", "44")
    check("set works again after the reconnect", sub.wait(lambda t, p: t == pre + "/volume/state" and js(p).get("value") == 44) is not None)
    note(f"silent drop: detected after {detected:.2f} s (keepalive {keepalive} s), retries {delays}")
    panel.stop(); sub.close(); b.stop()


def openssl(*args, cwd):
    subprocess.run(["openssl", *args], cwd=cwd, check=True, capture_output=True)


def make_ca(d, name):
    openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", f"/CN={name}",
            "-keyout", f"{name}.key", "-out", f"{name}.crt", cwd=d)


def tls(tmp):
    d = os.path.join(tmp, "pki"); os.makedirs(d)
    make_ca(d, "ca"); make_ca(d, "wrongca")
    with open(os.path.join(d, "san.ext"), "w") as f:
        f.write("subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\n")
    openssl("req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1", "-keyout", "server.key", "-out", "server.csr", cwd=d)
    openssl("x509", "-req", "-in", "server.csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial", "-days", "2",
            "-extfile", "san.ext", "-out", "server.crt", cwd=d)
    for f in os.listdir(d): os.chmod(os.path.join(d, f), 0o644)  # a broker that drops root must still read them
    os.chmod(d, 0o755); os.chmod(tmp, 0o755)
    port = free_port()
    b = Broker(tmp, port, extra=f"listener {port} 127.0.0.1\ncafile {d}/ca.crt\ncertfile {d}/server.crt\nkeyfile {d}/server.key\n")
    plain = free_port()
    with open(b.conf, "a") as f: f.write(f"listener {plain} 127.0.0.1\n")  # for the test's own subscriber
    b.stop(); b.start()
    time.sleep(0.3)
    pre = "knob-panel/tls-test"
    sub = Sub(plain, pre + "/#")
    panel = Panel(BIN, PANEL, tmp, ["--mqtt", f"mqtts://127.0.0.1:{port}", "--mqtt-ca", f"{d}/ca.crt", "--mqtt-id", "tls-test"], name="tls")
    check("mqtts:// panel up", panel.wait_ready(), panel.log())
    on = sub.wait(lambda t, p: t == pre + "/status" and p == "online", 10)
    check("mqtts:// with --mqtt-ca: connected over TLS (status online)", on is not None, panel.log() + open(b.log).read()[-800:])
    pub(plain, f"{pre}/volume/set", "12")
    check("mqtts://: set -> state over TLS", sub.wait(lambda t, p: t == pre + "/volume/state" and js(p).get("value") == 12) is not None)
    panel.stop(); sub.close()
    # The wrong CA: refused, said clearly, retried; the panel keeps running.
    bad = Panel(BIN, PANEL, tmp, ["--mqtt", f"mqtts://127.0.0.1:{port}", "--mqtt-ca", f"{d}/wrongca.crt", "--mqtt-id", "tls-bad"], name="tlsbad")
    check("wrong CA: panel shows itself anyway", bad.wait_ready(), bad.log())
    m = wait_log(bad, r"still unavailable, same reason; retrying in 0\.5 s", 10)
    log = bad.log()
    line = next((l for l in log.splitlines() if "TLS handshake failed" in l), "")
    check("wrong CA: refused with one clear line (TLS handshake failed, OpenSSL's reason, what to check)",
          "certificate verify failed" in line and "--mqtt-ca" in line, log)
    check("wrong CA: retried with backoff (the reason once, then short lines), never connected, still running",
          m is not None and "mqtt: connected" not in log and bad.alive(), log)
    note("wrong CA log line: " + line.replace("knob-panel: ", "")[:300])
    bad.stop()
    # Plain mqtt:// to the TLS port: also refused and retried, never a crash.
    r = subprocess.run([BIN, "run", PANEL, "--headless", "--mqtt", f"mqtt://127.0.0.1:{port}", "--exit-after", "1.5"],
                       capture_output=True, text=True, stdin=subprocess.DEVNULL)
    check("plain MQTT to the TLS listener: not connected, retried, exit 0 at --exit-after", r.returncode == 0
          and "retrying" in r.stderr and "mqtt: connected" not in r.stderr, r.stderr[-800:])
    b.stop()


def main():
    if not broker_binary() or not shutil.which("mosquitto_sub") or not shutil.which("openssl"):
        print("  skip  mqtt network tests: mosquitto or openssl not installed (scripts/install-deps.sh test)"); return 77
    tmp = tempfile.mkdtemp(prefix="knob-mqtt-net.")
    silent_drop(tmp)
    tls(tmp)
    shutil.rmtree(tmp, ignore_errors=True)
    return 0 if results["fails"] == 0 else 1


status = 1
try:
    status = main()
finally:
    stop_all()
sys.exit(status)
