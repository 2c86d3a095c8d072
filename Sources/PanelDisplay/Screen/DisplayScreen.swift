import PanelCore
import PanelSystem
/// One connector showing one panel: the panel's controller, the KMS output (nil while the
/// connector has no display), and the output's own flip pacing. A display session drives one
/// or several of these on one device; each has its own CRTC, buffers and flips.
public final class DisplayScreen {
    /// The connector this screen follows (fixed: a screen is "whatever is on HDMI-A-1").
    public let connectorName: String
    public let controller: PanelController
    public let modeRequest: ModeRequest
    public private(set) var output: KMSOutput?
    package var pacer: FlipPacer
    /// The mode is to be set with a full frame on the next turn (start, or after a hotplug).
    public private(set) var needsStart = true
    /// Flip completion times (seconds since exec) of this screen.
    public internal(set) var flips = RecentSamples()
    /// The backlight and DPMS of this screen's connector (nil: the frame does it all). Every
    /// screen of a session follows one screen-power state (ScreenPowerGroup).
    public var power: DisplayPower?
    /// Shows the primary screen's panel (`--output all`): its controller is one of the
    /// primary's `mirrors`, which replays the primary's input and commands.
    public var mirrorsPrimary = false
    /// The composited mouse arrow (no cursor plane), handed to every output this screen gets.
    public var softwareCursor: SoftwareCursor? {
        didSet { output?.softwareCursor = softwareCursor }
    }

    /// What a hotplug probe changed for this screen.
    public enum Change: Equatable, Sendable {
        case unchanged
        /// The connector lost its display: nothing is drawn or flipped on it any more.
        case disconnected
        /// A display appeared (again): mode set and full repaint on the next turn.
        case connected(DisplayMode)
        /// The display offers another mode now: new buffers, relayout at the new size.
        case modeChanged(DisplayMode)
        /// The connector is back but cannot be driven (mode not offered, no free CRTC).
        case failed(String)
    }

    public init(controller: PanelController, output: KMSOutput, modeRequest: ModeRequest = .preferred) {
        self.controller = controller
        self.output = output
        self.modeRequest = modeRequest
        connectorName = output.connector.name
        pacer = FlipPacer(refreshPeriod: output.mode.refreshPeriod)
        softwareCursor = output.softwareCursor
    }

    /// A screen whose connector has no display yet (`--output NAME=PANEL` for a connector
    /// that is unplugged at start): it comes up with the first hotplug event that connects it.
    public init(controller: PanelController, waitingFor connectorName: String, modeRequest: ModeRequest = .preferred) {
        self.controller = controller
        self.connectorName = connectorName
        self.modeRequest = modeRequest
        output = nil
        pacer = FlipPacer(refreshPeriod: 1.0 / 60)
    }

    /// Tells the controller what this connector's backlight and DPMS do, so the frame does
    /// only the rest. (The changes reach them through the session's console rules:
    /// `ConsoleDisplay`'s `.power` actions, applied to every screen.)
    package func connectPower() {
        guard let power else { return }
        controller.screenAbilities = power.abilities
    }

    /// Sets the mode with a full frame and queues a flip to the same picture, so the first
    /// flip event confirms the screen is on. Needs `needsStart` and an output.
    package func start(at time: Double) throws(DisplayError) {
        guard let output, needsStart else { return }
        pacer = FlipPacer(refreshPeriod: output.mode.refreshPeriod)
        pacer.frameStarted(at: time)
        controller.advance(to: time)
        controller.invalidateAll()
        _ = controller.renderFrame(at: time)
        try output.start(with: controller)   // both buffers: the whole picture
        needsStart = false
        controller.panelShown(at: time)   // the modeset shows it: the idle timers start now
        try output.present(controller, damage: [])
    }

    /// Started on a VT in the background: the first frame is rendered now (fonts, layers and
    /// shadows cached), so the switch to the VT costs a composite, a copy and a modeset.
    package func prepare(at time: Double) {
        controller.advance(to: time)
        controller.invalidateAll()
        _ = controller.renderFrame(at: time)
        controller.warmCaches()
        while controller.prepareAhead() {}
    }

    /// Back on our VT: the mode set again with the whole frame (started before) or for the
    /// first time (the panel started on a VT in the background), then a flip of it.
    package func resume(at time: Double) throws(DisplayError) {
        guard let output else { return }
        guard output.isStarted else { return try start(at: time) }
        pacer.frameStarted(at: time)
        controller.advance(to: time)
        controller.invalidateAll()
        let damage = controller.renderFrame(at: time)
        try output.resume(with: controller)
        try output.present(controller, damage: damage)
    }

    /// Shows the frame due at `time`, if one is due and allowed; returns true when a flip was
    /// queued, or the time to wake for the next slot of the pacing grid. A frame for the
    /// composited arrow alone repaints only the arrow's boxes (the output asks for them).
    package func presentIfDue(at time: Double) throws(DisplayError) -> (presented: Bool, wake: Double?) {
        guard let output, !needsStart, !output.flipPending else { return (false, nil) }
        let panelChanged = controller.wantsFrame(at: time)
        guard panelChanged || output.cursorNeedsFrame else { return (false, nil) }
        guard time >= pacer.earliestNextFrame else { return (false, pacer.earliestNextFrame) }
        pacer.frameStarted(at: time)
        controller.advance(to: time)
        let damage = panelChanged ? controller.renderFrame(at: time) : []
        try output.present(controller, damage: damage)
        return (true, nil)
    }

    /// A flip is pending or a frame is wanted: no time for work done ahead.
    package func busy(at time: Double) -> Bool {
        guard let output, !needsStart else { return false }
        return output.flipPending || controller.wantsFrame(at: time)
    }

    package func flipQueued(at time: Double) { pacer.flipQueued(at: time) }

    package func flipCompleted(at time: Double, sinceExec: Double) {
        output?.flipCompleted()
        pacer.flipCompleted(at: time)
        flips.append(sinceExec)
    }

    /// Follows the connector's new state after a hotplug event. `busyCRTCs`: those of the
    /// device's other screens. The output is replaced (never patched) when the mode changes.
    package func apply(_ connectors: [ConnectorInfo], device: any KMSDevice, busyCRTCs: Set<UInt32>, at time: Double) -> Change {
        let info = connectors.first { $0.name == connectorName }
        guard let info, info.isConnected, !info.modes.isEmpty else {
            guard output != nil else { return .unchanged }
            takeDown()
            return .disconnected
        }
        // The mode wanted now; an explicit --mode that the new display lacks falls back to its
        // preferred one rather than leaving the screen dark.
        guard let mode = modeRequest.select(from: info.modes) ?? ModeRequest.preferred.select(from: info.modes) else { return .unchanged }
        if let output, output.mode.width == mode.width && output.mode.height == mode.height
            && abs(output.mode.refreshRate - mode.refreshRate) < 0.01 && output.isStarted {
            return .unchanged
        }
        let wasShown = output != nil
        output?.shutdown()
        output = nil
        needsStart = true
        let request = ModeRequest.size(width: mode.width, height: mode.height, refresh: mode.refreshRate)
        let next: KMSOutput
        do { next = try KMSOutput(device: device, connector: info, modeRequest: request, busyCRTCs: busyCRTCs) }
        catch { return .failed(error.message) }
        if next.width != controller.rotation.physicalWidth || next.height != controller.rotation.physicalHeight {
            do { try controller.resize(screenWidth: next.width, screenHeight: next.height, at: time) }
            catch { return .failed("cannot lay the panel out at \(next.width)x\(next.height): \(error)") }
        }
        next.setRotation(degrees: controller.rotation.degrees)
        next.softwareCursor = softwareCursor
        output = next
        return wasShown ? .modeChanged(mode) : .connected(mode)
    }

    /// Stops drawing on this connector (gone, or failed to start): restores what the CRTC
    /// showed before us and frees the buffers; the next hotplug probe may bring it back.
    package func takeDown() {
        output?.shutdown()
        output = nil
        needsStart = true
    }

    /// Restores what the CRTC showed before us (unless the display is someone else's now: the
    /// panel's VT is in the background) and frees the buffers.
    package func shutdown(restoringCRTC: Bool = true) { output?.shutdown(restoringCRTC: restoringCRTC) }
}
