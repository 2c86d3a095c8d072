/// Decides when the next page flip may be queued.
///
/// On hardware with vblank, a flip completes at the next vblank, so queueing right after
/// each completion runs at the refresh rate by itself. Drivers without vblank (bochs-drm,
/// virtio_gpu, simpledrm, some embedded panels) complete a flip as soon as it is queued;
/// queueing on completion there would spin at kHz rates. So a flip is never queued earlier
/// than one refresh period after the previous one was queued; the caller sleeps (timerfd)
/// until then.
public struct FlipPacer: Sendable {
    public let refreshPeriod: Double
    /// A flip that comes back sooner than this after being queued had no vblank behind it.
    public var fastCompletionThreshold: Double { refreshPeriod / 4 }
    /// Vblank timing jitters; allow a frame this early without waiting a whole extra period.
    private let slack = 0.001

    public private(set) var lastQueued: Double?
    public private(set) var completionsWithoutVblank = 0
    public private(set) var completions = 0

    public init(refreshPeriod: Double) { self.refreshPeriod = refreshPeriod }

    /// The earliest time the next flip may be queued.
    public var earliestNextFlip: Double {
        guard let lastQueued else { return -Double.infinity }
        return lastQueued + refreshPeriod - slack
    }

    public mutating func flipQueued(at time: Double) { lastQueued = time }

    public mutating func flipCompleted(at time: Double) {
        completions += 1
        if let q = lastQueued, time - q < fastCompletionThreshold { completionsWithoutVblank += 1 }
    }

    /// True once most completions have come back without waiting for a vblank.
    public var driverLacksVblank: Bool { completions > 0 && completionsWithoutVblank * 2 > completions }
}
