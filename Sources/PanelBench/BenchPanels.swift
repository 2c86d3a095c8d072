import ControlWidgets
import PanelLayout

/// Panels the bench makes itself, at 1280×800 design size, for the phases that need a widget
/// or a page no shipped panel has in the right amount: `count` knobs on one page, a label
/// bound to a topic, an idle page.
package enum BenchPanels {
    /// The topic the bound label reads.
    package static let labelTopic = "bench/label"

    /// A pip knob with a scale and tick labels (bench-console's knob) in `frame`.
    private static func knob(_ id: String, frame: [Int], position: Int) -> String {
        let parts: [String] = [
            #"{ "id": "\#(id)", "type": "knob", "mode": "continuous", "frame": \#(frame), "knobRadius": \#(frame[2] / 3), "#,
            #""circular": false, "min": -135, "max": 135, "range": [0, 7], "valuePlacement": "none", "position": \#(position), "#,
            #""ticks": 8, "tickLabels": true, "shadowOpacity": 0.5, "shadowOffset": [0, 3], "shadowRadius": 8 }"#,
        ]
        return parts.joined()
    }

    private static func page(_ id: String, _ widgets: [String]) -> String {
        #"{ "id": "\#(id)", "title": "\#(id)", "widgets": [\#(widgets.joined(separator: ",\n"))] }"#
    }

    private static func panel(_ name: String, pages: [String], screen: String? = nil) -> String {
        let screenPart: String = screen.map { #""screen": \#($0), "# } ?? ""
        let parts: [String] = [
            #"{ "panel": "\#(name)", "size": [1280, 800], "#,
            ##""theme": { "tint": "#3a7bd5", "background": ["#1b1f27", "#0d0f14"], "font": "DejaVu Sans", "textColor": "#e8ecf2" }, "##,
            screenPart,
            #""pages": [\#(pages.joined(separator: ",\n"))] }"#,
        ]
        return parts.joined()
    }

    /// `count` knobs in a grid of about 8 : 5 columns to rows (6: 4 × 2 cells of 320×400; 96: 13 × 8 of 98×100).
    package static func knobs(_ count: Int) -> String {
        var columns = 1
        while columns * columns * 5 < count * 8 { columns += 1 }   // columns : rows ≈ 8 : 5
        let rows = (count + columns - 1) / columns
        let w = 1280 / columns, h = 800 / rows, side = Swift.min(w, h)
        let widgets = (0..<count).map { i in
            knob("knob\(i)", frame: [(i % columns) * w + (w - side) / 2, (i / columns) * h + (h - side) / 2, side, side], position: (i * 37) % 270 - 135)
        }
        return panel("\(count) knobs", pages: [page("knobs", widgets)])
    }

    /// Six knobs, a clock-sized label bound to `labelTopic` and a plain label.
    package static let boundLabel: String = {
        var widgets = (0..<6).map { i in knob("knob\(i)", frame: [16 + (i % 3) * 248, 120 + (i / 3) * 320, 240, 240], position: (i * 37) % 270 - 135) }
        widgets.append(#"{ "id": "reading", "type": "label", "frame": [800, 200, 440, 80], "fontSize": 48, "text": "--", "bind": { "topic": "\#(labelTopic)", "format": "%.2f kW" } }"#)
        widgets.append(#"{ "id": "title", "type": "label", "frame": [800, 120, 440, 40], "fontSize": 24, "text": "Power" }"#)
        return panel("Bound label", pages: [page("main", widgets)])
    }()

    /// A page and an idle page with a large clock (the wall panel's night page), idle after
    /// 5 s, drifting 4 design pixels.
    package static let idle: String = panel("Idle", pages: [
        page("room", [#"{ "id": "lamp", "type": "toggle", "title": "Lamp", "frame": [540, 360, 200, 80] }"#]),
        page("night", [##"{ "id": "big", "type": "clock", "timeZone": "UTC", "frame": [0, 200, 1280, 400], "fontSize": 300, "weight": "bold", "color": "#e0e0e0" }"##]),
    ], screen: #"{ "idleAfter": 5, "idlePage": "night", "pixelShift": 4 }"#)

    /// A generated panel, checked like a file (a failure is a bug of the bench).
    package static func load(_ text: String, name: String) throws -> Panel {
        try PanelLoader(kinds: WidgetCatalog.kinds).parse(text, file: "<bench \(name)>").get()
    }
}
