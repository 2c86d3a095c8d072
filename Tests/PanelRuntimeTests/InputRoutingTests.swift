import PanelLayout
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
import ControlWidgets
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Several screens, one process (`run --output NAME=PANEL`): each screen's input source
/// drives that screen's panel, not the primary's (the VM's heads step proves it on two heads).
@Suite struct InputRoutingTests {
    /// Events handed out once its pipe is readable, as a device's descriptor would be.
    final class PipeInput: InputSource {
        let readFD: Int32, writeFD: Int32
        var queued: [InputEvent] = []
        init() {
            var fds: [Int32] = [0, 0]
            _ = pipe(&fds)
            for fd in fds { _ = fcntl(fd, F_SETFL, O_NONBLOCK) }
            readFD = fds[0]; writeFD = fds[1]
        }
        deinit { close(readFD); close(writeFD) }
        func push(_ events: [InputEvent]) { queued += events; _ = write(writeFD, "x", 1) }
        var descriptors: [Int32] { [readFD] }
        /// The panel's own size: screen pixels are design pixels.
        var screenSize: (width: Int, height: Int) { (400, 300) }
        func read() -> [InputEvent] {
            var byte: UInt8 = 0
            while Glibc.read(readFD, &byte, 1) > 0 {}
            defer { queued.removeAll() }
            return queued
        }
    }

    @Test func aSecondScreensSourceDrivesItsOwnPanel() throws {
        let panel = try PanelLoader(kinds: WidgetCatalog.kinds).parse(DisplayHotplugTests.panelText, file: "h.json").get()
        let primary = try PanelController(panel: panel, screenWidth: 400, screenHeight: 300)
        let second = try PanelController(panel: panel, screenWidth: 400, screenHeight: 300)
        var primaryLines: [String] = [], secondLines: [String] = []
        let services = try PanelServices(controller: primary, options: .init(), write: { primaryLines.append($0) })
        second.emit = { secondLines.append($0) }
        let primaryInput = PipeInput(), secondInput = PipeInput()
        services.addInput(primaryInput)
        services.addInput(secondInput, to: second)

        // On the knob (frame 100,50 200x200, centre 200,150): down above the centre, along
        // the circle to its left, up: a quarter turn on the second screen's panel only.
        secondInput.push([.touchDown(id: 0, x: 200, y: 80), .touchMotion(id: 0, x: 150, y: 100),
                          .touchMotion(id: 0, x: 130, y: 150), .touchUp(id: 0)])
        _ = try services.loop.wait(fixed: [], timeout: 1)
        services.loop.dispatch(at: 0.5)

        #expect(secondLines.contains { $0.contains(#""event":"trackingBegan""#) && $0.contains(#""widget":"k""#) })
        #expect(secondLines.contains { $0.contains(#""event":"trackingEnded""#) })
        #expect(secondLines.contains { $0.contains(#""event":"valueChanged""#) && $0.contains(#""source":"user""#) })
        #expect(primaryLines.isEmpty)
        #expect(primary.savedState() != second.savedState())

        // The primary's own source still drives the primary, and only the primary.
        let secondCount = secondLines.count
        primaryInput.push([.touchDown(id: 0, x: 200, y: 80), .touchMotion(id: 0, x: 150, y: 100), .touchUp(id: 0)])
        _ = try services.loop.wait(fixed: [], timeout: 1)
        services.loop.dispatch(at: 1.0)
        #expect(primaryLines.contains { $0.contains(#""event":"trackingBegan""#) })
        #expect(secondLines.count == secondCount)
    }
}
