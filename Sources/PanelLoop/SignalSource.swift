#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import PanelSystem

/// Signals as a loop source (signalfd): handled between turns, where state can be saved and
/// the console restored, never inside a signal handler.
package final class SignalSource: PollSource {
    private let signals: SignalFD
    private let handler: (Int32, Double) -> Void

    package init(_ numbers: [Int32], handler: @escaping (Int32, Double) -> Void) throws(DisplayError) {
        signals = try SignalFD(signals: numbers)
        self.handler = handler
    }

    package var pollRequests: [PollRequest] { [.readable(signals.fd)] }
    package var hasPendingWork: Bool { false }
    package var isFinished: Bool { false }

    package func service(_ revents: [Int16], at time: Double) {
        // Several signals may be queued; a handful per turn is plenty.
        for _ in 0..<8 {
            guard let s = signals.read() else { break }
            handler(s, time)
        }
    }
}
