import CLinux
#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import PanelProtocol
import PanelSystem

/// `run --wait-for-display`: an appliance often starts the panel before its screen is ready.
/// The waiter retries opening the display only when something changed, never on a timer:
/// - no DRM device yet (the GPU module still loading): inotify `IN_CREATE` on `/dev/dri` (on
///   `/dev` until `/dev/dri` exists), and `drm` uevents;
/// - no connected display: the connector's hotplug uevent (`DRMUeventMonitor`);
/// - the node's permissions not set yet (udev applies its rules after the node appears):
///   `IN_ATTRIB` on `/dev/dri`, and udev's own uevent;
/// - DRM master held by another program (plymouth, a display manager, another panel):
///   `IN_CLOSE_*` on the card node, while a probe descriptor of ours stays open so that
///   every close seen is another process's. A probe that becomes master when it opens
///   means the holder is already gone.
/// Each turn's inotify watches are made before the attempt, so nothing that happens between a
/// failed attempt and the sleep is missed.
public final class DisplayWaiter {
    private let uevents: DRMUeventMonitor?
    private let clock = MonotonicClock()
    /// Turns taken (attempts), for the final note and tests.
    public private(set) var attempts = 0

    public init() {
        uevents = try? DRMUeventMonitor()   // without uevents (no netlink in a container) inotify still works
    }

    /// Failures that time can mend; anything else (a wrong --connector or --mode, a file that
    /// is no DRM device) ends the wait at once.
    public static func isWorthWaiting(_ kind: DisplayError.Kind) -> Bool {
        switch kind {
        case .noDevice, .noConnectedConnector, .masterHeld, .permissionDenied: return true
        default: return false
        }
    }

    /// Calls `attempt` until it succeeds, fails in a way waiting cannot mend, or `timeout`
    /// seconds have passed (nil: no limit); then the last failure is thrown, saying how long
    /// it waited. `report` gets one line when the waiting starts.
    public func wait<T>(timeout: Double?, report: (String) -> Void, _ attempt: () throws(DisplayError) -> T) throws(DisplayError) -> T {
        let start = clock.now
        var reported = false
        while true {
            attempts += 1
            let watch = InotifyWatch()   // before the attempt: a change during it wakes the wait
            if !watch.add("/dev/dri", mask: UInt32(IN_CREATE | IN_ATTRIB | IN_MOVED_TO)) {
                watch.add("/dev", mask: UInt32(IN_CREATE | IN_MOVED_TO))
            }
            let failure: DisplayError
            do { return try attempt() } catch { failure = error }
            guard Self.isWorthWaiting(failure.kind) else { throw failure }
            let remaining = timeout.map { start + $0 - clock.now }
            if let remaining, remaining <= 0 {
                let waited = JSONLineWriter.number(((clock.now - start) * 10).rounded() / 10)
                throw DisplayError(failure.kind, "\(failure.message) (still so after waiting \(waited) s for the display)")
            }
            if !reported {
                reported = true
                let limit = timeout.map { " (up to \(JSONLineWriter.number($0)) s)" } ?? ""
                report("waiting for the display\(limit): \(failure.message)")
            }
            var probes: [DRMDevice] = []
            if failure.kind == .masterHeld {
                var free = false
                for path in DRMDevice.candidatePaths() {
                    guard let probe = try? DRMDevice(path: path) else { continue }
                    if probe.isMaster { free = true; break }   // nobody holds it any more
                    watch.add(path, mask: UInt32(IN_CLOSE_WRITE | IN_CLOSE_NOWRITE))
                    probes.append(probe)
                }
                if free { continue }
            }
            sleep(watch: watch, until: remaining.map { clock.now + $0 })
            probes.removeAll()   // closed before the next attempt opens the card
        }
    }

    /// Sleeps in poll() until inotify or a drm uevent says something changed, or `deadline`.
    private func sleep(watch: InotifyWatch, until deadline: Double?) {
        var fds = [pollfd(fd: watch.fd, events: Int16(POLLIN), revents: 0)]
        if let uevents { fds.append(pollfd(fd: uevents.descriptor, events: Int16(POLLIN), revents: 0)) }
        // The timeout is worked out again after each interruption: the deadline stays put.
        _ = syscall {
            var ms: Int32 = -1
            if let deadline {
                ms = Int32(Swift.min(Swift.max(((deadline - clock.now) * 1000).rounded(.up), 0), 86_400_000))
            }
            return Syscalls.poll(&fds, nfds_t(fds.count), ms)
        }
        // What changed does not matter (the attempt looks at everything again); drain uevents
        // so the next sleep does not wake for old news.
        if let uevents, fds.count > 1, fds[1].revents != 0 { _ = uevents.receive() }
    }
}

/// One inotify instance for one turn of the wait: watches added, closed with the turn.
private final class InotifyWatch {
    let fd: Int32 = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))

    @discardableResult
    func add(_ path: String, mask: UInt32) -> Bool { fd >= 0 && inotify_add_watch(fd, path, mask) >= 0 }

    deinit { if fd >= 0 { close(fd) } }
}
