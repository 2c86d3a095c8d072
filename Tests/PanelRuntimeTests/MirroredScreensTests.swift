import ControlWidgets
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
#if canImport(Glibc)
import Glibc
#endif

/// `run --output all` (issue 12): the same panel on two connectors animates on both. The
/// primary is 400×300 at 60 Hz (scale 1), the mirror 800×600 at 75 Hz (scale 2); each is
/// painted at its own flips. Knob (RenderingTests' panel): centre (200, 150) design, pip
/// 84 px from the centre, at position p (counterclockwise) at (200 − 84·sin p, 150 − 84·cos p);
/// pip colour (0, 53, 128), fill (0, 96, 230). An animated set turns 360°/s (linear).
@Suite struct MirroredScreensTests {
    static func pip(_ degrees: Double, scale: Double) -> (x: Int, y: Int) {
        let a = degrees * .pi / 180
        return (Int(((200 - 84 * sin(a)) * scale).rounded()), Int(((150 - 84 * cos(a)) * scale).rounded()))
    }

    static func reference(_ w: Int, _ h: Int, text: String = RenderingTests.panelText) throws -> PanelController {
        try PanelController(panel: try PanelLoader(kinds: WidgetCatalog.kinds).parse(text, file: "r.json").get(), screenWidth: w, screenHeight: h)
    }

    /// Before the fix the mirror took the primary's values after each change: at 0.12 s it
    /// showed the pip at 90° (800 − … = (232, 300)) while the primary was at 43°.
    @Test func anAnimatedSetAnimatesOnBothScreensEachAtItsOwnFrames() throws {
        let bench = try TwoScreenBench(RenderingTests.panelText, modes: [(400, 300, 60), (800, 600, 75)])
        let ref = try Self.reference(800, 600)   // the mirror's size, driven directly
        ref.renderFrame(at: 0)
        let set = #"{"command":"set","widget":"volume","position":90,"animated":true}"#
        bench.primary.execute(commandLine: set, at: 0.05)
        ref.execute(commandLine: set, at: 0.05)
        // Frames on each screen's own grid: primary 0.15 s = 9/60 (36° = (0.15 − 0.05)·360),
        // mirror 0.16 s = 12/75 (39.6°); later both at 0.24 s (68.4°).
        try bench.frame(0, at: 0.15)
        try bench.frame(1, at: 0.16)
        var p = Self.pip(36, scale: 1)
        #expect(TwoScreenBench.near(bench.scanout(0, x: p.x, y: p.y), 0, 53, 128, tolerance: 12))
        p = Self.pip(39.6, scale: 2)
        #expect(TwoScreenBench.near(bench.scanout(1, x: p.x, y: p.y), 0, 53, 128, tolerance: 12))
        // Where the jumped mirror showed its pip (90°): still the fill mid-animation.
        p = Self.pip(90, scale: 2)
        #expect(TwoScreenBench.near(bench.scanout(1, x: p.x, y: p.y), 0, 96, 230))
        ref.advance(to: 0.16)
        ref.renderFrame(at: 0.16)
        #expect(try TwoScreenBench.maxDelta(ref.shownFrame, bench.second.shownFrame) == 0)

        // The same instant on both: the same angle (0.24 s → 68.4°), pixel for pixel as drawn alone.
        try bench.frame(0, at: 0.24)
        try bench.frame(1, at: 0.24)
        p = Self.pip(68.4, scale: 1)
        #expect(TwoScreenBench.near(bench.scanout(0, x: p.x, y: p.y), 0, 53, 128, tolerance: 12))
        p = Self.pip(68.4, scale: 2)
        #expect(TwoScreenBench.near(bench.scanout(1, x: p.x, y: p.y), 0, 53, 128, tolerance: 12))
        ref.advance(to: 0.24)
        ref.renderFrame(at: 0.24)
        #expect(try TwoScreenBench.maxDelta(ref.shownFrame, bench.second.shownFrame) == 0)
        let angles = [bench.primary, bench.second].map { c in (c.scene.widget(id: "volume") as! KnobView).model.displayedPosition(at: 0.24) }
        #expect(angles[0] == angles[1])

        // The end (0.30 s: 90°), then rest: neither screen wants a frame (no wake-ups).
        try bench.frame(0, at: 0.30)
        try bench.frame(1, at: 0.32)
        #expect(TwoScreenBench.near(bench.scanout(0, x: 116, y: 150), 0, 53, 128))
        #expect(TwoScreenBench.near(bench.scanout(1, x: 232, y: 300), 0, 53, 128))
        for (i, t) in [(0, 0.35), (1, 0.36)] { try bench.frame(i, at: t) }   // the frame after the last animated one
        for i in 0..<2 {
            #expect(try bench.frame(i, at: 1) == false)
            #expect(bench.screens[i].controller.wantsFrame(at: 5) == false)
            #expect(try bench.screens[i].presentIfDue(at: 5) == (false, nil))
        }
        #expect(bench.primary.resyncMirrorsAtRest(at: 1) == 0)
    }

    /// A double tap returns the knob to its resetOnDoubleTap at 360°/s (a linear return): the
    /// mirror replays the taps and turns with it. Position 90 → 0 from the release at 0.35 s:
    /// 45° at 0.475 s.
    @Test func aDoubleTapReturnAnimatesOnTheMirror() throws {
        let text = RenderingTests.panelText.replacing(#""finish": "flat","#, with: #""finish": "flat", "position": 90, "resetOnDoubleTap": 0,"#)
        let bench = try TwoScreenBench(text, modes: [(400, 300, 60), (800, 600, 75)])
        for (t, e) in [(0.10, InputEvent.touchDown(id: 0, x: 200, y: 100)), (0.15, .touchUp(id: 0)),
                       (0.30, .touchDown(id: 0, x: 200, y: 100)), (0.35, .touchUp(id: 0))] {
            bench.primary.deliver(e, at: t)
        }
        try bench.frame(0, at: 0.475)
        try bench.frame(1, at: 0.48)   // 36/75 s: 45° − 0.005·360 = 43.2°
        var p = Self.pip(45, scale: 1)
        #expect(TwoScreenBench.near(bench.scanout(0, x: p.x, y: p.y), 0, 53, 128, tolerance: 12))
        p = Self.pip(43.2, scale: 2)
        #expect(TwoScreenBench.near(bench.scanout(1, x: p.x, y: p.y), 0, 53, 128, tolerance: 12))
        let knobs = [bench.primary, bench.second].map { $0.scene.widget(id: "volume") as! KnobView }
        #expect(abs(KnobMath.degrees(knobs[1].model.displayedPosition(at: 0.48)) - 43.2) < 1e-6)
        #expect(knobs[0].model.position == knobs[1].model.position)
    }

    /// The drawer: a fast flick (DrawerScriptTests' 110 px in 0.06 s) opens it with the
    /// 0.25 s spring from the release at 0.17 s. The mirror (400×240 at 75 Hz, scale 0.5)
    /// slides through the same front positions, and each of its frames equals the panel drawn
    /// alone at that size with the same input (within one level, below).
    @Test func aDrawerFlickSlidesOnTheMirror() throws {
        let text = DrawerScriptTests.panel()
        let bench = try TwoScreenBench(text, modes: [(800, 480, 60), (400, 240, 75)])
        let ref = try Self.reference(400, 240, text: text)
        ref.renderFrame(at: 0)
        let flick: [(Double, InputEvent)] = [(0.10, .touchDown(id: 0, x: 100, y: 420)), (0.12, .touchMotion(id: 0, x: 130, y: 420)),
                                             (0.14, .touchMotion(id: 0, x: 170, y: 420)), (0.16, .touchMotion(id: 0, x: 210, y: 420)),
                                             (0.17, .touchUp(id: 0))]
        for (t, e) in flick { bench.primary.deliver(e, at: t); ref.deliver(e, at: t) }
        var between = 0
        for k in 14...40 {   // the mirror's own frames, 0.187 … 0.533 s
            let t = Double(k) / 75
            try bench.frame(1, at: t)
            let x = [bench.primary, bench.second].map { $0.scene.drawer!.frontX(at: t) }
            #expect(x[0] == x[1])
            if x[1] > 0 && x[1] < 260 { between += 1 }
            ref.advance(to: t)
            ref.renderFrame(at: t)
            // Within one level: a knob at rest is drawn live the first time and from its
            // resting image after (they differ by one level on the rim), and the mirror,
            // painted for its buffers, has drawn it more often than the reference.
            #expect(try TwoScreenBench.maxDelta(ref.shownFrame, bench.second.shownFrame) <= 1, "frame at \(t)")
        }
        // The spring takes 0.25 s: at 75 Hz about 18 frames show the front on its way.
        #expect(between >= 15)
        #expect(bench.second.scene.drawer!.frontX(at: 1) == 260)
    }

    /// Reloads reach the mirror; values are kept on both. A mirror that diverged (told a value
    /// behind the primary's back) is given the primary's values once nothing moves.
    @Test func reloadsReachTheMirrorAndTheSafetyNetResyncsAtRest() throws {
        let bench = try TwoScreenBench(RenderingTests.panelText, modes: [(400, 300, 60), (800, 600, 75)])
        bench.primary.execute(commandLine: #"{"command":"set","widget":"volume","position":30}"#, at: 0.1)
        let renamed = try PanelLoader(kinds: WidgetCatalog.kinds).parse(RenderingTests.panelText.replacing(#""Test""#, with: #""Renamed""#), file: "t.json").get()
        try bench.primary.replacePanelWithMirrors(renamed, at: 0.2)
        #expect(bench.second.scene.panel.name == "Renamed")
        #expect(bench.second.savedState() == bench.primary.savedState())
        #expect(bench.primary.resyncMirrorsAtRest(at: 0.3) == 0)

        bench.second.execute(commandLine: #"{"command":"set","widget":"volume","position":100}"#, at: 0.4)
        // The primary turns on its own (straight to the widget, not replayed): 100 → 200.
        _ = try bench.primary.scene.widget(id: "volume")!.apply(WidgetCommand("set", ["position": .number(200), "animated": .bool(true)]), at: 0.5)
        #expect(bench.primary.resyncMirrorsAtRest(at: 0.6) == 0)   // still turning: not judged yet
        #expect(bench.primary.resyncMirrorsAtRest(at: 2) == 1)
        #expect(bench.second.savedState() == bench.primary.savedState())
    }
}
