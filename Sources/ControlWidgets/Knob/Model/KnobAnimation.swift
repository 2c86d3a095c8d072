/// A rotation of the knob image as a pure function of time.
///
/// Angles are knob positions in radians (not screen rotations); `toAngle` is always the
/// model's resting `position`, `fromAngle` the angle shown when the animation started,
/// moved by whole turns so that the knob takes the short way round (the reference adds
/// or subtracts 2π until the two are less than π apart). The timing is linear, like the
/// reference's `kCAMediaTimingFunctionLinear`.
public struct KnobAnimation: Sendable, Equatable {
    public var fromAngle: Double
    public var toAngle: Double
    /// Seconds on the caller's clock.
    public var startTime: Double
    /// Seconds; zero or less means "already there".
    public var duration: Double

    public init(fromAngle: Double, toAngle: Double, startTime: Double, duration: Double) {
        self.fromAngle = fromAngle
        self.toAngle = toAngle
        self.startTime = startTime
        self.duration = duration
    }

    public var endTime: Double { startTime + duration }

    /// The angle shown at `time`: `fromAngle` before the start, `toAngle` from the end on.
    public func angle(at time: Double) -> Double {
        guard duration > 0 else { return toAngle }
        let progress = (time - startTime) / duration
        if progress >= 1 { return toAngle }
        if progress <= 0 { return fromAngle }
        return fromAngle + (toAngle - fromAngle) * progress
    }

    /// True until `endTime` (the end itself shows the final angle and is not running).
    public func isRunning(at time: Double) -> Bool { time < endTime }

    /// Radians per second (0 for an empty animation).
    public var angularVelocity: Double {
        duration > 0 ? abs(toAngle - fromAngle) / duration : 0
    }
}
