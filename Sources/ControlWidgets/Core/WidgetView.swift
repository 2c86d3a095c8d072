import Graphics

/// A widget on screen: a model (pure state and rules) plus the cached layers that paint it.
/// The runtime owns widgets on its one thread; they never see Cairo handles of the output,
/// DRM, or the clock's source, only times and a drawing context on the frame in memory.
public protocol WidgetView: AnyObject {
    var id: String { get }
    /// The widget's frame in design pixels.
    var frame: Rect { get }

    /// The screen-pixel area this widget may paint (frame plus shadows, focus ring, caption).
    func paintBounds(_ mapping: ScreenMapping) -> Rect
    /// Paints the widget as it looks at `time` into `ctx` (screen pixels, clip already set).
    func draw(in ctx: DrawingContext, mapping: ScreenMapping, time: Double)

    /// True when something changed since the last frame and the widget must be repainted.
    var needsDisplay: Bool { get set }
    /// True while an animation runs at `time`; the scheduler keeps frames coming meanwhile.
    func isAnimating(at time: Double) -> Bool

    /// Whether a touch at `point` (design pixels) starts on this widget.
    func hitTest(_ point: Point) -> Bool
    /// Whether the widget takes keyboard focus (Tab order).
    var acceptsFocus: Bool { get }
    var hasFocus: Bool { get set }
    func handle(_ input: WidgetInput, at time: Double) -> [WidgetEvent]
    /// Advances animations to `time`, returning events for those that ended.
    func advance(to time: Double) -> [WidgetEvent]
    /// Applies an integrator command (`set` with properties); returns events it caused.
    func apply(_ command: WidgetCommand, at time: Double) throws(WidgetCommandError) -> [WidgetEvent]
    /// The current state as event fields (for `get` commands and snapshots).
    func snapshot() -> WidgetEvent?
}

/// A command from the integrator to one widget, already parsed.
public struct WidgetCommand: Sendable {
    public var position: Double?          // degrees
    public var positionIndex: Int?
    public var value: Double?
    public var animated: Bool
    public var enabled: Bool?

    public init(position: Double? = nil, positionIndex: Int? = nil, value: Double? = nil, animated: Bool = false, enabled: Bool? = nil) {
        self.position = position; self.positionIndex = positionIndex; self.value = value
        self.animated = animated; self.enabled = enabled
    }
}

public struct WidgetCommandError: Error, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ message: String) { description = message }
}
