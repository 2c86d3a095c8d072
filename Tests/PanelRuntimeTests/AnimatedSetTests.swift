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

/// Issue 23, item 13: an animated `set` has two moments. `valueChanged` comes at once with the
/// target (what the widget will show); `settled` comes on the first frame at rest, with the
/// resting state and the command's `source` (docs/protocol.md, "An animated `set`: two
/// moments"). On the virtual 60 Hz clock: a knob animated by a full turn per second, so 180°
/// takes 0.5 s; a slider glides for 0.35 s. The knob's cases are scenario files
/// (tests/scenarios/set-*.json); here what a file cannot say (a time within a vsync).
@Suite struct AnimatedSetTests {
    static let layout = """
    { "panel": "A", "size": [400, 300], "pages": [ { "id": "p", "widgets": [
      { "id": "k", "type": "knob", "mode": "continuous", "frame": [0, 0, 200, 200] },
      { "id": "s", "type": "slider", "frame": [200, 0, 200, 200] } ] } ] }
    """

    static func run(_ script: String, until time: Double = 3) throws -> [String] {
        try ScriptedPanel.run(layout: layout, script: script, until: time).events.filter { $0.hasPrefix(#"{"t""#) }
    }

    static func command(_ t: Double, _ body: String) -> String {
        #"{"t":\#(t),"type":"command","command":{"command":"set",\#(body)}}"#
    }

    /// The slider's glide ends at 0.5 + 0.35 = 0.85 s: `settled` on the first vsync at rest.
    @Test func aSliderSettlesWhenItsGlideEnds() throws {
        let events = try Self.run(Self.command(0.5, #""widget":"s","value":1,"animated":true"#))
        #expect(events.count == 2)
        #expect(events.first?.hasPrefix(#"{"t":0.5,"widget":"s","event":"valueChanged","value":1"#) == true)
        let settled = try #require(events.last.flatMap { try? JSONReader.parse($0).get() })
        #expect(settled["event"]?.stringValue == "settled" && settled["value"]?.numberValue == 1)
        let t = try #require(settled["t"]?.numberValue)
        #expect(t >= 0.85 - 1e-9 && t <= 0.85 + 1.0 / 60 + 1e-9, "\(t)")
    }
}
