/// A strftime format for a clock (`"%H:%M"`, `"%A %-d %B"`), checked before it reaches C's
/// strftime: only conversions glibc documents, flags `_ - 0 ^ #`, a width of at most 20, the
/// `E`/`O` modifiers. strftime reads only the broken-down time it is given, so a checked
/// format cannot read memory; the bounds keep its output short.
public struct TimeFormat: Sendable, Equatable {
    public let text: String
    /// True when the text can change every second (`%S`, `%T`, `%s`, `%c`, `%r`, `%X`);
    /// otherwise it changes at most once a minute, on the minute.
    public let changesEverySecond: Bool

    public static let maxLength = 128
    public static let maxWidth = 20
    /// The conversions glibc's strftime documents (`%+` is BSD's and not glibc's).
    static let conversions = Set("aAbBcCdDeFgGhHIjklmMnpPrRsStTuUVwWxXyYzZ%")
    static let secondConversions = Set("crsSTX")

    public init(parsing text: String) throws(TimeFormatError) {
        guard !text.isEmpty else { throw TimeFormatError("the format is empty") }
        guard text.unicodeScalars.count <= Self.maxLength else { throw TimeFormatError("the format is longer than \(Self.maxLength) characters") }
        guard !text.unicodeScalars.contains(where: { $0.value == 0 }) else { throw TimeFormatError("the format contains a NUL character") }
        var seconds = false
        var chars = Array(text)[...]
        while let c = chars.popFirst() {
            guard c == "%" else { continue }
            while let f = chars.first, "_-0^#".contains(f) { chars.removeFirst() }
            var width = 0, digits = 0
            while let d = chars.first, let v = d.wholeNumberValue, d.isASCII {
                width = width * 10 + v; digits += 1; chars.removeFirst()
                guard digits <= 2, width <= Self.maxWidth else { throw TimeFormatError("a width above \(Self.maxWidth)") }
            }
            if let m = chars.first, m == "E" || m == "O" { chars.removeFirst() }
            guard let conversion = chars.popFirst() else { throw TimeFormatError("'%' at the end (write '%%' for a percent sign)") }
            guard Self.conversions.contains(conversion) else { throw TimeFormatError("'%\(conversion)' is not a strftime conversion") }
            if Self.secondConversions.contains(conversion) { seconds = true }
        }
        self.text = text
        changesEverySecond = seconds
    }
}

public struct TimeFormatError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
