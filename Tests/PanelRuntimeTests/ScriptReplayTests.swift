import ControlWidgets
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

/// Replaying scripts: every input is delivered exactly once, in order, however the virtual
/// time is split into `run(until:)` calls (the session consumes its inputs by index since a
/// per-frame `removeFirst` made long replays quadratic: 100 k lines 6 s, 1 M > 600 s).
@Suite struct ScriptReplayTests {
    /// Wheel detents on a continuous knob: 5° each (KnobModel.wheelStepAngle), so the
    /// position counts delivered detents. 600 lines, 10 per 1/60 s frame (t = i/600), played
    /// in three `run(until:)` calls: 600 × 5° = 3000° turns, normalized to
    /// 3000 − 8·360 = 120°; 600 valueChanged lines with strictly increasing times.
    @Test func everyInputIsDeliveredOnceAcrossRunCalls() throws {
        let panel = try PanelLoader(kinds: WidgetCatalog.kinds).parse("""
        { "panel": "R", "size": [200, 200], "pages": [ { "id": "p", "widgets": [
          { "id": "k", "type": "knob", "frame": [0, 0, 200, 200], "mode": "continuous" } ] } ] }
        """, file: "r.json").get()
        let controller = try PanelController(panel: panel, screenWidth: 200, screenHeight: 200)
        var times: [Double] = []
        controller.emit = { line in
            if case .success(let node) = JSONReader.parse(line), let t = node["t"]?.numberValue { times.append(t) }
        }
        var script = #"{"t":0,"type":"pointer_motion","x":100,"y":100}"# + "\n"
        for i in 1...600 { script += #"{"t":\#(Double(i) / 600),"type":"wheel","delta":1}"# + "\n" }
        let inputs = try InputScript.parse(script, file: "r.jsonl").get()
        #expect(inputs.count == 601)
        let session = OffscreenSession(controller: controller, inputs: inputs)
        try session.run(until: 0.25)
        try session.run(until: 0.5)
        try session.run(until: 2)
        let knob = try #require(controller.scene.widget(id: "k") as? KnobView)
        #expect(abs(knob.model.positionDegrees - 120) < 1e-6)
        #expect(times.count == 600)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
    }

    /// The byte-wise line splitter keeps CRLF, comments, blank lines and line numbers.
    @Test func linesSplitOnBytesKeepTheirNumbers() {
        let text = "# c\r\n\r\n{\"t\":0,\"type\":\"wheel\",\"delta\":1}\r\n{\"t\":0.1,\"type\":\"wheel\",\"delta\":\"x\"}\n"
        guard case .failure(let e) = InputScript.parse(text, file: "s") else { Issue.record("expected an error"); return }
        #expect(e.errors.count == 1)
        #expect(e.errors[0].line == 4)
        #expect((try? InputScript.parse("", file: "s").get())?.isEmpty == true)
    }
}
