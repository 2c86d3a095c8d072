import Testing
@testable import ControlWidgets

/// positionIndex, nearestPosition, setPositionIndex, min/max and position constraints.
@Suite struct KnobPositionTests {
    @Test func defaultsFollowTheReference() {
        let model = KnobModel()
        #expect(model.mode == .linearReturn)
        #expect(model.circular && !model.clockwise && model.normalized)
        #expect(model.min == -knobPi + 1e-7 && model.max == knobPi - 1e-7)
        #expect(model.positions == 2 && model.timeScale == 1 && model.gestureSensitivity == 1)
        #expect(model.gesture == .oneFingerRotation)
        #expect(model.position == 0 && model.positionIndex == 0)
        #expect(model.animation == nil && !model.isHighlighted && model.isEnabled)
    }

    @Test func positionsHaveAMinimumOfTwo() {
        var model = KnobModel()
        model.positions = 1
        #expect(model.positions == 2)
        model.positions = 0
        #expect(model.positions == 2)
        model.positions = 12
        #expect(model.positions == 12)
    }

    /// Circular: index = ⌊p' × n/2π + 0.5⌋ mod n, p' = p (+2π when p < 0).
    @Test(arguments: [false, true])
    func circularSixPositions(clockwise: Bool) {
        let model = makeKnobModel(positions: 6, clockwise: clockwise)
        let cases: [(Double, Int)] = [
            (0, 0),                     // 0 + 0.5 → 0
            (0.5, 0),                   // 0.5·6/2π = 0.477, +0.5 = 0.977 → 0
            (0.53, 1),                  // 0.506 + 0.5 = 1.006 → 1 (boundary π/6 = 0.5236)
            (knobPi / 6 - 0.001, 0),
            (knobPi / 6 + 0.001, 1),
            (knobPi, 3),                // 3 + 0.5 → 3
            (-0.1, 0),                  // 2π - 0.1 → 5.905 + 0.5 = 6.40 → 6 mod 6 = 0
            (-knobPi / 6 + 0.01, 0),    // 5.51 + 0.5 = 6.01 → 0
            (-knobPi / 6 - 0.01, 5),    // 5.49 + 0.5 = 5.99 → 5
            (-knobPi / 2 + 0.01, 5),    // header: -π/2…-π/6 is index 5; 4.51 + 0.5 → 5
            (-knobPi / 2 - 0.01, 4),    // 4.49 + 0.5 = 4.99 → 4
        ]
        for (position, index) in cases {
            #expect(model.positionIndex(for: position) == index, "position \(position)")
        }
    }

    @Test func circularTwoAndTwelvePositions() {
        let two = makeKnobModel(positions: 2)
        #expect(two.positionIndex(for: 1.5) == 0)    // 1.5/π = 0.477, +0.5 → 0
        #expect(two.positionIndex(for: 1.6) == 1)    // 0.509 + 0.5 → 1
        #expect(two.positionIndex(for: knobPi) == 1)  // 1 + 0.5 → 1
        #expect(two.positionIndex(for: -1.5) == 0)   // (2π-1.5)/π = 1.522, +0.5 = 2.02 → 2 mod 2 = 0
        #expect(two.positionIndex(for: -1.6) == 1)   // 1.491 + 0.5 = 1.99 → 1
        let twelve = makeKnobModel(positions: 12)
        #expect(twelve.positionIndex(for: 1.0) == 2)   // 12/2π = 1.910, +0.5 = 2.41 → 2
        #expect(twelve.positionIndex(for: -1.0) == 10) // (2π-1)·12/2π = 10.09, +0.5 → 10
        #expect(twelve.positionIndex(for: 2.9) == 6)   // 5.539 + 0.5 = 6.04 → 6
    }

    /// Not normalized: whole turns do not change the index. Below -2π the reference's int
    /// cast truncates towards zero and gets the index one too high; we floor (see report).
    @Test func notNormalizedCountsTurnsButNotIndices() {
        let model = makeKnobModel(positions: 6, normalized: false)
        #expect(model.positionIndex(for: 2 * knobPi + 0.5) == 0)   // 6.477 + 0.5 = 6.98 → 6 → 0
        #expect(model.positionIndex(for: 2 * knobPi + 0.53) == 1)  // 7.006 → 7 → 1
        // p' = -0.53: -0.506 + 0.5 = -0.006 → ⌊⌋ = -1 → 5 (the reference's trunc gives 0).
        #expect(model.positionIndex(for: -2 * knobPi - 0.53) == 5)
        // p' = -2π + 0.1: -6 + 0.095 + 0.5 = -5.40 → -6 → 0, as 0.1 is.
        #expect(model.positionIndex(for: -4 * knobPi + 0.1) == 0)
    }

    /// Not circular: index = ⌊(p - min)/(max - min) × n⌋, and max itself is the last index.
    @Test(arguments: [false, true])
    func openKnobSixPositions(clockwise: Bool) {
        var model = makeKnobModel(positions: 6, circular: false, clockwise: clockwise)
        model.min = 0
        model.max = 3        // index = ⌊2p⌋
        let cases: [(Double, Int)] = [(0, 0), (0.49, 0), (0.51, 1), (1.5, 3), (2.99, 5), (3, 5)]
        for (position, index) in cases {
            #expect(model.positionIndex(for: position) == index, "position \(position)")
        }
        // Default min/max (-π+ε, π-ε), 2 positions: (p + π - ε)/(2π - 2ε)·2; 0 → exactly 1.
        let two = makeKnobModel(positions: 2, circular: false)
        #expect(two.positionIndex(for: 0) == 1)
        #expect(two.positionIndex(for: -0.01) == 0)
    }

    @Test func nearestPositions() {
        let six = makeKnobModel(positions: 6)
        #expect(six.nearestPosition(to: 0.3) == 0)
        #expect(knobClose(six.nearestPosition(to: 1.0), knobPi / 3))        // index 1
        #expect(six.nearestPosition(to: knobPi) == knobPi - 1e-7)            // half-way index 3: π - ε
        #expect(six.nearestPosition(to: -knobPi + 0.2) == knobPi - 1e-7)    // also index 3
        #expect(knobClose(six.nearestPosition(to: -1.0), 5 * knobPi / 3))   // index 5, not normalized
        let five = makeKnobModel(positions: 5)
        #expect(knobClose(five.nearestPosition(to: knobPi), 6 * knobPi / 5)) // 2.5 + 0.5 → 3; 2·3 ≠ 5
        var open = makeKnobModel(positions: 6, circular: false)
        open.min = 0
        open.max = 3
        #expect(knobClose(open.nearestPosition(to: 1.2), 1.25))             // index 2: 0.5·(2 + 0.5)
    }

    @Test func positionIndexSetter() {
        var model = makeKnobModel(positions: 6)
        expectKnobEvents(model.setPositionIndex(2), [.valueChanged(position: 2 * knobPi / 3, positionIndex: 2, source: .program)])
        model.setPositionIndex(4)                        // 4π/3 → normalized -2π/3
        #expect(knobClose(model.position, -2 * knobPi / 3) && model.positionIndex == 4)
        model.setPositionIndex(7)                        // 7π/3 → π/3
        #expect(knobClose(model.position, knobPi / 3) && model.positionIndex == 1)
        model.setPositionIndex(3)                        // exactly π stays π (not -π)
        #expect(knobClose(model.position, knobPi) && model.position > 0)
        #expect(model.animation == nil)

        var open = makeKnobModel(positions: 6, circular: false)
        open.min = 0
        open.max = 3
        open.setPositionIndex(2)
        #expect(knobClose(open.position, 1.25))          // segment middle
        open.setPositionIndex(9)                         // 4.75 clamps to max 3 → last index
        #expect(open.position == 3 && open.positionIndex == 5)

        var continuous = makeKnobModel(mode: .continuous)
        #expect(continuous.setPositionIndex(1).isEmpty)
        #expect(continuous.position == 0 && continuous.positionIndex == -1)
    }

    @Test func setPositionConstrains() {
        var model = makeKnobModel(mode: .continuous)
        model.setPosition(4)
        #expect(knobClose(model.position, 4 - 2 * knobPi))   // normalized into (-π, π]
        model.setPosition(-knobPi)
        #expect(model.position == knobPi)                     // -π becomes π
        model.normalized = false
        model.setPosition(7)
        #expect(model.position == 7)                          // counts turns
        model.normalized = true                               // setNormalized: re-normalizes
        #expect(knobClose(model.position, 7 - 2 * knobPi))
        model.setPosition(3)
        model.min = 0
        model.max = 2
        model.circular = false                                // setCircular: clamps
        #expect(model.position == 2)
        model.setPosition(5)
        #expect(model.position == 2)
        model.setPosition(-1)
        #expect(model.position == 0)
        // No change, no event; a change reports a .program valueChanged.
        #expect(model.setPosition(0).isEmpty)
        expectKnobEvents(model.setPosition(1), [.valueChanged(position: 1, positionIndex: -1, source: .program)])
    }

    /// The header's examples, checked against setMin:/setMax: in the .m (which wins).
    @Test func minMaxLastOneSetWins() {
        // min 0 then max 3π: max - min = 3π ≥ 2π → min = max - 2π = π (the header says 2π).
        var a = KnobModel()
        a.min = 0
        a.max = 3 * knobPi
        #expect(a.min == knobPi && a.max == 3 * knobPi)
        // max 3π first: min = 3π - 2π = π; then min 0: max = min + 2π = 2π (the header says π).
        var b = KnobModel()
        b.max = 3 * knobPi
        #expect(b.min == knobPi)
        b.min = 0
        #expect(b.min == 0 && b.max == 2 * knobPi)
        // Exactly 2π apart is allowed (≥ resets it to the same value).
        var c = KnobModel()
        c.min = 0
        c.max = 2 * knobPi
        #expect(c.min == 0)
        c.max = 2 * knobPi + 0.1
        #expect(knobClose(c.min, 0.1))
        // max below min drags min down, and vice versa.
        var d = makeKnobModel(mode: .continuous, circular: false)
        d.setPosition(2)
        d.max = 1                                   // position 2 > max → 1
        #expect(d.position == 1)
        d.min = 1.5                                 // max < min → max = 1.5; position 1 < 1.5 → 1.5
        #expect(d.max == 1.5 && d.position == 1.5)
        d.max = -1                                  // min follows down; position clamps to -1
        #expect(d.min == -1 && d.max == -1 && d.position == -1)
        // Like the .m, the setter clamps only against the bound being set: after min 0 and
        // max 3π the position 0 stays below the new min π until the next setPosition.
        var e = makeKnobModel(mode: .continuous, circular: false)
        e.min = 0
        e.max = 3 * knobPi
        #expect(e.position == 0)
        e.setPosition(0)
        #expect(e.position == knobPi)
    }

    /// The .m clamps against min even when circular (then normalizes, through setPosition).
    @Test func minAppliesToCircularKnobsLikeTheReference() {
        var model = makeKnobModel(mode: .continuous)
        model.min = 1
        #expect(model.position == 1)
        model.min = 4                                  // max π-ε < 4 → max = 4; position → 4 - 2π
        #expect(model.max == 4 && knobClose(model.position, 4 - 2 * knobPi))
    }

    @Test func rotaryDialModeConfiguresTheDial() {
        var model = KnobModel()
        model.gesture = .verticalPan
        model.clockwise = true
        model.mode = .rotaryDial
        #expect(model.gesture == .oneFingerRotation)
        #expect(!model.clockwise && !model.circular)
        #expect(model.min == -11 * knobPi / 6 && model.max == 1e-7)
        #expect(model.positionIndex == 0)                // lastNumberDialed = 0
        model.gesture = .twoFingerRotation                // refused
        #expect(model.gesture == .oneFingerRotation)
        model.gesture = .tap
        #expect(model.gesture == .tap)
        model.min = 0                                     // read-only in this mode
        model.circular = true
        model.clockwise = true
        #expect(model.min == -11 * knobPi / 6 && !model.circular && !model.clockwise)
    }

    @Test func contentRevisionTracksIndexChangesInDiscreteModes() {
        var model = makeKnobModel(positions: 6)
        let start = model.contentRevision
        model.setPosition(0.1)                           // still index 0
        #expect(model.contentRevision == start)
        model.setPosition(knobPi / 3)                    // index 1: titles re-laid out
        #expect(model.contentRevision == start + 1)
        model.titles = ["a"]
        #expect(model.contentRevision == start + 2)
        model.circular = false                           // titles spread over min…max instead
        #expect(model.contentRevision > start + 2)
        var continuous = makeKnobModel(mode: .continuous)
        let before = continuous.contentRevision
        continuous.setPosition(2)
        #expect(continuous.contentRevision == before)
    }
}
