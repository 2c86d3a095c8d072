import Graphics
import PanelLayout
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
import ControlWidgets

/// Display hotplug against the fake KMS device (the VM proves the real calls): a connector
/// that goes away stops being drawn, one that comes back gets its mode and a full repaint,
/// a new size relayouts the panel.
@Suite struct DisplayHotplugTests {
    static let panelText = """
    { "panel": "H", "size": [400, 300],
      "theme": { "tint": "#3a7bd5", "background": ["#000000", "#000000"] },
      "pages": [ { "id": "p", "widgets": [
        { "id": "k", "type": "knob", "mode": "continuous", "finish": "flat", "frame": [100, 50, 200, 200] } ] } ] }
    """

    static func session(_ dev: FakeKMSDevice, connectors names: [String?] = [nil]) throws -> (DisplaySession, [DisplayScreen]) {
        let panel = try PanelLoader(kinds: WidgetCatalog.kinds).parse(panelText, file: "h.json").get()
        var screens: [DisplayScreen] = []
        for name in names {
            let all = try dev.connectors()
            let info = name.map { n in all.first { $0.name == n }! } ?? all.first { $0.isConnected }!
            let out = try KMSOutput(device: dev, connector: info, modeRequest: .preferred, busyCRTCs: Set(screens.compactMap { $0.output?.crtc }))
            let controller = try PanelController(panel: panel, screenWidth: out.width, screenHeight: out.height)
            screens.append(DisplayScreen(controller: controller, output: out))
        }
        let services = try PanelServices(controller: screens[0].controller, options: .init(), write: { _ in })
        return (DisplaySession(screens: screens, options: .init(), services: services), screens)
    }

    @Test func unpluggedScreenStopsAndComesBackWithAFullRepaint() throws {
        let dev = FakeKMSDevice.typical()
        let (session, screens) = try Self.session(dev)
        let screen = screens[0]
        try screen.start(at: 0)
        #expect(dev.calls.contains("setcrtc 41 fb 100 conn 31 1024x768@60"))
        #expect(dev.pendingFlipCRTCs == [41])

        dev.connectorList[1].isConnected = false
        session.reprobe(at: 1)
        #expect(screen.output == nil)
        #expect(session.stats.hotplugChanges.last?.change == .disconnected)
        #expect(dev.calls.suffix(3) == ["restore 41 31", "destroy 100", "destroy 101"])
        #expect(dev.liveBuffers == 0)
        // Nothing is drawn or flipped on it while it is away, however often the panel changes.
        let callsWhileAway = dev.calls.count
        screen.controller.invalidateAll()
        #expect(try screen.presentIfDue(at: 2).presented == false)
        session.reprobe(at: 2.5)   // another event with the connector still away: nothing happens
        #expect(dev.calls.count == callsWhileAway)
        #expect(session.stats.hotplugChanges.count == 1)

        dev.connectorList[1].isConnected = true
        session.reprobe(at: 3)
        #expect(session.stats.hotplugChanges.last?.change == .connected(FakeKMSDevice.mode(1024, 768, 60, preferred: true, index: 1)))
        #expect(screen.needsStart)
        try screen.start(at: 3)
        // New buffers, the mode set with the full frame, then the confirming flip.
        #expect(dev.calls.suffix(5) == ["create 102 1024x768", "create 103 1024x768", "save 41",
                                        "setcrtc 41 fb 102 conn 31 1024x768@60", "flip 41 fb 103"])
        #expect(dev.buffers[2].pixel(x: 512, y: 384) != 0)   // the knob's centre is painted
    }

    @Test func aNewResolutionRelayoutsThePanel() throws {
        let dev = FakeKMSDevice.typical()
        let (session, screens) = try Self.session(dev)
        let screen = screens[0]
        try screen.start(at: 0)
        // 400x300 on 1024x768: scale min(1024/400, 768/300) = 2.56.
        #expect(screen.controller.scene.mapping.scale == 2.56)
        dev.connectorList[1].modes = [FakeKMSDevice.mode(1280, 800, 60, preferred: true, index: 0), FakeKMSDevice.mode(1024, 768, 60, index: 1)]
        session.reprobe(at: 1)
        #expect(session.stats.hotplugChanges.last?.change == .modeChanged(FakeKMSDevice.mode(1280, 800, 60, preferred: true, index: 0)))
        // 1280x800: scale min(3.2, 2.667) = 800/300, centred: offset x = (1280 - 400·8/3) / 2 = 106.67.
        #expect(abs(screen.controller.scene.mapping.scale - 800.0 / 300) < 1e-9)
        #expect(abs(screen.controller.scene.mapping.offsetX - (1280 - 400 * 8.0 / 3) / 2) < 1e-9)
        #expect(screen.controller.frame.width == 1280 && screen.controller.frame.height == 800)
        try screen.start(at: 1)
        #expect(dev.calls.contains("setcrtc 41 fb 102 conn 31 1280x800@60"))
        #expect(dev.liveBuffers == 2)
        // Same mode again (a hotplug event for another connector): no new buffers, no modeset.
        let before = dev.calls.count
        session.reprobe(at: 2)
        #expect(dev.calls.count == before)
    }

    @Test func screensOnOneDeviceTakeDifferentCRTCsAndFlipsGoToTheirOwner() throws {
        let dev = FakeKMSDevice.typical()
        dev.connectorList.append(ConnectorInfo(id: 32, name: "Virtual-2", isConnected: true,
            modes: [FakeKMSDevice.mode(800, 600, 60, preferred: true, index: 0)], crtcCandidates: [41, 42]))
        let (_, screens) = try Self.session(dev, connectors: ["Virtual-1", "Virtual-2"])
        #expect(screens.map { $0.output!.crtc } == [41, 42])
        #expect(screens[1].controller.frame.width == 800)
        for s in screens { try s.start(at: 0) }
        #expect(dev.pendingFlipCRTCs == [41, 42])
        // One output's handleEvents counts only its own CRTC's flips.
        #expect(try screens[1].output!.handleEvents() == 1)
        #expect(screens[1].output!.flipPending == false)
    }

    @Test func anExplicitModeTheNewDisplayLacksFallsBackToItsPreferred() throws {
        let dev = FakeKMSDevice.typical()
        let panel = try PanelLoader(kinds: WidgetCatalog.kinds).parse(Self.panelText, file: "h.json").get()
        let out = try KMSOutput(device: dev, connectorName: nil, modeRequest: ModeRequest("800x600")!)
        let screen = DisplayScreen(controller: try PanelController(panel: panel, screenWidth: 800, screenHeight: 600),
                                   output: out, modeRequest: ModeRequest("800x600")!)
        try screen.start(at: 0)
        dev.connectorList[1].modes = [FakeKMSDevice.mode(640, 480, 60, preferred: true, index: 0)]
        #expect(screen.apply(try dev.connectors(), device: dev, busyCRTCs: [], at: 1) == .modeChanged(FakeKMSDevice.mode(640, 480, 60, preferred: true, index: 0)))
        #expect(screen.controller.frame.width == 640)
    }
}
