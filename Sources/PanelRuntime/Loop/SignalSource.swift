#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Signals as a loop source (signalfd): handled between turns, where state can be saved and
/// the console restored, never inside a signal handler.
final class SignalSource: PollSource {
    private let signals: SignalFD
    private let handler: (Int32, Double) -> Void

    init(_ numbers: [Int32], handler: @escaping (Int32, Double) -> Void) throws(DisplayError) {
        signals = try SignalFD(signals: numbers)
        self.handler = handler
    }

    var pollRequests: [PollRequest] { [.readable(signals.fd)] }
    var hasPendingWork: Bool { false }
    var isFinished: Bool { false }

    func service(_ revents: [Int16], at time: Double) {
        // Several signals may be queued; a handful per turn is plenty.
        for _ in 0..<8 {
            guard let s = signals.read() else { break }
            handler(s, time)
        }
    }
}

/// Touch, mouse and key devices (libinput or evdev) as a loop source.
final class InputPollSource: PollSource {
    private let input: any InputSource
    private let controller: PanelController
    private let latency: InputLatencyProbe?
    private let isSuspended: () -> Bool

    init(_ input: any InputSource, controller: PanelController, latency: InputLatencyProbe? = nil,
         isSuspended: @escaping () -> Bool = { false }) {
        self.input = input
        self.controller = controller
        self.latency = latency
        self.isSuspended = isSuspended
    }

    var pollRequests: [PollRequest] { input.descriptors.map { .readable($0) } }
    var hasPendingWork: Bool { false }
    var isFinished: Bool { false }

    func service(_ revents: [Int16], at time: Double) {
        let events = input.read()   // read even when suspended, or poll() would not sleep
        guard !isSuspended() else { _ = input.drainReportTimes(); return }
        for event in events { controller.deliver(event, at: time) }
        latency?.noteInput(kernelTimes: input.drainReportTimes())
    }
}
