import ControlWidgets
import Graphics
import PanelLayout

/// The panel's page drawer at run time: the reveal model (pure, ControlWidgets/Drawer), the
/// page menu's layout and icons, and the touches the drawer owns. The controller decides
/// which touches those are (see `InputRouter.touchTarget`); this class turns them into
/// drags, taps on the front, and picks and scrolls in the menu.
///
/// Its geometry is the drawer's space (`DrawerSpace`): the whole screen in design units, so
/// the front is as wide as the screen and the menu starts at the screen's left edge, where
/// the compositor draws them. Touches arrive in design pixels and are moved into that space
/// first.
public final class PageDrawer {
    public private(set) var reveal: RevealController
    public let space: DrawerSpace
    /// The menu's rows and its scroll offset.
    public private(set) var menuLayout: PageMenuLayout
    /// Scene page indices in menu order, and the right view's page.
    public let menuPages: [Int]
    public let rightPage: Int?
    public let menuIcons: [ImageSurface?]

    public enum Action: Equatable {
        case output(DrawerOutput)
        /// A page was picked in the menu: push it.
        case push(page: Int)
    }

    private enum Touch {
        case front(DrawerPanRecognizer)
        case menu(MenuTouchRecognizer)
        case ignored
    }
    private var touches: [Int: Touch] = [:]
    private var draggingTouch: Int?

    /// - Parameter space: the screen in design units (nil: the design's size, no bars).
    package init(panel: Panel, menuPages: [Int], rightPage: Int?, space: DrawerSpace? = nil) throws(GraphicsError) {
        let space = space ?? DrawerSpace(designWidth: Double(panel.designWidth), designHeight: Double(panel.designHeight))
        self.space = space
        let settings = DrawerSettings(panel.drawer).clampedForWidth(space.width)
        let geometry = RevealGeometry(settings: settings, viewWidth: space.width, hasRear: true, hasRight: rightPage != nil)
        reveal = RevealController(geometry: geometry)
        menuLayout = PageMenuLayout(width: geometry.revealWidth(1), height: space.height, count: menuPages.count)
        self.menuPages = menuPages
        self.rightPage = rightPage
        var icons: [ImageSurface?] = []
        for i in menuPages {
            if let path = panel.pages[i].icon { icons.append(try ImageSurface(pngPath: path)) } else { icons.append(nil) }
        }
        menuIcons = icons
    }

    public var geometry: RevealGeometry { reveal.geometry }

    /// The front's left edge at `time`, design pixels.
    public func frontX(at time: Double) -> Double { reveal.frontLocation(at: time) }

    /// True when the front covers the screen and nothing moves: widgets are then painted
    /// straight into the frame, as without a drawer.
    public func isClosed(at time: Double) -> Bool {
        !reveal.isBusy && reveal.position == .left && reveal.frontLocation(at: time) == 0
    }

    // MARK: requests

    public func setPosition(_ p: FrontViewPosition, animated: Bool, at time: Double) -> [DrawerOutput] {
        reveal.setPosition(p, animated: animated, at: time)
    }
    public func toggle(animated: Bool, at time: Double) -> [DrawerOutput] { reveal.toggle(animated: animated, at: time) }
    public func push(page: Int, isShown: Bool, animated: Bool, at time: Double) -> [DrawerOutput] {
        reveal.push(page: page, isShown: isShown, animated: animated, at: time)
    }
    public func advance(to time: Double) -> [DrawerOutput] { reveal.advance(to: time) }

    /// How far right of its layout place the right view's page is drawn, design units: the
    /// width of the right bar (the design is centred, so it equals the left one), which puts
    /// the page's right edge on the screen's right edge, plus the slide.
    public func rightViewOffset(frontX x: Double) -> Double {
        space.originX + geometry.rightViewShift(frontX: x)
    }

    /// The menu's row under a point of the drawer's space, for a front at `x`.
    package func menuRow(at p: Point, frontX x: Double) -> Int? {
        menuLayout.row(at: Point(x: p.x - geometry.rearViewX(frontX: x), y: p.y))
    }

    // MARK: touches the controller gave to the drawer

    /// A touch the controller gave to the drawer, in design pixels.
    public func touch(_ input: WidgetInput, at time: Double) -> [Action] {
        switch input {
        case let .touchDown(id, designPoint):
            let p = space.fromDesign(designPoint)
            var out: [Action] = []
            if touches.removeValue(forKey: id) != nil, draggingTouch == id {
                draggingTouch = nil
                out = reveal.cancelDrag(at: time).map { .output($0) }
            }
            let x = frontX(at: time)
            if reveal.isBusy {
                touches[id] = .ignored
            } else if x > 0 && p.x < x {
                touches[id] = .menu(MenuTouchRecognizer(down: p, row: menuRow(at: p, frontX: x), scroll: menuLayout.scrollOffset))
            } else {
                touches[id] = .front(DrawerPanRecognizer(down: p, at: time))
            }
            return out
        case let .touchMove(id, designPoint):
            let p = space.fromDesign(designPoint)
            switch touches[id] {
            case .front(var r)?:
                let outcome = r.move(to: p, at: time)
                touches[id] = .front(r)
                switch outcome {
                case .began(let translation):
                    guard draggingTouch == nil, reveal.panMayBegin(atX: r.start.x) else {
                        touches[id] = .ignored
                        return []
                    }
                    draggingTouch = id
                    reveal.beginDrag(at: time)
                    return reveal.drag(translation: translation, at: time).map { .output($0) }
                case .moved(let translation) where draggingTouch == id:
                    return reveal.drag(translation: translation, at: time).map { .output($0) }
                default:
                    return []
                }
            case .menu(var r)?:
                let outcome = r.move(to: p)
                touches[id] = .menu(r)
                // The menu scrolls only while the drawer rests open (the content would
                // otherwise move under a sliding front).
                if case .scroll(let offset) = outcome, !reveal.isBusy { menuLayout.scroll(to: offset) }
                return []
            default:
                return []
            }
        case let .touchUp(id):
            switch touches.removeValue(forKey: id) {
            case .front(var r)?:
                switch r.lift(at: time) {
                case .ended(let velocity) where draggingTouch == id:
                    draggingTouch = nil
                    return reveal.endDrag(velocity: velocity, at: time).map { .output($0) }
                case .tap:
                    return reveal.tapFront(at: time).map { .output($0) }
                default:
                    return []
                }
            case .menu(let r)?:
                // A pick: a tap (no drag past the slop) on a row.
                guard case .tap(let row?) = r.lift(), !reveal.isBusy else { return [] }
                return [.push(page: menuPages[row])]
            default:
                return []
            }
        case let .touchCancel(id):
            let t = touches.removeValue(forKey: id)
            if case .front? = t, draggingTouch == id {
                draggingTouch = nil
                return reveal.cancelDrag(at: time).map { .output($0) }
            }
            return []
        case .wheel, .key:
            return []
        }
    }
}
