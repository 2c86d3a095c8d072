import CCairo
import Synchronization

/// What laying one text out costs, done once and shared by every `TextLayout` of that text,
/// font and size under the same transform: a widget makes its layouts in each paint, and a
/// paint runs once per tile band, so without this every repaint looked the fonts up, measured
/// every glyph and broke the lines again, per band (a third of the demo's full frame).
///
/// An entry keeps the pure results only (paragraphs per pixel size, lines per setting, the
/// fitted size per fit, ink boxes, glyph runs, scaled fonts); each `TextLayout` keeps its own
/// settings, so two layouts of one text fitted differently never disturb each other.
/// Bounded: past `limit` texts the least recently used half is dropped.
final class TextLayoutCache: @unchecked Sendable {
    struct Key: Hashable {
        var text: String
        var family: String
        var bold: Bool
        var pixelSize: Double
        /// The context's transform without its translation (advances are whole device pixels).
        var xx, yx, xy, yy: Double
    }

    /// What makes lines: the layout's settings at one pixel size.
    struct LinesKey: Hashable {
        var pixelSize: Double
        var wrapWidth: Double?
        var alignment: TextLayout.Alignment
        var wraps: Bool
        var maxHeight: Double?
        var ellipsizes: Bool
    }

    /// A `fit` call: the size the layout starts from and the box.
    struct FitKey: Hashable {
        var fit: TextLayout.Fit
        var from: Double
        var width: Double
        var height: Double?
    }

    /// Lines laid out, what they left out, and what drawing and measuring them needs.
    struct Lines {
        var lines: [TextLayout.Line]
        var truncated: Bool
        var ink: Rect?
        /// Per line, its runs of one font: glyphs placed from the layout's top left.
        var runs: [[(font: Int, glyphs: [cairo_glyph_t])]]?
    }

    struct ScaledKey: Hashable { var font: Int; var identity: Bool; var pixelSize: Double }

    let key: Key
    let fonts: FontSet
    private let lock = Mutex(())
    private var paragraphs: [Double: (paragraphs: [Paragraph], unknown: Int)] = [:]
    private var lines: [LinesKey: Lines] = [:]
    private var fits: [FitKey: Double] = [:]
    private var scaledFonts: [ScaledKey: UInt] = [:]

    /// Memo sizes of one entry (a `shrink` tries a few sizes; widgets use one or two settings).
    private static let memoLimit = 32

    private init(key: Key, fonts: FontSet) { self.key = key; self.fonts = fonts }

    deinit { for f in scaledFonts.values { cairo_scaled_font_destroy(OpaquePointer(bitPattern: f)) } }

    // MARK: the table

    static let limit = 256
    private static let table = Mutex<(entries: [Key: (entry: TextLayoutCache, used: Int)], clock: Int)>(([:], 0))

    static func entry(_ key: Key, fonts: @autoclosure () -> FontSet) -> TextLayoutCache {
        let found: TextLayoutCache? = table.withLock { t in
            t.clock += 1
            guard let slot = t.entries[key] else { return nil }
            t.entries[key] = (slot.entry, t.clock)
            return slot.entry
        }
        if let found { return found }
        let made = TextLayoutCache(key: key, fonts: fonts())
        return table.withLock { t in
            if let raced = t.entries[key] { return raced.entry }
            if t.entries.count >= limit {
                let keep = t.entries.sorted { $0.value.used > $1.value.used }.prefix(limit / 2)
                t.entries = Dictionary(uniqueKeysWithValues: keep.map { ($0.key, $0.value) })
            }
            t.entries[key] = (made, t.clock)
            return made
        }
    }

    /// Texts cached now (tests).
    static var count: Int { table.withLock { $0.entries.count } }

    // MARK: memos (each made outside the lock; a race makes it twice, same result)

    func paragraphs(at pixelSize: Double, make: () -> (paragraphs: [Paragraph], unknown: Int)) -> (paragraphs: [Paragraph], unknown: Int) {
        if let known = lock.withLock({ _ in paragraphs[pixelSize] }) { return known }
        let made = make()
        lock.withLock { _ in
            if paragraphs.count >= Self.memoLimit { paragraphs = [:] }
            paragraphs[pixelSize] = made
        }
        return made
    }

    func lines(_ key: LinesKey) -> Lines? { lock.withLock { _ in lines[key] } }

    func store(_ value: Lines, for key: LinesKey) {
        lock.withLock { _ in
            if lines.count >= Self.memoLimit { lines = [:] }
            lines[key] = value
        }
    }

    func fittedSize(_ key: FitKey) -> Double? { lock.withLock { _ in fits[key] } }

    func store(fittedSize: Double, for key: FitKey) {
        lock.withLock { _ in
            if fits.count >= Self.memoLimit { fits = [:] }
            fits[key] = fittedSize
        }
    }

    /// A scaled font kept for the entry's life (`make` returns one reference, which the
    /// entry owns).
    func scaledFont(_ key: ScaledKey, make: () -> OpaquePointer?) -> OpaquePointer? {
        if let known = lock.withLock({ _ in scaledFonts[key] }) { return OpaquePointer(bitPattern: known) }
        guard let made = make() else { return nil }
        let kept: UInt = lock.withLock { _ in
            if let raced = scaledFonts[key] { return raced }
            scaledFonts[key] = UInt(bitPattern: made)
            return UInt(bitPattern: made)
        }
        if kept != UInt(bitPattern: made) { cairo_scaled_font_destroy(made) }
        return OpaquePointer(bitPattern: kept)
    }
}
