/// Decides when the next page flip may be queued.
///
/// On hardware with vblank, a flip completes at the next vblank, so queueing right after
/// each completion runs at the refresh rate by itself: the kernel paces us. Drivers without
/// vblank (bochs-drm, virtio_gpu, simpledrm, some embedded panels) complete a flip as soon
/// as it is queued; queueing on completion there would spin at kHz rates. For those (and
/// until the first completion tells which kind we have) flips are held to a steady grid of
/// refresh periods that starts at the first flip; the caller sleeps (timerfd) until then.
public struct FlipPacer: Sendable {
    public let refreshPeriod: Double
    /// A flip that comes back sooner than this after being queued had no vblank behind it.
    public var fastCompletionThreshold: Double { refreshPeriod / 4 }

    public private(set) var lastQueued: Double?
    /// Time of the first flip: the origin of the vblank-less grid.
    public private(set) var phase: Double?
    public private(set) var completionsWithoutVblank = 0
    public private(set) var completions = 0

    public init(refreshPeriod: Double) { self.refreshPeriod = refreshPeriod }

    /// The earliest time the next flip may be queued.
    public var earliestNextFlip: Double {
        guard let lastQueued, let phase else { return -Double.infinity }
        if completions > 0 && !driverLacksVblank { return -Double.infinity }
        // The grid slot after the one the last flip was queued in.
        let slot = ((lastQueued - phase) / refreshPeriod).rounded()
        return phase + (slot + 1) * refreshPeriod
    }

    public mutating func flipQueued(at time: Double) {
        if phase == nil { phase = time }
        lastQueued = time
    }

    public mutating func flipCompleted(at time: Double) {
        completions += 1
        if let q = lastQueued, time - q < fastCompletionThreshold { completionsWithoutVblank += 1 }
    }

    /// True once most completions have come back without waiting for a vblank.
    public var driverLacksVblank: Bool { completions > 0 && completionsWithoutVblank * 2 > completions }
}
