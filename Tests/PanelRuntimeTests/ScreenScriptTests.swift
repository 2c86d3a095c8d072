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

/// Screen power through the controller on the virtual clock: events, the swallowed waking
/// touch, commands, and the pictures `render` writes (dimmed, black). A 400×300 panel with a
/// 200×200 continuous knob at (100, 50), centre (200, 150); dims after 1 s to 0.3, off after 2 s.
@Suite struct ScreenScriptTests {
    static let panelText = """
    { "panel": "S", "size": [400, 300], "screen": {"dimAfter": 1, "dimLevel": 0.3, "offAfter": 2},
      "theme": {"background": "#c08040"},
      "pages": [ { "id": "p", "widgets": [
      { "id": "k", "type": "knob", "frame": [100, 50, 200, 200], "mode": "continuous" } ] } ] }
    """

    static func start(_ script: String, panel text: String = panelText) throws -> (PanelController, OffscreenSession, ScenarioRig) {
        let rig = try ScenarioRig(layout: text, file: "s.json", screen: (400, 300), script: script)
        return (rig.controller, rig.session, rig)
    }

    static func screenEvents(_ events: [String]) -> [String] { events.filter { $0.contains("\"event\":\"screen\"") } }

    /// The background at (10, 10) is #c08040 = (192, 128, 64). Dimmed to 0.3 the frame shows
    /// (57.6, 38.4, 19.2) → (58, 38, 19) after rounding; off it is black. The screen events
    /// come at exactly t = 1 and t = 2 (the timers' deadlines, not the next vsync).
    @Test func renderShowsDimThenBlack() throws {
        let (controller, session, box) = try Self.start("")
        func rgb() throws -> [Int] {
            let c = try controller.physicalFrame().pixel(x: 10, y: 10)
            return [c.red, c.green, c.blue].map { Int(($0 * 255).rounded()) }
        }
        try session.run(until: 0.5)
        #expect(try rgb() == [192, 128, 64])
        try session.run(until: 1.5)
        #expect(controller.screenState == .dim)
        let dimmed = try rgb()
        for (d, full) in zip(dimmed, [192.0, 128, 64]) { #expect(abs(Double(d) - full * 0.3) <= 0.5 + 1e-9) }
        // The compositor's own frame is untouched (damage bookkeeping stays right).
        #expect(controller.frame.pixel(x: 10, y: 10).red > 0.75)
        try session.run(until: 2.5)
        #expect(try rgb() == [0, 0, 0])
        #expect(Self.screenEvents(box.events) == [
            #"{"t":1,"event":"screen","state":"dim","cause":"idle"}"#,
            #"{"t":2,"event":"screen","state":"off","cause":"idle"}"#,
        ])
    }

    /// While off, nothing is painted: one black frame at t = 2, then none for 8 s, even with
    /// an animated `set` (which jumps to its end: no frames, its animationEnded goes out at once).
    @Test func noFramesWhileOff() throws {
        let (controller, session, box) = try Self.start("""
        {"t":3,"type":"command","command":{"command":"set","widget":"k","position":170,"animated":true}}
        """)
        try session.run(until: 1.99)
        let before = box.frames.count
        try session.run(until: 10)
        #expect(box.frames.count - before == 1)   // the black frame at t = 2
        #expect(box.frames.last == 2)
        #expect(controller.screenState == .off)   // a command is not input: it does not wake
        let knob = try #require(controller.scene.widget(id: "k") as? KnobView)
        #expect(!knob.isAnimating(at: 3))
    }

    /// A finger landing on the dark screen wakes it and the whole gesture is swallowed (the
    /// knob does not turn); the next drag turns it. Top (200, 60) → left (110, 150) is +90°.
    @Test func wakingTouchDoesNotTurnTheKnob() throws {
        let (controller, session, box) = try Self.start("""
        {"t":3.0,"type":"touch_down","id":0,"x":200,"y":60}
        {"t":3.1,"type":"touch_motion","id":0,"x":110,"y":150}
        {"t":3.2,"type":"touch_up","id":0}
        {"t":3.5,"type":"touch_down","id":0,"x":200,"y":60}
        {"t":3.6,"type":"touch_motion","id":0,"x":110,"y":150}
        {"t":3.7,"type":"touch_up","id":0}
        """)
        try session.run(until: 3.3)
        let knob = try #require(controller.scene.widget(id: "k") as? KnobView)
        #expect(knob.model.positionDegrees == 0)
        #expect(!box.events.contains { $0.contains("valueChanged") || $0.contains("tracking") })
        #expect(Self.screenEvents(box.events).last == #"{"t":3,"event":"screen","state":"on","cause":"input"}"#)
        // The first frame after waking (t = 3 is a vsync) shows the panel at full brightness.
        let woke = box.frames.filter { $0 >= 3 }.first
        #expect(woke == 3)
        try session.run(until: 4)
        #expect(knob.model.positionDegrees == 90)
    }

    /// The screen command: reply first, then the event; list and get report the state; a
    /// second identical command changes nothing (no event); `on` restarts the timers.
    @Test func screenCommandAndState() throws {
        let (controller, _, box) = try Self.start("")
        controller.execute(commandLine: #"{"command":"screen","state":"off","request_id":1}"#, at: 0.5)
        #expect(box.events == [
            #"{"request_id":1,"ok":true,"data":{"state":"off","brightness":0}}"#,
            #"{"t":0.5,"event":"screen","state":"off","cause":"command"}"#,
        ])
        let seen = box.events.count
        controller.execute(commandLine: #"{"command":"screen","state":"off"}"#, at: 0.6)
        #expect(box.events.count == seen + 1)
        controller.execute(commandLine: #"{"command":"get"}"#, at: 0.7)
        #expect(box.events.last == #"{"ok":true,"data":{"panel":"S","page":"p","screen":"off","brightness":0}}"#)
        controller.execute(commandLine: #"{"command":"list"}"#, at: 0.7)
        #expect(box.events.last?.contains(#""screen":"off""#) == true)
        controller.execute(commandLine: #"{"command":"screen","state":"on"}"#, at: 5)
        #expect(controller.nextScreenChange == 6)
        controller.execute(commandLine: #"{"command":"screen","state":"bright"}"#, at: 5)
        #expect(box.events.last?.contains("'state' must be one of on, idle, dim, off") == true)
    }

    /// A panel without `screen` never dims, and `--dim-after` overrides the layout.
    @Test func defaultsAndOverrides() throws {
        let plain = """
        { "panel": "P", "size": [400, 300], "pages": [ { "id": "p", "widgets": [] } ] }
        """
        let (controller, session, box) = try Self.start("", panel: plain)
        try session.run(until: 1000)
        #expect(controller.screenState == .on && Self.screenEvents(box.events).isEmpty)
        controller.overrideScreenTimers(dimAfter: .some(1001), offAfter: nil)
        try session.run(until: 1002)
        #expect(controller.screenState == .dim)
    }
}
