import Graphics

/// The rotary dial's layer stack, back to front: the number plate (or `backgroundImage`),
/// the dial's shadow, the dial (generated disc with holes, or `image`) with its static sheen,
/// the finger stop's shadow, the finger stop (or `foregroundImage`). The reference's
/// shadow-layer trick: the dial's shadow is a mask of the dial's real shape (holes
/// included), rotated with the dial while its offset stays fixed on screen, so the light
/// keeps one direction.
///
/// Every image and mask is made once per look and scale; a frame only composites them
/// (rotating two of them while the dial turns). `blurCount` counts the blurs ever run.
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
    private var stopCache: (scale: Double, surface: ImageSurface)?
    private var discShadow: (key: String, mask: ImageSurface)?
    private var stopShadow: (key: String, mask: ImageSurface)?

    /// Paints the dial centred on `c` (screen pixels, chosen so the images sit on whole
    /// pixels), turned `rotation` radians clockwise on screen.
    func draw(in ctx: DrawingContext, center c: Point, rotation: Double, look: DialPainter.Look,
              appearance: KnobAppearance, custom: CustomImages) {
        let px = Double(look.pixelSide)
        let origin = Point(x: c.x - px / 2, y: c.y - px / 2)
        let s = look.scale
        let shadowColor = appearance.shadowColor.withAlpha(appearance.shadowColor.alpha * appearance.shadowOpacity)
        let offset = Point(x: appearance.shadowOffset.dx * s, y: appearance.shadowOffset.dy * s)

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
                    ctx.setSource(sheen, at: origin, smooth: false)
                    ctx.translate(c.x, c.y)
                    ctx.rotate(rotation)
                    ctx.mask(dial, at: Point(x: -Double(dial.width) / 2, y: -Double(dial.height) / 2))
                }
            }
        }
        let stop = custom.foreground ?? fingerStop(look)
        if let stop {
            if appearance.shadowOpacity > 0, let mask = stopShadowMask(look, appearance: appearance, custom: custom.foreground) {
                let m = Double(mask.width - stop.width) / 2
                ctx.setColor(shadowColor)
                ctx.mask(mask, at: Point(x: origin.x - m + offset.x, y: origin.y - m + offset.y))
            }
            ctx.setSource(stop, at: origin, smooth: false)
            ctx.paint()
        }
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

    private func fingerStop(_ look: DialPainter.Look) -> ImageSurface? {
        if let stopCache, stopCache.scale == look.scale { return stopCache.surface }
        guard let made = try? DialPainter.fingerStop(look) else { return nil }
        stopCache = (look.scale, made)
        return made
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
    private func stopShadowMask(_ look: DialPainter.Look, appearance: KnobAppearance, custom: ImageSurface?) -> ImageSurface? {
        let key = "\(look.pixelSide)-\(look.scale)-\(look.radius)-\(appearance.shadowRadius)-\(custom == nil)"
        if let stopShadow, stopShadow.key == key { return stopShadow.mask }
        let margin = Int(ShadowMask.margin(forRadius: appearance.shadowRadius * look.scale))
        let made: ImageSurface?
        if let custom { made = alphaMask(of: custom, margin: margin) } else { made = try? DialPainter.stopShape(look, margin: margin) }
        guard let mask = made else { return nil }
        ShadowMask.blur(mask, radius: appearance.shadowRadius * look.scale)
        blurCount += 1
        stopShadow = (key, mask)
        return mask
    }

    private func alphaMask(of image: ImageSurface, margin: Int) -> ImageSurface? {
        guard let mask = try? ImageSurface(width: image.width + 2 * margin, height: image.height + 2 * margin, format: .a8) else { return nil }
        let ctx = DrawingContext(surface: mask)
        ctx.setSource(image, at: Point(x: Double(margin), y: Double(margin)), smooth: false)
        ctx.paint()
        return mask
    }
}
