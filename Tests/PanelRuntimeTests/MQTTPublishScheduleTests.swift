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

/// When the MQTT bridge's retained messages go out (issue 23), on an injected clock: a drag
/// at 60 frames a second sent 60 state messages a second to Home Assistant's recorder, and
/// a removed widget's empty state reached Home Assistant before its entity had gone.
@Suite struct MQTTPublishScheduleTests {
    /// One drag: a change every 1/60 s for a second, with a finger on the widget. Every
    /// change is offered; what goes out is what `offer` allows plus what `due` hands back
    /// when the loop wakes at the schedule's deadline, as the bridge does it.
    @Test func aDragSendsAtMostTenStatesASecond() {
        var s = MQTTPublishSchedule()
        var sent: [(t: Double, payload: String)] = []
        for frame in 0...60 {
            let t = 1 + Double(frame) / 60
            while let d = s.deadline, d <= t {
                for held in s.due(at: d).states { sent.append((d, held.payload)); s.sent(held.topic, at: d) }
            }
            if s.offer("p/knob/state", "v\(frame)", at: t, tracking: true) { sent.append((t, "v\(frame)")); s.sent("p/knob/state", at: t) }
        }
        // 61 changes over 1 s: the first at once, then one each 0.1 s (1.1, 1.2, … 2.0,
        // the last maybe a frame late where 1 + k/60 and 1 + k·0.1 round apart).
        #expect((10...11).contains(sent.count))
        #expect(sent.first?.payload == "v0")
        let gaps = zip(sent.dropFirst(), sent).map { $0.t - $1.t }
        #expect(gaps.allSatisfy { $0 >= MQTTPublishSchedule.trackingInterval - 1e-9 })
        // The last change was held; the finger lifts at 2.01: the bridge sends the state as it
        // is then, not held (tracking false), at once.
        #expect(s.deadline != nil)
        let lifted = s.offer("p/knob/state", "v60", at: 2.01, tracking: false)
        #expect(lifted)
        #expect(s.deadline == nil)
    }

    @Test func aHeldStateIsReplacedByALaterOneAndGoesOutAtItsSlot() {
        var s = MQTTPublishSchedule()
        let first = s.offer("a", "1", at: 10, tracking: true); s.sent("a", at: 10)
        let second = s.offer("a", "2", at: 10.02, tracking: true)
        let third = s.offer("a", "3", at: 10.05, tracking: true)
        #expect(first && !second && !third)
        #expect(s.deadline == 10.1)
        let early = s.due(at: 10.09).states
        #expect(early.isEmpty)
        let due = s.due(at: 10.1).states
        #expect(due.map(\.payload) == ["3"])
        #expect(s.deadline == nil)
        // Widgets are paced each on their own.
        let other = s.offer("b", "1", at: 10.1, tracking: true)
        #expect(other)
    }

    @Test func changesWithoutAFingerGoAtOnce() {
        var s = MQTTPublishSchedule()
        for i in 0..<5 {
            let now = s.offer("a", "\(i)", at: 1 + Double(i) * 0.001, tracking: false)
            #expect(now)
            s.sent("a", at: 1 + Double(i) * 0.001)
        }
        #expect(s.deadline == nil)
    }

    @Test func aRemovedWidgetsStateIsClearedAfterItsConfig() {
        var s = MQTTPublishSchedule()
        s.clearLater("p/gone/state", at: 5)
        s.clearLater("p/gone/state", at: 6)   // asked again: the first time stands
        #expect(s.deadline == 5 + MQTTPublishSchedule.clearDelay)
        let early = s.due(at: 6.9).clears, due = s.due(at: 7).clears
        #expect(early.isEmpty && due == ["p/gone/state"])
        #expect(s.deadline == nil)
        // A widget back before the delay is over keeps its state.
        s.clearLater("p/back/state", at: 8)
        s.cancelClear("p/back/state")
        let later = s.due(at: 100).clears
        #expect(s.deadline == nil && later.isEmpty)
    }
}
