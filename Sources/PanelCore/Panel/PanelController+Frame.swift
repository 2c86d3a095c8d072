import Graphics

/// The picture on demand. The controller keeps no frame: `renderFrame` moves the models and
/// returns what changed, and any rectangle of the picture at that frame's time is painted
/// when someone needs it: an output for its back buffer (this is its `FrameSource`), a
/// screenshot, a PNG, the studio, a test (`frame`, `snapshot`).
extension PanelController: FrameSource {
    /// Paints `rect` of the upright picture the screen shows: the panel (or the drawer's
    /// layers), darkened while dimmed, black while off (where the output cannot do it).
    public func paintFrame(_ rect: PixelRect, into tile: ImageSurface) {
        paint(rect, into: tile, shown: true)
    }

    package func paint(_ rect: PixelRect, into tile: ImageSurface, shown: Bool) {
        let level = shown ? screenPictureLevel : 1
        if level == 0 { return ScreenDimmer.blacken(tile) }
        compositor.paint(scene, rect: rect, into: tile, time: frameTime)
        if level < 1 { screenRuntime.dimmer.darken(tile, level: level) }
    }

    /// The whole upright picture at the last frame's time, in a new surface: the screen's
    /// picture (`shown`: dimmed or black as the screen's state asks) or the panel itself.
    public func snapshot(shown: Bool = false) throws(GraphicsError) -> ImageSurface {
        let image = try ImageSurface(width: compositor.width, height: compositor.height)
        paint(compositor.screen, into: image, shown: shown)
        return image
    }

    /// The panel as the last frame shows it (upright), painted on demand (tests, tools).
    /// Traps when there is no memory for a screen-sized image; the display path never asks.
    public var frame: ImageSurface {
        do { return try snapshot() } catch { fatalError("no memory for a \(compositor.width)x\(compositor.height) snapshot: \(error)") }
    }

    /// The picture the screen shows: the frame when on, darkened while dimmed (unless the
    /// output dims a backlight), black while off (unless the output blanks the screen).
    public var shownFrame: ImageSurface {
        do { return try snapshot(shown: true) } catch { fatalError("no memory for a \(compositor.width)x\(compositor.height) snapshot: \(error)") }
    }
}

extension PanelController {
    /// Paints the whole picture once and throws it away, band by band in a small tile, so
    /// every cache a frame needs (images, shadows, glyphs) exists before the screen is ours
    /// (a panel started on a VT in the background).
    package func warmCaches() {
        let tile = ScratchTile()
        let screen = compositor.screen
        let rows = tile.rows(forWidth: screen.width)
        for y in stride(from: 0, to: screen.height, by: rows) {
            let band = PixelRect(x: 0, y: y, width: screen.width, height: Swift.min(rows, screen.height - y))
            guard let piece = try? tile.surface(width: band.width, height: band.height) else { return }
            paintFrame(band, into: piece)
        }
    }
}

extension PanelController {
    /// One piece of work the widgets can do before they need it (`WidgetView.prepareAhead`),
    /// those on show first; false when none is left. A loop calls it when a turn has nothing
    /// else to do (no frame due, no flip pending), one piece a turn, so input and flips wait
    /// for at most one piece.
    @discardableResult
    public func prepareAhead() -> Bool {
        let mapping = scene.mapping
        for widget in scene.widgets where widget.prepareAhead(mapping) { return true }
        for widget in scene.allWidgets where widget.prepareAhead(mapping) { return true }
        return false
    }
}
