import Testing
@testable import PanelSystem
@testable import PanelLoop
@testable import PanelHost
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The system layer's one retry helper and its seam (issue 25, item 4): interruptions,
/// "would block" and short transfers scripted into the real readers and writers through
/// `SyscallMock`, on real pipes and sockets. Debug builds only, as the mock is.
@Suite struct SyscallTests {
    /// A pipe whose read end does not block (so a test drains it without hanging).
    static func pipePair() -> (read: Int32, write: Int32) {
        var p: [Int32] = [0, 0]
        precondition(pipe(&p) == 0)
        _ = fcntl(p[0], F_SETFL, fcntl(p[0], F_GETFL) | O_NONBLOCK)
        return (p[0], p[1])
    }

    /// Everything readable now (stops at EAGAIN or end of file).
    static func drain(_ fd: Int32) -> [UInt8] {
        var all: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(fd, &chunk, chunk.count)
            if n <= 0 { return all }
            all += chunk[0..<n]
        }
    }

    static func queue(_ lines: [String]) -> OutputQueue {
        var q = OutputQueue()
        for l in lines { q.append(l) }
        return q
    }

    static let lines = ["first line", "the second, longer line", "3"]
    static let bytes = Array(lines.map { $0 + "\n" }.joined().utf8)

    @Test func theHelperRetriesEveryInterruption() {
        let p = Self.pipePair()
        defer { close(p.read); close(p.write) }
        _ = write(p.write, "hello", 5)
        let mock = SyscallMock([.read: [.fail(EINTR), .fail(EINTR), .fail(EINTR)]])
        var buffer = [UInt8](repeating: 0, count: 16)
        let outcome = mock.during { syscall(nonBlocking: true) { Syscalls.read(p.read, &buffer, buffer.count) } }
        guard case .done(let n) = outcome else { Issue.record("not done: \(outcome)"); return }
        #expect(n == 5)
        #expect(Array(buffer[0..<5]) == Array("hello".utf8))
        #expect(mock.taken(.read) == [.fail(EINTR), .fail(EINTR), .fail(EINTR), .real])
    }

    @Test func wouldBlockOnlyWhereTheCallerExpectsIt() {
        let p = Self.pipePair()
        defer { close(p.read); close(p.write) }
        var buffer = [UInt8](repeating: 0, count: 16)
        let mock = SyscallMock([.read: [.fail(EAGAIN), .fail(EWOULDBLOCK), .fail(EAGAIN), .fail(EIO)]])
        let attempt = { (nonBlocking: Bool) -> SyscallOutcome<Int> in mock.during { syscall(nonBlocking: nonBlocking) { Syscalls.read(p.read, &buffer, buffer.count) } } }
        guard case .wouldBlock = attempt(true), case .wouldBlock = attempt(true) else { Issue.record("EAGAIN is not 'would block'"); return }
        // A call on a descriptor that should block reports EAGAIN as the error it is.
        guard case .failed(let again) = attempt(false), case .failed(let io) = attempt(true) else { Issue.record("errors not reported"); return }
        #expect(again == Errno(EAGAIN))
        #expect(io == Errno(EIO))
        #expect(mock.remaining(.read).isEmpty)
        // Past the script, the real call: an empty non-blocking pipe says EAGAIN.
        guard case .wouldBlock = attempt(true) else { Issue.record("real call not made"); return }
        #expect(mock.taken(.read).last == .real)
    }

    /// The mock is bound to the test's task: a call outside `during` is real.
    @Test func theMockStaysInsideItsScope() {
        let p = Self.pipePair()
        defer { close(p.read); close(p.write) }
        let mock = SyscallMock([.write: [.fail(EIO)]])
        mock.during {}
        guard case .done(1) = syscall(nonBlocking: true, { Syscalls.write(p.write, "x", 1) }) else { Issue.record("mocked outside"); return }
        #expect(mock.remaining(.write) == [.fail(EIO)])
    }

    /// Writes cut short and interrupted at every step: every byte arrives once, in order.
    @Test func theOutputQueueSurvivesInterruptionsMidWrite() {
        let p = Self.pipePair()
        defer { close(p.read); close(p.write) }
        var q = Self.queue(Self.lines)
        let mock = SyscallMock([.write: [.short(3), .fail(EINTR), .short(7), .fail(EINTR), .fail(EINTR), .short(1), .fail(EINTR)]])
        let flushed = mock.during { q.flush(to: p.write, limit: 1 << 20, useSend: false) }
        guard case .done = flushed else { Issue.record("not flushed: \(flushed)"); return }
        #expect(q.isEmpty)
        #expect(Self.drain(p.read) == Self.bytes)
        #expect(mock.remaining(.write).isEmpty)
        #expect(mock.taken(.write).last == .real)
    }

    /// The same through send() on a socket (the control socket's and the studio's path).
    @Test func theOutputQueueSurvivesInterruptedSends() {
        var sv: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0, &sv) == 0)
        defer { close(sv[0]); close(sv[1]) }
        var q = Self.queue(Self.lines)
        let mock = SyscallMock([.send: [.fail(EINTR), .short(2), .fail(EINTR), .short(11)]])
        let flushed = mock.during { q.flush(to: sv[0], limit: 1 << 20) }
        guard case .done = flushed else { Issue.record("not flushed: \(flushed)"); return }
        #expect(Self.drain(sv[1]) == Self.bytes)
        #expect(mock.taken(.send).count == 5)
    }

    /// EAGAIN after a short write: the written bytes are gone from the queue, the rest stays
    /// queued, and the next flush sends exactly the rest.
    @Test func wouldBlockLeavesTheRestQueued() {
        let p = Self.pipePair()
        defer { close(p.read); close(p.write) }
        var q = Self.queue(Self.lines)
        let mock = SyscallMock([.write: [.short(5), .fail(EINTR), .fail(EAGAIN)]])
        let first = mock.during { q.flush(to: p.write, limit: 1 << 20, useSend: false) }
        guard case .wouldBlock = first else { Issue.record("not 'would block': \(first)"); return }
        #expect(q.count == Self.bytes.count - 5)
        #expect(Self.drain(p.read) == Array(Self.bytes[0..<5]))
        guard case .done = q.flush(to: p.write, limit: 1 << 20, useSend: false) else { Issue.record("rest not flushed"); return }
        #expect(Self.drain(p.read) == Array(Self.bytes[5...]))
    }

    /// Another error is the descriptor's end: reported with its errno, nothing dropped.
    @Test func aFailedWriteKeepsItsErrno() {
        let p = Self.pipePair()
        defer { close(p.read); close(p.write) }
        var q = Self.queue(Self.lines)
        let mock = SyscallMock([.write: [.short(4), .fail(EPIPE)]])
        let flushed = mock.during { q.flush(to: p.write, limit: 1 << 20, useSend: false) }
        guard case .failed(let code) = flushed else { Issue.record("not failed: \(flushed)"); return }
        #expect(code == EPIPE)
        #expect(q.count == Self.bytes.count - 4)
    }

    /// Short reads broken by interruptions: the lines come out whole and in order, and the
    /// empty pipe afterwards is "nothing yet", not the end.
    @Test func theLineReaderJoinsInterruptedShortReads() {
        let p = Self.pipePair()
        defer { close(p.read); close(p.write) }
        _ = Self.bytes.withUnsafeBytes { write(p.write, $0.baseAddress, $0.count) }
        let reader = LineReader(fd: p.read)
        let mock = SyscallMock([.read: [.fail(EINTR), .short(3), .fail(EINTR), .short(9), .short(1), .fail(EINTR)]])
        let items = mock.during { reader.readLines() }
        #expect(items == Self.lines.map { LineReader.Item.line($0) })
        #expect(!reader.atEOF)
        #expect(mock.remaining(.read).isEmpty)
    }

    @Test func theLineReaderWaitsOnEAGAINAndStopsOnAnError() {
        let p = Self.pipePair()
        defer { close(p.read); close(p.write) }
        _ = write(p.write, "ready\n", 6)
        let reader = LineReader(fd: p.read)
        let mock = SyscallMock([.read: [.fail(EAGAIN)]])
        #expect(mock.during { reader.readLines() } == [])
        #expect(!reader.atEOF)
        #expect(reader.readLines() == [.line("ready")])
        // A descriptor that cannot be read (EIO: a hung-up terminal) is given up, as at EOF.
        let broken = SyscallMock([.read: [.fail(EIO)]])
        _ = write(p.write, "never\n", 6)
        #expect(broken.during { reader.readLines() } == [])
        #expect(reader.atEOF)
    }

    /// The loop's wait is the one call not retried: an interruption ends the turn with nothing
    /// ready (the caller works out its timeout again), though the pipe here is readable.
    @Test func anInterruptedWaitIsAnEmptyTurn() throws {
        let p = Self.pipePair()
        defer { close(p.read); close(p.write) }
        _ = write(p.write, "x", 1)
        let loop = PollLoop()
        let mock = SyscallMock([.poll: [.fail(EINTR)]])
        let interrupted = try mock.during { try loop.wait(fixed: [PollRequest(fd: p.read, events: Int16(POLLIN))], timeout: 5) }
        #expect(interrupted == [0])
        let ready = try loop.wait(fixed: [PollRequest(fd: p.read, events: Int16(POLLIN))], timeout: 5)
        #expect(ready[0] & Int16(POLLIN) != 0)
    }
}
