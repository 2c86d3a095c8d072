/// Delays between reconnection attempts: `first`, doubling each failure, never above `cap`;
/// back to `first` once a connection succeeds. A broker that is down for an hour costs one
/// attempt every `cap` seconds, and one that restarts is found again within a second or two.
public struct ReconnectBackoff: Equatable, Sendable {
    public let first: Double
    public let cap: Double
    public private(set) var current: Double

    public init(first: Double = 0.25, cap: Double = 10) {
        self.first = first
        self.cap = cap
        current = first
    }

    /// The delay before the next attempt; the one after it doubles (up to the cap).
    public mutating func next() -> Double {
        let delay = current
        current = Swift.min(current * 2, cap)
        return delay
    }

    public mutating func reset() { current = first }
}
