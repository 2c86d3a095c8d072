extension StudioAssets {
    package static let style = #"""
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.4 system-ui, "DejaVu Sans", sans-serif; background: #14171d; color: #dde3ee; }
header { display: flex; gap: 1em; align-items: center; height: 36px; padding: 0 12px; background: #0b0d12; border-bottom: 1px solid #2a303c; }
#status { margin-left: auto; color: #9aa4b8; }
main { display: flex; gap: 12px; padding: 12px; align-items: flex-start; }
#view { flex: 3 1 0; min-width: 0; }
#edit { flex: 2 1 0; min-width: 320px; }
#screen-box { background: #000; border: 1px solid #2a303c; overflow: auto; max-height: 75vh; }
#screen { display: block; cursor: crosshair; image-rendering: auto; outline: none; }
#screen.fit { width: 100%; height: auto; }
#screen:focus { box-shadow: 0 0 0 2px #2f7fe0 inset; }
#hover { min-height: 2.8em; margin: 6px 0; padding: 4px 8px; background: #1c212b; border-radius: 4px; font-family: "DejaVu Sans Mono", monospace; font-size: 12px; white-space: pre-wrap; }
h2 { font-size: 13px; margin: 10px 0 4px; color: #9aa4b8; text-transform: uppercase; letter-spacing: .05em; }
#events { margin: 0; padding: 0 0 0 2.5em; height: 14em; overflow: auto; font-family: "DejaVu Sans Mono", monospace; font-size: 12px; background: #0b0d12; }
#events li { white-space: nowrap; }
#file-bar { display: flex; gap: 8px; align-items: center; margin-bottom: 6px; }
#file-path { font-family: "DejaVu Sans Mono", monospace; flex: 1; overflow: hidden; text-overflow: ellipsis; }
button { background: #2f7fe0; color: white; border: 0; border-radius: 4px; padding: 4px 12px; cursor: pointer; }
#editor { display: flex; height: 55vh; border: 1px solid #2a303c; background: #0b0d12; overflow: hidden; }
#gutter { width: 3.5em; overflow: hidden; text-align: right; padding: 4px 4px 4px 0; color: #5c6578; font: 12px/18px "DejaVu Sans Mono", monospace; user-select: none; }
#gutter div { height: 18px; }
#gutter div.err { background: #7a1f2b; color: #fff; }
#gutter div.warn { background: #6b5416; color: #fff; }
#text { flex: 1; resize: none; border: 0; padding: 4px 6px; background: transparent; color: #dde3ee; font: 12px/18px "DejaVu Sans Mono", monospace; tab-size: 2; outline: none; white-space: pre; }
#diagnostics { list-style: none; margin: 6px 0; padding: 0; font: 12px "DejaVu Sans Mono", monospace; max-height: 8em; overflow: auto; }
#diagnostics li { cursor: pointer; color: #ff8a8a; }
#diagnostics li.warning { color: #e6c35c; }
#diagnostics li.ok { color: #7fd18b; cursor: default; }
#props { margin: 0; font-size: 12px; max-height: 14em; overflow: auto; display: grid; grid-template-columns: max-content 1fr; gap: 2px 10px; }
#props dt { font-family: "DejaVu Sans Mono", monospace; color: #8fc1ff; }
#props dd { margin: 0; color: #9aa4b8; }
"""#
}
