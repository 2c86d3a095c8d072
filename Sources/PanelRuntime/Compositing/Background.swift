import Graphics

/// The panel's backdrop: a vertical gradient over the whole screen, drawn once into a cached
/// surface; the compositor copies damaged parts of it under the widgets.
enum Background {
    static func render(width: Int, height: Int, colors: [Color]) throws(GraphicsError) -> ImageSurface {
        let surface = try ImageSurface(width: width, height: height)
        let ctx = DrawingContext(surface: surface)
        let top = colors.first ?? Color(white: 0.1)
        let bottom = colors.count > 1 ? colors[1] : top
        ctx.setLinearGradient(from: Point(x: 0, y: 0), to: Point(x: 0, y: Double(height)),
                              stops: [(0, top.withAlpha(1)), (1, bottom.withAlpha(1))])
        ctx.paint()
        return surface
    }
}
