#if canImport(Glibc)
@preconcurrency import Glibc
#endif
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

/// The notify protocol spoken without libsystemd: the datagram arrives on a path socket and
/// on an abstract one, and the watchdog is ours only when WATCHDOG_PID is unset or our pid.
struct NotifySocketTests {
    /// A datagram socket bound at `name` (a path, or "@…" abstract); returns fd.
    private func listener(_ name: String) -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        var a = sockaddr_un()
        a.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(name.utf8)
        if bytes[0] == UInt8(ascii: "@") { bytes[0] = 0 }
        withUnsafeMutableBytes(of: &a.sun_path) { $0.copyBytes(from: bytes) }
        let len = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (bytes[0] == 0 ? 0 : 1))
        let r = withUnsafePointer(to: &a) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, len) } }
        #expect(r == 0)
        return fd
    }

    private func receive(_ fd: Int32) -> String {
        var buf = [UInt8](repeating: 0, count: 256)
        let n = recv(fd, &buf, buf.count, Int32(MSG_DONTWAIT))
        return n > 0 ? String(decoding: buf[..<n], as: UTF8.self) : ""
    }

    @Test func sendsToPathAndAbstractSockets() throws {
        let path = "/tmp/knob-notify-\(getpid()).sock"
        unlink(path)
        defer { unlink(path) }
        for name in [path, "@knob-notify-\(getpid())"] {
            let fd = listener(name)
            defer { close(fd) }
            let socket = try #require(NotifySocket(environment: name))
            socket.send("READY=1\nSTATUS=showing 'Demo'")
            #expect(receive(fd) == "READY=1\nSTATUS=showing 'Demo'")
        }
    }

    @Test func unusableNamesMeanNoSocket() {
        #expect(NotifySocket(environment: nil) == nil)
        #expect(NotifySocket(environment: "relative/path") == nil)
        #expect(NotifySocket(environment: "/" + String(repeating: "x", count: 200)) == nil)
    }

    @Test func watchdogFollowsUsecAndPid() {
        #expect(NotifySocket.watchdogInterval(usec: "200000", pid: nil, ownPID: 42) == 0.2)
        #expect(NotifySocket.watchdogInterval(usec: "200000", pid: "42", ownPID: 42) == 0.2)
        #expect(NotifySocket.watchdogInterval(usec: "200000", pid: "43", ownPID: 42) == nil)
        #expect(NotifySocket.watchdogInterval(usec: "0", pid: nil, ownPID: 42) == nil)
        #expect(NotifySocket.watchdogInterval(usec: "x", pid: nil, ownPID: 42) == nil)
        #expect(NotifySocket.watchdogInterval(usec: nil, pid: nil, ownPID: 42) == nil)
    }
}
