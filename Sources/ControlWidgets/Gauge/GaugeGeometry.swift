import Graphics
#if canImport(Glibc)
import Glibc
#endif

/// Where a gauge's parts go (design pixels), as fractions of the dial's radius R, the largest
/// circle in the frame: the zone band and track on 0.86 R, ticks from 0.70 R (minor 0.75 R) to
/// 0.80 R, tick labels centred on 0.59 R, the needle 0.80 R long with a 0.16 R tail; the
/// readout and title sit in the open part at the bottom of a 270° scale (0.50 R and 0.74 R
/// below the centre) for a needle, in the middle for an arc.
public struct GaugeGeometry: Sendable, Equatable {
    public let center: Point
    public let radius: Double

    /// The caption's line under the dial (`captionPlacement: below`), design pixels; 0 without.
    public let captionLine: Double

    /// `captionLine`: the height a caption below takes; the dial is centred in the rest.
    public init(frame: Rect, captionLine: Double = 0) {
        let h = Swift.max(1, frame.height - captionLine)
        center = Point(x: frame.x + frame.width / 2, y: frame.y + h / 2)
        radius = Swift.max(1, Swift.min(frame.width, h) / 2 - 1)
        self.captionLine = captionLine
    }

    /// The caption's box under the dial (when placed below).
    public var captionBelowBox: Rect? {
        captionLine > 0 ? Rect(x: center.x - radius - 1, y: center.y + radius + 1, width: 2 * radius + 2, height: captionLine) : nil
    }

    public static let arc = 0.86, arcWidth = 0.045, valueArcWidth = 0.085
    public static let tickOuter = 0.80, majorInner = 0.70, minorInner = 0.75
    public static let labelRadius = 0.59, labelSize = 0.095
    public static let needleLength = 0.80, needleTail = 0.16, needleWidth = 0.05, hub = 0.075

    /// The point at `angle` (degrees, 0 at 12 o'clock, clockwise) and distance `r` (fraction of R).
    public func point(angle: Double, radius r: Double) -> Point {
        let a = Self.cairoAngle(angle)
        return Point(x: center.x + radius * r * cos(a), y: center.y + radius * r * sin(a))
    }

    /// A clock-face angle in degrees → Cairo's radians (0 at 3 o'clock, clockwise).
    public static func cairoAngle(_ degrees: Double) -> Double { (degrees - 90) * Double.pi / 180 }
}
