import Graphics
import PanelLayout

/// An on/off switch. Home Assistant: a switch, ON/OFF on the state's `on`.
public enum ToggleDescriptor: WidgetDescriptor {
    /// An on/off switch.
    public static let kind = WidgetKind(
        name: "toggle",
        doc: "An on/off switch with a title; a tap flips it (valueChanged with on).",
        properties: [
            PropertyRule("title", .string(nonEmpty: false), required: true, doc: "The text beside the switch."),
            PropertyRule("icon", .icon, doc: "An icon before the title: `mdi:NAME` (a Material Design Icon, in the accent colour while on) or an image (PNG)."),
            PropertyRule("on", .bool, default: .bool(false), doc: "Initial state."),
        ] + PropertyRule.tileCommon("toggle"))
    public static var kinds: [WidgetKind] { [kind] }
    public static let commands = WidgetCommandSet("toggle", ["set": ["on", "enabled"]])
    public static var commandSets: [WidgetCommandSet] { [commands] }
    public static var savesState: Bool { true }

    public static func make(_ spec: WidgetSpec, _ context: WidgetBuildContext) throws(GraphicsError) -> ToggleView {
        ToggleView(id: spec.id, frame: Rect(spec.frame), title: spec.string("title") ?? "", icon: try WidgetIcon.make(spec.string("icon")), on: spec.bool("on") ?? false,
                   chrome: context.chrome(spec), enabled: spec.bool("enabled") ?? true)
    }

    public static func homeAssistant(_ view: ToggleView) -> HAEntity? { .onOffSwitch }

    public static func bareSet(_ p: BarePayload, on view: ToggleView) -> Result<BareSet, WidgetCommandError> {
        switch p.text.lowercased() {
        case "on", "true", "1": .success(BareSet([EventField("on", .bool(true))]))
        case "off", "false", "0": .success(BareSet([EventField("on", .bool(false))]))
        default: .failure(WidgetCommandError("'\(p.shown)' is not ON/OFF, true/false or 1/0"))
        }
    }

    public static func touchTarget(_ spec: WidgetSpec) -> Double? { Swift.min(spec.frame.width, spec.frame.height) }
}
