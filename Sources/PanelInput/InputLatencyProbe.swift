/// Input-to-flip latency: the kernel timestamps (CLOCK_MONOTONIC seconds) of the input that
/// changed a frame, handed from the input sources to the flip that showed the frame. Inputs
/// that changed nothing (no frame wanted afterwards) are dropped, so an idle touch does not
/// count against a frame drawn seconds later for another reason.
public final class InputLatencyProbe {
    private var pending: [Double] = []
    private var inFlight: [Double] = []
    /// When the panel read the first of the pending and the in-flight inputs (its own clock).
    private var pendingRead: Double?, inFlightRead: Double?
    /// When the panel read the first input of the frame `flipCompleted` last returned: the
    /// kernel's time to it is the wait to be scheduled, from it the panel's own.
    public private(set) var shownRead: Double?
    /// Bound per frame: a flood of events still costs constant memory.
    public static let maxPerFrame = 256

    public init() {}

    public func noteInput(kernelTimes: [Double], readAt: Double? = nil) {
        if !kernelTimes.isEmpty && pending.isEmpty { pendingRead = readAt }
        for t in kernelTimes where pending.count < Self.maxPerFrame { pending.append(t) }
    }

    /// The delivered inputs had no visible effect.
    public func discardPending() { pending.removeAll(keepingCapacity: true); pendingRead = nil }

    /// A frame was rendered and queued: what was pending is in it.
    public func frameQueued() {
        if inFlight.isEmpty { inFlightRead = pendingRead }
        inFlight += pending.prefix(Self.maxPerFrame - Swift.min(inFlight.count, Self.maxPerFrame))
        pending.removeAll(keepingCapacity: true)
        pendingRead = nil
    }

    /// The queued frame is on screen: the kernel times of the inputs it shows.
    public func flipCompleted() -> [Double] {
        defer { inFlight.removeAll(keepingCapacity: true); inFlightRead = nil }
        shownRead = inFlight.isEmpty ? nil : inFlightRead
        return inFlight
    }
}
