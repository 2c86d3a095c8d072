/// A limit on a number; `inclusive` says whether the limit itself is allowed.
public struct NumberBound: Sendable, Equatable {
    public var value: Double
    public var inclusive: Bool

    public init(_ value: Double, inclusive: Bool = true) {
        self.value = value
        self.inclusive = inclusive
    }

    public static func atLeast(_ v: Double) -> NumberBound { NumberBound(v, inclusive: true) }
    public static func above(_ v: Double) -> NumberBound { NumberBound(v, inclusive: false) }
    public static func atMost(_ v: Double) -> NumberBound { NumberBound(v, inclusive: true) }
}

/// What one value in a layout file must look like. The checker (`PanelChecker`) and the
/// JSON Schema export (`PanelSchema.jsonSchema`) both read these, so they cannot disagree.
public indirect enum ValueRule: Sendable {
    /// At most `maxLength` Unicode scalars: every string has a limit, so that what `check`
    /// accepts renders in bounded time (a 2 MB label took 11 s to lay out).
    case string(nonEmpty: Bool, maxLength: Int = 256)
    /// Letters, digits, `_`, `.`, `-` (widget and page ids), at most `maxIdentifierLength`.
    case identifier
    case bool
    /// JSON `null` (in a `oneOf`, e.g. "seconds, or null for never").
    case null
    case number(min: NumberBound?, max: NumberBound?)
    case integer(min: Int?, max: Int?)
    /// One of a few integers (e.g. rotation 0, 90, 180, 270).
    case integerChoice([Int])
    case enumeration([String])
    /// `#rrggbb` or `#rrggbbaa`.
    case color
    /// A path relative to the layout file's directory; the file must be readable.
    case imagePath
    /// As `imagePath`, and the file may be a JPEG too (an image widget's `src`).
    case picturePath
    /// `mdi:NAME`, a Material Design Icon by its Home Assistant name (MaterialDesignIcons), or
    /// else an image path as `imagePath`.
    case icon
    /// A fixed-length array, one rule and name per element (e.g. `[x, y, w, h]`).
    case tuple([TupleElement])
    /// `maxCount` nil means `defaultMaxCount`: every array has a limit.
    case array(of: ValueRule, minCount: Int, maxCount: Int?)
    /// `[lo, hi]`, two numbers within ±10⁹ (`rangeEnd`) that differ.
    case distinctPair
    /// An object with any of the control states `normal`, `highlighted`, `disabled`, `selected`.
    case stateMap(ValueRule)
    /// The first alternative whose JSON type matches the value is checked.
    case oneOf([ValueRule])
    case object(ObjectSchema)

    public static let controlStates = ["normal", "highlighted", "disabled", "selected"]
    /// Limit of arrays that do not name their own.
    public static let defaultMaxCount = 256
    /// Widget and page ids.
    public static let maxIdentifierLength = 64
    /// Paths (image files, `$schema`): Linux's PATH_MAX.
    public static let maxPathLength = 4096
    public static let number = ValueRule.number(min: nil, max: nil)
    public static let positiveNumber = ValueRule.number(min: .above(0), max: nil)
    public static let nonNegativeNumber = ValueRule.number(min: .atLeast(0), max: nil)
    public static let colorOrStateColors = ValueRule.oneOf([.color, .stateMap(.color)])
    /// Degrees; ±1,000,000 (about 2,800 turns) is far beyond any knob and keeps the angle
    /// maths exact.
    public static let angle = ValueRule.number(min: .atLeast(-1_000_000), max: .atMost(1_000_000))
    /// A knob's `range` ends: ±10⁹, the bound on every number in a command, so that `set`
    /// can reach the whole range and `hi - lo` is finite (a range of ±1e308 made every
    /// value NaN).
    public static let rangeEnd = ValueRule.number(min: .atLeast(-1e9), max: .atMost(1e9))
    /// A frame's x or y in design pixels: a plain finite bound (frames must also lie inside
    /// the design, which is at most `PanelSchema.maxDesignSide` a side).
    public static let designCoordinate = ValueRule.number(min: .atLeast(-8192), max: .atMost(8192))
    /// A distance in design pixels (gaps, padding).
    public static let designLength = ValueRule.number(min: .atLeast(0), max: .atMost(8192))
    /// A width or height in design pixels.
    public static let designExtent = ValueRule.number(min: .above(0), max: .atMost(8192))
    /// Shadow offsets in design pixels.
    public static let shadowDistance = ValueRule.number(min: .atLeast(-1000), max: .atMost(1000))

    /// Which JSON kind this rule accepts, for choosing among `oneOf` alternatives.
    func accepts(_ node: JSONNode) -> Bool {
        switch (self, node.kind) {
        case (.string, .string), (.identifier, .string), (.enumeration, .string), (.color, .string), (.imagePath, .string), (.picturePath, .string), (.icon, .string):
            return true
        case (.bool, .bool): return true
        case (.null, .null): return true
        case (.number, .number), (.integer, .number), (.integerChoice, .number): return true
        case (.tuple, .array), (.array, .array), (.distinctPair, .array): return true
        case (.stateMap, .object), (.object, .object): return true
        case (.oneOf(let rules), _): return rules.contains { $0.accepts(node) }
        default: return false
        }
    }

    /// "a number", "a color string", … for "expected X, found Y".
    var expectation: String {
        switch self {
        case .string, .identifier: return "a string"
        case .bool: return "a boolean (true or false)"
        case .null: return "null"
        case .number: return "a number"
        case .integer, .integerChoice: return "an integer"
        case .enumeration: return "a string"
        case .color: return "a color string"
        case .imagePath: return "a string (image path)"
        case .picturePath: return "a string (PNG or JPEG path)"
        case .icon: return "a string (mdi:NAME or image path)"
        case .tuple(let elements): return "an array [\(elements.map(\.name).joined(separator: ", "))]"
        case .array: return "an array"
        case .distinctPair: return "an array [lo, hi]"
        case .stateMap: return "an object"
        case .object: return "an object"
        case .oneOf(let rules): return rules.map(\.expectation).joined(separator: " or ")
        }
    }
}

public struct TupleElement: Sendable {
    public var name: String
    public var rule: ValueRule

    public init(_ name: String, _ rule: ValueRule) {
        self.name = name
        self.rule = rule
    }
}

/// One key of an object in a layout file.
public struct PropertyRule: Sendable {
    public var name: String
    public var rule: ValueRule
    public var required: Bool
    /// The value used when the key is absent (nil: none, or computed elsewhere — see `doc`).
    public var defaultValue: LayoutValue?
    /// One sentence for panel authors (goes into the JSON Schema's description).
    public var doc: String
    /// An old key still accepted so that existing files load; the checker warns where it is
    /// used and the JSON Schema marks it `"deprecated": true`.
    public var deprecated: Bool

    public init(_ name: String, _ rule: ValueRule, required: Bool = false, default defaultValue: LayoutValue? = nil,
                deprecated: Bool = false, doc: String) {
        self.name = name
        self.rule = rule
        self.required = required
        self.defaultValue = defaultValue
        self.deprecated = deprecated
        self.doc = doc
    }
}

/// The keys an object may have.
public struct ObjectSchema: Sendable {
    /// How messages name the object: "theme", "grid", …
    public var name: String
    public var properties: [PropertyRule]

    public init(name: String, properties: [PropertyRule]) {
        self.name = name
        self.properties = properties
    }

    public func property(named key: String) -> PropertyRule? {
        properties.first { $0.name == key }
    }
}
