#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Testing
@testable import PanelLayout
import ControlWidgets

/// Issue 6, item 3: every string, array and image has a limit, checked at the offending value
/// (docs/layout.md, "Limits"), so that what `check` accepts renders in bounded time and memory.
@Suite struct LimitTests {
    static func message(_ text: String) -> String {
        diagnostics(text).map(\.message).joined(separator: "\n")
    }

    static func knob(_ properties: String) -> String {
        fileWithWidget(#"{"id": "k", "type": "knob", "frame": [0, 0, 400, 400], "# + properties + "}")
    }

    static func quoted(_ s: String) -> String { "\"" + s + "\"" }

    /// At the limit loads; one past fails with the count.
    @Test func stringsAndArraysHaveLimits() {
        let titles = { (n: Int, length: Int) in "[" + Array(repeating: Self.quoted(String(repeating: "t", count: length)), count: n).joined(separator: ", ") + "]" }
        #expect(diagnostics(Self.knob(#""positions": 360, "titles": \#(titles(360, 64))"#)).isEmpty)
        #expect(Self.message(Self.knob(#""positions": 361"#)).contains("'positions': 361 is out of range: must be between 2 and 360"))
        #expect(Self.message(Self.knob(#""titles": \#(titles(361, 1))"#)).contains("'titles': expected at most 360 elements, found 361"))
        #expect(Self.message(Self.knob(#""titles": \#(titles(2, 65))"#)).contains("'titles'[0]: too long: 65 characters, at most 64"))
        // Characters are Unicode scalars, not bytes: 64 × '春' (192 bytes) is fine.
        #expect(diagnostics(Self.knob(#""titles": ["\#(String(repeating: "春", count: 64))"]"#)).isEmpty)
        #expect(Self.message(Self.knob(#""label": "\#(String(repeating: "x", count: 257))""#)).contains("'label': too long: 257 characters, at most 256"))
        let label = { (n: Int) in fileWithWidget(#"{"id": "l", "type": "label", "frame": [0, 0, 400, 400], "text": "\#(String(repeating: "é", count: n))"}"#) }
        #expect(diagnostics(label(4096)).isEmpty)
        #expect(Self.message(label(4097)).contains("'text': too long: 4097 characters, at most 4096"))
        #expect(Self.message(fileWithWidget(#"{"id": "\#(String(repeating: "i", count: 65))", "type": "label", "text": "", "frame": [0, 0, 1, 1]}"#))
            .contains("'id': too long: 65 characters, at most 64"))
        #expect(Self.message(#"{"panel": "\#(String(repeating: "p", count: 300))", "size": [10, 10], "pages": [{"id": "p"}]}"#)
            .contains("'panel': too long: 300 characters, at most 256"))
    }

    @Test func pagesAndWidgetsHaveLimits() {
        let pages = (0..<65).map { #"{"id": "p\#($0)"}"# }.joined(separator: ", ")
        #expect(Self.message(#"{"panel": "P", "size": [10, 10], "pages": [\#(pages)]}"#).contains("'pages': expected at most 64 elements, found 65"))
        let widgets = (0..<257).map { #"{"id": "w\#($0)", "type": "label", "text": "", "frame": [0, 0, 1, 1]}"# }.joined(separator: ", ")
        #expect(Self.message(#"{"panel": "P", "size": [10, 10], "pages": [{"id": "p", "widgets": [\#(widgets)]}]}"#)
            .contains("'widgets': expected at most 256 elements, found 257"))
        #expect(Self.message(#"{"panel": "P", "size": [4097, 10], "pages": [{"id": "p"}]}"#).contains("'size' width: 4097 is out of range: must be between 1 and 4096"))
    }

    /// Coverage: five full-design labels cover 5 × the design area (limit 4); four are fine.
    /// Titles: five knobs of 300 positions draw 1500 titles (limit 1440); four draw 1200.
    @Test func pagesHaveABudget() {
        func page(_ widgets: [String]) -> String {
            #"{"panel": "P", "size": [400, 400], "pages": [{"id": "p", "widgets": [\#(widgets.joined(separator: ", "))]}]}"#
        }
        let labels = (0..<5).map { #"{"id": "l\#($0)", "type": "label", "text": "x", "frame": [0, 0, 400, 400]}"# }
        #expect(diagnostics(page(Array(labels.prefix(4)))).isEmpty)
        #expect(Self.message(page(labels)).contains("'widgets': the widgets of page 'p' cover 5 times the design area; at most 4"))
        let knobs = (0..<5).map { #"{"id": "k\#($0)", "type": "knob", "frame": [\#($0 * 80), 0, 80, 80], "positions": 300}"# }
        #expect(diagnostics(page(Array(knobs.prefix(4)))).isEmpty)
        #expect(Self.message(page(knobs)).contains("'widgets': the knobs of page 'p' draw 1500 titles (their positions); at most 1440"))
    }

    /// Image files: the size comes from the PNG header (a few bytes can declare 20 000 ×
    /// 20 000 pixels); a file with only the signature is damaged; a decoder, when given,
    /// decodes the image fully.
    @Test func imagesHaveLimits() throws {
        var template = Array("/tmp/knob-limits.XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { Issue.record("mkdtemp"); return }
        let dir = String(cString: made)
        func write(_ name: String, _ bytes: [UInt8]) {
            let fd = open(dir + "/" + name, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        func header(_ w: UInt32, _ h: UInt32) -> [UInt8] {
            func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
            return signature + be(13) + Array("IHDR".utf8) + be(w) + be(h) + [8, 6, 0, 0, 0] + [0, 0, 0, 0]
        }
        write("huge.png", header(20_000, 20_000))
        write("signature.png", signature)
        write("small.png", header(16, 16))       // a valid header, but no image data
        func load(_ name: String, decoder: ((String) -> String?)? = nil) -> [String] {
            let text = Self.knob(#""image": "\#(name)""#)
            switch PanelLoader(kinds: WidgetCatalog.kinds).parse(text, file: "t.json", baseDirectory: dir, imageDecoder: decoder) {
            case .success: return []
            case .failure(let e): return e.diagnostics.map(\.message)
            }
        }
        #expect(load("huge.png").first == "'image': image 'huge.png' is 20000x20000 pixels; at most 4096x4096 (it is decoded whole into memory, 4 bytes a pixel)")
        #expect(load("signature.png").first == "'image': image file 'signature.png' is a truncated or damaged PNG (no image header)")
        #expect(load("small.png").isEmpty)
        var decoded: [String] = []
        #expect(load("small.png", decoder: { decoded.append($0); return "truncated" }).first
            == "'image': image file 'small.png' cannot be decoded: truncated")
        #expect(decoded == [dir + "/small.png"])
        for name in ["huge.png", "signature.png", "small.png"] { unlink(dir + "/" + name) }
        rmdir(dir)
    }

    /// The reader works on UTF-8 bytes: the same tree and positions from bytes as from a
    /// String, with BOM, CRLF, multi-byte characters and invalid UTF-8 (U+FFFD in strings).
    @Test func readerOnBytesMatchesText() throws {
        let text = "\u{FEFF}{\r\n \"é😀\": [1, \"a\u{1F600}b\"],\r\n\t\"k\": \"春\"}"
        let fromText = try JSONReader.parse(text).get()
        let fromBytes = try JSONReader.parse(bytes: Array(text.utf8)).get()
        #expect(fromText == fromBytes)
        #expect(fromBytes.member("k")?.keyLocation == PanelLayout.SourceLocation(line: 3, column: 2))
        #expect(fromBytes["k"]?.location == PanelLayout.SourceLocation(line: 3, column: 7))
        #expect(fromBytes["é😀"]?.arrayValue?[1].location == PanelLayout.SourceLocation(line: 2, column: 12))
        let invalid = try JSONReader.parse(bytes: Array("[\"a".utf8) + [0xFF, 0xC3] + Array("b\", 1]".utf8)).get()
        #expect(invalid.arrayValue?[0].stringValue == "a\u{FFFD}\u{FFFD}b")
        #expect(invalid.arrayValue?[1].location.column == 10)   // each bad byte is one column (U+FFFD)
        guard case .failure(let e) = JSONReader.parse(bytes: Array("[1, é]".utf8)) else { Issue.record("accepted"); return }
        #expect(e.description == "1:5: expected a value, found U+00E9")
    }
}
