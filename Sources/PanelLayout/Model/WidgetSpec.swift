/// One widget as the layout file describes it, placed in design pixels.
///
/// `properties` holds exactly the type-specific keys the file sets (not `id`, `type`,
/// `frame`, `cell`, `span`), already checked against the widget type's schema; image paths
/// are already resolved against the layout file's directory. `propertyOrder` lists those
/// keys in the order they appear in the file, for order-dependent rules such as the knob's
/// "min and max: the last one set wins".
///
/// The typed accessors return the file's value, or else the widget type's documented
/// default (from its `WidgetKind`), or nil when there is neither or the value has another shape.
public struct WidgetSpec: Sendable {
    public var id: String
    public var type: String
    public var frame: LayoutRect
    public var properties: [String: LayoutValue]
    public var propertyOrder: [String]
    /// Position of the widget object's opening brace.
    public var location: SourceLocation
    /// Position of each property's value in the file (same keys as `properties`).
    public var propertyLocations: [String: SourceLocation]
    /// The type's documented defaults, by key (copied from its kind by the checker).
    public var defaults: [String: LayoutValue]

    public init(id: String, type: String, frame: LayoutRect, properties: [String: LayoutValue] = [:],
                propertyOrder: [String]? = nil, location: SourceLocation = SourceLocation(line: 1, column: 1),
                propertyLocations: [String: SourceLocation] = [:], defaults: [String: LayoutValue] = [:]) {
        self.id = id
        self.type = type
        self.frame = frame
        self.properties = properties
        self.propertyOrder = propertyOrder ?? properties.keys.sorted()
        self.location = location
        self.propertyLocations = propertyLocations
        self.defaults = defaults
    }

    /// The file's value for `key`, or the type's default, or nil.
    public func value(_ key: String) -> LayoutValue? {
        properties[key] ?? defaultValue(key)
    }

    /// The widget type's documented default for `key`, if it has one.
    public func defaultValue(_ key: String) -> LayoutValue? {
        defaults[key]
    }

    /// True when the file itself sets `key` (defaults do not count).
    public func isSet(_ key: String) -> Bool {
        properties[key] != nil
    }

    public func number(_ key: String) -> Double? {
        value(key)?.numberValue
    }

    public func bool(_ key: String) -> Bool? {
        value(key)?.boolValue
    }

    public func string(_ key: String) -> String? {
        value(key)?.stringValue
    }

    public func strings(_ key: String) -> [String]? {
        guard let items = value(key)?.arrayValue else { return nil }
        let strings = items.compactMap(\.stringValue)
        return strings.count == items.count ? strings : nil
    }

    public func numbers(_ key: String) -> [Double]? {
        guard let items = value(key)?.arrayValue else { return nil }
        let numbers = items.compactMap(\.numberValue)
        return numbers.count == items.count ? numbers : nil
    }

    /// A colour; for a per-state colour object, its `normal` entry.
    public func color(_ key: String) -> RGBA? {
        switch value(key) {
        case .string(let hex)?: return RGBA(hex: hex)
        case .object?: return stateColors(key)?["normal"]
        default: return nil
        }
    }

    /// Per-state colours (`normal`, `highlighted`, `disabled`, `selected`). A single colour
    /// gives `["normal": c]`.
    public func stateColors(_ key: String) -> [String: RGBA]? {
        switch value(key) {
        case .string(let hex)?:
            return RGBA(hex: hex).map { ["normal": $0] }
        case .object(let members)?:
            var result: [String: RGBA] = [:]
            for (state, v) in members {
                if let hex = v.stringValue, let c = RGBA(hex: hex) { result[state] = c }
            }
            return result
        default:
            return nil
        }
    }

    /// Per-state strings (e.g. image paths). A single string gives `["normal": s]`.
    public func stateStrings(_ key: String) -> [String: String]? {
        switch value(key) {
        case .string(let s)?:
            return ["normal": s]
        case .object(let members)?:
            var result: [String: String] = [:]
            for (state, v) in members {
                if let s = v.stringValue { result[state] = s }
            }
            return result
        default:
            return nil
        }
    }
}
