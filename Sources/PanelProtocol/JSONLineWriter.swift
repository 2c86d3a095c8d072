import ControlWidgets
import PanelLayout

/// Builds one JSON object on one line, for events and replies. Numbers are written with up
/// to 6 decimals and no trailing zeros, so logs are stable and easy to diff.
public struct JSONLineWriter: Sendable, Equatable {
    private var parts: [String] = []

    public init() {}

    public mutating func add(_ key: String, _ value: String) { parts.append(Self.quote(key) + ":" + Self.quote(value)) }
    public mutating func add(_ key: String, _ value: Double) { parts.append(Self.quote(key) + ":" + Self.number(value)) }
    public mutating func add(_ key: String, _ value: Int) { parts.append(Self.quote(key) + ":" + String(value)) }
    public mutating func add(_ key: String, _ value: Bool) { parts.append(Self.quote(key) + ":" + (value ? "true" : "false")) }
    /// An array of numbers, such as a frame `[x, y, width, height]`.
    public mutating func add(_ key: String, _ values: [Double]) {
        parts.append(Self.quote(key) + ":[" + values.map(Self.number).joined(separator: ",") + "]")
    }

    /// A value that is already JSON text (an echoed `request_id`).
    public mutating func addRaw(_ key: String, _ json: String) { parts.append(Self.quote(key) + ":" + json) }
    public mutating func add(_ key: String, _ value: EventValue) {
        switch value {
        case .number(let d): add(key, d)
        case .integer(let i): add(key, i)
        case .string(let s): add(key, s)
        case .bool(let b): add(key, b)
        case .strings(let a): addRaw(key, "[" + a.map(Self.quote).joined(separator: ",") + "]")
        }
    }

    public var line: String { "{" + parts.joined(separator: ",") + "}" }

    public static func number(_ v: Double) -> String {
        guard v.isFinite else { return "null" }
        let scaled = (v * 1_000_000).rounded()
        if scaled == 0 { return "0" }
        let negative = scaled < 0
        let magnitude = abs(scaled)
        guard magnitude < 9e15 else { return String(v) }
        let whole = Int(magnitude) / 1_000_000
        var frac = Int(magnitude) % 1_000_000
        var text = (negative ? "-" : "") + String(whole)
        if frac != 0 {
            var digits = 6
            while frac % 10 == 0 { frac /= 10; digits -= 1 }
            let f = String(frac)
            text += "." + String(repeating: "0", count: digits - f.count) + f
        }
        return text
    }

    /// A JSON string literal (the layout module's escaping, so both sides agree).
    public static func quote(_ s: String) -> String { LayoutValue.quote(s) }
}
