import Foundation
import Graphics
import Testing
@testable import ControlWidgets

/// The generated knob images: createKnobWithPip (disc of knobRadius filled with the fill
/// colour, pip at (0.5·w, 0.08·h) of radius 0.03·w in the title colour), createKnobWithMarkings
/// (titles tangent to the inside of the rim), fontSizeForTitles, and the satin overlay.
@Suite struct KnobPainterTests {
    static let colors = KnobColors(tint: drawTint)

    static func pipArt(side: Double = 200, radius: Double? = nil, scale: Double = 1) -> KnobArtwork {
        KnobArtwork(side: side, knobRadius: radius ?? side / 2, fill: colors.fillColor(for: .normal),
                    titleColor: colors.titleColor(for: .normal), face: .pip, fontName: "DejaVu Sans", scale: scale)
    }

    static func titlesArt(_ titles: [String], angles: [Double], size: Double, zoomed: Int = 0, zoomedSize: Double? = nil,
                          side: Double = 200) -> KnobArtwork {
        KnobArtwork(side: side, knobRadius: side / 2, fill: colors.fillColor(for: .normal),
                    titleColor: colors.titleColor(for: .normal),
                    face: .titles(titles, angles: angles, pointSize: size, zoomedIndex: zoomed, zoomedPointSize: zoomedSize ?? size),
                    fontName: "DejaVu Sans", scale: 1)
    }

    /// A title pixel on the normal fill: opaque and clearly darker blue than the fill's 230
    /// (the title colour has blue 128; antialiased edges lie between).
    static func isTitleInk(_ c: Color) -> Bool { c.alpha > 0.99 && c.blue < 0.75 }

    /// Side 200, radius 100: disc centre (100, 100); pip centre (100, 0.08·200 = 16), radius
    /// 0.03·200 = 6, so it covers y 10…22 on the centre column.
    @Test func continuousKnobFillPipAndOutside() throws {
        let image = try KnobPainter.image(for: Self.pipArt())
        saveForInspection(image, "painter-pip")
        #expect(image.width == 200 && image.height == 200)
        expectPixel(image, 100, 100, 0, 96, 230, a: 255, "fill at the centre")
        expectPixel(image, 100, 16, 0, 53, 128, a: 255, "pip centre")
        expectPixel(image, 100, 11, 0, 53, 128, a: 255, "pip: 4.5 px above its centre")
        expectPixel(image, 104, 16, 0, 53, 128, a: 255, "pip: pixel 104…105, farthest corner 5.1 px from the centre")
        expectPixel(image, 100, 23, 0, 96, 230, a: 255, "7.5 px below the pip centre: fill")
        expectPixel(image, 107, 16, 0, 96, 230, a: 255, "7.5 px right of the pip centre: fill")
        expectPixel(image, 100, 198, 0, 96, 230, a: 255, "98.5 px below the centre: still the disc")
        // Outside the disc: transparent. (172.5 − 100)·√2 = 102.5 > 100.
        #expect(image.pixel(x: 172, y: 172).alpha == 0)
        #expect(image.pixel(x: 2, y: 2).alpha == 0)
        #expect(image.pixel(x: 197, y: 3).alpha == 0)
        // Exactly one pip: no title-coloured pixel anywhere but in the pip's square.
        let dark = countPixels(image, x0: 0, y0: 0, x1: 200, y1: 200) { Self.isTitleInk($0) }
        let inPip = countPixels(image, x0: 93, y0: 9, x1: 107, y1: 23) { Self.isTitleInk($0) }
        #expect(dark == inPip)
        // π·6² = 113 px of pip (± the antialiased rim).
        #expect(abs(Double(inPip) - 113) < 15, "pip pixels \(inPip)")
    }

    /// Scale 2: a 400 px image; pip at (200, 32) radius 12; the disc reaches the image edges.
    @Test func continuousKnobAtScaleTwo() throws {
        let image = try KnobPainter.image(for: Self.pipArt(scale: 2))
        #expect(image.width == 400 && image.height == 400)
        expectPixel(image, 200, 32, 0, 53, 128, a: 255)
        expectPixel(image, 210, 32, 0, 53, 128, a: 255, "10.5 px right of the pip centre (r 12)")
        expectPixel(image, 200, 46, 0, 96, 230, a: 255, "14.5 px below: fill")
        expectPixel(image, 200, 396, 0, 96, 230, a: 255)
        #expect(image.pixel(x: 4, y: 4).alpha == 0)
        // pixelSide rounds up: 100.3 design px at scale 1 → 101 px.
        #expect(Self.pipArt(side: 100.3).pixelSide == 101)
        #expect(Self.pipArt(side: 100.3, scale: 1.5).pixelSide == 151)   // 150.45 → 151
    }

    /// knobRadius 80 on a 200 px square: the disc spans 20…180; the pip stays where the
    /// reference puts it, at 8 % of the square's height (y 10…22), partly outside the disc.
    @Test func smallerKnobRadius() throws {
        let image = try KnobPainter.image(for: Self.pipArt(radius: 80))
        expectPixel(image, 100, 100, 0, 96, 230, a: 255)
        expectPixel(image, 25, 100, 0, 96, 230, a: 255, "75 px left of the centre: disc")
        #expect(image.pixel(x: 15, y: 100).alpha == 0, "85 px left of the centre: outside r 80")
        #expect(image.pixel(x: 100, y: 190).alpha == 0)
        expectPixel(image, 100, 12, 0, 53, 128, a: 255, "the pip above the disc")
        #expect(image.pixel(x: 100, y: 5).alpha == 0)
    }

    /// Four titles, counterclockwise knob: the view passes the reference's `actual`
    /// (position j·2π/4) as angles 0, π/2, π, 3π/2, i.e. top, right, bottom, left. Each
    /// title box is tangent to the rim: centre at radius R − 0.5·h·1.4 (h = line height).
    @Test func discreteTitlesSitAroundTheRim() throws {
        let titles = ["MMMM", "MMMM", "MMMM", "MMMM"]
        let art = Self.titlesArt(titles, angles: [0, .pi / 2, .pi, 3 * .pi / 2], size: 14)
        let image = try KnobPainter.image(for: art)
        saveForInspection(image, "painter-titles")

        // Expected placement from the text metrics.
        let probe = DrawingContext(surface: try ImageSurface(width: 1, height: 1))
        let m = TextLayout(text: "MMMM", family: "DejaVu Sans", pixelSize: 14, context: probe).size
        let radius = 100 - 0.5 * m.height * 1.4

        func inkBox(x0: Int, y0: Int, x1: Int, y1: Int) -> (minX: Int, minY: Int, maxX: Int, maxY: Int, count: Int) {
            var box = (minX: Int.max, minY: Int.max, maxX: Int.min, maxY: Int.min, count: 0)
            for y in y0..<y1 { for x in x0..<x1 where Self.isTitleInk(image.pixel(x: x, y: y)) {
                box.minX = min(box.minX, x); box.maxX = max(box.maxX, x)
                box.minY = min(box.minY, y); box.maxY = max(box.maxY, y); box.count += 1
            } }
            return box
        }
        let top = inkBox(x0: 50, y0: 0, x1: 150, y1: 50)
        let right = inkBox(x0: 150, y0: 50, x1: 200, y1: 150)
        let bottom = inkBox(x0: 50, y0: 150, x1: 150, y1: 200)
        let left = inkBox(x0: 0, y0: 50, x1: 50, y1: 150)
        for box in [top, right, bottom, left] { #expect(box.count > 30, "\(box)") }

        // Top title: horizontal (wider than tall), centred on x = 100, around y = 100 − radius.
        #expect(top.maxX - top.minX > 2 * (top.maxY - top.minY))
        #expect(abs(Double(top.minX + top.maxX + 1) / 2 - 100) <= 1.5)
        #expect(abs(Double(top.minY + top.maxY + 1) / 2 - (100 - radius)) <= 3, "top \(top), radius \(radius)")
        // Right title: turned a quarter clockwise (taller than wide), around x = 100 + radius.
        #expect(right.maxY - right.minY > 2 * (right.maxX - right.minX))
        #expect(abs(Double(right.minY + right.maxY + 1) / 2 - 100) <= 1.5)
        #expect(abs(Double(right.minX + right.maxX + 1) / 2 - (100 + radius)) <= 3, "right \(right)")
        // Bottom and left mirror them.
        #expect(abs(Double(bottom.minY + bottom.maxY + 1) / 2 - (100 + radius)) <= 3, "bottom \(bottom)")
        #expect(abs(Double(left.minX + left.maxX + 1) / 2 - (100 - radius)) <= 3, "left \(left)")

        // Between titles (45° on the rim, and the middle) only the fill.
        let d = radius * 0.7071
        #expect(countPixels(image, x0: Int(100 + d) - 8, y0: Int(100 - d) - 8, x1: Int(100 + d) + 8, y1: Int(100 - d) + 8) { Self.isTitleInk($0) } == 0)
        #expect(countPixels(image, x0: 60, y0: 60, x1: 140, y1: 140) { Self.isTitleInk($0) } == 0)
        expectPixel(image, 100, 100, 0, 96, 230, a: 255)
    }

    /// A clockwise knob passes negated angles: title 1 at −π/2 sits on the left. Titles
    /// differ here so the check is about which title goes where: "I" (narrow) vs "WWWWW".
    @Test func clockwiseAnglesPutTheSecondTitleLeft() throws {
        let art = Self.titlesArt(["I", "WWWWW"], angles: [0, -.pi / 2], size: 14)
        let image = try KnobPainter.image(for: art)
        let leftInk = countPixels(image, x0: 0, y0: 50, x1: 50, y1: 150) { Self.isTitleInk($0) }
        let rightInk = countPixels(image, x0: 150, y0: 50, x1: 200, y1: 150) { Self.isTitleInk($0) }
        #expect(leftInk > 60 && rightInk == 0, "left \(leftInk) right \(rightInk)")
    }

    /// The zoomed (selected) title is drawn at zoomedPointSize: the same word at 28 px is
    /// twice as wide as at 14 px (±15 % for hinting and antialiasing).
    @Test func zoomedTitleIsLarger() throws {
        let art = Self.titlesArt(["MAX", "MAX"], angles: [0, .pi], size: 14, zoomed: 0, zoomedSize: 28)
        let image = try KnobPainter.image(for: art)
        func width(_ y0: Int, _ y1: Int) -> Int {
            var lo = Int.max, hi = Int.min
            for y in y0..<y1 { for x in 0..<200 where Self.isTitleInk(image.pixel(x: x, y: y)) { lo = min(lo, x); hi = max(hi, x) } }
            return hi - lo + 1
        }
        let top = width(0, 60), bottom = width(140, 200)
        #expect(abs(Double(top) / Double(bottom) - 2) < 0.3, "top \(top) bottom \(bottom)")
    }

    // MARK: fontSizeForTitles

    static func widest(_ titles: [String], _ size: Double) throws -> Double {
        let ctx = DrawingContext(surface: try ImageSurface(width: 1, height: 1))
        return titles.map { TextLayout(text: $0, family: "DejaVu Sans", pixelSize: size, context: ctx).size.width }.max() ?? 0
    }

    /// The rule, checked against widths measured here: the result s is the largest size ≤ 17
    /// with widest(s)·1.4·positions ≤ travel·side·0.4 (or 7 when none fits).
    @Test(arguments: [
        (["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"], 40.0, 2 * Double.pi),
        (["Off", "Low", "Medium", "High"], 120.0, 2 * Double.pi),
        (["Off", "Low", "Medium", "High"], 120.0, Double.pi),
        (["Bass", "Treble", "Balance", "Fade", "Loudness", "Tone"], 200.0, 2 * Double.pi),
        (["A", "B"], 60.0, 1.0),
    ])
    func fittedSizeFollowsTheRule(titles: [String], side: Double, travel: Double) throws {
        let size = KnobPainter.fittedFontSize(titles: titles, positions: titles.count, travel: travel, side: side, fontName: "DejaVu Sans")
        let budget = travel * side * 0.4
        #expect(size >= 7 && size <= 17 && size == size.rounded())
        if size > 7 { #expect(try Self.widest(titles, size) * 1.4 * Double(titles.count) <= budget) }
        if size < 17 { #expect(try Self.widest(titles, size + 1) * 1.4 * Double(titles.count) > budget) }
    }

    /// DejaVu Sans digits advance 1303/2048 = 0.63623 em. Ten digit titles on a 40 px
    /// circular knob: budget 2π·40·0.4 = 100.53; 0.63623·s·1.4·10 = 8.907·s ≤ 100.53 →
    /// s ≤ 11.29 → 11 (11: 97.98 fits; 12: 106.9 does not). A half-turn knob (travel π) of
    /// side 80 has the same budget → 11.
    @Test func tenDigitsOnASmallKnobGetElevenPixels() {
        let digits = (0..<10).map(String.init)
        #expect(KnobPainter.fittedFontSize(titles: digits, positions: 10, travel: 2 * .pi, side: 40, fontName: "DejaVu Sans") == 11)
        #expect(KnobPainter.fittedFontSize(titles: digits, positions: 10, travel: .pi, side: 80, fontName: "DejaVu Sans") == 11)
    }

    /// Two one-digit titles on a 300 px knob would fit at 23 (0.636·23·1.4·2 = 41 ≤ 754) but
    /// the headline size caps them at 17; a 23 pt headline lets them have 23.
    @Test func headlineSizeCapsTheFont() {
        #expect(KnobPainter.fittedFontSize(titles: ["1", "2"], positions: 2, travel: 2 * .pi, side: 300, fontName: "DejaVu Sans") == 17)
        #expect(KnobPainter.fittedFontSize(titles: ["1", "2"], positions: 2, travel: 2 * .pi, side: 300, fontName: "DejaVu Sans", headlineSize: 23) == 23)
    }

    /// Twelve long titles on a 100 px knob: budget 2π·100·0.4 = 251; even at 7 px
    /// "Long title here" is ≈ 50 px wide, 50·1.4·12 = 840 > 251 → the 7 pt floor.
    @Test func manyLongTitlesOnASmallKnobGetTheFloor() throws {
        let titles = Array(repeating: "Long title here", count: 12)
        #expect(try Self.widest(titles, 7) * 1.4 * 12 > 251)
        #expect(KnobPainter.fittedFontSize(titles: titles, positions: 12, travel: 2 * .pi, side: 100, fontName: "DejaVu Sans") == 7)
    }

    // MARK: satin

    /// Gradient over the disc from y = c − r (white α 0.16) through the centre row (clear)
    /// to y = c + r (black α 0.18); a black α 0.30 rim of width max(1, 0.03·r) = 3 centred
    /// on radius r − 1.5; a white α 0.22 highlight arc of width 2.4 on radius r − 4.8 across
    /// the top. Side 200, r 100:
    ///   (100, 100): t = 100.5/200 = 0.5025 → α 0.18·0.005 ≈ 0
    ///   (100, 20):  t = 0.1025 → α 0.16·(1 − 0.205) = 0.127 (32 of 255), white
    ///   (100, 180): t = 0.9025 → α 0.18·0.805 = 0.145 (37), black
    ///   (198, 100): distance 98.5 = the rim's centre line → α 0.30 (76.5), black
    ///   (100, 4):   distance 95.5, inside the highlight (94.0…96.4); gradient α at t 0.0225 is
    ///               0.16·0.955 = 0.153; highlight over it: 0.22 + 0.153·0.78 = 0.339 (86)
    @Test func satinOverlay() throws {
        let satin = try KnobPainter.satinOverlay(side: 200, knobRadius: 100, scale: 1)
        #expect(satin.width == 200)
        #expect(satin.pixel(x: 100, y: 100).alpha < 1.5 / 255)
        #expect(satin.pixel(x: 30, y: 100).alpha < 1.5 / 255, "the whole centre row")
        #expect(satin.pixel(x: 170, y: 99).alpha < 2.5 / 255)
        let upper = satin.pixel(x: 100, y: 20), lower = satin.pixel(x: 100, y: 180)
        #expect(abs(upper.alpha * 255 - 32.4) < 2.5 && upper.red > 0.75, "\(RGBA(upper))")
        #expect(abs(lower.alpha * 255 - 37.0) < 2.5 && lower.red < 0.05, "\(RGBA(lower))")
        let rim = satin.pixel(x: 198, y: 100)
        #expect(abs(rim.alpha * 255 - 76.5) < 3 && rim.red < 0.05, "\(RGBA(rim))")
        let highlight = satin.pixel(x: 100, y: 4)
        #expect(abs(highlight.alpha * 255 - 86.4) < 4 && highlight.red > 0.9, "\(RGBA(highlight))")
        // Nothing outside the disc.
        #expect(satin.pixel(x: 2, y: 2).alpha == 0 && satin.pixel(x: 175, y: 175).alpha == 0)
        // No highlight on the lower half: (100, 195) is 95.5 px below → only the gradient
        // (t = 0.9775 → α 0.18·0.955 = 0.172 = 44), black.
        let below = satin.pixel(x: 100, y: 195)
        #expect(abs(below.alpha * 255 - 43.8) < 3 && below.red < 0.05, "\(RGBA(below))")
    }
}
