/// A printf-style format for one number, e.g. `"%.1f °C"`, `"%d %%"`, `"%+.0f dB"`, parsed
/// once and applied in pure Swift. User strings never reach C's printf (a `%s` or `%n` in a
/// layout file must not read or write memory), so this is a small, safe subset:
///
///     text  %[flags][width][.precision]conversion  text
///
/// - at most one conversion (none: the text is shown as it is): `d` or `i` (the value rounded to the nearest whole number),
///   `f` or `F` (fixed point, `precision` decimals, default 6, as printf);
/// - flags: `+` (always a sign), ` ` (a space where a plus sign would go), `0` (pad with zeros),
///   `-` (pad on the right);
/// - width 0…20 and precision 0…6 (values are bounded by ±1e9, so 6 decimals are exact);
/// - `%%` is a literal percent sign; any other text (UTF-8, `°`, units) is copied as it is.
///
/// Differences from C, for a reader: a value that rounds to zero never shows a minus sign
/// ("-0.0" on a thermostat reads as a fault); a negative number is written with U+2212 MINUS
/// SIGN ("−10", as typeset, the width of "+"), not a hyphen; and `locale` chooses the decimal
/// separator ("21,5 °C"). The text is for display only: protocol JSON carries numbers.
public struct ValueFormat: Sendable, Equatable {
    public enum Conversion: Sendable, Equatable { case integer, fixed }

    public var prefix: String
    public var suffix: String
    public var conversion: Conversion
    public var precision: Int
    public var width: Int
    public var plusSign: Bool
    public var spaceSign: Bool
    public var zeroPad: Bool
    public var leftAlign: Bool
    /// False for a format that is only text ("vol"): the value is not shown.
    public var hasConversion = true
    /// The decimal separator's locale (a panel's or widget's `locale`).
    public var locale = NumberLocale.standard

    /// U+2212 MINUS SIGN: what a negative number starts with on screen.
    public static let minusSign = "\u{2212}"

    public static let maxWidth = 20
    public static let maxPrecision = 6

    /// A fixed-point format with `decimals` decimals and an optional unit after a space.
    public init(decimals: Int, unit: String = "") {
        prefix = ""; suffix = unit.isEmpty ? "" : " " + unit
        conversion = decimals == 0 ? .integer : .fixed
        precision = Swift.min(Swift.max(decimals, 0), Self.maxPrecision)
        width = 0; plusSign = false; spaceSign = false; zeroPad = false; leftAlign = false
    }

    /// Parses `text`; the error says what is wrong in words a panel author understands.
    public init(parsing text: String) throws(ValueFormatError) {
        self.init(decimals: 0)
        let chars = Array(text.unicodeScalars)
        var i = 0
        var literal = String.UnicodeScalarView()
        var found = false
        while i < chars.count {
            let c = chars[i]
            guard c == "%" else { literal.append(c); i += 1; continue }
            i += 1
            guard i < chars.count else { throw ValueFormatError("'%' at the end; write '%%' for a percent sign") }
            if chars[i] == "%" { literal.append("%"); i += 1; continue }
            guard !found else { throw ValueFormatError("more than one conversion; a value format shows one number (write '%%' for a percent sign)") }
            found = true
            prefix = String(literal); literal = String.UnicodeScalarView()
            while i < chars.count, "+ 0-".unicodeScalars.contains(chars[i]) {
                switch chars[i] {
                case "+": plusSign = true
                case " ": spaceSign = true
                case "0": zeroPad = true
                default: leftAlign = true
                }
                i += 1
            }
            width = try Self.number(chars, &i, limit: Self.maxWidth, what: "width")
            var givenPrecision: Int?
            if i < chars.count, chars[i] == "." {
                i += 1
                givenPrecision = try Self.number(chars, &i, limit: Self.maxPrecision, what: "precision")
            }
            guard i < chars.count else { throw ValueFormatError("the conversion is not finished; expected d, i or f after '%'") }
            switch chars[i] {
            case "d", "i":
                conversion = .integer
                if givenPrecision != nil { throw ValueFormatError("'%d' takes no precision; use '%.Nf' for decimals") }
                precision = 0
            case "f", "F":
                conversion = .fixed
                precision = givenPrecision ?? 6
            default:
                throw ValueFormatError("unsupported conversion '%\(Character(chars[i]))'; use d, i or f (e.g. \"%.1f °C\")")
            }
            i += 1
        }
        if found { suffix = String(literal) } else { prefix = String(literal); hasConversion = false }
    }

    private static func number(_ chars: [Unicode.Scalar], _ i: inout Int, limit: Int, what: String) throws(ValueFormatError) -> Int {
        var n = 0
        while i < chars.count, chars[i].value >= 48, chars[i].value <= 57 {
            n = n * 10 + Int(chars[i].value - 48)
            if n > limit { throw ValueFormatError("\(what) is larger than \(limit)") }
            i += 1
        }
        return n
    }

    /// The text for `value`. Non-finite values (which never reach widgets) print as "–".
    public func string(_ value: Double) -> String {
        guard hasConversion else { return prefix }
        guard value.isFinite else { return prefix + "–" + suffix }
        let decimals = conversion == .integer ? 0 : precision
        var digits = Self.fixedDigits(abs(value), decimals: decimals)
        let isZero = !digits.contains { $0 != "0" && $0 != "." }
        if locale.decimalSeparator != "." { digits = String(digits.map { $0 == "." ? locale.decimalSeparator : $0 }) }
        let sign = value < 0 && !isZero ? Self.minusSign : (plusSign ? "+" : (spaceSign ? " " : ""))
        let length = sign.count + digits.count
        if length < width {
            let pad = width - length
            if leftAlign {
                digits += String(repeating: " ", count: pad)
            } else if zeroPad {
                digits = String(repeating: "0", count: pad) + digits
            } else {
                return prefix + String(repeating: " ", count: pad) + sign + digits + suffix
            }
        }
        return prefix + sign + digits + suffix
    }

    /// This format, writing numbers for `locale`.
    public func localized(_ locale: NumberLocale) -> ValueFormat {
        var f = self
        f.locale = locale
        return f
    }

    /// The same number without the text around it and without padding (tick labels).
    public var numberOnly: ValueFormat {
        var f = self
        f.prefix = ""; f.suffix = ""; f.width = 0
        return f
    }

    /// The slider's spelling: nil when the pattern is not accepted (the checker says why).
    public init?(_ pattern: String) {
        guard let parsed = try? ValueFormat(parsing: pattern) else { return nil }
        self = parsed
    }

    /// The slider's spelling of `string(_:)`.
    public func string(for value: Double) -> String { string(value) }

    /// `magnitude` (≥ 0) with exactly `decimals` decimals, rounded half away from zero.
    static func fixedDigits(_ magnitude: Double, decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (magnitude * scale).rounded(.toNearestOrAwayFromZero)
        // Beyond 2^53 a Double has no fractional digits left to show; keep Swift's digits.
        guard scaled < 9.0e15 else { return String(magnitude.rounded()) }
        let whole = String(UInt64(scaled))
        guard decimals > 0 else { return whole }
        let padded = whole.count <= decimals ? String(repeating: "0", count: decimals + 1 - whole.count) + whole : whole
        let cut = padded.index(padded.endIndex, offsetBy: -decimals)
        return String(padded[..<cut]) + "." + String(padded[cut...])
    }

    /// Decimals that show every multiple of `step` exactly (0.5 → 1, 0.25 → 2, 5 → 0), at most 6.
    public static func decimals(forStep step: Double) -> Int {
        var scaled = abs(step)
        guard scaled > 0, scaled.isFinite else { return 0 }
        for d in 0...6 {
            if abs(scaled - scaled.rounded()) < 1e-9 * Swift.max(1, scaled) { return d }
            scaled *= 10
        }
        return 6
    }

    /// Decimals for a range without a step: about three significant digits over its span
    /// (0…100 → 0, 0…10 → 1, 0…1 → 2).
    public static func decimals(forSpan span: Double) -> Int {
        let s = abs(span)
        if !(s > 0) || !s.isFinite { return 0 }
        if s >= 100 { return 0 }
        if s >= 10 { return 1 }
        if s >= 1 { return 2 }
        return 3
    }
}

public struct ValueFormatError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ message: String) { description = message }
}
