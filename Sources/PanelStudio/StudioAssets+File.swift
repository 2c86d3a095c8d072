extension StudioAssets {
    /// The file: check as you type, save (one at a time, in order), diagnostics, the caret
    /// selecting its widget, the property list, and the start of the page.
    static let scriptFile = #"""
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
