import Foundation
import Graphics
import PanelLayout
import Testing
@testable import ControlWidgets

/// The catalog is the one list of widget types: every schema has a descriptor, once.
@Suite struct WidgetCatalogTests {
    @Test func everyLayoutTypeHasOneDescriptor() {
        let names = WidgetCatalog.kinds.names
        #expect(Set(names).count == names.count)
        for kind in WidgetCatalog.kinds.all { #expect(WidgetCatalog.descriptor(named: kind.name)?.kinds.contains { $0.name == kind.name } == true, "\(kind.name)") }
    }

    /// 800×480 design on a 154×86 mm 7-inch screen: min(154/800, 86/480) = 0.179 mm per design
    /// pixel, so 9 mm is 50.2 design pixels. A 40-pixel button is 7.2 mm (warned), an 80-pixel
    /// one 14.3 mm; a segmented control 300 wide with 3 titles has 100-pixel segments, but 45
    /// high: 8.1 mm (warned). Labels and lights take no touches.
    @Test func smallTouchTargetsWarn() throws {
        let text = #"""
        {"panel": "T", "size": [800, 480], "pages": [{"id": "p", "widgets": [
        {"id": "small", "type": "button", "title": "+", "frame": [0, 0, 40, 40]},
        {"id": "big", "type": "button", "title": "+", "frame": [100, 0, 80, 80]},
        {"id": "seg", "type": "segmented", "titles": ["A", "B", "C"], "frame": [0, 100, 300, 45]},
        {"id": "note", "type": "label", "text": "tiny", "frame": [0, 200, 10, 10]},
        {"id": "led", "type": "indicator", "frame": [0, 300, 10, 10]}
        ]}]}
        """#
        let p = try PanelLoader(kinds: WidgetCatalog.kinds).parse(text, file: "t.json", baseDirectory: ".").get()
        let w = TouchTargets.warnings(p, screenMM: (154, 86), targetSize: WidgetCatalog.touchTarget)
        #expect(w.map(\.isWarning) == [true, true])
        #expect(w.first?.description == "t.json:2:1: warning: button 'small' is a 7.2 mm touch target on a 154×86 mm screen; at least 9 mm is recommended (make it at least 51 design pixels)")
        #expect(w.last?.message.hasPrefix("segmented 'seg' is a 8.1 mm") == true)
        #expect(TouchTargets.warnings(p, screenMM: (308, 172), targetSize: WidgetCatalog.touchTarget).isEmpty)
    }
}

/// docs/layout.md documents every type of the catalog and every key of each (the layout
/// module's own test sees only the types declared there).
@Test func docsMentionEveryCatalogKey() throws {
    let root = URLPath.repositoryRoot(#filePath)
    let docs = try #require(try? String(contentsOfFile: root + "/docs/layout.md", encoding: .utf8))
    for kind in WidgetCatalog.kinds.all {
        #expect(docs.contains("`\(kind.name)`"), "widget type \(kind.name)")
        for key in kind.properties.map(\.name) { #expect(docs.contains("`\(key)`"), "docs/layout.md does not mention `\(key)` (\(kind.name))") }
    }
    let section = try #require(docs.range(of: "### `indicator`"))
    let text = docs[section.lowerBound...].prefix(2000)
    for key in IndicatorDescriptor.kind.properties.map(\.name) { #expect(text.contains("| `\(key)` |"), "indicator key \(key) has no row") }
}

enum URLPath {
    /// The repository: two folders above this test file's folder.
    static func repositoryRoot(_ file: String) -> String {
        var parts = file.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }
}

/// panels/schema.json is generated from the checker's rules for every type of the catalog.
/// To update it on purpose: `REGENERATE_SCHEMA=1 swift test --filter schemaFileMatchesTheChecker`.
@Test func schemaFileMatchesTheChecker() throws {
    let path = URLPath.repositoryRoot(#filePath) + "/panels/schema.json"
    let generated = PanelSchema.jsonSchemaText(WidgetCatalog.kinds)
    if ProcessInfo.processInfo.environment["REGENERATE_SCHEMA"] == "1" {
        try generated.write(toFile: path, atomically: true, encoding: .utf8)
    }
    let onDisk = try String(contentsOfFile: path, encoding: .utf8)
    #expect(onDisk == generated, "panels/schema.json is stale: run REGENERATE_SCHEMA=1 swift test --filter schemaFileMatchesTheChecker")
}

/// docs/protocol.md lists every command key of every type, from the descriptors' command
/// sets: in the type's row of the `set` keys table, else (knob, slider) in the commands section.
@Test func protocolDocsListEveryCommandKey() throws {
    let docs = try #require(try? String(contentsOfFile: URLPath.repositoryRoot(#filePath) + "/docs/protocol.md", encoding: .utf8))
    let start = try #require(docs.range(of: "## Commands and replies"))
    let end = try #require(docs.range(of: "\n## ", range: start.upperBound..<docs.endIndex))
    let section = docs[start.lowerBound..<end.lowerBound]
    for d in WidgetCatalog.all {
        for set in d.commandSets {
            #expect(d.kinds.contains { $0.name == set.type }, "\(d) has a command set for \(set.type)")
            let row = section.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("| `\(set.type)` |") }
            let text = row.map(String.init) ?? String(section)
            for (verb, keys) in set.verbs {
                #expect(section.contains("`\(verb)`"), "docs/protocol.md does not mention the verb `\(verb)` (\(set.type))")
                for key in keys { #expect(text.contains("`\(key)`"), "docs/protocol.md does not list `\(key)` for \(set.type) \(verb)") }
            }
        }
    }
}
