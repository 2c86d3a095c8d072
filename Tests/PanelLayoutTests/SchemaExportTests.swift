import Foundation
import Testing
@testable import PanelLayout
import ControlWidgets

/// The repository root, found from this file even when the test directory is a symlink.
private var repositoryRoot: URL {
    URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}

// panels/schema.json is checked against the whole catalog in ControlWidgetsTests
// (WidgetCatalogTests.schemaFileMatchesTheChecker): this module sees only its own types.

@Test func schemaIsValidJSONWithTheExpectedShape() throws {
    let schema = try JSONReader.parse(PanelSchema.jsonSchemaText(WidgetCatalog.kinds)).get().layoutValue
    #expect(schema["$schema"] == .string("https://json-schema.org/draft/2020-12/schema"))
    #expect(schema["additionalProperties"] == .bool(false))
    #expect(schema["required"] == .array([.string("panel"), .string("size"), .string("pages")]))
    let knob = try #require(schema["$defs"]?["knob"])
    #expect(knob["additionalProperties"] == .bool(false))
    #expect(knob["properties"]?["mode"]?["enum"] == .array(["linearReturn", "wheelOfFortune", "continuous", "rotaryDial"].map(LayoutValue.string)))
    #expect(knob["properties"]?["shadowOpacity"]?["maximum"] == .number(1))
    #expect(knob["properties"]?["timeScale"]?["exclusiveMinimum"] == .number(0))
    #expect(knob["properties"]?["positions"]?["minimum"] == .number(2))
    #expect(schema["$defs"]?["toggle"]?["required"] == .array([.string("id"), .string("type"), .string("title")]))
    #expect(schema["$defs"]?["label"]?["required"] == .array([.string("id"), .string("type")]))   // text or bind
}

/// Every key the checker accepts is documented for panel authors.
@Test func docsMentionEveryKey() throws {
    let docs = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/layout.md"), encoding: .utf8)
    var keys = PanelSchema.panel.map(\.name) + PanelSchema.theme.properties.map(\.name) + PanelSchema.grid.properties.map(\.name)
    keys += PanelSchema.page.map(\.name) + PanelSchema.widgetCommon(WidgetCatalog.kinds).map(\.name) + PanelSchema.drawer.properties.map(\.name)
    keys += PanelSchema.screen.properties.map(\.name)
    for kind in WidgetCatalog.kinds.all {
        keys += kind.properties.map(\.name)
        #expect(docs.contains("`\(kind.name)`"), "widget type \(kind.name)")
    }
    for key in keys {
        #expect(docs.contains("`\(key)`"), "docs/layout.md does not mention `\(key)`")
    }
}

/// The example at the top of docs/layout.md loads, and the grid example's numbers hold.
@Test func docsExampleLoads() throws {
    let docs = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/layout.md"), encoding: .utf8)
    let start = try #require(docs.range(of: "```json\n"))
    let end = try #require(docs.range(of: "```", range: start.upperBound..<docs.endIndex))
    let example = String(docs[start.upperBound..<end.lowerBound])
    let p = try #require(panel(example, file: "docs-example.json"))
    let frames = Dictionary(uniqueKeysWithValues: p.pages[0].widgets.map { ($0.id, $0.frame) })
    #expect(frames["volume"] == LayoutRect(x: 80, y: 80, width: 200, height: 200))
    #expect(frames["source"] == LayoutRect(x: 440, y: 24, width: 400, height: 368))
    #expect(frames["caption"] == LayoutRect(x: 24, y: 408, width: 816, height: 368))
    #expect(frames["dial"] == LayoutRect(x: 856, y: 24, width: 400, height: 752))
}
