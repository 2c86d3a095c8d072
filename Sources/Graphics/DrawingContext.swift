import CCairo

/// A Cairo drawing context on an `ImageSurface`. Keeps the surface alive while drawing.
public final class DrawingContext {
    let handle: OpaquePointer
    public let surface: ImageSurface

    public init(surface: ImageSurface) {
        self.surface = surface
        handle = cairo_create(surface.handle)!
    }

    deinit { cairo_destroy(handle) }

    // MARK: state and transforms
    public func save() { cairo_save(handle) }
    public func restore() { cairo_restore(handle) }
    public func translate(_ dx: Double, _ dy: Double) { cairo_translate(handle, dx, dy) }
    public func scale(_ sx: Double, _ sy: Double) { cairo_scale(handle, sx, sy) }
    /// Rotates by `angle` radians; with y pointing down, positive turns clockwise on screen.
    public func rotate(_ angle: Double) { cairo_rotate(handle, angle) }

    public func withSavedState<R>(_ body: () throws -> R) rethrows -> R {
        save(); defer { restore() }
        return try body()
    }

    // MARK: paths
    public func newPath() { cairo_new_path(handle) }
    public func closePath() { cairo_close_path(handle) }
    public func move(to p: Point) { cairo_move_to(handle, p.x, p.y) }
    public func line(to p: Point) { cairo_line_to(handle, p.x, p.y) }
    public func addRect(_ r: Rect) { cairo_rectangle(handle, r.x, r.y, r.width, r.height) }
    public func addCircle(center: Point, radius: Double) {
        cairo_new_sub_path(handle)
        cairo_arc(handle, center.x, center.y, radius, 0, 2 * Double.pi)
        cairo_close_path(handle)
    }
    public func addArc(center: Point, radius: Double, from a0: Double, to a1: Double) {
        cairo_arc(handle, center.x, center.y, radius, a0, a1)
    }
    public func addRoundedRect(_ r: Rect, radius: Double) {
        let rad = Swift.min(radius, r.width / 2, r.height / 2)
        cairo_new_sub_path(handle)
        cairo_arc(handle, r.maxX - rad, r.minY + rad, rad, -Double.pi / 2, 0)
        cairo_arc(handle, r.maxX - rad, r.maxY - rad, rad, 0, Double.pi / 2)
        cairo_arc(handle, r.minX + rad, r.maxY - rad, rad, Double.pi / 2, Double.pi)
        cairo_arc(handle, r.minX + rad, r.minY + rad, rad, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(handle)
    }

    // MARK: sources
    public func setColor(_ c: Color) { cairo_set_source_rgba(handle, c.red, c.green, c.blue, c.alpha) }

    public func setLinearGradient(from p0: Point, to p1: Point, stops: [(Double, Color)]) {
        let pat = cairo_pattern_create_linear(p0.x, p0.y, p1.x, p1.y)!
        for (o, c) in stops { cairo_pattern_add_color_stop_rgba(pat, o, c.red, c.green, c.blue, c.alpha) }
        cairo_set_source(handle, pat)
        cairo_pattern_destroy(pat)
    }

    public func setRadialGradient(center0: Point, radius0: Double, center1: Point, radius1: Double, stops: [(Double, Color)]) {
        let pat = cairo_pattern_create_radial(center0.x, center0.y, radius0, center1.x, center1.y, radius1)!
        for (o, c) in stops { cairo_pattern_add_color_stop_rgba(pat, o, c.red, c.green, c.blue, c.alpha) }
        cairo_set_source(handle, pat)
        cairo_pattern_destroy(pat)
    }

    /// Uses `image` as the source with its top-left at (x, y) in user space.
    /// `smooth` selects bilinear filtering (for rotated or scaled layers).
    public func setSource(_ image: ImageSurface, at p: Point, smooth: Bool = true) {
        cairo_set_source_surface(handle, image.handle, p.x, p.y)
        cairo_pattern_set_filter(cairo_get_source(handle), smooth ? CAIRO_FILTER_GOOD : CAIRO_FILTER_NEAREST)
    }

    // MARK: painting
    public func fill() { cairo_fill(handle) }
    public func fillPreserve() { cairo_fill_preserve(handle) }
    public func stroke() { cairo_stroke(handle) }
    public func strokePreserve() { cairo_stroke_preserve(handle) }
    public func clip() { cairo_clip(handle) }
    public func resetClip() { cairo_reset_clip(handle) }
    public func paint(alpha: Double = 1) {
        if alpha >= 1 { cairo_paint(handle) } else { cairo_paint_with_alpha(handle, alpha) }
    }
    /// Paints the current source through the alpha of `mask` placed at `p`.
    public func mask(_ mask: ImageSurface, at p: Point) { cairo_mask_surface(handle, mask.handle, p.x, p.y) }
    public func setLineWidth(_ w: Double) { cairo_set_line_width(handle, w) }
    public func setRoundCaps() { cairo_set_line_cap(handle, CAIRO_LINE_CAP_ROUND) }

    public enum BlendMode: Sendable { case over, source, clear, destinationIn }
    public func setBlendMode(_ m: BlendMode) {
        switch m {
        case .over: cairo_set_operator(handle, CAIRO_OPERATOR_OVER)
        case .source: cairo_set_operator(handle, CAIRO_OPERATOR_SOURCE)
        case .clear: cairo_set_operator(handle, CAIRO_OPERATOR_CLEAR)
        case .destinationIn: cairo_set_operator(handle, CAIRO_OPERATOR_DEST_IN)
        }
    }

    /// Clears everything to transparent.
    public func clear() {
        withSavedState {
            setBlendMode(.clear)
            cairo_paint(handle)
        }
    }
}
