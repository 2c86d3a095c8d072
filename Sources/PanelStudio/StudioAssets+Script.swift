extension StudioAssets {
    /// The page's script, served as one file: its parts in order (each part's functions are
    /// shared; the statements run top to bottom).
    package static let script = scriptCore + "\n" + scriptEditor + "\n" + scriptDesign + "\n" + scriptPanels + "\n" + scriptFile

    /// The page's core: the picture from the frame stream, the event list, design pixels and
    /// picture pixels, and the layout file as a tree with offsets (so an edit changes only the
    /// characters it must).
    static let scriptCore = #"""
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

"""#
}
