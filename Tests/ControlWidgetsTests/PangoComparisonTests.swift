import Graphics
import Testing

/// Our layout against Pango's, sample by sample: where lines break and how many glyphs each
/// line draws. The expected values are what Pango 1.50.12 (Debian bookworm) gave for
/// DejaVu Sans at 20 px on this machine's fonts (DejaVu, WenQuanYi Micro Hei, Noto Color
/// Emoji; no Thai or Devanagari font, so those are missing-glyph boxes in both), from
///
///     pango-view -q --pixels --font="DejaVu Sans 20px" --hint-metrics=on [--width=W] \
///         -t TEXT -o SAMPLE.png --serialize-to=SAMPLE.json
///
/// reading each line of the serialized layout's "output": its text without the spaces it
/// broke after, and its glyphs other than PANGO_GLYPH_EMPTY (tabs, zero-width characters and
/// the spaces at a line's end are empty glyphs). Where Pango breaks at a soft hyphen it draws
/// a hyphen as the soft hyphen's glyph; we add U+2010 to the line's text, one glyph either way.
/// The lines' texts are compared in logical order; Arabic and Hebrew lines are right to left
/// with their digits left to right in both.
@Suite struct PangoComparisonTests {
    struct Sample: Sendable, CustomStringConvertible {
        var name: String
        var width: Double?
        var text: String
        var lines: [(text: String, glyphs: Int)]
        var unknown: Int
        init(_ name: String, width: Double?, _ text: String, lines: [(String, Int)], unknown: Int) {
            self.name = name; self.width = width; self.text = text; self.lines = lines.map { ($0.0, $0.1) }; self.unknown = unknown
        }
        var description: String { name }
    }

    static let samples: [Sample] = [
        Sample("latinKerning", width: nil, "AVATAR Tokyo WAVE, Type", lines: [("AVATAR Tokyo WAVE, Type", 23)], unknown: 0),
        Sample("combiningMarks", width: nil, "e\u{301} a\u{308} n\u{303} o\u{302}\u{323} Zoe\u{308}", lines: [("e\u{301} a\u{308} n\u{303} o\u{302}\u{323} Zoe\u{308}", 11)], unknown: 0),
        Sample("vietnamese", width: 200, "Tiếng Việt có dấu: người đường chữ nghĩa", lines: [("Tiếng Việt có dấu:", 18), ("người đường chữ", 15), ("nghĩa", 5)], unknown: 0),
        Sample("greek", width: 200, "Καλημέρα κόσμε, η θερμοκρασία είναι καλή", lines: [("Καλημέρα κόσμε, η", 17), ("θερμοκρασία είναι", 17), ("καλή", 4)], unknown: 0),
        Sample("cyrillic", width: 220, "Съешь же ещё этих мягких французских булок", lines: [("Съешь же ещё этих", 17), ("мягких", 6), ("французских булок", 17)], unknown: 0),
        Sample("cjk", width: 200, "日本語の文章です。これは次の文。中文测试句子。", lines: [("日本語の文章です。こ", 10), ("れは次の文。中文测试", 10), ("句子。", 3)], unknown: 0),
        Sample("korean", width: 180, "한국어 문장은 띄어쓰기를 합니다 온도 조절기", lines: [("한국어 문장은 띄어", 10), ("쓰기를 합니다 온도", 10), ("조절기", 3)], unknown: 0),
        Sample("arabic", width: 200, "درجة الحرارة 21.5 درجة مئوية الآن", lines: [("درجة الحرارة 21.5", 17), ("درجة مئوية الآن", 14)], unknown: 0),
        Sample("hebrew", width: 200, "הטמפרטורה היא 21 מעלות כרגע בחדר", lines: [("הטמפרטורה היא 21", 16), ("מעלות כרגע בחדר", 15)], unknown: 0),
        Sample("thai", width: 150, "ภาษาไทยไม่มีการเว้นวรรคระหว่างคำ", lines: [("ภาษาไทยไม่", 10), ("มีการเว้น", 9), ("วรรค", 4), ("ระหว่างคำ", 10)], unknown: 32),   // Pango: 33 unknown glyphs; HarfBuzz splits SARA AM (ำ) in two, we count characters
        Sample("devanagari", width: 160, "नमस्ते दुनिया यह एक परीक्षण है", lines: [("नमस्ते", 6), ("दुनिया यह एक", 12), ("परीक्षण है", 10)], unknown: 25),
        Sample("emoji", width: 200, "Hi 👍🏽 family 👨\u{200D}👩\u{200D}👧 key 1\u{FE0F}\u{20E3} flag 🇩🇪 done", lines: [("Hi 👍🏽 family 👨\u{200D}👩\u{200D}👧 key", 17), ("1\u{FE0F}\u{20E3} flag 🇩🇪 done", 12)], unknown: 0),
        Sample("paragraph", width: 240, "The quick brown fox jumps over the lazy dog while the thermostat holds 21.5 degrees in the living room.", lines: [("The quick brown fox", 19), ("jumps over the lazy dog", 23), ("while the thermostat", 20), ("holds 21.5 degrees in", 21), ("the living room.", 16)], unknown: 0),
        Sample("url", width: 200, "Open https://example.com/some-long-path/file-name.html now", lines: [("Open https://", 13), ("example.com/", 12), ("some-long-path/", 15), ("file-name.html now", 17)], unknown: 0),
        Sample("zeroWidthAndSoftHyphen", width: 150, "Zero\u{200B}width\u{200B}space\u{200B}splits Donau\u{AD}dampf\u{AD}schiff\u{AD}fahrt", lines: [("Zero\u{200B}width\u{200B}", 9), ("space\u{200B}splits", 11), ("Donau\u{AD}dampf\u{AD}\u{2010}", 11), ("schiff\u{AD}fahrt", 10)], unknown: 0),
        Sample("tabs", width: nil, "a\tb\tc\nname\tvalue\t1", lines: [("a\tb\tc", 3), ("name\tvalue\t1", 10)], unknown: 0),
    ]

    @Test(arguments: samples) func breaksAndGlyphsAsPango(_ sample: Sample) throws {
        let layout = TextLayout(text: sample.text, family: "DejaVu Sans", pixelSize: 20, context: try TextTests.context())
        if let width = sample.width { layout.setWidth(width, alignment: .left) }
        let got = layout.lineSummaries
        if sample.unknown > 0 {
            // No font for the script here: Pango's missing-glyph boxes show the hex code and
            // are wider than the .notdef glyph we draw, so its lines hold fewer characters.
            // Both draw one box per character: the totals agree.
            #expect(got.map(\.glyphs).reduce(0, +) == sample.lines.map(\.glyphs).reduce(0, +), "\(sample.name): glyphs")
        } else {
            #expect(got.map(\.text) == sample.lines.map(\.text), "\(sample.name): lines")
            #expect(got.map(\.glyphs) == sample.lines.map(\.glyphs), "\(sample.name): glyphs per line")
        }
        #expect(layout.unknownGlyphCount == sample.unknown, "\(sample.name): missing glyphs")
    }

    /// All samples in one picture (KNOB_TEST_PNG_DIR=dir: pango-comparison.png), each in a
    /// box its wrapping width wide, to look at beside Pango's PNGs.
    @Test func drawsEverySample() throws {
        let ctx = try TextTests.context(560, 1400)
        ctx.setColor(Color(white: 1))
        ctx.paint()
        var y = 8.0
        for sample in Self.samples {
            let layout = TextLayout(text: sample.text, family: "DejaVu Sans", pixelSize: 20, context: ctx)
            if let width = sample.width { layout.setWidth(width, alignment: .left) }
            ctx.setColor(Color(red: 0.85, green: 0.9, blue: 1))
            ctx.addRect(Rect(x: 8, y: y, width: sample.width ?? layout.size.width, height: layout.size.height))
            ctx.fill()
            ctx.setColor(Color(white: 0))
            layout.draw(at: Point(x: 8, y: y))
            y += layout.size.height + 10
        }
        saveForInspection(ctx.surface, "pango-comparison")
        #expect(y < 1400)
    }
}
