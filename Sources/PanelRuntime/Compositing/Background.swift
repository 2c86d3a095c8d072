import Graphics

/// The panel's backdrop: a vertical gradient, so every column is the same. It is cached as a
/// narrow strip (`stripWidth` pixels wide, the screen's height) and painted with repeat:
/// at 1280×800 that is 200 KB instead of a 4 MB screen-sized copy, the same pixels.
enum Background {
    /// Wide enough that pixman's tiled-repeat path copies long spans (a few tiles a row).
    static let stripWidth = 256

    static func render(width: Int, height: Int, colors: [Color]) throws(GraphicsError) -> ImageSurface {
        let surface = try ImageSurface(width: Swift.min(width, stripWidth), height: height)
        let ctx = DrawingContext(surface: surface)
        let top = colors.first ?? Color(white: 0.1)
        let bottom = colors.count > 1 ? colors[1] : top
        ctx.setLinearGradient(from: Point(x: 0, y: 0), to: Point(x: 0, y: Double(height)),
                              stops: [(0, top.withAlpha(1)), (1, bottom.withAlpha(1))])
        ctx.paint()
        return surface
    }

    /// Makes the strip the source of `ctx`, repeated across the screen.
    static func setSource(_ strip: ImageSurface, in ctx: DrawingContext) {
        ctx.setSource(strip, at: .zero, smooth: false, repeating: true)
    }
}
