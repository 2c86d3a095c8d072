#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import PanelSystem

/// Lines waiting to be written to a non-blocking descriptor. Bytes are consumed by index
/// (never removed from the front one by one), and the queue knows whether it sits in the
/// middle of a line, so a goodbye line can follow the partly written one cleanly.
package struct OutputQueue {
    private var bytes: [UInt8] = []
    private var start = 0

    package init() {}

    package var count: Int { bytes.count - start }
    package var isEmpty: Bool { start == bytes.count }
    /// Bytes the buffer holds on to (an emptied queue keeps up to 1 MiB for reuse).
    package var capacity: Int { bytes.capacity }

    package mutating func append(_ line: String) {
        bytes.append(contentsOf: line.utf8)
        bytes.append(UInt8(ascii: "\n"))
    }

    /// Raw bytes (an HTTP response, a Server-Sent Event), queued as they are.
    package mutating func append(bytes: [UInt8]) { bytes.isEmpty ? () : self.bytes.append(contentsOf: bytes) }

    /// Drops every whole line not yet started, keeping the rest of a partly written one.
    package mutating func dropUnstartedLines() {
        guard start > 0, start < bytes.count, bytes[start - 1] != UInt8(ascii: "\n"),
              let nl = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else {
            bytes.removeAll(); start = 0; return
        }
        bytes.removeSubrange((nl + 1)...)
    }

    package enum Flush { case done, wouldBlock, failed(Int32) }

    /// Writes at most `limit` bytes; stops when the descriptor would block.
    /// `useSend`: a socket (send with MSG_NOSIGNAL); otherwise write (pipes; SIGPIPE is ignored).
    package mutating func flush(to fd: Int32, limit: Int, useSend: Bool = true) -> Flush {
        var budget = limit
        while !isEmpty && budget > 0 {
            let want = Swift.min(count, budget)
            let outcome = syscall(nonBlocking: true) {
                bytes.withUnsafeBytes {
                    useSend ? Syscalls.send(fd, $0.baseAddress! + start, want, Int32(MSG_NOSIGNAL)) : Syscalls.write(fd, $0.baseAddress! + start, want)
                }
            }
            switch outcome {
            case .done(let n) where n > 0: start += n; budget -= n; continue
            case .done: return .failed(EPIPE)
            case .wouldBlock: compact(); return .wouldBlock
            case .failed(let e): return .failed(e.code)
            }
        }
        compact()
        return isEmpty ? .done : .wouldBlock
    }

    /// Reclaims written bytes once they are most of the buffer (amortised linear).
    private mutating func compact() {
        // An emptied queue keeps a small buffer only: many connections that each once held
        // megabytes (event streams behind) must not keep them all.
        if start == bytes.count { bytes.removeAll(keepingCapacity: bytes.capacity <= 256 * 1024); start = 0 }
        else if start > 64 * 1024 && start * 2 > bytes.count { bytes.removeSubrange(0..<start); start = 0 }
    }
}
