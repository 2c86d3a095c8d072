import Testing
@testable import ControlWidgets

private func close(_ a: Double, _ b: Double, _ tol: Double = 1e-9) -> Bool { abs(a - b) <= tol }

/// `step` on a slider: the handle rests on minimumValue + k·step while it moves, and wheel
/// detents and keys move whole steps. Geometry: 0…100 on a 270° arc (start at screen 135°),
/// step 5, so one step is 5/100 · 270 = 13.5° of travel and travel t is at screen 135 + t.
@Suite struct SliderStepTests {
    static func model(step: Double? = 5) -> SliderModel {
        var m = SliderModel()
        m.maximumAngle = 270
        m.step = step
        return m
    }

    /// Down at 12 o'clock (travel 135 = 50, on the grid). The finger at travel 140 is 51.85:
    /// still 50 (10.37 steps → 10), so no event; at travel 143 it is 52.96 (10.59 steps →
    /// 11): the handle jumps to 55, travel 148.5. Without a step it would report 52.96.
    @Test func dragStaysOnTheGrid() {
        var m = Self.model()
        _ = m.touchDown(atScreenAngle: 135 + 135, at: 0)
        #expect(m.travel[0] == 135 && m.publishedValue == 50)
        #expect(!m.touchMove(toScreenAngle: 135 + 140, at: 0.1).contains(.valueChanged(handle: 0, source: .user)))
        #expect(m.travel[0] == 135)
        #expect(m.touchMove(toScreenAngle: 135 + 143, at: 0.2).contains(.valueChanged(handle: 0, source: .user)))
        #expect(close(m.travel[0], 148.5) && m.publishedValue == 55)
        var free = Self.model(step: nil)
        _ = free.touchDown(atScreenAngle: 135 + 143, at: 0)
        #expect(close(free.value, 143.0 / 270 * 100))
    }

    /// A wheel detent is one step (without a step it is 5° = 1.85 here, or 0.62963 on a range
    /// of 34: the figure); half detents add up: two make one step. Arrows one step,
    /// page keys ten steps (clamped at the ends).
    @Test func wheelAndKeysMoveWholeSteps() {
        var m = Self.model()
        m.setValue(50)
        _ = m.wheel(steps: 1, at: 0)
        #expect(m.publishedValue == 55)
        #expect(m.wheel(steps: 0.5, at: 0).isEmpty && m.publishedValue == 55)
        _ = m.wheel(steps: 0.5, at: 0)
        #expect(m.publishedValue == 60)
        _ = m.key(.decrease, at: 0)
        #expect(m.publishedValue == 55)
        _ = m.key(.pageDecrease, at: 0)
        #expect(m.publishedValue == 5)
        _ = m.key(.pageDecrease, at: 0)
        #expect(m.publishedValue == 0)
        var range34 = SliderModel()
        range34.maximumAngle = 270
        range34.minimumValue = -12; range34.maximumValue = 22
        _ = range34.wheel(steps: -1, at: 0)    // at −12 already: bounded
        range34.setValue(0)
        _ = range34.wheel(steps: -1, at: 0)
        #expect(close(range34.value, -34.0 * 5 / 270, 1e-9))       // −0.62963 without a step
        range34.step = 1
        range34.setValue(0)
        _ = range34.wheel(steps: -1, at: 0)
        #expect(range34.publishedValue == -1)
    }

    /// Commands land on the grid too: 26.67 is 5.33 steps → 5 → 25 (travel 67.5).
    @Test func setValueSnaps() {
        var m = Self.model()
        m.setValue(26.666667)
        #expect(close(m.travel[0], 67.5) && m.publishedValue == 25)
    }

    /// A full circle that counts revolutions, step 25 (90°). A touch at arc 350 (97.2 %:
    /// 3.89 steps → 4) rests at the top of lap 0, travel 360 = 100; dragged 20° on, the finger
    /// is at travel 370 (lap 1, 2.8 %: 0 steps) and the handle rests at 0 % of lap 1, just
    /// past 360: revolution 1, value 0, one revolutionsChanged.
    @Test func fullCircleKeepsTheLapOnTheGrid() {
        var m = SliderModel()
        m.step = 25
        _ = m.touchDown(atScreenAngle: 90 + 350, at: 0)
        #expect(m.travel[0] == 360 && m.revolutionsCount == 0 && m.value == 100)
        let events = m.touchMove(toScreenAngle: 90 + 10, at: 0.1)
        #expect(events.contains(.revolutionsChanged(1)))
        #expect(m.revolutionsCount == 1 && m.publishedValue == 0 && m.travel[0] > 360 && m.travel[0] < 360 + 1e-6)
    }

    /// Without a step, the format's precision: 143/270 · 100 = 52.96… published with one
    /// decimal as 53 ("%.0f") or 53.0 / 52.96 with 1 / 2 decimals.
    @Test func publishedValueWithoutAStepUsesTheFormat() {
        var m = Self.model(step: nil)
        _ = m.touchDown(atScreenAngle: 135 + 143, at: 0)
        m.valueDecimals = 0
        #expect(m.publishedValue == 53)
        m.valueDecimals = 2
        #expect(m.publishedValue == 52.96)
    }
}
