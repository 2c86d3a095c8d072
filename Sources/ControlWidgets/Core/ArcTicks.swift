import Graphics
#if canImport(Glibc)
import Glibc
#endif

/// Ticks and tick labels along an arc, the one drawing of a scale that a knob's track and a
/// gauge's dial share: major ticks at both ends and evenly between, minor ones between two
/// majors, the value written upright at each major.
public struct ArcTicks: Sendable, Equatable {
    /// Major ticks, both ends included (0: none, else at least 2).
    public var majors: Int
    /// Minor ticks between two major ones.
    public var minorsBetween: Int

    public init(majors: Int, minorsBetween: Int) { self.majors = majors; self.minorsBetween = minorsBetween }

    /// Each tick as a fraction of the sweep (0 at the start, 1 at the end) and whether it is major.
    public var marks: [(fraction: Double, major: Bool)] {
        guard majors >= 2 else { return [] }
        let perMajor = minorsBetween + 1
        let count = (majors - 1) * perMajor
        return (0...count).map { (Double($0) / Double(count), $0 % perMajor == 0) }
    }

    /// The value at each major tick of a range, first to last, as `format` writes the number
    /// (its sign flags kept, its text dropped) with the decimals the spacing needs (−12, −6, 0,
    /// +6, +12, not −12.0); zero has no sign.
    public func labels(lo: Double, hi: Double, format: ValueFormat) -> [String] {
        guard majors >= 2 else { return [] }
        let spacing = abs(hi - lo) / Double(majors - 1)
        return (0..<majors).map { k in Self.label(lo + (hi - lo) * Double(k) / Double(majors - 1), spacing: spacing, format: format) }
    }

    public static func label(_ value: Double, spacing: Double, format: ValueFormat) -> String {
        var f = format.numberOnly
        f.conversion = .fixed
        f.precision = ValueFormat.decimals(forStep: spacing)
        if abs(value) < spacing * 1e-9 { f.plusSign = false; f.spaceSign = false }
        return f.string(value)
    }

    /// How ticks look, in screen pixels from the arc's centre.
    public struct Style {
        public var majorInner, minorInner, outer: Double
        public var majorWidth, minorWidth: Double
        public var majorColor, minorColor: Color
        /// Where the labels' centres sit, their size and colour.
        public var labelRadius, labelSize: Double
        public var labelColor: Color
        public var font: String
        public var boldLabels = false

        public init(majorInner: Double, minorInner: Double, outer: Double, majorWidth: Double, minorWidth: Double,
                    majorColor: Color, minorColor: Color, labelRadius: Double, labelSize: Double, labelColor: Color, font: String) {
            self.majorInner = majorInner; self.minorInner = minorInner; self.outer = outer
            self.majorWidth = majorWidth; self.minorWidth = minorWidth; self.majorColor = majorColor; self.minorColor = minorColor
            self.labelRadius = labelRadius; self.labelSize = labelSize; self.labelColor = labelColor; self.font = font
        }
    }

    /// Draws the ticks round `c` from Cairo angle `a0` to `a1` (radians, 0 = 3 o'clock,
    /// clockwise), `labels[i]` at the i-th major tick.
    public func draw(in ctx: DrawingContext, center c: Point, from a0: Double, to a1: Double, style: Style, labels: [String]) {
        var major = 0
        for mark in marks {
            let a = a0 + (a1 - a0) * mark.fraction
            let inner = mark.major ? style.majorInner : style.minorInner
            ctx.newPath()
            ctx.move(to: Point(x: c.x + inner * cos(a), y: c.y + inner * sin(a)))
            ctx.line(to: Point(x: c.x + style.outer * cos(a), y: c.y + style.outer * sin(a)))
            ctx.setLineWidth(mark.major ? style.majorWidth : style.minorWidth)
            ctx.setColor(mark.major ? style.majorColor : style.minorColor)
            ctx.stroke()
            guard mark.major else { continue }
            if major < labels.count {
                let text = TextLayout(text: labels[major], family: style.font, pixelSize: style.labelSize, bold: style.boldLabels, context: ctx)
                ctx.setColor(style.labelColor)
                text.draw(centeredAt: Point(x: c.x + style.labelRadius * cos(a), y: c.y + style.labelRadius * sin(a)))
            }
            major += 1
        }
    }
}
