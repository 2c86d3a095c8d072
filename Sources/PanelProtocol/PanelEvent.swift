import ControlWidgets

/// One event on its way out: a widget's (`valueChanged`, `clicked`…) or the panel's own
/// (`reloaded`, `screen`, `page`…, with no widget). It stays a value from the controller to
/// each edge (stdout, the socket, MQTT, the studio, state), and each edge encodes it or
/// reads its fields itself: nobody parses another component's text.
public struct PanelEvent: Sendable, Equatable {
    /// The frame clock's time (`t`).
    public var time: Double
    /// The widget's id; nil for a panel event.
    public var widget: String?
    public var name: String
    /// The fields after `t`, `widget` and `event`, in the order they are written.
    public var fields: [EventField]

    public init(time: Double, widget: String?, name: String, fields: [EventField] = []) {
        self.time = time; self.widget = widget; self.name = name; self.fields = fields
    }

    /// A widget's event, as its model reported it.
    public init(time: Double, widget: String, _ event: WidgetEvent) {
        self.init(time: time, widget: widget, name: event.name, fields: event.fields)
    }

    /// The value of field `key`, if present.
    public subscript(key: String) -> EventValue? { fields.first { $0.key == key }?.value }

    /// The one encoding of an event, used by every edge that sends text:
    /// `{"t":1.5,"widget":"volume","event":"valueChanged",…}` (no `widget` for a panel event).
    public var line: String {
        var w = JSONLineWriter()
        w.add("t", time)
        if let widget { w.add("widget", widget) }
        w.add("event", name)
        for f in fields { w.add(f.key, f.value) }
        return w.line
    }
}

/// A receiver of the panel's events (stdout, the socket, MQTT, the studio, the mirrors'
/// check): the controller hands each event to one sink, the process's hub fans it out.
public protocol PanelEventSink: AnyObject {
    func deliver(_ event: PanelEvent)
}
