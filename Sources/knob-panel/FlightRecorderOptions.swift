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

/// `run --flight-recorder`: the in-memory ring of the last minutes (on by default), written
/// by `{"command":"dump","path":…}` and on SIGUSR1 (docs/protocol.md, "Flight recorder").
enum FlightRecorderOptions {
    static let options: [OptionSpec] = [
        OptionSpec("flight-recorder", value: "seconds|off", help: "Keep at least the last SECONDS (10-86400) of input, commands, MQTT sets, idle screen changes and reloads in memory, for 'dump' and SIGUSR1; 'render --input DUMP' replays them.",
                   default: "\(Int(FlightRecorder.Limits.default.seconds))"),
        OptionSpec("flight-recorder-bytes", value: "n", help: "The flight recorder's bound in bytes (65536-67108864); older history goes first. A dump is about this size plus the layout.",
                   default: "\(FlightRecorder.Limits.default.bytes)"),
        OptionSpec("flight-recorder-dump", value: "path", help: "Where SIGUSR1 writes the flight recording (replaced atomically, never through a link).",
                   default: "$XDG_RUNTIME_DIR/knob-panel-PANEL-flight.jsonl, else /tmp/knob-panel-UID/knob-panel-PANEL-flight.jsonl"),
    ]

    struct Settings {
        var limits: FlightRecorder.Limits? = .default
        var signalPath: String?
    }

    static func parse(_ args: ParsedArguments) throws(UsageError) -> Settings {
        var s = Settings()
        if let v = args.value("flight-recorder") {
            if v == "off" {
                s.limits = nil
            } else {
                guard let seconds = Double(v), seconds >= 10, seconds <= 86_400 else {
                    throw UsageError("--flight-recorder expects seconds (10-86400) or 'off', got '\(v)'")
                }
                s.limits?.seconds = seconds
            }
        }
        if let n = try args.int("flight-recorder-bytes") {
            guard (65_536...67_108_864).contains(n) else { throw UsageError("--flight-recorder-bytes must be 65536-67108864") }
            guard s.limits != nil else { throw UsageError("--flight-recorder-bytes needs the flight recorder (not --flight-recorder off)") }
            s.limits?.bytes = n
        }
        s.signalPath = args.value("flight-recorder-dump")
        return s
    }

    /// Starts the ring on the panel as it is now (after --state) and has SIGUSR1 dump it.
    static func enable(_ settings: Settings, services: PanelServices, controller: PanelController, panelPath: String) throws(CommandFailure) {
        guard let limits = settings.limits else { return }
        controller.startFlightRecorder(FlightRecorder(limits: limits), at: 0)
        var path = settings.signalPath ?? ""
        if settings.signalPath == nil { path = try defaultPath(panelPath) }
        services.onUserSignal = { [unowned controller] time in
            switch controller.writeFlightDump(to: path, reason: "SIGUSR1", at: time) {
            case .success(let d): Console.note("flight recording written to \(path): \(d.lines) lines from t=\(JSONLineWriter.number(d.from)) to \(JSONLineWriter.number(d.to)) s")
            case .failure(let e): Console.warning("flight recording: \(e.description)")
            }
        }
    }

    /// Where no other user can plant a link: the fallback PNG's private directory.
    static func defaultPath(_ panelPath: String) throws(CommandFailure) -> String {
        let base = panelPath.split(separator: "/").last.map { String($0.split(separator: ".").first ?? $0) } ?? "panel"
        return try RunCommand.privateDirectory() + "/knob-panel-\(base)-flight.jsonl"
    }
}
