import Testing
@testable import ControlWidgets

// Shared helpers for the knob model tests (named Knob* so the model's owner keeps them).

let knobPi = Double.pi

/// |a - b| ≤ tolerance.
func knobClose(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance
}

/// Checks events one by one; positions compared within `tolerance`.
func expectKnobEvents(_ actual: [KnobEvent], _ expected: [KnobEvent], tolerance: Double = 1e-9,
                      sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(actual.count == expected.count, "events \(actual) expected \(expected)", sourceLocation: sourceLocation)
    for (a, e) in zip(actual, expected) {
        switch (a, e) {
        case let (.valueChanged(p1, i1, s1), .valueChanged(p2, i2, s2)):
            #expect(knobClose(p1, p2, tolerance) && i1 == i2 && s1 == s2, "\(a) expected \(e)", sourceLocation: sourceLocation)
        case let (.animationEnded(p1), .animationEnded(p2)):
            #expect(knobClose(p1, p2, tolerance), "\(a) expected \(e)", sourceLocation: sourceLocation)
        default:
            #expect(a == e, sourceLocation: sourceLocation)
        }
    }
}

/// A knob model configured in one expression.
func makeKnobModel(mode: KnobMode = .linearReturn, positions: Int = 2, circular: Bool = true,
              clockwise: Bool = false, normalized: Bool = true) -> KnobModel {
    var model = KnobModel()
    model.mode = mode
    model.positions = positions
    model.circular = circular
    model.clockwise = clockwise
    model.normalized = normalized
    return model
}

/// Points at multiples of 45° around the centre (knob coordinates are y down, so
/// "up" on screen is negative y). 0° = 3 o'clock, counterclockwise positive.
func knobPoint(degrees: Int, radius r: Double = 50) -> KnobPoint {
    switch ((degrees % 360) + 360) % 360 {
    case 0: return KnobPoint(x: r, y: 0)
    case 45: return KnobPoint(x: r, y: -r)
    case 90: return KnobPoint(x: 0, y: -r)
    case 135: return KnobPoint(x: -r, y: -r)
    case 180: return KnobPoint(x: -r, y: 0)
    case 225: return KnobPoint(x: -r, y: r)
    case 270: return KnobPoint(x: 0, y: r)
    case 315: return KnobPoint(x: r, y: r)
    default: fatalError("only multiples of 45°")
    }
}
