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
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The command reader under floods (issue 6, item 2): a bounded share per call, memory that
/// stays bounded, lines capped however they arrive, linear consumption.
@Suite struct LineReaderTests {
    /// A temporary file holding `bytes`, opened for reading (unlinked at once).
    static func file(_ bytes: [UInt8]) -> Int32 {
        var template = Array("/tmp/knob-linereader.XXXXXX".utf8CString)
        let fd = mkstemp(&template)
        precondition(fd >= 0)
        unlink(&template)
        var off = 0
        while off < bytes.count {
            let n = bytes[off...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            precondition(n > 0)
            off += n
        }
        lseek(fd, 0, SEEK_SET)
        return fd
    }

    /// Calls readLines until end of file (or `limit` calls), returning every item and the
    /// largest number of items one call returned.
    static func drain(_ r: LineReader, limit: Int = 1_000_000) -> (items: [LineReader.Item], maxPerCall: Int, calls: Int) {
        var all: [LineReader.Item] = [], most = 0, calls = 0
        while calls < limit && !(r.atEOF && !r.hasBufferedLines && r.bufferedByteCount == 0) {
            let items = r.readLines()
            most = max(most, items.count)
            all += items
            calls += 1
        }
        return (all, most, calls)
    }

    @Test func linesSplitAcrossReadsAreJoined() {
        var p: [Int32] = [0, 0]
        #expect(pipe(&p) == 0)
        defer { close(p[0]); close(p[1]) }
        let r = LineReader(fd: p[0])
        _ = write(p[1], "ab\ncd", 5)
        #expect(r.readLines() == [.line("ab")])
        _ = write(p[1], "e\n", 2)
        #expect(r.readLines() == [.line("cde")])
        #expect(r.readLines() == [])
        #expect(!r.atEOF)   // EAGAIN on an empty pipe is not the end
        close(p[1]); p[1] = -1
        #expect(r.readLines() == [])
        #expect(r.atEOF)
    }

    /// 10 000 short lines at once: 256 per call (the turn's share), `hasBufferedLines` while
    /// some wait, and all of them in order in the end (40 calls = ⌈10 000 / 256⌉).
    @Test func eachCallReturnsABoundedShare() {
        let fd = Self.file(Array((0..<10_000).map { "l\($0)\n" }.joined().utf8))
        defer { close(fd) }
        let r = LineReader(fd: fd)
        let first = r.readLines()
        #expect(first.count == 256)
        #expect(r.hasBufferedLines)
        let (rest, most, _) = Self.drain(r)
        let all = first + rest
        #expect(most <= 256)
        #expect(all.count == 10_000)
        #expect(all.last == .line("l9999"))
        #expect(all[300] == .line("l300"))
    }

    /// /dev/zero: no newline ever. One error item for the over-long line, then its rest is
    /// skipped; the buffer never holds more than the line cap plus one turn's read.
    @Test func endlessLineKeepsMemoryBounded() {
        let fd = open("/dev/zero", O_RDONLY)
        defer { close(fd) }
        let r = LineReader(fd: fd)
        var items: [LineReader.Item] = []
        var most = 0
        for _ in 0..<200 {   // 200 turns × 64 KiB = 12.8 MB read
            items += r.readLines()
            most = max(most, r.bufferedByteCount)
        }
        #expect(items == [.overlong(prefix: String(repeating: "\0", count: 80))])
        #expect(most <= LineReader.defaultMaxLineLength + 64 * 1024)
    }

    /// A line over the cap that arrives in one read (a small cap, a large read) is one error,
    /// and the next line is read normally. The prefix is the first 80 characters.
    @Test func overlongLineInOneReadIsCapped() {
        let fd = Self.file(Array((String(repeating: "b", count: 1000) + "\nok\n").utf8))
        defer { close(fd) }
        let r = LineReader(fd: fd, maxLineLength: 100, bytesPerTurn: 1 << 20)
        #expect(Self.drain(r).items == [.overlong(prefix: String(repeating: "b", count: 80)), .line("ok")])
    }

    /// A 10 MB line arriving over many reads: one error, then the next command.
    @Test func tenMegabyteLineIsOneError() {
        let fd = Self.file(Array(repeating: UInt8(ascii: "a"), count: 10 << 20) + Array("\n{\"command\":\"list\"}\n".utf8))
        defer { close(fd) }
        let r = LineReader(fd: fd)
        let (items, _, _) = Self.drain(r)
        #expect(items == [.overlong(prefix: String(repeating: "a", count: 80)), .line(#"{"command":"list"}"#)])
    }

    /// A last line without a newline is still a line at end of file; an exact-cap line passes.
    @Test func lastLineAndExactCap() {
        let fd = Self.file(Array((String(repeating: "c", count: 100) + "\ntail").utf8))
        defer { close(fd) }
        let r = LineReader(fd: fd, maxLineLength: 100)
        #expect(Self.drain(r).items == [.line(String(repeating: "c", count: 100)), .line("tail")])
    }

    /// 400 000 lines from a file (the issue's quadratic case, 79 s before): all arrive, in
    /// order. Consumption by index makes this linear (timed in the VM flood test, not here).
    @Test func manyLinesAllArrive() {
        let fd = Self.file(Array(String(repeating: "x\n", count: 400_000).utf8))
        defer { close(fd) }
        let (items, most, _) = Self.drain(LineReader(fd: fd))
        #expect(items.count == 400_000)
        #expect(most <= 256)
    }
}
