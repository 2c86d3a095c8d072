/// A script's touch aimed at a widget rather than a point:
/// `{"t":0.1,"type":"touch_down","id":0,"widget":"dimmer","angle":45,"radius":0.8}`.
/// The parser only checks its form; the runtime, which knows where widgets are, turns it
/// into a point (`PanelController.aimPoint`), so the script stays right when the layout moves.
public struct AimedTouch: Sendable, Equatable {
    public enum Phase: Sendable { case down, motion }
    public var phase: Phase
    public var id: Int
    public var widget: String
    /// Direction from the widget's centre in degrees, measured as the knob's `position`
    /// (0° = 12 o'clock, counter-clockwise positive, clockwise for a `clockwise` knob).
    public var angle: Double
    /// Distance from the centre as a fraction of the widget's radius (0 = centre, 1 = rim).
    public var radius: Double
    /// Where the `widget` value stands in the script, for "no such widget" errors.
    public var line: Int
    public var column: Int

    public init(phase: Phase, id: Int, widget: String, angle: Double = 0, radius: Double = 0, line: Int = 1, column: Int = 1) {
        self.phase = phase; self.id = id; self.widget = widget; self.angle = angle; self.radius = radius
        self.line = line; self.column = column
    }

    /// Largest `radius` fraction: beyond the rim is allowed (to test misses), but not absurdly.
    public static let maxRadius = 10.0
    /// Largest |angle|, the bound positions have everywhere.
    public static let maxAngle = 1_000_000.0
}
