extension StudioAssets {
    /// The page's script: the picture from the frame stream, the mouse as a finger, the event
    /// list, the hover box, and the editor (check as you type, save, property list).
    package static let script = #"""
"use strict";
const $ = (id) => document.getElementById(id);
const canvas = $("screen"), ctx = canvas.getContext("2d");
const state = { frames: [], widgets: null, list: null, schema: null, dirty: false, diskText: null, checkTimer: 0, events: 0 };
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
    if (f.full && (canvas.width !== f.width || canvas.height !== f.height)) { canvas.width = f.width; canvas.height = f.height; }
    ctx.drawImage(bmp, f.x, f.y);
    bmp.close();
    state.frames.push({ n: f.n, full: f.full, t: performance.now(), bytes: f.png.length });
    if (state.frames.length > 1000) state.frames.splice(0, 500);
    canvas.dataset.frame = f.n;
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
  else if (!widgetRefresh) widgetRefresh = setTimeout(() => { widgetRefresh = 0; loadWidgets(); }, 200);
}

// ---- the mouse is a finger; the wheel and keys go to widgets ----
const TOUCH = 90;
let pressed = false, sending = false, queue = [];
function pictureXY(e) {
  const r = canvas.getBoundingClientRect();
  return { x: (e.clientX - r.left) * canvas.width / r.width, y: (e.clientY - r.top) * canvas.height / r.height };
}
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
canvas.addEventListener("pointerdown", (e) => {
  if (e.button !== 0) return;
  canvas.focus();
  canvas.setPointerCapture(e.pointerId);
  pressed = true;
  const p = pictureXY(e);
  sendInput([{ type: "touch_down", id: TOUCH, x: p.x, y: p.y }]);
  e.preventDefault();
});
canvas.addEventListener("pointermove", (e) => {
  const p = pictureXY(e);
  if (pressed) sendInput([{ type: "touch_motion", id: TOUCH, x: p.x, y: p.y }], true);
  showHover(p);
});
function release(e) {
  if (!pressed) return;
  pressed = false;
  sendInput([{ type: "touch_up", id: TOUCH }]);
}
canvas.addEventListener("pointerup", release);
canvas.addEventListener("pointercancel", release);
canvas.addEventListener("wheel", (e) => {
  e.preventDefault();
  if (!e.deltaY) return;
  const p = pictureXY(e);
  sendInput([{ type: "pointer_motion", x: p.x, y: p.y }, { type: "wheel", delta: e.deltaY < 0 ? 1 : -1 }]);
}, { passive: false });
const KEYS = { ArrowLeft: "Left", ArrowRight: "Right", ArrowUp: "Up", ArrowDown: "Down", PageUp: "PageUp", PageDown: "PageDown",
  Home: "Home", End: "End", Tab: "Tab", Enter: "Enter", " ": "Space", Escape: "Escape" };
canvas.addEventListener("keydown", (e) => {
  const key = KEYS[e.key];
  if (!key) return;
  e.preventDefault();
  sendInput([{ type: "key", key, state: "pressed" }, { type: "key", key, state: "released" }]);
});

// ---- hover: what is under the pointer ----
function loadWidgets() {
  return api("/api/widgets").then(({ json }) => {
    state.widgets = json;
    $("panel-name").textContent = json.panel.panel + " · " + json.panel.screen.join("×");
  }).catch(() => {});
}
function widgetAt(p) {
  if (!state.widgets) return null;
  const hits = state.widgets.widgets.filter((w) => w.shown && p.x >= w.screenFrame[0] && p.y >= w.screenFrame[1] &&
    p.x < w.screenFrame[0] + w.screenFrame[2] && p.y < w.screenFrame[1] + w.screenFrame[3]);
  return hits.length ? hits[hits.length - 1] : null;
}
function showHover(p) {
  const w = widgetAt(p), box = $("hover");
  if (!w) { box.textContent = "x " + p.x.toFixed(0) + ", y " + p.y.toFixed(0) + " (screen pixels)"; box.dataset.widget = ""; return; }
  const list = state.widgets.list && state.widgets.list.data ? state.widgets.list.data.widgets : [];
  const st = list.find((s) => s.widget === w.widget) || {};
  const rest = Object.assign({}, st); delete rest.widget; delete rest.type;
  let text = w.widget + " (" + w.type + ", page " + w.page + ")\nframe [" + w.frame.join(", ") + "]  screen [" + w.screenFrame.map((v) => +v.toFixed(1)).join(", ") + "]";
  if (w.center) text += "\ncentre [" + w.center.join(", ") + "] radius " + w.radius + (w.clockwise ? " clockwise" : "");
  text += "\nstate " + JSON.stringify(rest);
  box.textContent = text;
  box.dataset.widget = w.widget;
}

// ---- the editor ----
const text = $("text"), gutter = $("gutter");
function lineCount() { return text.value.split("\n").length; }
function renderGutter(diags) {
  const marks = {};
  for (const d of diags || []) { if (!marks[d.line] || d.severity === "error") marks[d.line] = d; }
  const n = lineCount(), parts = [];
  for (let i = 1; i <= n; i++) {
    const d = marks[i];
    const cls = d ? (d.severity === "error" ? "err" : "warn") : "";
    parts.push('<div data-line="' + i + '"' + (cls ? ' class="' + cls + '"' : "") + ">" + i + "</div>");
  }
  gutter.innerHTML = parts.join("");
  for (const d of Object.values(marks)) { const el = gutter.children[d.line - 1]; if (el) el.title = d.message; }
  gutter.scrollTop = text.scrollTop;
}
function showDiagnostics(diags) {
  state.diagnostics = diags;
  renderGutter(diags);
  const ul = $("diagnostics");
  ul.innerHTML = "";
  if (!diags.length) { const li = document.createElement("li"); li.className = "ok"; li.textContent = "check: ok"; ul.appendChild(li); return; }
  for (const d of diags) {
    const li = document.createElement("li");
    li.textContent = d.text;
    li.className = d.severity;
    li.dataset.line = d.line;
    li.addEventListener("click", () => goTo(d.line, d.column));
    ul.appendChild(li);
  }
}
function goTo(line, column) {
  const lines = text.value.split("\n");
  let pos = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) pos += lines[i].length + 1;
  pos += Math.max(0, column - 1);
  text.focus();
  text.setSelectionRange(pos, pos);
  text.scrollTop = Math.max(0, (line - 5) * 18);
  showProps();
}
function loadFile() {
  return api("/api/file").then(({ json }) => {
    $("file-path").textContent = json.path;
    text.value = json.text;
    state.diskText = json.text;
    state.dirty = false;
    showDiagnostics(json.diagnostics);
    showProps();
  });
}
function fileChangedOnDisk() {
  api("/api/file").then(({ json }) => {
    if (json.text === state.diskText) return;
    state.diskText = json.text;
    if (!state.dirty) { text.value = json.text; showDiagnostics(json.diagnostics); }
    else $("save-status").textContent = "the file changed on disk (saving overwrites it)";
  });
}
function check() {
  clearTimeout(state.checkTimer);
  const sent = text.value;
  return api("/api/check", sent).then(({ json }) => { if (text.value === sent) showDiagnostics(json.diagnostics); });
}
function save() {
  const body = text.value;
  state.saveStarted = performance.now();
  state.frameAtSave = state.frames.length ? state.frames[state.frames.length - 1].n : 0;
  $("save-status").textContent = "saving…";
  return api("/api/save", body).then(({ json }) => {
    state.diskText = body;
    state.dirty = text.value !== body;
    showDiagnostics(json.diagnostics);
    const errors = json.diagnostics.filter((d) => d.severity === "error").length;
    $("save-status").textContent = json.reloaded ? "saved · reloaded" :
      "saved · the panel keeps its previous layout (" + (errors || (json.errors || []).length) + " error" + (errors === 1 ? "" : "s") + ")";
    state.lastSave = json;
    return json;
  });
}
text.addEventListener("input", () => {
  state.dirty = true;
  renderGutter(state.diagnostics);
  clearTimeout(state.checkTimer);
  state.checkTimer = setTimeout(check, 300);
  showProps();
});
text.addEventListener("scroll", () => { gutter.scrollTop = text.scrollTop; });
text.addEventListener("click", showProps);
text.addEventListener("keyup", (e) => { if (e.key.startsWith("Arrow") || e.key === "Home" || e.key === "End") showProps(); });
text.addEventListener("keydown", (e) => {
  if ((e.ctrlKey || e.metaKey) && e.key === "s") { e.preventDefault(); save(); }
  if (e.key === "Tab") { e.preventDefault(); document.execCommand("insertText", false, "  "); }
});
$("save").addEventListener("click", save);
$("check").addEventListener("click", check);
$("fit").addEventListener("change", () => canvas.classList.toggle("fit", $("fit").checked));
canvas.classList.add("fit");

// ---- property list: the schema's properties of the object under the cursor ----
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
function showProps() {
  if (!state.schema) return;
  const obj = enclosingObject(text.value, text.selectionStart) || "";
  const own = obj.replace(/\{[^{}]*\}/g, (m, off) => off === 0 ? m : "");
  const m = /"type"\s*:\s*"([A-Za-z]+)"/.exec(own.slice(1));
  const defs = state.schema.$defs;
  let title = "Properties of the panel", props = state.schema.properties;
  if (m && defs[m[1]]) { title = "Properties of a " + m[1]; props = defs[m[1]].properties; }
  else if (/"widgets"\s*:/.test(own)) { title = "Properties of a page"; props = defs.page.properties || props; }
  $("props-title").textContent = title;
  const dl = $("props");
  dl.innerHTML = "";
  for (const [k, v] of Object.entries(props || {})) {
    const dt = document.createElement("dt"), dd = document.createElement("dd");
    dt.textContent = k;
    dd.textContent = (v && v.description) || (v && v.enum ? v.enum.join(", ") : "");
    dl.appendChild(dt); dl.appendChild(dd);
  }
}

api("/schema.json").then(({ json }) => { state.schema = json; showProps(); });
loadWidgets();
loadFile();
connect();
"""#
}
