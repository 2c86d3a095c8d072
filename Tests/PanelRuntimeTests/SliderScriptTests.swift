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

/// Sliders driven by input scripts on the virtual clock. Geometry: a 200×200 slider at
/// (100, 50), lineWidth 20 and the default largeCircle handle (radius (20 + 10)/2 = 15), so
/// the track's radius is 100 − 15 = 85 around (200, 150). A 270° arc starts at 135°
/// (clockwise from 3 o'clock), so travel t is at screen angle 135 + t. The drag into the
/// gap is tests/scenarios/slider-drag-stops-at-the-gap.json.
@Suite struct SliderScriptTests {
    static func run(_ widget: String, script: String, until time: Double) throws -> (PanelController, [String]) {
        let text = """
        { "panel": "S", "size": [400, 300], "pages": [ { "id": "p", "widgets": [
          { "id": "s", "frame": [100, 50, 200, 200], "lineWidth": 20, \(widget) } ] } ] }
        """
        let run = try ScriptedPanel.run(layout: text, script: script, until: time)
        return (run.controller, run.events)
    }

    static func numbers(_ events: [String], _ event: String, _ key: String) -> [Double] {
        events.filter { $0.contains("\"event\":\"\(event)\"") }.compactMap { line in
            guard case .success(let node) = JSONReader.parse(line) else { return nil }
            return node[key]?.numberValue
        }
    }

    /// A full circle (seam at 6 o'clock, rotation 90): down at the left (screen 180 = travel 90:
    /// 25), over the top to the right (travel 270: 75), down past the seam to the left again
    /// (travel 450: revolution 1 at 25). Events carry `revolutions`; revolutionsChanged once.
    @Test func fullCircleCountsRevolutions() throws {
        let (c, events) = try Self.run(#""type": "slider""#, script: """
        {"t":0.10,"type":"touch_down","id":0,"x":115,"y":150}
        {"t":0.20,"type":"touch_motion","id":0,"x":200,"y":65}
        {"t":0.30,"type":"touch_motion","id":0,"x":285,"y":150}
        {"t":0.40,"type":"touch_motion","id":0,"x":200,"y":235}
        {"t":0.50,"type":"touch_motion","id":0,"x":115,"y":150}
        {"t":0.60,"type":"touch_up","id":0}
        """, until: 1)
        let values = Self.numbers(events, "valueChanged", "value")
        #expect(values.map { ($0 * 1e6).rounded() / 1e6 } == [25, 50, 75, 100, 25])
        #expect(Self.numbers(events, "valueChanged", "revolutions") == [0, 0, 0, 0, 1])
        #expect(Self.numbers(events, "revolutionsChanged", "revolutions") == [1])
        var reply = ""
        c.emit = { reply = $0 }
        c.execute(commandLine: #"{"command":"get","widget":"s"}"#, at: 2)
        #expect(reply.contains(#""ok":true,"data":{"widget":"s","type":"slider","value":25,"revolutions":1}"#), "\(reply)")
    }

    /// Range slider 0…100 on 270°: handles at 0 and 22.22 (60° of 270). A touch at the top
    /// (travel 135, value 50) takes the second handle (75° from it; the first is 135° away).
    /// minimumHandlesDistance 30 px at radius 85 is 30/85 rad = 20.22°: dragged down to the
    /// first handle (screen 135 = travel 0) the second stops 20.22° after it: value 7.49,
    /// published as "%.0f" shows it: 7.
    @Test func rangeSliderKeepsItsHandlesApart() throws {
        let (_, events) = try Self.run(#""type": "rangeSlider", "maximumAngle": 270, "minimumHandlesDistance": 30"#, script: """
        {"t":0.10,"type":"touch_down","id":0,"x":200,"y":65}
        {"t":0.20,"type":"touch_motion","id":0,"x":140,"y":90}
        {"t":0.30,"type":"touch_motion","id":0,"x":140,"y":210}
        {"t":0.40,"type":"touch_up","id":0}
        """, until: 1)
        let second = Self.numbers(events, "valueChanged", "secondValue")
        #expect(abs(second[0] - 50) < 1e-5)
        let stop = 30.0 / 85 * 180 / Double.pi / 270 * 100
        #expect(second.last! == stop.rounded() && stop > 7.48 && stop < 7.5, "\(second)")
        #expect(Self.numbers(events, "valueChanged", "value").allSatisfy { $0 == 0 })
        #expect(events.filter { $0.contains("valueChanged") }.allSatisfy { $0.contains(#""handle":"second""#) })
    }

    /// `set` with animated: the value is reported at once; the handle glides for 0.35 s
    /// (ease-out cubic), half-way in time it shows 1 − 0.5³ = 87.5 % of the way.
    @Test func animatedSetCommand() throws {
        let (c, events) = try Self.run(#""type": "slider", "maximumAngle": 270"#, script: """
        {"t":1.0,"type":"command","command":{"command":"set","widget":"s","value":100,"animated":true}}
        """, until: 1)
        #expect(events.contains { $0.contains(#""event":"valueChanged","value":100,"source":"script""#) })
        let s = c.scene.widget(id: "s") as! SliderView
        #expect(abs(s.model.displayedTravel(ofHandle: 0, at: 1.175) - 270 * 0.875) < 1e-9)
        var reply = ""
        c.emit = { reply = $0 }
        c.execute(commandLine: #"{"command":"set","widget":"s","secondValue":3}"#, at: 2)
        #expect(reply.contains("error") && reply.contains("secondValue"), "\(reply)")
    }
}

@Suite struct SliderExtremeTests {
    /// Edge-of-bounds layouts render and take a drag without trapping: a sliver of an arc,
    /// a line far wider than the slider, a 2-pixel frame, a million endless revolutions.
    @Test func extremeSlidersRenderAndTrack() throws {
        for props in [#""type": "slider", "maximumAngle": 0.000001"#,
                      #""type": "slider", "lineWidth": 1000, "labels": ["a", "b"], "markerCount": 360"#,
                      #""type": "rangeSlider", "maximumAngle": 1, "minimumHandlesDistance": 4096"#,
                      #""type": "slider", "revolutionsCount": 1000000, "currentValue": 1000000000, "minimumValue": -1000000000, "maximumValue": 1000000000"#] {
            for frame in ["[100, 50, 200, 200]", "[0, 0, 2, 2]"] {
                let text = """
                { "panel": "S", "size": [400, 300], "pages": [ { "id": "p", "widgets": [
                  { "id": "s", "frame": \(frame), \(props) } ] } ] }
                """
                let panel = try PanelLoader(kinds: WidgetCatalog.kinds).parse(text, file: "s.json").get()
                let c = try PanelController(panel: panel, screenWidth: 400, screenHeight: 300)
                var lines: [String] = []
                c.emit = { lines.append($0) }
                let script = try InputScript.parse("""
                {"t":0.1,"type":"touch_down","id":0,"widget":"s","angle":10,"radius":1}
                {"t":0.2,"type":"touch_motion","id":0,"widget":"s","angle":200,"radius":1}
                {"t":0.3,"type":"touch_up","id":0}
                {"t":0.4,"type":"wheel","delta":1000}
                """, file: "s").get()
                try OffscreenSession(controller: c, inputs: script).run(until: 1)
                c.execute(commandLine: #"{"command":"set","widget":"s","value":-1000000000,"animated":true}"#, at: 2)
                #expect(!lines.contains { $0.contains("nan") || $0.contains("inf") }, "\(props) \(frame)")
            }
        }
    }
}
