import PanelLayout
import PanelSystem

/// One file of tests/scenarios (the format is in tests/scenarios/README.md): a panel, a
/// screen, an input script, the events expected, and optionally a golden image.
package struct Scenario: Sendable {
    package static let directory = String(#filePath.dropLast("Sources/PanelTesting/Scenarios/Scenario.swift".count)) + "tests/scenarios/"

    package let name: String
    package let layout: String
    package let layoutFile: String
    package let screen: (Int, Int)?
    package let script: String
    /// `render --time`; nil plays to rest.
    package let until: Double?
    package let events: [JSONNode]
    package let absent: [JSONNode]
    package let golden: (png: String, tolerance: Int, maxPixels: Int)?
    /// `render --wall-time`: the ISO 8601 text, and the wall clock at t = 0 it means.
    package let wallTime: (text: String, unixTime: Double)?

    package struct Malformed: Error, CustomStringConvertible { package let description: String }

    /// Every scenario file, by name.
    package static func all() throws -> [Scenario] {
        try ScenarioFiles.names(in: directory).map { try load(name: $0) }
    }

    package static func load(name: String) throws -> Scenario {
        let path = directory + name + ".json"
        let root = try JSONReader.parse(try ScenarioFiles.read(path)).get()
        func bad(_ what: String) -> Malformed { Malformed(description: "\(path): \(what)") }
        guard let members = root.objectValue else { throw bad("not an object") }
        let known = ["about", "panel", "screen", "script", "until", "events", "absent", "golden", "wallTime"]
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
        var wallTime: (String, Double)?
        if let w = root["wallTime"] {
            guard let text = w.stringValue, let t = ISO8601Time.unixTime(text) else { throw bad("'wallTime' must be an ISO 8601 time like \"2026-12-01T07:30:00Z\"") }
            wallTime = (text, t)
        }
        return Scenario(name: name, layout: layout, layoutFile: layoutFile, screen: screen, script: script,
                        until: root["until"]?.numberValue, events: root["events"]?.arrayValue ?? [],
                        absent: root["absent"]?.arrayValue ?? [], golden: golden, wallTime: wallTime)
    }
}
