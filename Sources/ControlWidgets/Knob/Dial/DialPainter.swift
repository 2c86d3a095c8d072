import Graphics

/// Draws the generated rotary dial's layers (the reference's createDialNumbers,
/// rotaryDialPath and createDialStop, with a finish of our own) into cached surfaces, each
/// `pixelSide` square with the dial's centre in the middle. Everything that rotates is
/// rotationally neutral (rings, hole walls); the light that must stay put (the sheen, the
/// shadows) is composited at frame time through the rotating disc's alpha.
public enum DialPainter {
    /// What decides the generated dial's pixels; equal looks draw equal images.
    public struct Look: Sendable, Hashable {
        public var side: Double              // the square control, design pixels
        public var radius: Double            // R
        public var fingerHoleRadius: Double  // f
        public var fingerHoleMargin: Double  // m
        public var fill: Color
        public var titleColor: Color
        public var fontName: String
        public var scale: Double

        public init(side: Double, geometry g: RotaryDialGeometry, fill: Color, titleColor: Color, fontName: String, scale: Double) {
            self.side = side; radius = g.radius; fingerHoleRadius = g.fingerHoleRadius; fingerHoleMargin = g.fingerHoleMargin
            self.fill = fill; self.titleColor = titleColor; self.fontName = fontName; self.scale = scale
        }

        public var geometry: RotaryDialGeometry {
            RotaryDialGeometry(radius: radius, fingerHoleRadius: fingerHoleRadius, fingerHoleMargin: fingerHoleMargin)
        }
        public var pixelSide: Int { Swift.max(1, Int((side * scale).rounded(.up))) }
    }

    private static func canvas(_ look: Look, format: ImageSurface.Format = .argb32) throws(GraphicsError) -> (ImageSurface, DrawingContext, Point) {
        let surface = try ImageSurface(width: look.pixelSide, height: look.pixelSide, format: format)
        let ctx = DrawingContext(surface: surface)
        ctx.scale(look.scale, look.scale)
        return (surface, ctx, Point(x: look.side / 2, y: look.side / 2))
    }

    private static func point(_ p: KnobPoint, _ c: Point) -> Point { Point(x: c.x + p.x, y: c.y + p.y) }

    /// The stationary number plate: a light ring under the holes with the digits 1…9, 0
    /// centred where each hole rests, so they show through (createDialNumbers).
    public static func numberPlate(_ look: Look) throws(GraphicsError) -> ImageSurface {
        let (surface, ctx, _) = try canvas(look)
        drawNumberPlate(look, in: ctx)
        return surface
    }

    /// The number plate drawn into `ctx` in design units, the dial's square at the origin.
    public static func drawNumberPlate(_ look: Look, in ctx: DrawingContext) {
        drawPlateRing(look, in: ctx)
        drawPlateDigits(look, in: ctx)
    }

    /// The plate's ring without its digits (no text: any thread may draw it).
    static func drawPlateRing(_ look: Look, in ctx: DrawingContext) {
        let c = Point(x: look.side / 2, y: look.side / 2)
        let g = look.geometry
        let outer = Swift.min(g.radius, g.holeCircleRadius + g.fingerHoleRadius * 1.25)
        let inner = Swift.max(0, g.holeCircleRadius - g.fingerHoleRadius * 1.25)
        let paper = Color(white: 0.95).mixed(with: look.fill, 0.06)
        ctx.newPath()
        ctx.addCircle(center: c, radius: outer)
        ctx.setRadialGradient(center0: c, radius0: inner, center1: c, radius1: outer,
                              stops: [(0, paper.mixed(with: .black, 0.06)), (0.5, paper), (1, paper.mixed(with: .black, 0.08))])
        ctx.fill()
    }

    /// The plate's digits, each inside the disc's hole that rests over it (text: the loop's
    /// thread only, the text caches are its own).
    static func drawPlateDigits(_ look: Look, in ctx: DrawingContext) {
        let c = Point(x: look.side / 2, y: look.side / 2)
        let g = look.geometry
        // Digits: about the hole's radius tall, bold, in the title colour (crisp at any scale:
        // Pango lays them out at the screen scale, not resampled).
        ctx.setColor(look.titleColor)
        for j in 0..<10 {
            let text = TextLayout(text: String(RotaryDial.digit(ofHole: j)), family: look.fontName,
                                  pixelSize: g.fingerHoleRadius * 1.05, bold: true, context: ctx)
            text.draw(centeredAt: point(g.holeCenter(j), c))
        }
    }

    /// The rotating disc with its ten holes (rotaryDialPath), at rotation 0. Without
    /// `holes`, the same disc uncut: what a turning dial looks like away from its holes,
    /// since everything else on it is round about its centre.
    public static func disc(_ look: Look) throws(GraphicsError) -> ImageSurface { try disc(look, holes: true) }

    public static func disc(_ look: Look, holes: Bool) throws(GraphicsError) -> ImageSurface {
        let (surface, ctx, _) = try canvas(look)
        drawDisc(look, holes: holes, in: ctx)
        return surface
    }

    /// The disc drawn into `ctx` in design units, the dial's square at the origin. With
    /// `holes` it cuts them out of everything under it too: draw it alone.
    public static func drawDisc(_ look: Look, holes: Bool, in ctx: DrawingContext) {
        let c = Point(x: look.side / 2, y: look.side / 2)
        drawBody(look, ctx, c)
        if holes { cutHoles(look, ctx, c) }
    }

    private static func drawBody(_ look: Look, _ ctx: DrawingContext, _ c: Point) {
        let g = look.geometry
        let R = g.radius, f = g.fingerHoleRadius
        // Body: the fill, a touch darker towards the rim (a shallow dish), then a dark edge.
        ctx.newPath()
        ctx.addCircle(center: c, radius: R)
        ctx.setRadialGradient(center0: c, radius0: 0, center1: c, radius1: R,
                              stops: [(0, look.fill.mixed(with: .white, 0.06)), (0.7, look.fill), (1, look.fill.mixed(with: .black, 0.18))])
        ctx.fill()
        // The centre card: a slightly raised disc inside the holes.
        let card = Swift.max(0, g.holeCircleRadius - f - Swift.max(2, g.fingerHoleMargin * 0.6))
        if card > 4 {
            ctx.newPath()
            ctx.addCircle(center: c, radius: card)
            ctx.setRadialGradient(center0: c, radius0: 0, center1: c, radius1: card,
                                  stops: [(0, look.fill.mixed(with: .white, 0.10)), (1, look.fill.mixed(with: .white, 0.04))])
            ctx.fill()
            ctx.newPath()
            ctx.addCircle(center: c, radius: card)
            ctx.setLineWidth(Swift.max(1 / look.scale, R * 0.008))
            ctx.setColor(look.fill.mixed(with: .black, 0.35))
            ctx.stroke()
        }
        ctx.newPath()
        ctx.addCircle(center: c, radius: R - Swift.max(0.5, R * 0.006))
        ctx.setLineWidth(Swift.max(1 / look.scale, R * 0.012))
        ctx.setColor(look.fill.mixed(with: .black, 0.45))
        ctx.stroke()
    }

    /// Hole walls: a dark ring just inside each hole and a light lip outside it, both round,
    /// so they read the same at any angle; then the holes are cut out.
    private static func cutHoles(_ look: Look, _ ctx: DrawingContext, _ c: Point) {
        let g = look.geometry
        let f = g.fingerHoleRadius
        let wall = holeWall(look)
        let walls = holeWalls(look)
        for j in 0..<10 {
            let h = point(g.holeCenter(j), c)
            ctx.newPath()
            ctx.addCircle(center: h, radius: f + wall * 0.55)
            ctx.setLineWidth(wall * 0.7)
            ctx.setColor(walls.lipColor)
            ctx.stroke()
            ctx.newPath()
            ctx.addCircle(center: h, radius: f + wall * 0.1)
            ctx.setLineWidth(wall)
            ctx.setColor(walls.darkColor)
            ctx.stroke()
        }
        ctx.withSavedState {
            ctx.setBlendMode(.clear)
            for j in 0..<10 {
                ctx.newPath()
                ctx.addCircle(center: point(g.holeCenter(j), c), radius: f)
                ctx.fill()
            }
        }
    }

    /// The width of a hole's wall (design pixels); wall and lip reach 0.9 of it past the hole.
    public static func holeWall(_ look: Look) -> Double { Swift.max(1.2 / look.scale, look.fingerHoleRadius * 0.13) }

    /// A hole's wall as two discs round its centre, what `cutHoles` strokes before it cuts the
    /// hole (radius f) out of both: the light lip out to `lip`, the dark wall over it out to
    /// `dark` (design pixels). A turning frame fills them at the hole's turned centre.
    public struct HoleWalls: Sendable {
        public var lip: Double, dark: Double
        public var lipColor: Color, darkColor: Color
    }

    public static func holeWalls(_ look: Look) -> HoleWalls {
        let f = look.fingerHoleRadius, wall = holeWall(look)
        // The lip's stroke, radius f + 0.55 w and 0.7 w wide, ends at f + 0.9 w; the dark one,
        // radius f + 0.1 w and w wide, at f + 0.6 w.
        return HoleWalls(lip: f + wall * 0.9, dark: f + wall * 0.6,
                         lipColor: look.fill.mixed(with: .white, 0.22), darkColor: look.fill.mixed(with: .black, 0.5))
    }

    /// A patch of the disc's alpha round one hole: opaque, the hole (centred) cut out, with
    /// `margin` pixels of room on each side of the hole's box. Blurred and inverted, it is the
    /// light a hole lets through the dial's shadow: the shadow of the disc with holes is the
    /// uncut disc's less each hole's (a blur is linear), and blurring the cut patch rounds
    /// as the blur of the dial's real shape does.
    public static func holeCutShape(_ look: Look, margin: Int) throws(GraphicsError) -> ImageSurface {
        let half = Int((look.fingerHoleRadius * look.scale).rounded(.up)) + margin
        let surface = try ImageSurface(width: 2 * half, height: 2 * half, format: .a8)
        let ctx = DrawingContext(surface: surface)
        ctx.setColor(.black)
        ctx.paint()
        ctx.setBlendMode(.clear)
        ctx.newPath()
        ctx.addCircle(center: Point(x: Double(half), y: Double(half)), radius: look.fingerHoleRadius * look.scale)
        ctx.fill()
        return surface
    }

    /// The alpha of the uncut disc, with `margin` pixels of room: the shadow a turning dial
    /// casts away from its holes.
    public static func circleShape(_ look: Look, margin: Int) throws(GraphicsError) -> ImageSurface {
        let (surface, ctx) = try maskCanvas(look, margin: margin)
        ctx.newPath()
        ctx.addCircle(center: Point(x: look.side / 2, y: look.side / 2), radius: look.radius)
        ctx.setColor(.black)
        ctx.fill()
        return surface
    }

    /// The alpha of the dial's real shape, the disc with its holes (the reference's shadow
    /// path for the dial), unblurred, with `margin` pixels of room on each side for the blur.
    public static func discShape(_ look: Look, margin: Int) throws(GraphicsError) -> ImageSurface {
        let (surface, ctx) = try maskCanvas(look, margin: margin)
        let c = Point(x: look.side / 2, y: look.side / 2)
        let g = look.geometry
        ctx.newPath()
        ctx.addCircle(center: c, radius: g.radius)
        ctx.setColor(.black)
        ctx.fill()
        ctx.setBlendMode(.clear)
        for j in 0..<10 {
            ctx.newPath()
            ctx.addCircle(center: point(g.holeCenter(j), c), radius: g.fingerHoleRadius)
            ctx.fill()
        }
        return surface
    }

    /// The light that stays put while the disc turns: brighter at the top, darker at the
    /// bottom, and a highlight on the upper rim. Composited through the disc's alpha.
    public static func sheen(_ look: Look) throws(GraphicsError) -> ImageSurface {
        let (surface, ctx, _) = try canvas(look)
        drawSheen(look, in: ctx)
        return surface
    }

    /// The sheen drawn into `ctx` in design units, the dial's square at the origin.
    public static func drawSheen(_ look: Look, in ctx: DrawingContext) {
        let c = Point(x: look.side / 2, y: look.side / 2)
        let R = look.radius
        let axis = sheenAxis(look)
        ctx.newPath()
        ctx.addCircle(center: c, radius: R)
        ctx.setLinearGradient(from: axis.from, to: axis.to, stops: sheenStops)
        ctx.fill()
        ctx.newPath()
        ctx.addArc(center: c, radius: R * 0.975, from: Double.pi * 1.12, to: Double.pi * 1.88)
        ctx.setLineWidth(Swift.max(1 / look.scale, R * 0.012))
        ctx.setRoundCaps()
        ctx.setColor(Color(white: 1, alpha: 0.14))
        ctx.stroke()
    }

    private static let sheenStops: [(Double, Color)] = [(0, Color(white: 1, alpha: 0.22)), (0.45, Color(white: 1, alpha: 0.03)),
                                                        (0.55, .clear), (1, Color(white: 0, alpha: 0.22))]

    /// The sheen's gradient runs from the top (a little left) to the bottom (a little right),
    /// design pixels of the dial's square.
    private static func sheenAxis(_ look: Look) -> (from: Point, to: Point) {
        let R = look.radius, c = Point(x: look.side / 2, y: look.side / 2)
        return (Point(x: c.x - R * 0.3, y: c.y - R), Point(x: c.x + R * 0.3, y: c.y + R))
    }

    /// The sheen's gradient at `p` (design pixels of the dial's square), as pixman computes a
    /// linear gradient: components and alpha interpolated between the stops, clamped at the
    /// ends. Without the rim's highlight (an arc near the rim, which holes do not reach).
    public static func sheenColor(_ look: Look, at p: Point) -> Color {
        let axis = sheenAxis(look)
        let dx = axis.to.x - axis.from.x, dy = axis.to.y - axis.from.y
        let t = Swift.min(1, Swift.max(0, ((p.x - axis.from.x) * dx + (p.y - axis.from.y) * dy) / (dx * dx + dy * dy)))
        var previous = sheenStops[0]
        for stop in sheenStops.dropFirst() {
            if t <= stop.0 { return previous.1.mixed(with: stop.1, (t - previous.0) / (stop.0 - previous.0)) }
            previous = stop
        }
        return previous.1
    }

    /// The finger stop's outline (createDialStop's triangle, tip towards the centre), with the
    /// base widened a little so it reads at small sizes: design pixels around `c`.
    private static func addStopPath(_ g: RotaryDialGeometry, center c: Point, to ctx: DrawingContext) {
        let t = g.stopTriangle
        let tip = point(t[0], c)
        // Widen the base to 0.11 R (the reference's 0.05 R is a sliver on a small screen).
        let mid = Point(x: (t[1].x + t[2].x) / 2 + c.x, y: (t[1].y + t[2].y) / 2 + c.y)
        let widen = 0.11 / RotaryDialGeometry.stopWidthFraction
        let b1 = Point(x: mid.x + (t[1].x + c.x - mid.x) * widen, y: mid.y + (t[1].y + c.y - mid.y) * widen)
        let b2 = Point(x: mid.x + (t[2].x + c.x - mid.x) * widen, y: mid.y + (t[2].y + c.y - mid.y) * widen)
        ctx.newPath()
        ctx.move(to: tip)
        ctx.line(to: b1)
        ctx.line(to: b2)
        ctx.closePath()
    }

    /// The finger stop: a brushed-steel wedge with a rivet at its wide end, lit from above.
    public static func fingerStop(_ look: Look) throws(GraphicsError) -> ImageSurface {
        let (surface, ctx, c) = try canvas(look)
        let g = look.geometry
        let t = g.stopTriangle
        addStopPath(g, center: c, to: ctx)
        // Across the wedge: light on the upper edge, dark on the lower (light from above).
        let across = (x: t[2].x - t[1].x, y: t[2].y - t[1].y)
        let mid = Point(x: (t[1].x + t[2].x) / 2 + c.x, y: (t[1].y + t[2].y) / 2 + c.y)
        let half = 0.8
        ctx.setLinearGradient(from: Point(x: mid.x - across.x * half, y: mid.y - across.y * half),
                              to: Point(x: mid.x + across.x * half, y: mid.y + across.y * half),
                              stops: [(0, Color(white: 0.42)), (0.35, Color(white: 0.78)), (0.55, Color(white: 0.95)),
                                      (0.7, Color(white: 0.72)), (1, Color(white: 0.55))])
        ctx.fillPreserve()
        ctx.setLineWidth(Swift.max(1 / look.scale, g.radius * 0.006))
        ctx.setColor(Color(white: 0.22, alpha: 0.9))
        ctx.stroke()
        // A rivet near the rim.
        let tip = point(t[0], c)
        let rivet = Point(x: tip.x + (mid.x - tip.x) * 0.84, y: tip.y + (mid.y - tip.y) * 0.84)
        let rr = g.radius * 0.018
        ctx.newPath()
        ctx.addCircle(center: rivet, radius: rr)
        ctx.setRadialGradient(center0: Point(x: rivet.x - rr * 0.3, y: rivet.y - rr * 0.4), radius0: 0, center1: rivet, radius1: rr,
                              stops: [(0, Color(white: 1)), (0.6, Color(white: 0.7)), (1, Color(white: 0.35))])
        ctx.fill()
        return surface
    }

    /// An A8 surface for a shadow mask: the dial's square plus `margin` pixels of room on each
    /// side for the blur, drawn in design units.
    private static func maskCanvas(_ look: Look, margin: Int) throws(GraphicsError) -> (ImageSurface, DrawingContext) {
        let px = look.pixelSide + 2 * margin
        let surface = try ImageSurface(width: px, height: px, format: .a8)
        let ctx = DrawingContext(surface: surface)
        ctx.translate(Double(margin), Double(margin))
        ctx.scale(look.scale, look.scale)
        return (surface, ctx)
    }

    /// The finger stop's alpha, unblurred, with `margin` pixels of room for the blur.
    public static func stopShape(_ look: Look, margin: Int) throws(GraphicsError) -> ImageSurface {
        let (surface, ctx) = try maskCanvas(look, margin: margin)
        addStopPath(look.geometry, center: Point(x: look.side / 2, y: look.side / 2), to: ctx)
        ctx.setColor(.black)
        ctx.fill()
        return surface
    }
}
