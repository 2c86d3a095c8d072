import Graphics

/// The panel's backdrop: a vertical gradient, so every pixel of a row has the row's colour.
/// It is kept as one column of cairo's own gradient pixels (the screen's height: 3 KB at
/// 1280×800, where a 256-pixel-wide strip repeated by pixman was 0.8 MB) and written into a
/// damaged rectangle row by row, each row one fill of its colour: the same pixels as a
/// paint of the gradient, and fewer instructions than pixman's tiled copy of a strip.
package final class Background {
    /// Premultiplied ARGB (opaque), one per screen row, as cairo stores them.
    package let rows: [UInt32]

    package init(width: Int, height: Int, colors: [Color]) throws(GraphicsError) {
        let height = Swift.max(1, height)
        let column = try ImageSurface(width: 1, height: height)
        let ctx = DrawingContext(surface: column)
        let top = colors.first ?? Color(white: 0.1)
        let bottom = colors.count > 1 ? colors[1] : top
        ctx.setLinearGradient(from: Point(x: 0, y: 0), to: Point(x: 0, y: Double(height)),
                              stops: [(0, top.withAlpha(1)), (1, bottom.withAlpha(1))])
        ctx.paint()
        rows = column.withPixelBytes { base, stride in
            (0..<height).map { base.load(fromByteOffset: $0 * stride, as: UInt32.self) }
        }
    }

    /// Replaces `rect` of `surface` (screen pixels, clamped to the surface) with the
    /// backdrop: what a SOURCE paint of the gradient through a clip to `rect` did. The
    /// surface's pixel (0, 0) is the screen's `origin` (a tile painted for part of it).
    package func paint(_ rect: PixelRect, into surface: ImageSurface, origin: (x: Int, y: Int) = (0, 0)) {
        let r = rect.intersection(PixelRect(x: origin.x, y: origin.y, width: surface.width, height: surface.height))
        // A surface in an error state has no pixels (cairo gives no data): nothing to write,
        // as a paint on it was a no-op; the compositor's recovery replaces it.
        guard !r.isEmpty, surface.format == .argb32, surface.error == nil else { return }
        surface.withPixelBytes { base, stride in
            for y in r.y..<r.maxY {
                let row = (base + (y - origin.y) * stride).assumingMemoryBound(to: UInt32.self) + (r.x - origin.x)
                row.update(repeating: rows[Swift.min(Swift.max(y, 0), rows.count - 1)], count: r.width)
            }
        }
    }
}
