import ControlWidgets
import Graphics
import PanelLayout
import PanelProtocol
import PanelSystem

/// What is on screen: every page's widget views (built once, so widgets on hidden pages keep
/// their values), which page is the front, the page drawer if the panel has one, and how
/// design pixels map to the screen (uniform scale, letterboxed and centred).
public final class Scene {
    public let panel: Panel
    public let screenWidth: Int
    public let screenHeight: Int
    /// Design pixels to the screen: the letterbox, moved by the idle page's drift.
    public private(set) var mapping: ScreenMapping { didSet { paintBoxCache = nil } }
    private let restingMapping: ScreenMapping
    /// The widgets of every page, in the file's order (a `style` tint rebuilds one).
    public private(set) var pageWidgets: [[any WidgetView]]
    /// What the `style` command set, by widget id (PanelController+Style); absent: the layout's.
    public private(set) var styles: [String: WidgetStyle] = [:]
    /// Whether the page on show has the drawer's menu button (the idle page has none).
    private var menuButtonShown = true
    /// The page on show (the drawer's front view).
    public private(set) var pageIndex: Int
    /// The page with `"role": "right"`, if any (the drawer's right view).
    public let rightPageIndex: Int?
    /// The page menu's pages (role `page`), in the file's order.
    public let menuPageIndices: [Int]
    public let drawer: PageDrawer?
    /// The front page's shown widgets (hidden by `style` left out, so they neither draw nor
    /// take touches), with the menu button on top when there is a drawer.
    public internal(set) var widgets: [any WidgetView] = [] { didSet { paintBoxCache = nil } }   // internal(set): tests add fakes
    /// `widgets`' paint boxes at `mapping`, made when first asked after either changed: the
    /// compositor tests every widget against every rectangle it paints, and asking 96 knobs
    /// for their shadows' reach each time made one turning knob cost more the more it had
    /// for neighbours.
    private var paintBoxCache: [PixelRect]?
    private let menuButton: MenuButtonView?
    /// Images identical widgets share (one disc, satin and shadow for six equal knobs).
    public let sharedLayers = SharedLayers()
    /// The widgets fed from MQTT topics (`bind` objects) and their staleness and confirmations.
    package let bindings: BoundValues

    public init(panel: Panel, screenWidth: Int, screenHeight: Int, wallClock: WallClock = .startingNow()) throws(GraphicsError) {
        self.panel = panel
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        let box = Letterbox(designWidth: panel.designWidth, designHeight: panel.designHeight,
                            screenWidth: screenWidth, screenHeight: screenHeight)
        mapping = ScreenMapping(scale: box.scale, offsetX: box.offsetX, offsetY: box.offsetY)
        restingMapping = mapping
        var all: [[any WidgetView]] = []
        for page in panel.pages {
            var views: [any WidgetView] = []
            for spec in page.widgets { views.append(try WidgetCatalog.makeView(spec, theme: panel.theme, shared: sharedLayers, wallClock: wallClock, locale: panel.locale)) }
            all.append(views)
        }
        pageWidgets = all
        bindings = BoundValues(panel.pages.flatMap { $0.widgets.compactMap { w in WidgetCatalog.binding(w).map { (id: w.id, spec: $0) } } })
        rightPageIndex = panel.pages.firstIndex { $0.role == .right }
        menuPageIndices = panel.pages.indices.filter { panel.pages[$0].role == .page }
        pageIndex = menuPageIndices.first ?? 0
        if panel.hasDrawer {
            drawer = try PageDrawer(panel: panel, menuPages: menuPageIndices, rightPage: rightPageIndex,
                                    space: DrawerSpace(mapping: mapping, screenWidth: screenWidth, screenHeight: screenHeight))
            let corner = panel.drawer?.string("menuButton") ?? "topLeft"
            menuButton = MenuButtonView.Corner(rawValue: corner).map {
                MenuButtonView(corner: $0, designWidth: Double(panel.designWidth), designHeight: Double(panel.designHeight),
                               color: Color(panel.theme.textColor))
            }
        } else {
            drawer = nil
            menuButton = nil
        }
        showPage(pageIndex)
    }

    /// Moves what is drawn by `offset` design pixels (the idle page's drift against burn-in).
    public func shift(by offset: (x: Double, y: Double)) {
        mapping = ScreenMapping(scale: restingMapping.scale, offsetX: restingMapping.offsetX + offset.x * restingMapping.scale,
                                offsetY: restingMapping.offsetY + offset.y * restingMapping.scale)
        for w in widgets { w.needsDisplay = true }
    }

    /// Makes page `index` the front (no animation; the drawer decides when).
    /// `menuButton` false: without the drawer's menu button (the idle page is only looked at).
    public func showPage(_ index: Int, menuButton withMenu: Bool = true) {
        guard panel.pages.indices.contains(index) else { return }
        pageIndex = index
        menuButtonShown = withMenu
        refreshShownWidgets()
        for w in widgets { w.needsDisplay = true }
    }

    /// The right view's shown widgets (empty without one).
    public var rightWidgets: [any WidgetView] { rightPageIndex.map { pageWidgets[$0].filter(isShown) } ?? [] }

    private func refreshShownWidgets() {
        widgets = pageWidgets[pageIndex].filter(isShown) + (menuButtonShown ? menuButton.map { [$0] } ?? [] : [])
    }

    // MARK: style

    public func style(of id: String) -> WidgetStyle { styles[id] ?? WidgetStyle() }
    public func isShown(_ widget: any WidgetView) -> Bool { styles[widget.id]?.visible ?? true }
    public func isEnabled(_ widget: any WidgetView) -> Bool { styles[widget.id]?.enabled ?? true }
    /// Disabled by `style` and without an `enabled` of its own to draw that: the compositor
    /// paints it faded.
    public func isDimmed(_ widget: any WidgetView) -> Bool {
        !isEnabled(widget) && widget.commandKeys["set"]?.contains("enabled") != true
    }

    /// Records `style` for `id` and shows or hides the widget at once.
    package func setStyle(_ style: WidgetStyle, for id: String) {
        styles[id] = style.isLayoutDefault ? nil : style
        refreshShownWidgets()
    }

    /// Puts `view` in the place of the widget with its id (a tint rebuilt it).
    package func replaceWidget(with view: any WidgetView) {
        for p in pageWidgets.indices {
            if let i = pageWidgets[p].firstIndex(where: { $0.id == view.id }) { pageWidgets[p][i] = view }
        }
        refreshShownWidgets()
        view.needsDisplay = true
    }

    /// Every widget of every page.
    public var allWidgets: [any WidgetView] { pageWidgets.flatMap { $0 } }

    /// A widget by id on any page (the front page first); never the menu button.
    public func widget(id: String) -> (any WidgetView)? {
        if let w = pageWidgets[pageIndex].first(where: { $0.id == id }) { return w }
        for page in pageWidgets { if let w = page.first(where: { $0.id == id }) { return w } }
        return nil
    }

    /// The index of the page with this id.
    public func pageIndex(id: String) -> Int? { panel.pages.firstIndex { $0.id == id } }

    /// The screen-pixel box each of `widgets` may paint, in the same order.
    package var paintBoxes: [PixelRect] {
        if let paintBoxCache { return paintBoxCache }
        let boxes = widgets.map { PixelRect(covering: $0.paintBounds(mapping)) }
        paintBoxCache = boxes
        return boxes
    }

    /// The screen-pixel damage rectangle for a widget.
    public func damageRect(of widget: any WidgetView) -> PixelRect {
        PixelRect(covering: widget.paintBounds(mapping))
    }
}
