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

/// The page drawer driven by input scripts and commands on the virtual 60 Hz clock, with the
/// reference's defaults (reveal width 260, half-way 130, quickFlickVelocity 250, spring of
/// 0.25 s). Panel 800×480 at scale 1: page `a` has a knob at [300, 140, 200, 200] (centre
/// (400, 240), radius 100); page `b` a red knob at [500, 200, 200, 200]; page `c` a label;
/// the right view `r` a knob at [600, 100, 150, 150] (tests/scenarios/drawer.panel.json, where
/// the drawer scenarios that need only events and pixels live).
@Suite struct DrawerScriptTests {
    /// A rig with the front's x at every painted vsync.
    struct Run {
        let rig: ScenarioRig
        let frontX: [(t: Double, x: Double)]
        var controller: PanelController { rig.controller }
        var events: [String] { rig.events }
        var drawer: PageDrawer { controller.scene.drawer! }
        func lines(_ name: String) -> [String] { rig.lines(name) }
    }

    static func panel(drawer: String = "{}") -> String {
        let text = try! ScenarioFiles.read(Scenario.directory + "drawer.panel.json")
        return text.replacing(#""drawer": {}"#, with: #""drawer": "# + drawer)
    }

    static func run(_ script: String, until time: Double, drawer: String = "{}") throws -> Run {
        let rig = try ScenarioRig(layout: Self.panel(drawer: drawer), file: "d.json", script: script)
        var xs: [(Double, Double)] = []
        rig.onFrame = { [controller = rig.controller] t in xs.append((t, controller.scene.drawer!.frontX(at: t))) }
        try rig.run(until: time)
        return Run(rig: rig, frontX: xs)
    }

    static func number(_ line: String, _ key: String) -> Double? {
        guard case .success(let node) = JSONReader.parse(line) else { return nil }
        return node[key]?.numberValue
    }

    /// A fast flick: 110 px in 0.06 s (1833 px/s > 250) ends short of half-way (130) but
    /// opens: velocity decides. The spring starts at the release (0.17) and ends 0.25 s later.
    @Test func fastFlickOpens() throws {
        let r = try Self.run("""
        {"t":0.10,"type":"touch_down","id":0,"x":100,"y":420}
        {"t":0.12,"type":"touch_motion","id":0,"x":130,"y":420}
        {"t":0.14,"type":"touch_motion","id":0,"x":170,"y":420}
        {"t":0.16,"type":"touch_motion","id":0,"x":210,"y":420}
        {"t":0.17,"type":"touch_up","id":0}
        """, until: 1)
        #expect(r.lines("drawerWillMove") == [#"{"t":0.17,"event":"drawerWillMove","position":"right"}"#])
        let did = try #require(r.lines("drawerDidMove").first)
        #expect(did.contains("\"position\":\"right\""))
        #expect(try #require(Self.number(did, "t")) >= 0.42)
        #expect(r.drawer.frontX(at: 1) == 260)
        // Pans were reported with the reference's progress: the last one at x = 110 → 110/260.
        let pan = try #require(r.lines("drawerPan").last)
        #expect(abs(try #require(Self.number(pan, "progress")) - 110.0 / 260) < 1e-5)
        #expect(abs(try #require(Self.number(pan, "overProgress")) - (110.0 - 260) / 60) < 1e-5)
        #expect(!pan.contains("widget"))
    }

    /// Slow drags (20 px per 0.1 s, then a rest of 0.3 s: velocity 0): past half-way (160 >
    /// 130) opens; short of it (100) goes back closed without will/didMove (the position did
    /// not change).
    @Test(arguments: [(160.0, true), (100.0, false)])
    func slowDrags(distance: Double, opens: Bool) throws {
        var script = #"{"t":0.10,"type":"touch_down","id":0,"x":100,"y":420}"# + "\n"
        let steps = Int(distance / 20)
        for i in 1...steps {
            script += #"{"t":\#(0.1 + Double(i) * 0.1),"type":"touch_motion","id":0,"x":\#(100 + Double(i) * 20),"y":420}"# + "\n"
        }
        let end = 0.1 + Double(steps) * 0.1
        script += #"{"t":\#(end + 0.3),"type":"touch_up","id":0}"#
        let r = try Self.run(script, until: end + 1)
        #expect(r.drawer.frontX(at: end + 1) == (opens ? 260 : 0))
        #expect(r.lines("drawerWillMove").count == (opens ? 1 : 0))
        #expect(r.lines("drawerDidMove").count == (opens ? 1 : 0))
        // One drawerPan per frame at most: the drag had `steps` moves, each in its own frame.
        #expect(r.lines("drawerPan").count == steps)
    }

    /// Several moves between two vsyncs send one drawerPan (the last progress).
    @Test func panIsThrottledToOnePerFrame() throws {
        let r = try Self.run("""
        {"t":0.100,"type":"touch_down","id":0,"x":100,"y":420}
        {"t":0.101,"type":"touch_motion","id":0,"x":120,"y":420}
        {"t":0.102,"type":"touch_motion","id":0,"x":140,"y":420}
        {"t":0.103,"type":"touch_motion","id":0,"x":160,"y":420}
        """, until: 0.2)
        #expect(r.lines("drawerPan").count == 1)
        #expect(abs(try #require(Self.number(r.lines("drawerPan")[0], "progress")) - 60.0 / 260) < 1e-5)
    }

    /// A horizontal pan that starts on the knob turns the knob; the drawer does not move.
    @Test func panOnKnobTurnsTheKnob() throws {
        let r = try Self.run("""
        {"t":0.10,"type":"touch_down","id":0,"x":400,"y":160}
        {"t":0.15,"type":"touch_motion","id":0,"x":440,"y":165}
        {"t":0.20,"type":"touch_motion","id":0,"x":480,"y":180}
        {"t":0.25,"type":"touch_up","id":0}
        """, until: 1)
        #expect(r.events.contains { $0.contains("\"widget\":\"k\"") && $0.contains("valueChanged") })
        #expect(r.lines("drawerPan").isEmpty && r.lines("drawerWillMove").isEmpty)
        #expect(r.frontX.allSatisfy { $0.x == 0 })
    }

    /// The slide of a pick from the menu (its events and picture are the scenario
    /// drawer-page-from-menu): the front went out past 260 to 320 and came back to 0.
    @Test func pageFromMenuSlidesOutAndBack() throws {
        let s = try Scenario.load(name: "drawer-page-from-menu")
        let r = try Self.run(s.script, until: s.until ?? 1.5)
        #expect(r.controller.scene.pageIndex == 1)
        #expect(r.frontX.contains { $0.x == 320 })
        #expect(r.frontX.last?.x == 0)
    }

    /// The spring: damping 1 never carries the front past 260; damping 0.4 does. Sampled
    /// at every vsync of a toggle from the closed drawer.
    @Test func springDampingOvershoot() throws {
        let script = #"{"t":0.0,"type":"command","command":{"command":"drawer","position":"toggle"}}"#
        let critical = try Self.run(script, until: 0.6, drawer: #"{"springDampingRatio": 1}"#)
        #expect(critical.frontX.count >= 15)
        #expect(critical.frontX.allSatisfy { $0.x <= 260 })
        #expect(critical.frontX.last?.x == 260)
        let bouncy = try Self.run(script, until: 0.6, drawer: #"{"springDampingRatio": 0.4}"#)
        #expect(bouncy.frontX.contains { $0.x > 280 })
        #expect(bouncy.frontX.last?.x == 260)
        // The pixels moved: with the drawer open, the menu's panel (the background lightened
        // 7 % towards the text colour) shows at x < 260, the page's #202020 right of the edge.
        let f = critical.controller.frame
        let page = f.pixel(x: 300, y: 460), menu = f.pixel(x: 200, y: 460)
        #expect(abs(page.red - 0x20 / 255.0) < 0.02)
        #expect(menu.red > page.red + 0.03)
    }
}
