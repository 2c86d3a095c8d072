/// The sizes of a rotary dial, design pixels (the reference's rotaryDialPath,
/// updateDialNumbers, createDialStop and handleTap:).
///
/// The reference places the holes so that the gap between neighbouring holes equals the
/// margin m between a hole and the rim. With R the dial's radius and f the hole radius,
/// the hole centres lie on a circle of R − m − f, and neighbouring centres (π/6 apart) are
/// 2f + m apart: 2(R − m − f)·sin(π/12) = 2f + m, hence R = f(1 + 1/sin(π/12)) +
/// m(1 + 1/(2 sin(π/12))) = 4.86 f + 2.93 m.
public struct RotaryDialGeometry: Sendable, Equatable {
    public static let holeRadiusFactor = 4.86
    public static let marginFactor = 2.93
    /// The reference's smallest dial: a side of ⌈9.72 f⌉ (twice 4.86 f, so m ≥ 0).
    public static let minimumSideFactor = 9.72
    /// The reference's default finger hole radius (a 44 pt tap target).
    public static let defaultFingerHoleRadius = 22.0
    /// Taps closer to the centre than this fraction of the side are ignored: R − 2f − m for
    /// the largest holes (m = 0, f = R/4.86) is 0.588 R = 0.294 × side.
    public static let tapDeadZoneSideFraction = 0.294
    /// The finger stop's inner tip sits at 0.586 R, its outer edge on the rim and 0.05 R wide.
    public static let stopTipRadiusFraction = 0.586
    public static let stopWidthFraction = 0.05

    /// The dial's radius R.
    public var radius: Double
    /// The finger holes' radius f.
    public var fingerHoleRadius: Double
    /// The margin m between a hole and the rim.
    public var fingerHoleMargin: Double

    /// `margin` nil gives the reference's default, the margin that makes the gaps between
    /// holes equal to it: (R − 4.86 f) / 2.93. The margin is kept where the holes stay
    /// inside the dial (0 ≤ m ≤ R − 2f).
    public init(radius: Double, fingerHoleRadius: Double = RotaryDialGeometry.defaultFingerHoleRadius, fingerHoleMargin margin: Double? = nil) {
        self.radius = Swift.max(0, radius)
        self.fingerHoleRadius = Swift.max(0, Swift.min(fingerHoleRadius, self.radius / 2))
        let m = margin ?? RotaryDialGeometry.defaultMargin(radius: self.radius, fingerHoleRadius: self.fingerHoleRadius)
        fingerHoleMargin = Swift.min(Swift.max(0, m), self.radius - 2 * self.fingerHoleRadius)
    }

    /// (R − 4.86 f) / 2.93, the reference's default margin.
    public static func defaultMargin(radius: Double, fingerHoleRadius f: Double) -> Double {
        (radius - holeRadiusFactor * f) / marginFactor
    }

    /// The smallest side a dial with holes of radius `f` may have: ⌈9.72 f⌉ (adjustFrame).
    public static func minimumSide(fingerHoleRadius f: Double) -> Double {
        (minimumSideFactor * f).rounded(.up)
    }

    /// Radius of the circle through the holes' centres: R − m − f.
    public var holeCircleRadius: Double { radius - fingerHoleMargin - fingerHoleRadius }

    /// Centre of hole j in knob coordinates (origin at the dial's centre, y down).
    public func holeCenter(_ j: Int) -> KnobPoint {
        let a = RotaryDial.holeAngle(j)
        return KnobPoint(x: holeCircleRadius * KnobMath.cos(a), y: -holeCircleRadius * KnobMath.sin(a))
    }

    /// Taps nearer the centre than this do nothing: 0.294 × the side (2R).
    public var tapDeadZoneRadius: Double { RotaryDialGeometry.tapDeadZoneSideFraction * 2 * radius }

    /// The finger stop: an isosceles triangle at 4 o'clock pointing at the centre, its tip
    /// at 0.586 R and its base, 0.05 R wide, touching the rim (createDialStop). Tip first.
    public var stopTriangle: [KnobPoint] {
        let c = KnobMath.cos(-RotaryDial.stopAngle), s = KnobMath.sin(-RotaryDial.stopAngle)   // y down: 4 o'clock is (cos 30°, +sin 30°)
        let tip = RotaryDialGeometry.stopTipRadiusFraction * radius
        let half = RotaryDialGeometry.stopWidthFraction / 2 * radius
        // The base's ends: on the radius through the stop at R, ± half the width across it.
        return [KnobPoint(x: tip * c, y: tip * s),
                KnobPoint(x: radius * c - half * s, y: radius * s + half * c),
                KnobPoint(x: radius * c + half * s, y: radius * s - half * c)]
    }
}
