import ControlWidgets
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

/// `render` without `--time`: play the script, then run until no widget animates.
/// A linear-return knob with 4 positions rests at multiples of 90°; dragged to 30° and
/// released at t = 0.4 s it returns to 0° at 30°/s (timeScale 1), so it is at rest at 1.4 s.
@Suite struct RunToRestTests {
    static func session(_ script: String) throws -> OffscreenSession {
        let text = """
        { "panel": "R", "size": [400, 300], "pages": [ { "id": "p", "widgets": [
          { "id": "k", "type": "knob", "mode": "linearReturn", "positions": 4, "frame": [100, 50, 200, 200] } ] } ] }
        """
        let c = try PanelController(panel: try PanelLoader(kinds: WidgetCatalog.kinds).parse(text, file: "r.json").get(), screenWidth: 400, screenHeight: 300)
        return OffscreenSession(controller: c, inputs: try InputScript.parse(script, file: "s").get())
    }

    static let drag = """
    {"t":0.10,"type":"touch_down","id":0,"widget":"k","angle":0,"radius":0.8}
    {"t":0.30,"type":"touch_motion","id":0,"widget":"k","angle":30,"radius":0.8}
    {"t":0.40,"type":"touch_up","id":0}
    """

    @Test func playsTheScriptAndWaitsForTheReturnAnimation() throws {
        let session = try Self.session(Self.drag)
        let rest = try session.runToRest()
        #expect(rest.settled)
        // At rest from 1.4 s (frame 84): that frame paints the end state; the next is not needed.
        #expect(abs(rest.time - 1.4) <= 1.0 / 60 + 1e-9)
        let knob = session.controller.scene.widget(id: "k") as! KnobView
        #expect(!knob.isAnimating(at: rest.time))
        #expect(abs(KnobMath.degrees(knob.model.displayedPosition(at: rest.time))) < 1e-9)
        #expect(!session.controller.wantsFrame(at: rest.time + 1))
    }

    @Test func withoutInputItIsTheFirstFrame() throws {
        let session = try Self.session("")
        let rest = try session.runToRest()
        #expect(rest.settled && rest.time == 0)
    }

    /// The return takes 1 s; a limit of 0.5 s cuts it off at the last vsync within 0.4 + 0.5 s.
    @Test func theSettleLimitCutsLongAnimationsOff() throws {
        let session = try Self.session(Self.drag)
        let rest = try session.runToRest(settleLimit: 0.5)
        #expect(!rest.settled)
        #expect(abs(rest.time - 0.9) < 1e-9)
    }
}
