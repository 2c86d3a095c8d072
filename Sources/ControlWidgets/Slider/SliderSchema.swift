import PanelLayout

/// The circular sliders' schemas, after MSCircularSlider (reference document 004; property names and
/// defaults are the reference's) with TBCircularSlider's look (002). Angles in degrees from
/// 3 o'clock, clockwise on screen.
extension SliderDescriptor {
    /// Properties of one handle, with a prefix for the second handle of a range slider.
    static func handleProperties(prefix: String) -> [PropertyRule] {
        func key(_ name: String) -> String { prefix.isEmpty ? name : prefix + name.prefix(1).uppercased() + String(name.dropFirst()) }
        let which = prefix.isEmpty ? "The handle's" : "The second handle's"
        return [
            PropertyRule(key("handleType"), .enumeration(["smallCircle", "largeCircle", "doubleCircle", "image"]), default: .string("largeCircle"),
                         doc: "\(which) shape: smallCircle (as wide as the line), largeCircle (handleEnlargementPoints wider), doubleCircle (a translucent large circle around a small one), image (handleImage)."),
            PropertyRule(key("handleColor"), .color, default: .string("#ffffffd9"), doc: "\(which) colour (the tutorial's translucent white)."),
            PropertyRule(key("handleImage"), .imagePath, doc: "\(which) image (PNG) for handleType image, drawn at its size in design pixels."),
            PropertyRule(key("handleEnlargementPoints"), .number(min: .atLeast(0), max: .atMost(1000)), default: .number(10),
                         doc: "How many design pixels a largeCircle or doubleCircle handle is wider than the line."),
            PropertyRule(key("handleHighlightable"), .bool, default: .bool(true), doc: "\(which) is semi-transparent while pressed."),
            PropertyRule(key("handleRotatable"), .bool, default: .bool(false), doc: "\(which) image turns to point outwards."),
        ]
    }

    static let sliderCommon: [PropertyRule] = [
        PropertyRule("minimumValue", .sliderNumber, default: .number(0), doc: "The value at the start of the arc."),
        PropertyRule("maximumValue", .sliderNumber, default: .number(100), doc: "The value at the end of the arc (maximumAngle)."),
        PropertyRule("currentValue", .sliderNumber, default: .number(0), doc: "Initial value (clamped to the range)."),
        PropertyRule("step", .number(min: .above(0), max: .atMost(1e9)),
                     doc: "Values rest on minimumValue + k·step (value units) while dragging and after; a wheel detent or arrow key moves one step, PageUp/PageDown ten. Default: none."),
        PropertyRule("maximumAngle", .number(min: .above(0), max: .atMost(360)), default: .number(360), doc: "The arc's sweep in degrees; 360 is a full circle, less leaves a gap."),
        PropertyRule("rotationAngle", .number(min: .atLeast(-360), max: .atMost(360)),
                     doc: "Where the arc starts, degrees clockwise from 3 o'clock; default 90 + (360 − maximumAngle)/2, so the gap (or a full circle's seam) faces downwards."),
        PropertyRule("sliderPadding", .sliderLength, default: .number(0), doc: "Room between the frame and the slider, design pixels."),
        PropertyRule("lineWidth", .number(min: .above(0), max: .atMost(1000)), default: .number(5), doc: "Width of the track, design pixels; the dark ring around it is 1.5 times as wide."),
        PropertyRule("filledColor", .color, doc: "A plain colour for the filled part; ignored when gradientColors is set. Neither: the default gradient."),
        PropertyRule("gradientColors", .array(of: .color, minCount: 1, maxCount: 16),
                     doc: "Colours spread evenly along the whole arc; the filled part shows the colours of its angles. Default: the theme's accent, its hue turned a little along the arc."),
        PropertyRule("unfilledColor", .color, doc: "The track's colour where it is not filled; default: the theme's track token."),
        PropertyRule("ringColor", .color, doc: "The dark ring behind the track; default: a shade under the background (light themes: under the track)."),
        PropertyRule("glowOpacity", .number(min: .atLeast(0), max: .atMost(1)), default: .number(0.85), doc: "Opacity of the glow around the filled arc (its blur grows with the angle); 0: none."),
        PropertyRule("valueFormat", .string(nonEmpty: false), default: .string("%.0f"),
                     doc: "printf-style text for the value in the centre, e.g. \"%.1f °C\": one %f (or %d) with flags - + space 0, width ≤ 20, precision ≤ 6; %% for a percent sign."),
        .locale,
        PropertyRule("showValue", .bool, default: .bool(true), doc: "Show the value in the centre."),
        PropertyRule("valueColor", .color, doc: "Colour of the value; default: the theme's textColor."),
        PropertyRule("fontName", .string(nonEmpty: true), doc: "Font family of the value and caption; default: the theme's font."),
        PropertyRule("label", .string(nonEmpty: false), doc: "A caption: under the value inside the ring, or below the slider (captionPlacement)."),
        PropertyRule("captionPlacement", .enumeration(CaptionPlacement.allCases.map(\.rawValue)),
                     doc: "Where the label goes: inside (under the value), below the slider, or none. Default: the theme's captionPlacement, else inside."),
        PropertyRule("captionSize", .number(min: .atLeast(6), max: .atMost(200)),
                     doc: "The label's size in design pixels (shrunk only to fit the ring). Default: the theme's captionSize, else 7 % of the slider's side, 13…24."),
        PropertyRule("captionColor", .color, doc: "The label's colour. Default: the theme's muted token."),
        .captionFit,
        PropertyRule("labels", .array(of: .string(nonEmpty: false), minCount: 0, maxCount: 100), default: .array([]),
                     doc: "Texts spread evenly along the arc (both ends of a gapped arc)."),
        PropertyRule("labelColor", .color, doc: "Colour of the labels; default: the theme's textColor."),
        PropertyRule("labelFont", .string(nonEmpty: true), doc: "Font family of the labels; default: the theme's font."),
        PropertyRule("labelFontSize", .number(min: .above(0), max: .atMost(500)), default: .number(12), doc: "Size of the labels, design pixels."),
        PropertyRule("labelOffset", .number(min: .atLeast(-1000), max: .atMost(1000)), default: .number(0),
                     doc: "Gap between the ring and the labels: 0 or more puts them outside the ring (the ring shrinks to make room), negative inside it."),
        PropertyRule("markerCount", .integer(min: 0, max: 360), default: .number(0), doc: "Dots spread evenly along the track."),
        PropertyRule("markerColor", .color, default: .string("#ffffff73"), doc: "Colour of the marker dots."),
        PropertyRule("markerImage", .imagePath, doc: "An image (PNG) drawn at each marker instead of a dot."),
        PropertyRule("snapToLabels", .bool, default: .bool(false), doc: "On release the handle glides to the nearest label."),
        PropertyRule("snapToMarkers", .bool, default: .bool(false), doc: "On release the handle glides to the nearest marker (with snapToLabels: the nearest of both)."),
        PropertyRule("enabled", .bool, default: .bool(true), doc: "A disabled slider ignores input and is drawn faded."),
    ]

    public static let sliderKind = WidgetKind(
        name: "slider",
        doc: "A circular slider (MSCircularSlider) with TBCircularSlider's look: dark ring, gradient arc with a glow, handle, value in the centre.",
        properties: sliderCommon + handleProperties(prefix: "") + [
            PropertyRule("maximumRevolutions", .integer(min: -1, max: 1_000_000), default: .number(-1),
                         doc: "Full circles: revolutions before the slider stops at 100 % (it also stops at 0 % counter-clockwise); -1: endless."),
            PropertyRule("revolutionsCount", .integer(min: -1_000_000, max: 1_000_000), default: .number(0), doc: "Full circles: initial number of revolutions."),
            PropertyRule("resetOnDoubleTap", .sliderNumber,
                         doc: "Opt-in: a double tap sets this value, animated; a tap's move then waits 0.3 s for a possible second tap. Default: none (a double tap is two taps)."),
            .deprecatedDefaultValue,
            PropertyRule("origin", .sliderNumber,
                         doc: "Where the filled arc starts, a value inside minimumValue…maximumValue (0 on a −10…10 slider fills from the middle). Default: minimumValue."),
        ],
        constraints: sliderConstraints(range: false) + [
            .inside(["origin"], what: "minimumValue…maximumValue") { m in
                (m["minimumValue"]?.value.numberValue ?? 0, m["maximumValue"]?.value.numberValue ?? 100)
            },
        ],
        warnings: [.sliderDeprecatedReset(range: false)])

    public static let rangeSliderKind = WidgetKind(
        name: "rangeSlider",
        doc: "A circular slider with two handles (MSDoubleHandleCircularSlider); the arc between them is filled.",
        properties: sliderCommon + handleProperties(prefix: "") + [
            PropertyRule("secondCurrentValue", .sliderNumber, doc: "Initial value of the second handle; default: the value 60° along the arc."),
            PropertyRule("minimumHandlesDistance", .sliderLength, default: .number(10), doc: "The least arc length between the two handles, design pixels along the track."),
            PropertyRule("resetOnDoubleTap", .tuple([TupleElement("first", .sliderNumber), TupleElement("second", .sliderNumber)]),
                         doc: "Opt-in: a double tap sets the handles to [first, second], animated; a tap's move then waits 0.3 s for a possible second tap. Default: none (a double tap is two taps)."),
            .deprecatedDefaultValue,
        ] + handleProperties(prefix: "second"),
        constraints: sliderConstraints(range: true),
        warnings: [.sliderDeprecatedReset(range: true)])

    static func sliderConstraints(range: Bool) -> [WidgetConstraint] {
        [
            WidgetConstraint { m in
                let lo = m["minimumValue"]?.value.numberValue ?? 0, hi = m["maximumValue"]?.value.numberValue ?? 100
                guard lo == hi, let at = (m["maximumValue"] ?? m["minimumValue"])?.value.location else { return [] }
                return [(at, "'minimumValue' and 'maximumValue' must differ (both are \(LayoutValue.formatNumber(lo)))")]
            },
            .valueFormat(), .locale(),
            .sliderStepAndReset,
            .deprecatedResetConflict("defaultValue"),
            WidgetConstraint { m in
                var out: [(SourceLocation, String)] = []
                for prefix in range ? ["", "second"] : [""] {
                    let typeKey = prefix.isEmpty ? "handleType" : "secondHandleType"
                    let imageKey = prefix.isEmpty ? "handleImage" : "secondHandleImage"
                    if let t = m[typeKey]?.value, t.stringValue == "image", m[imageKey] == nil {
                        out.append((t.location, "'\(typeKey)': 'image' needs '\(imageKey)'"))
                    }
                }
                return out
            },
            WidgetConstraint { m in
                guard !range, let angle = m["maximumAngle"]?.value.numberValue, angle < 360 else { return [] }
                return ["maximumRevolutions", "revolutionsCount"].compactMap { key in
                    m[key].map { ($0.keyLocation, "'\(key)' applies only to full circles (maximumAngle 360)") }
                }
            },
        ]
    }
}
