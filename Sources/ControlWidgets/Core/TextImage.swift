import Graphics

/// A text widget's image (a label, a clock): its text drawn once into an image the size of its
/// frame and copied at each repaint. A new text is drawn into the same image, clearing only
/// where the old one had ink, and `update` says which pixels changed, so a widget whose text
/// changes many times a second repaints the text, not its frame.
final class TextImage {
    /// The widget's frame in design pixels: the image covers it.
    let frame: Rect
    private(set) var surface: ImageSurface?
    private var drawn: (scale: Double, text: String)?
    /// The image's ink, in its pixels (empty: none).
    private var ink = PixelRect(x: 0, y: 0, width: 0, height: 0)
    /// Antialiasing and hinting may reach a pixel past the glyphs' ink boxes.
    static let inkMargin = 2

    init(frame: Rect) { self.frame = frame }

    func size(_ scale: Double) -> (width: Int, height: Int) {
        (Swift.max(1, Int((frame.width * scale).rounded(.up))), Swift.max(1, Int((frame.height * scale).rounded(.up))))
    }

    /// Where the image's top left lies on screen: whole pixels, so it is copied, not resampled.
    func origin(_ mapping: ScreenMapping) -> Point {
        let o = mapping.toScreen(Point(x: frame.x, y: frame.y))
        return Point(x: o.x.rounded(), y: o.y.rounded())
    }

    /// Brings the image up to `text` at `scale`. `draw` paints the text into a clear image of
    /// the given size and returns the box its ink covers. Returns the image pixels that changed:
    /// none when nothing did, all of them when the image is new; nil when none could be made.
    @discardableResult
    func update(text: String, scale: Double, draw: (DrawingContext, _ width: Double, _ height: Double) -> Rect) -> PixelRect? {
        let (w, h) = size(scale)
        let whole = PixelRect(x: 0, y: 0, width: w, height: h)
        if let drawn, drawn.scale == scale, drawn.text == text, surface != nil { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        let reused = drawn?.scale == scale ? surface : nil
        guard let image = reused ?? (try? ImageSurface(width: w, height: h)) else {
            surface = nil; drawn = nil
            return nil
        }
        let ctx = DrawingContext(surface: image)
        if reused != nil, !ink.isEmpty {
            ctx.withSavedState {
                ctx.setBlendMode(.clear)
                ctx.addRect(Rect(x: Double(ink.x), y: Double(ink.y), width: Double(ink.width), height: Double(ink.height)))
                ctx.fill()
            }
        }
        let before = ink
        let box = draw(ctx, Double(w), Double(h))
        ink = box.isEmpty ? PixelRect(x: 0, y: 0, width: 0, height: 0)
            : PixelRect(covering: box.insetBy(-Double(Self.inkMargin))).intersection(whole)
        surface = image; drawn = (scale, text)
        return reused == nil ? whole : before.union(ink)
    }

    /// The screen areas to repaint for `changed` (from `update`): those pixels when part of the
    /// image changed, else `bounds` (a new image, or a repaint asked for something else).
    func damage(_ changed: PixelRect?, mapping: ScreenMapping, bounds: Rect) -> [Rect] {
        let (w, h) = size(mapping.scale)
        guard let changed, !changed.isEmpty, changed != PixelRect(x: 0, y: 0, width: w, height: h) else { return [bounds] }
        let o = origin(mapping)
        return [Rect(x: o.x + Double(changed.x), y: o.y + Double(changed.y), width: Double(changed.width), height: Double(changed.height))]
    }

    /// Copies the image to its place.
    func paint(in ctx: DrawingContext, mapping: ScreenMapping) {
        guard let surface else { return }
        ctx.setSource(surface, at: origin(mapping), smooth: false)
        ctx.paint()
    }
}
