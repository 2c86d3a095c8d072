import CCairo

/// A failure in Cairo or image I/O, carrying the call that failed and why.
public struct GraphicsError: Error, CustomStringConvertible, Sendable {
    public let operation: String
    public let reason: String

    public init(_ operation: String, _ reason: String) {
        self.operation = operation
        self.reason = reason
    }

    init(_ operation: String, status: cairo_status_t) {
        self.init(operation, String(cString: cairo_status_to_string(status)))
    }

    public var description: String { "\(operation): \(reason)" }
}
