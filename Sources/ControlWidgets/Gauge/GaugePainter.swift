import Graphics
import PanelLayout
#if canImport(Glibc)
import Glibc
#endif

/// Paints a gauge as an instrument cluster dial: a dark recessed face in a thin bezel, the
/// zone band on the scale, ticks and labels (ArcTicks, as a knob's scale), the title; then,
/// over a copy of that cached dial, the needle (tapered, with a soft offset shadow and a hub)
/// or the value arc, and the readout.
struct GaugePainter {
    let view: GaugeView
    let mapping: ScreenMapping

    var look: GaugeView.Look { view.look }
    var model: GaugeModel { view.model }

    func draw(in ctx: DrawingContext, angle: Double) {
        let box = mapping.toScreen(view.frame)
        let origin = Point(x: box.x.rounded(.down), y: box.y.rounded(.down))
        if let dial = dialImage(box: box, origin: origin) {
            ctx.setSource(dial, at: origin, smooth: false)
            ctx.newPath(); ctx.addRect(Rect(x: origin.x, y: origin.y, width: Double(dial.width), height: Double(dial.height))); ctx.fill()
        }
        let c = mapping.toScreen(view.geometry.center), r = view.geometry.radius * mapping.scale
        switch look.pointer {
        case .needle: drawNeedle(ctx, center: c, radius: r, angle: angle)
        case .arc: drawValueArc(ctx, center: c, radius: r, angle: angle)
        }
        drawReadout(ctx, center: c, radius: r)
    }

    // MARK: the dial (cached)

    private func dialImage(box: Rect, origin: Point) -> ImageSurface? {
        let w = Int((box.maxX - origin.x).rounded(.up)) + 1, h = Int((box.maxY - origin.y).rounded(.up)) + 1
        let c = mapping.toScreen(view.geometry.center)
        let local = Point(x: c.x - origin.x, y: c.y - origin.y)
        let key = view.dialKey(mapping) {
            "gauge-dial|\(w)x\(h)|\(local.x),\(local.y)|\(view.geometry.radius * mapping.scale)|\(model.startAngle)|\(model.endAngle)|"
                + "\(model.reading.lo)|\(model.reading.hi)|\(model.reading.format)|\(look)"
        }
        return view.shared.image(key) { () throws(GraphicsError) in
            let surface = try ImageSurface(width: w, height: h)
            drawDial(DrawingContext(surface: surface), center: local, radius: view.geometry.radius * mapping.scale)
            return surface
        }
    }

    private func cairo(_ degrees: Double) -> Double { GaugeGeometry.cairoAngle(degrees) }

    private func drawDial(_ ctx: DrawingContext, center c: Point, radius r: Double) {
        // Bezel: a thin bright rim over a dark ring; the face recessed, lit from above.
        ctx.newPath(); ctx.addCircle(center: c, radius: r)
        ctx.setLinearGradient(from: Point(x: c.x, y: c.y - r), to: Point(x: c.x, y: c.y + r),
                              stops: [(0, look.textColor.withAlpha(0.22)), (0.5, look.textColor.withAlpha(0.06)), (1, look.textColor.withAlpha(0.14))])
        ctx.fill()
        ctx.newPath(); ctx.addCircle(center: c, radius: r * 0.965)
        ctx.setRadialGradient(center0: Point(x: c.x, y: c.y - r * 0.35), radius0: 0, center1: c, radius1: r * 0.965,
                              stops: [(0, Color(red: 0.13, green: 0.145, blue: 0.17)), (0.75, Color(red: 0.075, green: 0.085, blue: 0.1)), (1, Color(red: 0.04, green: 0.045, blue: 0.055))])
        ctx.fill()

        let a0 = cairo(model.startAngle), a1 = cairo(model.endAngle)
        // The track, then the zones on it (a needle's dial shows them in full; an arc's dimly,
        // the value arc lights them).
        let arcWidth = r * (look.pointer == .arc ? GaugeGeometry.valueArcWidth : GaugeGeometry.arcWidth)
        ctx.setButtCaps()
        ctx.newPath(); ctx.addArc(center: c, radius: r * GaugeGeometry.arc, from: a0, to: a1)
        ctx.setLineWidth(arcWidth); ctx.setColor(look.textColor.withAlpha(0.12)); ctx.stroke()
        for band in look.zones.bands {
            ctx.newPath()
            ctx.addArc(center: c, radius: r * GaugeGeometry.arc, from: a0 + (a1 - a0) * band.start, to: a0 + (a1 - a0) * band.end)
            ctx.setColor(band.color.withAlpha(look.pointer == .arc ? 0.22 : 0.9)); ctx.stroke()
        }

        let style = ArcTicks.Style(majorInner: r * GaugeGeometry.majorInner, minorInner: r * GaugeGeometry.minorInner, outer: r * GaugeGeometry.tickOuter,
                                   majorWidth: Swift.max(1, r * 0.018), minorWidth: Swift.max(1, r * 0.008),
                                   majorColor: look.textColor.withAlpha(0.85), minorColor: look.textColor.withAlpha(0.4),
                                   labelRadius: r * GaugeGeometry.labelRadius, labelSize: Swift.max(7, Swift.min(r * GaugeGeometry.labelSize,
                                                                 RoundCaption.tickLabelSize(captionSize: look.caption.pixelSize(diameter: Swift.min(view.frame.width, view.frame.height))) * mapping.scale)),
                                   labelColor: look.textColor.withAlpha(0.78), font: look.fontName)
        let labels = look.tickLabels ? look.ticks.labels(lo: model.reading.lo, hi: model.reading.hi, format: model.reading.format) : []
        look.ticks.draw(in: ctx, center: c, from: a0, to: a1, style: style, labels: labels)

        if !look.title.isEmpty && look.caption.placement != .none {
            // The caption system's size (as a knob as wide as the dial), fitted as captionFit says.
            let size = look.caption.pixelSize(diameter: Swift.min(view.frame.width, view.frame.height)) * mapping.scale
            let centre: Point, width: Double
            if look.caption.placement == .below, let box = view.geometry.captionBelowBox {
                let b = mapping.toScreen(box)
                centre = Point(x: c.x, y: c.y + r + b.height / 2 + mapping.scale); width = b.width
            } else {
                centre = Point(x: c.x, y: c.y + r * (look.pointer == .arc ? 0.36 : 0.74)); width = r * 0.9
            }
            let layout = RoundCaption.layout(look.title, font: look.fontName, pixelSize: Swift.min(size, r * (look.caption.placement == .below ? 1 : 0.16)),
                                             width: width, fit: look.caption.fit, alignment: .left, context: ctx)
            ctx.setColor(look.caption.color)
            layout.draw(centeredAt: centre)
        }
    }

    // MARK: what moves

    private func drawNeedle(_ ctx: DrawingContext, center c: Point, radius r: Double, angle: Double) {
        let a = cairo(angle)
        let dx = cos(a), dy = sin(a), nx = -dy, ny = dx
        let tip = r * GaugeGeometry.needleLength, tail = r * GaugeGeometry.needleTail, w = r * GaugeGeometry.needleWidth / 2
        func needlePath(offset o: Point) {
            ctx.newPath()
            ctx.move(to: Point(x: c.x + o.x + dx * tip + nx * w * 0.18, y: c.y + o.y + dy * tip + ny * w * 0.18))
            ctx.line(to: Point(x: c.x + o.x - dx * tail + nx * w, y: c.y + o.y - dy * tail + ny * w))
            ctx.line(to: Point(x: c.x + o.x - dx * tail - nx * w, y: c.y + o.y - dy * tail - ny * w))
            ctx.line(to: Point(x: c.x + o.x + dx * tip - nx * w * 0.18, y: c.y + o.y + dy * tip - ny * w * 0.18))
            ctx.closePath()
        }
        // A shadow cast down and right, without a blur (none per frame).
        needlePath(offset: Point(x: r * 0.012, y: r * 0.024)); ctx.setColor(Color(white: 0, alpha: 0.4)); ctx.fill()
        needlePath(offset: Point(x: 0, y: 0))
        ctx.setLinearGradient(from: Point(x: c.x + nx * w, y: c.y + ny * w), to: Point(x: c.x - nx * w, y: c.y - ny * w),
                              stops: [(0, look.color.mixed(with: .white, 0.3)), (0.5, look.color), (1, look.color.mixed(with: .black, 0.25))])
        ctx.fill()
        // The hub: a dark cap with a fine rim.
        let hub = r * GaugeGeometry.hub
        ctx.newPath(); ctx.addCircle(center: c, radius: hub)
        ctx.setRadialGradient(center0: Point(x: c.x, y: c.y - hub * 0.4), radius0: 0, center1: c, radius1: hub,
                              stops: [(0, Color(white: 0.32)), (1, Color(white: 0.1))])
        ctx.fill()
        ctx.newPath(); ctx.addCircle(center: c, radius: hub)
        ctx.setLineWidth(Swift.max(1, r * 0.008)); ctx.setColor(look.textColor.withAlpha(0.25)); ctx.stroke()
    }

    private func drawValueArc(_ ctx: DrawingContext, center c: Point, radius r: Double, angle: Double) {
        let a0 = cairo(model.startAngle), a = cairo(angle)
        guard abs(a - a0) > 1e-6 else { return }
        let level = model.endAngle == model.startAngle ? 0 : (angle - model.startAngle) / (model.endAngle - model.startAngle)
        let color = look.zones.zone(atLevel: level)?.color ?? look.color
        ctx.newPath(); ctx.addArc(center: c, radius: r * GaugeGeometry.arc, from: Swift.min(a0, a), to: Swift.max(a0, a))
        ctx.setLineWidth(r * GaugeGeometry.valueArcWidth); ctx.setButtCaps(); ctx.setColor(color); ctx.stroke()
    }

    private func drawReadout(_ ctx: DrawingContext, center c: Point, radius r: Double) {
        guard look.showValue else { return }
        let arc = look.pointer == .arc
        text(ctx, model.reading.readout, center: Point(x: c.x, y: c.y + r * (arc ? 0.02 : 0.5)), size: r * (arc ? 0.3 : 0.17),
             width: r * (arc ? 1.2 : 0.62), bold: true, color: look.textColor)
    }

    /// One line centred on `center`, shrunk until it fits `width`.
    private func text(_ ctx: DrawingContext, _ s: String, center: Point, size: Double, width: Double, bold: Bool, color: Color) {
        var layout = TextLayout(text: s, family: look.fontName, pixelSize: size, bold: bold, context: ctx)
        if layout.size.width > width {
            layout = TextLayout(text: s, family: look.fontName, pixelSize: Swift.max(6, size * width / layout.size.width), bold: bold, context: ctx)
        }
        ctx.setColor(color)
        layout.draw(centeredAt: center)
    }
}
