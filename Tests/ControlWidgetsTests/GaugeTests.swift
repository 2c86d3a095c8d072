import Graphics
import PanelLayout
import Testing
@testable import ControlWidgets

/// The gauge: value → needle angle, the animated set at the knob's rate, its pixels, its
/// shared dial, its layout checks; numbers derived in the comments.
@Suite struct GaugeTests {
    /// Defaults −135°…135° (270°) on [0, 8000]: 2000 is level 0.25 → −135 + 67.5 = −67.5°;
    /// 4000 → 0° (12 o'clock); 9000 is clamped to 8000 → 135°. A [−120°, 120°] scale puts
    /// 6000 at −120 + 0.75 × 240 = 60°.
    @Test func needleAngleFromValue() {
        var m = GaugeModel(reading: InstrumentValue(lo: 0, hi: 8000))
        m.set(2000, animated: false, at: 0); #expect(m.restingAngle == -67.5)
        m.set(4000, animated: false, at: 0); #expect(m.restingAngle == 0)
        m.set(9000, animated: false, at: 0); #expect(m.restingAngle == 135 && m.reading.value == 8000)
        var n = GaugeModel(reading: InstrumentValue(lo: 0, hi: 8000), startAngle: -120, endAngle: 120)
        n.set(6000, animated: false, at: 0); #expect(n.restingAngle == 60)
    }

    /// Animated, at the knob's full turn a second: 0 → 8000 is 270°, 0.75 s; a quarter second
    /// in, the needle is 90° on, at −45°. A set during the glide starts from where it is shown.
    @Test func animatedSetTurnsAFullTurnASecond() {
        var m = GaugeModel(reading: InstrumentValue(lo: 0, hi: 8000))
        m.set(8000, animated: true, at: 1)
        #expect(abs(m.displayedAngle(at: 1.25) - -45) < 1e-9)
        #expect(m.isAnimating(at: 1.74) && !m.isAnimating(at: 1.75) && m.displayedAngle(at: 1.75) == 135)
        m.set(8000, animated: true, at: 1.5)   // same value mid-glide: carries on from 45°
        #expect(abs(m.displayedAngle(at: 1.5) - 45) < 1e-9 && abs(m.displayedAngle(at: 1.6) - 81) < 1e-9)
        m.set(0, animated: false, at: 1.6)
        #expect(!m.isAnimating(at: 1.6) && m.displayedAngle(at: 1.6) == -135)
    }

    static func view(_ json: String = "", shared: SharedLayers = SharedLayers()) throws -> GaugeView {
        let text = #"{"panel":"T","size":[400,400],"pages":[{"id":"p","widgets":[{"id":"g","type":"gauge","frame":[0,0,200,200]"# + json + "}]}]}"
        let panel = try PanelLoader(kinds: WidgetCatalog.kinds).parse(text, file: "t.json", baseDirectory: ".").get()
        return try #require(GaugeDescriptor.view(WidgetCatalog.makeView(panel.pages[0].widgets[0], theme: Theme(), shared: shared)))
    }

    func render(_ v: GaugeView, at time: Double = 0) throws -> ImageSurface {
        let s = try ImageSurface(width: 200, height: 200)
        v.draw(in: DrawingContext(surface: s), mapping: .identity, time: time)
        return s
    }

    /// A 200×200 gauge: centre (100, 100), R = 99. At 50 on [0, 100] the needle points up (0°):
    /// 0.6 R above the centre, (100, 40.6), is the needle's orange-red (#ff5c33); at 0 it points
    /// to −135° and that point is the dark face. The hub covers the centre.
    @Test func needlePixels() throws {
        let v = try Self.view(#","showValue":false,"tickLabels":false,"ticks":0"#)
        _ = try v.apply(WidgetCommand("set", ["value": .number(50)]), at: 0)
        let up = try render(v).pixel(x: 100, y: 41)
        #expect(up.red > 0.8 && up.green < 0.55 && up.blue < 0.4, "\(up)")
        _ = try v.apply(WidgetCommand("set", ["value": .number(0)]), at: 0)
        let face = try render(v).pixel(x: 100, y: 41)
        #expect(face.red < 0.2 && face.green < 0.2 && face.alpha > 0.9, "\(face)")
        // −135° (half past seven) at 0.6 R = 59.4: (100 − 59.4 sin 135°, 100 + 59.4 cos 45°) = (58, 142); pixel (58, 141) has its centre on the needle's axis.
        let down = try render(v).pixel(x: 58, y: 141)
        #expect(down.red > 0.8 && down.green < 0.55, "\(down)")
    }

    /// Arc pointer on [0, 100] with red from 90: at 95 the arc (radius 0.86 R = 85.1) at 12
    /// o'clock, (100, 15), is red; at 40 it ends at −27°, so 12 o'clock shows the dim track.
    @Test func arcPixelsTakeTheZoneColour() throws {
        let v = try Self.view(##","pointer":"arc","showValue":false,"ticks":0,"zones":[{"to":90,"color":"#00ff00"},{"color":"#ff0000"}]"##)
        _ = try v.apply(WidgetCommand("set", ["value": .number(95)]), at: 0)
        let red = try render(v).pixel(x: 100, y: 15)
        #expect(red.red > 0.9 && red.green < 0.1, "\(red)")
        _ = try v.apply(WidgetCommand("set", ["value": .number(40)]), at: 0)
        let dim = try render(v).pixel(x: 100, y: 15)
        #expect(dim.green > 0.15 && dim.green < 0.45 && dim.red < 0.2, "\(dim)")
    }

    /// Two equal gauges build one dial image between them; a value change builds none.
    @Test func equalGaugesShareOneDial() throws {
        let shared = SharedLayers()
        let a = try Self.view(shared: shared), b = try Self.view(shared: shared)
        _ = try render(a); _ = try render(b)
        #expect(shared.builds == 1)
        _ = try a.apply(WidgetCommand("set", ["value": .number(70), "animated": .bool(true)]), at: 0)
        #expect(a.isAnimating(at: 0.1))
        _ = try render(a, at: 0.1)
        #expect(shared.builds == 1)
        #expect(a.snapshot() == WidgetEvent("state", [EventField("value", .number(70))]))
        #expect(GaugeDescriptor.homeAssistant(a)?.component == "sensor")
    }

    @Test func angleMistakesAreReportedAtTheirValue() {
        let text = """
        {"panel": "T", "size": [800, 480], "pages": [{"id": "p", "widgets": [
        {"id": "a", "type": "gauge", "frame": [0, 0, 200, 200], "startAngle": 90, "endAngle": 45},
        {"id": "b", "type": "gauge", "frame": [200, 0, 200, 200], "startAngle": -200, "endAngle": 200},
        {"id": "c", "type": "gauge", "frame": [400, 0, 200, 200], "ticks": 1, "pointer": "hand"}
        ]}]}
        """
        guard case .failure(let errors) = PanelLoader(kinds: WidgetCatalog.kinds).parse(text, file: "t.json", baseDirectory: ".") else {
            Issue.record("bad angles loaded"); return
        }
        let d = errors.diagnostics.map(\.description)
        #expect(d.contains("t.json:2:87: error: 'endAngle': the scale must run clockwise, endAngle 45° above startAngle 90°"), "\(d)")
        #expect(d.contains("t.json:3:91: error: 'endAngle': the scale spans 400°, more than a full turn (360°)"), "\(d)")
        #expect(d.contains { $0.hasPrefix("t.json:4:68: error: 'ticks': 1 tick") }, "\(d)")
        #expect(d.contains { $0.hasPrefix("t.json:4:") && $0.contains("'pointer'") }, "\(d)")
    }
}
