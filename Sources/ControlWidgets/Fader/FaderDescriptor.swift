import Graphics
import PanelLayout

/// `fader` (FaderSchema.swift) → FaderView. Home Assistant: a number; a bare MQTT number sets it.
public enum FaderDescriptor: WidgetDescriptor {
    public static var kinds: [WidgetKind] { [kind] }
    public static let commands = WidgetCommandSet("fader", ["set": ["value", "animated", "enabled"]])
    public static var commandSets: [WidgetCommandSet] { [commands] }
    public static var savesState: Bool { true }

    public static func homeAssistant(_ fader: FaderView) -> HAEntity? {
        let m = fader.model
        return .number(min: Swift.min(m.lo, m.hi), max: Swift.max(m.lo, m.hi), rounding: m.valueRounding)
    }

    public static func bareSet(_ p: BarePayload, on fader: FaderView) -> Result<BareSet, WidgetCommandError> {
        guard let n = p.number else { return .failure(WidgetCommandError("'\(p.shown)' is not a number")) }
        return .success(BareSet([EventField("value", .number(n))]))
    }

    /// The track's strip (a finger anywhere on it takes the thumb), by its smaller side, or
    /// the thumb's if that is more. Capping it at 44 made every fader a warning on screens
    /// under 0.2 mm a pixel, however wide its strip (a 64-wide strip is 9.6 mm at 0.15 mm).
    public static func touchTarget(_ spec: WidgetSpec) -> Double? {
        let g = geometry(spec, lineWidth: spec.number("lineWidth") ?? 6)
        return Swift.max(g.thumbAlong, Swift.min(g.touchStrip.width, g.touchStrip.height))
    }

    static func geometry(_ spec: WidgetSpec, lineWidth: Double) -> FaderGeometry {
        let ticks = Int(spec.number("ticks") ?? 0)
        return FaderGeometry(frame: Rect(spec.frame), vertical: spec.string("orientation") != "horizontal", lineWidth: lineWidth,
                             showsValue: spec.bool("showValue") ?? true, hasCaption: !(spec.string("label") ?? "").isEmpty,
                             tickLabels: ticks >= 2 && spec.bool("tickLabels") == true,
                             captionSize: spec.number("captionSize"), captionPlacement: spec.string("captionPlacement").flatMap(CaptionPlacement.init(rawValue:)))
    }

    public static func make(_ spec: WidgetSpec, _ context: WidgetBuildContext) throws(GraphicsError) -> FaderView {
        let theme = context.theme
        let r = spec.numbers("range") ?? [0, 100]
        let lo = r.count == 2 ? r[0] : 0, hi = r.count == 2 ? r[1] : 100
        var model = FaderModel(lo: lo, hi: hi, step: spec.number("step"), origin: spec.number("origin"), value: spec.number("value"))
        if let b = spec.bool("enabled") { model.isEnabled = b }

        var look = SliderAppearance()
        if let n = spec.number("lineWidth") { look.lineWidth = n } else { look.lineWidth = 6 }
        let colours = (spec.value("gradientColors")?.arrayValue ?? []).compactMap { $0.stringValue.flatMap(RGBA.init(hex:)).map(Color.init(_:)) }
        // Unset: the accent (the circular slider's default), so "accent" restyles faders too.
        look.gradientColors = colours.isEmpty ? SliderDescriptor.defaultGradient(accent: Color(theme.tint)) : colours
        look.unfilledColor = spec.color("unfilledColor").map(Color.init(_:)) ?? Color(theme.track)
        look.ringColor = spec.color("grooveColor").map(Color.init(_:)) ?? SliderDescriptor.grooveColor(theme)
        if let n = spec.number("glowOpacity") { look.glowOpacity = n }
        look.handles[0].color = spec.color("thumbColor").map(Color.init(_:)) ?? Color(red: 0.9, green: 0.914, blue: 0.933)
        if let b = spec.bool("showValue") { look.showValue = b }
        look.valueColor = spec.color("valueColor").map(Color.init(_:)) ?? Color(theme.textColor)
        look.fontName = spec.string("fontName") ?? theme.font
        look.labelFont = look.fontName
        look.caption = spec.string("label")
        // The caption system of the round widgets: the same size, colour and fitting.
        let caption = CaptionStyle(spec, theme: theme, defaultPlacement: spec.string("orientation") == "horizontal" ? .inside : .below)
        look.captionPlacement = caption.placement
        look.captionSize = caption.size
        look.captionColor = caption.color
        look.captionFit = caption.fit
        look.labelColor = Color(theme.muted)
        let format: ValueFormat
        if let f = spec.string("valueFormat").flatMap({ try? ValueFormat(parsing: $0) }) { format = f }
        else if let step = model.step { format = ValueFormat(decimals: ValueFormat.decimals(forStep: step)) }
        else { format = ValueFormat(decimals: ValueFormat.decimals(forSpan: hi - lo)) }
        let ticks = KnobScale(ticks: Int(spec.number("ticks") ?? 0), minorTicks: Int(spec.number("minorTicks") ?? 0),
                              tickLabels: spec.bool("tickLabels") ?? false)
        return FaderView(id: spec.id, frame: Rect(spec.frame), model: model, vertical: spec.string("orientation") != "horizontal",
                         appearance: look, ticks: ticks, valueFormat: format, shared: context.shared)
    }
}
