import Foundation
import Testing
import ControlWidgets
import PanelLayout
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

/// The product controls through the whole runtime: touches and keys in, JSON lines out,
/// commands, and labels bound to values.
@Suite struct ControlsProtocolTests {
    /// 400×300 design, no grid. Frames: thermostat knob (0,0,200,200), status label, bound
    /// label, a +1 button with repeat at (220,20,80,60), a toggle at (220,100,160,50), a
    /// segmented control at (20,230,360,50) with three segments of 120.
    static let panelText = #"""
    {"panel":"p","size":[400,300],"pages":[{"id":"a","widgets":[
     {"id":"setpoint","type":"knob","mode":"continuous","circular":false,"min":-135,"max":135,"clockwise":true,
      "range":[16,28],"step":0.5,"valueFormat":"%.1f °C","position":0,"frame":[0,0,200,200]},
     {"id":"status","type":"label","text":"Idle","frame":[0,200,200,20]},
     {"id":"shown","type":"label","bind":"setpoint","frame":[200,200,200,20]},
     {"id":"fahrenheit","type":"label","bind":"setpoint","valueFormat":"%.0f","frame":[200,180,200,20]},
     {"id":"plus","type":"button","title":"+","repeat":true,"frame":[220,20,80,60]},
     {"id":"fan","type":"toggle","title":"Fan","frame":[220,100,160,50]},
     {"id":"input","type":"segmented","titles":["TV","Radio","Aux"],"index":1,"frame":[20,230,360,50]},
     {"id":"mode","type":"label","bind":"input","frame":[0,280,200,20]}
    ]}]}
    """#

    static func controller() throws -> (PanelController, () -> [String], () -> Void) {
        let c = try PanelController(panel: try PanelLoader(kinds: WidgetCatalog.kinds).parse(panelText, file: "p.json").get(), screenWidth: 400, screenHeight: 300)
        final class Box { var lines: [String] = [] }
        let box = Box()
        c.emit = { box.lines.append($0) }
        return (c, { box.lines }, { box.lines.removeAll() })
    }

    static func label(_ c: PanelController, _ id: String) -> String? { (c.scene.widget(id: id) as? LabelView)?.text }

    @Test func labelTextIsSetByCommandAndAnswersGet() throws {
        let (c, lines, clear) = try Self.controller()
        c.execute(commandLine: #"{"command":"set","widget":"status","text":"Heating…"}"#, at: 0)
        #expect(Self.label(c, "status") == "Heating…")
        #expect(lines() == [#"{"ok":true,"data":{"widget":"status","type":"label","text":"Heating…"}}"#])   // the reply; no event
        c.execute(commandLine: #"{"command":"get","widget":"status"}"#, at: 0)
        #expect(lines().last == #"{"ok":true,"data":{"widget":"status","type":"label","text":"Heating…"}}"#)
        clear()
        c.execute(commandLine: #"{"command":"set","widget":"status","txt":"x"}"#, at: 0)
        #expect(lines().first?.contains("did you mean 'text'") == true)
        clear()
        c.execute(commandLine: #"{"command":"set","widget":"status","text":5}"#, at: 0)
        #expect(lines().first?.contains("'text' must be a string") == true)
    }

    /// position 0 is the middle of −135…135: 22 °C. The bound label starts with the knob's
    /// own readout; a `set value` of 21.3 snaps to 21.5 and the labels follow.
    @Test func boundLabelsFollowTheValue() throws {
        let (c, lines, _) = try Self.controller()
        #expect(Self.label(c, "shown") == "22.0 °C")
        #expect(Self.label(c, "fahrenheit") == "22")
        c.execute(commandLine: #"{"command":"set","widget":"setpoint","value":21.3}"#, at: 0)
        #expect(lines().last?.contains(#""value":21.5"#) == true)
        #expect(Self.label(c, "shown") == "21.5 °C")
        #expect(Self.label(c, "fahrenheit") == "22")            // %.0f of 21.5 rounds half away
        #expect(Self.label(c, "mode") == "Radio")
        c.deliver(.touchDown(id: 1, x: 20 + 120 * 2 + 60, y: 255), at: 1)
        c.deliver(.touchUp(id: 1), at: 1.1)
        #expect(Self.label(c, "mode") == "Aux")
    }

    /// Touch down at 1.0, held: pressed at 1.0, repeats at 1.5, 1.6, 1.7; released at 1.75 sends
    /// released and no extra click (it already repeated).
    @Test func buttonEventsAndRepeat() throws {
        let (c, lines, clear) = try Self.controller()
        c.deliver(.touchDown(id: 0, x: 250, y: 50), at: 1.0)
        #expect(lines().map(Self.eventName) == ["pressed"])
        clear()
        for k in 0...48 { c.advance(to: 1.0 + Double(k) / 60) }      // to 1.8 s in vsyncs
        #expect(lines().map(Self.eventName) == ["clicked", "clicked", "clicked", "clicked"])   // 1.5, 1.6, 1.7, 1.8
        clear()
        c.deliver(.touchUp(id: 0), at: 1.85)
        #expect(lines().map(Self.eventName) == ["released"])
        clear()
        // A quick tap clicks once; sliding off before lifting does not click.
        c.deliver(.touchDown(id: 0, x: 250, y: 50), at: 3)
        c.deliver(.touchUp(id: 0), at: 3.1)
        #expect(lines().map(Self.eventName) == ["pressed", "released", "clicked"])
        clear()
        c.deliver(.touchDown(id: 0, x: 250, y: 50), at: 4)
        c.deliver(.touchMotion(id: 0, x: 250, y: 190), at: 4.05)
        c.deliver(.touchUp(id: 0), at: 4.1)
        #expect(lines().map(Self.eventName) == ["pressed", "released"])
        clear()
        c.execute(commandLine: #"{"command":"set","widget":"plus","enabled":false,"request_id":2}"#, at: 5)
        c.deliver(.touchDown(id: 0, x: 250, y: 50), at: 5.1)
        #expect(lines().count == 1 && lines()[0].hasPrefix(#"{"request_id":2,"ok":true,"data":{"widget":"plus","type":"button""#))
        c.execute(commandLine: #"{"command":"get","widget":"plus"}"#, at: 5.2)
        #expect(lines().last?.contains(#""pressed":false,"enabled":false"#) == true)
    }

    @Test func toggleFlipsOnTapKeyAndCommand() throws {
        let (c, lines, clear) = try Self.controller()
        c.deliver(.touchDown(id: 0, x: 300, y: 120), at: 0)
        c.deliver(.touchUp(id: 0), at: 0.1)
        #expect(lines() == [#"{"t":0.1,"widget":"fan","event":"valueChanged","on":true,"source":"user"}"#])
        clear()
        c.execute(commandLine: #"{"command":"set","widget":"fan","on":false}"#, at: 1)
        #expect(lines() == [#"{"ok":true,"data":{"widget":"fan","type":"toggle","on":false}}"#,
                            #"{"t":1,"widget":"fan","event":"valueChanged","on":false,"source":"program"}"#])
        clear()
        c.execute(commandLine: #"{"command":"set","widget":"fan","on":false}"#, at: 1)   // no change: the reply, no event
        #expect(lines() == [#"{"ok":true,"data":{"widget":"fan","type":"toggle","on":false}}"#])
        let fan = try #require(c.scene.widget(id: "fan"))
        fan.hasFocus = true
        #expect(fan.handle(.key(.space), at: 2).first?["on"] == .bool(true))
        c.execute(commandLine: #"{"command":"get","widget":"fan"}"#, at: 2)
        #expect(lines().last == #"{"ok":true,"data":{"widget":"fan","type":"toggle","on":true}}"#)
    }

    @Test func segmentedSelectsByTapKeysAndCommands() throws {
        let (c, lines, clear) = try Self.controller()
        c.deliver(.touchDown(id: 0, x: 30, y: 250), at: 0)
        c.deliver(.touchUp(id: 0), at: 0.1)
        #expect(lines() == [#"{"t":0.1,"widget":"input","event":"valueChanged","index":0,"title":"TV","source":"user"}"#])
        clear()
        let seg = try #require(c.scene.widget(id: "input"))
        #expect(seg.handle(.key(.left), at: 1).isEmpty)                   // already first
        #expect(seg.handle(.key(.end), at: 1).first?["title"] == .string("Aux"))
        c.execute(commandLine: #"{"command":"set","widget":"input","title":"Radio"}"#, at: 2)
        #expect(lines().last?.contains(#""index":1,"title":"Radio","source":"program""#) == true)
        c.execute(commandLine: #"{"command":"set","widget":"input","index":7}"#, at: 3)
        #expect(lines().last?.contains("index 7 is out of range 0...2") == true)
        c.execute(commandLine: #"{"command":"set","widget":"input","title":"DVD"}"#, at: 3)
        #expect(lines().last?.contains("'title' must be one of: TV, Radio, Aux") == true)
    }

    /// Keys reach the knob through focus: Right is one step (0.5 °C), PageUp ten (5 °C).
    @Test func knobKeysStepInValueUnits() throws {
        let (c, lines, clear) = try Self.controller()
        c.deliver(.key("Tab", pressed: true), at: 0)                      // focus: the knob, first in order
        clear()
        c.deliver(.key("Right", pressed: true), at: 0.1)
        #expect(lines().last?.contains(#""value":22.5"#) == true)
        c.deliver(.key("PageUp", pressed: true), at: 0.2)
        #expect(lines().last?.contains(#""value":27.5"#) == true)
        #expect(Self.label(c, "shown") == "27.5 °C")
    }

    static func eventName(_ line: String) -> String {
        guard let r = line.range(of: #""event":""#) else { return "?" }
        return String(line[r.upperBound...].prefix { $0 != "\"" })
    }
}
