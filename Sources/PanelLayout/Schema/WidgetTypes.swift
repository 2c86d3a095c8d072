/// A rule that looks at several properties of one widget together. It receives the
/// widget's members (first occurrence of each key) and returns problems to report.
public struct WidgetConstraint: Sendable {
    public var check: @Sendable ([String: JSONMember]) -> [(SourceLocation, String)]

    public init(_ check: @escaping @Sendable ([String: JSONMember]) -> [(SourceLocation, String)]) {
        self.check = check
    }
}

/// A widget type the layout format knows: its name, its properties and cross-checks.
public struct WidgetKind: Sendable {
    public var name: String
    public var doc: String
    public var properties: [PropertyRule]
    public var constraints: [WidgetConstraint]

    public init(name: String, doc: String, properties: [PropertyRule], constraints: [WidgetConstraint] = []) {
        self.name = name
        self.doc = doc
        self.properties = properties
        self.constraints = constraints
    }

    public func property(named key: String) -> PropertyRule? {
        properties.first { $0.name == key }
    }
}

/// The widget type registry. Adding a widget type (say "slider") is one entry in `all`.
public enum WidgetTypes {
    public static let all: [WidgetKind] = [knob, label, slider, rangeSlider]

    public static func kind(named name: String) -> WidgetKind? {
        all.first { $0.name == name }
    }

    public static var names: [String] { all.map(\.name) }

    /// The other widget types that have a property `key` ("mode" → knob), for messages
    /// about a property given to the wrong type.
    public static func types(having key: String, except name: String) -> [String] {
        all.filter { $0.name != name && $0.property(named: key) != nil }.map(\.name)
    }

    /// The knob, after IOSKnobControl (reference document 000/001). Property names are the
    /// reference's own; angles are in degrees where the reference uses radians.
    public static let knob = WidgetKind(
        name: "knob",
        doc: "A rotary knob (IOSKnobControl): four modes, several gestures, discrete or continuous positions.",
        properties: [
            PropertyRule("mode", .enumeration(["linearReturn", "wheelOfFortune", "continuous", "rotaryDial"]), default: .string("linearReturn"),
                         doc: "linearReturn: snaps to the nearest of `positions` at rest; wheelOfFortune: stops anywhere inside a segment; continuous: a circular slider; rotaryDial: an old telephone dial."),
            PropertyRule("gesture", .enumeration(["oneFingerRotation", "twoFingerRotation", "verticalPan", "tap"]), default: .string("oneFingerRotation"),
                         doc: "Gesture that turns the knob (twoFingerRotation and verticalPan are not available in rotaryDial mode)."),
            PropertyRule("circular", .bool, default: .bool(true), doc: "The circle is closed (all angles allowed; min and max ignored). Ignored in rotaryDial mode."),
            PropertyRule("clockwise", .bool, default: .bool(false), doc: "Position increases when the knob turns clockwise. Ignored in rotaryDial mode."),
            PropertyRule("normalized", .bool, default: .bool(true), doc: "With circular: keep position in (-180, 180]; false counts whole turns."),
            PropertyRule("min", .angle, default: .number(-180), doc: "Least position in degrees when circular is false. min and max are at most a full turn apart; the later key in the file wins."),
            PropertyRule("max", .angle, default: .number(180), doc: "Greatest position in degrees when circular is false. min and max are at most a full turn apart; the later key in the file wins."),
            PropertyRule("position", .angle, default: .number(0), doc: "Initial angular position in degrees."),
            PropertyRule("defaultPosition", .angle, default: .number(0), doc: "Position in degrees a double tap returns to."),
            PropertyRule("positions", .integer(min: 2, max: 1000), default: .number(2), doc: "Number of discrete positions (linearReturn, wheelOfFortune)."),
            PropertyRule("titles", .array(of: .string(nonEmpty: false), minCount: 0, maxCount: nil),
                         doc: "Titles drawn around a generated knob, one per position; missing ones are the position indices."),
            PropertyRule("timeScale", .number(min: .above(0), max: .atMost(1000)), default: .number(1), doc: "Return animation time scale: 30°/s divided by timeScale (rotaryDial: 300°/s); at most 1000."),
            PropertyRule("gestureSensitivity", .number(min: .above(0), max: .atMost(36000)), default: .number(57.29578),
                         doc: "verticalPan: degrees of rotation per control height (default 1 radian)."),
            PropertyRule("range", .distinctPair, doc: "[lo, hi]: the value reported to integrators, mapped linearly from min…max; lo and hi differ and lie within ±1e9."),
            PropertyRule("fillColor", .colorOrStateColors, doc: "Knob fill: a color, or per state {normal, highlighted, disabled, selected}. Default derived from the tint."),
            PropertyRule("titleColor", .colorOrStateColors, doc: "Title color: a color, or per state. Default derived from the tint."),
            PropertyRule("tint", .color, doc: "Tint for generated colors; default: the theme's tint."),
            PropertyRule("fontName", .string(nonEmpty: true), default: .string("DejaVu Sans"), doc: "Font family for generated titles and dial numbers."),
            PropertyRule("zoomTopTitle", .bool, default: .bool(true), doc: "Enlarge the title at the top (linearReturn, wheelOfFortune, generated knob)."),
            PropertyRule("zoomPointSize", .number(min: .atLeast(0), max: .atMost(500)), default: .number(0), doc: "Point size of the zoomed top title; 0 means 17."),
            PropertyRule("shadowOpacity", .number(min: .atLeast(0), max: .atMost(1)), default: .number(0), doc: "Opacity of the knob's and foreground's shadow, 0…1."),
            PropertyRule("shadowOffset", .tuple([TupleElement("dx", .shadowDistance), TupleElement("dy", .shadowDistance)]), default: .array([.number(0), .number(3)]),
                         doc: "Shadow offset [dx, dy] in design pixels (y down)."),
            PropertyRule("shadowRadius", .number(min: .atLeast(0), max: .atMost(100)), default: .number(3), doc: "Shadow blur radius in design pixels."),
            PropertyRule("shadowColor", .color, default: .string("#000000"), doc: "Shadow color."),
            PropertyRule("image", .imagePath, doc: "Knob image (PNG) for every state; replaces the generated knob."),
            PropertyRule("images", .stateMap(.imagePath), doc: "Knob images per state {normal, highlighted, disabled, selected}."),
            PropertyRule("backgroundImage", .imagePath, doc: "Stationary image behind the knob."),
            PropertyRule("foregroundImage", .imagePath, doc: "Stationary image in front of the knob (e.g. a dial's finger stop)."),
            PropertyRule("knobRadius", .number(min: .atLeast(0), max: .atMost(8192)), doc: "Radius in design pixels of the knob's shadow path and mask; default half the frame's smaller side."),
            PropertyRule("masksImage", .bool, default: .bool(false), doc: "Clip the knob image to a circle of knobRadius."),
            PropertyRule("fingerHoleRadius", .number(min: .above(0), max: .atMost(8192)), default: .number(22), doc: "rotaryDial: finger hole radius in design pixels."),
            PropertyRule("fingerHoleMargin", .number(min: .above(0), max: .atMost(8192)), doc: "rotaryDial: distance from a finger hole to the dial's edge; default derived from the size."),
            PropertyRule("enabled", .bool, default: .bool(true), doc: "A disabled knob ignores input and draws in its disabled colors."),
            PropertyRule("selected", .bool, default: .bool(false), doc: "Initial selected state (draws in the selected colors)."),
            PropertyRule("label", .string(nonEmpty: false), doc: "Caption drawn under the knob."),
            PropertyRule("finish", .enumeration(["satin", "flat"]), default: .string("satin"),
                         doc: "Surface of a generated knob: satin adds a soft sheen and a bevelled rim over the reference's fill colour (the centre row keeps the exact colour); flat is the reference's plain disc."),
            PropertyRule("step", .number(min: .above(0), max: .atMost(1e9)),
                         doc: "Continuous mode with a range: values snap to range lo + k·step (value units), whatever moves the knob. Default: none (any value)."),
            PropertyRule("valueFormat", .string(nonEmpty: true),
                         doc: "printf-style format of the value shown (\"%.1f °C\", \"%d %%\"): at most one of %d, %i, %.Nf with flags + space 0 -, width ≤ 20, precision ≤ 6. Default: decimals of the step, else about three significant digits of the range."),
            PropertyRule("valuePlacement", .enumeration(["center", "caption", "none"]),
                         doc: "Where a knob with a range shows its value: center (upright on the knob), caption (after the label), none. Default: center for continuous knobs with a range, else none."),
            PropertyRule("wheelStep", .number(min: .above(0), max: .atMost(1e9)), doc: "Continuous mode with a range: one wheel or encoder detent, value units. Default: step (else 5°)."),
            PropertyRule("keyStep", .number(min: .above(0), max: .atMost(1e9)), doc: "Continuous mode with a range: one arrow key, value units. Default: step (else 1°)."),
            PropertyRule("pageStep", .number(min: .above(0), max: .atMost(1e9)), doc: "Continuous mode with a range: PageUp/PageDown, value units. Default: 10 key steps (else 10°)."),
        ],
        constraints: [
            WidgetConstraint { members in
                guard members["mode"]?.value.stringValue == "rotaryDial",
                      let gesture = members["gesture"]?.value,
                      let name = gesture.stringValue,
                      name == "twoFingerRotation" || name == "verticalPan" else { return [] }
                return [(gesture.location, "'gesture': '\(name)' is not available in mode 'rotaryDial' (use 'oneFingerRotation' or 'tap')")]
            },
            .valueFormat(),
            .needs("range", for: ["step", "valueFormat", "wheelStep", "keyStep", "pageStep"], because: "they are in value units"),
        ])

    /// A line of static text.
    public static let label = WidgetKind(
        name: "label",
        doc: "Static text inside its frame.",
        properties: [
            PropertyRule("text", .string(nonEmpty: false), required: true, doc: "The text."),
            PropertyRule("fontSize", .number(min: .above(0), max: .atMost(1000)), default: .number(24), doc: "Font size in design pixels."),
            PropertyRule("color", .color, doc: "Text color; default: the theme's textColor."),
            PropertyRule("align", .enumeration(["left", "center", "right"]), default: .string("center"), doc: "Horizontal alignment inside the frame."),
            PropertyRule("weight", .enumeration(["normal", "bold"]), default: .string("normal"), doc: "Font weight."),
        ])
}
