#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import PanelLoop
import PanelProtocol
import PanelSystem

/// One connection to the control socket: reads request lines with a bounded share of each
/// loop turn (LineReader), executes them through the controller (the same place as stdin),
/// and queues replies and events for writing without ever blocking the loop. Requests get a
/// time share per turn too (`commandShare`), and while a reply is owed (a screenshot being
/// written) the client's further requests wait, so replies keep the requests' order and one
/// client's screenshots cannot crowd out the others.
///
/// A client that does not read is cut off once `maxQueuedBytes` of output wait for it: its
/// queue is dropped, a last line says why, and the connection closes once that line is
/// written or `lingerSeconds` pass, whichever comes first.
package final class SocketClient: PollSource, CommandClient {
    package let fd: Int32
    package let id: Int
    package var filter: EventFilter = .all
    package var eventSource: String? { EventSource.socket.rawValue }
    private let reader: LineReader
    private var output = OutputQueue()
    private let maxQueuedBytes: Int
    /// The panel its requests go to (it outlives every client).
    private unowned let commands: any CommandExecutor
    package private(set) var isFinished = false
    /// Set once the client is being disconnected: no more reading, only the goodbye line.
    private(set) var closing = false
    /// When the goodbye's linger ends (loop time); set on the first turn after `closing`.
    private var closingDeadline: Double?
    private(set) var closeReason: String?
    /// Replies still owed (a screenshot waits for its frame): a half-closed peer keeps its
    /// connection until they are written.
    private var deferredReplies = 0
    package static let lingerSeconds = 2.0
    /// When the client last sent anything (loop time; set on accept): the server makes room
    /// for a new client by dropping the one idle longest (IPCServer.Options.idleEviction).
    package var lastHeard = -Double.infinity
    /// Bytes written per turn at most, so one fast reader cannot hold the loop.
    package static let writeSharePerTurn = 256 * 1024
    /// Seconds of request handling per turn (as stdin's): past it, the rest waits a turn.
    package static let commandShare = 0.002
    private unowned let loop: PollLoop

    package init(fd: Int32, id: Int, loop: PollLoop, maxLineLength: Int, maxQueuedBytes: Int, linesPerTurn: Int,
         commands: any CommandExecutor) {
        self.fd = fd
        self.id = id
        self.loop = loop
        self.maxQueuedBytes = maxQueuedBytes
        self.commands = commands
        reader = LineReader(fd: fd, maxLineLength: maxLineLength, bytesPerTurn: 64 * 1024, linesPerTurn: linesPerTurn)
    }

    deinit { close(fd) }

    package var queuedBytes: Int { output.count }

    // MARK: CommandClient

    package func send(_ line: String) {
        guard !closing, !isFinished else { return }
        output.append(line)
        if output.count > maxQueuedBytes {
            disconnect(reason: "client did not read its events: more than \(maxQueuedBytes / 1024) KiB were waiting")
        }
    }

    package func replyDeferred() { deferredReplies += 1 }
    package func deferredReplySent() { deferredReplies = max(0, deferredReplies - 1) }

    // MARK: PollSource

    package var pollRequests: [PollRequest] {
        // Waiting for a reply with nothing to write: not watched at all (a peer that hung up
        // would otherwise wake every turn until the reply comes).
        if isFinished || (waitingForReply && output.isEmpty && !closing) { return [] }
        var events: Int16 = 0
        if !closing && !reader.atEOF && !waitingForReply { events |= Int16(POLLIN) }
        if !output.isEmpty { events |= Int16(POLLOUT) }
        return [PollRequest(fd: fd, events: events)]
    }

    package var hasPendingWork: Bool { closing ? closingDeadline == nil : reader.hasBufferedLines && !waitingForReply }

    /// A reply is owed: the next request waits for it.
    private var waitingForReply: Bool { deferredReplies > 0 }

    package var deadline: Double? { closingDeadline }

    package func service(_ revents: [Int16], at time: Double) {
        let r = revents.first ?? 0
        if closing {
            if closingDeadline == nil { closingDeadline = time + Self.lingerSeconds }
            flush()
            if output.isEmpty || time >= closingDeadline! || r & Int16(POLLERR | POLLHUP) != 0 { finish() }
            return
        }
        if !waitingForReply && (r & Int16(POLLIN | POLLHUP | POLLERR) != 0 || reader.hasBufferedLines) && loop.mayStartWork() {
            let shareEnds = loop.shareEnd(Self.commandShare)
            reader.readLines(while: { !closing && !waitingForReply && MonotonicClock.seconds() < shareEnds }) { item in
                lastHeard = time
                switch item {
                case .line(let line):
                    if line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { return }
                    commands.execute(commandLine: line, at: time, from: self)
                case .overlong(let prefix):
                    commands.rejectCommand("request line longer than \(reader.maxLineLength) bytes ignored (it starts '\(prefix)…')", at: time, from: self)
                }
            }
        }
        if !output.isEmpty { flush() }
        // The peer closed its end and everything it sent is handled: nothing more will come.
        // (A half-closed peer, as `ctl` is after its last request, still gets its replies.)
        if reader.atEOF && !reader.hasBufferedLines && !closing {
            if (output.isEmpty && deferredReplies == 0) || r & Int16(POLLERR | POLLHUP) != 0 { finish() }
        }
    }

    /// Starts disconnecting: drops what is queued (keeping a partly written line whole),
    /// queues the reason, and stops reading.
    package func disconnect(reason: String) {
        guard !closing, !isFinished else { return }
        closing = true
        closeReason = reason
        output.dropUnstartedLines()
        var w = JSONLineWriter()
        w.add("event", "disconnected"); w.add("reason", reason)
        output.append(w.line)
        shutdown(fd, Int32(SHUT_RD))
        flush()
    }

    private func flush() {
        switch output.flush(to: fd, limit: Self.writeSharePerTurn) {
        case .done, .wouldBlock: break
        case .failed: finish()
        }
    }

    private func finish() {
        guard !isFinished else { return }
        isFinished = true
        shutdown(fd, Int32(SHUT_RDWR))
    }
}
