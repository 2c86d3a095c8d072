/// Whoever sent a command: stdin/stdout, or one socket connection. Replies go back to the
/// sender only; events go to every client whose filter admits them.
public protocol CommandClient: AnyObject {
    /// Sends one line (a reply or an event) to this client.
    func send(_ line: String)
    /// Which events this client receives (`observe` changes it).
    var filter: EventFilter { get set }
}
