/// Cross-checks of a widget's starting value, step and double-tap reset: numbers in value
/// units must lie in the widget's range (a reset written in degrees on a dB knob is the
/// mistake these catch), and a reset is refused where a double tap cannot happen.
extension WidgetConstraint {
    /// "[lo, hi]" of a knob's `range`, or of a slider's minimumValue…maximumValue.
    private static func span(_ lo: Double, _ hi: Double) -> String {
        "[\(LayoutValue.formatNumber(Swift.min(lo, hi))), \(LayoutValue.formatNumber(Swift.max(lo, hi)))]"
    }

    private static func outside(_ key: String, _ node: JSONNode, lo: Double, hi: Double, what: String) -> (SourceLocation, String)? {
        guard let n = node.numberValue, n < Swift.min(lo, hi) || n > Swift.max(lo, hi) else { return nil }
        return (node.location, "'\(key)' \(LayoutValue.formatNumber(n)) is outside \(what) \(span(lo, hi))")
    }

    /// Knob: `value` xor `position`; `value` and `resetOnDoubleTap` inside `range`; no reset
    /// on a rotary dial (no double tap) nor with the tap gesture (each tap turns the knob).
    package static let knobStartAndReset = WidgetConstraint { m in
        var out: [(SourceLocation, String)] = []
        let ends = m["range"]?.value.arrayValue?.compactMap(\.numberValue)
        let range = ends?.count == 2 ? (lo: ends![0], hi: ends![1]) : nil
        if let value = m["value"], let position = m["position"] {
            let later = value.keyLocation > position.keyLocation ? value : position
            out.append((later.keyLocation, "'value' and 'position' both give the starting point; give one ('value' in range units, 'position' in degrees)"))
        }
        if let value = m["value"]?.value, let range, let problem = outside("value", value, lo: range.lo, hi: range.hi, what: "the range") {
            out.append(problem)
        }
        if let reset = m["resetOnDoubleTap"] {
            if m["mode"]?.value.stringValue == "rotaryDial" {
                out.append((reset.keyLocation, "'resetOnDoubleTap' is not available in mode 'rotaryDial' (a dial has no double tap)"))
            } else if m["gesture"]?.value.stringValue == "tap" {
                out.append((reset.keyLocation, "'resetOnDoubleTap' is not available with 'gesture': 'tap' (each tap turns the knob)"))
            }
            if let range {
                if let problem = outside("resetOnDoubleTap", reset.value, lo: range.lo, hi: range.hi, what: "the range (a knob with a range resets to a value)") {
                    out.append(problem)
                }
            } else if let problem = outside("resetOnDoubleTap", reset.value, lo: -1_000_000, hi: 1_000_000, what: "the positions in degrees") {
                out.append(problem)
            }
        }
        return out
    }

    /// Slider and range slider: a step no larger than the range; reset values inside it.
    package static let sliderStepAndReset = WidgetConstraint { m in
        var out: [(SourceLocation, String)] = []
        let lo = m["minimumValue"]?.value.numberValue ?? 0, hi = m["maximumValue"]?.value.numberValue ?? 100
        guard lo != hi else { return [] }
        if let step = m["step"]?.value, let n = step.numberValue, n > abs(hi - lo) {
            out.append((step.location, "'step' \(LayoutValue.formatNumber(n)) is larger than the range \(span(lo, hi))"))
        }
        if let reset = m["resetOnDoubleTap"]?.value {
            for node in reset.arrayValue ?? [reset] {
                if let problem = outside("resetOnDoubleTap", node, lo: lo, hi: hi, what: "minimumValue…maximumValue") { out.append(problem) }
            }
        }
        return out
    }
}
