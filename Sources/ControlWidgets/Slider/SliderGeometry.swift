/// Where a slider's parts lie, in design pixels, relative to the centre of its square.
/// The ring is inset so the handle, the dark ring and labels placed outside it (positive
/// `labelOffset`) stay inside the frame; `margin` is the room around the square that the
/// glow and the handle's shadow may paint into.
public struct SliderGeometry: Sendable, Hashable {
    /// Side of the square the slider occupies.
    public var side: Double
    /// Radius of the track's centre line.
    public var radius: Double
    public var lineWidth: Double
    public var ringWidth: Double
    /// The largest glow blur (TB: angle/20 reaches 18 at 360° around a 40-wide line).
    public var maxGlowRadius: Double
    public var margin: Double
    /// Radial room taken by labels outside the ring (0 when inside or none).
    public var labelRoom: Double

    public init(side: Double, appearance a: SliderAppearance, labelExtent: Double) {
        self.side = side
        lineWidth = a.lineWidth
        ringWidth = a.ringWidth
        let handleReach = Swift.max(a.handleRadius(0), a.handles.count > 1 ? a.handleRadius(1) : 0)
        let reach = Swift.max(ringWidth / 2, handleReach)
        labelRoom = a.labels.isEmpty || a.labelOffset < 0 ? 0 : labelExtent + a.labelOffset + 4
        radius = Swift.max(1, side / 2 - a.sliderPadding - reach - labelRoom)
        // Capped by the size too, so an absurdly thick line cannot make every layer (and the
        // damage around the slider) many times larger than the slider itself.
        maxGlowRadius = Swift.max(2, Swift.min(0.45 * lineWidth, side * 0.08))
        margin = (maxGlowRadius * 2.5).rounded(.up) + 4
    }

    /// Half the width of the band a finger may start on: the line widened to a comfortable
    /// finger (44 design pixels, UIKit's minimum hit target) or the handle, whichever is more.
    public func touchBandHalfWidth(handleRadius: Double) -> Double {
        Swift.max(22, ringWidth / 2, handleRadius)
    }
}
