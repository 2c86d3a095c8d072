/// Whoever sent a command: stdin/stdout, or one socket connection. Replies go back to the
/// sender only; events go to every client whose filter admits them.
public protocol CommandClient: AnyObject {
    /// Sends one line (a reply or an event) to this client.
    func send(_ line: String)
    /// Which events this client receives (`observe` changes it).
    var filter: EventFilter { get set }
    /// See the extension below; default nil.
    var eventSource: String? { get }
}

extension CommandClient {
    /// The `source` events caused by this client's commands carry (nil: the widget's own,
    /// `program`). The MQTT bridge says `mqtt`, so integrators can tell who turned a knob.
    public var eventSource: String? { nil }
}
