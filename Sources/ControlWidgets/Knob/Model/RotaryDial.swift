/// The number under a touch on a rotary dial (the reference's static numberDialed).
///
/// `angle` is a polar angle (radians, counterclockwise from 3 o'clock). The holes sit every
/// π/6: the sector [0, π/6) is the dead spot clockwise from 1 (returns 12), [π/6, π/3) is
/// 1, …, [3π/2, 5π/3) is 9, [5π/3, 11π/6) is 0, and [11π/6, 2π) the dead spot next to 0
/// (returns 11). Values 0…9 are numbers; 11 and 12 mean "no hole".
public func numberDialed(_ angle: Double) -> Int {
    guard angle.isFinite else { return 12 }
    var position = angle.truncatingRemainder(dividingBy: KnobMath.twoPi)
    if position < 0 { position += KnobMath.twoPi }
    if position >= KnobMath.twoPi { position -= KnobMath.twoPi }
    let number = Int(position * 6.0 / .pi)
    if number == 0 { return 12 }
    if number == 11 { return 11 }
    return number % 10
}

/// The rotary dial's fixed angles and speeds (IOSKnobControl's rotary dial mode). Angles
/// are polar (counterclockwise from 3 o'clock, radians), as `numberDialed` reads them.
public enum RotaryDial {
    /// Dial animations turn 5π/3 rad/s (300°/s) at timeScale 1, ten times the knob's
    /// return speed (IKC_ROTARY_DIAL_ANGULAR_VELOCITY_AT_UNIT_TIME_SCALE).
    public static let angularVelocity = 5 * Double.pi / 3
    /// A drag released after turning the dial at least this far completes the dial (45°).
    public static let dialThreshold = Double.pi / 4
    /// The holes' centres: hole j (digit (j + 1) % 10) at π/4 + j·π/6, so 1 is at 45°
    /// (half past one) and 0 at 315° (half past four).
    public static func holeAngle(_ j: Int) -> Double { .pi / 4 + Double(j) * .pi / 6 }
    /// The digit of hole j: 1…9, then 0.
    public static func digit(ofHole j: Int) -> Int { (j + 1) % 10 }
    /// The finger stop's direction: about 4 o'clock (−π/6).
    public static let stopAngle = -Double.pi / 6

    /// How far dialling `number` turns the dial clockwise before it returns: (n + 1)·π/6
    /// with 0 counted as 10 (the reference's farPosition). The hole then rests against the
    /// stop: hole 1 goes from 45° to −15°, hole 0 from 315° to −15°.
    public static func windAngle(for number: Int) -> Double {
        Double((number == 0 ? 10 : number) + 1) * .pi / 6
    }

    /// Farthest a drag may turn the dial clockwise when it started on `number`: to the stop
    /// for a hole; the reference's whole travel (11π/6) for a dead spot, which never dials.
    public static func dragLimit(for number: Int) -> Double {
        (0...9).contains(number) ? windAngle(for: number) : 11 * .pi / 6
    }
}
