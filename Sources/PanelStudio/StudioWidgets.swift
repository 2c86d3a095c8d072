import Graphics
import PanelLayout
import PanelCore
import PanelProtocol
import ControlWidgets

/// What the page shows when the pointer rests on a widget: `layout --json`'s data (id, type,
/// page, frame and screen frame, a knob's centre and radius) with the widget's current state
/// (as `list` reports it), so a test script can be written without measuring.
package enum StudioWidgets {
    package static var schemaText: String { PanelSchema.jsonSchemaText(WidgetCatalog.kinds) }

    package static func json(_ controller: PanelController) -> String {
        let scene = controller.scene
        let panel = scene.panel
        var head = JSONLineWriter()
        head.add("panel", panel.name)
        head.add("size", [Double(panel.designWidth), Double(panel.designHeight)])
        head.add("screen", [Double(controller.rotation.physicalWidth), Double(controller.rotation.physicalHeight)])
        head.add("scale", scene.mapping.scale)
        head.add("offset", [scene.mapping.offsetX, scene.mapping.offsetY])
        head.add("rotation", panel.rotation)
        head.add("screenRotation", controller.rotation.degrees)
        head.add("page", panel.pages[scene.pageIndex].id)
        let items = (try? controller.placements())?.map { $0.json(shownPage: scene.pageIndex) } ?? []
        // Current values, as the protocol's `list` gives them.
        let client = CapturingClient()
        controller.execute(PanelCommand(.list), at: 0, from: client)
        var w = JSONLineWriter()
        w.addRaw("panel", head.line)
        w.addRaw("widgets", "[" + items.joined(separator: ",") + "]")
        w.addRaw("list", client.lines.first ?? "null")
        return w.line
    }
}
