/// A strict JSON (RFC 8259) reader that remembers where every value and key starts.
///
/// Positions are 1-based; columns count Unicode scalars and a tab is one column. A leading
/// byte order mark is skipped and not counted. `\r\n`, `\n` and a lone `\r` each end a line.
/// The reader never traps: every malformed input ends in one `JSONSyntaxError` at the
/// position where the text stops making sense, and nesting is capped (`maxDepth`).
///
/// It reads UTF-8 bytes in place: memory is the file plus the tree, not an array of 4-byte
/// scalars and copies of it (a 30 MB layout used to take 607 MB to check).
public enum JSONReader {
    /// Deepest allowed nesting of arrays and objects.
    public static let defaultMaxDepth = 200

    public static func parse(_ text: String, maxDepth: Int = defaultMaxDepth) -> Result<JSONNode, JSONSyntaxError> {
        var text = text
        return text.withUTF8 { parse(utf8: $0, maxDepth: maxDepth) }
    }

    /// As `parse`, but a number too large for a Double is ±infinity instead of an error:
    /// only to find a refused line's other members (its `request_id`), never for values
    /// that reach a model.
    public static func parseKeepingHugeNumbers(_ text: String) -> Result<JSONNode, JSONSyntaxError> {
        var text = text
        return text.withUTF8 { parse(utf8: $0, maxDepth: defaultMaxDepth, hugeNumbers: true) }
    }

    /// Invalid UTF-8 inside strings becomes U+FFFD; outside strings it is reported as an
    /// unexpected character.
    public static func parse(bytes: [UInt8], maxDepth: Int = defaultMaxDepth) -> Result<JSONNode, JSONSyntaxError> {
        bytes.withUnsafeBufferPointer { parse(utf8: $0, maxDepth: maxDepth) }
    }

    static func parse(utf8: UnsafeBufferPointer<UInt8>, maxDepth: Int, hugeNumbers: Bool = false) -> Result<JSONNode, JSONSyntaxError> {
        var scanner = Scanner(bytes: utf8, maxDepth: maxDepth)
        scanner.hugeNumbers = hugeNumbers
        do {
            return .success(try scanner.document())
        } catch let error as JSONSyntaxError {
            return .failure(error)
        } catch {
            return .failure(JSONSyntaxError(location: SourceLocation(line: 1, column: 1), message: "\(error)"))
        }
    }
}

private extension UInt8 {
    var isDigit: Bool { self >= 0x30 && self <= 0x39 }
    /// A UTF-8 continuation byte (10xxxxxx): part of the previous scalar, takes no column.
    var isContinuation: Bool { self & 0xC0 == 0x80 }
}

private struct Scanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    var index = 0
    var line = 1
    var column = 1
    var depth = 0
    /// Values read so far. A parsed value costs far more memory than its text (a `0,` is two
    /// bytes, its node about 48), so a file of tiny values is refused at a budget no panel
    /// comes near (64 pages × 256 widgets × a few dozen values is under 1 M) instead of
    /// growing the tree to 25 × the file.
    var valueCount = 0
    static let maxValues = 2_000_000
    /// Numbers beyond Double's range read as ±infinity instead of failing.
    var hugeNumbers = false

    init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    var here: SourceLocation { SourceLocation(line: line, column: column) }
    var atEnd: Bool { index >= bytes.count }
    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    func fail(_ message: String, at location: SourceLocation? = nil) -> JSONSyntaxError {
        JSONSyntaxError(location: location ?? here, message: message)
    }

    mutating func advance() {
        guard index < bytes.count else { return }
        let b = bytes[index]
        index += 1
        if b == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if b == UInt8(ascii: "\r") {
            if index < bytes.count, bytes[index] == UInt8(ascii: "\n") {
                column += 1 // the following \n ends the line
            } else {
                line += 1
                column = 1
            }
        } else if !b.isContinuation {
            column += 1
        }
    }

    mutating func skipWhitespace() {
        while let b = current, b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") || b == UInt8(ascii: "\n") || b == UInt8(ascii: "\r") {
            advance()
        }
    }

    /// What is at the current position, for messages: `'x'`, `U+0007` or `end of input`.
    var foundDescription: String {
        guard !atEnd else { return "end of input" }
        return Scanner.describe(scalar(at: index))
    }

    /// The scalar starting at byte `i` (U+FFFD when the bytes there are not valid UTF-8).
    func scalar(at i: Int) -> Unicode.Scalar {
        let end = Swift.min(bytes.count, i + 4)
        var iterator = bytes[i..<end].makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let s) = decoder.decode(&iterator) { return s }
        return "\u{FFFD}"
    }

    static func describe(_ s: Unicode.Scalar) -> String {
        if s.value >= 0x21 && s.value < 0x7F { return "'\(Character(s))'" }
        let hex = String(s.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    mutating func document() throws -> JSONNode {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            index = 3 // a byte order mark is not part of the text and takes no column
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
        guard let b = current else { throw fail("unexpected end of input: expected a value") }
        valueCount += 1
        if valueCount > Self.maxValues {
            throw fail("more than \(Self.maxValues) values in one file; a panel file never needs this many")
        }
        switch b {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""):
            let start = here
            return JSONNode(.string(try string()), at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        case UInt8(ascii: "'"): throw fail("strings must use double quotes (\"), not single quotes")
        default:
            if isWordByte(b) { return try literal() }
            throw fail("expected a value, found \(foundDescription)")
        }
    }

    func isWordByte(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z")) || b.isDigit || b == UInt8(ascii: "_")
    }

    mutating func literal() throws -> JSONNode {
        let start = here
        var word = ""
        while let b = current, isWordByte(b), word.utf8.count < 40 {
            word.unicodeScalars.append(Unicode.Scalar(b))
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
        if current == UInt8(ascii: "}") {
            advance()
            return JSONNode(.object([]), at: start)
        }
        var commaLocation: SourceLocation? = nil
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else {
                if current == UInt8(ascii: "}"), let comma = commaLocation {
                    throw fail("trailing comma is not allowed before '}'", at: comma)
                }
                if atEnd { throw fail("unexpected end of input: expected a key string or '}'") }
                throw fail("expected a key in double quotes, found \(foundDescription)")
            }
            let keyLocation = here
            let key = try string()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else {
                throw fail("expected ':' after object key, found \(foundDescription)")
            }
            advance()
            skipWhitespace()
            let member = try value()
            members.append(JSONMember(key: key, keyLocation: keyLocation, value: member))
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                commaLocation = here
                advance()
                continue
            }
            if current == UInt8(ascii: "}") {
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
        if current == UInt8(ascii: "]") {
            advance()
            return JSONNode(.array([]), at: start)
        }
        var commaLocation: SourceLocation? = nil
        while true {
            skipWhitespace()
            if current == UInt8(ascii: "]"), let comma = commaLocation {
                throw fail("trailing comma is not allowed before ']'", at: comma)
            }
            items.append(try value())
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                commaLocation = here
                advance()
                continue
            }
            if current == UInt8(ascii: "]") {
                advance()
                return JSONNode(.array(items), at: start)
            }
            throw fail("expected ',' or ']' after array element, found \(foundDescription)")
        }
    }

    /// Reads a string starting at the opening quote. Runs of plain bytes are copied whole;
    /// the result is decoded once (invalid UTF-8 becomes U+FFFD).
    mutating func string() throws -> String {
        let start = here
        advance() // "
        var result: [UInt8] = []
        while true {
            guard let b = current else {
                throw fail("unterminated string: missing closing '\"'", at: start)
            }
            switch b {
            case UInt8(ascii: "\""):
                advance()
                return String(decoding: result, as: UTF8.self)
            case UInt8(ascii: "\\"):
                let scalar = try escape()
                result.append(contentsOf: String(scalar).utf8)
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                throw fail("unterminated string: missing closing '\"' before the end of the line", at: start)
            default:
                if b < 0x20 {
                    throw fail("control character \(Scanner.describe(Unicode.Scalar(b))) must be escaped in a string")
                }
                // Plain bytes up to the next quote, backslash or control byte: no line ends
                // among them, so only the column moves (by the scalars, not the bytes).
                let runStart = index
                var scalars = 0
                while index < bytes.count {
                    let c = bytes[index]
                    if c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") || c < 0x20 { break }
                    if !c.isContinuation { scalars += 1 }
                    index += 1
                }
                result.append(contentsOf: bytes[runStart..<index])
                column += scalars
            }
        }
    }

    mutating func escape() throws -> Unicode.Scalar {
        let start = here
        advance() // backslash
        guard let b = current else { throw fail("unterminated string: missing closing '\"'") }
        let s = scalar(at: index)
        advance()
        switch b {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try hex4(escapeStart: start)
            if (0xDC00...0xDFFF).contains(high) {
                throw fail("lone low surrogate '\\u\(hexText(high))' in string", at: start)
            }
            if (0xD800...0xDBFF).contains(high) {
                let lowStart = here
                guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
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
            // A line break or other invisible character after the backslash is named, not
            // printed: a diagnostic is one line (found by the command fuzz target).
            let escape = s.value >= 0x21 && s.value < 0x7F ? "'\\\(Character(s))'" : "'\\' followed by \(Scanner.describe(s))"
            throw fail("invalid escape \(escape) in string (allowed: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)", at: start)
        }
    }

    func hexText(_ v: UInt32) -> String {
        let hex = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    mutating func hex4(escapeStart: SourceLocation) throws -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard let b = current, let digit = Scanner.hexValue(b) else {
                throw fail("invalid '\\u' escape: expected 4 hex digits", at: escapeStart)
            }
            v = v * 16 + digit
            advance()
        }
        return v
    }

    static func hexValue(_ b: UInt8) -> UInt32? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(b) - 48
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(b) - 97 + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(b) - 65 + 10
        default: return nil
        }
    }

    mutating func number() throws -> JSONNode {
        let start = here
        let first = index
        if current == UInt8(ascii: "-") { advance() }
        guard let lead = current, lead.isDigit else {
            throw fail("expected a digit after '-', found \(foundDescription)")
        }
        if lead == UInt8(ascii: "0") {
            advance()
            if let b = current, b.isDigit {
                throw fail("numbers must not have leading zeros", at: start)
            }
        } else {
            skipDigits()
        }
        if current == UInt8(ascii: ".") {
            advance()
            guard let b = current, b.isDigit else {
                throw fail("expected a digit after '.', found \(foundDescription)")
            }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            advance()
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { advance() }
            guard let b = current, b.isDigit else {
                throw fail("expected a digit in the exponent, found \(foundDescription)")
            }
            skipDigits()
        }
        guard let value = Double(String(decoding: bytes[first..<index], as: UTF8.self)), value.isFinite || hugeNumbers else {
            throw fail("number is too large", at: start)
        }
        return JSONNode(.number(value), at: start)
    }

    mutating func skipDigits() {
        while let b = current, b.isDigit { advance() }
    }
}
