extension StudioAssets {
    /// The editor: Debian's CodeMirror when installed (colours, brackets, search, completion
    /// of keys and values from the schema), else the plain text box; both with the same methods.
    static let scriptEditor = #"""
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
    const vals = prop ? (choicesOf(prop) || (prop.type === "boolean" ? [true, false] : prop.default !== undefined ? [prop.default] : [])) : [];
    list = vals.map((v) => JSON.stringify(v)).filter((t) => t.startsWith(inString ? '"' + typed : typed));
  } else {
    const present = new Set((enclosingObject(src, idx) || "").match(/"([A-Za-z$][\w$]*)"\s*:/g) || []);
    list = Object.keys(info.props || {}).filter((p) => p.startsWith(typed)).map((p) => ({ text: '"' + p + '": ',
      displayText: p + (present.has('"' + p + '":') ? " (set)" : ""), title: (info.props[p] || {}).description }));
  }
  return { list, from, to: inString ? cm.posFromIndex(cm.indexFromPos({ line: cur.line, ch: tok.end })) : cur };
}

"""#
}
