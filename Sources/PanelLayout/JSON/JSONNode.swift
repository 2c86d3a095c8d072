/// A JSON value together with where it starts in the source text.
///
/// Objects keep every member in source order, including duplicate keys, so that a checker
/// can report duplicates and order-dependent rules can see the author's order.
public struct JSONNode: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONNode])
        case object([JSONMember])
    }

    public var kind: Kind
    /// Position of the value's first character (the `{`, `[`, `"`, digit, sign or letter).
    public var location: SourceLocation

    public init(_ kind: Kind, at location: SourceLocation) {
        self.kind = kind
        self.location = location
    }

    /// The first member with this key, if the node is an object.
    public subscript(key: String) -> JSONNode? {
        member(key)?.value
    }

    /// The first member with this key, if the node is an object.
    public func member(_ key: String) -> JSONMember? {
        guard case .object(let members) = kind else { return nil }
        return members.first { $0.key == key }
    }

    public var stringValue: String? {
        if case .string(let s) = kind { return s }
        return nil
    }

    public var numberValue: Double? {
        if case .number(let n) = kind { return n }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let b) = kind { return b }
        return nil
    }

    public var arrayValue: [JSONNode]? {
        if case .array(let a) = kind { return a }
        return nil
    }

    public var objectValue: [JSONMember]? {
        if case .object(let m) = kind { return m }
        return nil
    }

    /// "a number", "a string", "an array", … for messages like "expected X, found Y".
    public var typeDescription: String {
        switch kind {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The value without positions.
    public var layoutValue: LayoutValue {
        switch kind {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .number(let n): return .number(n)
        case .string(let s): return .string(s)
        case .array(let items): return .array(items.map(\.layoutValue))
        case .object(let members): return .object(members.map { (key: $0.key, value: $0.value.layoutValue) })
        }
    }
}

/// One `"key": value` pair of a JSON object.
public struct JSONMember: Sendable, Equatable {
    public var key: String
    /// Position of the key's opening quote.
    public var keyLocation: SourceLocation
    public var value: JSONNode

    public init(key: String, keyLocation: SourceLocation, value: JSONNode) {
        self.key = key
        self.keyLocation = keyLocation
        self.value = value
    }
}

/// A JSON syntax error at one exact position.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String

    public init(location: SourceLocation, message: String) {
        self.location = location
        self.message = message
    }

    /// "LINE:COLUMN: MESSAGE"
    public var description: String { "\(location): \(message)" }
}
