import PanelLayout
import Testing

/// One file of tests/scenarios (the format is in tests/scenarios/README.md): a panel, a
/// screen, an input script, the events expected, and optionally a golden image.
struct Scenario: Sendable, CustomTestStringConvertible {
    static let directory = String(#filePath.dropLast("Tests/PanelRuntimeTests/Scenarios/Scenario.swift".count)) + "tests/scenarios/"

    let name: String
    let layout: String
    let layoutFile: String
    let screen: (Int, Int)?
    let script: String
    /// `render --time`; nil plays to rest.
    let until: Double?
    let events: [JSONNode]
    let absent: [JSONNode]
    let golden: (png: String, tolerance: Int, maxPixels: Int)?

    var testDescription: String { name }

    struct Malformed: Error, CustomStringConvertible { let description: String }

    /// Every scenario file, by name.
    static func all() throws -> [Scenario] {
        try ScenarioFiles.names(in: directory).map { try load(name: $0) }
    }

    static func load(name: String) throws -> Scenario {
        let path = directory + name + ".json"
        let root = try JSONReader.parse(try ScenarioFiles.read(path)).get()
        func bad(_ what: String) -> Malformed { Malformed(description: "\(path): \(what)") }
        guard let members = root.objectValue else { throw bad("not an object") }
        let known = ["about", "panel", "screen", "script", "until", "events", "absent", "golden"]
        if let odd = members.first(where: { !known.contains($0.key) }) { throw bad("\(odd.keyLocation): unknown key '\(odd.key)'") }

        let layout: String, layoutFile: String
        switch root["panel"]?.kind {
        case .string(let file)?: layoutFile = directory + file; layout = try ScenarioFiles.read(layoutFile)
        case .object?: layoutFile = path; layout = ScenarioJSON.text(root["panel"]!)
        default: throw bad("'panel' must be a file name or a layout object")
        }
        var screen: (Int, Int)?
        if let s = root["screen"] {
            guard let a = s.arrayValue, a.count == 2, let w = a[0].numberValue, let h = a[1].numberValue else { throw bad("'screen' must be [width, height]") }
            screen = (Int(w), Int(h))
        }
        let script: String
        switch root["script"]?.kind {
        case nil: script = ""
        case .string(let file)?: script = try ScenarioFiles.read(directory + file)
        case .array(let lines)?: script = lines.map(ScenarioJSON.text).joined(separator: "\n")
        default: throw bad("'script' must be a .jsonl file name or an array of script lines")
        }
        var golden: (String, Int, Int)?
        if let g = root["golden"] {
            guard let png = g["png"]?.stringValue else { throw bad("'golden' needs 'png'") }
            golden = (directory + png, Int(g["tolerance"]?.numberValue ?? 0), Int(g["maxPixels"]?.numberValue ?? 0))
        }
        return Scenario(name: name, layout: layout, layoutFile: layoutFile, screen: screen, script: script,
                        until: root["until"]?.numberValue, events: root["events"]?.arrayValue ?? [],
                        absent: root["absent"]?.arrayValue ?? [], golden: golden)
    }
}

/// The subset rule: an expected object matches an event line when every key it names is in
/// the line with a matching value (objects by the same rule, arrays element by element, numbers
/// within 1e-9); keys it does not name may hold anything. Expected events match in order, each
/// after the line the previous one matched (other lines may come between).
enum ScenarioMatch {
    static func matches(_ expected: JSONNode, _ actual: JSONNode) -> Bool {
        switch (expected.kind, actual.kind) {
        case (.object(let e), .object):
            return e.allSatisfy { m in actual[m.key].map { matches(m.value, $0) } ?? false }
        case (.array(let e), .array(let a)):
            return e.count == a.count && zip(e, a).allSatisfy { matches($0, $1) }
        case (.number(let e), .number(let a)):
            return abs(e - a) <= 1e-9
        default:
            return expected.kind == actual.kind
        }
    }

    /// The first expected event (its index) not found in order, nil when all were.
    static func firstMissing(_ expected: [JSONNode], in lines: [String]) -> Int? {
        let parsed = lines.compactMap { try? JSONReader.parse($0).get() }
        var next = 0
        for (i, e) in expected.enumerated() {
            guard let at = parsed[next...].firstIndex(where: { matches(e, $0) }) else { return i }
            next = at + 1
        }
        return nil
    }

    /// The lines matching an `absent` pattern.
    static func present(_ pattern: JSONNode, in lines: [String]) -> [String] {
        lines.filter { line in (try? JSONReader.parse(line).get()).map { matches(pattern, $0) } ?? false }
    }
}

/// JSON values back to text (PanelLayout's own writer): inline layouts and script lines go to
/// the same parsers as files.
enum ScenarioJSON {
    static func text(_ node: JSONNode) -> String { node.layoutValue.jsonText }
}
