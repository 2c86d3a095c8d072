import Synchronization

/// Counts the expensive operations a frame should not need, so `knob-panel bench` can report
/// them per frame: shadow blurs (a blur belongs in a cache, never in an animation frame) and
/// image resamplings (an image painted through a transform that is not a whole-pixel
/// translation: rotation, scale or a fractional offset; a widget at rest should be a copy).
///
/// Process-wide and atomic: painting happens on one thread, but tests run in parallel. Readers
/// take differences of two snapshots around the work they measure.
public enum RenderCounters {
    private static let blurCount = Atomic<Int>(0)
    private static let resampleCount = Atomic<Int>(0)

    /// Called by every blur implementation, once per blurred surface.
    public static func countBlur() { blurCount.wrappingAdd(1, ordering: .relaxed) }
    /// Called where an image is painted through a transform that resamples it.
    public static func countResample() { resampleCount.wrappingAdd(1, ordering: .relaxed) }

    public struct Snapshot: Sendable, Equatable {
        public var blurs: Int
        public var resamples: Int
        public static func - (a: Snapshot, b: Snapshot) -> Snapshot {
            Snapshot(blurs: a.blurs &- b.blurs, resamples: a.resamples &- b.resamples)
        }
    }

    public static var snapshot: Snapshot {
        Snapshot(blurs: blurCount.load(ordering: .relaxed), resamples: resampleCount.load(ordering: .relaxed))
    }
}
