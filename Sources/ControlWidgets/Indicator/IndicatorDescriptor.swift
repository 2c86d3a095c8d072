import Graphics
import PanelLayout

/// A status light (LED): off, on or blinking, a colour, a label. Home Assistant: a `select`
/// of off/on/blinking (the one entity that both shows the three states and sets them; a
/// `light` would add brightness and effects the LED does not have). No touch target.
public enum IndicatorDescriptor: WidgetDescriptor {
    public static let kind = WidgetKind(
        name: "indicator",
        doc: "A status light with a label: off, on or blinking (twice a period), in a colour; set by commands.",
        properties: [
            PropertyRule("state", .enumeration(IndicatorModel.State.allCases.map(\.rawValue)), default: .string("off"), doc: "off, on, or blinking (lit half of each period)."),
            PropertyRule("color", .color, default: .string("#34c759"), doc: "The light's colour when lit; unlit it is a dim disc of it."),
            PropertyRule("label", .string(nonEmpty: false, maxLength: 64), doc: "Text under the light, at most 64 characters."),
            PropertyRule("icon", .icon, doc: "An icon that is the light, instead of the LED: `mdi:NAME` (a Material Design Icon, lit in `color`, dim when off) or an image (PNG)."),
            PropertyRule("period", .number(min: .atLeast(0.2), max: .atMost(60)), default: .number(1), doc: "Blink period in seconds, 0.2…60."),
        ])
    public static var kinds: [WidgetKind] { [kind] }
    public static let commands = WidgetCommandSet("indicator", ["set": ["state", "color", "label"]])
    public static var commandSets: [WidgetCommandSet] { [commands] }
    public static var savesState: Bool { true }

    public static func make(_ spec: WidgetSpec, _ context: WidgetBuildContext) throws(GraphicsError) -> IndicatorView {
        let state = spec.string("state").flatMap(IndicatorModel.State.init(rawValue:)) ?? .off
        return IndicatorView(id: spec.id, frame: Rect(spec.frame), model: IndicatorModel(state: state, period: spec.number("period") ?? 1),
                             colorHex: spec.string("color") ?? "#34c759", label: spec.string("label") ?? "",
                             fontName: context.theme.font, textColor: Color(context.theme.textColor),
                             icon: try WidgetIcon.make(spec.string("icon")))
    }

    public static func homeAssistant(_ view: IndicatorView) -> HAEntity? {
        .select(options: IndicatorModel.State.allCases.map(\.rawValue), field: "state")
    }

    public static func bareSet(_ p: BarePayload, on view: IndicatorView) -> Result<BareSet, WidgetCommandError> {
        guard let s = IndicatorModel.State(rawValue: p.text.lowercased()) else {
            return .failure(WidgetCommandError("'\(p.shown)' is not off, on or blinking"))
        }
        return .success(BareSet([EventField("state", .string(s.rawValue))]))
    }

    /// A light shows state; it takes no touches.
    public static func touchTarget(_ spec: WidgetSpec) -> Double? { nil }
}
