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

/// Issue 23, item 13: an animated `set` has two moments. `valueChanged` comes at once with the
/// target (what the widget will show); `settled` comes on the first frame at rest, with the
/// resting state and the command's `source` (docs/protocol.md, "An animated `set`: two
/// moments"). On the virtual 60 Hz clock: a knob animated by a full turn per second, so 180°
/// takes 0.5 s; a slider glides for 0.35 s.
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

    @Test func theTargetAtOnceAndSettledAtRest() throws {
        let events = try Self.run(Self.command(0.5, #""widget":"k","position":180,"animated":true"#))
        #expect(events == [#"{"t":0.5,"widget":"k","event":"valueChanged","position":180,"positionIndex":-1,"source":"script"}"#,
                           #"{"t":1,"widget":"k","event":"settled","position":180,"positionIndex":-1,"source":"script"}"#])
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

    /// Only an animated `set` that animates settles; an instant one, one that ends the glide,
    /// or a finger taking over the knob sends no `settled`. A second animated set settles once,
    /// at its own target.
    @Test func settledOnlyForAnAnimationThatEndsOnItsOwn() throws {
        #expect(try Self.run(Self.command(0.5, #""widget":"k","position":90"#)).allSatisfy { !$0.contains("settled") })
        #expect(try Self.run(Self.command(0.5, #""widget":"k","position":0,"animated":true"#)).isEmpty)   // already there
        let interrupted = try Self.run([Self.command(0.5, #""widget":"k","position":180,"animated":true"#),
                                        Self.command(0.7, #""widget":"k","position":90"#)].joined(separator: "\n"))
        #expect(interrupted.filter { $0.contains("settled") }.isEmpty && interrupted.count == 2)
        let touched = try Self.run([Self.command(0.5, #""widget":"k","position":180,"animated":true"#),
                                    #"{"t":0.6,"type":"touch_down","id":0,"x":100,"y":20}"#,
                                    #"{"t":0.7,"type":"touch_motion","id":0,"x":20,"y":100}"#,
                                    #"{"t":0.8,"type":"touch_up","id":0}"#].joined(separator: "\n"))
        #expect(touched.filter { $0.contains("settled") }.isEmpty, "\(touched)")
        let twice = try Self.run([Self.command(0.5, #""widget":"k","position":180,"animated":true"#),
                                  Self.command(0.6, #""widget":"k","position":-90,"animated":true"#)].joined(separator: "\n"))
        let settled = twice.filter { $0.contains("settled") }
        #expect(settled.count == 1 && settled[0].contains(#""position":-90"#), "\(twice)")
    }
}
