import PanelLayout

/// The knob's layout schema.
extension KnobDescriptor {
    /// The knob, after IOSKnobControl (reference document 000/001). Property names are the
    /// reference's own; angles are in degrees where the reference uses radians.
    public static let kind = WidgetKind(
        name: "knob",
        doc: "A rotary knob (IOSKnobControl): four modes, several gestures, discrete or continuous positions.",
        properties: [
            PropertyRule("mode", .enumeration(["linearReturn", "wheelOfFortune", "continuous", "rotaryDial"]), default: .string("linearReturn"),
                         doc: "linearReturn: snaps to the nearest of `positions` at rest; wheelOfFortune: stops anywhere inside a segment; continuous: a circular slider; rotaryDial: an old telephone dial."),
            PropertyRule("gesture", .enumeration(["oneFingerRotation", "twoFingerRotation", "verticalPan", "tap"]), default: .string("oneFingerRotation"),
                         doc: "Gesture that turns the knob (twoFingerRotation and verticalPan are not available in rotaryDial mode)."),
            PropertyRule("circular", .bool, default: .bool(true), doc: "The circle is closed (all angles allowed; min and max ignored). Ignored in rotaryDial mode."),
            PropertyRule("clockwise", .bool, default: .bool(false), doc: "Position increases when the knob turns clockwise. Ignored in rotaryDial mode."),
            PropertyRule("normalized", .bool, default: .bool(true), doc: "With circular: keep position in (-180, 180]; false counts whole turns."),
            PropertyRule("min", .angle, default: .number(-180), doc: "Least position in degrees when circular is false. min and max are at most a full turn apart; the later key in the file wins."),
            PropertyRule("max", .angle, default: .number(180), doc: "Greatest position in degrees when circular is false. min and max are at most a full turn apart; the later key in the file wins."),
            PropertyRule("position", .angle, default: .number(0), doc: "Initial angular position in degrees."),
            PropertyRule("value", .rangeEnd, doc: "Initial value in range units (needs range), instead of position: -30 on a range [-80, 0] knob."),
            PropertyRule("resetOnDoubleTap", .rangeEnd,
                         doc: "Opt-in: a double tap returns the knob to this value, in range units with a range, else a position in degrees (not with gesture tap nor mode rotaryDial). Default: none (a double tap does nothing)."),
            .deprecatedDefaultPosition,
            PropertyRule("positions", .integer(min: 2, max: 360), default: .number(2), doc: "Number of discrete positions (linearReturn, wheelOfFortune), at most 360 (one a degree)."),
            PropertyRule("titles", .array(of: .string(nonEmpty: false, maxLength: 64), minCount: 0, maxCount: 360),
                         doc: "Titles drawn around a generated knob, one per position (at most 360 of at most 64 characters); missing ones are the position indices."),
            PropertyRule("timeScale", .number(min: .above(0), max: .atMost(1000)), default: .number(1), doc: "Return animation time scale: 30°/s divided by timeScale (rotaryDial: 300°/s); at most 1000."),
            PropertyRule("gestureSensitivity", .number(min: .above(0), max: .atMost(36000)), default: .number(57.29578),
                         doc: "verticalPan: degrees of rotation per control height (default 1 radian)."),
            PropertyRule("fineDrag", .bool, default: .bool(false), doc: "Continuous knobs: a finger slid out past the rim turns the knob less, by radius/distance (a third at 3 radii, a tenth at 10 and beyond)."),
            PropertyRule("range", .distinctPair, doc: "[lo, hi]: the value reported to integrators, mapped linearly from min…max; lo and hi differ and lie within ±1e9."),
            PropertyRule("fillColor", .colorOrStateColors, doc: "Knob fill: a color, or per state {normal, highlighted, disabled, selected}. Default derived from the tint."),
            PropertyRule("titleColor", .colorOrStateColors, doc: "Title color: a color, or per state. Default derived from the tint."),
            PropertyRule("tint", .color, doc: "Tint for generated colors; default: the theme's tint."),
            PropertyRule("fontName", .string(nonEmpty: true), default: .string("DejaVu Sans"), doc: "Font family for generated titles and dial numbers."),
            PropertyRule("zoomTopTitle", .bool, default: .bool(true), doc: "Enlarge the title at the top (linearReturn, wheelOfFortune, generated knob)."),
            PropertyRule("zoomPointSize", .number(min: .atLeast(0), max: .atMost(500)), default: .number(0), doc: "Point size of the zoomed top title; 0 means 17."),
            PropertyRule("shadowOpacity", .number(min: .atLeast(0), max: .atMost(1)), default: .number(0), doc: "Opacity of the knob's and foreground's shadow, 0…1."),
            PropertyRule("shadowOffset", .tuple([TupleElement("dx", .shadowDistance), TupleElement("dy", .shadowDistance)]), default: .array([.number(0), .number(3)]),
                         doc: "Shadow offset [dx, dy] in design pixels (y down)."),
            PropertyRule("shadowRadius", .number(min: .atLeast(0), max: .atMost(100)), default: .number(3), doc: "Shadow blur radius in design pixels."),
            PropertyRule("shadowColor", .color, default: .string("#000000"), doc: "Shadow color."),
            PropertyRule("image", .imagePath, doc: "Knob image (PNG) for every state; replaces the generated knob."),
            PropertyRule("images", .stateMap(.imagePath), doc: "Knob images per state {normal, highlighted, disabled, selected}."),
            PropertyRule("backgroundImage", .imagePath, doc: "Stationary image behind the knob."),
            PropertyRule("foregroundImage", .imagePath, doc: "Stationary image in front of the knob (e.g. a dial's finger stop)."),
            PropertyRule("knobRadius", .number(min: .atLeast(0), max: .atMost(8192)), doc: "Radius in design pixels of the knob's shadow path and mask; default half the frame's smaller side."),
            PropertyRule("masksImage", .bool, default: .bool(false), doc: "Clip the knob image to a circle of knobRadius."),
            PropertyRule("fingerHoleRadius", .number(min: .above(0), max: .atMost(8192)), default: .number(22), doc: "rotaryDial: finger hole radius in design pixels; the dial's square must be at least 9.72 × this (rounded up)."),
            PropertyRule("fingerHoleMargin", .number(min: .above(0), max: .atMost(8192)), doc: "rotaryDial: distance from a finger hole to the dial's edge; default (R - 4.86 × fingerHoleRadius) / 2.93 with R the dial's radius, which makes the gaps between holes equal to it."),
            PropertyRule("target", .identifier, doc: "rotaryDial: a keypad each number dialled is typed into, as its own digit key would (then the keypad's enter sets the keypad's target)."),
            PropertyRule("enabled", .bool, default: .bool(true), doc: "A disabled knob ignores input and draws in its disabled colors."),
            PropertyRule("selected", .bool, default: .bool(false), doc: "Initial selected state (draws in the selected colors)."),
            PropertyRule("label", .string(nonEmpty: false), doc: "Caption drawn under the knob."),
            PropertyRule("finish", .enumeration(["satin", "flat"]),
                         doc: "The older name of style: satin, or flat for the reference's plain disc (style plain); style wins when both are given."),
            PropertyRule("style", .enumeration(KnobStyle.allCases.map(\.rawValue)),
                         doc: "Finish of a generated knob: satin (a soft sheen and bevelled rim over the tinted disc), plain (the reference's disc) or flat (no gloss: a disc of the theme's surface, a thin accent ring and pointer, the value in the text colour). Default: the theme's knobStyle."),
            PropertyRule("captionPlacement", .enumeration(CaptionPlacement.allCases.map(\.rawValue)),
                         doc: "Where the label goes: below the knob, inside (on the disc, under the value) or none. Default: the theme's captionPlacement, else below."),
            PropertyRule("captionSize", .number(min: .atLeast(6), max: .atMost(200)),
                         doc: "The label's size in design pixels. Default: the theme's captionSize, else 7 % of the knob's diameter, 13…24."),
            PropertyRule("captionColor", .color, doc: "The label's colour. Default: the theme's muted token."),
            .captionFit,
            PropertyRule("step", .number(min: .above(0), max: .atMost(1e9)),
                         doc: "Continuous mode with a range: values snap to range lo + k·step (value units), whatever moves the knob. Default: none (any value)."),
            PropertyRule("valueFormat", .string(nonEmpty: true),
                         doc: "printf-style format of the value shown (\"%.1f °C\", \"%d %%\"): at most one of %d, %i, %.Nf with flags + space 0 -, width ≤ 20, precision ≤ 6. Default: decimals of the step, else about three significant digits of the range."),
            .locale,
            PropertyRule("valuePlacement", .enumeration(["center", "caption", "none"]),
                         doc: "Where a knob with a range shows its value: center (upright on the knob), caption (after the label), none. Default: center for continuous knobs with a range, else none."),
            PropertyRule("wheelStep", .number(min: .above(0), max: .atMost(1e9)), doc: "Continuous mode with a range: one wheel or encoder detent, value units. Default: step (else 5°)."),
            PropertyRule("keyStep", .number(min: .above(0), max: .atMost(1e9)), doc: "Continuous mode with a range: one arrow key, value units. Default: step (else 1°)."),
            PropertyRule("pageStep", .number(min: .above(0), max: .atMost(1e9)), doc: "Continuous mode with a range: PageUp/PageDown, value units. Default: 10 key steps (else 10°)."),
            PropertyRule("titleOrientation", .enumeration(["upright", "radial"]), default: .string("upright"),
                         doc: "Discrete modes: upright titles stay level however the knob turns (never upside down); radial titles follow the rim (the reference)."),
            PropertyRule("scale", .bool,
                         doc: "A track arc from min to max outside the disc, filled up to the position in the accent colour (knobs with circular false). Default: true for continuous knobs with circular false, else false."),
            PropertyRule("ticks", .integer(min: 0, max: 101), default: .number(0), doc: "Major ticks on the scale, both ends included (0: none, else at least 2)."),
            PropertyRule("minorTicks", .integer(min: 0, max: 20), default: .number(0), doc: "Minor ticks between two major ticks."),
            PropertyRule("tickLabels", .bool, default: .bool(false), doc: "Write the value at each major tick (needs a range and ticks)."),
            PropertyRule("origin", .rangeEnd,
                         doc: "Continuous knobs with a scale: where the filled arc starts, in range units inside the range (0 on a ±10 dB knob fills from the centre, and a centred balance shows no fill). Default: range lo."),
        ],
        constraints: [
            WidgetConstraint { members in
                guard members["mode"]?.value.stringValue == "rotaryDial",
                      let gesture = members["gesture"]?.value,
                      let name = gesture.stringValue,
                      name == "twoFingerRotation" || name == "verticalPan" else { return [] }
                return [(gesture.location, "'gesture': '\(name)' is not available in mode 'rotaryDial' (use 'oneFingerRotation' or 'tap')")]
            },
            WidgetConstraint { members in
                guard let t = members["target"], members["mode"]?.value.stringValue != "rotaryDial" else { return [] }
                return [(t.keyLocation, "'target' is for a knob in mode 'rotaryDial' (it types the numbers dialled into a keypad)")]
            },
            .valueFormat(), .locale(),
            .needs("range", for: ["step", "valueFormat", "wheelStep", "keyStep", "pageStep", "tickLabels", "value", "origin"], because: "they are in value units"),
            .knobStartAndReset,
            .inside(["origin"], what: "the range") { WidgetConstraint.rangeEnds($0, fallback: nil) },
            .deprecatedResetConflict("defaultPosition"),
            WidgetConstraint { members in
                guard let n = members["ticks"], n.value.numberValue == 1 else { return [] }
                return [(n.value.location, "'ticks': 1 tick cannot mark a scale; give 0 (none) or at least 2 (both ends)")]
            },
        ],
        frameConstraints: [rotaryDialSize],
        warnings: [.knobDeprecatedReset, WidgetConstraint { members in
            // Fine drag follows a finger around the knob: other modes and gestures ignore it.
            guard let fine = members["fineDrag"], fine.value.boolValue == true else { return [] }
            let mode = members["mode"]?.value.stringValue ?? "linearReturn"
            let gesture = members["gesture"]?.value.stringValue ?? "oneFingerRotation"
            guard mode != "continuous" || gesture != "oneFingerRotation" else { return [] }
            return [(fine.keyLocation, "'fineDrag' works on continuous knobs turned with one finger (this one is \(mode), \(gesture)); it is ignored here")]
        }],
        titlesDrawn: titlesDrawn)

    /// A generated knob in a discrete mode lays out one title per position.
    static let titlesDrawn: @Sendable (WidgetSpec) -> Int = { w in
        guard w.string("image") == nil, ["linearReturn", "wheelOfFortune"].contains(w.string("mode") ?? "linearReturn") else { return 0 }
        return Int(w.number("positions") ?? 2)
    }

    /// The reference's smallest dial (adjustFrame): a square of ⌈9.72 × fingerHoleRadius⌉, so
    /// that R ≥ 4.86 f and the holes fit (ControlWidgets' RotaryDialGeometry.minimumSide; a
    /// runtime test checks the two agree). The dial is the largest square in its frame or cell.
    public static let rotaryDialMinimumSideFactor = 9.72
    static let rotaryDialSize = WidgetFrameConstraint { members, frame, location in
        guard members["mode"]?.value.stringValue == "rotaryDial" else { return [] }
        let f = members["fingerHoleRadius"]?.value.numberValue ?? 22
        let minimum = (rotaryDialMinimumSideFactor * f).rounded(.up)
        let side = Swift.min(frame.width, frame.height)
        guard side < minimum else { return [] }
        let source = members["cell"] != nil ? "its cell" : "its frame"
        return [(location, "rotaryDial is too small: \(source) is \(LayoutValue.formatNumber(frame.width))x\(LayoutValue.formatNumber(frame.height)), and a dial needs a square of at least \(LayoutValue.formatNumber(minimum)) (9.72 × fingerHoleRadius \(LayoutValue.formatNumber(f)), rounded up)")]
    }
}
