import Testing
@testable import PanelLayout

/// The `screen` object: defaults that change nothing, null for never, checked bounds.
@Suite struct ScreenLayoutTests {
    @Test func absentScreenNeverDims() throws {
        let p = try #require(panel(#"{"panel": "S", "size": [800, 480], "pages": [{"id": "a"}]}"#))
        #expect(p.screen == ScreenSettings())
        #expect(p.screen.dimAfter == nil && p.screen.offAfter == nil && p.screen.wakeOnTouch && p.screen.dimLevel == 0.3)
    }

    @Test func screenRulesLoad() throws {
        let p = try #require(panel("""
        {"panel": "S", "size": [800, 480], "screen": {"dimAfter": 60, "dimLevel": 0.25, "offAfter": null, "wakeOnTouch": false},
         "pages": [{"id": "a"}]}
        """))
        #expect(p.screen == ScreenSettings(dimAfter: 60, dimLevel: 0.25, offAfter: nil, wakeOnTouch: false))
    }

    @Test func screenErrors() {
        let d = diagnostics("""
        {"panel": "S", "size": [800, 480], "pages": [{"id": "a"}],
        "screen": {"dimAfter": "60", "offAfter": 0, "dimLevel": 1.5, "wake": true}}
        """).map(\.description)
        #expect(d.contains { $0.contains("t.json:2:24: error: 'dimAfter': expected a number or null, found a string") })
        #expect(d.contains { $0.contains("2:42: error: 'offAfter': 0 is out of range") })
        #expect(d.contains { $0.contains("'dimLevel': 1.5 is out of range") })
        #expect(d.contains { $0.contains("unknown key 'wake' in screen") })
    }
}
