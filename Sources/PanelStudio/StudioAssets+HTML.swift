/// The studio's page, embedded in the binary: nothing is loaded from anywhere else (the CSP
/// says `default-src 'self'`), so it works on a device with no internet. Debian's CodeMirror
/// is loaded from this server when the package is installed (StudioLibrary).
package enum StudioAssets {
    package static func page(codeMirror: Bool, screenPreview: Bool) -> String {
        let library = codeMirror
            ? (StudioLibrary.styles.map { "<link rel=\"stylesheet\" href=\"\(StudioLibrary.prefix)\($0)\">\n" }
               + StudioLibrary.scripts.map { "<script src=\"\(StudioLibrary.prefix)\($0)\" defer></script>\n" }).joined()
            : ""
        // Without the screen switcher (a real display), the page says so on its body.
        let bodyTag = screenPreview ? "<body>\n" : "<body data-screen-preview=\"off\">\n"
        return head + library + "<script src=\"/studio.js\" defer></script>\n</head>\n" + bodyTag + body
    }

    static let head = #"""
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>knob-panel studio</title>
<link rel="stylesheet" href="/studio.css">

"""#

    static let body = #"""
<header>
  <strong>knob-panel studio</strong>
  <span id="panel-name"></span>
  <span class="group" role="radiogroup" aria-label="mode">
    <label title="Select, move and resize widgets on the picture"><input type="radio" name="mode" id="mode-design" value="design" checked> Design</label>
    <label title="The mouse is a finger: try the panel"><input type="radio" name="mode" id="mode-try" value="try"> Try</label>
  </span>
  <button id="undo" type="button" title="Undo (Ctrl+Z): saved at once">Undo</button>
  <button id="redo" type="button" title="Redo (Ctrl+Shift+Z)">Redo</button>
  <span id="status" role="status">connecting…</span>
</header>
<main>
  <section id="view">
    <div id="screen-bar">
      <label>Screen <select id="screen-size" title="The screen the panel is shown on (the file is not changed)"></select></label>
      <label>Rotation <select id="screen-rotation"><option>0</option><option>90</option><option>180</option><option>270</option></select></label>
      <label>DPI <input id="dpi" type="number" min="20" max="1000" step="1" title="Screen pixels per inch: for the touch-target overlay"></label>
      <label>Page <select id="page"></select></label>
      <label><input type="checkbox" id="show-frames"> frames</label>
      <label><input type="checkbox" id="show-grid"> grid</label>
      <label><input type="checkbox" id="show-targets"> targets &lt; 9 mm</label>
      <label><input type="checkbox" id="snap" checked> snap</label>
      <label>grid <input id="grid-size" type="number" min="1" max="200" value="10"></label>
      <label><input type="checkbox" id="fit" checked> fit to window</label>
      <label title="Save the picture as NAME.png and the session as NAME.jsonl beside the panel file: knob-panel render --input NAME.jsonl replays it to the same picture">golden <input id="golden-name" value="golden" size="10" pattern="[A-Za-z0-9_-]{1,64}"></label>
      <button id="golden" type="button">Save golden</button>
    </div>
    <div id="screen-box"><div id="stage"><canvas id="screen" width="16" height="16"></canvas><canvas id="overlay" tabindex="0" width="16" height="16" aria-label="the panel; Design: click to select, drag to move, handles resize, arrows nudge; Try: the mouse is a finger, the wheel turns the widget under it, keys go to the focused widget"></canvas></div></div>
    <div id="hover" aria-live="polite">Point at a widget to see its id, type, frame and state.</div>
    <h2>Palette <small>(drag onto the picture)</small></h2>
    <div id="palette"></div>
    <h2>State</h2>
    <table id="states"></table>
    <h2>Events</h2>
    <ol id="events"></ol>
  </section>
  <section id="edit">
    <div id="file-bar"><span id="file-path"></span>
      <button id="check" type="button">Check</button>
      <button id="save" type="button">Save</button>
      <span id="save-status"></span></div>
    <div id="editor-note"></div>
    <div id="editor">
      <div id="gutter" aria-hidden="true"></div>
      <textarea id="text" spellcheck="false" autocomplete="off" wrap="off" aria-label="layout file"></textarea>
    </div>
    <ul id="diagnostics"></ul>
    <h2 id="props-title">Properties</h2>
    <div id="inspector"></div>
    <dl id="props"></dl>
  </section>
</main>
</body>
</html>
"""#
}

