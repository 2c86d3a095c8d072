import Graphics
#if canImport(Glibc)
import Glibc
#endif

/// The rotary dial's layer stack, back to front: the number plate (or `backgroundImage`),
/// the dial's shadow, the dial (generated disc with holes, or `image`) with its static sheen,
/// the finger stop's shadow, the finger stop (or `foregroundImage`). The reference's
/// shadow-layer trick: the dial's shadow is a mask of the dial's real shape (holes
/// included), rotated with the dial while its offset stays fixed on screen, so the light
/// keeps one direction.
///
/// Every image and mask is made once per look and scale; a frame only composites them.
/// Everything on the generated dial but its holes is round about its centre, so a frame
/// copies one prepared image (plate, the uncut disc's shadow, the uncut disc and the sheen)
/// and draws the disc and its shadow only inside the ten holes' boxes (a tenth of the disc's
/// pixels): turned while it turns, plain copies at rest. Shadows sit on whole pixels at any
/// scale. `blurCount` counts the blurs ever run.
final class DialLayers {
    /// Custom images from the layout file, already scaled to the dial's square.
    struct CustomImages {
        var background: ImageSurface?
        /// The dial image for the current state, and which state (its shadow follows its alpha).
        var dial: (image: ImageSurface, state: Int)?
        var foreground: ImageSurface?
    }

    private(set) var blurCount = 0
    private var plates: [DialPainter.Look: ImageSurface] = [:]
    private var discs: [DialPainter.Look: ImageSurface] = [:]
    private var sheenCache: (scale: Double, surface: ImageSurface)?
    private var stopCache: (scale: Double, crop: (image: ImageSurface, x: Int, y: Int))?
    private var discShadow: (key: String, mask: ImageSurface)?
    private var stopShadow: (key: String, crop: (image: ImageSurface, x: Int, y: Int))?
    private var base: (key: String, surface: ImageSurface, margin: Int)?

    /// Paints the dial centred on `c` (screen pixels, chosen so the images sit on whole
    /// pixels), turned `rotation` radians clockwise on screen.
    func draw(in ctx: DrawingContext, center c: Point, rotation: Double, look: DialPainter.Look,
              appearance: KnobAppearance, custom: CustomImages) {
        let px = Double(look.pixelSide)
        let origin = Point(x: c.x - px / 2, y: c.y - px / 2)
        let shadowColor = appearance.shadowColor.withAlpha(appearance.shadowColor.alpha * appearance.shadowOpacity)
        let offset = Self.shadowOffset(appearance, scale: look.scale)

        // The prepared image casts the uncut disc's shadow: right while the light through the
        // holes lands on the disc itself (an offset within the margin outside the holes).
        // At rest too (rotation 0): the prepared image and the holes' patches are plain
        // copies, so a resting dial is composited without resampling, and its first turning
        // frame shows the same pixels as its resting one.
        let offsetReach = Swift.max(abs(appearance.shadowOffset.dx), abs(appearance.shadowOffset.dy))
        let generated = custom.background == nil && custom.dial == nil
            && (appearance.shadowOpacity == 0 || offsetReach <= look.fingerHoleMargin)
        if generated, let base = turningBase(look, appearance: appearance),
           drawTurning(in: ctx, base: base, center: c, rotation: rotation, look: look, appearance: appearance) {
            drawStop(in: ctx, origin: origin, look: look, appearance: appearance, custom: custom)
            return
        }
        if let plate = custom.background ?? cached(&plates, look, DialPainter.numberPlate) {
            ctx.setSource(plate, at: origin, smooth: false)
            ctx.paint()
        }
        let dial = custom.dial?.image ?? cached(&discs, look, DialPainter.disc)
        if appearance.shadowOpacity > 0, let mask = dialShadowMask(look, appearance: appearance, custom: custom.dial) {
            ctx.setColor(shadowColor)
            ctx.withSavedState {
                ctx.translate(c.x + offset.x, c.y + offset.y)
                ctx.rotate(rotation)
                ctx.mask(mask, at: Point(x: -Double(mask.width) / 2, y: -Double(mask.height) / 2))
            }
        }
        if let dial {
            ctx.withSavedState {
                ctx.translate(c.x, c.y)
                ctx.rotate(rotation)
                ctx.setSource(dial, at: Point(x: -Double(dial.width) / 2, y: -Double(dial.height) / 2), smooth: true)
                ctx.paint()
            }
            if custom.dial == nil && appearance.satinFinish, let sheen = sheen(look) {
                // Static light through the turning disc's alpha: the source is locked to the
                // screen, the mask turns.
                ctx.withSavedState {
                    ctx.translate(c.x, c.y)
                    ctx.setSource(sheen, at: Point(x: origin.x - c.x, y: origin.y - c.y), smooth: false)
                    ctx.rotate(rotation)
                    ctx.mask(dial, at: Point(x: -Double(dial.width) / 2, y: -Double(dial.height) / 2))
                }
            }
        }
        drawStop(in: ctx, origin: origin, look: look, appearance: appearance, custom: custom)
    }

    /// The finger stop and its shadow, over everything.
    private func drawStop(in ctx: DrawingContext, origin: Point, look: DialPainter.Look, appearance: KnobAppearance, custom: CustomImages) {
        let shadowColor = appearance.shadowColor.withAlpha(appearance.shadowColor.alpha * appearance.shadowOpacity)
        let offset = Self.shadowOffset(appearance, scale: look.scale)
        if let foreground = custom.foreground {
            if appearance.shadowOpacity > 0, let mask = stopShadowMask(look, appearance: appearance, custom: foreground) {
                ctx.setColor(shadowColor)
                ctx.mask(mask.image, at: Point(x: origin.x + Double(mask.x) + offset.x, y: origin.y + Double(mask.y) + offset.y))
            }
            ctx.setSource(foreground, at: origin, smooth: false)
            ctx.paint()
        } else if let stop = fingerStop(look) {
            // Both cut to their visible box (a wedge near 4 o'clock on a dial-sized canvas).
            if appearance.shadowOpacity > 0, let mask = stopShadowMask(look, appearance: appearance, custom: nil) {
                ctx.setColor(shadowColor)
                ctx.mask(mask.image, at: Point(x: origin.x + Double(mask.x) + offset.x, y: origin.y + Double(mask.y) + offset.y))
            }
            ctx.setSource(stop.image, at: Point(x: origin.x + Double(stop.x), y: origin.y + Double(stop.y)), smooth: false)
            ctx.paint()
        }
    }

    /// A turning frame: the prepared image, then inside the holes (at this angle) the plate,
    /// the disc's real shadow and the disc turned, and the sheen, clipped to two rectangles
    /// per hole (a cross that covers the hole and its wall). Inside them the plate or the
    /// disc is opaque, so the patch replaces what the prepared image put there. False (nothing
    /// drawn) when a cross would reach past the disc's rim (holes very near it).
    private func drawTurning(in ctx: DrawingContext, base: (surface: ImageSurface, margin: Int), center c: Point, rotation: Double,
                             look: DialPainter.Look, appearance: KnobAppearance) -> Bool {
        guard let plate = cached(&plates, look, DialPainter.numberPlate), let dial = cached(&discs, look, DialPainter.disc) else { return false }
        let px = Double(look.pixelSide)
        let origin = Point(x: c.x - px / 2, y: c.y - px / 2)
        let s = look.scale
        let g = look.geometry
        let rho = (g.fingerHoleRadius + DialPainter.holeWall(look)) * s + 2
        let a = rho / 2.0.squareRoot() + 1
        let inset = (px - look.side * s) / 2   // the images' content sits at their top left
        let rim = g.radius * s - 2
        let cosA = cos(rotation), sinA = sin(rotation)
        var rects: [Rect] = []
        for j in 0..<10 {
            // Hole j's centre on screen: its place in the disc image, turned about the image's centre.
            let h = g.holeCenter(j)
            let x = h.x * s - inset, y = h.y * s - inset
            let hx = c.x + x * cosA - y * sinA, hy = c.y + x * sinA + y * cosA
            for (w, v) in [(rho, a), (a, rho)] {
                let x0 = (hx - w).rounded(.down), x1 = (hx + w).rounded(.up), y0 = (hy - v).rounded(.down), y1 = (hy + v).rounded(.up)
                for (px, py) in [(x0, y0), (x1, y0), (x0, y1), (x1, y1)] where ((px - c.x) * (px - c.x) + (py - c.y) * (py - c.y)).squareRoot() > rim {
                    return false
                }
                rects.append(Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
            }
        }
        let m = Double(base.margin)
        ctx.setSource(base.surface, at: Point(x: origin.x - m, y: origin.y - m), smooth: false)
        ctx.paint()
        ctx.withSavedState {
            ctx.newPath()
            for r in rects { ctx.addRect(r) }
            ctx.clip()
            ctx.setSource(plate, at: origin, smooth: false)
            ctx.paint()
            if appearance.shadowOpacity > 0, let mask = dialShadowMask(look, appearance: appearance, custom: nil) {
                ctx.setColor(appearance.shadowColor.withAlpha(appearance.shadowColor.alpha * appearance.shadowOpacity))
                let offset = Self.shadowOffset(appearance, scale: s)
                ctx.withSavedState {
                    ctx.translate(c.x + offset.x, c.y + offset.y)
                    ctx.rotate(rotation)
                    // Nearest: a blurred mask has no edge to show it (measured 3× cheaper).
                    ctx.mask(mask, at: Point(x: -Double(mask.width) / 2, y: -Double(mask.height) / 2), smooth: false)
                }
            }
            ctx.withSavedState {
                ctx.translate(c.x, c.y)
                ctx.rotate(rotation)
                // Bilinear: the holes' rims are sharp edges, and nearest sampling frays them
                // visibly (measured 0.37 ms a frame against 0.7 ms on the bench's dial).
                ctx.setSource(dial, at: Point(x: -Double(dial.width) / 2, y: -Double(dial.height) / 2), smooth: true)
                ctx.paint()
            }
            if appearance.satinFinish, let sheen = sheen(look) {
                ctx.withSavedState {
                    ctx.translate(c.x, c.y)
                    ctx.setSource(sheen, at: Point(x: origin.x - c.x, y: origin.y - c.y), smooth: false)
                    ctx.rotate(rotation)
                    // Nearest: the faint light's edge at the holes' rims does not show it.
                    ctx.mask(dial, at: Point(x: -Double(dial.width) / 2, y: -Double(dial.height) / 2), smooth: false)
                }
            }
        }
        return true
    }

    /// The image a turning frame starts from, `margin` pixels larger than the dial's square on
    /// each side for the shadow: plate, the uncut disc's shadow, the uncut disc, the sheen.
    /// Made with the dial's first frame (its one blur is never an animation frame's).
    private func turningBase(_ look: DialPainter.Look, appearance: KnobAppearance) -> (surface: ImageSurface, margin: Int)? {
        let key = "\(look.hashValue)-\(appearance.shadowRadius)-\(appearance.shadowOpacity)-\(appearance.shadowOffset.dx)-\(appearance.shadowOffset.dy)-\(appearance.satinFinish)"
        if let base, base.key == key { return (base.surface, base.margin) }
        let s = look.scale
        let blur = Int(ShadowMask.margin(forRadius: appearance.shadowRadius * s))
        let offset = Self.shadowOffset(appearance, scale: s)
        let margin = blur + Int(Swift.max(abs(offset.x), abs(offset.y)))
        let px = look.pixelSide
        guard let plate = cached(&plates, look, DialPainter.numberPlate),
              let both = try? DialPainter.discs(look),
              let surface = try? ImageSurface(width: px + 2 * margin, height: px + 2 * margin) else { return nil }
        let uncut = both.uncut
        if discs[look] == nil { _ = cached(&discs, look) { _ in both.holes } }   // the turning frames' disc
        let ctx = DrawingContext(surface: surface)
        let m = Double(margin)
        ctx.setSource(plate, at: Point(x: m, y: m), smooth: false)
        ctx.paint()
        if appearance.shadowOpacity > 0, let shape = try? DialPainter.circleShape(look, margin: blur) {
            ShadowMask.blur(shape, radius: appearance.shadowRadius * s)
            blurCount += 1
            ctx.setColor(appearance.shadowColor.withAlpha(appearance.shadowColor.alpha * appearance.shadowOpacity))
            // Where the live path puts the real shadow: centred on the dial's centre plus the offset.
            let cx = m + Double(px) / 2 + offset.x, cy = m + Double(px) / 2 + offset.y
            ctx.mask(shape, at: Point(x: cx - Double(shape.width) / 2, y: cy - Double(shape.height) / 2))
        }
        ctx.setSource(uncut, at: Point(x: m, y: m), smooth: false)
        ctx.paint()
        if appearance.satinFinish, let sheen = sheen(look) {
            ctx.setSource(sheen, at: Point(x: m, y: m), smooth: false)
            ctx.paint()
        }
        base = (key, surface, margin)
        return (surface, margin)
    }

    /// The shadows' offset on screen, in whole pixels: a blurred mask placed at a fraction of
    /// a pixel would be resampled on every paint (at scale 1.35 the design's 4 px are 5.4),
    /// and a shift of under half a pixel in a blurred shadow does not show.
    static func shadowOffset(_ appearance: KnobAppearance, scale: Double) -> Point {
        Point(x: (appearance.shadowOffset.dx * scale).rounded(), y: (appearance.shadowOffset.dy * scale).rounded())
    }

    private func cached(_ cache: inout [DialPainter.Look: ImageSurface], _ look: DialPainter.Look,
                        _ make: (DialPainter.Look) throws(GraphicsError) -> ImageSurface) -> ImageSurface? {
        if let hit = cache[look] { return hit }
        guard let made = try? make(look) else { return nil }
        if cache.count >= 8 { cache.removeAll() }   // states × scales; a handful at most
        cache[look] = made
        return made
    }

    private func sheen(_ look: DialPainter.Look) -> ImageSurface? {
        if let sheenCache, sheenCache.scale == look.scale { return sheenCache.surface }
        guard let made = try? DialPainter.sheen(look) else { return nil }
        sheenCache = (look.scale, made)
        return made
    }

    private func fingerStop(_ look: DialPainter.Look) -> (image: ImageSurface, x: Int, y: Int)? {
        if let stopCache, stopCache.scale == look.scale { return stopCache.crop }
        guard let made = try? DialPainter.fingerStop(look), let crop = InkCrop.crop(made) else { return nil }
        stopCache = (look.scale, crop)
        return crop
    }

    /// The dial's shadow: the disc with its holes (or a custom image's alpha), blurred once.
    private func dialShadowMask(_ look: DialPainter.Look, appearance: KnobAppearance,
                                custom: (image: ImageSurface, state: Int)?) -> ImageSurface? {
        let key = "\(look.pixelSide)-\(look.scale)-\(look.radius)-\(look.fingerHoleRadius)-\(look.fingerHoleMargin)-\(appearance.shadowRadius)-\(custom?.state ?? -1)"
        if let discShadow, discShadow.key == key { return discShadow.mask }
        let margin = Int(ShadowMask.margin(forRadius: appearance.shadowRadius * look.scale))
        let mask: ImageSurface
        if let custom {
            guard let m = alphaMask(of: custom.image, margin: margin) else { return nil }
            mask = m
        } else {
            guard let m = try? DialPainter.discShape(look, margin: margin) else { return nil }
            mask = m
        }
        ShadowMask.blur(mask, radius: appearance.shadowRadius * look.scale)
        blurCount += 1
        discShadow = (key, mask)
        return mask
    }

    /// The finger stop's shadow (or a custom foreground's alpha), blurred once.
    /// Where it goes: `x`, `y` from the dial's square's top left, before the shadow offset.
    private func stopShadowMask(_ look: DialPainter.Look, appearance: KnobAppearance, custom: ImageSurface?) -> (image: ImageSurface, x: Int, y: Int)? {
        let key = "\(look.pixelSide)-\(look.scale)-\(look.radius)-\(appearance.shadowRadius)-\(custom == nil)"
        if let stopShadow, stopShadow.key == key { return stopShadow.crop }
        let margin = Int(ShadowMask.margin(forRadius: appearance.shadowRadius * look.scale))
        let made: ImageSurface?
        if let custom { made = alphaMask(of: custom, margin: margin) } else { made = try? DialPainter.stopShape(look, margin: margin) }
        guard let mask = made else { return nil }
        ShadowMask.blur(mask, radius: appearance.shadowRadius * look.scale)
        blurCount += 1
        guard let crop = InkCrop.crop(mask) else { return nil }
        let placed = (image: crop.image, x: crop.x - margin, y: crop.y - margin)
        stopShadow = (key, placed)
        return placed
    }

    private func alphaMask(of image: ImageSurface, margin: Int) -> ImageSurface? {
        guard let mask = try? ImageSurface(width: image.width + 2 * margin, height: image.height + 2 * margin, format: .a8) else { return nil }
        let ctx = DrawingContext(surface: mask)
        ctx.setSource(image, at: Point(x: Double(margin), y: Double(margin)), smooth: false)
        ctx.paint()
        return mask
    }
}
