import ControlWidgets
import Graphics
import PanelLayout

/// What is on screen: the panel's current page as widget views, and how design pixels map
/// to the screen (uniform scale, letterboxed and centred).
public final class Scene {
    public let panel: Panel
    public let screenWidth: Int
    public let screenHeight: Int
    public let mapping: ScreenMapping
    public private(set) var pageIndex = 0
    public internal(set) var widgets: [any WidgetView] = []   // internal(set): tests add fakes

    public init(panel: Panel, screenWidth: Int, screenHeight: Int) throws(GraphicsError) {
        self.panel = panel
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        let box = Letterbox(designWidth: panel.designWidth, designHeight: panel.designHeight,
                            screenWidth: screenWidth, screenHeight: screenHeight)
        mapping = ScreenMapping(scale: box.scale, offsetX: box.offsetX, offsetY: box.offsetY)
        try showPage(0)
    }

    public func showPage(_ index: Int) throws(GraphicsError) {
        guard panel.pages.indices.contains(index) else { return }
        pageIndex = index
        var views: [any WidgetView] = []
        for spec in panel.pages[index].widgets {
            views.append(try WidgetFactory.makeView(spec, theme: panel.theme))
        }
        widgets = views
    }

    public func widget(id: String) -> (any WidgetView)? { widgets.first { $0.id == id } }

    /// The screen-pixel damage rectangle for a widget.
    public func damageRect(of widget: any WidgetView) -> PixelRect {
        PixelRect(covering: widget.paintBounds(mapping))
    }
}
