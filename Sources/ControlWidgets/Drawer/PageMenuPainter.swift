import Graphics

/// Paints the page menu (the rear view) into a cached surface, once per current page and
/// scroll offset: a darker panel than the pages, a header, and one row per page with its
/// icon and title; the current page's row is tinted and marked with a bar. Only the rows
/// on screen are laid out (a menu may list 64 pages).
public enum PageMenuPainter {
    public struct Entry {
        public var title: String
        public var icon: ImageSurface?
        public init(title: String, icon: ImageSurface?) { self.title = title; self.icon = icon }
    }

    public struct Style {
        public var background: Color
        public var text: Color
        public var tint: Color
        public var font: String
        public init(background: Color, text: Color, tint: Color, font: String) {
            self.background = background; self.text = text; self.tint = tint; self.font = font
        }
    }

    /// A surface of `surfaceWidth` × `surfaceHeight` pixels with the menu painted in it.
    /// surfaceWidth covers the whole rear view (reveal width + overdraw); `scale` maps the
    /// layout's design units (from the screen's top left corner) to the surface.
    public static func render(entries: [Entry], current: Int?, layout: PageMenuLayout, style: Style,
                              surfaceWidth: Int, surfaceHeight: Int, scale: Double) throws(GraphicsError) -> ImageSurface {
        let surface = try ImageSurface(width: Swift.max(1, surfaceWidth), height: Swift.max(1, surfaceHeight))
        paint(entries: entries, current: current, layout: layout, style: style, into: DrawingContext(surface: surface), scale: scale)
        return surface
    }

    /// Paints the menu over the whole of `ctx`'s surface.
    public static func paint(entries: [Entry], current: Int?, layout: PageMenuLayout, style: Style,
                             into ctx: DrawingContext, scale: Double) {
        ctx.withSavedState {
            ctx.setBlendMode(.source)
            ctx.setColor(style.background.withAlpha(1))
            ctx.paint()
        }
        func screen(_ r: Rect) -> Rect { Rect(x: r.x * scale, y: r.y * scale, width: r.width * scale, height: r.height * scale) }

        if layout.headerY + PageMenuLayout.headerHeight > 0 {
            let header = TextLayout(text: "Pages", family: style.font, pixelSize: 15 * scale, bold: true, context: ctx)
            ctx.setColor(style.text.withAlpha(0.55))
            header.draw(at: Point(x: 24 * scale, y: (layout.headerY + (PageMenuLayout.headerHeight - 15 * 1.3) / 2 + 6) * scale))
        }

        for i in layout.visibleRows where i < entries.count {
            let entry = entries[i]
            let row = screen(layout.rowRect(i))
            if i == current {
                ctx.newPath()
                ctx.addRect(row)
                ctx.setColor(style.tint.withAlpha(0.22))
                ctx.fill()
                ctx.newPath()
                ctx.addRect(Rect(x: row.x, y: row.y, width: 5 * scale, height: row.height))
                ctx.setColor(style.tint.withAlpha(1))
                ctx.fill()
            }
            var textX = row.x + 24 * scale
            if let icon = entry.icon {
                let side = 36 * scale
                let k = side / Double(Swift.max(icon.width, icon.height))
                ctx.withSavedState {
                    ctx.translate(textX, row.y + (row.height - side) / 2)
                    ctx.scale(k, k)
                    ctx.setSource(icon, at: .zero)
                    ctx.paint()
                }
                textX += side + 14 * scale
            }
            let text = TextLayout(text: entry.title, family: style.font, pixelSize: 22 * scale, bold: i == current, context: ctx)
            text.setWidth(Swift.max(1, row.x + row.width - textX - 12 * scale), alignment: .left)
            ctx.setColor(i == current ? style.text : style.text.withAlpha(0.8))
            text.draw(at: Point(x: textX, y: row.y + (row.height - text.size.height) / 2))
            // A hairline between rows.
            ctx.newPath()
            ctx.addRect(Rect(x: row.x + 24 * scale, y: row.y + row.height - 1, width: row.width - 48 * scale, height: 1))
            ctx.setColor(style.text.withAlpha(0.08))
            ctx.fill()
        }
    }
}
