import Foundation
import Testing
@testable import ControlWidgets

/// The rotary dial's rules against the reference (IOSKnobControl.m: numberDialed,
/// dialNumber:, followGesture:toPosition:, handleTap:). Dial of side 200 (R = 100).
@Suite struct RotaryDialTests {
    static let d = knobPi / 180

    /// A point at polar angle `degrees` (counterclockwise from 3 o'clock), `r` from the centre.
    static func at(_ degrees: Double, r: Double = 70) -> KnobPoint {
        KnobPoint(x: r * KnobMath.cos(degrees * d), y: -r * KnobMath.sin(degrees * d))
    }

    static func dial(gesture: KnobGesture = .oneFingerRotation, timeScale: Double = 1) -> KnobGestureTests.Rig {
        var model = KnobModel()
        model.mode = .rotaryDial
        model.gesture = gesture
        model.timeScale = timeScale
        return KnobGestureTests.Rig(model)
    }

    static func dialedEvents(_ n: Int, _ source: KnobChangeSource = .user) -> [KnobEvent] {
        [.valueChanged(position: 0, positionIndex: n, source: source), .dialed(number: n, source: source)]
    }

    // MARK: numberDialed

    /// Sectors of 30° from 3 o'clock: [0°, 30°) is the dead spot clockwise from 1 (12),
    /// [30k°, 30k + 30°) is k for k = 1…9, [300°, 330°) is 10 → 0, [330°, 360°) the dead spot
    /// next to 0 (11). Swept every 2.5° over −360°…720°, skipping the exact boundaries
    /// (where 30k° in radians × 6/π lands a rounding error either side, as in the reference).
    @Test func numberDialedSweep() {
        for step in -144...288 where step % 12 != 0 {
            let degrees = Double(step) * 2.5
            var a = degrees.truncatingRemainder(dividingBy: 360)
            if a < 0 { a += 360 }
            let sector = Int(a / 30)
            let expected = sector == 0 ? 12 : sector == 11 ? 11 : sector % 10
            #expect(numberDialed(degrees * Self.d) == expected, "at \(degrees)°")
        }
    }

    /// Each hole's centre (45° + 30°·j, digit (j + 1) % 10) reads as its own digit, and the
    /// finger stop's direction (−30° = 330°, the dead spot's edge) is just inside the dead spot.
    @Test func holesReadAsTheirDigits() {
        for j in 0..<10 {
            #expect(numberDialed(RotaryDial.holeAngle(j)) == RotaryDial.digit(ofHole: j))
        }
        #expect(numberDialed(RotaryDial.stopAngle + 0.001) == 11 && numberDialed(RotaryDial.stopAngle - 0.001) == 0)
        #expect(numberDialed(.nan) == 12)
    }

    // MARK: geometry

    /// R = 4.86 f + 2.93 m: side 214 (R 107), f 22 → m = (107 − 106.92)/2.93 = 0.0273;
    /// side 400 (R 200), f 22 → m = (200 − 106.92)/2.93 = 31.768, hole circle 200 − m − f =
    /// 146.232. Minimum side ⌈9.72 × 22⌉ = ⌈213.84⌉ = 214. Neighbouring hole centres are then
    /// 2·146.232·sin(15°) = 75.696 apart ≈ 2f + m = 75.768 (the gap between holes equals the
    /// margin, up to the reference's rounding of 4.86 and 2.93).
    @Test func referenceGeometry() {
        #expect(RotaryDialGeometry.minimumSide(fingerHoleRadius: 22) == 214)
        #expect(knobClose(RotaryDialGeometry(radius: 107).fingerHoleMargin, 0.08 / 2.93))
        let g = RotaryDialGeometry(radius: 200)
        #expect(knobClose(g.fingerHoleMargin, 93.08 / 2.93))
        #expect(knobClose(g.holeCircleRadius, 200 - 93.08 / 2.93 - 22))
        let gap = g.holeCenter(0).distance(to: g.holeCenter(1))
        #expect(abs(gap - (2 * 22 + g.fingerHoleMargin)) < 0.1)
        // Hole 1 at 45°: (c·cos 45°, −c·sin 45°) in y-down coordinates.
        #expect(knobClose(g.holeCenter(0).x, g.holeCircleRadius * 0.5.squareRoot(), 1e-9))
        #expect(knobClose(g.holeCenter(0).y, -g.holeCircleRadius * 0.5.squareRoot(), 1e-9))
        // Stop tip at 0.586 R towards 4 o'clock: (0.586·200·cos 30°, +0.586·200·sin 30°).
        let tip = g.stopTriangle[0]
        #expect(knobClose(tip.x, 117.2 * 3.0.squareRoot() / 2, 1e-9) && knobClose(tip.y, 58.6, 1e-9))
        // Base 0.05 R = 10 wide, its ends at distance √(R² + 5²) from the centre.
        #expect(knobClose(g.stopTriangle[1].distance(to: g.stopTriangle[2]), 10, 1e-9))
        #expect(knobClose(g.tapDeadZoneRadius, 0.294 * 400))
        // A margin that would push the holes out of the dial is clamped to R − 2f.
        #expect(RotaryDialGeometry(radius: 100, fingerHoleRadius: 22, fingerHoleMargin: 90).fingerHoleMargin == 56)
    }

    // MARK: dialNumber: keyframes and durations

    /// From rest, dialling n winds W = (n + 1)·30° (0 counts as 10) and returns, 2W at
    /// 300°/s × timeScale: 1 → W 60°, 0.4 s, stop at 0.2 s; 5 → W 180°, 1.2 s, stop at
    /// 0.6 s; 0 → W 330°, 2.2 s, stop at 1.1 s; 9 at timeScale 2 → W 300°, 4 s, stop at 2 s.
    @Test func dialAnimationFromRest() {
        let cases: [(n: Int, scale: Double, wind: Double, duration: Double)] = [
            (1, 1, 60, 0.4), (5, 1, 180, 1.2), (0, 1, 330, 2.2), (9, 2, 300, 4.0),
        ]
        for c in cases {
            var model = KnobModel()
            model.mode = .rotaryDial
            model.timeScale = c.scale
            let events = model.dialNumber(c.n, at: 10)
            expectKnobEvents(events, Self.dialedEvents(c.n, .program))
            let a = model.animation!
            #expect(knobClose(a.duration, c.duration, 1e-12), "\(c.n)")
            #expect(knobClose(a.via!.time, c.duration / 2, 1e-12) && knobClose(a.via!.angle, -c.wind * Self.d, 1e-12))
            #expect(knobClose(a.angularVelocity, RotaryDial.angularVelocity / c.scale, 1e-12))
            // Linear legs: a quarter of the way through, half the wind; at the stop, −W.
            #expect(knobClose(model.displayedPosition(at: 10 + c.duration / 4), -c.wind / 2 * Self.d, 1e-9))
            #expect(knobClose(model.displayedPosition(at: 10 + c.duration / 2), -c.wind * Self.d, 1e-9))
            #expect(knobClose(model.displayedPosition(at: 10 + 3 * c.duration / 4), -c.wind / 2 * Self.d, 1e-9))
            #expect(model.position == 0 && model.positionIndex == c.n && model.lastNumberDialed == c.n)
            #expect(model.isDialing(at: 10 + c.duration - 0.001) && !model.isDialing(at: 10 + c.duration))
            expectKnobEvents(model.advance(to: 10 + c.duration), [.animationEnded(position: 0)])
            #expect(model.animation == nil && model.displayedPosition(at: 20) == 0)
        }
    }

    @Test func dialNumberIgnoresOtherNumbersAndModes() {
        var model = KnobModel()
        model.mode = .rotaryDial
        #expect(model.dialNumber(10, at: 0).isEmpty && model.dialNumber(-1, at: 0).isEmpty)
        var knob = KnobModel()
        knob.mode = .continuous
        #expect(knob.dialNumber(3, at: 0).isEmpty && knob.animation == nil)
    }

    /// Numbers asked for while the dial turns wait and start back to back at the exact end
    /// time: 1 (0.4 s) from t = 0, then 2 (W 90°, 0.6 s) from t = 0.4, then rest at 1.0 s.
    @Test func dialCommandsQueue() {
        var model = KnobModel()
        model.mode = .rotaryDial
        _ = model.dialNumber(1, at: 0)
        #expect(model.dialNumber(2, at: 0.1).isEmpty && model.pendingNumbers == [2])
        expectKnobEvents(model.advance(to: 0.45), [.animationEnded(position: 0)] + Self.dialedEvents(2, .program))
        #expect(knobClose(model.animation!.startTime, 0.4, 1e-12) && knobClose(model.animation!.duration, 0.6, 1e-12))
        #expect(knobClose(model.displayedPosition(at: 0.7), -90 * Self.d, 1e-9))
        expectKnobEvents(model.advance(to: 1.0), [.animationEnded(position: 0)])
        #expect(model.pendingNumbers.isEmpty && model.lastNumberDialed == 2)
        // One starts, the rest queue up to the bound.
        for _ in 0..<40 { _ = model.dialNumber(3, at: 1.5) }
        #expect(model.pendingNumbers.count == KnobModel.maximumPendingDials && !model.canAcceptDial)
    }

    // MARK: gestures

    /// Down on hole 3 (105°), drag clockwise. Released after 44° the dial returns at 300°/s
    /// (44/300 s) without dialling; after 46° it dials 3: W = 120°, path 120 − 46 + 120 =
    /// 194° → 194/300 s, stop at (120 − 46)/300 s.
    @Test func threshold() {
        var rig = Self.dial()
        _ = rig.down(Self.at(105))
        expectKnobEvents(rig.move(Self.at(61)), [.trackingBegan, KnobGestureTests.user(-44 * Self.d, 0)], tolerance: 1e-9)
        let t = rig.time + 0.01
        expectKnobEvents(rig.up(), [KnobGestureTests.user(0, 0), .trackingEnded])
        #expect(knobClose(rig.model.animation!.duration, 44.0 / 300, 1e-9) && rig.model.animation!.via == nil)
        #expect(knobClose(rig.model.displayedPosition(at: t), -44 * Self.d, 1e-9))
        _ = rig.model.advance(to: 100)

        rig.time = 100
        _ = rig.down(Self.at(105))
        _ = rig.move(Self.at(59))
        let t2 = rig.time + 0.01
        expectKnobEvents(rig.up(), Self.dialedEvents(3) + [.trackingEnded])
        let a = rig.model.animation!
        #expect(a.startTime == t2 && knobClose(a.fromAngle, -46 * Self.d, 1e-9))
        #expect(knobClose(a.duration, 194.0 / 300, 1e-9) && knobClose(a.via!.time, 74.0 / 300, 1e-9))
    }

    /// The dial turns clockwise only and stops at the finger stop: from hole 1 (45°) a drag
    /// to −90° is held at −60° (hole 1 against the stop); a counterclockwise drag leaves it at
    /// rest, and releasing it does not dial (the reference's wrapped finger delta would).
    @Test func dragStopsAtTheStopAndOnlyTurnsClockwise() {
        var rig = Self.dial()
        _ = rig.down(Self.at(45))
        _ = rig.move(Self.at(0))
        _ = rig.move(Self.at(-90))
        #expect(knobClose(rig.model.position, -60 * Self.d, 1e-9))
        expectKnobEvents(rig.up(), Self.dialedEvents(1) + [.trackingEnded])
        _ = rig.model.advance(to: 100)

        rig.time = 100
        _ = rig.down(Self.at(200))                    // hole 6
        expectKnobEvents(rig.move(Self.at(230)), [.trackingBegan, KnobGestureTests.user(0, 1)])
        expectKnobEvents(rig.up(), [KnobGestureTests.user(0, 1), .trackingEnded])
        #expect(rig.model.animation == nil)
    }

    /// A drag that starts in a dead spot (15°, between 1 and the stop) turns the dial but
    /// never dials, however far it goes.
    @Test func deadSpotDragsDoNotDial() {
        var rig = Self.dial()
        _ = rig.down(Self.at(15))
        _ = rig.move(Self.at(-60))
        _ = rig.move(Self.at(-150))
        #expect(knobClose(rig.model.position, -165 * Self.d, 1e-9))
        expectKnobEvents(rig.up(), [KnobGestureTests.user(0, 0), .trackingEnded])
        #expect(knobClose(rig.model.animation!.duration, 165.0 / 300, 1e-9))
    }

    /// Touches that start while the dial animation runs are ignored; after it, they work.
    @Test func inputDuringTheAnimationIsIgnored() {
        var rig = Self.dial()
        _ = rig.model.dialNumber(0, at: 0)               // 2.2 s
        rig.time = 1
        #expect(rig.down(Self.at(105)).isEmpty && rig.move(Self.at(30)).isEmpty && rig.up().isEmpty)
        #expect(!rig.model.isHighlighted)
        _ = rig.model.advance(to: 2.2)
        rig.time = 2.2
        _ = rig.down(Self.at(105))
        #expect(rig.move(Self.at(30)).first == .trackingBegan)
    }

    /// The tap gesture dials the tapped hole; taps nearer the centre than 0.294 × 200 = 58.8
    /// and taps on a dead spot do nothing. The one-finger gesture does not dial on a tap.
    @Test func taps() {
        var rig = Self.dial(gesture: .tap)
        _ = rig.down(Self.at(225, r: 75))                // hole 7 (45° + 6·30°)
        expectKnobEvents(rig.up(), Self.dialedEvents(7))
        _ = rig.model.advance(to: 100)
        rig.time = 100
        _ = rig.down(Self.at(225, r: 58))
        #expect(rig.up().isEmpty)
        _ = rig.down(Self.at(345, r: 75))                // dead spot next to 0
        #expect(rig.up().isEmpty)
        #expect(rig.model.animation == nil)

        var drag = Self.dial()
        _ = drag.down(Self.at(225, r: 75))
        #expect(drag.up().isEmpty)
        #expect(drag.send(.doubleTap(time: 1)).isEmpty)
    }

    /// A cancelled drag (touch_cancel) returns without dialling, however far it went.
    @Test func cancelledDragReturns() {
        var rig = Self.dial()
        _ = rig.down(Self.at(105))
        _ = rig.move(Self.at(0))
        rig.time += 0.01
        expectKnobEvents(rig.send(.touchCancel(id: 1, time: rig.time)), [KnobGestureTests.user(0, 0), .trackingEnded])
        #expect(rig.model.lastNumberDialed == 0 && rig.model.animation?.via == nil)
    }
}

/// KnobMath's sine and cosine (the dial's geometry) against libm, over several turns.
@Suite struct KnobTrigTests {
    @Test func matchesLibm() {
        for i in -2000...2000 {
            let x = Double(i) * 0.01
            #expect(abs(KnobMath.sin(x) - Foundation.sin(x)) < 1e-14, "sin \(x)")
            #expect(abs(KnobMath.cos(x) - Foundation.cos(x)) < 1e-14, "cos \(x)")
        }
        #expect(KnobMath.sin(.infinity).isNaN)
    }
}
