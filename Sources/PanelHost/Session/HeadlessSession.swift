import Graphics
#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import PanelCore
import PanelDisplay
import PanelSystem
import PanelProtocol

/// The real main loop with no display (`run --headless`): the same services (signals, stdin,
/// control socket, state, reload), animations on the monotonic clock, and frames rendered
/// into memory on a 60 Hz grid whenever something changed, exactly when the display would
/// flip. For the appliance's other side on a laptop, and for integration tests in CI.
public final class HeadlessSession {
    public struct Options {
        public var exitAfter: Double?
        public var refreshRate = 60.0
        /// Created once the first frame is rendered.
        public var readyFile: String?
        /// One JSON line per rendered frame: `{"frame":N,"t":SECONDS_SINCE_START}`. The caller
        /// opens it (live, through `OutputFile`: never a planted link) and commits it after `run()`.
        public var frameLog: OutputFile?
        public init() {}
    }

    private let controller: PanelController
    private let services: PanelServices
    private let options: Options
    private let clock = MonotonicClock()
    private var pacer: FlipPacer
    /// The latest frame times (its `count`: every frame rendered).
    public private(set) var frameTimes = RecentSamples()
    /// Outputs that could not be written (the ready file), one message each.
    public private(set) var outputErrors: [String] = []

    public init(controller: PanelController, services: PanelServices, options: Options) {
        self.controller = controller
        self.services = services
        self.options = options
        pacer = FlipPacer(refreshPeriod: 1 / options.refreshRate)
        controller.wallClock.follow(clock)   // clocks show the real time on this frame clock
    }

    public func run() throws(DisplayError) {
        let timer = try TimerFD()
        defer { services.shutdown(at: clock.now) }
        controller.invalidateAll()
        let exitAt = options.exitAfter.map { clock.now + $0 }
        while !services.stopRequested {
            let now = clock.now
            if let exitAt, now >= exitAt { break }
            var wake: Double? = exitAt
            if controller.wantsFrame(at: now) {
                if now >= pacer.earliestNextFrame {
                    pacer.frameStarted(at: now)
                    controller.advance(to: now)
                    controller.renderFrame(at: now)
                    frameTimes.append(now)
                    if let frameLog = options.frameLog {
                        frameLog.write("{\"frame\":\(frameTimes.count),\"t\":\(JSONLineWriter.number(now))}\n")
                        frameLog.flush()   // a live log: read while the panel runs
                    }
                    if frameTimes.count == 1, let path = options.readyFile {
                        // Through OutputFile: never written through a planted link; a failure
                        // is an exit status (74), as on the display path.
                        do { try OutputFile(path: path, special: .devices).commit() } catch { outputErrors.append(error.description) }
                    }
                    services.frameShown(at: now)
                    // More to draw (an animation): the next slot, not a busy loop.
                    if controller.wantsFrame(at: now) { wake = Swift.min(wake ?? .infinity, pacer.earliestNextFrame) }
                } else {
                    wake = Swift.min(wake ?? .infinity, pacer.earliestNextFrame)
                }
            }
            // Nothing to show: a turn of work done ahead, then on while some is left.
            if !controller.wantsFrame(at: now) && controller.prepareAhead() { wake = now }
            if let d = services.loop.nextDeadline { wake = Swift.min(wake ?? .infinity, d) }
            if let d = controller.nextScreenChange { wake = Swift.min(wake ?? .infinity, d) }   // dim/off timers
            if let d = controller.nextWidgetChange(after: now) { wake = Swift.min(wake ?? .infinity, d) }   // a blink's flip
            timer.arm(atMonotonic: wake.map { $0 + clock.origin })
            services.flushOutput()
            let fixed = try services.loop.wait(fixed: [.readable(timer.fd)], timeout: nil)
            if fixed[0] != 0 { timer.drain() }
            let after = clock.now
            services.loop.dispatch(at: after)
            controller.advance(to: after)
        }
    }

    /// Intervals between consecutive frames while they kept coming (gaps over `idleGap` are
    /// the panel resting and are left out).
    public func activeIntervals(idleGap: Double = 0.25) -> [Double] {
        let times = frameTimes.values
        guard times.count > 1 else { return [] }
        return (1..<times.count).map { times[$0] - times[$0 - 1] }.filter { $0 <= idleGap }
    }
}
