@preconcurrency import Glibc
import CLinux
import PanelSystem
import PanelLoop
import PanelProtocol
import PanelCore
import PanelInput
import PanelDisplay
import PanelHost
import PanelMQTT
import PanelStudio
import PanelBench

enum DevicesCommand {
    static let spec = CommandSpec(
        name: "devices", abstract: "List DRM devices, their connectors (connected or not) and modes.",
        usage: "devices [--watch]", arguments: [],
        options: [OptionSpec("watch", help: "Then print one JSON line per DRM uevent (a card added or removed, a connector plugged or resized) and list the connectors again, until interrupted.")])

    static func run(_ args: ParsedArguments) throws(CommandFailure) {
        // Listen before listing, so a change between the two is not missed.
        let monitor: DRMUeventMonitor?
        do { monitor = args.flags.contains("watch") ? try DRMUeventMonitor() : nil }
        catch { throw CommandFailure("cannot listen for display hotplug: \(error.message)") }
        list()
        guard let monitor else { return }
        Console.note("watching DRM uevents (\(monitor.backend == .udev ? "libudev monitor" : "kernel netlink socket")); Ctrl-C stops")
        while true {
            var fds = [pollfd(fd: monitor.descriptor, events: Int16(POLLIN), revents: 0)]
            if case .failed(let e) = syscall(nonBlocking: false, { Syscalls.poll(&fds, 1, -1) }) { throw CommandFailure("poll failed: \(e)") }
            var changed = false
            for e in monitor.receive() {
                var line = JSONLineWriter()
                let action: String
                switch e.action {
                case .add: action = "add"
                case .remove: action = "remove"
                case .change: action = "change"
                case .other(let a): action = a
                }
                line.add("uevent", action)
                line.add("sysname", e.sysname)
                if let node = e.devnode { line.add("devnode", node) }
                line.add("hotplug", e.isHotplug)
                if let c = e.connectorID { line.add("connector", Int(c)) }
                Console.out(line.line)
                changed = true
            }
            if changed { list() }
        }
    }

    static func list() {
        let paths = DRMDevice.candidatePaths()
        if paths.isEmpty {
            Console.out("no DRM devices: /dev/dri/card* not found (no KMS display on this machine)")
            return
        }
        for path in paths {
            do {
                let device = try DRMDevice(path: path)
                Console.out(path + (device.isMaster ? "" : "  (DRM master held elsewhere or not granted)"))
                for c in try device.connectors() {
                    Console.out("  \(c.name): \(c.isConnected ? "connected" : "disconnected")")
                    for m in c.modes { Console.out("    \(m)\(m.isPreferred ? "  preferred" : "")") }
                }
            } catch {
                Console.out("\(path): \(error.message)")
            }
        }
    }
}
