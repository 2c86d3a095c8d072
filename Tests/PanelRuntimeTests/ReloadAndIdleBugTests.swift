import ControlWidgets
import PanelLayout
import Testing
@testable import PanelProtocol
@testable import PanelCore

/// Two bugs left by issue 27's first session, each reproduced here before it was fixed:
/// a reload restarted every binding's staleness, and the idle page came up under an open drawer.
@Suite struct ReloadAndIdleBugTests {
    final class Client: CommandClient {
        var filter: EventFilter = .all
        var eventSource: String? { "mqtt" }
        func send(_ line: String) {}
        func reply(_ reply: Reply) {}
    }

    static func panel(_ text: String) throws -> Panel {
        try PanelLoader(kinds: WidgetCatalog.kinds).parse(text, file: "p.json").get()
    }

    static func bound(extra: String = "", hallTopic: String = "home/hall") -> String {
        #"""
        {"panel":"p","size":[400,200],"pages":[{"id":"a","widgets":[
         {"id":"temp","type":"label","frame":[0,0,200,100],"text":"…","bind":{"topic":"home/t","format":"%.1f","staleAfter":600}},
         {"id":"hall","type":"label","frame":[200,0,200,100],"text":"…","bind":{"topic":"\#(hallTopic)","staleAfter":600}}\#(extra)]}]}
        """#
    }

    func get(_ c: PanelController, _ id: String) -> String {
        var out = ""
        c.emit = { out = $0 }
        c.execute(commandLine: #"{"command":"get","widget":""# + id + #""}"#, at: 0)
        return out
    }

    /// `temp` got a value at 100 (stale at 700); the reload at 200 adds a widget and changes
    /// `hall`'s topic. Unchanged `temp` keeps its time: stale at 700, not 200 + 600 = 800;
    /// `hall`, bound anew, counts from the reload: stale at 800.
    @Test func aReloadKeepsTheTimeOfTheLastValueOfUnchangedBindings() throws {
        let c = try PanelController(panel: Self.panel(Self.bound()), screenWidth: 400, screenHeight: 200)
        c.advance(to: 0)
        c.receiveBound(topic: "home/t", payload: Array("21.5".utf8), at: 100, from: Client())
        let more = #",{"id":"x","type":"label","frame":[0,100,200,100],"text":"new"}"#
        try c.replacePanel(Self.panel(Self.bound(extra: more, hallTopic: "home/hall2")), at: 200)
        c.advance(to: 200)
        #expect(c.nextWidgetChange(after: 200) == 700)
        c.advance(to: 650)
        #expect(!get(c, "temp").contains("stale"))
        c.advance(to: 700)
        #expect(get(c, "temp").contains(#""text":"21.5","stale":true"#))
        #expect(!get(c, "hall").contains("stale"))
        c.advance(to: 800)
        #expect(get(c, "hall").contains(#""stale":true"#))
    }

    /// A value already stale stays stale through a reload (greyed, `get` says so), until a new one comes.
    @Test func aStaleValueStaysStaleThroughAReload() throws {
        let c = try PanelController(panel: Self.panel(Self.bound()), screenWidth: 400, screenHeight: 200)
        c.advance(to: 0)
        c.receiveBound(topic: "home/t", payload: Array("21.5".utf8), at: 1, from: Client())
        c.advance(to: 601)
        #expect(get(c, "temp").contains(#""stale":true"#))
        try c.replacePanel(Self.panel(Self.bound()), at: 650)
        c.advance(to: 650)
        #expect(get(c, "temp").contains(#""text":"21.5","stale":true"#))
        #expect(c.scene.bindings.look("temp") == .stale)
        c.receiveBound(topic: "home/t", payload: Array("22".utf8), at: 660, from: Client())
        #expect(!get(c, "temp").contains("stale"))
    }

    static let drawerPanel = #"""
    {"panel":"p","size":[400,200],"screen":{"idleAfter":60,"idlePage":"clock"},"pages":[
     {"id":"room","widgets":[{"id":"k","type":"knob","frame":[150,50,100,100]}]},
     {"id":"clock","widgets":[{"id":"l","type":"label","frame":[0,0,400,200],"text":"12:00"}]}]}
    """#

    /// The drawer is open when the idle page comes: it closes at once (no animation: no one is
    /// looking), so the idle page is shown whole and a touch brings back the page, not the menu.
    @Test func theIdlePageClosesAnOpenDrawer() throws {
        let c = try PanelController(panel: Self.panel(Self.drawerPanel), screenWidth: 400, screenHeight: 200)
        var lines: [String] = []
        c.emit = { lines.append($0) }
        c.advance(to: 0)
        c.execute(commandLine: #"{"command":"drawer","position":"right","animated":false}"#, at: 1)
        #expect(!c.scene.drawer!.isClosed(at: 1))
        c.advance(to: 61)
        #expect(c.screenState == .idle && c.showsIdlePage)
        #expect(c.scene.drawer!.isClosed(at: 61))
        #expect(lines.contains { $0.contains(#""event":"drawerDidMove","position":"left""#) })
        // A touch brings back the room page with the drawer closed.
        c.deliver(.touchDown(id: 0, x: 200, y: 100), at: 70)
        c.deliver(.touchUp(id: 0), at: 70.05)
        #expect(c.screenState == .on && c.scene.pageIndex == 0 && c.scene.drawer!.isClosed(at: 71))
    }
}
