import Graphics
import Testing

/// Pango text through TextLayout: fontconfig fallback for CJK, metrics, drawing.
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
