/// How the knob behaves (IKCMode).
public enum KnobMode: String, Sendable, Equatable, CaseIterable {
    /// A circular picker: turns freely, comes to rest only at the allowed positions; after
    /// release it returns to the nearest one at `KnobModel.returnAngularVelocity / timeScale`.
    case linearReturn
    /// A carnival wheel: rests anywhere inside a segment except the outer 10% strips at each
    /// boundary; released inside a strip, it returns to the strip's inner edge.
    case wheelOfFortune
    /// A circular slider: rests anywhere.
    case continuous
    /// An old telephone dial: drag a hole to the finger stop (or tap it) to dial its number
    /// (see KnobModel+Dial and `numberDialed`).
    case rotaryDial

    /// True in the modes with discrete positions and titles.
    public var isDiscrete: Bool { self == .linearReturn || self == .wheelOfFortune }
}

/// Which gesture turns the knob (IKCGesture).
public enum KnobGesture: String, Sendable, Equatable, CaseIterable {
    /// One finger drags the knob around its centre.
    case oneFingerRotation
    /// Two fingers twist; the knob turns by the change of the angle between them.
    case twoFingerRotation
    /// Dragging up turns the knob towards larger positions.
    case verticalPan
    /// A tap turns the knob to the tapped angle (continuous) or brings the tapped title to the top.
    case tap
}
