/// Where an image has ink, and a copy of it: what cropping a cached layer and blurring a mask
/// both start from.
extension ImageSurface {
    /// The box (inclusive) of the pixels with alpha > 0, nil when there are none. Rows in from
    /// the top and the bottom, then in each row between them only the pixels left of the
    /// leftmost and right of the rightmost ink found so far: an image with a solid middle is
    /// not read pixel by pixel there.
    package func inkBox() -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        let w = width, h = height
        return withPixelBytes { base, stride in
            // ARGB32 pixels are native-endian words with alpha in the top byte.
            format == .argb32 ? Self.inkBox(base, stride: stride, width: w, height: h, alpha: UInt32(0xff00_0000))
                              : Self.inkBox(base, stride: stride, width: w, height: h, alpha: UInt8(0xff))
        }
    }

    private static func inkBox<P: FixedWidthInteger>(_ base: UnsafeMutableRawPointer, stride: Int, width w: Int, height h: Int,
                                                     alpha: P) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
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

    /// A new image with this one's size, format and pixels.
    package func copied() -> ImageSurface? {
        guard let out = try? ImageSurface(width: width, height: height, format: format) else { return nil }
        let rows = height
        withPixelBytes { src, stride in
            out.withPixelBytes { dst, outStride in
                precondition(stride == outStride)
                dst.copyMemory(from: src, byteCount: stride * rows)
            }
        }
        return out
    }
}
