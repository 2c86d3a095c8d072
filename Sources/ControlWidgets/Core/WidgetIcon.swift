import Graphics
import PanelLayout
import Synchronization
@preconcurrency import Glibc

/// A widget's `icon`: a Material Design Icon (`mdi:lightbulb`, drawn from the icon font in
/// the colour of the text beside it) or a PNG image (drawn as it is).
public enum WidgetIcon {
    case glyph(Unicode.Scalar)
    case image(ImageSurface)

    /// The icon a checked layout value names; nil for none. An `mdi:` icon whose font is not
    /// installed is left out with one line on stderr (the panel still runs: `check` warns too).
    public static func make(_ value: String?) throws(GraphicsError) -> WidgetIcon? {
        guard let value, !value.isEmpty else { return nil }
        if MaterialDesignIcons.isIconReference(value) {
            guard let scalar = MaterialDesignIcons.scalar(for: value) else { return nil }
            guard fontHas(scalar) else { reportMissingFont(value); return nil }
            return .glyph(scalar)
        }
        return .image(try ImageSurface(pngPath: value))
    }

    /// Whether an installed font draws the icon (the icon font, found through fontconfig).
    public static func fontHas(_ scalar: Unicode.Scalar) -> Bool {
        TextLayout.uncoveredCharacters(String(scalar), family: MaterialDesignIcons.fontFamily).isEmpty
    }

    /// What `check` and the run-time message say when the icon font is missing.
    public static func missingFontMessage(_ reference: String) -> String {
        "icon '\(reference)' needs the font '\(MaterialDesignIcons.fontFamily)', which is not installed: the icon is left out; install the Debian package \(MaterialDesignIcons.debianPackage)"
    }

    private static let reported = Mutex<Set<String>>([])
    private static func reportMissingFont(_ reference: String) {
        let first = reported.withLock { $0.insert(reference).inserted }
        if first { fputs("knob-panel: \(missingFontMessage(reference))\n", stderr) }
    }

    /// Draws the icon in the square `box` (screen pixels): a glyph's ink centred in it, in `color`.
    public func draw(in ctx: DrawingContext, box: Rect, color: Color) {
        switch self {
        case .image(let image):
            ctx.withSavedState {
                ctx.translate(box.x, box.y)
                ctx.scale(box.width / Double(image.width), box.height / Double(image.height))
                ctx.setSource(image, at: .zero, smooth: true)
                ctx.paint(alpha: color.alpha)
            }
        case .glyph(let scalar):
            // The em square is the box (Material icons keep their own 2-in-24 margin inside
            // it); the ink is centred, as icon fonts' metrics put the em off the line box.
            let layout = TextLayout(text: String(scalar), family: MaterialDesignIcons.fontFamily, pixelSize: box.height, context: ctx)
            let ink = layout.inkBox
            ctx.setColor(color)
            layout.draw(at: Point(x: box.center.x - ink.x - ink.width / 2, y: box.center.y - ink.y - ink.height / 2))
        }
    }
}
