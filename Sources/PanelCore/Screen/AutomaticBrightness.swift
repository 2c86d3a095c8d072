import PanelLayout
import PanelSystem

/// `screen.brightness` as a pure model: the schedule's level at a time of day, the ambient
/// sensor's curve, and the smoothing and hysteresis that keep the backlight from flickering.
///
/// The curve (docs/layout.md): the eye judges brightness by ratios, so the level follows the
/// logarithm of the illuminance: `f = (log10 lux − log10 darkLux) / (log10 brightLux −
/// log10 darkLux)`, clamped to 0 … 1, and `level = min + (max − min) · f`.
/// Readings are smoothed in that log space (each new reading moves the smoothed value half
/// way: a step settles within 1/64 after six readings, 30 s at one reading per 5 s), and the
/// level in use changes only when the curve's level differs from it by `hysteresis` or more,
/// or reaches `min` or `max` (so a lamp switched on moves it once, a passing shadow does not).
package struct AutomaticBrightness {
    package var spec: BrightnessSpec?
    /// The smoothed log10 lux (nil: no reading yet).
    package private(set) var smoothedLog: Double?
    /// The ambient level in use (nil: no reading yet).
    package private(set) var ambientLevel: Double?

    package static let smoothing = 0.5
    package static let hysteresis = 0.05

    package init(spec: BrightnessSpec? = nil) { self.spec = spec }

    /// A new spec (a reload): readings are kept when there still is a sensor.
    package mutating func update(spec newSpec: BrightnessSpec?) {
        if newSpec?.ambient == nil || newSpec?.ambient != spec?.ambient { smoothedLog = nil; ambientLevel = nil }
        spec = newSpec
    }

    /// The curve's level for `lux` (no smoothing).
    package static func curve(lux: Double, _ a: BrightnessSpec.AmbientSpec, min: Double, max: Double) -> Double {
        curve(log: decimalLogarithm(Swift.max(lux, 1e-3)), a, min: min, max: max)
    }

    static func curve(log l: Double, _ a: BrightnessSpec.AmbientSpec, min: Double, max: Double) -> Double {
        let lo = decimalLogarithm(a.darkLux), hi = decimalLogarithm(a.brightLux)
        let f = Swift.min(Swift.max((l - lo) / (hi - lo), 0), 1)
        return min + (max - min) * f
    }

    /// A sensor reading (lux, finite, at least 0): true when the ambient level in use changed.
    package mutating func reading(lux: Double) -> Bool {
        guard let spec, let a = spec.ambient, lux.isFinite else { return false }
        let l = decimalLogarithm(Swift.max(lux, 1e-3))
        let s = smoothedLog.map { $0 + Self.smoothing * (l - $0) } ?? l
        smoothedLog = s
        let target = Self.curve(log: s, a, min: spec.min, max: spec.max)
        guard let current = ambientLevel else { ambientLevel = target; return true }
        let atEnd = (abs(target - spec.min) < 1e-9 || abs(target - spec.max) < 1e-9) && abs(target - current) > 1e-9
        guard abs(target - current) >= Self.hysteresis || atEnd else { return false }
        ambientLevel = target
        return true
    }

    /// The schedule's level at `secondsOfDay` (nil: no schedule).
    package func scheduled(at secondsOfDay: Double) -> Double? {
        guard let list = spec?.schedule, let last = list.last else { return nil }
        return list.last(where: { $0.from <= secondsOfDay })?.level ?? last.level
    }

    /// Seconds from `secondsOfDay` until the schedule's next entry begins (nil: no schedule).
    package func secondsUntilNextEntry(from secondsOfDay: Double) -> Double? {
        guard let list = spec?.schedule, let first = list.first else { return nil }
        if let next = list.first(where: { $0.from > secondsOfDay + 1e-6 }) { return next.from - secondsOfDay }
        return first.from + 86_400 - secondsOfDay
    }

    /// The on-level now: the lower of the schedule's and the sensor's, within min … max;
    /// 1 without `screen.brightness` (and the schedule's alone until the first reading).
    package func level(at secondsOfDay: Double) -> Double {
        guard let spec else { return 1 }
        let parts = [scheduled(at: secondsOfDay), ambientLevel].compactMap { $0 }
        guard let lowest = parts.min() else { return spec.max }
        return Swift.min(Swift.max(lowest, spec.min), spec.max)
    }
}
