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

/// The device filter both input sources share: a refused device is remembered by path and
/// named once; an admitted one leaves no trace.
@Suite struct DeviceAdmissionTests {
    @Test func refusalsAreRememberedByPathAndNamed() {
        var admission = DeviceAdmission(accepts: { $0.name != "QEMU Virtio Tablet" })
        let keyboard = admission.admit(.init(name: "AT Translated Set 2 keyboard", path: "/dev/input/event0"))
        let tablet = admission.admit(.init(name: "QEMU Virtio Tablet", path: "/dev/input/event3", sizeMM: (270, 150)))
        #expect(keyboard && !tablet)
        #expect(admission.wasRefused("/dev/input/event3"))
        #expect(!admission.wasRefused("/dev/input/event0"))
        #expect(admission.refusedNames == ["QEMU Virtio Tablet"])
    }
}
