import PanelRuntime

/// `--dim-after` and `--off-after`: the layout's `screen` timers, overridden for one run.
enum ScreenOptions {
    static let options: [OptionSpec] = [
        OptionSpec("dim-after", value: "seconds|never", help: "Dim the screen after this many seconds without input (overrides the layout's screen.dimAfter).", default: "the layout's, else never"),
        OptionSpec("off-after", value: "seconds|never", help: "Turn the screen off after this many seconds without input (overrides screen.offAfter).", default: "the layout's, else never"),
    ]

    struct Timers {
        var dimAfter: Double??
        var offAfter: Double??
    }

    static func parse(_ args: ParsedArguments) throws(CommandFailure) -> Timers {
        func delay(_ name: String) throws(CommandFailure) -> Double?? {
            guard let v = args.value(name) else { return nil }
            if v == "never" { return .some(nil) }
            guard let d = Double(v), d > 0, d <= 604_800 else {
                throw CommandFailure("--\(name) expects seconds (more than 0, at most 604800) or 'never', got '\(v)'", status: 64)
            }
            return .some(d)
        }
        return Timers(dimAfter: try delay("dim-after"), offAfter: try delay("off-after"))
    }

    static func apply(_ timers: Timers, to controller: PanelController) {
        guard timers.dimAfter != nil || timers.offAfter != nil else { return }
        controller.overrideScreenTimers(dimAfter: timers.dimAfter, offAfter: timers.offAfter)
    }
}
