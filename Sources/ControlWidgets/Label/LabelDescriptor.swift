import Graphics
import PanelLayout

/// Text on the panel: no entity in Home Assistant, no touches, nothing in the state file.
public enum LabelDescriptor: WidgetDescriptor {
    /// A line of text: static, set by commands, or showing another widget's value.
    public static let kind = WidgetKind(
        name: "label",
        doc: "Text inside its frame: static, set by a command, or bound to another widget's value.",
        properties: [
            PropertyRule("text", .string(nonEmpty: false, maxLength: 4096), doc: "The text, at most 4096 characters (required unless the label has 'bind'; a bound label shows it until the value is known)."),
            PropertyRule("bind", .oneOf([.identifier, .object(BindSchema.object)]), doc: "Id of a widget whose value this label shows, updated on every change; or an MQTT binding {\"topic\", \"path\", \"format\", \"staleAfter\"} whose values it shows as text."),
            PropertyRule("valueFormat", .string(nonEmpty: true), doc: "With bind: printf-style format of the bound value; default: the bound widget's own readout."),
            PropertyRule("icon", .icon, doc: "An icon before the text, in its colour: `mdi:NAME` (a Material Design Icon) or an image (PNG)."),
            .locale,
            PropertyRule("fontSize", .number(min: .above(0), max: .atMost(1000)), default: .number(24), doc: "Font size in design pixels."),
            PropertyRule("color", .color, doc: "Text color; default: the theme's textColor."),
            PropertyRule("align", .enumeration(["left", "center", "right"]), default: .string("center"), doc: "Horizontal alignment inside the frame."),
            PropertyRule("weight", .enumeration(["normal", "bold"]), default: .string("normal"), doc: "Font weight."),
            PropertyRule.fit,
        ],
        constraints: [
            .valueFormat(), .locale(),
            .needs("bind", for: ["valueFormat"], because: "it formats the bound value"),
        ],
        requiredAnyOf: [["text", "bind", "icon"]],
        bindable: false, framedTextKey: "text")
    public static var kinds: [WidgetKind] { [kind] }
    public static let commands = WidgetCommandSet("label", ["set": ["text"]])
    public static var commandSets: [WidgetCommandSet] { [commands] }
    public static var savesState: Bool { false }

    public static func make(_ spec: WidgetSpec, _ context: WidgetBuildContext) throws(GraphicsError) -> LabelView {
        let theme = context.theme
        let align: TextLayout.Alignment = spec.string("align") == "left" ? .left : spec.string("align") == "right" ? .right : .center
        return LabelView(id: spec.id, frame: Rect(spec.frame), text: spec.string("text") ?? "",
                         fontName: spec.string("fontName") ?? theme.font, fontSize: spec.number("fontSize") ?? 24,
                         color: spec.color("color").map(Color.init(_:)) ?? Color(theme.textColor),
                         alignment: align, bold: spec.string("weight") == "bold", fit: TextLayout.Fit(spec),
                         bind: spec.string("bind"), valueFormat: spec.string("valueFormat").flatMap { ValueFormat($0) },
                         locale: context.numberLocale(for: spec), icon: try WidgetIcon.make(spec.string("icon")))
    }

    public static func homeAssistant(_ view: LabelView) -> HAEntity? { nil }

    public static func bareSet(_ p: BarePayload, on view: LabelView) -> Result<BareSet, WidgetCommandError> {
        .success(BareSet([EventField("text", .string(p.text))]))
    }

    public static func touchTarget(_ spec: WidgetSpec) -> Double? { nil }
}
