@preconcurrency import Glibc

/// Output helpers: results on stdout, diagnostics on stderr, one clear line each.
enum Console {
    static func out(_ s: String) {
        fputs(s + "\n", stdout)
        fflush(stdout)
    }

    static func err(_ s: String) {
        fputs(s + "\n", stderr)
    }

    static func error(_ s: String) { err("knob-panel: error: \(s)") }
    static func note(_ s: String) { err("knob-panel: \(s)") }
}

/// A failure that ends the command with a message and exit status.
struct CommandFailure: Error {
    let message: String?
    let status: Int32
    init(_ message: String?, status: Int32 = 1) { self.message = message; self.status = status }
}

func readTextFile(_ path: String) throws(CommandFailure) -> String {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw CommandFailure("cannot read '\(path)': \(String(cString: strerror(errno)))") }
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

/// Appends lines to a file (or stdout for "-").
final class LineSink {
    private let file: UnsafeMutablePointer<FILE>
    private let owned: Bool

    init(path: String?) throws(CommandFailure) {
        if let path, path != "-" {
            guard let f = fopen(path, "w") else { throw CommandFailure("cannot write '\(path)': \(String(cString: strerror(errno)))") }
            file = f; owned = true
        } else {
            file = stdout; owned = false
        }
    }

    func write(_ line: String) {
        fputs(line + "\n", file)
        fflush(file)
    }

    deinit { if owned { fclose(file) } }
}

func makeDirectory(_ path: String) throws(CommandFailure) {
    if mkdir(path, 0o755) != 0 && errno != EEXIST {
        throw CommandFailure("cannot create directory '\(path)': \(String(cString: strerror(errno)))")
    }
}
