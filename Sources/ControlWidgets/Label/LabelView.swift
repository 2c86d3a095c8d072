import Formatting
import Graphics

/// Text on the panel (titles, units, captions, status lines). Rendered into a cached surface,
/// redrawn only when its text changes: by a `set` command (`{"command":"set","widget":"status",
/// "text":"Heating…"}`) or, for a label with `bind`, whenever the bound widget's value changes.
public final class LabelView: WidgetView, BoundValueDisplay {
    public let id: String
    public let frame: Rect
    public private(set) var text: String
    public let fontName: String
    public let fontSize: Double
    public let color: Color
    public let alignment: TextLayout.Alignment
    public let bold: Bool
    /// What happens to text the frame cannot hold.
    public let fit: TextLayout.Fit
    /// How a bound number is written when the label formats it.
    public let locale: NumberLocale
    /// The id of the widget whose value this label shows (nil: static text).
    public let bind: String?
    /// How a bound number is written; nil = the bound widget's own readout text.
    public let valueFormat: ValueFormat?
    public var needsDisplay = true
    public var hasFocus = false
    public var acceptsFocus: Bool { false }
    private var cache: (scale: Double, text: String, surface: ImageSurface)?

    /// Longest text a command may set (a status line, not a document).
    public static let maxTextLength = 1000

    public init(id: String, frame: Rect, text: String, fontName: String, fontSize: Double, color: Color,
                alignment: TextLayout.Alignment, bold: Bool, fit: TextLayout.Fit = .wrap, bind: String? = nil,
                valueFormat: ValueFormat? = nil, locale: NumberLocale = .standard) {
        self.id = id; self.frame = frame; self.text = text; self.fontName = fontName
        self.fontSize = fontSize; self.color = color; self.alignment = alignment; self.bold = bold
        self.fit = fit; self.bind = bind; self.valueFormat = valueFormat?.localized(locale); self.locale = locale
    }

    public func paintBounds(_ mapping: ScreenMapping) -> Rect { mapping.toScreen(frame) }

    public func draw(in ctx: DrawingContext, mapping: ScreenMapping, time: Double) {
        guard let image = cachedImage(scale: mapping.scale) else { return }
        let origin = mapping.toScreen(Point(x: frame.x, y: frame.y))
        ctx.setSource(image, at: Point(x: origin.x.rounded(), y: origin.y.rounded()), smooth: false)
        ctx.paint()
    }

    private func cachedImage(scale: Double) -> ImageSurface? {
        if let cache, cache.scale == scale, cache.text == text { return cache.surface }
        let w = Swift.max(1, Int((frame.width * scale).rounded(.up)))
        let h = Swift.max(1, Int((frame.height * scale).rounded(.up)))
        guard let surface = try? ImageSurface(width: w, height: h) else { return nil }
        let ctx = DrawingContext(surface: surface)
        let layout = TextLayout(text: text, family: fontName, pixelSize: fontSize * scale, bold: bold, context: ctx)
        layout.fit(fit, width: Double(w), height: Double(h), alignment: alignment)
        ctx.setColor(color)
        layout.draw(at: Point(x: 0, y: (Double(h) - layout.size.height) / 2))
        cache = (scale, text, surface)
        return surface
    }

    /// Changes the text (a command, or the bound widget's value); repaints only on a change.
    public func setText(_ newText: String) {
        guard newText != text else { return }
        text = newText
        needsDisplay = true
    }

    /// Shows the bound widget's state: its `value` (through `valueFormat`, else the widget's
    /// own `readout`), else its `title`, else its `on` as On/Off.
    public func show(boundState state: WidgetEvent, readout: String?) {
        if let v = state["value"]?.number {
            setText(valueFormat?.string(v) ?? readout ?? ValueFormat(decimals: v == v.rounded() ? 0 : 2).localized(locale).string(v))
        } else if let title = state["title"]?.string {
            setText(title)
        } else if let on = state["on"]?.bool {
            setText(on ? "On" : "Off")
        }
    }

    public func isAnimating(at time: Double) -> Bool { false }
    public func hitTest(_ point: Point) -> Bool { false }
    public func handle(_ input: WidgetInput, at time: Double) -> [WidgetEvent] { [] }
    public func advance(to time: Double) -> [WidgetEvent] { [] }
    public var typeName: String { "label" }
    public var commandKeys: [String: Set<String>] { LabelDescriptor.commands.verbs }

    public func apply(_ command: WidgetCommand, at time: Double) throws(WidgetCommandError) -> [WidgetEvent] {
        guard let value = command.arguments["text"] else { throw WidgetCommandError("nothing to set: give 'text'") }
        guard let newText = value.string else { throw WidgetCommandError("'text' must be a string") }
        guard newText.unicodeScalars.count <= Self.maxTextLength else {
            throw WidgetCommandError("'text' is longer than \(Self.maxTextLength) characters")
        }
        setText(newText)
        return []
    }

    /// `{"event":"state","text":…}` for `get` and `list`.
    public func snapshot() -> WidgetEvent? {
        WidgetEvent("state", [EventField("text", .string(text))])
    }
}

/// A widget that can write its value as the user sees it (a knob's readout), so a label bound
/// to it shows the same text by default.
public protocol ValueReadout: AnyObject {
    /// The current value as shown, e.g. "21.5 °C"; nil when the widget has none.
    func currentReadout() -> String?
}

/// A widget that shows another widget's state (a label with `bind`): the runtime finds these
/// by this protocol, not by their type.
public protocol BoundValueDisplay: AnyObject {
    /// The id of the widget whose state this one shows; nil for none.
    var bind: String? { get }
    func show(boundState state: WidgetEvent, readout: String?)
}
