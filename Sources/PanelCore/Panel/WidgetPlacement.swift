import ControlWidgets
import Graphics
import PanelLayout
import PanelProtocol

/// Where a widget sits, in design pixels and on the physical screen (scaled, letterboxed and
/// turned as the panel is shown): what `knob-panel layout` prints, so tests can aim touches
/// without measuring PNGs. Widgets of pages not shown are placed as they would be shown.
public struct WidgetPlacement {
    public let id: String
    public let type: String
    public let pageID: String
    public let pageIndex: Int
    /// The widget's frame (design pixels).
    public let frame: Rect
    /// The round part touches aim at (a knob's circle, design pixels); nil for other widgets.
    public let round: RoundArea?
    /// The frame on the physical screen (pixels; a panel's `rotation` turns it).
    public let screenFrame: Rect
    /// The round part on the physical screen.
    public let screenRound: RoundArea?
}

extension PanelController {
    /// Every widget of every page, in file order.
    public func placements() throws(GraphicsError) -> [WidgetPlacement] {
        var out: [WidgetPlacement] = []
        for (index, page) in scene.panel.pages.enumerated() {
            for spec in page.widgets {
                let view: any WidgetView
                if index == scene.pageIndex, let shown = scene.widget(id: spec.id) { view = shown }
                else { view = try WidgetCatalog.makeView(spec, theme: scene.panel.theme, locale: scene.panel.locale) }
                let round = view.roundArea
                out.append(WidgetPlacement(
                    id: spec.id, type: spec.type, pageID: page.id, pageIndex: index, frame: view.frame, round: round,
                    screenFrame: screenRect(view.frame),
                    screenRound: round.map { RoundArea(center: screenPoint($0.center), radius: $0.radius * scene.mapping.scale, clockwise: $0.clockwise) }))
            }
        }
        return out
    }

    /// A design point on the physical screen.
    public func screenPoint(_ p: Point) -> Point { rotation.toPhysical(scene.mapping.toScreen(p)) }

    /// A design rectangle on the physical screen (quarter turns keep it a rectangle).
    public func screenRect(_ r: Rect) -> Rect {
        let a = screenPoint(Point(x: r.minX, y: r.minY)), b = screenPoint(Point(x: r.maxX, y: r.maxY))
        return Rect(x: Swift.min(a.x, b.x), y: Swift.min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    }
}

extension WidgetPlacement {
    /// The placement as one JSON object (`layout --json` lines, the studio's hover data):
    /// ids, page, frames in design and screen pixels, and the round area when there is one.
    public func json(shownPage: Int) -> String {
        func rect(_ r: Rect) -> [Double] { [r.x, r.y, r.width, r.height] }
        var line = JSONLineWriter()
        line.add("widget", id)
        line.add("type", type)
        line.add("page", pageID)
        line.add("pageIndex", pageIndex)
        line.add("shown", pageIndex == shownPage)
        line.add("frame", rect(frame))
        line.add("screenFrame", rect(screenFrame))
        if let r = round, let s = screenRound {
            line.add("center", [r.center.x, r.center.y])
            line.add("radius", r.radius)
            line.add("clockwise", r.clockwise)
            line.add("screenCenter", [s.center.x, s.center.y])
            line.add("screenRadius", s.radius)
        }
        return line.line
    }
}
