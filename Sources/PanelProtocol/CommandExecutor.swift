/// Where a transport (stdin, the socket) hands the request lines it reads: the panel. The
/// transport only calls down; replies come back through the client (`CommandClient.send`),
/// so no transport needs a closure that reaches into the panel.
public protocol CommandExecutor: AnyObject {
    /// Executes one request line; its reply goes to `client` (nil: the panel's own output).
    func execute(commandLine: String, at time: Double, from client: (any CommandClient)?)
    /// Answers a line that could not be read whole (longer than the transport's limit).
    func rejectCommand(_ message: String, at time: Double, from client: (any CommandClient)?)
}
