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

/// The slider gallery against reference PNGs (see GoldenImageTests for the update switch).
@Suite struct SliderGoldenTests {
    static func gallery(width: Int, height: Int) throws -> PanelController {
        let panel = try PanelLoader(kinds: WidgetCatalog.kinds).load(path: GoldenImageTests.repoRoot + "panels/sliders.json").get()
        return try PanelController(panel: panel, screenWidth: width, screenHeight: height)
    }

    @Test func galleryAt800x480() throws {
        let c = try Self.gallery(width: 800, height: 480)
        try OffscreenSession(controller: c, inputs: []).run(until: 0)
        try GoldenImageTests.compare(c.frame, name: "sliders-800x480")
    }

    /// The fan slider (0…4 over 240°, labels Off…Max, snapToLabels) is released between
    /// "Mid" and "High" and caught mid-snap: a touch aimed at 70° clockwise from 12 o'clock
    /// on the track is travel 120 + 70 = 190° (the arc starts at 90 + 60 = 150° from
    /// 3 o'clock, i.e. 240° clockwise from 12). Released at t = 0.3 it glides to 180°
    /// ("High", value 3) in 0.2 s; at t = 0.35 (a quarter of the glide) it shows 190 − 10·(1 − 0.75³) = 184.22°.
    @Test func galleryMidSnapAt1280x800() throws {
        let c = try Self.gallery(width: 1280, height: 800)
        let script = """
        {"t":0.10,"type":"touch_down","id":0,"widget":"fan","angle":70,"radius":1}
        {"t":0.30,"type":"touch_up","id":0}
        """
        try OffscreenSession(controller: c, inputs: try InputScript.parse(script, file: "s").get()).run(until: 0.35)
        let fan = c.scene.widget(id: "fan") as! SliderView
        #expect(fan.model.value == 3)
        #expect(abs(fan.model.displayedTravel(ofHandle: 0, at: 0.35) - (190 - 10 * (1 - 0.75 * 0.75 * 0.75))) < 1e-6)
        try GoldenImageTests.compare(c.frame, name: "sliders-1280x800-t0.35")
    }
}
