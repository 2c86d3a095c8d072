import Testing
@testable import ControlWidgets

/// Issue 6, item 1, at the model: whatever a caller passes, a knob's position stays finite
/// and within ±10⁶° (`KnobModel.positionBound`); a non-finite request is ignored.
@Suite struct KnobNumberBoundsTests {
    static let bad: [Double] = [.nan, .infinity, -.infinity, 1e308, -1e308]

    /// setPosition with each bad number: NaN and ±inf leave the knob where it was (30°);
    /// ±1e308 on a knob that counts turns stops at ±10⁶°; on a normalized knob the
    /// remainder of 1e308 rad by 2π is some angle in (-180°, 180°].
    @Test(arguments: bad) func setPosition(_ v: Double) {
        for normalized in [true, false] {
            var model = makeKnobModel(mode: .continuous)
            model.normalized = normalized
            model.setPosition(degrees: 30)
            model.setPosition(v)
            #expect(model.position.isFinite)
            #expect(abs(model.positionDegrees) <= 1_000_000 + 1e-6)
            if !v.isFinite { #expect(abs(model.positionDegrees - 30) < 1e-9) }
            model.setPosition(degrees: v, animated: true, at: 1)
            #expect(model.position.isFinite && model.displayedPosition(at: 1.5).isFinite)
        }
    }

    /// A vertical pan to a bad y: the gesture arithmetic (start - sensitivity·dy/side)
    /// is non-finite or huge; the knob stays finite and within the bound, and every event
    /// carries a finite position.
    @Test(arguments: bad) func verticalPanToABadNumber(_ y: Double) {
        var model = makeKnobModel(mode: .continuous)
        model.gesture = .verticalPan
        model.normalized = false
        var recognizer = KnobGestureRecognizer(geometry: KnobGeometry(sideLength: 200))
        var events = recognizer.handle(.touchDown(id: 1, at: KnobPoint(x: 0, y: 0), time: 0.1), model: &model)
        events += recognizer.handle(.touchMove(id: 1, to: KnobPoint(x: 0, y: 20), time: 0.2), model: &model)
        events += recognizer.handle(.touchMove(id: 1, to: KnobPoint(x: 0, y: y), time: 0.3), model: &model)
        events += recognizer.handle(.touchUp(id: 1, time: 0.4), model: &model)
        #expect(model.position.isFinite && abs(model.positionDegrees) <= 1_000_000 + 1e-6)
        for case let .valueChanged(position, _, _) in events { #expect(position.isFinite) }
    }

    /// Wheel detents on a knob that counts turns: 5° each, so 300 000 events of 1000
    /// detents would be 1.5·10⁹°; the position stops at 10⁶°. NaN and ±inf do nothing;
    /// ±1e308 detents (the router clamps deltas to ±1000 before this) go to the bound.
    @Test func wheelAccumulationStopsAtTheBound() {
        var model = makeKnobModel(mode: .continuous)
        model.normalized = false
        var recognizer = KnobGestureRecognizer(geometry: KnobGeometry(sideLength: 200))
        for i in 0..<300 { _ = recognizer.handle(.wheel(steps: 1000, time: Double(i)), model: &model) }
        #expect(abs(model.positionDegrees - 1_000_000) < 1e-6)
        for v in Self.bad {
            _ = recognizer.handle(.wheel(steps: v, time: 400), model: &model)
            #expect(abs(model.positionDegrees) == 1_000_000, "\(v)")
        }
        for mode in [KnobMode.linearReturn, .wheelOfFortune] {
            var discrete = makeKnobModel(mode: mode, positions: 12, normalized: false)
            for v in Self.bad + [1e9, -1e9] {
                _ = recognizer.handle(.wheel(steps: v, time: 500), model: &discrete)
                #expect(discrete.position.isFinite && abs(discrete.positionDegrees) <= 1_000_000 + 1e-6)
            }
        }
    }

    /// Values on the widest allowed range (±1e9) stay finite everywhere on the travel.
    @Test func widestRangeGivesFiniteValues() {
        var model = makeKnobModel(mode: .continuous)
        model.range = KnobValueRange(lo: -1e9, hi: 1e9)
        for v in [-1e9, 0, 1e9] {
            model.setValue(v)
            #expect(model.value.map { abs($0 - v) <= 1e-6 * 1e9 } == true)
        }
    }
}
