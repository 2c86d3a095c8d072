import Glibc
import PanelLayout
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
import ControlWidgets

/// Issue 23, item 12: every channel's commands produce events with its own `source`
/// (docs/protocol.md, "Who changed it: `source`"). Before, stdin, the socket, the studio and
/// scripts all said `program`. One running panel (PanelServices with stdin on a pipe and the
/// control socket), each channel sending a `set`, the loop's turns run by the test.
@Suite(.serialized) struct EventSourceTests {
    static let panelText = """
    { "panel": "E", "size": [400, 300], "pages": [ { "id": "p", "widgets": [
      { "id": "k", "type": "knob", "mode": "continuous", "frame": [0, 0, 150, 150] },
      { "id": "phone", "type": "knob", "mode": "rotaryDial", "frame": [160, 0, 240, 240] },
      { "id": "b", "type": "button", "title": "B", "frame": [20, 220, 100, 60] } ] } ] }
    """

    final class Panel {
        let services: PanelServices
        let socketPath = IPCTest.temporaryPath("sources.sock")
        let stdinWrite: Int32
        var stdout: [String] = []
        init() throws {
            var fds: [Int32] = [0, 0]
            _ = pipe(&fds)
            stdinWrite = fds[1]
            var o = PanelServices.Options()
            o.commandFD = fds[0]
            o.ipc = IPCServer.Options(path: socketPath)
            let panel = try PanelLoader(kinds: WidgetCatalog.kinds).parse(EventSourceTests.panelText, file: "e.json").get()
            let controller = try PanelController(panel: panel, screenWidth: 400, screenHeight: 300)
            weak var box: Panel?
            services = try PanelServices(controller: controller, options: o, write: { box?.stdout.append($0) })
            box = self
        }
        deinit { services.shutdown(at: 0); close(stdinWrite) }
        var controller: PanelController { services.controller }

        /// The `source` of the last `event` of `widget` on stdout, after running the loop until one arrives.
        func source(of event: String, _ widget: String, after count: Int = 0) -> String? {
            IPCTest.spin(services) { events(event, widget).count > count }
            guard let line = events(event, widget).last, case .success(let node) = JSONReader.parse(line) else { return nil }
            return node["source"]?.stringValue
        }
        func events(_ event: String, _ widget: String) -> [String] {
            stdout.filter { $0.contains(#""widget":"\#(widget)","event":"\#(event)""#) }
        }
    }

    @Test func everyChannelNamesItselfInSource() throws {
        let p = try Panel()
        let line = #"{"command":"set","widget":"k","position":10}"# + "\n"
        _ = line.withCString { write(p.stdinWrite, $0, strlen($0)) }
        #expect(p.source(of: "valueChanged", "k") == "stdin")

        let socket = try TestSocket(path: p.socketPath)
        socket.write(#"{"command":"set","widget":"k","position":20}"# + "\n")
        #expect(p.source(of: "valueChanged", "k", after: 1) == "socket")

        let reply = StudioInput.deliver(#"{"t":0,"type":"command","command":{"command":"set","widget":"k","position":30}}"#,
                                        to: p.controller, at: 1, later: { { _ in } })
        #expect(reply?.status == 200)
        #expect(p.source(of: "valueChanged", "k", after: 2) == "studio")

        let script = try InputScript.parse(#"{"t":0,"type":"command","command":{"command":"set","widget":"k","position":40}}"#, file: "s.jsonl").get()
        p.services.add(ScriptPlayer(controller: p.controller, inputs: script))
        #expect(p.source(of: "valueChanged", "k", after: 3) == "script")

        // A finger: the button's tap.
        p.controller.deliver(.touchDown(id: 0, x: 70, y: 250), at: 2)
        p.controller.deliver(.touchUp(id: 0), at: 2.1)
        #expect(p.source(of: "clicked", "b") == "user")
        #expect(p.events("valueChanged", "k").count == 4)
    }

    /// A dial number sent while the dial turns waits and starts later, from the loop, not
    /// from the command: its `dialed` still names the socket that sent it.
    @Test func aQueuedDialNumberKeepsItsChannel() throws {
        let p = try Panel()
        let socket = try TestSocket(path: p.socketPath)
        socket.write(#"{"command":"dial","widget":"phone","number":3}"# + "\n" + #"{"command":"dial","widget":"phone","number":5}"# + "\n")
        #expect(p.source(of: "dialed", "phone") == "socket")
        // Both requests read and answered (the loop's time share may leave the second for a
        // later turn), so 5 waits in the dial's queue.
        var replies: [String] = []
        IPCTest.spin(p.services) {
            replies += socket.readLines().lines.filter { $0.hasPrefix(#"{"ok":"#) }
            return replies.count >= 2
        }
        #expect(replies.count == 2, "\(replies)")
        // Dialling 3 winds 120° and back at 300°/s: 0.8 s; then 5 starts on its own.
        for k in 0...120 { p.controller.advance(to: Double(k) / 60) }
        let dialed = p.events("dialed", "phone")
        #expect(dialed.count == 2)
        #expect(dialed.last?.contains(#""number":5,"source":"socket""#) == true, "\(dialed)")
    }
}
