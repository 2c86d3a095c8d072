#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// One piece of work done on a thread of its own while its owner goes on (a cache image the
/// first frame needs later), its result taken once on the owner's thread (`take`, which waits
/// for it). Without a thread (none could be made) `take` does the work itself: the result is
/// the same either way, only when it is ready depends on threads. The work must touch nothing
/// another thread uses (a Cairo surface of its own is fine; text and its caches are not).
package final class BackgroundWork<Value> {
    /// The result, handed over once: written by the work's thread before it ends, read by the
    /// owner after `pthread_join`, which orders the two.
    private final class Slot: @unchecked Sendable {
        var value: Value?
    }

    private let slot = Slot()
    private var body: (@Sendable () -> Value)?
    private var thread: pthread_t?

    package init(_ body: @escaping @Sendable () -> Value) {
        let slot = self.slot
        thread = WorkerThread.start(detached: false, background: false) {
            slot.value = body()
            // What the work freed stays in this thread's malloc arena, which the loop never
            // reuses: handed back to the system now.
            FreedMemory.release()
        }
        startedThread = thread != nil
        if thread == nil { self.body = body }
    }

    /// Whether the work was given a thread of its own (false: `take` does it).
    package let startedThread: Bool

    /// The work's result, waited for (or made now, without a thread). Once only.
    package func take() -> Value {
        if let thread {
            pthread_join(thread, nil)
            self.thread = nil
        } else if let body {
            slot.value = body()
            self.body = nil
        }
        guard let value = slot.value else { preconditionFailure("BackgroundWork taken twice") }
        slot.value = nil
        return value
    }

    /// Never taken (its owner wanted something else): the thread finishes alone, its result
    /// freed with it; nobody waits.
    deinit {
        if let thread { pthread_detach(thread) }
    }
}
