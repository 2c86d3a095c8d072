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

/// A panel turned 90° clockwise on a portrait screen: upright frame 400×300, screen 300×400.
/// A logical point (x, y) shows at physical (300 − y, x); so the knob's pip at (200, 66)
/// (200×200 knob at (100,50): centre (200,150), pip 84 px above it) shows at (234, 200).
@Suite struct ScreenRotationTests {
    @Test func pointAndRectMappingsForEveryQuarterTurn() {
        let r90 = ScreenRotation(degrees: 90, physicalWidth: 300, physicalHeight: 400)
        #expect(r90.logicalWidth == 400 && r90.logicalHeight == 300)
        #expect(r90.toLogical(Point(x: 234, y: 200)) == Point(x: 200, y: 66))
        #expect(r90.toPhysical(PixelRect(x: 10, y: 20, width: 30, height: 40)) == PixelRect(x: 240, y: 10, width: 40, height: 30))
        let r180 = ScreenRotation(degrees: 180, physicalWidth: 400, physicalHeight: 300)
        #expect(r180.toLogical(Point(x: 0, y: 0)) == Point(x: 400, y: 300))
        #expect(r180.toPhysical(PixelRect(x: 10, y: 20, width: 30, height: 40)) == PixelRect(x: 360, y: 240, width: 30, height: 40))
        let r270 = ScreenRotation(degrees: -90, physicalWidth: 300, physicalHeight: 400)
        #expect(r270.degrees == 270)
        #expect(r270.toLogical(Point(x: 66, y: 200)) == Point(x: 200, y: 66))
        #expect(r270.toPhysical(PixelRect(x: 10, y: 20, width: 30, height: 40)) == PixelRect(x: 20, y: 360, width: 40, height: 30))
        #expect(ScreenRotation(degrees: 45, physicalWidth: 1, physicalHeight: 1).degrees == 0)
    }

    /// The per-pixel copy into a scanout buffer and the Cairo-turned PNG agree exactly.
    @Test func scanoutCopyMatchesTheTurnedImage() throws {
        for degrees in [0, 90, 180, 270] {
            let rot = ScreenRotation(degrees: degrees, physicalWidth: degrees % 180 == 0 ? 40 : 30, physicalHeight: degrees % 180 == 0 ? 30 : 40)
            let frame = try ImageSurface(width: 40, height: 30)
            let ctx = DrawingContext(surface: frame)
            ctx.setLinearGradient(from: Point(x: 0, y: 0), to: Point(x: 40, y: 30), stops: [(0, Color(red: 1, green: 0, blue: 0)), (1, Color(red: 0, green: 0, blue: 1))])
            ctx.paint()
            ctx.setColor(.white); ctx.addRect(Rect(x: 2, y: 3, width: 5, height: 4)); ctx.fill()
            let pitch = rot.physicalWidth * 4 + 32
            let buffer = UnsafeMutableRawPointer.allocate(byteCount: pitch * rot.physicalHeight, alignment: 16)
            defer { buffer.deallocate() }
            rot.copy(frame, rect: PixelRect(x: 0, y: 0, width: 40, height: 30), into: buffer, pitch: pitch)
            let turned = try rot.physicalImage(of: frame)
            var mismatches = 0
            turned.withPixelBytes { src, stride in
                for y in 0..<rot.physicalHeight {
                    for x in 0..<rot.physicalWidth where src.load(fromByteOffset: y * stride + x * 4, as: UInt32.self) != buffer.load(fromByteOffset: y * pitch + x * 4, as: UInt32.self) {
                        mismatches += 1
                    }
                }
            }
            #expect(mismatches == 0, "\(degrees)°")
        }
    }

    @Test func rotatedPanelRendersTurnedAndTouchesTurnBack() throws {
        let text = """
        { "panel": "R", "size": [400, 300], "rotation": 90,
          "theme": { "tint": "#3a7bd5", "background": ["#000000", "#000000"] },
          "pages": [ { "id": "p", "widgets": [
            { "id": "k", "type": "knob", "mode": "continuous", "finish": "flat", "frame": [100, 50, 200, 200] } ] } ] }
        """
        let panel = try PanelLoader(kinds: WidgetCatalog.kinds).parse(text, file: "r.json").get()
        let c = try PanelController(panel: panel, screenWidth: 300, screenHeight: 400)
        #expect(c.frame.width == 400 && c.frame.height == 300)
        c.renderFrame(at: 0)
        let shown = try c.physicalFrame()
        #expect(shown.width == 300 && shown.height == 400)
        #expect(RenderingTests.near(shown.pixel(x: 233, y: 200), 0, 53, 128))   // pip (title colour)
        #expect(RenderingTests.near(shown.pixel(x: 150, y: 160), 0, 96, 230))   // fill
        #expect(c.designPoint(screen: Point(x: 234, y: 200)) == Point(x: 200, y: 66))
        // A touch on the physical screen at the pip, dragged to where design (110, 150) shows
        // (physical (150, 110)), turns the knob by +90° as in the upright case.
        var events: [String] = []
        c.emit = { events.append($0) }
        let down = c.designPoint(screen: Point(x: 234, y: 200)), moved = c.designPoint(screen: Point(x: 150, y: 110))
        c.deliver(.touchDown(id: 0, x: down.x, y: down.y), at: 0.1)
        c.deliver(.touchMotion(id: 0, x: moved.x, y: moved.y), at: 0.2)
        #expect(events.last?.contains("\"position\":90") == true)
    }

    @Test func kmsOutputCopiesTheTurnedFrame() throws {
        let dev = FakeKMSDevice(connectors: [ConnectorInfo(id: 1, name: "DSI-1", isConnected: true,
            modes: [FakeKMSDevice.mode(30, 40, 60, preferred: true, index: 0)], crtcCandidates: [2])])
        let out = try KMSOutput(device: dev, connectorName: nil, modeRequest: .preferred)
        out.setRotation(degrees: 90)
        #expect(out.frameWidth == 40 && out.frameHeight == 30)
        let frame = try ImageSurface(width: 40, height: 30)
        let ctx = DrawingContext(surface: frame)
        ctx.setColor(Color(red: 0, green: 1, blue: 0)); ctx.paint()
        ctx.setColor(Color(red: 1, green: 0, blue: 0)); ctx.addRect(Rect(x: 0, y: 0, width: 1, height: 1)); ctx.fill()
        try out.start(with: frame)
        // Logical (0,0) lands at physical (29, 0): the top-right corner of the portrait screen.
        #expect(dev.buffers[0].pixel(x: 29, y: 0) == 0xFFFF0000)
        #expect(dev.buffers[0].pixel(x: 0, y: 0) == 0xFF00FF00)
        out.shutdown()
    }
}
