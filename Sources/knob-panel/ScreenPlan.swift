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

/// `run --output`: which connectors show which panel. Only one process can be DRM master of
/// a card, so several screens of one card are driven by one panel process.
///   --output all           the panel on every connected connector, each at its own mode
///   --output NAME          that connector (as --connector NAME)
///   --output NAME=PANEL    that connector shows another layout (repeatable)
enum ScreenPlan {
    struct Request: Equatable {
        var connector: String
        /// nil: the run's PANEL.
        var panelPath: String?
    }

    enum Outputs: Equatable {
        case first(connector: String?)
        case all
        case named([Request])
    }

    static func parse(_ values: [String], connector: String?) throws(UsageError) -> Outputs {
        if values.isEmpty { return .first(connector: connector) }
        if connector != nil { throw UsageError("--connector and --output cannot be combined (--output NAME is the same as --connector NAME)") }
        if values.contains("all") {
            guard values.count == 1 else { throw UsageError("--output all shows the panel on every connected connector; it cannot be combined with other --output values") }
            return .all
        }
        var requests: [Request] = []
        for v in values {
            let parts = v.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard let name = parts.first, !name.isEmpty, parts.count == 1 || !parts[1].isEmpty else {
                throw UsageError("--output expects all, NAME or NAME=PANEL (e.g. HDMI-A-1=panels/demo.json), got '\(v)'")
            }
            if requests.contains(where: { $0.connector == name }) { throw UsageError("--output names connector \(name) twice") }
            requests.append(Request(connector: name, panelPath: parts.count == 2 ? parts[1] : nil))
        }
        if requests.count == 1 && requests[0].panelPath == nil { return .first(connector: requests[0].connector) }
        return .named(requests)
    }

    /// One connector to drive: its output (nil while it has no display) and its panel file
    /// (nil: the run's PANEL).
    struct Opened {
        var connector: ConnectorInfo
        var output: KMSOutput?
        var panelPath: String?
    }

    /// Opens the device and an output per screen. Errors are the start-up ones of a single
    /// output (no device, no connected display, unknown connector, mode not offered, master).
    static func open(_ outputs: Outputs, device: String?, mode: ModeRequest) throws(DisplayError) -> [Opened] {
        switch outputs {
        case .first(let connector):
            let output = try RunCommand.openDisplay(device: device, connector: connector, mode: mode)
            return [Opened(connector: output.connector, output: output, panelPath: nil)]
        case .all, .named:
            var firstError: DisplayError?
            let paths = device.map { [$0] } ?? DRMDevice.candidatePaths()
            guard !paths.isEmpty else { throw DisplayError(.noDevice, "no /dev/dri/card* on this machine") }
            for path in paths {
                do { return try openScreens(outputs, on: try DRMDevice(path: path), mode: mode) } catch {
                    if firstError == nil || firstError!.kind == .noDevice { firstError = error }
                }
            }
            throw firstError!
        }
    }

    private static func openScreens(_ outputs: Outputs, on device: DRMDevice, mode: ModeRequest) throws(DisplayError) -> [Opened] {
        let all = try device.connectors()
        let summary = all.map { "\($0.name) (\($0.isConnected ? "connected" : "disconnected"))" }.joined(separator: ", ")
        var wanted: [(ConnectorInfo, String?)] = []
        if case .named(let requests) = outputs {
            for r in requests {
                guard let c = all.first(where: { $0.name == r.connector }) else {
                    throw DisplayError(.unknownConnector, "no connector named '\(r.connector)' on \(device.path) (available: \(summary.isEmpty ? "none" : summary))")
                }
                wanted.append((c, r.panelPath))
            }
        } else {
            wanted = all.filter { $0.isConnected && !$0.modes.isEmpty }.map { ($0, nil) }
        }
        guard wanted.contains(where: { $0.0.isConnected && !$0.0.modes.isEmpty }) else {
            throw DisplayError(.noConnectedConnector, "no display connected to \(wanted.map(\.0.name).joined(separator: ", ")) on \(device.path) (connectors: \(summary.isEmpty ? "none" : summary))")
        }
        var opened: [Opened] = []
        for (c, panelPath) in wanted {
            var output: KMSOutput?
            if c.isConnected && !c.modes.isEmpty {
                output = try KMSOutput(device: device, connector: c, modeRequest: mode, busyCRTCs: Set(opened.compactMap { $0.output?.crtc }))
            }
            opened.append(Opened(connector: c, output: output, panelPath: panelPath))
        }
        return opened
    }

    /// A screen per opened connector, each with its controller at its own size and rotation
    /// (the layout's, else the connector's panel orientation). The first is the primary.
    static func screens(_ opened: [Opened], mainPanel: Panel, mode: ModeRequest) throws(CommandFailure) -> [DisplayScreen] {
        var screens: [DisplayScreen] = []
        for o in opened {
            let panel = try o.panelPath.map { path throws(CommandFailure) in try loadPanel(path) } ?? mainPanel
            let degrees = o.connector.rotation(layout: panel.rotation, layoutIsExplicit: panel.rotationIsExplicit)
            let (w, h) = o.output.map { ($0.width, $0.height) } ?? panel.naturalScreenSize
            let controller: PanelController
            do { controller = try PanelController(panel: panel, screenWidth: w, screenHeight: h, rotationDegrees: degrees) }
            catch { throw CommandFailure("cannot build the panel for \(o.connector.name): \(error)") }
            controller.emit = { Console.out($0) }
            let screen: DisplayScreen
            if let output = o.output {
                output.setRotation(degrees: controller.rotation.degrees)
                screen = DisplayScreen(controller: controller, output: output, modeRequest: mode)
            } else {
                screen = DisplayScreen(controller: controller, waitingFor: o.connector.name, modeRequest: mode)
            }
            screen.mirrorsPrimary = !screens.isEmpty && o.panelPath == opened[0].panelPath
            screens.append(screen)
        }
        return screens
    }
}
