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

/// Everything that grows with time or with what others send is bounded (issue 24, section 2).
struct BoundedHistoryTests {
    /// A panel animating for an hour at 60 Hz: the history keeps its window, the count is exact.
    @Test func recentSamplesKeepTheirWindowAndCountEverything() {
        var r = RecentSamples(capacity: 4)
        #expect(r.isEmpty && r.values.isEmpty)
        for i in 1...3 { r.append(Double(i)) }
        #expect(r.values == [1, 2, 3] && r.count == 3)
        for i in 4...216_000 { r.append(Double(i)) }
        #expect(r.count == 216_000 && r.keptCount == 4)
        #expect(r.values == [215_997, 215_998, 215_999, 216_000])
    }

    @Test func headlessAndDisplayStatisticsUseTheWindow() {
        var s = DisplaySession.Statistics()
        for i in 0..<10_000 { s.flips.append(Double(i) / 60) }
        #expect(s.flips.count == 10_000 && s.flips.keptCount == s.flips.capacity)
        let (active, idle) = s.activeIntervals()
        #expect(active.count == s.flips.capacity - 1 && idle == 0)
    }

    func message(_ topic: String, _ payload: String, retain: Bool) -> MQTTOutbox.Message {
        .init(topic: topic, payload: Array(payload.utf8), retain: retain)
    }

    /// Only the latest state of a topic waits; events keep their order and the newest ones.
    @Test func theOutboxKeepsOneStatePerTopicAndTheNewestEvents() {
        var box = MQTTOutbox(maxEvents: 3)
        for i in 0..<100_000 { box.add(message("p/k/state", "{\"position\":\(i)}", retain: true)) }
        box.add(message("p/page/state", "{\"page\":\"a\"}", retain: true))
        for i in 0..<10 { box.add(message("p/events", "e\(i)", retain: false)) }
        #expect(box.count == 5 && box.superseded == 99_999 && box.droppedEvents == 7)
        var out: [String] = []
        while let m = box.next() { out.append(m.topic + " " + String(decoding: m.payload, as: UTF8.self)) }
        #expect(out == ["p/k/state {\"position\":99999}", "p/page/state {\"page\":\"a\"}", "p/events e7", "p/events e8", "p/events e9"])
        #expect(box.isEmpty && box.bytes == 0)
    }

    /// Consumed by index and compacted: a long mixed stream never holds more than its bound,
    /// and a state queued after its topic's previous one left is queued again.
    @Test func theOutboxStaysBoundedOverALongStream() {
        var box = MQTTOutbox(maxEvents: 8)
        var last: [String: String] = [:]
        var maxCount = 0
        func take() -> Bool {
            guard let m = box.next() else { return false }
            if m.retain { last[m.topic] = String(decoding: m.payload, as: UTF8.self) }
            return true
        }
        for i in 0..<50_000 {
            box.add(message("p/w\(i % 5)/state", "\(i)", retain: true))
            box.add(message("p/events", "\(i)", retain: false))
            if i % 3 == 0 { _ = take() }
            maxCount = Swift.max(maxCount, box.count)
        }
        #expect(maxCount <= 5 + 8)
        while take() {}
        // Whatever was superseded, each topic's final state is the last one queued.
        #expect(last["p/w4/state"] == "49999" && last["p/w0/state"] == "49995")
        box.add(message("p/x/state", "1", retain: true))
        box.removeAll()
        #expect(box.isEmpty && box.next() == nil && box.bytes == 0)
    }
}
