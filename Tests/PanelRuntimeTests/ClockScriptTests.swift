import PanelCore
import PanelSystem
import PanelTesting
import Testing

/// A clock on the virtual clock: it paints at its minute and not between (zero wake-ups, as
/// the idle test checks for a panel at rest), and asks the loop to wake at the minute only.
@Suite struct ClockScriptTests {
    static let layout = """
    {"panel": "C", "size": [200, 100], "theme": {"font": "DejaVu Sans"}, "pages": [{"id": "p", "widgets": [
    {"id": "c", "type": "clock", "timeZone": "UTC", "frame": [0, 0, 200, 100]}]}]}
    """

    /// 07:30:50 at t = 0: the first frame at 0, the next at the minute (t = 10, 07:31) and
    /// none of the 599 vsyncs in between; the loop's next wake-up is then 70 (07:32).
    @Test func paintsAtTheMinuteOnly() throws {
        let rig = try ScenarioRig(layout: Self.layout, wallClock: WallClock(unixTimeAtZero: 1_796_110_250)) { _ in "" }
        try rig.run(until: 69.9)
        #expect(rig.frames.count == 2, "\(rig.frames)")
        #expect(rig.frames.first == 0)
        #expect(abs((rig.frames.last ?? 0) - 10) < 1e-9)
        #expect(!rig.controller.wantsFrame(at: 69.9))
        // The live loops ask before they advance: woken at the minute, a frame is wanted.
        #expect(rig.controller.wantsFrame(at: 70))
        #expect(abs((rig.controller.nextWidgetChange(after: 69.9) ?? 0) - 70) < 1e-6)
        rig.controller.execute(commandLine: #"{"command":"get","widget":"c"}"#, at: 69.9)
        #expect(rig.events.last?.contains(#""text":"07:31""#) == true, "\(rig.events)")
    }
}
