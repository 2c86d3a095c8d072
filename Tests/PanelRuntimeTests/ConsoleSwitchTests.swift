import Graphics
import Testing
import PanelTesting
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

/// The display side of VT switching (the VT ioctls themselves are proven in the VM:
/// tests/vm/vt-scenario.sh): away, the output gives up DRM master; back, it takes master,
/// sets the mode with the whole current frame and treats the back buffer as stale.
@Suite struct ConsoleSwitchTests {
    @Test func suspendDropsMasterAndResumeSetsTheModeWithTheWholeFrame() throws {
        let started = try StartedKMSOutput()
        let (dev, out, frame, ctx) = (started.device, started.output, started.frame, started.context)
        try out.present(frame, damage: [])          // fb 101 in front after this flip
        _ = try out.handleEvents()

        try out.suspend()
        #expect(dev.calls.last == "dropmaster")
        // While away the console drew into both buffers' memory as far as we know: scribble.
        for b in dev.buffers { b.pixels.initializeMemory(as: UInt8.self, repeating: 0x55, count: b.pitch * b.height) }

        // Back: the frame has changed meanwhile (an animation went on); it all goes to the
        // front buffer (101) with the modeset, so the first picture after the switch is whole.
        ctx.setColor(Color(red: 0, green: 0, blue: 1)); ctx.paint()
        try out.resume(with: frame)
        #expect(dev.calls.suffix(2) == ["setmaster", "setcrtc 41 fb 101 conn 31 800x600@60"])
        #expect(dev.buffers[1].pixel(x: 0, y: 0) == 0xFF0000FF && dev.buffers[1].pixel(x: 799, y: 599) == 0xFF0000FF)
        #expect(!out.flipPending)

        // The next flip, with only a corner damaged, still fills the whole back buffer (100).
        try out.present(frame, damage: [PixelRect(x: 0, y: 0, width: 2, height: 2)])
        #expect(dev.calls.last == "flip 41 fb 100")
        #expect(dev.buffers[0].pixel(x: 400, y: 300) == 0xFF0000FF)
        out.shutdown()
        #expect(dev.liveBuffers == 0)
    }

    @Test func masterTakenByAnotherProgramMeansTheDisplayIsHeld() throws {
        let dev = FakeKMSDevice.typical()
        let out = try KMSOutput(device: dev, connectorName: nil, modeRequest: .preferred)
        let frame = try ImageSurface(width: 1024, height: 768)
        try out.start(with: frame)
        try out.suspend()
        dev.setMasterError = DisplayError(.masterHeld, "another program holds DRM master")
        do {
            try out.resume(with: frame)
            Issue.record("resume succeeded")
        } catch { #expect(error.kind == .masterHeld) }
        #expect(!dev.calls.suffix(1).contains { $0.hasPrefix("setcrtc") })
    }

    @Test func aTerminalThatIsNoVirtualTerminalIsNotTakenOver() {
        // /dev/null, a regular file and a missing path are no VT: nil, nothing changed.
        #expect(VirtualTerminal(path: "/dev/null") == nil)
        #expect(VirtualTerminal(path: "/proc/self/stat") == nil)
        #expect(VirtualTerminal(path: "/nonexistent/tty1") == nil)
    }
}
