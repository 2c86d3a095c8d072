import Graphics
#if canImport(Glibc)
import Glibc
#endif

/// A knob on screen: the reference's layer stack drawn from cached surfaces. From back to
/// front: background image, the rotating knob's shadow, the knob image (rotated by the
/// model's screen rotation at composite time), the foreground image with its own shadow,
/// the focus ring and the caption. Images are regenerated only when their look changes
/// (state colour, zoomed title, scale); turning the knob never redraws them. A rotary dial
/// draws its own stack (Dial/DialLayers) between the same caption and focus ring.
public final class KnobView: TargetingWidget, ValueReadout {
    public let id: String
    /// A rotary dial's keypad: each number dialled is typed into it (TargetRequest.type).
    public let digitTarget: String?
    private var requests: [TargetRequest] = []
    public let frame: Rect
    public private(set) var model: KnobModel
    public let appearance: KnobAppearance
    public var needsDisplay = true
    public var hasFocus = false
    public var acceptsFocus: Bool { model.isEnabled }

    private var gestures: KnobGestureRecognizer
    /// The image in use and what it was made for (model content revision, state, scale).
    private var current: (revision: Int, state: ControlState, scale: Double, image: ImageSurface)?
    private var customImageCache: [String: ImageSurface] = [:]
    private var shadowCache: (key: String, mask: ImageSurface)?
    private var foregroundShadowCache: (scale: Double, mask: ImageSurface)?
    private var titleFontSize: Double?
    private var captionCache: (scale: Double, text: String, surface: ImageSurface)?
    private var satinCache: (scale: Double, surface: ImageSurface)?
    /// The value readout on the knob's centre (KnobView+Readout), keyed by text and scale.
    var readoutCache: ReadoutImage?
    /// The readout's size (screen pixels) and the scale it was fitted for (KnobView+Readout).
    var readoutFit: (scale: Double, size: Double)?
    /// The title layer's text images (KnobView+Titles) and the scale's track (KnobView+Scale).
    var titleCache: (key: String, images: [(ImageSurface, Bool)])?
    var scaleCache: (key: TrackLook, surface: ImageSurface)?
    /// The rotary dial's layers (nil for the other modes).
    private let dialLayers: DialLayers?
    /// Images shared with identical widgets of the scene (disc, satin, shadow mask, scale).
    let shared: SharedLayers
    /// The knob while it is at rest (KnobView+Face): the whole knob as one image, or its own
    /// pip and filled arc over the parts identical knobs share (KnobView+RestingParts).
    var restingFace: RestingFace?
    /// The shared parts in use at rest and the look they were fetched for (revision, state, scale).
    var restingParts: (revision: Int, state: ControlState, scale: Double, parts: KnobRestingParts)?
    /// The resting look drawn live last and the frame time it was first drawn at (its image
    /// is built when it is drawn again at a later time).
    var restingCandidate: (key: RestingFaceKey, time: Double)?
    /// What the last frame painted, so a turning knob damages only what moved (KnobView+Face).
    var painted: PaintedKnob?
    /// The flat style's ring as a mask (KnobView+Look) and the plain disc's mask (KnobView+Face),
    /// kept here so a frame does not hash their keys.
    var flatRingCache: (ring: FlatRingMask.Ring, side: Int, mask: ImageSurface)?
    var discMaskCache: (art: KnobArtwork, mask: ImageSurface)?
    /// The flat style's bead at quarter-pixel phases (KnobView+Face).
    let beads = BeadImages()

    public init(id: String, frame: Rect, model: KnobModel, appearance: KnobAppearance, shared: SharedLayers = SharedLayers(),
                digitTarget: String? = nil) {
        self.id = id
        self.digitTarget = model.mode == .rotaryDial ? digitTarget : nil
        self.shared = shared
        self.frame = frame
        self.model = model
        self.appearance = appearance
        gestures = KnobGestureRecognizer(geometry: KnobGeometry(sideLength: 1))
        dialLayers = model.mode == .rotaryDial ? DialLayers() : nil
        gestures.geometry = geometry
        // Published values carry the decimals the readout shows, unless the model says otherwise.
        if self.model.valueDecimals == nil { self.model.valueDecimals = valueFormatInUse.decimals }
    }

    // MARK: geometry (design pixels)

    /// The caption's size in design pixels (RoundCaption: the layout's, else 7 % of the
    /// frame's smaller side, 13…24).
    var captionSize: Double { appearance.captionSize ?? RoundCaption.defaultSize(diameter: Swift.min(frame.width, frame.height)) }

    /// The caption line under the knob (none when the caption goes inside).
    private var captionHeight: Double {
        !hasCaptionLine || appearance.captionPlacement != .below ? 0 : RoundCaption.lineHeight(size: captionSize)
    }

    /// The square the knob occupies: the largest square that fits in the frame above the
    /// caption. The knob and its caption are one group, centred in the frame (a caption sits
    /// right under its knob, however tall the cell).
    public var knobRect: Rect {
        // Worked out once: the frame, the look and the travel are the view's for good, and a
        // frame asks for it dozens of times.
        if let knobRectMemo { return knobRectMemo }
        let side = squareSide, tuck = captionTuck(side: side)
        let rect = Rect(x: frame.x + (frame.width - side) / 2, y: frame.y + (frame.height - captionHeight + tuck - side) / 2,
                        width: side, height: side)
        knobRectMemo = rect
        return rect
    }
    private var knobRectMemo: Rect?

    private var squareSide: Double { Swift.max(1, Swift.min(frame.width, frame.height - captionHeight)) }

    /// The caption's line, right under what the knob draws: moved up into the square's empty
    /// bottom rows (a scale open at the bottom leaves them), so it sits as close to a knob
    /// with a scale as to a bare disc.
    var captionRect: Rect {
        Rect(x: frame.x, y: knobRect.maxY - captionTuck(side: knobRect.width), width: frame.width, height: captionHeight)
    }

    /// How far the caption moves up into the square: the rows below the lowest thing the
    /// knob draws (its disc with the focus ring, the scale's arc ends and tick labels, the
    /// shadow), less a gap of a fifth of the caption's size; at most the caption's height.
    private func captionTuck(side: Double) -> Double {
        guard captionHeight > 0, model.mode != .rotaryDial, appearance.images.isEmpty else { return 0 }
        let half = side / 2
        let r = Swift.min(appearance.knobRadius ?? half * discFraction, half)
        var bottom = r + 6
        if appearance.shadowOpacity > 0 { bottom = Swift.max(bottom, r + appearance.shadowOffset.dy + appearance.shadowRadius) }
        if appearance.scale != nil, !model.circular {
            let radii = scaleRadii
            // The lowest point of the travel: its ends, or the bottom if the travel passes it.
            let a = model.clockwise ? model.min : -model.max, b = model.clockwise ? model.max : -model.min
            let passesBottom = stride(from: -3.0, through: 3.0, by: 2.0).contains { k in a <= k * Double.pi && k * Double.pi <= b }
            let lowest = passesBottom ? 1 : Swift.max(-cos(a), -cos(b))
            bottom = Swift.max(bottom, half * radii.arc * lowest + Swift.max(2, half * radii.arcWidth) / 2)
            if appearance.scale?.tickLabels == true { bottom = Swift.max(bottom, half * radii.label * lowest + half * radii.labelSize * 0.7) }
        }
        return Swift.max(0, Swift.min(captionHeight, half - bottom - captionSize * 0.2))
    }

    /// The reference's knobRadius, at most half the knob's square (a larger one would be
    /// clipped by the image and would take touches meant for neighbouring widgets).
    public var knobRadius: Double { Swift.min(appearance.knobRadius ?? knobRect.width / 2 * discFraction, knobRect.width / 2) }
    public var roundArea: RoundArea? { RoundArea(center: knobRect.center, radius: knobRadius, clockwise: model.clockwise) }
    public var geometry: KnobGeometry { KnobGeometry(sideLength: knobRect.width, radius: knobRadius) }
    /// The dial's holes and stop (rotary dial mode), for the knob's radius.
    public var dialGeometry: RotaryDialGeometry {
        RotaryDialGeometry(radius: knobRadius, fingerHoleRadius: appearance.fingerHoleRadius, fingerHoleMargin: appearance.fingerHoleMargin)
    }
    /// Blur operations the dial's shadows have run so far (once per shape and scale).
    public var dialBlurCount: Int { dialLayers?.blurCount ?? 0 }

    private func local(_ p: Point) -> KnobPoint {
        let c = knobRect.center
        return KnobPoint(x: p.x - c.x, y: p.y - c.y)
    }

    public var state: ControlState {
        ControlState.resolve(highlighted: model.isHighlighted, enabled: model.isEnabled, selected: appearance.selected)
    }

    public func paintBounds(_ mapping: ScreenMapping) -> Rect {
        let shadowReach = appearance.shadowOpacity > 0
            ? ShadowMask.margin(forRadius: appearance.shadowRadius) + Swift.max(abs(appearance.shadowOffset.dx), abs(appearance.shadowOffset.dy))
            : 0
        let ring = 6.0
        let r = mapping.toScreen(frame)
        return r.insetBy(-(Swift.max(shadowReach, ring) * mapping.scale + 2))
    }

    // MARK: drawing

    public func draw(in ctx: DrawingContext, mapping: ScreenMapping, time: Double) {
        let s = mapping.scale
        let c = pixelCenter(mapping)
        let rotation = model.screenRotation(at: time)
        painted = paintedState(mapping, time: time)

        if let dialLayers {
            drawDial(dialLayers, in: ctx, center: c, rotation: rotation, mapping: mapping)
        } else {
            drawKnobLayers(in: ctx, center: c, rotation: rotation, mapping: mapping, time: time)
        }
        if hasFocus {
            ctx.newPath()
            ctx.addCircle(center: c, radius: knobRadius * s + 4 * s)
            ctx.setLineWidth(Swift.max(1.5, 2.5 * s))
            ctx.setColor(appearance.colors.fillColor(for: .highlighted).withAlpha(0.9))
            ctx.stroke()
        }
        if appearance.captionPlacement == .below, let caption = captionImage(mapping, time: time) {
            let r = mapping.toScreen(captionRect)
            ctx.setSource(caption, at: Point(x: r.x.rounded(), y: r.y.rounded()), smooth: false)
            ctx.paint()
        }
    }

    /// The knob's centre on screen, placed so the cached images (squares of `pixelSide`)
    /// sit on whole pixels: at rest every layer is then a plain copy, not a filtered resample
    /// (5× cheaper at fractional scales).
    func pixelCenter(_ mapping: ScreenMapping) -> Point {
        let rect = mapping.toScreen(knobRect)
        let side = Double(pixelSide(mapping))
        return Point(x: (rect.center.x - side / 2).rounded() + side / 2, y: (rect.center.y - side / 2).rounded() + side / 2)
    }

    /// The knob's layers: one copy at rest (KnobView+Face), else drawn live.
    private func drawKnobLayers(in ctx: DrawingContext, center c: Point, rotation: Double, mapping: ScreenMapping, time: Double) {
        if drawResting(in: ctx, center: c, rotation: rotation, mapping: mapping, time: time) { return }
        drawLayers(in: ctx, center: c, rotation: rotation, mapping: mapping, time: time, atRest: false)
    }

    /// Background, scale, shadow, then the face (rotating image, satin, foreground, titles and
    /// readout: KnobView+Face). `atRest`: drawing the resting image; `part`: all of it, or a
    /// part identical knobs share at rest (KnobView+RestingParts).
    func drawLayers(in ctx: DrawingContext, center c: Point, rotation: Double, mapping: ScreenMapping, time: Double, atRest: Bool,
                    part: RestingPart = .whole) {
        let s = mapping.scale
        let side = Double(pixelSide(mapping))
        if let bg = appearance.backgroundImage, let img = scaled(bg, key: "background", side: Int(side)) {
            ctx.setSource(img, at: Point(x: (c.x - side / 2).rounded(), y: (c.y - side / 2).rounded()), smooth: false)
            ctx.paint()
        }
        drawScale(in: ctx, center: c, mapping: mapping, time: time, part: part)
        if appearance.shadowOpacity > 0, let mask = shadowMask(mapping) {
            let sc = Point(x: c.x + appearance.shadowOffset.dx * s, y: c.y + appearance.shadowOffset.dy * s)
            ctx.setColor(appearance.shadowColor.withAlpha(appearance.shadowColor.alpha * appearance.shadowOpacity))
            if shadowFollowsImageAlpha {
                ctx.withSavedState {
                    ctx.translate(sc.x, sc.y)
                    ctx.rotate(rotation)
                    ctx.mask(mask, at: Point(x: -Double(mask.width) / 2, y: -Double(mask.height) / 2))
                }
            } else {
                // A circular outline's shadow looks the same at every angle: no rotation, and
                // on whole pixels, so it is a plain masked fill rather than a resample.
                ctx.mask(mask, at: Point(x: (sc.x - Double(mask.width) / 2).rounded(), y: (sc.y - Double(mask.height) / 2).rounded()))
            }
        }
        drawFace(in: ctx, center: c, rotation: rotation, mapping: mapping, time: time, atRest: atRest, pip: part == .whole)
    }

    /// The foreground image and its shadow (custom `foregroundImage`), level over the face.
    func drawForeground(in ctx: DrawingContext, center c: Point, mapping: ScreenMapping) {
        let s = mapping.scale
        let side = Double(pixelSide(mapping))
        if let fg = appearance.foregroundImage, let img = scaled(fg, key: "foreground", side: Int(side)) {
            let origin = Point(x: (c.x - side / 2).rounded(), y: (c.y - side / 2).rounded())
            if appearance.shadowOpacity > 0, let mask = foregroundShadow(img, mapping) {
                let m = Double(mask.width - img.width) / 2
                ctx.setColor(appearance.shadowColor.withAlpha(appearance.shadowColor.alpha * appearance.shadowOpacity))
                ctx.mask(mask, at: Point(x: origin.x - m + appearance.shadowOffset.dx * s, y: origin.y - m + appearance.shadowOffset.dy * s))
            }
            ctx.setSource(img, at: origin, smooth: false)
            ctx.paint()
        }
    }

    /// The rotary dial's layers, with the custom images of the layout file if it has them.
    private func drawDial(_ layers: DialLayers, in ctx: DrawingContext, center c: Point, rotation: Double, mapping: ScreenMapping) {
        let side = pixelSide(mapping)
        let st = state
        var custom = DialLayers.CustomImages()
        if let bg = appearance.backgroundImage { custom.background = scaled(bg, key: "background", side: side) }
        if appearance.image(for: st) != nil, let img = knobImage(mapping) { custom.dial = (img, st.rawValue) }
        if let fg = appearance.foregroundImage { custom.foreground = scaled(fg, key: "foreground", side: side) }
        layers.draw(in: ctx, center: c, rotation: rotation, look: dialLook(mapping), appearance: appearance, custom: custom)
    }

    /// A generated dial's turning images, started on another thread for the first frame.
    public func startPreparing(_ mapping: ScreenMapping) {
        guard let dialLayers, appearance.backgroundImage == nil, appearance.image(for: state) == nil else { return }
        dialLayers.prepareTurning(dialLook(mapping), appearance: appearance, generatedStop: appearance.foregroundImage == nil)
    }

    private func dialLook(_ mapping: ScreenMapping) -> DialPainter.Look {
        let st = state
        return DialPainter.Look(side: knobRect.width, geometry: dialGeometry, fill: appearance.colors.fillColor(for: st),
                                titleColor: appearance.colors.titleColor(for: st), fontName: appearance.fontName, scale: mapping.scale)
    }

    /// A generated dial that only turned from `from` to `to`: the holes' boxes at both angles
    /// (DialLayers.turnedDamage); nil when all of it must be repainted.
    func dialDamage(_ mapping: ScreenMapping, from: Double, to: Double) -> [Rect]? {
        guard let dialLayers, appearance.backgroundImage == nil, appearance.image(for: state) == nil else { return nil }
        return dialLayers.turnedDamage(center: pixelCenter(mapping), from: from, to: to, look: dialLook(mapping), appearance: appearance)
    }

    func pixelSide(_ mapping: ScreenMapping) -> Int { Swift.max(1, Int((knobRect.width * mapping.scale).rounded(.up))) }

    /// The artwork for the generated image in the current state.
    func artwork(_ mapping: ScreenMapping) -> KnobArtwork {
        let face: KnobArtwork.Face
        if model.mode.isDiscrete {
            let n = model.positions
            let titles = (0..<n).map { model.title(forIndex: $0) }
            let angles = (0..<n).map { j -> Double in
                let p = model.circular ? 2 * Double.pi / Double(n) * Double(j)
                                       : (model.max - model.min) / Double(n) * (Double(j) + 0.5) + model.min
                return model.clockwise ? -p : p
            }
            let size = fittedTitleSize()
            let zoomed = appearance.zoomTopTitle ? (appearance.zoomPointSize > 0 ? appearance.zoomPointSize : Swift.max(17, size)) : size
            // The title layer draws them itself (upright, highlighted): the image is the disc.
            face = drawsTitleLayer ? .titles([], angles: [], pointSize: size, zoomedIndex: -1, zoomedPointSize: size)
                : .titles(titles, angles: angles, pointSize: size, zoomedIndex: model.positionIndex, zoomedPointSize: Swift.max(zoomed, size))
        } else {
            face = .pip
        }
        // With a scale round it the image is just the disc, so the pip sits on the disc.
        let side = discFraction < 1 ? 2 * knobRadius : knobRect.width
        // The flat style's pointer is the accent, as its ring is.
        let ink = appearance.style == .flat && face == .pip ? accentColor : titleInk
        var art = KnobArtwork(side: side, knobRadius: knobRadius, fill: discFill,
                              titleColor: ink, face: face,
                              fontName: appearance.fontName, scale: mapping.scale)
        art.linePointer = appearance.style == .flat
        return art
    }

    /// Measured once: it depends on titles, positions and travel, which a view's model keeps
    /// from its layout (commands change the position, never these).
    private func fittedTitleSize() -> Double {
        if let titleFontSize { return titleFontSize }
        let travel = model.circular ? 2 * Double.pi : model.max - model.min
        let size = KnobPainter.fittedFontSize(titles: model.titles, positions: model.positions, travel: travel,
                                              side: knobRect.width, fontName: appearance.fontName)
        titleFontSize = size
        return size
    }

    func knobImage(_ mapping: ScreenMapping) -> ImageSurface? {
        if let custom = appearance.image(for: state) {
            let key = "image-\(state.rawValue)"
            return scaled(custom, key: key, side: pixelSide(mapping), maskRadius: appearance.masksImage ? knobRadius * mapping.scale : nil)
        }
        // Per frame only this small key is compared; the artwork (titles, angles, colours)
        // is built and hashed only when the model's look or the state changed.
        let st = state
        if let current, current.revision == model.contentRevision, current.state == st, current.scale == mapping.scale {
            return current.image
        }
        let art = artwork(mapping)
        guard let image = shared.image(art, make: { () throws(GraphicsError) in try KnobPainter.image(for: art) }) else { return nil }
        current = (model.contentRevision, st, mapping.scale, image)
        return image
    }

    /// A custom image scaled to the knob's square (and optionally masked to the knob circle).
    private func scaled(_ source: ImageSurface, key: String, side: Int, maskRadius: Double? = nil) -> ImageSurface? {
        let cacheKey = "\(key)-\(side)"
        if let hit = customImageCache[cacheKey] { return hit }
        guard let out = try? ImageSurface(width: side, height: side) else { return nil }
        let ctx = DrawingContext(surface: out)
        if let maskRadius {
            ctx.addCircle(center: Point(x: Double(side) / 2, y: Double(side) / 2), radius: maskRadius)
            ctx.clip()
        }
        ctx.scale(Double(side) / Double(source.width), Double(side) / Double(source.height))
        ctx.setSource(source, at: .zero, smooth: true)
        ctx.paint()
        customImageCache[cacheKey] = out
        return out
    }

    /// The blurred alpha of the knob's outline: a circle of knobRadius for generated knobs
    /// and when knobRadius is set (the reference's shadow path), else the image's own alpha.
    /// Custom images without a knobRadius cast the shadow of their own alpha; everything
    /// else casts a circle of knobRadius (the reference's shadow paths).
    var shadowFollowsImageAlpha: Bool { appearance.image(for: state) != nil && appearance.knobRadius == nil }

    private func shadowMask(_ mapping: ScreenMapping) -> ImageSurface? {
        let side = pixelSide(mapping)
        let usesImageAlpha = shadowFollowsImageAlpha
        let key = "\(side)-\(mapping.scale)-\(knobRadius)-\(appearance.shadowRadius)-\(usesImageAlpha ? state.rawValue : -1)"
        if let shadowCache, shadowCache.key == key { return shadowCache.mask }
        if !usesImageAlpha {
            // A blurred circle: the same for every knob of this size, so built once per scene.
            let made = shared.image("knob-shadow-" + key) { () throws(GraphicsError) in try circleShadow(side: side, mapping: mapping) }
            if let made { shadowCache = (key, made) }
            return made
        }
        let margin = Int(ShadowMask.margin(forRadius: appearance.shadowRadius * mapping.scale))
        guard let mask = try? ImageSurface(width: side + 2 * margin, height: side + 2 * margin, format: .a8) else { return nil }
        let ctx = DrawingContext(surface: mask)
        if usesImageAlpha, let img = knobImage(mapping) {
            ctx.setSource(img, at: Point(x: Double(margin), y: Double(margin)), smooth: false)
            ctx.paint()
        } else {
            ctx.addCircle(center: Point(x: Double(margin) + Double(side) / 2, y: Double(margin) + Double(side) / 2), radius: knobRadius * mapping.scale)
            ctx.setColor(.black)
            ctx.fill()
        }
        ShadowMask.blur(mask, radius: appearance.shadowRadius * mapping.scale)
        shadowCache = (key, mask)
        return mask
    }

    private func circleShadow(side: Int, mapping: ScreenMapping) throws(GraphicsError) -> ImageSurface {
        let margin = Int(ShadowMask.margin(forRadius: appearance.shadowRadius * mapping.scale))
        let mask = try ImageSurface(width: side + 2 * margin, height: side + 2 * margin, format: .a8)
        let ctx = DrawingContext(surface: mask)
        ctx.addCircle(center: Point(x: Double(margin) + Double(side) / 2, y: Double(margin) + Double(side) / 2), radius: knobRadius * mapping.scale)
        ctx.setColor(.black)
        ctx.fill()
        ShadowMask.blur(mask, radius: appearance.shadowRadius * mapping.scale)
        return mask
    }

    private func foregroundShadow(_ image: ImageSurface, _ mapping: ScreenMapping) -> ImageSurface? {
        if let foregroundShadowCache, foregroundShadowCache.scale == mapping.scale { return foregroundShadowCache.mask }
        let margin = Int(ShadowMask.margin(forRadius: appearance.shadowRadius * mapping.scale))
        guard let mask = try? ImageSurface(width: image.width + 2 * margin, height: image.height + 2 * margin, format: .a8) else { return nil }
        let ctx = DrawingContext(surface: mask)
        ctx.setSource(image, at: Point(x: Double(margin), y: Double(margin)), smooth: false)
        ctx.paint()
        ShadowMask.blur(mask, radius: appearance.shadowRadius * mapping.scale)
        foregroundShadowCache = (mapping.scale, mask)
        return mask
    }

    func satinOverlay(_ mapping: ScreenMapping) -> ImageSurface? {
        if let satinCache, satinCache.scale == mapping.scale { return satinCache.surface }
        let side = knobRect.width, r = knobRadius
        guard let surface = shared.image("satin-\(side)-\(r)-\(mapping.scale)", make: { () throws(GraphicsError) in
            try KnobPainter.satinOverlay(side: side, knobRadius: r, scale: mapping.scale)
        }) else { return nil }
        satinCache = (mapping.scale, surface)
        return surface
    }

    private func captionImage(_ mapping: ScreenMapping, time: Double) -> ImageSurface? {
        guard let caption = captionText(at: time) else { return nil }
        if let captionCache, captionCache.scale == mapping.scale, captionCache.text == caption { return captionCache.surface }
        let w = Swift.max(1, Int((frame.width * mapping.scale).rounded()))
        let h = Swift.max(1, Int((captionHeight * mapping.scale).rounded()))
        guard let surface = RoundCaption.image(caption, font: appearance.fontName, pixelSize: captionSize * mapping.scale,
                                               color: appearance.captionColor, width: w, height: h, fit: appearance.captionFit) else { return nil }
        captionCache = (mapping.scale, caption, surface)
        return surface
    }

    // MARK: behaviour

    public func isAnimating(at time: Double) -> Bool { model.isAnimating(at: time) }
    public var valueRounding: ValueRounding? { model.range == nil ? nil : model.valueRounding }
    /// A finger is on the knob (its angle may change every frame).
    var hasTouches: Bool { gestures.touchCount > 0 }

    /// A touch starts on the knob's circle. The second finger of a two-finger rotation may
    /// land anywhere in the knob's square (UIKit delivers touches in the control's bounds),
    /// since a twist needs fingers apart and a small knob has little room inside its rim.
    public func hitTest(_ point: Point) -> Bool {
        if model.gesture == .twoFingerRotation && gestures.touchCount == 1 && knobRect.contains(point) { return true }
        return geometry.contains(local(point))
    }

    public func handle(_ input: WidgetInput, at time: Double) -> [WidgetEvent] {
        var events: [KnobEvent] = []
        switch input {
        case let .touchDown(id, p):
            events += gestures.handle(.touchDown(id: id, at: local(p), time: time), model: &model)
        case let .touchMove(id, p):
            events += gestures.handle(.touchMove(id: id, to: local(p), time: time), model: &model)
        case let .touchUp(id):
            events += gestures.handle(.touchUp(id: id, time: time), model: &model)
        case let .touchCancel(id):
            events += gestures.handle(.touchCancel(id: id, time: time), model: &model)
        case let .wheel(steps):
            events += gestures.handle(.wheel(steps: steps, time: time), model: &model)
        case let .key(key):
            guard let k = KnobKey(widgetKey: key) else { return [] }
            events += gestures.handle(.key(k, time: time), model: &model)
        }
        needsDisplay = true
        return widgetEvents(events)
    }

    public func advance(to time: Double) -> [WidgetEvent] {
        let events = model.advance(to: time)
        if !events.isEmpty { needsDisplay = true }
        return widgetEvents(events)
    }

    public func takeTargetRequests() -> [TargetRequest] {
        defer { requests = [] }
        return requests
    }

    public var typeName: String { "knob" }
    /// A dial is turned by dialling (`dial`), never set to a position.
    public var commandKeys: [String: Set<String>] {
        model.mode == .rotaryDial ? KnobDescriptor.dialCommands.verbs : KnobDescriptor.turnCommands.verbs
    }

    public func apply(_ command: WidgetCommand, at time: Double) throws(WidgetCommandError) -> [WidgetEvent] {
        if command.verb == "dial" { return try dial(command, at: time) }
        let position = try command.checkedNumber("position"), value = try command.checkedNumber("value")
        let index = try command.checkedNumber("positionIndex")
        let enabled = try command.checkedBool("enabled")
        _ = try command.checkedBool("animated")
        let setters = [position != nil, value != nil, index != nil].filter { $0 }.count
        if setters > 1 { throw WidgetCommandError("give only one of 'position', 'positionIndex', 'value'") }
        if setters == 0 && enabled == nil {
            throw WidgetCommandError("nothing to set: give 'position', 'positionIndex', 'value' or 'enabled'")
        }
        var events: [KnobEvent] = []
        if let enabled { model.isEnabled = enabled }
        if let degrees = position {
            guard abs(degrees) <= 1_000_000 else { throw WidgetCommandError("'position' must be within ±1000000 degrees") }
            events += model.setPosition(degrees: degrees, animated: command.animated, at: time)
        } else if index != nil {
            guard let index = command.integer("positionIndex") else { throw WidgetCommandError("'positionIndex' must be a whole number") }
            guard model.mode.isDiscrete else { throw WidgetCommandError("knob '\(id)' is in \(model.mode.rawValue) mode: positionIndex needs linearReturn or wheelOfFortune") }
            guard index >= 0 && index < model.positions else { throw WidgetCommandError("positionIndex \(index) is out of range 0...\(model.positions - 1)") }
            events += model.setPositionIndex(index)
        } else if let value {
            guard model.range != nil else { throw WidgetCommandError("knob '\(id)' has no 'range', so it has no value to set") }
            events += model.setValue(value, animated: command.animated, at: time)
        }
        needsDisplay = true
        return widgetEvents(events, source: .program)
    }

    /// `dial` (the reference's dialNumber:): a whole number 0…9; while the dial still turns
    /// it waits its turn (up to KnobModel.maximumPendingDials numbers).
    private func dial(_ command: WidgetCommand, at time: Double) throws(WidgetCommandError) -> [WidgetEvent] {
        guard try command.checkedNumber("number") != nil else { throw WidgetCommandError("'dial' needs a 'number' (0…9)") }
        guard let number = command.integer("number"), (0...9).contains(number) else {
            throw WidgetCommandError("'number' must be a whole number from 0 to 9")
        }
        guard model.canAcceptDial else {
            throw WidgetCommandError("dial '\(id)' is busy: \(model.pendingNumbers.count) numbers are already waiting")
        }
        let events = model.dialNumber(number, source: .program, at: time)
        needsDisplay = true
        return widgetEvents(events, source: .program)
    }

    public func snapshot() -> WidgetEvent? {
        valueChanged(position: model.positionDegrees, positionIndex: model.positionIndex, source: nil).renamed("state")
    }

    /// A knob's `valueChanged`: position (degrees), positionIndex, then value and title when
    /// the knob has them, and the source.
    private func valueChanged(position: Double, positionIndex: Int, source: WidgetEvent.Source?) -> WidgetEvent {
        var f = EventFields()
        f.add("position", position)
        f.add("positionIndex", positionIndex)
        f.add("value", model.publishedValue)
        f.add("title", model.mode.isDiscrete ? model.selectedTitle : nil)
        if let source { f.add("source", source) }
        return WidgetEvent("valueChanged", f.fields)
    }

    private func widgetEvents(_ events: [KnobEvent], source override: WidgetEvent.Source? = nil) -> [WidgetEvent] {
        events.compactMap { e in
            switch e {
            case let .valueChanged(position, index, source):
                return valueChanged(position: KnobMath.degrees(position), positionIndex: index,
                                    source: override ?? (source == .user ? .user : .program))
            case .trackingBegan: return .trackingBegan
            case .trackingEnded: return .trackingEnded
            case let .dialed(number, source):
                let from = override ?? (source == .user ? .user : .program)
                if let digitTarget { requests.append(.type(target: digitTarget, digit: number, fromUser: from == .user)) }
                var f = EventFields()
                f.add("number", number)
                f.add("source", from)
                return WidgetEvent("dialed", f.fields)
            case .animationEnded: return nil
            }
        }
    }
}

extension KnobKey {
    init?(widgetKey: WidgetKey) {
        switch widgetKey {
        case .left: self = .left
        case .right: self = .right
        case .up: self = .up
        case .down: self = .down
        case .pageUp: self = .pageUp
        case .pageDown: self = .pageDown
        case .home: self = .home
        case .end: self = .end
        case .enter, .space: return nil
        }
    }
}
