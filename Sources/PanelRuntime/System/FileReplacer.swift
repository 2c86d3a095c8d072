#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Replaces a file so that a crash or power cut at any moment leaves either the old or the
/// new content, never a mix: a temporary file in the same directory, every write checked,
/// `fsync`, `rename` over the final path (which replaces a symlink there rather than
/// following it), then `fsync` of the directory so the rename itself is durable.
public enum FileReplacer {
    public static func replace(_ path: String, with bytes: [UInt8], mode: mode_t = 0o644) -> Result<Void, Errno> {
        let dir = FileReplacer.directory(of: path)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let tmp = (dir == "." && !path.hasPrefix("./") ? "" : dir + "/") + ".\(name).\(getpid()).tmp"
        let fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, mode)
        if fd < 0 { return .failure(Errno(errno)) }
        var ok = true
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, bytes.count - written) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { ok = false; break }
            written += n
        }
        var err = errno
        if ok && fsync(fd) != 0 { ok = false; err = errno }
        if close(fd) != 0 && ok { ok = false; err = errno }
        if ok && rename(tmp, path) != 0 { ok = false; err = errno }
        guard ok else { unlink(tmp); return .failure(Errno(err == 0 ? EIO : err)) }
        let dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dfd >= 0 { _ = fsync(dfd); close(dfd) }
        return .success(())
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let d = String(path[..<slash])
        return d.isEmpty ? "/" : d
    }
}
