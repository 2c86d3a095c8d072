import ControlWidgets
import Graphics
import PanelLayout
import Testing
import PanelTesting
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

/// The page drawer on screens whose shape differs from the design's: the drawer slides the
/// whole screen (bars included), so its menu starts at the screen's left edge and top and its
/// right view ends at the screen's right edge. A finger must hit what it sees there. Every
/// touch below is chosen on the PHYSICAL screen and turned into the script's design pixels
/// with `designPoint(screen:)`, as the touch devices do.
///
/// Panel 800×800 (theme background #202020, tint #3a7bd5), defaults: reveal width 260, menu
/// header 72, rows 64 (row 1 "Beta": y 136…200 from the screen's top). Page a has a knob at
/// [300, 300, 200, 200], page b a red knob at [500, 200, 200, 200], the right view r a knob
/// at [600, 100, 150, 150].
@Suite struct DrawerScreenSpaceTests {
    static func panel(rotation: Int = 0, drawer: String = "{}") -> String {
        """
        { "panel": "S", "size": [800, 800], "rotation": \(rotation), "theme": { "background": "#202020", "tint": "#3a7bd5" }, "drawer": \(drawer), "pages": [
          { "id": "a", "title": "Alpha", "widgets": [ { "id": "k", "type": "knob", "mode": "continuous", "frame": [300, 300, 200, 200] } ] },
          { "id": "b", "title": "Beta", "widgets": [ { "id": "red", "type": "knob", "mode": "continuous", "tint": "#ff0000", "fillColor": "#ff0000", "frame": [500, 200, 200, 200] } ] },
          { "id": "c", "title": "Gamma", "widgets": [ { "id": "note", "type": "label", "text": "C", "frame": [100, 100, 100, 40] } ] },
          { "id": "r", "role": "right", "widgets": [ { "id": "rk", "type": "knob", "mode": "continuous", "frame": [600, 100, 150, 150] } ] } ] }
        """
    }

    /// A rig on a physical screen with a script of lines built from its controller.
    struct Session {
        let rig: ScenarioRig
        var controller: PanelController { rig.controller }
        var session: OffscreenSession { rig.session }
        var events: [String] { rig.events }
        func lines(_ name: String) -> [String] { rig.lines(name) }
        /// The physical screen's pixel (the frame turned as the panel is mounted).
        func pixel(_ x: Int, _ y: Int) throws -> Color { try rig.pixel(x, y) }
    }

    static func start(_ text: String, screen: (Int, Int), script: (PanelController) -> String) throws -> Session {
        Session(rig: try ScenarioRig(layout: text, file: "s.json", screen: screen, script: script))
    }

    /// A touch line at a physical screen point.
    static func touch(_ c: PanelController, _ t: Double, _ type: String, _ x: Double, _ y: Double, id: Int = 0) -> String {
        let p = c.designPoint(screen: Point(x: x, y: y))
        return #"{"t":\#(t),"type":"\#(type)","id":\#(id),"x":\#(p.x),"y":\#(p.y)}"#
    }
    static func up(_ t: Double, id: Int = 0) -> String { #"{"t":\#(t),"type":"touch_up","id":\#(id)}"# }
    static let open = #"{"t":0.0,"type":"command","command":{"command":"drawer","position":"right","animated":false}}"#

    static func isTint(_ c: Color) -> Bool { abs(c.red - 0x3a / 255.0) < 0.05 && abs(c.green - 0x7b / 255.0) < 0.05 && abs(c.blue - 0xd5 / 255.0) < 0.05 }
    static func isPageBackground(_ c: Color) -> Bool { abs(c.red - 0x20 / 255.0) < 0.01 && abs(c.green - 0x20 / 255.0) < 0.01 }
    static func isRed(_ c: Color) -> Bool { c.red > 0.6 && c.green < 0.3 && c.blue < 0.3 }

    struct Screen: Sendable, CustomTestStringConvertible {
        var width, height, rotation: Int
        /// Where the upright (logical) point (x, y) shows on the physical screen.
        func physical(_ x: Double, _ y: Double) -> (Double, Double) {
            switch rotation {
            case 90: return (Double(width) - y, x)
            case 270: return (y, Double(height) - x)
            default: return (x, y)
            }
        }
        var testDescription: String { "\(width)×\(height) turned \(rotation)°" }
    }

    /// Screens: pillarbox 1280×800 (bars of 240 left and right), letterbox 800×1000 (bars of
    /// 100 above and below), and a 800×1280 screen with the panel turned 90° (upright
    /// 1280×800: the pillarbox again, on its side). In each, the user sees "Beta" at upright
    /// (100, 168) (screen x 0…260, row 1 at y 136…200 from the screen's top) and taps it:
    /// page b is pushed; its red knob then shows at upright (240 + 600, 300) in the
    /// pillarboxes and (600, 100 + 300) in the letterbox.
    static let screens = [Screen(width: 1280, height: 800, rotation: 0), Screen(width: 800, height: 1000, rotation: 0),
                          Screen(width: 800, height: 1280, rotation: 90)]

    @Test(arguments: screens)
    func tapOnTheMenuEntryShownPicksIt(screen: Screen) throws {
        let (bx, by) = screen.physical(100, 168)
        let s = try Self.start(Self.panel(rotation: screen.rotation), screen: (screen.width, screen.height)) { c in
            [Self.open, Self.touch(c, 0.5, "touch_down", bx, by), Self.up(0.55)].joined(separator: "\n")
        }
        try s.session.run(until: 0.4)
        // The open menu as the user sees it: the current row's tint bar at the screen's left
        // edge (row 0 "Alpha", y 72…136), the menu's panel (lighter than the page) under Beta.
        let (ax, ay) = screen.physical(2, 104)
        let bar = try s.pixel(Int(ax), Int(ay))
        #expect(Self.isTint(bar), "\(bar)")
        let menu = try s.pixel(Int(bx), Int(by))
        #expect(!Self.isPageBackground(menu) && menu.red > 0x20 / 255.0 + 0.02, "\(menu)")

        try s.session.run(until: 1.5)
        #expect(s.lines("pageChanged") == [#"{"t":0.8,"event":"pageChanged","page":"b"}"#])
        #expect(s.controller.scene.pageIndex == 1)
        #expect(s.controller.scene.drawer!.frontX(at: 1.5) == 0)
        let knob = screen.height == 1000 ? screen.physical(600, 400) : screen.physical(840, 300)
        let red = try s.pixel(Int(knob.0), Int(knob.1))
        #expect(Self.isRed(red), "\(red)")
    }

    /// A tap on the exposed front (upright (300, 168): 40 pixels right of the front's edge at
    /// 260, in the design area's left bar) closes the drawer and picks nothing. Before the
    /// fix it was taken for the menu (design x 60 < 260) and pushed Beta.
    @Test(arguments: [screens[0], screens[2]])
    func tapOnTheExposedFrontCloses(screen: Screen) throws {
        let (fx, fy) = screen.physical(300, 168)
        let s = try Self.start(Self.panel(rotation: screen.rotation), screen: (screen.width, screen.height)) { c in
            [Self.open, Self.touch(c, 0.5, "touch_down", fx, fy), Self.up(0.55)].joined(separator: "\n")
        }
        try s.session.run(until: 1.2)
        #expect(s.lines("pageChanged").isEmpty)
        #expect(s.lines("drawerDidMove").last?.contains("\"left\"") == true)
        #expect(s.controller.scene.drawer!.frontX(at: 1.2) == 0)
        // Closed: page a's knob (blue, not red) is back at upright (240 + 400, 400).
        let (kx, ky) = screen.physical(640, 400)
        let knob = try s.pixel(Int(kx), Int(ky))
        #expect(knob.blue > 0.6 && knob.red < 0.3, "\(knob)")
    }

    /// draggableBorderWidth 20: a pan must start within 20 design pixels of the SCREEN's left
    /// edge. A pan from upright x 10 (in the left bar) opens the drawer; one from x 250
    /// (design x 10, but 250 from the edge the user sees) does not. The drag: 160 pixels in
    /// 0.4 s, then a rest of 0.3 s (velocity 0, past half-way 130 → `right`).
    @Test(arguments: [screens[0], screens[2]])
    func edgePanCountsFromTheScreenEdge(screen: Screen) throws {
        for (startX, opens) in [(10.0, true), (250.0, false)] {
            let s = try Self.start(Self.panel(rotation: screen.rotation, drawer: #"{"draggableBorderWidth": 20}"#),
                                   screen: (screen.width, screen.height)) { c in
                var lines: [String] = []
                func at(_ x: Double) -> (Double, Double) { screen.physical(x, 700) }
                let p0 = at(startX)
                lines.append(Self.touch(c, 0.1, "touch_down", p0.0, p0.1))
                for i in 1...8 {
                    let p = at(startX + Double(i) * 20)
                    lines.append(Self.touch(c, 0.1 + Double(i) * 0.05, "touch_motion", p.0, p.1))
                }
                lines.append(Self.up(0.8))
                return lines.joined(separator: "\n")
            }
            try s.session.run(until: 1.5)
            #expect(s.controller.scene.drawer!.frontX(at: 1.5) == (opens ? 260 : 0), "from \(startX)")
            // Open: the screen's left edge shows the menu's current-row bar; closed: the page.
            let (ax, ay) = screen.physical(2, 104)
            let edge = try s.pixel(Int(ax), Int(ay))
            #expect(Self.isTint(edge) == opens, "from \(startX): \(edge)")
        }
    }

    /// The right view ends at the screen's right edge: revealed (`leftSide`, front at −260),
    /// its knob (design centre (675, 175)) shows at upright (240 + 240 + 675, 175) =
    /// (1155, 175), and a drag there turns it. Before the fix it was drawn at 915, hidden
    /// under the front, and the strip the user saw (upright x ≥ 1020) was dead.
    @Test(arguments: [screens[0], screens[2]])
    func rightViewShowsAndTakesTouchesAtTheScreenEdge(screen: Screen) throws {
        let s = try Self.start(Self.panel(rotation: screen.rotation), screen: (screen.width, screen.height)) { c in
            let a = screen.physical(1155, 110), b = screen.physical(1220, 175)
            return [#"{"t":0.0,"type":"command","command":{"command":"drawer","position":"leftSide","animated":false}}"#,
                    Self.touch(c, 0.5, "touch_down", a.0, a.1), Self.touch(c, 0.6, "touch_motion", b.0, b.1), Self.up(0.7)]
                .joined(separator: "\n")
        }
        try s.session.run(until: 0.4)
        let (kx, ky) = screen.physical(1155, 175)
        let knob = try s.pixel(Int(kx), Int(ky))
        #expect(knob.blue > 0.6 && knob.red < 0.3, "\(knob)")
        try s.session.run(until: 1)
        #expect(s.controller.scene.drawer!.frontX(at: 1) == -260)
        #expect(s.events.contains { $0.contains("\"widget\":\"rk\"") && $0.contains("valueChanged") })
    }

    /// An aimed touch at the right view's knob lands where the knob is drawn.
    @Test func aimedTouchOnTheRightViewFollowsItsPage() throws {
        let s = try Self.start(Self.panel(), screen: (1280, 800)) { _ in
            """
            {"t":0.0,"type":"command","command":{"command":"drawer","position":"leftSide","animated":false}}
            {"t":0.5,"type":"touch_down","id":0,"widget":"rk","angle":0,"radius":0.8}
            {"t":0.6,"type":"touch_motion","id":0,"widget":"rk","angle":-60,"radius":0.8}
            {"t":0.7,"type":"touch_up","id":0}
            """
        }
        try s.session.run(until: 1)
        #expect(s.events.contains { $0.contains("\"widget\":\"rk\"") && $0.contains("valueChanged") })
        #expect(s.controller.scene.drawer!.frontX(at: 1) == -260)
    }
}
