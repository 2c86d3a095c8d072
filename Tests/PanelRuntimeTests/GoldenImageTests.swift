import Foundation
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

/// Whole-frame comparisons against reference PNGs. On mismatch the test writes
/// NAME-actual.png and NAME-diff.png next to the expected file. Set KNOB_UPDATE_GOLDEN=1
/// to regenerate the references on purpose (then look at them before committing).
@Suite struct GoldenImageTests {
    static let goldenDir = String(#filePath.dropLast("GoldenImageTests.swift".count)) + "Golden/"
    static let repoRoot = String(#filePath.dropLast("Tests/PanelRuntimeTests/GoldenImageTests.swift".count))

    /// At most 0.2 % of the pixels may differ by more than 24 in a channel (PanelTesting's
    /// `Golden`: the rule of `knob-panel compare`, and the update switch).
    static func compare(_ frame: ImageSurface, name: String, channelTolerance: Int = 24, maxBadFraction: Double = 0.002) throws {
        let failures = try Golden.check(frame, against: goldenDir + name + ".png", tolerance: channelTolerance,
                                        maxPixels: Golden.pixels(maxBadFraction, of: frame))
        for failure in failures { Issue.record(Comment(rawValue: "\(name): \(failure)")) }
    }

    @Test func demoPanelAt640x400() throws {
        let panel = try PanelLoader(kinds: WidgetCatalog.kinds).load(path: Self.repoRoot + "panels/demo.json").get()
        let c = try PanelController(panel: panel, screenWidth: 640, screenHeight: 400)
        try OffscreenSession(controller: c, inputs: []).run(until: 0)
        try Self.compare(c.frame, name: "demo-640x400")
    }

    /// The product panels as shipped: the 7-inch room panel at its own size, the studio demo at
    /// its design size (values, scales, upright titles, buttons, toggles, a bound label).
    /// The light theme's thermostat: flat knob with its caption inside, mdi: icons on a label,
    /// a light and segments.
    @Test(arguments: [("panels/room-800x480.json", 800, 480, "room-800x480"), ("panels/demo.json", 1280, 800, "demo-1280x800"),
                      ("panels/thermostat-light.json", 480, 480, "thermostat-light-480x480")])
    func productPanels(path: String, width: Int, height: Int, name: String) throws {
        let panel = try PanelLoader(kinds: WidgetCatalog.kinds).load(path: Self.repoRoot + path).get()
        let c = try PanelController(panel: panel, screenWidth: width, screenHeight: height)
        try OffscreenSession(controller: c, inputs: []).run(until: 0)
        try Self.compare(c.frame, name: name)
    }

    /// The appliance examples at their own sizes, as shipped: the amplifier (dB volume, tone
    /// faders filled from 0, meters at −14 and −17 dB), the lab supply (fine knobs, steppers,
    /// keypad, measured readouts) and the light square thermostat.
    @Test(arguments: [("panels/amplifier.json", 1024, 600, "amplifier-1024x600"),
                      ("panels/power-supply.json", 800, 480, "power-supply-800x480"),
                      ("panels/thermostat-light.json", 480, 480, "thermostat-light-480x480")])
    func appliancePanels(path: String, width: Int, height: Int, name: String) throws {
        let panel = try PanelLoader(kinds: WidgetCatalog.kinds).load(path: Self.repoRoot + path).get()
        let c = try PanelController(panel: panel, screenWidth: width, screenHeight: height)
        try OffscreenSession(controller: c, inputs: []).run(until: 0)
        try Self.compare(c.frame, name: name)
    }

    /// The wall panel at 07:30 UTC on 1 December 2026 (08:30 in its Europe/Berlin clocks),
    /// with a day of temperatures in its chart (a point every 5 minutes, 19.3…22 °C) and the
    /// bound readouts set as an integrator would.
    @Test func wallPanelAt1024x600() throws {
        let panel = try PanelLoader(kinds: WidgetCatalog.kinds).load(path: Self.repoRoot + "panels/wall-panel.json").get()
        let c = try PanelController(panel: panel, screenWidth: 1024, screenHeight: 600, wallClock: WallClock(unixTimeAtZero: 1_796_110_200))
        c.advance(to: 0)
        for i in 0..<288 {
            let phase = Double(i) / 288 * 2 * Double.pi
            let v = 20.6 + 1.3 * sin(phase - 2.2) + 0.15 * sin(phase * 7)
            c.execute(commandLine: #"{"command":"append","widget":"history","value":\#(v),"t":\#(Double(i * 300 - 86100))}"#, at: 0)
        }
        c.execute(commandLine: #"{"command":"set","widget":"temperature","text":"21.4 °C"}"#, at: 0)
        c.execute(commandLine: #"{"command":"set","widget":"humidity","text":"46 %"}"#, at: 0)
        // The doorbell's snapshot as its topic carries it (the JPEG bytes), and the last ring.
        let snapshot = try Picture.read(path: Self.repoRoot + "tests/fixtures/pictures/doorbell-320x240.jpg")
        #expect(c.receiveBound(topic: "home/doorbell/snapshot", payload: snapshot, at: 0, from: ImageBindingTests.MQTTLike()).isEmpty)
        c.execute(commandLine: #"{"command":"set","widget":"doorLast","text":"Rang at 08:12"}"#, at: 0)
        #expect(c.scene.widget(id: "history")?.snapshot()?["count"] == .integer(288))
        c.invalidateAll()
        c.renderFrame(at: 0.01)
        try Self.compare(c.frame, name: "wall-panel-1024x600")
    }

    /// Every knob mode and option of the gallery, plus a linear-return knob caught mid-return:
    /// released at 38.3° at t = 0.3 s, it returns to 60° at 30°/s, so at t = 0.5 s it shows 44.3°.
    /// (The touches are 80.8 and 83.9 design pixels from the knob's centre (172, 387.4), as they
    /// were from (172, 380.8) before captions were sized by RoundCaption.)
    @Test func knobGalleryMidAnimationAt640x400() throws {
        let panel = try PanelLoader(kinds: WidgetCatalog.kinds).load(path: Self.repoRoot + "panels/knobs.json").get()
        let c = try PanelController(panel: panel, screenWidth: 640, screenHeight: 400)
        let script = """
        {"t":0.10,"type":"touch_down","id":0,"x":172,"y":306.6}
        {"t":0.20,"type":"touch_motion","id":0,"x":120,"y":321.6}
        {"t":0.30,"type":"touch_up","id":0}
        """
        try OffscreenSession(controller: c, inputs: try InputScript.parse(script, file: "s").get()).run(until: 0.5)
        let picker = c.scene.widget(id: "picker") as! KnobView
        #expect(abs(KnobMath.degrees(picker.model.displayedPosition(at: 0.5)) - (38.318385 + 6)) < 0.01)
        try Self.compare(c.frame, name: "knobs-640x400-t0.5")
    }

    /// The rotary dial of panels/phone.json at rest, and mid-wind: `dial 0` at t = 0.1 turns
    /// 330° out and back at 300°/s, so at t = 0.9 the dial has turned 240° clockwise (holes
    /// over other digits, shadows turned with them).
    @Test(arguments: [(0.0, "phone-800x480-rest"), (0.9, "phone-800x480-wind240")])
    func phoneDial(time: Double, name: String) throws {
        let panel = try PanelLoader(kinds: WidgetCatalog.kinds).load(path: Self.repoRoot + "panels/phone.json").get()
        let c = try PanelController(panel: panel, screenWidth: 800, screenHeight: 480)
        let script = #"{"t":0.1,"type":"command","command":{"command":"dial","widget":"phone","number":0}}"#
        try OffscreenSession(controller: c, inputs: try InputScript.parse(script, file: "s").get()).run(until: time)
        let dial = c.scene.widget(id: "phone") as! KnobView
        #expect(abs(KnobMath.degrees(dial.model.displayedPosition(at: time)) + (time > 0 ? 240 : 0)) < 1e-6)
        try Self.compare(c.frame, name: name)
    }
}
