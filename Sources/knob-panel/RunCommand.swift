@preconcurrency import Glibc
import ControlWidgets
import Graphics
import PanelLayout
import PanelSystem
import PanelLoop
import PanelProtocol
import PanelCore
import PanelInput
import PanelDisplay
import PanelHost
import PanelMQTT
import PanelStudio
import PanelBench

enum RunCommand {
    static let spec = CommandSpec(
        name: "run", abstract: "Show a panel on a KMS display (no X11/Wayland). Events go to stdout as JSON lines; commands are read from stdin.",
        usage: "run PANEL [--device /dev/dri/cardN] [--connector NAME | --output all|NAME[=PANEL]...] [--mode preferred|WxH[@Hz]] [--exit-after SECONDS] [--fallback none|png]",
        arguments: [("PANEL", "The layout file.")],
        options: [
            OptionSpec("device", value: "path", help: "DRM device node; never falls back to another device or offscreen.", default: "the first /dev/dri/card* with a connected display"),
            OptionSpec("connector", value: "name", help: "Connector to use, e.g. HDMI-A-1 or Virtual-1 (see 'knob-panel devices').", default: "the first connected one"),
            OptionSpec("output", value: "all|NAME|NAME=PANEL", help: "Screens to use on the device: 'all' shows the panel on every connected connector (each at its own mode, values mirrored); NAME=PANEL shows another layout on that connector (repeatable; commands reach the panel that has the widget). Each input device drives one screen (--touch-output). A screen unplugged at start comes up when its display does.", default: "the first connected connector"),
            OptionSpec("mode", value: "mode", help: "'preferred', WxH or WxH@Hz.", default: "preferred"),
            OptionSpec("exit-after", value: "seconds", help: "Quit this many seconds after the panel is on screen (restoring the console)."),
            OptionSpec("fallback", value: "none|png", help: "With 'png', when there is no usable display (and no --device), render the panel offscreen to a PNG, print its path on stderr and exit 0.", default: "none: exit with the cause's status"),
            OptionSpec("ready-file", value: "path", help: "Create this file once the first page flip has completed."),
            OptionSpec("flip-log", value: "path", help: "Write one JSON line per completed page flip ({\"flip\":N,\"t\":seconds since the process started})"),
            OptionSpec("no-input", help: "Do not read touch, mouse or keys (libinput)."),
            OptionSpec("wait-for-display", value: "seconds", help: "Wait for the display instead of failing: for a DRM device to appear, a display to be connected, or DRM master to be let go (plymouth, a display manager). One line on stderr, then silence; it sleeps until the kernel says something changed (inotify, uevents), never polls. After SECONDS the cause's exit status.", default: "no waiting; the option alone: no limit", optionalValue: { Double($0) != nil }),
            OptionSpec("vt", value: "auto|none|/dev/ttyN", help: "The virtual terminal the panel owns: it switches VTs itself (chvt away shows the console, back shows the panel) and turns that VT's keyboard off while it runs. 'auto': the controlling terminal if it is a VT (systemd's TTYPath=).", default: "auto"),
            OptionSpec("offscreen-out", value: "png", help: "Where --fallback png writes.", default: "$XDG_RUNTIME_DIR/knob-panel-PANEL.png, else /tmp/knob-panel-UID/knob-panel-PANEL.png (a 0700 directory)"),
            Recording.option,
            OptionSpec("touch-matrix", value: "a,b,c,d,e,f", help: "Touch calibration matrix in libinput's convention (on 0..1 device coordinates: x' = a·x + b·y + c, y' = d·x + e·y + f); mirror X: -1,0,1,0,1,0.", default: "the layout's 'calibration', else identity"),
            OptionSpec("no-cursor", help: "Never show a mouse pointer (by default a mouse shows an arrow on the hardware cursor plane, hidden 3 s after it stops and when touch is used)."),
            OptionSpec("touch-output", value: "DEVICE=CONNECTOR,...", help: "Which input device (name or /dev/input/eventN) drives which connector: that screen's panel gets its events (a mirror's go to the first screen's panel, mapped through the mirror's mode).", default: "one connector: every device; several: touch by physical size, else the first; keys and mice the first"),
        ] + ScreenOptions.options + [ScreenOptions.backlightOption] + Appliance.options,
        discussion: """
        stdout carries only JSON lines (events and replies); every message and path goes to stderr.
        Files are replaced, never rewritten in place, and never written through a symbolic link.

        EXIT STATUS:
        """ + "\n" + ExitStatus.runTable.map { "  " + String($0.0).padded(to: 5) + $0.1 }.joined(separator: "\n"))

    static func run(_ args: ParsedArguments) throws(CommandFailure) {
        guard args.positionals.count == 1 else { throw CommandFailure("run needs exactly one PANEL (see 'knob-panel run --help')", status: 64) }
        let panelPath = args.positionals[0]
        let panel = try loadPanel(panelPath)
        let modeRequest: ModeRequest
        let exitAfter: Double?
        let fallbackToPNG: Bool
        var waitForDisplay: Double??   // nil: no waiting; .some(nil): no limit
        do {
            if args.flags.contains("wait-for-display") {
                let limit = try args.double("wait-for-display")
                if let l = limit, l <= 0 || l > 1e9 { throw UsageError("--wait-for-display takes seconds between 0 and 1e9 (none: no limit)") }
                waitForDisplay = .some(limit)
            }
            guard let m = ModeRequest(args.value("mode") ?? "preferred") else {
                throw UsageError("--mode expects 'preferred', WxH or WxH@Hz, got '\(args.value("mode")!)'")
            }
            modeRequest = m
            exitAfter = try args.double("exit-after")
            if let e = exitAfter, e < 0 || e > 1e9 { throw UsageError("--exit-after must be between 0 and 1e9 seconds") }
            switch args.value("fallback") ?? "none" {
            case "none": fallbackToPNG = false
            case "png": fallbackToPNG = true
            case let other: throw UsageError("--fallback expects 'none' or 'png', got '\(other)'")
            }
            if fallbackToPNG && args.value("device") != nil {
                throw UsageError("--fallback png cannot be combined with --device: an explicit device never falls back")
            }
        } catch { throw CommandFailure("\(error)", status: 64) }
        let screenTimers = try ScreenOptions.parse(args)
        let calibration: TouchCalibration
        let touchMap: TouchOutputMap
        do {
            if let text = args.value("touch-matrix") {
                guard let c = TouchCalibration(parsing: text) else {
                    throw UsageError("--touch-matrix expects six numbers a,b,c,d,e,f within ±\(Int(TouchCalibration.bound)), got '\(text)'")
                }
                calibration = c
            } else {
                // The checker bounds the layout's numbers the same way.
                calibration = panel.touchCalibration.flatMap { TouchCalibration(matrix: $0) } ?? .identity
            }
            switch args.value("touch-output").map(TouchOutputMap.parse) ?? .success(TouchOutputMap()) {
            case .success(let m): touchMap = m
            case .failure(let e): throw UsageError(e.description)
            }
        } catch { throw CommandFailure("\(error)", status: 64) }
        let appliance: Appliance.Settings
        let outputs: ScreenPlan.Outputs
        do {
            appliance = try Appliance.settings(args)
            outputs = try ScreenPlan.parse(args.allValues("output"), connector: args.value("connector"))
        } catch { throw CommandFailure("\(error)", status: 64) }
        if appliance.headless {
            return try Appliance.runHeadless(panel, panelPath: panelPath, settings: appliance, exitAfter: exitAfter, args: args)
        }

        // No usable display: the cause's own status, or the PNG when asked for (never with --device).
        func noDisplay(_ e: DisplayError) throws(CommandFailure) {
            guard fallbackToPNG && e.meansNoDisplayAvailable else {
                let hint = e.meansNoDisplayAvailable && args.value("device") == nil ? " ('--fallback png' renders offscreen instead)" : ""
                throw CommandFailure(e.message + hint, status: ExitStatus.display(e.kind))
            }
            var png = args.value("offscreen-out") ?? ""
            if png.isEmpty { png = try defaultOffscreenPath(panelPath) }
            try renderOffscreen(panel, to: png)
            Console.note("no free KMS display: \(e.message); rendered offscreen to \(png)")
        }

        let opened: [ScreenPlan.Opened]
        do {
            let open = { () throws(DisplayError) -> [ScreenPlan.Opened] in
                try ScreenPlan.open(outputs, device: args.value("device"), mode: modeRequest)
            }
            if let limit = waitForDisplay {
                let waiter = DisplayWaiter()
                let waitClock = MonotonicClock()
                opened = try waiter.wait(timeout: limit, report: { Console.note($0) }, open)
                if waiter.attempts > 1 {
                    Console.note("the display is ready after \(JSONLineWriter.number((waitClock.now * 1000).rounded() / 1000)) s (\(waiter.attempts) attempts)")
                }
            } else {
                opened = try open()
            }
        } catch {
            return try noDisplay(error)
        }
        let screens: [DisplayScreen]
        do { screens = try ScreenPlan.screens(opened, mainPanel: panel, mode: modeRequest) }
        catch { for o in opened { o.output?.shutdown() }; throw error }
        let controller = screens[0].controller
        // The primary screen's panel is the one reloaded, saved and served (stdin, socket).
        let primaryPath = opened[0].panelPath ?? panelPath
        ScreenOptions.apply(screenTimers, to: controller)
        let services: PanelServices
        do { services = try Appliance.makeServices(appliance, controller: controller, panelPath: primaryPath) }
        catch { for o in opened { o.output?.shutdown() }; throw error }
        // The same panel elsewhere (--output all): it replays the primary's input and commands.
        for screen in screens.dropFirst() where screen.mirrorsPrimary { controller.addMirror(screen.controller, at: 0) }
        for screen in screens.dropFirst() where !screen.mirrorsPrimary {
            // Another panel: its events go out with the primary's; commands for its widgets reach it.
            screen.controller.eventSink = controller.eventSink
            controller.peers.append(screen.controller)
        }
        for (screen, o) in zip(screens, opened) {
            let panelName = screen.controller.scene.panel.name
            if let output = o.output {
                let turned = screen.controller.rotation.degrees
                let rotationNote = turned != 0 && o.connector.panelOrientation != nil && !screen.controller.scene.panel.rotationIsExplicit
                    ? " (turned \(turned)° for its panel orientation '\(o.connector.panelOrientation!.rawValue)')" : ""
                Console.note("showing '\(panelName)' on \(output.device.path) \(output.connector.name) \(output.mode)\(rotationNote)")
                warnAboutTouchTargets(screen.controller.scene.panel, connector: output.connector)
            } else {
                Console.note("'\(panelName)' waits for a display on \(o.connector.name)")
            }
        }
        var options = DisplaySession.Options()
        options.exitAfter = exitAfter
        options.readyFile = args.value("ready-file")
        // One screen-power state for every screen (the primary's rules), each connector with
        // its own backlight and DPMS.
        let powers = try ScreenOptions.displayPowers(args, device: screens.first { $0.output != nil }!.output!.device, connectors: opened.map(\.connector))
        for (screen, power) in zip(screens, powers) {
            screen.power = power
            if controller.screenSettings.dimAfter != nil || controller.screenSettings.offAfter != nil {
                Console.note("screen power\(screens.count > 1 ? " (\(screen.connectorName))" : ""): \(power.description)")
            }
        }
        options.report = { Console.note($0) }
        options.console = try consoleTerminal(args.value("vt") ?? "auto")
        if let path = args.value("flip-log") {
            do { options.flipLog = try OutputFile(path: path, live: true, special: .devices) }
            catch { throw CommandFailure(error.description, status: ExitStatus.output) }
        }
        var cursor: PointerCursor?
        // Input is optional: a panel without touch or keys still shows values and takes commands.
        // Each device drives one screen (--touch-output, else touch matched by size, else the
        // first) and is read by that screen's source, which maps it through that screen's mode
        // and rotation: a screen with its own panel (NAME=PANEL) gets the events, a mirror's go
        // to the primary's panel (the same design, so the same design points).
        // A named screen whose display is not there yet reads the devices named for it; the
        // defaults (size, first) choose among the screens shown now.
        if !args.flags.contains("no-input") {
            let shown = screens.compactMap { $0.output }.map {
                TouchOutputMap.Output(name: $0.connector.name, mmWidth: Int($0.connector.mmWidth), mmHeight: Int($0.connector.mmHeight))
            } + screens.filter { $0.output == nil }.map { TouchOutputMap.Output(name: $0.connectorName, mmWidth: 0, mmHeight: 0) }
            for c in touchMap.unknownConnectors(among: shown) {
                Console.note("--touch-output names connector '\(c)', which is not shown: its touch devices are not read")
            }
            for screen in screens {
                let c = screen.controller, name = screen.connectorName
                let (source, text) = openInput(width: c.rotation.physicalWidth, height: c.rotation.physicalHeight, calibration: calibration,
                                               accepts: { touchMap.output(for: $0, among: shown) == name })
                if let source { services.addInput(source, to: screen.mirrorsPrimary ? controller : c, on: c) }
                if screen === screens[0] || source != nil { Console.note((screens.count > 1 ? name + ": " : "") + text) }
                if screen === screens[0], let source, screen.output != nil, !args.flags.contains("no-cursor") {
                    cursor = attachCursor(to: source, screen: screen, services: services)
                }
            }
        }
        let recorder = try Recording.start(args, controller: controller, panelPath: primaryPath,
                                           width: controller.rotation.physicalWidth, height: controller.rotation.physicalHeight)
        _ = cursor   // kept alive with the session; its hooks hide it at exit
        // Switched to another VT: hidden while still master; the next motion after the return shows it.
        if let cursor { options.onConsoleRelease = { [unowned cursor] in cursor.shutdown() } }
        let session = DisplaySession(screens: screens, options: options, services: services)
        // Display hotplug: a connector that goes away stops being drawn, one that comes back
        // (or changes size) gets its mode and a full repaint, at its new size.
        do {
            let monitor = try DRMUeventMonitor()
            monitor.onEvent = { [unowned session] event, time in session.hotplugEvent(event, at: time) }
            services.add(monitor)
        } catch {
            Console.warning("no display hotplug: \(error.message)")
        }
        do {
            try session.run()
        } catch let e where e.kind == .masterHeld && session.stats.flips.isEmpty && args.value("device") == nil {
            // Another program (a compositor, X) holds the display: the same cause as at open.
            return try noDisplay(e)
        } catch {
            throw CommandFailure(error.message, status: ExitStatus.display(error.kind))
        }
        Console.note(summary(session.stats) + (cursor.map { "; " + $0.summary } ?? ""))
        for power in powers { for e in power.errors + (power.backlight?.errors ?? []) { Console.warning("screen power: \(e)") } }
        var outputErrors = session.stats.outputErrors + Recording.finish(recorder)
        do { try options.flipLog?.commit() } catch { outputErrors.append(error.description) }
        if !outputErrors.isEmpty {
            throw CommandFailure(outputErrors.joined(separator: "; "), status: ExitStatus.output)
        }
    }

    /// `--vt`: the VT to own, if any. An explicit path that is no VT is a usage error.
    static func consoleTerminal(_ value: String) throws(CommandFailure) -> VirtualTerminal? {
        switch value {
        case "none": return nil
        case "auto": return VirtualTerminal.controlling()
        default:
            guard let vt = VirtualTerminal(path: value) else {
                throw CommandFailure("--vt expects 'auto', 'none' or a virtual terminal such as /dev/tty1; '\(value)' is none (or cannot be opened)", status: ExitStatus.usage)
            }
            return vt
        }
    }

    /// The fallback PNG goes where other users cannot plant links: $XDG_RUNTIME_DIR (private
    /// to the user by definition), else a 0700 directory of our own under /tmp.
    static func defaultOffscreenPath(_ panelPath: String) throws(CommandFailure) -> String {
        let base = panelPath.split(separator: "/").last.map { String($0.split(separator: ".").first ?? $0) } ?? "panel"
        return try privateDirectory() + "/knob-panel-\(base).png"
    }

    static func privateDirectory() throws(CommandFailure) -> String {
        let uid = getuid()
        func isPrivate(_ path: String) -> Bool {
            var st = stat()
            return lstat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFDIR && st.st_uid == uid && st.st_mode & 0o077 == 0
        }
        if let xdg = getenv("XDG_RUNTIME_DIR").map({ String(cString: $0) }), xdg.hasPrefix("/"), isPrivate(xdg) {
            return xdg
        }
        let dir = "/tmp/knob-panel-\(uid)"
        if mkdir(dir, 0o700) != 0 && errno != EEXIST {
            throw CommandFailure("cannot create '\(dir)': \(String(cString: strerror(errno)))", status: ExitStatus.output)
        }
        guard isPrivate(dir) else {
            throw CommandFailure("refusing to write into '\(dir)': it is not a directory private to this user (mode 0700, owner uid \(uid)); remove it or pass --offscreen-out", status: ExitStatus.output)
        }
        return dir
    }

    /// The mouse pointer: on the hardware cursor plane where the driver has one, else
    /// composited into the picture (`SoftwareCursor`). The start-up line says which.
    static func attachCursor(to source: any InputSource, screen: DisplayScreen, services: PanelServices) -> PointerCursor? {
        guard let output = screen.output else { return nil }
        let plane: any CursorPlane
        let how = "shown by a mouse, hidden after \(JSONLineWriter.number(PointerCursor.defaultHideAfter)) s or on touch"
        switch (output.device as? DRMDevice).map({ HardwareCursor.make(device: $0, crtc: output.crtc) }) {
        case .success(let hardware)?:
            plane = hardware
            Console.note("cursor: hardware plane \(hardware.width)x\(hardware.height) (\(how))")
        case let failure:
            let reason: String
            if case .failure(let e)? = failure { reason = e.message } else { reason = "\(output.device.path) is not a DRM device" }
            do {
                let composited = try SoftwareCursor()
                screen.softwareCursor = composited
                plane = composited
            } catch {
                Console.warning("cursor: no hardware cursor plane (\(reason)) and no memory for a composited one (\(error)); a mouse pointer is not shown")
                return nil
            }
            Console.note("cursor: composited \(CursorArrow.inkWidth)x\(CursorArrow.inkHeight), no hardware cursor plane (\(reason)) (\(how))")
        }
        let cursor = PointerCursor(plane: plane)
        if let ev = source as? EvdevSource {
            ev.onRelativePointer = { [unowned cursor] in cursor.pointerMoved(to: $0) }
            ev.onAbsoluteInput = { [unowned cursor] in cursor.touched() }
        } else if let li = source as? LibinputSource {
            li.onRelativePointer = { [unowned cursor] in cursor.pointerMoved(to: $0) }
            li.onAbsoluteInput = { [unowned cursor] in cursor.touched() }
        }
        services.add(cursor)
        services.onShutdown.append { [unowned cursor] _ in cursor.shutdown() }
        return cursor
    }

    /// libinput when udevd runs (it needs udev's device database); otherwise our own evdev
    /// reader, as on minimal appliances and in the test VMs.
    static func openInput(width: Int, height: Int, calibration: TouchCalibration = .identity,
                          accepts: @escaping (TouchOutputMap.Device) -> Bool = { _ in true }) -> ((any InputSource)?, String) {
        func extras(_ refused: [String]) -> String {
            (calibration.isIdentity ? "" : "; touch matrix \(calibration)")
                + (refused.isEmpty ? "" : "; not read here (another screen's): " + refused.joined(separator: ", "))
        }
        // libinput is opened with dlopen: where udevd runs but libinput is missing, our reader serves.
        let udevRuns = access("/run/udev/control", F_OK) == 0
        let libinputProblem = udevRuns ? LibinputSource.libraryProblem : nil
        if udevRuns, libinputProblem == nil {
            do {
                let li = try LibinputSource(screenWidth: width, screenHeight: height, calibration: calibration, accepts: accepts)
                return (li, "input (libinput): " + (li.deviceNames.isEmpty ? "no devices yet" : li.deviceNames.joined(separator: ", ")) + extras(li.refusedNames))
            } catch {
                return (nil, "no input: \(error.message)")
            }
        }
        let ev = EvdevSource(screenWidth: width, screenHeight: height, calibration: calibration, accepts: accepts)
        return (ev, "input (evdev, \(libinputProblem == nil ? "no udev" : "no libinput")): "
                    + (ev.deviceNames.isEmpty ? "no devices yet" : ev.deviceNames.joined(separator: ", ")) + extras(ev.refusedNames)
                    + (libinputProblem.map { "; \($0)" } ?? ""))
    }

    /// Opens the requested device, or the first one with a connected display.
    static func openDisplay(device: String?, connector: String?, mode: ModeRequest) throws(DisplayError) -> KMSOutput {
        // The first opener of a card becomes DRM master by itself; anyone else may read the
        // connectors but not set a mode: say so now rather than at the first modeset.
        func open(_ path: String) throws(DisplayError) -> KMSOutput {
            let drm = try DRMDevice(path: path)
            let output = try KMSOutput(device: drm, connectorName: connector, modeRequest: mode)
            guard drm.isMaster else {
                throw DisplayError(.masterHeld, "another program holds the display: DRM master on \(path) (a compositor, X, plymouth, another panel)")
            }
            return output
        }
        if let device { return try open(device) }
        let candidates = DRMDevice.candidatePaths()
        guard !candidates.isEmpty else { throw DisplayError(.noDevice, "no /dev/dri/card* on this machine") }
        var firstError: DisplayError?
        for path in candidates {
            do {
                return try open(path)
            } catch {
                // A named connector or mode that one card lacks may be on the next card.
                if firstError == nil || firstError!.kind == .noDevice { firstError = error }
            }
        }
        throw firstError!
    }

    static func renderOffscreen(_ panel: Panel, to path: String) throws(CommandFailure) {
        let controller: PanelController
        do {
            let (w, h) = panel.naturalScreenSize
            controller = try PanelController(panel: panel, screenWidth: w, screenHeight: h)
            try OffscreenSession(controller: controller, inputs: []).run(until: 0)
        } catch {
            throw CommandFailure("offscreen render failed: \(error)")
        }
        do { try controller.physicalFrame().writePNG(to: path) }
        catch { throw CommandFailure("\(error)", status: ExitStatus.output) }
    }

    static func summary(_ s: DisplaySession.Statistics) -> String {
        func ms(_ v: Double) -> String { JSONLineWriter.number((v * 10000).rounded() / 10) }
        var text = "\(s.flips.count) page flips, \(s.framesRendered) frames rendered"
        if let first = s.firstFlipSinceExec { text = "first page flip \(ms(first)) ms after start; " + text }
        let (active, idle) = s.activeIntervals()
        let iv = active.sorted()
        if !iv.isEmpty {
            text += "; flip interval median \(ms(iv[iv.count / 2])) ms (min \(ms(iv.first!)), max \(ms(iv.last!))"
            text += idle > 0 ? ", \(idle) idle gap\(idle == 1 ? "" : "s") left out)" : ")"
        }
        let costs = s.frameCosts.values.sorted()
        if !costs.isEmpty { text += "; render+copy median \(ms(costs[costs.count / 2])) ms" }
        if s.driverLacksVblank { text += "; driver completes flips without vblank, paced by timer" }
        return text
    }
}

/// Touch targets under 9 mm on this screen, as warnings on stderr: the connector's size from
/// KMS when the display reports one (turned with the panel's rotation), else the panel's
/// `physicalSize`.
func warnAboutTouchTargets(_ panel: Panel, connector: ConnectorInfo) {
    var mm = panel.physicalSize
    if connector.mmWidth > 0 && connector.mmHeight > 0 {
        let w = Double(connector.mmWidth), h = Double(connector.mmHeight)
        mm = panel.rotation == 90 || panel.rotation == 270 ? (h, w) : (w, h)
    }
    guard let mm else { return }
    for w in TouchTargets.warnings(panel, screenMM: mm, targetSize: WidgetCatalog.touchTarget) { Console.err(w.description) }
}
