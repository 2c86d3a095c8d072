/// The auto-repeat of a held control (a `repeat` button, a spinbox's − and +, a keypad's
/// backspace), as a value: the first repeat `delay` after touch-down, then one every
/// `interval`, counted from the press's time so a late frame catches up and never slows it.
public struct AutoRepeat: Sendable, Equatable {
    public static let delay = 0.5
    public static let interval = 0.1

    /// Repeats already reported for the current press.
    public private(set) var fired = 0

    public init() {}

    /// A new press begins: nothing repeated yet.
    public mutating func restart() { fired = 0 }

    /// How many repeats fall due by `time` for a press held since `downTime` (those not yet
    /// reported): at downTime + 0.5, + 0.6, + 0.7, …
    public mutating func due(heldSince downTime: Double, at time: Double) -> Int {
        let held = time - downTime
        guard held.isFinite, held >= Self.delay else { return 0 }
        let total = Int(Swift.min(1e6, ((held - Self.delay) / Self.interval + 1e-9).rounded(.down))) + 1
        let new = Swift.max(0, total - fired)
        fired = Swift.max(fired, total)
        return new
    }
}
