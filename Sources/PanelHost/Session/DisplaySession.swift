import CLinux
import Graphics
#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import PanelCore
import PanelDisplay
import PanelProtocol
import PanelSystem

/// The display main loop: one thread, one poll() (PollLoop) over the DRM fd (flip events of
/// every screen on the device), a
/// timerfd (frame pacing, --exit-after, sources' deadlines) and every source of the panel's
/// services (signals, stdin, the control socket and its clients, input devices). A frame is
/// prepared only when something changed or animates, and only when no flip is pending;
/// otherwise the process sleeps in poll().
public final class DisplaySession {
    public struct Options {
        public var exitAfter: Double?
        /// Created (empty, through `OutputFile`) once the first page flip has completed (the
        /// panel is on screen); a failure is kept in `Statistics.outputErrors`.
        public var readyFile: String?
        /// One JSON line per completed flip: `{"flip":N,"t":SECONDS_SINCE_EXEC,"clock":FRAME_CLOCK}`.
        /// Unlike event times (the frame clock, from when the panel came up) `t` counts from
        /// exec, so start-up cost shows; `clock` is the frame clock, so a command's event time
        /// and the flip that showed it can be compared (request-to-flip latency). `read`, `start`
        /// and `queued` (frame clock) say when the panel read the frame's first input, when the
        /// frame began and when its flip was queued: an input's wait to be read, to be painted,
        /// the painting and the wait for vblank. The caller opens
        /// it (live) and commits it after `run()`.
        public var flipLog: OutputFile?
        /// The VT the panel runs on: it then switches VTs itself (`ConsoleSwitcher`).
        public var console: VirtualTerminal?
        /// Run when the VT is switched away, while the panel is still DRM master (the hardware
        /// cursor is hidden here: the console's modeset would leave it in an unknown state).
        public var onConsoleRelease: () -> Void = {}
        /// Notes for the user (stderr): VT switches, hotplug outcomes.
        public var report: (String) -> Void = { _ in }
        public init() {}
    }

    public struct Statistics {
        /// Completion times, seconds since exec (the latest; `count`: every flip).
        public var flips = RecentSamples()
        public var firstFlipSinceExec: Double?
        public var framesRendered = 0
        /// Seconds from starting a frame to queueing its flip (render + copy), per frame.
        public var frameCosts = RecentSamples()
        public var driverLacksVblank = false
        /// Hotplug and VT-switch records kept (the latest): a flaky cable must not grow them for months.
        public static let eventsKept = 256
        /// What each hotplug probe changed: loop clock time, connector, change.
        public var hotplugChanges: [(time: Double, connector: String, change: DisplayScreen.Change)] = []
        /// Seconds from a hotplug event to the first flip on the screen it brought back or resized.
        public var hotplugToFlip: [(connector: String, seconds: Double)] = []
        /// Outputs that could not be written (the ready file), one message each.
        public var outputErrors: [String] = []
        /// Mirrors that showed other values than the primary once both were at rest, and were
        /// given them (0 when replaying kept them in step, as it should).
        public var mirrorResyncs = 0
        /// Seconds from each return to our VT to the first flip after it.
        public var returnsToConsole: [Double] = []
        /// Intervals between consecutive flips while frames kept coming; gaps longer than
        /// `idleGap` are the panel sleeping (nothing changed) and are left out.
        public func activeIntervals(idleGap: Double = 0.25) -> (intervals: [Double], idleGaps: Int) {
            let flips = self.flips.values
            guard flips.count > 1 else { return ([], 0) }
            let all = (1..<flips.count).map { flips[$0] - flips[$0 - 1] }
            let active = all.filter { $0 <= idleGap }
            return (active, all.count - active.count)
        }
    }

    /// The screens this session drives, all on `device`; the first is the primary (its
    /// controller serves stdin, the socket and state; input goes to it by default).
    public let screens: [DisplayScreen]
    package let device: any KMSDevice
    package let options: Options
    package let clock = MonotonicClock()
    package let services: PanelServices
    public internal(set) var stats = Statistics()
    package var console = ConsoleState()
    /// Set by a hotplug event: probe the connectors once at the end of this turn.
    private var reprobeWanted = false
    private var report: (String) -> Void { options.report }
    /// Called after a screen was (re)connected or resized, with its new size (input mapping).
    public var onScreenChanged: ((DisplayScreen) -> Void)?
    private var execOrigin = 0.0
    /// When the hotplug event arrived that (re)started a screen, until its first flip.
    private var hotplugPending: [ObjectIdentifier: Double] = [:]
    /// Per screen, when the frame whose flip is pending began and was queued (the flip log's).
    private var framePending: [ObjectIdentifier: (start: Double, queued: Double)] = [:]
    /// When the latest uevent arrived (loop clock).
    private var hotplugEventAt: Double?

    public convenience init(controller: PanelController, output: KMSOutput, options: Options, services: PanelServices) {
        self.init(screens: [DisplayScreen(controller: controller, output: output)], options: options, services: services)
    }

    /// - Parameter screens: one or more screens whose outputs share one device.
    public init(screens: [DisplayScreen], options: Options, services: PanelServices) {
        guard let first = screens.first(where: { $0.output != nil })?.output else { preconditionFailure("a session needs a connected screen") }
        self.screens = screens
        device = first.device
        self.options = options
        self.services = services
        // One screen-power state for all screens: they dim and go off together, and input on
        // any of them wakes them all (the primary's rules; see ScreenPowerGroup for why).
        for screen in screens.dropFirst() { screen.controller.shareScreenPower(with: screens[0].controller) }
        // The idle timers start with the first frame on screen (DisplayScreen.start), not at
        // start-up: a panel that took 5 s to come up (a cold start under load) showed up dimmed.
        screens[0].controller.holdScreenTimersUntilShown()
        // Clocks show the real time, mapped onto this session's frame clock.
        for screen in screens { screen.controller.wallClock.follow(clock) }
        if !screens[0].controller.mirrors.isEmpty {
            services.addEventSink(self)
        }
    }

    /// Mirrors follow the primary by replay (PanelController+Mirror); after a change, once
    /// nothing moves, the session checks that they show the same values (safety net).
    private var mirrorCheckWanted = false

    private func checkMirrors(at time: Double) {
        let primary = screens[0].controller
        guard !primary.isMoving(at: time) else { return }
        mirrorCheckWanted = false
        stats.mirrorResyncs += primary.resyncMirrorsAtRest(at: time)
    }

    /// A drm uevent arrived (from a `DRMUeventMonitor` in the services' loop): connectors are
    /// probed again at the end of this turn, once however many events came.
    public func hotplugEvent(_ event: DRMUevent, at time: Double) {
        guard event.action == .change || event.isHotplug else { return }
        if !reprobeWanted { hotplugEventAt = time }
        reprobeWanted = true
    }

    /// Runs until a signal, --exit-after, or a display error; always restores the CRTCs.
    public func run() throws(DisplayError) {
        let timer = try TimerFD()
        let execAge = MonotonicClock.processAge() ?? clock.now
        execOrigin = clock.origin - (execAge - clock.now)   // monotonic time of exec
        for screen in screens { screen.connectPower() }   // what each connector's light and DPMS do
        defer {
            // A drag in progress ends as cancelled, so its trackingEnded goes out before exit.
            for screen in screens { screen.controller.cancelActiveTouches(at: clock.now) }
            services.shutdown(at: clock.now)
            // Switched away, the display is the console's: only the lights are ours to put back.
            let ours = console.display.restoresDisplayAtExit
            for screen in screens { screen.power?.restore(dpms: ours) }   // backlights as found, DPMS on
            for screen in screens { screen.shutdown(restoringCRTC: ours) }
            console.switcher?.terminal.restore()   // after the CRTCs: back to text, the console redraws
        }

        // First frame of each screen: modeset with it, then flip to the same picture in the
        // other buffer so the first flip event confirms the panel is on screen.
        // (Started on a VT in the background, the panel shows itself when that VT is switched to.)
        let first = clock.now
        attachConsole(options.console, at: first)
        for (i, screen) in screens.enumerated() where !console.suspended && screen.output != nil {
            let now = clock.now
            try screen.start(at: now)
            console.display.started(i)
            stats.framesRendered += 1
            screen.flipQueued(at: clock.now)
        }

        let exitAt = options.exitAfter.map { first + $0 }
        while !services.stopRequested {
            let now = clock.now
            if let exitAt, now >= exitAt { break }
            var wake: Double? = exitAt
            if let d = try serviceConsole(at: now) { wake = Swift.min(wake ?? .infinity, d) }
            for (i, screen) in screens.enumerated() where !console.suspended {
                if i == 0 && console.display.keptDark { continue }   // back while off: no mode until woken
                let start = clock.now
                if screen.needsStart && screen.output != nil {
                    // Back after a hotplug: mode set and a full repaint. A failure here leaves
                    // the screen dark with one note instead of ending the panel.
                    do {
                        try screen.start(at: start)
                        console.display.started(i)
                        stats.framesRendered += 1
                        screen.flipQueued(at: clock.now)
                        // The mode set lit the connector: dimmed or off, it follows the others.
                        let c = screen.controller
                        if c.screenState != .on { screen.power?.modeWasSet(state: c.screenState, brightness: c.screenBrightness) }
                    } catch {
                        report("\(screen.connectorName): cannot show the panel: \(error.message)")
                        screen.takeDown()
                    }
                    continue
                }
                guard console.display.mayPresent(i) else { continue }
                let (presented, slot) = try screen.presentIfDue(at: start)
                if presented {
                    stats.framesRendered += 1
                    if screen === screens[0] { services.inputLatency.frameQueued() }   // input goes to the primary
                    let queued = clock.now
                    screen.flipQueued(at: queued)
                    stats.frameCosts.append(queued - start)
                    framePending[ObjectIdentifier(screen)] = (start, queued)
                } else if let slot {
                    wake = Swift.min(wake ?? .infinity, slot)
                }
            }
            // Nothing to show and no flip to wait for: a turn of work done ahead (images a
            // widget will need), then straight on to the next turn while some is left.
            if screens.allSatisfy({ !$0.busy(at: clock.now) }), screens.contains(where: { $0.controller.prepareAhead() }) {
                wake = clock.now
            }
            if let d = services.loop.nextDeadline { wake = Swift.min(wake ?? .infinity, d) }
            for screen in screens {   // dim/off timers
                if let d = screen.controller.nextScreenChange { wake = Swift.min(wake ?? .infinity, d) }
                if let d = screen.controller.nextWidgetChange(after: clock.now) { wake = Swift.min(wake ?? .infinity, d) }
            }
            timer.arm(atMonotonic: wake.map { $0 + clock.origin })
            services.flushOutput()

            let fixed = try services.loop.wait(fixed: [.readable(device.eventDescriptor), .readable(timer.fd)], timeout: nil)
            let after = clock.now
            if fixed[0] & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 {
                // The device went away (unplugged GPU, revoked lease): stop rather than spin.
                throw DisplayError(.system, "\(device.path) stopped working (poll reported an error on it)")
            }
            if fixed[0] != 0 {
                var completed: [UInt32] = []
                try device.dispatchEvents { completed.append($0) }
                for crtc in completed {
                    // A flip of an output that was shut down since (unplugged) belongs to no one.
                    guard let screen = screens.first(where: { $0.output?.crtc == crtc }) else { continue }
                    flipCompleted(on: screen, at: after)
                }
            }
            if fixed[1] != 0 { timer.drain() }
            // Signals, stdin, socket clients, input, hotplug: each a bounded share of this turn.
            services.loop.dispatch(at: after)
            if reprobeWanted { reprobe(at: after) }
            for screen in screens { screen.controller.advance(to: after) }
            if mirrorCheckWanted { checkMirrors(at: after) }
            if !screens[0].controller.wantsFrame(at: after) { services.inputLatency.discardPending() }
        }
        stats.driverLacksVblank = screens.contains { $0.pacer.driverLacksVblank }
    }

    private func flipCompleted(on screen: DisplayScreen, at time: Double) {
        let sinceExec = time + clock.origin - execOrigin
        screen.flipCompleted(at: time, sinceExec: sinceExec)
        stats.flips.append(sinceExec)
        if let flipLog = options.flipLog {
            // One output: the log's lines stay as they always were; several: each names its output.
            let name = screens.count > 1 ? ",\"output\":\(JSONLineWriter.quote(screen.connectorName))" : ""
            // `input`: kernel times (frame clock) of the input this frame shows (the primary's).
            let inputs = screen === screens[0] ? services.inputLatency.flipCompleted().map { JSONLineWriter.number($0 - clock.origin) } : []
            let read = inputs.isEmpty ? nil : services.inputLatency.shownRead
            let shown = inputs.isEmpty ? "" : ",\"input\":[\(inputs.joined(separator: ","))]" + (read.map { ",\"read\":\(JSONLineWriter.number($0))" } ?? "")
            let frame = framePending.removeValue(forKey: ObjectIdentifier(screen))
                .map { ",\"start\":\(JSONLineWriter.number($0.start)),\"queued\":\(JSONLineWriter.number($0.queued))" } ?? ""
            flipLog.write("{\"flip\":\(stats.flips.count),\"t\":\(JSONLineWriter.number(sinceExec)),\"clock\":\(JSONLineWriter.number(time))\(frame)\(name)\(shown)}\n")
            flipLog.flush()   // a live log: read while the panel runs, kept after a power cut
        }
        if let since = hotplugPending.removeValue(forKey: ObjectIdentifier(screen)) {
            stats.hotplugToFlip.append((screen.connectorName, time - since))
            if stats.hotplugToFlip.count > Statistics.eventsKept { stats.hotplugToFlip.removeFirst() }
            report("\(screen.connectorName): first flip \(JSONLineWriter.number(((time - since) * 10000).rounded() / 10)) ms after the hotplug event")
        }
        if stats.flips.count == 1 {
            stats.firstFlipSinceExec = sinceExec
            CodeWarmUp.start()   // the code the first touch will run, read while nobody waits
            if let path = options.readyFile { markReady(path) }
        }
        services.frameShown(at: time)
        consoleFlipCompleted(at: time)
    }

    /// Probes the connectors after a hotplug event and lets each screen follow its own.
    public func reprobe(at time: Double) {
        reprobeWanted = false
        defer { hotplugEventAt = nil }
        let connectors: [ConnectorInfo]
        do { connectors = try device.connectors() } catch {
            report("display hotplug: cannot probe the connectors: \(error.message)")
            return
        }
        for screen in screens {
            let busy = Set(screens.filter { $0 !== screen }.compactMap { $0.output?.crtc })
            let change = screen.apply(connectors, device: device, busyCRTCs: busy, at: time)
            switch change {
            case .unchanged: continue
            case .disconnected: report("\(screen.connectorName) disconnected: not drawn until it comes back")
            case .connected(let m): report("\(screen.connectorName) connected: \(m)")
            case .modeChanged(let m): report("\(screen.connectorName) changed to \(m): panel laid out again")
            case .failed(let why): report("\(screen.connectorName): \(why)")
            }
            stats.hotplugChanges.append((time, screen.connectorName, change))
            if stats.hotplugChanges.count > Statistics.eventsKept { stats.hotplugChanges.removeFirst() }
            if screen.output != nil { hotplugPending[ObjectIdentifier(screen)] = hotplugEventAt ?? time }
            if case .failed = change {} else if screen.output != nil { onScreenChanged?(screen) }
            if screen.mirrorsPrimary { mirrorCheckWanted = true }   // a relayout drops its touches in progress
        }
    }

    private func markReady(_ path: String) {
        do { try OutputFile(path: path, special: .devices).commit() } catch { stats.outputErrors.append(error.description) }
    }
}

/// A widget's event means the mirrors should be checked once the panel is at rest.
extension DisplaySession: PanelEventSink {
    public func deliver(_ event: PanelEvent) {
        if event.widget != nil { mirrorCheckWanted = true }
    }
}
