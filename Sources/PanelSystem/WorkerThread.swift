import CLinux
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A thread of the panel's own beside the loop (an encoder, a decoder, a first-frame image,
/// fontconfig's load). It blocks every signal (they are the loop's, through signalfd), and
/// `background` work runs below the loop's priority: on a busy machine (two cores here) the
/// loop's flips and pings come first.
package enum WorkerThread {
    /// Starts `run`; nil when no thread could be made. `detached`: nobody joins it.
    package static func start(detached: Bool, background: Bool, _ run: @escaping @Sendable () -> Void) -> pthread_t? {
        final class Job: @unchecked Sendable {
            let run: @Sendable () -> Void, background: Bool
            init(_ run: @escaping @Sendable () -> Void, background: Bool) { self.run = run; self.background = background }
        }
        let job = Unmanaged.passRetained(Job(run, background: background)).toOpaque()
        var t = pthread_t()
        guard pthread_create(&t, nil, { arg in
            let job = Unmanaged<Job>.fromOpaque(arg!).takeRetainedValue()
            var all = sigset_t()
            sigfillset(&all)
            pthread_sigmask(SIG_BLOCK, &all, nil)
            if job.background { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(kp_gettid()), 10) }
            job.run()
            return nil
        }, job) == 0 else {
            Unmanaged<Job>.fromOpaque(job).release()
            return nil
        }
        if detached { pthread_detach(t) }
        return t
    }
}
