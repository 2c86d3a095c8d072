import CCairo

/// One line (or paragraph) of text shaped by Pango, so any Unicode (CJK included) finds a font
/// through fontconfig's fallback. Sizes are in pixels of the context it was made for.
public final class TextLayout {
    let layout: OpaquePointer
    private let context: DrawingContext

    public enum Alignment: Sendable { case left, center, right }

    /// - Parameters:
    ///   - family: a fontconfig family such as "DejaVu Sans"; may include a style ("DejaVu Sans Bold").
    ///   - pixelSize: the em size in pixels.
    public init(text: String, family: String, pixelSize: Double, bold: Bool = false, context: DrawingContext) {
        self.context = context
        layout = pango_cairo_create_layout(context.handle)!
        let desc = pango_font_description_from_string(family)!
        pango_font_description_set_absolute_size(desc, Swift.max(1, pixelSize) * Double(PANGO_SCALE))
        if bold { pango_font_description_set_weight(desc, PANGO_WEIGHT_BOLD) }
        pango_layout_set_font_description(layout, desc)
        pango_font_description_free(desc)
        pango_layout_set_text(layout, text, -1)
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(layout)) }

    /// The logical size of the text in pixels (advance width, line height).
    public var size: (width: Double, height: Double) {
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        return (Double(logical.width) / Double(PANGO_SCALE), Double(logical.height) / Double(PANGO_SCALE))
    }

    /// The box the glyphs' ink covers, in pixels from the top left of the logical box.
    public var inkBox: Rect {
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        let k = Double(PANGO_SCALE)
        return Rect(x: Double(ink.x - logical.x) / k, y: Double(ink.y - logical.y) / k, width: Double(ink.width) / k, height: Double(ink.height) / k)
    }

    /// Glyphs no installed font could supply (drawn as boxes). 0 means the fonts are right.
    public var unknownGlyphCount: Int { Int(pango_layout_get_unknown_glyphs_count(layout)) }

    /// Limits the layout to `width` pixels and aligns lines within it.
    public func setWidth(_ width: Double, alignment: Alignment) {
        pango_layout_set_width(layout, Int32(width * Double(PANGO_SCALE)))
        switch alignment {
        case .left: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        }
    }

    /// Draws with the context's current source, top-left of the logical box at `origin`.
    public func draw(at origin: Point) {
        context.move(to: origin)
        pango_cairo_update_layout(context.handle, layout)
        pango_cairo_show_layout(context.handle, layout)
    }

    /// Draws centred on `center`.
    public func draw(centeredAt center: Point) {
        let s = size
        draw(at: Point(x: center.x - s.width / 2, y: center.y - s.height / 2))
    }
}
