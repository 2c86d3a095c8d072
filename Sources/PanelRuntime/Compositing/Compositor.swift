import ControlWidgets
import Graphics

/// Paints frames in ordinary memory: for each damaged rectangle, the cached background,
/// then every widget that overlaps it, clipped to the rectangle. Widgets paint from their
/// own cached layers, so a frame costs copies and one rotation per moving knob.
public final class Compositor {
    public let frame: ImageSurface
    private let background: ImageSurface
    private let ctx: DrawingContext

    public init(width: Int, height: Int, backgroundColors: [Color]) throws(GraphicsError) {
        frame = try ImageSurface(width: width, height: height)
        background = try Background.render(width: width, height: height, colors: backgroundColors)
        ctx = DrawingContext(surface: frame)
    }

    public func render(_ scene: Scene, damage: DamageRegion, time: Double) {
        for rect in damage.rects {
            ctx.withSavedState {
                ctx.newPath()
                ctx.addRect(Rect(x: Double(rect.x), y: Double(rect.y), width: Double(rect.width), height: Double(rect.height)))
                ctx.clip()
                ctx.setBlendMode(.source)
                ctx.setSource(background, at: .zero, smooth: false)
                ctx.paint()
                ctx.setBlendMode(.over)
                for widget in scene.widgets where PixelRect(covering: widget.paintBounds(scene.mapping)).intersects(rect) {
                    ctx.withSavedState { widget.draw(in: ctx, mapping: scene.mapping, time: time) }
                }
            }
        }
    }
}
