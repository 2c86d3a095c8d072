#!/usr/bin/env python3
"""The layout studio in a real browser: Debian's chromium driven by Playwright (the system
browser as its executable; Playwright's own browser downloads are never used). Opens the page,
drags a knob with the mouse (the event shows in the page's list, the knob turns in the
picture: pixels of a screenshot), hovers a widget, types an error into the editor (marked on
the right line), saves, and measures the time from Save to the new frame in the browser.

    tests/studio/browser_tests.py BIN
Exits 77 when chromium or playwright is missing (make test-deps installs them), 1 on failure."""
import json, math, os, shutil, statistics, sys, tempfile, time
from studio_support import Studio, check, note, png_rows, pixel
import studio_support as S

BIN = os.path.abspath(sys.argv[1])
CHROMIUM = "/usr/bin/chromium"
try:
    from playwright.sync_api import sync_playwright
except ImportError:
    print("browser tests: playwright is not installed (pip install playwright); skipped")
    sys.exit(77)
if not os.access(CHROMIUM, os.X_OK):
    print("browser tests: /usr/bin/chromium is not installed (apt-get install chromium); skipped")
    sys.exit(77)

T = tempfile.mkdtemp(prefix="knob-studio-browser.")
# KNOB_STUDIO_CODEMIRROR=/nonexistent runs the same tests on the plain text box.
CODEMIRROR = os.path.exists(os.path.join(os.environ.get("KNOB_STUDIO_CODEMIRROR", "/usr/share/javascript/codemirror"), "lib", "codemirror.js"))
PANEL = """{ "panel": "Browser test", "size": [600, 300],
  "pages": [ { "id": "main", "widgets": [
    { "id": "volume", "type": "knob", "mode": "continuous", "range": [0, 100], "frame": [20, 20, 160, 160] },
    { "id": "balance", "type": "knob", "mode": "continuous", "frame": [220, 20, 160, 160] }%s
  ] } ] }
"""
EXTRA = """,
    { "id": "extra", "type": "knob", "tint": "#e02020", "frame": [420, 20, 160, 160] }"""


def poll(page, expr, timeout=10):
    """Evaluates `expr` (a function) until it is truthy. (page.wait_for_function would need
    'unsafe-eval', which the studio's CSP rightly forbids.)"""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        v = page.evaluate(expr)
        if v:
            return v
        time.sleep(0.02)
    return None


def main():
    panel = os.path.join(T, "panel.json")
    with open(panel, "w") as f:
        f.write(PANEL % "")
    st = Studio(BIN, panel)
    url = f"http://127.0.0.1:{st.port}/"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--force-color-profile=srgb"])
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        try:
            print("page and picture")
            page.goto(url)
            check(poll(page, "() => window.studio.frames.length > 0"), "the picture arrives over the event stream")
            page.uncheck("#fit")   # 1:1, so screenshot pixels are frame pixels
            page.click("#mode-try")   # the mouse is a finger (Design mode selects and moves instead)
            size = page.evaluate("() => [document.getElementById('screen').width, document.getElementById('screen').height]")
            check(size == [600, 300], "canvas has the panel's size", size)
            box = page.locator("#screen").bounding_box()
            shot0 = page.locator("#screen").screenshot()
            w, h, bpp, rows0 = png_rows(shot0)
            server0 = png_rows(st.request("GET", "/api/frame.png")[2])
            same = sum(1 for y in range(20, 180, 8) for x in range(20, 180, 8)
                       if max(abs(a - b) for a, b in zip(pixel(rows0, bpp, x, y), pixel(server0[3], server0[2], x, y))) <= 2)
            diffs = sorted(max(abs(a - b) for a, b in zip(pixel(rows0, bpp, x, y), pixel(server0[3], server0[2], x, y)))
                           for y in range(20, 180, 8) for x in range(20, 180, 8))
            check(same == 400, f"the picture shows the server's frame ({same} of 400 sampled pixels equal)", (box, diffs[-30:]))

            print("the mouse is a finger")
            status, widgets = st.json("GET", "/api/widgets")
            vol = next(x for x in widgets["widgets"] if x["widget"] == "volume")
            cx, cy = vol["screenCenter"]
            r = vol["screenRadius"] * 0.8
            page.mouse.move(box["x"] + cx, box["y"] + cy)
            hover = poll(page, "() => document.getElementById('hover').dataset.widget === 'volume' && document.getElementById('hover').textContent")
            check(hover and "volume (knob" in hover and "frame [20, 20, 160, 160]" in hover and "state {" in hover,
                  "hovering shows id, type, frame and state", hover)
            frames_before = page.evaluate("() => window.studio.frames.length")
            pts = [(cx + r * math.sin(math.radians(a)), cy - r * math.cos(math.radians(a))) for a in range(0, 181, 10)]
            page.mouse.move(box["x"] + pts[0][0], box["y"] + pts[0][1])
            page.mouse.down()
            for x, y in pts[1:]:
                page.mouse.move(box["x"] + x, box["y"] + y, steps=2)
            page.mouse.up()
            ev = poll(page, """() => [...document.querySelectorAll('#events li')].map(li => li.textContent)
                                   .filter(t => t.includes('"widget":"volume"') && t.includes('valueChanged')).pop()""")
            check(ev, "the drag's valueChanged shows in the page's event list", ev)
            pos = json.loads(ev)["position"] if ev else None
            check(pos is not None and abs(abs(pos) - 180) < 20, "a half turn of the mouse is a half turn of the knob", pos)
            poll(page, f"() => window.studio.frames.length > {frames_before}")
            time.sleep(0.3)   # the last patch after the knob came to rest
            shot1 = page.locator("#screen").screenshot()
            _, _, bpp1, rows1 = png_rows(shot1)
            changed = sum(1 for y in range(20, 180, 4) for x in range(20, 180, 4) if pixel(rows0, bpp, x, y) != pixel(rows1, bpp1, x, y))
            server1 = png_rows(st.request("GET", "/api/frame.png")[2])
            same = sum(1 for y in range(20, 180, 8) for x in range(20, 180, 8)
                       if max(abs(a - b) for a, b in zip(pixel(rows1, bpp1, x, y), pixel(server1[3], server1[2], x, y))) <= 2)
            check(changed > 50 and same == 400, f"the knob turned in the picture ({changed} of 1600 pixels changed; {same} of 400 equal the server's frame)")
            balance_same = all(pixel(rows0, bpp, x, 100) == pixel(rows1, bpp1, x, 100) for x in range(230, 370, 5))
            check(balance_same, "the other knob did not change")

            print("editor")
            poll(page, "() => window.studio.editor.get().length > 0")
            text = page.evaluate("() => window.studio.editor.get()")
            check(text == open(panel).read(), "the editor holds the file")
            check(page.evaluate("() => window.studio.editor.kind") == ("codemirror" if CODEMIRROR else "plain"),
                  "the editor is " + ("Debian's CodeMirror" if CODEMIRROR else "the plain text box (no libjs-codemirror)"))
            # Type a mistake into line 3 (the volume knob), just after its '{ '.
            line3 = text.split("\n")[2]
            page.evaluate(f"() => window.studio.editor.goTo(3, {line3.index('{') + 3})")
            page.keyboard.type('"mdoe": 1, ')
            marked = poll(page, "() => [...document.querySelectorAll('#gutter div.err, .diag.err')].map(d => d.dataset.line).join(',')")
            diag = page.evaluate("() => [...document.querySelectorAll('#diagnostics li')].map(li => li.textContent)")
            check(marked == "3", "the error is marked on line 3, and only there", (marked, diag))
            check(diag and f"{panel}:3:" in diag[0] and "mdoe" in diag[0], "the diagnostic reads as 'check' prints it", diag)
            props = page.evaluate("() => document.getElementById('props-title').textContent")
            check(props == "Properties of a knob", "the property list follows the cursor (a knob)", props)

            if CODEMIRROR:
                print("editor: long lines scroll to the error's column")
                long = PANEL % (',\n    { "id": "wide", "type": "knob", "frame": [420, 20, 160, 160],' + " " * 300 + '"mdoe": 1 }')
                page.evaluate("t => window.studio.editor.set(t)", long)
                li = page.locator("#diagnostics li[data-line='5']")
                li.first.wait_for(timeout=5000)
                li.first.click()
                left = poll(page, "() => window.studio.editor.cm.getScrollInfo().left")
                cur = page.evaluate("() => window.studio.editor.cm.getCursor()")
                check(left and left > 1000 and cur["line"] == 4 and cur["ch"] > 300, "clicking the error puts the caret on its column, scrolled to it", (left, cur))
                page.evaluate("t => window.studio.editor.set(t)", text)

            print("save to picture")
            times = []
            for i in range(7):
                new = PANEL % (EXTRA if i % 2 == 0 else "")
                page.evaluate("t => window.studio.editor.set(t)", new)
                n0 = page.evaluate("() => window.studio.frames.length")
                page.click("#save")
                got = poll(page, f"""() => {{ const s = window.studio;
                    return s.lastSave && s.frames.length > {n0} && s.frames[s.frames.length - 1].t - s.saveStarted; }}""")
                status = page.evaluate("() => document.getElementById('save-status').textContent")
                if got:
                    times.append(got)
                if i == 0:
                    check(status == "saved · reloaded" and open(panel).read() == new, "Save writes the file and reloads", status)
                    shot = png_rows(page.locator("#screen").screenshot())
                    px = pixel(shot[3], shot[2], 500, 100)
                    check(px[0] > 150 and px[1] < 100, "the new red knob is in the picture", px)
                time.sleep(0.2)
            if check(len(times) == 7, "every save brought a new frame", times):
                note(f"Save click to new frame drawn in the browser: median {statistics.median(times):.1f} ms "
                     f"(min {min(times):.1f}, max {max(times):.1f}, n={len(times)})")
            page.evaluate("t => window.studio.editor.set(t)", PANEL % BAD)
            page.click("#save")
            status = poll(page, "() => document.getElementById('save-status').textContent.includes('keeps') && document.getElementById('save-status').textContent")
            check(status and "1 error" in status, "a bad save keeps the panel and says so", status)
            check(not [e for e in errors if "favicon" not in e and "422" not in e], "no script errors", errors)
        finally:
            browser.close()
            st.stop()
    shutil.rmtree(T, ignore_errors=True)
    S.finish("studio browser tests")


BAD = """,
    { "id": "extra", "type": "knob", "mdoe": "x", "frame": [420, 20, 160, 160] }"""
main()
