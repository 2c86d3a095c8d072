import Testing
@testable import PanelLayout

private func parsed(_ text: String) throws -> JSONNode {
    try JSONReader.parse(text).get()
}

@Test func valuesAndKeysKeepTheirPositions() throws {
    let text = """
    {
      "a": [1, -2.5e1, true],
    \t"b": {"c": null, "d": "x"}
    }
    """
    let root = try parsed(text)
    #expect(root.location == PanelLayout.SourceLocation(line: 1, column: 1))
    let members = try #require(root.objectValue)
    #expect(members.map(\.key) == ["a", "b"])
    #expect(members[0].keyLocation == PanelLayout.SourceLocation(line: 2, column: 3))
    #expect(members[0].value.location == PanelLayout.SourceLocation(line: 2, column: 8))
    let items = try #require(members[0].value.arrayValue)
    #expect(items.map(\.location.column) == [9, 12, 20])
    #expect(items.map(\.layoutValue) == [.number(1), .number(-25), .bool(true)])
    #expect(members[1].keyLocation == PanelLayout.SourceLocation(line: 3, column: 2)) // the tab is one column
    let inner = try #require(root["b"])
    #expect(inner.location == PanelLayout.SourceLocation(line: 3, column: 7))
    #expect(inner.member("c")?.keyLocation == PanelLayout.SourceLocation(line: 3, column: 8))
    #expect(inner["c"]?.kind == .null)
    #expect(inner["d"]?.location == PanelLayout.SourceLocation(line: 3, column: 24))
}

@Test func escapesDecode() throws {
    let root = try parsed(#"["\"\\\/\b\f\n\r\t", "\u00e9\u20AC", "\ud83d\ude00", "😀 é"]"#)
    #expect(root.layoutValue == .array([.string("\"\\/\u{08}\u{0C}\n\r\t"), .string("é€"), .string("😀"), .string("😀 é")]))
}

@Test func duplicateKeysAreKeptForTheChecker() throws {
    let root = try parsed(#"{"a": 1, "a": 2}"#)
    #expect(root.objectValue?.map(\.key) == ["a", "a"])
    #expect(root["a"]?.numberValue == 1)
}

@Test func byteOrderMarkIsSkipped() throws {
    let root = try parsed("\u{FEFF}{\"a\": 1}")
    #expect(root.location == PanelLayout.SourceLocation(line: 1, column: 1))
    #expect(root.member("a")?.keyLocation == PanelLayout.SourceLocation(line: 1, column: 2))
}

@Test func nestingUpToTheLimitIsFine() throws {
    let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
    _ = try parsed(deep)
    let tooDeep = String(repeating: "[", count: 201) + String(repeating: "]", count: 201)
    #expect(throws: JSONSyntaxError.self) { try parsed(tooDeep) }
    let custom = JSONReader.parse("[[[1]]]", maxDepth: 2)
    #expect(throws: JSONSyntaxError.self) { try custom.get() }
}

@Test func scalarsAtTopLevel() throws {
    #expect(try parsed(" 42 ").layoutValue == .number(42))
    #expect(try parsed("\"s\"").layoutValue == .string("s"))
    #expect(try parsed("null").layoutValue == .null)
    #expect(try parsed("-0.5E-2").numberValue == -0.005)
    #expect(try parsed("1e-400").numberValue == 0) // underflow is fine, overflow is not
}

@Test func writerRoundTrips() throws {
    let text = #"{"name": "x\"y\n", "list": [1, 2.5, -3, true, null, {"k": []}], "empty": {}, "ctl": "\u0001"}"#
    let value = try parsed(text).layoutValue
    #expect(value.jsonText == #"{"name":"x\"y\n","list":[1,2.5,-3,true,null,{"k":[]}],"empty":{},"ctl":"\u0001"}"#)
    #expect(try parsed(value.jsonText).layoutValue == value)
    #expect(try parsed(value.prettyJSONText()).layoutValue == value)
}

@Test func hugeInputsStayFast() throws {
    // 100 000 digits overflow Double: an error, not a trap; a 1 MB string is just a string.
    let digits = JSONReader.parse("[" + String(repeating: "9", count: 100_000) + "]")
    #expect(throws: JSONSyntaxError.self) { try digits.get() }
    let long = try parsed("\"" + String(repeating: "a", count: 1_000_000) + "\"")
    #expect(long.stringValue?.count == 1_000_000)
    let wide = try parsed("[" + Array(repeating: "0", count: 100_000).joined(separator: ",") + "]")
    #expect(wide.arrayValue?.count == 100_000)
    let deep = JSONReader.parse(String(repeating: "[", count: 1_000_000))
    guard case .failure(let error) = deep else {
        Issue.record("expected a failure")
        return
    }
    #expect(error.location == PanelLayout.SourceLocation(line: 1, column: 201))
}

/// A file of tiny values (a 30 MB `[0,0,…]` once took 722 MB) is refused at the value budget
/// with a position, instead of growing the tree to many times the file. The array itself is
/// value 1, so the 2 000 000th zero (column 2 + 2 × 1 999 999) is the one refused.
@Suite struct JSONValueBudgetTests {
    @Test func tooManyValuesAreRefusedWithAPosition() {
        let count = 2_000_001
        var text = "["
        text.reserveCapacity(count * 2 + 2)
        for i in 0..<count { text += i == 0 ? "0" : ",0" }
        text += "]"
        guard case .failure(let e) = JSONReader.parse(text) else { Issue.record("accepted"); return }
        #expect(e.message.contains("more than 2000000 values"))
        #expect(e.location.line == 1 && e.location.column == 4_000_000)
    }
}
