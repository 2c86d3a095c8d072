import ControlWidgets
import Foundation
import Graphics
import PanelLayout
import Testing
@testable import PanelProtocol
@testable import PanelCore
@testable import PanelHost

/// panels/charts.json against a reference PNG (KNOB_UPDATE_GOLDEN=1 rewrites it): a day of
/// two series with a threshold, a bar chart, a sparkline and bound labels fed as MQTT would,
/// the humidity never refreshed (stale: greyed, "—"), the heating toggle tapped and waiting
/// for its echo (the amber ring).
@Suite struct ChartGoldenTests {
    final class MQTTLike: CommandClient {
        var filter: EventFilter = .all
        var eventSource: String? { "mqtt" }
        func send(_ line: String) {}
        func reply(_ reply: Reply) {}
    }

    @Test func chartsAt800x480() throws {
        let panel = try PanelLoader(kinds: WidgetCatalog.kinds).load(path: GoldenImageTests.repoRoot + "panels/charts.json").get()
        let c = try PanelController(panel: panel, screenWidth: 800, screenHeight: 480)
        c.advance(to: 0)
        // A day of points a minute: inside 19…23 °C over the day, outside 4…14 °C.
        for i in 0..<1440 {
            let t = Double(i * 60), phase = Double(i) / 1440 * 2 * Double.pi
            c.execute(commandLine: #"{"command":"append","widget":"day","series":"inside","value":\#(21 + 2 * sin(phase - 1)),"t":\#(t)}"#, at: 0)
            c.execute(commandLine: #"{"command":"append","widget":"day","series":"outside","value":\#(9 + 5 * sin(phase - 2)),"t":\#(t)}"#, at: 0)
        }
        for i in 0..<12 {
            c.execute(commandLine: #"{"command":"append","widget":"energy","value":\#(Double((i * 7) % 11) / 4 + 0.5),"t":\#(Double(i * 3600))}"#, at: 0)
        }
        // The sparkline's hour before the bound values below (t before the panel's start is fine).
        for i in 0..<54 {
            c.execute(commandLine: #"{"command":"append","widget":"trend","value":\#(21 + Double(i % 9) / 6),"t":\#(Double(i * 60 - 2700))}"#, at: 0)
        }
        #expect(c.scene.widget(id: "day")?.snapshot()?["count"] == .integer(2880))
        let mqtt = MQTTLike()
        for i in 0..<60 {
            c.receiveBound(topic: "home/living/temperature", payload: Array(String(21 + Double(i % 20) / 10).utf8), at: 540 + Double(i), from: mqtt)
        }
        c.receiveBound(topic: "home/heating/state", payload: Array("off".utf8), at: 598, from: mqtt)
        c.receiveBound(topic: "home/living/window", payload: Array("blinking".utf8), at: 598, from: mqtt)
        c.deliver(.touchDown(id: 0, x: 650, y: 356), at: 599)
        c.deliver(.touchUp(id: 0), at: 599.05)
        c.advance(to: 601)
        #expect(c.scene.bindings.look("humidity") == .stale && c.scene.bindings.look("temperature") == .normal)
        #expect(c.scene.bindings.look("heating") == .pending)
        c.invalidateAll()
        c.renderFrame(at: 601)
        try GoldenImageTests.compare(c.frame, name: "charts-800x480")
    }
}
