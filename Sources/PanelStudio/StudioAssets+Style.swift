extension StudioAssets {
    package static let style = #"""
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.4 system-ui, "DejaVu Sans", sans-serif; background: #14171d; color: #dde3ee; }
header { display: flex; gap: 1em; align-items: center; height: 36px; padding: 0 12px; background: #0b0d12; border-bottom: 1px solid #2a303c; }
header .group { display: flex; gap: .6em; }
#status { margin-left: auto; color: #9aa4b8; }
main { display: flex; gap: 12px; padding: 12px; align-items: flex-start; }
#view { flex: 3 1 0; min-width: 0; }
#edit { flex: 2 1 0; min-width: 320px; }
/* Whole-pixel rows, so the picture sits on whole CSS pixels (a screenshot then shows frame pixels unblurred). */
#screen-bar { display: flex; flex-wrap: wrap; gap: 4px 12px; margin-bottom: 6px; font-size: 12px; align-items: center; }
#screen-bar > * { height: 22px; display: flex; align-items: center; gap: 4px; }
#screen-bar button { padding: 0 10px; }
#screen-bar input[type=number] { width: 4.5em; }
select, input { background: #0b0d12; color: #dde3ee; border: 1px solid #2a303c; border-radius: 3px; font-size: 12px; }
#screen-box { background: #000; border: 1px solid #2a303c; overflow: auto; max-height: 75vh; }
#stage { position: relative; display: inline-block; vertical-align: top; }
#stage.fit { display: block; }
#screen { display: block; image-rendering: auto; }
#screen.fit { width: 100%; height: auto; }
#overlay { position: absolute; left: 0; top: 0; width: 100%; height: 100%; outline: none; cursor: default; touch-action: none; }
#overlay.try { cursor: crosshair; }
#overlay:focus { box-shadow: 0 0 0 2px #2f7fe0 inset; }
#hover { min-height: 2.8em; margin: 6px 0; padding: 4px 8px; background: #1c212b; border-radius: 4px; font-family: "DejaVu Sans Mono", monospace; font-size: 12px; white-space: pre-wrap; }
h2 { font-size: 13px; margin: 10px 0 4px; color: #9aa4b8; text-transform: uppercase; letter-spacing: .05em; }
h2 small { text-transform: none; letter-spacing: 0; }
#palette { display: flex; flex-wrap: wrap; gap: 6px; }
#palette .tool { padding: 4px 10px; background: #1c212b; border: 1px solid #2a303c; border-radius: 4px; cursor: grab; user-select: none; touch-action: none; font-size: 12px; }
#palette .tool:hover { border-color: #2f7fe0; }
.ghost { position: fixed; pointer-events: none; padding: 4px 10px; background: #2f7fe0; border-radius: 4px; opacity: .8; font-size: 12px; z-index: 10; }
#states { font: 12px "DejaVu Sans Mono", monospace; border-collapse: collapse; width: 100%; }
#states td { padding: 1px 6px; border-bottom: 1px solid #1c212b; white-space: nowrap; }
#states td:first-child { color: #8fc1ff; width: 1%; }
#events { margin: 0; padding: 0 0 0 2.5em; height: 12em; overflow: auto; font-family: "DejaVu Sans Mono", monospace; font-size: 12px; background: #0b0d12; }
#events li { white-space: nowrap; }
#file-bar { display: flex; gap: 8px; align-items: center; margin-bottom: 6px; }
#file-path { font-family: "DejaVu Sans Mono", monospace; flex: 1; overflow: hidden; text-overflow: ellipsis; }
button { background: #2f7fe0; color: white; border: 0; border-radius: 4px; padding: 4px 12px; cursor: pointer; }
button:disabled { background: #2a303c; color: #5c6578; cursor: default; }
#editor-note { font-size: 12px; color: #e6c35c; }
#editor { display: flex; height: 50vh; border: 1px solid #2a303c; background: #0b0d12; overflow: hidden; }
#editor .CodeMirror { flex: 1; height: 100%; font: 12px/18px "DejaVu Sans Mono", monospace; }
.CodeMirror .diag-gutter { width: 10px; }
.CodeMirror .diag { width: 8px; height: 18px; }
.CodeMirror .diag.err { background: #e0404f; }
.CodeMirror .diag.warn { background: #e6c35c; }
.CodeMirror .line-err { background: rgba(122, 31, 43, .45); }
.CodeMirror .line-warn { background: rgba(107, 84, 22, .45); }
.CodeMirror .widget-json { background: rgba(47, 127, 224, .22); }
#gutter { width: 3.5em; overflow: hidden; text-align: right; padding: 4px 4px 4px 0; color: #5c6578; font: 12px/18px "DejaVu Sans Mono", monospace; user-select: none; }
#gutter div { height: 18px; }
#gutter div.err { background: #7a1f2b; color: #fff; }
#gutter div.warn { background: #6b5416; color: #fff; }
#text { flex: 1; resize: none; border: 0; padding: 4px 6px; background: transparent; color: #dde3ee; font: 12px/18px "DejaVu Sans Mono", monospace; tab-size: 2; outline: none; white-space: pre; }
#diagnostics { list-style: none; margin: 6px 0; padding: 0; font: 12px "DejaVu Sans Mono", monospace; max-height: 8em; overflow: auto; }
#diagnostics li { cursor: pointer; color: #ff8a8a; }
#diagnostics li.warning { color: #e6c35c; }
#diagnostics li.ok { color: #7fd18b; cursor: default; }
#inspector { font-size: 12px; max-height: 40vh; overflow: auto; }
#inspector .prop { display: grid; grid-template-columns: 9em 1fr auto; gap: 2px 8px; align-items: center; padding: 3px 0; border-bottom: 1px solid #1c212b; }
#inspector .prop label { font-family: "DejaVu Sans Mono", monospace; color: #8fc1ff; }
#inspector .prop .desc { grid-column: 1 / 4; color: #7d879b; font-size: 11px; }
#inspector .prop.default input, #inspector .prop.default select { color: #6c7588; font-style: italic; }
#inspector .prop.default label { color: #6c7588; }
#inspector .prop .reset { padding: 0 6px; background: #2a303c; }
#inspector .frame input { width: 4.5em; }
#inspector input[type=color] { width: 3em; height: 1.6em; padding: 0; }
#props { margin: 0; font-size: 12px; max-height: 14em; overflow: auto; display: grid; grid-template-columns: max-content 1fr; gap: 2px 10px; }
#props dt { font-family: "DejaVu Sans Mono", monospace; color: #8fc1ff; }
#props dd { margin: 0; color: #9aa4b8; }
"""#
}
