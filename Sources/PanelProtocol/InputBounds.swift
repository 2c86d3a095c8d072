/// The bounds every input number keeps before it reaches a widget (DESIGN.md: numbers are
/// checked at the edge). Scripts reject values outside them with a positioned error; the
/// router applies `bounded` to input from every source (scripts, evdev, libinput, sockets),
/// so a device reporting a degenerate axis cannot smuggle an infinity into a gesture.
extension InputEvent {
    /// Design-pixel coordinates: ±10⁶ is far outside any screen (designs are at most 8192
    /// pixels a side) and keeps gesture arithmetic finite and exact enough.
    public static let coordinateBound = 1_000_000.0
    /// Wheel or encoder detents in one event.
    public static let wheelBound = 1000.0

    /// This event with coordinates clamped to ±`coordinateBound` and wheel deltas to
    /// ±`wheelBound`; nil when one of its numbers is NaN (there is no sensible place for it).
    public var bounded: InputEvent? {
        func clamp(_ v: Double, _ bound: Double) -> Double? { v.isNaN ? nil : Swift.min(Swift.max(v, -bound), bound) }
        switch self {
        case let .touchDown(id, x, y):
            guard let x = clamp(x, Self.coordinateBound), let y = clamp(y, Self.coordinateBound) else { return nil }
            return .touchDown(id: id, x: x, y: y)
        case let .touchMotion(id, x, y):
            guard let x = clamp(x, Self.coordinateBound), let y = clamp(y, Self.coordinateBound) else { return nil }
            return .touchMotion(id: id, x: x, y: y)
        case let .pointerMotion(x, y):
            guard let x = clamp(x, Self.coordinateBound), let y = clamp(y, Self.coordinateBound) else { return nil }
            return .pointerMotion(x: x, y: y)
        case let .wheel(delta):
            guard let d = clamp(delta, Self.wheelBound) else { return nil }
            return .wheel(delta: d)
        default:
            return self
        }
    }
}
