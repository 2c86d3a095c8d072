// Shared by every fuzz target (compiled into each): the contracts a parser keeps on any input,
// and a small panel to play parsed input on. A broken contract traps, so libFuzzer keeps the
// input as a finding, just like a crash.
import ControlWidgets
import PanelLayout
import PanelSystem
import PanelLoop
import PanelProtocol
import PanelCore
import PanelInput
import PanelDisplay
import PanelHost
import PanelMQTT
import PanelStudio
import PanelBench

/// Stops the run with a message libFuzzer's log shows ("contract: ...").
func contract(_ ok: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !ok() { fatalError("contract: " + message()) }
}

func text(_ data: UnsafePointer<UInt8>, _ size: Int) -> String {
    String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
}

/// Lines as the JSON reader counts them: "\r\n", "\n" and a lone "\r" each end a line.
func lineCount(_ s: String) -> Int { lineLengths(s).count }

/// The longest line in Unicode scalars (columns count scalars), plus one for "end of line".
func maxColumn(_ s: String) -> Int { (lineLengths(s).max() ?? 0) + 1 }

func lineLengths(_ s: String) -> [Int] {
    var lengths: [Int] = [], cur = 0, afterCR = false
    for u in s.unicodeScalars {
        if u == "\n" {
            if !afterCR { lengths.append(cur); cur = 0 }
            afterCR = false
        } else if u == "\r" {
            lengths.append(cur); cur = 0; afterCR = true
        } else {
            cur += 1; afterCR = false
        }
    }
    return lengths + [cur]
}

/// A diagnostic points inside the text and is one line.
func checkPosition(_ line: Int, _ column: Int, _ description: String, in input: String) {
    contract(line >= 1 && line <= lineCount(input), "line \(line) outside 1...\(lineCount(input)): \(description)")
    contract(column >= 1 && column <= maxColumn(input), "column \(column) outside 1...\(maxColumn(input)): \(description)")
    contract(!description.contains("\n"), "diagnostic spans lines: \(description)")
}

/// Every line the panel emits is one JSON object whose numbers are all finite (a non-finite
/// number is written as null: one NaN in a model blanks the screen for good).
func checkEmitted(_ line: String) {
    contract(!line.contains("\n"), "emitted line spans lines: \(line)")
    guard case .success(let node) = JSONReader.parse(line) else { return contract(false, "emitted line is not JSON: \(line)") }
    contract(node.objectValue != nil, "emitted line is not an object: \(line)")
    func walk(_ n: JSONNode) {
        switch n.kind {
        case .null: contract(false, "emitted line has null (a non-finite number?): \(line)")
        case .array(let items): items.forEach(walk)
        // request_id is echoed as the integrator sent it, null included.
        case .object(let members): members.filter { $0.key != "request_id" }.forEach { walk($0.value) }
        default: break
        }
    }
    walk(node)
}

/// Every knob mode and gesture, a clockwise uncounted knob with min/max, a value range and a
/// label, shown small (scale 0.2) so frames are cheap.
let panelText = """
{ "panel": "Fuzz", "size": [400, 300], "pages": [ { "id": "p", "widgets": [
  { "id": "cont", "type": "knob", "mode": "continuous", "range": [0, 100], "frame": [0, 0, 100, 100] },
  { "id": "ret", "type": "knob", "mode": "linearReturn", "positions": 5, "titles": ["a", "b", "c"], "frame": [100, 0, 100, 100] },
  { "id": "wheel", "type": "knob", "mode": "wheelOfFortune", "positions": 7, "gesture": "verticalPan", "frame": [200, 0, 100, 100] },
  { "id": "two", "type": "knob", "mode": "continuous", "gesture": "twoFingerRotation", "frame": [300, 0, 100, 100] },
  { "id": "cw", "type": "knob", "mode": "continuous", "clockwise": true, "circular": false, "min": -90, "max": 200,
    "range": [-5, 5], "frame": [0, 100, 100, 100] },
  { "id": "turns", "type": "knob", "mode": "continuous", "normalized": false, "frame": [100, 100, 100, 100] },
  { "id": "tap", "type": "knob", "mode": "linearReturn", "positions": 3, "gesture": "tap", "frame": [200, 100, 100, 100] },
  { "id": "dial", "type": "knob", "mode": "rotaryDial", "fingerHoleRadius": 10, "frame": [300, 100, 100, 100] },
  { "id": "off", "type": "knob", "enabled": false, "frame": [0, 200, 100, 100] },
  { "id": "cap", "type": "label", "text": "fuzz", "frame": [100, 200, 300, 100] } ] },
  { "id": "q", "widgets": [ { "id": "hidden", "type": "knob", "frame": [0, 0, 50, 50] } ] } ] }
"""

let fuzzPanel: Panel = {
    switch PanelLoader(kinds: WidgetCatalog.kinds).parse(panelText, file: "fuzz.json") {
    case .success(let p): return p
    case .failure(let e): fatalError("the fuzz panel does not load: \(e)")
    }
}()

/// A fresh panel for each input, so every finding reproduces from its input alone.
func makeController() -> PanelController {
    guard let c = try? PanelController(panel: fuzzPanel, screenWidth: 80, screenHeight: 60) else { fatalError("no controller") }
    c.emit = checkEmitted
    return c
}
