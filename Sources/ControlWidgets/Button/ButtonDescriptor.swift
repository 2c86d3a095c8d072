import Graphics
import PanelLayout

/// A push button. Home Assistant: an event entity with one event a tap (pressed and released
/// stay on the `events` topic, or a tap would be three logbook and recorder entries).
public enum ButtonDescriptor: WidgetDescriptor {
    /// A momentary push button.
    public static let kind = WidgetKind(
        name: "button",
        doc: "A push button: pressed, released and clicked events; optional auto-repeat.",
        properties: [
            PropertyRule("title", .string(nonEmpty: false), doc: "The button's text."),
            PropertyRule("icon", .icon, doc: "An icon above the title, or alone: `mdi:NAME` (a Material Design Icon, in the text's colour) or an image (PNG)."),
            PropertyRule("repeat", .bool, default: .bool(false), doc: "While held, click again after 0.5 s and then every 0.1 s (+ and - buttons)."),
            PropertyRule("selected", .bool, default: .bool(false), doc: "Drawn in the selected (accent) state."),
            PropertyRule("action", .object(ButtonAction.schema), doc: "Each click (and repeat) changes another widget: {\"step\": ID, \"by\": N} or {\"set\": ID, \"value\": V}."),
        ] + PropertyRule.tileCommon("button"),
        constraints: [ButtonAction.constraint],
        requiredAnyOf: [["title", "icon"]])
    public static var kinds: [WidgetKind] {
        var k = kind
        k.numberTargets = { ButtonAction.targets($0) }
        return [k]
    }
    public static let commands = WidgetCommandSet("button", ["set": ["title", "enabled", "selected"]])
    public static var commandSets: [WidgetCommandSet] { [commands] }
    public static var savesState: Bool { true }
    /// What a button's event entity reports (MQTTBridge publishes only these).
    public static let eventTypes = ["clicked"]

    public static func make(_ spec: WidgetSpec, _ context: WidgetBuildContext) throws(GraphicsError) -> ButtonView {
        ButtonView(id: spec.id, frame: Rect(spec.frame), title: spec.string("title") ?? "",
                   icon: try WidgetIcon.make(spec.string("icon")),
                   repeats: spec.bool("repeat") ?? false, chrome: context.chrome(spec),
                   enabled: spec.bool("enabled") ?? true, selected: spec.bool("selected") ?? false,
                   action: ButtonAction(spec.value("action")))
    }

    public static func homeAssistant(_ view: ButtonView) -> HAEntity? { .event(types: eventTypes) }

    public static func bareSet(_ p: BarePayload, on view: ButtonView) -> Result<BareSet, WidgetCommandError> {
        .success(BareSet([EventField("title", .string(p.text))]))
    }

    public static func touchTarget(_ spec: WidgetSpec) -> Double? { Swift.min(spec.frame.width, spec.frame.height) }
}
