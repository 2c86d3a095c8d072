#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import PanelSystem

/// Where the studio listens: an IPv4 address and a port (`127.0.0.1:8080`, `0.0.0.0:8080`,
/// `localhost:8080`). Loopback addresses (127.0.0.0/8) are reachable from this machine only;
/// anything else needs a token (StudioAccess).
public struct ListenAddress: Sendable, Equatable, CustomStringConvertible {
    public var host: String
    public var port: UInt16
    /// The address in network byte order.
    package var ipv4: in_addr_t

    public static let defaultPort: UInt16 = 8080

    /// Parses `HOST:PORT`, `HOST` or `:PORT` (the missing part from 127.0.0.1:8080); port 0
    /// lets the kernel choose (tests).
    public init?(_ text: String) {
        var host = "127.0.0.1", port = Self.defaultPort
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return nil }
        if !parts[0].isEmpty { host = String(parts[0]) }
        if parts.count == 2 {
            guard let p = UInt16(parts[1]) else { return nil }
            port = p
        }
        if host == "localhost" { host = "127.0.0.1" }
        var addr = in_addr()
        guard inet_pton(AF_INET, host, &addr) == 1 else { return nil }
        self.host = host
        self.port = port
        ipv4 = addr.s_addr
    }

    /// 127.0.0.0/8: only this machine can connect.
    public var isLoopback: Bool { UInt32(bigEndian: ipv4) >> 24 == 127 }

    public var description: String { "\(host):\(port)" }

    /// A listening, non-blocking, close-on-exec TCP socket; returns the descriptor and the
    /// port actually bound (port 0 asks the kernel for one).
    package func listen(backlog: Int32 = 64) -> Result<(fd: Int32, port: UInt16), Errno> {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        if fd < 0 { return .failure(Errno(errno)) }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var sa = sockaddr_in()
        sa.sin_family = sa_family_t(AF_INET)
        sa.sin_port = port.bigEndian
        sa.sin_addr = in_addr(s_addr: ipv4)
        let bound = withUnsafePointer(to: &sa) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        if bound != 0 || Glibc.listen(fd, backlog) != 0 { let e = errno; close(fd); return .failure(Errno(e)) }
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &sa) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &len) } }
        return .success((fd, UInt16(bigEndian: sa.sin_port)))
    }
}
