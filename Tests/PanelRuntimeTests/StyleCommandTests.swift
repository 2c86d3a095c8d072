import ControlWidgets
import Graphics
import PanelLayout
import Testing
@testable import PanelProtocol
@testable import PanelCore
@testable import PanelMQTT

/// The `style` command: its replies and errors, what hidden and disabled mean to touches and
/// to the picture, and that styles are saved, restored and kept over a reload.
@Suite struct StyleCommandTests {
    static let text = #"""
    {"panel":"p","size":[400,300],"pages":[{"id":"a","widgets":[
     {"id":"k","type":"knob","mode":"continuous","range":[0,10],"frame":[0,0,200,200]},
     {"id":"b","type":"button","title":"Go","frame":[220,20,120,60]},
     {"id":"s","type":"spinbox","range":[0,10],"value":3,"frame":[220,120,160,60]},
     {"id":"note","type":"label","text":"Hi","frame":[0,220,200,40]}
    ]}]}
    """#

    static func controller() throws -> (PanelController, Lines) {
        let c = try PanelController(panel: try PanelLoader(kinds: WidgetCatalog.kinds).parse(text, file: "p.json").get(), screenWidth: 400, screenHeight: 300)
        let lines = Lines()
        c.emit = { lines.all.append($0) }
        return (c, lines)
    }
    final class Lines { var all: [String] = [] }

    @Test func repliesAndEvents() throws {
        let (c, lines) = try Self.controller()
        c.execute(commandLine: ##"{"command":"style","widget":"b","tint":"#3478f6","request_id":1}"##, at: 1)
        #expect(lines.all == [##"{"request_id":1,"ok":true,"data":{"widget":"b","type":"button","visible":true,"enabled":true,"tint":"#3478f6"}}"##,
                              ##"{"t":1,"widget":"b","event":"styleChanged","visible":true,"enabled":true,"tint":"#3478f6","source":"program"}"##])
        // The tint rebuilt the button with it.
        #expect((c.scene.widget(id: "b") as? ButtonView)?.chrome.tint == Color(RGBA(hex: "#3478f6")!))
        lines.all = []
        for (cmd, want) in [(##"{"command":"style","widget":"b","tnt":"#000000"}"##, "did you mean 'tint'"),
                            (#"{"command":"style","widget":"b"}"#, "nothing to style"),
                            (#"{"command":"style","widget":"b","visible":1}"#, "'visible' must be true or false"),
                            (#"{"command":"style","widget":"b","tint":"blue"}"#, "must be a colour"),
                            (##"{"command":"style","widget":"note","tint":"#ff0000"}"##, "a label has no tint"),
                            (#"{"command":"style","widget":"bb","visible":false}"#, "did you mean 'b'")] {
            lines.all = []
            c.execute(commandLine: cmd, at: 2)
            #expect(lines.all.first?.contains(want) == true, "\(cmd) -> \(lines.all)")
        }
    }

    /// Hidden: not in the shown list (not drawn), a touch on it goes to nothing. Disabled: a
    /// touch does nothing; a spinbox's own `enabled` follows, a label is drawn faded instead.
    @Test func hiddenAndDisabledTakeNoTouches() throws {
        let (c, lines) = try Self.controller()
        c.execute(commandLine: #"{"command":"style","widget":"b","visible":false}"#, at: 0)
        #expect(!c.scene.widgets.contains { $0.id == "b" })
        lines.all = []
        c.deliver(.touchDown(id: 1, x: 280, y: 50), at: 0.1)
        c.deliver(.touchUp(id: 1), at: 0.2)
        #expect(lines.all.isEmpty)
        c.execute(commandLine: #"{"command":"style","widget":"s","enabled":false}"#, at: 0.3)
        #expect((c.scene.widget(id: "s") as? SpinboxView)?.model.isEnabled == false)
        #expect(!c.scene.isDimmed(c.scene.widget(id: "s")!))   // it draws its own disabled look
        lines.all = []
        c.deliver(.touchDown(id: 1, x: 370, y: 150), at: 0.4)
        c.deliver(.touchUp(id: 1), at: 0.5)
        #expect(lines.all.isEmpty)
        c.execute(commandLine: #"{"command":"style","widget":"note","enabled":false}"#, at: 0.6)
        #expect(c.scene.isDimmed(c.scene.widget(id: "note")!))
        // Back again: the button takes its tap.
        c.execute(commandLine: #"{"command":"style","widget":"b","visible":true}"#, at: 0.7)
        lines.all = []
        c.deliver(.touchDown(id: 1, x: 280, y: 50), at: 0.8)
        c.deliver(.touchUp(id: 1), at: 0.9)
        #expect(lines.all.contains { $0.contains(#""widget":"b","event":"clicked""#) })
    }

    /// A hidden widget leaves the picture: the pixel under the button is the background's.
    @Test func hiddenIsNotDrawn() throws {
        let (c, _) = try Self.controller()
        func pixel() throws -> Color { try c.snapshot(shown: true).pixel(x: 280, y: 50) }
        _ = c.renderFrame(at: 0)
        let shown = try pixel()
        c.execute(commandLine: #"{"command":"style","widget":"b","visible":false}"#, at: 0)
        _ = c.renderFrame(at: 0.1)
        let hidden = try pixel()
        #expect(shown != hidden)
        c.execute(commandLine: #"{"command":"style","widget":"b","visible":true}"#, at: 0.2)
        _ = c.renderFrame(at: 0.3)
        #expect(try pixel() == shown)
    }

    /// Saved with the values, restored on a new controller (a restart), kept over a reload.
    @Test func savedRestoredAndKeptOverReload() throws {
        let (c, _) = try Self.controller()
        c.execute(commandLine: ##"{"command":"style","widget":"s","visible":false,"tint":"#34c759"}"##, at: 0)
        c.execute(commandLine: #"{"command":"set","widget":"s","value":7}"#, at: 0)
        let state = c.savedState()
        #expect(state.json.contains(##""styles":[{"id":"s","visible":false,"enabled":true,"tint":"#34c759"}]"##), "\(state.json)")
        let read = try SavedState.parse(state.json).get()
        #expect(read == state)
        let (fresh, _) = try Self.controller()
        fresh.restore(read, at: 0)
        #expect(fresh.scene.style(of: "s") == WidgetStyle(tint: "#34c759", visible: false, enabled: true))
        #expect(!fresh.scene.widgets.contains { $0.id == "s" })
        #expect((fresh.scene.widget(id: "s") as? SpinboxView)?.model.value == 7)   // the rebuilt spinbox kept its value
        try fresh.replacePanel(fresh.scene.panel, at: 1)
        #expect(fresh.scene.style(of: "s").visible == false)
        #expect((fresh.scene.widget(id: "s") as? SpinboxView)?.chrome.tint == Color(RGBA(hex: "#34c759")!))
        // A damaged style entry costs only itself.
        let damaged = try SavedState.parse(#"{"version":1,"panel":"p","widgets":[],"styles":[{"id":"s","visible":"no"},{"id":"b","enabled":false}]}"#).get()
        #expect(damaged.styles == ["b": WidgetStyle(enabled: false)] && damaged.skipped.count == 1)
    }

    /// MQTT: a JSON `style` payload on the widget's `set` topic runs as the command does.
    @Test func styleOverMQTT() throws {
        let (c, _) = try Self.controller()
        let request = try MQTTSetPayload.command(Array(#"{"command":"style","enabled":false}"#.utf8), widget: c.scene.widget(id: "k")!).get()
        #expect(request.command == PanelCommand(.widget(id: "k", WidgetCommand("style", ["enabled": .bool(false)]))))
        c.execute(request.command, line: request.line, at: 0, from: nil)
        #expect(c.scene.style(of: "k").enabled == false)
    }
}
