import Testing
import ControlWidgets
import PanelLayout
@testable import PanelProtocol
@testable import PanelCore

/// Bound data (issue 27): payloads on bound topics reach widgets through their bare-value
/// path with `source: "mqtt"`, go stale on the virtual clock without polling, and a user's
/// change waits for its echo.
@Suite struct BoundDataTests {
    // MARK: payloads

    func value(_ s: String, _ path: String = "") -> BoundPayload.Value? {
        try? BoundPayload.value(Array(s.utf8), path: path.isEmpty ? [] : path.split(separator: ".").map(String.init)).get()
    }

    @Test func plainPayloads() {
        #expect(value("21.5") == .number(21.5))
        #expect(value(" 21.5\n") == .number(21.5))
        #expect(value("ON") == .bool(true) && value("off") == .bool(false) && value("true") == .bool(true))
        #expect(value("Heating") == .text("Heating"))
        #expect(value(#""heat""#) == .text("heat"))
        #expect(value("") == nil)
        #expect(value("1e300") == nil)   // beyond ±1e9: checked at the edge
        #expect(value("nan") == .text("nan") || value("nan") == nil)
    }

    @Test func dottedPathsIntoJSON() {
        let payload = #"{"state":"21.5","attributes":{"current":21.46,"list":[3,4],"on":true,"n":null}}"#
        #expect(value(payload, "attributes.current") == .number(21.46))
        #expect(value(payload, "state") == .number(21.5))           // a string number is a number
        #expect(value(payload, "attributes.list.1") == .number(4))  // an array element by index
        #expect(value(payload, "attributes.on") == .bool(true))
        #expect(value(payload, "attributes.n") == nil)
        #expect(value(payload, "attributes") == nil)                // an object is not a value
        #expect(value(payload, "attributes.missing") == nil)
        #expect(value("21.5", "a") == nil)                          // a path needs JSON
        guard case .failure(let why) = BoundPayload.value(Array(payload.utf8), path: ["attributes", "x", "y"]) else { Issue.record("no failure"); return }
        #expect(why.reason == "no 'attributes.x' in the payload")
    }

    @Test func formattedForTextWidgets() throws {
        let format = try ValueFormat(parsing: "%.1f °C")
        let bare = BoundPayload.bare(.number(21.46), format: format)
        #expect(bare.text == "21.5 °C" && bare.number == 21.46)
        #expect(BoundPayload.bare(.bool(true), format: format).text == "on")
        #expect(BoundPayload.confirms(.number(21.50), .number(21.5)))
        #expect(!BoundPayload.confirms(.number(21.6), .number(21.5)))
        #expect(BoundPayload.confirms(.text("ON"), .text("on")) && BoundPayload.confirms(.number(1), .bool(true)))
    }

    // MARK: timing, pure

    @Test func stalenessCountsFromStartThenFromEachValue() {
        let b = BoundValues([("t", BindSpec(topic: "x", staleAfter: 600))])
        #expect(b.deadline == nil)                  // not started
        #expect(b.advance(to: 0) == BoundValues.Expiry())
        #expect(b.deadline == 600)
        #expect(b.received(.number(1), for: "t", at: 100) == .apply(confirmed: false))
        #expect(b.deadline == 700)
        #expect(b.advance(to: 699.9).stale.isEmpty)
        #expect(b.advance(to: 700).stale == ["t"])
        #expect(b.look("t") == .stale && b.deadline == nil)   // reported once; nothing more to wake for
        #expect(b.advance(to: 5000).stale.isEmpty)
        _ = b.received(.number(2), for: "t", at: 5000)
        #expect(b.look("t") == .normal && b.deadline == 5600)
    }

    @Test func aChangeWaitsForItsEcho() {
        let b = BoundValues([("lamp", BindSpec(topic: "x", commandTopic: "y", confirmAfter: 5))])
        _ = b.advance(to: 0)
        _ = b.received(.bool(false), for: "lamp", at: 1)
        b.userChanged("lamp", to: .bool(true), at: 2)
        #expect(b.look("lamp") == .pending && b.deadline == 7)
        #expect(b.received(.bool(false), for: "lamp", at: 3) == .hold)   // not the echo: kept, not shown
        #expect(b.received(.bool(true), for: "lamp", at: 4) == .apply(confirmed: true))
        #expect(b.look("lamp") == .normal && b.deadline == nil)
        b.userChanged("lamp", to: .bool(false), at: 10)
        let expiry = b.advance(to: 15)
        #expect(expiry.unconfirmed.map(\.id) == ["lamp"] && expiry.unconfirmed.first?.device == .bool(true))
        #expect(b.look("lamp") == .normal)
    }

    // MARK: the controller

    final class MQTTLike: CommandClient {
        var replies: [Reply] = []
        var filter: EventFilter = .all
        var eventSource: String? { "mqtt" }
        func send(_ line: String) {}
        func reply(_ reply: Reply) { replies.append(reply) }
    }

    static let panelText = #"""
    {"panel":"p","size":[400,200],"pages":[{"id":"a","widgets":[
     {"id":"temp","type":"label","frame":[0,0,200,100],"text":"…","bind":{"topic":"home/t","path":"a.b","format":"%.1f °C","staleAfter":600}},
     {"id":"lamp","type":"toggle","frame":[200,0,200,100],"title":"Lamp","bind":{"topic":"home/lamp","commandTopic":"home/lamp/set","confirmAfter":5}},
     {"id":"c","type":"chart","frame":[0,100,400,100],"bind":{"topic":"home/t","path":"a.b"}}]}]}
    """#

    func controller() throws -> (PanelController, [String]) {
        let panel = try PanelLoader(kinds: WidgetCatalog.kinds).parse(Self.panelText, file: "p.json").get()
        return (try PanelController(panel: panel, screenWidth: 400, screenHeight: 200), [])
    }

    func get(_ c: PanelController, _ id: String) -> String {
        var out = ""
        c.emit = { out = $0 }
        c.execute(commandLine: #"{"command":"get","widget":""# + id + #""}"#, at: 0)
        return out
    }

    @Test func boundValuesReachWidgetsWithSourceMQTTAndGoStale() throws {
        let (c, _) = try controller()
        var lines: [String] = []
        c.emit = { lines.append($0) }
        c.advance(to: 0)
        #expect(c.boundTopics == ["home/t", "home/lamp"])
        #expect(c.nextWidgetChange(after: 0) == 600)   // the loop sleeps until the value would go stale
        let mqtt = MQTTLike()
        let refused = c.receiveBound(topic: "home/t", payload: Array(#"{"a":{"b":21.46}}"#.utf8), at: 10, from: mqtt)
        #expect(refused.isEmpty)
        #expect(get(c, "temp").contains(#""text":"21.5 °C""#))
        #expect(get(c, "c").contains(#""count":1,"value":21.46"#))
        #expect(lines.contains { $0.contains(#""widget":"c","event":"valueChanged""#) && $0.hasSuffix(#""source":"mqtt"}"#) })
        #expect(c.nextWidgetChange(after: 10) == 610)
        c.emit = { lines.append($0) }
        c.advance(to: 610)
        #expect(lines.contains { $0.contains(#""widget":"temp","event":"stale""#) })
        #expect(get(c, "temp").contains(#""text":"21.5 °C","stale":true"#))
        #expect(c.nextWidgetChange(after: 610) == nil)   // nothing more to wake for
        // A value that cannot be shown: one reason, the widget unchanged.
        let bad = c.receiveBound(topic: "home/lamp", payload: Array("maybe".utf8), at: 611, from: mqtt)
        #expect(bad.count == 1 && bad[0].widget == "lamp")
    }

    @Test func aUserChangeIsPendingUntilEchoedElseTheDeviceValueReturns() throws {
        let (c, _) = try controller()
        var sent: [(String, String)] = []
        c.boundCommandSink = { sent.append(($0, $1)) }
        var lines: [String] = []
        c.emit = { lines.append($0) }
        c.advance(to: 0)
        let mqtt = MQTTLike()
        c.receiveBound(topic: "home/lamp", payload: Array("off".utf8), at: 1, from: mqtt)
        #expect(sent.isEmpty)   // a value from the topic is never sent back
        // The user flips it: pending, published to the command topic.
        c.deliver(.touchDown(id: 0, x: 300, y: 50), at: 2)
        c.deliver(.touchUp(id: 0), at: 2.05)
        #expect(sent.count == 1 && sent[0] == ("home/lamp/set", "on"))
        #expect(get(c, "lamp").contains(#""on":true,"pending":true"#))
        #expect(c.nextWidgetChange(after: 2.05) == 7.05)
        // The echo confirms it.
        c.receiveBound(topic: "home/lamp", payload: Array("ON".utf8), at: 3, from: mqtt)
        #expect(!get(c, "lamp").contains("pending"))
        // Flipped again, no echo: after confirmAfter the device's value is back, with an event.
        c.deliver(.touchDown(id: 1, x: 300, y: 50), at: 4)
        c.deliver(.touchUp(id: 1), at: 4.05)
        #expect(get(c, "lamp").contains(#""on":false,"pending":true"#))
        c.emit = { lines.append($0) }
        c.advance(to: 9.05)
        #expect(lines.contains { $0.contains(#""widget":"lamp","event":"unconfirmed","sent":false,"value":true"#) })
        #expect(get(c, "lamp").contains(#""on":true"#) && !get(c, "lamp").contains("pending"))
        #expect(sent.count == 2)   // the revert is not sent anywhere
    }

    /// The same panel on a second screen (`--output all`) shows the bound value and stays
    /// fresh as long as the primary does; another screen's panel (a peer) gets its own topics.
    @Test func mirrorsAndPeersFollowBoundValues() throws {
        let (c, _) = try controller()
        let (mirror, _) = try controller()
        c.addMirror(mirror, at: 0)
        c.advance(to: 0); mirror.advance(to: 0)
        let peerPanel = try PanelLoader(kinds: WidgetCatalog.kinds).parse(#"{"panel":"q","size":[200,100],"pages":[{"id":"a","widgets":[{"id":"hall","type":"label","frame":[0,0,200,100],"text":"…","bind":{"topic":"home/hall"}}]}]}"#, file: "q.json").get()
        let peer = try PanelController(panel: peerPanel, screenWidth: 200, screenHeight: 100)
        c.peers.append(peer)
        #expect(c.boundTopics == ["home/t", "home/lamp", "home/hall"])
        let mqtt = MQTTLike()
        c.receiveBound(topic: "home/t", payload: Array(#"{"a":{"b":20}}"#.utf8), at: 500, from: mqtt)
        c.receiveBound(topic: "home/hall", payload: Array("Door open".utf8), at: 500, from: mqtt)
        #expect(get(mirror, "temp").contains(#""text":"20.0 °C""#))
        #expect(get(peer, "hall").contains(#""text":"Door open""#))
        mirror.advance(to: 700)
        #expect(!get(mirror, "temp").contains("stale"))   // refreshed at 500: stale only at 1100
        mirror.advance(to: 1100)
        #expect(get(mirror, "temp").contains(#""stale":true"#))
    }
}
