import Graphics
import PanelLayout

/// One choice among a few. Home Assistant: a select of the titles.
public enum SegmentedDescriptor: WidgetDescriptor {
    /// One choice among a few, side by side.
    public static let kind = WidgetKind(
        name: "segmented",
        doc: "A row of segments, one selected (valueChanged with index and title).",
        properties: [
            PropertyRule("titles", .array(of: .string(nonEmpty: false), minCount: 2, maxCount: 12), required: true, doc: "One title per segment, 2…12."),
            PropertyRule("icons", .array(of: .oneOf([.icon, .null]), minCount: 0, maxCount: 12),
                         doc: "Per segment, an icon before its title: `mdi:NAME` or an image (PNG), null for none; at most one per title."),
            PropertyRule("index", .integer(min: 0, max: 11), default: .number(0), doc: "The initially selected segment (0-based)."),
        ] + PropertyRule.tileCommon("segmented control"),
        constraints: [
            WidgetConstraint { members in
                guard let i = members["index"], let n = i.value.numberValue, let titles = members["titles"]?.value.arrayValue,
                      Int(n) >= titles.count else { return [] }
                return [(i.value.location, "'index' \(Int(n)) is out of range: there are \(titles.count) titles (0…\(titles.count - 1))")]
            },
            WidgetConstraint { members in
                guard let icons = members["icons"], let n = icons.value.arrayValue?.count,
                      let titles = members["titles"]?.value.arrayValue, n > titles.count else { return [] }
                return [(icons.value.location, "'icons': \(n) icons for \(titles.count) titles; give at most one per title")]
            },
        ])
    public static var kinds: [WidgetKind] { [kind] }
    public static let commands = WidgetCommandSet("segmented", ["set": ["index", "title", "enabled"]])
    public static var commandSets: [WidgetCommandSet] { [commands] }
    public static var savesState: Bool { true }

    public static func make(_ spec: WidgetSpec, _ context: WidgetBuildContext) throws(GraphicsError) -> SegmentedView {
        SegmentedView(id: spec.id, frame: Rect(spec.frame), titles: spec.strings("titles") ?? [],
                      icons: try (spec.value("icons")?.arrayValue ?? []).map { (v: LayoutValue) throws(GraphicsError) in try WidgetIcon.make(v.stringValue) },
                      index: Int(spec.number("index") ?? 0),
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
