import Graphics
import Testing

/// Text through TextLayout: fontconfig fallback for CJK, metrics, drawing.
@Suite struct TextTests {
    static func context(_ w: Int = 1, _ h: Int = 1) throws -> DrawingContext {
        DrawingContext(surface: try ImageSurface(width: w, height: h))
    }

    /// DejaVu Sans has no CJK; fontconfig falls back to WenQuanYi Micro Hei
    /// (fonts-wqy-microhei, installed by scripts/install-deps.sh), so nothing is a box.
    @Test func cjkFindsAFallbackFont() throws {
        let ctx = try Self.context(240, 40)
        let text = TextLayout(text: "音色 春夏秋冬", family: "DejaVu Sans", pixelSize: 24, context: ctx)
        #expect(text.unknownGlyphCount == 0)
        // Six ideographs are full-width (1 em each = 24 px) plus a space (DejaVu: 651/2048 em
        // = 7.6 px): ≈ 151.6 px.
        #expect(abs(text.size.width - 151.6) < 6, "width \(text.size.width)")
        ctx.setColor(.black)
        text.draw(at: Point(x: 4, y: 4))
        saveForInspection(ctx.surface, "text-cjk")
        // Ink in every ideograph's cell: cells start at x = 4 + 24·k (k = 0, 1) and, after
        // the space, at 4 + 48 + 7.6 + 24·k (k = 0…3).
        let starts = [4.0, 28] + (0..<4).map { 59.6 + 24 * Double($0) }
        for x0 in starts {
            let ink = countPixels(ctx.surface, x0: Int(x0) + 2, y0: 0, x1: Int(x0) + 22, y1: 40) { $0.alpha > 0.5 }
            #expect(ink > 25, "cell at \(x0): \(ink) inked pixels")
        }
        // The space is blank.
        #expect(countPixels(ctx.surface, x0: 53, y0: 0, x1: 58, y1: 40) { $0.alpha > 0.1 } == 0)
    }

    /// A code point no installed font covers (plane-16 private use) is counted as unknown:
    /// the check above can fail.
    @Test func unknownGlyphsAreCounted() throws {
        let text = TextLayout(text: "A\u{10FFFD}B", family: "DejaVu Sans", pixelSize: 20, context: try Self.context())
        #expect(text.unknownGlyphCount == 1)
    }

    /// DejaVu Sans metrics: a digit advances 1303/2048 em (20 px → 12.72); the line is
    /// ascent 1901 + descent 483 = 2384/2048 em (20 px → 23.28).
    @Test func metricsAreDejaVus() throws {
        let ctx = try Self.context()
        let zero = TextLayout(text: "0", family: "DejaVu Sans", pixelSize: 20, context: ctx).size
        #expect(abs(zero.width - 12.72) < 0.6, "\(zero)")
        #expect(abs(zero.height - 23.28) < 1.0, "\(zero)")
        let ten = TextLayout(text: "0000000000", family: "DejaVu Sans", pixelSize: 20, context: ctx).size
        #expect(abs(ten.width - 127.2) < 3, "\(ten)")
        let bold = TextLayout(text: "0000000000", family: "DejaVu Sans", pixelSize: 20, bold: true, context: ctx).size
        #expect(bold.width > ten.width + 5, "bold \(bold.width) regular \(ten.width)")   // Bold digits: 1422/2048 em
    }

    /// draw(centeredAt:) and a centred paragraph put the ink's centre where asked.
    @Test func centring() throws {
        let ctx = try Self.context(200, 60)
        ctx.setColor(.black)
        let text = TextLayout(text: "HHH", family: "DejaVu Sans", pixelSize: 20, context: ctx)
        text.draw(centeredAt: Point(x: 60, y: 30))
        let right = TextLayout(text: "H", family: "DejaVu Sans", pixelSize: 20, context: ctx)
        right.setWidth(60, alignment: .center)
        right.draw(at: Point(x: 130, y: 20))
        var xs: [Int] = [], rxs: [Int] = []
        for y in 0..<60 { for x in 0..<200 where ctx.surface.pixel(x: x, y: y).alpha > 0.5 {
            if x < 120 { xs.append(x) } else { rxs.append(x) }
        } }
        let mid = Double(xs.min()! + xs.max()! + 1) / 2
        #expect(abs(mid - 60) <= 1.5, "HHH ink centre \(mid)")
        let rmid = Double(rxs.min()! + rxs.max()! + 1) / 2
        #expect(abs(rmid - 160) <= 1.5, "centred H \(rmid)")   // box 130…190
    }
}

/// The layout rules TextLayout keeps from Pango: whole-pixel advances with `kern` pairs,
/// wrapping, alignment, paragraphs, fallback, and HarfBuzz for scripts that need shaping.
/// DejaVu Sans at 20 px: 2048 units per em, so a unit is 20/2048 px.
@Suite struct TextLayoutRulesTests {
    static func layout(_ text: String, _ size: Double = 20, bold: Bool = false, family: String = "DejaVu Sans") throws -> TextLayout {
        TextLayout(text: text, family: family, pixelSize: size, bold: bold, context: try TextTests.context())
    }

    /// A and V advance 1401 units (13.68 px → 14 each); the `kern` pair A–V is −131 units
    /// (−1.28 px), added to A before rounding: 12.40 → 12, so "AV" is 26, not 28 (Pango's 26).
    @Test func pairKerningFromTheKernTable() throws {
        let a = try Self.layout("A").size.width, v = try Self.layout("V").size.width
        let av = try Self.layout("AV").size.width
        #expect(a == 14 && v == 14, "A \(a) V \(v)")
        #expect(av == 26, "AV \(av)")
        // T–o: T 1251 units (12.22 px) − 348 (3.40 px) = 8.82 → 9; o 1253 units → 12: "To" 21.
        #expect(try Self.layout("To").size.width == 21)
    }

    /// Line height = ascent + descent hinted to whole pixels (1901 → 18.56 → 19 above the
    /// baseline, 483 → 4.72 → 5 below): 24, as Pango had it; each paragraph adds a line.
    @Test func linesAndParagraphs() throws {
        #expect(try Self.layout("0").size.height == 24)
        #expect(try Self.layout("").size.height == 24)
        #expect(try Self.layout("").size.width == 0)
        #expect(try Self.layout("a\nb").size.height == 48)
        #expect(try Self.layout("a\r\nb\n").size.height == 72)
    }

    /// "DejaVu Sans Bold" is the bold face, as the bold flag is: bold digits advance 1422
    /// units (13.89 px → 14), ten of them 140 (regular: 1303 → 13, 130).
    @Test func styleInTheFamilyName() throws {
        #expect(try Self.layout("0000000000", family: "DejaVu Sans Bold").size.width == 140)
        #expect(try Self.layout("0000000000", bold: true).size.width == 140)
        #expect(try Self.layout("0000000000").size.width == 130)
    }

    /// "aaa bbb" (a: 1255 units, 12.26 → 12 px; space 651, 6.36 → 6; b 1300, 12.70 → 13):
    /// 36 + 6 + 39 = 81. In 60 px it wraps at the space: two lines, the widest 39 ("bbb").
    @Test func wrapsAtSpaces() throws {
        let text = try Self.layout("aaa bbb")
        #expect(text.size.width == 81)
        text.setWidth(60, alignment: .left)
        #expect(text.size.height == 48)
        #expect(text.size.width == 39, "\(text.size)")
    }

    /// A word wider than the line is broken: H is 1540 units (15.04 → 15), three fit in
    /// 50 px, so ten Hs take four lines.
    @Test func breaksTooLongWords() throws {
        let text = try Self.layout("HHHHHHHHHH")
        text.setWidth(50, alignment: .left)
        #expect(text.size.height == 96)
        #expect(text.size.width == 45)
    }

    /// Right alignment puts the line's end at the width: "H" (advance 15, its ink box 1…14
    /// px into it) in a 100 px box starts at 85 and inks 86…98; its stems' edge columns are
    /// partly covered, so the columns more than half inked are 87…97.
    @Test func rightAlignmentEndsAtTheWidth() throws {
        let ctx = try TextTests.context(120, 30)
        ctx.setColor(.black)
        let text = TextLayout(text: "H", family: "DejaVu Sans", pixelSize: 20, context: ctx)
        text.setWidth(100, alignment: .right)
        text.draw(at: Point(x: 0, y: 0))
        var xs: [Int] = []
        for y in 0..<30 { for x in 0..<120 where ctx.surface.pixel(x: x, y: y).alpha > 0.5 { xs.append(x) } }
        #expect(xs.max() == 97, "last inked column \(xs.max() ?? -1)")
        #expect(xs.min() == 87, "first inked column \(xs.min() ?? -1)")
    }

    /// DejaVu's ff ligature (U+FB00's glyph, as HarfBuzz formed it under Pango): "Off" at
    /// 7.3 px is 11 px wide, as Pango measured it; O (1612 units, 5.75 → 6) and two fs (721
    /// units, 2.57 → 3 each) would make 12.
    @Test func standardLigatures() throws {
        #expect(try Self.layout("Off", 7.3).size.width == 11)
    }

    /// fontconfig's rules see the pixel size: fonts-dejavu-core's
    /// 20-unhint-small-dejavu-sans.conf turns hinting off for small sizes, so at 7.3 px the ink
    /// of "Low" is 7 px tall from 1 px below the top (Pango's numbers); hinted it would be 5.
    @Test func renderingOptionsFollowTheSize() throws {
        let ink = try Self.layout("Low", 7.3).inkBox
        #expect(abs(ink.height - 7) < 1e-6 && abs(ink.y - 1) < 1e-6, "\(ink)")
    }

    /// Arabic letters join: shaped, "مرحبا" takes initial, medial and final forms and is
    /// 46 px wide (what Pango drew); its letters alone (isolated forms, what cmap gives) add
    /// up to more. Only where libharfbuzz is installed (the build's Debian packages have it).
    @Test func arabicIsShaped() throws {
        guard TextLayout.shapesComplexScripts else { return }
        let word = "مرحبا"
        let shaped = try Self.layout(word)
        #expect(shaped.size.width == 46)
        #expect(shaped.unknownGlyphCount == 0)
        let isolated = try word.map { try Self.layout(String($0)).size.width }.reduce(0, +)
        #expect(isolated > shaped.size.width + 5, "isolated \(isolated) shaped \(shaped.size.width)")
    }

    /// A combining acute after e is placed on it (HarfBuzz composes é): as wide as é.
    @Test func combiningMarksJoinTheirBase() throws {
        guard TextLayout.shapesComplexScripts else { return }
        let combined = try Self.layout("e\u{301}").size.width, precomposed = try Self.layout("é").size.width
        #expect(combined == precomposed)
    }

    /// Mixed directions: in "A שלום B" the Hebrew word sits between A and B (FriBidi orders
    /// the runs; HarfBuzz draws the word right to left). Its ink is between A's and B's.
    @Test func mixedDirectionsKeepTheirOrder() throws {
        guard TextLayout.shapesComplexScripts else { return }
        let ctx = try TextTests.context(160, 30)
        ctx.setColor(.black)
        let text = TextLayout(text: "A שלום B", family: "DejaVu Sans", pixelSize: 20, context: ctx)
        text.draw(at: Point(x: 0, y: 0))
        let a = try Self.layout("A ").size.width, hebrew = try Self.layout("שלום").size.width
        let width = text.size.width, b = try Self.layout(" B").size.width
        #expect(width == a + hebrew + b)
        // B's ink is at the end, A's at the start: nothing inked in the first or last pixel column.
        let firstB = Int(a + hebrew) + 7
        #expect(countPixels(ctx.surface, x0: firstB, y0: 0, x1: Int(width), y1: 30) { $0.alpha > 0.5 } > 20)
    }
}
