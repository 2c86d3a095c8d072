@preconcurrency import Glibc
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

// knob-panel: the command line. Parses arguments, wires the modules, prints errors.
let commands = CommandTable.all.map { ($0.spec, $0.run) }

@MainActor func mainHelp() -> String {
    var s = "OVERVIEW: knob-panel turns a Linux box with a screen into a touch control panel (DRM/KMS + Cairo).\n\n"
    s += "USAGE: knob-panel <subcommand> [options]\n\nSUBCOMMANDS:\n"
    for (spec, _) in commands { s += "  " + spec.name.padded(to: 12) + spec.abstract + "\n" }
    s += "\n  See 'knob-panel help <subcommand>' or 'knob-panel <subcommand> --help' for its options.\n"
    s += "  knob-panel --version (or -V, also after any subcommand) prints the version.\n"
    return s
}

// An integrator that stops reading our events must not kill the panel (and leave the
// display unrestored): writes to a closed pipe fail quietly instead.
signal(SIGPIPE, SIG_IGN)
// A file-size limit (RLIMIT_FSIZE) must not kill the panel halfway through a save either:
// ignored, the write fails with EFBIG, and OutputFile reports it and removes its temporary.
signal(SIGXFSZ, SIG_IGN)
// Started with stdin/stdout/stderr closed, the next open() (the DRM device!) would become
// fd 0, 1 or 2 and be read as commands or written with events. Park /dev/null there.
for fd in Int32(0)...2 where fcntl(fd, F_GETFD) == -1 {
    _ = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
}

var argv = Array(CommandLine.arguments.dropFirst())
if argv.isEmpty || argv[0] == "--help" || argv[0] == "-h" {
    Console.out(mainHelp())
    exit(argv.isEmpty ? 64 : 0)
}
if argv[0] == "--version" || argv[0] == "-V" || argv[0] == "version" {
    Console.out("knob-panel \(PanelVersion.current)")
    exit(0)
}
if argv[0] == "help" {
    guard argv.count > 1, argv[1] != "help" else { Console.out(mainHelp()); exit(0) }
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
do {
    let parsed = try parseArguments(Array(argv.dropFirst()), for: spec)
    if parsed.wantsHelp {
        Console.out(spec.helpText)
        exit(0)
    }
    if parsed.wantsVersion {
        Console.out("knob-panel \(PanelVersion.current)")
        exit(0)
    }
    try body(parsed)
    if let failure = Console.stdoutFailure {
        Console.error(failure)
        exit(ExitStatus.output)
    }
    exit(0)
} catch let e as UsageError {
    Console.error(e.description)
    exit(64)
} catch let e as CommandFailure {
    if let m = e.message { Console.error(m) }
    exit(e.status)
}
