import Graphics
import PanelLayout

/// A push button. Home Assistant: an event entity with one event a tap (pressed and released
/// stay on the `events` topic, or a tap would be three logbook and recorder entries).
public enum ButtonDescriptor: WidgetDescriptor {
    public static var kinds: [WidgetKind] { [WidgetTypes.button] }
    public static var savesState: Bool { true }
    /// What a button's event entity reports (MQTTBridge publishes only these).
    public static let eventTypes = ["clicked"]

    public static func make(_ spec: WidgetSpec, _ context: WidgetBuildContext) throws(GraphicsError) -> ButtonView {
        ButtonView(id: spec.id, frame: Rect(spec.frame), title: spec.string("title") ?? "",
                   icon: try spec.string("icon").map { (p: String) throws(GraphicsError) in try ImageSurface(pngPath: p) },
                   repeats: spec.bool("repeat") ?? false, chrome: context.chrome(spec),
                   enabled: spec.bool("enabled") ?? true, selected: spec.bool("selected") ?? false)
    }

    public static func homeAssistant(_ view: ButtonView) -> HAEntity? { .event(types: eventTypes) }

    public static func bareSet(_ p: BarePayload, on view: ButtonView) -> Result<BareSet, WidgetCommandError> {
        .success(BareSet([EventField("title", .string(p.text))]))
    }

    public static func touchTarget(_ spec: WidgetSpec) -> Double? { Swift.min(spec.frame.width, spec.frame.height) }
}
