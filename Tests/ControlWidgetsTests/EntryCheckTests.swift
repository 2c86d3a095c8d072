import Graphics
import PanelLayout
import Testing
@testable import ControlWidgets

/// `check` on what a keypad's `target` and a button's `action` name: positioned errors with
/// "did you mean", and the shapes of `action`.
@Suite struct EntryCheckTests {
    static func errors(_ widgets: String) -> [String] {
        let text = """
        {"panel": "T", "size": [800, 480], "pages": [{"id": "p", "widgets": [
        {"id": "voltage", "type": "knob", "mode": "continuous", "range": [0, 30], "frame": [0, 0, 200, 200]},
        {"id": "plain", "type": "knob", "frame": [200, 0, 200, 200]},
        {"id": "status", "type": "label", "text": "x", "frame": [400, 0, 100, 30]},
        \(widgets)
        ]}]}
        """
        switch PanelLoader(kinds: WidgetCatalog.kinds).parse(text, file: "t.json", baseDirectory: ".") {
        case .success: return []
        case .failure(let e): return e.diagnostics.filter { !$0.isWarning }.map(\.description)
        }
    }

    @Test func aGoodTargetLoads() {
        #expect(Self.errors(#"{"id": "pad", "type": "keypad", "target": "voltage", "frame": [0, 200, 260, 280]}"#) == [])
        #expect(Self.errors(#"{"id": "up", "type": "button", "title": "+", "action": {"step": "voltage", "by": 0.01}, "frame": [300, 300, 80, 80]}"#) == [])
        #expect(Self.errors(#"{"id": "s", "type": "spinbox", "frame": [300, 300, 200, 80]}, {"id": "p5", "type": "button", "title": "5", "action": {"set": "s", "value": 5}, "frame": [600, 300, 80, 80]}"#) == [])
    }

    /// The target's position is the `target` value (line 5, column 46), with a suggestion.
    @Test func aMissingTargetSaysWhereAndSuggests() {
        let e = Self.errors(#"{"id": "pad", "type": "keypad", "target": "voltag", "frame": [0, 200, 260, 280]}"#)
        #expect(e.count == 1)
        #expect(e.first?.hasPrefix("t.json:5:43: error: 'target': no widget 'voltag' in this panel (did you mean 'voltage'?)") == true, "\(e)")
    }

    /// A rotary dial's `target` is a keypad: anything else, or a `target` on a knob that is not
    /// a dial, is an error at the key (line 5; the dial's `"target"` value at column 61).
    @Test func aDialTypesIntoAKeypadOnly() {
        let pad = #"{"id": "pad", "type": "keypad", "target": "voltage", "frame": [0, 200, 260, 280]}"#
        #expect(Self.errors(#"{"id": "d", "type": "knob", "mode": "rotaryDial", "target": "pad", "frame": [300, 200, 260, 260]}, "# + pad) == [])
        let knob = Self.errors(#"{"id": "d", "type": "knob", "mode": "rotaryDial", "target": "voltage", "frame": [300, 200, 260, 260]}, "# + pad)
        #expect(knob == ["t.json:5:61: error: 'target': 'voltage' (a knob) takes no typed digits (a dial types into a keypad); widgets that do: pad"], "\(knob)")
        let missing = Self.errors(#"{"id": "d", "type": "knob", "mode": "rotaryDial", "target": "pda", "frame": [300, 200, 260, 260]}, "# + pad)
        #expect(missing.first?.contains("'target': no widget 'pda' in this panel (did you mean 'pad'?)") == true, "\(missing)")
        let turned = Self.errors(#"{"id": "d", "type": "knob", "mode": "continuous", "target": "pad", "frame": [300, 200, 260, 260]}, "# + pad)
        #expect(turned.first?.contains("'target' is for a knob in mode 'rotaryDial'") == true, "\(turned)")
    }

    @Test func aTargetThatTakesNoNumberIsAnError() {
        let label = Self.errors(#"{"id": "pad", "type": "keypad", "target": "status", "frame": [0, 200, 260, 280]}"#)
        #expect(label.first?.contains("'target': 'status' (a label) takes no number") == true, "\(label)")
        #expect(label.first?.contains("widgets that do: voltage") == true, "\(label)")
        let noRange = Self.errors(#"{"id": "b", "type": "button", "title": "+", "action": {"step": "plain", "by": 1}, "frame": [300, 300, 80, 80]}"#)
        #expect(noRange.first?.contains("'action': 'plain' (a knob) takes no number") == true, "\(noRange)")
        let own = Self.errors(#"{"id": "s", "type": "spinbox", "frame": [300, 300, 200, 80]}, {"id": "pad", "type": "keypad", "target": "pad", "frame": [0, 200, 260, 280]}"#)
        #expect(own.first?.contains("cannot change itself") == true, "\(own)")
    }

    @Test func actionShapes() {
        func action(_ a: String) -> [String] {
            Self.errors(#"{"id": "b", "type": "button", "title": "+", "action": "# + a + #", "frame": [300, 300, 80, 80]}"#)
        }
        #expect(action(#"{"step": "voltage"}"#).first?.contains("needs 'by'") == true)
        #expect(action(#"{"step": "voltage", "by": 0}"#).first?.contains("'by' must not be 0") == true)
        #expect(action(#"{"step": "voltage", "set": "voltage", "by": 1}"#).first?.contains("not both") == true)
        #expect(action(#"{"set": "voltage"}"#).first?.contains("needs 'value'") == true)
        #expect(action(#"{"step": "voltage", "by": 1, "value": 2}"#).first?.contains("'value' goes with 'set'") == true)
        #expect(action(#"{"stp": "voltage", "by": 1}"#).contains { $0.contains("unknown key 'stp' in action (did you mean 'step'?)") })
    }

    /// A keypad with a target has no range or value of its own.
    @Test func aTargetedKeypadTakesNoRange() {
        let e = Self.errors(#"{"id": "pad", "type": "keypad", "target": "voltage", "range": [0, 5], "frame": [0, 200, 260, 280]}"#)
        #expect(e.first?.contains("'range' is for a keypad without a target") == true, "\(e)")
    }

    /// `fineDrag` on a knob that never follows one finger around is a warning, not an error.
    @Test func fineDragOnADiscreteKnobWarns() throws {
        let text = """
        {"panel": "T", "size": [800, 480], "pages": [{"id": "p", "widgets": [
        {"id": "k", "type": "knob", "fineDrag": true, "frame": [0, 0, 200, 200]},
        {"id": "c", "type": "knob", "mode": "continuous", "fineDrag": true, "frame": [200, 0, 200, 200]}
        ]}]}
        """
        let p = try PanelLoader(kinds: WidgetCatalog.kinds).parse(text, file: "t.json", baseDirectory: ".").get()
        #expect(p.warnings.map(\.description) == ["t.json:2:29: warning: 'fineDrag' works on continuous knobs turned with one finger (this one is linearReturn, oneFingerRotation); it is ignored here"])
    }

    /// Home Assistant: a keypad of its own and a spinbox are numbers in box mode (typed, not
    /// dragged); a targeted keypad is nothing.
    @Test func homeAssistantNumbers() throws {
        let theme = Theme()
        let own = try WidgetCatalog.makeView(WidgetSpec(id: "k", type: "keypad", frame: LayoutRect(x: 0, y: 0, width: 260, height: 300),
                                                        properties: ["range": .array([.number(5), .number(35)])]), theme: theme)
        #expect(WidgetCatalog.homeAssistant(own)?.component == "number")
        if case let .number(lo, hi, _, mode)? = WidgetCatalog.homeAssistant(own) { #expect(lo == 5 && hi == 35 && mode == .box) }
        let aimed = try WidgetCatalog.makeView(WidgetSpec(id: "k", type: "keypad", frame: LayoutRect(x: 0, y: 0, width: 260, height: 300),
                                                          properties: ["target": .string("v")]), theme: theme)
        #expect(WidgetCatalog.homeAssistant(aimed) == nil)
        let spin = try WidgetCatalog.makeView(WidgetSpec(id: "s", type: "spinbox", frame: LayoutRect(x: 0, y: 0, width: 200, height: 60),
                                                         properties: ["range": .array([.number(16), .number(28)]), "step": .number(0.5)]), theme: theme)
        if case let .number(lo, hi, rounding, mode)? = WidgetCatalog.homeAssistant(spin) { #expect(lo == 16 && hi == 28 && rounding.step == 0.5 && mode == .box) }
        else { Issue.record("spinbox is not a number") }
    }
}
