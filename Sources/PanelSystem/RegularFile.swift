#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The one way a running panel reads a whole file (images, its saved state, the studio's
/// layout): opened without blocking and refused unless it is a regular file. A FIFO in place
/// of the file would otherwise stop the loop until someone writes to it, and a terminal or
/// `/proc/self/fd/0` would swallow input meant for another reader.
public enum RegularFile {
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// The errno behind it (ENOENT for a missing file; EINVAL for a file of another kind).
        public let code: Int32
        public let reason: String
        public var description: String { reason }
    }

    /// The file's bytes, at most `limit` (EFBIG beyond).
    public static func read(_ path: String, limit: Int) -> Result<[UInt8], Failure> {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        if fd < 0 { let e = errno; return .failure(Failure(code: e, reason: "open failed: \(String(cString: strerror(e)))")) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { let e = errno; return .failure(Failure(code: e, reason: "fstat failed: \(String(cString: strerror(e)))")) }
        if let kind = problem(mode: st.st_mode) { return .failure(Failure(code: EINVAL, reason: kind)) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            // A regular file never says EAGAIN; if it did, it would be the error it is.
            let outcome = syscall { chunk.withUnsafeMutableBytes { Syscalls.read(fd, $0.baseAddress!, $0.count) } }
            guard case .done(let n) = outcome else {
                let e: Int32 = if case .failed(let failure) = outcome { failure.code } else { EAGAIN }
                return .failure(Failure(code: e, reason: "read failed: \(String(cString: strerror(e)))"))
            }
            if n == 0 { return .success(bytes) }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > limit { return .failure(Failure(code: EFBIG, reason: "larger than \(limit >> 20) MiB")) }
        }
    }

    /// Why a file of this mode is not read, or nil for a regular file.
    public static func problem(mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFIFO: return "not a regular file (a FIFO or pipe, which would block the panel)"
        case S_IFCHR: return "not a regular file (a character device)"
        case S_IFDIR: return "not a regular file (a directory)"
        case S_IFSOCK: return "not a regular file (a socket)"
        default: return "not a regular file"
        }
    }
}
