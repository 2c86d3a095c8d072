import ControlWidgets
import Graphics
import PanelLayout

extension DrawerSettings {
    /// The settings a layout file's checked `drawer` object asks for (absent keys keep the
    /// reference's defaults, which the schema repeats).
    package init(_ spec: DrawerSpec?) {
        self.init()
        guard let spec else { return }
        func n(_ key: String, _ into: inout Double) { if let v = spec.number(key) { into = v } }
        func b(_ key: String, _ into: inout Bool) { if let v = spec.bool(key) { into = v } }
        n("rearViewRevealWidth", &rearViewRevealWidth)
        n("rearViewRevealOverdraw", &rearViewRevealOverdraw)
        n("rearViewRevealDisplacement", &rearViewRevealDisplacement)
        n("rightViewRevealWidth", &rightViewRevealWidth)
        n("rightViewRevealOverdraw", &rightViewRevealOverdraw)
        n("rightViewRevealDisplacement", &rightViewRevealDisplacement)
        b("bounceBackOnOverdraw", &bounceBackOnOverdraw)
        b("bounceBackOnLeftOverdraw", &bounceBackOnLeftOverdraw)
        b("stableDragOnOverdraw", &stableDragOnOverdraw)
        b("stableDragOnLeftOverdraw", &stableDragOnLeftOverdraw)
        b("presentFrontViewHierarchically", &presentFrontViewHierarchically)
        n("draggableBorderWidth", &draggableBorderWidth)
        n("quickFlickVelocity", &quickFlickVelocity)
        n("toggleAnimationDuration", &toggleAnimationDuration)
        if let t = spec.string("toggleAnimationType"), let type = AnimationType(rawValue: t) { toggleAnimationType = type }
        n("springDampingRatio", &springDampingRatio)
        n("replaceViewAnimationDuration", &replaceViewAnimationDuration)
        n("frontViewShadowRadius", &frontViewShadowRadius)
        if let o = spec.numbers("frontViewShadowOffset"), o.count == 2 { frontViewShadowOffset = Point(x: o[0], y: o[1]) }
        n("frontViewShadowOpacity", &frontViewShadowOpacity)
        if let c = spec.color("frontViewShadowColor") { frontViewShadowColor = Color(c) }
    }

    /// A reveal width that leaves something of the front on screen and is not empty: a
    /// negative setting larger than the panel would otherwise divide by zero.
    package func clampedForWidth(_ width: Double) -> DrawerSettings {
        var s = self
        func clamp(_ w: Double) -> Double {
            let resolved = w < 0 ? width + w : w
            return Swift.min(Swift.max(resolved, 1), width)
        }
        s.rearViewRevealWidth = clamp(rearViewRevealWidth)
        s.rightViewRevealWidth = clamp(rightViewRevealWidth)
        return s
    }
}
