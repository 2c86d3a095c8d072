import Graphics
#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import PanelCore
import PanelLoop
import PanelProtocol
import PanelSystem

/// `--state PATH`: restores values at start, then saves them after changes, debounced (at
/// most one write per `minInterval`, and once more at exit), crash-safely (FileReplacer).
/// It is a loop source with a deadline only: it never watches a descriptor.
public final class StateStore: PollSource {
    public let path: String
    public let minInterval: Double
    private let controller: PanelController
    private var dirty = false
    private var lastWrite = -Double.infinity
    public private(set) var writes = 0
    /// Where a one-line problem goes (stderr in the CLI).
    private let report: (String) -> Void
    private var lastFailure: String?

    public init(path: String, controller: PanelController, minInterval: Double = 0.25, report: @escaping (String) -> Void) {
        self.path = path
        self.controller = controller
        self.minInterval = minInterval
        self.report = report
    }

    /// Reads the file and restores what matches (id and type). A missing file is normal (first
    /// start); a corrupt, truncated or unreadable one is reported in one line and ignored.
    /// Returns the ids restored.
    @discardableResult
    public func restore(at time: Double) -> [String] {
        // Read without blocking, and only a regular file: a FIFO here would stop start-up.
        let bytes: [UInt8]
        switch RegularFile.read(path, limit: 16 << 20) {
        case .success(let b): bytes = b
        case .failure(let e):
            if e.code != ENOENT { report("state file '\(path)' cannot be read (\(e.reason)); starting with the layout's values") }
            return []
        }
        switch SavedState.parse(String(decoding: bytes, as: UTF8.self)) {
        case .failure(let e):
            report("state file '\(path)' is damaged (\(e.line):\(e.column): \(e.message)); starting with the layout's values")
            return []
        case .success(let state):
            for e in state.skipped {
                report("state file '\(path)' \(e.line):\(e.column): \(e.message); that widget starts with the layout's value")
            }
            return controller.restore(state, at: time)
        }
    }

    /// A value changed: save soon.
    public func markDirty() { dirty = true }

    /// Writes now if anything changed (at exit).
    public func flush() { if dirty { save(at: lastWrite + minInterval) } }

    public var pollRequests: [PollRequest] { [] }
    public var hasPendingWork: Bool { false }
    public var isFinished: Bool { false }
    public var deadline: Double? { dirty ? lastWrite + minInterval : nil }

    public func service(_ revents: [Int16], at time: Double) {
        if dirty && time >= lastWrite + minInterval { save(at: time) }
    }

    private func save(at time: Double) {
        dirty = false
        lastWrite = time
        let text = controller.savedState().json + "\n"
        switch FileReplacer.replace(path, with: Array(text.utf8)) {
        case .success:
            writes += 1
            lastFailure = nil
        case .failure(let e):
            // Once per kind of failure, not once per change: a full disk must not flood stderr.
            let message = "cannot save state to '\(path)': \(e)"
            if message != lastFailure { report(message) }
            lastFailure = message
        }
    }
}
