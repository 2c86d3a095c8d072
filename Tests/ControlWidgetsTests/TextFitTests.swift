import ControlWidgets
import Graphics
import Testing

/// `fit`: text a box cannot hold is wrapped, shrunk, ended in "…" or clipped, never cut
/// through its letters. DejaVu Sans at 24 px: a line is 28 px (ascent 23 + descent 6, hinted),
/// "Living room temperature and humidity" is about 440 px on one line.
@Suite struct TextFitTests {
    static let long = "Living room temperature and humidity"

    static func layout(_ text: String = long, _ size: Double = 24) throws -> TextLayout {
        TextLayout(text: text, family: "DejaVu Sans", pixelSize: size, context: try TextTests.context())
    }

    /// wrap in 160 × 30: wrapped it needs four lines (112 px); one line fits the height, so
    /// the rest is left out and that line ends in "…".
    @Test func wrapLeavesOutWholeLines() throws {
        let plain = try Self.layout()
        plain.setWidth(160, alignment: .left)
        #expect(plain.size.height > 60, "wrapped it needs several lines: \(plain.size)")
        let text = try Self.layout()
        text.fit(.wrap, width: 160, height: 30, alignment: .left)
        #expect(text.size.height <= 30 && text.size.width <= 160, "\(text.size)")
        #expect(text.lineSummaries.count == 1)
        #expect(text.lineSummaries.first?.text.hasSuffix("\u{2026}") == true, "\(text.lineSummaries)")
        #expect(text.isTruncated)
        // Two lines' height holds two lines, the second ending in "…".
        let two = try Self.layout()
        two.fit(.wrap, width: 160, height: 60, alignment: .left)
        #expect(two.lineSummaries.count == 2 && two.lineSummaries[1].text.hasSuffix("\u{2026}"))
        // Text that fits is not touched.
        let short = try Self.layout("Living room")
        short.fit(.wrap, width: 160, height: 30, alignment: .left)
        #expect(!short.isTruncated && short.lineSummaries.map(\.text) == ["Living room"])
    }

    @Test func ellipsisKeepsOneLine() throws {
        let text = try Self.layout()
        text.fit(.ellipsis, width: 160, height: 30, alignment: .center)
        let lines = text.lineSummaries
        #expect(lines.count == 1 && lines[0].text.hasSuffix("\u{2026}") && lines[0].text.hasPrefix("Living"), "\(lines)")
        #expect(text.size.width <= 160 && text.size.width > 120, "\(text.size)")
    }

    /// shrink: "Living room temperature" is 24 px × ~290 px; in 160 px it is drawn at about
    /// 24 × 160 / 290 ≈ 13 px, on one line, whole. Too long for half the size, it ends in "…".
    @Test func shrinkMakesItSmaller() throws {
        let text = try Self.layout("Living room temperature")
        text.fit(.shrink, width: 160, height: 30, alignment: .center)
        #expect(text.fittedPixelSize < 15 && text.fittedPixelSize >= 12, "\(text.fittedPixelSize)")
        #expect(text.size.width <= 160 && !text.isTruncated, "\(text.size)")
        #expect(text.lineSummaries.map(\.text) == ["Living room temperature"])
        let tooLong = try Self.layout(Self.long + " " + Self.long)
        tooLong.fit(.shrink, width: 160, height: 30, alignment: .center)
        #expect(tooLong.fittedPixelSize == 12 && tooLong.isTruncated && tooLong.size.width <= 160)
    }

    @Test func clipKeepsOneLineWhole() throws {
        let text = try Self.layout()
        text.fit(.clip, width: 160, height: 30, alignment: .left)
        #expect(text.lineSummaries.map(\.text) == [Self.long])
        #expect(text.size.width > 400 && !text.isTruncated)
    }

    /// The reproduction: a long status in a 160 × 30 label. Wrapped to three lines and centred
    /// (before `fit`), the frame showed the middle of lines 1 and 3, cut through their letters
    /// at the top and bottom rows. Now no letter touches the top or bottom row.
    @Test func labelIsNotCutThroughItsLetters() throws {
        for fit in TextLayout.Fit.allCases where fit != .clip {
            let label = LabelView(id: "status", frame: Rect(x: 0, y: 0, width: 160, height: 30), text: Self.long,
                                  fontName: "DejaVu Sans", fontSize: 24, color: .black, alignment: .center, bold: false, fit: fit)
            let surface = try ImageSurface(width: 160, height: 30)
            label.draw(in: DrawingContext(surface: surface), mapping: ScreenMapping(scale: 1), time: 0)
            saveForInspection(surface, "label-fit-\(fit.rawValue)")
            #expect(countPixels(surface, x0: 0, y0: 0, x1: 160, y1: 1) { $0.alpha > 0.05 } == 0, "\(fit): top row inked")
            #expect(countPixels(surface, x0: 0, y0: 29, x1: 160, y1: 30) { $0.alpha > 0.05 } == 0, "\(fit): bottom row inked")
            #expect(countPixels(surface, x0: 0, y0: 0, x1: 160, y1: 30) { $0.alpha > 0.5 } > 100, "\(fit): text drawn")
        }
    }
}

/// Line breaking (UAX #14 through libunibreak, libthai for Thai), tabs and emoji fonts.
@Suite struct LineBreakingTests {
    static func lines(_ text: String, width: Double, size: Double = 20) throws -> [String] {
        let layout = TextLayout(text: text, family: "DejaVu Sans", pixelSize: size, context: try TextTests.context())
        layout.setWidth(width, alignment: .left)
        return layout.lineSummaries.map(\.text)
    }

    /// A Japanese line never starts with "。" (UAX #14: CL, no break before it): in a width
    /// of nine ideographs (180 px), "です。" stays together and the line takes "。" along.
    @Test func noLineStartsWithIdeographicFullStop() throws {
        let lines = try Self.lines("日本語の文章です。これは次の文。", width: 180)
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { !$0.hasPrefix("。") }, "\(lines)")
    }

    /// A soft hyphen is invisible on a line and a hyphen where the line breaks at it.
    @Test func softHyphenShowsAHyphenAtTheBreak() throws {
        let lines = try Self.lines("Donau\u{AD}dampf\u{AD}schiff\u{AD}fahrt", width: 150)
        #expect(lines == ["Donau\u{AD}dampf\u{AD}\u{2010}", "schiff\u{AD}fahrt"], "\(lines)")
        let one = TextLayout(text: "Donau\u{AD}dampf", family: "DejaVu Sans", pixelSize: 20, context: try TextTests.context())
        #expect(one.lineSummaries.first?.glyphs == 10)   // no glyph for the soft hyphen inside a line
    }

    /// An emoji with a skin tone, a ZWJ family and a keycap are one piece each, drawn by the
    /// colour emoji font; a space after an emoji keeps DejaVu's width (6 px at 20 px; in Noto
    /// Color Emoji it was four times that).
    @Test func emojiSequencesStayWhole() throws {
        let ctx = try TextTests.context()
        let family = TextLayout(text: "👨\u{200D}👩\u{200D}👧", family: "DejaVu Sans", pixelSize: 20, context: ctx)
        let toned = TextLayout(text: "👍🏽", family: "DejaVu Sans", pixelSize: 20, context: ctx)
        let keycap = TextLayout(text: "1\u{FE0F}\u{20E3}", family: "DejaVu Sans", pixelSize: 20, context: ctx)
        if TextLayout.shapesComplexScripts {
            #expect(family.lineSummaries.first?.glyphs == 1)
            #expect(toned.lineSummaries.first?.glyphs == 1)
            #expect(keycap.lineSummaries.first?.glyphs == 1)
        }
        let spaced = TextLayout(text: "😀 😀", family: "DejaVu Sans", pixelSize: 20, context: ctx).size.width
        let two = TextLayout(text: "😀😀", family: "DejaVu Sans", pixelSize: 20, context: ctx).size.width
        #expect(spaced - two == 6, "space after an emoji: \(spaced - two) px")
        // No line breaks inside the sequences, even in a width narrower than one of them.
        let narrow = try Self.lines("👨\u{200D}👩\u{200D}👧👍🏽", width: 10)
        #expect(narrow == ["👨\u{200D}👩\u{200D}👧", "👍🏽"], "\(narrow)")
    }

    /// Emoji are drawn in colour: some pixel of a 😀 is neither grey nor transparent.
    @Test func emojiAreInColour() throws {
        let ctx = try TextTests.context(40, 40)
        ctx.setColor(.black)
        TextLayout(text: "😀", family: "DejaVu Sans", pixelSize: 24, context: ctx).draw(at: Point(x: 4, y: 4))
        saveForInspection(ctx.surface, "text-emoji")
        let coloured = countPixels(ctx.surface, x0: 0, y0: 0, x1: 40, y1: 40) { c in
            c.alpha > 0.5 && Swift.max(c.red, c.green, c.blue) - Swift.min(c.red, c.green, c.blue) > 0.3
        }
        #expect(coloured > 50, "\(coloured) coloured pixels")
    }

    /// Tabs stop every 8 spaces (DejaVu's space is 6 px at 20 px: stops every 48 px): "a\tb"
    /// puts b at 48; "abcdefghi" is 100 px (past the second stop), so its tab goes to 144.
    /// A tab draws no glyph.
    @Test func tabsGoToStops() throws {
        let ctx = try TextTests.context()
        func width(_ s: String) -> Double { TextLayout(text: s, family: "DejaVu Sans", pixelSize: 20, context: ctx).size.width }
        let b = width("b")
        #expect(width("a\tb") == 48 + b)
        #expect(width("\tb") == 48 + b)
        #expect(width("abcdefghi") == 100)
        #expect(width("abcdefghi\tb") == 144 + b)
        #expect(TextLayout(text: "a\tb", family: "DejaVu Sans", pixelSize: 20, context: ctx).lineSummaries.first?.glyphs == 2)
    }

    /// A URL breaks after "/" and "-" (UAX #14), not inside its words: in 200 px Pango gave
    /// these four lines (pango-view --width=200); before, it broke "example.com/so|me".
    @Test func urlsBreakAfterSlashesAndHyphens() throws {
        let lines = try Self.lines("https://example.com/some-long-path/file-name.html", width: 200)
        #expect(lines == ["https://", "example.com/", "some-long-path/", "file-name.html"], "\(lines)")
        let hyphens = try Self.lines("long-path/file-name", width: 100)
        #expect(hyphens == ["long-", "path/file-", "name"], "\(hyphens)")   // Pango's, at --width=100
    }
}
