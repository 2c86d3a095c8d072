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

/// The display path keeps no screen-sized frame: an output asks the controller to paint the
/// rectangles its back buffer needs, band by band in a small tile, and the other buffer's
/// missed damage is painted again rather than copied. Whatever the bands and the rotation,
/// each buffer must show exactly what a whole snapshot shows.
@Suite struct PaintOnDemandTests {
    /// RenderingTests' knob panel (400×300 design) on the fake's 1024×768 mode turned 90°:
    /// the upright frame is 768×1024, so a full repaint is 768-pixel bands of 85 rows
    /// (65 536 / 768) in the 256 KB tile, twelve of them plus one of 4 rows.
    @Test func bothBuffersShowTheSnapshotAfterEachFrame() throws {
        let dev = FakeKMSDevice.typical()
        let output = try KMSOutput(device: dev, connectorName: nil, modeRequest: .preferred)
        output.setRotation(degrees: 90)
        let panel = try PanelLoader(kinds: WidgetCatalog.kinds).parse(RenderingTests.panelText, file: "t.json").get()
        let controller = try PanelController(panel: panel, screenWidth: output.width, screenHeight: output.height, rotationDegrees: 90)
        let screen = DisplayScreen(controller: controller, output: output)
        func flip(_ t: Double) throws {
            try dev.dispatchEvents { _ in }
            screen.flipCompleted(at: t, sinceExec: t)
        }
        try screen.start(at: 0)
        try flip(0.01)
        #expect(SoftwareCursorTests.shownEqualsFrame(dev, controller.shownFrame, rotation: output.rotation) == 0)
        // Two turns: the second frame's buffer missed the first turn's damage and gets it
        // painted again (at the new angle), not copied from anywhere.
        for (i, angle) in [45, 120, 200].enumerated() {
            let t = 0.1 * Double(i + 1)
            controller.execute(commandLine: #"{"command":"set","widget":"volume","position":\#(angle)}"#, at: t)
            #expect(try screen.presentIfDue(at: t).presented)
            try flip(t + 0.01)
            #expect(SoftwareCursorTests.shownEqualsFrame(dev, controller.shownFrame, rotation: output.rotation) == 0, "after \(angle)°")
        }
        // Only the knob's box and the last frame's were written, not the screen.
        #expect(output.lastWrites.reduce(0) { $0 + $1.area } < 1024 * 768 / 2)
    }

    /// Dimmed without a backlight, each painted tile is darkened in place: the scanout shows
    /// the panel's channels times the dim level (0.5 here), the panel itself is unchanged.
    @Test func aDimmedScreenDarkensEachTile() throws {
        let dev = FakeKMSDevice.typical()
        let output = try KMSOutput(device: dev, connectorName: nil, modeRequest: .preferred)
        let text = RenderingTests.panelText.replacing(#""pages""#, with: #""screen": {"dimAfter": 1, "dimLevel": 0.5}, "pages""#)
        let controller = try PanelController(panel: try PanelLoader(kinds: WidgetCatalog.kinds).parse(text, file: "t.json").get(), screenWidth: output.width, screenHeight: output.height)
        let screen = DisplayScreen(controller: controller, output: output)
        try screen.start(at: 0)
        try dev.dispatchEvents { _ in }
        screen.flipCompleted(at: 0.01, sinceExec: 0.01)
        controller.advance(to: 1.5)
        #expect(controller.screenState == .dim)
        #expect(try screen.presentIfDue(at: 1.5).presented)
        let panel = controller.frame
        // The backdrop at the bottom row: a grey near white, halved (rounded) on screen.
        let bottom = panel.withPixelBytes { b, s in b.load(fromByteOffset: 767 * s + 4, as: UInt32.self) }
        let blue = bottom & 0xff
        #expect(blue > 200)
        #expect(dev.shown!.pixel(x: 1, y: 767) & 0xff == UInt32((Double(blue) * 0.5).rounded()))
        #expect(SoftwareCursorTests.shownEqualsFrame(dev, controller.shownFrame, rotation: output.rotation) == 0)
    }

    /// A tile lends surfaces of any shape that fits it, and refuses what does not.
    @Test func aTileLendsSurfacesThatFit() throws {
        let tile = ScratchTile(capacity: 1000)
        #expect(tile.rows(forWidth: 300) == 3)
        #expect(tile.rows(forWidth: 5000) == 1)
        let s = try tile.surface(width: 300, height: 3)
        #expect(s.width == 300 && s.height == 3 && s.stride == 1200)
        #expect(throws: GraphicsError.self) { try tile.surface(width: 300, height: 4) }
    }
}
