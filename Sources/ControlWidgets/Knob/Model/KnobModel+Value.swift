/// A linear mapping of the knob's travel onto an integrator's value, e.g. 0…100 %.
/// `lo` may be larger than `hi` (a reversed scale).
public struct KnobValueRange: Sendable, Equatable {
    public var lo: Double
    public var hi: Double

    public init(lo: Double, hi: Double) {
        self.lo = lo
        self.hi = hi
    }
}

/// Where a double tap returns a knob that asks for it.
public enum KnobResetTarget: Sendable, Equatable {
    /// A value of the knob's `range` (value units; ignored without a range).
    case value(Double)
    /// A position, radians.
    case position(Double)
}

/// Values and titles for integrators.
extension KnobModel {
    /// The angles that map to `range.lo` and `range.hi`: [min, max] when not circular; one
    /// full turn [-π + ε, π - ε] when circular (the default min/max), so the pointer at
    /// 6 o'clock is the ends of the scale and 12 o'clock the middle. Both ends are the same
    /// angle on a circular knob; -π + ε reads as `lo`, π as `hi`.
    public var travel: (start: Double, end: Double) {
        circular ? (-.pi + KnobModel.epsilon, .pi - KnobModel.epsilon) : (min, max)
    }

    /// `position` mapped linearly from `travel` to `range`, clamped to the range; nil without
    /// a range. A circular knob that is not normalized reads its angle within the turn.
    public var value: Double? {
        guard let range else { return nil }
        return valueOnStepGrid(value(forPosition: position, in: range))
    }

    /// How values leave the panel: on the step grid (continuous with a step), else at the
    /// format's precision (`valueDecimals`).
    public var valueRounding: ValueRounding {
        guard usesValueSteps, let range, let step = valueSteps.step else { return ValueRounding(decimals: valueDecimals) }
        return ValueRounding(origin: range.lo, step: step, bounds: Swift.min(range.lo, range.hi)...Swift.max(range.lo, range.hi))
    }

    /// `value` as every event, reply, state file and MQTT message carries it; nil without a range.
    public var publishedValue: Double? { value.map(valueRounding.rounded) }

    /// The value shown at `time` (follows animations); nil without a range.
    public func displayedValue(at time: Double) -> Double? {
        guard let range else { return nil }
        return value(forPosition: displayedPosition(at: time), in: range)
    }

    /// Sets the position from a value of `range` (clamped to the range) through
    /// `setPosition(_:animated:at:)`. Ignored without a range.
    @discardableResult
    public mutating func setValue(_ newValue: Double, animated: Bool = false, at time: Double = 0) -> [KnobEvent] {
        guard let range else { return [] }
        let (start, end) = travel
        let lower = Swift.min(range.lo, range.hi), upper = Swift.max(range.lo, range.hi)
        let clamped = Swift.min(Swift.max(newValue, lower), upper)
        let fraction = range.hi == range.lo ? 0 : (clamped - range.lo) / (range.hi - range.lo)
        var target = start + fraction * (end - start)
        if circular && !normalized {
            // Stay in the current turn.
            target = position - KnobMath.normalized(position) + target
        }
        return setPosition(target, animated: animated, at: time)
    }

    /// The position (radians) that shows `v` (clamped to the range), within `travel`; nil
    /// without a range. A ±10 dB knob between −135° and 135° shows 0 at 0°.
    public func position(forValue v: Double) -> Double? {
        guard let range, range.hi != range.lo else { return nil }
        let (start, end) = travel
        let fraction = Swift.min(1, Swift.max(0, (v - range.lo) / (range.hi - range.lo)))
        return start + fraction * (end - start)
    }

    private func value(forPosition angle: Double, in range: KnobValueRange) -> Double {
        let (start, end) = travel
        let within = circular ? KnobMath.normalized(angle) : angle
        let fraction = end == start ? 0 : (within - start) / (end - start)
        let clampedFraction = Swift.min(Swift.max(fraction, 0), 1)
        return range.lo + clampedFraction * (range.hi - range.lo)
    }

    /// The title of index `index`: `titles[index]` when present, else the index itself.
    public func title(forIndex index: Int) -> String {
        index >= 0 && index < titles.count ? titles[index] : String(index)
    }

    /// The title of every position, as the knob draws them (a title past `positions` is
    /// never shown; a missing one is the index).
    public var shownTitles: [String] { (0..<positions).map(title(forIndex:)) }

    /// The title of the selected index in the discrete modes; nil otherwise.
    public var selectedTitle: String? {
        mode.isDiscrete ? title(forIndex: positionIndex) : nil
    }
}
