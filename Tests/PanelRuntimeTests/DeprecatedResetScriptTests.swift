import ControlWidgets
import PanelLayout
import Testing
@testable import PanelSystem
@testable import PanelLoop
@testable import PanelProtocol
@testable import PanelCore
@testable import PanelInput
@testable import PanelDisplay
@testable import PanelHost
@testable import PanelMQTT
@testable import PanelStudio
@testable import PanelBench

/// A layout written before `resetOnDoubleTap` still resets as it did, through the whole
/// runtime on the virtual clock: a knob's `defaultPosition` returns it to that position (in
/// degrees, also with a range), a slider's `defaultValue` sets that value. Geometry and
/// scripts as DoubleTapAndStepScriptTests.
@Suite struct DeprecatedResetScriptTests {
    typealias New = DoubleTapAndStepScriptTests

    /// The issue's volume knob started at −20 dB with the old `defaultPosition: -67.5`: a
    /// double tap returns it to −67.5° (−60 dB), the number `check`'s warning offers.
    @Test func aLegacyKnobResetsToItsDefaultPosition() throws {
        let legacy = #""mode": "continuous", "circular": false, "min": -135, "max": 135, "range": [-80, 0], "value": -20, "defaultPosition": -67.5"#
        let r = try GestureScriptTests.run(knob: legacy, script: New.doubleTap, until: 1)
        #expect(New.field(r.events, "position") == [-67.5], "\(r.events)")
        #expect(New.field(r.events, "value") == [-60])
        #expect(abs(r.knob.model.positionDegrees + 67.5) < 1e-9)

        let text = #"{"panel": "G", "size": [400, 300], "pages": [{"id": "p", "widgets": [{"id": "k", "type": "knob", "frame": [100, 50, 200, 200], "# + legacy + "}]}]}"
        guard case .success(let panel) = PanelLoader(kinds: WidgetCatalog.kinds).parse(text, file: "legacy.json") else { Issue.record("did not load"); return }
        let messages = panel.warnings.map(\.message)
        #expect(messages == ["'defaultPosition' is deprecated: use 'resetOnDoubleTap' (-60 here: in range units, the value at -67.5°)"])
        // Writing that number instead resets to the same place.
        let migrated = try GestureScriptTests.run(knob: legacy.replacing(#""defaultPosition": -67.5"#, with: #""resetOnDoubleTap": -60"#),
                                                  script: New.doubleTap, until: 1)
        #expect(abs(migrated.knob.model.positionDegrees + 67.5) < 1e-9 && migrated.knob.model.publishedValue == -60)
    }

    /// Without a range `defaultPosition` is degrees, as `resetOnDoubleTap` is.
    @Test func aLegacyKnobWithoutARangeResetsInDegrees() throws {
        let r = try GestureScriptTests.run(knob: #""mode": "continuous", "position": 90, "defaultPosition": 30"#, script: New.doubleTap, until: 2)
        #expect(New.field(r.events, "position") == [30], "\(r.events)")
    }

    /// The bass slider with the old `defaultValue: 0`: the double tap sets 0 and, the reset
    /// being on, its first tap moves nothing (no +8 dB jump).
    @Test func aLegacySliderResetsToItsDefaultValue() throws {
        let (_, events) = try SliderScriptTests.run(New.bass + #", "defaultValue": 0"#, script: New.tapTwiceAtThree, until: 1)
        #expect(New.field(events, "value") == [0], "\(events)")
    }
}
