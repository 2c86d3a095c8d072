import Graphics

/// Cached images that identical widgets share: six knobs of the same size and look build one
/// shadow mask, one satin overlay and one disc image between them, not six (the first frame
/// of a panel is mostly these builds, and each costs memory for as long as the panel runs).
///
/// Keys are whatever describes the pixels completely (a painter's look, a size and scale);
/// equal keys must draw equal pixels. One per scene, used on the render thread only.
public final class SharedLayers {
    private var images: [AnyHashable: ImageSurface] = [:]
    /// Images built so far (a hit builds nothing): for tests and the bench.
    public private(set) var builds = 0
    /// A bound so a panel that keeps changing looks (scales, states) cannot grow it for ever;
    /// a few hundred covers every state of a large panel.
    private let capacity: Int

    public init(capacity: Int = 512) { self.capacity = capacity }

    /// The image for `key`, built by `make` the first time it is asked for.
    public func image(_ key: AnyHashable, make: () throws(GraphicsError) -> ImageSurface) -> ImageSurface? {
        if let hit = images[key] { return hit }
        guard let made = try? make() else { return nil }
        if images.count >= capacity { images.removeAll(keepingCapacity: true) }
        images[key] = made
        builds += 1
        return made
    }

    private var objects: [AnyHashable: AnyObject] = [:]

    /// Anything else built once for identical widgets (images with where they go), built by
    /// `make` the first time it is asked for; nil when `make` fails.
    public func object<T: AnyObject>(_ key: AnyHashable, make: () -> T?) -> T? {
        if let hit = objects[key] as? T { return hit }
        guard let made = make() else { return nil }
        if objects.count >= capacity { objects.removeAll(keepingCapacity: true) }
        objects[key] = made
        builds += 1
        return made
    }

    /// Whether an image or object is held for `key`.
    func holds(_ key: AnyHashable) -> Bool { images[key] != nil || objects[key] != nil }

    /// Work started for first draws (`PreparedLayers`) by key, until it is handed over: not
    /// layers, so not in `count` or `builds`.
    private var preparing: [AnyHashable: PreparedLayers] = [:]

    /// The work under `key`, started by `start` unless a twin started it.
    func preparing(_ key: AnyHashable, start: () -> PreparedLayers) -> PreparedLayers {
        if let hit = preparing[key] { return hit }
        let made = start()
        preparing[key] = made
        return made
    }

    /// The work under `key` was handed over.
    func donePreparing(_ key: AnyHashable) { preparing[key] = nil }

    /// How many images (and other shared things) are held now.
    public var count: Int { images.count + objects.count }
}
