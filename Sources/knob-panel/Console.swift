@preconcurrency import Glibc
import Graphics
import PanelSystem

/// Output helpers: results on stdout, diagnostics on stderr, one clear line each.
enum Console {
    /// The first failed write to stdout (a full disk, a closed pipe): the command goes on
    /// (a panel keeps showing), but exits with `ExitStatus.output` and says so.
    nonisolated(unsafe) static var stdoutFailure: String?

    static func out(_ s: String) {
        if fputs(s + "\n", stdout) < 0 || fflush(stdout) != 0 { noteStdoutFailure() }
    }

    /// A running panel's line (an event, a reply) to stdout that is not a pipe: written by
    /// `flushOut` at the end of the loop's turn, once the frame it belongs with is queued.
    static func outBuffered(_ s: String) {
        if fputs(s + "\n", stdout) < 0 { noteStdoutFailure() }
    }

    static func flushOut() {
        if fflush(stdout) != 0 { noteStdoutFailure() }
    }

    private static func noteStdoutFailure() {
        let reason = String(cString: strerror(errno))
        clearerr(stdout)
        if stdoutFailure == nil { stdoutFailure = "writing to stdout failed: \(reason) (output was lost)" }
    }

    /// A diagnostic line (`file:line:col: error: …`): its priority is the severity it states.
    static func err(_ s: String) { write(s, JournalStream.priority(of: s)) }

    static func error(_ s: String) { write("knob-panel: error: \(s)", .error) }
    static func warning(_ s: String) { write("knob-panel: \(s)", .warning) }
    static func note(_ s: String) { write("knob-panel: \(s)", .info) }

    private static func write(_ s: String, _ priority: JournalStream.Priority) {
        fputs(JournalStream.lines(s, priority) + "\n", stderr)
    }
}

/// A failure that ends the command with a message and exit status.
struct CommandFailure: Error {
    let message: String?
    let status: Int32
    init(_ message: String?, status: Int32 = 1) { self.message = message; self.status = status }
}

func readTextFile(_ path: String) throws(CommandFailure) -> String {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw CommandFailure("cannot read '\(path)': \(String(cString: strerror(errno)))", status: ExitStatus.noInput) }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = read(fd, &chunk, chunk.count)
        if n < 0 { throw CommandFailure("cannot read '\(path)': \(String(cString: strerror(errno)))") }
        if n == 0 { break }
        bytes.append(contentsOf: chunk[0..<n])
        if bytes.count > 64 << 20 { throw CommandFailure("'\(path)' is larger than 64 MB") }
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// Event lines into an `OutputFile` ("-" = stdout): a regular file is replaced when the
/// command finishes, so a failed run leaves the previous file; every write is checked.
final class LineSink {
    private let file: OutputFile

    init(path: String) throws(CommandFailure) {
        do { file = try OutputFile(path: path) }
        catch { throw CommandFailure(error.description, status: ExitStatus.output) }
    }

    func write(_ line: String) { file.write(line + "\n") }

    /// Makes the file final; any write error so far ends the command with `ExitStatus.output`.
    func commit() throws(CommandFailure) {
        do { try file.commit() }
        catch { throw CommandFailure(error.description, status: ExitStatus.output) }
    }
}

func makeDirectory(_ path: String) throws(CommandFailure) {
    if mkdir(path, 0o755) != 0 && errno != EEXIST {
        throw CommandFailure("cannot create directory '\(path)': \(String(cString: strerror(errno)))")
    }
}

/// Whether an input file named on the command line cannot be opened for reading (missing, a
/// permission): the command then exits `ExitStatus.noInput`, as sysexits.h's EX_NOINPUT.
func inputMissing(_ path: String) -> Bool {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    if fd >= 0 { close(fd); return false }
    return errno != EISDIR
}
