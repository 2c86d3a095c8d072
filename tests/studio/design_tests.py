#!/usr/bin/env python3
"""The studio as a design tool, in Debian's chromium through Playwright: select a knob by
clicking it (its JSON is shown), drag it 40 design pixels right (the saved file's frame moves
by 40), resize it by a handle, nudge it with an arrow key, change its tint in the inspector
(the pixels change), put the caret in another widget's JSON (that widget is selected), drag a
toggle from the palette (it is in the file with a unique id), complete a key from the schema,
switch to 800×480 and to a rotation (and select on the turned picture), undo all of it back to
the original file byte for byte, and keep the hover and the state table true after a tap. A
screenshot of the studio is written at each step (STUDIO_SHOTS=DIR keeps them).

    tests/studio/design_tests.py BIN
Exits 77 when chromium or playwright is missing, 1 on failure."""
import json, os, shutil, sys, tempfile, time
from studio_support import Studio, check, note, png_rows, pixel
import studio_support as S

BIN = os.path.abspath(sys.argv[1])
CHROMIUM = "/usr/bin/chromium"
try:
    from playwright.sync_api import sync_playwright
except ImportError:
    print("design tests: playwright is not installed (pip install playwright); skipped")
    sys.exit(77)
if not os.access(CHROMIUM, os.X_OK):
    print("design tests: /usr/bin/chromium is not installed (apt-get install chromium); skipped")
    sys.exit(77)

T = tempfile.mkdtemp(prefix="knob-studio-design.")
SHOTS = os.environ.get("STUDIO_SHOTS") or os.path.join(T, "shots")
os.makedirs(SHOTS, exist_ok=True)
# Formatting on purpose (a two-space indent, spaces inside brackets, a widget split over lines):
# an edit must keep all of it.
PANEL = """{ "panel": "Design test", "size": [600, 300],
  "pages": [ { "id": "main", "widgets": [
    { "id": "volume", "type": "knob", "mode": "continuous", "range": [0, 100], "frame": [ 20, 20, 160, 160 ] },
    {
      "id": "mute",
      "type": "toggle", "title": "Mute",
      "frame": [220, 200, 160, 60]
    }
  ] },
  { "id": "second", "widgets": [ { "id": "toggle1", "type": "toggle", "title": "Other", "frame": [20, 20, 160, 60] } ] } ] }
"""
step = [0]


def poll(page, expr, arg=None, timeout=10):
    """Evaluates `expr` until it is truthy (page.wait_for_function needs 'unsafe-eval', which
    the studio's CSP forbids)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        v = page.evaluate(expr, arg)
        if v:
            return v
        time.sleep(0.02)
    return None


def shot(page, name):
    step[0] += 1
    path = os.path.join(SHOTS, f"{step[0]:02d}-{name}.png")
    page.screenshot(path=path)
    note(f"screenshot {path}")


def saved(panel):
    return json.load(open(panel))


def frame_of(panel, wid):
    for p in saved(panel)["pages"]:
        for w in p["widgets"]:
            if w["id"] == wid:
                return w.get("frame")
    return None


def wait_saves(page, n):
    return poll(page, "n => window.studio.saves >= n && document.getElementById('save-status').textContent.startsWith('saved')", n)


def wait_frame_drawn(page, wid, frame):
    """The reloaded panel's widget list has `frame` for `wid` (the picture has been redrawn)."""
    return poll(page, """([id, f]) => { const w = window.studio.widgets && window.studio.widgets.widgets.find(x => x.widget === id);
                          return w && JSON.stringify(w.frame) === JSON.stringify(f); }""", [wid, frame])


def plain_text_box(panel, original):
    """Without libjs-codemirror: the page says so, the plain text box holds the file, and the
    design tools still edit it in place, with undo."""
    print("without CodeMirror: the plain text box")
    os.environ["KNOB_STUDIO_CODEMIRROR"] = "/nonexistent"
    try:
        st = Studio(BIN, panel)
    finally:
        del os.environ["KNOB_STUDIO_CODEMIRROR"]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1500, "height": 1000})
        errors = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        try:
            page.goto(f"http://127.0.0.1:{st.port}/")
            check(poll(page, "() => window.studio.widgets && window.studio.editor.get().length > 0"), "the page is up")
            note_text = page.locator("#editor-note").text_content()
            check(page.evaluate("() => window.studio.editor.kind") == "plain" and "libjs-codemirror" in note_text and page.is_visible("#text"),
                  "the plain text box, and a note saying how to get the editor", note_text)
            page.uncheck("#fit")
            box = page.locator("#overlay").bounding_box()
            page.mouse.move(box["x"] + 100, box["y"] + 100)
            page.mouse.down()
            for dx in range(5, 41, 5):
                page.mouse.move(box["x"] + 100 + dx, box["y"] + 100)
            page.mouse.up()
            check(wait_saves(page, 1) and frame_of(panel, "volume") == [60, 20, 160, 160] and page.input_value("#text") == open(panel).read(),
                  "a drag edits the text box's frame and saves", frame_of(panel, "volume"))
            shot(page, "plain-text-box")
            page.click("#undo")
            wait_saves(page, 2)
            check(open(panel, "rb").read() == original, "undo gives back the original file")
            check(not errors, "no script errors (no editor files asked for)", errors)
        finally:
            browser.close()
            st.stop()


def main():
    panel = os.path.join(T, "panel.json")
    with open(panel, "w") as f:
        f.write(PANEL)
    original = open(panel, "rb").read()
    st = Studio(BIN, panel)
    url = f"http://127.0.0.1:{st.port}/"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--force-color-profile=srgb"])
        page = browser.new_page(viewport={"width": 1500, "height": 1000})
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        try:
            page.goto(url)
            check(poll(page, "() => window.studio.frames.length > 0 && window.studio.widgets && window.studio.schema && window.studio.editor.get().length > 0"),
                  "the page is up: picture, widgets, schema, file")
            page.uncheck("#fit")   # 1:1: a CSS pixel is a picture pixel is a design pixel (600×300 on 600×300)
            kind = page.evaluate("() => window.studio.editor.kind")
            check(kind == "codemirror", "the editor is Debian's CodeMirror", kind)
            box = page.locator("#overlay").bounding_box()
            X = lambda x: box["x"] + x
            Y = lambda y: box["y"] + y
            shot(page, "opened")

            print("select by clicking")
            page.mouse.click(X(100), Y(100))
            sel = poll(page, "() => document.getElementById('overlay').dataset.selected")
            check(sel == "volume", "clicking the knob selects it", sel)
            caret_line = page.evaluate("() => window.studio.editor.cm.getCursor().line + 1")
            marked = page.evaluate("() => [...document.querySelectorAll('.widget-json')].map(e => e.textContent).join('')")
            check(caret_line == 3 and '"id": "volume"' in marked, "and jumps to its JSON (caret on line 3, its object marked)", (caret_line, marked[:80]))
            insp = page.evaluate("() => document.getElementById('inspector').dataset.widget")
            check(insp == "volume" and page.locator("#inspector .prop[data-key=tint]").count() == 1, "the inspector shows the knob", insp)
            shot(page, "selected")

            print("move by dragging")
            page.mouse.move(X(100), Y(100))
            page.mouse.down()
            for dx in range(4, 41, 4):
                page.mouse.move(X(100 + dx), Y(100))
            shot(page, "dragging")
            live = page.evaluate("() => window.studio.editor.get()")
            check("[ 60, 20, 160, 160 ]" in live and open(panel, "rb").read() == original,
                  "while dragging, the JSON follows (the file is saved at the release)", live.split("\n")[2])
            page.mouse.up()
            check(wait_saves(page, 1), "the drag is saved at once")
            f = frame_of(panel, "volume")
            check(f == [60, 20, 160, 160], "dragged 40 design pixels right: the saved frame moved by 40", f)
            text = open(panel).read()
            check(text == PANEL.replace("[ 20, 20, 160, 160 ]", "[ 60, 20, 160, 160 ]"), "only the frame's number changed; the file's formatting is kept")
            check(page.evaluate("() => window.studio.editor.get()") == text, "the editor holds the saved text")
            wait_frame_drawn(page, "volume", [60, 20, 160, 160])
            shot(page, "moved")

            print("resize by a handle")
            page.mouse.move(X(220), Y(180))   # the bottom-right handle of [60, 20, 160, 160]
            page.mouse.down()
            for d in range(2, 21, 2):
                page.mouse.move(X(220 + d), Y(180 + d))
            page.mouse.up()
            check(wait_saves(page, 2), "the resize is saved")
            f = frame_of(panel, "volume")
            check(f == [60, 20, 180, 180], "the bottom-right handle resized it by 20 (snapped: the grid, and the toggle's top edge at 200)", f)
            wait_frame_drawn(page, "volume", [60, 20, 180, 180])
            shot(page, "resized")

            print("nudge with the arrow keys")
            page.keyboard.press("ArrowRight")
            check(wait_saves(page, 3), "the nudge is saved")
            f = frame_of(panel, "volume")
            check(f == [61, 20, 180, 180], "ArrowRight nudges one design pixel", f)
            wait_frame_drawn(page, "volume", [61, 20, 180, 180])

            print("the inspector")
            row = page.locator("#inspector .prop[data-key=tint]")
            cls = row.get_attribute("class")
            desc = row.locator(".desc").text_content()
            check("default" in cls and len(desc) > 10, "an unset tint is shown greyed, with its schema description", (cls, desc))
            mode_sel = page.locator("#inspector .prop[data-key=mode] select")
            check(mode_sel.count() == 1 and mode_sel.input_value() == '"continuous"', "an enum is a menu with the current value", mode_sel.count())
            time.sleep(0.3)
            before = png_rows(page.locator("#screen").screenshot())
            row.locator("input[type=color]").fill("#ff2020")
            check(wait_saves(page, 4), "the tint is saved")
            vol = [w for w in saved(panel)["pages"][0]["widgets"] if w["id"] == "volume"][0]
            check(vol.get("tint") == "#ff2020", "the file has the new tint", vol)
            line3 = open(panel).read().split("\n")[2]
            check(line3.endswith('"frame": [ 61, 20, 180, 180 ], "tint": "#ff2020" },'), "added on the knob's own line, in its style", line3)
            poll(page, "() => window.studio.frames.length && performance.now() - window.studio.frames[window.studio.frames.length - 1].t > 300", timeout=5)
            after = png_rows(page.locator("#screen").screenshot())
            changed = sum(1 for y in range(20, 200, 3) for x in range(61, 241, 3) if pixel(before[3], before[2], x, y) != pixel(after[3], after[2], x, y))
            reddish = sum(1 for y in range(20, 200, 3) for x in range(61, 241, 3)
                          if (lambda q: q[0] > 150 and q[1] < 90 and q[2] < 90)(pixel(after[3], after[2], x, y)))
            check(changed > 50 and reddish > 10, f"the knob's pixels changed ({changed} of 3600 sampled; {reddish} red)")
            cls = page.locator("#inspector .prop[data-key=tint]").get_attribute("class")
            check("default" not in cls, "a set property is no longer greyed", cls)
            shot(page, "tinted")

            print("the caret in the JSON selects the widget")
            page.evaluate("() => { const cm = window.studio.editor.cm; cm.focus(); cm.setCursor({ line: 5, ch: 8 }); }")
            sel = poll(page, "() => document.getElementById('overlay').dataset.selected === 'mute' && 'mute'")
            check(sel == "mute", "a caret inside the toggle's object selects the toggle", sel)
            shot(page, "caret-selects")

            print("completion from the schema")
            page.evaluate("""() => { const cm = window.studio.editor.cm, l = cm.getLine(2);
                                     cm.focus(); cm.setCursor({ line: 2, ch: l.indexOf('"mode"') }); }""")
            page.keyboard.type('"cl')
            page.keyboard.press("Control+Space")
            hints = poll(page, "() => [...document.querySelectorAll('.CodeMirror-hint')].map(e => e.textContent)")
            check(hints and "clockwise" in hints and all(h.startswith("cl") for h in hints), "keys of a knob complete from the schema", hints)
            page.keyboard.press("Escape")
            page.evaluate("""t => { const e = window.studio.editor;   // the typed "cl
                                    for (let i = 0; i < 6 && e.get() !== t; i++) e.undo(); }""", open(panel).read())
            check(page.evaluate("() => window.studio.editor.get()") == open(panel).read(), "typing undone in the editor")

            print("search, brackets")
            page.evaluate("() => { const cm = window.studio.editor.cm; cm.focus(); cm.setCursor({ line: 0, ch: 0 }); }")
            match = poll(page, "() => document.querySelectorAll('.CodeMirror-matchingbracket').length")
            check(match == 2, "the bracket at the caret and its partner are marked", match)
            page.keyboard.press("Control+f")
            dialog = poll(page, "() => document.querySelector('.CodeMirror-dialog input') && 'open'")
            check(dialog == "open", "Ctrl+F opens the search", dialog)
            page.keyboard.type("Mute")
            page.keyboard.press("Enter")
            found = poll(page, "() => { const cm = window.studio.editor.cm; return cm.getSelection() === 'Mute' && cm.getCursor().line + 1; }")
            check(found == 6, "and finds the text (line 6)", found)
            page.keyboard.press("Escape")

            print("the palette")
            types = page.evaluate("() => [...document.querySelectorAll('#palette .tool')].map(e => e.dataset.type)")
            schema_types = json.load(open(os.path.join(S.ROOT, "panels", "schema.json")))["$defs"]["widget"]["properties"]["type"]["enum"]
            check(types == st.json("GET", "/schema.json")[1]["$defs"]["widget"]["properties"]["type"]["enum"] and set(schema_types) <= set(types),
                  "the palette lists every type of the catalog", types)
            tool = page.locator("#palette .tool[data-type=toggle]").bounding_box()
            page.mouse.move(tool["x"] + 10, tool["y"] + 8)
            page.mouse.down()
            for i in range(1, 11):
                page.mouse.move(tool["x"] + 10 + (X(480) - tool["x"] - 10) * i / 10, tool["y"] + 8 + (Y(100) - tool["y"] - 8) * i / 10)
            page.mouse.up()
            check(wait_saves(page, 5), "the new widget is saved")
            doc = saved(panel)
            ids = [w["id"] for p in doc["pages"] for w in p["widgets"]]
            new = [w for w in doc["pages"][0]["widgets"] if w["type"] == "toggle" and w["id"] != "mute"]
            check(len(new) == 1 and len(set(ids)) == len(ids) and new[0]["id"] == "toggle2", "a toggle is in the file with a unique id (toggle1 is taken on page two)", (new, ids))
            check(new and new[0]["title"] and len(new[0]["frame"]) == 4 and new[0]["frame"][2:] == [160, 60],
                  "with its required title and the size of the other toggles", new)
            check("toggle2" in [w["widget"] for w in st.json("GET", "/api/widgets")[1]["widgets"]] and page.evaluate("() => window.studio.lastSave.reloaded"),
                  "the panel reloaded with it")
            sel = poll(page, "() => document.getElementById('overlay').dataset.selected === 'toggle2' && 'toggle2'")
            check(sel == "toggle2", "and it is selected", sel)
            shot(page, "palette-added")

            print("the screen")
            page.select_option("#screen-size", "800x480")
            size = poll(page, "() => { const c = document.getElementById('screen'); return c.width === 800 && c.height === 480 && [c.width, c.height]; }")
            check(size == [800, 480], "800×480: the picture is 800×480", size)
            shot(page, "800x480")
            page.select_option("#screen-rotation", "90")
            turned = poll(page, "() => window.studio.widgets.panel.screenRotation === 90 && window.studio.widgets.panel.screen")
            check(turned == [800, 480], "rotation 90: the same screen, the design turned on it", turned)
            vol = next(w for w in st.json("GET", "/api/widgets")[1]["widgets"] if w["widget"] == "volume")
            sf = vol["screenFrame"]
            # Design [61, 20, 180, 180] at scale 0.8 on the upright 480×800, centred (y + 280), turned 90°
            # clockwise onto 800×480: x' = 800 - y, y' = x.
            expect = [800 - (20 + 180) * 0.8 - 280, 61 * 0.8, 180 * 0.8, 180 * 0.8]
            check(all(abs(a - b) < 0.01 for a, b in zip(sf, expect)), "the knob's screen frame is the turned design frame", (sf, expect))
            time.sleep(0.3)
            turned_shot = png_rows(page.locator("#screen").screenshot())
            c = pixel(turned_shot[3], turned_shot[2], int(sf[0] + sf[2] / 2 + 30), int(sf[1] + sf[3] / 2))
            check(c[0] > 150 and c[1] < 90, "and the red knob is drawn there", c)
            b = page.locator("#overlay").bounding_box()
            page.mouse.click(b["x"] + sf[0] + sf[2] / 2, b["y"] + sf[1] + sf[3] / 2)
            sel = poll(page, "() => document.getElementById('overlay').dataset.selected === 'volume' && 'volume'")
            check(sel == "volume", "on the turned picture, clicking the knob still selects it", (sel, sf))
            shot(page, "rotated")
            check(open(panel, "rb").read() == open(panel, "rb").read() and saved(panel).get("rotation") is None, "the screen switcher leaves the file alone")
            page.select_option("#screen-rotation", "0")
            page.select_option("#screen-size", "600x300")
            poll(page, "() => { const c = document.getElementById('screen'); return c.width === 600 && c.height === 300; }")

            print("overlays")
            page.check("#show-frames")
            page.check("#show-grid")
            page.fill("#dpi", "300")   # 60 design pixels at 300 DPI: 5.1 mm
            page.check("#show-targets")
            red = page.evaluate("""() => { const o = document.getElementById('overlay').getContext('2d');
                                           const a = o.getImageData(305, 215, 1, 1).data, b = o.getImageData(105, 105, 1, 1).data;
                                           return [a[0] > 150 && a[3] > 40, b[3] === 0 || b[0] < 150]; }""")
            check(red == [True, True], "targets under 9 mm are red (the 60-pixel toggle at 300 DPI), the 160-pixel knob is not", red)
            shot(page, "overlays")
            for o in ("#show-frames", "#show-grid", "#show-targets"):
                page.uncheck(o)

            print("pages")
            page.select_option("#page", "second")
            shown = poll(page, "() => window.studio.widgets.panel.page === 'second' && window.studio.widgets.widgets.filter(w => w.shown).map(w => w.widget).join()")
            check(shown == "toggle1", "the page menu shows the second page", shown)
            shot(page, "page-two")
            page.select_option("#page", "main")
            poll(page, "() => window.studio.widgets.panel.page === 'main'")
            page.evaluate("() => { const cm = window.studio.editor.cm; cm.focus(); cm.setCursor({ line: cm.lineCount() - 2, ch: 50 }); }")
            back = poll(page, "() => window.studio.widgets.panel.page === 'second' && document.getElementById('overlay').dataset.selected")
            check(back == "toggle1", "the caret in a widget of another page shows that page and selects it", back)
            page.select_option("#page", "main")
            poll(page, "() => window.studio.widgets.panel.page === 'main'")

            print("undo, redo")
            saves = page.evaluate("() => window.studio.saves")
            for i in range(5):
                page.click("#undo")
                wait_saves(page, saves + i + 1)
            final = open(panel, "rb").read()
            check(final == original, "five undos: the original file, byte for byte", final.decode()[:400])
            page.click("#redo")
            wait_saves(page, saves + 6)
            check(frame_of(panel, "volume") == [60, 20, 160, 160], "redo: moved again", frame_of(panel, "volume"))
            page.click("#undo")
            wait_saves(page, saves + 7)
            check(open(panel, "rb").read() == original, "and undone again", open(panel).read()[:300])
            wait_frame_drawn(page, "volume", [20, 20, 160, 160])
            shot(page, "undone")

            print("hover and state stay true (Try mode)")
            page.click("#mode-try")
            page.mouse.move(X(300), Y(230))
            hover = poll(page, "() => document.getElementById('hover').dataset.widget === 'mute' && document.getElementById('hover').textContent")
            check(hover and '"on":false' in hover, "hovering the toggle: off", hover)
            page.mouse.down()
            page.mouse.up()   # a tap without moving the mouse
            ev = poll(page, "() => [...document.querySelectorAll('#events li')].map(li => li.textContent).find(t => t.includes('\"widget\":\"mute\"'))")
            check(ev and '"on":true' in ev, "the tap turned it on", ev)
            hover = poll(page, "() => document.getElementById('hover').textContent.includes('\"on\":true') && document.getElementById('hover').textContent")
            check(hover, "the hover shows it on without moving the mouse", page.evaluate("() => document.getElementById('hover').textContent"))
            row = poll(page, "() => { const r = document.querySelector('#states tr[data-widget=mute]'); return r && r.textContent; }")
            check(row and '"on":true' in row, "the state table shows it on", row)
            shot(page, "try-hover")

            print("a golden")
            page.fill("#golden-name", "tapped")
            page.click("#golden")
            g = poll(page, "() => window.studio.lastGolden")
            check(g and g.get("ok") and os.path.exists(os.path.join(T, "tapped.png")) and os.path.exists(os.path.join(T, "tapped.jsonl")),
                  "Save golden writes NAME.png and NAME.jsonl beside the panel", g)
            if g and g.get("ok"):
                out = os.path.join(T, "replayed.png")
                r = __import__("subprocess").run([BIN, "render", "--input", g["script"], "--out", out], capture_output=True, text=True)
                a, b = png_rows(open(g["png"], "rb").read()), png_rows(open(out, "rb").read()) if r.returncode == 0 else (0, 0, 0, [])
                diff = max(max(abs(x - y) for x, y in zip(pixel(a[3], a[2], px, py), pixel(b[3], b[2], px, py)))
                           for py in range(0, a[1], 2) for px in range(0, a[0], 2)) if a[:2] == b[:2] else 999
                check(r.returncode == 0 and diff <= 2, f"render --input replays the session to the same picture (largest difference {diff})", r.stderr)
            shot(page, "golden")
            check(not [e for e in errors if "favicon" not in e], "no script errors", errors)
        finally:
            browser.close()
            st.stop()
    plain_text_box(panel, original)
    if not os.environ.get("STUDIO_SHOTS"):
        shutil.rmtree(T, ignore_errors=True)
    S.finish("studio design tests")


main()
