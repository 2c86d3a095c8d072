#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Reads newline-terminated lines from a descriptor without blocking the main loop.
/// Over-long lines are cut off (and reported) instead of growing memory without bound.
final class LineReader {
    let fd: Int32
    private var buffer: [UInt8] = []
    private(set) var atEOF = false
    static let maxLineLength = 64 * 1024

    init(fd: Int32) {
        self.fd = fd
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK) }
    }

    /// Reads what is available and returns the complete lines.
    func readLines() -> [String] {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(fd, &chunk, chunk.count)
            if n > 0 { buffer.append(contentsOf: chunk[0..<n]); continue }
            if n < 0 && (errno == EINTR) { continue }
            // End of file, or a descriptor that can never be read (nohup's write-only stdin,
            // a hung-up terminal): stop reading it, or poll() would report it forever.
            if n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK) { atEOF = true }
            break
        }
        var lines: [String] = []
        while let nl = buffer.firstIndex(of: UInt8(ascii: "\n")) {
            lines.append(String(decoding: buffer[..<nl], as: UTF8.self))
            buffer.removeSubrange(...nl)
        }
        if buffer.count > Self.maxLineLength {
            lines.append(String(decoding: buffer.prefix(Self.maxLineLength), as: UTF8.self))
            buffer.removeAll()
        }
        if atEOF && !buffer.isEmpty {
            lines.append(String(decoding: buffer, as: UTF8.self))
            buffer.removeAll()
        }
        return lines
    }
}
