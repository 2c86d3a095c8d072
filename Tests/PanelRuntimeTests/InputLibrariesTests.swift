import Graphics
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

/// libinput and libudev are opened with dlopen on first use (CInput/shim.h), not linked: these
/// check that the libraries the build machine has load with every function the wrappers name,
/// and that the wrappers reach them (a context, a monitor). The CLI tests check that the
/// binary does not link them (ldd); the VM's libinput step drives input through them.
@Suite struct InputLibrariesTests {
    @Test func libinputLoadsWithEveryFunctionUsed() throws {
        #expect(LibinputSource.libraryProblem == nil)
        // No /dev/input here (or devices we may not open): a context with no devices, whose
        // descriptor is real (libinput_get_fd through its wrapper).
        let source = try LibinputSource(screenWidth: 800, screenHeight: 480)
        #expect(source.descriptors.first.map { $0 >= 0 } == true)
        #expect(source.read().isEmpty)
    }

    @Test func udevMonitorOpensThroughTheLoadedLibrary() {
        // udev_new, udev_monitor_new_from_netlink, ..., udev_monitor_get_fd through the wrappers;
        // a sandbox without netlink may refuse the socket (a DisplayError naming the call), but
        // never with "cannot be loaded".
        do {
            let monitor = try DRMUeventMonitor(backend: .udev)
            #expect(monitor.backend == .udev && monitor.descriptor >= 0)
            #expect(monitor.receive().isEmpty)
        } catch {
            #expect(!error.message.contains("cannot be loaded"), "\(error.message)")
        }
    }
}
