#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import PanelCore
import PanelLoop
import PanelProtocol
import PanelSystem

/// Why the control socket could not be opened; each case has its own exit code in the CLI.
public struct IPCError: Error, CustomStringConvertible {
    public enum Kind: Sendable { case liveSocket, badPath, system }
    public let kind: Kind
    public let description: String
}

/// The control socket (`run --ipc PATH`): a Unix stream socket served by the main loop's
/// `poll()` like every other source (no threads). Each accepted connection becomes a
/// `SocketClient` in the same loop; every event reaches every client whose filter admits it.
public final class IPCServer: PollSource {
    public struct Options: Sendable {
        public var path: String
        public var mode: UInt32 = 0o660
        public var maxClients = 16
        /// Output waiting for one client beyond which it is disconnected.
        public var maxQueuedBytes = 256 * 1024
        public var maxLineLength = 64 * 1024
        /// Requests one client may have executed per loop turn.
        public var linesPerTurn = 64
        /// Full, a new connection disconnects the client that has sent nothing for longest,
        /// once that is this many seconds: idle connections cannot lock everyone out, and a
        /// listener that only reads events keeps its place while there is room.
        public var idleEviction = 5.0
        public init(path: String) { self.path = path }
    }

    public let options: Options
    private let listenFD: Int32
    private var identity: (dev: UInt64, ino: UInt64)
    private let loop: PollLoop
    private let controller: PanelController
    private(set) var clients: [SocketClient] = []
    private var nextID = 1
    public private(set) var isFinished = false
    /// Connections accepted and refused (over the limit), for the summary.
    public private(set) var refusedConnections = 0

    /// Creates the socket: a stale file left by a crash (nothing accepts on it) is replaced;
    /// a socket a live panel listens on, or a path that is not a socket, is refused.
    public init(options: Options, controller: PanelController, loop: PollLoop) throws(IPCError) {
        self.options = options
        self.controller = controller
        self.loop = loop
        guard let addr = UnixSocket.address(options.path) else {
            throw IPCError(kind: .badPath, description: "--ipc path must be 1 to \(UnixSocket.maxPathLength) bytes long: '\(options.path)'")
        }
        var st = stat()
        if lstat(options.path, &st) == 0 {
            guard st.st_mode & S_IFMT == S_IFSOCK else {
                throw IPCError(kind: .badPath, description: "'\(options.path)' exists and is not a socket; not replacing it")
            }
            if UnixSocket.isLive(path: options.path) {
                throw IPCError(kind: .liveSocket, description: "another panel is listening on '\(options.path)'; not taking it over")
            }
            unlink(options.path)   // stale: left by a process that died
        }
        let fd = UnixSocket.make(nonBlocking: true)
        if fd < 0 { throw IPCError(kind: .system, description: "socket: \(Errno(errno))") }
        // Created with no permissions for others, then widened to the asked mode: never a
        // moment where a wider mode than asked applies.
        let old = umask(0o177)
        let bound = UnixSocket.bind(fd, addr)
        let bindErr = errno
        umask(old)
        if bound != 0 { Glibc.close(fd); throw IPCError(kind: .system, description: "cannot bind '\(options.path)': \(Errno(bindErr))") }
        if chmod(options.path, mode_t(options.mode)) != 0 || listen(fd, 64) != 0 {
            let e = errno
            Glibc.close(fd); unlink(options.path)
            throw IPCError(kind: .system, description: "cannot listen on '\(options.path)': \(Errno(e))")
        }
        listenFD = fd
        _ = lstat(options.path, &st)
        identity = (UInt64(st.st_dev), UInt64(st.st_ino))
    }

    deinit { close() }

    public var clientCount: Int { clients.filter { !$0.isFinished }.count }

    /// Stops listening and removes the socket file (only if it is still ours).
    public func close() {
        guard !isFinished else { return }
        isFinished = true
        Glibc.close(listenFD)
        var st = stat()
        if lstat(options.path, &st) == 0, UInt64(st.st_dev) == identity.dev, UInt64(st.st_ino) == identity.ino {
            unlink(options.path)
        }
        for c in clients { c.disconnect(reason: "the panel is shutting down") }
    }

    /// Sends an event to every client whose filter admits it, encoded once for all of them.
    public func broadcast(_ event: PanelEvent) {
        // Closed connections leave here (and their descriptors close) at the next event.
        if clients.contains(where: \.isFinished) { clients.removeAll { $0.isFinished } }
        var line: String?
        for c in clients where !c.isFinished && c.filter.admits(widget: event.widget) {
            if line == nil { line = event.line }
            c.send(line!)
        }
    }

    /// Pushes pending output out once more, best effort, before exit.
    public func flushAll() {
        for c in clients { c.service([Int16(POLLOUT)], at: .infinity) }
    }

    // MARK: PollSource (the listening socket)

    public var pollRequests: [PollRequest] { isFinished ? [] : [.readable(listenFD)] }
    public var hasPendingWork: Bool { false }

    public func service(_ revents: [Int16], at time: Double) {
        clients.removeAll { $0.isFinished }
        ConnectionAcceptor.acceptPending(on: listenFD, refusal: {
            Array((Reply.failure(nil, "too many clients (at most \(options.maxClients)); try again later").line + "\n").utf8)
        }) { fd in
            makeRoom(at: time)
            guard clients.count(where: { !$0.isFinished && !$0.closing }) < options.maxClients else { refusedConnections += 1; return false }
            let client = SocketClient(
                fd: fd, id: nextID, loop: loop, maxLineLength: options.maxLineLength, maxQueuedBytes: options.maxQueuedBytes,
                linesPerTurn: options.linesPerTurn, commands: controller)
            nextID += 1
            client.lastHeard = time
            clients.append(client)
            loop.add(client)
            return true
        }
    }

    /// Full: the client idle longest goes if it has been idle `idleEviction` seconds.
    private func makeRoom(at time: Double) {
        let open = clients.filter { !$0.isFinished && !$0.closing }
        guard open.count >= options.maxClients,
              let idle = open.min(by: { $0.lastHeard < $1.lastHeard }),
              time - idle.lastHeard >= options.idleEviction else { return }
        let seconds = JSONLineWriter.number((time - idle.lastHeard).rounded())
        idle.disconnect(reason: "idle for \(seconds) s while another client needed its place (at most \(options.maxClients) clients)")
    }
}
