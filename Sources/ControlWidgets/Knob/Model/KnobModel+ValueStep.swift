/// Steps in value units (not in the reference; a product needs "0.5 °C per click").
///
/// A continuous knob with a `range` and a `step` rests only on values `range.lo + k·step`
/// (clamped to the range): every way of moving it (gesture, tap, wheel, keys, commands) goes
/// through `constrained`, which snaps. Wheel detents and keys move by their own value steps,
/// which default to `step`; without a range they keep the angular defaults (5°, 1°, 10°).
/// `positions` stays the discrete modes' concept: none of this applies to them.
public struct KnobValueSteps: Sendable, Equatable {
    /// The grid values snap to, value units; nil = no snapping.
    public var step: Double?
    /// One wheel or encoder detent, value units; nil = `step`.
    public var wheel: Double?
    /// An arrow key, value units; nil = `step`.
    public var key: Double?
    /// PageUp/PageDown, value units; nil = 10 key steps (a page of a step-per-key scale).
    public var page: Double?

    public init(step: Double? = nil, wheel: Double? = nil, key: Double? = nil, page: Double? = nil) {
        self.step = step; self.wheel = wheel; self.key = key; self.page = page
    }
}

extension KnobModel {
    /// Whether value steps apply: a continuous knob with a range.
    var usesValueSteps: Bool { mode == .continuous && range != nil }

    /// `angle` moved to the nearest angle whose value lies on the step grid (unchanged when
    /// the knob has no step). Whole turns of a non-normalized circular knob are kept.
    func snappedToValueStep(_ angle: Double) -> Double {
        guard usesValueSteps, let range, let step = valueSteps.step, step > 0, range.hi != range.lo else { return angle }
        let (start, end) = travel
        let within = circular ? KnobMath.normalized(angle) : angle
        let turns = angle - within
        let span = range.hi - range.lo
        let value = range.lo + (within - start) / (end - start) * span
        let k = ((value - range.lo) / step).rounded()
        let lower = Swift.min(range.lo, range.hi), upper = Swift.max(range.lo, range.hi)
        let snapped = Swift.min(Swift.max(range.lo + k * step, lower), upper)
        return start + (snapped - range.lo) / span * (end - start) + turns
    }

    /// The value on the step grid nearest to `value` (for events: 21.5, not 21.499999).
    func valueOnStepGrid(_ value: Double) -> Double {
        guard usesValueSteps, let range, let step = valueSteps.step, step > 0 else { return value }
        let k = ((value - range.lo) / step).rounded()
        let lower = Swift.min(range.lo, range.hi), upper = Swift.max(range.lo, range.hi)
        return Swift.min(Swift.max(range.lo + k * step, lower), upper)
    }

    /// The angle that moves the value by `valueStep` (value units), or nil without a range.
    private func angle(forValueStep valueStep: Double?) -> Double? {
        guard usesValueSteps, let range, let valueStep, valueStep > 0, range.hi != range.lo else { return nil }
        let (start, end) = travel
        return valueStep / abs(range.hi - range.lo) * abs(end - start)
    }

    /// One wheel detent in continuous mode, radians.
    public var wheelStepAngleInUse: Double { angle(forValueStep: valueSteps.wheel ?? valueSteps.step) ?? Self.wheelStepAngle }
    /// One arrow key in continuous mode, radians.
    public var keyStepAngleInUse: Double { angle(forValueStep: valueSteps.key ?? valueSteps.step) ?? Self.arrowStepAngle }
    /// PageUp/PageDown in continuous mode, radians.
    public var pageStepAngleInUse: Double {
        if let page = angle(forValueStep: valueSteps.page) { return page }
        if let key = angle(forValueStep: valueSteps.key ?? valueSteps.step) { return 10 * key }
        return Self.pageStepAngle
    }
}
