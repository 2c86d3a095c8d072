import Graphics

/// Static text on the panel (titles, units, captions). Rendered once into a cached surface.
public final class LabelView: WidgetView {
    public let id: String
    public let frame: Rect
    public let text: String
    public let fontName: String
    public let fontSize: Double
    public let color: Color
    public let alignment: TextLayout.Alignment
    public let bold: Bool
    public var needsDisplay = true
    public var hasFocus = false
    public var acceptsFocus: Bool { false }
    private var cache: (scale: Double, surface: ImageSurface)?

    public init(id: String, frame: Rect, text: String, fontName: String, fontSize: Double, color: Color,
                alignment: TextLayout.Alignment, bold: Bool) {
        self.id = id; self.frame = frame; self.text = text; self.fontName = fontName
        self.fontSize = fontSize; self.color = color; self.alignment = alignment; self.bold = bold
    }

    public func paintBounds(_ mapping: ScreenMapping) -> Rect { mapping.toScreen(frame) }

    public func draw(in ctx: DrawingContext, mapping: ScreenMapping, time: Double) {
        guard let image = cachedImage(scale: mapping.scale) else { return }
        let origin = mapping.toScreen(Point(x: frame.x, y: frame.y))
        ctx.setSource(image, at: Point(x: origin.x.rounded(), y: origin.y.rounded()), smooth: false)
        ctx.paint()
    }

    private func cachedImage(scale: Double) -> ImageSurface? {
        if let cache, cache.scale == scale { return cache.surface }
        let w = Swift.max(1, Int((frame.width * scale).rounded(.up)))
        let h = Swift.max(1, Int((frame.height * scale).rounded(.up)))
        guard let surface = try? ImageSurface(width: w, height: h) else { return nil }
        let ctx = DrawingContext(surface: surface)
        let layout = TextLayout(text: text, family: fontName, pixelSize: fontSize * scale, bold: bold, context: ctx)
        layout.setWidth(Double(w), alignment: alignment)
        ctx.setColor(color)
        layout.draw(at: Point(x: 0, y: (Double(h) - layout.size.height) / 2))
        cache = (scale, surface)
        return surface
    }

    public func isAnimating(at time: Double) -> Bool { false }
    public func hitTest(_ point: Point) -> Bool { false }
    public func handle(_ input: WidgetInput, at time: Double) -> [WidgetEvent] { [] }
    public func advance(to time: Double) -> [WidgetEvent] { [] }
    public var typeName: String { "label" }
    public var commandKeys: [String: Set<String>] { [:] }
    public func apply(_ command: WidgetCommand, at time: Double) throws(WidgetCommandError) -> [WidgetEvent] {
        throw WidgetCommandError("label '\(id)' has no value to set")
    }
    public func snapshot() -> WidgetEvent? { nil }
}
