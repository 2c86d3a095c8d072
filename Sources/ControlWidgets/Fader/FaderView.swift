import Graphics

/// A fader on screen. Layers: the static track with ticks (cached per mapping) and the thumb
/// with its shadow and the glow's mask (cached per scale, shared by identical faders); a
/// change of value repaints the bar, the glow through its window, the thumb (a copy at a
/// whole pixel) and the texts. A finger anywhere on the track takes the thumb (FaderModel).
public final class FaderView: WidgetView, ValueReadout {
    public let id: String
    public let frame: Rect
    public private(set) var model: FaderModel
    public let geometry: FaderGeometry
    public let appearance: SliderAppearance
    public let ticks: KnobScale
    public let valueFormat: ValueFormat
    public var needsDisplay = true
    public var hasFocus = false { didSet { if hasFocus != oldValue { needsDisplay = true } } }
    public var acceptsFocus: Bool { model.isEnabled }
    let shared: SharedLayers

    private var trackedTouch: Int?
    private var painter: FaderPainter?
    private var staticCache: ImageSurface?
    private var glowCache: ImageSurface?
    private var thumbCache: ImageSurface?
    private var mappingUsed: ScreenMapping?
    /// What the last draw showed: a change of value alone repaints only the stretch between
    /// the two thumb places and the readout (`damage`).
    private var drawn: DrawnState?

    struct DrawnState: Equatable {
        var mapping: ScreenMapping
        var fraction: Double
        var readout: String?
        var pressed, focused, enabled: Bool
    }

    private func state(_ mapping: ScreenMapping, at time: Double) -> DrawnState {
        DrawnState(mapping: mapping, fraction: model.displayedFraction(at: time),
                   readout: appearance.showValue ? valueFormat.string(model.displayedValue(at: time)) : nil,
                   pressed: model.isTracking, focused: hasFocus, enabled: model.isEnabled)
    }

    public init(id: String, frame: Rect, model: FaderModel, vertical: Bool, appearance: SliderAppearance, ticks: KnobScale,
                valueFormat: ValueFormat, shared: SharedLayers = SharedLayers()) {
        self.id = id; self.frame = frame; self.appearance = appearance; self.ticks = ticks
        self.valueFormat = valueFormat; self.shared = shared
        var m = model
        if m.valueDecimals == nil { m.valueDecimals = valueFormat.decimals }
        self.model = m
        geometry = FaderGeometry(frame: frame, vertical: vertical, lineWidth: appearance.lineWidth, showsValue: appearance.showValue,
                                 hasCaption: !(appearance.caption ?? "").isEmpty, tickLabels: ticks.tickLabels && ticks.ticks >= 2,
                                 captionSize: appearance.captionSize, captionPlacement: appearance.captionPlacement)
    }

    public var typeName: String { "fader" }
    public var commandKeys: [String: Set<String>] { FaderDescriptor.commands.verbs }
    public var valueRounding: ValueRounding? { model.valueRounding }

    /// The value at each major tick, first (lo) to last, in the readout's numbers with the
    /// decimals the spacing needs; zero has no sign (−10, −5, 0, +5, +10 with a "%+.0f").
    public var tickTexts: [String] {
        guard ticks.ticks >= 2, ticks.tickLabels else { return [] }
        let majors = ticks.ticks - 1, spacing = abs(model.span) / Double(majors)
        return (0...majors).map { k in
            let v = model.lo + model.span * Double(k) / Double(majors)
            var f = valueFormat.numberOnly
            f.conversion = .fixed
            f.precision = ValueFormat.decimals(forStep: spacing)
            if abs(v) < spacing * 1e-9 { f.plusSign = false; f.spaceSign = false }
            return f.string(v)
        }
    }

    public func currentReadout() -> String? { valueFormat.string(model.value) }

    public func paintBounds(_ mapping: ScreenMapping) -> Rect {
        mapping.toScreen(frame).insetBy(-(FaderPainter.margin(lineWidth: appearance.lineWidth) * mapping.scale + 2))
    }

    // MARK: drawing

    /// While only the value moved since the last draw: the band across the fader between the
    /// old and the new thumb, widened by half a thumb and the reach of its shadow and the
    /// bar's glow, and the readout's box if its text changed; otherwise all of `paintBounds`.
    public func damage(_ mapping: ScreenMapping, at time: Double) -> [Rect] {
        let all = [paintBounds(mapping)]
        guard let drawn else { return all }
        let now = state(mapping, at: time)
        if now == drawn { return [] }
        guard now.mapping == drawn.mapping, now.pressed == drawn.pressed, now.focused == drawn.focused, now.enabled == drawn.enabled
        else { return all }
        let g = geometry
        let a = g.thumbCenter(atFraction: drawn.fraction), b = g.thumbCenter(atFraction: now.fraction)
        let reach = g.thumbAlong / 2 + FaderPainter.margin(lineWidth: appearance.lineWidth) + 6
        let bounds = paintBounds(mapping)
        var rects: [Rect] = []
        if drawn.fraction != now.fraction {
            let lo = mapping.toScreen(Point(x: Swift.min(a.x, b.x) - reach, y: Swift.min(a.y, b.y) - reach))
            let hi = mapping.toScreen(Point(x: Swift.max(a.x, b.x) + reach, y: Swift.max(a.y, b.y) + reach))
            rects.append(g.vertical ? Rect(x: bounds.x, y: lo.y, width: bounds.width, height: hi.y - lo.y)
                                    : Rect(x: lo.x, y: bounds.y, width: hi.x - lo.x, height: bounds.height))
        }
        if drawn.readout != now.readout, let box = g.readoutBox { rects.append(mapping.toScreen(box).insetBy(-2)) }
        return rects
    }

    private func painter(_ mapping: ScreenMapping) -> FaderPainter {
        if let painter, mappingUsed == mapping { return painter }
        let p = FaderPainter(geometry: geometry, appearance: appearance, ticks: ticks, tickTexts: tickTexts,
                             originFraction: model.originFraction, mapping: mapping)
        if mappingUsed?.scale != mapping.scale { glowCache = nil; thumbCache = nil }
        staticCache = nil
        painter = p; mappingUsed = mapping
        return p
    }

    /// What decides a shared image's pixels besides its kind: identical faders share it.
    private struct LayerKey: Hashable {
        var kind: String
        /// The frame's size, the scale, the line, the glow and the geometry relative to the frame.
        var numbers: [Double]
        var vertical: Bool
        var thumb: Color
        /// The travel's colours (the coloured glow's).
        var colors: [Color] = []
    }

    private func key(_ kind: String, _ p: FaderPainter) -> LayerKey {
        let g = geometry
        let along = g.vertical ? frame.y : frame.x, across = g.vertical ? frame.x : frame.y
        return LayerKey(kind: kind, numbers: [frame.width, frame.height, p.scale, appearance.lineWidth, appearance.glowOpacity,
                                              g.axis - across, g.travelStart - along, g.travelEnd - along, g.thumbAcross, g.thumbAlong],
                        vertical: g.vertical, thumb: appearance.handles[0].color)
    }

    public func draw(in ctx: DrawingContext, mapping: ScreenMapping, time: Double) {
        let p = painter(mapping)
        if staticCache == nil { staticCache = try? p.staticLayer() }
        // The glow's mask is in layer pixels, which depend on the frame's place only by whole
        // pixels: shared when the fraction of the offset is the same too.
        if glowCache == nil, appearance.glowOpacity > 0 {
            var k = key("glow", p); k.kind += "|\(p.layerOrigin.x - mapping.toScreen(frame).x)|\(p.layerOrigin.y - mapping.toScreen(frame).y)"
            k.colors = appearance.gradientColors
            k.numbers += appearance.gradientStops
            glowCache = shared.image(k) { () throws(GraphicsError) in try p.colouredGlow(p.glowMask()) }
        }
        if thumbCache == nil { thumbCache = shared.image(key("thumb", p)) { () throws(GraphicsError) in try p.thumbImage() } }
        let alpha = model.isEnabled ? 1.0 : 0.45
        func paint(into ctx: DrawingContext) {
            if let s = staticCache {
                ctx.setSource(s, at: p.layerOrigin, smooth: false)
                ctx.paint()
            }
            p.drawValue(ctx, fraction: model.displayedFraction(at: time),
                        readout: appearance.showValue ? valueFormat.string(model.displayedValue(at: time)) : nil,
                        pressed: model.isTracking, focused: hasFocus, glow: glowCache, thumb: thumbCache)
        }
        drawn = state(mapping, at: time)
        guard alpha < 1, let faded = try? ImageSurface(width: p.pixelWidth, height: p.pixelHeight) else { return paint(into: ctx) }
        // Disabled: the whole fader drawn aside and faded as one, so parts never show
        // through each other (a disabled fader does not move: this is not a per-frame cost).
        let aside = DrawingContext(surface: faded)
        aside.translate(-p.layerOrigin.x, -p.layerOrigin.y)
        paint(into: aside)
        ctx.setSource(faded, at: p.layerOrigin, smooth: false)
        ctx.paint(alpha: alpha)
    }

    // MARK: behaviour

    public func isAnimating(at time: Double) -> Bool { model.isAnimating(at: time) }

    public func advance(to time: Double) -> [WidgetEvent] {
        if model.advance(to: time) { needsDisplay = true }
        return []
    }

    /// A touch starts anywhere on the track's strip, not on the texts beside it.
    public func hitTest(_ point: Point) -> Bool { geometry.touchStrip.contains(point) || thumbRect.contains(point) }

    private var thumbRect: Rect { geometry.thumbRect(atFraction: model.fraction).insetBy(-4) }

    public func handle(_ input: WidgetInput, at time: Double) -> [WidgetEvent] {
        var changed = false
        var events: [WidgetEvent] = []
        switch input {
        case let .touchDown(id, p):
            guard trackedTouch == nil, model.isEnabled else { return [] }
            let onThumb = geometry.thumbRect(atFraction: model.displayedFraction(at: time)).insetBy(-4).contains(p)
            changed = model.touchDown(atFraction: geometry.fraction(at: p), onThumb: onThumb, at: time)
            trackedTouch = id
            events.append(WidgetEvent("trackingBegan", valueFields(source: nil)))
        case let .touchMove(id, p):
            guard id == trackedTouch else { return [] }
            changed = model.touchMove(toFraction: geometry.fraction(at: p), at: time)
        case let .touchUp(id), let .touchCancel(id):
            guard id == trackedTouch else { return [] }
            trackedTouch = nil
            if model.touchEnd() { needsDisplay = true; return [WidgetEvent("trackingEnded", valueFields(source: nil))] }
            return []
        case let .wheel(steps):
            changed = model.wheel(steps: steps, at: time)
        case let .key(key):
            let k: FaderModel.Key
            switch key {
            case .right, .up: k = .increase
            case .left, .down: k = .decrease
            case .pageUp: k = .pageIncrease
            case .pageDown: k = .pageDecrease
            case .home: k = .lowEnd
            case .end: k = .highEnd
            case .enter, .space: return []
            }
            changed = model.key(k, at: time)
        }
        needsDisplay = true
        if changed {
            // The value moved after trackingBegan: the touch-down's jump is reported after it.
            events.append(WidgetEvent("valueChanged", valueFields(source: .user)))
        }
        return events
    }

    public func apply(_ command: WidgetCommand, at time: Double) throws(WidgetCommandError) -> [WidgetEvent] {
        let value = try command.checkedNumber("value"), enabled = try command.checkedBool("enabled")
        let animated = try command.checkedBool("animated") ?? false
        guard value != nil || enabled != nil else { throw WidgetCommandError("nothing to set: give 'value' or 'enabled'") }
        if let enabled, enabled != model.isEnabled { model.isEnabled = enabled; needsDisplay = true }
        guard let value else { return [] }
        needsDisplay = true
        guard model.setValue(value, animated: animated, at: time) else { return [] }
        return [WidgetEvent("valueChanged", valueFields(source: .program))]
    }

    private func valueFields(source: WidgetEvent.Source?) -> [EventField] {
        var f = EventFields()
        f.add("value", model.publishedValue)
        if let source { f.add("source", source) }
        return f.fields
    }

    /// `{"event":"state","value":-2.5}` for `get`, `list` and the state file.
    public func snapshot() -> WidgetEvent? { WidgetEvent("state", valueFields(source: nil)) }
}
