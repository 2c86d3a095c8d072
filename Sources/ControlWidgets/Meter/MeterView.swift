import Graphics

/// A read-only level meter: set by `{"command":"set","widget":"vu","value":-12}` from any
/// channel (stdin, socket, MQTT, scripts), never by touch. It repaints when a value arrives
/// and, with a peak hold, while the marker falls; a held marker wakes the loop once, at the
/// end of its hold (`nextChange`), and a meter at rest never wakes it.
public final class MeterView: WidgetView {
    public let id: String
    public let frame: Rect
    public private(set) var model: MeterModel
    public let geometry: MeterGeometry
    public let zones: ValueZones
    /// LED segments of the ladder; 0: a continuous bar.
    public let segments: Int
    /// The bar's colour where no zone covers it.
    public let barColor: Color
    public let label: String
    public let showValue: Bool
    public let fontName: String
    public let textColor: Color
    let shared: SharedLayers
    public var needsDisplay = true
    /// The layers' cache key for the last mapping: describing the look takes longer than
    /// painting it, so it is written once per mapping, not once per frame.
    private var keyForMapping: (mapping: ScreenMapping, key: String)?
    public var hasFocus = false
    public var acceptsFocus: Bool { false }

    public init(id: String, frame: Rect, model: MeterModel, orientation: MeterGeometry.Orientation, zones: ValueZones, segments: Int,
                barColor: Color, label: String, showValue: Bool, fontName: String, textColor: Color, captionSize: Double? = nil,
                shared: SharedLayers = SharedLayers()) {
        self.shared = shared
        self.id = id; self.frame = frame; self.model = model; self.zones = zones; self.segments = segments
        self.barColor = barColor; self.label = label; self.showValue = showValue; self.fontName = fontName; self.textColor = textColor
        geometry = MeterGeometry(frame: frame, orientation: orientation, hasReadout: showValue, hasLabel: !label.isEmpty, captionSize: captionSize)
    }

    func layerKey(_ mapping: ScreenMapping, make: () -> String) -> String {
        if let k = keyForMapping, k.mapping == mapping { return k.key }
        let key = make()
        keyForMapping = (mapping, key)
        return key
    }

    /// The colour of the bar at `level` (0…1): its zone's, else the bar colour.
    public func color(atLevel level: Double) -> Color { zones.zone(atLevel: level)?.color ?? barColor }

    public func paintBounds(_ mapping: ScreenMapping) -> Rect { mapping.toScreen(frame) }

    public func draw(in ctx: DrawingContext, mapping: ScreenMapping, time: Double) {
        MeterPainter(view: self, mapping: mapping).draw(in: ctx, peak: model.peakLevel(at: time))
    }

    public func isAnimating(at time: Double) -> Bool { model.isPeakFalling(at: time) }
    public func nextChange(after time: Double) -> Double? { model.nextChange(after: time) }
    public func advance(to time: Double) -> [WidgetEvent] { [] }
    public func hitTest(_ point: Point) -> Bool { false }
    public func handle(_ input: WidgetInput, at time: Double) -> [WidgetEvent] { [] }
    public var typeName: String { "meter" }
    public var commandKeys: [String: Set<String>] { MeterDescriptor.commands.verbs }
    public var valueRounding: ValueRounding? { model.reading.rounding }

    public func apply(_ command: WidgetCommand, at time: Double) throws(WidgetCommandError) -> [WidgetEvent] {
        guard let v = try command.checkedNumber("value") else { throw WidgetCommandError("nothing to set: give 'value'") }
        let before = model.reading.publishedValue, levelBefore = model.reading.level
        model.set(v, at: time)
        if model.reading.level != levelBefore { needsDisplay = true }
        guard model.reading.publishedValue != before else { return [] }
        return [WidgetEvent("valueChanged", snapshotFields + [EventField("source", .string(WidgetEvent.Source.program.rawValue))])]
    }

    var snapshotFields: [EventField] { [EventField("value", .number(model.reading.publishedValue))] }

    /// `{"event":"state","value":-12}` for `get` and `list` (the value clamped to the range).
    public func snapshot() -> WidgetEvent? { WidgetEvent("state", snapshotFields) }
}
