#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import PanelSystem

/// Files that must be regular files (a flight-recorder dump: never a FIFO or a device, which
/// could block the loop), and refusals that are no system call's failure, with the errno a
/// caller may test. Here so the panel core needs no system calls of its own.
extension OutputFile {
    /// Why `path` may not be written as a regular file (it exists and is neither a regular
    /// file nor a link, which `OutputFile` refuses itself); nil when it may.
    public static func nonRegularRefusal(_ path: String) -> OutputFileError? {
        var st = stat()
        guard lstat(path, &st) == 0, st.st_mode & S_IFMT != S_IFREG, st.st_mode & S_IFMT != S_IFLNK else { return nil }
        return OutputFileError(path, "it is not a regular file", code: EINVAL)
    }
}

extension OutputFileError {
    /// The writer is switched off (ENOTSUP).
    public static func unsupported(_ path: String, _ reason: String) -> OutputFileError { OutputFileError(path, reason, code: ENOTSUP) }
    /// There is nothing to write yet (ENODATA).
    public static func noData(_ path: String, _ reason: String) -> OutputFileError { OutputFileError(path, reason, code: ENODATA) }
}
