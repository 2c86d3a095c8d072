/// Fine adjustment by finger (`"fineDrag": true` on a continuous knob): a finger that slides
/// out past the knob's rim turns it less, as a longer lever would. On the knob (distance d
/// from the centre at most the radius R) the knob follows the finger's angle exactly, as it
/// always has; beyond the rim each bit of the finger's turn counts R/d of itself, so at 2R
/// the knob turns half the finger's angle, at 3R a third (a detent takes three times the
/// turn), down to a tenth at 10R and beyond. The gain is 1 at the rim, so the knob never
/// jumps when the finger crosses it; moving straight out or in changes nothing.
///
/// Why the angle and not the arc: at 3R a finger already travels 3× the arc for the same
/// angle, so with a gain of 1/3 one detent of a 0…30 V knob at step 0.01 (0.09°) becomes
/// 0.27° of finger angle, 1.4 mm of travel at 3R on a 60 mm knob instead of 0.05 mm.
public enum FineDrag {
    /// The smallest gain, reached at 10 radii: further out the finger would leave the screen anyway.
    public static let minimumGain = 0.1

    /// What a finger's turn at `distance` from the centre counts on a knob of `radius`.
    public static func gain(distance: Double, radius: Double) -> Double {
        guard radius > 0, distance.isFinite, distance > radius else { return 1 }
        return Swift.max(minimumGain, radius / distance)
    }
}
