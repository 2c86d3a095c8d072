import Foundation
import Testing
@testable import PanelLayout
import ControlWidgets

let demoPanel = """
{ "panel": "Demo", "size": [1280, 800],
  "theme": { "tint": "#3a7bd5", "background": ["#1b1f27", "#0d0f14"], "font": "DejaVu Sans" },
  "pages": [ { "id": "main", "title": "Main",
      "widgets": [ { "id": "volume", "type": "knob", "mode": "continuous", "frame": [80, 80, 200, 200] } ] } ] }
"""

@Test func demoPanelLoads() throws {
    let p = try #require(panel(demoPanel, file: "demo.json"))
    #expect(p.name == "Demo")
    #expect(p.designWidth == 1280 && p.designHeight == 800)
    #expect(p.sourcePath == "demo.json")
    #expect(p.theme.tint == RGBA(r: 0x3a / 255.0, g: 0x7b / 255.0, b: 0xd5 / 255.0, a: 1))
    #expect(p.theme.background.map(\.hexString) == ["#1b1f27", "#0d0f14"])
    #expect(p.theme.font == "DejaVu Sans")
    #expect(p.theme.textColor.hexString == "#e8ecf2")
    #expect(p.pages.count == 1)
    let page = p.pages[0]
    #expect(page.id == "main" && page.title == "Main")
    let knob = try #require(page.widgets.first)
    #expect(knob.id == "volume" && knob.type == "knob")
    #expect(knob.frame == LayoutRect(x: 80, y: 80, width: 200, height: 200))
    #expect(knob.location == PanelLayout.SourceLocation(line: 4, column: 20))
    #expect(knob.properties == ["mode": .string("continuous")])
    #expect(knob.propertyOrder == ["mode"])
    #expect(knob.string("mode") == "continuous")
    // Unset keys give the reference's defaults.
    #expect(knob.bool("circular") == true)
    #expect(knob.bool("clockwise") == false)
    #expect(knob.string("gesture") == "oneFingerRotation")
    #expect(knob.number("min") == -180 && knob.number("max") == 180)
    #expect(knob.number("positions") == 2)
    #expect(knob.number("gestureSensitivity") == 57.29578)
    #expect(knob.numbers("shadowOffset") == [0, 3])
    #expect(knob.color("shadowColor") == RGBA(r: 0, g: 0, b: 0, a: 1))
    #expect(knob.string("fontName") == "DejaVu Sans")
    #expect(knob.color("tint") == nil) // falls back to the theme, not to a knob default
    #expect(!knob.isSet("circular") && knob.isSet("mode"))
    #expect(p.widget(id: "volume")?.page.id == "main")
}

@Test func panelDefaults() throws {
    let p = try #require(panel(#"{"panel": "P", "size": [800, 480], "pages": [{"id": "home", "widgets": [{"id": "t", "type": "label", "text": "Hi", "frame": [0, 0, 800, 480]}]}]}"#))
    #expect(p.theme == Theme())
    #expect(p.theme.tint.hexString == "#007aff")
    #expect(p.theme.background.map(\.hexString) == ["#1b1f27", "#0d0f14"])
    #expect(p.theme.font == "DejaVu Sans")
    #expect(p.rotation == 0)
    #expect(p.pages[0].title == "home")
    #expect(p.pages[0].grid == nil)
    let label = p.pages[0].widgets[0]
    #expect(label.string("text") == "Hi")
    #expect(label.number("fontSize") == 24)
    #expect(label.string("align") == "center")
    #expect(label.string("weight") == "normal")
    #expect(label.color("color") == nil)
}

@Test func singleBackgroundColourAndRotation() throws {
    let p = try #require(panel(##"{"panel": "P", "size": [800, 480], "rotation": 90, "theme": {"background": "#FF000080", "textColor": "#000000"}, "pages": [{"id": "a"}]}"##))
    #expect(p.theme.background == [RGBA(r: 1, g: 0, b: 0, a: 128 / 255.0)])
    #expect(p.theme.textColor == RGBA(r: 0, g: 0, b: 0))
    #expect(p.rotation == 90)
    #expect(p.pages[0].widgets.isEmpty)
}

/// 1280×800, 3 columns × 2 rows, gap 16, padding 24:
/// cellWidth = (1280 - 2·24 - 2·16) / 3 = 1200 / 3 = 400
/// cellHeight = (800 - 2·24 - 1·16) / 2 = 736 / 2 = 368
@Test func gridCellsBecomeFrames() throws {
    let text = """
    {"panel": "G", "size": [1280, 800],
     "layout": {"grid": {"columns": 3, "rows": 2, "gap": 16, "padding": 24}},
     "pages": [{"id": "a", "widgets": [
       {"id": "first", "type": "knob", "cell": [0, 0]},
       {"id": "middle", "type": "knob", "cell": [1, 1]},
       {"id": "wide", "type": "label", "text": "x", "cell": [1, 0], "span": [2, 1]},
       {"id": "tall", "type": "label", "text": "x", "cell": [2, 0], "span": [1, 2]}]}]}
    """
    let p = try #require(panel(text))
    let grid = try #require(p.pages[0].grid)
    #expect(grid.cellWidth(designWidth: 1280) == 400)
    #expect(grid.cellHeight(designHeight: 800) == 368)
    let frames = Dictionary(uniqueKeysWithValues: p.pages[0].widgets.map { ($0.id, $0.frame) })
    #expect(frames["first"] == LayoutRect(x: 24, y: 24, width: 400, height: 368))
    // x = 24 + 1·(400 + 16) = 440, y = 24 + 1·(368 + 16) = 408
    #expect(frames["middle"] == LayoutRect(x: 440, y: 408, width: 400, height: 368))
    // width = 2·400 + 16 = 816; right edge 440 + 816 = 1256 = 1280 - 24
    #expect(frames["wide"] == LayoutRect(x: 440, y: 24, width: 816, height: 368))
    // x = 24 + 2·416 = 856, height = 2·368 + 16 = 752; bottom edge 24 + 752 = 776 = 800 - 24
    #expect(frames["tall"] == LayoutRect(x: 856, y: 24, width: 400, height: 752))
}

/// A page's own grid replaces the panel's; gap and padding default to 16 and 24.
@Test func pageGridOverridesPanelGridAndDefaultsApply() throws {
    let text = """
    {"panel": "G", "size": [1000, 200],
     "layout": {"grid": {"columns": 2, "rows": 2}},
     "pages": [
       {"id": "own", "layout": {"grid": {"columns": 4, "rows": 1, "gap": 10, "padding": 0}},
        "widgets": [{"id": "last", "type": "knob", "cell": [3, 0]}]},
       {"id": "inherited", "widgets": [{"id": "b", "type": "knob", "cell": [1, 1]}]}]}
    """
    let p = try #require(panel(text))
    // cellWidth = (1000 - 0 - 3·10) / 4 = 242.5; x = 3·(242.5 + 10) = 757.5
    #expect(p.pages[0].widgets[0].frame == LayoutRect(x: 757.5, y: 0, width: 242.5, height: 200))
    // Panel grid, defaults gap 16 padding 24: cellWidth = (1000 - 48 - 16)/2 = 468,
    // cellHeight = (200 - 48 - 16)/2 = 68; cell [1,1]: x = 24 + 484 = 508, y = 24 + 84 = 108
    #expect(p.pages[1].grid == GridLayout(columns: 2, rows: 2, gap: 16, padding: 24))
    #expect(p.pages[1].widgets[0].frame == LayoutRect(x: 508, y: 108, width: 468, height: 68))
}

@Test func propertyOrderFollowsTheFile() throws {
    let text = fileWithWidget(#"{"max": 90, "id": "k", "circular": false, "type": "knob", "min": -400, "frame": [0, 0, 10, 10]}"#)
    let knob = try #require(panel(text)?.pages[0].widgets[0])
    #expect(knob.propertyOrder == ["max", "circular", "min"])
    #expect(knob.number("max") == 90 && knob.number("min") == -400)
    #expect(knob.propertyLocations["min"] == PanelLayout.SourceLocation(line: 3, column: 66))
}

@Test func stateColoursAndStrings() throws {
    let text = fileWithWidget(##"{"id": "k", "type": "knob", "frame": [0, 0, 10, 10], "fillColor": "#ff0000", "titleColor": {"normal": "#00FF00", "disabled": "#0000ff80"}, "titles": ["Off", "Low", "High"], "range": [0, 11]}"##)
    let knob = try #require(panel(text)?.pages[0].widgets[0])
    #expect(knob.stateColors("fillColor") == ["normal": RGBA(r: 1, g: 0, b: 0)])
    #expect(knob.color("fillColor") == RGBA(r: 1, g: 0, b: 0))
    #expect(knob.stateColors("titleColor") == ["normal": RGBA(r: 0, g: 1, b: 0), "disabled": RGBA(r: 0, g: 0, b: 1, a: 128 / 255.0)])
    #expect(knob.color("titleColor") == RGBA(r: 0, g: 1, b: 0))
    #expect(knob.strings("titles") == ["Off", "Low", "High"])
    #expect(knob.numbers("range") == [0, 11])
    #expect(knob.stateColors("shadowColor") == ["normal": RGBA(r: 0, g: 0, b: 0)])
}

@Test func imagePathsResolveAgainstTheLayoutDirectory() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("panel-layout-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(at: dir.appendingPathComponent("img"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    // A PNG's signature and image header (16 × 16): all the layout module reads of an image.
    let pngHeader: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 0, 16, 0, 0, 0, 16]
    for name in ["knob.png", "img/hi.png", "img/dial.png"] {
        try Data(pngHeader).write(to: dir.appendingPathComponent(name))
    }
    try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0, 0, 0]).write(to: dir.appendingPathComponent("photo.png"))
    let layout = fileWithWidget(#"{"id": "k", "type": "knob", "frame": [0, 0, 10, 10], "image": "knob.png", "images": {"highlighted": "img/hi.png"}, "backgroundImage": "img/dial.png"}"#)
    let path = dir.appendingPathComponent("p.json").path
    try layout.write(toFile: path, atomically: true, encoding: .utf8)

    let loaded = PanelLoader(kinds: WidgetCatalog.kinds).load(path: path)
    let p = try loaded.get()
    let knob = p.pages[0].widgets[0]
    #expect(p.sourcePath == path)
    #expect(knob.string("image") == dir.path + "/knob.png")
    #expect(knob.stateStrings("images") == ["highlighted": dir.path + "/img/hi.png"])
    #expect(knob.stateStrings("image") == ["normal": dir.path + "/knob.png"])
    #expect(knob.string("backgroundImage") == dir.path + "/img/dial.png")

    // The same text from another directory cannot find its images.
    let elsewhere = diagnostics(layout, file: "p.json", baseDirectory: "/nonexistent")
    #expect(elsewhere.map(\.location.column) == [63, 101, 135]) // counted with Python str.index
    #expect(elsewhere[0].message == "'image': cannot read image file 'knob.png' (resolved to '/nonexistent/knob.png'): No such file or directory")

    // A JPEG renamed to .png is caught by the checker, not at render time.
    let jpeg = fileWithWidget(#"{"id": "k", "type": "knob", "frame": [0, 0, 10, 10], "image": "photo.png"}"#)
    let notPNG = diagnostics(jpeg, file: "p.json", baseDirectory: dir.path)
    #expect(notPNG.count == 1)
    #expect(notPNG.first?.message.contains("is not a PNG") == true)
}

@Test func unreadableFileIsOneDiagnostic() {
    guard case .failure(let errors) = PanelLoader(kinds: WidgetCatalog.kinds).load(path: "/nonexistent/panel.json") else {
        Issue.record("expected a failure")
        return
    }
    #expect(errors.description == "/nonexistent/panel.json:1:1: error: cannot read file: No such file or directory")
    guard case .failure(let dirErrors) = PanelLoader(kinds: WidgetCatalog.kinds).load(path: "/") else {
        Issue.record("expected a failure")
        return
    }
    #expect(dirErrors.diagnostics.first?.message == "cannot read file: Is a directory")
}

@Test func colourParsing() {
    #expect(RGBA(hex: "#FF8000") == RGBA(r: 1, g: 128 / 255.0, b: 0, a: 1))
    #expect(RGBA(hex: "#ff800080") == RGBA(r: 1, g: 128 / 255.0, b: 0, a: 128 / 255.0))
    #expect(RGBA(hex: "#ff800080")?.hexString == "#ff800080")
    #expect(RGBA(hex: "#007AFF")?.hexString == "#007aff")
    for bad in ["", "#", "ff8000", "#ff800", "#ff80000", "#gg0000", "#ff8000800", " #ff8000", "#ff８000"] {
        #expect(RGBA(hex: bad) == nil, "\(bad)")
    }
}

@Test func diagnosticFormatting() {
    let a = LayoutDiagnostic(file: "a.json", location: PanelLayout.SourceLocation(line: 3, column: 7), message: "boom")
    let b = LayoutDiagnostic(file: "a.json", location: PanelLayout.SourceLocation(line: 4, column: 1), message: "bang")
    #expect(a.description == "a.json:3:7: error: boom")
    #expect(LayoutErrors(diagnostics: [a, b]).description == "a.json:3:7: error: boom\na.json:4:1: error: bang")
}
