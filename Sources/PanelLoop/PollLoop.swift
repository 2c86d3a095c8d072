#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import PanelSystem

/// One descriptor a `PollSource` wants watched this turn, and for what (`POLLIN`, `POLLOUT`).
public struct PollRequest: Equatable {
    public var fd: Int32
    public var events: Int16
    public init(fd: Int32, events: Int16) { self.fd = fd; self.events = events }
    public static func readable(_ fd: Int32) -> PollRequest { PollRequest(fd: fd, events: Int16(POLLIN)) }
}

/// A participant of the main loop (stdin, the socket listener, each socket client, inotify,
/// input devices). The loop asks it what to watch, sleeps in one `poll()` for everyone, then
/// gives it one bounded turn. Sources live on the loop's thread only.
public protocol PollSource: AnyObject {
    /// What to watch this turn; empty for nothing (the source still gets turns if it has
    /// pending work).
    var pollRequests: [PollRequest] { get }
    /// Work is waiting that no descriptor will announce (lines left in a buffer when the
    /// turn's share ran out): the loop must not sleep this turn.
    var hasPendingWork: Bool { get }
    /// The source is done (peer gone, end of file): the loop drops it after this turn.
    var isFinished: Bool { get }
    /// One turn: `revents` holds the returned events of each request, in order. Must do a
    /// bounded amount of work, so no source can starve the frame or the others.
    func service(_ revents: [Int16], at time: Double)
    /// A time (loop clock, seconds) at which the source wants a turn even if nothing is
    /// ready (a linger that ends, a debounced write); nil for none.
    var deadline: Double? { get }
}

extension PollSource {
    public var deadline: Double? { nil }
}

/// The building block of every loop in the runtime: one `poll()` over the loop's own fixed
/// descriptors (DRM, timer, signals) and every registered source. `wait` sleeps; `dispatch`
/// then serves each ready source once. Sources added during a turn join the next one.
public final class PollLoop {
    private var sources: [any PollSource] = []
    private var ranges: [(source: any PollSource, start: Int, count: Int)] = []
    private var fds: [pollfd] = []
    private var fixedCount = 0
    /// Where this turn's serving starts: at the first source that was told to wait last turn
    /// (round robin: with many busy sources each waits a turn or two, never many), else one
    /// further than last time.
    private var rotation = 0
    /// The source being served (its index in `ranges`) and the first one told to wait.
    private var current = 0
    private var firstDenied: Int?

    /// Seconds of work all sources together may do in a turn: half a 60 Hz refresh period, so
    /// a busy turn never delays a flip or a watchdog ping past one period. Past it, sources
    /// that have requests wait for the next turn (`mayStartWork`).
    public static let turnShare = 0.008
    /// When the current turn's share ends (`MonotonicClock.seconds()`).
    public private(set) var turnEnds = Double.infinity
    /// A source has started work this turn.
    private var workClaimed = false

    public init() {}

    /// When a source's work this turn must stop: after its own `share` (seconds), or when the
    /// turn's share runs out, whichever is first.
    public func shareEnd(_ share: Double) -> Double { Swift.min(MonotonicClock.seconds() + share, turnEnds) }

    /// Whether a source may start handling requests now: while the turn's share lasts, and
    /// always for the first source that asks in a turn (the turn's start rotates, so that is
    /// each busy source in its turn: none starves, however many there are).
    public func mayStartWork() -> Bool {
        if !workClaimed { workClaimed = true; return true }
        if MonotonicClock.seconds() < turnEnds { return true }
        if firstDenied == nil { firstDenied = current }
        return false
    }

    public var sourceCount: Int { sources.count }

    public func add(_ source: any PollSource) { sources.append(source) }

    public func remove(_ source: any PollSource) { sources.removeAll { $0 === source } }

    /// The earliest deadline of any source.
    public var nextDeadline: Double? { sources.compactMap(\.deadline).min() }

    /// Sleeps until a fixed descriptor or a source is ready, or `timeout` seconds pass (nil:
    /// no limit). Returns the `revents` of `fixed`, in order. EINTR counts as a turn with
    /// nothing ready.
    public func wait(fixed: [PollRequest], timeout: Double?) throws(DisplayError) -> [Int16] {
        fds.removeAll(keepingCapacity: true)
        ranges.removeAll(keepingCapacity: true)
        for r in fixed { fds.append(pollfd(fd: r.fd, events: r.events, revents: 0)) }
        fixedCount = fixed.count
        var busy = false
        for s in sources {
            let reqs = s.pollRequests
            ranges.append((s, fds.count, reqs.count))
            for r in reqs { fds.append(pollfd(fd: r.fd, events: r.events, revents: 0)) }
            if s.hasPendingWork { busy = true }
        }
        var ms: Int32 = -1
        if busy { ms = 0 } else if let timeout {
            // Round up: waking a little late is fine, waking early means a wasted turn.
            ms = Int32(Swift.min(Swift.max((timeout * 1000).rounded(.up), 0), 86_400_000))
        }
        // Not retried through syscall(): an interrupted wait ends the turn, so the caller works
        // out its timeout again and serves due deadlines (a retry would sleep the old timeout).
        let n = Syscalls.poll(&fds, nfds_t(fds.count), ms)
        if n < 0 {
            if errno == EINTR {
                for i in fds.indices { fds[i].revents = 0 }
                return Array(repeating: 0, count: fixed.count)
            }
            throw DisplayError.call("poll", errno: errno)
        }
        return fds[0..<fixedCount].map(\.revents)
    }

    /// Serves each source that is ready or has pending work, once, then drops finished ones.
    public func dispatch(at time: Double) {
        turnEnds = MonotonicClock.seconds() + Self.turnShare
        workClaimed = false
        defer { turnEnds = .infinity; workClaimed = false }
        let n = ranges.count
        let first = n == 0 ? 0 : rotation % n
        firstDenied = nil
        for k in 0..<n {
            current = (first + k) % n
            let (source, start, count) = ranges[current]
            let revents = fds[start..<(start + count)].map(\.revents)
            let due = source.deadline.map { $0 <= time } ?? false
            if due || source.hasPendingWork || revents.contains(where: { $0 != 0 }) {
                source.service(revents, at: time)
            }
        }
        rotation = firstDenied ?? (first + 1)
        ranges.removeAll(keepingCapacity: true)
        sources.removeAll { $0.isFinished }
    }
}
