import Graphics
import PanelCore
import PanelHost
import PanelLayout
import PanelProtocol
import PanelSystem
import ControlWidgets

/// A panel from layout text on a screen, an input script, the virtual 60 Hz clock, and every
/// event line it emitted: what `knob-panel render PANEL --input SCRIPT --events` does, in
/// process. The scenario files run on it; tests that need more than a file can say (the
/// drawer's front at each vsync, the controller's state between steps) use it directly.
package final class ScenarioRig {
    package let controller: PanelController
    package let session: OffscreenSession
    /// Held by the controller's and session's hooks (not the rig: the controller may outlive it).
    private final class Record {
        var events: [String] = []
        package var frames: [Double] = []
        var onFrame: ((Double) -> Void)?
    }
    private let record = Record()
    package var events: [String] { record.events }
    /// The time of every painted vsync.
    package var frames: [Double] { record.frames }
    /// Called at every painted vsync after `frames` grew (the drawer tests sample there).
    package var onFrame: ((Double) -> Void)? {
        get { record.onFrame }
        set { record.onFrame = newValue }
    }

    /// `script` may be built from the controller (touches chosen on the physical screen).
    package init(layout text: String, file: String = "panel.json", screen: (Int, Int)? = nil,
         wallClock: WallClock = .startingNow(), script: (PanelController) -> String) throws {
        let panel = try PanelLoader(kinds: WidgetCatalog.kinds).parse(text, file: file).get()
        // Without a screen: the design size, turned as the panel is mounted (as `render` does).
        let turned = panel.rotation == 90 || panel.rotation == 270
        let (w, h) = screen ?? (turned ? (panel.designHeight, panel.designWidth) : (panel.designWidth, panel.designHeight))
        controller = try PanelController(panel: panel, screenWidth: w, screenHeight: h, wallClock: wallClock)
        let inputs = try InputScript.parse(script(controller), file: "script.jsonl").get()
        if let aim = controller.aimErrors(inputs, file: "script.jsonl").first { throw aim }
        session = OffscreenSession(controller: controller, inputs: inputs)
        let record = self.record
        controller.emit = { record.events.append($0) }
        session.onFrame = { _, t in record.frames.append(t); record.onFrame?(t) }
    }

    package convenience init(layout text: String, file: String = "panel.json", screen: (Int, Int)? = nil, script: String = "") throws {
        try self.init(layout: text, file: file, screen: screen) { _ in script }
    }

    /// Plays to `time` (the last vsync at or before it); can be called again to go on.
    @discardableResult package func run(until time: Double) throws -> ScenarioRig { try session.run(until: time); return self }

    /// Plays the script, then the clock on until nothing animates (render without --time).
    @discardableResult package func runToRest() throws -> ScenarioRig { _ = try session.runToRest(); return self }

    /// The lines of one event name.
    package func lines(_ name: String) -> [String] { events.filter { $0.contains("\"event\":\"\(name)\"") } }

    /// The frame as the physical screen shows it (what `render --out` writes).
    package func screenFrame() throws -> ImageSurface { try controller.physicalFrame() }

    package func pixel(_ x: Int, _ y: Int) throws -> Color { try controller.physicalFrame().pixel(x: x, y: y) }
}
