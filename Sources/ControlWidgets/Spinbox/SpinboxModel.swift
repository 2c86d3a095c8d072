/// A spinbox's value and rules (− value +): a number in `lo…hi` on the grid lo + k·step
/// (the end `hi` itself is allowed when it is off the grid, as ValueRounding allows it).
/// Pure rules; the view turns touches, repeats, keys and the wheel into `step(by:)`.
public struct SpinboxModel: Sendable, Equatable {
    public let lo: Double
    public let hi: Double
    public let step: Double
    public private(set) var value: Double
    public var isEnabled = true

    /// `range` in either order; `step` > 0 (the checker says so; anything else is one step
    /// of the whole range). `value` is brought onto the grid.
    public init(range: (Double, Double), step: Double, value: Double? = nil) {
        lo = Swift.min(range.0, range.1); hi = Swift.max(range.0, range.1)
        self.step = step > 0 && step.isFinite ? step : hi - lo
        self.value = lo
        self.value = constrained(value ?? lo)
    }

    /// How the value leaves the panel: on the step grid, clamped to the range.
    public var rounding: ValueRounding { ValueRounding(origin: lo, step: step, bounds: lo...hi) }

    /// `v` on the grid and in the range.
    public func constrained(_ v: Double) -> Double { rounding.rounded(v.isFinite ? v : lo) }

    public var canDecrease: Bool { value > lo }
    public var canIncrease: Bool { value < hi }

    /// Sets the value (onto the grid, into the range); true when it changed.
    @discardableResult
    public mutating func set(_ v: Double) -> Bool {
        let next = constrained(v)
        defer { value = next }
        return next != value
    }

    /// Moves `n` steps (negative: down), stopping at the ends; true when the value changed.
    /// From an off-grid end (`hi` not on the grid) a step down lands on the grid point below.
    @discardableResult
    public mutating func step(by n: Int) -> Bool {
        guard n != 0 else { return false }
        // The grid index at or beyond the value on the side the step leaves from (1e-9 of a
        // step forgives the float error of a value already on the grid).
        let x = (value - lo) / step
        let k = n > 0 ? (x + 1e-9).rounded(.down) : (x - 1e-9).rounded(.up)
        return set(lo + (k + Double(n)) * step)
    }
}
