/// Discrete positions: indices, nearest allowed positions and the return (snap) rules.
extension KnobModel {
    /// Angle between neighbouring positions: 2π/positions when circular, else
    /// (max - min)/positions.
    public var segmentAngle: Double {
        circular ? KnobMath.twoPi / Double(positions) : (max - min) / Double(positions)
    }

    /// The selected position index: 0…positions-1 in the discrete modes, -1 in continuous
    /// mode, the last number dialed in rotary dial mode.
    public var positionIndex: Int {
        switch mode {
        case .continuous: return -1
        case .rotaryDial: return lastNumberDialed
        case .linearReturn, .wheelOfFortune: return positionIndex(for: position)
        }
    }

    /// Sets the position to index `index` at once (circular: index × 2π/positions; else the
    /// middle of the index's segment), then constrains it like `setPosition`. Ignored in
    /// continuous and rotary dial modes.
    @discardableResult
    public mutating func setPositionIndex(_ index: Int) -> [KnobEvent] {
        guard mode.isDiscrete else { return [] }
        return setPosition(angle(ofIndex: index))
    }

    /// The reference's positionIndexForPosition:. Circular: round(position/2π × positions)
    /// modulo positions, after adding 2π once to a negative position. Not circular:
    /// ⌊(position - min)/(max - min) × positions⌋, with max itself in the last index.
    /// Always in 0…positions-1, whatever the mode.
    public func positionIndex(for position: Double) -> Int {
        if !circular && position == max { return positions - 1 }
        let scaled: Double
        if circular {
            var converted = position
            if converted < 0 { converted += KnobMath.twoPi }
            scaled = converted * 0.5 / .pi * Double(positions) + 0.5
        } else {
            guard max > min else { return positions - 1 }
            scaled = (position - min) / (max - min) * Double(positions)
        }
        guard scaled.isFinite else { return 0 }
        // Reduce in floating point first so huge turn counts cannot overflow Int.
        var reduced = scaled.rounded(.down).truncatingRemainder(dividingBy: Double(positions))
        if reduced < 0 { reduced += Double(positions) }
        return Swift.min(Int(reduced), positions - 1)
    }

    /// The angle of index `index`: index × 2π/positions when circular, else the middle of
    /// its segment (setPositionIndex: in the reference), not constrained.
    public func angle(ofIndex index: Int) -> Double {
        circular ? segmentAngle * Double(index) : segmentAngle * (Double(index) + 0.5) + min
    }

    /// The reference's nearestPositionToPosition: (not normalized): the angle of the index
    /// `position` falls in; when circular, the half-way index (2·index == positions) gives
    /// π - ε, so that a return never ends on -π.
    public func nearestPosition(to position: Double) -> Double {
        let index = positionIndex(for: position)
        if circular {
            if 2 * index == positions { return .pi - KnobModel.epsilon }
            return Double(index) * KnobMath.twoPi / Double(positions)
        }
        return segmentAngle * (Double(index) + 0.5) + min
    }

    /// The wheel of fortune's strip threshold, 0.9·π/positions: a release closer than
    /// π/positions - threshold to a segment boundary returns to the strip's inner edge.
    public var wheelOfFortuneThreshold: Double { 0.9 * .pi / Double(positions) }

    /// Where a return animation from `position` would go, and for how long (seconds), per
    /// the reference's snapToNearestPositionWithPosition:duration: with duration -1; nil when
    /// nothing moves (wheel of fortune outside the strips, continuous and rotary dial modes).
    /// The target is normalized when the knob is (the reference can leave -π - ε).
    public func snapTarget(from start: Double? = nil) -> (target: Double, duration: Double)? {
        guard mode.isDiscrete else { return nil }
        guard let (target, travel) = returnTarget(for: start ?? position) else { return nil }
        return (target, timeScale / KnobModel.returnAngularVelocity * abs(travel))
    }

    /// The reference's snapToNearestPositionWithPosition:duration: (nil duration = the
    /// return speed). Returns whether the position changed.
    @discardableResult
    mutating func snapToNearestPosition(from start: Double, duration: Double?, at time: Double) -> Bool {
        guard let (target, travel) = returnTarget(for: start) else { return false }
        let before = position
        let seconds = duration ?? timeScale / KnobModel.returnAngularVelocity * abs(travel)
        returnToPosition(target, duration: seconds, at: time)
        return position != before
    }

    /// Target and signed travel (target - position, before normalizing) of a return.
    private func returnTarget(for start: Double) -> (Double, Double)? {
        var nearest = nearestPosition(to: start)
        // Into (−π, π] by whole turns (one remainder, not the reference's loops, which
        // never finish for huge angles).
        let raw = nearest - position
        var delta = KnobMath.normalized(raw)
        nearest += delta - raw
        if mode == .wheelOfFortune {
            let threshold = wheelOfFortuneThreshold
            if delta > threshold {
                delta -= threshold
                nearest -= threshold
            } else if delta < -threshold {
                delta += threshold
                nearest += threshold
            } else {
                return nil
            }
        }
        let target = circular && normalized ? KnobMath.normalized(nearest) : nearest
        return (target, delta)
    }
}
