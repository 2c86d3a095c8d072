import Testing
@testable import PanelLayout
import ControlWidgets

/// The keys `resetOnDoubleTap` replaced stay accepted, so a layout written before it still
/// checks and loads after an upgrade: a warning at the key (FILE:LINE:COLUMN) with the number
/// to write instead; both keys on one widget is an error; the JSON Schema marks them deprecated.
/// Line 3 is the widget's line in `fileWithWidget`; columns count from its `{` (column 1).
@Suite struct DeprecatedResetKeysTests {
    func lines(_ widget: String) -> [String] { diagnostics(fileWithWidget(widget)).map(\.description) }
    func warnings(_ widget: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [String] {
        panel(fileWithWidget(widget), sourceLocation: sourceLocation)?.warnings.map(\.description) ?? ["(did not load)"]
    }
    let volume = #"{"id": "v", "type": "knob", "frame": [0, 0, 200, 200], "mode": "continuous", "circular": false, "min": -135, "max": 135, "range": [-80, 0], "#

    @Test func aKnobsDefaultPositionLoadsWithAWarning() throws {
        let text = fileWithWidget(#"{"id": "k", "type": "knob", "frame": [0, 0, 200, 200], "defaultPosition": 30}"#)
        let p = try #require(panel(text))
        let shown = p.warnings.map(\.description), flagged = p.warnings.allSatisfy(\.isWarning)
        #expect(shown == ["t.json:3:56: warning: 'defaultPosition' is deprecated: use 'resetOnDoubleTap' (30 here: in degrees, as the knob has no range)"])
        #expect(flagged)
        // The runtime reads the old key itself (a position, exactly the old reset target).
        #expect(p.pages[0].widgets[0].number("defaultPosition") == 30)
        #expect(p.pages[0].widgets[0].number("resetOnDoubleTap") == nil)
    }

    /// The number to write on a knob with a range is the value it reads at that position: on
    /// the issue's -135…135° knob over [-80, 0], 0° is the middle (-40), -67.5° a quarter (-60).
    @Test func theWarningGivesTheValueInRangeUnits() {
        #expect(warnings(volume + #""defaultPosition": 0}"#)
                == ["t.json:3:141: warning: 'defaultPosition' is deprecated: use 'resetOnDoubleTap' (-40 here: in range units, the value at 0°)"])
        #expect(warnings(volume + #""defaultPosition": -67.5}"#)[0].contains("(-60 here: in range units, the value at -67.5°)"))
    }

    @Test func knobValuesFollowTheKnobsTravel() {
        func value(_ degrees: Double, _ extra: String = "", range: (Double, Double) = (-80, 0)) -> Double {
            let members = JSONReader.parse("{\(extra)}").map { Dictionary(($0.objectValue ?? []).map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a }) }
            return DeprecatedReset.knobValue(atDegrees: degrees, members: (try? members.get()) ?? [:], lo: range.0, hi: range.1)
        }
        let open = #""circular": false, "min": -135, "max": 135"#
        #expect(value(0, open) == -40 && value(-67.5, open) == -60 && value(135, open) == 0 && value(-135, open) == -80)
        // Outside min…max the knob stops at the end, and so does its value.
        #expect(value(200, open) == 0 && value(-1000, open) == -80)
        // A reversed scale (lo > hi) and an asymmetric travel.
        #expect(value(45, #""circular": false, "min": 0, "max": 90"#, range: (100, 0)) == 50)
        // min and max more than a turn apart: the later key wins (max 270 moves min to -90).
        #expect(value(90, #""circular": false, "min": -180, "max": 270"#, range: (0, 360)) == 180)
        // Circular (the default): one turn from 6 o'clock; 6 o'clock itself reads as hi, and
        // a position beyond a turn reads within it.
        #expect(value(90, range: (0, 100)) == 75 && value(-180, range: (0, 100)) == 100 && value(450, range: (0, 100)) == 75)
    }

    @Test func aSlidersDefaultValueLoadsWithAWarning() throws {
        #expect(warnings(#"{"id": "s", "type": "slider", "frame": [0, 0, 200, 200], "defaultValue": 20}"#)
                == ["t.json:3:58: warning: 'defaultValue' is deprecated: use 'resetOnDoubleTap' (20)"])
        let r = try #require(panel(fileWithWidget(#"{"id": "r", "type": "rangeSlider", "frame": [0, 0, 200, 200], "defaultValue": 20}"#)))
        let shown = r.warnings.map(\.description)
        #expect(shown == ["t.json:3:63: warning: 'defaultValue' is deprecated: use 'resetOnDoubleTap' ([20, second]: it sets both handles; 'defaultValue' set only the first)"])
        #expect(r.pages[0].widgets[0].number("defaultValue") == 20)
    }

    /// Where a double tap never reached the reset, the key still loads; the warning says so.
    @Test func whereThereIsNoDoubleTapTheKeyLoadsAndSaysSo() {
        #expect(warnings(#"{"id": "k", "type": "knob", "frame": [0, 0, 200, 200], "gesture": "tap", "defaultPosition": 0}"#)
                == ["t.json:3:74: warning: 'defaultPosition' is deprecated and has no effect with 'gesture': 'tap' (each tap turns the knob): remove it"])
        #expect(warnings(#"{"id": "k", "type": "knob", "frame": [0, 0, 400, 400], "mode": "rotaryDial", "defaultPosition": 0}"#)
                == ["t.json:3:78: warning: 'defaultPosition' is deprecated and has no effect in mode 'rotaryDial' (a dial has no double tap): remove it"])
    }

    @Test func bothKeysOnOneWidgetIsAnError() {
        #expect(lines(volume + #""defaultPosition": 0, "resetOnDoubleTap": -40}"#)
                == ["t.json:3:163: error: 'defaultPosition' and 'resetOnDoubleTap' both give the double-tap reset; give only 'resetOnDoubleTap' ('defaultPosition' is deprecated)"])
        #expect(lines(#"{"id": "s", "type": "slider", "frame": [0, 0, 200, 200], "resetOnDoubleTap": 20, "defaultValue": 20}"#)
                == ["t.json:3:82: error: 'defaultValue' and 'resetOnDoubleTap' both give the double-tap reset; give only 'resetOnDoubleTap' ('defaultValue' is deprecated)"])
        #expect(lines(#"{"id": "r", "type": "rangeSlider", "frame": [0, 0, 200, 200], "defaultValue": 20, "resetOnDoubleTap": [20, 80]}"#).count == 1)
    }

    /// A layout that never set the old key gets no warning and keeps the opt-in default.
    @Test func withoutTheOldKeysNothingChanges() throws {
        let p = try #require(panel(fileWithWidget(volume + #""value": -30}"#)))
        #expect(p.warnings.isEmpty)
        #expect(p.pages[0].widgets[0].number("defaultPosition") == nil && p.pages[0].widgets[0].number("resetOnDoubleTap") == nil)
        #expect(KnobDescriptor.kind.property(named: "defaultPosition")?.defaultValue == nil)
    }

    @Test func theSchemaMarksThemDeprecated() throws {
        let schema = try JSONReader.parse(PanelSchema.jsonSchemaText(WidgetCatalog.kinds)).get().layoutValue
        let defs = try #require(schema["$defs"])
        #expect(defs["knob"]?["properties"]?["defaultPosition"]?["deprecated"] == .bool(true))
        #expect(defs["slider"]?["properties"]?["defaultValue"]?["deprecated"] == .bool(true))
        #expect(defs["rangeSlider"]?["properties"]?["defaultValue"]?["deprecated"] == .bool(true))
        #expect(defs["knob"]?["properties"]?["resetOnDoubleTap"]?["deprecated"] == nil)
    }
}
