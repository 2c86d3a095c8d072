import Testing
@testable import PanelLayout
import ControlWidgets

/// `bind` objects (issue 27): every bindable kind takes one, a label too (beside its widget
/// id); mistakes are reported where they are.
@Suite struct BindSchemaTests {
    @Test func bindableKindsTakeABindObject() throws {
        for type in ["knob", "slider", "toggle", "indicator", "chart"] {
            #expect(WidgetCatalog.kinds.kind(named: type)?.property(named: "bind") != nil, "\(type)")
        }
        let p = try #require(panel(fileWithWidget(#"{"id": "t", "type": "label", "frame": [0, 0, 100, 50], "bind": {"topic": "home/t", "path": "a.b", "format": "%.1f °C", "staleAfter": 600}}"#)))
        #expect(p.pages[0].widgets[0].binding == BindSpec(topic: "home/t", path: ["a", "b"], format: "%.1f °C", staleAfter: 600))
        let k = try #require(panel(fileWithWidget(#"{"id": "k", "type": "toggle", "frame": [0, 0, 100, 50], "title": "L", "bind": {"topic": "x", "commandTopic": "x/set", "confirmAfter": 2}}"#)))
        #expect(k.pages[0].widgets[0].binding == BindSpec(topic: "x", commandTopic: "x/set", confirmAfter: 2))
        // A label's bind to a widget id is no MQTT binding.
        let l = try #require(panel(#"{"panel":"T","size":[400,200],"pages":[{"id":"p","widgets":[{"id":"k","type":"toggle","frame":[0,0,100,50],"title":"L"},{"id":"t","type":"label","frame":[0,100,100,50],"bind":"k"}]}]}"#))
        #expect(l.pages[0].widgets[1].binding == nil)
    }

    @Test func mistakesArePositioned() {
        func messages(_ bind: String) -> [String] {
            diagnostics(fileWithWidget(#"{"id": "t", "type": "label", "frame": [0, 0, 100, 50], "bind": "# + bind + "}")).map(\.description)
        }
        #expect(messages(#"{"topic": "home/+/t"}"#) == [#"t.json:3:74: error: 'bind' 'topic': "home/+/t" has a wildcard ('+' or '#'); bind one topic"#])
        #expect(messages(#"{"topic": "a", "format": "%d %d"}"#).first?.contains("t.json:3:89: error: 'bind' 'format':") == true)
        #expect(messages(#"{"topic": "a", "path": "a..b"}"#) == [#"t.json:3:87: error: 'bind' 'path': "a..b" has an empty part (write "a.b")"#])
        #expect(messages(#"{"topic": "a", "staleAfter": 0}"#).first?.contains("'staleAfter': 0 is out of range: must be between 1 and 604800") == true)
        #expect(messages(#"{"topic": "a", "commandTopic": "a"}"#).first?.contains("'commandTopic' is the bound topic itself") == true)
        #expect(messages(#"{"topik": "a"}"#).contains { $0.contains("unknown key 'topik' in bind (did you mean 'topic'?)") })
        #expect(messages(#"{"path": "a"}"#).contains { $0.contains("missing required key 'topic' in bind") })
    }
}
