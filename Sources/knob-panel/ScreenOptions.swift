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

/// `--dim-after` and `--off-after`: the layout's `screen` timers, overridden for one run.
enum ScreenOptions {
    static let options: [OptionSpec] = [
        OptionSpec("dim-after", value: "seconds|never", help: "Dim the screen after this many seconds without input (overrides the layout's screen.dimAfter).", default: "the layout's, else never"),
        OptionSpec("off-after", value: "seconds|never", help: "Turn the screen off after this many seconds without input (overrides screen.offAfter).", default: "the layout's, else never"),
    ]

    /// `run` on a display also chooses the backlight.
    static let backlightOption = OptionSpec("backlight", value: "path|none", help: "The backlight that dims and switches off the screen (/sys/class/backlight/NAME); its brightness is restored at exit. 'none': darken the frame instead. With several screens (--output) it is the first screen's; the others use their connector's own.",
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

    /// Backlight and DPMS for each screen's connector: `--backlight PATH` is the primary's
    /// (the first screen), every other screen gets its connector's own, found under
    /// `$KNOB_PANEL_SYSFS/sys` or `/sys`; `--backlight none` means none for any. A backlight
    /// serves one screen (the first that finds it: a card's backlight found for each connector).
    static func displayPowers(_ args: ParsedArguments, device: any KMSDevice, connectors: [ConnectorInfo]) throws(CommandFailure) -> [DisplayPower] {
        var taken: Set<String> = []
        var powers: [DisplayPower] = []
        for (i, connector) in connectors.enumerated() {
            var path: String?
            switch args.value("backlight") {
            case "none"?:
                path = nil
            case let explicit? where i == 0:
                path = explicit
            default:
                let root = getenv("KNOB_PANEL_SYSFS").map { String(cString: $0) } ?? ""
                let card = device.path.split(separator: "/").last.map(String.init) ?? ""
                path = BacklightFinder.find(card: card, connector: connector.name, sysfsRoot: root).flatMap { taken.contains($0) ? nil : $0 }
            }
            var backlight: Backlight?
            if let path {
                do { backlight = try Backlight(path: path) } catch {
                    if i == 0 && args.value("backlight") != nil { throw CommandFailure("--backlight: \(error.message)", status: 64) }
                }
                taken.insert(path)
            }
            powers.append(DisplayPower(device: device, connector: connector, backlight: backlight))
        }
        return powers
    }

    static func apply(_ timers: Timers, to controller: PanelController) {
        guard timers.dimAfter != nil || timers.offAfter != nil else { return }
        controller.overrideScreenTimers(dimAfter: timers.dimAfter, offAfter: timers.offAfter)
    }
}
