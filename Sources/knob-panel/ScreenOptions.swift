@preconcurrency import Glibc
import PanelRuntime

/// `--dim-after` and `--off-after`: the layout's `screen` timers, overridden for one run.
enum ScreenOptions {
    static let options: [OptionSpec] = [
        OptionSpec("dim-after", value: "seconds|never", help: "Dim the screen after this many seconds without input (overrides the layout's screen.dimAfter).", default: "the layout's, else never"),
        OptionSpec("off-after", value: "seconds|never", help: "Turn the screen off after this many seconds without input (overrides screen.offAfter).", default: "the layout's, else never"),
    ]

    /// `run` on a display also chooses the backlight.
    static let backlightOption = OptionSpec("backlight", value: "path|none", help: "The backlight that dims and switches off the screen (/sys/class/backlight/NAME); its brightness is restored at exit. 'none': darken the frame instead.",
                                            default: "the connector's own backlight, else none (KNOB_PANEL_SYSFS=ROOT looks under ROOT/sys)")

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

    /// Backlight and DPMS for the display (the backlight of `--backlight`, else the
    /// connector's, found under `$KNOB_PANEL_SYSFS/sys` or `/sys`).
    static func displayPower(_ args: ParsedArguments, output: KMSOutput) throws(CommandFailure) -> DisplayPower {
        var backlight: Backlight?
        switch args.value("backlight") {
        case "none"?:
            backlight = nil
        case let path?:
            do { backlight = try Backlight(path: path) }
            catch { throw CommandFailure("--backlight: \(error.message)", status: 64) }
        case nil:
            let root = getenv("KNOB_PANEL_SYSFS").map { String(cString: $0) } ?? ""
            let card = output.device.path.split(separator: "/").last.map(String.init) ?? ""
            backlight = BacklightFinder.find(card: card, connector: output.connector.name, sysfsRoot: root)
                .flatMap { try? Backlight(path: $0) }
        }
        return DisplayPower(output: output, backlight: backlight)
    }

    static func apply(_ timers: Timers, to controller: PanelController) {
        guard timers.dimAfter != nil || timers.offAfter != nil else { return }
        controller.overrideScreenTimers(dimAfter: timers.dimAfter, offAfter: timers.offAfter)
    }
}
