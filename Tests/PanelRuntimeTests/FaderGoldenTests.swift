import ControlWidgets
import Graphics
import PanelLayout
import Testing
@testable import PanelCore
@testable import PanelHost

/// The fader gallery (panels/faders.json: three ±10 dB tone faders, a level, a fan speed, a
/// balance, a bipolar knob and slider) against reference PNGs at 1× and 2× (see
/// GoldenImageTests for the update switch), and its values through the state file.
@Suite struct FaderGoldenTests {
    static func gallery(width: Int, height: Int) throws -> PanelController {
        let panel = try PanelLoader(kinds: WidgetCatalog.kinds).load(path: GoldenImageTests.repoRoot + "panels/faders.json").get()
        return try PanelController(panel: panel, screenWidth: width, screenHeight: height)
    }

    @Test func galleryAt800x480() throws {
        let c = try Self.gallery(width: 800, height: 480)
        try OffscreenSession(controller: c, inputs: []).run(until: 0)
        try GoldenImageTests.compare(c.frame, name: "faders-800x480")
    }

    @Test func galleryAt1600x960() throws {
        let c = try Self.gallery(width: 1600, height: 960)
        try OffscreenSession(controller: c, inputs: []).run(until: 0)
        try GoldenImageTests.compare(c.frame, name: "faders-1600x960")
    }

    /// Every fader's value is captured for the state file and restored into a fresh panel
    /// through its own `set` (WidgetValues), on its step grid.
    @Test func valuesSurviveTheStateFile() throws {
        let c = try Self.gallery(width: 800, height: 480)
        c.execute(commandLine: #"{"command":"set","widget":"bass","value":-7.3}"#, at: 0)
        let saved = WidgetValues.capture(c.scene.allWidgets)
        #expect(saved.first { $0.id == "bass" }?.fields.first { $0.key == "value" }?.value == .number(-7.5))
        let fresh = try Self.gallery(width: 800, height: 480)
        let restored = WidgetValues.restore(saved, into: fresh.scene.allWidgets, at: 0)
        #expect(restored.contains("bass") && restored.contains("fan"))
        let bass = try #require(fresh.scene.widget(id: "bass").flatMap(FaderDescriptor.view))
        #expect(bass.model.value == -7.5)
    }
}
