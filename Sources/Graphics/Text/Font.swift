import CCairo
import Synchronization

/// One font file (face) that fontconfig chose: the cairo font face that draws it, its
/// coverage, and what TextLayout asks of it (glyph ids, advances and `kern` pairs in font
/// units; HarfBuzz's view of the file for text that needs shaping). Made once per process for
/// each font a FontSet uses; never freed (a panel uses a handful).
final class Font: @unchecked Sendable {
    /// cairo_font_face_t, from the fontconfig pattern (the file is opened by FreeType, in cairo).
    let face: OpaquePointer
    let file: String
    let faceIndex: Int32
    /// What the font covers (FcCharSet, owned by the FontSet's sorted patterns).
    private let charset: OpaquePointer?
    /// A scaled font kept to reach cairo's FT_Face (cairo_ft_scaled_font_lock_face); the sizes
    /// text is drawn at get their own scaled fonts from cairo's cache.
    private let lookupFont: OpaquePointer
    let unitsPerEm: Double
    let hasKerning: Bool
    /// A colour font (Noto Color Emoji's bitmaps): spaces never take it.
    let isColor: Bool
    private let glyphs = Mutex<[UInt32: Glyph]>([:])
    private let shaper = Mutex<ShaperFont?>(nil)

    struct Glyph: Sendable {
        var id: UInt32
        /// Advance in font units (unhinted, as HarfBuzz would give it).
        var advance: Double
    }

    /// `pattern`: a pattern fontconfig prepared for rendering (FcFontRenderPrepare); consumed.
    init?(pattern: OpaquePointer, charset: OpaquePointer?) {
        var fileName: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, "file", 0, &fileName) == FcResultMatch, let fileName else {
            FcPatternDestroy(pattern); return nil
        }
        var index: Int32 = 0
        _ = FcPatternGetInteger(pattern, "index", 0, &index)
        file = String(cString: fileName)
        faceIndex = index
        var color: FcBool = FcFalse
        isColor = FcPatternGetBool(pattern, "color", 0, &color) == FcResultMatch && color != FcFalse
        self.charset = charset
        guard let face = cairo_ft_font_face_create_for_pattern(pattern) else { FcPatternDestroy(pattern); return nil }
        FcPatternDestroy(pattern)   // the face holds its own reference
        self.face = face
        var matrix = cairo_matrix_t(), identity = cairo_matrix_t()
        cairo_matrix_init_scale(&matrix, 16, 16)
        cairo_matrix_init_identity(&identity)
        let options = cairo_font_options_create()
        lookupFont = cairo_scaled_font_create(face, &matrix, &identity, options)
        cairo_font_options_destroy(options)
        guard cairo_scaled_font_status(lookupFont) == CAIRO_STATUS_SUCCESS, let ft = cairo_ft_scaled_font_lock_face(lookupFont) else {
            return nil
        }
        unitsPerEm = Double(Swift.max(1, ft.pointee.units_per_EM))
        hasKerning = ft.pointee.face_flags & FT_Long(FT_FACE_FLAG_KERNING) != 0
        cairo_ft_scaled_font_unlock_face(lookupFont)
    }

    func covers(_ scalar: UInt32) -> Bool {
        guard let charset else { return false }
        return FcCharSetHasChar(charset, scalar) != 0
    }

    /// Glyphs for `scalars` in order, with pair kerning from the `kern` table added to the
    /// advance of the left glyph of each pair (what Pango did with HarfBuzz's kerning).
    func kernedGlyphs(_ scalars: [UInt32]) -> [Glyph] {
        glyphs.withLock { cache in
            var out: [Glyph] = []
            out.reserveCapacity(scalars.count)
            var ft: FT_Face?
            func face() -> FT_Face? {
                if ft == nil { ft = cairo_ft_scaled_font_lock_face(lookupFont) }
                return ft
            }
            for scalar in scalars {
                if let known = cache[scalar] { out.append(known); continue }
                var glyph = Glyph(id: 0, advance: 0)
                if let f = face() {
                    glyph.id = UInt32(FT_Get_Char_Index(f, FT_ULong(scalar)))
                    var advance: FT_Fixed = 0
                    if FT_Get_Advance(f, glyph.id, FT_Int32(FT_LOAD_NO_SCALE), &advance) == 0 { glyph.advance = Double(advance) }
                }
                cache[scalar] = glyph
                out.append(glyph)
            }
            if hasKerning, out.count > 1, let f = face() {
                for i in 0..<(out.count - 1) where out[i].id != 0 && out[i + 1].id != 0 {
                    var kern = FT_Vector()
                    if FT_Get_Kerning(f, out[i].id, out[i + 1].id, FT_UInt(FT_KERNING_UNSCALED.rawValue), &kern) == 0 {
                        out[i].advance += Double(kern.x)
                    }
                }
            }
            if ft != nil { cairo_ft_scaled_font_unlock_face(lookupFont) }
            return out
        }
    }

    /// The advance of glyph 0 (.notdef, drawn for characters no font has), in font units.
    var notdefAdvance: Double {
        guard let f = cairo_ft_scaled_font_lock_face(lookupFont) else { return unitsPerEm / 2 }
        defer { cairo_ft_scaled_font_unlock_face(lookupFont) }
        var advance: FT_Fixed = 0
        return FT_Get_Advance(f, 0, FT_Int32(FT_LOAD_NO_SCALE), &advance) == 0 ? Double(advance) : unitsPerEm / 2
    }

    /// HarfBuzz's font for this file (made on first use; nil when HarfBuzz is not there or
    /// cannot read the file). Positions come out in font units.
    var shaperFont: ShaperFont? {
        shaper.withLock { cached in
            if let cached { return cached }
            guard Shaping.harfBuzzLoaded, let made = ShaperFont(file: file, index: faceIndex) else { return nil }
            cached = made
            return made
        }
    }
}

/// hb_font_t made from the font file's bytes, kept for the process.
final class ShaperFont: @unchecked Sendable {
    let font: OpaquePointer
    let unitsPerEm: Double

    init?(file: String, index: Int32) {
        guard let blob = knob_hb_blob_create_from_file(file) else { return nil }
        defer { knob_hb_blob_destroy(blob) }
        guard knob_hb_blob_get_length(blob) > 0, let face = knob_hb_face_create(blob, UInt32(index)) else { return nil }
        defer { knob_hb_face_destroy(face) }
        let upem = knob_hb_face_get_upem(face)
        guard upem > 0, let font = knob_hb_font_create(face) else { return nil }
        knob_hb_font_set_scale(font, Int32(upem), Int32(upem))
        self.font = font
        unitsPerEm = Double(upem)
    }
}
