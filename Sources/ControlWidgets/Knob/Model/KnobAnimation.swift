/// A rotation of the knob image as a pure function of time.
///
/// Angles are knob positions in radians (not screen rotations); `toAngle` is always the
/// model's resting `position`, `fromAngle` the angle shown when the animation started,
/// moved by whole turns so that the knob takes the short way round (the reference adds
/// or subtracts 2π until the two are less than π apart). The timing is linear, like the
/// reference's `kCAMediaTimingFunctionLinear`.
///
/// A rotary dial's animation has one keyframe on the way (`via`): it winds to the finger
/// stop, then returns to rest (the reference's three-value CAKeyframeAnimation with linear
/// timing, so each leg is linear).
public struct KnobAnimation: Sendable, Equatable {
    /// An angle reached `time` seconds after the start.
    public struct Keyframe: Sendable, Equatable {
        public var angle: Double
        public var time: Double
        public init(angle: Double, time: Double) { self.angle = angle; self.time = time }
    }

    public var fromAngle: Double
    public var toAngle: Double
    /// Seconds on the caller's clock.
    public var startTime: Double
    /// Seconds; zero or less means "already there".
    public var duration: Double
    /// An intermediate keyframe, 0 < time < duration (nil: a single linear leg).
    public var via: Keyframe?

    public init(fromAngle: Double, toAngle: Double, startTime: Double, duration: Double, via: Keyframe? = nil) {
        self.fromAngle = fromAngle
        self.toAngle = toAngle
        self.startTime = startTime
        self.duration = duration
        self.via = via
    }

    public var endTime: Double { startTime + duration }

    /// The angle shown at `time`: `fromAngle` before the start, `toAngle` from the end on.
    public func angle(at time: Double) -> Double {
        guard duration > 0 else { return toAngle }
        let elapsed = time - startTime
        if elapsed >= duration { return toAngle }
        if elapsed <= 0 { return fromAngle }
        if let via, via.time > 0, via.time < duration {
            if elapsed <= via.time { return fromAngle + (via.angle - fromAngle) * (elapsed / via.time) }
            return via.angle + (toAngle - via.angle) * ((elapsed - via.time) / (duration - via.time))
        }
        return fromAngle + (toAngle - fromAngle) * (elapsed / duration)
    }

    /// True until `endTime` (the end itself shows the final angle and is not running).
    public func isRunning(at time: Double) -> Bool { time < endTime }

    /// Radians per second along the whole path (0 for an empty animation).
    public var angularVelocity: Double {
        guard duration > 0 else { return 0 }
        let path = via.map { abs($0.angle - fromAngle) + abs(toAngle - $0.angle) } ?? abs(toAngle - fromAngle)
        return path / duration
    }
}
