import ControlWidgets
import PanelLayout
import PanelProtocol

/// A payload on a bound topic, read as the binding says: the payload itself (`21.5`, `on`,
/// `Heating`), or the value at a dotted `path` inside a JSON payload
/// (`{"a":{"b":21.5}}` with `a.b`; an array element by its index, `list.0`). The result is a
/// bare value as the widget's descriptor reads it (WidgetCatalog.bareSet), so a bound value
/// takes the same path as a bare value on the widget's own `set` topic.
package enum BoundPayload {
    /// What a payload carried.
    package enum Value: Equatable {
        case number(Double)
        case bool(Bool)
        case text(String)
    }

    /// The same bound as MQTT `set` payloads: a payload is a reading, not a document.
    package static let maxBytes = 4096

    package static func value(_ bytes: [UInt8], path: [String]) -> Result<Value, MQTTIgnored> {
        guard bytes.count <= maxBytes else { return .failure(MQTTIgnored("payload of \(bytes.count) bytes is over \(maxBytes)")) }
        guard let text = String(validating: bytes, as: UTF8.self) else { return .failure(MQTTIgnored("payload is not UTF-8")) }
        let trimmed = trimmed(text)
        guard !trimmed.isEmpty else { return .failure(MQTTIgnored("empty payload")) }
        guard !path.isEmpty else {
            // A JSON string payload ("\"heat\"") is its text; anything else is read as written.
            if trimmed.hasPrefix("\""), case .success(let node) = JSONReader.parse(trimmed), let s = node.stringValue { return plain(s) }
            return plain(trimmed)
        }
        let root: JSONNode
        switch JSONReader.parse(trimmed) {
        case .failure(let e): return .failure(MQTTIgnored("not JSON (column \(e.location.column): \(e.message)), and the binding has a path"))
        case .success(let n): root = n
        }
        var node = root
        for (depth, key) in path.enumerated() {
            let next: JSONNode?
            if let items = node.arrayValue { next = Int(key).flatMap { items.indices.contains($0) ? items[$0] : nil } } else { next = node[key] }
            guard let next else { return .failure(MQTTIgnored("no '\(path[...depth].joined(separator: "."))' in the payload")) }
            node = next
        }
        switch node.kind {
        case .number(let d): return number(d)
        case .bool(let b): return .success(.bool(b))
        case .string(let s): return plain(s)
        case .null: return .failure(MQTTIgnored("'\(path.joined(separator: "."))' is null"))
        case .array, .object: return .failure(MQTTIgnored("'\(path.joined(separator: "."))' is not a number, a boolean or a text"))
        }
    }

    /// `on`/`off` (any case, and `true`/`false`) as booleans, numbers as numbers, else the text.
    static func plain(_ s: String) -> Result<Value, MQTTIgnored> {
        switch s.lowercased() {
        case "on", "true": return .success(.bool(true))
        case "off", "false": return .success(.bool(false))
        default: break
        }
        if let d = Double(s) { return number(d) }
        guard s.unicodeScalars.count <= 1000 else { return .failure(MQTTIgnored("text of \(s.unicodeScalars.count) characters is over 1000")) }
        return .success(.text(s))
    }

    /// Numbers are checked at the edge: finite and within ±1e9, as every number of a command.
    static func number(_ d: Double) -> Result<Value, MQTTIgnored> {
        guard d.isFinite, abs(d) <= PanelCommand.numberBound else { return .failure(MQTTIgnored("\(d) is not a finite number within ±1e9")) }
        return .success(.number(d))
    }

    /// The value as the descriptor's bare-value reader takes it: a number keeps its number and
    /// is written through `format` (a label shows that text); a boolean is `on`/`off`.
    package static func bare(_ value: Value, format: ValueFormat?) -> BarePayload {
        switch value {
        case .number(let d):
            let text = format?.string(d) ?? JSONLineWriter.number(d)
            return BarePayload(text: text, number: d, shown: text)
        case .bool(let b): return BarePayload(text: b ? "on" : "off", number: nil, shown: b ? "on" : "off")
        case .text(let s): return BarePayload(text: s, number: nil, shown: s.count > 40 ? String(s.prefix(40)) + "…" : s)
        }
    }

    /// A user's change as a command topic carries it: the number, `on`/`off`, or the text.
    package static func text(_ value: Value) -> String {
        switch value {
        case .number(let d): JSONLineWriter.number(d)
        case .bool(let b): b ? "on" : "off"
        case .text(let s): s
        }
    }

    /// Whether a received value confirms one sent: numbers within a millionth (a device may
    /// write `21.50` for `21.5`), texts equal ignoring case.
    package static func confirms(_ received: Value, _ sent: Value) -> Bool {
        switch (received, sent) {
        case let (.number(a), .number(b)): return abs(a - b) <= 1e-6 * Swift.max(1, abs(b))
        case let (.bool(a), .bool(b)): return a == b
        case let (.text(a), .text(b)): return a.lowercased() == b.lowercased()
        case let (.number(a), .bool(b)), let (.bool(b), .number(a)): return (a != 0) == b
        default: return false
        }
    }

    private static func trimmed(_ s: String) -> String {
        let scalars = s.unicodeScalars
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isSpace($0) })!
        return String(scalars[first...last])
    }
}

/// Why a bound payload was not applied (one log line).
package struct MQTTIgnored: Error, Equatable {
    package var reason: String
    package init(_ reason: String) { self.reason = reason }
}
