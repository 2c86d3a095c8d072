import Testing
@testable import PanelLayout
import ControlWidgets

struct SchemaCase: Sendable, CustomStringConvertible {
    var name: String
    var widgetLine: String
    var line: Int
    var column: Int
    var fragment: String

    init(_ name: String, _ widgetLine: String, _ line: Int, _ column: Int, _ fragment: String) {
        self.name = name
        self.widgetLine = widgetLine
        self.line = line
        self.column = column
        self.fragment = fragment
    }

    var description: String { name }
}

/// One widget line with one problem each, inserted as line 3 of a small panel file. The
/// expected columns were counted independently (Python's str.index + 1 on the same line).
let schemaCases: [SchemaCase] = [
    SchemaCase("unknown key with suggestion",
               "{\"id\": \"k\", \"type\": \"knob\", \"frame\": [0, 0, 100, 100], \"fillColour\": \"#ff0000\"}",
               3, 56, "unknown key 'fillColour' in knob 'k' (did you mean 'fillColor'?)"),
    SchemaCase("unknown key, case differs",
               "{\"id\": \"k\", \"type\": \"knob\", \"frame\": [0, 0, 100, 100], \"Mode\": \"continuous\"}",
               3, 56, "(did you mean 'mode'?)"),
    SchemaCase("unknown key, no close match",
               "{\"id\": \"k\", \"type\": \"knob\", \"frame\": [0, 0, 100, 100], \"wobble\": true}",
               3, 56, "unknown key 'wobble' in knob 'k'"),
    SchemaCase("unknown enum value with suggestion",
               "{\"id\": \"k\", \"type\": \"knob\", \"frame\": [0, 0, 100, 100], \"mode\": \"continous\"}",
               3, 64, "'mode': unknown value 'continous' (did you mean 'continuous'?)"),
    SchemaCase("unknown gesture",
               "{\"id\": \"k\", \"type\": \"knob\", \"frame\": [0, 0, 100, 100], \"gesture\": \"pan\"}",
               3, 67, "expected one of: oneFingerRotation, twoFingerRotation, verticalPan, tap"),
    SchemaCase("wrong type: string for number",
               "{\"id\": \"k\", \"type\": \"knob\", \"frame\": [0, 0, 100, 100], \"min\": \"zero\"}",
               3, 63, "'min': expected a number, found a string"),
    SchemaCase("wrong type: number for bool",
               "{\"id\": \"k\", \"type\": \"knob\", \"frame\": [0, 0, 100, 100], \"circular\": 1}",
               3, 68, "'circular': expected a boolean (true or false), found a number"),
    SchemaCase("wrong type: null",
               "{\"id\": \"k\", \"type\": \"knob\", \"frame\": [0, 0, 100, 100], \"label\": null}",
               3, 65, "'label': expected a string, found null"),
    SchemaCase("out of range: shadowOpacity",
               "{\"id\": \"k\", \"type\": \"knob\", \"frame\": [0, 0, 100, 100], \"shadowOpacity\": 1.5}",
               3, 73, "'shadowOpacity': 1.5 is out of range: must be between 0 and 1"),
    SchemaCase("out of range: positions",
               "{\"id\": \"k\", \"type\": \"knob\", \"frame\": [0, 0, 100, 100], \"positions\": 1}",
               3, 69, "'positions': 1 is out of range: must be between 2 and 360"),
    SchemaCase("not an integer: positions",
               "{\"id\": \"k\", \"type\": \"knob\", \"frame\": [0, 0, 100, 100], \"positions\": 2.5}",
               3, 69, "'positions': expected an integer, found 2.5"),
    SchemaCase("out of range: timeScale",
               "{\"id\": \"k\", \"type\": \"knob\", \"frame\": [0, 0, 100, 100], \"timeScale\": 0}",
               3, 69, "'timeScale': 0 is out of range: must be greater than 0"),
    SchemaCase("tuple element out of range",
               "{\"id\": \"k\", \"type\": \"knob\", \"frame\": [0, 0, -5, 100]}",
               3, 45, "'frame' width: -5 is out of range: must be greater than 0"),
    SchemaCase("frame with 3 numbers",
               "{\"id\": \"k\", \"type\": \"knob\", \"frame\": [0, 0, 100]}",
               3, 38, "'frame': expected 4 elements [x, y, width, height], found 3"),
    SchemaCase("outside design size",
               "{\"id\": \"k\", \"type\": \"knob\", \"frame\": [1200, 0, 100, 100]}",
               3, 38, "knob 'k': frame [1200, 0, 100, 100] lies outside the design size 1280x800"),
    SchemaCase("outside design size, negative x",
               "{\"id\": \"k\", \"type\": \"knob\", \"frame\": [-1, 0, 100, 100]}",
               3, 38, "lies outside the design size"),
    SchemaCase("missing required key",
               "{\"id\": \"t\", \"type\": \"label\", \"frame\": [0, 0, 100, 40]}",
               3, 1, "missing required key 'text' in label 't'"),
    SchemaCase("missing id",
               "{\"type\": \"label\", \"text\": \"x\", \"frame\": [0, 0, 100, 40]}",
               3, 1, "missing required key 'id' in label"),
    SchemaCase("neither frame nor cell",
               "{\"id\": \"k\", \"type\": \"knob\"}",
               3, 1, "knob 'k' needs either 'frame' or 'cell'"),
    SchemaCase("both frame and cell",
               "{\"id\": \"k\", \"type\": \"knob\", \"frame\": [0, 0, 10, 10], \"cell\": [0, 0]}",
               3, 54, "knob 'k' has both 'frame' and 'cell'"),
    SchemaCase("cell without grid",
               "{\"id\": \"k\", \"type\": \"knob\", \"cell\": [0, 0]}",
               3, 37, "'cell' needs a usable grid"),
    SchemaCase("span without cell",
               "{\"id\": \"k\", \"type\": \"knob\", \"frame\": [0, 0, 10, 10], \"span\": [1, 1]}",
               3, 54, "'span' only applies with 'cell'"),
    SchemaCase("missing image file",
               "{\"id\": \"k\", \"type\": \"knob\", \"frame\": [0, 0, 100, 100], \"image\": \"no-such-knob.png\"}",
               3, 65, "'image': cannot read image file 'no-such-knob.png' (resolved to 'no-such-knob.png'): No such file or directory"),
    SchemaCase("missing state image",
               "{\"id\": \"k\", \"type\": \"knob\", \"frame\": [0, 0, 100, 100], \"images\": {\"normal\": \"a.png\"}}",
               3, 77, "'images' normal: cannot read image file 'a.png'"),
    SchemaCase("duplicate key",
               "{\"id\": \"k\", \"type\": \"knob\", \"frame\": [0, 0, 220, 220], \"mode\": \"rotaryDial\", \"mode\": \"continuous\"}",
               3, 78, "duplicate key 'mode' in knob 'k' (first at 3:56)"),
    SchemaCase("invalid colour",
               "{\"id\": \"k\", \"type\": \"knob\", \"frame\": [0, 0, 100, 100], \"tint\": \"#12345\"}",
               3, 64, "'tint': invalid color '#12345': expected '#rrggbb' or '#rrggbbaa', or a theme token (background, surface, text, muted, accent, track, danger, success, warning)"),
    SchemaCase("misspelt colour token",
               "{\"id\": \"k\", \"type\": \"knob\", \"frame\": [0, 0, 100, 100], \"tint\": \"dangr\"}",
               3, 64, "'tint': invalid color 'dangr' (did you mean 'danger'?): expected '#rrggbb' or '#rrggbbaa', or a theme token (background, surface, text, muted, accent, track, danger, success, warning)"),
    SchemaCase("invalid colour in state map",
               "{\"id\": \"k\", \"type\": \"knob\", \"frame\": [0, 0, 100, 100], \"fillColor\": {\"normal\": \"#fff\", \"selected\": \"#00ff00\"}}",
               3, 80, "'fillColor' normal: invalid color '#fff'"),
    SchemaCase("unknown state in state map",
               "{\"id\": \"k\", \"type\": \"knob\", \"frame\": [0, 0, 100, 100], \"titleColor\": {\"highlightd\": \"#ffffff\"}}",
               3, 71, "unknown key 'highlightd' in 'titleColor' (did you mean 'highlighted'?)"),
    SchemaCase("colour of wrong type",
               "{\"id\": \"k\", \"type\": \"knob\", \"frame\": [0, 0, 100, 100], \"fillColor\": 3}",
               3, 69, "'fillColor': expected a color string or an object, found a number"),
    SchemaCase("unknown widget type",
               "{\"id\": \"k\", \"type\": \"knobb\", \"frame\": [0, 0, 10, 10]}",
               3, 21, "'type': unknown widget type 'knobb' (did you mean 'knob'?)"),
    SchemaCase("range bounds equal",
               "{\"id\": \"k\", \"type\": \"knob\", \"frame\": [0, 0, 100, 100], \"range\": [5, 5]}",
               3, 65, "'range': lo and hi must differ"),
    SchemaCase("gesture not available in rotary dial",
               "{\"id\": \"k\", \"type\": \"knob\", \"frame\": [0, 0, 220, 220], \"mode\": \"rotaryDial\", \"gesture\": \"verticalPan\"}",
               3, 89, "'gesture': 'verticalPan' is not available in mode 'rotaryDial'"),
    // The reference's smallest dial: a square of ⌈9.72 × 22⌉ = ⌈213.84⌉ = 214; with holes of
    // 30, ⌈291.6⌉ = 292. Reported at the frame.
    SchemaCase("rotary dial frame too small",
               "{\"id\": \"k\", \"type\": \"knob\", \"frame\": [0, 0, 213, 300], \"mode\": \"rotaryDial\"}",
               3, 38, "rotaryDial is too small: its frame is 213x300, and a dial needs a square of at least 214 (9.72 × fingerHoleRadius 22, rounded up)"),
    SchemaCase("rotary dial too small for its holes",
               "{\"id\": \"k\", \"type\": \"knob\", \"frame\": [0, 0, 250, 250], \"mode\": \"rotaryDial\", \"fingerHoleRadius\": 30}",
               3, 38, "at least 292 (9.72 × fingerHoleRadius 30"),
    SchemaCase("invalid widget id",
               "{\"id\": \"a b\", \"type\": \"knob\", \"frame\": [0, 0, 10, 10]}",
               3, 8, "'id': 'a b' is not a valid id"),
    SchemaCase("titles with a number",
               "{\"id\": \"k\", \"type\": \"knob\", \"frame\": [0, 0, 100, 100], \"titles\": [\"a\", 2]}",
               3, 72, "'titles'[1]: expected a string, found a number"),
    SchemaCase("widget not an object",
               "42",
               3, 1, "widget: expected an object, found a number"),
    SchemaCase("label fontSize negative",
               "{\"id\": \"t\", \"type\": \"label\", \"text\": \"x\", \"frame\": [0, 0, 10, 10], \"fontSize\": -3}",
               3, 80, "'fontSize': -3 is out of range: must be greater than 0"),
    SchemaCase("label align typo",
               "{\"id\": \"t\", \"type\": \"label\", \"text\": \"x\", \"frame\": [0, 0, 10, 10], \"align\": \"centre\"}",
               3, 77, "(did you mean 'center'?)"),
]

@Test(arguments: schemaCases)
func widgetLineErrorIsReportedAtItsPosition(_ c: SchemaCase) {
    let found = diagnostics(fileWithWidget(c.widgetLine))
    #expect(found.count == 1, "\(found)")
    guard let d = found.first else { return }
    #expect(d.location == PanelLayout.SourceLocation(line: c.line, column: c.column), "\(d)")
    #expect(d.message.contains(c.fragment), "\(d)")
    #expect(d.description.hasPrefix("t.json:\(c.line):\(c.column): error: "))
}

/// Issue 6: a range whose span is not finite made every value NaN; range ends are bounded
/// to ±1e9 (the bound on command numbers), and the other unbounded numbers got bounds too.
@Test(arguments: [
    (#""range": [-1e308, 1e308]"#, "'range' lo: -1e+308 is out of range: must be between -1000000000 and 1000000000"),
    (#""range": [0, 1000000001]"#, "'range' hi: 1000000001 is out of range"),
    (#""timeScale": 1e308"#, "'timeScale': 1e+308 is out of range"),
])
func unboundedNumbersAreRefused(_ property: String, _ message: String) {
    let text = """
    {"panel": "P", "size": [400, 300], "pages": [{"id": "p", "widgets": [
    {"id": "k", "type": "knob", "frame": [0, 0, 100, 100], \(property)}]}]}
    """
    guard case .failure(let errors) = PanelLoader(kinds: WidgetCatalog.kinds).parse(text, file: "p.json") else { Issue.record("accepted \(property)"); return }
    #expect(errors.diagnostics.contains { $0.message.hasPrefix(message) }, "\(errors)")
}

@Test func rangeAtTheBoundIsAccepted() throws {
    let text = """
    {"panel": "P", "size": [400, 300], "pages": [{"id": "p", "widgets": [
    {"id": "k", "type": "knob", "frame": [0, 0, 100, 100], "range": [-1e9, 1e9]}]}]}
    """
    #expect(throws: Never.self) { try PanelLoader(kinds: WidgetCatalog.kinds).parse(text, file: "p.json").get() }
}

/// In a grid the dial is the largest square of its cell: a 4×2 grid on 400×300 gives cells
/// well under 214, reported at the `cell` value; spanning the whole grid is still too low
/// (300 high minus padding), and a 2×1 grid on 1280×800 fits.
@Test func rotaryDialCellTooSmall() {
    func file(_ size: String, _ grid: String, _ span: String) -> String {
        """
        {"panel": "T", "size": \(size), "layout": {"grid": \(grid)},
        "pages": [{"id": "p", "widgets": [
        {"id": "d", "type": "knob", "mode": "rotaryDial", "cell": [0, 0], "span": \(span)}
        ]}]}
        """
    }
    let small = diagnostics(file("[400, 300]", #"{"columns": 4, "rows": 2}"#, "[1, 1]"))
    #expect(small.count == 1 && small.first?.location == PanelLayout.SourceLocation(line: 3, column: 59), "\(small)")
    #expect(small.first?.message.contains("rotaryDial is too small: its cell is") == true)
    #expect(small.first?.message.contains("at least 214") == true)
    #expect(diagnostics(file("[1280, 800]", #"{"columns": 2, "rows": 1}"#, "[1, 1]")).isEmpty)
}
