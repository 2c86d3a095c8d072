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
        (#"{"id": "l", "type": "label", "frame": [0, 0, 80, 80]}"#, "missing required key 'text' in label 'l' (or give 'bind' or 'icon')"),
        (#"{"id": "l", "type": "label", "text": "x", "valueFormat": "%d", "frame": [0, 0, 80, 80]}"#, "'valueFormat' needs 'bind'"),
        (#"{"id": "l", "type": "label", "bind": "volume", "frame": [0, 0, 80, 80]}"#, "'bind': no widget 'volume' in this panel"),
        (#"{"id": "b", "type": "button", "title": "x", "positions": 3, "frame": [0, 0, 80, 80]}"#, "unknown key 'positions' in button 'b'"),
        (#"{"id": "k", "type": "knob", "ticks": 1, "frame": [0, 0, 80, 80]}"#, "'ticks': 1 tick cannot mark a scale"),
    ])
    func badControlsAreReported(widget: String, message: String) {
        let d = diagnostics(fileWithWidget(widget))
        #expect(d.contains { $0.message.contains(message) }, "\(d)")
    }
}
