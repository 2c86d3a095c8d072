import Graphics
import PanelLayout

/// One choice among a few. Home Assistant: a select of the titles.
public enum SegmentedDescriptor: WidgetDescriptor {
    public static var kinds: [WidgetKind] { [WidgetTypes.segmented] }
    public static var savesState: Bool { true }

    public static func make(_ spec: WidgetSpec, _ context: WidgetBuildContext) throws(GraphicsError) -> SegmentedView {
        SegmentedView(id: spec.id, frame: Rect(spec.frame), titles: spec.strings("titles") ?? [], index: Int(spec.number("index") ?? 0),
                      chrome: context.chrome(spec), enabled: spec.bool("enabled") ?? true)
    }

    public static func homeAssistant(_ view: SegmentedView) -> HAEntity? { .select(options: view.titles, field: "title") }

    public static func bareSet(_ p: BarePayload, on view: SegmentedView) -> Result<BareSet, WidgetCommandError> {
        if view.titles.contains(p.text) { return .success(BareSet([EventField("title", .string(p.text))])) }
        if let n = p.number, n == n.rounded() { return .success(BareSet([EventField("index", .integer(Int(n)))])) }
        return .failure(WidgetCommandError("'\(p.shown)' is neither a title of '\(view.id)' nor an index"))
    }

    /// One segment: the frame's width shared by the titles.
    public static func touchTarget(_ spec: WidgetSpec) -> Double? {
        let n = Double(Swift.max(1, spec.strings("titles")?.count ?? 1))
        return Swift.min(spec.frame.width / n, spec.frame.height)
    }
}
