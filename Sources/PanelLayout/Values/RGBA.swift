/// A colour with components in 0...1 (not premultiplied).
public struct RGBA: Sendable, Equatable, Hashable, CustomStringConvertible {
    public var r: Double
    public var g: Double
    public var b: Double
    public var a: Double

    public init(r: Double, g: Double, b: Double, a: Double = 1) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// Parses `#rrggbb` or `#rrggbbaa` (hex digits in either case). Anything else is nil.
    public init?(hex: String) {
        let scalars = Array(hex.unicodeScalars)
        guard scalars.first == "#", scalars.count == 7 || scalars.count == 9 else { return nil }
        var bytes: [Double] = []
        var i = 1
        while i < scalars.count {
            guard let high = RGBA.hexDigit(scalars[i]), let low = RGBA.hexDigit(scalars[i + 1]) else { return nil }
            bytes.append(Double(high * 16 + low) / 255)
            i += 2
        }
        self.init(r: bytes[0], g: bytes[1], b: bytes[2], a: bytes.count == 4 ? bytes[3] : 1)
    }

    private static func hexDigit(_ s: Unicode.Scalar) -> UInt32? {
        switch s {
        case "0"..."9": return s.value - 48
        case "a"..."f": return s.value - 87
        case "A"..."F": return s.value - 55
        default: return nil
        }
    }

    /// `#rrggbb`, or `#rrggbbaa` when not opaque (lower case).
    public var hexString: String {
        func byte(_ v: Double) -> String {
            let n = Int((min(max(v, 0), 1) * 255).rounded())
            let s = String(n, radix: 16)
            return n < 16 ? "0" + s : s
        }
        return "#" + byte(r) + byte(g) + byte(b) + (a < 1 ? byte(a) : "")
    }

    public var description: String { hexString }
}
