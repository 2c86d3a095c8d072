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

    /// The caption's text image, `width` × `height` screen pixels, the text centred on one
    /// line and shrunk (never below 6 px) to fit the width.
    public static func image(_ text: String, font: String, pixelSize: Double, color: Color, width: Int, height: Int) -> ImageSurface? {
        guard let surface = try? ImageSurface(width: Swift.max(1, width), height: Swift.max(1, height)) else { return nil }
        let ctx = DrawingContext(surface: surface)
        var size = pixelSize
        var layout = TextLayout(text: text, family: font, pixelSize: size, context: ctx)
        if layout.size.width > Double(width) {
            size = Swift.max(6, size * Double(width) / layout.size.width)
            layout = TextLayout(text: text, family: font, pixelSize: size, context: ctx)
        }
        ctx.setColor(color)
        layout.draw(centeredAt: Point(x: Double(width) / 2, y: Double(height) / 2))
        return surface
    }
}
