import Graphics

/// A row of segments, one selected (`titles`, state `index`): the selected segment is filled
/// with the accent and its title is bold in contrasting ink. A tap on a segment selects it;
/// Left/Right move the selection when focused (Home/End: first/last). Each change sends
/// `valueChanged` with `index` and `title`.
///
/// Commands: `set` `index` (or `title`), `enabled`; `get` answers the same fields.
public final class SegmentedView: WidgetView {
    public let id: String
    public let frame: Rect
    public let titles: [String]
    /// Per segment, an icon before its title (nil: none).
    public let icons: [WidgetIcon?]
    public let chrome: ControlChrome
    public private(set) var index: Int
    public private(set) var isEnabled: Bool
    public var needsDisplay = true
    public var hasFocus = false
    public var acceptsFocus: Bool { isEnabled }
    private var press = PressTracker()
    private var pressedSegment: Int?

    public init(id: String, frame: Rect, titles: [String], icons: [WidgetIcon?] = [], index: Int = 0, chrome: ControlChrome, enabled: Bool = true) {
        self.id = id; self.frame = frame; self.titles = titles.isEmpty ? [""] : titles
        self.icons = icons
        self.index = Swift.min(Swift.max(index, 0), Swift.max(0, titles.count - 1))
        self.chrome = chrome; self.isEnabled = enabled
    }

    /// Segment `i`'s frame (design pixels): equal widths side by side.
    public func segmentRect(_ i: Int) -> Rect {
        let w = frame.width / Double(titles.count)
        return Rect(x: frame.x + w * Double(i), y: frame.y, width: w, height: frame.height)
    }

    public func segment(at p: Point) -> Int? {
        guard frame.contains(p) else { return nil }
        return Swift.min(titles.count - 1, Swift.max(0, Int((p.x - frame.x) / (frame.width / Double(titles.count)))))
    }

    public func paintBounds(_ mapping: ScreenMapping) -> Rect { mapping.toScreen(frame).insetBy(-8 * mapping.scale - 2) }

    public func draw(in ctx: DrawingContext, mapping: ScreenMapping, time: Double) {
        let r = mapping.toScreen(frame)
        let radius = Swift.min(r.height * 0.22, r.width * 0.1)
        let base = chrome.surfaceFill(isEnabled ? .normal : .disabled)
        ControlChrome.tile(ctx, r, radius: radius, fill: base)
        let px = chrome.textSize(forHeight: frame.height) * mapping.scale * 0.9
        let gap = Swift.max(2, 3 * mapping.scale)
        // One size for every segment, measured bold: the selected title is never the smaller.
        let shared = segmentTitleSize(ctx, mapping: mapping, pixelSize: px, gap: gap)
        for i in titles.indices {
            let s = mapping.toScreen(segmentRect(i))
            var fill = base
            if i == index {
                fill = chrome.accentFill(isEnabled ? .normal : .disabled)
                ControlChrome.tile(ctx, s.insetBy(gap), radius: Swift.max(0, radius - gap), fill: fill)
            } else if i == pressedSegment && press.isPressed {
                fill = chrome.surfaceFill(.highlighted)
                ControlChrome.tile(ctx, s.insetBy(gap), radius: Swift.max(0, radius - gap), fill: fill)
            } else if i > 0 && i - 1 != index {
                // A hairline between two unselected segments.
                ctx.newPath()
                ctx.move(to: Point(x: s.minX.rounded() + 0.5, y: s.minY + s.height * 0.25))
                ctx.line(to: Point(x: s.minX.rounded() + 0.5, y: s.maxY - s.height * 0.25))
                ctx.setLineWidth(1)
                ctx.setColor(chrome.textColor.withAlpha(0.15))   // the text token: seen on light themes too
                ctx.stroke()
            }
            let ink = chrome.ink(on: fill).withAlpha(isEnabled ? 1 : 0.5)
            if i < icons.count, let icon = icons[i] {
                chrome.drawIconAndText(ctx, icon: icon, titles[i], in: s.insetBy(gap), pixelSize: px, bold: i == index, color: ink, size: shared)
            } else {
                chrome.drawText(ctx, titles[i], in: s.insetBy(gap), pixelSize: px, bold: i == index, color: ink, size: shared)
            }
        }
        if hasFocus { chrome.focusRing(ctx, r, radius: radius, scale: mapping.scale) }
    }

    /// The title size all segments share: the smallest any of them needs to fit its room.
    func segmentTitleSize(_ ctx: DrawingContext, mapping: ScreenMapping, pixelSize px: Double, gap: Double) -> Double {
        var size = px
        for i in titles.indices where !titles[i].isEmpty {
            let box = mapping.toScreen(segmentRect(i)).insetBy(gap)
            let room = i < icons.count && icons[i] != nil ? chrome.iconTextRoom(in: box, pixelSize: px).room : box.width * 0.92
            size = Swift.min(size, chrome.titleSize([titles[i]], room: room, pixelSize: px, ctx: ctx))
        }
        return size
    }

    public func isAnimating(at time: Double) -> Bool { false }
    public func hitTest(_ point: Point) -> Bool { frame.contains(point) }

    public func handle(_ input: WidgetInput, at time: Double) -> [WidgetEvent] {
        guard isEnabled else { return [] }
        switch input {
        case let .key(key):
            switch key {
            case .left, .down: return select(index - 1, source: .user)
            case .right, .up: return select(index + 1, source: .user)
            case .home: return select(0, source: .user)
            case .end: return select(titles.count - 1, source: .user)
            case .enter, .space: return select((index + 1) % titles.count, source: .user)
            default: return []
            }
        case let .touchDown(_, p):
            pressedSegment = segment(at: p)
        default: break
        }
        let before = press.isPressed
        var events: [WidgetEvent] = []
        for change in press.handle(input, frame: frame, at: time) where change == .clicked {
            if let s = pressedSegment { events += select(s, source: .user) }
        }
        if press.isPressed != before { needsDisplay = true }
        return events
    }

    private func select(_ i: Int, source: WidgetEvent.Source) -> [WidgetEvent] {
        let clamped = Swift.min(Swift.max(i, 0), titles.count - 1)
        guard clamped != index else { return [] }
        index = clamped
        needsDisplay = true
        return [valueChanged(source)]
    }

    private func valueChanged(_ source: WidgetEvent.Source?) -> WidgetEvent {
        var f = EventFields()
        f.add("index", index)
        f.add("title", titles[index])
        if let source { f.add("source", source) }
        return WidgetEvent("valueChanged", f.fields)
    }

    public func advance(to time: Double) -> [WidgetEvent] { [] }
    public var typeName: String { "segmented" }
    public var commandKeys: [String: Set<String>] { SegmentedDescriptor.commands.verbs }

    public func apply(_ command: WidgetCommand, at time: Double) throws(WidgetCommandError) -> [WidgetEvent] {
        let enabled = try command.checkedBool("enabled")
        var target: Int?
        if command.arguments["index"] != nil {
            guard let i = command.integer("index") else { throw WidgetCommandError("'index' must be a whole number") }
            guard titles.indices.contains(i) else { throw WidgetCommandError("index \(i) is out of range 0...\(titles.count - 1)") }
            target = i
        }
        if let t = command.arguments["title"] {
            guard target == nil else { throw WidgetCommandError("give only one of 'index' and 'title'") }
            guard let s = t.string, let i = titles.firstIndex(of: s) else {
                throw WidgetCommandError("'title' must be one of: \(titles.joined(separator: ", "))")
            }
            target = i
        }
        guard target != nil || enabled != nil else { throw WidgetCommandError("nothing to set: give 'index', 'title' or 'enabled'") }
        if let enabled { isEnabled = enabled; if !enabled { press.cancel() } }
        needsDisplay = true
        if let target { return select(target, source: .program) }
        return []
    }

    public func snapshot() -> WidgetEvent? { valueChanged(nil).renamed("state") }
}
