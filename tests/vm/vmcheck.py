"""What the VM scenario checks share (stdlib only; images and events from check.py).

A check reads one scenario's results folder, prints notes as it goes and ends with one
summary line, `LABEL: PASS: ...` or `LABEL: FAIL: ...`, which run-vm-tests.sh collects.
`Verdict` holds that folder, the label, the failures and the parts of the summary line;
`share_near` and `Verdict.console_shown` tell a text console from the panel in a screendump.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check import compare, read_image  # noqa: E402

# fbcon's VGA palette: the backgrounds the VT scenarios clear their consoles to
# (30;42m green, 37;44m blue, 45m magenta).
GREEN, BLUE, MAGENTA = (0, 170, 0), (0, 0, 170), (170, 0, 170)


def vt_arguments(doc, label):
    """The options of a VT check (vt-check.py, vt-background-check.py); each adds its own."""
    ap = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dir", required=True)
    ap.add_argument("--expected", required=True)
    ap.add_argument("--label", default=label)
    ap.add_argument("--unprivileged", action="store_true", help="the panel must have run as a user other than root")
    ap.add_argument("--tolerance", type=int, default=8)
    return ap


def share_near(img, colour, tol=60):
    """The share of pixels (a sample: every 7th is plenty) within tol of colour per channel."""
    w, h, rgb = img
    n = hits = 0
    for i in range(0, w * h, 7):
        p = rgb[3 * i:3 * i + 3]
        n += 1
        hits += all(abs(p[c] - colour[c]) <= tol for c in range(3))
    return hits / n


class Verdict:
    """One check's findings on the results folder `directory`: notes printed as they come
    ("  [LABEL] ..."), failures and parts for the summary line that `finish` prints."""

    def __init__(self, directory, label):
        self.dir, self.label = directory, label
        self.failures, self.parts = [], []

    def path(self, name):
        return os.path.join(self.dir, name)

    def exists(self, name):
        return os.path.exists(self.path(name))

    def text(self, name):
        """The file's text; "" when the scenario did not write it."""
        return open(self.path(name), errors="replace").read() if self.exists(name) else ""

    def key_values(self, name):
        """A scenario's KEY=VALUE lines as a dict ({} when the file is missing)."""
        pairs = {}
        for line in self.text(name).splitlines():
            k, _, v = line.strip().partition("=")
            pairs[k] = v
        return pairs

    def exit_status(self):
        """The panel's exit status as the scenario wrote it (panel.rc); None when missing."""
        return self.text("panel.rc").strip() if self.exists("panel.rc") else None

    def say(self, message):
        print(f"  [{self.label}] {message}")

    def need(self, ok, message):
        """Notes message as a failure unless ok; returns ok."""
        if not ok:
            self.failures.append(message)
        return ok

    def screendump(self, name, size=None):
        """NAME.ppm as (width, height, RGB), or None (a failure) when it is missing or, with
        size (the render's width and height), of another size."""
        if not self.need(self.exists(name + ".ppm"), f"no {name}.ppm"):
            return None
        img = read_image(self.path(name + ".ppm"))
        if size and not self.need(img[:2] == tuple(size), f"{name}.ppm is {img[0]}x{img[1]}, the render {size[0]}x{size[1]}"):
            return None
        return img

    def console_shown(self, name, img, colour, what, expected, tolerance):
        """A screendump that must show a text console (mostly colour), not the panel (the
        render `expected`, compared within tolerance)."""
        share = share_near(img, colour)
        panel = compare(img[2], expected[2], img[0], img[1], tolerance)[0] if img[:2] == expected[:2] else 0
        self.say(f"{name}.ppm: {share * 100:.0f}% {what}, {panel * 100:.0f}% like the panel")
        return self.need(share >= 0.5 and panel < 0.5, f"{name}.ppm does not show {what}")

    def finish(self, heading=None, with_parts=True):
        """Prints the summary line, `HEADING: PASS: parts` or `HEADING: FAIL: parts; failures`
        (only the failures when not with_parts); HEADING is the label unless given. Returns the
        check's exit status."""
        shown = self.parts + self.failures if with_parts or not self.failures else self.failures
        print(f"{heading or self.label}: {'FAIL' if self.failures else 'PASS'}: " + "; ".join(shown))
        return 1 if self.failures else 0
