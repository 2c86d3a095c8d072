import Foundation
import Testing
import PanelLayout
import ControlWidgets

/// The image widget's keys in `check` (issue 27): `src` must be a readable PNG or JPEG within
/// 4096 × 4096 (from its header), one source, a topic without wildcards, `staleAfter` only
/// with a topic; every error at its value's line and column.
@Suite struct ImageCheckTests {
    static let fixtures = String(#filePath.dropLast("Tests/PanelLayoutTests/ImageCheckTests.swift".count)) + "tests/fixtures/pictures"

    func check(_ widget: String, in dir: String = ImageCheckTests.fixtures) -> [LayoutDiagnostic] {
        diagnostics(fileWithWidget(widget), file: "p.json", baseDirectory: dir)
    }

    @Test func aJPEGAndATopicAreAccepted() {
        #expect(check(#"{"id": "i", "type": "image", "frame": [0, 0, 100, 80], "src": "doorbell-320x240.jpg", "fit": "cover"}"#).isEmpty)
        #expect(check(#"{"id": "i", "type": "image", "frame": [0, 0, 100, 80], "topic": "home/doorbell", "staleAfter": 600, "placeholder": ""}"#).isEmpty)
    }

    @Test func positionedErrors() throws {
        let missing = check(#"{"id": "i", "type": "image", "frame": [0, 0, 100, 80], "src": "gone.jpg"}"#)
        #expect(missing.count == 1 && missing[0].location.line == 3 && missing[0].location.column == 63)
        #expect(missing[0].message.hasPrefix("'src': cannot read image file 'gone.jpg'"))
        // A file of the wrong type: C source is not a picture.
        let wrong = check(#"{"id": "i", "type": "image", "frame": [0, 0, 100, 80], "src": "make-pictures.c"}"#)
        #expect(wrong.count == 1 && wrong[0].location.column == 63)
        #expect(wrong[0].message == "'src': image file 'make-pictures.c' is not a PNG or a JPEG (images must be PNG or JPEG files)")
        let none = check(#"{"id": "i", "type": "image", "frame": [0, 0, 100, 80]}"#)
        #expect(none.count == 1 && none[0].message.contains("src") && none[0].message.contains("topic"))
        let both = check(#"{"id": "i", "type": "image", "frame": [0, 0, 100, 80], "src": "grey-40x30.jpg", "topic": "a/b"}"#)
        #expect(both.count == 1 && both[0].location.column == 90 && both[0].message.contains("not both"))
        let wildcard = check(#"{"id": "i", "type": "image", "frame": [0, 0, 100, 80], "topic": "cams/+/snapshot"}"#)
        #expect(wildcard.count == 1 && wildcard[0].message.contains("wildcard"))
        let stale = check(#"{"id": "i", "type": "image", "frame": [0, 0, 100, 80], "src": "grey-40x30.jpg", "staleAfter": 60}"#)
        #expect(stale.count == 1 && stale[0].message.contains("needs a 'topic'"))
        let fit = check(#"{"id": "i", "type": "image", "frame": [0, 0, 100, 80], "topic": "a/b", "fit": "stretch"}"#)
        #expect(fit.count == 1 && fit[0].message.contains("expected one of: contain, cover"))
        let bind = check(#"{"id": "i", "type": "image", "frame": [0, 0, 100, 80], "topic": "a/b", "bind": {"topic": "c"}}"#)
        #expect(bind.count == 1 && bind[0].message.contains("'bind'"))
    }

    /// A 30-byte JPEG declaring 20 000 × 20 000 is refused from its header, at the value.
    @Test func oversizedPicturesAreRefusedFromTheirHeader() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("image-check-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x4E, 0x20, 0x4E, 0x20, 0x03] + [UInt8](repeating: 0, count: 9)
        try Data(jpeg).write(to: dir.appendingPathComponent("huge.jpg"))
        let huge = check(#"{"id": "i", "type": "image", "frame": [0, 0, 100, 80], "src": "huge.jpg"}"#, in: dir.path)
        #expect(huge.count == 1 && huge[0].location.column == 63)
        #expect(huge[0].message.contains("is 20000x20000 pixels; at most 4096x4096"))
    }
}
