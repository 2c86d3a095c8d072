/// How a widget's value leaves the panel ("values leave on the grid"): on its step grid when
/// it has a step, else at its value format's precision. Events, `get`/`list` replies, the
/// state file and MQTT all carry `rounded(_:)` of the model's value, never the raw one, so a
/// drag that ends at 26.666667 publishes 26.7 with "%.1f °C" and 26.5 with step 0.5.
public struct ValueRounding: Sendable, Equatable {
    /// Where the step grid starts (a knob's range lo, a slider's minimumValue).
    public var origin: Double
    /// The grid's spacing in value units; nil: no grid.
    public var step: Double?
    /// Decimals when there is no step (the format's precision); nil: not rounded.
    public var decimals: Int?
    /// The range's ends: a grid point past them is clamped back (the end itself is allowed).
    public var bounds: ClosedRange<Double>?

    public init(origin: Double = 0, step: Double? = nil, decimals: Int? = nil, bounds: ClosedRange<Double>? = nil) {
        self.origin = origin; self.step = step; self.decimals = decimals; self.bounds = bounds
    }

    /// No rounding at all.
    public static let none = ValueRounding()

    /// The decimals a published value has: those that write every grid point exactly
    /// (0.5 → 1; origin 0.25 → 2; an off-grid end 99.9 → 1), else `decimals`.
    public var publishedDecimals: Int? {
        guard let step, step > 0 else { return decimals }
        var d = Swift.max(ValueFormat.decimals(forStep: step), ValueFormat.decimals(forStep: origin))
        if let bounds {
            d = Swift.max(d, ValueFormat.decimals(forStep: bounds.lowerBound), ValueFormat.decimals(forStep: bounds.upperBound))
        }
        return d
    }

    /// `value` on the grid (origin + k·step, nearest k, clamped to `bounds`) written with
    /// `publishedDecimals` decimals, rounded half away from zero as the readout is; never −0.
    public func rounded(_ value: Double) -> Double {
        guard value.isFinite else { return value }
        var out = value
        if let step, step > 0 {
            out = origin + ((value - origin) / step).rounded() * step
            if let bounds { out = Swift.min(Swift.max(out, bounds.lowerBound), bounds.upperBound) }
        }
        guard let places = publishedDecimals else { return out }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = out * scale
        // Values are bounded by ±1e9 and places by 6: beyond 2^53 there is nothing to round.
        guard abs(scaled) < 9.0e15 else { return out }
        let r = scaled.rounded(.toNearestOrAwayFromZero) / scale
        return r == 0 ? 0 : r
    }
}

extension ValueFormat {
    /// The decimals this format writes (0 for %d), nil for a format that shows no number.
    public var decimals: Int? {
        guard hasConversion else { return nil }
        return conversion == .integer ? 0 : precision
    }
}
