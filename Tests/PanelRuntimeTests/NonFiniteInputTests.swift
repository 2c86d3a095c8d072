import ControlWidgets
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

/// Issue 6, item 1: one non-finite number used to freeze the display for the rest of the
/// run (a vertical pan to y = 1e308 gave `"position": null` and nothing repainted again).
/// Every entry point gets NaN, ±inf and 1e308; afterwards a `set` must still change pixels.
///
/// Panel: 400×200, knob "pan" (vertical pan, continuous) at [0, 0, 200, 200] (centre
/// (100, 100)), knob "k" (continuous, not normalized, range [0, 100]) at [200, 0, 200, 200].
@Suite struct NonFiniteInputTests {
    static let bad: [Double] = [.nan, .infinity, -.infinity, 1e308, -1e308]

    final class Run {
        let controller: PanelController
        var lines: [String] = []
        /// What the panel gave its host for stderr (as PanelServices does after each frame).
        private var notes: [String] = []
        var recoveryMessages: [String] { notes += controller.takeDiagnostics(); return notes }
        init() throws {
            let panel = try PanelLoader(kinds: WidgetCatalog.kinds).parse("""
            { "panel": "N", "size": [400, 200], "pages": [ { "id": "p", "widgets": [
              { "id": "pan", "type": "knob", "frame": [0, 0, 200, 200], "mode": "continuous", "gesture": "verticalPan" },
              { "id": "k", "type": "knob", "frame": [200, 0, 200, 200], "mode": "continuous", "normalized": false, "range": [0, 100] } ] } ] }
            """, file: "n.json").get()
            controller = try PanelController(panel: panel, screenWidth: 400, screenHeight: 200)
            controller.emit = { [unowned self] in self.lines.append($0) }
            controller.renderFrame(at: 0)
        }

        /// A checksum of the frame's pixels.
        func frameHash() -> Int {
            let f = controller.frame
            return f.withPixelBytes { base, stride in
                var h = Hasher()
                h.combine(bytes: UnsafeRawBufferPointer(start: base, count: stride * f.height))
                return h.finalize()
            }
        }

        /// Turns "k" to a new position and renders: the frame must change.
        func setStillRepaints(_ degrees: Double, at time: Double) -> Bool {
            let before = frameHash()
            controller.execute(commandLine: #"{"command":"set","widget":"k","position":\#(degrees)}"#, at: time)
            if controller.wantsFrame(at: time) { controller.renderFrame(at: time) }
            return frameHash() != before
        }

        /// Every number in every emitted line is finite (the writer prints non-finite as null).
        var allLinesFinite: Bool { !lines.contains { $0.contains("null") } }
    }

    /// The reported reproduction, with every bad number: the pan knob's events keep a finite
    /// position (clamped coordinates turn it by at most the ±10⁶° bound), and a later set of
    /// another knob is drawn.
    @Test(arguments: bad) func panFingerToABadNumber(_ y: Double) throws {
        let r = try Run()
        r.controller.deliver(.touchDown(id: 0, x: 100, y: 100), at: 0.1)
        r.controller.deliver(.touchMotion(id: 0, x: 100, y: y), at: 0.2)
        r.controller.renderFrame(at: 0.2)
        r.controller.deliver(.touchUp(id: 0), at: 0.3)
        r.controller.renderFrame(at: 0.3)
        #expect(r.allLinesFinite, "\(r.lines)")
        let pan = try #require(r.controller.scene.widget(id: "pan") as? KnobView)
        #expect(pan.model.position.isFinite)
        #expect(r.setStillRepaints(90, at: 0.4))
        #expect(r.recoveryMessages.isEmpty)
    }

    /// Touch-down, pointer and wheel with bad numbers: dropped (NaN) or clamped, never NaN.
    @Test(arguments: bad) func everyInputKindWithABadNumber(_ v: Double) throws {
        let r = try Run()
        r.controller.deliver(.pointerMotion(x: 300, y: 100), at: 0.1)
        r.controller.deliver(.wheel(delta: v), at: 0.15)
        r.controller.deliver(.touchDown(id: 1, x: v, y: v), at: 0.2)
        r.controller.deliver(.pointerMotion(x: v, y: 100), at: 0.25)
        r.controller.deliver(.touchUp(id: 1), at: 0.3)
        r.controller.renderFrame(at: 0.3)
        #expect(r.allLinesFinite, "\(r.lines)")
        let k = try #require(r.controller.scene.widget(id: "k") as? KnobView)
        #expect(abs(k.model.positionDegrees) <= 1_000_000)
        #expect(r.setStillRepaints(45, at: 0.4))
    }

    /// Wheel accumulation stops at the ±10⁶° bound: 1000 events of 1000 detents × 5° would be
    /// 5·10⁶° on a knob that counts turns (the issue saw 3 045 095°).
    @Test func wheelStopsAtTheBound() throws {
        let r = try Run()
        r.controller.deliver(.pointerMotion(x: 300, y: 100), at: 0)
        for i in 0..<1000 { r.controller.deliver(.wheel(delta: 1000), at: 0.001 * Double(i)) }
        let k = try #require(r.controller.scene.widget(id: "k") as? KnobView)
        #expect(abs(k.model.positionDegrees - 1_000_000) < 1e-6)
        #expect(r.allLinesFinite)
        #expect(r.setStillRepaints(10, at: 2))
    }

    /// Commands: numbers beyond ±1e9 are refused by the parser; a widget command carrying a
    /// non-finite number (only possible from code) leaves the knob where it was.
    @Test func commandsWithBadNumbers() throws {
        let r = try Run()
        for text in [#"{"command":"set","widget":"k","value":1e308}"#, #"{"command":"set","widget":"k","position":-1e308}"#,
                     #"{"command":"set","widget":"k","value":1e400}"#] {
            r.lines = []
            r.controller.execute(commandLine: text, at: 0.1)
            #expect(r.lines.count == 1 && r.lines[0].contains("error"), "\(text): \(r.lines)")
        }
        let k = try #require(r.controller.scene.widget(id: "k") as? KnobView)
        for v in Self.bad {
            _ = try? k.apply(WidgetCommand("set", ["value": .number(v)]), at: 0.2)
            _ = try? k.apply(WidgetCommand("set", ["position": .number(v)]), at: 0.2)
            #expect(k.model.position.isFinite && k.model.value?.isFinite == true)
        }
        #expect(r.setStillRepaints(30, at: 0.3))
    }

    /// Scripts refuse coordinates beyond ±10⁶ design pixels and numbers beyond a Double, at
    /// the offending value (columns: Python's str.index + 1 of the value on each line).
    @Test func scriptsRefuseHugeCoordinates() {
        let cases: [(String, Int)] = [
            (#"{"t":0.1,"type":"touch_motion","id":0,"x":1,"y":1e308}"#, 49),
            (#"{"t":0.1,"type":"touch_down","id":0,"x":-1e308,"y":1}"#, 41),
            (#"{"t":0.1,"type":"pointer_motion","x":1000001,"y":1}"#, 38),
            (#"{"t":0.1,"type":"pointer_motion","x":1e400,"y":1}"#, 38),
        ]
        for (line, column) in cases {
            guard case .failure(let errors) = InputScript.parse(line, file: "s") else { Issue.record("accepted: \(line)"); continue }
            #expect(errors.errors.first?.column == column, "\(line): \(errors)")
        }
        #expect((try? InputScript.parse(#"{"t":0.1,"type":"pointer_motion","x":-1000000,"y":1000000}"#, file: "s").get())?.count == 1)
    }

    /// The compositor's safety net: a widget that poisons the Cairo context (here with a NaN
    /// rotation, the failure the issue saw) costs only its own drawing. The widgets after it
    /// still draw, the next frame is a full repaint, the recovery is said once, and later
    /// changes keep reaching the screen.
    @Test func compositorRecoversFromACairoError() throws {
        let r = try Run()
        let poison = PoisonWidget()
        r.controller.scene.widgets.insert(poison, at: 0)
        #expect(r.setStillRepaints(60, at: 0.1))          // the knob after the poison still draws
        #expect(r.controller.compositor.recoveries >= 1)
        #expect(r.recoveryMessages.count == 1)
        #expect(r.recoveryMessages[0].contains("widget 'poison'"))
        #expect(r.controller.wantsFrame(at: 0.2))            // the full repaint is due
        poison.poisoned = false
        r.controller.renderFrame(at: 0.2)
        let recovered = r.controller.compositor.recoveries
        #expect(r.setStillRepaints(120, at: 0.3))
        #expect(r.controller.compositor.recoveries == recovered)
        poison.poisoned = true
        #expect(r.setStillRepaints(150, at: 0.4))
        #expect(r.recoveryMessages.count == 1)               // said once, however often it happens
    }
}

/// Covers the whole screen and, while `poisoned`, puts the context into Cairo's sticky
/// error state (an invalid matrix) before painting.
final class PoisonWidget: WidgetView {
    var poisoned = true
    let id = "poison"
    let frame = Rect(x: 0, y: 0, width: 400, height: 200)
    var needsDisplay = true
    var hasFocus = false
    var acceptsFocus: Bool { false }
    var typeName: String { "poison" }
    var commandKeys: [String: Set<String>] { [:] }
    func paintBounds(_ mapping: ScreenMapping) -> Rect { mapping.toScreen(frame) }
    func draw(in ctx: DrawingContext, mapping: ScreenMapping, time: Double) {
        guard poisoned else { return }
        ctx.rotate(.nan)
        ctx.setColor(Color(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.paint()
    }
    func isAnimating(at time: Double) -> Bool { false }
    func hitTest(_ point: Point) -> Bool { false }
    func handle(_ input: WidgetInput, at time: Double) -> [WidgetEvent] { [] }
    func advance(to time: Double) -> [WidgetEvent] { [] }
    func apply(_ command: WidgetCommand, at time: Double) throws(WidgetCommandError) -> [WidgetEvent] { [] }
    func snapshot() -> WidgetEvent? { nil }
}
