/// The latest `capacity` values of a per-frame history (flip times, frame costs), plus how
/// many were ever added. Panels run for months: a history that grows with every frame is a
/// leak (about 5 MB an hour while something animates), so only a recent window is kept for
/// the summaries and statistics, in a ring that never grows past its capacity.
public struct RecentSamples: Sendable {
    public let capacity: Int
    /// Values ever appended (the number a flip log counts with), not the number kept.
    public private(set) var count = 0
    private var ring: [Double] = []
    private var next = 0

    public init(capacity: Int = 4096) {
        precondition(capacity > 0)
        self.capacity = capacity
    }

    public var isEmpty: Bool { count == 0 }
    /// How many values are kept (at most `capacity`).
    public var keptCount: Int { ring.count }

    public mutating func append(_ value: Double) {
        count += 1
        if ring.count < capacity {
            ring.append(value)
        } else {
            ring[next] = value
            next = (next + 1) % capacity
        }
    }

    /// The kept values, oldest first.
    public var values: [Double] {
        ring.count < capacity ? ring : Array(ring[next...] + ring[..<next])
    }
}
