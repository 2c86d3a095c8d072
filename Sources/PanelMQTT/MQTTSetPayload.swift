import ControlWidgets
import PanelLayout
import PanelProtocol

/// What a payload on `…/<widget>/set` asks for, as a command of docs/protocol.md, so an
/// MQTT `set` runs exactly where a socket or stdin `set` runs (same checks, same clamping).
/// The command is handed over as a value; its line is only what a recording keeps.
///
/// A payload is either a JSON widget command, `set` or the widget type's own verb (a dial's
/// `dial`), where `widget` may be left out (the topic names it), or a bare value read by the
/// widget's type: Home Assistant's `number` and `select` entities publish bare numbers and
/// option titles, and a digit on a dial's topic dials it.
public enum MQTTSetPayload {
    public static let maxBytes = 4096

    /// A command to run, and the line `run --record` writes for it (never parsed again).
    public struct Request: Equatable {
        public var command: PanelCommand
        public var line: String
    }

    public static func command(_ bytes: [UInt8], widget: any WidgetView) -> Result<Request, Ignored> {
        guard bytes.count <= maxBytes else { return .failure("payload of \(bytes.count) bytes is over \(maxBytes)") }
        guard let text = String(validating: bytes, as: UTF8.self) else { return .failure("payload is not UTF-8") }
        let trimmed = text.trimmingSpaces
        guard !trimmed.isEmpty else { return .failure("empty payload") }
        if trimmed.hasPrefix("{") { return json(trimmed, widget: widget.id) }
        return bare(trimmed, widget: widget)
    }

    /// A JSON widget command (`set`, `dial`); the topic's widget is filled in when the payload
    /// has none and must match when it has one.
    package static func json(_ text: String, widget id: String) -> Result<Request, Ignored> {
        // The payload is outside input, read once by the protocol's own parser; the topic's
        // widget is the default, decided by the parsed keys (a string value "widget" is not one).
        let node: JSONNode
        switch JSONReader.parse(text) {
        case .failure(let e): return .failure("column \(e.location.column): \(e.message)")
        case .success(let n): node = n
        }
        var line = text
        if node.objectValue != nil, node["widget"] == nil {
            line = "{\"widget\":" + JSONLineWriter.quote(id) + "," + String(text.dropFirst())
            if line.hasSuffix(",}") { line = String(line.dropLast(2)) + "}" }
        }
        switch PanelCommand.parse(node: node, file: "command", line: 1, widget: id) {
        case .failure(let e): return .failure("column \(e.column): \(e.message)")
        case .success(let command):
            guard case let .widget(target, _) = command.action else {
                return .failure("only a widget command for '\(id)' ('set', 'style', or a dial's 'dial') is accepted here")
            }
            guard target == id else { return .failure("the command is for '\(target)', the topic for '\(id)'") }
            // A payload may be pretty-printed JSON, but a command is one line (it is logged
            // and recorded as JSON lines). It parsed, so any raw line break in it is
            // whitespace between tokens (a string cannot hold one), and a space does the same.
            return .success(Request(command: command, line: String(String.UnicodeScalarView(line.unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : $0 }))))
        }
    }

    /// A bare value, read as the widget's descriptor says (WidgetCatalog.bareSet).
    package static func bare(_ text: String, widget: any WidgetView) -> Result<Request, Ignored> {
        let number = Double(text).flatMap { $0.isFinite && abs($0) <= 1e9 ? $0 : nil }
        switch WidgetCatalog.bareSet(BarePayload(text: text, number: number, shown: excerpt(text)), on: widget) {
        case .failure(let e): return .failure(Ignored(stringLiteral: e.description))
        case .success(let set):
            var w = JSONLineWriter()
            w.add("command", set.verb)
            w.add("widget", widget.id)
            var arguments: [String: CommandValue] = [:]
            for f in set.fields {
                w.add(f.key, f.value)
                switch f.value {
                // On the recording's grid (6 decimals), so a replay applies what ran here.
                case .number(let d): arguments[f.key] = .number(Double(JSONLineWriter.number(d)) ?? d)
                case .integer(let i): arguments[f.key] = .number(Double(i))
                case .string(let s): arguments[f.key] = .string(s)
                case .bool(let b): arguments[f.key] = .bool(b)
                case .strings: return .failure("a \(widget.typeName) takes no list")
                }
            }
            return .success(Request(command: PanelCommand(.widget(id: widget.id, WidgetCommand(set.verb, arguments))), line: w.line))
        }
    }

    /// Why a payload is ignored (one log line).
    public struct Ignored: Error, Equatable, ExpressibleByStringInterpolation {
        public var reason: String
        public init(stringLiteral value: String) { reason = value }
    }

    /// A payload quoted in a log line: at most 40 characters, control characters escaped,
    /// so a quoted payload can never break the one-line-per-refusal rule.
    package static func excerpt(_ s: String) -> String { oneLine(s.count > 40 ? String(s.prefix(40)) + "…" : s) }

    /// Control characters as `\n`, `\u{1b}`…: what the log line shows stays on one line.
    package static func oneLine(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where c.value < 0x20 || (0x7f...0x9f).contains(c.value) || c == "\u{2028}" || c == "\u{2029}":
                out += "\\u{" + String(c.value, radix: 16) + "}"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }
}

extension String {
    package var trimmingSpaces: String {
        let scalars = unicodeScalars
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isSpace($0) })!
        return String(scalars[first...last])
    }
}
