#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Where animations get their time. The display path uses the monotonic clock read when a
/// frame is prepared (paced by flip events); offscreen uses a virtual 60 Hz vsync clock.
public protocol FrameClock: AnyObject {
    /// Seconds since the panel started.
    var now: Double { get }
}

/// Virtual vsync: time advances only when the caller ticks, one refresh period at a time.
public final class VirtualClock: FrameClock {
    public let refreshRate: Double
    public private(set) var frameIndex = 0

    public init(refreshRate: Double = 60) { self.refreshRate = refreshRate }

    public var now: Double { Double(frameIndex) / refreshRate }
    public func tick() { frameIndex += 1 }
    /// The vsync at or before `time` (the frame on screen at that moment).
    public func frameIndex(atOrBefore time: Double) -> Int { Int((time * refreshRate + 1e-9).rounded(.down)) }
}

/// Real time for the display: CLOCK_MONOTONIC since the session started.
public final class MonotonicClock: FrameClock {
    public let origin: Double

    public init() { origin = MonotonicClock.seconds() }

    public var now: Double { MonotonicClock.seconds() - origin }

    public static func seconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Seconds this process has been alive (since exec), from /proc/self/stat; nil if unknown.
    public static func processAge() -> Double? {
        let fd = open("/proc/self/stat", O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buf = [UInt8](repeating: 0, count: 1024)
        let n = read(fd, &buf, buf.count)
        guard n > 0 else { return nil }
        let text = String(decoding: buf[0..<n], as: UTF8.self)
        // Fields after the command name (which may contain spaces) start after the last ')'.
        guard let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        // starttime is field 22 overall, i.e. index 19 after "pid (comm)".
        guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
        var ts = timespec()
        clock_gettime(CLOCK_BOOTTIME, &ts)
        let sinceBoot = Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
        return sinceBoot - ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
