import Glibc
import Testing
import PanelTesting
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

/// The control socket for real: a Unix socket in /tmp, the loop's turns run by the test.
@Suite(.serialized) struct IPCServerTests {
    func make(_ configure: (inout IPCServer.Options) -> Void = { _ in }) throws -> (PanelServices, String, [String]) {
        let path = IPCTest.temporaryPath("ipc.sock")
        var o = PanelServices.Options()
        var ipc = IPCServer.Options(path: path)
        configure(&ipc)
        o.ipc = ipc
        let services = try PanelServices(controller: try IPCTest.controller(), options: o, write: { _ in })
        return (services, path, [])
    }

    @Test func repliesGoToTheAskerAndEventsToEveryone() throws {
        let (services, path, _) = try make()
        defer { services.shutdown(at: 0) }
        var st = stat()
        #expect(lstat(path, &st) == 0 && st.st_mode & 0o777 == 0o660)
        let a = try TestSocket(path: path), b = try TestSocket(path: path)
        var aLines: [String] = [], bLines: [String] = []
        IPCTest.spin(services, turns: 20) { services.ipc?.clientCount == 2 }
        a.write(#"{"command":"set","widget":"k","position":90,"request_id":7}"# + "\n")
        IPCTest.spin(services) {
            aLines += a.readLines().lines; bLines += b.readLines().lines
            return aLines.count >= 2 && bLines.count >= 1
        }
        #expect(aLines.first == #"{"request_id":7,"ok":true,"data":{"widget":"k","type":"knob","position":90,"positionIndex":-1}}"#)
        #expect(aLines.dropFirst().first?.contains(#""widget":"k","event":"valueChanged","position":90"#) == true)
        // b asked nothing: it gets the event only, never a reply.
        #expect(bLines.count == 1 && bLines[0].contains(#""event":"valueChanged""#) && !bLines[0].contains("request_id"))
    }

    @Test func observeNarrowsEvents() throws {
        let (services, path, _) = try make()
        defer { services.shutdown(at: 0) }
        let a = try TestSocket(path: path)
        var lines: [String] = []
        a.write(#"{"command":"observe","widgets":["j"],"request_id":1}"# + "\n")
        a.write(#"{"command":"set","widget":"k","position":10}"# + "\n")
        a.write(#"{"command":"set","widget":"j","position":20}"# + "\n")
        IPCTest.spin(services) { lines += a.readLines().lines; return lines.count >= 4 }
        #expect(lines[0] == #"{"request_id":1,"ok":true,"data":{"widgets":["j"]}}"#)
        #expect(lines.filter { $0.contains("\"event\"") }.count == 1)
        #expect(lines.last?.contains(#""widget":"j","event":"valueChanged""#) == true)
        a.write(#"{"command":"observe","widgets":[]}"# + "\n" + #"{"command":"set","widget":"j","position":30}"# + "\n")
        lines = []
        IPCTest.spin(services) { lines += a.readLines().lines; return lines.count >= 2 }
        IPCTest.spin(services, turns: 5) { false }
        lines += a.readLines().lines
        #expect(lines.count == 2 && lines.allSatisfy { $0.hasPrefix(#"{"ok":true"#) })
    }

    /// A 64 KiB line is refused with one error reply; the rest of it is skipped and the next
    /// line is served normally.
    @Test func overlongLinesAreRejectedAndSkipped() throws {
        let (services, path, _) = try make()
        defer { services.shutdown(at: 0) }
        let a = try TestSocket(path: path)
        var lines: [String] = []
        a.write(#"{"command":"set","widget":"k","position":1,"pad":""# + String(repeating: "x", count: 200_000) + "\"}\n")
        a.write(#"{"command":"get","widget":"k","request_id":2}"# + "\n")
        IPCTest.spin(services, turns: 400) { lines += a.readLines().lines; return lines.count >= 2 }
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix(#"{"ok":false,"error":"request line longer than 65536 bytes ignored"#) == true)
        #expect(lines.last?.hasPrefix(#"{"request_id":2,"ok":true"#) == true)
    }

    /// A client that never reads is disconnected once its queue passes the bound; a last
    /// line says why, and the others keep being served.
    @Test func aClientThatDoesNotReadIsCutOff() throws {
        let (services, path, _) = try make { $0.maxQueuedBytes = 32 * 1024 }
        defer { services.shutdown(at: 0) }
        let sleeper = try TestSocket(path: path)
        let worker = try TestSocket(path: path)
        IPCTest.spin(services, turns: 20) { services.ipc?.clientCount == 2 }
        var workerLines = 0
        // Each set makes an event for both; the sleeper's kernel buffer and queue fill up.
        for round in 0..<400 {
            var batch = ""
            for i in 0..<50 { batch += #"{"command":"set","widget":"k","position":\#((round * 50 + i) % 300)}"# + "\n" }
            worker.write(batch)
            IPCTest.spin(services, turns: 3) { false }
            workerLines += worker.readLines().lines.count
            if services.ipc?.clientCount == 1 { break }
        }
        #expect(services.ipc?.clientCount == 1)
        // The sleeper finally reads: old events, then the goodbye, then end of file.
        var all: [String] = []
        var eof = false
        IPCTest.spin(services, turns: 400) { let r = sleeper.readLines(); all += r.lines; eof = r.eof; return eof }
        #expect(eof)
        #expect(all.last?.hasPrefix(#"{"event":"disconnected","reason":"client did not read its events"#) == true)
        #expect(workerLines > 0)
    }

    @Test func clientLimitRefusesWithALine() throws {
        let (services, path, _) = try make { $0.maxClients = 2 }
        defer { services.shutdown(at: 0) }
        let a = try TestSocket(path: path), b = try TestSocket(path: path)
        IPCTest.spin(services, turns: 20) { services.ipc?.clientCount == 2 }
        let c = try TestSocket(path: path)
        var lines: [String] = []
        var eof = false
        IPCTest.spin(services) { let r = c.readLines(); lines += r.lines; eof = r.eof; return eof }
        #expect(lines == [#"{"ok":false,"error":"too many clients (at most 2); try again later"}"#] && eof)
        _ = (a, b)
    }

    /// Idle connections cannot lock everyone out: when the server is full, a new client
    /// takes the place of the one that has sent nothing for `idleEviction` seconds, and that
    /// one is told why. Before that, the new one is refused as always. (Loop times given.)
    @Test func aFullServerDropsItsLongestIdleClientForANewOne() throws {
        let (services, path, _) = try make { $0.maxClients = 2 }
        defer { services.shutdown(at: 0) }
        func turns(at time: Double, until done: () -> Bool) {
            for _ in 0..<200 where !done() {
                _ = try? services.loop.wait(fixed: [], timeout: 0.005)
                services.loop.dispatch(at: time)
            }
        }
        let a = try TestSocket(path: path)
        turns(at: 0) { services.ipc?.clientCount == 1 }
        let b = try TestSocket(path: path)
        turns(at: 3) { services.ipc?.clientCount == 2 }
        let early = try TestSocket(path: path)
        var earlyLines: [String] = []
        turns(at: 4) { let r = early.readLines(); earlyLines += r.lines; return r.eof }
        #expect(earlyLines == [#"{"ok":false,"error":"too many clients (at most 2); try again later"}"#])
        let late = try TestSocket(path: path)
        late.write(#"{"command":"list","request_id":9}"# + "\n")
        var aLines: [String] = [], lateLines: [String] = []
        turns(at: 6) {
            aLines += a.readLines().lines; lateLines += late.readLines().lines
            return !aLines.isEmpty && !lateLines.isEmpty
        }
        #expect(aLines == [#"{"event":"disconnected","reason":"idle for 6 s while another client needed its place (at most 2 clients)"}"#])
        #expect(lateLines.first?.hasPrefix(#"{"request_id":9,"ok":true"#) == true)
        _ = b
    }

    /// A stale socket file (nobody listening) is replaced; a live one is refused; the file is
    /// removed on shutdown.
    @Test func staleSocketReplacedLiveOneRefused() throws {
        let path = IPCTest.temporaryPath("stale.sock")
        // A stale socket: bound, then its process "died" (closed without unlinking).
        let fd = UnixSocket.make(nonBlocking: false)
        #expect(UnixSocket.bind(fd, UnixSocket.address(path)!) == 0)
        close(fd)
        var o = PanelServices.Options()
        o.ipc = IPCServer.Options(path: path)
        let first = try PanelServices(controller: try IPCTest.controller(), options: o, write: { _ in })
        do {
            _ = try PanelServices(controller: try IPCTest.controller(), options: o, write: { _ in })
            Issue.record("a live socket was taken over")
        } catch {
            #expect((error as? IPCError)?.kind == .liveSocket)
        }
        first.shutdown(at: 0)
        #expect(access(path, F_OK) != 0)
        // Not a socket: never deleted.
        let file = open(path, O_CREAT | O_WRONLY, 0o600); close(file)
        defer { unlink(path) }
        do {
            _ = try PanelServices(controller: try IPCTest.controller(), options: o, write: { _ in })
            Issue.record("a regular file was replaced")
        } catch { #expect((error as? IPCError)?.kind == .badPath) }
    }
}
