#if canImport(Glibc)
@preconcurrency import Glibc
import CLinux
#endif
import PanelLoop
import PanelSystem

/// VT switching as a source of the one poll() loop. With `VT_PROCESS` the kernel signals the
/// VT's owner instead of switching by itself: one signal asks us to let go (another VT was
/// chosen), another says the VT is ours again. They are real-time signals, not the usual
/// SIGUSR1/SIGUSR2: SIGUSR1 is the flight recorder's dump, and a signal taken by two signalfds
/// reaches only one of them (a dump instead of a release left `chvt` waiting for good). A signalfd turns both into loop turns, so the
/// display is given up and taken back between frames, never inside a signal handler (as
/// kmscon and weston's launcher do it; plymouth uses the same two signals).
public final class ConsoleSwitcher: PollSource {
    public static let releaseSignal = kp_sigrtmin() + 2
    public static let acquireSignal = kp_sigrtmin() + 3

    public let terminal: VirtualTerminal
    private let signals: SignalFD
    /// The kernel wants the VT: give up the display, then call `terminal.allowRelease()`.
    public var onRelease: (Double) -> Void = { _ in }
    /// The VT is back: acknowledged already; take the display back and repaint.
    public var onAcquire: (Double) -> Void = { _ in }

    /// Takes `terminal` over; the signals are blocked (signalfd) before the kernel may send them.
    public init(terminal: VirtualTerminal) throws(DisplayError) {
        self.terminal = terminal
        signals = try SignalFD(signals: [Self.releaseSignal, Self.acquireSignal])
        try terminal.takeOver(releaseSignal: Self.releaseSignal, acquireSignal: Self.acquireSignal)
    }

    public var pollRequests: [PollRequest] { [.readable(signals.fd)] }
    public var hasPendingWork: Bool { false }
    public var isFinished: Bool { false }

    public func service(_ revents: [Int16], at time: Double) {
        for _ in 0..<4 {
            guard let signal = signals.read() else { break }
            if signal == Self.releaseSignal {
                onRelease(time)
            } else if signal == Self.acquireSignal {
                terminal.acknowledgeAcquire()
                onAcquire(time)
            }
        }
    }
}
