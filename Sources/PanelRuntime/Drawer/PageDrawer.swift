import ControlWidgets
import Graphics
import PanelLayout

/// The panel's page drawer at run time: the reveal model (pure, ControlWidgets/Drawer), the
/// page menu's layout and icons, and the touches the drawer owns. The controller decides
/// which touches those are (see `PanelController.touchTarget`); this class turns them into
/// drags, taps on the front, and picks in the menu.
public final class PageDrawer {
    public private(set) var reveal: RevealController
    public let menuLayout: PageMenuLayout
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
        case menu(row: Int?, last: Point)
        case ignored
    }
    private var touches: [Int: Touch] = [:]
    private var draggingTouch: Int?

    init(panel: Panel, menuPages: [Int], rightPage: Int?) throws(GraphicsError) {
        let width = Double(panel.designWidth)
        let settings = DrawerSettings(panel.drawer).clampedForWidth(width)
        let geometry = RevealGeometry(settings: settings, viewWidth: width, hasRear: true, hasRight: rightPage != nil)
        reveal = RevealController(geometry: geometry)
        menuLayout = PageMenuLayout(width: geometry.revealWidth(1), height: Double(panel.designHeight), count: menuPages.count)
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

    // MARK: touches the controller gave to the drawer

    public func touch(_ input: WidgetInput, at time: Double) -> [Action] {
        switch input {
        case let .touchDown(id, p):
            var out: [Action] = []
            if touches.removeValue(forKey: id) != nil, draggingTouch == id {
                draggingTouch = nil
                out = reveal.cancelDrag(at: time).map { .output($0) }
            }
            let x = frontX(at: time)
            if reveal.isBusy {
                touches[id] = .ignored
            } else if x > 0 && p.x < x {
                let local = Point(x: p.x - geometry.rearViewX(frontX: x), y: p.y)
                touches[id] = .menu(row: menuLayout.row(at: local), last: p)
            } else {
                touches[id] = .front(DrawerPanRecognizer(down: p, at: time))
            }
            return out
        case let .touchMove(id, p):
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
            case .menu(let row, _)?:
                touches[id] = .menu(row: row, last: p)
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
            case let .menu(row, last)?:
                // A pick: the finger lifts on the row it went down on.
                let x = frontX(at: time)
                let local = Point(x: last.x - geometry.rearViewX(frontX: x), y: last.y)
                guard let row, menuLayout.row(at: local) == row, !reveal.isBusy else { return [] }
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
