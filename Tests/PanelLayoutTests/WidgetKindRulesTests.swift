import Testing
@testable import PanelLayout

/// The checker's per-type rules come from the kinds it is given, not from type names: a
/// made-up list of two kinds gets the label's binding rule and the knob's title budget
/// through their data alone.
@Suite struct WidgetKindRulesTests {
    static let kinds = WidgetKinds([
        WidgetKind(name: "note", doc: "", properties: [PropertyRule("bind", .identifier, doc: "")], bindable: false),
        WidgetKind(name: "wheel", doc: "", properties: [PropertyRule("n", .integer(min: 0, max: 1000), doc: "")],
                   titlesDrawn: { Int($0.number("n") ?? 0) }),
    ])

    static func diagnostics(_ widgets: String) -> [String] {
        let text = #"{"panel": "T", "size": [1280, 800], "pages": [{"id": "p", "widgets": [\#(widgets)]}]}"#
        guard case .failure(let e) = PanelLoader(kinds: kinds).parse(text, file: "t.json") else { return [] }
        return e.diagnostics.map(\.message)
    }

    @Test func bindingToAKindThatIsNotBindableFails() {
        let twoNotes = #"{"id": "a", "type": "note", "frame": [0, 0, 10, 10]}, {"id": "b", "type": "note", "bind": "a", "frame": [20, 0, 10, 10]}"#
        #expect(Self.diagnostics(twoNotes).first?.hasPrefix("'bind': 'a' is a note;") == true)
        let noteOnWheel = #"{"id": "a", "type": "wheel", "frame": [0, 0, 10, 10]}, {"id": "b", "type": "note", "bind": "a", "frame": [20, 0, 10, 10]}"#
        #expect(Self.diagnostics(noteOnWheel).isEmpty)
    }

    @Test func titleBudgetCountsWhatEachKindDraws() {
        let wheels = (0..<2).map { #"{"id": "w\#($0)", "type": "wheel", "n": 800, "frame": [\#($0 * 20), 0, 10, 10]}"# }.joined(separator: ", ")
        #expect(Self.diagnostics(wheels).contains { $0.contains("draw 1600 titles") })
        #expect(Self.diagnostics(#"{"id": "w", "type": "wheel", "n": 800, "frame": [0, 0, 10, 10]}"#).isEmpty)
    }

    /// Defaults come with the spec from its kind (no global list to look them up in).
    @Test func specDefaultsComeFromItsKind() throws {
        let kinds = WidgetKinds([WidgetKind(name: "dot", doc: "", properties: [PropertyRule("size", .number(min: .atLeast(0), max: .atMost(10)), default: .number(4), doc: "")])])
        let text = #"{"panel": "T", "size": [100, 100], "pages": [{"id": "p", "widgets": [{"id": "d", "type": "dot", "frame": [0, 0, 10, 10]}]}]}"#
        let panel = try PanelLoader(kinds: kinds).parse(text, file: "t.json").get()
        #expect(panel.pages[0].widgets[0].number("size") == 4)
        #expect(PanelLoader(kinds: WidgetKinds([])).parse(text, file: "t.json").failureMessages.first?.hasPrefix("'type': unknown widget type 'dot'") == true)
    }
}

extension Result where Failure == LayoutErrors {
    var failureMessages: [String] {
        guard case .failure(let e) = self else { return [] }
        return e.diagnostics.map(\.message)
    }
}
