/// Input-to-flip latency: the kernel timestamps (CLOCK_MONOTONIC seconds) of the input that
/// changed a frame, handed from the input sources to the flip that showed the frame. Inputs
/// that changed nothing (no frame wanted afterwards) are dropped, so an idle touch does not
/// count against a frame drawn seconds later for another reason.
public final class InputLatencyProbe {
    private var pending: [Double] = []
    private var inFlight: [Double] = []
    /// Bound per frame: a flood of events still costs constant memory.
    public static let maxPerFrame = 256

    public init() {}

    public func noteInput(kernelTimes: [Double]) {
        for t in kernelTimes where pending.count < Self.maxPerFrame { pending.append(t) }
    }

    /// The delivered inputs had no visible effect.
    public func discardPending() { pending.removeAll(keepingCapacity: true) }

    /// A frame was rendered and queued: what was pending is in it.
    public func frameQueued() {
        inFlight += pending.prefix(Self.maxPerFrame - Swift.min(inFlight.count, Self.maxPerFrame))
        pending.removeAll(keepingCapacity: true)
    }

    /// The queued frame is on screen: the kernel times of the inputs it shows.
    public func flipCompleted() -> [Double] {
        defer { inFlight.removeAll(keepingCapacity: true) }
        return inFlight
    }
}
