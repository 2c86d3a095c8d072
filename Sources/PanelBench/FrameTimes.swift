/// Median, 95th percentile and maximum of a phase's frame times, in milliseconds
/// (nearest-rank percentiles: the value at rank ⌈p·n⌉ of the sorted times).
public struct FrameTimes: Sendable, Equatable {
    public var median: Double
    public var p95: Double
    public var max: Double
    public var count: Int

    /// `seconds`: one duration per frame, at least one.
    public init(seconds: [Double]) {
        precondition(!seconds.isEmpty)
        let sorted = seconds.sorted()
        func rank(_ p: Double) -> Double {
            let r = Int((p * Double(sorted.count)).rounded(.up))
            return sorted[Swift.min(Swift.max(r, 1), sorted.count) - 1] * 1000
        }
        median = rank(0.5)
        p95 = rank(0.95)
        max = sorted[sorted.count - 1] * 1000
        count = sorted.count
    }
}
