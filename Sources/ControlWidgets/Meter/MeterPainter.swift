import Graphics

/// Paints a meter the way a studio meter bridge looks: a recessed track, the zones' colours
/// dimly lit along the whole scale (so the scale reads at a glance at zero), the bar lit in
/// them up to the level (LED segments or one continuous bar), a peak marker brighter than the
/// bar, the label muted and the readout in the text colour. Pure drawing, nothing cached: a
/// meter is a few rectangles, cheaper to paint than to copy and composite at 30 updates a second.
struct MeterPainter {
    let view: MeterView
    let mapping: ScreenMapping

    /// The share of a zone's colour an unlit segment shows.
    static let unlitAlpha = 0.14

    var g: MeterGeometry { view.geometry }

    func draw(in ctx: DrawingContext, peak: Double?) {
        drawTrack(ctx)
        if view.segments > 0 { drawLadder(ctx, peak: peak) } else { drawBar(ctx, peak: peak) }
        drawTexts(ctx)
    }

    private func drawTrack(_ ctx: DrawingContext) {
        let t = mapping.toScreen(g.track)
        let radius = Swift.min(Swift.min(t.width, t.height) * 0.22, 8 * mapping.scale)
        let vertical = g.orientation == .vertical
        // Recessed: darker at the edge the light comes from (the top, or the left of a column).
        ctx.setLinearGradient(from: Point(x: t.x, y: t.y), to: vertical ? Point(x: t.maxX, y: t.y) : Point(x: t.x, y: t.maxY),
                              stops: [(0, Color(white: 0, alpha: 0.5)), (1, Color(white: 0, alpha: 0.3))])
        ctx.newPath(); ctx.addRoundedRect(t, radius: radius); ctx.fill()
        ctx.setColor(view.textColor.withAlpha(0.08)); ctx.setLineWidth(Swift.max(1, mapping.scale))
        ctx.newPath(); ctx.addRoundedRect(inset(t, 0.5 * Swift.max(1, mapping.scale)), radius: radius); ctx.stroke()
    }

    private func drawLadder(_ ctx: DrawingContext, peak: Double?) {
        let n = view.segments
        let lit = view.model.litSegments(n)
        let peakIndex = peak.flatMap { MeterModel.segment(ofLevel: $0, count: n) }
        for k in 0..<n {
            let r = mapping.toScreen(g.segment(k, of: n))
            let c = view.color(atLevel: (Double(k) + 0.5) / Double(n))
            let radius = Swift.min(Swift.min(r.width, r.height) * 0.3, 2.5 * mapping.scale)
            ctx.newPath(); ctx.addRoundedRect(r, radius: radius)
            if k < lit || k == peakIndex {
                fillLit(ctx, r, c, bright: k == peakIndex && k >= lit)
            } else {
                ctx.setColor(c.withAlpha(Self.unlitAlpha)); ctx.fill()
            }
        }
    }

    private func drawBar(_ ctx: DrawingContext, peak: Double?) {
        let run = mapping.toScreen(g.run)
        let radius = Swift.min(Swift.min(run.width, run.height) / 2, 4 * mapping.scale)
        let level = view.model.reading.level
        ctx.save()
        ctx.newPath(); ctx.addRoundedRect(run, radius: radius); ctx.clip()
        let bands = view.zones.isEmpty ? [(start: 0.0, end: 1.0, color: view.barColor)] : view.zones.bands
        for b in bands {
            ctx.newPath(); ctx.addRect(mapping.toScreen(g.span(from: b.start, to: b.end)))
            ctx.setColor(b.color.withAlpha(Self.unlitAlpha)); ctx.fill()
            guard level > b.start else { continue }
            let r = mapping.toScreen(g.span(from: b.start, to: Swift.min(level, b.end)))
            ctx.newPath(); ctx.addRect(r)
            fillLit(ctx, r, b.color, bright: false)
        }
        if let peak, peak > 0 {
            // A marker of 1.2 % of the run (at least 2 px), ending at the peak's level.
            let thickness = Swift.max(2 / Swift.max(1e-9, g.length), 0.012)
            let r = mapping.toScreen(g.span(from: Swift.max(0, peak - thickness), to: peak))
            ctx.newPath(); ctx.addRect(r)
            fillLit(ctx, r, view.color(atLevel: peak), bright: true)
        }
        ctx.restore()
    }

    /// A lit LED: its colour with a soft highlight along the edge facing the light; the peak
    /// marker a touch brighter (still its zone's colour, as a held LED is).
    private func fillLit(_ ctx: DrawingContext, _ r: Rect, _ c: Color, bright: Bool) {
        let base = bright ? c.mixed(with: .white, 0.12) : c
        let vertical = g.orientation == .vertical
        ctx.setLinearGradient(from: Point(x: r.x, y: r.y), to: vertical ? Point(x: r.maxX, y: r.y) : Point(x: r.x, y: r.maxY),
                              stops: [(0, base.mixed(with: .white, 0.22)), (0.45, base), (1, base.mixed(with: .black, 0.18))])
        ctx.fill()
    }

    private func drawTexts(_ ctx: DrawingContext) {
        let size = g.textSize * mapping.scale
        if let row = g.labelRow {
            let align: TextLayout.Alignment = g.orientation == .vertical ? .center : .left
            text(ctx, view.label, in: mapping.toScreen(row), size: size * 0.9, bold: false, color: view.textColor.withAlpha(0.62), align: align)
        }
        if let row = g.readoutRow {
            let align: TextLayout.Alignment = g.orientation == .vertical ? .center : .right
            text(ctx, view.model.reading.readout, in: mapping.toScreen(row), size: size, bold: true, color: view.textColor, align: align)
        }
    }

    /// One line in `box`, shrunk until it fits the box's width.
    private func text(_ ctx: DrawingContext, _ s: String, in box: Rect, size: Double, bold: Bool, color: Color, align: TextLayout.Alignment) {
        guard !s.isEmpty, box.width > 1 else { return }
        var layout = TextLayout(text: s, family: view.fontName, pixelSize: size, bold: bold, context: ctx)
        if layout.size.width > box.width {
            layout = TextLayout(text: s, family: view.fontName, pixelSize: Swift.max(6, size * box.width / layout.size.width), bold: bold, context: ctx)
        }
        layout.setWidth(box.width, alignment: align)
        ctx.setColor(color)
        layout.draw(at: Point(x: box.x, y: box.y + (box.height - layout.size.height) / 2))
    }

    private func inset(_ r: Rect, _ d: Double) -> Rect { Rect(x: r.x + d, y: r.y + d, width: Swift.max(0, r.width - 2 * d), height: Swift.max(0, r.height - 2 * d)) }
}
