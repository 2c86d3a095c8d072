import Graphics
#if canImport(Glibc)
import Glibc
#endif

/// Draws a circular slider's layers in screen pixels. Every image is a square of side
/// `pixelSide` whose centre is the slider's centre, so layers stack without offsets.
///
/// - static layer: the dark ring and the labels (once per scale);
/// - gradient band: the whole arc's colours, following the angle, as wide as the glow (once
///   per scale; the filled arc is this band through the line's mask, never a new mesh per
///   frame);
/// - glow: the band's colours through a blurred ring, an A8 mask per quantised blur level
///   (the tutorial's blur = angle/20, in six steps), each blurred once;
/// - the value layer: glow, the unfilled track (over the glow, so a glow never tints it),
///   the filled arc, markers, handles and text at one value (redrawn only when what it shows
///   changes; the track is one plain stroke).
public struct SliderPainter {
    public let geometry: SliderGeometry
    public let appearance: SliderAppearance
    public let scale: Double
    /// Arc configuration (from the model; fixed for a view).
    public let maximumAngle: Double
    public let rotationAngle: Double
    public let isFullCircle: Bool
    /// Where a one-handle slider's filled arc starts (travel within the lap): 0 unless the
    /// slider has an `origin` (a ±10 slider fills from the travel of 0).
    public let originTravel: Double

    public static let glowLevels = 6

    /// The same painter with another appearance.
    func with(appearance: SliderAppearance) -> SliderPainter {
        SliderPainter(geometry: geometry, appearance: appearance, scale: scale, maximumAngle: maximumAngle, rotationAngle: rotationAngle,
                      isFullCircle: isFullCircle, originTravel: originTravel)
    }

    private init(geometry: SliderGeometry, appearance: SliderAppearance, scale: Double, maximumAngle: Double, rotationAngle: Double,
                 isFullCircle: Bool, originTravel: Double) {
        self.geometry = geometry; self.appearance = appearance; self.scale = scale
        self.maximumAngle = maximumAngle; self.rotationAngle = rotationAngle; self.isFullCircle = isFullCircle; self.originTravel = originTravel
    }

    public init(geometry: SliderGeometry, appearance: SliderAppearance, scale: Double, model: SliderModel, origin: Double? = nil) {
        self.geometry = geometry; self.appearance = appearance; self.scale = scale
        maximumAngle = model.maximumAngle
        rotationAngle = model.effectiveRotationAngle
        isFullCircle = model.isFullCircle
        originTravel = model.isRange ? 0 : origin.map(model.lapTravel(forValue:)) ?? 0
    }

    /// The filled stretch of a state: between the handles, else from the origin to the handle.
    func filledSpan(_ travels: [Double]) -> (Double, Double) {
        if travels.count > 1 { return (travels[0], travels[1]) }
        return (Swift.min(originTravel, travels[0]), Swift.max(originTravel, travels[0]))
    }

    public var pixelSide: Int { Swift.max(1, Int(((geometry.side + 2 * geometry.margin) * scale).rounded(.up))) }
    var center: Point { Point(x: Double(pixelSide) / 2, y: Double(pixelSide) / 2) }
    var r: Double { geometry.radius * scale }
    var w: Double { geometry.lineWidth * scale }

    /// Radians on screen of a travel (degrees along the arc).
    func radians(travel t: Double) -> Double { (rotationAngle + t) * Double.pi / 180 }

    /// Point on the track's centre line (pixels) at travel `t`.
    func point(travel t: Double, radius: Double? = nil) -> Point {
        let a = radians(travel: t), rr = radius ?? r
        return Point(x: center.x + rr * cos(a), y: center.y + rr * sin(a))
    }

    /// Where labels and markers go: evenly spread, both ends for a gapped arc, no double at a
    /// full circle's seam.
    public static func evenTravels(count n: Int, maximumAngle: Double) -> [Double] {
        guard n > 0 else { return [] }
        if maximumAngle >= 360 { return (0..<n).map { 360 * Double($0) / Double(n) } }
        if n == 1 { return [0] }
        return (0..<n).map { maximumAngle * Double($0) / Double(n - 1) }
    }

    private func newLayer() throws(GraphicsError) -> (ImageSurface, DrawingContext) {
        let s = try ImageSurface(width: pixelSide, height: pixelSide)
        return (s, DrawingContext(surface: s))
    }

    /// The arc's path on the track's centre line, from travel t0 to t1.
    private func arcPath(_ ctx: DrawingContext, from t0: Double, to t1: Double, radius: Double? = nil) {
        ctx.newPath()
        addArcPieces(ctx, from: t0, to: t1, radius: radius ?? r)
    }

    /// An arc from travel t0 to t1 (t0 ≤ t1) as pieces that start and end at whole multiples
    /// of `pieceDegrees` (but its own ends): Cairo flattens a curve by its span, so one arc
    /// to t1 would put its edge pixels a little differently for every t1, all along the arc.
    /// In pieces, only the piece at a moving end changes, and a moving handle repaints just
    /// the stretch round it. `backwards`: the same pieces from t1 down to t0.
    private func addArcPieces(_ ctx: DrawingContext, from t0: Double, to t1: Double, radius: Double, backwards: Bool = false) {
        var cuts = [t0]
        while let a = cuts.last, a < t1 { cuts.append(Swift.min(t1, ((a / Self.pieceDegrees).rounded(.down) + 1) * Self.pieceDegrees)) }
        if backwards {
            for (a, b) in zip(cuts.dropFirst(), cuts).reversed() {
                ctx.addArcNegative(center: center, radius: radius, from: radians(travel: a), to: radians(travel: b))
            }
        } else {
            for (a, b) in zip(cuts, cuts.dropFirst()) {
                ctx.addArc(center: center, radius: radius, from: radians(travel: a), to: radians(travel: b))
            }
        }
    }

    static let pieceDegrees = 5.0

    /// A pie slice from the centre out to `radius` between travels t0 and t1, in pieces.
    private func addSector(_ ctx: DrawingContext, radius: Double, from t0: Double, to t1: Double) {
        ctx.move(to: center)
        addArcPieces(ctx, from: t0, to: t1, radius: radius)
        ctx.closePath()
    }

    /// A piece of the annulus between two radii and travels t0 and t1, in pieces: the glow's
    /// window, which leaves the middle (the texts) alone.
    private func addAnnularSector(_ ctx: DrawingContext, inner: Double, outer: Double, from t0: Double, to t1: Double) {
        addArcPieces(ctx, from: t0, to: t1, radius: outer)
        addArcPieces(ctx, from: t0, to: t1, radius: Swift.max(0, inner), backwards: true)
        ctx.closePath()
    }

    // MARK: static layer

    public func staticLayer() throws(GraphicsError) -> ImageSurface {
        let (surface, ctx) = try newLayer()
        let a = appearance
        ctx.setRoundCaps()
        arcPath(ctx, from: 0, to: maximumAngle)
        ctx.setLineWidth(geometry.ringWidth * scale)
        ctx.setColor(a.ringColor)
        ctx.stroke()
        // A faint inner shadow line along the ring's inside edge: the tutorial's "light
        // reflected by the background border".
        arcPath(ctx, from: 0, to: maximumAngle, radius: r - geometry.ringWidth * scale / 2 + 0.75 * scale)
        ctx.setLineWidth(1 * scale)
        ctx.setColor(Color(white: 1, alpha: 0.06))
        ctx.stroke()

        let travels = Self.evenTravels(count: a.labels.count, maximumAngle: maximumAngle)
        ctx.setColor(a.labelColor)
        for (text, t) in zip(a.labels, travels) {
            let layout = TextLayout(text: text, family: a.labelFont, pixelSize: a.labelFontSize * scale, context: ctx)
            let size = layout.size
            let angle = radians(travel: t)
            let extent = abs(cos(angle)) * size.width / 2 + abs(sin(angle)) * size.height / 2
            let ringEdge = geometry.ringWidth * scale / 2
            let distance: Double
            if a.labelOffset >= 0 {
                distance = r + ringEdge + (3 + a.labelOffset) * scale + extent
            } else {
                distance = r - ringEdge - (3 - a.labelOffset) * scale - extent
            }
            layout.draw(centeredAt: Point(x: center.x + distance * cos(angle), y: center.y + distance * sin(angle)))
        }
        return surface
    }

    // MARK: gradient band and glow

    /// Travel angles a band covers: the arc, plus enough beyond a gapped arc's ends (in the
    /// end colours) for round caps and glow.
    private func bandSpan(extra: Double) -> (Double, Double, [Double]) {
        if isFullCircle { return (0, 360, appearance.gradientStops) }
        let ext = Swift.min((360 - maximumAngle) / 2, extra / Swift.max(1, r) * 180 / Double.pi)
        let total = maximumAngle + 2 * ext
        // Stops at the arc's ends and the gradient's own stops, mapped into the wider span.
        let stops = ([0.0, 1.0] + appearance.gradientStops).map { (ext + $0 * maximumAngle) / total }
        return (-ext, maximumAngle + ext, stops)
    }

    private func paintBand(_ ctx: DrawingContext, inner: Double, outer: Double, extra: Double) {
        let (t0, t1, stops) = bandSpan(extra: extra)
        let span = t1 - t0
        let a = appearance, maxA = maximumAngle
        ctx.setAngularGradient(center: center, innerRadius: Swift.max(0, inner), outerRadius: outer,
                               from: radians(travel: t0), to: radians(travel: t1), stops: stops) { f in
            a.gradientColor(at: (t0 + f * span) / maxA)
        }
        ctx.paint()
    }

    /// The whole arc's colours on the annulus the widest glow covers: the filled arc shows
    /// them through the line's mask, the glow of every level through its own
    /// (`glowMask(level:)`). One image for both.
    public func gradientBand() throws(GraphicsError) -> ImageSurface {
        let reach = ShadowMask.margin(forRadius: glowRadius(level: Self.glowLevels) * scale)
        let (surface, ctx) = try newLayer()
        paintBand(ctx, inner: r - w / 2 - reach, outer: r + w / 2 + reach, extra: w / 2 + reach)
        return surface
    }

    /// The whole line (the arc with its round caps, or the full ring) as an A8 mask: the
    /// value layer shows its unfilled and filled parts through angular windows, so a moving
    /// end changes pixels only round itself (a stroke to the end would be flattened and
    /// scan-converted anew, moving edge pixels all along the arc by a level or two).
    public func lineMask() throws(GraphicsError) -> ImageSurface {
        let mask = try ImageSurface(width: pixelSide, height: pixelSide, format: .a8)
        let ctx = DrawingContext(surface: mask)
        ctx.setRoundCaps()
        ctx.setLineWidth(w)
        ctx.setColor(.black)
        if isFullCircle { ctx.newPath(); ctx.addCircle(center: center, radius: r) } else { arcPath(ctx, from: 0, to: maximumAngle) }
        ctx.stroke()
        return mask
    }

    /// The blur (design pixels) of the glow for glow level `level` (0…glowLevels).
    public func glowRadius(level: Int) -> Double {
        geometry.maxGlowRadius * Double(level) / Double(Self.glowLevels)
    }

    /// The tutorial's rule, blur = angle/20, scaled to the line and quantised: a sweep of
    /// `degrees` gives this level (0 = no glow).
    public static func glowLevel(sweep degrees: Double) -> Int {
        Int((Swift.min(360, Swift.max(0, degrees)) / 360 * Double(glowLevels)).rounded())
    }

    /// The glow level the value layer of `state` shows (nil: none).
    func glowLevel(shown state: ValueState) -> Int? {
        let (t0, t1) = filledSpan(state.travels)
        guard appearance.glowOpacity > 0, t1 - t0 > 0 else { return nil }
        let level = Self.glowLevel(sweep: t1 - t0)
        return level > 0 ? level : nil
    }

    /// The glow levels a value of this slider can show: 1 up to the level of its longest sweep.
    public var glowLevelRange: ClosedRange<Int>? {
        let top = Self.glowLevel(sweep: isFullCircle ? 360 : maximumAngle)
        return appearance.glowOpacity > 0 && top >= 1 ? 1...top : nil
    }

    /// The glow's alpha at `level`: the whole line blurred, times the glow's opacity, as an
    /// A8 mask (a quarter of an ARGB image; the colours come from `gradientBand()`, one image
    /// for every level). The value layer shows it through an angular window.
    public func glowMask(level: Int) throws(GraphicsError) -> ImageSurface {
        try glowMask(level: level, blurring: lineMask())
    }

    /// `glowMask(level:)` from a line's mask made by `lineMask()`, blurred in place.
    func glowMask(level: Int, blurring mask: ImageSurface) -> ImageSurface {
        ShadowMask.blur(mask, radius: glowRadius(level: level) * scale)
        let opacity = UInt32((Swift.min(1, Swift.max(0, appearance.glowOpacity)) * 255).rounded())
        if opacity < 255 {
            let width = mask.width, height = mask.height
            mask.withPixelBytes { base, stride in
                for y in 0..<height {
                    let row = (base + y * stride).assumingMemoryBound(to: UInt8.self)
                    for x in 0..<width where row[x] != 0 {
                        row[x] = UInt8(truncatingIfNeeded: (UInt32(row[x]) &* opacity &+ 127) / 255)
                    }
                }
            }
        }
        return mask
    }

    /// What decides a cached layer's pixels: sliders with equal keys share that layer (the
    /// scene's `SharedLayers`), so two sliders of the same look build each image once.
    public struct LayerKey: Hashable {
        /// The layer and what of the look it shows beyond the arc's geometry.
        public enum Layer: Hashable {
            /// The dark ring and the labels.
            case ring(ringColor: Color, labels: [String], labelColor: Color, labelFont: String, labelFontSize: Double, labelOffset: Double)
            case band(colours: [Color])
            case line
            /// The glow's masks do not depend on the colours.
            case glowMask(level: Int, opacity: Double)
        }
        var geometry: SliderGeometry
        var scale, maximumAngle, rotationAngle: Double
        var isFullCircle: Bool
        public var layer: Layer
    }

    public func layerKey(_ layer: LayerKey.Layer) -> LayerKey {
        LayerKey(geometry: geometry, scale: scale, maximumAngle: maximumAngle, rotationAngle: rotationAngle,
                 isFullCircle: isFullCircle, layer: layer)
    }

    public var ringKey: LayerKey {
        let a = appearance
        return layerKey(.ring(ringColor: a.ringColor, labels: a.labels, labelColor: a.labelColor, labelFont: a.labelFont,
                              labelFontSize: a.labelFontSize, labelOffset: a.labelOffset))
    }
    public var bandKey: LayerKey { layerKey(.band(colours: appearance.gradientColors)) }
    public var lineKey: LayerKey { layerKey(.line) }
    public func glowKey(level: Int) -> LayerKey { layerKey(.glowMask(level: level, opacity: appearance.glowOpacity)) }

    // MARK: handles

    /// The side of handle `i`'s image: the handle and its shadow (blur 3).
    func handleSide(_ i: Int) -> Int {
        let hr = appearance.handleRadius(i) * scale
        let margin = ShadowMask.margin(forRadius: 3 * scale) + 1
        return Swift.max(1, Int((2 * (hr + margin)).rounded(.up)))
    }

    /// One handle with its shadow (TB: blur 3, black), centred in a square image.
    public func handleImage(_ i: Int) throws(GraphicsError) -> ImageSurface {
        let h = appearance.handles[i]
        let hr = appearance.handleRadius(i) * scale
        let blur = 3 * scale
        let side = handleSide(i)
        let surface = try ImageSurface(width: side, height: side)
        let ctx = DrawingContext(surface: surface)
        let c = Point(x: Double(side) / 2, y: Double(side) / 2)
        let shadow = try ImageSurface(width: side, height: side, format: .a8)
        let sctx = DrawingContext(surface: shadow)
        if h.type == .image, let img = h.image {
            let s = 2 * hr / Double(Swift.max(img.width, img.height))
            sctx.translate(c.x, c.y); sctx.scale(s, s)
            sctx.setSource(img, at: Point(x: -Double(img.width) / 2, y: -Double(img.height) / 2))
            sctx.paint()
        } else {
            sctx.addCircle(center: c, radius: hr)
            sctx.setColor(.black)
            sctx.fill()
        }
        ShadowMask.blur(shadow, radius: blur)
        ctx.setColor(Color(white: 0, alpha: 0.55))
        ctx.mask(shadow, at: Point(x: 0, y: 1 * scale))
        switch h.type {
        case .image:
            if let img = h.image {
                let s = 2 * hr / Double(Swift.max(img.width, img.height))
                ctx.withSavedState {
                    ctx.translate(c.x, c.y); ctx.scale(s, s)
                    ctx.setSource(img, at: Point(x: -Double(img.width) / 2, y: -Double(img.height) / 2))
                    ctx.paint()
                }
            }
        case .smallCircle, .largeCircle:
            ctx.newPath(); ctx.addCircle(center: c, radius: hr)
            ctx.setColor(h.color); ctx.fill()
        case .doubleCircle:
            ctx.newPath(); ctx.addCircle(center: c, radius: hr)
            ctx.setColor(h.color.withAlpha(h.color.alpha * 0.4)); ctx.fill()
            ctx.newPath(); ctx.addCircle(center: c, radius: Swift.min(hr, w / 2))
            ctx.setColor(h.color); ctx.fill()
        }
        return surface
    }

    // MARK: value layer

    /// What the value layer shows; equal states draw the same pixels.
    public struct ValueState: Equatable {
        /// Displayed travels along the arc within the current lap (0…maximumAngle).
        public var travels: [Double]
        public var texts: [String]
        public var pressed: [Bool]
        public var focused: Bool
        public var keyHandle: Int
    }

    /// - Parameters:
    ///   - glow: `glowMask(level:)`; `band`: `gradientBand()`; `line`: `lineMask()`; each
    ///     placed in the layer (cut to its ink).
    ///   - visible: the rectangles being redrawn (the clip), nil for all of the layer: a part
    ///     whose box meets none of them is left out (a moving handle's far end, the texts).
    ///   - layer: the image `ctx` draws into, when a gapped arc's glow and line may be written
    ///     pixel by pixel (`SliderArcPixels`); nil: drawn through clip windows.
    public func drawValueLayer(_ state: ValueState, into ctx: DrawingContext, glow: (Int) -> PlacedImage?,
                               band: PlacedImage, line: PlacedImage, handles: (Int) -> ImageSurface?, visible: [Rect]? = nil,
                               layer: PlacedImage? = nil) {
        func shows(_ box: Rect) -> Bool { visible.map { $0.contains { $0.meets(box) } } ?? true }
        let a = appearance
        let (t0, t1) = filledSpan(state.travels)
        let sweep = t1 - t0
        let ringOuter = r + geometry.ringWidth * scale / 2
        if let layer, !isFullCircle {
            writeArcPixels(into: layer, t0: t0, t1: t1, glow: glow, band: band, line: line, visible: visible)
        } else {
            drawArcThroughWindows(t0: t0, t1: t1, into: ctx, glow: glow, band: band, line: line, visible: visible)
        }
        if sweep > 0 {
            // Round caps in the colour at each end (a mesh's end colour, exactly).
            for t in [t0, t1] {
                let p = point(travel: t)
                guard shows(Rect(x: p.x - w / 2 - 1, y: p.y - w / 2 - 1, width: w + 2, height: w + 2)) else { continue }
                ctx.newPath(); ctx.addCircle(center: p, radius: w / 2)
                ctx.setColor(a.gradientColor(at: t / maximumAngle)); ctx.fill()
            }
        }
        let markers = Self.evenTravels(count: a.markerCount, maximumAngle: maximumAngle)
        for t in markers {
            let p = point(travel: t)
            if let img = a.markerImage {
                ctx.withSavedState {
                    ctx.translate(p.x, p.y); ctx.scale(scale, scale)
                    ctx.setSource(img, at: Point(x: -Double(img.width) / 2, y: -Double(img.height) / 2))
                    ctx.paint()
                }
            } else {
                let mr = Swift.max(1.2 * scale, w * 0.16)
                guard shows(Rect(x: p.x - mr - 1, y: p.y - mr - 1, width: 2 * mr + 2, height: 2 * mr + 2)) else { continue }
                ctx.newPath(); ctx.addCircle(center: p, radius: mr)
                ctx.setColor(a.markerColor); ctx.fill()
            }
        }
        for i in state.travels.indices.reversed() {
            guard let img = handles(i) else { continue }
            let p = point(travel: state.travels[i])
            let reach = Double(Swift.max(img.width, img.height)) / 2 * 2.0.squareRoot() + 1   // turned images reach a diagonal
            guard shows(Rect(x: p.x - reach, y: p.y - reach, width: 2 * reach, height: 2 * reach)) else { continue }
            let h = a.handles[i]
            let alpha = state.pressed[i] && h.highlightable ? 0.6 : 1
            ctx.withSavedState {
                ctx.translate(p.x, p.y)
                if h.type == .image && h.rotatable { ctx.rotate(radians(travel: state.travels[i]) + Double.pi / 2) }
                ctx.setSource(img, at: Point(x: -Double(img.width) / 2, y: -Double(img.height) / 2), smooth: true)
                ctx.paint(alpha: alpha)
            }
        }
        if state.focused {
            ctx.newPath()
            ctx.addCircle(center: point(travel: state.travels[state.keyHandle]), radius: appearance.handleRadius(state.keyHandle) * scale + 3 * scale)
            ctx.setLineWidth(Swift.max(1.5, 2 * scale))
            ctx.setColor(Color(white: 1, alpha: 0.9))
            ctx.stroke()
        }
        drawTexts(state.texts, ctx: ctx, ringInner: ringOuter - geometry.ringWidth * scale, shows: shows)
    }

    /// The glow, the unfilled track and the filled arc of a gapped arc, pixel by pixel into
    /// `layer` (over `visible`, else all of it): the same windows as `drawArcThroughWindows`.
    private func writeArcPixels(into layer: PlacedImage, t0: Double, t1: Double, glow: (Int) -> PlacedImage?,
                                band: PlacedImage, line: PlacedImage, visible: [Rect]?) {
        let sweep = t1 - t0
        var glowMask: PlacedImage?
        var feather = 1.0
        var inner = Swift.max(0, r - w / 2 - 4), outer = r + w / 2 + 4
        if appearance.glowOpacity > 0, sweep > 0 {
            let level = Self.glowLevel(sweep: sweep)
            if level > 0, let g = glow(level) {
                glowMask = g
                let reach = ShadowMask.margin(forRadius: glowRadius(level: level) * scale)
                feather = (w / 2 + reach) / r * 180 / Double.pi / Double(SliderArcPixels.featherSteps)
                inner = Swift.max(0, Swift.min(inner, r - w / 2 - reach - 2)); outer = Swift.max(outer, r + w / 2 + reach + 2)
            }
        }
        var pixels = SliderArcPixels(center: center, rotationAngle: rotationAngle, seam: maximumAngle + (360 - maximumAngle) / 2,
                                     t0: t0, t1: t1, unfilledBefore: t0 > 0, unfilledAfter: t1 < maximumAngle, filled: sweep > 0,
                                     glow: glowMask, featherDegrees: feather, band: band, line: line,
                                     unfilled: SliderArcPixels.premultiplied(appearance.unfilledColor))
        pixels.innerRadius = inner; pixels.outerRadius = outer
        pixels.write(into: layer, rects: visible)
    }

    /// The glow, the unfilled track and the filled arc through clip windows (full circles).
    private func drawArcThroughWindows(t0: Double, t1: Double, into ctx: DrawingContext, glow: (Int) -> PlacedImage?,
                                       band: PlacedImage, line: PlacedImage, visible: [Rect]?) {
        func shows(_ box: Rect) -> Bool { visible.map { $0.contains { $0.meets(box) } } ?? true }
        let zero = Point(x: 0, y: 0)
        let a = appearance
        let sweep = t1 - t0
        if a.glowOpacity > 0, sweep > 0 {

            let level = Self.glowLevel(sweep: sweep)
            if level > 0, let g = glow(level) {
                let reach = ShadowMask.margin(forRadius: glowRadius(level: level) * scale)
                let big = r + w / 2 + reach + 2, small = r - w / 2 - reach - 2
                // All of the glow inside its mask's box (outside it the mask is 0, so nothing
                // of the glow stays there): the DEST_IN below then lies within the mask, which
                // cairo composites in one go, where a clip past a mask cut to its ink makes it
                // clear the rest on its own.
                ctx.withSavedState {
                    ctx.newPath()
                    ctx.addRect(Rect(x: Double(g.x), y: Double(g.y), width: Double(g.image.width), height: Double(g.image.height)))
                    ctx.clip()
                    // The glow's colours through the angular window, with soft ends: the glow
                    // fades over the cap's angle in eight steps (under the track drawn next, so
                    // the steps only touch the soft halo).
                    ctx.setSource(band.image, at: band.origin(zero), smooth: false)
                    if let (a0, a1) = visibleSpan(from: t0, to: t1, inner: small, outer: big, visible: visible) {
                        ctx.withSavedState {
                            ctx.newPath(); addAnnularSector(ctx, inner: small, outer: big, from: a0, to: a1)
                            ctx.clip()
                            ctx.paint()
                        }
                    }
                    let steps = 8
                    let feather = (w / 2 + reach) / r * 180 / Double.pi / Double(steps)
                    for k in 0..<steps {
                        let alpha = Double(steps - k) / Double(steps + 1)
                        for (s0, s1) in [(t1 + Double(k) * feather, t1 + Double(k + 1) * feather),
                                         (t0 - Double(k + 1) * feather, t0 - Double(k) * feather)]
                        where shows(sectorBox(from: s0, to: s1, inner: small, outer: big)) {
                            ctx.withSavedState {
                                ctx.newPath(); addAnnularSector(ctx, inner: small, outer: big, from: s0, to: s1)
                                ctx.clip()
                                ctx.paint(alpha: alpha)
                            }
                        }
                    }
                    // Then the blur: the layer holds only the glow here, so a DEST_IN through the
                    // level's mask (the blurred line times the opacity) leaves the glow. Over the
                    // window's box, whole pixels: a rectangular clip keeps it one plain composite
                    // (a mask through a curved clip makes cairo rasterise the clip anew each time).
                    let box = sectorBox(from: t0 - Double(steps) * feather, to: t1 + Double(steps) * feather, inner: small, outer: big)
                    let x0 = box.x.rounded(.down), y0 = box.y.rounded(.down)
                    ctx.withSavedState {
                        ctx.newPath()
                        ctx.addRect(Rect(x: x0, y: y0, width: (box.x + box.width).rounded(.up) - x0, height: (box.y + box.height).rounded(.up) - y0))
                        ctx.clip()
                        ctx.setBlendMode(.destinationIn)
                        ctx.setColor(.black)
                        ctx.mask(g.image, at: g.origin(zero), smooth: false)
                    }
                }
            }
        }
        // The line through angular windows: the unfilled parts (their outer ends with the
        // line's round caps), then the filled part in the band's colours. The windows are
        // rings round the line, not slices from the centre, so a text's box meets none.
        let lineReach = r + w / 2 + 4, lineInner = Swift.max(0, r - w / 2 - 4)
        let capAngle = isFullCircle ? 0 : (w / 2 + 2) / Swift.max(1, r) * 180 / Double.pi
        ctx.setColor(a.unfilledColor)
        var unfilled: [(Double, Double)] = []
        if sweep <= 0 {
            unfilled = [(-capAngle, maximumAngle + capAngle)]
        } else {
            if t0 > 0 { unfilled.append((-capAngle, t0)) }
            if t1 < maximumAngle { unfilled.append((t1, maximumAngle + capAngle)) }
        }
        for (u0, u1) in unfilled {
            guard let (a0, a1) = visibleSpan(from: u0, to: u1, inner: lineInner, outer: lineReach, visible: visible) else { continue }
            ctx.withSavedState {
                ctx.newPath(); addAnnularSector(ctx, inner: lineInner, outer: lineReach, from: a0, to: a1); ctx.clip()
                ctx.mask(line.image, at: line.origin(zero), smooth: false)
            }
        }
        if sweep > 0 {
            if let (a0, a1) = visibleSpan(from: t0, to: t1, inner: lineInner, outer: lineReach, visible: visible) {
                ctx.withSavedState {
                    ctx.newPath(); addAnnularSector(ctx, inner: lineInner, outer: lineReach, from: a0, to: a1); ctx.clip()
                    ctx.setSource(band.image, at: band.origin(zero), smooth: false)
                    ctx.mask(line.image, at: line.origin(zero), smooth: false)
                }
            }
        }
    }

    /// The value (one line, or "a – b"), a revolution count above it, the caption below.
    private func drawTexts(_ texts: [String], ctx: DrawingContext, ringInner: Double, shows: (Rect) -> Bool) {
        for (layout, centre, colour) in textLayouts(texts, ctx: ctx, ringInner: ringInner) where shows(inkBox(layout, centredAt: centre)) {
            ctx.setColor(colour)
            layout.draw(centeredAt: centre)
        }
    }

    /// The texts' layouts, where each is centred, and their colours.
    private func textLayouts(_ texts: [String], ctx: DrawingContext, ringInner: Double) -> [(TextLayout, Point, Color)] {
        guard !texts.isEmpty else { return [] }
        var out: [(TextLayout, Point, Color)] = []
        let a = appearance
        let inner = Swift.max(4, ringInner - 6 * scale)
        if a.showValue, let value = texts.first, !value.isEmpty {
            var size = inner * 0.62
            var layout = TextLayout(text: value, family: a.fontName, pixelSize: size, context: ctx)
            let maxWidth = inner * 1.6
            if layout.size.width > maxWidth {
                size *= maxWidth / layout.size.width
                layout = TextLayout(text: value, family: a.fontName, pixelSize: size, context: ctx)
            }
            let captionInside = a.caption != nil && a.captionPlacement == .inside
            out.append((layout, Point(x: center.x, y: center.y - (captionInside ? inner * 0.08 : 0)), a.valueColor))
        }
        if texts.count > 1, !texts[1].isEmpty {
            let layout = TextLayout(text: texts[1], family: a.fontName, pixelSize: inner * 0.16, context: ctx)
            out.append((layout, Point(x: center.x, y: center.y - inner * 0.5), a.captionColor))
        }
        if let caption = a.caption, !caption.isEmpty, a.captionPlacement == .inside {
            // The round widgets' one caption size (RoundCaption), fitted to the ring as captionFit says.
            let size = (a.captionSize ?? RoundCaption.defaultSize(diameter: geometry.side)) * scale
            let layout = RoundCaption.layout(caption, font: a.fontName, pixelSize: size, width: inner * 1.5, fit: a.captionFit,
                                            alignment: .left, context: ctx)   // left: drawn centred on its own width
            out.append((layout, Point(x: center.x, y: center.y + inner * 0.42), a.captionColor))
        }
        return out
    }

    /// The boxes (layer pixels) the value layer's texts paint: their glyphs' ink, 2 pixels
    /// wider each way for antialiasing. `ctx`: any context (for Pango).
    public func textBoxes(_ texts: [String], ctx: DrawingContext) -> [Rect] {
        let ringInner = r + geometry.ringWidth * scale / 2 - geometry.ringWidth * scale
        return textLayouts(texts, ctx: ctx, ringInner: ringInner).map { layout, c, _ in inkBox(layout, centredAt: c) }
    }

    /// A text's glyphs' ink (layer pixels) drawn centred at `c`, 2 pixels wider each way.
    private func inkBox(_ layout: TextLayout, centredAt c: Point) -> Rect {
        let s = layout.size, ink = layout.inkBox
        return Rect(x: c.x - s.width / 2 + ink.x - 2, y: c.y - s.height / 2 + ink.y - 2, width: ink.width + 4, height: ink.height + 4)
    }

    // MARK: what a change repaints

    /// Where the value layer differs between states `a` and `b` (layer pixels), when the
    /// handles moved and the texts changed but the glow kept its level: per moved handle the
    /// box of the arc's stretch it moved over, widened by what is drawn at an end (the glow's
    /// soft end, the round caps, the handle with its shadow, the focus ring); the texts' old
    /// and new boxes (`textBoxes`). nil when more changed: the whole layer is redrawn.
    public func changedArea(from a: ValueState, to b: ValueState, textBoxes: ([String]) -> [Rect]) -> [Rect]? {
        guard a.travels.count == b.travels.count, a.pressed == b.pressed, a.focused == b.focused, a.keyHandle == b.keyHandle
        else { return nil }
        func sweep(_ s: ValueState) -> Double { let (t0, t1) = filledSpan(s.travels); return t1 - t0 }
        let level = Self.glowLevel(sweep: sweep(a))
        if appearance.glowOpacity > 0 && level != Self.glowLevel(sweep: sweep(b)) { return nil }
        // Radial and along-the-arc reach of what an end draws: the glow's soft end (cap
        // angle plus its blur), the line's round cap, the handle's image (turning images
        // reach a diagonal) and the focus ring.
        let glowReach = appearance.glowOpacity > 0 && level > 0 ? w / 2 + ShadowMask.margin(forRadius: glowRadius(level: level) * scale) : 0
        var rects: [Rect] = []
        for i in a.travels.indices where a.travels[i] != b.travels[i] {
            let h = appearance.handles[i]
            let turns = h.type == .image && h.rotatable ? 2.0.squareRoot() : 1
            let handleReach = Double(handleSide(i)) / 2 * turns + 1 * scale + 1
            let focusReach = appearance.handleRadius(i) * scale + 4 * scale + 2
            let reach = Swift.max(glowReach, w / 2, handleReach, focusReach) + 2
            let lo = Swift.min(a.travels[i], b.travels[i]), hi = Swift.max(a.travels[i], b.travels[i])
            let spread = Swift.min(180, reach / Swift.max(1, r) * 180 / Double.pi)
            rects.append(sectorBox(from: lo - spread, to: hi + spread, inner: r - reach, outer: r + reach))
        }
        if a.texts != b.texts { rects += textBoxes(a.texts) + textBoxes(b.texts) }
        return rects.map { box in
            let x0 = box.x.rounded(.down), y0 = box.y.rounded(.down)
            return Rect(x: x0, y: y0, width: (box.x + box.width).rounded(.up) - x0, height: (box.y + box.height).rounded(.up) - y0)
        }
    }

    /// The box (layer pixels, whole) the value layer can paint in, given the band's box (the
    /// glow, the line and its caps stay in it, the texts inside the ring): the band's, widened
    /// to the handles with their shadows and focus ring along the arc; the whole square with
    /// marker images (which may be of any size). Bench console: 283×269 of 298².
    public func valueLayerBox(band: Rect) -> Rect {
        let all = Rect(x: 0, y: 0, width: Double(pixelSide), height: Double(pixelSide))
        guard appearance.markerImage == nil else { return all }
        var reach = 0.0
        for i in appearance.handles.indices {
            let h = appearance.handles[i]
            let turns = h.type == .image && h.rotatable ? 2.0.squareRoot() : 1
            reach = Swift.max(reach, Double(handleSide(i)) / 2 * turns + 1 * scale + 1,
                              appearance.handleRadius(i) * scale + 4 * scale + 2 + Swift.max(1.5, 2 * scale))
        }
        let arc = isFullCircle ? Rect(x: center.x - r - reach, y: center.y - r - reach, width: 2 * (r + reach), height: 2 * (r + reach))
                               : sectorBox(from: 0, to: maximumAngle, inner: r - reach, outer: r + reach)
        let x0 = Swift.max(0, Swift.min(band.x, arc.x).rounded(.down)), y0 = Swift.max(0, Swift.min(band.y, arc.y).rounded(.down))
        let x1 = Swift.min(all.width, Swift.max(band.maxX, arc.maxX).rounded(.up)), y1 = Swift.min(all.height, Swift.max(band.maxY, arc.maxY).rounded(.up))
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The stretch of the window from travel `a` to `b` between radii `inner` and `outer` that
    /// the `visible` rectangles can show; nil when none reaches it, all of it without them.
    /// Its ends move in only to whole pieces (`pieceDegrees`) outside every rectangle, where
    /// the whole window has a cut too, so the window's edges inside them are the whole
    /// window's, pixel for pixel: a moving handle's windows are a few pieces long, not the
    /// arc's 54, and most of a frame was tessellating those (the clip of each window).
    func visibleSpan(from a: Double, to b: Double, inner: Double, outer: Double, visible: [Rect]?) -> (Double, Double)? {
        guard let visible else { return (a, b) }
        let box = sectorBox(from: a, to: b, inner: inner, outer: outer)
        // Travels in the lap whose seam is the middle of the gap (a gapped arc's ends apart).
        let seam = maximumAngle + (360 - maximumAngle) / 2
        var lo = Double.infinity, hi = -Double.infinity
        for rect in visible where rect.meets(box) {
            let nx = Swift.min(Swift.max(center.x, rect.minX), rect.maxX), ny = Swift.min(Swift.max(center.y, rect.minY), rect.maxY)
            let corners = [Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
                           Point(x: rect.minX, y: rect.maxY), Point(x: rect.maxX, y: rect.maxY)]
            let far = corners.map { (($0.x - center.x) * ($0.x - center.x) + ($0.y - center.y) * ($0.y - center.y)).squareRoot() }.max() ?? 0
            let near = ((nx - center.x) * (nx - center.x) + (ny - center.y) * (ny - center.y)).squareRoot()
            guard near <= outer, far >= inner else { continue }   // in the hole or beyond the ring
            // Round the centre or across the seam, a rectangle sees every angle: no trimming.
            guard !isFullCircle, near > 0 else { return (a, b) }
            var tl = Double.infinity, th = -Double.infinity
            for c in corners {
                var t = atan2(c.y - center.y, c.x - center.x) * 180 / Double.pi - rotationAngle
                t -= 360 * ((t - (seam - 360)) / 360).rounded(.down)
                tl = Swift.min(tl, t); th = Swift.max(th, t)
            }
            guard th - tl < 180 else { return (a, b) }
            lo = Swift.min(lo, tl); hi = Swift.max(hi, th)
        }
        guard lo <= hi else { return nil }
        // Two pixels of slack at the inner radius: a cut's antialiased edge stays outside.
        let slack = 2 / Swift.max(1, inner) * 180 / Double.pi, p = Self.pieceDegrees
        let a2 = Swift.max(a, ((lo - slack) / p).rounded(.down) * p), b2 = Swift.min(b, ((hi + slack) / p).rounded(.up) * p)
        return a2 < b2 ? (a2, b2) : nil
    }

    /// The box of the annulus piece between travels `t0` and `t1` (t0 ≤ t1) and two radii.
    func sectorBox(from t0: Double, to t1: Double, inner: Double, outer: Double) -> Rect {
        let a0 = radians(travel: t0), a1 = radians(travel: t1)
        var angles = [a0, a1]
        var k = (a0 / (Double.pi / 2)).rounded(.up)
        while k * Double.pi / 2 < a1 { angles.append(k * Double.pi / 2); k += 1 }
        var xs: [Double] = [], ys: [Double] = []
        for a in angles {
            for rr in [Swift.max(0, inner), outer] { xs.append(center.x + rr * cos(a)); ys.append(center.y + rr * sin(a)) }
        }
        let x0 = xs.min()!, x1 = xs.max()!, y0 = ys.min()!, y1 = ys.max()!
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
