#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// An errno value with its text, for one clear error line.
public struct Errno: Error, Equatable, CustomStringConvertible {
    public let code: Int32
    public init(_ code: Int32) { self.code = code }
    public var description: String { String(cString: strerror(code)) }
}
