import Graphics

/// A momentary push button: a `title` and/or an `icon` on a rounded tile. A touch that lifts
/// inside is a click; with `repeats`, holding it clicks again after 0.5 s and then every 0.1 s
/// (for + and − buttons). Enter or Space clicks the focused button.
///
/// Events: `pressed`, `released`, `clicked` (each with `source`). Commands: `set` `title`,
/// `enabled`, `selected`; `get` answers `{"event":"state","pressed":…,"enabled":…}`.
public final class ButtonView: TargetingWidget {
    public let id: String
    public let frame: Rect
    public private(set) var title: String
    public let icon: WidgetIcon?
    public let repeats: Bool
    public let chrome: ControlChrome
    public private(set) var isEnabled: Bool
    public private(set) var isSelected: Bool
    public var needsDisplay = true
    public var hasFocus = false
    public var acceptsFocus: Bool { isEnabled }
    private var press = PressTracker()
    private var autoRepeat = AutoRepeat()
    /// What each click does to another widget (ButtonAction), and the clicks not yet run.
    public let action: ButtonAction?
    private var pendingRequests: [TargetRequest] = []

    /// Auto-repeat: the first repeat after this long, then one every `repeatInterval`.
    public static let repeatDelay = AutoRepeat.delay
    public static let repeatInterval = AutoRepeat.interval

    public init(id: String, frame: Rect, title: String, icon: WidgetIcon? = nil, repeats: Bool = false,
                chrome: ControlChrome, enabled: Bool = true, selected: Bool = false, action: ButtonAction? = nil) {
        self.id = id; self.frame = frame; self.title = title; self.icon = icon; self.repeats = repeats; self.action = action
        self.chrome = chrome; self.isEnabled = enabled; self.isSelected = selected
    }

    public var state: ControlState {
        ControlState.resolve(highlighted: press.isPressed, enabled: isEnabled, selected: isSelected)
    }

    public func paintBounds(_ mapping: ScreenMapping) -> Rect { mapping.toScreen(frame).insetBy(-8 * mapping.scale - 2) }

    public func draw(in ctx: DrawingContext, mapping: ScreenMapping, time: Double) {
        let r = mapping.toScreen(frame)
        let radius = Swift.min(r.height, r.width) * 0.22
        let st = state
        let fill = st == .selected || st == .highlighted ? chrome.accentFill(st) : chrome.surfaceFill(st)
        ControlChrome.tile(ctx, r, radius: radius, fill: fill)
        let ink = chrome.ink(on: fill).withAlpha(isEnabled ? 1 : 0.5)
        var textRect = r
        if let icon, !title.isEmpty, r.width >= 1.6 * r.height {
            // A wide button: the icon before the title, one group, as a segment draws it.
            let px = chrome.textSize(forHeight: frame.height) * mapping.scale
            chrome.drawIconAndText(ctx, icon: icon, title, in: r, pixelSize: px, bold: true, color: ink)
            if hasFocus { chrome.focusRing(ctx, r, radius: radius, scale: mapping.scale) }
            return
        }
        if let icon {
            let side = Swift.min(r.height * (title.isEmpty ? 0.6 : 0.5), r.width * 0.8)
            let iconRect = Rect(x: r.center.x - side / 2, y: title.isEmpty ? r.center.y - side / 2 : r.y + r.height * 0.12,
                                width: side, height: side)
            icon.draw(in: ctx, box: iconRect, color: ink)
            textRect = Rect(x: r.x, y: iconRect.maxY, width: r.width, height: r.maxY - iconRect.maxY)
        }
        let px = chrome.textSize(forHeight: icon == nil ? frame.height : frame.height * 0.5) * mapping.scale
        chrome.drawText(ctx, title, in: textRect, pixelSize: px, bold: true, color: ink)
        if hasFocus { chrome.focusRing(ctx, r, radius: radius, scale: mapping.scale) }
    }

    public func isAnimating(at time: Double) -> Bool { repeats && press.isPressed }

    public func hitTest(_ point: Point) -> Bool { frame.contains(point) }

    public func handle(_ input: WidgetInput, at time: Double) -> [WidgetEvent] {
        guard isEnabled else { return [] }
        if case let .key(key) = input {
            guard key == .enter || key == .space else { return [] }
            needsDisplay = true
            return [event("pressed"), event("released"), event("clicked")]
        }
        let before = press.isPressed
        var events: [WidgetEvent] = []
        for change in press.handle(input, frame: frame, at: time) {
            switch change {
            case .pressed: events.append(event("pressed")); autoRepeat.restart()
            case .released: events.append(event("released"))
            case .clicked:
                // A repeating button that already repeated does not click again on release.
                if !(repeats && autoRepeat.fired > 0) { events.append(event("clicked")) }
            case .none: break
            }
        }
        if press.isPressed != before { needsDisplay = true }
        return events
    }

    /// Auto-repeat clicks due by `time`: at downTime + 0.5, + 0.6, + 0.7, …
    public func advance(to time: Double) -> [WidgetEvent] {
        guard repeats, press.isPressed else { return [] }
        return (0..<autoRepeat.due(heldSince: press.downTime, at: time)).map { _ in event("clicked") }
    }

    private func event(_ name: String, source: WidgetEvent.Source = .user) -> WidgetEvent {
        if name == "clicked", let action { pendingRequests.append(action.request) }
        return WidgetEvent(name, [EventField("source", .string(source.rawValue))])
    }

    public func takeTargetRequests() -> [TargetRequest] {
        defer { pendingRequests = [] }
        return pendingRequests
    }

    public var typeName: String { "button" }
    public var commandKeys: [String: Set<String>] { ButtonDescriptor.commands.verbs }

    public func apply(_ command: WidgetCommand, at time: Double) throws(WidgetCommandError) -> [WidgetEvent] {
        let enabled = try command.checkedBool("enabled"), selected = try command.checkedBool("selected")
        var newTitle: String?
        if let t = command.arguments["title"] {
            guard let s = t.string else { throw WidgetCommandError("'title' must be a string") }
            guard s.unicodeScalars.count <= 200 else { throw WidgetCommandError("'title' is longer than 200 characters") }
            newTitle = s
        }
        guard enabled != nil || selected != nil || newTitle != nil else {
            throw WidgetCommandError("nothing to set: give 'title', 'enabled' or 'selected'")
        }
        var events: [WidgetEvent] = []
        if let enabled {
            if !enabled && press.isPressed { events.append(event("released", source: .program)) }
            if !enabled { press.cancel() }
            isEnabled = enabled
        }
        if let selected { isSelected = selected }
        if let newTitle { title = newTitle }
        needsDisplay = true
        return events
    }

    public func snapshot() -> WidgetEvent? {
        WidgetEvent("state", [EventField("pressed", .bool(press.isPressed)), EventField("enabled", .bool(isEnabled)),
                              EventField("selected", .bool(isSelected))])
    }
}
