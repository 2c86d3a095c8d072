/// A printf-style pattern for the number in the slider's centre (`"%.0f °C"`), parsed and
/// applied in Swift: user text never reaches C's printf. One conversion at most:
/// `%[flags][width][.precision]f` (or `d`/`i`, which round to a whole number), flags from
/// `-`, `+`, space and `0`; width ≤ 20, precision ≤ 6; `%%` is a percent sign.
public struct ValueFormat: Sendable, Equatable {
    public var prefix: String
    public var suffix: String
    public var conversion: Conversion?

    public struct Conversion: Sendable, Equatable {
        public var leftAlign = false, plus = false, space = false, zeroPad = false
        public var width = 0
        public var precision = 6
        public var integer = false
    }

    public static let maximumWidth = 20, maximumPrecision = 6

    /// nil when the pattern is not one this formatter accepts (the layout checker gives the reason).
    public init?(_ pattern: String) {
        var prefix = "", suffix = "", conversion: Conversion?
        var chars = Array(pattern)[...]
        func literal(_ c: Character) { if conversion == nil { prefix.append(c) } else { suffix.append(c) } }
        while let c = chars.popFirst() {
            guard c == "%" else { literal(c); continue }
            if chars.first == "%" { chars.removeFirst(); literal("%"); continue }
            guard conversion == nil else { return nil }
            var conv = Conversion()
            while let f = chars.first, "-+ 0".contains(f) {
                switch f {
                case "-": conv.leftAlign = true
                case "+": conv.plus = true
                case " ": conv.space = true
                default: conv.zeroPad = true
                }
                chars.removeFirst()
            }
            var width = 0
            while let d = chars.first?.wholeNumberValue, chars.first!.isASCII {
                width = width * 10 + d; chars.removeFirst()
                guard width <= Self.maximumWidth else { return nil }
            }
            conv.width = width
            if chars.first == "." {
                chars.removeFirst()
                var p = 0
                while let d = chars.first?.wholeNumberValue, chars.first!.isASCII {
                    p = p * 10 + d; chars.removeFirst()
                    guard p <= Self.maximumPrecision else { return nil }
                }
                conv.precision = p
            }
            switch chars.popFirst() {
            case "f"?, "F"?: break
            case "d"?, "i"?: conv.integer = true; conv.precision = 0
            default: return nil
            }
            conversion = conv
        }
        self.prefix = prefix; self.suffix = suffix; self.conversion = conversion
    }

    public func string(for value: Double) -> String {
        guard let c = conversion else { return prefix + suffix }
        return prefix + Self.format(value, c) + suffix
    }

    static func format(_ value: Double, _ c: Conversion) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        // Values reach here bounded (±1e9 at the edge), so value × 10⁶ is an exact integer range.
        let clampedValue = Swift.min(1e12, Swift.max(-1e12, value))
        var scale = 1.0
        for _ in 0..<c.precision { scale *= 10 }
        let scaled = (abs(clampedValue) * scale).rounded()
        let negative = clampedValue < 0 && scaled != 0
        let whole = UInt64(scaled / scale)
        var digits = String(whole)
        if c.precision > 0 {
            let frac = UInt64(scaled - Double(whole) * scale)
            var f = String(frac)
            while f.count < c.precision { f = "0" + f }
            digits += "." + f
        }
        let sign = negative ? "-" : c.plus ? "+" : c.space ? " " : ""
        let pad = c.width - sign.count - digits.count
        guard pad > 0 else { return sign + digits }
        if c.leftAlign { return sign + digits + String(repeating: " ", count: pad) }
        if c.zeroPad { return sign + String(repeating: "0", count: pad) + digits }
        return String(repeating: " ", count: pad) + sign + digits
    }
}
