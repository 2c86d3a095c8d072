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
        let fill = discFill
        if let explicit = appearance.colors.title[state] ?? appearance.colors.title[.normal],
           explicit.contrastRatio(with: fill.withAlpha(1)) >= 4.5 { return explicit }
        switch appearance.style {
        case .satin: return dimmedIfDisabled(Self.satinInk(on: fill))
        case .flat: return dimmedIfDisabled(fill.withAlpha(1).readableInk(preferred: appearance.textColor))
        case .plain: return dimmedIfDisabled(fill.withAlpha(1).readableInk())
        }
    }

    /// Whether the caption is drawn on the disc, under the value.
    var captionInside: Bool { appearance.captionPlacement == .inside && hasCaptionLine }

    /// How far above the centre the value sits: a tenth of the radius when a caption shares the disc.
    var readoutLift: Double { captionInside ? knobRadius * 0.14 : 0 }

    /// The circle on the disc that text keeps inside, as a fraction of the radius: inside the
    /// pointer's inner end with a gap, so "5.01 V" never reads as "• 5.01 V": the dot's inner
    /// edge is at 0.78 r (gap 0.18 r); the flat style's bead is on the ring (centre 0.932 r),
    /// its inner edge at 0.882 r (gap 0.22 r: the readout and the bead never look like one
    /// line of text). Inside the rim for titled faces.
    var textClearRadius: Double {
        knobRadius * (model.mode.isDiscrete ? 0.8 : appearance.style == .flat ? Self.flatTextClearance : Self.pipTextClearance)
    }

    /// The flat style's text circle, a fraction of the radius.
    static let flatTextClearance = 0.66
    /// The pip styles' text circle: 0.18 r short of the dot's inner edge (0.78 r), so a dot
    /// level with the text stays apart from it (at 0.68 r, "• 5.00 V" read as a bullet).
    static let pipTextClearance = 0.6

    /// Draws the value upright on the knob's centre `c` (screen pixels). The text image is
    /// cached per text and scale, so a knob at rest composites a copy.
    func drawCenterReadout(in ctx: DrawingContext, center c: Point, mapping: ScreenMapping, time: Double) {
        guard let text = centerReadoutText(at: time), let readout = readoutImage(text, mapping: mapping) else { return }
        ctx.setSource(readout.surface, at: readoutOrigin(readout, center: c, mapping: mapping), smooth: false)
        ctx.paint()
    }

    /// The text the centre readout shows at `time`; nil when the knob shows none there.
    func centerReadoutText(at time: Double) -> String? {
        guard appearance.valuePlacement == .center, appearance.image(for: state) == nil else { return nil }
        return readoutText(at: time)
    }

    /// The screen pixels the readout's ink of `text` covers, with the reach of antialiasing:
    /// a new value repaints where the old and the new text have ink, not the readout's band.
    func readoutInk(_ text: String, mapping: ScreenMapping) -> Rect? {
        guard let readout = readoutImage(text, mapping: mapping) else { return nil }
        let o = readoutOrigin(readout, center: pixelCenter(mapping), mapping: mapping)
        let ink = readout.ink
        guard ink.width > 0, ink.height > 0 else { return Rect(x: o.x, y: o.y, width: 0, height: 0) }
        return Rect(x: o.x + ink.x, y: o.y + ink.y, width: ink.width, height: ink.height).insetBy(-Double(TextImage.inkMargin))
    }

    /// Where the readout's image goes: centred on the (lifted) centre, on whole pixels.
    private func readoutOrigin(_ readout: ReadoutImage, center c: Point, mapping: ScreenMapping) -> Point {
        let y = c.y - readoutLift * mapping.scale
        return Point(x: (c.x - Double(readout.surface.width) / 2).rounded(), y: (y - Double(readout.surface.height) / 2).rounded())
    }

    /// The readout's image for `text` at this scale and ink (the one in use, else a new one).
    private func readoutImage(_ text: String, mapping: ScreenMapping) -> ReadoutImage? {
        let key = ReadoutImage.Key(text: text, scale: mapping.scale, ink: faceInk, lift: readoutLift)
        if let readoutCache, readoutCache.key == key { return readoutCache }
        guard let made = makeReadoutImage(key) else { return nil }
        readoutCache = made
        return made
    }

    /// The caption on the disc, under the value (`captionPlacement: inside`).
    func drawInsideCaption(in ctx: DrawingContext, center c: Point, mapping: ScreenMapping, time: Double) {
        guard captionInside, appearance.image(for: state) == nil, let text = captionText(at: time) else { return }
        let s = mapping.scale
        let size = Swift.min(captionSize, knobRadius * 0.3)
        // Centred 0.42 r below the centre; as wide as the clear circle is at that height.
        let dy = knobRadius * 0.42
        let h = RoundCaption.lineHeight(size: size)
        let half = (textClearRadius * textClearRadius - (dy + h / 2) * (dy + h / 2)).squareRoot()
        guard half.isFinite, half > 4 else { return }
        let ink = appearance.style == .flat ? appearance.captionColor : faceInk.withAlpha(0.72)
        guard let image = RoundCaption.image(text, font: appearance.fontName, pixelSize: size * s, color: dimmedIfDisabled(ink),
                                             width: Int((2 * half * s).rounded()), height: Int((h * s).rounded()),
                                             fit: appearance.captionFit) else { return }
        ctx.setSource(image, at: Point(x: (c.x - Double(image.width) / 2).rounded(), y: (c.y + dy * s - Double(image.height) / 2).rounded()),
                      smooth: false)
        ctx.paint()
    }

    /// The readout's text at the knob's readout size (`readoutSize`), smaller only if this
    /// text would still leave the clear circle there.
    private func makeReadoutImage(_ key: ReadoutImage.Key) -> ReadoutImage? {
        guard let probe = try? ImageSurface(width: 1, height: 1) else { return nil }
        let measureCtx = DrawingContext(surface: probe)
        let (size, width) = fittedReadoutSize(key.text, from: readoutSize(scale: key.scale, measure: measureCtx), scale: key.scale, measure: measureCtx)
        let w = Swift.max(1, Int(width.rounded(.up)) + 4), h = Swift.max(1, Int((size * 1.4).rounded(.up)) + 2)
        guard let surface = try? ImageSurface(width: w, height: h) else { return nil }
        let ctx = DrawingContext(surface: surface)
        let layout = TextLayout(text: key.text, family: appearance.fontName, pixelSize: size, bold: true, context: ctx)
        ctx.setColor(key.ink)
        let box = layout.size
        let origin = Point(x: Double(w) / 2 - box.width / 2, y: Double(h) / 2 - box.height / 2)
        layout.draw(at: origin)
        return ReadoutImage(key: key, surface: surface, ink: layout.inkBox(drawnAt: origin))
    }

    /// One size for every value of the range: about 0.34 of the knob's radius high, smaller
    /// when the box of the range's widest texts (its ends and middle, formatted) would leave
    /// the clear circle. Found once per range, format and scale (`readoutFit`), so a turning
    /// knob keeps its size and each new value costs one layout, not a shrink per value.
    private func readoutSize(scale: Double, measure: DrawingContext) -> Double {
        // The range, format, radius and font are the view's for good: only the scale changes.
        if let readoutFit, readoutFit.scale == scale { return readoutFit.size }
        let start = Swift.max(8, knobRadius * scale * 0.34)
        guard let range = model.range else { return start }
        let format = valueFormatInUse
        let texts = [range.lo, range.hi, (range.lo + range.hi) / 2].map { format.string(model.valueOnStepGrid($0)) }
        var size = start
        for text in texts { size = fittedReadoutSize(text, from: size, scale: scale, measure: measure).size }
        readoutFit = (scale, size)
        return size
    }

    /// The largest size from `size` down at which `text`'s ink, at its place (lifted for an
    /// inside caption), stays inside the clear circle: its farthest corner from the centre;
    /// with the text's width at that size.
    private func fittedReadoutSize(_ text: String, from size: Double, scale: Double, measure: DrawingContext) -> (size: Double, width: Double) {
        let clear = textClearRadius * scale, lift = readoutLift * scale
        var size = size, width = 0.0
        for round in 0..<24 {
            let measured = TextLayout(text: text, family: appearance.fontName, pixelSize: size, bold: true, context: measure)
            let ink = measured.inkBox, box = measured.size
            width = box.width
            let halfW = Swift.max(abs(ink.x - box.width / 2), abs(ink.maxX - box.width / 2))
            let top = lift + box.height / 2 - ink.y, bottom = ink.maxY - box.height / 2 - lift
            let reach = (halfW * halfW + Swift.max(top, bottom) * Swift.max(top, bottom)).squareRoot()
            if reach <= clear || size <= 6 { break }
            // On a quarter-pixel grid: texts that shrink share sizes, so their fonts and glyphs
            // are loaded once, not for each value a turn shows.
            size = Swift.max(6, (size * Swift.max(0.8, clear / reach) * 4).rounded(.down) / 4)
            // Out of rounds: the width is the new size's.
            if round == 23 { width = TextLayout(text: text, family: appearance.fontName, pixelSize: size, bold: true, context: measure).size.width }
        }
        return (size, width)
    }
}

/// The centre readout's image and what it was made for; `ink`: the box its glyphs cover, in
/// the image's pixels.
struct ReadoutImage {
    struct Key: Equatable {
        var text: String
        var scale: Double
        var ink: Color
        var lift: Double
    }
    let key: Key
    let surface: ImageSurface
    let ink: Rect
}
