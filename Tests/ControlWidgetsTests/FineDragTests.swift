import Foundation
import Testing
@testable import ControlWidgets

/// Fine drag on a continuous knob (FineDrag): side 200, radius R = 100, counterclockwise
/// (positions grow counterclockwise), so the polar angle's change is the position's change.
@Suite struct FineDragTests {
    static func point(degrees: Double, radius: Double) -> KnobPoint {
        let a = degrees * .pi / 180
        return KnobPoint(x: radius * cos(a), y: -radius * sin(a))
    }

    /// Down at 12 o'clock at `downRadius`, straight out to `radius` (no turn: the angle does
    /// not change), then counterclockwise by `turn` degrees along that circle in 1° moves.
    static func drag(fine: Bool, downRadius: Double = 50, radius: Double, turn: Double) -> Double {
        var rig = KnobGestureTests.Rig(makeKnobModel(mode: .continuous))
        rig.model.fineDrag = fine
        _ = rig.down(point(degrees: 90, radius: downRadius))
        _ = rig.move(point(degrees: 90, radius: radius))
        for i in 1...Int(turn) { _ = rig.move(point(degrees: 90 + Double(i), radius: radius)) }
        return rig.model.position * 180 / .pi
    }

    /// The gain: 1 up to the rim, R/d beyond it, a tenth from 10R on.
    @Test func gainFallsAsRadiusOverDistance() {
        #expect(FineDrag.gain(distance: 50, radius: 100) == 1)
        #expect(FineDrag.gain(distance: 100, radius: 100) == 1)
        #expect(FineDrag.gain(distance: 200, radius: 100) == 0.5)
        #expect(FineDrag.gain(distance: 300, radius: 100) == 1.0 / 3)
        #expect(FineDrag.gain(distance: 2000, radius: 100) == 0.1)
        #expect(FineDrag.gain(distance: .infinity, radius: 100) == 1)
    }

    /// On the knob nothing changes: 30° of finger at 50 px is 30° of knob, with or without.
    @Test func insideTheRimTheKnobFollowsTheFinger() {
        #expect(abs(Self.drag(fine: true, radius: 50, turn: 30) - 30) < 1e-9)
        #expect(abs(Self.drag(fine: false, radius: 50, turn: 30) - 30) < 1e-9)
    }

    /// At 3R (300 px) the gain is 1/3: 30° of finger turns the knob 10°; without fine drag, 30°.
    /// At 2R: 15°. Moving out radially first turned nothing (same angle).
    @Test func atThreeRadiiAThirdOfTheTurn() {
        #expect(abs(Self.drag(fine: true, radius: 300, turn: 30) - 10) < 1e-9)
        #expect(abs(Self.drag(fine: true, radius: 200, turn: 30) - 15) < 1e-9)
        #expect(abs(Self.drag(fine: false, radius: 300, turn: 30) - 30) < 1e-9)
    }

    /// One detent of a 0…30 V knob over 270° with step 0.01: 0.09° of knob. At 3R that takes
    /// 0.27° of finger angle; 3 moves of 0.09° at 3R give one step (0.01 V).
    @Test func aDetentTakesThreeTimesTheAngleAtThreeRadii() {
        var rig = KnobGestureTests.Rig(makeKnobModel(mode: .continuous, circular: false))
        rig.model.min = -135 * .pi / 180
        rig.model.max = 135 * .pi / 180
        rig.model.range = KnobValueRange(lo: 0, hi: 30)
        rig.model.valueSteps = KnobValueSteps(step: 0.01, wheel: nil, key: nil, page: nil)
        rig.model.fineDrag = true
        _ = rig.down(Self.point(degrees: 90, radius: 50))
        _ = rig.move(Self.point(degrees: 90, radius: 300))
        let start = rig.model.publishedValue ?? .nan
        #expect(abs(start - 15) < 1e-9)   // position 0 is the middle of 0…30
        for i in 1...3 { _ = rig.move(Self.point(degrees: 90 + 0.09 * Double(i), radius: 300)) }
        // 0.27° of finger at gain 1/3 is 0.09° of knob: exactly one step of the grid.
        #expect(abs(abs((rig.model.publishedValue ?? .nan) - start) - 0.01) < 1e-9)
    }

    /// Crossing the rim does not jump: just outside it, the knob is where it was at the rim.
    @Test func noJumpAtTheRim() {
        var rig = KnobGestureTests.Rig(makeKnobModel(mode: .continuous))
        rig.model.fineDrag = true
        _ = rig.down(Self.point(degrees: 90, radius: 50))
        _ = rig.move(Self.point(degrees: 100, radius: 100))
        let atRim = rig.model.position
        _ = rig.move(Self.point(degrees: 100, radius: 101))
        #expect(abs(rig.model.position - atRim) < 1e-12)
    }
}
