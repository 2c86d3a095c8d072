import Graphics
import PanelLayout

/// A read-only gauge: a needle (or a filled arc) over a scale with zones, tick labels, a
/// readout and a title. Set by `{"command":"set","widget":"rpm","value":3500}` from any
/// channel, with `"animated": true` for a glide at the knob's rate; it takes no touches.
/// The dial (face, track, zones, ticks, labels, title) is one cached image shared by equal
/// gauges; a change repaints the needle and readout over a copy of it.
public final class GaugeView: WidgetView {
    public enum Pointer: String, Sendable, CaseIterable { case needle, arc }

    public struct Look: Sendable, Equatable {
        public var pointer: Pointer = .needle
        public var zones = ValueZones()
        public var ticks = ArcTicks(majors: 0, minorsBetween: 0)
        public var tickLabels = true
        public var showValue = true
        public var title = ""
        /// The title is the gauge's caption (RoundCaption): on the dial or below it.
        public var caption = CaptionStyle(placement: .inside)
        /// The needle's colour, or the arc's where no zone covers it.
        public var color = Color(red: 1, green: 0.36, blue: 0.2)
        public var fontName = "DejaVu Sans"
        public var textColor = Color(white: 0.92)
        public init() {}
    }

    public let id: String
    public let frame: Rect
    public private(set) var model: GaugeModel
    public let look: Look
    public let geometry: GaugeGeometry
    let shared: SharedLayers
    public var needsDisplay = true
    public var hasFocus = false
    public var acceptsFocus: Bool { false }
    private var wasAnimating = false
    /// The dial's cache key for the last mapping (see MeterView's: written once, not per frame).
    private var keyForMapping: (mapping: ScreenMapping, key: String)?

    func dialKey(_ mapping: ScreenMapping, make: () -> String) -> String {
        if let k = keyForMapping, k.mapping == mapping { return k.key }
        let key = make()
        keyForMapping = (mapping, key)
        return key
    }

    public init(id: String, frame: Rect, model: GaugeModel, look: Look, shared: SharedLayers = SharedLayers()) {
        self.id = id; self.frame = frame; self.model = model; self.look = look; self.shared = shared
        let size = look.caption.pixelSize(diameter: Swift.min(frame.width, frame.height))
        let below = look.caption.placement == .below && !look.title.isEmpty
        geometry = GaugeGeometry(frame: frame, captionLine: below ? RoundCaption.lineHeight(size: size) : 0)
    }

    public func paintBounds(_ mapping: ScreenMapping) -> Rect { mapping.toScreen(frame) }

    public func draw(in ctx: DrawingContext, mapping: ScreenMapping, time: Double) {
        GaugePainter(view: self, mapping: mapping).draw(in: ctx, angle: model.displayedAngle(at: time))
    }

    public func isAnimating(at time: Double) -> Bool { model.isAnimating(at: time) }
    public func advance(to time: Double) -> [WidgetEvent] {
        // The frame after the glide ends shows the needle at rest.
        let now = model.isAnimating(at: time)
        if wasAnimating && !now { needsDisplay = true; model.settle(at: time) }
        wasAnimating = now
        return []
    }
    public func hitTest(_ point: Point) -> Bool { false }
    public func handle(_ input: WidgetInput, at time: Double) -> [WidgetEvent] { [] }
    public var typeName: String { "gauge" }
    public var commandKeys: [String: Set<String>] { GaugeDescriptor.commands.verbs }
    public var valueRounding: ValueRounding? { model.reading.rounding }

    public func apply(_ command: WidgetCommand, at time: Double) throws(WidgetCommandError) -> [WidgetEvent] {
        guard let v = try command.checkedNumber("value") else { throw WidgetCommandError("nothing to set: give 'value'") }
        let animated = try command.checkedBool("animated") ?? false
        let before = model.reading.publishedValue
        if model.set(v, animated: animated, at: time) { needsDisplay = true; wasAnimating = model.isAnimating(at: time) }
        guard model.reading.publishedValue != before else { return [] }
        return [WidgetEvent("valueChanged", snapshotFields + [EventField("source", .string(WidgetEvent.Source.program.rawValue))])]
    }

    var snapshotFields: [EventField] { [EventField("value", .number(model.reading.publishedValue))] }

    /// `{"event":"state","value":3500}` for `get` and `list` (the value clamped to the range).
    public func snapshot() -> WidgetEvent? { WidgetEvent("state", snapshotFields) }
}
