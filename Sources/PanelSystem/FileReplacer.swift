#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Replaces a file so that a crash or power cut at any moment leaves either the old or the
/// new content, never a mix. The work is `OutputFile`'s, the one place that writes files: a
/// temporary file in the same directory, every write checked, `fsync`, `rename`, `fsync` of
/// the directory; a symbolic link at the path is replaced, not followed.
public enum FileReplacer {
    public static func replace(_ path: String, with bytes: [UInt8], mode: mode_t = 0o644) -> Result<Void, Errno> {
        do {
            // Only a regular file is replaced: a FIFO at the path is an error, never a wait.
            let file = try OutputFile(path: path, links: .replace, special: .none)
            bytes.withUnsafeBytes { file.write($0) }
            try file.commit()
            return .success(())
        } catch {
            return .failure(Errno(error.code == 0 ? EIO : error.code))
        }
    }

    package static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let d = String(path[..<slash])
        return d.isEmpty ? "/" : d
    }
}
