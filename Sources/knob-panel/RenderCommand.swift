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
import ControlWidgets

enum RenderCommand {
    static let spec = CommandSpec(
        name: "render", abstract: "Render a panel offscreen to PNG on a virtual 60 Hz clock, optionally playing an input script.",
        usage: "render PANEL --out OUT.png [--size WxH] [--time SECONDS] [--input SCRIPT.jsonl] [--events EVENTS.jsonl] [--frames-dir DIR] [--cursor X,Y] [--wall-time ISO8601]\n       render --input FLIGHT-RECORDING.jsonl --out OUT.png [options]",
        arguments: [("PANEL", "The layout file (left out for a flight recording, which carries its layout).")],
        options: [
            OptionSpec("out", value: "png", help: "Where to write the frame shown at --time."),
            OptionSpec("size", value: "WxH", help: "Screen size; the panel is scaled uniformly and centred.", default: "the panel's design size"),
            OptionSpec("time", value: "seconds", help: "Virtual time of the frame to write.",
                       default: "the end of the script plus the time its animations need to settle, at most \(Int(settleLimit)) s more"),
            OptionSpec("input", value: "jsonl", help: "Input script to play (touch, pointer, wheel, key lines), or a flight recording ('run' writes one on 'dump' or SIGUSR1): its layout, screen size and starting state come with it."),
            OptionSpec("events", value: "jsonl", help: "Where to write emitted events ('-' = stdout)."),
            OptionSpec("frames-dir", value: "dir", help: "Also write every painted frame as DIR/frame-NNNNN.png."),
            OptionSpec("wall-time", value: "iso8601", help: "The wall clock at t = 0 for clocks, e.g. 2026-12-01T07:30:00Z (or +01:00), so frames are reproducible; it advances with the virtual clock.", default: "the real time when the render starts"),
            OptionSpec("cursor", value: "X,Y", help: "Draw the mouse arrow with its tip at screen pixel X,Y on the --out frame, as run composites it where the driver has no cursor plane.", default: "no arrow"),
        ] + ScreenOptions.options,
        discussion: """
        Without --time, render plays the whole script and then runs the virtual clock on until no
        widget animates any more (a knob returning to a position, an animated set), so the frame
        and the events are those of the panel at rest. Animations still running \(Int(settleLimit)) s after
        the last input are cut off there, with a note on stderr. A panel without a script is
        rendered at t = 0.

        A flight recording replays from the start of its window: the layout it carries (or
        PANEL, if given), at its screen size (or --size), from the widget values it starts
        with; the idle timers' changes are lines of the recording, so the layout's own timers
        are off unless --dim-after or --off-after is given.
        """)

    /// How long `render` without `--time` waits for animations after the script's last line.
    static let settleLimit = 60.0

    static func run(_ args: ParsedArguments) throws(CommandFailure) {
        guard let out = args.value("out") else { throw CommandFailure("render needs --out OUT.png", status: 64) }
        var scriptText: String?
        if let path = args.value("input") { scriptText = try readTextFile(path) }
        var flight: FlightRecording?
        if let scriptText, let scriptPath = args.value("input") {
            switch FlightRecording.read(scriptText, file: scriptPath) {
            case .success(let f): flight = f
            case .failure(let e): Console.err(e.description); throw CommandFailure(nil, status: 1)
            }
        }
        guard args.positionals.count == 1 || (flight != nil && args.positionals.isEmpty) else {
            throw CommandFailure("render needs exactly one PANEL (see 'knob-panel render --help')", status: 64)
        }
        let panel: Panel
        if let path = args.positionals.first { panel = try loadPanel(path) }
        else { panel = try loadFlightLayout(flight!, file: args.value("input")!) }
        let screenTimers = try ScreenOptions.parse(args)
        let time: Double?
        let size: (Int, Int)?
        do {
            time = try args.double("time")
            size = try args.size("size")
        } catch { throw CommandFailure(error.description, status: 64) }
        if let time, !(time >= 0 && time <= 24 * 3600) { throw CommandFailure("--time must be between 0 and 86400 seconds", status: 64) }
        let (w, h) = size ?? flight.map { ($0.width, $0.height) } ?? panel.naturalScreenSize
        let cursorTip = try args.value("cursor").map { (text: String) throws(CommandFailure) in try parseCursor(text, width: w, height: h) }
        var inputs: [TimedInput] = []
        if let scriptPath = args.value("input") {
            switch InputScript.parse(flight?.script ?? scriptText ?? "", file: scriptPath) {
            case .success(let parsed): inputs = parsed
            case .failure(let errors):
                for e in errors.errors { Console.err(e.description) }
                throw CommandFailure(nil, status: 1)
            }
        }
        let events: LineSink? = try args.value("events").map { (p: String) throws(CommandFailure) in try LineSink(path: p) }
        // Fail before playing a long script, not after: the output's temporary file is made
        // now (a link, a missing directory or no permission show here).
        let outFile: OutputFile
        do { outFile = try OutputFile(path: out) }
        catch { throw CommandFailure(error.description, status: ExitStatus.output) }
        var wallClock = WallClock.startingNow()
        if let text = args.value("wall-time") {
            guard let t = ISO8601Time.unixTime(text) else {
                throw CommandFailure("--wall-time must be an ISO 8601 time like 2026-12-01T07:30:00Z, not '\(text)'", status: 64)
            }
            wallClock = WallClock(unixTimeAtZero: t)
        }
        let controller: PanelController
        do { controller = try PanelController(panel: panel, screenWidth: w, screenHeight: h, rotationDegrees: flight?.rotation, wallClock: wallClock) }
        catch { throw CommandFailure("cannot build the panel: \(error)") }
        // Painting's notes (a recovered Cairo error) go to stderr once the frames are written.
        defer { for note in controller.takeDiagnostics() { Console.note(note) } }
        controller.emit = { line in events?.write(line) }
        ScreenOptions.apply(screenTimers, to: controller)
        if let flight {
            // The recording holds the idle timers' changes as lines: the layout's own timers
            // would count from the window's start, not from the last touch before it.
            if screenTimers.dimAfter == nil && screenTimers.offAfter == nil { controller.overrideScreenTimers(dimAfter: .some(nil), offAfter: .some(nil)) }
            controller.restoreFlightState(flight.state, at: 0)
            if !flight.atRest { Console.note("the recording starts at a checkpoint taken while something moved; the replay may differ from the panel there") }
        }
        // Aims at widgets need the scene to resolve; a wrong id fails before anything plays.
        let aimErrors = controller.aimErrors(inputs, file: args.value("input") ?? "")
        if !aimErrors.isEmpty {
            for e in aimErrors { Console.err(e.description) }
            throw CommandFailure(nil, status: 1)
        }
        let session = OffscreenSession(controller: controller, inputs: inputs)
        if let dir = args.value("frames-dir") {
            try makeDirectory(dir)
            // Names sort in frame order: as many digits as the last possible frame needs (at
            // least 5), so frame-100000 does not sort before frame-99999.
            let lastTime = time ?? ((inputs.last?.time ?? 0) + settleLimit)
            let digits = Swift.max(5, String(Int((lastTime * 60).rounded(.up)) + 1).count)
            session.onFrame = { index, _ in
                var name = String(index)
                name = String(repeating: "0", count: Swift.max(0, digits - name.count)) + name
                do { try controller.physicalFrame().writePNG(to: "\(dir)/frame-\(name).png") }
                catch { throw CommandFailure("\(error)", status: ExitStatus.output) }
            }
        }
        do {
            if let time {
                try session.run(until: time)
            } else {
                let rest = try session.runToRest(settleLimit: settleLimit)
                if !rest.settled {
                    Console.note("animations still running at t = \(JSONLineWriter.number(rest.time)) s (\(Int(settleLimit)) s after the script's last line); wrote that frame")
                }
            }
        } catch {
            if let failure = error as? CommandFailure { throw failure }
            throw CommandFailure("\(error)")
        }
        do {
            let image = try controller.physicalFrame()
            // The last use of the frame: the arrow may go straight into it.
            if let cursorTip {
                let arrow = try SoftwareCursor()
                arrow.show(x: cursorTip.x, y: cursorTip.y)
                arrow.draw(into: image)
            }
            try image.writePNG(to: outFile)
            try outFile.commit()
        } catch {
            throw CommandFailure("\(error)", status: ExitStatus.output)
        }
        try events?.commit()
    }

    /// A flight recording's layout, checked as `check` would; images resolve next to the
    /// layout file it was recorded from.
    static func loadFlightLayout(_ flight: FlightRecording, file: String) throws(CommandFailure) -> Panel {
        let base = flight.panelFile.contains("/") ? String(flight.panelFile[..<flight.panelFile.lastIndex(of: "/")!]) : "."
        switch PanelLoader(kinds: WidgetCatalog.kinds).parse(flight.layout, file: "\(file) (layout of \(flight.panelFile))", baseDirectory: base.isEmpty ? "/" : base,
                                 imageDecoder: Picture.decodingProblem(path:)) {
        case .success(let panel): return panel
        case .failure(let errors):
            for d in errors.diagnostics { Console.err(d.description) }
            throw CommandFailure(nil, status: 1)
        }
    }

    /// `--cursor X,Y`: whole screen pixels on the screen.
    static func parseCursor(_ text: String, width: Int, height: Int) throws(CommandFailure) -> (x: Int, y: Int) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let x = Int(parts[0]), let y = Int(parts[1]), (0..<width).contains(x), (0..<height).contains(y) else {
            throw CommandFailure("--cursor wants X,Y: whole pixels on the \(width)x\(height) screen (got '\(text)')", status: 64)
        }
        return (x, y)
    }
}
