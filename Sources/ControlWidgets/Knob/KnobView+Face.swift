import Graphics
#if canImport(Glibc)
import Glibc
#endif

/// What identifies a resting knob's image: equal keys show equal pixels.
struct RestingFaceKey: Equatable {
    var rotation: Double
    /// The position the scale's filled arc reaches.
    var shown: Double
    var revision: Int
    var state: ControlState
    var scale: Double
    var readout: String?
    /// The caption drawn on the disc (`captionPlacement: inside`), nil otherwise.
    var caption: String?
}

/// A resting knob's own images and what they show. `surface`: the whole knob (background,
/// scale, shadow, face), or with `parts` only its pip, copied over the shared parts and its
/// filled arc (`arc`: the arc's coverage, the accent ring seen through it); `x`, `y`: top
/// lefts from the knob's square's top left.
struct RestingFace {
    var key: RestingFaceKey
    var surface: ImageSurface
    var x: Int, y: Int
    var parts: KnobRestingParts?
    var arc: (mask: ImageSurface, x: Int, y: Int)?
}

/// What a frame painted of a knob, to tell the next frame what moved.
struct PaintedKnob: Equatable {
    /// Everything that changes the knob's pixels except its angle and value text.
    struct Look: Equatable {
        var state: ControlState
        var hasFocus: Bool
        var revision: Int
        var scale: Double
        var offsetX: Double, offsetY: Double
    }
    var look: Look
    var rotation: Double
    var shown: Double
    var readout: String?
    var caption: String?
}

/// The knob's face: the knob image turned to the shown angle, the satin, the foreground, the
/// titles and the readout, everything inside the knob's square that turns or changes while it
/// turns. While the knob turns it is drawn live, and cheaply: a pip knob copies its plain disc
/// (the same at every angle) and fills the pip where it now is; other faces turn their image
/// (bilinear).
///
/// At rest the whole knob (custom background, scale with its filled arc, shadow and face) is
/// one cached image, drawn once at the resting angle as vectors and then copied: a full
/// repaint of a panel of knobs is one plain copy per knob, with nothing resampled, stroked or
/// masked. It lies on whole pixels at any scale (the knob's square is placed on whole pixels,
/// see `pixelCenter`), cut to its visible pixels, and replaces the face-only image this used
/// to keep, at about the same size.
///
/// Damage follows the same split: a knob whose only change is its angle (and value text)
/// repaints the box of its face and the sliver of its scale's arc that moved, never its
/// shadow or the rest of its frame (`damage`).
extension KnobView {
    /// How long a look must last before its resting image is built: longer than a turn
    /// shows one step of a value (3 frames at 60 Hz), shorter than a glance.
    static let restingDelay = 0.1

    /// Draws the knob centred on `c` from its resting image; false (nothing drawn) while it
    /// turns or has no such image, and the caller draws its layers live.
    func drawResting(in ctx: DrawingContext, center c: Point, rotation: Double, mapping: ScreenMapping, time: Double) -> Bool {
        guard isAtRest(at: time), appearance.foregroundImage == nil else { return false }
        let key = restingKey(mapping, time: time)
        // The knob's very first look (the first frame, a page shown the first time) is built
        // at once: its first paint is the whole knob, band after band of the output's tile,
        // and drawing it live in each band cost three times the image.
        if restingFace?.key != key && (restingFace != nil || restingCandidate != nil) {
            // A new look is drawn live (as the image would show it): a knob set to a new angle
            // every frame (a drag by command) never pays for an image it would throw away; a
            // repaint `restingDelay` later builds it (not the other rectangles and bands of the
            // same frame: that built an image every frame of a turn; nor the next frame: a knob
            // with a value step shows one look for two or three frames of a turn, and built an
            // image at each).
            if restingCandidate?.key != key { restingCandidate = (key, time) }
            if let candidate = restingCandidate, time - candidate.time < Self.restingDelay {
                drawLayers(in: ctx, center: c, rotation: rotation, mapping: mapping, time: time, atRest: true)
                return true
            }
        }
        if restingCandidate == nil { restingCandidate = (key, time) }   // tried once, built or not
        guard let rest = restingImage(key, center: c, rotation: rotation, mapping: mapping, time: time) else { return false }
        let half = Double(pixelSide(mapping)) / 2
        if let parts = rest.parts { drawParts(parts, arc: rest.arc, in: ctx, center: c, mapping: mapping) }
        ctx.setSource(rest.surface, at: Point(x: c.x - half + Double(rest.x), y: c.y - half + Double(rest.y)), smooth: false)
        ctx.paint()
        return true
    }

    /// Resting: no animation runs and no finger holds it (a drag changes the angle every frame).
    func isAtRest(at time: Double) -> Bool { !model.isAnimating(at: time) && !hasTouches }

    /// The face's layers drawn one by one. `atRest`: drawing the resting image, so titles
    /// baked into the image are drawn at the angle (sharp) rather than resampled.
    func drawFace(in ctx: DrawingContext, center c: Point, rotation: Double, mapping: ScreenMapping, time: Double, atRest: Bool,
                  pip drawsPip: Bool = true) {
        var ringDrawn = false
        if let pip = pipArtwork(mapping), let disc = discMask(pip) {
            ctx.setColor(pip.fill)
            ctx.mask(disc, at: Point(x: c.x - Double(disc.width) / 2, y: c.y - Double(disc.height) / 2), smooth: false)
            // The flat ring under its bead, which parts it.
            drawFlatRing(in: ctx, center: c, mapping: mapping)
            ringDrawn = true
            // Only where the clip shows it: the readout's and the arc's boxes of a turning knob do not.
            if drawsPip, Self.pipBox(pip, center: c, rotation: rotation).meets(ctx.clipExtents) {
                drawPip(pip, in: ctx, center: c, rotation: rotation)
            }
        } else if atRest && rotation != 0 && appearance.image(for: state) == nil {
            KnobPainter.draw(artwork(mapping), in: ctx, center: c, rotation: rotation)
        } else if let image = knobImage(mapping) {
            ctx.withSavedState {
                ctx.translate(c.x, c.y)
                ctx.rotate(rotation)
                ctx.setSource(image, at: Point(x: -Double(image.width) / 2, y: -Double(image.height) / 2), smooth: true)
                ctx.paint()
            }
        }
        if !ringDrawn { drawFlatRing(in: ctx, center: c, mapping: mapping) }
        if appearance.satinFinish && appearance.image(for: state) == nil, let satin = satinOverlay(mapping) {
            ctx.setSource(satin, at: Point(x: c.x - Double(satin.width) / 2, y: c.y - Double(satin.height) / 2), smooth: false)
            ctx.paint()
        }
        drawForeground(in: ctx, center: c, mapping: mapping)
        drawTitleLayer(in: ctx, center: c, mapping: mapping, time: time)
        drawCenterReadout(in: ctx, center: c, mapping: mapping, time: time)
        drawInsideCaption(in: ctx, center: c, mapping: mapping, time: time)
    }

    /// The pip where it is now: the flat style's bead copied from its phase images, else filled.
    private func drawPip(_ pip: KnobArtwork, in ctx: DrawingContext, center c: Point, rotation: Double) {
        if pip.linePointer {
            let look = BeadImages.Look(radius: KnobPainter.beadRadius(pip) * pip.scale, halo: KnobPainter.beadHalo(pip) * pip.scale,
                                       haloColor: pip.fill.withAlpha(1), beadColor: pip.titleColor)
            if beads.draw(look, centre: KnobPainter.pip(pip, center: c, rotation: rotation).center, in: ctx) { return }
        }
        KnobPainter.drawPip(pip, in: ctx, center: c, rotation: rotation)
    }

    /// The generated pip artwork (continuous knobs without a custom image), whose disc does
    /// not change as it turns.
    func pipArtwork(_ mapping: ScreenMapping) -> KnobArtwork? {
        guard !model.mode.isDiscrete, appearance.image(for: state) == nil else { return nil }
        let art = artwork(mapping)
        return art.face == .pip ? art : nil
    }

    /// The plain disc's coverage (one colour: an A8 mask filled in the disc's colour).
    private func discMask(_ pip: KnobArtwork) -> ImageSurface? {
        var plain = pip
        plain.face = .plain
        if let discMaskCache, discMaskCache.art == plain { return discMaskCache.mask }
        guard let mask = shared.image(["disc-mask", plain] as [AnyHashable], make: { () throws(GraphicsError) in
            try KnobPainter.discMask(for: plain)
        }) else { return nil }
        discMaskCache = (plain, mask)
        return mask
    }

    /// The knob at rest as one image (its layers drawn as `drawKnobLayers` draws them live),
    /// cut to its visible pixels; `x`, `y`: its top left from the knob's square's top left.
    /// Rebuilt when the angle, look, filled arc or value text changed since it was drawn.
    func restingKey(_ mapping: ScreenMapping, time: Double) -> RestingFaceKey {
        RestingFaceKey(rotation: model.screenRotation(at: time), shown: model.displayedPosition(at: time), revision: model.contentRevision,
                       state: state, scale: mapping.scale,
                       readout: appearance.valuePlacement == .center ? readoutText(at: time) : nil,
                       caption: captionInside ? captionText(at: time) : nil)
    }

    private func restingImage(_ key: RestingFaceKey, center c: Point, rotation: Double, mapping: ScreenMapping, time: Double) -> RestingFace? {
        if let restingFace, restingFace.key == key { return restingFace }
        restingFace = nil
        if let own = ownRestingParts(key, mapping: mapping, rotation: rotation, time: time) {
            restingFace = own
            return own
        }
        let side = pixelSide(mapping)
        let reach = layersReach(mapping)
        guard let canvas = try? ImageSurface(width: side + 2 * reach, height: side + 2 * reach) else { return nil }
        // The canvas's origin is whole on screen (c − side/2 is), so every layer lands on the
        // same pixel fractions as when drawn straight onto the screen.
        let ctx = DrawingContext(surface: canvas)
        let half = Double(side) / 2
        drawLayers(in: ctx, center: Point(x: Double(reach) + half, y: Double(reach) + half), rotation: rotation,
                   mapping: mapping, time: time, atRest: true)
        guard let crop = InkCrop.crop(canvas) else { return nil }
        restingFace = RestingFace(key: key, surface: crop.image, x: crop.x - reach, y: crop.y - reach)
        return restingFace
    }

    /// How far past the knob's square its layers may paint, in whole screen pixels: the
    /// scale's track image (a pixel each side) and the shadow (its blur margin and offset;
    /// a shadow that turns with the image reaches out to the turned mask's corners).
    func layersReach(_ mapping: ScreenMapping) -> Int {
        var reach = 2.0
        if appearance.shadowOpacity > 0 {
            let half = Double(pixelSide(mapping)) / 2
            let margin = ShadowMask.margin(forRadius: appearance.shadowRadius * mapping.scale)
            let corner = shadowFollowsImageAlpha ? 2.0.squareRoot() : 1
            let offset = Swift.max(abs(appearance.shadowOffset.dx), abs(appearance.shadowOffset.dy)) * mapping.scale
            reach = Swift.max(reach, (half + margin) * corner - half + offset + 2)
        }
        return Int(reach.rounded(.up))
    }

    // MARK: damage

    func paintedState(_ mapping: ScreenMapping, time: Double) -> PaintedKnob {
        PaintedKnob(look: .init(state: state, hasFocus: hasFocus, revision: model.contentRevision, scale: mapping.scale,
                                offsetX: mapping.offsetX, offsetY: mapping.offsetY),
                    rotation: model.screenRotation(at: time), shown: model.displayedPosition(at: time),
                    readout: appearance.valuePlacement == .center ? readoutText(at: time) : nil,
                    caption: captionText(at: time))
    }

    /// What to repaint this frame: when only the angle and the value text changed since the
    /// last frame, the face's box (a rotary dial: its holes' boxes then and now), the part of
    /// the scale's arc between the old and the new angle, and the caption if its text changed;
    /// otherwise everything the knob paints.
    public func damage(_ mapping: ScreenMapping, at time: Double) -> [Rect] {
        let all = [paintBounds(mapping)]
        let now = paintedState(mapping, time: time)
        guard let before = painted, before.look == now.look else { return all }
        if model.mode == .rotaryDial {
            // A turning dial changes only round its holes.
            guard var rects = dialDamage(mapping, from: before.rotation, to: now.rotation) else { return all }
            if before.caption != now.caption { rects.append(mapping.toScreen(captionRect).insetBy(-2)) }
            return rects
        }
        guard !shadowFollowsImageAlpha else { return all }
        var rects: [Rect] = []
        if captionInside && before.caption != now.caption {
            rects.append(faceBox(mapping))
        } else if let pips = pipBoxes(mapping, from: before.rotation, to: now.rotation) {
            // A pip face is the same at every angle but for its pip: only the pip's boxes
            // then and now, and the readout's circle when its text changed.
            rects += pips
            if before.readout != now.readout { rects += readoutDamage(from: before.readout, to: now.readout, mapping: mapping) }
        } else if before.rotation != now.rotation || before.readout != now.readout {
            rects.append(faceBox(mapping))
        }
        if before.shown != now.shown, let arc = scaleArcBox(from: before.shown, to: now.shown, mapping: mapping) { rects.append(arc) }
        if before.caption != now.caption { rects.append(mapping.toScreen(captionRect).insetBy(-2)) }
        return rects
    }

    /// The pip's boxes at the two angles (one box when they overlap; none when the angle did
    /// not change); nil when more of the face than its pip turns (a custom image, titles, a
    /// foreground).
    private func pipBoxes(_ mapping: ScreenMapping, from r0: Double, to r1: Double) -> [Rect]? {
        guard appearance.foregroundImage == nil, !drawsTitleLayer, let art = pipArtwork(mapping) else { return nil }
        guard r0 != r1 else { return [] }
        let c = pixelCenter(mapping)
        let a = Self.pipBox(art, center: c, rotation: r0), b = Self.pipBox(art, center: c, rotation: r1)
        let overlap = a.x < b.maxX && b.x < a.maxX && a.y < b.maxY && b.y < a.maxY
        return overlap ? [a.union(b)] : [a, b]
    }

    /// The pip's box with its antialiased edge, for the knob centred on `c`.
    static func pipBox(_ art: KnobArtwork, center c: Point, rotation: Double) -> Rect {
        let pip = KnobPainter.pip(art, center: c, rotation: rotation)
        let reach = pip.radius + 2
        return Rect(x: pip.center.x - reach, y: pip.center.y - reach, width: 2 * reach, height: 2 * reach)
    }

    /// Where a new readout text repaints: the old and the new text's ink (the old image is
    /// the one in use, so only the new one is made), else the readout's band.
    private func readoutDamage(from old: String?, to new: String?, mapping: ScreenMapping) -> [Rect] {
        guard appearance.image(for: state) == nil else { return [readoutBox(mapping)] }
        var inks: [Rect] = []
        for text in [old, new] {
            guard let text else { continue }
            guard let ink = readoutInk(text, mapping: mapping) else { return [readoutBox(mapping)] }
            if !ink.isEmpty { inks.append(ink) }
        }
        guard let first = inks.first else { return [] }
        return [inks.dropFirst().reduce(first) { $0.union($1) }]
    }

    /// The box the centre readout stays in: the clear circle round its (lifted) centre, as
    /// high as the readout's image at the range's size once that is known (every value's
    /// image is that high or less: a turning knob repaints a band, not the circle's square).
    private func readoutBox(_ mapping: ScreenMapping) -> Rect {
        let c = pixelCenter(mapping)
        let clear = textClearRadius * mapping.scale + 2
        let y = c.y - readoutLift * mapping.scale
        var half = clear
        if let fit = readoutFit, fit.scale == mapping.scale { half = Swift.min(clear, fit.size * 0.7 + 4) }
        return Rect(x: c.x - clear, y: y - half, width: 2 * clear, height: 2 * half)
    }

    /// The box the face's changing pixels stay in at any angle: the disc (a custom image
    /// masked to it), else the turning square's reach.
    private func faceBox(_ mapping: ScreenMapping) -> Rect {
        let c = pixelCenter(mapping)
        let masked = appearance.image(for: state) == nil || appearance.masksImage
        let reach = masked ? knobRadius * mapping.scale + 2 : Double(pixelSide(mapping)) / 2 * 2.0.squareRoot() + 2
        return Rect(x: c.x - reach, y: c.y - reach, width: 2 * reach, height: 2 * reach)
    }
}
