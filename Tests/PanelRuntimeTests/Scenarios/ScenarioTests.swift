import PanelLayout
import PanelTesting
import Testing

extension Scenario: CustomTestStringConvertible {
    public var testDescription: String { name }
}

/// Every file in tests/scenarios, played in process on the virtual clock by PanelTesting's
/// `Scenario.play`: its events must come in order (the subset rule of ScenarioMatch), its
/// `absent` patterns never, and the frame must equal its golden within the tolerance.
/// tests/cli/scenarios.py plays the same files through the release binary.
/// KNOB_UPDATE_GOLDEN=1 rewrites the goldens (look at them before committing).
@Suite struct ScenarioTests {
    static let scenarios: [Scenario] = (try? Scenario.all()) ?? []

    @Test func theScenarioFolderLoads() throws {
        let all = try Scenario.all()
        #expect(all.count == Self.scenarios.count && !all.isEmpty)
    }

    @Test(arguments: scenarios)
    func scenario(_ s: Scenario) throws {
        for failure in try s.play() { Issue.record(Comment(rawValue: failure)) }
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
