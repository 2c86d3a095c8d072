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
        let alphaOffset = image.format == .argb32 ? 3 : 0   // ARGB32 is little-endian BGRA in memory
        let step = image.format == .argb32 ? 4 : 1
        var x0 = w, y0 = h, x1 = -1, y1 = -1
        image.withPixelBytes { base, stride in
            let px = base.assumingMemoryBound(to: UInt8.self)
            func ink(_ x: Int, _ y: Int) -> Bool { px[y * stride + x * step + alphaOffset] != 0 }
            func rowHasInk(_ y: Int) -> Bool { (0..<w).contains { ink($0, y) } }
            // Rows in from the top and the bottom, then in each row between them only the
            // pixels left of the leftmost and right of the rightmost ink found so far: an
            // image with a solid middle is not read pixel by pixel there.
            guard let top = (0..<h).first(where: rowHasInk) else { return }
            y0 = top
            y1 = (top..<h).last(where: rowHasInk)!
            for y in y0...y1 {
                if let x = (0..<x0).first(where: { ink($0, y) }) { x0 = x }
                if let x = ((x1 + 1)..<w).last(where: { ink($0, y) }) { x1 = x }
            }
        }
        guard x1 >= x0, y1 >= y0 else { return nil }
        if x0 == 0 && y0 == 0 && x1 == w - 1 && y1 == h - 1 { return (image, 0, 0) }
        guard let out = try? ImageSurface(width: x1 - x0 + 1, height: y1 - y0 + 1, format: image.format) else { return (image, 0, 0) }
        let ctx = DrawingContext(surface: out)
        ctx.setBlendMode(.source)
        ctx.setSource(image, at: Point(x: Double(-x0), y: Double(-y0)), smooth: false)
        ctx.paint()
        return (out, x0, y0)
    }
}
