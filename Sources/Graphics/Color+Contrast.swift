#if canImport(Glibc)
import Glibc
#endif

/// WCAG 2 contrast (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio): text on a control must
/// reach 4.5:1 to be read at a glance, from a distance, by tired eyes.
extension Color {
    /// Relative luminance of the opaque colour (sRGB, alpha ignored), 0 (black) … 1 (white).
    public var relativeLuminance: Double {
        func linear(_ c: Double) -> Double {
            let v = Swift.min(1, Swift.max(0, c))
            return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// (L1 + 0.05) / (L2 + 0.05) with L1 the lighter: 1 (same) … 21 (black on white).
    public func contrastRatio(with other: Color) -> Double {
        let a = relativeLuminance, b = other.relativeLuminance
        return (Swift.max(a, b) + 0.05) / (Swift.min(a, b) + 0.05)
    }

    /// The ink that reads best on this colour: `preferred` when it already reaches `minimum`,
    /// else whichever of a near-white and a near-black gives more contrast.
    public func readableInk(preferred: Color? = nil, minimum: Double = 4.5) -> Color {
        if let preferred, preferred.contrastRatio(with: self) >= minimum { return preferred }
        let light = Color.inkLight, dark = Color.inkDark
        return light.contrastRatio(with: self) >= dark.contrastRatio(with: self) ? light : dark
    }

    /// Ink colours for text on filled controls (not pure white/black: a touch softer, ≥ 19:1
    /// with each other).
    public static let inkLight = Color(red: 0.98, green: 0.98, blue: 1.0)
    public static let inkDark = Color(red: 0.03, green: 0.035, blue: 0.045)
}
