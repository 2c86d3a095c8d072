@preconcurrency import Glibc

/// The process's peak resident set size ("high water mark"), as the kernel counts it.
public enum PeakMemory {
    /// VmHWM from /proc/self/status in MiB; nil where /proc is missing.
    public static func residentMiB() -> Double? {
        guard let kB = statusField("VmHWM:") else { return nil }
        return Double(kB) / 1024
    }

    /// The current resident set size (VmRSS) in MiB.
    public static func currentMiB() -> Double? {
        guard let kB = statusField("VmRSS:") else { return nil }
        return Double(kB) / 1024
    }

    /// A "Name:   1234 kB" line of /proc/self/status, in kB.
    package static func statusField(_ name: String) -> Int? {
        guard let f = fopen("/proc/self/status", "r") else { return nil }
        defer { fclose(f) }
        var buffer = [CChar](repeating: 0, count: 256)
        while fgets(&buffer, Int32(buffer.count), f) != nil {
            let line = buffer.withUnsafeBufferPointer { String(decoding: UnsafeRawBufferPointer($0).prefix { $0 != 0 }, as: UTF8.self) }
            guard line.hasPrefix(name) else { continue }
            return Int(line.dropFirst(name.count).filter(\.isNumber))
        }
        return nil
    }
}
