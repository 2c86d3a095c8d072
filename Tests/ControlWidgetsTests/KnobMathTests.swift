import Testing
@testable import ControlWidgets

@Suite struct KnobMathTests {
    @Test func atan2MatchesKnownAngles() {
        // Exact angles of simple points.
        #expect(knobClose(KnobMath.atan2(1, 1), knobPi / 4, 1e-15))
        #expect(knobClose(KnobMath.atan2(1, -1), 3 * knobPi / 4, 1e-15))
        #expect(knobClose(KnobMath.atan2(-1, -1), -3 * knobPi / 4, 1e-15))
        #expect(knobClose(KnobMath.atan2(-1, 1), -knobPi / 4, 1e-15))
        // tan(π/6) = 1/√3.
        #expect(knobClose(KnobMath.atan2(1, 3.0.squareRoot()), knobPi / 6, 1e-15))
        #expect(KnobMath.atan2(1, 0) == knobPi / 2)
        #expect(KnobMath.atan2(-1, 0) == -knobPi / 2)
        #expect(KnobMath.atan2(0, 0) == 0)
        // The negative x axis is +π for both signs of zero (the reference's centre-frame
        // y is h/2 - y, a +0 there).
        #expect(KnobMath.atan2(0, -1) == knobPi)
        #expect(KnobMath.atan2(-0.0, -1) == knobPi)
        // Reference values of atan (libm): atan(0.5), atan(2), atan(1e-10), atan(1e10).
        #expect(knobClose(KnobMath.atan(0.5), 0.4636476090008061, 1e-15))
        #expect(knobClose(KnobMath.atan(2), 1.1071487177940904, 1e-15))
        #expect(knobClose(KnobMath.atan(1e-10), 1e-10, 1e-24))
        #expect(knobClose(KnobMath.atan(1e10), knobPi / 2 - 1e-10, 1e-15))
    }

    @Test func normalizationIntoMinusPiPi() {
        #expect(KnobMath.normalized(0) == 0)
        #expect(KnobMath.normalized(-knobPi) == knobPi)          // -π is identified with π
        #expect(knobClose(KnobMath.normalized(4), 4 - 2 * knobPi))
        #expect(knobClose(KnobMath.normalized(-4), -4 + 2 * knobPi))
        #expect(knobClose(KnobMath.normalized(7 * 2 * knobPi + 0.5), 0.5, 1e-12))
        #expect(knobClose(KnobMath.nearestTurn(of: 3, to: -3), 3 - 2 * knobPi))
    }

    @Test func degreesHelpers() {
        #expect(KnobMath.degrees(knobPi) == 180)
        #expect(KnobMath.radians(90) == knobPi / 2)
        var model = KnobModel()
        model.mode = .continuous
        model.setPosition(degrees: 45)
        #expect(knobClose(model.position, knobPi / 4))
        #expect(knobClose(model.positionDegrees, 45))
    }

    @Test func numberDialedBySector() {
        // number = ⌊angle·6/π⌋ on [0, 2π): 0 → 12 (dead spot), 11 → 11 (dead spot), else % 10.
        #expect(numberDialed(0.1) == 12)
        #expect(numberDialed(knobPi / 6 + 0.01) == 1)
        #expect(numberDialed(knobPi / 2 + 0.01) == 3)
        #expect(numberDialed(3 * knobPi / 2 + 0.01) == 9)
        #expect(numberDialed(5 * knobPi / 3 + 0.01) == 0)        // sector 10 → 0
        #expect(numberDialed(11 * knobPi / 6 + 0.01) == 11)
        #expect(numberDialed(-0.1) == 11)                         // 2π - 0.1 is in sector 11
        #expect(numberDialed(-2 * knobPi + knobPi / 2 + 0.01) == 3)
    }

    @Test func hitTestAgainstTheCircle() {
        let geometry = KnobGeometry(sideLength: 200)
        #expect(geometry.radius == 100)
        #expect(geometry.contains(KnobPoint(x: 60, y: 80)))      // 60² + 80² = 100²: on the edge
        #expect(!geometry.contains(KnobPoint(x: 61, y: 80)))
        #expect(!geometry.contains(KnobPoint(x: 95, y: 95)))      // inside the square, outside the circle
        let small = KnobGeometry(sideLength: 200, radius: 40)
        #expect(!small.contains(KnobPoint(x: 0, y: 41)))
        #expect(KnobGestureRecognizer(geometry: small).contains(KnobPoint(x: 0, y: -40)))
    }

    @Test func polarAngleOfTouches() {
        // Counterclockwise from 3 o'clock on screen (y down), mirrored when clockwise.
        #expect(KnobGeometry.polarAngle(of: KnobPoint(x: 0, y: -10), clockwise: false) == knobPi / 2)
        #expect(KnobGeometry.polarAngle(of: KnobPoint(x: -10, y: 0), clockwise: false) == knobPi)
        #expect(KnobGeometry.polarAngle(of: KnobPoint(x: 10, y: 0), clockwise: true) == knobPi)
        #expect(knobClose(KnobGeometry.polarAngle(of: KnobPoint(x: 10, y: 10), clockwise: false), -knobPi / 4))
        #expect(knobClose(KnobGeometry.polarAngle(of: KnobPoint(x: 10, y: 10), clockwise: true), -3 * knobPi / 4))
    }
}
