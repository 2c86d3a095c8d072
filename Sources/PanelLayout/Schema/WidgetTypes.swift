/// A rule that looks at several properties of one widget together. It receives the
/// widget's members (first occurrence of each key) and returns problems to report.
public struct WidgetConstraint: Sendable {
    public var check: @Sendable ([String: JSONMember]) -> [(SourceLocation, String)]

    public init(_ check: @escaping @Sendable ([String: JSONMember]) -> [(SourceLocation, String)]) {
        self.check = check
    }
}

/// A rule on a widget's placed frame (after `frame` or `cell` + `span` became a rectangle):
/// it receives the members, the frame and where the frame came from (the `frame` or `cell`
/// value), and returns problems to report.
public struct WidgetFrameConstraint: Sendable {
    public var check: @Sendable ([String: JSONMember], LayoutRect, SourceLocation) -> [(SourceLocation, String)]

    public init(_ check: @escaping @Sendable ([String: JSONMember], LayoutRect, SourceLocation) -> [(SourceLocation, String)]) {
        self.check = check
    }
}

/// A widget type the layout format knows: its name, its properties and cross-checks.
public struct WidgetKind: Sendable {
    public var name: String
    public var doc: String
    public var properties: [PropertyRule]
    public var constraints: [WidgetConstraint]
    /// Groups of keys of which at least one must be given (a label's `text` or `bind`); a
    /// missing one is reported like a missing required key, at the object's `{`.
    public var requiredAnyOf: [[String]]
    public var frameConstraints: [WidgetFrameConstraint]
    /// Like `constraints`, but what they return are warnings: the file still loads (a
    /// deprecated key says what replaced it).
    public var warnings: [WidgetConstraint]
    /// Whether a label's `bind` may name a widget of this type (it has a value to show), and
    /// whether its value may be fed from MQTT: a bindable kind gets the `bind` key
    /// (BindSchema) unless it declares its own (a label's takes a widget id or that object).
    public var bindable: Bool
    /// How many titles a widget of this type lays out on the first frame (a discrete knob's
    /// positions), for the per-page budget; 0 for types without titles.
    public var titlesDrawn: @Sendable (WidgetSpec) -> Int
    /// The key whose text is wrapped inside the widget's frame and must fit it (a label's
    /// `text`), for `check`'s overflow warning; nil when no text is laid out that way.
    public var framedTextKey: String?
    /// Whether a keypad's `target` or a button's `action` may name this widget: it takes a
    /// number through `set` with `value` (a knob with a `range`, a slider, a spinbox).
    public var takesNumber: @Sendable (WidgetSpec) -> Bool = { _ in false }
    /// The widgets this one changes by number (a keypad's `target`, a button's `action`):
    /// the key that names each (for the error's position) and the id it names.
    public var numberTargets: @Sendable (WidgetSpec) -> [(key: String, id: String)] = { _ in [] }
    /// Whether a rotary dial's `target` may name this widget: it takes typed digits (a keypad).
    public var takesDigits = false
    /// The widgets this one types digits into (a rotary dial's `target`), as `numberTargets`.
    public var digitTargets: @Sendable (WidgetSpec) -> [(key: String, id: String)] = { _ in [] }

    public init(name: String, doc: String, properties: [PropertyRule], constraints: [WidgetConstraint] = [],
                requiredAnyOf: [[String]] = [], frameConstraints: [WidgetFrameConstraint] = [], warnings: [WidgetConstraint] = [],
                bindable: Bool = true, titlesDrawn: @escaping @Sendable (WidgetSpec) -> Int = { _ in 0 }, framedTextKey: String? = nil) {
        self.name = name
        self.doc = doc
        let takesBind = bindable && !properties.contains { $0.name == "bind" }
        self.properties = properties + (takesBind ? [BindSchema.property] : [])
        self.constraints = constraints + (takesBind || properties.contains { $0.name == "bind" } ? [BindSchema.constraint] : [])
        self.requiredAnyOf = requiredAnyOf
        self.frameConstraints = frameConstraints
        self.warnings = warnings
        self.bindable = bindable
        self.titlesDrawn = titlesDrawn
        self.framedTextKey = framedTextKey
    }

    public func property(named key: String) -> PropertyRule? {
        properties.first { $0.name == key }
    }

    /// This kind, taking numbers from keypads and button actions when `rule` says so.
    public func takingNumbers(_ rule: @escaping @Sendable (WidgetSpec) -> Bool = { _ in true }) -> WidgetKind {
        var k = self
        k.takesNumber = rule
        return k
    }

    /// The documented default of each key that has one.
    public var defaults: [String: LayoutValue] {
        Dictionary(properties.compactMap { r in r.defaultValue.map { (r.name, $0) } }, uniquingKeysWith: { first, _ in first })
    }
}

/// The widget types a layout may use, passed explicitly to the loader, the checker and the
/// schema export by whoever owns the list (ControlWidgets' `WidgetCatalog.kinds`): this
/// module declares no type of its own and keeps no global list.
public struct WidgetKinds: Sendable {
    public let all: [WidgetKind]

    public init(_ all: [WidgetKind]) { self.all = all }

    public func kind(named name: String) -> WidgetKind? {
        all.first { $0.name == name }
    }

    public var names: [String] { all.map(\.name) }

    /// The other widget types that have a property `key` ("mode" → knob), for messages
    /// about a property given to the wrong type.
    public func types(having key: String, except name: String) -> [String] {
        all.filter { $0.name != name && $0.property(named: key) != nil }.map(\.name)
    }
}
