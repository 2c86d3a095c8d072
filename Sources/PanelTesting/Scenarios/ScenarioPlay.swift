import PanelLayout
import PanelSystem

extension Scenario {
    /// Plays the scenario in process, as `knob-panel render` would, and checks it: its events
    /// in order (the subset rule), its `absent` patterns never, its frame against the golden.
    /// Returns one sentence per failure, empty when it passed (tests/cli/scenarios.py is the
    /// same check through the release binary).
    package func play() throws -> [String] {
        let rig = try ScenarioRig(layout: layout, file: layoutFile, screen: screen,
                                  wallClock: wallTime.map { WallClock(unixTimeAtZero: $0.unixTime) } ?? .startingNow()) { _ in script }
        if let until { try rig.run(until: until) } else { try rig.runToRest() }
        var failures: [String] = []
        if let missing = ScenarioMatch.firstMissing(events, in: rig.events) {
            failures.append("\(name): expected event \(missing + 1) \(ScenarioJSON.text(events[missing])) not found in order among:\n"
                            + rig.events.joined(separator: "\n"))
        }
        for pattern in absent {
            let found = ScenarioMatch.present(pattern, in: rig.events)
            if !found.isEmpty { failures.append("\(name): \(ScenarioJSON.text(pattern)) must not appear: \(found)") }
        }
        if let golden {
            failures += try Golden.check(try rig.screenFrame(), against: golden.png, tolerance: golden.tolerance, maxPixels: golden.maxPixels)
                .map { "\(name): \($0)" }
        }
        return failures
    }
}
