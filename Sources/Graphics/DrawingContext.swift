import CCairo
#if canImport(Glibc)
import Glibc
#endif

/// A Cairo drawing context on an `ImageSurface`. Keeps the surface alive while drawing.
public final class DrawingContext {
    let handle: OpaquePointer
    public let surface: ImageSurface
    /// Paints on this context that resampled their image (what `RenderCounters` counts for
    /// the whole process): tests of one widget read this, untouched by tests running alongside.
    public private(set) var resamples = 0
    /// Whether the clip has pixels it covers only in part (a clip path that is not whole
    /// device-pixel rectangles), and that flag for each `save`.
    private var partialClip = false
    private var savedPartialClips: [Bool] = []

    public init(surface: ImageSurface) {
        self.surface = surface
        handle = cairo_create(surface.handle)!
    }

    deinit { cairo_destroy(handle) }

    /// Cairo's error, if the context has one: an error is sticky (every later drawing call
    /// on this context does nothing), so whoever keeps a context across frames checks this.
    public var error: GraphicsError? {
        let status = cairo_status(handle)
        return status == CAIRO_STATUS_SUCCESS ? nil : GraphicsError("cairo drawing", status: status)
    }

    // MARK: state and transforms
    public func save() { savedPartialClips.append(partialClip); cairo_save(handle) }
    public func restore() { cairo_restore(handle); partialClip = savedPartialClips.popLast() ?? false }
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
    /// An arc from `a0` down to `a1` (anticlockwise on screen).
    public func addArcNegative(center: Point, radius: Double, from a0: Double, to a1: Double) {
        cairo_arc_negative(handle, center.x, center.y, radius, a0, a1)
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

    /// A gradient that follows a circle: the colour depends on the angle, not on a screen
    /// direction. Built as a Cairo mesh of annular Coons patches (outer and inner edges as
    /// Bézier arcs, corner colours c0 c1 c1 c0), one per slice of at most `maxSlice` radians
    /// and cut at every stop, so colours stay exact at the stops and the arcs stay round.
    /// Angles are radians from +x, clockwise on screen (Cairo's); outside the patches the
    /// source is transparent. `color(at:)` gives the colour at a fraction 0…1 of the sweep.
    public func setAngularGradient(center: Point, innerRadius: Double, outerRadius: Double,
                                   from a0: Double, to a1: Double, stops: [Double] = [],
                                   maxSlice: Double = Double.pi / 12, color: (Double) -> Color) {
        let pat = cairo_pattern_create_mesh()!
        let sweep = a1 - a0
        var cuts: [Double] = [0, 1]
        if sweep != 0 {
            let n = Swift.max(1, Int((abs(sweep) / maxSlice).rounded(.up)))
            for k in 1..<n { cuts.append(Double(k) / Double(n)) }
        }
        cuts += stops.filter { $0 > 0 && $0 < 1 }
        cuts.sort()
        func point(_ r: Double, _ a: Double) -> (Double, Double) { (center.x + r * cos(a), center.y + r * sin(a)) }
        for k in 0..<(cuts.count - 1) where cuts[k + 1] - cuts[k] > 1e-12 {
            let f0 = cuts[k], f1 = cuts[k + 1]
            let b0 = a0 + sweep * f0, b1 = a0 + sweep * f1
            // Bézier arc: control points at 4/3·tan(Δ/4)·r along the tangents.
            let h = 4.0 / 3.0 * tan((b1 - b0) / 4)
            cairo_mesh_pattern_begin_patch(pat)
            let (ox0, oy0) = point(outerRadius, b0), (ox1, oy1) = point(outerRadius, b1)
            cairo_mesh_pattern_move_to(pat, ox0, oy0)
            cairo_mesh_pattern_curve_to(pat, ox0 - h * outerRadius * sin(b0), oy0 + h * outerRadius * cos(b0),
                                        ox1 + h * outerRadius * sin(b1), oy1 - h * outerRadius * cos(b1), ox1, oy1)
            let (ix0, iy0) = point(innerRadius, b0), (ix1, iy1) = point(innerRadius, b1)
            cairo_mesh_pattern_line_to(pat, ix1, iy1)
            cairo_mesh_pattern_curve_to(pat, ix1 + h * innerRadius * sin(b1), iy1 - h * innerRadius * cos(b1),
                                        ix0 - h * innerRadius * sin(b0), iy0 + h * innerRadius * cos(b0), ix0, iy0)
            cairo_mesh_pattern_line_to(pat, ox0, oy0)
            let c0 = color(f0), c1 = color(f1)
            cairo_mesh_pattern_set_corner_color_rgba(pat, 0, c0.red, c0.green, c0.blue, c0.alpha)
            cairo_mesh_pattern_set_corner_color_rgba(pat, 1, c1.red, c1.green, c1.blue, c1.alpha)
            cairo_mesh_pattern_set_corner_color_rgba(pat, 2, c1.red, c1.green, c1.blue, c1.alpha)
            cairo_mesh_pattern_set_corner_color_rgba(pat, 3, c0.red, c0.green, c0.blue, c0.alpha)
            cairo_mesh_pattern_end_patch(pat)
        }
        cairo_set_source(handle, pat)
        cairo_pattern_destroy(pat)
    }

    /// Uses `image` as the source with its top-left at (x, y) in user space.
    /// `smooth` selects bilinear filtering (for rotated or scaled layers).
    /// `repeating` tiles the image over the whole plane (a backdrop strip).
    public func setSource(_ image: ImageSurface, at p: Point, smooth: Bool = true, repeating: Bool = false) {
        cairo_set_source_surface(handle, image.handle, p.x, p.y)
        cairo_pattern_set_filter(cairo_get_source(handle), smooth ? CAIRO_FILTER_GOOD : CAIRO_FILTER_NEAREST)
        if repeating { cairo_pattern_set_extend(cairo_get_source(handle), CAIRO_EXTEND_REPEAT) }
    }

    // MARK: painting
    public func fill() {
        countResampling()
        if !fillGradientThroughMask() { cairo_fill(handle) } else { cairo_new_path(handle) }
    }
    public func fillPreserve() {
        countResampling()
        if !fillGradientThroughMask() { cairo_fill_preserve(handle) }
    }

    /// Whether the clip (just set) is whole device pixels (the compositor's damage
    /// rectangles): then a gradient fill through a mask covers exactly what cairo's fill would.
    /// Cairo fills a path through a clip with partial pixels (a turned rectangle, a circle) as
    /// one intersected shape, which a mask times the clip's coverage would not match at the
    /// clip's edge; such fills are left to cairo.
    private func clipIsWholePixelRectangles() -> Bool {
        cairo_save(handle)
        defer { cairo_restore(handle) }
        cairo_identity_matrix(handle)
        guard let list = cairo_copy_clip_rectangle_list(handle) else { return false }
        defer { cairo_rectangle_list_destroy(list) }
        guard list.pointee.status == CAIRO_STATUS_SUCCESS else { return false }
        for i in 0..<Int(list.pointee.num_rectangles) {
            let r = list.pointee.rectangles[i]
            for v in [r.x, r.y, r.width, r.height] where v != v.rounded() { return false }
        }
        return true
    }

    /// Cairo's own fill, whatever the source (tests compare `fill` with it).
    func fillWithCairo() { cairo_fill(handle) }

    /// Fills the current path (kept) with a gradient source in one composite: the path's
    /// coverage is rasterised into an A8 mask, and the gradient painted through it. Cairo
    /// fills a gradient span by span, one general pixman composite per row, and Debian's
    /// pixman zeroes a 24 KB scanline buffer on every such call: a 300-row disc paid 7 MB
    /// of memset. The pixels are the same (same rasteriser, same operator, same clip).
    /// False (nothing drawn) for other sources and for small fills, which cairo does itself.
    private func fillGradientThroughMask() -> Bool {
        guard let source = cairo_get_source(handle) else { return false }
        let type = cairo_pattern_get_type(source)
        guard type == CAIRO_PATTERN_TYPE_LINEAR || type == CAIRO_PATTERN_TYPE_RADIAL || type == CAIRO_PATTERN_TYPE_MESH,
              !partialClip else { return false }
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_fill_extents(handle, &x0, &y0, &x1, &y1)
        var cx0 = 0.0, cy0 = 0.0, cx1 = 0.0, cy1 = 0.0
        cairo_clip_extents(handle, &cx0, &cy0, &cx1, &cy1)
        // Device-space box of the path within the clip and the surface, whole pixels.
        var lo = (x: Double.infinity, y: Double.infinity), hi = (x: -Double.infinity, y: -Double.infinity)
        for (ux, uy) in [(Swift.max(x0, cx0), Swift.max(y0, cy0)), (Swift.min(x1, cx1), Swift.max(y0, cy0)),
                         (Swift.max(x0, cx0), Swift.min(y1, cy1)), (Swift.min(x1, cx1), Swift.min(y1, cy1))] {
            var dx = ux, dy = uy
            cairo_user_to_device(handle, &dx, &dy)
            lo = (Swift.min(lo.x, dx), Swift.min(lo.y, dy)); hi = (Swift.max(hi.x, dx), Swift.max(hi.y, dy))
        }
        guard lo.x.isFinite, lo.y.isFinite, hi.x.isFinite, hi.y.isFinite else { return false }
        let left = Swift.max(0, Int(lo.x.rounded(.down)) - 1), top = Swift.max(0, Int(lo.y.rounded(.down)) - 1)
        let right = Swift.min(surface.width, Int(hi.x.rounded(.up)) + 1), bottom = Swift.min(surface.height, Int(hi.y.rounded(.up)) + 1)
        // A few rows cost cairo a few composites: not worth a mask.
        guard right > left, bottom - top >= 16, let mask = try? ImageSurface(width: right - left, height: bottom - top, format: .a8) else { return false }
        let m = cairo_create(mask.handle)!
        var ctm = cairo_matrix_t()
        cairo_get_matrix(handle, &ctm)
        ctm.x0 -= Double(left); ctm.y0 -= Double(top)
        cairo_set_matrix(m, &ctm)
        let path = cairo_copy_path(handle)!
        cairo_append_path(m, path)
        cairo_path_destroy(path)
        cairo_set_fill_rule(m, cairo_get_fill_rule(handle))
        cairo_set_tolerance(m, cairo_get_tolerance(handle))
        cairo_set_antialias(m, cairo_get_antialias(handle))
        cairo_fill(m)
        cairo_destroy(m)
        // The source stays locked to the user space it was set in; the mask goes on device pixels.
        cairo_save(handle)
        cairo_identity_matrix(handle)
        cairo_mask_surface(handle, mask.handle, Double(left), Double(top))
        cairo_restore(handle)
        return true
    }
    public func stroke() { cairo_stroke(handle) }
    public func strokePreserve() { cairo_stroke_preserve(handle) }
    public func clip() {
        cairo_clip(handle)
        if !partialClip { partialClip = !clipIsWholePixelRectangles() }
    }
    public func resetClip() { cairo_reset_clip(handle); partialClip = false }
    /// The box the clip leaves, in user space (what a layer may skip when it lies outside).
    public var clipExtents: Rect {
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_clip_extents(handle, &x0, &y0, &x1, &y1)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Whether the clip leaves nothing of the ring round `center` between radii `inner` and
    /// `outer` (user space): the clip's box lies inside the hole or wholly outside. A damaged
    /// pip's box skips stroking a knob's rings this way (their tessellation is most of a
    /// small repaint).
    public func clipAvoidsRing(center c: Point, inner: Double, outer: Double) -> Bool {
        let box = clipExtents
        let farX = Swift.max(abs(box.minX - c.x), abs(box.maxX - c.x)), farY = Swift.max(abs(box.minY - c.y), abs(box.maxY - c.y))
        if farX * farX + farY * farY < inner * inner { return true }
        let nearX = Swift.max(0, box.minX - c.x, c.x - box.maxX), nearY = Swift.max(0, box.minY - c.y, c.y - box.maxY)
        return nearX * nearX + nearY * nearY > outer * outer
    }
    public func paint(alpha: Double = 1) {
        countResampling()
        if alpha >= 1 { cairo_paint(handle) } else { cairo_paint_with_alpha(handle, alpha) }
    }
    /// Paints the current source through the alpha of `mask` placed at `p`.
    /// `smooth: false` samples a turned mask at the nearest pixel: for a blurred shadow the
    /// difference does not show, and it costs a fraction of bilinear filtering.
    public func mask(_ mask: ImageSurface, at p: Point, smooth: Bool = true) {
        countResampling()
        var ctm = cairo_matrix_t()
        cairo_get_matrix(handle, &ctm)
        if Self.resamples(ctm: ctm, pattern: cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: 1, x0: -p.x, y0: -p.y)) {
            countResample()
        }
        if smooth {
            cairo_mask_surface(handle, mask.handle, p.x, p.y)
        } else {
            let pattern = cairo_pattern_create_for_surface(mask.handle)!
            var m = cairo_matrix_t()
            cairo_matrix_init_translate(&m, -p.x, -p.y)
            cairo_pattern_set_matrix(pattern, &m)
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_NEAREST)
            cairo_mask(handle, pattern)
            cairo_pattern_destroy(pattern)
        }
    }
    public func setLineWidth(_ w: Double) { cairo_set_line_width(handle, w) }
    /// Dashes of `lengths` (on, off, …); an empty list draws solid lines again.
    public func setDash(_ lengths: [Double]) { lengths.withUnsafeBufferPointer { cairo_set_dash(handle, $0.baseAddress, Int32($0.count), 0) } }
    /// Paints what follows into a group, composited by `endGroup(alpha:)` (a faded widget).
    public func beginGroup() { cairo_push_group(handle) }
    public func endGroup(alpha: Double) {
        cairo_pop_group_to_source(handle)
        if alpha >= 1 { cairo_paint(handle) } else { cairo_paint_with_alpha(handle, alpha) }
    }
    public func setRoundCaps() { cairo_set_line_cap(handle, CAIRO_LINE_CAP_ROUND) }
    public func setButtCaps() { cairo_set_line_cap(handle, CAIRO_LINE_CAP_BUTT) }
    /// A pie slice from `center` out to `radius` between two angles (radians, clockwise on
    /// screen), as a closed sub-path: the shape of an angular clip.
    public func addSector(center: Point, radius: Double, from a0: Double, to a1: Double) {
        cairo_new_sub_path(handle)
        cairo_move_to(handle, center.x, center.y)
        cairo_arc(handle, center.x, center.y, radius, a0, a1)
        cairo_close_path(handle)
    }

    /// `add`: source plus destination, saturating (light added to a shadow, linear in coverage).
    public enum BlendMode: Sendable { case over, source, clear, destinationIn, add }
    public func setBlendMode(_ m: BlendMode) {
        switch m {
        case .over: cairo_set_operator(handle, CAIRO_OPERATOR_OVER)
        case .source: cairo_set_operator(handle, CAIRO_OPERATOR_SOURCE)
        case .clear: cairo_set_operator(handle, CAIRO_OPERATOR_CLEAR)
        case .destinationIn: cairo_set_operator(handle, CAIRO_OPERATOR_DEST_IN)
        case .add: cairo_set_operator(handle, CAIRO_OPERATOR_ADD)
        }
    }

    /// Clears everything to transparent.
    public func clear() {
        withSavedState {
            setBlendMode(.clear)
            cairo_paint(handle)
        }
    }

    // MARK: resampling counter
    /// Counts (in `RenderCounters`) a paint whose source is an image seen through a transform
    /// other than a whole-pixel translation: what pixman must resample instead of copy.
    private func countResampling() {
        guard let source = cairo_get_source(handle), cairo_pattern_get_type(source) == CAIRO_PATTERN_TYPE_SURFACE else { return }
        var ctm = cairo_matrix_t(), pattern = cairo_matrix_t()
        cairo_get_matrix(handle, &ctm)
        cairo_pattern_get_matrix(source, &pattern)
        if Self.resamples(ctm: ctm, pattern: pattern) { countResample() }
    }

    private func countResample() {
        resamples += 1
        RenderCounters.countResample()
    }

    /// Whether device space → pattern space (the inverse CTM, then the pattern matrix) is
    /// anything but a translation by whole pixels.
    static func resamples(ctm: cairo_matrix_t, pattern: cairo_matrix_t) -> Bool {
        var inverse = ctm
        guard cairo_matrix_invert(&inverse) == CAIRO_STATUS_SUCCESS else { return true }
        var pattern = pattern, device = cairo_matrix_t()
        cairo_matrix_multiply(&device, &inverse, &pattern)
        let eps = 1e-6
        func whole(_ v: Double) -> Bool { abs(v - v.rounded()) < eps }
        return abs(device.xx - 1) > eps || abs(device.yy - 1) > eps || abs(device.xy) > eps || abs(device.yx) > eps
            || !whole(device.x0) || !whole(device.y0)
    }
}
