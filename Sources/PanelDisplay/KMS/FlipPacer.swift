/// Decides when the next frame may start (be rendered and flipped).
///
/// On hardware with vblank, a flip completes at the next vblank, so queueing right after
/// each completion runs at the refresh rate by itself: the kernel paces us. Drivers without
/// vblank (bochs-drm, virtio_gpu, simpledrm, some embedded panels) complete a flip as soon
/// as it is queued; queueing on completion there would spin at kHz rates. For those (and
/// until the first completion tells which kind we have) frames start on a steady grid of
/// refresh periods from the first frame; the caller sleeps (timerfd) until the next slot.
/// A frame that takes longer than a period to render delays only itself: the next one
/// starts at once, and the grid never lets two frames start in the same slot.
public struct FlipPacer: Sendable {
    public let refreshPeriod: Double
    /// A flip that comes back sooner than this after being queued had no vblank behind it.
    public var fastCompletionThreshold: Double { refreshPeriod / 4 }

    public private(set) var lastQueued: Double?
    public private(set) var lastStart: Double?
    /// Start of the first frame: the origin of the vblank-less grid.
    public private(set) var phase: Double?
    public private(set) var completionsWithoutVblank = 0
    public private(set) var completions = 0

    public init(refreshPeriod: Double) { self.refreshPeriod = refreshPeriod }

    /// The earliest time the next frame may start.
    public var earliestNextFrame: Double {
        guard let lastStart, let phase else { return -Double.infinity }
        if completions > 0 && !driverLacksVblank { return -Double.infinity }
        // The slot after the one the last frame started in (a hair of slack for rounding).
        let slot = ((lastStart - phase) / refreshPeriod + 1e-6).rounded(.down)
        return phase + (slot + 1) * refreshPeriod
    }

    public mutating func frameStarted(at time: Double) {
        // First frame, or the first after the panel slept: the grid starts here, so the next
        // frame is a whole period away (not wherever the old grid's next slot happens to be).
        if phase == nil || time - (lastStart ?? time) > 2 * refreshPeriod { phase = time }
        lastStart = time
    }

    public mutating func flipQueued(at time: Double) { lastQueued = time }

    public mutating func flipCompleted(at time: Double) {
        completions += 1
        if let q = lastQueued, time - q < fastCompletionThreshold { completionsWithoutVblank += 1 }
    }

    /// True once most completions have come back without waiting for a vblank.
    public var driverLacksVblank: Bool { completions > 0 && completionsWithoutVblank * 2 > completions }
}
