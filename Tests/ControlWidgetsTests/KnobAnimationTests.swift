import Testing
@testable import ControlWidgets

/// Return (snap) targets and durations, animated setPosition, displayed angles over time.
@Suite struct KnobAnimationTests {
    /// Linear return from 0.3 with 6 positions: nearest index 0 → target 0;
    /// duration = timeScale/(π/6)·|Δ| = 0.3·6/π = 0.572957795 s.
    @Test func linearReturnTargetAndDuration() throws {
        var model = makeKnobModel(positions: 6)
        model.setPosition(0.3)
        let snap = try #require(model.snapTarget())
        #expect(snap.target == 0)
        #expect(knobClose(snap.duration, 0.3 * 6 / knobPi))
        model.timeScale = 2                                 // twice as slow: π/12 rad/s
        #expect(knobClose(try #require(model.snapTarget()).duration, 2 * 0.3 * 6 / knobPi))
        model.timeScale = 1
        model.setPosition(1.0)                              // index 1 → π/3, Δ = 0.0472
        let up = try #require(model.snapTarget())
        #expect(knobClose(up.target, knobPi / 3))
        #expect(knobClose(up.duration, (knobPi / 3 - 1.0) * 6 / knobPi))
    }

    /// Half-way cases stay at π - ε: from π - 0.2 directly; from -π + 0.2 the reference
    /// goes to -π - ε (Δ = -0.2 - ε after subtracting 2π), which we normalize to π - ε.
    @Test func halfWayReturnsStayAtPiMinusEpsilon() throws {
        var model = makeKnobModel(positions: 6)
        model.setPosition(knobPi - 0.2)
        let a = try #require(model.snapTarget())
        #expect(a.target == knobPi - 1e-7)
        #expect(knobClose(a.duration, (0.2 - 1e-7) * 6 / knobPi))
        model.setPosition(-knobPi + 0.2)
        let b = try #require(model.snapTarget())
        #expect(b.target == knobPi - 1e-7)
        #expect(knobClose(b.duration, (0.2 + 1e-7) * 6 / knobPi))
        // The animation goes the short way: from -π + 0.2 (shown as π + 0.2) down to π - ε.
        model.snapToNearestPosition(from: model.position, duration: nil, at: 10)
        let animation = try #require(model.animation)
        #expect(knobClose(animation.fromAngle, knobPi + 0.2))
        #expect(animation.toAngle == knobPi - 1e-7 && model.position == knobPi - 1e-7)
        #expect(knobClose(model.displayedPosition(at: 10 + b.duration / 2), knobPi + 0.1 - 0.5e-7))
    }

    /// Not normalized: the target is the allowed position in the current turn.
    @Test func notNormalizedReturnKeepsTheTurn() throws {
        var model = makeKnobModel(positions: 4, normalized: false)
        model.setPosition(2 * knobPi + 0.3)
        // p' = 2π + 0.3 → 4.19 + 0.5 → 4 mod 4 = 0 → 0; Δ = -(2π + 0.3) → +2π → -0.3; target 2π.
        let snap = try #require(model.snapTarget())
        #expect(knobClose(snap.target, 2 * knobPi))
        #expect(knobClose(snap.duration, 0.3 * 6 / knobPi))
    }

    /// Wheel of fortune, 6 positions: threshold 0.9π/6 = 0.4712; segment half-width π/6 = 0.5236.
    @Test func wheelOfFortuneStrips() throws {
        var model = makeKnobModel(mode: .wheelOfFortune, positions: 6)
        model.setPosition(0.3)                       // Δ = -0.3, inside the segment: no return
        #expect(model.snapTarget() == nil)
        model.setPosition(0.5)                       // index 0, Δ = -0.5 < -0.4712: in the strip
        let a = try #require(model.snapTarget())
        #expect(knobClose(a.target, 0.9 * knobPi / 6))                    // the strip's inner edge
        #expect(knobClose(a.duration, (0.5 - 0.9 * knobPi / 6) * 6 / knobPi))
        model.setPosition(0.55)                      // index 1 (π/3), Δ = 0.4972 > 0.4712
        let b = try #require(model.snapTarget())
        #expect(knobClose(b.target, knobPi / 3 - 0.9 * knobPi / 6))       // 0.57596
        #expect(knobClose(b.duration, (b.target - 0.55) * 6 / knobPi))
        model.setPosition(-0.5)                      // mirror image: up to -0.4712
        #expect(knobClose(try #require(model.snapTarget()).target, -0.9 * knobPi / 6))
    }

    /// The strip threshold is 0.9π/n even when not circular, where a segment's half-width is
    /// (max - min)/2n: with min 0, max 3, n 6 that is 0.25 < 0.4712, so it never returns.
    @Test func wheelOfFortuneOpenKnobNeverReturnsLikeTheReference() {
        var model = makeKnobModel(mode: .wheelOfFortune, positions: 6, circular: false)
        model.min = 0
        model.max = 3
        model.setPosition(0.99)                      // index 1, centre 0.75, Δ = -0.24
        #expect(model.snapTarget() == nil)
    }

    @Test func continuousNeverReturns() {
        var model = makeKnobModel(mode: .continuous, positions: 6)
        model.setPosition(0.3)
        #expect(model.snapTarget() == nil)
    }

    /// The snap animation turns at π/6 rad/s (timeScale 1): sampled at several times.
    @Test func displayedPositionDuringASnap() {
        var model = makeKnobModel(positions: 6)
        model.setPosition(0.3)
        model.snapToNearestPosition(from: model.position, duration: nil, at: 100)
        let duration = 0.3 * 6 / knobPi
        #expect(model.position == 0)                                    // the model is there at once
        #expect(model.displayedPosition(at: 100) == 0.3)
        #expect(knobClose(model.displayedPosition(at: 100.1), 0.3 - knobPi / 6 * 0.1))   // 0.24764
        #expect(knobClose(model.displayedPosition(at: 100.3), 0.3 - knobPi / 6 * 0.3))   // 0.14292
        #expect(model.isAnimating(at: 100.5))
        #expect(model.displayedPosition(at: 100 + duration) == 0)
        #expect(!model.isAnimating(at: 100 + duration))
        #expect(model.displayedPosition(at: 200) == 0)
        #expect(knobClose(model.animation?.angularVelocity ?? 0, knobPi / 6))
        #expect(knobClose(model.animationEndTime ?? 0, 100 + duration))
        // Screen rotation: counterclockwise knob → -displayed (clockwise-positive, y down).
        #expect(knobClose(model.screenRotation(at: 100.1), -(0.3 - knobPi / 60)))
    }

    @Test func timeScaleSlowsTheReturn() {
        var model = makeKnobModel(positions: 6)
        model.timeScale = 2
        model.setPosition(0.3)
        model.snapToNearestPosition(from: model.position, duration: nil, at: 0)
        // π/6/2 = π/12 rad/s: after 0.3 s, 0.3 - 0.0785 = 0.22146.
        #expect(knobClose(model.displayedPosition(at: 0.3), 0.3 - knobPi / 12 * 0.3))
        #expect(knobClose(model.animation?.duration ?? 0, 2 * 0.3 * 6 / knobPi))
    }

    @Test func advanceReportsTheEndOnce() {
        var model = makeKnobModel(positions: 6)
        model.setPosition(0.3)
        model.snapToNearestPosition(from: model.position, duration: nil, at: 0)
        #expect(model.advance(to: 0.2).isEmpty)
        #expect(model.animation != nil)
        expectKnobEvents(model.advance(to: 0.6), [.animationEnded(position: 0)])
        #expect(model.animation == nil)
        #expect(model.advance(to: 0.7).isEmpty)
    }

    /// setPosition animated: a full turn per second, ignoring timeScale, |Δ| / 2π.
    @Test func animatedSetPositionTakesAFullTurnPerSecond() throws {
        var model = makeKnobModel(mode: .continuous)
        model.timeScale = 5                                   // ignored
        expectKnobEvents(model.setPosition(1.0, animated: true, at: 2),
                         [.valueChanged(position: 1, positionIndex: -1, source: .program)])
        let animation = try #require(model.animation)
        #expect(knobClose(animation.duration, 1 / (2 * knobPi)))          // 0.159155 s
        #expect(model.position == 1)
        #expect(knobClose(model.displayedPosition(at: 2 + 0.5 / (2 * knobPi)), 0.5))
        #expect(model.displayedPosition(at: 3) == 1)
    }

    /// From 3 to -3 the image takes the short way through π (0.283 rad), but the duration
    /// uses the unwrapped |Δ| = 6: 6/2π = 0.955 s, exactly as the .m computes it. Half-way
    /// the knob shows -π.
    @Test func animatedSetPositionAcrossPi() throws {
        var model = makeKnobModel(mode: .continuous)
        model.setPosition(3)
        model.setPosition(-3, animated: true, at: 0)
        let animation = try #require(model.animation)
        #expect(knobClose(animation.duration, 6 / (2 * knobPi)))
        #expect(knobClose(animation.fromAngle, 3 - 2 * knobPi))
        #expect(animation.toAngle == -3)
        #expect(knobClose(model.displayedPosition(at: animation.duration / 2), -knobPi))
    }

    /// A new animation starts from what the screen shows (the .m would jump to the old
    /// target first); a non-animated set cancels the animation.
    @Test func interruptedAnimations() throws {
        var model = makeKnobModel(mode: .continuous)
        model.setPosition(1, animated: true, at: 0)
        let shown = model.displayedPosition(at: 0.08)             // 0.08·2π = 0.50265
        #expect(knobClose(shown, 0.08 * 2 * knobPi))
        model.setPosition(2, animated: true, at: 0.08)
        let animation = try #require(model.animation)
        #expect(knobClose(animation.fromAngle, shown) && animation.toAngle == 2)
        #expect(knobClose(animation.duration, 1 / (2 * knobPi)))  // |2 - 1| / 2π
        model.setPosition(-1)
        #expect(model.animation == nil && model.displayedPosition(at: 0.09) == -1)
        #expect(model.advance(to: 10).isEmpty)
    }

    @Test func clockwiseKnobsRotateTheOtherWayOnScreen() {
        var model = makeKnobModel(mode: .continuous, clockwise: true)
        model.setPosition(0.5)
        #expect(model.screenRotation(at: 0) == 0.5)
        model.clockwise = false
        #expect(model.screenRotation(at: 0) == -0.5)
    }

    @Test func animationValue() {
        let animation = KnobAnimation(fromAngle: 1, toAngle: 2, startTime: 10, duration: 2)
        #expect(animation.angle(at: 9) == 1)
        #expect(animation.angle(at: 10.5) == 1.25)
        #expect(animation.angle(at: 12) == 2)
        #expect(animation.isRunning(at: 11.99) && !animation.isRunning(at: 12))
        #expect(animation.endTime == 12 && animation.angularVelocity == 0.5)
        let empty = KnobAnimation(fromAngle: 1, toAngle: 2, startTime: 0, duration: 0)
        #expect(empty.angle(at: 0) == 2 && !empty.isRunning(at: 0))
    }
}
