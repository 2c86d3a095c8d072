import Testing
@testable import PanelLayout
import ControlWidgets

/// The layout keys of issue 23's widget items: `resetOnDoubleTap` (opt-in, in the widget's
/// units), a knob's `value` in range units, a slider's `step`; every error keeps its
/// FILE:LINE:COLUMN. The deprecated keys they replaced: DeprecatedResetKeysTests.
@Suite struct ResetAndStepSchemaTests {
    func lines(_ widget: String) -> [String] { diagnostics(fileWithWidget(widget)).map(\.description) }
    let volume = #"{"id": "v", "type": "knob", "frame": [0, 0, 200, 200], "mode": "continuous", "circular": false, "min": -135, "max": 135, "range": [-80, 0], "#

    @Test func theNewKeysLoad() throws {
        let p = try #require(panel(fileWithWidget(volume + #""value": -30, "resetOnDoubleTap": -60}"#)))
        #expect(p.pages[0].widgets[0].number("value") == -30 && p.pages[0].widgets[0].number("resetOnDoubleTap") == -60)
        #expect(panel(fileWithWidget(#"{"id": "s", "type": "slider", "frame": [0, 0, 200, 200], "step": 0.5, "resetOnDoubleTap": 20}"#)) != nil)
        #expect(panel(fileWithWidget(#"{"id": "r", "type": "rangeSlider", "frame": [0, 0, 200, 200], "resetOnDoubleTap": [20, 80]}"#)) != nil)
        // No reset unless asked: the key has no default.
        #expect(KnobDescriptor.kind.property(named: "resetOnDoubleTap")?.defaultValue == nil)
    }

    /// Line 3 is the widget's line in `fileWithWidget`; columns count from its `{` (column 1).
    @Test func typosStillSuggestTheNewKeys() {
        let typo = lines(#"{"id": "s", "type": "slider", "frame": [0, 0, 200, 200], "stpe": 1}"#)
        #expect(typo == ["t.json:3:58: error: unknown key 'stpe' in slider 's' (did you mean 'step'?)"])
    }

    @Test func knobValueAndResetErrors() {
        #expect(lines(volume + #""value": 5}"#).map { $0.replacing(/t\.json:3:\d+/, with: "AT") }
                == ["AT: error: 'value' 5 is outside the range [-80, 0]"])
        #expect(lines(volume + #""position": 10, "value": -30}"#).count == 1)
        #expect(lines(volume + #""position": 10, "value": -30}"#)[0].contains("'value' and 'position' both give the starting point"))
        #expect(lines(#"{"id": "k", "type": "knob", "frame": [0, 0, 200, 200], "value": 3}"#)
                == ["t.json:3:56: error: 'value' needs 'range' (they are in value units)"])
        // 33.75 is the angle of −30 dB, not a value of this knob: the unit mix-up is caught.
        #expect(lines(volume + #""resetOnDoubleTap": 33.75}"#)[0].hasSuffix("error: 'resetOnDoubleTap' 33.75 is outside the range (a knob with a range resets to a value) [-80, 0]"))
        #expect(lines(#"{"id": "k", "type": "knob", "frame": [0, 0, 200, 200], "gesture": "tap", "resetOnDoubleTap": 0}"#)
                == ["t.json:3:74: error: 'resetOnDoubleTap' is not available with 'gesture': 'tap' (each tap turns the knob)"])
        #expect(lines(#"{"id": "k", "type": "knob", "frame": [0, 0, 400, 400], "mode": "rotaryDial", "resetOnDoubleTap": 0}"#)
                == ["t.json:3:78: error: 'resetOnDoubleTap' is not available in mode 'rotaryDial' (a dial has no double tap)"])
    }

    @Test func sliderStepAndResetErrors() {
        #expect(lines(#"{"id": "s", "type": "slider", "frame": [0, 0, 200, 200], "maximumValue": 4, "step": 5}"#)
                == ["t.json:3:85: error: 'step' 5 is larger than the range [0, 4]"])
        #expect(lines(#"{"id": "s", "type": "slider", "frame": [0, 0, 200, 200], "step": 0}"#).count == 1)
        #expect(lines(#"{"id": "r", "type": "rangeSlider", "frame": [0, 0, 200, 200], "resetOnDoubleTap": [20, 180]}"#)
                == ["t.json:3:88: error: 'resetOnDoubleTap' 180 is outside minimumValue…maximumValue [0, 100]"])
        #expect(lines(#"{"id": "s", "type": "slider", "frame": [0, 0, 200, 200], "resetOnDoubleTap": [20, 80]}"#).count == 1)
    }
}
