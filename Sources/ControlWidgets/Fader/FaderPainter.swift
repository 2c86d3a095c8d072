import Graphics

/// Draws a fader in screen pixels with the circular slider's look (SliderAppearance: the dark
/// groove, the unfilled track, the gradient spread over the whole travel so the filled bar
/// shows the colours of its place, the glow round it): the static layer (groove, track,
/// ticks, tick labels, the origin's mark) and the thumb are drawn once per scale; a change
/// of value repaints the bar, its glow (a blurred line computed once, shown through the bar's
/// extent), the thumb copied at a whole pixel, and the texts.
struct FaderPainter {
    let geometry: FaderGeometry
    let appearance: SliderAppearance
    let ticks: KnobScale
    let tickTexts: [String]
    let originFraction: Double
    let scale: Double
    /// Screen pixels of the layer's top left (whole pixels) and the mapping into the layer.
    let layerOrigin: Point
    let pixelWidth: Int, pixelHeight: Int

    /// Room round the frame for the thumb's shadow, the glow and the focus ring (design pixels).
    static func margin(lineWidth: Double) -> Double { Swift.max(10, lineWidth * 2.5) }

    init(geometry: FaderGeometry, appearance: SliderAppearance, ticks: KnobScale, tickTexts: [String],
         originFraction: Double, mapping: ScreenMapping) {
        self.geometry = geometry; self.appearance = appearance; self.ticks = ticks; self.tickTexts = tickTexts
        self.originFraction = originFraction
        scale = mapping.scale
        let bounds = mapping.toScreen(geometry.frame).insetBy(-Self.margin(lineWidth: geometry.lineWidth) * mapping.scale)
        layerOrigin = Point(x: bounds.x.rounded(.down), y: bounds.y.rounded(.down))
        pixelWidth = Swift.max(1, Int((bounds.maxX - layerOrigin.x).rounded(.up)))
        pixelHeight = Swift.max(1, Int((bounds.maxY - layerOrigin.y).rounded(.up)))
        local = ScreenMapping(scale: mapping.scale, offsetX: mapping.offsetX - layerOrigin.x, offsetY: mapping.offsetY - layerOrigin.y)
    }

    /// Design pixels → the layer's pixels.
    let local: ScreenMapping

    func p(_ f: Double) -> Point { local.toScreen(geometry.thumbCenter(atFraction: f)) }

    /// The gradient along the whole travel (fraction 0 → the first colour), the source of the
    /// bar and its glow, in layer pixels shifted by `shift` (to draw on screen).
    func setTravelGradient(_ ctx: DrawingContext, shift: Point = Point(x: 0, y: 0), alpha: Double = 1) {
        let a = appearance
        let p0 = p(0), p1 = p(1)
        let fractions = a.gradientColors.count > 1 ? a.gradientStops : [0, 1]
        let stops = fractions.map { f -> (Double, Color) in let c = a.gradientColor(at: f); return (f, c.withAlpha(c.alpha * alpha)) }
        ctx.setLinearGradient(from: Point(x: p0.x + shift.x, y: p0.y + shift.y), to: Point(x: p1.x + shift.x, y: p1.y + shift.y), stops: stops)
    }

    private func linePath(_ ctx: DrawingContext, from f0: Double, to f1: Double) {
        ctx.newPath(); ctx.move(to: p(f0)); ctx.line(to: p(f1))
    }

    // MARK: static layer

    func staticLayer() throws(GraphicsError) -> ImageSurface {
        let surface = try ImageSurface(width: pixelWidth, height: pixelHeight)
        let ctx = DrawingContext(surface: surface)
        let a = appearance, s = scale
        drawTicks(ctx)
        ctx.setRoundCaps()
        linePath(ctx, from: 0, to: 1)
        ctx.setLineWidth(geometry.lineWidth * 1.5 * s)
        ctx.setColor(a.ringColor); ctx.stroke()
        linePath(ctx, from: 0, to: 1)
        ctx.setLineWidth(geometry.lineWidth * s)
        ctx.setColor(a.unfilledColor); ctx.stroke()
        // The origin of a bipolar fader: a short bar across the track (the centre detent).
        if originFraction > 0 && originFraction < 1 {
            let c = p(originFraction), half = geometry.thumbAcross * 0.3 * s
            ctx.newPath()
            if geometry.vertical { ctx.move(to: Point(x: c.x - half, y: c.y)); ctx.line(to: Point(x: c.x + half, y: c.y)) } else {
                ctx.move(to: Point(x: c.x, y: c.y - half)); ctx.line(to: Point(x: c.x, y: c.y + half))
            }
            ctx.setButtCaps(); ctx.setLineWidth(Swift.max(1, 1.5 * s)); ctx.setColor(a.markerColor); ctx.stroke()
        }
        return surface
    }

    /// Major ticks at both ends and evenly between, minor ones between them: lines across the
    /// track behind the groove (a mixing desk's scale; a dash beside a number would read as a
    /// minus), the labels beside the thumb.
    private func drawTicks(_ ctx: DrawingContext) {
        guard ticks.ticks >= 2 else { return }
        let s = scale, g = geometry
        let majors = ticks.ticks - 1, perMajor = ticks.minorTicks + 1
        let count = majors * perMajor
        ctx.setButtCaps()
        for k in 0...count {
            let f = Double(k) / Double(count)
            let major = k % perMajor == 0
            let c = g.thumbCenter(atFraction: f)
            let half = major ? g.majorTickHalf : g.majorTickHalf * 0.6
            let a = g.vertical ? Point(x: g.axis - half, y: c.y) : Point(x: c.x, y: g.axis - half)
            let b = g.vertical ? Point(x: g.axis + half, y: c.y) : Point(x: c.x, y: g.axis + half)
            ctx.newPath(); ctx.move(to: local.toScreen(a)); ctx.line(to: local.toScreen(b))
            ctx.setLineWidth(Swift.max(1, (major ? 1.5 : 1) * s))
            ctx.setColor(appearance.labelColor.withAlpha(major ? 0.75 : 0.4)); ctx.stroke()
            guard major, k / perMajor < tickTexts.count else { continue }
            let text = TextLayout(text: tickTexts[k / perMajor], family: appearance.labelFont, pixelSize: g.tickLabelSize * s, context: ctx)
            let size = text.size
            ctx.setColor(appearance.labelColor)
            let tip = local.toScreen(g.vertical ? Point(x: g.tickStart, y: c.y) : Point(x: c.x, y: g.tickStart))
            let centre = g.vertical ? Point(x: tip.x + size.width / 2, y: tip.y) : Point(x: tip.x, y: tip.y + size.height / 2)
            text.draw(centeredAt: centre)
        }
    }

    // MARK: glow and thumb (once per scale)

    /// The blur of the glow, design pixels.
    var glowRadius: Double { Swift.max(2, geometry.lineWidth * 0.9) }

    /// The whole track line blurred, as an A8 mask in layer pixels: the glow shows the
    /// gradient through it, cut to the bar's extent.
    func glowMask() throws(GraphicsError) -> ImageSurface {
        let mask = try ImageSurface(width: pixelWidth, height: pixelHeight, format: .a8)
        let ctx = DrawingContext(surface: mask)
        ctx.setRoundCaps()
        linePath(ctx, from: 0, to: 1)
        ctx.setLineWidth(geometry.lineWidth * scale)
        ctx.setColor(Color(white: 0, alpha: Swift.min(1, Swift.max(0, appearance.glowOpacity))))
        ctx.stroke()
        ShadowMask.blur(mask, radius: glowRadius * scale)
        return mask
    }

    /// The glow in the travel's colours: the gradient through the blurred line, which each
    /// window of the bar copies at its alpha (a gradient made and masked per window was most
    /// of a moving fader's frame).
    func colouredGlow(_ mask: ImageSurface) throws(GraphicsError) -> ImageSurface {
        let image = try ImageSurface(width: pixelWidth, height: pixelHeight)
        let ctx = DrawingContext(surface: image)
        setTravelGradient(ctx)
        ctx.mask(mask, at: Point(x: 0, y: 0), smooth: false)
        return image
    }

    /// The thumb with its shadow, centred in its own image: a fader cap, light with a soft
    /// vertical sheen, a dark grip line across its middle.
    func thumbImage() throws(GraphicsError) -> ImageSurface {
        let g = geometry, s = scale
        let w = (g.vertical ? g.thumbAcross : g.thumbAlong) * s, h = (g.vertical ? g.thumbAlong : g.thumbAcross) * s
        let blur = 3 * s
        let margin = ShadowMask.margin(forRadius: blur) + 2
        let iw = Swift.max(1, Int((w + 2 * margin).rounded(.up))), ih = Swift.max(1, Int((h + 2 * margin).rounded(.up)))
        let surface = try ImageSurface(width: iw, height: ih)
        let ctx = DrawingContext(surface: surface)
        let box = Rect(x: (Double(iw) - w) / 2, y: (Double(ih) - h) / 2, width: w, height: h)
        let radius = Swift.min(w, h) * 0.22
        let shadow = try ImageSurface(width: iw, height: ih, format: .a8)
        let sctx = DrawingContext(surface: shadow)
        sctx.addRoundedRect(box, radius: radius); sctx.setColor(.black); sctx.fill()
        ShadowMask.blur(shadow, radius: blur)
        ctx.setColor(Color(white: 0, alpha: 0.6))
        ctx.mask(shadow, at: Point(x: 0, y: 1.5 * s))
        let c = appearance.handles[0].color.withAlpha(1)
        ctx.newPath(); ctx.addRoundedRect(box, radius: radius)
        ctx.setLinearGradient(from: Point(x: box.x, y: box.y), to: Point(x: box.x, y: box.maxY),
                              stops: [(0, c.mixed(with: .white, 0.35)), (0.5, c), (1, c.mixed(with: .black, 0.18))])
        ctx.fill()
        ctx.newPath(); ctx.addRoundedRect(box.insetBy(0.5 * s), radius: radius)
        ctx.setLineWidth(Swift.max(1, s)); ctx.setColor(Color(white: 0, alpha: 0.35)); ctx.stroke()
        // The grip line across the cap, where the value is read.
        let grip = g.vertical ? Rect(x: box.x + w * 0.14, y: box.center.y - s, width: w * 0.72, height: 2 * s)
                              : Rect(x: box.center.x - s, y: box.y + h * 0.14, width: 2 * s, height: h * 0.72)
        ctx.newPath(); ctx.addRect(grip); ctx.setColor(Color(white: 0.1, alpha: 0.8)); ctx.fill()
        return surface
    }

    // MARK: the value

    /// The bar from the origin to fraction `f`, its glow, the thumb, the focus ring and the
    /// texts, on screen (`ctx` in screen pixels); `glow`: the coloured glow (`colouredGlow`).
    func drawValue(_ ctx: DrawingContext, fraction f: Double, readout: String?, pressed: Bool, focused: Bool,
                   glow: ImageSurface?, thumb: ImageSurface?) {
        let o = layerOrigin, s = scale, g = geometry
        func screen(_ q: Point) -> Point { Point(x: q.x + o.x, y: q.y + o.y) }
        let f0 = Swift.min(originFraction, f), f1 = Swift.max(originFraction, f)
        if f1 - f0 > 1e-9 {
            if let glow, appearance.glowOpacity > 0 {
                // The glow over the bar's extent, fading out over its blur at both ends.
                let a = p(f0), b = p(f1)
                let reach = ShadowMask.margin(forRadius: glowRadius * s)
                let steps = 6
                func window(_ lo: Double, _ hi: Double) -> Rect {
                    // lo/hi in pixels along the travel direction from a to b.
                    let dx = b.x - a.x, dy = b.y - a.y
                    let len = Swift.max(1e-9, (dx * dx + dy * dy).squareRoot())
                    let ux = dx / len, uy = dy / len
                    let q0 = Point(x: a.x + ux * lo, y: a.y + uy * lo), q1 = Point(x: a.x + ux * hi, y: a.y + uy * hi)
                    let across = g.thumbAcross * s
                    return g.vertical ? Rect(x: q0.x - across, y: Swift.min(q0.y, q1.y), width: 2 * across, height: abs(q1.y - q0.y))
                                      : Rect(x: Swift.min(q0.x, q1.x), y: q0.y - across, width: abs(q1.x - q0.x), height: 2 * across)
                }
                let len = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
                let feather = reach / Double(steps)
                var windows: [(Rect, Double)] = [(window(0, len), 1)]
                for k in 0..<steps {
                    let alpha = Double(steps - k) / Double(steps + 1)
                    windows.append((window(len + Double(k) * feather, len + Double(k + 1) * feather), alpha))
                    windows.append((window(-Double(k + 1) * feather, -Double(k) * feather), alpha))
                }
                // Each window on whole pixels: cairo then masks through the clip's boxes directly,
                // where a fractional edge had it build and clear a mask of the window first (two
                // thirds of a moving fader's instructions). Only the windows the clip reaches.
                let visible = ctx.clipExtents
                for (rect, alpha) in windows {
                    let x0 = (rect.x + o.x).rounded(), y0 = (rect.y + o.y).rounded()
                    let box = Rect(x: x0, y: y0, width: (rect.maxX + o.x).rounded() - x0, height: (rect.maxY + o.y).rounded() - y0)
                    guard box.width > 0, box.height > 0, box.meets(visible) else { continue }
                    ctx.withSavedState {
                        ctx.newPath(); ctx.addRect(box); ctx.clip()
                        ctx.setSource(glow, at: o, smooth: false)
                        ctx.paint(alpha: alpha)
                    }
                }
            }
            // The bar, round-capped, in the colours of its place on the travel.
            ctx.newPath(); ctx.move(to: screen(p(f0))); ctx.line(to: screen(p(f1)))
            ctx.setRoundCaps(); ctx.setLineWidth(g.lineWidth * s)
            setTravelGradient(ctx, shift: o)
            ctx.stroke()
        }
        if let thumb {
            let c = screen(p(f))
            // A whole pixel: the thumb is always a copy, never resampled.
            let at = Point(x: (c.x - Double(thumb.width) / 2).rounded(), y: (c.y - Double(thumb.height) / 2).rounded())
            ctx.setSource(thumb, at: at, smooth: false)
            ctx.paint(alpha: pressed ? 0.8 : 1)
        }
        if focused {
            let r = local.toScreen(g.thumbRect(atFraction: f).insetBy(-3))
            ctx.newPath(); ctx.addRoundedRect(Rect(x: r.x + o.x, y: r.y + o.y, width: r.width, height: r.height), radius: 6 * s)
            ctx.setLineWidth(Swift.max(1.5, 2 * s)); ctx.setColor(Color(white: 1, alpha: 0.9)); ctx.stroke()
        }
        drawTexts(ctx, readout: readout)
    }

    private func drawTexts(_ ctx: DrawingContext, readout: String?) {
        let g = geometry, a = appearance
        let shift = Point(x: layerOrigin.x, y: layerOrigin.y)
        func box(_ r: Rect) -> Rect { let q = local.toScreen(r); return Rect(x: q.x + shift.x, y: q.y + shift.y, width: q.width, height: q.height) }
        if let readout, let r = g.readoutBox, box(r).insetBy(-2).meets(ctx.clipExtents) {
            let t = TextLayout(text: readout, family: a.fontName, pixelSize: g.textSize * scale, bold: true, context: ctx)
            let b = box(r)
            t.setWidth(b.width, alignment: g.vertical ? .center : .right)
            ctx.setColor(a.valueColor)
            t.draw(at: Point(x: b.x, y: b.y + (b.height - t.size.height) / 2))
        }
        if let caption = a.caption, !caption.isEmpty, let r = g.captionBox, box(r).meets(ctx.clipExtents) {
            let b = box(r)
            // Beside the readout on one line, the caption keeps to the room the readout leaves.
            let room = g.readoutBox == r && readout != nil ? b.width * 0.55 : b.width
            let t = RoundCaption.layout(caption, font: a.fontName, pixelSize: g.captionSize * scale, width: room, fit: a.captionFit,
                                        alignment: g.vertical ? .center : .left, context: ctx)
            ctx.setColor(a.captionColor)
            ctx.withSavedState {
                ctx.newPath(); ctx.addRect(b); ctx.clip()
                t.draw(at: Point(x: b.x, y: b.y + (b.height - t.size.height) / 2))
            }
        }
    }
}
