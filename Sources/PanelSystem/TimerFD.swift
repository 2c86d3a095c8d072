import CLinux
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A CLOCK_MONOTONIC timerfd: the main loop sleeps in poll() until it fires.
package final class TimerFD {
    package let fd: Int32

    package init() throws(DisplayError) {
        fd = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        if fd < 0 { throw DisplayError.call("timerfd_create", errno: errno) }
    }

    deinit { close(fd) }

    /// Arms the timer for an absolute CLOCK_MONOTONIC time in seconds (nil disarms).
    package func arm(atMonotonic seconds: Double?) {
        var spec = itimerspec()
        if let seconds {
            // Clamp so the conversion to whole seconds can never trap (a century is "never").
            let s = Swift.min(Swift.max(seconds, 1e-6), 3.2e9)
            spec.it_value.tv_sec = Int(s.rounded(.down))
            spec.it_value.tv_nsec = Int((s - s.rounded(.down)) * 1e9)
            if spec.it_value.tv_sec == 0 && spec.it_value.tv_nsec == 0 { spec.it_value.tv_nsec = 1 }
        }
        _ = timerfd_settime(fd, Int32(TFD_TIMER_ABSTIME), &spec, nil)
    }

    /// Clears a fired timer.
    package func drain() {
        var expirations: UInt64 = 0
        _ = read(fd, &expirations, 8)
    }
}

/// SIGINT and SIGTERM delivered as a readable descriptor, so shutdown happens in the loop
/// (where the CRTC can be restored) rather than in a signal handler.
package final class SignalFD {
    package let fd: Int32

    package init(signals: [Int32]) throws(DisplayError) {
        var set = sigset_t()
        sigemptyset(&set)
        for s in signals { sigaddset(&set, s) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
        fd = signalfd(-1, &set, Int32(SFD_NONBLOCK | SFD_CLOEXEC))
        if fd < 0 { throw DisplayError.call("signalfd", errno: errno) }
    }

    deinit { close(fd) }

    /// The signal number that arrived, if any.
    package func read() -> Int32? {
        var info = signalfd_siginfo()
        let n = Glibc.read(fd, &info, MemoryLayout<signalfd_siginfo>.size)
        return n == MemoryLayout<signalfd_siginfo>.size ? Int32(info.ssi_signo) : nil
    }
}
