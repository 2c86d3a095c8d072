import Graphics
import PanelLayout

/// Coloured bands of a read-only instrument's range (a meter's green / amber / red, a gauge's
/// red line), as its layout file writes them:
///
///     "zones": [{"to": 70, "color": "#34c759"}, {"to": 90, "color": "#ffcc00"}, {"color": "#ff3b30"}]
///
/// The first zone starts at the range's `lo`; each zone ends at its `to` (value units) where
/// the next one starts; the last zone may leave `to` out and then runs to `hi`. Ends go from
/// `lo` towards `hi` (down, for a range written [hi, lo]); a value past the last `to` has no zone.
public struct ValueZones: Sendable, Equatable {
    public struct Zone: Sendable, Equatable {
        /// Where the zone ends, as a fraction of the range from `lo` (0) to `hi` (1).
        public var end: Double
        public var color: Color
        public init(end: Double, color: Color) { self.end = end; self.color = color }
    }

    /// In order from `lo`; each `end` is above the one before.
    public var zones: [Zone]

    public init(_ zones: [Zone] = []) { self.zones = zones }

    /// Zones read from a validated layout value (an array of `{to, color}`) on range [lo, hi].
    public init(_ value: LayoutValue?, lo: Double, hi: Double) {
        let span = hi - lo
        zones = (value?.arrayValue ?? []).compactMap { z in
            guard let hex = z["color"]?.stringValue, let rgba = RGBA(hex: hex) else { return nil }
            let end = z["to"]?.numberValue.map { span == 0 ? 1 : ($0 - lo) / span } ?? 1
            return Zone(end: Swift.min(Swift.max(end, 0), 1), color: Color(rgba))
        }
    }

    public var isEmpty: Bool { zones.isEmpty }

    /// The zone a level (fraction of the range, 0…1) falls in: the first whose end it does not
    /// pass, so a zone's own end belongs to it (70 is green with green `to: 70`); nil past the last.
    public func zone(atLevel level: Double) -> Zone? {
        zones.first { level <= $0.end + 1e-12 }
    }

    /// Each zone as the band of levels it covers, [start, end], in order; empty bands left out.
    public var bands: [(start: Double, end: Double, color: Color)] {
        var start = 0.0
        var out: [(start: Double, end: Double, color: Color)] = []
        for z in zones {
            if z.end > start { out.append((start, z.end, z.color)) }
            start = Swift.max(start, z.end)
        }
        return out
    }

    /// The layout rule of `zones`: 1…16 objects of `to` (value units) and `color` (required).
    public static let rule = ValueRule.array(of: .object(ObjectSchema(name: "zone", properties: [
        PropertyRule("to", .rangeEnd, doc: "Where the zone ends, in value units (the next zone starts there); the last zone may leave it out and runs to the range's end."),
        PropertyRule("color", .color, required: true, doc: "The zone's colour."),
    ])), minCount: 1, maxCount: 16)

    /// The ends must lie inside the range and go from `lo` towards `hi`, and only the last
    /// zone may leave out `to`: each error at the value that breaks the rule.
    public static func constraint(defaultRange: (Double, Double)) -> WidgetConstraint {
        WidgetConstraint { members in
            guard let list = members["zones"]?.value.arrayValue else { return [] }
            var lo = defaultRange.0, hi = defaultRange.1
            if let r = members["range"]?.value.arrayValue, r.count == 2, let a = r[0].numberValue, let b = r[1].numberValue, a != b { lo = a; hi = b }
            let up = hi > lo
            var previous = lo
            var problems: [(SourceLocation, String)] = []
            for (i, zone) in list.enumerated() {
                guard zone.objectValue != nil else { continue }
                guard let toNode = zone.member("to") else {
                    if i < list.count - 1 { problems.append((zone.location, "'zones[\(i)]': only the last zone may leave out 'to' (zone \(i + 1) of \(list.count) needs its end)")) }
                    continue
                }
                guard let to = toNode.value.numberValue else { continue }
                if up ? (to < lo || to > hi) : (to > lo || to < hi) {
                    problems.append((toNode.value.location, "'zones[\(i)].to': \(ValueZones.number(to)) is outside the range [\(ValueZones.number(lo)), \(ValueZones.number(hi))]"))
                } else if up ? to <= previous : to >= previous {
                    let what = i == 0 ? "the range's start \(ValueZones.number(lo))" : "the end of the zone before, \(ValueZones.number(previous))"
                    problems.append((toNode.value.location, "'zones[\(i)].to': \(ValueZones.number(to)) must be \(up ? "above" : "below") \(what)"))
                }
                previous = to
            }
            return problems
        }
    }

    fileprivate static func number(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
}
