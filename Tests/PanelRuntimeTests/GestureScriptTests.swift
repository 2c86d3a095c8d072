import ControlWidgets
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

/// Gestures driven by input scripts on the virtual clock, through the same router and
/// controller as the display. Geometry for every test: a 200×200 knob at (100, 50), so its
/// centre is (200, 150) and radius 100. Angles: the knob's position is counterclockwise-
/// positive on screen (clockwise = false); a touch's polar angle is measured
/// counterclockwise from 3 o'clock, so the top of the knob is 90°. The cases that are only
/// "this script prints these events" are scenario files (tests/scenarios/knob-*.json).
@Suite struct GestureScriptTests {
    struct Run {
        let controller: PanelController
        let events: [String]
        var knob: KnobView { controller.scene.widget(id: "k") as! KnobView }
    }

    static func run(knob properties: String, script: String, until time: Double) throws -> Run {
        let text = """
        { "panel": "G", "size": [400, 300], "pages": [ { "id": "p", "widgets": [
          { "id": "k", "type": "knob", "frame": [100, 50, 200, 200] \(properties.isEmpty ? "" : ", " + properties) } ] } ] }
        """
        let run = try ScriptedPanel.run(layout: text, script: script, until: time)
        return Run(controller: run.controller, events: run.events)
    }

    /// (position, positionIndex, source) of every valueChanged line, in order.
    static func values(_ events: [String]) -> [(Double, Int, String)] {
        events.filter { $0.contains("\"valueChanged\"") }.compactMap { line in
            guard case .success(let node) = JSONReader.parse(line),
                  let p = node["position"]?.numberValue, let i = node["positionIndex"]?.numberValue,
                  let s = node["source"]?.stringValue else { return nil }
            return (p, Int(i), s)
        }
    }

    static func point(polarDegrees a: Double, radius r: Double = 90) -> (Double, Double) {
        let rad = a * .pi / 180
        return (200 + r * cos(rad), 150 - r * sin(rad))
    }

    /// Linear return with 6 positions (60° apart). The finger turns the knob to 50°; on
    /// release it returns to the nearest position, 60° (index 60/360·6 = 1), at the
    /// reference's π/6 rad/s = 30°/s: 10° take 1/3 s. Sampled on the virtual clock:
    /// 0.1 s after release 53°, 0.2 s → 56°, from 1/3 s on 60°.
    @Test func linearReturnSnapsAtThirtyDegreesPerSecond() throws {
        let (x, y) = Self.point(polarDegrees: 140)
        let script = """
        {"t":0.10,"type":"touch_down","id":0,"x":200,"y":60}
        {"t":0.20,"type":"touch_motion","id":0,"x":\(x),"y":\(y)}
        {"t":0.50,"type":"touch_up","id":0}
        """
        let r = try Self.run(knob: #""mode": "linearReturn", "positions": 6"#, script: script, until: 0.5)
        let v = Self.values(r.events)
        #expect(abs(v[0].0 - 50) < 1e-6)
        #expect(v.last!.0 == 60 && v.last!.1 == 1)            // the release reports the resting position
        let model = r.knob.model
        for (dt, expected) in [(0.0, 50.0), (0.1, 53.0), (0.2, 56.0), (0.3, 59.0), (1.0 / 3 + 1e-9, 60.0), (0.5, 60.0)] {
            #expect(abs(KnobMath.degrees(model.displayedPosition(at: 0.5 + dt)) - expected) < 1e-6, "at +\(dt) s")
        }
        #expect(model.isAnimating(at: 0.6))
        #expect(!model.isAnimating(at: 0.5 + 1.0 / 3 + 1e-6))
    }

    /// timeScale 2 halves the speed (π/6/timeScale): the same 10° take 2/3 s.
    @Test func timeScaleSlowsTheReturn() throws {
        let (x, y) = Self.point(polarDegrees: 140)
        let r = try Self.run(knob: #""mode": "linearReturn", "positions": 6, "timeScale": 2"#, script: """
        {"t":0.10,"type":"touch_down","id":0,"x":200,"y":60}
        {"t":0.20,"type":"touch_motion","id":0,"x":\(x),"y":\(y)}
        {"t":0.50,"type":"touch_up","id":0}
        """, until: 0.5)
        #expect(abs(KnobMath.degrees(r.knob.model.displayedPosition(at: 0.5 + 1.0 / 3)) - 55) < 1e-6)
        #expect(r.knob.model.animationEndTime.map { abs($0 - (0.5 + 2.0 / 3)) < 1e-9 } == true)
    }

    /// Wheel of fortune, 4 positions: segments of 90°, strips of 10 % at the boundaries,
    /// threshold 0.9·π/4 = 40.5° from a segment's centre. Released at 43° (inside the strip)
    /// it returns to the strip's inner edge, 40.5°, in 2.5°/30°/s = 1/12 s; released at 30°
    /// (outside) it stays.
    @Test func wheelOfFortuneReturnsOnlyFromTheStrips() throws {
        for (released, rest) in [(43.0, 40.5), (30.0, 30.0)] {
            let (x, y) = Self.point(polarDegrees: 90 + released)
            let r = try Self.run(knob: #""mode": "wheelOfFortune", "positions": 4"#, script: """
            {"t":0.10,"type":"touch_down","id":0,"x":200,"y":60}
            {"t":0.20,"type":"touch_motion","id":0,"x":\(x),"y":\(y)}
            {"t":0.50,"type":"touch_up","id":0}
            """, until: 0.5)
            let last = Self.values(r.events).last!
            #expect(abs(last.0 - rest) < 1e-6, "released at \(released)")
            #expect(last.1 == 0)
            if released == 43 {
                #expect(abs(KnobMath.degrees(r.knob.model.displayedPosition(at: 0.5 + 1.0 / 24)) - 41.75) < 1e-6)
            }
        }
    }

    /// A touch belongs to the knob it went down on, even when the finger leaves it: the
    /// finger goes far outside the knob (and the screen) and the knob keeps following.
    /// Touches that start outside the knob do nothing.
    @Test func touchStaysWithItsKnob() throws {
        let r = try Self.run(knob: #""mode": "continuous""#, script: """
        {"t":0.05,"type":"touch_down","id":1,"x":20,"y":20}
        {"t":0.06,"type":"touch_motion","id":1,"x":30,"y":30}
        {"t":0.10,"type":"touch_down","id":0,"x":200,"y":60}
        {"t":0.20,"type":"touch_motion","id":0,"x":-500,"y":150}
        {"t":0.30,"type":"touch_up","id":0}
        {"t":0.31,"type":"touch_up","id":1}
        """, until: 0.5)
        #expect(Self.values(r.events).map { $0.0 } == [90, 90])
        #expect(!r.knob.model.isHighlighted)
    }

    /// While the finger turns the knob it is highlighted (the reference's highlighted state,
    /// which picks the highlighted fill colour).
    @Test func knobIsHighlightedWhileTurning() throws {
        let r = try Self.run(knob: #""mode": "continuous""#, script: """
        {"t":0.10,"type":"touch_down","id":0,"x":200,"y":60}
        {"t":0.20,"type":"touch_motion","id":0,"x":150,"y":70}
        """, until: 0.3)
        #expect(r.knob.model.isHighlighted)
        #expect(r.knob.state == .highlighted)
    }

    /// Two-finger rotation: the knob turns by the change of the angle of the line between the
    /// fingers (minus on a counterclockwise knob). The line from finger 0 (200,100) to finger 1
    /// (200,200) points straight down (90° clockwise from +x on screen); finger 1 moves to
    /// (150,150) → 135°; finger 0 moves to (250,150) → 180°: +90° clockwise, position −90°.
    /// The second finger may land in the knob's square outside its circle (here (295, 245)).
    @Test func twoFingerRotation() throws {
        let r = try Self.run(knob: #""mode": "continuous", "gesture": "twoFingerRotation""#, script: """
        {"t":0.10,"type":"touch_down","id":0,"x":200,"y":100}
        {"t":0.11,"type":"touch_down","id":1,"x":200,"y":200}
        {"t":0.20,"type":"touch_motion","id":1,"x":150,"y":150}
        {"t":0.30,"type":"touch_motion","id":0,"x":250,"y":150}
        {"t":0.40,"type":"touch_up","id":1}
        {"t":0.41,"type":"touch_up","id":0}
        """, until: 0.5)
        let v = Self.values(r.events)
        #expect(abs(v[0].0 - (-45)) < 1e-6)
        #expect(abs(v.last!.0 - (-90)) < 1e-6)
        let corner = try Self.run(knob: #""mode": "continuous", "gesture": "twoFingerRotation""#, script: """
        {"t":0.10,"type":"touch_down","id":0,"x":200,"y":100}
        {"t":0.11,"type":"touch_down","id":1,"x":295,"y":245}
        {"t":0.20,"type":"touch_motion","id":1,"x":105,"y":245}
        """, until: 0.3)
        #expect(Self.values(corner.events).count >= 1)
    }

    /// A knobRadius larger than its square is clamped to it: touches beside the square do
    /// not reach the knob.
    @Test func oversizedKnobRadiusStaysInsideItsSquare() throws {
        let r = try Self.run(knob: #""mode": "continuous", "knobRadius": 5000"#, script: """
        {"t":0.10,"type":"touch_down","id":0,"x":20,"y":150}
        {"t":0.20,"type":"touch_motion","id":0,"x":20,"y":250}
        {"t":0.30,"type":"touch_up","id":0}
        """, until: 0.4)
        #expect(r.events.isEmpty)
        #expect(r.knob.knobRadius == 100)
    }

    /// Every command gets an answer: a label answers with its text (labels take `set text`).
    @Test func getOnALabelAnswersWithItsText() throws {
        let text = """
        { "panel": "G", "size": [400, 300], "pages": [ { "id": "p", "widgets": [
          { "id": "t", "type": "label", "text": "hi", "frame": [0, 0, 100, 30] } ] } ] }
        """
        let c = try PanelController(panel: try PanelLoader(kinds: WidgetCatalog.kinds).parse(text, file: "g.json").get(), screenWidth: 400, screenHeight: 300)
        var lines: [String] = []
        c.emit = { lines.append($0) }
        c.execute(commandLine: #"{"command":"get","widget":"t"}"#, at: 1)
        #expect(lines == [#"{"ok":true,"data":{"widget":"t","type":"label","text":"hi"}}"#])
    }

    /// The mouse drives the knob like a finger: left button down on the knob, drag, up.
    /// Wheel over the knob: continuous steps of 5°. Keys need focus: Tab, then Right = +1°
    /// (one step up), PageUp = +10°, Home = the travel's start.
    @Test func mouseWheelAndKeys() throws {
        let r = try Self.run(knob: #""mode": "continuous""#, script: """
        {"t":0.10,"type":"pointer_motion","x":200,"y":60}
        {"t":0.11,"type":"button","button":"left","state":"pressed"}
        {"t":0.20,"type":"pointer_motion","x":110,"y":150}
        {"t":0.30,"type":"button","button":"left","state":"released"}
        {"t":0.40,"type":"wheel","delta":2}
        {"t":0.50,"type":"key","key":"Right","state":"pressed"}
        {"t":0.60,"type":"key","key":"Tab","state":"pressed"}
        {"t":0.70,"type":"key","key":"Right","state":"pressed"}
        {"t":0.71,"type":"key","key":"Right","state":"released"}
        {"t":0.80,"type":"key","key":"PageUp","state":"pressed"}
        """, until: 1)
        let v = Self.values(r.events).map { ($0.0 * 1000).rounded() / 1000 }
        // Drag to 90; wheel +2 detents = +10 → 100; Right before focus: nothing;
        // after Tab: Right → 101, PageUp → 111.
        #expect(v == [90, 90, 100, 101, 111])
        #expect(r.knob.hasFocus)
    }

    /// A double tap returns to resetOnDoubleTap (degrees: no range), animated at a full turn per second.
    @Test func doubleTapResetsToDefaultPosition() throws {
        let r = try Self.run(knob: #""mode": "continuous", "position": 90, "resetOnDoubleTap": 0"#, script: """
        {"t":0.10,"type":"touch_down","id":0,"x":200,"y":100}
        {"t":0.15,"type":"touch_up","id":0}
        {"t":0.30,"type":"touch_down","id":0,"x":200,"y":100}
        {"t":0.35,"type":"touch_up","id":0}
        """, until: 0.4)
        #expect(Self.values(r.events).map { $0.0 } == [0])
        // 90° at 360°/s: 0.25 s from the second tap's release at 0.35.
        #expect(abs(KnobMath.degrees(r.knob.model.displayedPosition(at: 0.35 + 0.125)) - 45) < 1e-6)
    }
}

import Glibc
