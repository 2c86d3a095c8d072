import Graphics
import PanelLayout

/// A read-only level meter (a bar or an LED ladder) with zones and an optional peak hold.
/// Home Assistant: a `sensor` (read-only; the panel shows what it is sent). No touch target.
/// Not kept in the state file: a meter shows outside data, and a level restored from a file
/// after a restart would look live while its source may be gone; the source (or MQTT's
/// retained message) sets it again.
public enum MeterDescriptor: WidgetDescriptor {
    public static let kind = WidgetKind(
        name: "meter",
        doc: "A read-only level meter: a bar or LED ladder over a range, with zones, an optional readout and a peak hold; set by commands.",
        properties: InstrumentValue.properties(valueDefault: false) + [
            PropertyRule("orientation", .enumeration(MeterGeometry.Orientation.allCases.map(\.rawValue)),
                         doc: "horizontal (fills to the right) or vertical (fills upwards). Default: vertical when the frame is taller than wide, else horizontal."),
            PropertyRule("segments", .integer(min: 0, max: 64), default: .number(0),
                         doc: "0: a continuous bar; 2…64: an LED ladder of this many segments, level × segments of them lit (rounded)."),
            PropertyRule("peakHold", .number(min: .atLeast(0), max: .atMost(60)), default: .number(0),
                         doc: "Seconds the peak marker holds the highest value before it falls (0: no marker), 0…60."),
            PropertyRule("peakFall", .number(min: .above(0), max: .atMost(1e9)),
                         doc: "How fast the peak marker falls after its hold, range units per second. Default: half the range a second."),
            PropertyRule("color", .color, doc: "The bar's colour where no zone covers it. Default: the theme's tint."),
            PropertyRule("label", .string(nonEmpty: false, maxLength: 64), doc: "Caption (below a vertical meter, above a horizontal one on the left), at most 64 characters."),
            PropertyRule("captionSize", .number(min: .atLeast(6), max: .atMost(200)),
                         doc: "Size of the label and readout in design pixels (at most 40 % of a horizontal meter's height). Default: the theme's captionSize, else 5 % of a vertical meter's length or 30 % of a horizontal one's height, 11…18."),
        ],
        constraints: InstrumentValue.constraints + [
            WidgetConstraint { members in
                guard let node = members["segments"]?.value, node.numberValue == 1 else { return [] }
                return [(node.location, "'segments': 1 segment is not a ladder (0 for a continuous bar, else 2…64)")]
            },
        ])
    public static var kinds: [WidgetKind] { [kind] }
    public static let commands = WidgetCommandSet("meter", ["set": ["value"]])
    public static var commandSets: [WidgetCommandSet] { [commands] }
    public static var savesState: Bool { false }

    public static func make(_ spec: WidgetSpec, _ context: WidgetBuildContext) throws(GraphicsError) -> MeterView {
        let reading = InstrumentValue(spec)
        let frame = Rect(spec.frame)
        let orientation = spec.string("orientation").flatMap(MeterGeometry.Orientation.init(rawValue:))
            ?? (frame.height > frame.width ? .vertical : .horizontal)
        let model = MeterModel(reading: reading, peakHold: spec.number("peakHold") ?? 0, peakFall: spec.number("peakFall"))
        return MeterView(id: spec.id, frame: frame, model: model, orientation: orientation,
                         zones: ValueZones(spec.value("zones"), lo: reading.lo, hi: reading.hi), segments: Int(spec.number("segments") ?? 0),
                         barColor: spec.color("color").map(Color.init(_:)) ?? Color(context.theme.tint),
                         label: spec.string("label") ?? "", showValue: spec.bool("showValue") ?? false,
                         fontName: context.theme.font, textColor: Color(context.theme.textColor),
                         captionSize: spec.number("captionSize") ?? context.theme.captionSize, shared: context.shared)
    }

    public static func homeAssistant(_ view: MeterView) -> HAEntity? {
        .sensor(unit: view.model.reading.unit.isEmpty ? nil : view.model.reading.unit, rounding: view.model.reading.rounding)
    }

    public static func bareSet(_ p: BarePayload, on view: MeterView) -> Result<BareSet, WidgetCommandError> {
        guard let n = p.number else { return .failure(WidgetCommandError("'\(p.shown)' is not a number")) }
        return .success(BareSet([EventField("value", .number(n))]))
    }

    /// A meter shows a reading; it takes no touches.
    public static func touchTarget(_ spec: WidgetSpec) -> Double? { nil }
}
