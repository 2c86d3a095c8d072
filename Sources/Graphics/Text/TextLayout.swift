import CCairo

/// A line (or paragraph) of text laid out with cairo's FreeType fonts: fontconfig finds the
/// font and, per character, a fallback for what it lacks (CJK from WenQuanYi); glyphs are
/// placed from cmap, advances and the `kern` table, the way Pango placed them (advances
/// rounded to whole pixels, line height = ascent + descent rounded up). Text that needs
/// shaping (Arabic, Hebrew, Indic, combining marks, ...) is shaped by HarfBuzz, loaded on first
/// need (Shaping). Sizes are in pixels of the context it was made for.
public final class TextLayout {
    private let context: DrawingContext
    private var pixelSize: Double
    private let fonts: FontSet
    private var paragraphs: [Paragraph]
    /// The context's transform (without translation) when the layout was made: metrics and
    /// ink are those of fonts hinted for it, as Pango did.
    private var ctm = cairo_matrix_t()
    /// What is shared with every layout of this text, font, size and transform (the fonts'
    /// lookups, glyphs, lines, scaled fonts): made once, not in every paint (TextLayoutCache).
    private var shared: TextLayoutCache
    private let text: String
    private let bold: Bool
    private var wrapWidth: Double?
    private var alignment = Alignment.left
    private var laidOut: [Line]?
    /// Whether lines break at `wrapWidth` (else it only aligns them).
    private var wraps = true
    /// Lines past this height are left out (the last one shown ends in "…" if `ellipsizes`).
    private var maxHeight: Double?
    /// Whether a line too wide for `wrapWidth`, or the last one before text left out, ends in "…".
    private var ellipsizes = false
    private var truncated = false

    /// The em size asked for (`shrink` goes down from it).
    private let requestedPixelSize: Double

    /// Characters no installed font has (drawn as the font's missing-glyph box). 0 means the
    /// fonts are right.
    public let unknownGlyphCount: Int

    public enum Alignment: Sendable { case left, center, right }

    /// How text that does not fit its box is shown (a label's, title's or caption's `fit`).
    public enum Fit: String, Sendable, CaseIterable {
        /// Lines break at the box's width; lines past its height are left out, and the last
        /// line shown ends in "…" (no line is cut through its letters).
        case wrap
        /// One line per paragraph, made smaller until it fits (down to `minimumShrink` of its
        /// size, then as `ellipsis`).
        case shrink
        /// One line per paragraph; a line too wide ends in "…", lines past the height are left out.
        case ellipsis
        /// One line per paragraph, cut at the box's edges.
        case clip
    }

    /// The smallest fraction of its size `shrink` makes text (half: smaller is unreadable).
    public static let minimumShrink = 0.5

    /// "…" (U+2026 HORIZONTAL ELLIPSIS), ending a line that was shortened.
    static let ellipsis: UInt32 = 0x2026
    /// U+2010 HYPHEN, drawn where a line breaks at a soft hyphen (U+002D where the font lacks it).
    static let hyphen: UInt32 = 0x2010

    /// Whether text that needs shaping (Arabic, Hebrew, Indic, combining marks) is shaped:
    /// libharfbuzz could be opened (this opens it, once).
    public static var shapesComplexScripts: Bool { Shaping.harfBuzzLoaded }

    /// - Parameters:
    ///   - family: a fontconfig family such as "DejaVu Sans"; may include a style ("DejaVu Sans Bold").
    ///   - pixelSize: the em size in pixels.
    public init(text: String, family: String, pixelSize: Double, bold: Bool = false, context: DrawingContext) {
        self.context = context
        self.text = text
        self.bold = bold
        let size = Swift.max(1, pixelSize.isFinite ? pixelSize : 1)
        self.pixelSize = size
        requestedPixelSize = size
        ctm = Self.transform(of: context)
        shared = TextLayoutCache.entry(Self.key(text, family: family, bold: bold, pixelSize: size, ctm: ctm),
                                       fonts: FontSet.matching(family: family, bold: bold))
        fonts = shared.fonts
        let made = Self.paragraphs(shared, text: text, pixelSize: size, ctm: ctm)
        paragraphs = made.paragraphs
        unknownGlyphCount = made.unknown
    }

    private static func key(_ text: String, family: String, bold: Bool, pixelSize: Double, ctm m: cairo_matrix_t) -> TextLayoutCache.Key {
        TextLayoutCache.Key(text: text, family: family, bold: bold, pixelSize: pixelSize, xx: m.xx, yx: m.yx, xy: m.xy, yy: m.yy)
    }

    /// The paragraphs at `pixelSize` for the transform `ctm`, from the cache when made before.
    private static func paragraphs(_ shared: TextLayoutCache, text: String, pixelSize: Double, ctm: cairo_matrix_t) -> (paragraphs: [Paragraph], unknown: Int) {
        shared.paragraphs(at: pixelSize) {
            var unknown = 0
            let scale = deviceScale(ctm)
            let made = paragraphTexts(text).map { Paragraph($0, fonts: shared.fonts, pixelSize: pixelSize, deviceScale: scale, unknown: &unknown) }
            return (made, unknown)
        }
    }

    /// The context's transform without its translation.
    private static func transform(of context: DrawingContext) -> cairo_matrix_t {
        var m = cairo_matrix_t()
        cairo_get_matrix(context.handle, &m)
        m.x0 = 0; m.y0 = 0
        return m
    }

    private static func deviceScale(_ m: cairo_matrix_t) -> Double {
        let scale = (m.xx * m.xx + m.yx * m.yx).squareRoot()
        return scale.isFinite && scale > 1e-6 ? scale : 1
    }

    /// Lays the text out again for the context's transform if it changed since (Pango's
    /// pango_cairo_update_layout): advances are whole device pixels of the transform drawn with.
    private func followTransform() {
        let now = Self.transform(of: context)
        guard now.xx != ctm.xx || now.yx != ctm.yx || now.xy != ctm.xy || now.yy != ctm.yy else { return }
        ctm = now
        let k = shared.key
        shared = TextLayoutCache.entry(Self.key(text, family: k.family, bold: bold, pixelSize: requestedPixelSize, ctm: now), fonts: fonts)
        paragraphs = Self.paragraphs(shared, text: text, pixelSize: pixelSize, ctm: now).paragraphs
        laidOut = nil
    }

    /// The logical size of the text in pixels (advance width, line height).
    public var size: (width: Double, height: Double) {
        let box = logicalBox
        return (box.width, box.height)
    }

    /// Each line's characters (logical order; a hyphen or "…" the layout added included, the
    /// spaces it broke after not) and how many glyphs it draws: what Pango's layouts are
    /// compared by.
    public var lineSummaries: [(text: String, glyphs: Int)] {
        lines.map { line in
            var text = String.UnicodeScalarView()
            for v in line.text { if let s = Unicode.Scalar(v) { text.append(s) } }
            return (String(text), line.glyphs.count)
        }
    }

    /// The box the glyphs' ink covers, in pixels from the top left of the logical box.
    public var inkBox: Rect {
        let logical = logicalBox
        _ = lines
        if let memo = shared.lines(linesKey), let ink = memo.ink { return ink }
        let ink = measuredInk(logical)
        if var memo = shared.lines(linesKey) { memo.ink = ink; shared.store(memo, for: linesKey) }
        return ink
    }

    /// The box the glyphs' ink covers when the layout is drawn `at: origin`.
    public func inkBox(drawnAt origin: Point) -> Rect {
        let ink = inkBox, logical = logicalBox
        return Rect(x: origin.x + logical.x + ink.x, y: origin.y + logical.y + ink.y, width: ink.width, height: ink.height)
    }

    private func measuredInk(_ logical: Rect) -> Rect {
        var ink: Rect?
        for line in lines {
            forEachRun(of: line, origin: Point(x: 0, y: 0)) { font, glyphs in
                guard let scaled = scaledFont(font) else { return }
                var extents = cairo_text_extents_t()
                cairo_scaled_font_glyph_extents(scaled, glyphs, Int32(glyphs.count), &extents)
                guard extents.width > 0, extents.height > 0 else { return }
                // cairo gives the bearings from the first glyph's origin.
                let box = Rect(x: glyphs[0].x + extents.x_bearing, y: glyphs[0].y + extents.y_bearing,
                               width: extents.width, height: extents.height)
                ink = ink.map { $0.union(box) } ?? box
            }
        }
        guard let ink else { return Rect(x: -logical.x, y: (lines.first?.baseline ?? 0) - logical.y, width: 0, height: 0) }
        return Rect(x: ink.x - logical.x, y: ink.y - logical.y, width: ink.width, height: ink.height)
    }

    /// Limits the layout to `width` pixels (lines wrap at spaces, between ideographs, and
    /// inside a word too long for a line) and aligns each line within it.
    public func setWidth(_ width: Double, alignment: Alignment) {
        wrapWidth = width.isFinite ? width : nil
        self.alignment = alignment
        wraps = true; maxHeight = nil; ellipsizes = false
        laidOut = nil
    }

    /// Fits the text into a `width` × `height` box as `fit` says, lines aligned within the
    /// width. Afterwards `size` is what is drawn and `isTruncated` says whether text was left
    /// out or shortened; `pixelSize` may be smaller (`shrink`).
    public func fit(_ fit: Fit, width: Double, height: Double, alignment: Alignment) {
        setWidth(width, alignment: alignment)
        let height = height.isFinite ? Swift.max(0, height) : nil
        switch fit {
        case .wrap: maxHeight = height; ellipsizes = true
        case .ellipsis: wraps = false; maxHeight = height; ellipsizes = true
        case .clip: wraps = false
        case .shrink:
            wraps = false; maxHeight = nil
            let key = TextLayoutCache.FitKey(fit: fit, from: pixelSize, width: width, height: height)
            if let fitted = shared.fittedSize(key) {
                if fitted != pixelSize { relayout(pixelSize: fitted) }
            } else {
                shrinkToFit(width: width, height: height ?? .infinity)
                shared.store(fittedSize: pixelSize, for: key)
            }
            maxHeight = height; ellipsizes = true
        }
        laidOut = nil
    }

    /// The em size in pixels the text is laid out at (smaller than asked after `shrink`).
    public var fittedPixelSize: Double { pixelSize }

    /// Whether `fit` left text out or ended a line in "…".
    public var isTruncated: Bool { _ = lines; return truncated }

    /// Smaller sizes until the unwrapped text fits: first the ratio of the sizes, then 5 %
    /// steps (advances are whole pixels, so the ratio is close but not exact).
    private func shrinkToFit(width: Double, height: Double) {
        let smallest = requestedPixelSize * Self.minimumShrink
        var tries = 0
        while tries < 12 {
            let s = size
            guard s.width > width + 1e-6 || s.height > height + 1e-6, pixelSize > smallest else { return }
            let ratio = Swift.min(width / Swift.max(s.width, 1e-6), height / Swift.max(s.height, 1e-6))
            let next = Swift.max(smallest, (pixelSize * Swift.min(ratio, tries == 0 ? 1 : 0.95) * 4).rounded(.down) / 4)
            relayout(pixelSize: next < pixelSize ? next : Swift.max(smallest, pixelSize - 0.25))
            tries += 1
        }
    }

    private func relayout(pixelSize: Double) {
        self.pixelSize = pixelSize
        paragraphs = Self.paragraphs(shared, text: text, pixelSize: pixelSize, ctm: ctm).paragraphs
        laidOut = nil
    }

    /// Draws with the context's current source, top-left of the logical box at `origin`.
    public func draw(at origin: Point) {
        followTransform()
        let cr = context.handle
        cairo_save(cr)
        cairo_set_font_options(cr, Self.fontOptions)
        var placed: [cairo_glyph_t] = []
        for line in runs {
            for (font, glyphs) in line {
                guard let face = fonts.face(font, pixelSize: pixelSize * Self.deviceScale(ctm)) else { continue }
                cairo_set_font_face(cr, face)
                cairo_set_font_size(cr, pixelSize)
                placed.removeAll(keepingCapacity: true)
                for g in glyphs { placed.append(cairo_glyph_t(index: g.index, x: g.x + origin.x, y: g.y + origin.y)) }
                cairo_show_glyphs(cr, placed, Int32(placed.count))
            }
        }
        cairo_restore(cr)
    }

    /// Draws centred on `center`.
    public func draw(centeredAt center: Point) {
        let s = size
        draw(at: Point(x: center.x - s.width / 2, y: center.y - s.height / 2))
    }

    // MARK: lines

    /// One laid-out line: glyphs from its left end (x) and baseline (y), its offset in the
    /// layout (alignment) and its logical box.
    struct Line {
        /// The characters drawn, in logical order (a hyphen or "…" added at its end included).
        var text: [UInt32]
        var glyphs: [(font: Int, id: UInt32, x: Double, y: Double)]
        var x: Double
        var top: Double
        var width: Double
        var height: Double
        var baseline: Double
    }

    /// Metrics as Pango hinted them: its logical box per font is ceil(ascent) above the
    /// baseline and ceil(ascent + descent) tall (cairo-ft's ascent and descent, hinted at the
    /// layout's own size whatever the context's scale, as Pango's were).
    private func metrics(_ font: Int) -> (ascent: Double, height: Double) {
        var extents = cairo_font_extents_t()
        if let scaled = scaledFont(font, identity: true) {
            cairo_scaled_font_extents(scaled, &extents)
        } else {
            extents.ascent = pixelSize * 0.8; extents.descent = pixelSize * 0.2
        }
        func ceilUnits(_ v: Double) -> Double { ((v * 1024).rounded() / 1024).rounded(.up) }
        return (ceilUnits(extents.ascent), ceilUnits(extents.ascent + extents.descent))
    }

    /// The settings the lines are made with (the key of the shared lines).
    private var linesKey: TextLayoutCache.LinesKey {
        TextLayoutCache.LinesKey(pixelSize: pixelSize, wrapWidth: wrapWidth, alignment: alignment, wraps: wraps, maxHeight: maxHeight, ellipsizes: ellipsizes)
    }

    private var lines: [Line] {
        if let laidOut { return laidOut }
        let key = linesKey
        if let memo = shared.lines(key) {
            truncated = memo.truncated
            laidOut = memo.lines
            return memo.lines
        }
        let made = makeLines()
        shared.store(TextLayoutCache.Lines(lines: made, truncated: truncated), for: key)
        return made
    }

    /// Each line's runs of one font, placed from the layout's top left (shared).
    private var runs: [[(font: Int, glyphs: [cairo_glyph_t])]] {
        let all = lines
        let key = linesKey
        if let memo = shared.lines(key), let runs = memo.runs { return runs }
        let made = all.map { line in
            var out: [(font: Int, glyphs: [cairo_glyph_t])] = []
            forEachRun(of: line, origin: Point(x: 0, y: 0)) { out.append(($0, $1)) }
            return out
        }
        if var memo = shared.lines(key) { memo.runs = made; shared.store(memo, for: key) }
        return made
    }

    private func makeLines() -> [Line] {
        var out: [Line] = []
        var pieces: [(paragraph: Paragraph, range: Range<Int>)] = []
        for paragraph in paragraphs {
            let ranges = paragraph.lineRanges(width: wraps ? wrapWidth : nil)
            for (k, range) in ranges.enumerated() {
                // A break at a soft hyphen shows a hyphen.
                if k < ranges.count - 1, let last = range.last, paragraph.scalars[last] == 0xAD {
                    let hyphen = fonts.fontIndex(for: Self.hyphen) != nil ? Self.hyphen : 0x2D
                    pieces.append(remade(Array(paragraph.scalars[range]) + [hyphen]))
                } else {
                    pieces.append((paragraph, range))
                }
            }
        }
        truncated = false
        var y = 0.0
        for (k, piece) in pieces.enumerated() {
            var piece = piece
            if ellipsizes, let wrapWidth, piece.paragraph.advance(piece.range) > wrapWidth + 1e-6 {
                piece = ellipsized(piece, width: wrapWidth)
                truncated = true
            }
            let line = makeLine(piece.paragraph, piece.range, top: y)
            if let maxHeight, !out.isEmpty, y + line.height > maxHeight + 1e-6 {
                truncated = true
                if ellipsizes {
                    let previous = pieces[k - 1]
                    out[out.count - 1] = makeLine(ellipsized(previous, width: wrapWidth ?? .infinity, always: true), top: out[out.count - 1].top)
                }
                break
            }
            out.append(line)
            y += line.height
        }
        laidOut = out
        return out
    }

    /// A paragraph of `scalars` at this layout's size, as one piece.
    private func remade(_ scalars: [UInt32]) -> (paragraph: Paragraph, range: Range<Int>) {
        var unknown = 0
        let p = Paragraph(scalars, fonts: fonts, pixelSize: pixelSize, deviceScale: Self.deviceScale(ctm), unknown: &unknown)
        return (p, 0..<scalars.count)
    }

    /// The piece shortened to fit `width` with "…" after it (`always`: even if it fits, as
    /// the last line shown when more text follows). Cut between clusters, trailing spaces dropped.
    private func ellipsized(_ piece: (paragraph: Paragraph, range: Range<Int>), width: Double,
                            always: Bool = false) -> (paragraph: Paragraph, range: Range<Int>) {
        let p = piece.paragraph, lower = piece.range.lowerBound
        var scalars: [UInt32]
        let mark = remade([Self.ellipsis])
        let markWidth = mark.paragraph.advance(mark.range)
        var end = piece.range.upperBound
        if !always, p.advance(piece.range) <= width + 1e-6 { return piece }
        var attempt = 0
        while true {
            while end > lower, p.advance(lower..<end) + markWidth > width + 1e-6 || !(end == piece.range.upperBound || p.clusterStarts[end]) {
                end -= 1
            }
            var last = end
            while last > lower, TextScalars.isBreakingSpace(p.scalars[last - 1]) { last -= 1 }
            scalars = Array(p.scalars[lower..<last]) + [Self.ellipsis]
            let made = remade(scalars)
            attempt += 1
            if made.paragraph.advance(made.range) <= width + 1e-6 || end <= lower || attempt > 4 { return made }
            end -= 1
        }
    }

    /// One line of `paragraph` (its characters `range`) whose top is at `top`.
    private func makeLine(_ piece: (paragraph: Paragraph, range: Range<Int>), top: Double) -> Line {
        makeLine(piece.paragraph, piece.range, top: top)
    }

    private func makeLine(_ paragraph: Paragraph, _ range: Range<Int>, top y: Double) -> Line {
        let line = paragraph.line(range)
        var ascent = 0.0, descent = 0.0
        let used = Set(line.glyphs.map(\.font))
        for font in used.isEmpty ? [0] : used.sorted() {
            let m = metrics(font)
            ascent = Swift.max(ascent, m.ascent)
            descent = Swift.max(descent, m.height - m.ascent)
        }
        let lineWidth = line.width
        var x = 0.0
        if let wrapWidth {
            switch alignment {
            case .left: x = 0
            case .right: x = wrapWidth - lineWidth
            case .center:
                x = (wrapWidth - lineWidth) / 2
                // Pango's hinting: whole pixels when both widths are.
                if wrapWidth == wrapWidth.rounded(), lineWidth == lineWidth.rounded() { x = (x + 0.5).rounded(.down) }
            }
        }
        return Line(text: Array(paragraph.scalars[range]), glyphs: line.glyphs.map { ($0.font, $0.id, $0.x, $0.y) }, x: x, top: y, width: lineWidth,
                    height: ascent + descent, baseline: y + ascent)
    }

    private var logicalBox: Rect {
        let all = lines
        guard let first = all.first else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        let minX = all.map(\.x).min() ?? first.x
        let maxX = all.map { $0.x + $0.width }.max() ?? first.x
        let bottom = all.last.map { $0.top + $0.height } ?? 0
        return Rect(x: minX, y: 0, width: maxX - minX, height: bottom)
    }

    /// Calls `body` with each stretch of a line's glyphs in one font, placed for cairo.
    private func forEachRun(of line: Line, origin: Point, _ body: (Int, [cairo_glyph_t]) -> Void) {
        var start = 0
        while start < line.glyphs.count {
            let font = line.glyphs[start].font
            var end = start
            var glyphs: [cairo_glyph_t] = []
            while end < line.glyphs.count, line.glyphs[end].font == font {
                let g = line.glyphs[end]
                glyphs.append(cairo_glyph_t(index: UInt(g.id), x: origin.x + line.x + g.x, y: origin.y + line.baseline + g.y))
                end += 1
            }
            body(font, glyphs)
            start = end
        }
    }

    /// The font at the layout's size for the context's transform (ink boxes), or for none
    /// (`identity`: line metrics).
    private func scaledFont(_ index: Int, identity: Bool = false) -> OpaquePointer? {
        shared.scaledFont(.init(font: index, identity: identity, pixelSize: pixelSize)) {
            let device = identity ? pixelSize : pixelSize * Self.deviceScale(ctm)
            guard let face = fonts.face(index, pixelSize: device) else { return nil }
            var matrix = cairo_matrix_t(), transform = ctm
            cairo_matrix_init_scale(&matrix, pixelSize, pixelSize)
            if identity { cairo_matrix_init_identity(&transform) }
            guard let scaled = cairo_scaled_font_create(face, &matrix, &transform, Self.fontOptions) else { return nil }
            guard cairo_scaled_font_status(scaled) == CAIRO_STATUS_SUCCESS else { cairo_scaled_font_destroy(scaled); return nil }
            return scaled
        }
    }

    /// Metrics hinted to whole pixels, as on an image surface (what Pango used).
    private nonisolated(unsafe) static let fontOptions: OpaquePointer = {
        let options = cairo_font_options_create()!
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_ON)
        return options
    }()

    /// Paragraphs end at line feeds, carriage returns (alone or before a line feed) and
    /// paragraph separators.
    private static func paragraphTexts(_ text: String) -> [[UInt32]] {
        var out: [[UInt32]] = [], current: [UInt32] = []
        var afterCR = false
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v == 0x0A, afterCR { afterCR = false; continue }
            afterCR = v == 0x0D
            if v == 0x0A || v == 0x0D || v == 0x2028 || v == 0x2029 {
                out.append(current); current = []
            } else {
                current.append(v)
            }
        }
        out.append(current)
        return out
    }
}
