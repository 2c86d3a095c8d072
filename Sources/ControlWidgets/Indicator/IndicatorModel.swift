/// A status light's state: off, on, or blinking (lit for the first half of each period).
/// Pure rules; the view paints what `isLit(at:)` says and wakes at `nextChange(after:)`.
public struct IndicatorModel: Equatable, Sendable {
    public enum State: String, CaseIterable, Sendable { case off, on, blinking }

    public var state: State
    /// Blink period in seconds: lit for half of it, dark for the other half.
    public var period: Double

    public init(state: State = .off, period: Double = 1) { self.state = state; self.period = period }

    public func isLit(at time: Double) -> Bool {
        switch state {
        case .off: false
        case .on: true
        case .blinking: phase(at: time) % 2 == 0
        }
    }

    /// The half-period `time` falls in: lit on even ones.
    func phase(at time: Double) -> Int { Int((time / (period / 2)).rounded(.down)) }

    /// When the light next changes by itself after `time` (the next half-period), nil when
    /// it is steady: a blinking light wakes the panel twice a period, never every frame.
    public func nextChange(after time: Double) -> Double? {
        guard state == .blinking else { return nil }
        return Double(phase(at: time) + 1) * (period / 2)
    }
}
