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
    /// Drawn before the text, in its colour, a third larger than the font size.
    public let icon: WidgetIcon?
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
    private let image: TextImage
    /// A bound value that was not refreshed in time: "—" is shown instead of the text (which
    /// `get` still answers, with `stale`).
    public private(set) var isStale = false
    /// What is drawn: the text, or the dash of a stale value.
    var shownText: String { isStale ? "—" : text }

    /// Longest text a command may set (a status line, not a document).
    public static let maxTextLength = 1000

    public init(id: String, frame: Rect, text: String, fontName: String, fontSize: Double, color: Color,
                alignment: TextLayout.Alignment, bold: Bool, fit: TextLayout.Fit = .wrap, bind: String? = nil,
                valueFormat: ValueFormat? = nil, locale: NumberLocale = .standard, icon: WidgetIcon? = nil) {
        self.icon = icon
        self.id = id; self.frame = frame; self.text = text; self.fontName = fontName
        self.fontSize = fontSize; self.color = color; self.alignment = alignment; self.bold = bold
        image = TextImage(frame: frame)
        self.fit = fit; self.bind = bind; self.valueFormat = valueFormat?.localized(locale); self.locale = locale
    }

    public func paintBounds(_ mapping: ScreenMapping) -> Rect { mapping.toScreen(frame) }

    /// A new text repaints where the old or the new one has ink; anything else (a look the
    /// runtime changed, a new scale) the whole frame.
    public func damage(_ mapping: ScreenMapping, at time: Double) -> [Rect] {
        image.damage(updateImage(scale: mapping.scale), mapping: mapping, bounds: paintBounds(mapping))
    }

    public func draw(in ctx: DrawingContext, mapping: ScreenMapping, time: Double) {
        updateImage(scale: mapping.scale)
        image.paint(in: ctx, mapping: mapping)
    }

    @discardableResult
    private func updateImage(scale: Double) -> PixelRect? {
        let text = shownText
        return image.update(text: text, scale: scale) { ctx, w, h in drawText(text, scale: scale, width: w, height: h, into: ctx) }
    }

    /// Draws `text` (and the icon) into a clear `width` × `height` image; returns the ink's box.
    private func drawText(_ text: String, scale: Double, width w: Double, height h: Double, into ctx: DrawingContext) -> Rect {
        let layout = TextLayout(text: text, family: fontName, pixelSize: fontSize * scale, bold: bold, context: ctx)
        // An icon and the text are one group, aligned as the text is.
        let iconSide = icon == nil ? 0 : Swift.min(fontSize * scale * 1.35, h)
        let iconRoom = icon == nil ? 0 : iconSide + (text.isEmpty ? 0 : fontSize * scale * 0.35)
        layout.fit(fit, width: w - iconRoom, height: h, alignment: alignment)
        let textY = (h - layout.size.height) / 2
        var ink = Rect(x: 0, y: 0, width: 0, height: 0)
        if let icon {
            let used = text.isEmpty ? 0 : layout.size.width
            let room = w - iconRoom - used
            let x0 = alignment == .left ? 0 : alignment == .right ? room : room / 2
            let box = Rect(x: x0, y: (h - iconSide) / 2, width: iconSide, height: iconSide)
            icon.draw(in: ctx, box: box, color: color)
            layout.setWidth(used + 1, alignment: alignment)
            ctx.translate(x0 + iconRoom, 0)
            ink = box.union(layout.inkBox(drawnAt: Point(x: x0 + iconRoom, y: textY)))
        } else {
            ink = layout.inkBox(drawnAt: Point(x: 0, y: textY))
        }
        ctx.setColor(color)
        layout.draw(at: Point(x: 0, y: textY))
        return ink
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

    public func showStale(_ stale: Bool) {
        guard stale != isStale else { return }
        isStale = stale
        needsDisplay = true
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
