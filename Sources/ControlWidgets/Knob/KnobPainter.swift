import Graphics
#if canImport(Glibc)
import Glibc
#endif

/// Draws the generated knob images of the reference (IOSKnobControl's createKnobWithPip and
/// createKnobWithMarkings) into cached surfaces. The image is drawn once per look; turning
/// the knob is a rotation of this image at composite time, never a redraw.
public enum KnobPainter {
    /// Fraction of the title's size added as margin on each side (IKC_TITLE_MARGIN_RATIO).
    static let titleMarginRatio = 0.2

    public static func image(for art: KnobArtwork) throws(GraphicsError) -> ImageSurface {
        let px = art.pixelSide
        let surface = try ImageSurface(width: px, height: px)
        draw(art, in: DrawingContext(surface: surface), center: Point(x: Double(px) / 2, y: Double(px) / 2), rotation: 0)
        return surface
    }

    /// The artwork's disc alone as an A8 mask (its coverage), for a turning pip knob to fill
    /// in `art.fill` under its pip: a quarter of the bytes of the disc's ARGB image, the
    /// same pixels (one colour).
    public static func discMask(for art: KnobArtwork) throws(GraphicsError) -> ImageSurface {
        let px = art.pixelSide
        let surface = try ImageSurface(width: px, height: px, format: .a8)
        var plain = art
        plain.face = .plain
        plain.fill = .black
        draw(plain, in: DrawingContext(surface: surface), center: Point(x: Double(px) / 2, y: Double(px) / 2), rotation: 0)
        return surface
    }

    /// Draws the artwork centred on `c` (pixels of `ctx`), turned `rotation` radians clockwise
    /// on screen: the cached image (at 0) and a knob at rest (drawn at its resting angle,
    /// so it is as sharp as at 0 rather than a resampled copy) share this one drawing.
    public static func draw(_ art: KnobArtwork, in ctx: DrawingContext, center c: Point, rotation: Double) {
        ctx.withSavedState {
            artworkSpace(art, ctx, center: c, rotation: rotation)
            let m = Point(x: art.side / 2, y: art.side / 2)
            ctx.newPath()
            ctx.addCircle(center: m, radius: art.knobRadius)
            ctx.setColor(art.fill)
            ctx.fill()
            switch art.face {
            case .pip:
                addPip(art, ctx)
            case .plain:
                break
            case let .titles(titles, angles, pointSize, zoomedIndex, zoomedPointSize):
                ctx.setColor(art.titleColor)
                for (j, title) in titles.enumerated() where j < angles.count {
                    let size = j == zoomedIndex ? zoomedPointSize : pointSize
                    drawTitle(title, angle: angles[j], pointSize: size, art: art, center: m, ctx: ctx)
                }
            }
        }
    }

    /// Only the pip of a `.pip` artwork, centred on `c` and turned by `rotation`: over the
    /// plain disc (which looks the same at every angle) this is the whole turning knob, so a
    /// turning frame copies the disc and fills one small circle instead of resampling the image.
    public static func drawPip(_ art: KnobArtwork, in ctx: DrawingContext, center c: Point, rotation: Double) {
        ctx.withSavedState {
            artworkSpace(art, ctx, center: c, rotation: rotation)
            addPip(art, ctx)
        }
    }

    /// The pip's centre and radius in pixels, for an artwork centred on `c` and turned by
    /// `rotation` (what `addPip` fills).
    public static func pip(_ art: KnobArtwork, center c: Point, rotation: Double) -> (center: Point, radius: Double) {
        if art.linePointer {
            // The bead's centre on the ring, and its radius with the halo.
            let d = beadDistance(art) * art.scale
            return (Point(x: c.x + d * sin(rotation), y: c.y - d * cos(rotation)), (beadRadius(art) + beadHalo(art)) * art.scale)
        }
        let d = art.side * 0.42 * art.scale   // from the centre to the pip's centre: side/2 − 0.08 side
        return (Point(x: c.x + d * sin(rotation), y: c.y - d * cos(rotation)), art.side * 0.03 * art.scale)
    }

    /// Design units of the artwork, its centre on `c`, turned: the image's content is centred
    /// in its pixel square, so turning it about `c` never moves the disc.
    private static func artworkSpace(_ art: KnobArtwork, _ ctx: DrawingContext, center c: Point, rotation: Double) {
        ctx.translate(c.x, c.y)
        if rotation != 0 { ctx.rotate(rotation) }
        ctx.scale(art.scale, art.scale)
        ctx.translate(-art.side / 2, -art.side / 2)
    }

    /// The reference's pip: centre at 8 % of the height from the top, radius 3 % of the width.
    private static func addPip(_ art: KnobArtwork, _ ctx: DrawingContext) {
        if art.linePointer {
            // A bead threaded on the ring (whose centre line is at r − the bead's radius), in a
            // halo of the disc that parts the ring round it: it belongs to the rim, never to the
            // readout (a radial line at 9 o'clock read as a minus: "— 5.01 V").
            let centre = Point(x: art.side * 0.5, y: art.side * 0.5 - beadDistance(art))
            ctx.newPath()
            ctx.addCircle(center: centre, radius: beadRadius(art) + beadHalo(art))
            ctx.setColor(art.fill.withAlpha(1))
            ctx.fill()
            ctx.newPath()
            ctx.addCircle(center: centre, radius: beadRadius(art))
            ctx.setColor(art.titleColor)
            ctx.fill()
            return
        }
        ctx.newPath()
        ctx.addCircle(center: Point(x: art.side * 0.5, y: art.side * 0.08), radius: art.side * 0.03)
        ctx.setColor(art.titleColor)
        ctx.fill()
    }

    /// The flat pointer's bead: 5 % of the disc's radius (side = 2 r), four ring widths across,
    /// and the halo of disc round it, design units.
    public static func beadRadius(_ art: KnobArtwork) -> Double { art.side * 0.025 }
    public static func beadHalo(_ art: KnobArtwork) -> Double { art.side * 0.009 }
    /// From the centre to the bead's centre (and the ring's line): the halo's outer edge on
    /// the rim, 0.932 r, so nothing of the pointer leaves the disc.
    public static func beadDistance(_ art: KnobArtwork) -> Double { art.side / 2 - beadRadius(art) - beadHalo(art) }

    /// The satin finish: a static sheen (light from above) and a bevelled rim, composited
    /// over the rotating knob image so the light stays put while the knob turns. The
    /// gradient is transparent on the centre row, which keeps the reference's fill there.
    public static func satinOverlay(side: Double, knobRadius r: Double, scale: Double) throws(GraphicsError) -> ImageSurface {
        let px = Swift.max(1, Int((side * scale).rounded(.up)))
        // Only the disc: a square round it, a pixel of antialiasing each side, with the parity
        // of the knob's square so its centre falls where the square's does (bench console:
        // 162² of a 240² square, 105 KB instead of 230).
        var q = Swift.min(px, Int((2 * r * scale).rounded(.up)) + 2)
        if (px - q) % 2 != 0 { q += 1 }
        let surface = try ImageSurface(width: q, height: q)
        let ctx = DrawingContext(surface: surface)
        // Centred in the pixel square, like the knob image it lies over.
        let inset = (Double(px) - side * scale) / 2 - Double((px - q) / 2)
        ctx.translate(inset, inset)
        ctx.scale(scale, scale)
        let c = Point(x: side / 2, y: side / 2)
        ctx.withSavedState {
            ctx.newPath()
            ctx.addCircle(center: c, radius: r)
            ctx.clip()
            ctx.setLinearGradient(from: Point(x: 0, y: c.y - r), to: Point(x: 0, y: c.y + r),
                                  stops: [(0, Color(white: 1, alpha: 0.16)), (0.5, .clear), (1, Color(white: 0, alpha: 0.18))])
            ctx.paint()
        }
        let rim = Swift.max(1, r * 0.03)
        ctx.newPath()
        ctx.addCircle(center: c, radius: r - rim / 2)
        ctx.setLineWidth(rim)
        ctx.setColor(Color(white: 0, alpha: 0.30))
        ctx.stroke()
        // A thin highlight just inside the rim on the upper half: the bevel catching the light.
        ctx.newPath()
        ctx.addArc(center: c, radius: r - rim * 1.6, from: Double.pi * 1.08, to: Double.pi * 1.92)
        ctx.setLineWidth(rim * 0.8)
        ctx.setRoundCaps()
        ctx.setColor(Color(white: 1, alpha: 0.22))
        ctx.stroke()
        return surface
    }

    /// Places a title box tangent to the inside of the rim at `angle` (from the top,
    /// clockwise positive on screen, the reference's `actual`), rotated to match.
    private static func drawTitle(_ title: String, angle: Double, pointSize: Double, art: KnobArtwork,
                                  center c: Point, ctx: DrawingContext) {
        let text = TextLayout(text: title, family: art.fontName, pixelSize: pointSize, context: ctx)
        let s = text.size
        let boxHeight = s.height * (1 + 2 * titleMarginRatio)
        let radius = art.knobRadius - 0.5 * boxHeight
        let a = angle
        ctx.withSavedState {
            ctx.translate(c.x + radius * sin(a), c.y - radius * cos(a))
            ctx.rotate(a)
            text.draw(centeredAt: .zero)
        }
    }

    /// The reference's font fitting (fontSizeForTitles): the largest size from 23 pt down to
    /// 7 pt, but no larger than the headline size (17 pt), at which the widest title plus
    /// margins, times the number of positions, fits in 0.4 × side × the knob's angular travel.
    public static func fittedFontSize(titles: [String], positions: Int, travel: Double, side: Double,
                                      fontName: String, headlineSize: Double = 17) -> Double {
        guard let probe = try? ImageSurface(width: 1, height: 1) else { return 7 }
        let ctx = DrawingContext(surface: probe)
        var fontSize = 23.0
        while fontSize >= 7 {
            if fontSize <= headlineSize {
                var widest = 0.0
                for t in titles {
                    widest = Swift.max(widest, TextLayout(text: t, family: fontName, pixelSize: fontSize, context: ctx).size.width)
                }
                let circumference = widest * (1 + 2 * titleMarginRatio) * Double(positions)
                if circumference <= travel * side * 0.4 { break }
            }
            fontSize -= 1
        }
        // The reference's loop can fall through to 6 pt; its documented floor is 7 pt.
        return Swift.max(7, fontSize)
    }
}

