import Graphics
import Testing
@testable import ControlWidgets

/// A thermostat knob: continuous, min −135°, max 135° (270° of travel), range 16…28 °C,
/// step 0.5 °C. One step is 0.5 / 12 × 270° = 11.25°; 21.5 °C sits at
/// −135° + (21.5 − 16) / 12 × 270° = −11.25°.
@Suite struct KnobValueStepTests {
    static func thermostat(_ steps: KnobValueSteps = KnobValueSteps(step: 0.5)) -> KnobModel {
        var m = makeKnobModel(mode: .continuous, circular: false)
        m.min = KnobMath.radians(-135)
        m.max = KnobMath.radians(135)
        m.range = KnobValueRange(lo: 16, hi: 28)
        m.valueSteps = steps
        return m
    }

    @Test func valuesSnapToTheStep() {
        var m = Self.thermostat()
        m.setValue(21.3)                                       // nearest grid value 21.5
        #expect(m.value == 21.5)
        #expect(knobClose(m.positionDegrees, -11.25, 1e-9))
        // Any angle snaps: 10° reads 16 + 145/270 × 12 = 22.44 → 22.5 at 11.25°.
        #expect(knobClose(KnobMath.degrees(m.constrained(KnobMath.radians(10))), 11.25, 1e-9))
        m.setValue(99)                                         // clamped to hi
        #expect(m.value == 28)
    }

    @Test func gestureMovesInSteps() {
        var m = Self.thermostat()
        m.setValue(20)
        _ = m.followGesture(to: m.position + KnobMath.radians(4))   // less than half a step: stays
        #expect(m.value == 20)
        _ = m.followGesture(to: m.position + KnobMath.radians(7))   // more than half: next step
        #expect(m.value == 20.5)
    }

    @Test func keysAndWheelUseValueSteps() {
        var m = Self.thermostat(KnobValueSteps(step: 0.5, wheel: 1))
        var g = KnobGestureRecognizer(geometry: KnobGeometry(sideLength: 200))
        m.setValue(20)
        _ = g.handle(.key(.right, time: 0), model: &m)            // keyStep = step
        #expect(m.value == 20.5)
        _ = g.handle(.wheel(steps: 2, time: 0), model: &m)        // 2 detents × 1 °C
        #expect(m.value == 22.5)
        _ = g.handle(.key(.pageDown, time: 0), model: &m)         // 10 key steps = 5 °C
        #expect(m.value == 17.5)
        _ = g.handle(.key(.pageDown, time: 0), model: &m)         // stops at lo
        #expect(m.value == 16)
    }

    @Test func withoutRangeTheAngularDefaultsStay() {
        let m = makeKnobModel(mode: .continuous)
        #expect(m.wheelStepAngleInUse == KnobModel.wheelStepAngle)
        #expect(m.keyStepAngleInUse == KnobModel.arrowStepAngle)
        #expect(m.pageStepAngleInUse == KnobModel.pageStepAngle)
    }

    @Test func reversedRangeSnapsToo() {
        var m = Self.thermostat()
        m.range = KnobValueRange(lo: 28, hi: 16)
        m.setValue(21.3)
        #expect(m.value == 21.5)
    }

    @Test func readoutUsesTheFormatOrTheStepsDecimals() throws {
        var look = KnobViewTests.flat()
        let view = KnobView(id: "t", frame: Rect(x: 0, y: 0, width: 200, height: 200), model: {
            var m = Self.thermostat(); m.setValue(21.5); return m }(), appearance: look)
        #expect(view.readoutText(at: 0) == "21.5")               // step 0.5 → one decimal
        look.valueFormat = try ValueFormat(parsing: "%.1f °C")
        look.valuePlacement = .caption
        look.caption = "Setpoint"
        let captioned = KnobView(id: "t", frame: view.frame, model: view.model, appearance: look)
        #expect(captioned.readoutText(at: 0) == "21.5 °C")
        #expect(captioned.captionText(at: 0) == "Setpoint  21.5 °C")
    }

    /// The centre readout is drawn in ink chosen for contrast: on the test's blue fill
    /// (0, 96, 230), luminance 0.136, near-white gives (0.955 + 0.05) / (0.136 + 0.05) ≈ 5.4.
    @Test func centreReadoutIsReadable() throws {
        var look = KnobViewTests.flat()
        look.valuePlacement = .center
        var m = Self.thermostat(); m.setValue(28)
        let view = KnobView(id: "t", frame: Rect(x: 20, y: 20, width: 200, height: 200), model: m, appearance: look)
        let image = try KnobViewTests.render(view)
        // The brightest pixel in the text's box (centre ± 60 × 16) is the ink.
        var brightest = Color.black
        for y in 108...132 { for x in 60...180 {
            let p = image.pixel(x: x, y: y)
            if p.relativeLuminance > brightest.relativeLuminance { brightest = p }
        } }
        let fill = image.pixel(x: 120, y: 160)
        #expect(brightest.contrastRatio(with: fill) >= 4.5, "ink \(brightest) on \(fill)")
    }
}
