#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import PanelHost
import PanelLoop
import PanelSystem

/// One browser connection to the studio, served by the panel's `poll()` loop like a control
/// socket client: reads get a bounded share of each turn into a capped buffer (consumed by
/// index), requests are parsed strictly (HTTPRequestParser), responses are queued and written
/// without blocking. A request must arrive whole within `requestTimeout` of its first byte
/// (a slow client is answered 408 and dropped), an idle keep-alive connection closes after
/// `idleTimeout`, and an event stream whose reader falls `maxQueuedBytes` behind is cut.
/// Until a request has passed StudioAccess, a connection may stay silent only
/// `firstRequest` seconds: silent connections cannot hold every slot for a minute.
package final class HTTPConnection: PollSource {
    package struct Timeouts {
        package var request = 10.0
        package var idle = 60.0
        /// Silence allowed before the first byte, and between requests until one was allowed.
        package var firstRequest = 3.0
        package var linger = 2.0
    }

    package let fd: Int32
    package let id: Int
    private var input: [UInt8] = []
    private var inputStart = 0
    private var output = OutputQueue()
    private let limits: HTTPLimits
    private let timeouts: Timeouts
    private let handle: (HTTPRequest, HTTPConnection, Double) -> HTTPResponse?
    /// The connection is an event stream now (Server-Sent Events): no more requests on it.
    private(set) var isStreaming = false
    package private(set) var isFinished = false
    private var closing = false
    private var closeAt: Double?
    private var requestStartedAt: Double?
    private var lastActivity: Double
    private var peerClosed = false
    /// The loop time of the current turn.
    private var now: Double
    package static let readSharePerTurn = 64 * 1024
    package static let writeSharePerTurn = 512 * 1024
    /// Output one event-stream reader may have waiting before it is cut off (frames are
    /// sent whole, so this is a few full frames).
    package static let maxQueuedBytes = 8 * 1024 * 1024
    /// Set by the frame stream when it skipped a patch for this reader (it was behind).
    package var needsFullFrame = false
    /// A response is being made off the loop (`respondLater`): later requests wait for it.
    private var awaiting = false
    /// Requests are buffered but this turn's share ran out: serve them next turn.
    private var moreRequests = false
    /// Seconds of request handling per turn (as the socket's clients get).
    package static let requestShare = 0.002
    private let shareEnd: () -> Double
    /// Whether this turn still has time for requests (PollLoop.mayStartWork).
    private let mayStart: () -> Bool
    /// A request on this connection passed StudioAccess (set by the server): the long idle
    /// timeout applies from then on.
    package var authenticated = false
    private var idleLimit: Double { authenticated ? timeouts.idle : timeouts.firstRequest }

    package init(fd: Int32, id: Int, at time: Double, limits: HTTPLimits, timeouts: Timeouts = Timeouts(),
         shareEnd: @escaping () -> Double = { .infinity }, mayStart: @escaping () -> Bool = { true },
         handle: @escaping (HTTPRequest, HTTPConnection, Double) -> HTTPResponse?) {
        self.fd = fd
        self.id = id
        self.shareEnd = shareEnd
        self.mayStart = mayStart
        self.limits = limits
        self.timeouts = timeouts
        self.handle = handle
        lastActivity = time
        now = time
    }

    deinit { close(fd) }

    package var queuedBytes: Int { output.count }

    // MARK: PollSource

    package var pollRequests: [PollRequest] {
        if isFinished { return [] }
        var events: Int16 = 0
        if !closing && !peerClosed { events |= Int16(POLLIN) }
        if !output.isEmpty { events |= Int16(POLLOUT) }
        return [PollRequest(fd: fd, events: events)]
    }

    package var hasPendingWork: Bool { moreRequests && !awaiting && !closing && !isStreaming && !isFinished }

    package var deadline: Double? {
        if isFinished { return nil }
        if let closeAt { return closeAt }
        if isStreaming { return nil }
        if let requestStartedAt { return requestStartedAt + timeouts.request }
        return lastActivity + idleLimit
    }

    package func service(_ revents: [Int16], at time: Double) {
        now = time
        let r = revents.first ?? 0
        if r & Int16(POLLERR | POLLNVAL) != 0 { return finish() }
        if closing {
            flush()
            if output.isEmpty || time >= (closeAt ?? time) || r & Int16(POLLHUP) != 0 { finish() }
            return
        }
        if r & Int16(POLLIN | POLLHUP) != 0 { readAvailable(at: time) }
        if !isStreaming && !closing && !awaiting { handleRequests(at: time) }
        if !closing && !isStreaming && !awaiting {
            if let started = requestStartedAt, time >= started + timeouts.request {
                return fail(HTTPFailure(status: 408, reason: "the request did not arrive within \(Int(timeouts.request)) s"), at: time)
            }
            if requestStartedAt == nil && time >= lastActivity + idleLimit && output.isEmpty { return finish() }
        }
        flush()
        if peerClosed && (output.isEmpty || !isStreaming) && !closing && !awaiting { finish() }
    }

    /// The response to `request` will come later (a PNG encoded off the loop): no further
    /// request is read until the returned closure is called with it, once.
    package func respondLater(to request: HTTPRequest) -> (HTTPResponse) -> Void {
        awaiting = true
        return { [weak self] response in
            guard let self, self.awaiting, !self.isFinished else { return }
            self.awaiting = false
            self.respond(response, to: request)
            self.moreRequests = self.inputStart < self.input.count
            self.flush()
        }
    }

    // MARK: writing

    package func send(_ bytes: [UInt8]) {
        guard !isFinished, !closing else { return }
        output.append(bytes: bytes)
        if output.count > Self.maxQueuedBytes { return finish() }
        flush()
    }

    /// Switches to an event stream: the head goes out now, events follow with `send`.
    package func startStream(_ head: HTTPResponse) {
        isStreaming = true
        requestStartedAt = nil
        send(head.head(streaming: true, keepAlive: true))
    }

    private func respond(_ response: HTTPResponse, to request: HTTPRequest?) {
        let keep = (request?.keepAlive ?? false) && !response.close
        output.append(bytes: response.head(keepAlive: keep))
        if request?.method != "HEAD" { output.append(bytes: response.body) }
        if !keep { startClosing() }
    }

    private func fail(_ failure: HTTPFailure, at time: Double) {
        respond(HTTPResponse.failure(failure.status, failure.reason), to: nil)
        flush()
    }

    private func startClosing() {
        closing = true
        closeAt = now + timeouts.linger
        // No more requests: the rest of what the client sends is not read.
        shutdown(fd, Int32(SHUT_RD))
    }

    // MARK: reading

    private func readAvailable(at time: Double) {
        // Buffer capped at one whole request: the longest head plus the largest body.
        let cap = limits.requestLine + limits.headerBytes + limits.body
        var budget = Self.readSharePerTurn
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while budget > 0 {
            if isStreaming { inputStart = input.count }   // a stream's reader has nothing to say
            compact()
            let room = cap - (input.count - inputStart)
            if room <= 0 { break }
            let outcome = syscall(nonBlocking: true) {
                chunk.withUnsafeMutableBytes { Syscalls.recv(fd, $0.baseAddress!, Swift.min($0.count, room, budget), Int32(MSG_DONTWAIT)) }
            }
            if case .done(let n) = outcome, n > 0 {
                if requestStartedAt == nil && !isStreaming { requestStartedAt = time }
                lastActivity = time
                input.append(contentsOf: chunk[0..<n])
                budget -= n
                continue
            }
            // End of stream (0) or an error other than EAGAIN: the peer is gone.
            if case .wouldBlock = outcome {} else { peerClosed = true }
            break
        }
    }

    private func handleRequests(at time: Double) {
        // Requests one by one; pipelined ones wait while a response is being written, and
        // for the next turn once this one's time share is used.
        moreRequests = false
        guard inputStart < input.count else { return }
        guard mayStart() else { moreRequests = true; return }
        let ends = Swift.min(shareEnd(), MonotonicClock.seconds() + Self.requestShare)
        var handled = 0
        while !closing && !isStreaming && !awaiting && inputStart < input.count && output.count < Self.writeSharePerTurn {
            if handled > 0 && MonotonicClock.seconds() >= ends { moreRequests = true; return }
            handled += 1
            switch HTTPRequestParser.parse(input, from: inputStart, limits: limits) {
            case .incomplete:
                if peerClosed { return finish() }
                return
            case .failure(let f):
                return fail(f, at: time)
            case .request(let request, let consumed):
                inputStart += consumed
                requestStartedAt = inputStart < input.count ? time : nil
                lastActivity = time
                if let response = handle(request, self, time) { respond(response, to: request) }
            }
        }
    }

    private func compact() {
        if inputStart == input.count { input.removeAll(keepingCapacity: input.capacity <= 1 << 20); inputStart = 0 }
        else if inputStart > 64 * 1024 { input.removeSubrange(0..<inputStart); inputStart = 0 }
    }

    private func flush() {
        guard !output.isEmpty, !isFinished else { return }
        switch output.flush(to: fd, limit: Self.writeSharePerTurn) {
        case .done, .wouldBlock: break
        case .failed: finish()
        }
        if closing && output.isEmpty { finish() }
    }

    package func finish() {
        guard !isFinished else { return }
        isFinished = true
        shutdown(fd, Int32(SHUT_RDWR))
        // The object may outlive the connection (until the server's next accept): its
        // buffers go now, and a big queue's pages go back to the system.
        let held = output.capacity + input.capacity
        output = OutputQueue()
        input = []; inputStart = 0
        if held >= 256 * 1024 { FreedMemory.release() }
    }
}
