/// The keys of a layout file outside the widget types (see `WidgetKind` for those).
public enum PanelSchema {
    /// Design sizes up to 4096 a side (4K screens fit); with the area budget below this
    /// bounds a frame's memory (see docs/layout.md, "Limits").
    public static let maxDesignSide = 4096
    /// Images (PNG) up to 4096 × 4096 pixels: 64 MB decoded.
    public static let maxImageSide = 4096
    /// Pages in a panel and widgets on a page.
    public static let maxPages = 64
    public static let maxWidgetsPerPage = 256
    /// The widgets of a page may cover at most this many times the design area: each covered
    /// pixel costs about 10 bytes of cached layers (knob image, satin, shadow), so a page
    /// stays within about 50 bytes per screen pixel, frame and background included.
    public static let maxCoverage = 4.0
    /// Titles the knobs of one page draw (a discrete knob draws `positions` titles): the
    /// first frame lays each out about 17 times to fit its size (~0.25 ms each).
    public static let maxTitlesPerPage = 1440
    /// Widget ids the panel uses for itself: `page` is the MQTT topics `PREFIX/page/state`
    /// and `PREFIX/page/set` and the Home Assistant page selector (`unique_id` NODE_page), so
    /// a widget of that id would share its state topic, its entity and its commands. `screen`
    /// likewise: `PREFIX/screen/state`, `PREFIX/screen/set` and the Home Assistant light.
    public static let reservedWidgetIDs: Set<String> = ["page", "screen"]

    public static let grid = ObjectSchema(name: "grid", properties: [
        PropertyRule("columns", .integer(min: 1, max: 256), required: true, doc: "Number of columns (≥ 1)."),
        PropertyRule("rows", .integer(min: 1, max: 256), required: true, doc: "Number of rows (≥ 1)."),
        PropertyRule("gap", .designLength, default: .number(GridLayout.defaultGap), doc: "Space between neighbouring cells, in design pixels."),
        PropertyRule("padding", .designLength, default: .number(GridLayout.defaultPadding), doc: "Space between the grid and the design area's edges, in design pixels."),
    ])

    public static let layout = ObjectSchema(name: "layout", properties: [
        PropertyRule("grid", .object(grid), required: true, doc: "A grid of equal cells; widgets use `cell` and `span`."),
    ])

    public static let theme = ObjectSchema(name: "theme", properties: [
        PropertyRule("base", .enumeration(ThemeBase.allCases.map(\.rawValue)), default: .string("dark"),
                     doc: "The preset every token starts from: dark or light; the keys below override its tokens."),
        PropertyRule("accent", .color, doc: "Accent token: values, selections, 'on' (default: the base's; #007aff for dark)."),
        PropertyRule("tint", .color, doc: "The accent token's older name; accent wins when both are given."),
        PropertyRule("background", .oneOf([.color, .array(of: .color, minCount: 1, maxCount: 2)]),
                     doc: "Background token: one color, or [top, bottom] for a vertical gradient (default: the base's)."),
        PropertyRule("surface", .color, doc: "Surface token: tiles, wells and flat knob discs, one step up from the background."),
        PropertyRule("text", .color, doc: "Text token: text on the background and surfaces."),
        PropertyRule("textColor", .color, doc: "The text token's older name; text wins when both are given."),
        PropertyRule("muted", .color, doc: "Muted token: captions, tick labels, secondary text."),
        PropertyRule("track", .color, doc: "Track token: the unfilled part of arcs and tracks."),
        PropertyRule("danger", .color, doc: "Danger token: alarms, record, destructive actions."),
        PropertyRule("success", .color, doc: "Success token: running, connected, OK."),
        PropertyRule("warning", .color, doc: "Warning token: attention, limits near."),
        PropertyRule("font", .string(nonEmpty: true), default: .string(Theme.defaultFont), doc: "Font family for text."),
        PropertyRule("knobStyle", .enumeration(KnobStyle.allCases.map(\.rawValue)),
                     doc: "How knobs are finished unless they set style: satin, plain or flat (default: satin for dark, flat for light)."),
        PropertyRule("captionSize", .number(min: .atLeast(6), max: .atMost(200)),
                     doc: "Caption size of round widgets (knobs, circular sliders, dials) in design pixels, unless they set captionSize; default: 7 % of the widget's diameter, 13…24."),
        PropertyRule("captionPlacement", .enumeration(CaptionPlacement.allCases.map(\.rawValue)),
                     doc: "Where round widgets put their caption unless they say: below, inside (under the value) or none; default: below for knobs, inside for circular sliders."),
    ])

    /// Keys every widget has, whatever its type.
    /// The `type` rule lists the types of `kinds`.
    public static func widgetCommon(_ kinds: WidgetKinds) -> [PropertyRule] { [
        PropertyRule("id", .identifier, required: true, doc: "Unique across the whole panel: letters, digits, '_', '.', '-'."),
        PropertyRule("type", .enumeration(kinds.names), required: true, doc: "The widget type."),
        PropertyRule("frame", .tuple([TupleElement("x", .designCoordinate), TupleElement("y", .designCoordinate),
                                      TupleElement("width", .designExtent), TupleElement("height", .designExtent)]),
                     doc: "[x, y, width, height] in design pixels (origin top left). Give either frame or cell."),
        PropertyRule("cell", .tuple([TupleElement("column", .integer(min: 0, max: 255)), TupleElement("row", .integer(min: 0, max: 255))]),
                     doc: "[column, row], 0-based, in the page's (or panel's) grid. Give either frame or cell."),
        PropertyRule("span", .tuple([TupleElement("columns", .integer(min: 1, max: 256)), TupleElement("rows", .integer(min: 1, max: 256))]),
                     default: .array([.number(1), .number(1)]), doc: "[columns, rows] of grid cells the widget covers (with cell)."),
    ] }

    public static let page: [PropertyRule] = [
        PropertyRule("id", .identifier, required: true, doc: "Unique page id: letters, digits, '_', '.', '-'."),
        PropertyRule("title", .string(nonEmpty: false), doc: "Title shown for the page in the page menu; default: the id."),
        PropertyRule("icon", .imagePath, doc: "Image (PNG) shown before the title in the page menu."),
        PropertyRule("role", .enumeration(["page", "right"]), default: .string("page"),
                     doc: "page: listed in the page menu; right: the drawer's right view, revealed from the right edge (at most one)."),
        PropertyRule("layout", .object(layout), doc: "This page's grid; default: the panel's layout."),
        // Each widget is checked against its kind (checkWidget) and exported as $defs/widget.
        PropertyRule("widgets", .array(of: .object(ObjectSchema(name: "widget", properties: [])), minCount: 0, maxCount: maxWidgetsPerPage),
                     default: .array([]), doc: "The page's widgets, drawn in this order (later on top)."),
    ]

    public static let panel: [PropertyRule] = [
        PropertyRule("$schema", .string(nonEmpty: false, maxLength: ValueRule.maxPathLength), doc: "Ignored; lets editors find panels/schema.json."),
        PropertyRule("panel", .string(nonEmpty: true), required: true, doc: "The panel's name."),
        PropertyRule("size", .tuple([TupleElement("width", .integer(min: 1, max: maxDesignSide)),
                                     TupleElement("height", .integer(min: 1, max: maxDesignSide))]),
                     required: true, doc: "[width, height] of the design area in design pixels; scaled uniformly to the screen."),
        PropertyRule("rotation", .integerChoice([0, 90, 180, 270]), default: .number(0),
                     doc: "Clockwise rotation of the design on the screen in degrees: 0, 90, 180 or 270."),
        PropertyRule("physicalSize", .tuple([TupleElement("width_mm", .number(min: .above(0), max: .atMost(100_000))),
                                             TupleElement("height_mm", .number(min: .above(0), max: .atMost(100_000)))]),
                     doc: "[width, height] of the screen's visible area in millimetres, as the panel is seen; 'check' then warns about touch targets under 9 mm."),
        PropertyRule("calibration", .tuple(["a", "b", "c", "d", "e", "f"].map { TupleElement($0, .number(min: .atLeast(-100), max: .atMost(100))) }),
                     doc: "Touch calibration matrix [a, b, c, d, e, f] in libinput's convention: on coordinates normalised to 0..1 of the touch device, x' = a·x + b·y + c, y' = d·x + e·y + f (identity [1, 0, 0, 0, 1, 0]; mirror X [-1, 0, 1, 0, 1, 0]). 'run --touch-matrix' overrides it."),
        PropertyRule("theme", .oneOf([.enumeration(ThemeBase.allCases.map(\.rawValue)), .object(theme)]),
                     doc: "Panel-wide colour tokens and font: \"dark\" or \"light\", or an object of a base and the tokens it overrides."),
        PropertyRule("locale", .string(nonEmpty: true, maxLength: 16), default: .string("en"),
                     doc: "How numbers are written on screen: a language code, optionally with a region ('de', 'de-AT', 'pt-BR'); it chooses the decimal separator (21,5 °C in 'de'). Widgets may set their own."),
        PropertyRule("layout", .object(layout), doc: "Default grid for pages without their own layout."),
        PropertyRule("pages", .array(of: .object(ObjectSchema(name: "page", properties: page)), minCount: 1, maxCount: maxPages),
                     required: true, doc: "The pages, at least one with role page; the first such page is shown at start."),
        PropertyRule("drawer", .object(drawer), doc: "The page drawer's settings (SWRevealViewController's names and defaults); a panel with more than one page has a drawer with the defaults."),
        PropertyRule("screen", .object(screen), doc: "Screen power: dim and turn off after a while without input, wake on touch; by default the screen stays on."),
        PropertyRule("sound", .object(sound), doc: "A click you can hear: a short tick through ALSA when a control is pressed; off by default."),
    ]
}
