import Graphics
import PanelLayout
import Testing
@testable import ControlWidgets

/// The fader: value ↔ thumb position, the step grid, grab-anywhere, wheel/keys/encoder, its
/// command, snapshot and Home Assistant entity, against numbers derived in the comments.
@Suite struct FaderTests {
    /// A vertical fader in frame (0, 0, 80, 300), line 6, readout on, no caption, no ticks:
    /// textSize = min(28, max(11, min(80·0.2, 300·0.07))) = min(16, 21) = 16, its band 24 high
    /// at the top. No tick room: axis x = 40, thumbAcross = min(80·0.8, 64) = 64, thumbAlong =
    /// min(max(20, 64·0.55), 40) = 35.2. Fraction 0 (lo) at y = 300 − 17.6 = 282.4, fraction
    /// 1 (hi) at y = 24 + 17.6 = 41.6: the travel is 240.8 long, upwards.
    static let vertical = FaderGeometry(frame: Rect(x: 0, y: 0, width: 80, height: 300), vertical: true, lineWidth: 6,
                                        showsValue: true, hasCaption: false, tickLabels: false)

    @Test func verticalGeometryFromItsDerivation() {
        let g = Self.vertical
        #expect(g.textSize == 16)
        #expect(g.axis == 40 && g.thumbAcross == 64)
        #expect(abs(g.thumbAlong - 35.2) < 1e-9)
        #expect(abs(g.travelStart - 282.4) < 1e-9 && abs(g.travelEnd - 41.6) < 1e-9)
        // −10…10 at 5 is fraction 0.75: y = 282.4 − 0.75 · 240.8 = 101.8.
        let m = FaderModel(lo: -10, hi: 10, value: 5)
        #expect(m.fraction == 0.75)
        #expect(abs(g.thumbCenter(atFraction: m.fraction).y - 101.8) < 1e-9)
        // And back: y = 282.4 − 0.25 · 240.8 = 222.2 is fraction 0.25, value −5.
        #expect(abs(g.fraction(at: Point(x: 40, y: 222.2)) - 0.25) < 1e-12)
        // The thumb never leaves the frame: at either end its box is inside it.
        #expect(g.thumbRect(atFraction: 0).maxY <= 300 && g.thumbRect(atFraction: 1).y >= 24 - 1e-9)
        // The finger's strip is the thumb's width (64 ≥ 44) over the travel and half a thumb past it.
        #expect(g.touchStrip == Rect(x: 8, y: 24, width: 64, height: 276))
    }

    /// The touch target is the strip's smaller side: 64 for the vertical fader above (its
    /// thumb is 64 wide), 56 for a 300×100 horizontal one (thumbAcross = min(70·0.8, 64)),
    /// never capped at 44 (a 64-wide strip is 9.6 mm on a 1024-pixel, 154 mm screen).
    @Test func touchTargetIsTheStripsSmallerSide() {
        let tall = WidgetSpec(id: "f", type: "fader", frame: LayoutRect(x: 0, y: 0, width: 80, height: 300),
                              properties: ["range": .array([.number(-10), .number(10)])])
        #expect(FaderDescriptor.touchTarget(tall) == 64)
        let wide = WidgetSpec(id: "g", type: "fader", frame: LayoutRect(x: 0, y: 0, width: 300, height: 100),
                              properties: ["orientation": .string("horizontal"), "label": .string("Balance")])
        #expect(FaderDescriptor.touchTarget(wide) == 56)
    }

    /// Horizontal, frame (0, 0, 300, 100), caption and readout on one line: textSize =
    /// min(100·0.2, 300·0.07) = min(20, 21) = 20, the line 1.5 · 20 = 30 high. The row below is
    /// 70 high, axis y = 30 + 35 = 65, thumbAcross = min(56, 64) = 56, thumbAlong = 30.8;
    /// fraction 0 at x = 15.4, 1 at x = 284.6.
    @Test func horizontalGeometryFromItsDerivation() {
        let g = FaderGeometry(frame: Rect(x: 0, y: 0, width: 300, height: 100), vertical: false, lineWidth: 6,
                              showsValue: true, hasCaption: true, tickLabels: false)
        #expect(g.textSize == 20 && g.readoutBox == Rect(x: 0, y: 0, width: 300, height: 30))
        #expect(g.axis == 65 && g.thumbAcross == 56)
        #expect(abs(g.thumbAlong - 30.8) < 1e-9)
        #expect(abs(g.travelStart - 15.4) < 1e-9 && abs(g.travelEnd - 284.6) < 1e-9)
        #expect(abs(g.thumbCenter(atFraction: 0.5).x - 150) < 1e-9)
    }

    @Test func originDefaultsToLoAndIsClampedIntoTheRange() {
        #expect(FaderModel(lo: -10, hi: 10).origin == -10)
        #expect(FaderModel(lo: -10, hi: 10, origin: 0).originFraction == 0.5)
        // The initial value defaults to the origin: a tone fader starts flat.
        #expect(FaderModel(lo: -10, hi: 10, origin: 0).value == 0)
        // A reversed range: lo 100 at fraction 0, so 25 is (25 − 100) / (0 − 100) = 0.75.
        #expect(FaderModel(lo: 100, hi: 0, value: 25).fraction == 0.75)
    }

    /// The grid lo + k·step with the ends allowed: on 0…10 step 3, 7.4 → 6, 7.6 → 9, 9.6 → 10
    /// (the end, nearer than 9), 11 → 10.
    @Test func stepGridKeepsTheEnds() {
        let m = FaderModel(lo: 0, hi: 10, step: 3)
        #expect(m.snapped(7.4) == 6 && m.snapped(7.6) == 9 && m.snapped(9.6) == 10 && m.snapped(11) == 10 && m.snapped(-1) == 0)
        // From −10 by 0.5: −3.3 → −3.5, on a reversed 10…−10 too.
        #expect(FaderModel(lo: -10, hi: 10, step: 0.5).snapped(-3.3) == -3.5)
        #expect(FaderModel(lo: 10, hi: -10, step: 0.5).snapped(-3.3) == -3.5)
    }

    /// Off the thumb the thumb comes to the finger; on it, it is held where it was taken.
    @Test func grabAnywhereJumpsOnlyOffTheThumb() {
        var m = FaderModel(lo: -10, hi: 10, origin: 0)
        // A touch at fraction 0.25 off the thumb (at 0.5): value −10 + 0.25 · 20 = −5.
        do { let moved = m.touchDown(atFraction: 0.25, onThumb: false, at: 0); #expect(moved) }
        #expect(m.value == -5)
        do { let moved = m.touchMove(toFraction: 0.3, at: 0.1); #expect(moved && abs(m.value - -4) < 1e-12) }
        do { let moved = m.touchEnd(); #expect(moved) }
        // On the thumb (now at 0.3), 0.02 above its centre: no jump; moving to 0.42 puts the
        // thumb at 0.42 − 0.02 = 0.40, value −2.
        do { let moved = m.touchDown(atFraction: 0.32, onThumb: true, at: 1); #expect(!moved) }
        #expect(abs(m.value - -4) < 1e-12)
        do { let moved = m.touchMove(toFraction: 0.42, at: 1.1); #expect(moved) }
        #expect(abs(m.value - -2) < 1e-9)
        // Past an end the thumb stays at that end.
        _ = m.touchMove(toFraction: 1.7, at: 1.2)
        #expect(m.value == 10)
        _ = m.touchEnd()
        // A disabled fader takes no touch.
        m.isEnabled = false
        do { let moved = m.touchDown(atFraction: 0.1, onThumb: false, at: 2); #expect(!moved && !m.isTracking) }
    }

    /// One step a detent; fractions of a detent add up (a high-resolution wheel): on −10…10
    /// step 0.5 from 0, +1 → 0.5, +0.4 → nothing, +0.6 → 1.0. PageUp is ten steps, Home lo.
    @Test func wheelEncoderAndKeysMoveOneStepADetent() {
        var m = FaderModel(lo: -10, hi: 10, step: 0.5, origin: 0)
        do { let moved = m.wheel(steps: 1, at: 0); #expect(moved && m.value == 0.5) }
        do { let moved = m.wheel(steps: 0.4, at: 0); #expect(!moved && m.value == 0.5) }
        do { let moved = m.wheel(steps: 0.6, at: 0); #expect(moved && m.value == 1) }
        do { let moved = m.wheel(steps: -3, at: 0); #expect(moved && m.value == -0.5) }
        do { let moved = m.key(.pageIncrease, at: 0); #expect(moved && m.value == 4.5) }
        do { let moved = m.key(.decrease, at: 0); #expect(moved && m.value == 4) }
        do { let moved = m.key(.lowEnd, at: 0); #expect(moved && m.value == -10) }
        do { let moved = m.key(.decrease, at: 0); #expect(!moved) }
        // Without a step a detent is 1 % of the range: 0.2 on −10…10.
        var free = FaderModel(lo: -10, hi: 10, origin: 0)
        do { let moved = free.wheel(steps: 2.5, at: 0); #expect(moved && abs(free.value - 0.5) < 1e-12) }
    }

    func view(vertical: Bool = true, step: Double? = 0.5) -> FaderView {
        FaderView(id: "bass", frame: Rect(x: 0, y: 0, width: 80, height: 300), model: FaderModel(lo: -10, hi: 10, step: step, origin: 0),
                  vertical: vertical, appearance: SliderAppearance(), ticks: KnobScale(), valueFormat: ValueFormat(decimals: 1))
    }

    @Test func viewReportsTrackingAndValueLikeTheSlider() throws {
        let v = view()
        // y = 222.2 is fraction 0.25: value −5 (see verticalGeometryFromItsDerivation).
        let down = v.handle(.touchDown(id: 1, at: Point(x: 40, y: 222.2)), at: 0)
        #expect(down.map(\.name) == ["trackingBegan", "valueChanged"])
        #expect(down[1].fields == [EventField("value", .number(-5)), EventField("source", .string("user"))])
        // Another finger does not take it.
        #expect(v.handle(.touchDown(id: 2, at: Point(x: 40, y: 100)), at: 0.05).isEmpty)
        // y = 282.4 − 0.5 · 240.8 = 162 is fraction 0.5: value 0.
        #expect(v.handle(.touchMove(id: 1, at: Point(x: 40, y: 162)), at: 0.1).map(\.name) == ["valueChanged"])
        #expect(v.model.value == 0)
        #expect(v.handle(.touchUp(id: 1), at: 0.2).map(\.name) == ["trackingEnded"])
        // On the thumb (now at y 162): trackingBegan only.
        #expect(v.handle(.touchDown(id: 3, at: Point(x: 40, y: 165)), at: 1).map(\.name) == ["trackingBegan"])
        _ = v.handle(.touchUp(id: 3), at: 1.1)
        // The wheel (an encoder delivers detents the same way) and keys: one step each.
        #expect(v.handle(.wheel(steps: 1), at: 2).first?.fields.first == EventField("value", .number(0.5)))
        #expect(v.handle(.key(.up), at: 2).first?.fields.first == EventField("value", .number(1)))
        #expect(v.handle(.key(.end), at: 2).first?.fields.first == EventField("value", .number(10)))
        // Off the track's strip (x 0…8 is outside the 64-wide strip round x 40): not hit.
        #expect(!v.hitTest(Point(x: 4, y: 150)) && v.hitTest(Point(x: 12, y: 150)))
    }

    @Test func setSnapshotAndHomeAssistant() throws {
        let v = view()
        let events = try v.apply(WidgetCommand("set", ["value": .number(3.3)]), at: 0)
        #expect(events == [WidgetEvent("valueChanged", [EventField("value", .number(3.5)), EventField("source", .string("program"))])])
        #expect(try v.apply(WidgetCommand("set", ["value": .number(3.4)]), at: 0).isEmpty)   // the same grid point
        #expect(v.snapshot() == WidgetEvent("state", [EventField("value", .number(3.5))]))
        #expect(throws: WidgetCommandError.self) { try v.apply(WidgetCommand("set", [:]), at: 0) }
        // Animated: the glide shows the old value first and the new one after 0.35 s.
        _ = try v.apply(WidgetCommand("set", ["value": .number(-10), "animated": .bool(true)]), at: 1)
        #expect(v.isAnimating(at: 1.1) && v.model.displayedValue(at: 1) == 3.5 && v.model.displayedValue(at: 1.35) == -10)
        #expect(FaderDescriptor.homeAssistant(v) == .number(min: -10, max: 10, rounding: v.model.valueRounding))
        #expect((try? FaderDescriptor.bareSet(BarePayload(text: "2", number: 2, shown: "2"), on: v).get()) == BareSet([EventField("value", .number(2))]))
        #expect(WidgetCatalog.descriptor(named: "fader") != nil && WidgetCatalog.savesState(v))
    }

    /// Pixels: a ±10 fader at 0 fills nothing; at +5 the bar runs from the centre mark up
    /// (fraction 0.5 → 0.75, y 162 → 101.8) and not below it.
    @Test func bipolarBarFillsFromTheOrigin() throws {
        func render(_ value: Double) throws -> ImageSurface {
            let v = view(step: nil)
            _ = try v.apply(WidgetCommand("set", ["value": .number(value)]), at: 0)
            let s = try ImageSurface(width: 80, height: 300)
            v.draw(in: DrawingContext(surface: s), mapping: .identity, time: 0)
            return s
        }
        // The default gradient is blue → purple: a filled pixel has blue well above green;
        // the unfilled track is #2b303d (blue 0.24).
        func filled(_ p: Color) -> Bool { p.blue > 0.5 && p.blue > p.green + 0.25 }
        let flat = try render(0)
        #expect(!filled(flat.pixel(x: 40, y: 140)) && !filled(flat.pixel(x: 40, y: 190)))
        let boost = try render(5)
        #expect(filled(boost.pixel(x: 40, y: 140)))        // between the origin and the value
        #expect(!filled(boost.pixel(x: 40, y: 200)))       // below the origin
        let cut = try render(-5)
        #expect(filled(cut.pixel(x: 40, y: 185)) && !filled(cut.pixel(x: 40, y: 130)))
    }

    /// A value change repaints the band between the two thumb places, not the whole fader:
    /// from 0 (y 162) to +0.5 (y 162 − 0.025 · 240.8 = 155.98) the band reaches half a thumb
    /// (17.6) plus the glow and shadow margin (max(10, 2.5 · 5) = 12.5) plus 6 either way:
    /// y 155.98 − 36.1 = 119.88 to 162 + 36.1 = 198.1, across the whole paint bounds.
    @Test func aMovingThumbDamagesOnlyItsBand() throws {
        let v = view()
        let s = try ImageSurface(width: 80, height: 300)
        v.draw(in: DrawingContext(surface: s), mapping: .identity, time: 0)
        #expect(v.damage(.identity, at: 0).isEmpty)
        _ = v.handle(.wheel(steps: 1), at: 0)
        let rects = v.damage(.identity, at: 0)
        let band = try #require(rects.first)
        #expect(abs(band.y - 119.88) < 1e-6 && abs(band.maxY - 198.1) < 1e-6)
        #expect(band.width == v.paintBounds(.identity).width)
        // The readout changed too ("0.0" → "0.5"): its box, 2 px wider each way.
        #expect(rects.count == 2 && rects[1] == Rect(x: -2, y: -2, width: 84, height: 28))
        // Focus changes the look of the whole thumb: everything.
        v.hasFocus = true
        #expect(v.damage(.identity, at: 0) == [v.paintBounds(.identity)])
    }
}
