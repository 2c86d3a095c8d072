import Graphics
#if canImport(Glibc)
import Glibc
#endif

/// A circular slider on screen (`slider`, or `rangeSlider` with two handles). Layers, back to
/// front: the static ring with labels (cached per scale), then the value layer (glow, filled
/// arc from the cached gradient band, markers, handles, text), cached per displayed state:
/// at rest both are plain copies; while a handle moves only the value layer is redrawn,
/// from cached bands, glow levels and handle images (no mesh, no blur per frame), and only
/// where it changed: the stretch of the arc the handle moved over and the texts' boxes
/// (`damage`), unless the glow changed its level.
///
/// The glow level a value shows is blurred when first drawn, the others while the loop is
/// idle (`prepareAhead`), once for all sliders of the same look (the scene's `SharedLayers`):
/// a moving handle does not wait for a blur.
public final class SliderView: WidgetView {
    public let id: String
    public let frame: Rect
    public private(set) var model: SliderModel
    public let appearance: SliderAppearance
    public var needsDisplay = true
    public var hasFocus = false { didSet { if hasFocus != oldValue { needsDisplay = true } } }
    public var acceptsFocus: Bool { model.isEnabled }
    /// The reference's minimumHandlesDistance: arc length between the handles, design pixels.
    public let minimumHandlesDistance: Double
    public let geometry: SliderGeometry
    /// Where the filled arc starts (value units; one handle only): nil, the arc's start.
    public var origin: Double? { didSet { painter = nil; valueCache = nil; needsDisplay = true } }
    /// Images identical sliders share (the ring with its labels, the gradient band, the line
    /// mask, the glow levels).
    let shared: SharedLayers

    private var trackedTouch: Int?
    private var painter: SliderPainter?
    /// The shared layers, each cut to its ink (a ring's box, not the whole square).
    private(set) var staticCache: PlacedImage?
    private(set) var bandCache: PlacedImage?
    private(set) var lineCache: PlacedImage?
    private(set) var glowCache: [Int: PlacedImage] = [:]
    /// The glow levels asked for (made, or failed for want of memory: not asked again ahead).
    private var glowAsked: Set<Int> = []
    private var handleCache: [Int: ImageSurface] = [:]
    /// The value layer and what it shows, cut to the box its content can reach (`valueLayerBox`).
    private var valueCache: (state: SliderPainter.ValueState, layer: PlacedImage)?
    /// The value layer's change `damage` found (layer pixels), for the redraw that follows.
    private var pendingChange: (from: SliderPainter.ValueState, to: SliderPainter.ValueState, rects: [Rect])?
    /// Drawn with the value layer's state: the alpha and the screen origin of the last draw.
    private var drawnWith: (alpha: Double, origin: Point)?
    /// The texts' boxes by text (layer pixels at the painter's scale), measured once each.
    private var textBoxCache: [[String]: [Rect]] = [:]
    private var measure: DrawingContext?
    /// The arc's layers for the first draw, being made on another thread (`startPreparing`).
    private var prepared: PreparedLayers?

    public init(id: String, frame: Rect, model: SliderModel, appearance: SliderAppearance, minimumHandlesDistance: Double = 10,
                shared: SharedLayers = SharedLayers()) {
        self.id = id
        self.shared = shared
        self.frame = frame
        self.appearance = appearance
        self.minimumHandlesDistance = minimumHandlesDistance
        let below = appearance.captionPlacement == .below && !(appearance.caption ?? "").isEmpty
        let captionSize = appearance.captionSize ?? RoundCaption.defaultSize(diameter: Swift.min(frame.width, frame.height))
        captionLine = below ? RoundCaption.lineHeight(size: captionSize) : 0
        let side = Swift.max(1, Swift.min(frame.width, frame.height - captionLine))
        geometry = SliderGeometry(side: side, appearance: appearance, labelExtent: Self.labelExtent(appearance))
        var m = model
        // Published values carry the decimals the readout shows, unless the model says otherwise.
        if m.valueDecimals == nil { m.valueDecimals = appearance.valueFormat.decimals }
        // Arc length → angle at the track's radius.
        m.minimumHandlesAngle = minimumHandlesDistance / geometry.radius * 180 / Double.pi
        self.model = m
    }

    /// The layout's initial values: the second handle first (its default is 60° along the
    /// arc, the reference's), then the first within the distance rule, then the revolutions.
    public func setInitialValues(first: Double, second: Double?, revolutions: Int) {
        if model.isRange {
            if let second { model.setValue(second, handle: 1) }
            model.setValue(first, handle: 0)
        } else {
            model.setInitialRevolutions(revolutions)
            model.setValue(first)
        }
        needsDisplay = true
    }

    /// The largest label's half-diagonal: the radial room a label outside the ring needs.
    static func labelExtent(_ a: SliderAppearance) -> Double {
        guard !a.labels.isEmpty, let probe = try? ImageSurface(width: 1, height: 1) else { return 0 }
        let ctx = DrawingContext(surface: probe)
        var extent = 0.0
        for text in a.labels {
            let s = TextLayout(text: text, family: a.labelFont, pixelSize: a.labelFontSize, context: ctx).size
            extent = Swift.max(extent, Swift.max(s.width, s.height) / 2 + 1)
        }
        return extent * 2
    }

    /// The slider's square, centred in the frame with its caption line below it (if any).
    public var square: Rect {
        let side = geometry.side
        return Rect(x: frame.x + (frame.width - side) / 2, y: frame.y + (frame.height - side - captionLine) / 2, width: side, height: side)
    }

    /// The caption line under the square (`captionPlacement: below`), design pixels; 0 without.
    let captionLine: Double
    private var captionCache: (scale: Double, surface: ImageSurface)?

    /// Under the ring, where its track ends (a gapped arc's opening is at the bottom).
    private var captionRect: Rect { Rect(x: frame.x, y: square.maxY - geometry.margin * 0.5, width: frame.width, height: captionLine) }

    private func drawCaptionBelow(in ctx: DrawingContext, mapping: ScreenMapping, alpha: Double) {
        guard captionLine > 0, let caption = appearance.caption else { return }
        if captionCache?.scale != mapping.scale {
            let r = mapping.toScreen(captionRect)
            let size = (appearance.captionSize ?? RoundCaption.defaultSize(diameter: Swift.min(frame.width, frame.height))) * mapping.scale
            captionCache = RoundCaption.image(caption, font: appearance.fontName, pixelSize: size, color: appearance.captionColor,
                                              width: Int(r.width.rounded()), height: Int(r.height.rounded()),
                                              fit: appearance.captionFit).map { (mapping.scale, $0) }
        }
        guard let image = captionCache?.surface else { return }
        let r = mapping.toScreen(captionRect)
        ctx.setSource(image, at: Point(x: r.x.rounded(), y: r.y.rounded()), smooth: false)
        ctx.paint(alpha: alpha)
    }

    public var typeName: String { model.isRange ? "rangeSlider" : "slider" }

    /// Aimed touches: radius 1 is the track's centre line, angles clockwise from 12 o'clock.
    public var roundArea: RoundArea? { RoundArea(center: square.center, radius: geometry.radius, clockwise: true) }

    public func paintBounds(_ mapping: ScreenMapping) -> Rect {
        let ring = mapping.toScreen(square).insetBy(-(geometry.margin * mapping.scale + 2))
        return captionLine > 0 ? ring.union(mapping.toScreen(captionRect).insetBy(-2)) : ring
    }

    // MARK: drawing

    private func painter(_ mapping: ScreenMapping) -> SliderPainter {
        if let painter, painter.scale == mapping.scale { return painter }
        let p = SliderPainter(geometry: geometry, appearance: appearance, scale: mapping.scale, model: model, origin: origin)
        painter = p
        staticCache = nil; bandCache = nil; lineCache = nil; glowCache = [:]; glowAsked = []; handleCache = [:]; valueCache = nil
        pendingChange = nil; textBoxCache = [:]
        return p
    }

    /// What the value layer shows at `time`.
    func valueState(at time: Double) -> SliderPainter.ValueState {
        var travels: [Double] = []
        for i in model.travel.indices {
            let t = model.displayedTravel(ofHandle: i, at: time)
            travels.append(model.countsRevolutions ? model.fraction(atTravel: t) * 360 : Swift.min(model.maximumAngle, Swift.max(0, t)))
        }
        var texts: [String] = []
        let f = appearance.valueFormat
        let shown = model.travel.indices.map { model.value(atTravel: model.displayedTravel(ofHandle: $0, at: time)) }
        texts.append(model.isRange ? f.string(for: shown[0]) + " – " + f.string(for: shown[1]) : f.string(for: shown[0]))
        let rev = model.revolutions(atTravel: model.displayedTravel(ofHandle: 0, at: time))
        texts.append(model.countsRevolutions && rev != 0 ? "↻ \(rev)" : "")
        return SliderPainter.ValueState(travels: travels, texts: texts,
                                        pressed: model.travel.indices.map { model.activeHandle == $0 },
                                        focused: hasFocus, keyHandle: model.keyHandle)
    }

    /// The layers' top left on screen: whole pixels, so at rest every layer is a copy, not a
    /// resample.
    private func layerOrigin(_ p: SliderPainter, _ mapping: ScreenMapping) -> Point {
        let c = mapping.toScreen(square.center)
        let side = Double(p.pixelSide)
        return Point(x: (c.x - side / 2).rounded(), y: (c.y - side / 2).rounded())
    }

    /// While only the handles and the texts changed since the last draw: the stretch of the
    /// arc each handle moved over and the texts' boxes; otherwise everything.
    public func damage(_ mapping: ScreenMapping, at time: Double) -> [Rect] {
        let all = [paintBounds(mapping)]
        pendingChange = nil
        guard let painter, painter.scale == mapping.scale, let shown = valueCache?.state, let drawnWith,
              drawnWith.alpha == (model.isEnabled ? 1.0 : 0.45), drawnWith.origin == layerOrigin(painter, mapping) else { return all }
        let now = valueState(at: time)
        if now == shown { return [] }
        guard let rects = painter.changedArea(from: shown, to: now, textBoxes: { self.textBoxes($0, painter) }) else { return all }
        pendingChange = (shown, now, rects)
        let o = drawnWith.origin
        return rects.map { Rect(x: $0.x + o.x, y: $0.y + o.y, width: $0.width, height: $0.height) }
    }

    private func textBoxes(_ texts: [String], _ p: SliderPainter) -> [Rect] {
        if let hit = textBoxCache[texts] { return hit }
        if measure == nil, let probe = try? ImageSurface(width: 1, height: 1) { measure = DrawingContext(surface: probe) }
        guard let measure else { return [Rect(x: 0, y: 0, width: Double(p.pixelSide), height: Double(p.pixelSide))] }
        let boxes = p.textBoxes(texts, ctx: measure)
        if textBoxCache.count >= 512 { textBoxCache.removeAll() }
        textBoxCache[texts] = boxes
        return boxes
    }

    public func draw(in ctx: DrawingContext, mapping: ScreenMapping, time: Double) {
        let p = painter(mapping)
        let origin = layerOrigin(p, mapping)
        let alpha = model.isEnabled ? 1.0 : 0.45
        if staticCache == nil { staticCache = placed(p.ringKey) { () throws(GraphicsError) in try p.staticLayer() } }
        if let s = staticCache {
            ctx.setSource(s.image, at: s.origin(origin), smooth: false)
            ctx.paint(alpha: alpha)
        }
        if let v = valueLayer(p, at: time) {
            ctx.setSource(v.image, at: v.origin(origin), smooth: false)
            ctx.paint(alpha: alpha)
        }
        drawCaptionBelow(in: ctx, mapping: mapping, alpha: alpha)
        drawnWith = (alpha, origin)
    }

    /// The value layer for the state shown at `time`, redrawn only when that state changed,
    /// and then only inside the change `damage` found, when it was found for these states.
    func valueLayer(_ p: SliderPainter, at time: Double) -> PlacedImage? {
        let state = valueState(at: time)
        if let valueCache, valueCache.state == state { return valueCache.layer }
        if let prepared {
            prepared.adopt(into: shared)
            self.prepared = nil
        }
        if bandCache == nil { bandCache = placed(p.bandKey) { () throws(GraphicsError) in try p.gradientBand() } }
        if lineCache == nil { lineCache = placed(p.lineKey) { () throws(GraphicsError) in try p.lineMask() } }
        guard let band = bandCache, let line = lineCache else { return nil }
        // Reuse the previous image's memory: the layer is cleared and redrawn in place.
        let layer: PlacedImage
        if let old = valueCache?.layer { layer = old } else {
            let bandBox = Rect(x: Double(band.x), y: Double(band.y), width: Double(band.image.width), height: Double(band.image.height))
            let box = p.valueLayerBox(band: bandBox)
            guard let made = try? ImageSurface(width: Swift.max(1, Int(box.width)), height: Swift.max(1, Int(box.height))) else { return nil }
            layer = PlacedImage(made, x: Int(box.x), y: Int(box.y))
        }
        let ctx = DrawingContext(surface: layer.image)
        ctx.translate(Double(-layer.x), Double(-layer.y))   // layer pixels from here on
        var visible: [Rect]?
        if let change = pendingChange, change.from == valueCache?.state, change.to == state {
            ctx.newPath()
            for r in change.rects { ctx.addRect(r) }
            ctx.clip()
            visible = change.rects
        }
        pendingChange = nil
        ctx.clear()
        p.drawValueLayer(state, into: ctx, glow: { level in self.glow(level, p) }, band: band, line: line, handles: { i in
            if let h = self.handleCache[i] { return h }
            let h = try? p.handleImage(i)
            self.handleCache[i] = h
            return h
        }, visible: visible, layer: layer)
        valueCache = (state, layer)
        return layer
    }

    /// Starts making the arc's layers the first draw needs on another thread
    /// (SliderView+Preparing).
    public func startPreparing(_ mapping: ScreenMapping) {
        prepared = prepareArcLayers(painter(mapping), state: valueState(at: 0))
    }

    /// The glow's mask at `level`, from the scene's shared images (blurred by the first slider
    /// of this look that asks).
    private func glow(_ level: Int, _ p: SliderPainter) -> PlacedImage? {
        if let g = glowCache[level] { return g }
        glowAsked.insert(level)
        let g = placed(p.glowKey(level: level)) { () throws(GraphicsError) in try p.glowMask(level: level) }
        glowCache[level] = g
        return g
    }

    /// The glow levels a value can show but none has shown yet, blurred one a call while the
    /// loop has nothing else to do: the first frame blurs only the level it shows, and a
    /// moving handle finds every level ready.
    public func prepareAhead(_ mapping: ScreenMapping) -> Bool {
        guard let p = painter, p.scale == mapping.scale, let levels = p.glowLevelRange,
              let level = levels.first(where: { !glowAsked.contains($0) }) else { return false }
        _ = glow(level, p)
        return true
    }

    /// A shared layer cut to its ink: the ring, the band and the glow's masks are rings round
    /// the square's centre, open at a gapped arc's gap; their boxes leave out the square's
    /// corners, margins and gap (bench console: 1.56 → 1.15 MB for the four kinds).
    private func placed(_ key: SliderPainter.LayerKey, make: () throws(GraphicsError) -> ImageSurface) -> PlacedImage? {
        shared.object(key) { () -> PlacedImage? in (try? make()).map(PlacedImage.cropped) }
    }

    // MARK: behaviour

    /// A held-back tap (double tap reset on) counts: frames keep coming until it jumps.
    public func isAnimating(at time: Double) -> Bool { model.isAnimating(at: time) || model.pendingTapDeadline != nil }

    public var valueRounding: ValueRounding? { model.valueRounding }

    /// Screen angle (degrees from 3 o'clock, clockwise) and distance of a design point.
    private func polar(_ point: Point) -> (angle: Double, distance: Double) {
        let c = square.center
        let dx = point.x - c.x, dy = point.y - c.y
        return (atan2(dy, dx) * 180 / Double.pi, (dx * dx + dy * dy).squareRoot())
    }

    /// A touch starts on the ring band: the track widened to a finger, over the arc and its
    /// caps (not in a gapped arc's gap, nor in the centre).
    public func hitTest(_ point: Point) -> Bool {
        let (angle, distance) = polar(point)
        let handleReach = model.travel.indices.map { appearance.handleRadius($0) }.max() ?? 0
        let half = geometry.touchBandHalfWidth(handleRadius: handleReach)
        guard abs(distance - geometry.radius) <= half else { return false }
        if model.isFullCircle { return true }
        let arc = model.arcAngle(forScreenAngle: angle)
        let cap = half / geometry.radius * 180 / Double.pi
        return arc <= model.maximumAngle + cap || arc >= 360 - cap
    }

    public func handle(_ input: WidgetInput, at time: Double) -> [WidgetEvent] {
        var events: [SliderEvent] = []
        switch input {
        case let .touchDown(id, p):
            guard trackedTouch == nil else { return [] }
            events = model.touchDown(atScreenAngle: polar(p).angle, at: time)
            if model.isTracking { trackedTouch = id }
        case let .touchMove(id, p):
            guard id == trackedTouch else { return [] }
            events = model.touchMove(toScreenAngle: polar(p).angle, at: time)
        case let .touchUp(id):
            guard id == trackedTouch else { return [] }
            trackedTouch = nil
            events = model.touchUp(at: time)
        case let .touchCancel(id):
            guard id == trackedTouch else { return [] }
            trackedTouch = nil
            events = model.touchCancel(at: time)
        case let .wheel(steps):
            events = model.wheel(steps: steps, at: time)
        case let .key(key):
            let k: SliderModel.Key
            switch key {
            case .right, .up: k = .increase
            case .left, .down: k = .decrease
            case .pageUp: k = .pageIncrease
            case .pageDown: k = .pageDecrease
            case .home: k = .home
            case .end: k = .end
            case .enter, .space: k = .switchHandle
            }
            events = model.key(k, at: time)
        }
        needsDisplay = true
        return widgetEvents(events)
    }

    public func advance(to time: Double) -> [WidgetEvent] {
        let events = model.resolvePendingTap(at: time)
        if model.advance(to: time) || !events.isEmpty { needsDisplay = true }
        return widgetEvents(events)
    }

    public var commandKeys: [String: Set<String>] {
        model.isRange ? SliderDescriptor.rangeSliderCommands.verbs : SliderDescriptor.sliderCommands.verbs
    }

    public func apply(_ command: WidgetCommand, at time: Double) throws(WidgetCommandError) -> [WidgetEvent] {
        let value = try command.checkedNumber("value"), second = try command.checkedNumber("secondValue")
        let enabled = try command.checkedBool("enabled")
        let animated = try command.checkedBool("animated") ?? false
        if value == nil && second == nil && enabled == nil {
            throw WidgetCommandError("nothing to set: give 'value'\(model.isRange ? ", 'secondValue'" : "") or 'enabled'")
        }
        if second != nil && !model.isRange { throw WidgetCommandError("slider '\(id)' has one handle: 'secondValue' needs a rangeSlider") }
        if let enabled { model.isEnabled = enabled }
        // A tap still waiting for a second one happened first: it lands before the command.
        var events: [SliderEvent] = model.resolvePendingTap(at: time, force: true)
        // Move the handle that makes room first, so the distance rule does not block the other.
        var order: [(Int, Double)] = []
        if let value { order.append((0, value)) }
        if let second { order.append((1, second)) }
        if order.count == 2, let value, value >= model.value(ofHandle: 1) { order.reverse() }
        for (i, v) in order {
            events += model.setValue(v, handle: i, animated: animated, at: time, source: .program)
        }
        needsDisplay = true
        return widgetEvents(events)
    }

    public func snapshot() -> WidgetEvent? {
        valueChanged(handle: nil, source: nil).renamed("state")
    }

    /// valueChanged: value, then secondValue (range sliders), revolutions (full circles with
    /// one handle), the handle a user moved (range sliders), and the source.
    private func valueChanged(handle: Int?, source: SliderChangeSource?) -> WidgetEvent {
        WidgetEvent("valueChanged", valueFields(handle: handle, source: source))
    }

    private func valueFields(handle: Int?, source: SliderChangeSource?) -> [EventField] {
        var f = EventFields()
        f.add("value", model.publishedValue)
        f.add("secondValue", model.publishedSecondValue)
        f.add("revolutions", model.countsRevolutions ? model.revolutionsCount : nil)
        if model.isRange, let handle { f.add("handle", handle == 0 ? "first" : "second") }
        if let source { f.add("source", source == .user ? WidgetEvent.Source.user : .program) }
        return f.fields
    }

    private func widgetEvents(_ events: [SliderEvent]) -> [WidgetEvent] {
        events.map { e in
            switch e {
            case let .valueChanged(handle, source):
                return valueChanged(handle: handle, source: source)
            case let .trackingBegan(handle):
                return WidgetEvent("trackingBegan", valueFields(handle: handle, source: nil))
            case let .trackingEnded(handle):
                return WidgetEvent("trackingEnded", valueFields(handle: handle, source: nil))
            case let .directionChanged(direction):
                var f = EventFields(); f.add("direction", direction.rawValue)
                return WidgetEvent("directionChanged", f.fields)
            case let .revolutionsChanged(n):
                var f = EventFields(); f.add("revolutions", n)
                return WidgetEvent("revolutionsChanged", f.fields)
            }
        }
    }
}
