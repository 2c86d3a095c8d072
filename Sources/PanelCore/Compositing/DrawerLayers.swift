import ControlWidgets
import Graphics

/// The cached layers of the page drawer and how a frame is made of them: the menu (rear
/// view, painted once per current page) or the right view's page layer beneath, the
/// front's shadow (a blurred edge, made once), and the front page's layer on top, moved by
/// whole screen pixels so it is copied, never resampled.
///
/// Positions are in the drawer's space (`DrawerSpace`: the whole screen in design units)
/// times the scale: the front layer is the whole screen, bars included; the menu starts at
/// the screen's left edge and top, the right view's page ends at the screen's right edge.
package final class DrawerLayers {
    package let front: PageLayer
    package let right: PageLayer?
    private let background: Background
    /// The menu as last painted: for which current page and scroll offset.
    private var menu: (page: Int, scroll: Double, surface: ImageSurface)?
    /// Blurred alpha strips for the front's left and right edges, and how far they reach.
    private let leftShadow: ImageSurface?
    private let rightShadow: ImageSurface?
    private let shadowMargin: Int
    private let shadowColor: Color
    private let width: Int, height: Int
    /// Where the last composited frame had the front and the side view.
    private var last: (front: Int, side: Int, removed: Bool)?

    package init(scene: Scene, drawer: PageDrawer, background: Background) throws(GraphicsError) {
        width = scene.screenWidth
        height = scene.screenHeight
        self.background = background
        front = try PageLayer(width: width, height: height)
        right = drawer.rightPage == nil ? nil : try PageLayer(width: width, height: height)
        let s = drawer.geometry.settings
        let scale = scene.mapping.scale
        shadowColor = s.frontViewShadowColor.withAlpha(s.frontViewShadowColor.alpha * s.frontViewShadowOpacity)
        let radius = s.frontViewShadowRadius * scale
        let dx = s.frontViewShadowOffset.x * scale, dy = s.frontViewShadowOffset.y * scale
        shadowMargin = Int(ShadowMask.margin(forRadius: radius) + abs(dx).rounded(.up))
        if s.frontViewShadowOpacity > 0 && shadowColor.alpha > 0 {
            leftShadow = try Self.edgeShadow(bodyOnRight: true, margin: shadowMargin, height: height, radius: radius, dx: dx, dy: dy)
            rightShadow = try Self.edgeShadow(bodyOnRight: false, margin: shadowMargin, height: height, radius: radius, dx: dx, dy: dy)
        } else {
            leftShadow = nil
            rightShadow = nil
        }
    }

    /// The shadow of the front's edge: an A8 strip 2·margin wide whose body (the front,
    /// offset by the shadow offset) fills one half, blurred once. Drawn with its middle on
    /// the front's edge; the front then covers its own half.
    package static func edgeShadow(bodyOnRight: Bool, margin: Int, height: Int, radius: Double, dx: Double, dy: Double) throws(GraphicsError) -> ImageSurface {
        let strip = try ImageSurface(width: 2 * margin, height: height + 2 * margin, format: .a8)
        let ctx = DrawingContext(surface: strip)
        let m = Double(margin)
        ctx.newPath()
        let x = bodyOnRight ? m + dx : -m + dx
        ctx.addRect(Rect(x: x, y: m + dy, width: 2 * m, height: Double(height)))
        ctx.setColor(.black)
        ctx.fill()
        ShadowMask.blur(strip, radius: radius)
        return strip
    }

    /// Brings the layers up to date; returns whether any changed.
    package func refresh(scene: Scene, drawer: PageDrawer, time: Double, frontDirty: [PixelRect], rightDirty: [PixelRect]) -> Bool {
        var changed = front.update(page: scene.pageIndex, widgets: scene.widgets, dirty: frontDirty,
                                   background: background, mapping: scene.mapping, time: time, bindings: scene.bindings)
        if let right, let page = drawer.rightPage, drawer.frontX(at: time) < 0 || right.page != nil {
            changed = right.update(page: page, widgets: scene.rightWidgets, dirty: rightDirty,
                                   background: background, mapping: scene.mapping, time: time, bindings: scene.bindings) || changed
        }
        let scroll = drawer.menuLayout.scrollOffset
        if menu?.page != scene.pageIndex || menu?.scroll != scroll {
            let entries = drawer.menuPages.enumerated().map { i, page in
                PageMenuPainter.Entry(title: scene.panel.pages[page].title, icon: drawer.menuIcons[i])
            }
            let theme = scene.panel.theme
            let base = Color(theme.background.first ?? theme.textColor)
            let style = PageMenuPainter.Style(background: base.mixed(with: Color(theme.textColor), 0.07), text: Color(theme.textColor),
                                              tint: Color(theme.tint), font: theme.font)
            let current = drawer.menuPages.firstIndex(of: scene.pageIndex)
            let scale = scene.mapping.scale
            if let surface = menu?.surface {
                // Scrolling repaints the rows into the same surface (only the rows on screen).
                PageMenuPainter.paint(entries: entries, current: current, layout: drawer.menuLayout, style: style,
                                      into: DrawingContext(surface: surface), scale: scale)
                menu = (scene.pageIndex, scroll, surface)
                changed = true
            } else if let surface = try? PageMenuPainter.render(
                entries: entries, current: current, layout: drawer.menuLayout, style: style,
                surfaceWidth: Int((drawer.geometry.rearViewWidth * scale).rounded(.up)), surfaceHeight: height, scale: scale) {
                menu = (scene.pageIndex, scroll, surface)
                changed = true
            }
        }
        return changed
    }

    /// Where the front and the side view are at `time`, in whole screen pixels.
    private struct Placement: Equatable {
        var frontX: Double, front: Int, side: Int, rightSlide: Int, removed: Bool
    }

    private func placement(scene: Scene, drawer: PageDrawer, time: Double) -> Placement {
        let scale = scene.mapping.scale
        let g = drawer.geometry
        let x = drawer.frontX(at: time)
        // The menu's left edge; or where the right view's page layer is drawn (its right
        // edge on the screen's) and how far its revealed strip has slid.
        let side = x > 0 ? Int((g.rearViewX(frontX: x) * scale).rounded())
                         : Int((drawer.rightViewOffset(frontX: x) * scale).rounded())
        return Placement(frontX: x, front: Int((x * scale).rounded()), side: side,
                         rightSlide: Int((g.rightViewShift(frontX: x) * scale).rounded()),
                         removed: drawer.reveal.position.removesFront && !drawer.reveal.isBusy)
    }

    /// Whether the front or the side view moved since the last call (the screen changes).
    package func move(scene: Scene, drawer: PageDrawer, time: Double) -> Bool {
        let p = placement(scene: scene, drawer: drawer, time: time)
        let now = (p.front, p.side, p.removed)
        defer { last = now }
        guard let last else { return true }
        return last != now
    }

    /// Paints `rect` of the screen at `time` from the layers into `ctx` (frame coordinates,
    /// clipped to `rect`; its surface's pixel (0, 0) is the screen's (rect.x, rect.y)).
    package func paint(_ rect: PixelRect, into ctx: DrawingContext, scene: Scene, drawer: PageDrawer, time: Double) {
        let scale = scene.mapping.scale
        let g = drawer.geometry
        let p = placement(scene: scene, drawer: drawer, time: time)
        let x = p.frontX
        let W = Double(width), H = Double(height), m = Double(shadowMargin)
        let fx = Double(p.front)

        // What lies beneath, where the front does not cover it.
        let exposed: Rect
        if p.removed { exposed = Rect(x: 0, y: 0, width: W, height: H) }
        else if p.front > 0 { exposed = Rect(x: 0, y: 0, width: Swift.min(W, fx + m), height: H) }
        else if p.front < 0 { exposed = Rect(x: Swift.max(0, W + fx - m), y: 0, width: W - Swift.max(0, W + fx - m), height: H) }
        else { exposed = Rect(x: 0, y: 0, width: 0, height: 0) }
        let exposedPixels = PixelRect(covering: exposed).intersection(rect)
        if !exposedPixels.isEmpty {
            background.paint(exposedPixels, into: ctx.surface, origin: (rect.x, rect.y))
            ctx.withSavedState {
                ctx.newPath(); ctx.addRect(exposed); ctx.clip()
                if x >= 0, let menu {
                    ctx.setSource(menu.surface, at: Point(x: Double(p.side), y: 0), smooth: false)
                    ctx.paint()
                } else if x < 0, let right {
                    let left = W - g.rightViewWidth * scale + Double(p.rightSlide)
                    ctx.newPath(); ctx.addRect(Rect(x: left, y: 0, width: W - left, height: H)); ctx.clip()
                    ctx.setSource(right.surface, at: Point(x: Double(p.side), y: 0), smooth: false)
                    ctx.paint()
                }
            }
        }
        if !p.removed {
            // The front's shadow on what lies beneath, then the front itself.
            ctx.withSavedState {
                ctx.setColor(shadowColor)
                if p.front > 0, let leftShadow { ctx.mask(leftShadow, at: Point(x: fx - m, y: -m)) }
                if p.front < 0, let rightShadow { ctx.mask(rightShadow, at: Point(x: W + fx - m, y: -m)) }
                ctx.newPath()
                ctx.addRect(Rect(x: Swift.max(0, fx), y: 0, width: Swift.min(W, W + fx) - Swift.max(0, fx), height: H))
                ctx.clip()
                ctx.setBlendMode(.source)
                ctx.setSource(front.surface, at: Point(x: fx, y: 0), smooth: false)
                ctx.paint()
            }
        }
    }
}
