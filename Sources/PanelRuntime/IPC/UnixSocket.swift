#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The raw calls for Unix stream sockets, in one place: address filling, listen, connect.
public enum UnixSocket {
    /// `sockaddr_un` holds at most 107 bytes of path plus the terminating zero.
    static let maxPathLength = 107

    static func address(_ path: String) -> sockaddr_un? {
        let bytes = Array(path.utf8)
        guard !bytes.isEmpty, bytes.count <= maxPathLength, !bytes.contains(0) else { return nil }
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
            raw[bytes.count] = 0
        }
        return addr
    }

    /// A new stream socket (close-on-exec; non-blocking if asked).
    static func make(nonBlocking: Bool) -> Int32 {
        socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | (nonBlocking ? Int32(SOCK_NONBLOCK.rawValue) : 0), 0)
    }

    static func bind(_ fd: Int32, _ addr: sockaddr_un) -> Int32 {
        var a = addr
        return withUnsafePointer(to: &a) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
    }

    static func connect(_ fd: Int32, _ addr: sockaddr_un) -> Int32 {
        var a = addr
        return withUnsafePointer(to: &a) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
    }

    /// Connects to `path` (blocking); returns the descriptor or the errno.
    public static func connect(path: String) -> Result<Int32, Errno> {
        guard let addr = address(path) else { return .failure(Errno(ENAMETOOLONG)) }
        let fd = make(nonBlocking: false)
        if fd < 0 { return .failure(Errno(errno)) }
        if connect(fd, addr) != 0 { let e = errno; close(fd); return .failure(Errno(e)) }
        return .success(fd)
    }

    /// Whether a live process listens at `path`. Non-blocking, so a live panel whose backlog
    /// is full (EAGAIN) counts as live instead of hanging this check; only ECONNREFUSED (the
    /// file of a listener that died) and a missing file mean "stale".
    static func isLive(path: String) -> Bool {
        guard let addr = address(path) else { return false }
        let fd = make(nonBlocking: true)
        if fd < 0 { return false }
        defer { close(fd) }
        if connect(fd, addr) == 0 { return true }
        return errno != ECONNREFUSED && errno != ENOENT
    }
}
