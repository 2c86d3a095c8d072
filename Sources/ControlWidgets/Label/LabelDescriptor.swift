import Graphics
import PanelLayout

/// Text on the panel: no entity in Home Assistant, no touches, nothing in the state file.
public enum LabelDescriptor: WidgetDescriptor {
    public static var kinds: [WidgetKind] { [WidgetTypes.label] }
    public static var savesState: Bool { false }

    public static func make(_ spec: WidgetSpec, _ context: WidgetBuildContext) throws(GraphicsError) -> LabelView {
        let theme = context.theme
        let align: TextLayout.Alignment = spec.string("align") == "left" ? .left : spec.string("align") == "right" ? .right : .center
        return LabelView(id: spec.id, frame: Rect(spec.frame), text: spec.string("text") ?? "",
                         fontName: spec.string("fontName") ?? theme.font, fontSize: spec.number("fontSize") ?? 24,
                         color: spec.color("color").map(Color.init(_:)) ?? Color(theme.textColor),
                         alignment: align, bold: spec.string("weight") == "bold",
                         bind: spec.string("bind"), valueFormat: spec.string("valueFormat").flatMap { ValueFormat($0) })
    }

    public static func homeAssistant(_ view: LabelView) -> HAEntity? { nil }

    public static func bareSet(_ p: BarePayload, on view: LabelView) -> Result<BareSet, WidgetCommandError> {
        .success(BareSet([EventField("text", .string(p.text))]))
    }

    public static func touchTarget(_ spec: WidgetSpec) -> Double? { nil }
}
