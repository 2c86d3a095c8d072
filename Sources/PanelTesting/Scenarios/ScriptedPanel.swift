import PanelCore

/// A panel from layout text, driven by an input script on the virtual 60 Hz clock through the
/// same router and controller as the display, with every event line it emitted: the rig the
/// dial, gesture and slider script tests share.
package struct ScriptedPanel {
    package let controller: PanelController
    package let events: [String]

    package static func run(layout text: String, script: String, until time: Double,
                            width: Int = 400, height: Int = 300) throws -> ScriptedPanel {
        let rig = try ScenarioRig(layout: text, screen: (width, height), script: script).run(until: time)
        return ScriptedPanel(controller: rig.controller, events: rig.events)
    }
}
