import CSystemd

/// Tells systemd how the panel is doing (Type=notify), through libsystemd: READY=1 once the
/// first frame is on screen, WATCHDOG=1 from the main loop (so a hung loop gets the panel
/// restarted), STOPPING=1 / RELOADING=1 around those. Without NOTIFY_SOCKET (not started by
/// systemd) every call does nothing.
public final class ServiceNotifier: PollSource {
    /// Seconds between watchdog pings (half of WatchdogSec=), nil when no watchdog is set.
    public let watchdogPeriod: Double?
    private var nextPing: Double?
    public private(set) var pings = 0

    public init() {
        var usec: UInt64 = 0
        watchdogPeriod = sd_watchdog_enabled(0, &usec) > 0 && usec > 0 ? Double(usec) / 2e6 : nil
    }

    public func ready(status: String) { _ = sd_notify(0, "READY=1\nSTATUS=\(status)") }
    public func stopping() { _ = sd_notify(0, "STOPPING=1") }
    public func status(_ text: String) { _ = sd_notify(0, "STATUS=\(text)") }

    public var pollRequests: [PollRequest] { [] }
    public var hasPendingWork: Bool { false }
    public var isFinished: Bool { false }
    /// The loop wakes for the next ping; if the loop hangs, the ping never goes.
    public var deadline: Double? { watchdogPeriod == nil ? nil : (nextPing ?? 0) }

    public func service(_ revents: [Int16], at time: Double) {
        guard let period = watchdogPeriod, time >= (nextPing ?? 0) else { return }
        _ = sd_notify(0, "WATCHDOG=1")
        pings += 1
        nextPing = time + period
    }
}
