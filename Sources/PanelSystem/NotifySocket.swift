#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// systemd's notification protocol spoken directly (sd_notify(3) documents it as stable):
/// one datagram of `KEY=VALUE` lines to the AF_UNIX socket named by `$NOTIFY_SOCKET` (a path,
/// or `@name` in the abstract namespace). Linking libsystemd for this pulled in libgcrypt,
/// lz4, zstd and lzma as well: about 1 MiB of resident pages for a 60-byte message.
package struct NotifySocket {
    private var address = sockaddr_un()
    private var length: socklen_t = 0

    /// nil when the panel was not started by systemd with Type=notify (or the name is unusable).
    package init?(environment name: String? = NotifySocket.variable("NOTIFY_SOCKET")) {
        guard let name, name.hasPrefix("/") || name.hasPrefix("@") else { return nil }
        var bytes = Array(name.utf8)
        if bytes[0] == UInt8(ascii: "@") { bytes[0] = 0 }   // abstract namespace
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else { return nil }
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
        }
        length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (bytes[0] == 0 ? 0 : 1))
    }

    /// Sends one message; failures are ignored, as sd_notify's callers do (the service
    /// manager may be gone during shutdown).
    package func send(_ message: String) {
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return }
        defer { close(fd) }
        var address = address
        let bytes = Array(message.utf8)
        _ = withUnsafePointer(to: &address) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { sa in
                sendto(fd, bytes, bytes.count, Int32(MSG_NOSIGNAL), sa, length)
            }
        }
    }

    /// `$WATCHDOG_USEC` in seconds when the watchdog is meant for this process
    /// (`$WATCHDOG_PID` unset or ours), as sd_watchdog_enabled(3) decides.
    package static func watchdogInterval(usec: String? = variable("WATCHDOG_USEC"), pid: String? = variable("WATCHDOG_PID"),
                                 ownPID: Int32 = getpid()) -> Double? {
        guard let usec, let value = UInt64(usec), value > 0 else { return nil }
        if let pid, Int32(pid) != ownPID { return nil }
        return Double(value) / 1e6
    }

    package static func variable(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
