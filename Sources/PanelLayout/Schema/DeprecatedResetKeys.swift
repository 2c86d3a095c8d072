/// The double-tap keys that `resetOnDoubleTap` replaced (issue 23 item 4): a knob's
/// `defaultPosition` (degrees) and a slider's or range slider's `defaultValue`. They stay
/// accepted so that a layout written before the change still checks and loads after an
/// upgrade: a file that set one asked for a reset, so it keeps its old reset target, and
/// `check` warns at the key with what to write instead. Giving both keys is an error.
extension PropertyRule {
    package static let deprecatedDefaultPosition = PropertyRule(
        "defaultPosition", .angle, deprecated: true,
        doc: "Deprecated: use resetOnDoubleTap. A double tap returns the knob to this position in degrees (also on a knob with a range). Default: none (a double tap does nothing).")

    package static let deprecatedDefaultValue = PropertyRule(
        "defaultValue", .sliderNumber, deprecated: true,
        doc: "Deprecated: use resetOnDoubleTap. A double tap sets this value (a rangeSlider's first handle; the second stays). Default: none (a double tap is two taps).")
}

extension WidgetConstraint {
    /// The old key next to `resetOnDoubleTap`: two reset targets; the error is at the later key.
    package static func deprecatedResetConflict(_ old: String) -> WidgetConstraint {
        WidgetConstraint { m in
            guard let legacy = m[old], let reset = m["resetOnDoubleTap"] else { return [] }
            let later = legacy.keyLocation > reset.keyLocation ? legacy : reset
            return [(later.keyLocation, "'\(old)' and 'resetOnDoubleTap' both give the double-tap reset; give only 'resetOnDoubleTap' ('\(old)' is deprecated)")]
        }
    }

    /// The warning for a knob's `defaultPosition`, with the number to write: the same degrees
    /// without a range, else the value the knob reads at that position.
    package static let knobDeprecatedReset = WidgetConstraint { m in
        guard let legacy = m["defaultPosition"], let degrees = legacy.value.numberValue else { return [] }
        let head = "'defaultPosition' is deprecated"
        if m["mode"]?.value.stringValue == "rotaryDial" {
            return [(legacy.keyLocation, "\(head) and has no effect in mode 'rotaryDial' (a dial has no double tap): remove it")]
        }
        if m["gesture"]?.value.stringValue == "tap" {
            return [(legacy.keyLocation, "\(head) and has no effect with 'gesture': 'tap' (each tap turns the knob): remove it")]
        }
        let ends = m["range"]?.value.arrayValue?.compactMap(\.numberValue)
        guard let ends, ends.count == 2 else {
            return [(legacy.keyLocation, "\(head): use 'resetOnDoubleTap' (\(LayoutValue.formatNumber(degrees)) here: in degrees, as the knob has no range)")]
        }
        let value = DeprecatedReset.knobValue(atDegrees: degrees, members: m, lo: ends[0], hi: ends[1])
        return [(legacy.keyLocation, "\(head): use 'resetOnDoubleTap' (\(DeprecatedReset.shown(value)) here: in range units, the value at \(LayoutValue.formatNumber(degrees))°)")]
    }

    /// The warning for a slider's or range slider's `defaultValue`.
    package static func sliderDeprecatedReset(range: Bool) -> WidgetConstraint {
        WidgetConstraint { m in
            guard let legacy = m["defaultValue"], let v = legacy.value.numberValue else { return [] }
            let shown = LayoutValue.formatNumber(v)
            let advice = range ? "[\(shown), second]: it sets both handles; 'defaultValue' set only the first" : shown
            return [(legacy.keyLocation, "'defaultValue' is deprecated: use 'resetOnDoubleTap' (\(advice))")]
        }
    }
}

/// The arithmetic behind the knob's warning.
enum DeprecatedReset {
    /// The value a knob with range [lo, hi] reads at `degrees`, as KnobModel+Value maps it:
    /// a circular knob's travel is one turn from 6 o'clock (-180°) round to it again (180°),
    /// an open knob's is min…max (file order decides, at most a full turn apart: the later
    /// key wins, as KnobModel applies them); a position outside the travel reads as its end.
    static func knobValue(atDegrees degrees: Double, members m: [String: JSONMember], lo: Double, hi: Double) -> Double {
        var start = -180.0, end = 180.0
        var angle = degrees
        if m["circular"]?.value.boolValue ?? true {
            angle = degrees - 360 * ((degrees + 180) / 360).rounded(.down)
            if angle == -180 { angle = 180 }   // (-180, 180]: 6 o'clock reads as hi, like π
        } else {
            let keys = ["min", "max"].compactMap { k in m[k].map { (k, $0) } }.sorted { $0.1.keyLocation < $1.1.keyLocation }
            for (key, member) in keys {
                guard let n = member.value.numberValue else { continue }
                if key == "min" {
                    start = n
                    if end - start >= 360 { end = start + 360 }
                    if end < start { end = start }
                } else {
                    end = n
                    if end - start >= 360 { start = end - 360 }
                    if end < start { start = end }
                }
            }
        }
        let fraction = end == start ? 0 : Swift.min(Swift.max((angle - start) / (end - start), 0), 1)
        return lo + fraction * (hi - lo)
    }

    /// At most six decimals, no trailing zeros (-40, 12.5, 33.333333).
    static func shown(_ v: Double) -> String {
        let r = (v * 1e6).rounded() / 1e6
        return LayoutValue.formatNumber(r == 0 ? 0 : r)
    }
}
