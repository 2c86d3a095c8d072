import Graphics
import PanelLayout

/// The colours a knob draws with in its state: the disc, the accent (scale arc, and with the
/// flat style the ring and pointer) and the inks on the disc. The reference's KnobColors stay
/// as they are; two things are the view's own: the flat style, and the disabled look, which
/// is desaturated and pulled towards the surface (lower contrast), where the reference's
/// derived disabled fill (20 % saturation at 90 % brightness) read as a cream knob, brighter
/// and more inviting than an enabled one.
extension KnobView {
    /// The disc's fill.
    var discFill: Color {
        let st = state, colors = appearance.colors
        if let explicit = colors.fill[st] { return explicit }
        if appearance.style == .flat {
            let disc = colors.fill[.normal] ?? appearance.flatDisc
            switch st {
            case .disabled: return Self.disabledLook(disc, backdrop: appearance.flatDisc)
            case .highlighted, .selected: return disc.mixed(with: appearance.textColor, 0.06)
            case .normal: return disc
            }
        }
        if st == .disabled { return Self.disabledLook(colors.fillColor(for: .normal), backdrop: appearance.flatDisc) }
        return colors.fillColor(for: st)
    }

    /// The accent: the scale's filled arc, and with the flat style the ring and the pointer.
    var accentColor: Color {
        let st = state, colors = appearance.colors
        // A flat knob's disc is the surface, so its accent is the tint's own (explicit fill
        // colours paint the disc, not the ring).
        let derived = appearance.style == .flat ? KnobColors(tint: colors.tint) : colors
        if st == .disabled && colors.fill[.disabled] == nil {
            return Self.disabledLook(derived.fillColor(for: .normal), backdrop: appearance.flatDisc).withAlpha(1)
        }
        return derived.fillColor(for: st).withAlpha(1)
    }

    /// `color` as a disabled control shows it: 12 % of its saturation left, then 65 % of the
    /// way to the surface behind it, so it recedes (a mid grey halfway would be lighter than
    /// a saturated blue, and so stand out more on a dark background, not less).
    static func disabledLook(_ color: Color, backdrop: Color) -> Color {
        let hsb = color.hsb
        let grey = Color(hue: hsb.hue, saturation: hsb.saturation * 0.12, brightness: hsb.brightness, alpha: color.alpha)
        return grey.mixed(with: backdrop.withAlpha(color.alpha), 0.65)
    }

    /// Ink on the disc in a disabled state is pulled towards the disc: lower contrast.
    func dimmedIfDisabled(_ ink: Color) -> Color {
        state == .disabled ? ink.mixed(with: discFill.withAlpha(ink.alpha), 0.45) : ink
    }

    /// The flat style's ring: a thin accent circle just inside the disc's rim; on a knob with
    /// a pointer, on the line its bead is threaded on (the bead's radius in from the rim).
    /// Filled through its coverage (FlatRingMask), the same pixels as stroking it: a stroke
    /// turns the whole circle into a polygon even when a turning bead's box shows a sliver.
    func drawFlatRing(in ctx: DrawingContext, center c: Point, mapping: ScreenMapping) {
        guard appearance.style == .flat, appearance.image(for: state) == nil else { return }
        let ring = flatRing(mapping)
        if ctx.clipAvoidsRing(center: c, inner: ring.radius - ring.width / 2 - 1, outer: ring.radius + ring.width / 2 + 1) { return }
        ctx.setColor(accentColor)
        if let mask = flatRingMask(ring, side: pixelSide(mapping)) {
            ctx.mask(mask, at: Point(x: c.x - Double(mask.width) / 2, y: c.y - Double(mask.height) / 2), smooth: false)
        } else {
            FlatRingMask.addRing(ring, to: ctx, center: c)
            ctx.stroke()
        }
    }

    /// The ring's centre line and width in screen pixels.
    func flatRing(_ mapping: ScreenMapping) -> FlatRingMask.Ring {
        let width = flatRingWidth(mapping)
        let inset = pipArtwork(mapping).map { ($0.side / 2 - KnobPainter.beadDistance($0)) * $0.scale } ?? width / 2
        return FlatRingMask.Ring(radius: knobRadius * mapping.scale - inset, width: width)
    }

    /// The ring's mask, kept by the view and shared by knobs of the same ring.
    private func flatRingMask(_ ring: FlatRingMask.Ring, side: Int) -> ImageSurface? {
        if let flatRingCache, flatRingCache.ring == ring, flatRingCache.side == side { return flatRingCache.mask }
        guard let mask = shared.image(["flat-ring", ring, side] as [AnyHashable], make: { () throws(GraphicsError) in
            try FlatRingMask.image(ring, parityOf: side)
        }) else { return nil }
        flatRingCache = (ring, side, mask)
        return mask
    }

    /// The ring's width in screen pixels: 2.5 % of the radius, at least 1.5.
    func flatRingWidth(_ mapping: ScreenMapping) -> Double { Swift.max(1.5, knobRadius * mapping.scale * 0.025) }
}
