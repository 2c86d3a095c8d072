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
        let box = image.withPixelBytes { base, stride in
            // ARGB32 pixels are native-endian words with alpha in the top byte.
            image.format == .argb32 ? inkBox(base, stride: stride, width: w, height: h, alpha: UInt32(0xff00_0000))
                                    : inkBox(base, stride: stride, width: w, height: h, alpha: UInt8(0xff))
        }
        guard let box else { return nil }
        let (x0, y0, x1, y1) = box
        if x0 == 0 && y0 == 0 && x1 == w - 1 && y1 == h - 1 { return (image, 0, 0) }
        guard let out = try? ImageSurface(width: x1 - x0 + 1, height: y1 - y0 + 1, format: image.format) else { return (image, 0, 0) }
        let ctx = DrawingContext(surface: out)
        ctx.setBlendMode(.source)
        ctx.setSource(image, at: Point(x: Double(-x0), y: Double(-y0)), smooth: false)
        ctx.paint()
        return (out, x0, y0)
    }

    /// The box (inclusive) of the pixels whose `alpha` bits are not all zero, nil when none is.
    /// Rows in from the top and the bottom, then in each row between them only the pixels left
    /// of the leftmost and right of the rightmost ink found so far: an image with a solid
    /// middle is not read pixel by pixel there.
    private static func inkBox<P: FixedWidthInteger>(_ base: UnsafeMutableRawPointer, stride: Int, width w: Int, height h: Int,
                                                     alpha: P) -> (Int, Int, Int, Int)? {
        func row(_ y: Int) -> UnsafeMutablePointer<P> { (base + y * stride).assumingMemoryBound(to: P.self) }
        func hasInk(_ y: Int) -> Bool {
            let p = row(y)
            for x in 0..<w where p[x] & alpha != 0 { return true }
            return false
        }
        var top = 0
        while top < h && !hasInk(top) { top += 1 }
        guard top < h else { return nil }
        var bottom = h - 1
        while !hasInk(bottom) { bottom -= 1 }
        var x0 = w, x1 = -1
        for y in top...bottom {
            let p = row(y)
            var x = 0
            while x < x0 && p[x] & alpha == 0 { x += 1 }
            if x < x0 { x0 = x }
            var r = w - 1
            while r > x1 && p[r] & alpha == 0 { r -= 1 }
            if r > x1 { x1 = r }
        }
        return (x0, top, x1, bottom)
    }
}
