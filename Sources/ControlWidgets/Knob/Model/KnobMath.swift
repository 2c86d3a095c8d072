/// Angle arithmetic for the knob model without Foundation or the C library.
///
/// The model only needs `atan2` (for touch angles) and a few normalisations; `sqrt` comes
/// from the standard library.
public enum KnobMath {
    public static let twoPi = 2.0 * Double.pi

    /// Radians → degrees.
    @inlinable public static func degrees(_ radians: Double) -> Double { radians * 180.0 / .pi }
    /// Degrees → radians.
    @inlinable public static func radians(_ degrees: Double) -> Double { degrees * .pi / 180.0 }

    /// `angle` plus a whole number of turns so that it lies in (-π, π], as the reference's
    /// `while (position > M_PI) ...; while (position <= -M_PI) ...` loops do.
    public static func normalized(_ angle: Double) -> Double {
        guard angle.isFinite else { return angle }
        var result = angle.truncatingRemainder(dividingBy: twoPi)
        if result > .pi { result -= twoPi }
        if result <= -.pi { result += twoPi }
        return result
    }

    /// `angle` plus a whole number of turns so that it lies in (reference - π, reference + π].
    /// Done with one remainder instead of the reference's loops, which never end (or take
    /// billions of steps) once angles are huge.
    public static func nearestTurn(of angle: Double, to reference: Double) -> Double {
        guard angle.isFinite, reference.isFinite else { return angle }
        return reference + normalized(angle - reference)
    }

    /// The four-quadrant arctangent, result in [-π, π]. A zero `y` counts as positive, so a
    /// point on the negative x axis is at +π (the reference's centre-frame y is `h/2 - y`,
    /// which is +0 there).
    public static func atan2(_ y: Double, _ x: Double) -> Double {
        if y.isNaN || x.isNaN { return .nan }
        if x > 0 { return atan(y / x) }
        if x < 0 { return y >= 0 ? atan(y / x) + .pi : atan(y / x) - .pi }
        if y > 0 { return .pi / 2 }
        if y < 0 { return -.pi / 2 }
        return 0
    }

    /// Sine: reduced to [-π/4, π/4] by quarter turns, then a Taylor series (to x²¹; error
    /// below 1e-16 there). The dial's geometry needs it; the model stays free of libm.
    public static func sin(_ x: Double) -> Double {
        guard let (q, r) = quarterTurns(x) else { return .nan }
        switch q {
        case 0: return sinSeries(r)
        case 1: return cosSeries(r)
        case 2: return -sinSeries(r)
        default: return -cosSeries(r)
        }
    }

    /// Cosine, by the same quarter-turn reduction.
    public static func cos(_ x: Double) -> Double {
        guard let (q, r) = quarterTurns(x) else { return .nan }
        switch q {
        case 0: return cosSeries(r)
        case 1: return -sinSeries(r)
        case 2: return -cosSeries(r)
        default: return sinSeries(r)
        }
    }

    /// x as q quarter turns (0…3) plus a remainder in [-π/4, π/4]; nil when x is not finite.
    private static func quarterTurns(_ x: Double) -> (Int, Double)? {
        guard x.isFinite else { return nil }
        let quarter = (x / (.pi / 2)).rounded()
        var q = Int(quarter.truncatingRemainder(dividingBy: 4))
        if q < 0 { q += 4 }
        return (q, x - quarter * (.pi / 2))
    }

    private static func sinSeries(_ r: Double) -> Double {
        var term = r, sum = r, n = 1.0
        while n < 21 { term *= -r * r / ((n + 1) * (n + 2)); sum += term; n += 2 }
        return sum
    }

    private static func cosSeries(_ r: Double) -> Double {
        var term = 1.0, sum = 1.0, n = 0.0
        while n < 20 { term *= -r * r / ((n + 1) * (n + 2)); sum += term; n += 2 }
        return sum
    }

    /// Arctangent by argument reduction (three half-angle steps bring |x| ≤ tan(π/32)) and a
    /// short Taylor series; accurate to a few ulps.
    public static func atan(_ x: Double) -> Double {
        if x.isNaN { return x }
        if x < 0 { return -atan(-x) }
        if x > 1 { return .pi / 2 - atan(1 / x) }
        var t = x
        var scale = 1.0
        for _ in 0..<3 {
            t = t / (1 + (1 + t * t).squareRoot())
            scale *= 2
        }
        let t2 = t * t
        var term = t
        var sum = 0.0
        var n = 1.0
        var sign = 1.0
        while n < 30 {
            sum += sign * term / n
            term *= t2
            n += 2
            sign = -sign
        }
        return scale * sum
    }
}
