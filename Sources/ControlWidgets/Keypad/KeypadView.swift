import Graphics

/// A number pad with a display line (KeypadLayout): the entry typed so far, right-aligned,
/// or, before anything is typed, the target's current value (or the last number entered)
/// faded. A key acts on release inside it (PressTracker); backspace repeats while held
/// (AutoRepeat). The keyboard's Enter enters.
///
/// With a `target` (any widget that takes a number, checked by `check`), enter sets the
/// target through its own `set` (TargetRequest): `entered` here, then the target's
/// `valueChanged`, then `targetChanged` (with `clamped`) from here. Without one, enter is
/// the keypad's own `valueChanged` with `value` (clamped to `range`).
///
/// Events: `entryChanged` (`entry`), `valueChanged` or `entered`, `cancelled`, each with
/// `source`. Commands: `set` `value` (no target), `entry`, `enabled`.
public final class KeypadView: TargetingWidget, BoundValueDisplay, DigitEntry {
    public let id: String
    public let frame: Rect
    public private(set) var model: KeypadModel
    public let layout: KeypadLayout
    public let target: String?
    public let title: String
    public let range: ClosedRange<Double>?
    public let chrome: ControlChrome
    public private(set) var isEnabled: Bool
    /// The keypad's own number (no target): the last one entered or set.
    public private(set) var value: Double?
    /// The target's value as it shows it ("12.50 V"), kept up to date by the runtime.
    private var targetReadout: String?
    public var needsDisplay = true
    public var hasFocus = false
    public var acceptsFocus: Bool { isEnabled }
    private var press = PressTracker()
    private var pressedKey: KeypadModel.Key?
    private var autoRepeat = AutoRepeat()
    private var requests: [TargetRequest] = []

    public init(id: String, frame: Rect, model: KeypadModel, target: String?, title: String, range: ClosedRange<Double>?,
                value: Double?, chrome: ControlChrome, enabled: Bool = true) {
        self.id = id; self.frame = frame; self.model = model; self.target = target; self.title = title
        self.range = range; self.chrome = chrome; self.isEnabled = enabled
        self.value = value.map { v in range.map { Swift.min($0.upperBound, Swift.max($0.lowerBound, v)) } ?? v }
        layout = KeypadLayout(frame: frame, signed: model.signed, decimals: model.decimals)
    }

    // MARK: drawing

    public func paintBounds(_ mapping: ScreenMapping) -> Rect { mapping.toScreen(frame).insetBy(-4 * mapping.scale - 2) }

    public func draw(in ctx: DrawingContext, mapping: ScreenMapping, time: Double) {
        let alpha = isEnabled ? 1.0 : 0.45
        KeypadPainter(chrome: chrome, scale: mapping.scale, alpha: alpha).display(
            ctx, mapping.toScreen(layout.display), caption: caption, entry: model.isEmpty ? nil : model.text, placeholder: placeholder)
        let painter = KeypadPainter(chrome: chrome, scale: mapping.scale, alpha: alpha)
        for (key, rect) in layout.keys {
            painter.key(ctx, key, in: mapping.toScreen(rect), pressed: press.isPressed && pressedKey == key,
                        enabled: key != .enter || model.number != nil)
        }
        if hasFocus { chrome.focusRing(ctx, mapping.toScreen(layout.display), radius: mapping.toScreen(layout.display).height * 0.3, scale: mapping.scale) }
    }

    /// The display's caption: the title, else the target's id with an arrow.
    var caption: String { !title.isEmpty ? title : target.map { "\u{2192} \($0)" } ?? "" }

    /// What the display shows before anything is typed: the target's value, else the last number.
    var placeholder: String {
        if let targetReadout { return targetReadout }
        guard let value else { return "0" }
        return KeypadPainter.text(for: value, decimals: model.decimals)
    }

    public var bind: String? { target }
    public func show(boundState state: WidgetEvent, readout: String?) {
        let shown = readout ?? state["value"]?.number.map { KeypadPainter.text(for: $0, decimals: model.decimals) }
        if shown != targetReadout { targetReadout = shown; needsDisplay = true }
    }

    // MARK: input

    public func isAnimating(at time: Double) -> Bool { press.isPressed && pressedKey == .backspace }
    public func hitTest(_ point: Point) -> Bool { frame.contains(point) }

    public func handle(_ input: WidgetInput, at time: Double) -> [WidgetEvent] {
        guard isEnabled else { return [] }
        switch input {
        case .key(.enter):
            return pressed(.enter)
        case .key, .wheel:
            return []
        case let .touchDown(_, p):
            guard press.touchID == nil, let key = layout.key(at: p), let rect = layout.rect(of: key) else { return [] }
            pressedKey = key
            autoRepeat.restart()
            _ = press.handle(input, frame: rect, at: time)
            needsDisplay = true
            return []
        default:
            guard let key = pressedKey, let rect = layout.rect(of: key) else { return [] }
            let before = press.isPressed
            var events: [WidgetEvent] = []
            for change in press.handle(input, frame: rect, at: time) where change == .clicked {
                if !(key == .backspace && autoRepeat.fired > 0) { events += pressed(key) }
            }
            if press.isPressed != before { needsDisplay = true }
            return events
        }
    }

    /// Backspace held: one character more every repeat.
    public func advance(to time: Double) -> [WidgetEvent] {
        guard press.isPressed, pressedKey == .backspace else { return [] }
        let n = autoRepeat.due(heldSince: press.downTime, at: time)
        return (0..<n).flatMap { _ in pressed(.backspace) }
    }

    private func pressed(_ key: KeypadModel.Key) -> [WidgetEvent] {
        let outcome = model.press(key)
        if outcome != .none { needsDisplay = true }
        switch outcome {
        case .none: return []
        case .edited: return [event("entryChanged", [EventField("entry", .string(model.entry))])]
        case .cancelled: return [event("cancelled", [])]
        case .entered(let n):
            if let target {
                requests.append(.set(target: target, value: n))
                return [event("entered", [EventField("value", .number(n)), EventField("target", .string(target))])]
            }
            value = range.map { Swift.min($0.upperBound, Swift.max($0.lowerBound, n)) } ?? n
            return [event("valueChanged", [EventField("value", .number(value!))])]
        }
    }

    /// A digit from a rotary dial whose `target` is this keypad: the same rules as its key
    /// (a tenth integer digit, a seventh decimal do nothing).
    public func type(digit: Int, source: WidgetEvent.Source, at time: Double) -> [WidgetEvent] {
        guard isEnabled, (0...9).contains(digit), let key = KeypadModel.Key(rawValue: String(digit)), model.press(key) == .edited else { return [] }
        needsDisplay = true
        return [event("entryChanged", [EventField("entry", .string(model.entry))], source: source)]
    }

    private func event(_ name: String, _ fields: [EventField], source: WidgetEvent.Source = .user) -> WidgetEvent {
        WidgetEvent(name, fields + [EventField("source", .string(source.rawValue))])
    }

    public func takeTargetRequests() -> [TargetRequest] {
        defer { requests = [] }
        return requests
    }

    // MARK: commands

    public var typeName: String { "keypad" }
    public var commandKeys: [String: Set<String>] { KeypadDescriptor.commands.verbs }

    public func apply(_ command: WidgetCommand, at time: Double) throws(WidgetCommandError) -> [WidgetEvent] {
        let newValue = try command.checkedNumber("value"), enabled = try command.checkedBool("enabled")
        var entry: KeypadModel?
        if let e = command.arguments["entry"] {
            guard let text = e.string else { throw WidgetCommandError("'entry' must be a string of digits, e.g. \"12.5\"") }
            entry = try Self.model(typing: text, into: KeypadModel(decimals: model.decimals, signed: model.signed))
        }
        guard newValue != nil || enabled != nil || entry != nil else { throw WidgetCommandError("nothing to set: give 'value', 'entry' or 'enabled'") }
        if newValue != nil, let target {
            throw WidgetCommandError("keypad '\(id)' sets '\(target)': set that widget's value instead")
        }
        var events: [WidgetEvent] = []
        if let enabled {
            if !enabled { press.cancel() }
            isEnabled = enabled
        }
        if let entry, entry != model {
            model = entry
            events.append(event("entryChanged", [EventField("entry", .string(model.entry))], source: .program))
        }
        if let newValue {
            let v = range.map { Swift.min($0.upperBound, Swift.max($0.lowerBound, newValue)) } ?? newValue
            if v != value { value = v; events.append(event("valueChanged", [EventField("value", .number(v))], source: .program)) }
        }
        needsDisplay = true
        return events
    }

    /// `text` typed key by key ("-12.5": ± then 1, 2, point, 5); an error names the first
    /// character the keypad would not take.
    static func model(typing text: String, into start: KeypadModel) throws(WidgetCommandError) -> KeypadModel {
        var m = start
        for c in text {
            let key: KeypadModel.Key? = c == "-" || c == "\u{2212}" ? .sign : c == "." ? .point : KeypadModel.Key(rawValue: String(c))
            guard let key, key.digit != nil || key == .sign || key == .point, m.press(key) == .edited else {
                throw WidgetCommandError("'entry' cannot take '\(c)' after '\(m.entry)' (digits, one point within the decimals, a leading minus if signed)")
            }
        }
        return m
    }

    public func snapshot() -> WidgetEvent? {
        var f = EventFields()
        f.add("entry", model.entry)
        if target == nil { f.add("value", value) }
        f.add("enabled", isEnabled)
        return WidgetEvent("state", f.fields)
    }
}
