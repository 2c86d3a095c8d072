import CCairo
#if canImport(Glibc)
import Glibc
import PanelSystem
#endif

/// HarfBuzz (and FriBidi) for text that needs shaping, opened with dlopen the first time such
/// a text is laid out (CCairo/shaping.h). Without libharfbuzz such text is drawn unshaped
/// (letters in logical order, isolated forms) and a line on stderr says so, once.
enum Shaping {
    static let harfBuzzLoaded: Bool = {
        if let why = knob_harfbuzz_load() {
            warn("text in complex scripts is drawn unshaped: \(String(cString: why))")
            return false
        }
        return true
    }()

    static let fribidiLoaded: Bool = {
        if let why = knob_fribidi_load() {
            warn("mixed-direction text is not reordered: \(String(cString: why))")
            return false
        }
        return true
    }()

    /// One line on stderr (fd 2: this module has no FILE streams).
    private static func warn(_ message: String) {
        let line = Array((JournalStream.lines("knob-panel: \(message)", .warning) + "\n").utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }

    /// A glyph as HarfBuzz placed it, in font units (y up).
    typealias Glyph = PlacedGlyph

    /// Shapes `range` of `text` (the whole paragraph is context). `rightToLeft`: the run's bidi
    /// direction when known, else HarfBuzz guesses it (with the script) from the text.
    /// Glyphs come back in visual order (right-to-left runs reversed).
    static func shape(_ text: [UInt32], range: Range<Int>, font: ShaperFont, rightToLeft: Bool?) -> [Glyph] {
        guard let buffer = knob_hb_buffer_create() else { return [] }
        defer { knob_hb_buffer_destroy(buffer) }
        text.withUnsafeBufferPointer { p in
            knob_hb_buffer_add_utf32(buffer, p.baseAddress, Int32(p.count), UInt32(range.lowerBound), Int32(range.count))
        }
        if let rightToLeft { knob_hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR) }
        knob_hb_buffer_guess_segment_properties(buffer)
        knob_hb_shape(font.font, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = knob_hb_buffer_get_glyph_infos(buffer, &count),
              let positions = knob_hb_buffer_get_glyph_positions(buffer, &count) else { return [] }
        return (0..<Int(count)).map { i in
            Glyph(id: infos[i].codepoint, cluster: Int(infos[i].cluster), advance: Double(positions[i].x_advance),
                  dx: Double(positions[i].x_offset), dy: Double(positions[i].y_offset))
        }
    }

    /// The Unicode bidi embedding level of each character of a paragraph (even: left to right,
    /// odd: right to left; the paragraph's direction from its first strong character), or nil
    /// without FriBidi.
    static func bidiLevels(_ text: [UInt32]) -> [Int]? {
        guard fribidiLoaded, !text.isEmpty else { return nil }
        let n = Int32(text.count)
        var types = [FriBidiCharType](repeating: FriBidiCharType(0), count: text.count)
        var brackets = [FriBidiBracketType](repeating: 0, count: text.count)
        var levels = [FriBidiLevel](repeating: 0, count: text.count)
        var direction = knob_fribidi_par_auto
        knob_fribidi_get_bidi_types(text, n, &types)
        knob_fribidi_get_bracket_types(text, n, types, &brackets)
        guard knob_fribidi_get_par_embedding_levels_ex(types, brackets, n, &direction, &levels) > 0 else { return nil }
        return levels.map { Int($0) }
    }

    /// Rule L2 of the bidi algorithm: the visual order of a line's runs from their levels
    /// (every maximal sequence at or above each level, from the highest down to the lowest
    /// odd one, is reversed).
    static func visualOrder(levels: [Int]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), let lowestOdd = levels.filter({ $0 % 2 == 1 }).min() else { return order }
        var level = highest
        while level >= lowestOdd {
            var i = 0
            while i < order.count {
                guard levels[order[i]] >= level else { i += 1; continue }
                var j = i
                while j < order.count, levels[order[j]] >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
            level -= 1
        }
        return order
    }
}
