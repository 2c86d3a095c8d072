#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The wall clock (seconds since the Unix epoch) as a function of frame-clock time, for
/// widgets that show the time: the controller still only passes frame times around.
/// Offscreen it is fixed (`render --wall-time`, or the moment the render started), so frames
/// are reproducible; on a display it follows CLOCK_REALTIME, read when asked, so a clock set
/// by NTP after boot (a Raspberry Pi has no RTC) shows the right time at its next change.
public final class WallClock {
    private enum Source {
        case fixed(unixTimeAtZero: Double)
        case following(any FrameClock)
    }
    private var source: Source

    /// Wall time `unixTimeAtZero` at frame time 0, advancing with the frame clock.
    public init(unixTimeAtZero: Double) { source = .fixed(unixTimeAtZero: unixTimeAtZero) }

    /// Fixed at this moment's real time (offscreen without `--wall-time`).
    public static func startingNow() -> WallClock { WallClock(unixTimeAtZero: realtime()) }

    /// From now on, the real time, mapped onto `frameClock` (the display's monotonic clock).
    public func follow(_ frameClock: any FrameClock) { source = .following(frameClock) }

    /// From now on fixed, showing `unixTime` at frame time `t` (a clock set by hand; the
    /// bench's minute changes).
    public func set(unixTime: Double, atFrameTime t: Double) { source = .fixed(unixTimeAtZero: unixTime - t) }

    public func unixTime(atFrameTime t: Double) -> Double {
        switch source {
        case .fixed(let zero): zero + t
        case .following(let clock): WallClock.realtime() - (clock.now - t)
        }
    }

    /// The frame time at which the wall clock shows `unixTime` (for a wake-up at a change).
    public func frameTime(atUnixTime unixTime: Double, near t: Double) -> Double {
        t + (unixTime - self.unixTime(atFrameTime: t))
    }

    /// Seconds after local midnight (the system's time zone: `TZ`, else /etc/localtime) at
    /// `unixTime`: where `screen.brightness`'s schedule is.
    public static func localSecondsOfDay(unixTime: Double) -> Double {
        var t = time_t(unixTime.rounded(.down)), parts = tm()
        guard localtime_r(&t, &parts) != nil else { return 0 }
        return Double(parts.tm_hour * 3600 + parts.tm_min * 60 + parts.tm_sec) + (unixTime - unixTime.rounded(.down))
    }

    public static func realtime() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
