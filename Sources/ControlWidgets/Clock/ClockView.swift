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
    private let image: TextImage
    /// The text at the last advance: a change repaints at the advance that sees it, however
    /// often the loop asked `nextChange` in between (which brings the model up to date too).
    private var textAtLastAdvance: String?

    init(id: String, frame: Rect, model: ClockModel, wallClock: WallClock, fontName: String, fontSize: Double,
         color: Color, alignment: TextLayout.Alignment, bold: Bool) {
        image = TextImage(frame: frame)
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

    /// A new minute repaints where the old or the new text has ink, not the whole frame.
    public func damage(_ mapping: ScreenMapping, at time: Double) -> [Rect] {
        image.damage(updateImage(text(at: time), scale: mapping.scale), mapping: mapping, bounds: paintBounds(mapping))
    }

    public func draw(in ctx: DrawingContext, mapping: ScreenMapping, time: Double) {
        updateImage(text(at: time), scale: mapping.scale)
        image.paint(in: ctx, mapping: mapping)
    }

    @discardableResult
    private func updateImage(_ text: String, scale: Double) -> PixelRect? {
        image.update(text: text, scale: scale) { ctx, w, h in
            let layout = TextLayout(text: text, family: fontName, pixelSize: fontSize * scale, bold: bold, context: ctx)
            layout.setWidth(w, alignment: alignment)
            let origin = Point(x: 0, y: (h - layout.size.height) / 2)
            ctx.setColor(color)
            layout.draw(at: origin)
            return layout.inkBox(drawnAt: origin)
        }
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
