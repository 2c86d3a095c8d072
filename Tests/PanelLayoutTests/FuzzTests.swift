import Testing
@testable import PanelLayout
import ControlWidgets

/// SplitMix64: a small deterministic generator so failures reproduce.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Checks the loader's contract on any input: it returns, and every diagnostic points
/// inside the text (line ≤ number of lines, columns ≥ 1).
private func checkContract(_ bytes: [UInt8]) -> Bool {
    let text = String(decoding: bytes, as: UTF8.self)
    let lineCount = text.unicodeScalars.reduce(1) { $0 + ($1 == "\n" ? 1 : 0) } + text.unicodeScalars.reduce(0) { $0 + ($1 == "\r" ? 1 : 0) }
    switch PanelLoader(kinds: WidgetCatalog.kinds).parse(text, file: "fuzz.json", baseDirectory: "/nonexistent") {
    case .success:
        return true
    case .failure(let errors):
        #expect(!errors.diagnostics.isEmpty)
        return errors.diagnostics.allSatisfy {
            $0.location.line >= 1 && $0.location.line <= lineCount && $0.location.column >= 1 && !$0.description.contains("\n")
        }
    }
}

private let seedText = Array("""
{ "panel": "Demo", "size": [1280, 800], "rotation": 0,
  "theme": { "tint": "#3a7bd5", "background": ["#1b1f27", "#0d0f14"], "font": "DejaVu Sans" },
  "layout": {"grid": {"columns": 3, "rows": 2}},
  "pages": [ { "id": "main", "title": "M\\u00e9in \\ud83d\\ude00",
      "widgets": [ { "id": "volume", "type": "knob", "mode": "continuous", "frame": [80, 80, 200, 200],
                     "fillColor": {"normal": "#112233", "selected": "#445566ff"}, "titles": ["a", "b"], "range": [0, 1e2] },
                   { "id": "cap", "type": "label", "text": "Volume", "cell": [1, 1], "span": [2, 1] } ] } ] }
""".utf8)

@Test func everyTruncationFailsCleanly() {
    #expect(checkContract(seedText))
    for length in 0..<seedText.count {
        let prefix = Array(seedText[0..<length])
        if case .success = PanelLoader(kinds: WidgetCatalog.kinds).parse(String(decoding: prefix, as: UTF8.self), file: "t", baseDirectory: ".") {
            Issue.record("prefix of length \(length) loaded")
        }
        #expect(checkContract(prefix), "prefix \(length)")
    }
}

@Test func mutatedAndRandomInputsNeverTrap() {
    var rng = SplitMix64(state: 0x5EED_2024)
    let alphabet = Array("{}[]:,\"\\ \n\t-+.eE0123456789truefalsn#ufd\u{0}".utf8) + [0xC3, 0xA9, 0xFF, 0xED, 0xA0, 0x80, 0xEF, 0xBB, 0xBF]
    var failures = 0
    for iteration in 0..<3000 {
        var bytes: [UInt8]
        switch iteration % 3 {
        case 0: // random bytes
            bytes = (0..<Int.random(in: 0...200, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
        case 1: // random JSON-ish tokens
            bytes = (0..<Int.random(in: 0...300, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }
        default: // mutations of a valid file
            bytes = seedText
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                let i = Int.random(in: 0..<bytes.count, using: &rng)
                switch Int.random(in: 0...2, using: &rng) {
                case 0: bytes[i] = alphabet.randomElement(using: &rng)!
                case 1: bytes.insert(alphabet.randomElement(using: &rng)!, at: i)
                default: if bytes.count > 1 { bytes.remove(at: i) }
                }
            }
        }
        if !checkContract(bytes) {
            failures += 1
            Issue.record("diagnostic outside the text for input #\(iteration): \(String(decoding: bytes, as: UTF8.self).debugDescription)")
            if failures > 5 { break }
        }
    }
}

@Test func deeplyNestedPanelValuesAreRejected() {
    let deepWidgetValue = fileWithWidget(#"{"id": "k", "type": "knob", "frame": [0, 0, 10, 10], "titles": "# + String(repeating: "[", count: 500))
    let found = diagnostics(deepWidgetValue)
    #expect(found.count == 1)
    #expect(found.first?.message.contains("nesting is deeper than 200 levels") == true)
    // 199 levels of objects inside a state map: legal JSON, wrong shape, one error.
    let nested = String(repeating: #"{"normal": "#, count: 190) + "1" + String(repeating: "}", count: 190)
    let shaped = diagnostics(fileWithWidget(#"{"id": "k", "type": "knob", "frame": [0, 0, 10, 10], "fillColor": "# + nested + "}"))
    #expect(shaped.count == 1, "\(shaped)")
}

@Test func hostileValuesGiveOneLineMessages() {
    let key = diagnostics(fileWithWidget(#"{"id": "k", "type": "knob", "frame": [0, 0, 10, 10], "a\nb\u2028c": 1}"#))
    #expect(key.map(\.message) == [#"unknown key 'a\u000Ab\u2028c' in knob 'k'"#])
    let long = String(repeating: "x", count: 500)
    let enumValue = diagnostics(fileWithWidget(#"{"id": "k", "type": "knob", "frame": [0, 0, 10, 10], "mode": ""# + long + #""}"#))
    #expect(enumValue.first?.message.contains("'" + String(repeating: "x", count: 60) + "…'") == true)
    #expect((enumValue.first?.message.count ?? 1000) < 200)
    // Huge grid coordinates are range errors, not integer overflows.
    let grid = """
    {"panel": "G", "size": [1280, 800], "layout": {"grid": {"columns": 2, "rows": 2}}, "pages": [{"id": "a", "widgets": [
    {"id": "k", "type": "knob", "cell": [1e300, 0], "span": [1, 9e18]}]}]}
    """
    #expect(diagnostics(grid).map(\.description) == [
        "t.json:2:38: error: 'cell' column: 1e+300 is out of range: must be between 0 and 255",
        "t.json:2:61: error: 'span' rows: 9e+18 is out of range: must be between 1 and 256",
    ])
}
