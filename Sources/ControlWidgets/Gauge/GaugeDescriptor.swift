import Graphics
import PanelLayout

/// A read-only gauge: a needle or a filled arc over a scale with zones, ticks, tick labels,
/// a readout and a title. Home Assistant: a `sensor`. No touch target. Not kept in the state
/// file, for the meter's reason: it shows outside data, which its source sets again.
public enum GaugeDescriptor: WidgetDescriptor {
    public static let kind = WidgetKind(
        name: "gauge",
        doc: "A read-only gauge: a needle or an arc over a scale with zones, tick labels, a readout and a title; set by commands.",
        properties: InstrumentValue.properties(valueDefault: true) + [
            PropertyRule("pointer", .enumeration(GaugeView.Pointer.allCases.map(\.rawValue)), default: .string("needle"),
                         doc: "needle: a needle over the scale; arc: the scale's arc filled up to the value in its zone's colour, the readout in the middle."),
            PropertyRule("startAngle", .number(min: .atLeast(-360), max: .atMost(360)), default: .number(-135),
                         doc: "Where the scale starts (range lo), degrees: 0 at 12 o'clock, positive clockwise."),
            PropertyRule("endAngle", .number(min: .atLeast(-360), max: .atMost(360)), default: .number(135),
                         doc: "Where the scale ends (range hi), degrees, clockwise from startAngle and at most 360° from it."),
            PropertyRule("ticks", .integer(min: 0, max: 41), default: .number(6), doc: "Major ticks, both ends included (0: none, else at least 2)."),
            PropertyRule("minorTicks", .integer(min: 0, max: 20), default: .number(4), doc: "Minor ticks between two major ticks."),
            PropertyRule("tickLabels", .bool, default: .bool(true), doc: "Write the value at each major tick."),
            PropertyRule("title", .string(nonEmpty: false, maxLength: 32), doc: "Text on the dial under the readout (\"RPM\", \"OIL °C\"), at most 32 characters."),
            PropertyRule("color", .color, doc: "The needle's colour, or the arc's where no zone covers the value. Default: #ff5c33 for a needle, the theme's tint for an arc."),
        ] + PropertyRule.captionRules(placementDoc: "Where the title goes: inside (on the dial, under the readout), below (under the dial, which shrinks to leave it a line) or none. Default: inside (the theme's captionPlacement is for knobs and sliders)."),
        constraints: InstrumentValue.constraints + [
            WidgetConstraint { members in
                // Reported at endAngle, else at startAngle when only that one is given.
                guard let node = members["endAngle"] ?? members["startAngle"] else { return [] }
                let start = members["startAngle"]?.value.numberValue ?? -135, end = members["endAngle"]?.value.numberValue ?? 135
                let key = members["endAngle"] != nil ? "endAngle" : "startAngle"
                if end <= start { return [(node.value.location, "'\(key)': the scale must run clockwise, endAngle \(GaugeDescriptor.degrees(end)) above startAngle \(GaugeDescriptor.degrees(start))")] }
                if end - start > 360 { return [(node.value.location, "'\(key)': the scale spans \(GaugeDescriptor.degrees(end - start)), more than a full turn (360°)")] }
                return []
            },
            WidgetConstraint { members in
                guard let node = members["ticks"]?.value, node.numberValue == 1 else { return [] }
                return [(node.location, "'ticks': 1 tick cannot mark both ends (0 for none, else 2…41)")]
            },
        ])
    public static var kinds: [WidgetKind] { [kind] }
    public static let commands = WidgetCommandSet("gauge", ["set": ["value", "animated"]])
    public static var commandSets: [WidgetCommandSet] { [commands] }
    public static var savesState: Bool { false }

    public static func make(_ spec: WidgetSpec, _ context: WidgetBuildContext) throws(GraphicsError) -> GaugeView {
        let reading = InstrumentValue(spec)
        let model = GaugeModel(reading: reading, startAngle: spec.number("startAngle") ?? -135, endAngle: spec.number("endAngle") ?? 135)
        var look = GaugeView.Look()
        look.pointer = spec.string("pointer").flatMap(GaugeView.Pointer.init(rawValue:)) ?? .needle
        look.zones = ValueZones(spec.value("zones"), lo: reading.lo, hi: reading.hi)
        look.ticks = ArcTicks(majors: Int(spec.number("ticks") ?? 6), minorsBetween: Int(spec.number("minorTicks") ?? 4))
        look.tickLabels = spec.bool("tickLabels") ?? true
        look.showValue = spec.bool("showValue") ?? true
        look.title = spec.string("title") ?? ""
        look.caption = CaptionStyle(spec, theme: context.theme, defaultPlacement: .inside)
        look.color = spec.color("color").map(Color.init(_:)) ?? (look.pointer == .arc ? Color(context.theme.tint) : Color(red: 1, green: 0.36, blue: 0.2))
        look.fontName = context.theme.font
        look.textColor = Color(context.theme.textColor)
        return GaugeView(id: spec.id, frame: Rect(spec.frame), model: model, look: look, shared: context.shared)
    }

    public static func homeAssistant(_ view: GaugeView) -> HAEntity? {
        .sensor(unit: view.model.reading.unit.isEmpty ? nil : view.model.reading.unit, rounding: view.model.reading.rounding)
    }

    public static func bareSet(_ p: BarePayload, on view: GaugeView) -> Result<BareSet, WidgetCommandError> {
        guard let n = p.number else { return .failure(WidgetCommandError("'\(p.shown)' is not a number")) }
        return .success(BareSet([EventField("value", .number(n))]))
    }

    fileprivate static func degrees(_ v: Double) -> String { (v == v.rounded() ? String(Int(v)) : String(v)) + "°" }

    /// A gauge shows a reading; it takes no touches.
    public static func touchTarget(_ spec: WidgetSpec) -> Double? { nil }
}
