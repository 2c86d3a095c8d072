import PanelLoop
import PanelSystem
/// Tells systemd how the panel is doing (Type=notify), over its notify socket (NotifySocket): READY=1 once the
/// first frame is on screen, WATCHDOG=1 from the main loop (so a hung loop gets the panel
/// restarted), STOPPING=1 / RELOADING=1 around those. Without NOTIFY_SOCKET (not started by
/// systemd) every call does nothing.
public final class ServiceNotifier: PollSource {
    /// Seconds between watchdog pings (half of WatchdogSec=), nil when no watchdog is set.
    public let watchdogPeriod: Double?
    private var nextPing: Double?
    public private(set) var pings = 0

    private let socket = NotifySocket()

    public init() {
        watchdogPeriod = NotifySocket.watchdogInterval().map { $0 / 2 }
    }

    public func ready(status: String) { socket?.send("READY=1\nSTATUS=\(status)") }
    public func stopping() { socket?.send("STOPPING=1") }
    public func status(_ text: String) { socket?.send("STATUS=\(text)") }

    public var pollRequests: [PollRequest] { [] }
    public var hasPendingWork: Bool { false }
    public var isFinished: Bool { false }
    /// The loop wakes for the next ping; if the loop hangs, the ping never goes.
    public var deadline: Double? { watchdogPeriod == nil ? nil : (nextPing ?? 0) }

    public func service(_ revents: [Int16], at time: Double) {
        guard let period = watchdogPeriod, time >= (nextPing ?? 0) else { return }
        socket?.send("WATCHDOG=1")
        pings += 1
        nextPing = time + period
    }
}
