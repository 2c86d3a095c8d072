#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#endif

extension FileSystem {
    /// `path` as the kernel resolves it (links, `.` and `..` gone), nil when it does not exist:
    /// where a client's screenshot would really land (ScreenshotPath).
    public static func canonicalPath(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }
}
