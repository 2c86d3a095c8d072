/// The state and rules of one knob (IOSKnobControl without its drawing), as a value.
///
/// Angles are radians. `position` 0 is the knob's rest orientation (the pip or the first
/// title at 12 o'clock). A positive position turns the knob counterclockwise on screen when
/// `clockwise` is false and clockwise when it is true; `screenRotation(at:)` gives the
/// rotation a painter applies in a y-down frame (positive = clockwise on screen).
///
/// `position` is always the resting value: like the reference, it changes at once and any
/// animation only concerns what the screen shows (`displayedPosition(at:)`). Time is never
/// read from a clock; every call that may start an animation takes `at time:` (seconds).
public struct KnobModel: Sendable, Equatable {
    /// The reference's IKC_EPSILON.
    public static let epsilon = 1e-7
    /// Return (snap) animations turn this many radians per second at timeScale 1 (π/6).
    public static let returnAngularVelocity = Double.pi / 6
    /// The reference's floor for every animation: 200 × π/6 rad/s (1000 RPM).
    public static let fastAngularVelocity = 200 * returnAngularVelocity
    /// Animated `setPosition` turns a full turn per second, ignoring timeScale.
    public static let setPositionAngularVelocity = 2 * Double.pi
    /// No position goes beyond ±10⁶° (about 2,800 turns), the bound layouts and commands
    /// enforce; gestures, wheels and encoders that would go further stop there.
    public static let positionBound = KnobMath.radians(1_000_000)

    // MARK: Stored state

    private var storedMode: KnobMode = .linearReturn
    private var storedCircular = true
    private var storedClockwise = false
    private var storedMin: Double = -.pi + KnobModel.epsilon
    private var storedMax: Double = .pi - KnobModel.epsilon
    private var storedNormalized = true
    private var storedPositions = 2
    private var storedGesture: KnobGesture = .oneFingerRotation
    private var storedTitles: [String] = []

    /// Resting angular position, radians. See `setPosition(_:animated:at:)`.
    public private(set) var position: Double = 0
    /// The animation of the image towards `position`, if one was started and not yet
    /// reported finished by `advance(to:)`.
    public private(set) var animation: KnobAnimation?

    /// Scales the duration of return animations (larger = slower).
    public var timeScale: Double = 1
    /// Radians per control height for the vertical pan.
    public var gestureSensitivity: Double = 1
    /// Continuous knobs: a finger beyond the rim turns the knob less (FineDrag).
    public var fineDrag = false
    /// Disabled knobs ignore input (UIControl.enabled).
    public var isEnabled = true
    /// Where a double tap returns the knob; nil (the default): a double tap does nothing
    /// ("destructive gestures are opt-in").
    public var doubleTapReset: KnobResetTarget?
    /// Decimals of the value format, for publishing a value without a step (`valueRounding`).
    public var valueDecimals: Int?
    /// Optional linear mapping of the knob's travel to `value` (see KnobModel+Value).
    public var range: KnobValueRange?
    /// Value steps of a continuous knob with a range (see KnobModel+ValueStep).
    public var valueSteps = KnobValueSteps()

    /// A touch is down on the knob (UIControl's own highlight while touched).
    public internal(set) var isPressed = false
    /// A gesture is turning the knob (the reference's `rotating`).
    public internal(set) var isRotating = false
    /// The reference's isHighlighted override: being touched or turned.
    public var isHighlighted: Bool { isPressed || isRotating }

    /// The last number dialed in rotary dial mode (-1 before any).
    public internal(set) var lastNumberDialed = -1
    /// The number under the touch that started the current dial gesture (the reference's
    /// `_numberDialed`: 0…9, or 11/12 for the dead spots), fixed at touch-down.
    public internal(set) var numberUnderTouch = -1
    /// Numbers a `dial` command asked for while the dial was still turning; each starts when
    /// the animation before it ends (see KnobModel+Dial).
    public internal(set) var pendingNumbers: [Int] = []
    /// Counts changes that alter the painted knob image (titles, positions, mode, clockwise,
    /// min/max of a titled knob, and the selected index in discrete modes, which the
    /// reference re-lays out in checkPositionIndex to zoom the top title). A painter keeps
    /// its cached image while this number stays the same.
    public private(set) var contentRevision = 0
    private var lastPositionIndex = 0

    public init() {}

    // MARK: Configuration (setters follow the reference's)

    /// Setting rotaryDial also forces the reference's dial configuration: one-finger or tap
    /// gesture, counterclockwise, not circular, min -11π/6, max ε.
    public var mode: KnobMode {
        get { storedMode }
        set {
            storedMode = newValue
            contentRevision += 1
            if newValue == .rotaryDial {
                if storedGesture == .verticalPan || storedGesture == .twoFingerRotation {
                    storedGesture = .oneFingerRotation
                }
                storedClockwise = false
                storedCircular = false
                storedMax = KnobModel.epsilon
                storedMin = -11.0 * .pi / 6.0
                lastNumberDialed = 0
            } else {
                pendingNumbers = []
            }
        }
    }

    /// Whether the knob turns all the way round (min/max ignored). Ignored in rotary dial mode.
    public var circular: Bool {
        get { storedCircular }
        set {
            if storedMode == .rotaryDial { return }
            storedCircular = newValue
            contentRevision += 1   // titles move: open knobs spread them over min…max
            reconstrainPosition()
        }
    }

    /// Whether the position increases clockwise. Ignored in rotary dial mode.
    public var clockwise: Bool {
        get { storedClockwise }
        set {
            if storedMode == .rotaryDial { return }
            storedClockwise = newValue
            contentRevision += 1
        }
    }

    /// Whether a circular knob keeps its position in (-π, π] (else it counts turns).
    public var normalized: Bool {
        get { storedNormalized }
        set {
            storedNormalized = newValue
            reconstrainPosition()
        }
    }

    /// Number of discrete positions; at least 2 (the header's documented minimum).
    public var positions: Int {
        get { storedPositions }
        set {
            let clamped = Swift.max(2, newValue)
            if clamped == storedPositions { return }
            storedPositions = clamped
            contentRevision += 1
        }
    }

    /// Titles for the positions of a discrete knob; missing ones read as the index.
    public var titles: [String] {
        get { storedTitles }
        set {
            storedTitles = newValue
            contentRevision += 1
        }
    }

    /// The gesture that turns the knob; rotary dial mode refuses the two-finger rotation and
    /// the vertical pan (the value stays unchanged).
    public var gesture: KnobGesture {
        get { storedGesture }
        set {
            if storedMode == .rotaryDial && (newValue == .twoFingerRotation || newValue == .verticalPan) { return }
            storedGesture = newValue
        }
    }

    /// Lowest position when not circular. Min and max are at most 2π apart and the last one
    /// set wins: setting min moves max to min + 2π if they were 2π or more apart, or up to
    /// min if it was below; a position below the new min moves to min. Ignored in rotary
    /// dial mode. (Like the reference, the position is clamped even when circular.)
    public var min: Double {
        get { storedMin }
        set {
            if storedMode == .rotaryDial { return }
            storedMin = newValue
            if storedMax - storedMin >= KnobMath.twoPi { storedMax = storedMin + KnobMath.twoPi }
            if storedMax < storedMin { storedMax = storedMin }
            if position < storedMin { setPositionImmediately(storedMin) }
            if storedMode != .continuous { contentRevision += 1 }
        }
    }

    /// Highest position when not circular; the mirror image of `min`.
    public var max: Double {
        get { storedMax }
        set {
            if storedMode == .rotaryDial { return }
            storedMax = newValue
            if storedMax - storedMin >= KnobMath.twoPi { storedMin = storedMax - KnobMath.twoPi }
            if storedMax < storedMin { storedMin = storedMax }
            if position > storedMax { setPositionImmediately(storedMax) }
            if storedMode != .continuous { contentRevision += 1 }
        }
    }

    // MARK: Position

    /// The position `requested` becomes: clamped to [min, max] when not circular, else moved
    /// by whole turns into (-π, π] when normalized (setPosition:animated: in the reference).
    /// With value steps, the result is then snapped to the step grid (KnobModel+ValueStep).
    public func constrained(_ requested: Double) -> Double {
        snappedToValueStep(limited(requested))
    }

    private func limited(_ requested: Double) -> Double {
        if !storedCircular {
            return Swift.min(Swift.max(requested, storedMin), storedMax)
        }
        if storedNormalized {
            return KnobMath.normalized(requested)
        }
        return requested
    }

    /// Sets the position (radians) at once; cancels a running animation. No event in the
    /// reference; returns a `.program` valueChanged when the position changed.
    @discardableResult
    public mutating func setPosition(_ newPosition: Double) -> [KnobEvent] {
        setPosition(newPosition, animated: false, at: 0)
    }

    /// The reference's setPosition:animated:. The position is constrained (see
    /// `constrained`) and changes at once. Animated, the image turns the short way round in
    /// |new - old| / 2π seconds, measured on the constrained values without taking the
    /// short way into account, and ignoring timeScale (exactly as the reference computes it).
    @discardableResult
    public mutating func setPosition(_ newPosition: Double, animated: Bool, at time: Double) -> [KnobEvent] {
        let target = constrained(newPosition)
        let delta = abs(target - position)
        let before = position
        returnToPosition(target, duration: animated ? delta / KnobModel.setPositionAngularVelocity : 0, at: time)
        return changeEvents(from: before, source: .program)
    }

    /// Degrees convenience for `position`.
    public var positionDegrees: Double { KnobMath.degrees(position) }

    /// Degrees convenience for `setPosition(_:animated:at:)`.
    @discardableResult
    public mutating func setPosition(degrees: Double, animated: Bool = false, at time: Double = 0) -> [KnobEvent] {
        setPosition(KnobMath.radians(degrees), animated: animated, at: time)
    }

    /// Animated return to `doubleTapReset` (what a double tap does), a full turn per second;
    /// nothing without one.
    @discardableResult
    public mutating func reset(at time: Double, source: KnobChangeSource = .program) -> [KnobEvent] {
        let before = position
        switch doubleTapReset {
        case .value(let v)?: _ = setValue(v, animated: true, at: time)
        case .position(let p)?: _ = setPosition(p, animated: true, at: time)
        case nil: return []
        }
        return changeEvents(from: before, source: source)
    }

    // MARK: Animation and display

    /// The angle the screen shows at `time`, radians: the animation's angle while it runs,
    /// `position` otherwise.
    public func displayedPosition(at time: Double) -> Double {
        guard let animation, animation.isRunning(at: time) else { return position }
        return animation.angle(at: time)
    }

    /// The rotation to apply to the knob image at `time`, radians, positive = clockwise on a
    /// y-down screen (Cairo's `rotate`): `-displayedPosition` when counterclockwise.
    public func screenRotation(at time: Double) -> Double {
        let shown = displayedPosition(at: time)
        return storedClockwise ? shown : -shown
    }

    /// True while an animation still moves the image at `time`.
    public func isAnimating(at time: Double) -> Bool {
        animation?.isRunning(at: time) ?? false
    }

    /// When the running animation ends (nil when none is pending).
    public var animationEndTime: Double? { animation?.endTime }

    /// Reports (once) an animation that has ended by `time` and forgets it. A dial then
    /// starts its next queued number at the exact end time (not at `time`), so a queue of
    /// numbers plays back to back whatever the frame rate.
    public mutating func advance(to time: Double) -> [KnobEvent] {
        var events: [KnobEvent] = []
        while let animation, !animation.isRunning(at: time) {
            self.animation = nil
            events.append(.animationEnded(position: position))
            if storedMode == .rotaryDial, !pendingNumbers.isEmpty {
                let next = pendingNumbers.removeFirst()
                events += startDial(next, source: .program, at: animation.endTime)
            }
        }
        return events
    }

    /// Starts `animation`, which must end at `resting`, the new position.
    mutating func play(_ animation: KnobAnimation, restingAt resting: Double) {
        self.animation = animation.duration > 0 ? animation : nil
        position = resting
    }

    // MARK: Internals shared with the gesture recognizer and the position rules

    /// The reference's returnToPosition:duration:. A zero duration sets the position at once
    /// (the reference instead runs a ≥ 1000 RPM animation, a Core Animation workaround, see
    /// the deviations in the report); a positive one animates the short way round, no faster
    /// than `fastAngularVelocity`, starting from what the screen shows at `time`.
    mutating func returnToPosition(_ requestedTarget: Double, duration: Double, at time: Double) {
        // Every change of position passes here: the last line of defence for the rule that
        // numbers reaching a model are finite and bounded (one NaN in a Cairo context blanks
        // the screen). A non-finite target is ignored; a huge one stops at ±positionBound.
        guard requestedTarget.isFinite else { return }
        let target = Swift.min(Swift.max(requestedTarget, -KnobModel.positionBound), KnobModel.positionBound)
        if target == position { return }
        let requested = duration.isFinite ? abs(duration) : 0
        if requested > 0 {
            let shown = displayedPosition(at: time)
            // The reference wraps the target to within π of the current angle; wrapping the
            // start instead keeps `toAngle == position`, so nothing jumps at the end.
            // In [target − π, target + π), as the reference's two loops leave it.
            var start = KnobMath.nearestTurn(of: shown, to: target)
            if start >= target + .pi { start -= KnobMath.twoPi }
            let minimum = abs(target - start) / KnobModel.fastAngularVelocity
            animation = KnobAnimation(fromAngle: start, toAngle: target, startTime: time,
                                      duration: Swift.max(minimum, requested))
        } else {
            animation = nil
        }
        position = target
        if storedMode.isDiscrete { checkPositionIndex() }
    }

    /// Sets the position with no animation and no event (property setters' clamping).
    mutating func setPositionImmediately(_ newPosition: Double) {
        returnToPosition(constrained(newPosition), duration: 0, at: 0)
    }

    /// Re-applies circular/normalized/min/max after one of them changed (setCircular: and
    /// setNormalized: in the reference).
    private mutating func reconstrainPosition() {
        if !storedCircular {
            setPositionImmediately(Swift.min(Swift.max(position, storedMin), storedMax))
        } else if storedNormalized {
            let normalizedPosition = KnobMath.normalized(position)
            if normalizedPosition != position { setPositionImmediately(normalizedPosition) }
        }
    }

    private mutating func checkPositionIndex() {
        let index = positionIndex
        if index == lastPositionIndex { return }
        lastPositionIndex = index
        contentRevision += 1
    }

    func changeEvents(from before: Double, source: KnobChangeSource) -> [KnobEvent] {
        position == before ? [] : [valueChangedEvent(source: source)]
    }

    func valueChangedEvent(source: KnobChangeSource) -> KnobEvent {
        .valueChanged(position: position, positionIndex: positionIndex, source: source)
    }
}
