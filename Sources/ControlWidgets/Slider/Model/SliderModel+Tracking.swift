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
extension SliderModel {
    /// Longest gap between two taps of a double tap, and longest press of a tap, seconds.
    public static let doubleTapInterval = 0.3
    /// A tap moves the finger less than this, degrees.
    public static let tapSlop = 8.0
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

    public mutating func touchDown(atScreenAngle angle: Double, at time: Double) -> [SliderEvent] {
        guard isEnabled, activeHandle == nil else { return [] }
        let r = arcAngle(forScreenAngle: angle)
        if let last = lastTapTime, time - last <= Self.doubleTapInterval, let defaultValue {
            lastTapTime = nil
            return setValue(defaultValue, handle: 0, animated: true, at: time, source: .user)
        }
        let i = nearestHandle(toArcAngle: r)
        activeHandle = i
        slidingDirection = .none
        touchDownTime = time
        movedSinceDown = false
        fingerTravel = fingerTravel(forArcAngle: r, handle: i)
        lastFingerAngle = r
        downFingerTravel = fingerTravel
        var events: [SliderEvent] = [.trackingBegan(handle: i)]
        events += moveHandle(i, to: fingerTravel, duration: 0, at: time, source: .user)
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
        events += moveHandle(i, to: fingerTravel, duration: 0, at: time, source: .user)
        return events
    }

    /// The finger lifts: snap (animated) if asked, then trackingEnded.
    public mutating func touchUp(at time: Double) -> [SliderEvent] {
        guard let i = activeHandle else { return [] }
        activeHandle = nil
        let isTap = !movedSinceDown && time - touchDownTime <= Self.doubleTapInterval
        lastTapTime = isTap ? time : nil
        var events: [SliderEvent] = []
        if let target = snapTarget(forHandle: i) {
            events += moveHandle(i, to: target, duration: Self.snapDuration, at: time, source: .user)
        }
        events.append(.trackingEnded(handle: i))
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

    /// Wheel or encoder detents (positive = clockwise) move the key handle 5° each.
    public mutating func wheel(steps: Double, at time: Double) -> [SliderEvent] {
        guard isEnabled, activeHandle == nil, steps != 0 else { return [] }
        return moveHandle(keyHandle, to: travel[keyHandle] + steps * Self.wheelStep, duration: 0, at: time, source: .user)
    }

    public enum Key: Sendable { case increase, decrease, pageIncrease, pageDecrease, home, end, switchHandle }

    public mutating func key(_ key: Key, at time: Double) -> [SliderEvent] {
        guard isEnabled, activeHandle == nil else { return [] }
        let i = keyHandle
        switch key {
        case .increase: return moveHandle(i, to: travel[i] + Self.arrowStep, duration: 0, at: time, source: .user)
        case .decrease: return moveHandle(i, to: travel[i] - Self.arrowStep, duration: 0, at: time, source: .user)
        case .pageIncrease: return moveHandle(i, to: travel[i] + Self.pageStep, duration: 0, at: time, source: .user)
        case .pageDecrease: return moveHandle(i, to: travel[i] - Self.pageStep, duration: 0, at: time, source: .user)
        case .home: return setValue(minimumValue, handle: i, at: time, source: .user)
        case .end: return setValue(maximumValue, handle: i, at: time, source: .user)
        case .switchHandle:
            if isRange { keyHandle = 1 - keyHandle }
            return []
        }
    }
}
