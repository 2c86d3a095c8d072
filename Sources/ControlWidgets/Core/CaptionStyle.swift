import Graphics
import PanelLayout

/// A widget's caption as the layout sets it (`captionPlacement`, `captionSize`,
/// `captionColor`, `captionFit`), falling back to the theme's: the one description that
/// knobs, circular sliders, faders and gauges read, so a caption is the same text at the same
/// size on all of them (RoundCaption draws it).
public struct CaptionStyle: Sendable, Equatable {
    public var placement: CaptionPlacement
    /// Design pixels; nil: RoundCaption's default for the widget's size.
    public var size: Double?
    public var color: Color
    public var fit: TextLayout.Fit

    public init(placement: CaptionPlacement = .below, size: Double? = nil, color: Color = Color(white: 0.6), fit: TextLayout.Fit = .shrink) {
        self.placement = placement; self.size = size; self.color = color; self.fit = fit
    }

    public init(_ spec: WidgetSpec, theme: Theme, defaultPlacement: CaptionPlacement) {
        placement = spec.string("captionPlacement").flatMap(CaptionPlacement.init(rawValue:)) ?? theme.captionPlacement ?? defaultPlacement
        size = spec.number("captionSize") ?? theme.captionSize
        color = spec.color("captionColor").map(Color.init(_:)) ?? Color(theme.muted)
        fit = TextLayout.Fit(spec, key: "captionFit", default: .shrink)
    }

    /// The size in design pixels for a widget whose caption scale is that of a round widget
    /// `diameter` across.
    public func pixelSize(diameter: Double) -> Double { size ?? RoundCaption.defaultSize(diameter: diameter) }
}

extension PropertyRule {
    /// The caption keys of a widget that is not a knob or a circular slider (those name
    /// their own defaults): `placementDoc` says what below and inside mean on it.
    public static func captionRules(placementDoc: String) -> [PropertyRule] {
        [
            PropertyRule("captionPlacement", .enumeration(CaptionPlacement.allCases.map(\.rawValue)), doc: placementDoc),
            PropertyRule("captionSize", .number(min: .atLeast(6), max: .atMost(200)),
                         doc: "The caption's size in design pixels. Default: the theme's captionSize, else RoundCaption's 7 % of the widget's diameter, 13…24."),
            PropertyRule("captionColor", .color, doc: "The caption's colour. Default: the theme's muted token."),
            .captionFit,
        ]
    }

    public static let captionFit = PropertyRule(
        "captionFit", .enumeration(TextLayout.Fit.allCases.map(\.rawValue)), default: .string(TextLayout.Fit.shrink.rawValue),
        doc: "A caption its line cannot hold: shrink (smaller down to half its size, then '…'), ellipsis (ends in '…'), clip (cut at the edges), wrap (as ellipsis: a caption has one line).")
}
