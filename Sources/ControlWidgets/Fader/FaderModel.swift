/// The state and rules of one fader (a straight slider), as a value. Nothing here draws or
/// reads a clock. The thumb's place is a *fraction* of the travel, 0 at `range.lo` (the
/// bottom of a vertical fader, the left end of a horizontal one) and 1 at `range.hi`:
/// value = lo + fraction × (hi − lo), so a reversed range (lo > hi) runs the other way.
public struct FaderModel: Sendable, Equatable {
    public let lo: Double
    public let hi: Double
    /// The value grid from `lo` in value units; nil = any value.
    public let step: Double?
    /// Where the filled bar starts (value units, within the range): `lo` for a plain fader,
    /// 0 for a ±10 dB tone control, which then fills from the centre towards the value.
    public let origin: Double
    /// Decimals the readout shows (published values without a step are rounded to them).
    public var valueDecimals: Int?
    public var isEnabled = true

    /// The resting value, on the step grid, inside the range.
    public private(set) var value: Double
    /// An animated `set`'s glide, in fractions (SliderAnimation's ease-out, one handle).
    public private(set) var animation: SliderAnimation?
    public private(set) var isTracking = false
    /// Fraction between the thumb's centre and the finger at touch-down, kept while dragging
    /// (0 when the touch landed off the thumb and the thumb came to the finger).
    var grabOffset = 0.0
    /// Wheel detents not yet moved: with a step, only whole steps move.
    var wheelRemainder = 0.0

    public static let setAnimationDuration = SliderModel.setAnimationDuration

    public init(lo: Double = 0, hi: Double = 100, step: Double? = nil, origin: Double? = nil, value: Double? = nil) {
        self.lo = lo; self.hi = hi
        self.step = step.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        let low = Swift.min(lo, hi), high = Swift.max(lo, hi)
        self.origin = Swift.min(high, Swift.max(low, origin ?? lo))
        self.value = lo
        self.value = snapped(value ?? self.origin)
    }

    // MARK: fractions and values

    public var span: Double { hi - lo }

    /// The fraction of the travel that shows `v` (clamped to 0…1).
    public func fraction(forValue v: Double) -> Double {
        span == 0 ? 0 : Swift.min(1, Swift.max(0, (v - lo) / span))
    }

    public func value(atFraction f: Double) -> Double { lo + Swift.min(1, Swift.max(0, f)) * span }

    public var fraction: Double { fraction(forValue: value) }
    public var originFraction: Double { fraction(forValue: origin) }

    /// `v` clamped to the range and put on the grid lo + k·step: the nearer of the grid points
    /// either side, each clamped to the range (so an end off the grid, 10 on 0…10 step 3, is
    /// reachable, as ValueRounding allows it).
    public func snapped(_ v: Double) -> Double {
        let low = Swift.min(lo, hi), high = Swift.max(lo, hi)
        let c = Swift.min(high, Swift.max(low, v.isFinite ? v : lo))
        guard let step, span != 0 else { return c }
        let signed = span > 0 ? step : -step
        let k = (c - lo) / signed
        let candidates = [k.rounded(.down), k.rounded(.up)].map { Swift.min(high, Swift.max(low, lo + $0 * signed)) }
        return abs(candidates[0] - c) <= abs(candidates[1] - c) ? candidates[0] : candidates[1]
    }

    /// How values leave the panel: on the step grid, else at the readout's precision.
    public var valueRounding: ValueRounding {
        ValueRounding(origin: lo, step: step, decimals: valueDecimals, bounds: Swift.min(lo, hi)...Swift.max(lo, hi))
    }
    public var publishedValue: Double { valueRounding.rounded(value) }

    /// The fraction the screen shows at `time` (follows an animated `set`).
    public func displayedFraction(at time: Double) -> Double { animation?.travel(at: time) ?? fraction }
    public func displayedValue(at time: Double) -> Double { value(atFraction: displayedFraction(at: time)) }
    public func isAnimating(at time: Double) -> Bool { animation?.isRunning(at: time) ?? false }

    /// Drops a finished glide; true when one ended (the view then repaints at rest).
    public mutating func advance(to time: Double) -> Bool {
        guard let a = animation, !a.isRunning(at: time) else { return false }
        animation = nil
        return true
    }

    // MARK: changes

    /// Every change goes through here: snap, glide from what is shown, say whether it moved.
    @discardableResult
    public mutating func setValue(_ v: Double, animated: Bool = false, at time: Double = 0) -> Bool {
        let shown = displayedFraction(at: time)
        let before = value
        value = snapped(v)
        animation = nil
        if animated && shown != fraction {
            animation = SliderAnimation(handle: 0, from: shown, to: fraction, startTime: time, duration: Self.setAnimationDuration)
        }
        return value != before
    }

    /// A finger goes down at travel fraction `finger` (unclamped: past an end is that end).
    /// On the thumb it holds the thumb where it took it; anywhere else on the track the
    /// thumb comes to the finger (a mixing desk's fader cap under the finger), then follows.
    public mutating func touchDown(atFraction finger: Double, onThumb: Bool, at time: Double) -> Bool {
        guard isEnabled else { return false }
        isTracking = true
        let shown = displayedFraction(at: time)
        let before = value
        grabOffset = onThumb ? shown - finger : 0
        // A finger on a gliding thumb takes it where it is shown.
        if animation != nil { animation = nil; value = snapped(value(atFraction: shown)) }
        // Taken where it is: nothing moves until the finger does.
        guard !onThumb else { return value != before }
        return setValue(value(atFraction: finger), at: time)
    }

    /// The finger moved to fraction `finger`: the thumb keeps its place under it.
    public mutating func touchMove(toFraction finger: Double, at time: Double) -> Bool {
        guard isTracking else { return false }
        return setValue(value(atFraction: finger + grabOffset), at: time)
    }

    /// The finger lifted (or the touch was cancelled): the value stays where it is.
    public mutating func touchEnd() -> Bool {
        guard isTracking else { return false }
        isTracking = false
        grabOffset = 0
        return true
    }

    /// One wheel or encoder detent: one step, or 1 % of the range without a step.
    public var detent: Double { step ?? abs(span) / 100 }

    /// `steps` detents (positive = up / clockwise = towards `hi`). With a step, fractions of
    /// a detent add up until they make a whole step (a high-resolution wheel).
    public mutating func wheel(steps: Double, at time: Double) -> Bool {
        guard isEnabled, !isTracking, steps != 0, steps.isFinite else { return false }
        var move = steps
        if step != nil {
            wheelRemainder += steps
            move = wheelRemainder.rounded(.towardZero)
            wheelRemainder -= move
            guard move != 0 else { return false }
        }
        let direction: Double = span >= 0 ? 1 : -1
        return setValue(value + move * detent * direction, at: time)
    }

    public enum Key: Sendable { case increase, decrease, pageIncrease, pageDecrease, lowEnd, highEnd }

    /// Arrows move one detent, PageUp/PageDown ten, Home/End go to `lo`/`hi`.
    public mutating func key(_ key: Key, at time: Double) -> Bool {
        guard isEnabled, !isTracking else { return false }
        let direction: Double = span >= 0 ? 1 : -1
        switch key {
        case .increase: return setValue(value + detent * direction, at: time)
        case .decrease: return setValue(value - detent * direction, at: time)
        case .pageIncrease: return setValue(value + 10 * detent * direction, at: time)
        case .pageDecrease: return setValue(value - 10 * detent * direction, at: time)
        case .lowEnd: return setValue(lo, at: time)
        case .highEnd: return setValue(hi, at: time)
        }
    }
}
