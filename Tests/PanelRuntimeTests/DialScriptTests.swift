import ControlWidgets
import Foundation
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

/// The rotary dial driven by input scripts on the virtual 60 Hz clock. Geometry: a dial
/// frame of 260×260 at (70, 20), so its centre is (200, 150), R = 130, f = 22 and the
/// default margin (130 − 4.86·22)/2.93 = 7.877, which puts the hole centres 100.12 from
/// the centre. Hole j (digit (j + 1) % 10) is at polar 45° + 30°·j (counterclockwise from 3
/// o'clock); the stop at −30°. Dialling n winds (n + 1)·30° (0: 330°) at 300°/s and back.
/// The 45° threshold is tests/scenarios/dial-*-drag-*.json.
@Suite struct DialScriptTests {
    struct Run {
        let controller: PanelController
        let events: [String]
        var dial: KnobView { controller.scene.widget(id: "phone") as! KnobView }
        func named(_ name: String) -> [String] { events.filter { $0.contains("\"event\":\"\(name)\"") } }
    }

    static func run(_ properties: String = "", script: String, until time: Double) throws -> Run {
        let text = """
        { "panel": "D", "size": [400, 300], "pages": [ { "id": "p", "widgets": [
          { "id": "phone", "type": "knob", "mode": "rotaryDial", "frame": [70, 20, 260, 260] \(properties.isEmpty ? "" : ", " + properties) },
          { "id": "volume", "type": "knob", "frame": [0, 0, 60, 60] } ] } ] }
        """
        let run = try ScriptedPanel.run(layout: text, script: script, until: time)
        return Run(controller: run.controller, events: run.events)
    }

    /// A touch point at polar angle `a` degrees, `r` from the dial's centre.
    static func p(_ a: Double, r: Double = 100) -> String {
        let rad = a * .pi / 180
        return "\"x\":\(200 + r * cos(rad)),\"y\":\(150 - r * sin(rad))"
    }

    /// A drag from hole `digit` (at `from`°) clockwise to `to`°, in steps of 10°.
    static func drag(from: Double, to: Double, start t: Double) -> String {
        var lines = ["{\"t\":\(t),\"type\":\"touch_down\",\"id\":0,\(p(from))}"]
        var a = from, time = t
        while a > to { a = max(to, a - 10); time += 0.02; lines.append("{\"t\":\(time),\"type\":\"touch_motion\",\"id\":0,\(p(a))}") }
        lines.append("{\"t\":\(time + 0.02),\"type\":\"touch_up\",\"id\":0}")
        return lines.joined(separator: "\n")
    }

    /// Drags from holes 3 (105°), 7 (225°) and 0 (315°) round to the stop (−15° for the
    /// hole's centre, where it meets the stop): each completes its number once, with source
    /// user, between trackingBegan and trackingEnded, after valueChanged with position 0.
    @Test(arguments: [(3, 105.0), (7, 225.0), (0, 315.0)])
    func dragsToTheStopDial(digit: Int, angle: Double) throws {
        let r = try Self.run(script: Self.drag(from: angle, to: -15, start: 0.1), until: 5)
        #expect(r.named("dialed").count == 1)
        #expect(r.named("dialed").first?.hasSuffix("\"event\":\"dialed\",\"number\":\(digit),\"source\":\"user\"}") == true)
        let names = r.events.compactMap { line -> String? in
            guard case .success(let n) = JSONReader.parse(line) else { return nil }
            return n["event"]?.stringValue
        }
        #expect(names.first == "trackingBegan" && names.last == "trackingEnded")
        #expect(names.suffix(3) == ["valueChanged", "dialed", "trackingEnded"])
        #expect(r.dial.model.position == 0 && r.dial.model.lastNumberDialed == digit)
        #expect(!r.dial.isAnimating(at: 5))
    }

    /// The tap gesture: a tap on hole 7 dials 7; a tap 40 px from the centre (inside the
    /// dead zone 0.294 × 260 = 76.4) does nothing, nor a tap on the dead spot at 345°.
    @Test func taps() throws {
        let r = try Self.run(#""gesture": "tap""#, script: """
        {"t":0.1,"type":"touch_down","id":0,\(Self.p(225))}
        {"t":0.15,"type":"touch_up","id":0}
        {"t":3.0,"type":"touch_down","id":0,\(Self.p(225, r: 40))}
        {"t":3.05,"type":"touch_up","id":0}
        {"t":3.1,"type":"touch_down","id":0,\(Self.p(345))}
        {"t":3.15,"type":"touch_up","id":0}
        """, until: 4)
        #expect(r.named("dialed") == ["{\"t\":0.15,\"widget\":\"phone\",\"event\":\"dialed\",\"number\":7,\"source\":\"user\"}"])
        #expect(!r.dial.isAnimating(at: 3.2))
    }

    /// Dialling 0 runs 2 × 330° / 300°/s = 2.2 s from t = 0.15; a drag that starts at 1.0
    /// is ignored (no tracking, no second dial); the same drag at 2.5 dials.
    @Test func inputDuringTheAnimationIsIgnored() throws {
        let r = try Self.run(#""gesture": "oneFingerRotation""#, script: """
        {"t":0.1,"type":"command","command":{"command":"dial","widget":"phone","number":0}}
        \(Self.drag(from: 105, to: -15, start: 1.0))
        \(Self.drag(from: 105, to: -15, start: 2.5))
        """, until: 5)
        #expect(r.named("dialed").count == 2)
        #expect(r.named("trackingBegan").count == 1)
        #expect(r.named("dialed").last?.contains("\"number\":3,\"source\":\"user\"") == true)
    }

    /// A `dial` command in a script: dialed with source script at the line's time; the
    /// dial shows −150° (5 winds 180° in 0.6 s; 0.5 s after the start it has turned 150°).
    @Test func dialCommandInAScript() throws {
        let r = try Self.run(script: """
        {"t":0.5,"type":"command","command":{"command":"dial","widget":"phone","number":5}}
        """, until: 1.0)
        #expect(r.named("dialed") == ["{\"t\":0.5,\"widget\":\"phone\",\"event\":\"dialed\",\"number\":5,\"source\":\"script\"}"])
        #expect(abs(r.dial.model.displayedPosition(at: 1.0) + 150 * .pi / 180) < 1e-9)
    }

    /// Command errors: a number outside 0…9 or not whole, a missing number, a knob that is
    /// not a dial, and `set position` on a dial (a dial is dialled, not set).
    @Test func commandErrors() throws {
        let r = try Self.run(script: "", until: 0)
        var lines: [String] = []
        r.controller.emit = { lines.append($0) }
        for cmd in [#"{"command":"dial","widget":"phone","number":10}"#, #"{"command":"dial","widget":"phone","number":2.5}"#,
                    #"{"command":"dial","widget":"phone"}"#, #"{"command":"dial","widget":"volume","number":3}"#,
                    #"{"command":"set","widget":"phone","position":30}"#] {
            r.controller.execute(commandLine: cmd, at: 1)
        }
        #expect(lines.count == 5 && lines.allSatisfy { $0.contains("\"error\"") })
        #expect(lines[0].contains("'number' must be a whole number from 0 to 9"))
        #expect(lines[2].contains("'dial' needs a 'number'"))
        #expect(lines[3].contains("has no command 'dial'"))
        #expect(lines[4].contains("unknown key 'position'"))
    }
}

/// The layout checker's dial minimum and the dial's geometry use the same rule.
@Test func layoutAndGeometryAgreeOnTheSmallestDial() {
    for f in [10.0, 22, 30, 44.5] {
        #expect((KnobDescriptor.rotaryDialMinimumSideFactor * f).rounded(.up) == RotaryDialGeometry.minimumSide(fingerHoleRadius: f))
    }
}
