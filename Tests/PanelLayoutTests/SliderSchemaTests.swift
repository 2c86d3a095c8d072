import Testing
@testable import PanelLayout

/// The slider types in the rule table: defaults, cross-type keys, format and constraint errors.
@Suite struct SliderSchemaTests {
    func messages(_ widget: String) -> [String] { diagnostics(fileWithWidget(widget)).map(\.message) }

    @Test func sliderLoadsWithDefaults() throws {
        let p = try #require(panel(fileWithWidget(#"{"id": "s", "type": "slider", "frame": [0, 0, 200, 200], "maximumAngle": 270}"#)))
        let spec = p.pages[0].widgets[0]
        #expect(spec.type == "slider")
        #expect(spec.number("maximumValue") == 100 && spec.number("lineWidth") == 5 && spec.number("maximumRevolutions") == -1)
        #expect(spec.string("handleType") == "largeCircle" && spec.number("handleEnlargementPoints") == 10)
        let r = try #require(panel(fileWithWidget(#"{"id": "r", "type": "rangeSlider", "frame": [0, 0, 200, 200]}"#)))
        #expect(r.pages[0].widgets[0].number("minimumHandlesDistance") == 10)
    }

    /// Knob-only keys on a slider and slider-only keys on a knob name their owner; a range
    /// slider's own keys on a plain slider too; typos still get "did you mean".
    @Test func propertiesOfAnotherTypeNameTheirOwner() {
        let onSlider = messages(#"{"id": "s", "type": "slider", "frame": [0, 0, 200, 200], "mode": "continuous"}"#)
        #expect(onSlider == ["unknown key 'mode' in slider 's'; 'mode' is a knob property, not a slider one"])
        let onKnob = messages(#"{"id": "k", "type": "knob", "frame": [0, 0, 200, 200], "maximumAngle": 270}"#)
        #expect(onKnob == ["unknown key 'maximumAngle' in knob 'k'; 'maximumAngle' is a slider/rangeSlider property, not a knob one"])
        let second = messages(#"{"id": "s", "type": "slider", "frame": [0, 0, 200, 200], "secondCurrentValue": 3}"#)
        #expect(second == ["unknown key 'secondCurrentValue' in slider 's'; 'secondCurrentValue' is a rangeSlider property, not a slider one"])
        let typo = messages(#"{"id": "s", "type": "slider", "frame": [0, 0, 200, 200], "lineWidht": 3}"#)
        #expect(typo == ["unknown key 'lineWidht' in slider 's' (did you mean 'lineWidth'?)"])
        let revs = messages(#"{"id": "r", "type": "rangeSlider", "frame": [0, 0, 200, 200], "maximumRevolutions": 3}"#)
        #expect(revs == ["unknown key 'maximumRevolutions' in rangeSlider 'r'; 'maximumRevolutions' is a slider property, not a rangeSlider one"])
    }

    @Test func constraints() {
        #expect(messages(#"{"id": "s", "type": "slider", "frame": [0, 0, 200, 200], "valueFormat": "%s"}"#)
                == [#"'valueFormat': unsupported conversion '%s'; use d, i or f (e.g. "%.1f °C")"#])
        #expect(messages(#"{"id": "s", "type": "slider", "frame": [0, 0, 200, 200], "valueFormat": "%.0f / %.0f"}"#)
                == ["'valueFormat': more than one conversion; a value format shows one number (write '%%' for a percent sign)"])
        #expect(messages(#"{"id": "s", "type": "slider", "frame": [0, 0, 200, 200], "valueFormat": "%.0f%"}"#)
                == ["'valueFormat': '%' at the end; write '%%' for a percent sign"])
        #expect(messages(#"{"id": "s", "type": "slider", "frame": [0, 0, 200, 200], "minimumValue": 100}"#)
                == ["'minimumValue' and 'maximumValue' must differ (both are 100)"])
        #expect(messages(#"{"id": "s", "type": "slider", "frame": [0, 0, 200, 200], "handleType": "image"}"#)
                == ["'handleType': 'image' needs 'handleImage'"])
        #expect(messages(#"{"id": "s", "type": "slider", "frame": [0, 0, 200, 200], "maximumAngle": 270, "maximumRevolutions": 2}"#)
                == ["'maximumRevolutions' applies only to full circles (maximumAngle 360)"])
        #expect(messages(#"{"id": "s", "type": "slider", "frame": [0, 0, 200, 200], "maximumAngle": 0}"#).count == 1)
        #expect(messages(#"{"id": "s", "type": "slider", "frame": [0, 0, 200, 200], "gradientColors": []}"#).count == 1)
    }
}
