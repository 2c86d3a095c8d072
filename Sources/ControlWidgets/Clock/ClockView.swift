import Graphics
import PanelSystem

/// The time and date as text (`format`, strftime), in the system's zone or the layout's.
/// At rest between changes: it repaints, and wakes the loop, only when its text changes
/// (`nextChange`: once a minute for `%H:%M`, once a day for a date). No touches.
public final class ClockView: WidgetView {
    public let id: String
    public let frame: Rect
    public let fontName: String
    public let fontSize: Double
    public let color: Color
    public let alignment: TextLayout.Alignment
    public let bold: Bool
    public var needsDisplay = true
    public var hasFocus = false
    public var acceptsFocus: Bool { false }
    private var model: ClockModel
    private let wallClock: WallClock
    private var cache: (scale: Double, text: String, surface: ImageSurface)?
    /// The text at the last advance: a change repaints at the advance that sees it, however
    /// often the loop asked `nextChange` in between (which brings the model up to date too).
    private var textAtLastAdvance: String?

    init(id: String, frame: Rect, model: ClockModel, wallClock: WallClock, fontName: String, fontSize: Double,
         color: Color, alignment: TextLayout.Alignment, bold: Bool) {
        self.id = id; self.frame = frame; self.model = model; self.wallClock = wallClock
        self.fontName = fontName; self.fontSize = fontSize; self.color = color; self.alignment = alignment; self.bold = bold
    }

    /// The text shown at frame time `time`.
    public func text(at time: Double) -> String {
        refresh(at: time)
        return model.text
    }

    private func refresh(at time: Double) {
        _ = model.update(unixTime: wallClock.unixTime(atFrameTime: time))
    }

    public func paintBounds(_ mapping: ScreenMapping) -> Rect { mapping.toScreen(frame) }

    public func draw(in ctx: DrawingContext, mapping: ScreenMapping, time: Double) {
        let shown = text(at: time)
        guard let image = cachedImage(shown, scale: mapping.scale) else { return }
        let origin = mapping.toScreen(Point(x: frame.x, y: frame.y))
        ctx.setSource(image, at: Point(x: origin.x.rounded(), y: origin.y.rounded()), smooth: false)
        ctx.paint()
    }

    private func cachedImage(_ text: String, scale: Double) -> ImageSurface? {
        if let cache, cache.scale == scale, cache.text == text { return cache.surface }
        let w = Swift.max(1, Int((frame.width * scale).rounded(.up)))
        let h = Swift.max(1, Int((frame.height * scale).rounded(.up)))
        guard let surface = try? ImageSurface(width: w, height: h) else { return nil }
        let ctx = DrawingContext(surface: surface)
        let layout = TextLayout(text: text, family: fontName, pixelSize: fontSize * scale, bold: bold, context: ctx)
        layout.setWidth(Double(w), alignment: alignment)
        ctx.setColor(color)
        layout.draw(at: Point(x: 0, y: (Double(h) - layout.size.height) / 2))
        cache = (scale, text, surface)
        return surface
    }

    public func isAnimating(at time: Double) -> Bool { false }
    public func nextChange(after time: Double) -> Double? {
        refresh(at: time)
        return wallClock.frameTime(atUnixTime: Double(model.changesAt), near: time)
    }
    public func advance(to time: Double) -> [WidgetEvent] {
        refresh(at: time)
        if let textAtLastAdvance, textAtLastAdvance != model.text { needsDisplay = true }
        textAtLastAdvance = model.text
        return []
    }
    public func hitTest(_ point: Point) -> Bool { false }
    public func handle(_ input: WidgetInput, at time: Double) -> [WidgetEvent] { [] }
    public var typeName: String { "clock" }
    public var commandKeys: [String: Set<String>] { ClockDescriptor.commands.verbs }
    public func apply(_ command: WidgetCommand, at time: Double) throws(WidgetCommandError) -> [WidgetEvent] {
        throw WidgetCommandError("a clock shows the time; it takes no commands")
    }

    /// `{"event":"state","text":"07:30"}` for `get` and `list`: the text last shown.
    public func snapshot() -> WidgetEvent? { WidgetEvent("state", [EventField("text", .string(model.text))]) }
}
