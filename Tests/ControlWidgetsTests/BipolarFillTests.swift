import Graphics
import Testing
@testable import ControlWidgets

/// `origin` on knobs and sliders: the filled arc runs from the origin to the value, so a
/// ±10 control at 0 fills nothing (before: half the arc from −10).
@Suite struct BipolarFillTests {
    /// A continuous knob between −135° and 135°, clockwise, range −10…10: value v is at
    /// −135° + (v + 10)/20 · 270°, so 0 is at 0° and −5 at −67.5°, +5 at 67.5°.
    static func toneModel(_ value: Double) -> KnobModel {
        var m = makeKnobModel(mode: .continuous, circular: false, clockwise: true)
        m.min = KnobMath.radians(-135)
        m.max = KnobMath.radians(135)
        m.range = KnobValueRange(lo: -10, hi: 10)
        m.setValue(value)
        return m
    }

    @Test func knobPositionForValue() throws {
        let m = Self.toneModel(0)
        #expect(abs(try #require(m.position(forValue: 0))) < 1e-12)
        #expect(abs(try #require(m.position(forValue: -5)) - KnobMath.radians(-67.5)) < 1e-12)
        #expect(abs(try #require(m.position(forValue: 99)) - KnobMath.radians(135)) < 1e-12)   // clamped
    }

    /// Pixels on the scale arc (radius 0.925 · 100 = 92.5 round the knob's centre (120, 120)):
    /// a clockwise position p is at screen angle p − 90°, so −67.5° (value −5) is at
    /// (120 − 85.5, 120 − 35.4) and +67.5° (value +5) at (120 + 85.5, 120 − 35.4).
    @Test func knobFillsFromTheOrigin() throws {
        func render(_ value: Double, origin: Double?) throws -> ImageSurface {
            let look = KnobViewTests.flat { $0.scale = KnobScale(); $0.scale?.origin = origin }
            return try KnobViewTests.render(KnobViewTests.view(Self.toneModel(value), look))
        }
        // The fill is the tint's colour (blue); the bare track is a grey.
        func filled(_ s: ImageSurface, _ x: Int, _ y: Int) -> Bool { let p = s.pixel(x: x, y: y); return p.blue > p.red + 0.25 }
        let left = (35, 85), right = (205, 85)
        let before = try render(0, origin: nil)
        #expect(filled(before, left.0, left.1))                  // the old look: half an arc at 0
        let centred = try render(0, origin: 0)
        #expect(!filled(centred, left.0, left.1) && !filled(centred, right.0, right.1))
        let boost = try render(5, origin: 0)
        #expect(filled(boost, right.0, right.1) && !filled(boost, left.0, left.1))
        let cut = try render(-5, origin: 0)
        #expect(filled(cut, 69, 43) && !filled(cut, right.0, right.1))   // −33.75°: (120 − 51.4, 120 − 76.9)
    }

    /// A −10…10 slider over 270°: 0 is travel 135°. One handle at 60° fills 60…135, at 200°
    /// fills 135…200; a range slider keeps filling between its handles.
    @Test func sliderFilledSpanStartsAtTheOrigin() {
        var model = SliderModel()
        model.minimumValue = -10; model.maximumValue = 10; model.maximumAngle = 270
        let look = SliderAppearance()
        let g = SliderGeometry(side: 200, appearance: look, labelExtent: 0)
        let p = SliderPainter(geometry: g, appearance: look, scale: 1, model: model, origin: 0)
        #expect(p.originTravel == 135)
        #expect(p.filledSpan([60]) == (60, 135) && p.filledSpan([200]) == (135, 200))
        #expect(SliderPainter(geometry: g, appearance: look, scale: 1, model: model).filledSpan([60]) == (0, 60))
        #expect(SliderPainter(geometry: g, appearance: look, scale: 1, model: SliderModel(range: true), origin: 50).filledSpan([10, 80]) == (10, 80))
    }
}
