import Graphics
import PanelLayout

/// What the page shows when the pointer rests on a widget: `layout --json`'s data (id, type,
/// page, frame and screen frame, a knob's centre and radius) with the widget's current state
/// (as `list` reports it), so a test script can be written without measuring.
enum StudioWidgets {
    static var schemaText: String { PanelSchema.jsonSchemaText }

    static func json(_ controller: PanelController) -> String {
        let scene = controller.scene
        let panel = scene.panel
        var head = JSONLineWriter()
        head.add("panel", panel.name)
        head.add("size", [Double(panel.designWidth), Double(panel.designHeight)])
        head.add("screen", [Double(controller.rotation.physicalWidth), Double(controller.rotation.physicalHeight)])
        head.add("scale", scene.mapping.scale)
        head.add("offset", [scene.mapping.offsetX, scene.mapping.offsetY])
        head.add("rotation", panel.rotation)
        head.add("page", panel.pages[scene.pageIndex].id)
        var items: [String] = []
        if let placements = try? controller.placements() {
            for p in placements {
                var line = JSONLineWriter()
                line.add("widget", p.id)
                line.add("type", p.type)
                line.add("page", p.pageID)
                line.add("pageIndex", p.pageIndex)
                line.add("shown", p.pageIndex == scene.pageIndex)
                line.add("frame", rect(p.frame))
                line.add("screenFrame", rect(p.screenFrame))
                if let r = p.round, let s = p.screenRound {
                    line.add("center", [r.center.x, r.center.y])
                    line.add("radius", r.radius)
                    line.add("clockwise", r.clockwise)
                    line.add("screenCenter", [s.center.x, s.center.y])
                    line.add("screenRadius", s.radius)
                }
                items.append(line.line)
            }
        }
        // Current values, as the protocol's `list` gives them.
        let client = CapturingClient()
        controller.execute(PanelCommand(.list), at: 0, from: client)
        var w = JSONLineWriter()
        w.addRaw("panel", head.line)
        w.addRaw("widgets", "[" + items.joined(separator: ",") + "]")
        w.addRaw("list", client.lines.first ?? "null")
        return w.line
    }

    private static func rect(_ r: Rect) -> [Double] { [r.x, r.y, r.width, r.height] }
}
