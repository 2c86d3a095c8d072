import Graphics

/// The flat style's bead (its halo of disc, then the bead) as small images at quarter-pixel
/// phases: a turning knob copies one into each rectangle it repaints instead of scan-converting
/// two circles there. The bead lands within an eighth of a pixel of where the fills put it.
final class BeadImages {
    /// What decides the images' pixels: screen pixels and the two colours.
    struct Look: Equatable {
        var radius: Double
        var halo: Double
        var haloColor: Color
        var beadColor: Color
    }

    /// Phases per pixel on each axis.
    static let phases = 4
    private var look: Look?
    private var images: [ImageSurface?] = []

    /// Draws the bead of `look` centred on `centre` (screen pixels); false when no image could be made.
    func draw(_ look: Look, centre: Point, in ctx: DrawingContext) -> Bool {
        if self.look != look {
            self.look = look
            images = Array(repeating: nil, count: Self.phases * Self.phases)
        }
        let n = Double(Self.phases)
        let qx = (centre.x * n).rounded(), qy = (centre.y * n).rounded()
        let ix = (qx / n).rounded(.down), iy = (qy / n).rounded(.down)
        let px = Int(qx - ix * n), py = Int(qy - iy * n)
        let margin = Double(Int((look.radius + look.halo).rounded(.up)) + 1)
        guard let image = image(px, py, margin: margin) else { return false }
        ctx.setSource(image, at: Point(x: ix - margin, y: iy - margin), smooth: false)
        ctx.paint()
        return true
    }

    private func image(_ px: Int, _ py: Int, margin: Double) -> ImageSurface? {
        let index = py * Self.phases + px
        if let made = images[index] { return made }
        guard let look else { return nil }
        let side = Int(2 * margin) + 1
        guard let surface = try? ImageSurface(width: side, height: side) else { return nil }
        let ctx = DrawingContext(surface: surface)
        let n = Double(Self.phases)
        let c = Point(x: margin + Double(px) / n, y: margin + Double(py) / n)
        ctx.newPath()
        ctx.addCircle(center: c, radius: look.radius + look.halo)
        ctx.setColor(look.haloColor)
        ctx.fill()
        ctx.newPath()
        ctx.addCircle(center: c, radius: look.radius)
        ctx.setColor(look.beadColor)
        ctx.fill()
        images[index] = surface
        return surface
    }
}
