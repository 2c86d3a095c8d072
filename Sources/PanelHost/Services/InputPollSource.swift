import PanelCore
import PanelInput
import PanelLoop
/// Touch, mouse and key devices (libinput or evdev) as a loop source.
package final class InputPollSource: PollSource {
    private let input: any InputSource
    private let controller: PanelController
    /// The screen the device is on: its mode and rotation map the points (a mirror's touches
    /// go to the primary's panel, mapped through the mirror's own screen).
    private let screen: PanelController
    private let latency: InputLatencyProbe?
    private let isSuspended: () -> Bool

    package init(_ input: any InputSource, controller: PanelController, screen: PanelController? = nil, latency: InputLatencyProbe? = nil,
         isSuspended: @escaping () -> Bool = { false }) {
        self.input = input
        self.controller = controller
        self.screen = screen ?? controller
        self.latency = latency
        self.isSuspended = isSuspended
    }

    package var pollRequests: [PollRequest] { input.descriptors.map { .readable($0) } }
    package var hasPendingWork: Bool { false }
    package var isFinished: Bool { false }

    package func service(_ revents: [Int16], at time: Double) {
        let events = input.read()   // read even when suspended, or poll() would not sleep
        guard !isSuspended() else { _ = input.drainReportTimes(); return }
        for event in events { controller.deliver(screen.designEvent(fromScreen: event, measuredOn: input.screenSize), at: time) }
        latency?.noteInput(kernelTimes: input.drainReportTimes(), readAt: time)
    }
}
