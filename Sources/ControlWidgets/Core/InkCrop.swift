import Graphics

/// Cuts a cached image down to the box of its visible pixels. Layers drawn on a widget-sized
/// canvas (a dial's finger stop, its shadow) are mostly transparent, and every frame that
/// composites them pays for every pixel, transparent or not.
enum InkCrop {
    /// The visible part of `image` (alpha > 0) as a new image of the same format, and where
    /// its top left corner was in `image`; the image itself when nothing is transparent round
    /// it, nil when it is empty.
    static func crop(_ image: ImageSurface) -> (image: ImageSurface, x: Int, y: Int)? {
        let w = image.width, h = image.height
        guard let box = image.inkBox() else { return nil }
        let (x0, y0, x1, y1) = box
        if x0 == 0 && y0 == 0 && x1 == w - 1 && y1 == h - 1 { return (image, 0, 0) }
        guard let out = try? ImageSurface(width: x1 - x0 + 1, height: y1 - y0 + 1, format: image.format) else { return (image, 0, 0) }
        let ctx = DrawingContext(surface: out)
        ctx.setBlendMode(.source)
        ctx.setSource(image, at: Point(x: Double(-x0), y: Double(-y0)), smooth: false)
        ctx.paint()
        return (out, x0, y0)
    }
}
