/// The rotary dial's rules (IOSKnobControl's dialNumber:, the rotary dial branches of
/// followGesture:toPosition: and handleTap:). The recognizer decides when; these decide what.
///
/// In rotary dial mode the position is ≤ 0: the dial turns clockwise on screen, which the
/// reference (and this model) count as negative positions.
extension KnobModel {
    /// At most this many `dial` commands wait for the dial to come back to rest.
    public static let maximumPendingDials = 32

    /// True while a dial animation (a wind-up and return, or the return after a short drag)
    /// runs; the dial ignores touches meanwhile (the reference disables the control).
    public func isDialing(at time: Double) -> Bool {
        mode == .rotaryDial && isAnimating(at: time)
    }

    /// Whether a `dial` command can be accepted now (started, or queued behind the running one).
    public var canAcceptDial: Bool { pendingNumbers.count < KnobModel.maximumPendingDials }

    /// The reference's dialNumber: turns the dial clockwise as though `number` had been
    /// dialed, then back to rest. While the dial still turns (or a finger drags it), the
    /// number waits its turn (queued numbers start back to back). Numbers outside 0…9 and other modes do nothing.
    @discardableResult
    public mutating func dialNumber(_ number: Int, source: KnobChangeSource = .program, at time: Double) -> [KnobEvent] {
        guard mode == .rotaryDial, (0...9).contains(number) else { return [] }
        if isAnimating(at: time) || isRotating || !pendingNumbers.isEmpty {
            if canAcceptDial { pendingNumbers.append(number) }
            return []
        }
        return startDial(number, source: source, at: time)
    }

    /// The keyframe animation: from the angle shown (a released drag's angle, or rest) wind
    /// to the stop, −windAngle, then back to 0, linearly at 5π/3 rad/s ÷ timeScale. With
    /// a = the clockwise angle already turned and W = windAngle, the path is W − a + W, so
    /// the duration is timeScale × (2W − a) / (5π/3) and the stop is reached at
    /// (W − a)/(2W − a) of it (the reference's keyTimes).
    mutating func startDial(_ number: Int, source: KnobChangeSource, at time: Double) -> [KnobEvent] {
        lastNumberDialed = number
        numberUnderTouch = -1
        let wind = RotaryDial.windAngle(for: number)
        let turned = Swift.min(Swift.max(0, -displayedPosition(at: time)), wind)
        let total = 2 * wind - turned
        let duration = timeScale / RotaryDial.angularVelocity * total
        let stopTime = duration * (wind - turned) / total
        play(KnobAnimation(fromAngle: -turned, toAngle: 0, startTime: time, duration: duration,
                           via: .init(angle: -wind, time: stopTime)), restingAt: 0)
        isRotating = false
        return [valueChangedEvent(source: source), .dialed(number: number, source: source)]
    }

    /// Touch-down: the number is fixed by the angle where the finger went down, dead spots
    /// included (the reference computes it from the gesture's start).
    mutating func beginDialTouch(atPolarAngle angle: Double) {
        numberUnderTouch = numberDialed(angle)
    }

    /// A drag's target as the dial allows it: clockwise only, from rest (0) to the finger
    /// stop for the touched hole (the dial cannot turn a hole past the stop).
    func dialConstrained(_ target: Double) -> Double {
        Swift.min(0, Swift.max(-RotaryDial.dragLimit(for: numberUnderTouch), target))
    }

    /// Release: turned at least 45° from a hole, the dial completes the number; otherwise
    /// (a short drag, a dead spot, a cancelled touch) it returns to rest at 5π/3 rad/s ÷
    /// timeScale without dialling. The reference measures the finger's travel, wrapped into
    /// (−2π, 0], so a small counterclockwise drag would count as nearly a full turn and dial;
    /// its stated rule is "drag the dial at least 45 degrees", so the dial's travel decides.
    mutating func endDialGesture(cancelled: Bool, at time: Double) -> [KnobEvent] {
        let turned = -position
        let number = numberUnderTouch
        isRotating = false
        if !cancelled, (0...9).contains(number), turned >= RotaryDial.dialThreshold {
            return startDial(number, source: .user, at: time)
        }
        numberUnderTouch = -1
        if turned > 0 {
            play(KnobAnimation(fromAngle: position, toAngle: 0, startTime: time,
                               duration: timeScale / RotaryDial.angularVelocity * turned), restingAt: 0)
        }
        var events = [valueChangedEvent(source: .user)]
        // A number queued during the drag starts now if nothing else will start it.
        if animation == nil, !pendingNumbers.isEmpty {
            events += startDial(pendingNumbers.removeFirst(), source: .program, at: time)
        }
        return events
    }

    /// A tap (the tap gesture) at `point`, knob coordinates, on a dial of `radius`: dials the
    /// hole's number, unless it is nearer the centre than the dead zone (0.294 × the side)
    /// or in a dead spot between 0 and 1.
    mutating func tapDial(at point: KnobPoint, radius: Double, at time: Double) -> [KnobEvent] {
        let deadZone = RotaryDialGeometry(radius: radius).tapDeadZoneRadius
        guard point.distance(to: KnobPoint(x: 0, y: 0)) >= deadZone else { return [] }
        let number = numberDialed(KnobGeometry.polarAngle(of: point, clockwise: false))
        guard (0...9).contains(number) else { return [] }
        return startDial(number, source: .user, at: time)
    }
}
