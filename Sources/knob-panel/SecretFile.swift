@preconcurrency import Glibc

/// Secrets given as files (`--mqtt-credentials`, `--token-file`): like ssh with a private
/// key, a file that group or others may read (or write) is refused, because the secret has
/// already leaked. Returns the first `maxLines` lines without their line ends.
enum SecretFile {
    static func readLines(_ path: String, option: String, maxLines: Int) throws(UsageError) -> [String] {
        var st = stat()
        guard stat(path, &st) == 0 else { throw UsageError("--\(option) '\(path)': \(String(cString: strerror(errno)))") }
        guard st.st_mode & 0o077 == 0 else {
            throw UsageError("--\(option) '\(path)' is accessible by others (mode \(String(st.st_mode & 0o777, radix: 8))); run: chmod 600 \(path)")
        }
        guard let f = fopen(path, "r") else { throw UsageError("--\(option) '\(path)': \(String(cString: strerror(errno)))") }
        defer { fclose(f) }
        var lines: [String] = []
        var buffer = [CChar](repeating: 0, count: 1024)
        while lines.count < maxLines, fgets(&buffer, Int32(buffer.count), f) != nil {
            var line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            while line.hasSuffix("\n") || line.hasSuffix("\r") { line.removeLast() }
            lines.append(line)
        }
        return lines
    }
}
