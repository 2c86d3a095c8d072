extension StudioAssets {
    /// The page's script: the picture from the frame stream with an overlay (selection,
    /// handles, frames, grid, small touch targets); Design mode (select, move, resize, nudge,
    /// snapping; the file's numbers edited in place, one undo step each, saved at once) and
    /// Try mode (the mouse as a finger); the palette and the inspector from the schema; the
    /// screen switcher; hover and state kept current; the editor (CodeMirror when installed).
    package static let script = #"""
"use strict";
const $ = (id) => document.getElementById(id);
const canvas = $("screen"), ctx = canvas.getContext("2d");
const overlay = $("overlay"), octx = overlay.getContext("2d");
const state = { frames: [], widgets: null, schema: null, dirty: false, diskText: null, checkTimer: 0, events: 0,
  mode: "design", selected: null, tree: null, op: null, pointer: null, saves: 0, firstScreen: null };
window.studio = state;

function api(path, body) {
  const init = body === undefined ? {} : { method: "POST", body, headers: { "X-Knob-Studio": "1", "Content-Type": "text/plain" } };
  return fetch(path, init).then((r) => r.json().then((j) => ({ status: r.status, json: j })));
}

// ---- the picture: whole frames, then changed rectangles, drawn in order ----
let drawChain = Promise.resolve();
function b64ToBlob(b64) {
  const bin = atob(b64), bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new Blob([bytes], { type: "image/png" });
}
function onFrame(f) {
  drawChain = drawChain.then(() => createImageBitmap(b64ToBlob(f.png))).then((bmp) => {
    if (f.full && (canvas.width !== f.width || canvas.height !== f.height)) {
      canvas.width = f.width; canvas.height = f.height; overlay.width = f.width; overlay.height = f.height;
    }
    ctx.drawImage(bmp, f.x, f.y);
    bmp.close();
    state.frames.push({ n: f.n, full: f.full, t: performance.now(), bytes: f.png.length });
    if (state.frames.length > 1000) state.frames.splice(0, 500);
    canvas.dataset.frame = f.n;
    drawOverlay();
  }).catch((e) => console.error(e));
}

function connect() {
  const es = new EventSource("/api/stream");
  es.addEventListener("open", () => { $("status").textContent = "live"; });
  es.addEventListener("error", () => { $("status").textContent = "reconnecting…"; });
  es.addEventListener("frame", (e) => onFrame(JSON.parse(e.data)));
  es.addEventListener("panel", (e) => onPanelEvent(e.data));
}

// ---- events ----
let widgetRefresh = 0;
function onPanelEvent(line) {
  const list = $("events"), li = document.createElement("li");
  li.textContent = line;
  list.appendChild(li);
  while (list.children.length > 500) list.removeChild(list.firstChild);
  list.scrollTop = list.scrollHeight;
  state.events++;
  let ev = {};
  try { ev = JSON.parse(line); } catch (e) { return; }
  if (ev.event === "reloaded" || ev.event === "reloadFailed") { loadWidgets(); fileChangedOnDisk(); }
  else if (!widgetRefresh) widgetRefresh = setTimeout(() => { widgetRefresh = 0; loadWidgets(); }, 100);
}

// ---- design pixels <-> picture pixels (the panel's scale and offset, then the screen's rotation) ----
function screenOf() {
  const p = state.widgets.panel, rot = p.screenRotation || 0, quarter = rot === 90 || rot === 270;
  return { s: p.scale, ox: p.offset[0], oy: p.offset[1], rot, lw: quarter ? p.screen[1] : p.screen[0], lh: quarter ? p.screen[0] : p.screen[1] };
}
function toPicture(x, y) {
  const m = screenOf(), lx = x * m.s + m.ox, ly = y * m.s + m.oy;
  switch (m.rot) {
    case 90: return [m.lh - ly, lx];
    case 180: return [m.lw - lx, m.lh - ly];
    case 270: return [ly, m.lw - lx];
    default: return [lx, ly];
  }
}
function toDesign(px, py) {
  const m = screenOf();
  let lx = px, ly = py;
  if (m.rot === 90) { lx = py; ly = m.lh - px; } else if (m.rot === 180) { lx = m.lw - px; ly = m.lh - py; } else if (m.rot === 270) { lx = m.lw - py; ly = px; }
  return [(lx - m.ox) / m.s, (ly - m.oy) / m.s];
}
function pictureRect(f) {
  const a = toPicture(f[0], f[1]), b = toPicture(f[0] + f[2], f[1] + f[3]);
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.abs(b[0] - a[0]), Math.abs(b[1] - a[1])];
}
function pictureXY(e) {
  const r = overlay.getBoundingClientRect();
  return { x: (e.clientX - r.left) * overlay.width / r.width, y: (e.clientY - r.top) * overlay.height / r.height };
}
/// Canvas pixels per CSS pixel: handles and snapping distances are sized on the screen.
function cssScale() { const r = overlay.getBoundingClientRect(); return r.width ? overlay.width / r.width : 1; }

// ---- the layout file as a tree with offsets, so an edit changes only the characters it must ----
function parseTree(src) {
  let i = 0;
  const ws = () => { while (i < src.length && " \t\r\n".includes(src[i])) i++; };
  const fail = (m) => { throw new Error(m + " at offset " + i); };
  function str() {
    const start = i++;
    while (i < src.length && src[i] !== '"') i += src[i] === "\\" ? 2 : 1;
    if (i >= src.length) fail("unterminated string");
    i++;
    return { kind: "string", start, end: i, value: JSON.parse(src.slice(start, i)) };
  }
  function value() {
    ws();
    const start = i, c = src[i];
    if (c === "{") {
      i++; const members = []; ws();
      if (src[i] === "}") { i++; return { kind: "object", start, end: i, members }; }
      for (;;) {
        ws(); if (src[i] !== '"') fail("a key");
        const k = str(); ws(); if (src[i] !== ":") fail("':'"); i++;
        members.push({ key: k.value, keyStart: k.start, value: value() });
        ws(); if (src[i] === ",") { i++; continue; } if (src[i] === "}") { i++; break; } fail("'}'");
      }
      return { kind: "object", start, end: i, members };
    }
    if (c === "[") {
      i++; const items = []; ws();
      if (src[i] === "]") { i++; return { kind: "array", start, end: i, items }; }
      for (;;) {
        items.push(value()); ws();
        if (src[i] === ",") { i++; continue; } if (src[i] === "]") { i++; break; } fail("']'");
      }
      return { kind: "array", start, end: i, items };
    }
    if (c === '"') return str();
    const m = /^(?:-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(src.slice(i, i + 40));
    if (!m) fail("a value");
    i += m[0].length;
    return { kind: "scalar", start, end: i, value: JSON.parse(m[0]) };
  }
  const root = value(); ws();
  if (i < src.length) fail("the end");
  return root;
}
const member = (obj, key) => obj && obj.kind === "object" ? obj.members.find((m) => m.key === key) : undefined;
const plain = (n) => n.kind === "object" ? Object.fromEntries(n.members.map((m) => [m.key, plain(m.value)])) :
  n.kind === "array" ? n.items.map(plain) : n.value;
function tree() {
  const src = editor.get();
  if (state.tree && state.tree.src === src) return state.tree;
  let root = null;
  try { root = parseTree(src); } catch (e) { root = null; }
  const widgets = [], ids = new Set();
  (function walk(n, page) {
    if (!n) return;
    if (n.kind === "object") {
      const id = member(n, "id");
      if (id && id.value.kind === "string") ids.add(id.value.value);
      const type = member(n, "type");
      if (page && id && type && type.value.kind === "string") widgets.push({ node: n, id: id.value.value, type: type.value.value, page });
      for (const m of n.members) walk(m.value, m.key === "widgets" ? n : page);
    } else if (n.kind === "array") n.items.forEach((x) => walk(x, page));
  })(root, null);
  state.tree = { src, root, widgets, ids };
  return state.tree;
}
const treeWidget = (id) => tree().widgets.find((w) => w.id === id);

// ---- the editor: Debian's CodeMirror when installed, else the plain text box ----
const editor = (window.CodeMirror ? codeMirrorEditor : plainEditor)();
state.editor = editor;
function codeMirrorEditor() {
  $("gutter").remove();
  const cm = CodeMirror.fromTextArea($("text"), {
    mode: { name: "javascript", json: true }, lineNumbers: true, matchBrackets: true, autoCloseBrackets: true,
    styleActiveLine: true, indentUnit: 2, tabSize: 2, gutters: ["diag-gutter", "CodeMirror-linenumbers"],
    extraKeys: { "Ctrl-Space": "autocomplete", "Ctrl-S": () => save(), "Cmd-S": () => save(), "Alt-G": "jumpToLine",
      Tab: (c) => c.replaceSelection("  ") },
    hintOptions: { hint: schemaHint, completeSingle: false },
  });
  let mark = null, lineMarks = [], loading = false, lastGroup = null;
  return {
    kind: "codemirror", cm,
    get: () => cm.getValue(),
    set: (t) => { cm.setValue(t); },
    load: (t) => { loading = true; cm.setValue(t); cm.clearHistory(); loading = false; },
    caret: () => cm.indexFromPos(cm.getCursor()),
    /// `group`: edits of one gesture (a drag) become one undo step: CodeMirror merges changes
    /// whose origin starts with '*'; a new group first closes the history event before it.
    replace(edits, group) {
      if (group && group !== lastGroup) cm.changeGeneration(true);
      lastGroup = group;
      cm.operation(() => {
        for (const e of edits.slice().sort((a, b) => b.from - a.from)) cm.replaceRange(e.text, cm.posFromIndex(e.from), cm.posFromIndex(e.to), group ? "*studio" : "studio");
      });
      if (!group) cm.changeGeneration(true);
    },
    undo: () => cm.undo(), redo: () => cm.redo(),
    history: () => cm.historySize(),
    /// Marks a widget's object, puts the caret at its start and scrolls to `at` (its frame).
    show(from, to, at) {
      if (mark) mark.clear();
      mark = cm.markText(cm.posFromIndex(from), cm.posFromIndex(to), { className: "widget-json" });
      cm.setCursor(cm.posFromIndex(from), null, { scroll: false });
      cm.scrollIntoView(cm.posFromIndex(from), 40);
      if (at !== undefined) cm.scrollIntoView(cm.posFromIndex(at), 40);
    },
    unmark() { if (mark) { mark.clear(); mark = null; } },
    goTo(line, column) {
      cm.focus();
      const pos = { line: line - 1, ch: Math.max(0, column - 1) };
      cm.setCursor(pos);
      cm.scrollIntoView(pos, 80);
    },
    markLines(marks) {
      cm.clearGutter("diag-gutter");
      for (const l of lineMarks) cm.removeLineClass(l, "background");
      lineMarks = [];
      for (const d of marks) {
        if (d.line < 1 || d.line > cm.lineCount()) continue;
        const el = document.createElement("div");
        el.className = "diag " + (d.severity === "error" ? "err" : "warn");
        el.title = d.message;
        el.dataset.line = d.line;
        cm.setGutterMarker(d.line - 1, "diag-gutter", el);
        lineMarks.push(cm.addLineClass(d.line - 1, "background", d.severity === "error" ? "line-err" : "line-warn"));
      }
    },
    onChange(fn) { cm.on("changes", (c, changes) => { if (!loading) fn(changes.some((x) => x.origin !== "studio" && x.origin !== "*studio")); }); },
    onCaret(fn) { cm.on("cursorActivity", () => fn()); },
    focus: () => cm.focus(),
  };
}
function plainEditor() {
  $("editor-note").textContent = "Debian's CodeMirror (libjs-codemirror) is not installed: a plain text box (apt-get install libjs-codemirror for colours, brackets, search and completion).";
  const text = $("text"), gutter = $("gutter"), undo = [], redo = [];
  let lastGroup = null;
  let marks = [];
  function renderGutter() {
    const byLine = {};
    for (const d of marks) { if (!byLine[d.line] || d.severity === "error") byLine[d.line] = d; }
    const n = text.value.split("\n").length, parts = [];
    for (let i = 1; i <= n; i++) {
      const d = byLine[i], cls = d ? (d.severity === "error" ? "err" : "warn") : "";
      parts.push('<div data-line="' + i + '"' + (cls ? ' class="' + cls + '"' : "") + ">" + i + "</div>");
    }
    gutter.innerHTML = parts.join("");
    for (const d of Object.values(byLine)) { const el = gutter.children[d.line - 1]; if (el) el.title = d.message; }
    gutter.scrollTop = text.scrollTop;
  }
  text.addEventListener("scroll", () => { gutter.scrollTop = text.scrollTop; });
  text.addEventListener("keydown", (e) => {
    if ((e.ctrlKey || e.metaKey) && e.key === "s") { e.preventDefault(); save(); }
    if (e.key === "Tab") { e.preventDefault(); document.execCommand("insertText", false, "  "); }
  });
  const swap = (from, to) => {
    if (!from.length) return;
    const caret = text.selectionStart;
    to.push(text.value); text.value = from.pop();
    text.setSelectionRange(Math.min(caret, text.value.length), Math.min(caret, text.value.length));
    text.dispatchEvent(new Event("studio-change"));
  };
  return {
    kind: "plain",
    get: () => text.value,
    set: (t) => { undo.push(text.value); redo.length = 0; text.value = t; text.dispatchEvent(Object.assign(new Event("studio-change"), { typed: true })); },
    load: (t) => { text.value = t; undo.length = 0; redo.length = 0; renderGutter(); },
    caret: () => text.selectionStart,
    replace(edits, group) {
      // Assigning the value puts the caret at the end: keep it where it was, shifted by the edits before it.
      let v = text.value, caret = text.selectionStart, shift = 0;
      for (const e of edits.slice().sort((a, b) => b.from - a.from)) {
        v = v.slice(0, e.from) + e.text + v.slice(e.to);
        if (e.to <= caret) shift += e.text.length - (e.to - e.from);
      }
      if (!group || group !== lastGroup) { undo.push(text.value); redo.length = 0; }   // a drag is one step
      lastGroup = group;
      text.value = v;
      text.setSelectionRange(caret + shift, caret + shift);
      text.dispatchEvent(new Event("studio-change"));
    },
    undo: () => swap(undo, redo), redo: () => swap(redo, undo),
    history: () => ({ undo: undo.length, redo: redo.length }),
    show(from) {
      text.setSelectionRange(from, from);
      const line = text.value.slice(0, from).split("\n").length;
      text.scrollTop = Math.max(0, (line - 5) * 18);
    },
    unmark() {},
    goTo(line, column) {
      const lines = text.value.split("\n");
      let pos = 0;
      for (let i = 0; i < line - 1 && i < lines.length; i++) pos += lines[i].length + 1;
      pos += Math.max(0, column - 1);
      text.focus();
      text.setSelectionRange(pos, pos);
      text.scrollTop = Math.max(0, (line - 5) * 18);
      text.scrollLeft = Math.max(0, (column - 20) * 7.2);
    },
    markLines(m) { marks = m; renderGutter(); },
    onChange(fn) {
      text.addEventListener("input", () => { renderGutter(); fn(true); });
      text.addEventListener("studio-change", (e) => { renderGutter(); fn(!!e.typed); });
    },
    onCaret(fn) {
      text.addEventListener("click", fn);
      text.addEventListener("keyup", (e) => { if (e.key.startsWith("Arrow") || e.key === "Home" || e.key === "End" || e.key.startsWith("Page")) fn(); });
    },
    focus: () => text.focus(),
  };
}
/// The lines marked as errors (for tests and the status line).
state.markedLines = () => (state.diagnostics || []).filter((d) => d.severity === "error").map((d) => d.line);

// ---- completion of keys and values from the schema (CodeMirror's show-hint) ----
function schemaHint(cm) {
  const cur = cm.getCursor(), src = cm.getValue(), idx = cm.indexFromPos(cur);
  const tok = cm.getTokenAt(cur);
  const inString = tok.type && /string|property/.test(tok.type) && tok.string.startsWith('"');
  const from = inString ? cm.posFromIndex(cm.indexFromPos({ line: cur.line, ch: tok.start })) : cur;
  const typed = inString ? tok.string.slice(1, cur.ch - tok.start).replace(/"$/, "") : "";
  let k = cm.indexFromPos(from) - 1;
  while (k >= 0 && /\s/.test(src[k])) k--;
  const info = objectSchemaAt(src, idx);
  let list = [];
  if (src[k] === ":") {
    let e = k - 1;
    while (e >= 0 && /\s/.test(src[e])) e--;
    const s = src.lastIndexOf('"', e - 1), key = src.slice(s + 1, e);
    const prop = key === "type" ? { enum: widgetTypes() } : resolve(info.props[key]);
    const vals = prop ? (prop.enum || (prop.type === "boolean" ? [true, false] : prop.default !== undefined ? [prop.default] : [])) : [];
    list = vals.map((v) => JSON.stringify(v)).filter((t) => t.startsWith(inString ? '"' + typed : typed));
  } else {
    const present = new Set((enclosingObject(src, idx) || "").match(/"([A-Za-z$][\w$]*)"\s*:/g) || []);
    list = Object.keys(info.props || {}).filter((p) => p.startsWith(typed)).map((p) => ({ text: '"' + p + '": ',
      displayText: p + (present.has('"' + p + '":') ? " (set)" : ""), title: (info.props[p] || {}).description }));
  }
  return { list, from, to: inString ? cm.posFromIndex(cm.indexFromPos({ line: cur.line, ch: tok.end })) : cur };
}

// ---- the mouse: a finger in Try mode, a designer's hand in Design mode ----
const TOUCH = 90;
let pressed = false, sending = false, queue = [];
function sendInput(lines, coalesce) {
  // One request at a time, in order; a newer motion replaces one still waiting.
  if (coalesce && queue.length && queue[queue.length - 1].coalesce) queue[queue.length - 1] = { lines, coalesce };
  else queue.push({ lines, coalesce });
  pump();
}
function pump() {
  if (sending || !queue.length) return;
  sending = true;
  const item = queue.shift();
  api("/api/input", item.lines.map((l) => JSON.stringify(Object.assign({ t: 0 }, l))).join("\n"))
    .catch(() => {}).finally(() => { sending = false; pump(); });
}
function setMode(mode) {
  state.mode = mode;
  overlay.classList.toggle("try", mode === "try");
  $("mode-" + mode).checked = true;
  drawOverlay();
}
for (const r of document.querySelectorAll('input[name="mode"]')) r.addEventListener("change", () => setMode(r.value));

overlay.addEventListener("pointerdown", (e) => {
  if (e.button !== 0) return;
  overlay.focus();
  overlay.setPointerCapture(e.pointerId);
  const p = pictureXY(e);
  e.preventDefault();
  if (state.mode === "try") {
    pressed = true;
    sendInput([{ type: "touch_down", id: TOUCH, x: p.x, y: p.y }]);
    return;
  }
  designDown(p, e);
});
overlay.addEventListener("pointermove", (e) => {
  const p = pictureXY(e);
  state.pointer = p;
  if (state.mode === "try" && pressed) sendInput([{ type: "touch_motion", id: TOUCH, x: p.x, y: p.y }], true);
  if (state.mode === "design") designMove(p, e);
  showHover();
});
function release(e) {
  if (state.mode === "design") { designUp(e); return; }
  if (!pressed) return;
  pressed = false;
  sendInput([{ type: "touch_up", id: TOUCH }]);
}
overlay.addEventListener("pointerup", release);
overlay.addEventListener("pointercancel", release);
overlay.addEventListener("pointerleave", () => { state.pointer = null; showHover(); });
overlay.addEventListener("wheel", (e) => {
  if (state.mode !== "try") return;
  e.preventDefault();
  if (!e.deltaY) return;
  const p = pictureXY(e);
  sendInput([{ type: "pointer_motion", x: p.x, y: p.y }, { type: "wheel", delta: e.deltaY < 0 ? 1 : -1 }]);
}, { passive: false });
const KEYS = { ArrowLeft: "Left", ArrowRight: "Right", ArrowUp: "Up", ArrowDown: "Down", PageUp: "PageUp", PageDown: "PageDown",
  Home: "Home", End: "End", Tab: "Tab", Enter: "Enter", " ": "Space", Escape: "Escape" };
const NUDGE = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
overlay.addEventListener("keydown", (e) => {
  if (state.mode === "design") {
    if (NUDGE[e.key] && state.selected) {
      e.preventDefault();
      const f = frameOf(state.selected), n = e.shiftKey ? 10 : 1;
      if (f) setFrame(state.selected, [f[0] + NUDGE[e.key][0] * n, f[1] + NUDGE[e.key][1] * n, f[2], f[3]]);
    } else if (e.key === "Escape") { select(null); }
    return;
  }
  const key = KEYS[e.key];
  if (!key) return;
  e.preventDefault();
  sendInput([{ type: "key", key, state: "pressed" }, { type: "key", key, state: "released" }]);
});
document.addEventListener("keydown", (e) => {
  if (!(e.ctrlKey || e.metaKey) || (e.target && e.target.closest && e.target.closest("#editor, input, select"))) return;
  const k = e.key.toLowerCase();
  if (k === "z" && !e.shiftKey) { e.preventDefault(); undo(); }
  else if ((k === "z" && e.shiftKey) || k === "y") { e.preventDefault(); redo(); }
});

// ---- Design mode: select, move, resize (snapped to the grid and to other widgets' edges) ----
const HANDLES = ["nw", "n", "ne", "e", "se", "s", "sw", "w"];
function shownWidgets() { return state.widgets ? state.widgets.widgets.filter((w) => w.shown) : []; }
function frameOf(id) {
  const w = treeWidget(id), f = w && member(w.node, "frame");
  return f && f.value.kind === "array" && f.value.items.length === 4 ? f.value.items.map((n) => n.value) : null;
}
function widgetAtDesign(d) {
  const hits = shownWidgets().filter((w) => d[0] >= w.frame[0] && d[1] >= w.frame[1] && d[0] < w.frame[0] + w.frame[2] && d[1] < w.frame[1] + w.frame[3]);
  return hits.length ? hits[hits.length - 1] : null;
}
function handlePoints(f) {
  const [x, y, w, h] = pictureRect(f), cx = x + w / 2, cy = y + h / 2;
  return { nw: [x, y], n: [cx, y], ne: [x + w, y], e: [x + w, cy], se: [x + w, y + h], s: [cx, y + h], sw: [x, y + h], w: [x, cy] };
}
/// The handle under a picture point, in design terms (which edges move), for the selected widget.
function handleAt(p) {
  const f = state.selected && currentFrame(state.selected);
  if (!f) return null;
  const pts = handlePoints(f), r = 7 * cssScale();
  for (const h of HANDLES) if (Math.abs(pts[h][0] - p.x) <= r && Math.abs(pts[h][1] - p.y) <= r) return designEdges(h);
  return null;
}
/// A picture handle's name → the design frame's edges it moves (the screen may be rotated).
function designEdges(h) {
  const pts = handlePoints(currentFrame(state.selected)), d = toDesign(pts[h][0], pts[h][1]), f = currentFrame(state.selected);
  const near = (v, a, b) => Math.abs(v - a) < 0.5 ? -1 : Math.abs(v - b) < 0.5 ? 1 : 0;
  return { name: h, x: near(d[0], f[0], f[0] + f[2]), y: near(d[1], f[1], f[1] + f[3]) };
}
function currentFrame(id) {
  if (state.op && state.op.id === id && state.op.frame) return state.op.frame;
  const w = shownWidgets().find((x) => x.widget === id);
  return w ? w.frame : frameOf(id);
}
function designDown(p, e) {
  if (!state.widgets) return;
  const d = toDesign(p.x, p.y), edges = handleAt(p);
  if (edges) { state.op = { id: state.selected, kind: "resize", edges, start: d, from: currentFrame(state.selected).slice(), frame: null }; }
  else {
    const w = widgetAtDesign(d);
    select(w ? w.widget : null, true);
    if (w) state.op = { id: w.widget, kind: "move", start: d, from: w.frame.slice(), frame: null };
  }
  if (state.op) { state.op.image = grab(pictureRect(state.op.from)); state.op.group = "drag" + (++dragCount); }
}
let dragCount = 0;
/// The widget's pixels now, drawn where the pointer takes them until the file is saved.
function grab(r) {
  const c = document.createElement("canvas"), x = Math.floor(r[0]), y = Math.floor(r[1]);
  c.width = Math.max(1, Math.ceil(r[2])); c.height = Math.max(1, Math.ceil(r[3]));
  c.getContext("2d").drawImage(canvas, x, y, c.width, c.height, 0, 0, c.width, c.height);
  return c;
}
function designMove(p, e) {
  if (!state.op) { overlay.style.cursor = handleAt(p) ? "nwse-resize" : widgetAtDesign(state.widgets ? toDesign(p.x, p.y) : [-1, -1]) ? "move" : "default"; return; }
  const d = toDesign(p.x, p.y), op = state.op, dx = d[0] - op.start[0], dy = d[1] - op.start[1];
  const snapOn = $("snap").checked && !e.altKey;
  let [x, y, w, h] = op.from;
  if (op.kind === "move") {
    x = snapEdge(x + dx, w, "x", op.id, snapOn); y = snapEdge(y + dy, h, "y", op.id, snapOn);
  } else {
    const ed = op.edges;
    if (ed.x < 0) { const nx = snapValue(x + dx, "x", op.id, snapOn); w = w + (x - nx); x = nx; }
    if (ed.x > 0) w = snapValue(x + w + dx, "x", op.id, snapOn) - x;
    if (ed.y < 0) { const ny = snapValue(y + dy, "y", op.id, snapOn); h = h + (y - ny); y = ny; }
    if (ed.y > 0) h = snapValue(y + h + dy, "y", op.id, snapOn) - y;
    w = Math.max(4, w); h = Math.max(4, h);
  }
  op.frame = [x, y, w, h].map(round2);
  op.moved = op.moved || Math.abs(dx) + Math.abs(dy) > 0;
  if (op.moved) setFrame(op.id, op.frame, op.group);   // the JSON follows the drag
  drawOverlay();
}
function designUp() {
  const op = state.op;
  state.op = null;
  if (op && op.moved && op.frame && editor.get() !== state.diskText) { state.lastEdit = "frame of " + op.id; save(); }
  drawOverlay();
}
const round2 = (v) => Math.round(v * 100) / 100;
/// Edges a moved edge snaps to: the page's, the other shown widgets' (left, centre, right).
function snapTargets(axis, id) {
  const p = state.widgets.panel, out = [0, axis === "x" ? p.size[0] : p.size[1]];
  for (const w of shownWidgets()) {
    if (w.widget === id) continue;
    const a = axis === "x" ? w.frame[0] : w.frame[1], l = axis === "x" ? w.frame[2] : w.frame[3];
    out.push(a, a + l / 2, a + l);
  }
  return out;
}
function snapDistance() { return 6 * cssScale() / screenOf().s; }
function snapValue(v, axis, id, on) {
  if (!on) return Math.round(v);
  let best = null;
  for (const t of snapTargets(axis, id)) if (Math.abs(t - v) <= snapDistance() && (best === null || Math.abs(t - v) < Math.abs(best - v))) best = t;
  if (best !== null) return best;
  const g = Math.max(1, +$("grid-size").value || 10);
  return Math.round(v / g) * g;
}
/// A moved frame: its left, centre or right edge snaps to a target; else its origin to the grid.
function snapEdge(v, len, axis, id, on) {
  if (!on) return Math.round(v);
  let best = null;
  for (const t of snapTargets(axis, id)) for (const off of [0, len / 2, len]) {
    const dist = Math.abs(t - (v + off));
    if (dist <= snapDistance() && (best === null || dist < best.dist)) best = { dist, v: t - off };
  }
  if (best) return best.v;
  const g = Math.max(1, +$("grid-size").value || 10);
  return Math.round(v / g) * g;
}
function select(id, reveal) {
  state.selected = id;
  overlay.dataset.selected = id || "";
  const w = id && treeWidget(id);
  if (w && reveal) {
    const f = member(w.node, "frame");
    state.revealing = true; editor.show(w.node.start, w.node.end, f ? f.value.end : undefined); state.revealing = false;
  }
  if (!w) editor.unmark();
  drawOverlay();
  showInspector();
}

// ---- edits of the file: only the characters that change; one undo step each; saved at once ----
const num = (v) => String(round2(v));
function edit(edits, what) {
  if (!edits.length) return Promise.resolve(null);
  editor.replace(edits);
  state.lastEdit = what;
  return save();
}
/// With `group` (a drag in progress) the text follows the pointer, unsaved, as one undo step.
function setFrame(id, f, group) {
  const w = treeWidget(id), fr = w && member(w.node, "frame");
  if (!w) { say("the file does not parse here: fix it first"); return; }
  if (!fr || fr.value.kind !== "array" || fr.value.items.length !== 4) { say(id + " is placed by cell: edit its cell in the file"); return; }
  const edits = [];
  fr.value.items.forEach((n, i) => { if (n.value !== f[i]) edits.push({ from: n.start, to: n.end, text: num(f[i]) }); });
  // The picture follows at once; the reload confirms it.
  const shown = shownWidgets().find((x) => x.widget === id);
  if (shown) { shown.frame = f.slice(); shown.screenFrame = pictureRect(f); }
  if (group) { if (edits.length) editor.replace(edits, group); return null; }
  return edit(edits, "frame of " + id);
}
function setProperty(id, key, value) {
  const w = treeWidget(id);
  if (!w) return;
  const obj = w.node, m = member(obj, key), src = editor.get();
  if (value === undefined) {
    if (!m) return;
    const i = obj.members.indexOf(m);
    const range = i > 0 ? { from: obj.members[i - 1].value.end, to: m.value.end }
      : obj.members.length > 1 ? { from: m.keyStart, to: obj.members[1].keyStart } : { from: obj.start + 1, to: obj.end - 1 };
    return edit([Object.assign(range, { text: "" })], "reset " + key + " of " + id);
  }
  const text = JSON.stringify(value);
  if (m) return edit([{ from: m.value.start, to: m.value.end, text }], key + " of " + id);
  const last = obj.members[obj.members.length - 1];
  const between = src.slice(obj.start, last.keyStart);
  let insert;
  if (between.includes("\n")) {
    const lineStart = src.lastIndexOf("\n", last.keyStart) + 1;
    insert = ",\n" + src.slice(lineStart, last.keyStart).replace(/\S/g, " ") + JSON.stringify(key) + ": " + text;
  } else insert = ", " + JSON.stringify(key) + ": " + text;
  return edit([{ from: last.value.end, to: last.value.end, text: insert }], key + " of " + id);
}
function addWidget(type, design) {
  const t = tree();
  if (!t.root) { say("the file does not parse: fix it first"); return; }
  const pageId = state.widgets.panel.page;
  const pages = member(t.root, "pages");
  const page = pages && pages.value.items.find((p) => { const i = member(p, "id"); return i && i.value.value === pageId; });
  const list = page && member(page, "widgets");
  if (!list) { say("page " + pageId + " has no widgets list"); return; }
  let n = 1;
  while (t.ids.has(type + n)) n++;
  const id = type + n, size = defaultSize(type);
  const snapOn = $("snap").checked;
  const x = snapValue(design[0] - size[0] / 2, "x", null, snapOn), y = snapValue(design[1] - size[1] / 2, "y", null, snapOn);
  const props = { id, type };
  const def = state.schema.$defs[type] || {};
  for (const k of def.required || []) if (!(k in props)) props[k] = starterValue(type, k, resolve(def.properties[k]) || {});
  const body = Object.entries(props).map(([k, v]) => JSON.stringify(k) + ": " + JSON.stringify(v)).join(", ");
  const json = "{ " + body + ", \"frame\": [" + [x, y, size[0], size[1]].map(num).join(", ") + "] }";
  const src = editor.get(), arr = list.value;
  let e;
  if (!arr.items.length) e = { from: arr.start, to: arr.end, text: "[ " + json + " ]" };
  else {
    const last = arr.items[arr.items.length - 1], lineStart = src.lastIndexOf("\n", last.start) + 1;
    const indent = src.slice(lineStart, last.start);
    e = { from: last.end, to: last.end, text: /^\s*$/.test(indent) && src.slice(arr.start, last.start).includes("\n") ? ",\n" + indent + json : ", " + json };
  }
  state.pendingSelect = id;
  return edit([e], "add " + id);
}
/// A new widget's size: as the others of its type on the panel (their median), else as the other widgets.
function defaultSize(type) {
  const all = state.widgets.widgets, same = all.filter((w) => w.type === type), from = same.length ? same : all;
  if (!from.length) return [120, 120];
  const med = (a) => a.sort((p, q) => p - q)[a.length >> 1];
  return [med(from.map((w) => w.frame[2])), med(from.map((w) => w.frame[3]))];
}
function starterValue(type, key, prop) {
  if (prop.default !== undefined) return prop.default;
  if (prop.enum) return prop.enum[0];
  const name = type[0].toUpperCase() + type.slice(1);
  if (prop.type === "string") return name;
  if (prop.type === "boolean") return false;
  if (prop.type === "number" || prop.type === "integer") return prop.minimum !== undefined ? prop.minimum : 0;
  if (prop.type === "array") return Array.from({ length: prop.minItems || 1 }, (_, i) => (prop.items && prop.items.type === "string") ? name + " " + (i + 1) : 0);
  return null;
}
function undo() { editor.undo(); return save(); }
function redo() { editor.redo(); return save(); }
$("undo").addEventListener("click", undo);
$("redo").addEventListener("click", redo);
function say(t) { $("save-status").textContent = t; }

// ---- the overlay: selection and handles; frames, grid and small touch targets on request ----
function drawOverlay() {
  octx.clearRect(0, 0, overlay.width, overlay.height);
  if (!state.widgets) return;
  const k = cssScale(), m = screenOf();
  octx.lineWidth = k;
  if ($("show-grid").checked) {
    const g = Math.max(1, +$("grid-size").value || 10), [dw, dh] = state.widgets.panel.size;
    octx.strokeStyle = "rgba(120, 160, 255, .18)";
    octx.beginPath();
    for (let x = 0; x <= dw; x += g) { const a = toPicture(x, 0), b = toPicture(x, dh); octx.moveTo(a[0], a[1]); octx.lineTo(b[0], b[1]); }
    for (let y = 0; y <= dh; y += g) { const a = toPicture(0, y), b = toPicture(dw, y); octx.moveTo(a[0], a[1]); octx.lineTo(b[0], b[1]); }
    octx.stroke();
  }
  if ($("show-targets").checked) {
    const mm = 25.4 / (+$("dpi").value || 96) * m.s;   // millimetres per design pixel
    octx.fillStyle = "rgba(255, 60, 60, .35)";
    for (const w of shownWidgets()) if (Math.min(w.frame[2], w.frame[3]) * mm < 9) { const r = pictureRect(w.frame); octx.fillRect(r[0], r[1], r[2], r[3]); }
  }
  if ($("show-frames").checked || state.mode === "design" && state.op) {
    octx.strokeStyle = "rgba(255, 255, 255, .45)";
    octx.setLineDash([4 * k, 3 * k]);
    for (const w of shownWidgets()) { const r = pictureRect(w.frame); octx.strokeRect(r[0] + .5, r[1] + .5, r[2], r[3]); }
    octx.setLineDash([]);
  }
  if (state.mode !== "design" || !state.selected) return;
  const op = state.op;
  if (op && op.frame && op.image) {
    const was = pictureRect(op.from), now = pictureRect(op.frame);
    octx.fillStyle = "rgba(0, 0, 0, .5)";
    octx.fillRect(was[0], was[1], was[2], was[3]);
    octx.globalAlpha = .85;
    octx.drawImage(op.image, now[0], now[1], now[2], now[3]);
    octx.globalAlpha = 1;
  }
  const f = currentFrame(state.selected);
  if (!f || !shownWidgets().some((w) => w.widget === state.selected)) return;
  const r = pictureRect(f);
  octx.strokeStyle = "#2f9bff"; octx.lineWidth = 2 * k;
  octx.strokeRect(r[0], r[1], r[2], r[3]);
  const hs = 4 * k;
  octx.fillStyle = "#fff"; octx.lineWidth = k;
  for (const [x, y] of Object.values(handlePoints(f))) { octx.fillRect(x - hs, y - hs, 2 * hs, 2 * hs); octx.strokeRect(x - hs, y - hs, 2 * hs, 2 * hs); }
}
for (const id of ["show-frames", "show-grid", "show-targets", "grid-size", "dpi"]) $(id).addEventListener("input", drawOverlay);

// ---- the palette: every type of the catalog (the schema's), dragged onto the picture ----
function widgetTypes() {
  const w = state.schema && state.schema.$defs.widget;
  return w && w.properties && w.properties.type ? w.properties.type.enum : [];
}
function buildPalette() {
  const box = $("palette");
  box.innerHTML = "";
  for (const type of widgetTypes()) {
    const el = document.createElement("div");
    el.className = "tool"; el.textContent = type; el.dataset.type = type;
    el.title = (state.schema.$defs[type] && state.schema.$defs[type].properties.type.description) || type;
    el.addEventListener("pointerdown", (e) => paletteDrag(e, type));
    box.appendChild(el);
  }
}
function paletteDrag(e, type) {
  e.preventDefault();
  const ghost = document.createElement("div");
  ghost.className = "ghost"; ghost.textContent = type;
  document.body.appendChild(ghost);
  const move = (ev) => { ghost.style.left = ev.clientX + 8 + "px"; ghost.style.top = ev.clientY + 8 + "px"; };
  move(e);
  const up = (ev) => {
    document.removeEventListener("pointermove", move);
    document.removeEventListener("pointerup", up);
    ghost.remove();
    const r = overlay.getBoundingClientRect();
    if (ev.clientX < r.left || ev.clientY < r.top || ev.clientX >= r.right || ev.clientY >= r.bottom || !state.widgets) return;
    const p = pictureXY(ev);
    setMode("design");
    addWidget(type, toDesign(p.x, p.y));
  };
  document.addEventListener("pointermove", move);
  document.addEventListener("pointerup", up);
}

// ---- the inspector: the selected widget's properties, the right control for each ----
function resolve(p) {
  if (!p || !p.$ref) return p;
  const t = state.schema.$defs[p.$ref.split("/").pop()] || {};
  return Object.assign({}, t, p, { $ref: undefined, ref: p.$ref.split("/").pop() });
}
function showInspector() {
  const box = $("inspector");
  box.innerHTML = "";
  const w = state.selected && treeWidget(state.selected);
  if (!w || !state.schema) { showProps(); return; }
  const def = state.schema.$defs[w.type];
  $("props-title").textContent = "Properties of a " + w.type;
  $("props").innerHTML = "";
  box.dataset.widget = w.id;
  if (!def) { box.textContent = "no schema for type " + w.type; return; }
  for (const [key, raw] of Object.entries(def.properties)) {
    if (key === "type") continue;
    const prop = resolve(raw), m = member(w.node, key), has = !!m;
    const value = has ? plain(m.value) : prop.default;
    const row = document.createElement("div");
    row.className = "prop" + (has ? "" : " default");
    row.dataset.key = key;
    const label = document.createElement("label");
    label.textContent = key;
    const control = controlFor(w.id, key, prop, value, has);
    const reset = document.createElement("button");
    reset.className = "reset"; reset.type = "button"; reset.textContent = "×"; reset.title = "back to the default (remove from the file)";
    reset.disabled = !has || key === "id" || key === "frame" || (def.required || []).includes(key);
    reset.addEventListener("click", () => setProperty(w.id, key, undefined));
    const desc = document.createElement("div");
    desc.className = "desc";
    desc.textContent = (prop.description || "") + (!has && prop.default !== undefined ? " Default: " + JSON.stringify(prop.default) + "." : "");
    row.append(label, control, reset, desc);
    box.appendChild(row);
  }
}
function controlFor(id, key, prop, value, has) {
  const commit = (v) => setProperty(id, key, v);
  if (prop.enum) {
    const s = document.createElement("select");
    if (!has && prop.default === undefined) s.appendChild(new Option("—", ""));
    for (const v of prop.enum) { const o = new Option(String(v), JSON.stringify(v)); o.selected = JSON.stringify(v) === JSON.stringify(value); s.appendChild(o); }
    s.addEventListener("change", () => { if (s.value) commit(JSON.parse(s.value)); });
    return s;
  }
  if (prop.type === "boolean") {
    const c = document.createElement("input");
    c.type = "checkbox"; c.checked = !!value;
    c.addEventListener("change", () => commit(c.checked));
    return c;
  }
  if (prop.type === "number" || prop.type === "integer") {
    const n = document.createElement("input");
    n.type = "number"; n.step = prop.type === "integer" ? "1" : "any";
    if (prop.minimum !== undefined) n.min = prop.minimum;
    if (prop.maximum !== undefined) n.max = prop.maximum;
    n.value = value === undefined ? "" : value; n.placeholder = value === undefined ? "—" : "";
    n.addEventListener("change", () => { if (n.value !== "" && isFinite(+n.value)) commit(+n.value); });
    return n;
  }
  if (prop.ref === "color") {
    const span = document.createElement("span"), pick = document.createElement("input"), t = document.createElement("input");
    pick.type = "color"; pick.value = typeof value === "string" ? value.slice(0, 7) : "#808080";
    t.type = "text"; t.size = 9; t.value = value || ""; t.placeholder = "theme";
    pick.addEventListener("change", () => commit(pick.value + (typeof value === "string" && value.length === 9 ? value.slice(7) : "")));
    t.addEventListener("change", () => { if (/^#([0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/.test(t.value)) commit(t.value); });
    span.append(pick, " ", t);
    return span;
  }
  if (key === "frame" && Array.isArray(value)) {
    const span = document.createElement("span");
    span.className = "frame";
    const inputs = value.map((v, i) => {
      const n = document.createElement("input");
      n.type = "number"; n.step = "any"; n.value = v; n.title = ["x", "y", "width", "height"][i];
      n.addEventListener("change", () => { const f = inputs.map((x) => +x.value); if (f.every(isFinite)) setFrame(id, f); });
      return n;
    });
    span.append(...inputs);
    return span;
  }
  const t = document.createElement("input");
  t.type = "text";
  const isString = prop.type === "string";
  t.value = value === undefined ? "" : isString ? value : JSON.stringify(value);
  t.placeholder = isString ? (key === "icon" ? "icon name or PNG" : "") : "JSON";
  t.addEventListener("change", () => {
    if (isString) return commit(t.value);
    try { commit(JSON.parse(t.value)); } catch (e) { say(key + ": not JSON: " + e.message); }
  });
  return t;
}

// ---- the screen: size, rotation and DPI (a preview: the file is not changed), the page ----
const SCREENS = [[800, 480], [1024, 600], [1280, 800], [1920, 1080]];
function buildScreens() {
  const s = $("screen-size"), own = state.firstScreen;
  s.innerHTML = "";
  s.appendChild(new Option("panel's own (" + own.join("×") + ")", own.join("x")));
  for (const z of SCREENS) if (z.join() !== own.join()) s.appendChild(new Option(z.join("×"), z.join("x")));
  const p = state.widgets.panel, t = tree(), mm = t.root && member(t.root, "physicalSize");
  if (mm && mm.value.kind === "array") $("dpi").value = Math.round(p.screen[0] / (mm.value.items[0].value / 25.4));
  else if (!$("dpi").value) $("dpi").value = 96;
}
function changeScreen() {
  const [w, h] = $("screen-size").value.split("x").map(Number);
  return api("/api/screen", JSON.stringify({ size: [w, h], rotation: +$("screen-rotation").value })).then(({ json }) => {
    if (!json.ok) say(json.error);
    return loadWidgets();
  });
}
if (document.body.dataset.screenPreview === "off") {
  for (const id of ["screen-size", "screen-rotation"]) { $(id).disabled = true; $(id).title = "this panel drives a display of its own size (the switcher is for knob-panel studio)"; }
}
$("screen-size").addEventListener("change", changeScreen);
$("screen-rotation").addEventListener("change", changeScreen);
$("page").addEventListener("change", () => {
  sendInput([{ type: "command", command: { command: "page", page: $("page").value, animated: false } }]);
});
function buildPages() {
  const s = $("page"), t = tree(), pages = t.root && member(t.root, "pages");
  const ids = pages && pages.value.kind === "array" ? pages.value.items.map((p) => member(p, "id")).filter(Boolean).map((m) => m.value.value) : [];
  if (s.dataset.ids !== ids.join()) { s.innerHTML = ""; for (const id of ids) s.appendChild(new Option(id, id)); s.dataset.ids = ids.join(); }
  if (state.widgets) s.value = state.widgets.panel.page;
}

// ---- a golden: the picture now and the session that replays to it (render --input) ----
$("golden").addEventListener("click", () => {
  api("/api/golden", JSON.stringify({ name: $("golden-name").value.trim() })).then(({ json }) => {
    state.lastGolden = json;
    say(json.ok ? "golden: " + json.png + " and " + json.script + " (knob-panel render --input " + json.script + " --out X.png)" : json.error);
  });
});

// ---- hover and the state table: what is under the pointer, every widget's value, kept current ----
let widgetsAsked = 0, widgetsShown = 0;
function loadWidgets() {
  // Answers may overtake each other: an older one must not show an older state.
  const seq = ++widgetsAsked;
  return api("/api/widgets").then(({ json }) => {
    if (seq < widgetsShown) return;
    widgetsShown = seq;
    state.widgets = json;
    if (!state.firstScreen) { state.firstScreen = json.panel.screen.slice(); buildScreens(); }
    $("panel-name").textContent = json.panel.panel + " · " + json.panel.screen.join("×");
    $("screen-rotation").value = String(json.panel.screenRotation || 0);
    if (state.pendingSelect && json.widgets.some((w) => w.widget === state.pendingSelect)) { const id = state.pendingSelect; state.pendingSelect = null; select(id, true); }
    buildPages();
    showHover();
    showStates();
    drawOverlay();
  }).catch((e) => console.error(e));
}
function states() { const l = state.widgets && state.widgets.list && state.widgets.list.data; return l ? l.widgets : []; }
function showHover() {
  const box = $("hover"), p = state.pointer;
  if (!p || !state.widgets) return;
  const d = toDesign(p.x, p.y), w = widgetAtDesign(d);
  if (!w) { box.textContent = "x " + p.x.toFixed(0) + ", y " + p.y.toFixed(0) + " (screen pixels); design " + d.map((v) => v.toFixed(0)).join(", "); box.dataset.widget = ""; return; }
  const st = states().find((s) => s.widget === w.widget) || {};
  const rest = Object.assign({}, st); delete rest.widget; delete rest.type;
  let text = w.widget + " (" + w.type + ", page " + w.page + ")\nframe [" + w.frame.join(", ") + "]  screen [" + w.screenFrame.map((v) => +v.toFixed(1)).join(", ") + "]";
  if (w.center) text += "\ncentre [" + w.center.join(", ") + "] radius " + w.radius + (w.clockwise ? " clockwise" : "");
  text += "\nstate " + JSON.stringify(rest);
  box.textContent = text;
  box.dataset.widget = w.widget;
}
function showStates() {
  const table = $("states");
  table.innerHTML = "";
  for (const s of states()) {
    const rest = Object.assign({}, s); delete rest.widget; delete rest.type;
    const tr = table.insertRow(), a = tr.insertCell(), b = tr.insertCell();
    a.textContent = s.widget; b.textContent = s.type + " " + JSON.stringify(rest);
    tr.dataset.widget = s.widget;
  }
}

// ---- the file: check as you type, save, diagnostics ----
function showDiagnostics(diags) {
  state.diagnostics = diags;
  editor.markLines(diags);
  const ul = $("diagnostics");
  ul.innerHTML = "";
  if (!diags.length) { const li = document.createElement("li"); li.className = "ok"; li.textContent = "check: ok"; ul.appendChild(li); return; }
  for (const d of diags) {
    const li = document.createElement("li");
    li.textContent = d.text;
    li.className = d.severity;
    li.dataset.line = d.line;
    li.addEventListener("click", () => editor.goTo(d.line, d.column));
    ul.appendChild(li);
  }
}
function loadFile() {
  return api("/api/file").then(({ json }) => {
    $("file-path").textContent = json.path;
    editor.load(json.text);
    state.diskText = json.text;
    state.dirty = false;
    showDiagnostics(json.diagnostics);
    showProps();
    buildPages();
  });
}
function fileChangedOnDisk() {
  api("/api/file").then(({ json }) => {
    // A reload of our own save (the editor may already hold the next edit).
    if (json.text === state.diskText || state.savesPending) return;
    state.diskText = json.text;
    if (json.text === editor.get()) { state.dirty = false; return; }
    if (!state.dirty) { editor.set(json.text); showDiagnostics(json.diagnostics); }
    else say("the file changed on disk (saving overwrites it)");
  });
}
function check() {
  clearTimeout(state.checkTimer);
  const sent = editor.get();
  return api("/api/check", sent).then(({ json }) => { if (editor.get() === sent) showDiagnostics(json.diagnostics); });
}
let saving = Promise.resolve();
function save() {
  // One save at a time, in order: a drag's save must not overtake the undo after it.
  state.savesPending = (state.savesPending || 0) + 1;
  saving = saving.then(() => {
    const body = editor.get();
    state.saveStarted = performance.now();
    say("saving…");
    return api("/api/save", body).then(({ json }) => {
      state.diskText = body;
      state.dirty = editor.get() !== body;
      state.saves++;
      showDiagnostics(json.diagnostics || []);
      const errors = (json.diagnostics || []).filter((d) => d.severity === "error").length;
      say(json.reloaded ? "saved · reloaded" + (state.lastEdit ? " · " + state.lastEdit : "") :
        "saved · the panel keeps its previous layout (" + (errors || (json.errors || []).length) + " error" + (errors === 1 ? "" : "s") + ")");
      state.lastEdit = null;
      state.lastSave = json;
      return json;
    });
  }).catch((e) => { console.error(e); return null; }).finally(() => { state.savesPending--; });
  return saving;
}
editor.onChange((typed) => {
  state.tree = null;
  if (typed) {   // typed, or replaced whole: checked; unsaved unless it is what the disk holds
    state.dirty = editor.get() !== state.diskText;
    clearTimeout(state.checkTimer);
    state.checkTimer = setTimeout(check, 300);
  }
  buildPages();
  if (!state.revealing) caretMoved();
});
editor.onCaret(() => { if (!state.revealing) caretMoved(); });
$("save").addEventListener("click", save);
$("check").addEventListener("click", check);
function applyFit() { const on = $("fit").checked; canvas.classList.toggle("fit", on); $("stage").classList.toggle("fit", on); drawOverlay(); }
$("fit").addEventListener("change", applyFit);
window.addEventListener("resize", drawOverlay);
applyFit();

/// The caret in the JSON selects the widget whose object holds it (and shows its page).
function caretMoved() {
  const at = editor.caret(), t = tree();
  let best = null;
  for (const w of t.widgets) if (w.node.start <= at && at <= w.node.end && (!best || w.node.start >= best.node.start)) best = w;
  if (best && best.id !== state.selected) {
    state.selected = best.id;
    overlay.dataset.selected = best.id;
    const pid = member(best.page, "id");
    if (pid && state.widgets && pid.value.value !== state.widgets.panel.page)
      sendInput([{ type: "command", command: { command: "page", page: pid.value.value, animated: false } }]);
    drawOverlay();
    showInspector();
  } else if (!best && state.selected) { state.selected = null; overlay.dataset.selected = ""; drawOverlay(); showProps(); }
  else if (!best) showProps();
  else if (best) showInspector();
}

// ---- property list: the schema's properties of the object under the cursor (pages, the panel) ----
function enclosingObject(src, pos) {
  // Walks back to the '{' that encloses pos (strings skipped roughly), returns its text.
  let depth = 0, start = -1;
  for (let i = pos - 1; i >= 0; i--) {
    const c = src[i];
    if (c === "}") depth++;
    else if (c === "{") { if (depth === 0) { start = i; break; } depth--; }
  }
  if (start < 0) return null;
  depth = 0;
  for (let i = start; i < src.length; i++) {
    const c = src[i];
    if (c === "{") depth++;
    else if (c === "}") { depth--; if (depth === 0) return src.slice(start, i + 1); }
  }
  return src.slice(start);
}
function objectSchemaAt(src, pos) {
  const obj = enclosingObject(src, pos) || "";
  const own = obj.replace(/\{[^{}]*\}/g, (m, off) => off === 0 ? m : "");
  const m = /"type"\s*:\s*"([A-Za-z]+)"/.exec(own.slice(1));
  const defs = state.schema.$defs;
  if (m && defs[m[1]]) return { title: "Properties of a " + m[1], props: defs[m[1]].properties };
  if (/"widgets"\s*:/.test(own)) return { title: "Properties of a page", props: defs.page.properties || state.schema.properties };
  return { title: "Properties of the panel", props: state.schema.properties };
}
function showProps() {
  if (!state.schema) return;
  $("inspector").innerHTML = "";
  $("inspector").dataset.widget = "";
  const info = objectSchemaAt(editor.get(), editor.caret());
  $("props-title").textContent = info.title;
  const dl = $("props");
  dl.innerHTML = "";
  for (const [k, v] of Object.entries(info.props || {})) {
    const dt = document.createElement("dt"), dd = document.createElement("dd");
    dt.textContent = k;
    dd.textContent = (v && v.description) || (v && v.enum ? v.enum.join(", ") : "");
    dl.appendChild(dt); dl.appendChild(dd);
  }
}

api("/schema.json").then(({ json }) => { state.schema = json; buildPalette(); showProps(); });
loadWidgets();
loadFile();
connect();
setMode("design");
"""#
}
