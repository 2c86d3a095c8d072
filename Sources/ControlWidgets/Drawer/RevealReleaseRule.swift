/// Where the front goes when the finger lifts, and how long the trip takes: the reference's
/// `_handleRevealGestureStateEndedWithRecognizer:`, on the side the front is on (mirrored for
/// the right view).
///
/// | release | destination |
/// |---|---|
/// | faster than `quickFlickVelocity` towards the open side | `right` (also from the overdraw); `rightMost` from the overdraw when `stableDragOnOverdraw` and not `bounceBackOnOverdraw` |
/// | faster than `quickFlickVelocity` towards closed | `left` |
/// | slower, at most half the reveal width out | `left` |
/// | slower, past half, up to the reveal width | `right` |
/// | slower, in the overdraw | `left` with `bounceBackOnOverdraw`; else `rightMost` past half the overdraw with `stableDragOnOverdraw`; else `right` |
///
/// A flick's trip takes |distance to go ÷ velocity| (the finger's speed carries on); a slow
/// release takes `toggleAnimationDuration`.
public enum RevealReleaseRule {
    public static func destination(location: Double, velocity: Double, geometry g: RevealGeometry)
        -> (position: FrontViewPosition, duration: Double) {
        let side: RevealGeometry.Side = location < 0 ? -1 : 1
        let width = g.revealWidth(side)
        let overdraw = g.revealOverdraw(side)
        let bounceBack = g.bounceBack(side)
        let stableDrag = g.stableDrag(side)
        let x = location * Double(side)

        var position = FrontViewPosition.left
        var duration = g.settings.toggleAnimationDuration
        if abs(velocity) > g.settings.quickFlickVelocity {
            var journey = x
            if velocity * Double(side) > 0 {
                position = .right
                journey = width - x
                if x > width, !bounceBack, stableDrag {
                    position = .rightMost
                    journey = width + overdraw - x
                }
            }
            duration = abs(journey / velocity)
        } else if x > width * 0.5 {
            position = .right
            if x > width {
                if bounceBack {
                    position = .left
                } else if stableDrag, x > width + overdraw * 0.5 {
                    position = .rightMost
                }
            }
        }
        return (side < 0 ? position.mirrored : position, duration)
    }
}
