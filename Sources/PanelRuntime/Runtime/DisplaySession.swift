import CLinux
import Graphics
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The display main loop: one thread, poll() over the DRM fd (flip events), a timerfd
/// (frame pacing and --exit-after), a signalfd (SIGINT/SIGTERM), the command stream and
/// input devices. A frame is prepared only when something changed or animates, and only
/// when no flip is pending; otherwise the process sleeps in poll().
public final class DisplaySession {
    public struct Options {
        public var exitAfter: Double?
        /// Created once the first page flip has completed (the panel is on screen).
        public var readyFile: String?
        /// One JSON line per completed flip: `{"flip":N,"t":SECONDS_SINCE_EXEC}`. Unlike event
        /// times (the frame clock, from when the panel came up) these count from exec, so
        /// start-up cost shows.
        public var flipLog: String?
        /// Descriptor to read command lines from (stdin); nil for none.
        public var commandFD: Int32?
        public init() {}
    }

    public struct Statistics {
        public var flips: [Double] = []          // completion times, seconds since exec
        public var firstFlipSinceExec: Double?
        public var framesRendered = 0
        /// Seconds from starting a frame to queueing its flip (render + copy), per frame.
        public var frameCosts: [Double] = []
        public var driverLacksVblank = false
        /// Intervals between consecutive flips while frames kept coming; gaps longer than
        /// `idleGap` are the panel sleeping (nothing changed) and are left out.
        public func activeIntervals(idleGap: Double = 0.25) -> (intervals: [Double], idleGaps: Int) {
            guard flips.count > 1 else { return ([], 0) }
            let all = (1..<flips.count).map { flips[$0] - flips[$0 - 1] }
            let active = all.filter { $0 <= idleGap }
            return (active, all.count - active.count)
        }
    }

    private let controller: PanelController
    private let output: KMSOutput
    private let options: Options
    private let clock = MonotonicClock()
    private var pacer: FlipPacer
    private let inputSource: InputSource?
    public private(set) var stats = Statistics()

    public init(controller: PanelController, output: KMSOutput, options: Options, inputSource: InputSource? = nil) {
        self.controller = controller
        self.output = output
        self.options = options
        self.inputSource = inputSource
        pacer = FlipPacer(refreshPeriod: output.mode.refreshPeriod)
    }

    /// Runs until a signal, --exit-after, or a display error; always restores the CRTC.
    public func run() throws(DisplayError) {
        let timer = try TimerFD()
        // SIGHUP too: a panel started from a terminal that goes away must still restore the console.
        let signals = try SignalFD(signals: [SIGINT, SIGTERM, SIGHUP])
        let commands = options.commandFD.map { LineReader(fd: $0) }
        let execAge = MonotonicClock.processAge() ?? clock.now
        let execOrigin = clock.origin - (execAge - clock.now)   // monotonic time of exec
        var flipLog: UnsafeMutablePointer<FILE>? = nil
        if let path = options.flipLog { flipLog = fopen(path, "w") }
        defer {
            // A drag in progress ends as cancelled, so its trackingEnded goes out before exit.
            controller.cancelActiveTouches(at: clock.now)
            if let flipLog { fclose(flipLog) }
            output.shutdown()
        }

        // First frame: modeset with it, then flip to the same picture in the other buffer so
        // the first flip event confirms the panel is on screen.
        let first = clock.now
        pacer.frameStarted(at: first)
        controller.advance(to: first)
        controller.invalidateAll()
        let full = controller.renderFrame(at: first)
        stats.framesRendered += 1
        try output.start(with: controller.frame)
        try output.present(controller.frame, damage: full)
        pacer.flipQueued(at: clock.now)

        let exitAt = options.exitAfter.map { first + $0 }
        var running = true
        while running {
            let now = clock.now
            if let exitAt, now >= exitAt { break }
            var wake: Double? = exitAt
            if !output.flipPending && controller.wantsFrame(at: now) {
                if now >= pacer.earliestNextFrame {
                    pacer.frameStarted(at: now)
                    controller.advance(to: now)
                    let damage = controller.renderFrame(at: now)
                    stats.framesRendered += 1
                    try output.present(controller.frame, damage: damage)
                    let queued = clock.now
                    pacer.flipQueued(at: queued)
                    stats.frameCosts.append(queued - now)
                } else {
                    wake = Swift.min(wake ?? .infinity, pacer.earliestNextFrame)
                }
            }
            timer.arm(atMonotonic: wake.map { $0 + clock.origin })

            var fds = [pollfd(fd: output.device.eventDescriptor, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: timer.fd, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: signals.fd, events: Int16(POLLIN), revents: 0)]
            if let commands, !commands.atEOF { fds.append(pollfd(fd: commands.fd, events: Int16(POLLIN), revents: 0)) }
            let inputStart = fds.count
            for fd in inputSource?.descriptors ?? [] { fds.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0)) }
            // Lines left over from a turn whose share ran out are handled without sleeping.
            let n = poll(&fds, nfds_t(fds.count), commands?.hasBufferedLines == true ? 0 : -1)
            if n < 0 {
                if errno == EINTR { continue }
                throw DisplayError.call("poll", errno: errno)
            }
            let after = clock.now
            if fds[0].revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 {
                // The device went away (unplugged GPU, revoked lease): stop rather than spin.
                throw DisplayError(.system, "\(output.device.path) stopped working (poll reported an error on it)")
            }
            if fds[0].revents != 0 {
                let completed = try output.handleEvents()
                for _ in 0..<completed {
                    pacer.flipCompleted(at: after)
                    let sinceExec = after + clock.origin - execOrigin
                    stats.flips.append(sinceExec)
                    if let flipLog {
                        fputs("{\"flip\":\(stats.flips.count),\"t\":\(JSONLineWriter.number(sinceExec))}\n", flipLog)
                        fflush(flipLog)
                    }
                    if stats.flips.count == 1 {
                        stats.firstFlipSinceExec = sinceExec
                        if let path = options.readyFile { markReady(path) }
                    }
                }
            }
            if fds[1].revents != 0 { timer.drain() }
            if fds[2].revents != 0, signals.read() != nil { running = false }
            // Commands get a bounded share of each turn (LineReader's limits), so a flood on
            // stdin delays neither the next flip nor a signal by more than one share.
            if let commands, commands.hasBufferedLines || (fds.count > 3 && fds[3].fd == commands.fd && fds[3].revents != 0) {
                for item in commands.readLines() {
                    switch item {
                    case .line(let line):
                        if line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { continue }
                        controller.execute(commandLine: line, at: after)
                    case .overlong(let prefix):
                        controller.rejectCommand("command line longer than \(commands.maxLineLength) bytes ignored (it starts '\(prefix)…')", at: after)
                    }
                }
            }
            if let inputSource, fds.count > inputStart, fds[inputStart...].contains(where: { $0.revents != 0 }) {
                for event in inputSource.read() { controller.deliver(event, at: after) }
            }
            controller.advance(to: after)
        }
        stats.driverLacksVblank = pacer.driverLacksVblank
    }

    private func markReady(_ path: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if fd >= 0 { close(fd) }
    }
}

/// A source of input events for the display loop (libinput, later the socket).
public protocol InputSource: AnyObject {
    var descriptors: [Int32] { get }
    /// Reads what is pending, already in design pixels.
    func read() -> [InputEvent]
}
