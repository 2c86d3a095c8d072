import Graphics
import PanelLayout

/// `slider` and `rangeSlider` (SliderSchema.swift) → SliderView. Names and defaults are
/// MSCircularSlider's; colours left out fall back to the theme. Home Assistant: a number.
public enum SliderDescriptor: WidgetDescriptor {
    public static var kinds: [WidgetKind] { [sliderKind.takingNumbers(), rangeSliderKind] }
    public static let sliderCommands = WidgetCommandSet("slider", ["set": ["value", "animated", "enabled"]])
    public static let rangeSliderCommands = WidgetCommandSet("rangeSlider", ["set": ["value", "secondValue", "animated", "enabled"]])
    public static var commandSets: [WidgetCommandSet] { [sliderCommands, rangeSliderCommands] }
    public static var savesState: Bool { true }

    public static func homeAssistant(_ slider: SliderView) -> HAEntity? {
        let m = slider.model
        guard m.minimumValue < m.maximumValue else { return nil }
        return .number(min: m.minimumValue, max: m.maximumValue, rounding: m.valueRounding)
    }

    public static func bareSet(_ p: BarePayload, on slider: SliderView) -> Result<BareSet, WidgetCommandError> {
        guard let n = p.number else { return .failure(WidgetCommandError("'\(p.shown)' is not a number")) }
        return .success(BareSet([EventField("value", .number(n))]))
    }

    public static func touchTarget(_ spec: WidgetSpec) -> Double? { Swift.min(spec.frame.width, spec.frame.height) }

    public static func make(_ spec: WidgetSpec, _ context: WidgetBuildContext) throws(GraphicsError) -> SliderView {
        let theme = context.theme, shared = context.shared
        let frame = Rect(spec.frame)
        let range = spec.type == "rangeSlider"
        var model = SliderModel(range: range)
        if let n = spec.number("minimumValue") { model.minimumValue = n }
        if let n = spec.number("maximumValue") { model.maximumValue = n }
        if let n = spec.number("maximumAngle") { model.maximumAngle = n }
        if let n = spec.number("rotationAngle") { model.rotationAngle = n }
        if !range, let n = spec.number("maximumRevolutions") { model.maximumRevolutions = Int(n) }
        // Deprecated defaultValue: as before, one value (a range slider's first handle only).
        model.doubleTapReset = spec.numbers("resetOnDoubleTap") ?? spec.number("resetOnDoubleTap").map { [$0] }
            ?? spec.number("defaultValue").map { [$0] }
        model.step = spec.number("step")
        if let b = spec.bool("enabled") { model.isEnabled = b }

        var look = SliderAppearance()
        if let n = spec.number("sliderPadding") { look.sliderPadding = n }
        if let n = spec.number("lineWidth") { look.lineWidth = n }
        if spec.isSet("gradientColors") {
            look.gradientColors = (spec.value("gradientColors")?.arrayValue ?? []).compactMap { $0.stringValue.flatMap(RGBA.init(hex:)).map(Color.init(_:)) }
        } else if let c = spec.color("filledColor") {
            look.gradientColors = [Color(c)]
        } else {
            look.gradientColors = []
        }
        // By default the accent, turning a little towards violet along the arc.
        if look.gradientColors.isEmpty { look.gradientColors = defaultGradient(accent: Color(theme.tint)) }
        look.unfilledColor = spec.color("unfilledColor").map(Color.init(_:)) ?? Color(theme.track)
        // The dark ring behind the track: a shade under the background (on a light theme, a
        // shade under the track, so it reads as a groove rather than a black band).
        look.ringColor = spec.color("ringColor").map(Color.init(_:)) ?? grooveColor(theme)
        if let n = spec.number("glowOpacity") { look.glowOpacity = n }
        if let f = spec.string("valueFormat"), let format = ValueFormat(f) { look.valueFormat = format }
        look.valueFormat.locale = context.numberLocale(for: spec)
        if let b = spec.bool("showValue") { look.showValue = b }
        look.valueColor = spec.color("valueColor").map(Color.init(_:)) ?? Color(theme.textColor)
        look.fontName = spec.string("fontName") ?? theme.font
        look.caption = spec.string("label")
        look.captionColor = spec.color("captionColor").map(Color.init(_:)) ?? Color(theme.muted)
        look.captionPlacement = spec.string("captionPlacement").flatMap(CaptionPlacement.init(rawValue:)) ?? theme.captionPlacement ?? .inside
        look.captionSize = spec.number("captionSize") ?? theme.captionSize
        look.captionFit = TextLayout.Fit(spec, key: "captionFit", default: .shrink)
        look.labels = spec.strings("labels") ?? []
        look.labelColor = spec.color("labelColor").map(Color.init(_:)) ?? Color(theme.textColor).withAlpha(0.8)
        look.labelFont = spec.string("labelFont") ?? theme.font
        if let n = spec.number("labelFontSize") { look.labelFontSize = n }
        if let n = spec.number("labelOffset") { look.labelOffset = n }
        if let n = spec.number("markerCount") { look.markerCount = Int(n) }
        if let c = spec.color("markerColor") { look.markerColor = Color(c) }
        if let path = spec.string("markerImage") { look.markerImage = try ImageSurface(pngPath: path) }
        for i in 0..<(range ? 2 : 1) {
            func key(_ name: String) -> String { i == 0 ? name : "second" + name.prefix(1).uppercased() + String(name.dropFirst()) }
            var h = SliderAppearance.Handle()
            if let t = spec.string(key("handleType")), let type = SliderAppearance.HandleType(rawValue: t) { h.type = type }
            if let c = spec.color(key("handleColor")) { h.color = Color(c) }
            if let path = spec.string(key("handleImage")) { h.image = try ImageSurface(pngPath: path) }
            if let n = spec.number(key("handleEnlargementPoints")) { h.enlargementPoints = n }
            if let b = spec.bool(key("handleHighlightable")) { h.highlightable = b }
            if let b = spec.bool(key("handleRotatable")) { h.rotatable = b }
            look.handles[i] = h
        }

        // Snap targets: labels and/or markers, spread as they are drawn.
        var snaps: [Double] = []
        if spec.bool("snapToLabels") == true { snaps += SliderPainter.evenTravels(count: look.labels.count, maximumAngle: model.maximumAngle) }
        if spec.bool("snapToMarkers") == true { snaps += SliderPainter.evenTravels(count: look.markerCount, maximumAngle: model.maximumAngle) }
        model.snapAngles = Array(Set(snaps)).sorted()

        let view = SliderView(id: spec.id, frame: frame, model: model, appearance: look,
                              minimumHandlesDistance: range ? spec.number("minimumHandlesDistance") ?? 10 : 0, shared: shared)
        view.setInitialValues(first: spec.number("currentValue") ?? 0,
                              second: range ? spec.number("secondCurrentValue") : nil,
                              revolutions: range ? 0 : Int(spec.number("revolutionsCount") ?? 0))
        if !range { view.origin = spec.number("origin") }
        return view
    }

    /// The dark ring (or a fader's groove) behind the track: a shade under the background; on a
    /// light theme a shade under the track, so it reads as a groove rather than a black band.
    static func grooveColor(_ theme: Theme) -> Color {
        theme.base == .light ? Color(theme.track).mixed(with: Color(theme.textColor), 0.08) : SliderAppearance().ringColor
    }

    /// The default fill: the accent, its hue turned a tenth of the circle on at the arc's end.
    static func defaultGradient(accent: Color) -> [Color] {
        let hsb = accent.hsb
        let hue = (hsb.hue + 0.12).truncatingRemainder(dividingBy: 1)
        return [accent, Color(hue: hue, saturation: Swift.min(1, hsb.saturation * 0.8), brightness: hsb.brightness, alpha: accent.alpha)]
    }
}
