import Graphics
import PanelLayout

/// `spinbox`: − value + on a pill, stepping a number in a range (SpinboxView). Home
/// Assistant: a `number` with the spinbox's range and step. A keypad or a button's
/// `action` may set it.
public enum SpinboxDescriptor: WidgetDescriptor {
    public static let kind = WidgetKind(
        name: "spinbox",
        doc: "− value +: steps a number in a range; holding − or + repeats (after 0.5 s, then every 0.1 s).",
        properties: [
            PropertyRule("range", .distinctPair, default: .array([.number(0), .number(100)]), doc: "[lo, hi]: the values it steps through; lo and hi differ and lie within ±1e9."),
            PropertyRule("step", .number(min: .above(0), max: .atMost(1e9)), default: .number(1), doc: "One tap of − or +, in value units; values lie on lo + k·step (hi itself is allowed)."),
            PropertyRule("value", .rangeEnd, doc: "The value at start (onto the grid, into the range); default: lo."),
            PropertyRule("valueFormat", .string(nonEmpty: true), doc: "printf-style format of the value, e.g. \"%.1f °C\"; default: as many decimals as the step has."),
            PropertyRule("title", .string(nonEmpty: false, maxLength: 64), doc: "A caption above the pill, at most 64 characters."),
        ] + PropertyRule.tileCommon("spinbox"),
        constraints: [.valueFormat()])
    public static var kinds: [WidgetKind] { [kind.takingNumbers()] }
    public static let commands = WidgetCommandSet("spinbox", ["set": ["value", "enabled"]])
    public static var commandSets: [WidgetCommandSet] { [commands] }
    public static var savesState: Bool { true }

    public static func make(_ spec: WidgetSpec, _ context: WidgetBuildContext) throws(GraphicsError) -> SpinboxView {
        let range = spec.numbers("range") ?? [0, 100]
        let step = spec.number("step") ?? 1
        var model = SpinboxModel(range: (range[0], range[1]), step: step, value: spec.number("value"))
        model.isEnabled = spec.bool("enabled") ?? true
        let decimals = max(ValueFormat.decimals(forStep: step), ValueFormat.decimals(forStep: range[0]))
        let format = spec.string("valueFormat").flatMap { ValueFormat($0) } ?? ValueFormat(decimals: decimals)
        return SpinboxView(id: spec.id, frame: Rect(spec.frame), model: model, format: format,
                           title: spec.string("title") ?? "", chrome: context.chrome(spec))
    }

    public static func homeAssistant(_ view: SpinboxView) -> HAEntity? {
        .number(min: view.model.lo, max: view.model.hi, rounding: view.model.rounding, mode: .box)
    }

    public static func bareSet(_ p: BarePayload, on view: SpinboxView) -> Result<BareSet, WidgetCommandError> {
        guard let n = p.number else { return .failure(WidgetCommandError("'\(p.shown)' is not a number")) }
        return .success(BareSet([EventField("value", .number(n))]))
    }

    /// Each of − and + is as wide as the pill is high, at most 30 % of its width: that is the target.
    public static func touchTarget(_ spec: WidgetSpec) -> Double? {
        let pill = spec.frame.height - SpinboxView.titleHeight(frameHeight: spec.frame.height, hasTitle: !(spec.string("title") ?? "").isEmpty)
        return Swift.min(pill, spec.frame.width * 0.3)
    }
}
