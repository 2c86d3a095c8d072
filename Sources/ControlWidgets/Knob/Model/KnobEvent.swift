/// Who caused a change of position.
public enum KnobChangeSource: String, Sendable, Equatable {
    /// A gesture, wheel, key or tap.
    case user
    /// `setPosition`, `setPositionIndex`, `setValue` or `reset` from the integrator.
    case program
}

/// What the knob model reports. Positions are radians, as everywhere in the model.
public enum KnobEvent: Sendable, Equatable {
    /// The position changed (the reference's UIControlEventValueChanged). `position` is the
    /// new resting position: after a release that snaps, already the snap target.
    case valueChanged(position: Double, positionIndex: Int, source: KnobChangeSource)
    /// A gesture was recognised and now turns the knob.
    case trackingBegan
    /// The gesture ended (or was cancelled); the last `valueChanged` before it carries the
    /// final resting position.
    case trackingEnded
    /// A rotary dial dialed `number` (0…9): at the moment the reference reports it, when the
    /// wind-up towards the stop starts (release past the threshold, a tap, `dialNumber`).
    case dialed(number: Int, source: KnobChangeSource)
    /// The running animation reached its end; `position` is what the screen now shows.
    case animationEnded(position: Double)
}
