extension StudioAssets {
    /// The palette (the schema's widget types), the inspector (a control per property type),
    /// the screen switcher and page menu, Save golden, the hover and the state table.
    static let scriptPanels = #"""
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
// The values a property offers: its enum, or its branches' (an icon: every mdi: name, or a path).
function choicesOf(prop) {
  if (!prop) return null;
  if (prop.enum) return prop.enum;
  if (!prop.anyOf) return null;
  const all = prop.anyOf.map(resolve).flatMap((b) => (b && b.enum) || []);
  return all.length ? all : null;
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
  const choices = choicesOf(prop);
  let list = null;
  if (choices) {
    // Suggestions as one types (a datalist), and any other text still allowed (a PNG path).
    list = document.createElement("datalist");
    list.id = "choices-" + key;
    for (const v of choices) list.appendChild(new Option(String(v)));
    t.setAttribute("list", list.id);
  }
  const isString = prop.type === "string" || !!choices;
  t.value = value === undefined ? "" : isString ? value : JSON.stringify(value);
  t.placeholder = isString ? (key === "icon" ? "icon name or PNG" : "") : "JSON";
  t.addEventListener("change", () => {
    if (isString) return commit(t.value);
    try { commit(JSON.parse(t.value)); } catch (e) { say(key + ": not JSON: " + e.message); }
  });
  if (!list) return t;
  const span = document.createElement("span");
  span.append(t, list);
  return span;
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
  if (!state.widgets) return;
  // The pointer gone, the widget last pointed at stays, with its state kept current.
  const d = p ? toDesign(p.x, p.y) : null, w = p ? widgetAtDesign(d) : shownWidgets().find((x) => x.widget === box.dataset.widget);
  if (!p && !w) { box.textContent = "Point at a widget to see its id, type, frame and state."; box.dataset.widget = ""; return; }
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

"""#
}
