import Testing
import ControlWidgets
import PanelLayout
@testable import PanelProtocol
@testable import PanelCore
@testable import PanelHost
@testable import PanelMQTT

/// Events and replies stay values from the controller to each edge (issue 25, item 2): the
/// one encoder of each writes the lines integrators already compare, byte for byte, and the
/// MQTT bridge acts on the values without reading any text.
@Suite struct TypedBusTests {
    // MARK: one encoder, the old bytes

    @Test func eventLinesAreTheOnesIntegratorsCompare() {
        let knob = PanelEvent(time: 1.5, widget: "volume", WidgetEvent("valueChanged", [
            EventField("position", .number(90)), EventField("positionIndex", .integer(3)),
            EventField("value", .number(0.1234567)), EventField("source", .string("user"))]))
        #expect(knob.line == #"{"t":1.5,"widget":"volume","event":"valueChanged","position":90,"positionIndex":3,"value":0.123457,"source":"user"}"#)
        let click = PanelEvent(time: 0, widget: "rec", WidgetEvent("clicked", [EventField("pressed", .bool(false))]))
        #expect(click.line == #"{"t":0,"widget":"rec","event":"clicked","pressed":false}"#)
        // Panel events carry no `widget`.
        let reloaded = PanelEvent(time: 2.25, widget: nil, name: "reloaded", fields: [EventField("panel", .string("Studio \"A\""))])
        #expect(reloaded.line == #"{"t":2.25,"event":"reloaded","panel":"Studio \"A\""}"#)
        let failed = PanelEvent(time: 3, widget: nil, name: "reloadFailed", fields: [EventField("errors", .strings(["p.json:1:2: error: x", "b\nc"]))])
        #expect(failed.line == #"{"t":3,"event":"reloadFailed","errors":["p.json:1:2: error: x","b\nc"]}"#)
        #expect(failed["errors"] == .strings(["p.json:1:2: error: x", "b\nc"]))
        #expect(knob["source"]?.string == "user" && knob["missing"] == nil)
    }

    @Test func replyLinesAreTheOnesIntegratorsCompare() {
        var data = JSONLineWriter()
        data.add("widget", "k"); data.add("position", 90.0)
        #expect(Reply.ok("7", data: data).line == #"{"request_id":7,"ok":true,"data":{"widget":"k","position":90}}"#)
        #expect(Reply.ok(nil).line == #"{"ok":true,"data":{}}"#)
        #expect(Reply.failure("\"r\"", "no widget 'x'").line == #"{"request_id":"r","ok":false,"error":"no widget 'x'"}"#)
        #expect(Reply.failure(nil, "the layout file has errors", errors: ["a:1:1: error: \"q\""]).line
                == #"{"ok":false,"error":"the layout file has errors","errors":["a:1:1: error: \"q\""]}"#)
        #expect(Reply.ok(nil).isOK && Reply.ok(nil).error == nil)
        #expect(!Reply.failure(nil, "why").isOK && Reply.failure(nil, "why").error == "why")
    }

    // MARK: the controller hands values to its sink

    final class Collector: PanelEventSink, CommandClient {
        var events: [PanelEvent] = []
        var replies: [Reply] = []
        var filter: EventFilter = .all
        var eventSource: String? { "socket" }
        func deliver(_ event: PanelEvent) { events.append(event) }
        func send(_ line: String) { Issue.record("a reply went out as text: \(line)") }
        func reply(_ reply: Reply) { replies.append(reply) }
    }

    static let panelText = #"{"panel":"p","size":[200,200],"pages":[{"id":"a","widgets":[{"id":"k","type":"knob","frame":[0,0,200,200]}]}]}"#

    @Test func eventsAndRepliesReachTheEdgeAsValues() throws {
        let c = try PanelController(panel: try PanelLoader(kinds: WidgetCatalog.kinds).parse(Self.panelText, file: "p.json").get(), screenWidth: 200, screenHeight: 200)
        let sink = Collector()
        c.eventSink = sink
        c.execute(PanelCommand(.widget(id: "k", WidgetCommand("set", ["position": .number(90)])), requestID: "1"), at: 0.5, from: sink)
        c.execute(PanelCommand(.widget(id: "k", WidgetCommand("set", ["position": .string("x")]))), at: 0.5, from: sink)
        #expect(sink.replies.map(\.isOK) == [true, false])
        #expect(sink.replies[0].requestID == "1" && sink.replies[1].error == "'position' must be a number")
        #expect(sink.events.map(\.name) == ["valueChanged"])
        #expect(sink.events.first?.widget == "k" && sink.events.first?["source"] == .string("socket"))
        #expect(sink.events.first?["position"]?.number == 90)

        // Without a sink, the same values leave as their lines.
        var lines: [String] = []
        c.eventSink = nil
        c.emit = { lines.append($0) }
        c.execute(PanelCommand(.widget(id: "k", WidgetCommand("set", ["position": .number(45)]))), at: 1)
        let event = PanelEvent(time: 1, widget: "k", name: "valueChanged", fields: [
            EventField("position", .number(45)), EventField("positionIndex", .integer(0)), EventField("title", .string("0")),
            EventField("source", .string("program"))])
        #expect(lines.count == 2 && lines.last == event.line, "\(lines)")
    }

    // MARK: MQTT acts on values

    static func bridge(_ c: PanelController, notes: Box) throws -> MQTTBridge {
        let client = try MQTTClient(options: .init(host: "127.0.0.1", port: 1, clientID: "typed-bus-test"))
        return MQTTBridge(client: client, controller: c, options: .init(prefix: "kp"), report: { notes.lines.append($0) })
    }

    final class Box { var lines: [String] = [] }

    @Test func mqttCountsRepliesByTheirOutcome() throws {
        let c = try MQTTTests.controller()
        let notes = Box()
        let bridge = try Self.bridge(c, notes: notes)
        // A refused set: the reply's message is logged, nothing parsed.
        c.execute(PanelCommand(.widget(id: "volume", WidgetCommand("set", ["value": .string("loud")]))), line: "", at: 0, from: bridge)
        #expect(bridge.setsIgnored == 1 && bridge.setsApplied == 0)
        #expect(notes.lines == ["mqtt: ignored '?': 'value' must be a number"])
        // An error whose text holds `"ok":true` is still a failure (the substring test was fooled).
        bridge.reply(.failure(nil, #"{"ok":true}"#))
        #expect(bridge.setsIgnored == 2)
        bridge.reply(.ok(nil))
        #expect(bridge.setsApplied == 1)
    }

    @Test func mqttFollowsDragsFromEventValues() throws {
        let c = try MQTTTests.controller()
        let bridge = try Self.bridge(c, notes: Box())
        bridge.deliver(PanelEvent(time: 1, widget: "volume", .trackingBegan))
        #expect(bridge.tracking == ["volume"])
        // A panel event named like a widget's does nothing to drags.
        bridge.deliver(PanelEvent(time: 2, widget: nil, name: WidgetEvent.trackingEnded.name))
        #expect(bridge.tracking == ["volume"])
        bridge.deliver(PanelEvent(time: 3, widget: "volume", .trackingEnded))
        #expect(bridge.tracking.isEmpty)
    }

    /// A payload's `widget` is decided by its keys: a value that says "widget" no longer
    /// hides the topic's widget, and the command is the value the recorded line parses to.
    @Test func mqttPayloadsBecomeCommandValues() throws {
        let c = try MQTTTests.controller()
        guard case .success(let title) = MQTTSetPayload.command(Array(#"{"command":"set","title":"widget"}"#.utf8), widget: MQTTTests.widget(c, "input")) else {
            Issue.record("a title 'widget' was refused"); return
        }
        #expect(title.command == PanelCommand(.widget(id: "input", WidgetCommand("set", ["title": .string("widget")]))))
        #expect(title.line == #"{"widget":"input","command":"set","title":"widget"}"#)
        for (payload, id) in [("42.1234567", "volume"), ("Hall", "reverb"), ("ON", "fan"), ("7", "phone"), (#"{"command":"dial","number":3}"#, "phone")] {
            guard case .success(let r) = MQTTSetPayload.command(Array(payload.utf8), widget: MQTTTests.widget(c, id)) else {
                Issue.record("\(payload) refused"); continue
            }
            #expect((try? PanelCommand.parse(r.line).get()) == r.command, "\(payload)")
        }
    }
}
