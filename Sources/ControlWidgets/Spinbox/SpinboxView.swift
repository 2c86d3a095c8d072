import Graphics

/// − value +: a pill with a minus and a plus key at its ends and the value between them,
/// an optional title above. A tap on − or + steps once on release; held, it repeats as a
/// `repeat` button does (AutoRepeat: after 0.5 s, then every 0.1 s), and the release after
/// a repeat does not step again. A key at its end of the range is drawn faded. Wheel and
/// encoder detents step; Up/Right and Down/Left step, PageUp/PageDown ten steps, Home/End
/// go to the ends.
///
/// Events: `valueChanged` (`value`, `source`). Commands: `set` `value`, `enabled`.
public final class SpinboxView: WidgetView {
    public let id: String
    public let frame: Rect
    public private(set) var model: SpinboxModel
    public let format: ValueFormat
    public let title: String
    public let chrome: ControlChrome
    public var needsDisplay = true
    public var hasFocus = false
    public var acceptsFocus: Bool { model.isEnabled }
    private var press = PressTracker()
    /// Which key the press is on: -1 (−) or +1 (+).
    private var pressedSide = 0
    private var autoRepeat = AutoRepeat()
    private var wheelRemainder = 0.0

    public init(id: String, frame: Rect, model: SpinboxModel, format: ValueFormat, title: String, chrome: ControlChrome) {
        self.id = id; self.frame = frame; self.model = model; self.format = format; self.title = title; self.chrome = chrome
    }

    // MARK: geometry (design pixels)

    /// The title's line above the pill: 30 % of the height, 12…28 px; none without a title.
    var titleHeight: Double { Self.titleHeight(frameHeight: frame.height, hasTitle: !title.isEmpty) }
    static func titleHeight(frameHeight h: Double, hasTitle: Bool) -> Double { hasTitle ? Swift.min(28, Swift.max(12, h * 0.3)) : 0 }
    /// The pill: the frame below the title.
    var pill: Rect { Rect(x: frame.x, y: frame.y + titleHeight, width: frame.width, height: frame.height - titleHeight) }
    /// The − and + keys' touch areas at the pill's ends: as wide as the pill is high, at most
    /// 30 % of its width each (the value keeps the middle 40 % or more).
    func key(_ side: Int) -> Rect {
        let p = pill, w = Swift.min(p.height, p.width * 0.3)
        return Rect(x: side < 0 ? p.x : p.maxX - w, y: p.y, width: w, height: p.height)
    }

    public func paintBounds(_ mapping: ScreenMapping) -> Rect { mapping.toScreen(frame).insetBy(-4 * mapping.scale - 2) }

    public func draw(in ctx: DrawingContext, mapping: ScreenMapping, time: Double) {
        let enabled = model.isEnabled
        let p = mapping.toScreen(pill)
        let radius = Swift.min(p.height / 2, p.height * 0.5)
        ControlChrome.tile(ctx, p, radius: radius, fill: chrome.surfaceFill(enabled ? .normal : .disabled))
        for side in [-1, 1] {
            // Each key a disc inside its end of the pill.
            let cell = mapping.toScreen(key(side))
            let d = Swift.min(cell.width, cell.height) - p.height * 0.14
            let k = Rect(x: cell.center.x - d / 2, y: cell.center.y - d / 2, width: d, height: d)
            let can = side < 0 ? model.canDecrease : model.canIncrease
            let pressed = press.isPressed && pressedSide == side
            let fill = pressed ? chrome.accentFill(.highlighted) : chrome.surfaceFill(.normal).mixed(with: .white, 0.06)
            ControlChrome.tile(ctx, k, radius: k.height / 2, fill: fill)
            // The sign as two strokes (a font's − and + differ in weight and height).
            let ink = (pressed ? chrome.ink(on: fill) : chrome.accentFill(.normal).mixed(with: .white, 0.35))
                .withAlpha(enabled && can ? 1 : 0.3)
            let arm = k.height * 0.17
            ctx.newPath()
            ctx.setLineWidth(Swift.max(1.5, k.height * 0.07))
            ctx.setRoundCaps()
            ctx.move(to: Point(x: k.center.x - arm, y: k.center.y)); ctx.line(to: Point(x: k.center.x + arm, y: k.center.y))
            if side > 0 { ctx.move(to: Point(x: k.center.x, y: k.center.y - arm)); ctx.line(to: Point(x: k.center.x, y: k.center.y + arm)) }
            ctx.setColor(ink)
            ctx.stroke()
        }
        let left = mapping.toScreen(key(-1)), right = mapping.toScreen(key(1))
        let valueBox = Rect(x: left.maxX, y: p.y, width: right.x - left.maxX, height: p.height)
        let text = format.string(model.rounding.rounded(model.value))
        // The value always shrinks as far as it must (a number is never cut to '…'); `fit` is the title's.
        var valueChrome = chrome
        valueChrome.fit = .shrink
        let valuePx = (chrome.fontSize ?? Swift.min(40, pill.height * 0.42)) * mapping.scale
        valueChrome.drawText(ctx, text, in: valueBox, pixelSize: valuePx, bold: true, color: chrome.textColor.withAlpha(enabled ? 1 : 0.45),
                             size: valueChrome.titleSize([text], room: valueBox.width * 0.92, pixelSize: valuePx, ctx: ctx, minimumShrink: 0.25))
        if !title.isEmpty {
            let box = mapping.toScreen(Rect(x: frame.x, y: frame.y, width: frame.width, height: titleHeight))
            let width = Swift.max(1, box.width - radius * 0.5)
            let px = titleHeight * 0.62 * mapping.scale
            let layout = chrome.titleLayout(title, size: chrome.titleSize([title], room: width, pixelSize: px, ctx: ctx), bold: false,
                                            width: width, height: box.height, alignment: .left, ctx: ctx)
            ctx.setColor(chrome.textColor.withAlpha(enabled ? 0.62 : 0.35))
            ctx.withSavedState {
                if chrome.fit == .clip { ctx.newPath(); ctx.addRect(box); ctx.clip() }
                layout.draw(at: Point(x: box.x + radius * 0.5, y: box.y + (box.height - layout.size.height) / 2))
            }
        }
        if hasFocus { chrome.focusRing(ctx, p, radius: radius, scale: mapping.scale) }
    }

    // MARK: input

    public func isAnimating(at time: Double) -> Bool { press.isPressed }
    public func hitTest(_ point: Point) -> Bool { pill.contains(point) }

    public func handle(_ input: WidgetInput, at time: Double) -> [WidgetEvent] {
        guard model.isEnabled else { return [] }
        switch input {
        case let .wheel(steps):
            // Whole detents step; a fine wheel's fractions add up first (as on the knob).
            wheelRemainder = Swift.min(1000, Swift.max(-1000, wheelRemainder + steps))
            let whole = wheelRemainder.rounded(.towardZero)
            wheelRemainder -= whole
            return whole == 0 ? [] : stepped(Int(whole))
        case let .key(k):
            switch k {
            case .up, .right: return stepped(1)
            case .down, .left: return stepped(-1)
            case .pageUp: return stepped(10)
            case .pageDown: return stepped(-10)
            case .home: return setValue(model.lo)
            case .end: return setValue(model.hi)
            case .enter, .space: return []
            }
        case let .touchDown(_, p):
            guard press.touchID == nil else { return [] }
            let side = key(-1).contains(p) ? -1 : key(1).contains(p) ? 1 : 0
            guard side != 0 else { return [] }
            pressedSide = side
            autoRepeat.restart()
            _ = press.handle(input, frame: key(side), at: time)
            needsDisplay = true
            return []
        default:
            let before = press.isPressed
            var events: [WidgetEvent] = []
            for change in press.handle(input, frame: key(pressedSide), at: time) where change == .clicked {
                // A press that already repeated does not step again on release.
                if autoRepeat.fired == 0 { events += stepped(pressedSide) }
            }
            if press.isPressed != before { needsDisplay = true }
            return events
        }
    }

    /// Repeats due while − or + is held (one step each).
    public func advance(to time: Double) -> [WidgetEvent] {
        guard press.isPressed else { return [] }
        let n = autoRepeat.due(heldSince: press.downTime, at: time)
        return n > 0 ? stepped(pressedSide * n) : []
    }

    private func stepped(_ n: Int) -> [WidgetEvent] {
        guard model.step(by: n) else { return [] }
        needsDisplay = true
        return [valueChanged(.user)]
    }

    private func setValue(_ v: Double) -> [WidgetEvent] {
        guard model.set(v) else { return [] }
        needsDisplay = true
        return [valueChanged(.user)]
    }

    private func valueChanged(_ source: WidgetEvent.Source?) -> WidgetEvent {
        var f = EventFields()
        f.add("value", model.rounding.rounded(model.value))
        if let source { f.add("source", source) }
        return WidgetEvent("valueChanged", f.fields)
    }

    // MARK: commands

    public var typeName: String { "spinbox" }
    public var commandKeys: [String: Set<String>] { SpinboxDescriptor.commands.verbs }
    public var valueRounding: ValueRounding? { model.rounding }

    public func apply(_ command: WidgetCommand, at time: Double) throws(WidgetCommandError) -> [WidgetEvent] {
        let value = try command.checkedNumber("value"), enabled = try command.checkedBool("enabled")
        guard value != nil || enabled != nil else { throw WidgetCommandError("nothing to set: give 'value' or 'enabled'") }
        if let enabled {
            if !enabled { press.cancel() }
            model.isEnabled = enabled
        }
        needsDisplay = true
        guard let value, model.set(value) else { return [] }
        return [valueChanged(.program)]
    }

    public func snapshot() -> WidgetEvent? {
        var f = EventFields()
        f.add("value", model.rounding.rounded(model.value))
        f.add("enabled", model.isEnabled)
        return WidgetEvent("state", f.fields)
    }
}
