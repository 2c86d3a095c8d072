#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#endif

/// The few file-system calls the layout reader makes, in one place.
enum FileSystem {
    /// The whole file, or the `strerror` text of the failing call.
    static func readFile(_ path: String) -> Result<[UInt8], FileError> {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { return .failure(FileError(call: "open", code: errno)) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(FileError(call: "read", code: errno))
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

    /// True when the file starts with the 8-byte PNG signature (images must be PNG; a
    /// renamed JPEG or a truncated download is caught here, not at render time).
    static func hasPNGSignature(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { return false }
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: 8)
        let n = head.withUnsafeMutableBytes { read(fd, $0.baseAddress, 8) }
        return n == 8 && head == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
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

struct FileError: Error, Sendable {
    var call: String
    var code: Int32

    var message: String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}
