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
    /// The unlit and lit layers for the last mapping (MeterPainter): finding them among the
    /// scene's shared images hashed that key twice a draw.
    var layersForMapping: (mapping: ScreenMapping, unlit: ImageSurface, lit: ImageSurface)?
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

    /// What a frame shows: where the lit run ends and the peak marker's stretch (levels 0…1,
    /// a ladder's whole segments) and the readout's text.
    struct Shown: Equatable {
        var mapping: ScreenMapping
        var lit: Double
        var peak: ClosedRange<Double>?
        var readout: String
    }

    /// What the last draw showed: a new value repaints only the run between the old and the
    /// new end, the marker's old and new places and the readout (`damage`).
    private var drawn: Shown?

    func shown(_ mapping: ScreenMapping, at time: Double) -> Shown {
        let peak = model.peakLevel(at: time)
        var out = Shown(mapping: mapping, lit: 0, peak: nil, readout: geometry.readoutRow == nil ? "" : model.reading.readout)
        if segments > 0 {
            let n = segments, on = model.litSegments(n)
            out.lit = Double(on) / Double(n)
            if let k = peak.flatMap({ MeterModel.segment(ofLevel: $0, count: n) }), k >= on {
                out.peak = Double(k) / Double(n)...Double(k + 1) / Double(n)
            }
        } else {
            let level = model.reading.level
            out.lit = level
            if let peak, peak > level {
                // A marker of 1.2 % of the run (at least 2 px), ending at the peak's level.
                let thickness = Swift.max(2 / Swift.max(1e-9, geometry.length), 0.012)
                out.peak = Swift.max(0, peak - thickness)...peak
            }
        }
        return out
    }

    public func draw(in ctx: DrawingContext, mapping: ScreenMapping, time: Double) {
        let now = shown(mapping, at: time)
        MeterPainter(view: self, mapping: mapping).draw(in: ctx, shown: now)
        drawn = now
    }

    /// The run between the old and the new end of the lit bar, the marker where it was and
    /// where it is, the readout's row when its text changed; everything after another change.
    public func damage(_ mapping: ScreenMapping, at time: Double) -> [Rect] {
        let now = shown(mapping, at: time)
        guard let drawn, drawn.mapping == mapping else { return [paintBounds(mapping)] }
        // Two pixels round each part: the segments' and the bar's antialiased edges.
        func run(_ a: Double, _ b: Double) -> Rect {
            mapping.toScreen(geometry.span(from: Swift.min(a, b), to: Swift.max(a, b))).insetBy(-2)
        }
        var rects: [Rect] = []
        if now.lit != drawn.lit { rects.append(run(drawn.lit, now.lit)) }
        if now.peak != drawn.peak {
            for p in [drawn.peak, now.peak] { if let p { rects.append(run(p.lowerBound, p.upperBound)) } }
        }
        if now.readout != drawn.readout, let row = geometry.readoutRow { rects.append(mapping.toScreen(row).insetBy(-2)) }
        return rects
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
