import Testing
@testable import ControlWidgets

private func close(_ a: Double, _ b: Double, _ tol: Double = 1e-9) -> Bool { abs(a - b) <= tol }

/// MSCircularSlider's value model: angles in degrees from 3 o'clock, clockwise on screen;
/// the arc starts at `rotationAngle` and sweeps `maximumAngle` clockwise.
@Suite struct SliderModelTests {
    /// Default rotation: 90 + (360 − maximumAngle)/2, so the gap is centred at 6 o'clock (90°).
    /// 270°: 90 + 45 = 135 (start at half past seven), end at 135 + 270 = 405 ≡ 45.
    /// 300° (the reference's sample): 90 + 30 = 120. 360°: 90, the seam at 6 o'clock.
    @Test func defaultRotationPutsTheGapAtTheBottom() {
        var m = SliderModel()
        #expect(m.effectiveRotationAngle == 90)
        m.maximumAngle = 270
        #expect(m.effectiveRotationAngle == 135)
        #expect(m.screenAngle(forTravel: 270) == 45)
        // The gap's middle: 45 + 45 = 90, straight down.
        #expect(m.screenAngle(forTravel: 270 + 45) == 90)
        m.maximumAngle = 300
        #expect(m.effectiveRotationAngle == 120)
        m.rotationAngle = 0
        #expect(m.effectiveRotationAngle == 0)
    }

    /// value = min + (max − min) · travel / maximumAngle, and back.
    @Test func valueAndAngleForSeveralArcs() {
        // 270°, 0…100: value 50 → travel 135 → screen 135 + 135 = 270 (12 o'clock).
        var m = SliderModel()
        m.maximumAngle = 270
        m.setValue(50)
        #expect(m.travel[0] == 135 && m.screenAngle(forTravel: m.travel[0]) == 270)
        // 100 → travel 270 → screen 45; beyond the range clamps.
        m.setValue(140)
        #expect(m.travel[0] == 270 && m.value == 100)
        // 300° (reference sample, currentValue 60): travel 0.6 · 300 = 180 → screen 120 + 180 = 300.
        m.maximumAngle = 300
        m.setValue(60)
        #expect(m.travel[0] == 180 && m.screenAngle(forTravel: 180) == 300)
        // A half circle over the top: 180°, rotation 180 (start at 9 o'clock), −20…40.
        // Value 10 is the middle: travel 90 → screen 270 (top). A screen angle of 0
        // (3 o'clock) is travel 180, the end: value 40.
        var h = SliderModel()
        h.maximumAngle = 180; h.rotationAngle = 180
        h.minimumValue = -20; h.maximumValue = 40
        h.setValue(10)
        #expect(h.travel[0] == 90 && h.screenAngle(forTravel: 90) == 270)
        #expect(h.arcAngle(forScreenAngle: 0) == 180 && h.value(atTravel: 180) == 40)
        // Reversed range (100…0) on a full circle: travel 90 is a quarter: 75.
        var r = SliderModel()
        r.minimumValue = 100; r.maximumValue = 0
        r.setValue(75)
        #expect(r.travel[0] == 90)
    }

    /// A full circle counts revolutions: each lap is (360k, 360(k+1)], so 100 % is the top of
    /// a lap and only passing it starts the next revolution at 0 %.
    @Test func revolutionsIntervals() {
        let m = SliderModel()
        #expect(m.revolutions(atTravel: 0) == 0 && m.value(atTravel: 0) == 0)
        #expect(m.revolutions(atTravel: 360) == 0 && m.value(atTravel: 360) == 100)
        #expect(m.revolutions(atTravel: 450) == 1 && m.value(atTravel: 450) == 25)   // 90/360
        #expect(m.revolutions(atTravel: -90) == -1 && m.value(atTravel: -90) == 75)  // 270/360
    }

    /// Endless (maximumRevolutions −1): a finger crossing the seam clockwise starts revolution
    /// 1, crossing back ends it. Rotation 90: travel t is at screen 90 + t.
    /// Down at travel 350 (screen 80), move to screen 100 (arc 10, unwrapped 350 + 20 = 370):
    /// revolution 1, value 10/360·100 = 2.78; back to screen 80: revolution 0, 97.2.
    @Test func revolutionsAcrossTheSeamBothWays() {
        var m = SliderModel()
        var e = m.touchDown(atScreenAngle: 80, at: 0)
        #expect(e == [.trackingBegan(handle: 0), .valueChanged(handle: 0, source: .user)])
        #expect(m.travel[0] == 350)
        e = m.touchMove(toScreenAngle: 100, at: 0.1)
        #expect(e == [.directionChanged(.clockwise), .valueChanged(handle: 0, source: .user), .revolutionsChanged(1)])
        #expect(m.revolutionsCount == 1 && close(m.value, 1000.0 / 360))
        e = m.touchMove(toScreenAngle: 80, at: 0.2)
        #expect(e == [.directionChanged(.counterclockwise), .valueChanged(handle: 0, source: .user), .revolutionsChanged(0)])
        #expect(m.revolutionsCount == 0 && close(m.value, 35000.0 / 360))
        // Counter-clockwise past 0: endless goes to revolution −1.
        // From screen 80 (travel 350) 380° counter-clockwise to screen −300: travel −30,
        // revolution −1 at 330/360 = 91.67 %.
        for a in stride(from: 60.0, through: -300, by: -20) { _ = m.touchMove(toScreenAngle: a, at: 0.3) }
        #expect(m.travel[0] == -30 && m.revolutionsCount == -1 && close(m.value, 33000.0 / 360))
    }

    /// maximumRevolutions 1: travel within [0, 720]. Counter-clockwise from 0 it stays at 0 %
    /// (revolution 0); two laps clockwise stop at 720 = revolution 1 at 100 %. Coming back,
    /// the handle moves only once the finger is back below 720 (no jump).
    @Test func boundedRevolutions() {
        var m = SliderModel()
        m.maximumRevolutions = 1
        _ = m.touchDown(atScreenAngle: 90, at: 0)                 // travel 0
        _ = m.touchMove(toScreenAngle: 60, at: 0.1)               // finger −30: held at 0
        #expect(m.travel[0] == 0 && m.revolutionsCount == 0 && m.value == 0)
        _ = m.touchMove(toScreenAngle: 90, at: 0.2)               // finger back at 0
        for k in 1...16 { _ = m.touchMove(toScreenAngle: 90 + 50 * Double(k), at: 0.2) }  // +800°
        #expect(m.travel[0] == 720 && m.revolutionsCount == 1 && m.value == 100)
        // Finger at 800 (screen 890 ≡ 170); back 40° to 760: still held; back to 700: moves.
        _ = m.touchMove(toScreenAngle: 130, at: 0.3)
        #expect(m.travel[0] == 720)
        _ = m.touchMove(toScreenAngle: 70, at: 0.4)
        #expect(m.travel[0] == 700 && m.revolutionsCount == 1)
    }

    /// A finger sweeping through the gap of a 270° slider (rotation 135, gap from screen 45
    /// to 135 through 90) holds the handle at the end it reached and never jumps to the other
    /// end; it moves again once the finger comes back past that end.
    @Test func sweepThroughTheGap() {
        var m = SliderModel()
        m.maximumAngle = 270
        _ = m.touchDown(atScreenAngle: 35, at: 0)                  // arc 260 → travel 260
        #expect(m.travel[0] == 260)
        for a in [60.0, 90, 120, 140, 170] {                       // arcs 285, 315, 345, 5, 35
            _ = m.touchMove(toScreenAngle: a, at: 0.1)
            #expect(m.travel[0] == 270, "finger at screen \(a)")
        }
        _ = m.touchMove(toScreenAngle: 90, at: 0.2)                // back through the gap
        #expect(m.travel[0] == 270)
        _ = m.touchMove(toScreenAngle: 30, at: 0.3)                // arc 255: on the arc again
        #expect(m.travel[0] == 255)
        // The other way: down near the start, sweep counter-clockwise into the gap.
        var s = SliderModel()
        s.maximumAngle = 270
        _ = s.touchDown(atScreenAngle: 145, at: 0)                 // travel 10
        for a in [120.0, 90, 60, 40] { _ = s.touchMove(toScreenAngle: a, at: 0.1) }  // through the gap
        #expect(s.travel[0] == 0)
        // A touch that starts in the gap takes the nearer end: screen 100 is arc 325, 55° past
        // the end and 35° before the start: the start.
        var g = SliderModel()
        g.maximumAngle = 270
        g.setValue(50)
        _ = g.touchDown(atScreenAngle: 100, at: 0)
        #expect(g.travel[0] == 0)
    }

    /// Laps beyond an end are forgotten: after two extra turns past the end of a 270° arc the
    /// finger needs to come back less than one turn.
    @Test func extraLapsAreForgotten() {
        var m = SliderModel()
        m.maximumAngle = 270
        _ = m.touchDown(atScreenAngle: 35, at: 0)
        for k in 1...18 { _ = m.touchMove(toScreenAngle: 35 + 40 * Double(k), at: 0.1) }   // +720°
        #expect(m.travel[0] == 270)
        #expect(m.fingerTravel < 270 + 360)
    }

    /// Five labels on a 270° arc sit at 0, 67.5, 135, 202.5, 270. Released at 150 the handle
    /// snaps to 135 (value 50) with an ease-out of 0.2 s: 0.1 s later it shows
    /// 150 + (135 − 150)·(1 − 0.5³) = 136.875.
    @Test func snapOnRelease() {
        var m = SliderModel()
        m.maximumAngle = 270
        m.snapAngles = [0, 67.5, 135, 202.5, 270]
        _ = m.touchDown(atScreenAngle: 135 + 150, at: 1)
        let e = m.touchUp(at: 1.1)
        #expect(e == [.valueChanged(handle: 0, source: .user), .trackingEnded(handle: 0)])
        #expect(m.travel[0] == 135 && m.value == 50)
        #expect(close(m.displayedTravel(ofHandle: 0, at: 1.2), 136.875))
        #expect(m.isAnimating(at: 1.29) && !m.isAnimating(at: 1.3))
        #expect(m.displayedTravel(ofHandle: 0, at: 1.3) == 135)
        // Full circle with revolutions: 8 markers (every 45°); at travel 350 + 360 the nearest
        // is the top of that lap, 720 (100 % of revolution 1).
        var f = SliderModel()
        f.snapAngles = stride(from: 0.0, to: 360, by: 45).map { $0 }
        f.setValue(350.0 / 3.6)
        _ = f.touchDown(atScreenAngle: 90 + 350, at: 0)
        _ = f.touchMove(toScreenAngle: 90 + 350 + 50, at: 0.1)     // 400
        _ = f.touchMove(toScreenAngle: 90 + 350 + 100, at: 0.1)    // 450
        _ = f.touchMove(toScreenAngle: 90 + 350 + 150, at: 0.1)    // 500
        _ = f.touchMove(toScreenAngle: 90 + 350 + 200, at: 0.1)    // 550
        _ = f.touchMove(toScreenAngle: 90 + 350 + 250, at: 0.1)    // 600
        _ = f.touchMove(toScreenAngle: 90 + 350 + 300, at: 0.1)    // 650
        _ = f.touchMove(toScreenAngle: 90 + 350 + 360, at: 0.1)    // 710
        #expect(f.travel[0] == 710)
        _ = f.touchUp(at: 0.5)
        #expect(f.travel[0] == 720 && f.revolutionsCount == 1 && f.value == 100)
    }

    /// Range slider, 0…360 on a full circle (value = travel), handles 20° apart at least.
    /// Handles start at 0 and 60 (the reference's default second handle: 60°). A touch at 50
    /// takes the second (10° away, the first is 50° away); dragged down to 5 it stops at 20.
    /// The first handle, dragged up, stops at 20 − 20 = 0… so set the second to 200 first:
    /// then the first goes up to 180. Round the back, the second may not come within 20° of
    /// the first either: first 0 → second at most 0 + 360 − 20 = 340.
    @Test func doubleHandleDistance() {
        var m = SliderModel(range: true)
        m.maximumValue = 360
        m.minimumHandlesAngle = 20
        #expect(m.travel == [0, 60] && m.secondValue == 60)
        _ = m.touchDown(atScreenAngle: 90 + 50, at: 0)
        #expect(m.activeHandle == 1 && m.travel == [0, 50])
        for a in [40.0, 30, 20, 10, 5] { _ = m.touchMove(toScreenAngle: 90 + a, at: 0.1) }
        #expect(m.travel == [0, 20])
        _ = m.touchUp(at: 0.2)
        m.setValue(200, handle: 1)
        m.setValue(250, handle: 0)
        #expect(m.travel == [180, 200])
        m.setValue(0, handle: 0)
        m.setValue(359, handle: 1)
        #expect(m.travel == [0, 340])
        // The touch nearest the first handle moves the first one.
        _ = m.touchDown(atScreenAngle: 90 + 15, at: 1)
        #expect(m.activeHandle == 0 && m.travel[0] == 15)
    }

    /// Double tap resets to doubleTapReset (animated), and the first tap moves nothing:
    /// the tap at 9 o'clock (travel 180 = value 50) is held back, the second tap 0.15 s
    /// after the release resets to 25 and the held-back jump never happens.
    @Test func doubleTapResets() {
        var m = SliderModel()
        m.doubleTapReset = [25]
        #expect(m.touchDown(atScreenAngle: 90 + 180, at: 0) == [.trackingBegan(handle: 0)])
        #expect(m.touchUp(at: 0.05) == [.trackingEnded(handle: 0)])
        #expect(m.value == 0)
        let e = m.touchDown(atScreenAngle: 90 + 180, at: 0.2)
        #expect(e == [.valueChanged(handle: 0, source: .user)])
        #expect(m.value == 25 && !m.isTracking && m.isAnimating(at: 0.3))
        #expect(m.resolvePendingTap(at: 1).isEmpty && m.value == 25)
    }

    /// Wheel 5° per detent, arrows 1°, pages 10°, Home/End the ends; 0…360 so value = travel.
    @Test func wheelAndKeys() {
        var m = SliderModel()
        m.maximumValue = 360
        m.maximumRevolutions = 0
        _ = m.wheel(steps: 3, at: 0)
        #expect(m.value == 15)
        _ = m.key(.decrease, at: 0); _ = m.key(.pageIncrease, at: 0)
        #expect(m.value == 24)
        _ = m.key(.end, at: 0)
        #expect(m.value == 360)
        _ = m.wheel(steps: 1, at: 0)                               // bounded at 100 %
        #expect(m.value == 360)
        _ = m.key(.home, at: 0)
        #expect(m.value == 0)
        m.isEnabled = false
        #expect(m.wheel(steps: 1, at: 0).isEmpty)
    }

    /// Setting 0 % on a later revolution stays on that revolution.
    @Test func setValueKeepsTheRevolution() {
        var m = SliderModel()
        _ = m.touchDown(atScreenAngle: 90 + 300, at: 0)
        for a in [350.0, 400, 450] { _ = m.touchMove(toScreenAngle: 90 + a, at: 0.1) }
        _ = m.touchUp(at: 0.2)
        #expect(m.revolutionsCount == 1 && m.value == 25)
        m.setValue(0)
        #expect(m.revolutionsCount == 1 && m.value == 0)
        m.setValue(100)
        #expect(m.revolutionsCount == 1 && m.value == 100)
    }
}

@Suite struct ValueFormatTests {
    @Test func formats() {
        #expect(ValueFormat("%.0f °C")?.string(for: 21.5) == "22 °C")
        #expect(ValueFormat("%.1f")?.string(for: -3.14159) == "\u{2212}3.1")
        #expect(ValueFormat("%05.1f%%")?.string(for: 7.25) == "007.3%")   // rounds half away from zero
        #expect(ValueFormat("%+d dB")?.string(for: 6.4) == "+6 dB")
        #expect(ValueFormat("%-4dx")?.string(for: 12) == "12  x")
        #expect(ValueFormat("vol")?.string(for: 3) == "vol")
        #expect(ValueFormat("%.0f")?.string(for: -0.2) == "0")
        #expect(ValueFormat("%f")?.string(for: 1) == "1.000000")
    }

    @Test func rejectsWhatPrintfWouldMisuse() {
        for bad in ["%s", "%n", "%.0f %.0f", "%99f", "%.9f", "%", "%ld", "%x"] {
            #expect(ValueFormat(bad) == nil, "\(bad)")
        }
    }
}

@Suite struct SliderModelEdgeTests {
    /// Two handles on the same spot (distance 0) at the start: a touch further along takes
    /// the second, which can move there (the first is held below the second).
    @Test func coincidentHandlesLetTheTouchedSideMove() {
        var m = SliderModel(range: true)
        m.maximumAngle = 270
        m.setValue(0, handle: 1)
        #expect(m.travel == [0, 0])
        _ = m.touchDown(atScreenAngle: 135 + 40, at: 0)
        #expect(m.activeHandle == 1 && m.travel == [0, 40])
    }

    /// A maximumAngle below the second handle's default 60° pulls it in.
    @Test func secondHandleDefaultIsClampedToAShortArc() {
        var m = SliderModel(range: true)
        m.maximumAngle = 45
        #expect(m.travel == [0, 45])
    }

    /// Enter/Space switch the key handle of a range slider; keys then move the second.
    @Test func keysSwitchHandles() {
        var m = SliderModel(range: true)
        m.maximumValue = 270; m.maximumAngle = 270
        _ = m.key(.switchHandle, at: 0)
        _ = m.key(.pageIncrease, at: 0)
        #expect(m.travel == [0, 70])
    }
}
