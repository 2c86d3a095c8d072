@preconcurrency import Glibc
import PanelCore

/// The command line: picks the subcommand, parses its arguments, runs it, prints errors.
/// Kept out of main.swift: top-level code is main-actor isolated, so every closure formed
/// there checks the executor at run time, which maps the concurrency runtime's code.
enum CommandLineEntry {
    static let commands = CommandTable.all.map { ($0.spec, $0.run) }

    static func help() -> String {
        var s = "OVERVIEW: knob-panel turns a Linux box with a screen into a touch control panel (DRM/KMS + Cairo).\n\n"
        s += "USAGE: knob-panel <subcommand> [options]\n\nSUBCOMMANDS:\n"
        for (spec, _) in commands { s += "  " + spec.name.padded(to: 12) + spec.abstract + "\n" }
        s += "\n  See 'knob-panel help <subcommand>' or 'knob-panel <subcommand> --help' for its options.\n"
        s += "  knob-panel --version (or -V, also after any subcommand) prints the version.\n"
        return s
    }

    static func run(_ argv: [String]) -> Never {
        if argv.isEmpty || argv[0] == "--help" || argv[0] == "-h" {
            Console.out(help())
            exit(argv.isEmpty ? 64 : 0)
        }
        if argv[0] == "--version" || argv[0] == "-V" || argv[0] == "version" {
            Console.out("knob-panel \(PanelVersion.current)")
            exit(0)
        }
        if argv[0] == "help" {
            guard argv.count > 1, argv[1] != "help" else { Console.out(help()); exit(0) }
            guard let (spec, _) = commands.first(where: { $0.0.name == argv[1] }) else {
                Console.error("no subcommand '\(argv[1])'; see 'knob-panel help'")
                exit(64)
            }
            Console.out(spec.helpText)
            exit(0)
        }
        guard let (spec, body) = commands.first(where: { $0.0.name == argv[0] }) else {
            let hint = closest(argv[0], among: commands.map(\.0.name)).map { " (did you mean '\($0)'?)" } ?? ""
            Console.error("unknown subcommand '\(argv[0])'\(hint); see 'knob-panel help'")
            exit(64)
        }
        let parsed: ParsedArguments
        do {
            parsed = try parseArguments(Array(argv.dropFirst()), for: spec)
        } catch {
            Console.error(error.description)
            exit(64)
        }
        if parsed.wantsHelp {
            Console.out(spec.helpText)
            exit(0)
        }
        if parsed.wantsVersion {
            Console.out("knob-panel \(PanelVersion.current)")
            exit(0)
        }
        do {
            try body(parsed)
        } catch {
            if let m = error.message { Console.error(m) }
            exit(error.status)
        }
        if let failure = Console.stdoutFailure {
            Console.error(failure)
            exit(ExitStatus.output)
        }
        exit(0)
    }
}
