#if canImport(Glibc)
import Glibc
#endif
import Graphics

/// The round part of a widget (a knob's circle), in design pixels, with the way its angles
/// turn. Script lines aimed at a widget (`"widget":"dimmer","angle":45,"radius":0.8`) and
/// `knob-panel layout` use it, so tests can touch a knob without measuring PNGs.
public struct RoundArea: Sendable, Equatable {
    public var center: Point
    public var radius: Double
    /// True when angles grow clockwise on screen (a `clockwise` knob), else counter-clockwise:
    /// the same convention as the knob's `position`.
    public var clockwise: Bool

    public init(center: Point, radius: Double, clockwise: Bool = false) {
        self.center = center; self.radius = radius; self.clockwise = clockwise
    }

    /// The circle inscribed in a frame: where touches aim on widgets that are not round.
    public init(inscribedIn frame: Rect) {
        self.init(center: frame.center, radius: Swift.min(frame.width, frame.height) / 2)
    }

    /// The point `fraction` of the radius away from the centre in the direction `degrees`,
    /// measured as the knob measures positions: 0° is 12 o'clock, positive angles turn
    /// counter-clockwise (clockwise when `clockwise`). A knob at rest at position p shows its
    /// pointer at exactly this direction for `degrees` = p.
    public func point(degrees: Double, fraction: Double) -> Point {
        let a = degrees * .pi / 180
        let r = radius * fraction
        // y grows downwards: 12 o'clock is (0, -r); counter-clockwise from it is towards -x.
        let dx = (clockwise ? 1 : -1) * r * sin(a)
        return Point(x: center.x + dx, y: center.y - r * cos(a))
    }
}
