import Graphics

/// How a keypad looks: a recessed display well with a small caption and large, light digits;
/// flat rounded keys on the panel (digits on the surface colour, the edit keys tinted, enter
/// filled with the accent and drawn as a check mark); the edit keys' symbols are drawn as
/// strokes, so they do not depend on a font having ⌫.
struct KeypadPainter {
    let chrome: ControlChrome
    let scale: Double
    /// 1, or less for a disabled keypad.
    let alpha: Double

    /// `value` as the display writes it: up to `decimals` decimals, trailing zeros dropped, a real minus.
    static func text(for value: Double, decimals: Int) -> String {
        var s = ValueFormat(decimals: decimals).string(value)
        if s.contains(".") {
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
        }
        return s.hasPrefix("-") ? "\u{2212}" + String(s.dropFirst()) : s
    }

    func display(_ ctx: DrawingContext, _ r: Rect, caption: String, entry: String?, placeholder: String) {
        let radius = r.height * 0.28
        let well = Color(red: 0.06, green: 0.07, blue: 0.09).mixed(with: chrome.tint, 0.06).withAlpha(0.92 * alpha)
        ControlChrome.tile(ctx, r, radius: radius, fill: well)
        ctx.newPath()
        ctx.addRoundedRect(r.insetBy(0.5 * scale), radius: radius)
        ctx.setLineWidth(Swift.max(1, scale))
        ctx.setColor(Color(white: 1, alpha: 0.07 * alpha))
        ctx.stroke()
        let pad = r.height * 0.3
        if !caption.isEmpty {
            let small = TextLayout(text: caption, family: chrome.fontName, pixelSize: r.height * 0.2, bold: false, context: ctx)
            ctx.setColor(chrome.textColor.withAlpha(0.55 * alpha))
            small.draw(at: Point(x: r.x + pad, y: r.y + r.height * 0.12))
        }
        let shown = entry ?? placeholder
        var size = r.height * (caption.isEmpty ? 0.52 : 0.46)
        var big = TextLayout(text: shown, family: chrome.fontName, pixelSize: size, bold: false, context: ctx)
        let room = r.width - 2 * pad - r.height * 0.2
        if big.size.width > room { size *= room / big.size.width; big = TextLayout(text: shown, family: chrome.fontName, pixelSize: size, bold: false, context: ctx) }
        let baseY = caption.isEmpty ? r.center.y - big.size.height / 2 : r.maxY - big.size.height - r.height * 0.1
        let x = r.maxX - pad - big.size.width
        ctx.setColor(chrome.textColor.withAlpha((entry == nil ? 0.38 : 1) * alpha))
        big.draw(at: Point(x: x, y: baseY))
        if entry != nil {
            // The caret: a steady accent bar after the entry (no blinking: zero wake-ups at rest).
            ctx.newPath()
            let cx = r.maxX - pad + r.height * 0.06
            ctx.addRoundedRect(Rect(x: cx, y: baseY + big.size.height * 0.18, width: Swift.max(2, r.height * 0.035), height: big.size.height * 0.64),
                               radius: r.height * 0.02)
            ctx.setColor(chrome.accentFill(.normal).withAlpha(alpha))
            ctx.fill()
        }
    }

    func key(_ ctx: DrawingContext, _ key: KeypadModel.Key, in r: Rect, pressed: Bool, enabled: Bool) {
        let radius = Swift.min(r.width, r.height) * 0.3
        let surface = chrome.surfaceFill(.normal)
        let fill: Color
        switch key {
        // Enter with nothing typed rests like an edit key (it would do nothing); typing lights it.
        case .enter where !enabled: fill = surface.mixed(with: chrome.tint, 0.12).mixed(with: .black, 0.18)
        case .enter: fill = pressed ? chrome.accentFill(.highlighted) : chrome.accentFill(.normal)
        case _ where key.digit != nil: fill = pressed ? surface.mixed(with: .white, 0.16) : surface
        default: fill = pressed ? surface.mixed(with: chrome.tint, 0.45) : surface.mixed(with: chrome.tint, 0.12).mixed(with: .black, 0.18)
        }
        ControlChrome.tile(ctx, r, radius: radius, fill: fill.withAlpha(fill.alpha * alpha))
        let side = Swift.min(r.width, r.height)
        let accentInk = chrome.accentFill(.normal).mixed(with: .white, 0.45).withAlpha(alpha)
        let ink = key != .enter ? chrome.textColor.withAlpha(alpha) : enabled ? chrome.ink(on: fill).withAlpha(alpha) : accentInk.withAlpha(0.6 * alpha)
        if let d = key.digit {
            let px = chrome.fontSize.map { $0 * scale } ?? side * 0.42
            let layout = TextLayout(text: String(d), family: chrome.fontName, pixelSize: px, bold: false, context: ctx)
            ctx.setColor(ink)
            layout.draw(centeredAt: r.center)
            return
        }
        let c = key == .enter ? Point(x: r.center.x, y: r.center.y) : r.center
        let u = Swift.min(side, r.width) * 0.14
        ctx.newPath()
        ctx.setRoundCaps()
        ctx.setLineWidth(Swift.max(1.5, u * 0.36))
        switch key {
        case .backspace:
            // A tag pointing left with a small cross in it.
            let w = u * 3.2, h = u * 2.2, x0 = c.x - w / 2, tip = x0 - u * 0.9
            ctx.move(to: Point(x: tip, y: c.y)); ctx.line(to: Point(x: x0, y: c.y - h / 2))
            ctx.line(to: Point(x: x0 + w, y: c.y - h / 2)); ctx.line(to: Point(x: x0 + w, y: c.y + h / 2))
            ctx.line(to: Point(x: x0, y: c.y + h / 2)); ctx.closePath()
            let xc = Point(x: x0 + w * 0.55, y: c.y), a = u * 0.5
            ctx.move(to: Point(x: xc.x - a, y: xc.y - a)); ctx.line(to: Point(x: xc.x + a, y: xc.y + a))
            ctx.move(to: Point(x: xc.x + a, y: xc.y - a)); ctx.line(to: Point(x: xc.x - a, y: xc.y + a))
            ctx.setColor(accentInk)
        case .cancel:
            let a = u * 1.05
            ctx.move(to: Point(x: c.x - a, y: c.y - a)); ctx.line(to: Point(x: c.x + a, y: c.y + a))
            ctx.move(to: Point(x: c.x + a, y: c.y - a)); ctx.line(to: Point(x: c.x - a, y: c.y + a))
            ctx.setColor(accentInk)
        case .sign:
            let a = u * 0.9
            ctx.move(to: Point(x: c.x - a, y: c.y - a * 0.55)); ctx.line(to: Point(x: c.x + a, y: c.y - a * 0.55))
            ctx.move(to: Point(x: c.x, y: c.y - a * 1.55)); ctx.line(to: Point(x: c.x, y: c.y + a * 0.45))
            ctx.move(to: Point(x: c.x - a, y: c.y + a * 1.35)); ctx.line(to: Point(x: c.x + a, y: c.y + a * 1.35))
            ctx.setColor(accentInk)
        case .point:
            ctx.addCircle(center: Point(x: c.x, y: c.y + u * 0.6), radius: u * 0.38)
            ctx.setColor(ink)
            ctx.fill()
            return
        case .enter:
            let a = u * 1.3
            ctx.setLineWidth(Swift.max(2, u * 0.5))
            ctx.move(to: Point(x: c.x - a, y: c.y + a * 0.05))
            ctx.line(to: Point(x: c.x - a * 0.3, y: c.y + a * 0.75))
            ctx.line(to: Point(x: c.x + a, y: c.y - a * 0.65))
            ctx.setColor(ink)
        default: break
        }
        ctx.stroke()
    }
}
