import CCairo
#if canImport(Glibc)
import Glibc
#endif

/// Where a paragraph's lines may break, as Pango broke them: the Unicode line breaking
/// algorithm (UAX #14) from libunibreak (after spaces, after "-" and "/" in a URL, at a zero
/// width space or a soft hyphen, between ideographs but never before "。"), Thai words from
/// libthai's dictionary, and never inside a grapheme cluster (an emoji with its skin tone, a
/// ZWJ family, a keycap, a letter with its marks). Both libraries are opened with dlopen the
/// first time a paragraph is wrapped (libthai only for Thai); without libunibreak lines break
/// after spaces and around ideographs, and a line on stderr says so, once.
enum LineBreaking {
    enum Opportunity: UInt8, Sendable {
        /// No break before this character.
        case none
        /// A line may start here.
        case allowed
        /// A line must start here (a vertical tab, form feed or U+0085 inside a paragraph).
        case mandatory
        /// Inside a grapheme cluster: no break even in a word too long for its line.
        case insideCluster
    }

    /// libunibreak's set_linebreaks_utf32, found once; nil without the library. Kept here, not
    /// in the header (linebreak.h says why).
    static let unibreak: knob_set_linebreaks_utf32_t? = {
        var function: knob_set_linebreaks_utf32_t?
        if let why = knob_unibreak_load(&function) {
            warn("lines break only at spaces and ideographs (install libunibreak1 for the Unicode rules): \(String(cString: why))")
            return nil
        }
        return function
    }()

    /// libthai's th_brk_wc_find_breaks, found once; nil without the library.
    static let thai: knob_th_brk_wc_find_breaks_t? = {
        var function: knob_th_brk_wc_find_breaks_t?
        if let why = knob_thai_load(&function) {
            warn("Thai text breaks only at spaces (install libthai0 for word breaks): \(String(cString: why))")
            return nil
        }
        return function
    }()

    private static func warn(_ message: String) {
        let line = Array("knob-panel: \(message)\n".utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }

    /// For each character, whether a line may start there (index 0: never, it starts anyway).
    static func opportunities(_ scalars: [UInt32]) -> [Opportunity] {
        let n = scalars.count
        var out = [Opportunity](repeating: .none, count: n)
        guard n > 1 else { return out }
        if let unibreak {
            var brks = [CChar](repeating: 0, count: n)
            // libunibreak 1.1 (bookworm's) aborts on a regional indicator (a flag's half: its
            // class RI has no row in its pair table): it sees an emoji there instead, and
            // the grapheme rule below keeps a flag's two halves together.
            let safe = scalars.map { (0x1F1E6...0x1F1FF).contains($0) ? 0x1F600 : $0 }
            safe.withUnsafeBufferPointer { s in
                brks.withUnsafeMutableBufferPointer { b in unibreak(s.baseAddress, n, "", b.baseAddress) }
            }
            for i in 1..<n {
                switch brks[i - 1] {
                case CChar(KNOB_LINEBREAK_MUSTBREAK): out[i] = .mandatory
                case CChar(KNOB_LINEBREAK_ALLOWBREAK): out[i] = .allowed
                default: break
                }
            }
        } else {
            for i in 1..<n { out[i] = fallbackBreak(scalars[i - 1], scalars[i]) ? .allowed : .none }
        }
        markThaiWords(scalars, &out)
        keepGraphemeClustersWhole(scalars, &out)
        return out
    }

    /// Without libunibreak: after a run of spaces, and before and after an ideograph.
    private static func fallbackBreak(_ before: UInt32, _ at: UInt32) -> Bool {
        if TextScalars.isBreakingSpace(at) { return false }
        if TextScalars.isBreakingSpace(before) { return true }
        return TextScalars.isIdeographic(before) || TextScalars.isIdeographic(at)
    }

    /// Thai has no spaces between words: each run of Thai letters gets libthai's word starts.
    private static func markThaiWords(_ scalars: [UInt32], _ out: inout [Opportunity]) {
        guard scalars.contains(where: isThai), let thai else { return }
        var i = 0
        while i < scalars.count {
            guard isThai(scalars[i]) else { i += 1; continue }
            var end = i
            while end < scalars.count, isThai(scalars[end]) { end += 1 }
            // wchar_t is signed on x86_64 and unsigned on aarch64: the same 32 bits either way.
            var run = scalars[i..<end].map { wchar_t(truncatingIfNeeded: $0) } + [0]
            var positions = [Int32](repeating: 0, count: end - i)
            let found = run.withUnsafeMutableBufferPointer { s in
                positions.withUnsafeMutableBufferPointer { p in thai(nil, s.baseAddress, p.baseAddress, p.count) }
            }
            for k in 0..<Int(Swift.max(0, Swift.min(found, Int32(positions.count)))) {
                let at = i + Int(positions[k])
                if at > i, at < end { out[at] = .allowed }
            }
            i = end
        }
    }

    /// Thai letters, vowels, tone marks (not digits or the currency sign: libunibreak has those).
    private static func isThai(_ v: UInt32) -> Bool { (0x0E01...0x0E4E).contains(v) }

    /// No break inside an extended grapheme cluster (Swift's Character is one).
    private static func keepGraphemeClustersWhole(_ scalars: [UInt32], _ out: inout [Opportunity]) {
        var text = String.UnicodeScalarView()
        for v in scalars { text.append(Unicode.Scalar(v) ?? "\u{FFFD}") }
        var index = 0
        for character in String(text) {
            let count = character.unicodeScalars.count
            for inside in (index + 1)..<(index + count) where inside < out.count { out[inside] = .insideCluster }
            index += count
        }
    }
}
