/// Material Design Icons by name, as Home Assistant users write them (`mdi:lightbulb`): the
/// names and code points of Debian's fonts-materialdesignicons-webfont (a table generated
/// from its SVG font, MaterialDesignIconNames.swift), so `check` knows every name without
/// the font; drawing them needs the font (Graphics finds it through fontconfig).
public enum MaterialDesignIcons {
    public static let prefix = "mdi:"
    /// The font's fontconfig family and the Debian package that installs it.
    public static let fontFamily = "Material Design Icons"
    public static let debianPackage = "fonts-materialdesignicons-webfont"

    private static let codePoints: [String: UInt32] = {
        var out: [String: UInt32] = [:]
        for line in table.split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count == 2, let v = UInt32(parts[1], radix: 16) { out[String(parts[0])] = v }
        }
        return out
    }()

    /// Every name (without `mdi:`), sorted.
    public static let names: [String] = codePoints.keys.sorted()

    /// The code point of an icon name without its prefix.
    public static func codePoint(_ name: String) -> UInt32? { codePoints[name] }

    /// The character that draws `mdi:NAME`, nil for a string that is not a known icon.
    public static func scalar(for reference: String) -> Unicode.Scalar? {
        guard reference.hasPrefix(prefix) else { return nil }
        return codePoint(String(reference.dropFirst(prefix.count))).flatMap(Unicode.Scalar.init)
    }

    public static func isIconReference(_ s: String) -> Bool { s.hasPrefix(prefix) }

    /// Why `mdi:NAME` is not an icon: the closest known name, and the font's version (Home
    /// Assistant's newer names, such as lightbulb-on, are not in Debian's 1.6.50).
    static func unknownNameProblem(_ name: String) -> String {
        let hint = closest(to: name).map { " (did you mean 'mdi:\($0)'?)" } ?? ""
        return "unknown icon 'mdi:\(name)'\(hint): the icon font (\(debianPackage) \(packageVersion)) has \(names.count) icons, older than Home Assistant's; see https://pictogrammers.com/library/mdi/ for the names, newer ones are missing"
    }

    /// The closest name by edit distance, else the first name that starts with `name`'s
    /// first word ("lightbulb-on" → "lightbulb").
    static func closest(to name: String) -> String? {
        if let near = Suggestion.closest(to: name, in: names) { return near }
        let head = name.split(separator: "-").first.map(String.init) ?? name
        return names.first { $0 == head } ?? names.first { $0.hasPrefix(head) }
    }
}
