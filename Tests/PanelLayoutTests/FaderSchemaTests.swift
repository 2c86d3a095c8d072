import Testing
@testable import PanelLayout
import ControlWidgets

/// The fader's keys and `origin` on knobs, sliders and faders: inside the range, positioned
/// at the offending number (FILE:LINE:COLUMN, line 3 is the widget's, column 1 its `{`).
@Suite struct FaderSchemaTests {
    func lines(_ widget: String) -> [String] { diagnostics(fileWithWidget(widget)).map(\.description) }
    let tone = #"{"id": "b", "type": "fader", "frame": [0, 0, 100, 400], "range": [-10, 10], "#

    @Test func aToneFaderLoads() throws {
        let p = try #require(panel(fileWithWidget(tone + #""origin": 0, "value": 4, "step": 0.5, "ticks": 5, "orientation": "vertical"}"#)))
        #expect(p.pages[0].widgets[0].number("origin") == 0)
        #expect(panel(fileWithWidget(#"{"id": "f", "type": "fader", "frame": [0, 0, 300, 90], "orientation": "horizontal"}"#)) != nil)
    }

    @Test func originAndValueOutsideTheRangeArePositionedErrors() {
        // The tone prefix is 76 characters: "origin" at 77, its number at 87.
        #expect(lines(tone + #""origin": 12}"#) == ["t.json:3:87: error: 'origin' 12 is outside the range [-10, 10]"])
        #expect(lines(tone + #""value": -11}"#) == ["t.json:3:86: error: 'value' -11 is outside the range [-10, 10]"])
        // Without a range the default 0…100 holds.
        #expect(lines(#"{"id": "f", "type": "fader", "frame": [0, 0, 100, 400], "origin": -1}"#)
                == ["t.json:3:67: error: 'origin' -1 is outside the range [0, 100]"])
        #expect(lines(tone + #""ticks": 1}"#) == ["t.json:3:86: error: 'ticks': 1 tick cannot mark a scale; give 0 (none) or at least 2 (both ends)"])
        #expect(lines(tone + #""step": 30}"#) == ["t.json:3:85: error: 'step' 30 is larger than the range"])
        #expect(lines(tone + #""orientation": "diagonal"}"#).first?.contains("'orientation'") == true)
    }

    @Test func originOnKnobsAndSliders() {
        let knob = #"{"id": "k", "type": "knob", "frame": [0, 0, 200, 200], "mode": "continuous", "circular": false, "range": [-10, 10], "#
        #expect(panel(fileWithWidget(knob + #""origin": 0}"#)) != nil)
        #expect(lines(knob + #""origin": 20}"#).map { $0.replacing(/t\.json:3:\d+/, with: "AT") } == ["AT: error: 'origin' 20 is outside the range [-10, 10]"])
        #expect(lines(#"{"id": "k", "type": "knob", "frame": [0, 0, 200, 200], "origin": 0}"#)
                == ["t.json:3:56: error: 'origin' needs 'range' (they are in value units)"])
        let slider = #"{"id": "s", "type": "slider", "frame": [0, 0, 200, 200], "minimumValue": -10, "maximumValue": 10, "#
        #expect(panel(fileWithWidget(slider + #""origin": 0}"#)) != nil)
        #expect(lines(slider + #""origin": 11}"#).map { $0.replacing(/t\.json:3:\d+/, with: "AT") }
                == ["AT: error: 'origin' 11 is outside minimumValue…maximumValue [-10, 10]"])
        // A range slider fills between its handles: origin is not one of its keys.
        #expect(lines(#"{"id": "r", "type": "rangeSlider", "frame": [0, 0, 200, 200], "origin": 0}"#).first?.contains("unknown key 'origin'") == true)
    }
}
