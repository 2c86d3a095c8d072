import Glibc
import PanelCore
import PanelHost
import PanelLayout
import PanelLoop
import PanelSystem
import ControlWidgets

/// A real Unix socket client for tests, with non-blocking reads of whole lines.
package final class TestSocket {
    package let fd: Int32
    private var pending: [UInt8] = []

    package init(path: String) throws {
        switch UnixSocket.connect(path: path) {
        case .success(let fd): self.fd = fd
        case .failure(let e): throw e
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }
    deinit { close(fd) }

    package func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { send(fd, $0.baseAddress!, $0.count, Int32(MSG_NOSIGNAL)) }
            if n > 0 { bytes = bytes.dropFirst(n) } else if errno == EAGAIN { usleep(1000) } else { return }
        }
    }

    /// Whole lines available now; `eof` once the panel closed the connection.
    package func readLines() -> (lines: [String], eof: Bool) {
        var buf = [UInt8](repeating: 0, count: 65536)
        var eof = false
        while true {
            let n = recv(fd, &buf, buf.count, 0)
            if n > 0 { pending += buf[0..<n]; continue }
            if n == 0 { eof = true }
            break
        }
        var lines: [String] = []
        while let nl = pending.firstIndex(of: 10) {
            lines.append(String(decoding: pending[..<nl], as: UTF8.self))
            pending.removeSubrange(...nl)
        }
        return (lines, eof)
    }
}

package enum IPCTest {
    package static let panelText = #"{"panel":"p","size":[200,200],"pages":[{"id":"a","widgets":[{"id":"k","type":"knob","mode":"continuous","frame":[0,0,100,100]},{"id":"j","type":"knob","mode":"continuous","frame":[100,0,100,100]}]}]}"#

    package static func controller() throws -> PanelController {
        try PanelController(panel: try PanelLoader(kinds: WidgetCatalog.kinds).parse(panelText, file: "p.json").get(), screenWidth: 200, screenHeight: 200)
    }

    package static func temporaryPath(_ name: String) -> String {
        "/tmp/knob-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))-\(name)"
    }

    /// Runs loop turns (no sleeping longer than `step`) until `done` or `turns` run out.
    package static func spin(_ services: PanelServices, turns: Int = 200, step: Double = 0.005, until done: () -> Bool) {
        for i in 0..<turns {
            if done() { return }
            _ = try? services.loop.wait(fixed: [], timeout: step)
            services.loop.dispatch(at: Double(i) * step)
        }
    }
}
