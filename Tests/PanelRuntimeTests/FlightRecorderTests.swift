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
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The flight recorder: a ring bounded by bytes and by age that drops whole segments (each
/// starts at a checkpoint), and a dump that `render --input` replays to the same picture.
@Suite struct FlightRecorderTests {
    private func layout(_ epoch: Int = 0) -> FlightRecorder.Layout {
        FlightRecorder.Layout(text: "{}", path: "p.json", epoch: epoch, width: 10, height: 10, rotation: 0)
    }

    private func checkpoint(_ time: Double, _ layout: FlightRecorder.Layout, lines: [String] = []) -> FlightRecorder.Checkpoint {
        FlightRecorder.Checkpoint(time: time, layout: layout, state: #"{"version":1,"panel":"x","widgets":[]}"#, lines: lines, atRest: true)
    }

    private func body(_ i: Int) -> String {
        #"{"command":"set","widget":"k","position":"# + String(i % 270) + "}"
    }

    /// A line every 10 ms for 100 s into 8 KiB, checkpointing as the controller does (when
    /// wanted; the test's panel is always at rest): never more than the bound, the oldest
    /// history goes a segment at a time, and the newest lines are always there.
    @Test func bytesStayInsideTheBound() {
        let r = FlightRecorder(limits: .init(seconds: 300, bytes: 8192))
        let l = layout()
        r.begin(checkpoint(0, l))
        var maxBytes = 0
        for i in 0..<10_000 {
            let t = Double(i) * 0.01
            if r.wantsCheckpoint(at: t) { r.begin(checkpoint(t, l)) }
            r.record(body: InputScriptLine.body(command: body(i)), at: t)
            maxBytes = max(maxBytes, r.bytes)
        }
        #expect(maxBytes <= 8192)
        #expect(r.bytes > 8192 / 2)          // whole segments go, but not more than needed
        #expect(r.windowStart! > 90)          // 100 s of lines do not fit: the window moved on
        #expect(r.segmentCount <= 6)
        #expect(r.droppedLines == 0)
        let dump = r.dump(at: 100, stateNow: "{}", reason: "test", version: "v")!
        #expect(dump.text.contains(#""position":9}"#))     // the last line (9999 % 270 = 9)
        #expect(dump.from == r.windowStart)
    }

    /// Without checkpoints (nothing advanced the controller), lines are dropped, not kept.
    @Test func aFullSegmentDropsLinesRatherThanGrow() {
        let r = FlightRecorder(limits: .init(seconds: 300, bytes: 65_536))
        r.begin(checkpoint(0, layout()))
        for i in 0..<5000 { r.record(body: InputScriptLine.body(command: body(i)), at: Double(i) * 0.01) }
        #expect(r.bytes <= 65_536)
        #expect(r.droppedLines > 0)
        #expect(r.dump(at: 60, stateNow: "{}", reason: "t", version: "v")!.text.contains("lines were left out"))
    }

    /// One line a second for 1000 s, a checkpoint whenever one is wanted (a fifth of the
    /// window): the ring always covers at least the window and at most 1.4 times it.
    @Test func ageKeepsAtLeastTheWindow() {
        let r = FlightRecorder(limits: .init(seconds: 100, bytes: 1 << 20))
        let l = layout()
        r.begin(checkpoint(0, l))
        for i in 1...1000 {
            let t = Double(i)
            if r.wantsCheckpoint(at: t) { r.begin(checkpoint(t, l)) }
            r.record(body: InputScriptLine.body(command: body(i)), at: t)
            if t > 150 {
                let span = t - r.windowStart!
                #expect(span >= 100 && span <= 140, "at \(t): \(span)")
            }
        }
    }

    /// A checkpoint over a segment that holds no line replaces it: an idle panel keeps one
    /// fresh checkpoint, and a replay does not have to play hours of nothing.
    @Test func anIdleSegmentIsRefreshed() {
        let r = FlightRecorder(limits: .default)
        let l = layout()
        r.begin(checkpoint(0, l))
        r.begin(checkpoint(100, l))
        r.begin(checkpoint(200, l))
        #expect(r.segmentCount == 1 && r.windowStart == 200)
        #expect(r.bytes == checkpoint(200, l).bytes)
    }

    /// The dump: the header, lines of an earlier layout as comments, the checkpoint's lines
    /// at t = 0, then the lines since with times counted from the window's start; notes
    /// (reload, screenshot) are comments.
    @Test func dumpCountsFromTheWindowAndComments() throws {
        let r = FlightRecorder(limits: .default)
        r.begin(checkpoint(10, layout(0)))
        r.record(body: InputScriptLine.body(.touchDown(id: 0, x: 1, y: 2))!, at: 11)
        r.note(body: InputScriptLine.body(command: #"{"command":"reload"}"#), at: 12)
        let newer = FlightRecorder.Layout(text: "{\"panel\":\"x\"}\n", path: "dir/p.json", epoch: 1, width: 30, height: 20, rotation: 90)
        r.begin(checkpoint(13, newer, lines: [InputScriptLine.body(.pointerMotion(x: 5, y: 6))!]))
        r.record(body: InputScriptLine.body(.touchUp(id: 0))!, at: 14.5)
        let d = try #require(r.dump(at: 20, stateNow: "{\"now\":1}", reason: "test", version: "v"))
        let lines = d.text.split(separator: "\n").map(String.init)
        let header = try #require(lines.first { !$0.hasPrefix("#") })
        #expect(header.hasPrefix(#"{"type":"flightRecording","version":1,"panelFile":"dir/p.json","size":[30,20],"rotation":90,"start":13,"end":20"#))
        #expect(lines.contains(#"# {"t":11,"type":"touch_down","id":0,"x":1,"y":2}"#))
        #expect(lines.contains(#"# {"t":12,"type":"command","command":{"command":"reload"}}"#))
        #expect(lines.contains(#"{"t":0,"type":"pointer_motion","x":5,"y":6}"#))
        #expect(lines.last == #"{"t":1.5,"type":"touch_up","id":0}"#)
        #expect(d.lines == 2 && d.from == 13 && d.to == 20)

        let f = try #require(try FlightRecording.read(d.text, file: "d.jsonl").get())
        #expect(f.layout == "{\"panel\":\"x\"}\n" && f.width == 30 && f.height == 20 && f.rotation == 90 && f.panelFile == "dir/p.json")
        let inputs = try InputScript.parse(f.script, file: "d.jsonl").get()
        #expect(inputs.map(\.time) == [0, 1.5])
    }

    @Test func aBrokenHeaderIsAPositionedError() throws {
        #expect(try FlightRecording.read("# c\n{\"t\":0,\"type\":\"touch_up\",\"id\":0}\n", file: "s").get() == nil)
        let bad = "# c\n\n{\"type\":\"flightRecording\",\"version\":2}\n"
        guard case .failure(let e) = FlightRecording.read(bad, file: "d") else { Issue.record("accepted"); return }
        #expect(e.line == 3 && e.description.contains("version"))
        let noState = #"{"type":"flightRecording","version":1,"panelFile":"p","layout":"{}","size":[10,10]}"#
        guard case .failure(let e2) = FlightRecording.read(noState, file: "d") else { Issue.record("accepted"); return }
        #expect(e2.message.contains("'state'"))
    }

    /// The whole loop in-process: a live panel driven for seven minutes of frame clock by
    /// touches, a wheel, Tab, animated sets, a widget disabled and an idle dim, with a 60 s window (so the ring
    /// drops history and replays from a later checkpoint); the dump replayed offscreen ends
    /// with every widget at exactly the live value and the frames pixel-equal.
    @Test func dumpReplaysToTheSamePicture() throws {
        let dir = "/tmp/knob-flight-test-\(getpid())"
        mkdir(dir, 0o700)
        defer { unlink(dir + "/p.json"); unlink(dir + "/dump.jsonl"); rmdir(dir) }
        let text = """
        { "panel": "F", "size": [300, 200], "screen": { "dimAfter": 30 }, "pages": [ { "id": "p", "widgets": [
          { "id": "k", "type": "knob", "frame": [0, 0, 200, 200], "mode": "continuous" },
          { "id": "s", "type": "slider", "frame": [200, 0, 100, 200] } ] } ] }
        """
        let fd = open(dir + "/p.json", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        _ = text.withCString { write(fd, $0, strlen($0)) }
        close(fd)
        let panel = try PanelLoader(kinds: WidgetCatalog.kinds).load(path: dir + "/p.json").get()
        let live = try PanelController(panel: panel, screenWidth: 300, screenHeight: 200)
        live.startFlightRecorder(FlightRecorder(limits: .init(seconds: 60, bytes: 1 << 20)), at: 0)
        var t = 0.0
        func run(until end: Double) { while t < end { t += 0.0167; live.advance(to: t); live.renderFrame(at: t) } }
        func drag(from a: Double, to b: Double) {
            func p(_ deg: Double) -> (Double, Double) { let r = deg * .pi / 180; return (100 + 61.7 * cos(r), 100 - 61.7 * sin(r)) }
            var (x, y) = p(a)
            live.deliver(.touchDown(id: 0, x: x, y: y), at: t)
            for s in 1...8 {
                run(until: t + 0.02)
                (x, y) = p(a + (b - a) * Double(s) / 8)
                live.deliver(.touchMotion(id: 0, x: x, y: y), at: t)
            }
            live.deliver(.touchUp(id: 0), at: t)
        }
        // Long before the window: disabled (drawn so), which only the checkpoint can carry.
        live.execute(commandLine: #"{"command":"set","widget":"s","enabled":false}"#, at: 1)
        for minute in 0..<7 {
            run(until: Double(minute) * 60 + 5)
            drag(from: 90, to: 90 + 13.37 * Double(minute + 1))
            run(until: t + 3)
            live.execute(commandLine: #"{"command":"set","widget":"s","value":0.\#(minute + 2)1,"animated":true}"#, at: t)
            run(until: t + 2)
            live.deliver(.pointerMotion(x: 100, y: 100), at: t)
            live.deliver(.wheel(delta: 1.5), at: t)
        }
        live.deliver(.key("Tab", pressed: true), at: t)
        live.deliver(.key("Tab", pressed: false), at: t + 0.1)
        run(until: t + 40)   // quiet: the screen dims (an idle change, recorded as a line)
        #expect(live.screenState == .dim)
        let dump = try live.writeFlightDump(to: dir + "/dump.jsonl", reason: "test", at: t).get()
        #expect(dump.from > 300)   // the first minutes are gone; replay starts at a checkpoint

        let f = try #require(try FlightRecording.read(dump.text, file: "dump").get())
        #expect(f.atRest)
        let replay = try PanelController(panel: try PanelLoader(kinds: WidgetCatalog.kinds).parse(f.layout, file: "dump").get(), screenWidth: f.width, screenHeight: f.height)
        replay.overrideScreenTimers(dimAfter: .some(nil), offAfter: .some(nil))
        replay.restoreFlightState(f.state, at: 0)
        _ = try OffscreenSession(controller: replay, inputs: try InputScript.parse(f.script, file: "dump").get()).runToRest()
        let k1 = try #require(live.scene.widget(id: "k") as? KnobView), k2 = try #require(replay.scene.widget(id: "k") as? KnobView)
        #expect(k1.model.positionDegrees == k2.model.positionDegrees)
        #expect(WidgetValues.capture(live.scene.allWidgets) == WidgetValues.capture(replay.scene.allWidgets))
        #expect(replay.screenState == .dim)
        #expect(replay.scene.widget(id: "s")?.acceptsFocus == false)
        let d = try #require(try ImageComparison.compare(expected: live.physicalFrame(), actual: replay.physicalFrame(), tolerance: 0))
        #expect(d.differingPixels == 0)
    }

    /// Styles set long before the window (a tint, a hidden widget, a disabled one) reach the
    /// replay only through the checkpoint's state: the dump carries them, and the replayed
    /// frame equals the live one pixel for pixel.
    @Test func dumpCarriesTheStyles() throws {
        let dir = "/tmp/knob-flight-style-test-\(getpid())"
        mkdir(dir, 0o700)
        defer { unlink(dir + "/p.json"); unlink(dir + "/dump.jsonl"); rmdir(dir) }
        let text = """
        { "panel": "S", "size": [300, 200], "pages": [ { "id": "p", "widgets": [
          { "id": "k", "type": "knob", "frame": [0, 0, 150, 150], "mode": "continuous" },
          { "id": "t", "type": "toggle", "title": "Cool", "frame": [160, 10, 130, 50] },
          { "id": "s", "type": "slider", "frame": [160, 80, 130, 100] } ] } ] }
        """
        let fd = open(dir + "/p.json", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        _ = text.withCString { write(fd, $0, strlen($0)) }
        close(fd)
        let panel = try PanelLoader(kinds: WidgetCatalog.kinds).load(path: dir + "/p.json").get()
        let live = try PanelController(panel: panel, screenWidth: 300, screenHeight: 200)
        live.startFlightRecorder(FlightRecorder(limits: .init(seconds: 20, bytes: 1 << 20)), at: 0)
        var t = 0.0
        func run(until end: Double) { while t < end { t += 0.05; live.advance(to: t); live.renderFrame(at: t) } }
        live.execute(commandLine: ##"{"command":"style","widget":"k","tint":"#3478f6"}"##, at: 0.5)
        live.execute(commandLine: #"{"command":"style","widget":"t","enabled":false}"#, at: 0.5)
        live.execute(commandLine: #"{"command":"style","widget":"s","visible":false}"#, at: 0.5)
        // Lines every few seconds: the ring drops its oldest segments as new ones come.
        for i in 1...12 {
            run(until: Double(i) * 5)
            live.execute(commandLine: #"{"command":"set","widget":"k","position":\#(Double(i) * 3.3)}"#, at: t)
        }
        run(until: t + 2)
        let dump = try live.writeFlightDump(to: dir + "/dump.jsonl", reason: "test", at: t).get()
        #expect(dump.from > 1)   // the style commands are before the window
        #expect(!dump.text.contains(#""command":"style""#))
        let f = try #require(try FlightRecording.read(dump.text, file: "dump").get())
        #expect(f.state.styles == live.scene.styles)
        #expect(f.state.styles["k"]?.tint == "#3478f6" && f.state.styles["t"]?.enabled == false && f.state.styles["s"]?.visible == false)
        let replay = try PanelController(panel: try PanelLoader(kinds: WidgetCatalog.kinds).parse(f.layout, file: "dump").get(), screenWidth: f.width, screenHeight: f.height)
        replay.restoreFlightState(f.state, at: 0)
        _ = try OffscreenSession(controller: replay, inputs: try InputScript.parse(f.script, file: "dump").get()).runToRest()
        #expect(replay.scene.styles == live.scene.styles)
        #expect(WidgetValues.capture(live.scene.allWidgets) == WidgetValues.capture(replay.scene.allWidgets))
        let d = try #require(try ImageComparison.compare(expected: live.physicalFrame(), actual: replay.physicalFrame(), tolerance: 0))
        #expect(d.differingPixels == 0)
        // Without the styles, the replay would not look like the panel.
        var bare = f.state
        bare.styles = [:]
        let plain = try PanelController(panel: try PanelLoader(kinds: WidgetCatalog.kinds).parse(f.layout, file: "dump").get(), screenWidth: f.width, screenHeight: f.height)
        plain.restoreFlightState(bare, at: 0)
        _ = try OffscreenSession(controller: plain, inputs: try InputScript.parse(f.script, file: "dump").get()).runToRest()
        let e = try #require(try ImageComparison.compare(expected: live.physicalFrame(), actual: plain.physicalFrame(), tolerance: 0))
        #expect(e.differingPixels > 0)
    }
}
