/// A level meter's rules: the reading, and the peak hold (a studio meter's peak marker).
///
/// Peak hold: a value at or above the marker moves the marker up to it and starts its hold;
/// after `peakHold` seconds the marker falls at `peakFall` range units per second until it
/// rests on the bar (it never shows below the value). A marker resting on the bar when the
/// value drops falls from there at once (it has held already), so it never jumps. Pure: the
/// view paints `peakLevel(at:)`, animates while `isPeakFalling(at:)` and sleeps until
/// `nextChange(after:)` (the end of a hold), and at rest needs no wake-up at all.
public struct MeterModel: Equatable, Sendable {
    public var reading: InstrumentValue
    /// Seconds the peak marker holds before it falls; 0: no marker.
    public var peakHold: Double
    /// Range units per second the marker falls (converted to levels: `peakFall / |hi − lo|`).
    public var peakFall: Double
    /// The marker's level when its current fall (or hold) started, and when the fall starts.
    private var peakAnchor: Double
    private var fallStart: Double

    public init(reading: InstrumentValue, peakHold: Double = 0, peakFall: Double? = nil) {
        self.reading = reading
        self.peakHold = Swift.max(0, peakHold)
        self.peakFall = Swift.max(1e-9, peakFall ?? abs(reading.hi - reading.lo) / 2)
        peakAnchor = reading.level
        fallStart = 0
    }

    public var hasPeak: Bool { peakHold > 0 }

    /// Levels per second the marker falls.
    var fallRate: Double { reading.hi == reading.lo ? 0 : peakFall / abs(reading.hi - reading.lo) }

    /// The marker's level at `time`: held, then falling, never below the bar; nil without a marker.
    public func peakLevel(at time: Double) -> Double? {
        guard hasPeak else { return nil }
        return Swift.max(fallenLevel(at: time), reading.level)
    }

    private func fallenLevel(at time: Double) -> Double {
        peakAnchor - fallRate * Swift.max(0, time - fallStart)
    }

    /// Sets the value at `time` (clamped); true when the bar or the marker changed.
    @discardableResult
    public mutating func set(_ v: Double, at time: Double) -> Bool {
        let shownPeak = peakLevel(at: time)
        let changed = reading.set(v)
        guard let shownPeak else { return changed }
        let level = reading.level
        if level >= shownPeak - 1e-12 {
            // A new peak: the marker goes up to the bar and holds from now.
            peakAnchor = level
            fallStart = time + peakHold
        } else {
            // Below the marker: it keeps its course from where it is shown (held, falling, or
            // resting on the old bar, then falling from there at once).
            peakAnchor = shownPeak
            fallStart = Swift.max(fallStart, time)
        }
        return true
    }

    /// True while the marker is on its way down to the bar after its hold.
    public func isPeakFalling(at time: Double) -> Bool {
        hasPeak && time >= fallStart && fallenLevel(at: time) > reading.level + 1e-12
    }

    /// The end of a hold with the marker above the bar (it starts to fall then); nil otherwise:
    /// while falling the view animates, and a marker resting on the bar needs no wake-up.
    public func nextChange(after time: Double) -> Double? {
        guard hasPeak, time < fallStart, peakAnchor > reading.level + 1e-12 else { return nil }
        return fallStart
    }

    /// When a marker at `time` reaches the bar, if it is falling or will (for tests and docs):
    /// the hold's end plus (marker − bar) / rate.
    public func restTime(after time: Double) -> Double? {
        guard hasPeak, fallRate > 0 else { return nil }
        let gap = fallenLevel(at: Swift.max(time, fallStart)) - reading.level
        guard gap > 1e-12 else { return nil }
        return Swift.max(time, fallStart) + gap / fallRate
    }

    /// Lit segments of an LED ladder of `count`: level × count, rounded to the nearest.
    public func litSegments(_ count: Int) -> Int {
        Swift.min(count, Swift.max(0, Int((reading.level * Double(count)).rounded(.toNearestOrAwayFromZero))))
    }

    /// The segment the marker lights at `time` (0-based), nil without a marker or at the bottom.
    public func peakSegment(_ count: Int, at time: Double) -> Int? {
        peakLevel(at: time).flatMap { Self.segment(ofLevel: $0, count: count) }
    }

    /// The top segment a level lights (the one `litSegments` ends with), nil at the bottom.
    public static func segment(ofLevel level: Double, count: Int) -> Int? {
        guard count > 0 else { return nil }
        let k = Int((Swift.min(Swift.max(level, 0), 1) * Double(count)).rounded(.toNearestOrAwayFromZero)) - 1
        return k >= 0 ? Swift.min(k, count - 1) : nil
    }
}
