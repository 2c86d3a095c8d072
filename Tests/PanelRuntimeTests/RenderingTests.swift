import Graphics
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

/// Pixel checks on offscreen frames. Expected colours are derived by hand:
/// tint #3a7bd5 = (58,123,213) → hue = (4 + (58−123)/155)/6 = 0.59677.
/// Normal fill = HSB(0.59677, 1.0, 0.9): sector 3, f = 0.58065 → RGB (0, 0.9·0.41935, 0.9)
/// = (0, 96, 230). Normal title (pip) = HSB(0.59677, 1.0, 0.5) → (0, 53, 128).
@Suite struct RenderingTests {
    static let panelText = """
    { "panel": "Test", "size": [400, 300],
      "theme": { "tint": "#3a7bd5", "background": ["#000000", "#ffffff"] },
      "pages": [ { "id": "main", "widgets": [
        { "id": "volume", "type": "knob", "mode": "continuous", "finish": "flat", "frame": [100, 50, 200, 200] } ] } ] }
    """

    static func controller(width: Int = 400, height: Int = 300) throws -> PanelController {
        let panel = try PanelLoader(kinds: WidgetCatalog.kinds).parse(panelText, file: "test.json").get()
        return try PanelController(panel: panel, screenWidth: width, screenHeight: height)
    }

    static func near(_ c: Color, _ r: Int, _ g: Int, _ b: Int, tolerance: Int = 2) -> Bool {
        func byte(_ v: Double) -> Int { Int((v * 255).rounded()) }
        return abs(byte(c.red) - r) <= tolerance && abs(byte(c.green) - g) <= tolerance && abs(byte(c.blue) - b) <= tolerance
    }

    @Test func backgroundGradientKnobFillAndPip() throws {
        let c = try Self.controller()
        c.renderFrame(at: 0)
        let f = c.frame
        // Vertical gradient black → white over 300 px: row y has grey ≈ (y+0.5)/300.
        #expect(Self.near(f.pixel(x: 5, y: 0), 0, 0, 0, tolerance: 1))
        #expect(Self.near(f.pixel(x: 5, y: 150), 128, 128, 128, tolerance: 2))
        #expect(Self.near(f.pixel(x: 5, y: 299), 255, 255, 255, tolerance: 1))
        // Knob centre (200,150), radius 100. Fill below the centre, pip at (200, 50+16) r 6.
        #expect(Self.near(f.pixel(x: 200, y: 190), 0, 96, 230))
        #expect(Self.near(f.pixel(x: 200, y: 66), 0, 53, 128))
        // Just outside the disc: background.
        #expect(Self.near(f.pixel(x: 200, y: 48), 40, 40, 40, tolerance: 3))
    }

    /// Position 90° (counterclockwise, clockwise = false): the pip, 84 px above the centre
    /// at 0°, turns to 84 px left of it: (116, 150).
    @Test func pipFollowsPositionChange() throws {
        let c = try Self.controller()
        c.renderFrame(at: 0)
        c.execute(commandLine: #"{"command":"set","widget":"volume","position":90}"#, at: 0)
        #expect(c.wantsFrame(at: 0))
        c.renderFrame(at: 0)
        #expect(Self.near(c.frame.pixel(x: 116, y: 150), 0, 53, 128))
        #expect(Self.near(c.frame.pixel(x: 200, y: 66), 0, 96, 230))
    }

    /// Animated set: a full turn per second, so 90° takes 0.25 s; at 0.125 s the knob shows
    /// 45°: pip at (200 − 84·sin 45°, 150 − 84·cos 45°) = (140.6, 90.6).
    @Test func animatedSetIsAFullTurnPerSecond() throws {
        let c = try Self.controller()
        var events: [String] = []
        c.emit = { events.append($0) }
        let session = OffscreenSession(controller: c, inputs: [])
        try session.run(until: 0)
        c.execute(commandLine: #"{"command":"set","widget":"volume","position":90,"animated":true}"#, at: 0)
        try session.run(until: 0.125)
        #expect(Self.near(c.frame.pixel(x: 141, y: 91), 0, 53, 128, tolerance: 12))
        #expect(Self.near(c.frame.pixel(x: 116, y: 150), 0, 96, 230))
        try session.run(until: 0.3)
        #expect(Self.near(c.frame.pixel(x: 116, y: 150), 0, 53, 128))
        #expect(!c.wantsFrame(at: 0.3))
        // The reply comes first (its data is the state now), then the change as an event.
        #expect(events.first?.hasPrefix(#"{"ok":true,"data":{"widget":"volume""#) == true)
        let changed = events.first { $0.contains(#""event":"valueChanged""#) }
        #expect(changed?.contains("\"position\":90") == true)
        #expect(changed?.contains("\"source\":\"program\"") == true)
    }

    /// After the first frame nothing is repainted until something changes, and a change
    /// repaints only the knob's area.
    @Test func idlePanelPaintsNothingAndChangesPaintOnlyTheirDamage() throws {
        let c = try Self.controller()
        let first = c.renderFrame(at: 0)
        #expect(first == [PixelRect(x: 0, y: 0, width: 400, height: 300)])
        #expect(!c.wantsFrame(at: 1))
        c.execute(commandLine: #"{"command":"set","widget":"volume","position":30}"#, at: 1)
        let rects = c.renderFrame(at: 1)
        #expect(rects.count == 1)
        let r = rects[0]
        #expect(r.x <= 100 && r.y <= 50 && r.maxX >= 300 && r.maxY >= 250)
        #expect(r.area < 400 * 300 / 2)
    }

    /// Letterboxing: a 400×300 panel on 800×300 is centred with scale 1 and 200 px bars.
    @Test func letterboxedPanelIsCentred() throws {
        let c = try Self.controller(width: 800, height: 300)
        c.renderFrame(at: 0)
        #expect(Self.near(c.frame.pixel(x: 400, y: 66), 0, 53, 128))
        #expect(Self.near(c.frame.pixel(x: 400, y: 190), 0, 96, 230))
    }

    @Test func commandErrorsAreReportedNotFatal() throws {
        let c = try Self.controller()
        var lines: [String] = []
        c.emit = { lines.append($0) }
        c.execute(commandLine: "{oops", at: 0)
        c.execute(commandLine: #"{"command":"set","widget":"nope","position":1}"#, at: 0)
        c.execute(commandLine: #"{"command":"set","widget":"volume","positionIndex":1}"#, at: 0)
        c.execute(commandLine: #"{"command":"fly"}"#, at: 0)
        #expect(lines.count == 4)
        #expect(lines.allSatisfy { $0.contains("\"error\"") })
        #expect(lines[1].contains("no widget 'nope'"))
        #expect(lines[2].contains("continuous"))
    }
}
