/// The studio's page, embedded in the binary: nothing is loaded from anywhere else (the CSP
/// says `default-src 'self'`), so it works on a device with no internet.
package enum StudioAssets {
    package static let html = #"""
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>knob-panel studio</title>
<link rel="stylesheet" href="/studio.css">
<script src="/studio.js" defer></script>
</head>
<body>
<header>
  <strong>knob-panel studio</strong>
  <span id="panel-name"></span>
  <label><input type="checkbox" id="fit" checked> fit to window</label>
  <span id="status" role="status">connecting…</span>
</header>
<main>
  <section id="view">
    <div id="screen-box"><canvas id="screen" tabindex="0" width="16" height="16" aria-label="the panel; the mouse is a finger, the wheel turns the widget under it, keys go to the focused widget"></canvas></div>
    <div id="hover" aria-live="polite">Point at a widget to see its id, type, frame and state.</div>
    <h2>Events</h2>
    <ol id="events"></ol>
  </section>
  <section id="edit">
    <div id="file-bar"><span id="file-path"></span>
      <button id="check" type="button">Check</button>
      <button id="save" type="button">Save</button>
      <span id="save-status"></span></div>
    <div id="editor">
      <div id="gutter" aria-hidden="true"></div>
      <textarea id="text" spellcheck="false" autocomplete="off" wrap="off" aria-label="layout file"></textarea>
    </div>
    <ul id="diagnostics"></ul>
    <h2 id="props-title">Properties</h2>
    <dl id="props"></dl>
  </section>
</main>
</body>
</html>
"""#
}
