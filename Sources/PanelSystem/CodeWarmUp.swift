#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Synchronization

/// Code a panel has not run yet is read from storage by the page fault that first runs it:
/// the first touch runs the gesture, event and turning paths, and the finger waited for each
/// 64 KB of them to be read. Once the panel is on screen, a thread below the loop's priority
/// asks the kernel to read the executable's code into the page cache (`MADV_WILLNEED`: read
/// ahead, not mapped, so nothing is added to the panel's resident memory).
public enum CodeWarmUp {
    private static let started = Mutex(false)

    /// Starts the read once a process; returns at once.
    public static func start() {
        guard started.withLock({ was in defer { was = true }; return !was }) else { return }
        _ = WorkerThread.start(detached: true, background: true) {
            for (start, length) in executableCode() {
                guard let address = UnsafeMutableRawPointer(bitPattern: start) else { continue }
                _ = madvise(address, length, MADV_WILLNEED)
            }
        }
    }

    /// The executable's code mappings (`r-xp` of the file /proc/self/exe names).
    static func executableCode() -> [(start: UInt, length: Int)] {
        var path = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &path, path.count - 1)
        guard n > 0 else { return [] }
        let exe = Array(path[..<n].map { UInt8(bitPattern: $0) })
        let fd = open("/proc/self/maps", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while bytes.count < 1 << 20 {
            let got = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard got > 0 else { break }
            bytes += chunk[..<got]
        }
        var out: [(start: UInt, length: Int)] = []
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            let fields = line.split(separator: UInt8(ascii: " "), maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6, fields[1].elementsEqual("r-xp".utf8),
                  fields[5].drop(while: { $0 == UInt8(ascii: " ") }).elementsEqual(exe) else { continue }
            let range = fields[0].split(separator: UInt8(ascii: "-"))
            guard range.count == 2, let lo = UInt(String(decoding: range[0], as: UTF8.self), radix: 16),
                  let hi = UInt(String(decoding: range[1], as: UTF8.self), radix: 16), hi > lo else { continue }
            out.append((lo, Int(hi - lo)))
        }
        return out
    }
}
