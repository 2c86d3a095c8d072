import Testing
@testable import PanelLayout

/// The knob's value keys (step, valueFormat, valuePlacement, wheel/key/page steps).
@Suite struct ValuePropertyTests {
    @Test func aThermostatKnobLoads() throws {
        let p = try #require(panel(fileWithWidget(
            #"{"id": "t", "type": "knob", "mode": "continuous", "circular": false, "range": [16, 28], "step": 0.5, "valueFormat": "%.1f °C", "valuePlacement": "caption", "wheelStep": 1, "keyStep": 0.5, "pageStep": 2, "frame": [0, 0, 200, 200]}"#)))
        let w = p.pages[0].widgets[0]
        #expect(w.number("step") == 0.5)
        #expect(w.string("valueFormat") == "%.1f °C")
        #expect(w.string("valuePlacement") == "caption")
    }

    /// Columns: `{"id": "t", "type": "knob", "range": [0, 1], "valueFormat": ` is 60
    /// characters, so the value's quote is column 61.
    @Test func badFormatIsReportedAtItsValue() {
        let d = diagnostics(fileWithWidget(#"{"id": "t", "type": "knob", "range": [0, 1], "valueFormat": "%s", "frame": [0, 0, 9, 9]}"#))
        #expect(d.count == 1)
        #expect(d.first?.location == SourceLocation(line: 3, column: 61))
        #expect(d.first?.message.contains("unsupported conversion '%s'") == true)
    }

    @Test func valueKeysNeedARange() {
        let d = diagnostics(fileWithWidget(#"{"id": "t", "type": "knob", "step": 1, "keyStep": 2, "frame": [0, 0, 9, 9]}"#))
        #expect(d.map(\.message) == ["'step' needs 'range' (they are in value units)", "'keyStep' needs 'range' (they are in value units)"])
        #expect(d.first?.location == SourceLocation(line: 3, column: 29))   // the key "step"
    }

    @Test func stepMustBePositive() {
        let d = diagnostics(fileWithWidget(#"{"id": "t", "type": "knob", "range": [0, 1], "step": 0, "frame": [0, 0, 9, 9]}"#))
        #expect(d.first?.message.contains("must be greater than 0") == true)
    }
}
