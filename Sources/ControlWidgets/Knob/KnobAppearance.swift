import Formatting
import Graphics
import PanelLayout

/// How a knob looks beyond its model: the reference's colour, font, image and shadow
/// properties, in design pixels.
public struct KnobAppearance {
    public var colors: KnobColors
    public var fontName = "DejaVu Sans"
    public var zoomTopTitle = true
    /// 0 = the headline size (17 pt, or the fitted size if larger), as the reference.
    public var zoomPointSize = 0.0
    public var shadowOpacity = 0.0
    public var shadowOffset = (dx: 0.0, dy: 3.0)
    public var shadowRadius = 3.0
    public var shadowColor = Color.black
    /// nil = half the knob's side (the reference's default).
    public var knobRadius: Double?
    public var images: [ControlState: ImageSurface] = [:]
    public var backgroundImage: ImageSurface?
    public var foregroundImage: ImageSurface?
    public var masksImage = false
    /// Rotary dial: the finger holes' radius and their margin to the rim (nil: the
    /// reference's default, see RotaryDialGeometry), design pixels.
    public var fingerHoleRadius = RotaryDialGeometry.defaultFingerHoleRadius
    public var fingerHoleMargin: Double?
    public var selected = false
    /// How a generated knob is finished: satin (sheen and rim over the tinted disc), plain
    /// (the reference's disc) or flat (a disc of the surface colour, an accent ring and pointer).
    public var style: KnobStyle = .satin
    /// Satin adds a static sheen and rim over generated knobs; otherwise the reference's disc.
    public var satinFinish: Bool {
        get { style == .satin }
        set { style = newValue ? .satin : .plain }
    }
    /// The flat style's disc (the theme's surface token) and the text on it (text token).
    public var flatDisc = Color(red: 0.16, green: 0.18, blue: 0.22)
    public var textColor = Color(white: 0.91)
    /// The caption: where, how large (design pixels; nil: RoundCaption's default for the size).
    public var captionPlacement: CaptionPlacement = .below
    public var captionSize: Double?
    /// A caption under the knob (not in the reference: appliances label their controls).
    public var caption: String?
    public var captionColor = Color(white: 0.9)
    /// A caption its line cannot hold (`captionFit`).
    public var captionFit = TextLayout.Fit.shrink
    /// How the value of a knob with a range is written (KnobView+Readout); nil = derived
    /// from the step or the range's span.
    public var valueFormat: ValueFormat?
    /// The decimal separator of every number the knob writes (readout, tick labels).
    public var locale = NumberLocale.standard
    /// Where the value is shown: on the knob's centre, after the caption, or nowhere.
    public var valuePlacement: KnobValuePlacement = .none
    /// How titles stand (KnobView+Titles): upright (level, the default) or radial (the reference).
    public var titleOrientation: KnobTitleOrientation = .upright
    /// The scale around a knob with limits (KnobView+Scale); nil = none.
    public var scale: KnobScale?

    public init(colors: KnobColors) { self.colors = colors }

    /// The image for a state, falling back to the normal one (the reference's imageForState:).
    public func image(for state: ControlState) -> ImageSurface? { images[state] ?? images[.normal] }
}
