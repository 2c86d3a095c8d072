import Graphics
#if canImport(Glibc)
import Glibc
#endif

/// How the titles of a discrete knob stand (not in the reference, which writes them along
/// the rim, so those at the bottom are upside down).
public enum KnobTitleOrientation: String, Sendable, CaseIterable {
    /// Every title stays level however the knob turns: it reads like printed text.
    case upright
    /// Along the radius, turning with the knob (the reference's look).
    case radial
}

/// The titles drawn as their own layer (upright or radial, the selected one highlighted), in
/// front of the knob image. Each title's text is a small cached image; while the knob turns
/// the titles are placed again at the shown angle (upright ones on whole pixels, so a knob at
/// rest composites plain copies). `finish: flat` with radial titles keeps the reference's
/// drawing (titles inside the rotating image, the top one only zoomed).
extension KnobView {
    /// Whether titles are drawn by this layer rather than baked into the knob image.
    var drawsTitleLayer: Bool {
        model.mode.isDiscrete && appearance.image(for: state) == nil
            && (appearance.titleOrientation == .upright || appearance.satinFinish)
    }

    /// The ink of titles and the pip: the layout's `titleColor` for the state; by default the
    /// reference's derived colour with `finish: flat` (the reference look), else an ink chosen
    /// for contrast over the whole satin face (see `satinInk`).
    var titleInk: Color {
        if let explicit = appearance.colors.title[state] ?? appearance.colors.title[.normal] { return explicit }
        if appearance.style == .flat { return dimmedIfDisabled(discFill.withAlpha(1).readableInk(preferred: appearance.textColor)) }
        if !appearance.satinFinish {
            // The reference's disabled title ink was as light as its disc; dim the normal one instead.
            if state == .disabled { return Self.disabledLook(appearance.colors.titleColor(for: .normal), backdrop: appearance.flatDisc) }
            return appearance.colors.titleColor(for: state)
        }
        return dimmedIfDisabled(Self.satinInk(on: discFill))
    }

    /// The ink with the best worst-case contrast over a satin face: the sheen lightens the top
    /// by up to 16 % white and darkens the bottom by up to 18 % black, so both are tried.
    static func satinInk(on fill: Color) -> Color {
        let opaque = fill.withAlpha(1)
        let faces = [opaque, opaque.mixed(with: .white, 0.13), opaque.mixed(with: .black, 0.15)]
        func worst(_ ink: Color) -> Double { faces.map { $0.contrastRatio(with: ink) }.min() ?? 1 }
        return worst(.inkLight) >= worst(.inkDark) ? .inkLight : .inkDark
    }

    /// The selected title is highlighted: bold, on a pill of the title ink, in the fill colour
    /// (colour and weight, so it reads from across the room; not only a larger size).
    var highlightsSelectedTitle: Bool { drawsTitleLayer }

    /// Cached text images of the titles for the current look: (image, is selected).
    private func titleImages(_ mapping: ScreenMapping) -> [(ImageSurface, Bool)] {
        let st = state
        let key = "\(model.contentRevision)|\(st.rawValue)|\(mapping.scale)|\(titleInk)"
        if let titleCache, titleCache.key == key { return titleCache.images }
        let n = model.positions
        let size = fittedTitleSizeForLayer()
        let zoomed = appearance.zoomTopTitle ? (appearance.zoomPointSize > 0 ? appearance.zoomPointSize : Swift.max(17, size)) : size
        // The selected title's pill: the title ink with the disc's colour on it; a flat knob's
        // pill is its accent.
        let flat = appearance.style == .flat
        let ink = titleInk
        let pill = flat ? accentColor : ink.withAlpha(1)
        let fill = flat ? accentColor.readableInk() : discFill
        var images: [(ImageSurface, Bool)] = []
        guard let probe = try? ImageSurface(width: 1, height: 1) else { return [] }
        for j in 0..<n {
            let selected = j == model.positionIndex
            let px = (selected ? Swift.max(zoomed, size) : size) * mapping.scale
            let bold = selected && highlightsSelectedTitle
            let text = model.title(forIndex: j)
            let measured = TextLayout(text: text, family: appearance.fontName, pixelSize: px, bold: bold, context: DrawingContext(surface: probe)).size
            let padX = bold ? measured.height * 0.45 : 1, padY = bold ? measured.height * 0.08 : 0
            let w = Swift.max(1, Int((measured.width + 2 * padX).rounded(.up))), h = Swift.max(1, Int((measured.height + 2 * padY).rounded(.up)))
            guard let surface = try? ImageSurface(width: w, height: h) else { continue }
            let ctx = DrawingContext(surface: surface)
            let layout = TextLayout(text: text, family: appearance.fontName, pixelSize: px, bold: bold, context: ctx)
            if bold {
                ctx.newPath()
                ctx.addRoundedRect(Rect(x: 0, y: 0, width: Double(w), height: Double(h)), radius: Double(h) / 2)
                ctx.setColor(pill)
                ctx.fill()
                ctx.setColor(fill.withAlpha(1))
            } else {
                ctx.setColor(ink)
            }
            layout.draw(centeredAt: Point(x: Double(w) / 2, y: Double(h) / 2))
            images.append((surface, selected))
        }
        titleCache = (key, images)
        return images
    }

    private func fittedTitleSizeForLayer() -> Double {
        let travel = model.circular ? 2 * Double.pi : model.max - model.min
        return KnobPainter.fittedFontSize(titles: model.titles, positions: model.positions, travel: travel,
                                          side: knobRect.width, fontName: appearance.fontName)
    }

    /// Title j's angle on the knob image, radians from the top, clockwise on screen (the
    /// reference's `actual`).
    func titleImageAngle(_ j: Int) -> Double {
        let n = Double(model.positions)
        let p = model.circular ? 2 * Double.pi / n * Double(j)
                               : (model.max - model.min) / n * (Double(j) + 0.5) + model.min
        return model.clockwise ? -p : p
    }

    /// Where upright title j's image goes (screen pixels) for a knob centred at `c`: its top-left
    /// corner on whole pixels. Also used by tests to sample each title.
    func uprightTitleOrigin(_ j: Int, size: (w: Double, h: Double), center c: Point, mapping: ScreenMapping, time: Double) -> Point {
        let theta = titleImageAngle(j) + model.screenRotation(at: time)
        let r = knobRadius * mapping.scale
        let rho = Self.uprightRadius(width: size.w, height: size.h, angle: theta, radius: r - titleInset(r))
        return Point(x: (c.x + rho * sin(theta) - size.w / 2).rounded(), y: (c.y - rho * cos(theta) - size.h / 2).rounded())
    }

    /// Titles keep clear of the satin rim.
    private func titleInset(_ r: Double) -> Double { Swift.max(1.5, r * 0.035) }

    /// The title images' screen rectangles at `time` (upright titles), with whether each is the
    /// selected one; for tests and hit checks.
    public func titleRects(mapping: ScreenMapping, time: Double) -> [(rect: Rect, selected: Bool)] {
        guard drawsTitleLayer, appearance.titleOrientation == .upright else { return [] }
        let c = mapping.toScreen(knobRect).center
        let side = Double(Swift.max(1, Int((knobRect.width * mapping.scale).rounded(.up))))
        let cc = Point(x: (c.x - side / 2).rounded() + side / 2, y: (c.y - side / 2).rounded() + side / 2)
        return titleImages(mapping).enumerated().map { j, item in
            let size = (Double(item.0.width), Double(item.0.height))
            let o = uprightTitleOrigin(j, size: size, center: cc, mapping: mapping, time: time)
            return (Rect(x: o.x, y: o.y, width: size.0, height: size.1), item.1)
        }
    }

    /// Draws the title layer around the knob centre `c` (screen pixels) at `time`.
    func drawTitleLayer(in ctx: DrawingContext, center c: Point, mapping: ScreenMapping, time: Double) {
        guard drawsTitleLayer else { return }
        let images = titleImages(mapping)
        let rotation = model.screenRotation(at: time)
        let r = knobRadius * mapping.scale
        let inset = titleInset(r)
        for (j, (image, _)) in images.enumerated() {
            let theta = titleImageAngle(j) + rotation
            let w = Double(image.width), h = Double(image.height)
            switch appearance.titleOrientation {
            case .upright:
                ctx.setSource(image, at: uprightTitleOrigin(j, size: (w, h), center: c, mapping: mapping, time: time), smooth: false)
                ctx.paint()
            case .radial:
                let rho = r - inset - h / 2
                ctx.withSavedState {
                    ctx.translate(c.x + rho * sin(theta), c.y - rho * cos(theta))
                    ctx.rotate(theta)
                    ctx.setSource(image, at: Point(x: -w / 2, y: -h / 2), smooth: true)
                    ctx.paint()
                }
            }
        }
    }

    /// The largest distance from the centre at which a level w × h box, centred on the ray
    /// at `angle`, stays inside a circle of `radius`: the farthest corner is at
    /// (ρ|sin a| + w/2, ρ|cos a| + h/2), so ρ solves ρ² + bρ + c = 0 with
    /// b = w|sin a| + h|cos a| and c = (w² + h²)/4 − radius².
    static func uprightRadius(width w: Double, height h: Double, angle: Double, radius: Double) -> Double {
        let b = w * abs(sin(angle)) + h * abs(cos(angle))
        let cc = (w * w + h * h) / 4 - radius * radius
        let disc = b * b - 4 * cc
        guard disc >= 0 else { return 0 }
        return Swift.max(0, (-b + disc.squareRoot()) / 2)
    }
}
