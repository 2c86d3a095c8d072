import PanelLayout
import PanelCore
import PanelProtocol
import ControlWidgets

/// Reloads the layout file (SIGHUP, `{"command":"reload"}`, `--watch`): a valid file is
/// swapped in keeping the values of widgets whose id and type are unchanged, and
/// `{"event":"reloaded"}` goes out; an invalid one leaves the running panel untouched, its
/// `file:line:col` errors go to stderr and out as `{"event":"reloadFailed","errors":[…]}`.
public final class PanelReloader: PanelReloading {
    public let path: String
    private let controller: PanelController
    private let report: (String) -> Void
    public private(set) var reloads = 0
    /// The file as the last reload found it (taken before reading it, so a write during the
    /// read shows as a change); nil before the first reload.
    private var readVersion: FileVersion?
    /// The last reload's time, errors and panel name, for coalescing.
    private var last: (time: Double, errors: [String], panel: String)?
    /// Coalesced requests (answered with the last result), for tests and the summary.
    public private(set) var coalesced = 0
    /// A reload of a file unchanged since a reload less than this ago (seconds) gives that
    /// reload's result again instead of parsing and building the panel anew (tens of ms: a
    /// flood of reload requests dropped the frame rate to 5 fps). Only the latest file matters.
    public static let coalesceInterval = 0.5

    public init(path: String, controller: PanelController, report: @escaping (String) -> Void) {
        self.path = path
        self.controller = controller
        self.report = report
    }

    /// Returns the errors; empty when the new layout is on screen.
    @discardableResult
    public func reload(at time: Double) -> [String] {
        if let last, time - last.time < Self.coalesceInterval, readVersion != nil, FileVersion(path: path) == readVersion {
            coalesced += 1
            publish(errors: last.errors, panel: last.panel, at: time)
            return last.errors
        }
        readVersion = FileVersion(path: path)
        var errors: [String]
        switch PanelLoader(kinds: WidgetCatalog.kinds).load(path: path) {
        case .failure(let e):
            errors = e.diagnostics.map(\.description)
        case .success(let panel):
            if panel.rotation != controller.scene.panel.rotation {
                errors = ["\(path): the panel's rotation changed (\(controller.scene.panel.rotation) → \(panel.rotation)); that needs a restart"]
            } else {
                do {
                    try controller.replacePanelWithMirrors(panel, at: time)
                    reloads += 1
                    report("reloaded '\(path)'")
                    last = (time, [], panel.name)
                    publish(errors: [], panel: panel.name, at: time)
                    return []
                } catch {
                    errors = ["\(path): cannot build the new panel: \(error)"]
                }
            }
        }
        for e in errors { report(e) }
        last = (time, errors, controller.scene.panel.name)
        publish(errors: errors, panel: controller.scene.panel.name, at: time)
        return errors
    }

    private func publish(errors: [String], panel: String, at time: Double) {
        if errors.isEmpty {
            controller.publishPanelEvent("reloaded", at: time, [.init("panel", .string(panel))])
        } else {
            controller.publishPanelEvent("reloadFailed", at: time, [.init("errors", .strings(errors))])
        }
    }

    /// False while the file is the one the last reload read: the watcher's event was for a
    /// write already loaded (the studio saves and reloads at once, and its rename wakes the
    /// watcher too; one save must be one reload).
    public var fileChangedSinceReload: Bool {
        readVersion == nil || FileVersion(path: path) != readVersion
    }
}
