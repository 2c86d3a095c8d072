/// Touch tracking as TBCircularSlider describes it, plus wheel, keys and double tap.
///
/// A touch may start anywhere on the ring band: the nearest handle jumps to the touch's
/// angle, then follows the finger's angle round the centre (TB's moveHandle: the angle from
/// the centre to the finger, not a distance dragged). The finger's angle is *unwrapped*
/// (each move adds the shortest turn), so a full circle's travel continues across the seam
/// and counts revolutions, and a gapped arc's handle stops at an end while the finger goes
/// on through the gap; it moves again only when the finger comes back past that end. It
/// never jumps from one end to the other. Laps the finger makes beyond an end are
/// forgotten, so coming back is never more than one turn away.
///
/// A double tap resets only when `doubleTapReset` asks for it ("destructive gestures are
/// opt-in"), and then the first tap never moves the value: a touch moves the handle only
/// once it has travelled `tapSlop` (a drag; the handle then jumps to the finger, as the
/// reference's touch does), and a tap's jump waits until `doubleTapInterval` has passed
/// without a second tap (UIKit's single tap that requires the double tap to fail).
extension SliderModel {
    /// A tap whose jump is held back while it may still be the first of a double tap.
    struct PendingTap: Sendable, Equatable {
        var handle: Int
        var fingerTravel: Double
        /// When the tap's finger lifted; the jump happens `doubleTapInterval` later.
        var time: Double
    }

    /// Longest gap between two taps of a double tap, and longest press of a tap, seconds.
    public static let doubleTapInterval = 0.3
    /// A tap moves the finger less than this, degrees.
    public static let tapSlop = 8.0
    /// The second tap of a double tap lands at most this far round the ring from the first,
    /// degrees (15° is 22 design pixels on a track of radius 85, the knob's 20 px).
    public static let doubleTapAngle = 15.0
    /// Wheel or encoder detent, arrow keys, page keys: the knob's continuous-mode steps.
    public static let wheelStep = 5.0, arrowStep = 1.0, pageStep = 10.0

    public var isTracking: Bool { activeHandle != nil }

    /// The handle a touch at arc angle `r` takes: the nearer one round the circle. Handles on
    /// the same spot (distance 0 allowed): the one that can move towards the touch.
    func nearestHandle(toArcAngle r: Double) -> Int {
        guard isRange else { return 0 }
        func distance(_ t: Double) -> Double { abs(Self.shortestTurn(from: Self.normalized(t), to: r)) }
        let d0 = distance(travel[0]), d1 = distance(travel[1])
        if abs(d0 - d1) < 1e-9 { return Self.shortestTurn(from: Self.normalized(travel[1]), to: r) > 0 ? 1 : 0 }
        return d1 < d0 ? 1 : 0
    }

    /// Where a finger at arc angle `r` puts handle `i` before clamping: on a gapped arc the
    /// nearer end of the gap (as an overshoot past it); on a full circle the same revolution
    /// (a tap sets the value on the lap the slider is on; only dragging crosses the seam).
    func fingerTravel(forArcAngle r: Double, handle i: Int) -> Double {
        if isFullCircle { return 360 * Double(revolutions(atTravel: travel[i])) + r }
        if r <= maximumAngle { return r }
        return r - maximumAngle < 360 - r ? r : r - 360
    }

    /// Whether taps wait for a possible second tap (a double tap resets).
    var resetsOnDoubleTap: Bool { doubleTapReset != nil }

    public mutating func touchDown(atScreenAngle angle: Double, at time: Double) -> [SliderEvent] {
        guard isEnabled, activeHandle == nil else { return [] }
        let r = arcAngle(forScreenAngle: angle)
        if let last = lastTapTime, time - last <= Self.doubleTapInterval, let reset = doubleTapReset,
           abs(Self.shortestTurn(from: lastTapArcAngle, to: r)) <= Self.doubleTapAngle {
            lastTapTime = nil
            pendingTap = nil
            return resetHandles(to: reset, at: time)
        }
        // Not a second tap (too late or elsewhere on the ring): a held-back tap lands first.
        var events = resolvePendingTap(at: time, force: true)
        lastTapArcAngle = r
        let i = nearestHandle(toArcAngle: r)
        activeHandle = i
        slidingDirection = .none
        touchDownTime = time
        movedSinceDown = false
        fingerTravel = fingerTravel(forArcAngle: r, handle: i)
        lastFingerAngle = r
        downFingerTravel = fingerTravel
        events.append(.trackingBegan(handle: i))
        // With reset on, the handle stays put until the touch is known to be a drag.
        if !resetsOnDoubleTap { events += moveHandle(i, to: fingerTravel, duration: 0, at: time, source: .user) }
        return events
    }

    /// Double tap: each handle to its value, animated (the handle that makes room first, so
    /// the distance rule between two handles does not block the other).
    mutating func resetHandles(to values: [Double], at time: Double) -> [SliderEvent] {
        var order = Array(zip(travel.indices, values))
        if order.count == 2, lapTravel(forValue: order[0].1) >= travel[1] { order.reverse() }
        var events: [SliderEvent] = []
        for (i, v) in order { events += setValue(v, handle: i, animated: true, at: time, source: .user) }
        return events
    }

    public mutating func touchMove(toScreenAngle angle: Double, at time: Double) -> [SliderEvent] {
        guard let i = activeHandle else { return [] }
        let r = arcAngle(forScreenAngle: angle)
        let d = Self.shortestTurn(from: lastFingerAngle, to: r)
        lastFingerAngle = r
        fingerTravel += d
        let b = bounds(ofHandle: i)
        while fingerTravel - b.upperBound >= 360 { fingerTravel -= 360 }
        while b.lowerBound - fingerTravel >= 360 { fingerTravel += 360 }
        if abs(fingerTravel - downFingerTravel) >= Self.tapSlop { movedSinceDown = true }
        var events: [SliderEvent] = []
        if abs(d) > 1e-9 {
            let direction: SliderDirection = d > 0 ? .clockwise : .counterclockwise
            if direction != slidingDirection {
                slidingDirection = direction
                events.append(.directionChanged(direction))
            }
        }
        if resetsOnDoubleTap && !movedSinceDown { return events }
        events += moveHandle(i, to: fingerTravel, duration: 0, at: time, source: .user)
        return events
    }

    /// The finger lifts: snap (animated) if asked, then trackingEnded. With reset on, a tap
    /// only records its jump (`resolvePendingTap` makes it).
    public mutating func touchUp(at time: Double) -> [SliderEvent] {
        guard let i = activeHandle else { return [] }
        activeHandle = nil
        let isTap = !movedSinceDown && time - touchDownTime <= Self.doubleTapInterval
        lastTapTime = isTap ? time : nil
        var events: [SliderEvent] = []
        if resetsOnDoubleTap && !movedSinceDown {
            if isTap { pendingTap = PendingTap(handle: i, fingerTravel: downFingerTravel, time: time) }
            return [.trackingEnded(handle: i)]
        }
        if let target = snapTarget(forHandle: i) {
            events += moveHandle(i, to: target, duration: Self.snapDuration, at: time, source: .user)
        }
        events.append(.trackingEnded(handle: i))
        return events
    }

    /// When a held-back tap jumps (nil when none waits): the runtime keeps frames coming
    /// until then, so `resolvePendingTap` runs on time.
    public var pendingTapDeadline: Double? { pendingTap.map { $0.time + Self.doubleTapInterval } }

    /// A held-back tap whose double-tap interval is over (or, with `force`, any held-back
    /// tap: another input comes first) makes its jump now, with the snap a release makes.
    public mutating func resolvePendingTap(at time: Double, force: Bool = false) -> [SliderEvent] {
        guard let tap = pendingTap, force || time - tap.time > Self.doubleTapInterval else { return [] }
        pendingTap = nil
        guard isEnabled else { return [] }
        var events = moveHandle(tap.handle, to: tap.fingerTravel, duration: 0, at: time, source: .user)
        if let target = snapTarget(forHandle: tap.handle) {
            events += moveHandle(tap.handle, to: target, duration: Self.snapDuration, at: time, source: .user)
        }
        return events
    }

    /// The touch was taken away (device gone, touch id reused): end without snapping.
    public mutating func touchCancel(at time: Double) -> [SliderEvent] {
        guard let i = activeHandle else { return [] }
        activeHandle = nil
        lastTapTime = nil
        return [.trackingEnded(handle: i)]
    }

    /// The travel a release of handle `i` snaps to: the nearest snap angle on this lap or
    /// a neighbouring one, within the handle's bounds. nil when nothing to snap to.
    public func snapTarget(forHandle i: Int) -> Double? {
        guard !snapAngles.isEmpty else { return nil }
        let t = travel[i]
        let base = countsRevolutions ? 360 * Double(revolutions(atTravel: t)) : 0
        var best: Double?
        for s in snapAngles {
            for lap in countsRevolutions ? [-360.0, 0, 360] : [0] {
                let c = clamped(base + lap + s, handle: i)
                if best == nil || abs(c - t) < abs(best! - t) { best = c }
            }
        }
        return best
    }

    // MARK: wheel, encoder, keys

    /// Wheel or encoder detents (positive = clockwise) move the key handle 5° each, or one
    /// step each with a step (fractions of a detent add up until they make a whole step).
    public mutating func wheel(steps: Double, at time: Double) -> [SliderEvent] {
        guard isEnabled, activeHandle == nil, steps != 0 else { return [] }
        var events = resolvePendingTap(at: time, force: true)
        guard let stepTravel else {
            return events + moveHandle(keyHandle, to: travel[keyHandle] + steps * Self.wheelStep, duration: 0, at: time, source: .user)
        }
        wheelRemainder += steps
        let whole = wheelRemainder.rounded(.towardZero)
        wheelRemainder -= whole
        guard whole != 0 else { return events }
        events += moveHandle(keyHandle, to: travel[keyHandle] + whole * stepTravel, duration: 0, at: time, source: .user)
        return events
    }

    public enum Key: Sendable { case increase, decrease, pageIncrease, pageDecrease, home, end, switchHandle }

    /// Arrow keys move 1°, page keys 10°; with a step one step and ten steps.
    public mutating func key(_ key: Key, at time: Double) -> [SliderEvent] {
        guard isEnabled, activeHandle == nil else { return [] }
        let events = resolvePendingTap(at: time, force: true)
        let i = keyHandle
        let arrow = stepTravel ?? Self.arrowStep, page = stepTravel.map { 10 * $0 } ?? Self.pageStep
        switch key {
        case .increase: return events + moveHandle(i, to: travel[i] + arrow, duration: 0, at: time, source: .user)
        case .decrease: return events + moveHandle(i, to: travel[i] - arrow, duration: 0, at: time, source: .user)
        case .pageIncrease: return events + moveHandle(i, to: travel[i] + page, duration: 0, at: time, source: .user)
        case .pageDecrease: return events + moveHandle(i, to: travel[i] - page, duration: 0, at: time, source: .user)
        case .home: return events + setValue(minimumValue, handle: i, at: time, source: .user)
        case .end: return events + setValue(maximumValue, handle: i, at: time, source: .user)
        case .switchHandle:
            if isRange { keyHandle = 1 - keyHandle }
            return events
        }
    }
}
