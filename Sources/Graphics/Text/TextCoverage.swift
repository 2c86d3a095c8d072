extension TextLayout {
    /// The characters of `text` that no installed font has (TextLayout draws them as the
    /// first font's missing-glyph box: `unknownGlyphCount` counts the same ones), each once,
    /// in order. Needs no drawing context: `check` asks before anything is drawn.
    public static func uncoveredCharacters(_ text: String, family: String, bold: Bool = false) -> [Unicode.Scalar] {
        let fonts = FontSet.matching(family: family, bold: bold)
        var seen = Set<UInt32>(), out: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars {
            let v = scalar.value
            // Line and paragraph separators end paragraphs; invisible characters draw nothing.
            guard !TextScalars.isInvisible(v), v != 0x2028, v != 0x2029, !seen.contains(v) else { continue }
            seen.insert(v)
            if fonts.fontIndex(for: Paragraph.lookupScalar(v)) == nil { out.append(scalar) }
        }
        return out
    }
}
