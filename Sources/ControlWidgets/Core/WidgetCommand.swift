/// A command from the integrator to one widget, already parsed and checked at the edge:
/// `verb` is the command's name (`set`, or a widget type's own verb such as a dial's `dial`),
/// `arguments` every other key of the command object except `command` and `widget`.
///
/// Numbers here are always finite and within ±1e9 (the parser rejects anything else), so a
/// widget only has to check its own, tighter bounds. Each widget type says which keys it
/// takes (`WidgetView.commandKeys`); the parser rejects the others with a suggestion.
public struct WidgetCommand: Sendable, Equatable {
    public var verb: String
    public var arguments: [String: CommandValue]

    public init(_ verb: String = "set", _ arguments: [String: CommandValue] = [:]) {
        self.verb = verb; self.arguments = arguments
    }

    public func number(_ key: String) -> Double? { arguments[key]?.number }
    public func bool(_ key: String) -> Bool? { arguments[key]?.bool }
    public func string(_ key: String) -> String? { arguments[key]?.string }
    /// A whole number, or nil when absent or not whole.
    public func integer(_ key: String) -> Int? {
        guard let d = number(key), d == d.rounded(), abs(d) < 1e9 else { return nil }
        return Int(d)
    }
    /// The number under `key`; nil when absent, an error when present but not a number.
    public func checkedNumber(_ key: String) throws(WidgetCommandError) -> Double? {
        guard let v = arguments[key] else { return nil }
        guard let d = v.number else { throw WidgetCommandError("'\(key)' must be a number") }
        return d
    }
    /// The boolean under `key`; nil when absent, an error when present but not true/false.
    public func checkedBool(_ key: String) throws(WidgetCommandError) -> Bool? {
        guard let v = arguments[key] else { return nil }
        guard let b = v.bool else { throw WidgetCommandError("'\(key)' must be true or false") }
        return b
    }
    /// Whether the command asks for an animated change (`"animated": true`).
    public var animated: Bool { bool("animated") ?? false }
}

public enum CommandValue: Sendable, Equatable {
    case number(Double)
    case string(String)
    case bool(Bool)

    public var number: Double? { if case .number(let d) = self { return d }; return nil }
    public var string: String? { if case .string(let s) = self { return s }; return nil }
    public var bool: Bool? { if case .bool(let b) = self { return b }; return nil }
}

public struct WidgetCommandError: Error, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ message: String) { description = message }
}
