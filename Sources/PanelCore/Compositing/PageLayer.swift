import ControlWidgets
import Graphics

/// One page painted whole into a cached, screen-sized surface (background and widgets), so
/// the drawer can slide its pixels. Only widgets that change are repainted into it.
package final class PageLayer {
    package let surface: ImageSurface
    private let ctx: DrawingContext
    /// The page painted in it; nil until painted (or after it was invalidated).
    private(set) var page: Int?

    package init(width: Int, height: Int) throws(GraphicsError) {
        surface = try ImageSurface(width: width, height: height)
        ctx = DrawingContext(surface: surface)
    }

    /// Makes the layer show `page` with `widgets`; repaints everything when it showed
    /// another page, else only `dirty`. Returns whether anything was painted.
    package func update(page: Int, widgets: [any WidgetView], dirty: [PixelRect], background: Background,
                mapping: ScreenMapping, time: Double, bindings: BoundValues? = nil) -> Bool {
        if self.page != page {
            self.page = page
            let all = PixelRect(x: 0, y: 0, width: surface.width, height: surface.height)
            Compositor.paint(widgets, over: background, into: ctx, rect: all, mapping: mapping, time: time, bindings: bindings)
            return true
        }
        for rect in dirty { Compositor.paint(widgets, over: background, into: ctx, rect: rect, mapping: mapping, time: time, bindings: bindings) }
        return !dirty.isEmpty
    }

    package func invalidate() { page = nil }
}
