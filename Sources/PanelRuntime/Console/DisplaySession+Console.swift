/// What the console (VT switching) asked of the display loop; done between frames.
struct ConsoleState {
    enum Request { case release(since: Double), acquire(since: Double) }
    var switcher: ConsoleSwitcher?
    var request: Request?
    /// Another VT is on screen: no frames, no DRM master, input ignored.
    var suspended = false
    /// When the VT came back, until the first flip after it completes.
    var acquiredAt: Double?
}

/// A flip still queued when the kernel asks for the VT is waited for at most this long (on
/// drivers without vblank it completes at once; at 30 Hz within 34 ms).
private let flipWaitOnRelease = 0.1

extension DisplaySession {
    /// VT switching on `terminal` (nil: the panel does not run on a VT, nothing to do). A VT
    /// that cannot be taken over (not our controlling terminal, no root) leaves switching to
    /// the kernel, as before, with a note. Returns false when `terminal` is not the VT on
    /// screen: the panel then waits for it before it shows anything.
    func attachConsole(_ terminal: VirtualTerminal?) -> Bool {
        guard let terminal else { return true }
        do {
            let switcher = try ConsoleSwitcher(terminal: terminal)
            switcher.onRelease = { [unowned self] time in self.console.request = .release(since: time) }
            switcher.onAcquire = { [unowned self] time in self.console.request = .acquire(since: time) }
            services.add(switcher)
            console.switcher = switcher
        } catch {
            options.report("console \(terminal.path): \(error.message); VT switches are left to the kernel (the console will not show while the panel holds the display)")
            return true
        }
        options.report("console \(terminal.path): the panel switches VTs itself (chvt away and back works); keyboard off on this VT while the panel runs")
        if !terminal.isActive {
            options.report("console \(terminal.path) is not the VT on screen: waiting for a switch to it")
            try? device.dropMaster()
            console.suspended = true
            services.inputSuspended = true
            return false
        }
        return true
    }

    /// Does a pending release or acquire. Returns when the loop must wake again (a release
    /// waiting for the last flip), else nil.
    func serviceConsole(at now: Double) throws(DisplayError) -> Double? {
        guard let request = console.request else { return nil }
        switch request {
        case let .release(since):
            if screens.contains(where: { $0.output?.flipPending == true }) && now - since < flipWaitOnRelease { return since + flipWaitOnRelease }
            console.request = nil
            for screen in screens { screen.controller.cancelActiveTouches(at: now) }   // a drag in progress ends (trackingEnded)
            services.inputSuspended = true
            if !console.suspended {
                console.suspended = true
                options.onConsoleRelease()
                do { try device.dropMaster() } catch {
                    options.report("console: \(error.message); the next VT may not be able to show itself")
                }
            }
            console.switcher?.terminal.allowRelease()
            let ms = JSONLineWriter.number(((clock.now - since) * 10000).rounded() / 10)
            options.report("console: switched away from \(console.switcher?.terminal.path ?? "the VT") (display released \(ms) ms after the request)")
        case let .acquire(since):
            console.request = nil
            guard console.suspended else { return nil }
            // Master back, each screen's mode set with its whole frame, then a flip of it whose
            // completion says the panel is on screen again.
            try device.setMaster()
            for screen in screens where screen.output != nil {
                try screen.resume(at: now)
                stats.framesRendered += 1
                screen.flipQueued(at: clock.now)
            }
            console.suspended = false
            services.inputSuspended = false
            console.acquiredAt = since
        }
        return nil
    }

    /// A flip completed: the first one after a return to our VT is reported.
    func consoleFlipCompleted(at time: Double) {
        guard let since = console.acquiredAt else { return }
        console.acquiredAt = nil
        stats.returnsToConsole.append(time - since)
        let ms = JSONLineWriter.number(((time - since) * 10000).rounded() / 10)
        options.report("console: back on \(console.switcher?.terminal.path ?? "the VT"): mode set, whole frame flipped \(ms) ms after the switch")
    }
}
