import CCairo
import Synchronization

/// The fonts fontconfig offers for one description, best first (FcFontSort, trimmed to those
/// that add coverage): the first is the font asked for, the rest supply characters it lacks
/// (CJK from WenQuanYi when the panel asks for DejaVu Sans), as Pango's font sets did.
/// One per description for the process; fonts are opened only when a character needs them.
final class FontSet: @unchecked Sendable {
    private let sorted: UnsafeMutablePointer<FcFontSet>?
    private let query: OpaquePointer
    private let fonts = Mutex<[Int: Font]>([:])
    /// Which font draws a character: its index in `sorted`, or -1 when none has it.
    private let choices = Mutex<[UInt32: Int]>([:])

    private static let cache = Mutex<[FontDescription: FontSet]>([:])

    static func matching(_ description: FontDescription) -> FontSet {
        FontConfiguration.waitUntilLoaded()
        return cache.withLock { sets in
            if let known = sets[description] { return known }
            let made = FontSet(description)
            sets[description] = made
            return made
        }
    }

    /// The set for a family as layouts name it ("DejaVu Sans Bold"): the name is read once
    /// (a text laid out for the first time asks again).
    static func matching(family: String, bold: Bool) -> FontSet {
        let key = NamedKey(family: family, bold: bold)
        if let known = named.withLock({ $0[key] }) { return known }
        let set = matching(FontDescription(family, bold: bold))
        named.withLock { names in
            if names.count >= 64 { names.removeAll(keepingCapacity: true) }   // a reloaded layout's old names
            names[key] = set
        }
        return set
    }

    private struct NamedKey: Hashable { var family: String; var bold: Bool }
    private static let named = Mutex<[NamedKey: FontSet]>([:])

    private init(_ d: FontDescription) {
        description = d
        let pattern = Self.query(d, pixelSize: nil)
        var result = FcResultMatch
        sorted = FcFontSort(nil, pattern, FcTrue, nil, &result)
        query = pattern
    }

    private let description: FontDescription
    /// The faces that draw each font at a pixel size (fontconfig's rules may depend on it:
    /// fonts-dejavu-core turns hinting off for small sizes), by font index and size in 1/64 px.
    private let sizedFaces = Mutex<[SizedFace: UInt]>([:])   // cairo_font_face_t addresses
    private struct SizedFace: Hashable { var font: Int; var size64: Int }
    static let sizedFaceLimit = 256

    /// The pattern Pango would have asked fontconfig with, substituted.
    private static func query(_ d: FontDescription, pixelSize: Double?) -> OpaquePointer {
        let pattern = FcPatternCreate()!
        for family in d.families { _ = family.withCString { FcPatternAddString(pattern, "family", $0) } }
        _ = FcPatternAddDouble(pattern, "weight", FcWeightFromOpenTypeDouble(d.weight))
        _ = FcPatternAddInteger(pattern, "slant", d.slant == .italic ? FC_SLANT_ITALIC : d.slant == .oblique ? FC_SLANT_OBLIQUE : FC_SLANT_ROMAN)
        _ = FcPatternAddInteger(pattern, "width", Int32(d.width.rounded()))
        if let pixelSize {
            _ = FcPatternAddDouble(pattern, "pixelsize", pixelSize)
            _ = FcPatternAddDouble(pattern, "size", pixelSize * 72 / 96)
        }
        _ = FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        return pattern
    }

    /// The cairo font face that draws font `index` at `pixelSize` device pixels, with the
    /// rendering options fontconfig gives that size (the Font's own face is size-less).
    func face(_ index: Int, pixelSize: Double) -> OpaquePointer? {
        guard index >= 0, index < count, let sorted, let candidate = sorted.pointee.fonts[index] else { return nil }
        let key = SizedFace(font: index, size64: Int((pixelSize * 64).rounded()))
        let address: UInt? = sizedFaces.withLock { faces in
            if let known = faces[key] { return known }
            // Bounded: past this many sizes (a size that changes every frame) the size-less
            // face draws; faces are never freed, as layouts may hold them.
            guard faces.count < Self.sizedFaceLimit else { return nil }
            let sizedQuery = Self.query(description, pixelSize: Double(key.size64) / 64)
            defer { FcPatternDestroy(sizedQuery) }
            guard let prepared = FcFontRenderPrepare(nil, sizedQuery, candidate) else { return nil }
            defer { FcPatternDestroy(prepared) }
            guard let face = cairo_ft_font_face_create_for_pattern(prepared) else { return nil }
            faces[key] = UInt(bitPattern: face)
            return UInt(bitPattern: face)
        }
        return address.flatMap { OpaquePointer(bitPattern: $0) } ?? font(index)?.face
    }

    var count: Int { Int(sorted?.pointee.nfont ?? 0) }

    /// The font asked for (its metrics make an empty line); nil when no font is installed.
    var primary: Font? { font(0) }

    func font(_ index: Int) -> Font? {
        guard index >= 0, index < count, let sorted, let candidate = sorted.pointee.fonts[index] else { return nil }
        return fonts.withLock { opened in
            if let known = opened[index] { return known }
            var charset: OpaquePointer?
            _ = FcPatternGetCharSet(candidate, "charset", 0, &charset)
            guard let prepared = FcFontRenderPrepare(nil, query, candidate),
                  let font = Font(pattern: prepared, charset: charset) else { return nil }
            opened[index] = font
            return font
        }
    }

    /// The index of the first colour font (Noto Color Emoji) that has `scalar`, else nil
    /// (then the emoji takes the first font that has it, in black and white).
    func emojiFontIndex(for scalar: UInt32) -> Int? {
        let key = scalar | 0x8000_0000   // emoji choices share the cache, apart from text ones
        if let known = choices.withLock({ $0[key] }) { return known < 0 ? nil : known }
        var found = -1
        if let sorted {
            for i in 0..<count {
                var charset: OpaquePointer?
                var color: FcBool = FcFalse
                if let candidate = sorted.pointee.fonts[i], FcPatternGetBool(candidate, "color", 0, &color) == FcResultMatch, color != FcFalse,
                   FcPatternGetCharSet(candidate, "charset", 0, &charset) == FcResultMatch, let charset, FcCharSetHasChar(charset, scalar) != 0 {
                    found = i
                    break
                }
            }
        }
        choices.withLock { $0[key] = found }
        return found < 0 ? nil : found
    }

    /// The index of the first font that has `scalar`, or nil when none has it.
    func fontIndex(for scalar: UInt32) -> Int? {
        if let known = choices.withLock({ $0[scalar] }) { return known < 0 ? nil : known }
        var found = -1
        if let sorted {
            for i in 0..<count {
                var charset: OpaquePointer?
                if let candidate = sorted.pointee.fonts[i], FcPatternGetCharSet(candidate, "charset", 0, &charset) == FcResultMatch,
                   let charset, FcCharSetHasChar(charset, scalar) != 0 {
                    found = i
                    break
                }
            }
        }
        choices.withLock { $0[scalar] = found }
        return found < 0 ? nil : found
    }
}
