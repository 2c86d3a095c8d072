import Graphics
import PanelLayout

/// Where a fader's parts lie in its frame, design pixels. A vertical fader stacks the readout
/// (top), the track and the caption (bottom; `captionPlacement: inside` puts it under the
/// readout instead), with ticks and their labels right of the track; a horizontal one has the
/// caption (left) and readout (right) on a line above the track (`below`: the caption under
/// the track) and the ticks below it. The caption is RoundCaption's: the size a knob as long
/// as the fader (at most twice as wide) would give it, or the layout's or theme's. The thumb's
/// centre runs from `travelStart` (fraction 0) to `travelEnd` (fraction 1), half a thumb
/// inside the track's ends, so the thumb never leaves the frame.
public struct FaderGeometry: Sendable, Equatable {
    public let frame: Rect
    public let vertical: Bool
    /// Text size of the readout.
    public let textSize: Double
    /// Text size of the caption (RoundCaption's scale) and of the tick labels (a step under it).
    public let captionSize: Double
    public let tickLabelSize: Double
    public let readoutBox: Rect?
    public let captionBox: Rect?
    /// The thumb's centre line across the track: x of a vertical fader, y of a horizontal one.
    public let axis: Double
    /// The thumb's centre at fraction 0 and 1, along the track (y vertical, x horizontal).
    public let travelStart: Double
    public let travelEnd: Double
    /// The thumb's size along the track and across it.
    public let thumbAlong: Double
    public let thumbAcross: Double
    public let lineWidth: Double

    public init(frame: Rect, vertical: Bool, lineWidth: Double, showsValue: Bool, hasCaption: Bool, tickLabels: Bool,
                captionSize: Double? = nil, captionPlacement: CaptionPlacement? = nil) {
        self.frame = frame; self.vertical = vertical; self.lineWidth = lineWidth
        let across = vertical ? frame.width : frame.height
        let along = vertical ? frame.height : frame.width
        textSize = Swift.min(28, Swift.max(11, Swift.min(across * 0.2, along * 0.07)))
        let caption = captionSize ?? RoundCaption.defaultSize(diameter: Swift.min(along, across * 2))
        self.captionSize = caption
        tickLabelSize = Swift.min(RoundCaption.tickLabelSize(captionSize: caption), textSize)
        let placement = captionPlacement ?? (vertical ? .below : .inside)
        let shows = hasCaption && placement != .none
        let band = textSize * 1.5, captionBand = RoundCaption.lineHeight(size: caption)
        var top = 0.0, bottom = 0.0
        if vertical {
            readoutBox = showsValue ? Rect(x: frame.x, y: frame.y, width: frame.width, height: band) : nil
            top = showsValue ? band : 0
            if shows && placement == .inside {
                captionBox = Rect(x: frame.x, y: frame.y + top, width: frame.width, height: captionBand)
                top += captionBand
            } else if shows {
                captionBox = Rect(x: frame.x, y: frame.maxY - captionBand, width: frame.width, height: captionBand)
                bottom = captionBand
            } else {
                captionBox = nil
            }
        } else {
            let sharesLine = shows && placement == .inside
            let lineHeight = Swift.max(showsValue ? band : 0, sharesLine ? captionBand : 0)
            let line = Rect(x: frame.x, y: frame.y, width: frame.width, height: lineHeight)
            readoutBox = showsValue ? line : nil
            top = lineHeight
            if sharesLine {
                captionBox = line
            } else if shows {
                captionBox = Rect(x: frame.x, y: frame.maxY - captionBand, width: frame.width, height: captionBand)
                bottom = captionBand
            } else {
                captionBox = nil
            }
        }
        // Tick labels take a strip beside the track (the ticks cross behind it); the thumb is
        // centred in the rest.
        let tickRoom = tickLabels ? 0.28 : 0
        if vertical {
            let rest = frame.width * (1 - tickRoom)
            axis = frame.x + rest / 2
            thumbAcross = Swift.max(12, Swift.min(rest * 0.8, 64))
        } else {
            let rowTop = frame.y + top, rowHeight = frame.height - top - bottom
            let rest = rowHeight * (1 - tickRoom)
            axis = rowTop + rest / 2
            thumbAcross = Swift.max(12, Swift.min(rest * 0.8, 64))
        }
        thumbAlong = Swift.min(Swift.max(20, thumbAcross * 0.55), 40)
        if vertical {
            // Fraction 0 at the bottom: the value rises as the thumb goes up.
            travelStart = frame.maxY - bottom - thumbAlong / 2
            travelEnd = frame.y + top + thumbAlong / 2
        } else {
            travelStart = frame.x + thumbAlong / 2
            travelEnd = frame.maxX - thumbAlong / 2
        }
    }

    public var travelLength: Double { abs(travelEnd - travelStart) }

    /// The thumb's centre at fraction `f` of the travel.
    public func thumbCenter(atFraction f: Double) -> Point {
        let along = travelStart + (travelEnd - travelStart) * f
        return vertical ? Point(x: axis, y: along) : Point(x: along, y: axis)
    }

    /// The thumb's box at fraction `f`.
    public func thumbRect(atFraction f: Double) -> Rect {
        let c = thumbCenter(atFraction: f)
        let w = vertical ? thumbAcross : thumbAlong, h = vertical ? thumbAlong : thumbAcross
        return Rect(x: c.x - w / 2, y: c.y - h / 2, width: w, height: h)
    }

    /// The travel fraction under a point, not clamped (past an end is beyond 0…1).
    public func fraction(at p: Point) -> Double {
        let along = vertical ? p.y : p.x
        let length = travelEnd - travelStart
        return length == 0 ? 0 : (along - travelStart) / length
    }

    /// The strip a finger may start on: the whole track, as wide as the thumb (at least 44,
    /// a comfortable finger) and half a thumb past each end of the travel.
    public var touchStrip: Rect {
        let wide = Swift.max(44, thumbAcross)
        let lo = Swift.min(travelStart, travelEnd) - thumbAlong / 2, hi = Swift.max(travelStart, travelEnd) + thumbAlong / 2
        return vertical ? Rect(x: axis - wide / 2, y: lo, width: wide, height: hi - lo)
                        : Rect(x: lo, y: axis - wide / 2, width: hi - lo, height: wide)
    }

    /// Where the tick labels start across the track: just beside the thumb.
    public var tickStart: Double { axis + thumbAcross / 2 + 4 }

    /// Half the length of a major tick across the track: a fifth of the thumb, so its end is
    /// 0.3 of a thumb from the labels (at 0.34 a tick's end read as a minus before "+10").
    public var majorTickHalf: Double { thumbAcross * 0.2 }
}
