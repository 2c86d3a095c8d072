import PanelLayout

/// The fader's layout schema: the knob's value vocabulary (`range`, `step`, `value`,
/// `ticks`…) with the circular slider's look (`gradientColors`, `glowOpacity`…).
extension FaderDescriptor {
    public static let kind = WidgetKind(
        name: "fader",
        doc: "A straight slider (a mixing desk's fader): a thumb on a track, vertical or horizontal, the bar filled from the origin to the value in the circular slider's gradient, ticks, a readout.",
        properties: [
            PropertyRule("orientation", .enumeration(["vertical", "horizontal"]), default: .string("vertical"),
                         doc: "vertical: lo at the bottom, hi at the top; horizontal: lo at the left, hi at the right."),
            PropertyRule("range", .distinctPair, default: .array([.number(0), .number(100)]),
                         doc: "[lo, hi] in value units; lo and hi differ and lie within ±1e9 (lo > hi reverses the fader)."),
            PropertyRule("step", .number(min: .above(0), max: .atMost(1e9)),
                         doc: "Values rest on lo + k·step (value units, the ends allowed); a wheel or encoder detent or an arrow key moves one step, PageUp/PageDown ten. Default: none (a detent is 1 % of the range)."),
            PropertyRule("value", .rangeEnd, doc: "Initial value, inside the range; default: the origin."),
            PropertyRule("origin", .rangeEnd,
                         doc: "Where the filled bar starts, value units inside the range: 0 on a ±10 dB fader fills from the centre. Default: range lo."),
            PropertyRule("ticks", .integer(min: 0, max: 101), default: .number(0), doc: "Major ticks across the track (behind it), both ends included (0: none, else at least 2)."),
            PropertyRule("minorTicks", .integer(min: 0, max: 20), default: .number(0), doc: "Minor ticks between two major ticks."),
            PropertyRule("tickLabels", .bool, default: .bool(false), doc: "Write the value at each major tick."),
            PropertyRule("valueFormat", .string(nonEmpty: true),
                         doc: "printf-style readout (\"%+.1f dB\"): at most one of %d, %i, %.Nf with flags + space 0 -, width ≤ 20, precision ≤ 6. Default: decimals of the step, else about three significant digits of the range."),
            PropertyRule("showValue", .bool, default: .bool(true), doc: "Show the readout (above a vertical fader, right of the caption on a horizontal one)."),
            PropertyRule("label", .string(nonEmpty: false, maxLength: 64), doc: "Caption: under a vertical fader, left above a horizontal one (captionPlacement)."),
            PropertyRule("lineWidth", .number(min: .atLeast(1), max: .atMost(100)), default: .number(6), doc: "Width of the track, design pixels; the dark groove round it is 1.5 times as wide."),
            PropertyRule("gradientColors", .array(of: .color, minCount: 1, maxCount: 16),
                         doc: "Colours spread evenly along the whole travel, lo to hi; the bar shows the colours of its place. Default: the theme's accent, its hue turned a little towards hi."),
            PropertyRule("unfilledColor", .color, doc: "The track where it is not filled; default: the theme's track token."),
            PropertyRule("grooveColor", .color, doc: "The groove behind the track; default: a shade under the background (light themes: under the track)."),
            PropertyRule("glowOpacity", .number(min: .atLeast(0), max: .atMost(1)), default: .number(0.85), doc: "Opacity of the glow round the filled bar; 0: none."),
            PropertyRule("thumbColor", .color, default: .string("#e6e9ee"), doc: "The thumb (fader cap) colour; it has a soft sheen and a dark grip line."),
            PropertyRule("valueColor", .color, doc: "Colour of the readout; default: the theme's textColor."),
            PropertyRule("fontName", .string(nonEmpty: true), doc: "Font family of the readout, caption and tick labels; default: the theme's font."),
            PropertyRule("enabled", .bool, default: .bool(true), doc: "A disabled fader ignores input and is drawn faded."),
        ] + PropertyRule.captionRules(placementDoc: "Where the label goes: below (under the track), inside (a vertical fader: under the readout at the top; a horizontal one: left of the readout on the line above the track) or none. Default: the theme's captionPlacement, else below for vertical faders and inside for horizontal ones."),
        constraints: [
            .valueFormat(),
            .inside(["value", "origin"], what: "the range") { WidgetConstraint.rangeEnds($0, fallback: (0, 100)) },
            WidgetConstraint { m in
                var out: [(SourceLocation, String)] = []
                if let n = m["ticks"], n.value.numberValue == 1 {
                    out.append((n.value.location, "'ticks': 1 tick cannot mark a scale; give 0 (none) or at least 2 (both ends)"))
                }
                if let step = m["step"]?.value, let s = step.numberValue, let (lo, hi) = WidgetConstraint.rangeEnds(m, fallback: (0, 100)), s > abs(hi - lo) {
                    out.append((step.location, "'step' \(LayoutValue.formatNumber(s)) is larger than the range"))
                }
                return out
            },
        ])
}
