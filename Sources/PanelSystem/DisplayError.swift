#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Why the display could not be used, as one clear line for the user.
public struct DisplayError: Error, CustomStringConvertible, Sendable {
    public enum Kind: Sendable, Equatable {
        case noDevice, permissionDenied, masterHeld, noConnectedConnector, unknownConnector, modeNotOffered, system
        /// The path exists but is no KMS device: /dev/null, a regular file, a FIFO, a render node.
        case notKMSDevice
    }
    public let kind: Kind
    public let message: String

    public init(_ kind: Kind, _ message: String) { self.kind = kind; self.message = message }

    /// A failed system or libdrm call: its name and the errno text (swift-system's style).
    public static func call(_ name: String, errno code: Int32, context: String = "") -> DisplayError {
        let text = String(cString: strerror(code))
        let kind: Kind = (code == EACCES || code == EPERM) ? .masterHeld : .system
        return DisplayError(kind, "\(context.isEmpty ? "" : context + ": ")\(name) failed: \(text) (errno \(code))")
    }

    /// True when there is no usable display here, so the caller may fall back to offscreen.
    public var meansNoDisplayAvailable: Bool {
        switch kind {
        case .noDevice, .masterHeld, .noConnectedConnector, .permissionDenied: return true
        default: return false
        }
    }

    public var description: String { message }
}
