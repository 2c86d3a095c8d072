import Testing
@testable import PanelSystem
@testable import PanelLoop
@testable import PanelProtocol
@testable import PanelCore
@testable import PanelInput
@testable import PanelDisplay
@testable import PanelHost
@testable import PanelMQTT
@testable import PanelStudio
@testable import PanelBench

@Suite struct DRMUeventTests {
    /// Builds a kernel uevent datagram as the kernel sends it on NETLINK_KOBJECT_UEVENT group 1:
    /// "ACTION@DEVPATH", then KEY=VALUE strings, each NUL-terminated.
    static func datagram(_ header: String, _ fields: [String]) -> [UInt8] {
        ([header] + fields).flatMap { Array($0.utf8) + [0] }
    }

    @Test func parsesAConnectorHotplug() {
        // What virtio_gpu sends when a head is resized or (dis)connected (kernel 6.1).
        let bytes = Self.datagram("change@/devices/pci0000:00/0000:00:02.0/virtio0/drm/card0", [
            "ACTION=change", "DEVPATH=/devices/pci0000:00/0000:00:02.0/virtio0/drm/card0", "SUBSYSTEM=drm",
            "HOTPLUG=1", "CONNECTOR=35", "MAJOR=226", "MINOR=0", "DEVNAME=dri/card0", "DEVTYPE=drm_minor", "SEQNUM=2043",
        ])
        let e = DRMUevent.parseKernelMessage(bytes)
        #expect(e == DRMUevent(action: .change, devnode: "/dev/dri/card0", sysname: "card0", isHotplug: true, connectorID: 35))
        #expect(e?.isCard == true)
    }

    @Test func parsesACardThatAppears() {
        // modprobe bochs: the card node is added (no HOTPLUG key), as --wait-for-display sees it.
        let bytes = Self.datagram("add@/devices/pci0000:00/0000:00:02.0/drm/card0", [
            "ACTION=add", "DEVPATH=/devices/pci0000:00/0000:00:02.0/drm/card0", "SUBSYSTEM=drm",
            "DEVNAME=dri/card0", "DEVTYPE=drm_minor", "MAJOR=226", "MINOR=0",
        ])
        let e = DRMUevent.parseKernelMessage(bytes)
        #expect(e?.action == .add && e?.isHotplug == false && e?.connectorID == nil && e?.isCard == true)
        // A connector kobject has no device node.
        let conn = DRMUevent.parseKernelMessage(Self.datagram("add@/devices/x/drm/card0/card0-Virtual-1", [
            "ACTION=add", "DEVPATH=/devices/x/drm/card0/card0-Virtual-1", "SUBSYSTEM=drm",
        ]))
        #expect(conn?.sysname == "card0-Virtual-1" && conn?.devnode == nil && conn?.isCard == false)
    }

    @Test func ignoresOtherSubsystemsAndJunk() {
        #expect(DRMUevent.parseKernelMessage(Self.datagram("add@/devices/virtual/input/input5", [
            "ACTION=add", "DEVPATH=/devices/virtual/input/input5", "SUBSYSTEM=input",
        ])) == nil)
        // libudev's own frames (group 2) start with "libudev" and a binary header.
        #expect(DRMUevent.parseKernelMessage(Array("libudev".utf8) + [0, 0xfe, 0xed, 0xca, 0xfe, 1, 2]) == nil)
        #expect(DRMUevent.parseKernelMessage([UInt8]()) == nil)
        #expect(DRMUevent.parseKernelMessage([0, 0, 0, 0x3d, 0x3d]) == nil)
        // Fields without '=' and a missing DEVPATH: nothing to act on.
        #expect(DRMUevent.parseKernelMessage(Self.datagram("change@/x", ["ACTION=change", "SUBSYSTEM=drm", "junk"])) == nil)
    }
}
