import ControlWidgets
import Graphics
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

/// Script lines aimed at a widget (`"widget":"k","angle":A,"radius":F`) instead of x, y.
/// Geometry for every test: a 200×200 knob "k" at (100, 50) without caption, so its circle
/// has centre (200, 150) and radius 100. Angles are measured as the knob's position: 0° at
/// 12 o'clock, counter-clockwise positive (clockwise for a `clockwise` knob).
@Suite struct AimedTouchTests {
    static func controller(knob properties: String) throws -> PanelController {
        try rig(knob: properties).controller
    }

    static func rig(knob properties: String, script: String = "") throws -> ScenarioRig {
        let text = """
        { "panel": "A", "size": [400, 300], "pages": [
          { "id": "p", "widgets": [ { "id": "k", "type": "knob", "frame": [100, 50, 200, 200] \(properties.isEmpty ? "" : ", " + properties) },
                                    { "id": "l", "type": "label", "text": "x", "frame": [0, 0, 100, 40] } ] },
          { "id": "q", "widgets": [ { "id": "other", "type": "knob", "frame": [0, 0, 100, 100] } ] } ] }
        """
        return try ScenarioRig(layout: text, file: "a.json", script: script)
    }

    static func aim(_ widget: String, _ angle: Double, _ radius: Double, down: Bool = true) -> TimedInput {
        TimedInput(time: 0, event: .aimedTouch(AimedTouch(phase: down ? .down : .motion, id: 0, widget: widget, angle: angle, radius: radius)))
    }

    static func point(_ c: PanelController, _ input: TimedInput) throws -> Point {
        guard case let .aimedTouch(a) = input.event else { throw LineError(file: "", line: 0, column: 0, message: "not aimed") }
        return try c.aimPoint(a).get()
    }

    /// Counter-clockwise knob: 90° is 9 o'clock, r = 0.5 → 50 px left of the centre: (150, 150).
    /// Clockwise knob: 90° is 3 o'clock: (250, 150). 0° at r = 0.8 is 80 px above: (200, 70).
    /// A label aims at the circle inscribed in its frame: centre (50, 20), radius 20.
    @Test func aimsFollowTheKnobsAngleConvention() throws {
        let ccw = try Self.controller(knob: "")
        var p = try Self.point(ccw, Self.aim("k", 90, 0.5))
        #expect(abs(p.x - 150) < 1e-9 && abs(p.y - 150) < 1e-9)
        p = try Self.point(ccw, Self.aim("k", 0, 0.8))
        #expect(abs(p.x - 200) < 1e-9 && abs(p.y - 70) < 1e-9)
        let cw = try Self.controller(knob: #""clockwise": true"#)
        p = try Self.point(cw, Self.aim("k", 90, 0.5))
        #expect(abs(p.x - 250) < 1e-9 && abs(p.y - 150) < 1e-9)
        p = try Self.point(ccw, Self.aim("l", 180, 1))
        #expect(abs(p.x - 50) < 1e-9 && abs(p.y - 40) < 1e-9)
    }

    /// Touch at 0° and drag to 60° (both at 0.8 of the radius): the knob follows the finger's
    /// angle from touch-down, so it ends at position 60°, counter-clockwise or clockwise alike,
    /// and the frame at rest is the frame of the same knob set to 60° by a command.
    @Test(arguments: [false, true])
    func anAimedDragTurnsTheKnobToTheAimedAngle(clockwise: Bool) throws {
        let props = #""mode": "continuous", "clockwise": "# + String(clockwise)
        let c = try Self.rig(knob: props, script: """
        {"t":0.10,"type":"touch_down","id":0,"widget":"k","angle":0,"radius":0.8}
        {"t":0.20,"type":"touch_motion","id":0,"widget":"k","angle":30,"radius":0.8}
        {"t":0.30,"type":"touch_motion","id":0,"widget":"k","angle":60,"radius":0.8}
        {"t":0.40,"type":"touch_up","id":0}
        """).runToRest().controller
        let knob = c.scene.widget(id: "k") as! KnobView
        #expect(abs(KnobMath.degrees(knob.model.position) - 60) < 1e-6)

        let reference = try Self.rig(knob: props, script: #"{"t":0,"type":"command","command":{"command":"set","widget":"k","position":60}}"#)
            .runToRest().controller
        let d = try #require(try ImageComparison.compare(expected: reference.frame, actual: c.frame, tolerance: 0))
        #expect(d.differingPixels == 0)
    }

    @Test func aimsAtUnknownOrHiddenWidgetsArePositionedErrors() throws {
        let c = try Self.controller(knob: "")
        let script = """
        {"t":0.1,"type":"touch_down","id":0,"widget":"k","angle":10}

        {"t":0.2,"type":"touch_motion","id":0,"widget":"nope","radius":1}
        {"t":0.3,"type":"touch_down","id":1,"widget":"other"}
        """
        let errors = c.aimErrors(try InputScript.parse(script, file: "s.jsonl").get(), file: "s.jsonl")
        // A widget on another page is not an error before the script plays (a page command
        // may show it first); delivered while its page is hidden, the touch never happens.
        #expect(errors.map(\.description) == ["s.jsonl:3:48: error: no widget 'nope' on this page (widgets: k, l)"])
        if case .failure(let e) = c.aimPoint(AimedTouch(phase: .down, id: 1, widget: "other", angle: 0, radius: 0.5, line: 4, column: 46)) {
            #expect(e.message == "widget 'other' is on page 'q', which is not shown")
        } else {
            Issue.record("an aim at a hidden widget resolved")
        }
    }

    @Test func theParserChecksTheFormOfAims() throws {
        func error(_ line: String) -> String? {
            if case .failure(let e) = InputScript.parseLine(line, file: "s", line: 1) { return e.description }
            return nil
        }
        let ok = InputScript.parseLine(#"{"t":0,"type":"touch_motion","id":2,"widget":"k","angle":-45.5,"radius":0.25}"#, file: "s", line: 7)
        #expect(try ok.get().event == .aimedTouch(AimedTouch(phase: .motion, id: 2, widget: "k", angle: -45.5, radius: 0.25, line: 7, column: 46)))
        // Without angle and radius: the centre.
        #expect(try InputScript.parseLine(#"{"t":0,"type":"touch_down","id":0,"widget":"k"}"#, file: "s", line: 1).get().event
                == .aimedTouch(AimedTouch(phase: .down, id: 0, widget: "k", line: 1, column: 44)))
        #expect(error(#"{"t":0,"type":"touch_down","id":0,"widget":"k","x":1,"y":2}"#) == "s:1:52: error: give either 'x' and 'y' or 'widget', not both")
        #expect(error(#"{"t":0,"type":"touch_down","id":0,"x":1,"y":2,"angle":3}"#) == "s:1:55: error: 'angle' aims at a widget: give 'widget' too")
        #expect(error(#"{"t":0,"type":"touch_down","id":0,"widget":"k","radius":11}"#)?.hasPrefix("s:1:57: error: 'radius' must be 0...10") == true)
        #expect(error(#"{"t":0,"type":"touch_down","id":0,"widget":"k","angle":2e6}"#)?.hasPrefix("s:1:56: error: 'angle' must be within") == true)
        #expect(error(#"{"t":0,"type":"touch_up","id":0,"widget":"k"}"#) == "s:1:33: error: unknown key 'widget' for 'touch_up'")
        #expect(error(#"{"t":0,"type":"touch_down","id":0,"widget":5}"#) == "s:1:44: error: 'widget' must be a string, found a number")
    }
}
