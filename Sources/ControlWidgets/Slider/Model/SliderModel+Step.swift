/// Steps in value units (not in the reference: MSCircularSlider snaps only to labels and
/// markers on release; a thermostat needs 0.5 °C while the finger moves).
///
/// With `step`, every travel a handle rests on shows minimumValue + k·step (clamped to the
/// range), on the lap it is on: the handle moves in steps under the finger, and wheel
/// detents and keys move whole steps. Without a step nothing changes.
extension SliderModel {
    /// The travel one lap spans: 360° on a full circle that counts revolutions, else the arc.
    var lapLength: Double { countsRevolutions ? 360 : maximumAngle }

    /// The travel that moves the value by one step; nil without a step.
    public var stepTravel: Double? {
        let span = abs(maximumValue - minimumValue)
        guard let step, span > 0 else { return nil }
        return step / span * lapLength
    }

    /// `t` moved to the nearest travel on the step grid within handle `i`'s bounds (`t` if
    /// no grid point lies within them, e.g. two handles closer than a step).
    func onStepGrid(_ t: Double, handle i: Int) -> Double {
        guard let step, maximumValue != minimumValue else { return t }
        let span = abs(maximumValue - minimumValue)
        let rev = revolutions(atTravel: t)
        let lapStart = countsRevolutions ? 360 * Double(rev) : 0
        let along = fraction(atTravel: t) * span          // value units from minimumValue
        let nearest = (along / step).rounded()
        let b = bounds(ofHandle: i)
        var best: Double?
        for k in [nearest, nearest - 1, nearest + 1] {
            let f = Swift.min(1, Swift.max(0, k * step / span))
            var c = lapStart + f * lapLength
            // Keep the lap: 0 % of lap k > 0 is travel 360k + ε (360k is 100 % of lap k − 1),
            // and 100 % of a lap below 0 is 360(k + 1) − ε (see `revolutions(atTravel:)`).
            if countsRevolutions && f == 0 && rev > 0 { c += 1e-9 }
            if countsRevolutions && f == 1 && rev < 0 { c -= 1e-9 }
            guard b.contains(c) else { continue }
            if best == nil || abs(c - t) < abs(best! - t) { best = c }
        }
        return best ?? t
    }

    /// After `step` changed: every handle back on the grid.
    mutating func resnap() {
        for i in travel.indices { travel[i] = onStepGrid(travel[i], handle: i) }
    }
}
