import CInput
import CLinux
#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import PanelLoop
import PanelSystem

/// One uevent of the `drm` subsystem: a card that appeared or went (`add`/`remove`, e.g.
/// `modprobe bochs`), or a connector whose state changed (`change` with `HOTPLUG=1`: a
/// cable plugged, a monitor resized, a VNC client asked for a new desktop size).
public struct DRMUevent: Sendable, Equatable {
    public enum Action: Sendable, Equatable {
        case add, remove, change
        case other(String)
        package init(_ text: String) {
            switch text {
            case "add": self = .add
            case "remove": self = .remove
            case "change": self = .change
            default: self = .other(text)
            }
        }
    }
    public var action: Action
    /// The device node, absolute (`/dev/dri/card0`); nil for DRM objects without one
    /// (connector kobjects such as `card0-Virtual-1`).
    public var devnode: String?
    /// The kernel's name of the object (`card0`, `renderD128`, `card0-Virtual-1`).
    public var sysname: String
    /// `HOTPLUG=1`: connector state may have changed, probe the connectors again.
    public var isHotplug: Bool
    /// `CONNECTOR=`: the one connector that changed, when the kernel says (else probe all).
    public var connectorID: UInt32?

    public init(action: Action, devnode: String?, sysname: String, isHotplug: Bool, connectorID: UInt32? = nil) {
        self.action = action; self.devnode = devnode; self.sysname = sysname
        self.isHotplug = isHotplug; self.connectorID = connectorID
    }

    /// A card node (`cardN`), as opposed to a render node or a connector kobject.
    public var isCard: Bool { devnode?.hasPrefix("/dev/dri/card") == true }

    /// Parses one kernel uevent datagram: `ACTION@DEVPATH\0KEY=VALUE\0...`. Nil when it is not
    /// a well-formed `drm` event (other subsystems, libudev's own `libudev\0` frames, junk).
    public static func parseKernelMessage(_ bytes: some Collection<UInt8>) -> DRMUevent? {
        var fields: [String: String] = [:]
        var first = true
        for part in bytes.split(separator: 0, omittingEmptySubsequences: true) {
            let text = String(decoding: part, as: UTF8.self)
            if first {
                first = false
                guard text.contains("@") else { return nil }   // "libudev" frames have no header
                continue
            }
            guard let eq = text.firstIndex(of: "=") else { continue }
            fields[String(text[..<eq])] = String(text[text.index(after: eq)...])
        }
        guard fields["SUBSYSTEM"] == "drm", let action = fields["ACTION"], let devpath = fields["DEVPATH"] else { return nil }
        let sysname = devpath.split(separator: "/").last.map(String.init) ?? devpath
        // DEVNAME is relative to /dev in kernel uevents ("dri/card0").
        let devnode = fields["DEVNAME"].map { $0.hasPrefix("/") ? $0 : "/dev/" + $0 }
        return DRMUevent(action: Action(action), devnode: devnode, sysname: sysname,
                         isHotplug: fields["HOTPLUG"] == "1", connectorID: fields["CONNECTOR"].flatMap { UInt32($0) })
    }
}

/// Listens for `drm` uevents in the panel's one `poll()` loop: through a libudev monitor when
/// udevd runs (events arrive after udev has made the node and applied its rules), otherwise on
/// a raw `NETLINK_KOBJECT_UEVENT` socket (kernel multicast group 1), as on minimal appliances
/// and in the test VMs where no udevd runs. Shared by display hotplug (DisplaySession) and
/// `--wait-for-display`: either poll `descriptor` and call `receive()`, or add the monitor to
/// a `PollLoop` with an `onEvent` handler.
public final class DRMUeventMonitor: PollSource {
    public enum Backend: Sendable, Equatable { case udev, kernel }
    public let backend: Backend
    /// The descriptor to poll for readability (non-blocking).
    public let descriptor: Int32
    private let udev: OpaquePointer?
    private let monitor: OpaquePointer?
    /// Called once per event when the monitor serves as a `PollSource`.
    public var onEvent: ((DRMUevent, Double) -> Void)?
    /// Datagrams read per turn: a storm of uevents cannot starve the frame.
    public var maxEventsPerTurn = 32
    private var mayHaveMore = false
    private var buffer = [UInt8](repeating: 0, count: 8192)

    /// - Parameter backend: nil picks libudev when udevd runs (`/run/udev/control` exists),
    ///   else the kernel socket.
    public init(backend: Backend? = nil) throws(DisplayError) {
        let chosen = backend ?? (access("/run/udev/control", F_OK) == 0 ? .udev : .kernel)
        switch chosen {
        case .udev:
            // libudev is opened with dlopen (CInput/shim.h): only a run where udevd runs needs it.
            if let why = knob_udev_load() {
                throw DisplayError(.system, "libudev cannot be loaded (Debian: libudev1): " + String(cString: why))
            }
            guard let udev = knob_udev_new() else { throw DisplayError.call("udev_new", errno: errno) }
            guard let mon = knob_udev_monitor_new_from_netlink(udev, "udev") else {
                let e = errno
                knob_udev_unref(udev)
                throw DisplayError.call("udev_monitor_new_from_netlink", errno: e)
            }
            var rc = knob_udev_monitor_filter_add_match_subsystem_devtype(mon, "drm", nil)
            if rc >= 0 { rc = knob_udev_monitor_enable_receiving(mon) }
            if rc < 0 {
                knob_udev_monitor_unref(mon); knob_udev_unref(udev)
                throw DisplayError.call("udev_monitor_enable_receiving", errno: -rc)
            }
            // libudev's socket is already non-blocking and close-on-exec.
            self.udev = udev
            self.monitor = mon
            self.descriptor = knob_udev_monitor_get_fd(mon)
        case .kernel:
            let fd = socket(AF_NETLINK, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue),
                            NETLINK_KOBJECT_UEVENT)
            if fd < 0 { throw DisplayError.call("socket(NETLINK_KOBJECT_UEVENT)", errno: errno) }
            var addr = sockaddr_nl()
            addr.nl_family = sa_family_t(AF_NETLINK)
            addr.nl_pid = 0          // the kernel assigns our port id
            addr.nl_groups = 1       // the kernel's uevent multicast group (udevd re-sends on group 2)
            let rc = withUnsafePointer(to: &addr) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_nl>.size)) }
            }
            if rc != 0 {
                let e = errno
                close(fd)
                throw DisplayError.call("bind(NETLINK_KOBJECT_UEVENT)", errno: e)
            }
            self.udev = nil
            self.monitor = nil
            self.descriptor = fd
        }
        self.backend = chosen
    }

    deinit {
        if let monitor {
            knob_udev_monitor_unref(monitor)   // closes the descriptor
            knob_udev_unref(udev)
        } else {
            close(descriptor)
        }
    }

    /// Reads up to `maxEventsPerTurn` pending events without blocking; only `drm` events are
    /// returned (others, and datagrams not from the kernel, are dropped).
    public func receive() -> [DRMUevent] {
        var events: [DRMUevent] = []
        mayHaveMore = false
        for _ in 0..<maxEventsPerTurn {
            guard let next = receiveOne() else { return events }
            if let event = next { events.append(event) }
        }
        mayHaveMore = true   // the share ran out: more may wait, serve them next turn
        return events
    }

    /// nil: nothing pending; .some(nil): a datagram that is not a drm event.
    private func receiveOne() -> DRMUevent?? {
        if let monitor {
            guard let dev = knob_udev_monitor_receive_device(monitor) else { return nil }
            defer { knob_udev_device_unref(dev) }
            func text(_ p: UnsafePointer<CChar>?) -> String? { p.map { String(cString: $0) } }
            guard text(knob_udev_device_get_subsystem(dev)) == "drm" else { return .some(nil) }
            let event = DRMUevent(action: .init(text(knob_udev_device_get_action(dev)) ?? ""),
                                  devnode: text(knob_udev_device_get_devnode(dev)),
                                  sysname: text(knob_udev_device_get_sysname(dev)) ?? "",
                                  isHotplug: text(knob_udev_device_get_property_value(dev, "HOTPLUG")) == "1",
                                  connectorID: text(knob_udev_device_get_property_value(dev, "CONNECTOR")).flatMap { UInt32($0) })
            return .some(event)
        }
        var from = sockaddr_nl()
        var fromLength = socklen_t(MemoryLayout<sockaddr_nl>.size)
        let n = buffer.withUnsafeMutableBytes { buf in
            withUnsafeMutablePointer(to: &from) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { recvfrom(descriptor, buf.baseAddress, buf.count, 0, $0, &fromLength) }
            }
        }
        if n < 0 {
            // EAGAIN: drained. ENOBUFS: the socket overflowed and events were lost; the next
            // read continues, and a caller that sees any event re-probes everything anyway.
            return errno == ENOBUFS ? .some(nil) : nil
        }
        // Only the kernel (port id 0) speaks on group 1; anything else is not to be believed.
        guard from.nl_pid == 0 else { return .some(nil) }
        return .some(DRMUevent.parseKernelMessage(buffer[0..<n]))
    }

    // MARK: PollSource

    public var pollRequests: [PollRequest] { [.readable(descriptor)] }
    public var hasPendingWork: Bool { mayHaveMore }
    public var isFinished: Bool { false }

    public func service(_ revents: [Int16], at time: Double) {
        for event in receive() { onEvent?(event, time) }
    }
}
