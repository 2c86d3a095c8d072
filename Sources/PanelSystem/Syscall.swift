#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// What a raw call came to once its interruptions were retried.
package enum SyscallOutcome<Value> {
    /// The call's result (zero included: end of file, nothing written; what it means is the
    /// caller's).
    case done(Value)
    /// EAGAIN or EWOULDBLOCK on a call made with `nonBlocking: true`: try again when poll()
    /// says the descriptor is ready.
    case wouldBlock
    /// Any other errno (EAGAIN too, on a call that was not expected to block).
    case failed(Errno)
}

/// The one place that retries a raw call interrupted by a signal, as swift-nio's
/// `syscall(blocking:where:)`: `body` returns a negative value and sets errno on failure (read,
/// write, send, recv, poll through `Syscalls`). EINTR runs `body` again, so a signal never
/// costs a write or passes for an error; whether EAGAIN means "later" is the caller's word.
@inline(__always)
package func syscall<T: FixedWidthInteger & SignedInteger>(nonBlocking: Bool = false, _ body: () -> T) -> SyscallOutcome<T> {
    while true {
        let result = body()
        if result >= 0 { return .done(result) }
        let code = errno
        if code == EINTR { continue }
        if nonBlocking && (code == EAGAIN || code == EWOULDBLOCK) { return .wouldBlock }
        return .failed(Errno(code))
    }
}
