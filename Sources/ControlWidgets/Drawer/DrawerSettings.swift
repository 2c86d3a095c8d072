import Graphics

/// The page drawer's properties, with SWRevealViewController's names and defaults (its
/// points are our design pixels). The layout file's `"drawer": {…}` sets them; PanelLayout
/// has already checked their bounds.
public struct DrawerSettings: Sendable, Equatable {
    public enum AnimationType: String, Sendable, CaseIterable { case spring, easeOut }

    /// How much of the rear view (the page menu) shows when open; negative: the screen
    /// width minus this much, so the visible part of the front stays constant.
    public var rearViewRevealWidth = 260.0
    public var rightViewRevealWidth = 260.0
    /// How far past the reveal width a drag may pull the front (at half the finger's speed).
    public var rearViewRevealOverdraw = 60.0
    public var rightViewRevealOverdraw = 60.0
    /// How far the rear (right) view lags behind when the front moves: it slides in from
    /// this many pixels off its resting place.
    public var rearViewRevealDisplacement = 40.0
    public var rightViewRevealDisplacement = 40.0
    /// Released in the overdraw, the front goes back to `left` (closed) instead of `right`.
    public var bounceBackOnOverdraw = true
    public var bounceBackOnLeftOverdraw = true
    /// The overdraw follows the finger 1:1 and a release there may rest at `rightMost`.
    public var stableDragOnOverdraw = false
    public var stableDragOnLeftOverdraw = false
    /// The reference offsets the front below a navigation bar; a panel has none, so this is
    /// accepted and has no effect.
    public var presentFrontViewHierarchically = false
    /// A pan on the closed drawer must start this close to an edge; 0: anywhere.
    public var draggableBorderWidth = 0.0
    /// A release faster than this (design pixels per second) decides by direction.
    public var quickFlickVelocity = 250.0
    public var toggleAnimationDuration = 0.25
    public var toggleAnimationType = AnimationType.spring
    /// 1: critically damped (no overshoot); lower values overshoot and oscillate.
    public var springDampingRatio = 1.0
    /// The reference's duration of animated child replacement; pages are replaced by pushes
    /// here, so it is accepted and unused.
    public var replaceViewAnimationDuration = 0.25
    public var frontViewShadowRadius = 2.5
    /// [dx, dy]; y down.
    public var frontViewShadowOffset = Point(x: 0, y: 2.5)
    public var frontViewShadowOpacity = 1.0
    public var frontViewShadowColor = Color.black

    public init() {}

}
