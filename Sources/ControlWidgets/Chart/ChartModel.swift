/// The points of a chart's series, bounded two ways: at most `maxPoints` a series (the oldest
/// go first) and none older than `window` seconds before the newest time the chart has seen
/// (`now`). Pure rules; the view draws `visible`. Times are the panel's clock (an event's `t`).
///
/// The time axis ends at `now`, the latest point or append, so a chart at rest changes only
/// when data arrives: no wake-ups between points (a stale feed is greyed by its binding).
public struct ChartModel: Equatable, Sendable {
    public struct Point: Equatable, Sendable {
        public var t: Double
        public var v: Double
        public init(t: Double, v: Double) { self.t = t; self.v = v }
    }

    public let names: [String]
    public let maxPoints: Int
    public let window: Double
    /// Each series' points, oldest first (sorted by `t`).
    public private(set) var series: [[Point]]
    /// The end of the time axis.
    public private(set) var now: Double = 0

    public init(names: [String], maxPoints: Int, window: Double) {
        self.names = names.isEmpty ? ["value"] : names
        self.maxPoints = Swift.max(2, maxPoints)
        self.window = window
        series = Array(repeating: [], count: self.names.count)
    }

    /// Every point held, all series together (`get`'s `count`).
    public var count: Int { series.reduce(0) { $0 + $1.count } }

    /// The newest point of the first series that has one.
    public var last: Point? { series.lazy.compactMap(\.last).first }

    /// Adds `v` at `t` to series `index`; a point earlier than others goes into its place (a
    /// late reading), one older than the window is dropped. Returns whether it was kept.
    @discardableResult
    public mutating func append(_ v: Double, at t: Double, series index: Int) -> Bool {
        guard series.indices.contains(index), v.isFinite, t.isFinite else { return false }
        now = Swift.max(now, t)
        var points = series[index]
        if let last = points.last, t < last.t {
            // Binary search for the first point later than t: equal times keep arrival order.
            var lo = 0, hi = points.count
            while lo < hi { let mid = (lo + hi) / 2; if points[mid].t <= t { lo = mid + 1 } else { hi = mid } }
            points.insert(Point(t: t, v: v), at: lo)
        } else {
            points.append(Point(t: t, v: v))
        }
        series[index] = points
        prune()
        return series[index].contains { $0.t == t && $0.v == v }
    }

    /// Drops what the bounds no longer allow: points before the window, then the oldest over `maxPoints`.
    mutating func prune() {
        let start = now - window
        for i in series.indices {
            let old = series[i].prefix { $0.t < start }.count
            let over = Swift.max(0, series[i].count - old - maxPoints)
            if old + over > 0 { series[i].removeFirst(old + over) }
        }
    }

    /// Each series' points inside the window ending at `now`.
    public var visible: [[Point]] { series }

    /// The lowest and highest value shown, nil with no points.
    public var valueRange: (min: Double, max: Double)? {
        let all = series.joined()
        guard let first = all.first else { return nil }
        return all.reduce((first.v, first.v)) { (Swift.min($0.0, $1.v), Swift.max($0.1, $1.v)) }
    }

    /// The state file's form: the series by `;`, each point `age:value` by `,`, ages in
    /// seconds before `now`. Ages, because the panel's clock starts again at 0 on the next
    /// start: the points are put back that long before the time they are restored at.
    public var history: String {
        series.map { points in
            points.map { "\(Self.text(now - $0.t)):\(Self.text($0.v))" }.joined(separator: ",")
        }.joined(separator: ";")
    }

    /// Replaces the points with a `history` as `history` writes it, placed before `time`;
    /// nil when the text is not one (nothing changes then).
    public mutating func restore(history: String, at time: Double) -> Bool {
        let parts = history.split(separator: ";", omittingEmptySubsequences: false)
        guard parts.count <= names.count else { return false }
        var restored = Array(repeating: [Point](), count: names.count)
        for (i, part) in parts.enumerated() where !part.isEmpty {
            for item in part.split(separator: ",") {
                let pair = item.split(separator: ":")
                guard pair.count == 2, let age = Double(pair[0]), let v = Double(pair[1]),
                      age.isFinite, v.isFinite, age >= 0, abs(v) <= 1e9 else { return false }
                restored[i].append(Point(t: time - age, v: v))
            }
            restored[i].sort { $0.t < $1.t }
        }
        series = restored
        now = Swift.max(now, time)
        prune()
        return true
    }

    /// Six significant decimals at most, no trailing zeros: a state file a person can read.
    static func text(_ d: Double) -> String {
        let r = (d * 1_000_000).rounded() / 1_000_000
        if r == r.rounded(), abs(r) < 1e15 { return String(Int(r)) }
        return String(r)
    }
}
