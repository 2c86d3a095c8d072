/// The script (writing system) a character belongs to, by the Unicode blocks of the
/// scripts a panel is likely to carry: enough to tell a user which font is missing
/// ("Thai", "Arabic"), not a full Scripts.txt. Characters of other blocks are named by
/// their general category.
public enum UnicodeScript {
    private static let blocks: [(ClosedRange<UInt32>, String)] = [
        (0x0000...0x024F, "Latin"), (0x0250...0x02AF, "IPA"), (0x0370...0x03FF, "Greek"),
        (0x0400...0x052F, "Cyrillic"), (0x0530...0x058F, "Armenian"), (0x0590...0x05FF, "Hebrew"),
        (0x0600...0x06FF, "Arabic"), (0x0700...0x074F, "Syriac"), (0x0750...0x077F, "Arabic"),
        (0x0780...0x07BF, "Thaana"), (0x07C0...0x07FF, "NKo"), (0x08A0...0x08FF, "Arabic"),
        (0x0900...0x097F, "Devanagari"), (0x0980...0x09FF, "Bengali"), (0x0A00...0x0A7F, "Gurmukhi"),
        (0x0A80...0x0AFF, "Gujarati"), (0x0B00...0x0B7F, "Oriya"), (0x0B80...0x0BFF, "Tamil"),
        (0x0C00...0x0C7F, "Telugu"), (0x0C80...0x0CFF, "Kannada"), (0x0D00...0x0D7F, "Malayalam"),
        (0x0D80...0x0DFF, "Sinhala"), (0x0E00...0x0E7F, "Thai"), (0x0E80...0x0EFF, "Lao"),
        (0x0F00...0x0FFF, "Tibetan"), (0x1000...0x109F, "Myanmar"), (0x10A0...0x10FF, "Georgian"),
        (0x1100...0x11FF, "Hangul"), (0x1200...0x139F, "Ethiopic"), (0x13A0...0x13FF, "Cherokee"),
        (0x1400...0x167F, "Canadian Aboriginal"), (0x1780...0x17FF, "Khmer"), (0x1800...0x18AF, "Mongolian"),
        (0x1E00...0x1EFF, "Latin"), (0x1F00...0x1FFF, "Greek"), (0x2000...0x206F, "punctuation"),
        (0x20A0...0x20CF, "currency symbols"), (0x2100...0x2BFF, "symbols"), (0x2E80...0x2FDF, "CJK (Han)"),
        (0x3000...0x303F, "CJK punctuation"), (0x3040...0x309F, "Hiragana"), (0x30A0...0x30FF, "Katakana"),
        (0x3100...0x312F, "Bopomofo"), (0x3130...0x318F, "Hangul"), (0x31F0...0x31FF, "Katakana"),
        (0x3400...0x4DBF, "CJK (Han)"), (0x4E00...0x9FFF, "CJK (Han)"), (0xA000...0xA4CF, "Yi"),
        (0xAC00...0xD7AF, "Hangul"), (0xE000...0xF8FF, "private use"), (0xF900...0xFAFF, "CJK (Han)"),
        (0xFB1D...0xFB4F, "Hebrew"), (0xFB50...0xFDFF, "Arabic"), (0xFE70...0xFEFF, "Arabic"),
        (0xFF00...0xFFEF, "fullwidth forms"), (0x1F000...0x1FAFF, "emoji and symbols"),
        (0x20000...0x3134F, "CJK (Han)"),
    ]

    /// "Thai" for U+0E2A; the general category ("other symbol") outside the known blocks.
    public static func name(of scalar: Unicode.Scalar) -> String {
        let v = scalar.value
        var lo = 0, hi = blocks.count - 1
        while lo <= hi {
            let mid = (lo + hi) / 2
            let range = blocks[mid].0
            if range.contains(v) { return blocks[mid].1 }
            if v < range.lowerBound { hi = mid - 1 } else { lo = mid + 1 }
        }
        // "otherSymbol" -> "other symbol"
        var words = ""
        for c in "\(scalar.properties.generalCategory)" { words += c.isUppercase ? " " + c.lowercased() : String(c) }
        return words
    }
}
