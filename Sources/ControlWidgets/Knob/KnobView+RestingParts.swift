import Graphics

/// Which of a knob's layers `drawLayers` draws.
enum RestingPart: Equatable {
    /// Everything.
    case whole
    /// What is the same at every angle and value: no filled arc, no pip.
    case body
    /// The body with a full ring in the accent colour where the filled arc goes, wider than
    /// the arc's line by `ringOverhang` each side (so it covers every pixel the arc touches),
    /// under the shadow like the arc.
    case accentRing

    static let ringOverhang = 2.0
}

/// What identical pip knobs share at rest: `body`, the knob without its filled arc and pip,
/// and `ring`, the accent ring (nil without a filled arc), each cut to its box, `x`, `y` its
/// top left from the knob's square's top left.
final class KnobRestingParts {
    let body: ImageSurface, bodyX: Int, bodyY: Int
    let ring: ImageSurface?, ringX: Int, ringY: Int

    init(body: (image: ImageSurface, x: Int, y: Int), ring: (image: ImageSurface, x: Int, y: Int)?) {
        self.body = body.image; bodyX = body.x; bodyY = body.y
        self.ring = ring?.image; ringX = ring?.x ?? 0; ringY = ring?.y ?? 0
    }
}

/// A resting pip knob drawn from parts: six knobs of one look at six angles differ only in
/// their filled arc and their pip. The body (track, shadow, disc, satin) is one image for all
/// of them; the filled arc is the accent ring seen through the arc's coverage (an A8 mask of
/// the knob's own; the ring holds the accent under the shadow, what the arc shows); the pip
/// is a small image of the knob's own, drawn at its angle. All of it on whole pixels, nothing
/// resampled. (Stroking the arc with the ring as source, with no mask kept, cost 0.6 M
/// instructions a knob per full repaint: 0.65 → 1.4 ms for the bench console's `full`.)
///
/// The arc is exact, not an approximation: every layer over the arc (shadow, disc, satin) is
/// an "over", affine in what lies under it, so the knob with an arc of coverage c is the body
/// plus c times (ring − body) at each pixel, which is what the ring through the mask composites
/// over the body (the ring is opaque wherever the arc reaches).
///
/// Memory (bench console, 1280×800): 6 × 185 KB of whole resting images became one body
/// (≈ 220 KB), one ring (≈ 130 KB), and per knob a mask of its arc (≤ 33 KB) and its pip.
extension KnobView {
    /// Whether the resting look can be drawn from shared parts: a generated pip knob whose
    /// layers are the disc, its scale and shadow, the satin (no custom background, no
    /// readout on the disc, no custom shadow shape).
    func usesRestingParts(_ mapping: ScreenMapping) -> Bool {
        pipArtwork(mapping) != nil && appearance.backgroundImage == nil && appearance.foregroundImage == nil
            && appearance.valuePlacement != .center && !captionInside && !shadowFollowsImageAlpha && model.mode == .continuous
    }

    /// The body, then the filled arc: the accent ring through the arc's mask. The caller
    /// copies the pip over it.
    func drawParts(_ parts: KnobRestingParts, arc: (mask: ImageSurface, x: Int, y: Int)?, in ctx: DrawingContext, center c: Point, mapping: ScreenMapping) {
        let half = Double(pixelSide(mapping)) / 2
        let o = Point(x: c.x - half, y: c.y - half)
        ctx.setSource(parts.body, at: Point(x: o.x + Double(parts.bodyX), y: o.y + Double(parts.bodyY)), smooth: false)
        ctx.paint()
        if let ring = parts.ring, let arc {
            ctx.setSource(ring, at: Point(x: o.x + Double(parts.ringX), y: o.y + Double(parts.ringY)), smooth: false)
            ctx.mask(arc.mask, at: Point(x: o.x + Double(arc.x), y: o.y + Double(arc.y)), smooth: false)
        }
    }

    /// This knob's own images at rest over the shared parts: its pip at `rotation` (its
    /// layers drawn in the pip's box: the disc and satin under and over it) and its filled
    /// arc's coverage. Nil when this knob is not drawn from parts, or when the pip's box is
    /// not opaque (a pip over the disc's rim, where a copy over the body would not be the knob).
    func ownRestingParts(_ key: RestingFaceKey, mapping: ScreenMapping, rotation: Double, time: Double) -> RestingFace? {
        guard usesRestingParts(mapping), let art = pipArtwork(mapping), let parts = sharedRestingParts(mapping) else { return nil }
        let half = Double(pixelSide(mapping)) / 2
        let pip = KnobPainter.pip(art, center: Point(x: half, y: half), rotation: rotation)
        let reach = pip.radius + 2
        let x0 = Int((pip.center.x - reach).rounded(.down)), y0 = Int((pip.center.y - reach).rounded(.down))
        let x1 = Int((pip.center.x + reach).rounded(.up)), y1 = Int((pip.center.y + reach).rounded(.up))
        guard let patch = try? ImageSurface(width: x1 - x0, height: y1 - y0) else { return nil }
        drawLayers(in: DrawingContext(surface: patch), center: Point(x: half - Double(x0), y: half - Double(y0)), rotation: rotation,
                   mapping: mapping, time: time, atRest: true)
        guard Self.isOpaque(patch) else { return nil }
        var arc: (mask: ImageSurface, x: Int, y: Int)?
        if parts.ring != nil, let box = arcBox(mapping), let mask = try? ImageSurface(width: box.width, height: box.height, format: .a8) {
            let ctx = DrawingContext(surface: mask)
            if addFilledArcPath(ctx, center: Point(x: half - Double(box.x), y: half - Double(box.y)), mapping: mapping, time: time) {
                ctx.setColor(.black)
                ctx.stroke()
                arc = InkCrop.crop(mask).map { ($0.image, $0.x + box.x, $0.y + box.y) }
            }
        }
        return RestingFace(key: key, surface: patch, x: x0, y: y0, parts: parts, arc: arc)
    }

    /// The parts for this look, built by the first knob of the look that rests.
    func sharedRestingParts(_ mapping: ScreenMapping) -> KnobRestingParts? {
        let st = state
        if let restingParts, restingParts.revision == model.contentRevision, restingParts.state == st, restingParts.scale == mapping.scale {
            return restingParts.parts
        }
        let made = shared.object(restingPartsKey(mapping)) { () -> KnobRestingParts? in
            guard let body = drawPart(.body, mapping: mapping, box: nil) else { return nil }
            let ring = arcBox(mapping).flatMap { drawPart(.accentRing, mapping: mapping, box: $0) }
            return KnobRestingParts(body: body, ring: ring)
        }
        guard let made else { return nil }
        restingParts = (model.contentRevision, st, mapping.scale, made)
        return made
    }

    /// Everything the parts' pixels depend on (equal keys, equal parts).
    private func restingPartsKey(_ mapping: ScreenMapping) -> [AnyHashable] {
        var plain = artwork(mapping)
        plain.face = .plain
        let a = appearance
        return ["knob-resting-parts", plain, scaleTrackKey(mapping), pixelSide(mapping), layersReach(mapping), knobRect.width,
                a.shadowOpacity, a.shadowRadius, a.shadowOffset.dx, a.shadowOffset.dy, a.shadowColor, a.satinFinish, "\(a.style)"]
    }

    /// The box (knob-square pixels, whole) the filled arc can reach at any value; nil without one.
    private func arcBox(_ mapping: ScreenMapping) -> (x: Int, y: Int, width: Int, height: Int)? {
        guard let screen = scaleArcBox(from: model.min, to: model.max, mapping: mapping) else { return nil }
        let c = pixelCenter(mapping), half = Double(pixelSide(mapping)) / 2
        let x0 = Int((screen.x - (c.x - half)).rounded(.down)) - 1, y0 = Int((screen.y - (c.y - half)).rounded(.down)) - 1
        let x1 = Int((screen.maxX - (c.x - half)).rounded(.up)) + 1, y1 = Int((screen.maxY - (c.y - half)).rounded(.up)) + 1
        return (x0, y0, x1 - x0, y1 - y0)
    }

    /// One part drawn on a canvas of `box` (knob-square pixels), or on the layers' reach cut
    /// to its ink.
    private func drawPart(_ part: RestingPart, mapping: ScreenMapping, box: (x: Int, y: Int, width: Int, height: Int)?) -> (image: ImageSurface, x: Int, y: Int)? {
        let side = pixelSide(mapping), reach = layersReach(mapping)
        let b = box ?? (-reach, -reach, side + 2 * reach, side + 2 * reach)
        guard let canvas = try? ImageSurface(width: b.width, height: b.height) else { return nil }
        let half = Double(side) / 2
        // The canvas's origin is whole on screen, as in `restingImage`.
        drawLayers(in: DrawingContext(surface: canvas), center: Point(x: half - Double(b.x), y: half - Double(b.y)), rotation: 0,
                   mapping: mapping, time: 0, atRest: true, part: part)
        if box != nil { return (canvas, b.x, b.y) }
        guard let crop = InkCrop.crop(canvas) else { return nil }
        return (crop.image, crop.x + b.x, crop.y + b.y)
    }

    static func isOpaque(_ image: ImageSurface) -> Bool {
        guard image.format == .argb32 else { return false }
        let w = image.width, h = image.height
        return image.withPixelBytes { base, stride in
            let px = base.assumingMemoryBound(to: UInt8.self)
            for y in 0..<h { for x in 0..<w where px[y * stride + 4 * x + 3] != 255 { return false } }
            return true
        }
    }
}
