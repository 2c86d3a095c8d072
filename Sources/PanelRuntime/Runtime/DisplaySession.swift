import CLinux
import Graphics
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The display main loop: one thread, one poll() (PollLoop) over the DRM fd (flip events), a
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
        /// and the flip that showed it can be compared (request-to-flip latency). The caller
        /// opens it (live) and commits it after `run()`.
        public var flipLog: OutputFile?
        /// Backlight and DPMS for screen power (nil: the frame does it all).
        public var power: DisplayPower?
        /// The VT the panel runs on: it then switches VTs itself (`ConsoleSwitcher`).
        public var console: VirtualTerminal?
        /// Run when the VT is switched away, while the panel is still DRM master (the hardware
        /// cursor is hidden here: the console's modeset would leave it in an unknown state).
        public var onConsoleRelease: () -> Void = {}
        /// Notes for the user (stderr).
        public var report: (String) -> Void = { _ in }
        public init() {}
    }

    public struct Statistics {
        public var flips: [Double] = []          // completion times, seconds since exec
        public var firstFlipSinceExec: Double?
        public var framesRendered = 0
        /// Seconds from starting a frame to queueing its flip (render + copy), per frame.
        public var frameCosts: [Double] = []
        public var driverLacksVblank = false
        /// Outputs that could not be written (the ready file), one message each.
        public var outputErrors: [String] = []
        /// Seconds from each return to our VT to the first flip after it.
        public var returnsToConsole: [Double] = []
        /// Intervals between consecutive flips while frames kept coming; gaps longer than
        /// `idleGap` are the panel sleeping (nothing changed) and are left out.
        public func activeIntervals(idleGap: Double = 0.25) -> (intervals: [Double], idleGaps: Int) {
            guard flips.count > 1 else { return ([], 0) }
            let all = (1..<flips.count).map { flips[$0] - flips[$0 - 1] }
            let active = all.filter { $0 <= idleGap }
            return (active, all.count - active.count)
        }
    }

    let controller: PanelController
    let output: KMSOutput
    let options: Options
    let clock = MonotonicClock()
    var pacer: FlipPacer
    let services: PanelServices
    public internal(set) var stats = Statistics()
    var console = ConsoleState()

    public init(controller: PanelController, output: KMSOutput, options: Options, services: PanelServices) {
        self.controller = controller
        self.output = output
        self.options = options
        self.services = services
        pacer = FlipPacer(refreshPeriod: output.mode.refreshPeriod)
    }

    /// Runs until a signal, --exit-after, or a display error; always restores the CRTC.
    public func run() throws(DisplayError) {
        let timer = try TimerFD()
        let execAge = MonotonicClock.processAge() ?? clock.now
        let execOrigin = clock.origin - (execAge - clock.now)   // monotonic time of exec
        let flipLog = options.flipLog
        if let power = options.power {
            controller.screenAbilities = power.abilities
            controller.onScreenChange = { power.apply($0, brightness: $1) }
        }
        defer {
            // A drag in progress ends as cancelled, so its trackingEnded goes out before exit.
            controller.cancelActiveTouches(at: clock.now)
            services.shutdown(at: clock.now)
            options.power?.restore()   // backlight as found, DPMS on
            output.shutdown()
            console.switcher?.terminal.restore()   // after the CRTC: back to text, the console redraws
        }

        // First frame: modeset with it, then flip to the same picture in the other buffer so
        // the first flip event confirms the panel is on screen. (Started on a VT in the
        // background, the panel shows itself when that VT is switched to.)
        let first = clock.now
        if attachConsole(options.console) {
            pacer.frameStarted(at: first)
            controller.advance(to: first)
            controller.invalidateAll()
            let full = controller.renderFrame(at: first)
            stats.framesRendered += 1
            try output.start(with: controller.frame)
            try output.present(controller.frame, damage: full)
            pacer.flipQueued(at: clock.now)
        }

        let exitAt = options.exitAfter.map { first + $0 }
        while !services.stopRequested {
            let now = clock.now
            if let exitAt, now >= exitAt { break }
            var wake: Double? = exitAt
            if let d = try serviceConsole(at: now) { wake = Swift.min(wake ?? .infinity, d) }
            if !console.suspended && !output.flipPending && controller.wantsFrame(at: now) {
                if now >= pacer.earliestNextFrame {
                    pacer.frameStarted(at: now)
                    controller.advance(to: now)
                    let damage = controller.renderFrame(at: now)
                    stats.framesRendered += 1
                    try output.present(controller.shownFrame, damage: damage)
                    services.inputLatency.frameQueued()
                    let queued = clock.now
                    pacer.flipQueued(at: queued)
                    stats.frameCosts.append(queued - now)
                } else {
                    wake = Swift.min(wake ?? .infinity, pacer.earliestNextFrame)
                }
            }
            if let d = services.loop.nextDeadline { wake = Swift.min(wake ?? .infinity, d) }
            if let d = controller.nextScreenChange { wake = Swift.min(wake ?? .infinity, d) }   // dim/off timers
            timer.arm(atMonotonic: wake.map { $0 + clock.origin })

            let fixed = try services.loop.wait(fixed: [.readable(output.device.eventDescriptor), .readable(timer.fd)], timeout: nil)
            let after = clock.now
            if fixed[0] & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 {
                // The device went away (unplugged GPU, revoked lease): stop rather than spin.
                throw DisplayError(.system, "\(output.device.path) stopped working (poll reported an error on it)")
            }
            if fixed[0] != 0 {
                let completed = try output.handleEvents()
                for _ in 0..<completed {
                    pacer.flipCompleted(at: after)
                    let sinceExec = after + clock.origin - execOrigin
                    stats.flips.append(sinceExec)
                    // `input`: kernel times (frame clock) of the input this frame shows.
                    let inputs = services.inputLatency.flipCompleted().map { JSONLineWriter.number($0 - clock.origin) }
                    let shown = inputs.isEmpty ? "" : ",\"input\":[\(inputs.joined(separator: ","))]"
                    flipLog?.write("{\"flip\":\(stats.flips.count),\"t\":\(JSONLineWriter.number(sinceExec)),\"clock\":\(JSONLineWriter.number(after))\(shown)}\n")
                    flipLog?.flush()   // a live log: read while the panel runs, kept after a power cut
                    if stats.flips.count == 1 {
                        stats.firstFlipSinceExec = sinceExec
                        if let path = options.readyFile { markReady(path) }
                    }
                    services.frameShown(at: after)
                    consoleFlipCompleted(at: after)
                }
            }
            if fixed[1] != 0 { timer.drain() }
            // Signals, stdin, socket clients, input: each a bounded share of this turn.
            services.loop.dispatch(at: after)
            controller.advance(to: after)
            if !controller.wantsFrame(at: after) { services.inputLatency.discardPending() }
        }
        stats.driverLacksVblank = pacer.driverLacksVblank
    }

    private func markReady(_ path: String) {
        do { try OutputFile(path: path).commit() } catch { stats.outputErrors.append(error.description) }
    }
}

/// A source of input events for the display loop (libinput, later the socket).
public protocol InputSource: AnyObject {
    var descriptors: [Int32] { get }
    /// Reads what is pending, already in design pixels.
    func read() -> [InputEvent]
    /// Kernel timestamps (CLOCK_MONOTONIC seconds) of the reports behind the events read
    /// since the last call, for input-to-flip latency; empty where unknown.
    func drainReportTimes() -> [Double]
}

extension InputSource {
    public func drainReportTimes() -> [Double] { [] }
}
