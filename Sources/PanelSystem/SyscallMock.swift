#if DEBUG
#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Synchronization

/// Scripted outcomes for the raw calls in `Syscalls`, for one test (as swift-system's
/// `Internals/Mocking.swift`, which is compiled only with ENABLE_MOCKING; here: debug builds).
/// Each call takes the next step scripted for its kind; a kind without steps left makes the
/// real call. Bound with `during(_:)` to the test's own task (a task local), so tests running
/// in parallel on other tasks keep the real calls.
package final class SyscallMock: Sendable {
    package enum Call: Sendable, Hashable { case read, write, send, recv, poll, fsync, rename }

    package enum Step: Sendable, Equatable {
        /// Fails with this errno (-1) without making the call.
        case fail(Int32)
        /// Makes the real call with at most this many bytes (a short read or write; for a
        /// call that moves no bytes, the real call unchanged).
        case short(Int)
        /// Makes the real call unchanged.
        case real
    }

    @TaskLocal package static var current: SyscallMock?

    private struct State {
        var script: [Call: [Step]]
        var made: [(Call, Step)] = []
    }
    private let state: Mutex<State>

    package init(_ script: [Call: [Step]]) { state = Mutex(State(script: script)) }

    /// Runs `body` with this mock in place of the real calls on the current task.
    package func during<R>(_ body: () throws -> R) rethrows -> R {
        try Self.$current.withValue(self) { try body() }
    }

    /// The steps taken so far, per call kind, in order (`.real` once the script ran out).
    package func taken(_ call: Call) -> [Step] { state.withLock { $0.made.filter { $0.0 == call }.map(\.1) } }

    /// Steps not yet taken.
    package func remaining(_ call: Call) -> [Step] { state.withLock { $0.script[call] ?? [] } }

    package func transfer(_ call: Call, _ count: Int, _ real: (Int) -> Int) -> Int {
        switch next(call) {
        case .fail(let code): errno = code; return -1
        case .short(let most): return real(Swift.min(count, most))
        case .real: return real(count)
        }
    }

    /// For a call that moves no bytes (fsync, rename): fails as scripted, or is made.
    package func result(_ call: Call, _ real: () -> Int32) -> Int32 {
        if case .fail(let code) = next(call) { errno = code; return -1 }
        return real()
    }

    private func next(_ call: Call) -> Step {
        state.withLock {
            let step = $0.script[call]?.first ?? .real
            if $0.script[call]?.isEmpty == false { $0.script[call]!.removeFirst() }
            $0.made.append((call, step))
            return step
        }
    }
}
#endif
