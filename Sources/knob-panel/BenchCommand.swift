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

/// Measures frame times with the real compositor and output copy (see FrameBench), so
/// performance claims have numbers. Use a release build.
enum BenchCommand {
    static let spec = CommandSpec(
        name: "bench", abstract: "Measure frame times of a panel, phase by phase (use a release build).",
        usage: "bench PANEL [--size WxH] [--frames N] [--phases LIST] [--json]",
        arguments: [("PANEL", "The layout file.")],
        options: [
            OptionSpec("size", value: "WxH", help: "Screen size.", default: "the panel's design size"),
            OptionSpec("frames", value: "n", help: "Frames timed per phase, after 10 warm-up frames.", default: "300"),
            OptionSpec("phases", value: "list", help: "Only these phases, comma-separated (e.g. full,knob); the others print null. 'first' always runs.", default: "all"),
            OptionSpec("json", help: "Print one JSON object (times in ms; null for a phase the panel cannot show)."),
        ])

    static func run(_ args: ParsedArguments) throws(CommandFailure) {
        guard args.positionals.count == 1 else { throw CommandFailure("bench needs exactly one PANEL", status: 64) }
        let panel = try loadPanel(args.positionals[0])
        let frames: Int
        let size: (Int, Int)?
        do {
            frames = try args.int("frames") ?? 300
            size = try args.size("size")
        } catch { throw CommandFailure(error.description, status: 64) }
        guard frames >= 1 && frames <= 100_000 else { throw CommandFailure("--frames must be 1...100000", status: 64) }
        var only: Set<String>?
        if let list = args.value("phases") {
            let names = list.split(separator: ",").map(String.init)
            let known = BenchReport.phaseNames.filter { $0 != "first" }
            if let bad = names.first(where: { !known.contains($0) }) {
                throw CommandFailure("--phases: unknown phase '\(bad)' (phases: \(known.joined(separator: ", ")))", status: 64)
            }
            only = Set(names)
        }
        let (w, h) = size ?? panel.naturalScreenSize
        let report: BenchReport
        do { report = try FrameBench(panel: panel, width: w, height: h, frames: frames, only: only).run() }
        catch { throw CommandFailure("cannot bench the panel: \(error)") }
        if args.flags.contains("json") {
            Console.out(report.json)
        } else {
            for line in report.textLines(panelName: panel.name) { Console.out(line) }
        }
    }
}
