import Glibc
import Testing
@testable import PanelSystem
@testable import PanelLoop
@testable import PanelProtocol
@testable import PanelCore
@testable import PanelInput
@testable import PanelDisplay
@testable import PanelHost
@testable import PanelMQTT
@testable import PanelStudio
@testable import PanelBench

/// The loop's contract: one poll() for all sources, a bounded turn each, no sleeping while
/// a source has buffered work, finished sources dropped, deadlines honoured.
@Suite struct PollLoopTests {
    final class PipeSource: PollSource {
        let readFD: Int32, writeFD: Int32
        var turns = 0
        var backlog = 0           // pretend lines left over from the last turn
        var finished = false
        var due: Double?
        init() {
            var p: [Int32] = [0, 0]
            pipe(&p)
            readFD = p[0]; writeFD = p[1]
            _ = fcntl(readFD, F_SETFL, O_NONBLOCK)
        }
        deinit { close(readFD); close(writeFD) }
        var pollRequests: [PollRequest] { [.readable(readFD)] }
        var hasPendingWork: Bool { backlog > 0 }
        var isFinished: Bool { finished }
        var deadline: Double? { due }
        func service(_ revents: [Int16], at time: Double) {
            turns += 1
            var b = [UInt8](repeating: 0, count: 16)
            _ = read(readFD, &b, 16)
            if backlog > 0 { backlog -= 1 }
            if let d = due, time >= d { due = nil }
        }
    }

    @Test func readySourcesAreServedOncePerTurn() throws {
        let loop = PollLoop()
        let a = PipeSource(), b = PipeSource()
        loop.add(a); loop.add(b)
        _ = write(a.writeFD, "x", 1)
        let fixed = try loop.wait(fixed: [], timeout: 1)
        #expect(fixed.isEmpty)
        loop.dispatch(at: 0)
        #expect(a.turns == 1 && b.turns == 0)
    }

    /// Buffered work means a zero timeout: the turn does not sleep even with nothing ready,
    /// and every turn serves it once (bounded), so others get their turns in between.
    @Test func pendingWorkDoesNotSleepAndIsServedInShares() throws {
        let loop = PollLoop()
        let busy = PipeSource(), other = PipeSource()
        busy.backlog = 3
        loop.add(busy); loop.add(other)
        for _ in 0..<3 {
            _ = write(other.writeFD, "y", 1)
            _ = try loop.wait(fixed: [], timeout: nil)   // would hang forever if it slept
            loop.dispatch(at: 0)
        }
        #expect(busy.turns == 3 && busy.backlog == 0 && other.turns == 3)
    }

    @Test func deadlinesAndFinishedSources() throws {
        let loop = PollLoop()
        let s = PipeSource()
        s.due = 5
        loop.add(s)
        #expect(loop.nextDeadline == 5)
        _ = try loop.wait(fixed: [], timeout: 0)
        loop.dispatch(at: 4)
        #expect(s.turns == 0)
        _ = try loop.wait(fixed: [], timeout: 0)
        loop.dispatch(at: 5)
        #expect(s.turns == 1 && loop.nextDeadline == nil)
        s.finished = true
        _ = write(s.writeFD, "z", 1)
        _ = try loop.wait(fixed: [], timeout: 0)
        loop.dispatch(at: 6)
        #expect(loop.sourceCount == 0)
    }

    @Test func fixedDescriptorsComeBackInOrder() throws {
        let loop = PollLoop()
        var p: [Int32] = [0, 0], q: [Int32] = [0, 0]
        pipe(&p); pipe(&q)
        defer { for fd in p + q { close(fd) } }
        _ = write(q[1], "x", 1)
        let r = try loop.wait(fixed: [.readable(p[0]), .readable(q[0])], timeout: 1)
        #expect(r[0] == 0 && r[1] & Int16(POLLIN) != 0)
    }
}
