import ControlWidgets
import Graphics

/// Paints any rectangle of the frame on demand, into a tile the caller owns: the cached
/// background, then every widget that overlaps it, clipped to the rectangle. Widgets paint
/// from their own cached layers, so a rectangle costs copies and one rotation per moving
/// knob. There is no frame in memory: an output asks for what its back buffer needs
/// (`FrameSource`), a screenshot for the whole screen.
///
/// Cairo errors are sticky: one NaN reaching a context (an invalid matrix) turns every later
/// call on it into a no-op, which used to freeze the screen for the rest of the run. So the
/// status is checked after every widget; on an error the widgets after it draw on a fresh
/// context, the next frame repaints everything (`needsFullRepaint`), and the compositor says
/// so once: `takeRecoveryNote` hands the host the first recovery's message for stderr.
///
/// While the page drawer is open or moving, rectangles are composited from cached page layers
/// instead (`DrawerLayers`): the front page's pixels slide, they are not repainted.
public final class Compositor {
    public let width: Int, height: Int
    package let background: Background
    /// The drawer's cached layers, made the first time the drawer opens.
    private var layers: DrawerLayers?
    /// The frame is composited from `layers` (the drawer is open or moving).
    private var layered = false
    /// Set after a recovery: the next frame repaints everything, whatever its damage says.
    public private(set) var needsFullRepaint = false
    /// How many times a Cairo error was recovered from (for tests and diagnostics).
    public private(set) var recoveries = 0
    /// The first recovery's message until the host takes it (only the first, so a widget that
    /// fails every frame cannot flood the log). The host writes it: the core has no stderr.
    private var recoveryNote: String?

    /// The first recovery's message, once; nil when there is none (or it was taken).
    public func takeRecoveryNote() -> String? {
        defer { recoveryNote = nil }
        return recoveryNote
    }

    public init(width: Int, height: Int, backgroundColors: [Color]) throws(GraphicsError) {
        self.width = width
        self.height = height
        background = try Background(width: width, height: height, colors: backgroundColors)
    }

    /// How opaque a widget disabled by `style` is drawn when it has no disabled look of its own.
    package static let disabledOpacity = 0.4

    package var screen: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// A frame of the page itself (the drawer closed, or no drawer): its damage is painted
    /// on demand. Returns whether a recovered error asks for a full repaint, and clears that.
    package func beginPageFrame() -> Bool {
        layered = false
        defer { needsFullRepaint = false }
        return needsFullRepaint
    }

    /// Paints `rect` of the frame at `time` into `tile` (exactly `rect`'s size).
    package func paint(_ scene: Scene, rect: PixelRect, into tile: ImageSurface, time: Double) {
        if layered, let layers, let drawer = scene.drawer {
            let ctx = context(on: tile, showing: rect)
            layers.paint(rect, into: ctx, scene: scene, drawer: drawer, time: time)
            _ = recoverIfFailed(ctx, during: "compositing the page drawer")
            return
        }
        background.paint(rect, into: tile, origin: (rect.x, rect.y))
        var ctx = context(on: tile, showing: rect)
        let widgets = scene.widgets, boxes = scene.paintBoxes
        for i in widgets.indices where boxes[i].intersects(rect) {
            let widget = widgets[i]
            let look = scene.bindings.look(widget.id)
            if scene.isDimmed(widget) {
                ctx.withOpacity(Self.disabledOpacity) { BoundLook.draw(widget, look: look, in: ctx, mapping: scene.mapping, time: time) }
            } else {
                ctx.withSavedState { BoundLook.draw(widget, look: look, in: ctx, mapping: scene.mapping, time: time) }
            }
            if recoverIfFailed(ctx, during: "drawing widget '\(widget.id)'") { ctx = context(on: tile, showing: rect) }
        }
    }

    /// A context on `tile` in frame coordinates, clipped to `rect`, blending over.
    private func context(on tile: ImageSurface, showing rect: PixelRect) -> DrawingContext {
        let ctx = DrawingContext(surface: tile)
        ctx.translate(Double(-rect.x), Double(-rect.y))
        ctx.newPath()
        ctx.addRect(Rect(x: Double(rect.x), y: Double(rect.y), width: Double(rect.width), height: Double(rect.height)))
        ctx.clip()
        ctx.setBlendMode(.over)
        return ctx
    }

    /// Paints `rect` of a page into a layer: the background, then the widgets overlapping it.
    package static func paint(_ widgets: [any WidgetView], over background: Background, into ctx: DrawingContext,
                      rect: PixelRect, mapping: ScreenMapping, time: Double, bindings: BoundValues? = nil) {
        background.paint(rect, into: ctx.surface)
        ctx.withSavedState {
            ctx.newPath()
            ctx.addRect(Rect(x: Double(rect.x), y: Double(rect.y), width: Double(rect.width), height: Double(rect.height)))
            ctx.clip()
            ctx.setBlendMode(.over)
            for widget in widgets where PixelRect(covering: widget.paintBounds(mapping)).intersects(rect) {
                // Bound data looks the same on a sliding page (greyed when stale, the pending ring).
                ctx.withSavedState { BoundLook.draw(widget, look: bindings?.look(widget.id) ?? .normal, in: ctx, mapping: mapping, time: time) }
            }
        }
    }

    /// A frame of the open or moving drawer: refreshes the layers whose widgets changed
    /// (`frontDirty`, `rightDirty`: screen rectangles); returns the whole screen if anything
    /// moved or changed (none when nothing did). `opening`: the last frame showed the page
    /// itself, so the front layer is painted afresh.
    package func renderDrawer(_ scene: Scene, drawer: PageDrawer, time: Double,
                      frontDirty: [PixelRect], rightDirty: [PixelRect], opening: Bool) -> [PixelRect] {
        if layers == nil {
            layers = try? DrawerLayers(scene: scene, drawer: drawer, background: background)
        }
        let full = needsFullRepaint
        needsFullRepaint = false
        guard let layers else {
            // No memory for the layers: the front page is painted in place (no slide).
            layered = false
            return [screen]
        }
        layered = true
        if opening || full { layers.front.invalidate() }
        let changed = layers.refresh(scene: scene, drawer: drawer, time: time, frontDirty: frontDirty, rightDirty: rightDirty)
        let moved = layers.move(scene: scene, drawer: drawer, time: time)
        return opening || full || changed || moved ? [screen] : []
    }

    /// After an error the widgets after the failed one draw on a fresh context (returns true:
    /// take one), and the next frame repaints everything.
    private func recoverIfFailed(_ ctx: DrawingContext, during what: String) -> Bool {
        guard let error = ctx.error ?? ctx.surface.error else { return false }
        needsFullRepaint = true
        recoveries += 1
        if recoveries == 1 {
            recoveryNote = "recovered from a Cairo error while \(what) (\(error.reason)); the frame is repainted in full. This is a bug: please report it."
        }
        return true
    }
}
