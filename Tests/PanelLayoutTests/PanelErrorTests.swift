import Testing
@testable import PanelLayout

/// Whole files with one panel-level problem each.
let panelCases: [SyntaxCase] = [
    SyntaxCase("top level is not an object", "[1]", 1, 1, "the top level: expected an object, found an array"),
    SyntaxCase("missing required panel key", #"{"size": [1280, 800], "pages": [{"id": "p"}]}"#, 1, 1, "missing required key 'panel' in the panel"),
    SyntaxCase("size out of range", #"{"panel": "T", "size": [0, 800], "pages": [{"id": "p"}]}"#, 1, 25, "'size' width: 0 is out of range: must be between 1 and 4096"),
    SyntaxCase("size not an integer", #"{"panel": "T", "size": [1280.5, 800], "pages": [{"id": "p"}]}"#, 1, 25, "'size' width: expected an integer, found 1280.5"),
    SyntaxCase("size of wrong type", #"{"panel": "T", "size": "big", "pages": [{"id": "p"}]}"#, 1, 24, "'size': expected an array [width, height], found a string"),
    SyntaxCase("no pages", #"{"panel": "T", "size": [100, 100], "pages": []}"#, 1, 45, "'pages': expected at least 1 page, found 0"),
    SyntaxCase("unknown top-level key", #"{"panel": "T", "size": [100, 100], "pages": [{"id": "p"}], "theem": {}}"#, 1, 60, "unknown key 'theem' in the panel (did you mean 'theme'?)"),
    SyntaxCase("too many background colours", ##"{"panel": "T", "size": [100, 100], "theme": {"background": ["#000000", "#111111", "#222222"]}, "pages": [{"id": "p"}]}"##, 1, 60, "'background': expected at most 2 elements, found 3"),
    SyntaxCase("bad rotation", #"{"panel": "T", "size": [100, 100], "rotation": 45, "pages": [{"id": "p"}]}"#, 1, 48, "'rotation': 45 is not one of 0, 90, 180, 270"),
    SyntaxCase("duplicate page id", #"{"panel": "T", "size": [100, 100], "pages": [{"id": "p"}, {"id": "p"}]}"#, 1, 66, "duplicate page id 'p' (first defined at 1:53)"),
    SyntaxCase("grid without room", #"{"panel": "T", "size": [100, 100], "layout": {"grid": {"columns": 10, "rows": 1}}, "pages": [{"id": "p"}]}"#, 1, 55, "'grid': no room for 10 columns"),
    SyntaxCase("layout without grid", #"{"panel": "T", "size": [100, 100], "layout": {}, "pages": [{"id": "p"}]}"#, 1, 46, "missing required key 'grid' in layout"),
    SyntaxCase("grid columns zero", #"{"panel": "T", "size": [100, 100], "layout": {"grid": {"columns": 0, "rows": 1}}, "pages": [{"id": "p"}]}"#, 1, 67, "'columns': 0 is out of range: must be between 1 and 256"),
    SyntaxCase("page title of wrong type", #"{"panel": "T", "size": [100, 100], "pages": [{"id": "p", "title": 7}]}"#, 1, 67, "'title': expected a string, found a number"),
    SyntaxCase("unknown page key", #"{"panel": "T", "size": [100, 100], "pages": [{"id": "p", "widget": []}]}"#, 1, 58, "unknown key 'widget' in page 'p' (did you mean 'widgets'?)"),
]

@Test(arguments: panelCases)
func panelErrorIsReportedAtItsPosition(_ c: SyntaxCase) {
    let found = diagnostics(c.text)
    #expect(found.count == 1, "\(found)")
    guard let d = found.first else { return }
    #expect(d.location == PanelLayout.SourceLocation(line: c.line, column: c.column), "\(d)")
    #expect(d.message.contains(c.fragment), "\(d)")
}

@Test func gridErrorsAndDuplicateIdsAcrossPagesAreAllReported() {
    let text = """
    {"panel": "G", "size": [1280, 800],
     "layout": {"grid": {"columns": 3, "rows": 2}},
     "pages": [
      {"id": "a", "widgets": [
       {"id": "k1", "type": "knob", "cell": [2, 0], "span": [2, 1]},
       {"id": "k2", "type": "knob", "cell": [3, 0]}]},
      {"id": "b", "widgets": [
       {"id": "k2", "type": "knob", "cell": [0, 1]}]}]}
    """
    let found = diagnostics(text, file: "g.json")
    #expect(found.map(\.description) == [
        "g.json:5:57: error: 'span' [2, 1] from cell [2, 0] leaves the 3x2 grid",
        "g.json:6:41: error: 'cell' [3, 0] is outside the 3x2 grid (columns 0…2, rows 0…1)",
        "g.json:8:11: error: duplicate widget id 'k2' (first defined at 6:11)",
    ])
}

@Test func everyProblemInAFileIsReportedInSourceOrder() {
    let text = """
    {"panel": "", "size": [1280, 800], "colour": 1,
     "theme": {"tint": "blue"},
     "pages": [{"id": "main", "widgets": [
       {"id": "v", "type": "knob", "frame": [80, 80, 200, 200], "mode": "wheel", "shadowRadius": -1},
       {"id": "v", "type": "label", "frame": [0, 700, 300, 200]}]}]}
    """
    let found = diagnostics(text, file: "m.json")
    #expect(found.map(\.description) == [
        "m.json:1:11: error: 'panel': must not be empty",
        "m.json:1:36: error: unknown key 'colour' in the panel",
        "m.json:2:20: error: 'tint': invalid color 'blue': expected '#rrggbb' or '#rrggbbaa'",
        "m.json:4:69: error: 'mode': unknown value 'wheel'; expected one of: linearReturn, wheelOfFortune, continuous, rotaryDial",
        "m.json:4:94: error: 'shadowRadius': -1 is out of range: must be between 0 and 100",
        "m.json:5:4: error: missing required key 'text' in label 'v' (or give 'bind' or 'icon')",
        "m.json:5:11: error: duplicate widget id 'v' (first defined at 4:11)",
        "m.json:5:42: error: label 'v': frame [0, 700, 300, 200] lies outside the design size 1280x800",
    ])
    let errors = LayoutErrors(diagnostics: found)
    #expect(errors.description.split(separator: "\n").count == found.count)
}

/// `page` is the panel's own MQTT topic level and Home Assistant entity: a widget with that
/// id would publish its state on the page's topic and take the page's commands.
@Test func theWidgetIDPageIsReserved() {
    let found = diagnostics(fileWithWidget(#"{"id": "page", "type": "knob", "frame": [0, 0, 200, 200]}"#), file: "r.json")
    #expect(found.map(\.description) == [
        "r.json:3:8: error: widget id 'page' is reserved: the panel's own MQTT topics and Home Assistant entity use it (PREFIX/page/state, PREFIX/page/set); choose another id",
    ])
    // A page may still be called `page`, and ids that only contain the word are fine.
    #expect(panel(#"{"panel": "T", "size": [1280, 800], "pages": [{"id": "page", "widgets": [{"id": "pages", "type": "knob", "frame": [0, 0, 200, 200]}]}]}"#) != nil)
}
