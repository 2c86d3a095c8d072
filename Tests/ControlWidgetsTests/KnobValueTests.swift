import Testing
@testable import ControlWidgets

/// The integrator's value mapping and titles.
@Suite struct KnobValueTests {
    /// Circular: travel [-π+ε, π-ε] → [lo, hi]; 12 o'clock (0) is the middle, π reads hi
    /// (clamped), and setValue(lo) lands on -π+ε, which reads lo again.
    @Test func circularMapsOneTurn() {
        var model = makeKnobModel(mode: .continuous)
        #expect(model.value == nil)
        #expect(model.setValue(3).isEmpty)                                   // no range: ignored
        model.range = KnobValueRange(lo: 0, hi: 100)
        #expect(knobClose(model.value ?? -1, 50, 1e-9))                      // (π-ε)/(2π-2ε) = 1/2
        model.setPosition(knobPi / 2)
        #expect(knobClose(model.value ?? -1, 75, 1e-5))                      // (3π/2-ε)/(2π-2ε)
        model.setPosition(knobPi)
        #expect(model.value == 100)                                          // just past the end: clamped
        model.setValue(0)
        #expect(model.position == -knobPi + 1e-7 && model.value == 0)
        expectKnobEvents(model.setValue(25), [.valueChanged(position: -knobPi / 2, positionIndex: -1, source: .program)], tolerance: 1e-6)
        #expect(knobClose(model.value ?? -1, 25, 1e-9))
        model.setValue(500)                                                  // clamped to hi
        #expect(model.position == knobPi - 1e-7)
    }

    /// Not circular: [min, max] → [lo, hi]; min 0, max 3, range 10…20: 1.5 → 15.
    @Test func openKnobMapsMinToMax() {
        var model = makeKnobModel(mode: .continuous, circular: false)
        model.min = 0
        model.max = 3
        model.range = KnobValueRange(lo: 10, hi: 20)
        model.setPosition(1.5)
        #expect(model.value == 15)
        model.setValue(30)
        #expect(model.position == 3 && model.value == 20)
        model.setValue(12)
        #expect(knobClose(model.position, 0.6))
        model.range = KnobValueRange(lo: 100, hi: 0)                        // reversed scale
        model.setPosition(0.75)
        #expect(model.value == 75)
        model.setValue(-5)                                                   // clamped to 0 → max
        #expect(model.position == 3)
    }

    /// Animated setValue: the displayed value follows the animation.
    @Test func displayedValueFollowsTheAnimation() {
        var model = makeKnobModel(mode: .continuous, circular: false)
        model.min = 0
        model.max = 2
        model.range = KnobValueRange(lo: 0, hi: 1)
        model.setValue(1, animated: true, at: 0)                            // 0 → 2 rad in 2/2π s
        #expect(model.value == 1)
        #expect(model.displayedValue(at: 0) == 0)
        #expect(knobClose(model.displayedValue(at: 1 / (2 * knobPi)) ?? -1, 0.5))
    }

    /// Not normalized: the value reads the angle within the turn; setValue keeps the turn.
    @Test func notNormalizedValueStaysInTheTurn() {
        var model = makeKnobModel(mode: .continuous, normalized: false)
        model.range = KnobValueRange(lo: 0, hi: 1)
        model.setPosition(4 * knobPi + knobPi / 2)
        #expect(knobClose(model.value ?? -1, 0.75, 1e-6))
        model.setValue(0.5)
        #expect(knobClose(model.position, 4 * knobPi, 1e-9))
    }

    @Test func titles() {
        var model = makeKnobModel(positions: 3)
        model.titles = ["Low", "High"]
        #expect(model.title(forIndex: 0) == "Low" && model.title(forIndex: 1) == "High")
        #expect(model.title(forIndex: 2) == "2")                             // missing → index
        #expect(model.selectedTitle == "Low")
        model.setPositionIndex(2)
        #expect(model.selectedTitle == "2")
        model.mode = .continuous
        #expect(model.selectedTitle == nil)
    }
}
