import Graphics

/// Where a knob writes its value (not in the reference: a thermostat must show 21.5 °C, not
/// only a dot on a disc).
public enum KnobValuePlacement: String, Sendable, CaseIterable {
    /// Upright on the knob's centre, in a colour chosen for contrast with the fill.
    case center
    /// After the caption under the knob ("Setpoint 21.5 °C").
    case caption
    case none
}

extension KnobView {
    /// The value's format in use: the layout's, else decimals that show the step exactly,
    /// else about three significant digits over the range.
    var valueFormatInUse: ValueFormat {
        if let f = appearance.valueFormat { return f.localized(appearance.locale) }
        if let step = model.valueSteps.step, model.mode == .continuous {
            return ValueFormat(decimals: ValueFormat.decimals(forStep: step)).localized(appearance.locale)
        }
        guard let range = model.range else { return ValueFormat(decimals: 0).localized(appearance.locale) }
        return ValueFormat(decimals: ValueFormat.decimals(forSpan: range.hi - range.lo)).localized(appearance.locale)
    }

    /// The value shown at `time` (follows animations, on the step grid), formatted; nil
    /// without a range.
    public func readoutText(at time: Double) -> String? {
        guard let v = model.displayedValue(at: time) else { return nil }
        return valueFormatInUse.string(model.valueOnStepGrid(v))
    }

    /// The value as the readout writes it (for labels bound to this knob).
    public func currentReadout() -> String? {
        model.value.map { valueFormatInUse.string($0) }
    }

    /// Whether a caption line sits under the knob.
    var hasCaptionLine: Bool {
        appearance.caption != nil || (appearance.valuePlacement == .caption && model.range != nil)
    }

    /// The caption line's text: the label, then the value when it is placed there.
    func captionText(at time: Double) -> String? {
        let value = appearance.valuePlacement == .caption ? readoutText(at: time) : nil
        switch (appearance.caption, value) {
        case let (caption?, value?): return caption.isEmpty ? value : caption + "  " + value
        case let (caption?, nil): return caption
        case let (nil, value?): return value
        default: return nil
        }
    }

    /// The ink of text on the knob's face in the current state: the explicit title colour if
    /// it reads (≥ 4.5:1), else near-white or near-black, whichever contrasts more.
    var faceInk: Color {
        let fill = appearance.colors.fillColor(for: state)
        if let explicit = appearance.colors.title[state] ?? appearance.colors.title[.normal],
           explicit.contrastRatio(with: fill.withAlpha(1)) >= 4.5 { return explicit }
        return appearance.satinFinish ? Self.satinInk(on: fill) : fill.withAlpha(1).readableInk()
    }

    /// Draws the value upright on the knob's centre `c` (screen pixels). The text image is
    /// cached per text and scale, so a knob at rest composites a copy.
    func drawCenterReadout(in ctx: DrawingContext, center c: Point, mapping: ScreenMapping, time: Double) {
        guard appearance.valuePlacement == .center, appearance.image(for: state) == nil,
              let text = readoutText(at: time) else { return }
        let ink = faceInk
        let key = "\(text)|\(mapping.scale)|\(ink)"
        let surface: ImageSurface
        if let readoutCache, readoutCache.key == key {
            surface = readoutCache.surface
        } else {
            guard let made = readoutImage(text, ink: ink, scale: mapping.scale) else { return }
            readoutCache = (key, made)
            surface = made
        }
        ctx.setSource(surface, at: Point(x: (c.x - Double(surface.width) / 2).rounded(),
                                         y: (c.y - Double(surface.height) / 2).rounded()), smooth: false)
        ctx.paint()
    }

    /// The readout's text box: about 0.36 of the knob's radius high, narrowed to fit 1.5 radii.
    private func readoutImage(_ text: String, ink: Color, scale: Double) -> ImageSurface? {
        let r = knobRadius * scale
        guard let probe = try? ImageSurface(width: 1, height: 1) else { return nil }
        var size = Swift.max(8, r * 0.36)
        let maxWidth = r * 1.5
        let measured = TextLayout(text: text, family: appearance.fontName, pixelSize: size, bold: true, context: DrawingContext(surface: probe)).size
        if measured.width > maxWidth { size = Swift.max(6, size * maxWidth / measured.width) }
        let w = Swift.max(1, Int(maxWidth.rounded(.up)) + 2), h = Swift.max(1, Int((size * 1.4).rounded(.up)) + 2)
        guard let surface = try? ImageSurface(width: w, height: h) else { return nil }
        let ctx = DrawingContext(surface: surface)
        let layout = TextLayout(text: text, family: appearance.fontName, pixelSize: size, bold: true, context: ctx)
        ctx.setColor(ink)
        layout.draw(centeredAt: Point(x: Double(w) / 2, y: Double(h) / 2))
        return surface
    }
}
