import Graphics

/// The button in a page corner that toggles the page menu (the reference's `revealToggle:`
/// connected to a bar button). It is drawn over every page as the page's topmost widget, so
/// it moves with the page's pixels; a tap on it reports `menuButtonTapped` to the runtime,
/// which toggles the drawer (the event is never sent to integrators).
public final class MenuButtonView: WidgetView {
    public static let widgetID = "(menu)"
    public static let tapped = WidgetEvent("menuButtonTapped")
    /// 48 design pixels square, 12 from the corner's edges.
    public static let side = 48.0, margin = 12.0

    public var id: String { Self.widgetID }
    public let frame: Rect
    public let color: Color
    public var needsDisplay = true
    public var hasFocus = false
    public var acceptsFocus: Bool { false }
    /// Out of the Tab order, but a button: its press ticks like a control's.
    public var clicksOnPress: Bool { true }
    private var pressed: Set<Int> = []
    private var cache: (scale: Double, highlighted: Bool, surface: ImageSurface)?

    public enum Corner: String, Sendable { case topLeft, topRight, bottomLeft, bottomRight }

    public init(corner: Corner, designWidth: Double, designHeight: Double, color: Color) {
        let s = Self.side, m = Self.margin
        let x = corner == .topLeft || corner == .bottomLeft ? m : designWidth - m - s
        let y = corner == .topLeft || corner == .topRight ? m : designHeight - m - s
        frame = Rect(x: x, y: y, width: s, height: s)
        self.color = color
    }

    public func paintBounds(_ mapping: ScreenMapping) -> Rect { mapping.toScreen(frame) }

    public func draw(in ctx: DrawingContext, mapping: ScreenMapping, time: Double) {
        guard let image = image(scale: mapping.scale, highlighted: !pressed.isEmpty) else { return }
        let origin = mapping.toScreen(Point(x: frame.x, y: frame.y))
        ctx.setSource(image, at: Point(x: origin.x.rounded(), y: origin.y.rounded()), smooth: false)
        ctx.paint()
    }

    private func image(scale: Double, highlighted: Bool) -> ImageSurface? {
        if let cache, cache.scale == scale, cache.highlighted == highlighted { return cache.surface }
        let side = Swift.max(1, Int((Self.side * scale).rounded(.up)))
        guard let surface = try? ImageSurface(width: side, height: side) else { return nil }
        let ctx = DrawingContext(surface: surface)
        let s = Double(side)
        ctx.newPath()
        ctx.addRoundedRect(Rect(x: 0, y: 0, width: s, height: s), radius: s * 0.22)
        ctx.setColor(color.withAlpha(highlighted ? 0.28 : 0.10))
        ctx.fill()
        // Three bars: the usual "menu" sign.
        ctx.setColor(color.withAlpha(0.9))
        for i in 0..<3 {
            ctx.newPath()
            ctx.addRoundedRect(Rect(x: s * 0.27, y: s * (0.31 + 0.17 * Double(i)) - s * 0.03, width: s * 0.46, height: s * 0.06), radius: s * 0.03)
            ctx.fill()
        }
        cache = (scale, highlighted, surface)
        return surface
    }

    public func isAnimating(at time: Double) -> Bool { false }
    /// A finger-sized target: 8 design pixels around the drawn square count too.
    public func hitTest(_ p: Point) -> Bool {
        p.x >= frame.x - 8 && p.x <= frame.x + frame.width + 8 && p.y >= frame.y - 8 && p.y <= frame.y + frame.height + 8
    }

    public func handle(_ input: WidgetInput, at time: Double) -> [WidgetEvent] {
        switch input {
        case .touchDown(let id, _):
            pressed.insert(id); needsDisplay = true
        case .touchMove(let id, let p):
            // Sliding off the button cancels the tap, as a UIButton does.
            if !hitTest(p), pressed.remove(id) != nil { needsDisplay = true }
        case .touchUp(let id):
            if pressed.remove(id) != nil { needsDisplay = true; return [Self.tapped] }
        case .touchCancel(let id):
            if pressed.remove(id) != nil { needsDisplay = true }
        case .wheel, .key:
            break
        }
        return []
    }

    public func advance(to time: Double) -> [WidgetEvent] { [] }
    public var typeName: String { "menuButton" }
    public var commandKeys: [String: Set<String>] { [:] }
    public func apply(_ command: WidgetCommand, at time: Double) throws(WidgetCommandError) -> [WidgetEvent] {
        throw WidgetCommandError("the menu button takes no commands")
    }
    public func snapshot() -> WidgetEvent? { nil }
}
