import Graphics
import PanelLayout
import Testing
import ControlWidgets
@testable import PanelProtocol
@testable import PanelCore

/// Devices report physical screen pixels on the screen size they were opened for; the panel
/// maps them to design pixels itself (it used to hand each reader a closure into itself).
@Suite struct ScreenInputTests {
    static let text = """
    { "panel": "S", "size": [400, 300], "rotation": 90,
      "theme": { "tint": "#3a7bd5", "background": ["#000000", "#000000"] },
      "pages": [ { "id": "p", "widgets": [
        { "id": "k", "type": "knob", "mode": "continuous", "finish": "flat", "frame": [100, 50, 200, 200] } ] } ] }
    """

    @Test func aDeviceTouchIsTurnedAndLetterboxedIntoDesignPixels() throws {
        let c = try PanelController(panel: PanelLoader(kinds: WidgetCatalog.kinds).parse(Self.text, file: "s.json").get(), screenWidth: 300, screenHeight: 400)
        let e = c.designEvent(fromScreen: .touchDown(id: 3, x: 234, y: 200), measuredOn: (300, 400))
        guard case let .touchDown(id, x, y) = e else { Issue.record("not a touch: \(e)"); return }
        #expect(id == 3 && Point(x: x, y: y) == Point(x: 200, y: 66))
        // Not a point: unchanged.
        guard case .touchUp(id: 3) = c.designEvent(fromScreen: .touchUp(id: 3), measuredOn: (300, 400)) else { Issue.record("changed"); return }
    }

    @Test func aDeviceOpenedBeforeAResizeIsScaledToTheScreenNow() throws {
        let c = try PanelController(panel: PanelLoader(kinds: WidgetCatalog.kinds).parse(Self.text, file: "s.json").get(), screenWidth: 300, screenHeight: 400)
        try c.resize(screenWidth: 600, screenHeight: 800, at: 0)
        // (234, 200) on the 300x400 screen the device was opened for is (468, 400) now.
        let e = c.designEvent(fromScreen: .pointerMotion(x: 234, y: 200), measuredOn: (300, 400))
        guard case let .pointerMotion(x, y) = e else { Issue.record("not pointer motion: \(e)"); return }
        #expect(Point(x: x, y: y) == c.designPoint(screen: Point(x: 468, y: 400)))
        #expect(abs(x - 200) < 1e-9 && abs(y - 66) < 1e-9)
        // A touch there turns the knob as a design-pixel touch does.
        var lines: [String] = []
        c.emit = { lines.append($0) }
        c.deliver(screenEvent: .touchDown(id: 0, x: 234, y: 200), measuredOn: (300, 400), at: 0.1)
        c.deliver(screenEvent: .touchMotion(id: 0, x: 150, y: 110), measuredOn: (300, 400), at: 0.2)
        #expect(lines.last?.contains("\"position\":90") == true)
    }
}
