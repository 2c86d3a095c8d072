extension StudioAssets {
    /// The mouse: a finger in Try mode; in Design mode select, move, resize and nudge, snapped
    /// to the grid and to other widgets' edges; the file's numbers edited in place, one undo
    /// step each; the overlay (selection, handles, frames, grid, small touch targets).
    static let scriptDesign = #"""
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

"""#
}
