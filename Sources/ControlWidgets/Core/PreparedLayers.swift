import Graphics
import PanelSystem

/// Shared layers a widget's first draw will need, made on another thread while the loop
/// builds and paints the rest of the first frame (`WidgetView.startPreparing`), then handed
/// to the scene's `SharedLayers` by the first widget that needs one of them (waiting for the
/// work if need be). Identical widgets share one: the first to start it does, its twins find
/// it by the same key. The work draws no text (text and its caches are the loop's), so the
/// pixels are those the widget would make itself.
final class PreparedLayers {
    /// What it is registered under in `SharedLayers`, and the layers' keys there, in the
    /// order the work returns them.
    private let key: AnyHashable, keys: [AnyHashable]
    private var work: BackgroundWork<[AnyObject?]>?

    private init(key: AnyHashable, keys: [AnyHashable], make: @escaping @Sendable () -> [AnyObject?]) {
        self.key = key; self.keys = keys
        work = BackgroundWork(make)
    }

    /// The work for `keys` (an image per key, nil for one it could not make; an
    /// `ImageSurface` is for `SharedLayers.image`, anything else for `object`), started under
    /// `key` unless a twin started it or every layer is already in `shared`.
    static func start(in shared: SharedLayers, key: AnyHashable, keys: [AnyHashable],
                      make: @escaping @Sendable () -> [AnyObject?]) -> PreparedLayers? {
        guard keys.contains(where: { !shared.holds($0) }) else { return nil }
        return shared.preparing(key) { PreparedLayers(key: key, keys: keys, make: make) }
    }

    /// Puts the work's layers into `shared`, once (later calls, the twins', do nothing).
    func adopt(into shared: SharedLayers) {
        guard let work else { return }
        self.work = nil
        shared.donePreparing(key)
        for (key, made) in zip(keys, work.take()) {
            if let image = made as? ImageSurface {
                _ = shared.image(key) { () throws(GraphicsError) in image }
            } else if let made {
                _ = shared.object(key) { made }
            }
        }
    }
}
