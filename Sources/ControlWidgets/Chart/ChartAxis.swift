#if canImport(Glibc)
import Glibc
#endif
import Formatting

/// Where a chart's axis labels go, so that they never overlap and never repeat a text (both
/// were seen on the wall panel: five value labels of "21" for a range of 20.6…21.4 written
/// with "%.0f", and time labels run together on a narrow chart). Pure: sizes come in through
/// `measure`, the view draws what comes out.
public enum ChartAxis {
    public struct Tick: Equatable, Sendable {
        /// The value (value axis) or the fraction of the width from the left (time axis).
        public var at: Double
        public var text: String
    }

    /// Value labels at round steps (1, 2, 2.5 or 5 × 10ⁿ) inside `lo…hi`, as many as fit one
    /// above another in `height` with `lineHeight` each and a gap of half a line (at most 6),
    /// and a larger step until no two neighbours read the same. `format` nil: as many
    /// decimals as the step needs.
    public static func valueTicks(lo: Double, hi: Double, height: Double, lineHeight: Double,
                                  format: ValueFormat?, locale: NumberLocale = .standard) -> [Tick] {
        guard hi > lo, lo.isFinite, hi.isFinite, height > 0, lineHeight > 0 else { return [] }
        let room = Swift.max(1, Swift.min(6, Int(height / (lineHeight * 1.5)) + 1))
        var step = niceStep((hi - lo) / Double(Swift.max(1, room - 1)))
        for _ in 0..<40 {
            let first = (lo / step).rounded(.up), last = (hi / step).rounded(.down)
            let decimals = Swift.max(0, Swift.min(6, Int((-log10(step)).rounded(.up)) + (isQuarterStep(step) ? 1 : 0)))
            let write = format ?? ValueFormat(decimals: decimals)
            // No round value inside the range: its middle, once.
            guard last >= first else { let mid = (lo + hi) / 2; return [Tick(at: mid, text: write.string(mid))] }
            let values = stride(from: first, through: last, by: 1).map { $0 * step }
            let ticks = values.map { Tick(at: $0 == 0 ? 0 : $0, text: write.string($0)) }
            // Spaced by at least a line and a half on screen, and no text twice.
            let spacing = height * step / (hi - lo)
            if values.count <= room, spacing >= lineHeight * 1.5 || values.count == 1, Set(ticks.map(\.text)).count == ticks.count {
                return ticks
            }
            step = niceStep(step * 1.01)
        }
        return []
    }

    /// Time labels at equal shares of `window` (from `-window` at the left to "now"): the
    /// most of 6, 4, 3, 2 or 1 intervals whose labels, each `measure`d and a `gap` apart, fit
    /// `width` side by side (the first left-aligned, the last right-aligned, others centred),
    /// with no text twice.
    public static func timeTicks(window: Double, width: Double, gap: Double, measure: (String) -> Double) -> [Tick] {
        for n in [6, 4, 3, 2, 1] {
            let ticks = (0...n).map { i -> Tick in
                let age = window * Double(n - i) / Double(n)
                return Tick(at: Double(i) / Double(n), text: i == n ? "now" : "-" + ChartView.duration(age))
            }
            guard Set(ticks.map(\.text)).count == ticks.count else { continue }
            if fits(ticks, width: width, gap: gap, measure: measure) { return ticks }
        }
        return [Tick(at: 1, text: "now")]
    }

    /// The extents the labels take when placed as the view places them: [left, right] each.
    public static func extents(_ ticks: [Tick], width: Double, measure: (String) -> Double) -> [(Double, Double)] {
        ticks.enumerated().map { i, t in
            let w = measure(t.text), x = t.at * width
            if i == 0 && ticks.count > 1 { return (x, x + w) }
            if i == ticks.count - 1 { return (x - w, x) }
            return (x - w / 2, x + w / 2)
        }
    }

    static func fits(_ ticks: [Tick], width: Double, gap: Double, measure: (String) -> Double) -> Bool {
        let e = extents(ticks, width: width, measure: measure)
        return zip(e, e.dropFirst()).allSatisfy { $0.1 + gap <= $1.0 } && (e.first?.0 ?? 0) >= 0 && (e.last?.1 ?? 0) <= width + 0.5
    }

    /// The smallest of 1, 2, 2.5, 5 × 10ⁿ at least `raw`.
    static func niceStep(_ raw: Double) -> Double {
        guard raw > 0, raw.isFinite else { return 1 }
        let magnitude = pow(10, (log10(raw)).rounded(.down))
        for m in [1.0, 2, 2.5, 5, 10] where m * magnitude >= raw * (1 - 1e-9) { return m * magnitude }
        return 10 * magnitude
    }

    /// 2.5 × 10ⁿ needs one decimal more than its magnitude (0.25, 2.5).
    static func isQuarterStep(_ step: Double) -> Bool {
        let m = step / pow(10, (log10(step)).rounded(.down))
        return abs(m - 2.5) < 1e-6
    }
}
