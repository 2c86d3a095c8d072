import Graphics

/// The shared look of the tile-shaped controls (button, toggle, segmented): colours derived
/// from the tint exactly as the knob derives its fill (KnobColors), text in ink chosen for
/// WCAG contrast (≥ 4.5:1) with whatever it sits on, rounded tiles, a focus ring.
public struct ControlChrome: Sendable, Equatable {
    public var tint: Color
    public var fontName: String
    /// Text size in design pixels; nil = fitted to the frame's height.
    public var fontSize: Double?
    /// The panel's text colour, for text that sits on the background rather than on a fill.
    public var textColor: Color
    /// The theme's surface token: the resting tile.
    public var surface: Color
    /// How a title its tile cannot hold is fitted (`fit`).
    public var fit: TextLayout.Fit = .shrink

    public init(tint: Color, fontName: String = "DejaVu Sans", fontSize: Double? = nil, textColor: Color = Color(white: 0.91),
                surface: Color = Color(red: 0.16, green: 0.18, blue: 0.22)) {
        self.tint = tint; self.fontName = fontName; self.fontSize = fontSize; self.textColor = textColor; self.surface = surface
    }

    /// An "on"/selected/pressed fill: the knob's fill for the state (saturated tint).
    public func accentFill(_ state: ControlState) -> Color { KnobColors(tint: tint).fillColor(for: state) }

    /// A resting tile: the theme's surface with a hint of the tint; pressed, a tenth towards
    /// the text colour (lighter on dark themes, darker on light ones).
    public func surfaceFill(_ state: ControlState) -> Color {
        let base = surface.mixed(with: tint, 0.08)
        switch state {
        case .highlighted: return base.mixed(with: textColor, 0.10)
        case .disabled: return base.withAlpha(0.5)
        default: return base
        }
    }

    /// A switch's track while off: the surface a third of the way to the text colour.
    public var offTrack: Color { surface.mixed(with: textColor, 0.3) }

    /// Ink for text on `fill`: the panel's text colour when it reads, else near-white/near-black.
    public func ink(on fill: Color) -> Color {
        let opaque = fill.withAlpha(1)
        return opaque.readableInk(preferred: textColor)
    }

    /// Text size for a frame `height` high (design pixels): the layout's, else 38 % of the
    /// height, between 12 and 32.
    public func textSize(forHeight height: Double) -> Double {
        fontSize ?? Swift.min(32, Swift.max(12, height * 0.38))
    }

    /// Paints a rounded tile.
    public static func tile(_ ctx: DrawingContext, _ r: Rect, radius: Double, fill: Color) {
        ctx.newPath()
        ctx.addRoundedRect(r, radius: radius)
        ctx.setColor(fill)
        ctx.fill()
    }

    /// The keyboard focus ring, 3 design pixels outside `r`.
    public func focusRing(_ ctx: DrawingContext, _ r: Rect, radius: Double, scale: Double) {
        ctx.newPath()
        ctx.addRoundedRect(r.insetBy(-3 * scale), radius: radius + 3 * scale)
        ctx.setLineWidth(Swift.max(1.5, 2.5 * scale))
        ctx.setColor(accentFill(.highlighted).withAlpha(0.9))
        ctx.stroke()
    }

    /// The size `text` is drawn at in a line `room` wide, asked at `pixelSize`: with `shrink`
    /// made smaller to fit, but never under `minimumShrink` of it (a 22 px toggle title went
    /// down to 13 px; past the floor it ends in '…' instead); other fits keep the size. Bold
    /// is measured even for regular text, so a segment's title does not shrink when it is
    /// selected and turns bold.
    public func titleSize(_ texts: [String], room: Double, pixelSize: Double, ctx: DrawingContext,
                          minimumShrink floor: Double = ControlChrome.minimumShrink) -> Double {
        guard fit == .shrink else { return pixelSize }
        var size = pixelSize
        for text in texts where !text.isEmpty {
            let probe = TextLayout(text: text, family: fontName, pixelSize: pixelSize, bold: true, context: ctx)
            if probe.size.width > room { size = Swift.min(size, pixelSize * Swift.max(1, room) / probe.size.width) }
        }
        return Swift.max(size, pixelSize * floor)
    }

    /// The smallest fraction of its size a title shrinks to.
    public static let minimumShrink = 0.8

    /// `text` laid out at `size` in a `width` × `height` box as `fit` says (shrink: already
    /// sized by `titleSize`, '…' if it still does not fit; wrap: at most two lines).
    func titleLayout(_ text: String, size: Double, bold: Bool, width: Double, height: Double, alignment: TextLayout.Alignment,
                     ctx: DrawingContext) -> TextLayout {
        let layout = TextLayout(text: text, family: fontName, pixelSize: size, bold: bold, context: ctx)
        switch fit {
        case .wrap: layout.fit(.wrap, width: width, height: Swift.min(height, size * 2.6), alignment: alignment)
        case .clip: break
        case .shrink, .ellipsis: layout.fit(.ellipsis, width: width, height: height, alignment: alignment)
        }
        return layout
    }

    /// Draws `text` centred in `r` (screen pixels), fitted to the width as `fit` says.
    /// `size`: a size already chosen for a group of titles (segments), else `titleSize`'s.
    public func drawText(_ ctx: DrawingContext, _ text: String, in r: Rect, pixelSize: Double, bold: Bool, color: Color, size chosen: Double? = nil) {
        guard !text.isEmpty else { return }
        let maxWidth = r.width * 0.92
        let size = chosen ?? titleSize([text], room: maxWidth, pixelSize: pixelSize, ctx: ctx)
        let layout = titleLayout(text, size: size, bold: bold, width: maxWidth, height: r.height, alignment: .center, ctx: ctx)
        ctx.setColor(color)
        ctx.withSavedState {
            if fit == .clip { ctx.newPath(); ctx.addRect(r); ctx.clip() }
            layout.draw(at: Point(x: r.center.x - (fit == .clip ? layout.size.width : maxWidth) / 2, y: r.center.y - layout.size.height / 2))
        }
    }

    /// The room the text has beside an icon in `r` (screen pixels), and the icon's side.
    public func iconTextRoom(in r: Rect, pixelSize: Double) -> (room: Double, side: Double, gap: Double) {
        let side = Swift.min(pixelSize * 1.35, r.height * 0.8)
        let gap = pixelSize * 0.35
        return (r.width * 0.92 - side - gap, side, gap)
    }

    /// Draws `icon` and `text` side by side as one group centred in `r` (screen pixels): the
    /// icon a third larger than the text, or alone at 1.5 × the text size; the text fitted
    /// to what is left of the width as `fit` says.
    public func drawIconAndText(_ ctx: DrawingContext, icon: WidgetIcon, _ text: String, in r: Rect, pixelSize: Double,
                                bold: Bool, color: Color, size chosen: Double? = nil) {
        guard !text.isEmpty else {
            let side = Swift.min(pixelSize * 1.5, r.height * 0.8, r.width * 0.8)
            icon.draw(in: ctx, box: Rect(x: r.center.x - side / 2, y: r.center.y - side / 2, width: side, height: side), color: color)
            return
        }
        let (room, side, gap) = iconTextRoom(in: r, pixelSize: pixelSize)
        let size = chosen ?? titleSize([text], room: room, pixelSize: pixelSize, ctx: ctx)
        let layout = titleLayout(text, size: size, bold: bold, width: Swift.max(1, room), height: r.height, alignment: .left, ctx: ctx)
        let textWidth = Swift.min(layout.size.width, Swift.max(1, room))
        let total = side + gap + textWidth
        let x0 = r.center.x - total / 2
        icon.draw(in: ctx, box: Rect(x: x0, y: r.center.y - side / 2, width: side, height: side), color: color)
        ctx.setColor(color)
        ctx.withSavedState {
            if fit == .clip { ctx.newPath(); ctx.addRect(Rect(x: x0 + side + gap, y: r.y, width: Swift.max(1, room), height: r.height)); ctx.clip() }
            layout.draw(at: Point(x: x0 + side + gap, y: r.center.y - layout.size.height / 2))
        }
    }
}
