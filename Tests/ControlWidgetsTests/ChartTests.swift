import Testing
import Graphics
import PanelLayout
@testable import ControlWidgets

/// The chart's bounds (issue 27): at most `points` a series, nothing older than `window`
/// before the latest point, late points in their place, the state file's history round trip.
@Suite struct ChartTests {
    @Test func pointsAreBoundedByCountAndWindow() {
        var m = ChartModel(names: ["a"], maxPoints: 5, window: 100)
        for i in 0..<8 { m.append(Double(i), at: Double(i), series: 0) }
        #expect(m.count == 5 && m.series[0].map(\.v) == [3, 4, 5, 6, 7])   // the oldest went first
        m.append(50, at: 150, series: 0)                                   // the window now starts at 50
        #expect(m.series[0].map(\.t) == [150] && m.now == 150)
        let old = m.append(1, at: 40, series: 0)
        #expect(!old)                                                      // older than the window: dropped
        #expect(m.count == 1)
        let late = m.append(2, at: 120, series: 0)
        #expect(late)                                                      // late but inside: in its place
        #expect(m.series[0].map(\.t) == [120, 150])
        let nan = m.append(.nan, at: 160, series: 0), noSeries = m.append(1, at: 160, series: 3)
        #expect(!nan && !noSeries)
    }

    @Test func historyRoundTripsAsAges() {
        var m = ChartModel(names: ["a", "b"], maxPoints: 10, window: 1000)
        m.append(21.5, at: 10, series: 0); m.append(22, at: 40, series: 0); m.append(-3.25, at: 30, series: 1)
        #expect(m.history == "30:21.5,0:22;10:-3.25")
        var restored = ChartModel(names: ["a", "b"], maxPoints: 10, window: 1000)
        let ok = restored.restore(history: m.history, at: 500)
        #expect(ok)
        #expect(restored.series[0] == [.init(t: 470, v: 21.5), .init(t: 500, v: 22)] && restored.series[1] == [.init(t: 490, v: -3.25)])
        let bad1 = restored.restore(history: "x:1", at: 0), bad2 = restored.restore(history: "1:2;3:4;5:6", at: 0)
        #expect(!bad1 && !bad2)
        #expect(restored.count == 3)   // a bad history changes nothing
    }

    static let spec = WidgetSpec(id: "c", type: "chart", frame: LayoutRect(x: 0, y: 0, width: 400, height: 200),
                                 properties: ["series": .array([.string("in"), .string("out")]), "points": .number(3)])

    @Test func appendAndGet() throws {
        let view = try #require(ChartDescriptor.view(try WidgetCatalog.makeView(Self.spec, theme: Theme())))
        let e = try view.apply(WidgetCommand("append", ["value": .number(21.4)]), at: 5)
        #expect(e.first?["count"] == .integer(1) && e.first?["series"] == .string("in"))
        _ = try view.apply(WidgetCommand("append", ["value": .number(3), "series": .string("out"), "t": .number(4)]), at: 5)
        #expect(view.snapshot()?.fields == [EventField("count", .integer(2)), EventField("value", .number(21.4))])
        #expect(throws: WidgetCommandError.self) { try view.apply(WidgetCommand("append", ["value": .number(1), "series": .string("x")]), at: 5) }
        #expect(throws: WidgetCommandError.self) { try view.apply(WidgetCommand("append", [:]), at: 5) }
        // A bound value is a point (the descriptor's bare value).
        let bare = WidgetCatalog.bareSet(BarePayload(text: "7", number: 7, shown: "7"), on: view)
        #expect(try bare.get() == BareSet("append", [EventField("value", .number(7))]))
        #expect(view.savedSnapshot()?["history"] == .string("0:21.4;1:3"))
    }
}
