import PanelLayout

/// Reloads the layout file (SIGHUP, `{"command":"reload"}`, `--watch`): a valid file is
/// swapped in keeping the values of widgets whose id and type are unchanged, and
/// `{"event":"reloaded"}` goes out; an invalid one leaves the running panel untouched, its
/// `file:line:col` errors go to stderr and out as `{"event":"reloadFailed","errors":[…]}`.
public final class PanelReloader {
    public let path: String
    private let controller: PanelController
    private let report: (String) -> Void
    public private(set) var reloads = 0
    /// The file as the last reload found it (taken before reading it, so a write during the
    /// read shows as a change); nil before the first reload.
    private var readVersion: FileVersion?

    public init(path: String, controller: PanelController, report: @escaping (String) -> Void) {
        self.path = path
        self.controller = controller
        self.report = report
    }

    /// Returns the errors; empty when the new layout is on screen.
    @discardableResult
    public func reload(at time: Double) -> [String] {
        readVersion = FileVersion(path: path)
        var errors: [String]
        switch PanelLoader.load(path: path) {
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
                    controller.publishPanelEvent("reloaded", at: time) { $0.add("panel", panel.name) }
                    return []
                } catch {
                    errors = ["\(path): cannot build the new panel: \(error)"]
                }
            }
        }
        for e in errors { report(e) }
        controller.publishPanelEvent("reloadFailed", at: time) {
            $0.addRaw("errors", "[" + errors.map(JSONLineWriter.quote).joined(separator: ",") + "]")
        }
        return errors
    }

    /// False while the file is the one the last reload read: the watcher's event was for a
    /// write already loaded (the studio saves and reloads at once, and its rename wakes the
    /// watcher too; one save must be one reload).
    public var fileChangedSinceReload: Bool {
        readVersion == nil || FileVersion(path: path) != readVersion
    }
}
