import Graphics
import PanelSystem
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
/// Everything on the generated dial but its holes is round about its centre, and each hole
/// (its wall, and the light it lets through the shadow) is round about its own: so a frame
/// copies one prepared image (plate, the uncut disc's shadow, the uncut disc and the sheen)
/// and composites each of the ten holes at its turned centre from small masks made once per
/// quarter-pixel phase, with nothing resampled, turning or at rest (`drawTurning`; the live
/// layers, turned as a whole, only for custom images or a shadow that is not black or falls
/// past the holes' margin). Shadows sit on whole pixels at any scale. `blurCount` counts
/// the blurs ever run.
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
    private var turning: Turning?
    /// `holeUnder`'s image, a hole sprite's size, and its context.
    private var holePatch: (image: ImageSurface, ctx: DrawingContext)?
    /// Whether the last frame was a turning frame (`turnedDamage` is right only then).
    private var drewTurningFrame = false
    private var lightCache: (key: String, light: ImageSurface, reach: Int)?

    /// Paints the dial centred on `c` (screen pixels, chosen so the images sit on whole
    /// pixels), turned `rotation` radians clockwise on screen.
    func draw(in ctx: DrawingContext, center c: Point, rotation: Double, look: DialPainter.Look,
              appearance: KnobAppearance, custom: CustomImages) {
        let px = Double(look.pixelSide)
        let origin = Point(x: c.x - px / 2, y: c.y - px / 2)
        let shadowColor = appearance.shadowColor.withAlpha(appearance.shadowColor.alpha * appearance.shadowOpacity)
        let offset = Self.shadowOffset(appearance, scale: look.scale)

        // At rest too (rotation 0): a resting dial is composited without resampling, and its
        // first turning frame shows the same pixels as its resting one.
        drewTurningFrame = usesTurningFrame(appearance, look: look, custom: custom) && turningImages(look, appearance: appearance)
            && drawTurning(in: ctx, center: c, rotation: rotation, look: look, appearance: appearance)
        if drewTurningFrame {
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

    /// Whether the generated dial can be drawn as a turning frame: the prepared image casts the
    /// uncut disc's shadow, right while the light through the holes lands on the disc itself
    /// (an offset within the margin outside the holes), and a hole's light is the shadow's
    /// complement only under a black shadow. Otherwise the live layers (a shadow of another
    /// colour, custom images).
    private func usesTurningFrame(_ appearance: KnobAppearance, look: DialPainter.Look, custom: CustomImages) -> Bool {
        guard custom.background == nil && custom.dial == nil else { return false }
        if appearance.shadowOpacity == 0 || appearance.shadowColor.alpha == 0 { return true }
        let offsetReach = Swift.max(abs(appearance.shadowOffset.dx), abs(appearance.shadowOffset.dy))
        let c = appearance.shadowColor
        return offsetReach <= look.fingerHoleMargin && c.red == 0 && c.green == 0 && c.blue == 0
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

    /// What a turning frame paints from, made once per look and scale. `base`, `margin`
    /// pixels larger than the dial's square on each side for the shadow: the plate, the uncut
    /// disc's shadow, the uncut disc, the sheen. `plate` and `shadow` (the uncut disc's shadow,
    /// A8): what a hole shows before the light it lets through the shadow, the plate under the
    /// shadow, put together per hole (`holeUnder`) rather than kept as a colour image a
    /// quarter the size of the plate's. Both are only ever seen through holes, so both are cut
    /// to the box the holes sweep (`box`: its top left in the dial's square; bench console
    /// 275² of 300²), and the whole number plate is not kept once they are made (it is 360 KB
    /// the turning frame never reads outside that box).
    /// `light`: that light, one hole's alpha blurred (at full strength, like the shadow's
    /// masks: the blur's rounding then matches theirs), cut to the square that reaches the hole
    /// (`reach` pixels each way from its centre), to be taken at `lightAlpha`; nil without a shadow.
    /// `holes`: a hole drawn at each quarter-pixel phase of its centre, made when first used.
    private struct Turning {
        var key: String
        var base: ImageSurface
        var margin: Int
        var shadow: ImageSurface?
        var shadowColor: Color
        var plate: ImageSurface
        var box: (x: Int, y: Int)
        var light: ImageSurface?
        var reach: Int
        var lightAlpha: Double
        var holes: [Int: HoleSprites] = [:]
    }

    /// One hole, its centre at a phase (a quarter-pixel offset) from whole pixels: the lip's
    /// and the dark wall's discs (A8 coverage, `wallHalf` pixels each way from the centre's
    /// pixel), the hole's coverage and the light it lets through times that coverage (A8,
    /// `holeHalf` each way). Cairo scan-converts a small circle at about 100 000 instructions;
    /// these make a hole five plain composites.
    private struct HoleSprites {
        var lip: ImageSurface, dark: ImageSurface, wallHalf: Int
        var hole: ImageSurface, light: ImageSurface?, holeHalf: Int
    }

    /// Centres are drawn at quarter pixels: an edge a tenth of a pixel off does not show.
    private static let phases = 4.0

    /// A turning frame (and a resting one): the prepared image, then at each hole's turned
    /// centre its wall (the lip's disc, the dark wall's over it, lit by the sheen there), and
    /// through the hole's coverage the plate under the uncut disc's shadow, plus the light the
    /// hole lets through (the plate added through the blurred hole at the shadow's offset).
    /// Everything else on the disc is round about its centre, so the base is right there at any
    /// angle. Nothing is resampled. The light is the shadow's exact complement only for a
    /// black shadow, which `usesTurningFrame` asks for. Not counted: light from a neighbouring
    /// hole (at the bench's dial at most 2 % of the plate, on the hole's edge nearest it) and
    /// light leaking past the rim. False (nothing drawn) when a hole's wall would reach past
    /// the disc's rim.
    private func drawTurning(in ctx: DrawingContext, center c: Point, rotation: Double,
                             look: DialPainter.Look, appearance: KnobAppearance) -> Bool {
        guard let t = turning else { return false }
        let px = Double(look.pixelSide)
        let origin = Point(x: c.x - px / 2, y: c.y - px / 2)
        let boxOrigin = Point(x: origin.x + Double(t.box.x), y: origin.y + Double(t.box.y))
        let s = look.scale
        guard let centres = holeCentres(center: c, rotation: rotation, look: look) else { return false }
        let n = Int(Self.phases)
        let holes = centres.map { p -> (x: Int, y: Int, phase: Int) in
            let qx = (p.x * Self.phases).rounded(), qy = (p.y * Self.phases).rounded()
            let ix = Int((qx / Self.phases).rounded(.down)), iy = Int((qy / Self.phases).rounded(.down))
            return (ix, iy, (Int(qx) - ix * n) + n * (Int(qy) - iy * n))
        }
        let m = Double(t.margin)
        ctx.setSource(t.base, at: Point(x: origin.x - m, y: origin.y - m), smooth: false)
        ctx.paint()
        let walls = DialPainter.holeWalls(look)
        let clip = ctx.clipExtents
        for h in holes {
            guard let sprites = holeSprites(phase: h.phase, look: look, appearance: appearance) else { return false }
            let w = Point(x: Double(h.x - sprites.wallHalf), y: Double(h.y - sprites.wallHalf))
            let i = Point(x: Double(h.x - sprites.holeHalf), y: Double(h.y - sprites.holeHalf))
            var lipColor = walls.lipColor, darkColor = walls.darkColor
            if appearance.satinFinish {
                // The sheen as it falls on the hole's centre, over both walls: across a wall
                // (50 px at most on the bench's dial) the gradient changes by 3 % of white.
                let n = Int(Self.phases)
                let centre = Point(x: (Double(h.x) + Double(h.phase % n) / Self.phases - origin.x) / s,
                                   y: (Double(h.y) + Double(h.phase / n) / Self.phases - origin.y) / s)
                let light = DialPainter.sheenColor(look, at: centre)
                let opaque = light.withAlpha(1)
                lipColor = lipColor.mixed(with: opaque, light.alpha)
                darkColor = darkColor.mixed(with: opaque, light.alpha)
            }
            ctx.setColor(lipColor)
            ctx.mask(sprites.lip, at: w, smooth: false)
            ctx.setColor(darkColor)
            ctx.mask(sprites.dark, at: w, smooth: false)
            // The hole's edge is blended once: the plate under the shadow over the wall. Only
            // where the rectangle being painted shows it (a band of rows crosses a few holes).
            let side = sprites.hole.width
            let x0 = Swift.max(0, (clip.minX - i.x).rounded(.down)), y0 = Swift.max(0, (clip.minY - i.y).rounded(.down))
            let x1 = Swift.min(Double(side), (clip.maxX - i.x).rounded(.up)), y1 = Swift.min(Double(side), (clip.maxY - i.y).rounded(.up))
            guard x1 > x0, y1 > y0 else { continue }
            guard let under = holeUnder(t, at: Point(x: boxOrigin.x - i.x, y: boxOrigin.y - i.y), side: side,
                                        visible: Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)) else { return false }
            ctx.setSource(under, at: i, smooth: false)
            ctx.mask(sprites.hole, at: i, smooth: false)
            if let light = sprites.light {
                // Under a black shadow of alpha a the plate P shows as P (1 - a); the holes'
                // shadow is the uncut disc's less each hole's, so each hole adds P times its
                // own blurred alpha: linear, so exact on the hole's partial pixels too.
                ctx.setBlendMode(.add)
                ctx.setSource(t.plate, at: boxOrigin, smooth: false)
                ctx.mask(light, at: i, smooth: false)
                ctx.setBlendMode(.over)
            }
        }
        return true
    }

    /// What a hole at `box` (the holes' box's top left, seen from the hole sprite's) shows of
    /// the plate under the uncut disc's shadow: the same pixels a box-sized image of the two
    /// would give there, transparent outside the box, made `visible` (in the sprite's pixels)
    /// only. One scratch image for every hole.
    private func holeUnder(_ t: Turning, at box: Point, side: Int, visible: Rect) -> ImageSurface? {
        if holePatch?.image.width != side {
            holePatch = nil
            holePatch = (try? ImageSurface(width: side, height: side)).map { ($0, DrawingContext(surface: $0)) }
        }
        guard let (patch, ctx) = holePatch else { return nil }
        ctx.resetClip()
        ctx.newPath()
        ctx.addRect(visible)
        ctx.clip()
        // A copy (transparent past the box's edge), then the shadow over it.
        ctx.setBlendMode(.source)
        ctx.setSource(t.plate, at: box, smooth: false)
        ctx.paint()
        ctx.setBlendMode(.over)
        if let shadow = t.shadow {
            ctx.setColor(t.shadowColor)
            ctx.mask(shadow, at: box, smooth: false)
        }
        return patch
    }

    /// The holes' centres on screen, turned `rotation` about `c`: each one's place in the disc
    /// image, turned about the image's centre. Nil when a hole's wall would reach past the rim.
    private func holeCentres(center c: Point, rotation: Double, look: DialPainter.Look) -> [Point]? {
        let s = look.scale
        let g = look.geometry
        let lip = DialPainter.holeWalls(look).lip * s
        let inset = (Double(look.pixelSide) - look.side * s) / 2   // the images' content sits at their top left
        let cosA = cos(rotation), sinA = sin(rotation)
        var centres: [Point] = []
        centres.reserveCapacity(10)
        for j in 0..<10 {
            let h = g.holeCenter(j)
            let x = h.x * s - inset, y = h.y * s - inset
            guard (x * x + y * y).squareRoot() + lip + 2 <= g.radius * s - 1 else { return nil }
            centres.append(Point(x: c.x + x * cosA - y * sinA, y: c.y + x * sinA + y * cosA))
        }
        return centres
    }

    /// What changes on screen when a dial drawn as turning frames turns from `from` to `to`
    /// (radians) and nothing else changes: the boxes of the holes' walls at both angles, all
    /// the rest being round about the centre. Nil when the last frame was not a turning frame
    /// or this look is not drawn as one (custom images, a coloured shadow): then all of it.
    func turnedDamage(center c: Point, from: Double, to: Double, look: DialPainter.Look, appearance: KnobAppearance) -> [Rect]? {
        guard drewTurningFrame, usesTurningFrame(appearance, look: look, custom: CustomImages()) else { return nil }
        if from == to { return [] }
        guard let old = holeCentres(center: c, rotation: from, look: look),
              let new = holeCentres(center: c, rotation: to, look: look) else { return nil }
        let r = DialPainter.holeWalls(look).lip * look.scale + 2
        return (old + new).map { p in
            let x0 = (p.x - r).rounded(.down), y0 = (p.y - r).rounded(.down)
            return Rect(x: x0, y: y0, width: (p.x + r).rounded(.up) - x0, height: (p.y + r).rounded(.up) - y0)
        }
    }

    /// The hole sprites for a phase (x phase + 4 × y phase, in quarter pixels), made once.
    private func holeSprites(phase: Int, look: DialPainter.Look, appearance: KnobAppearance) -> HoleSprites? {
        guard let t = turning else { return nil }
        if let made = t.holes[phase] { return made }
        let n = Int(Self.phases)
        let fx = Double(phase % n) / Self.phases, fy = Double(phase / n) / Self.phases
        let s = look.scale
        let walls = DialPainter.holeWalls(look)
        let wallHalf = Int((walls.lip * s).rounded(.up)) + 2
        let holeHalf = Int((look.fingerHoleRadius * s).rounded(.up)) + 2
        func disc(half: Int, radius: Double) -> ImageSurface? {
            guard let surface = try? ImageSurface(width: 2 * half, height: 2 * half, format: .a8) else { return nil }
            let ctx = DrawingContext(surface: surface)
            ctx.newPath()
            ctx.addCircle(center: Point(x: Double(half) + fx, y: Double(half) + fy), radius: radius * s)
            ctx.setColor(.black)
            ctx.fill()
            return surface
        }
        guard let lip = disc(half: wallHalf, radius: walls.lip), let dark = disc(half: wallHalf, radius: walls.dark),
              let hole = disc(half: holeHalf, radius: look.fingerHoleRadius) else { return nil }
        var light: ImageSurface?
        if let blurred = t.light, let lit = try? ImageSurface(width: 2 * holeHalf, height: 2 * holeHalf, format: .a8) {
            // The hole's light, centred at the hole's centre plus the shadow's offset, then
            // times the hole's coverage (only what falls into the hole is ever seen).
            let offset = Self.shadowOffset(appearance, scale: s)
            let ctx = DrawingContext(surface: lit)
            ctx.setBlendMode(.source)
            ctx.setSource(blurred, at: Point(x: Double(holeHalf - t.reach) + fx + offset.x, y: Double(holeHalf - t.reach) + fy + offset.y))
            ctx.paint(alpha: t.lightAlpha)
            ctx.setBlendMode(.destinationIn)
            ctx.setSource(hole, at: .zero, smooth: false)
            ctx.paint()
            light = lit
        }
        let made = HoleSprites(lip: lip, dark: dark, wallHalf: wallHalf, hole: hole, light: light, holeHalf: holeHalf)
        turning?.holes[phase] = made
        return made
    }

    /// What decides a turning frame's images, all of it Sendable: what the work on another
    /// thread needs (`prepareTurning`).
    private struct TurningRecipe: Sendable {
        var look: DialPainter.Look
        var shadowRadius: Double, shadowOpacity: Double, shadowColor: Color
        var offset: Point
        var satinFinish: Bool
        /// Whether the hole's light is wanted too (not when `lightCache` holds it).
        var light: Bool
        /// Whether the generated finger stop and its shadow are wanted too (the thread's work
        /// only: `drawStop` makes them itself).
        var stop = false, stopShadow = false

        init(_ look: DialPainter.Look, _ appearance: KnobAppearance, light: Bool) {
            self.look = look
            shadowRadius = appearance.shadowRadius; shadowOpacity = appearance.shadowOpacity; shadowColor = appearance.shadowColor
            offset = DialLayers.shadowOffset(appearance, scale: look.scale)
            satinFinish = appearance.satinFinish
            self.light = light
        }

        var key: String {
            "\(look.hashValue)-\(shadowRadius)-\(shadowOpacity)-\(shadowColor)-\(offset.x)-\(offset.y)-\(satinFinish)"
        }
        var margin: Int { blur + Int(Swift.max(abs(offset.x), abs(offset.y))) }
        var blur: Int { Int(ShadowMask.margin(forRadius: shadowRadius * look.scale)) }
        var lightKey: String { "\(look.scale)-\(look.fingerHoleRadius)-\(shadowRadius)-\(offset.x)-\(offset.y)" }
    }

    /// A turning frame's images as drawn without text: `base` complete, `plate` (the plate's
    /// part) without its digits, the uncut disc's blurred shadow (`shape`) that a hole shows,
    /// and the hole's light when asked for. `blurs`: how many blurs that took.
    private struct TurningParts {
        var base: ImageSurface, plate: ImageSurface
        var shape: ImageSurface?
        var light: (light: ImageSurface, reach: Int)?
        var blurs: Int
        var stop: (image: ImageSurface, x: Int, y: Int)?
        var stopShadow: (image: ImageSurface, x: Int, y: Int)?
    }

    /// Work started on another thread for the first frame (`prepareTurning`), by its key.
    private var pendingTurning: (key: String, work: BackgroundWork<TurningParts?>)?

    /// Starts making the generated dial's turning images on another thread, for a draw to
    /// come (the first frame's, while it paints what lies above the dial). Only when the disc
    /// is opaque: the base then hides the plate's digits, which the loop adds to the plate's
    /// part alone (text is the loop's thread's), and the pixels are those of `turningImages`.
    /// With `generatedStop` (no custom foreground) the finger stop and its shadow too.
    func prepareTurning(_ look: DialPainter.Look, appearance: KnobAppearance, generatedStop: Bool) {
        guard look.fill.alpha == 1, usesTurningFrame(appearance, look: look, custom: CustomImages()) else { return }
        var recipe = TurningRecipe(look, appearance, light: true)
        recipe.light = lightCache?.key != recipe.lightKey
        recipe.stop = generatedStop && stopCache?.scale != look.scale
        recipe.stopShadow = generatedStop && appearance.shadowOpacity > 0
            && stopShadow?.key != Self.stopShadowKey(look, shadowRadius: appearance.shadowRadius, custom: false)
        guard turning?.key != recipe.key, pendingTurning?.key != recipe.key else { return }
        let made = recipe
        pendingTurning = (made.key, BackgroundWork {
            // After fontconfig's load, which the loop's first text waits for: not sharing the
            // second core with it, and using the memory its thread gave back.
            FontConfiguration.waitUntilLoaded()
            return Self.turningParts(made, digits: nil)
        })
    }

    /// Makes the images a turning frame paints from (`turning`) unless they are made for this
    /// look: taken from the work `prepareTurning` started, else made now. Made with the dial's
    /// first frame (its two blurs are never an animation frame's).
    private func turningImages(_ look: DialPainter.Look, appearance: KnobAppearance) -> Bool {
        var recipe = TurningRecipe(look, appearance, light: true)
        if let turning, turning.key == recipe.key { return true }
        recipe.light = lightCache?.key != recipe.lightKey
        let made: TurningParts?
        if let pending = pendingTurning, pending.key == recipe.key {
            made = pending.work.take()
        } else if look.fill.alpha == 1 {
            made = Self.turningParts(recipe, digits: nil)
        } else {
            // A translucent disc shows the plate's digits through it: drawn in the base too.
            made = Self.turningParts(recipe) { ctx in DialPainter.drawPlateDigits(look, in: ctx) }
        }
        pendingTurning = nil
        guard let parts = made else { return false }
        blurCount += parts.blurs
        if let light = parts.light { lightCache = (recipe.lightKey, light.light, light.reach) }
        if let stop = parts.stop { stopCache = (look.scale, stop) }
        if let shadow = parts.stopShadow {
            stopShadow = (Self.stopShadowKey(look, shadowRadius: recipe.shadowRadius, custom: false), shadow)
        }
        let box = Self.holesBox(look)
        // The digits into the plate's part, at the same pixels as in the dial's square (a
        // whole-pixel shift).
        let plateCtx = DrawingContext(surface: parts.plate)
        plateCtx.translate(Double(-box.x), Double(-box.y))
        plateCtx.scale(look.scale, look.scale)
        DialPainter.drawPlateDigits(look, in: plateCtx)
        // The uncut disc's shadow over the box, where the live path puts it: centred on the
        // dial's centre plus the offset.
        var shadow: ImageSurface?
        if let shape = parts.shape {
            guard let made = try? ImageSurface(width: box.width, height: box.height, format: .a8) else { return false }
            let px = Double(look.pixelSide)
            let cx = Double(-box.x) + px / 2 + recipe.offset.x, cy = Double(-box.y) + px / 2 + recipe.offset.y
            let shadowCtx = DrawingContext(surface: made)
            shadowCtx.setBlendMode(.source)
            shadowCtx.setSource(shape, at: Point(x: cx - Double(shape.width) / 2, y: cy - Double(shape.height) / 2))
            shadowCtx.paint()
            shadow = made
        }
        let shadowColor = recipe.shadowColor.withAlpha(recipe.shadowColor.alpha * recipe.shadowOpacity)
        let light = lightCache.flatMap { $0.key == recipe.lightKey ? (light: $0.light, reach: $0.reach) : nil }
        turning = Turning(key: recipe.key, base: parts.base, margin: recipe.margin, shadow: shadow, shadowColor: shadowColor, plate: parts.plate,
                          box: (box.x, box.y), light: parts.shape == nil ? nil : light?.light, reach: parts.shape == nil ? 0 : light?.reach ?? 0,
                          lightAlpha: recipe.shadowColor.alpha * recipe.shadowOpacity)
        return true
    }

    /// A turning frame's images but the plate's digits (`digits` draws them into the base
    /// where the disc does not hide them), from Sendable values only: any thread may make them.
    /// `base`, `margin` pixels larger than the dial's square on each side for the shadow: the
    /// plate, the uncut disc's shadow, the uncut disc, the sheen.
    private static func turningParts(_ recipe: TurningRecipe, digits: ((DrawingContext) -> Void)?) -> TurningParts? {
        let look = recipe.look
        let s = look.scale
        let margin = recipe.margin
        let px = look.pixelSide
        let box = holesBox(look)
        var blurs = 0
        // The shadow's blur first, while nothing dial-sized is held (its scratch planes are
        // freed before the images below exist): the first frame's peak is here.
        var shape: ImageSurface?
        if recipe.shadowOpacity > 0, let made = try? DialPainter.circleShape(look, margin: recipe.blur) {
            ShadowMask.blur(made, radius: recipe.shadowRadius * s)
            blurs += 1
            shape = made
        }
        guard let platePart = try? ImageSurface(width: box.width, height: box.height),
              let surface = try? ImageSurface(width: px + 2 * margin, height: px + 2 * margin) else { return nil }
        let ctx = DrawingContext(surface: surface)
        let m = Double(margin)
        // The plate drawn once, where it is needed (no dial-sized plate image made): into the
        // base; the plate's part, the dial's square seen from the box's top left, is copied
        // from it (a whole-pixel shift: the same pixels as drawing it there) before anything
        // covers it.
        ctx.withSavedState {
            ctx.translate(m, m)
            ctx.scale(s, s)
            DialPainter.drawPlateRing(look, in: ctx)
        }
        let partCtx = DrawingContext(surface: platePart)
        partCtx.setBlendMode(.source)
        partCtx.setSource(surface, at: Point(x: Double(-box.x) - m, y: Double(-box.y) - m), smooth: false)
        partCtx.paint()
        if let digits {
            ctx.withSavedState {
                ctx.translate(m, m)
                ctx.scale(s, s)
                digits(ctx)
            }
        }
        var light: (light: ImageSurface, reach: Int)?
        if let shape {
            let shadowColor = recipe.shadowColor.withAlpha(recipe.shadowColor.alpha * recipe.shadowOpacity)
            // Where the live path puts the real shadow: centred on the dial's centre plus the offset.
            let cx = m + Double(px) / 2 + recipe.offset.x, cy = m + Double(px) / 2 + recipe.offset.y
            ctx.setColor(shadowColor)
            ctx.mask(shape, at: Point(x: cx - Double(shape.width) / 2, y: cy - Double(shape.height) / 2))
            if recipe.light, let made = holeLight(recipe) { light = made; blurs += 1 }
        }
        // The uncut disc and the sheen drawn straight into the base (no dial-sized image of
        // each made and thrown away; the sheen is not kept for turning frames: they light the
        // walls with its colours).
        ctx.withSavedState {
            ctx.translate(m, m)
            ctx.scale(s, s)
            DialPainter.drawDisc(look, holes: false, in: ctx)
            if recipe.satinFinish { DialPainter.drawSheen(look, in: ctx) }
        }
        var parts = TurningParts(base: surface, plate: platePart, shape: shape, light: light, blurs: blurs)
        if recipe.stop { parts.stop = generatedStop(look) }
        if recipe.stopShadow, let made = generatedStopShadow(look, shadowRadius: recipe.shadowRadius) {
            parts.stopShadow = made
            parts.blurs += 1
        }
        return parts
    }

    /// The box in the dial's square (whole pixels) that the holes' masks reach at any angle:
    /// round the square's centre (the turning centre), the hole circle (its centres are off by
    /// the content's inset, under a pixel each way: `holeCentres`) plus a hole sprite's
    /// half-width (`holeSprites`) and a pixel.
    private static func holesBox(_ look: DialPainter.Look) -> (x: Int, y: Int, width: Int, height: Int) {
        let s = look.scale, px = look.pixelSide
        let centre = Double(px) / 2
        let reach = look.geometry.holeCircleRadius * s + 1.5 + Double(Int((look.fingerHoleRadius * s).rounded(.up)) + 2) + 1
        let x0 = Swift.max(0, Int((centre - reach).rounded(.down))), x1 = Swift.min(px, Int((centre + reach).rounded(.up)))
        return (x0, x0, x1 - x0, x1 - x0)
    }

    /// The light one hole lets through the shadow, blurred at full strength, cut to the square
    /// that reaches the hole (`reach` pixels each way from its centre): kept apart from the
    /// turning images (`lightCache`), so a new colour (the dial highlighted under a finger)
    /// blurs only the disc.
    private static func holeLight(_ recipe: TurningRecipe) -> (light: ImageSurface, reach: Int)? {
        let look = recipe.look
        let s = look.scale
        let offset = recipe.offset
        let blur = recipe.blur
        // Twice the blur's room: the patch's own edges fade in from it, and stay clear of the hole.
        guard let hole = try? DialPainter.holeCutShape(look, margin: 2 * blur) else { return nil }
        ShadowMask.blur(hole, radius: recipe.shadowRadius * s)
        hole.withPixelBytes { bytes, stride in
            let p = bytes.assumingMemoryBound(to: UInt8.self)
            for y in 0..<hole.height { for x in 0..<hole.width { p[y * stride + x] = 255 &- p[y * stride + x] } }
        }
        // Only what falls inside the hole is ever seen: its radius plus the offset.
        let half = hole.width / 2
        let reach = Swift.min(half, Int((look.fingerHoleRadius * s + (offset.x * offset.x + offset.y * offset.y).squareRoot()).rounded(.up)) + 2)
        guard let cut = try? ImageSurface(width: 2 * reach, height: 2 * reach, format: .a8) else { return nil }
        let cc = DrawingContext(surface: cut)
        cc.setBlendMode(.source)
        cc.setSource(hole, at: Point(x: Double(reach - half), y: Double(reach - half)), smooth: false)
        cc.paint()
        return (cut, reach)
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
        guard let crop = Self.generatedStop(look) else { return nil }
        stopCache = (look.scale, crop)
        return crop
    }

    /// The generated finger stop cut to its ink (any thread).
    private static func generatedStop(_ look: DialPainter.Look) -> (image: ImageSurface, x: Int, y: Int)? {
        guard let made = try? DialPainter.fingerStop(look) else { return nil }
        return InkCrop.crop(made)
    }

    /// The generated finger stop's shadow, blurred and cut to its ink (any thread).
    private static func generatedStopShadow(_ look: DialPainter.Look, shadowRadius: Double) -> (image: ImageSurface, x: Int, y: Int)? {
        let margin = Int(ShadowMask.margin(forRadius: shadowRadius * look.scale))
        guard let mask = try? DialPainter.stopShape(look, margin: margin) else { return nil }
        ShadowMask.blur(mask, radius: shadowRadius * look.scale)
        guard let crop = InkCrop.crop(mask) else { return nil }
        return (image: crop.image, x: crop.x - margin, y: crop.y - margin)
    }

    private static func stopShadowKey(_ look: DialPainter.Look, shadowRadius: Double, custom: Bool) -> String {
        "\(look.pixelSide)-\(look.scale)-\(look.radius)-\(shadowRadius)-\(!custom)"
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
        let key = Self.stopShadowKey(look, shadowRadius: appearance.shadowRadius, custom: custom != nil)
        if let stopShadow, stopShadow.key == key { return stopShadow.crop }
        let placed: (image: ImageSurface, x: Int, y: Int)
        if let custom {
            let margin = Int(ShadowMask.margin(forRadius: appearance.shadowRadius * look.scale))
            guard let mask = alphaMask(of: custom, margin: margin) else { return nil }
            ShadowMask.blur(mask, radius: appearance.shadowRadius * look.scale)
            guard let crop = InkCrop.crop(mask) else { blurCount += 1; return nil }
            placed = (image: crop.image, x: crop.x - margin, y: crop.y - margin)
        } else {
            guard let made = Self.generatedStopShadow(look, shadowRadius: appearance.shadowRadius) else { return nil }
            placed = made
        }
        blurCount += 1
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
