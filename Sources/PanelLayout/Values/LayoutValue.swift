/// A JSON value without source positions: what a widget property holds.
/// Objects keep their members in source order.
public indirect enum LayoutValue: Sendable, Equatable, CustomStringConvertible {
    case null
    case number(Double)
    case bool(Bool)
    case string(String)
    case array([LayoutValue])
    case object([(key: String, value: LayoutValue)])

    public static func == (a: LayoutValue, b: LayoutValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.number(let x), .number(let y)): return x == y
        case (.bool(let x), .bool(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    public var numberValue: Double? {
        if case .number(let n) = self { return n }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    public var arrayValue: [LayoutValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    public var objectValue: [(key: String, value: LayoutValue)]? {
        if case .object(let o) = self { return o }
        return nil
    }

    /// The first member with this key, if this is an object.
    public subscript(key: String) -> LayoutValue? {
        objectValue?.first { $0.key == key }?.value
    }

    /// Compact JSON text (one line): usable for JSON-lines output.
    public var jsonText: String {
        var out = ""
        write(to: &out, indent: nil, level: 0)
        return out
    }

    /// JSON text indented by `indent` spaces per level, ending without a newline.
    public func prettyJSONText(indent: Int = 2) -> String {
        var out = ""
        write(to: &out, indent: indent, level: 0)
        return out
    }

    public var description: String { jsonText }

    private func write(to out: inout String, indent: Int?, level: Int) {
        func newline(_ level: Int) {
            if let indent {
                out += "\n" + String(repeating: " ", count: indent * level)
            }
        }
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += LayoutValue.formatNumber(n)
        case .string(let s): out += LayoutValue.quote(s)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            // Short arrays of scalars stay on one line even in pretty output.
            let flat = indent != nil && items.count <= 8 && items.allSatisfy {
                switch $0 { case .array, .object: return false; default: return true }
            }
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += flat || indent == nil ? (indent == nil ? "," : ", ") : "," }
                if !flat { newline(level + 1) }
                item.write(to: &out, indent: indent, level: level + 1)
            }
            if !flat { newline(level) }
            out += "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{"
            for (i, member) in members.enumerated() {
                if i > 0 { out += "," }
                newline(level + 1)
                out += LayoutValue.quote(member.key)
                out += indent == nil ? ":" : ": "
                member.value.write(to: &out, indent: indent, level: level + 1)
            }
            newline(level)
            out += "}"
        }
    }

    /// Integers print without a fraction; non-finite numbers (not JSON) print as null.
    public static func formatNumber(_ n: Double) -> String {
        guard n.isFinite else { return "null" }
        if n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }
        return "\(n)"
    }

    /// A JSON string literal, with quotes.
    public static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
