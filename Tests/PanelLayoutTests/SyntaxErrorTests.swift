import Testing
@testable import PanelLayout

struct SyntaxCase: Sendable, CustomStringConvertible {
    var name: String
    var text: String
    var line: Int
    var column: Int
    var fragment: String

    init(_ name: String, _ text: String, _ line: Int, _ column: Int, _ fragment: String) {
        self.name = name
        self.text = text
        self.line = line
        self.column = column
        self.fragment = fragment
    }

    var description: String { name }
}

/// Malformed JSON: exactly one error, at the exact position where the text stops making sense.
let syntaxCases: [SyntaxCase] = [
    SyntaxCase("missing comma between members", #"{"panel": "T" "size": [1, 1]}"#, 1, 15, "expected ',' or '}' after object member, found '\"'"),
    SyntaxCase("trailing comma in object", #"{"panel": "T",}"#, 1, 14, "trailing comma is not allowed before '}'"),
    SyntaxCase("trailing comma in array", "[1, 2,]", 1, 6, "trailing comma is not allowed before ']'"),
    SyntaxCase("unterminated string at end of input", #"{"panel": "T"#, 1, 11, "unterminated string"),
    SyntaxCase("unterminated string at end of line", "[\"ab\ncd\"]", 1, 2, "missing closing '\"' before the end of the line"),
    SyntaxCase("invalid escape", #"{"panel": "a\qb"}"#, 1, 13, "invalid escape '\\q'"),
    // Found by the command fuzz target: the line break after the backslash was printed raw,
    // splitting the diagnostic in two lines.
    SyntaxCase("backslash before a line break", "[\"a\\\nb\"]", 1, 4, "invalid escape '\\' followed by U+000A"),
    SyntaxCase("bad \\u escape", #"{"a": "\u12G4"}"#, 1, 8, "invalid '\\u' escape: expected 4 hex digits"),
    SyntaxCase("lone high surrogate", #"{"panel": "\uD800x"}"#, 1, 12, "lone high surrogate '\\uD800'"),
    SyntaxCase("high surrogate followed by non-surrogate", #"["\uD800\u0041"]"#, 1, 3, "not a low surrogate"),
    SyntaxCase("lone low surrogate", #"{"panel": "\uDC00"}"#, 1, 12, "lone low surrogate '\\uDC00'"),
    SyntaxCase("missing colon", #"{"panel" "T"}"#, 1, 10, "expected ':' after object key"),
    SyntaxCase("single-quoted key", "{'panel': 1}", 1, 2, "expected a key in double quotes, found '''"),
    SyntaxCase("single-quoted value", "[1, 'a']", 1, 5, "strings must use double quotes"),
    SyntaxCase("number as key", "{1: 2}", 1, 2, "expected a key in double quotes, found '1'"),
    SyntaxCase("truncated after comma", #"{"panel": "T", "size": [1280,"#, 1, 30, "unexpected end of input: expected a value"),
    SyntaxCase("truncated object", #"{"panel": "T""#, 1, 14, "expected ',' or '}' after object member, found end of input"),
    SyntaxCase("two values in an object", #"{"a": 1 2}"#, 1, 9, "expected ',' or '}' after object member, found '2'"),
    SyntaxCase("leading zero", "[01]", 1, 2, "leading zeros"),
    SyntaxCase("misspelt literal", "[tru]", 1, 2, "expected a value, found 'tru'"),
    SyntaxCase("capitalised literal", "[True]", 1, 2, "unknown literal 'True' (did you mean 'true'?)"),
    SyntaxCase("huge number", "[1e999]", 1, 2, "number is too large"),
    SyntaxCase("bare minus", "[-]", 1, 3, "expected a digit after '-', found ']'"),
    SyntaxCase("missing fraction digits", "[1.]", 1, 4, "expected a digit after '.'"),
    SyntaxCase("missing exponent digits", "[1e+]", 1, 5, "expected a digit in the exponent"),
    SyntaxCase("LF lines", "{\n  \"panel\": \"T\",\n  \"size\": [1280 800]\n}", 3, 17, "expected ',' or ']' after array element, found '8'"),
    SyntaxCase("CRLF lines count once", "{\r\n  \"panel\": \"T\",\r\n  \"size\": [1280 800]\r\n}", 3, 17, "expected ',' or ']'"),
    SyntaxCase("CR-only lines", "{\r  \"panel\": \"T\",\r  \"size\": [1280 800]\r}", 3, 17, "expected ',' or ']'"),
    SyntaxCase("tab is one column", "[\t\tx]", 1, 4, "expected a value, found 'x'"),
    SyntaxCase("columns count Unicode scalars", "{\"\u{E9}\u{1F600}\": 1, \"x\" 2}", 1, 15, "expected ':' after object key"),
    SyntaxCase("byte order mark is skipped", "\u{FEFF}{\"a\" 1}", 1, 6, "expected ':' after object key"),
    SyntaxCase("text after the value", "{} x", 1, 4, "expected end of input after the top-level value, found 'x'"),
    SyntaxCase("empty input", "", 1, 1, "empty input"),
    SyntaxCase("whitespace only", "   \n  ", 2, 3, "empty input"),
    SyntaxCase("raw control character in string", "[\"a\u{01}b\"]", 1, 4, "control character U+0001 must be escaped"),
    SyntaxCase("unexpected character", "@", 1, 1, "expected a value, found '@'"),
    SyntaxCase("NUL at top level", "\u{0}", 1, 1, "expected a value, found U+0000"),
    SyntaxCase("nesting too deep", String(repeating: "[", count: 300), 1, 201, "nesting is deeper than 200 levels"),
    SyntaxCase("deep objects", String(repeating: "{\"a\":", count: 250), 1, 1 + 5 * 200, "nesting is deeper than 200 levels"),
]

@Test(arguments: syntaxCases)
func syntaxErrorIsReportedOnceAtItsPosition(_ c: SyntaxCase) {
    let found = diagnostics(c.text, file: "panels/x.json")
    #expect(found.count == 1, "\(found)")
    guard let d = found.first else { return }
    #expect(d.location == PanelLayout.SourceLocation(line: c.line, column: c.column), "\(d)")
    #expect(d.message.contains(c.fragment), "\(d)")
    #expect(d.description == "panels/x.json:\(c.line):\(c.column): error: \(d.message)")
}

@Test func invalidUTF8IsReportedNotTrapped() {
    let result = JSONReader.parse(bytes: [0x7B, 0xFF, 0x7D])
    guard case .failure(let error) = result else {
        Issue.record("expected a failure")
        return
    }
    #expect(error.location == PanelLayout.SourceLocation(line: 1, column: 2))
    #expect(error.message.contains("U+FFFD"))
}
