/// A gauge's rules: the reading and where the needle points.
///
/// Angles are degrees as a clock face has them: 0° at 12 o'clock, positive clockwise (the
/// way a knob with `clockwise` counts). The scale runs from `startAngle` (range lo) to
/// `endAngle` (range hi); the needle of value v points at start + level(v) · (end − start).
/// An animated `set` turns the needle at the knob's rate for `setPosition:animated:`, a full
/// turn a second, linearly (a KnobAnimation), so 90° takes 0.25 s.
public struct GaugeModel: Equatable, Sendable {
    public var reading: InstrumentValue
    public let startAngle: Double
    public let endAngle: Double
    /// The needle's glide after an animated set, in degrees; nil at rest.
    private var animation: KnobAnimation?

    /// Degrees a second an animated needle turns: the knob's full turn a second.
    public static let animationRate = 360.0

    public init(reading: InstrumentValue, startAngle: Double = -135, endAngle: Double = 135) {
        self.reading = reading; self.startAngle = startAngle; self.endAngle = endAngle
    }

    /// The needle's angle (degrees) for a level 0…1.
    public func angle(ofLevel level: Double) -> Double { startAngle + Swift.min(Swift.max(level, 0), 1) * (endAngle - startAngle) }

    /// Where the needle rests: the angle of the value.
    public var restingAngle: Double { angle(ofLevel: reading.level) }

    /// Where the needle points at `time` (on its way after an animated set).
    public func displayedAngle(at time: Double) -> Double {
        guard let animation, animation.isRunning(at: time) else { return restingAngle }
        return animation.angle(at: time)
    }

    public func isAnimating(at time: Double) -> Bool { animation?.isRunning(at: time) ?? false }

    /// Sets the value (clamped); animated, the needle turns from where it is shown at
    /// `time` at `animationRate`. True when the value changed.
    @discardableResult
    public mutating func set(_ v: Double, animated: Bool, at time: Double) -> Bool {
        let from = displayedAngle(at: time)
        guard reading.set(v) || animation != nil else { return false }
        let to = restingAngle
        animation = animated && abs(to - from) > 1e-9
            ? KnobAnimation(fromAngle: from, toAngle: to, startTime: time, duration: abs(to - from) / Self.animationRate) : nil
        return true
    }

    /// Drops a finished animation (the needle is at rest).
    public mutating func settle(at time: Double) { if let a = animation, !a.isRunning(at: time) { animation = nil } }
}
