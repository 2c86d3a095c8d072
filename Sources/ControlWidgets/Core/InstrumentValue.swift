import PanelLayout

/// The reading of a read-only instrument (meter, gauge): a value on a range [lo, hi], always
/// inside it, its level (the fraction of the way from `lo` to `hi`), and how it is written
/// (the readout, the published value). A `set` outside the range is clamped to its end and the
/// clamped value is what the event, `get`, the state topic and the readout carry.
public struct InstrumentValue: Sendable, Equatable {
    public let lo: Double
    public let hi: Double
    public private(set) var value: Double
    public var format: ValueFormat
    /// Shown after the readout's number and sent to Home Assistant as its unit; "" for none.
    public var unit: String

    public init(lo: Double, hi: Double, value: Double? = nil, format: ValueFormat? = nil, unit: String = "") {
        self.lo = lo; self.hi = hi; self.unit = unit
        self.format = format ?? ValueFormat(decimals: ValueFormat.decimals(forSpan: hi - lo))
        self.value = lo
        self.value = clamped(value ?? lo)
    }

    /// `v` moved into the range (either way round).
    public func clamped(_ v: Double) -> Double {
        Swift.min(Swift.max(v, Swift.min(lo, hi)), Swift.max(lo, hi))
    }

    /// Sets the value, clamped; true when what is shown changed.
    @discardableResult
    public mutating func set(_ v: Double) -> Bool {
        let next = clamped(v)
        guard next != value else { return false }
        value = next
        return true
    }

    /// The fraction of the way from `lo` to `hi` of `v` (clamped): 0…1.
    public func level(of v: Double) -> Double {
        hi == lo ? 0 : Swift.min(Swift.max((v - lo) / (hi - lo), 0), 1)
    }

    public var level: Double { level(of: value) }

    /// Published values carry the readout's precision ("values leave on the grid").
    public var rounding: ValueRounding { ValueRounding(decimals: format.decimals, bounds: Swift.min(lo, hi)...Swift.max(lo, hi)) }

    public var publishedValue: Double { rounding.rounded(value) }

    /// What the readout shows: the format's text, then the unit after a thin space.
    public var readout: String { readout(of: value) }

    public func readout(of v: Double) -> String {
        let text = format.string(v)
        return unit.isEmpty ? text : text + "\u{2009}" + unit
    }

    /// The range, value, format and unit a meter's or gauge's spec gives; the range
    /// defaults to [0, 100].
    public init(_ spec: WidgetSpec) {
        let r = spec.numbers("range") ?? [0, 100]
        let (lo, hi) = r.count == 2 && r[0] != r[1] ? (r[0], r[1]) : (0, 100)
        self.init(lo: lo, hi: hi, value: spec.number("value"),
                  format: spec.string("valueFormat").flatMap { try? ValueFormat(parsing: $0) },
                  unit: spec.string("unit") ?? "")
    }

    /// The layout keys every instrument shares (a meter and a gauge), in schema order.
    public static func properties(valueDefault showValue: Bool) -> [PropertyRule] { [
        PropertyRule("range", .distinctPair, default: .array([.number(0), .number(100)]),
                     doc: "[lo, hi]: the values shown, lo at the start of the scale; values set outside it are clamped to its ends."),
        PropertyRule("value", .rangeEnd, doc: "The value shown at start, in range units (clamped to the range). Default: lo."),
        PropertyRule("zones", ValueZones.rule,
                     doc: "Coloured bands of the range, from lo: [{\"to\": 70, \"color\": \"#34c759\"}, {\"to\": 90, \"color\": \"#ffcc00\"}, {\"color\": \"#ff3b30\"}]; each ends at its `to` (value units), the last may leave it out (to hi)."),
        PropertyRule("showValue", .bool, default: .bool(showValue), doc: "Show the value as a number (the readout)."),
        PropertyRule("valueFormat", .string(nonEmpty: true, maxLength: 64),
                     doc: "printf-style format of the readout and published value (\"%.1f\"), as a knob's. Default: about three significant digits of the range."),
        PropertyRule("unit", .string(nonEmpty: false, maxLength: 16),
                     doc: "The value's unit, written after the readout and sent to Home Assistant as unit_of_measurement (\"dB\", \"°C\", \"rpm\")."),
    ] }

    /// Cross-checks every instrument shares: its format, its zones against its range.
    public static var constraints: [WidgetConstraint] { [.valueFormat(), ValueZones.constraint(defaultRange: (0, 100))] }
}
