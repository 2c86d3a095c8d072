import Formatting
import Graphics
import PanelLayout

/// A chart of values over time. Home Assistant: none (the values it draws come from Home
/// Assistant or a sensor already, which has its own history there). No touch target; the
/// state file keeps its points (`history`).
public enum ChartDescriptor: WidgetDescriptor {
    public static let maxSeries = 8
    public static let maxPoints = 5000
    /// 31 days.
    public static let maxWindow = 2_678_400.0
    static let palette = ["#0a84ff", "#ff9f0a", "#30d158", "#bf5af2", "#ff375f", "#64d2ff", "#ffd60a", "#ac8e68"]

    public static let kind = WidgetKind(
        name: "chart",
        doc: "A line or bar chart of one or more series over a time window, with axes, grid, min/max and threshold lines; fed by 'append' or a binding.",
        properties: [
            PropertyRule("look", .enumeration(ChartView.Look.allCases.map(\.rawValue)), default: .string("line"), doc: "line, bar, or sparkline (the line alone with its last point, for small tiles)."),
            PropertyRule("series", .array(of: .identifier, minCount: 1, maxCount: maxSeries), default: .array([.string("value")]), doc: "Names of the series (at most 8); 'append' names one with 'series', a binding feeds the first."),
            PropertyRule("colors", .array(of: .color, minCount: 1, maxCount: maxSeries), doc: "Colour of each series, in order; default: the theme's tint, then a palette."),
            PropertyRule("points", .integer(min: 2, max: maxPoints), default: .number(1000), doc: "Points kept a series, 2…5000; the oldest go first."),
            PropertyRule("window", .number(min: .atLeast(1), max: .atMost(maxWindow)), default: .number(86400), doc: "Seconds of history shown and kept, up to 31 days; the time axis ends at the latest point."),
            PropertyRule("min", .rangeEnd, doc: "Bottom of the value axis; default: below the lowest value shown."),
            PropertyRule("max", .rangeEnd, doc: "Top of the value axis; default: above the highest value shown."),
            PropertyRule("thresholds", .array(of: .rangeEnd, minCount: 0, maxCount: 8), doc: "Values drawn as dashed lines across the chart (at most 8)."),
            PropertyRule("thresholdColor", .color, default: .string("#ff453a"), doc: "Colour of the threshold lines."),
            PropertyRule("showMinMax", .bool, default: .bool(true), doc: "Dotted lines and labels at the lowest and highest value shown (not on a sparkline)."),
            PropertyRule("valueFormat", .string(nonEmpty: true), doc: "printf-style format of the value axis labels (\"%.1f°\"); default: decimals to suit the range."),
            PropertyRule("fontSize", .number(min: .atLeast(6), max: .atMost(64)), default: .number(12), doc: "Size of the axis labels in design pixels."),
        ],
        constraints: [
            .valueFormat(),
            WidgetConstraint { members in
                guard let lo = members["min"]?.value.numberValue, let hi = members["max"], let h = hi.value.numberValue, !(h > lo) else { return [] }
                return [(hi.value.location, "'max' must be greater than 'min' (\(lo))")]
            },
        ])
    public static var kinds: [WidgetKind] { [kind] }
    public static let commands = WidgetCommandSet("chart", ["append": ["value", "t", "series"], "set": ["history"]])
    public static var commandSets: [WidgetCommandSet] { [commands] }
    public static var savesState: Bool { true }

    public static func make(_ spec: WidgetSpec, _ context: WidgetBuildContext) throws(GraphicsError) -> ChartView {
        let names = spec.strings("series") ?? ["value"]
        let tint = Color(context.theme.tint)
        let given = (spec.strings("colors") ?? []).compactMap { Color(hex: $0) }
        let colors = names.indices.map { i in i < given.count ? given[i] : i == 0 ? tint : Color(hex: palette[i % palette.count]) ?? tint }
        let model = ChartModel(names: names, maxPoints: Int(spec.number("points") ?? 1000), window: spec.number("window") ?? 86400)
        return ChartView(id: spec.id, frame: Rect(spec.frame), model: model,
                         look: spec.string("look").flatMap(ChartView.Look.init(rawValue:)) ?? .line, colors: colors,
                         fixedMin: spec.number("min"), fixedMax: spec.number("max"), thresholds: spec.numbers("thresholds") ?? [],
                         thresholdColor: Color(hex: spec.string("thresholdColor") ?? "#ff453a") ?? Color(red: 1, green: 0.27, blue: 0.23),
                         showMinMax: spec.bool("showMinMax") ?? true, valueFormat: spec.string("valueFormat").flatMap { ValueFormat($0) },
                         fontName: context.theme.font, fontSize: spec.number("fontSize") ?? 12, textColor: Color(context.theme.textColor))
    }

    public static func homeAssistant(_ view: ChartView) -> HAEntity? { nil }

    /// A bare number (a binding's, or on the chart's `set` topic) is a point now.
    public static func bareSet(_ p: BarePayload, on view: ChartView) -> Result<BareSet, WidgetCommandError> {
        guard let v = p.number else { return .failure(WidgetCommandError("'\(p.shown)' is not a number")) }
        return .success(BareSet("append", [EventField("value", .number(v))]))
    }

    public static func touchTarget(_ spec: WidgetSpec) -> Double? { nil }
}
