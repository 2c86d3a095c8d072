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

/// `run --record`: what the panel received, written as an input script, replays to the same
/// widget states and the same frame.
@Suite struct InputRecorderTests {
    /// Every live input type survives writing and reading back bit for bit: evdev positions
    /// are arbitrary doubles (v * width / 32768 through the letterbox), and a replay that
    /// rounded them to 6 decimals would turn a knob by a different angle.
    @Test func everyInputTypeRoundTrips() throws {
        let odd = 1.0 / 3.0 + 123.0   // 123.33333333333333: more digits than the event form keeps
        let events: [InputEvent] = [
            .touchDown(id: 0, x: odd, y: 0.1 + 0.2), .touchMotion(id: 3, x: -1e-7, y: 999_999.5),
            .touchUp(id: 0), .touchCancel(id: 3), .pointerMotion(x: 12, y: odd * 2),
            .button(.left, pressed: true), .button(.middle, pressed: false), .wheel(delta: -0.75),
            .key("PageDown", pressed: true), .key("Escape", pressed: false),
        ]
        for (i, e) in events.enumerated() {
            let t = Double(i) * 0.0166667 + 1.0 / 7.0
            let line = try #require(InputScriptLine.line(e, at: t))
            let back = try InputScript.parseLine(line, file: "r", line: 1).get()
            #expect(back == TimedInput(time: t, event: e), "\(line)")
        }
        #expect(InputScriptLine.line(.command(PanelCommand(.list)), at: 0) == nil)
        let c = InputScriptLine.line(command: "  {\"command\":\"set\",\"widget\":\"k\",\"position\":90} \r", at: 2)
        #expect(c == #"{"t":2,"type":"command","command":{"command":"set","widget":"k","position":90}}"#)
        #expect(throws: Never.self) { try InputScript.parseLine(c, file: "r", line: 1).get() }
    }

    /// A live session (inputs at irregular loop-turn times, frames at irregular times, a
    /// command line from a client, a `get` that changes nothing) recorded and replayed
    /// offscreen: the knob ends at the same position (exactly), the user events are the same
    /// lines, and the frames at rest are pixel-equal.
    @Test func recordingReplaysToTheSameStateAndFrame() throws {
        let panel = try PanelLoader(kinds: WidgetCatalog.kinds).parse("""
        { "panel": "R", "size": [300, 200], "pages": [ { "id": "p", "widgets": [
          { "id": "k", "type": "knob", "frame": [0, 0, 200, 200], "mode": "continuous" },
          { "id": "s", "type": "slider", "frame": [200, 0, 100, 200] } ] } ] }
        """, file: "r.json").get()
        let path = "/tmp/knob-record-test-\(getpid()).jsonl"
        defer { unlink(path) }
        let live = try PanelController(panel: panel, screenWidth: 300, screenHeight: 200)
        var liveEvents: [String] = []
        live.emit = { liveEvents.append($0) }
        let recorder = InputRecorder(file: try OutputFile(path: path, live: true), header: ["test"])
        live.recorder = recorder
        // A finger on the knob from 90° to 170.1°, 61.7 px out, at uneven times.
        var t = 0.2371
        func at(_ deg: Double) -> (Double, Double) {
            let r = deg * .pi / 180
            return (100 + 61.7 * cos(r) + 1.0 / 3.0, 100 - 61.7 * sin(r))
        }
        let (x0, y0) = at(90)
        live.deliver(.touchDown(id: 0, x: x0, y: y0), at: t)
        for step in 1...9 {
            t += 0.0113 * Double(step % 3 + 1)
            let (x, y) = at(90 + Double(step) * 8.9)
            live.deliver(.touchMotion(id: 0, x: x, y: y), at: t)
            live.advance(to: t + 0.003); live.renderFrame(at: t + 0.003)
        }
        live.deliver(.touchUp(id: 0), at: t + 0.05)
        live.execute(commandLine: #"{"command":"get","widget":"k"}"#, at: t + 0.1)
        live.execute(commandLine: #"{"command":"set","widget":"s","value":0.37,"animated":true}"#, at: t + 0.2)
        live.deliver(.wheel(delta: 2), at: t + 0.3)   // the pointer never moved: lands nowhere
        for i in 0..<200 { let f = t + 0.31 + Double(i) * 0.0137; live.advance(to: f); live.renderFrame(at: f) }
        try recorder.finish()
        #expect(recorder.linesWritten == 13)   // down, 9 moves, up, set, wheel (not the get)

        let text = String(decoding: readAll(path), as: UTF8.self)
        #expect(text.hasPrefix("# test\n"))
        let inputs = try InputScript.parse(text, file: path).get()
        let replay = try PanelController(panel: panel, screenWidth: 300, screenHeight: 200)
        var replayEvents: [String] = []
        replay.emit = { replayEvents.append($0) }
        _ = try OffscreenSession(controller: replay, inputs: inputs).runToRest()

        let k1 = try #require(live.scene.widget(id: "k") as? KnobView)
        let k2 = try #require(replay.scene.widget(id: "k") as? KnobView)
        #expect(k1.model.positionDegrees == k2.model.positionDegrees)
        #expect(abs(k1.model.positionDegrees - 80.1) < 1)   // followed the finger 9 × 8.9° = 80.1°
        let user = { (lines: [String]) in lines.filter { $0.contains("\"source\":\"user\"") || $0.contains("tracking") } }
        #expect(user(liveEvents) == user(replayEvents))
        #expect(user(liveEvents).count >= 10)
        let d = try #require(try ImageComparison.compare(expected: live.frame, actual: replay.frame, tolerance: 0))
        #expect(d.differingPixels == 0)
    }

    /// A turn's lines reach the file when the loop flushes them (after its frame is queued),
    /// not one write each while the input is handled; a flush with nothing new writes nothing.
    @Test func linesReachTheFileWhenTheTurnFlushes() throws {
        let path = "/tmp/knob-record-flush-\(getpid()).jsonl"
        defer { unlink(path) }
        let recorder = InputRecorder(file: try OutputFile(path: path, live: true), header: ["h"])
        #expect(readAll(path).count == 4)   // "# h\n": the header at once
        recorder.record(.touchDown(id: 0, x: 1, y: 2), at: 0.5)
        recorder.record(.touchUp(id: 0), at: 0.6)
        #expect(readAll(path).count == 4)
        recorder.flushPending()
        let text = String(decoding: readAll(path), as: UTF8.self)
        #expect(text.split(separator: "\n").count == 3, "\(text)")
        #expect(text.hasSuffix("\n") && text.contains("touch_up"))
        recorder.flushPending()
        #expect(readAll(path).count == text.utf8.count)
        try recorder.finish()
    }

    private func readAll(_ path: String) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        var out: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 65536)
        while true { let n = read(fd, &buf, buf.count); if n <= 0 { break }; out += buf[0..<n] }
        return out
    }
}
