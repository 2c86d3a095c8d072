import Testing
@testable import PanelLayout

/// The checker covers button, toggle, segmented and the label's new keys like the knob's;
/// touch targets under 9 mm are warnings.
@Suite struct ControlTypeTests {
    @Test func newControlsLoad() throws {
        let p = try #require(panel(#"""
        {"panel": "T", "size": [800, 480], "physicalSize": [154.2, 85.9], "pages": [{"id": "p", "widgets": [
        {"id": "b", "type": "button", "title": "+", "repeat": true, "frame": [0, 0, 80, 80]},
        {"id": "t", "type": "toggle", "title": "Fan", "on": true, "frame": [100, 0, 200, 80]},
        {"id": "s", "type": "segmented", "titles": ["A", "B", "C"], "index": 2, "frame": [0, 100, 300, 80]},
        {"id": "l", "type": "label", "bind": "s", "frame": [0, 200, 300, 40]}
        ]}]}
        """#))
        #expect(p.physicalSize?.width == 154.2)
        #expect(p.pages[0].widgets.map(\.type) == ["button", "toggle", "segmented", "label"])
    }

    @Test(arguments: [
        (#"{"id": "b", "type": "button", "frame": [0, 0, 80, 80]}"#, "missing required key 'title' in button 'b' (or give 'icon')"),
        (#"{"id": "t", "type": "toggle", "frame": [0, 0, 80, 80]}"#, "missing required key 'title' in toggle 't'"),
        (#"{"id": "s", "type": "segmented", "titles": ["A"], "frame": [0, 0, 80, 80]}"#, "'titles'"),
        (#"{"id": "s", "type": "segmented", "titles": ["A", "B"], "index": 2, "frame": [0, 0, 80, 80]}"#, "'index' 2 is out of range: there are 2 titles (0…1)"),
        (#"{"id": "l", "type": "label", "frame": [0, 0, 80, 80]}"#, "missing required key 'text' in label 'l' (or give 'bind')"),
        (#"{"id": "l", "type": "label", "text": "x", "valueFormat": "%d", "frame": [0, 0, 80, 80]}"#, "'valueFormat' needs 'bind'"),
        (#"{"id": "l", "type": "label", "bind": "volume", "frame": [0, 0, 80, 80]}"#, "'bind': no widget 'volume' in this panel"),
        (#"{"id": "b", "type": "button", "title": "x", "positions": 3, "frame": [0, 0, 80, 80]}"#, "unknown key 'positions' in button 'b'"),
        (#"{"id": "k", "type": "knob", "ticks": 1, "frame": [0, 0, 80, 80]}"#, "'ticks': 1 tick cannot mark a scale"),
    ])
    func badControlsAreReported(widget: String, message: String) {
        let d = diagnostics(fileWithWidget(widget))
        #expect(d.contains { $0.message.contains(message) }, "\(d)")
    }

    /// 800×480 design on a 154×86 mm 7-inch screen: min(154/800, 86/480) = 0.179 mm per design
    /// pixel, so 9 mm is 50.2 design pixels. A 40-pixel button is 7.2 mm (warned), an 80-pixel
    /// one 14.3 mm; a segmented control 300 wide with 3 titles has 100-pixel segments, but 45
    /// high: 8.1 mm (warned). Labels take no touches.
    @Test func smallTouchTargetsWarn() throws {
        let p = try #require(panel(#"""
        {"panel": "T", "size": [800, 480], "pages": [{"id": "p", "widgets": [
        {"id": "small", "type": "button", "title": "+", "frame": [0, 0, 40, 40]},
        {"id": "big", "type": "button", "title": "+", "frame": [100, 0, 80, 80]},
        {"id": "seg", "type": "segmented", "titles": ["A", "B", "C"], "frame": [0, 100, 300, 45]},
        {"id": "note", "type": "label", "text": "tiny", "frame": [0, 200, 10, 10]}
        ]}]}
        """#))
        let w = TouchTargets.warnings(p, screenMM: (154, 86))
        #expect(w.map(\.isWarning) == [true, true])
        #expect(w.first?.description == "t.json:2:1: warning: button 'small' is a 7.2 mm touch target on a 154×86 mm screen; at least 9 mm is recommended (make it at least 51 design pixels)")
        #expect(w.last?.message.hasPrefix("segmented 'seg' is a 8.1 mm") == true)
        #expect(TouchTargets.warnings(p, screenMM: (308, 172)).isEmpty)   // a 14-inch screen: all ≥ 14 mm
    }
}
