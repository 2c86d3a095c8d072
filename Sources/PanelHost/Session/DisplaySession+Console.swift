import PanelCore
import PanelDisplay
import PanelProtocol
import PanelSystem
/// What the console (VT switching) asked of the display loop; done between frames.
package struct ConsoleState {
    package enum Request { case release(since: Double), acquire(since: Double) }
    package var switcher: ConsoleSwitcher?
    package var request: Request?
    /// Who owns the display, which screens show the panel (the rules, tested on their own).
    package var display = ConsoleDisplay(screens: 0, vtActive: true)
    /// Actions from a screen-power change that needs a modeset (the wake after a return while
    /// off), done at the top of the next loop turn, never inside the controller's input handling.
    package var pending: [ConsoleDisplay.Action] = []
    /// Another VT is on screen (or ours never was): no frames, no DRM master, input ignored.
    package var suspended: Bool { display.phase != .onScreen }
    /// When the VT came back, until the first flip after it completes.
    package var acquiredAt: Double?
    /// The panel started in the background and has not been on screen yet.
    package var firstShow = false
}

/// A flip still queued when the kernel asks for the VT is waited for at most this long (on
/// drivers without vblank it completes at once; at 30 Hz within 34 ms).
private let flipWaitOnRelease = 0.1

extension DisplaySession {
    /// VT switching on `terminal` (nil: the panel does not run on a VT, nothing to do). A VT
    /// that cannot be taken over (not our controlling terminal, no root) leaves switching to
    /// the kernel, as before, with a note. When `terminal` is not the VT on screen, DRM master
    /// goes and each screen's first frame is rendered (caches warm: the switch to it then
    /// costs a copy and a modeset); nothing is shown until the VT is switched to.
    package func attachConsole(_ terminal: VirtualTerminal?, at now: Double) {
        console.display = ConsoleDisplay(screens: screens.count, vtActive: true)
        // Screen power goes through the console's rules: away, the console owns the light.
        screens[0].controller.screenLight = self
        guard let terminal else { return }
        do {
            let switcher = try ConsoleSwitcher(terminal: terminal)
            switcher.onRelease = { [unowned self] time in self.console.request = .release(since: time) }
            switcher.onAcquire = { [unowned self] time in self.console.request = .acquire(since: time) }
            services.add(switcher)
            console.switcher = switcher
        } catch {
            options.report("console \(terminal.path): \(error.message); VT switches are left to the kernel (the console will not show while the panel holds the display)")
            return
        }
        options.report("console \(terminal.path): the panel switches VTs itself (chvt away and back works); keyboard off on this VT while the panel runs")
        guard !terminal.isActive else { return }
        console.display = ConsoleDisplay(screens: screens.count, vtActive: false)
        console.firstShow = true
        services.inputSuspended = true
        do { try perform(console.display.start(), at: now) } catch {}   // dropMaster: reported, never thrown
        for screen in screens where screen.output != nil { screen.prepare(at: now) }
        let ms = JSONLineWriter.number(((clock.now - now) * 10000).rounded() / 10)
        options.report("console \(terminal.path) is not the VT on screen: nothing shown, no DRM master; the first frame is ready (\(ms) ms), waiting for a switch to it")
    }

    /// Does a pending release or acquire, and what screen-power changes asked for. Returns
    /// when the loop must wake again (a release waiting for the last flip), else nil.
    package func serviceConsole(at now: Double) throws(DisplayError) -> Double? {
        if !console.pending.isEmpty {
            let actions = console.pending
            console.pending = []
            try perform(actions, at: now)
        }
        guard let request = console.request else { return nil }
        switch request {
        case let .release(since):
            if screens.contains(where: { $0.output?.flipPending == true }) && now - since < flipWaitOnRelease { return since + flipWaitOnRelease }
            console.request = nil
            for screen in screens { screen.controller.cancelActiveTouches(at: now) }   // a drag in progress ends (trackingEnded)
            services.inputSuspended = true
            let wasShown = console.display.ownsDisplay
            if wasShown { options.onConsoleRelease() }   // while still master (the cursor plane)
            try perform(console.display.release(), at: now)
            let ms = JSONLineWriter.number(((clock.now - since) * 10000).rounded() / 10)
            if wasShown { options.report("console: switched away from \(terminalName) (display released \(ms) ms after the request)") }
        case let .acquire(since):
            console.request = nil
            guard console.suspended else { return nil }
            let primary = screens[0].controller.screenState
            let actions = console.display.acquire(primary: primary, blanks: screens[0].power?.abilities.blanks ?? false)
            try perform(actions, at: now)
            services.inputSuspended = false
            if actions.contains(where: { if case .modeset = $0 { return true } else { return false } }) {
                console.acquiredAt = since
            } else {
                let ms = JSONLineWriter.number(((clock.now - since) * 10000).rounded() / 10)
                options.report("console: back on \(terminalName): the screen stays off (no mode set, \(ms) ms after the switch) until it is woken")
                console.firstShow = false
            }
        }
        return nil
    }

    /// Carries out the console's actions in order.
    private func perform(_ actions: [ConsoleDisplay.Action], at now: Double) throws(DisplayError) {
        for action in actions {
            switch action {
            case .dropMaster:
                do { try device.dropMaster() } catch {
                    options.report("console: \(error.message); the next VT may not be able to show itself")
                }
            case .setMaster:
                try device.setMaster()
            case .allowRelease:
                console.switcher?.terminal.allowRelease()
            case .lightForConsole:
                for screen in screens { screen.power?.releaseToConsole() }
            case let .power(state):
                // One state for every screen (ScreenPowerGroup), each connector its own light and DPMS.
                let brightness = screens[0].controller.screenRuntime.power.brightness(of: state)
                for screen in screens { screen.power?.apply(state, brightness: brightness) }
            case let .modeset(i):
                // The mode set with the whole frame (started before, or for the first time),
                // then a flip of it whose completion says the panel is on screen again.
                let screen = screens[i]
                guard screen.output != nil else { continue }
                try screen.resume(at: now)
                stats.framesRendered += 1
                screen.flipQueued(at: clock.now)
                // The mode set lit the connector: a dimmed or dark screen follows the state again.
                let c = screen.controller
                if c.screenState != .on { screen.power?.modeWasSet(state: c.screenState, brightness: c.screenBrightness) }
            }
        }
    }

    private var terminalName: String { console.switcher?.terminal.path ?? "the VT" }

    /// A flip completed: the first one after a return to our VT is reported.
    package func consoleFlipCompleted(at time: Double) {
        guard let since = console.acquiredAt else { return }
        console.acquiredAt = nil
        stats.returnsToConsole.append(time - since)
        if stats.returnsToConsole.count > Statistics.eventsKept { stats.returnsToConsole.removeFirst() }
        let ms = JSONLineWriter.number(((time - since) * 10000).rounded() / 10)
        if console.firstShow {
            console.firstShow = false
            options.report("console: \(terminalName) is on screen: mode set, first frame flipped \(ms) ms after the switch to it")
        } else {
            options.report("console: back on \(terminalName): mode set, whole frame flipped \(ms) ms after the switch")
        }
    }
}

/// Screen power goes through the console's rules: away, the console owns the light.
extension DisplaySession: ScreenLight {
    public func screenChanged(to state: ScreenState, brightness: Double) {
        let actions = console.display.screenChanged(to: state)
        if actions == [.power(state)] {
            // The usual case: the light changes now, before the screen event goes out.
            for screen in screens { screen.power?.apply(state, brightness: brightness) }
        } else {
            console.pending += actions   // a modeset is due: at the top of the next turn
        }
    }
}
