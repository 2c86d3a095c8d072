/// How a number is written for a reader in one locale: today only its decimal separator
/// ("21,5 °C" in German, "21.5 °C" in English). Digits stay ASCII, there is no digit grouping
/// (panel values are short), and the sign is always U+2212 MINUS SIGN (see ValueFormat).
/// Events, replies, MQTT and the state file never use it: they carry JSON numbers.
///
/// A locale is named by a language code, optionally with a region ("de", "de-DE", "pt_BR"),
/// as CLDR's `decimal` symbol gives it for that language; the few regions whose separator
/// differs from their language's are listed in `regionExceptions`.
public struct NumberLocale: Sendable, Equatable, CustomStringConvertible {
    /// The tag as given ("de-AT").
    public let identifier: String
    public let decimalSeparator: Character

    /// English and every locale not named: a decimal point.
    public static let standard = NumberLocale(identifier: "en", decimalSeparator: ".")

    /// Languages that write a decimal point (CLDR).
    public static let pointLanguages: [String] = [
        "en", "ja", "zh", "ko", "th", "he", "hi", "bn", "ta", "te", "mr", "gu", "kn", "ml", "pa",
        "ms", "fil", "sw", "ga", "mt", "cy", "ur", "ne", "si", "my", "km", "lo", "am", "zu", "xh",
    ]
    /// Languages that write a decimal comma (CLDR).
    public static let commaLanguages: [String] = [
        "de", "fr", "es", "it", "pt", "nl", "da", "sv", "nb", "nn", "no", "fi", "is", "fo",
        "pl", "cs", "sk", "sl", "hr", "sr", "bs", "mk", "bg", "ru", "uk", "be", "ro", "hu",
        "et", "lv", "lt", "el", "tr", "az", "kk", "ky", "uz", "ka", "hy", "sq", "ca", "gl",
        "eu", "lb", "rm", "af", "id", "vi", "mn", "tk", "tt",
    ]
    /// Regions that write another separator than their language: Swiss and Liechtenstein
    /// German and Swiss Italian write a point, as does Spanish in the Americas north of the
    /// equator (Mexico, the US, Central America, the Caribbean); South African English a comma.
    public static let regionExceptions: [String: Character] = [
        "de-ch": ".", "de-li": ".", "it-ch": ".", "es-mx": ".", "es-us": ".", "es-gt": ".", "es-hn": ".",
        "es-ni": ".", "es-sv": ".", "es-pa": ".", "es-do": ".", "es-pr": ".", "es-cu": ".", "en-za": ",",
    ]

    init(identifier: String, decimalSeparator: Character) {
        self.identifier = identifier
        self.decimalSeparator = decimalSeparator
    }

    /// The locale for a tag ("de", "de-DE", "de_CH", "pt-BR"); nil when its language is not
    /// one of the lists above or the tag is not language[-REGION].
    public init?(_ tag: String) {
        let parts = tag.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.lowercased() }
        guard let language = parts.first, (1...2).contains(parts.count),
              (2...3).contains(language.count), language.allSatisfy({ $0 >= "a" && $0 <= "z" }) else { return nil }
        if parts.count == 2 {
            let region = parts[1]
            let letters = region.count == 2 && region.allSatisfy { $0 >= "a" && $0 <= "z" }
            let digits = region.count == 3 && region.allSatisfy { $0 >= "0" && $0 <= "9" }
            guard letters || digits else { return nil }
            if let separator = Self.regionExceptions["\(language)-\(region)"] {
                self.init(identifier: tag, decimalSeparator: separator); return
            }
        }
        if Self.commaLanguages.contains(language) {
            self.init(identifier: tag, decimalSeparator: ",")
        } else if Self.pointLanguages.contains(language) {
            self.init(identifier: tag, decimalSeparator: ".")
        } else {
            return nil
        }
    }

    /// Why `tag` is not accepted, in words for `check`.
    public static func problem(with tag: String) -> String? {
        guard NumberLocale(tag) == nil else { return nil }
        return "unknown locale '\(tag)': expected a language code, optionally with a region ('de', 'de-AT', 'pt-BR'), of: "
            + (commaLanguages + pointLanguages).sorted().joined(separator: ", ")
    }

    public var description: String { identifier }
}
