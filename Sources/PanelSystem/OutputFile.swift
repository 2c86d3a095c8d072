#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The one way knob-panel writes an output (PNGs, event logs, flip logs, ready files).
///
/// A regular file is *replaced*, never rewritten in place: the bytes go to a temporary file in
/// the same directory (`.NAME.XXXXXX`, created exclusively), every write is checked, and
/// `commit()` fsyncs it and renames it over the final path. So a full disk or a crash leaves
/// the previous file intact, and readers never see half a file. A symbolic link at the final
/// path is refused (knob-panel never writes through a link, which another user may have
/// planted); `rename` replaces the directory entry itself, so a link planted after the check
/// is replaced, not followed. A character device or FIFO at the path (`/dev/stdout`, a named
/// pipe to a consumer, `/dev/full`) is written directly, every write checked; "-" is stdout.
/// Until `commit()` succeeds nothing is final; an uncommitted file is removed on deinit.
public final class OutputFile {
    public let path: String
    private var fd: Int32
    private let ownsDescriptor: Bool
    private let temporaryPath: String?
    private var buffer: [UInt8] = []
    private var failure: OutputFileError?
    private var finished = false
    /// Flushed to the descriptor once this many bytes are buffered.
    private static let bufferLimit = 64 * 1024

    /// What to do with a symbolic link at the final path.
    public enum LinkPolicy: Sendable {
        /// Refuse (ELOOP): for outputs the user names (`--out`, `--events`, logs), where a link
        /// is either a mistake or planted.
        case refuse
        /// Replace the link itself with the new file (its target is never touched): for files
        /// the panel owns, such as its saved state.
        case replace
    }

    /// Which files other than regular ones may stand at the path. A FIFO blocks whoever opens
    /// it until a reader comes, so the panel's loop never takes one.
    public enum SpecialFiles: Sendable {
        /// Character devices and FIFOs are written directly (`/dev/stdout`, a named pipe to a
        /// consumer): for the command line's outputs, where waiting for a reader is expected.
        case devicesAndFIFOs
        /// Character devices only (opened without blocking): outputs the user named for a
        /// running panel (a screenshot asked for on stdin; the flip log, the recording and the
        /// ready file, which the loop writes: a FIFO would stop it at open until a reader came).
        case devices
        /// Regular files only: paths other users may name (a socket client's screenshot).
        case none
    }

    /// Opens `path` for writing ("-" = stdout). Fails at once (before any work is done) when
    /// the path cannot be written: a missing directory, a link (with `.refuse`), no permission.
    /// - Parameter live: write straight into the final path (created or truncated, never
    ///   through a link: O_NOFOLLOW) instead of a temporary file, for logs that must be
    ///   readable while the program runs and survive a power cut mid-run (a flip log); the
    ///   previous file is then not kept. Writes are still checked.
    ///   special: which non-regular files may be written (see `SpecialFiles`).
    public init(path: String, links: LinkPolicy = .refuse, live: Bool = false, special: SpecialFiles = .devicesAndFIFOs) throws(OutputFileError) {
        self.path = path
        if path == "-" {
            fd = STDOUT_FILENO; ownsDescriptor = false; temporaryPath = nil
            return
        }
        var st = stat()
        if lstat(path, &st) == 0 {
            switch st.st_mode & S_IFMT {
            case S_IFLNK where links == .replace:
                break
            case S_IFLNK:
                throw OutputFileError(path, "it is a symbolic link; knob-panel does not write through links (remove the link or name the file it points to)", code: ELOOP)
            case S_IFDIR:
                throw OutputFileError(path, "it is a directory", code: EISDIR)
            case S_IFIFO where special != .devicesAndFIFOs:
                throw OutputFileError(path, "it is a FIFO (named pipe), which would block the panel; name a regular file", code: EINVAL)
            case S_IFCHR where special == .none:
                throw OutputFileError(path, "it is a device, not a regular file", code: EINVAL)
            case S_IFCHR where special == .devices:
                // Opened without blocking (a serial line waiting for carrier), then written
                // normally; O_NOFOLLOW: a device swapped in for a link since the check is refused.
                let f = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK | O_NOFOLLOW)
                if f < 0 { throw OutputFileError(path, call: "open", errno: errno) }
                var st2 = stat()
                if fstat(f, &st2) != 0 || st2.st_mode & S_IFMT != S_IFCHR {
                    close(f)
                    throw OutputFileError(path, "it changed while being opened; not writing it", code: EINVAL)
                }
                _ = fcntl(f, F_SETFL, fcntl(f, F_GETFL) & ~O_NONBLOCK)
                fd = f; ownsDescriptor = true; temporaryPath = nil
                return
            case S_IFCHR, S_IFIFO:
                let f = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
                if f < 0 { throw OutputFileError(path, call: "open", errno: errno) }
                fd = f; ownsDescriptor = true; temporaryPath = nil
                return
            case S_IFREG where live:
                let f = open(path, O_WRONLY | O_TRUNC | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
                if f < 0 { throw OutputFileError(path, call: "open", errno: errno) }
                fd = f; ownsDescriptor = true; temporaryPath = nil
                return
            case S_IFREG:
                break
            default:
                throw OutputFileError(path, "it is not a regular file, device or FIFO", code: EINVAL)
            }
        }
        if live {
            let f = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
            if f < 0 { throw OutputFileError(path, call: "open", errno: errno) }
            fd = f; ownsDescriptor = true; temporaryPath = nil
            return
        }
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array(((directory.isEmpty ? "" : directory) + "/." + name + ".XXXXXX").utf8CString)
        let f = mkstemp(&template)
        if f < 0 { throw OutputFileError(path, call: "creating a temporary file in '\(directory.isEmpty ? "/" : directory)'", errno: errno) }
        // mkstemp makes 0600; the final file gets the usual 0666 minus the umask.
        let mask = umask(0o022); umask(mask)
        fchmod(f, 0o666 & ~mask)
        _ = fcntl(f, F_SETFD, FD_CLOEXEC)
        fd = f; ownsDescriptor = true
        temporaryPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    deinit {
        if !finished { abandon() }
    }

    /// True once a write failed; later writes are dropped and `commit()` throws that error.
    public var hasFailed: Bool { failure != nil }
    /// The first failed write's call and errno text.
    public var failureReason: String? { failure?.reason }

    public func write(_ bytes: UnsafeRawBufferPointer) {
        guard failure == nil, !finished else { return }
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.bufferLimit { flush() }
    }

    public func write(_ text: String) {
        var t = text
        t.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    /// Writes the buffered bytes now (for live streams: a flip log, events to a pipe).
    public func flush() {
        guard failure == nil, !buffer.isEmpty else { return }
        var offset = 0
        while offset < buffer.count {
            // A blocking write: EAGAIN (a descriptor someone else made non-blocking) is an error.
            let outcome = syscall { buffer.withUnsafeBytes { Syscalls.write(fd, $0.baseAddress! + offset, $0.count - offset) } }
            guard case .done(let n) = outcome, n > 0 else {
                let code: Int32 = if case .failed(let e) = outcome { e.code } else { EIO }
                failure = OutputFileError(path, call: "write", errno: code)
                break
            }
            offset += n
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Makes the output final: flushes, fsyncs and renames the temporary file over the path
    /// (or, for a device or FIFO, flushes and closes). Throws the first error of any write.
    public func commit() throws(OutputFileError) {
        guard !finished else { return }
        flush()
        if let failure { abandon(); throw failure }
        finished = true
        guard let temporaryPath else {
            if ownsDescriptor && close(fd) != 0 { throw OutputFileError(path, call: "close", errno: errno) }
            return
        }
        if Syscalls.fsync(fd) != 0 {
            let e = OutputFileError(path, call: "fsync", errno: errno); finished = false; abandon(); throw e
        }
        if close(fd) != 0 {
            let e = OutputFileError(path, call: "close", errno: errno); fd = -1; finished = false; abandon(); throw e
        }
        fd = -1
        if Syscalls.rename(temporaryPath, path) != 0 {
            let e = OutputFileError(path, call: "rename", errno: errno); unlink(temporaryPath); throw e
        }
        // Best effort: make the rename itself durable.
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[..<$0]) } ?? "."
        let dfd = open(directory.isEmpty ? "/" : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dfd >= 0 { _ = Syscalls.fsync(dfd); close(dfd) }
    }

    /// Drops the output: the temporary file is removed, the previous file stays as it was.
    private func abandon() {
        finished = true
        if ownsDescriptor && fd >= 0 { close(fd) }
        fd = -1
        if let temporaryPath { unlink(temporaryPath) }
    }
}

/// Why an output could not be written: the path, the failing call and the errno text.
public struct OutputFileError: Error, CustomStringConvertible, Sendable {
    public let path: String
    public let reason: String
    /// The errno value behind it (ELOOP for a refused link).
    public let code: Int32

    public init(_ path: String, _ reason: String, code: Int32) { self.path = path; self.reason = reason; self.code = code }

    public init(_ path: String, call: String, errno code: Int32) {
        self.init(path, "\(call) failed: \(String(cString: strerror(code)))", code: code)
    }

    public var description: String { "cannot write \(path == "-" ? "stdout" : "'\(path)'"): \(reason)" }
}
