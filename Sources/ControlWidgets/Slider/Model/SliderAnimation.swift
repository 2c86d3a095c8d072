/// One handle gliding from one travel to another as a pure function of time (a snap on
/// release, an animated `set`). Ease-out cubic: fast at first, settling gently, so a snap
/// reads as the handle dropping into its notch. Travel is in degrees (SliderModel).
public struct SliderAnimation: Sendable, Equatable {
    public var handle: Int
    public var from: Double
    public var to: Double
    public var startTime: Double
    public var duration: Double

    public init(handle: Int, from: Double, to: Double, startTime: Double, duration: Double) {
        self.handle = handle; self.from = from; self.to = to; self.startTime = startTime; self.duration = duration
    }

    public var endTime: Double { startTime + duration }

    /// The travel shown at `time`: `from` before the start, `to` from the end on.
    public func travel(at time: Double) -> Double {
        guard duration > 0 else { return to }
        let t = (time - startTime) / duration
        if t >= 1 { return to }
        if t <= 0 { return from }
        let u = 1 - t
        return from + (to - from) * (1 - u * u * u)
    }

    public func isRunning(at time: Double) -> Bool { time < endTime }
}
