import Formatting
import Graphics
import PanelLayout
import PanelSystem

/// The list of widget types: a new type is its descriptor plus one line here.
public enum WidgetCatalog {
    public static var all: [any WidgetDescriptor.Type] { [
        KnobDescriptor.self,
        LabelDescriptor.self,
        SliderDescriptor.self,
        ButtonDescriptor.self,
        ToggleDescriptor.self,
        SegmentedDescriptor.self,
        IndicatorDescriptor.self,
        MeterDescriptor.self,
        GaugeDescriptor.self,
        KeypadDescriptor.self,
        SpinboxDescriptor.self,
        FaderDescriptor.self,
        ChartDescriptor.self,
        ClockDescriptor.self,
        ImageDescriptor.self,
    ] }

    /// Every layout type, in the list's order: what the loader, the checker and the schema
    /// export are given (PanelLayout cannot see this module and keeps no list of its own).
    public static let kinds = WidgetKinds(all.flatMap { $0.kinds })

    public static func descriptor(named name: String) -> (any WidgetDescriptor.Type)? {
        all.first { $0.kinds.contains { $0.name == name } }
    }

    /// The view for a validated spec. The checker only lets through the types of `kinds`.
    public static func makeView(_ spec: WidgetSpec, theme: Theme, shared: SharedLayers = SharedLayers(),
                                wallClock: WallClock = .startingNow(), locale: NumberLocale = .standard) throws(GraphicsError) -> any WidgetView {
        guard let d = descriptor(named: spec.type) else { throw GraphicsError("widget '\(spec.id)'", "unknown widget type '\(spec.type)'") }
        return try d.makeAny(spec, WidgetBuildContext(theme: theme, shared: shared, wallClock: wallClock, locale: locale))
    }

    public static func homeAssistant(_ view: any WidgetView) -> HAEntity? {
        descriptor(named: view.typeName)?.homeAssistantAny(view)
    }

    public static func bareSet(_ payload: BarePayload, on view: any WidgetView) -> Result<BareSet, WidgetCommandError> {
        descriptor(named: view.typeName)?.bareSetAny(payload, on: view)
            ?? .failure(WidgetCommandError("a \(view.typeName) takes no bare value"))
    }

    /// The widget's MQTT binding: its `bind`, or what its type binds instead (an image's `topic`).
    public static func binding(_ spec: WidgetSpec) -> BindSpec? {
        descriptor(named: spec.type).map { $0.binding(spec) } ?? spec.binding
    }

    public static func touchTarget(_ spec: WidgetSpec) -> Double? {
        descriptor(named: spec.type)?.touchTarget(spec)
    }

    public static func savesState(_ view: any WidgetView) -> Bool {
        descriptor(named: view.typeName)?.savesState ?? false
    }
}
