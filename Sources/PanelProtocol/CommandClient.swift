/// Whoever sent a command: stdin/stdout, or one socket connection. Replies go back to the
/// sender only; events go to every client whose filter admits them.
public protocol CommandClient: AnyObject {
    /// Sends one event line to this client.
    func send(_ line: String)
    /// Answers one of this client's requests. Default: the reply's line, as `send` sends it;
    /// a client that does not speak text (MQTT) reads the value instead.
    func reply(_ reply: Reply)
    /// Which events this client receives (`observe` changes it).
    var filter: EventFilter { get set }
    /// See the extension below; default nil.
    var eventSource: String? { get }
    /// Whether this client may name any path for a screenshot (stdin: the panel's own
    /// user) or only one inside the screenshot directory (socket, MQTT, studio). Default false.
    var writesAnywhere: Bool { get }
    /// A reply to this client was deferred (a screenshot waits for the next frame): keep the
    /// connection until `deferredReplySent`, even if the peer has half-closed.
    func replyDeferred()
    func deferredReplySent()
}

extension CommandClient {
    /// The `source` events caused by this client's commands carry (an `EventSource`: stdin
    /// says `stdin`, the socket `socket`, MQTT `mqtt`, the studio `studio`), so integrators
    /// can tell who turned a knob. nil: the widget's own, `program`.
    public var eventSource: String? { nil }
    public var writesAnywhere: Bool { false }
    public func reply(_ reply: Reply) { send(reply.line) }
    public func replyDeferred() {}
    public func deferredReplySent() {}
}
