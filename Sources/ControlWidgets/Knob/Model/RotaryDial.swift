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
