import PanelLayout
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

/// A panel from layout text, driven by an input script on the virtual 60 Hz clock through the
/// same router and controller as the display, with every event line it emitted: the rig the
/// dial, gesture and slider script tests share.
struct ScriptedPanel {
    let controller: PanelController
    let events: [String]

    static func run(layout text: String, script: String, until time: Double,
                    width: Int = 400, height: Int = 300) throws -> ScriptedPanel {
        let panel = try PanelLoader.parse(text, file: "panel.json").get()
        let controller = try PanelController(panel: panel, screenWidth: width, screenHeight: height)
        var events: [String] = []
        controller.emit = { events.append($0) }
        let inputs = try InputScript.parse(script, file: "s.jsonl").get()
        try OffscreenSession(controller: controller, inputs: inputs).run(until: time)
        return ScriptedPanel(controller: controller, events: events)
    }
}
