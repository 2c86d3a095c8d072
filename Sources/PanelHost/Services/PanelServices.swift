#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import PanelCore
import PanelInput
import PanelLoop
import PanelProtocol
import PanelSystem

/// Everything of the main loop that is not the display: signals, stdin/stdout, the control
/// socket and its clients, input devices, saved state, reload and the service manager.
/// The display session and the headless session both drive it, so they behave the same.
public final class PanelServices: PanelReloading {
    public struct Options {
        /// Descriptor to read command lines from (stdin); nil for none.
        public var commandFD: Int32?
        /// stdout: written without blocking when it is a pipe or socket; nil: `write` only.
        public var outputFD: Int32?
        /// Where notes go (stderr).
        public var report: (String) -> Void = { _ in }
        public var ipc: IPCServer.Options?
        public init() {}
    }

    public let loop = PollLoop()
    public let controller: PanelController
    public private(set) var ipc: IPCServer?
    private let stdio: StdioClient
    /// Where notes go (stderr).
    private let report: (String) -> Void
    /// Screenshots (and the studio's picture) are encoded here, off the loop's thread.
    public let pngWorker = PNGWorker()
    /// Pictures from topics are decoded here, off the loop's thread (the newest per widget).
    public let pictureWorker = PictureWorker()
    /// Set by SIGINT/SIGTERM (the signal) or `requestStop`.
    public private(set) var stopSignal: Int32?
    public private(set) var stopRequested = false
    /// Called on SIGHUP (reload); set by whoever owns reloading.
    public var onHangup: ((Double) -> Void)?
    /// Called on SIGUSR1 (the flight recorder's dump); without it SIGUSR1 is ignored.
    public var onUserSignal: ((Double) -> Void)?
    /// Called for every widget event (state saving watches values change).
    public var onWidgetEvent: ((String) -> Void)?
    /// Further receivers of every event (MQTT, the studio), after stdout and the socket;
    /// held weakly, as their owners hold them (see `addEventSink`).
    private var eventSinks: [WeakEventSink] = []
    /// Hooks run after each displayed frame (readiness, watchdog).
    public var onFrameShown: [(Double, Bool) -> Void] = []
    private var framesShown = 0
    private let flushWrites: () -> Void

    /// Writes out the turn's buffered lines: events and replies on stdout (a file), the
    /// recording. The loops call it when a turn's frame is queued, just before they sleep, so
    /// an input's picture never waits for the writes it caused (one 9p write in the VM test
    /// took a millisecond), and no line waits longer than the turn.
    public func flushOutput() {
        flushWrites()
        controller.recorder?.flushPending()
    }

    /// - Parameters:
    ///   - write: where stdout lines go (events and replies to stdin) when stdout is not a
    ///     pipe or socket; `flushWrites` writes out what it buffered (`flushOutput`).
    public init(controller: PanelController, options: Options, write: @escaping (String) -> Void,
                flushWrites: @escaping () -> Void = {}) throws(IPCError) {
        self.controller = controller
        self.flushWrites = flushWrites
        report = options.report
        stdio = StdioClient(commandFD: options.commandFD, outputFD: options.outputFD, controller: controller, loop: loop,
                            write: write, report: options.report)
        loop.add(stdio)
        loop.add(pngWorker)
        controller.pngWorker = pngWorker
        loop.add(pictureWorker)
        controller.pictureWorker = pictureWorker
        if let ipcOptions = options.ipc {
            let server = try IPCServer(options: ipcOptions, controller: controller, loop: loop)
            ipc = server
            loop.add(server)
        }
        controller.eventSink = self
    }

    /// Adds a receiver of every event, after those added before.
    public func addEventSink(_ sink: any PanelEventSink) { eventSinks.append(WeakEventSink(sink: sink)) }

    /// Signals: SIGINT and SIGTERM stop the loop, SIGHUP reloads (as daemons do; a panel
    /// whose terminal went away keeps running, stdin simply ends), SIGUSR1 dumps the flight
    /// recorder (never the default action, which would end the panel).
    public func installSignals() throws(DisplayError) {
        let source = try SignalSource([SIGINT, SIGTERM, SIGHUP, SIGUSR1]) { [unowned self] signal, time in
            if signal == SIGUSR1 { self.onUserSignal?(time) }
            else if signal == SIGHUP, let onHangup = self.onHangup { onHangup(time) }
            else if signal != SIGHUP { self.stopSignal = signal; self.stopRequested = true }
        }
        loop.add(source)
    }

    public private(set) var state: StateStore?
    public private(set) var reloader: PanelReloader?

    /// `--state`: restores saved values now and saves changes from here on. Returns the ids
    /// restored.
    @discardableResult
    public func enableState(path: String, at time: Double, report: @escaping (String) -> Void) -> [String] {
        let store = StateStore(path: path, controller: controller, report: report)
        let restored = store.restore(at: time)
        state = store
        loop.add(store)
        let previous = onWidgetEvent
        onWidgetEvent = { [unowned store] id in previous?(id); store.markDirty() }
        let previousPage = controller.onPageShown
        controller.onPageShown = { [unowned store] in previousPage?(); store.markDirty() }
        onShutdown.append { [unowned store] _ in store.flush() }
        return restored
    }

    /// Reload on SIGHUP and `{"command":"reload"}`; with `watch`, also when the file changes.
    public func enableReload(path: String, watch: Bool, report: @escaping (String) -> Void) throws(DisplayError) {
        let reloader = PanelReloader(path: path, controller: controller, report: report)
        self.reloader = reloader
        controller.reloader = self
        onHangup = { [unowned self] time in _ = self.reload(at: time) }
        if watch {
            loop.add(try FileWatcher(path: path) { [unowned self, unowned reloader] time in
                // Not for a write whose result is already loaded (the studio's save).
                guard reloader.fileChangedSinceReload else { return }
                _ = self.reload(at: time)
            })
        }
    }

    /// A reload (SIGHUP, the file watcher, `{"command":"reload"}`): the values of the new layout
    /// are saved too. Without `enableReload`: not available.
    public func reload(at time: Double) -> [String] {
        guard let reloader else { return ["reload is not available here (only with 'run')"] }
        let errors = reloader.reload(at: time)
        if errors.isEmpty { state?.markDirty() }
        return errors
    }

    /// systemd notification: READY=1 after the first frame, watchdog pings from the loop.
    public func enableServiceNotifications(describe: @escaping () -> String) {
        let notifier = ServiceNotifier()
        loop.add(notifier)
        onFrameShown.append { [unowned notifier] _, first in if first { notifier.ready(status: describe()) } }
        onShutdown.append { [unowned notifier] _ in notifier.stopping() }
    }

    public private(set) var clickSound: ClickSound?

    /// The layout's `sound`: a tick on every press of a control. ALSA is opened now when the
    /// layout asks for it (not at the first press, which must not wait), again after a
    /// reload that changes the device, and closed at shutdown.
    public func enableClickSound() {
        let sound = ClickSound(report: report)
        clickSound = sound
        sound.prepare(controller.scene.panel.sound)
        controller.onControlPress = { [weak self] in
            guard let self, let sound = self.clickSound else { return }
            sound.click(self.controller.scene.panel.sound)
        }
        onShutdown.append { [weak self] _ in self?.clickSound?.close() }
    }

    /// While another VT is on screen, input is read and dropped (keys typed into that
    /// console, touches on its screen are not for the panel).
    public var inputSuspended = false

    /// - Parameter target: the panel the input drives (another screen's, `run --output
    ///   NAME=PANEL`); nil: the primary's. Only the primary's input is timed to its flips.
    /// - Parameter screen: the panel of the screen the device is on, whose mode maps its
    ///   points (a mirror's); nil: the target's own.
    public func addInput(_ input: any InputSource, to target: PanelController? = nil, on screen: PanelController? = nil) {
        let target = target ?? controller
        loop.add(InputPollSource(input, controller: target, screen: screen, latency: target === controller ? inputLatency : nil) { [unowned self] in self.inputSuspended })
    }

    /// Kernel input times handed to the flip that shows their effect (the flip log's `input`).
    public let inputLatency = InputLatencyProbe()

    public func add(_ source: any PollSource) { loop.add(source) }

    public func requestStop() { stopRequested = true }

    /// The display (or headless renderer) put a frame on screen at `time`.
    public func frameShown(at time: Double) {
        framesShown += 1
        // The panel's notes (a recovered Cairo error, from painting this frame) go to stderr.
        for note in controller.takeDiagnostics() { report(note) }
        for hook in onFrameShown { hook(time, framesShown == 1) }
    }

    /// Before exit: hooks (final state save) run, clients are told and the socket removed.
    public var onShutdown: [(Double) -> Void] = []
    public func shutdown(at time: Double) {
        // Screenshots being written still get their replies.
        pngWorker.drain(seconds: 2)
        for hook in onShutdown { hook(time) }
        flushOutput()   // the last turn's lines and those the hooks wrote
        ipc?.close()
        ipc?.flushAll()
        stdio.drain(seconds: 1)
    }
}

/// The hub: each event goes to stdout and the socket clients whose filters admit it, to the
/// state store, then to the other sinks, as a value each of them encodes or reads itself.
extension PanelServices: PanelEventSink {
    public func deliver(_ event: PanelEvent) {
        if stdio.filter.admits(widget: event.widget) { stdio.send(event.line) }
        ipc?.broadcast(event)
        if let widget = event.widget { onWidgetEvent?(widget) }
        for entry in eventSinks { entry.sink?.deliver(event) }
    }
}

private struct WeakEventSink {
    weak var sink: (any PanelEventSink)?
}
