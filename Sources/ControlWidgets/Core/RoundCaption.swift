import Graphics

/// The one caption system of the round widgets (knobs, dials, circular sliders): the same
/// size for the same widget size, in the same place, in the theme's muted colour, unless the
/// layout sets `captionSize`, `captionPlacement` or `captionColor`. (Before it, a knob wrote
/// its label at 10 % of its side under it and a slider at 13 px inside its ring, so "Volume"
/// was the largest text on a screen and "Bass" the smallest.)
public enum RoundCaption {
    /// The default size in design pixels: 7 % of the widget's diameter, 13…24 (a 272 px knob
    /// gets 19 px: a caption names the control, it is not a headline).
    public static func defaultSize(diameter: Double) -> Double { Swift.min(24, Swift.max(13, diameter * 0.07)) }

    /// The line a caption below takes, design pixels: its size and a half for the gap and descenders.
    public static func lineHeight(size: Double) -> Double { size * 1.5 }

    /// The size of the scale's tick labels beside a caption of `captionSize`: a step down the
    /// same scale (0.8 of it, at least 9 px), so a large knob's numbers are never larger than
    /// its name (a 420 px knob wrote 27 px tick labels under an 18 px caption).
    public static func tickLabelSize(captionSize: Double) -> Double { Swift.max(9, captionSize * 0.8) }

    /// The caption's text image, `width` × `height` screen pixels, the text centred on one
    /// line and fitted to the width as `fit` says (shrink: smaller down to half its size,
    /// then '…'; wrap has one line here, so it ends in '…' as ellipsis does).
    public static func image(_ text: String, font: String, pixelSize: Double, color: Color, width: Int, height: Int,
                             fit: TextLayout.Fit = .shrink) -> ImageSurface? {
        guard let surface = try? ImageSurface(width: Swift.max(1, width), height: Swift.max(1, height)) else { return nil }
        let ctx = DrawingContext(surface: surface)
        let layout = self.layout(text, font: font, pixelSize: pixelSize, width: Double(width), fit: fit, context: ctx)
        ctx.setColor(color)
        layout.draw(at: Point(x: 0, y: (Double(height) - layout.size.height) / 2))
        return surface
    }

    /// The caption laid out centred in a line `width` pixels wide, as `fit` says.
    public static func layout(_ text: String, font: String, pixelSize: Double, width: Double, fit: TextLayout.Fit,
                              alignment: TextLayout.Alignment = .center, context ctx: DrawingContext) -> TextLayout {
        let layout = TextLayout(text: text, family: font, pixelSize: pixelSize, context: ctx)
        // One line: wrap would break it into lines the caption's band cannot show.
        layout.fit(fit == .wrap ? .ellipsis : fit, width: width, height: pixelSize * 1.6, alignment: alignment)
        return layout
    }
}
