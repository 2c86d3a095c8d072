import Formatting
import Graphics
import PanelLayout
import PanelSystem

/// Everything the program knows about one widget type, in one place (LVGL's lv_obj_class_t
/// with its property table): the layout schema, the factory, the Home Assistant mapping as
/// data, how a bare MQTT value becomes a command, the touch-target rule, what the state file
/// keeps. Every requirement must be implemented: a type cannot silently fall back to another.
public protocol WidgetDescriptor {
    associatedtype View: WidgetView
    /// The layout types this descriptor builds (`slider` and `rangeSlider` share one).
    static var kinds: [WidgetKind] { get }
    /// A validated spec of one of `kinds` → the live view.
    static func make(_ spec: WidgetSpec, _ context: WidgetBuildContext) throws(GraphicsError) -> View
    /// The entity Home Assistant shows for the widget, nil for none.
    static func homeAssistant(_ view: View) -> HAEntity?
    /// A bare (non-JSON) payload on the widget's MQTT `set` topic → the command it means.
    static func bareSet(_ payload: BarePayload, on view: View) -> Result<BareSet, WidgetCommandError>
    /// The side in design pixels of the widget's touch target, nil when it takes no touches.
    static func touchTarget(_ spec: WidgetSpec) -> Double?
    /// Whether the state file keeps the widget's snapshot (its `state` fields) across starts.
    static var savesState: Bool { get }
    /// Every command vocabulary the type's views take (a knob has one for dials and one for
    /// the other modes): the views return one of these, docs/protocol.md is checked against them.
    static var commandSets: [WidgetCommandSet] { get }
    /// The MQTT binding of a widget of this type: its `bind` object (the default), or a
    /// type's own (an image's `topic`, whose payloads are pictures).
    static func binding(_ spec: WidgetSpec) -> BindSpec?
}

/// The verbs a widget takes and the keys of each, as data (a view's `commandKeys`).
public struct WidgetCommandSet: Sendable {
    /// The layout type, and which of its views take these (nil: all of them).
    public let type: String
    public let variant: String?
    public let verbs: [String: Set<String>]
    public init(_ type: String, variant: String? = nil, _ verbs: [String: Set<String>]) {
        self.type = type; self.variant = variant; self.verbs = verbs
    }
}

/// What a factory needs besides the spec. `theme` carries the panel's colour tokens
/// (`theme.surface`, `.muted`, `.track`, `.danger`, … beside `tint` and `textColor`).
public struct WidgetBuildContext {
    public var theme: Theme
    public var shared: SharedLayers
    /// The wall clock for widgets that show the time (a clock), as a function of frame time.
    public var wallClock: WallClock
    /// The panel's `locale`: how numbers are written on screen.
    public var locale: NumberLocale
    public init(theme: Theme, shared: SharedLayers = SharedLayers(), wallClock: WallClock = .startingNow(), locale: NumberLocale = .standard) {
        self.theme = theme; self.shared = shared; self.wallClock = wallClock; self.locale = locale
    }

    /// The widget's own `locale`, else the panel's.
    public func numberLocale(for spec: WidgetSpec) -> NumberLocale {
        spec.string("locale").flatMap { NumberLocale($0) } ?? locale
    }

    /// The tile controls' look: the widget's tint (else the theme's), the theme's font and text colour.
    func chrome(_ spec: WidgetSpec) -> ControlChrome {
        var chrome = ControlChrome(tint: spec.color("tint").map(Color.init(_:)) ?? Color(theme.tint), fontName: theme.font,
                                   fontSize: spec.number("fontSize"), textColor: Color(theme.textColor), surface: Color(theme.surface))
        chrome.fit = TextLayout.Fit(spec, default: .shrink)
        return chrome
    }
}

/// A Home Assistant MQTT entity, as data: HADiscovery writes its config message.
/// How Home Assistant shows a `number` (number.py's `mode`): a slider, or a box to type into.
public enum NumberEntry: String, Equatable, Sendable { case slider, box }

public enum HAEntity: Equatable, Sendable {
    /// `number` between min and max, stepped as the widget rounds what it publishes, shown
    /// as a slider (a knob, a fader) or a box to type into (a keypad, a spinbox).
    case number(min: Double, max: Double, rounding: ValueRounding, mode: NumberEntry = .slider)
    /// `select` among these options, read from the state's `field` (a knob's `title`).
    case select(options: [String], field: String)
    /// `switch` ON/OFF on the state's `on`.
    case onOffSwitch
    /// `event` with these event types, published on the widget's event topic.
    case event(types: [String])
    /// Read-only `sensor` of the state's `value` (a meter, a gauge), in `unit` if it has one,
    /// shown with the decimals the widget publishes.
    case sensor(unit: String?, rounding: ValueRounding)

    public var component: String {
        switch self {
        case .number: "number"
        case .select: "select"
        case .onOffSwitch: "switch"
        case .event: "event"
        case .sensor: "sensor"
        }
    }
}

/// A bare MQTT payload as the descriptor reads it: the trimmed text, its number (finite,
/// within ±1e9) if it is one, and the text as a log line may quote it.
public struct BarePayload {
    public let text: String
    public let number: Double?
    public let shown: String
    public init(text: String, number: Double?, shown: String) { self.text = text; self.number = number; self.shown = shown }
}

/// A command a bare payload means: its verb and arguments in the order they are written.
public struct BareSet: Equatable {
    public var verb: String
    public var fields: [EventField]
    public init(_ verb: String, _ fields: [EventField]) { self.verb = verb; self.fields = fields }
    /// A `set` with these arguments.
    public init(_ fields: [EventField]) { self.init("set", fields) }
}

extension Color {
    public init(_ c: RGBA) { self.init(red: c.r, green: c.g, blue: c.b, alpha: c.a) }
}

/// The generic entry points the catalog calls with a view of unknown type: the one place a
/// view is cast to its concrete type, and only to the type its own descriptor built.
extension WidgetDescriptor {
    public static func binding(_ spec: WidgetSpec) -> BindSpec? { spec.binding }

    /// The view as this descriptor's concrete type, nil when another descriptor built it (for
    /// a caller that drives one type's model on purpose, as the bench drives a knob's sweep).
    public static func view(_ view: any WidgetView) -> View? { view as? View }

    static func makeAny(_ spec: WidgetSpec, _ context: WidgetBuildContext) throws(GraphicsError) -> any WidgetView {
        try make(spec, context)
    }
    static func homeAssistantAny(_ view: any WidgetView) -> HAEntity? {
        (view as? View).flatMap(homeAssistant)
    }
    static func bareSetAny(_ payload: BarePayload, on view: any WidgetView) -> Result<BareSet, WidgetCommandError>? {
        (view as? View).map { bareSet(payload, on: $0) }
    }
}

extension Rect {
    /// A layout file's frame in design pixels.
    public init(_ f: LayoutRect) { self.init(x: f.x, y: f.y, width: f.width, height: f.height) }
}
