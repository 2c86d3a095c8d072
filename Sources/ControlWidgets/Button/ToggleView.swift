import Graphics

/// An on/off switch with a `title`: a tile with the title on the left and a switch on the
/// right. A tap anywhere on the tile (or Enter/Space when focused) flips it and sends
/// `valueChanged` with `"on": true|false`.
///
/// Commands: `set` `on`, `enabled`; `get` answers `{"event":"state","on":…}`.
public final class ToggleView: WidgetView {
    public let id: String
    public let frame: Rect
    public let title: String
    /// Drawn before the title, in its colour.
    public let icon: WidgetIcon?
    public let chrome: ControlChrome
    public private(set) var isOn: Bool
    public private(set) var isEnabled: Bool
    public var needsDisplay = true
    public var hasFocus = false
    public var acceptsFocus: Bool { isEnabled }
    private var press = PressTracker()

    public init(id: String, frame: Rect, title: String, icon: WidgetIcon? = nil, on: Bool = false, chrome: ControlChrome, enabled: Bool = true) {
        self.id = id; self.frame = frame; self.title = title; self.icon = icon; self.isOn = on; self.chrome = chrome; self.isEnabled = enabled
    }

    public var state: ControlState {
        ControlState.resolve(highlighted: press.isPressed, enabled: isEnabled, selected: false)
    }

    public func paintBounds(_ mapping: ScreenMapping) -> Rect { mapping.toScreen(frame).insetBy(-8 * mapping.scale - 2) }

    /// The switch's track (design pixels): at the right of the frame, 0.5 × the height high
    /// (at most 44), twice as wide as high.
    public var switchRect: Rect {
        let h = Swift.min(44, Swift.max(12, frame.height * 0.5))
        let w = 1.9 * h
        let inset = Swift.max(8, (frame.height - h) / 2)
        return Rect(x: frame.maxX - inset - w, y: frame.center.y - h / 2, width: w, height: h)
    }

    public func draw(in ctx: DrawingContext, mapping: ScreenMapping, time: Double) {
        let r = mapping.toScreen(frame)
        let radius = Swift.min(r.height, r.width) * 0.22
        let st = state
        let tileFill = chrome.surfaceFill(st)
        ControlChrome.tile(ctx, r, radius: radius, fill: tileFill)
        let sw = mapping.toScreen(switchRect)
        let trackFill = isOn ? chrome.accentFill(isEnabled ? .normal : .disabled) : chrome.offTrack.withAlpha(isEnabled ? 1 : 0.5)
        ControlChrome.tile(ctx, sw, radius: sw.height / 2, fill: trackFill)
        let knobR = sw.height / 2 - Swift.max(2, sw.height * 0.1)
        let cx = isOn ? sw.maxX - sw.height / 2 : sw.minX + sw.height / 2
        ctx.newPath()
        ctx.addCircle(center: Point(x: cx, y: sw.center.y), radius: knobR)
        ctx.setColor(Color(white: isEnabled ? 0.98 : 0.7))
        ctx.fill()
        let inset = sw.minY - r.minY
        var textRect = Rect(x: r.x + inset, y: r.y, width: Swift.max(1, sw.minX - r.x - 2 * inset), height: r.height)
        // Smaller than a button's: the title shares the tile with the switch.
        let px = (chrome.fontSize ?? Swift.min(26, Swift.max(12, frame.height * 0.32))) * mapping.scale
        let ink = chrome.ink(on: tileFill).withAlpha(isEnabled ? 1 : 0.5)
        if let icon {
            // An icon a little larger than the text, before it (the title keeps its size).
            let side = Swift.min(px * 1.15, r.height * 0.8)
            icon.draw(in: ctx, box: Rect(x: textRect.x, y: r.center.y - side / 2, width: side, height: side), color: isOn ? chrome.accentFill(isEnabled ? .normal : .disabled) : ink)
            let used = side + px * 0.3
            textRect = Rect(x: textRect.x + used, y: textRect.y, width: Swift.max(1, textRect.width - used), height: textRect.height)
        }
        drawLeftText(ctx, title, in: textRect, pixelSize: px, color: ink)
        if hasFocus { chrome.focusRing(ctx, r, radius: radius, scale: mapping.scale) }
    }

    /// The title left in `r`, fitted as `fit` says (shrink: to 80 % at most, then '…').
    private func drawLeftText(_ ctx: DrawingContext, _ text: String, in r: Rect, pixelSize: Double, color: Color) {
        guard !text.isEmpty else { return }
        let size = chrome.titleSize([text], room: r.width, pixelSize: pixelSize, ctx: ctx)
        let layout = chrome.titleLayout(text, size: size, bold: true, width: r.width, height: r.height, alignment: .left, ctx: ctx)
        ctx.setColor(color)
        ctx.withSavedState {
            if chrome.fit == .clip { ctx.newPath(); ctx.addRect(r); ctx.clip() }
            layout.draw(at: Point(x: r.x, y: r.center.y - layout.size.height / 2))
        }
    }

    public func isAnimating(at time: Double) -> Bool { false }
    public func hitTest(_ point: Point) -> Bool { frame.contains(point) }

    public func handle(_ input: WidgetInput, at time: Double) -> [WidgetEvent] {
        guard isEnabled else { return [] }
        if case let .key(key) = input {
            guard key == .enter || key == .space else { return [] }
            return flip(source: .user)
        }
        let before = press.isPressed
        var events: [WidgetEvent] = []
        for change in press.handle(input, frame: frame, at: time) where change == .clicked {
            events += flip(source: .user)
        }
        if press.isPressed != before { needsDisplay = true }
        return events
    }

    private func flip(source: WidgetEvent.Source) -> [WidgetEvent] {
        isOn.toggle()
        needsDisplay = true
        return [valueChanged(source)]
    }

    private func valueChanged(_ source: WidgetEvent.Source?) -> WidgetEvent {
        var f = EventFields()
        f.add("on", isOn)
        if let source { f.add("source", source) }
        return WidgetEvent("valueChanged", f.fields)
    }

    public func advance(to time: Double) -> [WidgetEvent] { [] }
    public var typeName: String { "toggle" }
    public var commandKeys: [String: Set<String>] { ToggleDescriptor.commands.verbs }

    public func apply(_ command: WidgetCommand, at time: Double) throws(WidgetCommandError) -> [WidgetEvent] {
        let on = try command.checkedBool("on"), enabled = try command.checkedBool("enabled")
        guard on != nil || enabled != nil else { throw WidgetCommandError("nothing to set: give 'on' or 'enabled'") }
        if let enabled { isEnabled = enabled; if !enabled { press.cancel() } }
        needsDisplay = true
        if let on, on != isOn { return flip(source: .program) }
        return []
    }

    public func snapshot() -> WidgetEvent? { valueChanged(nil).renamed("state") }
}
