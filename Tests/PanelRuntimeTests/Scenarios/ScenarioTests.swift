import Glibc
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

/// Every file in tests/scenarios, played in process on the virtual clock: its events must come
/// in order (the subset rule of ScenarioMatch), its `absent` patterns never, and the frame must
/// equal its golden within the tolerance. tests/cli/scenarios.py plays the same files through
/// the release binary. KNOB_UPDATE_GOLDEN=1 rewrites the goldens (look at them before committing).
@Suite struct ScenarioTests {
    static let scenarios: [Scenario] = (try? Scenario.all()) ?? []

    @Test func theScenarioFolderLoads() throws {
        let all = try Scenario.all()
        #expect(all.count == Self.scenarios.count && !all.isEmpty)
    }

    @Test(arguments: scenarios)
    func scenario(_ s: Scenario) throws {
        let rig = try ScenarioRig(layout: s.layout, file: s.layoutFile, screen: s.screen, script: s.script)
        if let until = s.until { try rig.run(until: until) } else { try rig.runToRest() }
        if let missing = ScenarioMatch.firstMissing(s.events, in: rig.events) {
            let printed = rig.events.joined(separator: "\n")
            Issue.record("\(s.name): expected event \(missing + 1) \(ScenarioJSON.text(s.events[missing])) not found in order among:\n\(printed)")
        }
        for pattern in s.absent {
            let found = ScenarioMatch.present(pattern, in: rig.events)
            #expect(found.isEmpty, "\(s.name): \(ScenarioJSON.text(pattern)) must not appear: \(found)")
        }
        guard let golden = s.golden else { return }
        let frame = try rig.screenFrame()
        if getenv("KNOB_UPDATE_GOLDEN") != nil || !ScenarioFiles.exists(golden.png) {
            try frame.writePNG(to: golden.png)
            Issue.record("\(s.name): wrote \(golden.png); look at it and run again")
            return
        }
        let expected = try ImageSurface(pngPath: golden.png)
        let d = try ImageComparison.compare(expected: expected, actual: frame, tolerance: golden.tolerance, makeDiffImage: true)
        guard let d else {
            Issue.record("\(s.name): the frame is \(frame.width)×\(frame.height), the golden \(expected.width)×\(expected.height)")
            return
        }
        if d.differingPixels > golden.maxPixels {
            try frame.writePNG(to: golden.png + "-actual.png")
            try d.diffImage?.writePNG(to: golden.png + "-diff.png")
        }
        #expect(d.differingPixels <= golden.maxPixels,
                "\(s.name): \(d.differingPixels) pixels differ by more than \(golden.tolerance) (max delta \(d.maxChannelDelta)); see \(golden.png)-actual.png")
    }

    /// The subset rule itself: named keys must match, others are free; nested objects and
    /// arrays follow it; order matters across events, not within one.
    @Test func theSubsetRule() throws {
        func node(_ t: String) throws -> JSONNode { try JSONReader.parse(t).get() }
        let line = #"{"t":0.5,"widget":"k","event":"valueChanged","position":30,"data":{"a":1,"b":[1,2]}}"#
        #expect(ScenarioMatch.matches(try node(#"{"event":"valueChanged","position":30}"#), try node(line)))
        #expect(ScenarioMatch.matches(try node(#"{"data":{"b":[1,2]}}"#), try node(line)))
        #expect(!ScenarioMatch.matches(try node(#"{"position":31}"#), try node(line)))
        #expect(!ScenarioMatch.matches(try node(#"{"data":{"b":[1]}}"#), try node(line)))
        #expect(!ScenarioMatch.matches(try node(#"{"missing":null}"#), try node(line)))
        #expect(!ScenarioMatch.matches(try node(#"{"position":true}"#), try node(line)))
        let lines = [#"{"event":"a"}"#, #"{"event":"b"}"#]
        #expect(ScenarioMatch.firstMissing([try node(#"{"event":"a"}"#), try node(#"{"event":"b"}"#)], in: lines) == nil)
        #expect(ScenarioMatch.firstMissing([try node(#"{"event":"b"}"#), try node(#"{"event":"a"}"#)], in: lines) == 1)
    }
}
