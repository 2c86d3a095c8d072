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

/// The page menu scrolls when its pages do not fit the screen's height. A panel of 20 pages
/// ("Page 1" … "Page 20"), 800×480 at scale 1: the content is the 72-pixel header and 20 rows
/// of 64 = 1352 pixels, the screen 480 high, so it scrolls 0…872. Scrolled to the end, row
/// 17 ("Page 18") is at 72 + 17·64 − 872 = 288…352 and row 19 ("Page 20") at 416…480.
@Suite struct DrawerMenuScrollTests {
    static let panel: String = {
        let pages = (1...20).map { i in
            #"{ "id": "p\#(i)", "title": "Page \#(i)", "widgets": [ { "id": "l\#(i)", "type": "label", "text": "P\#(i)", "frame": [300, 200, 200, 80] } ] }"#
        }
        return ##"{ "panel": "M", "size": [800, 480], "theme": { "background": "#202020", "tint": "#3a7bd5" }, "pages": [ "##
            + pages.joined(separator: ",\n") + " ] }"
    }()

    struct Run {
        let rig: ScenarioRig
        var controller: PanelController { rig.controller }
        var session: OffscreenSession { rig.session }
        var drawer: PageDrawer { controller.scene.drawer! }
        var events: [String] { rig.events }
        func pixel(_ x: Int, _ y: Int) -> Color { controller.frame.pixel(x: x, y: y) }
    }

    /// Runs `lines` after `open`: every test starts with the drawer open.
    static func start(_ lines: [String], screen: (Int, Int) = (800, 480)) throws -> Run {
        Run(rig: try ScenarioRig(layout: Self.panel, file: "m.json", screen: screen, script: ([open] + lines).joined(separator: "\n")))
    }

    static let open = #"{"t":0.0,"type":"command","command":{"command":"drawer","position":"right","animated":false}}"#
    static func isTint(_ c: Color) -> Bool { abs(c.red - 0x3a / 255.0) < 0.05 && abs(c.green - 0x7b / 255.0) < 0.05 && abs(c.blue - 0xd5 / 255.0) < 0.05 }

    /// One finger's script lines: down at the first point (t, x, y in design pixels), a
    /// motion to each of the others, up at `up`.
    static func stroke(_ id: Int, _ points: [(t: Double, x: Int, y: Int)], up: Double) -> [String] {
        let first = points[0]
        return [#"{"t":\#(first.t),"type":"touch_down","id":\#(id),"x":\#(first.x),"y":\#(first.y)}"#]
            + points.dropFirst().map { #"{"t":\#($0.t),"type":"touch_motion","id":\#(id),"x":\#($0.x),"y":\#($0.y)}"# }
            + [#"{"t":\#(up),"type":"touch_up","id":\#(id)}"#]
    }

    /// A drag up by 1140 pixels scrolls to the end (clamped at 872, not 1140); then a tap on
    /// y 320 picks "Page 18". The frames show it: before, row 0's tint bar (current page)
    /// at (2, 104); scrolled, that place shows another row; after the pick and a toggle, the
    /// current row (17) is marked at (2, 320) in the menu, which kept its scroll offset.
    @Test func entry18IsReachedByScrolling() throws {
        let r = try Self.start(
            Self.stroke(0, [(0.50, 100, 440), (0.55, 102, 400), (0.60, 104, 0), (0.65, 104, -700)], up: 0.70)
            + Self.stroke(1, [(1.00, 100, 320)], up: 1.05)
            + [#"{"t":2.00,"type":"command","command":{"command":"drawer","position":"toggle","animated":false}}"#])
        try r.session.run(until: 0.4)
        #expect(Self.isTint(r.pixel(2, 104)))
        #expect(r.drawer.menuLayout.scrollOffset == 0)
        try r.session.run(until: 0.58)
        // Mid-drag (finger at y 400, 40 above touch-down): the menu follows it 1:1, and the
        // frame shows it (row 0's bar moved up to 72 − 40 … 136 − 40).
        #expect(r.drawer.menuLayout.scrollOffset == 40)
        #expect(Self.isTint(r.pixel(2, 90)) && !Self.isTint(r.pixel(2, 110)))
        try r.session.run(until: 0.9)
        #expect(r.drawer.menuLayout.scrollOffset == 872)
        #expect(!Self.isTint(r.pixel(2, 104)))
        #expect(r.drawer.frontX(at: 0.9) == 260)   // the scroll did not move the drawer
        #expect(r.events.allSatisfy { !$0.contains("drawerPan") && !$0.contains("pageChanged") })
        try r.session.run(until: 2.5)
        #expect(r.events.contains(#"{"t":1.3,"event":"pageChanged","page":"p18"}"#))
        #expect(r.controller.scene.pageIndex == 17)
        #expect(r.drawer.frontX(at: 2.5) == 260)
        #expect(r.drawer.menuLayout.scrollOffset == 872)
        #expect(Self.isTint(r.pixel(2, 320)) && !Self.isTint(r.pixel(2, 104)))
    }

    /// A drag down at the top stays at 0; a drag of at most 5 pixels (the tap slop) is a tap
    /// and picks the row it went down on (row 1, "Page 2", y 136…200); a sideways drag in the
    /// menu neither scrolls nor picks nor moves the drawer.
    @Test func clampsTapSlopAndSideways() throws {
        let r = try Self.start(
            Self.stroke(0, [(0.20, 100, 200), (0.25, 100, 400)], up: 0.30)
            + Self.stroke(1, [(0.40, 100, 100), (0.45, 200, 110), (0.46, 200, 300)], up: 0.50)
            + Self.stroke(2, [(0.60, 100, 160), (0.62, 103, 164)], up: 0.65))
        try r.session.run(until: 0.35)
        #expect(r.drawer.menuLayout.scrollOffset == 0)
        #expect(r.events.allSatisfy { !$0.contains("pageChanged") })
        try r.session.run(until: 0.55)
        #expect(r.drawer.menuLayout.scrollOffset == 0)
        #expect(r.drawer.frontX(at: 0.55) == 260)
        #expect(r.events.allSatisfy { !$0.contains("pageChanged") && !$0.contains("drawerPan") })
        try r.session.run(until: 1.5)
        #expect(r.events.contains { $0.contains(#""event":"pageChanged","page":"p2""#) })
    }

    /// A vertical drag on the exposed front does not scroll the menu (and does not move the
    /// drawer: it fails the pan's sideways test); the horizontal pan that closes the drawer
    /// still works after a scroll.
    @Test func frontDragsDoNotScroll() throws {
        let r = try Self.start(
            Self.stroke(0, [(0.20, 500, 400), (0.25, 502, 100)], up: 0.30)
            + Self.stroke(1, [(0.40, 100, 400), (0.45, 100, 200)], up: 0.50)
            + Self.stroke(2, [(0.60, 500, 300), (0.62, 450, 300), (0.64, 350, 300), (0.66, 250, 300)], up: 0.67))
        try r.session.run(until: 0.35)
        #expect(r.drawer.menuLayout.scrollOffset == 0)
        #expect(r.drawer.frontX(at: 0.35) == 260)
        try r.session.run(until: 0.55)
        #expect(r.drawer.menuLayout.scrollOffset == 200)
        try r.session.run(until: 1.5)
        #expect(r.drawer.frontX(at: 1.5) == 0)
        #expect(r.events.contains { $0.contains(#""event":"drawerDidMove","position":"left""#) })
    }

    /// On a 1280×600 screen the design (800×480) is scaled by 1.25 and pillarboxed (bars of
    /// 140): the menu is 600 / 1.25 = 480 design units high, so it still scrolls 0…872. A drag
    /// from screen y 550 to 10 (432 design units) scrolls by 432; then "Page 8" (row 7,
    /// 72 + 448 − 432 = 88…152) is at screen y 150 (design 120) at screen x 100 (design
    /// (100 − 140) / 1.25 = −32: left of the design area, in the menu).
    @Test func scrollsOnAScaledPillarbox() throws {
        let r = try Self.start(
            Self.stroke(0, [(0.20, -32, 440), (0.25, -32, 300), (0.30, -32, 8)], up: 0.35)
            + Self.stroke(1, [(0.50, -32, 120)], up: 0.55), screen: (1280, 600))
        try r.session.run(until: 0.4)
        #expect(abs(r.drawer.menuLayout.scrollOffset - 432) < 1e-9)
        try r.session.run(until: 1.5)
        #expect(r.events.contains { $0.contains(#""event":"pageChanged","page":"p8""#) })
    }
}
