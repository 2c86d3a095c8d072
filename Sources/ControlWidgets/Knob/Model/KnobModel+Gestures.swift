/// What gestures do to the model (followGesture:toPosition: and handleTap: in the
/// reference). The recognizer decides *when*; these decide *what*.
extension KnobModel {
    /// A gesture began or moved: the knob follows at once (constrained like setPosition) and,
    /// like the reference, reports a valueChanged on every call, even when a limit holds it.
    mutating func followGesture(to target: Double) -> [KnobEvent] {
        returnToPosition(constrained(target), duration: 0, at: 0)
        isRotating = true
        return [valueChangedEvent(source: .user)]
    }

    /// A gesture ended or was cancelled: the discrete modes return to an allowed position
    /// (the new position is already the target), then the final valueChanged.
    mutating func endGesture(at time: Double) -> [KnobEvent] {
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
    /// Rotary dial: not yet (dialNumber comes with the dial).
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
