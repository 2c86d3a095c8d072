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

@Suite struct KMSOutputTests {
    @Test func picksFirstConnectedConnectorAndPreferredMode() throws {
        let dev = FakeKMSDevice.typical()
        let out = try KMSOutput(device: dev, connectorName: nil, modeRequest: .preferred)
        #expect(out.connector.name == "Virtual-1")
        #expect(out.mode.width == 1024 && out.mode.height == 768 && out.mode.refreshRate == 60)
        #expect(out.crtc == 41)
    }

    @Test func honoursSizeAndRefreshRequests() throws {
        let dev = FakeKMSDevice.typical()
        #expect(try KMSOutput(device: dev, connectorName: "Virtual-1", modeRequest: ModeRequest("1024x768@75")!).mode.index == 2)
        #expect(try KMSOutput(device: dev, connectorName: nil, modeRequest: ModeRequest("800x600")!).mode.index == 3)
        // WxH without a rate prefers the preferred mode of that size.
        #expect(try KMSOutput(device: dev, connectorName: nil, modeRequest: ModeRequest("1024x768")!).mode.index == 1)
    }

    @Test func explainsEachSetupFailure() {
        let dev = FakeKMSDevice.typical()
        #expect(throws: DisplayError.self) { try KMSOutput(device: dev, connectorName: "DP-9", modeRequest: .preferred) }
        do {
            _ = try KMSOutput(device: dev, connectorName: "DP-9", modeRequest: .preferred)
        } catch {
            #expect(error.kind == .unknownConnector)
            #expect(error.message.contains("Virtual-1 (connected)"))
        }
        do {
            _ = try KMSOutput(device: dev, connectorName: "HDMI-A-1", modeRequest: .preferred)
        } catch { #expect(error.kind == .noConnectedConnector) }
        do {
            _ = try KMSOutput(device: dev, connectorName: nil, modeRequest: ModeRequest("640x480")!)
        } catch {
            #expect(error.kind == .modeNotOffered)
            #expect(error.message.contains("1024x768@60"))
        }
        let empty = FakeKMSDevice(connectors: [ConnectorInfo(id: 1, name: "eDP-1", isConnected: false, modes: [], crtcCandidates: [2])])
        do {
            _ = try KMSOutput(device: empty, connectorName: nil, modeRequest: .preferred)
        } catch {
            #expect(error.kind == .noConnectedConnector)
            #expect(error.meansNoDisplayAvailable)
        }
    }

    @Test func modeRequestParsing() {
        #expect(ModeRequest("preferred") == .preferred)
        #expect(ModeRequest("1280x800") == .size(width: 1280, height: 800, refresh: nil))
        #expect(ModeRequest("1280x800@59.94") == .size(width: 1280, height: 800, refresh: 59.94))
        for bad in ["", "1280", "x800", "1280x", "0x800", "1280x800@", "1280x800@fast", "axb", "1280x800@60@60"] {
            #expect(ModeRequest(bad) == nil, "\(bad)")
        }
    }

    /// Two buffers: the first frame is set with SetCrtc, later frames alternate buffers by
    /// page flip, and each flip paints this frame's damage plus the damage the back buffer
    /// missed while it was off screen (buffer age 2).
    @Test func swapsBuffersAndCopiesDamageOfBothFrames() throws {
        let started = try StartedKMSOutput()
        let (dev, out, frame, ctx) = (started.device, started.output, started.frame, started.context)
        #expect(dev.calls.prefix(4) == ["create 100 800x600", "create 101 800x600", "save 41", "setcrtc 41 fb 100 conn 31 800x600@60"])
        #expect(dev.buffers[0].pixel(x: 799, y: 599) == 0xFFFF0000)
        // The first picture is painted once and copied into both buffers (they agree).
        #expect(dev.buffers[1].pixel(x: 0, y: 0) == 0xFFFF0000)

        // Frame 2: only a 10×10 square turns green.
        ctx.setColor(Color(red: 0, green: 1, blue: 0)); ctx.addRect(Rect(x: 0, y: 0, width: 10, height: 10)); ctx.fill()
        try out.present(frame, damage: [PixelRect(x: 0, y: 0, width: 10, height: 10)])
        #expect(dev.calls.last == "flip 41 fb 101")
        #expect(out.flipPending)
        #expect(dev.buffers[1].pixel(x: 5, y: 5) == 0xFF00FF00)
        #expect(dev.buffers[1].pixel(x: 500, y: 500) == 0xFFFF0000)
        #expect(try out.handleEvents() == 1)
        #expect(!out.flipPending)

        // Frame 3: blue square at (100,100); buffer 100 must also get frame 2's green square.
        ctx.setColor(Color(red: 0, green: 0, blue: 1)); ctx.addRect(Rect(x: 100, y: 100, width: 10, height: 10)); ctx.fill()
        try out.present(frame, damage: [PixelRect(x: 100, y: 100, width: 10, height: 10)])
        #expect(dev.calls.last == "flip 41 fb 100")
        #expect(dev.buffers[0].pixel(x: 5, y: 5) == 0xFF00FF00)
        #expect(dev.buffers[0].pixel(x: 105, y: 105) == 0xFF0000FF)
        // Outside the damage nothing was touched: a pixel we scribble on stays.
        dev.buffers[0].pixels.storeBytes(of: UInt32(0x12345678), toByteOffset: 300 * dev.buffers[0].pitch + 300 * 4, as: UInt32.self)
        _ = try out.handleEvents()
        try out.present(frame, damage: [PixelRect(x: 0, y: 0, width: 4, height: 4)])
        _ = try out.handleEvents()
        try out.present(frame, damage: [PixelRect(x: 0, y: 0, width: 4, height: 4)])
        #expect(dev.buffers[0].pixel(x: 300, y: 300) == 0x12345678)

        out.shutdown()
        #expect(dev.calls.suffix(3) == ["restore 41 31", "destroy 100", "destroy 101"])
        #expect(dev.liveBuffers == 0)
        out.shutdown()   // idempotent
        #expect(dev.liveBuffers == 0)
    }

    @Test func masterHeldElsewhereIsReportedAsNoFreeDisplay() throws {
        let dev = FakeKMSDevice.typical()
        dev.setCRTCError = DisplayError(.masterHeld, "cannot take the display")
        let out = try KMSOutput(device: dev, connectorName: nil, modeRequest: .preferred)
        let frame = try ImageSurface(width: 1024, height: 768)
        do {
            try out.start(with: frame)
            Issue.record("start succeeded")
        } catch { #expect(error.meansNoDisplayAvailable) }
        #expect(dev.liveBuffers == 0)              // nothing left allocated
        #expect(!dev.calls.contains { $0.hasPrefix("restore") })
    }
}

@Suite struct FlipPacerTests {
    /// Without vblank (the flip completes 0.2 ms after it is queued) frames start on a grid of
    /// refresh periods from the first one: started at 1.0 → next slot 1.0 + 1/60. A frame
    /// that takes longer than a period (started in slot 1, queued in slot 2) lets the next
    /// start at once (slot 2 has begun), and never two frames in one slot.
    @Test func startsFramesOnAGridWhenFlipsCompleteInstantly() {
        let period = 1.0 / 60
        var p = FlipPacer(refreshPeriod: period)
        #expect(p.earliestNextFrame == -Double.infinity)
        p.frameStarted(at: 1.0)
        p.flipQueued(at: 1.004)
        #expect(abs(p.earliestNextFrame - (1.0 + period)) < 1e-12)   // driver unknown yet: be safe
        p.flipCompleted(at: 1.0042)
        #expect(p.driverLacksVblank)
        p.frameStarted(at: 1.0 + period + 0.0001)                     // the timer fired a bit late
        #expect(abs(p.earliestNextFrame - (1.0 + 2 * period)) < 1e-12)
        p.frameStarted(at: 1.0 + 2 * period)                          // slow frame: 25 ms to render
        p.flipQueued(at: 1.0 + 2 * period + 0.025)
        p.flipCompleted(at: 1.0 + 2 * period + 0.0252)
        #expect(p.earliestNextFrame < 1.0 + 2 * period + 0.025)       // the next may start at once
        #expect(abs(p.earliestNextFrame - (1.0 + 3 * period)) < 1e-12)
        // After sleeping (nothing changed for 0.5 s) the grid restarts at the waking frame.
        p.frameStarted(at: 1.5123)
        #expect(abs(p.earliestNextFrame - (1.5123 + period)) < 1e-12)
    }

    /// With vblank (completion one period after queueing) the kernel paces flips: the next
    /// frame may start at once.
    @Test func leavesPacingToTheKernelWithVblank() {
        var v = FlipPacer(refreshPeriod: 1.0 / 60)
        v.frameStarted(at: 2.0)
        v.flipQueued(at: 2.003)
        v.flipCompleted(at: 2.0 + 1.0 / 60)
        #expect(!v.driverLacksVblank)
        #expect(v.earliestNextFrame == -Double.infinity)
    }
}
