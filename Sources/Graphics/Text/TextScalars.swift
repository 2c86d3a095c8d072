/// What TextLayout needs to know of a character, without tables of its own: whether a
/// string needs shaping (HarfBuzz), which characters are right-to-left, where lines may break.
enum TextScalars {
    /// Scripts whose letters change shape or order (Arabic, Hebrew, Indic, Thai, Khmer,
    /// Myanmar, Tibetan, Hangul jamo, ...), combining marks, joiners, variation selectors and
    /// bidi controls: a paragraph with any of them is shaped by HarfBuzz. Latin, Greek,
    /// Cyrillic, CJK, digits and symbols are placed from cmap, advances and `kern`.
    static func needsShaping(_ v: UInt32) -> Bool {
        switch v {
        case 0x0000...0x02FF: return false
        case 0x0300...0x036F: return true                       // combining diacriticals
        case 0x0370...0x058F: return isMark(v)                   // Greek, Cyrillic, Armenian
        case 0x0590...0x08FF: return true                        // Hebrew, Arabic, Syriac, Thaana, NKo, ...
        case 0x0900...0x109F: return true                        // Indic, Sinhala, Thai, Lao, Tibetan, Myanmar
        case 0x1100...0x11FF: return true                        // Hangul jamo
        case 0x1700...0x1CFF: return true                        // Philippine, Khmer, Mongolian, Balinese, ...
        case 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F: return true   // combining marks
        case 0x200C...0x200F, 0x202A...0x202E, 0x2066...0x2069: return true   // joiners, bidi controls
        case 0xA800...0xABFF: return true                        // Syloti Nagri ... Meetei Mayek
        case 0xFB1D...0xFDFF, 0xFE70...0xFEFF: return true       // Hebrew and Arabic presentation forms
        case 0xFE00...0xFE0F, 0xE0100...0xE01EF: return true     // variation selectors
        case 0x1F1E6...0x1F1FF, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F: return true   // flags, skin tones, tags: emoji ligatures
        case 0x10800...0x10FFF, 0x11000...0x11FFF, 0x1E800...0x1EFFF: return true
        default: return isMark(v)
        }
    }

    static func isMark(_ v: UInt32) -> Bool {
        guard let scalar = Unicode.Scalar(v) else { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// Right-to-left letters (for splitting runs when FriBidi is missing).
    static func isRightToLeft(_ v: UInt32) -> Bool {
        switch v {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: return true
        default: return false
        }
    }

    /// Spaces a line may break after (not the no-break ones).
    static func isBreakingSpace(_ v: UInt32) -> Bool {
        switch v {
        case 0x20, 0x09, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F, 0x3000: return true
        default: return false
        }
    }

    /// Characters that end a line inside a paragraph (vertical tab, form feed, next line).
    static func isForcedBreak(_ v: UInt32) -> Bool { v == 0x0B || v == 0x0C || v == 0x85 }

    /// Whether the character at `i` is an emoji shown as a picture (UTS #51): emoji
    /// presentation by default (😀, flags, skin tones), or any emoji followed by U+FE0F
    /// (❤️, the "1" of a keycap 1️⃣). Text-style emoji (❤ alone) stay in the text font.
    static func wantsEmojiPresentation(_ scalars: [UInt32], at i: Int) -> Bool {
        guard let scalar = Unicode.Scalar(scalars[i]) else { return false }
        if scalar.properties.isEmojiPresentation { return true }
        return i + 1 < scalars.count && scalars[i + 1] == 0xFE0F && scalar.properties.isEmoji
    }

    /// Space separators (and tabs): they take the font of the text around them.
    static func isSpaceSeparator(_ v: UInt32) -> Bool {
        if v == 0x20 || v == 0x09 { return true }
        guard v > 0x7F, v != 0x1680, let scalar = Unicode.Scalar(v) else { return false }
        return scalar.properties.generalCategory == .spaceSeparator
    }

    /// Ideographs, kana, Hangul syllables and full-width forms: a line may break before and
    /// after each (CJK has no spaces between words).
    static func isIdeographic(_ v: UInt32) -> Bool {
        switch v {
        case 0x2E80...0x2FDF, 0x3040...0x30FF, 0x3100...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF01...0xFF60, 0x20000...0x3FFFF: return true
        default: return false
        }
    }

    /// Characters that take no glyph: controls and default-ignorables (zero-width spaces,
    /// joiners, bidi marks). Never counted as unknown.
    static func isInvisible(_ v: UInt32) -> Bool {
        if v == 0x09 { return false }   // a tab advances to its stop (Paragraph.line)
        if v < 0x20 || (0x7F...0x9F).contains(v) { return true }
        guard let scalar = Unicode.Scalar(v) else { return true }
        return scalar.properties.isDefaultIgnorableCodePoint
    }
}
