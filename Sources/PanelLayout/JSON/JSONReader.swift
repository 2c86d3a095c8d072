/// A strict JSON (RFC 8259) reader that remembers where every value and key starts.
///
/// Positions are 1-based; columns count Unicode scalars and a tab is one column. A leading
/// byte order mark is skipped and not counted. `\r\n`, `\n` and a lone `\r` each end a line.
/// The reader never traps: every malformed input ends in one `JSONSyntaxError` at the
/// position where the text stops making sense, and nesting is capped (`maxDepth`).
public enum JSONReader {
    /// Deepest allowed nesting of arrays and objects.
    public static let defaultMaxDepth = 200

    public static func parse(_ text: String, maxDepth: Int = defaultMaxDepth) -> Result<JSONNode, JSONSyntaxError> {
        var scanner = Scanner(scalars: Array(text.unicodeScalars), maxDepth: maxDepth)
        do {
            return .success(try scanner.document())
        } catch let error as JSONSyntaxError {
            return .failure(error)
        } catch {
            return .failure(JSONSyntaxError(location: SourceLocation(line: 1, column: 1), message: "\(error)"))
        }
    }

    /// Decodes UTF-8 (invalid sequences become U+FFFD and are then reported as unexpected
    /// characters if they appear outside strings).
    public static func parse(bytes: [UInt8], maxDepth: Int = defaultMaxDepth) -> Result<JSONNode, JSONSyntaxError> {
        parse(String(decoding: bytes, as: UTF8.self), maxDepth: maxDepth)
    }
}

private struct Scanner {
    let scalars: [Unicode.Scalar]
    let maxDepth: Int
    var index = 0
    var line = 1
    var column = 1
    var depth = 0

    init(scalars: [Unicode.Scalar], maxDepth: Int) {
        self.scalars = scalars
        self.maxDepth = maxDepth
    }

    var here: SourceLocation { SourceLocation(line: line, column: column) }
    var atEnd: Bool { index >= scalars.count }
    var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    func fail(_ message: String, at location: SourceLocation? = nil) -> JSONSyntaxError {
        JSONSyntaxError(location: location ?? here, message: message)
    }

    mutating func advance() {
        guard index < scalars.count else { return }
        let s = scalars[index]
        index += 1
        if s == "\n" {
            line += 1
            column = 1
        } else if s == "\r" {
            if index < scalars.count, scalars[index] == "\n" {
                column += 1 // the following \n ends the line
            } else {
                line += 1
                column = 1
            }
        } else {
            column += 1
        }
    }

    mutating func skipWhitespace() {
        while let s = current, s == " " || s == "\t" || s == "\n" || s == "\r" {
            advance()
        }
    }

    /// What is at the current position, for messages: `'x'`, `U+0007` or `end of input`.
    var foundDescription: String {
        guard let s = current else { return "end of input" }
        return Scanner.describe(s)
    }

    static func describe(_ s: Unicode.Scalar) -> String {
        if s.value >= 0x21 && s.value < 0x7F { return "'\(Character(s))'" }
        let hex = String(s.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    mutating func document() throws -> JSONNode {
        if current == "\u{FEFF}" {
            index += 1 // a byte order mark is not part of the text and takes no column
        }
        skipWhitespace()
        if atEnd { throw fail("empty input: expected a JSON value") }
        let root = try value()
        skipWhitespace()
        if !atEnd {
            throw fail("expected end of input after the top-level value, found \(foundDescription)")
        }
        return root
    }

    mutating func value() throws -> JSONNode {
        guard let s = current else { throw fail("unexpected end of input: expected a value") }
        switch s {
        case "{": return try object()
        case "[": return try array()
        case "\"":
            let start = here
            return JSONNode(.string(try string()), at: start)
        case "-", "0"..."9": return try number()
        case "'": throw fail("strings must use double quotes (\"), not single quotes")
        default:
            if isWordScalar(s) { return try literal() }
            throw fail("expected a value, found \(foundDescription)")
        }
    }

    func isWordScalar(_ s: Unicode.Scalar) -> Bool {
        (s >= "a" && s <= "z") || (s >= "A" && s <= "Z") || (s >= "0" && s <= "9") || s == "_"
    }

    mutating func literal() throws -> JSONNode {
        let start = here
        var word = ""
        while let s = current, isWordScalar(s), word.unicodeScalars.count < 40 {
            word.unicodeScalars.append(s)
            advance()
        }
        switch word {
        case "true": return JSONNode(.bool(true), at: start)
        case "false": return JSONNode(.bool(false), at: start)
        case "null": return JSONNode(.null, at: start)
        default:
            let lower = word.lowercased()
            if ["true", "false", "null"].contains(lower) {
                throw fail("unknown literal '\(word)' (did you mean '\(lower)'?)", at: start)
            }
            throw fail("expected a value, found '\(word)' (strings need double quotes)", at: start)
        }
    }

    mutating func enterContainer(_ start: SourceLocation) throws {
        if depth >= maxDepth {
            throw fail("nesting is deeper than \(maxDepth) levels", at: start)
        }
        depth += 1
    }

    mutating func object() throws -> JSONNode {
        let start = here
        try enterContainer(start)
        defer { depth -= 1 }
        advance() // {
        var members: [JSONMember] = []
        skipWhitespace()
        if current == "}" {
            advance()
            return JSONNode(.object([]), at: start)
        }
        var commaLocation: SourceLocation? = nil
        while true {
            skipWhitespace()
            guard current == "\"" else {
                if current == "}", let comma = commaLocation {
                    throw fail("trailing comma is not allowed before '}'", at: comma)
                }
                if atEnd { throw fail("unexpected end of input: expected a key string or '}'") }
                throw fail("expected a key in double quotes, found \(foundDescription)")
            }
            let keyLocation = here
            let key = try string()
            skipWhitespace()
            guard current == ":" else {
                throw fail("expected ':' after object key, found \(foundDescription)")
            }
            advance()
            skipWhitespace()
            let member = try value()
            members.append(JSONMember(key: key, keyLocation: keyLocation, value: member))
            skipWhitespace()
            if current == "," {
                commaLocation = here
                advance()
                continue
            }
            if current == "}" {
                advance()
                return JSONNode(.object(members), at: start)
            }
            throw fail("expected ',' or '}' after object member, found \(foundDescription)")
        }
    }

    mutating func array() throws -> JSONNode {
        let start = here
        try enterContainer(start)
        defer { depth -= 1 }
        advance() // [
        var items: [JSONNode] = []
        skipWhitespace()
        if current == "]" {
            advance()
            return JSONNode(.array([]), at: start)
        }
        var commaLocation: SourceLocation? = nil
        while true {
            skipWhitespace()
            if current == "]", let comma = commaLocation {
                throw fail("trailing comma is not allowed before ']'", at: comma)
            }
            items.append(try value())
            skipWhitespace()
            if current == "," {
                commaLocation = here
                advance()
                continue
            }
            if current == "]" {
                advance()
                return JSONNode(.array(items), at: start)
            }
            throw fail("expected ',' or ']' after array element, found \(foundDescription)")
        }
    }

    /// Reads a string starting at the opening quote.
    mutating func string() throws -> String {
        let start = here
        advance() // "
        var result = String.UnicodeScalarView()
        while true {
            guard let s = current else {
                throw fail("unterminated string: missing closing '\"'", at: start)
            }
            switch s {
            case "\"":
                advance()
                return String(result)
            case "\\":
                result.append(try escape())
            case "\n", "\r":
                throw fail("unterminated string: missing closing '\"' before the end of the line", at: start)
            default:
                if s.value < 0x20 {
                    throw fail("control character \(Scanner.describe(s)) must be escaped in a string")
                }
                result.append(s)
                advance()
            }
        }
    }

    mutating func escape() throws -> Unicode.Scalar {
        let start = here
        advance() // backslash
        guard let s = current else { throw fail("unterminated string: missing closing '\"'") }
        advance()
        switch s {
        case "\"": return "\""
        case "\\": return "\\"
        case "/": return "/"
        case "b": return "\u{08}"
        case "f": return "\u{0C}"
        case "n": return "\n"
        case "r": return "\r"
        case "t": return "\t"
        case "u":
            let high = try hex4(escapeStart: start)
            if (0xDC00...0xDFFF).contains(high) {
                throw fail("lone low surrogate '\\u\(hexText(high))' in string", at: start)
            }
            if (0xD800...0xDBFF).contains(high) {
                let lowStart = here
                guard current == "\\", index + 1 < scalars.count, scalars[index + 1] == "u" else {
                    throw fail("lone high surrogate '\\u\(hexText(high))' in string (expected a following '\\uDC00'…'\\uDFFF')", at: start)
                }
                advance()
                advance()
                let low = try hex4(escapeStart: lowStart)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw fail("lone high surrogate '\\u\(hexText(high))' in string (followed by '\\u\(hexText(low))', not a low surrogate)", at: start)
                }
                let combined = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                return Unicode.Scalar(combined) ?? "\u{FFFD}"
            }
            return Unicode.Scalar(high) ?? "\u{FFFD}"
        default:
            throw fail("invalid escape '\\\(Character(s))' in string (allowed: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)", at: start)
        }
    }

    func hexText(_ v: UInt32) -> String {
        let hex = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    mutating func hex4(escapeStart: SourceLocation) throws -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard let s = current, let digit = Scanner.hexValue(s) else {
                throw fail("invalid '\\u' escape: expected 4 hex digits", at: escapeStart)
            }
            v = v * 16 + digit
            advance()
        }
        return v
    }

    static func hexValue(_ s: Unicode.Scalar) -> UInt32? {
        switch s {
        case "0"..."9": return s.value - 48
        case "a"..."f": return s.value - 97 + 10
        case "A"..."F": return s.value - 65 + 10
        default: return nil
        }
    }

    mutating func number() throws -> JSONNode {
        let start = here
        let first = index
        if current == "-" { advance() }
        guard let lead = current, lead >= "0" && lead <= "9" else {
            throw fail("expected a digit after '-', found \(foundDescription)")
        }
        if lead == "0" {
            advance()
            if let s = current, s >= "0" && s <= "9" {
                throw fail("numbers must not have leading zeros", at: start)
            }
        } else {
            skipDigits()
        }
        if current == "." {
            advance()
            guard let s = current, s >= "0" && s <= "9" else {
                throw fail("expected a digit after '.', found \(foundDescription)")
            }
            skipDigits()
        }
        if current == "e" || current == "E" {
            advance()
            if current == "+" || current == "-" { advance() }
            guard let s = current, s >= "0" && s <= "9" else {
                throw fail("expected a digit in the exponent, found \(foundDescription)")
            }
            skipDigits()
        }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars[first..<index])
        guard let value = Double(String(text)), value.isFinite else {
            throw fail("number is too large", at: start)
        }
        return JSONNode(.number(value), at: start)
    }

    mutating func skipDigits() {
        while let s = current, s >= "0" && s <= "9" { advance() }
    }
}
