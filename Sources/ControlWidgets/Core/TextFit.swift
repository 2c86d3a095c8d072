import Graphics
import PanelLayout

/// `fit` on widgets that draw text in a box (labels; the titles of buttons, toggles, segments,
/// spinboxes and keypads): what happens to text the box cannot hold (TextLayout.Fit says how
/// each is drawn). Captions have `captionFit` (CaptionStyle).
extension PropertyRule {
    public static let fit = PropertyRule(
        "fit", .enumeration(TextLayout.Fit.allCases.map(\.rawValue)), default: .string(TextLayout.Fit.wrap.rawValue),
        doc: "Text the frame cannot hold: wrap (lines break at the width; lines past the height are left out, the last shown ends in '…'), shrink (one line, smaller down to half its size, then '…'), ellipsis (one line ending in '…'), clip (one line cut at the edges).")
}

extension TextLayout.Fit {
    /// The widget's `fit` (checked by the schema), else `fallback`.
    public init(_ spec: WidgetSpec, key: String = "fit", default fallback: TextLayout.Fit = .wrap) {
        self = spec.string(key).flatMap(TextLayout.Fit.init(rawValue:)) ?? fallback
    }
}

extension PropertyRule {
    /// `fit` on a control's title: titles share their tile with other parts, so the default
    /// is `shrink` (down to TitleFit.minimumShrink of the size, then '…'), not `wrap`.
    public static let titleFit = PropertyRule(
        "fit", .enumeration(TextLayout.Fit.allCases.map(\.rawValue)), default: .string(TextLayout.Fit.shrink.rawValue),
        doc: "A title its tile cannot hold: shrink (one line, smaller down to 80 % of its size, then '…'), ellipsis (one line ending in '…'), wrap (two lines at most, then '…'), clip (one line cut at the edges).")
}
