import ControlWidgets
import PanelLayout
import Testing
@testable import PanelProtocol
@testable import PanelCore

/// What a button's `action` (and a keypad's enter) asks of its target, run as the target's
/// own `set`: steps from the published value, refusals, and what counts as clamped.
@Suite struct TargetRequestTests {
    static let text = #"""
    {"panel":"p","size":[400,300],"pages":[{"id":"a","widgets":[
     {"id":"v","type":"knob","mode":"continuous","circular":false,"min":-135,"max":135,"range":[0,30],"step":0.01,"value":5,"frame":[0,0,200,200]},
     {"id":"up","type":"button","title":"+","action":{"step":"v","by":0.01},"frame":[220,20,120,60]},
     {"id":"top","type":"button","title":"30","action":{"set":"v","value":31},"frame":[220,120,120,60]}
    ]}]}
    """#

    static func controller() throws -> (PanelController, StyleCommandTests.Lines) {
        let c = try PanelController(panel: try PanelLoader(kinds: WidgetCatalog.kinds).parse(text, file: "p.json").get(), screenWidth: 400, screenHeight: 300)
        let lines = StyleCommandTests.Lines()
        c.emit = { lines.all.append($0) }
        return (c, lines)
    }

    static func tap(_ c: PanelController, x: Double, y: Double, at t: Double) {
        c.deliver(.touchDown(id: 1, x: x, y: y), at: t)
        c.deliver(.touchUp(id: 1), at: t + 0.05)
    }

    /// Ten steps of 0.01 from 5 land on 5.1 exactly: each starts from the published value
    /// (on the grid), so float error never builds up.
    @Test func tenStepsLandOnTheGrid() throws {
        let (c, lines) = try Self.controller()
        for i in 0..<10 { Self.tap(c, x: 280, y: 50, at: Double(i) * 0.2) }
        #expect(c.scene.widget(id: "v")?.snapshot()?["value"] == .number(5.1))
        let changed = lines.all.filter { $0.contains(#""event":"targetChanged""#) }
        #expect(changed.count == 10)
        #expect(changed.last?.contains(#""requested":5.1,"value":5.1,"clamped":false"#) == true, "\(changed.last ?? "")")
    }

    /// A preset beyond the range: the knob takes 30 and the button says clamped.
    @Test func aPresetBeyondTheRangeIsClamped() throws {
        let (c, lines) = try Self.controller()
        Self.tap(c, x: 280, y: 150, at: 0)
        #expect(lines.all.contains { $0.contains(#""widget":"top","event":"targetChanged","target":"v","requested":31,"value":30,"clamped":true"#) }, "\(lines.all)")
    }

    /// A target disabled by `style` refuses: `targetRejected` with the reason, the value stays.
    @Test func aDisabledTargetRejects() throws {
        let (c, lines) = try Self.controller()
        c.execute(commandLine: #"{"command":"style","widget":"v","enabled":false}"#, at: 0)
        lines.all = []
        Self.tap(c, x: 280, y: 50, at: 0.1)
        #expect(lines.all.contains { $0.contains(#""widget":"up","event":"targetRejected","target":"v","message":"'v' is disabled""#) }, "\(lines.all)")
        #expect(c.scene.widget(id: "v")?.snapshot()?["value"] == .number(5))
    }

    /// Clamped means outside the target's range, not rounded onto its grid.
    @Test func clampedIsOutsideTheRange() {
        let grid = ValueRounding(origin: 0, step: 0.01, bounds: 0...30)
        #expect(PanelController.wasClamped(35, to: 30, rounding: grid))
        #expect(!PanelController.wasClamped(12.345, to: 12.35, rounding: grid))
        #expect(PanelController.wasClamped(99, to: 30, rounding: ValueRounding(decimals: 2)))
        #expect(!PanelController.wasClamped(12.5, to: 12.5, rounding: ValueRounding(decimals: 2)))
    }
}
