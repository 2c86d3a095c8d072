/// Where things are for a given front location, after SWRevealViewController's layout code.
/// All lengths are design pixels; `x` is the front view's left edge (0 = closed, positive =
/// page menu showing, negative = right view showing).
///
/// The reference computes the right side by symmetry: a negative location is mirrored, the
/// rear's rules are applied with the right-side properties, and the result mirrored back.
public struct RevealGeometry: Sendable, Equatable {
    public var settings: DrawerSettings
    /// The width of the panel (the front view's width).
    public var viewWidth: Double
    public var hasRear: Bool
    public var hasRight: Bool

    public init(settings: DrawerSettings, viewWidth: Double, hasRear: Bool = true, hasRight: Bool = false) {
        self.settings = settings; self.viewWidth = viewWidth; self.hasRear = hasRear; self.hasRight = hasRight
    }

    /// +1 for the rear (menu) side, −1 for the right view's side.
    public typealias Side = Int

    /// The reveal width of a side; a negative setting means "the view width minus that".
    public func revealWidth(_ side: Side) -> Double {
        let w = side < 0 ? settings.rightViewRevealWidth : settings.rearViewRevealWidth
        return w < 0 ? viewWidth + w : w
    }

    public func revealOverdraw(_ side: Side) -> Double {
        side < 0 ? settings.rightViewRevealOverdraw : settings.rearViewRevealOverdraw
    }

    func bounceBack(_ side: Side) -> Bool { side < 0 ? settings.bounceBackOnLeftOverdraw : settings.bounceBackOnOverdraw }
    func stableDrag(_ side: Side) -> Bool { side < 0 ? settings.stableDragOnLeftOverdraw : settings.stableDragOnOverdraw }

    /// The front's x at rest in `position`: 0 closed, the reveal width at `right`, reveal
    /// width + overdraw at `rightMost` (and its removed twin); mirrored on the left side.
    public func location(of position: FrontViewPosition) -> Double {
        let side: Side = position < .left ? -1 : 1
        let p = side < 0 ? position.mirrored : position
        let w = revealWidth(side)
        var x = 0.0
        if p == .right { x = w } else if p > .right { x = w + revealOverdraw(side) }
        return x * Double(side)
    }

    /// The front's x while a finger drags it to `x` (the reference's resistance): 1:1 up to
    /// the reveal width, then half the finger's movement through the overdraw, then held at
    /// its end. With `stableDrag`, no `bounceBack`, or when the drag started at the most
    /// position, the overdraw is part of the 1:1 range.
    public func adjustedDragLocation(_ x: Double, startedAt position: FrontViewPosition) -> Double {
        let side: Side = x < 0 ? -1 : 1
        var width = revealWidth(side)
        var overdraw = revealOverdraw(side)
        let stableTrack = !bounceBack(side) || stableDrag(side) || position == .rightMost || position == .leftSideMost
        if stableTrack {
            width += overdraw
            overdraw = 0
        }
        let d = x * Double(side)
        let result: Double
        if d <= width {
            result = d
        } else if d <= width + 2 * overdraw {
            result = width + (d - width) / 2
        } else {
            result = width + overdraw
        }
        return result * Double(side)
    }

    /// The reference's pan `progress` (location over the reveal width: 1 fully revealed,
    /// above 1 in the overdraw) and `overProgress` (location in the overdraw over its width:
    /// 0 fully revealed, 1 fully overdrawn, negative inside the normal range).
    public func progress(at x: Double) -> (progress: Double, overProgress: Double) {
        let side: Side = x < 0 ? -1 : 1
        let width = revealWidth(side)
        let over = revealOverdraw(side)
        let s = Double(side)
        let progress = width > 0 ? x / width * s : 0
        // Without an overdraw there is no overdraw region to measure: report 0.
        let overProgress = over > 0 ? (x - width * s) / over * s : 0
        return (progress, overProgress)
    }

    /// The rear view's left edge for a front at `x`: `-displacement` while closed, sliding to 0
    /// as the front reaches the reveal width (the reference's scaled, clamped value).
    public func rearViewX(frontX x: Double) -> Double {
        Self.scaled(x, from: 0, revealWidth(1), to: -settings.rearViewRevealDisplacement, 0)
    }

    /// The rear view's width: reveal width plus overdraw, so an overdrawn front shows no gap.
    public var rearViewWidth: Double { revealWidth(1) + settings.rearViewRevealOverdraw }
    public var rightViewWidth: Double { revealWidth(-1) + settings.rightViewRevealOverdraw }

    /// How far right of its resting place the right view sits: `displacement` while closed,
    /// 0 once the front has moved left by the right reveal width.
    public func rightViewShift(frontX x: Double) -> Double {
        Self.scaled(x, from: -revealWidth(-1), 0, to: 0, settings.rightViewRevealDisplacement)
    }

    /// Maps v from [a1, b1] onto [a2, b2] linearly, clamped to [a2, b2]; a degenerate range
    /// gives a2 (the reference's scaledValue, NaN guard included).
    static func scaled(_ v: Double, from a1: Double, _ b1: Double, to a2: Double, _ b2: Double) -> Double {
        let r = a2 + (v - a1) * ((b2 - a2) / (b1 - a1))
        if r.isNaN { return a2 }
        return Swift.min(Swift.max(r, a2), b2)
    }
}
