/// The panel's topics under one prefix (`knob-panel/<client id>` by default). Built in one
/// place so the bridge, Home Assistant discovery and the tests agree on every name.
public struct MQTTTopics: Equatable, Sendable {
    public let prefix: String

    public init(prefix: String) { self.prefix = prefix }

    /// Retained: the widget's state as `get` reports it.
    public func state(_ widget: String) -> String { prefix + "/" + widget + "/state" }
    /// Commands for the widget: a bare value or a JSON command.
    public func set(_ widget: String) -> String { prefix + "/" + widget + "/set" }
    /// Home Assistant event entities (dial digits, button presses).
    public func event(_ widget: String) -> String { prefix + "/" + widget + "/event" }
    /// Every event line, not retained.
    public var events: String { prefix + "/events" }
    public var pageState: String { self.state("page") }
    public var pageSet: String { self.set("page") }
    /// The screen as a light (retained state; commands): Home Assistant's JSON light schema.
    public var screenState: String { self.state("screen") }
    public var screenSet: String { self.set("screen") }
    /// Availability: `online`, `offline` (the last will).
    public var status: String { prefix + "/status" }
    /// The one subscription: every `set` topic, the page's included.
    public var setPattern: String { prefix + "/+/set" }

    /// The widget (or `page`) a `set` topic names; nil for any other topic. Only one level:
    /// `prefix/a/b/set` is not a set topic (the subscription's `+` matches one level anyway).
    public func widget(ofSetTopic topic: String) -> String? {
        guard topic.hasPrefix(prefix + "/"), topic.hasSuffix("/set") else { return nil }
        let middle = topic.utf8.dropFirst(prefix.utf8.count + 1).dropLast(4)
        guard !middle.isEmpty, !middle.contains(UInt8(ascii: "/")) else { return nil }
        return String(middle)
    }
}
