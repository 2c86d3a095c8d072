#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Formatting

/// strftime in the system's time zone or a named one (`Europe/Berlin`). glibc formats in
/// one zone per process (`TZ`), so a named zone is swapped in for one batch of times and the
/// caller's `TZ` put back: the loop is single-threaded and a clock formats once per change.
struct ZonedTimeFormatter {
    let format: TimeFormat
    /// nil: the system's zone (`TZ`, else /etc/localtime).
    let zone: String?

    /// Where glibc reads zones (TZDIR overrides it, as for glibc itself).
    static var zoneDirectory: String { getenv("TZDIR").map { String(cString: $0) } ?? "/usr/share/zoneinfo" }

    /// nil when the zone exists, else why not: glibc would silently show UTC for a name it
    /// cannot find, so the panel refuses it instead.
    static func problem(withZone name: String) -> String? {
        let path = zoneDirectory + "/" + name
        guard access(path, R_OK) == 0 else { return "unknown time zone '\(name)' (no \(path))" }
        return nil
    }

    /// The text at each of `unixSeconds`, in order.
    func texts(at unixSeconds: [Int]) -> [String] {
        guard let zone else { return unixSeconds.map(text) }
        let saved = getenv("TZ").map { String(cString: $0) }
        setenv("TZ", ":" + zone, 1); tzset()
        defer {
            if let saved { setenv("TZ", saved, 1) } else { unsetenv("TZ") }
            tzset()
        }
        return unixSeconds.map(text)
    }

    private func text(_ seconds: Int) -> String {
        var t = time_t(seconds), parts = tm()
        guard localtime_r(&t, &parts) != nil else { return "" }
        // 128 characters, each conversion at most 20 wide or a month name: 2 KiB holds any.
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 2048) { buffer in
            let n = strftime(buffer.baseAddress!, buffer.count, format.text, &parts)
            return String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress, count: n), as: UTF8.self)
        }
    }
}
