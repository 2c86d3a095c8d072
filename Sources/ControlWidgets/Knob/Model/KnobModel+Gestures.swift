/// What gestures do to the model (followGesture:toPosition: and handleTap: in the
/// reference). The recognizer decides *when*; these decide *what*.
extension KnobModel {
    /// A gesture began or moved: the knob follows at once (constrained like setPosition) and,
    /// like the reference, reports a valueChanged on every call, even when a limit holds it.
    /// A dial turns only clockwise and only up to its finger stop (KnobModel+Dial).
    mutating func followGesture(to target: Double) -> [KnobEvent] {
        returnToPosition(mode == .rotaryDial ? dialConstrained(target) : constrained(target), duration: 0, at: 0)
        isRotating = true
        return [valueChangedEvent(source: .user)]
    }

    /// A gesture ended or was cancelled: the discrete modes return to an allowed position
    /// (the new position is already the target), then the final valueChanged. A dial
    /// completes its number or returns (KnobModel+Dial).
    mutating func endGesture(at time: Double, cancelled: Bool = false) -> [KnobEvent] {
        if mode == .rotaryDial { return endDialGesture(cancelled: cancelled, at: time) }
        if mode.isDiscrete {
            snapToNearestPosition(from: position, duration: nil, at: time)
        }
        isRotating = false
        return [valueChangedEvent(source: .user)]
    }

    /// A tap at polar angle `angle` (KnobGeometry.polarAngle; 12 o'clock = π/2).
    /// Continuous: the pointer (at the top of the image) goes to the tapped angle.
    /// Discrete: the title under the tap comes to the top, through the return rules (a
    /// wheel of fortune only moves when that lands in a strip). Both happen at once.
    /// Rotary dial: see `tapDial` (it needs the touch point, not just its angle).
    mutating func tap(atPolarAngle angle: Double, at time: Double) -> [KnobEvent] {
        switch mode {
        case .continuous:
            returnToPosition(constrained(angle - .pi / 2), duration: 0, at: time)
        case .linearReturn, .wheelOfFortune:
            snapToNearestPosition(from: position - angle + .pi / 2, duration: 0, at: time)
        case .rotaryDial:
            return []
        }
        return [valueChangedEvent(source: .user)]
    }
}
