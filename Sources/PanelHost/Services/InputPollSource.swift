import PanelCore
import PanelInput
import PanelLoop
/// Touch, mouse and key devices (libinput or evdev) as a loop source.
package final class InputPollSource: PollSource {
    private let input: any InputSource
    private let controller: PanelController
    private let latency: InputLatencyProbe?
    private let isSuspended: () -> Bool

    package init(_ input: any InputSource, controller: PanelController, latency: InputLatencyProbe? = nil,
         isSuspended: @escaping () -> Bool = { false }) {
        self.input = input
        self.controller = controller
        self.latency = latency
        self.isSuspended = isSuspended
    }

    package var pollRequests: [PollRequest] { input.descriptors.map { .readable($0) } }
    package var hasPendingWork: Bool { false }
    package var isFinished: Bool { false }

    package func service(_ revents: [Int16], at time: Double) {
        let events = input.read()   // read even when suspended, or poll() would not sleep
        guard !isSuspended() else { _ = input.drainReportTimes(); return }
        for event in events { controller.deliver(screenEvent: event, measuredOn: input.screenSize, at: time) }
        latency?.noteInput(kernelTimes: input.drainReportTimes())
    }
}
