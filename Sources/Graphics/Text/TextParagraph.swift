/// One paragraph's glyphs, before lines are broken: the characters split into runs of one
/// font (and, for shaped text, one bidi level), each run's glyphs in pixels, and per character
/// what line breaking needs (its cluster's advance, whether a line may start there).
struct Paragraph {
    /// A glyph in pixels.
    typealias Glyph = PlacedGlyph

    struct Run {
        var font: Int
        var level: Int
        var range: Range<Int>
        /// In visual order (right-to-left runs reversed).
        var glyphs: [Glyph]
    }

    let scalars: [UInt32]
    private(set) var runs: [Run] = []
    /// The advance of the glyphs of the cluster each character starts (0 inside a cluster).
    private(set) var widths: [Double]
    /// Whether a line may start at the character (a cluster starts there).
    private(set) var clusterStarts: [Bool]
    /// The distance between tab stops: 8 spaces of the first font, as Pango's default.
    private(set) var tabWidth: Double = 0
    /// Spaces a tab stop is wide (Pango's default).
    static let spacesPerTab = 8.0

    /// - Parameter deviceScale: device pixels per unit of the context's space: advances are
    ///   rounded to whole device pixels (Pango's rule under a scaled context).
    init(_ scalars: [UInt32], fonts: FontSet, pixelSize: Double, deviceScale: Double, unknown: inout Int) {
        self.scalars = scalars
        let n = scalars.count
        widths = Array(repeating: 0, count: n)
        clusterStarts = Array(repeating: true, count: n)
        let k = pixelSize / (fonts.primary?.unitsPerEm ?? 1)
        let space = fonts.primary?.kernedGlyphs([0x20]).first.map { Self.pixels($0.advance * k, deviceScale) } ?? pixelSize / 3
        tabWidth = Swift.max(1, Self.spacesPerTab * space)
        guard n > 0 else { return }

        // Each character's font: the first of the set that has it; a combining mark stays
        // with its base's font, and a space with the font of the character before it (at the
        // start, after it), when that font has it (Pango's rule: a space never picks a font);
        // invisible characters join their neighbours' run; characters no font has are drawn
        // by the first font (its .notdef).
        // Emoji that ask for emoji presentation (by default, or with U+FE0F) take the colour
        // emoji font (Pango's rule, UTS #51); a space never does (its advance there is wide).
        var fontOf = [Int](repeating: 0, count: n)
        var previous: Int?
        for (i, v) in scalars.enumerated() {
            if TextScalars.isInvisible(v) { fontOf[i] = previous ?? 0; continue }
            let lookup = Self.lookupScalar(v)
            let isSpace = TextScalars.isSpaceSeparator(v)
            let keepsFont = TextScalars.isMark(v) || isSpace
            var neighbour = previous ?? (keepsFont ? scalars[(i + 1)...].first { !TextScalars.isSpaceSeparator($0) && !TextScalars.isInvisible($0) }
                .flatMap { fonts.fontIndex(for: Self.lookupScalar($0)) } : nil)
            if isSpace, let chosen = neighbour, fonts.font(chosen)?.isColor == true { neighbour = nil }
            if keepsFont, let neighbour, fonts.font(neighbour)?.covers(lookup) == true {
                fontOf[i] = neighbour
            } else if TextScalars.wantsEmojiPresentation(scalars, at: i), let index = fonts.emojiFontIndex(for: lookup) {
                fontOf[i] = index
            } else if let index = fonts.fontIndex(for: lookup) {
                fontOf[i] = index
            } else {
                fontOf[i] = 0
                unknown += 1
            }
            previous = fontOf[i]
        }

        let shaped = scalars.contains(where: TextScalars.needsShaping) && Shaping.harfBuzzLoaded
        let levels: [Int] = shaped ? Shaping.bidiLevels(scalars) ?? Self.guessedLevels(scalars) : Array(repeating: 0, count: n)
        var start = 0
        while start < n {
            var end = start + 1
            while end < n, fontOf[end] == fontOf[start], levels[end] == levels[start] { end += 1 }
            let range = start..<end
            let font = fonts.font(fontOf[start])
            var glyphs: [Glyph]
            if shaped, let shaper = font?.shaperFont {
                glyphs = Self.shapedGlyphs(scalars, range, shaper: shaper, rightToLeft: levels[start] % 2 == 1, pixelSize: pixelSize,
                                           scale: deviceScale)
            } else {
                glyphs = Self.placedGlyphs(scalars, range, font: font, pixelSize: pixelSize, scale: deviceScale)
            }
            // A line may not start inside a cluster (a ligature, a letter with its marks).
            var starts = Set<Int>()
            for g in glyphs { starts.insert(g.cluster) }
            for i in range { clusterStarts[i] = i == range.lowerBound || starts.contains(i) || TextScalars.isInvisible(scalars[i]) }
            for g in glyphs where g.cluster < n { widths[g.cluster] += g.advance }
            runs.append(Run(font: fontOf[start], level: levels[start], range: range, glyphs: glyphs))
            start = end
        }
    }

    /// A tab is shaped as a space (Paragraph.line drops its glyph and moves to the next stop).
    static func lookupScalar(_ v: UInt32) -> UInt32 { v == 0x09 ? 0x20 : v }

    /// Glyphs from cmap with kerned advances, rounded to whole pixels as Pango rounded them.
    /// The standard f-ligatures HarfBuzz formed (ff, fi, fl, ffi, ffl: DejaVu has them) are
    /// taken from their Unicode presentation forms (U+FB00…FB04) when the font maps them.
    private static func placedGlyphs(_ scalars: [UInt32], _ range: Range<Int>, font: Font?, pixelSize: Double, scale: Double) -> [Glyph] {
        guard let font else { return [] }
        let visible = range.filter { !TextScalars.isInvisible(scalars[$0]) }
        var items: [(cluster: Int, scalar: UInt32)] = []
        var j = 0
        while j < visible.count {
            let v = scalars[visible[j]]
            if v == 0x66, j + 1 < visible.count {   // f
                let next = scalars[visible[j + 1]], third = j + 2 < visible.count ? scalars[visible[j + 2]] : 0
                let candidates: [(UInt32, Int)] = next == 0x66 ? [(third == 0x69 ? 0xFB03 : third == 0x6C ? 0xFB04 : 0, 3), (0xFB00, 2)]
                    : [(next == 0x69 ? 0xFB01 : next == 0x6C ? 0xFB02 : 0, 2)]
                if let (form, length) = candidates.first(where: { $0.0 != 0 && font.covers($0.0) }) {
                    items.append((visible[j], form)); j += length; continue
                }
            }
            items.append((visible[j], lookupScalar(v))); j += 1
        }
        let found = font.kernedGlyphs(items.map(\.scalar))
        let k = pixelSize / font.unitsPerEm
        return zip(items, found).map { item, g in
            Glyph(id: g.id, cluster: item.cluster, advance: pixels(g.advance * k, scale), dx: 0, dy: 0)
        }
    }

    private static func shapedGlyphs(_ scalars: [UInt32], _ range: Range<Int>, shaper: ShaperFont, rightToLeft: Bool,
                                     pixelSize: Double, scale: Double) -> [Glyph] {
        let k = pixelSize / shaper.unitsPerEm
        return Shaping.shape(scalars, range: range, font: shaper, rightToLeft: rightToLeft).map { g in
            Glyph(id: g.id, cluster: g.cluster, advance: pixels(g.advance * k, scale), dx: pixels(g.dx * k, scale),
                  dy: -pixels(g.dy * k, scale))
        }
    }

    /// Whole device pixels (`scale` of them per unit), rounded the way Pango rounded its
    /// 1/1024-pixel units (halves up).
    static func pixels(_ v: Double, _ scale: Double) -> Double {
        (((v * scale * 1024).rounded() + 512) / 1024).rounded(.down) / scale
    }

    /// Levels without FriBidi: right-to-left letters 1, other letters 0, everything else
    /// that of the letter before it; a paragraph that starts right-to-left puts its
    /// left-to-right stretches at 2 (so they keep their order inside it).
    private static func guessedLevels(_ scalars: [UInt32]) -> [Int] {
        var levels = [Int](repeating: 0, count: scalars.count)
        let firstStrong = scalars.first { TextScalars.isRightToLeft($0) || (Unicode.Scalar($0)?.properties.isAlphabetic ?? false) }
        let rtlParagraph = firstStrong.map(TextScalars.isRightToLeft) ?? false
        var current = rtlParagraph ? 1 : 0
        for (i, v) in scalars.enumerated() {
            if TextScalars.isRightToLeft(v) { current = 1 } else if Unicode.Scalar(v)?.properties.isAlphabetic == true { current = rtlParagraph ? 2 : 0 }
            levels[i] = current
        }
        return levels
    }

    // MARK: line breaking

    /// Where the pen goes after a tab at `x` (from the line's start): the next stop.
    func tabStop(after x: Double) -> Double {
        ((x + 1e-6) / tabWidth).rounded(.down) * tabWidth + tabWidth
    }

    /// The advance of characters `range` set from a line's start (tabs to their stops).
    func advance(_ range: Range<Int>) -> Double {
        var x = 0.0
        for i in range { x = scalars[i] == 0x09 ? tabStop(after: x) : x + widths[i] }
        return x
    }

    /// The characters of each line: breaks where LineBreaking allows one when the next word
    /// would pass `width` (spaces may hang past it); a word wider than the line is broken
    /// between grapheme clusters. Each range excludes the spaces its line was broken after.
    /// A paragraph that fits is not looked at (nor is libunibreak opened for it).
    func lineRanges(width: Double?) -> [Range<Int>] {
        let n = scalars.count
        guard let width, n > 0 else { return [0..<n] }
        let forced = scalars.contains { $0 == 0x0B || $0 == 0x0C || $0 == 0x85 }
        if !forced, advance(0..<n) <= width + 1e-6 { return [0..<n] }
        let breaks = LineBreaking.opportunities(scalars)
        var lines: [Range<Int>] = []
        var start = 0, x = 0.0, i = 0
        var opportunity: Int?
        func close(_ end: Int) {
            var last = end
            while last > start, TextScalars.isBreakingSpace(scalars[last - 1]) || TextScalars.isForcedBreak(scalars[last - 1]) { last -= 1 }
            lines.append(start..<last)
        }
        while i < n {
            if i > start, breaks[i] == .mandatory {
                close(i); start = i; x = 0; opportunity = nil
                continue
            }
            if i > start, breaks[i] == .allowed { opportunity = i }
            let v = scalars[i]
            let next = v == 0x09 ? tabStop(after: x) : x + widths[i]
            if TextScalars.isBreakingSpace(v) { x = next; i += 1; continue }
            if i > start, next > width + 1e-6 {
                if let b = opportunity, b > start {
                    close(b)
                    start = b; opportunity = nil
                    x = advance(b..<i)
                    continue
                }
                if clusterStarts[i], breaks[i] != .insideCluster {
                    close(i)
                    start = i; x = 0; opportunity = nil
                    continue
                }
            }
            x = next; i += 1
        }
        lines.append(start..<n)
        return lines
    }

    /// The glyphs of the characters in `range`, in visual order from the line's left end,
    /// and the line's advance width.
    func line(_ range: Range<Int>) -> (glyphs: [(font: Int, id: UInt32, x: Double, y: Double)], width: Double) {
        var pieces: [(font: Int, level: Int, glyphs: [Glyph])] = []
        for run in runs where run.range.overlaps(range) {
            let inside = run.range.lowerBound >= range.lowerBound && run.range.upperBound <= range.upperBound
            pieces.append((run.font, run.level, inside ? run.glyphs : run.glyphs.filter { range.contains($0.cluster) }))
        }
        var out: [(font: Int, id: UInt32, x: Double, y: Double)] = []
        var pen = 0.0
        for index in Shaping.visualOrder(levels: pieces.map(\.level)) {
            for g in pieces[index].glyphs {
                // A tab moves the pen to the next stop and draws nothing (Pango's empty glyph).
                if g.cluster < scalars.count, scalars[g.cluster] == 0x09 { pen = tabStop(after: pen); continue }
                out.append((pieces[index].font, g.id, pen + g.dx, g.dy))
                pen += g.advance
            }
        }
        return (out, pen)
    }
}
