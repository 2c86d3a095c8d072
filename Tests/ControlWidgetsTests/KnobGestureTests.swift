import Testing
@testable import ControlWidgets

/// Touch scripts in knob coordinates (origin at the centre, y down) → positions and events.
/// Control side 200 px, radius 100 px.
@Suite struct KnobGestureTests {
    struct Rig {
        var model: KnobModel
        var recognizer = KnobGestureRecognizer(geometry: KnobGeometry(sideLength: 200))
        var time = 0.0

        init(_ model: KnobModel) { self.model = model }

        mutating func send(_ input: KnobInput) -> [KnobEvent] {
            recognizer.handle(input, model: &model)
        }
        mutating func down(_ point: KnobPoint, id: Int = 1) -> [KnobEvent] {
            time += 0.01
            return send(.touchDown(id: id, at: point, time: time))
        }
        mutating func move(_ point: KnobPoint, id: Int = 1) -> [KnobEvent] {
            time += 0.01
            return send(.touchMove(id: id, to: point, time: time))
        }
        mutating func up(id: Int = 1) -> [KnobEvent] {
            time += 0.01
            return send(.touchUp(id: id, time: time))
        }
    }

    static func user(_ position: Double, _ index: Int = -1) -> KnobEvent {
        .valueChanged(position: position, positionIndex: index, source: .user)
    }

    /// One finger from 12 o'clock (polar π/2) to 9 o'clock (π): position = 0 + π - π/2.
    @Test func oneFingerFollowsTheFinger() {
        var rig = Rig(makeKnobModel(mode: .continuous))
        #expect(rig.down(knobPoint(degrees: 90)).isEmpty)
        #expect(rig.model.isHighlighted && !rig.model.isRotating)
        expectKnobEvents(rig.move(knobPoint(degrees: 180)), [.trackingBegan, Self.user(knobPi / 2)])
        #expect(rig.model.isRotating && rig.recognizer.isTracking)
        #expect(rig.model.displayedPosition(at: rig.time) == knobPi / 2)       // pip under the finger
        #expect(knobClose(rig.model.screenRotation(at: rig.time), -knobPi / 2))  // 90° counterclockwise
        expectKnobEvents(rig.up(), [Self.user(knobPi / 2), .trackingEnded])     // continuous: no return
        #expect(!rig.model.isHighlighted && !rig.recognizer.isTracking)
    }

    /// The slop delays recognition but the anchor is the touch-down point: after crossing
    /// 4 px at (5, -50), position = atan2(50, 5) - π/2 = -atan(0.1) = -0.0996687.
    @Test func slopAnchorsAtTouchDown() {
        var rig = Rig(makeKnobModel(mode: .continuous))
        _ = rig.down(KnobPoint(x: 0, y: -50))
        #expect(rig.move(KnobPoint(x: 2, y: -50)).isEmpty)
        #expect(rig.move(KnobPoint(x: 3, y: -50)).isEmpty)
        expectKnobEvents(rig.move(KnobPoint(x: 5, y: -50)), [.trackingBegan, Self.user(-0.09966865249116204)], tolerance: 1e-12)
    }

    /// A counterclockwise turn of 405° in 45° steps, not normalized: crossing 9 o'clock
    /// (π → -3π/4) moves touchStart by -2π, so the position keeps growing. (The .m's strict
    /// bounds would miss this crossing, because the finger sits exactly on the negative x axis.)
    @Test func oneFingerCountsTurnsWhenNotNormalized() {
        var rig = Rig(makeKnobModel(mode: .continuous, normalized: false))
        _ = rig.down(knobPoint(degrees: 0))
        var last = 0.0
        for step in 1...9 {
            let events = rig.move(knobPoint(degrees: 45 * step))
            last = rig.model.position
            #expect(knobClose(last, Double(step) * knobPi / 4), "step \(step)")
            #expect(events.last == Self.user(rig.model.position))
        }
        #expect(knobClose(last, 9 * knobPi / 4))
        // And back clockwise across 9 o'clock the other way (-3π/4 → π: touchStart += 2π).
        for step in stride(from: 8, through: -1, by: -1) {
            _ = rig.move(knobPoint(degrees: 45 * step))
            #expect(knobClose(rig.model.position, Double(step) * knobPi / 4), "back to step \(step)")
        }
    }

    @Test func oneFingerNormalizedWrapsAtPi() {
        var rig = Rig(makeKnobModel(mode: .continuous))
        _ = rig.down(knobPoint(degrees: 0))
        let expectedDegrees = [45.0, 90, 135, 180, -135, -90, -45, 0, 45]
        for (step, degrees) in zip(1...9, expectedDegrees) {
            _ = rig.move(knobPoint(degrees: 45 * step))
            #expect(knobClose(rig.model.positionDegrees, degrees, 1e-9), "step \(step)")
        }
    }

    /// Clockwise knob: the polar angle is mirrored, so a clockwise drag of 45° from 3 o'clock
    /// (mirrored angle π → -3π/4, quadrant rule) is +π/4.
    @Test func clockwiseKnobIncreasesClockwise() {
        var rig = Rig(makeKnobModel(mode: .continuous, clockwise: true))
        _ = rig.down(knobPoint(degrees: 0))
        _ = rig.move(knobPoint(degrees: -45))
        #expect(knobClose(rig.model.position, knobPi / 4))
        #expect(knobClose(rig.model.screenRotation(at: rig.time), knobPi / 4))  // clockwise on screen
    }

    /// Open knob, min -π/2, max π/2: the knob stops at max while the finger goes on, still
    /// reporting valueChanged, and moves again only when the finger comes back.
    @Test func oneFingerStopsAtTheLimits() {
        var model = makeKnobModel(mode: .continuous, circular: false)
        model.min = -knobPi / 2
        model.max = knobPi / 2
        var rig = Rig(model)
        _ = rig.down(knobPoint(degrees: 90))
        _ = rig.move(knobPoint(degrees: 135))
        #expect(knobClose(rig.model.position, knobPi / 4))
        _ = rig.move(knobPoint(degrees: 180))
        #expect(knobClose(rig.model.position, knobPi / 2))
        expectKnobEvents(rig.move(knobPoint(degrees: 225)), [Self.user(knobPi / 2)])  // 3π/4 clamped
        _ = rig.move(knobPoint(degrees: 180))
        #expect(knobClose(rig.model.position, knobPi / 2))
        _ = rig.move(knobPoint(degrees: 135))
        #expect(knobClose(rig.model.position, knobPi / 4))
    }

    /// Linear return, 6 positions: the knob follows freely (π/4) and returns on release to
    /// π/3 (index 1), Δ = π/12 at π/6 rad/s → 0.5 s. The release event already carries π/3.
    @Test func linearReturnSnapsOnRelease() {
        var rig = Rig(makeKnobModel(positions: 6))
        _ = rig.down(knobPoint(degrees: 90))
        expectKnobEvents(rig.move(knobPoint(degrees: 135)), [.trackingBegan, Self.user(knobPi / 4, 1)])
        let release = rig.time + 0.01
        expectKnobEvents(rig.up(), [Self.user(knobPi / 3, 1), .trackingEnded])
        #expect(knobClose(rig.model.position, knobPi / 3))
        #expect(knobClose(rig.model.animation?.duration ?? 0, 0.5))
        #expect(knobClose(rig.model.displayedPosition(at: release + 0.25), 7 * knobPi / 24))
        #expect(rig.model.advance(to: release + 0.4).isEmpty)
        expectKnobEvents(rig.model.advance(to: release + 0.5), [.animationEnded(position: knobPi / 3)])
    }

    @Test func cancelAlsoReturns() {
        var rig = Rig(makeKnobModel(positions: 6))
        _ = rig.down(knobPoint(degrees: 90))
        _ = rig.move(knobPoint(degrees: 135))
        rig.time += 0.01
        expectKnobEvents(rig.send(.touchCancel(id: 1, time: rig.time)), [Self.user(knobPi / 3, 1), .trackingEnded])
    }

    /// Wheel of fortune, 6 positions: released at π/4 = 0.785 (Δ to π/3 = 0.26 < 0.47):
    /// stays; the release still reports the (unchanged) position.
    @Test func wheelOfFortuneStaysInsideASegment() {
        var rig = Rig(makeKnobModel(mode: .wheelOfFortune, positions: 6))
        _ = rig.down(knobPoint(degrees: 90))
        _ = rig.move(knobPoint(degrees: 135))
        expectKnobEvents(rig.up(), [Self.user(knobPi / 4, 1), .trackingEnded])
        #expect(rig.model.animation == nil)
    }

    /// A press without movement is not a gesture: no events, no return.
    @Test func pressWithoutMovementDoesNothing() {
        var rig = Rig(makeKnobModel(positions: 6))
        rig.model.setPosition(0.3)
        _ = rig.down(knobPoint(degrees: 90))
        #expect(rig.up().isEmpty)
        #expect(rig.model.position == 0.3)
    }

    /// Vertical pan: position = start - sensitivity·dy/side; up 50 px of 200 → +0.25 rad.
    @Test func verticalPan() {
        var model = makeKnobModel(mode: .continuous)
        model.gesture = .verticalPan
        var rig = Rig(model)
        _ = rig.down(KnobPoint(x: 10, y: 0))
        #expect(rig.move(KnobPoint(x: 10, y: -3)).isEmpty)                            // inside the slop
        expectKnobEvents(rig.move(KnobPoint(x: 10, y: -5)), [.trackingBegan, Self.user(0.025)])  // anchored at touch-down
        _ = rig.move(KnobPoint(x: 10, y: -50))
        #expect(knobClose(rig.model.position, 0.25))
        _ = rig.move(KnobPoint(x: 60, y: -100))                                        // x is ignored
        #expect(knobClose(rig.model.position, 0.5))
        _ = rig.move(KnobPoint(x: 10, y: 40))
        #expect(knobClose(rig.model.position, -0.2))
        _ = rig.up()
        rig.model.gestureSensitivity = 2                                               // 2 rad per height
        _ = rig.down(KnobPoint(x: 0, y: 0))
        _ = rig.move(KnobPoint(x: 0, y: -100))
        #expect(knobClose(rig.model.position, -0.2 + 1.0))
    }

    /// Tap, continuous: the pointer goes to the tapped angle at once: polar - π/2.
    @Test func tapContinuous() {
        var model = makeKnobModel(mode: .continuous)
        model.gesture = .tap
        var rig = Rig(model)
        _ = rig.down(knobPoint(degrees: 180))
        expectKnobEvents(rig.up(), [Self.user(knobPi / 2)])                    // 9 o'clock: π - π/2
        _ = rig.down(knobPoint(degrees: 270))
        expectKnobEvents(rig.up(), [Self.user(knobPi)])                        // -π/2 - π/2 = -π → π
        _ = rig.down(knobPoint(degrees: 0))
        _ = rig.move(KnobPoint(x: 50, y: 8))                                    // within the tap slop
        expectKnobEvents(rig.up(), [Self.user(-knobPi / 2)])                   // at the touch-down point
        _ = rig.down(knobPoint(degrees: 90))
        _ = rig.move(KnobPoint(x: 20, y: -50))                                  // 20 px: not a tap
        #expect(rig.up().isEmpty)
        #expect(knobClose(rig.model.position, -knobPi / 2))
    }

    /// Tap, discrete: the tapped title comes to the top. Title j is drawn 2πj/n clockwise
    /// from 12 o'clock, so a tap at 10:30 (polar 3π/4) asks for p' = 0 - 3π/4 + π/2 = -π/4,
    /// nearest index 5 → target -π/3 (index 5 is now on top), at once.
    @Test func tapDiscreteBringsTheTitleToTheTop() {
        var model = makeKnobModel(positions: 6)
        model.gesture = .tap
        var rig = Rig(model)
        _ = rig.down(knobPoint(degrees: 135))
        expectKnobEvents(rig.up(), [Self.user(-knobPi / 3, 5)])
        #expect(rig.model.animation == nil)
        // Wheel of fortune: Δ = -π/3 beyond the threshold → -π/3 + 0.9π/6 = -0.5760 (index 5).
        var wheel = makeKnobModel(mode: .wheelOfFortune, positions: 6)
        wheel.gesture = .tap
        var wheelRig = Rig(wheel)
        _ = wheelRig.down(knobPoint(degrees: 135))
        expectKnobEvents(wheelRig.up(), [Self.user(-knobPi / 3 + 0.9 * knobPi / 6, 5)])
    }

    /// Two fingers at (-50, 0) and (50, 0); the line turns clockwise by atan2(50, 100) when
    /// the second moves to (50, 50), then to π/4 when the first moves to (-50, -50).
    /// Counterclockwise knob: position = -rotation; clockwise knob: +rotation.
    @Test(arguments: [false, true])
    func twoFingerRotation(clockwise: Bool) {
        var model = makeKnobModel(mode: .continuous, clockwise: clockwise)
        model.gesture = .twoFingerRotation
        var rig = Rig(model)
        let sign: Double = clockwise ? 1 : -1
        _ = rig.down(KnobPoint(x: -50, y: 0), id: 1)
        _ = rig.down(KnobPoint(x: 50, y: 0), id: 2)
        #expect(rig.move(KnobPoint(x: 50, y: 1), id: 2).isEmpty)         // 0.01 rad < 2°
        expectKnobEvents(rig.move(KnobPoint(x: 50, y: 50), id: 2), [.trackingBegan, Self.user(sign * 0.4636476090008061)])
        _ = rig.move(KnobPoint(x: -50, y: -50), id: 1)
        #expect(knobClose(rig.model.position, sign * knobPi / 4))
        expectKnobEvents(rig.up(id: 1), [Self.user(sign * knobPi / 4), .trackingEnded])
        #expect(rig.model.isHighlighted)                                     // finger 2 still down
        #expect(rig.move(KnobPoint(x: 0, y: 50), id: 2).isEmpty)
        _ = rig.up(id: 2)
        #expect(!rig.model.isHighlighted)
    }

    /// The wheel moves by whole positions in discrete modes, animated at a full turn per
    /// second; fractions accumulate; 5° per detent in continuous mode, at once.
    @Test func wheelSteps() {
        var rig = Rig(makeKnobModel(positions: 6))
        expectKnobEvents(rig.send(.wheel(steps: 1, time: 1)), [Self.user(knobPi / 3, 1)])
        #expect(knobClose(rig.model.animation?.duration ?? 0, 1.0 / 6))   // (π/3)/2π
        #expect(rig.send(.wheel(steps: 0.5, time: 2)).isEmpty)
        expectKnobEvents(rig.send(.wheel(steps: 0.5, time: 2.1)), [Self.user(2 * knobPi / 3, 2)])
        expectKnobEvents(rig.send(.wheel(steps: -3, time: 3)), [Self.user(-knobPi / 3, 5)])  // wraps round
        expectKnobEvents(rig.send(.wheel(steps: 1, time: 4)), [Self.user(0, 0)])

        var continuous = Rig(makeKnobModel(mode: .continuous))
        expectKnobEvents(continuous.send(.wheel(steps: 2, time: 0)), [Self.user(KnobMath.radians(10))])
        #expect(continuous.model.animation == nil)

        var open = makeKnobModel(positions: 6, circular: false)
        open.min = 0
        open.max = 3
        open.setPositionIndex(5)
        var openRig = Rig(open)
        #expect(openRig.send(.wheel(steps: 1, time: 0)).isEmpty)           // already the last index
        expectKnobEvents(openRig.send(.wheel(steps: -2, time: 0)), [Self.user(1.75, 3)])
    }

    /// Not normalized, 4 positions at 2π + π/2 (index 1, one turn up): a detent goes to
    /// index 2 in the same turn, 2π + π; End (index 3 at 3π/2) is taken in that turn too.
    @Test func wheelKeepsTheTurnWhenNotNormalized() {
        var model = makeKnobModel(positions: 4, normalized: false)
        model.setPosition(2 * knobPi + knobPi / 2)
        var rig = Rig(model)
        expectKnobEvents(rig.send(.wheel(steps: 1, time: 0)), [Self.user(3 * knobPi, 2)])
        expectKnobEvents(rig.send(.key(.end, time: 1)), [Self.user(2 * knobPi + 3 * knobPi / 2, 3)])
        expectKnobEvents(rig.send(.wheel(steps: 1, time: 2)), [Self.user(4 * knobPi, 0)])
    }

    @Test func keysContinuous() {
        var rig = Rig(makeKnobModel(mode: .continuous))
        expectKnobEvents(rig.send(.key(.right, time: 0)), [Self.user(KnobMath.radians(1))])
        _ = rig.send(.key(.up, time: 0))
        #expect(knobClose(rig.model.positionDegrees, 2))
        _ = rig.send(.key(.left, time: 0))
        _ = rig.send(.key(.down, time: 0))
        #expect(knobClose(rig.model.position, 0))
        _ = rig.send(.key(.pageUp, time: 0))
        #expect(knobClose(rig.model.positionDegrees, 10))
        _ = rig.send(.key(.pageDown, time: 0))
        _ = rig.send(.key(.pageDown, time: 0))
        #expect(knobClose(rig.model.positionDegrees, -10))
        _ = rig.send(.key(.home, time: 0))
        #expect(rig.model.position == -knobPi + 1e-7)            // travel start when circular
        _ = rig.send(.key(.end, time: 0))
        #expect(rig.model.position == knobPi - 1e-7)
        var open = makeKnobModel(mode: .continuous, circular: false)
        open.min = 0
        open.max = 3
        var openRig = Rig(open)
        _ = openRig.send(.key(.end, time: 0))
        #expect(openRig.model.position == 3)
        _ = openRig.send(.key(.home, time: 0))
        #expect(openRig.model.position == 0)
    }

    /// Twelve positions: page = 3 positions (π/2); End = index 11 at -π/6, reached the short
    /// way in (π/6)/2π = 1/12 s.
    @Test func keysDiscrete() {
        var rig = Rig(makeKnobModel(positions: 12))
        expectKnobEvents(rig.send(.key(.pageUp, time: 0)), [Self.user(knobPi / 2, 3)])
        expectKnobEvents(rig.send(.key(.home, time: 1)), [Self.user(0, 0)])
        expectKnobEvents(rig.send(.key(.end, time: 2)), [Self.user(-knobPi / 6, 11)])
        #expect(knobClose(rig.model.animation?.duration ?? 0, 1.0 / 12))
        expectKnobEvents(rig.send(.key(.right, time: 3)), [Self.user(0, 0)])
        #expect(rig.send(.key(.home, time: 4)).isEmpty)          // already there
    }

    /// Two quick taps reset to doubleTapReset (asked for), animated at a full turn per second.
    @Test func doubleTapResets() {
        var model = makeKnobModel(mode: .continuous)
        model.doubleTapReset = .position(0)
        model.setPosition(1)
        var rig = Rig(model)
        #expect(rig.send(.touchDown(id: 1, at: KnobPoint(x: 10, y: 10), time: 0)).isEmpty)
        #expect(rig.send(.touchUp(id: 1, time: 0.1)).isEmpty)
        _ = rig.send(.touchDown(id: 2, at: KnobPoint(x: 12, y: 10), time: 0.25))
        expectKnobEvents(rig.send(.touchUp(id: 2, time: 0.3)), [Self.user(0)])
        #expect(knobClose(rig.model.animation?.duration ?? 0, 1 / (2 * knobPi)))
        #expect(rig.model.displayedPosition(at: 0.3) == 1)
        // Too slow: 0.4 s between the first release and the second touch.
        rig.model.setPosition(1)
        _ = rig.send(.touchDown(id: 3, at: KnobPoint(x: 10, y: 10), time: 1))
        _ = rig.send(.touchUp(id: 3, time: 1.1))
        _ = rig.send(.touchDown(id: 4, at: KnobPoint(x: 10, y: 10), time: 1.5))
        #expect(rig.send(.touchUp(id: 4, time: 1.55)).isEmpty)
        // An explicit double tap from the runtime.
        rig.model.doubleTapReset = .position(-0.5)
        expectKnobEvents(rig.send(.doubleTap(time: 2)), [Self.user(-0.5)])
    }

    @Test func disabledKnobIgnoresInputAndCancelsAGesture() {
        var rig = Rig(makeKnobModel(positions: 6))
        _ = rig.down(knobPoint(degrees: 90))
        _ = rig.move(knobPoint(degrees: 135))
        rig.model.isEnabled = false
        expectKnobEvents(rig.move(knobPoint(degrees: 180)), [Self.user(knobPi / 3, 1), .trackingEnded])
        #expect(!rig.model.isHighlighted)
        #expect(rig.down(knobPoint(degrees: 90)).isEmpty)
        #expect(rig.send(.wheel(steps: 1, time: 5)).isEmpty && rig.send(.key(.right, time: 5)).isEmpty)
        #expect(knobClose(rig.model.position, knobPi / 3))
    }

    @Test func extraFingersDoNotDisturbOneFingerRotation() {
        var rig = Rig(makeKnobModel(mode: .continuous))
        _ = rig.down(knobPoint(degrees: 90), id: 1)
        _ = rig.down(knobPoint(degrees: 0), id: 2)
        #expect(rig.move(knobPoint(degrees: 45), id: 2).isEmpty)
        _ = rig.move(knobPoint(degrees: 135), id: 1)
        #expect(knobClose(rig.model.position, knobPi / 4))
        expectKnobEvents(rig.up(id: 1), [Self.user(knobPi / 4), .trackingEnded])
        #expect(rig.move(knobPoint(degrees: 180), id: 2).isEmpty)
        #expect(rig.up(id: 2).isEmpty)
    }
}
