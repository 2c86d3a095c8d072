/// Numbers in value units that must lie in the widget's range: a fader's or knob's `origin`
/// and `value` inside `range`, a slider's `origin` inside minimumValue…maximumValue. The error
/// points at the number and names the range, as the start-and-reset checks do.
extension WidgetConstraint {
    /// `keys` inside the range `ends` reads from the members (nil: no range to check against).
    package static func inside(_ keys: [String], what: String,
                               ends: @escaping @Sendable ([String: JSONMember]) -> (lo: Double, hi: Double)?) -> WidgetConstraint {
        WidgetConstraint { m in
            guard let (lo, hi) = ends(m) else { return [] }
            let low = Swift.min(lo, hi), high = Swift.max(lo, hi)
            return keys.compactMap { key in
                guard let node = m[key]?.value, let n = node.numberValue, n < low || n > high else { return nil }
                return (node.location, "'\(key)' \(LayoutValue.formatNumber(n)) is outside \(what) [\(LayoutValue.formatNumber(low)), \(LayoutValue.formatNumber(high))]")
            }
        }
    }

    /// The ends of a `range: [lo, hi]` member, else `fallback` (a fader's default 0…100).
    package static func rangeEnds(_ m: [String: JSONMember], fallback: (lo: Double, hi: Double)?) -> (lo: Double, hi: Double)? {
        guard let ends = m["range"]?.value.arrayValue?.compactMap(\.numberValue) else { return fallback }
        return ends.count == 2 ? (ends[0], ends[1]) : nil
    }
}
