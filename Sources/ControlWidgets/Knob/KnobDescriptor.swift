import Graphics
import PanelLayout

/// The knob: its schema (KnobSchema.swift), its factory (degrees in the file, radians in the
/// model), Home Assistant (a number with a range, a select when discrete, an event for a dial).
public enum KnobDescriptor: WidgetDescriptor {
    /// A keypad or a button's `action` may set a knob with a `range` (not a dial).
    /// A rotary dial's `target` is a keypad it types its numbers into.
    public static var kinds: [WidgetKind] {
        var k = kind.takingNumbers { $0.isSet("range") && $0.string("mode") != "rotaryDial" }
        k.digitTargets = { spec in spec.string("target").map { [(key: "target", id: $0)] } ?? [] }
        return [k]
    }
    public static let turnCommands = WidgetCommandSet("knob", ["set": ["position", "positionIndex", "value", "animated", "enabled"]])
    /// A dial is turned by dialling, never set to a position.
    public static let dialCommands = WidgetCommandSet("knob", variant: "rotaryDial", ["set": ["enabled"], "dial": ["number"]])
    public static var commandSets: [WidgetCommandSet] { [turnCommands, dialCommands] }
    public static var savesState: Bool { true }

    public static func homeAssistant(_ knob: KnobView) -> HAEntity? {
        let model = knob.model
        if model.mode == .rotaryDial { return .event(types: (0...9).map(String.init)) }
        // The titles the knob shows, one per position: missing ones are drawn as the index,
        // so a knob without titles offers "0", "1", …
        if model.mode.isDiscrete { return .select(options: model.shownTitles, field: "title") }
        guard let r = model.range, r.lo != r.hi else { return nil }
        return .number(min: Swift.min(r.lo, r.hi), max: Swift.max(r.lo, r.hi), rounding: model.valueRounding)
    }

    public static func bareSet(_ p: BarePayload, on knob: KnobView) -> Result<BareSet, WidgetCommandError> {
        let model = knob.model
        if model.mode == .rotaryDial {
            // A digit dials it, as the dial command does (Home Assistant's event entity
            // has no command topic; this is for scripts and automations).
            guard p.text.utf8.count == 1, let digit = Int(p.text) else {
                return .failure(WidgetCommandError("'\(p.shown)' is not a digit 0…9 to dial"))
            }
            return .success(BareSet("dial", [EventField("number", .integer(digit))]))
        }
        if model.mode.isDiscrete {
            // The shown titles (Home Assistant's options), so "3" on a knob without
            // titles and "Hall" on one with them both find their position.
            if let i = model.shownTitles.firstIndex(of: p.text) { return .success(BareSet([EventField("positionIndex", .integer(i))])) }
            if let n = p.number, n == n.rounded() { return .success(BareSet([EventField("positionIndex", .integer(Int(n)))])) }
            return .failure(WidgetCommandError("'\(p.shown)' is neither a title of '\(knob.id)' nor a position index"))
        }
        guard let n = p.number else { return .failure(WidgetCommandError("'\(p.shown)' is not a number")) }
        return .success(BareSet([EventField(model.range != nil ? "value" : "position", .number(n))]))
    }

    /// The knob's square above its caption line, shrunk to its disc when a scale surrounds it.
    public static func touchTarget(_ spec: WidgetSpec) -> Double? {
        let f = spec.frame
        let hasCaption = (spec.isSet("label") || spec.string("valuePlacement") == "caption") && (spec.string("captionPlacement") ?? "below") == "below"
        let size = spec.number("captionSize") ?? RoundCaption.defaultSize(diameter: Swift.min(f.width, f.height))
        let caption = hasCaption ? RoundCaption.lineHeight(size: size) : 0
        return Swift.min(f.width, f.height - caption)
    }

    public static func make(_ spec: WidgetSpec, _ context: WidgetBuildContext) throws(GraphicsError) -> KnobView {
        let theme = context.theme, shared = context.shared
        let frame = Rect(spec.frame)
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
        if let b = spec.bool("fineDrag") { model.fineDrag = b }
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
        // style, else the older finish (its flat is the reference's plain disc), else the theme's.
        look.style = spec.string("style").flatMap(KnobStyle.init(rawValue:))
            ?? spec.string("finish").map { $0 == "flat" ? .plain : .satin } ?? theme.knobStyle
        look.flatDisc = Color(theme.surface)
        look.textColor = Color(theme.textColor)
        look.caption = spec.string("label")
        look.captionColor = spec.color("captionColor").map(Color.init(_:)) ?? Color(theme.muted)
        look.captionPlacement = spec.string("captionPlacement").flatMap(CaptionPlacement.init(rawValue:)) ?? theme.captionPlacement ?? .below
        look.captionSize = spec.number("captionSize") ?? theme.captionSize
        look.captionFit = TextLayout.Fit(spec, key: "captionFit", default: .shrink)
        look.valueFormat = spec.string("valueFormat").flatMap { try? ValueFormat(parsing: $0) }
        look.locale = context.numberLocale(for: spec)
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
            look.scale?.origin = spec.number("origin")
        }
        if let path = spec.string("image") { look.images[.normal] = try ImageSurface(pngPath: path) }
        for (name, path) in spec.stateStrings("images") ?? [:] {
            if let state = ControlState(name: name) { look.images[state] = try ImageSurface(pngPath: path) }
        }
        if let path = spec.string("backgroundImage") { look.backgroundImage = try ImageSurface(pngPath: path) }
        if let path = spec.string("foregroundImage") { look.foregroundImage = try ImageSurface(pngPath: path) }
        return KnobView(id: spec.id, frame: frame, model: model, appearance: look, shared: shared, digitTarget: spec.string("target"))
    }

    static func stateColors(_ named: [String: RGBA]?) -> [ControlState: Color] {
        var out: [ControlState: Color] = [:]
        for (name, c) in named ?? [:] { if let s = ControlState(name: name) { out[s] = Color(c) } }
        return out
    }
}
