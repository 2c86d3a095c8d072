/// Which way a finger slides round the ring (MSCircularSliderDirection). On screen, with
/// y pointing down, clockwise is the direction of increasing travel.
public enum SliderDirection: String, Sendable, Equatable {
    case none, clockwise, counterclockwise
}

/// Who caused a change of value.
public enum SliderChangeSource: String, Sendable, Equatable {
    /// A drag, tap, wheel, key or double tap.
    case user
    /// A `set` command from the integrator.
    case program
}

/// What the slider model reports (MSCircularSliderDelegate's methods as values). Values
/// are the resting values: after a release that snaps, already the snap target.
public enum SliderEvent: Sendable, Equatable {
    /// `handle` is 0 for the first handle and 1 for the second (range sliders).
    case valueChanged(handle: Int, source: SliderChangeSource)
    case trackingBegan(handle: Int)
    case trackingEnded(handle: Int)
    case directionChanged(SliderDirection)
    case revolutionsChanged(Int)
}
