import PanelLayout

/// A flight recorder dump as `render --input` reads it: its first line that is not blank or
/// a comment is the `flightRecording` header (the layout's text, the screen, the state at the
/// window's start); the rest is an ordinary input script whose times count from there.
public struct FlightRecording {
    public var panelFile: String
    public var width: Int
    public var height: Int
    public var rotation: Int
    public var layout: String
    public var state: SavedState
    public var atRest: Bool
    /// The file with the header line emptied (so errors keep their line numbers), to parse
    /// as an input script.
    public var script: String

    /// nil when `text` is an ordinary input script.
    public static func read(_ text: String, file: String) -> Result<FlightRecording?, LineError> {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let index = lines.firstIndex(where: { l in
            let t = l.drop { $0 == " " || $0 == "\t" || $0 == "\r" }
            return !t.isEmpty && !t.hasPrefix("#")
        }) else { return .success(nil) }
        let lineNumber = index + 1
        func fail(_ column: Int, _ message: String) -> Result<FlightRecording?, LineError> {
            .failure(LineError(file: file, line: lineNumber, column: column, message: message))
        }
        guard case .success(let node) = JSONReader.parse(String(lines[index])), node["type"]?.stringValue == "flightRecording" else {
            return .success(nil)
        }
        guard node["version"]?.numberValue == 1 else { return fail(node.location.column, "unknown flight recording version (expected 1)") }
        guard let layout = node["layout"]?.stringValue, let panelFile = node["panelFile"]?.stringValue else {
            return fail(node.location.column, "a flight recording needs 'layout' and 'panelFile'")
        }
        guard let size = node["size"]?.arrayValue, size.count == 2, let w = size[0].numberValue, let h = size[1].numberValue,
              w == w.rounded(), h == h.rounded(), (1...16384).contains(w), (1...16384).contains(h) else {
            return fail(node["size"]?.location.column ?? node.location.column, "'size' must be [width, height] in whole pixels (1-16384)")
        }
        let rotation = node["rotation"]?.numberValue ?? 0
        guard [0.0, 90, 180, 270].contains(rotation) else { return fail(node["rotation"]!.location.column, "'rotation' must be 0, 90, 180 or 270") }
        guard let stateNode = node["state"], let stateText = stateNode.stringValue else {
            return fail(node.location.column, "a flight recording needs 'state' (the widget values at its start)")
        }
        let state: SavedState
        switch SavedState.parse(stateText) {
        case .success(let s): state = s
        case .failure(let e): return fail(stateNode.location.column, "'state': \(e.message) (at \(e.line):\(e.column) of it)")
        }
        lines[index] = ""
        return .success(FlightRecording(panelFile: panelFile, width: Int(w), height: Int(h), rotation: Int(rotation), layout: layout,
                                        state: state, atRest: node["atRest"]?.boolValue ?? true, script: lines.joined(separator: "\n")))
    }
}
