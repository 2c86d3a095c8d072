import Graphics

/// The flat knob's accent ring as an A8 mask of its stroke's coverage, filled in the accent
/// colour: the pixels of the stroke (same coverage, same sub-pixel centre), at the cost of a
/// masked copy of the part the clip shows.
enum FlatRingMask {
    /// A circle's centre line and line width, screen pixels.
    struct Ring: Hashable {
        var radius: Double
        var width: Double
    }

    /// The ring's path round `c`, its width set, ready to stroke.
    static func addRing(_ ring: Ring, to ctx: DrawingContext, center c: Point) {
        ctx.newPath()
        ctx.addCircle(center: c, radius: ring.radius)
        ctx.setLineWidth(ring.width)
    }

    /// The mask: a square with the parity of `side` (a knob's square of that many pixels has
    /// its centre where the mask's is, so the mask lies on whole pixels), the ring centred.
    static func image(_ ring: Ring, parityOf side: Int) throws(GraphicsError) -> ImageSurface {
        var n = Swift.max(1, Int((2 * (ring.radius + ring.width / 2)).rounded(.up)) + 4)
        if (n - side) % 2 != 0 { n += 1 }
        let mask = try ImageSurface(width: n, height: n, format: .a8)
        let ctx = DrawingContext(surface: mask)
        addRing(ring, to: ctx, center: Point(x: Double(n) / 2, y: Double(n) / 2))
        ctx.setColor(.black)
        ctx.stroke()
        return mask
    }
}
