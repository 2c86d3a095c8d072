import ControlWidgets
import Graphics
import PanelLayout

/// Turns a validated widget spec from the layout file into a live widget view.
/// PanelLayout has already checked types and ranges; this maps names and units
/// (degrees in the file, radians in the models).
package enum WidgetFactory {
    package static func makeView(_ spec: WidgetSpec, theme: Theme, shared: SharedLayers = SharedLayers()) throws(GraphicsError) -> any WidgetView {
        let frame = Rect(x: spec.frame.x, y: spec.frame.y, width: spec.frame.width, height: spec.frame.height)
        switch spec.type {
        case "label":
            let align: TextLayout.Alignment = spec.string("align") == "left" ? .left : spec.string("align") == "right" ? .right : .center
            return LabelView(id: spec.id, frame: frame, text: spec.string("text") ?? "",
                             fontName: spec.string("fontName") ?? theme.font, fontSize: spec.number("fontSize") ?? 24,
                             color: spec.color("color").map(Color.init(_:)) ?? Color(theme.textColor),
                             alignment: align, bold: spec.string("weight") == "bold",
                             bind: spec.string("bind"), valueFormat: spec.string("valueFormat").flatMap { ValueFormat($0) })
        case "slider", "rangeSlider":
            return try makeSlider(spec, frame: frame, theme: theme, shared: shared)
        case "button":
            return ButtonView(id: spec.id, frame: frame, title: spec.string("title") ?? "",
                              icon: try spec.string("icon").map { (p: String) throws(GraphicsError) in try ImageSurface(pngPath: p) },
                              repeats: spec.bool("repeat") ?? false, chrome: chrome(spec, theme),
                              enabled: spec.bool("enabled") ?? true, selected: spec.bool("selected") ?? false)
        case "toggle":
            return ToggleView(id: spec.id, frame: frame, title: spec.string("title") ?? "", on: spec.bool("on") ?? false,
                              chrome: chrome(spec, theme), enabled: spec.bool("enabled") ?? true)
        case "segmented":
            return SegmentedView(id: spec.id, frame: frame, titles: spec.strings("titles") ?? [], index: Int(spec.number("index") ?? 0),
                                 chrome: chrome(spec, theme), enabled: spec.bool("enabled") ?? true)
        default:
            return try makeKnob(spec, frame: frame, theme: theme, shared: shared)
        }
    }

    /// The tile controls' look: the widget's tint (else the theme's), the theme's font and text colour.
    package static func chrome(_ spec: WidgetSpec, _ theme: Theme) -> ControlChrome {
        ControlChrome(tint: spec.color("tint").map(Color.init(_:)) ?? Color(theme.tint), fontName: theme.font,
                      fontSize: spec.number("fontSize"), textColor: Color(theme.textColor))
    }

    package static func makeKnob(_ spec: WidgetSpec, frame: Rect, theme: Theme, shared: SharedLayers) throws(GraphicsError) -> KnobView {
        var model = KnobModel()
        if let m = spec.string("mode"), let mode = KnobMode(rawValue: m) { model.mode = mode }
        if let b = spec.bool("circular") { model.circular = b }
        if let b = spec.bool("clockwise") { model.clockwise = b }
        if let b = spec.bool("normalized") { model.normalized = b }
        if let n = spec.number("positions") { model.positions = Int(n) }
        if let t = spec.strings("titles") { model.titles = t }
        // "min and max ... the last one set wins": apply them in the file's order.
        for key in spec.propertyOrder where key == "min" || key == "max" {
            guard let deg = spec.number(key) else { continue }
            if key == "min" { model.min = KnobMath.radians(deg) } else { model.max = KnobMath.radians(deg) }
        }
        if let n = spec.number("timeScale") { model.timeScale = n }
        if let g = spec.string("gesture"), let gesture = KnobGesture(rawValue: g) { model.gesture = gesture }
        if let n = spec.number("gestureSensitivity") { model.gestureSensitivity = KnobMath.radians(n) }
        if let r = spec.numbers("range"), r.count == 2 { model.range = KnobValueRange(lo: r[0], hi: r[1]) }
        // Opt-in; in the knob's own units: a value of its range, else degrees.
        if let n = spec.number("resetOnDoubleTap") {
            model.doubleTapReset = model.range != nil ? .value(n) : .position(KnobMath.radians(n))
        }
        // Deprecated defaultPosition (degrees even with a range): the old reset target exactly,
        // a position, so a file written before resetOnDoubleTap resets as it did.
        if let n = spec.number("defaultPosition") { model.doubleTapReset = .position(KnobMath.radians(n)) }
        if let b = spec.bool("enabled") { model.isEnabled = b }
        model.valueSteps = KnobValueSteps(step: spec.number("step"), wheel: spec.number("wheelStep"),
                                          key: spec.number("keyStep"), page: spec.number("pageStep"))
        if let n = spec.number("position") { _ = model.setPosition(degrees: n) }
        // The start in range units (-30 dB), after the range, min/max and step are known.
        if let v = spec.number("value") { _ = model.setValue(v) }

        let tint = spec.color("tint").map(Color.init(_:)) ?? Color(theme.tint)
        var colors = KnobColors(tint: tint)
        colors.fill = stateColors(spec.stateColors("fillColor"))
        colors.title = stateColors(spec.stateColors("titleColor"))
        var look = KnobAppearance(colors: colors)
        look.fontName = spec.string("fontName") ?? theme.font
        if let b = spec.bool("zoomTopTitle") { look.zoomTopTitle = b }
        if let n = spec.number("zoomPointSize") { look.zoomPointSize = n }
        if let n = spec.number("shadowOpacity") { look.shadowOpacity = n }
        if let o = spec.numbers("shadowOffset"), o.count == 2 { look.shadowOffset = (o[0], o[1]) }
        if let n = spec.number("shadowRadius") { look.shadowRadius = n }
        if let c = spec.color("shadowColor") { look.shadowColor = Color(c) }
        if let n = spec.number("knobRadius"), n > 0 { look.knobRadius = n }
        if let b = spec.bool("masksImage") { look.masksImage = b }
        if let n = spec.number("fingerHoleRadius") { look.fingerHoleRadius = n }
        look.fingerHoleMargin = spec.number("fingerHoleMargin")
        if let b = spec.bool("selected") { look.selected = b }
        look.satinFinish = spec.string("finish") != "flat"
        look.caption = spec.string("label")
        look.captionColor = Color(theme.textColor)
        look.valueFormat = spec.string("valueFormat").flatMap { try? ValueFormat(parsing: $0) }
        if let p = spec.string("valuePlacement").flatMap(KnobValuePlacement.init(rawValue:)) {
            look.valuePlacement = p
        } else if model.mode == .continuous && model.range != nil {
            look.valuePlacement = .center
        }
        if let o = spec.string("titleOrientation").flatMap(KnobTitleOrientation.init(rawValue:)) { look.titleOrientation = o }
        // A scale by default where it says something: a continuous knob between limits.
        if spec.bool("scale") ?? (model.mode == .continuous && !model.circular) {
            look.scale = KnobScale(ticks: Int(spec.number("ticks") ?? 0), minorTicks: Int(spec.number("minorTicks") ?? 0),
                                   tickLabels: spec.bool("tickLabels") ?? false)
        }
        if let path = spec.string("image") { look.images[.normal] = try ImageSurface(pngPath: path) }
        for (name, path) in spec.stateStrings("images") ?? [:] {
            if let state = ControlState(name: name) { look.images[state] = try ImageSurface(pngPath: path) }
        }
        if let path = spec.string("backgroundImage") { look.backgroundImage = try ImageSurface(pngPath: path) }
        if let path = spec.string("foregroundImage") { look.foregroundImage = try ImageSurface(pngPath: path) }
        return KnobView(id: spec.id, frame: frame, model: model, appearance: look, shared: shared)
    }

    private static func stateColors(_ named: [String: RGBA]?) -> [ControlState: Color] {
        var out: [ControlState: Color] = [:]
        for (name, c) in named ?? [:] { if let s = ControlState(name: name) { out[s] = Color(c) } }
        return out
    }
}
