import Graphics
import PanelLayout

/// How a circular slider looks beyond its model: MSCircularSlider's drawing properties and
/// TBCircularSlider's dark ring and glow, in design pixels.
public struct SliderAppearance {
    public enum HandleType: String, Sendable { case smallCircle, largeCircle, doubleCircle, image }

    /// One handle's look (the double-handle slider has a second set).
    public struct Handle {
        public var type: HandleType = .largeCircle
        public var color = Color(white: 1, alpha: 0.85)
        public var image: ImageSurface?
        public var enlargementPoints = 10.0
        /// Semi-transparent while pressed.
        public var highlightable = true
        /// Images turn to point outwards.
        public var rotatable = false
        public init() {}
    }

    public var sliderPadding = 0.0
    public var lineWidth = 5.0
    /// The dark ring behind the track (TBCircularSlider's background circle).
    public var ringColor = Color(red: 0.05, green: 0.06, blue: 0.08)
    public var unfilledColor = Color(red: 0.17, green: 0.19, blue: 0.24)
    /// Colours evenly spread along the whole arc; one colour is a plain fill.
    public var gradientColors: [Color] = [Color(red: 0.18, green: 0.5, blue: 0.93), Color(red: 0.61, green: 0.32, blue: 0.88)]
    /// The glow's opacity; 0 turns it off.
    public var glowOpacity = 0.85
    public var handles = [Handle(), Handle()]
    public var labels: [String] = []
    public var labelColor = Color(white: 0.85)
    public var labelFont = "DejaVu Sans"
    public var labelFontSize = 12.0
    public var labelOffset = 0.0
    public var markerCount = 0
    public var markerColor = Color(white: 1, alpha: 0.45)
    public var markerImage: ImageSurface?
    public var valueFormat = ValueFormat("%.0f")!
    public var showValue = true
    public var valueColor = Color(white: 0.95)
    public var fontName = "DejaVu Sans"
    /// The caption (RoundCaption): under the value inside the ring, or below the slider.
    public var caption: String?
    public var captionColor = Color(white: 0.7)
    public var captionPlacement: CaptionPlacement = .inside
    /// Design pixels; nil: RoundCaption's default for the slider's side.
    public var captionSize: Double?
    /// A caption its line cannot hold (`captionFit`).
    public var captionFit = TextLayout.Fit.shrink

    public init() {}

    /// The dark ring is half as wide again as the line (TB: 60 around 40).
    public var ringWidth: Double { lineWidth * 1.5 }

    /// The colour at fraction `f` (0…1) of the arc.
    public func gradientColor(at f: Double) -> Color {
        guard gradientColors.count > 1 else { return gradientColors.first ?? .white }
        let x = Swift.min(1, Swift.max(0, f)) * Double(gradientColors.count - 1)
        let i = Swift.min(gradientColors.count - 2, Int(x))
        return gradientColors[i].mixed(with: gradientColors[i + 1], x - Double(i))
    }

    /// Fractions of the arc where the gradient has a stop.
    public var gradientStops: [Double] {
        gradientColors.count > 1 ? (0..<gradientColors.count).map { Double($0) / Double(gradientColors.count - 1) } : []
    }

    /// A handle's radius in design pixels (images: half their larger side).
    public func handleRadius(_ i: Int) -> Double {
        let h = handles[i]
        switch h.type {
        case .smallCircle: return lineWidth / 2
        case .largeCircle, .doubleCircle: return (lineWidth + h.enlargementPoints) / 2
        case .image: return h.image.map { Double(Swift.max($0.width, $0.height)) / 2 } ?? lineWidth / 2
        }
    }
}
