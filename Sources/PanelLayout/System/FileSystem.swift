import PanelSystem
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#endif

/// The few file-system calls the layout reader makes, in one place.
public enum FileSystem {
    /// The whole file, or the `strerror` text of the failing call.
    /// Opened without blocking, and only a regular file: a FIFO in place of the layout (a
    /// panel under `--watch`) would stop the running panel's loop.
    static func readFile(_ path: String) -> Result<[UInt8], FileError> {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        if fd < 0 { return .failure(FileError(call: "open", code: errno)) }
        defer { close(fd) }
        if let problem = notRegular(fd) { return .failure(FileError(call: "open", code: EINVAL, detail: problem)) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            // Blocking semantics: EAGAIN, which a regular file never says, would be an error.
            let outcome = syscall { chunk.withUnsafeMutableBytes { Syscalls.read(fd, $0.baseAddress!, $0.count) } }
            guard case .done(let n) = outcome else {
                let code: Int32 = if case .failed(let e) = outcome { e.code } else { EAGAIN }
                return .failure(FileError(call: "read", code: code))
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > 64 << 20 {
                return .failure(FileError(call: "read", code: EFBIG))
            }
        }
        return .success(bytes)
    }

    /// nil when the file can be read, else why not.
    static func checkReadable(_ path: String) -> FileError? {
        if access(path, R_OK) == 0 { return nil }
        return FileError(call: "access", code: errno)
    }

    /// The image size from a PNG's header (signature, then the IHDR chunk), read without
    /// decoding: a 48 KB PNG can declare 20 000 × 20 000 pixels (1.6 GB decoded).
    static func pngSize(_ path: String) -> Result<(width: Int, height: Int), PNGProblem> {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        if fd < 0 { return .failure(PNGProblem(text: "cannot be opened: \(FileError(call: "open", code: errno).message)")) }
        defer { close(fd) }
        if let problem = notRegular(fd) { return .failure(PNGProblem(text: "is \(problem)")) }
        var head = [UInt8](repeating: 0, count: 24)
        var got = 0
        while got < head.count {
            // An error or the end of the file ends the header: what came is judged below.
            guard case .done(let n) = syscall({ head.withUnsafeMutableBytes { Syscalls.read(fd, $0.baseAddress! + got, $0.count - got) } }),
                  n > 0 else { break }
            got += n
        }
        guard got >= 8, Array(head[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else {
            return .failure(PNGProblem(text: "is not a PNG (images must be PNG files)"))
        }
        guard got == 24, Array(head[12..<16]) == Array("IHDR".utf8) else {
            return .failure(PNGProblem(text: "is a truncated or damaged PNG (no image header)"))
        }
        func be32(_ i: Int) -> Int { head[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
        let width = be32(16), height = be32(20)
        guard width > 0, height > 0 else { return .failure(PNGProblem(text: "is a damaged PNG (zero width or height)")) }
        return .success((width, height))
    }

    /// A PNG's or a JPEG's format and size from its first bytes (PictureHeader), without
    /// decoding it: at most `PictureHeader.searchLimit` bytes are read.
    static func pictureHeader(_ path: String) -> Result<PictureHeader, PNGProblem> {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        if fd < 0 { return .failure(PNGProblem(text: "cannot be opened: \(FileError(call: "open", code: errno).message)")) }
        defer { close(fd) }
        if let problem = notRegular(fd) { return .failure(PNGProblem(text: "is \(problem)")) }
        var head = [UInt8](repeating: 0, count: PictureHeader.searchLimit)
        var got = 0
        while got < head.count {
            guard case .done(let n) = syscall({ head.withUnsafeMutableBytes { Syscalls.read(fd, $0.baseAddress! + got, $0.count - got) } }),
                  n > 0 else { break }
            got += n
        }
        return PictureHeader.read(head[0..<got]).mapError { PNGProblem(text: $0.text == "is not a PNG or a JPEG" ? "is not a PNG or a JPEG (images must be PNG or JPEG files)" : $0.text) }
    }

    /// A PNG's width and height from its header without decoding it, or why it has none.
    public static func pngDimensions(_ path: String) -> (width: Int, height: Int)? {
        if case .success(let size) = pngSize(path) { return size }
        return nil
    }

    /// Why the open file is not read (a FIFO, a device), or nil for a regular file.
    static func notRegular(_ fd: Int32) -> String? {
        var st = stat()
        guard fstat(fd, &st) == 0 else { return "not a file that can be examined" }
        switch st.st_mode & S_IFMT {
        case S_IFREG, S_IFDIR: return nil   // a directory: read says EISDIR, as it always did
        case S_IFIFO: return "not a regular file (a FIFO or pipe, which would block the panel)"
        case S_IFCHR: return "not a regular file (a character device)"
        default: return "not a regular file"
        }
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// `base/relative`, or `relative` itself when absolute or when base is "." or "".
    static func resolve(_ relative: String, against base: String) -> String {
        if relative.hasPrefix("/") || base.isEmpty || base == "." { return relative }
        return base.hasSuffix("/") ? base + relative : base + "/" + relative
    }

    /// The directory part of a path ("." when there is none).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }
}

struct PNGProblem: Error, Sendable {
    var text: String
}

struct FileError: Error, Sendable {
    var call: String
    var code: Int32
    /// Said instead of errno's text (a file of the wrong kind).
    var detail: String? = nil

    var message: String {
        if let detail { return detail }
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}
