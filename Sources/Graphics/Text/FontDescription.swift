/// A font as panels name it, read the way Pango read it ("[FAMILY-LIST] [STYLE-OPTIONS] [SIZE]"):
/// "DejaVu Sans", "DejaVu Sans Bold", "DejaVu Sans Bold Italic", "Serif, WenQuanYi Micro Hei 12".
/// Style words at the end set weight, slant and width; a trailing size is ignored (layouts give
/// the pixel size). Weights are OpenType's (400 regular, 700 bold).
struct FontDescription: Hashable, Sendable {
    var families: [String]
    var weight: Double = 400
    var slant: Slant = .roman
    var width: Double = 100

    enum Slant: Hashable, Sendable { case roman, italic, oblique }

    init(_ string: String, bold: Bool = false) {
        var words = string.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        var weight: Double?, slant: Slant?, width: Double?
        // Style words are taken from the end, Pango's way, until a word is not one.
        while words.count > 1, let last = words.last {
            let word = last.lowercased()
            if Self.isSize(word) {
            } else if let w = Self.weights[word] {
                if weight == nil { weight = w }
            } else if let s = Self.slants[word] {
                if slant == nil { slant = s }
            } else if let s = Self.widths[word] {
                if width == nil { width = s }
            } else if Self.ignored.contains(word) {
            } else {
                break
            }
            words.removeLast()
        }
        let list = words.joined(separator: " ").split(separator: ",").map { $0.trimmingSpaces }.filter { !$0.isEmpty }
        families = list.isEmpty ? ["Sans"] : list
        self.weight = bold ? 700 : weight ?? 400
        self.slant = slant ?? .roman
        self.width = width ?? 100
    }

    private static func isSize(_ word: String) -> Bool {
        let digits = word.hasSuffix("px") ? String(word.dropLast(2)) : word
        return !digits.isEmpty && Double(digits) != nil
    }

    private static let weights: [String: Double] = [
        "thin": 100, "hairline": 100, "ultra-light": 200, "ultralight": 200, "extra-light": 200, "extralight": 200,
        "light": 300, "semi-light": 350, "semilight": 350, "demi-light": 350, "demilight": 350, "book": 380,
        "regular": 400, "normal": 400, "medium": 500, "semi-bold": 600, "semibold": 600, "demi-bold": 600,
        "demibold": 600, "bold": 700, "ultra-bold": 800, "ultrabold": 800, "extra-bold": 800, "extrabold": 800,
        "heavy": 900, "black": 900, "ultra-heavy": 1000, "ultraheavy": 1000, "ultra-black": 1000,
        "ultrablack": 1000, "extra-black": 1000, "extrablack": 1000,
    ]
    private static let slants: [String: Slant] = ["roman": .roman, "italic": .italic, "oblique": .oblique]
    private static let widths: [String: Double] = [
        "ultra-condensed": 50, "extra-condensed": 62.5, "condensed": 75, "semi-condensed": 87.5,
        "semi-expanded": 112.5, "expanded": 125, "extra-expanded": 150, "ultra-expanded": 200,
    ]
    private static let ignored: Set<String> = ["small-caps", "all-small-caps", "petite-caps", "not-rotated", "south", "upright"]
}

extension Substring {
    var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
