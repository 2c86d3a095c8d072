import ControlWidgets
import Graphics
import PanelLayout
import PanelLoop
import PanelSystem
import Testing
@testable import PanelProtocol
@testable import PanelCore

/// Pictures from topics are decoded off the loop's thread (issue 27): per widget only the
/// newest picture counts. What the decoding thread happens to be doing when a newer picture
/// comes (still waiting, or decoding) changes nothing that is observable: the superseded
/// pictures never reach their widget, the newest always does, once.
@Suite struct PictureWorkerTests {
    static let pictures = GoldenImageTests.repoRoot + "tests/fixtures/pictures/"
    static func bytes(_ name: String) throws -> [UInt8] { try Picture.read(path: pictures + name) }
    static func job(_ name: String) throws -> PictureDecode {
        let b = try bytes(name)
        return PictureDecode(bytes: b, header: try Picture.header(b), minimum: (Int.max, Int.max))
    }

    @Test func aNewerItemReplacesTheOneWaitingForItsKey() {
        var q = NewestPerKey<String, Int>()
        #expect(q.put(1, for: "door") == nil && q.put(10, for: "garden") == nil)
        #expect(q.put(2, for: "door") == 1 && q.put(3, for: "door") == 2)
        #expect(q.count == 2 && q.contains("door"))
        // Keys in the order they first waited; each with its newest item only.
        #expect(q.take()! == ("door", 3) && q.take()! == ("garden", 10) && q.take() == nil)
        q.put(4, for: "garden"); q.put(5, for: "door")
        #expect(q.takeAll().map(\.item) == [4, 5] && q.isEmpty)
    }

    final class Key {}

    @Test func onlyTheNewestPictureOfAKeyIsDelivered() throws {
        let worker = PictureWorker()
        let key = Key(), other = Key()
        var seen: [(String, Int, Int)] = []
        func done(_ name: String) -> (DecodedPicture, Double) -> Void {
            { picture, _ in
                if case .success(let s) = picture.result { seen.append((name, s.width, s.height)) } else { seen.append((name, 0, 0)) }
            }
        }
        // Three pictures for one widget before the loop looks, one for another.
        worker.submit(try Self.job("quadrants-64x48.jpg"), for: ObjectIdentifier(key), at: 0, completion: done("first"))
        worker.submit(try Self.job("grey-40x30.jpg"), for: ObjectIdentifier(key), at: 0, completion: done("second"))
        worker.submit(try Self.job("doorbell-320x240.jpg"), for: ObjectIdentifier(key), at: 0, completion: done("third"))
        worker.submit(try Self.job("grey-40x30.jpg"), for: ObjectIdentifier(other), at: 0, completion: done("other"))
        #expect(worker.pending == 2 && worker.superseded == 2)
        worker.drain(seconds: 20, at: 1)
        #expect(worker.pending == 0 && worker.delivered == 2)
        #expect(seen.count == 2 && seen.contains { $0 == ("third", 320, 240) } && seen.contains { $0 == ("other", 40, 30) })
    }

    static let panelText = ImageBindingTests.panelText
    final class Notes { var lines: [String] = [] }

    @Test func aPictureIsShownWhenItsDecodeIsDoneAndTheNewestWins() throws {
        let panel = try PanelLoader(kinds: WidgetCatalog.kinds).parse(Self.panelText, file: "p.json").get()
        let c = try PanelController(panel: panel, screenWidth: 400, screenHeight: 300)
        let worker = PictureWorker()
        c.pictureWorker = worker
        var lines: [String] = []
        c.emit = { lines.append($0) }
        c.advance(to: 0)
        let mqtt = ImageBindingTests.MQTTLike()
        // Three payloads in a row: nothing is decoded on this thread, nothing shown yet.
        for name in ["quadrants-64x48.jpg", "grey-40x30.jpg", "doorbell-320x240.jpg"] {
            #expect(c.receiveBound(topic: "home/doorbell", payload: try Self.bytes(name), at: 1, from: mqtt).isEmpty)
        }
        #expect(!lines.contains { $0.contains("pictureChanged") })
        #expect(ImageBindingTests().get(c, "door").contains(#""placeholder":true"#))
        c.emit = { lines.append($0) }
        worker.drain(seconds: 20, at: 2)
        // One pictureChanged, the newest's, at the time it was shown.
        let changed = lines.filter { $0.contains("pictureChanged") }
        #expect(changed.count == 1 && changed[0].contains(#""t":2,"#) && changed[0].contains(#""width":320,"height":240"#))
        #expect(worker.superseded == 2)
        #expect(ImageBindingTests().get(c, "door").contains(#""width":320,"height":240,"format":"jpeg","placeholder":false"#))
        _ = c.renderFrame(at: 2)
        let door = c.frame.pixel(x: 40 + 160, y: 30 + 150)
        #expect(abs(door.red - 0xd9 / 255.0) < 0.06 && abs(door.green - 0x82 / 255.0) < 0.06)
    }

    @Test func aDecodeThatFailsLaterIsNotedOnceWithItsTopic() throws {
        let panel = try PanelLoader(kinds: WidgetCatalog.kinds).parse(Self.panelText, file: "p.json").get()
        let c = try PanelController(panel: panel, screenWidth: 400, screenHeight: 300)
        let worker = PictureWorker()
        c.pictureWorker = worker
        let notes = Notes()
        c.onLatePayloadNote = { topic, widget, why in notes.lines.append("\(topic) \(widget) \(why)") }
        var lines: [String] = []
        c.emit = { lines.append($0) }
        c.advance(to: 0)
        // The header reads (so it goes to the worker); the data ends a quarter before its end.
        let whole = try Self.bytes("doorbell-320x240.jpg")
        let cut = Array(whole.prefix(whole.count * 3 / 4))
        #expect(c.receiveBound(topic: "home/doorbell", payload: cut, at: 1, from: ImageBindingTests.MQTTLike()).isEmpty)
        worker.drain(seconds: 20, at: 1.5)
        #expect(notes.lines.count == 1 && notes.lines[0].hasPrefix("home/doorbell door "))
        #expect(lines.filter { $0.contains("pictureDamaged") }.count == 1)
        // The same run of damage: no second note or event.
        c.receiveBound(topic: "home/doorbell", payload: Array(whole.prefix(whole.count * 2 / 3)), at: 2, from: ImageBindingTests.MQTTLike())
        worker.drain(seconds: 20, at: 2.5)
        #expect(notes.lines.count == 1 && lines.filter { $0.contains("pictureDamaged") }.count == 1)
        #expect(ImageBindingTests().get(c, "door").contains(#""placeholder":true"#))
    }
}
