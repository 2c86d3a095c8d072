import ControlWidgets
import Graphics
import PanelLayout
import Testing
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
/// the right view `r` a knob at [600, 100, 150, 150].
@Suite struct DrawerScriptTests {
    struct Run {
        let controller: PanelController
        let events: [String]
        /// The front's x at every painted vsync.
        let frontX: [(t: Double, x: Double)]
        var drawer: PageDrawer { controller.scene.drawer! }
        func lines(_ name: String) -> [String] { events.filter { $0.contains("\"event\":\"\(name)\"") } }
    }

    static func panel(drawer: String = "{}") -> String {
        """
        { "panel": "D", "size": [800, 480], "theme": { "background": "#202020", "tint": "#3a7bd5" }, "drawer": \(drawer), "pages": [
          { "id": "a", "title": "Alpha", "widgets": [ { "id": "k", "type": "knob", "mode": "continuous", "frame": [300, 140, 200, 200] } ] },
          { "id": "b", "title": "Beta", "widgets": [ { "id": "red", "type": "knob", "mode": "continuous", "tint": "#ff0000", "fillColor": "#ff0000", "frame": [500, 200, 200, 200] } ] },
          { "id": "c", "widgets": [ { "id": "note", "type": "label", "text": "C", "frame": [100, 100, 100, 40] } ] },
          { "id": "r", "role": "right", "widgets": [ { "id": "rk", "type": "knob", "mode": "continuous", "frame": [600, 100, 150, 150] } ] } ] }
        """
    }

    static func run(_ script: String, until time: Double, drawer: String = "{}") throws -> Run {
        let panel = try PanelLoader.parse(Self.panel(drawer: drawer), file: "d.json").get()
        let controller = try PanelController(panel: panel, screenWidth: 800, screenHeight: 480)
        var events: [String] = []
        controller.emit = { events.append($0) }
        let inputs = try InputScript.parse(script, file: "s.jsonl").get()
        let session = OffscreenSession(controller: controller, inputs: inputs)
        var xs: [(Double, Double)] = []
        session.onFrame = { _, t in xs.append((t, controller.scene.drawer!.frontX(at: t))) }
        try session.run(until: time)
        return Run(controller: controller, events: events, frontX: xs)
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

    /// A tap on the exposed front (x ≥ 260) closes the open drawer.
    @Test func tapOnExposedFrontCloses() throws {
        let r = try Self.run("""
        {"t":0.00,"type":"command","command":{"command":"drawer","position":"right","animated":false}}
        {"t":0.50,"type":"touch_down","id":0,"x":600,"y":240}
        {"t":0.55,"type":"touch_up","id":0}
        """, until: 1.2)
        #expect(r.lines("drawerWillMove").map { $0.contains("\"left\"") } == [false, true])
        #expect(r.lines("drawerDidMove").last?.contains("\"left\"") == true)
        #expect(r.drawer.frontX(at: 1.2) == 0)
        // The knob under the tap (front page, at 600? no: the knob spans 300…500 on the
        // front, now at 560…760) took no touch: the front's widgets are inert while open.
        #expect(r.events.allSatisfy { !$0.contains("\"widget\":\"k\"") })
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

    /// A tap on "Beta" in the open menu pushes page b: out to rightMost, pageChanged, back to
    /// left; afterwards page b's red knob is on screen where page a showed background.
    @Test func pageFromMenuPushes() throws {
        // Row 1 ("Beta"): y from 72 + 64 = 136 to 200.
        let r = try Self.run("""
        {"t":0.00,"type":"command","command":{"command":"drawer","position":"right","animated":false}}
        {"t":0.50,"type":"touch_down","id":0,"x":100,"y":168}
        {"t":0.55,"type":"touch_up","id":0}
        """, until: 1.5)
        let drawerEvents = r.events.filter { $0.contains("drawer") && $0.contains("Move") || $0.contains("pageChanged") }
        #expect(drawerEvents.map { line -> String in
            let n = line.contains("pageChanged") ? "page" : (line.contains("Will") ? "will" : "did")
            return n + ":" + (line.split(separator: ":").last.map(String.init) ?? "")
        } == ["will:\"right\"}", "did:\"right\"}", "will:\"rightMost\"}", "did:\"rightMost\"}", "page:\"b\"}", "will:\"left\"}", "did:\"left\"}"])
        #expect(r.controller.scene.pageIndex == 1)
        let red = r.controller.frame.pixel(x: 600, y: 300)
        #expect(red.red > 0.6 && red.green < 0.3, "\(red)")
        // The slide: the front went out past 260 to 320 and came back to 0.
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

    /// Commands: `page` from the closed drawer replaces in place (the reference's push at
    /// `left`); unknown pages and the right view are errors; `list` starts with the pages.
    /// Widgets on hidden pages keep their values and take commands.
    @Test func pageCommandsAndList() throws {
        let r = try Self.run("""
        {"t":0.0,"type":"command","command":{"command":"set","widget":"k","position":30}}
        {"t":0.1,"type":"command","command":{"command":"page","page":"b","request_id":1}}
        {"t":0.2,"type":"command","command":{"command":"page","page":"bb"}}
        {"t":0.3,"type":"command","command":{"command":"page","page":"r"}}
        {"t":0.4,"type":"command","command":{"command":"list"}}
        {"t":0.5,"type":"command","command":{"command":"page","page":"a","animated":false}}
        {"t":0.6,"type":"command","command":{"command":"get","widget":"k"}}
        """, until: 1)
        #expect(r.events.contains(#"{"request_id":1,"ok":true,"data":{"page":"b"}}"#))
        #expect(r.events.contains(#"{"t":0.1,"event":"pageChanged","page":"b"}"#))
        #expect(r.events.contains { $0.contains("no page 'bb' (did you mean 'b'?)") })
        #expect(r.events.contains { $0.contains("page 'r' is the drawer's right view") })
        #expect(r.events.contains { $0.hasPrefix(#"{"ok":true,"data":{"panel":"D","page":"b","pages":["a","b","c"],"rightView":"r","drawer":"left","screen":"on","widgets":[{"widget":"k""#) })
        #expect(r.events.contains { $0.hasPrefix(#"{"ok":true,"data":{"widget":"k","type":"knob","position":30"#) })
        #expect(r.controller.scene.pageIndex == 0)
    }

    /// The right view: `leftSide` reveals it (front at −260); its knob takes touches there.
    @Test func rightViewTakesTouches() throws {
        let r = try Self.run("""
        {"t":0.0,"type":"command","command":{"command":"drawer","position":"leftSide","animated":false}}
        {"t":0.5,"type":"touch_down","id":0,"x":675,"y":110}
        {"t":0.6,"type":"touch_motion","id":0,"x":740,"y":175}
        {"t":0.7,"type":"touch_up","id":0}
        """, until: 1)
        #expect(r.drawer.frontX(at: 1) == -260)
        #expect(r.events.contains { $0.contains("\"widget\":\"rk\"") && $0.contains("valueChanged") })
    }
}
