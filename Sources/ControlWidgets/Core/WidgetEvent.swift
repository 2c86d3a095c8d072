/// What a widget reports to the outside world (becomes a JSON line on stdout / the socket):
/// an event name and the fields of that widget type, in the order they are written.
///
/// Each widget type owns its vocabulary (a knob's `position`/`positionIndex`, a slider's
/// `value`/`secondValue`, a dial's `number`); docs/protocol.md lists them per type. The runtime
/// adds `t` and `widget` in front and never interprets the fields.
public struct WidgetEvent: Sendable, Equatable {
    public enum Source: String, Sendable { case user, program }

    public var name: String
    public var fields: [EventField]

    public init(_ name: String, _ fields: [EventField] = []) {
        self.name = name; self.fields = fields
    }

    public static let trackingBegan = WidgetEvent("trackingBegan")
    public static let trackingEnded = WidgetEvent("trackingEnded")

    /// The value of field `key`, if present.
    public subscript(key: String) -> EventValue? { fields.first { $0.key == key }?.value }

    /// This event with another name (a `get` reply is the `valueChanged` fields named `state`).
    public func renamed(_ newName: String) -> WidgetEvent { WidgetEvent(newName, fields) }

    /// This event without the fields named in `keys` (a `state` reply has no `source`).
    public func removing(_ keys: Set<String>) -> WidgetEvent {
        WidgetEvent(name, fields.filter { !keys.contains($0.key) })
    }
}

/// One `"key": value` of an event line.
public struct EventField: Sendable, Equatable {
    public var key: String
    public var value: EventValue
    public init(_ key: String, _ value: EventValue) { self.key = key; self.value = value }
}

public enum EventValue: Sendable, Equatable {
    case number(Double)
    case integer(Int)
    case string(String)
    case bool(Bool)
    case strings([String])

    public var number: Double? {
        switch self {
        case .number(let d): return d
        case .integer(let i): return Double(i)
        default: return nil
        }
    }
    public var string: String? { if case .string(let s) = self { return s }; return nil }
    public var bool: Bool? { if case .bool(let b) = self { return b }; return nil }
}

/// Builds an event's fields in order, skipping absent optionals.
public struct EventFields {
    public private(set) var fields: [EventField] = []
    public init() {}
    public mutating func add(_ key: String, _ v: Double?) { if let v { fields.append(EventField(key, .number(v))) } }
    public mutating func add(_ key: String, _ v: Int?) { if let v { fields.append(EventField(key, .integer(v))) } }
    public mutating func add(_ key: String, _ v: String?) { if let v { fields.append(EventField(key, .string(v))) } }
    public mutating func add(_ key: String, _ v: Bool?) { if let v { fields.append(EventField(key, .bool(v))) } }
    public mutating func add(_ key: String, _ v: WidgetEvent.Source) { fields.append(EventField(key, .string(v.rawValue))) }
}
