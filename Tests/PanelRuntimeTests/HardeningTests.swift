import ControlWidgets
import PanelLayout
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

/// Issue 6: a panel told to stop ends its drags (item 6); replies quote excerpts (item 2).
@Suite struct HardeningTests {
    static func controller() throws -> (PanelController, Box) {
        let text = """
        { "panel": "H", "size": [400, 300], "pages": [ { "id": "p", "widgets": [
          { "id": "k", "type": "knob", "frame": [100, 50, 200, 200] } ] } ] }
        """
        let panel = try PanelLoader(kinds: WidgetCatalog.kinds).parse(text, file: "h.json").get()
        let c = try PanelController(panel: panel, screenWidth: 400, screenHeight: 300)
        let box = Box()
        c.emit = { box.lines.append($0) }
        return (c, box)
    }
    final class Box { var lines: [String] = [] }

    /// A finger down on the knob (centre 200,150) and moved, then the panel stops: the drag
    /// ends as cancelled, so `trackingEnded` goes out; a second cancel has nothing to end.
    @Test func stoppingEndsActiveDrags() throws {
        let (c, out) = try Self.controller()
        let script = """
        {"t":0.10,"type":"touch_down","id":3,"x":200,"y":60}
        {"t":0.20,"type":"touch_motion","id":3,"x":110,"y":150}
        """
        try OffscreenSession(controller: c, inputs: try InputScript.parse(script, file: "s").get()).run(until: 0.3)
        #expect(out.lines.contains { $0.contains("\"trackingBegan\"") })
        #expect(!out.lines.contains { $0.contains("\"trackingEnded\"") })
        c.cancelActiveTouches(at: 0.4)
        #expect(out.lines.last?.contains(#""t":0.4,"widget":"k","event":"trackingEnded""#) == true)
        let count = out.lines.count
        c.cancelActiveTouches(at: 0.5)
        #expect(out.lines.count == count)
    }

    /// A 1 MB bad key, command name or widget id comes back as an 80-character excerpt.
    @Test func errorRepliesQuoteExcerpts() throws {
        let (c, out) = try Self.controller()
        let big = String(repeating: "z", count: 1 << 20)
        c.execute(commandLine: #"{"command":"list","\#(big)":1}"#, at: 0)
        c.execute(commandLine: #"{"command":"\#(big)"}"#, at: 0)
        c.execute(commandLine: #"{"command":"get","widget":"\#(big)"}"#, at: 0)
        c.execute(commandLine: big, at: 0)
        #expect(out.lines.count == 4)
        for line in out.lines {
            #expect(line.count < 300)
            #expect(line.contains("\"error\""))
        }
        #expect(out.lines.prefix(3).allSatisfy { $0.contains("…") })   // the bare word: the reader's own 40-character cut
    }
}
