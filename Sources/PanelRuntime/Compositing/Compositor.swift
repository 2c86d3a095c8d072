@preconcurrency import Glibc
import ControlWidgets
import Graphics

/// Paints frames in ordinary memory: for each damaged rectangle, the cached background,
/// then every widget that overlaps it, clipped to the rectangle. Widgets paint from their
/// own cached layers, so a frame costs copies and one rotation per moving knob.
///
/// Cairo errors are sticky: one NaN reaching a context (an invalid matrix) turns every later
/// call on it into a no-op, which used to freeze the screen for the rest of the run. So the
/// status is checked after every widget; on an error the compositor takes a fresh context
/// (and a fresh frame surface if that failed too), repaints the whole frame on the next
/// call, and says so once on stderr (`onRecovery`).
///
/// While the page drawer is open or moving, frames are composited from cached page layers
/// instead (`DrawerLayers`): the front page's pixels slide, they are not repainted.
public final class Compositor {
    public private(set) var frame: ImageSurface
    let background: Background
    /// The drawer's cached layers, made the first time the drawer opens.
    private var layers: DrawerLayers?
    private var ctx: DrawingContext
    /// Set after a recovery: the next `render` repaints everything, whatever its damage says.
    public private(set) var needsFullRepaint = false
    /// How many times a Cairo error was recovered from (for tests and diagnostics).
    public private(set) var recoveries = 0
    /// Told about the first recovery only, so a widget that fails every frame cannot flood
    /// the log. Default: one line on stderr.
    public var onRecovery: (String) -> Void = { message in fputs("knob-panel: \(message)\n", stderr) }

    public init(width: Int, height: Int, backgroundColors: [Color]) throws(GraphicsError) {
        frame = try ImageSurface(width: width, height: height)
        background = try Background(width: width, height: height, colors: backgroundColors)
        ctx = DrawingContext(surface: frame)
    }

    public func render(_ scene: Scene, damage: DamageRegion, time: Double) {
        let rects: [PixelRect]
        if needsFullRepaint {
            rects = [PixelRect(x: 0, y: 0, width: frame.width, height: frame.height)]
            needsFullRepaint = false
        } else {
            rects = damage.rects
        }
        for rect in rects {
            let clip = Rect(x: Double(rect.x), y: Double(rect.y), width: Double(rect.width), height: Double(rect.height))
            background.paint(rect, into: ctx.surface)
            for widget in scene.widgets where PixelRect(covering: widget.paintBounds(scene.mapping)).intersects(rect) {
                clipped(to: clip) { widget.draw(in: ctx, mapping: scene.mapping, time: time) }
                recoverIfFailed(during: "drawing widget '\(widget.id)'")
            }
        }
    }

    /// Paints `rect` of a page into a layer: the background, then the widgets overlapping it.
    static func paint(_ widgets: [any WidgetView], over background: Background, into ctx: DrawingContext,
                      rect: PixelRect, mapping: ScreenMapping, time: Double) {
        background.paint(rect, into: ctx.surface)
        ctx.withSavedState {
            ctx.newPath()
            ctx.addRect(Rect(x: Double(rect.x), y: Double(rect.y), width: Double(rect.width), height: Double(rect.height)))
            ctx.clip()
            ctx.setBlendMode(.over)
            for widget in widgets where PixelRect(covering: widget.paintBounds(mapping)).intersects(rect) {
                ctx.withSavedState { widget.draw(in: ctx, mapping: mapping, time: time) }
            }
        }
    }

    /// A frame of the open or moving drawer: refreshes the layers whose widgets changed
    /// (`frontDirty`, `rightDirty`: screen rectangles), then composites the whole screen if
    /// anything moved or changed. Returns the repainted rectangles (none when nothing did).
    /// `force`: the drawer just opened (the frame on screen shows `frameShowsPage` as it is).
    func renderDrawer(_ scene: Scene, drawer: PageDrawer, time: Double,
                      frontDirty: [PixelRect], rightDirty: [PixelRect], force: Bool, frameShowsPage: Int?) -> [PixelRect] {
        if layers == nil {
            layers = try? DrawerLayers(scene: scene, drawer: drawer, background: background)
        }
        let all = PixelRect(x: 0, y: 0, width: frame.width, height: frame.height)
        guard let layers else {
            // No memory for the layers: paint the front page in place (no slide).
            var whole = DamageRegion(width: frame.width, height: frame.height)
            whole.addAll()
            render(scene, damage: whole, time: time)
            return [all]
        }
        if force || needsFullRepaint {
            // Opening: the frame on screen is the front page as it is; take its pixels.
            if frameShowsPage == scene.pageIndex && !needsFullRepaint {
                layers.front.adopt(frame, page: scene.pageIndex)
            } else {
                layers.front.invalidate()
            }
        }
        let changed = layers.refresh(scene: scene, drawer: drawer, time: time, frontDirty: frontDirty, rightDirty: rightDirty)
        let rects = layers.composite(into: ctx, scene: scene, drawer: drawer, time: time, force: force || changed || needsFullRepaint)
        needsFullRepaint = false
        recoverIfFailed(during: "compositing the page drawer")
        return rects
    }

    private func clipped(to rect: Rect, _ body: () -> Void) {
        ctx.withSavedState {
            ctx.newPath()
            ctx.addRect(rect)
            ctx.clip()
            ctx.setBlendMode(.over)
            body()
        }
    }

    /// A failed widget only loses its own drawing this frame; the ones after it draw on a
    /// fresh context, and the next frame repaints everything.
    private func recoverIfFailed(during what: String) {
        guard let error = ctx.error ?? frame.error else { return }
        if frame.error != nil, let fresh = try? ImageSurface(width: frame.width, height: frame.height) {
            frame = fresh
        }
        ctx = DrawingContext(surface: frame)
        needsFullRepaint = true
        recoveries += 1
        if recoveries == 1 {
            onRecovery("recovered from a Cairo error while \(what) (\(error.reason)); the frame is repainted in full. This is a bug: please report it.")
        }
    }
}
