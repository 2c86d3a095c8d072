import Graphics
#if canImport(Glibc)
import Glibc
#endif

/// A scale around a knob that has limits (not in the reference; the way audio, thermostat
/// and Material-style dials show where a value sits between its ends): a track arc from `min`
/// to `max` outside the disc, the part from `min` to the shown position in the accent colour,
/// optional ticks and tick labels. The disc shrinks to make room (see `discFraction`).
public struct KnobScale: Sendable, Equatable {
    /// Major ticks, both ends included (0 = none, else at least 2).
    public var ticks = 0
    /// Minor ticks between two major ones.
    public var minorTicks = 0
    /// Write the value at each major tick (knobs with a range).
    public var tickLabels = false
    /// Where the filled part starts, in range units (a ±10 dB knob fills from 0); nil: `min`.
    public var origin: Double?

    public init(ticks: Int = 0, minorTicks: Int = 0, tickLabels: Bool = false) {
        self.ticks = ticks; self.minorTicks = minorTicks; self.tickLabels = tickLabels
    }
}

/// What a knob's track image was made for (the rest of its key does not change).
struct TrackLook: Equatable {
    var scale: Double
    var state: ControlState
}

extension KnobView {
    /// Radii as fractions of half the knob's square: the disc, the ticks' inner and outer
    /// ends, the arc's centre line, the arc's width and the tick labels' centre line. With
    /// labels everything moves in so the labels fit inside the square.
    struct ScaleRadii {
        var disc, tickInner, tickOuter, arc, arcWidth, label, labelSize: Double
    }

    var scaleRadii: ScaleRadii {
        appearance.scale?.tickLabels == true
            ? ScaleRadii(disc: 0.62, tickInner: 0.665, tickOuter: 0.715, arc: 0.77, arcWidth: 0.065, label: 0.905, labelSize: 0.13)
            : ScaleRadii(disc: 0.78, tickInner: 0.815, tickOuter: 0.865, arc: 0.925, arcWidth: 0.07, label: 0, labelSize: 0)
    }

    /// The disc's share of half the square: smaller when a scale surrounds it.
    var discFraction: Double { appearance.scale == nil || model.circular ? 1 : scaleRadii.disc }

    /// The angle on screen of knob position `p`, for Cairo (0 = 3 o'clock, clockwise).
    private func cairoAngle(ofPosition p: Double) -> Double {
        (model.clockwise ? p : -p) - Double.pi / 2
    }

    /// Draws the scale around the knob centre `c` (screen pixels): the cached track and ticks,
    /// then the filled part up to the position shown at `time` (`part`: the whole knob; its
    /// body, without the filled part; or its accent ring, a full ring wider than the line).
    func drawScale(in ctx: DrawingContext, center c: Point, mapping: ScreenMapping, time: Double, part: RestingPart = .whole) {
        guard appearance.scale != nil, !model.circular, model.mode != .rotaryDial else { return }
        let half = knobRect.width / 2 * mapping.scale
        let radii = scaleRadii
        // Nothing of the track, ticks or labels lies inside the ticks' inner ends: a turning
        // knob's pip and readout boxes skip masking the track's square.
        let hole = half * Swift.min(radii.tickInner, radii.arc - radii.arcWidth / 2) - 2
        if !ctx.clipAvoidsRing(center: c, inner: hole, outer: .greatestFiniteMagnitude), let track = scaleTrackImage(mapping) {
            // The theme's text colour: light ticks on a dark theme, dark ones on a light theme.
            ctx.setColor(appearance.textColor)
            ctx.mask(track, at: Point(x: (c.x - Double(track.width) / 2).rounded(), y: (c.y - Double(track.height) / 2).rounded()), smooth: false)
        }
        switch part {
        case .whole: break
        case .body: return
        case .accentRing:
            ctx.newPath()
            ctx.addCircle(center: c, radius: half * radii.arc)
            ctx.setLineWidth(scaleLineWidth(mapping) + 2 * RestingPart.ringOverhang)
            ctx.setColor(scaleAccent)
            ctx.stroke()
            return
        }
        // A turning knob repaints its pip's box, inside the ring: nothing of the arc to stroke.
        let reach = scaleLineWidth(mapping) / 2 + 1
        if ctx.clipAvoidsRing(center: c, inner: half * radii.arc - reach, outer: half * radii.arc + reach) { return }
        // A discrete knob fills nothing: its scale only marks the travel.
        guard addFilledArcPath(ctx, center: c, mapping: mapping, time: time, seenThrough: ctx.clipExtents) else { return }
        ctx.setColor(scaleAccent)
        ctx.stroke()
    }

    /// The line width of the scale's track and filled part, screen pixels.
    func scaleLineWidth(_ mapping: ScreenMapping) -> Double { Swift.max(2, knobRect.width / 2 * mapping.scale * scaleRadii.arcWidth) }

    /// Where the filled part starts: the scale's `origin` (range units), else `min`.
    var fillStartPosition: Double {
        appearance.scale?.origin.flatMap { model.position(forValue: $0) } ?? model.min
    }

    /// The filled part's path (from the origin to the position shown at `time`) round `c`, with
    /// its width and round caps set, ready to stroke; false (no path) when it is empty. With
    /// `box`, only the stretch that can show through it (ArcWindow): a turning knob repaints a
    /// sliver of its arc, and stroking all of it was most of the frame.
    @discardableResult
    func addFilledArcPath(_ ctx: DrawingContext, center c: Point, mapping: ScreenMapping, time: Double, seenThrough box: Rect? = nil) -> Bool {
        let shown = Swift.min(Swift.max(model.displayedPosition(at: time), model.min), model.max)
        let a0 = cairoAngle(ofPosition: fillStartPosition), a1 = cairoAngle(ofPosition: shown)
        guard abs(a1 - a0) > 1e-6, model.mode == .continuous else { return false }   // a discrete knob fills nothing
        let radius = knobRect.width / 2 * mapping.scale * scaleRadii.arc, width = scaleLineWidth(mapping)
        var range = Swift.min(a0, a1)...Swift.max(a0, a1)
        if let box {
            guard let seen = ArcWindow.visible(center: c, radius: radius, from: range.lowerBound, to: range.upperBound,
                                               reach: width / 2 + 2, in: box) else { return false }
            range = seen
        }
        ctx.newPath()
        ctx.addArc(center: c, radius: radius, from: range.lowerBound, to: range.upperBound)
        ctx.setLineWidth(width)
        ctx.setRoundCaps()
        return true
    }

    /// The screen box of the filled arc's change between shown positions `p0` and `p1`
    /// (its end moved from one to the other, round cap included); nil without a filled arc.
    func scaleArcBox(from p0: Double, to p1: Double, mapping: ScreenMapping) -> Rect? {
        guard appearance.scale != nil, !model.circular, model.mode == .continuous else { return nil }
        let c = pixelCenter(mapping)
        let half = knobRect.width / 2 * mapping.scale
        let radius = half * scaleRadii.arc
        let reach = Swift.max(2, half * scaleRadii.arcWidth) / 2 + 2
        func clamped(_ p: Double) -> Double { Swift.min(Swift.max(p, model.min), model.max) }
        let a = cairoAngle(ofPosition: clamped(p0)), b = cairoAngle(ofPosition: clamped(p1))
        let lo = Swift.min(a, b), hi = Swift.max(a, b)
        // The arc's box: its ends, and every axis direction it sweeps past.
        var angles = [lo, hi]
        var k = (lo / (Double.pi / 2)).rounded(.up)
        while k * Double.pi / 2 < hi { angles.append(k * Double.pi / 2); k += 1 }
        let xs = angles.map { c.x + radius * cos($0) }, ys = angles.map { c.y + radius * sin($0) }
        let x0 = xs.min()! - reach, x1 = xs.max()! + reach, y0 = ys.min()! - reach, y1 = ys.max()! + reach
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The filled part's colour: the knob's fill in its current state (the tint's hue).
    var scaleAccent: Color { accentColor }

    /// A tick's value: the format's number (its sign flags kept, its text dropped) with the
    /// decimals the tick spacing needs (−12, −6, 0, +6, +12, not −12.0); zero has no sign.
    func tickLabel(_ value: Double, spacing: Double) -> String {
        ArcTicks.label(value, spacing: spacing, format: valueFormatInUse)
    }

    /// The track, ticks and labels, cached per knob and shared through `shared` by every knob
    /// whose track has the same pixels (six equal knobs hold one image, not six). All of it is
    /// white, so the image is an A8 mask of its alpha, painted in white: the same pixels in a
    /// quarter of the bytes (234 → 59 KB on the bench console).
    private func scaleTrackImage(_ mapping: ScreenMapping) -> ImageSurface? {
        let key = TrackLook(scale: mapping.scale, state: state)
        if let scaleCache, scaleCache.key == key { return scaleCache.surface }
        let labels = majorTickLabels
        guard let surface = shared.image(scaleTrackKey(mapping, labels: labels), make: { () throws(GraphicsError) in try drawScaleTrack(mapping, labels: labels) })
        else { return nil }
        scaleCache = (key, surface)
        return surface
    }

    /// Everything the track's pixels depend on: size, scale, state, travel, direction, ticks,
    /// font, the labels' text ("" without a scale).
    func scaleTrackKey(_ mapping: ScreenMapping, labels: [String]? = nil) -> String {
        guard appearance.scale != nil, !model.circular, model.mode != .rotaryDial else { return "" }
        return "knob-scale-track|\(knobRect.width)|\(mapping.scale)|\(state.rawValue)|\(model.min)|\(model.max)|\(model.clockwise)|"
            + "\(appearance.scale.map { "\($0.ticks),\($0.minorTicks),\($0.tickLabels)" } ?? "-")|\(appearance.fontName)|\(captionSize)|"
            + (labels ?? majorTickLabels).joined(separator: "\u{1f}")
    }

    /// The text at each major tick, first to last; empty without tick labels or a range.
    private var majorTickLabels: [String] {
        guard let scale = appearance.scale, scale.ticks >= 2, scale.tickLabels, let range = model.range else { return [] }
        return ArcTicks(majors: scale.ticks, minorsBetween: scale.minorTicks).labels(lo: range.lo, hi: range.hi, format: valueFormatInUse)
    }

    /// The tick labels' size in screen pixels: 13 % of the half side as the ring leaves room
    /// for, but never above a step under the caption (RoundCaption.tickLabelSize), so a large
    /// knob's numbers stay smaller than its name.
    func tickLabelPixelSize(half: Double, radii: ScaleRadii, mapping: ScreenMapping) -> Double {
        Swift.max(6, Swift.min(half * radii.labelSize, RoundCaption.tickLabelSize(captionSize: captionSize) * mapping.scale))
    }

    private func drawScaleTrack(_ mapping: ScreenMapping, labels: [String]) throws(GraphicsError) -> ImageSurface {
        let px = Swift.max(1, Int((knobRect.width * mapping.scale).rounded(.up)) + 2)
        let surface = try ImageSurface(width: px, height: px, format: .a8)
        let ctx = DrawingContext(surface: surface)
        let c = Point(x: Double(px) / 2, y: Double(px) / 2)
        let half = knobRect.width / 2 * mapping.scale
        let radii = scaleRadii
        let lo = cairoAngle(ofPosition: model.min), hi = cairoAngle(ofPosition: model.max)
        ctx.newPath()
        ctx.addArc(center: c, radius: half * radii.arc, from: Swift.min(lo, hi), to: Swift.max(lo, hi))
        ctx.setLineWidth(Swift.max(2, half * radii.arcWidth))
        ctx.setRoundCaps()
        ctx.setColor(Color(white: 1, alpha: 0.14))
        ctx.stroke()

        if let scale = appearance.scale {
            let style = ArcTicks.Style(majorInner: half * radii.tickInner, minorInner: half * (radii.tickInner + radii.tickOuter) / 2,
                                       outer: half * radii.tickOuter, majorWidth: Swift.max(1, half * 0.022), minorWidth: Swift.max(1, half * 0.012),
                                       majorColor: Color(white: 1, alpha: 0.7), minorColor: Color(white: 1, alpha: 0.4),
                                       labelRadius: half * radii.label, labelSize: tickLabelPixelSize(half: half, radii: radii, mapping: mapping),
                                       labelColor: Color(white: 1, alpha: 0.75), font: appearance.fontName)
            ArcTicks(majors: scale.ticks, minorsBetween: scale.minorTicks).draw(in: ctx, center: c, from: lo, to: hi, style: style, labels: labels)
        }
        return surface
    }
}
