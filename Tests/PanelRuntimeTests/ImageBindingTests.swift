import ControlWidgets
import Graphics
import PanelLayout
import PanelSystem
import Testing
@testable import PanelProtocol
@testable import PanelCore

/// An image widget bound to a topic (issue 27): the payload is the picture, bounded in size,
/// shown with `pictureChanged`, stale after `staleAfter` (placeholder, `stale` event, `get`
/// says so), damaged data as the placeholder with one reason; the frame's pixels checked.
@Suite struct ImageBindingTests {
    final class MQTTLike: CommandClient {
        var filter: EventFilter = .all
        var eventSource: String? { "mqtt" }
        func send(_ line: String) {}
        func reply(_ reply: Reply) {}
    }

    static let panelText = #"""
    {"panel":"p","size":[400,300],"pages":[{"id":"a","widgets":[
     {"id":"door","type":"image","frame":[40,30,320,240],"topic":"home/doorbell","staleAfter":300,"cornerRadius":0}]}]}
    """#

    static let doorbell = GoldenImageTests.repoRoot + "tests/fixtures/pictures/doorbell-320x240.jpg"

    func get(_ c: PanelController, _ id: String) -> String {
        var out = ""
        c.emit = { out = $0 }
        c.execute(commandLine: #"{"command":"get","widget":""# + id + #""}"#, at: 0)
        return out
    }

    @Test func aPictureFromATopicIsShownThenGoesStale() throws {
        let panel = try PanelLoader(kinds: WidgetCatalog.kinds).parse(Self.panelText, file: "p.json").get()
        let c = try PanelController(panel: panel, screenWidth: 400, screenHeight: 300)
        var lines: [String] = []
        c.emit = { lines.append($0) }
        c.advance(to: 0)
        #expect(c.boundTopics == ["home/doorbell"] && c.rawPayloadTopics == ["home/doorbell": ImageView.maxPayloadBytes])
        #expect(get(c, "door").contains(#""placeholder":true"#))
        let bytes = try Picture.read(path: Self.doorbell)
        c.emit = { lines.append($0) }
        #expect(c.receiveBound(topic: "home/doorbell", payload: bytes, at: 5, from: MQTTLike()).isEmpty)
        #expect(lines.contains { $0.contains(#""widget":"door","event":"pictureChanged","width":320,"height":240,"format":"jpeg","bytes":\#(bytes.count),"source":"mqtt""#) })
        #expect(get(c, "door").contains(#""width":320,"height":240,"format":"jpeg","placeholder":false"#))
        _ = c.renderFrame(at: 5)
        // The door (#d9822b, x 112…208 of 320, from y 48) at 1:1 inside the frame at (40, 30).
        let door = c.frame.pixel(x: 40 + 160, y: 30 + 150), wall = c.frame.pixel(x: 40 + 30, y: 30 + 30)
        #expect(abs(door.red - 0xd9 / 255.0) < 0.06 && abs(door.green - 0x82 / 255.0) < 0.06 && abs(door.blue - 0x2b / 255.0) < 0.06)
        #expect(abs(wall.red - 0x1f / 255.0) < 0.06 && abs(wall.blue - 0x5f / 255.0) < 0.06)
        #expect(c.nextWidgetChange(after: 5) == 305)
        c.emit = { lines.append($0) }
        c.advance(to: 305)
        #expect(lines.contains { $0.contains(#""widget":"door","event":"stale""#) })
        #expect(get(c, "door").contains(#""placeholder":true"#) && get(c, "door").contains(#""stale":true"#))
        _ = c.renderFrame(at: 305)
        let stale = c.frame.pixel(x: 40 + 160, y: 30 + 150)
        #expect(abs(stale.red - door.red) > 0.2)   // the placeholder, not the door
        // A fresh picture ends it.
        c.receiveBound(topic: "home/doorbell", payload: bytes, at: 306, from: MQTTLike())
        #expect(!get(c, "door").contains("stale") && get(c, "door").contains(#""placeholder":false"#))
    }

    @Test func damagedAndOversizedPayloadsAreRefusedWithAReason() throws {
        let panel = try PanelLoader(kinds: WidgetCatalog.kinds).parse(Self.panelText, file: "p.json").get()
        let c = try PanelController(panel: panel, screenWidth: 400, screenHeight: 300)
        c.advance(to: 0)
        var lines: [String] = []
        c.emit = { lines.append($0) }
        let bytes = try Picture.read(path: Self.doorbell)
        let cut = c.receiveBound(topic: "home/doorbell", payload: Array(bytes.prefix(700)), at: 1, from: MQTTLike())
        #expect(cut.count == 1 && cut[0].widget == "door")
        #expect(lines.contains { $0.contains(#""event":"pictureDamaged""#) })
        // The same again is the same run: no second note.
        #expect(c.receiveBound(topic: "home/doorbell", payload: Array(bytes.prefix(600)), at: 2, from: MQTTLike()).isEmpty)
        let big = [UInt8](repeating: 0, count: ImageView.maxPayloadBytes + 1)
        let over = c.receiveBound(topic: "home/doorbell", payload: big, at: 3, from: MQTTLike())
        #expect(over.count == 1 && over[0].reason == "payload of \(big.count) bytes is over \(ImageView.maxPayloadBytes)")
        #expect(get(c, "door").contains(#""placeholder":true"#))
    }
}
