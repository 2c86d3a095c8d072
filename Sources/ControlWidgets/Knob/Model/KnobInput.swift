/// Keys a focused knob understands.
public enum KnobKey: String, Sendable, Equatable, CaseIterable {
    case left, right, up, down, pageUp, pageDown, home, end
}

/// Input for one knob, in the knob's own coordinates (`KnobPoint`: origin at the centre,
/// y down, design pixels), with times in seconds from the frame clock.
public enum KnobInput: Sendable, Equatable {
    case touchDown(id: Int, at: KnobPoint, time: Double)
    case touchMove(id: Int, to: KnobPoint, time: Double)
    case touchUp(id: Int, time: Double)
    case touchCancel(id: Int, time: Double)
    /// Wheel or rotary encoder detents; positive increases the position. Fractions (smooth
    /// scrolling) accumulate until they make whole positions in the discrete modes.
    case wheel(steps: Double, time: Double)
    /// right/up: one step up, left/down: one step down, pageUp/pageDown: `pageSteps` or
    /// 10°, home/end: first/last position.
    case key(KnobKey, time: Double)
    /// A double tap recognised elsewhere: back to `doubleTapReset` (nothing without one).
    case doubleTap(time: Double)

    public var time: Double {
        switch self {
        case .touchDown(_, _, let time), .touchMove(_, _, let time), .touchUp(_, let time),
             .touchCancel(_, let time), .wheel(_, let time), .key(_, let time), .doubleTap(let time):
            return time
        }
    }
}
