@preconcurrency import Glibc

/// Severity prefixes for stderr when it is the journal: systemd sets `JOURNAL_STREAM` to the
/// device and inode of the stream it connected, and reads `<N>` at a line's start as its
/// priority (sd-daemon(3)). A terminal or a file someone redirected to gets plain text.
public enum JournalStream {
    public enum Priority: Int32, Sendable {
        case error = 3, warning = 4, info = 6
    }

    /// Whether fd 2 is the stream `JOURNAL_STREAM` names (a child whose stderr was redirected
    /// inherits the variable but not the stream).
    public static let isStderr: Bool = {
        guard let value = getenv("JOURNAL_STREAM").map({ String(cString: $0) }) else { return false }
        let parts = value.split(separator: ":")
        guard parts.count == 2, let dev = UInt64(parts[0]), let ino = UInt64(parts[1]) else { return false }
        var st = stat()
        guard fstat(2, &st) == 0 else { return false }
        return UInt64(st.st_dev) == dev && UInt64(st.st_ino) == ino
    }()

    /// `text` with the priority prefix on each of its lines when stderr is the journal.
    public static func lines(_ text: String, _ priority: Priority) -> String {
        guard isStderr else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { "<\(priority.rawValue)>" + $0 }.joined(separator: "\n")
    }

    /// The priority a diagnostic line states (`file:1:2: error: …`, `warning: …`), else info.
    public static func priority(of line: String) -> Priority {
        if line.contains("error: ") { return .error }
        if line.contains("warning: ") { return .warning }
        return .info
    }
}
