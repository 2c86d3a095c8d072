import PanelLayout

/// The subset rule: an expected object matches an event line when every key it names is in
/// the line with a matching value (objects by the same rule, arrays element by element, numbers
/// within 1e-9); keys it does not name may hold anything. Expected events match in order, each
/// after the line the previous one matched (other lines may come between).
package enum ScenarioMatch {
    package static func matches(_ expected: JSONNode, _ actual: JSONNode) -> Bool {
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
    package static func firstMissing(_ expected: [JSONNode], in lines: [String]) -> Int? {
        let parsed = lines.compactMap { try? JSONReader.parse($0).get() }
        var next = 0
        for (i, e) in expected.enumerated() {
            guard let at = parsed[next...].firstIndex(where: { matches(e, $0) }) else { return i }
            next = at + 1
        }
        return nil
    }

    /// The lines matching an `absent` pattern.
    package static func present(_ pattern: JSONNode, in lines: [String]) -> [String] {
        lines.filter { line in (try? JSONReader.parse(line).get()).map { matches(pattern, $0) } ?? false }
    }
}

/// JSON values back to text (PanelLayout's own writer): inline layouts and script lines go to
/// the same parsers as files.
package enum ScenarioJSON {
    package static func text(_ node: JSONNode) -> String { node.layoutValue.jsonText }
}
