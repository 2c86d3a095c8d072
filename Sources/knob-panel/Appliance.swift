@preconcurrency import Glibc
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

/// The appliance side of `run`: the control socket, headless mode, saved state, reload and
/// the service manager. RunCommand calls in here, so the display path stays readable.
enum Appliance {
    /// Options `run` gains for the appliance (listed in `run --help`).
    static let options: [OptionSpec] = [
        OptionSpec("headless", help: "No display: the real loop (stdin, socket, state, reload, animations at 60 Hz) rendering into memory; 'screenshot' writes the frame."),
        OptionSpec("size", value: "WxH", help: "Screen size with --headless.", default: "the panel's design size"),
        OptionSpec("ipc", value: "path", help: "Serve the JSON-lines protocol on a Unix stream socket at this path (many clients; removed on exit)."),
        OptionSpec("ipc-mode", value: "octal", help: "Permissions of the socket file.", default: "0660"),
        OptionSpec("ipc-max-clients", value: "n", help: "Most clients connected at once; more are refused with an error line, unless a client has sent nothing for 5 s: the one idle longest makes room.", default: "16"),
        OptionSpec("state", value: "path", help: "Save every page's widget values and the page shown here (debounced, crash-safe) and restore them at start."),
        OptionSpec("screenshot-dir", value: "dir", help: "Where 'screenshot' requests from the socket and MQTT write (relative paths resolve here; paths outside it are refused; only regular files, never a FIFO). Stdin may write anywhere. PNGs are encoded off the loop, 2 at a time; more get a 'busy' error.", default: "$XDG_RUNTIME_DIR, else /tmp/knob-panel-UID (a 0700 directory)"),
        OptionSpec("watch", help: "Reload the panel when its file changes (SIGHUP and {\"command\":\"reload\"} always reload)."),
        OptionSpec("studio", value: "addr", help: "Serve the layout studio (see 'knob-panel help studio') next to the display: remote view and control; implies --watch. Any address but 127.0.0.x needs --token-file.",
                   default: "127.0.0.1:8080", optionalValue: { ListenAddress($0) != nil && $0.contains(":") }),
        StudioSettings.tokenOption,
        OptionSpec("script", value: "jsonl", help: "Play an input script (touch, pointer, wheel, key and command lines, as for 'render --input') on the real clock, from when the panel is shown."),
    ] + MQTTSettings.options + FlightRecorderOptions.options

    /// Exit status when the control socket cannot be created (a live panel listens on it,
    /// the path is not a socket, or binding fails): EX_CANTCREAT.
    static let socketExitStatus: Int32 = 73

    struct Settings {
        var headless = false
        var size: (Int, Int)?
        var ipc: IPCServer.Options?
        var statePath: String?
        var watch = false
        var scriptPath: String?
        var mqtt: MQTTSettings?
        var screenshotDirectory: String?
        var studio: StudioSettings?
        var flightRecorder = FlightRecorderOptions.Settings()
    }

    static func settings(_ args: ParsedArguments) throws(UsageError) -> Settings {
        var s = Settings()
        s.headless = args.flags.contains("headless")
        s.size = try args.size("size")
        if s.size != nil && !s.headless { throw UsageError("--size is for --headless (a display has its own size; see --mode)") }
        if let path = args.value("ipc") {
            var o = IPCServer.Options(path: path)
            if let m = args.value("ipc-mode") {
                guard let mode = UInt32(m, radix: 8), mode <= 0o777 else { throw UsageError("--ipc-mode expects octal permissions such as 0660, got '\(m)'") }
                o.mode = mode
            }
            if let n = try args.int("ipc-max-clients") {
                guard (1...1024).contains(n) else { throw UsageError("--ipc-max-clients must be 1...1024") }
                o.maxClients = n
            }
            s.ipc = o
        } else if args.value("ipc-mode") != nil || args.value("ipc-max-clients") != nil {
            throw UsageError("--ipc-mode and --ipc-max-clients need --ipc PATH")
        }
        s.statePath = args.value("state")
        s.watch = args.flags.contains("watch")
        s.screenshotDirectory = args.value("screenshot-dir")
        s.scriptPath = args.value("script")
        s.mqtt = try MQTTSettings.parse(args)
        s.flightRecorder = try FlightRecorderOptions.parse(args)
        if args.flags.contains("studio") {
            s.studio = try StudioSettings.parse(address: args.value("studio") ?? "127.0.0.1:8080", tokenFile: args.value("token-file"))
            s.watch = true
        } else if args.value("token-file") != nil {
            throw UsageError("--token-file is for --studio")
        }
        return s
    }

    /// Builds the loop's services for a controller: stdin, socket, signals, state, reload.
    static func makeServices(_ settings: Settings, controller: PanelController, panelPath: String) throws(CommandFailure) -> PanelServices {
        var o = PanelServices.Options()
        o.commandFD = STDIN_FILENO
        o.outputFD = STDOUT_FILENO
        o.report = { Console.note($0) }
        o.ipc = settings.ipc
        if let dir = settings.screenshotDirectory { controller.screenshotDirectory = dir }
        else { controller.screenshotDirectory = try RunCommand.privateDirectory() }
        let services: PanelServices
        do {
            services = try PanelServices(controller: controller, options: o, write: { Console.outBuffered($0) },
                                         flushWrites: { Console.flushOut() })
            try services.installSignals()
        } catch let e as IPCError {
            throw CommandFailure(e.description, status: socketExitStatus)
        } catch {
            throw CommandFailure("\(error)")
        }
        if let ipc = settings.ipc { Console.note("control socket \(ipc.path)") }
        let name = controller.scene.panel.name
        services.enableServiceNotifications { "showing '\(name)'" }
        services.enableClickSound()
        do { try services.enableReload(path: panelPath, watch: settings.watch, report: { Console.note($0) }) }
        catch { throw CommandFailure("cannot watch '\(panelPath)': \(error.message)") }
        if let statePath = settings.statePath {
            let restored = services.enableState(path: statePath, at: 0, report: { Console.note($0) })
            if !restored.isEmpty { Console.note("restored \(restored.joined(separator: ", ")) from \(statePath)") }
        }
        try FlightRecorderOptions.enable(settings.flightRecorder, services: services, controller: controller, panelPath: panelPath)
        try settings.mqtt?.enable(services: services, panelName: name)
        try settings.studio?.enable(services: services, panelPath: panelPath, headless: settings.headless)
        if let path = settings.scriptPath {
            let inputs: [TimedInput]
            switch InputScript.parse(try readTextFile(path), file: path) {
            case .success(let parsed): inputs = parsed
            case .failure(let errors):
                for e in errors.errors { Console.err(e.description) }
                throw CommandFailure(nil, status: 1)
            }
            let aimErrors = controller.aimErrors(inputs, file: path)
            if !aimErrors.isEmpty {
                for e in aimErrors { Console.err(e.description) }
                throw CommandFailure(nil, status: 1)
            }
            services.add(ScriptPlayer(controller: controller, inputs: inputs))
        }
        // screen.brightness.ambient: a deadline only while the layout names a sensor and the screen is lit.
        let sysfs = getenv("KNOB_PANEL_SYSFS").map { String(cString: $0) } ?? ""
        services.add(AmbientLightSource(controller: controller, sysfsRoot: sysfs, report: { Console.note($0) }))
        return services
    }

    /// `run --headless`: the panel's loop without a display.
    static func runHeadless(_ panel: Panel, panelPath: String, settings: Settings, exitAfter: Double?, args: ParsedArguments) throws(CommandFailure) {
        let (w, h) = settings.size ?? panel.naturalScreenSize
        let controller: PanelController
        do { controller = try PanelController(panel: panel, screenWidth: w, screenHeight: h) }
        catch { throw CommandFailure("cannot build the panel: \(error)") }
        ScreenOptions.apply(try ScreenOptions.parse(args), to: controller)
        // --backlight PATH headless: the light of a screen another program shows (and the tests').
        var light: BacklightLight?
        if let path = args.value("backlight"), path != "none" {
            do { light = BacklightLight(try Backlight(path: path)) } catch { throw CommandFailure("--backlight: \(error.message)", status: 64) }
            controller.screenLight = light
            controller.screenAbilities = ScreenOutputAbilities(dims: true, blanks: true)
            light!.backlight.set(fraction: controller.screenBrightness)
            Console.note("screen power: backlight \(path)")
        }
        defer {
            light?.backlight.restore()
            for e in light?.backlight.errors ?? [] { Console.warning("screen power: \(e)") }
        }
        let services = try makeServices(settings, controller: controller, panelPath: panelPath)
        var options = HeadlessSession.Options()
        options.exitAfter = exitAfter
        options.readyFile = args.value("ready-file")
        // The same file rules as the display path: no links, every write checked, exit 74.
        if let path = args.value("flip-log") {
            do { options.frameLog = try OutputFile(path: path, live: true, special: .devices) }
            catch { throw CommandFailure(error.description, status: ExitStatus.output) }
        }
        let recorder = try Recording.start(args, controller: controller, panelPath: panelPath, width: w, height: h)
        let session = HeadlessSession(controller: controller, services: services, options: options)
        Console.note("running '\(panel.name)' headless at \(w)x\(h)")
        do { try session.run() } catch { throw CommandFailure(error.message) }
        var outputErrors = session.outputErrors + Recording.finish(recorder)
        do { try options.frameLog?.commit() } catch { outputErrors.append(error.description) }
        if !outputErrors.isEmpty { throw CommandFailure(outputErrors.joined(separator: "; "), status: ExitStatus.output) }
        let iv = session.activeIntervals().sorted()
        var text = "\(session.frameTimes.count) frames rendered"
        if !iv.isEmpty {
            func ms(_ v: Double) -> String { JSONLineWriter.number((v * 10000).rounded() / 10) }
            text += "; frame interval median \(ms(iv[iv.count / 2])) ms (max \(ms(iv.last!)))"
        }
        Console.note(text)
    }
}
