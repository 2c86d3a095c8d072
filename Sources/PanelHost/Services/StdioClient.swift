#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import PanelCore
import PanelLoop
import PanelProtocol
import PanelSystem

/// The parent process as a client: request lines on a descriptor (stdin), replies and events
/// out on another (stdout). Reading gets a bounded share of each loop turn (LineReader).
///
/// When stdout is a pipe or socket, a parent that stops reading must not freeze the panel
/// (a blocking write would stop frames and signal handling): lines are then queued and
/// written without blocking, and past `maxQueuedBytes` new lines are dropped, with one note on
/// stderr saying so. A terminal or a regular file is written directly, as before.
package final class StdioClient: PollSource, CommandClient {
    package var filter: EventFilter = .all
    /// Stdin belongs to whoever started the panel: its screenshots may go anywhere.
    package var writesAnywhere: Bool { true }
    package var eventSource: String? { EventSource.stdin.rawValue }
    private let reader: LineReader?
    private let write: (String) -> Void
    private let controller: PanelController
    private let outputFD: Int32?
    private var output = OutputQueue()
    package static let maxQueuedBytes = 1 << 20
    private(set) var droppedLines = 0
    private let report: (String) -> Void
    private unowned let loop: PollLoop
    /// Replies still owed (a screenshot being written): the next command waits for them, so
    /// replies on stdout keep the order of the commands.
    private var deferredReplies = 0

    package init(commandFD: Int32?, outputFD: Int32?, controller: PanelController, loop: PollLoop, write: @escaping (String) -> Void,
         report: @escaping (String) -> Void = { _ in }) {
        reader = commandFD.map { LineReader(fd: $0, linesPerTurn: 16) }
        self.controller = controller
        self.loop = loop
        self.write = write
        self.report = report
        var st = stat()
        if let fd = outputFD, fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFIFO || st.st_mode & S_IFMT == S_IFSOCK {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            self.outputFD = fd
        } else {
            self.outputFD = nil
        }
    }

    package func send(_ line: String) {
        guard let fd = outputFD else { return write(line) }
        if output.count > Self.maxQueuedBytes {
            if droppedLines == 0 { report("stdout is not being read: dropping event and reply lines until it is") }
            droppedLines += 1
            return
        }
        output.append(line)
        _ = output.flush(to: fd, limit: 256 * 1024, useSend: false)
    }

    package func replyDeferred() { deferredReplies += 1 }
    package func deferredReplySent() { deferredReplies = max(0, deferredReplies - 1) }

    package var pollRequests: [PollRequest] {
        var r: [PollRequest] = []
        if let reader, !reader.atEOF, deferredReplies == 0 { r.append(.readable(reader.fd)) }
        if let fd = outputFD, !output.isEmpty { r.append(PollRequest(fd: fd, events: Int16(POLLOUT))) }
        return r
    }
    package var hasPendingWork: Bool { deferredReplies == 0 && (reader?.hasBufferedLines ?? false) }
    /// Stays registered after end of file: stdout keeps receiving events.
    package var isFinished: Bool { false }

    package func service(_ revents: [Int16], at time: Double) {
        if let fd = outputFD, !output.isEmpty {
            if case .failed = output.flush(to: fd, limit: 256 * 1024, useSend: false) { output = OutputQueue() }
            if output.isEmpty && droppedLines > 0 {
                report("stdout is read again; \(droppedLines) lines were dropped")
                droppedLines = 0
            }
        }
        guard let reader, deferredReplies == 0, loop.mayStartWork() else { return }
        // At most one read (64 KiB) and about `commandShare` seconds of work per turn, checked
        // every `linesPerTurn` lines: a flood on stdin then delays neither the next frame nor
        // a signal by more than one share (measured in the VM: with 256 lines a turn, flips
        // under a flood came every 48 ms instead of 13 ms).
        let shareEnds = loop.shareEnd(Self.commandShare)
        let more = { self.deferredReplies == 0 && MonotonicClock.seconds() < shareEnds }
        repeat {
            reader.readLines(while: more) { item in
                switch item {
                case .line(let line):
                    if line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { return }
                    controller.execute(commandLine: line, at: time, from: self)
                case .overlong(let prefix):
                    controller.rejectCommand("command line longer than \(reader.maxLineLength) bytes ignored (it starts '\(prefix)…')", at: time, from: self)
                }
            }
        } while reader.hasBufferedLines && more()
    }

    /// Seconds of command handling per loop turn: small against a refresh period.
    package static let commandShare = 0.002

    /// At exit: what is queued gets up to `seconds` to go out.
    package func drain(seconds: Double) {
        guard let fd = outputFD else { return }
        let end = MonotonicClock.seconds() + seconds
        while !output.isEmpty {
            let left = end - MonotonicClock.seconds()
            if left <= 0 { break }
            var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            if poll(&p, 1, Int32(left * 1000) + 1) <= 0 { break }
            if case .failed = output.flush(to: fd, limit: 1 << 20, useSend: false) { break }
        }
    }
}
