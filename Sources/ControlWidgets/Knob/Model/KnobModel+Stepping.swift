/// Wheel, rotary encoder and keyboard moves (not in the reference; our additions).
///
/// Discrete modes move by whole positions and animate at a full turn per second (the
/// reference's setPosition:animated: speed); continuous mode moves by an angle at once.
/// Rotary dial mode ignores them. Every move reports a `.user` valueChanged.
extension KnobModel {
    /// One wheel or encoder detent in continuous mode: 5°.
    public static let wheelStepAngle = KnobMath.radians(5)
    /// Arrow keys in continuous mode: 1°.
    public static let arrowStepAngle = KnobMath.radians(1)
    /// Page keys in continuous mode: 10°.
    public static let pageStepAngle = KnobMath.radians(10)

    /// Page keys in the discrete modes: a quarter of the positions, at least one.
    public var pageSteps: Int { Swift.max(1, positions / 4) }

    /// Moves by `steps` positions (discrete) or `steps × continuousAngle` radians
    /// (continuous); positive steps increase the position. Not circular: stops at the first
    /// and last index / at min and max. Circular discrete knobs wrap round.
    @discardableResult
    public mutating func step(by steps: Int, continuousAngle: Double, at time: Double) -> [KnobEvent] {
        guard steps != 0 else { return [] }
        switch mode {
        case .rotaryDial:
            return []
        case .continuous:
            return moveAtOnce(to: position + Double(steps) * continuousAngle)
        case .linearReturn, .wheelOfFortune:
            let index = positionIndex(for: position)
            if circular {
                // Whole turns between the index's angle and the current position, so
                // non-normalized knobs keep counting turns.
                let indexAngle = angle(ofIndex: index)
                let turns = KnobMath.nearestTurn(of: indexAngle, to: position) - indexAngle
                return animateStep(to: angle(ofIndex: index + steps) + turns, at: time)
            }
            let target = Swift.min(Swift.max(index + steps, 0), positions - 1)
            return animateStep(to: angle(ofIndex: target), at: time)
        }
    }

    /// Home (`toEnd` false) or End: the first/last index in the discrete modes, else the
    /// start/end of `travel` (min/max, or -π+ε/π-ε when circular).
    @discardableResult
    public mutating func moveToLimit(end toEnd: Bool, at time: Double) -> [KnobEvent] {
        switch mode {
        case .rotaryDial:
            return []
        case .continuous:
            return moveAtOnce(to: toEnd ? travel.end : travel.start)
        case .linearReturn, .wheelOfFortune:
            let angle = angle(ofIndex: toEnd ? positions - 1 : 0)
            return animateStep(to: circular ? KnobMath.nearestTurn(of: angle, to: position) : angle, at: time)
        }
    }

    private mutating func moveAtOnce(to target: Double) -> [KnobEvent] {
        let before = position
        returnToPosition(constrained(target), duration: 0, at: 0)
        return changeEvents(from: before, source: .user)
    }

    /// Animates to `target` at a full turn per second of actual travel.
    private mutating func animateStep(to target: Double, at time: Double) -> [KnobEvent] {
        let before = position
        let travel = abs(target - displayedPosition(at: time))
        returnToPosition(constrained(target), duration: travel / KnobModel.setPositionAngularVelocity, at: time)
        return changeEvents(from: before, source: .user)
    }
}
