@preconcurrency import Glibc
import Graphics
import PanelLayout
import PanelRuntime

enum RenderCommand {
    static let spec = CommandSpec(
        name: "render", abstract: "Render a panel offscreen to PNG on a virtual 60 Hz clock, optionally playing an input script.",
        usage: "render PANEL --out OUT.png [--size WxH] [--time SECONDS] [--input SCRIPT.jsonl] [--events EVENTS.jsonl] [--frames-dir DIR]",
        arguments: [("PANEL", "The layout file.")],
        options: [
            OptionSpec("out", value: "png", help: "Where to write the frame shown at --time."),
            OptionSpec("size", value: "WxH", help: "Screen size; the panel is scaled uniformly and centred.", default: "the panel's design size"),
            OptionSpec("time", value: "seconds", help: "Virtual time of the frame to write.", default: "0"),
            OptionSpec("input", value: "jsonl", help: "Input script to play (touch, pointer, wheel, key lines)."),
            OptionSpec("events", value: "jsonl", help: "Where to write emitted events ('-' = stdout)."),
            OptionSpec("frames-dir", value: "dir", help: "Also write every painted frame as DIR/frame-NNNNN.png."),
        ])

    static func run(_ args: ParsedArguments) throws(CommandFailure) {
        guard args.positionals.count == 1 else { throw CommandFailure("render needs exactly one PANEL (see 'knob-panel render --help')", status: 64) }
        guard let out = args.value("out") else { throw CommandFailure("render needs --out OUT.png", status: 64) }
        let panel = try loadPanel(args.positionals[0])
        let time: Double
        let size: (Int, Int)?
        do {
            time = try args.double("time") ?? 0
            size = try args.size("size")
        } catch { throw CommandFailure(error.description, status: 64) }
        guard time >= 0 && time <= 24 * 3600 else { throw CommandFailure("--time must be between 0 and 86400 seconds", status: 64) }
        var inputs: [TimedInput] = []
        if let scriptPath = args.value("input") {
            switch InputScript.parse(try readTextFile(scriptPath), file: scriptPath) {
            case .success(let parsed): inputs = parsed
            case .failure(let errors):
                for e in errors.errors { Console.err(e.description) }
                throw CommandFailure(nil, status: 1)
            }
        }
        let events: LineSink? = try args.value("events").map { (p: String) throws(CommandFailure) in try LineSink(path: p) }
        let (w, h) = size ?? panel.naturalScreenSize
        // Fail before playing a long script, not after.
        let outDir = out.contains("/") ? String(out[..<out.lastIndex(of: "/")!]) : "."
        if access(outDir.isEmpty ? "/" : outDir, W_OK) != 0 {
            throw CommandFailure("cannot write '\(out)': \(String(cString: strerror(errno)))")
        }
        let controller: PanelController
        do { controller = try PanelController(panel: panel, screenWidth: w, screenHeight: h) }
        catch { throw CommandFailure("cannot build the panel: \(error)") }
        controller.emit = { line in events?.write(line) }
        let session = OffscreenSession(controller: controller, inputs: inputs)
        if let dir = args.value("frames-dir") {
            try makeDirectory(dir)
            session.onFrame = { index, _, _ in
                var name = String(index)
                name = String(repeating: "0", count: Swift.max(0, 5 - name.count)) + name
                try controller.physicalFrame().writePNG(to: "\(dir)/frame-\(name).png")
            }
        }
        do {
            try session.run(until: time)
            try controller.physicalFrame().writePNG(to: out)
        } catch {
            throw CommandFailure("\(error)")
        }
    }
}
