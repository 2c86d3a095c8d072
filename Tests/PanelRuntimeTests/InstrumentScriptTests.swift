import ControlWidgets
import Graphics
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

/// Meters and gauges through the whole runtime on the virtual clock: commands in, events and
/// replies out, frames wanted only while something moves, goldens of the instrument panel.
@Suite struct InstrumentScriptTests {
    /// A [0, 100] meter holding its peak 1 s and falling 50 a second, and a [0, 8000] gauge.
    static let panelText = #"""
    {"panel":"p","size":[400,300],"pages":[{"id":"a","widgets":[
     {"id":"vu","type":"meter","frame":[10,10,40,280],"segments":20,"peakHold":1,"peakFall":50,"showValue":true,
      "zones":[{"to":70,"color":"#34c759"},{"to":90,"color":"#ffcc00"},{"color":"#ff3b30"}]},
     {"id":"rpm","type":"gauge","frame":[100,10,280,280],"range":[0,8000],"valueFormat":"%.0f","unit":"rpm"}
    ]}]}
    """#

    static func controller() throws -> (PanelController, () -> [String]) {
        let c = try PanelController(panel: try PanelLoader(kinds: WidgetCatalog.kinds).parse(panelText, file: "p.json").get(), screenWidth: 400, screenHeight: 300)
        final class Box { var lines: [String] = [] }
        let box = Box()
        c.emit = { box.lines.append($0) }
        return (c, { box.lines })
    }

    static func frame(_ c: PanelController, at t: Double) {
        c.advance(to: t)
        if c.wantsFrame(at: t) { c.renderFrame(at: t) }
    }

    /// 80 at t = 0, 20 at 0.1: the marker holds 80 to 1.0 s, then falls 50 a second onto the bar
    /// at 1 + (80 − 20) / 50 = 2.2 s. While it holds the panel wants no frame and wakes once,
    /// at 1.0; while it falls it wants every frame; from 2.2 on, none and no wake-up at all.
    @Test func peakFallsOnTheClockAndWakeUpsStopAtRest() throws {
        let (c, _) = try Self.controller()
        Self.frame(c, at: 0)
        c.execute(commandLine: #"{"command":"set","widget":"vu","value":80}"#, at: 0.0)
        Self.frame(c, at: 0.016)
        c.execute(commandLine: #"{"command":"set","widget":"vu","value":20}"#, at: 0.1)
        Self.frame(c, at: 0.116)
        Self.frame(c, at: 0.133)
        #expect(!c.wantsFrame(at: 0.5))
        #expect(c.nextWidgetChange(after: 0.5) == 1.0)
        var framesWhileFalling = 0
        var t = 1.0
        while t < 2.5 {
            c.advance(to: t)
            if c.wantsFrame(at: t) { c.renderFrame(at: t); if t < 2.2 { framesWhileFalling += 1 } }
            t += 1.0 / 60
        }
        // (2.2 − 1.0) × 60 = 72 frames of fall.
        #expect(framesWhileFalling >= 70 && framesWhileFalling <= 73, "\(framesWhileFalling)")
        let vu = try #require(MeterDescriptor.view(c.scene.widget(id: "vu")!))
        #expect(abs((vu.model.peakLevel(at: 1.6) ?? 0) - 0.5) < 1e-9)   // 80 − 50 × 0.6 = 50
        Self.frame(c, at: 2.6)
        #expect(!c.wantsFrame(at: 3) && c.nextWidgetChange(after: 3) == nil)
    }

    @Test func setIsClampedReportedAndAnsweredByGet() throws {
        let (c, lines) = try Self.controller()
        c.execute(commandLine: #"{"command":"set","widget":"rpm","value":9500}"#, at: 1)
        #expect(lines().contains { $0.contains(#""widget":"rpm","event":"valueChanged","value":8000"#) }, "\(lines())")
        c.execute(commandLine: #"{"command":"get","widget":"rpm"}"#, at: 1)
        #expect(lines().last == #"{"ok":true,"data":{"widget":"rpm","type":"gauge","value":8000}}"#, "\(lines())")
        c.execute(commandLine: #"{"command":"set","widget":"vu","value":-4}"#, at: 1)
        c.execute(commandLine: #"{"command":"get","widget":"vu"}"#, at: 1)
        #expect(lines().last == #"{"ok":true,"data":{"widget":"vu","type":"meter","value":0}}"#, "\(lines())")
        c.execute(commandLine: #"{"command":"set","widget":"vu","on":true}"#, at: 1)
        #expect(lines().last?.contains(#""ok":false"#) == true, "\(lines())")
        // An animated needle wants frames for its glide (8000 → 0: 270°, 0.75 s), then none.
        c.execute(commandLine: #"{"command":"set","widget":"rpm","value":0,"animated":true}"#, at: 2)
        Self.frame(c, at: 2)
        #expect(c.wantsFrame(at: 2.5))
        Self.frame(c, at: 2.8); Self.frame(c, at: 2.82)
        #expect(!c.wantsFrame(at: 3) && c.nextWidgetChange(after: 3) == nil)
    }

    /// The instrument panel (panels/instruments.json) with values set, the peaks held, at its
    /// design size and at 2×.
    @Test func instrumentsGoldenAt1x() throws { try Self.instrumentsGolden(size: (1024, 600)) }
    @Test func instrumentsGoldenAt2x() throws { try Self.instrumentsGolden(size: (2048, 1200)) }

    static func instrumentsGolden(size: (Int, Int)) throws {
        let panel = try PanelLoader(kinds: WidgetCatalog.kinds).load(path: GoldenImageTests.repoRoot + "panels/instruments.json").get()
        let c = try PanelController(panel: panel, screenWidth: size.0, screenHeight: size.1)
        let script = """
        {"t":0.05,"type":"command","command":{"command":"set","widget":"left","value":-2.5}}
        {"t":0.05,"type":"command","command":{"command":"set","widget":"right","value":-4}}
        {"t":0.10,"type":"command","command":{"command":"set","widget":"left","value":-9.5}}
        {"t":0.10,"type":"command","command":{"command":"set","widget":"right","value":-14}}
        {"t":0.10,"type":"command","command":{"command":"set","widget":"reduction","value":4}}
        {"t":0.10,"type":"command","command":{"command":"set","widget":"rpm","value":3.45}}
        {"t":0.10,"type":"command","command":{"command":"set","widget":"coolant","value":92}}
        {"t":0.10,"type":"command","command":{"command":"set","widget":"output","value":-1}}
        {"t":0.10,"type":"command","command":{"command":"set","widget":"cpu","value":63}}
        {"t":0.15,"type":"command","command":{"command":"set","widget":"output","value":-11.5}}
        """
        try OffscreenSession(controller: c, inputs: try InputScript.parse(script, file: "s").get()).run(until: 0.5)
        try GoldenImageTests.compare(c.frame, name: "instruments-\(size.0)x\(size.1)")
    }
}
