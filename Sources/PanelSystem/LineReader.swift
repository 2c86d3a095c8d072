#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Reads newline-terminated lines from a descriptor without blocking the main loop, with a
/// bounded share of each loop turn: one call reads at most `bytesPerTurn` and returns at most
/// `linesPerTurn` items, so a flood on stdin (`yes`, `/dev/zero`) cannot starve page flips or
/// signal handling. Memory stays bounded (about `maxLineLength` + `bytesPerTurn`): a line
/// longer than `maxLineLength` is reported once and the rest of it is skipped, however it
/// arrives. The buffer is consumed by index, so a burst of lines costs linear time.
package final class LineReader {
    package enum Item: Equatable {
        case line(String)
        /// A line over the limit: its first characters (for the error reply), the rest is skipped.
        case overlong(prefix: String)
    }

    package let fd: Int32
    package let maxLineLength: Int
    package let bytesPerTurn: Int
    package let linesPerTurn: Int
    private var buffer: [UInt8] = []
    /// Start of the first unconsumed byte.
    private var start = 0
    /// Where the search for the next newline resumes (bytes before it hold none).
    private var scanned = 0
    /// Inside an over-long line: drop bytes up to its newline.
    private var skipping = false
    package private(set) var atEOF = false
    /// True when complete lines are waiting in the buffer (the turn's share ran out): the
    /// loop must not sleep in poll() for them, since the descriptor may not become readable.
    package private(set) var hasBufferedLines = false

    package static let defaultMaxLineLength = 64 * 1024
    /// How much of an over-long line an error reply quotes.
    package static let quotedPrefixLength = 80

    package init(fd: Int32, maxLineLength: Int = LineReader.defaultMaxLineLength, bytesPerTurn: Int = 64 * 1024, linesPerTurn: Int = 256) {
        self.fd = fd
        self.maxLineLength = maxLineLength
        self.bytesPerTurn = bytesPerTurn
        self.linesPerTurn = linesPerTurn
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK) }
    }

    /// Bytes held now (for tests: stays bounded under any input).
    package var bufferedByteCount: Int { buffer.count - start }

    /// One turn's share: reads (only when no complete line is waiting) and returns up to
    /// `linesPerTurn` lines.
    package func readLines() -> [Item] {
        var items: [Item] = []
        readLines { items.append($0) }
        return items
    }

    /// One turn's share, handed out one item at a time: before each item after the first,
    /// `more` is asked whether the turn may go on (a time share, a reply still owed); when it
    /// says no, the rest stays buffered for the next turn (`hasBufferedLines`).
    package func readLines(while more: () -> Bool = { true }, _ handle: (Item) -> Void) {
        if !hasBufferedLines && !atEOF { fill() }
        var count = 0
        hasBufferedLines = false
        while true {
            if count >= linesPerTurn || (count > 0 && !more()) {
                hasBufferedLines = nextNewline() != nil || (atEOF && start < buffer.count)
                break
            }
            if skipping {
                if let nl = nextNewline() { consume(through: nl); skipping = false; continue }
                consumeAll()
                break
            }
            if let nl = nextNewline() {
                let item: Item = nl - start > maxLineLength
                    ? .overlong(prefix: prefix(upTo: nl))
                    : .line(String(decoding: buffer[start..<nl], as: UTF8.self))
                consume(through: nl)
                count += 1
                handle(item)
                continue
            }
            let pending = buffer.count - start
            if pending > maxLineLength {
                let item = Item.overlong(prefix: prefix(upTo: buffer.count))
                consumeAll()
                skipping = true
                handle(item)
            } else if atEOF && pending > 0 {
                let item = Item.line(String(decoding: buffer[start...], as: UTF8.self))
                consumeAll()
                handle(item)
            }
            break
        }
    }

    /// Reads at most `bytesPerTurn` bytes, stopping at EAGAIN or end of file.
    private func fill() {
        if start > 0 {
            // What is left is at most one partial line: moving it is bounded by the line cap.
            buffer.removeSubrange(0..<start)
            scanned -= start
            start = 0
        }
        var budget = bytesPerTurn
        while budget > 0 {
            let old = buffer.count
            let want = Swift.min(budget, 64 * 1024)
            buffer.append(contentsOf: repeatElement(0, count: want))
            let outcome = syscall(nonBlocking: true) { buffer.withUnsafeMutableBytes { Syscalls.read(fd, $0.baseAddress! + old, want) } }
            var n = 0
            if case .done(let got) = outcome { n = got }
            buffer.removeSubrange((old + n)...)
            if n > 0 { budget -= n; continue }
            // End of file, or a descriptor that can never be read (nohup's write-only stdin,
            // a hung-up terminal): stop reading it, or poll() would report it forever.
            if case .wouldBlock = outcome {} else { atEOF = true }
            break
        }
    }

    private func nextNewline() -> Int? {
        if let nl = buffer[scanned...].firstIndex(of: UInt8(ascii: "\n")) { scanned = nl; return nl }
        scanned = buffer.count
        return nil
    }

    private func consume(through newline: Int) { start = newline + 1; scanned = start }
    private func consumeAll() { start = buffer.count; scanned = start }

    private func prefix(upTo end: Int) -> String {
        let text = String(decoding: buffer[start..<Swift.min(end, start + Self.quotedPrefixLength * 4)], as: UTF8.self)
        return String(text.prefix(Self.quotedPrefixLength))
    }
}
