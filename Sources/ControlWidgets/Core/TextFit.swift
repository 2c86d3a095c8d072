import Graphics
import PanelLayout

/// `fit` on widgets that draw text in a box (labels; titles and captions as they adopt it):
/// what happens to text the box cannot hold (TextLayout.Fit says how each is drawn).
extension PropertyRule {
    public static let fit = PropertyRule(
        "fit", .enumeration(TextLayout.Fit.allCases.map(\.rawValue)), default: .string(TextLayout.Fit.wrap.rawValue),
        doc: "Text the frame cannot hold: wrap (lines break at the width; lines past the height are left out, the last shown ends in '…'), shrink (one line, smaller down to half its size, then '…'), ellipsis (one line ending in '…'), clip (one line cut at the edges).")
}

extension TextLayout.Fit {
    /// The widget's `fit` (checked by the schema), else `wrap`.
    public init(_ spec: WidgetSpec, key: String = "fit") {
        self = spec.string(key).flatMap(TextLayout.Fit.init(rawValue:)) ?? .wrap
    }
}
